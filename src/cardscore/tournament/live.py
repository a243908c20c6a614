"""``serve --tournament``: a tournament as its live page serves it, on the server of the
session's live page (:mod:`cardscore.live`: the same door, limits, token and streams).

What is looked at, :data:`~cardscore.live.LOOK_EVERY` seconds: the tournament's file, and the
session file of each of its tables in every home (the usual one, then each ``--home``),
whether it exists yet or not.  When any of them changed (a deal saved at a table, in any
home; the next round drawn), the tables are gathered again and ranked
(:func:`~cardscore.tournament.organise.standing`) and the pages drawn again.  When the
tournament's file cannot be read, the pages keep what was read last and say so; a table's
session that cannot be read is said so at its table.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardscore import store
from cardscore.i18n import reason_of
from cardscore.live import Score, _stamp
from cardscore.tournament import files
from cardscore.tournament.record import table_session_id


class TournamentScore(Score):
    """Tournament ``tournament_id`` as its pages show it; ``homes``: the other cardscore
    folders its tables may be played in."""

    kind = "tournament"

    def __init__(self, tournament_id: str, homes: Sequence[Path] = ()) -> None:
        super().__init__(files.path_of(tournament_id))
        self.tournament_id = tournament_id
        self.homes = tuple(homes)
        #: where a table's session may be: the usual folder, then each home given
        self._folders = tuple(home / "sessions" for home in (store.data_dir(), *self.homes))
        #: the tables' session ids, as the tournament read last has them
        self._tables: tuple[str, ...] = ()

    def stamp(self) -> object:
        """The tournament file's stamp, and each of its tables' session file's in each home
        (a file not there yet: ``None``, so that its coming changes the stamp)."""
        tables = tuple(
            _stamp(folder / f"{session}.json")
            for session in self._tables
            for folder in self._folders
        )
        return _stamp(self.path), tables

    def _draw(self) -> tuple[Any, bytes, dict[bool, str]]:
        """The tournament read, its tables gathered and ranked; its ``state.json`` (the
        ``tournament show --json`` document) and its two views."""
        from cardscore.indented_json import dumps
        from cardscore.tournament import live_page, organise
        from cardscore.tournament.document import document

        tournament = files.read(self.tournament_id)  # a StoreError: it cannot be read
        self._tables = tuple(
            table_session_id(tournament.id, draw.number, table.number)
            for draw in tournament.draws
            for table in draw.tables
        )
        try:
            standing = organise.standing(tournament, self.homes)
            views = {tv: live_page.fragment(standing, tv=tv) for tv in (False, True)}
            state = (dumps(document(standing)) + "\n").encode()
        except Exception as exc:  # what a file holds is untrusted: said, and the watch goes on
            raise files.TournamentFileError(self.path, reason_of(exc)) from None
        return standing, state, views

    def _notice(self) -> str:
        from cardscore.tournament.live_page import unreadable

        return unreadable()

    def whole_page(self, tv: bool, nonce: str) -> str:
        from cardscore.tournament.live_page import page

        with self.changed:
            standing, trouble = self.doc, self.trouble
        notice = self._notice() if trouble is not None else ""
        return page(standing, tv=tv, nonce=nonce, notice=notice)
