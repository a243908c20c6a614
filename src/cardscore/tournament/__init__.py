"""Club tournaments: several tables, a few rounds drawn anew, one ranking.

* :mod:`.record` — what a tournament file holds, typed;
* :mod:`.draw` — the seating of each round (pure: names in, draws out);
* :mod:`.checks` — a file's draws checked against its players;
* :mod:`.files` — the ``tournaments`` folder (read as untrusted input, written atomically);
* :mod:`.tables` — each table's state, from its session, in every home given;
* :mod:`.ranking` — the ranking (pure);
* :mod:`.organise` — what ``new`` and ``next`` do.
"""
