"""What `show` puts on screen: the ranking, names as typed; and the tables' drawing (grid.Grid),
character for character and style for style what Rich's Table draws."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from cardscore import render, store
from cardscore.grid import Grid


def ranking(text: str) -> list[str]:
    """The names of the totals table, in the order shown (rows "│ 1 │ Ann │ 0 │")."""
    return re.findall(r"│ (\d) │ (\S+)\s+│\s+-?\d+ │", text)


def test_rami_ranks_the_lowest_total_first(cli) -> None:
    cli("new", "rami", "--names", "Ann,Bob,Cyd", "--no-play")
    cli("add", "--winner", "Bob", "--hand", "Ann=50", "--hand", "Cyd=7")
    shown = cli("show").out
    assert ranking(shown) == [("1", "Bob"), ("2", "Cyd"), ("3", "Ann")]


def test_tarot_ranks_the_highest_total_first(cli) -> None:
    cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play")
    cli("add", "--taker", "Cyd", "--contract", "garde", "--bouts", "2", "--points", "49")
    assert ranking(cli("show").out)[0] == ("1", "Cyd")


def test_names_that_look_like_markup_are_shown_as_typed(cli) -> None:
    cli("new", "tarot", "--names", "[bold]Ann,:smile:,Cyd,Dan", "--no-play")
    shown = cli("show").out
    assert "[bold]Ann" in shown and ":smile:" in shown


def test_rules_summarise_each_rule_set_in_the_chosen_language(cli) -> None:
    maison = " ".join(cli("rules", "tarot", "--rules", "maison").out.split())
    assert "garde 40" in maison and "+10 from each other player" in maison
    fft = " ".join(cli("rules", "tarot").out.split())
    assert "(25 + the gap)" in fft and "garde 40" not in fft
    french = " ".join(cli("--lang", "fr", "rules", "belote").out.split())
    assert "dedans" in french and "litige" in french and "le plus haut total gagne" in french
    official = " ".join(cli("rules", "coinche", "--rules", "official").out.split())
    assert "rounded to the ten" in official and "a round 162" in official
    rami = " ".join(cli("rules", "rami").out.split())
    assert "joker 20" in rami and "100 points per opponent" in rami


def test_totals_show_the_distance_to_the_target(cli) -> None:
    cli("new", "rami", "--names", "Ann,Bob,Cyd", "--no-play")  # target 200 at 3 players
    cli("add", "--winner", "Bob", "--hand", "Ann=50", "--hand", "Cyd=7")
    shown = cli("show").out
    assert "To 200" in shown
    assert re.search(r"│ 3 │ Ann\s+│\s+50 │\s+150 │", shown)
    cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play")
    assert "To " not in cli("show").out  # tarot has no set end


# --------------------------------------------------------------------------------------------
# The tables: grid.Grid draws what rich.table.Table draws


def drawn(renderable, width: int = 120) -> list[list[tuple[str, Style]]]:
    """What a colour terminal ``width`` columns wide shows: each line's characters, each
    with its style."""
    console = Console(
        width=width,
        force_terminal=True,
        color_system="truecolor",
        no_color=False,
        legacy_windows=False,
        highlight=False,
        markup=False,
        emoji=False,
    )
    lines = Segment.split_lines(console.render(renderable, console.options))
    return [[(c, s.style or Style.null()) for s in line for c in s.text] for line in lines]


def text_of(lines: list[list[tuple[str, Style]]]) -> str:
    return "\n".join("".join(c for c, _ in line) for line in lines)


def style_at(lines: list[list[tuple[str, Style]]], pattern: str) -> Style:
    """The style of the first character that ``pattern`` (a regex) matches."""
    for line in lines:
        found = re.search(pattern, "".join(c for c, _ in line))
        if found:
            return line[found.start()][1]
    raise AssertionError(f"{pattern!r} is not drawn")


def new(cli, game: str, *options: str) -> str:
    result = cli("new", game, *options, "--no-play")
    assert result.code == 0, result.err
    return result.out.strip()


def add(cli, sid: str, *options: str) -> None:
    result = cli("add", sid, *options)
    assert result.code == 0, result.err


GARDE = ["--contract", "garde", "--bouts", "2", "--points", "49"]
BELOTE_SEATS = ["--names", "Sud,Est,Nord,Ouest", "--set", "team1=NS", "--set", "team2=EW"]


def tarot_five(cli) -> str:
    sid = new(cli, "tarot", "--names", "Ann,Béa,Cyd,Dan,Élodie", "--title", "Vendredi soir")
    add(cli, sid, "--taker", "Béa", *GARDE, "--called", "Dan")
    add(cli, sid, "--taker", "Cyd", "--contract", "prise", "--bouts", "1", "--points", "44",
        "--called", "Ann")  # fmt: skip
    add(cli, sid, "--contract", "passe")
    return sid


def tarot_six(cli) -> str:  # a Mort column; a caption wider than the totals, wrapped
    sid = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan,Eve,Fay")
    # what was played fits its column at 120 columns: a longer one (a petit au bout said
    # by whom) goes on a line under its row, which Rich's Table draws as a note instead
    add(cli, sid, "--taker", "Bob", *GARDE)
    return sid


def belote_held(cli) -> str:  # teams, a Held column and a "held (litige)" row
    sid = new(cli, "belote", *BELOTE_SEATS)
    add(cli, sid, "--taker", "Sud", "--trump", "hearts", "--points", "71", "--dix-de-der", "NS")
    add(cli, sid, "--taker", "Est", "--trump", "spades", "--points", "90", "--dix-de-der", "EW")
    return sid


def rami(cli) -> str:  # a "To 200" column
    sid = new(cli, "rami", "--names", "[bold]Ann,:smile:,Cyd")
    add(cli, sid, "--winner", ":smile:", "--hand", "[bold]Ann=50", "--hand", "Cyd=7")
    return sid


GAMES = [tarot_five, tarot_six, belote_held, rami]


def tables(sid: str, *, detail: bool = False) -> list[Grid]:
    session = store.load(sid)
    standings = session.standings()
    sheet = render.sheet(session, standings, standings.rows, detail=detail)
    totals = render.totals_table(session, standings).renderables[0]  # the lines under it
    return [sheet.grid(120), totals]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.__name__)
def test_the_tables_are_drawn_as_rich_draws_them(cli, game) -> None:
    for table in tables(game(cli)):
        assert isinstance(table, Grid)
        assert table.widths(120) is not None  # drawn by the Grid itself, not by Rich
        assert drawn(table) == drawn(table.table())


SHEET = [  # as rich.table.Table drew it: each score, its running total, what was played
    "                                           Vendredi soir                                           ",  # noqa: E501
    "┏━━━┳━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━┓",
    "┃ # ┃ Dealer ┃       Ann ┃        Béa ┃        Cyd ┃      Dan ┃    Élodie ┃ Played                ┃",  # noqa: E501
    "┡━━━╇━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━┩",
    "│ 1 │ Ann    │ -66 (-66) │ +132 (132) │ -66  (-66) │ +66 (66) │ -66 (-66) │ Béa garde (Dan) 2b 49 │",  # noqa: E501
    "│ 2 │ Béa    │ -32 (-98) │  +32 (164) │ -64 (-130) │ +32 (98) │ +32 (-34) │ Cyd prise (Ann) 1b 44 │",  # noqa: E501
    "│ 3 │ Cyd    │   0 (-98) │    0 (164) │   0 (-130) │   0 (98) │   0 (-34) │ passe                 │",  # noqa: E501
    "├───┼────────┼───────────┼────────────┼────────────┼──────────┼───────────┼───────────────────────┤",
    "│   │ Total  │       -98 │        164 │       -130 │       98 │       -34 │                       │",  # noqa: E501
    "└───┴────────┴───────────┴────────────┴────────────┴──────────┴───────────┴───────────────────────┘",
]  # fmt: skip
TOTALS = [
    "    Vendredi soir     ",
    "┏━━━┳━━━━━━━━┳━━━━━━━┓",
    "┃ # ┃ Player ┃ Total ┃",
    "┡━━━╇━━━━━━━━╇━━━━━━━┩",
    "│ 1 │ Béa    │   164 │",
    "│ 2 │ Dan    │    98 │",
    "│ 3 │ Élodie │   -34 │",
    "│ 4 │ Ann    │   -98 │",
    "│ 5 │ Cyd    │  -130 │",
    "└───┴────────┴───────┘",
]


def test_the_sheet_and_the_totals_look_as_rich_drew_them(cli) -> None:
    sid = tarot_five(cli)
    sheet, totals = tables(sid)
    assert text_of(drawn(sheet, 100)).splitlines() == SHEET
    assert text_of(drawn(totals, 100)).splitlines() == TOTALS
    # the next dealer on a line of its own under the table, not wrapped to the table
    session = store.load(sid)
    said = text_of(drawn(render.totals_table(session, session.standings()), 100))
    assert said.splitlines() == [*TOTALS, "Next dealer: Dan"]


def test_the_tables_keep_their_styles(cli) -> None:
    sid = tarot_five(cli)
    sheet, totals = (drawn(t) for t in tables(sid))
    assert style_at(sheet, "Vendredi soir") == Style(bold=True)  # the title
    assert style_at(sheet, r"Dealer") == Style(bold=True)  # the header
    assert style_at(sheet, r"│ 2 │") == Style.null()  # the border
    assert style_at(sheet, r"(?<=│ )2 │") == Style(dim=True)  # the round number
    win, loss = style_at(sheet, r"\+\d+ "), style_at(sheet, r"-\d+ ")
    assert win.color.name == "green" and loss.color.name == "red"
    assert style_at(sheet, r"(?<= )0 ") == Style(dim=True)  # a passe
    running = style_at(sheet, r"(?<=\+132 )\(1")  # the running total, after the score
    assert running == Style(dim=True)  # in parentheses, dim, not the score's colour
    assert style_at(sheet, r"(?<=│ )Total") == Style(bold=True)  # the footer
    session = store.load(sid)
    under = drawn(render.totals_table(session, session.standings()))
    assert style_at(under, "Next dealer") == Style(italic=True, dim=True)  # the caption
    assert style_at(totals, r"(?<=│ )1 │") == Style(dim=True)


def test_a_table_too_wide_for_the_terminal_is_wrapped_by_rich(cli) -> None:
    sid = tarot_five(cli)
    session = store.load(sid)
    standings = session.standings()
    laid = render.sheet(session, standings, standings.rows)
    assert laid.grid(40) is None  # the scoresheet: one block a round (test_screen_widths)
    sheet, totals = laid.table("wide"), tables(sid)[1]
    assert sheet.widths(40) is None  # Rich's Table draws it
    narrow = drawn(sheet, 40)
    assert narrow == drawn(sheet.table(), 40)
    assert max(len(line) for line in narrow) <= 40
    assert totals.widths(40) is not None  # the totals still fit
    assert drawn(totals, 40) == drawn(totals.table(), 40)


def test_a_terminal_that_is_not_utf8_gets_the_ascii_box_of_rich(cli) -> None:
    console = Console(file=io.TextIOWrapper(io.BytesIO(), encoding="ascii"), width=120)
    assert console.options.ascii_only
    for table in tables(tarot_five(cli)):
        shown = list(console.render(table, console.options))
        assert shown == list(console.render(table.table(), console.options))
        assert "| # |" in "".join(segment.text for segment in shown)


def test_the_breakdown_of_each_round_is_drawn_under_its_row(cli) -> None:
    sheet, _ = tables(tarot_six(cli), detail=True)
    assert sheet.widths(120) is not None  # one-line cells; the breakdown's lines are notes
    assert drawn(sheet) == drawn(sheet.table())  # widened as Rich's Table(min_width=…)
    assert "garde: (25 + 8) × 2 = +66" in text_of(drawn(sheet))  # a line of the breakdown


def test_names_are_drawn_as_typed_by_the_grid_and_by_rich(cli) -> None:
    sheet, totals = tables(rami(cli))
    for table in (sheet, totals, sheet.table(), totals.table()):  # the Grid's, and Rich's
        shown = text_of(drawn(table))
        assert "[bold]Ann" in shown and ":smile:" in shown, shown


def test_the_earlier_rounds_line_is_dim_and_translated(cli, monkeypatch) -> None:
    monkeypatch.setenv("LINES", "21")  # room for the last 3 rounds
    sid = tarot_five(cli)
    for _ in range(2):
        add(cli, sid, "--contract", "passe")
    assert cli("show").out.startswith("… 2 earlier rounds (see --all)\n")
    assert cli("--lang", "fr", "show").out.startswith("… 2 donnes précédentes (voir --all)\n")
    monkeypatch.setenv("FORCE_COLOR", "1")  # styles, without colours (NO_COLOR)
    assert cli("show").out.startswith("\x1b[2m… 2 earlier rounds (see --all)\x1b[0m\n")


# Wide and zero-width characters, spaces; and, for Rich's Table to draw, new lines and tabs.
CELL_TEXT = st.text(alphabet="aÉ中👍  [:]—\u0301\u00a0\t\n", max_size=7)


@settings(max_examples=150, deadline=None)
@given(
    title=st.one_of(st.none(), CELL_TEXT),
    caption=st.one_of(st.none(), CELL_TEXT),
    columns=st.lists(
        st.tuples(CELL_TEXT, st.sampled_from(["left", "right"])), min_size=1, max_size=5
    ),
    scores=st.lists(st.lists(st.integers(-999, 999), min_size=5, max_size=5), max_size=4),
    spaced=st.lists(CELL_TEXT, min_size=5, max_size=5),
    width=st.integers(8, 70),
)
def test_any_table_is_drawn_as_rich_draws_it(
    title, caption, columns, scores, spaced, width
) -> None:
    grid = Grid(title=title, caption=caption, title_style="bold", show_footer=True)
    for header, justify in columns:
        grid.add_column(
            header,
            justify=justify,
            style="dim" if justify == "right" else "",
            footer=Text(header, style="bold"),
        )
    for row in scores:
        cells: list[str | Text] = []
        for value, text in zip(row, spaced, strict=False):
            cell = Text(render.signed(value), style="green" if value > 0 else "red")
            cell.append(f" {text}", style="dim")
            cells.append(cell if value % 3 else text)  # Texts with spans, and strings
        grid.add_row(*cells[: len(columns)])
    assert drawn(grid, width) == drawn(grid.table(), width)


def test_a_long_sheet_is_printed_line_by_line_whole(cli, monkeypatch) -> None:
    """Past RICH_ROWS_LIMIT rows, `show --all` prints the sheet's lines as they are: not
    laid out by Rich (slow for thousands of lines), never cut; where they are wider than
    the terminal, a block a round instead (lines that fit)."""
    sid = new(cli, "tarot", "--names", "Ann,Béa,Cyd,Dan,Élodie,Fay")  # lines of ~56 columns
    session = store.load(sid)
    for _ in range(render.RICH_ROWS_LIMIT + 1):
        session.add({"contract": "passe"})
    with store.locked(sid):
        store.write(session)
    standings = store.load(sid).standings()
    assert isinstance(render.sheet(session, standings, standings.rows), render.PlainSheet)
    expected = render.plain_sheet(session, standings, standings.rows).splitlines()
    widest = max(len(line) for line in expected)
    assert widest > 40
    monkeypatch.setenv("COLUMNS", str(widest))
    shown = cli("show", sid, "--all")
    assert shown.code == 0, shown.err
    lines = shown.out.splitlines()
    start = lines.index(expected[0])
    assert lines[start : start + len(expected)] == expected
    # a terminal narrower than its lines: a block a round, each line whole (issue 15)
    monkeypatch.setenv("COLUMNS", "40")
    shown = cli("show", sid, "--all")
    narrow = render.plain_blocks(session, standings, standings.rows, None, 40).splitlines()
    assert max(len(line) for line in narrow) <= 40
    lines = shown.out.splitlines()
    start = lines.index(narrow[0])
    assert lines[start : start + len(narrow)] == narrow


# --------------------------------------------------------------------------------------------
# A table too wide for the terminal: the Grid wraps it as Rich's Table does

WRAPPED_CELL = st.text(alphabet="aÉ中👍  [:]—\u0301bcd", max_size=14)


@settings(max_examples=300, deadline=None)
@given(
    title=st.one_of(st.none(), WRAPPED_CELL),
    columns=st.lists(
        st.tuples(WRAPPED_CELL, st.sampled_from(["left", "right"])), min_size=1, max_size=6
    ),
    rows=st.lists(
        st.lists(st.tuples(st.integers(-999, 999), WRAPPED_CELL), min_size=6, max_size=6),
        min_size=1,
        max_size=6,
    ),
    footer=st.booleans(),
    sections=st.sets(st.integers(0, 5)),
    width=st.integers(14, 90),
)
def test_a_grid_too_wide_is_drawn_as_rich_draws_it(title, columns, rows, footer, sections, width):
    """Cells of wide characters, combining accents, markup-like brackets and long words, in
    tables narrower than their cells: the Grid's own drawing (column widths, wrapped cells,
    header rows aligned to the bottom) is Rich's Table's, character for character and style
    for style."""
    grid = Grid(title=title, show_footer=footer)
    for header, justify in columns:
        style = "dim" if justify == "right" else ""
        grid.add_column(header, justify=justify, style=style, footer=Text(header, style="bold"))
    for index, row in enumerate(rows):
        cells = []
        for value, text in row[: len(columns)]:
            cell = Text(render.signed(value), style="green" if value > 0 else "red")
            cell.append(f" {text}", style="dim")
            cells.append(cell if value % 3 else text)
        grid.add_row(*cells, end_section=index in sections)
    assert drawn(grid, width) == drawn(grid.table(), width)


def test_a_grid_too_wide_is_handed_over_to_rich_s_table() -> None:
    """A table wider than a narrow terminal has its cells wrapped by Rich's Table, which the
    Grid hands it over to (no way of Rich's own to share out the width is borrowed)."""
    grid = Grid()
    for header in ("Player", "Points", "Total"):
        grid.add_column(header, justify="right")
    for n in range(50):
        grid.add_row(f"Player number {n}", f"+{n} points this round", str(n * 7))
    assert grid.widths(30) is None and grid.widths(100) is not None
    narrow = drawn(grid, 30)
    assert narrow == drawn(grid.table(), 30)
    assert max(len(line) for line in narrow) <= 30


@pytest.mark.parametrize(
    ("contents", "min_width"), [((3, 5, 7), 30), ((1, 1, 1, 1), 23), ((2, 9), 40), ((4, 4), 9)]
)
def test_a_table_is_widened_as_rich_widens_it(contents: tuple[int, ...], min_width: int) -> None:
    """The room a table at least ``min_width`` wide has left is shared out between its
    columns as Rich's Table shares it (each in turn its share of what is left, rounded up)."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from cardscore.grid import _widened

    table = Table(box=box.ASCII, min_width=min_width, show_header=False, padding=0)
    for _ in contents:
        table.add_column()
    table.add_row(*("x" * width for width in contents))
    console = Console(width=100)
    with console.capture() as captured:
        console.print(table)
    row = captured.get().splitlines()[1]
    rich_widths = [len(cell) for cell in row.strip("|").split("|")]
    assert _widened(list(contents), min_width, 100) == rich_widths
