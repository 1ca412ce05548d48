"""muggins.cli."""
