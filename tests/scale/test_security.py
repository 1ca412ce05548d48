"""Security through a cluster: tokens are signed and name one user, a player acts only for the
seat the store gives them (on any process), and no SQL is built from strings in the server."""

from __future__ import annotations

import ast
import asyncio
from collections.abc import Callable
from pathlib import Path

import httpx

import muggins.server
from tests.scale.cluster_live import Node
from tests.scale.test_cluster import dealt_to
from tests.server.live_server import Client

SERVER = Path(muggins.server.__file__).parent
SQL_CALLS = {"execute", "exec_driver_sql", "text", "executemany", "executescript"}


def _built_from_strings(node: ast.expr) -> bool:
    """An f-string, a concatenation, a %-format or a .format() call."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"


def test_no_sql_is_built_from_strings_in_the_server() -> None:
    """Every statement is SQLAlchemy Core; a string handed to execute (or text) is a constant."""
    offenders = []
    for path in SERVER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
                if name in SQL_CALLS and node.args and _built_from_strings(node.args[0]):
                    offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


def test_tokens_are_signed_and_seats_are_the_stores(cluster: Callable[..., list[Node]]) -> None:
    a, b = cluster(2)

    async def run() -> None:
        ann_token, ann_user = a.guest("ann")
        bob_token, _ = b.guest("bob")
        table_id = a.create_table(ann_token, game="cribbage", players=2)["id"]
        # A token is signed: any change to it, or a made-up one, names nobody, on every process.
        forged = [
            ann_token[:-2] + ("A" if ann_token[-2] != "A" else "B") + ann_token[-1],
            "x",
            ann_token + "x",
        ]
        header = ann_token.split(".")[0]
        forged.append(
            header.replace(header[-1], "Z" if header[-1] != "Z" else "Y") + ann_token[len(header) :]
        )
        for node in (a, b):
            for token in forged:
                reply = httpx.get(node.url + "/api/me", headers={"Authorization": f"Bearer {token}"})
                assert reply.status_code == 401, token
                client = await Client.open(node.ws_url, token=token)
                assert client.received[-1]["type"] == "error"
                await client.close()
            me = httpx.get(node.url + "/api/me", headers={"Authorization": f"Bearer {ann_token}"}).json()
            assert me["id"] == ann_user["id"]

        ann = await Client.open(a.ws_url, token=ann_token)
        bob = await Client.open(b.ws_url, token=bob_token)
        spy = await Client.open(b.ws_url, name="spy")
        await ann.send(type="join", table_id=table_id)
        await bob.send(type="sit", table_id=table_id)
        await spy.send(type="join", table_id=table_id)
        ann_view = (await ann.expect(dealt_to(0)))["view"]
        await bob.expect(dealt_to(1))
        # Bob (seat 1, on the other process) sends seat 0's own discard; the spectator tries too.
        ann_move = next(m for m in ann_view["legal_moves"] if m.startswith("discard"))
        for intruder, why in ((bob, "not"), (spy, "no seat")):
            mark = len(intruder.received)
            await intruder.send(type="move", table_id=table_id, text=ann_move, state_id=0)
            refusal = await intruder.expect(lambda m: m["type"] == "error", after=mark)
            assert why in refusal["reason"] or "hold" in refusal["reason"], refusal
        await asyncio.sleep(0.5)
        info = httpx.get(f"{b.url}/api/tables/{table_id}").json()
        assert info["state_id"] == 0
        assert not [m for m in ann.received if m["type"] == "events"]
        for client in (ann, bob, spy):
            await client.close()

    asyncio.run(run())
