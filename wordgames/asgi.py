"""
ASGI config for wordgames project: every page, and the live pages' streams (Server-Sent Events), which an ASGI
server holds open by the thousand (docs/deployment.md).

It exposes the ASGI callable as a module-level variable named ``application``.
"""

import os

import django

from wordgames import sweeps
from wordgames.lib.asgi import Handler

os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'wordgames.settings')

django.setup(set_prefix=False)  # as django.core.asgi.get_asgi_application does
application = Handler()

# As in wsgi.py: on the embedded default (no broker, so no beat), the process that serves runs beat's sweeps.
sweeps.start()
