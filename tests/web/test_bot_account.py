"""A bot account in the browser (issue 61, item 2): a member makes their account one on the account
page with their password and is shown its token once and how to connect it; from then on the
account is marked as a bot account in the header, at its table, to another player in the lobby,
and on its page, which shows its record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect


def test_a_member_makes_a_bot_account_and_it_is_marked_everywhere(player: Callable[..., Any]) -> None:
    robo = player("guest-robo")
    page = robo.page
    robo.sign_in("Robo", "a long secret", register=True)
    expect(page.locator("#me")).to_have_text("Robo")
    page.click("#account-link")
    page.fill("#bot-password", "not it")
    page.click("#bot-btn")
    expect(page.locator(".toast.error")).to_contain_text("password is wrong")
    page.fill("#bot-password", "a long secret")
    page.click("#bot-btn")
    token = page.locator("#bot-token-text")
    expect(token).to_be_visible()
    me = "async (token) => (await fetch('/api/me', { headers: { Authorization: `Bearer ${token}` } })).json()"
    assert page.evaluate(me, token.inner_text())["kind"] == "bot_account"  # the token shown is the bot's
    expect(page.locator("#bot-token")).to_contain_text("muggins bot connect --server")
    expect(page.locator("#who")).to_contain_text("(bot account)")
    expect(page.locator("#bot-form")).to_have_count(0)
    robo.screenshot("bot-account")
    page.goto(page.url.split("#")[0] + "#/")
    page.wait_for_selector("#create-form")
    expect(page.locator("#seek-for-people")).to_be_visible()  # never in the pool of people
    expect(page.locator("#seek-form")).to_have_count(0)
    table_id = robo.create_table("cribbage", 2, bots={1: "random"})
    expect(page.locator(".seat.me .name")).to_contain_text("Robo (bot account)")
    ann = player("Ann")
    ann.page.goto(ann.page.url.split("#")[0] + "#/")
    expect(ann.page.locator(f"[data-table='{table_id}']")).to_contain_text("Robo (bot account)")
    page.click("#me")
    expect(page.locator("#player-page h2").first).to_have_text("Robo (bot account)")
    expect(page.locator("#record")).to_have_text("No finished games yet.")
    robo_id = page.url.rsplit("/", 1)[-1]
    ann.page.goto(ann.page.url.split("#")[0] + f"#/player/{robo_id}")  # Robo is online: Ann may challenge
    expect(ann.page.locator("#challenge-go")).to_be_visible()
    expect(ann.page.locator("#program-rating-note")).to_contain_text("never yours")
