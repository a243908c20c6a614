"""What the organiser's commands do to a tournament, and a keeper's first ``play`` to his
table: create one and draw its first round (:func:`create`), draw the next round
(:func:`draw_next`), open a table's session (:func:`open_table`), rank it (:func:`standing`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardscore.editing import now
from cardscore.games import get_game, get_preset
from cardscore.games.base import InputError, check_names, check_text, clean_name
from cardscore.i18n import msg
from cardscore.tournament import draw as drawing
from cardscore.tournament.ranking import Ranked, TableState, rank
from cardscore.tournament.record import (
    RoundDraw,
    TableDraw,
    Tournament,
    table_session_id,
    team_name,
)
from cardscore.tournament_seat import MOST_DEALS, MOST_ROUNDS, TableSeat

if TYPE_CHECKING:
    from cardscore.session import Session

#: the keys of ``--set`` that are the tournament's own (the others are the game's)
OWN_KEYS = ("ranking", "places", "tiebreak", "bye")
TIEBREAKS = ("tables", "best", "head")


@dataclass(frozen=True)
class Standing:
    """A tournament as it stands: every round's tables and the ranking."""

    tournament: Tournament
    rounds: list[list[TableState]]
    ranking: list[Ranked]

    @property
    def round_finished(self) -> bool:
        """Whether every table of the current round is finished."""
        return bool(self.rounds) and all(state.finished for state in self.rounds[-1])

    @property
    def finished(self) -> bool:
        """Whether the last round is drawn and its tables all finished."""
        return self.tournament.current_round == self.tournament.rounds and self.round_finished


def standing(tournament: Tournament, homes: Sequence[Path] = ()) -> Standing:
    """Gather the tables (every home given, the usual one first) and rank."""
    from cardscore.tournament.tables import gather

    rounds = gather(tournament, homes)
    game = get_game(tournament.game)
    ranking = rank(
        tournament.sides,
        rounds,
        lower_wins=game.lower_wins,
        byes=[[team_of(tournament, b) for b in d.bye] for d in tournament.draws],
        bye=tournament.bye,
        by_places=tournament.ranking == "places",
        places=tournament.places,
        tiebreak=tournament.tiebreak,
    )
    return Standing(tournament, rounds, ranking)


def team_of(tournament: Tournament, side: str) -> str:
    """A side as the ranking names it (a team ``A+B`` of the draw: ``A & B``)."""
    if tournament.teams and "+" in side:
        first, second = side.split("+", 1)
        return team_name((first, second))
    return side


def drawn_name(tournament: Tournament, side: str) -> str:
    """A side as the draw names it (a team ``A & B`` of the ranking: ``A+B``), from the
    tournament's teams (a player's name may hold ``&``, never ``+``)."""
    for first, second in tournament.teams:
        if team_name((first, second)) == side:
            return f"{first}+{second}"
    return side


# --------------------------------------------------------------------------------------------
# new


def create(
    game_name: str,
    *,
    names: Sequence[str] = (),
    teams: Sequence[str] = (),
    rounds: int,
    deals: int | None = None,
    rules: str | None = None,
    settings: Sequence[str] = (),
    title: str = "",
    seed: int | None = None,
    tournament_id: str,
) -> Tournament:
    """A new tournament, its first round drawn (not yet saved)."""
    game = get_game(game_name)
    rule = game.tournament_tables
    if rule is None:
        raise InputError(msg("{game} has no tournament", game=game.name))
    if rule.teams and (names or not teams):
        raise InputError(msg("--teams: {game} is played in teams, named A+B,C+D,…", game=game.name))
    if not rule.teams and (teams or not names):
        raise InputError(
            msg("--names: {game} is played alone, each player named: A,B,C,…", game=game.name)
        )
    if not 1 <= rounds <= MOST_ROUNDS:
        raise InputError(
            msg("--rounds: {value} is out of range (1 to {high})", value=rounds, high=MOST_ROUNDS)
        )
    if deals is not None and not 1 <= deals <= MOST_DEALS:
        raise InputError(
            msg("--deals: {value} is out of range (1 to {high})", value=deals, high=MOST_DEALS)
        )
    check_text(title, what="--title")
    preset, _params = get_preset(game, rules)
    own, game_settings = _split_settings(settings)
    players = tuple(clean_name(n) for n in names)
    pairs = tuple(_team(t) for t in teams)
    if players:
        check_names(players, what="--names")
    else:
        check_names([p for pair in pairs for p in pair], what="--teams")
    tournament = Tournament(
        id=tournament_id,
        game=game.name,
        rules=preset,
        players=players,
        teams=pairs,
        settings=tuple(game_settings),
        title=title,
        rounds=rounds,
        deals=deals,
        seed=secrets.randbelow(10**6) if seed is None else seed,
        created=now(),
        updated=now(),
        **own,
    )
    _trial_session(tournament)  # the game's settings, checked as `new` checks them
    _as_read_back(tournament)
    first = drawing.first_round(rule, _draw_names(tournament), tournament.seed)
    return _with_draw(tournament, first)


def _as_read_back(tournament: Tournament) -> None:
    """Refuse a tournament its file could not be read back as (the bounds of its schema:
    200 entrants, 40 settings…): saved, it would be refused at every read."""
    import msgspec

    try:
        msgspec.convert(msgspec.to_builtins(tournament), Tournament)
    except msgspec.ValidationError as exc:
        raise InputError(
            msg("the tournament is too large to keep ({reason})", reason=str(exc))
        ) from None


def _team(text: str) -> tuple[str, str]:
    first, second = drawing.team_players(text)
    return clean_name(first), clean_name(second)


def _split_settings(settings: Sequence[str]) -> tuple[dict[str, object], list[str]]:
    """The tournament's own ``--set`` keys (checked), and the game's."""
    own: dict[str, object] = {}
    rest = []
    for setting in settings:
        key, sep, value = setting.partition("=")
        key = key.strip().lower()
        if key not in OWN_KEYS or not sep:
            rest.append(setting)
            continue
        own[key] = _own_value(key, value.strip())
    return own, rest


def _own_value(key: str, value: str) -> object:
    """A tournament setting's value: ``ranking=sum|places``, ``places=4,2,1,0``,
    ``tiebreak=tables,best,head``, ``bye=N``."""
    try:
        if key == "ranking":
            if value not in ("sum", "places"):
                raise ValueError
            return value
        if key == "tiebreak":
            words = tuple(w.strip() for w in value.split(",") if w.strip())
            if not words or any(w not in TIEBREAKS for w in words) or len(set(words)) < len(words):
                raise ValueError
            return words
        if key == "places":
            numbers = tuple(int(v) for v in value.split(","))
            if not 1 <= len(numbers) <= 8 or any(abs(n) > 1000 for n in numbers):
                raise ValueError
            return numbers
        number = int(value)  # bye
        if abs(number) > 1_000_000:
            raise ValueError
        return number
    except ValueError:
        raise InputError(
            msg(
                "--set {key}: {value!r} is not accepted ({help})",
                key=key,
                value=value,
                help=_OWN_HELP[key],
            )
        ) from None


_OWN_HELP = {
    "ranking": msg("sum or places"),
    "tiebreak": msg("tables, best or head, several joined by commas"),
    "places": msg("the points of each place, as 4,2,1,0"),
    "bye": msg("a whole number of points"),
}


def _draw_names(tournament: Tournament) -> list[str]:
    """Who the draw seats: the players, or the teams as ``A+B``."""
    if tournament.teams:
        return [f"{a}+{b}" for a, b in tournament.teams]
    return list(tournament.players)


def _with_draw(tournament: Tournament, draw: drawing.Draw) -> Tournament:
    """The tournament with ``draw`` as its next round."""
    import msgspec

    tables = tuple(
        TableDraw(table.number, _seats(tournament, table.players), table.dealer)
        for table in draw.tables
    )
    done = RoundDraw(draw.round, tables, tuple(team_of(tournament, b) for b in draw.bye))
    return msgspec.structs.replace(tournament, draws=(*tournament.draws, done), updated=now())


def _seats(tournament: Tournament, players: Sequence[str]) -> tuple[str, ...]:
    """A table's seats: the players, or two teams ``A+B``, ``C+D`` sitting A, C, B, D."""
    if not tournament.teams:
        return tuple(players)
    (a, b), (c, d) = (p.split("+", 1) for p in players)
    return a, c, b, d


def _history(tournament: Tournament) -> list[drawing.Draw]:
    """The rounds drawn so far, as the draw reads them."""
    history = []
    for done in tournament.draws:
        tables = []
        for table in done.tables:
            players = table.players
            if tournament.teams:
                players = (f"{players[0]}+{players[2]}", f"{players[1]}+{players[3]}")
            tables.append(drawing.Table(table.number, players, table.dealer))
        bye = tuple(drawn_name(tournament, b) for b in done.bye)
        history.append(drawing.Draw(done.number, tuple(tables), bye))
    return history


# --------------------------------------------------------------------------------------------
# next


def draw_next(tournament: Tournament, now_standing: Standing, *, force: bool) -> Tournament:
    """The tournament with its next round drawn; refused when every round is drawn, or
    (without ``force``) while a table of the current round is not finished."""
    if tournament.current_round >= tournament.rounds:
        raise InputError(
            msg("every round is drawn ({rounds} of {rounds})", rounds=tournament.rounds)
        )
    unfinished = [s.number for s in now_standing.rounds[-1] if not s.finished]
    if unfinished and not force:
        raise InputError(
            msg(
                "round {round} is not finished (tables {tables}): finish it, or draw anyway "
                "with --force",
                round=tournament.current_round,
                tables=", ".join(map(str, unfinished)),
            )
        )
    game = get_game(tournament.game)
    ranking = [drawn_name(tournament, r.name) for r in now_standing.ranking]
    draw = drawing.next_round(
        game.tournament_tables,
        _draw_names(tournament),
        _history(tournament),
        tournament.seed,
        ranking=ranking if tournament.teams else None,
    )
    return _with_draw(tournament, draw)


# --------------------------------------------------------------------------------------------
# a table's session


def table_title(tournament: Tournament, round_number: int, table: int) -> str:
    """The header of a table's session: the tournament, the round, the table."""
    name = tournament.title or tournament.id
    return f"{name} — R{round_number} T{table}"


def open_table(tournament: Tournament, round_number: int, table: TableDraw) -> Session:
    """A new session for table ``table`` of round ``round_number`` (not yet saved)."""
    from cardscore.session import Session
    from cardscore.tournament.tables import table_deals

    first = table.players.index(table.dealer)
    seats = [*table.players[first:], *table.players[:first]]  # the first seat deals first
    settings = list(tournament.settings)
    if tournament.teams:  # each team named as the tournament names it, seats 1 & 3 first
        settings += [
            f"team1={_team_at(tournament, seats[0])}",
            f"team2={_team_at(tournament, seats[1])}",
        ]
    session = Session.create(
        tournament.game,
        seats,
        rules=tournament.rules,
        settings=settings,
        title=table_title(tournament, round_number, table.number),
        session_id=table_session_id(tournament.id, round_number, table.number),
    )
    session.tournament = TableSeat(
        tournament.id, round_number, table.number, table_deals(tournament, table)
    )
    return session


def _team_at(tournament: Tournament, player: str) -> str:
    """The name of ``player``'s team."""
    return next(team_name(team) for team in tournament.teams if player in team)


def _trial_session(tournament: Tournament) -> None:
    """Refuse game settings a table could not be created with."""
    from cardscore.session import Session

    game = get_game(tournament.game)
    names = [f"p{i}" for i in range(game.min_players)]
    settings = list(tournament.settings)
    Session.create(tournament.game, names, rules=tournament.rules, settings=settings)
