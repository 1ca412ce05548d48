"""``muggins bot connect`` (issue 61, item 2; docs/engines.md, "Bot accounts"): engines play bot
accounts on a real server, one account challenging the other game after game, as a user runs
it; an engine that breaks ends its own game (it resigns) with the reason said, and the link goes on."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest

from muggins.cli.bot_link import MESSAGES_A_SECOND, BotLink, Wanted
from tests.server.live_server import ONE_ADDRESS, Message, Server

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "muggins.db", "--bot-delay", "0", "--rate", "1000", *ONE_ADDRESS)
    running.start()
    yield running
    running.stop()


def bot_account(server: Server, name: str) -> tuple[str, Message]:
    token, _ = server.member(name)
    reply = httpx.post(
        server.url + "/api/me/bot",
        json={"password": "long enough"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert reply.status_code == 200, reply.text
    return reply.json()["token"], reply.json()["user"]


def connect(server: Server, token: str, engine: str, *flags: str) -> subprocess.Popen[str]:
    """``muggins bot connect`` with the token in the environment, as a user keeps it out of ``ps``."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "muggins",
            "bot",
            "connect",
            "--server",
            server.url,
            "--engine",
            engine,
            *flags,
        ],
        env={**os.environ, "MUGGINS_BOT_TOKEN": token},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_online(server: Server, user: Message) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if user["id"] in {u["id"] for u in httpx.get(server.url + "/api/online").json()}:
            return
        time.sleep(0.2)
    raise AssertionError(f"{user['name']} never came online")


def finished_games(server: Server, user: Message) -> list[Message]:
    return [
        r
        for r in httpx.get(f"{server.url}/api/players/{user['id']}").json()["results"]
        if r["game"] == "cribbage"
    ]


def test_two_engines_play_each_other_through_bot_accounts(server: Server) -> None:
    robo_token, robo = bot_account(server, "Robo")
    chal_token, _ = bot_account(server, "Chal")
    host = connect(server, robo_token, f"{sys.executable} -m muggins engine --bot greedy", "--games", "3")
    wait_online(server, robo)
    guest = connect(
        server,
        chal_token,
        f"{sys.executable} {EXAMPLES / 'first_legal.py'}",
        "--challenge",
        "Robo",
        "--games",
        "3",
    )
    out, err = guest.communicate(timeout=240)
    assert guest.returncode == 0, err
    assert out.strip().startswith("3 games finished") and out.strip().endswith(" 0 errors"), out + err
    out, err = host.communicate(timeout=60)
    assert host.returncode == 0 and out.strip().endswith(" 0 errors"), out + err
    assert err.count("accept Chal's challenge to cribbage") == 3
    results = finished_games(server, robo)
    assert len(results) == 3 and all(r["seats"] == 2 for r in results)
    page = httpx.get(f"{server.url}/api/players/{robo['id']}").json()
    assert page["user"]["kind"] == "bot_account" and page["record"]["games"] == 3


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("skalborg", 2, []), ("cribist", 4, ["--option", "deals=1"]), ("squares", 2, [])],
)
def test_every_game_is_played_through_the_link(
    server: Server, game: str, players: int, options: list[str]
) -> None:
    """Cribbage above; each other game once, random engines both sides (in Cribist the challenge's
    other two seats are the server's expert)."""
    robo_token, robo = bot_account(server, "Robo")
    chal_token, _ = bot_account(server, "Chal")
    engine = f"{sys.executable} -m muggins engine --bot random"
    host = connect(server, robo_token, engine, "--games", "1")
    wait_online(server, robo)
    flags = ["--challenge", "Robo", "--game", game, "--players", str(players), *options, "--games", "1"]
    guest = connect(server, chal_token, engine, *flags)
    for link in (guest, host):
        out, err = link.communicate(timeout=180)
        assert link.returncode == 0, err
        assert out.startswith("1 games finished") and out.strip().endswith(" 0 errors"), out + err
    results = httpx.get(f"{server.url}/api/players/{robo['id']}").json()["results"]
    assert [(r["game"], r["seats"]) for r in results] == [(game, players)]


def test_an_engine_that_breaks_resigns_its_game_and_the_link_goes_on(server: Server, tmp_path: Path) -> None:
    crash = tmp_path / "crash.py"  # greets, then dies on its first turn
    crash.write_text(
        "import sys\nfor line in sys.stdin:\n"
        "    if line.startswith('hello'): print('hello 1 crash', flush=True)\n"
        "    elif line.startswith('turn'): sys.exit('no move in me')\n"
    )
    robo_token, robo = bot_account(server, "Robo")
    chal_token, _ = bot_account(server, "Chal")
    host = connect(server, robo_token, f"{sys.executable} {crash}", "--games", "2")
    wait_online(server, robo)
    guest = connect(
        server,
        chal_token,
        f"{sys.executable} -m muggins engine --bot random",
        "--challenge",
        "Robo",
        "--games",
        "2",
    )
    out, err = host.communicate(timeout=240)
    assert host.returncode == 0, err
    assert (
        "2 games finished" in out
        and err.count("exited with code 1 (its last words: 'no move in me'); resigning") == 2
    )
    out, err = guest.communicate(timeout=60)
    assert guest.returncode == 0 and out.strip().endswith(" 0 errors"), out + err


def test_a_bad_token_or_address_is_refused_with_the_reason(server: Server) -> None:
    refused = connect(server, "not a token", "true", "--games", "1")
    _, err = refused.communicate(timeout=60)
    assert refused.returncode == 1 and "refused the token" in err
    env = {k: v for k, v in os.environ.items() if k != "MUGGINS_BOT_TOKEN"}
    bare = subprocess.run(
        [sys.executable, "-m", "muggins", "bot", "connect", "--engine", "true"],
        env=env,
        capture_output=True,
        check=False,
        text=True,
    )
    assert bare.returncode == 2 and "MUGGINS_BOT_TOKEN" in bare.stderr
    wrong = subprocess.run(
        [
            sys.executable,
            "-m",
            "muggins",
            "bot",
            "connect",
            "--server",
            "ftp://x",
            "--token",
            "t",
            "--engine",
            "true",
        ],
        capture_output=True,
        check=False,
        text=True,
    )
    assert wrong.returncode == 1 and "http:// or https://" in wrong.stderr


def test_the_link_keeps_under_the_servers_rate_of_messages() -> None:
    """Forty moves asked at once go out at most 15 in any second (the server refuses a 21st)."""
    sent: list[float] = []

    class Socket:
        async def send(self, text: str) -> None:
            sent.append(time.monotonic())

    async def run() -> None:
        link = BotLink("http://127.0.0.1:1", "t", Wanted("true"))
        link.ws = cast(Any, Socket())
        for _ in range(40):
            await link.send(type="ping")

    asyncio.run(run())
    assert len(sent) == 40
    assert max(sum(1 for t in sent if first <= t < first + 0.999) for first in sent) <= MESSAGES_A_SECOND
    assert sent[-1] - sent[0] >= 2.0  # forty at fifteen a second
