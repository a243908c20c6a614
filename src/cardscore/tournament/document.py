"""A tournament as ``tournament show --json`` says it (and the results sheet reads it).

Keys: ``id``, ``game``, ``rules``, ``title``, ``seed``, ``deals``, ``current_round``,
``finished``, ``rounds`` (each ``number``, ``bye`` and ``tables``: ``number``,
``players``, ``teams``, ``dealer``, ``session``, ``deals``, ``played``, ``finished``,
``totals``, ``zero_sum``) and ``ranking`` (each ``rank``, ``name``, ``total``, ``rounds``,
``tables_won``, ``places``; ``points`` when ranked by places).
"""

from __future__ import annotations

from typing import Any

from cardscore.tournament.organise import Standing


def document(standing: Standing) -> dict[str, Any]:
    """The tournament's JSON document."""
    t = standing.tournament
    rounds = []
    for draw, states in zip(t.draws, standing.rounds, strict=True):
        tables = []
        for table, state in zip(draw.tables, states, strict=True):
            tables.append(
                {
                    "number": table.number,
                    "players": list(table.players),
                    "teams": list(state.sides) if t.teams else [],
                    "dealer": table.dealer,
                    "session": state.session,
                    "deals": state.deals,
                    "played": state.played,
                    "finished": state.finished,
                    "totals": dict(state.totals),
                    "zero_sum": state.zero_sum,
                    **({"problem": state.problem} if state.problem else {}),
                }
            )
        rounds.append({"number": draw.number, "bye": list(draw.bye), "tables": tables})
    ranking = []
    later = [None] * (t.rounds - t.current_round)  # the rounds not drawn yet
    for row in standing.ranking:
        line: dict[str, Any] = {
            "rank": row.rank,
            "name": row.name,
            "total": row.total,
            "rounds": [*row.rounds, *later],
            "tables_won": row.tables_won,
            "places": [*row.places, *later],
        }
        if row.points is not None:
            line["points"] = row.points
        ranking.append(line)
    return {
        "id": t.id,
        "game": t.game,
        "rules": t.rules,
        "title": t.title,
        "seed": t.seed,
        "deals": t.deals,
        "rounds_planned": t.rounds,
        "current_round": t.current_round,
        "finished": standing.finished,
        "rounds": rounds,
        "ranking": ranking,
    }
