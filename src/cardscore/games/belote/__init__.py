"""Belote and coinche (docs/rules.md, Belote and Coinche): the registry's :data:`BELOTE` and
:data:`COINCHE`, and the names other modules import from the game."""

from __future__ import annotations

from cardscore.games.belote.record import (
    BeloteRecord,
    CoincheRecord,
    Level,
    Special,
    Tally,
    Trump,
    Verdict,
    tally,
)
from cardscore.games.belote.rules import (
    BELOTE,
    COINCHE,
    TOUT_ATOUT_VALUES,
    BeloteParams,
    CoincheParams,
    LitigeBelote,
    belote_record,
    belote_scores,
    coinche_record,
    coinche_scores,
    default_team_names,
    explain,
    resolve_team,
    tallies,
)

__all__ = [
    "BELOTE",
    "COINCHE",
    "TOUT_ATOUT_VALUES",
    "BeloteParams",
    "BeloteRecord",
    "CoincheParams",
    "CoincheRecord",
    "Level",
    "LitigeBelote",
    "Special",
    "Tally",
    "Trump",
    "Verdict",
    "belote_record",
    "belote_scores",
    "coinche_record",
    "coinche_scores",
    "default_team_names",
    "explain",
    "resolve_team",
    "tallies",
    "tally",
]
