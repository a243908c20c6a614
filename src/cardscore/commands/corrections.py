"""The commands that go back over the changes: ``undo`` (and ``corriger``, which also
corrects a round named by its number), ``redo`` and ``history``."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
from typing import Annotated, Any

import typer

from cardscore import completion
from cardscore.commands.base import JsonOpt, SessionArg, _lazy_store, app, out, print_json
from cardscore.commands.totals import _changed, _show_after, _show_changed
from cardscore.games.base import InputError
from cardscore.i18n import Msg, _, date_text, msg, tr

# --------------------------------------------------------------------------------------------
# undo / redo


def _undo_line(change: Any, said: Msg, *, redo: bool) -> Msg:
    """What undo and redo say, by the kind of change: the change's own line (its summary in
    the history) and how to go back."""
    kind = change["kind"]
    from cardscore import seating

    era = seating.era_of(change) if kind == "table" else None
    if kind == "table" and not (era is not None and seating.sets_the_start(era)):
        changes, number = seating.summary(change), change["round"]
        if redo:
            return msg(
                "Table change from round {number} redone: {changes} (`cardscore undo` takes "
                "it back).",
                number=number,
                changes=changes,
            )
        return msg(
            "Table change from round {number} undone: {changes} (`cardscore redo` makes it again).",
            number=number,
            changes=changes,
        )
    if redo:
        return msg("Redone: {change} (`cardscore undo` takes it back).", change=said)
    if kind in ("edit", "table"):  # a table change here: the game's target, set before round 1
        return msg("Undone: {change} (`cardscore redo` makes it again).", change=said)
    if kind == "remove":
        return msg("Undone: {change} (`cardscore redo` removes it again).", change=said)
    return msg("Undone: {change} (`cardscore redo` puts it back).", change=said)


def _undo_or_redo(session: str | None, as_json: bool, *, redo: bool) -> None:
    from cardscore import table_effects
    from cardscore.changes import plain, summary

    with _lazy_store().changing(session) as current:
        previous = current.standings()
        before = current.table()
        change = current.redo() if redo else current.undo()
        standings = current.standings()
        said = summary(change, current.game_rules, current.table_at, lambda n: None)
        kind = change["kind"]
        effects = (
            table_effects.effects(current, change, before, previous, standings, undone=not redo)
            if kind == "table"
            else []
        )
    # the round the change is about, as it is now: added or removed, or as corrected (none
    # for a table change)
    if kind in ("add", "insert"):
        inp = change["input"]
    elif kind == "edit":
        inp = change["new"] if redo else change["old"]
    elif kind == "remove":
        inp = change["old"]
    else:
        inp = None
    if as_json:
        from cardscore.document import standing

        print_json(
            {
                "session": current.id,
                "rounds": len(current.rounds),
                "input": None if inp is None else plain(inp),
                **standing(standings),
                "change": {"kind": kind, "round": change["round"], "summary": tr(said)},
            }
        )
        return
    out(tr(_undo_line(change, said, redo=redo)), soft_wrap=True)
    for line in effects:
        out(f"  {tr(line)}", soft_wrap=True)
    if kind != "table":  # a table change moves no total (a rename would seem to)
        _show_changed(_changed(previous, standings))
    _show_after(current, standings)


@app.command()
def undo(session: SessionArg = None, as_json: JsonOpt = False) -> None:
    """Take back the last change: a round added, inserted, corrected or removed, or a table
    change (it is kept: `redo` makes it again). Alias: corriger."""
    _undo_or_redo(session, as_json, redo=False)


# ``corriger [SESSION] [ROUND]``: a number is a round, another word a session.
CorrigerArg = Annotated[
    list[str] | None,
    typer.Argument(
        autocompletion=completion.sessions,
        help="A round's number to correct it (its questions asked again), after the "
        "session's id or unique prefix if you name one; without a round, the last change "
        "is taken back.",
        metavar=msg("[SESSION] [ROUND]"),
        show_default=False,
    ),
]


@app.command(
    "corriger",
    help="Take back the last change (as undo); with a round's number, correct that round: "
    "its questions are asked again, each with its old answer (as edit ROUND).",
)
def corriger(where: CorrigerArg = None, as_json: JsonOpt = False) -> None:
    words = list(where or [])
    if len(words) > 2:
        raise InputError(msg("corriger takes at most a session and a round: [SESSION] [ROUND]"))
    if words and words[-1].strip().isdigit():  # a round: corrected, not undone
        from cardscore.commands.rounds import edit

        edit(where=words, as_json=as_json)
        return
    if len(words) == 2:
        from cardscore.commands.rounds import refuse_swapped

        refuse_swapped(words, "corriger")
        raise InputError(
            msg("{what}: {text!r} is not a round number", what="ROUND", text=words[-1])
        )
    _undo_or_redo(words[0] if words else None, as_json, redo=False)


@app.command()
def redo(session: SessionArg = None, as_json: JsonOpt = False) -> None:
    """Make again the last change undone."""
    _undo_or_redo(session, as_json, redo=True)


# --------------------------------------------------------------------------------------------
# history


@app.command()
def history(session: SessionArg = None, as_json: JsonOpt = False) -> None:
    """Every change made to the rounds, oldest first, with its time and what it did."""
    current = _lazy_store().load(session)
    changes = current.changes()
    if as_json:
        print_json(
            {
                "session": current.id,
                "changes": [
                    {
                        "n": entry["n"],
                        "time": entry["time"],
                        "kind": entry["kind"],
                        "round": entry["round"],
                        "summary": tr(said),
                    }
                    for entry, said in changes
                ],
            }
        )
        return
    if not changes:
        out(_("No change yet."))
        return
    width = len(str(changes[-1][0]["n"]))
    lines = [
        f"{entry['n']:>{width}}  {_short_time(entry['time']):<16}  {tr(said)}"
        for entry, said in changes
    ]
    out("\n".join(lines), soft_wrap=True)


def _short_time(stamp: str | None) -> str:
    """A change's time, local and short (``2026-11-30 21:04``); ``—`` when unknown (the
    rounds of a file written before changes were logged)."""
    if not stamp:
        return "—"
    import datetime as dt

    try:
        return date_text(dt.datetime.fromisoformat(stamp).astimezone().isoformat())
    except (TypeError, ValueError):
        return str(stamp)
