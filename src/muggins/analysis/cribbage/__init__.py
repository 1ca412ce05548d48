"""Cribbage analysis: discards, crib tables, pegging and the counting trainer."""
