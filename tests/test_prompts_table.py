"""The table's changes from the round loop, driven key by key through prompt_toolkit's pipe
input: "Table" (rename a player, replace one, a player joins or leaves, change the target,
Back), names refused as they are typed, Ctrl-C, and the menu of a game that is over (play on
to a new target, a new game at the same table, quit).

Every expected table, total and dealer is worked out by making the same change with the
Session API (``Session.change_table``), never typed in by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardscore import i18n, store
from cardscore.changes import plain
from cardscore.session import Session
from test_prompts_corrections import drive

DOWN, UP, ENTER, BACKSPACE, CTRL_C = "\x1b[B", "\x1b[A", "\r", "\x7f", "\x03"
NAMES = ["Ann", "Bob", "Cyd", "Dan", "Eve"]

TAROT = [
    {"contract": "garde", "taker": "Bob", "called": "Dan", "bouts": "2", "points": "49"},
    {"contract": "prise", "taker": "Cyd", "called": "Ann", "bouts": "1", "points": "60"},
]
#: two rami rounds that end a 3-player game (target 200): Bob 211, Cyd 36, Ann 7
RAMI = [
    {"winner": "Ann", "hand": ["Bob=150", "Cyd=A JK 5"]},
    {"winner": "Cyd", "hand": ["Ann=7", "Bob=R D V, 10♥ 10♠ As"]},
]
#: the same table with a typo: Dan typed "Dna" (and so called "Dna")
TYPO = ["Ann", "Bob", "Cyd", "Dna", "Eve"]
TYPO_ROUNDS = [{k: "Dna" if v == "Dan" else v for k, v in raw.items()} for raw in TAROT]
BELOTE = [
    {"taker": "South", "trump": "hearts", "points": "90", "dix_de_der": "taker"},
    {"taker": "West", "trump": "hearts", "points": "120", "dix_de_der": "taker"},
]

# The Table menu at tarot: Rename, Replace, A player joins, A player leaves, Back.
RENAME, REPLACE, JOIN, LEAVE = "", DOWN, DOWN * 2, DOWN * 3
#: the loop's home while a game is on: an action is its key (t: table, q: quit)
TABLE = "t" + ENTER
QUIT = "q" + ENTER
#: once the game is over, its end's menu: Quit is its last entry (up from the first)
MENU_QUIT = UP + ENTER


def create(game: str, names: list[str], rounds: list[dict[str, Any]], **options: Any) -> Session:
    session = Session.create(game, names, session_id=store.new_id(), **options)
    for raw in rounds:
        session.add(raw)
    return session


def new_session(
    game: str = "tarot",
    names: list[str] = NAMES,
    rounds: list[dict[str, Any]] = TAROT,
    **options: Any,
) -> str:
    session = create(game, names, rounds, **options)
    store.write(session)
    return session.id


def saved(session_id: str) -> Session:
    return store.read(store.session_path(session_id))


def changed(session_id: str, **ops: Any) -> Session:
    """The session as it is saved, with this table change made by the Session API."""
    session = saved(session_id)
    session.change_table(**ops)
    return session


def flat(text: str) -> str:
    return " ".join(text.split())


def same_table(after: Session, expected: Session) -> None:
    """The saved session has the expected table: players, eras, teams, rounds, totals."""
    assert after.players == expected.players
    assert after.tables == expected.tables
    assert after.teams == expected.teams
    assert [plain(r) for r in after.rounds] == [plain(r) for r in expected.rounds]
    assert after.standings().totals == expected.standings().totals
    assert after.table() == expected.table()


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


# ---- what the Table menu offers ------------------------------------------------------------


def offered(session: Session) -> dict[str, Any]:
    """The Table menu's entries: value → disabled (``None``: enabled, else the reason)."""
    from cardscore.prompts import table

    return {c.value: c.disabled or None for c in table.choices(session)}


def test_tarot_offers_joins_and_leaves_but_no_target() -> None:
    assert offered(create("tarot", NAMES, [])) == dict.fromkeys(
        ["rename", "replace", "join", "leave", "back"]
    )


def test_a_full_or_a_smallest_table_says_why_nobody_joins_or_leaves() -> None:
    six = offered(create("tarot", [*NAMES, "Fay"], []))
    assert six["join"] == "tarot is played by 6 players at most"
    assert six["leave"] is None
    three = offered(create("tarot", NAMES[:3], []))
    assert three["leave"] == "tarot is played by 3 players at least"
    assert three["join"] is None


def test_belote_has_four_fixed_seats_and_a_target() -> None:
    from cardscore.prompts import table

    session = create("belote", ["South", "West", "North", "East"], [])
    assert offered(session) == dict.fromkeys(["rename", "replace", "target", "back"])
    titles = [c.title for c in table.choices(session)]
    goal = session.game_rules.goal(session.table())
    assert f"Change the target (now {goal})" in titles


def test_rami_offers_everything() -> None:
    session = create("rami", ["Ann", "Bob", "Cyd"], [])
    assert list(offered(session)) == ["rename", "replace", "join", "leave", "target", "back"]


def test_the_target_is_offered_where_the_game_declares_one(monkeypatch) -> None:
    """Where a game declares no target parameter, none is offered, whatever its parameters'
    names."""
    session = create("rami", ["Ann", "Bob", "Cyd"], [])
    monkeypatch.setattr(type(session.game_rules), "target_param", None)
    assert "target" not in offered(session)


def test_nobody_joins_or_leaves_where_the_game_declares_fixed_teams(monkeypatch) -> None:
    session = create("rami", ["Ann", "Bob", "Cyd"], [])
    monkeypatch.setattr(type(session.game_rules), "fixed_teams", True)
    assert list(offered(session)) == ["rename", "replace", "target", "back"]


def test_a_table_change_follows_the_games_declarations(monkeypatch) -> None:
    """Who may join, and whether a target may be set, is what the game declares."""
    from cardscore.games.base import InputError
    from cardscore.seating import check_target, read_change

    session = create("rami", ["Ann", "Bob", "Cyd"], [])
    game, timeline = session.game_rules, session.timeline()
    assert read_change(game, timeline, join=["Dan"]) == {"join": {"Dan": 0}}
    assert check_target(game, timeline.current.params, 700) == 700
    monkeypatch.setattr(type(game), "fixed_teams", True)
    monkeypatch.setattr(type(game), "target_param", None)
    with pytest.raises(InputError, match="fixed seats"):
        read_change(game, timeline, join=["Dan"])
    with pytest.raises(InputError, match="has no target score"):
        check_target(game, timeline.current.params, 700)


def test_the_menus_in_french(french) -> None:
    from cardscore.prompts import loop, table

    session = create("rami", ["Ann", "Bob", "Cyd"], [])
    titles = [c.title for c in table.choices(session)]
    goal = session.game_rules.goal(session.table())
    assert titles == [
        "Renommer un joueur (une faute de frappe)",
        "Remplacer un joueur (quelqu'un prend sa place)",
        "Un joueur arrive",
        "Un joueur part",
        f"Changer l'objectif (actuellement {goal})",
        "Retour",
    ]
    assert table.menu_label(session) == "Table (qui joue, l'objectif)"
    assert table.menu_label(create("tarot", NAMES, [])) == "Table (qui joue)"
    finished = create("rami", ["Ann", "Bob", "Cyd"], RAMI)
    standings = finished.standings()
    assert standings.finished
    head = [c.title for c in loop.head("", standings, finished)]
    assert head == ["Continuer jusqu'à un nouvel objectif", "Nouvelle partie, même table"]


# ---- names checked as they are typed -------------------------------------------------------


def test_a_name_is_refused_as_it_is_typed_with_the_reason() -> None:
    from cardscore.prompts import table

    session = create("tarot", TYPO, TYPO_ROUNDS[:1])
    rename = table.name_check(session, "rename", lambda name: f"Dna={name}", old="Dna")
    assert rename("  ") == "a name cannot be empty"
    assert rename("Dna") == "that is Dna's name already"
    assert rename("ann") == "ann is too close to Ann, who plays here too"
    assert rename("Dan") is None
    assert rename("dna") is None  # its case corrected
    join = table.name_check(session, "join", lambda name: name)
    assert join("cyd") == "Cyd is already at the table"
    assert join("Zoé=5") == "a name cannot contain '='"
    assert join("Zoé") is None
    replace = table.name_check(session, "replace", lambda name: f"Bob={name}")
    assert replace("EVE") == "Eve is already at the table"


def test_a_name_the_game_cannot_read_back_is_refused() -> None:
    from cardscore.prompts import table

    session = create("rami", ["Ann", "Bob", "Cyd"], [])
    join = table.name_check(session, "join", lambda name: name)
    rename = table.name_check(session, "rename", lambda name: f"Ann={name}", old="Ann")
    assert join("Zoé") is None
    refusal = rename("A=B")  # rami reads NAME=HAND: a name cannot hold "="
    assert refusal is not None and not refusal.startswith("--")
    assert "'='" in refusal


def test_refusals_in_french(french) -> None:
    from cardscore.prompts import table

    session = create("tarot", TYPO, [])
    rename = table.name_check(session, "rename", lambda name: f"Dna={name}", old="Dna")
    assert rename("") == "un nom ne peut pas être vide"
    assert rename("Dna") == "c'est déjà le nom de Dna"
    assert rename("ann") == "ann ressemble trop à Ann, qui joue aussi ici"
    join = table.name_check(session, "join", lambda name: name)
    assert join("cyd") == "Cyd est déjà à la table"


# ---- each entry of the Table menu ----------------------------------------------------------


def test_rename_a_typo_a_colliding_name_refused_then_a_good_one(capsys) -> None:
    from cardscore.prompts import table

    session_id = new_session(names=TYPO, rounds=TYPO_ROUNDS)
    expected = changed(session_id, rename=["Dna=Dan"])
    keys = "".join([
        RENAME + ENTER,
        DOWN * 3 + ENTER,             # Whose name? Dna
        BACKSPACE * 3 + "ann" + ENTER,  # refused: too close to Ann (Enter does nothing)
        BACKSPACE * 3 + "Dan" + ENTER,
        "y",                          # Make this change?
    ])  # fmt: skip
    done = drive(keys, table.change_table, session_id)
    assert done["rename"] == {"Dna": "Dan"}
    after = saved(session_id)
    same_table(after, expected)
    assert after.players == ["Ann", "Bob", "Cyd", "Dan", "Eve"]
    assert after.rounds[0]["called"] == "Dan"  # the past too
    out = flat(capsys.readouterr().out)
    assert "Dna renamed Dan, in every round (the past ones too)." in out
    assert "Table changed: Dna renamed Dan (“corriger” takes it back)." in out


def test_replace_a_player(capsys) -> None:
    from cardscore.prompts import table

    session_id = new_session()
    expected = changed(session_id, replace=["Dan=Zoé"])
    keys = REPLACE + ENTER + DOWN * 3 + ENTER + "Zoé" + ENTER + "y"
    drive(keys, table.change_table, session_id)
    after = saved(session_id)
    same_table(after, expected)
    standings = expected.standings()
    out = flat(capsys.readouterr().out)
    assert "From round 3: Zoé replaces Dan." in out
    assert f"round 3: {standings.next_dealer} deals" in out  # as `cardscore table` says
    assert f"Next dealer: {standings.next_dealer}" in out  # the totals, as after a round


def test_a_player_joins_with_starting_points_after_refused_answers(capsys) -> None:
    from cardscore.prompts import table

    session_id = new_session()
    expected = changed(session_id, join=["Zoé=50"])
    keys = "".join([
        JOIN + ENTER,
        "cyd" + ENTER,                # refused: Cyd is at the table
        BACKSPACE * 3 + "Zoé" + ENTER,
        BACKSPACE + "x" + ENTER,      # Zoé's starting points? (0 offered) x: refused
        BACKSPACE + "50" + ENTER,
        "y",
    ])  # fmt: skip
    drive(keys, table.change_table, session_id)
    after = saved(session_id)
    same_table(after, expected)
    assert after.standings().totals["Zoé"] == 50
    standings = expected.standings()
    assert standings.next_mort  # six players: a mort
    out = flat(capsys.readouterr().out)
    assert "From round 3: Zoé joins with 50." in out
    assert standings.next_mort == standings.next_dealer
    assert f"round 3: {standings.next_dealer} deals and is mort" in out
    assert standings.next_mort == standings.next_dealer  # the dealer sits out: "(mort)"
    assert f"Next dealer: {standings.next_dealer} (mort)" in out


def test_a_joiner_starts_from_0_by_default() -> None:
    from cardscore.prompts import table

    session_id = new_session()
    expected = changed(session_id, join=["Zoé"])
    drive(JOIN + ENTER + "Zoé" + ENTER + ENTER + "y", table.change_table, session_id)
    same_table(saved(session_id), expected)
    assert saved(session_id).tables[-1]["join"] == {"Zoé": 0}


def test_a_player_who_left_comes_back_with_his_total(capsys) -> None:
    from cardscore.prompts import table

    session_id = new_session()
    with store.changing(session_id) as current:
        current.change_table(leave=["Eve"])
    expected = changed(session_id, join=["Eve"])
    total = expected.standings().totals["Eve"]
    # No points asked: "y" right after the name confirms the change.
    drive(JOIN + ENTER + "eve" + ENTER + "y", table.change_table, session_id)
    same_table(saved(session_id), expected)
    out = flat(capsys.readouterr().out)
    assert f"Eve played earlier and comes back with their total, {total}." in out


def test_a_player_leaves_rami_and_the_automatic_target_follows(capsys) -> None:
    from cardscore.prompts import table

    first = {"winner": "Ann", "hand": ["Bob=150", "Cyd=A JK 5", "Dan=12"]}
    session_id = new_session("rami", ["Ann", "Bob", "Cyd", "Dan"], [first])
    before = saved(session_id)
    expected = changed(session_id, leave=["Dan"])
    game = before.game_rules
    old, new = game.goal(before.table()), game.goal(expected.table())
    assert new < old
    drive(LEAVE + ENTER + DOWN * 3 + ENTER + "y", table.change_table, session_id)
    same_table(saved(session_id), expected)
    out = flat(capsys.readouterr().out)
    assert "From round 2: Dan leaves." in out
    assert f"target now {new} (100 per opponent)" in out
    assert f"round 2: {expected.standings().next_dealer} deals" in out


def test_a_player_joins_rami_with_a_target_set_by_hand(capsys) -> None:
    from cardscore.prompts import table

    session_id = new_session("rami", ["Ann", "Bob", "Cyd"], RAMI[:1], target=500)
    expected = changed(session_id, join=["Zoé"])
    drive(JOIN + ENTER + "Zoé" + ENTER + ENTER + "y", table.change_table, session_id)
    same_table(saved(session_id), expected)
    assert "the target stays 500 (set by hand)" in flat(capsys.readouterr().out)


@pytest.mark.parametrize("raise_it", [True, False], ids=["higher", "lower"])
def test_change_the_target_says_whether_the_game_goes_on(capsys, raise_it: bool) -> None:
    from cardscore.prompts import table

    session_id = new_session("rami", ["Ann", "Bob", "Cyd"], RAMI[:1])  # Bob 150 of 200
    target = 500 if raise_it else 100
    expected = changed(session_id, target=target)
    keys = "".join([
        DOWN * 4 + ENTER,             # Change the target
        "abc" + ENTER,                # refused: not a number
        BACKSPACE * 3 + "200" + ENTER,  # refused: the target already
        BACKSPACE * 3 + str(target) + ENTER,
        "y",
    ])  # fmt: skip
    drive(keys, table.change_table, session_id)
    same_table(saved(session_id), expected)
    standings = expected.standings()
    assert standings.finished is not raise_it
    out = flat(capsys.readouterr().out)
    assert f"From round 2: target {target}." in out
    assert "(it was 200)" not in out  # said once, by the change's line
    if raise_it:
        assert f"target now {target}" in out and "is over" not in out
    else:
        assert f"with a target of {target}, the game is over now: {standings.winner} wins" in out


def test_a_target_change_is_said_in_french(capsys, french) -> None:
    from cardscore.prompts import table

    session_id = new_session()
    expected = changed(session_id, join=["Zoé"])
    standings = expected.standings()
    drive(JOIN + ENTER + "Zoé" + ENTER + ENTER + ENTER, table.change_table, session_id)
    same_table(saved(session_id), expected)
    out = flat(capsys.readouterr().out)
    assert "À partir de la donne 3 : Zoé arrive." in out
    assert standings.next_mort == standings.next_dealer
    assert f"donne 3 : {standings.next_dealer} donne et fait le mort" in out
    assert "Table changée : Zoé arrive (« corriger » l'annule)." in out


# ---- going back, saying no, Ctrl-C ---------------------------------------------------------


@pytest.mark.parametrize(
    "keys",
    [
        DOWN * 4 + ENTER,                               # Back
        REPLACE + ENTER + UP + ENTER + DOWN * 4 + ENTER,  # the player list's Back, then Back
        REPLACE + ENTER + DOWN + ENTER + "Zoé" + ENTER + "n",  # Make this change? no
    ],
    ids=["back", "back from the player list", "no"],
)  # fmt: skip
def test_back_or_no_changes_nothing(capsys, sessions, keys: str) -> None:
    from cardscore.prompts import table

    session_id = new_session()
    files = sessions()
    assert drive(keys, table.change_table, session_id) is None
    assert sessions() == files
    if keys.endswith("n"):
        out = capsys.readouterr().out
        assert "From round 3: Zoé replaces Bob." in out
        assert "Nothing was changed." in out


@pytest.mark.parametrize(
    "upto",
    [
        "",                                             # the Table menu
        LEAVE + ENTER,                                  # the player list
        RENAME + ENTER + ENTER + BACKSPACE + "x",       # typing a name
        JOIN + ENTER + "Zoé" + ENTER + BACKSPACE + "5",  # the starting points
        JOIN + ENTER + "Zoé" + ENTER + ENTER,           # Make this change?
    ],
    ids=["menu", "player list", "name", "points", "confirm"],
)  # fmt: skip
def test_ctrl_c_in_the_table_menu_discards_the_change_only(capsys, sessions, upto: str) -> None:
    from cardscore.prompts import loop

    session_id = new_session()
    files = sessions()
    drive(TABLE + upto + CTRL_C + QUIT, loop.play, session_id)
    out = capsys.readouterr().out
    assert "Table change discarded; nothing was changed." in out
    assert "Saved. Resume with" in out  # the loop went on, then quit
    assert sessions() == files


def test_the_loop_changes_the_table_then_records_with_the_new_table(capsys) -> None:
    """After the change, the loop's next round is the new table's: Zoé joins, the dealer
    of round 3 is mort, and the round is recorded without him."""
    from cardscore.prompts import loop

    session_id = new_session()
    expected = changed(session_id, join=["Zoé"])
    standings = expected.standings()
    mort = standings.next_mort
    keys = "".join([
        TABLE,
        JOIN + ENTER + "Zoé" + ENTER + ENTER + "y",
        ENTER,                        # Record round 3
        ENTER,                        # Contract? prise
        ENTER,                        # Who took? the first player offered
        ENTER,                        # Who was called? — none (alone)
        "1" + ENTER, "60" + ENTER,    # 1 bout, the taker's 60
        ENTER,                        # Bonuses? none
        "y",                          # Save this round?
        QUIT,
    ])  # fmt: skip
    drive(keys, loop.play, session_id)
    after = saved(session_id)
    out = capsys.readouterr().out
    assert f"Round 3 (dealer {standings.next_dealer})" in out
    taker = after.rounds[2]["taker"]
    assert taker != mort and taker == next(p for p in expected.table().players if p != mort)
    expected.add(after.game_rules.answers(plain(after.rounds[2]), after.table_at(3)))
    assert after.standings().totals == expected.standings().totals


# ---- when the game is over -----------------------------------------------------------------


def test_the_finished_game_menu_offers_play_on_and_a_new_game_first() -> None:
    from cardscore.prompts import loop

    session = create("rami", ["Ann", "Bob", "Cyd"], RAMI)
    standings = session.standings()
    assert standings.finished
    assert [c.value for c in loop.head("", standings, session)] == [loop.PLAY_ON, loop.NEW_GAME]
    going = create("rami", ["Ann", "Bob", "Cyd"], RAMI[:1])
    assert [c.value for c in loop.head("", going.standings(), going)] == [loop.RECORD]


def test_play_on_to_a_new_target_above_the_highest_total(capsys) -> None:
    from cardscore.prompts import loop

    session_id = new_session("rami", ["Ann", "Bob", "Cyd"], RAMI)
    highest = max(saved(session_id).standings().totals.values())
    expected = changed(session_id, target=highest + 289)
    keys = "".join([
        ENTER,                        # What now? Play on to a new target (the first)
        BACKSPACE * 4 + str(highest) + ENTER,  # refused: the game would still be over
        BACKSPACE * 4 + str(highest + 289) + ENTER,
        QUIT,
    ])  # fmt: skip
    drive(keys, loop.play, session_id)
    after = saved(session_id)
    same_table(after, expected)
    assert not after.standings().finished
    out = flat(capsys.readouterr().out)
    assert f"From round 3: target {highest + 289}." in out
    assert f"the game goes on to {highest + 289}" in out


def test_play_on_offers_the_next_multiple_of_the_target() -> None:
    from cardscore.prompts import loop

    session_id = new_session("rami", ["Ann", "Bob", "Cyd"], RAMI)
    before = saved(session_id)
    goal = before.game_rules.goal(before.table())
    highest = max(before.standings().totals.values())
    offered = goal * (highest // goal + 1)
    drive(ENTER + ENTER + QUIT, loop.play, session_id)  # the target offered, kept
    assert saved(session_id).tables == [{"from": 3, "target": offered}]
    assert offered > highest


def test_new_game_same_table_the_deal_moving_on(capsys) -> None:
    from cardscore.prompts import loop

    session_id = new_session("rami", ["Ann", "Bob", "Cyd"], RAMI, settings=["joker=30"])
    old = saved(session_id)
    dealer = old.standings().next_dealer
    drive(DOWN + ENTER + QUIT, loop.play, session_id)  # New game, same table; then Quit
    ids = [p.stem for p in store.sessions_dir().glob("*.json")]
    assert len(ids) == 2
    new_id = next(i for i in ids if i != session_id)
    new = saved(new_id)
    seat = old.table().players.index(dealer)
    assert new.players == [*old.players[seat:], *old.players[:seat]]
    assert new.standings().next_dealer == dealer
    assert (new.game, new.rules, new.params) == (old.game, old.rules, old.params)
    assert new.params["joker"] == 30
    assert new.rounds == [] and new.tables == []
    assert saved(session_id).rounds == old.rounds  # the finished game stays as it was
    out = flat(capsys.readouterr().out)
    assert f"New rami session {new_id} ({old.rules})." in out
    assert f"Resume with `cardscore play {new_id}`." in out


def test_new_game_same_table_keeps_the_table_as_it_changed_and_team_names() -> None:
    """The players at the table now (a replacement's too), the teams still named after their
    players named after them again, a name set by hand kept."""
    from cardscore.prompts import table

    session_id = new_session(
        "belote", ["South", "West", "North", "East"], BELOTE, settings=["team2=Les Bleus"]
    )
    with store.changing(session_id) as current:
        current.change_table(replace=["North=Zoé"])
    old = saved(session_id)
    new = saved(drive("", table.next_game, session_id))
    dealer = old.standings().next_dealer
    players = list(old.table().players)
    seat = players.index(dealer)
    assert new.players == [*players[seat:], *players[:seat]]
    assert new.standings().next_dealer == dealer
    # South & Zoé, named after them, is named after them again; Les Bleus stays Les Bleus.
    assert set(new.players[0::2]) == {"South", "Zoé"}
    assert new.teams == [f"{new.players[0]} & {new.players[2]}", "Les Bleus"]
    assert (new.rules, new.params) == (old.rules, old.params)


def test_quit_when_the_game_is_over_changes_nothing(capsys, sessions) -> None:
    from cardscore.prompts import loop

    session_id = new_session("rami", ["Ann", "Bob", "Cyd"], RAMI)
    files = sessions()
    drive(MENU_QUIT, loop.play, session_id)
    assert sessions() == files
    out = capsys.readouterr().out
    winner = saved(session_id).standings().winner
    assert f"Game over — {winner} wins!" in out


def test_ctrl_c_while_playing_on_changes_nothing(capsys, sessions) -> None:
    from cardscore.prompts import loop

    session_id = new_session("rami", ["Ann", "Bob", "Cyd"], RAMI)
    files = sessions()
    drive(ENTER + CTRL_C + MENU_QUIT, loop.play, session_id)
    assert "Table change discarded; nothing was changed." in capsys.readouterr().out
    assert sessions() == files
