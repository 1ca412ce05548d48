"""Cribist strategy: the sampled search over deals."""
