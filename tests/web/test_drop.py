"""A dropped connection shows on the table itself: the server is stopped for real (its sockets
close), the table greys with "reconnecting…" and takes no input, and when a server is back on the
same port and store the table says so and plays on from where it was."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.web.conftest import DESKTOP, LiveServer, Player


def test_a_drop_greys_the_table_refuses_clicks_and_says_back(browser: Browser, tmp_path: Path) -> None:
    db = tmp_path / "muggins.db"
    live = LiveServer(db, bot_delay=0.05, grace=30.0).start()
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(live.url)
        page.fill("#guest-name", "Dora")
        page.click("#guest-form button[type=submit]")
        page.wait_for_selector("#create-form")
        dora = Player(page)
        dora.create_table("cribbage", 2, options={"first_dealer": 0}, bots={1: "random"})
        expect(page.locator("#felt")).to_have_attribute("data-phase", "discard")
        expect(page.locator("#drop")).to_be_hidden()
        # the bot has laid away its cards: from here only Dora can move the game
        expect(page.locator("#event-log")).to_contain_text("lays two cards in the crib")
        before = dora.state()

        live.stop()  # a real drop: the server goes away with its sockets
        drop = page.locator("#drop")
        expect(drop).to_be_visible()
        expect(drop).to_contain_text("reconnecting")
        assert page.evaluate("document.getElementById('felt').inert"), "the table still takes input"
        expect(page.locator("#move-input")).to_be_disabled()
        page.screenshot(path=str(tmp_path / "drop.png"), full_page=True)
        card = page.locator("#my-hand button.card").first
        box = card.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.keyboard.press("1")  # neither a click nor a key picks a card while the table is down
        expect(page.locator("#my-hand button.card[aria-pressed='true']")).to_have_count(0)

        live = LiveServer(db, bot_delay=0.05, grace=30.0, port=live.port).start()
        expect(drop).to_contain_text("Back", timeout=20_000)
        page.screenshot(path=str(tmp_path / "back.png"), full_page=True)
        expect(drop).to_be_hidden()
        assert not page.evaluate("document.getElementById('felt').inert")
        assert dora.state() == before, "a move was made while the table was down"
        dora.move()  # and the game goes on from where it was
        assert dora.state() > before
    finally:
        context.close()
        live.stop()
