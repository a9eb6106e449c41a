from django.contrib import admin
from django.urls import include, path
from django.views.decorators.cache import cache_page
from django.views.i18n import JavaScriptCatalog

from wordgames.lib.views import healthz
from wordgames.players.views import blocked

handler500 = "wordgames.lib.unavailable.server_error_or_unavailable"

# The scripts' translations (domain djangojs), loaded as a script file: the Content-Security-Policy forbids inline
# scripts. The same for everyone in a language, and they change only with a deployment, which restarts the
# processes and so empties this cache; pages ask with the language in the address (templates/games/_js_catalog.html)
# so that a browser's cached copy of one language never answers for another.
JS_CATALOG_SECONDS = 24 * 3600
javascript_catalog = cache_page(JS_CATALOG_SECONDS, key_prefix="jsi18n")(JavaScriptCatalog.as_view())

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("jsi18n/", javascript_catalog, name="javascript_catalog"),
    path("admin/", admin.site.urls),
    path("accounts/blocked/", blocked, name="blocked_players"),
    path("accounts/notifications/", include("wordgames.push.urls")),
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
