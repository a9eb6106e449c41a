from django.urls import path

from . import views

urlpatterns = [
    path("<str:username>/", views.profile, name="player"),
    path("<str:username>/relation/", views.relation, name="player_relation"),
]
