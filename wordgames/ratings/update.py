"""Rating a game as it ends, and undoing that when a moderator reopens it.

openskill's Plackett-Luce model (Weng-Lin) rates a whole finishing order at once, so a game of five is five
players placed, not ten pairs. Each seat is a team: its player and the team-mates sharing it; in a game whose
engine plays seats as teams (Lexicon Crossing's team games) the seats of one team are one. The order comes from
the game's result: its winners first, then the players still in the game by score, then those who resigned
(a forfeit on time is a resignation), the last to leave first. Ties share a place.

Computer players anchor the scale (``models.COMPUTER_MU``): they take part in the computation with their fixed
skill, and nothing the game does changes it, so they hold no ``Rating`` row.

Both receivers run inside the transaction that ends (or reopens) the game: the rating commits or rolls back
with the last move, the resignation, the timeout or the moderator's decision.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Max
from django.utils import timezone
from openskill.models import PlackettLuce, PlackettLuceRating

from wordgames.accounts.models import Profile
from wordgames.engines import get_engine
from wordgames.games.models import Game, Move, Seat

from .models import BASE, COMPUTER_SIGMA, Rating, RatingChange, computer_mu, shown

log = logging.getLogger(__name__)

# openskill's defaults: mu 25, sigma 25/3 (a newcomer), beta 25/6, tau 25/300 added to sigma every game.
MODEL = PlackettLuce()

Unit = list[int]  # the user ids of one openskill team, in a fixed order


def standings(
    result: dict[str, Any], positions: Sequence[int], resigned: dict[int, int], teams: dict[int, str] | None = None
) -> list[tuple[list[int], int]]:
    """The finishing order: groups of seat positions (one seat each, or the seats of an engine's team) with their
    place, 1 the best, equal places for a tie. ``resigned`` maps a resigned seat to the number of its resignation
    (the later, the better placed among the resigned); ``teams`` a seat to its team's letter, when the result
    rates teams (``result["teams"]``: each team's value)."""
    winners = set(result.get("winners") or [])
    scores = result.get("scores") or []
    groups: dict[Any, list[int]] = {}
    for position in positions:
        groups.setdefault(teams[position] if teams else position, []).append(position)
    values = result.get("teams") or {}

    def key(group: Any) -> tuple[int, float]:
        seats = groups[group]
        if teams:
            if group not in values:  # every seat of the team resigned
                return (2, -max(resigned.get(p, 0) for p in seats))
            return (0, 0.0) if winners.intersection(seats) else (1, -float(values[group]))
        (position,) = seats
        if position in resigned:  # below everyone still playing, whatever the score
            return (2, -resigned[position])
        if position in winners:
            return (0, 0.0)
        return (1, -float(scores[position]) if position < len(scores) else 0.0)

    keys = {group: key(group) for group in groups}
    places = {k: n for n, k in enumerate(sorted(set(keys.values())), start=1)}
    return [(groups[group], places[keys[group]]) for group in groups]


def rate_game(game: Game) -> list[RatingChange]:
    """Change the ratings of a rated game's players as its result says, once: a game already rated (it has
    rating changes) is left alone. Returns the changes written, one per player (computers included)."""
    if not game.rated or game.result is None or RatingChange.objects.filter(game=game).exists():
        return []
    seats = list(Seat.objects.filter(game=game, user__isnull=False).prefetch_related("partners").order_by("position"))
    members: dict[int, Unit] = {}
    seen: set[int] = set()
    for seat in seats:  # a person counts once, in the first seat they hold (only practice games seat one twice)
        members[seat.position] = []
        for user_id in [seat.user_id, *sorted(p.pk for p in seat.partners.all())]:
            if user_id is not None and user_id not in seen:
                seen.add(user_id)
                members[seat.position].append(user_id)
    everyone = sorted(seen)
    levels = dict(Profile.objects.filter(user_id__in=everyone).exclude(computer="").values_list("user_id", "computer"))
    humans = [i for i in everyone if i not in levels]
    if not humans:
        return []
    resigned = dict(
        Move.objects.filter(game=game, taken_back=False, text="resign").order_by("seq").values_list("seat", "seq")
    )
    places = standings(game.result, list(members), resigned, _teams(game, list(members)))
    units = [[i for p in positions for i in members[p]] for positions, _ in places]
    kept = [(unit, place) for unit, (_, place) in zip(units, places, strict=True) if unit]
    if len(kept) < 2:
        return []
    ratings = _locked(game.engine, humans)

    def prior(user_id: int) -> PlackettLuceRating:
        if user_id in levels:
            return MODEL.rating(mu=computer_mu(levels[user_id]), sigma=COMPUTER_SIGMA)
        return MODEL.rating(mu=ratings[user_id].mu, sigma=ratings[user_id].sigma)

    after = MODEL.rate([[prior(i) for i in unit] for unit, _ in kept], ranks=[float(place) for _, place in kept])
    when = game.finished or timezone.now()
    changes = []
    for (unit, _), new in zip(kept, after, strict=True):
        for user_id, rated in zip(unit, new, strict=True):
            if user_id in levels:  # an anchor: the game tells nothing new about the computer
                mu = computer_mu(levels[user_id])
                changes.append(
                    RatingChange(
                        game=game,
                        user_id=user_id,
                        kind=game.engine,
                        mu_before=mu,
                        sigma_before=COMPUTER_SIGMA,
                        mu_after=mu,
                        sigma_after=COMPUTER_SIGMA,
                        value_before=shown(mu),
                        value_after=shown(mu),
                        games=0,
                    )
                )
                continue
            row = ratings[user_id]
            change = RatingChange(
                game=game,
                user_id=user_id,
                kind=game.engine,
                mu_before=row.mu,
                sigma_before=row.sigma,
                value_before=row.value,
            )
            row.mu, row.sigma, row.value = rated.mu, rated.sigma, shown(rated.mu)
            row.games += 1
            row.last_played = when
            change.mu_after, change.sigma_after, change.value_after, change.games = (
                row.mu,
                row.sigma,
                row.value,
                row.games,
            )
            changes.append(change)
    Rating.objects.bulk_update([ratings[i] for i in humans], ["mu", "sigma", "value", "games", "last_played"])
    return RatingChange.objects.bulk_create(changes)


def unrate_game(game: Game) -> bool:
    """Undo what a game's end did to its players' ratings (a moderator reopened it), so that its next end rates
    it afresh. Only while none of them has finished another rated game of the kind since: undoing then would
    throw away what that later game did, so the first end's changes stay (and its next end changes nothing).
    True if the ratings were restored."""
    changes = list(RatingChange.objects.filter(game=game))
    if not changes:
        return False
    ratings = {
        r.user_id: r
        for r in Rating.objects.select_for_update()
        .filter(kind=game.engine, user_id__in=sorted(c.user_id for c in changes))
        .order_by("user_id")
    }
    later = RatingChange.objects.filter(kind=game.engine, user_id__in=list(ratings), pk__gt=max(c.pk for c in changes))
    if later.exists():
        log.warning("Game %s was reopened after its players played other rated games: its rating changes stay", game.pk)
        return False
    previous = dict(
        RatingChange.objects.filter(kind=game.engine, user_id__in=list(ratings))
        .exclude(game=game)
        .values("user_id")
        .annotate(last=Max("created"))
        .values_list("user_id", "last")
    )
    for change in changes:
        row = ratings.get(change.user_id)
        if row is None:  # a computer
            continue
        row.mu, row.sigma, row.value = change.mu_before, change.sigma_before, change.value_before
        row.games = max(0, row.games - 1)
        row.last_played = previous.get(change.user_id)
    Rating.objects.bulk_update(list(ratings.values()), ["mu", "sigma", "value", "games", "last_played"])
    RatingChange.objects.filter(game=game).delete()
    return True


def _teams(game: Game, positions: Iterable[int]) -> dict[int, str] | None:
    """Each seat's team, when the engine seats teams and the result ranks them (a moderator's end ranks seats)."""
    engine = get_engine(game.engine)
    if not engine.teams or not isinstance((game.result or {}).get("teams"), dict) or game.state is None:
        return None
    letters = {p: engine.team_of(game.state, p) for p in positions}
    if any(letter is None for letter in letters.values()):
        return None
    return {p: str(letter) for p, letter in letters.items()}


def _locked(kind: str, user_ids: list[int]) -> dict[int, Rating]:
    """The players' ratings in ``kind``, created where missing and locked until the transaction ends.

    Missing rows are inserted first (a conflict with another game's insert of the same row waits for it, then
    does nothing), then every row is locked in one statement in user order. Two games ending at once that share
    players thus lock in the same order and never deadlock, and the second reads what the first wrote."""
    ids = sorted(user_ids)
    existing = set(Rating.objects.filter(kind=kind, user_id__in=ids).values_list("user_id", flat=True))
    missing = [i for i in ids if i not in existing]
    if missing:
        Rating.objects.bulk_create([Rating(user_id=i, kind=kind, value=BASE) for i in missing], ignore_conflicts=True)
    return {
        r.user_id: r for r in Rating.objects.select_for_update().filter(kind=kind, user_id__in=ids).order_by("user_id")
    }


def on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    rate_game(game)


def on_game_reopened(sender: Any, game: Game, **kwargs: Any) -> None:
    if game.rated:
        unrate_game(game)
