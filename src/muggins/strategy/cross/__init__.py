"""Cross Cribbage strategy: what a card laid or thrown is worth to each side."""
