from django.urls import path

from . import views

urlpatterns = [
    path("", views.outbox, name="outbox"),
    path("<int:pk>/", views.outbox_message, name="outbox_message"),
]
