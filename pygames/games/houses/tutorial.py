"""Great Houses' guided first game (data only; the machinery is pygames/core/tutorial.py).

Two seats: the player (seat 0, House Vorhelm) and one scripted bot (seat 1, House Miravelle). The
lesson joins a game at round 5, the player at 11 power and the bot at 12 of the 15 that win, so
that one turn shows every part of a round: the plot phase (a plot's four numbers, initiative
deciding who goes first), the draw and the gold of the turn, marshalling a character, a military,
an intrigue and a power challenge (attackers and defenders kneel, STR compared, ties to the
attacker, each kind's claim, the unopposed bonus), the keywords met on the way (Vanguard, Bulwark,
Renown, Intimidate), dominance and the win at 15. The deal is laid over a fresh game's first state
and checked by the rules' state check (it is a position like the tests' fixed deals: no shuffle,
setup done). The decks hold no Challenge or Reaction events, so no event window asks anyone:
every click is a decision the notes explain. Cards in play are numbered by ``uid``; the notes'
words are in text.py (TUTORIAL_NOTES).
"""

from __future__ import annotations

from ...core.tutorial import Step, Tutorial

_R = "prompt"  # the player's prompt: the note sits by the choices


def _inst(uid: int, cid: str, power: int = 0) -> dict:
    """A card in play (standing, no attachment)."""
    return {"uid": uid, "cid": cid, "knelt": False, "power": power, "atts": []}


# uids of the cards in play that the script names
LANCER, RAIDER, HERALD, DRASHKA, MARKET = 1, 2, 3, 4, 5
SENTRY, FACTOR, BROKER, MARSHAL, WATCHMAN, BOURSE = 6, 7, 8, 9, 10, 11
WARBAND = 12  # the character you marshal: the next uid

_YOU = {
    "hand": ["V06", "V07", "V12"],  # Iron Steppe Warband, Siegebreaker, Steppe Warhorse
    "deck": ["V02", "N06", "V01", "V05", "N04", "V04", "N05", "V03"],  # the turn draws the first two
    "discard": ["V01", "N01", "V02", "N10"],
    "dead": ["V03"],
    "chars": [_inst(LANCER, "V05"), _inst(RAIDER, "V03"), _inst(HERALD, "V04"), _inst(DRASHKA, "V09", power=1)],
    "locs": [_inst(MARKET, "N01")],
    "power": 10,
    "plots": ["P2", "P3", "P6"], "used": ["P1", "P4", "P5", "P7"],
}
_BOT = {
    "hand": ["R05", "R12", "N07"],  # Hired Blades, Purse of Favors, Tempered Blade
    "deck": ["R01", "R04", "N06", "R05", "R03", "N01", "R06", "N05"],
    "discard": ["R13", "R02", "N10", "R05"],
    "dead": ["R01"],
    "chars": [_inst(SENTRY, "R03"), _inst(FACTOR, "R04"), _inst(BROKER, "R02"), _inst(MARSHAL, "R07"),
              _inst(WATCHMAN, "R01")],
    "locs": [_inst(BOURSE, "R11")],
    "power": 12,
    "plots": ["P1", "P4", "P6"], "used": ["P2", "P3", "P5", "P7"],
}


def _player(house: str, part: dict) -> dict:
    """A player's whole part of the state: the zones above, everything else as in a game's round 5."""
    in_play = [i["cid"] for i in part["chars"] + part["locs"]]
    cards = part["deck"] + part["hand"] + part["discard"] + part["dead"] + in_play
    return {"house": house, "deck_house": house, "agenda": None, "gold": 0, "plot": None, "choice": None,
            "facedown": [], "limited": [], "discount_used": False, "out": False, "decked": False,
            "placed": True, "decklist": sorted(cards), **part}


DEAL = {
    "fixed": {"no_shuffle": True, "skip_setup": True, "first_player": None},
    "round": 5, "stage": "plot", "seat": 0, "revealed": True, "setup_step": 2, "uid": WARBAND,
    "players": [_player("vorhelm", _YOU), _player("miravelle", _BOT)],
    "log": [{"key": "house", "params": {"seat": 0, "house": "vorhelm", "deck": "vorhelm"}},
            {"key": "house", "params": {"seat": 1, "house": "miravelle", "deck": "miravelle"}},
            {"key": "round", "params": {"round": 5}}],
}

# a bot's answer is played at once, so what it did is told by the note of the read step after it
STEPS = (
    Step("theme", "seat:0"),
    Step("goal", "race"),
    Step("late", "seat:0"),
    Step("plot", "plots", expect={"type": "plot", "plot": "P2"}),
    Step(None, "seat:1", bot={"type": "plot", "plot": "P4"}),
    Step("initiative", "seat:1"),
    Step("marshal", "hand", expect={"type": "marshal", "card": "V06"}),
    Step("end_marshal", _R, expect={"type": "end_marshal"}),
    Step("military", _R, expect={"type": "challenge", "kind": "M", "opponent": 1}),
    Step("attacker", _R, expect={"type": "attacker", "card": RAIDER}),
    Step("attackers_done", _R, expect={"type": "attackers_done"}),
    Step(None, "seat:1", bot={"type": "defender", "card": SENTRY}),
    Step(None, "seat:1", bot={"type": "defenders_done"}),
    Step(None, "seat:1", bot={"type": "kill", "card": WATCHMAN}),
    Step("military_won", "seat:1"),
    Step("intrigue", _R, expect={"type": "challenge", "kind": "I", "opponent": 1}),
    Step(None, "seat:1", bot={"type": "defenders_done"}),
    Step("intrigue_won", "seat:1"),
    Step("power", _R, expect={"type": "challenge", "kind": "P", "opponent": 1}),
    Step("power_attacker", _R, expect={"type": "attacker", "card": DRASHKA}),
    Step("power_done", _R, expect={"type": "attackers_done"}),
    Step(None, "seat:1", bot={"type": "defender", "card": FACTOR}),
    Step(None, "seat:1", bot={"type": "defenders_done"}),
    Step("power_won", "race"),
    Step("intimidate", "seat:1", expect={"type": "intimidate", "target": BROKER}),
    Step("dominance", "seat:0"),
    Step("end", "race"),
)

TUTORIAL = Tutorial(game_id="houses", num_players=2, deal=DEAL, steps=STEPS,
                    options={"house_0": "vorhelm", "house_1": "miravelle"})
