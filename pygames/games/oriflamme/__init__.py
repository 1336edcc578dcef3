"""Oriflamme (Studio H, 2019) for 3 to 5 players: rules, bot heuristics, text and table markup."""
