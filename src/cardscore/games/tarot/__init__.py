"""French tarot: the game the registry names (``GAME``) and the names other modules use."""

from cardscore.games.tarot.rules import (
    GAME,
    PRESETS,
    Chelem,
    Contract,
    Kind,
    Scoring,
    TarotParams,
    TarotRecord,
    chelem_bounds,
    contracts,
    convert,
    explain,
    poignee_kinds,
    poignee_sizes,
    scores_of,
    work_out,
)

__all__ = [
    "GAME",
    "PRESETS",
    "Chelem",
    "Contract",
    "Kind",
    "Scoring",
    "TarotParams",
    "TarotRecord",
    "chelem_bounds",
    "contracts",
    "convert",
    "explain",
    "poignee_kinds",
    "poignee_sizes",
    "scores_of",
    "work_out",
]
