"""Cross Cribbage scoring: its grid of five rows and five columns."""
