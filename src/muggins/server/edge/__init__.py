"""The edge: where the network meets the server, and every bound a hostile client meets first.

Owns each client's WebSocket (``connection``: validation, rate and size limits, acting only for
the client's own seat), the HTTP guards (``middleware``: body size, request rate, security
headers), uvicorn's protocol bounded in head size, time and connections per address
(``head_guard``), the event loop that accepts every waiting connection (``accepting``), the
garbage-collection policy of a busy process (``heap``) and the checks made before serving
(``preflight``). It uses the domains below it; nothing below imports it."""

from muggins.server.edge.connection import Connection
from muggins.server.edge.heap import keep_full_collections_short
from muggins.server.edge.middleware import BodyLimit, RequestRate, SecurityHeaders

__all__ = [
    "BodyLimit",
    "Connection",
    "RequestRate",
    "SecurityHeaders",
    "keep_full_collections_short",
]
