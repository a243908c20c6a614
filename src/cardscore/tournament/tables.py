"""Each table of a tournament as its session says it: found in the usual home or any
``--home`` given (a keeper may play his table on his own laptop, in the club's synced
folder), read as any session is (untrusted input), scored by the session's own replay.

A table whose session is not found yet has played nothing; one whose file cannot be read
counts as unplayed and says why (the ranking never stops for one damaged file).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from cardscore import store
from cardscore.i18n import msg, reason_of, tr
from cardscore.session import Session
from cardscore.tournament.ranking import TableState
from cardscore.tournament.record import TableDraw, Tournament, table_session_id, team_name


def table_deals(tournament: Tournament, table: TableDraw) -> int | None:
    """The deals table ``table`` plays: the tournament's, else at tarot one dealt by each
    player at the table, else none (the game's own end).

    >>> t = Tournament(id="t", game="tarot", rules="fft", players=("A", "B", "C", "D", "E"))
    >>> table_deals(t, TableDraw(1, ("A", "B", "C", "D", "E"), "A"))
    5
    """
    if tournament.deals is not None:
        return tournament.deals
    from cardscore.games import get_game

    game = get_game(tournament.game)
    return None if game.has_set_end else len(table.players)


def table_sides(tournament: Tournament, table: TableDraw) -> tuple[str, ...]:
    """Who is ranked at a table: its players, or its two teams (seats 1 & 3, 2 & 4)."""
    players = table.players
    if tournament.teams:
        return (team_name((players[0], players[2])), team_name((players[1], players[3])))
    return players


def find_session(session_id: str, homes: Sequence[Path]) -> Path | None:
    """The session's file in the first home holding it (the usual one first)."""
    for home in [store.data_dir(), *homes]:
        path = home / "sessions" / f"{session_id}.json"
        if path.is_file() and not path.is_symlink():
            return path
    return None


def table_state(
    tournament: Tournament, round_number: int, table: TableDraw, homes: Sequence[Path] = ()
) -> TableState:
    """Where table ``table`` of round ``round_number`` stands."""
    session_id = table_session_id(tournament.id, round_number, table.number)
    deals = table_deals(tournament, table)
    sides = table_sides(tournament, table)
    empty = TableState(
        round_number, table.number, sides, deals, 0, False, {}, None, session_id, table.players
    )
    path = find_session(session_id, homes)
    if path is None:
        return empty
    try:
        session = store.read(path)
        _check_is_table(session, tournament, round_number, table)
        standings = session.standings()
    except (store.StoreError, ValueError) as exc:
        return _with_problem(empty, tr(reason_of(exc)))
    played = len(standings.rows) if deals is None else min(deals, len(standings.rows))
    totals = dict(standings.rows[played - 1].totals) if played else {}
    names = _columns_of(session, sides, standings.columns)
    missing = [side for side in sides if names[side] not in standings.columns]
    totals = {side: totals.get(names[side], 0) for side in sides} | {
        column: total for column, total in totals.items() if column not in names.values()
    }
    state = TableState(
        round_number,
        table.number,
        sides,
        deals,
        played,
        standings.finished,
        totals,
        _zero_sum(tournament, session, totals, played),
        session_id,
        table.players,
        _side_of(names, standings.winner) if standings.finished else None,
    )
    if missing:  # (its score is not counted: said, never silently)
        problem = msg(
            "{names}: not among the table's players (removed from its session?)",
            names=", ".join(missing),
        )
        return _with_problem(state, tr(problem))
    return state


def _columns_of(session: Session, sides: Sequence[str], columns: Sequence[str]) -> dict[str, str]:
    """Each side's column in the table's session: its own name, or the name a rename at the
    table gave it (a typo corrected there: ``table --rename``), followed through the
    session's history."""
    from cardscore.changes import effect

    renamed: dict[str, str] = {}
    for entry in session.history:
        renamed.update(effect(entry).get("rename") or {})
    found = {}
    for side in sides:
        name, steps = side, 0
        while name not in columns and name in renamed and steps < len(renamed):
            name, steps = renamed[name], steps + 1
        found[side] = name
    return found


def _side_of(names: dict[str, str], column: str | None) -> str | None:
    """The side whose column is ``column`` (a renamed player: his tournament name)."""
    for side, name in names.items():
        if name == column:
            return side
    return column


def _with_problem(state: TableState, problem: str) -> TableState:
    from dataclasses import replace

    return replace(state, problem=problem)


def _check_is_table(
    session: Session, tournament: Tournament, round_number: int, table: TableDraw
) -> None:
    """Refuse a session that is not this table's: another tournament's, round's or table's,
    or another game."""
    seat = session.tournament
    if (
        seat is None
        or seat.tournament != tournament.id
        or (seat.round, seat.table) != (round_number, table.number)
        or session.game != tournament.game
    ):
        raise ValueError(msg("session {id} is not this table's", id=session.id))


def _zero_sum(
    tournament: Tournament, session: Session, totals: dict[str, int], played: int
) -> bool | None:
    """Whether the table's totals add up to 0, at a rule set where they must; else ``None``."""
    game = session.game_rules
    if session.rules not in game.zero_sum_rules:
        return None
    return sum(totals.values()) == 0 if played else True


def gather(tournament: Tournament, homes: Sequence[Path] = ()) -> list[list[TableState]]:
    """Every round's tables, as their sessions stand."""
    return [
        [table_state(tournament, draw.number, table, homes) for table in draw.tables]
        for draw in tournament.draws
    ]
