"""Cross Cribbage in the learning environments: its actions and observation layout."""
