import os

from celery import Celery
from celery.signals import worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wordgames.settings")

app = Celery("wordgames")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def warm_search_tables(**kwargs: object) -> None:
    """Build the word tables (the Lingo search's, the computer players' prefix set) in the worker's main process,
    before it starts its pool: the processes it forks share them, and no player's first hint or computer's
    first move waits for them. ``gc.freeze()``: the collector leaves these objects alone, so it does not write
    to (and so copy) the pages the processes share."""
    import gc

    from wordgames import engines

    engines.preload(players=True)
    gc.freeze()
