"""The commands that change the rounds: ``add`` (a round, at the end or ``--before`` another
one), ``edit`` (correct one) and ``remove`` (take one out)."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any

import typer

from cardscore import completion
from cardscore.commands.base import (
    JsonOpt,
    SessionArg,
    _lazy_store,
    app,
    environment,
    out,
    print_json,
)
from cardscore.commands.round_options import _give_round_options
from cardscore.commands.totals import _changed, _show_after, _show_changed
from cardscore.games.base import InputError, is_given
from cardscore.i18n import _, msg, tr

# --------------------------------------------------------------------------------------------
# add (its options: see cardscore.commands.round_options)


def _given(game: Any, raw: dict[str, Any]) -> dict[str, Any]:
    """The round options given on the command line, as the game's reader takes them.

    Every option of every game reaches the game's reader, which refuses an option it has not
    and one given twice (Typer would silently keep the last of a repetition).  What it stores
    stays a plain value where one value was given."""
    repeatable = {f.key for f in game.fields if f.repeatable}
    given: dict[str, Any] = {}
    for key, value in raw.items():
        if not is_given(value):
            continue
        if isinstance(value, list) and len(value) == 1 and key not in repeatable:
            value = value[0]
        given[key] = value
    return given


def _round_number(text: str, what: str) -> int:
    """A round number typed on the command line (``ROUND``, ``--before``)."""
    try:
        return int(text.strip())
    except ValueError:
        raise InputError(
            msg("{what}: {text!r} is not a round number", what=what, text=text)
        ) from None


def _session_and_round(words: Sequence[str] | None, command: str) -> tuple[str | None, int]:
    """``[SESSION] ROUND``: one word is the round, two are the session and the round (of
    ``command``, named when they come the wrong way round)."""
    words = list(words or ())
    if not 1 <= len(words) <= 2:
        raise InputError(
            msg("give the round's number, after the session's id if you name one: [SESSION] ROUND")
        )
    if len(words) == 2:
        refuse_swapped(words, command)
    return (words[0] if len(words) == 2 else None), _round_number(words[-1], "ROUND")


def refuse_swapped(words: Sequence[str], command: str) -> None:
    """Refuse ``ROUND SESSION`` (``remove 3 9yy``: a round's number, then a word that is
    not one but may be a session's id), saying which comes first."""
    first, last = (word.strip() for word in words)
    if not first.isdigit() or last.isdigit():
        return
    if _lazy_store().is_session_id(last.lower()):
        raise InputError(
            msg(
                "{what}: {text!r} is not a round number; the session comes first: "
                "`cardscore {command} {text} {round}`",
                what="ROUND",
                text=last,
                command=command,
                round=first,
            )
        )


def _check_round(current: Any, number: int) -> None:
    """Refuse a round number the session has not (before asking anything about it)."""
    count = len(current.rounds)
    if not 1 <= number <= count:
        raise InputError(
            msg(
                "{what}: there is no round {number} (rounds 1 to {count})",
                what="ROUND",
                number=number,
                count=count,
            )
            if count
            else msg("{what}: there is no round yet", what="ROUND")
        )


def _from_line(current: Any, line: str | None, raw: dict[str, Any], number: int) -> Any:
    """What a round typed as one line (``--line``) says, read with the table of round
    ``number`` (a :class:`~cardscore.games.line.LineReading`: its answers, and what was read
    of a word that also begins a player's name); ``None`` without ``--line``.  Other round
    options with it are refused: the line is the whole round."""
    if line is None:
        return None
    given = [key for key, value in raw.items() if is_given(value)]
    if given:
        # (an option of another game's has no field here: it is named as it was typed)
        fields = {f.key: f.option for f in current.game_rules.fields}
        option = fields.get(given[0], "--" + given[0].replace("_", "-"))
        raise InputError(
            msg("--line is the whole round: give no other round option with it ({option})",
                option=option)
        )  # fmt: skip
    from cardscore.games.line import read_words, unsaid

    game, table = current.game_rules, current.table_at(number)
    read = read_words(game.fields, table, line)
    for f in unsaid(game.fields, table, read.raw):  # the loop would ask it; here nobody can
        with _noted(read):  # answer: what else is wrong is said first
            game.build_round(read.raw, table, number)
        raise InputError(msg(f.words.missing), field=f.key)
    return read


def _with_defaults(current: Any, raw: dict[str, Any], number: int) -> dict[str, Any]:
    """The options given, with the defaults a line and the questions take for what they do
    not say (the dix de der: the taker's team)."""
    from cardscore.games.line import with_defaults

    return with_defaults(current.game_rules.fields, current.table_at(number), raw)


@contextmanager
def _noted(read: Any) -> Iterator[None]:
    """Where a line's round is refused, the refusal says what was read of a word that also
    begins a player's name (``g`` garde, not Gaston): it may be why."""
    try:
        yield
    except InputError as exc:
        if read is None or not read.notes:
            raise
        from cardscore.games.line import noted

        raise noted(exc, read.notes) from None


def _say_notes(read: Any) -> None:
    """What a line read of a word that also begins a player's name, said with its round."""
    from rich.text import Text

    for note in read.notes if read is not None else ():
        out(Text(tr(note), style="yellow"), soft_wrap=True)


def _add(
    session: str | None,
    as_json: bool,
    before: str | None = None,
    line: str | None = None,
    **raw: Any,
) -> None:
    store = _lazy_store()
    with store.changing(session) as current:
        at = len(current.rounds) + 1 if before is None else _round_number(before, "--before")
        read = _from_line(current, line, raw, at)
        if read is not None:
            given = read.raw
        else:
            given = _with_defaults(current, _given(current.game_rules, raw), at)
        with _noted(read):
            if before is None:
                current.add(given)
                standings = current.standings()
                row = standings.rows[-1]
            else:
                previous = current.standings()
                number = _round_number(before, "--before")
                current.add(given, before=number)
                standings = current.standings()
                row = standings.rows[number - 1]
    if as_json:
        from cardscore.document import round_document, standing

        print_json(
            {
                "session": current.id,
                "round": round_document(row, current.ended_after(standings)),
                **standing(standings),
            }
        )
        return
    from cardscore import render

    title = (
        msg("Round {number} (dealer {dealer})", number=row.number, dealer=row.dealer)
        if before is None
        else msg("Round {number} inserted (dealer {dealer})", number=row.number, dealer=row.dealer)
    )
    _say_notes(read)
    out(render.round_report(current, dict(row.scores), row.breakdown, title))
    if before is None:
        out(render.totals_table(current, standings))
        if line := render.outcome_line(standings):
            out(line)
        return
    _show_changed(_changed(previous, standings))
    _show_after(current, standings)


@app.command()
def add(session: str | None = None, as_json: bool = False, **raw: Any) -> None:
    """Record one round without any prompt, then print its scores and the totals."""
    _add(session, as_json, **raw)


BeforeOpt = Annotated[
    str | None,
    typer.Option(
        "--before",
        help="Insert the round before round ROUND (a forgotten round), not after the last.",
        metavar=msg("ROUND"),
        show_default=False,
    ),
]
# ``[SESSION] ROUND``: one word is the round (of the most recent session), two are the
# session and the round.
WhereArg = Annotated[
    list[str] | None,
    typer.Argument(
        autocompletion=completion.sessions,
        help="The round's number as the sheet shows it, after the session's id or unique "
        "prefix if you name one (default: the most recent session).",
        metavar=msg("[SESSION] ROUND"),
        show_default=False,
    ),
]


LineOpt = Annotated[
    str | None,
    typer.Option(
        "--line",
        help="The whole round as one line of words, instead of the round options: "
        '"bob g 2b 49 dan", "sud 110 coeur 98 coinche", "ann bob=36 cyd=R+D+5" (see '
        "docs/commands.md: A round in one line).",
        metavar=msg("TEXT"),
        show_default=False,
    ),
]


def _give_add_its_options() -> None:
    _give_round_options(
        add,
        {"session": SessionArg},
        {"before": (BeforeOpt, None), "line": (LineOpt, None), "as_json": (JsonOpt, False)},
    )


def _give_edit_its_options() -> None:
    _give_round_options(
        edit, {"where": WhereArg}, {"line": (LineOpt, None), "as_json": (JsonOpt, False)}
    )


# --------------------------------------------------------------------------------------------
# edit / remove: a round from the middle corrected or taken out


@app.command()
def edit(
    where: list[str] | None = None, as_json: bool = False, line: str | None = None, **raw: Any
) -> None:
    """Correct round ROUND: the options given replace those answers, the others are kept,
    and the round is checked again as a whole; then print its old and new scores and every
    total that changed.  With no option, on a terminal, ask the round's questions again
    (Enter keeps the old answer)."""
    session, number = _session_and_round(where, "edit")
    store = _lazy_store()
    if line is None and not any(is_given(value) for value in raw.values()):
        if not environment().interactive:
            raise InputError(
                msg(
                    "edit: nothing can be asked here: give the answers to change as options "
                    "(see `cardscore edit --help`)"
                )
            )
        session_id = store.resolve(session)
        _check_round(store.load(session_id), number)
        from cardscore.prompts import correct

        correct.edit_round(session_id, number)
        return
    with store.changing(session) as current:
        previous = current.standings()
        _check_round(current, number)
        old_scores = dict(previous.rows[number - 1].scores)
        read = _from_line(current, line, raw, number)
        if read is None:
            old, new = current.edit(number, _given(current.game_rules, raw))
        else:
            with _noted(read):
                old, new = current.edit(number, read.raw, whole=True)
        standings = current.standings()
        said = _answer_changes(current, number, old, new)
    row = standings.rows[number - 1]
    changed = _changed(previous, standings)
    if as_json:
        from cardscore.changes import plain
        from cardscore.document import round_document, standing

        print_json(
            {
                "session": current.id,
                "round": round_document(row, current.ended_after(standings)),
                "old": {"input": plain(old), "scores": old_scores},
                "changed": changed,
                **standing(standings),
            }
        )
        return
    out(tr(msg("Round {number} corrected.", number=number)))
    _say_notes(read)
    if said:
        out(f"  {said}", soft_wrap=True)
    _show_scores(current, old_scores, dict(row.scores))
    _show_changed(changed)
    _show_after(current, standings)


def _answer_changes(current: Any, number: int, old: dict[str, Any], new: dict[str, Any]) -> str:
    """The answers an edit changed, in one line: ``taker Bob → Cyd, points 49 → 52``."""
    from cardscore.changes import answer_changes

    changes = answer_changes(current.game_rules, current.table_at(number), old, new)
    return ", ".join(f"{name} {a} → {b}" for name, a, b in changes)


def _score_style(value: int) -> str:
    return "green" if value > 0 else "red" if value < 0 else "dim"


def _show_scores(current: Any, before: dict[str, int], after: dict[str, int]) -> None:
    """A corrected round's scores, before and after, column under column."""
    from rich.text import Text

    from cardscore import render

    labels = [_("before"), _("after")]
    width = max(len(label) for label in labels)
    columns = list(dict.fromkeys([*before, *after]))
    cells = {c: [render.signed(before.get(c, 0)), render.signed(after.get(c, 0))] for c in columns}
    for index, label in enumerate(labels):
        line = Text(f"  {label:<{width}}")
        for column in columns:
            value = (before if index == 0 else after).get(column, 0)
            shown = cells[column][index]
            size = max(len(text) for text in cells[column])
            line.append(f"   {column} ", style="bold")
            line.append(f"{shown:>{size}}", style=_score_style(value))
        out(line, soft_wrap=True)


@app.command()
def remove(
    where: WhereArg = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Remove round ROUND (a round entered twice): the later rounds move up one number, and
    their dealers follow. `cardscore undo` puts it back."""
    session, number = _session_and_round(where, "remove")
    store = _lazy_store()
    session_id = store.resolve(session)
    seen: dict[str, Any] | None = None
    if not yes:
        if not environment().interactive:
            raise InputError(msg("remove: add --yes to remove a round without being asked"))
        current = store.load(session_id)
        _check_round(current, number)
        row = current.standings().rows[number - 1]
        headline = current.game_rules.headline(row.input, row.table, row.record)
        question = msg(
            "Remove round {number} ({round})? Its scores will be lost.",
            number=number,
            round=headline,
        )
        from cardscore.prompts import ask

        if not ask.yes_no(tr(question), default=False):
            raise typer.Exit(0)
        seen = current.rounds[number - 1]
    with store.changing(session_id) as current:
        _check_round(current, number)
        if seen is not None and current.rounds[number - 1] != seen:
            raise InputError(
                msg("round {number} changed meanwhile: nothing was removed", number=number)
            )
        previous = current.standings()
        old_row = previous.rows[number - 1]
        old_scores = dict(old_row.scores)
        headline = current.game_rules.headline(old_row.input, old_row.table, old_row.record)
        old = current.remove(number)
        standings = current.standings()
    changed = _changed(previous, standings)
    if as_json:
        from cardscore.changes import plain
        from cardscore.document import standing

        print_json(
            {
                "session": current.id,
                "round": number,
                "old": {"input": plain(old), "scores": old_scores},
                "rounds": len(current.rounds),
                "changed": changed,
                **standing(standings),
            }
        )
        return
    out(
        tr(
            msg(
                "Round {number} removed: {round} (`cardscore undo` puts it back).",
                number=number,
                round=headline,
            )
        ),
        soft_wrap=True,
    )
    _show_changed(changed)
    _show_after(current, standings)
