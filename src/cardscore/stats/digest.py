"""What the statistics need of one session, as a small plain-JSON dict (its *digest*).

A digest holds no round: only who played, the session's outcome and, per player, counters
that add up across sessions (:func:`cardscore.stats.aggregate.aggregate` adds them).  It is
plain JSON (``json.loads(json.dumps(d)) == d``), so that the catalog can keep one per session
in an index file (in the cache folder) and skip the replay while the file is unchanged.

The counters are read off each round's record (:mod:`cardscore.games.record`), the data the
breakdown and ``show --json`` are written from, so what is counted cannot differ from what was
scored.  A player's rounds are those where he is at the table (``row.columns``; at belote and
coinche his team's column) and is not the mort.

What each game counts is its own (its statistics module's ``count_round``, see
:mod:`cardscore.games.game_stats`: ``games/tarot/stats.py``,
``games/belote/stats.py``, ``games/rami/stats.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardscore.games.game_stats import stats_of
from cardscore.games.tally import Counters, Tally

if TYPE_CHECKING:
    from cardscore.session import Session, Standings

#: the digest's format: a cached digest of another version is worked out again
VERSION = 2

Players = dict[str, Counters]


def digest(session: Session, standings: Standings | None = None) -> dict[str, Any]:
    """Everything the statistics need from ``session``, as plain JSON (see the module);
    ``standings``: the session's replay, when the caller has made it already.

    ``players`` are the players who played at least one round, in the order they first
    played; ``winners`` those credited with the session's win: the winner's team at belote
    and coinche, the winner at rami, and at tarot — which has no set end — every player
    with the best total when the session was last played.  A session that decides no winner
    (``decided`` false: a game left before its end, a tarot of fewer rounds than players,
    see :meth:`~cardscore.games.base.Game.undecided`) credits nobody; ``seats`` is the
    number of players it started with.  ``winner`` is the game's own
    winner (a team at belote and coinche), at tarot the leader when he leads alone.

    A round that cannot be scored raises the session's :class:`SessionDataError`, as the
    replay does.

    >>> from cardscore.session import Session
    >>> s = Session.create("tarot", ["Ann", "Bob", "Cyd"], session_id="t1")
    >>> _ = s.add({"taker": "Ann", "contract": "garde", "bouts": "2", "points": "50"})
    >>> d = digest(s)
    >>> d["players"], d["winners"], d["per_player"]["Ann"]["points"], d["decided"]
    (['Ann', 'Bob', 'Cyd'], [], 136, False)
    >>> _ = [s.add({"contract": "passe"}) for _ in range(2)]  # Bob and Cyd deal: a full turn
    >>> digest(s)["winners"]
    ['Ann']
    """
    game = session.game_rules
    if standings is None:
        standings = session.standings()
    tally = Tally(lower_wins=game.lower_wins)
    count_round = stats_of(game).count_round
    for row in standings.rows:
        count_round(row, row.scored_record, tally)  # (no breakdown written: cheap)
    players = tally.players
    totals = {column: int(total) for column, total in standings.totals.items()}
    seats = len(session.players)
    decided = game.undecided(bool(standings.finished), len(standings.rows), seats) is None
    winners = _winners(session, standings, players) if decided else set()
    winner = standings.winner
    if not game.has_set_end:  # the leader, when he leads alone
        winner = next(iter(winners)) if len(winners) == 1 else None
    for name, counters in players.items():
        counters["won"] = name in winners
    return {
        "version": VERSION,
        "id": session.id,
        "game": session.game,
        "rules": session.rules,
        "created": session.created,
        "updated": session.updated,
        "players": list(players),
        "rounds": len(standings.rows),
        "seats": seats,
        "finished": bool(standings.finished),
        "decided": decided,
        "winner": winner,
        "winners": [name for name in players if name in winners],
        "totals": totals,
        "per_player": players,
    }


# --------------------------------------------------------------------------------------------
# Who won


def _leaders(totals: Mapping[str, int], players: Players) -> list[str]:
    """The players with the best total (tarot: the higher), all of them when tied."""
    played = [p for p in totals if p in players]
    if not played:
        return []
    best = max(totals[p] for p in played)
    return [p for p in played if totals[p] == best]


def _winners(session: Session, standings: Standings, players: Players) -> set[str]:
    """The players credited with the session's win (see :func:`digest`)."""
    if not session.game_rules.has_set_end:
        return set(_leaders(standings.totals, players))
    winner = standings.winner
    if winner is None:
        return set()
    if not session.teams:
        return {winner}
    # teams: every player who played on the winning team's seats
    columns = tuple(session.game_rules.columns(session.table()))
    team = columns.index(winner) if winner in columns else None
    return {name for name, counters in players.items() if team in counters["teams"]}
