"""What the terminal shows: totals, the scoresheet, a round's breakdown (Rich).

The tables are drawn by ``cardscore.grid.Grid``: the look of Rich's Table without its
per-cell layout, which took longer than loading and replaying 1,000 rounds; Rich's Table
takes over when a cell has several lines (``--detail``) or the terminal is too narrow.

Long sheets are drawn as preformatted text rather than a Rich table: Rich measures every cell
of every row, which is fine for the few rounds that fit a screen and slow for thousands.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, Group
from rich.segment import Segment
from rich.text import Text

from cardscore.grid import Grid
from cardscore.i18n import _, msg, tr

if TYPE_CHECKING:
    from cardscore.session import RoundRow, Session, Standings

RICH_ROWS_LIMIT = 200  # past this many rows, draw the sheet as plain text (speed)

# A corrected round and a round recorded after the game's end: the printed sheets' marks
# (cardscore.export.common), not imported from there: `show` never loads the exporters.
EDITED_MARK = "✎"
AFTER_END_MARK = "†"


def signed(value: int) -> str:
    """``+20``, ``-80``, ``0``: a round's score always shows its sign."""
    return f"{value:+d}" if value else "0"


def _style(value: int) -> str:
    return "green" if value > 0 else "red" if value < 0 else "dim"


def seat_note(session: Session, standings: Standings) -> str:
    """Who deals next (and, at 6-player tarot, who is mort)."""
    if standings.next_mort:
        return tr(
            msg(
                "Next dealer: {dealer} — mort: {mort}",
                dealer=standings.next_dealer,
                mort=standings.next_mort,
            )
        )
    return tr(msg("Next dealer: {dealer}", dealer=standings.next_dealer))


def table_changes(session: Session) -> dict[int, list[str]]:
    """The lines a sheet writes where the table changed (``from round 12: Zoé replaces
    Dan``), by the number of the first round the new table played (a change not played yet:
    the next round's number)."""
    from cardscore.document import table_changes as changes

    following = len(session.rounds) + 1
    lines: dict[int, list[str]] = {}
    for change in changes(session) if session.tables else ():
        number = min(change["from"], following)
        said = msg(
            "from round {number}: {changes}", number=change["from"], changes=change["summary"]
        )
        lines.setdefault(number, []).append(tr(said))
    return lines


def left_label(column: str) -> str:
    """A player who left, where the totals are listed: ``Dan (left)``."""
    return tr(msg("{name} (left)", name=column))


def totals_table(session: Session, standings: Standings) -> Grid:
    """The running totals, leader first, with the next dealer underneath.

    A player who left keeps his total, marked ``(left)``: ranked by it with the others where
    the game has no set end (tarot); listed after the players at the table, with no place,
    where only they can still reach the end (rami)."""
    title = session.title or f"{session.game} ({session.rules})"
    caption = seat_note(session, standings)
    goal = session.game_rules.goal_text(session.table())  # rami: its target in force
    if goal is not None:
        caption = f"{caption}\n{tr(goal)}"
    table = Grid(title=title, caption=caption, title_style="bold")
    table.add_column("#", justify="right", style="dim")
    table.add_column(_("Team") if session.teams else _("Player"))
    table.add_column(_("Total"), justify="right")
    game = session.game_rules
    goal = game.goal(session.table())
    if goal is not None:  # how far each one is from the end of the game
        table.add_column(tr(msg("To {target}", target=goal)), justify="right")
    # Leader first: the lowest total at rami, the highest elsewhere.
    sign = 1 if game.lower_wins else -1
    ranking = sorted(standings.columns, key=lambda c: sign * standings.totals[c])
    seated = set(game.columns(session.table()))
    gone = {column for column in ranking if column not in seated}
    if goal is not None:  # only the players at the table can still reach the end
        ranking.sort(key=lambda c: c in gone)
    for place, column in enumerate(ranking, start=1):
        total = standings.totals[column]
        out = goal is not None and column in gone
        name = left_label(column) if column in gone else column
        cells = ["–" if out else str(place), name, Text(str(total), style=_style(total))]
        if goal is not None:
            cells.append("" if out else str(max(goal - total, 0)))
        table.add_row(*cells)
    if standings.held:
        # at the end of the game, held points go to nobody (no next round to win them)
        label = _("held, not awarded") if standings.finished else _("held (litige)")
        table.add_row("", label, str(standings.held))
    return table


def not_awarded_note(standings: Standings) -> str | None:
    """What the sheet says when the game ended with points held (belote's litige): they
    are awarded to nobody.  Nothing while the game is in play (the next round collects them)."""
    if standings.finished and standings.held:
        return tr(msg("{held} points held at the end were not awarded", held=standings.held))
    return None


def outcome_line(standings: Standings) -> Text | None:
    if standings.finished and standings.winner:
        return Text(
            tr(msg("Game over — {winner} wins!", winner=standings.winner)), style="bold magenta"
        )
    return None


def marks(row: RoundRow, ended: int | None) -> str:
    """``✎`` for a corrected round, ``†`` for one recorded after the round ``ended`` that
    ended the game, both, or nothing."""
    late = ended is not None and row.number > ended
    return (EDITED_MARK if row.edited else "") + (AFTER_END_MARK if late else "")


def legend(rows: Sequence[RoundRow], ended: int | None) -> list[str]:
    """What the marks of the rounds shown mean, one line each (none marked: no line)."""
    lines = []
    if any(row.edited for row in rows):
        lines.append(tr(msg("{mark} corrected round", mark=EDITED_MARK)))
    if ended is not None and rows and rows[-1].number > ended:
        lines.append(
            tr(
                msg(
                    "{mark} recorded after the game's end (game over after round {number})",
                    mark=AFTER_END_MARK,
                    number=ended,
                )
            )
        )
    return lines


def sheet(
    session: Session, standings: Standings, rows: Sequence[RoundRow], *, detail: bool = False
) -> Grid | PlainSheet | Group:
    """The scoresheet: one row per round (score and running total of each column).

    A corrected round's number carries ``✎``, a round recorded after the game's end ``†``
    (under a rule where the game ended), and a legend under the table says what they mean.

    Where the table changed, a line across the sheet says how, above the first round the
    new table played (``from round 12: Zoé replaces Dan``; a change not played yet: under
    the last round); a player's cells are blank in the rounds he did not play, and a player
    at the table in none of the rounds shown has no column (the totals list him).
    """
    ended = session.ended_after(standings)  # None while the game is in play: no cost
    if len(rows) > RICH_ROWS_LIMIT and not detail:
        return PlainSheet(plain_sheet(session, standings, rows, ended))
    notes = legend(rows, ended)
    table = Grid(
        title=session.title or f"{session.game} ({session.rules}) — {session.id}",
        title_style="bold",
        caption=not_awarded_note(standings),
        caption_style="bold",
        show_footer=True,
    )
    has_mort = any(r.mort for r in rows)
    seated = _Seated()
    columns = seated.shown(standings.columns, rows)
    if notes:  # the numbers right-aligned, each mark after its number
        mark_width = max(len(marks(row, ended)) for row in rows)
        digits = len(str(rows[-1].number))
        width = digits + 1 + mark_width

        def number(row: RoundRow) -> str:
            return f"{row.number:>{digits}} {marks(row, ended):<{mark_width}}"

        table.add_column(f"{'#':>{digits}}".ljust(width), style="dim", footer="")
    else:

        def number(row: RoundRow) -> str:
            return str(row.number)

        table.add_column("#", justify="right", style="dim", footer="")
    table.add_column(_("Dealer"), footer=_("Total"))
    if has_mort:
        table.add_column(_("Mort"), style="dim", footer="")
    for column in columns:
        total = standings.totals[column]
        table.add_column(column, justify="right", footer=Text(str(total), style="bold"))
    show_held = any(r.held for r in rows) or standings.held
    if show_held:
        table.add_column(_("Held"), justify="right", footer=str(standings.held or ""))
    if detail:
        table.add_column(_("Breakdown"))  # lines that Rich's Table wraps (see grid.Grid)
    changes = table_changes(session)
    for row in rows:
        for line in changes.get(row.number, ()):
            table.add_note(line, CHANGE_STYLE)
        cells: list[str | Text] = [number(row), row.dealer]
        if has_mort:
            cells.append(row.mort or "")
        at_table = seated(row)
        for column in columns:
            if column not in at_table:  # not at the table that round: blank
                cells.append("")
                continue
            score = row.scores.get(column, 0)
            cell = Text(signed(score), style=_style(score))
            cell.append(f" {row.totals[column]}", style="dim")
            cells.append(cell)
        if show_held:
            cells.append(str(row.held or ""))
        if detail:
            cells.append("\n".join(tr(line) for line in row.breakdown))
        # a rule across the table under the round that ended the game
        table.add_row(*cells, end_section=row.number == ended)
    if rows and rows[-1].number == len(session.rounds):  # the table of the next round
        for line in changes.get(rows[-1].number + 1, ()):
            table.add_note(line, CHANGE_STYLE)
    if not notes:
        return table
    return Group(table, *(Text(line, style="dim") for line in notes))


#: The style of a line across the sheet where the table changed.
CHANGE_STYLE = "bold"


class _Seated:
    """The columns at the table in a round, worked out once for each table (a replay's rows
    share their table's object)."""

    def __init__(self) -> None:
        self.found: dict[int, frozenset[str]] = {}

    def __call__(self, row: RoundRow) -> frozenset[str]:
        key = id(row.table)
        columns = self.found.get(key)
        if columns is None:
            columns = self.found[key] = frozenset(row.columns)
        return columns

    def shown(self, columns: Sequence[str], rows: Sequence[RoundRow]) -> Sequence[str]:
        """The columns a screen's sheet of ``rows`` shows: those at the table in one of them
        at least (the last rounds of a long evening leave out who left long ago: the
        totals under the sheet still list him)."""
        if not rows:
            return columns
        seen: set[str] = set()
        for row in rows:
            seen.update(self(row))
        return [column for column in columns if column in seen]


class PlainSheet:
    """Preformatted lines, printed as they are: no markup, no wrapping (print it with
    ``soft_wrap=True``: the terminal folds a line too long, a pipe keeps it whole).

    Rich's Text lays out a long text line by line, about 100 µs a line at 10,000 lines;
    yielding the lines as Segments costs about 2 µs a line.
    """

    def __init__(self, text: str) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        newline = Segment.line()
        for line in self.text.split("\n"):
            yield Segment(line)
            yield newline


def plain_sheet(
    session: Session, standings: Standings, rows: Sequence[RoundRow], ended: int | None = None
) -> str:
    """The scoresheet as aligned text, in time linear in the rows (``ended``: the round that
    ended the game, when rounds were recorded after it)."""
    if ended is None:
        ended = session.ended_after(standings)
    notes = legend(rows, ended)
    mark_width = max(len(marks(row, ended)) for row in rows) if notes and rows else 0
    seated = _Seated()
    columns = seated.shown(standings.columns, rows)
    widths = [max(len(c), 13) for c in columns]
    dealer, total = _("Dealer"), _("Total")
    people = session.timeline().players()  # everyone who sat at the table
    dealer_width = max([len(dealer), len(total), *(len(p) for p in people)])
    head = f"{'#':>5}{'':<{mark_width}}  {dealer:<{dealer_width}}  " + "  ".join(
        f"{c:>{w}}" for c, w in zip(columns, widths, strict=True)
    )
    lines = [session.title or f"{session.game} ({session.rules}) — {session.id}", head]
    changes = table_changes(session)
    for row in rows:
        lines.extend(changes.get(row.number, ()))
        at_table = seated(row)
        cells = "  ".join(
            f"{_score_and_total(row, c) if c in at_table else '':>{w}}"
            for c, w in zip(columns, widths, strict=True)
        )
        number = f"{row.number:>5}"
        if mark_width:
            number += f"{marks(row, ended):<{mark_width}}"
            if ended is not None and row.number == ended + 1:
                lines.append(
                    tr(
                        msg(
                            "Game over after round {number}; the rounds below were recorded "
                            "after the end",
                            number=ended,
                        )
                    )
                )
        lines.append(f"{number}  {row.dealer:<{dealer_width}}  {cells}")
    if rows and rows[-1].number == len(session.rounds):  # the table of the next round
        lines.extend(changes.get(rows[-1].number + 1, ()))
    lines.append(
        f"{'':>{5 + mark_width}}  {total:<{dealer_width}}  "
        + "  ".join(f"{standings.totals[c]:>{w}}" for c, w in zip(columns, widths, strict=True))
    )
    if note := not_awarded_note(standings):
        lines.append(note)
    lines.extend(notes)
    return "\n".join(lines)


def _score_and_total(row: RoundRow, column: str) -> str:
    return f"{signed(row.scores.get(column, 0))} {row.totals[column]}"


def new_session(session: Session) -> Text:
    """What is said when a session is created: its game, its id (bold) and its rule set."""
    said = msg(
        "New {game} session [bold]{id}[/bold] ({rules}).",
        game=session.game,
        id=session.id,
        rules=session.rules,
    )
    return Text.from_markup(tr(said))


def round_report(
    session: Session, row_scores: dict[str, int], breakdown: Sequence[str], title: str
) -> Group:
    """A round's breakdown and its scores, as shown before confirming and after ``add``
    (``title`` and the breakdown's lines are messages, said in the user's language)."""
    lines = Text()
    for line in breakdown:
        lines.append("  " + tr(line) + "\n")
    scores = Text("  ")
    for column, value in row_scores.items():
        scores.append(f"{column} ", style="bold")
        scores.append(signed(value), style=_style(value))
        scores.append("   ")
    return Group(Text(tr(title), style="bold"), lines, scores)


def console(stderr: bool = False) -> Console:
    # No markup nor emoji codes: names and titles are printed as typed, even "[bold]Ann"
    # or ":smile:" (styles are applied with Text objects instead).
    return Console(stderr=stderr, highlight=False, markup=False, emoji=False)
