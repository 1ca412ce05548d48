"""Cribbage Squares: the patience game of sixteen cards laid on a four-by-four grid."""
