from django.contrib import admin
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.urls import include, path
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.views.decorators.cache import cache_page
from django.views.generic import RedirectView
from django.views.i18n import JavaScriptCatalog

from wordgames.accounts.languages import supported
from wordgames.lib.views import healthz
from wordgames.players.views import blocked

handler500 = "wordgames.lib.unavailable.server_error_or_unavailable"

# The scripts' translations (domain djangojs), loaded as a script file: the Content-Security-Policy forbids inline
# scripts. The same for everyone in a language, and they change only with a deployment, which restarts the
# processes and so empties this cache; pages ask with the language in the address (templates/games/_js_catalog.html)
# so that a browser's cached copy of one language never answers for another.
JS_CATALOG_SECONDS = 24 * 3600
_cached_catalog = cache_page(JS_CATALOG_SECONDS, key_prefix="jsi18n")(JavaScriptCatalog.as_view())


def javascript_catalog(request: HttpRequest) -> HttpResponseBase:
    """The catalogue of the language in the address (``?lang=fr``): the response depends on the address alone, so
    a browser's or a proxy's cached copy is right for whoever asks for it. Without one, the reader's language,
    which depends on their cookies and their browser's languages: the response says so (``Vary``)."""
    asked = supported(request.GET.get("lang"))
    with translation.override(asked or translation.get_language()):
        response = _cached_catalog(request)
        response["Content-Language"] = translation.get_language()
    if asked is None:
        patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("jsi18n/", javascript_catalog, name="javascript_catalog"),
    path("admin/", admin.site.urls),
    path("accounts/blocked/", blocked, name="blocked_players"),
    path("accounts/notifications/", include("wordgames.push.urls")),
    path("accounts/", include("wordgames.accounts.urls")),
    path("players/", include("wordgames.players.urls")),
    path("mail/", include("wordgames.mail.urls")),
    # The local mail's pages were at /outbox/ before it had a name of its own: bookmarks still work.
    path("outbox/", RedirectView.as_view(pattern_name="local_mail", permanent=True, query_string=True)),
    path("outbox/<int:pk>/", RedirectView.as_view(pattern_name="local_mail_message", permanent=True)),
    path("email/", include("wordgames.pbem.urls")),
    path("anymail/", include("wordgames.pbem.webhooks")),
    path("seeks/", include("wordgames.seeks.urls")),
    path("events/", include("wordgames.events.urls")),
    path("ratings/", include("wordgames.ratings.urls")),
    path("puzzles/", include("wordgames.puzzles.urls")),
    path("analysis/", include("wordgames.analysis.urls")),
    path("", include("wordgames.games.urls")),
]
