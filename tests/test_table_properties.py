"""Table changes (issue 13) under random play, with hypothesis.

* Sessions of tarot (3 to 6 players), rami, belote and coinche go through random sequences
  of add, add(before=), edit, remove, table changes (join, leave, replace, rename, target,
  what the game allows, and some the game refuses), undo, redo and save/load.  After each
  step: the standings are a fresh replay's; a refused step (``InputError``) left the session
  exactly as it was; an undo or a redo brought back the very session (and numbers) it was
  in; a table change did what it says (who sits, the columns, the newcomer's points).  At
  the end: save and load is the identity (numbers, history lines, bytes), and undoing N
  changes then redoing N gives the same session.
* The :class:`~cardscore.seating.Timeline` of random table changes against a model of the
  table: the dealer goes on from the seat after the last dealer (walking round the old
  table, the arrivals sitting after its last seat), the first seat deals a first round; the
  columns keep their order, a replacement's right after the player he replaces, an
  arrival's last.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cardscore.changes import plain
from cardscore.games import get_game
from cardscore.games.base import InputError, fold
from cardscore.games.rami import RamiParams
from cardscore.games.tarot import PRESETS
from cardscore.seating import Timeline
from cardscore.session import Session
from test_corrections import (
    Chooser,
    check_replay,
    check_saved,
    hypothesis_chooser,
    numbers,
    raw_round,
    state,
)

NAMES = ("Ann", "Béa", "Cyd", "Dan", "Éric", "Fay")
NEWCOMERS = ("Zoé", "Yan", "Xia", "Wes", "Véra")

TABLES: dict[str, tuple[str, tuple[str, ...]]] = {
    **{f"tarot-{n}": ("tarot", NAMES[:n]) for n in (3, 4, 5, 6)},
    "rami": ("rami", NAMES[:4]),
    "belote": ("belote", NAMES[:4]),
    "coinche": ("coinche", NAMES[:4]),
}

PROPERTY = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --------------------------------------------------------------------------------------------
# Random steps


def playing(session: Session, number: int) -> tuple[str, ...]:
    """The players who can be named in round ``number`` (not its mort)."""
    game, table = session.game_rules, session.table_at(number)
    mort = game.sitting_out(table, number)
    return tuple(p for p in table.players if p != mort)


def a_round(c: Chooser, session: Session, number: int) -> dict[str, Any]:
    """A raw round for round ``number``, as its table would type it."""
    players = playing(session, number)
    raw = raw_round(c, session.game, players)
    if session.game in ("belote", "coinche"):  # (test_corrections' belote seats are others)
        raw["taker"] = c.pick(list(players))
    return raw


def answers_at(session: Session, number: int) -> dict[str, Any]:
    return session.game_rules.answers(plain(session.rounds[number - 1]), session.table_at(number))


def some_answers(c: Chooser, session: Session, number: int) -> dict[str, Any]:
    """One or two answers of another round for round ``number`` (what an edit changes)."""
    if session.game == "rami":
        old = answers_at(session, number)
        if old.get("hand") and not c.chance(3):
            return {"hand": [f"{h.split('=')[0]}={c.number(0, 90)}" for h in old["hand"]]}
    other = a_round(c, session, number)
    keys = sorted(other)
    chosen = {c.pick(keys)}
    if len(keys) > 1 and c.chance(2):
        chosen.add(c.pick(keys))
    return {key: other[key] for key in chosen}


def a_name(c: Chooser, names: list[str]) -> str:
    """One of ``names`` as a person may type it (another case), or now and then a stranger."""
    if not names or c.chance(12):
        return "Nobody"
    name = c.pick(names)
    return name.upper() if c.chance(5) else name


def a_table_change(c: Chooser, session: Session) -> dict[str, Any]:
    """Options of ``Session.change_table``: mostly sound, now and then not."""
    seated = list(session.table().players)
    everyone = list(session.timeline().players())
    away = [p for p in everyone if p not in seated]
    strangers = [n for n in NEWCOMERS if all(fold(n) != fold(p) for p in everyone)]
    new = c.pick(strangers) if strangers and not c.chance(10) else c.pick(list(NEWCOMERS))
    teams = session.game in ("belote", "coinche")
    kinds = ["replace", "rename", "target", "two"] if teams else ["join", "leave", "replace"]
    if not teams:
        kinds += ["rename", "target" if session.game == "rami" else "leave", "two", "back"]
    if c.chance(15):
        kinds.append("join" if teams else "target")  # refused by the game
    kind = c.pick(kinds)
    if kind == "join":
        return {"join": [new + (f"={c.number(-50, 200)}" if c.chance(3) else "")]}
    if kind == "back":  # a player who left comes back
        return {"join": [a_name(c, away)]}
    if kind == "leave":
        return {"leave": [a_name(c, seated)]}
    if kind == "replace":
        return {"replace": [f"{a_name(c, seated)}={new if not away or c.chance(2) else away[0]}"]}
    if kind == "rename":
        return {"rename": [f"{a_name(c, everyone)}={new}"]}
    if kind == "target":
        return {"target": c.pick([c.number(1, 3000), c.number(-5, 0)])}
    # two operations at once
    change: dict[str, Any] = {"replace": [f"{a_name(c, seated)}={new}"]}
    if teams:
        change["target"] = c.number(100, 3000)
    elif c.chance(2):
        change["leave"] = [a_name(c, seated)]
    else:
        change["rename"] = [f"{a_name(c, everyone)}=Tom"]
    return change


# --------------------------------------------------------------------------------------------
# Checks


def snapshot(session: Session) -> tuple[Any, Any]:
    """What undo and redo must bring back: the session's table and rounds, its numbers."""
    data = state(session)
    kept = {k: data[k] for k in ("players", "teams", "tables", "params", "rounds")}
    return kept, numbers(session.standings())


def check_table_change(session: Session, before: Session, options: dict[str, Any]) -> None:
    """A table change did what its options say, from the next round on."""
    table, old = session.table(), before.table()
    change = session.history[-1]
    assert change["kind"] == "table" and change["round"] == len(session.rounds) + 1
    renames = change.get("rename", {})
    seated = [renames.get(p, p) for p in old.players]
    leave, replace, join = (
        change.get("leave", []),
        change.get("replace", {}),
        change.get("join", {}),
    )
    assert all(name in seated for name in [*leave, *replace])
    assert not any(name in seated for name in [*replace.values(), *join])
    # replacements in their seats, leavers gone, arrivals after the others
    expected = [replace.get(p, p) for p in seated if p not in leave] + list(join)
    assert list(table.players) == expected
    if "target" in change:
        assert table.params.target == change["target"]
    standings, earlier = session.standings(), before.standings()
    columns = dict(renames)  # old column → new (a team named after its players follows them)
    if "teams" in change:
        columns.update(zip(change["teams"]["old"], change["teams"]["new"], strict=True))
    played = {column for row in earlier.rows for column in row.columns}
    for old_column, total in earlier.totals.items():  # nobody's total changes
        column = columns.get(old_column, old_column)
        if column not in standings.totals:  # a table that plays no round brings no column
            assert old_column not in played and column not in table.players
            continue
        assert standings.totals[column] == total
    kept = {columns.get(c, c) for c in earlier.columns}
    for column in (c for c in standings.columns if c not in kept):
        assert standings.totals[column] == change.get("join", {}).get(column, 0)
    assert [renames.get(r, r) for r in before.players] == session.players
    # the rounds already played keep their tables (but for a rename)
    for number in range(1, len(session.rounds) + 1):
        then = before.table_at(number)
        assert session.table_at(number).players == tuple(renames.get(p, p) for p in then.players)


@PROPERTY
@pytest.mark.parametrize("key", sorted(TABLES))
@given(data=st.data())
def test_random_play_with_table_changes_replays_undoes_and_saves(key: str, data) -> None:
    game, players = TABLES[key]
    c = hypothesis_chooser(data)
    session = Session.create(game, list(players))
    done = [snapshot(session)]  # after each change in force
    redo: list[Any] = []  # what each undone change gives back
    for _ in range(data.draw(st.integers(1, 16), label="steps")):
        before = state(session)
        count = len(session.rounds)
        op = c.pick(
            ["add", "add", "add", "table", "table", "insert", "edit", "remove"] * 2
            + ["undo", "undo", "redo", "redo", "load"]
        )
        try:
            if op == "add":
                session.add(a_round(c, session, count + 1))
            elif op == "insert":
                where = c.number(1, max(count, 1))
                session.add(a_round(c, session, where), before=where)
            elif op == "edit":
                where = c.number(1, max(count, 1))
                session.edit(where, some_answers(c, session, where) if count else {})
            elif op == "remove":
                session.remove(c.number(1, max(count, 1)))
            elif op == "table":
                options = a_table_change(c, session)
                earlier = Session.from_dict(before)
                session.change_table(**options)
                check_table_change(session, earlier, options)
            elif op == "undo":
                session.undo()
                redo.append(done.pop())
                assert snapshot(session) == done[-1]
            elif op == "redo":
                session.redo()
                done.append(redo.pop())
                assert snapshot(session) == done[-1]
            else:
                session = check_saved(session)
        except InputError:
            event(f"{op} refused")
            assert state(session) == before, f"a refused {op} changed the session"
            continue
        event(f"{op} made")
        if op not in ("undo", "redo", "load"):
            done.append(snapshot(session))
            redo.clear()
        check_replay(session)
    loaded = check_saved(session)
    assert [str(line) for _, line in loaded.changes()] == [
        str(line) for _, line in session.changes()
    ]
    # undo N changes, then redo N: the very same session
    final = snapshot(session)
    undone = data.draw(st.integers(0, len(done) - 1), label="undo")
    for back in range(1, undone + 1):
        session.undo()
        assert snapshot(session) == done[-1 - back]
    for _ in range(undone):
        session.redo()
    assert snapshot(session) == final
    check_replay(session)


# --------------------------------------------------------------------------------------------
# The Timeline against a model of the table


def walk_dealer(old, last: int, change: dict[str, Any]) -> str:
    """The next dealer by walking round the old table from the seat after the last dealer's:
    the players still there (or who replace someone) in their seats, the arrivals sitting
    after the old last seat."""
    leave, replace = set(change.get("leave", ())), change.get("replace", {})
    seats = [[replace.get(p, p)] if p not in leave else [] for p in old.players]
    walk = [*seats[last + 1 :], list(change.get("join", {})), *seats[: last + 1]]
    return next(p for occupants in walk for p in occupants)


@st.composite
def eras(draw, game_name: str) -> tuple[tuple[str, ...], list[dict[str, Any]]]:
    """A first table and table changes that keep it playable, each from a later round (or
    the same one)."""
    game = get_game(game_name)
    first = tuple(NAMES[: draw(st.integers(game.min_players, len(NAMES)))])
    seated, everyone = list(first), list(first)
    pool = (f"{name}{n}" for n in itertools.count() for name in NEWCOMERS)
    changes: list[dict[str, Any]] = []
    round_from = 1
    for _ in range(draw(st.integers(1, 6))):
        round_from += draw(st.sampled_from([0, 0, 1, 2, 5]))
        change: dict[str, Any] = {"from": round_from}
        away = [p for p in everyone if p not in seated]
        leavers = draw(st.lists(st.sampled_from(seated), unique=True, max_size=2))
        joins = draw(st.lists(st.sampled_from(away), unique=True, max_size=2)) if away else []
        joins += [next(pool) for _ in range(draw(st.integers(0, 2)))]
        if not game.min_players <= len(seated) - len(leavers) + len(joins) <= game.max_players:
            leavers, joins = [], []
        stay = [p for p in seated if p not in leavers]
        replaced = draw(st.lists(st.sampled_from(stay), unique=True, max_size=2)) if stay else []
        if not (leavers or replaced or joins):
            replaced = [stay[0]]  # a change changes something
        if leavers:
            change["leave"] = leavers
        if replaced:
            change["replace"] = {p: next(pool) for p in replaced}
        if joins:
            change["join"] = {p: 0 if p in everyone else draw(st.integers(-20, 20)) for p in joins}
        seated = [change.get("replace", {}).get(p, p) for p in seated if p not in leavers] + joins
        everyone += [p for p in seated if p not in everyone]
        changes.append(change)
    return first, changes


@settings(max_examples=200, deadline=None)
@given(data=st.data(), game_name=st.sampled_from(["tarot", "rami"]))
def test_a_timeline_seats_and_deals_as_round_a_real_table(data, game_name: str) -> None:
    first, changes = data.draw(eras(game_name))
    game = get_game(game_name)
    params = PRESETS["fft"] if game_name == "tarot" else RamiParams()
    columns: list[str] = list(first)
    tables = [Timeline.build(game, first, [], params, []).current]
    joined: dict[str, int] = {}
    for count in range(1, len(changes) + 1):
        assert Timeline.build(game, first, [], params, changes[:count]).eras[0].newcomers == ()
        timeline = Timeline.build(game, first, [], params, changes[:count])
        change, old, table = changes[count - 1], tables[-1], timeline.current
        joined.update(change.get("join", {}))
        earlier = Timeline.build(game, first, [], params, changes[: count - 1])
        assert [e.table for e in timeline.eras[:-1]] == [e.table for e in earlier.eras]
        assert table.first == change["from"]
        assert len(set(table.players)) == len(table.players)
        # the deal goes on from the seat after the last dealer (the first seat deals round 1)
        start = change["from"]
        if start == 1:
            assert table.dealer(1) == table.players[0]
        else:
            last = old.players.index(old.dealer(start - 1))
            assert table.dealer(start) == walk_dealer(old, last, change)
        tables.append(table)
        # a column for everyone at a table that plays a round (the current one will)
        following = [t.first for t in tables[1:]]
        playing = [
            t
            for t, later in zip(tables, [*following, None], strict=True)
            if not later or later > t.first
        ]
        assert set(timeline.columns) == {p for t in playing for p in t.players}
        # the old columns in their order (a change before any round since the last one
        # leaves out those of the table that will play none), a replacement right after the
        # player he replaces, the others last; each with the points he joined with
        assert [c for c in timeline.columns if c in columns] == [
            c for c in columns if c in timeline.columns
        ]
        newcomers = dict(timeline.eras[-1].newcomers)
        assert all(points == joined.get(c, 0) for c, points in newcomers.items())
        new = [c for c in timeline.columns if c not in columns]
        assert set(new) <= set(newcomers)
        if start > old.first:  # the table before plays a round: the columns only grow
            assert set(columns) <= set(timeline.columns)
            replaced = {n: o for o, n in change.get("replace", {}).items()}
            beside = [c for c in new if replaced.get(c) in timeline.columns]
            for column in beside:
                assert timeline.columns[timeline.columns.index(column) - 1] == replaced[column]
            last_ones = [c for c in new if c not in beside]
            assert list(timeline.columns[len(timeline.columns) - len(last_ones) :]) == last_ones
        columns = list(timeline.columns)
    # every round is played by the last table that starts at it or before
    for number in range(1, changes[-1]["from"] + 3):
        started = [t for t in tables if t.first <= number]
        assert Timeline.build(game, first, [], params, changes).at(number) == started[-1]


def test_a_replacement_who_left_unplayed_and_came_back_is_a_newcomer() -> None:
    """Found by the property above: Zoé takes Ann's seat, leaves before playing, then joins
    again; she is a newcomer, placed last, not beside Ann as her replacement."""
    game = get_game("rami")
    changes = [
        {"from": 1, "replace": {"Ann": "Zoé", "Béa": "Yan"}},
        {"from": 1, "leave": ["Zoé", "Yan"], "join": {"Ann": 0, "Béa": 0}},
        {"from": 1, "join": {"Zoé": 0}},
    ]
    timeline = Timeline.build(game, ("Ann", "Béa"), [], RamiParams(), changes)
    assert timeline.columns == ("Ann", "Béa", "Zoé")
    later = [*changes, {"from": 1, "replace": {"Ann": "Xia"}}]
    assert Timeline.build(game, ("Ann", "Béa"), [], RamiParams(), later).columns == (
        "Xia",
        "Béa",
        "Zoé",
    )
