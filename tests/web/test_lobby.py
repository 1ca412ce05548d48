"""The new-table form offers every option of every game in the registry, with the engine's bounds,
and the time controls of seed 003."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from muggins.bots.ratings import bot_ratings
from muggins.bots.registry import bot_names
from muggins.games.registry import game_class, game_names, options_model
from muggins.server.messages import TimeControls
from muggins.server.tables.manager import LOBBY_PAGE


def test_the_form_has_every_engine_option(player: Callable[..., Any]) -> None:
    page = player("Ola").page
    for name in game_names():
        cls = game_class(name)
        page.select_option("#new-game", name)
        fields = page.locator("#create-form [id^='opt-']").evaluate_all("els => els.map(e => e.id)")
        assert sorted(fields) == sorted(f"opt-{o}" for o in options_model(name).names()), name
        players = page.locator("#new-players option").all_text_contents()
        assert players == [str(n) for n in range(cls.min_players, cls.max_players + 1)]
    # the turn clock: the server's choice by default (none against bots), none, or seconds the
    # server takes; a count by hand has its own allowance
    turn = page.locator("#new-turn-time")
    expect(turn).to_have_value("")
    choices = turn.locator("option").evaluate_all("els => els.map(e => e.value)")
    seconds = TimeControls.model_fields["turn_time"].metadata
    low, high = (next(getattr(m, k) for m in seconds if hasattr(m, k)) for k in ("ge", "le"))
    assert choices[:2] == ["", "none"] and all(low <= int(c) <= high for c in choices[2:]), choices
    expect(page.locator("#new-count-time")).to_have_value(str(TimeControls().count_time))
    # labels are words, never a schema's class names (issue 58: "BlindStructure", "RevealOrder")
    page.select_option("#new-game", "skalborg")
    labels = {f: page.locator(f"label[for='opt-{f}']").text_content() for f in ("blinds", "reveal_order")}
    assert labels == {"blinds": "Blinds", "reveal_order": "Reveal order"}, labels
    page.select_option("#new-game", "cribbage")
    assert page.locator("#opt-target").get_attribute("max") == "1000"
    for option in ("skip_empty", "skip_pass", "skip_only_move", "pre_show", "post_show"):
        expect(page.locator(f"#opt-{option}")).to_have_attribute("type", "checkbox")
    # each bot by its level, with its measured rating where it has one (issue 61: "about 1400")
    bots = page.locator("#new-seat-1 option").all_text_contents()
    ratings = bot_ratings("cribbage")
    assert bots == [
        "a person (open seat)",
        *(f"bot: {n} (about {ratings[n].rating})" for n in bot_names("cribbage")),
    ]


def test_a_refused_option_says_why(player: Callable[..., Any]) -> None:
    page = player("Pia").page
    page.select_option("#new-players", "3")
    page.click("#more-options > summary")  # every rule is under "More options"
    page.check("#opt-partnerships")
    page.click("#create-submit")
    expect(page.locator(".toast.error")).to_contain_text("partnerships")


def test_a_private_table_is_joined_by_its_invite_link(player: Callable[..., Any]) -> None:
    sam = player("Sam")
    tia = player("Tia")
    sam.page.click("#more-options > summary")
    sam.page.check("#new-private")
    table = sam.create_table("cribbage", 2)
    expect(sam.page.locator("#status")).to_contain_text("Waiting for players")
    expect(tia.page.locator(f"tr[data-table='{table}']")).to_have_count(0)  # not in the lobby
    tia.page.goto(sam.page.input_value("#invite-link"))
    # Tia came by the invite: the table says who asked her and offers the seat
    expect(tia.page.locator("#status")).to_have_text("Sam invited you: Take the seat")
    tia.page.click("#take-seat")
    for page in (sam.page, tia.page):
        expect(page.locator("#felt")).to_have_attribute("data-phase", "discard")
        expect(page.locator("#my-hand button.card")).to_have_count(6)


def test_play_now_joins_a_waiting_player_or_starts_against_the_bot(player: Callable[..., Any]) -> None:
    val = player("Val")
    wes = player("Wes")
    table = val.create_table("cribbage", 2)  # Val waits for a second player
    expect(wes.page.locator(f"tr[data-table='{table}']")).to_be_visible()
    wes.page.click("#play-now")
    wes.page.wait_for_url(f"**/#/table/{table}")
    for page in (val.page, wes.page):
        expect(page.locator("#felt")).to_have_attribute("data-phase", "discard")
    expect(wes.page.locator(".seat.me")).to_contain_text("Wes")

    # nobody is waiting now: one click starts a game against the expert bot
    uma = player("Uma")
    # (no table in this server's lobby waits for a player: the tests before sat at theirs)
    expect(uma.page.locator("tr[data-table]:has(button.sit)")).to_have_count(0)
    uma.page.click("#play-now")
    uma.page.wait_for_url("**/#/table/*")
    assert uma.table_id() != table
    expect(uma.page.locator("#felt")).to_have_attribute("data-phase", "discard")
    expect(uma.page.locator(".seat[data-seat='1']")).to_contain_text("expert bot")
    expect(uma.page.locator("#my-hand button.card")).to_have_count(6)


def test_the_lobby_turns_pages_and_shows_new_tables_first(browser: Browser, own_server: Any) -> None:
    """Issue 33, item 1: the lobby comes a page of 50 tables at a time; a table made meanwhile
    appears first on the first page. A server of its own, so that no other test sees its tables."""
    live = own_server
    body = {"game": "skalborg", "players": 2, "seat": 0}
    made = []
    for n in range(6):  # each player may keep 10 tables open
        token = httpx.post(f"{live.url}/api/guest", json={"name": f"host{n}"}).json()["token"]
        for _ in range(10):
            reply = httpx.post(
                f"{live.url}/api/tables", json=body, headers={"Authorization": f"Bearer {token}"}
            )
            made.append(reply.json()["id"])
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(live.url)
    page.fill("#guest-name", "Pager")
    page.click("#guest-form button[type=submit]")
    rows = page.locator("#table-rows tr")
    expect(rows).to_have_count(LOBBY_PAGE)
    expect(page.locator("#lobby-page")).to_have_text("page 1 of 2 · 60 tables")
    expect(rows.first).to_have_attribute("data-table", made[-1])  # the newest first
    expect(page.locator("#lobby-newer")).to_be_disabled()
    page.click("#lobby-older")
    expect(page.locator("#lobby-page")).to_have_text("page 2 of 2 · 60 tables")
    expect(rows).to_have_count(60 - LOBBY_PAGE)
    expect(rows.last).to_have_attribute("data-table", made[0])
    expect(page.locator("#lobby-older")).to_be_disabled()
    # a table made now is not slipped into the second page; the first page has it on top
    token = httpx.post(f"{live.url}/api/guest", json={"name": "late"}).json()["token"]
    fresh = httpx.post(f"{live.url}/api/tables", json=body, headers={"Authorization": f"Bearer {token}"})
    page.wait_for_timeout(300)
    expect(rows).to_have_count(60 - LOBBY_PAGE)
    page.click("#lobby-newer")
    expect(page.locator("#lobby-page")).to_have_text("page 1 of 2 · 61 tables")
    expect(rows.first).to_have_attribute("data-table", fresh.json()["id"])
    # and a table made while the first page is shown comes in at its top at once
    later = httpx.post(f"{live.url}/api/tables", json=body, headers={"Authorization": f"Bearer {token}"})
    expect(rows.first).to_have_attribute("data-table", later.json()["id"])
    context.close()
