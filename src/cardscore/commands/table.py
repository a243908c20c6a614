"""The ``table`` command: who sits at the table, and changes to it from the next round on."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
from typing import Annotated, Any

import typer

from cardscore import completion
from cardscore.commands.base import JsonOpt, SessionArg, _lazy_store, app, out, print_json
from cardscore.commands.totals import _show_after
from cardscore.games import preset_word
from cardscore.i18n import _, msg, tr

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
            "keeps their total on the sheet. Repeatable.",
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
            "(default 0; a player who left comes back with their total). Repeatable.",
            metavar=msg("NAME[=POINTS]"),
            autocompletion=completion.gone,
            show_default=False,
        ),
    ] = None,
    leave: Annotated[
        list[str] | None,
        typer.Option(
            "--leave",
            help="From the next round, a player leaves (tarot, rami); their total stays on the "
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
    era = seating.era_of(change)
    if era is None:  # a rename alone changes the past, not the table
        said = msg("Name corrected in every round: {changes}.", changes=seating.summary(change))
    elif seating.sets_the_start(era):  # before the first round: the game's own target
        said = msg("The game's target is now {target}.", target=era["target"])
    else:
        said = msg(
            "Table changed from round {number}: {changes}.",
            number=change["round"],
            changes=seating.summary(change),
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
    changes = [
        (era["from"], seating.summary(era))
        for era in current.tables
        if not seating.sets_the_start(era)  # the game's target: said as the target
    ]
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
        left = ", ".join(f"{p} {standings.totals[p]}" if p in standings.totals else p for p in gone)
        out(f"  {tr(msg('left the table: {players}', players=left))}", soft_wrap=True)
    if line := render.outcome_line(standings):
        out(line)
    if not changes:
        out(_("No table change yet."))
        return
    out(_("Table changes:"))
    for first, said in changes:
        out(f"  {tr(msg('from round {number}: {changes}', number=first, changes=said))}")
