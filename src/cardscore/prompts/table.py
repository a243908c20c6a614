"""Changing the table from the round loop, and what the loop offers once a game is over.

* :func:`change_table` — the loop's "Table": rename a player (a typo), replace a player
  (someone takes his seat), a player joins, a player leaves, change the target.  Only what
  the game allows is offered (belote and coinche have four fixed seats; tarot has no
  target).  Each name is checked as it is typed, by the same reader as ``cardscore table``
  (:func:`cardscore.seating.read_change`), so a name too close to another one, or one the
  game could not read back, is refused on the spot with the reason.  The change is said in
  one line, with what it means (who deals next and who is mort, the target now, whether the
  game goes on), and saved once confirmed.
* :func:`play_on` — "Play on to a new target": a finished game goes on to a higher target
  (a table change ``--target``).
* :func:`next_game` — "New game, same table": a new session of the same game, with the
  same players, rules and parameters, the deal going on round the table (made by
  :func:`cardscore.sametable.follow_on`, as ``cardscore new GAME --same-table``).

Nothing is saved before the last answer, and only inside :func:`store.changing`: Ctrl-C
anywhere leaves the session as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import questionary
from rich.text import Text

from cardscore import render, store
from cardscore.environment import current as environment
from cardscore.flow import Flow
from cardscore.games.base import Game, InputError
from cardscore.i18n import Msg, _, msg, tr
from cardscore.prompts import ask
from cardscore.prompts.correct import UNDO_WORD, named, said
from cardscore.sametable import follow_on
from cardscore.seating import Timeline, era_of, read_change, summary
from cardscore.session import Session, Standings

RENAME, REPLACE, JOIN, LEAVE, TARGET, BACK = "rename", "replace", "join", "leave", "target", "back"

#: what a table change asks for: read_change's keyword arguments (``{"join": ["Zoé=0"]}``)
Ops = dict[str, Any]

#: the option a refusal of ``cardscore table`` starts with (``--join: `` or ``--join : ``):
#: nobody typed an option here, the reason alone is said
_OPTION = re.compile(r"^--[a-z][a-z-]*\s?:\s*")


def has_target(session: Session) -> bool:
    """Whether the game has a target score to change (as the game declares)."""
    return session.game_rules.target_param is not None


def refusal(game: Game, timeline: Timeline, ops: Ops) -> str | None:
    """Why ``cardscore table`` would refuse this change, in the user's language and without
    the option it names (``None``: it is accepted)."""
    try:
        read_change(game, timeline, **ops)
    except InputError as exc:
        return _OPTION.sub("", said(exc), count=1)
    return None


def typed_name(text: str) -> str:
    """A name as typed, its spaces tidied (as the table keeps it)."""
    return " ".join(text.split())


# ---- the menu ------------------------------------------------------------------------------


def menu_label(session: Session) -> str:
    """The loop's entry: "Table", with what it changes."""
    if has_target(session):
        return _("Table (who plays, the target)")
    return _("Table (who plays)")


def choices(session: Session) -> list[questionary.Choice]:
    """The entries of the Table menu: only what the game allows, an entry the table's size
    forbids shown disabled with the reason."""
    game = session.game_rules
    table = session.table()
    count = len(table.players)
    entries = [
        questionary.Choice(_("Rename a player (a typo)"), RENAME),
        questionary.Choice(_("Replace a player (someone takes their seat)"), REPLACE),
    ]
    if not game.fixed_teams:  # (fixed teams: nobody joins or leaves)
        full = msg(
            "{game} is played by {high} players at most", game=game.name, high=game.max_players
        )
        fewest = msg(
            "{game} is played by {low} players at least", game=game.name, low=game.min_players
        )
        entries += [
            questionary.Choice(
                _("A player joins"), JOIN, disabled=count >= game.max_players and tr(full)
            ),
            questionary.Choice(
                _("A player leaves"), LEAVE, disabled=count <= game.min_players and tr(fewest)
            ),
        ]
    if has_target(session):
        now = msg("Change the target (now {target})", target=game.goal(table))
        entries.append(questionary.Choice(tr(now), TARGET))
    entries.append(questionary.Choice(_("Back"), BACK))
    return entries


def change_table(session_id: str) -> dict[str, Any] | None:
    """The loop's "Table": ask what changes until a change is made (returned) or the table
    goes back (``None``: nothing changed)."""
    askers: dict[str, Callable[[Session], Ops | None]] = {
        RENAME: ask_rename,
        REPLACE: ask_replace,
        JOIN: ask_join,
        LEAVE: ask_leave,
        TARGET: ask_target,
    }
    while True:
        session = store.read(store.session_path(session_id))
        what = ask.select(_("Table: what changes?"), choices=choices(session)).unsafe_ask()
        if what == BACK:
            return None
        ops = askers[what](session)
        if ops is not None:  # else the player list's Back: the Table menu again
            return offer(session_id, ops)


# ---- the questions -------------------------------------------------------------------------


def pick_player(question: str, players: Sequence[str]) -> str | None:
    """A player picked from a list (``None``: Back)."""
    entries = [questionary.Choice(p, p) for p in players]
    entries.append(questionary.Choice(_("Back"), BACK))
    answer = ask.select(question, choices=entries).unsafe_ask()
    return None if answer == BACK else answer


def ask_text(question: str, check: Callable[[str], str | None], default: str = "") -> str:
    """A text answer, ``check``'s objection shown as it is typed (Enter refused until it
    has none)."""
    answer = ask.text(
        question, default=default, validate=lambda text: check(text) or True
    ).unsafe_ask()
    return typed_name(answer)


def name_check(
    session: Session, option: str, pair: Callable[[str], str], old: str | None = None
) -> Callable[[str], str | None]:
    """The objection to a typed name: empty, ``old`` itself, or what ``cardscore table``
    would refuse (``pair`` makes the option's value of the name)."""
    game, timeline = session.game_rules, session.timeline()

    def check(text: str) -> str | None:
        name = typed_name(text)
        if not name:
            return _("a name cannot be empty")
        if name == old:
            return tr(msg("that is {name}'s name already", name=old))
        if option == JOIN and "=" in name:  # NAME=POINTS: the name cannot hold one
            return tr(msg("a name cannot contain {char!r}", char="="))
        return refusal(game, timeline, {option: [pair(name)]})

    return check


def ask_rename(session: Session) -> Ops | None:
    """A typo corrected: whose name, then the name spelled right (the old one to edit)."""
    old = pick_player(_("Whose name is misspelled?"), session.timeline().players())
    if old is None:
        return None
    new = ask_text(
        tr(msg("{name}'s name, spelled right:", name=old)),
        name_check(session, RENAME, lambda name: f"{old}={name}", old=old),
        default=old,
    )
    return {RENAME: [f"{old}={new}"]}


def ask_replace(session: Session) -> Ops | None:
    """Someone takes a seat: whose, then the newcomer's name."""
    old = pick_player(_("Who gives up their seat?"), session.table().players)
    if old is None:
        return None
    new = ask_text(
        tr(msg("Who takes {name}'s seat?", name=old)),
        name_check(session, REPLACE, lambda name: f"{old}={name}"),
    )
    return {REPLACE: [f"{old}={new}"]}


def ask_join(session: Session) -> Ops | None:
    """A player joins: his name, then the total he starts from (a player who played
    earlier comes back with his own total: nothing to ask)."""
    game, timeline = session.game_rules, session.timeline()
    name = ask_text(_("Who joins? (name)"), name_check(session, JOIN, lambda name: name))
    joined = next(iter(read_change(game, timeline, join=[name])[JOIN]))
    if joined in timeline.players():
        total = session.standings().totals.get(joined, 0)
        back = msg(
            "{name} played earlier and comes back with their total, {total}.",
            name=joined,
            total=total,
        )
        environment().console.print(Text(tr(back), style="italic"))
        return {JOIN: [joined]}

    def check(text: str) -> str | None:
        if not text.strip():
            return None  # 0
        return refusal(game, timeline, {JOIN: [f"{joined}={text.strip()}"]})

    points = ask.text(
        tr(msg("{name}'s starting points?", name=joined)),
        default="0",
        validate=lambda t: check(t) or True,
    ).unsafe_ask()
    return {JOIN: [f"{joined}={points.strip() or 0}"]}


def ask_leave(session: Session) -> Ops | None:
    """A player leaves: who."""
    name = pick_player(_("Who leaves?"), session.table().players)
    return None if name is None else {LEAVE: [name]}


def ask_target(session: Session) -> Ops | None:
    """The new target, a whole number other than the one in force."""
    game, timeline = session.game_rules, session.timeline()
    now = game.goal(timeline.current)

    def check(text: str) -> str | None:
        text = text.strip()
        if not re.fullmatch(r"-?\d+", text):
            return _("a whole number of points")
        if int(text) == now:
            return tr(msg("the target is {target} already", target=now))
        return refusal(game, timeline, {TARGET: int(text)})

    answer = ask.text(
        tr(msg("New target (now {target})?", target=now)), validate=lambda t: check(t) or True
    ).unsafe_ask()
    return {TARGET: int(answer.strip())}


# ---- saying it, confirming it, saving it ---------------------------------------------------


def said_change(change: dict[str, Any]) -> Msg:
    """The change in one line, with the round it starts from (a rename alone corrects every
    round)."""
    if era_of(change) is None:
        return msg("{changes}, in every round (the past ones too).", changes=summary(change))
    return msg("From round {number}: {changes}.", number=change["round"], changes=summary(change))


def meaning(before: Session, after: Session, change: dict[str, Any]) -> list[Msg]:
    """What the change means for the game, said as ``cardscore table`` says it: who starts
    from what, who deals next (and who is mort), what becomes of the target."""
    from cardscore import table_effects

    return table_effects.effects(
        after, change, before.table(), before.standings(), after.standings()
    )


def offer(session_id: str, ops: Ops, *, confirm: bool = True) -> dict[str, Any] | None:
    """Say the change and what it means, ask to confirm it (unless ``confirm`` is off), then
    save it; the totals and who deals next are shown as after a round.  Returns the change
    (``None``: nothing changed)."""
    console = environment().console
    path = store.session_path(session_id)
    before = store.read(path)
    trial = store.read(path)
    try:
        change = trial.change_table(**ops)
    except InputError as exc:  # another terminal changed the table meanwhile
        console.print(Text(said(exc), style="red"))
        return None
    console.print(Text(tr(said_change(change)), style="bold"))
    for line in meaning(before, trial, change):
        console.print(Flow.of("  " + tr(line)))
    if confirm and not ask.yes_no(_("Make this change?"), default=True):
        console.print(_("Nothing was changed."))
        return None
    try:
        with store.changing(session_id) as current:
            done = current.change_table(**ops)
            standings = current.standings()
    except InputError as exc:
        console.print(Text(said(exc), style="red"))
        return None
    said_done = msg(
        "Table changed: {changes} ({undo} takes it back).",
        changes=summary(done),
        undo=named(UNDO_WORD),
    )
    console.print(tr(said_done))
    console.print(render.totals_table(current, standings))
    if line := render.outcome_line(standings):
        console.print(line)
    return done


# ---- when the game is over -----------------------------------------------------------------


def highest_total(session: Session, standings: Standings) -> int:
    """The highest total of those still in the running (the players or teams at the
    table): a target above it lets the game go on."""
    columns = session.game_rules.columns(session.table())
    return max(standings.totals[c] for c in columns)


def suggested_target(target: int, highest: int) -> int:
    """The next multiple of the target above the highest total: 1000 → 2000, 200 → 400.

    >>> suggested_target(1000, 1010), suggested_target(200, 211), suggested_target(500, 1000)
    (2000, 400, 1500)
    """
    return target * (highest // target + 1)


def play_on(session_id: str) -> dict[str, Any] | None:
    """ "Play on to a new target": a target above the highest total, set from the next
    round on (a table change, which Corriger takes back)."""
    session = store.read(store.session_path(session_id))
    standings = session.standings()
    highest = highest_total(session, standings)
    now = session.game_rules.goal(session.table()) or highest

    def check(text: str) -> str | None:
        text = text.strip()
        if not text.isdigit():
            return _("a whole number of points")
        if int(text) <= highest:
            return tr(
                msg(
                    "more than {highest}, the highest total, for the game to go on",
                    highest=highest,
                )
            )
        return None

    answer = ask.text(
        tr(msg("New target (the highest total is {highest})?", highest=highest)),
        default=str(suggested_target(now, highest)),
        validate=lambda t: check(t) or True,
    ).unsafe_ask()
    return offer(session_id, {TARGET: int(answer.strip())}, confirm=False)


def next_game(session_id: str) -> str:
    """ "New game, same table": a new session of the same game with the players at the
    table, the same rules and parameters, the title too; the player after the last dealer
    deals first (:func:`cardscore.sametable.follow_on`, as ``cardscore new --same-table``).
    It is saved and its id returned."""
    console = environment().console
    old = store.read(store.session_path(session_id))
    session = follow_on(old, session_id=store.new_id())
    with store.locked(session.id):
        store.write(session)
    console.print(render.new_session(session))
    console.print(render.totals_table(session, session.standings()))
    return session.id
