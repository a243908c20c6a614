"""The description of a belote or coinche round: its fields (the questions, the ``add``
options, the words of the one-line grammar), their choices with the aliases a table types in
English, French and Norwegian, the words for the two sides, and the small predicates that say
when a field applies.  Reading a whole round is :mod:`.reading`'s.

>>> [f.key for f in BELOTE_FIELDS]
['taker', 'trump', 'belote', 'announce', 'capot', 'points', 'defense_points', 'dix_de_der']
>>> trump_named("Coeur", tout_atout=False), contract_named("générale")
(<Trump.HEARTS: 'hearts'>, <Special.GENERALE: 'generale'>)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardscore.games.base import (
    Choice,
    Field,
    FieldKind,
    InputError,
    Table,
    Words,
    about,
    fold,
    pick_choice,
    said_values,
)
from cardscore.games.belote.record import Special, Trump
from cardscore.games.belote.rules import (
    ANNOUNCE_VALUES,
    CAPOT_CONTRACT,
    GENERALE_CONTRACT,
    HIGHEST_CONTRACT,
    LOWEST_CONTRACT,
    NUMBERED_CONTRACTS,
    TRUMP_OF,
    team_names,
    team_of,
)
from cardscore.games.reading import read_answers
from cardscore.i18n import msg

# --------------------------------------------------------------------------------------------
# The choices: trumps, announcements, contracts

# Aliases in English, French and Norwegian (spar, hjerter, ruter, kløver; uten/alt trumf).
TRUMPS = (
    Choice(Trump.SPADES, "spades (pique)", aliases=("pique", "piques", "spade", "♠", "spar"),
           word=msg("spades")),
    Choice(Trump.HEARTS, "hearts (cœur)", aliases=("coeur", "coeurs", "heart", "♥", "hjerter"),
           word=msg("hearts")),
    Choice(Trump.DIAMONDS, "diamonds (carreau)",
           aliases=("carreau", "carreaux", "diamond", "♦", "ruter"), word=msg("diamonds")),
    Choice(Trump.CLUBS, "clubs (trèfle)",
           aliases=("trefle", "trefles", "club", "♣", "kløver", "klover"), word=msg("clubs")),
    # "sans" and "uten" alone are sans atout, "atout" alone tout atout (what a table says)
    Choice(Trump.SANS_ATOUT, "sans atout",
           aliases=("sans-atout", "sansatout", "no-trump", "notrump", "uten-trumf", "sans",
                    "uten")),
    Choice(Trump.TOUT_ATOUT, "tout atout",
           aliases=("tout-atout", "toutatout", "all-trump", "alltrump", "alt-trumf", "atout")),
)  # fmt: skip
BELOTE_TRUMPS = TRUMPS[:-1]  # no tout atout in belote

_ANNOUNCE_NAMES = ("tierce", "cinquante", "cent, carré", "carré de neuf", "carré de valets")
# An announcement is typed by its value or by its name, French or English (games.reading).
_ANNOUNCE_ALIASES = (
    ("tierce", "vingt", "twenty"),
    ("cinquante", "quarte", "fifty"),
    ("cent", "quinte", "carré", "carré d'as", "carré de dix", "carré de 10", "carré de rois",
     "carré de dames", "hundred", "a hundred", "four aces", "four tens", "four kings",
     "four queens"),
    ("carré de neuf", "carré de 9", "four nines"),
    ("carré de valets", "carré de valet", "four jacks"),
)  # fmt: skip
ANNOUNCES = tuple(
    Choice(str(value), f"{value} ({name})", aliases=aliases)
    for value, name, aliases in zip(
        ANNOUNCE_VALUES, _ANNOUNCE_NAMES, _ANNOUNCE_ALIASES, strict=True
    )
)

CONTRACTS = (
    *(Choice(str(v)) for v in NUMBERED_CONTRACTS),
    Choice(Special.CAPOT, f"capot ({CAPOT_CONTRACT})", aliases=(str(CAPOT_CONTRACT),)),
    Choice(Special.GENERALE, f"générale ({GENERALE_CONTRACT})", aliases=(str(GENERALE_CONTRACT),)),
)
# The coinche level is asked as one question; --coinche and --surcoinche are its answers.
LEVEL_QUESTION = msg("Coinché or surcoinché?")

# --------------------------------------------------------------------------------------------
# The sides, and the team a text names

# English, French and Norwegian (spillfører, forsvaret) words for the two sides.
TAKER_WORDS = frozenset({"taker", "attaque", "attack", "preneur", "spillfører", "spillforer"})
DEFENSE_WORDS = frozenset({"defense", "defence", "forsvar", "forsvaret"})  # fold(): défense

_about = about  # (the field an error of a shared helper is about)


def resolve_team(
    text: str, table: Table, taker_team: int, what: str, field: str | None = None
) -> int:
    """The team index that ``text`` names: ``taker``/``defense``, a team or a player.
    An error names ``what`` (the option) and carries ``field`` (its key).

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
        with _about(field):
            return team_of(table.find_player(text, what=what), table)
    raise InputError(
        msg(
            "{what}: {text!r} matches no team or player (taker, defense, {names})",
            what=what,
            text=text,
            names=", ".join((*table.players, *names)),
        ),
        field=field,
    )


# --------------------------------------------------------------------------------------------
# The choice a text names: for the predicates below, and for reading a round


def trump_named(text: str, *, tout_atout: bool) -> Trump:
    """The trump a text names (tout atout only at coinche)."""
    choices = TRUMPS if tout_atout else BELOTE_TRUMPS
    if not tout_atout and TRUMPS[-1].matches(text):
        accepted = said_values(choices)
        raise InputError(
            msg("--trump: no tout atout in belote (accepted: {accepted})", accepted=accepted),
            field="trump",
        )
    with _about("trump"):
        return TRUMP_OF[pick_choice(text, choices, what="--trump")]


def contract_named(text: str) -> int | Special:
    """The contract a text names: a number of points, or capot / générale."""
    choice = next((c for c in CONTRACTS if c.matches(text)), None)
    if choice is None:
        raise InputError(
            msg(
                "--contract: {text!r} is not a contract (accepted: {lowest} to {highest} "
                "by tens, capot or {capot}, generale or {generale})",
                text=text,
                lowest=LOWEST_CONTRACT,
                highest=HIGHEST_CONTRACT,
                capot=CAPOT_CONTRACT,
                generale=GENERALE_CONTRACT,
            ),
            field="contract",
        )
    return int(choice.value) if choice.value.isdigit() else Special(choice.value)


# --------------------------------------------------------------------------------------------
# When a field applies


def answer_read(raw: Mapping[str, Any], key: str) -> Any:
    """What the reader makes of one raw answer, or None when it is absent or unreadable:
    a field's ``applies`` must never raise (the error belongs to the field's own reading).

    >>> answer_read({"trump": " Coeur "}, "trump"), answer_read({"coinche": "oui"}, "coinche")
    ('Coeur', True)
    >>> answer_read({"coinche": "maybe"}, "coinche") is None
    True
    """
    try:
        return read_answers(_FIELD_OF[key], {key: raw.get(key)}, game="coinche").get(key)
    except InputError:
        return None


def _quietly(read: Callable[[str], Any], raw: Mapping[str, Any], key: str) -> Any:
    """What a raw answer means (``read``), or None when it is absent or wrong."""
    text = answer_read(raw, key)
    if text is None:
        return None
    try:
        return read(text)
    except InputError:
        return None


def _taker_team(table: Table, raw: Mapping[str, Any]) -> str | None:
    """The name of the team of the taker answered so far (``None``: none readable yet)."""
    taker = raw.get("taker") if isinstance(raw, Mapping) else None
    if not isinstance(taker, str):
        return None
    try:
        return team_names(table)[resolve_team(taker, table, 0, "--taker")]
    except InputError:
        return None


def _not_sans_atout(table: Table, raw: Mapping[str, Any]) -> bool:
    return _quietly(lambda t: trump_named(t, tout_atout=True), raw, "trump") != Trump.SANS_ATOUT


def _points_not_given(table: Table, raw: Mapping[str, Any]) -> bool:
    return answer_read(raw, "points") is None


def _generale_contract(table: Table, raw: Mapping[str, Any]) -> bool:
    return _quietly(contract_named, raw, "contract") == Special.GENERALE


def _not_coinched(table: Table, raw: Mapping[str, Any]) -> bool:
    return not answer_read(raw, "coinche")


def _capot_contract(table: Table, raw: Mapping[str, Any]) -> bool:
    return _quietly(contract_named, raw, "contract") == Special.CAPOT


# --------------------------------------------------------------------------------------------
# The fields

# What a capot, or a contract made by taking every trick, stands for: the card points
# (all of them to the capot team) and the last trick (the capot team's).
_CAPOT_IMPLIES = ("points", "defense_points", "dix_de_der")


_TEAM_HELP = "taker, defense, a player or a team"


# The round fields, declared once: belote's, and coinche's, which adds the contract and its
# level, tout atout and the générale.
_TAKER = Field("taker", FieldKind.PLAYER, "Who took?",
               "the player who took (their team is the attack)", required=True,
               words=Words(bare=True))  # fmt: skip
_TRUMP_HELP = "the trump: spades, hearts, diamonds, clubs, sa (sans atout)"
_BELOTE_TRUMP = Field("trump", FieldKind.CHOICE, "Trump?", _TRUMP_HELP,
                      choices=BELOTE_TRUMPS, required=True, words=Words(bare=True))  # fmt: skip
_COINCHE_TRUMP = Field("trump", FieldKind.CHOICE, "Trump?", _TRUMP_HELP + ", ta (tout atout)",
                       choices=TRUMPS, required=True, words=Words(bare=True))  # fmt: skip
_CONTRACT_FIELDS = (
    Field("contract", FieldKind.CHOICE, "Contract?",
          f"{LOWEST_CONTRACT} to {HIGHEST_CONTRACT} by tens, "
          f"capot ({CAPOT_CONTRACT}) or generale ({GENERALE_CONTRACT})",
          choices=CONTRACTS, required=True,
          # capot, generale, or the number said before the trump: 100 coeur
          words=Words(bare=True, before="trump")),
    Field("coinche", FieldKind.FLAG, "coinché (×2)", "the contract was coinché (×2)",
          asked_as=LEVEL_QUESTION, words=Words(said=("coinche", msg("coinched")))),
    Field("surcoinche", FieldKind.FLAG, "surcoinché (×4)",
          "the contract was surcoinché (×4); instead of --coinche",
          applies=_not_coinched,
          unavailable="give either --coinche (×2) or --surcoinche (×4), not both",
          asked_as=LEVEL_QUESTION, words=Words(said=("surcoinche", msg("surcoinched")))),
)  # fmt: skip
_EXTRAS = "Belote, announcements, capot?"
_CARD_FIELDS = (
    # asked first as one question (its boxes), before the points a capot stands for
    Field("belote", FieldKind.TEAM, "Which team had belote-rebelote?",
          f"the team that had belote-rebelote: {_TEAM_HELP}",
          applies=_not_sans_atout, unavailable="no belote-rebelote in sans atout",
          words=Words(marks=("belote", "bel")), among=_EXTRAS, title="belote-rebelote",
          starts_on=_taker_team),  # ticked: the list starts on the taker's team
    Field("announce", FieldKind.TEAM_VALUE, "Announcements?",
          "announcements TEAM:VALUE, VALUE among "
          + ", ".join(map(str, ANNOUNCE_VALUES))
          + " or by name (tierce, cinquante, cent, carré de neuf, carré de valets; "
          "several: NS:20+50); repeatable",
          choices=ANNOUNCES, words=Words(marks=("annonce", "ann", msg("announce"))),
          among=_EXTRAS, title="announcements"),
    Field("capot", FieldKind.TEAM, "Which team took every trick (capot)?",
          f"the team that took every trick: {_TEAM_HELP}",
          instead_of=_CAPOT_IMPLIES, words=Words(marks=("capot",)), among=_EXTRAS,
          title="capot", starts_on=_taker_team),
    Field("points", FieldKind.INTEGER,
          "Card points of the taker's team (without dix de der)?",
          "card points K of the taker's team, without the dix de der",
          words=Words(bare=True), twin="defense_points"),
    Field("defense_points", FieldKind.INTEGER,
          "Card points of the defence (without dix de der)?",
          "the defence's card points instead of --points",
          applies=_points_not_given,
          unavailable="give either --points or --defense-points, not both",
          instead_of="points", words=Words(marks=("d", "def", msg("defense"), msg("defence")))),
    Field("dix_de_der", FieldKind.TEAM, "Which team took the last trick (dix de der)?",
          f"the team that took the last trick: {_TEAM_HELP} (default: the taker's team)",
          words=Words(marks=("ddd", "der"), default="taker")),
)  # fmt: skip
# A capot or générale contract made: the one answer it needs, asked with no default.
_MADE_FIELDS = (
    Field("capot_made", FieldKind.FLAG, "Did the taker's team take every trick (capot made)?",
          "the taker's team took every trick (a capot contract made)",
          option="--capot-made", applies=_capot_contract,
          unavailable="only with a capot contract (--contract capot)",
          instead_of=(*_CAPOT_IMPLIES, "capot"), no_default=True,
          words=Words(said=("capot-fait", msg("capot-made")))),
    Field("generale_made", FieldKind.FLAG, "Did the taker alone take every trick (générale)?",
          "the taker alone took every trick (a générale contract made)",
          option="--generale-made", applies=_generale_contract,
          unavailable="only with a générale contract (--contract generale)",
          instead_of=(*_CAPOT_IMPLIES, "capot"), no_default=True,
          words=Words(said=("generale-faite", msg("generale-made")))),
)  # fmt: skip
BELOTE_FIELDS = (_TAKER, _BELOTE_TRUMP, *_CARD_FIELDS)
COINCHE_FIELDS = (_TAKER, _COINCHE_TRUMP, *_CONTRACT_FIELDS, *_MADE_FIELDS, *_CARD_FIELDS)
# Each field alone, for reading one answer quietly (``applies``).
_FIELD_OF: Mapping[str, tuple[Field, ...]] = {f.key: (f,) for f in COINCHE_FIELDS}
