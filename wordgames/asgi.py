"""
ASGI config for wordgames project: every page, and the live pages' streams (Server-Sent Events), which an ASGI
server holds open by the thousand (docs/deployment.md).

It exposes the ASGI callable as a module-level variable named ``application``.
"""

import os

from django.core.asgi import get_asgi_application

from wordgames import sweeps

os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'wordgames.settings')

application = get_asgi_application()

# As in wsgi.py: on the embedded default (no broker, so no beat), the process that serves runs beat's sweeps.
sweeps.start()
