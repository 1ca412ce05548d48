"""Browser tests: a real server on 127.0.0.1 (temporary SQLite) and Debian's Chromium driven by
Playwright. Never downloads a browser: without /usr/bin/chromium every test here is skipped."""

from __future__ import annotations

import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, BrowserContext, Locator, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from muggins.server.app import create_app
from muggins.server.settings import Settings
from tests.services import need_service

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DESKTOP = {"width": 1280, "height": 900}
ACT_TIMEOUT_MS = 2000
"""How long a click waits for its button: a seat's buttons come and go as the server moves on."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """The muggins app under uvicorn in a background thread; ``url`` is where the browser goes."""

    def __init__(self, db: Path, *, bot_delay: float, grace: float, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # every test's players come from 127.0.0.1: no quotas per address
        settings = Settings(
            db_url=f"sqlite:///{db}",
            bot_delay=bot_delay,
            grace=grace,
            guests_per_minute=10_000,
            sockets_per_minute=100_000,
            address_rate=100_000,
            api_rate=100_000,
        )
        app = create_app(settings)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError(f"the test server did not start on port {self.port}")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def free_guest_names(self) -> None:
        """Let the next test's guests have any name again (one server serves every test, and a
        name is one player's): the guests so far keep their names but no longer hold them."""
        with sqlite3.connect(self.db) as db:
            db.execute("UPDATE users SET name_key = NULL, typed_key = NULL WHERE kind = 'guest'")


@pytest.fixture(autouse=True)
def _chromium() -> None:
    """Every browser test needs Debian's Chromium: skipped without it, failed in CI."""
    if not CHROMIUM.exists():
        need_service(f"{CHROMIUM} is missing: install Debian's chromium package to run the browser tests")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("web") / "muggins.db", bot_delay=0.05, grace=30.0).start()
    yield live
    live.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server of the test's own, for a test whose tables no other test may see."""
    live = LiveServer(tmp_path / "muggins.db", bot_delay=0.05, grace=30.0).start()
    yield live
    live.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class _ViewChangedError(Exception):
    """The view changed while a move was being chosen for it: the move is not made."""


class Player:
    """One person in their own browser: creates or joins tables and makes moves through the page."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.acted_in = -1
        """The state_id of the view this player's last move was made in."""

    # --- reading the page ----------------------------------------------------------------------

    def state(self) -> int:
        text = self.page.get_attribute("#felt", "data-state-id") or ""
        return int(text) if text else -1

    def phase(self) -> str:
        return self.page.get_attribute("#felt", "data-phase") or ""

    def over(self) -> bool:
        return self.page.locator("#result:not([hidden])").count() > 0

    def hand(self) -> list[str]:
        return [
            c or ""
            for c in self.page.locator("#my-hand button.card").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
        ]

    def table_id(self) -> str:
        return self.page.url.rsplit("/", 1)[-1]

    # --- lobby -----------------------------------------------------------------------------------

    def create_table(
        self,
        game: str,
        players: int,
        *,
        options: dict[str, object] | None = None,
        bots: dict[int, str] | None = None,
        turn_time: int | None = None,
        intermission: int | None = None,
        hints: bool = True,
    ) -> str:
        """Fill the lobby's form and create the table; returns its id once the table page shows it."""
        page = self.page
        page.select_option("#new-game", game)
        page.select_option("#new-players", str(players))
        page.locator("#more-options").evaluate("details => { details.open = true; }")  # every option
        for name, value in (options or {}).items():
            field = page.locator(f"#opt-{name}")
            kind = field.evaluate("e => e.tagName + ':' + (e.type || '')")
            if kind == "INPUT:checkbox":
                field.set_checked(bool(value))
            elif kind.startswith("SELECT"):
                field.select_option(str(value))
            else:
                field.fill(str(value))
        for seat, level in (bots or {}).items():
            page.select_option(f"#new-seat-{seat}", level)
        if turn_time is not None:
            page.select_option("#new-turn-time", str(turn_time))
        if intermission is not None:
            page.fill("#new-intermission", str(intermission))
        page.locator("#new-hints").set_checked(hints)
        page.click("#create-submit")
        page.wait_for_url("**/#/table/*")
        return self.table_id()

    def sign_in(self, name: str, password: str, *, register: bool = False) -> None:
        """Log in (or register) through the account page, reached from the header as a guest or
        from the name form when signed out."""
        page = self.page
        page.locator("text=log in / register").or_(page.locator("text=log in or register")).first.click()
        page.fill("#account-name", name)
        page.fill("#account-password", password)
        page.click("#register-btn" if register else "#login-btn")

    def sit_from_lobby(self, table_id: str) -> None:
        self.page.click(f"tr[data-table='{table_id}'] button.sit")
        self.page.wait_for_selector(".seat.me")

    # --- playing -----------------------------------------------------------------------------------

    def wait_moved(self, before: int, timeout: float = 4.0) -> bool:
        """Wait until the view's state_id is no longer ``before``; False if it never changed (a
        refused move times out quietly)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.state() != before or self.over():
                return True
            self.page.wait_for_timeout(30)
        return False

    def step(
        self, keyboard: bool = False, *, ready: bool = True, claim: bool = True, before: str = ""
    ) -> bool:
        """Make one move if this seat is asked for one: ready (unless not ``ready``), discard, go, the
        least bid or a pass, a legal card, check, call or a claim of 0 (unless not ``claim``: a test
        making its own claim); with ``keyboard`` only keys are pressed. Nothing is done once the page
        shows ``before`` (a selector), looked for in the same view as the move, so a test stops at a
        phase that may open at any moment. Returns whether a move was made: False also when the page
        changed under the click (the server moved on first) or the game did not move on after it (a
        refused move, or a click the page redrew away)."""
        if self.over():
            return False
        self.acted_in = -1
        try:
            acted = self._act(keyboard, ready, claim, before)
        except (PlaywrightTimeoutError, _ViewChangedError):
            return False
        return acted and self.wait_moved(self.acted_in)

    def move(self, keyboard: bool = False, *, limit: float = 15.0) -> None:
        """Make this seat's next move, waiting until the page asks for one: a single :meth:`step`
        may look before the deal or the bots' moves have reached the page, and then does nothing."""
        tick = self.time_limit(limit)
        while not self.step(keyboard):
            tick()
            self.page.wait_for_timeout(40)

    def _act(self, keyboard: bool, ready: bool, claim: bool, before: str) -> bool:
        page = self.page
        seen = self.acted_in = self.state()
        if before and page.locator(before).count():
            return False

        # the state is read again at the last moment: the view may change while the buttons are
        # looked at, and what was chosen for one view must not be done in the next (a card picked
        # in the betting is a card picked for the count that followed it)
        def unchanged() -> None:
            if self.state() != seen:
                raise _ViewChangedError

        def press(key: str) -> None:
            unchanged()
            page.keyboard.press(key)

        def click(target: str | Locator) -> None:
            unchanged()
            (page.locator(target) if isinstance(target, str) else target).click(timeout=ACT_TIMEOUT_MS)

        legal = page.locator("#my-hand button.card.legal")
        if page.locator("#ready-btn").count():
            if not ready:
                return False
            press("r") if keyboard else click("#ready-btn")
        elif page.locator("#discard-btn").count():
            cards = page.locator("#my-hand button.card")
            for index in range(cards.count()):
                if page.locator("#discard-btn:not([disabled])").count():
                    break
                press(str(index + 1)) if keyboard else click(cards.nth(index))
            press("d") if keyboard else click("#discard-btn")
        elif page.locator("#go-btn").count():
            press("g") if keyboard else click("#go-btn")
        elif page.locator("#pass-btn").count():  # Auction: raise by one when able, else pass
            able = page.locator("#bid-least").count()
            if keyboard:
                press("b" if able else "p")
            else:
                click("#bid-least" if able else "#pass-btn")
        elif page.locator("#joker-btn").count():  # a wild joker picked: lay it as the picker's call
            press("j") if keyboard else click("#joker-btn")
        elif legal.count() and keyboard:
            press(legal.first.get_attribute("data-index", timeout=ACT_TIMEOUT_MS) or "1")
        elif legal.count():
            click(legal.first)
        elif page.locator("#check-btn").count():
            click("#check-btn")
        elif page.locator("#call-btn").count():
            click("#call-btn")
        elif claim and page.locator("#claim-btn").count():
            page.fill("#claim-amount", "0", timeout=ACT_TIMEOUT_MS)
            click("#claim-btn")
        else:
            return False
        return True

    def time_limit(self, limit: float = 120.0) -> Callable[[], None]:
        """A check to call on each turn of a test's loop: it fails once ``limit`` seconds are up."""
        deadline = time.monotonic() + limit

        def check() -> None:
            assert time.monotonic() < deadline, f"still going after {limit}s (phase {self.phase()!r})"

        return check

    def play_to_end(self, *others: Player, limit: float = 90.0, keyboard: bool = False) -> None:
        """Make this seat's moves (and the other players') until the game is over."""
        deadline = time.monotonic() + limit
        everyone = [self, *others]
        while not all(p.over() for p in everyone):
            assert time.monotonic() < deadline, f"the game did not end in {limit}s (phase {self.phase()})"
            moved = False
            for p in everyone:
                moved = p.step(keyboard=keyboard and p is self) or moved
            if not moved:
                self.page.wait_for_timeout(40)

    def screenshot(self, name: str) -> Path:
        """Save the page to docs/screenshots/<name>.png, without the transient notices."""
        self.page.evaluate("document.getElementById('toasts').replaceChildren()")
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


def _refused_by_csp(text: str) -> bool:
    """A console message saying the page's Content Security Policy refused something it did."""
    return "Content Security Policy" in text


def open_guest(context: BrowserContext, url: str, name: str, errors: list[str]) -> Player:
    """A page of ``context`` at ``url``, signed in as the guest ``name``, in the lobby; its
    JavaScript errors and CSP refusals are added to ``errors``."""
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.on("pageerror", lambda exc: errors.append(f"{name}: {exc}"))
    page.on("console", lambda m: errors.append(f"{name}: {m.text}") if _refused_by_csp(m.text) else None)
    page.goto(url)
    page.fill("#guest-name", name)
    page.click("#guest-form button[type=submit]")
    page.wait_for_selector("#create-form")
    return Player(page)


@pytest.fixture
def player(browser: Browser, server: LiveServer) -> Iterator[Callable[..., Player]]:
    """Open a fresh browser (own storage) as a guest named ``name``; the Player starts in the lobby."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_as(name: str, viewport: dict[str, int] | None = None) -> Player:
        context = browser.new_context(viewport=viewport or DESKTOP)  # type: ignore[arg-type]
        contexts.append(context)
        return open_guest(context, server.url, name, errors)

    yield open_as
    for context in contexts:
        context.close()
    server.free_guest_names()
    assert not errors, f"JavaScript errors or CSP refusals in the page: {errors}"


@pytest.fixture(scope="session", autouse=True)
def screenshots_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
