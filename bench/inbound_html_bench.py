"""Reading a big reply: a 5 MB HTML-only message (and hostile shapes of the same size) from raw bytes to the
player's own words, the work every inbound path does before the game is touched. Median of a few runs each.

    python bench/inbound_html_bench.py [--runs 5]

No database or Django settings needed: the reader is pure. The promise (issue 14): under a second each.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from email.message import EmailMessage
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SIZE = 5_000_000


def html_message(html: str) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "ann@example.com", "play+1-x@localhost", "Re: game"
    message.set_content(html, subtype="html", cte="quoted-printable")
    return message.as_bytes()


def shapes() -> dict[str, bytes]:
    thread = "<div><span>quoted <b>text</b> &amp; more</span></div>"
    photo = '<img src="data:image/jpeg;base64,' + "A" * SIZE + '">'
    return {
        "long quoted thread": html_message(
            f"<div>13L YET</div><blockquote>{thread * (SIZE // len(thread))}</blockquote>"
        ),
        "inline photo": html_message(f"<div>13L YET</div>{photo}"),
        "nothing but <div>": html_message("<div>" * (SIZE // 5)),
        "a run of <": html_message("13L YET " + "<" * SIZE),
        "unclosed attribute": html_message('<a x="' * (SIZE // 6)),
        "entities": html_message("&amp;" * (SIZE // 5)),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    import django
    from django.conf import settings

    settings.configure()  # anymail's message class needs settings to exist, nothing more
    django.setup()
    from wordgames.pbem import reading
    from wordgames.pbem.reply import own_text

    for name, raw in shapes().items():
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            own_text(reading.body(reading.parse(raw)))
            times.append(time.perf_counter() - start)
        print(f"{name:22} {len(raw) / 1e6:5.1f} MB  median {statistics.median(times):.3f} s  max {max(times):.3f} s")


if __name__ == "__main__":
    main()
