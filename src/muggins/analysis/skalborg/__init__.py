"""Skalborg analysis: bot-against-bot duels."""
