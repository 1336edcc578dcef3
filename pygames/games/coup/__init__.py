"""Coup (with BGA's options: factions, inquisitor, diplomat, rounds to win)."""

from ...core.game import GameInfo

#: the lobby's facts about the game, without its rules (pygames.INFOS)
INFO = GameInfo("coup", {"en": "Coup", "ja": "クー"}, min_players=2, max_players=6)
