"""A player who closes the tab mid-hand comes back with the token their browser kept and carries on;
a spectator who follows an invite link sees the game but never a hidden card; phone-size screens."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import WebSocket, WebSocketRoute, expect

from muggins.games.cribbage.events import Discarded
from muggins.games.events import Dealt

SECRET_EVENTS = {Dealt.type: Dealt.secret, Discarded.type: Discarded.secret}


def test_reconnect_mid_hand_and_carry_on(player: Callable[..., Any], server: Any) -> None:
    erin = player("Erin", {"width": 390, "height": 844})  # on a phone
    table = erin.create_table("cribbage", 2, options={"target": 31}, bots={1: "random"}, turn_time=30)
    page = erin.page
    tick = erin.time_limit()
    while not (erin.phase() == "play" and len(erin.hand()) >= 2 and page.locator("#my-hand .legal").count()):
        tick()
        if not erin.step():
            page.wait_for_timeout(40)
    hand, state = erin.hand(), erin.state()
    # a phone's controls are touch targets of 44 px or more each way; the seat clock stays one line
    small = page.evaluate(
        """() => [...document.querySelectorAll('.btn, input, select')]
              .filter((el) => el.offsetParent !== null)
              .map((el) => [el.id || el.textContent, el.getBoundingClientRect()])
              .filter(([, box]) => box.height < 44 || (box.width < 44 && box.width > 0))
              .map(([name, box]) => `${name}: ${box.width}x${box.height}`)"""
    )
    assert not small, f"touch targets under 44 px: {small}"
    clocks = page.locator(".seat [data-clock]:visible")
    for number in range(clocks.count()):
        box = clocks.nth(number).bounding_box()
        assert box and box["height"] < 30, f"a seat clock wraps: {box}"

    context = page.context
    page.close()
    page = context.new_page()
    page.goto(f"{server.url}/#/table/{table}")
    erin.page = page
    expect(page.locator(".seat.me")).to_contain_text("Erin")
    expect(page.locator("#felt")).to_have_attribute("data-state-id", str(state))
    assert erin.hand() == hand, "the same cards are back in hand"

    # carry on by keyboard alone: arrows to the first playable card, Enter to play it
    legal = page.locator("#my-hand button.card.legal").first
    card, index = legal.get_attribute("data-card"), int(legal.get_attribute("data-index") or "1")
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    expect(page.locator(f"#my-hand button[data-card='{card}']")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(f"#my-hand button[data-card='{card}']")).to_have_count(0)  # played
    # until the end: whenever go is the only move, every card in hand is dimmed
    tick = erin.time_limit(60)
    while not erin.over():
        tick()
        go_only = page.evaluate(
            """() => document.querySelector('#go-btn') !== null
                && !document.querySelector('#my-hand button.card.legal')
                && [...document.querySelectorAll('#my-hand button.card')]
                     .some((card) => !card.classList.contains('illegal'))"""
        )
        assert not go_only, "a card was not dimmed while only go could be said"
        if not erin.step():
            page.wait_for_timeout(40)
    expect(page.locator("#ranks li")).to_have_count(2)


def test_spectator_sees_no_hidden_card(player: Callable[..., Any]) -> None:
    hal = player("Hal")
    hal.create_table("cribbage", 2, bots={1: "random"}, options={"target": 121}, turn_time=30)
    invite = hal.page.input_value("#invite-link")

    ivy = player("Ivy", {"width": 390, "height": 844})
    payloads: list[str] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: payloads.append(str(payload)))

    ivy.page.on("websocket", watch)
    ivy.page.goto(invite)
    expect(ivy.page.locator("#felt")).to_have_attribute("data-game", "cribbage")
    expect(ivy.page.locator("#leave-btn")).to_have_text("Stop watching")
    start, tick = ivy.state(), hal.time_limit(60)
    while ivy.state() < start + 6 or hal.phase() != "play" or not hal.hand():
        tick()
        if not hal.step():
            hal.page.wait_for_timeout(40)
    ivy.page.wait_for_function(f"Number(document.querySelector('#felt').dataset.stateId) >= {hal.state()}")
    ivy.screenshot("cribbage-spectator-phone")
    assert ivy.page.locator("#my-hand").count() == 0
    assert ivy.page.locator("button.card").count() == 0

    # Hal's cards still in hand never reached the spectator's browser, in any frame (but the cut
    # for the first deal, in a table state's log: its cards were face up, then went back to the pack)
    held = hal.hand()
    assert held
    frames = [json.loads(p) for p in payloads]
    for frame in frames:
        frame["log"] = [e for e in frame.get("log", []) if e["type"] != "dealer_cut"]
    sent = [json.dumps(frame) for frame in frames]
    for card in held:
        assert not any(f'"{card}"' in p or f" {card}" in p for p in sent), f"the spectator was sent {card}"
    views = [f["view"] for f in frames if f["type"] in ("table_state", "events") and f.get("view")]
    assert views, "the spectator received views"
    for view in views:
        assert view["you"] is None and view["hand"] is None and view["discards"] is None
    events = [e for f in frames if f["type"] == "events" for e in f["events"]]
    assert any(e["type"] == "played" for e in events)
    for event in events:
        for field in SECRET_EVENTS.get(event["type"], ()):
            assert event[field] is None, f"a spectator saw {field} of {event}"


def test_a_bad_table_link_says_so_once(player: Callable[..., Any], server: Any) -> None:
    gil = player("Gil")
    page = gil.page
    page.goto(server.url + "/#/table/nosuchtable")
    status = page.locator("#status")
    expect(status).to_contain_text("there is no table 'nosuchtable'")
    expect(status.locator("a")).to_have_text("Back to the lobby")
    # once: no toast, no error line, and no chat, invite or hint around a table that is not there
    expect(page.locator("#toasts > *")).to_have_count(0)
    expect(page.get_by_text("there is no table")).to_have_count(1)
    for panel in ("#chat-form", "#invite-link", "#hint-panel", "#leave-btn"):
        expect(page.locator(panel)).to_be_hidden()


def test_a_whole_game_on_a_phone_by_touch(player: Callable[..., Any]) -> None:
    rae = player("Rae", {"width": 390, "height": 844})
    rae.create_table(
        "cribbage", 2, options={"target": 61, "post_show": True}, bots={1: "greedy"}, turn_time=30
    )
    page = rae.page
    pictured = False
    tick = rae.time_limit(150)
    while not rae.over():
        tick()
        # nothing on the table is wider than the phone
        wide = page.evaluate(
            """() => [...document.querySelectorAll('body *')]
                  .filter((el) => el.getBoundingClientRect().right > 391 && el.offsetParent !== null)
                  .map((el) => el.tagName + '#' + el.id + '.' + el.className)"""
        )
        assert not wide, f"wider than the phone: {wide[:8]}"
        if not pictured and rae.phase() == "play" and page.locator("#my-hand button.card.legal").count():
            pictured = True
            rae.screenshot("cribbage-phone")
        if not rae.step():
            page.wait_for_timeout(40)
    expect(page.locator("#ranks li")).to_have_count(2)
    scores = [int(t) for t in page.locator(".seat .score").all_text_contents()]
    assert max(scores) >= 61


def test_resigning_concedes_and_keeps_the_seat_for_a_rematch(player: Callable[..., Any]) -> None:
    tess = player("Tess")
    uri = player("Uri")
    table = tess.create_table("cribbage", 2, options={"first_dealer": 0}, turn_time=30)
    uri.sit_from_lobby(table)
    a, b = tess.page, uri.page
    expect(a.locator("#felt")).to_have_attribute("data-phase", "discard")
    a.click("#resign-btn")
    expect(a.locator("#resign-btn")).to_have_text("Really resign?")  # asked twice, like leaving
    a.click("#resign-btn")
    for page in (a, b):
        expect(page.locator("#end-reason")).to_have_text("Tess resigned")
        expect(page.locator("#event-log")).to_contain_text("Game over: Uri wins (Tess resigned)")
        expect(page.locator("#ranks li").first).to_contain_text("Uri")
        expect(page.locator(".seat[data-seat='0']")).to_contain_text("resigned")
    # Tess is still at the table, and both may ask for a rematch
    expect(a.locator(".seat.me")).to_contain_text("Tess")
    expect(a.locator("#resign-btn")).to_be_hidden()
    a.click("#rematch-btn")
    b.click("#rematch-btn")
    for page in (a, b):
        expect(page.locator("#result")).to_be_hidden()
        expect(page.locator("#felt")).to_have_attribute("data-phase", "discard")
        expect(page.locator("#my-hand button.card")).to_have_count(6)


def test_a_game_of_three_goes_on_without_the_player_who_left(player: Callable[..., Any]) -> None:
    """Issue 17, item 4: who left, and what the rule did, in the log of the players who stay."""
    ada = player("Ada")
    eve = player("Eve")
    table = ada.create_table("cribbage", 3, options={"first_dealer": 0}, bots={2: "random"}, turn_time=30)
    eve.sit_from_lobby(table)
    a = ada.page
    expect(a.locator("#felt")).to_have_attribute("data-phase", "discard")
    eve.page.click("#leave-btn")
    eve.page.click("#leave-btn")
    log = a.locator("#event-log")
    expect(log).to_contain_text("Eve left the table")
    expect(log).to_contain_text("Hand 2: random bot 3 deals, now without Eve")
    expect(a.locator("#result")).to_be_hidden()
    expect(a.locator("#my-hand button.card")).to_have_count(6)  # the two-player deal now


def test_a_move_overtaken_by_the_game_is_no_error(player: Callable[..., Any]) -> None:
    """A stale move (chosen in a state the game has left) is refused with code ``stale``: the
    player is told the game moved on, without an error, and plays on from the newest state."""
    ivy = player("Ivy")
    page = ivy.page
    tampered: list[str] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def outgoing(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "move" and not tampered:  # the first move arrives as if late
                tampered.append(data["text"])
                data["state_id"] = 10_000
            server.send(json.dumps(data))

        ws.on_message(outgoing)

    page.route_web_socket(re.compile(r".*/ws$"), route)
    page.reload()  # the client connects again, through the route
    ivy.create_table("cribbage", 2, bots={1: "random"})
    expect(page.locator("#my-hand button.card")).to_have_count(6)
    cards = page.locator("#my-hand button.card")
    cards.nth(0).click()
    cards.nth(1).click()
    page.click("#discard-btn")  # the discard, refused as stale
    expect(page.locator("#toasts")).to_contain_text("The game moved on before your move arrived")
    expect(page.locator("#toasts .toast.error")).to_have_count(0)
    expect(page.locator("#my-hand button.card")).to_have_count(6)  # nothing changed
    assert tampered
    ivy.move()  # chosen again, it is taken
    expect(page.locator("#my-hand button.card")).to_have_count(4)


def test_a_dropped_connection_asks_for_the_rest_of_the_log(player: Callable[..., Any], server: Any) -> None:
    """The socket drops mid-game: the browser joins again saying what log it holds, is sent only the
    events it lacks, and shows the very log a fresh page of the table shows."""
    fay = player("Fay")
    page = fay.page
    routes: list[WebSocketRoute] = []

    def route(ws: WebSocketRoute) -> None:
        ws.connect_to_server()
        routes.append(ws)

    page.route_web_socket(re.compile(r"/ws$"), route)
    sent: list[dict[str, Any]] = []
    received: list[dict[str, Any]] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: received.append(json.loads(payload)))

    page.on("websocket", watch)
    page.reload()  # the page's socket now goes through the route
    expect(page.locator("#create-form")).to_be_visible()
    table = fay.create_table("cribbage", 2, bots={1: "random"}, options={"target": 121}, turn_time=30)
    tick = fay.time_limit(60)
    while fay.state() < 30:
        tick()
        if not fay.step():
            page.wait_for_timeout(40)
    page.wait_for_timeout(300)  # the bot's reply, if it is the bot's turn
    log_before = page.locator("#event-log").inner_text()
    state = fay.state()
    heard = len(received)
    routes[-1].close()  # the connection drops; the page connects again by itself
    page.wait_for_function(f"document.querySelector('#felt').dataset.stateId >= {state}")
    expect(page.locator("#conn")).to_have_text("", timeout=10_000)
    page.wait_for_timeout(300)
    joins = [m for m in sent if m["type"] == "join" and m["table_id"] == table]
    assert "since" not in joins[0] and joins[-1]["since"]["seat"] == 0, joins
    held = joins[-1]["since"]["events"]
    again = [m for m in received[heard:] if m["type"] == "table_state"]
    assert again and again[0]["log_from"] == held and len(again[0]["log"]) <= 2, again[:1]
    assert page.locator("#event-log").inner_text() == log_before  # nothing lost, nothing twice

    fresh = page.context.new_page()
    fresh.goto(f"{server.url}/#/table/{table}")
    expect(fresh.locator("#felt")).to_have_attribute("data-state-id", str(fay.state()))
    expect(fresh.locator("#event-log")).to_have_text(page.locator("#event-log").text_content() or "")
    fresh.close()
