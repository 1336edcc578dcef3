"""Koryo's rules on a compact state: the hard bot's playout engine.

The same rules as rules.py (docs/rules/koryo.md), phase by phase and draw by draw, on a
state made for playing many games fast, not for showing or saving them:

- piles stay count vectors indexed by kind (``cards.NUM_KINDS`` long), as in rules.py: the
  bot's heuristics (bot.py's soft scores) read ``tables``, ``coins``, ``bank`` and ``round``
  of a :class:`Table` as they read a state's;
- the phase, the decision asked (``step``) and the pending Action-phase steps are ints (a
  pending step is the kind of its card: ``SPY``, ``PRIEST``, ``BANKER``, ``BARBARIAN``,
  ``LOBBYING``);
- an action is an int (``kind << 4 | count`` for a play, ``PLAY2 + (a << 4 | b)`` for the Ship
  Owner's two kinds, the target seat of a steal, the event kind of the Priest, ``target << 4 |
  kind`` for a destroy, ``a << 12 | ka << 8 | b << 4 | kb`` for a swap, the kind of a discard);
- there is no log, ``play`` changes the table in place (its lists are its own: loading copies
  the state's), and ``legal()`` may return a shared list: callers read it, never change it.

A :class:`Table` is loaded from any state of the rules engine (``Table(state)``, the bot's
determinizations included) and draws from the state's own generator, so from the same state the
same actions give the same game in both engines: ``tests/koryo/test_koryo_compact.py`` plays
them in lockstep and compares every state, legal list and generator state. The rules engine
stays the authority (the UI, saves, views and every check go through it); this module exists
for speed only, so it keeps no checks: ``play`` takes an action from ``legal()``.
"""

from __future__ import annotations

from ...core.rng import Rng, draw_to_top
from . import cards as C
from .rules import GAME, composition, holds_power, power_holder, score_holder, spy_protected

K = C.NUM_KINDS
KINDS, CHARACTERS, EVENTS = C.KINDS, C.CHARACTERS, C.EVENTS
OMNISCIENT, SPY, SENATOR, PRIEST, SHIPOWNER, BANKER, GUARDIAN, BROADCASTER = C.CHARACTERS[:8]
BARBARIAN, LOBBYING = C.BARBARIAN, C.LOBBYING
FIRST_CHARACTER, LAST_CHARACTER = C.OMNISCIENT, C.MERCHANT  # contiguous in a pile

#: phases (rules.py's state["phase"])
PHASE_NAMES = ("order", "action", "end", "over")
ORDER, ACTION, END, OVER = range(4)
#: the decision asked of the seat to move (rules.py's state["step"]; None is NO_STEP)
STEP_NAMES = ("play", "steal", "priest", "destroy", "swap", "discard")
PLAY, STEAL, PRIEST_STEP, DESTROY, SWAP, DISCARD = range(6)
NO_STEP = -1
#: the Action-phase steps waiting (rules.py's state["pending"]), as the kinds of their cards
PENDING = {"spy": SPY, "priest": PRIEST, "banker": BANKER, "barbarian": BARBARIAN, "lobbying": LOBBYING}
PENDING_NAMES = {kind: name for name, kind in PENDING.items()}
#: the powers queued at a reveal, in the seed's order (rules.POWER_STEPS)
POWER_KINDS = (SPY, PRIEST, BANKER)

#: a play of two kinds (the Ship Owner's): PLAY2 + (a << 4 | b), a < b
PLAY2 = 256
#: by the most cards one may play (any number from K - 1 on allows as many as any kind has), then by
#: kind and the count held: the plays of 1..min(held, most) cards of that kind (shared lists, in the
#: rules' order)
_PLAYS = [[[kind << 4 | count for count in range(1, n + 1)] for n in range(K)] for kind in range(K)]
PLAYS_UPTO = [[[_PLAYS[kind][min(held, most)] for held in range(K)] for kind in range(K)] for most in range(K)]


def _cards_of(pile: list[int]) -> list[int]:
    """A pile's cards, in kind order."""
    return [kind for kind in KINDS for _ in range(pile[kind])]


class Table:
    """A Koryo game in progress, loaded from a rules-engine state; see the module's docstring."""

    __slots__ = ("n", "rng", "events", "play_limit", "no_shuffle", "round", "first", "phase", "turn", "step",
                 "over", "deck", "hands", "cards", "facedown", "tables", "coins", "bank", "dealt", "ship", "revealed",
                 "pending", "discard_left", "keep_limit")

    def __init__(self, state: dict) -> None:
        opts = state["options"]
        self.n = state["num_players"]
        self.rng = Rng(state["rng"])
        # the options: the event split (the deck's composition), the play cap, no_shuffle (a test option)
        self.events, self.play_limit, self.no_shuffle = opts["events"], opts["play_limit"], \
            opts.get("no_shuffle", False)
        self.round, self.first = state["round"], state["first"]
        self.phase = PHASE_NAMES.index(state["phase"])
        self.over = self.phase == OVER
        self.turn = state["turn"]
        self.step = NO_STEP if state["step"] is None else STEP_NAMES.index(state["step"])
        self.deck = list(state["deck"])
        self.hands = [list(pile) for pile in state["hands"]]
        self.cards = [_cards_of(pile) for pile in self.hands]
        self.facedown = [list(pile) for pile in state["facedown"]]
        self.tables = [list(pile) for pile in state["tables"]]
        self.coins, self.bank = list(state["coins"]), state["bank"]
        self.dealt = list(state["deal"])  # rules.py's "deal": the cards dealt this round per seat
        self.ship = -1 if state["ship"] is None else state["ship"]
        self.revealed = list(state["revealed"])
        self.pending = [PENDING[name] for name in state["pending"]]
        self.discard_left, self.keep_limit = state["discard_left"], state["keep_limit"]

    @classmethod
    def deal(cls, num_players: int, seed: int | str, options: dict | None = None) -> "Table":
        """A new game, dealt exactly as ``rules.GAME.new_game(num_players, seed, options)`` deals it
        (without its fixed deals for tests), so that a playout from the start needs no rules state."""
        start, opts = GAME.setup_arguments(num_players, seed, options, fixed_deals=False)
        n = num_players
        table = cls.__new__(cls)
        table.n = n
        table.rng = Rng(start)
        table.events, table.play_limit, table.no_shuffle = opts["events"], opts["play_limit"], False
        table.first = table.rng.randbelow(n)
        table.round = 1
        left = composition(opts["events"])
        table.deck = [kind for kind in KINDS for _ in range(left[kind])]  # drawn from at the deal
        table.hands = [[0] * K for _ in range(n)]
        table.cards = [[] for _ in range(n)]
        table.facedown = [[0] * K for _ in range(n)]
        table.tables = [[0] * K for _ in range(n)]
        table.coins, table.bank = [0] * n, C.BANK_COINS
        table.over = False
        table.pending = []
        table.discard_left = table.keep_limit = 0
        table._start_round()
        table._run()
        return table

    # ------------------------------------------------------------ whose decision, what choices
    def to_move(self) -> int | None:
        return None if self.over else self.turn

    def legal(self) -> list[int]:
        """The legal actions now, in the rules engine's order (empty once the game is over); read
        only (see the module's docstring)."""
        step = self.step
        seat = self.turn
        if step == PLAY:
            return self._plays(seat)
        tables = self.tables
        if step == STEAL:
            coins = self.coins
            return [p for p in range(self.n) if p != seat and coins[p] > 0]
        if step == PRIEST_STEP:
            table = tables[seat]
            return [k for k in EVENTS if table[k] > 0]
        if step == DESTROY:
            return self._destroys(seat, 0)
        if step == SWAP:
            return self._swaps(seat, 0)
        if step == DISCARD:
            table = tables[seat]
            return [k for k in CHARACTERS if table[k] > 0]
        return []

    def _plays(self, seat: int) -> list[int]:
        """rules.play_actions: each kind held, 1 up to the cap (or the whole hand) cards of it; then,
        for the Ship Owner, one card each of two kinds."""
        hand = self.hands[seat]
        most = C.LIMIT[self.round] if self.play_limit else min(sum(hand), K - 1)
        plays = PLAYS_UPTO[most]
        acts: list[int] = []
        for kind, held in enumerate(hand):  # kind 0 is never held
            if held:
                acts += plays[kind][held]
        if self.ship == seat and most >= 2:
            present = [kind for kind in KINDS if hand[kind]]
            for i, a in enumerate(present):
                for b in present[i + 1:]:
                    acts.append(PLAY2 + (a << 4 | b))
        return acts

    def _destroys(self, seat: int, most: int) -> list[int]:
        """rules.destroy_actions (the first ``most`` of them, all with 0): a character card of another
        seat than the Guardian (7) majority's."""
        tables = self.tables
        guardian = power_holder(tables, GUARDIAN)
        acts = []
        for target in range(self.n):
            if target != seat and target != guardian:
                table = tables[target]
                for kind in CHARACTERS:
                    if table[kind]:
                        acts.append(target << 4 | kind)
                        if len(acts) == most:
                            return acts
        return acts

    def _swaps(self, seat: int, most: int) -> list[int]:
        """rules.swap_actions (the first ``most`` of them, all with 0): a card of seat a for a card of
        another kind of seat b, a < b, the Spy-protected seat left out (none when it is ``seat``)."""
        tables = self.tables
        protected = spy_protected(tables)
        if protected == seat:
            return []
        seats = [p for p in range(self.n) if p != protected]
        kinds = []  # per seat, the character kinds on its table (plain loops: cheaper than comprehensions here)
        for table in tables:
            held = []
            for k in CHARACTERS:
                if table[k]:
                    held.append(k)
            kinds.append(held)
        if not most:  # the whole list (up to a few hundred): one comprehension
            return [a << 12 | ka << 8 | b << 4 | kb for i, a in enumerate(seats) for b in seats[i + 1:]
                    for ka in kinds[a] for kb in kinds[b] if ka != kb]
        acts = []
        for i, a in enumerate(seats):
            kinds_a = kinds[a]
            if not kinds_a:
                continue
            for b in seats[i + 1:]:
                kinds_b = kinds[b]
                for ka in kinds_a:
                    for kb in kinds_b:
                        if ka != kb:
                            acts.append(a << 12 | ka << 8 | b << 4 | kb)
                            if len(acts) == most:
                                return acts
        return acts

    # ------------------------------------------------------------ playing
    def play(self, action: int) -> None:
        """Play ``action`` (one of ``legal()``), then the automatic steps up to the next decision."""
        step = self.step
        seat = self.turn
        self.step = NO_STEP
        if step == PLAY:
            self._place(seat, action)
            if self.phase == ORDER and self.cards[self.turn]:  # the next seat's Order turn
                self.step = PLAY
                return
        elif step == STEAL:
            self._steal(seat, action)
        elif step == PRIEST_STEP:
            self._priest(seat, action)
        elif step == DESTROY:
            self._destroy(action >> 4, action & 15)
        elif step == SWAP:
            self._swap(action >> 12, action >> 8 & 15, action >> 4 & 15, action & 15)
        else:  # DISCARD
            self._discard(seat, action, 1)
        self._run()

    def _place(self, seat: int, action: int) -> None:
        """Order phase: the cards played go face down, the rest of the hand back to the deck."""
        cards = self.cards[seat]  # our own list, in kind order: what is left of it goes back so
        played = [0] * K
        if action < PLAY2:
            kind = action >> 4
            played[kind] = count = action & 15
            at = cards.index(kind)
            del cards[at:at + count]
        else:
            a, b = action >> 4 & 15, action & 15
            played[a] = played[b] = 1
            cards.remove(a)
            cards.remove(b)
        self.deck += cards
        self.facedown[seat] = played
        self.hands[seat] = [0] * K
        self.cards[seat] = []
        self._end_order_turn(seat)

    def _end_order_turn(self, seat: int) -> None:
        nxt = (seat + 1) % self.n
        if nxt == self.first:
            self.phase, self.turn = ACTION, nxt
        else:
            self.turn = nxt

    def _run(self) -> None:
        """Run everything automatic until a seat has a decision (``step`` set) or the game ends."""
        while self.step == NO_STEP:
            phase, seat = self.phase, self.turn
            if phase == ORDER:
                if self.cards[seat]:
                    self.step = PLAY
                    return
                self._end_order_turn(seat)  # nothing left to play
            elif phase == ACTION:
                if not self.revealed[seat]:
                    self._reveal(seat)
                pending = self.pending
                while pending:
                    self._run_step(seat, pending.pop(0))
                    if self.step != NO_STEP:
                        return
                nxt = (seat + 1) % self.n  # this seat's Action turn is over
                if nxt == self.first:
                    self.phase = END
                    self.turn = nxt
                    self._begin_end_turn(nxt)
                else:
                    self.turn = nxt
            elif phase == END:
                left = self.discard_left
                if left > 0:
                    table = self.tables[seat]
                    kinds = [k for k in CHARACTERS if table[k]]
                    if len(kinds) > 1 and left < sum(table[FIRST_CHARACTER:LAST_CHARACTER + 1]):
                        self.step = DISCARD
                        return
                    for k in kinds:  # forced: one kind left, or every character must go
                        self._discard(seat, k, min(table[k], self.discard_left))
                    continue
                nxt = (seat + 1) % self.n
                if nxt != self.first:
                    self.turn = nxt
                    self._begin_end_turn(nxt)
                elif self.round == C.ROUNDS:
                    self.phase, self.turn, self.over = OVER, None, True
                    return
                else:
                    self.round += 1
                    self.first = (self.first + 1) % self.n
                    self._start_round()
            else:  # the game is over
                return

    def _start_round(self) -> None:
        """Distribution phase: each seat's cards drawn at random from the whole deck (as rules.py draws
        them), dealt in turn order from the first player."""
        n, first = self.n, self.first
        self.phase, self.turn, self.step = ORDER, first, NO_STEP
        self.revealed = [False] * n  # (the face-down piles are empty: every seat revealed its own)
        tables = self.tables
        broadcaster = power_holder(tables, BROADCASTER)
        deal = [C.DEAL[self.round]] * n
        if broadcaster is not None:
            deal[broadcaster] += C.BROADCASTER_BONUS
        deck = self.deck
        if not self.no_shuffle:
            draw_to_top(deck, sum(deal), self.rng)
        hands, cards = self.hands, self.cards
        top = 0
        for i in range(n):  # each seat in turn takes its cards from the top (fewer if the deck runs out)
            seat = (first + i) % n
            dealt = deck[top:top + deal[seat]]
            hand = [0] * K
            for kind in dealt:
                hand[kind] += 1
            hands[seat] = hand
            dealt.sort()
            cards[seat] = dealt
            deal[seat] = len(dealt)
            top += len(dealt)
        del deck[:top]
        self.dealt = deal
        ship = power_holder(tables, SHIPOWNER)
        self.ship = -1 if ship is None else ship

    def _reveal(self, seat: int) -> None:
        """The seat's face-down cards go onto its table; its powers (held now: see rules._reveal) and
        events wait in the seed's order."""
        played = self.facedown[seat]
        tables = self.tables
        table = tables[seat]  # our own list
        for kind in KINDS:  # a plain loop: map(add, ...) costs several times more on a pile of one kind
            count = played[kind]
            if count:
                table[kind] += count
        self.revealed[seat] = True
        self.facedown[seat] = [0] * K
        pending = []
        for kind in POWER_KINDS:  # a plain loop: a comprehension costs more on three kinds
            if table[kind] and holds_power(tables, seat, kind):
                pending.append(kind)
        if played[BARBARIAN]:
            pending += [BARBARIAN] * played[BARBARIAN]
        if played[LOBBYING]:
            pending += [LOBBYING] * played[LOBBYING]
        self.pending = pending

    def _run_step(self, seat: int, step: int) -> None:
        """One power or event of the Action-phase player: automatic with 0 or 1 choice."""
        if step == SPY:
            coins = self.coins
            targets = []  # (plain loops here and below: cheaper than comprehensions on a few items)
            for p in range(self.n):
                if p != seat and coins[p] > 0:
                    targets.append(p)
            if len(targets) == 1:
                self._steal(seat, targets[0])
            elif targets:
                self.step = STEAL
        elif step == PRIEST:
            table = self.tables[seat]
            targets = []
            for k in EVENTS:
                if table[k] > 0:
                    targets.append(k)
            if len(targets) == 1:
                self._priest(seat, targets[0])
            elif targets:
                self.step = PRIEST_STEP
        elif step == BANKER:
            if self.bank > 0:
                self.bank -= 1
                self.coins[seat] += 1
        elif step == BARBARIAN:
            targets = self._destroys(seat, 2)  # none, one, or a choice
            if len(targets) == 1:
                self._destroy(targets[0] >> 4, targets[0] & 15)
            elif targets:
                self.step = DESTROY
        else:  # LOBBYING
            swaps = self._swaps(seat, 2)  # none (or Spy-protected), one, or a choice
            if len(swaps) == 1:
                only = swaps[0]
                self._swap(only >> 12, only >> 8 & 15, only >> 4 & 15, only & 15)
            elif swaps:
                self.step = SWAP

    def _steal(self, seat: int, target: int) -> None:
        self.coins[target] -= 1
        self.coins[seat] += 1

    def _priest(self, seat: int, kind: int) -> None:
        self.tables[seat][kind] -= 1
        self.deck.append(kind)

    def _destroy(self, target: int, kind: int) -> None:
        self.tables[target][kind] -= 1
        self.deck.append(kind)

    def _swap(self, a: int, ka: int, b: int, kb: int) -> None:
        table_a, table_b = self.tables[a], self.tables[b]
        table_a[ka] -= 1
        table_a[kb] += 1
        table_b[kb] -= 1
        table_b[ka] += 1

    def _begin_end_turn(self, seat: int) -> None:
        """The seat's table limit this round (the Senator's bonus), and how many characters go."""
        table = self.tables[seat]
        limit = C.LIMIT[self.round]
        if table[SENATOR] and holds_power(self.tables, seat, SENATOR):
            limit += C.SENATOR_BONUS
        excess = sum(table) - limit
        self.keep_limit = limit
        self.discard_left = min(excess, sum(table[FIRST_CHARACTER:LAST_CHARACTER + 1])) if excess > 0 else 0

    def _discard(self, seat: int, kind: int, count: int) -> None:
        self.tables[seat][kind] -= count
        self.discard_left -= count
        self.deck += [kind] * count

    # ------------------------------------------------------------ results
    def totals(self) -> list[int]:
        """Each seat's points (rules.breakdown's totals): the strict majorities, −1 per event, gold."""
        tables = self.tables
        totals = [self.coins[s] - table[BARBARIAN] - table[LOBBYING] for s, table in enumerate(tables)]
        for kind in CHARACTERS:
            holder = score_holder(tables, kind)
            if holder is not None:
                totals[holder] += kind
        return totals

    def winners(self) -> list[int]:
        if not self.over:
            return []
        totals = self.totals()
        best = max(totals)
        return [s for s, t in enumerate(totals) if t == best]


# ---------------------------------------------------------------- actions as the rules write them
def action_dict(table: Table, action: int) -> dict:
    """The rules engine's dict for a compact action of ``table``'s decision now."""
    step = table.step
    if step == PLAY:
        if action >= PLAY2:
            return {"type": "play2", "kinds": [action >> 4 & 15, action & 15]}
        return {"type": "play", "kind": action >> 4, "count": action & 15}
    if step == STEAL:
        return {"type": "steal", "target": action}
    if step == PRIEST_STEP:
        return {"type": "priest", "kind": action}
    if step == DESTROY:
        return {"type": "destroy", "target": action >> 4, "kind": action & 15}
    if step == SWAP:
        return {"type": "swap", "a": action >> 12, "ka": action >> 8 & 15, "b": action >> 4 & 15, "kb": action & 15}
    return {"type": "discard", "kind": action}
