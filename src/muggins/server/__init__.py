"""muggins.server."""
