from django.urls import path

from . import views

urlpatterns = [
    path("practice/<int:game_id>/", views.practice_review, name="practice_review"),
]
