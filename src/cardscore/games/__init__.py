"""The rules core: one module per game, pure functions, no I/O.

>>> get_game("tarot").name
'tarot'
>>> sorted(GAME_NAMES)
['belote', 'coinche', 'rami', 'tarot']
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cardscore.games.base import InputError
from cardscore.i18n import msg

if TYPE_CHECKING:
    from cardscore.games.base import Game

# game name -> (module, attribute); modules are imported only when a game is used.
_REGISTRY = {
    "tarot": ("cardscore.games.tarot", "GAME"),
    "belote": ("cardscore.games.belote", "BELOTE"),
    "coinche": ("cardscore.games.belote", "COINCHE"),
    "rami": ("cardscore.games.rami", "GAME"),
}
GAME_NAMES = tuple(_REGISTRY)


def get_preset(game: Game, name: str | None) -> tuple[str, Any]:
    """The rule set ``name`` of ``game`` (its default when ``None``): its name and parameters.

    >>> get_preset(get_game("tarot"), "Maison")[0], get_preset(get_game("rami"), None)[0]
    ('maison', 'standard')
    """
    preset = (name or game.default_preset).strip().lower()
    if preset not in game.presets:
        raise InputError(
            msg(
                "--rules: {game} has no rule set {rules!r} (rule sets: {presets})",
                game=game.name,
                rules=name,
                presets=", ".join(game.presets),
            )
        )
    return preset, game.presets[preset]


def get_game(name: str) -> Game:
    """The game called ``name`` (``tarot``, ``belote``, ``coinche`` or ``rami``)."""
    try:
        module, attribute = _REGISTRY[name.strip().lower()]
    except KeyError:
        raise InputError(
            msg("unknown game {name!r} (games: {games})", name=name, games=", ".join(GAME_NAMES))
        ) from None
    return getattr(importlib.import_module(module), attribute)
