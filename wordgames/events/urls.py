from django.urls import path

from . import views

urlpatterns = [
    path("", views.event_list, name="events"),
    path("new/", views.new_event, name="new_event"),
    path("<int:pk>/", views.event_page, name="event"),
    path("<int:pk>/join/", views.join, name="join_event"),
    path("<int:pk>/withdraw/", views.leave, name="withdraw_event"),
    path("<int:pk>/start/", views.start, name="start_event"),
    path("<int:pk>/challenge/", views.challenge, name="challenge_in_event"),
]
