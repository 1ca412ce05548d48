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


Link = subprocess.Popen[str]


def connect(server: Server, token: str, engine: str, *flags: str) -> Link:
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


def match_up(
    server: Server, host: str, guest: str, *flags: str, host_flags: tuple[str, ...] = ()
) -> tuple[Message, Link, Link]:
    """Two bot accounts, Robo linked to the engine ``host`` and Chal to ``guest``, Chal challenging
    Robo (``flags``: the games and the challenge's choices; ``host_flags``: Robo's own); Robo's user
    and both links."""
    robo_token, robo = server.bot_account("Robo")
    chal_token, _ = server.bot_account("Chal")
    games = flags[flags.index("--games") : flags.index("--games") + 2]
    host_link = connect(server, robo_token, host, *games, *host_flags)
    wait_online(server, robo)
    return robo, host_link, connect(server, chal_token, guest, "--challenge", "Robo", *flags)


def finished(link: Link, timeout: float = 240) -> tuple[str, str]:
    """The link's output and its reasons, once it has exited well."""
    out, err = link.communicate(timeout=timeout)
    assert link.returncode == 0, err
    return out.strip(), err


def test_two_engines_play_each_other_through_bot_accounts(server: Server) -> None:
    host, guest = (
        f"{sys.executable} -m muggins engine --bot greedy",
        f"{sys.executable} {EXAMPLES / 'first_legal.py'}",
    )
    robo, host_link, guest_link = match_up(server, host, guest, "--games", "3")
    out, err = finished(guest_link)
    assert out.startswith("3 games finished") and out.endswith(" 0 errors"), out + err
    out, err = finished(host_link, 60)
    assert out.endswith(" 0 errors") and err.count("accept Chal's challenge to cribbage") == 3, out + err
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
    engine = f"{sys.executable} -m muggins engine --bot random"
    flags = ["--game", game, "--players", str(players), *options, "--games", "1"]
    robo, host_link, guest_link = match_up(server, engine, engine, *flags)
    for link in (guest_link, host_link):
        out, err = finished(link, 180)
        assert out.startswith("1 games finished") and out.endswith(" 0 errors"), out + err
    results = httpx.get(f"{server.url}/api/players/{robo['id']}").json()["results"]
    assert [(r["game"], r["seats"]) for r in results] == [(game, players)]


BROKEN = {
    "crash": ("sys.exit('no move in me')", "exited with code 1 (its last words: 'no move in me'); resigning"),
    "illegal": ("print('move go', flush=True)", "the engine's move was refused ("),
    "garbage": ("print('\\x00 nonsense', flush=True)", "which is not 'move TEXT'; resigning"),
    "silent": ("pass", "gave no move in 1 s; resigning"),
}
"""Engines that greet, then on their first turn do something wrong; and what the link says."""


@pytest.mark.parametrize("fault", sorted(BROKEN))
def test_an_engine_that_breaks_resigns_its_game_and_the_link_goes_on(
    server: Server, tmp_path: Path, fault: str
) -> None:
    """Each game the broken engine is asked to play ends at once (it resigns) with the reason on
    standard error; the link goes on to the next game with a fresh engine, and the other side,
    whose engine is sound, sees no error."""
    turn, reason = BROKEN[fault]
    broken = tmp_path / "broken.py"
    broken.write_text(
        "import sys\nfor line in sys.stdin:\n"
        "    if line.startswith('hello'): print('hello 1 broken', flush=True)\n"
        f"    elif line.startswith('turn'): {turn}\n"
    )
    random_engine = f"{sys.executable} -m muggins engine --bot random"
    host = f"{sys.executable} {broken}"
    seconds = ("--engine-seconds", "1")
    _, host_link, guest_link = match_up(server, host, random_engine, "--games", "2", host_flags=seconds)
    out, err = finished(host_link)
    assert "2 games finished" in out and err.count(reason) == 2, err
    out, err = finished(guest_link, 60)
    assert out.endswith(" 0 errors"), out + err


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


def test_a_declined_challenge_stops_the_challenger_with_the_reason(server: Server) -> None:
    engine = f"{sys.executable} -m muggins engine --bot random"
    _, host_link, guest_link = match_up(
        server, engine, engine, "--games", "1", host_flags=("--accept", "none")
    )
    try:
        _, err = guest_link.communicate(timeout=60)
        assert guest_link.returncode == 1 and "Robo declined the challenge" in err, err
    finally:
        host_link.kill()
        _, host_err = host_link.communicate(timeout=30)
    assert "decline Chal's challenge to cribbage" in host_err
