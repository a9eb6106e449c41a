from django.urls import path

from . import views

urlpatterns = [
    path("", views.push_settings, name="push_settings"),
    path("subscribe/", views.subscribe, name="push_subscribe"),
    path("unsubscribe/", views.unsubscribe, name="push_unsubscribe"),
]
