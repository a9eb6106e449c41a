"""Who meets whom in an event: round-robins, Swiss rounds, ladders and league seasons. Pure: no Django; players
are entry ids.

Round-robin, two players a table: the circle method (Berger tables). One player stays put while the others turn
round the circle, so each pair meets exactly once in n - 1 rounds (n rounds when n is odd). With an odd number of
players, the one drawn against the empty place sits the round out: they are left out of that round's tables (no
table of one), and everyone sits out exactly once. Who moves first: in an even field, whoever has moved first
less (then whoever moved second last), which leaves everyone within one of half their games; in an odd field,
every game oriented along an Euler circuit of all the games, which gives everyone exactly half.

Round-robin, tables of 3 to 6: no exact design exists for most sizes, so the tables are drawn. Each round, the
players who sat out least sit out (when the players do not fill whole tables); the rest are seated one table at
a time, each seat going to the player who has met the table's players least so far. Then simulated annealing
swaps two players between two tables of a round, over all the rounds, to lower the sum of the squared meeting
counts (with the total fixed, it is least when the counts are equal). The rounds are at first the fewest that
let everyone play as many games and could cover every pair; if a pair has still not met, a small event is drawn
afresh with more rounds, a big one (over 60 players) keeps its draw and adds rounds seated the same way until
every pair has met. The draw is seeded by the number of players: the same players draw the same tables. The
seats (who moves first, second, ...) go to whoever is furthest behind their share of that seat. The tests and
the bench measure the spread of the meeting counts.

Swiss: see ``swiss_round``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations

import networkx as nx

from .standings import Result, Standing, points, standings, totals

__all__ = [
    "Result",
    "Standing",
    "ladder_after",
    "ladder_challenge_allowed",
    "league_next_season",
    "points",
    "round_robin",
    "rounds_needed",
    "standings",
    "swiss_round",
]

Table = tuple[int, ...]


def round_robin(players: list[int], table_size: int = 2) -> list[list[Table]]:
    """The rounds of a round-robin, each a list of tables (seat order = the order of moving first)."""
    if table_size < 2:
        raise ValueError("A table seats at least two players")
    if len(players) < table_size:
        return []
    if table_size == 2:
        return _circle(list(players))
    return _drawn(list(players), table_size)


def _circle(players: list[int]) -> list[list[Table]]:
    ring: list[int | None] = list(players)
    if len(ring) % 2:
        ring.append(None)  # whoever meets the empty place sits the round out
    n = len(ring)
    first: dict[int | None, int] = dict.fromkeys(ring, 0)
    last: dict[int | None, int] = dict.fromkeys(ring, 0)
    rounds: list[list[Table]] = []
    for _ in range(n - 1):
        tables: list[Table] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                continue
            # Fewer first moves so far goes first; if equal, whoever moved second last time.
            if (first[a], last[a]) > (first[b], last[b]):
                a, b = b, a
            first[a] += 1
            last[a], last[b] = 1, -1
            tables.append((a, b))
        rounds.append(tables)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    if len(players) % 2:
        # Every player of an odd field has an even number of games, so a walk through all the games that ends
        # where it began (an Euler circuit of the complete graph) gives everyone exactly as many first moves as
        # second ones when each game is oriented along it.
        along = {(a, b) for a, b in nx.eulerian_circuit(nx.complete_graph(players))}
        rounds = [[t if t in along else (t[1], t[0]) for t in tables] for tables in rounds]
    return rounds


def rounds_needed(count: int, table_size: int) -> int:
    """The rounds of a drawn round-robin (tables of 3 to 6): the fewest in which everyone sits out equally often
    and the meetings could cover every pair."""
    out = count % table_size
    rounds = 1
    while True:
        if (rounds * out) % count == 0:
            games = rounds - rounds * out // count
            if games * (table_size - 1) >= count - 1:
                return rounds
        rounds += 1


def _drawn(players: list[int], k: int) -> list[list[Table]]:
    n = len(players)
    rounds = rounds_needed(n, k)
    while True:
        rng = random.Random(n * 1009 + k)  # the same players draw the same tables: a restart repeats the draw
        meet = [[0] * n for _ in range(n)]
        sat_out = [0] * n
        schedule: list[list[list[int]]] = []
        _extend(schedule, meet, sat_out, k, rounds, rng)
        _even_out(schedule, meet, rng)
        if n > 60 or _covered(meet):
            break
        rounds += _step(n, k)  # a small event draws afresh with more rounds, to even them all out again
    # A big one keeps its draw and adds rounds until every pair has met.
    while not _covered(meet):
        _extend(schedule, meet, sat_out, k, _step(n, k), rng)
    seat_counts = [[0] * k for _ in range(n)]
    return [[tuple(players[i] for i in _seat_order(table, seat_counts)) for table in tables] for tables in schedule]


def _covered(meet: list[list[int]]) -> bool:
    return all(0 not in row[:i] and 0 not in row[i + 1 :] for i, row in enumerate(meet))


def _step(n: int, k: int) -> int:
    out = n % k
    step = 1
    while (step * out) % n:
        step += 1
    return step


def _extend(
    schedule: list[list[list[int]]], meet: list[list[int]], sat_out: list[int], k: int, rounds: int, rng: random.Random
) -> None:
    n = len(meet)
    out = n % k
    for _ in range(rounds):
        r = len(schedule)
        order = list(range(n))
        rng.shuffle(order)
        # Rotating by the round makes the sitting out a cycle when all have sat out equally often.
        resting = set(sorted(order, key=lambda i: (sat_out[i], (i - r * out) % n))[:out])
        for i in resting:
            sat_out[i] += 1
        tables = _seat_tables([i for i in order if i not in resting], k, meet)
        for table in tables:
            for a, b in combinations(table, 2):
                meet[a][b] += 1
                meet[b][a] += 1
        schedule.append(tables)


def _seat_tables(free: list[int], k: int, meet: list[list[int]]) -> list[list[int]]:
    """Seat one table at a time, each seat to the player who has met the table's players least."""
    left = list(free)
    tables = []
    while left:
        first = left.pop()
        table = [first]
        cost = {i: meet[first][i] for i in left}
        while len(table) < k:
            best = min(cost, key=cost.__getitem__)
            del cost[best]
            table.append(best)
            row = meet[best]
            for i in cost:
                cost[i] += row[i]
        left = [i for i in left if i in cost]
        tables.append(table)
    return tables


def _even_out(schedule: list[list[list[int]]], meet: list[list[int]], rng: random.Random) -> None:
    """Simulated annealing over swaps of two players between two tables of a round: a swap that lowers the sum
    of squared meeting counts is kept, one that raises it is kept now and then while the temperature is high
    (to leave a local minimum), then less and less often. The number of tries grows with the tables, bounded
    so that a big event draws within the bench's time."""
    rounds = [r for r in schedule if len(r) > 1]
    if not rounds:
        return
    tables_in_all = sum(len(r) for r in rounds)
    tries = min(max(30_000, 20 * tables_in_all), 60_000)
    # Too few tries for the tables (a big event) to anneal: only the swaps that help.
    hot = 2.0 if tries >= 20 * tables_in_all else 0.0
    rand = rng.random
    k = len(rounds[0][0])
    for step in range(tries):
        tables = rounds[int(rand() * len(rounds))]
        count = len(tables)
        x = int(rand() * count)
        y = (x + 1 + int(rand() * (count - 1))) % count
        tx, ty = tables[x], tables[y]
        i, j = int(rand() * k), int(rand() * k)
        a, b = tx[i], ty[j]
        ma, mb = meet[a], meet[b]
        # (m + 1)^2 - m^2 = 2m + 1 for a meeting gained, (m - 1)^2 - m^2 = 1 - 2m for one lost.
        delta = 0
        for q in tx:
            if q != a:
                delta += 2 * (mb[q] - ma[q]) + 2
        for q in ty:
            if q != b:
                delta += 2 * (ma[q] - mb[q]) + 2
        if delta > 0:
            temperature = hot * (1 - 4 * step / (3 * tries))  # the last quarter only descends
            if temperature < 0.05 or rand() >= math.exp(-delta / temperature):
                continue
        for q in tx:
            if q != a:
                ma[q] -= 1
                meet[q][a] -= 1
                mb[q] += 1
                meet[q][b] += 1
        for q in ty:
            if q != b:
                mb[q] -= 1
                meet[q][b] -= 1
                ma[q] += 1
                meet[q][a] += 1
        tx[i], ty[j] = b, a


def _seat_order(table: list[int], seat_counts: list[list[int]]) -> list[int]:
    """Seat the table so that each player's seats (first to move, second, ...) even out over the event: each
    seat in turn goes to the player furthest behind their fair share of it (games so far / table size)."""
    k = len(table)
    left = list(table)
    seated = []
    for seat in range(k):
        best = min(left, key=lambda i: (k * seat_counts[i][seat] - sum(seat_counts[i]), i))
        left.remove(best)
        seated.append(best)
    for seat, i in enumerate(seated):
        seat_counts[i][seat] += 1
    return seated


# Swiss ----------------------------------------------------------------------------------------------------------

# Matching weights, integers so that networkx compares them exactly. A step of score difference outweighs any
# rating or colour preference; a repeat meeting (only when no pairing avoids one) outweighs everything.
_SCORE = 10_000_000
_ORDER = 1_000
_COLOUR = 100_000
_REPEAT = 10**13
_AVOID = 10**12  # two players with a block between them: met only when nothing else pairs the field


def swiss_round(
    players: list[int],
    results: list[Result],
    ratings: dict[int, int],
    round_number: int,
    avoid: set[frozenset[int]] | None = None,
) -> tuple[list[tuple[int, int]], int | None]:
    """The pairs of the next Swiss round (first player moves first) and the player with the bye, or None.

    ``players`` are those still in the event; ``results`` every result so far (a bye, a one-player result,
    counts as the player's bye; a player with fewer results than rounds played is also taken to have had one).

    The bye, when the count is odd, goes to the player with the fewest points among those who had none (the
    lowest rated of them, then the last entered); if everyone had one, to the lowest scored. The others are
    paired score group by score group, best first, the odd one of a group floating down to the next (see
    ``_match``), by networkx's maximum-weight matching over the pairs who have not met, with weights that put first
    equal points (the square of the difference in half points costs most, so one player dropping a group is
    better than two dropping half), then the order within a score group (top half meets bottom half, by rating:
    the first meets the middle one), then first moves (two players both due to move first are paired last).
    Who moves first: the one who has moved first less often; if equal, the one who moved second in their last
    game; if still equal, the higher rated in odd rounds, the lower rated in even rounds. A repeat meeting is
    made only when no pairing of the remaining players avoids one (a small event after many rounds).

    ``avoid`` names pairs who should not meet (a block between them): within the score groups they are kept apart
    as if they had met; only if no pairing of the whole field keeps them apart do they meet, at a cost below a
    repeat meeting's.
    """
    avoid = avoid or set()
    if not players:
        return [], None
    total = totals(results)
    met, balance, last, byes = _history(players, results, round_number)

    entered = {p: n for n, p in enumerate(players)}
    rating = {p: ratings.get(p, 0) for p in players}
    bye = None
    pool = list(players)
    if len(pool) % 2:
        bye = min(pool, key=lambda p: (byes[p] > 0, byes[p], total.get(p, 0.0), rating[p], -entered[p]))
        pool.remove(bye)

    # Score groups, best first; within a group by rating (then entry) to pair top half with bottom half.
    order = sorted(pool, key=lambda p: (-total.get(p, 0.0), -rating[p], entered[p]))
    group_of: dict[int, tuple[int, int]] = {}  # player -> (index in the group, size of the group)
    groups: dict[float, list[int]] = {}
    for p in order:
        groups.setdefault(total.get(p, 0.0), []).append(p)
    for members in groups.values():
        for i, p in enumerate(members):
            group_of[p] = (i, len(members))
    half = {p: round(2 * total.get(p, 0.0)) for p in pool}

    def weight(a: int, b: int) -> int:
        diff = half[a] - half[b]
        w = _REPEAT - _SCORE * diff * diff
        (ia, size), (ib, _) = group_of[a], group_of[b]
        if diff == 0:
            w -= _ORDER * abs(abs(ia - ib) - size // 2)
        else:
            w -= _ORDER * (ia + ib)  # floaters: the nearest in rating to the group they join
        if balance[a] > 0 and balance[b] > 0 or balance[a] < 0 and balance[b] < 0:
            w -= _COLOUR
        if frozenset((a, b)) in met:
            w -= _REPEAT
        if frozenset((a, b)) in avoid:
            w -= _AVOID
        return w

    matching = _match(order, list(groups.values()), weight, met | avoid)
    pairs = []
    for a, b in matching:
        pairs.append(_colours(a, b, balance, last, rating, round_number))
    return pairs, bye


def _history(
    players: list[int], results: list[Result], round_number: int
) -> tuple[set[frozenset[int]], Counter[int], dict[int, int], Counter[int]]:
    """Who has met whom, each player's first moves minus second moves, the side of their last game (1 first,
    -1 second), and their byes."""
    met: set[frozenset[int]] = set()
    balance: Counter[int] = Counter()
    last: dict[int, int] = {}
    byes: Counter[int] = Counter()
    games: Counter[int] = Counter()
    for result in results:
        games.update(result.players)
        if result.bye:
            byes[result.players[0]] += 1
            continue
        for i, p in enumerate(result.players):
            side = 1 if i == 0 else -1
            balance[p] += side
            last[p] = side
        met.update(frozenset(pair) for pair in combinations(result.players, 2))
    for p in players:
        if games[p] < round_number - 1 and not byes[p]:
            byes[p] += 1
    return met, balance, last, byes


def _match(
    order: list[int], groups: list[list[int]], weight: Callable[[int, int], int], met: set[frozenset[int]]
) -> list[tuple[int, int]]:
    """A perfect matching of ``order`` (even, best first), through networkx's maximum-weight matching.

    Score group by score group, best first, as a Swiss arbiter does: the players left over from the group above
    (its odd one out, or one who has met everyone there) join the next group at its top. One matching of the
    whole field would take seconds for a thousand players; a group's is small. Within a group each player is
    linked to every other when the group is small, else to the players near them and to those about half the
    group away (the pairs the weights prefer). If the last group leaves anyone over, the whole field is matched
    at once, repeat meetings allowed at their cost."""
    index = {p: i for i, p in enumerate(order)}
    pairs: list[tuple[int, int]] = []
    carried: list[int] = []
    for group in groups:
        members = carried + group
        # An odd group sends its lowest down to the next group: a floater, paired up there with its best.
        down = [members.pop()] if len(members) % 2 and group is not groups[-1] else []
        graph = nx.Graph()
        graph.add_nodes_from(members)
        size = len(members)
        for a, b in _candidates(members, size <= 2 * _WINDOW + 24):
            if frozenset((a, b)) not in met:
                graph.add_edge(a, b, weight=weight(a, b))
        matched = nx.max_weight_matching(graph, maxcardinality=True)
        pairs.extend(matched)
        taken = {p for pair in matched for p in pair}
        carried = [p for p in members if p not in taken] + down
    if carried:
        graph = nx.Graph()
        graph.add_weighted_edges_from((a, b, weight(a, b)) for a, b in _candidates(order, True))
        pairs = list(nx.max_weight_matching(graph, maxcardinality=True))
    ordered = [(a, b) if index[a] < index[b] else (b, a) for a, b in pairs]
    return sorted(ordered, key=lambda pair: index[pair[0]])


_WINDOW = 5  # neighbours each side in a big group, and around the ideal partner half the group away


def _candidates(members: list[int], full: bool) -> set[tuple[int, int]]:
    n = len(members)
    if full:
        return {(members[i], members[j]) for i in range(n) for j in range(i + 1, n)}
    edges = set()
    for i in range(n):
        for j in range(i + 1, min(n, i + _WINDOW + 1)):
            edges.add((members[i], members[j]))
        middle = i + n // 2
        for j in range(max(i + 1, middle - _WINDOW), min(n, middle + _WINDOW + 1)):
            edges.add((members[i], members[j]))
    return edges


def _colours(
    a: int, b: int, balance: Counter[int], last: dict[int, int], rating: dict[int, int], round_number: int
) -> tuple[int, int]:
    if balance[a] != balance[b]:
        return (a, b) if balance[a] < balance[b] else (b, a)
    if last.get(a, 0) != last.get(b, 0):
        return (a, b) if last.get(a, 0) < last.get(b, 0) else (b, a)
    higher_first = round_number % 2 == 1
    a_higher = rating[a] > rating[b] or rating[a] == rating[b] and a < b
    return (a, b) if a_higher == higher_first else (b, a)


# Ladders and leagues ---------------------------------------------------------------------------------------------


def ladder_challenge_allowed(ladder: list[int], challenger: int, challenged: int, reach: int) -> bool:
    """A player may challenge one of the ``reach`` players just above them on the ladder (index 0 is the top)."""
    if challenger not in ladder or challenged not in ladder or challenger == challenged:
        return False
    distance = ladder.index(challenger) - ladder.index(challenged)
    return 0 < distance <= reach


def ladder_after(ladder: list[int], winner: int, loser: int) -> list[int]:
    """The ladder after a game: a win over a player higher up swaps their places; any other result changes
    nothing."""
    after = list(ladder)
    w, lo = after.index(winner), after.index(loser)
    if w > lo:
        after[w], after[lo] = loser, winner
    return after


def league_next_season(divisions: list[list[Standing]], up: int, down: int) -> list[list[int]]:
    """Next season's divisions (the first is the top one) from this season's final standings, each best first:
    the first ``up`` of each division but the top go up one, the last ``down`` of each but the bottom go down one.
    A division too small for both promotes first. Within a division the new order seeds the next season: those
    relegated from above first, then those who stayed in their finishing order, then those promoted from below."""
    stay: list[list[int]] = []
    rising: list[list[int]] = []
    falling: list[list[int]] = []
    last = len(divisions) - 1
    for d, table in enumerate(divisions):
        order = [s.player for s in sorted(table, key=lambda s: s.rank)]
        goes_up = order[:up] if d > 0 else []
        rest = order[len(goes_up) :]
        goes_down = rest[max(0, len(rest) - down) :] if d < last else []
        rising.append(goes_up)
        falling.append(goes_down)
        stay.append([p for p in rest if p not in goes_down])
    return [
        (falling[d - 1] if d > 0 else []) + stay[d] + (rising[d + 1] if d < last else []) for d in range(len(divisions))
    ]
