"""Two people play a whole game of cribbage in two browsers: lobby, table, board, show, chat, hints,
refusals with the server's reason, keyboard play, the result, the replay and the player page."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

TARGET = 31


def test_two_players_play_a_whole_game(player: Callable[..., Any]) -> None:
    alice = player("Alice")
    bob = player("Bob")
    table = alice.create_table(
        "cribbage",
        2,
        options={"target": TARGET, "first_dealer": 0, "post_show": True},
        turn_time=15,
        intermission=10,
    )
    a, b = alice.page, bob.page

    # Bob finds the table in the lobby, live, with its options
    row = b.locator(f"tr[data-table='{table}']")
    expect(row).to_contain_text("target: 31")
    bob.screenshot("lobby")
    bob.sit_from_lobby(table)

    for page in (a, b):
        expect(page.locator("#felt")).to_have_attribute("data-phase", "discard")
        expect(page.locator("#my-hand button.card")).to_have_count(6)
        expect(page.locator(".board .peg")).to_have_count(4)

    # chat goes both ways
    a.fill("#chat-input", "good luck")
    a.press("#chat-input", "Enter")
    expect(b.locator("#chat-log")).to_contain_text("Alice: good luck")

    # a move that is not a move is refused with the server's reason, and nothing changes
    a.click("details:has(#move-form) summary")
    a.fill("#move-input", "play 5Z")
    a.locator("#move-form").evaluate("f => f.requestSubmit()")
    expect(a.locator("#last-error")).not_to_be_empty()

    # the hint names a move of this seat and highlights its cards
    a.keyboard.press("Escape")  # leave the move box: letters are keys for the table again
    a.keyboard.press("h")
    expect(a.locator("#hint-move")).to_have_text(re.compile(r"^discard( \S+){2}$"))

    # both discard (Bob by keyboard only), then the play: Bob is pone and leads
    alice.move()
    expect(a.locator("#hint-move")).to_have_count(0)  # the hint answered a decision now made
    expect(a.locator("#hint-box")).to_have_text("Ask for a hint on your turn.")
    bob.move(keyboard=True)
    expect(a.locator("#felt")).to_have_attribute("data-phase", "play")
    expect(a.locator("#status")).to_contain_text("Bob to play")
    starter = a.locator(".zone:has(.label:text('starter')) [data-card]").first.get_attribute("data-card")
    assert starter and starter != "back"

    # Alice clicks a card while it is Bob's turn: the server says why not
    a.locator("#my-hand button.card").first.click()
    expect(a.locator("#last-error")).to_contain_text("it is not Alice's turn (waiting for Bob)")

    bob.move(keyboard=True)
    expect(a.locator("#pile [data-card]")).to_have_count(1)
    expect(a.locator("#count")).not_to_have_text("0")

    # Alice's hint in the play: the card, the risk of the play and each legal card's figures
    a.keyboard.press("h")
    expect(a.locator("#hint-move")).to_have_text(re.compile(r"^play \S+$"))
    card = (a.locator("#hint-move").inner_text()).split()[1]
    reason = re.compile(rf"^{card} pegs \d+ now; your opponent can expect")
    expect(a.locator("#hint-reason")).to_contain_text(reason)
    legal = a.locator("#my-hand button.card.legal").evaluate_all("els => els.map(e => e.dataset.card)")
    lines = a.locator("#hint-details li")
    expect(lines).to_have_count(len(legal))
    assert {line.split(":")[0] for line in lines.all_inner_texts()} == set(legal)
    expect(lines.first).to_contain_text(re.compile(r"pegs \d+, reply \d+\.\d\d, net [+-]\d+\.\d\d"))

    # play on until the first show is counted item by item, then screenshot the table
    shown = False
    tick = alice.time_limit()
    while not (alice.over() and bob.over()):
        tick()
        moved = alice.step() | bob.step(keyboard=True)
        if not shown and a.locator("#show-panel:not([hidden]) .show-items li").count():
            shown = True
            alice.screenshot("cribbage-table")
        if not moved:
            a.wait_for_timeout(40)
    assert shown or alice.over(), "a show was counted before the game ended"

    # the result: both see the ranks, and the winner's front peg is in the game hole
    for page in (a, b):
        expect(page.locator("#ranks li")).to_have_count(2)
    scores = [int(t) for t in a.locator(".seat .score").all_text_contents()]
    assert max(scores) >= TARGET
    winner = scores.index(max(scores))
    front = a.locator(f".board .peg.front[data-side='{winner}']")
    expect(front).to_have_attribute("data-hole", "game")

    replay = a.get_attribute("#replay-link", "href")
    expect(a.locator("#review-link")).to_be_visible()  # the server reviews cribbage games

    # a rematch starts when both ask; then Bob leaves, which ends it with him last
    a.click("#rematch-btn")
    expect(b.locator(".seat[data-seat='0']")).to_contain_text("rematch")
    b.click("#rematch-btn")
    for page in (a, b):
        expect(page.locator("#felt")).to_have_attribute("data-phase", "discard")
        expect(page.locator("#result")).to_be_hidden()
        expect(page.locator(".board .peg.front[data-hole='0']")).to_have_count(2)
    b.click("#leave-btn")
    b.click("#leave-btn")
    expect(b.locator("#create-form")).to_be_visible()
    expect(a.locator("#result")).to_contain_text("left the table")
    expect(a.locator("#ranks li").first).to_contain_text("Alice")
    # who left and what the rule did, by name; no rematch offered with the opponent gone
    expect(a.locator("#end-reason")).to_have_text("Bob left the table")
    expect(a.locator("#event-log")).to_contain_text("Bob left the table")
    expect(a.locator("#event-log")).to_contain_text("Game over: Alice wins (Bob left the table)")
    expect(a.locator("#rematch-btn")).to_have_count(0)
    expect(a.locator("#no-rematch")).to_have_text("No rematch: Bob left")

    # the replay steps through the first game
    a.goto(a.url.split("#")[0] + (replay or ""))
    expect(a.locator("#replay-where")).to_contain_text("move")
    total = int(a.locator("#replay-slider").get_attribute("max") or "0")
    origin = re.match(r"https?://[^/]+", a.url)
    assert origin is not None and replay is not None
    steps = a.request.get(f"{origin[0]}/api/history/{replay.rsplit('/', 1)[1]}").json()["steps"]
    # one frame per move; a game to 31 takes at least both discards and all eight cards laid
    assert total == len(steps) >= 10
    a.click("#replay-first")
    expect(a.locator("#replay-where")).to_contain_text(f"move 0 of {total}")
    a.click("#replay-next")
    expect(a.locator("#replay-where")).to_contain_text(f"move 1 of {total}")
    expect(a.locator("#felt .board")).to_be_visible()

    # stepping on through the first hand, its show is counted again
    for _ in range(40):
        if a.locator("#show-panel:not([hidden]) .show-items li").count():
            break
        a.click("#replay-next")
        a.wait_for_timeout(50)
    expect(a.locator("#show-panel .show-items li").first).to_be_visible()
    a.click("#replay-first")
    a.select_option("#replay-as", "1")
    expect(a.locator("#my-hand button.card")).to_have_count(6)

    # Alice's page lists both games
    a.click("#me")
    expect(a.locator("#results tbody tr")).to_have_count(2)
