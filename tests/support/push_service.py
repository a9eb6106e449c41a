"""A push service on localhost, for the tests: a real HTTP server in a thread that takes what the site posts to a
device's endpoint, as a browser's push service would, and holds the keys of the devices subscribed to it, so a
test reads each message as the device would: decrypted (aes128gcm) with the device's private key."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """A browser's half of a subscription: its private key and auth secret never leave it."""

    name: str
    private_key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64(
            self.private_key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )


@dataclass
class Received:
    device: str
    headers: dict[str, str]
    body: bytes
    payload: dict[str, Any]


class PushService:
    """Answers ``status`` (201 unless a test says otherwise) to every message, and keeps what it was sent."""

    def __init__(self) -> None:
        self.devices: dict[str, Device] = {}
        self.received: list[Received] = []
        self.arrived: list[str] = []  # the devices of the messages that came in, before they are answered
        self.status = 201
        self.delay = 0.0  # seconds before each answer: a slow push service
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                name = self.path.rsplit("/", 1)[-1]
                service.arrived.append(name)
                time.sleep(service.delay)
                status = service.status
                if status < 300:
                    device = service.devices[name]
                    plain = http_ece.decrypt(
                        body, private_key=device.private_key, auth_secret=device.auth, version="aes128gcm"
                    )
                    service.received.append(
                        Received(name, {k.lower(): v for k, v in self.headers.items()}, body, json.loads(plain))
                    )
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def device(self, name: str) -> Device:
        self.devices[name] = Device(name)
        return self.devices[name]

    def endpoint(self, name: str) -> str:
        return f"{self.origin}/push/{name}"

    def payloads(self, name: str) -> list[dict[str, Any]]:
        return [r.payload for r in self.received if r.device == name]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def vapid_claims(headers: dict[str, str], public_key: ec.EllipticCurvePublicKey) -> dict[str, Any]:
    """The claims of the message's VAPID token (``Authorization: vapid t=..., k=...``), its ES256 signature
    checked with the site's public key; raises ``InvalidSignature`` if it was not signed with it."""
    scheme, _, rest = headers["authorization"].partition(" ")
    assert scheme == "vapid"
    parts = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert unb64(parts["k"]) == public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    head, claims, signature = parts["t"].split(".")
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public_key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise
    return json.loads(unb64(claims))
