"""Great Houses: a plot / challenge / dominance / power card game (2-4 players)."""
