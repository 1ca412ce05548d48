"""Learning: what players learn from after the game.

Owns finished games' history, step-through replay and reviews with their routes (``history``),
the reviews made in the background and kept (``reviews``), the trainers' drills and daily puzzles
with their routes (``trainer``), and the HTTP dependency on the reviewer (``deps``). It builds on
accounts and the store, and reads games through the registry and ``muggins.analysis``."""
