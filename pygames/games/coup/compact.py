"""Coup's rules on a compact state: the hard bot's playout engine.

The same rules as rules.py (docs/rules/coup.md), turn by turn and draw by draw, on a
state made for playing many games fast, not for showing or saving them:

- cards are ints (their index in ``cards.CHARACTERS``, so sorting ints sorts cards as the
  rules do), a seat's hand is a sorted list of them, the court deck a list;
- an action is an int (a main action ``kind * 8 + target``, ``PASS``, ``CHALLENGE``,
  ``BLOCK + card``, ``PICK + card`` for revealing, losing or showing a card,
  ``EXAMINE_KEEP`` / ``EXAMINE_SWAP``) or, for the cards kept after an exchange, a sorted
  tuple of cards;
- the turn's queue of steps holds tuples (a reaction window is a list: its answering seat
  moves on);
- there is no log, and ``play`` changes the table in place;
- ``legal()`` may return a shared list: callers read it, never change it.

A :class:`Table` is loaded from any state of the rules engine (``Table(state)``) and draws
from the state's own generator, so from the same state the same actions give the same
game in both engines: ``tests/coup/test_compact.py`` plays them in lockstep and compares
every state, legal list and generator state. The rules engine stays the authority (the
UI, saves, views and every check go through it); this module exists for speed only, so
it keeps no checks: ``play`` takes an action from ``legal()``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...core.rng import Rng, draw_to_top
from . import cards as C
from .rules import BLOCKS, CLAIMS, COURTS, GAME, ORDER, OTHER_SEATS, SEATS_AFTER, TARGETED_BLOCKABLE

#: card ints
DUKE, DIPLOMAT, ASSASSIN, CAPTAIN, AMBASSADOR, INQUISITOR, CONTESSA = (ORDER[c] for c in C.CHARACTERS)
#: main action kinds, in cards.ACTIONS' (menu) order
KINDS = C.ACTION_ORDER
INCOME, FOREIGN_AID, COUP, TAX, STEAL, EXCHANGE, ASSASSINATE, EXAMINE, COOPERATE, CONVERT, EMBEZZLE = \
    (KINDS.index(k) for k in KINDS)
TARGETED = frozenset(KINDS.index(k) for k, spec in C.ACTIONS.items() if spec["target"])
BLOCKABLE_AIMED = frozenset(KINDS.index(k) for k in TARGETED_BLOCKABLE)

#: answers (a reaction window's, a card picked, an examined card's fate)
PASS, CHALLENGE = 100, 101
BLOCK = 110  # + the blocking card
PICK = 120   # + the card revealed, lost or shown
EXAMINE_KEEP, EXAMINE_SWAP = 130, 131
#: the legal lists of a reaction window without a block (shared: callers only read legal lists)
PASS_ONLY, PASS_OR_CHALLENGE = [PASS], [PASS, CHALLENGE]
INSPECT_CHOICES = [EXAMINE_KEEP, EXAMINE_SWAP]

#: step kinds of the queue (rules.py's step "k" values)
STEP_NAMES = ("act", "react", "resolve", "end", "reveal", "lose", "keep", "show", "inspect", "second",
              "embezzle_proof", "round_end")
ACT, REACT, RESOLVE, END, REVEAL, LOSE, KEEP, SHOW, INSPECT, SECOND, EMBEZZLE_PROOF, ROUND_END = \
    range(len(STEP_NAMES))
#: reaction window stages
STAGE_NAMES = ("action", "block", "second")
ACTION_STAGE, BLOCK_STAGE, SECOND_STAGE = range(3)

ACT_STEP, RESOLVE_STEP, END_STEP, SECOND_STEP, ROUND_END_STEP = (ACT,), (RESOLVE,), (END,), (SECOND,), (ROUND_END,)

#: per (diplomat, inquisitor) option pair: each kind's (claimed card or -1, negative claim), the
#: blocking cards of each kind, the whole court deck in the rules' order
_CLAIMS = {variant: [(-1, False) if table[k][0] is None else (ORDER[table[k][0]], table[k][1]) for k in KINDS]
           for variant, table in CLAIMS.items()}
_BLOCKS = {variant: [tuple(ORDER[c] for c in table.get(k, ())) for k in KINDS] for variant, table in BLOCKS.items()}
_COURTS = {variant: tuple(ORDER[c] for c in court) for variant, court in COURTS.items()}


#: by (seats, living seats as a bit mask): per seat, the living others in seat order (the targets) and
#: in turn order after it (a reaction window's order, the next turn); worked out once per mask, as a
#: seat dies (a few times a round) while every turn and window asks
_LIVING: dict[tuple[int, int], tuple[list[list[int]], list[list[int]]]] = {}


def living_seats(n: int, alive: int) -> tuple[list[list[int]], list[list[int]]]:
    lists = _LIVING.get((n, alive))
    if lists is None:
        lists = _LIVING[n, alive] = ([[t for t in OTHER_SEATS[n][seat] if alive >> t & 1] for seat in range(n)],
                                     [[t for t in SEATS_AFTER[n][seat] if alive >> t & 1] for seat in range(n)])
    return lists


class Table:
    """A Coup game in progress, loaded from a rules-engine state; see the module's docstring."""

    __slots__ = ("n", "rng", "hands", "alive", "others", "after", "coins", "deck", "dead", "wins", "need", "round",
                 "start", "turn", "over", "factions", "almshouse", "diplomat", "inquisitor", "no_shuffle", "claims",
                 "blocks", "court", "queue", "has_info", "actor", "action", "target", "claim", "negative", "blocker",
                 "block_card", "blocked", "failed", "challenger")

    def __init__(self, state: dict) -> None:
        self._set_options(state["num_players"], state["opts"], state["rng"])
        self.hands = [sorted(ORDER[c] for c in hand) for hand in state["hands"]]
        #: the living seats as a bit mask, and living_seats' lists for them
        self.alive = sum(1 << seat for seat, hand in enumerate(self.hands) if hand)
        self.others, self.after = living_seats(self.n, self.alive)
        self.coins = list(state["coins"])
        self.deck = [ORDER[c] for c in state["deck"]]
        #: revealed (lost) cards of this round, counted by card
        self.dead = [0] * len(ORDER)
        for lost in state["lost"]:
            for card in lost:
                self.dead[ORDER[card]] += 1
        self.wins = list(state["wins"])
        self.round, self.start, self.turn, self.over = state["round"], state["start"], state["turn"], state["over"]
        self.factions = None if state["factions"] is None else list(state["factions"])
        self.almshouse = state["almshouse"]
        info = state["info"]
        self.has_info = info is not None
        if info is None:
            self._clear_info()
        else:
            self.actor, self.action = info["actor"], KINDS.index(info["action"])
            self.target = -1 if info["target"] is None else info["target"]
            self.claim = -1 if info["claim"] is None else ORDER[info["claim"]]
            self.negative = info["negative"]
            self.blocker = -1 if info["blocker"] is None else info["blocker"]
            self.block_card = -1 if info["block_card"] is None else ORDER[info["block_card"]]
            self.blocked, self.failed = info["blocked"], info["failed"]
            self.challenger = -1 if info["challenger"] is None else info["challenger"]
        self.queue = [_load_step(step) for step in state["queue"]]

    @classmethod
    def deal(cls, num_players: int, seed: int | str, options: dict | None = None) -> "Table":
        """A new game, dealt exactly as ``rules.GAME.new_game(num_players, seed, options)`` deals it
        (without its fixed deals for tests), so that a playout from the start needs no rules state."""
        start, opts = GAME.setup_arguments(num_players, seed, options, fixed_deals=False)
        table = cls.__new__(cls)
        table._set_options(num_players, opts, start)
        table.wins = [0] * num_players
        table.round = 0
        table.over = False
        table.factions = [] if opts["factions"] else None  # dealt with the round
        table._start_round(table.rng.randbelow(num_players))
        return table

    def _set_options(self, num_players: int, opts: dict, rng_state: int) -> None:
        variant = opts["diplomat"], opts["inquisitor"]
        self.n = num_players
        self.rng = Rng(rng_state)
        self.diplomat, self.inquisitor, self.no_shuffle = variant[0], variant[1], opts.get("no_shuffle", False)
        self.claims, self.blocks, self.court = _CLAIMS[variant], _BLOCKS[variant], _COURTS[variant]
        self.need = opts["wins_needed"]

    def _clear_info(self) -> None:
        self.actor = self.action = self.target = self.claim = self.blocker = self.block_card = self.challenger = -1
        self.negative = self.blocked = self.failed = False

    # ------------------------------------------------------------ whose decision, what choices
    def to_move(self) -> int | None:
        if self.over:
            return None
        step = self.queue[0]
        k = step[0]
        if k == REACT:
            return step[3][step[4]]
        if k == ACT:
            return self.turn
        return step[1]

    def legal(self) -> list[Any]:
        """The legal actions now, in the rules engine's order (empty once the game is over); read
        only (see the module's docstring)."""
        if self.over:
            return []
        step = self.queue[0]
        k = step[0]
        if k == REACT:
            seat = step[3][step[4]]
            if step[1] == ACTION_STAGE and seat != self.target and self.action != FOREIGN_AID:
                # most answers of a random game: a claim to challenge or not, nothing to block
                return PASS_OR_CHALLENGE if self.claim >= 0 else PASS_ONLY
            can_challenge, blocks = self._react_options(step, seat)
            if not blocks:  # most answers of a random game: shared lists, never changed
                return PASS_OR_CHALLENGE if can_challenge else PASS_ONLY
            acts = [PASS, CHALLENGE] if can_challenge else [PASS]
            for card in blocks:
                acts.append(BLOCK + card)
            return acts
        if k == ACT:
            return self._main_actions()
        if k == KEEP:
            pool = sorted(self.hands[step[1]] + step[2])
            return list(dict.fromkeys(combinations(pool, step[3])))
        if k == INSPECT:
            return INSPECT_CHOICES
        hand = self.hands[step[1]]  # reveal, lose, show: one choice per distinct card
        if hand[0] == hand[-1]:
            return [PICK + hand[0]]
        picks = []  # a plain loop: a comprehension costs more on two cards
        for card in hand:
            picks.append(PICK + card)
        return picks

    def targets(self, actor: int) -> list[int]:
        """The seats ``actor`` may aim at: living others, outside the own faction while split."""
        factions = self.factions
        if factions is None or not self.factions_split():  # a shared list: callers only read it
            return self.others[actor]
        own = factions[actor]
        return [t for t in self.others[actor] if factions[t] != own]

    def factions_split(self) -> bool:
        factions = self.factions
        if factions is None:
            return False
        hands = self.hands
        return len({factions[s] for s in range(self.n) if hands[s]}) > 1

    def _main_actions(self) -> list[int]:
        a = self.turn
        purse = self.coins
        coins = purse[a]
        targets = self.targets(a)
        if coins >= C.FORCED_COUP:
            return [COUP * 8 + t for t in targets]
        # plain loops: a comprehension per kind costs more than it saves on a few targets
        acts = [INCOME * 8, FOREIGN_AID * 8]
        if coins >= C.COUP_COST:
            for t in targets:
                acts.append(COUP * 8 + t)
        if not self.diplomat:
            acts.append(TAX * 8)
        for t in targets:
            if purse[t]:
                acts.append(STEAL * 8 + t)
        acts.append(EXCHANGE * 8)
        if coins >= C.ASSASSINATE_COST:
            for t in targets:
                acts.append(ASSASSINATE * 8 + t)
        if self.inquisitor:
            for t in targets:
                acts.append(EXAMINE * 8 + t)
        if self.diplomat:
            for t in targets:
                acts.append(COOPERATE * 8 + t)
        factions = self.factions
        if factions is not None:
            hands = self.hands
            if coins >= C.CONVERT_SELF_COST:
                acts.append(CONVERT * 8 + a)
            if coins >= C.CONVERT_OTHER_COST:
                acts += [CONVERT * 8 + t for t in range(self.n) if t != a and hands[t] and factions[t] != factions[a]]
            if self.almshouse > 0:
                acts.append(EMBEZZLE * 8)
        return acts

    def _react_options(self, step: Any, seat: int) -> tuple[bool, tuple[int, ...]]:
        """(may challenge, cards it may block with) for ``seat`` in a reaction window."""
        stage = step[1]
        if stage == BLOCK_STAGE:  # a block may be challenged, not blocked
            return seat != step[2], ()
        action = self.action
        can_challenge = stage == ACTION_STAGE and self.claim >= 0
        if action == FOREIGN_AID:  # anyone may block, but not the own faction while split
            factions = self.factions
            if factions is not None and factions[seat] == factions[self.actor] and self.factions_split():
                return can_challenge, ()
        elif seat != self.target or action not in BLOCKABLE_AIMED:  # only a target blocks
            return can_challenge, ()
        return can_challenge, self.blocks[action]

    # ------------------------------------------------------------ playing
    def play(self, action: Any) -> None:
        """Play ``action`` (one of ``legal()``), then the automatic steps up to the next decision."""
        step = self.queue[0]
        k = step[0]
        if k == REACT:
            if action == PASS and step[4] + 1 < len(step[3]):
                step[4] += 1  # the next seat of the window answers
                return
            self._react(step, step[3][step[4]], action)
        elif k == ACT:
            self._declare(action)
        elif k == REVEAL:
            self._reveal(step, action - PICK)
        elif k == LOSE:
            self.queue.pop(0)
            self._lose(step[1], action - PICK)
        elif k == KEEP:
            self._keep(step, action)
        elif k == SHOW:
            self._show(step, action - PICK)
        else:  # INSPECT
            self.queue.pop(0)
            if action == EXAMINE_SWAP:
                self._return_and_draw(step[2], [step[3]])
        self._run()

    def _declare(self, action: int) -> None:
        a = self.turn
        kind = action >> 3
        if kind == INCOME:
            self.coins[a] += 1
            self._end_turn()
            return
        t = action & 7 if kind in TARGETED else -1
        self.has_info = True
        self.actor, self.action, self.target = a, kind, t
        self.claim, self.negative = self.claims[kind]
        self.blocker = self.block_card = self.challenger = -1
        self.blocked = self.failed = False
        if kind == COUP:
            self.coins[a] -= C.COUP_COST
            self.queue = [(LOSE, t), END_STEP]
        elif kind == CONVERT:
            cost = C.CONVERT_SELF_COST if t == a else C.CONVERT_OTHER_COST
            self.coins[a] -= cost
            self.almshouse += cost
            self.factions[t] = 1 - self.factions[t]
            self._end_turn()
        else:
            self.queue = [self._window(ACTION_STAGE, a), RESOLVE_STEP, END_STEP]

    def _window(self, stage: int, claimant: int) -> list:
        """A reaction window: [REACT, stage, claimant, the seats that answer in turn, the one answering]."""
        if stage == SECOND_STAGE:  # the target's second chance to block (every aimed action has blockers)
            target = self.target
            return [REACT, stage, claimant, [target] if self.hands[target] else [], 0]
        if stage == BLOCK_STAGE or self.claim >= 0 or self.factions is None:
            # a claim: every other living player may challenge it; foreign aid: anyone may block it
            return [REACT, stage, claimant, self.after[claimant], 0]  # a shared list: only read
        # foreign aid while factions may be split: only who may block (not the own faction)
        step = [REACT, stage, claimant, [], 0]
        step[3] = [s for s in self.after[claimant] if any(self._react_options(step, s))]
        return step

    def _react(self, step: list, seat: int, action: int) -> None:
        """A challenge, a block, or the last seat's pass."""
        if action == PASS:
            self.queue.pop(0)
            if step[1] == BLOCK_STAGE:
                self.blocked = True
            return
        if action == CHALLENGE:
            self.challenger = seat
            if step[1] != BLOCK_STAGE and self.negative:
                self.queue[0] = (EMBEZZLE_PROOF, seat)
            else:
                self.queue[0] = (REVEAL, step[2], step[1], seat)
            return
        self.blocker = seat
        self.block_card = action - BLOCK
        self.queue[0] = self._window(BLOCK_STAGE, seat)

    def _reveal(self, step: tuple, card: int) -> None:
        seat, stage = step[1], step[2]
        claimed = self.block_card if stage == BLOCK_STAGE else self.claim
        queue = self.queue
        queue.pop(0)
        if card == claimed:
            self._return_and_draw(seat, [card])
            if stage == BLOCK_STAGE:
                self.blocked = True
                queue.insert(0, (LOSE, step[3]))
            elif self.action in BLOCKABLE_AIMED:
                queue[0:0] = [(LOSE, step[3]), SECOND_STEP]
            else:
                queue.insert(0, (LOSE, step[3]))
        else:
            if stage != BLOCK_STAGE:
                self.failed = True
            self._lose(seat, card)

    def _lose(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        self.dead[card] += 1
        if not hand:
            self.alive = alive = self.alive & ~(1 << seat)
            self.others, self.after = living_seats(self.n, alive)
            if alive & (alive - 1) == 0:  # one seat left: the round ends at once
                self.queue = [ROUND_END_STEP]

    def _return_and_draw(self, seat: int, cards: list[int]) -> None:
        """Shuffle ``cards`` from ``seat``'s hand into the court deck and draw as many."""
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        deck = self.deck
        deck += sorted(cards)
        count = len(cards)
        if not self.no_shuffle:
            draw_to_top(deck, count, self.rng)
        hand += deck[:count]
        hand.sort()
        del deck[:count]

    def _keep(self, step: tuple, kept: tuple[int, ...]) -> None:
        seat = step[1]
        pool = self.hands[seat] + step[2]
        for card in kept:
            pool.remove(card)
        self.hands[seat] = list(kept)
        pool.sort()
        self.deck += pool  # at the bottom: every later draw picks at random
        self.queue.pop(0)

    def _show(self, step: tuple, card: int) -> None:
        self.queue[0] = (INSPECT, step[2], step[1], card)

    def _run(self) -> None:
        """Run automatic steps until a seat has to decide (or the game is over)."""
        while True:
            queue = self.queue
            step = queue[0]
            k = step[0]
            if k == REACT:
                if step[4] < len(step[3]):
                    return
                queue.pop(0)  # a window nobody (else) may answer
            elif k == ACT or k == KEEP or k == INSPECT:
                return
            elif k == RESOLVE:
                queue.pop(0)
                self._resolve()
            elif k == END:
                self._end_turn()
                return
            elif k == REVEAL or k == LOSE or k == SHOW:
                hand = self.hands[step[1]]
                if len(hand) >= 2:
                    return  # a decision (asked even of two equal cards: the count is public)
                if k == REVEAL:
                    self._reveal(step, hand[0])
                elif k == SHOW:
                    self._show(step, hand[0])
                else:
                    queue.pop(0)
                    if hand:
                        self._lose(step[1], hand[0])
            elif k == SECOND:
                queue[0] = self._window(SECOND_STAGE, self.target)
            elif k == EMBEZZLE_PROOF:
                queue.pop(0)
                self._embezzle_proof(step[1])
            else:  # ROUND_END
                self._end_round()
                if self.over:
                    return

    def _resolve(self) -> None:
        if self.failed:
            return
        a, t, kind = self.actor, self.target, self.action
        coins = self.coins
        if self.blocked:
            if kind == ASSASSINATE:
                coins[a] -= C.ASSASSINATE_COST
            return
        if kind == FOREIGN_AID:
            coins[a] += 2
        elif kind == TAX:
            coins[a] += 3
        elif kind == STEAL:
            amount = min(2, coins[t])
            coins[t] -= amount
            coins[a] += amount
        elif kind == EXCHANGE:
            count = 1 if self.inquisitor else 2
            deck = self.deck
            if not self.no_shuffle:
                draw_to_top(deck, count, self.rng)
            drawn = sorted(deck[:count])
            del deck[:count]
            self.queue.insert(0, (KEEP, a, drawn, len(self.hands[a])))
        elif kind == ASSASSINATE:
            coins[a] -= C.ASSASSINATE_COST
            if self.hands[t]:
                self.queue.insert(0, (LOSE, t))
        elif kind == EXAMINE:
            if self.hands[t]:
                self.queue.insert(0, (SHOW, t, a))
        elif kind == COOPERATE:
            coins[a] += 2
            coins[t] += 1
        elif kind == EMBEZZLE:
            coins[a] += self.almshouse
            self.almshouse = 0

    def _embezzle_proof(self, challenger: int) -> None:
        a = self.actor
        duke = DIPLOMAT if self.diplomat else DUKE
        if duke in self.hands[a]:
            self.failed = True
            self._lose(a, duke)
            rest = list(self.hands[a])
            if rest:
                self._return_and_draw(a, rest)
        else:
            self._return_and_draw(a, list(self.hands[a]))
            self.queue.insert(0, (LOSE, challenger))

    def _end_turn(self) -> None:
        self.turn = self.after[self.turn][0]  # the next living seat
        self.has_info = False  # the turn's fields are set anew by the next declaration
        self.queue = [ACT_STEP]

    def _end_round(self) -> None:
        winner = next(s for s in range(self.n) if self.hands[s])
        self.wins[winner] += 1
        if self.wins[winner] >= self.need:
            self.over = True
            self.has_info = False
            self._clear_info()
            self.queue = []
            return
        self._start_round(winner)

    def _start_round(self, first: int) -> None:
        n = self.n
        self.round += 1
        full = list(self.court)
        draw_to_top(full, 2 * n, self.rng)
        hands = self.hands = []
        for i in range(0, 2 * n, 2):  # two cards each, sorted (a plain loop: sorted() per pair costs more)
            a, b = full[i], full[i + 1]
            hands.append([a, b] if a <= b else [b, a])
        self.alive = (1 << n) - 1
        self.others, self.after = living_seats(n, self.alive)
        self.deck = full[2 * n:]
        self.dead = [0] * len(ORDER)
        self.coins = [C.START_COINS_TWO_PLAYERS if n == 2 else C.START_COINS] * n
        if self.factions is not None:
            seats = list(range(n))
            draw_to_top(seats, n // 2, self.rng)
            populists = set(seats[:n // 2])
            self.factions = [1 if s in populists else 0 for s in range(n)]
        self.almshouse = 0
        self.start = self.turn = first
        self.has_info = False
        self._clear_info()
        self.queue = [ACT_STEP]

    # ------------------------------------------------------------ results
    def winners(self) -> list[int]:
        return [s for s in range(self.n) if self.wins[s] >= self.need] if self.over else []


def _load_step(step: dict) -> Any:
    """A rules-engine queue step as the compact queue holds it."""
    k = STEP_NAMES.index(step["k"])
    if k == REACT:
        return [REACT, STAGE_NAMES.index(step["stage"]), step["claimant"], list(step["order"]), step["i"]]
    if k == REVEAL:
        return (REVEAL, step["seat"], STAGE_NAMES.index(step["stage"]), step["challenger"])
    if k == LOSE:
        return (LOSE, step["seat"])
    if k == KEEP:
        return (KEEP, step["seat"], sorted(ORDER[c] for c in step["drawn"]), step["n"])
    if k == SHOW:
        return (SHOW, step["seat"], step["actor"])
    if k == INSPECT:
        return (INSPECT, step["seat"], step["target"], ORDER[step["card"]])
    if k == EMBEZZLE_PROOF:
        return (EMBEZZLE_PROOF, step["challenger"])
    return (k,)


# ---------------------------------------------------------------- actions as the rules write them
def action_dict(table: Table, action: Any) -> dict:
    """The rules engine's dict for a compact action of ``table``'s decision now."""
    if type(action) is tuple:
        return {"type": "keep", "cards": [C.CHARACTERS[c] for c in action]}
    k = table.queue[0][0]
    if k == ACT:
        kind = action >> 3
        if kind in TARGETED:
            return {"type": KINDS[kind], "target": action & 7}
        return {"type": KINDS[kind]}
    if action == PASS:
        return {"type": "pass"}
    if action == CHALLENGE:
        return {"type": "challenge"}
    if action == EXAMINE_KEEP:
        return {"type": "examine_keep"}
    if action == EXAMINE_SWAP:
        return {"type": "examine_swap"}
    if BLOCK <= action < BLOCK + len(ORDER):
        return {"type": "block", "card": C.CHARACTERS[action - BLOCK]}
    return {"type": STEP_NAMES[k], "card": C.CHARACTERS[action - PICK]}
