"""What the terminal shows: totals, the scoresheet, a round's breakdown (Rich).

The tables are drawn by ``cardscore.grid.Grid``: the look of Rich's Table without its
per-cell layout, which took longer than loading and replaying 1,000 rounds; Rich's Table
takes over when a cell has several lines (``--detail``) or the terminal is too narrow.

Long sheets are drawn as preformatted text rather than a Rich table: Rich measures every cell
of every row, which is fine for the few rounds that fit a screen and slow for thousands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.padding import Padding
from rich.segment import Segment
from rich.text import Text

from cardscore.games import preset_word
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


def seat_note(session: Session, standings: Standings) -> str:
    """Who deals next (and, at 6-player tarot, who is mort): one short line."""
    if standings.next_mort and standings.next_mort == standings.next_dealer:
        return tr(msg("Next dealer: {dealer} (mort)", dealer=standings.next_dealer))
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


def totals_table(session: Session, standings: Standings) -> Group:
    """The running totals, leader first, with the next dealer underneath (none once the
    game is over) and the target in force (rami), each a line under the table, as wide as
    the terminal (not wrapped to the narrow table).

    A player who left keeps his total, marked ``(left)``: ranked by it with the others where
    the game has no set end (tarot); listed after the players at the table, with no place,
    where only they can still reach the end (rami)."""
    title = session.title or f"{session.game} ({preset_word(session.rules)})"
    captions = [] if standings.finished else [seat_note(session, standings)]
    goal = session.game_rules.goal_text(session.table())  # rami: its target in force
    if goal is not None:
        captions.append(tr(goal))
    table = Grid(title=title, title_style="bold")
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
        cells = [
            "–" if out else str(place),
            name,
            Text(str(total), style=score_style(total, game.lower_wins)),
        ]
        if goal is not None:
            cells.append("" if out else str(max(goal - total, 0)))
        table.add_row(*cells)
    if standings.held:
        # at the end of the game, held points go to nobody (no next round to win them)
        label = _("held, not awarded") if standings.finished else _("held (litige)")
        table.add_row("", label, str(standings.held))
    return Group(table, *(Text(line, style="table.caption") for line in captions))


def not_awarded_note(standings: Standings) -> str | None:
    """What the sheet says when the game ended with points held (belote's litige): they
    are awarded to nobody.  Nothing while the game is in play (the next round collects them)."""
    if standings.finished and standings.held:
        return tr(msg("{held} points held at the end were not awarded", held=standings.held))
    return None


def outcome_line(standings: Standings) -> Text | None:
    """``Game over — Ann wins!``; a team: ``Game over — Nous win!``."""
    if not (standings.finished and standings.winner):
        return None
    rows = standings.rows
    if rows and rows[-1].table.teams:
        said = msg("Game over — {winner} win!", winner=standings.winner)
    else:
        said = msg("Game over — {winner} wins!", winner=standings.winner)
    return Text(tr(said), style="bold magenta")


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
) -> Sheet | PlainSheet:
    """The scoresheet: one row per round, each column's score and its running total, the
    total in parentheses (``+20 (140)``) and dim.

    Its layout is chosen for the width it is drawn in, and a number or a heading is never
    cut: a row a round, score and total on one line (wide terminals); two lines a round,
    the scores then the totals (narrower ones); else one block a round, each column's name,
    score and total together (see :class:`Sheet`).

    A corrected round's number carries ``✎``, a round recorded after the game's end ``†``
    (under a rule where the game ended), and a legend under the table says what they mean.

    Where the table changed, a line across the sheet says how, above the first round the
    new table played (``from round 12: Zoé replaces Dan``; a change not played yet: under
    the last round); a player's cells are blank in the rounds he did not play, and a player
    at the table in none of the rounds shown has no column (the totals list him).

    With ``detail``, each round's breakdown is written in full lines under its row.
    """
    ended = session.ended_after(standings)  # None while the game is in play: no cost
    if len(rows) > RICH_ROWS_LIMIT and not detail:
        return PlainSheet(
            plain_sheet(session, standings, rows, ended),
            lambda width: plain_blocks(session, standings, rows, ended, width),
        )
    return Sheet(session, standings, rows, ended, detail)


#: The style of a line across the sheet where the table changed.
CHANGE_STYLE = "bold"


def score_style(value: int, lower_wins: bool = False) -> str:
    """Green for what is good for the player, red for what is bad, dim for nothing: more
    points are good at tarot and belote, bad at rami (``lower_wins``: penalties)."""
    good = -value if lower_wins else value
    return "green" if good > 0 else "red" if good < 0 else "dim"


def in_parentheses(total: int) -> str:
    """A running total beside a round's score: ``(140)``."""
    return f"({total})"


class Sheet:
    """The scoresheet of :func:`sheet`, laid out for the width it is drawn in: the first of
    :data:`LAYOUTS` whose table fits, else one block a round (:meth:`blocks`)."""

    #: A row a round with what was played, a row a round (score and total on one line),
    #: then two rows a round.
    LAYOUTS = ("played", "wide", "stacked")

    def __init__(
        self,
        session: Session,
        standings: Standings,
        rows: Sequence[RoundRow],
        ended: int | None,
        detail: bool,
    ) -> None:
        self.session = session
        self.standings = standings
        self.rows = rows
        self.ended = ended
        self.detail = detail
        self.notes = legend(rows, ended)
        self.lower_wins = session.game_rules.lower_wins
        self.seated = _Seated()
        self.columns = self.seated.shown(standings.columns, rows)
        self.has_mort = any(r.mort for r in rows)
        self.show_held = bool(any(r.held for r in rows) or standings.held)
        self.changes = table_changes(session)
        game = session.game_rules
        # what was played each round (``Bob garde (Dan) 2b 49``), where the width allows
        self.played = [tr(game.played(row.input, row.table)) for row in rows]
        self.title = (
            session.title or f"{session.game} ({preset_word(session.rules)}) — {session.id}"
        )
        # each round's cells: the score and the total of each column at the table (None:
        # not at the table that round)
        self.cells: list[dict[str, tuple[str, str, int] | None]] = []
        for row in rows:
            at_table = self.seated(row)
            said: dict[str, tuple[str, str, int] | None] = {}
            for column in self.columns:
                if column in at_table:
                    score = row.scores.get(column, 0)
                    said[column] = (signed(score), in_parentheses(row.totals[column]), score)
                else:
                    said[column] = None
            self.cells.append(said)

    # ----------------------------------------------------------------------------------------

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        grid = self.grid(width)
        if grid is None:
            yield from self.blocks(width)
        else:
            yield grid
        for line in self.explained():
            yield Text(line, style="dim")

    def grid(self, width: int) -> Grid | None:
        """The sheet as a table that fits ``width`` columns (None: none fits)."""
        for layout in self.LAYOUTS:
            grid = self.table(layout)
            if grid.widths(width) is not None:
                if self.detail:  # the breakdown's lines as wide as they need, in the width
                    longest = max(
                        (cell_len(line) for lines in grid.notes.values() for line, _ in lines),
                        default=0,
                    )
                    grid.min_width = min(width, longest + 4)
                return grid
        return None

    def explained(self) -> list[str]:
        """What the sheet's marks mean, and what the number in parentheses is."""
        lines = list(self.notes)
        if self.rows:
            lines.append(tr(msg("(n): the running total after the round")))
        return lines

    def _number(self, row: RoundRow) -> str:
        if not self.notes:
            return str(row.number)
        mark_width = max(len(marks(r, self.ended)) for r in self.rows)
        digits = len(str(self.rows[-1].number))
        return f"{row.number:>{digits}} {marks(row, self.ended):<{mark_width}}"

    def table(self, layout: str) -> Grid:
        """The sheet in ``layout``: ``wide`` (``+20 (140)`` in a cell, a Mort column at
        6-player tarot), ``played`` (``wide`` and what was played, the last column), or
        ``stacked`` (the score, and under it the total; the mort under the dealer)."""
        stacked = layout == "stacked"
        played = layout == "played"
        table = Grid(
            title=self.title,
            title_style="bold",
            caption=not_awarded_note(self.standings),
            caption_style="bold",
            show_footer=True,
        )
        standings, rows = self.standings, self.rows
        if self.notes:  # the numbers right-aligned, each mark after its number
            head = f"{'#':>{len(str(rows[-1].number))}}".ljust(len(self._number(rows[-1])))
            table.add_column(head, style="dim", footer="")
        else:
            table.add_column("#", justify="right", style="dim", footer="")
        table.add_column(_("Dealer"), footer=_("Total"))
        mort_column = self.has_mort and not stacked
        if mort_column:
            table.add_column(_("Mort"), style="dim", footer="")
        # the scores and the totals of a column aligned, as two columns in one
        widths = {}
        for column in self.columns:
            said = [cell[column] for cell in self.cells if cell[column] is not None]
            widths[column] = (
                max((len(s[0]) for s in said), default=0),
                max((len(s[1]) for s in said), default=0),
            )
            total = standings.totals[column]
            table.add_column(column, justify="right", footer=Text(str(total), style="bold"))
        if self.show_held:
            table.add_column(_("Held"), justify="right", footer=str(standings.held or ""))
        if played:
            table.add_column(_("Played"), footer="")
        lower_wins = self.lower_wins
        for row, said, what in zip(rows, self.cells, self.played, strict=True):
            for line in self.changes.get(row.number, ()):
                table.add_note(line, CHANGE_STYLE)
            first: list[str | Text] = [self._number(row), row.dealer]
            second: list[str | Text] = ["", Text(_mort_said(row), style="dim")]
            if mort_column:
                first.append(row.mort or "")
                second.append("")
            for column in self.columns:
                cell = said[column]
                if cell is None:  # not at the table that round: blank
                    first.append("")
                    second.append("")
                    continue
                score, total, value = cell
                style = score_style(value, lower_wins)
                if stacked:
                    first.append(Text(score, style=style))
                    second.append(Text(total, style="dim"))
                else:
                    score_width, total_width = widths[column]
                    text = Text(" " * (score_width - len(score)))
                    text.append(score, style=style)
                    text.append(f" {total:>{total_width}}", style="dim")
                    first.append(text)
            if self.show_held:
                first.append(str(row.held or ""))
                second.append("")
            if played:
                first.append(what)
            # a rule across the table under the round that ended the game
            end = row.number == self.ended
            if stacked:
                table.add_row(*first)
                table.add_row(*second, end_section=end)
            else:
                table.add_row(*first, end_section=end)
            if self.detail:
                for line in row.breakdown:
                    table.add_note(tr(line))
        if rows and rows[-1].number == len(self.session.rounds):  # the next round's table
            for line in self.changes.get(rows[-1].number + 1, ()):
                table.add_note(line, CHANGE_STYLE)
        return table

    def blocks(self, width: int) -> Iterator[Text | Padding]:
        """The sheet in a terminal too narrow for a table: a block a round, its number and
        dealer, then each column's name, score and total, as many a line as fit."""
        for line in _blocks(self, width, styled=True):
            yield Text(line) if isinstance(line, str) else line


def _mort_said(row: RoundRow) -> str:
    """Under the dealer, two lines a round: ``(mort)`` when he sits the round out, or who
    does (``mort: Dan``); nothing when nobody does."""
    if not row.mort:
        return ""
    if row.mort == row.dealer:
        return _("(mort)")
    return tr(msg("mort: {mort}", mort=row.mort))


def _round_heading(row: RoundRow, ended: int | None) -> str:
    mark = marks(row, ended)
    if row.mort:
        said = msg(
            "Round {number} (dealer {dealer}, mort {mort})",
            number=row.number,
            dealer=row.dealer,
            mort=row.mort,
        )
    else:
        said = msg("Round {number} (dealer {dealer})", number=row.number, dealer=row.dealer)
    return f"{tr(said)} {mark}" if mark else tr(said)


def _blocks(sheet: Sheet, width: int, *, styled: bool) -> Iterator[Text | Padding | str]:
    """The lines of the blocks layout (Texts with the scores' colours when ``styled``)."""
    columns, rows = sheet.columns, sheet.rows
    names = max((cell_len(c) for c in columns), default=0)
    held_label = _("Held")
    if sheet.show_held:
        names = max(names, cell_len(held_label))
    scores = totals = 1
    for said in sheet.cells:
        for cell in said.values():
            if cell is not None:
                scores = max(scores, len(cell[0]))
                totals = max(totals, len(cell[1]))
    entry = names + 1 + scores + 1 + totals
    gap, indent = "   ", "  "
    per_line = max(1, (width - len(indent) + len(gap)) // (entry + len(gap)))

    def pad(name: str) -> str:
        return name + " " * (names - cell_len(name))

    def flowed(entries: list[Text | str]) -> Iterator[Text | str]:
        for start in range(0, len(entries), per_line):
            part = entries[start : start + per_line]
            if styled:
                line = Text(indent)
                for index, piece in enumerate(part):
                    if index:
                        line.append(gap)
                    line.append(piece)
                yield line
            else:
                yield indent + gap.join(str(piece) for piece in part)

    yield Text(sheet.title, style="bold") if styled else sheet.title
    lower_wins = sheet.lower_wins
    for row, said in zip(rows, sheet.cells, strict=True):
        for line in sheet.changes.get(row.number, ()):
            yield Text(line, style=CHANGE_STYLE) if styled else line
        heading = _round_heading(row, sheet.ended)
        yield Text(heading, style="bold") if styled else heading
        entries: list[Text | str] = []
        for column in columns:
            cell = said[column]
            if cell is None:
                continue
            score, total, value = cell
            if styled:
                text = Text(f"{pad(column)} {score:>{scores}}")
                text.stylize(score_style(value, lower_wins), len(text) - len(score))
                text.append(f" {total:>{totals}}", style="dim")
                entries.append(text)
            else:
                entries.append(f"{pad(column)} {score:>{scores}} {total:>{totals}}")
        if row.held:
            entries.append(f"{pad(held_label)} {row.held:>{scores}}")
        yield from flowed(entries)
        if sheet.detail:
            for line in row.breakdown:
                # wrapped lines indented as the first
                yield (
                    Padding(Text(tr(line)), (0, 0, 0, 2), expand=False)
                    if styled
                    else indent + tr(line)
                )
        if row.number == sheet.ended:
            yield "─" * min(width, 40)
    if rows and rows[-1].number == len(sheet.session.rounds):  # the next round's table
        for line in sheet.changes.get(rows[-1].number + 1, ()):
            yield Text(line, style=CHANGE_STYLE) if styled else line
    total_label = _("Total")
    yield Text(total_label, style="bold") if styled else total_label
    standing = sheet.standings
    entries = [f"{pad(c)} {standing.totals[c]:>{scores + 1 + totals}}" for c in columns]
    if standing.held:
        entries.append(f"{pad(held_label)} {standing.held:>{scores + 1 + totals}}")
    yield from flowed(entries)
    if note := not_awarded_note(standing):
        yield Text(note, style="bold") if styled else note


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

    def __init__(self, text: str, narrow: Callable[[int], str] | None = None) -> None:
        self.text = text
        self.narrow = narrow  # the lines for a terminal narrower than the text's lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        newline = Segment.line()
        lines = self.text.split("\n")
        if self.narrow is not None and max(map(cell_len, lines)) > options.max_width:
            lines = self.narrow(options.max_width).split("\n")
        for line in lines:
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
    said = [
        [_score_and_total(row, c) if c in at_table else "" for c in columns]
        for row in rows
        for at_table in (seated(row),)
    ]
    widths = [
        max([len(c), len(str(standings.totals[c])), *(len(cells[i]) for cells in said)])
        for i, c in enumerate(columns)
    ]
    dealer, total = _("Dealer"), _("Total")
    people = session.timeline().players()  # everyone who sat at the table
    dealer_width = max([len(dealer), len(total), *(len(p) for p in people)])
    head = f"{'#':>5}{'':<{mark_width}}  {dealer:<{dealer_width}}  " + "  ".join(
        f"{c:>{w}}" for c, w in zip(columns, widths, strict=True)
    )
    lines = [session.title or f"{session.game} ({preset_word(session.rules)}) — {session.id}", head]
    changes = table_changes(session)
    for row, row_cells in zip(rows, said, strict=True):
        lines.extend(changes.get(row.number, ()))
        cells = "  ".join(f"{cell:>{w}}" for cell, w in zip(row_cells, widths, strict=True))
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
    if rows:
        lines.append(tr(msg("(n): the running total after the round")))
    return "\n".join(lines)


def _score_and_total(row: RoundRow, column: str) -> str:
    return f"{signed(row.scores.get(column, 0))} {in_parentheses(row.totals[column])}"


def plain_blocks(
    session: Session,
    standings: Standings,
    rows: Sequence[RoundRow],
    ended: int | None,
    width: int,
    *,
    detail: bool = False,
) -> str:
    """The long scoresheet in a terminal too narrow for its lines: one block a round, as
    plain lines (see :meth:`Sheet.blocks`)."""
    laid = Sheet(session, standings, rows, ended, detail)
    lines = [str(line) for line in _blocks(laid, width, styled=False)]
    lines.extend(laid.explained())
    return "\n".join(lines)


def new_session(session: Session) -> Text:
    """What is said when a session is created: its game, its id (bold) and its rule set."""
    said = msg(
        "New {game} session [bold]{id}[/bold] ({rules}).",
        game=session.game,
        id=session.id,
        rules=preset_word(session.rules),
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
    lower_wins = session.game_rules.lower_wins
    for column, value in row_scores.items():
        scores.append(f"{column} ", style="bold")
        scores.append(signed(value), style=score_style(value, lower_wins))
        scores.append("   ")
    return Group(Text(tr(title), style="bold"), lines, scores)


def console(stderr: bool = False) -> Console:
    # No markup nor emoji codes: names and titles are printed as typed, even "[bold]Ann"
    # or ":smile:" (styles are applied with Text objects instead).
    return Console(stderr=stderr, highlight=False, markup=False, emoji=False)
