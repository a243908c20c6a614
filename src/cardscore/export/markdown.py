"""``print --format md``: the scoresheet as Markdown (GitHub-flavoured tables).

A heading, the game, rule set and players, then the rounds table — one table row per round:
number, dealer (and mort at 6-player tarot), and for each column the round's score and the
running total — then the ranking table, held points and the winner.  The totals are in the
ranking table, not in the rounds table, so that every row of the rounds table is a round.

Where the table changed, the rounds table stops, an italic line says how (``from round 12:
Zoé replaces Dan``) and the table starts again; a player's cells are empty in the rounds he
did not play.  A player who left keeps his total, marked ``(left)`` in the ranking.

Every heading is in the current language (the bold labels are part of each translated
sentence: ``**Joueurs :** Ann, Bob``); the user's texts are escaped before they go in.
"""

from __future__ import annotations

from cardscore.export import common
from cardscore.export.common import Doc, signed
from cardscore.i18n import _, msg, tr

# The costly round parts this sheet writes (cardscore.document.ROUND_EXTRAS): none (no
# breakdown, no terms); the sheet is built without them.
ROUND_EXTRAS: tuple[str, ...] = ()
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
        tr(msg("**Game:** {game}", game=escape(common.game_line(doc)))),
        tr(msg("**Session:** {id}", id=escape(doc["id"]))),
    ]
    if doc["created"]:
        info.append(tr(msg("**Date:** {date}", date=common.date_text(doc["created"]))))
    lines.append(" · ".join(info))
    lines.append("")
    names = [escape(name) for name in common.seat_names(doc)]
    if doc["teams"] and len(names) == 2:
        seats = msg("**Teams:** {first} against {second}", first=names[0], second=names[1])
    else:
        seats = msg("**Players:** {players}", players=", ".join(names))
    lines.append(" ".join(tr(seats).split()))
    lines.append("")
    lines.append(tr(msg("**Rules:** {rules}", rules=escape(common.parameters_line(doc)))))
    lines.append("")
    lines.append("## " + escape(_("Rounds")))
    lines.append("")
    if doc["rounds"]:
        lines.extend(rounds_table(doc))
    else:
        lines.append(escape(_("No round played yet.")))
    lines.append("")
    lines.append("## " + escape(common.ranking_heading(doc)))
    lines.append("")
    heads = (_("Place"), common.kind_heading(doc), _("Total"))
    lines.append("| " + " | ".join(escape(head) for head in heads) + " |")
    lines.append("|---:|---|---:|")
    for place, column, total in common.ranking(doc):
        name = escape(common.label(doc, column))
        lines.append(f"| {common.place_text(place)} | {name} | {total} |")
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
    head = ["#", escape(common.dealer_heading(doc)), *([escape(_("Mort"))] if mort else [])]
    align = ["---:", "---", *(["---"] if mort else [])]
    for name in names:
        head += [escape(name), escape(common.total_heading(name))]
        align += ["---:", "---:"]
    if held:
        head.append(escape(_("Held")))
        align.append("---:")
    played = common.any_played(doc)  # what was played: the last column
    if played:
        head.append(escape(common.played_heading()))
        align.append("---")
    heading = ["| " + " | ".join(head) + " |", "|" + "|".join(align) + "|"]
    lines = list(heading)
    marked = common.any_edited(doc)
    ended = common.ended_after(doc)
    changes = common.changes_before(doc)
    for row in doc["rounds"]:
        scores, totals = row["scores"], row["totals"]
        number = str(row["number"])
        if row["number"] in changes:
            said = _change_paragraphs(changes[row["number"]])
            if len(lines) == len(heading):  # before the first round: above the table
                lines[:0] = [*said, ""]
            else:  # where the table changed: the table stops, says so, and starts again
                lines += ["", *said, "", *heading]
        if marked or ended is not None:
            if ended is not None and row["number"] == ended + 1:
                # where the game ended: the table stops, says so, and starts again
                lines += ["", f"*{escape(common.ended_line(ended))}*", "", *heading]
            if mark := common.marks(row):
                number += f" {mark}"
        cells = [number, escape(row["dealer"])]
        if mort:
            cells.append(escape(row["mort"] or ""))
        for name in names:
            if name in totals:
                cells.append(signed(scores.get(name, 0)))
                cells.append(str(totals[name]))
            else:  # not at the table that round: blank
                cells += ["", ""]
        if held:
            cells.append(str(row["held"] or ""))
        if played:
            cells.append(escape(common.played(row)))
        lines.append("| " + " | ".join(cells) + " |")
    if (following := len(doc["rounds"]) + 1) in changes:  # the table of the next round
        lines += ["", *_change_paragraphs(changes[following])]
    if legend := common.legend(doc):
        lines += ["", " · ".join(escape(line) for line in legend)]
    return lines


def _change_paragraphs(said: list[str]) -> list[str]:
    """Where the table changed, in italics, one line each (hard line breaks between them)."""
    return ["  \n".join(f"*{escape(line)}*" for line in said)]
