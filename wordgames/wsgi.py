"""
WSGI config for wordgames project.

It exposes the WSGI callable as a module-level variable named ``application``.

For more information on this file, see
https://docs.djangoproject.com/en/5.2/howto/deployment/wsgi/
"""

import gc
import os

from django.core.wsgi import get_wsgi_application

from wordgames import engines, sweeps

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wordgames.settings")

application = get_wsgi_application()

# The word tables moves use (the dictionary, the Lingo search's table, which judges a burn) are built now, at
# import: with gunicorn's --preload (the Procfile) that is once, in the master, and its forked workers share the
# pages instead of each building its own copy at its first Lingo move. gc.freeze(): the collector leaves the
# objects loaded so far alone, so it does not write to (and so copy) the shared pages.
engines.preload()
gc.freeze()

# Loaded only by a process that serves (runserver's serving process, not its autoreloader; a gunicorn worker):
# on the embedded default, with no broker and so no beat, this process runs beat's sweeps itself.
sweeps.start()
