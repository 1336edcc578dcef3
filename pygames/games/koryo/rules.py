"""Koryo (Gary Kim, 2013): the rules engine.

See docs/rules/koryo.md for the rules as implemented and every decision.

State (plain data). Piles are count vectors indexed by kind (cards.NUM_KINDS long):
  round 1..8, first (first player of the round), phase "order" | "action" | "end" | "over",
  turn (seat whose phase turn it is), step (decision asked of `turn`, or None),
  deck (kinds, top first; hidden), hands, facedown (played, not yet revealed; hidden),
  tables (public), coins, bank, deal (cards dealt this round per seat), ship (Ship Owner
  holder for this round's Order phase), revealed (per seat, this round), pending (steps left
  for the Action-phase player), discard_left, keep_limit, log, options.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any, TypeGuard

from pygames.core import Game, Rng, log_entry, log_visible_to, option
from pygames.core.rng import draw_to_top  # the deal's draw (docs/rules/koryo.md, "Random draws")

from . import INFO
from . import cards as C
from .tables import (
    breakdown,
    characters,
    composition,
    empty_pile,
    holds_power,
    power_holder,
    score_holder,
    spy_protected,
)

#: the rules' game, and the tables' helpers the bot and the compact engine read from here
__all__ = ["GAME", "KoryoGame", "composition", "holds_power", "power_holder", "score_holder", "spy_protected"]

K = C.NUM_KINDS
#: the powers a player uses on their Action turn, in the seed's order (D5), before their events
POWER_STEPS = (("spy", C.SPY), ("priest", C.PRIEST), ("banker", C.BANKER))


# ------------------------------------------------------------------ what each decision allows
# One statement per decision of what is legal: the sets below (and play_most for the Order phase).
# The legal list (_legal_actions), apply's direct check (_legal_match) and the reason of a refusal
# (_why_illegal) all read them.
# (plain loops in these helpers: in CPython 3.11 a comprehension costs more than it saves on a few items)
def steal_targets(tables: list[list[int]], coins: list[int], seat: int) -> list[int]:
    """The Spy's choices: another seat with gold."""
    targets = []
    for p in range(len(tables)):
        if p != seat and coins[p] > 0:
            targets.append(p)
    return targets


def _count(n: int, one: str, other: str) -> str:
    """A refusal's count and noun agreeing ("1 card", "2 cards"); the same rule as pygames.ui.i18n.plural,
    kept here so that the rules import nothing of the UI."""
    return f"{n} {one if n == 1 else other}"


def priest_targets(tables: list[list[int]], seat: int) -> list[int]:
    """The Priest's choices: an event card kind on the seat's own table."""
    table, targets = tables[seat], []
    for k in C.EVENTS:
        if table[k] > 0:
            targets.append(k)
    return targets


def table_characters(table: list[int]) -> list[int]:
    """The character kinds on a table: what its seat may discard, what may be destroyed or swapped of it."""
    kinds = []
    for k in C.CHARACTERS:
        if table[k] > 0:
            kinds.append(k)
    return kinds


def destroy_targets(tables: list[list[int]], seat: int) -> list[int]:
    """The seats whose character cards the Barbarian of ``seat`` may destroy: another seat than
    the Guardian (7) majority's."""
    guardian = power_holder(tables, C.GUARDIAN)
    targets = []
    for target in range(len(tables)):
        if target != seat and target != guardian:
            targets.append(target)
    return targets


def swap_seats(tables: list[list[int]], seat: int) -> list[int]:
    """The seats whose cards the Lobbying of ``seat`` may swap (a card each of two of them): every
    seat but the Spy-protected one; none when ``seat`` itself is Spy-protected."""
    protected = spy_protected(tables)
    if protected == seat:
        return []
    return [p for p in range(len(tables)) if p != protected]


def destroy_actions(tables: list[list[int]], seat: int) -> Iterator[dict]:
    """The Barbarian's choices, one by one, as actions: a character card of a seat of
    destroy_targets (as swap_actions: the first two settle whether there is a choice)."""
    for target in destroy_targets(tables, seat):
        for kind in table_characters(tables[target]):
            yield {"type": "destroy", "target": target, "kind": kind}


def swap_actions(tables: list[list[int]], seat: int) -> Iterator[dict]:
    """The Lobbying swaps, one by one, as actions: a card of seat a for a card of another kind of
    seat b, a < b, both of swap_seats. Whether a Lobbying card has no, one or several choices is
    settled by the first two, without building the others (up to a few hundred)."""
    seats = swap_seats(tables, seat)
    kinds = [table_characters(table) for table in tables]
    for i, a in enumerate(seats):
        kinds_a = kinds[a]
        if not kinds_a:
            continue
        for b in seats[i + 1:]:
            kinds_b = kinds[b]
            for ka in kinds_a:
                for kb in kinds_b:
                    if ka != kb:
                        yield {"type": "swap", "a": a, "ka": ka, "b": b, "kb": kb}


def play_cap(state_or_view: dict) -> int | None:
    """The most cards one may play in the Order phase (None: no cap)."""
    if state_or_view["options"]["play_limit"]:
        return C.LIMIT[state_or_view["round"]]
    return None


def _is_kind(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in C.KINDS


#: the fields of each action besides "type" (all ints, but play2's list of two kinds)
_ACTION_FIELDS = {"play": ("kind", "count"), "play2": ("kinds",), "steal": ("target",), "priest": ("kind",),
                  "destroy": ("target", "kind"), "swap": ("a", "ka", "b", "kb"), "discard": ("kind",)}


def _is_seat(value: Any, tables: list) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(tables)


#: by the most cards one may play (up to the most copies of a kind, 9 Merchants: more allows as
#: many), then by the count held of a kind: the counts one may play of it, 1..min(held, most),
#: without a range and a min per kind
_MOST_COPIES = max(composition("6-4")[1:])
_COUNTS_UP_TO = tuple(tuple(tuple(range(1, min(held, most) + 1)) for held in range(_MOST_COPIES + 1))
                      for most in range(_MOST_COPIES + 1))


def play_most(hand: list[int], cap: int | None) -> int:
    """The most cards one may play from ``hand`` in the Order phase: the cap, or the whole hand.
    Of a kind one plays 1 up to min(held, this) cards; two kinds of one card each (the Ship Owner's
    play2) need this to be 2 or more."""
    return sum(hand) if cap is None else cap


def play_actions(hand: list[int], cap: int | None, ship: bool) -> list[dict]:
    most = play_most(hand, cap)
    counts = _COUNTS_UP_TO[most if most < _MOST_COPIES else _MOST_COPIES]
    actions = []
    for kind in C.KINDS:  # a plain loop: this list is built for every Order-phase decision
        held = hand[kind]
        if held:
            for count in counts[held]:
                actions.append({"type": "play", "kind": kind, "count": count})
    if ship and most >= 2:
        present = [kind for kind in C.KINDS if hand[kind]]
        for i, a in enumerate(present):
            for b in present[i + 1:]:
                actions.append({"type": "play2", "kinds": [a, b]})
    return actions


def new_state(num_players: int, options: dict, first: int) -> dict:
    """Round 1 before the deal: the whole deck (in kind order; the deal draws at random from it),
    empty tables and purses, ``first`` to start. ``options`` are the lobby's (normalized);
    ``no_shuffle`` is kept in the state's options (false here) and read by every deal: a test
    position (tests/koryo/koryo_helpers.py) sets it, and the saves of today carry it."""
    n = num_players
    left = composition(options["events"])
    return {
        "num_players": n,
        "options": {"events": options["events"], "play_limit": options["play_limit"], "no_shuffle": False},
        "round": 1, "first": first, "phase": "order", "turn": first, "step": None,
        "deck": [k for k in C.KINDS for _ in range(left[k])], "hands": [empty_pile() for _ in range(n)],
        "facedown": [empty_pile() for _ in range(n)], "tables": [empty_pile() for _ in range(n)],
        "coins": [0] * n, "bank": C.BANK_COINS,
        "deal": [0] * n, "ship": None, "revealed": [False] * n,
        "pending": [], "discard_left": 0, "keep_limit": 0, "log": [],
    }


# ------------------------------------------------------------------ the game
class KoryoGame(Game):
    info = INFO
    version = 2  # 2: deals drawn with draw_to_top (docs/rules/koryo.md, "Random draws")

    def _option_specs(self) -> list[dict]:
        return [
            option("events", "choice", C.DEFAULT_EVENT_SPLIT, "Event cards", "イベントカード",
                   choices=list(C.EVENT_SPLITS),
                   choice_labels={"5-5": {"en": "5 Barbarians + 5 Lobbying", "ja": "蛮族5枚＋議会工作5枚"},
                                  "6-4": {"en": "6 Barbarians + 4 Lobbying", "ja": "蛮族6枚＋議会工作4枚"}}),
            option("play_limit", "bool", True, "Round limit also caps cards played",
                   "ラウンドの上限枚数を出せる枚数にも適用",
                   help_en="On: in the Order phase you play at most the round's limit (3, 4, ... 10). "
                           "Off: any number; only the end-of-round table limit applies.",
                   help_ja="オン：命令フェイズで出せる枚数もラウンドの上限（3, 4, … 10枚）まで。"
                           "オフ：枚数は自由で、終了フェイズの場札上限だけが適用されます。"),
        ]

    # -------------------------------------------------------------- setup
    def _setup(self, num_players: int, rng: Rng, options: dict) -> dict:
        state = new_state(num_players, options, rng.randbelow(num_players))
        self._start_round(state, rng)
        self._advance(state, rng)
        return state

    # -------------------------------------------------------------- flow
    def _start_round(self, state: dict, rng: Rng) -> None:
        """Distribution phase: the cards dealt are drawn at random from the whole deck (with every
        card returned to it), unless the state's options say no_shuffle (then from its top)."""
        n = state["num_players"]
        r, first = state["round"], state["first"]
        state["phase"], state["turn"], state["step"] = "order", first, None
        state["revealed"] = [False] * n
        state["facedown"] = [[0] * K for _ in range(n)]
        broadcaster = power_holder(state["tables"], C.BROADCASTER)
        deal = [C.DEAL[r]] * n
        if broadcaster is not None:
            deal[broadcaster] += C.BROADCASTER_BONUS
        deck = list(state["deck"])  # a new list: earlier states share the old one
        if not state["options"]["no_shuffle"]:
            draw_to_top(deck, sum(deal), rng)
        top = 0
        for i in range(n):  # each seat in turn order takes its cards from the top (fewer if it runs out)
            seat = (first + i) % n
            dealt = deck[top:top + deal[seat]]
            hand = [0] * K
            for kind in dealt:
                hand[kind] += 1
            state["hands"][seat] = hand
            deal[seat] = len(dealt)
            top += len(dealt)
        state["deck"] = deck[top:]
        state["deal"] = deal
        state["ship"] = power_holder(state["tables"], C.SHIPOWNER)
        state["log"].append({"key": "round", "params": {  # log_entry's form, written out (every round)
            "round": r, "first": first, "deal": list(state["deal"]), "limit": C.LIMIT[r],
            "broadcaster": broadcaster}})

    def _return_to_deck(self, state: dict, kinds: list[int]) -> None:
        state["deck"] = state["deck"] + kinds  # a new list: earlier states share the old one

    def _add_cards(self, state: dict, seat: int, kind: int, count: int) -> None:
        """``count`` cards of ``kind`` onto ``seat``'s table (a negative count takes them off). The
        seat's table becomes a new list: earlier states share the old one (see _copy_state)."""
        table = state["tables"][seat] = list(state["tables"][seat])
        table[kind] += count

    def _advance(self, state: dict, rng: Rng) -> None:
        """Run everything automatic until a seat has a decision (state["step"] set) or the game ends."""
        while state["step"] is None:
            phase, seat = state["phase"], state["turn"]
            if phase == "order":
                if any(state["hands"][seat]):
                    state["step"] = "play"
                    return
                state["log"].append(log_entry("no_play", seat=seat))
                self._end_order_turn(state, seat)
            elif phase == "action":
                if not state["revealed"][seat]:
                    self._reveal(state, seat)
                while state["pending"]:
                    pending = state["pending"]
                    state["pending"] = pending[1:]  # replaced, never changed: earlier states share the list
                    self._run_step(state, seat, pending[0])
                    if state["step"] is not None:
                        return
                nxt = (seat + 1) % state["num_players"]  # this seat's Action turn is over
                if nxt == state["first"]:
                    state["phase"], state["turn"] = "end", nxt
                    self._begin_end_turn(state, nxt)
                else:
                    state["turn"] = nxt
            elif phase == "end":
                if state["discard_left"] > 0:
                    table = state["tables"][seat]
                    kinds = table_characters(table)
                    if len(kinds) > 1 and state["discard_left"] < characters(table):
                        state["step"] = "discard"
                        return
                    for k in kinds:  # forced: one kind left, or every character must go
                        self._discard(state, seat, k, min(table[k], state["discard_left"]))
                    continue
                nxt = (seat + 1) % state["num_players"]
                if nxt != state["first"]:
                    state["turn"] = nxt
                    self._begin_end_turn(state, nxt)
                elif state["round"] == C.ROUNDS:
                    state["phase"], state["turn"] = "over", None
                    final = breakdown(state["tables"], state["coins"])
                    totals = [row["total"] for row in final]
                    best = max(totals)
                    state["log"].append(log_entry("game_end", totals=totals,
                                                  winners=[s for s, t in enumerate(totals) if t == best]))
                else:
                    state["round"] += 1
                    state["first"] = (state["first"] + 1) % state["num_players"]
                    self._start_round(state, rng)
            else:  # the game is over
                return

    def _end_order_turn(self, state: dict, seat: int) -> None:
        nxt = (seat + 1) % state["num_players"]  # the round's turns start at its first player
        if nxt == state["first"]:
            state["phase"] = "action"
        state["turn"] = nxt

    def _reveal(self, state: dict, seat: int) -> None:
        """The seat's face-down cards go onto its table; then its powers and events wait in the
        seed's order (D5). Whether the seat holds the Spy, Priest or Banker majority is settled
        here: no character card moves before those three steps (a steal moves gold, the Priest
        removes an event card)."""
        played = state["facedown"][seat]
        tables = state["tables"]
        table = tables[seat] = list(tables[seat])  # a new list: earlier states share the old one
        cards = []
        for kind in C.KINDS:
            count = played[kind]
            if count:
                table[kind] += count
                cards += [kind] * count
        state["revealed"][seat] = True
        state["facedown"][seat] = [0] * K
        state["log"].append({"key": "reveal", "params": {"seat": seat, "cards": cards}})  # log_entry's form
        pending = []
        for step, kind in POWER_STEPS:
            if table[kind] and holds_power(tables, seat, kind):  # most tables lack most kinds
                pending.append(step)
        if played[C.BARBARIAN] or played[C.LOBBYING]:  # most plays are of characters
            pending += ["barbarian"] * played[C.BARBARIAN] + ["lobbying"] * played[C.LOBBYING]
        state["pending"] = pending

    def _run_step(self, state: dict, seat: int, step: str) -> None:
        """One power (the seat holds it: see _reveal) or event of the Action-phase player:
        automatic when it has 0 or 1 choice."""
        tables, log = state["tables"], state["log"]
        if step == "spy":
            targets = steal_targets(tables, state["coins"], seat)
            if not targets:
                log.append(log_entry("no_steal", seat=seat))
            elif len(targets) == 1:
                self._steal(state, seat, targets[0])
            else:
                state["step"] = "steal"
        elif step == "priest":
            targets = priest_targets(tables, seat)
            if not targets:
                log.append(log_entry("no_priest", seat=seat))
            elif len(targets) == 1:
                self._priest(state, seat, targets[0])
            else:
                state["step"] = "priest"
        elif step == "banker":
            if state["bank"] > 0:
                state["bank"] -= 1
                coins = state["coins"] = list(state["coins"])  # a new list: earlier states share the old one
                coins[seat] += 1
                log.append(log_entry("bank", seat=seat))
            else:
                log.append(log_entry("bank_empty", seat=seat))
        elif step == "barbarian":
            destroys = list(islice(destroy_actions(tables, seat), 2))  # none, one, or a choice
            if not destroys:
                log.append(log_entry("no_destroy", seat=seat))
            elif len(destroys) == 1:
                self._destroy(state, seat, destroys[0]["target"], destroys[0]["kind"])
            else:
                state["step"] = "destroy"
        elif step == "lobbying":
            if spy_protected(tables) == seat:
                log.append(log_entry("lobby_blocked", seat=seat))
                return
            swaps = list(islice(swap_actions(tables, seat), 2))  # none, one, or a choice
            if not swaps:
                log.append(log_entry("no_swap", seat=seat))
            elif len(swaps) == 1:
                only = swaps[0]
                self._swap(state, seat, only["a"], only["ka"], only["b"], only["kb"])
            else:
                state["step"] = "swap"

    def _steal(self, state: dict, seat: int, target: int) -> None:
        coins = state["coins"] = list(state["coins"])  # a new list: earlier states share the old one
        coins[target] -= 1
        coins[seat] += 1
        state["log"].append(log_entry("steal", seat=seat, target=target))

    def _priest(self, state: dict, seat: int, kind: int) -> None:
        self._add_cards(state, seat, kind, -1)
        self._return_to_deck(state, [kind])
        state["log"].append(log_entry("priest", seat=seat, kind=kind))

    def _destroy(self, state: dict, seat: int, target: int, kind: int) -> None:
        self._add_cards(state, target, kind, -1)
        self._return_to_deck(state, [kind])
        state["log"].append(log_entry("destroy", seat=seat, target=target, kind=kind))

    def _swap(self, state: dict, seat: int, a: int, ka: int, b: int, kb: int) -> None:
        self._add_cards(state, a, ka, -1)
        self._add_cards(state, a, kb, 1)
        self._add_cards(state, b, kb, -1)
        self._add_cards(state, b, ka, 1)
        state["log"].append(log_entry("swap", seat=seat, a=a, ka=ka, b=b, kb=kb))

    def _begin_end_turn(self, state: dict, seat: int) -> None:
        table = state["tables"][seat]
        senator = table[C.SENATOR] > 0 and holds_power(state["tables"], seat, C.SENATOR)
        limit = C.LIMIT[state["round"]] + (C.SENATOR_BONUS if senator else 0)
        excess = sum(table) - limit
        state["keep_limit"] = limit
        state["discard_left"] = min(excess, characters(table)) if excess > 0 else 0
        if state["discard_left"]:
            state["log"].append(log_entry("must_discard", seat=seat, count=state["discard_left"],
                                          limit=limit, senator=senator))

    def _discard(self, state: dict, seat: int, kind: int, count: int = 1) -> None:
        self._add_cards(state, seat, kind, -count)
        state["discard_left"] -= count
        self._return_to_deck(state, [kind] * count)
        state["log"].append(log_entry("discard", seat=seat, kind=kind, count=count))

    # -------------------------------------------------------------- contract hooks
    def _current_player(self, state: dict) -> int | None:
        if state["phase"] == "over":
            return None
        return state["turn"]

    def _legal_actions(self, state: dict) -> list[dict]:
        step, seat, tables = state["step"], state["turn"], state["tables"]
        if step == "play":
            return play_actions(state["hands"][seat], play_cap(state), state["ship"] == seat)
        if step == "steal":
            return [{"type": "steal", "target": p} for p in steal_targets(tables, state["coins"], seat)]
        if step == "priest":
            return [{"type": "priest", "kind": k} for k in priest_targets(tables, seat)]
        if step == "destroy":
            return list(destroy_actions(tables, seat))
        if step == "swap":
            return list(swap_actions(tables, seat))
        if step == "discard":
            return [{"type": "discard", "kind": k} for k in table_characters(tables[seat])]
        return []

    def _copy_state(self, state: dict) -> dict:
        """A copy for ``apply``: new lists for every part an action changes in place.

        Shared with the original: the options, the deck, the pending steps, the hands, face-down
        piles and tables (each is replaced, never changed: ``_return_to_deck``, ``_add_cards``), the
        coins (replaced by a steal or the Banker), the deal counts (replaced each round) and the log
        entries (only appended).
        """
        new = dict(state)
        new["hands"] = list(state["hands"])
        new["facedown"] = list(state["facedown"])
        new["tables"] = list(state["tables"])
        new["revealed"] = list(state["revealed"])
        new["log"] = list(state["log"])
        return new

    def _apply(self, state: dict, action: dict, rng: Rng) -> None:
        seat, kind = state["turn"], action["type"]
        state["step"] = None
        if kind == "play" or kind == "play2":
            played = [0] * K
            rest = list(state["hands"][seat])  # the hand is replaced below: earlier states share it
            if kind == "play":
                k, count = action["kind"], action["count"]
                played[k] = count
                rest[k] -= count
                cards = [k] * count
            else:
                cards = list(action["kinds"])
                for k in cards:
                    played[k] = 1
                    rest[k] -= 1
            discarded = []
            for k in C.KINDS:
                left = rest[k]
                if left:
                    discarded += [k] * left
            state["facedown"][seat] = played
            state["hands"][seat] = [0] * K
            self._return_to_deck(state, discarded)
            # log_entry's form, written out: every Order-phase decision logs these two
            state["log"].append({"key": "placed", "params": {"seat": seat, "count": len(cards),
                                                             "discarded": len(discarded)}})
            state["log"].append({"key": "placed_you", "params": {"seat": seat, "cards": cards}, "to": [seat]})
            self._end_order_turn(state, seat)
        elif kind == "steal":
            self._steal(state, seat, action["target"])
        elif kind == "priest":
            self._priest(state, seat, action["kind"])
        elif kind == "destroy":
            self._destroy(state, seat, action["target"], action["kind"])
        elif kind == "swap":
            self._swap(state, seat, action["a"], action["ka"], action["b"], action["kb"])
        elif kind == "discard":
            self._discard(state, seat, action["kind"])
        self._advance(state, rng)

    def _legal_match(self, state: dict, action: dict) -> dict | None:
        """The legal action equal to `action` (a fresh dict), or None: the action's shape, then its
        fields checked against the sets _legal_actions lists (play_most, steal_targets ...)."""
        step, seat, kind = state["step"], state["turn"], action["type"]
        # the action's keys are exactly "type" and its fields: as many keys, and every field there
        # (a missing field reads None, which is not of the field's type)
        if kind == "play":
            if step != "play" or len(action) != 3:
                return None
            k, count = action.get("kind"), action.get("count")
            if type(k) is int and type(count) is int and 0 < k < K and 0 < count:
                hand = state["hands"][seat]
                if count <= hand[k] and count <= play_most(hand, play_cap(state)):
                    return {"type": "play", "kind": k, "count": count}
            return None
        if kind == "play2":
            if step != "play" or len(action) != 2 or state["ship"] != seat:
                return None
            kinds = action.get("kinds")
            if type(kinds) is not list or len(kinds) != 2:
                return None
            a, b = kinds
            hand = state["hands"][seat]
            if type(a) is int and type(b) is int and 0 < a < b < K and hand[a] and hand[b] \
                    and play_most(hand, play_cap(state)) >= 2:
                return {"type": "play2", "kinds": [a, b]}
            return None
        if kind != step or len(action) != len(_ACTION_FIELDS[kind]) + 1:
            return None
        for field in _ACTION_FIELDS[kind]:
            if type(action.get(field)) is not int:
                return None
        tables = state["tables"]
        if kind == "steal":
            target = action["target"]
            if target in steal_targets(tables, state["coins"], seat):
                return {"type": "steal", "target": target}
        elif kind == "priest":
            k = action["kind"]
            if k in priest_targets(tables, seat):
                return {"type": "priest", "kind": k}
        elif kind == "destroy":
            target, k = action["target"], action["kind"]
            if target in destroy_targets(tables, seat) and k in table_characters(tables[target]):
                return {"type": "destroy", "target": target, "kind": k}
        elif kind == "swap":
            a, ka, b, kb = action["a"], action["ka"], action["b"], action["kb"]
            if a < b and ka != kb and 0 <= a and b < len(tables):
                seats = swap_seats(tables, seat)
                if a in seats and b in seats and ka in table_characters(tables[a]) \
                        and kb in table_characters(tables[b]):
                    return {"type": "swap", "a": a, "ka": ka, "b": b, "kb": kb}
        elif kind == "discard":
            k = action["kind"]
            if k in table_characters(tables[seat]):
                return {"type": "discard", "kind": k}
        return None

    def _why_illegal(self, state: dict, action: dict) -> str | None:
        """Why `action` is refused, read from the same sets as the list and the check."""
        step, kind = state["step"], action.get("type")
        if kind != step and not (step == "play" and kind == "play2"):
            return f"the decision now is {step!r}"
        seat, tables = state["turn"], state["tables"]
        if kind == "play2":
            if state["ship"] != seat:
                return "only the Ship Owner (5) majority may play two different kinds"
            kinds = action.get("kinds")
            if not isinstance(kinds, list) or len(kinds) != 2 or any(not _is_kind(k) for k in kinds):
                return "play2 takes two card kinds"
            a, b = kinds
            if a == b:
                return "play2 is one card each of two different kinds (use play for one kind)"
            if a > b:
                return "list the two kinds of play2 in increasing order"
            missing = [k for k in kinds if state["hands"][seat][k] == 0]
            if missing:
                return f"you hold no card {missing[0]}"
            most = play_most(state['hands'][seat], play_cap(state))
            return f"at most {_count(most, 'card', 'cards')} may be played this round"
        if kind == "play":
            count, k = action.get("count"), action.get("kind")
            if not _is_kind(k):
                return f"there is no card kind {k!r}"
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                return "play at least one card"
            most = play_most(state["hands"][seat], play_cap(state))
            if count > most:
                return f"at most {_count(most, 'card', 'cards')} may be played this round"
            return f"you hold {state['hands'][seat][k]} × card {k}, not {count}"
        if kind == "steal":
            target = action.get("target")
            if target == seat:
                return "you cannot rob yourself"
            if _is_seat(target, tables) and state["coins"][target] == 0:
                return f"player {target + 1} has no gold"
            return f"rob another player who has gold: {steal_targets(tables, state['coins'], seat)}"
        if kind == "priest":
            return (f"you have no event card {action.get('kind')!r} on your table "
                    f"(event kinds there: {priest_targets(tables, seat)})")
        if kind == "destroy":
            target, k = action.get("target"), action.get("kind")
            if target == seat:
                return "destroy a card of another player"
            if _is_seat(target, tables) and target not in destroy_targets(tables, seat):
                return f"player {target + 1} holds the Guardian (7) majority: their cards cannot be destroyed"
            if _is_seat(target, tables) and _is_kind(k):
                return f"player {target + 1} has no card {k} on their table"
            return "name a player and one of their character kinds"
        if kind == "swap":
            a, ka, b, kb = (action.get(key) for key in ("a", "ka", "b", "kb"))
            seats = swap_seats(tables, seat)
            protected = spy_protected(tables)
            if protected is not None and (not seats or protected in (a, b)):
                return (f"player {protected + 1} holds the Spy (2) majority without a Guardian: "
                        "Lobbying cannot touch them")
            if _is_seat(a, tables) and _is_seat(b, tables):
                if a == b:
                    return "swap cards of two different players"
                if a > b:
                    return "name the earlier seat first (a < b)"
                if ka == kb:
                    return "swap two cards of different kinds"
                for p, k in ((a, ka), (b, kb)):
                    if k not in table_characters(tables[p]):
                        return f"player {p + 1} has no card {k} on their table"
            return "name two players and one character kind of each"
        if kind == "discard":
            return (f"you have no character card {action.get('kind')!r} on your table "
                    f"(character kinds there: {table_characters(tables[seat])})")
        return None

    # -------------------------------------------------------------- views, scores
    def _view(self, state: dict, seat: int | None) -> dict:
        n = state["num_players"]
        over = state["phase"] == "over"
        view = {
            "num_players": n, "seat": seat, "options": dict(state["options"]),
            "round": state["round"], "rounds": C.ROUNDS, "phase": state["phase"],
            "first": state["first"], "turn": None if over else state["turn"], "step": state["step"],
            "limit": C.LIMIT[state["round"]], "play_cap": play_cap(state), "deal": list(state["deal"]),
            "ship": state["ship"], "deck_count": len(state["deck"]), "bank": state["bank"],
            "coins": list(state["coins"]), "tables": [list(t) for t in state["tables"]],
            "hand_counts": [sum(h) for h in state["hands"]],
            "facedown_counts": [sum(f) for f in state["facedown"]],
            "revealed": list(state["revealed"]), "pending": list(state["pending"]),
            "discard_left": state["discard_left"], "keep_limit": state["keep_limit"],
            "hand": list(state["hands"][seat]) if seat is not None else None,
            "my_facedown": list(state["facedown"][seat]) if seat is not None else None,
            "log": log_visible_to(state["log"], seat),
        }
        if over:
            view["final"] = breakdown(state["tables"], state["coins"])
            view["winners"] = self._winners(state)
        return view

    def _scores(self, state: dict) -> list[float]:
        return [row["total"] for row in breakdown(state["tables"], state["coins"])]

    def _winners(self, state: dict) -> list[int]:
        totals = self._scores(state)
        best = max(totals)
        return [s for s, t in enumerate(totals) if t == best]

    def _sample_state(self, view: dict, seat: int, rng: Rng) -> dict:
        n = view["num_players"]
        pool = composition(view["options"]["events"])
        for table in view["tables"]:
            for k in C.KINDS:
                pool[k] -= table[k]
        for k in C.KINDS:
            pool[k] -= view["hand"][k] + view["my_facedown"][k]
        others = [p for p in range(n) if p != seat]
        facedown = [empty_pile() for _ in range(n)]
        facedown[seat] = list(view["my_facedown"])
        secret = [p for p in others if view["facedown_counts"][p] > 0]

        def options_for(p: int) -> list[list[int]]:
            count = view["facedown_counts"][p]
            opts = []
            for k in C.KINDS:
                if pool[k] >= count:
                    pile = empty_pile()
                    pile[k] = count
                    opts.append(pile)
            if count == 2 and view["ship"] == p:
                present = [k for k in C.KINDS if pool[k] > 0]
                for i, a in enumerate(present):
                    for b in present[i + 1:]:
                        pile = empty_pile()
                        pile[a] = pile[b] = 1
                        opts.append(pile)
            rng.shuffle(opts)
            return opts

        def place(index: int) -> bool:
            if index == len(secret):
                return True
            p = secret[index]
            for pile in options_for(p):
                for k in C.KINDS:
                    pool[k] -= pile[k]
                facedown[p] = pile
                if place(index + 1):
                    return True
                for k in C.KINDS:
                    pool[k] += pile[k]
            return False

        if not place(0):
            raise ValueError("no hidden deal is consistent with this view")
        unknown = [k for k in C.KINDS for _ in range(pool[k])]
        rng.shuffle(unknown)
        hands = [empty_pile() for _ in range(n)]
        hands[seat] = list(view["hand"])
        for p in others:
            for _ in range(view["hand_counts"][p]):
                hands[p][unknown.pop()] += 1
        if len(unknown) != view["deck_count"]:
            raise ValueError("the view's card counts do not add up")
        return {
            "num_players": n, "options": dict(view["options"]), "round": view["round"],
            "first": view["first"], "phase": view["phase"],
            "turn": view["turn"], "step": view["step"], "deck": unknown, "hands": hands,
            "facedown": facedown, "tables": [list(t) for t in view["tables"]], "coins": list(view["coins"]),
            "bank": view["bank"], "deal": list(view["deal"]), "ship": view["ship"],
            "revealed": list(view["revealed"]), "pending": list(view["pending"]),
            "discard_left": view["discard_left"], "keep_limit": view["keep_limit"],
            "log": [dict(e) for e in view["log"]],
        }

    def _check_state(self, state: dict) -> None:
        from pygames.core import RecordError
        n = state["num_players"]
        if not 2 <= n <= 4 or state["options"].get("events") not in C.EVENT_SPLITS \
                or not isinstance(state["options"].get("no_shuffle"), bool) \
                or state["phase"] not in ("order", "action", "end", "over") \
                or state["step"] not in (None, "play", "steal", "priest", "destroy", "swap", "discard") \
                or not 1 <= state["round"] <= C.ROUNDS or not 0 <= state["first"] < n \
                or (state["phase"] != "over" and not (isinstance(state["turn"], int) and 0 <= state["turn"] < n)) \
                or (state["phase"] != "over") != (state["step"] is not None):
            raise RecordError("the saved state is damaged (phase or turn)")
        total = composition(state["options"]["events"])
        seen = empty_pile()
        for group in ("tables", "hands", "facedown"):
            if len(state[group]) != n:
                raise RecordError("the saved state is damaged (seat count)")
            for pile in state[group]:
                if len(pile) != K or min(pile) < 0:
                    raise RecordError("the saved state is damaged (a pile)")
                for k in C.KINDS:
                    seen[k] += pile[k]
        for k in state["deck"]:
            seen[k] += 1
        if seen != total or len(state["coins"]) != n or state["bank"] + sum(state["coins"]) != C.BANK_COINS \
                or state["bank"] < 0 or min(state["coins"]) < 0:
            raise RecordError("the saved state is damaged (cards or coins do not add up)")


GAME = KoryoGame()
