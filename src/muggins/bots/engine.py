"""Engines: programs that play over the engine protocol (docs/engines.md), line by line on their
standard input and output. ``Engine`` runs one for the host and ``EngineBot`` makes it a bot;
``serve`` is the engine's side, which ``muggins engine`` runs for the built-in bots."""

from __future__ import annotations

import collections
import contextlib
import json
import queue
import shlex
import subprocess
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any, Final

from muggins.bots.base import Bot, View
from muggins.bots.protocol import HELLO_SECONDS, LONGEST_LINE, MOST_INFO, PROTOCOL, TURN_SECONDS, EngineError
from muggins.games.errors import MoveSyntaxError
from muggins.games.moves import Move, parse_move
from muggins.games.registry import game_class

__all__ = ["Engine", "EngineBot", "EngineError", "serve"]

STDERR_KEPT: Final = 20
"""The last lines of an engine's standard error kept, for the reason it stopped."""


class Engine:
    """One running engine program: started from ``command`` (split as a shell would, not run by
    one), greeted, told of each game and asked for moves with a time limit."""

    def __init__(self, command: str | Sequence[str], *, seconds: float = TURN_SECONDS) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.seconds = seconds
        try:
            self.proc = subprocess.Popen(  # noqa: S603 (the program the user named, without a shell)
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        except OSError as exc:
            raise EngineError(f"engine {self.argv[0]!r} could not start: {exc.strerror or exc}") from None
        self.lines: queue.Queue[str | EngineError] = queue.Queue()
        self.stderr: collections.deque[str] = collections.deque(maxlen=STDERR_KEPT)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True).start()
        self._stderr_reader = threading.Thread(
            target=self._read_stderr, args=(self.proc.stderr,), daemon=True
        )
        self._stderr_reader.start()
        self.send(f"hello {PROTOCOL}")
        words = self._next(HELLO_SECONDS, "its hello").split(maxsplit=2)
        if words[:2] != ["hello", str(PROTOCOL)]:
            raise self._broken(f"answered hello with {' '.join(words)[:80]!r}, not 'hello {PROTOCOL} NAME'")
        self.name = words[2] if len(words) > 2 else self.argv[0]

    def _read(self, stream: IO[bytes]) -> None:
        """Put each of the engine's lines in ``lines`` (a line too long, or the end, as an error)."""
        while True:
            raw = stream.readline(LONGEST_LINE + 2)
            if not raw:
                self.lines.put(EngineError("stopped"))
                return
            if len(raw) > LONGEST_LINE + 1 or (len(raw) == LONGEST_LINE + 1 and not raw.endswith(b"\n")):
                self.lines.put(EngineError(f"sent a line longer than {LONGEST_LINE} bytes"))
                return
            try:
                self.lines.put(raw.decode().rstrip("\r\n"))
            except UnicodeDecodeError:
                self.lines.put(EngineError("sent a line that is not UTF-8"))
                return

    def _read_stderr(self, stream: IO[bytes]) -> None:
        for raw in iter(lambda: stream.readline(LONGEST_LINE), b""):
            self.stderr.append(raw.decode(errors="replace").rstrip())

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(line.encode() + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._broken("stopped") from None

    def _next(self, seconds: float, waited: str) -> str:
        """The engine's next line, within ``seconds``; ``EngineError`` if it breaks or is late."""
        try:
            found = self.lines.get(timeout=seconds)
        except queue.Empty:
            raise EngineError(f"gave no {waited} in {seconds:g} s") from None
        if isinstance(found, EngineError):
            raise self._broken(str(found))
        return found

    def _broken(self, what: str) -> EngineError:
        """The error of an engine that ``what``; an engine that exited says how, and its last words."""
        if what == "stopped":
            try:
                code = self.proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
            what = "stopped" if code is None else f"exited with code {code}"
            if code is not None:  # its stderr is closed: wait for the reader to take the last line
                self._stderr_reader.join(timeout=1)
            if self.stderr:
                what += f" (its last words: {self.stderr[-1][:200]!r})"
        return EngineError(what)

    def new_game(self, game: str, players: int, seat: int, options: Mapping[str, Any]) -> None:
        self.send("game " + json.dumps({"game": game, "players": players, "seat": seat, "options": options}))

    def ask(self, view: View) -> str:
        """The engine's move for ``view`` (its text, not yet read as a move)."""
        self.send("turn " + json.dumps({"seconds": self.seconds, "view": view}))
        for _ in range(MOST_INFO + 1):
            line = self._next(self.seconds, "move")
            verb, _, text = line.partition(" ")
            if verb == "move" and text.strip():
                return text.strip()
            if verb == "error":
                raise EngineError(f"gave up: {text[:200]}")
            if verb != "info":
                raise EngineError(f"sent {line[:80]!r}, which is not 'move TEXT'")
        raise EngineError(f"sent more than {MOST_INFO} info lines for one move")

    def close(self) -> None:
        """Say quit, and stop the program if it does not go within a second."""
        if self.proc.poll() is None:
            try:
                self.send("quit")
                assert self.proc.stdin is not None
                self.proc.stdin.close()  # and the end of its input, for one that does not read quit
                self.proc.wait(timeout=1)
            except (EngineError, OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):  # a line that never reached it is flushed here, and fails
                    stream.close()


class EngineBot:
    """A bot whose moves an engine chooses: a ``game`` line when a view shows a new game (another
    game, seat, or an earlier state), then a ``turn`` for each move."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.playing: tuple[str, int, int, int] | None = None
        """The game, seats and seat told last, and the latest state asked in."""

    def choose(self, view: View) -> Move:
        game, players, seat, state = view["game"], view["players"], view["you"], view["state_id"]
        if self.playing is None or self.playing[:3] != (game, players, seat) or state < self.playing[3]:
            game_class(game)  # its moves are read from here on (a host that never loaded the game)
            self.engine.new_game(game, players, seat, view["options"])
        self.playing = (game, players, seat, state)
        text = self.engine.ask(view)
        try:
            return parse_move(text)
        except MoveSyntaxError as exc:
            raise EngineError(f"sent {text[:80]!r}, which is not a move: {exc}") from None


def serve(make: Callable[[str, int], Bot], name: str, stdin: IO[str], stdout: IO[str]) -> int:
    """The engine's side of the protocol: answer ``hello``, make a bot for each game with ``make``
    (the game's name and a game number), and answer each ``turn`` with its move, until ``quit``
    or the end of the input. Returns the exit status."""
    bot: Bot | None = None
    games = 0

    def say(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    for line in stdin:
        verb, _, rest = line.strip().partition(" ")
        if verb == "hello":
            say(f"hello {PROTOCOL} {name}")
        elif verb == "game":
            games += 1
            try:
                bot = make(json.loads(rest)["game"], games)
            except (ValueError, KeyError) as exc:
                bot = None
                say(f"error {exc}")
        elif verb == "turn":
            say("error no game to play" if bot is None else f"move {bot.choose(json.loads(rest)['view'])}")
        elif verb == "quit":
            return 0
    return 0
