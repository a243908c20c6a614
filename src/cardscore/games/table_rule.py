"""How a club tournament seats a game's players: :class:`TableRule`, which each game declares
(``tournament_tables``) and :mod:`cardscore.tournament.draw` reads, so that the draw never
guesses a table's size from a game's name.

>>> TableRule("tarot", (4, 5, 3)).fewest, TableRule("belote", (2,), teams=True).fewest
(3, 2)
"""

from __future__ import annotations

from msgspec import Struct


class TableRule(Struct, frozen=True):
    """The sizes of a tournament's tables for one game.

    ``sizes`` are the table sizes allowed, most wanted first.  Without ``even``, the tables
    are cut by preference: as few of the last size as possible, then of the one before,
    and so on, the first size seating the rest (tarot, ``(4, 5, 3)``: 4s and 5s, as many 4s as
    can be, a 3 only when nothing else fits).  With ``even``, the sizes are a range
    (``(3, 4, 5, 6)`` at rami) and the players sit at as few tables as can be, as evenly as
    can be.  With ``teams``, what is seated are fixed teams of two players, ``sizes`` is
    ``(2,)``: two teams a table (belote, coinche), one team sitting out when they are odd.

    ``game`` names the game in the draw's messages.

    >>> TableRule("rami", (3, 5, 6), even=True)
    Traceback (most recent call last):
    ...
    ValueError: an even rule's sizes are a range, smallest first (got (3, 5, 6))
    """

    game: str
    sizes: tuple[int, ...]
    even: bool = False
    teams: bool = False

    def __post_init__(self) -> None:
        # A rule is declared in the code, never typed: these are the programmer's mistakes.
        if not self.sizes or min(self.sizes) < 2:
            raise ValueError(f"a table seats at least two (got {self.sizes})")
        low = self.sizes[0]
        if self.even and self.sizes != tuple(range(low, low + len(self.sizes))):
            raise ValueError(f"an even rule's sizes are a range, smallest first (got {self.sizes})")
        if self.teams and self.sizes != (2,):
            raise ValueError(f"a table seats two teams (got {self.sizes})")

    @property
    def fewest(self) -> int:
        """The fewest players (or teams) a tournament can seat: one table of the smallest size.

        >>> TableRule("tarot", (4, 5, 3)).fewest
        3
        """
        return min(self.sizes)
