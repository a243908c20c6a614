"""The command-line app: parse, call the session and the rules core, render. Nothing else.

Exit status: 0 success, 1 runtime failure (locked or damaged file, disk error), 2 bad usage or
input, 130 interrupted.  Every error is one line on standard error, never a traceback.
"""

from __future__ import annotations

import inspect
import json
import re
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer

from cardscore import __version__
from cardscore.games import GAME_NAMES, get_game
from cardscore.games.base import Field, InputError, is_given
from cardscore.i18n import LANGUAGES, choose_language, language, msg, set_language, tr

try:  # typer ≥ 0.29 carries its own copy of click
    from typer._click import exceptions as click_exceptions
except ImportError:  # pragma: no cover - older typer
    from click import exceptions as click_exceptions  # type: ignore[no-redef]

app = typer.Typer(
    name="cardscore",
    help="Scorekeeper for French card games: tarot, belote, coinche and rami.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class Failure(Exception):
    """A runtime failure (exit 1) with a message for the user."""


# --------------------------------------------------------------------------------------------
# Output helpers


def out(renderable: Any) -> None:
    from cardscore.render import console

    console().print(renderable)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _lazy_store():
    from cardscore import store

    return store


SessionArg = Annotated[
    str | None,
    typer.Argument(
        help="Session id or unique prefix (default: the most recent session).",
        metavar="SESSION",
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


# --------------------------------------------------------------------------------------------
# new


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="tarot, belote, coinche or rami.")],
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Number of players.")
    ] = None,
    names: Annotated[
        str | None, typer.Option("--names", help="Players in seating order: Ann,Bob,Cyd,…")
    ] = None,
    rules: Annotated[
        str | None, typer.Option("--rules", help="Rule set (tarot: fft, maison; …).")
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
) -> None:
    """Create a session, ask for what is missing, then play rounds."""
    from cardscore.session import Session

    store = _lazy_store()
    game_rules = get_game(game)
    interactive = not no_play and sys.stdin.isatty()
    name_list = [n.strip() for n in names.split(",")] if names is not None else None
    if players is not None and not game_rules.min_players <= players <= game_rules.max_players:
        raise InputError(
            f"--players: {game_rules.name} is played by {game_rules.min_players} to "
            f"{game_rules.max_players} players (got {players})"
        )
    if name_list is not None and players is not None and len(name_list) != players:
        raise InputError(f"--names: {len(name_list)} names for --players {players}")
    if not interactive:
        if name_list is None:
            raise InputError("--names is required when nothing can be asked (--no-play)")
        session = Session.create(
            game,
            name_list,
            rules=rules,
            target=target,
            settings=settings or (),
            title=title,
            session_id=store.new_id(),
        )
        with store.locked(session.id):
            store.write(session)
        typer.echo(session.id)
        return
    from cardscore.prompts import loop, setup

    answers = setup.ask_new(game_rules, players=players, names=name_list, rules=rules)
    session = Session.create(
        game,
        answers.names,
        rules=answers.rules,
        target=target,
        settings=[*(settings or ()), *answers.settings],
        title=title,
        session_id=store.new_id(),
    )
    with store.locked(session.id):
        store.write(session)
    out(f"New {session.game} session [bold]{session.id}[/bold] ({session.rules}).")
    loop.play(session.id)


@app.command()
def play(session: SessionArg = None) -> None:
    """Resume the interactive round loop of a session."""
    from cardscore.prompts import loop

    loop.play(_lazy_store().resolve(session))


# --------------------------------------------------------------------------------------------
# add: its options are generated from the games' round fields (one description, many uses)


def _all_fields() -> dict[str, tuple[Field, str]]:
    """Every round field of every game, by key, with its help text for ``add --help``
    (prefixed by the games it belongs to, when not all of them)."""
    merged: dict[str, list[tuple[Field, str]]] = {}
    for name in GAME_NAMES:
        for f in get_game(name).fields:
            merged.setdefault(f.key, []).append((f, name))
    result: dict[str, tuple[Field, str]] = {}
    for key, entries in merged.items():
        helps: dict[str, list[str]] = {}
        for f, name in entries:
            helps.setdefault(f.help, []).append(name)
        if len(entries) == len(GAME_NAMES) and len(helps) == 1:
            text = entries[0][0].help
        else:
            text = "; ".join(f"[{', '.join(names)}] {h}" for h, names in helps.items())
        result[key] = (entries[0][0], text)
    return result


def _add(session: str | None, as_json: bool, **raw: Any) -> None:
    store = _lazy_store()
    with store.changing(session) as current:
        game = current.game_rules
        own = {f.key: f for f in game.fields}
        for key, value in raw.items():
            if is_given(value) and key not in own:
                option = "--" + key.replace("_", "-")
                accepted = " ".join(f.option for f in game.fields)
                raise InputError(f"{option} is not an option of {game.name} (options: {accepted})")
        given: dict[str, Any] = {}
        for key, f in own.items():
            value = raw.get(key)
            if isinstance(value, list) and not f.repeatable:
                # Typer would silently keep the last of a repeated option: refuse instead.
                if len(value) > 1:
                    raise InputError(
                        f"{f.option}: given {len(value)} times ({', '.join(value)}); give it once"
                    )
                value = value[0] if value else None
            if value is not None:
                given[key] = value
        current.add(given)
        standings = current.standings()
    row = standings.rows[-1]
    if as_json:
        from cardscore.document import scoresheet

        document = scoresheet(current, standings)
        print_json(
            {
                "session": current.id,
                "round": document["rounds"][-1],
                "totals": document["totals"],
                "held": document["held"],
                "finished": document["finished"],
                "winner": document["winner"],
            }
        )
        return
    from cardscore import render

    out(
        render.round_report(
            current, dict(row.scores), row.breakdown, f"Round {row.number} (dealer {row.dealer})"
        )
    )
    out(render.totals_table(current, standings))
    if line := render.outcome_line(standings):
        out(line)


METAVARS = {
    "player": "NAME",
    "team": "TEAM",
    "choice": "VALUE",
    "number": "POINTS",
    "integer": "N",
    "players": "NAME",
    "player_tag": "NAME[:KIND]",
    "team_value": "TEAM:VALUE",
    "player_text": "NAME=CARDS",
}


def _build_add_command() -> Callable[..., None]:
    """``add`` with one option per round field of any game (one description, many uses).

    Every valued option is collected as a list, so that a single-valued one given twice is
    refused rather than silently overwritten."""
    parameters = [
        inspect.Parameter(
            "session", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None, annotation=SessionArg
        ),
    ]
    annotations: dict[str, Any] = {"session": SessionArg}
    for key, (f, text) in _all_fields().items():
        if f.kind == "flag":
            annotation: Any = Annotated[bool, typer.Option(f.option, help=text)]
            default: Any = False
        else:
            metavar = METAVARS.get(f.kind, "VALUE")
            if f.kind == "choice" and len(f.choices) <= 8:
                metavar = "|".join(c.value for c in f.choices)
            annotation = Annotated[
                list[str] | None, typer.Option(f.option, help=text, metavar=metavar)
            ]
            default = None
        parameters.append(
            inspect.Parameter(
                key, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
            )
        )
        annotations[key] = annotation
    parameters.append(
        inspect.Parameter(
            "as_json", inspect.Parameter.KEYWORD_ONLY, default=False, annotation=JsonOpt
        )
    )
    annotations["as_json"] = JsonOpt

    def add(session: str | None = None, as_json: bool = False, **raw: Any) -> None:
        """Record one round without any prompt, then print its scores and the totals."""
        _add(session, as_json, **raw)

    add.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    add.__annotations__ = annotations
    return add


app.command("add")(_build_add_command())


# --------------------------------------------------------------------------------------------
# undo / redo


def _undo(session: str | None, as_json: bool) -> None:
    with _lazy_store().changing(session) as current:
        removed = current.undo()
        standings = current.standings()
    _after_change(
        current,
        standings,
        f"Round {len(current.rounds) + 1} removed (`cardscore redo` puts it back).",
        removed,
        as_json,
    )


@app.command()
def undo(session: SessionArg = None, as_json: JsonOpt = False) -> None:
    """Remove the last round (it is kept: `redo` puts it back). Alias: corriger."""
    _undo(session, as_json)


@app.command("corriger", help="Alias of undo: remove the last round.")
def corriger(session: SessionArg = None, as_json: JsonOpt = False) -> None:
    _undo(session, as_json)


@app.command()
def redo(session: SessionArg = None, as_json: JsonOpt = False) -> None:
    """Put back the last undone round."""
    with _lazy_store().changing(session) as current:
        restored = current.redo()
        standings = current.standings()
    _after_change(current, standings, f"Round {len(current.rounds)} restored.", restored, as_json)


def _after_change(
    current: Any, standings: Any, message: str, inp: dict[str, Any], as_json: bool
) -> None:
    if as_json:
        print_json(
            {
                "session": current.id,
                "rounds": len(current.rounds),
                "input": inp,
                "totals": standings.totals,
                "held": standings.held,
            }
        )
        return
    from cardscore import render

    out(message)
    out(render.totals_table(current, standings))


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
        ),
    ] = None,
    output: Annotated[
        str | None, typer.Option("--output", "-o", help="Write to this file.", metavar="PATH")
    ] = None,
) -> None:
    """Export the scoresheet (to standard output, or to a file with -o)."""
    from cardscore import export

    chosen = export.pick_format(fmt, output)
    current = _lazy_store().load(session)
    data = export.render(chosen, current, current.standings())
    if output is None:
        if isinstance(data, bytes):
            raise InputError(f"--format {chosen}: binary output needs -o PATH")
        sys.stdout.write(data)
        return
    path = export.write(output, data)
    typer.echo(f"Wrote {path}", err=True)


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
            out(f"[dim]… {len(standings.rows) - len(rows)} earlier rounds (see --all)[/dim]")
    if rows:
        out(render.sheet(current, standings, rows, detail=detail))
    out(render.totals_table(current, standings))
    if line := render.outcome_line(standings):
        out(line)


@app.command("list")
def list_sessions(as_json: JsonOpt = False) -> None:
    """The saved sessions, most recent first."""
    from cardscore.document import summary
    from cardscore.session import SessionDataError

    store = _lazy_store()
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    for path in store.session_files():
        try:
            current = store.read(path)
            rows.append(summary(current, current.standings()))
        except store.StoreError as exc:
            problems.append(str(exc))
        except SessionDataError as exc:
            problems.append(f"cannot use session file {path}: {exc}")
    for problem in problems:
        typer.echo(f"cardscore: warning: {problem}", err=True)
    if as_json:
        print_json(rows)
        return
    if not rows:
        out("No saved session yet: start one with `cardscore new tarot --players 5`.")
        return
    from rich.table import Table

    table = Table(title="Sessions")
    for header in ("id", "game", "rules", "players", "rounds", "last change", "state"):
        table.add_column(header, justify="right" if header == "rounds" else "left")
    for row in rows:
        state = f"won by {row['winner']}" if row.get("finished") else "in play"
        label = ", ".join(row["players"]) + (f" — {row['title']}" if row["title"] else "")
        table.add_row(
            row["id"],
            row["game"],
            row["rules"],
            label,
            str(row["rounds"]),
            row["updated"][:16].replace("T", " "),
            state,
        )
    out(table)


@app.command()
def delete(
    session: Annotated[str, typer.Argument(help="Session id or unique prefix.")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
) -> None:
    """Delete a session."""
    store = _lazy_store()
    session_id = store.resolve(session)
    if not yes:
        if not sys.stdin.isatty():
            raise InputError("delete: add --yes to delete without being asked")
        if not typer.confirm(f"Delete session {session_id}?", default=False):
            raise typer.Exit(0)
    store.delete(session_id)
    typer.echo(f"Deleted session {session_id}.")


# --------------------------------------------------------------------------------------------
# rules / convert


@app.command("rules")
def rules_command(
    game: Annotated[str, typer.Argument(help="tarot, belote, coinche or rami.")],
    rules: Annotated[str | None, typer.Option("--rules", help="Rule set to describe.")] = None,
) -> None:
    """Print a game's rule sets and every parameter of one of them."""
    import dataclasses

    game_rules = get_game(game)
    preset = (rules or game_rules.default_preset).lower()
    if preset not in game_rules.presets:
        raise InputError(
            f"--rules: {game_rules.name} has no rule set {rules!r} "
            f"(rule sets: {', '.join(game_rules.presets)})"
        )
    params = game_rules.presets[preset]
    from rich.table import Table

    table = Table(
        title=f"{game_rules.name} — rule set {preset!r} "
        f"(rule sets: {', '.join(game_rules.presets)})"
    )
    table.add_column("parameter (--set KEY=VALUE)")
    table.add_column("value", justify="right")
    table.add_column("meaning")
    for f in dataclasses.fields(params):
        value = getattr(params, f.name)
        shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
        table.add_row(f.name.replace("_", "-"), shown, str(f.metadata.get("help", "")))
    out(table)
    out(
        f"Players: {game_rules.min_players} to {game_rules.max_players}. "
        f"Round options of `cardscore add`: {' '.join(f.option for f in game_rules.fields)}"
    )


@app.command()
def convert(
    points: Annotated[str, typer.Argument(help="The defence's card points (35,5 accepted).")],
    rules: Annotated[str, typer.Option("--rules", help="fft or maison.")] = "fft",
) -> None:
    """Tarot: turn the defence's points into the taker's (91 − defence)."""
    from cardscore.games import tarot
    from cardscore.games.base import parse_number

    preset = rules.lower()
    if preset not in tarot.GAME.presets:
        raise InputError(
            f"--rules: tarot has no rule set {rules!r} (rule sets: {', '.join(tarot.GAME.presets)})"
        )
    value = parse_number(points, what="POINTS")
    if not 0 <= value <= 91:
        raise InputError(f"POINTS: {points} is not between 0 and 91")
    taker = tarot.convert(value, tarot.GAME.presets[preset])
    typer.echo(f"{taker:g}".replace(".", ","))


# --------------------------------------------------------------------------------------------
# entry point


def _requested_language(argv: Sequence[str]) -> str | None:
    """``--lang X`` is read before the app is built, so that its help is translated too."""
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang":
            if index + 1 >= len(argv):
                raise InputError(msg("--lang: give en or fr"))
            value = argv[index + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            continue
        if value.strip().lower() not in LANGUAGES:
            raise InputError(msg("--lang: {value!r} is not a language (en, fr)", value=value))
        return value
    return None


def build_command() -> Any:
    """The click command of the app, its help texts in the current language."""
    command = typer.main.get_command(app)
    if language() != "en":
        for each in command_tree(command):
            each.help = tr(each.help) if each.help else each.help
            if each.short_help:
                each.short_help = tr(each.short_help)
            for param in each.params:
                if getattr(param, "help", None):
                    param.help = tr(param.help)
        core = sys.modules.get("typer.core")
        if core is not None and hasattr(core, "_"):  # typer's section titles (Options…)
            core._ = tr  # type: ignore[attr-defined]
    return command


def command_tree(command: Any = None) -> list[Any]:
    """The app's root command and every subcommand."""
    command = command if command is not None else typer.main.get_command(app)
    return [command, *getattr(command, "commands", {}).values()]


USAGE_MESSAGES = (
    (re.compile(r"No such option: (\S+)(.*)"), "No such option: {option}{rest}"),
    (re.compile(r"Missing argument '(\S+)'\.?"), "Missing argument {option}"),
    (re.compile(r"Option '(\S+)' requires an argument\.?"), "Option {option} needs a value"),
    (re.compile(r"No such command '(\S+)'\.?"), "No such command: {option}"),
)


def usage_message(text: str) -> str:
    """Typer's usage errors, as one line in the user's language."""
    first = text.strip().splitlines()[-1] if text.strip() else text
    for pattern, template in USAGE_MESSAGES:
        found = pattern.fullmatch(first)
        if found:
            groups = found.groups()
            return tr(msg(template, option=groups[0], rest=groups[1] if len(groups) > 1 else ""))
    return first


def fail(error: Any) -> None:
    """Print an error as one line on standard error."""
    text = tr(error.args[0]) if isinstance(error, Exception) and error.args else tr(error)
    typer.echo(
        tr(msg("cardscore: error: {message}", message=" ".join(str(text).split()))), err=True
    )


def run(argv: Sequence[str]) -> int:
    """Run the app on ``argv``; return the exit status (errors already printed)."""
    from cardscore.session import SessionDataError

    store = _lazy_store()
    try:
        set_language(choose_language(_requested_language(argv)))
        command = build_command()
        command.main(args=list(argv), prog_name="cardscore", standalone_mode=False)
    except typer.Exit as exc:
        return exc.exit_code
    except typer.Abort:
        typer.echo("", err=True)
        fail(msg("interrupted"))
        return 130
    except KeyboardInterrupt:
        typer.echo("", err=True)
        fail(msg("interrupted"))
        return 130
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
    except Failure as exc:
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
            help="Language: en or fr (default: CARDSCORE_LANG, else the locale).",
            metavar="en|fr",
        ),
    ] = None,
) -> None:
    if version:
        typer.echo(version_text())
        raise typer.Exit(0)
