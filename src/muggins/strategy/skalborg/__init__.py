"""Skalborg strategy: equity of a keep against the unseen cards."""
