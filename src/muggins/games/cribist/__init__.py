"""Cribist, the cribbage and whist fusion for four. The registry loads the engine from ``game``
(its ``GAME``); the package imports nothing itself, so that its options load without the engine."""
