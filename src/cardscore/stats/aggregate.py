"""The statistics document: the digests of many sessions added up, player by player.

:func:`aggregate` takes the digests (:func:`cardscore.stats.digest.digest`), keeps those the
filters select, merges the players across sessions by their folded names (``Zoé`` and
``zoe`` are one player, shown as last spelled) and returns the document that ``stats
--json`` prints and the terminal tables and the page are drawn from: plain JSON, every
average ``None`` when there is nothing to average.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardscore.games import GAME_NAMES, get_game
from cardscore.games.base import fold
from cardscore.games.game_stats import stats_of
from cardscore.games.tally import ratio
from cardscore.i18n import msg
from cardscore.stats import league
from cardscore.stats.when import moment, session_day

#: the counters of a digest that are not added up: the session's (a list, such as the teams
#: a belote player sat in, is not added either)
_NOT_ADDED = frozenset({"best", "worst", "won", "total"})

Doc = dict[str, Any]
Digest = Mapping[str, Any]


def aggregate(
    digests: Iterable[Digest],
    *,
    game: str | None = None,
    rules: str | None = None,
    players: Sequence[str] = (),
    since: _dt.date | None = None,
    until: _dt.date | None = None,
) -> Doc:
    """The statistics of the sessions ``digests`` describe, as the stats document.

    Filters: ``game``, ``rules`` (the rule set's name), ``players`` (a session counts when
    one of them played in it; names compared case- and accent-blind), ``since`` and
    ``until`` (dates, both included; a session counts by the day it was last played: its
    ``updated``).  Every player of the sessions kept is in the document, not only those
    named (a player's figures are then those of the sessions with them).

    The document: ``sessions`` and ``rounds`` (every round, passes too), ``games`` (each
    game's sessions and rounds), ``notes`` (sentences the figures need, e.g. how a tarot
    session is won: messages, to say with :func:`cardscore.i18n.tr`), ``players`` sorted by
    sessions played then points (most first, then by name), each with his figures across
    games and per game (see :func:`_game_figures`), ``sessions_list``: each session,
    oldest first, with its players' final totals (``results``), and ``not_won``: the
    sessions that count for nobody's win, with why (see :func:`_not_won`), and the league
    (:mod:`cardscore.stats.league`): each player's ``rating`` at each game (``None`` before
    his first counted session of it), and each game's ``records``.

    A player's ``best`` and ``worst`` rounds follow each game's direction (at rami the
    fewest points are the best); across games they are given only when his games all
    share a direction, else ``None`` (each game still has its own).
    """
    wanted = {fold(p) for p in players}
    kept = [
        d
        for d in digests
        if _selected(d, game, rules, wanted) and _in_period(session_day(d), since, until)
    ]
    kept.sort(key=lambda d: (moment(d), str(d.get("id", ""))))  # oldest first
    names: dict[str, str] = {}  # folded → the name as last spelled
    merged: dict[str, dict[str, Any]] = {}
    for d in kept:
        for name, counters in d["per_player"].items():
            key = fold(name)
            names[key] = name
            _add_session(merged.setdefault(key, {}), d, counters)
    people = [_player_figures(key, merged[key], names) for key in merged]
    people.sort(key=lambda p: (-p["sessions"], -p["points"], fold(p["name"])))
    rated = league.ratings(kept)
    for person in people:
        key = fold(person["name"])
        for game, figures in person["games"].items():
            figures["rating"] = rated.get(game, {}).get(key)
    games: dict[str, dict[str, int]] = {}
    for d in kept:
        each = games.setdefault(d["game"], {"sessions": 0, "rounds": 0})
        each["sessions"] += 1
        each["rounds"] += int(d["rounds"])
    return {
        "sessions": len(kept),
        "rounds": sum(int(d["rounds"]) for d in kept),
        "games": games,
        "notes": _notes(games, people),
        "players": people,
        "sessions_list": [_session_line(d, names) for d in kept],
        "not_won": [left for d in kept if (left := _not_won(d)) is not None],
        "records": league.records(kept, names),
    }


def _not_won(d: Digest) -> Doc | None:
    """A session counted for its rounds but for nobody's win, and why: ``{id, game, date,
    reason}`` (the reason a message), or ``None`` for a session that has its winner."""
    reason = get_game(d["game"]).undecided(
        bool(d["finished"]), int(d["rounds"]), int(d.get("seats", len(d["players"])))
    )
    if reason is None:
        return None
    day = session_day(d)
    return {
        "id": d["id"],
        "game": d["game"],
        "date": None if day is None else day.isoformat(),
        "reason": reason,
    }


# --------------------------------------------------------------------------------------------
# Which sessions count


def _selected(d: Digest, game: str | None, rules: str | None, wanted: set[str]) -> bool:
    """Whether a digest is of the game, the rule set and (one of) the players asked for."""
    if game is not None and fold(d["game"]) != fold(game):
        return False
    if rules is not None and fold(str(d.get("rules", ""))) != fold(rules):
        return False
    return not wanted or any(fold(p) in wanted for p in d["players"])


def _in_period(day: _dt.date | None, since: _dt.date | None, until: _dt.date | None) -> bool:
    """Whether ``day`` is in the period (an undated session is in none but the whole)."""
    if since is None and until is None:
        return True
    if day is None:
        return False
    return (since is None or day >= since) and (until is None or day <= until)


# --------------------------------------------------------------------------------------------
# Adding up a player's sessions


def _add_session(into: dict[str, Any], d: Digest, counters: Mapping[str, Any]) -> None:
    """One session of a player added to his running figures, under its game."""
    figures = into.setdefault(d["game"], {"sessions": 0, "wins": 0, "best": [], "worst": []})
    figures["sessions"] += 1
    figures["wins"] += bool(counters.get("won"))
    for key in ("best", "worst"):
        if counters.get(key) is not None:
            figures[key].append(counters[key])
    by_player = stats_of(get_game(d["game"])).by_player
    _add(figures, {k: v for k, v in counters.items() if k not in _NOT_ADDED and k not in by_player})
    for key in by_player:  # (tarot's partners: "ann" in one session is "Ann" in another)
        added = figures.setdefault(key, {})
        for other, pair in (counters.get(key) or {}).items():
            _add(added.setdefault(fold(other), {}), pair)


def _add(into: dict[str, Any], counters: Mapping[str, Any]) -> None:
    """Counters added into ``into``: numbers summed, nested counters added key by key."""
    for key, value in counters.items():
        if isinstance(value, Mapping):
            _add(into.setdefault(key, {}), value)
        elif isinstance(value, bool):
            into[key] = into.get(key, 0) + int(value)
        elif isinstance(value, int | float):
            into[key] = into.get(key, 0) + value


def _best_worst(lower_wins: bool, bests: list[int], worsts: list[int]) -> tuple[Any, Any]:
    """The best and worst of rounds, in their game's direction (``lower_wins``: rami's)."""
    if not bests:
        return None, None
    if lower_wins:
        return min(bests), max(worsts)
    return max(bests), min(worsts)


def _player_figures(key: str, games: Mapping[str, Any], names: Mapping[str, str]) -> Doc:
    """A player's entry: his figures across his games, then game by game."""
    per_game = {game: _game_figures(game, figures, names) for game, figures in games.items()}
    rounds = sum(f["rounds"] for f in per_game.values())
    points = sum(f["points"] for f in per_game.values())
    best = worst = None
    directions = {get_game(game).lower_wins for game in per_game}
    if len(directions) == 1:
        lower = directions.pop()
        bests = [f["best"] for f in per_game.values() if f["best"] is not None]
        worsts = [f["worst"] for f in per_game.values() if f["worst"] is not None]
        best, worst = _best_worst(lower, bests, worsts)
    return {
        "name": names[key],
        "sessions": sum(f["sessions"] for f in per_game.values()),
        "wins": sum(f["wins"] for f in per_game.values()),
        "rounds": rounds,
        "points": points,
        "average": ratio(points, rounds),
        "best": best,
        "worst": worst,
        "games": per_game,
    }


def _game_figures(game: str, figures: Mapping[str, Any], names: Mapping[str, str]) -> Doc:
    """A player's figures at one game: sessions, wins, rounds, points, average, best and
    worst round, then the game's own (tarot: takes and contracts…, belote and coinche:
    his team's takes…, rami: rounds won…)."""
    rules = get_game(game)
    rounds, points = int(figures.get("rounds", 0)), figures.get("points", 0)
    best, worst = _best_worst(rules.lower_wins, figures["best"], figures["worst"])
    out: Doc = {
        "sessions": figures["sessions"],
        "wins": figures["wins"],
        "rounds": rounds,
        "points": points,
        "average": ratio(points, rounds),
        "best": best,
        "worst": worst,
    }
    return out | stats_of(rules).own_figures(figures, names)


# --------------------------------------------------------------------------------------------
# The sessions, and the notes


def _session_line(d: Digest, names: Mapping[str, str]) -> Doc:
    """A session as the "results session by session" chart reads it: players (and the
    winner, when a player) by the name they are shown with, each with his final total (his
    team's at belote and coinche: the winner there is a team)."""
    day = session_day(d)
    per_player = d["per_player"]
    return {
        "id": d["id"],
        "game": d["game"],
        "rules": d.get("rules"),
        "date": None if day is None else day.isoformat(),
        "players": [names[fold(p)] for p in d["players"]],
        "winner": names.get(fold(d["winner"]), d["winner"]) if d.get("winner") else None,
        "winners": [names[fold(p)] for p in d.get("winners", ())],
        "results": {names[fold(p)]: per_player[p].get("total", 0) for p in d["players"]},
    }


def _notes(games: Mapping[str, Any], people: Sequence[Doc]) -> list[str]:
    """What the figures need said: each game's own (how a tarot session is won, which way
    rami counts), and when a player's best and worst rounds across games are left out."""
    played = [get_game(name) for name in GAME_NAMES if name in games]  # the games' order
    notes: list[str] = [note for game in played for note in stats_of(game).notes]
    mixed = any(p["best"] is None and p["rounds"] for p in people)
    if mixed and any(game.lower_wins for game in played):
        notes.append(
            msg(
                "A player's best and worst rounds across games are left out when they "
                "played rami and another game: see each game's."
            )
        )
    return notes
