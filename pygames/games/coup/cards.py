"""Coup character and action data (plain tables, no logic).

Names and ability texts in both languages live in text.py.
"""

from __future__ import annotations

from typing import Any

#: copies of each character in the court deck
COPIES = 3

#: every character id, in display / sort order
CHARACTERS = ("duke", "diplomat", "assassin", "captain", "ambassador", "inquisitor", "contessa")

#: the five characters of the base game; the inquisitor option replaces the
#: ambassador, the diplomat option replaces the duke
BASE_DECK = ("duke", "assassin", "captain", "ambassador", "contessa")
REPLACEMENTS = {"inquisitor": ("ambassador", "inquisitor"), "diplomat": ("duke", "diplomat")}

#: colour (fill), a darker ink colour, and a one-letter badge (colour-blind friendly)
LOOK = {
    "duke": {"color": "#8e5cc0", "ink": "#3d1f5c", "letter": "D"},
    "diplomat": {"color": "#4f9fd8", "ink": "#103e5e", "letter": "P"},
    "assassin": {"color": "#4a4a4a", "ink": "#111111", "letter": "A"},
    "captain": {"color": "#3d7fd1", "ink": "#0f2e55", "letter": "C"},
    "ambassador": {"color": "#5aa34a", "ink": "#1e4716", "letter": "B"},
    "inquisitor": {"color": "#2f9c8c", "ink": "#0d3e37", "letter": "I"},
    "contessa": {"color": "#c9403a", "ink": "#5a1210", "letter": "T"},
}

#: starting coins: 2 each; with 2 players both start with 1 (as on BGA)
START_COINS = 2
START_COINS_TWO_PLAYERS = 1

COUP_COST = 7
FORCED_COUP = 10
ASSASSINATE_COST = 3
CONVERT_SELF_COST = 1
CONVERT_OTHER_COST = 2

#: main actions in menu order. claim: the character claimed ("*tax" = the duke-like
#: character of the variant, "*exchange" = ambassador or inquisitor, "!tax" = claims NOT
#: to hold the duke-like character); target: whether a target seat is chosen
ACTIONS: dict[str, dict[str, Any]] = {
    "income": {"claim": None, "target": False},
    "foreign_aid": {"claim": None, "target": False},
    "coup": {"claim": None, "target": True},
    "tax": {"claim": "duke", "target": False},
    "steal": {"claim": "captain", "target": True},
    "exchange": {"claim": "*exchange", "target": False},
    "assassinate": {"claim": "assassin", "target": True},
    "examine": {"claim": "inquisitor", "target": True},
    "cooperate": {"claim": "diplomat", "target": True},
    "convert": {"claim": None, "target": True},
    "embezzle": {"claim": "!tax", "target": False},
}
ACTION_ORDER = tuple(ACTIONS)

#: which characters block which action (before the variant substitutions)
BLOCKERS = {
    "foreign_aid": ("*tax",),
    "steal": ("captain", "*exchange"),
    "assassinate": ("contessa",),
    "examine": ("contessa",),
}

FACTIONS = ("monarchist", "populist")
