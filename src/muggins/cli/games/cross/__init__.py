"""cross in the terminal: its table, and its parts of the commands that differ by game."""
