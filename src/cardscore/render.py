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
from rich.segment import Segment
from rich.text import Text

from cardscore import rows as sheet_rows
from cardscore.flow import Flow
from cardscore.games import preset_word
from cardscore.grid import Grid
from cardscore.i18n import _, msg, tr
from cardscore.rows import Column, RoundsTable, Row, Score, signed

if TYPE_CHECKING:
    from cardscore.session import RoundRow, Session, Standings

RICH_ROWS_LIMIT = 200  # past this many rows, draw the sheet as plain text (speed)


def seat_note(session: Session, standings: Standings) -> str:
    """Who deals next (and, at 6-player tarot, who is mort): one short line."""
    return dealer_line(standings.next_dealer, standings.next_mort)


def dealer_line(dealer: str, mort: str | None) -> str:
    """Who deals next (and who is mort), in one line.

    >>> dealer_line("Ann", None), dealer_line("Ann", "Bob"), dealer_line("Ann", "Ann")
    ('Next dealer: Ann', 'Next dealer: Ann — mort: Bob', 'Next dealer: Ann (mort)')
    """
    if mort and mort == dealer:
        return tr(msg("Next dealer: {dealer} (mort)", dealer=dealer))
    if mort:
        return tr(msg("Next dealer: {dealer} — mort: {mort}", dealer=dealer, mort=mort))
    return tr(msg("Next dealer: {dealer}", dealer=dealer))


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


def sheet(
    session: Session, standings: Standings, rows: Sequence[RoundRow], *, detail: bool = False
) -> Sheet | PlainSheet:
    """The scoresheet: one row per round, each column's score and its running total, the
    total in parentheses (``+20 (140)``) and dim.

    Its layout is chosen for the width it is drawn in, and a number or a heading is never
    cut: a row a round, score and total on one line (wide terminals); two lines a round,
    the scores then the totals (narrower ones); else one block a round, each column's name,
    score and total together (see :class:`Sheet`).

    The rounds are laid out from :mod:`cardscore.rows` (marks, table changes); a player
    at the table in none of the rounds shown has no column (the totals list him).

    With ``detail``, each round's breakdown is written in full lines under its row.
    """
    ended = session.ended_after(standings)  # None while the game is in play: no cost
    if len(rows) > RICH_ROWS_LIMIT and not detail:
        return PlainSheet(
            plain_sheet(session, standings, rows, ended),
            lambda width: plain_blocks(session, standings, rows, ended, width),
        )
    return Sheet(session, standings, rounds_table(session, standings, rows, ended, detail), detail)


def rounds_table(
    session: Session,
    standings: Standings,
    rows: Sequence[RoundRow],
    ended: int | None,
    detail: bool = False,
) -> RoundsTable:
    """The rounds table of ``rows`` (with their breakdowns when ``detail``): the columns
    at the table in one of them at least (the last rounds of a long evening leave out who
    left long ago: the totals under the sheet still list him)."""
    from cardscore.document import round_document, table_changes

    game = session.game_rules
    extras = ("breakdown",) if detail else ()
    rounds = [round_document(row, ended, extras, game) for row in rows]
    columns = standings.columns
    if rows:
        seen = {column for round_ in rounds for column in round_["totals"]}
        columns = [column for column in columns if column in seen]
    return sheet_rows.build(
        rounds,
        columns=columns,
        totals=standings.totals,
        players=session.timeline().players(),  # everyone who sat at the table
        held=standings.held,
        changes=table_changes(session) if session.tables else (),
        ended=ended,
        last=len(session.rounds),
    )


PLAYED_STYLE = "italic"  # what was played, under its row when its column has no room
CHANGE_STYLE = "bold"  # a line across the sheet where the table changed


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
        self, session: Session, standings: Standings, table: RoundsTable, detail: bool = False
    ) -> None:
        self.session, self.standings, self.rounds = session, standings, table
        self.detail = detail  # each round's breakdown under its row
        self.lower_wins = session.game_rules.lower_wins
        self.title = sheet_title(session)

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
        return explained(self.rounds)

    def _number(self, row: Row) -> str:
        table = self.rounds
        if not table.marks_width:
            return str(row.number)
        digits = len(str(table.rows[-1].number))
        return f"{row.number:>{digits}} {row.marks:<{table.marks_width}}"

    def table(self, layout: str) -> Grid:
        """The sheet in ``layout``: ``wide`` (``+20 (140)`` in a cell, a Mort column when
        the mort is not the dealer), ``played`` (``wide`` and what was played, the last
        column), or ``stacked`` (the score, and under it the total; the mort under the
        dealer)."""
        stacked, in_column = layout == "stacked", layout == "played"
        rounds = self.rounds
        table = Grid(
            title=self.title,
            title_style="bold",
            caption=not_awarded_note(self.standings),
            caption_style="bold",
            show_footer=True,
        )
        before = () if stacked else rounds.before  # stacked: the mort under the dealer
        # what was played: its column in the ``played`` layout, else a line under its row
        after = tuple(c for c in rounds.after if c.key != "played" or in_column)
        self._head(table, before, after)
        widths = self._widths()
        for row in rounds.rows:
            for change in row.changes:
                table.add_note(change.line, CHANGE_STYLE)
            first: list[str | Text] = [self._number(row), row.dealer]
            second: list[str | Text] = ["", Text(_mort_said(row), style="dim")]
            first += [column.text(column.cell(row)) for column in before]
            for score, width in zip(row.scores, widths, strict=True):
                cells = self._score(score, width, stacked)
                first.append(cells[0])
                second.append(cells[1])
            first += [column.text(column.cell(row)) for column in after]
            second += ["" for _column in after]
            # a rule across the table under the round that ended the game
            end = row.number == rounds.ended
            if stacked:
                table.add_row(*first)
                table.add_row(*second, end_section=end)
            else:
                table.add_row(*first, end_section=end)
            if not in_column and row.played:  # no room for its column: under the row
                table.add_line(row.played, PLAYED_STYLE)
            for line in row.breakdown:
                table.add_note(tr(line))
        if rounds.rows:  # the next round's table
            for change in rounds.then:
                table.add_note(change.line, CHANGE_STYLE)
        return table

    def _head(self, table: Grid, before: Sequence[Column], after: Sequence[Column]) -> None:
        """The sheet's columns: the round, the dealer, the columns ``before`` the scores,
        the scores, the columns ``after`` them; their totals in the footer."""
        rounds = self.rounds
        if rounds.marks_width:  # the numbers right-aligned, each mark after its number
            last = rounds.rows[-1]
            head = f"{'#':>{len(str(last.number))}}".ljust(len(self._number(last)))
            table.add_column(head, style="dim", footer="")
        else:
            table.add_column("#", justify="right", style="dim", footer="")
        table.add_column(rounds.dealer_heading, footer=_("Total"))
        for column in before:
            table.add_column(column.heading, style="dim", footer="")
        for name, total in zip(rounds.columns, rounds.totals, strict=True):
            table.add_column(name, justify="right", footer=Text(str(total), style="bold"))
        for column in after:
            justify = "right" if column.numeric else "left"
            table.add_column(column.heading, justify=justify, footer=column.total_text)

    def _widths(self) -> list[tuple[int, int]]:
        """Each column's widest score and widest total in parentheses: the scores and the
        totals of a column aligned, as two columns in one."""
        widths = []
        for index in range(len(self.rounds.columns)):
            said = [score for row in self.rounds.rows if (score := row.scores[index]) is not None]
            widths.append(
                (
                    max((len(s.signed) for s in said), default=0),
                    max((len(in_parentheses(s.total)) for s in said), default=0),
                )
            )
        return widths

    def _score(
        self, score: Score | None, widths: tuple[int, int], stacked: bool
    ) -> tuple[str | Text, str | Text]:
        """A column's cells in a round: ``+20 (140)`` on its row (stacked: the score, and
        the total on the row under it); blank where the column was not at the table."""
        if score is None:
            return "", ""
        style = score_style(score.points, self.lower_wins)
        total = in_parentheses(score.total)
        if stacked:
            return Text(score.signed, style=style), Text(total, style="dim")
        score_width, total_width = widths
        text = Text(" " * (score_width - len(score.signed)))
        text.append(score.signed, style=style)
        text.append(f" {total:>{total_width}}", style="dim")
        return text, ""

    def blocks(self, width: int) -> Iterator[Text | Flow]:
        """The sheet in a terminal too narrow for a table: a block a round, its number and
        dealer, then each column's name, score and total, as many a line as fit."""
        for line in _Blocks(self, width, styled=True).lines():
            yield Text(line) if isinstance(line, str) else line


def explained(table: RoundsTable) -> list[str]:
    """What the sheet's marks mean, and what the number in parentheses is."""
    lines = list(table.legend)
    if table.rows:
        lines.append(tr(msg("(n): the running total after the round")))
    return lines


def sheet_title(session: Session) -> str:
    """The sheet's title: the session's, else its game, rule set and id."""
    return session.title or f"{session.game} ({preset_word(session.rules)}) — {session.id}"


def _mort_said(row: Row) -> str:
    """Under the dealer, two lines a round: ``(mort)`` when he sits the round out, or who
    does (``mort: Dan``); nothing when nobody does."""
    if not row.mort:
        return ""
    if row.mort == row.dealer:
        return _("(mort)")
    return tr(msg("mort: {mort}", mort=row.mort))


def _round_heading(row: Row) -> str:
    if row.mort:
        said = msg(
            "Round {number} (dealer {dealer}, mort {mort})",
            number=row.number,
            dealer=row.dealer,
            mort=row.mort,
        )
    else:
        said = msg("Round {number} (dealer {dealer})", number=row.number, dealer=row.dealer)
    return f"{tr(said)} {row.marks}" if row.marks else tr(said)


class _Blocks:
    """The blocks layout of a sheet in ``width`` columns: a block a round, its entries
    (each column's name, score and total) as many a line as fit; Texts with the scores'
    colours when ``styled``, else plain lines."""

    GAP, INDENT = "   ", "  "

    def __init__(self, sheet: Sheet, width: int, styled: bool) -> None:
        self.sheet, self.width, self.styled = sheet, width, styled
        table = sheet.rounds
        self.held_label = table.held_column().heading
        names = max((cell_len(c) for c in table.columns), default=0)
        if table.has_held:
            names = max(names, cell_len(self.held_label))
        cells = [score for row in table.rows for score in row.scores if score is not None]
        self.names = names
        self.score_width = max((len(score.signed) for score in cells), default=1)
        self.total_width = max((len(in_parentheses(score.total)) for score in cells), default=1)
        entry = names + 1 + self.score_width + 1 + self.total_width
        gap = len(self.GAP)
        self.per_line = max(1, (width - len(self.INDENT) + gap) // (entry + gap))
        # plain lines are wrapped here, as a Flow would be drawn in the width (never wider)
        self.plain = (
            None if styled else Console(width=width, color_system=None, legacy_windows=False)
        )

    def lines(self) -> Iterator[Text | Flow | str]:
        table = self.sheet.rounds
        yield self.across(self.sheet.title, "bold")
        for row in table.rows:
            yield from self.round(row)
        for change in table.then if table.rows else ():  # the next round's table
            yield self.across(change.line, CHANGE_STYLE)
        yield from self.totals()

    def pad(self, name: str) -> str:
        return name + " " * (self.names - cell_len(name))

    def across(self, line: str, style: str) -> Text | str:
        return Text(line, style=style) if self.styled else line

    def flowed(self, entries: list[Text | str]) -> Iterator[Text | str]:
        for start in range(0, len(entries), self.per_line):
            part = entries[start : start + self.per_line]
            if not self.styled:
                yield self.INDENT + self.GAP.join(str(piece) for piece in part)
                continue
            line = Text(self.INDENT)
            for index, piece in enumerate(part):
                if index:
                    line.append(self.GAP)
                line.append(piece)
            yield line

    def flowed_line(self, line: str, style: str = "") -> Iterator[Flow | str]:
        flow = Flow.of(self.INDENT + line, style)
        if self.plain is None:
            yield flow
        else:
            room = max(self.width - len(self.INDENT), 1)
            yield from (self.INDENT + part.plain for part in flow.lines(self.plain, room))

    def entry(self, column: str, score: Score) -> Text | str:
        """A column's name, score and total in parentheses."""
        total = f" {in_parentheses(score.total):>{self.total_width}}"
        said = f"{self.pad(column)} {score.signed:>{self.score_width}}"
        if not self.styled:
            return said + total
        text = Text(said)
        style = score_style(score.points, self.sheet.lower_wins)
        text.stylize(style, len(text) - len(score.signed))
        text.append(total, style="dim")
        return text

    def round(self, row: Row) -> Iterator[Text | Flow | str]:
        for change in row.changes:
            yield self.across(change.line, CHANGE_STYLE)
        yield self.across(_round_heading(row), "bold")
        if row.played:  # a long one wrapped, indented as the first line
            yield from self.flowed_line(row.played, PLAYED_STYLE)
        columns = self.sheet.rounds.columns
        entries = [
            self.entry(column, score)
            for column, score in zip(columns, row.scores, strict=True)
            if score is not None
        ]
        if row.held:
            entries.append(f"{self.pad(self.held_label)} {row.held:>{self.score_width}}")
        yield from self.flowed(entries)
        for line in row.breakdown:  # wrapped lines indented as the first
            yield from self.flowed_line(tr(line))
        if row.number == self.sheet.rounds.ended:
            yield "─" * min(self.width, 40)

    def totals(self) -> Iterator[Text | str]:
        table, standing = self.sheet.rounds, self.sheet.standings
        yield self.across(_("Total"), "bold")
        both = self.score_width + 1 + self.total_width  # a total under a score and its total
        entries: list[Text | str] = [
            f"{self.pad(c)} {t:>{both}}" for c, t in zip(table.columns, table.totals, strict=True)
        ]
        if standing.held:
            entries.append(f"{self.pad(self.held_label)} {standing.held:>{both}}")
        yield from self.flowed(entries)
        if note := not_awarded_note(standing):
            yield self.across(note, "bold")


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
    table = rounds_table(session, standings, rows, ended)
    mark_width = table.marks_width
    said = [
        [
            "" if score is None else f"{score.signed} {in_parentheses(score.total)}"
            for score in row.scores
        ]
        for row in table.rows
    ]
    widths = [
        max([len(c), len(str(total)), *(len(cells[i]) for cells in said)])
        for i, (c, total) in enumerate(zip(table.columns, table.totals, strict=True))
    ]
    dealer, total = table.dealer_heading, _("Total")
    dealer_width = max([len(dealer), len(total), *map(len, table.people)])
    head = f"{'#':>5}{'':<{mark_width}}  {dealer:<{dealer_width}}  " + "  ".join(
        f"{c:>{w}}" for c, w in zip(table.columns, widths, strict=True)
    )
    lines = [sheet_title(session), head]
    for row, row_cells in zip(table.rows, said, strict=True):
        lines.extend(change.line for change in row.changes)
        cells = "  ".join(f"{cell:>{w}}" for cell, w in zip(row_cells, widths, strict=True))
        if row.ends_before and ended is not None:
            lines.append(sheet_rows.ended_line(ended))
        number = f"{row.number:>5}{row.marks:<{mark_width}}"
        lines.append(f"{number}  {row.dealer:<{dealer_width}}  {cells}")
    if table.rows:  # the table of the next round
        lines.extend(change.line for change in table.then)
    lines.append(
        f"{'':>{5 + mark_width}}  {total:<{dealer_width}}  "
        + "  ".join(f"{t:>{w}}" for t, w in zip(table.totals, widths, strict=True))
    )
    if note := not_awarded_note(standings):
        lines.append(note)
    return "\n".join([*lines, *explained(table)])


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
    laid = Sheet(session, standings, rounds_table(session, standings, rows, ended, detail), detail)
    lines = [str(line) for line in _Blocks(laid, width, styled=False).lines()]
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
    lines = [Flow.of("  " + tr(line)) for line in breakdown]
    lower_wins = session.game_rules.lower_wins
    scores = [
        Text.assemble((f"{column} ", "bold"), (signed(value), score_style(value, lower_wins)))
        for column, value in row_scores.items()
    ]  # a name and its score on one line, always
    return Group(Text(tr(title), style="bold"), *lines, Text(), Flow(scores, gap="   ", indent=2))
