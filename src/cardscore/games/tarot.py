"""French tarot for 3 to 6 players, scored by the ``fft`` or the ``maison`` rules.

RULES.md §1 is the law: §1.2 for the official (FFT) scoring, §1.3 for the house rules of
seed 000.  Everything a table may play differently is a :class:`TarotParams` field.

>>> table = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), PRESETS["fft"])
>>> raw = {"taker": "ann", "contract": "garde", "bouts": "2", "points": "49",
...        "petit_au_bout": "Ann", "poignee": ["Ann"]}
>>> inp = GAME.build_round(raw, table, 1)
>>> inp["points"], inp["poignees"]
(49, [['Ann', 'simple']])
>>> result = GAME.score(inp, table, 1, None)
>>> result.scores
{'Ann': 318, 'Bob': -106, 'Cyd': -106, 'Dan': -106}
>>> result.breakdown[-1]
'→ Ann +318 (3 × 106), Bob −106, Cyd −106, Dan −106'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from cardscore.games.base import (
    Choice,
    Field,
    InputError,
    Outcome,
    RoundResult,
    Table,
    check_names,
    is_given,
    param_field,
    parse_int,
    parse_number,
    pick_choice,
    reject_inapplicable,
    split_pair,
)
from cardscore.i18n import Msg, msg

# --------------------------------------------------------------------------------------------
# The rules' constants (RULES.md §1)

_ceil, _floor, _fromkeys = math.ceil, math.floor, dict.fromkeys  # bound once: scoring is hot

BIDS = ("prise", "garde", "garde-sans", "garde-contre")  # the contracts one takes, weakest first
THRESHOLDS = (56, 51, 41, 36)  # points the taker needs with 0, 1, 2, 3 bouts
CARD_POINTS = 91  # the card points of a deal, chien included
BOUTS = 3  # the petit, the 21 and the excuse
BOUT_VALUE = 4.5  # what each bout is worth
# the excuse's owner may trade it for a half-point card: a side may hold half a point less
# than its bouts are worth, and the other side half a point more
EXCUSE_TRADE = 0.5
# the defence took every trick (chelem of the defence): the taker keeps at most the excuse
BOUTS_AGAINST_A_CHELEM = 1
FFT_MULTIPLIERS = {"prise": 1, "garde": 2, "garde-sans": 4, "garde-contre": 6}
FFT_POIGNEES = {"simple": 20, "double": 30, "triple": 40}
FFT_CHELEMS = {"announced": 400, "unannounced": 200, "failed": -200, "defense": -200}
# maison: what a chelem adds to the amount per opponent, and whether the round then counts
# as made; the defence's chelem is not in seed 000: it mirrors a failed announced one.
MAISON_CHELEMS = {
    "announced": (400, True),
    "unannounced": (200, True),
    "failed": (200, False),
    "defense": (200, False),
}
CHELEM_NAMES = {
    "announced": msg("chelem announced and made"),
    "unannounced": msg("chelem made unannounced"),
    "failed": msg("chelem announced and failed"),
    "defense": msg("chelem of the defence"),
}

CONTRACT_CHOICES = (
    Choice("prise", "prise (petite)", aliases=("petite",)),
    Choice("garde", "garde"),
    Choice("garde-sans", "garde sans", aliases=("garde sans le chien",)),
    Choice("garde-contre", "garde contre", aliases=("garde contre le chien",)),
    Choice("renonce", "renonce (nobody took; the one with the most points pays)"),
    Choice("passe", "passe (everybody passed, nobody scores)"),
)
POIGNEE_CHOICES = (Choice("simple"), Choice("double"), Choice("triple"))
MISERE_CHOICES = (Choice("simple"), Choice("double"))
CHELEM_CHOICES = (
    Choice("announced", "announced and made", aliases=("annonce", "annonce-reussi")),
    Choice("unannounced", "made, not announced", aliases=("non-annonce", "not-announced")),
    Choice("failed", "announced and failed", aliases=("chute", "annonce-chute")),
    Choice("defense", "taken by the defence", aliases=("defence",)),
)


# --------------------------------------------------------------------------------------------
# Parameters


@dataclass(frozen=True)
class TarotParams:
    """A tarot rule set (RULES.md §1); the presets are :data:`PRESETS`.

    >>> PRESETS["maison"].scoring, PRESETS["maison"].half_points, PRESETS["fft"].passe
    ('maison', False, True)
    """

    scoring: str = param_field(
        "fft",
        "the scoring formula: fft (official, (25 + gap) × multiplier) or maison "
        "(seed 000: contract value + surplus rounded to ten)",
        choices=("fft", "maison"),
    )
    half_points: bool = param_field(
        True,
        "keep half points (a half point goes to the side that wins the deal); "
        "off: a half point is dropped (55.5 → 55)",
    )
    value_prise: int = param_field(20, "maison scoring: value of a prise (petite)")
    value_garde: int = param_field(40, "maison scoring: value of a garde")
    value_garde_sans: int = param_field(80, "maison scoring: value of a garde sans")
    value_garde_contre: int = param_field(160, "maison scoring: value of a garde contre")
    miseres: bool = param_field(
        False,
        "misères (simple or double) are played: a personal bonus of 10 from every other player",
    )
    renonce: bool = param_field(
        False,
        "contract renonce when nobody takes: the player with the most points pays "
        "R = his points rounded to ten, to each other player",
    )
    passe: bool = param_field(
        True, "contract passe when everybody passes: nobody scores, the deal moves on"
    )
    double_bonus_counts_double: bool = param_field(
        False,
        "maison scoring: a double poignée or double misère is worth twice a simple one "
        "(seed 000 counts them the same)",
    )


PRESETS: Mapping[str, TarotParams] = MappingProxyType(
    {
        "fft": TarotParams(),
        # seed 000 drops half points and plays misères and renonce; a deal nobody takes is a
        # renonce there, so passe is off.
        "maison": TarotParams(
            scoring="maison", half_points=False, miseres=True, renonce=True, passe=False
        ),
    }
)


def _params(table: Table) -> TarotParams:
    """The table's rule set (the default preset for a bare table, as in some doctests)."""
    return table.params if isinstance(table.params, TarotParams) else PRESETS["fft"]


# --------------------------------------------------------------------------------------------
# Small public helpers (for prompts and the ``convert`` command)


def poignee_sizes(active_count: int) -> tuple[int, int, int]:
    """Trumps to show for a simple, double and triple poignée (fft), by active players.

    >>> poignee_sizes(3), poignee_sizes(4), poignee_sizes(5)
    ((13, 15, 18), (10, 13, 15), (8, 10, 13))
    """
    sizes = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13), 6: (8, 10, 13)}
    if active_count not in sizes:
        raise InputError(msg("tarot is played by 3 to 6 players (got {count})", count=active_count))
    return sizes[active_count]


def _poignee_label(table: Table, choice: Choice) -> Msg:
    """``double (10 trumps)``: what a poignée means at this table, for the prompts."""
    active = len(table.players) - (1 if len(table.players) == 6 else 0)
    index = [c.value for c in POIGNEE_CHOICES].index(choice.value)
    return msg("{kind} ({count} trumps)", kind=choice.value, count=poignee_sizes(active)[index])


def poignee_kinds(params: TarotParams) -> tuple[str, ...]:
    """The poignées a rule set knows: the maison rules have no triple.

    >>> poignee_kinds(PRESETS["fft"]), poignee_kinds(PRESETS["maison"])
    (('simple', 'double', 'triple'), ('simple', 'double'))
    """
    return ("simple", "double") if params.scoring == "maison" else ("simple", "double", "triple")


def contracts(params: TarotParams) -> tuple[str, ...]:
    """The contracts a rule set accepts (renonce and passe depend on the parameters).

    >>> contracts(PRESETS["maison"])
    ('prise', 'garde', 'garde-sans', 'garde-contre', 'renonce')
    """
    extra = ("renonce",) * params.renonce + ("passe",) * params.passe
    return BIDS + extra


def convert(defense_points: float | str, params: TarotParams) -> float | int:
    """The taker's points from the defence's: ``P = 91 − D`` (the seed's convertisseur).

    A string is read as typed (``35,5``).  Without half points (maison) the half is dropped.

    >>> fft, maison = PRESETS["fft"], PRESETS["maison"]
    >>> convert("35,5", fft), convert(35.5, maison), convert(41, fft)
    (55.5, 55, 50)
    >>> convert("92", PRESETS["fft"])
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: POINTS: 92 is out of range (0 to 91)
    """
    if isinstance(defense_points, str):
        value = parse_number(defense_points, what="POINTS")
    else:
        value = float(defense_points)
        if not math.isfinite(value) or value * 2 != math.floor(value * 2):
            raise InputError(
                msg(
                    "{what}: {value} must be a whole or half number (e.g. 41 or 35,5)",
                    what="POINTS",
                    value=value,
                )
            )
    if not 0 <= value <= CARD_POINTS:
        raise InputError(
            msg(
                "{what}: {value} is out of range ({low} to {high})",
                what="POINTS",
                value=_num(value),
                low=0,
                high=CARD_POINTS,
            )
        )
    return _num(_effective_points(CARD_POINTS - value, params))


# --------------------------------------------------------------------------------------------
# Fields


def _contract_so_far(raw: Mapping[str, Any]) -> str | None:
    """The contract among raw answers, if one is readable yet (for ``applies``)."""
    value = raw.get("contract") if isinstance(raw, Mapping) else None
    if isinstance(value, list | tuple) and len(value) == 1:
        value = value[0]
    if isinstance(value, str):
        for choice in CONTRACT_CHOICES:
            if choice.matches(value):
                return choice.value
    return None


def _not_passe(table: Table, raw: Mapping[str, Any]) -> bool:
    return _contract_so_far(raw) != "passe"


def _a_bid(table: Table, raw: Mapping[str, Any]) -> bool:
    return _contract_so_far(raw) not in ("passe", "renonce")


def _partner_possible(table: Table, raw: Mapping[str, Any]) -> bool:
    return len(table.players) >= 5 and _a_bid(table, raw)


def _miseres_played(table: Table, raw: Mapping[str, Any]) -> bool:
    return _params(table).miseres and _a_bid(table, raw)


def _defense_points_instead(table: Table, raw: Mapping[str, Any]) -> bool:
    return _not_passe(table, raw) and not is_given(raw.get("points"))


# Contract comes first: it decides which other questions make sense (nobody takes a passe).
FIELDS: tuple[Field, ...] = (
    Field(
        "contract",
        "choice",
        "Contract?",
        "the contract: prise (petite), garde, garde-sans, garde-contre; renonce or passe "
        "when nobody took, if the rules have them",
        choices=CONTRACT_CHOICES,
        required=True,
    ),
    Field(
        "taker",
        "player",
        "Who took?",
        "the taker (for a renonce: the player with the most points, chien included)",
        required=True,
        applies=_not_passe,
        unavailable="nobody takes when everybody passed",
    ),
    Field(
        "called",
        "player",
        "Who was called? (the taker himself if he plays alone)",
        "the partner the taker called (5 or 6 players); the taker's own name or nothing "
        "if he plays alone",
        applies=_partner_possible,
        unavailable="a partner is called only at 5 or 6 players",
    ),
    Field(
        "bouts",
        "integer",
        "How many bouts did the taker take?",
        "the taker's bouts, 0 to 3",
        required=True,
        applies=_a_bid,
        unavailable="bouts are counted only when somebody took",
    ),
    Field(
        "points",
        "number",
        "The taker's points?",
        "the taker's card points, 0 to 91 (35,5 accepted)",
        applies=_not_passe,
        unavailable="nobody counts points when everybody passed",
    ),
    Field(
        "defense_points",
        "number",
        "The defence's points?",
        "the defence's card points instead of --points (the taker has 91 minus them)",
        option="--defense-points",
        applies=_defense_points_instead,
        unavailable="give either --points or --defense-points, not both",
    ),
    Field(
        "petit_au_bout",
        "player",
        "Who took the petit au bout?",
        "the player who won the last trick with the petit",
        applies=_a_bid,
        unavailable="no petit au bout without a taker",
    ),
    Field(
        "poignee",
        "player_tag",
        "Poignées shown?",
        "a poignée shown, NAME or NAME:double (simple, double, triple); repeatable",
        choices=POIGNEE_CHOICES,
        option="--poignee",
        describe=_poignee_label,
        applies=_a_bid,
        unavailable="no poignée without a taker",
    ),
    Field(
        "misere",
        "player_tag",
        "Misères?",
        "a misère, NAME or NAME:double (maison rules); repeatable",
        choices=MISERE_CHOICES,
        applies=_miseres_played,
        unavailable="no misère under these rules",
    ),
    Field(
        "chelem",
        "choice",
        "Chelem?",
        "a chelem: announced (made), unannounced (made), failed (announced) or defense",
        choices=CHELEM_CHOICES,
        applies=_a_bid,
        unavailable="no chelem without a taker",
    ),
)
_FIELD = {f.key: f for f in FIELDS}


# --------------------------------------------------------------------------------------------
# Reading raw answers


def _normalize(value: Any, f: Field) -> str | list[str] | None:
    """Bring a raw value to ``None``, a stripped string or a list of them, refusing any
    other type with an :class:`InputError` (raw data may come from anywhere)."""
    if value is None or value is False:
        return None
    if value is True:
        raise InputError(msg("{option}: a value is needed", option=f.option))
    if isinstance(value, int | float):
        value = str(_num(value)) if math.isfinite(value) else str(value)
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, list | tuple):
        items = [_normalize(v, f) for v in value]
        if any(isinstance(v, list) for v in items):
            raise InputError(
                msg("{option}: a list of names or values was expected", option=f.option)
            )
        texts = [v for v in items if isinstance(v, str)]
        return texts or None
    raise InputError(
        msg(
            "{option}: unexpected value of type {type}",
            option=f.option,
            type=type(value).__name__,
        )
    )


def _single(value: str | list[str] | None, f: Field) -> str | None:
    """One value of a non-repeatable field."""
    if isinstance(value, list):
        if len(value) > 1:
            raise InputError(
                msg(
                    "{option}: given {count} times, one value is accepted",
                    option=f.option,
                    count=len(value),
                )
            )
        return value[0]
    return value


def _many(value: str | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else value


def _resolve(text: str, f: Field, table: Table, active: Sequence[str], mort: str | None) -> str:
    """A player among the active ones, saying so clearly when the name is the mort's."""
    try:
        return table.find_player(text, what=f.option, among=active)
    except InputError:
        if mort is not None:
            try:
                found = table.find_player(text, what=f.option)
            except InputError:
                found = None
            if found == mort:
                raise InputError(
                    msg(
                        "{option}: {mort} is the mort this round and does not play",
                        option=f.option,
                        mort=mort,
                    )
                ) from None
        raise


def _read_contract(value: str | None, params: TarotParams) -> str:
    f = _FIELD["contract"]
    allowed = ", ".join(contracts(params))
    if value is None:
        raise InputError(
            msg("{option}: the contract is needed ({accepted})", option=f.option, accepted=allowed)
        )
    contract = pick_choice(value, CONTRACT_CHOICES, what=f.option)
    if contract not in contracts(params):
        raise InputError(
            msg(
                "{option}: no {contract} under these rules (accepted: {accepted})",
                option=f.option,
                contract=contract,
                accepted=allowed,
            )
        )
    return contract


def _only(vals: Mapping[str, Any], allowed: Sequence[str], why: Msg) -> None:
    """Refuse every field but the contract and ``allowed`` (a passe or a renonce)."""
    for f in FIELDS:
        if f.key not in ("contract", *allowed) and is_given(vals[f.key]):
            raise InputError(msg("{option}: {reason}", option=f.option, reason=why))


def point_bounds(bouts: int, params: TarotParams) -> tuple[float, float]:
    """The taker's lowest and highest possible points with ``bouts`` bouts.

    Each bout is worth 4.5 and the excuse may be traded for a half-point card, so
    ``4.5·B − 0.5 ≤ P ≤ 91.5 − 4.5·(3 − B)``, within 0 to 91; without half points the
    bounds are rounded down.

    >>> [point_bounds(b, PRESETS["fft"]) for b in range(4)]
    [(0, 78), (4, 82.5), (8.5, 87), (13, 91)]
    >>> [point_bounds(b, PRESETS["maison"]) for b in range(4)]
    [(0, 78), (4, 82), (8, 87), (13, 91)]
    """
    low = max(0.0, BOUT_VALUE * bouts - EXCUSE_TRADE)
    high = min(CARD_POINTS, CARD_POINTS + EXCUSE_TRADE - BOUT_VALUE * (BOUTS - bouts))
    return _num(_effective_points(low, params)), _num(_effective_points(high, params))


def _why_bounds(params: TarotParams) -> Msg:
    """Why the points are bounded by the bouts (for the messages that refuse them)."""
    if params.half_points:
        return msg(
            "a bout is worth {value} points and the excuse may be traded for a half-point card",
            value=_num(BOUT_VALUE),
        )
    return msg(
        "a bout is worth {value} points, the excuse may be traded for a half-point card, "
        "and half points are dropped",
        value=_num(BOUT_VALUE),
    )


def _read_points(
    vals: Mapping[str, Any], bouts: int | None, params: TarotParams
) -> tuple[float, bool]:
    """The taker's points, from ``--points`` or ``--defense-points`` (and whether they were
    given as the defence's), checked against the card total and the bouts (see
    :func:`point_bounds`).  A refusal states the bounds in the points the user typed."""
    pf, df = _FIELD["points"], _FIELD["defense_points"]
    typed, defense = _single(vals["points"], pf), _single(vals["defense_points"], df)
    if typed is not None and defense is not None:
        raise InputError(
            msg("{option}: give either --points or --defense-points, not both", option=pf.option)
        )
    if typed is None and defense is None:
        raise InputError(
            msg("{option}: the taker's points are needed (or --defense-points)", option=pf.option)
        )
    f, text = (pf, typed) if typed is not None else (df, defense)
    value = parse_number(str(text), what=f.option)
    if not 0 <= value <= CARD_POINTS:
        raise InputError(
            msg(
                "{what}: {value} is out of range ({low} to {high})",
                what=f.option,
                value=_num(value),
                low=0,
                high=CARD_POINTS,
            )
        )
    points = value if f is pf else CARD_POINTS - value
    if bouts is not None:
        low, high = point_bounds(bouts, params)
        if not low <= points <= high:
            terms = {
                "option": f.option,
                "value": _num(value),
                "bouts": _bouts(bouts),
                "why": _why_bounds(params),
            }
            raise InputError(
                msg(
                    "{option}: {value} is impossible: with {bouts}, the taker has {low} to "
                    "{high} points ({why})",
                    low=low,
                    high=high,
                    **terms,
                )
                if f is pf
                else msg(
                    "{option}: {value} is impossible: with {bouts} for the taker, the defence "
                    "has {low} to {high} points ({why})",
                    low=_num(CARD_POINTS - high),
                    high=_num(CARD_POINTS - low),
                    **terms,
                )
            )
    return points, f is df


def _check_chelem(
    chelem: str | None,
    attack: set[str],
    bouts: int,
    points: float,
    from_defense: bool,
    petit: str | None,
    params: TarotParams,
) -> None:
    """Refuse a chelem that contradicts the rest of the round: a chelem made by the taker's
    side leaves no trick (so not the petit au bout) to the defence; a chelem of the defence
    leaves the taker at most the excuse (1 bout, 4.5 points) and never the petit au bout."""
    option = _FIELD["chelem"].option
    if chelem in ("announced", "unannounced") and petit is not None and petit not in attack:
        raise InputError(
            msg(
                "{option}: a chelem made by the taker's side leaves no trick to the defence, "
                "so the petit au bout cannot be {player}'s, who defends (--petit-au-bout)",
                option=option,
                player=petit,
            )
        )
    if chelem != "defense":
        return
    if bouts > BOUTS_AGAINST_A_CHELEM:
        raise InputError(
            msg(
                "{option}: the defence took every trick, so the taker has at most 1 bout "
                "(the excuse), not {count} (--bouts)",
                option=option,
                count=bouts,
            )
        )
    high = _num(_effective_points(BOUT_VALUE, params))  # the excuse at most
    if points > high:
        raise InputError(
            msg(
                "{option}: the defence took every trick, so it has at least {low} points, "
                "not {value} (--defense-points)",
                option=option,
                low=_num(CARD_POINTS - high),
                value=_num(CARD_POINTS - points),
            )
            if from_defense
            else msg(
                "{option}: the defence took every trick, so the taker has at most {high} "
                "points, not {value} (--points)",
                option=option,
                high=high,
                value=_num(points),
            )
        )
    if petit is not None and petit in attack:
        raise InputError(
            msg(
                "{option}: the defence took every trick, so the petit au bout cannot be "
                "{player}'s, who plays with the taker (--petit-au-bout)",
                option=option,
                player=petit,
            )
        )


def _tagged_player(
    text: str, f: Field, table: Table, active: Sequence[str], mort: str | None
) -> tuple[str, str]:
    """Read ``NAME[:KIND]``; a name may itself hold a ':' (the kind follows the last one).

    >>> t = Table("tarot", ("Ann", "Bo:b", "Cyd"), PRESETS["fft"])
    >>> read = lambda text: _tagged_player(text, _FIELD["poignee"], t, t.players, None)
    >>> read("a:double"), read("bo:b"), read("Bo:b:triple")
    (('Ann', 'double'), ('Bo:b', 'simple'), ('Bo:b', 'triple'))
    """
    name, sep, tag = text.rpartition(":")
    if sep and name.strip() and any(c.matches(tag) for c in f.choices):
        return _resolve(name.strip(), f, table, active, mort), pick_choice(tag, f.choices, what="")
    if sep:
        try:
            return _resolve(text, f, table, active, mort), "simple"
        except InputError:
            pass  # not a name with a ':': read it as NAME:KIND to say what is wrong
    name, tag = split_pair(text, ":", what=f.option, example="NAME:double")
    player = _resolve(name, f, table, active, mort)
    return player, "simple" if tag is None else pick_choice(tag, f.choices, what=f.option)


def _read_tags(
    texts: list[str],
    f: Field,
    kinds: Sequence[str],
    table: Table,
    active: Sequence[str],
    mort: str | None,
) -> list[list[str]]:
    """``NAME[:KIND]`` values (poignées, misères): one per player, in seating order."""
    noun = "poignée" if f.key == "poignee" else "misère"  # the game's terms, French in both
    found: dict[str, str] = {}
    for text in texts:
        player, kind = _tagged_player(text, f, table, active, mort)
        if kind not in kinds:
            raise InputError(
                msg(
                    "{option}: no {bonus} {kind} under the maison rules (accepted: {accepted})",
                    option=f.option,
                    bonus=noun,
                    kind=kind,
                    accepted=", ".join(kinds),
                )
            )
        if player in found:
            raise InputError(
                msg(
                    "{option}: {player} has two poignées (one per player)",
                    option=f.option,
                    player=player,
                )
                if f.key == "poignee"
                else msg(
                    "{option}: {player} has two misères (one per player)",
                    option=f.option,
                    player=player,
                )
            )
        found[player] = kind
    return [[p, found[p]] for p in active if p in found]


def _stored(
    contract: str,
    taker: str | None = None,
    called: str | None = None,
    bouts: int | None = None,
    points: float | None = None,
    petit_au_bout: str | None = None,
    poignees: list[list[str]] | None = None,
    miseres: list[list[str]] | None = None,
    chelem: str | None = None,
) -> dict[str, Any]:
    """The stored input: every key always present, in a stable order."""
    return {
        "taker": taker,
        "contract": contract,
        "called": called,
        "bouts": bouts,
        "points": None if points is None else _num(points),
        "petit_au_bout": petit_au_bout,
        "poignees": poignees or [],
        "miseres": miseres or [],
        "chelem": chelem,
    }


# --------------------------------------------------------------------------------------------
# Formatting


def _num(value: float) -> float | int:
    """An int when whole, so stored points read ``49`` and not ``49.0``."""
    return int(value) if value == int(value) else value


def _bouts(count: int) -> Msg:
    """``1 bout``, ``2 bouts``: a number of bouts, as words (French says ``0 bout``)."""
    if count == 0:
        return msg("0 bouts")
    return msg("1 bout") if count == 1 else msg("{count} bouts", count=count)


def _signed(value: float) -> str:
    """``+20``, ``−106`` (a real minus sign), ``0``."""
    value = _num(value)
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def _sum_formula(terms: Sequence[int]) -> str:
    """``66 + 20 − 20``: the first term keeps its sign only when negative."""
    text = _signed(terms[0]).lstrip("+")
    for t in terms[1:]:
        text += f" + {t}" if t >= 0 else f" − {-t}"
    return text


def _effective_points(points: float, params: TarotParams) -> float:
    """The points that count: without half points, the half is dropped (55.5 → 55)."""
    return points if params.half_points else math.floor(points)


def _points_line(inp: Mapping[str, Any], points: float, params: TarotParams) -> Msg:
    """``Ann: 49 points, 2 bouts → 41 needed, made by 8``."""
    typed, bouts = inp["points"], inp["bouts"]
    if points != typed:
        shown = msg(
            "{typed} points → {points} (the half point is dropped)",
            typed=_num(typed),
            points=_num(points),
        )
    else:
        shown = msg("{points} points", points=_num(typed))
    diff = points - THRESHOLDS[bouts]
    by = _num(abs(diff))
    if params.scoring == "fft" and diff != int(diff):
        rounded = math.ceil(abs(diff))
        gap = (
            msg(
                "made by {by} → {rounded} (a half point goes to the winning side)",
                by=by,
                rounded=rounded,
            )
            if diff >= 0
            else msg(
                "lost by {by} → {rounded} (a half point goes to the winning side)",
                by=by,
                rounded=rounded,
            )
        )
    else:
        gap = msg("made by {by}", by=by) if diff >= 0 else msg("lost by {by}", by=by)
    return msg(
        "{taker}: {points}, {bouts} → {needed} needed, {gap}",
        taker=inp["taker"],
        points=shown,
        bouts=_bouts(bouts),
        needed=THRESHOLDS[bouts],
        gap=gap,
    )


def _share_line(
    deltas: Mapping[str, int], notes: Mapping[str, Msg], table: Table, mort: str | None
) -> Msg:
    """``Ann +318 (3 × 106), Bob −106, …`` over every seat, the mort included."""
    line: Msg | None = None
    for p in table.players:
        points = _signed(deltas.get(p, 0))
        note = notes.get(p)
        if p == mort:
            share = msg("{player} {points} (mort)", player=p, points=points)
        elif note is not None:
            share = msg("{player} {points} ({note})", player=p, points=points, note=note)
        else:
            share = msg("{player} {points}", player=p, points=points)
        line = share if line is None else msg("{shares}, {share}", shares=line, share=share)
    assert line is not None  # a table has players
    return line


# --------------------------------------------------------------------------------------------
# Scoring
#
# One code path per rule set computes the numbers; when a breakdown is wanted (``lines`` is a
# list, not None) it also says how, line by line.  Replaying a session asks for the numbers
# only, so everything that only explains stays behind ``if lines is not None``.


class _Seating:
    """What scoring needs of a table, worked out once per table: the rule set, the seats,
    and for each deal (by the dealer's seat) the mort and the players who play."""

    __slots__ = ("maison", "params", "players", "seats", "values")

    def __init__(self, table: Table) -> None:
        params = _params(table)
        players = table.players
        self.params = params
        self.players = players
        self.maison = params.scoring == "maison"
        # maison: the value of each contract
        self.values = {
            "prise": params.value_prise,
            "garde": params.value_garde,
            "garde-sans": params.value_garde_sans,
            "garde-contre": params.value_garde_contre,
        }
        if len(players) == 6:  # the dealer is the mort (see Tarot.sitting_out)
            self.seats = tuple((m, tuple(p for p in players if p != m)) for m in players)
        else:
            self.seats = ((None, players),)


# Tables are frozen, so what is worked out of one holds as long as it lives: keyed on the
# table's id, the table itself kept with it (its id cannot be reused while it is here).
_SEATINGS: dict[int, tuple[Table, _Seating]] = {}


def _seating(table: Table) -> _Seating:
    entry = _SEATINGS.get(id(table))
    if entry is not None and entry[0] is table:
        return entry[1]
    seating = _Seating(table)
    if len(_SEATINGS) >= 16:
        _SEATINGS.clear()
    _SEATINGS[id(table)] = (table, seating)
    return seating


def _notes(taker: str, called: str | None, unit: int, factor: int) -> dict[str, Msg]:
    """The attackers' notes on the shares line: ``3 × 106`` for the taker, ``called``."""
    notes = {taker: msg("{factor} × {unit}", factor=factor, unit=_signed(unit).lstrip("+"))}
    if called is not None:
        notes[called] = msg("called")
    return notes


def _personal(
    inp: Mapping[str, Any], params: TarotParams, maison: bool
) -> list[tuple[str, str | None, str, int]]:
    """The bonuses that belong to a player (name, kind, holder, what each other player
    pays): under maison the petit au bout, poignées and misères; under fft only misères."""
    bonuses: list[tuple[str, str | None, str, int]] = []
    if maison:
        petit = inp["petit_au_bout"]
        if petit:
            bonuses.append(("petit au bout", None, petit, 10))
        for who, kind in inp["poignees"]:
            bonuses.append(("poignée", kind, who, _unit(kind, params)))
    for who, kind in inp["miseres"]:
        bonuses.append(("misère", kind, who, _unit(kind, params)))
    return bonuses


def _unit(kind: str, params: TarotParams) -> int:
    return 20 if kind == "double" and params.double_bonus_counts_double else 10


def _add_personal(
    scores: dict[str, int],
    bonuses: Sequence[tuple[str, str | None, str, int]],
    active: Sequence[str],
    lines: list[str] | None,
) -> None:
    """Each bonus: the holder scores unit × (n − 1), every other active player −unit."""
    others = len(active) - 1
    for name, kind, holder, unit in bonuses:
        for p in active:
            scores[p] += unit * others if p == holder else -unit
        if lines is not None:
            lines.append(
                msg(
                    "{bonus} ({holder}): {points} ({others} × {unit}), "
                    "−{unit} to each other player",
                    bonus=name if kind is None else f"{name} {kind}",
                    holder=holder,
                    points=_signed(unit * others),
                    others=others,
                    unit=unit,
                )
            )


def _score_fft(
    inp: Mapping[str, Any], seating: _Seating, others: int, lines: list[str] | None
) -> tuple[int, str | None, int]:
    """RULES.md §1.2: a per-defender unit X, split 2X/3X/4X or 2X + X to the attack.
    Returns the unit, the called partner and the taker's factor (``others``: the number of
    defenders when the taker plays alone)."""
    taker, called, contract = inp["taker"], inp["called"], inp["contract"]
    params = seating.params
    points = _effective_points(inp["points"], params)
    diff = points - THRESHOLDS[inp["bouts"]]
    made = diff >= 0
    gap, mult = _ceil(abs(diff)), FFT_MULTIPLIERS[contract]
    unit = (25 + gap) * mult if made else -(25 + gap) * mult
    if lines is not None:
        terms = [unit]
        lines.append(_points_line(inp, points, params))
        base = {"contract": contract, "gap": gap, "mult": mult, "total": _signed(unit)}
        lines.append(
            msg("{contract}: (25 + {gap}) × {mult} = {total}", **base)
            if made
            else msg("{contract}: −(25 + {gap}) × {mult} = {total}", **base)
        )
    holder = inp["petit_au_bout"]
    if holder:
        attack = holder in (taker, called)
        term = 10 * mult if attack else -10 * mult
        unit += term
        if lines is not None:
            terms.append(term)
            petit = {"holder": holder, "mult": mult, "total": _signed(term)}
            lines.append(
                msg("petit au bout ({holder}): 10 × {mult} = {total}", **petit)
                if attack
                else msg(
                    "petit au bout ({holder}, for the defence): −10 × {mult} = {total}", **petit
                )
            )
    for holder, kind in inp["poignees"]:
        # a poignée goes to the side that wins the contract, whoever showed it
        term = FFT_POIGNEES[kind] if made else -FFT_POIGNEES[kind]
        unit += term
        if lines is not None:
            terms.append(term)
            shown = {"kind": kind, "holder": holder, "total": _signed(term)}
            lines.append(
                msg("poignée {kind} ({holder}): {total}", **shown)
                if made
                else msg("poignée {kind} ({holder}, to the defence): {total}", **shown)
            )
    chelem = inp["chelem"]
    if chelem:
        term = FFT_CHELEMS[chelem]
        unit += term
        if lines is not None:
            terms.append(term)
            lines.append(msg("{chelem}: {total}", chelem=CHELEM_NAMES[chelem], total=_signed(term)))
    if lines is not None and len(terms) > 1:
        lines.append(
            msg(
                "per defender: {formula} = {unit}",
                formula=_sum_formula(terms),
                unit=_signed(unit).lstrip("+"),
            )
        )
    return unit, called, others if called is None else 2


def _score_maison(
    inp: Mapping[str, Any], seating: _Seating, others: int, lines: list[str] | None
) -> tuple[int, str | None, int]:
    """RULES.md §1.3: an amount A = value + surplus (+ chelem) per opponent."""
    called, contract = inp["called"], inp["contract"]
    params = seating.params
    points = _effective_points(inp["points"], params)
    diff = points - THRESHOLDS[inp["bouts"]]
    made = diff >= 0
    # the surplus (or the shortfall) rounded to ten, half up: 4 → 0, 5 → 10, 26 → 30
    surplus = 10 * _floor((abs(diff) + 5) / 10)
    value = seating.values[contract]
    amount = value + surplus
    chelem = inp["chelem"]
    if chelem:
        extra, made = MAISON_CHELEMS[chelem]
        amount += extra
    if lines is not None:
        lines.append(
            msg(
                "{line} → surplus {surplus}",
                line=_points_line(inp, points, params),
                surplus=surplus,
            )
        )
        terms = {"contract": contract, "value": value, "surplus": surplus, "amount": amount}
        if chelem:
            terms.update(chelem=CHELEM_NAMES[chelem], extra=extra)
            lines.append(
                msg(
                    "{contract}: {value} + surplus {surplus} + {chelem} {extra} = {amount} "
                    "per opponent, counts as made",
                    **terms,
                )
                if made
                else msg(
                    "{contract}: {value} + surplus {surplus} + {chelem} {extra} = {amount} "
                    "per opponent, counts as lost",
                    **terms,
                )
            )
        else:
            lines.append(
                msg(
                    "{contract}: {value} + surplus {surplus} = {amount} per opponent, made",
                    **terms,
                )
                if made
                else msg(
                    "{contract}: {value} + surplus {surplus} = {amount} per opponent, lost",
                    **terms,
                )
            )
    return (amount if made else -amount), called, others if called is None else 3


def _score_renonce(
    inp: Mapping[str, Any], seating: _Seating, others: int, lines: list[str] | None
) -> tuple[int, str | None, int]:
    """RULES.md §1.3 (choice): R = points rounded to ten; the holder pays R to each other."""
    points = _effective_points(inp["points"], seating.params)
    price = 10 * _floor((points + 5) / 10)
    if lines is not None:
        lines.append(
            msg(
                "renonce: {taker} has the most points, {points} → R = {price} (rounded to ten)",
                taker=inp["taker"],
                points=_num(points),
                price=price,
            )
        )
    return -price, None, others


# --------------------------------------------------------------------------------------------
# The game


class Tarot:
    """French tarot, 3 to 6 players (the mort sits out at 6), rule sets ``fft``/``maison``."""

    name = "tarot"
    params_cls = TarotParams
    presets = PRESETS
    default_preset = "fft"
    fields = FIELDS
    min_players = 3
    lower_wins = False
    max_players = 6

    def check_players(self, players: Sequence[str], params: Any) -> None:
        """3 to 6 players with distinct names.  Names are compared the way they are typed
        (case, accents, dashes and spaces aside), so 'Zoé' and 'zoe' are the same player, and
        a name made only of dashes or spaces could never be typed.

        >>> GAME.check_players(["Ann", "ann", "Bob"], PRESETS["fft"])
        Traceback (most recent call last):
        ...
        cardscore.games.base.InputError: --names: two players are named 'ann'
        """
        if not self.min_players <= len(players) <= self.max_players:
            raise InputError(
                msg("tarot is played by 3 to 6 players (got {count})", count=len(players))
            )
        check_names(players)
        if getattr(params, "scoring", None) not in ("fft", "maison"):
            raise InputError(msg("--set scoring: accepted values are fft and maison"))

    def summary(self, params: TarotParams) -> tuple[str, ...]:
        """The rules in a few sentences (``cardscore rules tarot``).

        >>> GAME.summary(PRESETS["fft"])[0]
        'The taker needs 56 points without a bout, 51 with 1, 41 with 2 and 36 with 3 (of 91).'
        """
        lines = [
            msg(
                "The taker needs 56 points without a bout, 51 with 1, 41 with 2 and 36 with 3 "
                "(of 91)."
            ),
        ]
        if params.scoring == "fft":
            lines.append(
                msg(
                    "Each defender pays (25 + the gap) × the contract (prise 1, garde 2, "
                    "garde sans 4, garde contre 6), plus the petit au bout (10 × the contract), "
                    "the poignées "
                    "(20, 30 or 40, to the side that wins) and the chelem; the taker receives as "
                    "much from each, shared with his partner at 5 players. Every round sums to 0."
                )
            )
        else:
            lines.append(
                msg(
                    "Each opponent pays the contract (prise {prise}, garde {garde}, garde sans "
                    "{sans}, garde contre {contre}) plus the gap rounded to ten, and the chelem; "
                    "the petit au bout, poignées and misères are personal: +10 from each other "
                    "player.",
                    prise=params.value_prise,
                    garde=params.value_garde,
                    sans=params.value_garde_sans,
                    contre=params.value_garde_contre,
                )
            )
            # what surprises a table used to the official rules (choices of these rules)
            lines.append(
                msg(
                    "At 5 and 6 players the called partner's score is taken from nobody: the "
                    "round's scores do not sum to zero."
                )
            )
            lines.append(
                msg(
                    "An announced chelem that fails turns the round into a loss, even when the "
                    "contract is made."
                )
            )
            lines.append(
                msg(
                    "A chelem taken by the defence scores like an announced chelem that failed "
                    "(a choice of these rules): {extra} more per opponent, and the round is lost.",
                    extra=MAISON_CHELEMS["defense"][0],
                )
            )
        lines.append(
            msg(
                "At 6 players the dealer is the mort and scores nothing; the deal "
                "passes to the next player every round."
            )
        )
        return tuple(lines)

    def goal(self, table: Table) -> int | None:
        return None  # tarot is played until the table stops

    def columns(self, table: Table) -> tuple[str, ...]:
        return table.players

    def sitting_out(self, table: Table, number: int) -> str | None:
        """At 6 players the dealer of the round is the mort.

        >>> six = Table("tarot", ("A", "B", "C", "D", "E", "F"), PRESETS["fft"])
        >>> GAME.sitting_out(six, 1), GAME.sitting_out(six, 8)
        ('A', 'B')
        """
        return table.dealer(number) if len(table.players) == 6 else None

    def build_round(self, raw: Mapping[str, Any], table: Table, number: int) -> dict[str, Any]:
        """Validate raw answers (strings, as typed) and return the stored input.

        The taker's points are stored as given (``55.5`` stays ``55.5`` even when the
        rules drop half points: the scoring drops it, and the breakdown says so).  A taker
        who calls himself plays alone: ``called`` is then ``None``.
        """
        if not isinstance(raw, Mapping):
            raise InputError(msg("a round is a set of answers (--taker, --contract, …)"))
        params = _params(table)
        vals = {f.key: _normalize(raw.get(f.key), f) for f in FIELDS}
        contract = _read_contract(_single(vals["contract"], _FIELD["contract"]), params)
        if contract == "passe":
            _only(
                vals,
                (),
                msg("nothing else is recorded when everybody passed (--contract passe)"),
            )
            return _stored("passe")
        if contract == "renonce":
            _only(
                vals,
                ("taker", "points", "defense_points"),
                msg("a renonce records only --taker and --points (or --defense-points)"),
            )
        if is_given(vals["misere"]) and not params.miseres:
            raise InputError(
                msg("--misere: no misère under the fft rules (rule miseres is off)")
                if params.scoring == "fft"
                else msg("--misere: no misère under these rules (rule miseres is off)")
            )
        reject_inapplicable(FIELDS, vals, table)

        mort = self.sitting_out(table, number)
        active = tuple(p for p in table.players if p != mort)

        def player(key: str) -> str | None:
            text = _single(vals[key], _FIELD[key])
            return None if text is None else _resolve(text, _FIELD[key], table, active, mort)

        taker = player("taker")
        if taker is None:
            raise InputError(
                msg("--taker: who took is needed (players: {players})", players=", ".join(active))
            )
        if contract == "renonce":
            return _stored("renonce", taker, points=_read_points(vals, None, params)[0])

        called = player("called")
        bouts_text = _single(vals["bouts"], _FIELD["bouts"])
        if bouts_text is None:
            raise InputError(msg("--bouts: the taker's number of bouts is needed (0 to 3)"))
        bouts = parse_int(bouts_text, what="--bouts", low=0, high=3)
        points, from_defense = _read_points(vals, bouts, params)
        petits = {
            _resolve(t, _FIELD["petit_au_bout"], table, active, mort)
            for t in _many(vals["petit_au_bout"])
        }
        if len(petits) > 1:
            raise InputError(msg("--petit-au-bout: only one player can have the petit au bout"))
        poignees = _read_tags(
            _many(vals["poignee"]), _FIELD["poignee"], poignee_kinds(params), table, active, mort
        )
        miseres = _read_tags(
            _many(vals["misere"]), _FIELD["misere"], ("simple", "double"), table, active, mort
        )
        chelem_text = _single(vals["chelem"], _FIELD["chelem"])
        chelem = (
            None
            if chelem_text is None
            else pick_choice(chelem_text, CHELEM_CHOICES, what="--chelem")
        )
        petit = next(iter(petits), None)
        attack = {taker} if called is None else {taker, called}
        _check_chelem(chelem, attack, bouts, points, from_defense, petit, params)
        return _stored(
            contract,
            taker,
            called=None if called == taker else called,
            bouts=bouts,
            points=points,
            petit_au_bout=petit,
            poignees=poignees,
            miseres=miseres,
            chelem=chelem,
        )

    def score(
        self,
        inp: Mapping[str, Any],
        table: Table,
        number: int,
        carry: Any,
        *,
        explain: bool = True,
    ) -> RoundResult:
        """Score a stored input (assumed valid) under the table's rule set; without
        ``explain`` the numbers only, with an empty breakdown (a session's replay)."""
        entry = _SEATINGS.get(id(table))
        seating = entry[1] if entry is not None and entry[0] is table else _seating(table)
        players = seating.players
        contract = inp["contract"]
        if contract == "passe":
            return RoundResult(
                _fromkeys(players, 0),
                (msg("passe: everybody passed, nobody scores"),) if explain else (),
            )
        mort, active = seating.seats[(number - 1) % len(seating.seats)]
        lines: list[str] | None = [] if explain else None
        if contract == "renonce":
            scorer = _score_renonce
        else:
            scorer = _score_maison if seating.maison else _score_fft
        unit, called, factor = scorer(inp, seating, len(active) - 1, lines)
        taker = inp["taker"]
        # each defender −unit, the taker factor × unit, the called partner +unit, the mort 0
        scores = _fromkeys(players, -unit)
        if mort is not None:
            scores[mort] = 0
        scores[taker] = factor * unit
        if called is not None:
            scores[called] = unit
        if lines is not None:
            notes = _notes(taker, called, unit, factor)
            lines.append(msg("→ {shares}", shares=_share_line(scores, notes, table, mort)))
        if contract != "renonce":
            bonuses = _personal(inp, seating.params, seating.maison)
            if bonuses:
                _add_personal(scores, bonuses, active, lines)
                if lines is not None:
                    lines.append(msg("= {shares}", shares=_share_line(scores, {}, table, mort)))
        if len(scores) != len(players):  # a damaged round names someone not at the table
            scores = {p: scores[p] for p in players}
        return RoundResult(scores, () if lines is None else tuple(lines))

    def outcome(self, table: Table, totals: Mapping[str, int]) -> Outcome:
        """Tarot has no end: the table stops when it likes."""
        return Outcome(False, None)


GAME = Tarot()
