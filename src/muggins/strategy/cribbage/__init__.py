"""Cribbage strategy: keep values, crib tables and reading the other hands."""
