"""An engine's refusal worded in the reader's language.

The engines refuse with a code and values (``wordgames.engines.core.refusals``) and word it in English for
themselves; this is the one place the site words the same refusal in the active language. Prose is translated
(the template, reasons and names of kinds of cells among the values, the "or" of a list); what the player wrote
and the game's notation (words, cells, letters, names) are not.
"""

from __future__ import annotations

import logging

from django.utils.translation import gettext, ngettext

from wordgames.engines.core.errors import EngineRefusal
from wordgames.engines.core.refusals import render

log = logging.getLogger(__name__)


def word(refusal: EngineRefusal) -> str:
    """``refusal`` as a sentence in the active language (English where a catalogue has no translation).

    A translation that does not fit its values (a placeholder misspelt) must not turn a refused move into a
    server error: the reader gets the English sentence, and the log says which template to mend."""
    try:
        return render(refusal.code, refusal.values, gettext, ngettext)
    except (KeyError, ValueError, TypeError):
        log.exception("the translation of refusal %s does not fit its values", refusal.code.name)
        return str(refusal)
