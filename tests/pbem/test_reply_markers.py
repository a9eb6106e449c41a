"""The recognisers of quote headers, attributions, separators and client lines, built from the mail programs'
own localised strings (wordgames/pbem/data/quote_markers.json), and their normaliser: examples in the
languages issue 31 found failing, and properties that hold for any text (Hypothesis)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.pbem import markers
from wordgames.pbem.reply import own_text

QUOTE = "> Lingo game 12: your turn\n> Pool: A B C D E\n>    a b c d e f g h\n>  1 . . . . . . . .\n"
DATA = Path(markers.__file__).parent / "data"


def test_the_data_names_each_source_with_its_licence_and_holds_many_languages() -> None:
    data = json.loads((DATA / "quote_markers.json").read_text(encoding="utf-8"))
    assert all(source.get("licence") for source in data["sources"].values())
    languages = {tag.split(":")[0] for row in data["attributions"] for tag in row["from"]}
    assert len(languages) >= 60  # Thunderbird's and K-9's locales, and the hand-recorded ones
    used = {
        tag.split(":", 1)[1]
        for table in (data["attributions"], data["separators"], data["client_lines"], *data["headers"].values())
        for row in table
        for tag in row["from"]
    }
    assert used <= set(data["sources"]), used - set(data["sources"])


def test_the_generated_data_is_what_the_generator_makes_of_the_hand_recorded_part() -> None:
    """quote_markers.json is built, not edited: every hand-recorded entry of extra_markers.json is in it."""
    data = json.loads((DATA / "quote_markers.json").read_text(encoding="utf-8"))
    extra = json.loads((DATA / "extra_markers.json").read_text(encoding="utf-8"))
    texts = {" ".join(row["text"].split()) for row in data["attributions"]}
    assert {" ".join(row["text"].split()) for row in extra["attributions"]} <= texts
    clients = {row["text"] for row in data["client_lines"]}
    assert {" ".join(row["text"].split()) for row in extra["client_lines"]} <= clients
    assert subprocess.run([sys.executable, "bin/quote-markers", "--help"], capture_output=True).returncode == 0


@pytest.mark.parametrize(
    "line",
    [
        "On Mon, 23 Nov 2026 at 10:00, Wordgames <play@example.com> wrote:",
        "Le lun. 23 nov. 2026 à 10:00, Wordgames <play@example.com> a écrit :",
        "Wordgames <play@example.com> 于2026年11月23日周一 10:00写道：",
        "Wordgames <play@example.com> 於 2026年11月23日 週一 上午10:00 寫道：",
        "在 2026-11-23一的 10:00 +0000，Wordgames写道：",
        "2026/11/23 10:00、Wordgames <play@example.com>のメッセージ:",
        "2026년 11월 23일 (월) 오전 10:00, Wordgames <play@example.com>님이 작성:",
        "\u202bבתאריך יום ב׳, 23 בנוב׳ 2026 ב-10:00 מאת \u202aWordgames\u202c\u200f <\u202aplay@example.com\u202c\u200f>:\u202c",
        "\u202bفي الاثنين، 23 نوفمبر 2026 في 10:00 ص، كتب Wordgames <\u202aplay@example.com\u202c\u200f>:\u202c",
        "Wordgames <play@example.com>, 23 Kas 2026 Pzt, 10:00 tarihinde şunu yazdı:",
        "ma 23.11.2026 klo 10.00 Wordgames <play@example.com> kirjoitti:",
        "Wordgames <play@example.com> ezt írta (időpont: 2026. nov. 23., H, 10:00):",
        "---- On Mon, 23 Nov 2026 10:00:00 +0000 Wordgames <play@example.com> wrote ----",
        "---- Am Mo, 23 Nov 2026 10:00:00 +0000 schrieb Wordgames <play@example.com> ----",
    ],
)
def test_attribution_lines_in_many_languages_and_layouts_are_recognised(line: str) -> None:
    assert markers.attribution(line)


@pytest.mark.parametrize(
    "line",
    [
        "13L YET",
        "Nice move: 24 points",
        "Once upon a time, Bob wrote:",
        "On Monday I wrote a letter.",
        "Good game, see you at 10:",
        "Sent from my heart",
        "Le 23, rien.",
        "差出人 is Japanese for sender",
    ],
)
def test_ordinary_lines_are_not_taken_for_marks(line: str) -> None:
    assert not markers.attribution(line) and not markers.header_kind(line) and not markers.is_separator(line)


@pytest.mark.parametrize(
    "line",
    [
        "-------- Message d’origine --------",
        "-------- Oprindelig besked --------",
        "-------- Mensaje original --------",
        "------------------ 原始邮件 ------------------",
        "Begin forwarded message:",
        "-----Ursprüngliche Nachricht-----",
        "-------- הודעה מקורית --------",
        "--- Alkuperäinen viesti ---",
    ],
)
def test_separator_lines_of_mobile_clients_are_recognised(line: str) -> None:
    assert markers.is_separator(line)


@pytest.mark.parametrize(
    "line",
    [
        "Sent from my iPhone",
        "Envoyé de mon iPhone",
        "Von meinem iPhone gesendet",
        "iPhoneから送信",
        "나의 iPhone에서 보냄",
        "发自我的iPhone",
        "נשלח מה-iPhone שלי",
        "أُرسلت من الـ iPhone",
        "iPhone'umdan gönderildi",
        "Lähetetty iPhonesta",
        "Get Outlook for Android<https://aka.ms/ghei36>",
        "Obtener Outlook para Android",
        "Отправлено из мобильной Почты Mail.ru",
        "Skickat från min iPhone",
    ],
)
def test_client_lines_in_many_languages_are_recognised(line: str) -> None:
    assert markers.is_client_line(line)


@pytest.mark.parametrize(
    "labels",
    [
        ("差出人", "送信日時", "宛先", "件名"),
        ("보낸 사람", "받는 사람", "날짜", "제목"),
        ("发件人", "发送时间", "收件人", "主题"),
        ("מאת", "נשלח", "אל", "נושא"),
        ("من", "تم الإرسال", "إلى", "الموضوع"),
        ("Kimden", "Gönderildi", "Kime", "Konu"),
        ("Lähettäjä", "Lähetetty", "Vastaanottaja", "Aihe"),
        ("Feladó", "Elküldve", "Címzett", "Tárgy"),
    ],
)
def test_a_copied_header_block_ends_the_players_text_in_each_language(labels: tuple[str, ...]) -> None:
    block = "\n".join(f"{label}： Wordgames <play@example.com>" for label in labels)
    assert own_text(f"13L YET\nGood luck\n\n{block}\n\nLingo game 12\nPool: A B C") == "13L YET\nGood luck"


def test_a_comment_line_above_a_wrapped_attribution_stays_the_players() -> None:
    text = f"13L YET\nI scored 24\nWordgames <play@example.com> wrote:\n{QUOTE}"
    assert own_text(text) == "13L YET\nI scored 24"
    text = f"13L YET\nNice one\nOn Mon, 23 Nov 2026 at 10:00, Wordgames <\nplay@example.com> wrote:\n{QUOTE}"
    assert own_text(text) == "13L YET\nNice one"


def test_a_quoted_attribution_right_under_the_comment_keeps_both_move_and_comment() -> None:
    assert own_text(f"13L YET\nNice\n> On Mon, 23 Nov 2026, Wordgames <play@example.com> wrote:\n{QUOTE}") == (
        "13L YET\nNice"
    )


def test_a_bottom_posted_chinese_reply_keeps_the_move_not_the_attribution() -> None:
    assert own_text(f"在 2026-11-23一的 10:00 +0000，Wordgames写道：\n{QUOTE}\n13L YET\n加油") == "13L YET\n加油"


# Properties ------------------------------------------------------------------------------------------------

_MARKS = st.sampled_from(["\u200f", "\u200e", "\u202a", "\u202b", "\u202c", "\u200b", "\ufeff", "：", "　", "’"])
_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=200) | st.lists(
    st.one_of(_MARKS, st.text(max_size=8), st.sampled_from(["On", "wrote:", "写道", "<a@b.c>", "2026", "\n", "> "])),
    max_size=30,
).map("".join)
_MOVES = st.from_regex(r"\A(?:[1-9][0-9]?[A-O] [A-Z]{2,7}|[A-O][1-9][0-9]? [A-Z]{2,7}|[a-y][1-9] [A-Z]|pass|resign)\Z")
_COMMENTS = st.text(
    st.characters(whitelist_categories=("L", "N", "Zs"), blacklist_characters="\u3000"), min_size=1, max_size=60
).filter(lambda s: s.strip())
_TAILS = st.sampled_from(
    [
        f"\nOn Mon, 23 Nov 2026 at 10:00, Wordgames <play@example.com> wrote:\n{QUOTE}",
        f"\nWordgames <play@example.com> 于2026年11月23日周一 10:00写道：\n{QUOTE}",
        f"\n\u202bבתאריך יום ב׳, 23 בנוב׳ 2026 ב-10:00 מאת \u202aWordgames\u202c <\u202aplay@example.com\u202c>:\u202c\n{QUOTE}",
        "\n-------- Message d’origine --------\nDe : Wordgames <play@example.com>\nDate : 23/11/2026\nÀ : ann\n",
        "\n差出人: Wordgames <play@example.com>\n送信日時: 2026年11月23日 10:00\n件名: Lingo\n\nLingo game 12",
        "\niPhoneから送信\n",
        "\n-- \nAnn\n",
        "",
    ]
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXT)
def test_the_normaliser_never_fails_and_normalising_twice_changes_nothing(text: str) -> None:
    once = markers.normalise(text)
    assert markers.normalise(once) == once
    assert not any(c in once for c in "\u200f\u200e\u202a\u202b\u202c\u200b\ufeff")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXT)
def test_the_recognisers_and_the_reader_never_fail_on_any_text(text: str) -> None:
    for line in text.split("\n"):
        markers.attribution(line), markers.header_kind(line), markers.is_separator(line)
        markers.is_client_line(line)
    assert isinstance(own_text(text), str)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_MOVES, _COMMENTS, _TAILS)
def test_the_players_first_line_survives_whatever_client_lines_follow(move: str, comment: str, tail: str) -> None:
    kept = own_text(f"{move}\n{comment}\n{tail}")
    assert kept.split("\n")[0] == move
    assert kept.split("\n")[1:] == [" ".join(comment.split())] or kept.split("\n")[1:] == [comment.strip()]


def test_an_attribution_wrapped_before_the_address_is_dropped_whole() -> None:
    text = f"13L YET\nOnnea\n\nma 23.11.2026 klo 10.00 Wordgames\n<play@example.com> kirjoitti:\n\n{QUOTE}"
    assert own_text(text) == "13L YET\nOnnea"
