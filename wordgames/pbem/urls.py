from django.urls import path

from . import views

urlpatterns = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("outbox/<int:pk>/reply/", views.outbox_reply, name="outbox_reply"),
]
