"""Skalborg's scoring: the itemised hand count, its fast totals and their rank tables."""
