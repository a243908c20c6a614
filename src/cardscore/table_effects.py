"""What a table change (or its undo) does to the game, a line each (messages): who starts
from what and who stops, the teams' new names, who deals the next round and who is mort,
what becomes of the target.  Said by ``cardscore table``, by undo and redo, and by the loop's
Table entry before it asks to confirm.
"""

from __future__ import annotations

from typing import Any

from cardscore.i18n import Msg, msg


def effects(
    current: Any, change: Any, before: Any, previous: Any, standings: Any, *, undone: bool = False
) -> list[Msg]:
    """What a table change (made, or ``undone``) does to the game, a line each: who starts
    from what and who stops, the teams' new names, who deals the next round (and who is
    mort), and what becomes of the target.  ``before`` is the table and ``previous`` the
    standings before it was made or undone."""
    lines: list[Msg] = []
    if not undone:
        lines += _newcomer_lines(change, previous, standings)
    teams = change.get("teams")
    if teams:
        old, new = (teams["new"], teams["old"]) if undone else (teams["old"], teams["new"])
        lines += [
            msg("team {old} is now {new}", old=a, new=b)
            for a, b in zip(old, new, strict=True)
            if a != b
        ]
    if any(key in change for key in ("replace", "join", "leave")):
        lines += _seat_lines(len(current.rounds) + 1, previous, standings)
    lines += _goal_lines(current.game_rules, before, current.table(), previous, standings)
    return lines


def _newcomer_lines(change: Any, previous: Any, standings: Any) -> list[Msg]:
    """Each newcomer's starting total (a player who left earlier comes back with his), and
    the total of each player who stops: columns of their own at tarot and rami (a team
    goes on at belote and coinche, with the same total)."""
    totals, known = standings.totals, previous.columns
    lines: list[Msg] = []
    arrivals = [*change.get("replace", {}).values(), *change.get("join", {})]
    for name in arrivals:
        if name in totals:
            total = totals[name]
            lines.append(
                msg("{name} comes back with {total}", name=name, total=total)
                if name in known
                else msg("{name} starts at {total}", name=name, total=total)
            )
    for name in [*change.get("replace", {}), *change.get("leave", ())]:
        if name in totals:
            lines.append(msg("{name} stops at {total}", name=name, total=totals[name]))
    return lines


def _seat_lines(number: int, previous: Any, standings: Any) -> list[Msg]:
    """Who deals the next round (and who is mort), and whether a mort begins or ends (the
    sixth player at tarot)."""
    lines: list[Msg] = []
    if standings.next_mort and not previous.next_mort:
        lines.append(
            msg("from round {number}, one player sits out each round (the mort)", number=number)
        )
    elif previous.next_mort and not standings.next_mort:
        lines.append(msg("from round {number}, nobody sits out (no mort)", number=number))
    if standings.next_mort == standings.next_dealer:  # the dealer sits out (tarot)
        lines.append(
            msg(
                "round {number}: {dealer} deals and is mort",
                number=number,
                dealer=standings.next_dealer,
            )
        )
    elif standings.next_mort:
        lines.append(
            msg(
                "round {number}: {dealer} deals, {mort} is mort",
                number=number,
                dealer=standings.next_dealer,
                mort=standings.next_mort,
            )
        )
    else:
        lines.append(
            msg("round {number}: {dealer} deals", number=number, dealer=standings.next_dealer)
        )
    return lines


def _goal_lines(game: Any, before: Any, after: Any, previous: Any, standings: Any) -> list[Msg]:
    """What becomes of the game's end: a finished game that goes on, a game over now, a new
    target (rami's automatic one follows the table's size; one set by hand stays)."""
    goal = game.goal(after)
    if goal is None:
        return []
    shown = game.shown_param(after.params, "target", after.players) or str(goal)
    if previous.finished and not standings.finished:
        return [msg("the game goes on to {target}", target=shown)]
    if standings.finished and not previous.finished:
        return [
            msg(
                "with a target of {target}, the game is over now: {winner} wins",
                target=shown,
                winner=standings.winner,
            )
        ]
    if goal != game.goal(before):
        if standings.finished:
            return [msg("target now {target}; the game is still over", target=shown)]
        return [msg("target now {target}", target=shown)]
    resized = len(after.players) != len(before.players)
    if resized and game.goal_text(after) is not None:  # a target that could follow the table
        return [msg("the target stays {target} (set by hand)", target=shown)]
    return []
