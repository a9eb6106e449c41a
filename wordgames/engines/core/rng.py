"""Where every random draw of a game comes from: its secret.

A game started since November 2026 has a secret of 128 bits or more (a hex string from the site's
``secrets``), and each kind of draw (the bag, a board, a jaywalk's shuffle) reads its own stream of
HMAC-SHA256(secret, label || counter) blocks. Without the secret nothing a player sees (their own tiles, the
board, every draw so far) narrows what comes next; with it (revealed in the record once the game is over) a
replay draws exactly the same. Games started earlier have a whole-number seed and keep Python's Mersenne
Twister, seeded as they always were, so they replay unchanged.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from typing import Any

Seed = int | str  # a whole number (games before November 2026) or a hex secret


class KeyedRandom(random.Random):
    """``random.Random``'s methods (shuffle, choices, randrange ...) drawing from a keyed stream: the same
    secret and label give the same draws on every machine; without the secret they cannot be predicted."""

    def __init__(self, secret: str, label: str) -> None:
        self._key = bytes.fromhex(secret)
        self._label = label.encode()
        self._counter = 0
        self._buffer = b""
        super().__init__()

    def seed(self, *args: Any, **kwargs: Any) -> None:  # the key is the seed; Random.__init__ calls this
        return None

    def _bytes(self, count: int) -> bytes:
        while len(self._buffer) < count:
            block = self._label + b":" + self._counter.to_bytes(8, "big")
            self._buffer += hmac.new(self._key, block, hashlib.sha256).digest()
            self._counter += 1
        taken, self._buffer = self._buffer[:count], self._buffer[count:]
        return taken

    def getrandbits(self, k: int) -> int:
        if k <= 0:
            return 0
        size = (k + 7) // 8
        return int.from_bytes(self._bytes(size), "big") >> (size * 8 - k)

    def random(self) -> float:
        return self.getrandbits(53) / (1 << 53)

    def getstate(self) -> Any:
        raise NotImplementedError("a keyed stream has no state to save: start it again from its secret")

    def setstate(self, state: Any) -> None:
        raise NotImplementedError("a keyed stream has no state to restore: start it again from its secret")


def is_secret(seed: object) -> bool:
    """A hex secret of at least 128 bits (32 hex digits)."""
    if not isinstance(seed, str) or len(seed) < 32 or len(seed) % 2:
        return False
    try:
        bytes.fromhex(seed)
    except ValueError:
        return False
    return True


def draws(seed: Seed, label: str, legacy: Any) -> random.Random:
    """The generator for one kind of draw: keyed by the game's secret and ``label``, or, for a game with a
    whole-number seed, ``random.Random(legacy)`` exactly as that draw was always seeded."""
    if isinstance(seed, str):
        return KeyedRandom(seed, label)
    return random.Random(legacy)
