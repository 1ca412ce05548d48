"""Challenges in the browser (issue 60, item 6): a player finds another in the lobby's list of
players online, opens their page (online now, and what they play), challenges them; the other sees
the challenge under the header with its countdown and accepts; both are seated at the new table.
A declined challenge is told to its challenger."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect


def test_challenge_from_a_players_page_and_accept_it(player: Callable[..., Any]) -> None:
    cyd, dov = player("Cyd"), player("Dov")
    a, b = cyd.page, dov.page
    a.reload()  # the lobby lists who is online when it opens
    a.locator("#online-players a", has_text="Dov").click()
    expect(a.locator("#online-status")).to_have_text("● online now")
    expect(a.locator("#challenge-rated")).to_be_disabled()  # guests play casual games
    a.select_option("#challenge-rules", "short")
    cyd.screenshot("player-challenge")
    a.click("#challenge-go")
    expect(a.locator("#challenges li.outgoing")).to_contain_text("You challenged Dov: Cribbage, casual")
    incoming = b.locator("#challenges li.incoming")
    expect(incoming).to_contain_text("Cyd challenges you: Cribbage, casual, 20 s a turn, target: 61")
    expect(incoming.locator("[data-expires]")).to_have_text(re.compile(r"^[12]:\d\d left$"))
    dov.screenshot("challenge-received")

    incoming.locator("button.decline").click()
    expect(a.locator("#toasts")).to_contain_text("Dov declined your challenge.")
    expect(a.locator("#challenges")).to_be_hidden()
    expect(b.locator("#challenges")).to_be_hidden()

    a.click("#challenge-go")
    b.locator("#challenges li.incoming button.accept").click()
    a.wait_for_url("**/#/table/*")
    b.wait_for_url("**/#/table/*")
    assert cyd.table_id() == dov.table_id()
    expect(a.locator(".seat.me")).to_contain_text("Cyd")
    expect(b.locator(".seat.me")).to_contain_text("Dov")
    expect(a.locator("#challenges")).to_be_hidden()
