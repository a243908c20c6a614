"""Asking one round, driven by the game's field descriptions.

The questions, their choices and their validation all come from ``game.fields`` and
``game.build_round`` — the same description and the same checks as ``cardscore add``:

* a field is asked only where it applies (:meth:`Field.is_relevant`);
* choices the rules would refuse are not offered (each is tried against ``build_round``);
* typed answers are checked as they are typed, by running ``build_round`` on the answers so
  far and keeping the errors about this field (their message starts with its option);
* a field ``X`` with a twin ``defense_X`` is asked as "whose points did you count?".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import questionary

from cardscore.games.base import Choice, Field, Game, InputError, Table

NOBODY = "—"


class RoundAsker:
    """Collects the raw answers of one round for ``game`` at ``table``."""

    def __init__(
        self,
        game: Game,
        table: Table,
        number: int,
        check: Callable[[Mapping[str, Any]], None] | None = None,
    ) -> None:
        self.game = game
        self.table = table
        self.number = number
        # ``check`` validates a whole raw round (by default the game's own build_round).
        self.check = check or (lambda raw: game.build_round(raw, table, number))
        self.keys = {f.key: f for f in game.fields}
        mort = game.sitting_out(table, number)
        self.active = [p for p in table.players if p != mort]
        self.raw: dict[str, Any] = {}

    # ---- validation ------------------------------------------------------------------------

    def problem(self, f: Field, value: Any) -> str | None:
        """The rules' objection to giving ``f`` this value, given the answers so far."""
        trial = {**self.raw, f.key: value}
        try:
            self.check(trial)
        except InputError as exc:
            message = str(exc)
            if message.startswith(f.option):
                return message
        return None

    def _validator(self, f: Field, wrap: Callable[[str], Any] | None = None):
        def validate(text: str) -> bool | str:
            if wrap is None and not text.strip():
                return True if not f.required else "an answer is needed"
            return self.problem(f, wrap(text) if wrap else text) or True

        return validate

    # ---- the questions ---------------------------------------------------------------------

    def say(self, text: str) -> None:
        questionary.print(text, style="italic")

    def ask(self) -> dict[str, Any]:
        skipped: set[str] = set()
        for f in self.game.fields:
            if f.key in skipped or not f.is_relevant(self.table, self.raw):
                continue
            twin = self.keys.get("defense_" + f.key)
            if twin is not None:
                skipped.add(twin.key)
                side = questionary.select(
                    "Whose points did you count?",
                    choices=[
                        questionary.Choice("the taker's", f.key),
                        questionary.Choice("the defence's", twin.key),
                    ],
                ).unsafe_ask()
                self.ask_field(twin if side == twin.key else f)
            else:
                self.ask_field(f)
        return self.raw

    def ask_field(self, f: Field) -> None:
        self.raw.pop(f.key, None)
        value = getattr(self, "_ask_" + f.kind)(f)
        if value not in (None, [], "", False):
            self.raw[f.key] = value

    def _select(self, f: Field, options: list[tuple[str, str]], *, optional: bool) -> str | None:
        allowed = [(title, value) for title, value in options if not self.problem(f, value)]
        if not allowed:
            allowed = options
        choices = [questionary.Choice(title, value) for title, value in allowed]
        # "none" is offered unless the rules already say this answer is needed.
        if optional and self.problem(f, None) is None:
            choices.insert(0, questionary.Choice(f"{NOBODY} none", NOBODY))
        answer = questionary.select(f.label, choices=choices).unsafe_ask()
        return None if answer == NOBODY else answer

    def _ask_player(self, f: Field) -> str | None:
        return self._select(f, [(p, p) for p in self.active], optional=not f.required)

    def _ask_team(self, f: Field) -> str | None:
        return self._select(f, [(t, t) for t in self.table.teams], optional=not f.required)

    def _title(self, f: Field, choice: Choice) -> str:
        if f.describe is not None:
            return f.describe(self.table, choice)
        return choice.label or choice.value

    def _ask_choice(self, f: Field) -> str | None:
        options = [(self._title(f, c), c.value) for c in f.choices]
        return self._select(f, options, optional=not f.required)

    def _ask_text(self, f: Field) -> str | None:
        answer = questionary.text(f.label, validate=self._validator(f)).unsafe_ask()
        return answer.strip() or None

    _ask_number = _ask_text
    _ask_integer = _ask_text

    def _ask_flag(self, f: Field) -> bool:
        return bool(questionary.confirm(f.label, default=False).unsafe_ask())

    def _ask_players(self, f: Field) -> list[str]:
        return list(questionary.checkbox(f.label, choices=self.active).unsafe_ask() or [])

    def _ask_player_tag(self, f: Field) -> list[str]:
        chosen = questionary.checkbox(f.label, choices=self.active).unsafe_ask() or []
        tags = (
            [c for c in f.choices if not self.problem(f, [f"{chosen[0]}:{c.value}"])]
            if chosen
            else []
        )
        answers: list[str] = []
        for player in chosen:
            if len(tags) > 1:
                tag = questionary.select(
                    f"{f.label} — {player}:",
                    choices=[questionary.Choice(self._title(f, c), c.value) for c in tags],
                ).unsafe_ask()
                answers.append(f"{player}:{tag}")
            else:
                answers.append(player)
        return answers

    def _ask_team_value(self, f: Field) -> list[str]:
        answers: list[str] = []
        for team in self.table.teams:

            def wrap(text: str, team: str = team, prev: list[str] = answers) -> list[str]:
                return [*prev, *(f"{team}:{v}" for v in text.replace(",", " ").split())]

            text = questionary.text(
                f"{f.label} — {team} (e.g. 50 20; empty: none)", validate=self._validator(f, wrap)
            ).unsafe_ask()
            answers = wrap(text)
        return answers

    def _ask_player_text(self, f: Field) -> list[str]:
        answers: list[str] = []
        who = f.who(self.table, self.raw) if f.who else self.active
        for player in who:

            def wrap(text: str, player: str = player, prev: list[str] = answers) -> list[str]:
                return [*prev, f"{player}={text.strip()}"]

            text = questionary.text(
                f"{f.label} — {player}:", validate=self._validator(f, wrap)
            ).unsafe_ask()
            answers = wrap(text)
            if f.echo is not None:
                self.say(f"  {player}: {f.echo(self.table, text)}")
        return answers
