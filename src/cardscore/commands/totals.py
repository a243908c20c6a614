"""What a change did to the totals, as ``add --before``, ``edit``, ``remove``, ``table``,
``undo`` and ``redo`` say it: the totals it moved, then the totals table and the game's
outcome."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
from typing import Any

from cardscore.commands.base import out
from cardscore.i18n import _, msg, tr


def _changed(before: Any, after: Any) -> dict[str, dict[str, int]]:
    """The totals a change moved: ``{column: {"before", "after"}}``, in the sheet's order."""
    return {
        column: {"before": before.totals.get(column, 0), "after": total}
        for column, total in after.totals.items()
        if before.totals.get(column, 0) != total
    }


def _show_changed(changed: dict[str, dict[str, int]]) -> None:
    """Every total that changed: ``Bob 142 → 102 (-40)``, one a line."""
    from cardscore.rows import signed  # as the sheet signs a round's score

    if not changed:
        out(_("No total changed."))
        return
    out(_("Totals that changed:"))
    for column, moved in changed.items():
        a, b = moved["before"], moved["after"]
        out(f"  {column} {a} → {b} ({signed(b - a)})", soft_wrap=True)


def _show_after(current: Any, standings: Any) -> None:
    """The totals table as ``add`` shows it, the game's outcome, and the rounds recorded
    after the end of the game, if a change ended it earlier."""
    from cardscore import render

    out(render.totals_table(current, standings))
    if line := render.outcome_line(standings):
        out(line)
    ended = current.ended_after(standings)
    if ended is not None and ended < len(standings.rows):
        out(
            tr(
                msg(
                    "Round {number} ended the game: the rounds after it were recorded past "
                    "its end.",
                    number=ended,
                )
            )
        )
