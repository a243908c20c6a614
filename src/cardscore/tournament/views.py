"""A tournament as the room reads it: each round's tables (seats in order, who deals first,
deals played, totals), the ranking, what comes next.  Drawn for the terminal
(:func:`seating`, :func:`ranking_table`, :func:`progress`) and as plain text or Markdown for
the results sheet (:func:`results_text`).  Every word in the user's language."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.text import Text

from cardscore.flow import Flow
from cardscore.grid import Grid
from cardscore.i18n import _, msg, tr
from cardscore.tournament.organise import Standing
from cardscore.tournament.ranking import Ranked, TableState
from cardscore.tournament.record import RoundDraw, Tournament


def heading(tournament: Tournament) -> str:
    """The tournament's title line: its title, game, rule set and id."""
    what = f"{tournament.game} ({tournament.rules}) — {tournament.id}"
    return f"{tournament.title} — {what}" if tournament.title else what


def meta_line(tournament: Tournament) -> str:
    """``tarot, rule set fft · 9 entrants · round 2 of 3``."""
    return tr(
        msg(
            "{game}, rule set {rules} · {count} entrants · round {current} of {rounds}",
            game=tournament.game,
            rules=tournament.rules,
            count=len(tournament.sides),
            current=tournament.current_round,
            rounds=tournament.rounds,
        )
    )


def seat_line(tournament: Tournament, draw: RoundDraw, index: int) -> str:
    """``Table 1: Ann (deals first), Bob, Cyd, Dan`` (team games: the teams facing)."""
    table = draw.tables[index]
    names = [
        tr(msg("{name} (deals first)", name=p)) if p == table.dealer else p for p in table.players
    ]
    if tournament.teams:
        p = table.players
        first = f"{p[0]} & {p[2]}"
        second = f"{p[1]} & {p[3]}"
        return tr(
            msg(
                "Table {number}: {first} against {second}; seats {seats}",
                number=table.number,
                first=first,
                second=second,
                seats=", ".join(names),
            )
        )
    return tr(msg("Table {number}: {players}", number=table.number, players=", ".join(names)))


def seating(tournament: Tournament, number: int) -> list[str]:
    """Round ``number``'s seating, table by table (and who sits it out)."""
    draw = tournament.draws[number - 1]
    lines = [tr(msg("Round {number} of {rounds}", number=number, rounds=tournament.rounds))]
    lines += ["  " + seat_line(tournament, draw, i) for i in range(len(draw.tables))]
    if draw.bye:
        lines.append("  " + _bye(draw))
    return lines


def table_progress(state: TableState) -> str:
    """``3/4 deals`` (``finished``), and the leader so far."""
    if state.problem and state.played == 0:
        return tr(msg("unreadable: {problem}", problem=state.problem))
    if state.played == 0:
        return _("not started")
    if state.deals is None:
        done = tr(msg("{played} deals", played=state.played))
    else:
        done = tr(msg("{played}/{deals} deals", played=state.played, deals=state.deals))
    totals = ", ".join(f"{side} {state.totals.get(side, 0)}" for side in state.sides)
    said = [done, totals]
    if state.finished:
        said.append(_("finished"))
    if state.zero_sum is False:
        said.append(_("columns do not add up to 0"))
    if state.problem:
        said.append(state.problem)
    return " · ".join(said)


def progress(standing: Standing) -> list[str]:
    """Every round's tables, each with how far it is."""
    lines: list[str] = []
    t = standing.tournament
    for draw, states in zip(t.draws, standing.rounds, strict=True):
        lines += seating(t, draw.number)[:1]
        for index, state in enumerate(states):
            lines.append("  " + seat_line(t, draw, index))
            lines.append("      " + table_progress(state))
        if draw.bye:
            lines.append("  " + _bye(draw))
    return lines


def _bye(draw: RoundDraw) -> str:
    return tr(msg("Sitting out: {names}", names=", ".join(draw.bye)))


def ranking_table(standing: Standing) -> Grid:
    """The ranking: rank, name, each round's score, the total (and place points)."""
    t = standing.tournament
    table = Grid(title=_("Ranking"), title_style="bold")
    table.add_column("#", justify="right", style="dim")
    table.add_column(_("Team") if t.teams else _("Player"))
    for number in range(1, t.rounds + 1):
        table.add_column(tr(msg("R{number}", number=number)), justify="right")
    table.add_column(_("Total"), justify="right")
    by_places = t.ranking == "places"
    if by_places:
        table.add_column(_("Points"), justify="right")
    for row in standing.ranking:
        cells = [str(row.rank), row.name, *round_cells(row, t.rounds), str(row.total)]
        if by_places:
            cells.append(str(row.points))
        table.add_row(*cells)
    return table


def round_cells(row: Ranked, rounds: int) -> list[str]:
    """Each round's score (``–``: not played; a bye's score said so), then blanks for the
    rounds not drawn yet."""
    cells = []
    for index, score in enumerate(row.rounds):
        bye = row.byes[index] if index < len(row.byes) else None
        if bye is not None:
            cells.append(tr(msg("{points} (bye)", points=bye)))
        else:
            cells.append("–" if score is None else str(score))
    return cells + [""] * (rounds - len(cells))


def next_step(standing: Standing) -> str:
    """What comes next: play the round's tables, draw the next round, or the winner."""
    t = standing.tournament
    if standing.finished:
        winners = [r.name for r in standing.ranking if r.rank == 1]
        return tr(msg("Finished: {names} first.", names=", ".join(winners)))
    if standing.round_finished and t.current_round < t.rounds:
        return tr(
            msg(
                "Round {number} is finished: draw the next with `cardscore tournament next {id}`.",
                number=t.current_round,
                id=t.id,
            )
        )
    waiting = [s.number for s in standing.rounds[-1] if not s.finished] if standing.rounds else []
    return tr(
        msg(
            "Round {number}: tables {tables} playing (`cardscore tournament play {id} --table N`).",
            number=t.current_round,
            tables=", ".join(map(str, waiting)),
            id=t.id,
        )
    )


def shown(standing: Standing) -> Group:
    """``tournament show`` on a terminal."""
    t = standing.tournament
    # each line broken after its commas where the terminal is narrow, indented as it starts
    parts: list[object] = [Text(heading(t), style="bold"), *map(Flow.of, progress(standing))]
    parts += [Text(), ranking_table(standing)]
    zero = _zero_sum_faults(standing.rounds)
    if zero:
        parts.append(Text(zero, style="yellow"))
    parts.append(Text(next_step(standing)))
    return Group(*parts)


def _zero_sum_faults(rounds: Sequence[Sequence[TableState]]) -> str:
    """The tables whose columns should add up to 0 and do not, named."""
    bad = [
        tr(msg("round {round} table {table}", round=s.round, table=s.number))
        for states in rounds
        for s in states
        if s.zero_sum is False
    ]
    if not bad:
        return ""
    return tr(msg("Columns that do not add up to 0: {tables}", tables=", ".join(bad)))


def results_text(standing: Standing, *, markdown: bool = False) -> str:
    """The results sheet as plain text (or Markdown): the ranking, then every round."""
    t = standing.tournament
    lines = [("# " if markdown else "") + heading(t), ""]
    head = [_("Rank"), _("Team") if t.teams else _("Player")]
    head += [tr(msg("R{number}", number=n)) for n in range(1, t.rounds + 1)] + [_("Total")]
    rows = [
        [str(r.rank), r.name, *round_cells(r, t.rounds), str(r.total)] for r in standing.ranking
    ]
    lines += _table(head, rows, markdown)
    for draw, states in zip(t.draws, standing.rounds, strict=True):
        lines += ["", ("## " if markdown else "") + seating(t, draw.number)[0]]
        for index, state in enumerate(states):
            seats, how = seat_line(t, draw, index), table_progress(state)
            lines += [f"- {seats} — {how}"] if markdown else [f"  {seats}", f"      {how}"]
        if draw.bye:
            lines.append(("- " if markdown else "  ") + _bye(draw))
    zero = _zero_sum_faults(standing.rounds)
    if zero:
        lines += ["", zero]
    lines += ["", next_step(standing)]
    return "\n".join(lines) + "\n"


def _table(head: list[str], rows: list[list[str]], markdown: bool) -> list[str]:
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return out + ["| " + " | ".join(row) + " |" for row in rows]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    return [
        "  ".join(
            cell.ljust(w) if i == 1 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in [head, *rows]
    ]
