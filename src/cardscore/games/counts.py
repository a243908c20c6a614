"""The types a game's statistics module declares its counters and figures with (``COUNTERS``
and ``FIGURES``, see :mod:`cardscore.games.game_stats`): each a value and its range.

The statistics keep what they counted in cache files, which are read back as untrusted as a
session file: every value is checked against the type its game declared for it.  The ranges
are far beyond any game's and far within what a float counts exactly.

>>> import msgspec
>>> msgspec.convert({"takes": 3}, dict[Key, Count])
{'takes': 3}
>>> msgspec.convert({"takes": -1}, dict[Key, Count])
Traceback (most recent call last):
...
msgspec.ValidationError: Expected `int` >= 0 - at `$[...]`
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

#: how many times something happened
Count = Annotated[int, Meta(ge=0, le=10**9)]
#: points, won or lost
Points = Annotated[int, Meta(ge=-(10**12), le=10**12)]
#: points, or a share or an average of them
Number = Points | Annotated[float, Meta(ge=-1e12, le=1e12)]
#: a counter's key (a contract's, a level's)
Key = Annotated[str, Meta(min_length=1, max_length=100)]
#: a name (a player's, a team's, a rule set's) as a session file may hold one
Name = Annotated[str, Meta(min_length=1, max_length=100)]
