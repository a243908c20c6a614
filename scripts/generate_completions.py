"""Write the shell completion scripts of ``completions/`` from the app.

    python scripts/generate_completions.py          # (re)write them
    python scripts/generate_completions.py --check  # exit 1 if one is out of date

The scripts only call ``cardscore`` back (``_CARDSCORE_COMPLETE``); every candidate (commands,
options, session ids, players…) comes from the installed program at completion time.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cardscore.completion import SHELLS, script

FOLDER = Path(__file__).resolve().parent.parent / "completions"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for shell, name in SHELLS.items():
        path = FOLDER / name
        text = script(shell)
        if check:
            if not path.exists() or path.read_text("utf-8") != text:
                stale.append(name)
        else:
            FOLDER.mkdir(exist_ok=True)
            path.write_text(text, "utf-8")
            print(f"wrote {path}")
    if stale:
        print(f"out of date: {', '.join(stale)} (run python scripts/generate_completions.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
