"""Oriflamme's rules on a compact state: the hard bot's playout engine.

The same rules as rules.py (docs/rules/oriflamme.md), decision by decision and draw by draw, on a
state made for playing many games fast, not for showing or saving them:

- a kind is an int (its index in ``cards.KINDS``), a hand a bit mask of kinds (bit ``k`` set: kind
  ``k`` is in the hand; a mask's kinds in bit order are the rules' standard order);
- a stack holds the cards of one family (a card goes only onto its owner's), so the queue is two
  parallel lists: ``queue``, the stacks (bottom card first, a card a list ``[kind, up, ip]`` read
  with the indices ``KIND``, ``UP``, ``IP`` and changed in place), and ``owners``, each stack's owner;
- an action is an int: a placement ``kind << 6 | slot`` (``LEFT``, ``RIGHT``, ``CENTER``, or
  ``ON_STACK + n`` for the placer's n-th own stack from the left), ``REVEAL`` / ``LEAVE``, a
  target's or a copied card's position, a spied seat, a Royal Decree's move ``pos << 7 | gap`` or
  ``pos << 7 | ONTO | onto``;
- the decision asked during the resolution (``pending``) is a tuple ``(ask, seat, ability, via,
  candidates)``; a choice with a single answer is made at once, as the rules make it;
- there is no log, no discard piles and no removed cards (they only inform views and
  determinizations), and ``play`` changes the table in place;
- ``legal()`` may return a shared list (a pending choice's candidates, a hand's placements):
  callers read it, never change it.

Oriflamme draws at random only when it deals (seating, first player, each family's removed
cards): later rounds are not dealt again. ``Table.deal`` makes those draws in ``_setup``'s order,
and a :class:`Table` loaded from a rules state (``Table(state)``) keeps the state's generator, so
from the same state the same actions give the same game in both engines:
``tests/oriflamme/test_oriflamme_compact.py`` plays them in lockstep and compares every state,
legal list and generator state. The rules engine stays the authority (the UI, saves, views and
every check go through it); this module exists for speed only, so it keeps no checks: ``play``
takes an action from ``legal()``.
"""

from __future__ import annotations

from ...core.rng import Rng
from . import cards as C
from .rules import GAME, _round_order

#: kind ints (index in cards.KINDS)
KIND_INDEX = {kind: index for index, kind in enumerate(C.KINDS)}
ARCHER, SOLDIER, SPY, HEIR, ASSASSINATION, DECREE, LORD, SHAPESHIFTER, AMBUSH, CONSPIRACY = \
    (KIND_INDEX[k] for k in C.KINDS)
COPYABLE = frozenset(KIND_INDEX[k] for k in C.COPYABLE)
#: a card's fields
KIND, UP, IP = range(3)


#: phases (rules.py's "phase" values)
PHASE_NAMES = ("place", "resolve", "over")
PLACE, RESOLVE, OVER = range(3)

#: the decisions of the resolution (rules.py's pending "type" values)
ASK_NAMES = ("reveal", "target", "spy", "copy", "move")
ASK_REVEAL, ASK_TARGET, ASK_SPY, ASK_COPY, ASK_MOVE = range(5)

#: placement slots (the low 6 bits of a placement; the kind placed is above them)
LEFT, RIGHT, CENTER, ON_STACK = 0, 1, 2, 3
#: a Royal Decree's move onto a stack (else into a gap), below the moved card's position << 7
ONTO = 64
#: the answers to a face-down card's turn
REVEAL, LEAVE = 0, 1

#: a whole family, as a hand mask
ALL_KINDS = (1 << len(C.KINDS)) - 1

#: more stacks than a queue can hold (a card placed by every player every round)
MAX_STACKS = C.ROUNDS * GAME.max_players + 2

# shared legal lists and candidates, worked out once (callers only read them) -----------------
REVEAL_OR_LEAVE = [REVEAL, LEAVE]
#: by hand mask: its kinds, and its placements on an empty queue (the centre) or at either end
HAND_KINDS = [tuple(k for k in range(len(C.KINDS)) if mask >> k & 1) for mask in range(1 << len(C.KINDS))]
CENTER_PLACES = [[k << 6 | CENTER for k in kinds] for kinds in HAND_KINDS]
END_PLACES = [[k << 6 | end for k in kinds for end in (LEFT, RIGHT)] for kinds in HAND_KINDS]
#: by hand mask << 3 | the placer's stacks (at most five: one per card placed in earlier rounds):
#: every placement (filled when first needed, see _places)
PLACES: list[list[int] | None] = [None] * (len(HAND_KINDS) << 3)
#: by queue length (and position): the stacks next to a position, every other stack, the ends
NEIGHBOURS = [[[i for i in (pos - 1, pos + 1) if 0 <= i < size] for pos in range(size)] for size in range(MAX_STACKS)]
OTHERS = [[[i for i in range(size) if i != pos] for pos in range(size)] for size in range(MAX_STACKS)]
ENDS_OF = [sorted({0, size - 1}) for size in range(MAX_STACKS)]
#: by queue length: a Royal Decree's moves of the card at each position into a gap, when it is
#: alone (not into the gaps on either side of it, where it already is) and when it is on a stack
GAP_MOVES = [([[i << 7 | g for g in range(size + 1) if g != i and g != i + 1] for i in range(size)],
              [[i << 7 | g for g in range(size + 1)] for i in range(size)]) for size in range(MAX_STACKS)]
#: a face-down card's turn, by its owner
REVEAL_ASKS = [(ASK_REVEAL, seat, -1, False, None) for seat in range(GAME.max_players)]


def _places(hand: int, stacks: int) -> list[int]:
    """Every placement of ``hand`` by a placer with ``stacks`` stacks, on a queue that is not empty,
    in the rules' order: each card at the left end, at the right end, then on each of the placer's
    stacks; kept in ``PLACES``."""
    slots = (LEFT, RIGHT) + tuple(range(ON_STACK, ON_STACK + stacks))
    places = PLACES[hand << 3 | stacks] = [k << 6 | slot for k in HAND_KINDS[hand] for slot in slots]
    return places


class Table:
    """An Oriflamme game in progress, loaded from a rules-engine state; see the module's docstring."""

    __slots__ = ("n", "rng", "order", "round", "phase", "over", "turn", "hands", "ip", "queue", "owners",
                 "pos", "pending", "gone", "decree_ambush")

    def __init__(self, state: dict) -> None:
        self.n = state["num_players"]
        self.rng = Rng(state["rng"])
        #: the round's placement order (the seating from the round's first player on)
        self.order = list(state["order"])
        self.round, self.turn, self.pos, self.gone = state["round"], state["turn"], state["pos"], state["gone"]
        self.phase = PHASE_NAMES.index(state["phase"])
        self.over = self.phase == OVER
        self.hands = [sum(1 << KIND_INDEX[k] for k in hand) for hand in state["hands"]]
        self.ip = list(state["ip"])
        self.queue = [[[KIND_INDEX[c["k"]], c["up"], c["ip"]] for c in stack] for stack in state["queue"]]
        self.owners = [stack[-1]["o"] for stack in state["queue"]]
        self.pending = _load_pending(state["pending"])
        self.decree_ambush = state["options"]["decree_triggers_ambush"]

    @classmethod
    def deal(cls, num_players: int, seed: int | str, options: dict | None = None) -> "Table":
        """A new game, dealt exactly as ``rules.GAME.new_game(num_players, seed, options)`` deals it
        (without its fixed deals for tests), so that a playout from the start needs no rules state."""
        start, opts = GAME.setup_arguments(num_players, seed, options, fixed_deals=False)
        n = num_players
        table = cls.__new__(cls)
        table.n = n
        table.rng = rng = Rng(start)
        seating = list(range(n))  # the seating (clockwise), then the first player
        rng.shuffle(seating)
        table.order = _round_order(seating, rng.randbelow(n))
        table.hands = []
        for _ in range(n):  # each family: 3 cards removed at random, 7 in hand
            family = list(range(len(C.KINDS)))
            rng.shuffle(family)
            hand = ALL_KINDS
            for kind in family[C.HAND_SIZE:]:
                hand ^= 1 << kind
            table.hands.append(hand)
        table.round, table.phase, table.over, table.turn = 1, PLACE, False, 0
        table.ip = [C.START_INFLUENCE] * n
        table.queue, table.owners = [], []
        table.pos, table.pending, table.gone = 0, None, False
        table.decree_ambush = bool(opts["decree_triggers_ambush"])
        return table

    # ------------------------------------------------------------ whose decision, what choices
    def to_move(self) -> int | None:
        pending = self.pending
        if pending is not None:
            return pending[1]
        return self.order[self.turn] if self.phase == PLACE else None  # the placer

    def legal(self) -> list[int]:
        """The legal actions now, in the rules engine's order (empty once the game is over); read
        only (see the module's docstring)."""
        pending = self.pending
        if pending is None:
            if self.phase != PLACE:
                return []
            seat = self.order[self.turn]  # the placer
            hand = self.hands[seat]
            if not self.queue:
                return CENTER_PLACES[hand]
            stacks = self.owners.count(seat)
            return PLACES[hand << 3 | stacks] or _places(hand, stacks)
        ask = pending[0]
        if ask == ASK_REVEAL:
            return REVEAL_OR_LEAVE
        if ask == ASK_MOVE:
            return self._moves()
        return pending[4]  # a target's or a copied card's position, a spied seat: the candidates

    def _moves(self) -> list[int]:
        """A Royal Decree's moves: each other top card into a gap where it is not already, or onto
        another top card of its owner's (not the Decree)."""
        owners, here = self.owners, self.pos
        alone_gaps, stack_gaps = GAP_MOVES[len(owners)]
        stacks_of = [[] for _ in range(self.n)]  # each owner's stacks, the Decree's left out
        for j, owner in enumerate(owners):
            if j != here:
                stacks_of[owner].append(j)
        actions = []
        for i, stack in enumerate(self.queue):
            if i == here:
                continue
            actions += alone_gaps[i] if len(stack) == 1 else stack_gaps[i]
            onto = i << 7 | ONTO
            actions += [onto | j for j in stacks_of[owners[i]] if j != i]
        return actions

    def stack_of(self, seat: int, n: int) -> int:
        """The position of ``seat``'s n-th stack from the left (a placement ``ON_STACK + n``)."""
        pos = -1
        for _ in range(n + 1):
            pos = self.owners.index(seat, pos + 1)
        return pos

    # ------------------------------------------------------------ playing
    def play(self, action: int) -> None:
        """Play ``action`` (one of ``legal()``), then resolve up to the next decision."""
        pending = self.pending
        if pending is None:
            self._place(action)
            if self.phase == PLACE:
                return
        else:
            self.pending = None
            ask = pending[0]
            if ask == ASK_REVEAL:
                if action == REVEAL:
                    self._reveal()
                else:  # leave it: 1 influence on it
                    self.queue[self.pos][-1][IP] += 1
            elif ask == ASK_TARGET:
                self._eliminate(action, pending[1])
                self._after_ability(pending[2], pending[3])
            elif ask == ASK_SPY:
                self._steal(pending[1], action)
            elif ask == ASK_COPY:
                self._ability(self.queue[action][-1][KIND], pending[1], True)
            else:  # ASK_MOVE
                self._move(pending[1], action)
                self._after_ability(DECREE, False)
            if self.pending is not None:  # the copied ability asks
                return
            self._finish()
        self._run()

    def _place(self, action: int) -> None:
        seat = self.order[self.turn]  # the placer
        kind, slot = action >> 6, action & 63
        self.hands[seat] ^= 1 << kind  # a hand holds each kind once
        card = [kind, False, 0]
        if slot == LEFT:
            self.queue.insert(0, [card])
            self.owners.insert(0, seat)
        elif slot <= CENTER:  # right, or the first card of the queue
            self.queue.append([card])
            self.owners.append(seat)
        else:
            self.queue[self.stack_of(seat, slot - ON_STACK)].append(card)
        self.turn = turn = self.turn + 1
        if turn == self.n:
            self.phase = RESOLVE
            self.pos = 0

    def _run(self) -> None:
        """Resolve until a decision is needed, the round ends or the game ends."""
        while self.phase == RESOLVE:
            queue, pos = self.queue, self.pos
            if pos >= len(queue):
                self._end_round()
                continue
            card = queue[pos][-1]
            if not card[UP]:  # its owner decides: reveal it or leave it
                self.pending = REVEAL_ASKS[self.owners[pos]]
                return
            self._ability(card[KIND], self.owners[pos], False)
            if self.pending is not None:
                return
            self._finish()

    def _finish(self) -> None:
        """The card at pos has acted: go on with the card below it (if it left) or the next stack."""
        if self.gone:
            self.gone = False
        else:
            self.pos += 1

    def _end_round(self) -> None:
        if self.round >= C.ROUNDS:
            self.phase = OVER
            self.over = True
            self.pos = 0
            return
        self.order = self.order[1:] + self.order[:1]  # the next player clockwise places first
        self.round += 1
        self.phase = PLACE
        self.turn = 0
        self.pos = 0

    def _reveal(self) -> None:
        pos = self.pos
        card = self.queue[pos][-1]
        seat, kind, taken = self.owners[pos], card[KIND], card[IP]
        card[UP] = True
        card[IP] = 0
        if kind == AMBUSH:  # revealed by its owner: the influence on it is lost, the owner gains 1
            self.ip[seat] += 1
            self._discard_top(pos)
        elif kind == CONSPIRACY:
            self.ip[seat] += 2 * taken
            self._discard_top(pos)
        else:
            self.ip[seat] += taken
            self._ability(kind, seat, False)

    def _ability(self, ability: int, seat: int, via: bool) -> None:
        """The ability of the card at pos (a Shapeshifter's copy if ``via``). A choice with several
        answers is asked (``pending``); a choice with one is made at once. Without a pending choice,
        the ability is complete when this returns (including a one-shot's discard)."""
        queue, pos = self.queue, self.pos
        size = len(queue)
        if ability == ARCHER or ability == SOLDIER or ability == ASSASSINATION:
            if ability == ARCHER:
                cands = ENDS_OF[size]
            elif ability == SOLDIER:
                cands = NEIGHBOURS[size][pos]
            else:
                cands = OTHERS[size][pos]
            if len(cands) > 1:
                self.pending = (ASK_TARGET, seat, ability, via, cands)
                return
            if cands:
                self._eliminate(cands[0], seat)
        elif ability == SPY:
            cands = []
            for i in NEIGHBOURS[size][pos]:
                owner = self.owners[i]
                if owner != seat and owner not in cands:
                    cands.append(owner)
            if len(cands) > 1:
                self.pending = (ASK_SPY, seat, SPY, via, cands)
                return
            if cands:
                self._steal(seat, cands[0])
        elif ability == HEIR:
            name = SHAPESHIFTER if via else HEIR
            for i, stack in enumerate(queue):
                top = stack[-1]
                if top[KIND] == name and top[UP] and i != pos:  # another revealed Heir: no gain
                    break
            else:
                self.ip[seat] += C.HEIR_GAIN
        elif ability == LORD:
            gain = 1
            for i in NEIGHBOURS[size][pos]:
                if self.owners[i] == seat:
                    gain += 1
            self.ip[seat] += gain
        elif ability == SHAPESHIFTER and not via:
            cands = [i for i in NEIGHBOURS[size][pos] if queue[i][-1][UP] and queue[i][-1][KIND] in COPYABLE]
            if len(cands) > 1:
                self.pending = (ASK_COPY, seat, SHAPESHIFTER, False, cands)
                return
            if cands:
                self._ability(queue[cands[0]][-1][KIND], seat, True)
                return
        elif ability == DECREE:
            if size >= 2:
                # a Royal Decree has several moves whenever the queue has three stacks or more
                moves = self._moves() if size == 2 else None
                if moves is None or len(moves) > 1:
                    self.pending = (ASK_MOVE, seat, DECREE, False, None)
                    return
                self._move(seat, moves[0])
        if ability == ASSASSINATION or ability == DECREE:
            self._after_ability(ability, via)

    def _after_ability(self, ability: int, via: bool) -> None:
        """A one-shot card is discarded once its ability is done (unless it already left)."""
        if (ability == ASSASSINATION or ability == DECREE) and not via and not self.gone:
            self._discard_top(self.pos)

    # card movements ------------------------------------------------------
    def _discard_top(self, index: int) -> None:
        """Take the top card of a stack out of the queue (influence on it is lost)."""
        stack = self.queue[index]
        if index == self.pos:
            self.gone = True
        if len(stack) > 1:
            stack.pop()
        else:
            del self.queue[index]
            del self.owners[index]
            if index < self.pos:
                self.pos -= 1

    def _eliminate(self, target: int, seat: int) -> None:
        queue = self.queue
        victim, owner = queue[target][-1], self.owners[target]
        attacker = queue[self.pos][-1]
        was_up = victim[UP]
        self._discard_top(target)
        if victim[KIND] == AMBUSH and not was_up:
            if owner != seat:
                self.ip[owner] += C.AMBUSH_BONUS
                if attacker is not victim:
                    self._discard_top(self.pos)
            else:  # one's own Ambush: as if revealed
                self.ip[seat] += 1
        self.ip[seat] += 1

    def _steal(self, seat: int, victim: int) -> None:
        ip = self.ip
        if ip[victim] > 0:
            ip[victim] -= 1
            ip[seat] += 1

    def _move(self, seat: int, action: int) -> None:
        queue, owners = self.queue, self.owners
        i = action >> 7
        stack, owner = queue[i], owners[i]
        card = stack[-1]
        if self.decree_ambush and card[KIND] == AMBUSH and not card[UP] and owner != seat:
            self._discard_top(i)
            self.ip[owner] += C.AMBUSH_BONUS
            return
        alone = len(stack) == 1
        if alone:
            del queue[i]
            del owners[i]
            if i < self.pos:
                self.pos -= 1
        else:
            stack.pop()
        if action & ONTO:
            j = action & 63
            if alone and j > i:
                j -= 1
            queue[j].append(card)
        else:
            g = action & 63
            if alone and g > i:
                g -= 1
            queue.insert(g, [card])
            owners.insert(g, owner)
            if g <= self.pos:
                self.pos += 1

    # ------------------------------------------------------------ results
    def cards_in_queue(self) -> list[int]:
        """Each family's cards in the queue, covered ones included."""
        counts = [0] * self.n
        for owner, stack in zip(self.owners, self.queue):
            counts[owner] += len(stack)
        return counts

    def winners(self) -> list[int]:
        """Most influence; a tie goes to the most cards in the queue, then is shared."""
        if not self.over:
            return []
        ip = self.ip
        best = max(ip)
        tied = [s for s in range(self.n) if ip[s] == best]
        counts = self.cards_in_queue()
        most = max(counts[s] for s in tied)
        return [s for s in tied if counts[s] == most]


def _load_pending(pending: dict | None) -> tuple | None:
    """A rules-engine pending decision as the compact table holds it."""
    if pending is None:
        return None
    ask = ASK_NAMES.index(pending["type"])
    if ask == ASK_REVEAL:
        return REVEAL_ASKS[pending["seat"]]
    cands = pending.get("cands")
    return (ask, pending["seat"], KIND_INDEX[pending["ability"]], pending["via"],
            None if cands is None else list(cands))


# ---------------------------------------------------------------- actions as the rules write them
def action_dict(table: Table, action: int) -> dict:
    """The rules engine's dict for a compact action of ``table``'s decision now."""
    pending = table.pending
    if pending is None:
        kind, slot = C.KINDS[action >> 6], action & 63
        if slot >= ON_STACK:
            pos = table.stack_of(table.order[table.turn], slot - ON_STACK)
            return {"type": "place", "card": kind, "at": "stack", "pos": pos}
        return {"type": "place", "card": kind, "at": ("left", "right", "center")[slot]}
    ask = pending[0]
    if ask == ASK_REVEAL:
        return {"type": "reveal" if action == REVEAL else "leave"}
    if ask == ASK_SPY:
        return {"type": "spy", "seat": action}
    if ask == ASK_MOVE:
        if action & ONTO:
            return {"type": "move", "pos": action >> 7, "onto": action & 63}
        return {"type": "move", "pos": action >> 7, "gap": action & 63}
    return {"type": ASK_NAMES[ask], "pos": action}
