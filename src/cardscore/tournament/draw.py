"""The seating draw of a club tournament: who sits at which table, round by round.

Pure: names in, a :class:`Draw` out; no files, no prompts, nothing printed.  How many sit
at a table is the game's own :class:`~cardscore.games.table_rule.TableRule` (its
``tournament_tables``): :func:`table_sizes`.

* Round 1 is drawn at random from the tournament's seed (:func:`first_round`).
* Later rounds (:func:`next_round`) seat the players of tarot and rami so that as few pairs
  as can be sit together again: exactly the fewest for up to :data:`EXACT_UP_TO` players (a
  branch and bound over every way to seat them), beyond that the best a local search finds
  (swaps and moves of players between tables, from several greedy starts).
* The teams of belote and coinche are paired the Swiss way (:func:`next_round` with a
  ranking): top-down, each with the nearest team it has not met, backtracking rather than
  allowing a rematch, and when every pairing has one, the fewest; with an odd number of
  teams one sits out (the bye): the lowest-ranked of those who have sat out the fewest
  times.

A repeated pair counts once per earlier meeting: two players who have shared a table twice
weigh 2 (:func:`repeated_pairs`).  So the draw seats again the pairs that met least: it
takes two pairs meeting for the second time rather than one for the fourth (12 meetings
of 10 pairs rather than 14 of 8), and the cost of a seating is a plain sum, which a swap
changes by a sum that is read at once.  The teams' rematches count the same way.

At each table the first dealer is the player there who has dealt first the fewest times,
the first in seat order among equals; the seat order is the order of the draw (at belote,
partners face each other: the first team's first player, the second's, the first's
second...).  So nobody deals first twice while someone at his table has not dealt first;
the seating itself takes no account of the deals, and a table whose players have all dealt
first already has one deal first again.

Everything random comes from a :class:`random.Random` of the tournament's seed (round 1)
or of the seed and the round's number: the same seed gives the same draws.

>>> from cardscore.games.table_rule import TableRule
>>> tarot = TableRule("tarot", (4, 5, 3))
>>> names = ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
>>> one = first_round(tarot, names, seed=7)
>>> [len(table.players) for table in one.tables]
[4, 5]
>>> two = next_round(tarot, names, [one], seed=7)
>>> repeated_pairs(two, [one])  # 9 players at 4 + 5 twice: 6 pairs meet again at least
6
>>> two == next_round(tarot, names, [one], seed=7)
True
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardscore.games.base import InputError, check_names
from cardscore.games.table_rule import TableRule
from cardscore.i18n import Msg, msg

#: up to this many players, a later round is the fewest repeated pairs there can be; beyond,
#: the best the local search finds (12 players at three tables: 5,775 ways to seat them)
EXACT_UP_TO = 12
#: the local search's greedy starts, and the kicks it tries from each (fixed counts, not a
#: time limit: the same seed gives the same draw on any machine)
RESTARTS = 4
KICKS = 60


@dataclass(frozen=True)
class Table:
    """One table of a round: its ``number`` (from 1), who sits there in seat order (players,
    or the two teams at belote and coinche, the better ranked first) and the player who
    deals first."""

    number: int
    players: tuple[str, ...]
    dealer: str


@dataclass(frozen=True)
class Draw:
    """One round's tables, and who sits it out (``bye``: the odd team at belote and
    coinche; nobody at tarot and rami)."""

    round: int
    tables: tuple[Table, ...]
    bye: tuple[str, ...] = ()


# --------------------------------------------------------------------------------------------
# Tables and names


def table_sizes(rule: TableRule, count: int) -> tuple[int, ...]:
    """The sizes of the tables that seat ``count`` players (teams, for a rule of teams).

    >>> tarot = TableRule("tarot", (4, 5, 3))
    >>> [table_sizes(tarot, n) for n in (9, 10, 11, 7, 6, 3)]
    [(4, 5), (5, 5), (4, 4, 3), (4, 3), (3, 3), (3,)]
    >>> rami = TableRule("rami", (3, 4, 5, 6), even=True)
    >>> [table_sizes(rami, n) for n in (13, 8, 7)]
    [(5, 4, 4), (4, 4), (4, 3)]
    >>> table_sizes(TableRule("belote", (2,), teams=True), 7)  # one team sits out
    (2, 2, 2)
    >>> table_sizes(tarot, 2)
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: a tarot tournament needs at least 3 players (got 2)
    """
    if count < rule.fewest:
        raise InputError(_too_few(rule, count))
    if rule.teams:
        return (2,) * (count // 2)
    sizes = _even_sizes(count, rule.sizes) if rule.even else _preferred_sizes(count, rule.sizes)
    if sizes is None:
        raise InputError(
            msg(
                "a {game} tournament cannot seat {count} players at tables of {sizes}",
                game=rule.game,
                count=count,
                sizes=", ".join(map(str, rule.sizes)),
            )
        )
    return sizes


def _too_few(rule: TableRule, count: int) -> Msg:
    if rule.teams:
        return msg(
            "a {game} tournament needs at least {low} teams (got {count})",
            game=rule.game,
            low=rule.fewest,
            count=count,
        )
    return msg(
        "a {game} tournament needs at least {low} players (got {count})",
        game=rule.game,
        low=rule.fewest,
        count=count,
    )


def _preferred_sizes(count: int, sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    """As few tables of the last size as can be, then of the one before..., the first size
    seating the rest; ``None``: they cannot seat ``count``.

    >>> _preferred_sizes(13, (4, 5, 3)), _preferred_sizes(6, (4, 5))
    ((4, 4, 5), None)
    """
    *rest, last = sizes
    if not rest:
        return (last,) * (count // last) if count % last == 0 else None
    for lasts in range(count // last + 1):
        found = _preferred_sizes(count - lasts * last, tuple(rest))
        if found is not None:
            return found + (last,) * lasts
    return None


def _even_sizes(count: int, sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    """The fewest tables, their sizes differing by one at most, the larger first; ``None``:
    they cannot seat ``count``.

    >>> _even_sizes(13, (3, 4, 5, 6)), _even_sizes(5, (3, 4))
    ((5, 4, 4), None)
    """
    low, high = sizes[0], sizes[-1]
    for tables in range(-(-count // high), count // low + 1):
        small, larger = divmod(count, tables)
        if small >= low:  # (and small + 1 <= high: there are enough tables)
            return (small + 1,) * larger + (small,) * (tables - larger)
    return None


def team_players(team: str) -> tuple[str, str]:
    """The two players of a team named ``Ann+Bob``.

    >>> team_players("Ann+Bob")
    ('Ann', 'Bob')
    >>> team_players("Ann+Bob+Cyd")
    Traceback (most recent call last):
    ...
    cardscore.games.base.InputError: a team is two players joined by '+' (got 'Ann+Bob+Cyd')
    """
    players = team.split("+")
    if len(players) != 2 or not all(name.strip() for name in players):
        raise InputError(msg("a team is two players joined by '+' (got {team!r})", team=team))
    return players[0], players[1]


def _checked(rule: TableRule, names: Sequence[str]) -> tuple[str, ...]:
    """``names`` if they can be told apart (a team's players too), else an InputError."""
    names = tuple(names)
    players = [p for team in names for p in team_players(team)] if rule.teams else names
    check_names(players, what=msg("the tournament"))
    return names


# --------------------------------------------------------------------------------------------
# The rounds


def first_round(rule: TableRule, names: Sequence[str], seed: int) -> Draw:
    """Round 1: the players (or teams) shuffled by ``random.Random(seed)``, then seated
    table after table in that order.

    >>> belote = TableRule("belote", (2,), teams=True)
    >>> draw = first_round(belote, ["Ann+Bob", "Cyd+Dan", "Eve+Fay"], seed=3)
    >>> len(draw.tables), len(draw.bye)
    (1, 1)
    """
    names = _checked(rule, names)
    sizes = table_sizes(rule, len(names))
    order = list(names)
    random.Random(seed).shuffle(order)
    starts = itertools.accumulate(sizes, initial=0)
    groups = [order[start : start + size] for start, size in zip(starts, sizes, strict=False)]
    return _draw(1, groups, rule, Counter(), tuple(order[sum(sizes) :]))


def next_round(
    rule: TableRule,
    names: Sequence[str],
    history: Sequence[Draw],
    seed: int,
    ranking: Sequence[str] | None = None,
) -> Draw:
    """The round after those of ``history`` (round 1 when it is empty), for the players (or
    teams) ``names``: those who left are no longer in it, a newcomer has met nobody.

    Players: the fewest repeated pairs (see the module).  Teams: Swiss pairing in the order
    of ``ranking`` (best first; ``None``: the order of ``names``), the bye first.  A
    ranking is ignored at tarot and rami.  ``seed`` is the tournament's, the same every
    round: the round draws its own from it and its number.

    >>> belote = TableRule("belote", (2,), teams=True)
    >>> teams = ["Ann+Bob", "Cyd+Dan", "Eve+Fay", "Gus+Hal"]
    >>> one = first_round(belote, teams, seed=1)
    >>> [t.players for t in one.tables]
    [('Gus+Hal', 'Ann+Bob'), ('Eve+Fay', 'Cyd+Dan')]
    >>> ranking = ["Ann+Bob", "Gus+Hal", "Cyd+Dan", "Eve+Fay"]  # Ann+Bob have met Gus+Hal
    >>> two = next_round(belote, teams, [one], seed=1, ranking=ranking)
    >>> [t.players for t in two.tables], [t.dealer for t in two.tables]
    ([('Ann+Bob', 'Cyd+Dan'), ('Gus+Hal', 'Eve+Fay')], ['Ann', 'Hal'])
    """
    if not history:
        return first_round(rule, names, seed)
    names = _checked(rule, names)
    sizes = table_sizes(rule, len(names))
    number = len(history) + 1
    dealt = Counter(table.dealer for draw in history for table in draw.tables)
    if rule.teams:
        return _swiss(number, _ranked(names, ranking), history, rule, dealt)
    order = list(names)
    rng = random.Random(f"cardscore tournament {seed} round {number}")
    rng.shuffle(order)
    meet = _meetings(order, history)
    groups = _arranged(_fewest_repeats(meet, sizes, rng), sizes)
    seated = [[order[i] for i in group] for group in groups]
    return _draw(number, seated, rule, dealt, ())


def repeated_pairs(draw: Draw, history: Sequence[Draw]) -> int:
    """How many pairs of ``draw`` sat together before, each counted once per earlier round
    they shared a table (teams: the rematches).

    >>> old = Draw(1, (Table(1, ("Ann", "Bob", "Cyd"), "Ann"),))
    >>> repeated_pairs(Draw(2, (Table(1, ("Bob", "Ann", "Dan"), "Dan"),)), [old, old])
    2
    """
    met = _pairs_met(history)
    return sum(met[pair] for table in draw.tables for pair in _pairs(table.players))


def _pairs(players: Sequence[str]) -> Iterator[tuple[str, str]]:
    return itertools.combinations(sorted(players), 2)


def _pairs_met(history: Sequence[Draw]) -> Counter[tuple[str, str]]:
    """How many times each pair shared a table in ``history``."""
    return Counter(
        pair for draw in history for table in draw.tables for pair in _pairs(table.players)
    )


def _meetings(order: Sequence[str], history: Sequence[Draw]) -> list[list[int]]:
    """``meet[i][j]``: how many times ``order[i]`` and ``order[j]`` shared a table."""
    index = {name: i for i, name in enumerate(order)}
    meet = [[0] * len(order) for _ in order]
    for (a, b), times in _pairs_met(history).items():
        if a in index and b in index:
            meet[index[a]][index[b]] = meet[index[b]][index[a]] = times
    return meet


def _draw(
    number: int,
    groups: Sequence[Sequence[str]],
    rule: TableRule,
    dealt: Counter[str],
    bye: tuple[str, ...],
) -> Draw:
    """The round's tables, each with its first dealer: who has dealt first the fewest times
    (``dealt``), the first in seat order among equals."""
    tables = []
    for table_number, seats in enumerate(groups, 1):
        players = _seat_players(seats, rule)
        dealer = min(players, key=lambda player: dealt[player])  # (min keeps the first)
        tables.append(Table(table_number, tuple(seats), dealer))
    return Draw(number, tuple(tables), bye)


def _seat_players(seats: Sequence[str], rule: TableRule) -> tuple[str, ...]:
    """The players around a table, in seat order: partners face each other at belote."""
    if not rule.teams:
        return tuple(seats)
    first, second = team_players(seats[0]), team_players(seats[1])
    return first[0], second[0], first[1], second[1]


def _arranged(groups: Sequence[Sequence[int]], sizes: tuple[int, ...]) -> list[list[int]]:
    """The tables in the order of ``sizes``, those of one size in the order of the draw,
    each seated in the order of the draw."""
    pending = sorted(sorted(group) for group in groups)
    arranged = []
    for size in sizes:
        group = next(group for group in pending if len(group) == size)
        pending.remove(group)
        arranged.append(group)
    return arranged


# --------------------------------------------------------------------------------------------
# Tarot and rami: the fewest repeated pairs


def _fewest_repeats(
    meet: list[list[int]], sizes: tuple[int, ...], rng: random.Random
) -> list[list[int]]:
    """The players ``0..n-1`` at tables of ``sizes`` (in any order), as few of them meeting
    again as can be: exactly so up to :data:`EXACT_UP_TO` players, else as far as the local
    search finds."""
    if len(meet) <= EXACT_UP_TO:
        return _Exact(meet, sizes).solve()
    return _search(meet, sizes, rng)


class _Exact:
    """Every way to seat the players ``0..n-1`` at tables of ``sizes``, cut short where it
    cannot beat the best so far (branch and bound); the first of the best in the order of
    the players (a shuffled order: ties are drawn at random)."""

    def __init__(self, meet: list[list[int]], sizes: tuple[int, ...]) -> None:
        self.meet = meet
        self.sizes = sizes
        self.groups: list[list[int]] = [[] for _ in sizes]
        self.best: list[list[int]] = []
        self.best_cost: float = math.inf

    def solve(self) -> list[list[int]]:
        self._place(0, 0)
        return self.best

    def _place(self, player: int, cost: int) -> None:
        if cost >= self.best_cost:  # (at 0, nothing can beat it: the search ends)
            return
        if player == len(self.meet):
            self.best, self.best_cost = [list(group) for group in self.groups], cost
            return
        row = self.meet[player]
        for group in self._open_groups():
            added = sum(row[other] for other in group)
            group.append(player)
            self._place(player + 1, cost + added)
            group.pop()

    def _open_groups(self) -> Iterator[list[int]]:
        """The tables with a free seat; of the empty ones, one per size (the others are the
        same table again: trying them would only find the same seatings)."""
        empty: set[int] = set()
        for group, size in zip(self.groups, self.sizes, strict=True):
            if len(group) == size or (not group and size in empty):
                continue
            if not group:
                empty.add(size)
            yield group


def _search(meet: list[list[int]], sizes: tuple[int, ...], rng: random.Random) -> list[list[int]]:
    """The best seating a local search finds: :data:`RESTARTS` greedy starts, each improved
    by :meth:`_Search.descend` and :data:`KICKS` kicks."""
    best: list[list[int]] = []
    best_cost: float = math.inf
    for _ in range(RESTARTS):
        order = list(range(len(meet)))
        rng.shuffle(order)
        search = _Search(meet, sizes, order)
        groups, cost = search.wander(rng, KICKS)
        if cost < best_cost:
            best, best_cost = groups, cost
        if best_cost == 0:
            break
    return best


class _Search:
    """A seating being improved.  ``load[p][t]`` is how many times player ``p`` met those at
    table ``t``: what a swap or a move changes is read from it at once."""

    def __init__(self, meet: list[list[int]], sizes: tuple[int, ...], order: list[int]) -> None:
        self.meet = meet
        self.table = [0] * len(meet)
        self.groups: list[list[int]] = [[] for _ in sizes]
        self.load = [[0] * len(sizes) for _ in meet]
        for player in order:  # greedy: each at the open table where he met the fewest
            open_tables = [t for t, size in enumerate(sizes) if len(self.groups[t]) < size]
            self._put(player, min(open_tables, key=self.load[player].__getitem__))

    def cost(self) -> int:
        return sum(self.load[p][t] for p, t in enumerate(self.table)) // 2

    def _put(self, player: int, table: int) -> None:
        self.groups[table].append(player)
        self.table[player] = table
        for other, times in enumerate(self.meet[player]):
            self.load[other][table] += times

    def _take(self, player: int) -> int:
        table = self.table[player]
        self.groups[table].remove(player)
        for other, times in enumerate(self.meet[player]):
            self.load[other][table] -= times
        return table

    def _swap(self, a: int, b: int) -> None:
        ta, tb = self._take(a), self._take(b)
        self._put(a, tb)
        self._put(b, ta)

    def descend(self) -> None:
        """Swap two players, or move one to a table one seat smaller (the sizes stay the
        same), while that leaves fewer repeated pairs."""
        improved = True
        while improved:
            improved = False
            for player in range(len(self.meet)):
                improved = self._improve(player) or improved

    def _improve(self, a: int) -> bool:
        """Make the first swap or move of ``a`` that lowers the cost; whether there was one."""
        load, ta = self.load[a], self.table[a]
        for b in range(a + 1, len(self.meet)):
            tb = self.table[b]
            if tb == ta:
                continue
            gain = load[ta] + self.load[b][tb] + 2 * self.meet[a][b] - load[tb] - self.load[b][ta]
            if gain > 0:
                self._swap(a, b)
                return True
        for t, group in enumerate(self.groups):
            if len(group) + 1 == len(self.groups[ta]) and load[t] < load[ta]:
                self._take(a)
                self._put(a, t)
                return True
        return False

    def wander(self, rng: random.Random, kicks: int) -> tuple[list[list[int]], int]:
        """Descend, then ``kicks`` times swap a player of a repeated pair with anyone and
        descend again, keeping what is no worse (a plateau is crossed, not a hill)."""
        self.descend()
        kept, cost = [list(g) for g in self.groups], self.cost()
        for _ in range(kicks):
            if cost == 0:
                break
            self._kick(rng)
            self.descend()
            if self.cost() <= cost:
                kept, cost = [list(g) for g in self.groups], self.cost()
            else:
                self._restore(kept)
        return kept, cost

    def _kick(self, rng: random.Random) -> None:
        repeating = [p for p, t in enumerate(self.table) if self.load[p][t]]
        a = rng.choice(repeating)
        b = rng.choice([p for p, t in enumerate(self.table) if t != self.table[a]])
        self._swap(a, b)

    def _restore(self, groups: list[list[int]]) -> None:
        self.groups = [[] for _ in groups]
        self.load = [[0] * len(groups) for _ in self.meet]
        for table, group in enumerate(groups):
            for player in group:
                self._put(player, table)


# --------------------------------------------------------------------------------------------
# Belote and coinche: Swiss pairing


def _ranked(names: tuple[str, ...], ranking: Sequence[str] | None) -> tuple[str, ...]:
    """The teams best first: ``ranking``, which must name each of them once."""
    if ranking is None:
        return names
    ranking = tuple(ranking)
    if sorted(ranking) != sorted(names):
        raise InputError(
            msg("the ranking must name every team once (got {ranking})", ranking=", ".join(ranking))
        )
    return ranking


def _swiss(
    number: int,
    ranking: tuple[str, ...],
    history: Sequence[Draw],
    rule: TableRule,
    dealt: Counter[str],
) -> Draw:
    """Round ``number`` of teams ranked best first: the bye, then the Swiss pairing."""
    playing, bye = list(ranking), ()
    if len(playing) % 2:
        # the lowest-ranked of those with the fewest byes: a new team each round while one
        # has had none
        byes = Counter(team for draw in history for team in draw.bye)
        out = min(reversed(playing), key=lambda team: byes[team])
        playing.remove(out)
        bye = (out,)
    pairs = _Pairing(_meetings(playing, history)).solve()
    return _draw(number, [[playing[a], playing[b]] for a, b in pairs], rule, dealt, bye)


class _Pairing:
    """The Swiss pairing of teams ``0..n-1``, best first: the best team still unpaired with
    the nearest below it that it has not met, backtracking when the others cannot be paired
    then.  When every pairing has a rematch, the fewest earlier meetings in all (found by
    allowing 1, 2... of them), an unmet team still preferred to the nearest."""

    def __init__(self, meet: list[list[int]]) -> None:
        self.meet = meet
        #: for a set of teams left (a bit mask), the most meetings it failed to be paired with
        self.failed: dict[int, int] = {}

    def solve(self) -> list[tuple[int, int]]:
        everyone = (1 << len(self.meet)) - 1
        for budget in itertools.count():
            found = self._pair(everyone, budget)
            if found is not None:
                return found
        raise AssertionError("unreachable")  # (a budget of every meeting pairs them all)

    def _pair(self, left: int, budget: int) -> list[tuple[int, int]] | None:
        if not left:
            return []
        if self._bound(left) > budget:
            return None
        top = (left & -left).bit_length() - 1
        rest = left & ~(1 << top)
        row = self.meet[top]
        for other in sorted(_members(rest), key=lambda team: (row[team], team)):
            if row[other] <= budget:
                tail = self._pair(rest & ~(1 << other), budget - row[other])
                if tail is not None:
                    return [(top, other), *tail]
        self.failed[left] = max(budget, self.failed.get(left, -1))
        return None

    def _bound(self, left: int) -> int:
        """The fewest meetings pairing ``left`` can cost: a pair costs at least half the
        fewest each of its two teams has with any team left, so the sum of the halves."""
        teams = _members(left)
        fewest = sum(min(self.meet[a][b] for b in teams if b != a) for a in teams)
        return (fewest + 1) // 2


def _members(mask: int) -> list[int]:
    """The teams in a bit mask, best first."""
    return [team for team in range(mask.bit_length()) if mask >> team & 1]
