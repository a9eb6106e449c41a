"""
ASGI config for wordgames project: every page, and the live pages' streams (Server-Sent Events), which an ASGI
server holds open by the thousand (docs/deployment.md).

It exposes the ASGI callable as a module-level variable named ``application``.
"""

import gc
import os

import django

from wordgames import engines, sweeps
from wordgames.lib.asgi import Handler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wordgames.settings")

django.setup(set_prefix=False)  # as django.core.asgi.get_asgi_application does
application = Handler()

# As in wsgi.py: the word tables are built at import, once in gunicorn's master with --preload (the Procfile),
# and shared by its forked workers; gc.freeze() keeps the collector from writing to (so copying) those pages.
engines.preload()
gc.freeze()

# As in wsgi.py: on the embedded default (no broker, so no beat), the process that serves runs beat's sweeps.
sweeps.start()
