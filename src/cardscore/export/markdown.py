"""``print --format md``: the scoresheet as Markdown (GitHub-flavoured tables).

A heading, the game, rule set and players, then the rounds table — one table row per round:
number, dealer (and mort at 6-player tarot), and for each column the round's score and the
running total — then the ranking table, held points and the winner.  The totals are in the
ranking table, not in the rounds table, so that every row of the rounds table is a round.
"""

from __future__ import annotations

from cardscore.export import common
from cardscore.export.common import Doc, signed

_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|#~"})


def escape(text: str) -> str:
    """A user's text, safe inside Markdown (and inside a table cell).

    >>> escape("A|B *C*")
    'A\\\\|B \\\\*C\\\\*'
    """
    return " ".join(str(text).translate(_SPECIAL).split())


def render(doc: Doc) -> str:
    lines = [f"# {escape(common.title(doc))}", ""]
    info = [
        f"**Game:** {escape(common.game_line(doc))}",
        f"**Session:** {escape(doc['id'])}",
    ]
    if doc["created"]:
        info.append(f"**Date:** {common.date_text(doc['created'])}")
    lines.append(" · ".join(info))
    lines.append("")
    label, _, rest = common.seats_line(doc).partition(": ")
    lines.append(f"**{label}:** {escape(rest)}")
    lines.append("")
    lines.append(f"**Rules:** {escape(common.parameters_line(doc))}")
    lines.append("")
    lines.append("## Rounds")
    lines.append("")
    if doc["rounds"]:
        lines.extend(rounds_table(doc))
    else:
        lines.append("No round played yet.")
    lines.append("")
    lines.append("## Ranking" + (" (lowest total wins)" if common.lower_wins(doc) else ""))
    lines.append("")
    lines.append("| Place | " + ("Team" if doc["teams"] else "Player") + " | Total |")
    lines.append("|---:|---|---:|")
    for place, column, total in common.ranking(doc):
        lines.append(f"| {place} | {escape(column)} | {total} |")
    lines.append("")
    if held := common.held_line(doc):
        lines.append(escape(held))
        lines.append("")
    outcome = common.outcome(doc)
    lines.append(f"**{escape(outcome)}**")
    return "\n".join(lines) + "\n"


def rounds_table(doc: Doc) -> list[str]:
    names = list(doc["columns"])
    mort = common.mort_column(doc)
    held = common.has_held(doc)
    head = ["#", common.dealer_heading(doc), *(["Mort"] if mort else [])]
    align = ["---:", "---", *(["---"] if mort else [])]
    for name in names:
        head += [escape(name), f"{escape(name)} total"]
        align += ["---:", "---:"]
    if held:
        head.append("Held")
        align.append("---:")
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(align) + "|"]
    for row in doc["rounds"]:
        scores, totals = row["scores"], row["totals"]
        cells = [str(row["number"]), escape(row["dealer"])]
        if mort:
            cells.append(escape(row["mort"] or ""))
        for name in names:
            cells.append(signed(scores.get(name, 0)))
            cells.append(str(totals[name]))
        if held:
            cells.append(str(row["held"] or ""))
        lines.append("| " + " | ".join(cells) + " |")
    return lines
