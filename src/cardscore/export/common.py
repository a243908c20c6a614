"""What every format shares: titles, the ranking, the rule parameters, the table changes, the
chart's scales.

(Over 600 lines: what every format shares, kept in one module that each format imports.)

Every function reads the :func:`cardscore.document.scoresheet` document (a plain ``dict``), so
that all formats show the same numbers.  Nothing here imports a heavy library.

Every text is said in the current language (:mod:`cardscore.i18n`): the sentences here are
translated as they are built (``tr(msg(...))``), and the exporters pass each round's
breakdown lines (``Msg`` objects) through ``tr()`` where they write them.  Names and rule
set names stay as typed; a parameter is said by its label and its value in words.

Why 600 lines: every format (text, Markdown, CSV, HTML, PDF) reads the same sheet through
these helpers, so that a ranking, a label or a table change is worded once.
"""

from __future__ import annotations

import dataclasses
import html
import math
from collections.abc import Mapping, Sequence
from typing import Any

from cardscore import __version__
from cardscore.games import preset_word
from cardscore.i18n import _, date_text, language, msg, tr  # date_text: as the language writes it
from cardscore.rows import AFTER_END_MARK, EDITED_MARK

Doc = Mapping[str, Any]

#: Line colours of the chart (Okabe–Ito: told apart by colour-blind readers, dark enough to
#: print), each with a dash pattern so that a black-and-white print still tells them apart.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#000000", "#56B4E9")
DASHES = ((), (7, 3), (2, 2.5), (9, 3, 2, 3), (4, 4), (1, 2))
#: The marker shapes along each line, one per line (where lines cross or run together, the
#: shapes still tell them apart).
MARKERS = ("circle", "square", "triangle", "diamond", "triangle-down", "cross", "plus")
#: At most this many markers along a line (past it, one every few rounds).
MARKERS_PER_LINE = 12


def game_name(doc: Doc) -> str:
    """The game's title as the game declares it (``Tarot``), in the current language."""
    from cardscore.games import get_game

    return tr(get_game(str(doc["game"])).title)


def title(doc: Doc) -> str:
    """The sheet's title: the session's, else the game and its rule set."""
    return doc["title"] or f"{game_name(doc)} — {preset_word(doc['rules'])}"


def page_top(title: str, css: str, meta: str) -> str:
    """The top of a printed HTML page (the sheet's, the statistics'): its head, in the
    current language, then its header (``title`` and ``meta`` already escaped)."""
    return (
        f'<!DOCTYPE html>\n<html lang="{language()}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="cardscore {html.escape(__version__)}">\n'
        f"<title>{title}</title>\n<style>{css}</style>\n</head>\n<body>\n<header>\n"
        f'<h1>{title}</h1>\n<p class="meta">{meta}</p>\n</header>'
    )


def game_line(doc: Doc) -> str:
    """``Tarot, rule set fft`` (+ the target when the game has one, as it is in force: rami's
    automatic one is stored as 0)."""
    key = (_target_param(doc) or "").replace("_", "-")
    target = {label: value for label, value, _ in parameters(doc)}.get(key, "0")
    if target != "0":
        return tr(
            msg(
                "{game}, rule set {rules}, target {target}",
                game=game_name(doc),
                rules=preset_word(doc["rules"]),
                target=target,
            )
        )
    return tr(msg("{game}, rule set {rules}", game=game_name(doc), rules=preset_word(doc["rules"])))


def meta_items(doc: Doc) -> list[str]:
    """What the HTML and PDF sheets write under the title: the game, the session, when it
    started and last changed, how many rounds (``[…, 'session 1a2b3c', '5 rounds']``)."""
    items = [game_line(doc), tr(msg("session {id}", id=doc["id"]))]
    if doc["created"]:
        items.append(tr(msg("started {date}", date=date_text(doc["created"]))))
    if doc["updated"] and doc["updated"][:16] != doc["created"][:16]:
        items.append(tr(msg("last change {date}", date=date_text(doc["updated"]))))
    count = len(doc["rounds"])
    if count == 0:
        items.append(_("0 rounds"))
    elif count == 1:
        items.append(tr(msg("{count} round", count=count)))
    else:
        items.append(tr(msg("{count} rounds", count=count)))
    return items


def game_of(doc: Doc) -> Any:
    """The game a sheet is of (see :func:`cardscore.games.get_game`)."""
    from cardscore.games import get_game

    return get_game(doc["game"])


def _target_param(doc: Doc) -> str | None:
    """The parameter holding the game's target (``None``: none, or a game unknown here)."""
    from cardscore.games import get_game
    from cardscore.games.base import InputError

    try:
        return get_game(doc["game"]).target_param
    except (KeyError, InputError):
        return None


def parameters(doc: Doc) -> list[tuple[str, str, str]]:
    """The rule set's parameters in force as ``(label, value, meaning)`` in the sheet's
    language (``half points``, ``on``; see :func:`cardscore.games.base.describe_params`):
    not those the others make void (a tarot scored the fft way has no use for the maison
    contract values). A rule set this version does not know shows its keys as stored."""
    from cardscore.games import get_game
    from cardscore.games.base import InputError, describe_params, params_from_dict

    stored = dict(doc["params"])
    if (goal := changed_target(doc)) is not None and (key := _target_param(doc)) is not None:
        stored[key] = goal  # the target in force, as the table changed it
    try:
        game = get_game(doc["game"])
        params = params_from_dict(game.params_cls, stored)
    except (KeyError, TypeError, ValueError, InputError):
        # a sheet of a game or rule set this version does not know: the values as stored
        return [(key.replace("_", "-"), _plain(value), "") for key, value in stored.items()]

    def shown(name: str, value: Any) -> str | None:
        text = game.shown_param(params, name, doc["players"])  # rami: its automatic target
        return None if text is None else tr(text)

    rows = describe_params(params, shown, in_force=True)  # those that count under the others
    return [(tr(row.label), tr(row.shown), tr(row.help)) for row in rows]


def _plain(value: Any) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def parameters_line(doc: Doc) -> str:
    """``scoring fft, half points on, …``: each parameter's label, then its value."""
    return ", ".join(f"{label} {value}" for label, value, _ in parameters(doc))


def seats(doc: Doc) -> list[tuple[str, list[str]]]:
    """Each score column with its players: ``[(team, [player, player]), …]`` for a game in
    teams (players 1 & 3 against 2 & 4, those at the table now), ``[(player, []), …]``
    otherwise (every player who played, one who left too)."""
    columns = list(doc["columns"])
    players = list(doc["players"])
    if doc["teams"] and len(columns) == 2 and len(players) == 4:
        return [(columns[0], players[0::2]), (columns[1], players[1::2])]
    return [(c, []) for c in columns]


def seat_names(doc: Doc) -> list[str]:
    """Each team with its players (``NS (Sud, Nord)``), or each player (``Dan (left)``
    for one who left)."""
    if doc["teams"]:
        return [
            f"{team} ({', '.join(members)})" if members else team for team, members in seats(doc)
        ]
    return [label(doc, column) for column in doc["columns"]]


def seats_line(doc: Doc) -> str:
    """``Players: Ann, Bob`` or ``Teams: NS (Sud, Nord) against EW (Est, Ouest)``."""
    names = seat_names(doc)
    if doc["teams"] and len(names) == 2:
        return tr(msg("Teams: {first} against {second}", first=names[0], second=names[1]))
    return tr(msg("Players: {players}", players=", ".join(names)))


def lower_wins(doc: Doc) -> bool:
    from cardscore.games import get_game

    return get_game(doc["game"]).lower_wins


def ranking(doc: Doc) -> list[tuple[int | None, str, int]]:
    """``(place, column, total)``, best first; equal totals share a place.

    A player who left keeps his total.  Where the game has no set end (tarot) he is ranked
    by it with the others: his total is what he takes home.  Where the game ends at a target
    (rami), only the players at the table are still in the running: he is listed after
    them, with no place (``None``).

    >>> ranking({"game": "tarot", "columns": ["A", "B", "C"],
    ...          "totals": {"A": 10, "B": 30, "C": 10}})
    [(1, 'B', 30), (2, 'A', 10), (2, 'C', 10)]
    >>> ranking({"game": "rami", "columns": ["A", "B"], "totals": {"A": 120, "B": 40}})
    [(1, 'B', 40), (2, 'A', 120)]
    >>> ranking({"game": "rami", "columns": ["A", "B", "C"], "players": ["A", "C"],
    ...          "totals": {"A": 120, "B": 40, "C": 90}, "params": {"target": 500}})
    [(1, 'C', 90), (2, 'A', 120), (None, 'B', 40)]
    """
    totals = doc["totals"]
    sign = 1 if lower_wins(doc) else -1
    order = sorted(doc["columns"], key=lambda c: sign * totals[c])
    out: set[str] = set()
    if target(doc) is not None:  # only the players at the table can still win
        out = {column for column in order if has_left(doc, column)}
        order.sort(key=lambda c: c in out)
    result: list[tuple[int | None, str, int]] = []
    for index, column in enumerate(order, start=1):
        if column in out:
            result.append((None, column, totals[column]))
            continue
        place = result[-1][0] if result and result[-1][2] == totals[column] else index
        result.append((place, column, totals[column]))
    return result


def place_text(place: int | None) -> str:
    """A place in the ranking (``1``), or ``–`` for a player out of the running."""
    return "–" if place is None else str(place)


def outcome(doc: Doc) -> str:
    """``Winner: Ann`` (a team: ``Winners: NS``, as the screen's ``NS win!``), or where a
    game in play stands."""
    if doc["finished"] and doc["winner"]:
        if doc.get("teams"):
            return tr(msg("Winners: {winner}", winner=doc["winner"]))
        return tr(msg("Winner: {winner}", winner=doc["winner"]))
    if not doc["rounds"]:
        return _("No round played yet.")
    places = ranking(doc)
    leaders = [label(doc, column) for place, column, _total in places if place == 1]
    if not game_of(doc).has_set_end:
        if len(leaders) == 1:
            text = msg("No winner yet (no set end); leading: {leader}", leader=leaders[0])
        else:
            text = msg(
                "No winner yet (no set end); tied for the lead: {leaders}",
                leaders=", ".join(leaders),
            )
    elif len(leaders) == 1:
        text = msg("No winner yet (game in play); leading: {leader}", leader=leaders[0])
    else:
        text = msg(
            "No winner yet (game in play); tied for the lead: {leaders}",
            leaders=", ".join(leaders),
        )
    return tr(text)


def ranking_heading(doc: Doc, colon: bool = False) -> str:
    """``Ranking`` (``Ranking:`` with ``colon``), saying when the lowest total wins."""
    if lower_wins(doc):
        return _("Ranking (lowest total wins):") if colon else _("Ranking (lowest total wins)")
    return _("Ranking:") if colon else _("Ranking")


def kind_heading(doc: Doc) -> str:
    """The ranking's name column: ``Team`` or ``Player``."""
    return _("Team") if doc["teams"] else _("Player")


def seats_heading(doc: Doc) -> str:
    return _("Teams") if doc["teams"] else _("Players")


def unawarded(doc: Doc) -> int:
    """The points held (belote's litige) when the game ended: nobody gets them.

    >>> unawarded({"held": 81, "finished": True}), unawarded({"held": 81, "finished": False})
    (81, 0)
    """
    return int(doc["held"]) if doc["finished"] else 0


def held_line(doc: Doc) -> str | None:
    """The litige points still held for the next round, if any; at the end of the game, the
    points held that nobody was awarded."""
    if points := unawarded(doc):
        return tr(msg("{held} points held at the end were not awarded", held=points))
    if doc["held"]:
        return tr(
            msg(
                "Held (litige): {held} points go to the winner of the next round",
                held=doc["held"],
            )
        )
    return None


def round_heading(row: Mapping[str, Any]) -> str:
    """A round's heading in the breakdowns: ``Round 3 · dealer Ann`` (+ its mort, and
    when it was corrected or recorded after the end: :func:`round_notes`)."""
    number, dealer, mort = row["number"], row["dealer"], row["mort"]
    if mort and mort == dealer:
        text = msg("Round {number} · dealer {dealer} (mort)", number=number, dealer=dealer)
    elif mort:
        text = msg(
            "Round {number} · dealer {dealer} · mort {mort}",
            number=number,
            dealer=dealer,
            mort=mort,
        )
    else:
        text = msg("Round {number} · dealer {dealer}", number=number, dealer=dealer)
    return " · ".join([tr(text), *round_notes(row)])


# --------------------------------------------------------------------------------------------
# Corrections: the rounds corrected, the rounds recorded after the game's end


def round_notes(row: Mapping[str, Any]) -> list[str]:
    """What a round's heading in the breakdowns adds: when it was corrected, that it was
    recorded after the end (``['✎ corrected 2026-11-30 20:15']``)."""
    notes = []
    if row.get("edited"):
        text = tr(msg("corrected {date}", date=date_text(row["edited"])))
        notes.append(f"{EDITED_MARK} {text}")
    if row.get("after_end"):
        notes.append(f"{AFTER_END_MARK} {_('recorded after the end')}")
    return notes


def total_heading(name: str) -> str:
    """The heading of a column's running total: ``Ann total``."""
    return tr(msg("{name} total", name=name))


# --------------------------------------------------------------------------------------------
# Table changes: who played which rounds, the lines where the table changed


def at_table(doc: Doc) -> frozenset[str]:
    """The columns of the table that plays now (every column of a game in teams, whose four
    seats never change; the players at the table otherwise).

    >>> sorted(at_table({"teams": [], "columns": ["A", "B", "C"], "players": ["A", "C"]}))
    ['A', 'C']
    """
    if doc.get("teams") or "players" not in doc:
        return frozenset(doc["columns"])
    return frozenset(doc["players"])


def has_left(doc: Doc, column: str) -> bool:
    """Whether ``column`` is a player who left the table (replaced, or gone)."""
    return column not in at_table(doc)


def label(doc: Doc, column: str) -> str:
    """A column's name where the totals are listed: ``Dan (left)`` for a player who left.

    >>> label({"teams": [], "columns": ["A", "B"], "players": ["A"]}, "B")
    'B (left)'
    """
    return tr(msg("{name} (left)", name=column)) if has_left(doc, column) else column


def table_changes(doc: Doc) -> list[Mapping[str, Any]]:
    return list(doc.get("table_changes") or ())


def changed_target(doc: Doc) -> int | None:
    """The target a table change set (the last one), or ``None``."""
    goals = [c["target"] for c in table_changes(doc) if c.get("target") is not None]
    return int(goals[-1]) if goals else None


# --------------------------------------------------------------------------------------------
# Chart scales


def nice_ticks(low: int, high: int, count: int = 6) -> list[int]:
    """Round tick values covering ``[low, high]`` (steps of 1, 2 or 5 × 10^k).

    >>> nice_ticks(-814, 2442)
    [-1000, 0, 1000, 2000, 3000]
    >>> nice_ticks(0, 5)
    [0, 1, 2, 3, 4, 5]
    >>> nice_ticks(0, 0)
    [0, 1]
    """
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, count - 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    step = max(1, round(step))  # whole points
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    ticks = []
    value = first
    while value <= last + step / 2:
        ticks.append(value)
        value += step
    return ticks


def tick_label(value: int) -> str:
    """A chart axis label, short enough for the axis: thousands as k, millions as M.

    >>> [tick_label(v) for v in (0, -500, 2000, 15000, -250000, 1500000, -1000000)]
    ['0', '-500', '2000', '15k', '-250k', '1.5M', '-1M']
    """
    if abs(value) < 10_000:
        return str(value)
    if abs(value) < 1_000_000:
        return f"{value / 1000:g}k"
    return f"{value / 1_000_000:g}M"


def runs(doc: Doc, column: str, limit: int = 1500) -> list[list[tuple[int, int]]]:
    """The running total of ``column`` as lines of ``(round, total)`` points, one for each
    stretch of rounds it played: from the total it came with, before its first round
    (``(0, 0)`` for a player there from the start), to its total after its last round.  Past
    ``limit`` rounds the points are thinned, bucket by bucket, keeping each bucket's first,
    lowest, highest and last point, so the drawn line keeps its shape.

    >>> runs({"rounds": [{"number": 1, "scores": {"A": 5}, "totals": {"A": 5}}]}, "A")
    [[(0, 0), (1, 5)]]
    >>> runs({"rounds": [{"number": 1, "scores": {}, "totals": {}},
    ...                  {"number": 2, "scores": {"A": 5}, "totals": {"A": 45}},
    ...                  {"number": 3, "scores": {}, "totals": {}}]}, "A")
    [[(1, 40), (2, 45)]]
    >>> runs({"rounds": [{"number": 4, "scores": {}, "totals": {}}], "totals": {"B": 30}}, "B")
    [[(4, 30)]]
    >>> rounds = [{"number": n, "scores": {"A": 1}, "totals": {"A": n % 7}}
    ...           for n in range(1, 10001)]
    >>> len(runs({"rounds": rounds}, "A", limit=400)[0]) <= 401
    True
    """
    if not doc["rounds"]:
        return [[(0, 0)]]  # every line's start, and nothing yet
    lines: list[list[tuple[int, int]]] = []
    line: list[tuple[int, int]] | None = None
    for row in doc["rounds"]:
        totals = row["totals"]
        if column not in totals:  # not at the table: the line stops
            line = None
            continue
        total = totals[column]
        if line is None:  # the line starts from the total the column came with
            line = [(row["number"] - 1, total - row["scores"].get(column, 0))]
            lines.append(line)
        line.append((row["number"], total))
    if not lines:  # a player who joined and has not played yet: his total, at the end
        last = doc["rounds"][-1]["number"]
        return [[(last, doc.get("totals", {}).get(column, 0))]]
    return [_thinned(points, limit) for points in lines]


def marker_points(
    points: Sequence[tuple[int, int]], index: int, count: int
) -> list[tuple[int, int]]:
    """The points of a line that get a marker: every one on a short line, else one every
    few rounds, the lines' markers shifted from one another (line ``index`` of ``count``)
    so that lines running together still show each one's shape; the line's end always.

    >>> marker_points([(0, 0), (1, 5), (2, 9)], 0, 2)
    [(0, 0), (1, 5), (2, 9)]
    >>> line = [(n, n) for n in range(101)]
    >>> [p[0] for p in marker_points(line, 0, 2)][:3], [p[0] for p in marker_points(line, 1, 2)][:3]
    ([0, 9, 18], [4, 13, 22])
    >>> marker_points(line, 1, 2)[-1]
    (100, 100)
    """
    step = max(1, math.ceil(len(points) / MARKERS_PER_LINE))
    offset = index * step // max(1, count)
    chosen = [point for i, point in enumerate(points) if i % step == offset]
    if points and (not chosen or chosen[-1] != points[-1]):
        chosen.append(points[-1])
    return chosen


def marker_outline(shape: str, r: float) -> list[tuple[float, float]]:
    """The corners of a marker of ``shape`` about its centre, ``r`` its half-width: a
    circle (as a polygon of 16 sides), a square, a triangle (pointing up or down), a
    diamond, a cross or a plus.

    >>> marker_outline("square", 2)
    [(-1.7, -1.7), (1.7, -1.7), (1.7, 1.7), (-1.7, 1.7)]
    """
    if shape == "circle":
        return [(r * math.cos(k * math.pi / 8), r * math.sin(k * math.pi / 8)) for k in range(16)]
    if shape == "square":
        s = r * 0.85
        return [(-s, -s), (s, -s), (s, s), (-s, s)]
    if shape in ("triangle", "triangle-down"):
        flip = 1 if shape == "triangle" else -1
        return [(0, -1.15 * r * flip), (r, 0.75 * r * flip), (-r, 0.75 * r * flip)]
    if shape == "diamond":
        d = r * 1.2
        return [(0, -d), (d, 0), (0, d), (-d, 0)]
    w = r * 0.45  # the arms' half-width
    if shape == "plus":
        return [(-w, -r), (w, -r), (w, -w), (r, -w), (r, w), (w, w),
                (w, r), (-w, r), (-w, w), (-r, w), (-r, -w), (-w, -w)]  # fmt: skip
    return [(-r, -r + w), (-r + w, -r), (0, -w), (r - w, -r), (r, -r + w), (w, 0),
            (r, r - w), (r - w, r), (0, w), (-r + w, r), (-r, r - w), (-w, 0)]  # fmt: skip


def spread(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as near as can be to ``wanted`` (in their order), at least ``gap`` apart and
    within ``[low, high]``: where the end labels of the chart's lines go.

    >>> spread([50, 52, 51, 10], 10, 0, 100)
    [50, 70, 60, 10]
    >>> spread([95, 99], 10, 0, 100)
    [90, 100]
    """
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [wanted[i] for i in order]
    for k in range(len(placed)):  # downwards: each at least a gap under the one above
        placed[k] = max(placed[k], placed[k - 1] + gap if k else low)
    for k in range(len(placed) - 1, -1, -1):  # then what overflows the bottom, back up
        placed[k] = min(placed[k], placed[k + 1] - gap if k + 1 < len(placed) else high)
    result = list(wanted)
    for k, i in enumerate(order):
        result[i] = placed[k]
    return result


def _thinned(points: list[tuple[int, int]], limit: int) -> list[tuple[int, int]]:
    if len(points) <= limit:
        return points
    buckets = max(1, limit // 4)
    size = math.ceil(len(points) / buckets)
    thinned: list[tuple[int, int]] = []
    for start in range(0, len(points), size):
        bucket = points[start : start + size]
        keep = {0, len(bucket) - 1}
        keep.add(min(range(len(bucket)), key=lambda i: bucket[i][1]))
        keep.add(max(range(len(bucket)), key=lambda i: bucket[i][1]))
        thinned.extend(bucket[i] for i in sorted(keep))
    return thinned


def target(doc: Doc) -> int | None:
    """The total that ends the game, if it has one (rami's may follow the players' number).

    >>> target({"game": "belote", "params": {"target": 1000}, "players": ["A", "B", "C", "D"]})
    1000
    >>> target({"game": "rami", "params": {"target": 0, "target_per_opponent": 100},
    ...         "players": ["A", "B", "C"]})
    200
    >>> target({"game": "tarot", "params": {}, "players": ["A", "B", "C"]}) is None
    True
    """
    from cardscore.games import get_game
    from cardscore.games.base import Table, params_from_dict

    value = changed_target(doc)
    if not value:  # the game's own, at the table that plays now
        game = get_game(doc["game"])
        params = params_from_dict(game.params_cls, doc.get("params", {}))
        players = tuple(doc.get("players") or doc["columns"])
        value = game.goal(Table(game.name, players, params))
    return int(value) if value else None


@dataclasses.dataclass(frozen=True)
class Axes:
    """The scales of the running-totals chart, shared by the HTML and the PDF sheets."""

    x_max: int
    x_ticks: list[int]
    y_min: int
    y_max: int
    y_ticks: list[int]


def chart_axes(doc: Doc) -> Axes:
    """Round numbers along x (0 to the last round), totals along y (round tick values)."""
    rounds = len(doc["rounds"])
    low, high = value_range(doc)
    y_ticks = nice_ticks(low, high, 6)
    x_max = max(rounds, 1)
    x_ticks = [t for t in nice_ticks(0, x_max, 9 if rounds > 1 else 2) if t <= x_max]
    return Axes(x_max, x_ticks, y_ticks[0], y_ticks[-1], y_ticks)


def value_range(doc: Doc) -> tuple[int, int]:
    """The lowest and highest running totals (0 included: every line starts there, a
    newcomer's from the total he came with), and the game's target when a total came within
    a third of it (so its line is drawn)."""
    low = high = 0
    before: Mapping[str, int] = {}
    for row in doc["rounds"]:
        totals = row["totals"]
        values = totals.values()
        low = min(low, *values)
        high = max(high, *values)
        for column in totals.keys() - before.keys():  # a line starts: from where it came
            start = totals[column] - row["scores"].get(column, 0)
            low, high = min(low, start), max(high, start)
        before = totals
    goal = target(doc)
    if goal and high * 3 >= goal * 2:
        high = max(high, goal)
    return low, high


def truncate(text: str, width: int, ellipsis: str = "…") -> str:
    """``text`` cut to ``width`` characters, ending with an ellipsis when cut.

    >>> truncate("Alexandrine", 6), truncate("Ann", 6)
    ('Alexa…', 'Ann')
    """
    if len(text) <= width:
        return text
    if width <= len(ellipsis):
        return text[:width]
    return text[: width - len(ellipsis)].rstrip() + ellipsis


def unique_labels(names: Sequence[str], width: int) -> list[str]:
    """Column headings of at most ``width`` characters that still tell the columns apart
    (numbered when cutting the names would make two alike).

    >>> unique_labels(["Alexandrine A", "Alexandrine B", "Bob"], 8)
    ['1 Alexa…', '2 Alexa…', '3 Bob']
    >>> unique_labels(["Ann", "Bob"], 8)
    ['Ann', 'Bob']
    """
    labels = [truncate(n, width) for n in names]
    if len({label.casefold() for label in labels}) == len(labels):
        return labels
    return [truncate(f"{i} {n}", width) for i, n in enumerate(names, start=1)]
