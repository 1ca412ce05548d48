"""The trainers over HTTP: puzzles by seed and by day, graded answers, streaks per account, refusals."""

from __future__ import annotations

from typing import Any

import httpx

from muggins.analysis.cribbage.trainer import count_puzzle, discard_puzzle
from tests.server.live_server import Server


def test_discard_trainer_grades_against_every_split_and_keeps_the_streak(server: Server) -> None:
    token, _ = server.guest("ann")
    headers = {"Authorization": f"Bearer {token}"}
    url = f"{server.url}/api/trainer/discard"
    puzzle = httpx.get(url, params={"seed": 42}).json()
    expected = discard_puzzle(42)
    assert puzzle == {"seed": 42, "cards": [str(c) for c in expected.cards], "dealer": expected.dealer}
    splits = expected.splits()
    best, worst = splits[0], splits[-1]

    def answer(thrown: tuple[object, ...]) -> dict[str, Any]:
        body = {"seed": 42, "discard": [str(c) for c in thrown]}
        reply: dict[str, Any] = httpx.post(url, json=body, headers=headers).json()
        return reply

    right = answer(best.thrown)
    assert right["rank"] == 1 and right["loss"] == 0 and len(right["splits"]) == 15
    assert right["streak"] == {"current": 1, "best": 1}
    again = answer(best.thrown)
    assert again["streak"] == {"current": 2, "best": 2}
    wrong = answer(worst.thrown)
    assert wrong["rank"] > 1 and wrong["streak"] == {"current": 0, "best": 2}

    refused = httpx.post(url, json={"seed": 42, "discard": ["ZZ", "5H"]}, headers=headers)
    assert refused.status_code == 400 and "ZZ" in refused.text
    assert httpx.post(url, json={"seed": 42, "discard": ["5H"]}, headers=headers).status_code == 422
    assert httpx.post(url, json={"seed": 42, "discard": [str(c) for c in best.thrown]}).status_code == 401
    daily = [httpx.get(url, params={"daily": True}).json() for _ in range(2)]
    assert daily[0] == daily[1]


def test_counting_practice_shows_the_items_and_the_points_missed(server: Server) -> None:
    token, _ = server.guest("bob")
    headers = {"Authorization": f"Bearer {token}"}
    url = f"{server.url}/api/trainer/count"
    seed = next(s for s in range(100) if count_puzzle(s).score().total >= 4)
    total = count_puzzle(seed).score().total
    puzzle = httpx.get(url, params={"seed": seed}).json()
    assert set(puzzle) == {"seed", "hand", "starter", "crib"}  # the puzzle does not give the answer away
    short = httpx.post(url, json={"seed": seed, "total": total - 2}, headers=headers).json()
    assert (short["total"], short["missed"], short["streak"]["current"]) == (total, 2, 0)
    assert sum(item["points"] for item in short["items"]) == total
    right = httpx.post(url, json={"seed": seed, "total": total}, headers=headers).json()
    assert (right["missed"], right["streak"]) == (0, {"current": 1, "best": 1})
    assert httpx.post(url, json={"seed": seed, "total": 30}, headers=headers).status_code == 422


def test_the_trainers_are_listed_from_the_registry_with_their_schemas(server: Server) -> None:
    listed = httpx.get(f"{server.url}/api/trainer").json()
    assert {(d["name"], d["game"]) for d in listed} >= {("discard", "cribbage"), ("count", "cribbage")}
    paths = httpx.get(f"{server.url}/openapi.json").json()["paths"]
    post = paths["/api/trainer/discard"]["post"]
    asked = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    answered = post["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert asked.endswith("/DiscardAnswer")
    assert answered.endswith("/DiscardGradedWithStreak")
