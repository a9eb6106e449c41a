"""The site's Celery app with a schedule that beats every second (the real one's first sweep comes a minute
after beat starts): what a test of beat itself runs, ``celery -A tests.support.beat_app beat``."""

from wordgames.celery import app

app.conf.beat_schedule = {"sweep-deadlines": {"task": "wordgames.games.tasks.sweep_deadlines", "schedule": 1.0}}

__all__ = ["app"]
