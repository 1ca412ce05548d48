"""Cribbage Squares scoring: each row and column of the grid shown as a cribbage hand."""
