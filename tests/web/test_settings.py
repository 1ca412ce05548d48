"""Settings (issue 17): kept in the browser across a reload (and on a member's account, from browser
to browser), and each one does what it says at a table: card size, four-colour suits, hand
sorting, the show's speed, saying ready for me."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

CHOSEN = {"cardSize": "large", "fourColour": "on", "sortHand": "suit", "showSpeed": "skip", "autoReady": "on"}
SUITS, RANKS = "CDHS", ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_settings_persist_and_apply_at_the_table(player: Callable[..., Any]) -> None:
    hana = player("Hana")
    page = hana.page
    page.click("#settings-link")
    for name, value in CHOSEN.items():
        page.select_option(f"#set-{name}", value)
    expect(page.locator("#settings-saved")).to_have_text("Saved in this browser.")
    page.reload()
    for name, value in CHOSEN.items():
        expect(page.locator(f"#set-{name}")).to_have_value(value)
    root = page.locator("html")
    expect(root).to_have_attribute("data-cards", "large")
    expect(root).to_have_attribute("data-suits", "four")
    hana.screenshot("settings")

    page.click("text=Back to the lobby")
    hana.create_table("cribbage", 2, options={"first_dealer": 0, "post_show": True}, bots={1: "random"})
    cards = page.locator("#my-hand button.card")
    expect(cards).to_have_count(6)
    # large cards (the layout width: a card moving in is scaled for a moment, and redrawn when others move)
    width = page.evaluate("() => document.querySelector('#my-hand button.card').offsetWidth")
    assert width == 80, width
    # diamonds are blue, clubs green; the hand is sorted by suit, then rank
    fills = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#my-hand .card-svg')].map(
              (svg) => [svg.closest('[data-card]').dataset.card, getComputedStyle(svg).fill]))"""
    )
    for card, fill in fills.items():
        expected = {"D": "rgb(31, 95, 168)", "C": "rgb(30, 123, 52)"}.get(card[-1])
        assert expected is None or fill == expected, (card, fill)
    hand = hana.hand()
    assert hand == sorted(hand, key=lambda c: (SUITS.index(c[-1]), RANKS.index(c[:-1]))), hand

    # the pause after the show passes by itself, and the counts are shown at once, finished
    tick = hana.time_limit(60)
    while "Hand 2" not in page.locator("#event-log").inner_text():
        tick()
        if page.locator("#show-panel:not([hidden])").count():
            expect(page.locator("#show-skip")).to_be_hidden()
        if not hana.step(ready=False):
            page.wait_for_timeout(40)


def test_cards_move_in_as_they_come_unless_animations_are_off(player: Callable[..., Any]) -> None:
    vera = player("Vera")
    vera.create_table("cribbage", 2, options={"first_dealer": 0}, bots={1: "random"}, turn_time=30)
    page = vera.page
    # Each card that comes onto the pile is seen as it comes: the next drawing (a clock, the next
    # card) draws it again where it lies, so looking afterwards would race it.
    page.evaluate(
        """() => { window.arrivals = [];
                   new MutationObserver(() => {
                     for (const el of document.querySelectorAll('#pile [data-card].arrive'))
                       window.arrivals.push([el.dataset.card, getComputedStyle(el).animationName]);
                   }).observe(document.body, { childList: true, subtree: true }); }"""
    )
    vera.move()  # her discard; the bot (pone) leads a card into the play
    page.wait_for_function("() => window.arrivals.length > 0")
    card, moving = page.evaluate("() => window.arrivals[0]")
    assert moving == "arrive", (card, moving)
    # with animations off in the settings, a card arriving on the felt is drawn where it lies
    page.click("#settings-link")
    page.select_option("#set-motion", "reduced")
    page.go_back()
    expect(page.locator("#felt")).to_have_attribute("data-phase", "play")
    arriving = page.evaluate(
        """() => { const card = document.createElement('span');
                   card.className = 'card arrive';
                   document.getElementById('felt-body').append(card);
                   const moving = getComputedStyle(card).animationName;
                   card.remove();
                   return moving; }"""
    )
    assert arriving == "none", arriving


def test_a_members_settings_follow_them_to_another_browser(player: Callable[..., Any]) -> None:
    """Kept per account: registered in one browser, chosen there, found on logging in elsewhere."""
    quill = player("Quill")
    first = quill.page
    quill.sign_in("Quill", "a long password", register=True)
    expect(first.locator("#who")).to_contain_text("log out")
    first.goto(first.url.split("#")[0] + "#/settings")
    expect(first.locator("#settings-where")).to_contain_text("Kept on your account")
    first.select_option("#set-cardSize", "small")
    first.select_option("#set-showSpeed", "fast")
    expect(first.locator("#settings-saved")).to_have_text("Saved on your account.")

    elsewhere = player("Someone else")  # a fresh browser: its own storage, default settings
    second = elsewhere.page
    expect(second.locator("html")).to_have_attribute("data-cards", "normal")
    elsewhere.sign_in("quill", "a long password")
    expect(second.locator("html")).to_have_attribute("data-cards", "small")
    second.click("#settings-link")
    expect(second.locator("#set-cardSize")).to_have_value("small")
    expect(second.locator("#set-showSpeed")).to_have_value("fast")


def test_a_second_guest_of_the_same_name_is_told_their_number(player: Callable[..., Any]) -> None:
    player("Twin")
    second = player("Twin").page
    expect(second.locator("#toasts")).to_contain_text("Another player is named Twin: you play as Twin 2.")
    expect(second.locator("#me")).to_have_text("Twin 2")


WATCH_GHOSTS = """() => {
  window.ghosts = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const ghost of change.addedNodes) {
      if (!ghost.classList || !ghost.classList.contains('ghost')) continue;
      const box = ghost.getBoundingClientRect();
      const frames = ghost.getAnimations()[0].effect.getKeyframes();
      const [dx, dy] = frames.at(-1).transform.match(/-?[\\d.]+px/g).map(parseFloat);
      const crib = document.querySelector('[data-gather~="my-hand"]').getBoundingClientRect();
      const x = box.left + box.width / 2 + dx, y = box.top + box.height / 2 + dy;
      window.ghosts.push({ from: ghost.dataset.from, intoCrib: x >= crib.left && x <= crib.right
        && y >= crib.top && y <= crib.bottom });
    }
  }).observe(document.getElementById('felt'), { childList: true });
}"""


def test_discards_go_into_the_crib_and_the_pile_is_gathered(player: Callable[..., Any]) -> None:
    """Card movement (issue 17): the two cards laid away fly into the dealer's crib; at the end of
    the play the pile's cards gather up; with animations off nothing flies."""
    wren = player("Wren")
    page = wren.page
    wren.create_table("cribbage", 2, options={"first_dealer": 0}, bots={1: "random"}, turn_time=30)
    page.evaluate(WATCH_GHOSTS)
    wren.move()  # her discard
    ghosts = page.evaluate("window.ghosts")
    assert ghosts == [{"from": "my-hand", "intoCrib": True}] * 2, ghosts
    tick = wren.time_limit(60)
    while "Hand 2" not in page.locator("#event-log").inner_text():
        tick()
        if not wren.step():
            page.wait_for_timeout(40)
    gathered = [g for g in page.evaluate("window.ghosts") if g["from"] == "pile"]
    assert gathered and not any(g["intoCrib"] for g in gathered), gathered

    calm = player("Calm")
    calm.page.click("#settings-link")
    calm.page.select_option("#set-motion", "reduced")
    calm.page.go_back()
    calm.create_table("cribbage", 2, options={"first_dealer": 0}, bots={1: "random"}, turn_time=30)
    calm.page.evaluate(WATCH_GHOSTS)
    calm.move()
    expect(calm.page.locator("#felt")).to_have_attribute("data-phase", "play")
    assert calm.page.evaluate("window.ghosts") == []
