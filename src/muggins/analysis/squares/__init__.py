"""Cribbage Squares analysis: its hints."""
