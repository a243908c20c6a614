"""``cardscore`` with a fifth game, the toy of :mod:`toy_huit`: its registry line added, as a
game module of the product would add it (run as ``python tests/toy_cardscore.py ARGS…``;
importing this module changes nothing)."""

import sys
from pathlib import Path


def main() -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    import cardscore.games as games

    games._REGISTRY["huit"] = ("toy_huit", "GAME")  # the registry line
    games.GAME_NAMES = tuple(games._REGISTRY)
    from cardscore.__main__ import main as cardscore

    cardscore()


if __name__ == "__main__":
    main()
