"""The interactive round loop: record a round, corriger, redo, show, change the table, quit.

Every change goes through the store under its lock and re-reads the file first, exactly as
``cardscore add`` does, so a second terminal on the same session never loses a round.
Ctrl-C while a round is being entered or corrected discards that change only; Ctrl-C at the
menu stops the loop (every round is saved already: status 130, a line saying it stopped).
Recording, reviewing and correcting rounds are in :mod:`cardscore.prompts.correct`; the
table's changes, and what follows a game's end (play on to a new target, a new game at the
same table), in :mod:`cardscore.prompts.table`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import questionary
from rich.text import Text

from cardscore import render, store
from cardscore.environment import Stopped
from cardscore.environment import current as environment
from cardscore.games.base import InputError, fold
from cardscore.i18n import Msg, _, msg, tr
from cardscore.prompts import ask, correct, table
from cardscore.session import Session, Standings

if TYPE_CHECKING:
    from cardscore.live import LiveServer

RECORD, UNDO, REDO, SHOW, PRINT, QUIT = "record", "undo", "redo", "show", "print", "quit"
SHARE = "share"
TABLE, PLAY_ON, NEW_GAME = "table", "play on", "new game"


def play(session_id: str) -> None:
    sharing = Sharing()
    try:
        _play(session_id, sharing)
    finally:
        sharing.stop()  # the page's server stops with the loop


def _play(session_id: str, sharing: Sharing) -> None:
    console = environment().console
    session = store.read(store.session_path(session_id))
    standings = session.standings()
    shown(session, standings)  # (the outcome then said by what ends the game, once)
    typed = ""  # a line the keeper was typing when another terminal changed the session
    while True:
        seen = store.stamp(session_id)
        session = store.read(store.session_path(session_id))
        standings = session.standings()

        def changed(seen: object = seen, session_id: str = session_id) -> bool:
            return store.stamp(session_id) != seen

        record = record_question(len(session.rounds) + 1, standings)
        line = None
        try:
            if standings.finished:  # what follows the end: a few entries, chosen in a list
                menu = [*head(record, standings, session), *tail(session)]
                question = ask.watching(ask.select(_("What now?"), choices=menu), changed)
                action = question.unsafe_ask()
            else:
                action, line = home(record, session, changed, typed, sharing)
        except KeyboardInterrupt:  # every round is saved already: said, then stopped
            console.print(tr(msg("Saved. Resume with `cardscore play {id}`.", id=session_id)))
            raise Stopped(msg("Stopped.")) from None
        typed = ""
        if isinstance(action, ask.Changed) or changed():
            # Saved from another terminal while the keeper looked: the score as it is now,
            # before anything is done with the one shown (its next round, dealer and menu).
            console.print(Text(_("The session was changed in another terminal."), style="yellow"))
            session = store.read(store.session_path(session_id))
            standings = session.standings()
            if isinstance(action, ask.Changed):
                shown(session, standings)
                typed = action.typed
                continue
        if action in (UNDO, REDO) and not available(action, session):
            console.print(Text(_("nothing to correct") if action == UNDO else _("nothing to redo")))
            continue
        if action == QUIT:
            console.print(tr(msg("Saved. Resume with `cardscore play {id}`.", id=session_id)))
            return
        session_id = _act(action, line, session, standings, sharing)


def _act(
    action: object, line: str | None, session: Session, standings: Standings, sharing: Sharing
) -> str:
    """Do what the keeper chose at the loop's home (a round typed, a correction, a change of
    the table…); the id of the session the loop goes on with (a new game's, after one)."""
    session_id = session.id
    console = environment().console
    if action == PRINT:
        console.print(tr(msg("Scoresheet written to {path}", path=str(print_html(session)))))
    elif action == SHARE:
        sharing.show(session_id)
    elif action == SHOW:
        console.print(render.sheet(session, standings, standings.rows[-30:], detail=False))
        shown(session, standings)
    elif action == UNDO:
        unless_interrupted(
            correct.corriger, session_id, _("Correction discarded; nothing was changed.")
        )
    elif action in (TABLE, PLAY_ON):
        change = table.change_table if action == TABLE else table.play_on
        unless_interrupted(change, session_id, _("Table change discarded; nothing was changed."))
    elif action == NEW_GAME:
        session_id = table.next_game(session_id)
        sharing.follow(session_id)
    elif action == REDO:
        redo(session_id, session)
    else:
        said = _("Round discarded; nothing was saved.")
        record_it = functools.partial(correct.record_round, line=line)
        unless_interrupted(record_it, session_id, said)
    return session_id


def unless_interrupted(act: Callable[[str], object], session_id: str, discarded: str) -> None:
    """Do ``act`` on the session; Ctrl-C gives it up (nothing saved) and says so."""
    try:
        act(session_id)
    except KeyboardInterrupt:
        environment().console.print(Text(discarded, style="yellow"))


def shown(session: Session, standings: Standings) -> None:
    """The totals, and the game's outcome once it has one."""
    console = environment().console
    console.print(render.totals_table(session, standings))
    if line := render.outcome_line(standings):
        console.print(line)


def record_question(number: int, standings: Standings) -> Msg:
    """``Record round 3 (dealer Ann)``: the home's question, naming who deals (and the mort)."""
    if standings.next_mort:
        return msg(
            "Record round {number} (dealer {dealer}, mort {mort})",
            number=number,
            dealer=standings.next_dealer,
            mort=standings.next_mort,
        )
    return msg(
        "Record round {number} (dealer {dealer})", number=number, dealer=standings.next_dealer
    )


def redo(session_id: str, session: Session) -> None:
    """Make the last change undone again, and show the totals it gives."""
    console = environment().console
    try:
        with store.changing(session_id) as current:
            done = current.redo()
            after = current.standings()
    except InputError as exc:
        console.print(Text(correct.said(exc, session.game_rules), style="red"))
        return
    console.print(_("Round restored.") if done["kind"] == "add" else _("Change made again."))
    shown(current, after)


# The home's actions besides a round: each a word, said in the user's language (its first
# letter is its key); the English words and keys are understood in every language.
ACTIONS = (
    (UNDO, correct.UNDO_WORD),  # the words the loop's messages name undo and redo by
    (REDO, correct.REDO_WORD),
    (SHOW, msg("show")),
    (PRINT, msg("print")),
    (SHARE, msg("live")),
    (TABLE, msg("table")),
    (QUIT, msg("quit")),
)


def action_words() -> dict[str, str]:
    """Every word and key the home reads as an action, folded: the user's language's first,
    then English where it does not clash."""
    words: dict[str, str] = {}
    for translated in (True, False):
        for action, word in ACTIONS:
            said = fold(tr(word) if translated else str(word))
            for form in (said, said[:1]):
                words.setdefault(form, action)
    return words


def home(
    record: str,
    session: Session,
    changed: Callable[[], bool] | None = None,
    typed: str = "",
    sharing: Sharing | None = None,
) -> tuple[str | ask.Changed, str | None]:
    """The loop's home while a game is on: Enter starts the round's questions; a round typed
    as one line (``bob g 2b 49 dan``) is read, shown and saved; a word or its key (``c``,
    ``corriger``) is an action.  Returns the action, with the line for a round; or, as soon
    as ``changed()`` is true, :class:`~cardscore.prompts.ask.Changed` (``typed`` is the text
    the home starts with: what was being typed then)."""
    from prompt_toolkit.completion import WordCompleter

    from cardscore.games.line import line_words

    if sharing is not None and (line := sharing.line()):
        environment().console.print(Text(line, style="cyan"))
    keys = " · ".join(f"{fold(tr(word))[:1]} {tr(word)}" for _, word in ACTIONS)
    environment().console.print(
        Text(tr(msg("Enter: the questions · or the round in one line · {keys}", keys=keys)),
        style="dim"),
    )  # fmt: skip
    game = session.game_rules
    table = session.table()
    words = [*table.players, *line_words(game.fields).values()]
    words += [str(c.value) for f in game.fields if f.words.bare for c in f.choices]
    completer = WordCompleter(words, ignore_case=True)
    question = ask.text(tr(record), default=typed, completer=completer, complete_while_typing=False)
    typed = (ask.watching(question, changed) if changed else question).unsafe_ask()
    if isinstance(typed, ask.Changed):
        return typed, None
    word = fold(typed.strip())
    if not word:
        return RECORD, None
    action = action_words().get(word)
    if action is not None:
        return action, None
    return RECORD, typed.strip()


def available(action: str, session: Session) -> bool:
    """Whether there is something to correct (UNDO) or to redo (REDO)."""
    if action == UNDO:
        return bool(session.rounds) or correct.last_change(session) is not None
    return bool(session.undone)


def head(record: str, standings: Standings, session: Session) -> list[questionary.Choice]:
    """The menu's first entries: the next round, or once the game is over what follows it
    (play on to a new target, a new game at the same table)."""
    if not standings.finished:
        return [questionary.Choice(tr(record), RECORD)]
    if session.tournament is not None:  # a tournament's table: the next is the next round's
        return []
    entries = []
    if table.has_target(session):
        entries.append(questionary.Choice(_("Play on to a new target"), PLAY_ON))
    entries.append(questionary.Choice(_("New game, same table"), NEW_GAME))
    return entries


def tail(session: Session) -> list[questionary.Choice]:
    """The menu's other entries: corrections, the scoresheet, the table, quit."""
    return [
        questionary.Choice(
            _("Corriger (the last round, or an earlier one)"),
            UNDO,
            disabled=not session.rounds
            and correct.last_change(session) is None
            and _("nothing to correct"),
        ),
        questionary.Choice(
            _("Redo (the last change undone)"),
            REDO,
            disabled=not session.undone and _("nothing to redo"),
        ),
        questionary.Choice(_("Show the scoresheet"), SHOW),
        questionary.Choice(_("Print the scoresheet (HTML file)"), PRINT),
        questionary.Choice(_("Share the score (a live page for phones and the TV)"), SHARE),
        questionary.Choice(table.menu_label(session), TABLE),
        questionary.Choice(_("Quit"), QUIT),
    ]


def record_round(session_id: str) -> None:
    """Ask one round, show its breakdown, and save it once the table agrees (see
    :func:`cardscore.prompts.correct.record_round`)."""
    correct.record_round(session_id)


def print_html(session: Session) -> Path:
    """Write the HTML scoresheet in the current folder (where the player will look first)."""
    from cardscore import export

    data = export.render("html", session, session.standings())
    return export.write(str(Path.cwd() / f"cardscore-{session.id}.html"), data).resolve()


class Sharing:
    """The loop's live page ("Share the score"): served in the background from the first
    time it is asked for until the loop ends; the home says it is on, and to how many."""

    def __init__(self) -> None:
        self.server: LiveServer | None = None

    def show(self, session_id: str) -> None:
        """Serve the session's page (once), and say where it is, with its QR code."""
        from cardscore.live import LiveServer
        from cardscore.live_address import address_lines, qr_code
        from cardscore.store import StoreError

        console = environment().console
        if self.server is None:
            try:
                self.server = LiveServer(session_id, environment(), None, None).start()
            except StoreError as exc:
                console.print(Text(tr(exc.args[0]), style="red"))
                return
        console.print(address_lines(self.server))
        console.print(qr_code(self.server.url))

    def follow(self, session_id: str) -> None:
        """A new game at the same table: its page is served instead (a new address)."""
        if self.server is not None and self.server.session_id != session_id:
            self.stop()
            self.show(session_id)

    def line(self) -> str | None:
        """What the home says while the page is served."""
        if self.server is None:
            return None
        said = msg(
            "Live page: {url} · watching: {count}",
            url=self.server.url,
            count=self.server.viewers,
        )
        return tr(said)

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None
