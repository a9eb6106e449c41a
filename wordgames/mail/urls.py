from django.urls import path

from . import views

urlpatterns = [
    path("", views.local_mail, name="local_mail"),
    path("<int:pk>/", views.local_mail_message, name="local_mail_message"),
]
