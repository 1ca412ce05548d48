"""Cross Cribbage analysis: its hints and review."""
