"""Settings for Wordgames.

Every value comes from the environment, with defaults that make a fresh checkout run on a laptop:
SQLite, tasks run in-process, email kept in the local mail. See docs/deployment.md for production.
"""

import os
from email.utils import parseaddr
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str) -> bool:
    value = os.getenv(name, default).strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off", ""):
        return False
    raise ValueError(f"{name} should be true or false, not {value!r}")


def envint(name: str, default: str) -> int:
    value = os.getenv(name, default)
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{name} should be a whole number, not {value!r}") from None


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.getenv(name, default).split(",") if item.strip()]


# Off unless asked for: a forgotten setting must leave a site closed, not open. bin/serve and the tests turn it on.
DEBUG = envbool("DEBUG", "false")
SECRET_KEY = os.getenv("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ValueError("SECRET_KEY must be set when DEBUG is off (bin/serve sets DEBUG=1 for a laptop)")
    SECRET_KEY = "dev-only-insecure-key-change-me"
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
SITE_ROOT = os.getenv("SITE_ROOT", "http://localhost:8000")
SITE_NAME = os.getenv("SITE_NAME", "Wordgames")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "anymail",
    "axes",
    "wordgames.accounts",
    "wordgames.games",
    "wordgames.mail",
    "wordgames.pbem",
    "wordgames.ratings",
    "wordgames.seeks",
    "wordgames.players",
    "wordgames.events",
    "wordgames.push",
    "wordgames.analysis",
    "wordgames.puzzles",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed for browsers that ask (a long game's page shrinks several times). Django's GZip adds
    # random bytes to each response, its mitigation of BREACH; CSRF tokens are masked per response too. Live
    # pages' event streams are left as they are (an event must not wait in a compressor).
    "wordgames.lib.http.GZipMiddleware",
    # Around everything that may ask the database: if it does not answer, a 503 saying nothing was saved.
    "wordgames.lib.unavailable.DatabaseUnavailableMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the visitor's choice (a cookie) or the browser's; a player's profile choice wins (below).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # The logged-in player's time zone and language (their profile), after authentication.
    "wordgames.accounts.middleware.TimezoneMiddleware",
    # Last, so it sees the lockout that the login view's authentication raised.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "wordgames.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "wordgames.lib.context.site",
            ],
        },
    },
]

WSGI_APPLICATION = "wordgames.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.getenv("DATABASE_URL", f"sqlite:///{BASE_DIR / 'wordgames.sqlite3'}"),
        conn_max_age=envint("DB_CONN_MAX_AGE", "0"),
        conn_health_checks=True,  # a persistent connection cut by a restart is replaced, not used and failed
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several requests, the in-process tasks and the embedded sweeps may write at once on a laptop: wait rather
    # than fail. A transaction takes the write lock when it begins (IMMEDIATE): one that read first and asked
    # for it later, while another writer waited on its read, would fail at once ("database is locked"), not wait.
    DATABASES["default"].setdefault("OPTIONS", {}).update(timeout=20, transaction_mode="IMMEDIATE")
    DATABASES["default"]["TEST"] = {"NAME": os.getenv("SQLITE_TEST_NAME", "")} if os.getenv("SQLITE_TEST_NAME") else {}

# Behind PgBouncer in transaction pooling (docs/scaling.md), each transaction may run on another server
# connection: nothing may outlive a transaction on it. So no server-side cursors (Django requires this, as
# ``iterator()`` would otherwise use them) and no prepared statements (psycopg prepares a query it has run five
# times, on the server connection it happened to have).
DATABASE_POOLING = envbool("DATABASE_POOLING", "false")
if DATABASE_POOLING and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = None

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = ["wordgames.accounts.backends.ProfileModelBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

LANGUAGE_CODE = "en-gb"
# The languages the site speaks. Adding one is a matter of its catalogue: locale/<code>/LC_MESSAGES/django.po
# (and djangojs.po for the pages' scripts), then its line here. Catalogues are shipped compiled (.mo), so a
# fresh machine needs no gettext tools (docs/architecture.md, "Languages").
LANGUAGES = [
    ("en-gb", "English"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("pt-br", "Português (Brasil)"),
    ("ja", "日本語"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.getenv("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "static-collected"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Email: the local mail (a database table with a page at /mail/) unless a real backend is configured,
# e.g. EMAIL_BACKEND=anymail.backends.mailgun.EmailBackend with ANYMAIL_MAILGUN_API_KEY=...
EMAIL_BACKEND = os.getenv("EMAIL_BACKEND", "wordgames.mail.backends.LocalMailBackend")
DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL", "Wordgames <games@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Players reply to REPLY_ADDRESS with "+<token>" added to the local part: route that mailbox (and its
# plus-addresses) to the anymail inbound webhook, to `manage.py receive_email`, or poll it over IMAP.
REPLY_ADDRESS = os.getenv("REPLY_ADDRESS", "Wordgames <play@localhost>")
# Refuse a reply whose From is not the player's address (forwarded or spoofed mail); "false" to allow.
INBOUND_REQUIRE_FROM = envbool("INBOUND_REQUIRE_FROM", "true")
INBOUND_IMAP = {
    "host": os.getenv("IMAP_HOST", ""),
    "port": envint("IMAP_PORT", "993"),
    "user": os.getenv("IMAP_USER", ""),
    "password": os.getenv("IMAP_PASSWORD", ""),
    "folder": os.getenv("IMAP_FOLDER", "INBOX"),
    # Port 993 is TLS; any other port must offer STARTTLS, the certificate is verified either way.
    # "true" allows a cleartext login where the server offers no TLS (a mail server on the same host).
    "allow_cleartext": envbool("IMAP_ALLOW_CLEARTEXT", "false"),
}
# The inbound webhook mounted at /anymail/<provider>/inbound/: only the configured provider's (e.g. "mailgun",
# "postmark", "sendgrid", "amazon_ses"); empty for none (the pipe or IMAP). Its secret (e.g.
# ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY, or ANYMAIL_WEBHOOK_SECRET) is required in production (check --deploy).
INBOUND_PROVIDER = os.getenv("INBOUND_PROVIDER", "").strip().lower()
# Refuse a move whose sender's domain fails DMARC by the receiving server's Authentication-Results.
INBOUND_REFUSE_DMARC_FAIL = envbool("INBOUND_REFUSE_DMARC_FAIL", "true")
# At most this many refusals answered to one address an hour (the rest are recorded, not answered).
INBOUND_REFUSALS_PER_HOUR = envint("INBOUND_REFUSALS_PER_HOUR", "3")
# The webhook takes what providers deliver (25 MB; attachments are ignored). Only the webhook gets this limit.
INBOUND_MAX_BYTES = envint("INBOUND_MAX_BYTES", str(30 * 1024 * 1024))
# The LMTP receiver (``manage.py lmtp``, the Procfile's inbound process): where it listens, how many messages
# at once.
INBOUND_LMTP_HOST = os.getenv("INBOUND_LMTP_HOST", "127.0.0.1")
INBOUND_LMTP_PORT = envint("INBOUND_LMTP_PORT", "8025")
INBOUND_LMTP_SOCKET = os.getenv("INBOUND_LMTP_SOCKET", "")
INBOUND_LMTP_THREADS = envint("INBOUND_LMTP_THREADS", "4")
INBOUND_LMTP_PROCESSES = envint("INBOUND_LMTP_PROCESSES", "1")
DATA_UPLOAD_MAX_MEMORY_SIZE = INBOUND_MAX_BYTES if INBOUND_PROVIDER else 2_621_440
# Days away a player may take a year; their clocks stop meanwhile.
VACATION_DAYS_PER_YEAR = envint("VACATION_DAYS_PER_YEAR", "30")
# A seat whose time runs out this many times in a row is resigned, so a game nobody plays comes to an end.
TIMEOUTS_IN_A_ROW = envint("TIMEOUTS_IN_A_ROW", "3")
# Computer players move this many seconds after it became their turn (a person sees the board before the
# answer); a computer whose turn has waited this long again is woken by the minute's sweep (its task was lost).
# A practice game's hint is searched in a worker for at most this many seconds (the answer says if it stopped).
HINT_BUDGET = float(os.getenv("HINT_BUDGET_SECONDS", "5"))
# The analysis after a game: the strong player thinks at most this long over each move, and over a whole game.
ANALYSIS_BUDGET = float(os.getenv("ANALYSIS_BUDGET_SECONDS", "1"))
ANALYSIS_GAME_BUDGET = float(os.getenv("ANALYSIS_GAME_BUDGET_SECONDS", "90"))
# Without a broker (tasks run in the process that ends the game) the analysis is left to
# ``manage.py analyse_games`` unless this is on: it would hold that request a minute or more.
ANALYSIS_IN_PROCESS = envbool("ANALYSIS_IN_PROCESS", "false")
# A move makes a puzzle when the best move scored at least this many points more than it (and twice as much).
PUZZLE_MIN_MISSED = envint("PUZZLE_MIN_MISSED", "20")
COMPUTER_MOVE_DELAY = envint("COMPUTER_MOVE_DELAY_SECONDS", "2")
COMPUTER_WAKE_AFTER = envint("COMPUTER_WAKE_AFTER_SECONDS", "120")
# Games with a computer player one player may have waiting or under way at once (each costs the workers'
# search time at every turn); one more is refused until one of them ends.
COMPUTER_GAMES_PER_PLAYER = envint("COMPUTER_GAMES_PER_PLAYER", "10")
# Seeks (open challenges) close unanswered after this many hours; a player may have this many open at once.
SEEK_EXPIRY_HOURS = envint("SEEK_EXPIRY_HOURS", "168")
SEEKS_OPEN_PER_PLAYER = envint("SEEKS_OPEN_PER_PLAYER", "10")
# Events (tournaments) are created by moderators (the "add event" permission); on when players may create them.
EVENTS_BY_PLAYERS = os.getenv("EVENTS_BY_PLAYERS", "") in ("1", "true", "yes")
# A player's rating in a game kind is provisional (shown with a "?", not on the leaderboard) for this many rated
# games of that kind (and while it is still very uncertain).
RATING_PROVISIONAL_GAMES = envint("RATING_PROVISIONAL_GAMES", "10")
# The lobby shows the games of the players one follows created or started in this many days (not private ones).
FOLLOWED_GAMES_DAYS = envint("FOLLOWED_GAMES_DAYS", "7")
ANYMAIL = {key[len("ANYMAIL_") :]: value for key, value in os.environ.items() if key.startswith("ANYMAIL_")}
# The local mail's pages show every email, password resets included: only with the local mail backend, and only
# on a laptop (DEBUG) or where the operator said so explicitly (a private demo). OUTBOX_VISIBLE, its old name,
# is still read.
LOCAL_MAIL_BACKENDS = ("wordgames.mail.backends.LocalMailBackend", "wordgames.mail.backends.OutboxBackend")
LOCAL_MAIL_VISIBLE = EMAIL_BACKEND in LOCAL_MAIL_BACKENDS and (
    DEBUG or envbool("LOCAL_MAIL_VISIBLE", os.getenv("OUTBOX_VISIBLE", "false"))
)

# Live pages (wordgames/lib/live.py): open pages hold a Server-Sent Events stream, served by an ASGI server, and
# hear of a change as it happens. The news travels by PostgreSQL's LISTEN/NOTIFY, or by Redis pub/sub when
# LIVE_BROKER_URL names a Redis server; on SQLite without it, within one process. LIVE_STREAM: "auto" offers the
# stream to pages served over ASGI (under WSGI, e.g. runserver or gunicorn alone, pages poll as before); "on"
# offers it to every page (pages served by gunicorn, streams by an ASGI process behind the same proxy); "off" polls.
LIVE_BROKER_URL = os.getenv("LIVE_BROKER_URL", "")
LIVE_STREAM = os.getenv("LIVE_STREAM", "auto")
if LIVE_STREAM not in ("auto", "on", "off"):
    raise ValueError(f"LIVE_STREAM should be auto, on or off, not {LIVE_STREAM!r}")
LIVE_HEARTBEAT = envint("LIVE_HEARTBEAT", "30")  # seconds: a keep-alive comment, and the reader marked watching
LIVE_RETRY_MS = envint("LIVE_RETRY_MS", "5000")  # how long a browser waits before reconnecting a lost stream

# Celery: without a broker, tasks run in-process (eagerly) so the first run needs no Redis.
CELERY_BROKER_URL = os.getenv("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = envbool("CELERY_TASK_ALWAYS_EAGER", "false" if CELERY_BROKER_URL else "true")
CELERY_TASK_EAGER_PROPAGATES = envbool("CELERY_TASK_EAGER_PROPAGATES", "false")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_BACKEND = os.getenv("CELERY_RESULT_BACKEND", "") or None
# With acks_late, a task whose worker died is delivered again once this many seconds have passed (Redis).
# Five minutes: longer than any task runs (retries wait at most four), short enough that a killed worker's
# tasks run again within minutes.
# An email claimed by a sender that died unsent is taken over after this many seconds (less than the visibility
# timeout, so the task delivered again finds it free).
# Side effects a write owes that its own hand-over to the broker did not deliver are handed over by the
# minute's sweep once they are this many seconds old.
OWED_RELAY_AFTER = envint("OWED_RELAY_AFTER_SECONDS", "30")
EMAIL_CLAIM_LEASE = envint("EMAIL_CLAIM_LEASE_SECONDS", "120")
# Notices (changes to tell the players of) a sender takes at a time: their games, moves and seats loaded in a
# few queries, their emails claimed in one statement and sent over one connection.
NOTICE_BATCH = envint("NOTICE_BATCH", "100")
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": envint("CELERY_VISIBILITY_TIMEOUT", "300")}
# One beat across machines: beat schedules only while it holds a lock in Redis (wordgames/beat.py), so a beat
# on a second machine waits idle and takes over when the first stops, or BEAT_LOCK_TTL seconds after it dies.
CELERY_BEAT_SCHEDULER = "wordgames.beat:LockedScheduler"
BEAT_LOCK_TTL = envint("BEAT_LOCK_TTL", "60")
# Two queues: "clock" for the minute's sweeps (deadlines, owed tasks, the IMAP poll), so a backlog of emails
# never makes a deadline late; everything else (emails, commentary) on the default "celery" queue.
CELERY_TASK_ROUTES = {
    name: {"queue": "clock"}
    for name in (
        "wordgames.games.tasks.sweep_deadlines",
        "wordgames.games.tasks.relay_owed",
        "wordgames.games.tasks.wake_computers",
        "wordgames.pbem.tasks.poll_imap",
    )
}
# Computer players think for up to a few seconds a move: their own queue, so emails never wait behind them.
CELERY_TASK_ROUTES["wordgames.games.tasks.play_computers"] = {"queue": "computer"}
CELERY_TASK_ROUTES["wordgames.games.tasks.find_hint"] = {"queue": "computer"}
# The analysis after a game (up to two minutes a game): a queue of its own, with a worker of its own.
CELERY_TASK_ROUTES["wordgames.analysis.tasks.analyse_game"] = {"queue": "analysis"}
CELERY_TASK_ROUTES["wordgames.analysis.tasks.review_practice"] = {"queue": "analysis"}
# Deadlines and digests live in the database; beat only wakes the sweeps. Running one twice does no harm.
CELERY_BEAT_SCHEDULE: dict = {
    "sweep-deadlines": {"task": "wordgames.games.tasks.sweep_deadlines", "schedule": 60.0},
    "send-digests": {"task": "wordgames.games.tasks.send_digests", "schedule": 300.0},
    "relay-owed": {"task": "wordgames.games.tasks.relay_owed", "schedule": 60.0},
    "wake-computers": {"task": "wordgames.games.tasks.wake_computers", "schedule": 60.0},
    "expire-seeks": {"task": "wordgames.seeks.tasks.expire_seeks", "schedule": 300.0},
    "send-new-seeks": {"task": "wordgames.seeks.tasks.send_new_seeks", "schedule": 300.0},
    "start-events": {"task": "wordgames.events.tasks.start_due_events", "schedule": 60.0},
    "prune-history": {"task": "wordgames.retention.prune_history", "schedule": 300.0},
    "pick-puzzles": {"task": "wordgames.puzzles.tasks.pick_puzzles", "schedule": 600.0},
}
CELERY_IMPORTS = ("wordgames.retention",)  # the task above lives outside any app's tasks module
# Rows that only grow are kept this many days, then deleted by the sweep above, at most RETENTION_BATCH rows of
# each kind a run (docs/deployment.md, "What is kept"). Sent emails' records are kept at least 2 days: the day's
# record is what stops a second digest that day.
RETAIN_EMAILS_SENT_DAYS = max(2, envint("RETAIN_EMAILS_SENT_DAYS", "30"))
RETAIN_EMAILS_RECEIVED_DAYS = max(1, envint("RETAIN_EMAILS_RECEIVED_DAYS", "90"))
RETAIN_FAILED_NOTICES_DAYS = max(1, envint("RETAIN_FAILED_NOTICES_DAYS", "30"))
RETAIN_LOCAL_MAIL_DAYS = max(
    1, envint("RETAIN_LOCAL_MAIL_DAYS", os.getenv("RETAIN_OUTBOX_DAYS", "30"))
)  # old name read too
RETENTION_BATCH = max(1, envint("RETENTION_BATCH", "2000"))
if INBOUND_IMAP["host"]:
    CELERY_BEAT_SCHEDULE["poll-imap"] = {"task": "wordgames.pbem.tasks.poll_imap", "schedule": 60.0}
# Without a broker no beat can run: the server process itself wakes every entry above this often, in seconds
# (wordgames/sweeps.py). On by default on a laptop (DEBUG), off in production unless asked for; 0 turns it off.
EMBEDDED_SWEEPS = envint("EMBEDDED_SWEEP_SECONDS", "60" if DEBUG else "0")

# Word lists: the default is ENABLE, shipped in wordgames/engines/core/data.
LEXICON_CACHE_DIR = os.getenv("LEXICON_CACHE_DIR", "")

if not DEBUG:
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", "true")
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", "31536000")
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    # Preloading is hard to undo (browsers ship the list): only when the operator asks.
    SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", "false")
    if not SECURE_HSTS_PRELOAD:
        SILENCED_SYSTEM_CHECKS = ["security.W021"]  # not preloading is the operator's choice, not an oversight
    SECURE_CONTENT_TYPE_NOSNIFF = True

# Scripts and styles from this site only, no inline script: an injected <script> or onclick does not run.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],  # style="" attributes in templates; styles cannot run code
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# Web push. VAPID_PRIVATE_KEY signs every push (make one with `manage.py vapid_key`); without it pushes are off,
# except on a laptop (DEBUG), where a development key is made on first use and kept in VAPID_KEY_FILE.
VAPID_PRIVATE_KEY = os.getenv("VAPID_PRIVATE_KEY", "")
VAPID_KEY_FILE = os.getenv("VAPID_KEY_FILE", str(BASE_DIR / "vapid-dev.key"))
VAPID_SUBJECT = os.getenv("VAPID_SUBJECT", "mailto:" + (parseaddr(DEFAULT_FROM_EMAIL)[1] or "games@localhost"))
PUSH_TTL = envint(
    "PUSH_TTL_SECONDS", str(2 * 24 * 3600)
)  # a push service keeps a message this long for a device that is off
PUSH_TIMEOUT = envint("PUSH_TIMEOUT_SECONDS", "10")
PUSH_DEVICES_PER_PLAYER = envint("PUSH_DEVICES_PER_PLAYER", "10")

# Logins: a lockout after AXES_FAILURE_LIMIT wrong passwords for one username from one address, for
# AXES_COOLOFF_MINUTES; the page says how long. A right password during the lockout is refused too.
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", "5")
AXES_COOLOFF_TIME = envint("AXES_COOLOFF_MINUTES", "15") / 60  # hours, as axes counts
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_CALLABLE = "wordgames.accounts.views.locked_out"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
# Behind PROXY_COUNT proxies that each append to X-Forwarded-For, the client's address is the entry the
# outermost of them appended (the PROXY_COUNT-th from the right); one function decides it, for the lockout
# and for every limit per address.
PROXY_COUNT = envint("PROXY_COUNT", "0")
AXES_CLIENT_IP_CALLABLE = "wordgames.accounts.throttle.client_address"

# Sign-ups, password resets and invitations: at most so many per hour from one address (or by one player).
THROTTLE = {
    "signup": (envint("THROTTLE_SIGNUPS_PER_HOUR", "5"), 3600),
    "password_reset": (envint("THROTTLE_RESETS_PER_HOUR", "5"), 3600),
    "email_change": (envint("THROTTLE_EMAIL_CHANGES_PER_HOUR", "5"), 3600),
    "invitation": (envint("THROTTLE_INVITATIONS_PER_HOUR", "30"), 3600),
    "game": (envint("THROTTLE_GAMES_PER_HOUR", "20"), 3600),
    "chat": (envint("THROTTLE_CHAT_PER_HOUR", "60"), 3600),
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "WARNING")},
}

# Extra word lists: every NAME.txt (or NAME.txt.gz, one word a line) in this folder is dictionary NAME.
DICTIONARY_DIR = os.getenv("DICTIONARY_DIR", str(BASE_DIR / "dictionaries"))
