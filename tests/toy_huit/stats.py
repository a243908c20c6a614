"""What ``cardscore stats`` counts of huit américain besides every game's figures: the rounds
each player went out (a counter and a figure of its own, declared with their types so that
the statistics' caches can keep them).

>>> from cardscore.games.tally import Tally
>>> own_figures({"gone_out": 2}, {}), own_figures({}, {})
({'gone_out': 2}, {'gone_out': 0})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardscore.games.counts import Count
from cardscore.games.game_stats import count_columns
from cardscore.games.tally import Tally

COUNTERS = {"gone_out": Count}
FIGURES = {"gone_out": Count}


def count_round(row: Any, record: Any, tally: Tally) -> None:
    """Every game's counters, then one more round gone out for the round's winner."""
    count_columns(row, record, tally)
    tally.bump(tally.player(row.input["winner"]), "gone_out")


def own_figures(figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The rounds he went out."""
    return {"gone_out": figures.get("gone_out", 0)}
