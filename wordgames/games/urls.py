from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import path

from . import views, webapp


def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Browsers ask for /favicon.ico whatever the page says; the static name is looked up per request, because
    a deployment's hashed names exist only after collectstatic."""
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("next/", views.next_game, name="next_game"),
    path("games/new/", views.new_game, name="new_game"),
    path("games/computer/", views.play_computer, name="play_computer"),
    path("games/<int:pk>/", views.game_page, name="game"),
    path("games/<int:pk>/live/", views.game_live, name="game_live"),
    path("games/<int:pk>/stream/", views.game_stream, name="game_stream"),
    path("stream/lobby/", views.lobby_stream, name="lobby_stream"),
    path("games/<int:pk>/state.json", views.game_json, name="game_json"),
    path("games/<int:pk>/move/", views.submit_move, name="submit_move"),
    path("games/<int:pk>/preview/", views.preview, name="preview"),
    path("games/<int:pk>/hint/", views.hint, name="hint"),
    path("games/<int:pk>/resign/", views.resign, name="resign"),
    path("games/<int:pk>/join/", views.join, name="join"),
    path("games/<int:pk>/team/", views.invite_team_mate, name="invite_team_mate"),
    path("games/<int:pk>/team/remove/", views.remove_team_mate, name="remove_team_mate"),
    path("games/<int:pk>/undo/", views.undo, name="undo"),
    path("games/<int:pk>/rematch/", views.rematch, name="rematch"),
    path("games/<int:pk>/chat/", views.chat, name="chat"),
    path("team-invitations/<int:invitation_id>/", views.answer_team_invitation, name="answer_team_invitation"),
    path("games/<int:pk>/record.json", views.record, name="record"),
    path("games/<int:pk>/print/", views.print_sheet, name="print_sheet"),
    path("games/<int:pk>/replay/", views.replay_page, name="replay"),
    path("accounts/email/", views.email_settings, name="email_settings"),  # days away stop the games' clocks
    path("favicon.ico", favicon),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("sw.js", webapp.service_worker, name="service_worker"),
    path("offline/", webapp.offline, name="offline"),
    path("help/", views.help_index, name="help"),
    path("help/<slug:slug>/", views.help_page, name="help_page"),
    path("invitations/<int:seat_id>/", views.answer_invitation, name="answer_invitation"),
    path("invitations/accept/<str:token>/", views.accept_invitation, name="accept_invitation"),
]
