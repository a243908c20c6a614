"""Asking one round, driven by the game's field descriptions.

The questions, their choices and their validation all come from ``game.fields`` and
``game.build_round`` — the same description and the same checks as ``cardscore add``:

* a field is asked only where it applies (:meth:`Field.is_relevant`);
* choices the rules would refuse are not offered (each is tried against ``build_round``);
* typed answers are checked as they are typed, by running ``build_round`` on the answers so
  far and keeping the errors about this field (their message starts with its option);
* a field ``X`` with a twin ``defense_X`` is asked as "whose points did you count?";
* flags sharing an ``asked_as`` question are asked as that one question (the coinche level);
* once every answer is in, the game may want some asked again (``second_thoughts``: a capot
  contract whose team holds everything, without its capot), saying why.

Every text shown is said in the user's language (:func:`cardscore.i18n.tr`): the fields'
questions and choice labels, and the rules' objections.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import questionary

from cardscore.games.base import Choice, Field, FieldKind, Game, InputError, Table
from cardscore.i18n import _, language, msg, tr

NOBODY = "—"


def list_hint() -> str | None:
    """The hint questionary shows under a list question, in the user's language (``None``
    keeps questionary's own English one)."""
    return None if language() == "en" else _("(Use arrow keys)")


def checkbox_hint() -> str | None:
    """The hint questionary shows under a checkbox question (``None``: its own, in English)."""
    if language() == "en":
        return None
    return _("(Use arrow keys to move, <space> to select, <a> to toggle, <i> to invert)")


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
        """The rules' objection to giving ``f`` this value, given the answers so far, in the
        user's language (``None`` if there is none)."""
        trial = {**self.raw, f.key: value}
        try:
            self.check(trial)
        except InputError as exc:
            if exc.field == f.key:  # an objection to another answer is not this one's
                return tr(exc.args[0]) if exc.args else str(exc)
        return None

    def _validator(self, f: Field, wrap: Callable[[str], Any] | None = None):
        def validate(text: str) -> bool | str:
            if wrap is None and not text.strip():
                return True if not f.required else _("an answer is needed")
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
                    _("Whose points did you count?"),
                    choices=[
                        questionary.Choice(_("the taker's"), f.key),
                        questionary.Choice(_("the defence's"), twin.key),
                    ],
                    instruction=list_hint(),
                ).unsafe_ask()
                self.ask_field(twin if side == twin.key else f)
            else:
                if f.asked_as:
                    skipped.update(g.key for g in self._together(f))
                self.ask_field(f)
        self.think_again()
        return self.raw

    def think_again(self) -> None:
        """Ask again the questions the game finds doubtful given the whole round, after
        saying why (only for a round the rules accept: errors are dealt with elsewhere)."""
        try:
            inp = self.game.build_round(self.raw, self.table, self.number)
        except InputError:
            return
        for key, why in self.game.second_thoughts(inp, self.table):
            self.say(tr(why))
            self.ask_field(self.keys[key])

    def _together(self, f: Field) -> list[Field]:
        """The flags asked with ``f`` as one question (``f`` alone if it has none)."""
        if not f.asked_as:
            return [f]
        return [g for g in self.game.fields if g.asked_as == f.asked_as]

    def ask_field(self, f: Field) -> None:
        if f.asked_as:
            self._ask_together(self._together(f))
            return
        self.raw.pop(f.key, None)
        value = self._ASKERS[f.kind](self, f)
        if value not in (None, [], "", False):
            self.raw[f.key] = value

    def _select(self, f: Field, options: list[tuple[str, str]], *, optional: bool) -> str | None:
        allowed = [(title, value) for title, value in options if not self.problem(f, value)]
        if not allowed:
            allowed = options
        choices = [questionary.Choice(title, value) for title, value in allowed]
        # "none" is offered unless the rules already say this answer is needed.
        if optional and self.problem(f, None) is None:
            choices.insert(0, questionary.Choice(tr(self._none(f)), NOBODY))
        answer = questionary.select(
            tr(f.label), choices=choices, instruction=list_hint()
        ).unsafe_ask()
        return None if answer == NOBODY else answer

    @staticmethod
    def _none(f: Field) -> str:
        """The first entry of an optional list, "— none".  The placeholder's name tells the
        translators what is missing (a player, a team, a value): French says « personne »,
        « aucune » or « aucun »."""
        if f.kind == "player":
            return msg("{nobody} none", nobody=NOBODY)
        if f.kind == "team":
            return msg("{no_team} none", no_team=NOBODY)
        return msg("{no_value} none", no_value=NOBODY)

    def _ask_player(self, f: Field) -> str | None:
        return self._select(f, [(p, p) for p in self.active], optional=not f.required)

    def _ask_team(self, f: Field) -> str | None:
        return self._select(f, [(t, t) for t in self.table.teams], optional=not f.required)

    def _title(self, f: Field, choice: Choice) -> str:
        """How a choice is worded in the list (a value like ``garde`` stays as it is)."""
        if f.describe is not None:
            return tr(f.describe(self.table, choice))
        return tr(choice.label) if choice.label else choice.value

    def _ask_choice(self, f: Field) -> str | None:
        options = [(self._title(f, c), c.value) for c in f.choices]
        return self._select(f, options, optional=not f.required)

    def _ask_text(self, f: Field) -> str | None:
        answer = questionary.text(tr(f.label), validate=self._validator(f)).unsafe_ask()
        return answer.strip() or None

    def _ask_flag(self, f: Field) -> bool:
        return bool(questionary.confirm(tr(f.label), default=False).unsafe_ask())

    def _ask_together(self, flags: list[Field]) -> None:
        """Flags asked as one question: none, or one of them (worded by its label)."""
        for g in flags:
            self.raw.pop(g.key, None)
        offered = [g for g in flags if g.is_relevant(self.table, self.raw)]
        allowed = [g for g in offered if not self.problem(g, True)] or offered
        choices = [questionary.Choice(tr(g.label), g.key) for g in allowed]
        choices.insert(0, questionary.Choice(tr(msg("{no_value} none", no_value=NOBODY)), NOBODY))
        answer = questionary.select(
            tr(flags[0].asked_as), choices=choices, instruction=list_hint()
        ).unsafe_ask()
        if answer != NOBODY:
            self.raw[answer] = True

    def _ask_players(self, f: Field) -> list[str]:
        answer = questionary.checkbox(
            tr(f.label), choices=self.active, instruction=checkbox_hint()
        ).unsafe_ask()
        return list(answer or [])

    def _ask_player_tag(self, f: Field) -> list[str]:
        chosen = (
            questionary.checkbox(
                tr(f.label), choices=self.active, instruction=checkbox_hint()
            ).unsafe_ask()
            or []
        )
        tags = (
            [c for c in f.choices if not self.problem(f, [f"{chosen[0]}:{c.value}"])]
            if chosen
            else []
        )
        answers: list[str] = []
        for player in chosen:
            if len(tags) > 1:
                tag = questionary.select(
                    tr(msg("{question} — {player}:", question=msg(f.label), player=player)),
                    choices=[questionary.Choice(self._title(f, c), c.value) for c in tags],
                    instruction=list_hint(),
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

            question = msg(
                "{question} — {team} (e.g. 50 20; empty: none)", question=msg(f.label), team=team
            )
            text = questionary.text(tr(question), validate=self._validator(f, wrap)).unsafe_ask()
            answers = wrap(text)
        return answers

    def _ask_player_text(self, f: Field) -> list[str]:
        answers: list[str] = []
        who = f.who(self.table, self.raw) if f.who else self.active
        for player in who:

            def wrap(text: str, player: str = player, prev: list[str] = answers) -> list[str]:
                return [*prev, f"{player}={text.strip()}"]

            question = msg("{question} — {player}:", question=msg(f.label), player=player)
            text = questionary.text(tr(question), validate=self._validator(f, wrap)).unsafe_ask()
            answers = wrap(text)
            if f.echo is not None:
                try:
                    echoed = f.echo(self.table, text)
                except InputError:  # accepted only because an earlier answer is off
                    continue
                self.say("  " + tr(msg("{player}: {value}", player=player, value=echoed)))
        return answers

    #: the question asked for each kind of field
    _ASKERS: ClassVar[Mapping[FieldKind, Callable[[RoundAsker, Field], Any]]] = {
        FieldKind.PLAYER: _ask_player,
        FieldKind.TEAM: _ask_team,
        FieldKind.CHOICE: _ask_choice,
        FieldKind.NUMBER: _ask_text,
        FieldKind.INTEGER: _ask_text,
        FieldKind.FLAG: _ask_flag,
        FieldKind.PLAYERS: _ask_players,
        FieldKind.PLAYER_TAG: _ask_player_tag,
        FieldKind.TEAM_VALUE: _ask_team_value,
        FieldKind.PLAYER_TEXT: _ask_player_text,
    }
