"""Cross Cribbage: two sides lay cards on a five-by-five grid, rows against columns."""
