"""Statistics across sessions (``cardscore stats``).

The core is pure (no files, no printing): :func:`cardscore.stats.digest.digest` reads what the
statistics need from one session (a small plain-JSON dict, which the catalog may cache in the
user's cache folder), and :func:`cardscore.stats.aggregate.aggregate` adds digests up into the
stats document that ``stats --json`` prints and the terminal tables (:mod:`cardscore.stats.render`)
and the page (:mod:`cardscore.stats.page`) are drawn from.

The package imports nothing itself (import the module you need): its names stay the modules'
(``cardscore.stats.digest`` is the module, not the function), and the display's helpers do not
load the rules core.
"""
