"""``cardscore serve --tournament``: a tournament's live page, served for real on 127.0.0.1.

The server runs as the program does (``serve --tournament T --json`` in a process of its
own); the tournament is made and its tables opened through the command line in this process,
their deals saved as ``add`` saves them (or by ``add`` itself, in another home); the page is
read with http.client and opened in headless Chromium (skipped where there is none).
``pytest -n 0 -s`` prints the delays measured; ``CARDSCORE_SCREENSHOTS=DIR`` keeps the
screenshots there.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import chromium

sys.path.insert(0, str(Path(__file__).parent))

from cardscore import live, store
from cardscore.environment import Environment
from cardscore.live_token import signed_name
from test_live import CARDSCORE, Served, Stream, wait_until

NINE = ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def new_tournament(cli, names: list[str] = NINE, title: str = "Friday club", rounds: int = 3):
    made = cli(
        "tournament", "new", "tarot", "--names", ",".join(names), "--rounds", str(rounds),
        "--seed", "11", "--title", title, "--json",
    )  # fmt: skip
    assert made.code == 0, made.err
    return made.json()


def open_table(cli, tournament: str, number: int) -> str:
    """The table's session, created as its keeper's first ``play`` creates it."""
    made = cli("tournament", "play", tournament, "--table", str(number), "--no-play")
    assert made.code == 0, made.err
    return made.out.strip()


def deal(session_id: str, players: list[str], seat: int, points: int = 49) -> None:
    """A garde taken at ``seat``, saved as ``cardscore add`` saves it (lock, atomic file)."""
    raw = {"taker": players[seat], "contract": "garde", "bouts": "2", "points": str(points)}
    if len(players) == 5:
        raw["called"] = players[(seat + 1) % 5]
    with store.changing(session_id) as session:
        session.add(raw)


def state(server: Served) -> dict:
    return json.loads(server.get(f"/{server.token}/state.json")[2])


def played(server: Served, table: int) -> int:
    return state(server)["rounds"][-1]["tables"][table - 1]["played"]


@pytest.fixture
def evening(cli) -> dict:
    """Nine tarot players over three rounds: round 1 drawn (a table of 4, one of 5)."""
    return new_tournament(cli)


@pytest.fixture
def served(home: Path, evening: dict) -> Iterator[Served]:
    server = Served(home, None, "--tournament", evening["id"], "--port", "0")
    yield server
    if server.process.poll() is None:
        server.stop()


# --------------------------------------------------------------------------------------------
# The command


def test_serve_json_names_the_tournament(served: Served, evening: dict) -> None:
    assert set(served.said) == {"url", "host", "port", "token", "tournament"}
    assert served.said["tournament"] == evening["id"]
    assert served.url == f"http://127.0.0.1:{served.port}/{served.token}/"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["SESSION", "--tournament", "T"], "give a session or --tournament, not both"),
        (["--home", "."], "--home: only with --tournament (where its tables are played)"),
        (["--tournament", "zz"], "no tournament 'zz' (see `cardscore tournament list`)"),
        (["--tournament", "T", "--home", "/no/such/folder"], "--home /no/such/folder: no such"),
    ],
)
def test_refusals_are_one_line_and_exit_2(cli, evening: dict, args: list[str], said: str) -> None:
    given = [evening["id"] if a == "T" else a for a in args]
    if "SESSION" in given:
        given[given.index("SESSION")] = open_table(cli, evening["id"], 1)
    result = cli("serve", *given)
    assert result.code == 2, result.err
    assert result.err.startswith(f"cardscore: error: {said}")
    assert len(result.err.strip().splitlines()) == 1


# --------------------------------------------------------------------------------------------
# What the server answers, and what it refuses


def test_the_page_and_the_state(served: Served, cli, evening: dict) -> None:
    status, headers, body = served.get(f"/{served.token}/")
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    page = body.decode()
    assert "<title>Friday club</title>" in page and "Round 1 of 3" in page
    first = evening["rounds"][0]["tables"][0]
    assert f"{first['dealer']} (deals first)" in page and "not started" in page
    assert "http://" not in page and "https://" not in page  # nothing from the network
    assert "script-src 'nonce-" in headers["content-security-policy"]
    assert '<meta http-equiv="refresh"' in page  # (inside <noscript>: without a script)
    status, _, body = served.get(f"/{served.token}/?tv")
    assert status == 200 and 'class="board seating alone"' in body.decode()  # round 1's seats
    status, headers, body = served.get(f"/{served.token}/state.json")
    assert status == 200 and headers["content-type"] == "application/json; charset=utf-8"
    shown = cli("tournament", "show", evening["id"], "--json")
    assert json.loads(body) == shown.json()  # `tournament show --json`


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "HEAD"])
def test_anything_but_get_is_405(served: Served, method: str) -> None:
    status, headers, _ = served.get(f"/{served.token}/", method)
    assert status == 405 and headers["allow"] == "GET"


def test_no_token_or_a_sessions_token_is_404(served: Served, home: Path, cli, evening) -> None:
    folder = Environment(stdin_isatty=False, home=home).data_folder
    table = open_table(cli, evening["id"], 1)
    tokens = [
        live.token_for(evening["id"], folder),  # a session of the tournament's id would have it
        live.token_for(table, folder),  # a table's session's
    ]
    assert served.token == live.token_for(signed_name("tournament", evening["id"]), folder)
    for path in ["/", "/state.json", *(f"/{t}/" for t in tokens), f"/{tokens[1]}/state.json"]:
        status, _, body = served.get(path)
        assert status == 404, path
        assert b"Ann" not in body


def test_a_sessions_page_does_not_open_with_the_tournaments_token(home: Path, cli, evening):
    table = open_table(cli, evening["id"], 1)
    session_server = Served(home, table, "--port", "0")
    try:
        folder = Environment(stdin_isatty=False, home=home).data_folder
        tournament_token = live.token_for(signed_name("tournament", evening["id"]), folder)
        assert session_server.get(f"/{tournament_token}/")[0] == 404
        assert session_server.get(f"/{session_server.token}/")[0] == 200
    finally:
        session_server.stop()


def test_names_and_title_are_escaped(home: Path, cli) -> None:
    names = ["<script>alert(1)</script>", "Bob", "Cyd", "Dan"]
    made = new_tournament(cli, names, title="<b>Soirée & co", rounds=1)
    server = Served(home, None, "--tournament", made["id"], "--port", "0")
    try:
        for path in ("", "?tv"):
            page = server.get(f"/{server.token}/{path}")[2].decode()
            assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
            assert "<b>Soirée" not in page and "&lt;b&gt;Soirée &amp; co" in page
    finally:
        server.stop()


def test_the_33rd_viewer_is_told_to_come_back(served: Served) -> None:
    streams = [Stream(served.port, f"/{served.token}/events") for _ in range(live.MAX_VIEWERS)]
    wait_until(lambda: all(s.events for s in streams))
    status, headers, body = served.get(f"/{served.token}/events")
    assert status == 503 and headers["retry-after"] == "5"
    assert b"32 people are watching already" in body
    assert served.get(f"/{served.token}/")[0] == 503
    streams[0].close()
    wait_until(lambda: served.get(f"/{served.token}/")[0] == 200)  # a seat is free again
    for stream in streams:
        stream.close()


def test_it_never_writes_a_file_but_its_key(served: Served, home: Path, cli, evening) -> None:
    open_table(cli, evening["id"], 1)
    before = {p: p.read_bytes() for p in home.rglob("*.json")}
    served.get(f"/{served.token}/")
    served.get(f"/{served.token}/state.json")
    served.get(f"/{served.token}/", "POST")
    assert {p: p.read_bytes() for p in home.rglob("*.json")} == before


# --------------------------------------------------------------------------------------------
# Live: a table's save, the next round, a file gone bad


def test_a_deal_saved_at_a_table_shows_within_a_second(served: Served, cli, evening) -> None:
    table = evening["rounds"][0]["tables"][1]
    session = open_table(cli, evening["id"], 2)
    stream = Stream(served.port, f"/{served.token}/events")
    tv = Stream(served.port, f"/{served.token}/events?tv")
    wait_until(lambda: stream.events and tv.events)
    delays = []
    for seat in range(3):
        deal(session, table["players"], seat)
        saved = time.monotonic()
        wait_until(lambda seat=seat: played(served, 2) == seat + 1, timeout=1)
        wait_until(lambda seat=seat: f"{seat + 1}/5 deals" in stream.events[-1][1], timeout=1)
        delays.append(stream.events[-1][0] - saved)
    assert "leader: " in stream.events[-1][1]
    wait_until(lambda: 'class="board"' in tv.events[-1][1])  # the TV: ranking and tables now
    print(f"\ntournament page, a table's save to a viewer: {[round(d * 1000) for d in delays]} ms")
    assert max(delays) < 1.0
    stream.close()
    tv.close()


def test_the_next_round_drawn_shows_its_seating(served: Served, cli, evening) -> None:
    tv = Stream(served.port, f"/{served.token}/events?tv")
    wait_until(lambda: tv.events)
    for index, table in enumerate(evening["rounds"][0]["tables"]):
        session = open_table(cli, evening["id"], index + 1)
        for seat in range(len(table["players"])):
            deal(session, table["players"], seat, points=40 + 3 * seat)
    drawn = cli("tournament", "next", evening["id"])
    assert drawn.code == 0, drawn.err
    wait_until(lambda: state(served)["current_round"] == 2, timeout=2)
    wait_until(lambda: "Round 2 of 3" in tv.events[-1][1], timeout=2)
    shown = tv.events[-1][1]
    assert 'class="board seating"' in shown and "Ranking" in shown  # the seats, the ranking
    first = state(served)["rounds"][1]["tables"][0]
    assert f"{first['dealer']} (deals first)" in shown
    tv.close()


def test_a_table_played_in_another_home(home: Path, tmp_path: Path, cli, evening) -> None:
    """A keeper's laptop: table 1's session in another folder, gathered with --home."""
    session = open_table(cli, evening["id"], 1)
    other = tmp_path / "laptop"
    (other / "sessions").mkdir(parents=True)
    moved = other / "sessions" / f"{session}.json"
    (home / "sessions" / f"{session}.json").rename(moved)
    server = Served(home, None, "--tournament", evening["id"], "--port", "0", "--home", str(other))
    alone = Served(home, None, "--tournament", evening["id"], "--port", "0")
    try:
        players = evening["rounds"][0]["tables"][0]["players"]
        line = f"{players[0]} garde 2b 49" + (f" {players[1]}" if len(players) == 5 else "")
        env = {**os.environ, "CARDSCORE_HOME": str(other)}
        subprocess.run(
            [*CARDSCORE, "add", session, "--line", line], env=env, check=True, capture_output=True
        )
        wait_until(lambda: played(server, 1) == 1, timeout=2)
        assert played(alone, 1) == 0  # without --home, table 1 is not found
    finally:
        server.stop()
        alone.stop()


def test_an_unreadable_tournament_file_keeps_the_last_page(served: Served, home: Path, evening):
    path = home / "tournaments" / f"{evening['id']}.json"
    good = path.read_bytes()
    stream = Stream(served.port, f"/{served.token}/events")
    wait_until(lambda: stream.events)
    before = state(served)
    path.write_bytes(b"{not json")
    notice = "The tournament cannot be read just now"
    wait_until(lambda: stream.notices and notice in stream.notices[-1][1], timeout=2)
    assert state(served) == before  # the state last read
    page = served.get(f"/{served.token}/")[2].decode()
    assert notice in page and "Friday club" in page
    path.unlink()  # gone: the same
    time.sleep(0.3)
    assert served.get(f"/{served.token}/")[0] == 200
    path.write_bytes(good)
    wait_until(lambda: notice not in served.get(f"/{served.token}/")[2].decode(), timeout=2)
    stream.close()


def test_a_tables_unreadable_session_is_said_at_its_table(served: Served, home, cli, evening):
    session = open_table(cli, evening["id"], 1)
    (home / "sessions" / f"{session}.json").write_bytes(b"{damaged")
    wait_until(lambda: "problem" in state(served)["rounds"][0]["tables"][0], timeout=2)
    page = served.get(f"/{served.token}/")[2].decode()
    assert "cannot be read just now" in page and str(home) not in page  # no path to the room
    assert '<li class="problem">' in page


# --------------------------------------------------------------------------------------------
# 32 viewers


def test_32_viewers_follow_the_tables(served: Served, cli, evening, capsys) -> None:
    """Every viewer gets each table's save within a second (the figures: ``-s``)."""
    delays = measure_delays(served, cli, evening, viewers=live.MAX_VIEWERS)
    median, worst = statistics.median(delays), max(delays)
    with capsys.disabled():
        print(
            f"\ntournament page, 32 viewers x {len(delays) // live.MAX_VIEWERS} saves: "
            f"median {median * 1000:.0f} ms, max {worst * 1000:.0f} ms"
        )
    assert worst < 1.0


def measure_delays(server: Served, cli, evening: dict, viewers: int) -> list[float]:
    """Open ``viewers`` event streams, play round 1's tables a deal at a time (alternately),
    and return each viewer's delay from each save to its event saying it."""
    tables = evening["rounds"][0]["tables"]
    sessions = [open_table(cli, evening["id"], t["number"]) for t in tables]
    streams = [Stream(server.port, f"/{server.token}/events") for _ in range(viewers)]
    wait_until(lambda: all(s.events for s in streams))
    time.sleep(0.3)  # (the tables just opened: seen)
    saves: list[tuple[str, float]] = []
    for seat in range(4):
        for table, session in zip(tables, sessions, strict=True):
            deal(session, table["players"], seat)
            saves.append((marker(table, seat + 1), time.monotonic()))
            time.sleep(0.25)
    last = saves[-1][0]
    wait_until(lambda: all(last in s.events[-1][1] for s in streams), timeout=5)
    delays = []
    for stream in streams:
        for said, at in saves:
            delays.append(next(t for t, data in stream.events if said in data) - at)
        stream.close()
    return delays


def marker(table: dict, played: int) -> str:
    """What a viewer's page says once ``played`` deals are played at ``table``."""
    return f"{played}/{len(table['players'])} deals"


# --------------------------------------------------------------------------------------------
# In a browser


needs_chromium = pytest.mark.skipif(chromium.EXECUTABLE is None, reason="no Chromium here")


def shots(tmp_path: Path) -> Callable[[str], Path]:
    kept = Path(os.environ.get("CARDSCORE_SCREENSHOTS", tmp_path))
    kept.mkdir(parents=True, exist_ok=True)
    return lambda name: kept / f"tournament-{name}.png"


#: whether everything in the page's main part is on the screen (none cut by its box)
FITS = """[...document.querySelectorAll('main li, main h1')].every(e => {
  const r = e.getBoundingClientRect(), box = (e.closest('section') || document.body)
    .getBoundingClientRect();
  return r.bottom <= Math.min(window.innerHeight, box.bottom) + 1 && r.right <= window.innerWidth;
})"""


def fits_the_tv(browser: chromium.Chromium) -> bool:
    return bool(
        browser.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
        and browser.evaluate(FITS)
    )


@needs_chromium
def test_the_page_at_phone_and_tv_sizes(home: Path, tmp_path: Path, cli, evening) -> None:
    server = Served(home, None, "--tournament", evening["id"], "--port", "0")
    browser = chromium.Chromium(tmp_path / "profile")
    shot = shots(tmp_path)
    try:
        browser.open(server.url + "?tv", 1920, 1080)  # round 1 drawn: its seating
        browser.screenshot(shot("tv-seating"))
        assert fits_the_tv(browser)
        tables = evening["rounds"][0]["tables"]
        sessions = [open_table(cli, evening["id"], t["number"]) for t in tables]
        for seat in range(3):
            deal(sessions[0], tables[0]["players"], seat, points=38 + 5 * seat)
        deal(sessions[1], tables[1]["players"], 0, points=56)
        both = [marker(tables[0], 3), marker(tables[1], 1)]
        browser.wait_for(" && ".join(f"document.body.innerText.includes('{m}')" for m in both))
        assert "ranking" in browser.text("main").lower()
        browser.screenshot(shot("tv-playing"))
        assert fits_the_tv(browser)
        browser.open(server.url, 390, 844)
        assert browser.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert "leader: " in browser.text("main")
        browser.screenshot(shot("phone-playing"))
        for index, done in enumerate([3, 1]):  # round 1 played to its end
            for seat in range(done, len(tables[index]["players"])):
                deal(sessions[index], tables[index]["players"], seat, points=44 + seat)
        assert cli("tournament", "next", evening["id"]).code == 0
        browser.open(server.url + "?tv", 1920, 1080, dark=True)
        browser.wait_for("document.body.innerText.includes('Round 2 of 3')", timeout=2)
        browser.screenshot(shot("tv-round2-drawn-dark"))
        assert fits_the_tv(browser)
        browser.open(server.url, 390, 844)
        browser.screenshot(shot("phone-round2-drawn"))
    finally:
        browser.close()
        server.stop()


@needs_chromium
def test_forty_players_fit_the_tv(home: Path, tmp_path: Path, cli) -> None:
    """Ten tables, forty names: the seating, then the ranking and the tables, all on the TV."""
    names = [f"Player{n:02d}" for n in range(1, 41)]
    made = new_tournament(cli, names, title="Regional open")
    server = Served(home, None, "--tournament", made["id"], "--port", "0")
    browser = chromium.Chromium(tmp_path / "profile")
    shot = shots(tmp_path)
    try:
        browser.open(server.url + "?tv", 1920, 1080)
        browser.screenshot(shot("tv-40-seating"))
        assert fits_the_tv(browser)
        for table in made["rounds"][0]["tables"]:
            session = open_table(cli, made["id"], table["number"])
            for seat in range(table["number"] % 3 + 1):
                deal(session, table["players"], seat, points=35 + 4 * table["number"])
        browser.wait_for("document.querySelectorAll('.deals').length === 10")
        browser.wait_for("!document.body.innerText.includes('not started')")
        browser.screenshot(shot("tv-40-playing"))
        assert fits_the_tv(browser)
        browser.open(server.url, 390, 844)
        assert browser.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        browser.screenshot(shot("phone-40-playing"))
    finally:
        browser.close()
        server.stop()
