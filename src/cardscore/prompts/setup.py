"""Questions asked when a new game is created interactively.

* :func:`ask_game` — which game, when ``cardscore new`` names none;
* :func:`ask_same_table` — "Same table as last time?", when a session of the game was
  played before (:mod:`cardscore.sametable` makes the new session from it).
* :func:`ask_new` — the rule set, the number of players, their names (the names of
  earlier players offered as they are typed, :class:`NameCompleter`) and the teams' names.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import questionary
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from cardscore.games import preset_word
from cardscore.games.base import (
    Game,
    InputError,
    alike,
    check_hidden,
    fold,
    parse_int,
    twins_problem,
)
from cardscore.i18n import _, msg, tr
from cardscore.prompts import ask

if TYPE_CHECKING:
    from cardscore.session import Session


def preset_choices(game: Game) -> list[questionary.Choice]:
    """The rule sets as the question offers them: each name (in the user's language) with
    what it is."""
    choices = []
    for preset in game.presets:
        line = game.preset_lines.get(preset)
        word = preset_word(preset)
        title = tr(msg("{rules} — {what}", rules=word, what=msg(line))) if line else word
        choices.append(questionary.Choice(title, preset))
    return choices


def game_choices() -> list[questionary.Choice]:
    """The games as ``new`` offers them: each name with how many play it (``belote — 4
    players``, ``tarot — 3 to 6 players``)."""
    from cardscore.games import GAME_NAMES, get_game

    choices = []
    for name in GAME_NAMES:
        game = get_game(name)
        low, high = game.min_players, game.max_players
        if low == high:
            title = msg("{game} — {count} players", game=name, count=low)
        else:
            title = msg("{game} — {low} to {high} players", game=name, low=low, high=high)
        choices.append(questionary.Choice(tr(title), name))
    return choices


def ask_game() -> str:
    """Which game (``cardscore new`` with none named)."""
    return ask.select(_("Which game?"), choices=game_choices()).unsafe_ask()


@dataclass
class NewGameAnswers:
    names: list[str]
    rules: str
    settings: list[str] = field(default_factory=list)


def name_problem(text: str, earlier: Sequence[str]) -> str | None:
    """Why ``text`` cannot be the next player's name (a message), or ``None``.

    >>> name_problem("  ", []), name_problem("ann", ["Ann"]), name_problem("Bob", ["Ann"])
    ('a name cannot be empty', 'Ann is already at the table', None)
    >>> name_problem("\u0391nn", ["Ann"])  # doctest: +ELLIPSIS
    "'Αnn' and 'Ann' look the same (U+0391 GREEK CAPITAL LETTER ALPHA); ..."
    """
    cleaned = " ".join(text.split())
    if not cleaned:
        return msg("a name cannot be empty")
    if "," in cleaned:
        return msg("a name cannot contain a comma")
    hidden = _hidden_problem(cleaned)
    if hidden is not None:
        return hidden
    for other in earlier:
        if fold(other) == fold(cleaned):
            return msg("{name} is already at the table", name=other)
        if alike(other, cleaned):
            return twins_problem(cleaned, other)
    return None


def team_problem(text: str, earlier: Sequence[str]) -> str | None:
    """Why ``text`` cannot be a team's name, the ``earlier`` teams named (a message), or
    ``None``: it holds a character drawn as nothing, or looks like an earlier team's name.

    >>> team_problem("Nous", []), team_problem("N\u03bfus", ["Nous"])  # doctest: +ELLIPSIS
    (None, "'Nοus' and 'Nous' look the same (U+03BF GREEK SMALL LETTER OMICRON); ...")
    """
    hidden = _hidden_problem(text)
    if hidden is not None:
        return hidden
    return next((twins_problem(text, other) for other in earlier if alike(other, text)), None)


def _hidden_problem(text: str) -> str | None:
    try:
        check_hidden(text)
    except InputError as exc:
        return exc.args[0]
    return None


class NameCompleter(Completer):
    """The names of earlier players that fit what is typed: case- and accent-blind, from the
    start of the name or of one of its words (``zo`` → ``Zoé``, ``luc`` → ``Jean-Luc``), in
    the order given (the most frequent first), those at the table already left out."""

    def __init__(self, names: Sequence[str], taken: Sequence[str]) -> None:
        seated = {fold(name) for name in taken}
        self.names = [name for name in names if fold(name) not in seated]

    def get_completions(self, document: Document, event: CompleteEvent) -> Iterable[Completion]:
        typed = document.text_before_cursor
        wanted = fold(typed)
        for name in self.names:
            key = fold(name)
            if key.startswith(wanted) or f"-{wanted}" in key:
                yield Completion(name, start_position=-len(typed))


def ask_name(question: str, taken: Sequence[str], known: Sequence[str]) -> str:
    """A player's name, checked as it is typed (:func:`name_problem`); the ``known`` names
    (earlier players) are offered as it is typed, and a new name is typed as well."""

    def check(text: str) -> str | bool:
        return tr(name_problem(text, taken)) or True

    completer = NameCompleter(known, taken)
    if completer.names:
        answer = ask.autocomplete(
            question, choices=completer.names, completer=completer, validate=check
        ).unsafe_ask()
    else:  # nobody to offer (a first game)
        answer = ask.text(question, validate=check).unsafe_ask()
    return " ".join(answer.split())


def ask_same_table(session: Session) -> bool:
    """ "Same table as last time?": the players of the next session at the last table, in
    their seats (the first deals first), and its rule set; yes takes them."""
    question = msg(
        "Same table as last time? ({players} — {rules})",
        players=", ".join(session.players),
        rules=preset_word(session.rules),
    )
    return ask.yes_no(tr(question), default=True)


def ask_new(
    game: Game,
    *,
    players: int | None,
    names: list[str] | None,
    rules: str | None,
    target_given: bool = False,
) -> NewGameAnswers:
    """Ask the rule set, the number of players and their names, the teams' names and the
    target (whatever was not given: ``target_given``, by ``--target`` or ``--set``)."""
    if rules is None and len(game.presets) == 1:
        rules = game.default_preset
    if rules is None:
        rules = ask.select(
            _("Rule set?"),
            choices=preset_choices(game),
            default=game.default_preset,
        ).unsafe_ask()
    if names is None:
        if players is None:
            if game.min_players == game.max_players:
                players = game.min_players
            else:
                counts = [str(n) for n in range(game.min_players, game.max_players + 1)]
                players = int(
                    ask.select(
                        _("How many players?"),
                        choices=counts,
                        default=counts[min(2, len(counts) - 1)],
                    ).unsafe_ask()
                )
        from cardscore.sametable import earlier_names

        known = earlier_names()
        names = []
        for seat in range(1, players + 1):
            if seat == 1:
                question = msg("Player {seat}'s name (seating order, dealer first):", seat=seat)
            else:
                question = msg("Player {seat}'s name (seating order):", seat=seat)
            names.append(ask_name(tr(question), list(names), known))
    settings: list[str] = []
    # a game without teams has no default team names: nothing asked
    teams: list[str] = []
    for index, default in enumerate(game.default_team_names(names), start=1):
        # Not pre-filled: typing a name must not append it to the default one.
        question = msg("Name of team {index} (Enter: {default}):", index=index, default=default)

        def check(text: str, default: str = default) -> str | bool:
            return tr(team_problem(" ".join(text.split()) or default, teams)) or True

        team = ask.text(tr(question), validate=check).unsafe_ask()
        team = " ".join(team.split())
        if team and team != default:
            settings.append(f"team{index}={team}")
        teams.append(team or default)
    if not target_given and (goal := ask_target(game, rules, names)) is not None:
        settings.append(f"{game.target_param}={goal}")
    return NewGameAnswers(names=names, rules=rules, settings=settings)


def ask_target(game: Game, rules: str, names: Sequence[str]) -> int | None:
    """The score that ends the game, Enter taking the rule set's (``None``: that one, or a
    game whose target is not a plain number: tarot has none, rami's follows the table)."""
    from cardscore.games import get_preset
    from cardscore.seating import check_target

    key = game.target_param
    if key is None:
        return None
    params = get_preset(game, rules)[1]
    default = getattr(params, key)
    if game.shown_param(params, key, names) is not None:
        return None

    def check(text: str) -> str | bool:
        if not text.strip():
            return True
        try:
            check_target(game, params, parse_int(text, what=_("target")))
        except InputError as exc:
            return tr(exc.args[0])
        return True

    question = msg("Target score (Enter: {default}):", default=default)
    said = ask.text(tr(question), validate=check).unsafe_ask().strip()
    goal = parse_int(said, what="target") if said else default
    return None if goal == default else goal
