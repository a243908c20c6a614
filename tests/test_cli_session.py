"""Sessions through the command line: undo / redo / corriger, replay, save and load, list,
delete, rules, convert, the 6-player mort, and the end of a game (belote, rami)."""

from __future__ import annotations

import dataclasses
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscore import store
from cardscore.games.tarot import TarotParams
from cardscore.session import Session

NAMES = ("Ann", "Bob", "Cyd", "Dan", "Eve", "Fay")
SEATS = ("--names", "Sud,Est,Nord,Ouest", "--set", "team1=NS", "--set", "team2=EW")
FAST = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def new(cli: Callable[..., Any], game: str, *options: str) -> str:
    result = cli("new", game, *options, "--no-play")
    assert result.code == 0, result.err
    return result.out.strip()


def add(cli: Callable[..., Any], sid: str, *options: str) -> dict[str, Any]:
    result = cli("add", sid, *options, "--json")
    assert result.code == 0, result.err
    return result.json()


def show(cli: Callable[..., Any], sid: str) -> dict[str, Any]:
    result = cli("show", sid, "--json")
    assert result.code == 0, result.err
    return result.json()


def file_data(home: Path, sid: str) -> dict[str, Any]:
    return json.loads((home / "sessions" / f"{sid}.json").read_text("utf-8"))


def without_updated(data: dict[str, Any]) -> dict[str, Any]:
    """The data without the time of the last change (nor, in a file, the times of the
    history's changes)."""
    kept = {k: v for k, v in data.items() if k != "updated"}
    if "history" in kept:
        kept["history"] = [{k: v for k, v in e.items() if k != "time"} for e in kept["history"]]
    return kept


def reset(home: Path) -> None:
    """A fresh data folder for each hypothesis example (the fixtures are per test)."""
    shutil.rmtree(home / "sessions", ignore_errors=True)


def assert_one_line_error(result: Any, fragment: str) -> None:
    assert result.code == 2, (result.code, result.out, result.err)
    assert "Traceback" not in result.err
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardscore: error: "), result.err
    assert fragment.casefold() in lines[0].casefold()


# --------------------------------------------------------------------------------------------
# Generated rounds, as `add` options


def _points(half_points: int) -> str:
    whole, half = divmod(half_points, 2)
    return f"{whole},5" if half else str(whole)


@st.composite
def tarot_rounds(draw: st.DrawFn, players: tuple[str, ...] = NAMES[:4]) -> list[str]:
    """A valid fft round for a 3- to 5-player table (no mort)."""
    taker = draw(st.sampled_from(players))
    contract = draw(st.sampled_from(["prise", "garde", "garde-sans", "garde-contre"]))
    # a chelem made by the taker's side, outside garde contre: 2 bouts and 87, or 3 and 91
    made = contract != "garde-contre" and draw(st.integers(0, 5)) == 0
    bouts = draw(st.integers(2, 3) if made else st.integers(0, 3))
    # 4.5·B - 0.5 ≤ P ≤ 91.5 - 4.5·(3 - B), within 0 to 91, in half points
    points = draw(st.integers(max(0, 9 * bouts - 1), min(182, 183 - 9 * (3 - bouts))))
    if made:
        points = 2 * (87 if bouts == 2 else 91)
    options = ["--taker", taker, "--contract", contract, "--bouts", str(bouts)]
    if draw(st.booleans()):
        options += ["--points", _points(points)]
    else:
        options += ["--defense-points", _points(182 - points)]
    if len(players) >= 5 and draw(st.booleans()):
        options += ["--called", draw(st.sampled_from(players))]
    petit = draw(st.sampled_from(players)) if draw(st.booleans()) else None
    if petit is not None:
        options += ["--petit-au-bout", petit]
    for who in draw(st.lists(st.sampled_from(players), unique=True, max_size=2)):
        kind = draw(st.sampled_from(["simple", "double", "triple"]))
        options += ["--poignee", f"{who}:{kind}"]
    if made and petit in (None, taker):
        # a chelem made by the taker's side leaves the petit au bout to none of the defence
        options += ["--chelem", draw(st.sampled_from(["announced", "unannounced"]))]
    elif draw(st.integers(0, 5)) == 0:
        options += ["--chelem", "failed"]
    return options


@st.composite
def belote_rounds(draw: st.DrawFn) -> list[str]:
    """A valid belote round (maison), litiges included."""
    taker = draw(st.sampled_from(["Sud", "Est", "Nord", "Ouest"]))
    trump = draw(st.sampled_from(["spades", "hearts", "sa"]))
    total = 120 if trump == "sa" else 152
    options = ["--taker", taker, "--trump", trump]
    if draw(st.integers(0, 9)) == 0:
        capot = draw(st.sampled_from(["taker", "defense"]))
        options += ["--capot", capot]
    else:
        # points near the middle make litiges frequent
        points = draw(st.integers(0, total) | st.integers(total // 2 - 10, total // 2 + 5))
        options += ["--points", str(points)]
        options += ["--dix-de-der", draw(st.sampled_from(["taker", "defense"]))]
    if trump != "sa" and draw(st.booleans()):
        options += ["--belote", draw(st.sampled_from(["NS", "EW"]))]
    for _ in range(draw(st.integers(0, 2))):
        value = draw(st.sampled_from(["20", "50", "100"]))
        options += ["--announce", f"{draw(st.sampled_from(['NS', 'EW']))}:{value}"]
    return options


# --------------------------------------------------------------------------------------------
# Properties


@FAST
@given(rounds=st.lists(tarot_rounds(), min_size=1, max_size=5), data=st.data())
def test_undo_then_redo_restores_the_session(cli, home, rounds, data) -> None:
    reset(home)
    sid = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan")
    for options in rounds:
        add(cli, sid, *options)
    before = file_data(home, sid)
    sheet_before = show(cli, sid)
    k = data.draw(st.integers(1, len(rounds)), label="undone")
    for i in range(k):
        undone = cli("undo", sid, "--json")
        assert undone.code == 0, undone.err
        assert undone.json()["rounds"] == len(rounds) - i - 1
    middle = file_data(home, sid)
    assert middle["rounds"] == before["rounds"][: len(rounds) - k]
    assert len(middle["undone"]) == k
    for _ in range(k):
        assert cli("redo", sid).code == 0
    after = file_data(home, sid)
    # the rounds and the scores are back; the history says what happened
    assert [e["kind"] for e in after["history"][len(rounds) :]] == ["undo"] * k + ["redo"] * k
    for data_ in (after, before):
        del data_["history"]
    assert without_updated(after) == without_updated(before)
    sheet_after = show(cli, sid)
    assert without_updated(sheet_after) == without_updated(sheet_before)


@FAST
@given(rounds=st.lists(tarot_rounds(NAMES[:5]), min_size=1, max_size=6))
def test_replay_gives_the_totals_printed_by_each_add_tarot(cli, home, rounds) -> None:
    reset(home)
    sid = new(cli, "tarot", "--names", ",".join(NAMES[:5]))
    printed = [add(cli, sid, *options) for options in rounds]
    sheet = show(cli, sid)
    assert len(sheet["rounds"]) == len(rounds)
    running = dict.fromkeys(NAMES[:5], 0)
    for number, (row, out) in enumerate(zip(sheet["rounds"], printed, strict=True), start=1):
        assert row["number"] == number
        assert row["scores"] == out["round"]["scores"]
        assert row["totals"] == out["totals"]
        # fft: every round sums to exactly zero (docs/rules.md, Tarot › fft)
        assert sum(row["scores"].values()) == 0
        for name, value in row["scores"].items():
            running[name] += value
        assert row["totals"] == running
    assert sheet["totals"] == printed[-1]["totals"] == running


@FAST
@given(rounds=st.lists(belote_rounds(), min_size=1, max_size=6))
def test_replay_gives_the_totals_printed_by_each_add_belote(cli, home, rounds) -> None:
    reset(home)
    sid = new(cli, "belote", *SEATS, "--target", "100000")
    printed = [add(cli, sid, *options) for options in rounds]
    sheet = show(cli, sid)
    running = {"NS": 0, "EW": 0}
    for row, out in zip(sheet["rounds"], printed, strict=True):
        assert row["scores"] == out["round"]["scores"]
        assert row["totals"] == out["totals"]
        assert row["held"] == out["held"]
        running = {k: running[k] + row["scores"][k] for k in running}
        assert row["totals"] == running
    assert sheet["totals"] == printed[-1]["totals"]
    assert sheet["held"] == printed[-1]["held"]


NAME = st.sampled_from(["Ann", "Zoé", "Éric", "Bob", "Çédric", "Œdipe", "Marie-Ève", "Ö z"])


@FAST
@given(
    game=st.sampled_from(["tarot", "belote", "coinche", "rami"]),
    names=st.lists(NAME, min_size=4, max_size=4, unique=True),
    # any text a title may hold (a control or invisible character is refused: see
    # test_untrusted_files.py)
    title=st.text(
        st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Co", "Zl", "Zp")), max_size=20
    ),
    rounds=st.lists(tarot_rounds(("Ann", "Bob", "Cyd", "Dan")), max_size=4),
    undo=st.integers(0, 2),
)
def test_save_then_load_is_the_identity(home, game, names, title, rounds, undo) -> None:
    reset(home)
    players = ["Ann", "Bob", "Cyd", "Dan"] if game == "tarot" and rounds else names
    session = Session.create(game, players, title=title, session_id=store.new_id())
    if game == "tarot":
        for options in rounds:
            raw = {}
            for key, value in zip(options[::2], options[1::2], strict=True):
                field = key[2:].replace("-", "_")
                if field == "poignee":
                    raw.setdefault(field, []).append(value)
                else:
                    raw[field] = value
            session.add(raw)
        for _ in range(min(undo, len(session.rounds))):
            session.undo()
    with store.locked(session.id):
        store.write(session)
    loaded = store.load(session.id)
    assert loaded == session
    assert loaded.standings() == session.standings()
    # and writing it again gives the same bytes
    path = home / "sessions" / f"{session.id}.json"
    first = path.read_bytes()
    store.write(loaded)
    assert path.read_bytes() == first


# --------------------------------------------------------------------------------------------
# corriger, redo


GARDE_BOB = ["--taker", "Bob", "--contract", "garde", "--bouts", "2", "--points", "49"]
PRISE_CYD = ["--taker", "Cyd", "--contract", "prise", "--bouts", "1", "--defense-points", "35,5"]


def test_corriger_is_an_alias_of_undo(cli, home) -> None:
    one = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan")
    two = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan")
    for sid in (one, two):
        add(cli, sid, *GARDE_BOB)
        add(cli, sid, *PRISE_CYD)
    undone = cli("undo", one, "--json")
    corrected = cli("corriger", two, "--json")
    assert undone.code == corrected.code == 0
    assert {**undone.json(), "session": None} == {**corrected.json(), "session": None}
    assert without_updated(file_data(home, one)) == {
        **without_updated(file_data(home, two)),
        "id": one,
        "created": file_data(home, one)["created"],
    }
    sheet = show(cli, two)
    # Bob's garde alone: (25 + 8) × 2 = 66; Bob +198
    assert sheet["totals"] == {"Ann": -66, "Bob": 198, "Cyd": -66, "Dan": -66}
    assert len(sheet["rounds"]) == 1
    # corriger without a session: the most recent one
    assert cli("corriger").code == 0
    assert show(cli, two)["rounds"] == []
    assert cli("redo", two).code == 0
    assert len(show(cli, two)["rounds"]) == 1


def test_readme_correction_example(cli) -> None:
    """The README's scripted session: a round, a wrong one corrected, then redone."""
    sid = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan")
    add(cli, sid, *GARDE_BOB, "--poignee", "Bob", "--petit-au-bout", "Bob")
    add(cli, sid, *PRISE_CYD)
    assert cli("corriger").code == 0
    garde_cyd = ["--taker", "Cyd", "--contract", "garde", "--bouts", "1"]
    add(cli, sid, *garde_cyd, "--defense-points", "35,5")
    sheet = show(cli, sid)
    # round 1: X = 66 + 20 + 20 = 106, Bob +318
    # round 2: P = 91 - 35.5 = 55.5, 1 bout → made by 4.5 → gap 5; (25 + 5) × 2 = 60
    assert [r["scores"] for r in sheet["rounds"]] == [
        {"Ann": -106, "Bob": 318, "Cyd": -106, "Dan": -106},
        {"Ann": -60, "Bob": -60, "Cyd": 180, "Dan": -60},
    ]
    assert sheet["totals"] == {"Ann": -166, "Bob": 258, "Cyd": 74, "Dan": -166}
    detail = cli("show", "--detail")
    assert detail.code == 0
    assert "55.5" in detail.out or "55,5" in detail.out


def test_redo_after_a_new_round_is_refused(cli, home, sessions) -> None:
    sid = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan")
    add(cli, sid, *GARDE_BOB)
    assert cli("undo", sid).code == 0
    add(cli, sid, *PRISE_CYD)  # a new round forgets what was undone
    assert file_data(home, sid)["undone"] == []
    before = sessions()
    assert_one_line_error(cli("redo", sid), "redo")
    assert sessions() == before
    assert len(show(cli, sid)["rounds"]) == 1


# --------------------------------------------------------------------------------------------
# list, delete


def test_list_json_shows_every_session(cli) -> None:
    tarot = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan", "--title", "Jeudi")
    add(cli, tarot, *GARDE_BOB)
    add(cli, tarot, *PRISE_CYD)
    belote = new(cli, "belote", *SEATS, "--target", "100")
    rami = new(cli, "rami", "--names", "Ann,Bob,Cyd")
    listed = cli("list", "--json")
    assert listed.code == 0, listed.err
    rows = {row["id"]: row for row in listed.json()}
    assert set(rows) == {tarot, belote, rami}
    assert rows[tarot]["game"] == "tarot"
    assert rows[tarot]["rules"] == "fft"
    assert rows[tarot]["players"] == ["Ann", "Bob", "Cyd", "Dan"]
    assert rows[tarot]["title"] == "Jeudi"
    assert rows[tarot]["rounds"] == 2
    assert rows[tarot]["finished"] is False
    assert rows[belote]["game"] == "belote"
    assert rows[belote]["rounds"] == 0
    assert rows[belote]["finished"] is False
    assert rows[rami]["rounds"] == 0
    assert rows[rami]["finished"] is False
    for row in rows.values():
        assert isinstance(row["updated"], str) and row["updated"]
    # finish the belote game: 112 vs 70, target 100
    options = ["--taker", "Sud", "--trump", "hearts", "--points", "82"]
    add(cli, belote, *options, "--dix-de-der", "NS", "--belote", "NS")
    rows = {row["id"]: row for row in cli("list", "--json").json()}
    assert rows[belote]["rounds"] == 1
    assert rows[belote]["finished"] is True
    assert rows[belote]["winner"] == "NS"
    # most recently changed first
    assert cli("list", "--json").json()[0]["id"] == belote


def test_list_on_an_empty_folder(cli) -> None:
    listed = cli("list", "--json")
    assert listed.code == 0
    assert listed.json() == []
    assert cli("list").code == 0


def test_delete_yes_removes_the_session(cli, home) -> None:
    keep = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan")
    gone = new(cli, "rami", "--names", "Ann,Bob")
    add(cli, gone, "--winner", "Ann", "--hand", "Bob=5")
    result = cli("delete", gone, "--yes")
    assert result.code == 0, result.err
    assert gone in result.out
    assert not (home / "sessions" / f"{gone}.json").exists()
    assert [row["id"] for row in cli("list", "--json").json()] == [keep]
    assert_one_line_error(cli("show", gone), gone)
    # the most recent session is now the one left
    assert show(cli, keep)["id"] == keep
    assert cli("show", "--json").json()["id"] == keep


# --------------------------------------------------------------------------------------------
# rules, convert


def test_rules_tarot_maison_lists_every_parameter(cli) -> None:
    result = cli("rules", "tarot", "--rules", "maison")
    assert result.code == 0, result.err
    for field in dataclasses.fields(TarotParams):
        assert field.name.replace("_", "-") in result.out, field.name
    # the maison values (docs/rules.md, Tarot › maison)
    text = " ".join(result.out.split())
    for name, value in [
        ("scoring", "maison"),
        ("half-points", "off"),
        ("value-prise", "20"),
        ("value-garde", "40"),
        ("value-garde-sans", "80"),
        ("value-garde-contre", "160"),
        ("miseres", "on"),
        ("renonce", "on"),
        ("double-bonus-counts-double", "off"),
    ]:
        line = next(
            line for line in result.out.splitlines() if f" {name} " in line.replace("│", " ")
        )
        assert value in line.split(), (name, line)
    assert "fft" in text and "maison" in text


@pytest.mark.parametrize("game", ["tarot", "belote", "coinche", "rami"])
def test_rules_of_every_game(cli, game) -> None:
    """Every parameter of the default rule set has a row: its --set key and its value."""
    from cardscore.games import get_game, get_preset

    result = cli("rules", game)
    assert result.code == 0, result.err
    rows = [line.replace("│", " ").split() for line in result.out.splitlines()]
    keys = {row[0]: row[1] for row in rows if len(row) >= 2}
    game_rules = get_game(game)
    _, params = get_preset(game_rules, None)
    worded = getattr(game_rules, "shown_param", lambda *_: None)
    for f in dataclasses.fields(params):
        value = getattr(params, f.name)
        shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
        shown = f.metadata.get("words", {}).get(value, shown)  # a choice, as it is said
        if worded(params, f.name):  # rami's automatic target, in words: its first word
            shown = worded(params, f.name).split()[0]
        assert keys.get(f.name.replace("_", "-")) == shown, (f.name, keys)
    assert ("target" in keys) == (game != "tarot")


@pytest.mark.parametrize(
    ("args", "printed"),
    [
        (["35,5"], "55.5"),  # English writes a decimal point (French: 55,5)
        (["35.5"], "55.5"),
        (["35,5", "--rules", "maison"], "55"),
        (["41"], "50"),
        (["0"], "91"),
        (["91"], "0"),
        (["0,5", "--rules", "maison"], "90"),
    ],
)
def test_convert(cli, args, printed) -> None:
    result = cli("convert", *args)
    assert result.code == 0, result.err
    assert result.out.strip() == printed


# --------------------------------------------------------------------------------------------
# 6-player tarot: the dealer is mort


def test_six_players_the_mort_rotates_with_the_dealer(cli) -> None:
    sid = new(cli, "tarot", "--names", ",".join(NAMES))
    for number in range(1, 9):
        # the player after the dealer takes a garde alone: 49 points, 2 bouts → 66
        dealer = NAMES[(number - 1) % 6]
        taker = NAMES[number % 6]
        options = ["--taker", taker, "--contract", "garde", "--bouts", "2", "--points", "49"]
        out = add(cli, sid, *options)
        row = out["round"]
        assert row["dealer"] == dealer
        assert row["mort"] == dealer
        expected = {p: -66 for p in NAMES}
        expected[dealer] = 0  # the mort scores exactly 0
        expected[taker] = 4 * 66  # 5 active players, taker alone: 4X
        assert row["scores"] == expected
    sheet = show(cli, sid)
    assert [r["dealer"] for r in sheet["rounds"]] == [*NAMES, "Ann", "Bob"]
    assert [r["mort"] for r in sheet["rounds"]] == [*NAMES, "Ann", "Bob"]
    assert sheet["next_dealer"] == sheet["next_mort"] == "Cyd"


def test_six_players_with_a_partner_and_a_maison_bonus(cli) -> None:
    sid = new(cli, "tarot", "--names", ",".join(NAMES), "--rules", "maison")
    # round 1: Ann deals and is mort. Bob garde alone, 67 with 2 bouts: surplus 30, A = 70:
    # Bob +280, the other four -70; Cyd's petit au bout: +40 (4 × 10), -10 to each other
    # active player, the mort untouched.
    options = ["--taker", "Bob", "--contract", "garde", "--bouts", "2", "--points", "67"]
    row = add(cli, sid, *options, "--petit-au-bout", "Cyd")["round"]
    assert row["mort"] == "Ann"
    assert row["scores"] == {"Ann": 0, "Bob": 270, "Cyd": -30, "Dan": -80, "Eve": -80, "Fay": -80}
    # round 2: Bob is mort. Cyd garde with Dan called, 51 with 1 bout: A = 40 → Cyd +120,
    # Dan +40, the three others -40
    options = ["--taker", "Cyd", "--called", "Dan", "--contract", "garde", "--bouts", "1"]
    row = add(cli, sid, *options, "--points", "51")["round"]
    assert row["mort"] == "Bob"
    assert row["scores"] == {"Ann": -40, "Bob": 0, "Cyd": 120, "Dan": 40, "Eve": -40, "Fay": -40}
    sheet = show(cli, sid)
    assert sheet["totals"] == {
        "Ann": -40,
        "Bob": 270,
        "Cyd": 90,
        "Dan": -40,
        "Eve": -120,
        "Fay": -120,
    }


def test_passe_rotates_the_deal(cli) -> None:
    sid = new(cli, "tarot", "--names", ",".join(NAMES))
    row = add(cli, sid, "--contract", "passe")["round"]
    assert row["scores"] == dict.fromkeys(NAMES, 0)
    assert row["mort"] == "Ann"
    assert show(cli, sid)["next_mort"] == "Bob"


# --------------------------------------------------------------------------------------------
# The end of a game


def test_belote_game_over(cli, sessions) -> None:
    sid = new(cli, "belote", *SEATS, "--target", "150")
    assert show(cli, sid)["params"]["target"] == 150
    # NS take: 82 + 10 + 20 = 112 > 70 → NS 112, EW 70; nobody has 150
    out = add(cli, sid, "--taker", "Sud", "--trump", "hearts", "--points", "82",
              "--dix-de-der", "NS", "--belote", "NS")  # fmt: skip
    assert out["totals"] == {"NS": 112, "EW": 70}
    assert out["finished"] is False
    # EW take: 82 + 10 = 92 > 70 → NS 182, EW 162: both past 150, the higher total wins
    out = add(cli, sid, "--taker", "Est", "--trump", "spades", "--points", "82",
              "--dix-de-der", "taker")  # fmt: skip
    assert out["totals"] == {"NS": 182, "EW": 162}
    assert out["finished"] is True
    assert out["winner"] == "NS"
    sheet = show(cli, sid)
    assert sheet["finished"] is True
    assert sheet["winner"] == "NS"
    before = sessions()
    refused = cli("add", sid, "--taker", "Sud", "--trump", "hearts", "--points", "82",
                  "--dix-de-der", "NS")  # fmt: skip
    assert_one_line_error(refused, "over")
    assert sessions() == before


def test_belote_tie_past_the_target_plays_on(cli, sessions) -> None:
    sid = new(cli, "belote", *SEATS, "--target", "150")
    # NS 92 / EW 70, then EW 92 / NS 70: 162 each, both past 150 but equal: play on
    add(cli, sid, "--taker", "Sud", "--trump", "hearts", "--points", "82", "--dix-de-der", "NS")
    out = add(cli, sid, "--taker", "Est", "--trump", "hearts", "--points", "82",
              "--dix-de-der", "EW")  # fmt: skip
    assert out["totals"] == {"NS": 162, "EW": 162}
    assert out["finished"] is False
    assert out["winner"] is None
    sheet = show(cli, sid)
    assert sheet["finished"] is False and sheet["winner"] is None
    # EW take again: 82 + 10 = 92 vs 70 → NS 232, EW 254: EW win
    out = add(cli, sid, "--taker", "Ouest", "--trump", "clubs", "--points", "82",
              "--dix-de-der", "Ouest")  # fmt: skip
    assert out["totals"] == {"NS": 232, "EW": 254}
    assert out["finished"] is True
    assert out["winner"] == "EW"
    before = sessions()
    assert_one_line_error(cli("add", sid, "--taker", "Sud", "--trump", "sa", "--points", "60",
                              "--dix-de-der", "NS"), "over")  # fmt: skip
    assert sessions() == before


def test_belote_default_target_is_1000_and_coinche_2000(cli) -> None:
    assert show(cli, new(cli, "belote", *SEATS))["params"]["target"] == 1000
    assert show(cli, new(cli, "coinche", *SEATS))["params"]["target"] == 2000


def test_coinche_game_over(cli, sessions) -> None:
    sid = new(cli, "coinche", *SEATS, "--target", "1000")
    # surcoinché 100 made: (160 + 100) × 4 = 1040 ≥ 1000
    out = add(cli, sid, "--taker", "Sud", "--trump", "hearts", "--contract", "100",
              "--surcoinche", "--points", "98", "--dix-de-der", "NS")  # fmt: skip
    assert out["totals"] == {"NS": 1040, "EW": 0}
    assert out["finished"] is True and out["winner"] == "NS"
    before = sessions()
    assert_one_line_error(cli("add", sid, "--taker", "Sud", "--trump", "hearts", "--contract",
                              "80", "--points", "98", "--dix-de-der", "NS"), "over")  # fmt: skip
    assert sessions() == before


def test_rami_game_over_lowest_total_wins(cli, sessions) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob")  # 2 players: target 100
    add(cli, sid, "--winner", "Ann", "--hand", "Bob=60")
    out = add(cli, sid, "--winner", "Bob", "--hand", "Ann=30")
    assert out["totals"] == {"Ann": 30, "Bob": 60}
    assert out["finished"] is False
    out = add(cli, sid, "--winner", "Ann", "--hand", "Bob=45")
    assert out["totals"] == {"Ann": 30, "Bob": 105}  # Bob reached 100: Ann, lowest, wins
    assert out["finished"] is True
    assert out["winner"] == "Ann"
    sheet = show(cli, sid)
    assert sheet["finished"] is True and sheet["winner"] == "Ann"
    before = sessions()
    assert_one_line_error(cli("add", sid, "--winner", "Ann", "--hand", "Bob=5"), "over")
    assert sessions() == before


def test_rami_shared_lowest_total_plays_one_more_round(cli, sessions) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob,Cyd")  # 3 players: target 200
    out = add(cli, sid, "--winner", "Ann", "--hand", "Bob=0", "--hand", "Cyd=210")
    assert out["totals"] == {"Ann": 0, "Bob": 0, "Cyd": 210}
    assert out["finished"] is False  # Ann and Bob share the lowest total
    assert out["winner"] is None
    sheet = show(cli, sid)
    assert sheet["finished"] is False and sheet["winner"] is None
    out = add(cli, sid, "--winner", "Ann", "--hand", "Bob=3", "--hand", "Cyd=4")
    assert out["totals"] == {"Ann": 0, "Bob": 3, "Cyd": 214}
    assert out["finished"] is True
    assert out["winner"] == "Ann"
    before = sessions()
    assert_one_line_error(cli("add", sid, "--blocked", "--hand", "Ann=1", "--hand", "Bob=2",
                              "--hand", "Cyd=3"), "over")  # fmt: skip
    assert sessions() == before


def test_rami_fixed_target(cli) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob", "--target", "500")
    out = add(cli, sid, "--winner", "Ann", "--hand", "Bob=150")
    assert out["finished"] is False  # 150 < 500
    out = add(cli, sid, "--winner", "Ann", "--hand", "Bob=200")  # a hand holds at most 280
    assert out["finished"] is False  # 350 < 500
    out = add(cli, sid, "--winner", "Ann", "--hand", "Bob=150")
    assert out["totals"] == {"Ann": 0, "Bob": 500}
    assert out["finished"] is True and out["winner"] == "Ann"


def test_undo_after_the_end_reopens_the_game(cli) -> None:
    sid = new(cli, "rami", "--names", "Ann,Bob")
    add(cli, sid, "--winner", "Ann", "--hand", "Bob=120")
    assert show(cli, sid)["finished"] is True
    assert cli("corriger", sid).code == 0
    sheet = show(cli, sid)
    assert sheet["finished"] is False and sheet["winner"] is None
    add(cli, sid, "--winner", "Ann", "--hand", "Bob=12")
