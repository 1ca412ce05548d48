"""muggins: the cribbage family of card games."""
