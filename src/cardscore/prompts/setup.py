"""Questions asked when a new game is created interactively."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import questionary

from cardscore.games.base import Game, fold
from cardscore.i18n import _, msg, tr
from cardscore.prompts.round import list_hint


@dataclass
class NewGameAnswers:
    names: list[str]
    rules: str
    settings: list[str] = field(default_factory=list)


def name_problem(text: str, earlier: Sequence[str]) -> str | None:
    """Why ``text`` cannot be the next player's name (a message), or ``None``.

    >>> name_problem("  ", []), name_problem("ann", ["Ann"]), name_problem("Bob", ["Ann"])
    ('a name cannot be empty', 'Ann is already at the table', None)
    """
    cleaned = " ".join(text.split())
    if not cleaned:
        return msg("a name cannot be empty")
    if "," in cleaned:
        return msg("a name cannot contain a comma")
    for other in earlier:
        if fold(other) == fold(cleaned):
            return msg("{name} is already at the table", name=other)
    return None


def ask_new(
    game: Game, *, players: int | None, names: list[str] | None, rules: str | None
) -> NewGameAnswers:
    """Ask the rule set, the number of players and their names (whatever was not given)."""
    if rules is None and len(game.presets) == 1:
        rules = game.default_preset
    if rules is None:
        rules = questionary.select(
            _("Rule set?"),
            choices=list(game.presets),
            default=game.default_preset,
            instruction=list_hint(),
        ).unsafe_ask()
    if names is None:
        if players is None:
            if game.min_players == game.max_players:
                players = game.min_players
            else:
                counts = [str(n) for n in range(game.min_players, game.max_players + 1)]
                players = int(
                    questionary.select(
                        _("How many players?"),
                        choices=counts,
                        default=counts[min(2, len(counts) - 1)],
                        instruction=list_hint(),
                    ).unsafe_ask()
                )
        names = []
        for seat in range(1, players + 1):
            taken = list(names)
            if seat == 1:
                question = msg("Player {seat}'s name (seating order, dealer first):", seat=seat)
            else:
                question = msg("Player {seat}'s name (seating order):", seat=seat)
            answer = questionary.text(
                tr(question),
                validate=lambda text, taken=taken: tr(name_problem(text, taken)) or True,
            ).unsafe_ask()
            names.append(" ".join(answer.split()))
    settings: list[str] = []
    # a game without teams has no default team names: nothing asked
    for index, default in enumerate(game.default_team_names(names), start=1):
        # Not pre-filled: typing a name must not append it to the default one.
        question = msg("Name of team {index} (Enter: {default}):", index=index, default=default)
        team = questionary.text(tr(question)).unsafe_ask()
        team = " ".join(team.split())
        if team and team != default:
            settings.append(f"team{index}={team}")
    return NewGameAnswers(names=names, rules=rules, settings=settings)
