"""Oriflamme: the rules engine (see docs/rules/oriflamme.md).

The log entries of every placement and of the common resolutions are written as the dicts
``core.log_entry`` would make ({"key", "params"} and "to" for private ones): a random game appends
about two per action, and the call with keyword arguments cost several per cent of its time.

State (plain JSON data):
    num_players, seating (seats in clockwise order), first (first player of the round),
    order (the round's placement order: seating from first on),
    round (1..6), phase ("place" | "resolve" | "over"), turn (placements made this round),
    hands / removed (per seat, kinds in standard order), ip (per seat),
    queue: list of stacks (bottom card first), a card = {"o": owner, "k": kind, "up": bool, "ip": n},
    discard (per owner, kinds in the order they left), pos (resolving stack),
    pending (the decision being asked during resolution, or None), gone (transient),
    options, log.
"""

from __future__ import annotations

from typing import Any

from ...core import Game, RecordError, log_entry, log_visible_to, option
from . import INFO, cards

KINDS = cards.KINDS
ONE_SHOT = cards.ONE_SHOT
COPYABLE = cards.COPYABLE
ROUNDS = cards.ROUNDS


def _neighbours(queue: list, pos: int) -> list[int]:
    return [i for i in (pos - 1, pos + 1) if 0 <= i < len(queue)]


def _sorted_kinds(kinds: list[str]) -> list[str]:
    return sorted(kinds, key=KINDS.index)


# ------------------------------------------------------------------ what each decision allows
# One statement per decision of what is legal, read by the legal list, apply's direct check
# (_legal_match) and the reason of a refusal (_why_illegal): where a card may be placed
# (PLACE_ENDS, own_stacks), where a Royal Decree may move a card (move_gaps, move_ontos), and for
# the other decisions of the resolution the candidates the pending decision lists ("cands").
#: PLACE_ENDS[the queue holds cards]: where a card may be placed besides on the placer's own stacks:
#: the centre of the empty queue, else either end (a table, not a function: asked on every placement)
PLACE_ENDS = (("center",), ("left", "right"))


def own_stacks(queue: list, seat: int) -> list[int]:
    """The stacks ``seat`` may place a card on: those whose top card is the seat's."""
    own = []
    for i, stack in enumerate(queue):
        if stack[-1]["o"] == seat:
            own.append(i)
    return own


def move_gaps(queue: list, pos: int) -> range | list[int]:
    """The gaps (0..len(queue)) a Royal Decree may move the top card at ``pos`` to: any, but for a
    card alone in its stack the two on either side of it (where it already is)."""
    gaps = range(len(queue) + 1)
    if len(queue[pos]) == 1:
        return [g for g in gaps if g != pos and g != pos + 1]
    return gaps


def move_ontos(queue: list, here: int, pos: int) -> list[int]:
    """The stacks a Royal Decree (resolving at ``here``) may move the top card at ``pos`` onto: a
    stack topped by the same family, other than the card's own and the Decree's."""
    owner = queue[pos][-1]["o"]
    return [j for j, other in enumerate(queue) if other[-1]["o"] == owner and j != pos and j != here]


def _round_order(seating: list[int], first: int) -> list[int]:
    """Who places in a round, in turn: every seat once, clockwise from the round's first player."""
    start = seating.index(first)
    return seating[start:] + seating[:start]


class OriflammeGame(Game):
    info = INFO
    version = 1

    # ------------------------------------------------------------------ setup
    def _option_specs(self) -> list[dict]:
        return [option(
            "decree_triggers_ambush", "bool", False,
            "Royal Decree moving an opponent's hidden Ambush triggers it",
            "相手の勅命で移動された裏向きの待ち伏せも発動する",
            help_en="Off (default): only an elimination by another player's card triggers an Ambush.",
            help_ja="オフ（標準）：他プレイヤーのカードによる排除のときだけ待ち伏せが発動します。")]

    def _setup(self, num_players: int, rng: Any, options: dict) -> dict:
        """A random deal: the seating, the first player, each family's seven cards (tests build fixed
        positions from it: tests/oriflamme/oriflamme_helpers.py, checked by _check_state)."""
        n = num_players
        seating = list(range(n))
        rng.shuffle(seating)
        first = rng.randbelow(n)
        hands, removed = [], []
        for _seat in range(n):
            family = list(KINDS)
            rng.shuffle(family)
            hands.append(_sorted_kinds(family[:cards.HAND_SIZE]))
            removed.append(_sorted_kinds(family[cards.HAND_SIZE:]))
        state = {
            "num_players": n, "seating": seating, "first": first, "order": _round_order(seating, first),
            "round": 1,
            "phase": "place", "turn": 0, "hands": hands, "removed": removed,
            "ip": [cards.START_INFLUENCE] * n, "queue": [], "discard": [[] for _ in range(n)],
            "pos": 0, "pending": None, "gone": False,
            "options": {"decree_triggers_ambush": bool(options.get("decree_triggers_ambush", False))},
            "log": [],
        }
        for seat in range(n):
            state["log"].append(log_entry("removed", to=[seat], seat=seat, cards=list(removed[seat])))
        state["log"].append(log_entry("start", seating=list(seating), first=first))
        state["log"].append(log_entry("round", round=1, first=first))
        return state

    # ------------------------------------------------------------------ whose turn
    @staticmethod
    def _placer(state: dict) -> int:
        """Who places now: the turn-th seat clockwise from the first player of the round."""
        return state["order"][state["turn"]]

    def _current_player(self, state: dict) -> int | None:
        pending = state["pending"]  # a decision of the resolution (there is none while placing)
        if pending is not None:
            return pending["seat"]
        return state["order"][state["turn"]] if state["phase"] == "place" else None  # the placer

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self, state: dict) -> list[dict]:
        if state["phase"] == "place":
            seat = state["order"][state["turn"]]  # the placer
            queue = state["queue"]
            hand = state["hands"][seat]
            ends = PLACE_ENDS[len(queue) > 0]
            if len(ends) == 1:  # the first card of the round: the centre
                return [{"type": "place", "card": k, "at": ends[0]} for k in hand]
            left, right = ends  # both ends written out: this list is built for every placement
            own = own_stacks(queue, seat)
            actions: list[dict] = []
            add = actions.append
            for k in hand:  # each card: at either end of the queue, or on one of the placer's own stacks
                add({"type": "place", "card": k, "at": left})
                add({"type": "place", "card": k, "at": right})
                for i in own:
                    add({"type": "place", "card": k, "at": "stack", "pos": i})
            return actions
        pending = state["pending"]
        kind = pending["type"]
        if kind == "reveal":
            return [{"type": "reveal"}, {"type": "leave"}]
        if kind == "target":
            return [{"type": "target", "pos": i} for i in pending["cands"]]
        if kind == "spy":
            return [{"type": "spy", "seat": s} for s in pending["cands"]]
        if kind == "copy":
            return [{"type": "copy", "pos": i} for i in pending["cands"]]
        if kind == "move":
            return self._move_actions(state)
        raise RecordError(f"unknown pending decision {kind!r}")

    def _move_actions(self, state: dict) -> list[dict]:
        queue, here = state["queue"], state["pos"]
        actions = []
        for i in range(len(queue)):
            if i == here:
                continue
            actions += [{"type": "move", "pos": i, "gap": g} for g in move_gaps(queue, i)]
            actions += [{"type": "move", "pos": i, "onto": j} for j in move_ontos(queue, here, i)]
        return actions

    def _legal_match(self, state: dict, action: dict) -> dict | None:
        """The legal action equal to ``action`` (a new dict), or None: the action's shape, then its
        fields checked against what the list is built from (PLACE_ENDS, own_stacks, move_gaps,
        move_ontos, the pending decision's candidates)."""
        kind = action["type"]
        pending = state["pending"]
        if pending is None:  # the placement phase
            if kind != "place":
                return None
            seat = self._placer(state)
            queue = state["queue"]
            card, at = action.get("card"), action.get("at")
            if type(card) is not str or card not in state["hands"][seat] or type(at) is not str:
                return None
            if at == "stack":
                pos = action.get("pos")
                # own_stacks' condition asked of the one stack named (not the list of all of them)
                if len(action) == 4 and type(pos) is int and 0 <= pos < len(queue) and queue[pos][-1]["o"] == seat:
                    return {"type": "place", "card": card, "at": "stack", "pos": pos}
                return None
            if len(action) == 3 and at in PLACE_ENDS[len(queue) > 0]:
                return {"type": "place", "card": card, "at": at}
            return None
        wanted = pending["type"]
        if wanted == "reveal":
            return {"type": kind} if kind in ("reveal", "leave") and len(action) == 1 else None
        if kind != wanted or len(action) != (2 if kind != "move" else 3):
            return None
        if kind == "spy":
            spied = action.get("seat")
            return {"type": "spy", "seat": spied} if type(spied) is int and spied in pending["cands"] else None
        pos = action.get("pos")
        if type(pos) is not int:
            return None
        if kind != "move":  # target, copy
            return {"type": kind, "pos": pos} if pos in pending["cands"] else None
        queue, here = state["queue"], state["pos"]
        if not 0 <= pos < len(queue) or pos == here:
            return None
        if "gap" in action:
            gap = action["gap"]
            if type(gap) is int and gap in move_gaps(queue, pos):
                return {"type": "move", "pos": pos, "gap": gap}
            return None
        onto = action.get("onto")
        if type(onto) is int and onto in move_ontos(queue, here, pos):
            return {"type": "move", "pos": pos, "onto": onto}
        return None

    def _why_illegal(self, state: dict, action: dict) -> str | None:
        """Why ``action`` is refused, read from the same statements as the list and the check."""
        kind = action.get("type")
        phase = state["phase"]
        if phase == "place":
            if kind != "place":
                return "it is the placement phase: place a card from your hand"
            seat = self._current_player(state)
            if action.get("card") not in state["hands"][seat]:
                return f"{action.get('card')!r} is not in your hand"
            if action.get("at") == "stack":
                return "you may only stack on top of one of your own cards"
            ends = " or ".join(PLACE_ENDS[len(state["queue"]) > 0])
            return f"place at the {ends} of the queue, or on one of your own cards"
        pending = state["pending"]["type"]
        wanted = {"reveal": "reveal or leave", "target": "target", "spy": "spy", "copy": "copy",
                  "move": "move"}[pending]
        if kind not in wanted.split(" or "):
            return f"the decision now is: {wanted}"
        if kind == "move":
            pos, here, queue = action.get("pos"), state["pos"], state["queue"]
            if pos == here:
                return "a Royal Decree moves another card, not itself"
            onto = action.get("onto")
            if type(pos) is int and 0 <= pos < len(queue) and type(onto) is int and 0 <= onto < len(queue) \
                    and onto not in move_ontos(queue, here, pos) and onto != pos and onto != here:
                return (f"the card at pos {pos} may go only onto a card of its own family "
                        f"(pos {onto} is another player's)")
            return ("a Royal Decree moves a top card other than itself to another place (a gap "
                    f"0..{len(queue)} or onto a card of the same family), not back where it was")
        field = "seat" if kind == "spy" else "pos"
        return f"that is not one of the possible choices: {field} is one of {state['pending'].get('cands')}"

    # ------------------------------------------------------------------ apply
    def _copy_state(self, state: dict) -> dict:
        """A copy for ``apply``: new outer lists, sharing everything inside them.

        The rules never change a hand, a stack, a card or a discard pile in place: they put
        a new one in its place (a stack with one card more or less, a card with its new
        influence, see ``_top_to_change``). Also shared: seating, removed cards and options
        (never changed), the pending decision (always replaced) and the log entries (only
        appended).
        """
        new = dict(state)
        new["hands"] = list(state["hands"])
        new["ip"] = list(state["ip"])
        new["queue"] = list(state["queue"])
        new["discard"] = list(state["discard"])
        new["log"] = list(state["log"])
        return new

    @staticmethod
    def _top_to_change(state: dict, pos: int) -> dict:
        """A new copy of the top card at ``pos``, put in its place, for the rules to change
        (states share their stacks and card dicts with the state they were copied from)."""
        queue = state["queue"]
        stack = queue[pos]
        card = dict(stack[-1])
        queue[pos] = stack[:-1] + [card]
        return card

    def _apply(self, state: dict, action: dict, rng: Any) -> None:
        self._do(state, action)
        self._run(state)

    def _do(self, state: dict, action: dict) -> None:
        """One decision, without running the rest of the resolution."""
        kind = action["type"]
        if kind == "place":
            self._place(state, action)
            return
        if kind == "reveal":
            self._reveal(state)
            return
        if kind == "leave":
            card = self._top_to_change(state, state["pos"])
            card["ip"] += 1
            state["pending"] = None
            state["log"].append({"key": "leave", "params": {"seat": card["o"], "pos": state["pos"], "ip": card["ip"]}})
            self._finish(state)
            return
        pending = state["pending"]
        state["pending"] = None
        if kind == "target":
            self._eliminate(state, action["pos"], pending["seat"], pending["ability"])
            self._after_ability(state, pending["ability"], pending["via"])
        elif kind == "spy":
            self._steal(state, pending["seat"], action["seat"], pending["via"])
        elif kind == "copy":
            copied = state["queue"][action["pos"]][-1]["k"]
            self._copy(state, pending["seat"], copied)
        elif kind == "move":
            self._move(state, pending["seat"], action)
            self._after_ability(state, "decree", False)
        if state["pending"] is None:
            self._finish(state)

    # placement -----------------------------------------------------------
    def _place(self, state: dict, action: dict) -> None:
        seat = state["order"][state["turn"]]  # the placer
        kind = action["card"]
        hand = list(state["hands"][seat])  # a new hand: earlier states share the old one
        hand.remove(kind)  # a hand holds each kind once
        state["hands"][seat] = hand
        card = {"o": seat, "k": kind, "up": False, "ip": 0}
        queue = state["queue"]
        at = action["at"]
        pos = None
        if at == "center" or at == "right":
            queue.append([card])
            pos = len(queue) - 1
        elif at == "left":
            queue.insert(0, [card])
            pos = 0
        else:
            pos = action["pos"]
            queue[pos] = queue[pos] + [card]
        state["log"].append({"key": "place", "params": {"seat": seat, "at": at, "pos": pos, "height": len(queue[pos])}})
        state["log"].append({"key": "place_own", "params": {"seat": seat, "card": kind, "at": at, "pos": pos},
                             "to": [seat]})
        state["turn"] += 1
        if state["turn"] == state["num_players"]:
            state["phase"] = "resolve"
            state["pos"] = 0
            state["log"].append(log_entry("resolve", round=state["round"]))

    # resolution ----------------------------------------------------------
    def _run(self, state: dict) -> None:
        """Resolve until a decision is needed, the round ends or the game ends."""
        while state["phase"] == "resolve":
            pending = state["pending"]
            if pending is not None:
                if pending["type"] == "reveal":
                    return
                # a forced choice (one option only) is applied at once; a Royal Decree has
                # several moves whenever the queue has three stacks or more
                if len(pending["cands"]) > 1 if "cands" in pending else len(state["queue"]) > 2:
                    return
                legal = self._legal_actions(state)
                if len(legal) > 1:
                    return
                self._do(state, legal[0])
                continue
            queue, pos = state["queue"], state["pos"]
            if pos >= len(queue):
                self._end_round(state)
                continue
            card = queue[pos][-1]
            if not card["up"]:  # its owner decides: reveal it or leave it
                state["pending"] = {"type": "reveal", "seat": card["o"]}
                return
            self._ability(state, card["k"], card["o"], False)
            if state["pending"] is None:
                self._finish(state)

    def _finish(self, state: dict) -> None:
        """The card at pos has acted: go on with the card below it (if it left) or the next stack."""
        if state["gone"]:
            state["gone"] = False
        else:
            state["pos"] += 1

    def _end_round(self, state: dict) -> None:
        state["log"].append(log_entry("round_end", round=state["round"], ip=list(state["ip"])))
        if state["round"] >= ROUNDS:
            state["phase"] = "over"
            state["pos"] = 0
            winners = self._winners(state)
            state["log"].append(log_entry("end", ip=list(state["ip"]), cards=self._cards_in_queue(state),
                                          winners=winners))
            return
        state["first"] = state["order"][1]  # the next player clockwise
        state["order"] = _round_order(state["seating"], state["first"])
        state["round"] += 1
        state["phase"] = "place"
        state["turn"] = 0
        state["pos"] = 0
        state["log"].append(log_entry("round", round=state["round"], first=state["first"]))

    def _reveal(self, state: dict) -> None:
        state["pending"] = None
        card = self._top_to_change(state, state["pos"])
        seat, kind, taken = card["o"], card["k"], card["ip"]
        card["up"] = True
        card["ip"] = 0
        if kind == "ambush":
            state["ip"][seat] += 1
            state["log"].append({"key": "reveal_ambush", "params": {"seat": seat, "lost": taken}})
            self._discard_top(state, state["pos"])
            self._finish(state)
            return
        if kind == "conspiracy":
            state["ip"][seat] += 2 * taken
            state["log"].append({"key": "reveal_conspiracy", "params": {"seat": seat, "ip": taken, "gain": 2 * taken}})
            self._discard_top(state, state["pos"])
            self._finish(state)
            return
        state["ip"][seat] += taken
        state["log"].append({"key": "reveal", "params": {"seat": seat, "card": kind, "ip": taken}})
        self._ability(state, kind, seat, False)
        if state["pending"] is None:
            self._finish(state)

    def _ability(self, state: dict, ability: str, seat: int, via: bool) -> None:
        """Start the ability of the card at pos (a Shapeshifter's copy if via). May set a pending choice;
        without one, the ability is complete when this returns (including a one-shot's discard)."""
        queue, pos = state["queue"], state["pos"]
        if ability in ("archer", "soldier", "assassination"):
            if ability == "archer":
                cands = sorted({0, len(queue) - 1})
            elif ability == "soldier":
                cands = _neighbours(queue, pos)
            else:
                cands = [i for i in range(len(queue)) if i != pos]
            if not cands:
                state["log"].append(log_entry("no_target", seat=seat, card=ability, via=via))
            else:
                state["pending"] = {"type": "target", "seat": seat, "ability": ability, "via": via,
                                    "cands": cands}
                return
        elif ability == "spy":
            cands = []
            for i in _neighbours(queue, pos):
                owner = queue[i][-1]["o"]
                if owner != seat and owner not in cands:
                    cands.append(owner)
            if not cands:
                state["log"].append(log_entry("spy_none", seat=seat, via=via))
            else:
                state["pending"] = {"type": "spy", "seat": seat, "ability": "spy", "via": via, "cands": cands}
                return
        elif ability == "heir":
            name = "shapeshifter" if via else "heir"
            rival = any(i != pos and stack[-1]["up"] and stack[-1]["k"] == name for i, stack in enumerate(queue))
            if rival:
                state["log"].append(log_entry("heir_none", seat=seat, via=via))
            else:
                state["ip"][seat] += cards.HEIR_GAIN
                state["log"].append({"key": "gain", "params": {"seat": seat, "card": "heir", "n": cards.HEIR_GAIN,
                                                               "via": via}})
        elif ability == "lord":
            gain = 1 + sum(1 for i in _neighbours(queue, pos) if queue[i][-1]["o"] == seat)
            state["ip"][seat] += gain
            state["log"].append({"key": "gain", "params": {"seat": seat, "card": "lord", "n": gain, "via": via}})
        elif ability == "shapeshifter" and not via:
            cands = [i for i in _neighbours(queue, pos)
                     if queue[i][-1]["up"] and queue[i][-1]["k"] in COPYABLE]
            if not cands:
                state["log"].append(log_entry("copy_none", seat=seat))
            else:
                state["pending"] = {"type": "copy", "seat": seat, "ability": "shapeshifter", "via": False,
                                    "cands": cands}
                return
        elif ability == "decree":
            if len(queue) < 2:
                state["log"].append(log_entry("no_target", seat=seat, card="decree", via=False))
            else:
                state["pending"] = {"type": "move", "seat": seat, "ability": "decree", "via": False}
                return
        self._after_ability(state, ability, via)

    def _after_ability(self, state: dict, ability: str, via: bool) -> None:
        """A one-shot card is discarded once its ability is done (unless it already left)."""
        if ability in ("assassination", "decree") and not via and not state["gone"]:
            card = state["queue"][state["pos"]][-1]
            state["log"].append({"key": "discard", "params": {"seat": card["o"], "card": card["k"]}})
            self._discard_top(state, state["pos"])

    def _copy(self, state: dict, seat: int, copied: str) -> None:
        state["log"].append(log_entry("copy", seat=seat, card=copied))
        self._ability(state, copied, seat, True)

    # card movements ------------------------------------------------------
    def _discard_top(self, state: dict, index: int) -> dict:
        """Take the top card of a stack out of the queue into its owner's discard (influence on it is lost)."""
        queue = state["queue"]
        stack = queue[index]
        card = stack[-1]
        if state["phase"] == "resolve" and index == state["pos"]:
            state["gone"] = True
        if len(stack) > 1:
            queue[index] = stack[:-1]
        else:
            del queue[index]
            if index < state["pos"]:
                state["pos"] -= 1
        discard = state["discard"]
        discard[card["o"]] = discard[card["o"]] + [card["k"]]
        return card

    def _eliminate(self, state: dict, target: int, seat: int, ability: str) -> None:
        queue = state["queue"]
        victim = queue[target][-1]
        attacker = queue[state["pos"]][-1]
        was_up, lost = victim["up"], victim["ip"]
        self._discard_top(state, target)
        state["log"].append({"key": "eliminate", "params": {"seat": seat, "card": attacker["k"], "ability": ability,
                                                            "owner": victim["o"], "victim": victim["k"],
                                                            "was_up": was_up, "lost": lost}})
        if victim["k"] == "ambush" and not was_up:
            if victim["o"] != seat:
                state["ip"][victim["o"]] += cards.AMBUSH_BONUS
                if attacker is not victim:
                    self._discard_top(state, state["pos"])
                state["log"].append(log_entry("ambush", seat=victim["o"], attacker=seat, card=attacker["k"],
                                              n=cards.AMBUSH_BONUS))
            else:
                state["ip"][seat] += 1
                state["log"].append(log_entry("ambush_own", seat=seat))
        state["ip"][seat] += 1
        state["log"].append({"key": "gain", "params": {"seat": seat, "card": "eliminate", "n": 1, "via": False}})

    def _steal(self, state: dict, seat: int, victim: int, via: bool) -> None:
        n = 1 if state["ip"][victim] > 0 else 0
        state["ip"][victim] -= n
        state["ip"][seat] += n
        state["log"].append({"key": "steal", "params": {"seat": seat, "victim": victim, "n": n, "via": via}})

    def _move(self, state: dict, seat: int, action: dict) -> None:
        queue = state["queue"]
        i = action["pos"]
        card = queue[i][-1]
        public_kind = card["k"] if card["up"] else None
        if (state["options"]["decree_triggers_ambush"] and card["k"] == "ambush" and not card["up"]
                and card["o"] != seat):
            lost = card["ip"]
            self._discard_top(state, i)
            state["ip"][card["o"]] += cards.AMBUSH_BONUS
            state["log"].append(log_entry("ambush_decree", seat=card["o"], attacker=seat, lost=lost,
                                          n=cards.AMBUSH_BONUS))
            return
        alone = len(queue[i]) == 1
        if alone:
            del queue[i]
            if i < state["pos"]:
                state["pos"] -= 1
        else:
            queue[i] = queue[i][:-1]
        if "gap" in action:
            g = action["gap"]
            if alone and g > i:
                g -= 1
            queue.insert(g, [card])
            if g <= state["pos"]:
                state["pos"] += 1
            state["log"].append(log_entry("move", seat=seat, owner=card["o"], card=public_kind,
                                          src=i, gap=action["gap"]))
        else:
            j = action["onto"]
            if alone and j > i:
                j -= 1
            queue[j] = queue[j] + [card]
            state["log"].append(log_entry("move", seat=seat, owner=card["o"], card=public_kind,
                                          src=i, onto=action["onto"]))

    # ------------------------------------------------------------------ scores
    def _cards_in_queue(self, state: dict) -> list[int]:
        counts = [0] * state["num_players"]
        for stack in state["queue"]:
            for card in stack:
                counts[card["o"]] += 1
        return counts

    def _scores(self, state: dict) -> list[float]:
        return list(state["ip"])

    def _winners(self, state: dict) -> list[int]:
        ip = state["ip"]
        best = max(ip)
        tied = [s for s in range(state["num_players"]) if ip[s] == best]
        counts = self._cards_in_queue(state)
        most = max(counts[s] for s in tied)
        return [s for s in tied if counts[s] == most]

    # ------------------------------------------------------------------ views
    def _view(self, state: dict, seat: int | None) -> dict:
        n = state["num_players"]
        queue = [[self._card_view(c, seat) for c in stack] for stack in state["queue"]]
        pending = state["pending"]
        view = {
            "num_players": n, "seat": seat, "seating": list(state["seating"]), "first": state["first"],
            "round": state["round"], "rounds": ROUNDS, "phase": state["phase"], "turn": state["turn"],
            "mover": self._current_player(state),
            "hand": list(state["hands"][seat]) if seat is not None else None,
            "removed": list(state["removed"][seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in state["hands"]],
            "ip": list(state["ip"]), "queue": queue,
            "discard": [list(d) for d in state["discard"]],
            "pos": state["pos"],
            "pending": dict(pending) if pending is not None else None,
            "options": dict(state["options"]),
            "cards_in_queue": self._cards_in_queue(state),
            "log": log_visible_to(state["log"], seat),
        }
        if pending is not None and "cands" in pending:
            view["pending"]["cands"] = list(pending["cands"])
        if state["phase"] == "over":
            view["winners"] = self._winners(state)
        return view

    @staticmethod
    def _card_view(card: dict, seat: int | None) -> dict:
        if card["up"] or card["o"] == seat:
            return {"o": card["o"], "up": card["up"], "ip": card["ip"], "k": card["k"]}
        return {"o": card["o"], "up": card["up"], "ip": card["ip"]}

    def _sample_state(self, view: dict, seat: int, rng: Any) -> dict:
        n = view["num_players"]
        hidden_slots: list[list] = [[] for _ in range(n)]  # face-down cards of others, as dicts to fill
        queue = []
        for stack in view["queue"]:
            new_stack = []
            for c in stack:
                card = {"o": c["o"], "k": c.get("k"), "up": c["up"], "ip": c["ip"]}
                if card["k"] is None:
                    hidden_slots[c["o"]].append(card)
                new_stack.append(card)
            queue.append(new_stack)
        hands, removed = [], []
        for p in range(n):
            if p == seat:
                hands.append(list(view["hand"]))
                removed.append(list(view["removed"]))
                continue
            known = list(view["discard"][p])
            for stack in queue:
                for card in stack:
                    if card["o"] == p and card["k"] is not None:
                        known.append(card["k"])
            unknown = [k for k in KINDS if k not in known]
            rng.shuffle(unknown)
            for card in hidden_slots[p]:
                card["k"] = unknown.pop()
            hand_size = view["hand_counts"][p]
            hands.append(_sorted_kinds(unknown[:hand_size]))
            removed.append(_sorted_kinds(unknown[hand_size:]))
        pending = view["pending"]
        return {
            "num_players": n, "seating": list(view["seating"]), "first": view["first"],
            "order": _round_order(view["seating"], view["first"]),
            "round": view["round"], "phase": view["phase"], "turn": view["turn"],
            "hands": hands, "removed": removed, "ip": list(view["ip"]), "queue": queue,
            "discard": [list(d) for d in view["discard"]], "pos": view["pos"],
            "pending": None if pending is None else {**pending, **({"cands": list(pending["cands"])}
                                                                    if "cands" in pending else {})},
            # log entries are never changed once logged: the view's own are shared
            "gone": False, "options": dict(view["options"]), "log": list(view["log"]),
        }

    def _check_state(self, state: dict) -> None:
        """The one check of a state that did not come from play: a loaded save, or a test position
        (tests/oriflamme/oriflamme_helpers.py)."""
        for key in ("seating", "first", "order", "round", "phase", "turn", "hands", "removed", "ip", "queue",
                    "discard", "pos", "pending", "gone", "options", "log"):
            if key not in state:
                raise RecordError(f"the saved state lacks {key!r}")
        if state["phase"] not in ("place", "resolve", "over"):
            raise RecordError("the saved state has an unknown phase")
        n = state["num_players"]
        seating = state["seating"]
        if type(seating) is not list or any(type(s) is not int for s in seating) or sorted(seating) != list(range(n)) \
                or type(state["first"]) is not int or state["first"] not in seating:
            raise RecordError(f"the saved state's seating is not the seats 0..{n - 1} once each, with the first among "
                              f"them")
        if state["order"] != _round_order(seating, state["first"]):
            raise RecordError("the saved state's placement order does not follow its seating")
        try:
            for p in range(n):
                family = list(state["hands"][p]) + list(state["removed"][p]) + list(state["discard"][p])
                family += [c["k"] for stack in state["queue"] for c in stack if c["o"] == p]
                if sorted(family, key=str) != sorted(KINDS, key=str) or len(state["removed"][p]) != cards.REMOVED \
                        or state["hands"][p] != _sorted_kinds(state["hands"][p]):
                    raise ValueError
        except (KeyError, TypeError, ValueError, IndexError):
            raise RecordError("the saved state does not hold the ten cards of each family once each") from None


GAME = OriflammeGame()
