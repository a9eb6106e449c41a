from django.urls import path

from . import views

urlpatterns = [
    path("", views.seek_list, name="seeks"),
    path("new/", views.new_seek, name="new_seek"),
    path("play/", views.play_now, name="play_now"),
    path("email/", views.seek_mail, name="seek_mail"),
    path("email/stop/<str:token>/", views.seek_mail_stop, name="seek_mail_stop"),
    path("<int:pk>/", views.seek_page, name="seek"),
    path("<int:pk>/take/", views.take, name="take_seat"),
    path("<int:pk>/leave/", views.leave, name="leave_seat"),
    path("<int:pk>/withdraw/", views.withdraw, name="withdraw_seek"),
]
