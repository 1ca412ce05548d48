"""muggins.games."""
