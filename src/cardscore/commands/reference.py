"""The commands that answer without a session: ``rules`` and ``convert`` (from the rules
alone), and ``completion`` (a shell's completion script)."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
import sys
from typing import Annotated, Any

import typer

from cardscore import completion
from cardscore.commands.base import GameArg, app, out
from cardscore.games import get_game, get_preset, preset_word
from cardscore.games.base import InputError, describe_params
from cardscore.i18n import _, msg, tr

# --------------------------------------------------------------------------------------------
# rules / convert


@app.command("rules")
def rules_command(
    game: GameArg,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules",
            help="Rule set to describe.",
            autocompletion=completion.presets,
            metavar=msg("RULES"),
        ),
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
    options = " ".join(f.option for f in game_rules.fields)
    low, high = game_rules.min_players, game_rules.max_players
    if low == high:  # "Players: 4", not "4 to 4"
        said = msg(
            "Players: {count}. Round options of `cardscore add`: {options}",
            count=low,
            options=options,
        )
    else:
        said = msg(
            "Players: {low} to {high}. Round options of `cardscore add`: {options}",
            low=low,
            high=high,
            options=options,
        )
    out(tr(said))


@app.command()
def convert(
    points: Annotated[
        str,
        typer.Argument(
            help="The defence's card points (35.5 or 35,5 accepted).", metavar=msg("POINTS")
        ),
    ],
    rules: Annotated[
        str, typer.Option("--rules", help="fft or maison.", metavar=msg("RULES"))
    ] = "fft",
) -> None:
    """Tarot: turn the defence's points into the taker's (91 - defence)."""
    from cardscore.games import tarot

    _, params = get_preset(tarot.GAME, rules)
    taker = tarot.convert(points, params)  # checks the points (a whole or half, 0 to 91)
    typer.echo(tr(float(taker)) if taker != int(taker) else str(int(taker)))


# --------------------------------------------------------------------------------------------
# completion


@app.command("completion")
def completion_command(
    shell: Annotated[
        str,
        typer.Argument(
            help="bash, zsh, fish or powershell.",
            autocompletion=completion.shells,
            metavar=msg("SHELL"),
        ),
    ],
) -> None:
    """Print the completion script of a shell (bash, zsh, fish or powershell): `source
    <(cardscore completion bash)` in ~/.bashrc, for instance; docs/commands.md (Shell
    completion) says how for each shell."""
    wanted = shell.strip().lower()
    if wanted not in completion.SHELLS:
        raise InputError(
            msg(
                "{shell!r} is not a shell cardscore completes (bash, zsh, fish or powershell)",
                shell=shell,
            )
        )
    sys.stdout.write(completion.script(wanted))
