from django.urls import path

from . import views

urlpatterns = [
    path("", views.leaderboards, name="leaderboards"),
    path("<slug:kind>/", views.leaderboard, name="leaderboard"),
]
