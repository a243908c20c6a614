"""The league: ratings (openskill) and records across a club's sessions, and seasons."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscore import caches, store
from cardscore.session import Session
from cardscore.stats import league
from cardscore.stats.aggregate import aggregate
from cardscore.stats.digest import digest

TRIO = ["Ann", "Bob", "Cyd"]


def won_by(taker: str, points: str = "60") -> dict[str, str]:
    """A tarot round the taker makes by far (3 bouts, 60 points: garde, +90 a defender)."""
    return {"taker": taker, "contract": "garde", "bouts": "3", "points": points}


def lost_by(taker: str) -> dict[str, str]:
    return {"taker": taker, "contract": "garde", "bouts": "0", "points": "30"}


def tarot(rounds: list[dict[str, str]], day: str, names: list[str] = TRIO) -> Session:
    made = Session.create("tarot", list(names), session_id=store.new_id())
    for raw in rounds:
        made.add(dict(raw))
    made.created = f"{day}T20:00:00+01:00"
    made.updated = f"{day}T23:00:00+01:00"
    return made


def save(home: Path, *sessions: Session) -> list[str]:
    folder = home / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    for made in sessions:
        (folder / f"{made.id}.json").write_bytes(store.encode(made))
    return [made.id for made in sessions]


def evening(winner: str, day: str) -> Session:
    """A full turn of deals (every player deals once): ``winner`` takes and makes all."""
    return tarot([won_by(winner)] * 3, day)


def rating(doc: dict[str, Any], name: str, game: str = "tarot") -> dict[str, Any] | None:
    player = next(p for p in doc["players"] if p["name"] == name)
    return player["games"][game]["rating"]


def ratings_of(doc: dict[str, Any], game: str = "tarot") -> dict[str, int]:
    return {
        p["name"]: p["games"][game]["rating"]["value"]
        for p in doc["players"]
        if game in p["games"] and p["games"][game]["rating"]
    }


# --------------------------------------------------------------------------------------------
# Ratings


def test_a_newcomer_starts_at_1000_and_the_scale_is_the_documented_one() -> None:
    assert league.shown(25.0, 25 / 3) == 1000
    assert league.shown(30.0, 2.0) == league.START + league.SCALE * 24


def test_a_player_who_wins_every_session_ranks_first(cli) -> None:
    digests = [digest(evening("Ann", f"2026-03-{day:02d}")) for day in range(1, 9)]
    doc = aggregate(digests)
    values = ratings_of(doc)
    assert values["Ann"] > values["Bob"] and values["Ann"] > values["Cyd"]
    ann = rating(doc, "Ann")
    assert ann["matches"] == 8 and [h["date"] for h in ann["history"]][:2] == [
        "2026-03-01",
        "2026-03-02",
    ]
    steps = zip(ann["history"], ann["history"][1:], strict=False)
    assert all(b["value"] > a["value"] for a, b in steps)
    assert ann["change"] == ann["history"][-1]["value"] - ann["history"][-2]["value"]
    assert set(ann) >= {"mu", "sigma", "value", "change", "matches"}
    assert (
        ann["value"] == league.shown(ann["mu"], ann["sigma"])
        or abs(ann["value"] - league.shown(ann["mu"], ann["sigma"])) <= 1
    )  # (μ and σ are rounded to 3 places in the document)


def test_a_session_that_decides_nothing_is_no_match() -> None:
    short = tarot([won_by("Ann")], "2026-03-01")  # one round of three players: not a turn
    doc = aggregate([digest(short)])
    assert rating(doc, "Ann") is None


def test_ties_share_a_rank_and_rami_ranks_the_fewest_first() -> None:
    from cardscore.games import get_game
    from cardscore.games.game_stats import stats_of

    totals = {"Ann": {"total": 40}, "Bob": {"total": 10}, "Cyd": {"total": 40}}
    rami, tarot = stats_of(get_game("rami")), stats_of(get_game("tarot"))
    assert rami.match(totals, ["Bob"]) == ((1, ("Bob",)), (2, ("Ann",)), (2, ("Cyd",)))
    assert tarot.match(totals, []) == ((1, ("Ann",)), (1, ("Cyd",)), (3, ("Bob",)))


def test_a_belote_or_coinche_session_is_a_match_of_its_two_teams() -> None:
    """Each game's statistics module says what a match is: two teams of two at belote and
    coinche, the winners' first (not four players on their own, tied two by two)."""
    from cardscore.games import get_game
    from cardscore.games.game_stats import stats_of

    per_player = {
        "Ann": {"teams": [0], "total": 1010},
        "Bob": {"teams": [1], "total": 640},
        "Cyd": {"teams": [0], "total": 1010},
        "Dan": {"teams": [1], "total": 640},
    }
    for game in ("belote", "coinche"):
        match = stats_of(get_game(game)).match(per_player, ["Ann", "Cyd"])
        assert match == ((1, ("Ann", "Cyd")), (2, ("Bob", "Dan"))), game


def test_belote_is_two_teams_and_the_winners_gain() -> None:
    made = Session.create("belote", ["Ann", "Bob", "Cyd", "Dan"], session_id=store.new_id())
    made.params = {**made.params, "target": 300}
    while not made.standings().finished:
        made.add({"taker": "Ann", "trump": "hearts", "points": "120", "dix_de_der": "taker"})
    assert made.standings().finished
    made.updated = "2026-03-01T23:00:00+01:00"
    doc = aggregate([digest(made)])
    values = ratings_of(doc, "belote")
    assert values["Ann"] == values["Cyd"] > values["Bob"] == values["Dan"]
    assert rating(doc, "Ann", "belote")["matches"] == 1


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_ratings_do_not_depend_on_the_order_the_files_are_read_in(rng: random.Random) -> None:
    sessions = [
        evening(["Ann", "Bob", "Cyd"][n % 3], f"2026-04-{n // 2 + 1:02d}") for n in range(7)
    ]
    digests = [digest(s) for s in sessions]
    shuffled = list(digests)
    rng.shuffle(shuffled)
    first, second = aggregate(digests), aggregate(shuffled)
    assert first["players"] == second["players"] and first["records"] == second["records"]


def _club(home: Path) -> list[str]:
    return save(
        home,
        evening("Ann", "2026-05-01"),
        evening("Bob", "2026-05-02"),
        evening("Ann", "2026-05-03"),
    )


def test_a_correction_that_changes_a_winner_changes_the_ratings_at_once(cli, home) -> None:
    ids = _club(home)
    before = cli("stats", "--json").json()
    assert cli("stats", "--json").json() == before  # the same sessions: the same ratings
    # the second evening's rounds made by Cyd instead: Cyd wins it, not Bob
    for number in (1, 2, 3):
        done = cli("edit", ids[1], str(number), "--taker", "Cyd")
        assert done.code == 0, done.err
    after = cli("stats", "--json").json()
    assert ratings_of(after) != ratings_of(before)
    assert ratings_of(after)["Cyd"] > ratings_of(before)["Cyd"]
    # the same as worked out from nothing
    kept = caches.folder_of(home)
    (kept / "stats.json").unlink()
    (kept / "digests.json").unlink()
    assert cli("stats", "--json").json()["players"] == after["players"]
    # an undo, then a deleted session: at once too
    assert cli("undo", ids[1]).code == 0
    undone = cli("stats", "--json").json()
    assert ratings_of(undone) != ratings_of(after)
    assert rating(undone, "Ann")["matches"] == 3
    assert cli("delete", ids[0], "--yes").code == 0
    fewer = cli("stats", "--json").json()
    assert rating(fewer, "Ann")["matches"] == 2


def test_the_cache_is_used_and_is_only_a_cache(cli, home) -> None:
    _club(home)
    first = cli("stats", "--json")
    kept = caches.folder_of(home) / "stats.json"
    assert kept.exists() and not (home / "stats.json").exists()
    kept_doc = json.loads(kept.read_bytes())["doc"]
    assert kept_doc["players"] == first.json()["players"]
    assert cli("stats", "--json").out == first.out  # from the cache: the same
    kept.write_text("{not json")  # damaged: worked out again, said the same
    assert cli("stats", "--json").out == first.out
    forged = json.loads(kept.read_bytes())  # the right key, a name no session may hold
    forged["doc"]["players"][0]["name"] = "Ann\x1b[2J"
    kept.write_text(json.dumps(forged))
    assert cli("stats", "--json").out == first.out  # not shown: worked out again
    assert "\x1b" not in cli("stats").out
    assert cli("--lang", "fr", "stats").code == 0  # its notes said in the run's language
    assert "partie" in cli("--lang", "fr", "stats").out


# --------------------------------------------------------------------------------------------
# Records


def test_the_records_of_a_hand_made_club(home: Path) -> None:
    first = tarot([won_by("Ann"), won_by("Ann"), lost_by("Bob")], "2026-06-01")
    second = tarot([won_by("Cyd", "70"), won_by("Ann"), won_by("Ann")], "2026-06-02")
    third = tarot([won_by("Ann")] * 3, "2026-06-03")
    kept = [digest(s) for s in (first, second, third)]
    doc = aggregate(kept)
    found = doc["records"]["tarot"]
    # garde, 3 bouts, 60 points: (25 + 24) x 2 = 98 a defender, 196 the taker at three
    # 70 points: (25 + 34) x 2 = 118, 236 the taker
    assert found["best_round"] == {
        "value": 236,
        "players": ["Cyd"],
        "session": second.id,
        "date": "2026-06-02",
    }
    # a lost garde: 0 bouts, 30 of 56 needed: (25 + 26) x 2 = 102, the taker -204
    assert found["worst_round"]["value"] == -204 and found["worst_round"]["players"] == ["Bob"]
    assert found["best_session"]["value"] == 3 * 196  # Ann's third evening: 588
    assert found["best_session"]["session"] == third.id
    # Ann won the first (2 of 3 rounds), the second (2 of 3) and the third: 3 in a row
    assert found["longest_run"] == {
        "value": 3,
        "players": ["Ann"],
        "from": first.id,
        "session": third.id,
        "date": "2026-06-03",
    }
    assert found["feats"]["made"]["value"] == 3 and found["feats"]["made"]["session"] == third.id
    assert found["feats"]["made_garde"]["value"] == 3
    assert found["feats"]["made_prise"] is None
    assert found["feats"]["chelems"] == []


def test_stats_records_prints_them(cli, home) -> None:
    ids = _club(home)
    out = cli("stats", "--records").out
    assert "Tarot — records" in out
    line = next(line for line in out.splitlines() if line.strip().startswith("Sessions won in"))
    assert "Ann" in line and " 1 " in line  # Ann, Bob, Ann: no run longer than one
    shorts = store.short_ids(ids)
    assert any(short in out for short in shorts)
    assert "Parties gagnées d'affilée" in cli("--lang", "fr", "stats", "--records").out


# --------------------------------------------------------------------------------------------
# Seasons


def test_a_season_and_a_month(cli, home: Path) -> None:
    save(
        home,
        evening("Bob", "2025-11-20"),
        evening("Ann", "2026-01-10"),
        evening("Ann", "2026-11-02"),
        evening("Cyd", "2026-11-28"),
    )
    assert cli("stats", "--season", "2026", "--json").json()["sessions"] == 3
    november = cli("stats", "--month", "2026-11", "--json").json()
    assert november["sessions"] == 2 and rating(november, "Ann")["matches"] == 2
    assert cli("stats", "--month", "2025-11", "--json").json()["sessions"] == 1
    table = cli("stats", "--season", "2026").out
    rows = [line.split()[0] for line in table.splitlines() if line[:5].strip() in TRIO]
    assert rows[0] == "Ann"  # ranked by rating first
    assert "for season 2030." in cli("stats", "--season", "2030").out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--season", "26"], "--season: '26' is not a year (YYYY)"),
        (["--month", "2026-13"], "--month: '2026-13' is not a month (YYYY-MM)"),
        (["--month", "november"], "--month: 'november' is not a month (YYYY-MM)"),
        (["--season", "2026", "--month", "2026-11"], "--season and --month: give one of them"),
        (["--season", "2026", "--since", "2026-01-01"], "--season and --month stand for"),
    ],
)
def test_a_bad_season_is_refused(cli, args: list[str], said: str) -> None:
    result = cli("stats", *args)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(f"cardscore: error: {said}")


def test_the_rating_column_is_the_last_to_go(cli, home, monkeypatch) -> None:
    _club(home)
    for width in (50, 60, 80, 120):
        monkeypatch.setenv("COLUMNS", str(width))
        heads = [line for line in cli("stats").out.splitlines() if "Player" in line]
        assert heads and all("Rating" in head for head in heads), (width, heads)


def test_the_page_has_the_rating_chart_and_the_records(cli, home, tmp_path) -> None:
    _club(home)
    page = tmp_path / "stats.html"
    assert cli("stats", "-o", str(page)).code == 0
    text = page.read_text()
    assert 'class="game-ratings"' in text and "Ratings at Tarot, session by session" in text
    assert '<table class="records" data-game="tarot">' in text
    assert text.count('<polyline data-player="Ann"') == 2  # her results, and her rating


# --------------------------------------------------------------------------------------------
# A feat kept every time (chelems): a count per player too


def chelem_by(taker: str) -> dict[str, str]:
    """A garde the taker makes with every trick: a chelem he did not announce."""
    return {"taker": taker, "contract": "garde", "bouts": "3", "points": "91",
            "chelem": "unannounced"}  # fmt: skip


def _chelems(home: Path) -> list[str]:
    """Bruno's chelem in two evenings, Chloé's and Damien's in a third."""
    four = ["Bruno", "Chloé", "Damien", "Emma"]
    return save(
        home,
        tarot([chelem_by("Bruno")], "2026-05-01", four),
        tarot([chelem_by("Bruno")], "2026-05-02", four),
        tarot([chelem_by("Chloé"), chelem_by("Damien")], "2026-05-03", four),
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Chelems: Bruno 2, Chloé 1, Damien 1"),
        ("fr", "Chelems : Bruno 2, Chloé 1, Damien 1"),
        ("nb", "Chelems: Bruno 2, Chloé 1, Damien 1"),
    ],
)
def test_records_say_a_count_per_player_of_a_feat_kept_every_time(cli, home, lang, said) -> None:
    _chelems(home)
    out = cli("--lang", lang, "stats", "--records").out
    assert said in out.splitlines(), out
    sessions = {"en": "(3 sessions)", "fr": "(3 parties)", "nb": "(3 økter)"}[lang]
    assert sum(sessions in row for row in out.splitlines()) == 3  # a row each, the latest first


def test_the_page_says_the_count_per_player_too(cli, home, tmp_path) -> None:
    _chelems(home)
    page = tmp_path / "stats.html"
    assert cli("stats", "-o", str(page)).code == 0
    assert '<p class="feat-counts">Chelems: Bruno 2, Chloé 1, Damien 1</p>' in page.read_text()


def test_records_json_adds_the_count_per_player_and_keeps_its_keys(cli, home) -> None:
    ids = _chelems(home)
    found = cli("stats", "--records", "--json").json()["records"]["tarot"]
    assert found["feats_by_player"] == {"chelems": {"Bruno": 2, "Chloé": 1, "Damien": 1}}
    assert [time["players"] for time in found["feats"]["chelems"]] == [
        ["Bruno"],
        ["Bruno"],
        ["Chloé", "Damien"],
    ]
    times = found["feats"]["chelems"]
    assert set(times[0]) == {"count", "players", "session", "date"}
    assert [time["session"] for time in times] == ids
    assert {"best_round", "worst_round", "best_session", "longest_run", "feats"} <= set(found)
