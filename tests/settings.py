"""The tests run as on a laptop: DEBUG on (the site's default is off), so no SECRET_KEY is needed. Servers and
commands the tests start inherit the same environment."""

import os

os.environ.setdefault("DEBUG", "1")

from wordgames.settings import *  # noqa: E402, F403
