"""The rules core: one module per game, pure functions, no I/O.

>>> get_game("tarot").name
'tarot'
>>> sorted(GAME_NAMES)
['belote', 'coinche', 'rami', 'tarot']
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from cardscore.games.base import InputError
from cardscore.i18n import msg

if TYPE_CHECKING:
    from cardscore.games.base import Game
    from cardscore.i18n import Msg

# game name -> (module, attribute); modules are imported only when a game is used.
_REGISTRY = {
    "tarot": ("cardscore.games.tarot", "GAME"),
    "belote": ("cardscore.games.belote", "BELOTE"),
    "coinche": ("cardscore.games.belote", "COINCHE"),
    "rami": ("cardscore.games.rami", "GAME"),
}
GAME_NAMES = tuple(_REGISTRY)


def games_said(last: str = "or") -> Msg:
    """The registry's games as a sentence says them, the last joined by ``last`` ("or" or
    "and"): the help texts list the games from here, so a new game is listed by its registry
    line alone.

    >>> games_said(), games_said("and")
    ('tarot, belote, coinche or rami', 'tarot, belote, coinche and rami')
    """
    *first, final = GAME_NAMES
    if last == "and":
        return msg("{games} and {last}", games=", ".join(first), last=final)
    return msg("{games} or {last}", games=", ".join(first), last=final)


def get_preset(game: Game, name: str | None) -> tuple[str, Any]:
    """The rule set ``name`` of ``game`` (its default when ``None``): its name and parameters.

    >>> get_preset(get_game("tarot"), "Maison")[0], get_preset(get_game("rami"), None)[0]
    ('maison', 'standard')
    """
    preset = preset_key(name or game.default_preset, game.presets)
    if preset not in game.presets:
        raise InputError(
            msg(
                "--rules: {game} has no rule set {rules!r} (rule sets: {presets})",
                game=game.name,
                rules=name,
                presets=", ".join(preset_word(p) for p in game.presets),
            )
        )
    return preset, game.presets[preset]


# The rule sets' names a language says otherwise (its catalog's entry): official → officiel.
PRESET_WORDS = {"official": msg("official")}


def preset_word(name: str) -> str:
    """A rule set's name in the current language (``officiel`` in French).

    >>> from cardscore.i18n import set_language
    >>> set_language("fr")
    >>> preset_word("official"), preset_word("maison")
    ('officiel', 'maison')
    >>> set_language("en")
    """
    from cardscore.i18n import tr

    return tr(PRESET_WORDS.get(name, name))


def preset_key(text: str, known: Iterable[str]) -> str:
    """The rule set among ``known`` that ``text`` names, in any language (``officiel`` is
    ``official``); else ``text`` folded.

    >>> preset_key(" Officiel", ["maison", "official"]), preset_key("Maison", ["maison"])
    ('official', 'maison')
    """
    from cardscore.games.base import fold
    from cardscore.i18n import LANGUAGES, load_catalog

    folded = fold(text)
    for key in known:
        words = {fold(key)}
        template = PRESET_WORDS.get(key)
        if template is not None:
            words.update(fold(load_catalog(lang).get(template, key)) for lang in LANGUAGES)
        if folded in words:
            return key
    return text.strip().lower()


def get_game(name: str) -> Game:
    """The game called ``name``, one of :data:`GAME_NAMES`."""
    try:
        module, attribute = _REGISTRY[name.strip().lower()]
    except KeyError:
        raise InputError(
            msg("unknown game {name!r} (games: {games})", name=name, games=", ".join(GAME_NAMES))
        ) from None
    return getattr(importlib.import_module(module), attribute)
