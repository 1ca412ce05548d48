"""Bot accounts on a real server (issue 61, item 2; docs/engines.md, "Bot accounts"): two engines,
each linked to a bot account by ``muggins bot connect`` as a user runs it, one challenging the
other game after game, on ``muggins serve`` with its embedded SQLite.

    .venv/bin/python bench/bot_api.py                     # 100 cribbage games, expert against greedy
    .venv/bin/python bench/bot_api.py --games 10 --guest "python examples/first_legal.py"

Prints one JSON line: the games each link finished, the moves they sent, their errors (each
link's own count and the reasons), the games the server stored for the account, and the wall and
CPU seconds (the server; the links with their engines).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.load import cpu_seconds, emit

PASSWORD = "bench password"  # noqa: S105 (the bench's throwaway accounts)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def api(url: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """A JSON request to the server (POST with a body, else GET)."""
    import json
    import urllib.request

    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, headers=headers)  # noqa: S310 (our own server)
    with urllib.request.urlopen(request, timeout=30) as reply:  # noqa: S310
        return json.loads(reply.read())


def bot_account(url: str, name: str) -> tuple[str, dict[str, Any]]:
    """A new bot account's token and user."""
    member = api(url, "/api/register", {"name": name, "password": PASSWORD})
    made = api(url, "/api/me/bot", {"password": PASSWORD}, member["token"])
    return made["token"], made["user"]


def link(url: str, token: str, engine: str, *flags: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "muggins",
            "bot",
            "connect",
            "--server",
            url,
            "--engine",
            engine,
            "--quiet",
            *flags,
        ],
        env={**os.environ, "MUGGINS_BOT_TOKEN": token},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for(test: Any, what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            if test():
                return
        time.sleep(0.2)
    raise RuntimeError(f"{what} within {seconds:g} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--host", default="muggins engine --bot expert", help="the engine challenged")
    parser.add_argument("--guest", default="muggins engine --bot greedy", help="the engine challenging")
    parser.add_argument("--timeout", type=float, default=3600)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"http://127.0.0.1:{free_port()}"
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "muggins",
                "serve",
                "--port",
                url.rsplit(":", 1)[1],
                "--log-level",
                "warning",
                "--db",
                f"sqlite:///{Path(folder) / 'bench.db'}",
            ],
        )
        try:
            wait_for(lambda: api(url, "/api/games"), "the server did not start")
            host_token, host = bot_account(url, "Host")
            guest_token, _ = bot_account(url, "Guest")
            started = time.monotonic()
            host_link = link(
                url,
                host_token,
                f"{sys.executable} -m {args.host}" if args.host.startswith("muggins ") else args.host,
                "--games",
                str(args.games),
            )
            wait_for(
                lambda: host["id"] in {u["id"] for u in api(url, "/api/online")}, "the host was not online"
            )
            guest_link = link(
                url,
                guest_token,
                f"{sys.executable} -m {args.guest}" if args.guest.startswith("muggins ") else args.guest,
                "--challenge",
                "Host",
                "--games",
                str(args.games),
            )
            guest_out, guest_err = guest_link.communicate(timeout=args.timeout)
            host_out, host_err = host_link.communicate(timeout=120)
            wall = time.monotonic() - started
            links_cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
            page = api(url, f"/api/players/{host['id']}")
            emit(
                bench="bot_api",
                games=args.games,
                host=args.host,
                guest=args.guest,
                host_link=host_out.strip(),
                guest_link=guest_out.strip(),
                host_status=host_link.returncode,
                guest_status=guest_link.returncode,
                errors=[line for line in (host_err + guest_err).splitlines() if line.strip()],
                stored_games=page["record"]["games"],
                host_won=page["record"]["won"],
                wall_s=round(wall, 1),
                server_cpu_s=round(cpu_seconds(server.pid), 1),
                links_and_engines_cpu_s=round(links_cpu.ru_utime + links_cpu.ru_stime, 1),
            )
        finally:
            server.terminate()
            server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
