"""Dynamic shell completion: session ids, game names, rule sets, players, teams, values.

The shell scripts in ``completions/`` (made by ``scripts/generate_completions.py``) call
``cardscore`` back with ``_CARDSCORE_COMPLETE`` set; Typer then asks these functions for the
candidates.  Each returns ``(value, help)`` pairs and never raises: a completion that fails
must not print a traceback into the user's command line.
"""

# No ``from __future__ import annotations``: Typer reads these functions' annotations each
# time it builds an option they complete; string ones would be evaluated every time.
import functools
from collections.abc import Callable, Iterable
from typing import Any

from cardscore.games import GAME_NAMES, get_game

COMPLETE_VAR = "_CARDSCORE_COMPLETE"
SHELLS = {
    "bash": "cardscore.bash",
    "zsh": "_cardscore",
    "fish": "cardscore.fish",
    "powershell": "cardscore.ps1",
}
FORMATS = ("txt", "md", "csv", "html", "pdf", "json")
TEAM_WORDS = ("taker", "defense")

Candidates = list[tuple[str, str]]


def _safe(function: Callable[..., Candidates]) -> Callable[..., Candidates]:
    # functools.wraps keeps the signature Typer inspects to pass ctx and incomplete.
    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Candidates:
        try:
            return function(*args, **kwargs)
        except Exception:  # a broken file or an odd state: offer nothing rather than crash
            return []

    return wrapper


def _starting(items: Iterable[tuple[str, str]], incomplete: str) -> Candidates:
    folded = incomplete.casefold()
    return [(value, help) for value, help in items if value.casefold().startswith(folded)]


@_safe
def sessions(incomplete: str) -> Candidates:
    """Saved session ids, most recent first, with their game and players as help."""
    from cardscore import store

    found = []
    for path in store.session_files():
        try:
            session = store.read(path)
            found.append((session.id, f"{session.game}: {', '.join(session.players)}"))
        except Exception:
            found.append((path.stem, "(damaged)"))
    return _starting(found, incomplete)


@_safe
def tournaments(incomplete: str) -> Candidates:
    """Tournament ids, most recent first, with their game and title as help."""
    from cardscore.tournament import files

    found = []
    for tournament_id in files.ids():
        try:
            tournament = files.read(tournament_id)
            found.append((tournament.id, f"{tournament.game}: {tournament.title}".rstrip(": ")))
        except Exception:
            found.append((tournament_id, "(damaged)"))
    return _starting(found, incomplete)


@_safe
def games(incomplete: str) -> Candidates:
    return _starting(((name, "") for name in GAME_NAMES), incomplete)


def _positional(ctx: Any, name: str) -> str | None:
    """The command's argument ``name`` (``new GAME``, ``add SESSION``), if one was typed.

    While the shell completes an option, click leaves the arguments typed before it in
    ``ctx.args`` rather than in ``ctx.params``: look in both.
    """
    value = ctx.params.get(name)
    if value:
        return str(value)
    words = [a for a in getattr(ctx, "args", []) if not a.startswith("-")]
    return words[0] if words else None


@_safe
def presets(ctx: Any, incomplete: str) -> Candidates:
    """The rule sets of the game named on the command line."""
    name = (_positional(ctx, "game") or "").strip().lower()
    names = [name] if name in GAME_NAMES else list(GAME_NAMES)
    found = {p: get_game(n).name for n in names for p in get_game(n).presets}
    return _starting(found.items(), incomplete)


@_safe
def shells(incomplete: str) -> Candidates:
    """The shells ``cardscore completion`` writes a script for."""
    return _starting(((shell, "") for shell in SHELLS), incomplete)


@_safe
def formats(incomplete: str) -> Candidates:
    return _starting(((f, "") for f in FORMATS), incomplete)


def _session_of(ctx: Any) -> Any:
    from cardscore import store

    return store.load(_positional(ctx, "session"))


@_safe
def players(ctx: Any, incomplete: str) -> Candidates:
    """The players of the round being entered (for --taker, --winner, --hand…): those at
    the table now; for ``edit ROUND``, those at the table of that round (who may have left
    since)."""
    session = _session_of(ctx)
    table = session.table()
    if getattr(ctx, "info_name", "") == "edit":  # edit [SESSION] ROUND
        words = ctx.params.get("where") or [a for a in ctx.args if not a.startswith("-")]
        number = str(words[-1]) if words else ""
        if number.isdigit() and 1 <= int(number) <= len(session.rounds):
            table = session.table_at(int(number))
    return _starting(((p, "") for p in table.players), incomplete)


@_safe
def seated(ctx: Any, incomplete: str) -> Candidates:
    """The players at the table now (``table --replace``, ``--leave``)."""
    session = _session_of(ctx)
    return _starting(((p, "") for p in session.table().players), incomplete)


@_safe
def everyone(ctx: Any, incomplete: str) -> Candidates:
    """Every player who ever sat at the table (``table --rename``)."""
    session = _session_of(ctx)
    return _starting(((p, "") for p in session.timeline().players()), incomplete)


@_safe
def gone(ctx: Any, incomplete: str) -> Candidates:
    """The players who left the table and may come back (``table --join``)."""
    timeline = _session_of(ctx).timeline()
    seated = timeline.current.players
    return _starting(((p, "") for p in timeline.players() if p not in seated), incomplete)


@_safe
def teams(ctx: Any, incomplete: str) -> Candidates:
    """taker, defense, and the team names of the session."""
    session = _session_of(ctx)
    items = [(w, "") for w in TEAM_WORDS] + [(t, "") for t in session.teams]
    return _starting(items, incomplete)


def for_field(field: Any) -> Callable[..., Candidates] | None:
    """The completion function of one round field (an ``add`` option)."""
    if field.kind in {"player", "players", "player_tag", "player_text"}:
        return players
    if field.kind in {"team", "team_value"}:
        return teams
    if field.kind == "choice":
        values = [(c.value, c.label) for c in field.choices]

        @_safe
        def choices(incomplete: str) -> Candidates:
            return _starting(values, incomplete)

        return choices
    return None


def script(shell: str) -> str:
    """The completion script of ``shell`` (bash, zsh, fish or powershell)."""
    from cardscore.typer_insides import completion_script

    return completion_script("cardscore", COMPLETE_VAR, shell) + "\n"


def enable() -> None:
    """Register Typer's shell classes (done only when a shell asks for completions)."""
    from cardscore.typer_insides import enable_completion

    enable_completion()
