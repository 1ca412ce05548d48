"""A push service of the test's own on 127.0.0.1, as a browser's would be: it takes each message
posted to a subscription's endpoint, and a browser's keys to read it with (the test's ``Browser``)."""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """A browser's side of a subscription: its key pair and auth secret, to read what it is sent."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self) -> dict[str, Any]:
        """As ``PushSubscription.toJSON()`` gives it."""
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64(point), "auth": b64(self.auth)},
        }

    def read(self, body: bytes) -> dict[str, Any]:
        """A message's payload, decrypted as the browser would (RFC 8291, aes128gcm)."""
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        found: dict[str, Any] = json.loads(plain)
        return found


@dataclass
class Posted:
    path: str
    headers: dict[str, str]
    body: bytes


def vapid_claims(authorization: str, server_key: str) -> dict[str, Any]:
    """The claims of a VAPID ``Authorization`` header (``vapid t=JWT,k=key``), once its JWT is found
    signed (ES256) by ``server_key`` and ``k`` is that key; AssertionError otherwise."""
    scheme, _, rest = authorization.partition(" ")
    assert scheme == "vapid", authorization
    parts = dict(part.split("=", 1) for part in rest.split(","))
    assert parts["k"] == server_key
    header, claims, signature = parts["t"].split(".")
    raw = unb64(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(server_key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise AssertionError("the VAPID token is not signed by the server's key") from None
    found: dict[str, Any] = json.loads(unb64(claims))
    return found


@contextmanager
def push_service(gone: frozenset[str] = frozenset()) -> Iterator[tuple[str, list[Posted]]]:
    """A push service on a free port: its origin and the messages posted to it; a path in ``gone``
    answers 410 (the subscription expired), every other 201."""
    posted: list[Posted] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            posted.append(Posted(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            self.send_response(410 if self.path in gone else 201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:  # quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", posted
    finally:
        server.shutdown()
        server.server_close()
