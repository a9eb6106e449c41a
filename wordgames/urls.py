from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("wordgames.accounts.urls")),
    path("outbox/", include("wordgames.mail.urls")),
    path("", include("wordgames.games.urls")),
]
