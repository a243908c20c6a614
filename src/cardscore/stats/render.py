"""What ``cardscore stats`` shows in the terminal: one table per game, one player's sheet.

(Over 600 lines: the parts of one screen — the games' tables, a player's sheet, the
records — drawn from one document.)

Everything is read from the document of :func:`cardscore.stats.aggregate.aggregate` (a plain
``dict``, the one ``stats --json`` prints), so that the terminal, the JSON and the page
(:mod:`cardscore.stats.page`) show the same numbers.

The tables are made to be read at 80 columns: a number is never cut.  When a game's table is
wider than the terminal, its least needed columns are left out (best and worst round first;
``--player`` shows every figure), and a line under it says so.

The helpers that say a figure (:func:`number`, :func:`rate`, :func:`pair`…) import nothing
heavy: the page uses them too.  Rich is imported by the functions that draw.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardscore.games import GAME_NAMES, get_game
from cardscore.games.figures import Breakdown, Figure, Say, read
from cardscore.games.game_stats import stats_of
from cardscore.i18n import _, decimal_text, msg, tr

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.table import Table

Doc = Mapping[str, Any]

DASH = "–"  # a figure that cannot be said (an average of nothing)
NAME_WIDTH = 24  # a name is never broken up to this width; a longer one folds at it


# --------------------------------------------------------------------------------------------
# Saying a figure (shared with the page)


def number(value: float | int | None, digits: int = 0) -> str:
    """A figure as a person reads it: a decimal comma in French, a dash
    for a figure that does not exist (the average of no round).

    >>> number(-726), number(12.345, 1), number(None), number(3.0, 1)
    ('-726', '12.3', '–', '3.0')
    """
    if value is None:
        return DASH
    text = _half_up(value, digits)
    if text.lstrip("-").strip("0.") == "":  # -0.0 is 0
        text = text.lstrip("-")
    return decimal_text(text)  # 68,3 in French and Norwegian


def _half_up(value: float | int, digits: int) -> str:
    """``value`` rounded half away from zero, as people round (68.25 → 68.3; Python's
    ``format`` rounds to even, and 68.25 would be 68.2).

    >>> _half_up(68.25, 1), _half_up(-2.5, 0), _half_up(7, 1)
    ('68.3', '-3', '7.0')
    """
    from decimal import ROUND_HALF_UP, Decimal

    step = Decimal(1).scaleb(-digits)
    return str(Decimal(str(value)).quantize(step, rounding=ROUND_HALF_UP))


def signed(value: float | int | None, digits: int = 0) -> str:
    """A round's score or a gap, always with its sign: ``+240``, ``-180``, ``0``.

    >>> signed(240), signed(-180), signed(0), signed(2.45, 1)
    ('+240', '-180', '0', '+2.5')
    """
    text = number(value, digits)
    if value is not None and value > 0 and text.strip("0.,") != "":
        return "+" + text
    return text


def percent(part: int, whole: int) -> str | None:
    """``part`` of ``whole`` in per cent, or None when ``whole`` is 0 (no division error).

    >>> percent(2, 3), percent(0, 0)
    ('67%', None)
    """
    if not whole:
        return None
    return tr(msg("{value}%", value=round(100 * part / whole)))


def rate(part: int, whole: int) -> str:
    """``8 (67%)``: a count and its share of ``whole``; the count alone when ``whole`` is 0."""
    share = percent(part, whole)
    return f"{part} ({share})" if share is not None else str(part)


def share_of(part: int, share: float | None) -> str:
    """``12 (30%)`` from a count and a share already computed (0 to 1), the count alone when
    there is no share."""
    if share is None:
        return str(part)
    return f"{part} ({tr(msg('{value}%', value=round(100 * share)))})"


def game_title(game: str) -> str:
    """The game's title as the game declares it (``Tarot``), in the current language."""
    from cardscore.games import get_game

    return tr(get_game(game).title)


def count_text(sessions: int, rounds: int) -> str:
    """``3 sessions, 40 rounds`` (singular when one)."""
    first = (
        msg("{count} session", count=sessions)
        if sessions == 1
        else msg("{count} sessions", count=sessions)
    )
    second = (
        msg("{count} round", count=rounds) if rounds == 1 else msg("{count} rounds", count=rounds)
    )
    return f"{tr(first)}, {tr(second)}"


def games_played(doc: Doc) -> list[str]:
    """The games of the document, in the games' order (one unknown to it: after them)."""
    games = doc.get("games") or {}
    known = [game for game in GAME_NAMES if game in games]
    return known + sorted(game for game in games if game not in GAME_NAMES)


def players_of(doc: Doc, game: str) -> list[Doc]:
    """The players who played ``game``, those who won the most sessions of it first, then
    by their points per round (the fewest first at rami, where points are lost); in a
    season's report (``--season``, ``--month``), by their rating first, then their wins."""
    players = [p for p in doc.get("players", ()) if game in (p.get("games") or {})]
    sign = 1 if get_game(game).lower_wins else -1
    by_rating = bool(doc.get("season"))

    def rank(player: Doc) -> tuple[float, int, float]:
        figures = player["games"][game]
        average = figures.get("average")
        rating = (figures.get("rating") or {}).get("value")
        first = -rating if by_rating and rating is not None else (math.inf if by_rating else 0)
        return (
            first,
            -figures.get("wins", 0),
            sign * average if average is not None else math.inf,
        )

    return sorted(players, key=rank)  # stable: the document's order among equals


def homes_text(homes: Sequence[str]) -> str:
    return ", ".join(str(home) for home in homes)


def partner_text(partner: Doc | None) -> str:
    """``Bob 3/4``: the partner a tarot player wins most with, rounds won of the rounds
    together; a dash when none has played 3 rounds with him."""
    if not partner:
        return DASH
    return f"{partner['name']} {partner.get('won', 0)}/{partner.get('rounds', 0)}"


def made_fallen(level: Doc | int | None) -> str:
    """``2/1``: a coinche level's contracts (or générales) made and fallen."""
    if isinstance(level, int):
        return str(level)
    level = level or {}
    return f"{level.get('made', 0)}/{level.get('fallen', 0)}"


# --------------------------------------------------------------------------------------------
# The overview: one table per game


#: A column of a game's table: (key, heading, the cell from a player's figures in that game,
#: priority).  At a narrow width the column with the highest priority number goes first.
Column = tuple[str, str, Any, int]


def columns_for(game: str) -> list[Column]:
    """The columns of ``game``'s table: what every game has, then its own (its view)."""
    common: list[Column] = [
        ("sessions", _("Won/\nplayed"), sessions_cell, 2),
        ("rounds", _("Rounds"), lambda f: str(f.get("rounds", 0)), 4),
        ("points", _("Points"), lambda f: number(f.get("points", 0)), 3),  # among the last
        ("average", _("Avg"), lambda f: number(f.get("average"), 1), 5),
        ("best", _("Best"), lambda f: round_score(game, f.get("best")), 9),
        ("worst", _("Worst"), lambda f: round_score(game, f.get("worst")), 9),
        ("rating", _("Rating"), lambda f: rating_text(f.get("rating")), 0),  # the last to go
    ]
    own: list[Column] = [
        (f.key, tr(f.label), lambda figures, f=f: figure_text(f, figures), f.priority)
        for f in stats_of(get_game(game)).view.columns
    ]
    return common + own


def figure_text(figure: Figure, figures: Doc) -> str:
    """A game's own figure, said as its view says (:class:`~cardscore.games.figures.Say`).

    >>> from cardscore.games.figures import Figure, Say
    >>> figure_text(Figure("made", msg("Made"), Say.MADE, at="."), {"takes": 3, "made": 2})
    '2 (67%)'
    >>> figure_text(Figure("won", msg("Won"), Say.OF_ROUNDS), {"won": 1, "rounds": 4})
    '1 (25%)'
    """
    value = figure.value(figures)
    say = figure.say
    if say == Say.SHARE:
        return share_of(value or 0, read(figures, figure.share))
    if say == Say.MADE:
        part = value if isinstance(value, Mapping) else {}
        return made_cell({"takes": part.get("takes", part.get("count", 0)), **part})
    if say == Say.OF_ROUNDS:
        return rate(value or 0, figures.get("rounds", 0))
    if say == Say.AVERAGE:
        return number(value, 1)
    if say == Say.SIGNED_AVERAGE:
        return signed(value, 1)
    if say == Say.PARTNER:
        return partner_text(value)
    if say == Say.MADE_FALLEN:
        return made_fallen(value)
    return str(value or 0)


def rating_text(rating: Doc | None) -> str:
    """``1184 +12``: a rating and its change at his last session; a dash before his first
    counted session.

    >>> rating_text({"value": 1184, "change": 12}), rating_text({"value": 990, "change": -3})
    ('1184 +12', '990 -3')
    >>> rating_text(None), rating_text({"value": 1000, "change": 0})
    ('–', '1000 0')
    """
    if not rating:
        return DASH
    return f"{rating['value']} {signed(rating.get('change', 0))}"


def round_score(game: str, value: int | None) -> str:
    """A round's score: with its sign (``+240``), but where the fewest points win (rami),
    whose rounds' points are points lost, as they are (``30``)."""
    return number(value) if get_game(game).lower_wins else signed(value)


def sessions_cell(figures: Doc) -> str:
    """``2/3``: the sessions won of the sessions played."""
    return f"{figures.get('wins', 0)}/{figures.get('sessions', 0)}"


def made_cell(figures: Doc) -> str:
    """``8 (67%)``: the contracts made and their share of the takes; a dash with no take."""
    takes = figures.get("takes", 0)
    return rate(figures.get("made", 0), takes) if takes else DASH


def game_table(
    doc: Doc, game: str, keep: Iterable[str] | None = None, *, narrow: bool = False
) -> Table:
    """``game``'s table: one row per player, the columns of :func:`columns_for` (only those
    in ``keep`` when given), ``narrow``: one space between the columns instead of two."""
    from rich import box
    from rich.table import Table

    table = Table(
        title=game_heading(doc, game),
        title_style="bold",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=narrow,
    )
    table.add_column(_("Player"), overflow="fold", min_width=name_width(doc, game))
    chosen = [c for c in columns_for(game) if keep is None or c[0] in keep]
    for _key, heading, _cell, _priority in chosen:
        table.add_column(heading, justify="right", no_wrap=True)
    for player in players_of(doc, game):
        mine = player["games"][game]
        table.add_row(player["name"], *(cell(mine) for _key, _heading, cell, _p in chosen))
    return table


def fitted_table(console: Console, doc: Doc, game: str) -> tuple[Table, list[str]]:
    """``game``'s table at the console's width, so that no number is cut: every column if
    it fits (two spaces between columns, else one), else without the least needed ones
    (best and worst round first, together), and the headings of those left out."""
    columns = columns_for(game)
    widths = _widths(doc, game, columns)
    names = name_width(doc, game)
    levels = sorted({c[3] for c in columns}, reverse=True)
    keep = [c[0] for c in columns]
    dropped: list[str] = []
    for level in [None, *levels]:
        if level is not None:
            going = [c for c in columns if c[3] == level]
            keep = [key for key in keep if key not in {c[0] for c in going}]
            dropped += [c[1].replace("\n", " ") for c in going]
        for narrow in (False, True):
            if table_width(widths, keep, narrow, names) <= console.options.max_width:
                return game_table(doc, game, keep, narrow=narrow), dropped
        if len(keep) <= 3:
            break
    return game_table(doc, game, keep, narrow=True), dropped


def _widths(doc: Doc, game: str, columns: Sequence[Column]) -> dict[str, int]:
    """Each column's width: its widest cell or heading line (every cell is one line)."""
    from rich.cells import cell_len

    figures = [player["games"][game] for player in players_of(doc, game)]
    return {
        key: max(
            [cell_len(line) for line in heading.split("\n")]
            + [cell_len(cell(each)) for each in figures]
        )
        for key, heading, cell, _priority in columns
    }


def name_width(doc: Doc, game: str) -> int:
    """The Player column's width: its longest name whole (up to :data:`NAME_WIDTH`)."""
    from rich.cells import cell_len

    longest = max((cell_len(p["name"]) for p in players_of(doc, game)), default=0)
    return min(max(longest, cell_len(_("Player"))), NAME_WIDTH)


def table_width(
    widths: Mapping[str, int], keep: Sequence[str], narrow: bool, names: int = NAME_WIDTH
) -> int:
    """The narrowest a game's table can be drawn without cutting a number or a name: the
    names ``names`` wide (see :func:`name_width`), the ``keep`` columns whole, and between
    columns the box's blank rule with one space of padding on each side (``narrow``: one in
    all), and the box's edge on each side (as Rich's ``SIMPLE_HEAD`` draws it, no padding at
    the edges)."""
    gap = 2 if narrow else 3
    return names + sum(widths[key] for key in keep) + gap * len(keep) + 2


def overview(console: Console, doc: Doc, homes: Sequence[str]) -> list[RenderableType]:
    """The whole terminal report: a line saying what was read, one table per game with a
    legend, then the notes (how a tarot session is won)."""
    from rich.text import Text

    parts: list[RenderableType] = [whole_line(heading_line(doc, homes), style="bold")]
    for game in games_played(doc):
        if not players_of(doc, game):  # sessions created, no round played
            parts += [Text(""), Text(unplayed_line(doc, game), style="bold")]
            continue
        table, dropped = fitted_table(console, doc, game)
        parts += [Text(""), table]
        if dropped:
            left_out = tr(
                msg(
                    "Left out at this width: {columns} (see --player NAME).",
                    columns=", ".join(dropped),
                )
            )
            parts.append(Text(left_out, style="dim"))
        if said := legend(game):
            parts.append(Text(said, style="dim"))
    parts.append(Text(""))
    parts.append(Text(common_legend()))
    parts.extend(Text(tr(note)) for note in doc.get("notes") or ())
    if line := not_won_line(doc):
        parts.append(Text(line))
    return parts


def not_won_line(doc: Doc) -> str | None:
    """``2 sessions count for nobody's win: q7x2 (not finished), k3m9 (…)``, or ``None``."""
    left = doc.get("not_won") or ()
    if not left:
        return None
    from cardscore.store import short_ids

    every = [s["id"] for s in doc.get("sessions_list") or ()] or [s["id"] for s in left]
    typed = dict(zip(every, short_ids(every), strict=True))  # as unique among them all
    said = ", ".join(f"{typed.get(s['id'], s['id'])} ({tr(s['reason'])})" for s in left)
    if len(left) == 1:
        return tr(msg("1 session counts for nobody's win: {sessions}", sessions=said))
    return tr(
        msg("{count} sessions count for nobody's win: {sessions}", count=len(left), sessions=said)
    )


def game_heading(doc: Doc, game: str) -> str:
    """``Tarot — 3 sessions, 40 rounds``."""
    figures = doc["games"][game]
    counts = count_text(figures.get("sessions", 0), figures.get("rounds", 0))
    return f"{game_title(game)} — {counts}"


def unplayed_line(doc: Doc, game: str) -> str:
    """What a game whose sessions have no round yet shows instead of its table."""
    return tr(msg("{heading}: no round played yet.", heading=game_heading(doc, game)))


def heading_line(doc: Doc, homes: Sequence[str]) -> str:
    """``6 sessions, 70 rounds in /home/ann/.local/share/cardscore/sessions``."""
    return tr(
        msg(
            "{counts} in {homes}",
            counts=count_text(doc.get("sessions", 0), doc.get("rounds", 0)),
            homes=homes_text(homes),
        )
    )


def legend(game: str) -> str:
    """What the game's own figures in its table are, in a sentence ("" when it has none)."""
    return tr(stats_of(get_game(game)).view.legend)


def common_legend() -> str:
    """What the columns every game's table has are."""
    return _(
        "Won/played: sessions; avg: points per round played; best, worst: their best and "
        "worst round."
    )


def empty_line(homes: Sequence[str], filters: Sequence[str]) -> str:
    """The sentence said when no session was found (or none matched the options)."""
    if filters:
        return tr(
            msg(
                "No sessions found in {homes} for {filters}.",
                homes=homes_text(homes),
                filters=", ".join(filters),
            )
        )
    return tr(msg("No sessions found in {homes}.", homes=homes_text(homes)))


# --------------------------------------------------------------------------------------------
# One player's sheet (--player)


def player_sheet(player: Doc) -> list[RenderableType]:
    """Every figure of one player: the whole, then each game (per contract at tarot, per
    level at coinche), saying in a sentence what he has not done yet.  The games stand side
    by side where the terminal is wide enough."""
    from rich.columns import Columns
    from rich.console import Group
    from rich.text import Text

    blocks: list[RenderableType] = []
    for game in [g for g in GAME_NAMES if g in player["games"]] + sorted(
        g for g in player["games"] if g not in GAME_NAMES
    ):
        figures = player["games"][game]
        parts: list[RenderableType] = [figure_table(game_title(game), game_figures(game, figures))]
        view = stats_of(get_game(game)).view
        if view.takes and not figures.get("takes", 0):
            parts.append(Text(no_take_line(player["name"], game)))
        elif view.breakdown is not None:
            parts.append(breakdown_table(view.breakdown, figures))
        if history := (figures.get("rating") or {}).get("history"):
            parts.append(history_table(history))
        blocks.append(Group(*parts))
    return [Text(player_heading(player), style="bold"), Columns(blocks, padding=(0, 4))]


def player_heading(player: Doc) -> str:
    """``Ann — sessions won: 3 of 6; 70 rounds, 1234 points``."""
    rounds = player.get("rounds", 0)
    played = (
        msg("{count} round", count=rounds) if rounds == 1 else msg("{count} rounds", count=rounds)
    )
    return tr(
        msg(
            "{name} — sessions won: {wins} of {sessions}; {rounds}, {points} points",
            name=player["name"],
            wins=player.get("wins", 0),
            sessions=player.get("sessions", 0),
            rounds=played,
            points=number(player.get("points", 0)),
        )
    )


def game_figures(game: str, figures: Doc) -> list[tuple[str, str]]:
    """``(what, value)`` lines of one player's figures in ``game``."""
    rounds = figures.get("rounds", 0)
    lines = [
        (_("Sessions played"), str(figures.get("sessions", 0))),
        (_("Sessions won"), str(figures.get("wins", 0))),
        (_("Rounds played"), str(rounds)),
        (_("Points"), number(figures.get("points", 0))),
        (_("Average per round"), number(figures.get("average"), 1)),
        (_("Best round"), round_score(game, figures.get("best"))),
        (_("Worst round"), round_score(game, figures.get("worst"))),
        (_("Rating (its change at their last session)"), rating_text(figures.get("rating"))),
    ]
    lines += [(tr(f.label), figure_text(f, figures)) for f in stats_of(get_game(game)).view.lines]
    return lines


def figure_table(title: str, lines: Sequence[tuple[str, str]]) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(
        title=title, title_style="bold", title_justify="left", box=box.SIMPLE, show_header=False
    )
    table.add_column(overflow="fold")
    table.add_column(justify="right", no_wrap=True)
    for what, value in lines:
        table.add_row(what, value)
    return table


def breakdown_table(breakdown: Breakdown, figures: Doc) -> Table:
    """A player's figures part by part (tarot per contract, coinche per level): the parts
    of his view's breakdown, those he never played left out where it says so."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, title=tr(breakdown.title), title_justify="left")
    table.add_column(tr(breakdown.heading))
    for column in breakdown.columns:
        table.add_column(tr(column.label), justify="right", no_wrap=True)
    parts = read(figures, breakdown.at) or {}
    for key, name in breakdown.parts:
        each = parts.get(key) or {}
        if breakdown.only_played and not any(c.value(each) for c in breakdown.columns[:1]):
            continue
        table.add_row(name, *(figure_text(column, each) for column in breakdown.columns))
    return table


#: the sessions a player's rating history shows (the latest)
HISTORY_SHOWN = 12


def history_table(history: Sequence[Doc]) -> Table:
    """His rating after each of his last sessions (:data:`HISTORY_SHOWN`), with its change."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, title=_("Rating, session by session"), title_justify="left")
    table.add_column(_("Date"))
    table.add_column(_("Session"))
    table.add_column(_("Rating"), justify="right", no_wrap=True)
    shown = list(history)[-HISTORY_SHOWN:]
    from cardscore.stats.league import START

    before = history[-len(shown) - 1]["value"] if len(history) > len(shown) else START
    for entry in shown:
        change = " " + signed(entry["value"] - before)
        table.add_row(entry.get("date") or DASH, entry["session"], f"{entry['value']}{change}")
        before = entry["value"]
    return table


def no_take_line(name: str, game: str) -> str:
    """``Zoé has not taken yet (tarot).``"""
    if stats_of(get_game(game)).view.by_team:
        return tr(msg("{name}'s team has not taken yet ({game}).", name=name, game=game))
    return tr(msg("{name} has not taken yet ({game}).", name=name, game=game))


def unknown_player_line(name: str, homes: Sequence[str]) -> str:
    return tr(
        msg(
            "No player named {name} in the sessions of {homes}.", name=name, homes=homes_text(homes)
        )
    )


# --------------------------------------------------------------------------------------------
# The report


def report(
    console: Console, doc: Doc, homes: Sequence[str], filters: Sequence[str], names: Sequence[str]
) -> list[RenderableType]:
    """What ``cardscore stats`` prints: the overview, or the sheets of the players named
    (``--player``); a sentence when there is nothing to show."""
    if not doc.get("sessions"):
        return [whole_line(empty_line(homes, filters))]
    if not names:
        return overview(console, doc, homes)
    parts: list[RenderableType] = []
    for name in names:
        found = find_player(doc, name)
        if found is None:
            parts.append(whole_line(unknown_player_line(name, homes)))
        else:
            parts.extend(player_sheet(found))
    return parts


def records_report(
    console: Console, doc: Doc, homes: Sequence[str], filters: Sequence[str]
) -> list[RenderableType]:
    """What ``cardscore stats --records`` prints: each game's records, a table each."""
    from rich.text import Text

    if not doc.get("sessions"):
        return [whole_line(empty_line(homes, filters))]
    from cardscore.store import short_ids

    every = [s["id"] for s in doc.get("sessions_list") or ()]
    typed = dict(zip(every, short_ids(every), strict=True))
    parts: list[RenderableType] = [whole_line(heading_line(doc, homes), style="bold")]
    for game in games_played(doc):
        found = (doc.get("records") or {}).get(game)
        if found:
            parts += [Text(""), records_table(doc, game, found, typed)]
            parts += [whole_line(line) for line in feat_counts(game, found)]
    parts += [
        Text(""),
        Text(_("Session: its id's first letters (cardscore show ID)."), style="dim"),
    ]
    return parts


def feat_counts(game: str, found: Doc) -> list[str]:
    """How many of each feat kept every time each player had, a line a feat (``Chelems:
    Bruno 2, Chloé 1, Damien 1``): what the rows of the sessions where it happened leave
    to be added up."""
    by_player = found.get("feats_by_player") or {}
    lines = []
    for feat in stats_of(get_game(game)).view.feats:
        counts = by_player.get(feat.key) if feat.each else None
        if counts:
            said = ", ".join(f"{name} {number(count)}" for name, count in counts.items())
            lines.append(tr(msg("{feat}: {counts}", feat=feat.label, counts=said)))
    return lines


def records_table(doc: Doc, game: str, found: Doc, typed: Mapping[str, str]) -> Table:
    """One game's records: what, how much, who, when, in which session."""
    from rich import box
    from rich.table import Table

    table = Table(
        title=tr(msg("{game} — records", game=game_title(game))),
        title_style="bold",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column(_("Record"), overflow="fold")
    table.add_column(_("Value"), justify="right", no_wrap=True)
    table.add_column(_("Who"), overflow="fold")
    table.add_column(_("When"), no_wrap=True)
    table.add_column(_("Session"), no_wrap=True)
    for cells in record_rows(game, found, typed):
        table.add_row(*cells)
    return table


#: how many times of a feat kept every time (the chelems) the records show: the latest
EACH_SHOWN = 5


def record_rows(
    game: str, found: Doc, typed: Mapping[str, str] | None = None
) -> list[tuple[str, str, str, str, str]]:
    """A game's records as rows: what, how much, who, when, in which session (``typed``:
    each id as it is shown, its first letters)."""
    typed = typed or {}
    rows: list[tuple[str, str, str, str, str]] = []

    def row(label: str, record: Doc | None, value: str | None = None) -> None:
        if record is None:
            rows.append((label, DASH, "", "", ""))
            return
        where = typed.get(record["session"], record["session"])
        if record.get("from") and record["from"] != record["session"]:
            where = f"{typed.get(record['from'], record['from'])} → {where}"
        said = value if value is not None else number(record.get("value", record.get("count")))
        rows.append((label, said, ", ".join(record["players"]), record.get("date") or "", where))

    best, worst = found.get("best_round"), found.get("worst_round")
    row(_("Best round"), best, best and round_score(game, best["value"]))
    row(_("Worst round"), worst, worst and round_score(game, worst["value"]))
    row(_("Best session (final total)"), found.get("best_session"))
    row(_("Sessions won in a row"), found.get("longest_run"))
    for feat in stats_of(get_game(game)).view.feats:
        got = (found.get("feats") or {}).get(feat.key)
        if not feat.each:
            row(tr(msg("{feat} in one session", feat=tr(feat.label))), got)
        elif not got:
            row(tr(feat.label), None)
        else:  # the latest ones, newest first, and in how many sessions in all
            times = len(got)
            in_all = (
                msg("{feat} (1 session)", feat=feat.label)
                if times == 1
                else msg("{feat} ({count} sessions)", feat=feat.label, count=times)
            )
            for each in reversed(got[-EACH_SHOWN:]):
                row(tr(in_all), each)
    return rows


class WholeLine:
    """A line holding folders, to be printed whole (``soft_wrap``, see :func:`is_whole`): a
    path broken at a space by Rich would not paste back; the terminal wraps it as it wraps
    any long line."""

    def __init__(self, text: str, style: str = "") -> None:
        self.text, self.style = text, style

    def __rich__(self) -> RenderableType:
        from rich.text import Text

        return Text(self.text, style=self.style)


def whole_line(text: str, style: str = "") -> RenderableType:
    return WholeLine(text, style)


def is_whole(part: Any) -> bool:
    """Whether ``part`` is printed with ``soft_wrap`` (made by :func:`whole_line`)."""
    return isinstance(part, WholeLine)


def only_players(doc: Doc, names: Sequence[str]) -> Doc:
    """The document with only the players called ``names`` (case and accents aside), in
    its players and in the results of its sessions: what the page of ``--player`` shows."""
    if not names:
        return doc
    from cardscore.games.base import fold

    wanted = {fold(name) for name in names}
    sessions = [
        {**each, "results": {k: v for k, v in each["results"].items() if fold(k) in wanted}}
        for each in doc.get("sessions_list", ())
    ]
    players = [p for p in doc.get("players", ()) if fold(p["name"]) in wanted]
    return {**doc, "players": players, "sessions_list": sessions}


def find_player(doc: Doc, name: str) -> Doc | None:
    """The player of the document called ``name``, case and accents aside."""
    from cardscore.games.base import fold

    wanted = fold(name)
    for player in doc.get("players", ()):
        if fold(player["name"]) == wanted:
            return player
    return None
