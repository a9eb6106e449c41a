"""An event's points and standings, from its finished games. Pure: no Django, players are entry ids.

A game is worth at most one point to each player, earned against each other player at the table: in a
two-player game the winner takes 1, a draw gives each 0.5, the loser 0. At a table of n, each player takes, for
every other player, 1/(n - 1) for finishing above them and half that for sharing their place, so the winner of a
three-player game takes 1, the second 0.5, the last 0; two sharing first take 0.75 each, the third 0. Each pair
at the table shares one point, so a table of n gives out n/2 points in all (1 for two players, 1.5 for three).

A player scored as a loser without playing (``Result.forfeit``: withdrawn, timed out) takes 0 and counts as
beaten by everyone at the table who did not forfeit, whatever ``places`` says; two forfeits at one table beat
neither, so such a game is worth less than a point. A result with one player is a bye (the Swiss round's odd
one out): 1 point, not a game played, no opponent for the tiebreaks.

Tiebreaks, each a sum over the player's games, larger is better, applied in the order the event names them:

- ``buchholz``: the final points of the opponents, each weighted 1/(n - 1) (at a two-player table, the opponent's
  points; at a table of n, their average), the strength of the field met;
- ``sonneborn_berger``: the final points of the opponents, each weighted by the share of the game's point taken
  from them (all of a beaten opponent's points, half of a tied one's, nothing from one who finished above);
- ``score_difference``: the player's game score minus the average of the opponents' scores (a word game's margin);
  games with a forfeit add nothing, as their scores say nothing of play.

Ties that the tiebreaks do not settle share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

TIEBREAKS = ("sonneborn_berger", "buchholz", "score_difference")
BYE_POINTS = 1.0


@dataclass(frozen=True)
class Result:
    """One finished game of an event (or, with one player, a bye)."""

    players: tuple[int, ...]  # in seat order: the first moved first
    places: tuple[int, ...]  # finishing place of each (1 = first; ties share a place)
    scores: tuple[int, ...]  # the game's own scores (for the score difference)
    forfeit: frozenset[int] = frozenset()  # players scored as losers without playing (withdrawn, timed out)

    @property
    def bye(self) -> bool:
        return len(self.players) == 1


@dataclass(frozen=True)
class Standing:
    player: int
    rank: int
    points: float
    played: int
    tiebreaks: dict[str, float] = field(default_factory=dict)


def shares(result: Result) -> dict[tuple[int, int], float]:
    """What each player took from each other player at the table: (player, opponent) -> share of the point."""
    n = len(result.players)
    if n < 2:
        return {}
    place = dict(zip(result.players, result.places, strict=True))
    out: dict[tuple[int, int], float] = {}
    for p in result.players:
        for q in result.players:
            if p == q:
                continue
            if p in result.forfeit:
                share = 0.0
            elif q in result.forfeit or place[p] < place[q]:
                share = 1.0
            elif place[p] == place[q]:
                share = 0.5
            else:
                share = 0.0
            out[(p, q)] = share / (n - 1)
    return out


def points(result: Result) -> dict[int, float]:
    """The event points of one game (see the module's docstring): from 1 for the winner to 0 for the last."""
    if result.bye:
        return {result.players[0]: BYE_POINTS}
    got = dict.fromkeys(result.players, 0.0)
    for (p, _), share in shares(result).items():
        got[p] += share
    return got


def totals(results: Iterable[Result]) -> dict[int, float]:
    """Every player's points over the results (players in no result are absent)."""
    out: dict[int, float] = {}
    for result in results:
        for player, got in points(result).items():
            out[player] = out.get(player, 0.0) + got
    return out


def standings(players: list[int], results: list[Result], tiebreaks: list[str]) -> list[Standing]:
    """The table, best first: points, then the named tiebreaks in order; equal on all of them, equal rank."""
    unknown = [t for t in tiebreaks if t not in TIEBREAKS]
    if unknown:
        raise ValueError(f"Unknown tiebreak {unknown[0]!r}: choose from {', '.join(TIEBREAKS)}")
    total = totals(results)
    played = dict.fromkeys(players, 0)
    breaks = {p: dict.fromkeys(tiebreaks, 0.0) for p in players}
    for result in results:
        if result.bye:
            continue
        n = len(result.players)
        taken = shares(result)
        counted = not result.forfeit
        for i, p in enumerate(result.players):
            if p not in breaks:
                continue
            played[p] += 1
            mine = breaks[p]
            others = [q for q in result.players if q != p]
            if "buchholz" in mine:
                mine["buchholz"] += sum(total.get(q, 0.0) for q in others) / (n - 1)
            if "sonneborn_berger" in mine:
                mine["sonneborn_berger"] += sum(taken[(p, q)] * total.get(q, 0.0) for q in others)
            if "score_difference" in mine and counted:
                rest = [s for j, s in enumerate(result.scores) if j != i]
                mine["score_difference"] += result.scores[i] - sum(rest) / len(rest)

    def key(p: int) -> tuple[float, ...]:
        return (total.get(p, 0.0), *(breaks[p][t] for t in tiebreaks))

    order = sorted(players, key=lambda p: tuple(-round(v, 9) for v in key(p)))
    table: list[Standing] = []
    for n, p in enumerate(order, start=1):
        rank = table[-1].rank if table and _same(key(p), key(order[n - 2])) else n
        table.append(Standing(p, rank, total.get(p, 0.0), played[p], dict(breaks[p])))
    return table


def _same(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    # Points are sums of fractions like 1/3: equal totals may differ in the last bits.
    return all(abs(x - y) < 1e-9 for x, y in zip(a, b, strict=True))
