"""Statistics across sessions (``cardscore stats``): pure functions, no files, no printing.

:func:`digest` reads what the statistics need from one session (a small plain-JSON dict, which
the catalog may cache beside the sessions); :func:`aggregate` adds digests up into the stats
document that ``stats --json`` prints and the tables and the page are drawn from.
"""

from __future__ import annotations

from cardscore.stats.aggregate import aggregate
from cardscore.stats.digest import digest

__all__ = ["aggregate", "digest"]
