"""Strategy shared by bots and analysis: what a hand is worth and what the other seats may hold."""
