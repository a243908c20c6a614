"""The rounds table of a scoresheet, worked out once: what each row, column and cell holds.

Seven layouts draw the rounds (the terminal's sheet, its plain lines for a long one, text,
Markdown, CSV, HTML and PDF).  They all read one :class:`RoundsTable`, built here from the
scoresheet's rounds (:func:`cardscore.document.round_document`), so that a mark, a table
change, the line where the game ended, a column's heading and whether a column is there at
all (the mort, the points held, what was played: :class:`Column`) are decided in one place;
each format only lays the table out.

So every sheet says the same: a corrected round's number carries ``✎``, a round recorded
after the game's end ``†``, and a legend says what they mean; where the table changed, a
line above the first round the new table played says how (``from round 12: Zoé replaces
Dan``); a player's cells are blank in the rounds he did not play; at 6-player tarot the
dealer's column is headed ``Dealer (mort)``.

>>> table = build(
...     [{"number": 1, "dealer": "Ann", "mort": None, "played": "Bob garde",
...       "scores": {"Ann": -20, "Bob": 20}, "totals": {"Ann": -20, "Bob": 20},
...       "held": 0, "edited": "2026-11-30T20:15:03+01:00", "after_end": False}],
...     columns=["Ann", "Bob"], totals={"Ann": -20, "Bob": 20}, players=["Ann", "Bob"])
>>> row = table.rows[0]
>>> row.marks, row.dealer, [score.signed for score in row.scores], table.legend
('✎', 'Ann', ['-20', '+20'], ('✎ corrected round',))

No heavy library here: ``cardscore show`` builds it without loading the exporters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from msgspec import Struct

from cardscore.i18n import _, msg, tr

#: The mark of a corrected round (``cardscore edit``) and of a round recorded after the
#: game's end (a correction can end a game earlier).
EDITED_MARK = "✎"
AFTER_END_MARK = "†"


def signed(value: int) -> str:
    """A round's score always shows its sign.

    >>> signed(20), signed(-80), signed(0)
    ('+20', '-80', '0')
    """
    return f"{value:+d}" if value else "0"


class Score(Struct, frozen=True):
    """A column's cell in a round: the round's points and the running total after it."""

    points: int
    total: int

    @property
    def signed(self) -> str:
        return signed(self.points)


class Change(Struct, frozen=True):
    """A change of the table: its line across the sheet (``from round 12: Zoé replaces
    Dan``) and the change alone (``Zoé replaces Dan``)."""

    line: str
    summary: str


class Row(Struct, frozen=True):
    """One round of the table.

    ``scores`` has a cell for each of the table's columns, ``None`` where that column was
    not at the table that round (not yet come, or gone).  ``changes`` are the table changes
    written above the round (the new table played it first); ``ends_before`` says the game
    ended with the round before (this one and the next were recorded after the end).
    ``breakdown`` holds the round's lines (messages) when the sheet was built with them."""

    number: int
    marks: str
    dealer: str
    mort: str | None
    scores: tuple[Score | None, ...]
    held: int
    played: str
    edited: str | None
    after_end: bool
    changes: tuple[Change, ...] = ()
    ends_before: bool = False
    breakdown: tuple[Any, ...] = ()


class Column(Struct, frozen=True):
    """A column of the sheet beside the scores: its ``key`` (``mort``, ``held``, ``played``,
    ``edited``, ``after_end``, ``changes``), its heading in the current language, its value in
    a round (``cell``), its value in the totals row, and whether it holds numbers.

    >>> held = Column("held", "Held", lambda row: row.held, 20, numeric=True)
    >>> held.text(20), held.text(0), held.total_text
    ('20', '', '20')
    """

    key: str
    heading: str
    cell: Callable[[Row], object]
    total: object = ""
    numeric: bool = False

    @staticmethod
    def text(value: object) -> str:
        """A value as a sheet writes it: nothing for none (no mort, no points held)."""
        return str(value) if value else ""

    @property
    def total_text(self) -> str:
        return self.text(self.total)


class RoundsTable(Struct, frozen=True):
    """The rounds of a sheet, its totals and what its columns need.

    ``totals`` are the columns' totals now, in the order of ``columns``; ``held`` the
    points held now; ``then`` the changes of the table that plays the next round, not yet
    played (written under the last round); ``ended`` the round that ended the game when
    rounds were recorded after it.  ``people`` are every name a Dealer or Mort cell may hold.
    """

    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    totals: tuple[int, ...]
    held: int
    then: tuple[Change, ...]
    ended: int | None
    people: tuple[str, ...]
    #: Whether the table needs a Held column (points held now or in some round).
    has_held: bool
    #: Whether someone sits out some round (6-player tarot).
    has_mort: bool
    #: Whether the table needs a Mort column: not when the mort is always the dealer (the
    #: Dealer column's heading says so: :attr:`dealer_heading`).
    mort_column: bool
    #: Whether the table has a Played column (its rounds say what was played).
    has_played: bool
    #: Whether some round was corrected.
    any_edited: bool
    #: The width of the marks after a round's number (0: no round is marked).
    marks_width: int

    @property
    def dealer_heading(self) -> str:
        """The Dealer column's heading, the same in every format: ``Dealer (mort)`` where
        the dealer sits his rounds out (6-player tarot) and no Mort column says it."""
        return _("Dealer (mort)") if self.has_mort and not self.mort_column else _("Dealer")

    @property
    def before(self) -> tuple[Column, ...]:
        """The columns between the dealer and the scores: the mort, where he is not the
        dealer."""
        if not self.mort_column:
            return ()
        return (Column("mort", _("Mort"), lambda row: row.mort),)

    @property
    def after(self) -> tuple[Column, ...]:
        """The columns after the scores: the points held (when some were), then what was
        played (when the rounds say it)."""
        return (*((self.held_column(),) if self.has_held else ()), *self._played())

    def held_column(self) -> Column:
        """The points held after each round (belote's litige), those held now its total."""
        return Column("held", _("Held"), lambda row: row.held, self.held, numeric=True)

    def _played(self) -> tuple[Column, ...]:
        return (Column("played", _("Played"), lambda row: row.played),) if self.has_played else ()

    @property
    def record(self) -> tuple[Column, ...]:
        """The columns a sheet for a spreadsheet adds, each where it holds something: when
        a round was corrected, whether it was recorded after the end, the table's changes
        (above the round the new table played first; those of the next table in the totals
        row)."""
        columns = []
        if self.any_edited:
            columns.append(Column("edited", _("Edited"), lambda row: row.edited))
        if self.ended is not None:
            yes = _("yes")
            columns.append(Column("after_end", _("After the end"), lambda r: r.after_end and yes))
        if self.then or any(row.changes for row in self.rows):
            columns.append(
                Column(
                    "changes",
                    _("Table change"),
                    lambda row: "; ".join(change.summary for change in row.changes),
                    "; ".join(change.line for change in self.then),
                )
            )
        return tuple(columns)

    @property
    def legend(self) -> tuple[str, ...]:
        """What the marks of the rounds mean, one line each (none marked: no line)."""
        lines = []
        if self.any_edited:
            lines.append(tr(msg("{mark} corrected round", mark=EDITED_MARK)))
        if self.ended is not None and self.rows and self.rows[-1].after_end:
            said = msg(
                "{mark} recorded after the game's end (game over after round {number})",
                mark=AFTER_END_MARK,
                number=self.ended,
            )
            lines.append(tr(said))
        return tuple(lines)


def marks(edited: object, after_end: bool) -> str:
    """A round's marks: ``✎`` when it was corrected, ``†`` when it was recorded after the
    game's end, both, or nothing.

    >>> marks("2026-11-30T20:15:03+01:00", True), marks(None, False)
    ('✎†', '')
    """
    return (EDITED_MARK if edited else "") + (AFTER_END_MARK if after_end else "")


def ended_line(number: int) -> str:
    """The line drawn across the rounds where the game ended."""
    return tr(
        msg(
            "Game over after round {number}; the rounds below were recorded after the end",
            number=number,
        )
    )


def change_line(change: Mapping[str, Any]) -> str:
    """The line a sheet writes where the table changed: ``from round 12: Zoé replaces Dan``."""
    return tr(
        msg("from round {number}: {changes}", number=change["from"], changes=change["summary"])
    )


def build(
    rounds: Sequence[Mapping[str, Any]],
    *,
    columns: Sequence[str],
    totals: Mapping[str, int],
    players: Iterable[str],
    held: int = 0,
    changes: Sequence[Mapping[str, Any]] = (),
    ended: int | None = None,
    last: int | None = None,
) -> RoundsTable:
    """The table of ``rounds`` (the scoresheet's round documents, in order).

    ``changes`` are the scoresheet's table changes (``{from, summary}``), ``ended`` the
    round that ended the game (``None``: worked out from the rounds' ``after_end``), ``last``
    the number of the session's last round (``None``: the last of ``rounds``): the changes
    of the next table are written under the rounds only when they reach it."""
    if last is None:
        last = rounds[-1]["number"] if rounds else 0
    if ended is None:
        ended = _ended_after(rounds)
    following = last + 1
    above: dict[int, list[Change]] = {}
    for change in changes:
        number = min(int(change["from"]), following)
        above.setdefault(number, []).append(Change(change_line(change), change["summary"]))
    shows_last = not rounds or rounds[-1]["number"] == last
    names = dict.fromkeys(players)
    rows = []
    for round_ in rounds:
        number, dealer, mort = round_["number"], round_["dealer"], round_["mort"]
        names[dealer] = None
        if mort:
            names[mort] = None
        scores, running = round_["scores"], round_["totals"]
        after_end = bool(round_.get("after_end"))
        edited = round_.get("edited")
        rows.append(
            Row(
                number=number,
                marks=marks(edited, after_end),
                dealer=dealer,
                mort=mort,
                scores=tuple(
                    Score(scores.get(column, 0), running[column]) if column in running else None
                    for column in columns
                ),
                held=round_["held"] or 0,
                played=str(round_.get("played") or ""),
                edited=edited,
                after_end=after_end,
                changes=tuple(above.get(number, ())),
                ends_before=ended is not None and number == ended + 1,
                breakdown=tuple(round_.get("breakdown") or ()),
            )
        )
    return RoundsTable(
        columns=tuple(columns),
        rows=tuple(rows),
        totals=tuple(totals[column] for column in columns),
        held=held or 0,
        then=tuple(above.get(following, ())) if shows_last else (),
        ended=ended,
        people=tuple(names),
        has_held=bool(held) or any(row.held for row in rows),
        has_mort=any(row.mort for row in rows),
        mort_column=any(row.mort and row.mort != row.dealer for row in rows),
        has_played=any(row.played for row in rows),
        any_edited=any(row.edited for row in rows),
        marks_width=max((len(row.marks) for row in rows), default=0),
    )


def of_sheet(doc: Mapping[str, Any]) -> RoundsTable:
    """The rounds table of a whole scoresheet (:func:`cardscore.document.scoresheet`)."""
    return build(
        doc["rounds"],
        columns=doc["columns"],
        totals=doc["totals"],
        players=doc["players"],
        held=doc["held"],
        changes=doc.get("table_changes") or (),
        last=len(doc["rounds"]),
    )


def _ended_after(rounds: Sequence[Mapping[str, Any]]) -> int | None:
    """The round that ended the game when rounds were recorded after it (they are the last
    ones), else None.

    >>> _ended_after([{"number": 1}, {"number": 2, "after_end": True}])
    1
    >>> _ended_after([{"number": 1}]) is None
    True
    """
    if not rounds or not rounds[-1].get("after_end"):
        return None
    index = len(rounds) - 1
    while index > 0 and rounds[index - 1].get("after_end"):
        index -= 1
    return int(rounds[index]["number"]) - 1
