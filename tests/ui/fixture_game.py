"""A tiny game used ONLY by the UI tests (never shipped, never in pygames.GAME_IDS).

"Gift": each player holds 3 cards (values 1-5). On your turn either pass, or give
a card from your hand to another player (two clicks: the card, then the player).
A card given scores its value for the receiver. The game ends when every hand
is empty or after everyone passed in a row. Hands are hidden. It exercises the
table protocol: places on the board (hand cards) and buttons (targets, pass),
multi-click moves with Back, names in prompts and log lines (escaped), options
(one bool, one int offered from 3 players on).

``install(monkeypatch)`` registers it as game id "fixture" for one test.
"""

from __future__ import annotations

import sys
import types

import pygames
from pygames.core import Game, log_entry, log_visible_to, option
from pygames.ui.html import choice_attrs, esc

GAME_ID = "fixture"


class GiftGame(Game):
    id = GAME_ID
    min_players = 2
    max_players = 4
    title = {"en": "Gift (test)", "ja": "ギフト（テスト）"}
    description = {"en": "A test game.", "ja": "テスト用のゲーム。"}
    version = 1

    def _option_specs(self) -> list[dict]:
        return [option("double", "bool", False, "Double points", "得点2倍"),
                option("hand_size", "int", 3, "Hand size", "手札の枚数", minimum=1, maximum=4, min_players=3)]

    def _setup(self, num_players, rng, options):
        hands = [[1 + rng.randbelow(5) for _ in range(options["hand_size"])] for _ in range(num_players)]
        return {"num_players": num_players, "hands": hands, "points": [0] * num_players, "turn": 0,
                "passes": 0, "double": options["double"], "log": [log_entry("start")]}

    def _current_player(self, state):
        if state["passes"] >= state["num_players"] or not any(state["hands"]):
            return None
        return state["turn"]

    def _legal_actions(self, state):
        seat = state["turn"]
        actions = [{"type": "give", "card": i, "to": p}
                   for i in range(len(state["hands"][seat])) for p in range(state["num_players"]) if p != seat]
        return actions + [{"type": "pass"}]

    def _apply(self, state, action, rng):
        seat = state["turn"]
        if action["type"] == "pass":
            state["passes"] += 1
            state["log"].append(log_entry("pass", seat=seat))
        else:
            value = state["hands"][seat].pop(action["card"])
            state["points"][action["to"]] += value * (2 if state["double"] else 1)
            state["passes"] = 0
            state["log"].append(log_entry("give", seat=seat, target=action["to"], value=value))
            state["log"].append(log_entry("secret", to=[seat], value=value))
        state["turn"] = (seat + 1) % state["num_players"]

    def _view(self, state, seat):
        return {"seat": seat, "turn": self._current_player(state), "points": list(state["points"]),
                "hand": list(state["hands"][seat]) if seat is not None else None,
                "counts": [len(h) for h in state["hands"]], "log": log_visible_to(state["log"], seat)}

    def _scores(self, state):
        return list(state["points"])

    def _winners(self, state):
        top = max(state["points"])
        return [i for i, p in enumerate(state["points"]) if p == top]

    def _sample_state(self, view, seat, rng):
        n = len(view["counts"])
        hands = [list(view["hand"]) if p == seat else [1 + rng.randbelow(5) for _ in range(c)]
                 for p, c in enumerate(view["counts"])]
        return {"num_players": n, "hands": hands, "points": list(view["points"]), "turn": view["turn"],
                "passes": 0, "double": False, "log": []}


GAME = GiftGame()


# ------------------------------------------------------------------ render.py protocol
def action_steps(action, view):
    if action["type"] == "pass":
        return ["pass"]
    return [f"card:{action['card']}", f"to:{action['to']}"]


def step_label(key, view, lang, names=None):
    if key == "pass":
        return "Pass" if lang == "en" else "パス"
    kind, _, arg = key.partition(":")
    if kind == "card":
        return f"Card {view['hand'][int(arg)]}"
    return (f"Give to seat {int(arg) + 1}" if lang == "en" else f"{int(arg) + 1}番席に渡す")


def prompt(view, seat, lang, names):
    if view["turn"] is None:
        return "Over" if lang == "en" else "終了"
    return f'<b class="name">{esc(names[view["turn"]])}</b>: ' + \
        ("give a card or pass" if lang == "en" else "カードを渡すかパス")


def board(view, seat, lang, names, choices, picked=()):
    shown = set()
    parts = ['<div class="pg-row">']
    for p, count in enumerate(view["counts"]):
        parts.append(f'<div class="pg-player"><b class="name">{esc(names[p])}</b> '
                     f'<span class="pg-chip">{view["points"][p]}</span> {count} cards</div>')
    parts.append("</div><div class=\"pg-row\">")
    for i, value in enumerate(view["hand"] or []):
        key = f"card:{i}"
        attrs = ""
        if key in choices:
            attrs = " " + choice_attrs(key)
            shown.add(key)
        parts.append(f'<div class="pg-card"{attrs}>{value}</div>')
    parts.append("</div>")
    return "".join(parts), shown


def game_over(view, lang, names):
    rows = "".join(f"<tr><td>{esc(names[p])}</td><td>{pts}</td></tr>" for p, pts in enumerate(view["points"]))
    return f"<table>{rows}</table>"


# ------------------------------------------------------------------ text.py protocol
def log_line(entry, lang, names):
    p = entry["params"]
    if entry["key"] == "start":
        return "The game starts." if lang == "en" else "ゲーム開始。"
    if entry["key"] == "pass":
        return f'<b class="name">{esc(names[p["seat"]])}</b> passes.'
    if entry["key"] == "secret":
        return f"You gave a {p['value']}."
    return (f'<b class="name">{esc(names[p["seat"]])}</b> gives {p["value"]} '
            f'to <b class="name">{esc(names[p["target"]])}</b>.')


# ------------------------------------------------------------------ bot.py protocol
def scores(view, legal, seat, rng):
    return [0.0 if a["type"] == "pass" else float(view["hand"][a["card"]]) for a in legal]


def install(monkeypatch) -> GiftGame:
    """Register this module as pygames.games.fixture (rules/render/text/bot) for one test."""
    module = sys.modules[__name__]
    package = types.ModuleType(f"pygames.games.{GAME_ID}")
    package.__path__ = []  # a package, so submodule lookups go through sys.modules
    monkeypatch.setitem(sys.modules, f"pygames.games.{GAME_ID}", package)
    for name in ("rules", "render", "text", "bot"):
        monkeypatch.setitem(sys.modules, f"pygames.games.{GAME_ID}.{name}", module)
    monkeypatch.setitem(pygames.GAMES, GAME_ID, GAME)
    return GAME
