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
    # the welcome names every game the browser can show, from its registry of renderers
    welcome = "Play Cribbage, Skalborg, Cribist, Cribbage Squares and Cross Cribbage"
    expect(page.locator("#guest-form h2")).to_have_text(welcome)
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


def test_a_stale_token_falls_back_to_a_guest_under_the_same_name(player: Callable[..., Any]) -> None:
    page = player("Rae").page
    page.evaluate("localStorage.setItem('muggins.token', 'not-a-token')")
    page.reload()
    # a new guest: the old one (whom a bad token cannot prove to be you) still holds "Rae"
    expect(page.locator("#me")).to_have_text("Rae 2")
    expect(page.locator("#toasts")).to_contain_text("Another player is named Rae: you play as Rae 2.")
    expect(page.locator("#create-form")).to_be_visible()
    page.evaluate("localStorage.clear(); localStorage.setItem('muggins.token', 'not-a-token')")
    page.reload()  # no name to fall back on: choose one
    expect(page.locator("#guest-form")).to_be_visible()


def test_log_out_ends_the_session_and_a_new_password_ends_the_others(player: Callable[..., Any]) -> None:
    """Issue 33, item 3: the token a browser held is refused once its player logs out, and a new
    password ends the sessions of the player's other browsers."""
    mo = player("guest-mo")
    page = mo.page
    mo.sign_in("Mo", "a long secret", register=True)
    expect(page.locator("#me")).to_have_text("Mo")
    held = page.evaluate("localStorage.getItem('muggins.token')")
    page.click("#logout-btn")
    expect(page.locator("#guest-form")).to_be_visible()
    status = page.evaluate(
        "async (token) => (await fetch('/api/me', { headers: { Authorization: `Bearer ${token}` } })).status",
        held,
    )
    assert status == 401

    second = player("guest-mo-2")  # Mo signs in on a second browser too
    other = second.page
    for browser in (mo, second):
        browser.sign_in("Mo", "a long secret")
        expect(browser.page.locator("#me")).to_have_text("Mo")
    page.click("#account-link")
    page.fill("#old-password", "a long secret")
    page.fill("#new-password", "a new long secret")
    page.click("#password-btn")
    expect(page.locator("#toasts")).to_contain_text("Password changed")
    expect(page.locator("#me")).to_have_text("Mo")
    # the second browser hears at once that its session has ended, and is asked who it is
    expect(other.locator("#toasts")).to_contain_text("your session has ended")
    expect(other.locator("#guest-form")).to_be_visible()
    # while this one's connection went on with the new session: it plays on, no error said
    expect(page.locator("#conn")).to_have_text("")
    expect(page.locator("#toasts .toast.error")).to_have_count(0)
    page.evaluate("location.hash = '#/'")
    page.click("#play-now")
    expect(page.locator("#felt")).to_have_attribute("data-phase", "discard")
    other.reload()  # the ended session is forgotten: coming back, it is asked again
    expect(other.locator("#guest-form")).to_be_visible()
