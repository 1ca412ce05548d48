"""Cribbage Squares strategy shared by its bot and its hints: what a placement is expected to add."""
