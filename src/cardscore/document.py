"""The scoresheet as plain data: the documented, stable ``--json`` shape (README, "show --json").

``show --json`` and ``print --format json`` print this document; the other exporters read it
too, so every format shows the same numbers.
"""

from __future__ import annotations

from typing import Any

from cardscore.session import RoundRow, Session, Standings


def scoresheet(session: Session, standings: Standings) -> dict[str, Any]:
    """``{id, game, rules, params, title, columns, rounds, totals, held, finished, winner}``
    plus ``players``, ``teams``, ``created``, ``updated``, ``next_dealer``, ``next_mort`` and
    ``unawarded`` (the points held when the game ended, which nobody gets; else 0)."""
    ended = session.ended_after(standings)
    return {
        "id": session.id,
        "game": session.game,
        "rules": session.rules,
        "params": session.params,
        "title": session.title,
        "players": session.players,
        "teams": session.teams,
        "created": session.created,
        "updated": session.updated,
        "columns": list(standings.columns),
        "rounds": [round_document(row, ended) for row in standings.rows],
        "totals": standings.totals,
        "held": standings.held,
        "finished": standings.finished,
        "winner": standings.winner,
        "next_dealer": standings.next_dealer,
        "next_mort": standings.next_mort,
        "unawarded": standings.held if standings.finished else 0,
    }


def round_document(row: RoundRow, ended: int | None = None) -> dict[str, Any]:
    """One round of the scoresheet: ``{number, dealer, mort, input, scores, totals,
    breakdown, held, terms, edited, after_end}`` — ``terms`` is what the round was (who
    took, made or not, by how much, every term with its owner: the round's record, see
    :mod:`cardscore.games.record`); ``edited`` when it was last corrected (or ``null``);
    ``after_end`` whether it was recorded after the round ``ended`` that ended the game."""
    record = row.record
    return {
        "number": row.number,
        "dealer": row.dealer,
        "mort": row.mort,
        "input": row.input,
        "scores": row.scores,
        "totals": row.totals,
        "breakdown": list(row.breakdown),
        "held": row.held,
        "terms": None if record is None else record.as_json(),
        "edited": row.edited,
        "after_end": ended is not None and row.number > ended,
    }


def summary(session: Session, standings: Standings | None = None) -> dict[str, Any]:
    """One line of ``cardscore list --json``."""
    row: dict[str, Any] = {
        "id": session.id,
        "game": session.game,
        "rules": session.rules,
        "title": session.title,
        "players": session.players,
        "rounds": len(session.rounds),
        "updated": session.updated,
    }
    if standings is not None:
        row["finished"] = standings.finished
        row["winner"] = standings.winner
    return row
