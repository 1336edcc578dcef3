"""Oriflamme (Studio H, 2019) for 3 to 5 players: rules, bot heuristics, text and table markup."""

from ...core.game import GameInfo

#: the lobby's facts about the game, without its rules (pygames.INFOS)
INFO = GameInfo("oriflamme", {"en": "Oriflamme", "ja": "オリフラム"}, min_players=3, max_players=5)
