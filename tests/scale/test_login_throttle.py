"""Issue 33, item 6 in a cluster: wrong passwords are counted in Redis for every process together,
so a guesser spread over processes gets no more tries than one; with Redis away, each process's
own count still holds."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator

import pytest

from muggins.server.accounts.throttle import RedisLoginThrottle, ThrottledError
from muggins.server.bus.redis import RedisBus


@contextlib.asynccontextmanager
async def two_processes(redis_url: str, **counts: int) -> AsyncIterator[tuple[RedisLoginThrottle, ...]]:
    """Two processes' throttles counting in one Redis (keys of their own, removed afterwards)."""
    prefix = f"test-{secrets.token_hex(4)}"
    buses = [RedisBus(redis_url, prefix) for _ in range(2)]
    try:
        yield tuple(RedisLoginThrottle(bus, **counts) for bus in buses)
    finally:
        for bus in buses:
            await bus.redis.delete(*[k async for k in bus.redis.scan_iter(f"{prefix}:*")] or ["-"])
            await bus.close()


def test_wrong_passwords_on_two_processes_count_together(redis_url: str) -> None:
    async def run() -> None:
        async with two_processes(redis_url, per_name=5, per_address=8, per_name_all=7) as (one, two):
            await two.succeeded("ann", "10.0.0.9")  # Ann's own address, known on every process
            for throttle in (one, two, one, two, one):
                await throttle.check("ann", "10.0.0.1")
                await throttle.failed("ann", "10.0.0.1")
            # five wrong in all from one address, three and two per process: it waits on both
            for throttle in (one, two):
                with pytest.raises(
                    ThrottledError, match=r"'ann' from your address: try again in (899|900) s"
                ):
                    await throttle.check("ann", "10.0.0.1")
            # two more from new addresses make the name's seven: new addresses wait for it
            for address in ("10.0.0.2", "10.0.0.3"):
                await one.check("ann", address)
                await one.failed("ann", address)
            with pytest.raises(ThrottledError, match="too many wrong passwords for 'ann'"):
                await two.check("ann", "10.0.0.4")
            await two.check("ann", "10.0.0.9")  # but not Ann at her own address
            # the address: 5 of its 8 spent; three more (on other names) and it waits too
            for name in ("bea", "cy", "di"):
                await two.check(name, "10.0.0.1")
                await two.failed(name, "10.0.0.1")
            with pytest.raises(ThrottledError, match="from your address"):
                await one.check("eve", "10.0.0.1")
            # Ann's right password (on the other process) clears her name everywhere
            await two.succeeded("ann", "10.0.0.4")
            await one.check("ann", "10.0.0.5")

    asyncio.run(run())


def test_sign_ins_to_a_name_count_over_processes(redis_url: str) -> None:
    async def run() -> None:
        async with two_processes(redis_url, tries_per_minute=4) as (one, two):
            for throttle in (one, two, one, two):
                await throttle.check("ann", "10.0.0.1")
            with pytest.raises(ThrottledError, match="too many sign-ins to 'ann' this minute"):
                await one.check("ann", "10.0.0.1")

    asyncio.run(run())


def test_with_redis_away_each_process_still_counts(services: None) -> None:
    async def run() -> None:
        bus = RedisBus("redis://127.0.0.1:1/0", "away")  # nothing listens on port 1
        throttle = RedisLoginThrottle(bus, per_name=3, per_address=20)
        try:
            for _ in range(3):
                await throttle.check("ann", "10.0.0.1")
                await throttle.failed("ann", "10.0.0.1")
            with pytest.raises(ThrottledError, match="the name 'ann' from your address"):
                await throttle.check("ann", "10.0.0.1")
        finally:
            await bus.close()

    asyncio.run(run())
