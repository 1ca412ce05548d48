"""muggins.bots."""
