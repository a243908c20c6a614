"""Rami amendments (issue 10, point 9): "never opened" is about this round, a hand worth more
than any hand can hold is refused, the target is shown as the number in force (never as the
internal 0 of "automatic"), and help texts give their numbers as defaults."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardscore import i18n, store
from cardscore.games import rami
from cardscore.games.base import InputError, Table, apply_settings
from cardscore.games.rami import FIELDS, GAME, RamiParams
from cardscore.i18n import tr
from cardscore.prompts.round import RoundAsker
from cardscore.session import Session

NAMES = ("Ann", "Bob", "Cyd", "Dan", "Eve", "Fay")
FIELD = {f.key: f for f in FIELDS}


@pytest.fixture(autouse=True)
def english_afterwards():
    """A test that speaks French leaves the language as it found it."""
    yield
    i18n.set_language("en")


def table(n: int = 3, **params: Any) -> Table:
    return Table("rami", NAMES[:n], RamiParams(**params))


def french(text: Any) -> str:
    i18n.set_language("fr")
    try:
        return tr(text)
    finally:
        i18n.set_language("en")


def one_line(text: str) -> str:
    return " ".join(text.split())


def new_session(cli, *options: str) -> str:
    result = cli("new", "rami", *options, "--no-play")
    assert result.code == 0, result.err
    return result.out.strip()


# --------------------------------------------------------------------------------------------
# a. "Never opened" means: laid no meld in this round


def never_opened_texts(params: RamiParams) -> list[str]:
    """Every text that speaks of a loser who did not open: the prompt, the option's help,
    the rule summary, the parameters' help and a breakdown line."""
    t = Table("rami", NAMES[:2], params)
    inp = GAME.build_round({"winner": "Ann", "hand": ["Bob=R D 8"], "not_opened": ["Bob"]}, t, 1)
    breakdown = GAME.score(inp, t, 1, None).breakdown
    summary = [line for line in GAME.summary(params) if "open" in line]
    helps = [
        f.metadata["help"]
        for f in params.__dataclass_fields__.values()
        if f.name.startswith("never_opened")
    ]
    return [
        FIELD["not_opened"].label,
        FIELD["not_opened"].help,
        *summary,
        *helps,
        *[line for line in breakdown if "open" in line],
    ]


@pytest.mark.parametrize("never_opened", ["plus", "flat"])
def test_a_never_opened_says_this_round_in_english_and_french(never_opened: str) -> None:
    texts = never_opened_texts(RamiParams(never_opened=never_opened))
    # the prompt, the help, one sentence of the summary, the four parameters' helps, one line
    assert len(texts) == 8
    for text in texts:
        assert "this round" in text, text
        assert "this game" not in text and "never opened" not in text, text
        fr = french(text)
        assert fr != text, text  # translated
        assert "cette donne" in fr, fr
        assert "partie" not in fr and "jamais" not in fr, fr


def test_a_no_rami_text_speaks_of_opening_in_this_game() -> None:
    package = Path(rami.__file__).parent
    source = "".join(path.read_text("utf-8") for path in sorted(package.glob("*.py")))
    assert "this game" not in source
    po = package.parents[1] / "locale" / "fr" / "rami.po"
    assert "depuis le début de la partie" not in po.read_text("utf-8")
    assert "n'a jamais ouvert" not in po.read_text("utf-8")


def test_a_breakdown_and_summary_through_the_cli(cli) -> None:
    new_session(cli, "--names", "Ann,Bob")
    added = cli("add", "--winner", "Ann", "--hand", "Bob=R D 8", "--not-opened", "Bob")
    assert added.code == 0, added.err
    assert "Bob did not open this round: 28 + 25 = 53, capped at 50 (half the target)" in (
        added.out
    )
    shown = cli("--lang", "fr", "show", "--detail").out
    assert "Bob n'a pas ouvert cette donne" in one_line(shown)
    rules = one_line(cli("rules", "rami").out)
    assert "did not open this round pays their hand + 25" in rules
    help_text = one_line(cli("add", "--help").out)
    assert "this round" in help_text and "this game" not in help_text


# --------------------------------------------------------------------------------------------
# b. A hand worth more than any hand can hold is refused


def test_b_the_largest_hand_is_14_cards_at_the_highest_value() -> None:
    assert rami.max_hand(RamiParams()) == 14 * 20 == 280
    assert rami.max_hand(RamiParams(joker=50)) == 700
    assert rami.max_hand(RamiParams(joker=5)) == 14 * 11  # the ace is then the highest card
    assert rami.max_hand(RamiParams(joker=0)) == 154


@pytest.mark.parametrize(
    ("joker", "limit"), [(20, 280), (50, 700), (5, 154)], ids=["joker20", "joker50", "joker5"]
)
def test_b_a_hand_value_above_the_limit_is_refused(joker: int, limit: int) -> None:
    t = table(3, joker=joker)
    ok = GAME.build_round({"winner": "Ann", "hand": [f"Bob={limit}", "Cyd=3"]}, t, 1)
    assert ok["hands"]["Bob"]["value"] == limit
    with pytest.raises(InputError) as refused:
        GAME.build_round({"winner": "Ann", "hand": [f"Bob={limit + 1}", "Cyd=3"]}, t, 1)
    text = str(refused.value)
    assert text.startswith("--hand Bob: ") and "\n" not in text
    assert str(limit + 1) in text and f"at most {limit}" in text and "14 cards" in text
    fr = french(refused.value.args[0])
    assert fr.startswith("--hand Bob : ") and f"au plus {limit}" in fr and "14 cartes" in fr


def test_b_more_than_14_cards_are_refused() -> None:
    t = table(2)
    fourteen = " ".join(["2"] * 14)
    assert GAME.build_round({"winner": "Ann", "hand": [f"Bob={fourteen}"]}, t, 1)["hands"]
    with pytest.raises(InputError) as refused:
        GAME.build_round({"winner": "Ann", "hand": [f"Bob={fourteen} 3"]}, t, 1)
    text = str(refused.value)
    assert text.startswith("--hand Bob: ") and "15 cards" in text and "at most 14" in text
    assert "au plus 14" in french(refused.value.args[0])


def test_b_the_interactive_prompt_refuses_it_with_the_same_message() -> None:
    t = table(3)
    asker = RoundAsker(GAME, t, 1)
    asker.raw["winner"] = "Ann"
    hand = FIELD["hand"]
    problem = asker.problem(hand, ["Bob=300"])
    # the same message, but for the option: the question (Bob's hand) is on the screen
    assert problem == "300 is more than any hand can hold (at most 280: 14 cards at 20)"
    assert asker.problem(hand, ["Bob=280"]) is None
    problem = asker.problem(hand, ["Bob=" + " ".join(["A"] * 15)])
    assert problem is not None and "at most 14" in problem


def test_b_cli_refuses_a_hand_too_large_and_saves_nothing(cli, sessions) -> None:
    new_session(cli, "--names", "Ann,Bob,Cyd")
    before = sessions()
    result = cli("add", "--winner", "Ann", "--hand", "Bob=281", "--hand", "Cyd=3")
    assert result.code == 2, (result.out, result.err)
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardscore: error: --hand Bob: ")
    assert "at most 280" in lines[0]
    assert sessions() == before
    joker50 = new_session(cli, "--names", "Ann,Bob,Cyd", "--set", "joker=50")
    assert cli("add", joker50, "--winner", "Ann", "--hand", "Bob=281", "--hand", "Cyd=3").code == 0


def test_b_an_old_file_holding_a_hand_over_the_limit_still_scores(cli, home: Path) -> None:
    """The limit is for new rounds: a stored round is replayed as it was."""
    sid = new_session(cli, "--names", "Ann,Bob")
    assert cli("add", sid, "--winner", "Ann", "--hand", "Bob=300").code == 2  # refused now
    path = home / "sessions" / f"{sid}.json"
    data = json.loads(path.read_text("utf-8"))
    data.pop("checkpoint", None)
    data["schema_version"] = 3  # written by a cardscore of before the limit (schema 4 has it)
    data["rounds"] = [
        {
            "winner": "Ann",
            "blocked": False,
            "rami_sec": False,
            "hands": {"Bob": {"cards": "300", "value": 300}},
            "not_opened": [],
        },
        {
            "winner": "Bob",
            "blocked": False,
            "rami_sec": False,
            "hands": {"Ann": {"cards": " ".join(["A"] * 15), "value": 165}},
            "not_opened": [],
        },
    ]
    path.write_text(json.dumps(data), "utf-8")
    shown = cli("show", sid, "--json")
    assert shown.code == 0, shown.err
    assert shown.json()["totals"] == {"Ann": 165, "Bob": 300}
    detail = cli("show", sid, "--detail")
    assert detail.code == 0 and "Bob: 300" in detail.out


# --------------------------------------------------------------------------------------------
# c. The target is shown as the number in force


def test_c_core_words_the_target_in_force() -> None:
    assert GAME.shown_param(RamiParams(), "target") == "automatic: 100 per opponent"
    assert GAME.shown_param(RamiParams(), "target", NAMES[:4]) == "300 (100 per opponent)"
    assert GAME.shown_param(RamiParams(target=1000), "target", NAMES[:4]) is None
    assert GAME.shown_param(RamiParams(), "joker") is None
    assert GAME.goal_text(table(4)) == "target 300 (100 per opponent)"
    assert GAME.goal_text(table(3, target_per_opponent=50)) == "target 100 (50 per opponent)"
    assert GAME.goal_text(table(4, target=1000)) == "target 1000"
    assert french(GAME.goal_text(table(4))) == "objectif 300 (100 par adversaire)"
    assert french(GAME.shown_param(RamiParams(), "target")) == "automatique : 100 par adversaire"


def value_cell(output: str, key: str) -> str:
    """The value column of parameter ``key`` in the table of `cardscore rules` (a long value
    wraps over several lines of the table)."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"^│ {key}\s", line))
    parts = []
    for line in lines[start:]:
        cells = [cell.strip() for cell in line.strip().strip("│").split("│")]
        if len(cells) < 3 or (parts and cells[0]):
            break
        parts.append(cells[1])
    return " ".join(part for part in parts if part)


@pytest.mark.parametrize(
    ("lang", "automatic"),
    [("en", "automatic: 100 per opponent"), ("fr", "automatique : 100 par adversaire")],
)
def test_c_rules_rami_never_shows_the_target_as_0(cli, lang: str, automatic: str) -> None:
    result = cli("--lang", lang, "rules", "rami")
    assert result.code == 0, result.err
    assert value_cell(result.out, "target") == automatic
    assert value_cell(result.out, "target-per-opponent") == "100"
    assert not re.search(r"target: 0\b|= 0\b", one_line(result.out))
    fixed = cli("--lang", lang, "rules", "rami", "--rules", "standard")
    assert value_cell(fixed.out, "joker") == "20"


def test_c_show_of_a_four_player_session_shows_300(cli, home: Path) -> None:
    sid = new_session(cli, "--names", "Ann,Bob,Cyd,Dan")
    cli("add", "--winner", "Ann", "--hand", "Bob=A", "--hand", "Cyd=12", "--hand", "Dan=5")
    shown = one_line(cli("show").out)
    assert "target 300 (100 per opponent)" in shown and "To 300" in shown
    assert "objectif 300 (100 par adversaire)" in one_line(cli("--lang", "fr", "show").out)
    added = cli("add", "--winner", "Bob", "--hand", "Ann=2", "--hand", "Cyd=3", "--hand", "Dan=4")
    assert "target 300 (100 per opponent)" in one_line(added.out)
    # the stored value is untouched: the file still says "automatic"
    stored = json.loads((home / "sessions" / f"{sid}.json").read_text("utf-8"))
    assert stored["params"]["target"] == 0
    # a fixed target reads as itself
    new_session(cli, "--names", "Ann,Bob", "--target", "1000")
    fixed = one_line(cli("show").out)
    assert "target 1000" in fixed and "per opponent" not in fixed


def test_c_printed_sheets_show_the_target_in_force(cli) -> None:
    sid = new_session(cli, "--names", "Ann,Bob,Cyd,Dan")
    cli("add", "--winner", "Ann", "--hand", "Bob=A", "--hand", "Cyd=12", "--hand", "Dan=5")
    for fmt in ("txt", "md"):
        out = one_line(cli("print", sid, "--format", fmt).out)
        assert "target=0" not in out, fmt
        assert "target 300 (100 per opponent)" in out, fmt
        assert "target per opponent 100, target 300 (100 per opponent)" in out, fmt  # rules
    page = cli("print", sid, "--format", "html").out
    assert "target 300 (100 per opponent)" in page
    assert '<td class="key">target</td><td class="n">300 (100 per opponent)</td>' in page
    french_txt = one_line(cli("--lang", "fr", "print", sid).out)
    assert "objectif 300 (100 par adversaire)" in french_txt and "target=0" not in french_txt


def test_c_an_old_rami_file_loads_and_scores_as_before(cli, home: Path) -> None:
    """A file written before (target 0 = automatic, no checkpoint) keeps its numbers."""
    (home / "sessions").mkdir(parents=True)
    old = {
        "schema_version": 1,
        "id": "a1b2c3",
        "game": "rami",
        "rules": "standard",
        "params": {
            "joker": 20,
            "never_opened": "plus",
            "never_opened_extra": 25,
            "never_opened_cap": 100,
            "never_opened_flat": 100,
            "rami_sec": "flat",
            "rami_sec_amount": 200,
            "target_per_opponent": 100,
            "target": 0,
        },
        "players": ["Ann", "Bob"],
        "teams": [],
        "title": "",
        "created": "2026-11-30T10:00:00+00:00",
        "updated": "2026-11-30T10:00:00+00:00",
        "rounds": [
            {
                "winner": "Ann",
                "blocked": False,
                "rami_sec": False,
                "hands": {"Bob": {"cards": "R D 8", "value": 28}},
                "not_opened": ["Bob"],
            }
        ],
        "undone": [],
    }
    (home / "sessions" / "a1b2c3.json").write_text(json.dumps(old), "utf-8")
    session = store.read(store.session_path("a1b2c3"))
    assert isinstance(session, Session) and session.table().params.target == 0
    assert session.standings().totals == {"Ann": 0, "Bob": 50}  # capped at half of 100
    shown = one_line(cli("show", "a1b2c3").out)
    assert "target 100 (100 per opponent)" in shown


# --------------------------------------------------------------------------------------------
# d. Help texts give their numbers as defaults; summaries give the numbers in force


def test_d_field_helps_state_their_numbers_as_defaults() -> None:
    rami_sec, not_opened = FIELD["rami_sec"].help, FIELD["not_opened"].help
    assert "default 200" in rami_sec and "rami-sec-amount" in rami_sec
    assert "by default" in not_opened and "25" in not_opened
    assert "par défaut 200" in french(rami_sec) and "par défaut" in french(not_opened)
    per = RamiParams.__dataclass_fields__["target_per_opponent"].metadata["help"]
    assert "default 100" in per


def test_d_the_summary_states_the_numbers_in_force() -> None:
    params = apply_settings(
        RamiParams(),
        ["never-opened-extra=30", "never-opened-cap=0", "rami-sec-amount=150", "joker=25"],
    )
    text = " ".join(GAME.summary(params))
    assert "+ 30" in text and "150" in text and "joker 25" in text
    assert "at most 0" not in text and "at most half the target" in text
    assert "au plus 0" not in french(GAME.summary(params)[1])
