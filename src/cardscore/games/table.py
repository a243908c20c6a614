"""Tables: who plays, under which parameters, who deals, and names typed for players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec import Struct

from cardscore.games.errors import InputError
from cardscore.games.names import fold
from cardscore.i18n import msg


class Table(Struct, frozen=True):
    """Who plays, under which parameters: everything a round's scoring depends on besides
    the round itself.

    A table that changed during the game (a player joined, left or was replaced) plays
    from round ``first`` on, and the first of its rounds is dealt by ``players[seat]``.

    >>> t = Table("tarot", ("Ann", "Bob", "Cyd", "Dan"), params=None)
    >>> t.dealer(1), t.dealer(6)
    ('Ann', 'Bob')
    >>> t.find_player("b"), t.find_player("CYD")
    ('Bob', 'Cyd')
    >>> Table("tarot", ("Ann", "Bob", "Cyd"), None, first=12, seat=2).dealer(13)
    'Ann'
    """

    game: str
    players: tuple[str, ...]
    params: Any
    teams: tuple[str, ...] = ()
    first: int = 1  # the first round this table plays
    seat: int = 0  # the index of the player who deals round ``first``

    def dealer(self, number: int) -> str:
        """The dealer of round ``number`` (1-based): the deal passes one seat a round."""
        return self.players[(self.seat + number - self.first) % len(self.players)]

    def find_player(
        self, text: str, *, what: str = "player", among: Sequence[str] | None = None
    ) -> str:
        """Resolve a name typed by a person: case- and accent-blind, a unique prefix is enough.

        An exact name always wins over a prefix, among *all* the players: when it names a
        player outside ``among`` (the mort at 6-player tarot), it is refused, never read as
        the prefix of another name.  A prefix is read only when no player has that exact name,
        and only among ``among`` (the players who can be named).

        >>> t = Table("tarot", ("Jean", "Jean-Luc", "Cyd"), params=None)
        >>> t.find_player("je", among=("Jean-Luc", "Cyd"))
        'Jean-Luc'
        >>> t.find_player("JEAN", what="--x", among=("Jean-Luc", "Cyd"))
        Traceback (most recent call last):
        ...
        cardscore.games.base.InputError: --x: Jean cannot be named here (players: Jean-Luc, Cyd)
        """
        pool = tuple(among) if among is not None else self.players
        wanted = fold(text)
        if not wanted:
            raise InputError(
                msg(
                    "{what}: a player's name is needed ({players})",
                    what=what,
                    players=", ".join(pool),
                )
            )
        exact = _exactly_named(wanted, pool) or _exactly_named(wanted, self.players)
        if exact is not None:
            if exact not in pool:
                raise InputError(
                    msg(
                        "{what}: {player} cannot be named here (players: {players})",
                        what=what,
                        player=exact,
                        players=", ".join(pool),
                    )
                )
            return exact
        prefixed = [p for p in pool if fold(p).startswith(wanted)]
        if len(prefixed) == 1:
            return prefixed[0]
        if prefixed:
            raise InputError(
                msg(
                    "{what}: {text!r} is ambiguous ({matches})",
                    what=what,
                    text=text,
                    matches=", ".join(prefixed),
                )
            )
        raise InputError(
            msg(
                "{what}: unknown player {text!r} (players: {players})",
                what=what,
                text=text,
                players=", ".join(pool),
            )
        )


def _exactly_named(folded: str, players: Sequence[str]) -> str | None:
    """The player whose name, folded, is ``folded`` (names are distinct once folded)."""
    return next((p for p in players if fold(p) == folded), None)
