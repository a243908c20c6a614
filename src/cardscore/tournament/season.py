"""The tournaments of a season, for the championship (``stats --championship``): every
``tournaments/ID.json`` of the homes read (untrusted files: one that cannot be read is a
warning, as a damaged session is in ``stats``), those of the game, rule set and period asked
for, each ranked from its tables' sessions (:func:`cardscore.tournament.organise.standing`).

A tournament belongs to the day it was created (its ``created`` time); only a finished one
(its last round drawn, every table of it finished) is an evening of the championship: the
others are named, not counted.  The same tournament in two homes (a synced folder) is read
once: the copy changed last.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardscore import store
from cardscore.games import get_game
from cardscore.games.base import fold
from cardscore.i18n import reason_of
from cardscore.schema import known_time
from cardscore.tournament import files
from cardscore.tournament.championship import Evening, Placing
from cardscore.tournament.organise import Standing, standing
from cardscore.tournament.record import Tournament, team_name


@dataclass
class Season:
    """The finished tournaments of the season as evenings (the earliest first), the
    tournaments left out because they are not finished, and the warnings of reading them."""

    evenings: list[Evening] = field(default_factory=list)
    unfinished: list[Tournament] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # messages, to say with ``tr``


def gather(
    homes: Sequence[Path],
    *,
    game: str | None = None,
    rules: str | None = None,
    since: _dt.date | None = None,
    until: _dt.date | None = None,
) -> Season:
    """The season of the tournaments of ``homes`` (the usual home when none) of ``game``
    and ``rules`` (any when ``None``) created between ``since`` and ``until`` (both days
    included; an undated tournament is in no period but the whole)."""
    season = Season()
    found = read_all(homes, season.warnings)
    kept = [
        t
        for t in found
        if (game is None or fold(t.game) == fold(game))
        and (rules is None or fold(t.rules) == fold(rules))
        and _in_period(t, since, until)
    ]
    kept.sort(key=lambda t: (_moment(t.created), t.id))  # the earliest first
    for tournament in kept:
        now = standing(tournament, homes)
        if now.finished:
            season.evenings.append(evening_of(now))
        else:
            season.unfinished.append(tournament)
    return season


def read_all(homes: Sequence[Path], warnings: list[str]) -> list[Tournament]:
    """Every readable tournament of ``homes`` (the usual home when none), once each."""
    kept: dict[str, Tournament] = {}
    for home in homes or [None]:
        where = files.folder(home)
        if not where.is_dir():
            continue
        for path in sorted(where.iterdir()):
            if path.suffix != ".json" or not store.is_session_id(path.stem):
                continue
            try:
                tournament = files.decode(store.read_bytes(path, files.MAX_BYTES), path)
            except store.StoreError as exc:  # damaged, too big, a link, gone meanwhile
                warnings.append(reason_of(exc))
                continue
            other = kept.get(tournament.id)
            if other is None or _changed(tournament) > _changed(other):
                kept[tournament.id] = tournament
    return list(kept.values())


def evening_of(now: Standing) -> Evening:
    """A finished tournament's final ranking, as the championship reads it: each side that
    played a table (a team's two players together), its rank and its score."""
    tournament = now.tournament
    players = {team_name(team): team for team in tournament.teams}
    placings = tuple(
        Placing(players.get(row.name, (row.name,)), row.rank, row.total)
        for row in now.ranking
        if any(score is not None for score in row.rounds)
    )
    lower = get_game(tournament.game).lower_wins
    return Evening(tournament.id, placings, lower_wins=lower, field=len(now.ranking))


def _created(tournament: Tournament) -> _dt.datetime | None:
    return known_time(tournament.created)


def _changed(tournament: Tournament) -> float:
    """When the tournament file was last written, as it says (unknown: the earliest)."""
    return max(_moment(tournament.updated), _moment(tournament.created))


def _moment(text: str) -> float:
    """A time the file says, as a sort key (none, or none a file may hold: the earliest)."""
    found = known_time(text)
    return float("-inf") if found is None else found.timestamp()


def _in_period(tournament: Tournament, since: _dt.date | None, until: _dt.date | None) -> bool:
    if since is None and until is None:
        return True
    created = _created(tournament)
    if created is None:
        return False
    day = created.date()
    return (since is None or day >= since) and (until is None or day <= until)
