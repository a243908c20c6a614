"""What a session does with its replay cache and its table changes, observed
from outside: where a replay starts, how many rounds it scores, which table says a history
line, what a damaged file is refused for.

These hold what mutation testing of session.py (scripts/mutation.sh) showed no other test
held; each test says what it pins."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscore import changes, store
from cardscore.change_records import checked_change, checked_entry
from cardscore.games import get_game
from cardscore.games.base import InputError
from cardscore.session import Session, SessionDataError
from stored import file_data

SEATS4 = ["Ann", "Béa", "Cyd", "Dan"]
TAROT5 = ["Ann", "Bob", "Cyd", "Dan", "Eve"]
GARDE = {"taker": "Ann", "contract": "garde", "bouts": "1", "points": "60"}


# --------------------------------------------------------------------------------------------
# Bugs found on the way (the property test of table changes found this one)


def capot_by_cyd_then_replaced() -> Session:
    """A belote whose round 1 (a capot taken by Cyd) was removed after Zoé replaced Cyd from
    round 2, and the removal undone: the round is back, played by Cyd's table."""
    s = Session.create("belote", SEATS4)
    s.add({"trump": "hearts", "taker": "Cyd", "capot": "taker"})
    s.change_table(replace=["Cyd=Zoé"])
    s.remove(1)
    s.undo()
    return s


def test_the_undo_of_a_removal_is_said_with_the_table_that_has_the_round_back() -> None:
    s = capot_by_cyd_then_replaced()
    assert [str(line) for _, line in s.changes()] == [
        "round 1 added: Cyd ♥ capot",
        "table changed from round 2: Zoé replaces Cyd",
        "round 1 removed: Cyd ♥ capot",
        "undone: round 1 removed: Cyd ♥ capot",
    ]


# --------------------------------------------------------------------------------------------
# Long sessions


def tarot_round(table: tuple[str, ...], n: int) -> dict[str, Any]:
    return {
        "taker": table[n % len(table)],
        "contract": "garde" if n % 3 else "prise",
        "called": table[(n + 2) % len(table)],
        "bouts": str(n % 4),
        "points": str(40 + n % 40),
    }


@functools.cache
def long_data(rounds: int) -> str:
    """A five-player tarot of ``rounds`` rounds, as JSON (built once per length)."""
    session = Session.create("tarot", TAROT5, session_id="long")
    for n in range(rounds):
        session.add(tarot_round(session.table().players, n))
    return json.dumps(file_data(session))


def long_session(rounds: int) -> Session:
    return Session.from_dict(json.loads(long_data(rounds)))


def scores_counted(monkeypatch: pytest.MonkeyPatch, session: Session) -> list[int]:
    """The round numbers the game scores from now on (each replayed round, once each)."""
    game = session.game_rules
    scored: list[int] = []
    real = game.score

    def counting(inp: Any, table: Any, number: int, *args: Any, **kwargs: Any) -> Any:
        scored.append(number)
        return real(inp, table, number, *args, **kwargs)

    monkeypatch.setattr(game, "score", counting)
    return scored


# --------------------------------------------------------------------------------------------
# Refusals of the session, word for word


def refused(action: Callable[[], Any]) -> str:
    with pytest.raises(InputError) as caught:
        action()
    return str(caught.value)


def test_a_round_that_does_not_exist_is_refused_word_for_word() -> None:
    s = Session.create("tarot", TAROT5[:4])
    assert refused(lambda: s.edit(1, {"bouts": "2"})) == "ROUND: there is no round yet"
    assert refused(lambda: s.remove(1)) == "ROUND: there is no round yet"
    s.add(GARDE)
    s.add(GARDE)
    assert refused(lambda: s.edit(3, {"bouts": "2"})) == (
        "ROUND: there is no round 3 (rounds 1 to 2)"
    )
    assert refused(lambda: s.remove(0)) == "ROUND: there is no round 0 (rounds 1 to 2)"
    assert refused(lambda: s.add(GARDE, before=3)) == (
        "--before: there is no round 3 (rounds 1 to 2)"
    )
    assert refused(lambda: s.edit(2, {"bouts": "1"})) == "round 2: nothing to change"


def test_nothing_to_redo_and_a_damaged_redo_are_said_word_for_word() -> None:
    s = Session.create("tarot", TAROT5[:4], session_id="abc123")
    assert refused(s.redo) == "there is no undone change to redo"
    s.add(GARDE)
    s.undo()
    s.undone[-1] = {"kind": "add", "round": 1}  # no input: as a hand could leave it
    with pytest.raises(SessionDataError) as caught:
        s.redo()
    assert str(caught.value) == "a change of the history is not one cardscore makes"
    assert caught.value.session_id == "abc123"
    assert s.rounds == [] and len(s.undone) == 1


# --------------------------------------------------------------------------------------------
# Corrections


def test_a_correction_of_the_whole_round_keeps_none_of_its_old_answers() -> None:
    s = Session.create("tarot", TAROT5[:4])
    s.add({**GARDE, "petit_au_bout": "Ann"})
    answers = {"taker": "Ann", "contract": "garde", "bouts": "1", "points": "60"}
    _, new = s.edit(1, answers, whole=True)
    assert new["petit_au_bout"] is None  # not asked again: gone
    _, kept = s.edit(1, {"petit_au_bout": "Bob"})
    _, again = s.edit(1, {"points": "61"})  # only some answers: the others stay
    assert kept["petit_au_bout"] == again["petit_au_bout"] == "Bob"


def test_the_answers_after_a_correction_are_judged_with_the_table_of_the_round() -> None:
    """The answers of round 1 (five at the table, a partner called) once corrected: with
    its own table the partner stays; for the next round's table (four since Eve left) a
    partner cannot be called."""
    s = Session.create("tarot", TAROT5)
    s.add({**GARDE, "called": "Bob"})
    s.change_table(leave=["Eve"])
    assert s.answers_after(s.rounds[0], {"points": "50"}, 1)["called"] == "Bob"
    assert "called" not in s.answers_after(s.rounds[0], {"points": "50"})


# --------------------------------------------------------------------------------------------
# The redo stack and the history (changes.py)


def test_what_an_undo_keeps_for_redo_is_the_change_without_its_number_and_time() -> None:
    s = Session.create("tarot", TAROT5[:4])
    s.add(GARDE)
    added = s.rounds[0]
    s.edit(1, {"bouts": "2"})
    edited = s.rounds[0]
    s.undo()
    s.undo()
    assert s.undone == [
        {"kind": "edit", "round": 1, "old": added, "new": edited},
        {"kind": "add", "round": 1, "input": added},
    ]
    assert file_data(s)["undone"] == json.loads(json.dumps(s.undone))


@pytest.mark.parametrize(
    ("key", "answer", "said"),
    [
        ("contract", None, "—"),
        ("poignee", [], "—"),
        ("petit_au_bout", False, "—"),
        ("petit_au_bout", True, "✓"),
        ("poignee", ["Ann:simple", "Bob:double"], "Ann simple, Bob double"),
        ("taker", ("Bob=10", 20), "Bob=10, 20"),
        ("bouts", 0, "0"),
        ("contract", "garde-sans", "garde sans"),
        ("contract", "garde", "garde"),
    ],
)
def test_an_answer_is_said_in_the_history_as_a_person_reads_it(
    key: str, answer: Any, said: str
) -> None:
    (f,) = [f for f in get_game("tarot").fields if f.key == key]
    assert changes._said(f, answer) == said


def history_of(session: Session, *entries: dict[str, Any]) -> Session:
    """``session`` read back from a file whose history was written by hand: its own
    entries, then ``entries`` (numbered after them)."""
    data = file_data(session)
    count = len(data["history"])
    data["history"] += [{"n": count + i, "time": None, **e} for i, e in enumerate(entries, 1)]
    return Session.from_dict(data)


def lines(session: Session) -> list[str]:
    return [str(line) for _, line in session.changes()]


def test_the_history_says_a_target_set_before_the_first_round_as_the_games() -> None:
    s = Session.create("belote", ["Ann", "Bob", "Cyd", "Dan"])
    s.change_table(target=500)
    assert lines(s)[-1] == "the game's target set to 500"
    s.add({"taker": "Ann", "trump": "hearts", "points": "90", "dix_de_der": "taker"})
    s.change_table(target=700)  # once play has begun: a change of the table
    assert lines(s)[-1] == "table changed from round 2: target 700"


def test_the_history_says_an_edit_of_several_answers_each_in_turn() -> None:
    s = Session.create("tarot", TAROT5[:4])
    s.add(GARDE)
    s.edit(1, {"bouts": "2", "poignee": ["Ann:simple", "Bob:double"]})
    assert lines(s)[-1] == "round 1 edited: bouts 1 → 2, poignee — → Ann simple, Bob double"


def test_the_history_of_a_hand_written_file_says_what_it_can() -> None:
    """An undo of an entry not in the history, an undo of an undo, an edit that changed no
    answer: said as they are, without failing."""
    s = Session.create("tarot", TAROT5[:4])
    s.add(GARDE)
    round_1 = s.rounds[0]
    written = history_of(
        s,
        {"kind": "undo", "round": 1, "of": 9},
        {"kind": "undo", "round": 1, "of": 1},
        {"kind": "undo", "round": 1, "of": 3},
        {"kind": "edit", "round": 1, "old": round_1, "new": dict(round_1)},
    )
    assert lines(written) == [
        "round 1 added: Ann garde, 1 bout, 60",
        "undone: 9",
        "undone: round 1 added: Ann garde, 1 bout, 60",
        "undone: undone: round 1 added: Ann garde, 1 bout, 60",
        "round 1 edited: —",
    ]


def test_a_change_of_an_unknown_kind_is_refused_by_every_step() -> None:
    s = Session.create("tarot", TAROT5[:4])
    s.add(GARDE)
    rounds = list(s.rounds)
    bogus = {"kind": "bogus", "round": 1, "n": 2, "input": rounds[0]}
    for step in (
        lambda: changes.apply(rounds, bogus),
        lambda: changes.revert(rounds, bogus),
        lambda: changes.summary(bogus, s.game_rules, s.table_at, {}.get),
    ):
        with pytest.raises(ValueError) as caught:
            step()
        assert str(caught.value) == "a change of unknown kind 'bogus'"
    assert rounds == s.rounds
    # a table change changes no round here (the session makes its table side)
    table = {"kind": "table", "round": 2, "join": {"Zoé": 0}}
    changes.apply(rounds, table)
    changes.revert(rounds, table)
    assert rounds == s.rounds


@pytest.mark.parametrize(
    "change",
    [
        5,
        ["kind", "add"],
        {"kind": "add", "round": "1", "input": {}},
        {"kind": "add", "round": True, "input": {}},
        {"kind": "add", "input": {}},
        {"kind": "add", "round": 1},
        {"kind": "remove", "round": 1, "old": {}, "era": "0"},
        {"kind": "insert", "round": 1, "input": {}, "era": None},
        {"kind": "undo", "round": 1, "of": 1},
        {"kind": "table", "round": 1},
    ],
)
def test_a_change_cardscore_never_makes(change: Any) -> None:
    with pytest.raises(ValueError):
        checked_change(change)


@pytest.mark.parametrize(
    "change",
    [
        {"kind": "add", "round": 1, "input": {}},
        {"kind": "remove", "round": 2, "old": {}, "era": 0},
        {"kind": "edit", "round": 2, "old": {}, "new": {}},
        {"kind": "table", "round": 3, "leave": ["Ann"]},
    ],
)
def test_a_change_as_cardscore_makes_it(change: dict[str, Any]) -> None:
    assert checked_change(change) == change
    assert checked_entry({"n": 4, **change}) == {"n": 4, **change}


@pytest.mark.parametrize(
    "entry",
    [
        "undo",
        {"kind": "add", "round": 1, "input": {}},  # no number
        {"n": "4", "kind": "add", "round": 1, "input": {}},
        {"n": 4, "kind": "undo", "round": 1},
        {"n": 4, "kind": "undo", "of": 1},
        {"n": 4, "kind": "undo", "round": 1, "of": "1"},
        {"n": 4, "kind": "redo", "change": {"kind": "add", "round": 1, "input": {}}},
        {"n": 4, "kind": "redo", "round": 1, "change": {"kind": "add", "round": 1}},
    ],
)
def test_an_entry_cardscore_never_logs(entry: Any) -> None:
    with pytest.raises(ValueError):
        checked_entry(entry)


@pytest.mark.parametrize(
    "entry",
    [
        {"kind": "undo", "round": 1, "of": "1"},
        {"kind": "undo", "round": 1, "of": None},
        {"kind": "redo", "round": 1, "change": {"kind": "add", "round": 1}},
        {"kind": "redo", "round": 1, "change": {"kind": "undo", "round": 1, "of": 1}},
    ],
)
def test_a_file_whose_history_holds_an_entry_cardscore_never_logs_is_damaged(entry) -> None:
    s = Session.create("tarot", TAROT5[:4])
    s.add(GARDE)
    with pytest.raises(ValueError) as caught:
        history_of(s, entry)
    assert str(caught.value) == "a change of the history is not one cardscore makes"


def test_a_change_after_a_table_change_is_logged_as_it_was_made() -> None:
    """Only an insertion or a removal says which table changes move with it (``era``)."""
    s = Session.create("tarot", TAROT5)
    s.add(GARDE)
    s.change_table(leave=["Eve"])
    s.add(GARDE)
    s.edit(2, {"points": "61"})
    s.change_table(join=["Eve"])
    assert [sorted(entry) for entry in s.history] == [
        ["input", "kind", "n", "round", "time"],
        ["kind", "leave", "n", "round", "time"],
        ["input", "kind", "n", "round", "time"],
        ["kind", "n", "new", "old", "round", "time"],
        ["join", "kind", "n", "round", "time"],
    ]
    s.remove(1)
    assert s.history[-1]["era"] == 0


def test_nothing_to_undo_is_said_word_for_word() -> None:
    assert refused(Session.create("tarot", TAROT5).undo) == "there is no change to undo"


def test_a_change_after_which_a_round_cannot_be_scored_is_refused_and_undone() -> None:
    """Round 1, damaged in memory since it was scored, is scored again when round 2 is
    corrected: the correction is refused, saying why, and nothing is changed."""
    s = Session.create("tarot", TAROT5[:4], session_id="abc123")
    s.add(GARDE)
    s.add(GARDE)
    del s.rounds[0]["contract"]
    before = list(s.rounds), list(s.history)
    assert refused(lambda: s.edit(2, {"points": "61"})) == (
        "round 1 cannot be scored (KeyError: 'contract')"
    )
    assert (list(s.rounds), list(s.history)) == before
    with pytest.raises(SessionDataError):  # and the next replay says so again
        s.standings()


def test_the_rounds_a_move_renumbers_are_checked_under_the_session_s_rules() -> None:
    """An insertion at a six-player table (a mort) checks the later rounds with their new
    numbers: under the session's rules (maison: misères), not some default set."""
    s = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay"], rules="maison")
    garde = {**GARDE, "taker": "Cyd", "called": "Dan", "bouts": "2", "points": "50"}
    s.add({**garde, "misere": ["Eve"]})
    s.add(garde, before=1)
    assert [r["miseres"] for r in s.rounds] == [[], [["Eve", "simple"]]]
    assert [row.mort for row in s.standings().rows] == ["Ann", "Bob"]


# --------------------------------------------------------------------------------------------
# A replay goes on from the previous one while the rounds before are unchanged


def test_a_second_replay_of_unchanged_rounds_scores_none(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = store.read(store.write(long_session(200)))
    plain = long_session(40)
    plain.standings()
    for s in (session, plain):
        s.standings()
        scored = scores_counted(monkeypatch, s)
        s.standings()
        s.standings()
        assert scored == []
        s.add(tarot_round(s.table().players, len(s.rounds)))
        assert scored == [len(s.rounds)] * 2  # checked once by add, then replayed once
        s.standings()
        assert scored == [len(s.rounds)] * 2


def test_a_round_corrected_in_the_middle_is_replayed_from_the_first(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = long_session(200)
    session.standings()
    scored = scores_counted(monkeypatch, session)
    session.edit(5, {"points": "70"})
    session.standings()
    assert scored[-200:] == list(range(1, 201))  # every round replayed, from the first
    fresh = Session.from_dict(file_data(session)).standings(fresh=True)
    assert dict(session.standings().totals) == dict(fresh.totals)


def test_a_round_corrected_after_a_player_left_keeps_its_own_table() -> None:
    """A corrected round's other answers are read at the table that played it: the partner
    called at five is still called, though four play now (mutation testing)."""
    session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan", "Eve"], session_id="t")
    session.add({"taker": "Ann", "contract": "garde", "called": "Dan", "bouts": "2",
                 "points": "50"})  # fmt: skip
    session.change_table(leave=["Eve"])
    session.edit(1, {"points": "55"})
    assert (session.rounds[0]["called"], session.rounds[0]["points"]) == ("Dan", 55)
