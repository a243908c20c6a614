"""What the terminal shows at any width (issue 15): a figure or a heading is never cut, no
line is wider than the terminal; every game, 3 to 6 players, 40 to 120 columns, for
``show``, ``show --all``, ``show --detail`` and the tables ``add`` prints.  And the score and
the running total told apart without colour, the breakdowns in full lines, the captions."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from cardscore import i18n, render, store
from cardscore.session import Session

PEOPLE = ["Ann", "Béatrice", "Cyd", "Dan", "Élodie", "Fay"]
WIDTHS = [40, 60, 80, 120]
ROUNDS = 12  # two-digit round numbers


def tarot_rounds(players: list[str]) -> Iterator[dict[str, Any]]:
    """Big scores of both signs: a garde contre lost with a poignée and a chelem of the
    defence, gardes made, a petit au bout, a passe."""
    count = len(players)
    for number in range(1, ROUNDS + 1):
        taker = players[number % count]  # never the dealer (the mort at 6 players)
        called = {"called": players[(number + 2) % count]} if count >= 5 else {}
        kind = number % 4
        if kind == 1:
            yield {"taker": taker, "contract": "garde-contre", "bouts": "0", "points": "4",
                   "poignee": [f"{taker}:double"], "chelem": "defense", **called}  # fmt: skip
        elif kind == 2:
            yield {"taker": taker, "contract": "garde-sans", "bouts": "3", "points": "80",
                   "petit_au_bout": taker, **called}  # fmt: skip
        elif kind == 3:
            yield {"taker": taker, "contract": "garde", "bouts": "2", "points": "49", **called}
        else:
            yield {"taker": taker, "contract": "prise", "bouts": "1", "points": "40", **called}


def belote_rounds(game: str, players: list[str]) -> Iterator[dict[str, Any]]:
    for number in range(1, ROUNDS + 1):
        taker = players[number % 4]
        if game == "coinche":
            if number % 3 == 1:  # a générale surcoinchée that falls: thousands of points
                yield {"taker": taker, "contract": "generale", "trump": "hearts",
                       "surcoinche": True, "capot": "defense"}  # fmt: skip
            else:
                yield {"taker": taker, "contract": "100", "trump": "spades", "points": "110",
                       "dix_de_der": "taker", "coinche": number % 2 == 0}  # fmt: skip
        elif number % 3 == 1:  # a litige: points held
            yield {"taker": taker, "trump": "hearts", "points": "71", "dix_de_der": "taker"}
        else:
            yield {"taker": taker, "trump": "clubs", "points": "100", "dix_de_der": "taker",
                   "belote": "taker"}  # fmt: skip


def rami_rounds(players: list[str]) -> Iterator[dict[str, Any]]:
    for number in range(1, 5):  # few: the game ends at its target
        winner = players[number % len(players)]
        hands = [f"{p}={7 * i + number}" for i, p in enumerate(players) if p != winner]
        yield {"winner": winner, "hand": hands}


GAMES: dict[str, tuple[str, str | None, list[int]]] = {
    "tarot-fft": ("tarot", "fft", [3, 4, 5, 6]),
    "tarot-maison": ("tarot", "maison", [3, 4, 5, 6]),
    "belote": ("belote", None, [4]),
    "coinche": ("coinche", None, [4]),
    "rami": ("rami", None, [3, 4, 5, 6]),
}
CASES = [(name, count) for name, (_, _, counts) in GAMES.items() for count in counts]

#: One more round by the command line, for ``add``'s tables (``players[0]`` sits after the
#: dealer: never the mort).
ADD: dict[str, Callable[[list[str]], list[str]]] = {
    "tarot": lambda p: ["--taker", p[0], "--contract", "prise", "--bouts", "1", "--points", "60"],
    "belote": lambda p: [
        "--taker",
        p[1],
        "--trump",
        "hearts",
        "--points",
        "90",
        "--dix-de-der",
        "taker",
    ],
    "coinche": lambda p: [
        "--taker",
        p[1],
        "--contract",
        "80",
        "--trump",
        "hearts",
        "--points",
        "90",
        "--dix-de-der",
        "taker",
    ],
    "rami": lambda p: ["--winner", p[0], *(f"--hand={name}=5" for name in p[1:])],
}


def played(name: str, count: int, target: int | None = 20000) -> Session:
    """A session of ``ROUNDS`` rounds (rami: a few), not over (``target``: out of reach)."""
    game, rules, _ = GAMES[name]
    players = PEOPLE[:count]
    target = None if game == "tarot" else target
    session = Session.create(game, players, rules=rules, title="", target=target)
    if game == "tarot":
        rounds = tarot_rounds(players)
    elif game == "rami":
        rounds = rami_rounds(players)
    else:
        rounds = belote_rounds(game, players)
    for raw in rounds:
        session.add(raw)
    session.id = store.new_id()
    with store.locked(session.id):
        store.write(session)
    return session


EARLIER = re.compile(r"^… \d+ (earlier rounds|donnes précédentes)")


def tokens(text: str) -> set[str]:
    return set(re.split(r"[\s│┃]+", text))


def check_fits(out: str, width: int) -> None:
    """No line wider than the terminal, no ``…`` (a cut figure or heading) anywhere but in
    the line that says earlier rounds are not shown."""
    for line in out.splitlines():
        assert cell_len(line) <= width, f"{cell_len(line)} > {width}: {line!r}\n{out}"
        assert "…" not in line or EARLIER.match(line), f"cut: {line!r}\n{out}"


def check_figures(out: str, session: Session, *, every_round: bool) -> None:
    """Every total of the totals table, and (``every_round``) every round's score and
    running total, written whole."""
    standings = session.standings()
    found = tokens(out)
    for column, total in standings.totals.items():
        assert str(total) in found, (column, total, out)
    if not every_round:
        return
    for row in standings.rows:
        for column in row.columns:
            assert render.signed(row.scores.get(column, 0)) in found, (row.number, column, out)
            assert f"({row.totals[column]})" in found, (row.number, column, out)


@pytest.mark.parametrize(("name", "count"), CASES, ids=[f"{n}-{c}" for n, c in CASES])
def test_no_figure_is_cut_at_any_width(
    cli, monkeypatch: pytest.MonkeyPatch, name: str, count: int
) -> None:
    session = played(name, count)
    monkeypatch.setenv("LINES", "200")  # every round shown by `show`
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", str(width))
        for options in ([], ["--all"], ["--detail"]):
            result = cli("show", session.id, *options)
            assert result.code == 0, result.err
            check_fits(result.out, width)
            check_figures(result.out, session, every_round=True)
        french = cli("--lang", "fr", "show", session.id, "--all")
        check_fits(french.out, width)
        check_figures(french.out, session, every_round=True)
    game = GAMES[name][0]
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", str(width))
        players = PEOPLE[:count]
        dealer = store.load(session.id).standings().next_dealer  # not the taker (the mort)
        players = players[players.index(dealer) + 1 :] + players[: players.index(dealer) + 1]
        # players[0]: the one after the dealer
        result = cli("add", session.id, *ADD[game](players))
        assert result.code == 0, result.err
        check_fits(result.out, width)
        check_figures(result.out, store.load(session.id), every_round=False)


def test_the_check_catches_a_cut_figure() -> None:
    """The checks above fail on what the sheet printed before (issue 15)."""
    before = "│ 2 │ Bob  │ Bob  │ -736 │    0 │ +184 │ +184 │ +184 │ +1… │"
    with pytest.raises(AssertionError):
        check_fits(before, 80)
    with pytest.raises(AssertionError):
        check_fits("x" * 61, 60)


def screen(renderable: Any, width: int, *, color: bool = False) -> str:
    console = Console(
        width=width,
        force_terminal=color,
        color_system="truecolor" if color else None,
        no_color=not color,
        legacy_windows=False,
        highlight=False,
        markup=False,
        emoji=False,
    )
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


SIX_AT_120 = [
    "┏━━━┳━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━┳━━━━━━━━━━━━━━┳━━━━━━━━━━━━━┳━━━━━━━━━━━━┓",
    "┃ # ┃ Dealer (mort) ┃         Ann ┃      Béatrice ┃         Cyd ┃          Dan ┃      Élodie ┃        Fay ┃",  # noqa: E501
    "┡━━━╇━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━╇━━━━━━━━━━━━━━╇━━━━━━━━━━━━━╇━━━━━━━━━━━━┩",
    "│ 1 │ Ann           │    0    (0) │ -1384 (-1384) │ +692  (692) │ -692  (-692) │ +692  (692) │ +692 (692) │",  # noqa: E501
    # no room for a Played column: what was played under its row
    "│   │ Béatrice garde contre (Dan) 0b 4, poignée double Béatrice, defence's chelem                         │",  # noqa: E501
    "│ 2 │ Béatrice      │ -316 (-316) │     0 (-1384) │ +632 (1324) │ -316 (-1008) │ +316 (1008) │ -316 (376) │",  # noqa: E501
]  # fmt: skip


def test_the_score_and_the_total_are_told_apart_without_colour(cli) -> None:
    """``+20 (140)``: the total in parentheses (and dim), the scores and the totals of a
    column aligned; a line under the sheet says what the parentheses hold."""
    session = played("tarot-fft", 6)
    standings = session.standings()
    shown = screen(render.sheet(session, standings, standings.rows[:3]), 120)
    lines = shown.splitlines()
    assert lines[0].strip() == f"tarot (fft) — {session.id}"
    assert lines[1:7] == SIX_AT_120, "\n".join(lines)
    assert lines[-1] == "(n): the running total after the round"
    i18n.set_language("fr")
    try:
        french = screen(render.sheet(session, standings, standings.rows[:3]), 120)
    finally:
        i18n.set_language("en")
    assert french.splitlines()[-1] == "(n) : le total cumulé après la donne"


def test_a_narrower_terminal_puts_the_total_under_the_score(cli) -> None:
    session = played("tarot-fft", 6)
    standings = session.standings()
    lines = screen(render.sheet(session, standings, standings.rows[:2]), 80).splitlines()
    assert lines[1:11] == [
        "┏━━━┳━━━━━━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━━┳━━━━━━━━┳━━━━━━━┓",
        "┃ # ┃ Dealer (mort) ┃    Ann ┃ Béatrice ┃    Cyd ┃     Dan ┃ Élodie ┃   Fay ┃",
        "┡━━━╇━━━━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━━╇━━━━━━━━╇━━━━━━━┩",
        "│ 1 │ Ann           │      0 │    -1384 │   +692 │    -692 │   +692 │  +692 │",
        "│   │ (mort)        │    (0) │  (-1384) │  (692) │  (-692) │  (692) │ (692) │",
        "│   │ Béatrice garde contre (Dan) 0b 4, poignée double Béatrice,            │",
        "│   │ defence's chelem                                                      │",  # wrapped
        "│ 2 │ Béatrice      │   -316 │        0 │   +632 │    -316 │   +316 │  -316 │",
        "│   │ (mort)        │ (-316) │  (-1384) │ (1324) │ (-1008) │ (1008) │ (376) │",
        "│   │ Cyd garde sans (Élodie) 3b 80, petit au bout Cyd                      │",
    ]
    assert max(len(line) for line in lines) <= 80


def test_a_narrow_terminal_gets_a_block_a_round(cli) -> None:
    session = played("tarot-fft", 6)
    standings = session.standings()
    shown = screen(render.sheet(session, standings, standings.rows[:2]), 60).splitlines()
    assert shown[:10] == [
        f"tarot (fft) — {session.id}",
        "Round 1 (dealer Ann, mort Ann)",
        "  Béatrice garde contre (Dan) 0b 4, poignée double Béatrice,",
        "  defence's chelem",  # wrapped after a comma, indented as its first line
        "  Ann          0     (0)   Béatrice -1384 (-1384)",
        "  Cyd       +692   (692)   Dan       -692  (-692)",
        "  Élodie    +692   (692)   Fay       +692   (692)",
        "Round 2 (dealer Béatrice, mort Béatrice)",
        "  Cyd garde sans (Élodie) 3b 80, petit au bout Cyd",
        "  Ann       -316  (-316)   Béatrice     0 (-1384)",
    ]


def test_the_breakdown_is_written_in_full_lines_under_its_round(cli) -> None:
    """At 80 columns and 6 players the breakdown is a few lines as wide as the terminal
    allows, not a narrow column of one word a line (issue 15)."""
    session = played("tarot-fft", 6)
    standings = session.standings()
    rows = standings.rows[:3]
    lines = screen(render.sheet(session, standings, rows, detail=True), 80).splitlines()
    assert max(len(line) for line in lines) <= 80
    assert max(len(line) for line in lines) == 80  # widened for its longest line
    for row in rows:
        for said in row.breakdown:
            line = f"│ {i18n.tr(said)}"
            if len(line) > 76:  # wrapped after a comma: its start on a line, each name
                line = line[: line.rindex(", ", 0, 76) + 1]  # with its score
            assert any(shown.startswith(line) and shown.endswith("│") for shown in lines), line
    # a round: its two rows, what was played (on the lines it needs), the rules around its
    # breakdown, its lines (one wraps), where the breakdown in a column took about 50 lines
    # a round
    said = {row.number: len(textwrap.wrap(row_played(row), 80 - 9)) for row in rows}
    assert said[1] == 2  # a poignée and the defence's chelem said by whom: two lines
    assert len(lines) == 7 + sum(2 + said[r.number] + 2 + len(r.breakdown) + 1 for r in rows)


def row_played(row: Any) -> str:
    """What ``row`` played, as the sheet says it."""
    from cardscore.document import round_document

    return str(round_document(row, None, ())["played"])


def test_rami_penalties_are_red_and_tarot_gains_green(cli) -> None:
    rami = played("rami", 3)
    standings = rami.standings()
    shown = screen(render.sheet(rami, standings, standings.rows), 120, color=True)
    red, green = "\x1b[31m", "\x1b[32m"
    penalty = render.signed(max(standings.rows[0].scores.values()))
    assert f"{red}{penalty}" in shown and green not in shown
    totals = screen(render.totals_table(rami, standings), 120, color=True)
    assert green not in totals
    report = screen(render.round_report(rami, {"Ann": 36}, [], "Round"), 80, color=True)
    assert f"{red}+36" in report
    tarot = played("tarot-fft", 4)
    standings = tarot.standings()
    shown = screen(render.sheet(tarot, standings, standings.rows), 120, color=True)
    assert re.search(r"\x1b\[32m\+\d", shown) and re.search(r"\x1b\[31m-\d", shown)
    assert not re.search(r"\x1b\[31m\+\d", shown) and not re.search(r"\x1b\[32m-\d", shown)
    assert render.score_style(36, lower_wins=True) == "red"
    assert render.score_style(-5, lower_wins=True) == "green"
    assert render.score_style(0, lower_wins=True) == "dim"


def test_the_next_dealer_is_one_short_line_and_gone_at_the_end(cli) -> None:
    session = played("tarot-fft", 6)
    standings = session.standings()
    shown = screen(render.totals_table(session, standings), 100).splitlines()
    dealer = standings.next_dealer
    assert shown[-1] == f"Next dealer: {dealer} (mort)"
    rami = played("rami", 3, target=None)  # over: its target reached
    for _ in range(20):
        if rami.standings().finished:
            break
        rami.add({"winner": "Ann", "hand": ["Béatrice=60", "Cyd=60"]})
    over = rami.standings()
    assert over.finished
    said = screen(render.totals_table(rami, over), 100)
    assert "Next dealer" not in said
    assert said.splitlines()[-1].startswith("target ")


def test_game_over_says_win_for_a_team_and_wins_for_a_player(cli) -> None:
    session = Session.create("coinche", PEOPLE[:4])
    while not session.standings().finished:
        session.add({"taker": "Béatrice", "contract": "generale", "trump": "hearts",
                     "surcoinche": True, "capot": "defense"})  # fmt: skip
    standings = session.standings()
    assert render.outcome_line(standings).plain == f"Game over — {standings.winner} win!"
    i18n.set_language("fr")
    try:
        said = render.outcome_line(standings).plain
    finally:
        i18n.set_language("en")
    assert said == f"Partie terminée — vainqueurs : {standings.winner} !"
    rami = played("rami", 3, target=None)
    while not rami.standings().finished:
        rami.add({"winner": "Ann", "hand": ["Béatrice=60", "Cyd=60"]})
    assert render.outcome_line(rami.standings()).plain == "Game over — Ann wins!"


def test_a_long_sheet_in_a_narrow_terminal_is_printed_a_block_a_round(
    cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = played("tarot-fft", 6)
    for _ in range(render.RICH_ROWS_LIMIT):
        session.add({"contract": "passe"})
    with store.locked(session.id):
        store.write(session)
    monkeypatch.setenv("COLUMNS", "60")
    result = cli("show", session.id, "--all")
    assert result.code == 0, result.err
    check_fits(result.out, 60)
    check_figures(result.out, session, every_round=True)
    assert "Round 212 (dealer Béatrice, mort Béatrice)" in result.out.splitlines()


def test_a_corrected_rounds_old_scores_are_coloured_by_the_game() -> None:
    """ "Round N as it was:" colours a rami penalty red and a tarot gain green."""
    from cardscore.prompts.correct import scores_line

    def styles(line) -> dict[str, str]:
        plain = line.plain
        return {plain[span.start : span.end]: str(span.style) for span in line.spans}

    assert styles(scores_line({"Ann": 36, "Bob": 0}, lower_wins=True))["+36"] == "red"
    assert styles(scores_line({"Ann": 36, "Bob": -36}))["+36"] == "green"
    assert styles(scores_line({"Ann": 36, "Bob": -36}))["-36"] == "red"
