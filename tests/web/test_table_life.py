"""A player who closes the tab mid-hand comes back with the token their browser kept and carries on;
a spectator who follows an invite link sees the game but never a hidden card; phone-size screens."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import WebSocket, expect

from muggins.games.cribbage.events import Discarded
from muggins.games.events import Dealt

SECRET_EVENTS = {Dealt.type: Dealt.secret, Discarded.type: Discarded.secret}


def test_reconnect_mid_hand_and_carry_on(player: Callable[..., Any], server: Any) -> None:
    erin = player("Erin", {"width": 390, "height": 844})  # on a phone
    table = erin.create_table("cribbage", 2, options={"target": 31}, bots={1: "random"}, turn_time=30)
    page = erin.page
    while not (erin.phase() == "play" and len(erin.hand()) >= 2 and page.locator("#my-hand .legal").count()):
        if not erin.step():
            page.wait_for_timeout(40)
    hand, state = erin.hand(), erin.state()

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
    expect(page.locator(f"#pile [data-card='{card}']")).to_be_visible()
    erin.play_to_end(limit=60)
    expect(page.locator("#ranks li")).to_have_count(2)


def test_spectator_sees_no_hidden_card(player: Callable[..., Any]) -> None:
    host = player("Hal")
    host.create_table("cribbage", 2, bots={0: "random", 1: "random"}, options={"target": 61})
    invite = host.page.input_value("#invite-link")
    expect(host.page.locator("#felt")).to_have_attribute("data-phase", "play", timeout=15_000)

    ivy = player("Ivy", {"width": 390, "height": 844})
    frames: list[dict[str, Any]] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    ivy.page.on("websocket", watch)
    ivy.page.goto(invite)
    expect(ivy.page.locator("#felt")).to_have_attribute("data-game", "cribbage")
    expect(ivy.page.locator("#leave-btn")).to_have_text("Stop watching")
    start = ivy.state()
    ivy.page.wait_for_function(f"Number(document.querySelector('#felt').dataset.stateId) > {start + 5}")
    ivy.screenshot("cribbage-spectator-phone")
    assert ivy.page.locator("#my-hand").count() == 0
    assert ivy.page.locator("button.card").count() == 0

    views = [f["view"] for f in frames if f["type"] in ("table_state", "events") and f.get("view")]
    assert views, "the spectator received views"
    for view in views:
        assert view["you"] is None and view["hand"] is None and view["discards"] is None
    events = [e for f in frames if f["type"] == "events" for e in f["events"]]
    assert any(e["type"] == "played" for e in events)
    for event in events:
        for field in SECRET_EVENTS.get(event["type"], ()):
            assert event[field] is None, f"a spectator saw {field} of {event}"
