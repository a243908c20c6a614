"""Every round a session file holds, checked against its game once the session is built
with its tables (the last of the checks of :mod:`cardscore.schema`): the rounds, the
rounds of the history's changes and of the undone ones.

A round is checked as ``add`` would have saved it at the table of its time
(``Game.check_stored``), under the checks of the file's schema version (``Session.schema``);
that needs the session's replay of its tables (``Session.timeline``, ``Session.logged_tables``),
so it lives above the session, where the schema's checks of the file's types lie below it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from cardscore.changes import effect
from cardscore.games.base import Game, Table, typed_under
from cardscore.i18n import msg, reason_of
from cardscore.session import Session


def check_rounds(session: Session) -> None:
    """Refuse rounds (and changes of the history) that the session's game could not have
    stored, or (the rounds) that name a player who was not at the table of that round or
    that ``add`` would not have saved there (``Game.check_typed``: typed under the checks
    of the file's schema version, ``Session.schema``)."""

    game = session.game_rules
    timeline = session.timeline()
    checker = _Checker(game, session.schema)
    with typed_under(session.schema):  # (an older file: not judged by checks added since)
        for number, inp in enumerate(session.rounds, 1):
            try:
                checker.check(inp, timeline.at(number), number)
            except ValueError as exc:
                raise ValueError(
                    msg("round {number}: {error}", number=number, error=reason_of(exc))
                ) from None
    # A logged change names the players of its own time: some renamed since (a rename
    # corrects the rounds, not the log), some seated by a table change undone since.  So:
    # anyone who ever sat at the table, by any name the log gives him.
    known = set(timeline.players())
    for entry in [*session.history, *session.undone]:
        change = effect(entry)
        for key in ("rename", "replace"):
            for old, new in (change.get(key) or {}).items():
                known |= {old, new}
        known |= set(change.get("join") or {}) | set(change.get("leave") or ())
    anyone = Table(session.game, tuple(known), timeline.current.params, timeline.current.teams)
    # (a logged change's rounds are checked whole, at the table of their time, below; an
    # undone change's when it is redone, and here as far as its types go)
    for entry in session.undone:
        change = effect(entry)
        for key in ("input", "old", "new"):
            inp = change.get(key)
            if inp is None:
                continue
            try:
                game.check_stored(inp, anyone)
            except ValueError as exc:
                raise ValueError(
                    msg("change {n}: {error}", n=entry.get("n", "?"), error=reason_of(exc))
                ) from None
    _check_logged(session)


def _check_logged(session: Session) -> None:
    """Refuse a change of the history holding a round ``add`` would not have saved at the
    table of its time (the one its history line is said with): the history says each of
    them, and undo reads them.  (An undone change is checked when it is redone.)"""

    game = session.game_rules
    try:
        logged = session.logged_tables()
    except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError):
        # (a history whose tables cannot be walked back: no line of it could be said)
        raise ValueError(msg("a change of the history is not one cardscore makes")) from None
    checker = _Checker(game, session.schema)
    with typed_under(session.schema):
        for entry, timeline in logged:
            change = effect(entry)
            for key in ("input", "old", "new"):
                inp = change.get(key)
                if inp is None:
                    continue
                number = change["round"]
                try:
                    checker.check(inp, timeline.at(number), number)
                except ValueError as exc:
                    raise ValueError(
                        msg("change {n}: {error}", n=entry.get("n", "?"), error=reason_of(exc))
                    ) from None


#: the rounds this process found as ``add`` saves them, by game, table and schema: a file
#: read again (``edit`` reads it twice; ``play`` and ``serve`` read it again at every save)
#: has its rounds built again (``Game.check_typed``) only where they changed
_CHECKED: dict[tuple[str, Table, int], set[tuple[int, bytes]]] = {}
_NO_ROUNDS: set[tuple[int, bytes]] = set()
#: the most rounds kept (a server that runs for days reads many versions of a session)
_MOST_CHECKED = 200_000


class _Checker:
    """Checks stored rounds, each at the table of its time (``Game.check_stored``), each
    round's number and bytes once per table and schema in this process (:data:`_CHECKED`);
    a round that fails raises its ``ValueError``."""

    def __init__(self, game: Game, schema: int) -> None:
        self.game, self.schema = game, schema
        self.table: Table | None = None
        self.checked = _NO_ROUNDS

    def check(self, inp: Mapping[str, Any], table: Table, number: int) -> None:
        if table is not self.table:  # (the same table object for a whole era)
            self.table = table
            self.checked = _checked_at(self.game.name, table, self.schema)
        seen = (number, msgspec.json.encode(inp))
        if seen not in self.checked:
            self.game.check_stored(inp, table, number)
            self.checked.add(seen)


def _checked_at(game: str, table: Table, schema: int) -> set[tuple[int, bytes]]:
    """The rounds (their number and bytes) found as ``add`` saves them at ``table``."""
    if sum(map(len, _CHECKED.values())) > _MOST_CHECKED:
        _CHECKED.clear()
    return _CHECKED.setdefault((game, table, schema), set())
