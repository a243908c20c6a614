"""The league: each player's rating at each game, and each game's records.

**Ratings** (openskill's Weng-Lin model, Plackett-Luce): every counted session (the rule
``stats`` uses for wins: finished, or at tarot a full turn of deals) is one match, the
sessions taken in the order they ended (ties by id), so the same sessions always give the
same ratings, whatever order their files are read in; they are worked out again from the
sessions every time, so a correction, an undo or a deleted session changes them at once.
Each game says what a match is (its statistics module's ``match``): tarot and rami every
player on his own, ranked by final totals (ties share a rank; at rami the fewest points
first), belote and coinche its two teams.  A player who joined or left during a session is
in its match with the total he ended on.  Belote and coinche are rated apart.

The rating shown is openskill's conservative estimate, ``μ − 3σ`` (where he is at least,
very likely), scaled so that a newcomer starts at :data:`START`: ``START + SCALE × (μ − 3σ)``.

>>> from cardscore.stats.league import shown
>>> shown(25.0, 25 / 3)  # a newcomer: μ 25, σ 25/3
1000

**Records**: the biggest round for and against, the best session (final total), the longest
run of sessions won, and the game's own (``StatsView.feats``: the most contracts made in one
session, tarot per contract; every chelem, capot, rami sec), each with who, when and in which
session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from cardscore.games import get_game
from cardscore.games.base import fold
from cardscore.games.game_stats import stats_of
from cardscore.stats.when import session_day

Doc = dict[str, Any]
Digest = Mapping[str, Any]

#: what a newcomer's rating shows (his μ − 3σ is 0), and how much one point of it is worth
START = 1000
SCALE = 20


def shown(mu: float, sigma: float) -> int:
    """The rating a player is shown: his ``μ − 3σ``, scaled (see the module)."""
    return round(START + SCALE * (mu - 3 * sigma))


def day(d: Digest) -> str | None:
    """The day a session was last played, as an ISO date (see
    :func:`cardscore.stats.when.session_day`)."""
    found = session_day(d)
    return None if found is None else found.isoformat()


def counted(d: Digest) -> bool:
    """Whether a session counts for the league (it decides a winner)."""
    return bool(d.get("decided", d.get("finished")))


# --------------------------------------------------------------------------------------------
# Ratings


def ratings(kept: Sequence[Digest]) -> dict[str, dict[str, Doc]]:
    """``game → folded name → {mu, sigma, value, change, matches, history}`` from the
    sessions ``kept``, oldest first (see the module); ``history`` is the rating after each
    of his matches: ``[{"session", "date", "value"}]``."""
    sessions = [d for d in kept if counted(d)]
    if not sessions:
        return {}
    from openskill.models import PlackettLuce  # only when there is something to rate

    model = PlackettLuce()
    league: dict[str, dict[str, Doc]] = {}
    now: dict[tuple[str, str], Any] = {}  # (game, folded name) → his openskill rating
    for d in sessions:
        sides = stats_of(get_game(d["game"])).match(d["per_player"], d.get("winners", ()))
        if len(sides) < 2:
            continue
        game = d["game"]
        teams = [
            [now.setdefault((game, fold(name)), model.rating()) for name in names]
            for _rank, names in sides
        ]
        rated = model.rate(teams, ranks=[rank for rank, _names in sides])
        table, date = league.setdefault(game, {}), day(d)
        for (_rank, names), team in zip(sides, rated, strict=True):
            for name, rating in zip(names, team, strict=True):
                key = fold(name)
                now[(game, key)] = rating
                entry = table.setdefault(key, {"matches": 0, "history": [], "value": START})
                value = shown(rating.mu, rating.sigma)
                entry.update(
                    mu=round(rating.mu, 3),
                    sigma=round(rating.sigma, 3),
                    change=value - entry["value"],
                    value=value,
                    matches=entry["matches"] + 1,
                )
                entry["history"].append({"session": d["id"], "date": date, "value": value})
    return league


# --------------------------------------------------------------------------------------------
# Records


def records(kept: Sequence[Digest], names: Mapping[str, str]) -> dict[str, Doc]:
    """Each game's records over the sessions ``kept`` (oldest first): ``{best_round,
    worst_round, best_session, longest_run, feats, feats_by_player}``, each ``{value,
    players, session, date}`` (``None`` where there is none), ``longest_run`` with ``from``
    (its first session) and ``feats`` each game's own: ``{key: record}``, or for a feat of
    which every time is kept (``each``), ``{key: [{count, players, session, date}]}``, and
    then in ``feats_by_player`` how many each player had in all, ``{key: {name: count}}``
    (the most first).  The first to set a record keeps it when it is equalled.  The rounds
    count in every session kept, the sessions and the runs only in those that decide a
    winner.

    ``names``: each folded name as it is shown."""
    out: dict[str, Doc] = {}
    for game in dict.fromkeys(d["game"] for d in kept):
        played = [d for d in kept if d["game"] == game]
        rules = get_game(game)
        lower = rules.lower_wins  # at rami the fewest points are the best
        better: Callable[[float, float], bool] = (lambda a, b: a < b) if lower else _more
        worse: Callable[[float, float], bool] = _more if lower else (lambda a, b: a < b)
        decided = [d for d in played if counted(d)]
        feats: Doc = {}
        by_player: Doc = {}
        for feat in stats_of(rules).view.feats:
            if feat.each:
                feats[feat.key] = _every(played, feat.value, names)
                by_player[feat.key] = _tally(played, feat.value, names)
            else:
                feats[feat.key] = _extreme(played, feat.value, _more, names, 1)
        out[game] = {
            "best_round": _extreme(played, _counter("best"), better, names),
            "worst_round": _extreme(played, _counter("worst"), worse, names),
            "best_session": _extreme(decided, _counter("total"), better, names),
            "longest_run": _longest_run(decided, names),
            "feats": feats,
            "feats_by_player": by_player,
        }
    return out


def _more(a: float, b: float) -> bool:
    return a > b


def _counter(key: str) -> Callable[[Mapping[str, Any]], Any]:
    return lambda counters: counters.get(key)


def _extreme(
    sessions: Iterable[Digest],
    value_of: Callable[[Mapping[str, Any]], Any],
    better: Callable[[Any, Any], bool],
    names: Mapping[str, str],
    least: float | None = None,
) -> Doc | None:
    """The best value of a player's counters in one session (``better``), and every player
    of that session who had it; ``least``: a value below it is no record (0 contracts)."""
    found: Doc | None = None
    for d in sessions:
        for name, counters in d["per_player"].items():
            value = value_of(counters)
            if value is None or (least is not None and value < least):
                continue
            if found is None or better(value, found["value"]):
                found = {"value": value, "players": [], "session": d["id"], "date": day(d)}
            if found["session"] == d["id"] and value == found["value"]:
                found["players"].append(names.get(fold(name), name))
    return found


def _every(
    sessions: Iterable[Digest],
    value_of: Callable[[Mapping[str, Any]], Any],
    names: Mapping[str, str],
) -> list[Doc]:
    """Every session where it happened: how many, and who (all who had it there)."""
    times = []
    for d in sessions:
        had = {name: value_of(c) for name, c in d["per_player"].items() if value_of(c)}
        if had:
            times.append(
                {
                    "count": max(had.values()),
                    "players": [names.get(fold(n), n) for n in had],
                    "session": d["id"],
                    "date": day(d),
                }
            )
    return times


def _tally(
    sessions: Iterable[Digest],
    value_of: Callable[[Mapping[str, Any]], Any],
    names: Mapping[str, str],
) -> dict[str, int]:
    """How many each player had over every session (those who had some), the most first,
    then by name: ``{"Bruno": 2, "Chloé": 1, "Damien": 1}``."""
    counts: dict[str, int] = {}
    for d in sessions:
        for name, counters in d["per_player"].items():
            if value := value_of(counters):
                key = fold(name)
                counts[key] = counts.get(key, 0) + value
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return {names.get(key, key): count for key, count in ranked}


def _longest_run(sessions: Sequence[Digest], names: Mapping[str, str]) -> Doc | None:
    """The most sessions won in a row by a player (of the sessions of the game he played),
    and everyone who shared that very run (a team)."""
    runs: dict[str, tuple[int, str]] = {}  # folded name → (length, first session of it)
    found: Doc | None = None
    for d in sessions:
        winners = {fold(n) for n in d.get("winners", ())}
        for name in d["per_player"]:
            key = fold(name)
            if key not in winners:
                runs.pop(key, None)
                continue
            length, first = runs.get(key, (0, d["id"]))
            runs[key] = (length + 1, first)
            if found is None or length + 1 > found["value"]:
                found = {
                    "value": length + 1,
                    "players": [],
                    "from": first,
                    "session": d["id"],
                    "date": day(d),
                }
            if (found["value"], found["from"], found["session"]) == (length + 1, first, d["id"]):
                found["players"].append(names.get(key, name))
    return found
