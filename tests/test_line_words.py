"""The line reads what the table says: first, a list keeps its keys whichever entries a
round leaves in it, so that a key means one entry."""

from __future__ import annotations

from typing import Any

import pytest
import questionary

from cardscore.games import get_game
from cardscore.games.base import Table
from cardscore.i18n import set_language
from cardscore.prompts.round import RoundAsker

TAROT5 = ("Ann", "Bob", "Cyd", "Dan", "Eve")
CARDS = ("Nord", "Est", "Sud", "Ouest")
LANGUAGES = ("en", "fr", "nb")


def _table(game: str, players: tuple[str, ...], rules: str) -> Table:
    rules_of = get_game(game)
    teams = rules_of.default_team_names(players)
    return Table(game, players, rules_of.presets[rules], teams)


# --------------------------------------------------------------------------------------------
# The keys a list shows


class _Shown(Exception):
    """A list question was drawn: its entries, each with its key."""

    def __init__(self, entries: list[tuple[str | None, str]]) -> None:
        super().__init__(entries)
        self.entries = entries


def _list_of(monkeypatch, game: str, table: Table, key: str, raw: dict[str, Any]) -> dict:
    """The entries of field ``key``'s list as the questions draw it (value → key shown)."""

    def drawn(message: str, choices: list[Any], **kwargs: Any) -> Any:
        raise _Shown(
            [
                (c.shortcut_key, c.value)
                for c in choices
                if isinstance(c, questionary.Choice) and not str(c.title).startswith("—")
            ]
        )

    monkeypatch.setattr(questionary, "select", drawn)
    rules = get_game(game)
    asker = RoundAsker(rules, table, 1)
    asker.raw.update(raw)
    f = next(f for f in rules.fields if f.key == key)
    if f.kind == "player_tag":  # the players first (a checkbox), then each one's kind
        monkeypatch.setattr(asker, "run", lambda question: ["Bob"])
        ask = asker._ask_player_tag
    else:
        ask = asker._ask_choice
    with pytest.raises(_Shown) as shown:
        ask(f)
    return {value: letter for letter, value in shown.value.entries}


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", {"prise": "p", "garde": "g", "garde-sans": "s", "garde-contre": "c",
                "renonce": "r"}),
        ("fr", {"prise": "p", "garde": "g", "garde-sans": "s", "garde-contre": "c",
                "renonce": "r"}),
        ("nb", {"prise": "p", "garde": "g", "garde-sans": "s", "garde-contre": "c",
                "renonce": "r"}),
    ],
)  # fmt: skip
def test_the_contract_keys_are_the_ones_the_table_sees(monkeypatch, language, expected) -> None:
    """Not a list of nothing: the keys of the tarot contract, as drawn."""
    set_language(language)
    assert _list_of(monkeypatch, "tarot", _table("tarot", TAROT5, "maison"), "contract", {}) == (
        expected
    )


def test_a_list_keeps_its_keys_whichever_entries_a_round_leaves(monkeypatch) -> None:
    """A key is the entry's in the list of every choice: an entry the round refuses does not
    give its key to the next one (the line reads the key the same whatever the round)."""
    set_language("fr")
    table = _table("tarot", TAROT5, "maison")
    rules = get_game("tarot")
    chelem = next(f for f in rules.fields if f.key == "chelem")
    whole = chelem.choice_keys(table)

    def refused(self, f, value):  # the rules refuse a chelem announced and made
        return "no" if f.key == "chelem" and value == "announced" else None

    monkeypatch.setattr(RoundAsker, "problem", refused)
    shown = _list_of(monkeypatch, "tarot", table, "chelem", {"contract": "garde", "taker": "Bob"})
    assert "announced" not in shown
    assert shown == {value: whole[value] for value in shown}
