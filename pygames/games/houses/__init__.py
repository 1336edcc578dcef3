"""Great Houses: a plot / challenge / dominance / power card game (2-4 players)."""

from ...core.game import GameInfo

#: the lobby's facts about the game, without its rules (pygames.INFOS)
INFO = GameInfo("houses", {"en": "Great Houses", "ja": "大いなる家系"}, min_players=2, max_players=4)
