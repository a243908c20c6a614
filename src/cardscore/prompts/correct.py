"""Correcting the past interactively, and reviewing a round before it is saved.

* :func:`review` — "Save this round?": Yes / Change an answer / Discard.  "Change an
  answer" lists the questions with their answers and asks the chosen one again, the others
  kept; the round is checked and shown again.  "Discard" says what is lost, and is done.
* :func:`edit_round` — a recorded round's questions asked again, each with the old answer as
  its default (Enter keeps it), or only the answer the table picks, the others kept; the old
  and the new scores and every total that changed are shown before the round is reviewed
  and saved (``cardscore edit ROUND`` on a terminal, and "Corriger" in the loop).
* :func:`corriger` — the loop's "Corriger": after a round just added, change one of its
  answers (first) or remove it; after another change, undo it (after saying what it takes
  back); or correct an earlier round, picked by its number.

Nothing is saved before the last confirmation, and only inside :func:`store.changing`: Ctrl-C
anywhere leaves the session as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import questionary
from rich.text import Text

from cardscore import render, store
from cardscore.changes import Kind, effect, last_in_force, plain
from cardscore.environment import current as environment
from cardscore.flow import Flow
from cardscore.games.base import Field, FieldKind, Game, InputError, Table, is_given
from cardscore.i18n import Msg, _, msg, tr
from cardscore.prompts import ask
from cardscore.prompts.questionary_insides import answer_at_once
from cardscore.prompts.round import NOBODY, RoundAsker, in_words
from cardscore.session import Session

YES, CHANGE, DISCARD, BACK = "yes", "change", "discard", "back"
LAST, EARLIER, OLDER = "last", "earlier", "older"

#: how many rounds the list of "An earlier round" shows (the latest ones); an older round
#: is asked by its number
LISTED = 15

#: keys that answer "Save this round?" at once, as its yes/no question used to
SAVE_KEYS = {"y": YES, "Y": YES, "o": YES, "O": YES, "n": DISCARD, "N": DISCARD}

#: the loop's home's words for undo and redo (``c corriger · r redo``): every message of the
#: loop that says how to go back names them so, quoted by :func:`named`
UNDO_WORD, REDO_WORD = msg("corriger"), msg("redo")
#: how a confirmation on the command line names undo: its command
UNDO_COMMAND = "`cardscore undo`"


def named(word: Msg) -> Msg:
    """An action of the loop's home as a message names it: its word, quoted as the language
    quotes (“corriger”, « rétablir », «gjør om»), one spelling for one action everywhere.

    >>> from cardscore.i18n import set_language
    >>> set_language("fr")
    >>> tr(msg("Change undone ({redo} makes it again).", redo=named(REDO_WORD)))
    'Changement annulé (« rétablir » le refait).'
    >>> set_language("en")
    """
    return msg("“{action}”", action=word)


def said(error: Exception, game: Game | None = None) -> str:
    """An error's message in the user's language; with the ``game``, in the prompts' words
    (the options of its rounds named by their questions: :func:`in_words`)."""
    text = tr(error.args[0]) if error.args else tr(str(error))
    return text if game is None else in_words(text, game.fields)


# ---- "Save this round?" ------------------------------------------------------------------


def ask_save(*, can_save: bool = True, why_not: str = "", discard: str = "") -> str:
    """Yes / Change an answer / Discard (``y`` and ``n`` answer it at once too).  Where the
    round cannot be saved, Yes is shown disabled with ``why_not``; ``discard`` words the
    last choice."""
    choices = [
        questionary.Choice(_("Yes, save it"), YES, disabled=not can_save and why_not),
        questionary.Choice(_("Change an answer"), CHANGE),
        questionary.Choice(discard or _("Discard it"), DISCARD),
    ]
    question = ask.select(
        _("Save this round?"),
        choices=choices,
        default=YES if can_save else CHANGE,
    )
    # a key's answer shown answered, as Enter's would be
    keys = {key: value for key, value in SAVE_KEYS.items() if can_save or value != YES}
    return answer_at_once(question, keys).unsafe_ask()


def shown(asker: RoundAsker, key: str, value: Any) -> str:
    """An answer as the list of questions shows it, in words (``garde sans``, ``Ann
    double``)."""
    f = asker.keys[key]
    if f.kind == FieldKind.FLAG and not f.asked_as:
        return _("yes") if value else _("no")
    if value is None or value == [] or value == "":
        return NOBODY
    return f.said(value)


def pick_question(asker: RoundAsker) -> str | None:
    """Which answer to change: the questions with their answers (``None``: back)."""
    choices = [
        questionary.Choice(
            f"{asker.question_of(f)} {shown(asker, f.key, asker.answer_of(f))}", f.key
        )
        for f in asker.questions()
    ]
    choices.append(questionary.Choice(_("Back"), BACK))
    answer = ask.select(_("Which answer?"), choices=choices).unsafe_ask()
    return None if answer == BACK else answer


def fix(asker: RoundAsker, error: InputError) -> None:
    """After the rules refused the round: ask again the question the error is about, or
    every question (the answers so far as the defaults) if it names none."""
    head = next(
        (q for q in asker.questions() if error.field in {g.key for g in asker.group(q)}), None
    )
    if head is not None:
        asker.change(head)
        return
    asker.defaults = dict(asker.raw)
    asker.raw.clear()
    asker.asked.clear()
    asker.ask()


def review(asker: RoundAsker, preview: Callable[[dict[str, Any]], Msg | None]) -> bool:
    """Show the round (``preview``), then "Save this round?" until it is saved (``True``)
    or discarded (``False``).  ``preview`` prints the round and returns what discarding
    it would lose (``None``: nothing, the round is as it was); it raises :class:`InputError`
    if the rules refuse the answers, whose culprit is then asked again."""
    console = environment().console
    while True:
        refused = False
        try:
            lost = preview(asker.raw)
        except InputError as exc:
            console.print(Text(asker.said(exc), style="red"))
            if exc.field is not None:  # that question asked again
                fix(asker, exc)
                continue
            # refused as a whole (a later round it would make impossible): the table
            # chooses what to change
            refused, lost = True, None
        while True:
            if refused:
                action = ask_save(can_save=False, why_not=_("refused"))
            elif lost is None:
                action = ask_save(
                    can_save=False, why_not=_("nothing changed"), discard=_("Leave it as it was")
                )
            else:
                action = ask_save()
            if action == YES:
                return True
            if action == CHANGE:
                key = pick_question(asker)
                if key is None:
                    continue
                asker.change(asker.keys[key])
                break  # shown again, then asked again
            if lost is not None:  # chosen, so done: said, never asked again
                console.print(Text(tr(lost), style="yellow"))
            return False


# ---- recording a round -------------------------------------------------------------------


def record_round(session_id: str, line: str | None = None) -> None:
    """Ask the next round (or read it from ``line``, a round typed as one line), show its
    breakdown, and save it once the table agrees."""
    console = environment().console
    session = store.read(store.session_path(session_id))
    game = session.game_rules
    table = session.table()
    number = len(session.rounds) + 1
    asker = RoundAsker(game, table, number)
    if line is None:
        asker.ask()
    else:
        from cardscore.games.line import read_words, unsaid

        try:
            read = read_words(game.fields, table, line)
        except InputError as exc:
            console.print(Text(asker.said(exc), style="red"))
            return
        asker.raw.update(read.raw)
        for note in read.notes:  # ``g``: garde, not Gaston
            console.print(Text(tr(note), style="yellow"))
        asker.asked.update(asker.raw)
        for f in unsaid(game.fields, table, asker.raw):  # the questions the line left out
            try:
                asker.ask_question(f)
            except ask.GoBack:  # Escape: back to the home, nothing saved
                console.print(Text(_("Round discarded."), style="yellow"))
                return

    def preview(raw: dict[str, Any]) -> Msg:
        inp = session.build(raw)
        result = game.score(inp, table, number, session.standings().carry)
        console.print(
            render.round_report(
                session,
                dict(result.scores),
                result.breakdown,
                msg("Round {number} (dealer {dealer})", number=number, dealer=table.dealer(number)),
            )
        )
        if session.rounds and plain(session.rounds[-1]) == plain(inp):  # typed twice?
            console.print(
                Text(
                    tr(msg("Same answers as round {number}: entered twice?", number=number - 1)),
                    style="yellow",
                )
            )
        return msg(
            "Round {number} ({round}) will not be saved.",
            number=number,
            round=game.headline(inp, table, result.record),
        )

    if not review(asker, preview):
        console.print(Text(_("Round discarded."), style="yellow"))
        return
    with store.changing(session_id) as current:
        current.add(asker.raw)
        standings = current.standings()
    console.print(render.totals_table(current, standings))
    if line := render.outcome_line(standings):
        console.print(line)


# ---- correcting a round ------------------------------------------------------------------


def moved_totals(before: Mapping[str, int], after: Mapping[str, int]) -> list[str]:
    """Every total that changed: ``Bob 142 → 102 (-40)``."""
    lines = []
    for column, total in after.items():
        old = before.get(column, 0)
        if old != total:
            lines.append(f"{column} {old} → {total} ({render.signed(total - old)})")
    return lines


def scores_line(scores: Mapping[str, int], lower_wins: bool = False) -> Text:
    """A round's scores in one line, as the breakdown ends: ``Ann -86   Bob +172``, each
    coloured by what it means for the player (``lower_wins``: rami's penalties)."""
    line = Text("  ")
    for column, value in scores.items():
        line.append(f"{column} ", style="bold")
        line.append(render.signed(value), style=render.score_style(value, lower_wins))
        line.append("   ")
    return line


def _changes_said(game: Game, table: Table, old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
    """The answers that differ, each by its question: ``Who took? Bob → Cyd``."""
    before = game.answers(plain(old), table)
    after = game.answers(plain(new), table)
    return ", ".join(
        f"{tr(f.label)} {_answer(f, before.get(f.key))} → {_answer(f, after.get(f.key))}"
        for f in game.fields
        if before.get(f.key) != after.get(f.key)
    )


def _answer(f: Field, value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None or value == [] or value == "":
        return NOBODY
    return f.said(value)


def edit_round(
    session_id: str, number: int, *, one_answer: bool = False, undo: str = UNDO_COMMAND
) -> bool:
    """Ask round ``number``'s questions again (Enter keeps each old answer), show its old
    and new scores and the totals that change, then save the correction once confirmed.
    With ``one_answer``, only the answer the table picks is asked ("Which answer?", the
    round's answers listed), the others kept as they are.  ``undo`` is how the confirmation
    names undo: the command on the command line, the home's word in the loop.  ``False``:
    the table went back from "Which answer?", nothing asked."""
    console = environment().console
    path = store.session_path(session_id)
    session = store.read(path)
    game, table = session.game_rules, session.table_at(number)  # the table of its time
    if not 1 <= number <= len(session.rounds):
        raise InputError(
            msg(
                "{what}: there is no round {number} (rounds 1 to {count})",
                what="ROUND",
                number=number,
                count=len(session.rounds),
            )
            if session.rounds
            else msg("{what}: there is no round yet", what="ROUND")
        )
    old = plain(session.rounds[number - 1])
    before = session.standings()
    old_row = before.rows[number - 1]
    title = msg(
        "Correcting round {number}: {round}",
        number=number,
        round=game.headline(old, table, old_row.record),
    )
    console.print(Text(tr(title), style="bold"))
    answers = game.answers(old, table)
    asker = RoundAsker(game, table, number, defaults=answers)
    if one_answer:  # the round's answers as they are, one of them asked again
        asker.raw.update((key, value) for key, value in answers.items() if is_given(value))
        key = pick_question(asker)
        if key is None:
            return False
        asker.change(asker.keys[key])
    else:
        console.print(Text(_("Enter keeps each answer as it was."), style="dim"))
        asker.ask()

    def preview(raw: dict[str, Any]) -> Msg | None:
        new = game.build_round(raw, table, number)
        if new == old:
            console.print(
                Text(tr(msg("Round {number} is as it was.", number=number)), style="yellow")
            )
            return None
        trial = store.read(path)
        trial.edit(number, raw, whole=True)  # refused if a later round becomes impossible
        after = trial.standings()
        new_row = after.rows[number - 1]
        dealer = table.dealer(number)
        console.print(Text(tr(msg("Round {number} as it was:", number=number)), style="bold"))
        console.print(scores_line(old_row.scores, game.lower_wins))
        console.print(
            render.round_report(
                session,
                dict(new_row.scores),
                new_row.breakdown,
                msg("Round {number} corrected (dealer {dealer})", number=number, dealer=dealer),
            )
        )
        moved = moved_totals(before.totals, after.totals)
        if moved:
            console.print(_("Totals this correction changes:"))
            for line in moved:
                console.print(Flow.of("  " + line))
        else:
            console.print(_("This correction changes no total."))
        if after.finished != before.finished or after.winner != before.winner:
            if line := render.outcome_line(after):
                console.print(line)
            else:
                console.print(_("The game is no longer over."))
        return msg(
            "The correction of round {number} ({changes}) will be lost; the round stays as it was.",
            number=number,
            changes=_changes_said(game, table, old, new),
        )

    if not review(asker, preview):
        console.print(
            Text(tr(msg("Round {number} left as it was.", number=number)), style="yellow")
        )
        return True
    with store.changing(session_id) as current:
        current.edit(number, asker.raw, whole=True)
        standings = current.standings()
    corrected = msg(
        "Round {number} corrected ({undo} takes the correction back).", number=number, undo=undo
    )
    console.print(tr(corrected))
    console.print(render.totals_table(current, standings))
    if line := render.outcome_line(standings):
        console.print(line)
    return True


# ---- the loop's "Corriger" ---------------------------------------------------------------


def last_change(session: Session) -> Mapping[str, Any] | None:
    """The change "Corriger → the last round" would take back (``None``: none)."""
    entry = last_in_force(session.history)
    return None if entry is None else effect(entry)


def undo_warning(session: Session, change: Mapping[str, Any]) -> Msg:
    """What undoing ``change`` will take back, said before it is done."""
    kind, number = change["kind"], change["round"]
    game, table = session.game_rules, session.table_at(number)
    if kind == Kind.TABLE:
        from cardscore import seating

        return msg(
            "The table change ({changes}) will be taken back; {redo} makes it again.",
            changes=seating.summary(change),
            redo=named(REDO_WORD),
        )
    if kind in (Kind.ADD, Kind.INSERT):
        rows = session.standings().rows
        inp = plain(change["input"])
        record = rows[number - 1].record if number <= len(rows) else None
        what = game.headline(inp, table, record)
        if kind == Kind.ADD:
            return msg(
                "Round {number} ({round}) will be removed; {redo} puts it back.",
                number=number,
                round=what,
                redo=named(REDO_WORD),
            )
        return msg(
            "Round {number} ({round}), inserted, will be taken out (the rounds after it move "
            "up); {redo} puts it back.",
            number=number,
            round=what,
            redo=named(REDO_WORD),
        )
    if kind == Kind.EDIT:
        return msg(
            "The correction of round {number} will be taken back ({changes}); {redo} makes it "
            "again.",
            number=number,
            changes=_changes_said(game, table, change["new"], change["old"]),
            redo=named(REDO_WORD),
        )
    if kind == Kind.REMOVE:
        return msg(
            "Round {number} ({round}), removed, will come back (the rounds after it move "
            "down); {redo} removes it again.",
            number=number,
            round=game.headline(plain(change["old"]), table, None),
            redo=named(REDO_WORD),
        )
    return msg("The last change will be taken back; {redo} makes it again.", redo=named(REDO_WORD))


def undo_done(change: Mapping[str, Any]) -> Msg:
    """What was said once the change is undone."""
    if change["kind"] == Kind.ADD:
        return msg("Last round removed ({redo} puts it back).", redo=named(REDO_WORD))
    return msg("Change undone ({redo} makes it again).", redo=named(REDO_WORD))


def pick_round(session: Session) -> int:
    """Which round to correct: the latest rounds, each in one line, or an older one by its
    number.  The list answers to a round's number typed (``3`` then Enter, ``1`` ``2`` then
    Enter for round 12), an older round's too (:func:`ask.numbered`)."""
    standings = session.standings()
    game = session.game_rules
    count = len(session.rounds)
    first = max(1, count - LISTED + 1)
    choices: list[questionary.Choice] = []
    if first > 1:
        choices.append(
            questionary.Choice(tr(msg("an older round (1 to {last})", last=first - 1)), OLDER)
        )
    for row in standings.rows[first - 1 :]:
        line = game.headline(row.input, row.table, row.record)
        choices.append(questionary.Choice(f"{row.number} · {tr(line)}", row.number))
    question = ask.numbered(
        _("Which round?"), choices, highest=count, elsewhere=OLDER, default=count
    )
    answer = question.unsafe_ask()
    if answer != OLDER:
        return int(answer)

    def valid(text: str) -> bool | str:
        text = text.strip()
        if text.isdigit() and 1 <= int(text) <= count:
            return True
        return tr(msg("a round number from 1 to {count}", count=count))

    return int(ask.text(_("Round number?"), validate=valid).unsafe_ask().strip())


CHANGE, REMOVE = "change", "remove"


def change_or_remove(session_id: str, session: Session, number: int) -> None:
    """A round picked to correct: change it (its questions asked again, the default) or
    remove it (a round entered twice), asked first with No as the default."""
    console = environment().console
    row = session.standings().rows[number - 1]
    line = session.game_rules.headline(plain(row.input), session.table_at(number), row.record)
    what = ask.select(
        tr(msg("Round {number} ({round}):", number=number, round=line)),
        choices=[
            questionary.Choice(_("Change it (its questions asked again)"), CHANGE),
            questionary.Choice(_("Remove it (the later rounds move up)"), REMOVE),
        ],
    ).unsafe_ask()
    if what == CHANGE:
        edit_round(session_id, number, undo=named(UNDO_WORD))
        return
    if not ask.yes_no(tr(msg("Remove round {number}?", number=number)), default=False):
        console.print(_("Nothing was changed."))
        return
    try:
        with store.changing(session_id) as current:
            current.remove(number)
            after = current.standings()
    except InputError as exc:
        console.print(Text(said(exc, session.game_rules), style="red"))
        return
    removed = msg(
        "Round {number} removed ({undo} puts it back).", number=number, undo=named(UNDO_WORD)
    )
    console.print(tr(removed))
    console.print(render.totals_table(current, after))


def corriger(session_id: str) -> None:
    """The loop's "Corriger".  After a round just added: change one of its answers (the
    first entry), remove it, or correct an earlier round; after any other change: undo it,
    or correct an earlier round."""
    session = store.read(store.session_path(session_id))
    change = last_change(session)
    added = change is not None and change["kind"] == Kind.ADD
    while True:
        if added:
            number = change["round"]
            choices = [
                questionary.Choice(
                    tr(msg("Change an answer of round {number}", number=number)), CHANGE
                ),
                questionary.Choice(tr(msg("Remove round {number}", number=number)), LAST),
            ]
        else:
            nothing = change is None and _("nothing to undo")
            choices = [questionary.Choice(_("The last change (undo it)"), LAST, disabled=nothing)]
        choices.append(
            questionary.Choice(
                _("An earlier round (its questions asked again)"),
                EARLIER,
                disabled=not session.rounds and _("no round yet"),
            )
        )
        default = CHANGE if added else LAST if change is not None else EARLIER
        what = ask.select(_("Corriger what?"), choices=choices, default=default).unsafe_ask()
        if what == EARLIER:
            change_or_remove(session_id, session, pick_round(session))
            return
        if what == CHANGE:
            if edit_round(session_id, change["round"], one_answer=True, undo=named(UNDO_WORD)):
                return
            continue  # back from "Which answer?": Corriger's list again
        undo_last(session_id, session, change)
        return


def undo_last(session_id: str, session: Session, change: Mapping[str, Any]) -> None:
    """Undo the last change, after saying what it takes back and asking (No by default)."""
    console = environment().console
    console.print(Text(tr(undo_warning(session, change)), style="yellow"))
    # The question says what Yes does, and No is the answer of a stray Enter.
    question = (
        msg("Remove round {number}?", number=change["round"])
        if change["kind"] == Kind.ADD
        else msg("Take this change back?")
    )
    if not ask.yes_no(tr(question), default=False):
        console.print(_("Nothing was changed."))
        return
    try:
        with store.changing(session_id) as current:
            done = current.undo()
            after = current.standings()
    except InputError as exc:
        console.print(Text(said(exc, session.game_rules), style="red"))
        return
    console.print(tr(undo_done(done)))
    console.print(render.totals_table(current, after))
