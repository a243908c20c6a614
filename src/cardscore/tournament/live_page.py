"""The live page of a tournament (``cardscore serve --tournament``), for the players' phones
and the room's TV.

Drawn from the tournament as it stands (:class:`~cardscore.tournament.organise.Standing`):

* **on a phone**: the title, the current round's tables (their seats, who deals first, the
  deals played and who leads), then the ranking (rank, name, total);
* **on the TV** (``?tv``): the ranking, large, and the tables' progress beside it; when the
  current round has just been drawn (no deal played at any of its tables), its seating
  instead, as large as the screen allows, so that everyone finds a seat.

:func:`fragment` is what changes, sent to every open page at each save as the session's page
does (the same script, :data:`cardscore.export.live_page.SCRIPT`); :func:`page` is the whole
page around it.  Without its script the page refreshes itself now and then.  No network
resource, every typed text (title, names) through :func:`html.escape`, every word in the
user's language.

>>> from cardscore.tournament.organise import create, standing
>>> t = create("tarot", names=["Ann", "Bob", "<i>Cy</i>", "Dan"], rounds=2, seed=1,
...            tournament_id="k3f9")
>>> shown = fragment(standing(t), tv=True)
>>> "&lt;i&gt;Cy&lt;/i&gt;" in shown and "<i>" not in shown, 'class="seating"' in shown
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from cardscore import __version__
from cardscore.export import live_page
from cardscore.i18n import _, msg, tr
from cardscore.tournament import views
from cardscore.tournament.organise import Standing
from cardscore.tournament.ranking import Ranked, TableState, places_at
from cardscore.tournament.record import TableDraw, Tournament

#: seconds between two reloads of a page whose script does not run
REFRESH_WITHOUT_SCRIPT = 15

CSS = (
    live_page.CSS
    + """
ol.ranking { list-style: none; margin: .4rem 0; padding: 0; }
ol.ranking li { display: flex; align-items: baseline; gap: .6rem; padding: .3rem .2rem;
                border-bottom: 1px solid var(--rule); font-size: 1.25rem; break-inside: avoid; }
ol.ranking li.first { font-weight: bold; color: var(--accent); }
ol.ranking .place { min-width: 1.8em; color: var(--muted); font-size: .85em; text-align: right; }
ol.ranking .name { flex: 1; overflow-wrap: anywhere; }
ol.ranking .total { font-variant-numeric: tabular-nums; font-weight: bold; }
ol.ranking .sum { color: var(--muted); font-size: .7em; font-weight: normal; }
ul.tables { list-style: none; margin: .4rem 0; padding: 0; }
ul.tables li { background: var(--card); border-radius: 8px; padding: .5rem .7rem;
               margin: .45rem 0; break-inside: avoid; }
ul.tables .seats { margin: 0; overflow-wrap: anywhere; }
ul.tables .seats b { font-weight: 600; }
ul.tables .progress { margin: .15rem 0 0; font-weight: 600; font-variant-numeric: tabular-nums; }
ul.tables li.done .progress { color: var(--muted); }
ul.tables li.problem .progress { color: var(--minus); }
.dealer { font-weight: bold; color: var(--accent); }
.teams { display: block; }
body.tv .current { font-size: 3vh; color: var(--muted); margin: .4vh 0 1.2vh; }
body.tv .board { flex: 1; display: grid; grid-template-columns: 3fr 2fr; gap: 3vw;
                 min-height: 0; }
body.tv .board.seating { grid-template-columns: 2fr 1fr; }
body.tv .board.alone { grid-template-columns: 1fr; }
body.tv .board section { min-height: 0; overflow: hidden; display: flex;
                         flex-direction: column; }
body.tv h2 { font-size: 2.4vh; margin: 0 0 1vh; }
body.tv ol.ranking { flex: 1; margin: 0; min-height: 0; display: grid; grid-auto-flow: column;
                     grid-auto-columns: 1fr;
                     column-gap: 3vw; }
body.tv ol.ranking li { font-size: var(--tv-size); line-height: 1.1; padding: 0 .5vw;
                        gap: 1.5vw; align-items: center; min-height: 0; }
body.tv .board.wide { grid-template-columns: 1fr 1fr; }
body.tv ul.tables { margin: 0; font-size: var(--tv-size); display: grid; gap: .45em .6em;
                    grid-template-columns: repeat(var(--tv-columns), minmax(0, 1fr));
                    align-content: start; }
body.tv ul.tables li { padding: .3em .6em; margin: 0; border-radius: .4em; min-width: 0; }
body.tv ul.tables p { margin: 0; line-height: 1.25; }
body.tv ul.tables .head, body.tv ul.tables .lead { display: flex; gap: .8em;
                                                   justify-content: space-between;
                                                   white-space: nowrap; min-height: 1.25em; }
body.tv ul.tables .deals, body.tv ul.tables .names { overflow: hidden; text-overflow: ellipsis;
                                                    min-width: 0; }
body.tv ul.tables .deals { font-weight: 600; }
body.tv ul.tables li.done .deals { color: var(--muted); }
body.tv ul.tables li.problem .deals { color: var(--minus); }
body.tv ul.tables .score { font-weight: bold; font-variant-numeric: tabular-nums; }
body.tv ul.tables .seats { font-size: .65em; color: var(--muted); white-space: nowrap;
                           overflow: hidden; text-overflow: ellipsis; }
body.tv section.tables .teams { display: inline; }
body.tv section.tables .teams::after { content: " · "; }
body.tv .bye { font-size: 2.6vh; margin: 1vh 0 0; color: var(--muted); }
body.tv section.seating ul.tables { flex: 1; align-content: space-evenly; gap: 1vh 2vw; }
body.tv section.seating .seats { font-size: 1em; color: var(--ink); white-space: normal; }
body.tv section.seating .number { display: block; font-size: .75em; color: var(--muted); }
"""
)


def unreadable() -> str:
    """What the page says while the tournament's file cannot be read (damaged, deleted…)."""
    return _("The tournament cannot be read just now: this is the page as it was last read.")


def fragment(standing: Standing, *, tv: bool = False) -> str:
    """The part of the page that follows the tournament: the whole page but its frame."""
    t = standing.tournament
    parts = [f"<h1>{escape(_title(t))}</h1>"]
    if not tv:
        parts.append(f'<p class="meta">{escape(_meta(standing))}</p>')
    else:
        parts.append(f'<p class="current">{escape(_round_line(t))}</p>')
    if standing.finished:
        parts.append(f'<p class="winner">{escape(views.next_step(standing))}</p>')
    if tv:
        parts.append(_board(standing))
        return "\n".join(parts)
    if t.draws:
        parts.append(f"<h2>{escape(_round_line(t))}</h2>")
        parts.append(_tables(standing))
        parts.extend(_bye(t))
    parts.append(f"<h2>{escape(_('Ranking'))}</h2>")
    parts.append(_ranking(standing.ranking, played=_anything_played(standing)))
    return "\n".join(parts)


def page(standing: Standing, *, tv: bool, nonce: str, notice: str = "") -> str:
    """The whole page, as first loaded; ``nonce`` lets its script run (and nothing else);
    ``notice``: what its status line says (:func:`unreadable`), until the next change."""
    footer = tr(msg("Live tournament page by cardscore {version}.", version=__version__))
    # without its script, the page is read again now and then (with it, at each save)
    refresh = f'<noscript><meta http-equiv="refresh" content="{REFRESH_WITHOUT_SCRIPT}"></noscript>'
    return live_page.shell(
        _title(standing.tournament),
        CSS,
        fragment(standing, tv=tv),
        tv=tv,
        nonce=nonce,
        notice=notice,
        footer=footer,
        head=refresh,
    )


# --------------------------------------------------------------------------------------------
# The parts


def _title(t: Tournament) -> str:
    return t.title or views.heading(t)


def _meta(standing: Standing) -> str:
    return views.meta_line(standing.tournament)


def _round_line(t: Tournament) -> str:
    return tr(msg("Round {number} of {rounds}", number=t.current_round, rounds=t.rounds))


def _bye(t: Tournament) -> list[str]:
    if not t.draws or not t.draws[-1].bye:
        return []
    said = tr(msg("Sitting out: {names}", names=", ".join(t.draws[-1].bye)))
    return [f'<p class="bye">{escape(said)}</p>']


def just_drawn(standing: Standing) -> bool:
    """Whether the current round was just drawn: no deal played at any of its tables yet
    (its seating is then what the room needs)."""
    return bool(standing.rounds) and not any(s.played for s in standing.rounds[-1])


def _anything_played(standing: Standing) -> bool:
    return any(s.played for states in standing.rounds for s in states)


def _board(standing: Standing) -> str:
    """The TV's board: the ranking and the tables' progress side by side; the seating (and
    the ranking beside it, after round 1) when the round was just drawn."""
    t = standing.tournament
    played = _anything_played(standing)
    ranking = (
        f'<section class="ranking"><h2>{escape(_("Ranking"))}</h2>'
        f"{_ranking(standing.ranking, played=played, tv=True)}</section>"
    )
    if not t.draws:
        return f'<div class="board alone">{ranking}</div>'
    seating = just_drawn(standing) and not standing.finished
    heading = _("Seating") if seating else _("Tables")
    count = len(t.draws[-1].tables)
    columns = 2 if count > 5 else 1
    inside = _seating(t) if seating else _cards(standing)
    tables = (
        f'<section class="{"seating" if seating else "tables"}"{_tv_size(count, seating)}>'
        f"<h2>{escape(heading)}</h2>{inside}{''.join(_bye(t))}</section>"
    )
    if seating and not played:  # round 1: a ranking of zeros says nothing yet
        return f'<div class="board seating alone">{tables}</div>'
    if seating:
        return f'<div class="board seating">{tables}{ranking}</div>'
    return f'<div class="board{" wide" if columns > 1 else ""}">{ranking}{tables}</div>'


def _tv_size(count: int, seating: bool) -> str:
    """The tables' text size on the TV: as large as their number lets it be, in two columns
    past five tables (each table's lines are of one line each: nothing runs off the screen)."""
    columns = 2 if count > 5 else 1
    rows = -(-count // columns)
    if seating:  # its number, and its seats on a line or two
        size = f"min({80 / (rows * 3.4):.2f}vh, {6 / columns:.1f}vh)"
    else:  # its number and deals, its leader, its seats (smaller), and the gap
        size = f"min({78 / (rows * 4.5):.2f}vh, {4.4 - 1.2 * (columns - 1):.1f}vh)"
    return f' style="--tv-size: {size}; --tv-columns: {columns}"'


def _number(table: TableDraw) -> str:
    return f'<b class="number">{escape(tr(msg("Table {number}", number=table.number)))}</b>'


def _seating(t: Tournament) -> str:
    """The current round's seating, for the TV: each table's number and seats."""
    items = [
        f'<li><p class="seats">{_number(table)} {_seats(t, table)}</p></li>'
        for table in t.draws[-1].tables
    ]
    return '<ul class="tables">' + "".join(items) + "</ul>"


def _cards(standing: Standing) -> str:
    """The current round's tables, for the TV: each its number and deals played, who
    leads (and with how much), its seats, each on a line of its own."""
    t = standing.tournament
    lower_wins = _lower_wins(t)
    items = []
    for table, state in zip(t.draws[-1].tables, standing.rounds[-1], strict=True):
        how = progress(state, lower_wins)
        total = "" if how.total is None else str(how.total)
        items.append(
            f"<li{_kind(state)}>"
            f'<p class="head">{_number(table)}<span class="deals">{escape(how.done)}</span></p>'
            f'<p class="lead"><span class="names">{escape(how.leader)}</span>'
            f'<span class="score">{total}</span></p>'
            f'<p class="seats">{_seats(t, table)}</p></li>'
        )
    return '<ul class="tables">' + "".join(items) + "</ul>"


def _kind(state: TableState) -> str:
    """A table's classes: finished (``done``), or with something wrong (``problem``)."""
    kinds = (["done"] if state.finished else []) + (
        ["problem"] if state.problem or state.zero_sum is False else []
    )
    return f' class="{" ".join(kinds)}"' if kinds else ""


def _tables(standing: Standing) -> str:
    """The current round's tables, for a phone: each its seats, and how far it is."""
    t = standing.tournament
    lower_wins = _lower_wins(t)
    items = []
    for table, state in zip(t.draws[-1].tables, standing.rounds[-1], strict=True):
        seats = f'<p class="seats">{_number(table)} {_seats(t, table)}</p>'
        how = f'<p class="progress">{escape(str(progress(state, lower_wins)))}</p>'
        items.append(f"<li{_kind(state)}>{seats}{how}</li>")
    return '<ul class="tables">' + "".join(items) + "</ul>"


def _seats(t: Tournament, table: TableDraw) -> str:
    """A table's seats in order, who deals first marked (a team game: its two teams first)."""
    names = []
    for player in table.players:
        if player == table.dealer:
            said = tr(msg("{name} (deals first)", name=player))
            names.append(f'<span class="dealer">{escape(said)}</span>')
        else:
            names.append(escape(player))
    seats = ", ".join(names)
    if not t.teams:
        return seats
    p = table.players
    teams = tr(msg("{first} against {second}", first=f"{p[0]} & {p[2]}", second=f"{p[1]} & {p[3]}"))
    return f'<span class="teams">{escape(teams)}</span>{seats}'


@dataclass(frozen=True)
class Progress:
    """How far a table is, in parts: its deals played (and whether it is finished, or why
    it cannot be read), who leads (or came first) and with how much.

    >>> print(Progress("3/4 deals", "leader: Ann, Bob", 120))
    3/4 deals · leader: Ann, Bob (120)
    """

    done: str
    leader: str = ""
    total: int | None = None

    def __str__(self) -> str:
        if self.total is None:
            return self.done
        return f"{self.done} · {self.leader} ({self.total})"


def progress(state: TableState, lower_wins: bool) -> Progress:
    """How far a table is: ``3/4 deals``, ``leader: Ann``, 120; once finished, who is first.

    >>> state = TableState(1, 2, ("Ann", "Bob"), 4, 3, False, {"Ann": 120, "Bob": -120})
    >>> print(progress(state, lower_wins=False))
    3/4 deals · leader: Ann (120)
    >>> print(progress(TableState(1, 2, ("Ann", "Bob"), 4, 0, False, {}), lower_wins=False))
    not started
    """
    if state.problem and not state.played:  # (why, with the file's path: `tournament show`)
        return Progress(_("cannot be read just now"))
    if not state.played:
        return Progress(_("not started"))
    if state.deals is None:
        done = [tr(msg("{played} deals", played=state.played))]
    else:
        done = [tr(msg("{played}/{deals} deals", played=state.played, deals=state.deals))]
    if state.finished:
        done.append(_("finished"))
    if state.zero_sum is False:
        done.append(_("columns do not add up to 0"))
    places = places_at(state, lower_wins)
    leaders = [side for side in state.sides if places[side] == 1]
    names = ", ".join(leaders)
    if state.finished:
        leader = tr(msg("first: {names}", names=names))
    else:
        leader = tr(msg("leader: {names}", names=names))
    return Progress(" · ".join(done), leader, state.totals.get(leaders[0], 0))


def _lower_wins(t: Tournament) -> bool:
    from cardscore.games import get_game

    return get_game(t.game).lower_wins


def _ranking(ranking: Sequence[Ranked], *, played: bool, tv: bool = False) -> str:
    """The ranking: each side's rank, name and total (ranked by places: its place points,
    the total beside)."""
    items = []
    for row in ranking:
        first = ' class="first"' if row.rank == 1 and played else ""
        shown = row.total if row.points is None else row.points
        beside = "" if row.points is None else f' <span class="sum">({row.total})</span>'
        items.append(
            f'<li{first}><span class="place">{row.rank}</span>'
            f'<span class="name">{escape(row.name)}</span>'
            f'<span class="total">{shown}{beside}</span></li>'
        )
    style = ""
    if tv:  # each line as tall as the screen allows; two columns past 14 lines, three past 40
        columns = 1 if len(ranking) <= 14 else 2 if len(ranking) <= 40 else 3
        lines = -(-max(len(ranking), 1) // columns)
        style = (
            f' style="--tv-size: min({55 / lines:.2f}vh, 6.5vh); '
            f'grid-template-rows: repeat({lines}, 1fr)"'
        )
    return f'<ol class="ranking"{style}>' + "".join(items) + "</ol>"
