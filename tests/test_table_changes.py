"""Table changes (issue 13) proved on the Session API, game by game.

* Tarot: a join that brings the mort (5 → 6), a leave that takes it away, 4 → 3, a player
  replaced (his column ends, the newcomer's sits beside it), a player who comes back with
  his total, the dealer going on round the new table from the seat after the last dealer.
* Rename: every round renamed, the totals kept, the history said with the names of its
  time, undone.
* Rami: the automatic target follows the table; one set by hand stays; a player who left is
  out of the running; --target.
* Belote and coinche: a replacement keeps the seat and the team (a team named after its
  players follows them); --target lets a finished game go on, or ends it now; the held
  points of a litige are still collected.
* Corrections across a table change: a round corrected with the table of its time, the
  change moved by an insertion or a removal before it.
* Every refusal: an ``InputError`` naming the option, the session unchanged.
* Files: save and load, a long file with a table change, a schema-2 file, a damaged
  table change.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardscore import store
from cardscore.games.base import InputError
from cardscore.session import Session
from test_corrections import (
    FIXTURES,
    check_replay,
    check_saved,
    made,
    numbers,
    random_chooser,
    raw_round,
    replayed_by_hand,
    state,
)

FIVE = ["Ann", "Bob", "Cyd", "Dan", "Eve"]
FOUR = FIVE[:4]


def garde(taker: str, called: str | None = None) -> dict[str, Any]:
    raw = {"taker": taker, "contract": "garde", "bouts": "2", "points": "50"}
    if called:
        raw["called"] = called
    return raw


def tarot(players: list[str], *takers: str, session_id: str = "new") -> Session:
    """A tarot game where each taker in turn makes a garde."""
    session = Session.create("tarot", players, rules="fft", session_id=session_id)
    for taker in takers:
        session.add(garde(taker))
    return session


def dealers(session: Session) -> list[str]:
    return [row.dealer for row in session.standings().rows]


def morts(session: Session) -> list[str | None]:
    return [row.mort for row in session.standings().rows]


def refused(session: Session, action, match: str) -> None:
    """``action`` is refused with a message matching ``match`` and changes nothing."""
    before = state(session)
    before_numbers = numbers(session.standings())
    with pytest.raises(InputError, match=match):
        action()
    assert state(session) == before
    assert numbers(session.standings()) == before_numbers


# --------------------------------------------------------------------------------------------
# Tarot: joins, leaves, replacements


@pytest.mark.parametrize(("join", "points"), [("Zoé", 0), ("Zoé=120", 120), ("Zoé=-40", -40)])
def test_a_sixth_player_brings_the_mort_from_the_next_round(join: str, points: int) -> None:
    session = tarot(FIVE, "Ann", "Bob", "Cyd")
    before = session.standings()
    change = session.change_table(join=[join])
    assert change == {"kind": "table", "round": 4, "join": {"Zoé": points}}
    assert session.tables == [{"from": 4, "join": {"Zoé": points}}]
    standings = session.standings()
    assert standings.columns == (*FIVE, "Zoé")
    assert standings.totals == {**before.totals, "Zoé": points}  # counted from now on
    # Cyd dealt round 3: Dan deals round 4 and, six at the table, sits it out
    assert (standings.next_dealer, standings.next_mort) == ("Dan", "Dan")
    refused(session, lambda: session.add(garde("Dan")), "mort")
    refused(session, lambda: session.add(garde("Ann", "Dan")), "mort")
    session.add(garde("Zoé", "Ann"))
    session.add(garde("Ann"))
    standings = session.standings()
    rows = standings.rows
    assert dealers(session) == ["Ann", "Bob", "Cyd", "Dan", "Eve"]
    assert morts(session) == [None, None, None, "Dan", "Eve"]
    assert [row.columns for row in rows] == [tuple(FIVE)] * 3 + [(*FIVE, "Zoé")] * 2
    assert all(set(row.scores) == set(row.columns) for row in rows)
    assert all(set(row.totals) == set(standings.columns) for row in rows)
    assert rows[2].totals["Zoé"] == 0 and rows[3].totals["Zoé"] == points + rows[3].scores["Zoé"]
    assert rows[3].scores["Dan"] == 0  # the mort scores nothing
    assert standings.next_mort == "Zoé"
    check_replay(session)
    check_saved(session)


def test_a_leave_at_six_takes_the_mort_away() -> None:
    session = tarot([*FIVE, "Fay"], "Bob", "Cyd")  # Ann, then Bob sit out
    assert morts(session) == ["Ann", "Bob"]
    session.change_table(leave=["Fay"])
    standings = session.standings()
    assert (standings.next_dealer, standings.next_mort) == ("Cyd", None)
    session.add(garde("Cyd"))  # the dealer plays now
    assert morts(session) == ["Ann", "Bob", None]
    assert session.standings().rows[-1].columns == tuple(FIVE)
    assert "Fay" in session.standings().totals
    check_replay(session)


def test_four_to_three() -> None:
    session = tarot(FOUR, "Ann", "Bob")
    session.change_table(leave=["Ann"])
    for taker in ("Bob", "Cyd", "Dan", "Bob"):
        session.add(garde(taker))
    # Bob dealt round 2: Cyd deals round 3, then round the three who are left
    assert dealers(session) == ["Ann", "Bob", "Cyd", "Dan", "Bob", "Cyd"]
    rows = session.standings().rows
    assert rows[-1].columns == ("Bob", "Cyd", "Dan")
    assert rows[-1].totals["Ann"] == rows[1].totals["Ann"]  # his total stays as he left it
    refused(session, lambda: session.add(garde("Ann")), "Ann")
    check_replay(session)


@pytest.mark.parametrize("old", ["Ann", "Cyd", "Eve"])  # the first seat, one inside, the last
def test_a_replaced_player_keeps_his_total_and_the_newcomer_sits_beside_him(old: str) -> None:
    session = tarot(FIVE, "Ann", "Bob", "Cyd")
    at_change = dict(session.standings().totals)
    session.change_table(replace=[f"{old}=Zoé"])
    assert session.table().players == tuple("Zoé" if p == old else p for p in FIVE)
    session.add(garde("Zoé"))
    session.add(garde("Bob"))
    standings = session.standings()
    columns = list(standings.columns)
    assert columns.index("Zoé") == columns.index(old) + 1
    assert standings.totals[old] == at_change[old]
    assert standings.totals["Zoé"] == sum(row.scores["Zoé"] for row in standings.rows[3:])
    assert standings.rows[2].totals["Zoé"] == 0
    assert [old in row.columns for row in standings.rows] == [True] * 3 + [False] * 2
    refused(session, lambda: session.add(garde(old)), old)
    check_replay(session)


def test_a_replacement_after_a_comeback_sits_beside_the_player_he_replaces() -> None:
    session = tarot(FOUR, "Ann")
    session.change_table(leave=["Bob"])
    session.add(garde("Ann"))
    session.change_table(join=["Bob"])  # back, in a seat after the others
    session.add(garde("Ann"))
    session.change_table(replace=["Dan=Zoé"])
    assert session.table().players == ("Ann", "Cyd", "Zoé", "Bob")
    assert session.standings().columns == ("Ann", "Bob", "Cyd", "Dan", "Zoé")


def test_arrivals_come_after_the_others_even_beside_a_comeback() -> None:
    session = tarot(FOUR, "Ann")
    session.change_table(leave=["Bob"])
    session.add(garde("Ann"))
    session.change_table(join=["Zoé=10", "Bob"])
    assert session.table().players == ("Ann", "Cyd", "Dan", "Zoé", "Bob")
    standings = session.standings()
    assert standings.columns == ("Ann", "Bob", "Cyd", "Dan", "Zoé")
    assert standings.totals["Zoé"] == 10


def test_a_replacement_of_a_replacement_before_any_round_sits_beside_the_first_player() -> None:
    session = tarot(FOUR, "Ann")
    session.change_table(replace=["Ann=Zoé"])
    session.change_table(replace=["Zoé=Yan"])  # Zoé never played: Yan takes Ann's seat
    assert session.standings().columns == ("Ann", "Yan", "Bob", "Cyd", "Dan")
    session.add(garde("Yan"))
    session.change_table(join=["Zoé"])  # Zoé arrives now: after the others
    assert session.table().players == ("Yan", "Bob", "Cyd", "Dan", "Zoé")
    assert session.standings().columns == ("Ann", "Yan", "Bob", "Cyd", "Dan", "Zoé")
    check_replay(session)


def test_a_player_who_comes_back_resumes_his_total() -> None:
    session = tarot(FIVE, "Ann", "Bob")
    session.change_table(leave=["Bob"])
    left_with = session.standings().totals["Bob"]
    session.add(garde("Cyd"))
    session.add(garde("Dan"))
    assert session.standings().totals["Bob"] == left_with
    change = session.change_table(join=["bob"])  # spelled as the table has him
    assert change["join"] == {"Bob": 0}
    session.add(garde("Bob"))
    standings = session.standings()
    assert standings.totals["Bob"] == left_with + standings.rows[-1].scores["Bob"]
    assert standings.columns == tuple(FIVE)  # no second column for him
    assert [("Bob" in row.columns) for row in standings.rows] == [True, True, False, False, True]
    check_replay(session)


# The dealer goes on round the new table from the seat after the last dealer: each case is
# a script (rounds played, given by their takers, and table changes) and the dealers of
# every round and of the next one.
DEALS = {
    "a leave of the player who dealt last": (
        ["Ann", "Bob", "Cyd", {"leave": ["Cyd"]}, "Ann", "Bob", "Dan"],
        ["Ann", "Bob", "Cyd", "Dan", "Eve", "Ann", "Bob"],
    ),
    "a leave of the next dealer": (
        ["Ann", "Bob", "Cyd", {"leave": ["Dan"]}, "Ann", "Bob"],
        ["Ann", "Bob", "Cyd", "Eve", "Ann", "Bob"],
    ),
    "a leave of an earlier seat": (
        ["Ann", "Bob", "Cyd", {"leave": ["Ann"]}, "Bob", "Bob", "Bob"],
        ["Ann", "Bob", "Cyd", "Dan", "Eve", "Bob", "Cyd"],
    ),
    "a leave of the last seat, who dealt last": (
        ["Ann", "Bob", "Cyd", "Dan", "Eve", {"leave": ["Eve"]}, "Ann"],
        ["Ann", "Bob", "Cyd", "Dan", "Eve", "Ann", "Bob"],
    ),
    "a replacement of the player who dealt last": (
        ["Ann", "Bob", "Cyd", {"replace": ["Cyd=Zoé"]}, "Ann", "Zoé"],
        ["Ann", "Bob", "Cyd", "Dan", "Eve", "Ann"],
    ),
    "an arrival after the last seat, who dealt last": (
        ["Ann", "Bob", "Cyd", "Dan", "Eve", {"join": ["Zoé"]}, "Ann"],
        ["Ann", "Bob", "Cyd", "Dan", "Eve", "Zoé", "Ann"],
    ),
    "an arrival before the first round": (
        [{"join": ["Zoé"]}, "Bob", "Cyd"],
        ["Ann", "Bob", "Cyd"],
    ),
    "a leave before the first round": (
        [{"leave": ["Ann"]}, "Bob", "Cyd"],
        ["Bob", "Cyd", "Dan"],
    ),
    "two changes with no round between them": (
        ["Ann", "Bob", "Cyd", {"join": ["Zoé"]}, {"leave": ["Dan"]}, "Ann", "Ann"],
        ["Ann", "Bob", "Cyd", "Eve", "Zoé", "Ann"],
    ),
    "the same two changes at once": (
        ["Ann", "Bob", "Cyd", {"join": ["Zoé"], "leave": ["Dan"]}, "Ann", "Ann"],
        ["Ann", "Bob", "Cyd", "Eve", "Zoé", "Ann"],
    ),
    "two changes with no round between them, the last dealer leaving": (
        ["Ann", "Bob", "Cyd", {"replace": ["Bob=Yan"]}, {"leave": ["Cyd"]}, "Ann"],
        ["Ann", "Bob", "Cyd", "Dan", "Eve"],
    ),
    "several changes": (
        [
            "Ann",
            "Bob",
            {"leave": ["Bob"]},  # Bob dealt round 2: Cyd deals round 3
            "Ann",
            {"join": ["Zoé"]},  # Cyd dealt round 3: Dan deals round 4
            "Ann",
            "Ann",
            {"replace": ["Ann=Yan"], "join": ["Bob"]},  # Eve dealt round 5: Zoé deals
            "Yan",  # Zoé is the mort of round 6, Bob (the last seat) of round 7
            "Yan",
            "Cyd",  # and Yan of round 8
        ],
        ["Ann", "Bob", "Cyd", "Dan", "Eve", "Zoé", "Bob", "Yan", "Cyd"],
    ),
}


@pytest.mark.parametrize("case", sorted(DEALS))
def test_the_deal_goes_on_from_the_seat_after_the_last_dealer(case: str) -> None:
    script, expected = DEALS[case]
    session = tarot(FIVE)
    for step in script:
        if isinstance(step, dict):
            session.change_table(**step)
        else:
            session.add(garde(step))
    assert [*dealers(session), session.standings().next_dealer] == expected
    check_replay(session)


# --------------------------------------------------------------------------------------------
# Rename


def test_a_rename_renames_every_round_and_keeps_the_totals() -> None:
    session = tarot(FIVE, "Ann", "Bob", "Dan")
    session.add(garde("Cyd", "Dan"))
    totals = dict(session.standings().totals)
    lines_before = [str(line) for _, line in session.changes()]
    change = session.change_table(rename=["dan=Dana"])
    assert change == {"kind": "table", "round": 5, "rename": {"Dan": "Dana"}}
    assert session.tables == []  # a rename starts no era
    assert session.players == ["Ann", "Bob", "Cyd", "Dana", "Eve"]
    assert [r["taker"] for r in session.rounds] == ["Ann", "Bob", "Dana", "Cyd"]
    assert session.rounds[3]["called"] == "Dana"
    standings = session.standings()
    assert standings.columns == ("Ann", "Bob", "Cyd", "Dana", "Eve")
    assert standings.totals == {("Dana" if k == "Dan" else k): v for k, v in totals.items()}
    # the older entries are said with the names of their time
    lines = [str(line) for _, line in session.changes()]
    assert lines[:-1] == lines_before
    assert "Dan garde" in lines[2] and "Dana" in lines[-1]
    check_replay(session)
    session = check_saved(session)
    session.undo()
    assert session.players == FIVE
    assert [r["taker"] for r in session.rounds] == ["Ann", "Bob", "Dan", "Cyd"]
    assert session.rounds[3]["called"] == "Dan"
    assert session.standings().totals == totals
    session.redo()
    assert [r["taker"] for r in session.rounds] == ["Ann", "Bob", "Dana", "Cyd"]
    check_replay(session)


def test_a_rename_of_a_player_who_left() -> None:
    session = tarot(FIVE, "Ann", "Bob")
    session.change_table(leave=["Bob"])
    session.add(garde("Cyd"))
    total = session.standings().totals["Bob"]
    session.change_table(rename=["Bob=Bobby"])
    assert session.tables == [{"from": 3, "leave": ["Bobby"]}]
    assert session.players[1] == "Bobby" and "Bobby" not in session.table().players
    standings = session.standings()
    assert standings.totals["Bobby"] == total and "Bob" not in standings.totals
    assert session.rounds[1]["taker"] == "Bobby"
    session.change_table(join=["bobby"])  # and he comes back under his new name
    assert session.table().players[-1] == "Bobby"
    check_replay(session)
    check_saved(session)


def test_a_rename_and_a_replacement_of_the_same_player_at_once() -> None:
    session = tarot(FIVE, "Ann")
    change = session.change_table(rename=["Ann=Anne"], replace=["Ann=Zoé"])
    assert change["rename"] == {"Ann": "Anne"} and change["replace"] == {"Anne": "Zoé"}
    assert session.table().players[0] == "Zoé"
    assert session.standings().columns[:2] == ("Anne", "Zoé")


@pytest.mark.parametrize("option", ["leave", "replace"])
def test_a_player_renamed_is_understood_by_his_old_name_in_the_same_change(option: str) -> None:
    session = tarot(FIVE, "Ann")
    value = "ann" if option == "leave" else "ann=Yan"
    change = session.change_table(rename=["Ann=Zed"], **{option: [value]})
    assert change["rename"] == {"Ann": "Zed"}
    assert change[option] == (["Zed"] if option == "leave" else {"Zed": "Yan"})
    assert "Zed" not in session.table().players
    assert session.players[0] == "Zed"
    check_replay(session)


def test_a_name_a_rename_gives_cannot_be_renamed_again_in_the_same_change() -> None:
    session = tarot(FIVE, "Ann")
    refused(
        session,
        lambda: session.change_table(rename=["Ann=Zed", "Zed=Yan"], leave=["Yan"]),
        "--rename: Zed",
    )


# --------------------------------------------------------------------------------------------
# Rami


def rami_round(winner: str, hands: dict[str, int]) -> dict[str, Any]:
    return {"winner": winner, "hand": [f"{p}={v}" for p, v in hands.items()]}


def rami(players: list[str], *rounds: dict[str, Any], **options: Any) -> Session:
    session = Session.create("rami", players, **options)
    for raw in rounds:
        session.add(raw)
    return session


def goal(session: Session) -> int | None:
    return session.game_rules.goal(session.table())


def test_the_automatic_rami_target_follows_the_number_of_opponents() -> None:
    session = rami(FOUR, rami_round("Dan", {"Ann": 90, "Bob": 90, "Cyd": 10}))
    session.add(rami_round("Dan", {"Ann": 90, "Bob": 40, "Cyd": 10}))  # Ann 180, Bob 130
    assert goal(session) == 300 and not session.standings().finished
    session.change_table(join=["Zoé"])
    assert goal(session) == 400 and session.params["target"] == 0
    session.change_table(leave=["Zoé", "Dan", "Bob"])  # two players: 100
    standings = session.standings()
    assert goal(session) == 100
    # Ann passed it: the game ends now; the lowest of the players still there wins (Cyd),
    # not Dan (0), who left
    assert standings.finished and standings.winner == "Cyd"
    assert session.ended_after(standings) == 2
    check_replay(session)


def test_a_rami_target_set_by_hand_stays() -> None:
    session = rami(FOUR, target=500)
    session.change_table(join=["Zoé"])
    assert goal(session) == 500
    session.change_table(leave=["Zoé", "Ann"])
    assert goal(session) == 500


def test_a_rami_leaver_with_the_lowest_total_cannot_win() -> None:
    session = rami(FOUR, rami_round("Dan", {"Ann": 90, "Bob": 50, "Cyd": 20}), target=150)
    session.change_table(leave=["Dan"])  # Dan: 0
    session.add(rami_round("Cyd", {"Ann": 70, "Bob": 30}))  # Ann 160: over
    standings = session.standings()
    assert standings.finished and standings.winner == "Cyd"
    assert standings.totals["Dan"] < standings.totals["Cyd"]
    assert session.ended_after(standings) == 2


def test_a_rami_target_raised_lets_the_game_go_on_and_lowered_ends_it() -> None:
    session = rami(FOUR, rami_round("Dan", {"Ann": 90, "Bob": 90, "Cyd": 10}))
    session.add(rami_round("Dan", {"Ann": 90, "Bob": 90, "Cyd": 10}))
    session.add(rami_round("Dan", {"Ann": 90, "Bob": 20, "Cyd": 10}))  # Ann 270, Bob 200
    session.add(rami_round("Dan", {"Ann": 90, "Bob": 20, "Cyd": 10}))  # Ann 360: over
    standings = session.standings()
    assert standings.finished and standings.winner == "Dan"
    assert session.ended_after(standings) == 4
    change = session.change_table(target=500)
    assert change == {"kind": "table", "round": 5, "target": 500}
    standings = session.standings()
    assert not standings.finished and session.ended_after(standings) is None
    session.add(rami_round("Cyd", {"Ann": 90, "Bob": 20, "Dan": 10}))
    session.change_table(target=250)  # Ann 450 and Bob 240: Ann passed it, now over
    standings = session.standings()
    assert standings.finished and standings.winner == "Dan"
    assert session.ended_after(standings) == 5
    refused(session, lambda: session.add(rami_round("Cyd", {"Ann": 1, "Bob": 1, "Dan": 1})), "over")
    session.undo()
    assert not session.standings().finished
    check_replay(session)


def test_a_newcomer_who_joins_past_the_target_ends_the_game_after_the_last_round() -> None:
    session = rami(["Ann", "Bob", "Cyd"], rami_round("Cyd", {"Ann": 90, "Bob": 60}))
    session.change_table(join=["Zoé=400"])  # four players: 300
    standings = session.standings()
    assert standings.finished and standings.winner == "Cyd"
    assert session.ended_after(standings) == 1


# --------------------------------------------------------------------------------------------
# Belote and coinche


def four_seats(game: str, *raws: dict[str, Any], **options: Any) -> Session:
    session = Session.create(game, FOUR, rules="maison", **options)
    for raw in raws:
        session.add(raw)
    return session


def made_by(game: str, taker: str, points: int = 100) -> dict[str, Any]:
    raw = made(points, taker)
    if game == "coinche":
        raw["contract"] = "80"
    return raw


GAMES = ["belote", "coinche"]


@pytest.mark.parametrize("game", GAMES)
def test_a_replacement_keeps_the_seat_and_the_team(game: str) -> None:
    session = four_seats(game, made_by(game, "Cyd"), made_by(game, "Bob"))
    totals = dict(session.standings().totals)
    change = session.change_table(replace=["cyd=Zoé"])
    assert change["teams"] == {"old": ["Ann & Cyd", "Bob & Dan"], "new": ["Ann & Zoé", "Bob & Dan"]}
    assert session.teams == ["Ann & Zoé", "Bob & Dan"]
    assert session.players == FOUR  # the first table
    assert session.table().players == ("Ann", "Bob", "Zoé", "Dan")
    standings = session.standings()
    assert standings.columns == ("Ann & Zoé", "Bob & Dan")
    assert list(standings.totals.values()) == list(totals.values())
    session.add(made_by(game, "Zoé"))
    standings = session.standings()
    assert standings.rows[-1].scores["Ann & Zoé"] > standings.rows[-1].scores["Bob & Dan"]
    refused(session, lambda: session.add(made_by(game, "Cyd")), "Cyd")
    check_replay(session)
    session = check_saved(session)
    session.undo()
    session.undo()
    assert session.teams == ["Ann & Cyd", "Bob & Dan"]
    assert session.standings().totals == totals


@pytest.mark.parametrize("game", GAMES)
def test_a_team_name_set_by_hand_stays(game: str) -> None:
    session = four_seats(game, settings=["team1=Nous"])
    change = session.change_table(replace=["Cyd=Zoé", "Dan=Yan"])
    assert session.teams == ["Nous", "Bob & Yan"]
    assert change["teams"]["new"] == ["Nous", "Bob & Yan"]
    session.change_table(rename=["Bob=Bobby"])
    assert session.teams == ["Nous", "Bobby & Yan"]
    session.undo()
    session.undo()
    assert session.teams == ["Nous", "Bob & Dan"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("option", ["join", "leave"])
def test_belote_has_four_fixed_seats(game: str, option: str) -> None:
    session = four_seats(game)
    name = "Zoé" if option == "join" else "Ann"
    refused(session, lambda: session.change_table(**{option: [name]}), f"--{option}: .*--replace")


@pytest.mark.parametrize("game", GAMES)
def test_a_higher_target_lets_a_finished_game_go_on(game: str) -> None:
    session = four_seats(game, target=500)
    while not session.standings().finished:
        session.add(made_by(game, "Ann"))
    ended = len(session.rounds)
    standings = session.standings()
    assert session.ended_after(standings) == ended
    refused(session, lambda: session.add(made_by(game, "Ann")), "the game is over")
    session.change_table(target=1000)
    standings = session.standings()
    assert not standings.finished and standings.winner is None
    assert session.ended_after(standings) is None
    while not session.standings().finished:
        session.add(made_by(game, "Bob"))
    standings = session.standings()
    assert session.ended_after(standings) == len(session.rounds) > ended
    assert max(standings.totals.values()) >= 1000
    check_replay(session)
    check_saved(session)


@pytest.mark.parametrize("game", GAMES)
def test_a_lower_target_ends_the_game_now(game: str) -> None:
    session = four_seats(game, made_by(game, "Ann"), made_by(game, "Ann"))
    leader = max(session.standings().totals.items(), key=lambda item: item[1])
    assert not session.standings().finished
    session.change_table(target=leader[1])
    standings = session.standings()
    assert standings.finished and standings.winner == leader[0]
    assert session.ended_after(standings) == 2
    refused(session, lambda: session.add(made_by(game, "Ann")), "the game is over")
    session.undo()
    assert not session.standings().finished


def test_the_held_points_of_a_litige_are_collected_across_a_replacement() -> None:
    session = four_seats("belote", made(71, "Ann"))  # 81 against 81: held
    assert session.standings().held == 81
    session.change_table(replace=["Ann=Zoé"])
    assert session.standings().held == 81
    session.add(made(100, "Zoé"))
    row = session.standings().rows[-1]
    assert row.scores == {"Zoé & Cyd": 110 + 81, "Bob & Dan": 52} and row.held == 0
    check_replay(session)


# --------------------------------------------------------------------------------------------
# Corrections across a table change


def joined_at_four() -> Session:
    session = tarot(FIVE, "Ann", "Bob", "Cyd")
    session.change_table(join=["Zoé"])
    session.add(garde("Zoé"))
    session.add(garde("Bob"))
    return session


def test_a_round_is_corrected_with_the_table_of_its_time() -> None:
    session = joined_at_four()
    refused(session, lambda: session.edit(2, {"taker": "Zoé"}), "Zoé")
    session.edit(2, {"taker": "Dan"})
    refused(session, lambda: session.edit(5, {"taker": "Eve"}), "mort")  # Eve's turn
    session.edit(5, {"taker": "Ann", "called": "Zoé"})
    assert session.rounds[4]["called"] == "Zoé"
    check_replay(session)


def test_a_round_inserted_before_a_change_is_played_by_the_old_table() -> None:
    session = joined_at_four()
    refused(session, lambda: session.add(garde("Zoé"), before=2), "Zoé")
    session.add(garde("Eve"), before=2)
    assert session.tables == [{"from": 5, "join": {"Zoé": 0}}]
    assert [("Zoé" in row.columns) for row in session.standings().rows] == [False] * 4 + [True] * 2
    session.undo()
    assert session.tables == [{"from": 4, "join": {"Zoé": 0}}]
    session.redo()
    assert session.tables == [{"from": 5, "join": {"Zoé": 0}}]
    check_replay(session)
    check_saved(session)


@pytest.mark.parametrize(
    ("where", "moved"),
    [(1, 3), (3, 3), (4, 4), (5, 4)],  # a round before the change moves it up, not one after
)
def test_a_removal_before_a_change_moves_it(where: int, moved: int) -> None:
    session = joined_at_four()
    lost = session.rounds[where - 1]
    session.remove(where)
    assert session.tables == [{"from": moved, "join": {"Zoé": 0}}]
    assert session.table_at(moved).players == (*FIVE, "Zoé")
    assert session.table_at(moved - 1).players == tuple(FIVE)
    check_replay(session)
    session.undo()
    assert session.tables == [{"from": 4, "join": {"Zoé": 0}}]
    assert session.rounds[where - 1] == lost
    check_replay(session)


def test_two_changes_at_the_same_round_move_together() -> None:
    session = tarot(FIVE, "Ann", "Bob", "Cyd")
    session.change_table(join=["Zoé"])
    session.change_table(leave=["Ann"])
    session.add(garde("Zoé"))
    session.add(garde("Eve"), before=1)
    assert [era["from"] for era in session.tables] == [5, 5]
    session.remove(2)
    session.remove(2)
    assert [era["from"] for era in session.tables] == [3, 3]
    assert session.table_at(3).players == ("Bob", "Cyd", "Dan", "Eve", "Zoé")
    check_replay(session)


def test_an_insertion_that_gives_a_later_round_to_its_mort_is_refused() -> None:
    session = tarot(FIVE, "Ann", "Bob", "Cyd")
    session.change_table(join=["Zoé"])
    session.add(garde("Eve"))  # round 4: Dan sits out
    session.add(garde("Ann"))  # round 5: Eve sits out
    assert morts(session)[3:] == ["Dan", "Eve"]
    # one more round before the change: Dan deals (and sits out) round 5, Eve round 5 → 6
    refused(
        session,
        lambda: session.add(garde("Ann"), before=2),
        r"^round 4 would become round 5 and impossible: .*Eve",
    )
    session.edit(4, {"taker": "Zoé"})
    session.add(garde("Ann"), before=2)
    assert morts(session)[4:] == ["Eve", "Zoé"]
    check_replay(session)


def test_a_removal_that_gives_a_later_round_to_its_mort_is_refused() -> None:
    session = tarot(FIVE, "Ann", "Bob", "Cyd")
    session.change_table(join=["Zoé"])
    session.add(garde("Cyd"))  # round 4: Dan sits out; one round less before: Cyd would
    refused(
        session,
        lambda: session.remove(1),
        r"^round 4 would become round 3 and impossible: .*Cyd",
    )


def test_the_history_says_a_removed_round_with_the_table_that_played_it() -> None:
    session = four_seats("coinche", made_by("coinche", "Cyd"))
    session.change_table(replace=["Cyd=Zoé"])
    session.remove(1)  # the change now starts from round 1
    lines = [str(line) for _, line in session.changes()]
    assert lines[-1].startswith("round 1 removed: Cyd 80")


# --------------------------------------------------------------------------------------------
# Refusals: an InputError naming what is wrong, the session unchanged


REFUSALS = {
    "an unknown name": ("tarot", {"leave": ["Zed"]}, "--leave: nobody is called 'Zed'"),
    "an unknown name to replace": ("tarot", {"replace": ["Zed=Zoé"]}, "--replace: nobody"),
    "an unknown name to rename": ("tarot", {"rename": ["Zed=Zoé"]}, "--rename: nobody"),
    "an ambiguous prefix": ("tarot", {"leave": ["A"]}, "--leave: 'A' could be Ann, Abe"),
    "a new name colliding, case aside": ("tarot", {"join": ["ANN"]}, "Ann is already at"),
    "a new name colliding, accents aside": (
        "tarot",
        {"rename": ["Bob=Ábé"]},
        "--rename: Ábé is too close to Abe",
    ),
    "a replacement by a player at the table": (
        "tarot",
        {"replace": ["Ann=cyd"]},
        "--replace: Cyd is already at the table",
    ),
    "a rename to a name with rami's separator": (
        "rami",
        {"rename": ["Ann=A=B"]},
        "--rename: .*cannot contain '='",
    ),
    "a replacement with rami's separator": (
        "rami",
        {"replace": ["Ann=Zo=é"]},
        "--replace: .*cannot contain '='",
    ),
    "an empty name": ("tarot", {"join": ["  "]}, "--join: .*empty"),
    "seven at tarot": (
        "tarot",
        {"join": ["Zoé", "Yan", "Xia"]},
        "--join: tarot is played by 3 to 6",
    ),
    "too few at tarot": (
        "tarot",
        {"leave": ["Ann", "Bob", "Cyd"]},
        "--leave: tarot is played by 3 to 6",
    ),
    "nobody at rami": (
        "rami",
        {"leave": ["Ann", "Bob", "Cyd", "Abe"]},
        "--leave: rami is played by",
    ),
    "a join at belote": ("belote", {"join": ["Zoé"]}, "--join: belote is played by four fixed"),
    "a leave at coinche": ("coinche", {"leave": ["Ann"]}, "--leave: coinche is played by four"),
    "a target at tarot": ("tarot", {"target": 500}, "--target: tarot has no target"),
    "a target of 0": ("rami", {"target": 0}, "--target: 0 is not a positive"),
    "the same target again": ("belote", {"target": 1000}, "--target: the target is 1000 already"),
    "a negative target": ("belote", {"target": -10}, "--target: -10 is not a positive"),
    "a player leaving and replaced": (
        "tarot",
        {"replace": ["Ann=Zoé"], "leave": ["ann"]},
        "--leave: Ann is already named by --replace",
    ),
    "a player joining twice": ("tarot", {"join": ["Zoé", "zoe"]}, "--join: .* already named by"),
    "a newcomer replacing two players": (
        "tarot",
        {"replace": ["Ann=Zoé", "Bob=Zoé"]},
        "already named by --replace",
    ),
    "a player renamed twice": ("tarot", {"rename": ["Ann=Anne", "ann=Annie"]}, "--rename: "),
    "nothing to change": ("tarot", {}, "^nothing to change"),
    "a rename to the same name": ("tarot", {"rename": ["Ann=Ann"]}, "^nothing to change"),
    "a rename without =": ("tarot", {"rename": ["Ann"]}, "--rename: OLD=NEW is needed"),
    "a rename without its new name": ("tarot", {"rename": ["Ann= "]}, "--rename: OLD=NEW"),
    "a replacement without its old name": ("tarot", {"replace": ["=Zoé"]}, "--replace: OLD=NEW"),
    "points that are not a number": ("tarot", {"join": ["Zoé=ten"]}, "--join: Zoé's points are"),
    "points that are not whole": ("rami", {"join": ["Zoé=1.5"]}, "--join: Zoé's points are"),
    "points for a player who comes back": (
        "tarot",
        {"join": ["Gus=10"]},
        "--join: Gus played earlier and comes back with their total",
    ),
}


def with_a_leaver(game: str) -> Session:
    """A game of ``game`` at which Gus played a round and left (at tarot and rami), with
    Ann and Abe at the table (an ambiguous prefix)."""
    if game in ("belote", "coinche"):
        return four_seats(game, made_by(game, "Ann"))
    players = ["Ann", "Abe", "Bob", "Cyd", "Gus"]
    session = Session.create(game, players)
    if game == "tarot":
        session.add(garde("Gus"))
    else:
        session.add(rami_round("Gus", {"Ann": 10, "Abe": 20, "Bob": 30, "Cyd": 40}))
    session.change_table(leave=["Gus"])
    return session


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_a_bad_table_change_is_refused_and_changes_nothing(case: str) -> None:
    game, options, match = REFUSALS[case]
    session = with_a_leaver(game)
    refused(session, lambda: session.change_table(**options), match)


# --------------------------------------------------------------------------------------------
# Files


def played(session: Session, count: int) -> None:
    """Add ``count`` rounds of random play (the game never ends)."""
    c = random_chooser(random.Random(count))
    while count:
        table = session.table()
        players = tuple(p for p in table.players if p != session.standings().next_mort)
        raw = raw_round(c, session.game, players)
        if session.game in ("belote", "coinche"):  # (test_corrections' seats are others)
            raw["taker"] = c.pick(list(players))
        try:
            session.add(raw)
        except InputError:
            continue
        count -= 1


def test_a_session_with_table_changes_saves_and_loads(home: Path) -> None:
    session = tarot(FIVE, "Ann", "Bob", session_id="tables")
    session.change_table(join=["Zoé=25"], rename=["Eve=Ève"])
    played(session, 3)
    session.change_table(replace=["Bob=Yan"], leave=["Cyd"])
    played(session, 2)
    session.undo()
    standings = session.standings()
    with store.locked(session.id):
        path = store.write(session)
    data = json.loads(path.read_text("utf-8"))
    assert data["schema_version"] == 4
    assert data["tables"] == [
        {"from": 3, "join": {"Zoé": 25}},
        {"from": 6, "replace": {"Bob": "Yan"}, "leave": ["Cyd"]},
    ]
    again = store.read(path)
    assert numbers(again.standings()) == numbers(standings)
    assert [str(line) for _, line in again.changes()] == [
        str(line) for _, line in session.changes()
    ]
    again.redo()
    session.redo()
    assert numbers(again.standings()) == numbers(session.standings())


@pytest.mark.parametrize("game", ["tarot", "rami", "belote"])
def test_a_long_file_with_a_table_change_in_the_middle_reads_back_with_its_numbers(
    game: str, home: Path
) -> None:
    options = {} if game == "tarot" else {"target": 10**9}
    session = Session.create(
        game, FIVE[: 4 if game == "belote" else 5], session_id="long", **options
    )
    played(session, 110)
    if game == "belote":
        session.change_table(replace=["Bob=Yan"], target=10**8)
    else:
        session.change_table(join=["Zoé=-30"], leave=["Bob"])
    played(session, 120)
    with store.locked(session.id):
        path = store.write(session)
    loaded = store.read(path)
    standings = loaded.standings()
    fresh = Session.from_dict(json.loads(path.read_text("utf-8")))
    assert numbers(standings) == numbers(fresh.standings(fresh=True))
    assert numbers(standings) == numbers(session.standings(fresh=True))
    # a change after the load, saved and read back again
    with store.changing("long") as current:
        current.remove(50)
    assert store.read(path).tables[0]["from"] == 110
    check_replay(store.read(path))


SCHEMA_2 = sorted(FIXTURES.glob("schema2_*.json"))


@pytest.mark.parametrize("path", SCHEMA_2, ids=lambda p: p.stem)
def test_a_schema_2_file_scores_as_before_and_is_written_as_schema_3(
    path: Path, home: Path
) -> None:
    data = json.loads(path.read_text("utf-8"))
    assert data["schema_version"] == 2 and "tables" not in data
    session = store.loads(path.read_bytes(), path)
    standings = session.standings()
    assert [dict(r.totals) for r in standings.rows] == replayed_by_hand(data)
    assert list(session.history) == data["history"]
    assert session.undone == data["undone"]
    with store.locked(session.id):
        written = store.write(session)
    saved = json.loads(written.read_text("utf-8"))
    assert saved["schema_version"] == 3 and saved["tables"] == []
    assert saved["history"] == data["history"] and saved["rounds"] == data["rounds"]
    again = store.read(written)
    assert numbers(again.standings()) == numbers(standings)
    # the old history is said and undone as before, and the table can change now
    assert len(again.changes()) == len(data["history"])
    with store.changing(session.id) as current:
        current.undo()
        current.change_table(rename=[f"{data['players'][0]}=Zed"])
    assert store.read(written).players[0] == "Zed"


def test_there_is_a_schema_2_fixture() -> None:
    assert SCHEMA_2


def saved_with_tables(home: Path) -> Path:
    session = tarot(FIVE, "Ann", "Bob", session_id="damaged")
    session.change_table(join=["Zoé=10"])
    session.add(garde("Zoé"))
    with store.locked(session.id):
        return store.write(session)


GOOD_TABLES = '"tables": [{"from": 3, "join": {"Zoé": 10}}]'
DAMAGED_TABLES = {
    "not a list": '"tables": {"from": 3, "join": {"Zoé": 10}}',
    "not an object": '"tables": [3]',
    "no round": '"tables": [{"join": {"Zoé": 10}}]',
    "a round that is not a number": '"tables": [{"from": "3", "join": {"Zoé": 10}}]',
    "no change": '"tables": [{"from": 3}]',
    "points that are not a number": '"tables": [{"from": 3, "join": {"Zoé": "10"}}]',
    "a leave that is not a list": '"tables": [{"from": 3, "leave": "Ann"}]',
    "a replacement that is not names": '"tables": [{"from": 3, "replace": {"Ann": 1}}]',
    "a target that is not a number": '"tables": [{"from": 3, "target": "1000"}]',
}
# what a hand could write that the types alone do not tell
DAMAGED_TABLES_STRICT = {
    "everyone leaving": '"tables": [{"from": 3, "leave": ["Ann", "Bob", "Cyd", "Dan", "Eve"]}]',
    "a player joining who is there": '"tables": [{"from": 3, "join": {"Ann": 0}}]',
    "a player leaving who is not there": '"tables": [{"from": 3, "leave": ["Zed"]}]',
    "a player replaced by one who is there": '"tables": [{"from": 3, "replace": {"Ann": "Bob"}}]',
    "a target at tarot": '"tables": [{"from": 3, "target": 1000}]',
    "seven players at tarot": '"tables": [{"from": 3, "join": {"Zoé": 0, "Yan": 0}}]',
    "a round 0": '"tables": [{"from": 0, "join": {"Zoé": 10}}]',
    "changes out of order": (
        '"tables": [{"from": 3, "join": {"Zoé": 10}}, {"from": 2, "leave": ["Ann"]}]'
    ),
}


def damage(path: Path, tables: str) -> bytes:
    text = path.read_text("utf-8")
    assert GOOD_TABLES in text
    path.write_text(text.replace(GOOD_TABLES, tables), "utf-8")
    return path.read_bytes()


def damaged_file_is_refused(path: Path, before: bytes) -> None:
    for action in (lambda s: s.standings(), lambda s: s.add(garde("Ann")), lambda s: s.undo()):
        with pytest.raises(store.SessionFileError) as caught, store.changing("damaged") as s:
            action(s)
        assert str(path) in str(caught.value)
        assert path.read_bytes() == before


@pytest.mark.parametrize("case", sorted(DAMAGED_TABLES))
def test_a_damaged_table_change_is_a_damaged_file_left_untouched(
    home: Path, case: str, cli
) -> None:
    path = saved_with_tables(home)
    before = damage(path, DAMAGED_TABLES[case])
    damaged_file_is_refused(path, before)
    result = cli("show", "damaged")
    assert result.code == 1 and "damaged.json" in result.err
    assert "Traceback" not in result.err and path.read_bytes() == before


@pytest.mark.parametrize("case", sorted(DAMAGED_TABLES_STRICT))
def test_an_impossible_table_change_is_a_damaged_file_left_untouched(home: Path, case: str) -> None:
    path = saved_with_tables(home)
    before = damage(path, DAMAGED_TABLES_STRICT[case])
    damaged_file_is_refused(path, before)


def test_the_undamaged_file_with_tables_reads_back(home: Path) -> None:
    path = saved_with_tables(home)
    session = store.read(path)
    assert session.tables == [{"from": 3, "join": {"Zoé": 10}}]
    check_replay(session)
    check_saved(session)
    with store.changing("damaged") as current:
        current.add(garde("Ann"))
    assert len(store.read(path).rounds) == 4
