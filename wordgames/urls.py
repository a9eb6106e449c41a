from django.contrib import admin
from django.urls import include, path

from wordgames.lib.views import healthz
from wordgames.players.views import blocked

handler500 = "wordgames.lib.unavailable.server_error_or_unavailable"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/blocked/", blocked, name="blocked_players"),
    path("accounts/", include("wordgames.accounts.urls")),
    path("players/", include("wordgames.players.urls")),
    path("outbox/", include("wordgames.mail.urls")),
    path("email/", include("wordgames.pbem.urls")),
    path("anymail/", include("wordgames.pbem.webhooks")),
    path("seeks/", include("wordgames.seeks.urls")),
    path("events/", include("wordgames.events.urls")),
    path("ratings/", include("wordgames.ratings.urls")),
    path("", include("wordgames.games.urls")),
]
