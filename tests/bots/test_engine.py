"""The engine protocol (docs/engines.md) both ways: every game played by a built-in bot run as an
engine (``muggins engine``) moves exactly as the same bot in process; hostile engines (garbage, a
line too long, no answer, a crash, a move that is no move, no hello) each raise ``EngineError``
with the reason, and the host goes on."""

from __future__ import annotations

import random
import sys
import time

import pytest

from muggins.bots.base import Bot
from muggins.bots.engine import Engine, EngineBot, EngineError
from muggins.bots.registry import bot_names, make_bot
from muggins.games.registry import game_class, game_names, new_game

MUGGINS_ENGINE = [sys.executable, "-m", "muggins", "engine"]


def played(name: str, players: int, bots: list[Bot], seed: int) -> list[list[object]]:
    """The moves of a game of ``name`` played by ``bots`` (by seat)."""
    game = new_game(name, players=players, seed=seed)
    while not game.is_over:
        seat = min(game.to_move)
        game.apply(seat, bots[seat].choose(game.view(seat)))
    moves: list[list[object]] = game.record()["moves"]
    return moves


@pytest.mark.parametrize("name", game_names())
def test_a_built_in_bot_as_an_engine_moves_as_it_does_in_process(name: str) -> None:
    """The game's strongest bot, run by ``muggins engine --seed 100`` (which seeds the bot of its
    first game with 101), against random bots: the same moves as that bot in process."""
    players = max(2, game_class(name).min_players)
    strongest = bot_names(name)[-1]

    def others() -> list[Bot]:
        return [make_bot(name, "random", seat) for seat in range(1, players)]

    engine = Engine([*MUGGINS_ENGINE, "--seed", "100"])
    try:
        assert engine.name == "muggins strongest"
        over_protocol = played(name, players, [EngineBot(engine), *others()], seed=7)
    finally:
        engine.close()
    in_process = played(name, players, [make_bot(name, strongest, 101), *others()], seed=7)
    assert over_protocol == in_process


def script(body: str) -> list[str]:
    """An engine written as a Python script: it greets, then does ``body`` for each line after."""
    return [
        sys.executable,
        "-c",
        "import sys\n"
        "for line in sys.stdin:\n"
        "    if line.startswith('hello'):\n"
        "        print('hello 1 hostile', flush=True)\n"
        "    elif line.startswith('turn'):\n" + "".join(f"        {part}\n" for part in body.split("\n")),
    ]


HOSTILE = [
    ("print('blah', flush=True)", "sent 'blah', which is not 'move TEXT'"),
    ("print('move ' + 'x' * 10000, flush=True)", "longer than 4096 bytes"),
    ("import time; time.sleep(5)", "gave no move in 0.5 s"),
    (
        "sys.stderr.write('oops\\n'); sys.stderr.flush(); sys.exit(3)",
        "exited with code 3 (its last words: 'oops')",
    ),
    ("print('move play ZZ', flush=True)", "sent 'play ZZ', which is not a move"),
    ("print('error I only play chess', flush=True)", "gave up: I only play chess"),
    ("[print('info thinking', flush=True) for _ in range(200)]", "more than 100 info lines"),
]


@pytest.mark.parametrize(("body", "reason"), HOSTILE, ids=[reason for _, reason in HOSTILE])
def test_a_hostile_engine_fails_its_move_with_the_reason(body: str, reason: str) -> None:
    engine = Engine(script(body), seconds=0.5)
    try:
        game = new_game("cribbage", players=2, seed=1)
        started = time.monotonic()
        with pytest.raises(EngineError) as caught:
            EngineBot(engine).choose(game.view(0))
        assert reason in str(caught.value)
        assert time.monotonic() - started < 3  # never longer than the turn's seconds, and a little
    finally:
        engine.close()
    assert engine.proc.poll() is not None  # stopped, whatever it did


def test_an_engine_that_exited_before_a_line_reached_it_closes_quietly() -> None:
    """A line sent to an engine that has gone fails as ``EngineError``; it stays unsent in the pipe's
    buffer, and closing the engine afterwards neither raises nor sends it."""
    engine = Engine([sys.executable, "-c", "import sys; sys.stdin.readline(); print('hello 1 brief')"])
    engine.proc.wait(timeout=10)
    with pytest.raises(EngineError, match="exited with code 0"):
        engine.send("quit")
    engine.close()
    assert engine.proc.stdin is not None and engine.proc.stdin.closed


def test_an_engine_that_cannot_start_or_greet_says_so() -> None:
    with pytest.raises(EngineError, match="could not start"):
        Engine(["/nonexistent/engine"])
    with pytest.raises(EngineError, match="exited with code 0"):
        Engine([sys.executable, "-c", "pass"])
    with pytest.raises(EngineError, match="answered hello with 'hi', not 'hello 1 NAME'"):
        Engine([sys.executable, "-c", "print('hi', flush=True); import time; time.sleep(5)"])


def test_the_engine_side_refuses_a_bot_the_game_lacks() -> None:
    engine = Engine([*MUGGINS_ENGINE, "--bot", "nobody"], seconds=5)
    try:
        game = new_game("squares", players=1, seed=random.randrange(100))
        with pytest.raises(EngineError, match="gave up: no bot 'nobody' for squares"):
            EngineBot(engine).choose(game.view(0))
    finally:
        engine.close()
