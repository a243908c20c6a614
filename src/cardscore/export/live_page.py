"""The live page ``cardscore serve`` shows on the players' phones and on the TV.

Drawn from the scoresheet document (the ``show --json`` shape), like every sheet: the
totals, large and ranked; who deals next (and who is mort); the winner when the game has
ended; the points held; the table's changes; the last rounds, with what was played and how
each was scored; the chart of the running totals.  The TV view (``?tv``) shows the totals
alone, as large as the screen allows.

:func:`fragment` is what changes: the server sends it to every open page each time the
session is saved, and the page's few lines of script put it in place.  :func:`page` is the
whole page around it, as it is first loaded (it reads without its script too).  No network
resource (the room may have no internet), every name through :func:`html.escape`, the
user's language, and the reader's light or dark theme (``prefers-color-scheme``).
"""

from __future__ import annotations

from html import escape

from cardscore import __version__, rows
from cardscore.export import common
from cardscore.export.common import Doc
from cardscore.i18n import _, language, msg, tr

#: the rounds the phone view lists, newest first
LAST_ROUNDS = 5

CSS = """
:root { color-scheme: light dark; --ink: #1b1f24; --muted: #5b6470; --rule: #d5d9df;
        --paper: #ffffff; --card: #f3f5f8; --accent: #0b4f8a; --plus: #17663a;
        --minus: #b3261e; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #eef1f4; --muted: #a7b0bb; --rule: #3a4048; --paper: #111418;
          --card: #1d2228; --accent: #7cb8f0; --plus: #6fd39a; --minus: #ff8a80; }
}
* { box-sizing: border-box; }
html { font-family: "DejaVu Sans", "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
       background: var(--paper); color: var(--ink); line-height: 1.3;
       -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 760px; padding: 12px 14px 32px; }
h1 { font-size: 1.35rem; margin: 0; overflow-wrap: anywhere; }
h2 { font-size: 1rem; margin: 1.2rem 0 .4rem; color: var(--muted); text-transform: uppercase;
     letter-spacing: .04em; }
p { margin: .3rem 0; }
.meta, .status, footer { color: var(--muted); font-size: .85rem; }
.status { min-height: 1.2em; }
.winner { font-size: 1.4rem; font-weight: bold; color: var(--accent); margin: .6rem 0; }
.next { font-size: 1.1rem; font-weight: 600; margin: .5rem 0; }
ol.totals { list-style: none; margin: .4rem 0; padding: 0; }
ol.totals li { display: flex; align-items: baseline; gap: .6rem; padding: .35rem .2rem;
               border-bottom: 1px solid var(--rule); font-size: 1.6rem; }
ol.totals li.first { font-weight: bold; color: var(--accent); }
ol.totals .place { min-width: 1.6em; color: var(--muted); font-size: 1.1rem; }
ol.totals .name { flex: 1; overflow-wrap: anywhere; }
ol.totals .total { font-variant-numeric: tabular-nums; font-weight: bold; }
.round { background: var(--card); border-radius: 8px; padding: .55rem .7rem; margin: .5rem 0; }
.round h3 { font-size: .9rem; margin: 0 0 .2rem; color: var(--muted); }
.round .played { font-size: 1.1rem; font-weight: 600; margin: 0 0 .2rem; }
.round .scores { font-variant-numeric: tabular-nums; }
.round .scores span { white-space: nowrap; margin-right: .5rem; }
.plus { color: var(--plus); } .minus { color: var(--minus); }
.round ul { margin: .3rem 0 0; padding-left: 1.1rem; font-size: .85rem; color: var(--muted); }
ul.changes { padding-left: 1.1rem; }
figure.chart { margin: 0; background: #ffffff; border-radius: 8px; padding: 6px; }
figure.chart svg { width: 100%; height: auto; display: block; }
footer { margin-top: 1.5rem; }
body.tv { max-width: none; height: 100vh; padding: 2vh 3vw; display: flex;
          flex-direction: column; overflow: hidden; }
body.tv main { flex: 1; display: flex; flex-direction: column; min-height: 0; }
body.tv h1 { font-size: 4vh; }
body.tv .winner { font-size: 6vh; margin: 1vh 0; }
body.tv ol.totals { flex: 1; display: flex; flex-direction: column; justify-content: space-evenly;
                    margin: 0; }
body.tv ol.totals li { font-size: var(--tv-size); line-height: 1.15; padding: 0 1vw; gap: 3vw; }
body.tv ol.totals .place { font-size: .55em; }
body.tv .status, body.tv footer { font-size: 2vh; margin: 0; }
"""

#: What the page does: take each fragment the server sends, say what the server says of it
#: (a ``notice``: the session cannot be read), and come back when the server went away (a
#: browser gives up on a stream answered with an error, e.g. when serve was stopped and
#: started again, or 32 others are watching).
SCRIPT = """
(function () {
  var main = document.getElementById("score"), status = document.getElementById("status");
  var source = null;
  function open() {
    source = new EventSource("events" + location.search);
    source.onmessage = function (event) { main.innerHTML = event.data; status.textContent = ""; };
    source.addEventListener("notice", function (event) { status.textContent = event.data; });
    source.onerror = function () {
      status.textContent = status.dataset.lost;
      if (source.readyState === EventSource.CLOSED) { source.close(); setTimeout(open, 2000); }
    };
  }
  open();
})();
"""


def fragment(doc: Doc, *, tv: bool = False) -> str:
    """The part of the page that follows the score: the whole page but its frame."""
    parts = [f"<h1>{escape(common.title(doc))}</h1>"]
    if not tv:
        parts.append(f'<p class="meta">{escape(" · ".join(common.meta_items(doc)))}</p>')
    parts.append(f'<p class="winner">{escape(common.outcome(doc))}</p>')
    parts.append(_totals(doc, tv))
    if tv:
        return "\n".join(parts)
    if not doc["finished"] and doc["next_dealer"]:
        from cardscore.render import dealer_line

        line = dealer_line(doc["next_dealer"], doc["next_mort"])
        parts.append(f'<p class="next">{escape(line)}</p>')
    if held := common.held_line(doc):
        parts.append(f'<p class="held">{escape(held)}</p>')
    parts.extend(_changes(doc))
    parts.extend(_last_rounds(doc))
    if doc["rounds"]:
        from cardscore.export import html

        parts.append(f"<h2>{escape(_('Running totals'))}</h2>")
        parts.append(html.chart(doc))
    return "\n".join(parts)


def _totals(doc: Doc, tv: bool) -> str:
    ranking = common.ranking(doc)
    items = []
    for place, column, total in ranking:
        first = ' class="first"' if place == 1 and doc["rounds"] else ""
        items.append(
            f'<li{first}><span class="place">{common.place_text(place)}</span>'
            f'<span class="name">{escape(common.label(doc, column))}</span>'
            f'<span class="total">{total}</span></li>'
        )
    # on the TV, each line as tall as the screen allows: the names share its height
    size = f' style="--tv-size: min({60 / max(len(ranking), 1):.1f}vh, 9vw)"' if tv else ""
    return f'<ol class="totals"{size}>' + "".join(items) + "</ol>"


def _changes(doc: Doc) -> list[str]:
    changes = common.table_changes(doc)
    if not changes:
        return []
    items = [f"<li>{escape(rows.change_line(change))}</li>" for change in changes]
    return [f"<h2>{escape(_('Table changes'))}</h2>", '<ul class="changes">', *items, "</ul>"]


def _last_rounds(doc: Doc) -> list[str]:
    if not doc["rounds"]:
        return []
    lower_wins = common.lower_wins(doc)
    parts = [f"<h2>{escape(_('Last rounds'))}</h2>"]
    for row in reversed(doc["rounds"][-LAST_ROUNDS:]):
        scores = []
        for column, points in row["scores"].items():
            good = points < 0 if lower_wins else points > 0
            style = "" if not points else (' class="plus"' if good else ' class="minus"')
            scores.append(
                f"<span>{escape(common.label(doc, column))} "
                f"<b{style}>{escape(rows.signed(points))}</b></span>"
            )
        breakdown = "".join(f"<li>{escape(tr(line))}</li>" for line in row["breakdown"])
        parts.append(
            '<div class="round">'
            f"<h3>{escape(common.round_heading(row))}</h3>"
            f'<p class="played">{escape(row["played"])}</p>'
            f'<p class="scores">{" ".join(scores)}</p>'
            f"<ul>{breakdown}</ul></div>"
        )
    return parts


def unreadable() -> str:
    """What the page says while the session's file cannot be read (damaged, deleted…)."""
    return _("The session cannot be read just now: this is the score as it was last read.")


def page(doc: Doc, *, tv: bool, nonce: str, notice: str = "") -> str:
    """The whole page, as first loaded; ``nonce`` lets its script run (and nothing else);
    ``notice``: what its status line says (:func:`unreadable`), until the next score."""
    footer = tr(msg("Live scoresheet by cardscore {version}.", version=__version__))
    return shell(common.title(doc), CSS, fragment(doc, tv=tv), tv=tv, nonce=nonce,
                 notice=notice, footer=footer)  # fmt: skip


def shell(
    title: str,
    css: str,
    body: str,
    *,
    tv: bool,
    nonce: str,
    notice: str,
    footer: str,
    head: str = "",
) -> str:
    """A live page around its changing part ``body`` (HTML): its head (``title``, ``css``,
    and ``head``'s extra HTML), the status line (``notice``), the footer (on the phone) and
    the script that follows the event stream.  Every page the server serves has this shape,
    the session's and the tournament's."""
    lost = escape(_("Connection lost: trying again…"))
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{language()}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="color-scheme" content="light dark">',
            '<meta name="referrer" content="no-referrer">',
            *([head] if head else []),
            f"<title>{escape(title)}</title>",
            f"<style>{css}</style>",
            "</head>",
            f'<body class="{"tv" if tv else "phone"}">',
            f'<main id="score">{body}</main>',
            f'<p class="status" id="status" data-lost="{lost}" aria-live="polite">'
            f"{escape(notice)}</p>",
            "" if tv else f"<footer>{escape(footer)}</footer>",
            f'<script nonce="{nonce}">{SCRIPT}</script>',
            "</body>",
            "</html>",
        ]
    )


def busy_page(limit: int) -> str:
    """What the viewer past the limit reads (served with 503)."""
    said = escape(
        tr(msg("{limit} people are watching already: try again in a moment.", limit=limit))
    )
    return (
        f'<!DOCTYPE html><html lang="{language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>cardscore</title></head><body><p>{said}</p></body></html>"
    )
