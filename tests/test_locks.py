"""Per-game locks: one game's clicks run one at a time, other games never wait, nothing accumulates."""

from __future__ import annotations

import asyncio

from cogs.ui.locks import KeyedLocks


async def test_the_same_key_runs_one_holder_at_a_time() -> None:
    locks, inside, most = KeyedLocks(), 0, 0

    async def work() -> None:
        nonlocal inside, most
        async with locks(1):
            inside += 1
            most = max(most, inside)
            await asyncio.sleep(0.01)
            inside -= 1

    await asyncio.gather(*(work() for _ in range(5)))
    assert most == 1


async def test_different_keys_do_not_wait_for_each_other() -> None:
    locks = KeyedLocks()
    release = asyncio.Event()

    async def hold_one() -> None:
        async with locks(1):
            await release.wait()

    holder = asyncio.create_task(hold_one())
    await asyncio.sleep(0)
    assert locks.locked(1)
    async with asyncio.timeout(1), locks(2):  # would time out if key 2 waited for key 1
        assert locks.locked(2)
        assert locks.locked(1)
    release.set()
    await holder
    assert len(locks) == 0


async def test_entries_are_dropped_when_unused_even_after_errors() -> None:
    locks = KeyedLocks()
    for key in range(100):
        async with locks(key):
            pass
    try:
        async with locks("boom"):
            raise ValueError
    except ValueError:
        pass
    assert len(locks) == 0
    assert not locks.locked("boom")
