"""muggins.analysis."""
