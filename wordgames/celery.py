import os

from celery import Celery
from celery.signals import worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wordgames.settings")

app = Celery("wordgames")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def warm_search_tables(**kwargs: object) -> None:
    """Build the Lingo search's table of words (about 0.2 s and 11 MB) in the worker's main process, before it
    starts its pool: the processes it forks share the table, and no player's first hint waits for it."""
    from wordgames.engines.lingo import best

    best.warm()
