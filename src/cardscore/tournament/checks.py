"""A tournament file's draws checked against its players: every table seats known players
(teams whole, a team game's two teams alternately), nobody twice in a round, the first
dealer at his table, tables and rounds numbered in order, no more rounds than planned."""

from __future__ import annotations

from cardscore.i18n import msg
from cardscore.tournament.record import RoundDraw, Tournament, team_name


def check_draws(tournament: Tournament) -> None:
    """Refuse (``ValueError``) draws no ``tournament new`` or ``next`` could have made."""
    from cardscore.games import get_game, get_preset

    game = get_game(tournament.game)  # (an unknown game: a ValueError)
    get_preset(game, tournament.rules)  # (an unknown rule set: an InputError, a ValueError)
    if tournament.players and tournament.teams:
        raise ValueError(msg("both players and teams are given"))
    if len(tournament.draws) > tournament.rounds:
        raise ValueError(msg("more rounds drawn than planned"))
    sides = set(tournament.sides)
    for number, draw in enumerate(tournament.draws, 1):
        if draw.number != number:
            raise ValueError(msg("round {number} is out of order", number=draw.number))
        seated = _seated(tournament, draw)
        if not seated <= sides or not set(draw.bye) <= sides or seated & set(draw.bye):
            raise ValueError(msg("round {number} seats someone twice or unknown", number=number))
        for index, table in enumerate(draw.tables, 1):
            if table.number != index or table.dealer not in table.players:
                raise ValueError(msg("round {number} has a table out of order", number=number))
            if not game.min_players <= len(table.players) <= game.max_players:
                raise ValueError(msg("round {number} has a table out of order", number=number))


def _seated(tournament: Tournament, draw: RoundDraw) -> set[str]:
    """The sides a round seats; a ``ValueError`` when a side is seated twice (or, at a team
    game, a table that is not two known teams sitting alternately)."""
    seated: list[str] = []
    for table in draw.tables:
        players = table.players
        if tournament.teams:
            if len(players) != 4:
                raise ValueError(msg("round {number} has a table out of order", number=draw.number))
            seated += [team_name((players[0], players[2])), team_name((players[1], players[3]))]
        else:
            seated += players
    if len(set(seated)) != len(seated):
        raise ValueError(msg("round {number} seats someone twice or unknown", number=draw.number))
    return set(seated)
