"""Cribist analysis: hints."""
