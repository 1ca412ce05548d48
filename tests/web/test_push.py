"""Web Push in the browser (docs/server.md, "Correspondence"): choosing a correspondence clock asks
to be told of turns with no page open; the service worker is registered, and a push message from
the server becomes a notification that names the game (its tag the table). Headless Chromium has
no push service to subscribe with (Chrome's is Google's, unreachable here), so the subscription is
refused and the page says turns are told while a page is open; the push message is delivered to
the service worker by the DevTools protocol, as the push service would. The server's side, from
the turn to the push service, is tests/server/push/test_push.py."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, expect

from tests.web.conftest import DESKTOP, LiveServer, open_guest


def test_a_push_message_becomes_a_notification_of_your_turn(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    context.grant_permissions(["notifications"], origin=server.url)
    errors: list[str] = []
    try:
        page = open_guest(context, server.url, "Noor", errors).page
        devtools = context.new_cdp_session(page)
        registrations: list[dict[str, Any]] = []
        devtools.on(
            "ServiceWorker.workerRegistrationUpdated", lambda e: registrations.extend(e["registrations"])
        )
        devtools.send("ServiceWorker.enable")
        page.select_option("#seek-clock", "3d")  # a correspondence clock: be told of turns
        expect(page.locator("#toasts")).to_contain_text("Your turns are told while a page is open")
        for _ in range(50):
            if any(r["scopeURL"] == server.url + "/" and not r["isDeleted"] for r in registrations):
                break
            page.wait_for_timeout(100)

        def push(data: str) -> None:
            """To each registration of the origin the DevTools see (other tests' contexts may have
            theirs, with the same numbers): the push service's delivery, as it would be."""
            found = {r["registrationId"] for r in registrations if r["scopeURL"] == server.url + "/"}
            for registration in found:
                devtools.send(
                    "ServiceWorker.deliverPushMessage",
                    {"origin": server.url, "registrationId": registration, "data": data},
                )

        def shown() -> list[list[str]]:
            found: list[list[str]] = page.evaluate(
                "async () => (await (await navigator.serviceWorker.ready).getNotifications())"
                ".map((n) => [n.title, n.body, n.tag])"
            )
            return found

        page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # its worker active
        push("not the server's")  # nothing shown for a message that is not a turn
        turn = json.dumps({"type": "your_turn", "table_id": "T1abc", "game": "cribist", "deadline": 1e10})
        for _ in range(5):  # a loaded machine may start the worker late: the same push again (its tag
            push(turn)  # replaces an earlier notification), until it shows
            for _ in range(20):
                if shown():
                    break
                page.wait_for_timeout(100)
            if shown():
                break
        assert shown() == [["muggins", "Your turn in Cribist", "T1abc"]]
    finally:
        context.close()
    assert not errors, f"JavaScript errors or CSP refusals in the page: {errors}"
