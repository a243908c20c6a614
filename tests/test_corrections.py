"""Corrections (issue 12) proved on the Session API, for every game and rule set.

* A model-based property test: random sequences of add, add(before=), edit (one or two
  answers), remove, undo, redo and save/load.  After each step the rounds are what the model
  says (each change applied to the list of rounds, undo and redo going back and forth
  between states the session was in), the standings are a fresh replay of the session read
  back from its data, the file written and read back is the same session (its bytes written
  again unchanged), and a refused change (``InputError``) left the session exactly as it was.
* Long sessions: a change in the middle, saved and read back, is the session replayed anew.
* Worked cases: a belote litige moved or dissolved by an edit, six-player tarot rounds that a
  renumbering would give to the mort, a game end moved by a correction, schema-1 files, a
  damaged history.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cardscore import store
from cardscore.changes import EDITED, plain
from cardscore.document import scoresheet
from cardscore.games.base import InputError
from cardscore.session import Session, SessionDataError, Standings
from stored import file_data

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = ("Ann", "Béa", "Cyd", "Dan", "Éric", "Fay")
SEATS = ("South", "West", "North", "East")
PATH = Path("corrections.json")  # only named in messages

TABLES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    **{
        f"tarot-{n}-{rules}": ("tarot", rules, NAMES[:n])
        for n in (3, 4, 5, 6)
        for rules in ("fft", "maison")
    },
    "belote-maison": ("belote", "maison", SEATS),
    "belote-official": ("belote", "official", SEATS),
    "coinche-maison": ("coinche", "maison", SEATS),
    "coinche-official": ("coinche", "official", SEATS),
    "rami": ("rami", "standard", NAMES[:4]),
}

PROPERTY = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --------------------------------------------------------------------------------------------
# Raw rounds as a person types them (mostly valid: build_round decides), drawn through a
# chooser so that both hypothesis and a seeded random.Random can drive them.


class Chooser:
    def __init__(self, pick: Callable[[list[Any]], Any], number: Callable[[int, int], int]):
        self.pick = pick
        self.number = number

    def chance(self, one_in: int) -> bool:
        return self.number(1, one_in) == 1


def hypothesis_chooser(data: st.DataObject) -> Chooser:
    return Chooser(
        lambda items: data.draw(st.sampled_from(items)),
        lambda low, high: data.draw(st.integers(low, high)),
    )


def random_chooser(rng: random.Random) -> Chooser:
    return Chooser(rng.choice, rng.randint)


def tarot_raw(c: Chooser, players: tuple[str, ...]) -> dict[str, Any]:
    if c.chance(15):
        return {"contract": "passe"}
    taker = c.pick(list(players))
    bouts = c.number(0, 3)
    # in whole points: 4.5·B - 0.5 ≤ P ≤ 91.5 - 4.5·(3 - B)
    low, high = max(0, (9 * bouts) // 2), min(91, (183 - 9 * (3 - bouts)) // 2)
    need = (56, 51, 41, 36)[bouts]
    points = max(low, min(high, need + c.number(-12, 12)))
    raw: dict[str, Any] = {
        "taker": taker,
        "contract": c.pick(["prise", "prise", "garde", "garde", "garde-sans", "garde-contre"]),
        "bouts": str(bouts),
    }
    if c.chance(2):
        raw["points"] = str(points)
    else:
        raw["defense_points"] = str(91 - points)
    if len(players) >= 5 and c.chance(2):
        raw["called"] = c.pick(list(players))
    if c.chance(6):
        raw["petit_au_bout"] = c.pick(list(players))
    if c.chance(8):
        raw["poignee"] = [f"{c.pick(list(players))}:simple"]
    return raw


def belote_raw(c: Chooser, game: str) -> dict[str, Any]:
    trump = c.pick(
        ["spades", "hearts", "diamonds", "clubs", "sa"] + (["ta"] if game == "coinche" else [])
    )
    raw: dict[str, Any] = {"taker": c.pick(list(SEATS)), "trump": trump}
    if game == "coinche":
        raw["contract"] = c.pick(["80", "90", "100", "110", "120", "130", "160"])
        if c.chance(5):
            raw["coinche"] = True
    if c.chance(10):
        raw["capot"] = c.pick(["taker", "defense"])
    else:
        total = 120 if trump == "sa" else 152
        points = c.pick([c.number(0, total), c.number(total // 2 - 10, total // 2 + 10)])
        raw[c.pick(["points", "defense_points"])] = str(points)
        raw["dix_de_der"] = c.pick(["taker", "defense"])
    if trump not in ("sa", "ta") and c.chance(3):
        raw["belote"] = c.pick(["taker", "defense"])
    if c.chance(4):
        raw["announce"] = [f"{c.pick(['taker', 'defense'])}:{c.pick(['20', '50', '100'])}"]
    return raw


def rami_raw(c: Chooser, players: tuple[str, ...]) -> dict[str, Any]:
    if c.chance(8):
        winner = None
        losers = list(players)
    else:
        winner = c.pick(list(players))
        losers = [p for p in players if p != winner]
    raw: dict[str, Any] = {"winner": winner, "blocked": winner is None}
    raw["hand"] = [f"{p}={c.number(0, 90)}" for p in losers]
    if losers and c.chance(4):
        raw["not_opened"] = [c.pick(losers)]
    return raw


def raw_round(c: Chooser, game: str, players: tuple[str, ...]) -> dict[str, Any]:
    if game == "tarot":
        return tarot_raw(c, players)
    if game == "rami":
        return rami_raw(c, players)
    return belote_raw(c, game)


def some_answers(
    c: Chooser, game: str, players: tuple[str, ...], answers: dict[str, Any] | None = None
) -> dict[str, Any]:
    """One or two answers of another round: what an edit changes.  At rami, most often the
    value of every hand of the round (``answers``: the round's answers): a hand cannot be
    given alone."""
    if game == "rami" and answers and answers.get("hand") and not c.chance(3):
        hands = [f"{item.split('=')[0]}={c.number(0, 90)}" for item in answers["hand"]]
        return {"hand": hands}
    other = raw_round(c, game, players)
    keys = sorted(other)
    chosen = {c.pick(keys)}
    if len(keys) > 1 and c.chance(2):
        chosen.add(c.pick(keys))
    return {key: other[key] for key in chosen}


def answers_of(session: Session, number: int) -> dict[str, Any] | None:
    if not 1 <= number <= len(session.rounds):
        return None
    game, t = session.game_rules, session.table()
    return game.answers(plain(session.rounds[number - 1]), t)


def a_round(c: Chooser, count: int) -> int:
    """A round's number, now and then one that does not exist."""
    return c.number(0, count + 1) if c.chance(10) else c.number(1, max(count, 1))


# --------------------------------------------------------------------------------------------
# Checks


def plain_json(value: Any) -> Any:
    """A value as its file has it (enums as their strings, tuples as lists)."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def state(session: Session) -> Any:
    return plain_json(file_data(session))


def rounds_of(session: Session) -> list[Any]:
    return plain_json(list(session.rounds))


def numbers(standings: Standings) -> dict[str, Any]:
    return {
        "columns": list(standings.columns),
        "totals": dict(standings.totals),
        "held": standings.held,
        "finished": standings.finished,
        "winner": standings.winner,
        "next_dealer": standings.next_dealer,
        "next_mort": standings.next_mort,
        "rows": [
            (r.number, dict(r.scores), dict(r.totals), r.held, r.edited, plain_json(r.input))
            for r in standings.rows
        ],
    }


def check_replay(session: Session) -> None:
    """The standings are those of a fresh replay of the same rounds."""
    again = Session.from_dict(state(session))
    assert numbers(session.standings()) == numbers(again.standings(fresh=True))


def check_saved(session: Session) -> Session:
    """Save and load: the same session, the same standings, the same bytes written again.
    Returns the session read back."""
    text = store.dumps(session)
    loaded = store.loads(text, PATH)
    assert state(loaded) == state(session)
    assert numbers(loaded.standings()) == numbers(session.standings())
    assert store.dumps(loaded) == text
    long_way = Session.from_dict(json.loads(text))
    assert state(long_way) == state(session)
    assert numbers(long_way.standings(fresh=True)) == numbers(loaded.standings())
    return loaded


def create(key: str, **options: Any) -> Session:
    game, rules, players = TABLES[key]
    return Session.create(game, list(players), rules=rules, **options)


# --------------------------------------------------------------------------------------------
# The model-based property


@PROPERTY
@pytest.mark.parametrize("key", sorted(TABLES))
@given(data=st.data())
def test_random_corrections_replay_undo_and_save_as_the_model_says(key: str, data) -> None:
    game, _, players = TABLES[key]
    c = hypothesis_chooser(data)
    session = create(key)
    done: list[list[Any]] = [[]]  # the rounds after each change in force
    redo: list[list[Any]] = []  # the rounds each undone change would give back
    steps = data.draw(st.integers(1, 14), label="steps")
    for _ in range(steps):
        before = state(session)
        rounds = before["rounds"]
        count = len(rounds)
        op = c.pick(
            ["add", "add", "add", "insert", "edit", "edit", "remove", "undo", "redo", "load"]
        )
        try:
            if op == "add":
                inp = session.add(raw_round(c, game, players))
                expected = [*rounds, inp]
            elif op == "insert":
                where = a_round(c, count)
                inp = session.add(raw_round(c, game, players), before=where)
                expected = [*rounds[: where - 1], inp, *rounds[where - 1 :]]
            elif op == "edit":
                where = a_round(c, count)
                changed = some_answers(c, game, players, answers_of(session, where))
                old, new = session.edit(where, changed)
                assert plain_json(old) == rounds[where - 1]
                assert new[EDITED]
                expected = [*rounds[: where - 1], new, *rounds[where:]]
            elif op == "remove":
                where = a_round(c, count)
                old = session.remove(where)
                assert plain_json(old) == rounds[where - 1]
                expected = [*rounds[: where - 1], *rounds[where:]]
            elif op == "undo":
                session.undo()
                redo.append(done.pop())
                assert rounds_of(session) == done[-1]
                expected = None
            elif op == "redo":
                session.redo()
                done.append(redo.pop())
                expected = None
            else:  # save and load: later changes work on the session read back
                session = check_saved(session)
                expected = None
        except InputError:
            event(f"{op} refused")
            assert state(session) == before, f"a refused {op} changed the session"
            if op == "undo":
                assert len(done) == 1
            if op == "redo":
                assert not redo
            continue
        event(f"{op} made")
        if expected is not None:
            assert rounds_of(session) == plain_json(expected)
            done.append(plain_json(expected))
            redo.clear()
        assert rounds_of(session) == done[-1]
        assert state(session)["undone"] is not None
        check_replay(session)
    check_saved(session)

    # undo N changes, then redo N: the same rounds, the same standings
    final = rounds_of(session)
    final_numbers = numbers(session.standings())
    undone = 0
    for _ in range(data.draw(st.integers(0, len(done) - 1), label="undo")):
        session.undo()
        undone += 1
        assert rounds_of(session) == done[-1 - undone]
        check_replay(session)
    for _ in range(undone):
        session.redo()
    assert rounds_of(session) == final
    assert numbers(session.standings()) == final_numbers
    kinds = [entry["kind"] for entry, _ in session.changes()]
    assert kinds.count("undo") >= undone and kinds.count("redo") >= undone


# --------------------------------------------------------------------------------------------
# Long sessions


LONG_TABLES = ["tarot-6-maison", "tarot-4-fft", "belote-maison", "coinche-official", "rami"]
_LONG_FILES: dict[str, bytes] = {}


def long_file(key: str, count: int = 200) -> bytes:
    """A saved session of ``count`` rounds (the game never ends), built once per table."""
    if key not in _LONG_FILES:
        game, _, players = TABLES[key]
        options = {} if game == "tarot" else {"target": 10**9}
        session = create(key, session_id="long", **options)
        c = random_chooser(random.Random(key))
        while len(session.rounds) < count:
            try:
                session.add(raw_round(c, game, players))
            except InputError:
                continue
        _LONG_FILES[key] = store.encode(session)
    return _LONG_FILES[key]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.parametrize("key", LONG_TABLES)
@given(data=st.data())
def test_a_change_in_the_middle_of_a_long_file_saves_as_the_long_way(key: str, data) -> None:
    game, _, players = TABLES[key]
    c = hypothesis_chooser(data)
    raw = long_file(key)
    session = store.loads(raw, PATH)
    model = json.loads(raw)["rounds"]
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        where = c.number(1, len(model))
        op = c.pick(["edit", "edit", "insert", "remove", "undo"])
        try:
            if op == "edit":
                changed = some_answers(c, game, players, answers_of(session, where))
                _, new = session.edit(where, changed)
                model[where - 1] = plain_json(new)
            elif op == "insert":
                inp = session.add(raw_round(c, game, players), before=where)
                model.insert(where - 1, plain_json(inp))
            elif op == "remove":
                session.remove(where)
                del model[where - 1]
            else:
                change = session.undo()
                if change["kind"] == "edit":
                    model[change["round"] - 1] = plain_json(change["old"])
                elif change["kind"] == "remove":
                    model.insert(change["round"] - 1, plain_json(change["old"]))
                else:
                    del model[change["round"] - 1]
        except InputError:
            continue
        text = store.encode(session)
        session = store.loads(text, PATH)  # the fast path
        long_way = Session.from_dict(json.loads(text))
        assert rounds_of(session) == model == rounds_of(long_way)
        assert state(session) == state(long_way)
        assert numbers(session.standings()) == numbers(long_way.standings(fresh=True))
        assert store.encode(session) == text


# --------------------------------------------------------------------------------------------
# Belote: an edit moves the held points of a litige, or makes them disappear


def belote(*raws: dict[str, Any], **options: Any) -> Session:
    session = Session.create("belote", list(SEATS), rules="maison", **options)
    for raw in raws:
        session.add(raw)
    return session


def made(points: int, taker: str = "South") -> dict[str, Any]:
    """A round of hearts: the taker's card points, the last trick to the taker."""
    return {"taker": taker, "trump": "hearts", "points": str(points), "dix_de_der": "taker"}


LITIGE = made(71)  # 71 + 10 = 81 against 152 - 71 = 81
NS, EW = "South & North", "West & East"


def rows_of(session: Session) -> list[tuple[dict[str, int], int]]:
    return [(dict(r.scores), r.held) for r in session.standings().rows]


def test_a_litige_is_collected_by_the_next_round() -> None:
    session = belote(LITIGE, made(100))
    assert rows_of(session) == [({NS: 0, EW: 81}, 81), ({NS: 110 + 81, EW: 52}, 0)]
    check_replay(session)


def test_editing_the_litige_away_makes_its_held_points_disappear() -> None:
    session = belote(LITIGE, made(100))
    session.edit(1, {"points": "90"})
    assert rows_of(session) == [({NS: 100, EW: 62}, 0), ({NS: 110, EW: 52}, 0)]
    assert session.standings().totals == {NS: 210, EW: 114}
    assert session.standings().held == 0
    check_replay(session)
    session.undo()
    assert rows_of(session) == [({NS: 0, EW: 81}, 81), ({NS: 191, EW: 52}, 0)]


def test_editing_the_next_round_into_a_litige_moves_the_held_points_one_round_on() -> None:
    session = belote(LITIGE, made(100), made(100, taker="West"))
    assert [held for _, held in rows_of(session)] == [81, 0, 0]
    session.edit(2, {"points": "71"})
    assert rows_of(session) == [
        ({NS: 0, EW: 81}, 81),
        ({NS: 0, EW: 81}, 162),  # held points add up
        ({NS: 52, EW: 110 + 162}, 0),  # West's team makes its contract and collects them
    ]
    assert session.standings().totals == {NS: 52, EW: 81 + 81 + 272}
    check_replay(session)


def test_a_litige_edited_into_the_last_round_is_held_at_the_end() -> None:
    session = belote(made(100), made(80))
    assert session.standings().held == 0
    session.edit(2, {"points": "71"})
    assert session.standings().held == 81
    assert rows_of(session)[-1] == ({NS: 0, EW: 81}, 81)
    session.remove(1)
    assert rows_of(session) == [({NS: 0, EW: 81}, 81)]
    session.add(made(30))  # dedans: the defence collects the held points
    assert rows_of(session)[-1] == ({NS: 0, EW: 162 + 81}, 0)
    check_replay(session)


def test_inserting_a_round_after_a_litige_gives_it_the_held_points() -> None:
    session = belote(LITIGE, made(100))
    session.add(made(30, taker="West"), before=2)  # West dedans: South & North collect
    assert rows_of(session) == [
        ({NS: 0, EW: 81}, 81),
        ({NS: 162 + 81, EW: 0}, 0),
        ({NS: 110, EW: 52}, 0),
    ]
    check_replay(session)


# --------------------------------------------------------------------------------------------
# Six-player tarot: a renumbering may give a round to its mort


def six(*raws: dict[str, Any]) -> Session:
    session = Session.create("tarot", list(NAMES), rules="maison")
    for raw in raws:
        session.add(raw)
    return session


def garde(taker: str, called: str | None = None) -> dict[str, Any]:
    raw = {"taker": taker, "contract": "garde", "bouts": "2", "points": "45"}
    if called:
        raw["called"] = called
    return raw


def test_the_mort_goes_round_by_round() -> None:
    session = six()
    t = session.table()
    assert [session.game_rules.sitting_out(t, n) for n in (1, 2, 3)] == ["Ann", "Béa", "Cyd"]


@pytest.mark.parametrize(
    ("raws", "change", "message"),
    [
        (  # Cyd took round 2; inserted before it, it would be round 3, where Cyd is the mort
            [garde("Béa"), garde("Cyd"), garde("Éric")],
            ("insert", 2),
            r"^round 2 would become round 3 and impossible: .*Cyd",
        ),
        (  # Cyd was called in round 2
            [garde("Béa"), garde("Dan", "Cyd"), garde("Éric")],
            ("insert", 2),
            r"^round 2 would become round 3 and impossible: .*Cyd",
        ),
        (  # Ann took round 2; removing round 1 makes it round 1, Ann's turn as the mort
            [garde("Béa"), garde("Ann"), garde("Dan")],
            ("remove", 1),
            r"^round 2 would become round 1 and impossible: .*Ann",
        ),
        (  # Béa was called in round 3; removing round 2 makes it round 2, Béa's as the mort
            [garde("Cyd"), garde("Cyd"), garde("Dan", "Béa")],
            ("remove", 2),
            r"^round 3 would become round 2 and impossible: .*Béa",
        ),
    ],
)
def test_a_renumbering_that_gives_a_round_to_its_mort_is_refused(raws, change, message) -> None:
    session = six(*raws)
    before = state(session)
    kind, number = change
    with pytest.raises(InputError, match=message):
        if kind == "insert":
            session.add(garde("Éric"), before=number)
        else:
            session.remove(number)
    assert state(session) == before
    check_replay(session)


def test_a_renumbering_that_keeps_every_round_possible_is_made() -> None:
    session = six(garde("Béa"), garde("Dan", "Éric"), garde("Éric"))
    session.add(garde("Cyd"), before=2)  # the old rounds 2 and 3 become 3 (Cyd's) and 4 (Dan's)
    assert [r["taker"] for r in session.rounds] == ["Béa", "Cyd", "Dan", "Éric"]
    check_replay(session)
    session.remove(2)
    assert [r["taker"] for r in session.rounds] == ["Béa", "Dan", "Éric"]
    check_replay(session)


# --------------------------------------------------------------------------------------------
# A game end that moves


def after_end(session: Session) -> list[bool]:
    sheet = scoresheet(session, session.standings())
    return [r["after_end"] for r in sheet["rounds"]]


def test_an_edit_that_ends_a_belote_game_earlier_marks_the_later_rounds() -> None:
    session = belote(*[made(100)] * 5, target=500)  # 110 a round: 550 after round 5
    standings = session.standings()
    assert standings.finished and standings.winner == NS
    assert session.ended_after(standings) == 5
    assert after_end(session) == [False] * 5
    # 252 instead of 110: 582 after round 4 (the capot is typed instead of the card points
    # and the last trick: the round's old ones are forgotten)
    session.edit(1, {"capot": "taker"})
    standings = session.standings()
    assert standings.totals[NS] == 252 + 4 * 110
    assert session.ended_after(standings) == 4
    assert after_end(session) == [False, False, False, False, True]
    check_replay(session)
    session.undo()
    assert after_end(session) == [False] * 5
    assert session.ended_after(session.standings()) == 5


def test_an_edit_that_reopens_a_finished_game() -> None:
    session = belote(*[made(100)] * 5, target=500)
    with pytest.raises(InputError, match="the game is over"):
        session.add(made(100))
    session.edit(5, {"points": "30"})  # dedans: 440 for South & North
    standings = session.standings()
    assert not standings.finished and standings.winner is None
    assert session.ended_after(standings) is None
    assert after_end(session) == [False] * 5
    session.add(made(100))  # the game goes on
    assert session.standings().finished
    check_replay(session)


def test_a_removal_that_reopens_and_an_insertion_that_ends() -> None:
    session = belote(*[made(100)] * 5, target=500)
    session.remove(3)
    assert not session.standings().finished
    session.add({"taker": "South", "trump": "hearts", "capot": "taker"}, before=1)
    standings = session.standings()
    assert standings.finished and session.ended_after(standings) == 4  # 252 + 3 × 110
    assert after_end(session) == [False, False, False, False, True]
    check_replay(session)


# --------------------------------------------------------------------------------------------
# Schema-1 files


SCHEMA_1 = sorted(FIXTURES.glob("schema1_*.json"))


def replayed_by_hand(data: dict[str, Any]) -> list[dict[str, int]]:
    """The totals after each round of a schema-1 file, scored round by round by the game
    itself (no session, no migration)."""
    session = Session.create(data["game"], data["players"], rules=data["rules"])
    session.params, session.teams = data["params"], data["teams"]
    game, t = session.game_rules, session.table()
    totals = dict.fromkeys(game.columns(t), 0)
    carry, after = None, []
    for number, inp in enumerate(data["rounds"], start=1):
        result = game.score(inp, t, number, carry)
        for column in totals:
            totals[column] += result.scores.get(column, 0)
        carry = result.carry
        after.append(dict(totals))
    return after


@pytest.mark.parametrize("path", SCHEMA_1, ids=lambda p: p.stem)
def test_a_schema_1_file_scores_as_before_and_is_written_as_the_current_schema(
    path: Path, home
) -> None:
    data = json.loads(path.read_text("utf-8"))
    assert data["schema_version"] == 1
    session = store.loads(path.read_bytes(), path)
    standings = session.standings()
    assert [dict(r.totals) for r in standings.rows] == replayed_by_hand(data)
    if "checkpoint" in data:  # the totals the old version wrote
        at = data["checkpoint"]["rounds"]
        assert dict(standings.rows[at - 1].totals) == data["checkpoint"]["totals"]
    history = list(session.history)
    assert [e["kind"] for e in history] == ["add"] * len(data["rounds"])
    assert [e["n"] for e in history] == [e["round"] for e in history]
    assert [e["round"] for e in history] == list(range(1, len(data["rounds"]) + 1))
    assert all(e["time"] is None for e in history)
    assert [e["input"] for e in history] == data["rounds"]
    # the next save writes schema 3 (no table change), and reading it back changes no score
    with store.locked(session.id):
        written = store.write(session)
    saved = json.loads(written.read_text("utf-8"))
    assert saved["schema_version"] == 3 and len(saved["history"]) == len(data["rounds"])
    assert saved["tables"] == []
    again = store.read(written)
    assert numbers(again.standings()) == numbers(standings)
    # an old round can be taken out and the change taken back, in the file
    with store.changing(session.id) as current:
        current.remove(1)
    with store.changing(session.id) as current:
        current.undo()
    assert numbers(store.read(written).standings()) == numbers(standings)


def test_schema_1_undone_rounds_are_redone_as_added_rounds() -> None:
    data = json.loads((FIXTURES / "schema1_tarot.json").read_text("utf-8"))
    kept = data["rounds"][-1]
    data["rounds"], data["undone"] = data["rounds"][:-1], [kept]
    session = store.loads(json.dumps(data), PATH)
    assert len(session.rounds) == len(data["rounds"])
    change = session.redo()
    assert change["kind"] == "add" and change["round"] == len(data["rounds"]) + 1
    assert rounds_of(session)[-1] == kept
    check_replay(session)


# --------------------------------------------------------------------------------------------
# A damaged history


def saved_with_history(home: Path) -> Path:
    session = belote(made(100), LITIGE, made(90), session_id="damaged")
    session.edit(2, {"points": "72"})
    session.remove(1)
    session.undo()
    with store.locked(session.id):
        return store.write(session)


def edit_line(line: str) -> bool:
    return '"kind": "edit"' in line


def undone_line(line: str) -> bool:  # the redo stack: the removal undone
    return '"kind": "remove"' in line and '"n": ' not in line


DAMAGES = {
    "not JSON": (edit_line, lambda line: line.replace('"kind"', '"kind', 1)),
    "an unknown kind": (
        edit_line,
        lambda line: line.replace('"kind": "edit"', '"kind": "frobnicate"'),
    ),
    "an edit without its new round": (edit_line, lambda line: line.replace('"new": ', '"neu": ')),
    "an edit without its old round": (edit_line, lambda line: line.replace('"old": ', '"olt": ')),
    "no number": (edit_line, lambda line: line.replace('"n": ', '"m": ')),
    "a round that is not a number": (
        edit_line,
        lambda line: line.replace('"round": 2', '"round": "2"'),
    ),
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_history_line_is_a_damaged_file_left_untouched(home: Path, damage, cli) -> None:
    path = saved_with_history(home)
    lines = path.read_text("utf-8").split("\n")
    which, damaging = DAMAGES[damage]
    at = next(i for i, line in enumerate(lines) if which(line))
    damaged = damaging(lines[at])
    assert damaged != lines[at]
    lines[at] = damaged
    path.write_text("\n".join(lines), "utf-8")
    before = path.read_bytes()
    actions = (
        lambda s: s.undo(),
        lambda s: s.redo(),
        lambda s: s.changes(),
        lambda s: s.add(made(100)),
    )
    for action in actions:
        with pytest.raises(store.SessionFileError) as caught, store.changing("damaged") as s:
            action(s)
        assert str(path) in str(caught.value)
        assert path.read_bytes() == before
    for command in (["undo", "damaged"], ["redo", "damaged"], ["history", "damaged"]):
        result = cli(*command)
        assert result.code == 1, (command, result.out, result.err)
        assert "damaged.json" in result.err and "left untouched" in " ".join(result.err.split())
        assert "Traceback" not in result.err
        assert path.read_bytes() == before


def test_a_damaged_change_to_redo_is_reported_when_redone(home: Path, cli) -> None:
    path = saved_with_history(home)
    lines = path.read_text("utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if undone_line(line))
    lines[at] = lines[at].replace('"old": ', '"olt": ')
    path.write_text("\n".join(lines), "utf-8")
    before = path.read_bytes()
    with pytest.raises(SessionDataError), store.changing("damaged") as session:
        session.redo()
    assert path.read_bytes() == before
    result = cli("redo", "damaged")
    assert result.code == 1 and "damaged.json" in result.err and "Traceback" not in result.err
    assert "left untouched" in " ".join(result.err.split())
    assert path.read_bytes() == before


def test_the_undamaged_history_file_reads_back(home: Path) -> None:
    path = saved_with_history(home)
    session = store.read(path)
    assert [e["kind"] for e, _ in session.changes()] == [
        "add",
        "add",
        "add",
        "edit",
        "remove",
        "undo",
    ]
    check_replay(session)


def test_a_capot_given_forgets_the_card_points_and_points_given_forget_the_capot() -> None:
    session = belote(made(100))
    _, new = session.edit(1, {"capot": "taker"})
    assert (new["capot"], new["points"]) == (0, 152)  # the taker's team (NS) took every trick
    _, back = session.edit(1, {"points": "100", "dix_de_der": "taker"})
    assert back["capot"] is None and back["points"] == 100
    assert plain(back) == plain(session.rounds[0]) and plain(back)["dix_de_der"] == 0
    check_replay(session)
