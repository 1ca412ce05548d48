"""muggins.web."""
