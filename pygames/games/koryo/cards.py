"""Koryo card data (plain tables, no logic).

A card is identified by its kind: 1..9 are the characters (kind n has n copies
and scores n for its majority), 10 and 11 are the two event cards.
Piles are count vectors indexed by kind (index 0 unused).
"""

ROUNDS = 8
BANK_COINS = 8          # gold coins in the bank at the start (official component count)
CHARACTERS = (1, 2, 3, 4, 5, 6, 7, 8, 9)
OMNISCIENT, SPY, SENATOR, PRIEST, SHIPOWNER, BANKER, GUARDIAN, BROADCASTER, MERCHANT = CHARACTERS
BARBARIAN = 10          # -1; destroys a character card of another player, once per card played
LOBBYING = 11           # -1; swaps one character card each of two players, once per card played
EVENTS = (BARBARIAN, LOBBYING)
KINDS = CHARACTERS + EVENTS
NUM_KINDS = 12          # length of a count vector

#: event split option: (Barbarians, Lobbying). "5-5" is the seed's, "6-4" the secondary sources'.
EVENT_SPLITS = {"5-5": (5, 5), "6-4": (6, 4)}
DEFAULT_EVENT_SPLIT = "5-5"

#: per round 1..8 (index 0 unused)
DEAL = (0, 10, 9, 8, 7, 6, 5, 4, 3)       # cards dealt to each player
LIMIT = (0, 3, 4, 5, 6, 7, 8, 9, 10)      # table limit at the end of the round (and play limit, see rules)
BROADCASTER_BONUS = 1                     # extra card for the Broadcaster (8) majority
SENATOR_BONUS = 2                         # extra cards kept by the Senator (3) majority

#: order in which a player's powers and events act on their Action-phase turn (seed order)
ACTION_ORDER = ("spy", "priest", "banker", "barbarian", "lobbying")

#: seat colours (Okabe-Ito, colour-blind safe) and shapes, so owners differ by more than colour
SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
SEAT_SHAPES = ("●", "▲", "■", "◆")
