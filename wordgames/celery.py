import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wordgames.settings")

app = Celery("wordgames")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
