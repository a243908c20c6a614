"""The interactive corrections, driven key by key through prompt_toolkit's pipe input:
"Corriger" (the last change, or an earlier round asked again with its old answers as the
defaults), "Save this round?" (Yes / Change an answer / Discard), and Ctrl-C.

Every expected round and total is worked out by replaying the same answers with the Session
API, never typed in by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardscore import store
from cardscore.changes import plain
from cardscore.session import Session
from prompt_kit import drive

DOWN, UP, ENTER, BACKSPACE, CTRL_C = "\x1b[B", "\x1b[A", "\r", "\x7f", "\x03"
NAMES = ["Ann", "Bob", "Cyd", "Dan", "Eve"]

#: four 5-player tarot rounds; round 2 has a petit au bout and a poignée, whose answers
#: (a select and a checkbox with its tag) must be kept by Enter
ROUNDS: list[dict[str, Any]] = [
    {"contract": "garde", "taker": "Bob", "called": "Dan", "bouts": "2", "points": "49"},
    {
        "contract": "prise",
        "taker": "Cyd",
        "called": "Ann",
        "bouts": "1",
        "points": "60",
        "petit_au_bout": "Cyd",
        "poignee": ["Eve:double"],
    },
    {"contract": "garde", "taker": "Eve", "called": "Eve", "bouts": "3", "points": "40"},
    {"contract": "garde-sans", "taker": "Dan", "called": "Bob", "bouts": "1", "points": "30"},
]


def new_session(rounds: list[dict[str, Any]]) -> str:
    session = Session.create("tarot", NAMES, rules="fft", session_id=store.new_id())
    for raw in rounds:
        session.add(raw)
    store.write(session)
    return session.id


def replayed(rounds: list[dict[str, Any]]) -> Session:
    """The same game played from the start with these answers."""
    session = Session.create("tarot", NAMES, rules="fft", session_id="replay")
    for raw in rounds:
        session.add(raw)
    return session


def saved(session_id: str) -> Session:
    return store.read(store.session_path(session_id))


def headline(session: Session, number: int) -> str:
    """Round ``number`` in one line, as the game says it."""
    row = session.standings().rows[number - 1]
    return session.game_rules.headline(row.input, session.table(), row.record)


def moved(before: Session, after: Session) -> list[str]:
    """The lines ``Bob 142 → 102 (-40)`` of every total that differs."""
    lines = []
    a, b = before.standings().totals, after.standings().totals
    for name in b:
        if a[name] != b[name]:
            diff = b[name] - a[name]
            said = f"+{diff}" if diff > 0 else str(diff)
            lines.append(f"{name} {a[name]} → {b[name]} ({said})")
    return lines


def flat(text: str) -> str:
    return " ".join(text.split())


# ---- Corriger → the last round ------------------------------------------------------------


def test_corriger_the_last_round_says_what_it_removes_then_undoes_it(capsys) -> None:
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    before = saved(session_id)
    drive(DOWN + ENTER + "y", correct.corriger, session_id)  # Remove round 4 (second), yes
    out = flat(capsys.readouterr().out)
    line = headline(before, 4)
    assert f"Round 4 ({line}) will be removed; “redo” puts it back." in out
    assert "Last round removed (“redo” puts it back)." in out
    after = saved(session_id)
    assert [plain(r) for r in after.rounds] == replayed(ROUNDS[:3]).rounds
    assert after.standings().totals == replayed(ROUNDS[:3]).standings().totals
    after.redo()  # the round comes back as it was
    assert after.rounds == before.rounds


def test_corriger_the_last_round_answered_no_changes_nothing(capsys, sessions) -> None:
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    files = sessions()
    drive(DOWN + ENTER + "n", correct.corriger, session_id)  # Remove round 4? no
    assert "Nothing was changed." in capsys.readouterr().out
    assert sessions() == files


def test_corriger_after_a_correction_says_the_correction_is_taken_back(capsys) -> None:
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    with store.changing(session_id) as current:
        current.edit(3, {"points": "45"})
    drive(ENTER + "y", correct.corriger, session_id)
    out = flat(capsys.readouterr().out)
    assert "The correction of round 3 will be taken back (The taker's points? 45 → 40)" in out
    assert [plain(r) for r in saved(session_id).rounds] == replayed(ROUNDS).rounds


# ---- Corriger → an earlier round ----------------------------------------------------------


def test_corriger_an_earlier_round_one_answer_changed_enter_keeps_the_others(capsys) -> None:
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    before = saved(session_id)
    keys = "".join([
        DOWN * 2 + ENTER,     # Corriger what? an earlier round (after change, remove)
        UP * 2 + ENTER,       # Which round? (the last preselected) → round 2
        ENTER,                # Round 2: change it (the default)
        ENTER,                # Contract? prise (kept)
        DOWN + ENTER,         # Who took? Cyd → Dan
        ENTER,                # Who was called? Ann (kept)
        ENTER,                # bouts: 1 (kept)
        ENTER,                # the taker's points: 60 (kept)
        ENTER,                # Bonuses? petit au bout and poignée ticked (kept)
        ENTER,                # petit au bout: Cyd (kept)
        ENTER,                # Poignées: Eve checked (kept)
        ENTER,                # Eve's poignée: double (kept)
        "y",                  # Save this round?
    ])  # fmt: skip
    drive(keys, correct.corriger, session_id)
    expected = [dict(r) for r in ROUNDS]
    expected[1]["taker"] = "Dan"
    replay = replayed(expected)
    after = saved(session_id)
    assert [plain(r) for r in after.rounds] == replay.rounds
    assert after.standings().totals == replay.standings().totals
    assert after.rounds[1]["edited"]  # the round is marked as corrected
    out = flat(capsys.readouterr().out)
    assert f"Correcting round 2: {headline(before, 2)}" in out
    assert "Totals this correction changes:" in out
    lines = moved(before, replay)
    assert lines  # the taker changed: totals moved
    for line in lines:
        assert line in out
    assert "Round 2 corrected" in out
    # One change: Corriger → the last change takes the whole correction back.
    after.undo()
    assert after.rounds == before.rounds


def test_a_correction_can_take_an_answer_away(capsys) -> None:
    """Enter keeps, but a box unticked removes: the old petit au bout does not come back."""
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    keys = "".join([
        ENTER, ENTER, ENTER, ENTER, ENTER,  # contract … points: kept
        " " + ENTER,          # Bonuses? petit au bout (the first box) unticked
        ENTER, ENTER,         # poignée kept
        "y",
    ])  # fmt: skip
    drive(keys, correct.edit_round, session_id, 2)
    expected = [dict(r) for r in ROUNDS]
    del expected[1]["petit_au_bout"]
    assert [plain(r) for r in saved(session_id).rounds] == replayed(expected).rounds


def test_a_correction_with_nothing_changed_is_not_saved(capsys, sessions) -> None:
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    files = sessions()
    # Every answer kept; "Save this round?" cannot say yes: leave it as it was.
    drive(ENTER * 9 + DOWN + ENTER, correct.edit_round, session_id, 2)
    out = capsys.readouterr().out
    assert "Round 2 is as it was." in out
    assert "Round 2 left as it was." in out
    assert sessions() == files


def test_an_older_round_is_asked_by_its_number(capsys) -> None:
    from cardscore.prompts import correct

    rounds = [ROUNDS[0]] * 17  # more than the list shows
    session_id = new_session(rounds)
    keys = "".join([
        DOWN * 2 + ENTER,           # an earlier round (after change, remove)
        DOWN + ENTER,               # from the last round down to the first entry: an older round
        "1" + ENTER,                # round 1
        ENTER,                      # change it (the default)
        ENTER, ENTER, ENTER, ENTER,
        BACKSPACE * 2 + "55" + ENTER,  # points 49 → 55
        ENTER,                      # no bonus
        "y",
    ])  # fmt: skip
    drive(keys, correct.corriger, session_id)
    expected = [dict(r) for r in rounds]
    expected[0] = {**expected[0], "points": "55"}
    assert [plain(r) for r in saved(session_id).rounds] == replayed(expected).rounds


# ---- Save this round? Change an answer / Discard ---------------------------------------------


NEW_ROUND = "".join([
    DOWN + ENTER,         # Contract? garde
    DOWN + ENTER,         # Who took? Bob
    DOWN * 3 + ENTER,     # Who was called? Dan (the taker alone, Ann, Cyd first)
    "2" + ENTER,          # bouts
    "49" + ENTER,         # the taker's points
    ENTER,                # Bonuses? none
])  # fmt: skip


def test_change_an_answer_before_saving_keeps_the_others(capsys) -> None:
    from cardscore.prompts import loop

    session_id = new_session([])
    keys = "".join([
        NEW_ROUND,
        DOWN + ENTER,         # Save this round? Change an answer
        DOWN * 4 + ENTER,     # Which answer? The taker's points? 49
        BACKSPACE * 2 + "52" + ENTER,
        "y",                  # shown again, then saved
    ])  # fmt: skip
    drive(keys, loop.record_round, session_id)
    raw = {"contract": "garde", "taker": "Bob", "called": "Dan", "bouts": "2", "points": "52"}
    replay = replayed([raw])
    after = saved(session_id)
    assert [plain(r) for r in after.rounds] == replay.rounds
    assert after.standings().totals == replay.standings().totals
    out = capsys.readouterr().out
    # The breakdown is shown twice: before the change and after it.
    assert out.count("Round 1 (dealer Ann)") == 2
    assert "made by 8" in out and "made by 11" in out


def test_change_an_answer_that_makes_others_apply_asks_them(capsys) -> None:
    """A passe changed into a garde: the questions a passe has not are asked then."""
    from cardscore.prompts import loop

    session_id = new_session([])
    keys = "".join([
        UP + ENTER,           # Contract? passe (the list wraps up to its last)
        DOWN + ENTER,         # Save this round? Change an answer
        ENTER,                # Which answer? Contract? passe
        UP * 3 + ENTER,       # passe → garde
        DOWN + ENTER,         # Who took? Bob
        DOWN * 3 + ENTER,     # Who was called? Dan (the taker alone, Ann, Cyd first)
        "2" + ENTER,
        "49" + ENTER,
        ENTER,                # Bonuses? none
        "y",
    ])  # fmt: skip
    drive(keys, loop.record_round, session_id)
    raw = {"contract": "garde", "taker": "Bob", "called": "Dan", "bouts": "2", "points": "49"}
    assert [plain(r) for r in saved(session_id).rounds] == replayed([raw]).rounds


def test_a_round_typed_twice_is_flagged_before_it_is_saved(capsys) -> None:
    from cardscore.prompts import loop

    raw = {"contract": "garde", "taker": "Bob", "called": "Dan", "bouts": "2", "points": "49"}
    other = {**raw, "points": "50"}
    session_id = new_session([raw])
    drive(NEW_ROUND + "y", loop.record_round, session_id)  # the same answers again
    assert "Same answers as round 1: entered twice?" in flat(capsys.readouterr().out)
    assert len(saved(session_id).rounds) == 2  # flagged, not refused: it may be so
    session_id = new_session([other])
    drive(NEW_ROUND + "y", loop.record_round, session_id)
    assert "entered twice" not in flat(capsys.readouterr().out)


def test_discard_says_what_is_lost_and_asks_nothing_more(capsys, sessions) -> None:
    """Discard is chosen, so it is done: no second question whose stray Enter would fall
    back on a preselected "Yes, save it"."""
    from cardscore.prompts import loop

    session_id = new_session([])
    files = sessions()
    keys = "".join([
        NEW_ROUND,
        DOWN * 2 + ENTER,     # Save this round? Discard it: done
    ])  # fmt: skip
    drive(keys, loop.record_round, session_id)
    out = flat(capsys.readouterr().out)
    raw = {"contract": "garde", "taker": "Bob", "called": "Dan", "bouts": "2", "points": "49"}
    line = headline(replayed([raw]), 1)
    assert out.count(f"Round 1 ({line}) will not be saved.") == 1
    assert "Round discarded." in out
    assert sessions() == files


def test_a_correction_discarded_says_what_it_would_have_changed(capsys, sessions) -> None:
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    files = sessions()
    keys = "".join([
        ENTER * 4,
        BACKSPACE * 2 + "45" + ENTER,  # round 3: points 40 → 45
        ENTER,                # Bonuses? none
        DOWN * 2 + ENTER,     # Discard it
        "y",
    ])  # fmt: skip
    drive(keys, correct.edit_round, session_id, 3)
    out = flat(capsys.readouterr().out)
    assert (
        "The correction of round 3 (The taker's points? 40 → 45) will be lost; the round "
        "stays as it was." in out
    )
    assert sessions() == files


# ---- the loop: Ctrl-C, the menu --------------------------------------------------------------


@pytest.mark.parametrize("where", ["round list", "questions", "save"])
def test_ctrl_c_during_a_correction_discards_it_only(capsys, sessions, where: str) -> None:
    from cardscore.prompts import loop

    session_id = new_session(ROUNDS)
    files = sessions()
    start = "c" + ENTER + DOWN * 2 + ENTER  # the home's c: Corriger → an earlier round
    upto = {
        "round list": start,
        "questions": start + UP + ENTER + ENTER + DOWN,
        "save": start + UP + ENTER + ENTER * 4 + BACKSPACE * 2 + "50" + ENTER + ENTER,
    }[where]
    keys = upto + CTRL_C + "q" + ENTER  # then quit, from the home
    drive(keys, loop.play, session_id)
    out = capsys.readouterr().out
    assert "Correction discarded; nothing was changed." in out
    assert sessions() == files


def test_corriger_an_earlier_round_can_remove_it_asked_with_no_first(capsys) -> None:
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    before = saved(session_id)
    pick_round_1 = DOWN * 2 + ENTER + UP * 3 + ENTER  # an earlier round → round 1 (from the last)
    drive(pick_round_1 + DOWN + ENTER + ENTER, correct.corriger, session_id)  # Enter: No
    assert saved(session_id).rounds == before.rounds
    drive(pick_round_1 + DOWN + ENTER + "y", correct.corriger, session_id)
    after = saved(session_id)
    assert after.rounds == before.rounds[1:]
    out = flat(capsys.readouterr().out)
    assert "Nothing was changed." in out and "Round 1 removed (“corriger” puts it back)." in out


def test_the_loop_corriger_then_redo(capsys) -> None:
    from cardscore.prompts import loop

    session_id = new_session(ROUNDS)
    before = saved(session_id)
    keys = "".join([
        "c" + ENTER,          # the home: corriger
        DOWN + ENTER, "y",    # remove the last round (after "change an answer"), yes
        "r" + ENTER,          # the home: redo
        "q" + ENTER,          # the home: quit
    ])  # fmt: skip
    drive(keys, loop.play, session_id)
    out = capsys.readouterr().out
    assert "Last round removed" in out and "Round restored." in out
    assert saved(session_id).rounds == before.rounds


# ---- every game: Enter keeps every old answer ---------------------------------------------

FIXTURES = __import__("pathlib").Path(__file__).parent / "fixtures"

#: rounds of every game, typed as ``cardscore add`` would take them (their answers must all
#: come back as the questions' defaults)
TYPED = [
    ("tarot", ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay"], "maison", [
        {"contract": "garde-contre", "taker": "Cyd", "called": "Fay", "bouts": "1",
         "defense_points": "40", "poignee": ["Cyd:double", "Bob"], "misere": ["Eve"],
         "chelem": "failed"},
        {"contract": "renonce", "taker": "Dan", "points": "30"},
    ]),
    ("coinche", ["South", "West", "North", "East"], "maison", [
        {"taker": "West", "trump": "ta", "contract": "130", "points": "100",
         "dix_de_der": "defense", "belote": "West", "announce": ["taker:20", "defense:50"],
         "surcoinche": True},
        {"taker": "North", "trump": "spades", "contract": "générale", "capot": "taker"},
    ]),
    ("rami", ["Ann", "Bob", "Cyd"], None, [
        {"winner": "Bob", "hand": ["Ann=A JK 5", "Cyd=12"], "not_opened": ["Cyd"]},
        {"winner": "Cyd", "rami_sec": True},
    ]),
]  # fmt: skip


def stored_rounds() -> list[tuple[str, Session, int]]:
    found = []
    for name in ("schema1_tarot", "schema1_belote_litige_belote", "schema1_belote_checkpoint"):
        path = FIXTURES / f"{name}.json"
        session = store.loads(path.read_text("utf-8"), path)
        found += [(name, session, n) for n in range(1, min(len(session.rounds), 12) + 1)]
    for game, names, rules, rounds in TYPED:
        session = Session.create(game, names, rules=rules, session_id=game)
        for raw in rounds:
            session.add(raw)
        found += [(game, session, n) for n in range(1, len(rounds) + 1)]
    return found


@pytest.mark.parametrize(
    ("session", "number"),
    [(session, number) for _, session, number in stored_rounds()],
    ids=[f"{name}-{number}" for name, _, number in stored_rounds()],
)
def test_enter_keeps_every_answer_of_any_round(session: Session, number: int) -> None:
    from cardscore.prompts.round import RoundAsker

    game, table = session.game_rules, session.table()
    old = plain(session.rounds[number - 1])
    asker = RoundAsker(game, table, number, defaults=game.answers(old, table))
    raw = drive(ENTER * 40, asker.ask)  # more Enters than questions: the rest is unread
    assert game.build_round(raw, table, number) == old


def test_a_correction_refused_as_a_whole_cannot_be_saved(capsys, sessions, monkeypatch) -> None:
    """A refusal naming no question (a later round it would make impossible): said in red,
    Yes is not offered, the table changes an answer or leaves the round as it was."""
    from cardscore.i18n import msg
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    files = sessions()
    refusal = msg("round 4 would be impossible")

    def refuse(self, number, raw, *, whole=False):
        raise correct.InputError(refusal)

    monkeypatch.setattr(Session, "edit", refuse)
    keys = "".join([
        ENTER * 4,
        BACKSPACE * 2 + "45" + ENTER,  # round 3: points 40 → 45
        ENTER,                # Bonuses? none
        "y",                  # not an answer here: Yes is disabled
        DOWN + ENTER,         # Change an answer (preselected) → down: Discard
    ])  # fmt: skip
    drive(keys, correct.edit_round, session_id, 3)
    out = capsys.readouterr().out
    assert "round 4 would be impossible" in out
    assert "Round 3 left as it was." in out
    assert sessions() == files


@pytest.mark.parametrize("kind", ["insert", "remove"])
def test_corriger_after_an_insertion_or_a_removal_says_what_comes_back(capsys, kind: str) -> None:
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    before = saved(session_id)
    with store.changing(session_id) as current:
        if kind == "insert":
            current.add(ROUNDS[0], before=2)
        else:
            current.remove(2)
    changed = saved(session_id)
    drive(ENTER + "y", correct.corriger, session_id)
    out = flat(capsys.readouterr().out)
    if kind == "insert":
        line = headline(changed, 2)
        assert f"Round 2 ({line}), inserted, will be taken out" in out
    else:
        row = before.standings().rows[1]
        line = before.game_rules.headline(row.input, before.table(), None)
        assert f"Round 2 ({line}), removed, will come back" in out
    assert "Change undone (“redo” makes it again)." in out
    assert saved(session_id).rounds == before.rounds


# ---- Corriger on the round just added: change one of its answers ----------------------------


@pytest.mark.parametrize("where", ["which answer", "the question", "save"])
def test_ctrl_c_while_changing_the_round_just_added_leaves_it(capsys, sessions, where) -> None:
    from cardscore.prompts import loop

    session_id = new_session(ROUNDS)
    files = sessions()
    start = "c" + ENTER + ENTER  # the home's c: Corriger → change an answer of round 4
    upto = {
        "which answer": start,
        "the question": start + DOWN * 4 + ENTER + BACKSPACE,  # the taker's points
        "save": start + DOWN * 4 + ENTER + BACKSPACE * 2 + "50" + ENTER,
    }[where]
    drive(upto + CTRL_C + "q" + ENTER, loop.play, session_id)
    assert "Correction discarded; nothing was changed." in capsys.readouterr().out
    assert sessions() == files


def test_back_from_which_answer_offers_corriger_s_list_again(capsys) -> None:
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    keys = "".join([
        ENTER,                # Corriger what? change an answer of round 4
        UP + ENTER,           # Which answer? Back (the last entry)
        DOWN + ENTER,         # Corriger what? again: remove round 4
        "y",
    ])  # fmt: skip
    drive(keys, correct.corriger, session_id)
    assert [plain(r) for r in saved(session_id).rounds] == replayed(ROUNDS[:3]).rounds
    out = flat(capsys.readouterr().out)
    assert "Correcting round 4" in out and "Last round removed" in out


def test_the_round_just_added_changed_with_one_answer_as_it_was_is_not_saved(
    capsys, sessions
) -> None:
    """The points picked and Enter: the round is as it was, Yes is not offered."""
    from cardscore.prompts import correct

    session_id = new_session(ROUNDS)
    files = sessions()
    keys = "".join([
        ENTER,                # change an answer of round 4
        DOWN * 4 + ENTER,     # the taker's points
        ENTER,                # 30, kept
        DOWN + ENTER,         # Leave it as it was
    ])  # fmt: skip
    drive(keys, correct.corriger, session_id)
    out = flat(capsys.readouterr().out)
    assert "Round 4 is as it was." in out and "Round 4 left as it was." in out
    assert sessions() == files
