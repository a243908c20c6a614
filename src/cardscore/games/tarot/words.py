"""French tarot's wording: the breakdown, the headline, the "played" text, the summary.

Everything here is written from a stored round or its record (see ``record.py``), never
from the typed answers, and only here: the breakdown of a round line by line
(:func:`explain`), the round in one line (:func:`headline`), in a short column of a
printed sheet (:func:`played`), and the rules in a few sentences (:func:`summary`, for
``cardscore rules tarot``).  Game terms (garde, poignée, petit au bout) stay French in
every language; the rest is marked for translation.

>>> from cardscore.games.tarot.rules import PRESETS, work_out
>>> table = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), PRESETS["fft"])
>>> inp = {"taker": "Bob", "contract": "garde-sans", "called": None, "bouts": 1, "points": 40,
...        "petit_au_bout": None, "poignees": [], "miseres": [], "chelem": None}
>>> headline(inp, work_out(inp, table, 1)), played(inp)
('Bob garde sans, 1 bout, 40 → lost by 11', 'Bob garde sans 1b 40')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil as _ceil
from typing import Any

from cardscore.games.base import Table
from cardscore.games.record import Term
from cardscore.games.tarot.record import Chelem, Contract, Kind, Scoring, TarotRecord, _num
from cardscore.games.tarot.rules import (
    BIDS,
    BOUT_VALUE,
    BOUTS,
    CARD_POINTS,
    CHIEN_CARDS,
    FFT_BASE,
    FFT_MULTIPLIERS,
    FFT_PETIT_AU_BOUT,
    FFT_POIGNEES,
    MAISON_CHELEMS,
    PARTNER_TABLE,
    PERSONAL_BONUS,
    THRESHOLDS,
    TarotParams,
    _pay,
    chelem_bounds,
    lowest_typed,
    point_bounds,
    scores_of,
)
from cardscore.i18n import Msg, msg

# --------------------------------------------------------------------------------------------
# Game terms and numbers, as the words show them


CHELEM_NAMES = {
    Chelem.ANNOUNCED: msg("chelem announced and made"),
    Chelem.UNANNOUNCED: msg("chelem made unannounced"),
    Chelem.FAILED: msg("chelem announced and failed"),
    Chelem.DEFENSE: msg("chelem of the defence"),
}
# a chelem in the Played column of a sheet: short, made (✓) or not (✗)
CHELEM_PLAYED = {
    Chelem.ANNOUNCED: msg("chelem announced ✓"),
    Chelem.UNANNOUNCED: msg("chelem ✓"),
    Chelem.FAILED: msg("chelem announced ✗"),
    Chelem.DEFENSE: msg("defence's chelem"),
}
# a personal bonus's name in the breakdown (game terms: French in both languages)
BONUS_NAMES = {Kind.PETIT_AU_BOUT: "petit au bout", Kind.POIGNEE: "poignée", Kind.MISERE: "misère"}
# a contract in a round's one-line headline (game terms: French in both languages)
CONTRACT_WORDS = {c.value: c.value.replace("-", " ") for c in BIDS}


def _bouts(count: int) -> Msg:
    """``1 bout``, ``2 bouts``: a number of bouts, as words (French says ``0 bout``)."""
    if count == 0:
        return msg("0 bouts")
    return msg("1 bout") if count == 1 else msg("{count} bouts", count=count)


def _signed(value: float) -> str:
    """``+20``, ``-106``, ``0``: the minus sign the sheet and the keyboard use.

    >>> _signed(20), _signed(-106), _signed(0)
    ('+20', '-106', '0')
    """
    value = _num(value)
    return f"+{value}" if value > 0 else f"-{-value}" if value < 0 else "0"


def _sum_formula(amounts: Sequence[float]) -> str:
    """``66 + 20 - 20``: the first term keeps its sign only when negative.

    >>> _sum_formula([66, 20, -20]), _sum_formula([-52, 20])
    ('66 + 20 - 20', '-52 + 20')
    """
    text = _signed(amounts[0]).lstrip("+")
    for amount in amounts[1:]:
        text += f" + {amount}" if amount >= 0 else f" - {-amount}"
    return text


# --------------------------------------------------------------------------------------------
# The breakdown: written from the record, only here


def explain(record: TarotRecord, table: Table) -> tuple[Msg, ...]:
    """The breakdown of a round, line by line, from its record.

    >>> from cardscore.games.tarot.rules import PRESETS, work_out
    >>> t = Table("tarot", ("Ann", "Bob", "Cyd"), PRESETS["fft"])
    >>> inp = {"taker": "Ann", "contract": "garde", "called": None, "bouts": 1, "points": 60,
    ...        "petit_au_bout": None, "poignees": [], "miseres": [], "chelem": None}
    >>> explain(work_out(inp, t, 1), t)
    ('Ann: 60 points, 1 bout → 51 needed, made by 9', 'garde: (25 + 9) × 2 = +68', \
'→ Ann +136 (2 × 68), Bob -68, Cyd -68')
    """
    if record.contract is Contract.PASSE:
        return (msg("passe: everybody passed, nobody scores"),)
    if record.contract is Contract.RENONCE:
        lines = [_renonce_line(record)]
    elif record.scoring is Scoring.MAISON:
        lines = _maison_lines(record)
    else:
        lines = _fft_lines(record)
    players, mort = table.players, record.mort
    lines.append(_contract_shares(record, players))
    if record.personal:
        scores = scores_of(record._replace(personal=()), players)
        for term in record.personal:
            _pay(scores, term, record.active)
            lines.append(_bonus_line(term, len(record.active) - 1))
        lines.append(msg("= {shares}", shares=_share_line(scores, {}, players, mort)))
    return tuple(lines)


def _contract_shares(record: TarotRecord, players: Sequence[str]) -> Msg:
    """``→ Ann +318 (3 × 106), Bob -106, …``: each seat's share of the contract."""
    scores = scores_of(record._replace(personal=()), players)
    shares = _share_line(scores, _notes(record), players, record.mort)
    return msg("→ {shares}", shares=shares)


def _points_line(record: TarotRecord) -> Msg:
    """``Ann: 49 points, 2 bouts → 41 needed, made by 8``."""
    typed, counted, margin = record.points, record.counted, record.margin
    assert typed is not None and counted is not None and margin is not None  # a bid
    if counted != typed:
        shown = msg(
            "{typed} points → {points} (the half point is dropped)",
            typed=_num(typed),
            points=_num(counted),
        )
    else:
        shown = msg("{points} points", points=_num(typed))
    by = _num(abs(margin))
    if record.scoring is Scoring.FFT and margin != int(margin):
        rounded = _ceil(abs(margin))
        gap = (
            msg(
                "made by {by} → {rounded} (a half point goes to the winning side)",
                by=by,
                rounded=rounded,
            )
            if margin >= 0
            else msg(
                "lost by {by} → {rounded} (a half point goes to the winning side)",
                by=by,
                rounded=rounded,
            )
        )
    else:
        gap = _by(margin)
    return msg(
        "{taker}: {points}, {bouts} → {needed} needed, {gap}",
        taker=record.taker,
        points=shown,
        bouts=_bouts(record.bouts or 0),
        needed=record.needed,
        gap=gap,
    )


def _fft_lines(record: TarotRecord) -> list[Msg]:
    """The points, the contract, each bonus of the unit, and the unit when it has several."""
    mult, made = record.multiplier, record.made
    lines = [_points_line(record), _fft_contract_line(record)]
    for term in record.contract_terms[1:]:
        lines.append(_fft_bonus_line(term, mult, bool(made)))
    if len(record.contract_terms) > 1:
        lines.append(
            msg(
                "per defender: {formula} = {unit}",
                formula=_sum_formula([t.amount for t in record.contract_terms]),
                unit=_signed(record.unit).lstrip("+"),
            )
        )
    return lines


def _fft_contract_line(record: TarotRecord) -> Msg:
    """``garde: (25 + 9) × 2 = +68``, or its lost form."""
    base = {
        "contract": CONTRACT_WORDS[record.contract],
        "base": FFT_BASE,
        "gap": record.gap,
        "mult": record.multiplier,
        "total": _signed(record.contract_terms[0].amount),
    }
    if record.made:
        return msg("{contract}: ({base} + {gap}) × {mult} = {total}", **base)
    return msg("{contract}: -({base} + {gap}) × {mult} = {total}", **base)


def _fft_bonus_line(term: Term, mult: int | None, made: bool) -> Msg:
    """A petit au bout, a poignée or a chelem added to the fft unit."""
    total = _signed(term.amount)
    if term.kind is Kind.PETIT_AU_BOUT:
        petit = {"holder": term.owner, "value": FFT_PETIT_AU_BOUT, "mult": mult, "total": total}
        if term.amount > 0:  # the attack's
            return msg("petit au bout ({holder}): {value} × {mult} = {total}", **petit)
        return msg(
            "petit au bout ({holder}, for the defence): -{value} × {mult} = {total}", **petit
        )
    if term.kind is Kind.POIGNEE:
        shown = {"kind": term.detail, "holder": term.owner, "total": total}
        if made:
            return msg("poignée {kind} ({holder}): {total}", **shown)
        return msg("poignée {kind} ({holder}, to the defence): {total}", **shown)
    return msg("{chelem}: {total}", chelem=CHELEM_NAMES[term.detail], total=total)


def _maison_lines(record: TarotRecord) -> list[Msg]:
    """The points and the surplus, then the amount per opponent and whether it is made."""
    terms = {
        "contract": CONTRACT_WORDS[record.contract],
        "value": record.value,
        "surplus": record.gap,
        "amount": abs(record.unit),
    }
    first = msg("{line} → surplus {surplus}", line=_points_line(record), surplus=record.gap)
    if record.chelem is None:
        return [
            first,
            msg("{contract}: {value} + surplus {surplus} = {amount} per opponent, made", **terms)
            if record.made
            else msg(
                "{contract}: {value} + surplus {surplus} = {amount} per opponent, lost", **terms
            ),
        ]
    terms.update(chelem=CHELEM_NAMES[record.chelem], extra=MAISON_CHELEMS[record.chelem][0])
    return [
        first,
        msg(
            "{contract}: {value} + surplus {surplus} + {chelem} {extra} = {amount} "
            "per opponent, counts as made",
            **terms,
        )
        if record.made
        else msg(
            "{contract}: {value} + surplus {surplus} + {chelem} {extra} = {amount} "
            "per opponent, counts as lost",
            **terms,
        ),
    ]


def _renonce_line(record: TarotRecord) -> Msg:
    return msg(
        "renonce: {taker} has the most points, {points} → R = {price} (rounded to ten)",
        taker=record.taker,
        points=_num(record.counted or 0),
        price=-record.unit,
    )


def _bonus_line(term: Term, others: int) -> Msg:
    """``poignée simple (Dan): +30 (3 × 10), -10 to each other player``."""
    name = BONUS_NAMES[term.kind]
    return msg(
        "{bonus} ({holder}): {points} ({others} × {unit}), -{unit} to each other player",
        bonus=name if term.detail is None else f"{name} {term.detail}",
        holder=term.owner,
        points=_signed(term.amount * others),
        others=others,
        unit=term.amount,
    )


def _notes(record: TarotRecord) -> dict[str, Msg]:
    """The attackers' notes on the shares line: ``3 × 106`` for the taker, ``called``."""
    assert record.taker is not None  # somebody took
    unit = _signed(record.unit).lstrip("+")
    notes = {record.taker: msg("{factor} × {unit}", factor=record.factor, unit=unit)}
    if record.called is not None:
        notes[record.called] = msg("called")
    return notes


def _share_line(
    deltas: Mapping[str, int], notes: Mapping[str, Msg], players: Sequence[str], mort: str | None
) -> Msg:
    """``Ann +318 (3 × 106), Bob -106, …`` over every seat, the mort included."""
    line: Msg | None = None
    for p in players:
        share = _share(p, deltas.get(p, 0), notes.get(p), p == mort)
        line = share if line is None else msg("{shares}, {share}", shares=line, share=share)
    assert line is not None  # a table has players
    return line


def _share(player: str, delta: int, note: Msg | None, mort: bool) -> Msg:
    """``Ann +318 (3 × 106)``, ``Bob -106``, ``Fay 0 (mort)``."""
    points = _signed(delta)
    if mort:
        return msg("{player} {points} (mort)", player=player, points=points)
    if note is not None:
        return msg("{player} {points} ({note})", player=player, points=points, note=note)
    return msg("{player} {points}", player=player, points=points)


# --------------------------------------------------------------------------------------------
# The round in one line, and in the sheet's column


def headline(inp: Mapping[str, Any], record: TarotRecord | None) -> str:
    """The round in one line: who took what, with whom, his bouts and points, and (with
    its record) by how much the contract was made or lost.

    >>> headline({"taker": "Ann", "contract": "garde", "called": "Cyd", "bouts": 2,
    ...           "points": 49}, None)
    'Ann garde (Cyd), 2 bouts, 49'
    >>> headline({"taker": "Cyd", "contract": "renonce", "points": 34}, None)
    'Cyd renonce, 34'
    """
    contract = inp["contract"]
    if contract == Contract.PASSE:
        return msg("passe")
    taker, points = inp["taker"], _num(inp["points"])
    if contract == Contract.RENONCE:
        line = msg("{taker} renonce, {points}", taker=taker, points=points)
        if record is None:
            return line
        return msg("{round} → R = {price}", round=line, price=-record.unit)
    said = {
        "taker": taker,
        "contract": CONTRACT_WORDS[contract],
        "bouts": _bouts(inp["bouts"]),
        "points": points,
    }
    called = inp.get("called")
    line = (
        msg("{taker} {contract} ({called}), {bouts}, {points}", called=called, **said)
        if called
        else msg("{taker} {contract}, {bouts}, {points}", **said)
    )
    if record is None:
        return line
    return msg("{round} → {outcome}", round=line, outcome=_outcome(record))


def played(inp: Mapping[str, Any]) -> str:
    """The round in a short column of the printed sheet: the taker, the contract, the
    called player, the bouts (``2b``) and the taker's points, then what else mattered,
    by whom: the petit au bout, each poignée and misère, the chelem (a renonce says its
    holder's points).  Its record adds nothing: the scores say the rest.

    >>> played({"taker": "Bob", "contract": "garde", "called": "Dan", "bouts": 2,
    ...         "points": 49})
    'Bob garde (Dan) 2b 49'
    >>> played({"taker": "Bob", "contract": "garde-sans", "called": "Dan", "bouts": 3,
    ...         "points": 91, "petit_au_bout": "Bob", "poignees": [["Bob", "double"]],
    ...         "chelem": "announced"})
    'Bob garde sans (Dan) 3b 91, petit au bout Bob, poignée double Bob, chelem announced ✓'
    >>> played({"taker": "Ann", "contract": "garde-contre", "bouts": 0, "points": 40.5})
    'Ann garde contre 0b 40.5'
    >>> played({"taker": None, "contract": "passe"})
    'passe'
    >>> played({"taker": "Cyd", "contract": "renonce", "points": 30})
    'Cyd renonce 30'
    """
    contract = inp["contract"]
    if contract == Contract.PASSE:
        return msg("passe")
    taker = inp["taker"]
    if contract == Contract.RENONCE:
        return msg("{taker} renonce {points}", taker=taker, points=_num(inp["points"]))
    said = {
        "taker": taker,
        "contract": CONTRACT_WORDS[contract],
        "bouts": inp["bouts"],
        "points": _num(inp["points"]),
    }
    if called := inp.get("called"):
        line = msg("{taker} {contract} ({called}) {bouts}b {points}", called=called, **said)
    else:
        line = msg("{taker} {contract} {bouts}b {points}", **said)
    for more in _played_bonuses(inp):
        line = msg("{round}, {more}", round=line, more=more)
    return line


def _played_bonuses(inp: Mapping[str, Any]) -> list[Msg]:
    """What a bid's round had besides its contract, in the breakdown's order, each with its
    owner: ``petit au bout Bob``, ``poignée double Ann``, ``misère Cyd``, ``chelem ✓``.

    >>> _played_bonuses({"petit_au_bout": None, "poignees": [], "miseres": [["Cyd", "simple"]],
    ...                  "chelem": "defense"})
    ['misère simple Cyd', "defence's chelem"]
    """
    said = []
    if holder := inp.get("petit_au_bout"):
        said.append(msg("petit au bout {player}", player=holder))
    for holder, size in inp.get("poignees") or ():
        said.append(msg("poignée {kind} {player}", kind=str(size), player=holder))
    for holder, size in inp.get("miseres") or ():
        said.append(msg("misère {kind} {player}", kind=str(size), player=holder))
    if chelem := inp.get("chelem"):
        said.append(CHELEM_PLAYED[Chelem(chelem)])
    return said


def _outcome(record: TarotRecord) -> Msg:
    """``made by 8``, ``lost by 11``; ``lost (chelem)`` when a maison chelem turned the
    round against its margin."""
    margin = record.margin
    assert margin is not None  # a bid
    if record.made != (margin >= 0):
        return msg("made (chelem)") if record.made else msg("lost (chelem)")
    return _by(margin)


def _by(margin: float) -> Msg:
    """``made by 8``, ``lost by 11``, and ``just made`` when the taker has exactly the points
    needed (not "made by 0": a table says « juste fait »).

    >>> _by(8), _by(-11.5), _by(0)
    ('made by 8', 'lost by 11.5', 'just made')
    """
    if margin == 0:
        return msg("just made")
    by = _num(abs(margin))
    return msg("made by {by}", by=by) if margin > 0 else msg("lost by {by}", by=by)


# --------------------------------------------------------------------------------------------
# The rules in a few sentences


def summary(params: TarotParams) -> tuple[str, ...]:
    """The rules in a few sentences (``cardscore rules tarot``).

    >>> from cardscore.games.tarot.rules import PRESETS
    >>> summary(PRESETS["fft"])[0]
    'The taker needs 56 points without a bout, 51 with 1, 41 with 2 and 36 with 3 (of 91).'
    """
    none, one, two, three = THRESHOLDS
    lines = [
        msg(
            "The taker needs {none} points without a bout, {one} with 1, {two} with 2 and "
            "{three} with 3 (of {total}).",
            none=none,
            one=one,
            two=two,
            three=three,
            total=CARD_POINTS,
        ),
    ]
    lines.append(_bounds_summary(params))
    if params.scoring == Scoring.FFT:
        lines.append(_fft_summary())
    else:
        lines.extend(_maison_summary(params))
    lines.append(_chelem_summary())
    lines.append(
        msg(
            "At 6 players the dealer is the mort and scores nothing; the deal "
            "passes to the next player every round."
        )
    )
    return tuple(lines)


def _bounds_summary(params: TarotParams) -> Msg:
    """The taker's possible points by his bouts (:func:`point_bounds`)."""
    ranges = [point_bounds(bouts) for bouts in range(BOUTS + 1)]
    shown = {f"low{b}": low for b, (low, _high) in enumerate(ranges)}
    shown |= {f"high{b}": high for b, (_low, high) in enumerate(ranges)}
    if params.half_points:
        return msg(
            "A bout is worth {bout} and the excuse may be traded for a half-point card, so "
            "the taker has {low0} to {high0} points with no bout, {low1} to {high1} with 1, "
            "{low2} to {high2} with 2 and {low3} to {high3} with 3; anything else is refused.",
            bout=_num(BOUT_VALUE),
            **shown,
        )
    return msg(
        "A bout is worth {bout} and the excuse may be traded for a half-point card, so "
        "the taker has {low0} to {high0} points with no bout, {low1} to {high1} with 1, "
        "{low2} to {high2} with 2 and {low3} to {high3} with 3; anything else is refused "
        "(half points dropped: {typed} typed for {low2} with 2 bouts is accepted).",
        bout=_num(BOUT_VALUE),
        typed=lowest_typed(ranges[2][0], half_points=False),
        **shown,
    )


def _chelem_summary() -> Msg:
    """What a chelem made by the taker's side leaves the defence (:func:`chelem_bounds`)."""
    ranges: dict[str, Msg | float] = {}
    for bouts in range(BOUTS + 1):
        for chien in (0, *sorted(set(CHIEN_CARDS.values()))):
            bounds = chelem_bounds(bouts, chien)
            if bounds is not None:
                low, high = bounds
                shown = msg("{low}–{high}", low=low, high=high) if low != high else low
                ranges[f"c{chien}b{bouts}"] = shown
    return msg(
        "A chelem made by the taker's side leaves the defence at most the excuse (traded for "
        "a half-point card): 2 bouts and {c0b2} points, or 3 bouts and {c0b3}. At garde "
        "contre the defence also holds the chien, so with 0, 1, 2 or 3 bouts the taker has "
        "{c6b0}, {c6b1}, {c6b2} or {c6b3} points with a chien of 6 cards (3 and 4 players), "
        "{c3b0}, {c3b1}, {c3b2} or {c3b3} with a chien of 3 (5 and 6 players).",
        **ranges,
    )


def _fft_summary() -> Msg:
    prise, garde, sans, contre = FFT_MULTIPLIERS.values()
    simple, double, triple = FFT_POIGNEES.values()
    return msg(
        "Each defender pays ({base} + the gap) × the contract (prise {prise}, garde {garde}, "
        "garde sans {sans}, garde contre {contre}), plus the petit au bout ({petit} × the "
        "contract), the poignées ({simple}, {double} or {triple}, to the side that wins) and "
        "the chelem; the taker receives as much from each, shared with their partner at "
        "{partner} players. Every round sums to 0.",
        base=FFT_BASE,
        prise=prise,
        garde=garde,
        sans=sans,
        contre=contre,
        petit=FFT_PETIT_AU_BOUT,
        simple=simple,
        double=double,
        triple=triple,
        partner=PARTNER_TABLE,
    )


def _maison_summary(params: TarotParams) -> list[Msg]:
    """The maison scoring, and what surprises a table used to the official rules (choices
    of these rules)."""
    return [
        msg(
            "Each opponent pays the contract (prise {prise}, garde {garde}, garde sans "
            "{sans}, garde contre {contre}) plus the gap rounded to ten, and the chelem; "
            "the petit au bout, poignées and misères are personal: +{bonus} from each other "
            "player.",
            prise=params.value_prise,
            garde=params.value_garde,
            sans=params.value_garde_sans,
            contre=params.value_garde_contre,
            bonus=PERSONAL_BONUS,
        ),
        msg(
            "At 5 and 6 players the called partner's score is taken from nobody: the "
            "round's scores do not sum to zero."
        ),
        msg(
            "An announced chelem that fails turns the round into a loss, even when the "
            "contract is made."
        ),
        msg(
            "A chelem taken by the defence scores like an announced chelem that failed "
            "(a choice of these rules): {extra} more per opponent, and the round is lost.",
            extra=MAISON_CHELEMS[Chelem.DEFENSE][0],
        ),
    ]
