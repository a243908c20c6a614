"""The same players next time: a new session at the table of an earlier one.

* :func:`follow_on` — the next session (not saved) at an earlier session's table: the players
  at its table *now* (those who joined, left or were replaced during it as it ended), in
  their seats, the player after its last dealer dealing first (the deal goes on round the
  table, as if the evening went on); the same rule set and parameters (``--set`` too), the
  team names set by hand, the title.  "New game, same table" (the loop, once a game is over)
  and ``cardscore new GAME --same-table`` both make it.
* :func:`latest` — the most recently changed session of a game, a damaged file skipped (and
  said).
* :func:`earlier_names` — everyone who played in this home, any game, most frequent first:
  the names offered as a new game's players are typed.

Reading the store only: nothing here saves anything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from cardscore import store
from cardscore.games.base import (
    Game,
    InputError,
    apply_settings,
    fold,
    params_from_dict,
    with_target,
)
from cardscore.i18n import Msg, msg
from cardscore.session import Session, SessionDataError

#: the ``--set`` keys that name a team rather than set a rule parameter (as Session.create)
TEAM_KEYS = frozenset({"team1", "team2"})


def rotated(players: Sequence[str], first: str) -> list[str]:
    """The players in their seats, ``first`` first (the one who deals the first round).

    >>> rotated(["Ann", "Bob", "Cyd"], "Cyd")
    ['Cyd', 'Ann', 'Bob']
    """
    seat = list(players).index(first)
    return [*players[seat:], *players[:seat]]


def team_settings(
    game: Game, old_players: Sequence[str], teams: Sequence[str], players: Sequence[str]
) -> list[str]:
    """The ``teamN=NAME`` settings that keep the teams' names set by hand once the seats
    are rotated (a team named after its players is named after them again).

    >>> from cardscore.games import get_game
    >>> team_settings(get_game("belote"), ["S", "W", "N", "E"], ["S & N", "Blue"],
    ...               ["W", "N", "E", "S"])
    ['team1=Blue']
    """
    defaults = game.default_team_names(old_players)
    if not defaults:
        return []
    shift = list(old_players).index(players[0])  # new seat 0 was this old seat
    settings = []
    for index in range(len(teams)):
        old = (index + shift) % len(teams)  # seats 0 & 2 against 1 & 3
        if teams[old] != defaults[old]:
            settings.append(f"team{index + 1}={teams[old]}")
    return settings


def rule_settings(settings: Sequence[str]) -> list[str]:
    """The ``--set`` settings that change a rule parameter (not a team's name).

    >>> rule_settings(["team1=Blue", "joker=30", " Team2 = Red"])
    ['joker=30']
    """
    return [s for s in settings if s.partition("=")[0].strip().lower() not in TEAM_KEYS]


def follow_on(
    old: Session,
    *,
    session_id: str,
    settings: Sequence[str] = (),
    target: int | None = None,
    title: str | None = None,
) -> Session:
    """The next session at ``old``'s table (see the module's docstring), not saved.

    ``settings`` (``--set``), ``target`` and ``title`` given now apply on top of ``old``'s:
    the same players, to another target this time.  A bad one raises :class:`InputError`
    as ``cardscore new`` says it."""
    game, table = old.game_rules, old.table()
    players = rotated(table.players, old.standings().next_dealer)
    session = Session.create(
        old.game,
        players,
        rules=old.rules,
        target=target,  # checked there (a game without one, a negative one)
        settings=[*team_settings(game, table.players, old.teams, players), *settings],
        title=old.title if title is None else title,
        session_id=session_id,
    )
    # its parameters as they were set (--set too), then what was set now
    params = apply_settings(params_from_dict(game.params_cls, old.params), rule_settings(settings))
    if target is not None:
        params = with_target(game, params, target)
    session.params = dataclasses.asdict(params)
    return session


def latest(game: Game, warn: Callable[[Msg], None]) -> Session | None:
    """The most recently changed session of ``game`` that can be read and scored (``None``:
    there is none).  A file that cannot be is skipped: ``warn`` is told why, since it may
    have been the latest one."""
    for path in store.session_files():
        try:
            session = store.read(path)
            if session.game != game.name:
                continue
            session.standings()  # who deals next: a round that cannot be scored says so here
        except store.StoreError as exc:
            warn(exc.args[0])  # the store's message names the file
            continue
        except SessionDataError as exc:
            warn(
                msg("cannot use session file {path}: {reason}", path=str(path), reason=exc.args[0])
            )
            continue
        return session
    return None


def at_last_table(
    game: Game,
    warn: Callable[[Msg], None],
    *,
    required: bool,
    session_id: str,
    settings: Sequence[str] = (),
    target: int | None = None,
    title: str | None = None,
) -> Session | None:
    """The next session (not saved) at the table of the latest session of ``game`` (see
    :func:`follow_on` and :func:`latest`); ``None`` when there is none, refused (an
    :class:`InputError`) when it is ``required`` (``--same-table``): the names must be
    given."""
    old = latest(game, warn)
    if old is not None:
        return follow_on(old, session_id=session_id, settings=settings, target=target, title=title)
    if required:
        raise InputError(
            msg("--same-table: no earlier {game} session: give the names", game=game.name)
        )
    return None


def refuse_table_options(*, players: int | None, names: str | None, rules: str | None) -> None:
    """``--same-table`` takes the players and the rule set of the latest session: an option
    that names them too would contradict it (which one wins would be a guess), so it is
    refused.  (``--set``, ``--target`` and ``--title`` apply on top of it.)"""
    given = [
        option
        for option, value in (("--players", players), ("--names", names), ("--rules", rules))
        if value is not None
    ]
    if given:
        raise InputError(
            msg(
                "--same-table takes the players and the rule set of the latest session: "
                "leave out {options}",
                options=", ".join(given),
            )
        )


def earlier_names() -> list[str]:
    """Everyone who played in a session of this home (any game, whoever joined or replaced
    someone too), once each (case- and accent-blind, as the most recent session spells
    him), the most frequent first, then the most recent.  A file that cannot be read is
    skipped in silence: these are only suggestions."""
    counts: dict[str, int] = {}
    spelling: dict[str, str] = {}  # first seen = the most recent session's spelling
    for path in store.session_files():  # most recent first
        try:
            names = store.read(path).timeline().players()
        except (store.StoreError, SessionDataError, InputError):
            continue
        once: dict[str, str] = {}  # each player once a session, in his seat's order
        for name in names:
            once.setdefault(fold(name), name)
        for key, name in once.items():
            counts[key] = counts.get(key, 0) + 1
            spelling.setdefault(key, name)
    ordered = sorted(spelling, key=lambda key: -counts[key])  # stable: recency among equals
    return [spelling[key] for key in ordered]
