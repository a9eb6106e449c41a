"""
WSGI config for wordgames project.

It exposes the WSGI callable as a module-level variable named ``application``.

For more information on this file, see
https://docs.djangoproject.com/en/5.2/howto/deployment/wsgi/
"""

import os

from django.core.wsgi import get_wsgi_application

from wordgames import sweeps

os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'wordgames.settings')

application = get_wsgi_application()

# Loaded only by a process that serves (runserver's serving process, not its autoreloader; a gunicorn worker):
# on the embedded default, with no broker and so no beat, this process runs beat's sweeps itself.
sweeps.start()
