"""Cribbage for learning agents: its action space and observation layout."""
