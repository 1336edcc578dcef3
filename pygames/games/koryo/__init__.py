"""Koryo (高麗): majorities of nine characters over eight rounds."""

from ...core.game import GameInfo

#: the lobby's facts about the game, without its rules (pygames.INFOS)
INFO = GameInfo("koryo", {"en": "Koryo", "ja": "高麗"}, min_players=2, max_players=4)
