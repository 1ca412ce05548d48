"""Cribbage in all its common forms. The registry loads the engine from ``game`` (its ``GAME``);
the package imports nothing itself, so that its options load without the engine."""
