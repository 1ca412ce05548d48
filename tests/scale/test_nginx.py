"""``deploy/nginx.conf`` in front of two processes: one address serves the whole platform, and when a
process is killed, clients reconnect through nginx to the live one and finish their game."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from tests.scale.cluster_live import Node
from tests.scale.players import play_out
from tests.scale.test_cluster import dealt_to, finished_record
from tests.scale.test_takeover import assert_consistent
from tests.server.live_server import Client, free_port
from tests.services import need_service

SITE = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"


def site_for(upstreams: list[int], port: int) -> str:
    """The shipped site file with its upstream servers replaced by ours and listening on ``port``."""
    lines = [line for line in SITE.read_text().splitlines() if not line.strip().startswith("server 127.")]
    text = "\n".join(lines)
    servers = "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in upstreams)
    assert "    least_conn;\n" in text and "listen 80;" in text, "deploy/nginx.conf changed shape"
    return text.replace("    least_conn;\n", "    least_conn;\n" + servers).replace(
        "listen 80;", f"listen 127.0.0.1:{port};"
    )


@pytest.fixture
def nginx(cluster: Callable[..., list[Node]], tmp_path: Path) -> Iterator[tuple[str, list[Node]]]:
    """Two processes behind nginx (one foreground nginx process, its files in ``tmp_path``)."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.access(binary, os.X_OK):
        need_service("nginx is not installed (apt-get install nginx)")
    nodes = cluster(2, "--grace", "60")
    port = free_port()
    temp = {name: tmp_path / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        f"daemon off;\nmaster_process off;\npid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log warn;\n"
        "events { worker_connections 512; }\nhttp {\n    access_log off;\n"
        + "".join(f"    {name}_temp_path {path};\n" for name, path in temp.items() if name != "body")
        + f"    client_body_temp_path {temp['body']};\n"
        + site_for([n.port for n in nodes], port)
        + "\n}\n"
    )
    proc = subprocess.Popen([binary, "-p", str(tmp_path), "-c", str(conf)], stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 15
    while True:
        try:
            if httpx.get(base + "/api/tables", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else "nginx exited"
        assert time.monotonic() < deadline, (tmp_path / "error.log").read_text()
        time.sleep(0.1)
    yield base, nodes
    proc.terminate()
    proc.wait(timeout=10)


def test_a_game_through_nginx_survives_a_killed_process(nginx: tuple[str, list[Node]]) -> None:
    base, nodes = nginx
    ws_url = base.replace("http", "ws", 1) + "/ws"

    async def run() -> None:
        tokens = {}
        for name in ("ann", "bob"):
            reply = httpx.post(base + "/api/guest", json={"name": name})
            reply.raise_for_status()
            tokens[name] = reply.json()["token"]
        table_id = httpx.post(
            base + "/api/tables",
            json={"game": "cribbage", "players": 2},
            headers={"Authorization": f"Bearer {tokens['ann']}"},
        ).json()["id"]
        ann = await Client.open(ws_url, token=tokens["ann"])
        bob = await Client.open(ws_url, token=tokens["bob"])
        await ann.send(type="join", table_id=table_id)
        await bob.send(type="sit", table_id=table_id)
        for seat, client in ((0, ann), (1, bob)):
            await client.expect(dealt_to(seat))
        await play_out({0: ann, 1: bob}, table_id, random.Random(3), until=15)

        nodes[0].kill()  # whoever was connected to it, or owned the table, must carry on
        for seat, name in ((0, "ann"), (1, "bob")):
            client = ann if seat == 0 else bob
            await client.close()
            client = await Client.open(ws_url, token=tokens[name])
            await client.send(type="join", table_id=table_id)  # a seated player rejoins their seat
            await client.expect(dealt_to(seat), timeout=30)
            ann, bob = (client, bob) if seat == 0 else (ann, client)
        last = await play_out({0: ann, 1: bob}, table_id, random.Random(4))
        assert last["result"] is not None
        record = finished_record(nodes[1], table_id)
        assert len(record["moves"]) == last["state_id"]
        assert_consistent(ann, table_id, 0, record["moves"])
        assert_consistent(bob, table_id, 1, record["moves"])
        for client in (ann, bob):
            await client.close()

    asyncio.run(run())


def test_idle_sockets_from_many_addresses_never_reach_the_server(nginx: tuple[str, list[Node]]) -> None:
    """Issue 57: per-address limits cannot stop an attacker with many addresses (10,240 idle
    sockets from 80 addresses starved a bare server). Through deploy/nginx.conf, 400 idle sockets
    from 40 addresses leave a new request answered at once, and nginx closes them after its
    client_header_timeout (10 s) without passing them on; an address flooding the API is refused
    with 429 by nginx past its rate."""
    base, _ = nginx
    host, port = base.removeprefix("http://").split(":")
    idle = []
    for n in range(400):
        sock = socket.create_connection((host, int(port)), source_address=(f"127.0.2.{10 + n % 40}", 0))
        idle.append(sock)
    started = time.monotonic()
    assert httpx.get(base + "/api/tables", timeout=5).status_code == 200
    assert time.monotonic() - started < 1.0
    time.sleep(11)
    for sock in idle:  # closed by nginx: reading finds the end at once
        sock.settimeout(2)
        assert sock.recv(1) == b""
        sock.close()
    answers = asyncio.run(_burst(base, 300))
    assert answers.count(429) > 0 and answers.count(200) >= 100


async def _burst(base: str, count: int) -> list[int]:
    async with httpx.AsyncClient(timeout=10) as client:
        replies = await asyncio.gather(*(client.get(base + "/api/games") for _ in range(count)))
    return [reply.status_code for reply in replies]
