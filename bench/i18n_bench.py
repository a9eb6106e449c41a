"""Languages: what a page or an email costs in another language, against the same in English, in one run.

    python bench/i18n_bench.py [--rounds 30] [--languages fr,de,es,pt-br,ja]

One process, DEBUG off, a temporary SQLite database. A Lingo game with a few moves played is rendered for its
seated player through Django's test client (the whole middleware and template stack, no network): the game page,
the lobby and the help index. The emails of the last move (composed for both players, text and HTML, not sent)
are the fourth line. Each round renders every page and the emails once in each language, in a shuffled order, so
the languages share the machine's moments; the figure is the median per language and its ratio to English.
Target (issue 30): within 5 % of English.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def set_up() -> tuple[object, list[str], object]:
    os.environ.update(
        {
            "DATABASE_URL": f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3",
            "DEBUG": "false",
            "SECRET_KEY": "bench-" + "k" * 50,
            "ALLOWED_HOSTS": "testserver",
            "SECURE_SSL_REDIRECT": "false",
            "CELERY_TASK_ALWAYS_EAGER": "true",
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
            "LOG_LEVEL": "ERROR",
        }
    )
    os.environ["DJANGO_SETTINGS_MODULE"] = "wordgames.settings"
    import django

    django.setup()
    from django.conf import settings

    # No collectstatic here: plain static URLs (the manifest's lookups are the same in every language).
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from engine_bench import random_move

    from wordgames.games import actions
    from wordgames.games.models import Game

    call_command("migrate", verbosity=0)
    User = get_user_model()
    ann = User.objects.create_user("ann", "ann@example.com", "x")
    bob = User.objects.create_user("bob", "bob@example.com", "x")
    game = actions.create_game(ann, "lingo", {"preset": "pbem"}, ["bob"], seed=7, internal=True)
    actions.join_game(game.pk, bob)
    rnd = random.Random(7)
    for _ in range(6):
        game = Game.objects.get(pk=game.pk)
        mover = ann if game.state["turn"] == 0 else bob
        actions.submit_move(game.pk, mover, random_move(game.state, rnd), expected_version=game.version)
    client = Client()
    client.force_login(ann)

    from wordgames.accounts.models import Profile
    from wordgames.games import emails, notices
    from wordgames.games.models import Move

    def compose(code: str) -> float:
        """The emails of the last move for both players, in ``code`` (set in the profiles before the clock)."""
        Profile.objects.filter(user__in=[ann, bob]).update(language=code)
        started = time.perf_counter()
        current = Game.objects.get(pk=game.pk)
        last = Move.objects.filter(game=current).order_by("-seq").first()
        event = emails.Event(current.pk, current.version, (), None, last.pk if last else None, "move")
        letters = emails.move_letters(current, notices.seats_with_readers(current), event, last)
        elapsed = time.perf_counter() - started
        assert letters, "no email composed"
        return elapsed

    return client, [f"/games/{game.pk}/", "/", "/help/"], compose


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--languages", default="fr,de,es,pt-br,ja")
    args = parser.parse_args()
    client, pages, compose = set_up()
    languages = ["en-gb", *args.languages.split(",")]
    emails = "emails"
    timings: dict[tuple[str, str], list[float]] = {(page, code): [] for page in [*pages, emails] for code in languages}
    rnd = random.Random(1)
    for page in pages:  # warm every template and catalogue once
        for code in languages:
            assert client.get(page, HTTP_ACCEPT_LANGUAGE=code).status_code == 200
    for code in languages:
        compose(code)
    for _ in range(args.rounds):
        order = [(page, code) for page in [*pages, emails] for code in languages]
        rnd.shuffle(order)
        for page, code in order:
            if page == emails:
                timings[page, code].append(compose(code))
                continue
            started = time.perf_counter()
            response = client.get(page, HTTP_ACCEPT_LANGUAGE=code)
            timings[page, code].append(time.perf_counter() - started)
            assert response.status_code == 200 and f'lang="{code}"' in response.content.decode()
    print(f"{'page':<14}" + "".join(f"{code:>14}" for code in languages))
    for page in [*pages, emails]:
        english = statistics.median(timings[page, "en-gb"])
        cells = [f"{english * 1000:9.2f} ms   "]
        for code in languages[1:]:
            median = statistics.median(timings[page, code])
            cells.append(f"{median * 1000:7.2f} {median / english - 1:+5.1%}")
        print(f"{page:<14}" + "".join(f"{cell:>14}" for cell in cells))


if __name__ == "__main__":
    main()
