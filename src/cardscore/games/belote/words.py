"""The words of belote and coinche: a round's breakdown, its headline and its "played" text,
and the rules in a few sentences (``cardscore rules belote``).

Everything here is written from what the scoring worked out (:mod:`.record`): the
breakdown only says the record's numbers, term by term, and never scores anything again.
The game terms (``capot``, ``coinché``, ``sans atout``…) are French in every language.

>>> from cardscore.games.base import Table
>>> from cardscore.games.belote.rules import BeloteParams, belote_record
>>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), BeloteParams(), ("AC", "BD"))
>>> inp = {"taker": "Ann", "trump": "hearts", "points": 82, "dix_de_der": 0, "belote": 0,
...        "announces": [[1, 20]], "capot": None}
>>> record = belote_record(inp, t, None)
>>> headline(belote_line(inp, t), record)
'Ann ♥ 82 → made'
>>> explain(record, t)[-1]
'contract made: 112 > 90, each team scores its total'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardscore.games.base import Table
from cardscore.games.belote.record import (
    ROUNDING_UNIT,
    BeloteRecord,
    CoincheRecord,
    Level,
    Special,
    Tally,
    Trump,
    Verdict,
    round_tens,
)
from cardscore.games.belote.rules import (
    ANNOUNCE_VALUES,
    BELOTE_POINTS,
    CARD_POINTS,
    DIX_DE_DER,
    HIGHEST_CONTRACT,
    LEVEL_OF,
    LOWEST_CONTRACT,
    ROUND_POINTS,
    TOUT_ATOUT_VALUES,
    TRUMP_VALUES_TOTAL,
    BeloteParams,
    CoincheAnnouncements,
    CoincheParams,
    LitigeBelote,
    card_total,
    team_names,
    team_of,
)
from cardscore.i18n import Msg, msg

# --------------------------------------------------------------------------------------------
# The breakdown: written from the record, and only here


def explain(record: BeloteRecord | CoincheRecord, table: Table) -> tuple[Msg, ...]:
    """The breakdown of a round, line by line, from its record: each team's total term by
    term, then how the totals became scores.  (The record holds everything the lines say:
    ``table`` is the games' common signature, for a game whose lines would need it.)

    >>> from cardscore.games.belote.rules import belote_record
    >>> t = Table("belote", ("Ann", "Bob", "Cyd", "Dan"), BeloteParams(), ("AC", "BD"))
    >>> inp = {"taker": "Ann", "trump": "spades", "points": 90, "dix_de_der": 0,
    ...        "belote": None, "announces": [], "capot": None}
    >>> for line in explain(belote_record(inp, t, 81), t):
    ...     print(line)
    AC: 90 in cards + 10 dix de der = 100
    BD: 62 in cards = 62
    contract made: 100 > 62, each team scores its total
    held: AC collect the 81 held, 100 + 81 = 181
    """
    lines = [_tally_line(t) for t in record.tallies]
    if isinstance(record, BeloteRecord):
        lines += _belote_lines(record)
    else:
        lines += _coinche_lines(record)
    return tuple(lines)


def _sum(terms: Sequence[str]) -> str:
    """Terms added up, ``82 in cards + 10 dix de der``: a message of messages, so that each
    term is said in the reader's language.

    >>> _sum([msg("{points} in cards", points=82), msg("{points} belote", points=20), "7"])
    '82 in cards + 20 belote + 7'
    """
    total = terms[0]
    for term in terms[1:]:
        total = msg("{sum} + {term}", sum=total, term=term)
    return total


def _tally_line(tally: Tally) -> Msg:
    """A team's total, e.g. ``Us: 82 in cards + 10 dix de der = 92``."""
    terms = [
        msg("{points} capot", points=tally.cards)
        if tally.capot
        else msg("{points} in cards", points=tally.cards)
    ]
    if tally.dix_de_der:
        terms.append(msg("{points} dix de der", points=tally.dix_de_der))
    if tally.belote:
        terms.append(msg("{points} belote", points=tally.belote))
    if tally.announces:
        terms.append(msg("{points} announcements", points=tally.announces))
    return msg("{team}: {terms} = {total}", team=tally.team, terms=_sum(terms), total=tally.total)


def _belote_lines(record: BeloteRecord) -> list[Msg]:
    """How a belote round's totals became scores: made, litige or dedans, then the held
    points collected by the winner."""
    taker, defense = record.tallies[record.taker_team], record.tallies[1 - record.taker_team]
    if record.verdict is Verdict.LITIGE:
        return _litige_lines(record, taker, defense)
    if record.verdict is Verdict.MADE:
        lines = [
            msg(
                "contract made: {taker} > {defense}, each team scores its total",
                taker=taker.total,
                defense=defense.total,
            )
        ]
        before = taker.total
    else:
        lines = _dedans_lines(record, taker, defense)
        before = record.round_points + defense.belote + record.won_announces
    if record.held_in:
        lines.append(
            msg(
                "held: {winner} collect the {held} held, {before} + {held} = {total}",
                winner=record.tallies[record.winner].team,
                held=record.held_in,
                before=before,
                total=before + record.held_in,
            )
        )
    return lines


def _litige_lines(record: BeloteRecord, taker: Tally, defense: Tally) -> list[Msg]:
    """A litige: the defence scores its total; the taker team's (but a kept belote) waits."""
    kept, held, pot = record.kept, record.held_in, record.held_out
    rest = taker.total - kept
    if kept:
        first = msg(
            "litige: {taker} = {defense}, {defense_team} score their total",
            taker=taker.total,
            defense=defense.total,
            defense_team=defense.team,
        )
    else:
        first = msg(
            "litige: {taker} = {defense}, {defense_team} score their total, {taker_team} 0",
            taker=taker.total,
            defense=defense.total,
            defense_team=defense.team,
            taker_team=taker.team,
        )
    if kept and held:
        second = msg(
            "litige: {team} score their belote ({belote}) now; the rest, "
            "{rest} + {held} already held = {pot}, is held for the next round",
            team=taker.team,
            belote=kept,
            rest=rest,
            held=held,
            pot=pot,
        )
    elif kept:
        second = msg(
            "litige: {team} score their belote ({belote}) now; the rest, "
            "{rest}, is held for the next round",
            team=taker.team,
            belote=kept,
            rest=rest,
        )
    elif held:
        second = msg(
            "litige: {taker} + {held} already held = {pot} held for the next round",
            taker=taker.total,
            held=held,
            pot=pot,
        )
    else:
        second = msg("litige: {pot} held for the next round", pot=pot)
    return [first, second]


def _dedans_lines(record: BeloteRecord, taker: Tally, defense: Tally) -> list[Msg]:
    """A dedans: the defence takes the round, its belote and the announcements it wins;
    the taker's team keeps its belote."""
    terms = [
        msg("{points} capot", points=record.round_points)
        if defense.capot
        else msg("{points} round", points=record.round_points)
    ]
    if defense.belote:
        terms.append(msg("{points} belote", points=defense.belote))
    if record.won_announces:
        terms.append(msg("{points} announcements", points=record.won_announces))
    return [
        msg(
            "dedans: {taker} {sign} {defense}, the defence takes all",
            taker=taker.total,
            sign="<" if taker.total < defense.total else "=",
            defense=defense.total,
        ),
        msg(
            "{team}: {terms} = {total}",
            team=defense.team,
            terms=_sum(terms),
            total=record.round_points + defense.belote + record.won_announces,
        ),
        *_only_belote(taker),
    ]


def _coinche_lines(record: CoincheRecord) -> list[Msg]:
    """How a coinche round's totals became scores: the contract made or not (and why),
    a capot that may have been forgotten, then each team's score."""
    taker = record.tallies[record.taker_team]
    test = _contract_test(record)
    # the level (coinché…) is said by the score's line below
    lines = [
        msg("{test}: contract made", test=test) if record.made else msg("{test}: fallen", test=test)
    ]
    if record.capot_unclaimed:
        lines.append(
            msg(
                "warning: {team} hold all {total} card points and the last trick, "
                "but no capot was given: scored as not capot (the defence may have "
                "won a trick of no points)",
                team=taker.team,
                total=taker.cards,
            )
        )
    if record.own_scores:
        lines.append(_own_line(taker, record.rounding, record.value))
        lines.append(_own_line(record.tallies[1 - record.taker_team], record.rounding))
    else:
        lines += _coinched_lines(record)
    return lines


def _contract_test(record: CoincheRecord) -> Msg:
    """What was bid and what was made, plainly, for the breakdown: ``110 bid, 108 made``,
    ``80 bid, 81 made, but the defence has 81``, ``capot bid, NS did not take every trick``
    (the contracts are game terms, French in every language)."""
    made, team = record.made, record.side
    if record.contract is Special.CAPOT:
        return (
            msg("capot bid, {team} took every trick", team=team)
            if made
            else msg("capot bid, {team} did not take every trick", team=team)
        )
    if record.contract is Special.GENERALE:
        return (
            msg("générale bid, {taker} took every trick alone", taker=record.taker)
            if made
            else msg("générale bid, {taker} did not take every trick alone", taker=record.taker)
        )
    taker = record.tallies[record.taker_team].total
    defense = record.tallies[1 - record.taker_team].total
    if taker >= record.value and not made:  # enough, but not more than the defence
        return msg(
            "{bid} bid, {made} made, but the defence has {defense}",
            bid=record.value,
            made=taker,
            defense=defense,
        )
    return msg("{bid} bid, {made} made", bid=record.value, made=taker)


def _own_line(tally: Tally, rounding: bool, contract: int = 0) -> Msg:
    """A team's own total (rounded under official rules), plus its contract if any."""
    total = tally.total
    points = round_tens(total) if rounding else total
    shown = (
        str(total)
        if points == total
        else msg("{total} rounded to {points}", total=total, points=points)
    )
    if contract:
        return msg(
            "{team}: {shown} + {contract} contract = {total}",
            team=tally.team,
            shown=shown,
            contract=contract,
            total=points + contract,
        )
    return msg(
        "{team}: their total {shown} = {points}", team=tally.team, shown=shown, points=points
    )


def _coinched_lines(record: CoincheRecord) -> list[Msg]:
    """A coinché or fallen contract: the winner's (base + contract) × level, its belote and
    the announcements it scores, each dropped announcement, the other team's belote."""
    winner, loser = record.tallies[record.winner], record.tallies[1 - record.winner]
    level, k = record.level, int(record.level)
    # Sheer arithmetic (and the level, a game term): nothing to translate.
    terms: list[str] = [
        f"({record.base} + {record.value}) × {k} {level.word}"
        if level is not Level.NONE
        else f"{record.base} + {record.value}"
    ]
    if winner.belote:
        terms.append(msg("{points} belote", points=winner.belote))
    # The seed's formulas leave the announcements out; a table may give them all to the
    # round's winner.
    announces = record.tallies[0].announces + record.tallies[1].announces
    if record.to_winner and announces:
        terms.append(msg("{points} announcements", points=announces))
    won = (record.base + record.value) * k + winner.belote
    lines = [
        msg(
            "{team}: {terms} = {total}",
            team=winner.team,
            terms=_sum(terms),
            total=won + announces if record.to_winner else won,
        )
    ]
    if not record.to_winner:
        names = (record.tallies[0].team, record.tallies[1].team)
        for team, points in record.announces:
            lines.append(
                msg(
                    "announcement {points} ({team}): not scored, the contract was {level}",
                    points=points,
                    team=names[team],
                    level=level.word,
                )
                if record.made
                else msg(
                    "announcement {points} ({team}): not scored, the contract fell",
                    points=points,
                    team=names[team],
                )
            )
    lines.extend(_only_belote(loser))
    return lines


def _only_belote(tally: Tally) -> list[Msg]:
    """The line of a team that scores only its belote (none when it had no belote: a team
    that scores nothing is not named)."""
    if not tally.belote:
        return []
    return [msg("{team}: only their belote = {belote}", team=tally.team, belote=tally.belote)]


# --------------------------------------------------------------------------------------------
# The round in one line: its headline, and its "played" text on the printed sheet

# The trumps as the one-line summary of a round shows them.
_TRUMP_SIGNS: Mapping[str, str] = {
    Trump.SPADES: "♠",
    Trump.HEARTS: "♥",
    Trump.DIAMONDS: "♦",
    Trump.CLUBS: "♣",
    Trump.SANS_ATOUT: "sans atout",  # game terms, French in every language
    Trump.TOUT_ATOUT: "tout atout",
}
_OUTCOME_LINES: Mapping[Verdict, Callable[[str], Msg]] = {
    Verdict.MADE: lambda line: msg("{round} → made", round=line),
    Verdict.DEDANS: lambda line: msg("{round} → dedans", round=line),
    Verdict.LITIGE: lambda line: msg("{round} → litige", round=line),
}


def _card_points_line(inp: Mapping[str, Any], table: Table) -> str:
    """The taker team's card points, or the capot: ``82``, ``capot``, ``capot by EW``."""
    capot = inp["capot"]
    if capot is None:
        return str(inp["points"])
    if capot == team_of(inp["taker"], table):
        return "capot"  # a game term
    return msg("capot by {team}", team=team_names(table)[capot])


def belote_line(inp: Mapping[str, Any], table: Table) -> Msg:
    """``South ♥ 82``: the taker, the trump, his team's card points (or its capot)."""
    return msg(
        "{taker} {trump} {points}",
        taker=inp["taker"],
        trump=_TRUMP_SIGNS[inp["trump"]],
        points=_card_points_line(inp, table),
    )


def coinche_line(inp: Mapping[str, Any], table: Table) -> Msg:
    """``South 100 ♥ coinché, 98``: the taker, the contract, its trump and level (game
    terms), then his team's card points or its capot, left out when they say no more than the
    outcome (a capot contract and his team's capot, a générale made)."""
    contract = inp["contract"]
    word = "générale" if contract == Special.GENERALE else str(contract)
    level = LEVEL_OF[inp["coinche"]].word
    named = " ".join(filter(None, (word, _TRUMP_SIGNS[inp["trump"]], level)))
    taker_capot = inp["capot"] == team_of(inp["taker"], table)
    if (contract == Special.CAPOT and taker_capot) or inp["generale_made"]:
        return msg("{taker} {contract}", taker=inp["taker"], contract=named)
    return msg(
        "{taker} {contract}, {points}",
        taker=inp["taker"],
        contract=named,
        points=_card_points_line(inp, table),
    )


def headline(line: Msg, record: Any) -> str:
    """A round's ``line`` (:func:`belote_line`, :func:`coinche_line`), then its outcome when
    ``record`` is given: ``Dan ♥ 82 → made``."""
    if record is None:
        return line
    return _OUTCOME_LINES[record.verdict](line)


#: how the Played column says the taker's team fell: dedans (belote), fallen (coinche)
DEDANS, FALLEN = msg("dedans"), msg("fallen")  # a coinche contract falls (« chuté »)


def played(line: Msg, record: Any, fell: Msg) -> str:
    """A round's ``line``, then, with its ``record``, what the scores alone do not say: a
    litige and the points it holds, or that the taker's team ``fell``."""
    if record is None:
        return line
    if record.verdict is Verdict.LITIGE:
        return msg("{round}, litige, {held} held", round=line, held=record.held_out)
    if record.verdict is Verdict.DEDANS:
        return msg("{round}, {more}", round=line, more=fell)
    return line


# --------------------------------------------------------------------------------------------
# The rules in a few sentences


def summary(params: Any, own: Sequence[Msg]) -> tuple[str, ...]:
    """The rules of either game in a few sentences: how the cards count, the game's ``own``
    sentences (:func:`belote_summary`, :func:`coinche_summary`), how the game ends."""
    lines = [
        msg(
            "A round with trumps is worth {round} ({cards} in the cards, {last} for the "
            "last trick); in sans atout the ace is worth {ace} and a round {sans_atout}. "
            "Belote-rebelote {belote}, announcements {lowest} to {highest}, a capot {capot}.",
            round=ROUND_POINTS,
            cards=CARD_POINTS,
            last=DIX_DE_DER,
            ace=params.sans_atout_ace,
            sans_atout=card_total(Trump.SANS_ATOUT, params) + DIX_DE_DER,
            belote=BELOTE_POINTS,
            lowest=ANNOUNCE_VALUES[0],
            highest=ANNOUNCE_VALUES[-1],
            capot=params.capot_made_value,
        ),
        *own,
        msg(
            "The game ends when a team reaches {target}; the higher total wins.",
            target=params.target,
        ),
    ]
    return tuple(lines)


def belote_summary(params: BeloteParams) -> list[Msg]:
    """Belote's own sentences: dedans, and the litige as the table plays it."""
    lines = [
        msg(
            "The taker's team must score more than the defence; otherwise it "
            "is dedans and the defence takes the whole round."
        )
    ]
    if params.litige:
        lines.append(
            msg(
                "A tie is a litige: the defence scores its points, the "
                "taker's wait for the winner of the next round."
            )
        )
        if params.litige_belote == LitigeBelote.KEPT:
            lines.append(
                msg(
                    "Belote-rebelote is never held: in a litige the taker's team "
                    "scores its belote at once, only the rest waits."
                )
            )
    return lines


def coinche_summary(params: CoincheParams) -> list[Msg]:
    """Coinche's own sentences: the contract and its score, the rounding, the
    announcements, tout atout."""
    lines = [
        msg(
            "The taker's team must reach its contract ({lowest} to {highest}, capot, "
            "générale) and score more than the defence. Made: its points plus the "
            "contract; coinché or surcoinché: ({base} + contract) × {coinche} or "
            "× {surcoinche}. Fallen: the defence scores {base} + the contract, × the "
            "coinche.",
            lowest=LOWEST_CONTRACT,
            highest=HIGHEST_CONTRACT,
            base=params.base,
            coinche=int(Level.COINCHE),
            surcoinche=int(Level.SURCOINCHE),
        )
    ]
    if params.rounding:
        lines.append(
            msg(
                "Each team's points are rounded to the ten ({half} up).",
                half=ROUNDING_UNIT // 2,
            )
        )
    lines.append(
        msg(
            "Announcements count towards the contract; they score only in a made "
            "contract that was not coinché."
        )
        if params.coinche_announcements == CoincheAnnouncements.SEED
        else msg(
            "Announcements count towards the contract; in a coinché or fallen round "
            "the team that wins it also scores every announcement of both teams."
        )
    )
    lines.append(_tout_atout_summary())
    return lines


def _tout_atout_summary() -> Msg:
    """How tout atout counts its cards, with the values a table must convert to."""
    v = TOUT_ATOUT_VALUES
    return msg(
        "Tout atout counts every suit on the {scale} scale: J {jack}, 9 {nine}, "
        "A {ace}, 10 {ten}, K {king}, Q {queen}, 8 and 7 {low} ({suit} a suit); "
        "a table that counts the {trumps} points of the trump values ({cards} in "
        "the cards + {last} dix de der) must convert its count to this scale.",
        scale=CARD_POINTS,
        jack=v["J"],
        nine=v["9"],
        ace=v["A"],
        ten=v["10"],
        king=v["K"],
        queen=v["Q"],
        low=v["8"],
        suit=sum(v.values()),
        trumps=TRUMP_VALUES_TOTAL + DIX_DE_DER,
        cards=TRUMP_VALUES_TOTAL,
        last=DIX_DE_DER,
    )
