"""Cribist's scoring: a trick counted as a cribbage hand."""
