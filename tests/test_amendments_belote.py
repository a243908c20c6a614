"""Belote and coinche amendments (issue 10, points 3, 4, 5, 6 and 10): belote-rebelote is
never held in a litige, announcements in a coinché or fallen round, the tout atout card
values, a capot contract entered without its capot, and the coinche level asked as one
question."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from cardscore import i18n, store
from cardscore.games import get_game
from cardscore.games.base import Table, describe_params
from cardscore.games.belote import COINCHE
from cardscore.session import Session

PLAYERS = ("South", "West", "North", "East")  # South & North are team 0
NS, EW = "NS", "EW"
FIXTURES = Path(__file__).parent / "fixtures"
SEATS = ("--names", ",".join(PLAYERS), "--set", "team1=NS", "--set", "team2=EW")


def table(game: str, rules: str = "maison", **changes: Any) -> Table:
    params = dataclasses.replace(get_game(game).presets[rules], **changes)
    return Table(game, PLAYERS, params, (NS, EW))


def play(game: str, raw: dict[str, Any], carry: Any = None, rules: str = "maison", **changes):
    t = table(game, rules, **changes)
    g = get_game(game)
    return g.score(g.build_round(raw, t, 1), t, 1, carry)


@contextmanager
def french() -> Iterator[None]:
    i18n.set_language("fr")
    try:
        yield
    finally:
        i18n.set_language("en")


def flat(text: str) -> str:
    """Text as one line (Rich wraps long lines at the terminal's width)."""
    return " ".join(text.split())


# --------------------------------------------------------------------------------------------
# Point 3 — belote-rebelote is never held in a litige

# South takes in hearts: 61 + 10 dix de der + 20 belote = 91 against 91, a litige.
LITIGE_WITH_BELOTE = {"taker": "South", "trump": "hearts", "points": "61",
                      "dix_de_der": "taker", "belote": "taker"}  # fmt: skip


def test_litige_belote_scores_at_once_and_only_the_rest_is_held():
    result = play("belote", LITIGE_WITH_BELOTE)
    assert dict(result.scores) == {NS: 20, EW: 91}
    assert result.held == result.carry == 91 - 20
    assert result.breakdown[-1] == (
        "litige: NS score their belote (20) now; the rest, 71, is held for the next round"
    )
    # With points already held, they wait with the rest.
    again = play("belote", LITIGE_WITH_BELOTE, carry=30)
    assert dict(again.scores) == {NS: 20, EW: 91}
    assert again.held == 71 + 30
    assert again.breakdown[-1] == (
        "litige: NS score their belote (20) now; "
        "the rest, 71 + 30 already held = 101, is held for the next round"
    )
    # The next round's winner collects the rest only.
    nxt = play("belote", {"taker": "West", "trump": "hearts", "points": "92",
                          "dix_de_der": "West"}, carry=result.carry)  # fmt: skip
    assert dict(nxt.scores) == {NS: 60, EW: 102 + 71}
    with french():
        line = i18n.tr(result.breakdown[-1])
    assert line.startswith("litige :") and "belote" in line and "71" in line
    assert line != result.breakdown[-1]


def test_litige_belote_held_is_the_old_reading():
    result = play("belote", LITIGE_WITH_BELOTE, litige_belote="held")
    assert dict(result.scores) == {NS: 0, EW: 91}
    assert result.held == result.carry == 91
    # A defence's belote was never held: it is part of the defence's total.
    defence = play("belote", {**LITIGE_WITH_BELOTE, "points": "81", "belote": "defense"})
    assert dict(defence.scores) == {NS: 0, EW: 91} and defence.held == 91


def test_litige_belote_old_file_loads_held_and_a_new_session_scores_kept(cli, home: Path):
    """A file saved before ``litige-belote`` existed scores as it did (held); a session
    created now with the same rounds scores the new way (kept)."""
    fixture = FIXTURES / "schema1_belote_litige_belote.json"
    data = json.loads(fixture.read_text("utf-8"))
    assert "litige_belote" not in data["params"]
    old = store.loads(fixture.read_bytes(), fixture)
    assert old.table().params.litige_belote == "held"
    standings = old.standings()
    assert [dict(r.scores) for r in standings.rows] == [
        {"South & North": 0, "West & East": 91},
        {"South & North": 60, "West & East": 102 + 91},
    ]
    assert standings.totals == {"South & North": 60, "West & East": 284}

    new = Session.create("belote", PLAYERS)
    assert new.params["litige_belote"] == "kept"
    new.add(LITIGE_WITH_BELOTE)
    new.add({"taker": "West", "trump": "hearts", "points": "92", "dix_de_der": "West"})
    assert new.rounds == data["rounds"]
    assert new.standings().totals == {"South & North": 80, "West & East": 264}

    # Through the command line: the old file, copied into the data folder, still shows
    # the old numbers, and a round added to it keeps its reading.
    (home / "sessions").mkdir(parents=True, exist_ok=True)
    (home / "sessions" / "oldlitige.json").write_bytes(fixture.read_bytes())
    shown = cli("show", "oldlitige", "--json")
    assert shown.code == 0, shown.err
    assert shown.json()["totals"] == {"South & North": 60, "West & East": 284}
    added = cli("add", "oldlitige", *("--taker", "South", "--trump", "hearts", "--points", "61"),
                *("--dix-de-der", "taker", "--belote", "taker", "--json"))  # fmt: skip
    assert added.code == 0, added.err
    assert added.json()["held"] == 91


# --------------------------------------------------------------------------------------------
# Point 4 — announcements in a coinché or fallen round

HEARTS_100 = {"taker": "South", "trump": "coeur", "contract": "100", "points": "98",
              "dix_de_der": "taker"}  # fmt: skip

COINCHE_ANNOUNCEMENTS = [
    # (changes, rules, seed NS/EW, winner NS/EW)
    pytest.param({"coinche": True, "announce": ["taker:50"]}, "maison", (520, 0), (570, 0),
                 id="coinche-made"),
    pytest.param({"surcoinche": True, "announce": ["NS:50", "EW:20"]}, "maison",
                 (1040, 0), (1040 + 70, 0), id="surcoinche-made-both-teams"),
    pytest.param({"coinche": True, "belote": "EW", "announce": ["EW:20"]}, "maison",
                 (520, 20), (540, 20), id="coinche-made-defence-belote"),
    pytest.param({"coinche": True, "points": "80", "dix_de_der": "defense",
                  "announce": ["EW:50"]}, "maison", (0, 520), (0, 570), id="coinche-fallen"),
    pytest.param({"points": "70", "dix_de_der": "defense", "announce": ["taker:20"]}, "maison",
                 (0, 260), (0, 280), id="fallen-taker-announcement"),
    pytest.param({"contract": "capot", "coinche": True, "points": None, "capot": "NS",
                  "announce": ["NS:100"]}, "official", (1000, 0), (1100, 0),
                 id="official-capot-coinche"),
    pytest.param({"announce": ["NS:50", "EW:20"]}, "maison", (258, 74), (258, 74),
                 id="made-not-coinched-unchanged"),
]  # fmt: skip


@pytest.mark.parametrize(("changes", "rules", "seed", "winner"), COINCHE_ANNOUNCEMENTS)
def test_coinche_announcements_seed_and_winner_numbers(changes, rules, seed, winner):
    raw = {**HEARTS_100, **changes}
    by_seed = play("coinche", raw, rules=rules)
    assert (by_seed.scores[NS], by_seed.scores[EW]) == seed
    by_winner = play("coinche", raw, rules=rules, coinche_announcements="winner")
    assert (by_winner.scores[NS], by_winner.scores[EW]) == winner
    if seed != winner:
        assert not any("not scored" in line for line in by_winner.breakdown)
        assert any("announcements" in line for line in by_winner.breakdown)


def test_coinche_announcements_seed_says_each_dropped_announcement():
    coinched = play("coinche", {**HEARTS_100, "coinche": True, "announce": ["NS:50", "EW:20"]})
    assert "announcement 50 (NS): not scored, the contract was coinché" in coinched.breakdown
    assert "announcement 20 (EW): not scored, the contract was coinché" in coinched.breakdown
    doubled = play("coinche", {**HEARTS_100, "surcoinche": True, "announce": ["NS:20", "NS:20"]})
    dropped = [line for line in doubled.breakdown if "not scored" in line]
    assert dropped == ["announcement 20 (NS): not scored, the contract was surcoinché"] * 2
    fallen = play("coinche", {**HEARTS_100, "points": "70", "dix_de_der": "defense",
                              "announce": ["taker:20"]})  # fmt: skip
    assert "announcement 20 (NS): not scored, the contract fell" in fallen.breakdown
    made = play("coinche", {**HEARTS_100, "announce": ["NS:50"]})
    assert not any("not scored" in line for line in made.breakdown)
    with french():
        said = i18n.tr(next(line for line in coinched.breakdown if "not scored" in line))
    assert said.startswith("annonce 50 (NS)") and "coinché" in said


# --------------------------------------------------------------------------------------------
# Point 5 — the tout atout card values, stated by `cardscore rules coinche`


def test_tout_atout_values_sum_to_152_and_rules_coinche_states_them(cli):
    from cardscore.games.belote import TOUT_ATOUT_VALUES

    assert TOUT_ATOUT_VALUES == {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0,
                                 "7": 0}  # fmt: skip
    assert 4 * sum(TOUT_ATOUT_VALUES.values()) == 4 * 38 == 152
    english = cli("rules", "coinche")
    assert english.code == 0, english.err
    assert "J 14, 9 9, A 6, 10 5, K 3, Q 1, 8 and 7 0" in flat(english.out)
    assert "258" in english.out and "152" in english.out
    french_rules = cli("--lang", "fr", "rules", "coinche")
    assert french_rules.code == 0, french_rules.err
    assert "V 14, 9 9, As 6, 10 5, R 3, D 1, 8 et 7 0" in flat(french_rules.out)
    assert "258" in french_rules.out
    assert "J 14" not in flat(cli("rules", "belote").out)  # no tout atout at belote


# --------------------------------------------------------------------------------------------
# Point 6 — a capot contract without --capot

CAPOT_NOT_GIVEN = {"taker": "South", "trump": "hearts", "contract": "capot", "points": "152",
                   "dix_de_der": "taker"}  # fmt: skip
WARNING = (
    "warning: NS hold all 152 card points and the last trick, but no capot was given: "
    "scored as not capot (the defence may have won a trick of no points)"
)


def test_capot_contract_without_capot_warns_in_the_breakdown():
    result = play("coinche", CAPOT_NOT_GIVEN)
    assert dict(result.scores) == {NS: 0, EW: 160 + 250}
    assert WARNING in result.breakdown
    generale = play("coinche", {**CAPOT_NOT_GIVEN, "contract": "generale"})
    assert WARNING in generale.breakdown
    # No warning when the capot was given, nor when the defence took the last trick.
    given = play("coinche", {**CAPOT_NOT_GIVEN, "capot": "taker"})
    assert dict(given.scores) == {NS: 502, EW: 0}
    assert not any(line.startswith("warning") for line in given.breakdown)
    last = play("coinche", {**CAPOT_NOT_GIVEN, "dix_de_der": "defense"})
    assert not any(line.startswith("warning") for line in last.breakdown)
    with french():
        said = i18n.tr(next(line for line in result.breakdown if line == WARNING))
    assert said.startswith("attention") and "152" in said


# --------------------------------------------------------------------------------------------
# Points 6 and 10 — the interactive round, driven through a prompt_toolkit pipe

DOWN, ENTER = "\x1b[B", "\r"


def new_coinche(cli) -> str:
    result = cli("new", "coinche", *SEATS, "--no-play")
    assert result.code == 0, result.err
    return result.out.strip()


def record_with_keys(session_id: str, keys: str, monkeypatch) -> list[str]:
    """Record one round of the interactive loop, answering with ``keys``; return what the
    asker said besides its questions."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from cardscore.prompts import loop
    from cardscore.prompts.round import RoundAsker

    said: list[str] = []
    monkeypatch.setattr(RoundAsker, "say", lambda self, text: said.append(text))
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()  # once the keys run out, a question left unanswered fails, not waits
        with create_app_session(input=pipe, output=DummyOutput()):
            loop.record_round(session_id)
    return said


def test_coinche_level_is_one_question_surcoinche_is_stored_as_4(cli, home, monkeypatch):
    session_id = new_coinche(cli)
    keys = "".join([
        ENTER,              # Who took? South
        "h" + ENTER,        # Trump? hearts (its key)
        "100" + ENTER,      # Contract? 100 (typed: thirteen numbers are not a list)
        "s" + ENTER,        # Coinché or surcoinché? — none / coinché / surcoinché (its key)
        ENTER,              # Belote, announcements, capot? none
        "98" + ENTER,       # Card points of the taker's team
        ENTER,              # dix de der: NS (the taker's team, by default)
        "y",                # Save this round?
    ])  # fmt: skip
    record_with_keys(session_id, keys, monkeypatch)
    data = json.loads((home / "sessions" / f"{session_id}.json").read_text("utf-8"))
    assert len(data["rounds"]) == 1
    assert data["rounds"][0]["coinche"] == 4
    assert cli("show", session_id, "--json").json()["totals"] == {NS: 1040, EW: 0}
    # The level question is one question, in both languages.
    level = [f for f in COINCHE.fields if f.asked_as]
    assert [f.key for f in level] == ["coinche", "surcoinche"]
    assert len({f.asked_as for f in level}) == 1
    with french():
        assert i18n.tr(level[0].asked_as) != level[0].asked_as
        assert [i18n.tr(f.label) for f in level] == ["coinché (×2)", "surcoinché (×4)"]
    # `add` keeps both flags, in English and in French.
    for lang in ("en", "fr"):
        shown = cli("--lang", lang, "add", "--help")
        assert shown.code == 0, shown.err
        assert "--coinche" in shown.out and "--surcoinche" in shown.out


def test_capot_question_asked_again_when_the_taker_team_holds_everything(cli, home, monkeypatch):
    session_id = new_coinche(cli)
    keys = "".join([
        ENTER,              # Who took? South
        "h" + ENTER,        # Trump? hearts
        "capot" + ENTER,    # Contract? capot
        ENTER,              # level: none
        "n",                # Capot made? no (a key: the question has no default)
        ENTER,              # Belote, announcements, capot? none
        "152" + ENTER,      # Card points of the taker's team: all of them
        ENTER,              # dix de der: NS
        DOWN + ENTER,       # capot, asked again with why: — none / NS → NS
        "y",                # Save this round?
    ])  # fmt: skip
    said = record_with_keys(session_id, keys, monkeypatch)
    assert any("NS hold all 152 card points and the last trick" in line for line in said)
    data = json.loads((home / "sessions" / f"{session_id}.json").read_text("utf-8"))
    assert data["rounds"][0]["capot"] == 0
    assert cli("show", session_id, "--json").json()["totals"] == {NS: 502, EW: 0}


def test_a_capot_contract_asks_capot_made_and_enter_alone_is_no_answer(cli, home, monkeypatch):
    """The decisive answer has no default: Enter alone does not say it; "yes" needs
    nothing more (the card points and the last trick are the capot's)."""
    session_id = new_coinche(cli)
    keys = "".join([
        ENTER, "h" + ENTER, "capot" + ENTER, ENTER,  # South, hearts, capot, no level
        ENTER,              # Capot made? Enter alone: still asked
        "y",                # yes
        ENTER,              # Belote, announcements, capot? none (capot is said already)
        "y",                # Save this round?
    ])  # fmt: skip
    record_with_keys(session_id, keys, monkeypatch)
    data = json.loads((home / "sessions" / f"{session_id}.json").read_text("utf-8"))
    assert (data["rounds"][0]["capot"], data["rounds"][0]["points"]) == (0, 152)
    assert cli("show", session_id, "--json").json()["totals"] == {NS: 502, EW: 0}
    # the same round as options, the new one and the capot by its team
    by_options = new_coinche(cli)
    for options in (["--capot-made"], ["--capot", "taker"]):
        done = cli("add", by_options, "--taker", "South", "--trump", "hearts",
                   "--contract", "capot", *options)  # fmt: skip
        assert done.code == 0, done.err
    rounds = cli("show", by_options, "--json").json()["rounds"]
    assert rounds[0]["input"] == rounds[1]["input"]
    assert rounds[0]["totals"] == {NS: 502, EW: 0}
    refused = cli("add", by_options, "--taker", "South", "--trump", "hearts",
                  "--contract", "capot", "--capot-made", "--capot", "defense")  # fmt: skip
    assert refused.code == 2 and "--capot-made" in refused.err


# --------------------------------------------------------------------------------------------
# The new parameters: in `cardscore rules`, in --set, with help in both languages


@pytest.mark.parametrize(
    ("game", "key", "default", "said", "other"),
    [
        ("belote", "litige-belote", "kept", "kept", "held"),
        # stored as "seed", as earlier versions wrote it; said as what it does
        ("coinche", "coinche-announcements", "seed", "made-only", "winner"),
    ],
)
def test_new_parameters_in_rules_and_set(cli, home, game, key, default, said, other):
    name = key.replace("-", "_")
    for preset in get_game(game).presets.values():
        assert getattr(preset, name) == default
    rules = cli("rules", game)
    assert rules.code == 0, rules.err
    row = next(line for line in rules.out.splitlines() if key in line)
    assert said in row.split()
    game_rules = get_game(game)
    params = game_rules.presets[game_rules.default_preset]
    help_text = next(p.help for p in describe_params(params) if p.key == name.replace("_", "-"))
    assert other in help_text
    with french():
        assert i18n.tr(help_text) != help_text
    created = cli("new", game, *SEATS, "--set", f"{key}={other}", "--no-play")
    assert created.code == 0, created.err
    data = json.loads((home / "sessions" / f"{created.out.strip()}.json").read_text("utf-8"))
    assert data["params"][name] == other
    refused = cli("new", game, *SEATS, "--set", f"{key}=maybe", "--no-play")
    assert refused.code == 2 and key in refused.err
