from django.urls import path

from . import views

urlpatterns = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("local-mail/<int:pk>/reply/", views.local_mail_reply, name="local_mail_reply"),
]
