"""What the statistics need of one session, as a small plain-JSON dict (its *digest*).

A digest holds no round: only who played, the session's outcome and, per player, counters
that add up across sessions (:func:`cardscore.stats.aggregate.aggregate` adds them).  It is
plain JSON (``json.loads(json.dumps(d)) == d``), so that the catalog can keep one per session
in an index file beside the sessions and skip the replay while the file is unchanged.

The counters are read off each round's record (:mod:`cardscore.games.record`), the data the
breakdown and ``show --json`` are written from, so what is counted cannot differ from what was
scored.  A player's rounds are those where he is at the table (``row.columns``; at belote and
coinche his team's column) and is not the mort.

What is counted where the rules leave room (each also said where it is counted):

* tarot: a *take* is a bid (prise to garde contre), not a renonce nor a passe; the *gap* is
  the record's margin (points counted − points needed: negative when the contract fell); the
  petit au bout is *won* when his side (attack: taker and called partner; else the defence)
  took it, *lost* when the other side did; ``chelems`` are the chelems his side made (took
  every trick: announced or not, or as the defence), ``chelem_detail`` says which;
* belote and coinche count through the player's team: the team took (``takes``), made,
  fell (``dedans``) or tied (``litiges``: belote only) — so ``takes = made + dedans +
  litiges``; ``capots`` are those his team made, taking or defending; the levels and the
  générales are those of his team's contracts;
* rami: a round is *won* by whoever scored 0 as its winner (went out, or held the least hand
  of a blocked round); *never opened* counts the never-opened penalty (after a rami sec the
  opponents pay the rami sec instead, and it is not counted); the *hand left* is the value of
  the hand of each round he did not win, when it was given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardscore.session import RoundRow, Session, Standings

#: the digest's format: a cached digest of another version is worked out again
VERSION = 1
#: the tarot contracts a player takes (a renonce or a passe is nobody's take)
BIDS = ("prise", "garde", "garde-sans", "garde-contre")
#: the tarot chelems, as the records name them
CHELEMS = ("announced", "unannounced", "failed", "defense")
#: the coinche levels, by their multiplier
LEVELS = {2: "coinche", 4: "surcoinche"}

#: a player's counters: always rounds, points, best, worst, won and total; the game's own
#: only once they are not zero
Counters = dict[str, Any]
Players = dict[str, Counters]


def digest(session: Session) -> dict[str, Any]:
    """Everything the statistics need from ``session``, as plain JSON (see the module).

    ``players`` are the players who played at least one round, in the order they first
    played; ``winners`` those credited with the session's win: the winner's team at belote
    and coinche, the winner at rami, and at tarot — which has no set end — every player
    with the best total when the session was last played.  ``winner`` is the game's own
    winner (a team at belote and coinche), at tarot the leader when he leads alone.

    A round that cannot be scored raises the session's :class:`SessionDataError`, as the
    replay does.

    >>> from cardscore.session import Session
    >>> s = Session.create("tarot", ["Ann", "Bob", "Cyd"], session_id="t1")
    >>> _ = s.add({"taker": "Ann", "contract": "garde", "bouts": "2", "points": "50"})
    >>> d = digest(s)
    >>> d["players"], d["winners"], d["per_player"]["Ann"]["points"]
    (['Ann', 'Bob', 'Cyd'], ['Ann'], 136)
    """
    game = session.game_rules
    standings = session.standings()
    players: Players = {}
    count_round = _COUNT[session.game]
    score = game.score
    lower_wins = game.lower_wins
    for row in standings.rows:
        # The record without its breakdown (row.record writes the breakdown too, ten times
        # the cost), scored as the replay scored it (with what the round before handed it).
        record = score(row.input, row.table, row.number, row.carry, explain=False).record
        count_round(row, record, players, lower_wins)
    totals = {column: int(total) for column, total in standings.totals.items()}
    winners = _winners(session, standings, players)
    winner = standings.winner
    if session.game == "tarot":  # no set end: the leader, when he leads alone
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
        "finished": bool(standings.finished),
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
    if session.game == "tarot":
        return set(_leaders(standings.totals, players))
    winner = standings.winner
    if winner is None:
        return set()
    if session.game == "rami":
        return {winner}
    # belote and coinche: every player who played on the winning team's seats
    columns = tuple(session.game_rules.columns(session.table()))
    team = columns.index(winner) if winner in columns else None
    return {name for name, counters in players.items() if team in counters["teams"]}


# --------------------------------------------------------------------------------------------
# Counting a round


def _player(players: Players, name: str) -> Counters:
    """The counters of ``name``, made on his first round (the game's own are added as they
    become non-zero: see :func:`_bump`)."""
    counters = players.get(name)
    if counters is None:
        counters = players[name] = {
            "rounds": 0,
            "points": 0,
            "best": None,
            "worst": None,
            "won": False,
            "total": 0,
        }
    return counters


def _bump(counters: Counters, *path: str, by: float = 1) -> None:
    """Add ``by`` to the counter at ``path`` (``"contracts", "garde", "takes"``), made when
    first needed: a counter still at zero is not in the digest (the index stays small)."""
    if not by:
        return
    *inside, last = path
    for key in inside:
        counters = counters.setdefault(key, {})
    counters[last] = counters.get(last, 0) + by


def _played(counters: Counters, score: int, lower_wins: bool) -> None:
    """One round played, scoring ``score`` (best and worst in the game's direction: at
    rami the fewest points are the best)."""
    counters["rounds"] += 1
    counters["points"] += score
    best, worst = counters["best"], counters["worst"]
    if lower_wins:
        score_best, score_worst = best is None or score < best, worst is None or score > worst
    else:
        score_best, score_worst = best is None or score > best, worst is None or score < worst
    if score_best:
        counters["best"] = score
    if score_worst:
        counters["worst"] = score


# ---- tarot ---------------------------------------------------------------------------------


def _count_tarot(row: RoundRow, record: Any, players: Players, lower_wins: bool) -> None:
    """A tarot round: the base figures of each player but the mort, then the taker's."""
    mort, scores, totals = row.mort, row.scores, row.totals
    active = [p for p in row.columns if p != mort]
    for name in active:
        counters = _player(players, name)
        _played(counters, int(scores.get(name, 0)), lower_wins)
        counters["total"] = int(totals.get(name, 0))
    contract = str(record.contract)
    if contract not in BIDS:  # a passe or a renonce: nobody took
        return
    taker, called, made = record.taker, record.called, int(bool(record.made))
    mine = players[taker]
    _bump(mine, "takes")
    _bump(mine, "made", by=made)
    _bump(mine, "contracts", contract, "takes")
    _bump(mine, "contracts", contract, "made", by=made)
    _bump(mine, "contracts", contract, "gap_sum", by=_number(record.margin))
    attack = (taker,) if called is None else (taker, called)
    if called is not None:
        partner = players[called]
        _bump(partner, "called", "count")
        _bump(partner, "called", "made", by=made)
        # a round on the attack together, and whether it was won
        _bump(mine, "partners", called, "rounds")
        _bump(mine, "partners", called, "won", by=made)
        _bump(partner, "partners", taker, "rounds")
        _bump(partner, "partners", taker, "won", by=made)
    _count_tarot_terms(record, active, attack, players)


def _count_tarot_terms(
    record: Any, active: list[str], attack: tuple[str, ...], players: Players
) -> None:
    """The petit au bout (for both sides), the poignées and misères (their owners), the
    chelem (for the side that took every trick, or the attack that failed its own)."""
    for term in record.terms:
        kind = term.kind
        if kind == "petit_au_bout":
            by_attack = term.owner in attack
            for name in active:
                key = "won" if (name in attack) == by_attack else "lost"
                _bump(players[name], "petit_au_bout", key)
        elif kind == "poignee" and term.owner in players:
            _bump(players[term.owner], "poignees")
        elif kind == "misere" and term.owner in players:
            _bump(players[term.owner], "miseres")
    chelem = record.chelem
    if chelem is None:
        return
    chelem = str(chelem)
    defence = chelem == "defense"
    for name in active:
        if (name in attack) != defence:
            _bump(players[name], "chelem_detail", chelem)
            if chelem != "failed":
                _bump(players[name], "chelems")


def _number(value: Any) -> int | float:
    """A margin as plain JSON: an int when whole (35.0 → 35), else the float."""
    value = float(value or 0)
    return int(value) if value.is_integer() else value


# ---- belote and coinche ----------------------------------------------------------------------


def _count_cards(row: RoundRow, record: Any, players: Players, lower_wins: bool) -> None:
    """A belote or coinche round: every player through his team (seats 1 & 3 are team 0);
    ``teams`` keeps the teams he played in (who shares a win)."""
    columns, scores, totals = row.columns, row.scores, row.totals
    taker_team, made = record.taker_team, int(bool(record.made))
    verdict = str(record.verdict)
    level = LEVELS.get(int(getattr(record, "level", 1)))
    generale = str(getattr(record, "contract", "")) == "generale"
    outcome = "made" if made else "fallen"
    for seat, name in enumerate(row.table.players):
        team = seat % 2
        counters = _player(players, name)
        _played(counters, int(scores.get(columns[team], 0)), lower_wins)
        counters["total"] = int(totals.get(columns[team], 0))
        teams = counters.setdefault("teams", [])
        if team not in teams:
            teams.append(team)
        if record.tallies[team].capot:
            _bump(counters, "capots")
        if team != taker_team:
            continue
        _bump(counters, "takes")
        _bump(counters, "made", by=made)
        _bump(counters, "dedans", by=verdict == "dedans")
        _bump(counters, "litiges", by=verdict == "litige")
        if level is not None:
            _bump(counters, "levels", level, outcome)
        if generale:
            _bump(counters, "generales", outcome)


# ---- rami ------------------------------------------------------------------------------------


def _count_rami(row: RoundRow, record: Any, players: Players, lower_wins: bool) -> None:
    """A rami round: who scored 0 as its winner, the rami sec, the never-opened penalties,
    the hands left by the others."""
    scores, totals = row.scores, row.totals
    for name in row.columns:
        counters = _player(players, name)
        _played(counters, int(scores.get(name, 0)), lower_wins)
        counters["total"] = int(totals.get(name, 0))
    winners = record.winners
    for name in winners:
        if name in players:
            _bump(players[name], "rounds_won")
    if record.rami_sec and record.winner in players:
        _bump(players[record.winner], "rami_sec")
    for name, charge in record.charges.items():
        if charge.kind == "not_opened" and name in players:
            _bump(players[name], "never_opened")
    for name, hand in record.hands.items():
        if name not in winners and name in players:
            _bump(players[name], "hand_sum", by=int(hand["value"]))
            _bump(players[name], "hand_count")


_COUNT: Mapping[str, Callable[[RoundRow, Any, Players, bool], None]] = {
    "tarot": _count_tarot,
    "belote": _count_cards,
    "coinche": _count_cards,
    "rami": _count_rami,
}
