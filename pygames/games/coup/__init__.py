"""Coup (with BGA's options: factions, inquisitor, diplomat, rounds to win)."""
