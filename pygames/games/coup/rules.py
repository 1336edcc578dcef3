"""Coup (with BGA's options: factions, inquisitor, diplomat, rounds to win) as a state machine.

The turn is driven by a queue of steps in ``state["queue"]``. The first step is
always a decision of exactly one seat (choose an action, answer a reaction
window, reveal a card, lose a card, keep cards after an exchange, show a card
to an examiner, decide about an examined card). Automatic steps (resolving the
action, ending the turn, proving an embezzlement) are run by ``_run`` until
the next decision. Whether a step needs a decision depends only on public
information (a player with two face-down cards is always asked, even when
both are the same character), so views never leak hidden cards.

The rules are split along the game: court.py (the deck the options make, the seats, the deal, drawing
and losing cards), actions.py (the main actions and their claims), reactions.py (challenges and
blocks), roles.py (what the factions, the inquisitor and the diplomat add); this module is the
game's class: setup, whose decision it is, the legal actions and their check, the automatic steps,
views, scores.

Log entries are written as the dicts ``core.log_entry`` would make ({"key", "params"} and "to" for
private ones): a random game appends one or two per action, and the call with keyword arguments
cost several per cent of its time.

docs/rules/coup.md describes the rules exactly as implemented.
"""

from __future__ import annotations

from typing import Any

from ...core import Game, RecordError, log_visible_to, option
from ...core.rng import Rng
from . import INFO
from . import cards as C
from .actions import declare, keep, main_actions, main_match, main_refusal, resolve
from .court import (
    BLOCKS,
    CLAIMS,
    COURTS,
    DECK_CHARS,
    ORDER,
    OTHER_SEATS,
    SEATS_AFTER,
    combos,
    end_turn,
    living,
    lose,
    remove_cards,
    sort_cards,
    start_round,
)
from .reactions import TARGETED_BLOCKABLE, react, react_options, react_refusal, reveal, window
from .roles import embezzle_proof, inspect, show

__all__ = ["BLOCKS", "CLAIMS", "COURTS", "GAME", "ORDER", "OTHER_SEATS", "SEATS_AFTER", "TARGETED_BLOCKABLE",
           "CoupGame", "sort_cards"]


def _count(n: int, one: str, other: str) -> str:
    """A refusal's count and noun agreeing ("1 card", "2 cards"); the same rule as pygames.ui.i18n.plural,
    kept here so that the rules import nothing of the UI."""
    return f"{n} {one if n == 1 else other}"


class CoupGame(Game):
    info = INFO
    #: 2: cards are drawn at random from the court deck instead of shuffling it (docs/rules/coup.md,
    #: "Random draws"); a game saved or recorded by version 1 is refused
    version = 2

    # ================================================================ options
    def _option_specs(self) -> list[dict]:
        return [
            option("factions", "bool", False, "Factions (Reformation)", "派閥", min_players=3,
                   help_en="Monarchists and Populists: no attacks on your own faction while both "
                           "factions are alive; Convert and Embezzle with the almshouse.",
                   help_ja="君主主義者と民主主義者に分かれる。両派閥が残る間は同じ派閥を攻撃できない。"
                           "救貧院を使う派閥変更と横領が加わる。"),
            option("inquisitor", "bool", False, "Inquisitor (replaces Ambassador)", "異端審問官（大使と入れ替え）",
                   help_en="Exchange 1 card, or examine an opponent's card; blocks stealing.",
                   help_ja="交換は1枚。審問で相手の手札を1枚確認できる。強奪をブロックできる。"),
            option("diplomat", "bool", False, "Diplomat (replaces Duke)", "外交官（公爵と入れ替え）",
                   help_en="No Tax: Cooperate (+2 for you, +1 for another player); blocks Foreign Aid.",
                   help_ja="徴税の代わりに協力（自分+2、相手+1）。援助をブロックできる。"),
            option("wins_needed", "int", 1, "Rounds to win", "必要な勝利数", minimum=1, maximum=5,
                   help_en="Play rounds until someone has won this many.",
                   help_ja="この数のラウンドに勝ったプレイヤーの勝利。"),
        ]

    # ================================================================ setup
    def _setup(self, num_players: int, rng: Rng, options: dict) -> dict:
        """A random deal (tests build fixed positions from it: tests/coup/coup_helpers.py, checked
        by _check_state). opts["no_shuffle"] is for those positions: draws then take the court's top."""
        n = num_players
        opts = {"factions": options["factions"], "inquisitor": options["inquisitor"],
                "diplomat": options["diplomat"], "wins_needed": options["wins_needed"],
                "no_shuffle": False}
        state: dict[str, Any] = {
            "num_players": n, "opts": opts, "chars": list(DECK_CHARS[opts["diplomat"], opts["inquisitor"]]),
            "round": 0, "wins": [0] * n, "start": 0, "turn": 0, "over": False, "hands": [], "lost": [],
            "coins": [], "factions": None, "almshouse": 0, "deck": [], "info": None, "queue": [], "log": [],
        }
        start_round(state, rng, rng.randbelow(n))
        return state

    # ================================================================ what a bot asks
    @staticmethod
    def claim_of(state: dict, action_type: str) -> tuple[str | None, bool]:
        """(claimed character, negative) of a main action; negative: claims NOT to hold it."""
        opts = state["opts"]
        return CLAIMS[opts["diplomat"], opts["inquisitor"]][action_type]

    # ================================================================ whose decision
    #: the state's "over" flag answers is_over and the base's check in legal_actions (every step of
    #: a random game asks them): no need to work out whose decision it is
    over_flag = "over"

    def _current_player(self, state: dict) -> int | None:
        if state["over"]:
            return None
        step = state["queue"][0]
        k = step["k"]
        if k == "react":
            return step["order"][step["i"]]
        if k == "act":
            return state["turn"]
        return step["seat"]

    # ================================================================ legal actions
    # One statement per decision of what is legal, which the list, apply's check (_legal_match)
    # and the reason of a refusal (_why_illegal) all read: a turn's main action, actions.main_kinds
    # (through MENUS) and roles.targets / roles.conversions; an answer in a reaction window,
    # reactions.react_options; a card to reveal, lose or show, the seat's hand; the cards to keep
    # after an exchange, the combinations of hand and cards drawn; the examiner's decision, its two
    # answers.
    def _legal_actions(self, state: dict) -> list[dict]:
        """The rules' list (asked only while the game is not over): one call for every step of a
        random game."""
        step = state["queue"][0]
        k = step["k"]
        if k == "react":
            can_challenge, blocks = react_options(state, step, step["order"][step["i"]])
            acts: list[dict] = [{"type": "pass"}, {"type": "challenge"}] if can_challenge else [{"type": "pass"}]
            for card in blocks:
                acts.append({"type": "block", "card": card})
            return acts
        if k == "act":
            return main_actions(state)
        if k in ("reveal", "lose", "show"):  # one choice per distinct card (a hand is sorted)
            hand = state["hands"][step["seat"]]
            if hand[0] == hand[-1]:
                return [{"type": k, "card": hand[0]}]
            return [{"type": k, "card": c} for c in hand]
        if k == "keep":
            pool = state["hands"][step["seat"]] + step["drawn"]
            return [{"type": "keep", "cards": combo} for combo in combos(pool, step["n"])]
        if k == "inspect":
            return [{"type": "examine_keep"}, {"type": "examine_swap"}]
        raise RecordError(f"unknown step {k!r}")  # pragma: no cover

    def _legal_match(self, state: dict, action: dict) -> dict | None:
        """The legal action equal to ``action`` (a fresh dict), or None, checked against the same
        statement as the list: a main action against ``main_kinds`` (MENUS) and the seats, an answer
        against ``react_options``, a card against the hand, the cards to keep against the pool."""
        step = state["queue"][0]
        k = step["k"]
        kind = action["type"]
        if k == "react":  # every answer of a window is checked here: react_options asked in place
            if len(action) == 1 and kind in ("pass", "challenge"):
                if kind == "pass" or react_options(state, step, step["order"][step["i"]])[0]:
                    return {"type": kind}
                return None
            card = action.get("card") if kind == "block" and len(action) == 2 else None
            if type(card) is str and card in react_options(state, step, step["order"][step["i"]])[1]:
                return {"type": "block", "card": card}
            return None
        if k == "act":
            return main_match(state, action)
        if k in ("reveal", "lose", "show"):
            card = action.get("card") if kind == k and len(action) == 2 else None
            return {"type": k, "card": card} if type(card) is str and card in state["hands"][step["seat"]] else None
        if k == "keep":  # what combos lists: step["n"] cards of the hand and the cards drawn, in character order
            cards = action.get("cards") if kind == "keep" and len(action) == 2 else None
            if type(cards) is not list or len(cards) != step["n"] or \
                    any(type(c) is not str or c not in ORDER for c in cards) or cards != sort_cards(cards):
                return None
            try:
                remove_cards(state["hands"][step["seat"]] + step["drawn"], cards)
            except ValueError:
                return None
            return {"type": "keep", "cards": list(cards)}
        if k == "inspect" and len(action) == 1 and kind in ("examine_keep", "examine_swap"):
            return {"type": kind}
        return None

    def _why_illegal(self, state: dict, action: dict) -> str | None:
        step = state["queue"][0]
        k = step["k"]
        if k == "act":
            return main_refusal(state, action)
        expected = {"react": "pass, challenge or block", "reveal": "reveal", "lose": "lose",
                    "keep": "keep", "show": "show", "inspect": "examine_keep or examine_swap"}[k]
        pending = f"the decision now is {expected}"
        kind = action.get("type")
        if k == "react":
            return react_refusal(state, step, action, pending)
        if k in ("reveal", "lose", "show") and kind == k:
            cards = sorted({a["card"] for a in self._legal_actions(state)})
            return f"you hold no {action.get('card')!r} (your cards: {', '.join(cards)}); {pending}"
        if k == "keep" and kind == "keep":
            return (f"keep {_count(step['n'], 'card', 'cards')} from your hand and the cards drawn "
                    f"({', '.join(sorted(state['hands'][step['seat']] + step['drawn']))}); {pending}")
        return pending

    # ================================================================ apply
    def _copy_state(self, state: dict) -> dict:
        """A copy for ``apply``: a new list or dict for every part an action changes in place.

        Shared with the original: the options and the character list (never changed), the
        log entries (only ever appended), each seat's hand and lost cards and the court deck
        (the rules replace these lists, never change them), the queue's steps after the
        first (only the first step changes in place: a reaction window's "i", and a window
        is always put first) and what a
        step holds in lists (a step's "order" and "drawn" are replaced, never changed).
        """
        new = dict(state)
        new["wins"] = list(state["wins"])
        new["hands"] = list(state["hands"])
        new["lost"] = list(state["lost"])
        new["coins"] = list(state["coins"])
        if state["factions"] is not None:
            new["factions"] = list(state["factions"])
        if state["info"] is not None:
            new["info"] = dict(state["info"])
        queue = state["queue"]
        if queue:
            new["queue"] = [dict(queue[0]), *queue[1:]]
        else:
            new["queue"] = []
        new["log"] = list(state["log"])
        return new

    def _apply(self, state: dict, action: dict, rng: Rng) -> None:
        step = state["queue"][0]
        k = step["k"]
        if k == "react":
            if action["type"] == "pass" and step["i"] + 1 < len(step["order"]):
                step["i"] += 1  # the next seat of the window answers: nothing automatic follows
                return
            react(state, step, step["order"][step["i"]], action)
        elif k == "act":
            declare(state, action)
        elif k == "reveal":
            reveal(state, step, action["card"], rng)
        elif k == "lose":
            state["queue"].pop(0)
            lose(state, step["seat"], action["card"], step["why"])
        elif k == "keep":
            keep(state, step, action["cards"])
        elif k == "show":
            show(state, step, action["card"])
        elif k == "inspect":
            inspect(state, step, action["type"] == "examine_swap", rng)
        self._run(state, rng)

    # ================================================================ automatic steps
    def _run(self, state: dict, rng: Rng) -> None:
        """Run automatic steps until a seat has to decide (or the game is over)."""
        while True:
            queue = state["queue"]  # read again after each step: some steps replace the queue
            step = queue[0]
            k = step["k"]
            if k == "react":
                if step["i"] < len(step["order"]):
                    return
                queue.pop(0)  # a window nobody (else) may answer
            elif k in ("act", "keep", "inspect"):
                return
            elif k == "resolve":
                queue.pop(0)
                resolve(state, rng)
            elif k == "end":
                end_turn(state)
                return  # the next player's main action: a decision
            elif k in ("reveal", "lose", "show"):
                hand = state["hands"][step["seat"]]
                if len(hand) >= 2:
                    return  # a decision (asked even of two equal cards: the count is public)
                if k == "reveal":
                    reveal(state, step, hand[0], rng)
                elif k == "show":
                    show(state, step, hand[0])
                else:
                    queue.pop(0)
                    if hand:  # the target may have lost its last card in a challenge first
                        lose(state, step["seat"], hand[0], step["why"])
            elif k == "second":
                queue[0] = window(state, "second", state["info"]["target"])
            elif k == "embezzle_proof":
                queue.pop(0)
                embezzle_proof(state, step["challenger"], rng)
            elif k == "round_end":
                self._end_round(state, rng)
                if state["over"]:
                    return
            else:
                raise RecordError(f"unknown step {k!r}")  # pragma: no cover

    def _end_round(self, state: dict, rng: Rng) -> None:
        winner = living(state)[0]
        state["wins"][winner] += 1
        state["log"].append({"key": "round_won", "params": {"seat": winner, "round": state["round"],
                                                                 "wins": state["wins"][winner]}})
        if state["wins"][winner] >= state["opts"]["wins_needed"]:
            state["over"] = True
            state["info"] = None
            state["queue"] = []
            state["log"].append({"key": "game_won", "params": {"seat": winner}})
            return
        start_round(state, rng, winner)

    # ================================================================ views
    def _view(self, state: dict, seat: int | None) -> dict:
        queue = []
        for step in state["queue"]:
            step = dict(step)
            if step["k"] == "keep":
                drawn = step.pop("drawn")
                step["drawn_count"] = len(drawn)
                if seat == step["seat"]:
                    step["drawn"] = list(drawn)
            elif step["k"] == "inspect":
                card = step.pop("card")
                if seat in (step["seat"], step["target"]):
                    step["card"] = card
            elif step["k"] == "react":
                step["order"] = list(step["order"])
            queue.append(step)
        return {
            "seat": seat,
            "num_players": state["num_players"],
            "options": dict(state["opts"]),
            "chars": list(state["chars"]),
            "round": state["round"],
            "wins": list(state["wins"]),
            "start": state["start"],
            "turn": state["turn"],
            "over": state["over"],
            "to_move": self._current_player(state),
            "coins": list(state["coins"]),
            "factions": None if state["factions"] is None else list(state["factions"]),
            "almshouse": state["almshouse"],
            "deck_count": len(state["deck"]),
            "hand_counts": [len(h) for h in state["hands"]],
            "lost": [list(x) for x in state["lost"]],
            "hand": None if seat is None else list(state["hands"][seat]),
            "info": None if state["info"] is None else dict(state["info"]),
            "queue": queue,
            "log": log_visible_to(state["log"], seat),
        }

    def _sample_state(self, view: dict, seat: int, rng: Rng) -> dict:
        n = view["num_players"]
        chars = list(view["chars"])
        unknown = [c for c in chars for _ in range(C.COPIES)]
        own = list(view["hand"])
        unknown = remove_cards(unknown, own)
        for lost in view["lost"]:
            unknown = remove_cards(unknown, lost)
        queue = [dict(step) for step in view["queue"]]
        forced: dict[int, list[str]] = {}
        for step in queue:
            if step["k"] == "keep" and step["seat"] == seat:
                unknown = remove_cards(unknown, step["drawn"])
            if step["k"] == "inspect" and step["target"] != seat and "card" in step:
                forced.setdefault(step["target"], []).append(step["card"])
                unknown = remove_cards(unknown, [step["card"]])
        rng.shuffle(unknown)
        hands: list[list[str]] = []
        for s in range(n):
            if s == seat:
                hands.append(list(own))
                continue
            need = view["hand_counts"][s]
            got = list(forced.get(s, []))
            while len(got) < need:
                got.append(unknown.pop())
            hands.append(sort_cards(got))
        for step in queue:
            if step["k"] == "keep":
                if step["seat"] != seat:
                    step["drawn"] = sort_cards([unknown.pop() for _ in range(step["drawn_count"])])
                del step["drawn_count"]
            elif step["k"] == "inspect" and "card" not in step:
                step["card"] = rng.choice(hands[step["target"]])
            elif step["k"] == "react":
                step["order"] = list(step["order"])
        if len(unknown) != view["deck_count"]:
            raise ValueError("the view is inconsistent: card counts do not add up")
        return {
            "num_players": n, "opts": dict(view["options"]), "chars": chars, "round": view["round"],
            "wins": list(view["wins"]), "start": view["start"], "turn": view["turn"], "over": view["over"],
            "hands": hands, "lost": [list(x) for x in view["lost"]], "coins": list(view["coins"]),
            "factions": None if view["factions"] is None else list(view["factions"]),
            "almshouse": view["almshouse"], "deck": unknown,
            "info": None if view["info"] is None else dict(view["info"]),
            "queue": queue, "log": list(view["log"]),
        }

    # ================================================================ scores
    def _scores(self, state: dict) -> list[float]:
        return list(state["wins"])

    def _winners(self, state: dict) -> list[int]:
        need = state["opts"]["wins_needed"]
        return [s for s in range(state["num_players"]) if state["wins"][s] >= need]

    def _check_state(self, state: dict) -> None:
        """The one check of a state that did not come from play: a loaded save, or a test position
        (tests/coup/coup_helpers.py). Cards, coins, seats, factions and the almshouse must add up."""
        n = state["num_players"]
        try:
            opts = state["opts"]
            cards = list(state["deck"])
            for s in range(n):
                cards += state["hands"][s] + state["lost"][s]
            for step in state["queue"]:
                if step.get("k") == "keep":
                    cards += step["drawn"]
            full = sort_cards([c for c in state["chars"] for _ in range(C.COPIES)])
            factions = state["factions"]
            ok = sort_cards(cards) == full and len(state["coins"]) == n and \
                all(type(c) is int and c >= 0 for c in state["coins"]) and \
                (state["over"] or bool(state["queue"])) and \
                len(state["hands"]) == len(state["lost"]) == n and all(len(h) <= 2 for h in state["hands"]) and \
                list(state["chars"]) == list(DECK_CHARS[opts["diplomat"], opts["inquisitor"]]) and \
                type(opts["no_shuffle"]) is bool and \
                all(type(state[key]) is int and 0 <= state[key] < n for key in ("turn", "start")) and \
                ((factions is None) if not opts["factions"] else
                 (len(factions) == n and all(type(f) is int and f in (0, 1) for f in factions))) and \
                type(state["almshouse"]) is int and state["almshouse"] >= 0 and \
                (opts["factions"] or state["almshouse"] == 0)
        except (KeyError, TypeError, ValueError, IndexError):
            ok = False
        if not ok:
            raise RecordError("the saved state is damaged "
                              "(cards, coins, seats, factions or the almshouse do not add up)")


GAME = CoupGame()
