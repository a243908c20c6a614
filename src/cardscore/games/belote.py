"""Belote and coinche (RULES.md §2): four players in two fixed teams, one module for both.

Both games count a round the same way — card points, dix de der, belote-rebelote,
announcements, capot — and differ only in how the two team totals become scores
(:class:`BeloteGame`: made / dedans / litige; :class:`CoincheGame`: a contract, coinché or
not).  The registry exposes them as :data:`BELOTE` and :data:`COINCHE`.

Teams are referred to by index in stored inputs: team 0 = players 1 & 3, team 1 = players
2 & 4.  Scores are keyed by the team names of ``table.teams``.

>>> players = ("Ann", "Bob", "Cyd", "Dan")
>>> table = Table("belote", players, BeloteParams(), default_team_names(players))
>>> raw = {"taker": "ann", "trump": "coeur", "points": "82", "dix_de_der": "taker",
...        "belote": "cyd", "announce": ["bob:20"]}
>>> inp = BELOTE.build_round(raw, table, 1)
>>> inp["taker"], inp["trump"], inp["points"], inp["dix_de_der"], inp["belote"]
('Ann', 'hearts', 82, 0, 0)
>>> inp["announces"], inp["capot"]
([[1, 20]], None)
>>> BELOTE.score(inp, table, 1, None).scores
{'Ann & Cyd': 112, 'Bob & Dan': 90}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardscore.games.base import (
    Choice,
    Field,
    InputError,
    Outcome,
    RoundResult,
    Table,
    check_names,
    fold,
    is_given,
    param_field,
    parse_int,
    pick_choice,
    reject_inapplicable,
)
from cardscore.i18n import msg

# --------------------------------------------------------------------------------------------
# Parameters


@dataclass(frozen=True)
class _CardParams:
    """What both games share: how many points the cards and a capot are worth, the target."""

    sans_atout_ace: int = param_field(
        11,
        "value of an ace in sans atout: 11 (maison: cards 120, round 130) "
        "or 19 (official: cards 152, round 162)",
    )
    capot_made_value: int = param_field(
        252, "what a capot team counts instead of its cards and dix de der (trump, tout atout)"
    )
    capot_sans_atout: int = param_field(
        220, "what a capot team counts in sans atout (maison 220 = 120 + 100)"
    )
    target: int = param_field(1000, "the game ends after the round in which a team reaches it")


@dataclass(frozen=True)
class BeloteParams(_CardParams):
    """Rule parameters of classic belote (RULES.md §2.1).

    >>> BeloteParams().litige, BELOTE.presets["official"].sans_atout_ace
    (True, 19)
    """

    litige: bool = param_field(
        True, "a tie holds the taker's points for the next round's winner (off: a tie is dedans)"
    )
    dedans_announcements: str = param_field(
        "all",
        "announcements the defence scores when the taker is dedans: "
        "all (both teams') or own (its own; the taker's are lost)",
        choices=("all", "own"),
    )
    litige_belote: str = param_field(
        "kept",
        "the taker team's belote in a litige: kept (it scores at once, only the rest of its "
        "total is held) or held (held with the rest)",
        choices=("kept", "held"),
    )

    # What a file saved before a parameter existed meant: litige-belote did not exist and
    # the taker team's whole total, belote included, was held.
    FORMERLY: ClassVar[Mapping[str, Any]] = {"litige_belote": "held"}


@dataclass(frozen=True)
class CoincheParams(_CardParams):
    """Rule parameters of coinche (RULES.md §2.2).

    >>> p = COINCHE.presets["official"]
    >>> p.rounding, p.capot_made_value, p.capot_base, p.target
    (True, 250, 250, 2000)
    """

    target: int = param_field(2000, "the game ends after the round in which a team reaches it")
    rounding: bool = param_field(
        False, "round each team's own points to the nearest ten, 5 up (84 → 80, 85 → 90)"
    )
    base: int = param_field(160, "the base of a coinché, surcoinché or fallen contract's score")
    capot_base: int = param_field(
        160, "the base instead, when the contract was capot or générale or a capot was made"
    )
    coinche_announcements: str = param_field(
        "seed",
        "announcements in a coinché or fallen round: seed (they count towards the contract "
        "but score only in a made round that was not coinché) or winner (the team that wins "
        "the round also scores every announcement of both teams)",
        choices=("seed", "winner"),
    )


BELOTE_PRESETS: Mapping[str, BeloteParams] = {
    "maison": BeloteParams(),
    # The two belote rule sets differ only in the sans atout ace (RULES.md §2.1).
    "official": BeloteParams(sans_atout_ace=19, capot_sans_atout=252),
}
COINCHE_PRESETS: Mapping[str, CoincheParams] = {
    "maison": CoincheParams(),
    # A made capot counts 250 whatever the trump (RULES.md §2.2, official).
    "official": CoincheParams(
        sans_atout_ace=19,
        capot_made_value=250,
        capot_sans_atout=250,
        rounding=True,
        capot_base=250,
    ),
}

# --------------------------------------------------------------------------------------------
# Vocabulary

TRUMPS = (
    Choice("spades", "spades (pique)", aliases=("pique", "piques", "spade", "♠")),
    Choice("hearts", "hearts (cœur)", aliases=("coeur", "coeurs", "heart", "♥")),
    Choice("diamonds", "diamonds (carreau)", aliases=("carreau", "carreaux", "diamond", "♦")),
    Choice("clubs", "clubs (trèfle)", aliases=("trefle", "trefles", "club", "♣")),
    Choice("sa", "sans atout", aliases=("sans-atout", "sansatout", "no-trump", "notrump")),
    Choice("ta", "tout atout", aliases=("tout-atout", "toutatout", "all-trump", "alltrump")),
)
SANS_ATOUT, TOUT_ATOUT = "sa", "ta"

ANNOUNCE_VALUES = (20, 50, 100, 150, 200)
ANNOUNCES = (
    Choice("20", "20 (tierce)"),
    Choice("50", "50 (cinquante)"),
    Choice("100", "100 (cent, carré)"),
    Choice("150", "150 (carré de neuf)"),
    Choice("200", "200 (carré de valets)"),
)

# Contracts are stored as the int value (80…180) or the words "capot" / "generale".
CONTRACT_VALUES: Mapping[str | int, int] = {
    **{v: v for v in range(80, 181, 10)},
    "capot": 250,
    "generale": 500,
}
CONTRACTS = (
    *(Choice(str(v)) for v in range(80, 181, 10)),
    Choice("capot", "capot (250)", aliases=("250",)),
    Choice("generale", "générale (500)", aliases=("500",)),
)
LEVELS = {1: "", 2: "coinché", 4: "surcoinché"}
# The coinche level is asked as one question; --coinche and --surcoinche are its answers.
LEVEL_QUESTION = msg("Coinché or surcoinché?")

# Tout atout counts every suit on the 152 scale (38 a suit), not with the trump values
# (62 a suit, 258 in all).
TOUT_ATOUT_VALUES: Mapping[str, int] = {
    "J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0
}  # fmt: skip
# Every suit counted with the trump values: 4 × (J 20 + 9 14 + A 11 + 10 10 + K 4 + Q 3).
TRUMP_VALUES_TOTAL = 4 * (20 + 14 + 11 + 10 + 4 + 3)

TAKER_WORDS = frozenset({"taker", "attaque", "attack", "preneur"})
DEFENSE_WORDS = frozenset({"defense", "defence"})  # fold() already strips the accent of défense

LAST_TRICK, BELOTE_POINTS = 10, 20


# --------------------------------------------------------------------------------------------
# Teams


def default_team_names(players: Sequence[str]) -> tuple[str, str]:
    """Name each team after its players: players 1 & 3 against players 2 & 4.

    >>> default_team_names(("Ann", "Bob", "Cyd", "Dan"))
    ('Ann & Cyd', 'Bob & Dan')
    """
    return f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"


def team_names(table: Table) -> tuple[str, str]:
    """The table's two team names (the default ones if the session gave none)."""
    if len(table.teams) == 2:
        return table.teams[0], table.teams[1]
    return default_team_names(table.players)


def team_of(player: str, table: Table) -> int:
    """The team index of a player: 0 for seats 1 & 3, 1 for seats 2 & 4."""
    return table.players.index(player) % 2


def resolve_team(text: str, table: Table, taker_team: int, what: str) -> int:
    """The team index that ``text`` names: ``taker``/``defense``, a team or a player.

    >>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), None, ("Us", "Them"))
    >>> [resolve_team(x, t, 1, "--belote") for x in ("Taker", "défense", "cy", "them")]
    [1, 0, 0, 1]
    >>> resolve_team("Zoe", t, 1, "--belote")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: --belote: 'Zoe' matches no team or player (taker, ...)
    """
    wanted = fold(text)
    if wanted in TAKER_WORDS:
        return taker_team
    if wanted in DEFENSE_WORDS:
        return 1 - taker_team
    names = team_names(table)
    for index, name in enumerate(names):
        if fold(name) == wanted:
            return index
    if wanted and any(fold(p).startswith(wanted) for p in table.players):
        # find_player settles exact names and says which players an ambiguous prefix fits.
        return team_of(table.find_player(text, what=what), table)
    raise InputError(
        msg(
            "{what}: {text!r} matches no team or player (taker, defense, {names})",
            what=what,
            text=text,
            names=", ".join((*table.players, *names)),
        )
    )


# --------------------------------------------------------------------------------------------
# Card totals


def card_total(trump: str, params: _CardParams) -> int:
    """The card points of a round, without the dix de der.

    A suit's plain cards are worth ace + 10 + 4 + 3 + 2 = ace + 19, hence 4 × (ace + 19)
    in sans atout: 120 with the maison ace of 11, 152 with the official 19.

    >>> card_total("hearts", BeloteParams()), card_total("sa", BeloteParams())
    (152, 120)
    >>> card_total("sa", BELOTE.presets["official"])
    152
    """
    return 4 * (params.sans_atout_ace + 19) if trump == SANS_ATOUT else 152


def capot_value(trump: str, params: _CardParams) -> int:
    """What a capot team counts instead of its cards and dix de der.

    >>> capot_value("spades", BeloteParams()), capot_value("sa", BeloteParams())
    (252, 220)
    """
    return params.capot_sans_atout if trump == SANS_ATOUT else params.capot_made_value


def round_tens(points: int) -> int:
    """Round to the nearest ten, 5 up (official coinche).

    >>> [round_tens(p) for p in (84, 85, 108, 54, 0)]
    [80, 90, 110, 50, 0]
    """
    return 10 * ((points + 5) // 10)


@dataclass(frozen=True)
class Tally:
    """One team's points in a round, term by term (RULES.md §2: its total)."""

    team: str
    cards: int
    last_trick: int
    belote: int
    announces: int
    capot: bool

    @property
    def total(self) -> int:
        return self.cards + self.last_trick + self.belote + self.announces

    def line(self) -> str:
        """The breakdown line of the total, e.g. ``Us: 82 cartes + 10 dix de der = 92``."""
        terms = [
            msg("{points} capot", points=self.cards)
            if self.capot
            else msg("{points} cartes", points=self.cards)
        ]
        if self.last_trick:
            terms.append(msg("{points} dix de der", points=self.last_trick))
        if self.belote:
            terms.append(msg("{points} belote", points=self.belote))
        if self.announces:
            terms.append(msg("{points} announcements", points=self.announces))
        return msg("{team}: {terms} = {total}", team=self.team, terms=_sum(terms), total=self.total)


def _sum(terms: Sequence[str]) -> str:
    """Terms added up, ``82 cartes + 10 dix de der``: a message of messages, so that each
    term is said in the reader's language.

    >>> _sum([msg("{points} cartes", points=82), msg("{points} belote", points=20), "7"])
    '82 cartes + 20 belote + 7'
    """
    total = terms[0]
    for term in terms[1:]:
        total = msg("{sum} + {term}", sum=total, term=term)
    return total


# One team's points, term by term: (cards, dix de der, belote, announcements, capot made).
Terms = tuple[int, int, int, int, bool]


def _terms(inp: Mapping[str, Any], params: _CardParams, taker_team: int) -> tuple[Terms, Terms]:
    """Both teams' points of a stored round, term by term, team 0 first: the numbers of
    :func:`tallies`, without building a :class:`Tally` (replaying a session needs only
    the numbers)."""
    trump, points = inp["trump"], inp["points"]
    total = card_total(trump, params)
    cards0, cards1 = (points, total - points) if taker_team == 0 else (total - points, points)
    capot = inp["capot"]
    capot0, capot1 = capot == 0, capot == 1
    if capot0:
        cards0 = capot_value(trump, params)
    elif capot1:
        cards1 = capot_value(trump, params)
    # A capot's value already includes the last trick.
    last = inp["dix_de_der"]
    last0 = LAST_TRICK if last == 0 and not capot0 else 0
    last1 = LAST_TRICK if last == 1 and not capot1 else 0
    belote = inp["belote"]
    announces0 = announces1 = 0
    for team, value in inp["announces"]:
        if team == 0:
            announces0 += value
        elif team == 1:
            announces1 += value
    return (
        (cards0, last0, BELOTE_POINTS if belote == 0 else 0, announces0, capot0),
        (cards1, last1, BELOTE_POINTS if belote == 1 else 0, announces1, capot1),
    )


def tallies(inp: Mapping[str, Any], table: Table) -> tuple[Tally, Tally]:
    """Both teams' tallies of a stored round, team 0 first."""
    names = team_names(table)
    both = _terms(inp, table.params, team_of(inp["taker"], table))
    return Tally(names[0], *both[0]), Tally(names[1], *both[1])


def _tally_lines(names: Sequence[str], both: tuple[Terms, Terms]) -> list[str]:
    """The breakdown's first lines: each team's total, term by term."""
    return [Tally(names[0], *both[0]).line(), Tally(names[1], *both[1]).line()]


# --------------------------------------------------------------------------------------------
# Reading raw answers


def _option(key: str) -> str:
    return "--" + key.replace("_", "-")


def _text(raw: Mapping[str, Any], key: str) -> str | None:
    """One typed value, stripped, or None when absent."""
    value = raw.get(key)
    if not is_given(value):
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise InputError(
            msg("{option}: expects a single value, not {value!r}", option=_option(key), value=value)
        )
    return value.strip()


def _texts(raw: Mapping[str, Any], key: str) -> list[str]:
    """The values of a repeatable option (a lone string counts as one)."""
    value = raw.get(key)
    if not is_given(value):
        return []
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list | tuple) or not all(isinstance(v, str) for v in values):
        raise InputError(
            msg(
                "{option}: expects a list of values, not {value!r}",
                option=_option(key),
                value=value,
            )
        )
    return [v.strip() for v in values if v.strip()]


def _flag(raw: Mapping[str, Any], key: str) -> bool:
    value = raw.get(key)
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, str):
        folded = fold(value)
        if folded in {"", "no", "false", "off", "0", "non"}:
            return False
        if folded in {"yes", "true", "on", "1", "oui"}:
            return True
    raise InputError(msg("{option}: {value!r} is not yes or no", option=_option(key), value=value))


def _trump(text: str, *, tout_atout: bool) -> str:
    choices = TRUMPS if tout_atout else TRUMPS[:-1]
    if not tout_atout and TRUMPS[-1].matches(text):
        accepted = ", ".join(c.value for c in choices)
        raise InputError(
            msg("--trump: no tout atout in belote (accepted: {accepted})", accepted=accepted)
        )
    return pick_choice(text, choices, what="--trump")


def _contract(text: str) -> str | int:
    try:
        value = pick_choice(text, CONTRACTS, what="--contract")
    except InputError:
        raise InputError(
            msg(
                "--contract: {text!r} is not a contract "
                "(accepted: 80 to 180 by tens, capot or 250, generale or 500)",
                text=text,
            )
        ) from None
    return int(value) if value.isdigit() else value


def _quietly(read: Callable[[str], Any], raw: Mapping[str, Any], key: str) -> Any:
    """What a raw value reads as, or None when it is absent or wrong: ``applies`` must never
    raise (the error belongs to the field's own validation)."""
    try:
        text = _text(raw, key)
        return None if text is None else read(text)
    except InputError:
        return None


def _not_sans_atout(table: Table, raw: Mapping[str, Any]) -> bool:
    return _quietly(lambda t: _trump(t, tout_atout=True), raw, "trump") != SANS_ATOUT


def _points_not_given(table: Table, raw: Mapping[str, Any]) -> bool:
    return not is_given(raw.get("points"))


def _generale_contract(table: Table, raw: Mapping[str, Any]) -> bool:
    return _quietly(_contract, raw, "contract") == "generale"


def _not_coinched(table: Table, raw: Mapping[str, Any]) -> bool:
    try:
        return not _flag(raw, "coinche")
    except InputError:
        return True


# --------------------------------------------------------------------------------------------
# Fields


def _fields(*, coinche: bool) -> tuple[Field, ...]:
    team_help = "taker, defense, a player or a team"
    fields = [
        Field("taker", "player", "Who took?", "the player who took (his team is the attack)",
              required=True),
        Field("trump", "choice", "Trump?",
              "the trump: spades, hearts, diamonds, clubs, sa (sans atout)"
              + (", ta (tout atout)" if coinche else ""),
              choices=TRUMPS if coinche else TRUMPS[:-1], required=True),
    ]  # fmt: skip
    if coinche:
        fields += [
            Field("contract", "choice", "Contract?",
                  "80 to 180 by tens, capot (250) or generale (500)",
                  choices=CONTRACTS, required=True),
            Field("coinche", "flag", "coinché (×2)", "the contract was coinché (×2)",
                  asked_as=LEVEL_QUESTION),
            Field("surcoinche", "flag", "surcoinché (×4)",
                  "the contract was surcoinché (×4); instead of --coinche",
                  applies=_not_coinched,
                  unavailable="give either --coinche (×2) or --surcoinche (×4), not both",
                  asked_as=LEVEL_QUESTION),
        ]  # fmt: skip
    fields += [
        Field("points", "integer", "Card points of the taker's team (without dix de der)?",
              "card points K of the taker's team, without the dix de der"),
        Field("defense_points", "integer", "Card points of the defence (without dix de der)?",
              "the defence's card points instead of --points",
              applies=_points_not_given,
              unavailable="give either --points or --defense-points, not both"),
        Field("dix_de_der", "team", "Which team took the last trick (dix de der)?",
              f"the team that took the last trick: {team_help}"),
        Field("belote", "team", "Which team had belote-rebelote?",
              f"the team that had belote-rebelote: {team_help}",
              applies=_not_sans_atout, unavailable="no belote-rebelote in sans atout"),
        Field("announce", "team_value", "Announcements?",
              "an announcement TEAM:VALUE, VALUE among 20, 50, 100, 150, 200 (repeatable)",
              choices=ANNOUNCES),
        Field("capot", "team", "Which team took every trick (capot)?",
              f"the team that took every trick: {team_help}"),
    ]  # fmt: skip
    if coinche:
        fields.append(
            Field("generale_made", "flag", "Did the taker alone take every trick (générale)?",
                  "the taker alone took every trick (a générale contract made)",
                  option="--generale-made", applies=_generale_contract,
                  unavailable="only with a générale contract (--contract generale)"),
        )  # fmt: skip
    return tuple(fields)


# --------------------------------------------------------------------------------------------
# The games


class _CardGame:
    """What belote and coinche share: players, teams, reading a round, the end of a game."""

    name: str
    params_cls: type
    presets: Mapping[str, Any]
    fields: tuple[Field, ...]
    default_preset = "maison"
    min_players = max_players = 4
    lower_wins = False
    # The session names new teams with it (and lets the user rename them).
    default_team_names = staticmethod(default_team_names)

    def check_players(self, players: Sequence[str], params: Any) -> None:
        if len(players) != 4:
            raise InputError(
                msg(
                    "{game} is played by 4 players in two teams (got {count})",
                    game=self.name,
                    count=len(players),
                )
            )
        check_names(players)

    def summary(self, params: Any) -> tuple[str, ...]:
        """The rules in a few sentences (``cardscore rules belote``)."""
        lines = [
            msg(
                "A round with trumps is worth 162 (152 in the cards, 10 for the last trick); "
                "in sans atout the ace is worth {ace} and a round {sans_atout}. "
                "Belote-rebelote 20, announcements 20 to 200, a capot {capot}.",
                ace=params.sans_atout_ace,
                sans_atout=4 * (params.sans_atout_ace + 19) + 10,
                capot=params.capot_made_value,
            ),
        ]
        if self.name == "belote":
            lines.append(
                msg(
                    "The taker's team must score more than the defence; otherwise it "
                    "is dedans and the defence takes the whole round."
                )
            )
            if params.litige:
                lines.append(
                    msg(
                        "A tie is a litige: the defence scores its points, the "
                        "taker's wait for the winner of the next round."
                    )
                )
                if params.litige_belote == "kept":
                    lines.append(
                        msg(
                            "Belote-rebelote is never held: in a litige the taker's team "
                            "scores its belote at once, only the rest waits."
                        )
                    )
        else:
            lines.append(
                msg(
                    "The taker's team must reach its contract (80 to 180, capot, générale) and "
                    "score more than the defence. Made: its points plus the contract; coinché or "
                    "surcoinché: ({base} + contract) × 2 or × 4. Fallen: the defence scores "
                    "{base} + the contract, × the coinche.",
                    base=params.base,
                )
            )
            if params.rounding:
                lines.append(msg("Each team's points are rounded to the ten (5 up)."))
            lines.append(
                msg(
                    "Announcements count towards the contract; they score only in a made "
                    "contract that was not coinché."
                )
                if params.coinche_announcements == "seed"
                else msg(
                    "Announcements count towards the contract; in a coinché or fallen round "
                    "the team that wins it also scores every announcement of both teams."
                )
            )
            v = TOUT_ATOUT_VALUES
            lines.append(
                msg(
                    "Tout atout counts every suit on the 152 scale: J {jack}, 9 {nine}, "
                    "A {ace}, 10 {ten}, K {king}, Q {queen}, 8 and 7 {low} ({suit} a suit); "
                    "a table that counts the {trumps} points of the trump values ({cards} in "
                    "the cards + 10 dix de der) must convert its count to this scale.",
                    jack=v["J"],
                    nine=v["9"],
                    ace=v["A"],
                    ten=v["10"],
                    king=v["K"],
                    queen=v["Q"],
                    low=v["8"],
                    suit=sum(v.values()),
                    trumps=TRUMP_VALUES_TOTAL + LAST_TRICK,
                    cards=TRUMP_VALUES_TOTAL,
                )
            )
        lines.append(
            msg(
                "The game ends when a team reaches {target}; the higher total wins.",
                target=params.target,
            )
        )
        return tuple(lines)

    def goal(self, table: Table) -> int | None:
        return int(table.params.target)

    def columns(self, table: Table) -> tuple[str, ...]:
        return team_names(table)

    def sitting_out(self, table: Table, number: int) -> str | None:
        return None

    def outcome(self, table: Table, totals: Mapping[str, int]) -> Outcome:
        """Over once a team reached the target and the totals differ; the higher wins.

        >>> t = Table("belote", ("A", "B", "C", "D"), BeloteParams(), ("AC", "BD"))
        >>> BELOTE.outcome(t, {"AC": 1010, "BD": 990}), BELOTE.outcome(t, {"AC": 1000, "BD": 1000})
        (Outcome(finished=True, winner='AC'), Outcome(finished=False, winner=None))
        """
        names = team_names(table)
        a, b = (totals.get(n, 0) for n in names)
        if max(a, b) < table.params.target or a == b:
            return Outcome()
        return Outcome(finished=True, winner=names[0] if a > b else names[1])

    def build_round(self, raw: Mapping[str, Any], table: Table, number: int) -> dict[str, Any]:
        """Validate raw answers; see the module docstring for the stored shape."""
        keys = {f.key for f in self.fields}
        for key, value in raw.items():
            if key not in keys and is_given(value):
                raise InputError(
                    msg("{option}: not an option of {game}", option=_option(key), game=self.name)
                )
        reject_inapplicable(self.fields, raw, table)

        taker_text = _text(raw, "taker")
        if taker_text is None:
            raise InputError(
                msg("--taker: who took is needed ({players})", players=", ".join(table.players))
            )
        taker = table.find_player(taker_text, what="--taker")
        taker_team = team_of(taker, table)
        trump_text = _text(raw, "trump")
        if trump_text is None:
            accepted = ", ".join(c.value for c in self.fields[1].choices)
            raise InputError(msg("--trump: the trump is needed ({accepted})", accepted=accepted))
        trump = _trump(trump_text, tout_atout=self.name == "coinche")
        total = card_total(trump, table.params)
        extra = self._extra(raw)  # the coinche fields, read early: --generale-made implies a capot

        def team(key: str) -> int | None:
            text = _text(raw, key)
            return None if text is None else resolve_team(text, table, taker_team, _option(key))

        capot = team("capot")
        if extra.get("generale_made"):
            if capot not in (None, taker_team):
                raise InputError(
                    msg("--generale-made: the taker took every trick, so --capot must be his team")
                )
            capot = taker_team
        capot_by = "--generale-made" if extra.get("generale_made") else "--capot"
        points = self._points(raw, trump, total, taker_team, capot, capot_by)
        dix_de_der = team("dix_de_der")
        if capot is not None and dix_de_der not in (None, capot):
            raise InputError(
                msg("--capot: the capot team took the last trick too (see --dix-de-der)")
            )
        if capot is None and dix_de_der is None:
            raise InputError(
                msg(
                    "--dix-de-der: the team that took the last trick is needed "
                    "(taker, defense, a player or a team)"
                )
            )
        announces = []
        for text in _texts(raw, "announce"):
            name, sep, value = text.rpartition(":")
            if not sep or not name.strip() or not value.strip():
                raise InputError(
                    msg("--announce: {text!r} is not TEAM:VALUE (e.g. taker:50)", text=text)
                )
            accepted = ", ".join(map(str, ANNOUNCE_VALUES))
            if not any(c.matches(value) for c in ANNOUNCES):
                raise InputError(
                    msg(
                        "--announce: {value!r} is not an announcement value (accepted: {accepted})",
                        value=value.strip(),
                        accepted=accepted,
                    )
                )
            announces.append(
                [resolve_team(name, table, taker_team, "--announce"), int(fold(value))]
            )
        inp: dict[str, Any] = {"taker": taker, "trump": trump}
        if "contract" in extra:
            inp |= {"contract": extra["contract"], "coinche": extra["coinche"]}
        inp |= {
            "points": points,
            "dix_de_der": capot if capot is not None else dix_de_der,
            "belote": team("belote"),
            "announces": announces,
            "capot": capot,
        }
        if "generale_made" in extra:
            inp["generale_made"] = extra["generale_made"]
        return inp

    def _extra(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """The game's own fields, validated (none for belote)."""
        return {}

    @staticmethod
    def _points(
        raw: Mapping[str, Any],
        trump: str,
        total: int,
        taker_team: int,
        capot: int | None,
        capot_by: str,
    ) -> int:
        """The taker team's card points K, typed, converted from the defence's, or implied
        by a capot (given by ``capot_by``); a capot team must hold them all."""

        def too_many(option: str, value: int) -> str:
            if trump == SANS_ATOUT:
                return msg(
                    "{option}: {value} is more than the {total} card points of a sans atout round",
                    option=option,
                    value=value,
                    total=total,
                )
            if trump == TOUT_ATOUT:
                return msg(
                    "{option}: {value} is more than the {total} card points of a tout atout round",
                    option=option,
                    value=value,
                    total=total,
                )
            return msg(
                "{option}: {value} is more than the {total} card points of a trump round",
                option=option,
                value=value,
                total=total,
            )

        def read(key: str) -> int | None:
            text = _text(raw, key)
            if text is None:
                return None
            value = parse_int(text, what=_option(key))
            if value > total:
                raise InputError(too_many(_option(key), value))
            if value < 0:
                raise InputError(
                    msg(
                        "{option}: {value} is not a number of card points (0 to {total})",
                        option=_option(key),
                        value=value,
                        total=total,
                    )
                )
            return value

        points, defense = read("points"), read("defense_points")
        if points is None and defense is not None:
            points = total - defense
        if capot is None:
            if points is None:
                raise InputError(
                    msg(
                        "--points: the taker team's card points are needed "
                        "(--points K or --defense-points K, 0 to {total})",
                        total=total,
                    )
                )
            return points
        implied = total if capot == taker_team else 0
        if points is not None and points != implied:
            raise InputError(
                msg(
                    "{option}: a capot team holds all {total} card points "
                    "(the taker's team has {points}, the defence {defense})",
                    option=capot_by,
                    total=total,
                    points=points,
                    defense=total - points,
                )
            )
        return implied


class BeloteGame(_CardGame):
    """Classic belote: made, dedans or litige (RULES.md §2.1)."""

    name = "belote"
    params_cls = BeloteParams
    presets = BELOTE_PRESETS
    fields = _fields(coinche=False)

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        """Score a round; ``carry`` is the points held by earlier litiges (an int or None).
        Without ``explain``, the numbers only (an empty breakdown).

        >>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), BeloteParams(), ("AC", "BD"))
        >>> r = BELOTE.score({"taker": "Ann", "trump": "spades", "points": 71, "dix_de_der": 0,
        ...                   "belote": None, "announces": [], "capot": None}, t, 1, None)
        >>> r.scores, r.held, r.breakdown[-1]
        ({'AC': 0, 'BD': 81}, 81, 'litige: 81 held for the next round')
        """
        params: BeloteParams = table.params
        held = carry if isinstance(carry, int) and not isinstance(carry, bool) else 0
        names = team_names(table)
        taker_team = team_of(inp["taker"], table)
        both = _terms(inp, params, taker_team)
        taker, defense = names[taker_team], names[1 - taker_team]
        cards, last, taker_belote, taker_announces, _ = both[taker_team]
        taker_total = cards + last + taker_belote + taker_announces
        cards, last, defense_belote, defense_announces, defense_capot = both[1 - taker_team]
        defense_total = cards + last + defense_belote + defense_announces
        lines = _tally_lines(names, both) if explain else None
        if taker_total > defense_total:
            if lines is not None:
                lines.append(
                    msg(
                        "contrat fait: {taker} > {defense}, each team scores its total",
                        taker=taker_total,
                        defense=defense_total,
                    )
                )
            scores = {taker: taker_total, defense: defense_total}
            winner = taker
        elif taker_total == defense_total and params.litige:
            # Belote-rebelote is never held (unless the table holds it): it scores at once.
            kept = taker_belote if params.litige_belote == "kept" else 0
            rest = taker_total - kept
            scores = {taker: kept, defense: defense_total}
            pot = held + rest
            if lines is not None:
                lines.append(
                    msg(
                        "litige: {taker} = {defense}, {defense_team} score their total",
                        taker=taker_total,
                        defense=defense_total,
                        defense_team=defense,
                    )
                    if kept
                    else msg(
                        "litige: {taker} = {defense}, {defense_team} score their total, "
                        "{taker_team} 0",
                        taker=taker_total,
                        defense=defense_total,
                        defense_team=defense,
                        taker_team=taker,
                    )
                )
                if kept and held:
                    lines.append(
                        msg(
                            "litige: {team} score their belote ({belote}) now; the rest, "
                            "{rest} + {held} already held = {pot}, is held for the next round",
                            team=taker,
                            belote=kept,
                            rest=rest,
                            held=held,
                            pot=pot,
                        )
                    )
                elif kept:
                    lines.append(
                        msg(
                            "litige: {team} score their belote ({belote}) now; the rest, "
                            "{rest}, is held for the next round",
                            team=taker,
                            belote=kept,
                            rest=rest,
                        )
                    )
                else:
                    lines.append(
                        msg(
                            "litige: {taker} + {held} already held = {pot} held for the next round",
                            taker=taker_total,
                            held=held,
                            pot=pot,
                        )
                        if held
                        else msg("litige: {pot} held for the next round", pot=pot)
                    )
            return RoundResult(
                scores if taker_team == 0 else _ordered(scores, names),
                () if lines is None else tuple(lines),
                carry=pot,
                held=pot,
            )
        else:
            trump = inp["trump"]
            round_points = (
                capot_value(trump, params)
                if defense_capot
                else (card_total(trump, params) + LAST_TRICK)
            )
            announces = defense_announces
            if params.dedans_announcements == "all":
                announces += taker_announces
            scores = {taker: taker_belote, defense: round_points + defense_belote + announces}
            winner = defense
            if lines is not None:
                sign = "<" if taker_total < defense_total else "="
                lines.append(
                    msg(
                        "dedans: {taker} {sign} {defense}, the defence takes all",
                        taker=taker_total,
                        sign=sign,
                        defense=defense_total,
                    )
                )
                terms = [
                    msg("{points} capot", points=round_points)
                    if defense_capot
                    else msg("{points} round", points=round_points)
                ]
                if defense_belote:
                    terms.append(msg("{points} belote", points=defense_belote))
                if announces:
                    terms.append(msg("{points} announcements", points=announces))
                lines.append(
                    msg(
                        "{team}: {terms} = {total}",
                        team=defense,
                        terms=_sum(terms),
                        total=scores[defense],
                    )
                )
                lines.append(
                    msg("{team}: only their belote = {belote}", team=taker, belote=taker_belote)
                )
        if held:
            before = scores[winner]
            scores[winner] += held
            if lines is not None:
                lines.append(
                    msg(
                        "held: {winner} collect the {held} held, {before} + {held} = {total}",
                        winner=winner,
                        held=held,
                        before=before,
                        total=scores[winner],
                    )
                )
        return RoundResult(
            scores if taker_team == 0 else _ordered(scores, names),
            () if lines is None else tuple(lines),
            carry=0,
            held=0,
        )


class CoincheGame(_CardGame):
    """Coinche: a contract to reach, maybe coinché or surcoinché (RULES.md §2.2).

    Capot and générale contracts: a capot contract is made iff ``capot`` is the taker's
    team, a générale iff ``generale_made`` (which implies the taker's team's capot).  Card
    points and the dix de der are entered for them as for any round (a capot implies both).
    """

    name = "coinche"
    params_cls = CoincheParams
    presets = COINCHE_PRESETS
    fields = _fields(coinche=True)

    def _extra(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        text = _text(raw, "contract")
        if text is None:
            raise InputError(
                msg("--contract: the contract is needed (80 to 180 by tens, capot or generale)")
            )
        contract = _contract(text)
        coinche, surcoinche = _flag(raw, "coinche"), _flag(raw, "surcoinche")
        if coinche and surcoinche:
            raise InputError(msg("--surcoinche: give either --coinche (×2) or --surcoinche (×4)"))
        generale_made = _flag(raw, "generale_made")
        if generale_made and contract != "generale":
            raise InputError(
                msg("--generale-made: only with a générale contract (--contract generale)")
            )
        return {
            "contract": contract,
            "coinche": 4 if surcoinche else 2 if coinche else 1,
            "generale_made": generale_made,
        }

    def second_thoughts(self, inp: Mapping[str, Any], table: Table) -> tuple[tuple[str, str], ...]:
        """The questions worth asking again once a whole round is known, each with why:
        ``(field key, explanation)`` pairs (the interactive flow asks them once more).

        A capot or générale contract whose team holds every card point and the last trick
        but has no capot: was the capot forgotten?"""
        if not _capot_unclaimed(inp, table):
            return ()
        why = msg(
            "{team} hold all {total} card points and the last trick, but no capot was given: "
            "without it the round is scored as not capot (the defence may have won a trick "
            "of no points). Did {team} take every trick?",
            team=team_names(table)[team_of(inp["taker"], table)],
            total=inp["points"],
        )
        return (("capot", why),)

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        """Score a round (coinche has no litige: nothing is ever held).  Without
        ``explain``, the numbers only (an empty breakdown).

        >>> t = Table("coinche", ("Ann", "Bob", "Cyd", "Dan"), CoincheParams(), ("AC", "BD"))
        >>> r = COINCHE.score({"taker": "Ann", "trump": "hearts", "contract": 100, "coinche": 2,
        ...                    "points": 98, "dix_de_der": 0, "belote": None, "announces": [],
        ...                    "capot": None, "generale_made": False}, t, 1, None)
        >>> r.scores, r.breakdown[-2]
        ({'AC': 520, 'BD': 0}, 'AC: (160 + 100) × 2 coinché = 520')
        """
        params: CoincheParams = table.params
        names = team_names(table)
        taker_team = team_of(inp["taker"], table)
        both = _terms(inp, params, taker_team)
        taker, defense = names[taker_team], names[1 - taker_team]
        cards, last, taker_belote, taker_announces, _ = both[taker_team]
        taker_total = cards + last + taker_belote + taker_announces
        cards, last, defense_belote, defense_announces, _ = both[1 - taker_team]
        defense_total = cards + last + defense_belote + defense_announces
        contract, k = inp["contract"], inp["coinche"]
        value = CONTRACT_VALUES[contract]
        if contract == "capot":
            made = inp["capot"] == taker_team
        elif contract == "generale":
            made = inp["generale_made"]
        else:
            made = taker_total >= value and taker_total > defense_total
        lines = None
        if explain:
            lines = _tally_lines(names, both)
            level = f" {LEVELS[k]}" if k > 1 else ""
            test = self._test(inp, contract, made, taker, taker_total, defense_total, value)
            # The contract and its level are game terms, French in every language.
            name = f"{'générale' if contract == 'generale' else contract}{level}"
            lines.append(
                msg("contrat fait: {contract}, {test}", contract=name, test=test)
                if made
                else msg("dedans: {contract}, {test}", contract=name, test=test)
            )
            if _capot_unclaimed(inp, table):
                lines.append(
                    msg(
                        "warning: {team} hold all {total} card points and the last trick, "
                        "but no capot was given: scored as not capot (the defence may have "
                        "won a trick of no points)",
                        team=taker,
                        total=inp["points"],
                    )
                )
        # Official rules score a capot contract, a générale or a made capot on a larger base.
        special = contract in ("capot", "generale") or inp["capot"] is not None
        base = params.capot_base if special else params.base
        if made and k == 1:
            scores = {
                taker: self._own(taker, taker_total, params, lines, plus=value),
                defense: self._own(defense, defense_total, params, lines),
            }
            first = taker_team
        else:
            if made:
                winner, winner_belote, loser, loser_belote = (
                    taker,
                    taker_belote,
                    defense,
                    defense_belote,
                )
                first = taker_team
            else:
                winner, winner_belote, loser, loser_belote = (
                    defense,
                    defense_belote,
                    taker,
                    taker_belote,
                )
                first = 1 - taker_team
            bonus = (base + value) * k
            # The seed's formulas leave the announcements out; a table may give them all
            # to the round's winner.
            winner_takes = params.coinche_announcements == "winner"
            announces = taker_announces + defense_announces if winner_takes else 0
            scores = {winner: bonus + winner_belote + announces, loser: loser_belote}
            if lines is not None:
                # Sheer arithmetic (and the level, a game term): nothing to translate.
                terms: list[str] = [
                    f"({base} + {value}) × {k}{level}" if k > 1 else f"{base} + {value}"
                ]
                if winner_belote:
                    terms.append(msg("{points} belote", points=winner_belote))
                if announces:
                    terms.append(msg("{points} announcements", points=announces))
                lines.append(
                    msg(
                        "{team}: {terms} = {total}",
                        team=winner,
                        terms=_sum(terms),
                        total=scores[winner],
                    )
                )
                if not winner_takes:
                    for team, points in inp["announces"]:
                        lines.append(
                            msg(
                                "announcement {points} ({team}): not scored, "
                                "the contract was {level}",
                                points=points,
                                team=names[team],
                                level=LEVELS[k],
                            )
                            if made
                            else msg(
                                "announcement {points} ({team}): not scored, the contract fell",
                                points=points,
                                team=names[team],
                            )
                        )
                lines.append(
                    msg("{team}: only their belote = {belote}", team=loser, belote=loser_belote)
                )
        return RoundResult(
            scores if first == 0 else _ordered(scores, names),
            () if lines is None else tuple(lines),
            carry=0,
            held=0,
        )

    @staticmethod
    def _test(
        inp: Mapping[str, Any],
        contract: str | int,
        made: bool,
        taker: str,
        taker_total: int,
        defense_total: int,
        value: int,
    ) -> str:
        """Why the contract is made or not, for the breakdown."""
        if contract == "capot":
            return (
                msg("{team} took every trick", team=taker)
                if made
                else msg("{team} did not take every trick", team=taker)
            )
        if contract == "generale":
            return (
                msg("{taker} took every trick alone", taker=inp["taker"])
                if made
                else msg("{taker} did not take every trick alone", taker=inp["taker"])
            )
        return msg(
            "{taker} {vs_contract} {contract} and {taker} {vs_defense} {defense}",
            taker=taker_total,
            vs_contract="≥" if taker_total >= value else "<",
            contract=value,
            vs_defense=">" if taker_total > defense_total else "≤",
            defense=defense_total,
        )

    @staticmethod
    def _own(
        team: str, total: int, params: CoincheParams, lines: list[str] | None, plus: int = 0
    ) -> int:
        """A team's own total (rounded under official rules), plus its contract if any."""
        points = round_tens(total) if params.rounding else total
        if lines is not None:
            shown = (
                str(total)
                if points == total
                else msg("{total} rounded to {points}", total=total, points=points)
            )
            if plus:
                lines.append(
                    msg(
                        "{team}: {shown} + {contract} contrat = {total}",
                        team=team,
                        shown=shown,
                        contract=plus,
                        total=points + plus,
                    )
                )
            else:
                lines.append(
                    msg(
                        "{team}: their total {shown} = {points}",
                        team=team,
                        shown=shown,
                        points=points,
                    )
                )
        return points + plus


def _capot_unclaimed(inp: Mapping[str, Any], table: Table) -> bool:
    """Whether a capot or générale contract's team holds all the card points and the last
    trick while no capot was given: the defence may have won a trick of no points, or the
    capot was forgotten.

    >>> t = Table("coinche", ("Ann", "Bob", "Cyd", "Dan"), CoincheParams(), ("AC", "BD"))
    >>> inp = {"taker": "Ann", "trump": "hearts", "contract": "capot", "points": 152,
    ...        "dix_de_der": 0, "capot": None}
    >>> _capot_unclaimed(inp, t), _capot_unclaimed({**inp, "capot": 0}, t)
    (True, False)
    """
    taker_team = team_of(inp["taker"], table)
    return (
        inp.get("contract") in ("capot", "generale")
        and inp["capot"] is None
        and inp["dix_de_der"] == taker_team
        and inp["points"] == card_total(inp["trump"], table.params)
    )


def _ordered(scores: Mapping[str, int], names: Sequence[str]) -> dict[str, int]:
    """Scores in column order (the team names), so that every result lists the teams the
    same way."""
    return {name: scores[name] for name in names}


BELOTE = BeloteGame()
COINCHE = CoincheGame()
