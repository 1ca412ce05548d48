"""Registering, logging out and back in; the turn clock, and the move the server makes when it runs out."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect


def test_turn_clock_runs_out_and_the_server_moves(player: Callable[..., Any]) -> None:
    kim = player("Kim")
    kim.create_table("cribbage", 2, bots={1: "random"}, turn_time=5, hints=False)
    page = kim.page
    expect(page.locator("#hint-btn")).to_be_hidden()  # this table's options turned hints off
    expect(page.locator("#felt")).to_have_attribute("data-phase", "discard")
    clock = page.locator("#my-clock")
    expect(clock).to_have_text(re.compile(r"^Your turn: [1-5]s$"))
    expect(page.locator(".seat.me [data-clock]")).to_be_visible()
    # Kim does nothing: when the clock runs out the server discards for her
    expect(page.locator("#felt")).not_to_have_attribute("data-phase", "discard", timeout=9000)
    made = re.compile(r'Time ran out for Kim: "discard \S+ \S+" was made for them')
    expect(page.locator("#event-log")).to_contain_text(made)
    expect(page.locator("#my-hand button.card")).to_have_count(4)


def test_register_log_out_and_log_in(player: Callable[..., Any]) -> None:
    lee = player("guest-lee")
    page = lee.page
    page.click("text=log in / register")
    page.fill("#account-name", "Lee")
    page.fill("#account-password", "a long secret")
    page.click("#register-btn")
    expect(page.locator("#me")).to_have_text("Lee")
    expect(page.locator("#who")).not_to_contain_text("(guest)")
    page.click("#who button")  # log out
    expect(page.locator("#guest-form")).to_be_visible()
    page.click("text=log in or register")
    page.fill("#account-name", "Lee")
    page.fill("#account-password", "wrong")
    page.click("#login-btn")
    expect(page.locator(".toast.error")).to_be_visible()
    page.fill("#account-password", "a long secret")
    page.click("#login-btn")
    expect(page.locator("#me")).to_have_text("Lee")
    page.click("#me")
    expect(page.locator("#player-page")).to_contain_text("Lee (member)")


def test_a_stale_token_falls_back_to_a_guest_of_the_same_name(player: Callable[..., Any]) -> None:
    page = player("Rae").page
    page.evaluate("localStorage.setItem('muggins.token', 'not-a-token')")
    page.reload()
    expect(page.locator("#me")).to_have_text("Rae")
    expect(page.locator("#create-form")).to_be_visible()
    page.evaluate("localStorage.clear(); localStorage.setItem('muggins.token', 'not-a-token')")
    page.reload()  # no name to fall back on: choose one
    expect(page.locator("#guest-form")).to_be_visible()
