"""Tournament files: ``tournaments/ID.json`` beside the ``sessions`` folder, read as
untrusted input (a regular file only, bounded, typed, every text safe, every name one a
person could type), written whole and atomically under a lock.  Only the organiser's
``tournament new`` and ``tournament next`` write one."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import msgspec

from cardscore import atomic, store
from cardscore.games.base import InputError, check_names
from cardscore.i18n import msg, reason_of
from cardscore.tournament.record import SCHEMA_VERSION, Tournament

#: the largest tournament file read (forty players over twenty rounds are some 30 KB)
MAX_BYTES = 2 * 1024 * 1024


class TournamentNotFound(store.SessionNotFound):
    """No tournament by that id (or prefix)."""


class TournamentFileError(store.StoreError):
    """A tournament file that cannot be read: damaged, hand-edited or not one."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            msg(
                "{path}: not a valid cardscore tournament ({reason})", path=str(path), reason=reason
            )
        )


def folder(home: Path | None = None) -> Path:
    """The folder of the tournament files (of ``home``, else the usual one)."""
    return (home if home is not None else store.data_dir()) / "tournaments"


def path_of(tournament_id: str) -> Path:
    """The file of tournament ``tournament_id`` (never outside its folder)."""
    if not store.is_session_id(tournament_id):
        raise TournamentNotFound(msg("no tournament {text!r}", text=tournament_id))
    return folder() / f"{tournament_id}.json"


def encode(tournament: Tournament) -> bytes:
    """The file's bytes: its schema version, then the tournament's fields, indented."""
    data = {"schema_version": SCHEMA_VERSION, **msgspec.to_builtins(tournament)}
    return msgspec.json.format(msgspec.json.encode(data), indent=2) + b"\n"


def decode(raw: bytes, path: Path) -> Tournament:
    """The tournament a file's bytes hold, every value checked; a
    :class:`TournamentFileError` saying what is wrong otherwise."""
    from cardscore import schema

    try:
        data = schema.decode(raw)
        schema.check_strings(data, raw)
        if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
            raise ValueError(msg("schema_version {version} is not 1", version=_version(data)))
        data = {k: v for k, v in data.items() if k != "schema_version"}
        tournament = msgspec.convert(data, Tournament)
        check_names([*tournament.players, *(p for t in tournament.teams for p in t)])
    except (ValueError, InputError) as exc:
        raise TournamentFileError(path, reason_of(exc)) from None
    if tournament.id != path.stem:
        raise TournamentFileError(
            path, msg("its id {id!r} is not its file's name", id=tournament.id)
        )
    from cardscore.tournament.checks import check_draws

    try:
        check_draws(tournament)
    except ValueError as exc:
        raise TournamentFileError(path, reason_of(exc)) from None
    return tournament


def _version(data: object) -> object:
    return data.get("schema_version") if isinstance(data, dict) else None


def read(tournament_id: str) -> Tournament:
    """Read and check tournament ``tournament_id``'s file."""
    path = path_of(tournament_id)
    try:
        raw = store.read_bytes(path, MAX_BYTES)
    except store.SessionNotFound:
        raise TournamentNotFound(msg("no tournament {text!r}", text=tournament_id)) from None
    except store.SessionFileError as exc:
        raise TournamentFileError(path, str(exc)) from None
    return decode(raw, path)


def write(tournament: Tournament) -> Path:
    """Atomically replace the tournament's file."""
    path = path_of(tournament.id)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic.replace(path, encode(tournament), prefix=tournament.id)
    except OSError as exc:
        raise store.StoreError(
            msg(
                "could not save tournament {id} in {folder}: {reason} (nothing was changed)",
                id=tournament.id,
                folder=str(path.parent),
                reason=exc.strerror or str(exc),
            )
        ) from None
    return path


@contextlib.contextmanager
def locked(tournament_id: str) -> Iterator[None]:
    """Hold the tournament's lock between processes (``new`` and ``next`` write it)."""
    with store.locked(f"tournament-{tournament_id}"):
        yield


def ids() -> list[str]:
    """Every tournament's id, the most recently changed first."""
    where = folder()
    if not where.is_dir():
        return []
    files = [
        p
        for p in where.iterdir()
        if p.suffix == ".json" and store.is_session_id(p.stem) and store.is_regular_file(p)
    ]
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return [p.stem for p in files]


def resolve(text: str | None) -> str:
    """The id of the tournament ``text`` names (an id or a prefix no other id starts
    with), or (``None``) the most recently changed one."""
    known = ids()
    if text is None:
        if not known:
            raise TournamentNotFound(
                msg("no tournament yet: start one with `cardscore tournament new GAME`")
            )
        return known[0]
    wanted = text.strip().lower()
    matches = [i for i in known if i.startswith(wanted)] if wanted else []
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise TournamentNotFound(
            msg(
                "tournament {text!r} is ambiguous: {matches}", text=text, matches=", ".join(matches)
            )
        )
    raise TournamentNotFound(
        msg("no tournament {text!r} (see `cardscore tournament list`)", text=text)
    )


def new_id() -> str:
    """An id no tournament and no session has."""
    while True:
        candidate = store.new_id()
        if not path_of(candidate).exists():
            return candidate


def delete(tournament_id: str) -> None:
    """Remove the tournament's file (its tables' sessions stay: each is a session)."""
    with locked(tournament_id):
        path_of(tournament_id).unlink()
