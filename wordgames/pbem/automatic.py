"""Mail that no one should answer (RFC 3834 and common practice), and a sender whose domain fails DMARC.

Answering a bounce, an out-of-office note or a mailing list is how mail loops and backscatter start, so
every sign counts: any one of them is enough."""

from __future__ import annotations

import re
from collections.abc import Callable

Header = Callable[[str], str]  # a header's value by name, "" when missing

_PRECEDENCE = ("bulk", "junk", "list", "auto_reply", "auto-reply")
_MARK_HEADERS = (
    "List-Id",
    "X-Autorespond",
    "X-Autoreply",
    "X-Autoresponse",
    "X-Auto-Response-Suppress",
    "X-Failed-Recipients",
    "X-Loop",
    "Feedback-Type",
)
_SUBJECT = re.compile(
    r"^\s*(?:\[[^\]]{0,40}\]\s*)?(?:Automatic reply|Auto(?:matic)?[ -]?(?:reply|response)|Auto:|Out of (?:the )?Office|"
    r"Abwesenheitsnotiz|Automatische Antwort|Réponse automatique|Absence|Respuesta automática|Fuera de la oficina|"
    r"Risposta automatica|Fuori sede|Automatisch antwoord|Afwezig|Automatisk svar|Autosvar|Frånvaro|Fraværende|"
    r"Automatyczna odpowiedź|Poza biurem|Автоматический ответ|Resposta automática|Ausente|"
    r"Undeliver(?:able|ed)|Delivery Status Notification|Mail delivery failed|Returned mail|"
    r"Delivery (?:failure|has failed)|Unzustellbar|Non remis|Non recapitabile|Onbestelbaar)",
    re.IGNORECASE,
)
_SENDERS = re.compile(
    r"^(?:mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?|auto-?reply)(?:[+-].*)?$", re.IGNORECASE
)


def automatic_reason(header: Header, sender: str, content_type: str) -> str:
    """Why this message is automatic ("" if it looks written by a person)."""
    return_path = header("Return-Path").strip()
    if return_path.replace(" ", "") in ("<>", "<<>>"):
        return "a bounce (empty Return-Path)"
    if content_type.lower() == "multipart/report":
        return "a delivery or read report (multipart/report)"
    auto = header("Auto-Submitted").strip().lower()
    if auto and auto.split(";")[0].strip() != "no":
        return f"automatic mail (Auto-Submitted: {auto[:40]})"
    precedence = header("Precedence").strip().lower()
    if precedence in _PRECEDENCE:
        return f"automatic mail (Precedence: {precedence})"
    for name in _MARK_HEADERS:
        if header(name):
            return f"automatic mail ({name})"
    if _SUBJECT.match(header("Subject")):
        return "an automatic reply (by its subject)"
    if not sender:
        return "no sender address"
    if _SENDERS.match(sender.partition("@")[0]):
        return "an automatic sender"
    return ""


_RESULT = re.compile(r"\bdmarc\s*=\s*(\w+)", re.IGNORECASE)
_FROM_DOMAIN = re.compile(r"\bheader\.from\s*=\s*\"?([^\s;\"()]+)", re.IGNORECASE)


def dmarc_failed(results: list[str], sender: str) -> bool:
    """Whether an Authentication-Results header says the sender's domain failed DMARC. Several hops may add
    one each; any failure for the From domain counts (a forger can add a "pass", not remove a "fail")."""
    domain = sender.rpartition("@")[2].lower()
    for value in results:
        for part in value.split(";"):
            result = _RESULT.search(part)
            if not result or result.group(1).lower() != "fail":
                continue
            named = _FROM_DOMAIN.search(part)
            if named is None or named.group(1).lower().rstrip(".") == domain:
                return True
    return False
