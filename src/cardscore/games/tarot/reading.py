"""Reading a French tarot round: typed answers checked into the stored round, and back.

(Over 600 lines: every check a typed round goes through, and every refusal it can meet,
are here in one place; a chelem's alone take 150 lines.)

:func:`build_round` reads the raw answers (see :mod:`cardscore.games.reading`) and checks
each against the table, the rule set and the rest of the round (the contract's fields
only, the players among those who play, the points the bouts allow, a chelem's limits),
refusing with a message that names the option; it returns the stored round, whose type
:class:`StoredRound` checks it again on every read of a file.  :func:`answers` gives
back the answers a stored round was built from, :func:`renamed` renames its players.

>>> from cardscore.games.tarot.rules import PRESETS
>>> table = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), PRESETS["fft"])
>>> inp = build_round({"taker": "ann", "contract": "g", "bouts": "2", "points": "49"}, table, 1)
>>> inp["taker"], inp["contract"], inp["points"]
('Ann', 'garde', 49)
>>> build_round({"taker": "ann", "contract": "g", "bouts": "2", "points": "7"}, table, 1)
Traceback (most recent call last):
...
cardscore.games.base.InputError: --points: 7 is impossible: with 2 bouts, the taker has 8.5 \
to 87 points (a bout is worth 4.5 points and the excuse may be traded for a half-point card)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, NamedTuple

import msgspec

from cardscore.games.base import (
    BOUNDS_SCHEMA,
    InputError,
    Stored,
    Table,
    about,
    checked_since,
    parse_int,
    parse_number,
    pick_choice,
    split_pair,
)
from cardscore.games.reading import Answers, read_answers
from cardscore.games.tarot.fields import _FIELD, CHELEM_CHOICES, CONTRACT_CHOICES, FIELDS
from cardscore.games.tarot.record import _CONTRACTS, Chelem, Contract, Kind, Scoring, Size, _num
from cardscore.games.tarot.rules import (
    BOUT_VALUE,
    BOUTS,
    BOUTS_AGAINST_A_CHELEM,
    CARD_POINTS,
    CHIEN_CARDS,
    TarotParams,
    _out_of_range,
    _params,
    chelem_bounds,
    contracts,
    lowest_typed,
    mort_of,
    poignee_kinds,
    point_bounds,
)
from cardscore.games.tarot.words import BONUS_NAMES, _bouts
from cardscore.i18n import Msg, msg

# --------------------------------------------------------------------------------------------
# Checking each answer


_about = about  # (the field an error of a shared helper is about)


class _Seats(NamedTuple):
    """Who can be named this round: the active players, and the mort (6 players)."""

    table: Table
    active: tuple[str, ...]
    mort: str | None

    def resolve(self, text: str, key: str) -> str:
        """A player among the active ones, saying so clearly when the name is the mort's."""
        option = _FIELD[key].option
        try:
            with _about(key):
                return self.table.find_player(text, what=option, among=self.active)
        except InputError:
            if self.mort is not None and self._names_the_mort(text):
                raise InputError(
                    msg(
                        "{option}: {mort} is the mort this round and does not play",
                        option=option,
                        mort=self.mort,
                    ),
                    field=key,
                ) from None
            raise

    def _names_the_mort(self, text: str) -> bool:
        try:
            return self.table.find_player(text) == self.mort
        except InputError:
            return False


class _Points(NamedTuple):
    """The taker's points as read, and whether they were typed as the defence's."""

    value: float
    from_defense: bool


def _read_contract(text: str | None, params: TarotParams) -> Contract:
    option, allowed = _FIELD["contract"].option, contracts(params)
    if text is None:
        accepted = ", ".join(allowed)
        raise InputError(
            msg("{option}: the contract is needed ({accepted})", option=option, accepted=accepted),
            field="contract",
        )
    contract = _CONTRACTS.get(text)  # (a contract as stored: no choice names it but its own)
    if contract is None:
        with _about("contract"):
            contract = _CONTRACTS[pick_choice(text, CONTRACT_CHOICES, what=option)]
    if contract not in allowed:
        accepted = ", ".join(allowed)
        raise InputError(
            msg(
                "{option}: no {contract} under these rules (accepted: {accepted})",
                option=option,
                contract=contract,
                accepted=accepted,
            ),
            field="contract",
        )
    return contract


def _only(answers: Answers, allowed: Sequence[str], why: Msg) -> None:
    """Refuse every field but the contract and ``allowed`` (a passe or a renonce)."""
    for f in FIELDS:
        if f.key not in ("contract", *allowed) and f.key in answers:
            raise InputError(msg("{option}: {reason}", option=f.option, reason=why), field=f.key)


def _refuse_inapplicable(answers: Answers, table: Table, params: TarotParams) -> None:
    """Refuse a field given where it does not apply (``--called`` at 4 players…)."""
    if "misere" in answers and not params.miseres:
        raise InputError(
            msg("--misere: no misère under the fft rules (rule miseres is off)")
            if params.scoring == Scoring.FFT
            else msg("--misere: no misère under these rules (rule miseres is off)"),
            field="misere",
        )
    for f in FIELDS:
        if f.key in answers and not f.is_relevant(table, answers):
            reason = msg(f.unavailable)
            raise InputError(msg("{option}: {reason}", option=f.option, reason=reason), field=f.key)


def _why_bounds() -> Msg:
    """Why the points are bounded by the bouts (for the messages that refuse them)."""
    return msg(
        "a bout is worth {value} points and the excuse may be traded for a half-point card",
        value=_num(BOUT_VALUE),
    )


def _read_points(answers: Answers, bouts: int | None, half_points: bool = True) -> _Points:
    """The taker's points, from ``--points`` or ``--defense-points``, checked against the
    card total and the bouts (see :func:`point_bounds`; without ``half_points`` the lower
    bound is rounded down, :func:`lowest_typed`)."""
    typed, defense = answers.text("points"), answers.text("defense_points")
    if typed is not None and defense is not None:
        raise InputError(
            msg(
                "{option}: give either --points or --defense-points, not both",
                option=_FIELD["points"].option,
            ),
            field="points",
        )
    if typed is None and defense is None:
        raise InputError(
            msg(
                "{option}: the taker's points are needed (or --defense-points)",
                option=_FIELD["points"].option,
            ),
            field="points",
        )
    key, text = ("points", typed) if typed is not None else ("defense_points", defense)
    option = _FIELD[key].option
    with _about(key):
        value = parse_number(str(text), what=option)
        if not 0 <= value <= CARD_POINTS:
            raise _out_of_range(option, value)
    from_defense = key == "defense_points"
    points = CARD_POINTS - value if from_defense else value
    if bouts is not None:
        _check_bounds(points, value, bouts, from_defense, half_points)
    return _Points(points, from_defense)


def _check_bounds(
    points: float, typed: float, bouts: int, from_defense: bool, half_points: bool = True
) -> None:
    """Refuse points the bouts make impossible, stating the bounds in the points typed (a
    round of a file saved before these bounds is read without them: BOUNDS_SCHEMA)."""
    if not checked_since(BOUNDS_SCHEMA):
        return
    low, high = point_bounds(bouts)
    if lowest_typed(low, half_points) <= points <= high:
        return
    key = "defense_points" if from_defense else "points"
    terms = {
        "option": _FIELD[key].option,
        "value": _num(typed),
        "bouts": _bouts(bouts),
        "why": _why_bounds(),
    }
    raise InputError(
        msg(
            "{option}: {value} is impossible: with {bouts} for the taker, the defence "
            "has {low} to {high} points ({why})",
            low=_num(CARD_POINTS - high),
            high=_num(CARD_POINTS - low),
            **terms,
        )
        if from_defense
        else msg(
            "{option}: {value} is impossible: with {bouts}, the taker has {low} to "
            "{high} points ({why})",
            low=low,
            high=high,
            **terms,
        ),
        field=key,
    )


def _chelem_error(message: Msg) -> InputError:
    return InputError(message, field="chelem")


def _check_chelem(
    chelem: Chelem | None,
    attack: set[str],
    bouts: int,
    points: _Points,
    petit: str | None,
    chien: int = 0,
    half_points: bool = True,
) -> None:
    """Refuse a chelem that contradicts the rest of the round: a chelem made by the taker's
    side leaves no trick (so not the petit au bout) to the defence, and only the chien it
    holds at garde contre (``chien``: its cards) and the excuse (:func:`chelem_bounds`); a
    chelem of the defence leaves the taker at most the excuse and never the petit au bout.
    (A round of a file saved before these bounds is read without them: BOUNDS_SCHEMA.)"""
    if not checked_since(BOUNDS_SCHEMA):
        return
    option = _FIELD["chelem"].option
    made = chelem in (Chelem.ANNOUNCED, Chelem.UNANNOUNCED)
    if made:
        _check_made_chelem(bouts, points, chien, half_points)
    if made and petit is not None and petit not in attack:
        raise _chelem_error(
            msg(
                "{option}: a chelem made by the taker's side leaves no trick to the "
                "defence, so the petit au bout cannot be {player}'s, who defends "
                "(--petit-au-bout)",
                option=option,
                player=petit,
            )
        )
    if chelem is not Chelem.DEFENSE:
        return
    if bouts > BOUTS_AGAINST_A_CHELEM:
        raise _chelem_error(
            msg(
                "{option}: the defence took every trick, so the taker has at most {most} "
                "(the excuse), not {count} (--bouts)",
                option=option,
                most=_bouts(BOUTS_AGAINST_A_CHELEM),
                count=bouts,
            )
        )
    _check_defence_chelem_points(points)
    if petit is not None and petit in attack:
        raise _chelem_error(
            msg(
                "{option}: the defence took every trick, so the petit au bout cannot be "
                "{player}'s, who plays with the taker (--petit-au-bout)",
                option=option,
                player=petit,
            )
        )


def _check_made_chelem(bouts: int, points: _Points, chien: int, half_points: bool) -> None:
    """A chelem made by the taker's side: his bouts and points are those it leaves."""
    option = _FIELD["chelem"].option
    bounds = chelem_bounds(bouts, chien)
    if bounds is None:  # outside garde contre, with fewer than 2 bouts
        raise _chelem_error(
            msg(
                "{option}: a chelem made by the taker's side leaves the defence at most the "
                "excuse, so the taker has at least 2 bouts, not {count} (--bouts)",
                option=option,
                count=bouts,
            )
        )
    low, high = bounds
    if lowest_typed(low, half_points) <= points.value <= high:
        return
    why = (
        msg(
            "at garde contre the defence holds only the chien ({cards} cards) and at most "
            "the excuse",
            cards=chien,
        )
        if chien
        else msg("the defence holds at most the excuse (traded for a half-point card)")
    )
    shown = {"option": option, "why": why, "bouts": _bouts(bouts)}
    if points.from_defense:
        shown |= {
            "low": _num(CARD_POINTS - high),
            "high": _num(CARD_POINTS - low),
            "value": _num(CARD_POINTS - points.value),
        }
        raise _chelem_error(
            msg(
                "{option}: in a chelem made by the taker's side {why}: with {bouts} for the "
                "taker, the defence has {low} points, not {value} (--defense-points)",
                **shown,
            )
            if low == high
            else msg(
                "{option}: in a chelem made by the taker's side {why}: with {bouts} for the "
                "taker, the defence has {low} to {high} points, not {value} (--defense-points)",
                **shown,
            )
        )
    shown |= {"low": low, "high": high, "value": _num(points.value)}
    raise _chelem_error(
        msg(
            "{option}: in a chelem made by the taker's side {why}: with {bouts}, the taker "
            "has {low} points, not {value} (--points)",
            **shown,
        )
        if low == high
        else msg(
            "{option}: in a chelem made by the taker's side {why}: with {bouts}, the taker "
            "has {low} to {high} points, not {value} (--points)",
            **shown,
        )
    )


def _check_defence_chelem_points(points: _Points) -> None:
    """A chelem of the defence leaves the taker at most the excuse's points (4.5, as counted:
    the house rules drop the half point only for the score)."""
    high = _num(BOUT_VALUE * BOUTS_AGAINST_A_CHELEM)
    if points.value <= high:
        return
    option = _FIELD["chelem"].option
    raise _chelem_error(
        msg(
            "{option}: the defence took every trick, so it has at least {low} points, "
            "not {value} (--defense-points)",
            option=option,
            low=_num(CARD_POINTS - high),
            value=_num(CARD_POINTS - points.value),
        )
        if points.from_defense
        else msg(
            "{option}: the defence took every trick, so the taker has at most {high} "
            "points, not {value} (--points)",
            option=option,
            high=high,
            value=_num(points.value),
        )
    )


def _tagged_player(text: str, key: str, seats: _Seats) -> tuple[str, Size]:
    """Read ``NAME[:KIND]``; a name may itself hold a ':' (the kind follows the last one).

    >>> from cardscore.games.tarot.rules import PRESETS
    >>> t = Table("tarot", ("Ann", "Bo:b", "Cyd"), PRESETS["fft"])
    >>> read = lambda text: _tagged_player(text, "poignee", _Seats(t, t.players, None))
    >>> [(name, str(kind)) for name, kind in map(read, ("a:double", "bo:b", "Bo:b:triple"))]
    [('Ann', 'double'), ('Bo:b', 'simple'), ('Bo:b', 'triple')]
    """
    f = _FIELD[key]
    name, sep, tag = text.rpartition(":")
    if sep and name.strip() and any(c.matches(tag) for c in f.choices):
        return seats.resolve(name.strip(), key), Size(pick_choice(tag, f.choices, what=""))
    if sep:
        try:
            return seats.resolve(text, key), Size.SIMPLE
        except InputError:
            pass  # not a name with a ':': read it as NAME:KIND to say what is wrong
    with _about(key):
        name, tag = split_pair(text, ":", what=f.option, example="NAME:double")
        player = seats.resolve(name, key)
        kind = Size.SIMPLE if tag is None else Size(pick_choice(tag, f.choices, what=f.option))
        return player, kind


def _read_tags(answers: Answers, key: str, kinds: Sequence[Size], seats: _Seats) -> list[list[str]]:
    """``NAME[:KIND]`` values (poignées, misères): one per player, in seating order."""
    pairs = answers.pairs(key)
    if not pairs:
        return []
    option = _FIELD[key].option
    found: dict[str, Size] = {}
    # the reader splits NAME:KIND at the first ':'; a name may hold one, so join them back
    for name, tag in pairs:
        player, kind = _tagged_player(name if tag is None else f"{name}:{tag}", key, seats)
        if kind not in kinds:
            raise InputError(
                msg(
                    "{option}: no {bonus} {kind} under the maison rules (accepted: {accepted})",
                    option=option,
                    bonus=BONUS_NAMES[Kind(key)],
                    kind=kind,
                    accepted=", ".join(kinds),
                ),
                field=key,
            )
        if player in found:
            shown = {"option": option, "player": player}
            raise InputError(
                msg("{option}: {player} has two poignées (one per player)", **shown)
                if key == "poignee"
                else msg("{option}: {player} has two misères (one per player)", **shown),
                field=key,
            )
        found[player] = kind
    return [[p, found[p].value] for p in seats.active if p in found]


class StoredRound(Stored):
    """A tarot round as a session file holds it (see :func:`_stored`), checked on every
    read: each answer's type and range, and what a contract needs (a bid names its taker,
    bouts and points; a renonce its player and points; a passe nothing)."""

    contract: Contract
    taker: str | None = None
    called: str | None = None
    bouts: Annotated[int, msgspec.Meta(ge=0, le=BOUTS)] | None = None
    points: Annotated[float, msgspec.Meta(ge=0, le=CARD_POINTS, multiple_of=0.5)] | None = None
    petit_au_bout: str | None = None
    poignees: list[tuple[str, Size]] = msgspec.field(default_factory=list)
    miseres: list[tuple[str, Size]] = msgspec.field(default_factory=list)
    chelem: Chelem | None = None

    def __post_init__(self) -> None:
        if self.contract is Contract.PASSE:
            return
        if self.taker is None or self.points is None:
            raise ValueError(msg("a {contract} with no taker or no points", contract=self.contract))
        if self.contract is not Contract.RENONCE and self.bouts is None:
            raise ValueError(msg("a {contract} with no bouts", contract=self.contract))

    def names(self) -> list[str]:
        """The players the round names."""
        named = [n for n in (self.taker, self.called, self.petit_au_bout) if n is not None]
        return named + [who for who, _ in self.poignees] + [who for who, _ in self.miseres]


def _stored(
    contract: Contract,
    taker: str | None = None,
    called: str | None = None,
    bouts: int | None = None,
    points: float | None = None,
    petit_au_bout: str | None = None,
    poignees: list[list[str]] | None = None,
    miseres: list[list[str]] | None = None,
    chelem: Chelem | None = None,
) -> dict[str, Any]:
    """The stored input: every key always present, in a stable order, plain JSON values."""
    return {
        "taker": taker,
        "contract": contract.value,
        "called": called,
        "bouts": bouts,
        "points": None if points is None else _num(points),
        "petit_au_bout": petit_au_bout,
        "poignees": poignees or [],
        "miseres": miseres or [],
        "chelem": None if chelem is None else chelem.value,
    }


def _read_bid(
    answers: Answers, contract: Contract, taker: str, seats: _Seats, params: TarotParams
) -> dict[str, Any]:
    """The rest of a round somebody took: partner, bouts, points, bonuses, chelem."""
    called = None
    if "called" in answers:
        called = seats.resolve(answers.text("called"), "called")
    bouts_text = answers.text("bouts")
    if bouts_text is None:
        raise InputError(
            msg(
                "{option}: the taker's number of bouts is needed ({low} to {high})",
                option="--bouts",
                low=0,
                high=BOUTS,
            ),
            field="bouts",
        )
    with _about("bouts"):
        bouts = parse_int(bouts_text, what="--bouts", low=0, high=BOUTS)
    points = _read_points(answers, bouts, params.half_points)
    petit = None
    if "petit_au_bout" in answers:
        petit = seats.resolve(answers.text("petit_au_bout"), "petit_au_bout")
    poignees = _read_tags(answers, "poignee", poignee_kinds(params), seats)
    miseres = _read_tags(answers, "misere", (Size.SIMPLE, Size.DOUBLE), seats)
    chelem = None
    if "chelem" in answers:
        with _about("chelem"):
            chelem = Chelem(pick_choice(answers.text("chelem"), CHELEM_CHOICES, what="--chelem"))
    attack = {taker} if called is None else {taker, called}
    # at garde contre the chien is the defence's, unseen: a chelem leaves it that much
    chien = CHIEN_CARDS[len(seats.active)] if contract is Contract.GARDE_CONTRE else 0
    _check_chelem(chelem, attack, bouts, points, petit, chien, params.half_points)
    return _stored(
        contract,
        taker,
        called=None if called == taker else called,
        bouts=bouts,
        points=points.value,
        petit_au_bout=petit,
        poignees=poignees,
        miseres=miseres,
        chelem=chelem,
    )


def build_round(
    raw: Mapping[str, Any], table: Table, number: int, game: str = "tarot"
) -> dict[str, Any]:
    """Validate raw answers (strings, as typed) and return the stored input of round
    ``number`` (``game``: the name an unknown option's message gives).

    The taker's points are stored as given (``55.5`` stays ``55.5`` even when the
    rules drop half points: the scoring drops it, and the breakdown says so).  A taker
    who calls himself plays alone: ``called`` is then ``None``.
    """
    if not isinstance(raw, Mapping):
        raise InputError(msg("a round is a set of answers (--taker, --contract, …)"))
    params = _params(table)
    answers = read_answers(FIELDS, raw, game=game)
    contract = _read_contract(answers.text("contract"), params)
    if contract is Contract.PASSE:
        why = msg("nothing else is recorded when everybody passed (--contract passe)")
        _only(answers, (), why)
        return _stored(contract)
    if contract is Contract.RENONCE:
        why = msg("a renonce records only --taker and --points (or --defense-points)")
        _only(answers, ("taker", "points", "defense_points"), why)
    _refuse_inapplicable(answers, table, params)
    mort = mort_of(table, number)
    seats = _Seats(table, tuple(p for p in table.players if p != mort), mort)
    taker_text = answers.text("taker")
    if taker_text is None:
        raise InputError(
            msg(
                "--taker: who took is needed (players: {players})",
                players=", ".join(seats.active),
            ),
            field="taker",
        )
    taker = seats.resolve(taker_text, "taker")
    if contract is Contract.RENONCE:
        return _stored(contract, taker, points=_read_points(answers, None).value)
    return _read_bid(answers, contract, taker, seats, params)


# --------------------------------------------------------------------------------------------
# A stored round's players and answers


def renamed(inp: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The round with its players renamed (the taker, the called player, the petit au
    bout, the poignées and the misères).

    >>> renamed({"taker": "Jena", "called": "Bob", "poignees": [["Jena", "simple"]],
    ...          "miseres": []}, {"Jena": "Jean"})
    {'taker': 'Jean', 'called': 'Bob', 'poignees': [['Jean', 'simple']], 'miseres': []}
    """
    out = dict(inp)
    for key in ("taker", "called", "petit_au_bout"):
        if out.get(key) is not None:
            out[key] = names.get(out[key], out[key])
    for key in ("poignees", "miseres"):
        if key in out:
            out[key] = [[names.get(who, who), *rest] for who, *rest in out[key]]
    return out


def answers(inp: Mapping[str, Any]) -> dict[str, Any]:
    """The raw answers a stored round was built from, which build it back.

    Players by their exact names, numbers as their text, the taker's points as stored
    (never ``--defense-points``), a poignée or misère always with its kind (a name may
    hold a ``:``); what the round has not is left out.  A taker who played alone has no
    ``called`` answer.

    >>> from cardscore.games.tarot.rules import PRESETS
    >>> t = Table("tarot", ("Ann", "Bob", "Cyd", "Dan", "Eve"), PRESETS["fft"])
    >>> inp = build_round({"taker": "a", "called": "c", "contract": "garde sans",
    ...                    "bouts": "2", "defense_points": "35,5",
    ...                    "poignee": ["eve:double"]}, t, 1)
    >>> answers(inp)
    {'contract': 'garde-sans', 'taker': 'Ann', 'called': 'Cyd', 'bouts': '2', \
'points': '55.5', 'poignee': ['Eve:double']}
    >>> build_round(answers(inp), t, 1) == inp
    True
    """
    raw: dict[str, Any] = {"contract": str(inp["contract"])}
    for key in ("taker", "called", "bouts", "points", "petit_au_bout"):
        value = inp.get(key)
        if value is not None and value != "":
            raw[key] = str(_num(value)) if key == "points" else str(value)
    for key, stored in (("poignee", "poignees"), ("misere", "miseres")):
        tags = [f"{who}:{kind}" for who, kind in inp.get(stored) or ()]
        if tags:
            raw[key] = tags
    if inp.get("chelem"):
        raw["chelem"] = str(inp["chelem"])
    return raw
