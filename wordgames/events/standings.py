"""Standings of an event (pure: no Django)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from .pairing import Result, points


@dataclass(frozen=True)
class Standing:
    player: int
    rank: int
    points: float
    played: int
    tiebreaks: dict[str, float] = field(default_factory=dict)


def standings(players: list[int], results: list[Result], tiebreaks: list[str]) -> list[Standing]:
    """Points, then the named tiebreaks in order; ties share a rank. Sonneborn–Berger: for each opponent met,
    their points times what one scored against them (1, 0.5, 0); Buchholz: the sum of the opponents' points
    (once per meeting); score difference: one's score minus each opponent's, summed."""
    total = dict.fromkeys(players, 0.0)
    played = dict.fromkeys(players, 0)
    for result in results:
        for p, value in points(result).items():
            if p in total:
                total[p] += value
                played[p] += len(result.players) > 1
    sb = dict.fromkeys(players, 0.0)
    buchholz = dict.fromkeys(players, 0.0)
    diff = dict.fromkeys(players, 0.0)
    for result in results:
        for (i, a), (j, b) in combinations(enumerate(result.players), 2):
            pair = Result((a, b), (result.places[i], result.places[j]), (result.scores[i], result.scores[j]),
                          result.forfeit & {a, b})  # fmt: skip
            got = points(pair)
            for me, other, mine, theirs in ((a, b, i, j), (b, a, j, i)):
                if me in total and other in total:
                    sb[me] += got[me] * total[other]
                    buchholz[me] += total[other]
                    diff[me] += result.scores[mine] - result.scores[theirs]
    table = {"sonneborn_berger": sb, "buchholz": buchholz, "score_difference": diff}

    def key(p: int) -> tuple[float, ...]:
        return (-total[p], *(-table[name][p] for name in tiebreaks))

    order = sorted(players, key=lambda p: (key(p), p))
    out: list[Standing] = []
    for n, p in enumerate(order):
        rank = out[-1].rank if out and key(out[-1].player) == key(p) else n + 1
        out.append(Standing(p, rank, total[p], played[p], {name: table[name][p] for name in tiebreaks}))
    return out


def league_next_season(divisions: list[list[Standing]], up: int, down: int) -> list[list[int]]:
    """Each division in rank order; the top ``up`` go up one division, the bottom ``down`` go down one."""
    names = [[s.player for s in sorted(d, key=lambda s: s.rank)] for d in divisions]
    out = [list(d) for d in names]
    for k in range(len(names) - 1):
        going_down = names[k][len(names[k]) - down:] if down else []
        going_up = names[k + 1][:up]
        out[k] = [p for p in out[k] if p not in going_down] + going_up
        out[k + 1] = going_down + [p for p in out[k + 1] if p not in going_up]
    return out
