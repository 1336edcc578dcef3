"""Tournay (Pearl Games 2011): build a 3x3 district of Tournay with citizens, events and prestige buildings."""
