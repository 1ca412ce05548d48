"""muggins.scoring."""
