"""The scoresheet as plain data: the documented, stable ``--json`` shape (docs/commands.md).

``show --json`` and ``print --format json`` print this document; the other exporters read it
too, so every format shows the same numbers.
"""

from __future__ import annotations

import copy
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from cardscore.games import get_game
from cardscore.i18n import tr
from cardscore.seating import ERA_OPERATIONS, sets_the_start, starting_params
from cardscore.seating import summary as change_summary
from cardscore.session import RoundRow, Session, Standings

if TYPE_CHECKING:
    from cardscore.games.base import Game


# The parts of a round that cost most to build (every round scored again, its breakdown's
# messages written): a sheet that does not show them is built without them.
ROUND_EXTRAS = ("breakdown", "terms")


def scoresheet(
    session: Session, standings: Standings, extras: Collection[str] = ROUND_EXTRAS
) -> dict[str, Any]:
    """``{id, game, rules, params, title, columns, rounds, totals, held, finished, winner}``
    plus ``players``, ``teams``, ``created``, ``updated``, ``next_dealer``, ``next_mort``,
    ``unawarded`` (the points held when the game ended, which nobody gets; else 0) and
    ``table_changes`` (see :func:`table_changes`).

    ``columns`` are every column the session ever had (a player who left, one who joined);
    ``totals`` hold every one of them (a player who left keeps his total); ``players`` are
    the players at the table now (the ones the next round is played by).

    Each round holds the :data:`ROUND_EXTRAS` named in ``extras`` only (all of them by
    default, as ``show --json`` prints them): an exporter names the ones it writes."""
    ended = session.ended_after(standings)
    game = get_game(session.game)
    return {
        "id": session.id,
        "game": session.game,
        "rules": session.rules,
        "params": starting_params(session.params, session.tables),  # the game's target
        "title": session.title,
        "players": list(session.table().players),
        "teams": session.teams,
        "created": session.created,
        "updated": session.updated,
        "columns": list(standings.columns),
        "rounds": [round_document(row, ended, extras, game) for row in standings.rows],
        **standing(standings),
        "unawarded": standings.held if standings.finished else 0,
        "table_changes": table_changes(session),
    }


def table_changes(session: Session) -> list[dict[str, Any]]:
    """The table changes in force, in order: ``{from, summary, replace, join, leave,
    target}`` — ``from`` is the first round the new table plays (moved by the rounds
    inserted or removed before it), ``summary`` the change in a line in the current language
    (``Zoé replaces Dan``), then the operations it made (those given only), as the history
    keeps them, with the names spelled as they are now.

    A rename is not listed: it changed no table, only a name, which the whole sheet spells
    the new way (its past rounds too); nor is a target set before the first round: it is
    the game's target (see :func:`cardscore.seating.sets_the_start`)."""
    changes = []
    for era in session.tables:  # the eras: their rounds are kept up to date
        if sets_the_start(era):  # the game's target, said with the rules
            continue
        ops = copy.deepcopy({key: era[key] for key in ERA_OPERATIONS if key in era})
        changes.append({"from": era["from"], "summary": tr(change_summary(ops)), **ops})
    return changes


def standing(standings: Standings) -> dict[str, Any]:
    """Where a game stands, as every ``--json`` output says it: ``{totals, held, finished,
    winner, next_dealer, next_mort}``."""
    return {
        "totals": standings.totals,
        "held": standings.held,
        "finished": standings.finished,
        "winner": standings.winner,
        "next_dealer": standings.next_dealer,
        "next_mort": standings.next_mort,
    }


def round_document(
    row: RoundRow,
    ended: int | None = None,
    extras: Collection[str] = ROUND_EXTRAS,
    game: Game | None = None,
) -> dict[str, Any]:
    """One round of the scoresheet: ``{number, dealer, mort, input, played, scores, totals,
    breakdown, held, terms, edited, after_end}`` — ``played`` says in a few words what was
    played, in the current language (``Bob garde (Dan) 2b 49``, ``Ann out``: the game's
    :meth:`~cardscore.games.base.Game.played`); ``terms`` is what the round was (who
    took, made or not, by how much, every term with its owner: the round's record, see
    :mod:`cardscore.games.record`); ``edited`` when it was last corrected (or ``null``);
    ``after_end`` whether it was recorded after the round ``ended`` that ended the game.

    ``scores`` and ``totals`` hold the columns of the table that played the round only: a
    player not at the table that round (not yet come, or gone) is in neither.

    ``breakdown`` and ``terms`` are there when ``extras`` names them (the round is scored
    again for them); ``game`` is the session's game (looked up when not given)."""
    seated = row.columns
    scores, totals = row.scores, row.totals
    if len(seated) != len(totals):  # the table changed: the others are left out
        scores = {column: score for column, score in scores.items() if column in seated}
        totals = {column: total for column, total in totals.items() if column in seated}
    table, played = row.table, row.input
    if game is None or game.name != table.game:
        game = get_game(table.game)
    document = {
        "number": row.number,
        "dealer": row.dealer,
        "mort": row.mort,
        "input": played,
        # the record the replay kept: what was played may say a litige or a fall
        "played": tr(game.played(played, table, row.scored_record)),
        "scores": scores,
        "totals": totals,
    }
    if "breakdown" in extras:
        document["breakdown"] = list(row.breakdown)
    document["held"] = row.held
    if "terms" in extras:
        record = row.record
        document["terms"] = None if record is None else record.as_json()
    document["edited"] = row.edited
    document["after_end"] = ended is not None and row.number > ended
    return document


def summary(session: Session, standings: Standings | None = None) -> dict[str, Any]:
    """One line of ``cardscore list --json``."""
    row: dict[str, Any] = {
        "id": session.id,
        "game": session.game,
        "rules": session.rules,
        "title": session.title,
        # the players at the table now (a table change is checked when its file is read)
        "players": list(session.table().players) if session.tables else session.players,
        "rounds": len(session.rounds),
        "updated": session.updated,
    }
    if standings is not None:
        row["finished"] = standings.finished
        row["winner"] = standings.winner
    return row
