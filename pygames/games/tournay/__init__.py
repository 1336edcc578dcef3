"""Tournay (Pearl Games 2011): build a 3x3 district of Tournay with citizens, events and prestige buildings."""

from ...core.game import GameInfo

#: the lobby's facts about the game, without its rules (pygames.INFOS)
INFO = GameInfo("tournay", {"en": "Tournay", "ja": "トゥルネー"}, min_players=2, max_players=4, description={
    "en": "Rebuild your district of Tournay: nine cards, three kinds of citizens, events and prestige buildings.",
    "ja": "トゥルネーの区画を再建しよう。9枚のカード、3種の市民、イベントと名声建造物。"})
