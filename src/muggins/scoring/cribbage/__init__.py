"""What cribbage alone scores: pegging during the play."""
