"""The command-line app: parse, call the session and the rules core, render. Nothing else.

Exit status: 0 success, 1 runtime failure (locked or damaged file, disk error), 2 bad usage or
input, 130 interrupted.  Every error is one line on standard error, never a traceback.
"""

# No ``from __future__ import annotations``: Typer reads a command's annotations four times
# per build and would evaluate string ones each time; these are evaluated once, at import.
import copy
import inspect
import os
import re
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from cardscore import __version__, completion
from cardscore.environment import Environment
from cardscore.games import GAME_NAMES, get_game, get_preset, preset_word
from cardscore.games.base import Field, InputError, describe_params, is_given
from cardscore.i18n import (
    ALIASES,
    LANGUAGES,
    Msg,
    _,
    choose_language,
    date_text,
    language,
    msg,
    set_language,
    tr,
)
from cardscore.table_effects import minus

try:  # typer ≥ 0.26 carries its own copy of click
    from typer._click import exceptions as click_exceptions
except ImportError:  # pragma: no cover - older typer
    from click import exceptions as click_exceptions  # type: ignore[no-redef]

HELP_OPTION_NAMES = ("-h", "--help")

app = typer.Typer(
    name="cardscore",
    help="Scorekeeper for French card games: tarot, belote, coinche and rami.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": list(HELP_OPTION_NAMES)},
)


# --------------------------------------------------------------------------------------------
# Output helpers


def out(renderable: Any, *, soft_wrap: bool = False) -> None:
    from cardscore.render import console

    console().print(renderable, soft_wrap=soft_wrap)


def print_json(data: Any) -> None:
    from cardscore.indented_json import dump  # json.dumps(indent=2)'s text, faster

    dump(data, sys.stdout)


def _lazy_store():
    from cardscore import store

    return store


SessionArg = Annotated[
    str | None,
    typer.Argument(
        autocompletion=completion.sessions,
        help="Session id or unique prefix (default: the most recent session).",
        metavar=msg("SESSION"),
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


# --------------------------------------------------------------------------------------------
# new


@app.command()
def new(
    game: Annotated[
        str,
        typer.Argument(
            help="tarot, belote, coinche or rami.",
            autocompletion=completion.games,
            metavar=msg("GAME"),
        ),
    ],
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Number of players.")
    ] = None,
    names: Annotated[
        str | None, typer.Option("--names", help="Players in seating order: Ann,Bob,Cyd,…")
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules", help="Rule set (tarot: fft, maison; …).", autocompletion=completion.presets
        ),
    ] = None,
    target: Annotated[
        int | None, typer.Option("--target", help="Score that ends the game.")
    ] = None,
    settings: Annotated[
        list[str] | None,
        typer.Option(
            "--set", help="Rule parameter KEY=VALUE (repeatable); team1=/team2= name teams."
        ),
    ] = None,
    title: Annotated[str, typer.Option("--title", help="A title for the scoresheet.")] = "",
    no_play: Annotated[
        bool, typer.Option("--no-play", help="Create the session, print its id, ask nothing.")
    ] = False,
    same_table: Annotated[
        bool,
        typer.Option(
            "--same-table",
            help="The players at the table of the latest session of GAME, in their seats (the "
            "one after its last dealer deals first), its rule set and parameters.",
        ),
    ] = False,
) -> None:
    """Create a session, ask for what is missing, then play rounds."""
    from cardscore import sametable
    from cardscore.session import Session, check_setup

    store = _lazy_store()
    interactive = not no_play and environment().interactive
    name_list = [n.strip() for n in names.split(",")] if names is not None else None
    game_rules = check_setup(game, players=players, names=name_list)
    session = None
    if same_table:
        sametable.refuse_table_options(players=players, names=names, rules=rules)
    # the table of last time: taken (--same-table), or offered when nothing names another one
    if same_table or (interactive and name_list is None and players is None and rules is None):

        def warn(problem: Msg) -> None:
            typer.echo(tr(msg("cardscore: warning: {problem}", problem=problem)), err=True)

        session = sametable.at_last_table(
            game_rules,
            warn,
            required=same_table,
            session_id=store.new_id(),
            settings=settings or (),
            target=target,
            title=title or None,
        )
        if session is not None and not same_table:
            from cardscore.prompts import setup

            session = session if setup.ask_same_table(session) else None
    extra: list[str] = []
    if session is None:
        if interactive:
            from cardscore.prompts import setup

            answers = setup.ask_new(game_rules, players=players, names=name_list, rules=rules)
            name_list, rules, extra = answers.names, answers.rules, list(answers.settings)
        elif name_list is None:
            raise InputError(msg("--names is required when nothing can be asked (--no-play)"))
        session = Session.create(
            game,
            name_list,
            rules=rules,
            target=target,
            settings=[*(settings or ()), *extra],
            title=title,
            session_id=store.new_id(),
        )
    with store.locked(session.id):
        store.write(session)
    if not interactive:
        typer.echo(session.id)
        return
    from cardscore import render
    from cardscore.prompts import loop

    out(render.new_session(session))
    loop.play(session.id)


@app.command()
def play(session: SessionArg = None) -> None:
    """Resume the interactive round loop of a session."""
    from cardscore.prompts import loop

    loop.play(_lazy_store().resolve(session))


# --------------------------------------------------------------------------------------------
# add: its options are generated from the games' round fields (one description, many uses)


HelpParts = tuple[tuple[str, tuple[str, ...]], ...]


def _all_fields() -> dict[str, tuple[Field, HelpParts]]:
    """Every round field of every game, by key, with the parts of its ``add --help`` text:
    each distinct help (an English msgid) with the games it belongs to."""
    merged: dict[str, list[tuple[Field, str]]] = {}
    for name in GAME_NAMES:
        for f in get_game(name).fields:
            merged.setdefault(f.key, []).append((f, name))
    result: dict[str, tuple[Field, HelpParts]] = {}
    for key, entries in merged.items():
        helps: dict[str, list[str]] = {}
        for f, name in entries:
            helps.setdefault(f.help, []).append(name)
        result[key] = (entries[0][0], tuple((h, tuple(names)) for h, names in helps.items()))
    return result


def field_help(parts: HelpParts) -> str:
    """An ``add`` option's help in the current language: the help when every game shares it,
    else each game's help prefixed by the games it belongs to (``[tarot] …; [belote] …``).

    Each part is translated on its own: the joined text is not a message of the catalog."""
    if len(parts) == 1 and len(parts[0][1]) == len(GAME_NAMES):
        return tr(parts[0][0])
    return _("; ").join(f"[{', '.join(names)}] {tr(text)}" for text, names in parts)


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


def _session_and_round(words: Sequence[str] | None) -> tuple[str | None, int]:
    """``[SESSION] ROUND``: one word is the round, two are the session and the round."""
    words = list(words or ())
    if not 1 <= len(words) <= 2:
        raise InputError(
            msg("give the round's number, after the session's id if you name one: [SESSION] ROUND")
        )
    return (words[0] if len(words) == 2 else None), _round_number(words[-1], "ROUND")


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


def _changed(before: Any, after: Any) -> dict[str, dict[str, int]]:
    """The totals a change moved: ``{column: {"before", "after"}}``, in the sheet's order."""
    return {
        column: {"before": before.totals.get(column, 0), "after": total}
        for column, total in after.totals.items()
        if before.totals.get(column, 0) != total
    }


def _difference(value: int) -> str:
    """``+40``, ``−40``."""
    return f"+{value}" if value > 0 else minus(value)


def _show_changed(changed: dict[str, dict[str, int]]) -> None:
    """Every total that changed: ``Bob 142 → 102 (−40)``, one a line."""
    if not changed:
        out(_("No total changed."))
        return
    out(_("Totals that changed:"))
    for column, moved in changed.items():
        a, b = moved["before"], moved["after"]
        out(f"  {column} {minus(a)} → {minus(b)} ({_difference(b - a)})", soft_wrap=True)


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


def _add(session: str | None, as_json: bool, before: str | None = None, **raw: Any) -> None:
    store = _lazy_store()
    with store.changing(session) as current:
        given = _given(current.game_rules, raw)
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
    out(render.round_report(current, dict(row.scores), row.breakdown, title))
    if before is None:
        out(render.totals_table(current, standings))
        if line := render.outcome_line(standings):
            out(line)
        return
    _show_changed(_changed(previous, standings))
    _show_after(current, standings)


# The help of each generated ``add`` option, by parameter name: (help msgid, games) parts.
ADD_HELP: dict[str, HelpParts] = {}

# Placeholders are messages too: build_command() says them in the user's language.
METAVARS = {
    "player": msg("NAME"),
    "team": msg("TEAM"),
    "choice": msg("VALUE"),
    "number": msg("POINTS"),
    "integer": msg("N"),
    "players": msg("NAME"),
    "player_tag": msg("NAME[:KIND]"),
    "team_value": msg("TEAM:VALUE"),
    "player_text": msg("NAME=CARDS"),
}


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


# The values of choice options that a language types otherwise (the catalog's word, when the
# option accepts it): --trump pique in French.
TYPED_WORDS = (
    msg("spades"),
    msg("hearts"),
    msg("diamonds"),
    msg("clubs"),
    msg("announced"),
    msg("unannounced"),
    msg("failed"),
    msg("defense"),
)


def choice_words(f: Field) -> str:
    """``spades|hearts|…``: the values of a choice option as the help lists them, each in
    the user's language when the option accepts that word (``pique|cœur|…`` in French)."""
    words = []
    for choice in f.choices:
        value = str(choice.value)
        said = tr(value) if value in TYPED_WORDS else value
        words.append(said if choice.matches(said) else value)
    return "|".join(words)


def _round_options() -> tuple[list[inspect.Parameter], dict[str, Any]]:
    """One option per round field of any game (one description, many uses): the options of
    ``add`` and of ``edit``.  Every valued option is collected as a list, so that a
    single-valued one given twice is refused rather than silently overwritten."""
    parameters: list[inspect.Parameter] = []
    annotations: dict[str, Any] = {}
    for key, (f, parts) in _all_fields().items():
        ADD_HELP[key] = parts
        if f.kind == "flag":
            annotation: Any = Annotated[bool, typer.Option(f.option)]  # nothing to complete
            default: Any = False
        else:
            metavar = METAVARS.get(f.kind, msg("VALUE"))
            if f.kind == "choice" and len(f.choices) <= 8:
                metavar = "|".join(c.value for c in f.choices)
            annotation = Annotated[
                list[str] | None,
                typer.Option(f.option, metavar=metavar, autocompletion=completion.for_field(f)),
            ]
            default = None
        parameters.append(
            inspect.Parameter(
                key, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
            )
        )
        annotations[key] = annotation
    return parameters, annotations


def _give_round_options(
    command: Any, leading: dict[str, Any], trailing: dict[str, tuple[Any, Any]]
) -> None:
    """Give ``command`` (``add``, ``edit``) its arguments ``leading`` (name → annotation),
    the round options of :func:`_round_options`, then the options ``trailing`` (name →
    (annotation, default)), once.

    The round options come from every game's fields, so this imports every game: only the
    builds that include such a command (the command itself, the root help, shell completion)
    pay for it.  The options' help texts are put in by :func:`build_command`, in the user's
    language (see :data:`ADD_HELP`)."""
    if "__signature__" in vars(command):
        return
    parameters = [
        inspect.Parameter(
            name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None, annotation=annotation
        )
        for name, annotation in leading.items()
    ]
    annotations = dict(leading)
    options, option_annotations = _round_options()
    parameters += options
    annotations |= option_annotations
    for name, (annotation, default) in trailing.items():
        parameters.append(
            inspect.Parameter(
                name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
            )
        )
        annotations[name] = annotation
    command.__annotations__ = annotations
    command.__signature__ = inspect.Signature(parameters)


def _give_add_its_options() -> None:
    _give_round_options(
        add,
        {"session": SessionArg},
        {"before": (BeforeOpt, None), "as_json": (JsonOpt, False)},
    )


def _give_edit_its_options() -> None:
    _give_round_options(edit, {"where": WhereArg}, {"as_json": (JsonOpt, False)})


# --------------------------------------------------------------------------------------------
# edit / remove: a round from the middle corrected or taken out


@app.command()
def edit(where: list[str] | None = None, as_json: bool = False, **raw: Any) -> None:
    """Correct round ROUND: the options given replace those answers, the others are kept,
    and the round is checked again as a whole; then print its old and new scores and every
    total that changed.  With no option, on a terminal, ask the round's questions again
    (Enter keeps the old answer)."""
    session, number = _session_and_round(where)
    store = _lazy_store()
    if not any(is_given(value) for value in raw.values()):
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
        old, new = current.edit(number, _given(current.game_rules, raw))
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
    session, number = _session_and_round(where)
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


# --------------------------------------------------------------------------------------------
# table: who sits at the table, from the next round on


@app.command("table")
def table_command(
    session: SessionArg = None,
    rename: Annotated[
        list[str] | None,
        typer.Option(
            "--rename",
            help="Correct a misspelt name everywhere, past rounds too. Repeatable.",
            metavar=msg("OLD=NEW"),
            autocompletion=completion.everyone,
            show_default=False,
        ),
    ] = None,
    replace: Annotated[
        list[str] | None,
        typer.Option(
            "--replace",
            help="From the next round, NEW takes OLD's seat (and team), starting from 0; OLD "
            "keeps his total on the sheet. Repeatable.",
            metavar=msg("OLD=NEW"),
            autocompletion=completion.seated,
            show_default=False,
        ),
    ] = None,
    join: Annotated[
        list[str] | None,
        typer.Option(
            "--join",
            help="From the next round, a player arrives (tarot, rami), starting from POINTS "
            "(default 0; a player who left comes back with his total). Repeatable.",
            metavar=msg("NAME[=POINTS]"),
            autocompletion=completion.gone,
            show_default=False,
        ),
    ] = None,
    leave: Annotated[
        list[str] | None,
        typer.Option(
            "--leave",
            help="From the next round, a player leaves (tarot, rami); his total stays on the "
            "sheet. Repeatable.",
            metavar=msg("NAME"),
            autocompletion=completion.seated,
            show_default=False,
        ),
    ] = None,
    target: Annotated[
        int | None,
        typer.Option(
            "--target",
            help="The score that ends the game, from the next round: a higher one lets a "
            "finished game go on, a lower one may end it now.",
            metavar=msg("N"),
            show_default=False,
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Change the table from the next round on: correct a name, replace a player, a player
    joins or leaves, change the target; then print what it does to the game and the totals.
    With no option, print who sits where and the table's changes so far."""
    from cardscore import table_effects

    store = _lazy_store()
    if not (rename or replace or join or leave) and target is None:
        current = store.load(session)
        _print_table(current, current.standings(), as_json)
        return
    with store.changing(session) as current:
        previous = current.standings()
        before = current.table()
        change = current.change_table(
            rename=rename or (),
            replace=replace or (),
            join=join or (),
            leave=leave or (),
            target=target,
        )
        standings = current.standings()
        effects = table_effects.effects(current, change, before, previous, standings)
    from cardscore import seating

    if as_json:
        from cardscore.document import standing

        print_json(
            {
                "session": current.id,
                "change": change,
                "summary": tr(seating.summary(change)),
                "players": list(current.table().players),
                **standing(standings),
            }
        )
        return
    said = (
        msg("Name corrected in every round: {changes}.", changes=seating.summary(change))
        if seating.era_of(change) is None  # a rename alone changes the past, not the table
        else msg(
            "Table changed from round {number}: {changes}.",
            number=change["round"],
            changes=seating.summary(change),
        )
    )
    out(tr(said), soft_wrap=True)
    for line in effects:
        out(f"  {tr(line)}", soft_wrap=True)
    _show_after(current, standings)


def _print_table(current: Any, standings: Any, as_json: bool) -> None:
    """The table now: its players in seat order (and teams), who deals the next round (and
    who is mort), the target, who left, and the table's changes so far, one a line."""
    from cardscore import render, seating

    game = current.game_rules
    table = current.table()
    number = len(current.rounds) + 1
    goal = game.goal(table)
    shown = None if goal is None else game.shown_param(table.params, "target", table.players)
    gone = [p for p in current.timeline().players() if p not in table.players]
    changes = [(era["from"], seating.summary(era)) for era in current.tables]
    if as_json:
        print_json(
            {
                "session": current.id,
                "game": current.game,
                "round": number,
                "players": list(table.players),
                "teams": list(game.columns(table)) if current.teams else [],
                "left": gone,
                "next_dealer": standings.next_dealer,
                "next_mort": standings.next_mort,
                "target": goal,
                "finished": standings.finished,
                "winner": standings.winner,
                "changes": [{"round": first, "summary": tr(said)} for first, said in changes],
            }
        )
        return
    title = current.title or f"{current.game} ({preset_word(current.rules)})"
    out(tr(msg("{title} — the table of round {number}:", title=title, number=number)))
    out(f"  {', '.join(table.players)}", soft_wrap=True)
    if current.teams:
        pairs = game.default_team_names(table.players)
        named = [
            team if team == pair else f"{team} ({pair})"
            for team, pair in zip(game.columns(table), pairs, strict=True)
        ]
        out(f"  {tr(msg('teams: {teams}', teams=', '.join(named)))}", soft_wrap=True)
    if not standings.finished:  # no next round to deal once the game is over
        out(f"  {render.seat_note(current, standings)}", soft_wrap=True)
    if goal is not None:
        out(f"  {tr(msg('target: {target}', target=shown or goal))}", soft_wrap=True)
    if gone:
        left = ", ".join(
            f"{p} {minus(standings.totals[p])}" if p in standings.totals else p for p in gone
        )
        out(f"  {tr(msg('left the table: {players}', players=left))}", soft_wrap=True)
    if line := render.outcome_line(standings):
        out(line)
    if not changes:
        out(_("No table change yet."))
        return
    out(_("Table changes:"))
    for first, said in changes:
        out(f"  {tr(msg('from round {number}: {changes}', number=first, changes=said))}")


# --------------------------------------------------------------------------------------------
# undo / redo


def _undo_line(change: Any, said: Msg, *, redo: bool) -> Msg:
    """What undo and redo say, by the kind of change: the change's own line (its summary in
    the history) and how to go back."""
    kind = change["kind"]
    if kind == "table":
        from cardscore import seating

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
    if kind == "edit":
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


@app.command("corriger", help="Alias of undo: take back the last change.")
def corriger(session: SessionArg = None, as_json: JsonOpt = False) -> None:
    _undo_or_redo(session, as_json, redo=False)


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


# --------------------------------------------------------------------------------------------
# print


@app.command("print")
def print_sheet(
    session: SessionArg = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            help="txt, md, csv, html, pdf or json (default: from -o's extension, else txt).",
            autocompletion=completion.formats,
        ),
    ] = None,
    output: Annotated[
        str | None, typer.Option("--output", "-o", help="Write to this file.", metavar=msg("PATH"))
    ] = None,
) -> None:
    """Export the scoresheet (to standard output, or to a file with -o)."""
    from cardscore import export
    from cardscore.session import whole_sheet

    chosen = export.pick_format(fmt, output)
    current = _lazy_store().load(session)
    with whole_sheet():
        data = export.render(chosen, current, current.standings())
    if output is None:
        if isinstance(data, bytes):
            raise InputError(msg("--format {format}: binary output needs -o PATH", format=chosen))
        sys.stdout.write(data)
        return
    path = export.write(output, data)
    typer.echo(tr(msg("Wrote {path}", path=str(path))), err=True)


# --------------------------------------------------------------------------------------------
# show / list / delete


@app.command()
def show(
    session: SessionArg = None,
    all_rounds: Annotated[
        bool, typer.Option("--all", help="Every round, not just the last ones.")
    ] = False,
    detail: Annotated[bool, typer.Option("--detail", help="Each round's breakdown.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The scoresheet: the totals and the most recent rounds (or every round)."""
    current = _lazy_store().load(session)
    standings = current.standings()
    if as_json:
        from cardscore.document import scoresheet
        from cardscore.session import whole_sheet

        with whole_sheet():
            print_json(scoresheet(current, standings))
        return
    from cardscore import render

    rows = standings.rows
    if not all_rounds:
        import shutil

        height = shutil.get_terminal_size((100, 30)).lines
        fit = max(3, (height - 18) // (4 if detail else 1))
        rows = rows[-fit:]
        if len(rows) < len(standings.rows):
            earlier = len(standings.rows) - len(rows)
            from rich.text import Text

            out(Text(tr(msg("… {count} earlier rounds (see --all)", count=earlier)), style="dim"))
    if rows:
        sheet = render.sheet(current, standings, rows, detail=detail)
        out(sheet, soft_wrap=isinstance(sheet, render.PlainSheet))
    out(render.totals_table(current, standings))
    if line := render.outcome_line(standings):
        out(line)


@app.command("list")
def list_sessions(as_json: JsonOpt = False) -> None:
    """The saved sessions, most recent first."""
    from cardscore import catalog  # its index spares reading the sessions that did not change

    found = catalog.scan()
    rows: list[dict[str, Any]] = [entry.summary() for entry in found.entries]
    for problem in found.warnings:
        typer.echo(tr(msg("cardscore: warning: {problem}", problem=problem)), err=True)
    if as_json:
        print_json(rows)
        return
    if not rows:
        out(_("No saved session yet: start one with `cardscore new tarot --players 5`."))
        return
    from cardscore.grid import Grid  # Rich's Table, drawn ~20× faster while the rows fit

    table = Grid(title=_("Sessions"))
    for header, justify in (
        (_("id"), "left"),
        (_("game"), "left"),
        (_("rules"), "left"),
        (_("players"), "left"),
        (_("rounds"), "right"),
        (_("last change"), "left"),
        (_("state"), "left"),
    ):
        table.add_column(header, justify=justify)
    for row in rows:
        state = (
            tr(msg("won by {winner}", winner=row["winner"]))
            if row.get("finished")
            else _("in play")
        )
        label = ", ".join(row["players"]) + (f" — {row['title']}" if row["title"] else "")
        table.add_row(
            row["id"],
            row["game"],
            preset_word(row["rules"]),
            label,
            str(row["rounds"]),
            date_text(row["updated"]),
            state,
        )
    out(table)


@app.command()
def delete(
    session: Annotated[
        str,
        typer.Argument(
            help="Session id or unique prefix.",
            autocompletion=completion.sessions,
            metavar=msg("SESSION"),
        ),
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
) -> None:
    """Delete a session."""
    store = _lazy_store()
    session_id = store.resolve(session)
    if not yes:
        if not environment().interactive:
            raise InputError(msg("delete: add --yes to delete without being asked"))
        from cardscore.prompts import ask

        if not ask.yes_no(tr(msg("Delete session {id}?", id=session_id)), default=False):
            raise typer.Exit(0)
    store.delete(session_id)
    typer.echo(tr(msg("Deleted session {id}.", id=session_id)))


# --------------------------------------------------------------------------------------------
# rules / convert


@app.command("rules")
def rules_command(
    game: Annotated[
        str,
        typer.Argument(
            help="tarot, belote, coinche or rami.",
            autocompletion=completion.games,
            metavar=msg("GAME"),
        ),
    ],
    rules: Annotated[
        str | None,
        typer.Option("--rules", help="Rule set to describe.", autocompletion=completion.presets),
    ] = None,
) -> None:
    """Print a game's rules and every parameter of one of its rule sets."""

    game_rules = get_game(game)
    preset, params = get_preset(game_rules, rules)
    for line in game_rules.summary(params):
        out(tr(line))
    from rich.table import Table

    table = Table(
        title=tr(
            msg(
                "{game} — rule set {preset!r} (rule sets: {presets})",
                game=game_rules.name,
                preset=preset_word(preset),
                presets=", ".join(preset_word(p) for p in game_rules.presets),
            )
        )
    )
    table.add_column(_("parameter (--set KEY=VALUE)"))
    table.add_column(_("value"), justify="right", max_width=16)  # a long one wraps
    table.add_column(_("meaning"))

    def shown(name: str, value: Any) -> str | None:
        text = game_rules.shown_param(params, name)  # rami: its automatic target
        return None if text is None else tr(text)

    # Values are shown as --set takes them (on/off, or the language's words: oui/non).
    for row in describe_params(params, shown):
        table.add_row(row.key, tr(row.shown), tr(row.help))
    out(table)
    out(
        tr(
            msg(
                "Players: {low} to {high}. Round options of `cardscore add`: {options}",
                low=game_rules.min_players,
                high=game_rules.max_players,
                options=" ".join(f.option for f in game_rules.fields),
            )
        )
    )


@app.command()
def convert(
    points: Annotated[
        str,
        typer.Argument(
            help="The defence's card points (35.5 or 35,5 accepted).", metavar=msg("POINTS")
        ),
    ],
    rules: Annotated[str, typer.Option("--rules", help="fft or maison.")] = "fft",
) -> None:
    """Tarot: turn the defence's points into the taker's (91 − defence)."""
    from cardscore.games import tarot

    _, params = get_preset(tarot.GAME, rules)
    taker = tarot.convert(points, params)  # checks the points (a whole or half, 0 to 91)
    typer.echo(tr(float(taker)) if taker != int(taker) else str(int(taker)))


# --------------------------------------------------------------------------------------------
# stats


@app.command()
def stats(
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            help="Only this game: tarot, belote, coinche or rami.",
            autocompletion=completion.games,
            metavar=msg("GAME"),
        ),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option("--rules", help="Only the sessions of this rule set.", metavar=msg("RULES")),
    ] = None,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player", help="One player's whole sheet (repeatable).", metavar=msg("NAME")
        ),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            help="Only the sessions last played on or after this day.",
            metavar=msg("YYYY-MM-DD"),
        ),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option(
            "--until",
            help="Only the sessions last played on or before this day.",
            metavar=msg("YYYY-MM-DD"),
        ),
    ] = None,
    home: Annotated[
        list[str] | None,
        typer.Option(
            "--home",
            help="Read the sessions of this cardscore folder (repeatable; default: the usual one).",
            metavar=msg("DIR"),
        ),
    ] = None,
    as_json: JsonOpt = False,
    output: Annotated[
        str | None,
        typer.Option(
            "--output", "-o", help="Write a page with charts (.html).", metavar=msg("PATH")
        ),
    ] = None,
) -> None:
    """Statistics across every saved session: per player, per game."""
    chosen = _stats_game(game)
    rules = _stats_rules(chosen, rules)
    first, last = _stats_day("--since", since), _stats_day("--until", until)
    if first and last and first > last:
        raise InputError(msg("--since {since} is after --until {until}", since=since, until=until))
    if output is not None and not output.lower().endswith((".html", ".htm")):
        raise InputError(msg("-o {output}: the statistics page is HTML (.html)", output=output))
    homes = _stats_homes(home or ())
    names = tuple(player or ())
    doc, warnings = _stats_document(homes, chosen, rules, names, first, last)
    for warning in warnings:
        typer.echo(tr(msg("cardscore: warning: {problem}", problem=warning)), err=True)
    shown = [str(h) for h in homes] if homes else [str(_lazy_store().data_dir())]
    filters = _stats_filters(chosen, rules, since, until)
    if as_json:
        said = {"notes": [tr(note) for note in doc.get("notes", ())]}
        print_json({**doc, **said, "homes": shown, "warnings": [tr(w) for w in warnings]})
    if output is not None:
        from cardscore import export
        from cardscore.stats import page, render

        path = export.write(output, page.render(render.only_players(doc, names), shown, filters))
        typer.echo(tr(msg("Wrote {path}", path=str(path))), err=True)
    if not as_json and output is None:
        from cardscore.render import console
        from cardscore.stats import render

        screen = console()
        for part in render.report(screen, doc, shown, filters, names):
            screen.print(part, soft_wrap=render.is_whole(part))


def _stats_game(game: str | None) -> str | None:
    """``--game``, one of the four games (any case)."""
    if game is None:
        return None
    name = game.strip().lower()
    if name not in GAME_NAMES:
        raise InputError(
            msg(
                "--game: {value!r} is not a game ({games})",
                value=game,
                games=", ".join(GAME_NAMES),
            )
        )
    return name


def _stats_rules(game: str | None, rules: str | None) -> str | None:
    """``--rules``: a rule set of ``--game``, or of some game when none is given (a typo
    would otherwise say "no sessions")."""
    if rules is None:
        return None
    from cardscore.games import preset_key, preset_word

    games = [game] if game else list(GAME_NAMES)
    known = sorted({preset for name in games for preset in get_game(name).presets})
    key = preset_key(rules, known)
    if key not in known:
        raise InputError(
            msg(
                "--rules: {value!r} is not a rule set ({known})",
                value=rules,
                known=", ".join(preset_word(k) for k in known),
            )
        )
    return key


def _stats_day(option: str, text: str | None) -> Any:
    """A ``--since`` or ``--until`` day, written ``YYYY-MM-DD``."""
    if text is None:
        return None
    import datetime

    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text.strip()):
            raise ValueError(text)
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise InputError(
            msg("{option}: {value!r} is not a date (YYYY-MM-DD)", option=option, value=text)
        ) from None


def _stats_homes(folders: Sequence[str]) -> list[Any]:
    """The ``--home`` folders, each a cardscore folder (holding ``sessions``) or its
    ``sessions`` folder itself; a folder that does not exist is refused."""
    from pathlib import Path

    homes = []
    for text in folders:
        folder = Path(text).expanduser()
        if not folder.is_dir():
            raise InputError(msg("--home {folder}: no such folder", folder=text))
        if folder.name == "sessions" and not (folder / "sessions").is_dir():
            folder = folder.parent  # the sessions folder itself: its home is its parent
        homes.append(folder)
    return homes


def _stats_document(
    homes: Sequence[Any],
    game: str | None,
    rules: str | None,
    players: Sequence[str],
    since: Any,
    until: Any,
) -> tuple[dict[str, Any], list[Msg]]:
    """The statistics of the sessions of ``homes`` (the usual one when none), and the
    warnings of reading them (copies set aside, damaged files)."""
    from cardscore import catalog
    from cardscore.stats.aggregate import aggregate

    found = catalog.scan(list(homes) or None, digests=True)
    digests = [digest for _entry, digest in found.digests()]
    chosen = rules.strip().lower() if rules else None
    doc = aggregate(
        digests, game=game, rules=chosen, players=tuple(players), since=since, until=until
    )
    return doc, list(found.warnings)


def _stats_filters(
    game: str | None, rules: str | None, since: str | None, until: str | None
) -> list[str]:
    """The options that chose the sessions, as the report says them (``tarot, since
    2026-01-01``)."""
    said = [game] if game else []
    if rules:
        said.append(tr(msg("rule set {rules}", rules=rules)))
    if since:
        said.append(tr(msg("since {date}", date=since.strip())))
    if until:
        said.append(tr(msg("until {date}", date=until.strip())))
    return said


# --------------------------------------------------------------------------------------------
# entry point


def _requested_language(argv: Sequence[str]) -> str | None:
    """``--lang X`` is read before the app is built, so that its help is translated too."""
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang":
            if index + 1 >= len(argv):
                raise InputError(msg("--lang: give en, fr or nb"))
            value = argv[index + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            continue
        code = value.strip().lower()
        if code not in LANGUAGES and code not in ALIASES:
            raise InputError(msg("--lang: {value!r} is not a language (en, fr, nb)", value=value))
        return value
    return None


def _command_name(info: Any) -> str:
    return info.name or typer.main.get_command_name(info.callback.__name__)


def _command_word(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs, when its first words say it (``show`` in ``--lang fr show``).

    ``None`` when they do not: no command, the root ``--help`` or any root option but
    ``--lang`` before it, an unknown command (click then suggests the nearest ones), and
    shell completion (it may complete any command)."""
    if os.environ.get(completion.COMPLETE_VAR):
        return None
    words = iter(argv)
    for word in words:
        if word == "--lang":
            next(words, None)
        elif not word.startswith("--lang="):
            names = {_command_name(info) for info in app.registered_commands}
            return word if word in names else None
    return None


def _app_for(argv: Sequence[str] | None) -> typer.Typer:
    """The app to build for ``argv``: only the command it names and the root options when
    :func:`_command_word` tells it, else (and for ``None``) every command.  Typer builds each
    command of an app, anew on every run, and that takes time."""
    name = None if argv is None else _command_word(argv)
    infos = [i for i in app.registered_commands if name is None or _command_name(i) == name]
    if any(info.callback is add for info in infos):
        _give_add_its_options()
    if any(info.callback is edit for info in infos):
        _give_edit_its_options()
    if name is None:
        return app
    only = copy.copy(app)  # the same settings and root callback
    only.registered_commands = infos
    return only


def build_command(argv: Sequence[str] | None = None) -> Any:
    """The click command of the app, its help texts in the current language; for ``argv``,
    only what it runs needs (see :func:`_app_for`)."""
    command = typer.main.get_command(_app_for(argv))
    if language() != "en":
        commands = command_tree(command)
        for each in commands:
            each.help = tr(each.help) if each.help else each.help
            if each.short_help:
                each.short_help = tr(each.short_help)
            if getattr(each, "options_metavar", None):
                each.options_metavar = tr(each.options_metavar)
            if getattr(each, "subcommand_metavar", None):
                each.subcommand_metavar = tr(each.subcommand_metavar)
            for param in each.params:
                if getattr(param, "help", None):
                    param.help = tr(param.help)
                if isinstance(getattr(param, "metavar", None), Msg):
                    param.metavar = tr(param.metavar)
        _translate_help_machinery(commands)
        core = sys.modules.get("typer.core")
        if core is not None and hasattr(core, "_"):  # typer's section titles (Options…)
            core._ = tr  # type: ignore[attr-defined]
    for name in ("add", "edit"):  # their round options' help, made of several games' helps
        round_command = getattr(command, "commands", {}).get(name)
        for param in round_command.params if round_command is not None else ():
            if param.name in ADD_HELP:
                param.help = field_help(ADD_HELP[param.name])
                field = _all_fields()[param.name][0]
                if field.kind == "choice" and len(field.choices) <= 8:
                    param.metavar = choice_words(field)
    return command


def _translate_help_machinery(commands: Sequence[Any]) -> None:
    """The texts click writes itself on a help page: "Usage:", the colon of the headings and
    the --help option's help (the headings themselves are typer's, see :func:`build_command`)."""
    try:
        from typer._click.core import Context
        from typer._click.formatting import HelpFormatter
    except ImportError:  # pragma: no cover - older typer
        return

    class TranslatedFormatter(HelpFormatter):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)

        def write_heading(self, heading: str) -> None:
            text = tr(msg("{heading}:", heading=heading))
            self.write(f"{'':>{self.current_indent}}{text}\n")

    class TranslatedContext(Context):
        formatter_class = TranslatedFormatter

    for command in commands:
        if command.context_class is not Context:  # pragma: no cover - not typer's usual
            continue
        command.context_class = TranslatedContext
        option = command.get_help_option(
            Context(command, help_option_names=list(HELP_OPTION_NAMES))
        )
        if option is not None and option.help:
            option.help = tr(option.help)


def command_tree(command: Any = None) -> list[Any]:
    """The app's root command and every subcommand."""
    if command is None:
        command = typer.main.get_command(_app_for(None))
    return [command, *getattr(command, "commands", {}).values()]


# Patterns, not compiled ones: they are compiled (and cached by re) on the first usage error,
# not on every start.
USAGE_MESSAGES = (
    (r"No such option: (\S+)", "No such option: {option}"),
    (r"Missing argument '(\S+)'\.?", "Missing argument {option}"),
    (r"Option '(\S+)' requires an argument\.?", "Option {option} needs a value"),
    (r"Option '(\S+)' requires (\d+) arguments\.?", "Option {option} needs {count} values"),
    (r"No such command '(\S+)'\.?", "No such command: {option}"),
    (r"Option '(\S+)' does not take a value\.?", "Option {option} takes no value"),
    (r"Got unexpected extra arguments?(?:\(s\))? \((.*)\)", "Unexpected extra words: {option}"),
    (
        r"Invalid value for (.+?): '(.*)' is not a valid int(?:eger)?\.?",
        "{option}: {value!r} is not a whole number",
    ),
    (
        r"Invalid value for (.+?): '(.*)' is not a valid float\.?",
        "{option}: {value!r} is not a number",
    ),
    (r"Invalid value for (.+?): (.*)", "Invalid value for {option}: {value}"),
)
# The hints click adds after the message: "Did you mean 'show'?", "(Possible options: …)".
USAGE_HINTS = (
    (r"(.*?)\.? Did you mean (.+)\?", "Did you mean {hint}?"),
    (r"(.*?) \(Possible options: (.+)\)", "(Possible options: {hint})"),
    (r"(.*?) \(Did you mean one of: (.+)\?\)", "(Did you mean one of: {hint}?)"),
)


def usage_message(text: str) -> str:
    """Typer's usage errors, as one line in the user's language, its hint too (``Did you
    mean 'show'?`` is ``Vouliez-vous dire 'show' ?`` in French).

    >>> from cardscore.i18n import set_language
    >>> set_language("fr")
    >>> usage_message("No such command 'shwo'. Did you mean 'show'?")
    'Commande inconnue : shwo. Vouliez-vous dire « show » ?'
    >>> usage_message("No such option: --al (Possible options: --all, --detail)")
    'Option inconnue : --al (options possibles : --all, --detail)'
    >>> set_language("en")
    >>> usage_message("No such command 'shwo'. Did you mean 'show', 'list'?")
    "No such command: shwo. Did you mean 'show', 'list'?"
    """
    first = text.strip().splitlines()[-1] if text.strip() else text
    hint = ""
    for pattern, template in USAGE_HINTS:
        found = re.fullmatch(pattern, first)
        if found:
            first, said = found.groups()
            named = re.findall(r"'([^']*)'", said)  # click quotes the names it suggests
            if named:  # quoted as the language quotes: « show » in French
                said = ", ".join(tr(msg("'{name}'", name=name)) for name in named)
            hint = tr(msg(template, hint=said))
            hint = (". " if template.startswith("Did") else " ") + hint
            break
    for pattern, template in USAGE_MESSAGES:
        found = re.fullmatch(pattern, first)
        if found:
            groups = found.groups()
            second = groups[1] if len(groups) > 1 else ""
            option = re.sub(r"'([^']*)'", r"\1", groups[0]).split(" / ")[0]  # '--players' / '-n'
            if template.startswith("Missing argument") and tr(option.upper()) != option.upper():
                option = tr(option.upper())  # an argument's name, as its help says it: JEU
            said = tr(
                msg(template, option=option, value=second, count=second)
                if "{" in template
                else msg(template)
            )
            return said.rstrip(".") + hint
    return first.rstrip(".") + hint if hint else first


def fail(error: Any) -> None:
    """Print an error as one line on standard error."""
    text = tr(error.args[0]) if isinstance(error, Exception) and error.args else tr(error)
    typer.echo(
        tr(msg("cardscore: error: {message}", message=" ".join(str(text).split()))), err=True
    )


#: the exit status of a command interrupted (Ctrl-C): nothing half-saved, a short line said
INTERRUPTED = 130


def interrupted() -> int:
    """Say that the command was interrupted (on a line of its own), and give its status."""
    typer.echo("", err=True)
    fail(msg("interrupted"))
    return INTERRUPTED


_environment: Environment | None = None


def environment() -> Environment:
    """The environment of the command being run (see :func:`run`)."""
    global _environment
    if _environment is None:
        _environment = Environment.of_process()
    return _environment


def run(argv: Sequence[str], env: Environment | None = None) -> int:
    """Run the app on ``argv``; return the exit status (errors already printed).

    ``env`` replaces what is read of the process (whether standard input is a terminal):
    tests drive an "interactive" or a "piped" run with it."""
    from cardscore.session import SessionDataError

    global _environment
    _environment = env

    store = _lazy_store()
    if os.environ.get(completion.COMPLETE_VAR):
        completion.enable()  # a shell asks for candidates (see completions/)
    try:
        set_language(choose_language())  # a bad --lang is said in the environment's language
        set_language(choose_language(_requested_language(argv)))
        command = build_command(argv)
        status = command.main(args=list(argv), prog_name="cardscore", standalone_mode=False)
        # Typer turns a Ctrl-C (KeyboardInterrupt) into the status 130, returned, not raised
        if status == INTERRUPTED:
            return interrupted()
    except typer.Exit as exc:
        return interrupted() if exc.exit_code == INTERRUPTED else exc.exit_code
    except (typer.Abort, KeyboardInterrupt):
        return interrupted()
    except getattr(click_exceptions, "NoArgsIsHelpError", ()) as exc:
        typer.echo(exc.format_message())
        return 0
    except click_exceptions.ClickException as exc:
        fail(usage_message(exc.format_message()))
        return 2 if isinstance(exc, click_exceptions.UsageError) else 1
    except (InputError, store.SessionNotFound) as exc:
        fail(exc)
        return 2
    except SessionDataError as exc:
        path = store.session_path(exc.session_id)
        fail(
            msg(
                "cannot use session file {path}: {reason} (the file was left untouched)",
                path=str(path),
                reason=exc.args[0],
            )
        )
        return 1
    except store.StoreError as exc:
        fail(exc)
        return 1
    return 0


def version_text() -> str:
    return f"cardscore {__version__}"


@app.callback(invoke_without_command=True)
def _root(
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="Language: en, fr or nb (default: CARDSCORE_LANG, else the locale).",
            metavar="en|fr|nb",
        ),
    ] = None,
) -> None:
    if version:
        typer.echo(version_text())
        raise typer.Exit(0)
