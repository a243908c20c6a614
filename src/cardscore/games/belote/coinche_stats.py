"""What ``cardscore stats`` counts of coinche: belote's counters (:mod:`.stats`, where the
levels and the générales are counted too), and how coinche's figures are shown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardscore.games.belote import stats as belote
from cardscore.games.belote.stats import (
    CONTRACTS,
    FEATS,
    LEVEL_NAMES,
    LEVELS,
    LINES,
    TAKES,
    count_round,
    match,
)
from cardscore.games.counts import Count, Key
from cardscore.games.figures import Breakdown, Figure, Rate, Say, StatsView
from cardscore.i18n import msg

__all__ = ["COUNTERS", "FIGURES", "VIEW", "count_round", "match", "own_figures"]


def own_figures(figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """Belote's figures, then his team's contracts by level and générales."""
    levels = figures.get("levels", {})
    generales = figures.get("generales", {})
    return {
        **belote.own_figures(figures, names),
        "levels": {
            level: {
                "made": levels.get(level, {}).get("made", 0),
                "fallen": levels.get(level, {}).get("fallen", 0),
            }
            for level in LEVELS.values()
        },
        "generales": {"made": generales.get("made", 0), "fallen": generales.get("fallen", 0)},
    }


#: how coinche's figures are shown
VIEW = StatsView(
    columns=(
        *TAKES,
        Figure("coinche", msg("Coinché"), Say.MADE_FALLEN, at="levels.coinche", priority=6),
        Figure(
            "surcoinche", msg("Surcoinché"), Say.MADE_FALLEN, at="levels.surcoinche", priority=7
        ),
    ),
    lines=(*LINES, Figure("generales", msg("Générales made/fallen"), Say.MADE_FALLEN)),
    legend=msg(
        "Takes, made: rounds their team took, and made; coinché, surcoinché: such "
        "contracts made/fallen."
    ),
    takes=True,
    by_team=True,
    feats=FEATS,
    breakdown=Breakdown(
        title=msg("Per level"),
        heading=msg("Level"),
        at="levels",
        parts=tuple(LEVEL_NAMES.items()),
        columns=(
            Figure("made", msg("Made"), Say.COUNT),
            Figure("fallen", msg("Fallen"), Say.COUNT),
        ),
    ),
    rates=(
        CONTRACTS,
        *(
            Rate(
                level,
                name,
                f"levels.{level}.made",
                (f"levels.{level}.made", f"levels.{level}.fallen"),
            )
            for level, name in LEVEL_NAMES.items()
        ),
    ),
)


#: belote's, and the levels and générales his team made or fell (a kept digest and statistics
#: document are read against them)
COUNTERS = {
    **belote.COUNTERS,
    "levels": dict[Key, dict[Key, Count]],
    "generales": dict[Key, Count],
}
FIGURES = {
    **belote.FIGURES,
    "levels": dict[Key, dict[Key, Count]],
    "generales": dict[Key, Count],
}
