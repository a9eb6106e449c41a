"""Team-mates: someone shares a seat (sees what it sees, moves for it) only when that seat's player invited
them and they accepted, and until that player removes them or they leave. Everyone in the game is told who
shares which seat. One person holds at most one seat in a game (as its player or a team-mate), except in
practice games (hints on), which say so."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from wordgames.accounts import relations
from wordgames.engines.core.text import quote

from .. import live, relay
from ..models import Game, Seat, TeamInvitation
from ..news import News, news
from ..queries import people_in
from .errors import RefusalCode, Refused
from .moves import lock_game, wake_computers


def _seat_player(seat: Seat) -> str | News:
    """The seat's player in a line of news: their name, or the seat's number while nobody holds it."""
    return seat.user.get_username() if seat.user else news(gettext_noop("seat %(number)s"), number=seat.position + 1)


def _show_everyone(game: Game) -> None:
    """A new version, so every open page of the game shows who shares which seat now (``lock_game`` announces it
    after the commit). No move is made: a move form or email already open stays valid (the stale check looks at
    the seat's decision, ``Seat.since_version``), as after a chat line. A computer's turn owed for the previous
    version is owed again for this one. Call with the game locked."""
    game.version += 1
    Game.objects.filter(pk=game.pk).update(version=game.version)
    wake_computers(game)


def in_game(game: Game, user: User) -> bool:
    """Whether ``user`` already holds a seat in ``game``, as its player or a team-mate."""
    return Seat.objects.filter(game=game, user=user).exists() or Seat.objects.filter(game=game, partners=user).exists()


def may_hold_two_seats(game: Game) -> bool:
    """Practice games (hints on) may seat one person twice; every other game holds one seat per person."""
    return bool(game.options.get("hints"))


def invite_team_mate(game_id: int, user: User, name: str) -> TeamInvitation:
    """``user``, a seat's own player, invites the player called ``name`` to share it."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
            raise Refused(_("This game is over."), RefusalCode.NOT_RUNNING)
        seat = Seat.objects.filter(game=game, user=user).first()
        if seat is None:
            raise Refused(_("Only a seat's own player can invite a team-mate to share it."), RefusalCode.NOT_SEATED)
        mate = User.objects.filter(username__iexact=name.strip()).first()
        if mate is None:
            raise Refused(_("There is no player called %(name)s.") % {"name": quote(name.strip())}, RefusalCode.PLAYERS)
        if in_game(game, mate) and not may_hold_two_seats(game):
            raise Refused(
                _("%(name)s already plays in this game: one seat per person.") % {"name": mate.get_username()},
                RefusalCode.PLAYERS,
            )
        # Sharing a seat is playing the game: refused when the mate and anyone in it block each other.
        if relations.blocked_among(mate, people_in(game)):
            raise Refused(
                _("%(name)s is not available for a game.") % {"name": mate.get_username()}, RefusalCode.NOT_AVAILABLE
            )
        invitation, _created = TeamInvitation.objects.get_or_create(seat=seat, user=mate, defaults={"invited_by": user})
    return invitation


def answer_team_invitation(invitation_id: int, user: User, accept: bool) -> Seat:
    """The invited player accepts (they now share the seat, and the game's players are told) or declines."""
    with transaction.atomic():
        invitation = TeamInvitation.objects.select_related("seat").filter(pk=invitation_id, user=user).first()
        if invitation is None:
            raise Refused(
                _("That invitation is not addressed to you, or it was answered already."), RefusalCode.NOT_INVITED
            )
        game = lock_game(invitation.seat.game_id)
        seat = invitation.seat
        invitation.delete()
        if not accept:
            return seat
        if game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
            raise Refused(_("This game is over."), RefusalCode.NOT_RUNNING)
        if in_game(game, user) and not may_hold_two_seats(game):
            raise Refused(_("You already play in this game: one seat per person."), RefusalCode.PLAYERS)
        if relations.blocked_among(user, people_in(game)):  # a block made since the invitation
            raise Refused(relations.not_available(), RefusalCode.NOT_AVAILABLE)
        sharing = Seat.partners.through.objects.create(seat=seat, user=user)
        _show_everyone(game)  # announced to the game's pages and its people's lobbies, the new team-mate's among them
        # Keyed by this sharing, not by the person: one removed and invited again is announced again.
        relay.owe(
            relay.send_news,
            game.pk,
            f"team:{sharing.pk}",
            news(
                gettext_noop(
                    "%(mate)s now shares %(player)s's seat as a team-mate: they see what it sees and may move for it."
                ),
                mate=user.get_username(),
                player=_seat_player(seat),
            ),
        )
    return seat


def remove_team_mate(game_id: int, user: User, mate_id: int) -> Seat:
    """A seat's player removes a team-mate from it (or takes back an invitation not yet answered), or a team-mate
    leaves the seat they share. The removed mate sees from then on what a spectator sees and cannot move; the
    game's players are told."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
            raise Refused(_("This game is over."), RefusalCode.NOT_RUNNING)
        leaving = mate_id == user.pk
        seat = Seat.objects.filter(game=game, **({"partners": user} if leaving else {"user": user})).first()
        if seat is None:
            raise Refused(
                _("Only a seat's own player can remove a team-mate from it.")
                if not leaving
                else _("You do not share a seat in this game."),
                RefusalCode.NOT_SEATED,
            )
        mate = seat.partners.filter(pk=mate_id).first()
        if mate is None:
            asked = TeamInvitation.objects.filter(seat=seat, user_id=mate_id).select_related("user").first()
            if asked is None:
                raise Refused(_("That player does not share your seat."), RefusalCode.PLAYERS)
            asked.delete()  # nobody shared anything yet: nothing to tell the table
            return seat
        sharing = Seat.partners.through.objects.get(seat=seat, user=mate).pk
        Seat.partners.through.objects.filter(pk=sharing).delete()
        _show_everyone(game)
        live.changed(game, also=[mate.pk], was_open=False)  # their lobbies too, which no longer list the game
        line = news(
            gettext_noop("%(mate)s has left %(player)s's seat: %(mate)s no longer sees what it sees or moves for it.")
            if leaving
            else gettext_noop(
                "%(player)s has removed %(mate)s from their seat: %(mate)s no longer sees what it sees or moves for it."
            ),
            mate=mate.get_username(),
            player=_seat_player(seat),
        )
        relay.owe(relay.send_news, game.pk, f"team-off:{sharing}", line)
    return seat
