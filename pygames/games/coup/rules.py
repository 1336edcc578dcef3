"""Coup (with BGA's options: factions, inquisitor, diplomat, rounds to win) as a state machine.

The turn is driven by a queue of steps in ``state["queue"]``. The first step is
always a decision of exactly one seat (choose an action, answer a reaction
window, reveal a card, lose a card, keep cards after an exchange, show a card
to an examiner, decide about an examined card). Automatic steps (resolving the
action, ending the turn, proving an embezzlement) are run by ``_run`` until
the next decision. Whether a step needs a decision depends only on public
information (a player with two face-down cards is always asked, even when
both are the same character), so views never leak hidden cards.

Log entries are written as the dicts ``core.log_entry`` would make ({"key", "params"} and "to" for
private ones): a random game appends one or two per action, and the call with keyword arguments
cost several per cent of its time.

docs/rules/coup.md describes the rules exactly as implemented.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from . import INFO
from ...core import Game, RecordError, SetupError, log_visible_to, option
from ...core.rng import Rng, draw_to_top
from . import cards as C

ORDER = {c: i for i, c in enumerate(C.CHARACTERS)}
#: actions a reaction window can answer with a block, and the block's character slots
TARGETED_BLOCKABLE = ("steal", "assassinate", "examine")


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def combos(pool: list[str], k: int) -> list[list[str]]:
    """All distinct multisets of k cards from pool (sorted, in a stable order)."""
    return [list(combo) for combo in dict.fromkeys(combinations(sort_cards(pool), k))]


def remove_cards(cards: list[str], taken: list[str]) -> list[str]:
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return rest


def _character_of(spec: str, diplomat: bool, inquisitor: bool) -> str:
    """The character a claim/block spec of cards.py names in a deck with these options."""
    name = spec.lstrip("!")
    if name in ("*tax", "tax"):
        return "diplomat" if diplomat else "duke"
    if name == "*exchange":
        return "inquisitor" if inquisitor else "ambassador"
    return name


#: per (diplomat, inquisitor) option pair, computed once: each main action's
#: (claimed character, negative claim) and each blockable action's blocking characters
CLAIMS = {(dip, inq): {kind: (None, False) if spec["claim"] is None else
                       (_character_of(spec["claim"], dip, inq), spec["claim"].startswith("!"))
                       for kind, spec in C.ACTIONS.items()}
          for dip in (False, True) for inq in (False, True)}
BLOCKS = {(dip, inq): {kind: tuple(_character_of(spec, dip, inq) for spec in specs)
                       for kind, specs in C.BLOCKERS.items()}
          for dip in (False, True) for inq in (False, True)}


MAX_PLAYERS = INFO.max_players
#: SEATS_AFTER[n][seat]: the other seats of an n-player table in turn order after ``seat``
SEATS_AFTER = {n: [[*range(seat + 1, n), *range(seat)] for seat in range(n)] for n in range(1, MAX_PLAYERS + 1)}
#: OTHER_SEATS[n][seat]: the other seats of an n-player table in seat order (the order of targets)
OTHER_SEATS = {n: [[t for t in range(n) if t != seat] for seat in range(n)] for n in range(1, MAX_PLAYERS + 1)}


def deck_chars(opts: dict) -> list[str]:
    chars = list(C.BASE_DECK)
    for key, (old, new) in C.REPLACEMENTS.items():
        if opts.get(key):
            chars[chars.index(old)] = new
    return chars


#: per (diplomat, inquisitor) option pair, computed once: the characters of the deck (deck_chars)
#: and the whole court deck, COPIES of each character in that order (a round's deal draws from it)
DECK_CHARS = {(dip, inq): tuple(deck_chars({"diplomat": dip, "inquisitor": inq}))
              for dip in (False, True) for inq in (False, True)}
COURTS = {variant: tuple(c for c in chars for _ in range(C.COPIES)) for variant, chars in DECK_CHARS.items()}


#: AIMED[kind][seat]: the main action ``kind`` aimed at ``seat``. A legal list holds copies (fresh
#: dicts: a caller may change the list it is given): copying a small dict costs less than building it from a display,
#: and a turn's list holds one such action per target and kind
AIMED = {kind: tuple({"type": kind, "target": t} for t in range(MAX_PLAYERS))
         for kind, spec in C.ACTIONS.items() if spec["target"]}

#: blank "info" of a turn's main action: ``_declare`` copies it and fills in the first five entries
#: (copying a dict of ten keys costs a fraction of building it from a display)
BLANK_INFO = {"actor": None, "action": None, "target": None, "claim": None, "negative": False,
              "blocker": None, "block_card": None, "blocked": False, "failed": False, "challenger": None}


def aimed(kind: str, seats: list[int]) -> list[dict]:
    """The main action ``kind`` aimed at each of ``seats``, as fresh dicts (copies of AIMED's)."""
    table = AIMED[kind]
    return [table[t].copy() for t in seats]


def living_after(hands: list[list[str]], seat: int) -> list[int]:
    """Living seats other than ``seat``, in seat order after it (a function, not a method: it is
    asked for every reaction window)."""
    seats = []
    for other in SEATS_AFTER[len(hands)][seat]:
        if hands[other]:
            seats.append(other)
    return seats


def factions_split(state: dict) -> bool:
    """True while the living players belong to both factions (the targeting limit applies)."""
    factions = state["factions"]
    if factions is None:
        return False
    hands = state["hands"]
    return len({factions[s] for s in range(state["num_players"]) if hands[s]}) > 1


class CoupGame(Game):
    info = INFO
    #: 2: cards are drawn at random from the court deck instead of shuffling it (docs/rules/coup.md,
    #: "Random draws"); a game saved or recorded by version 1 is refused
    version = 2
    test_option_keys = ("deck", "hands", "first_player", "factions_of", "no_shuffle", "coins", "almshouse")

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
        n = num_players
        opts = {"factions": options["factions"], "inquisitor": options["inquisitor"],
                "diplomat": options["diplomat"], "wins_needed": options["wins_needed"],
                "no_shuffle": False}
        chars = list(DECK_CHARS[opts["diplomat"], opts["inquisitor"]])
        deal = first = factions_of = coins = None
        almshouse = 0
        if not TEST_OPTIONS.isdisjoint(options):  # a fixed deal for tests: checked here (a random deal needs none)
            deal, first, factions_of, coins, almshouse = self._test_options(n, opts, chars, options)
        state: dict[str, Any] = {
            "num_players": n, "opts": opts, "chars": chars, "round": 0, "wins": [0] * n,
            "start": 0, "turn": 0, "over": False, "hands": [], "lost": [], "coins": [],
            "factions": None, "almshouse": 0, "deck": [], "info": None, "queue": [], "log": [],
        }
        if first is None:
            first = rng.randbelow(n)
        self._start_round(state, rng, first, deal, factions_of, coins, almshouse)
        return state

    def _test_options(self, n: int, opts: dict, chars: list[str], options: dict) -> tuple:
        """The test options of ``options`` (``test_option_keys``), checked: (deal or None, first
        player or None, factions or None, coins or None, almshouse coins). Sets opts["no_shuffle"]."""
        if "no_shuffle" in options:
            if not isinstance(options["no_shuffle"], bool):
                raise SetupError("no_shuffle must be true or false")
            opts["no_shuffle"] = options["no_shuffle"]

        def card_list(value: Any, what: str) -> list[str]:
            if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                raise SetupError(f"{what} must be a list of character ids")
            bad = [c for c in value if c not in chars]
            if bad:
                raise SetupError(f"{what}: {bad[0]!r} is not a character of this deck ({', '.join(chars)})")
            return list(value)

        deal = None
        if "hands" in options or "deck" in options:
            full = sort_cards([c for c in chars for _ in range(C.COPIES)])
        if "hands" in options:
            hands = options["hands"]
            if not isinstance(hands, list) or len(hands) != n:
                raise SetupError(f"hands must list {n} hands")
            hands = [card_list(h, "hands") for h in hands]
            if any(len(h) != 2 for h in hands):
                raise SetupError("each hand has exactly 2 cards")
            rest = list(full)
            try:
                for h in hands:
                    rest = remove_cards(rest, h)
            except ValueError:
                raise SetupError(f"hands use more than {C.COPIES} copies of a character") from None
            if "deck" in options:
                deck = card_list(options["deck"], "deck")
                if sort_cards(deck) != sort_cards(rest):
                    raise SetupError("deck must hold exactly the cards not in the hands")
            else:
                deck = rest  # drawn from at random (in this order with no_shuffle)
            deal = (hands, deck)
        elif "deck" in options:
            deck = card_list(options["deck"], "deck")
            if sort_cards(deck) != full:
                raise SetupError(f"deck must hold the whole court: {C.COPIES} of each of {', '.join(chars)}")
            deal = ([deck[2 * i:2 * i + 2] for i in range(n)], deck[2 * n:])

        first = options.get("first_player")
        if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n):
            raise SetupError(f"first_player must be a seat from 0 to {n - 1}")
        factions_of = options.get("factions_of")
        if factions_of is not None:
            if not opts["factions"]:
                raise SetupError("factions_of needs the factions option")
            if not isinstance(factions_of, list) or len(factions_of) != n or \
                    any(isinstance(f, bool) or f not in (0, 1) for f in factions_of):
                raise SetupError(f"factions_of must list {n} values, each 0 (monarchist) or 1 (populist)")
        coins = options.get("coins")
        if coins is not None and (not isinstance(coins, list) or len(coins) != n or any(
                isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in coins)):
            raise SetupError(f"coins must list {n} whole numbers >= 0")
        almshouse = options.get("almshouse", 0)
        if isinstance(almshouse, bool) or not isinstance(almshouse, int) or almshouse < 0:
            raise SetupError("almshouse must be a whole number >= 0")
        if almshouse and not opts["factions"]:
            raise SetupError("almshouse needs the factions option")
        return deal, first, factions_of, coins, almshouse

    def _start_round(self, state: dict, rng: Rng, first: int, deal: Any = None,
                     factions_of: list | None = None, coins: list | None = None, almshouse: int = 0) -> None:
        n = state["num_players"]
        state["round"] += 1
        opts = state["opts"]
        if deal is None:
            full = list(COURTS[opts["diplomat"], opts["inquisitor"]])
            draw_to_top(full, 2 * n, rng)  # the hands; the rest is drawn from at random later
            hands = []
            for i in range(0, 2 * n, 2):
                hands.append(sort_cards(full[i:i + 2]))
            state["hands"] = hands
            state["deck"] = full[2 * n:]
        else:
            state["hands"] = [sort_cards(h) for h in deal[0]]
            state["deck"] = list(deal[1])
        state["lost"] = [[] for _ in range(n)]
        start = C.START_COINS_TWO_PLAYERS if n == 2 else C.START_COINS
        state["coins"] = list(coins) if coins is not None else [start] * n
        if opts["factions"]:
            if factions_of is None:
                seats = list(range(n))
                draw_to_top(seats, n // 2, rng)
                populists = set(seats[:n // 2])
                factions_of = [1 if s in populists else 0 for s in range(n)]
            state["factions"] = list(factions_of)
        else:
            state["factions"] = None
        state["almshouse"] = almshouse
        state["start"] = first
        state["turn"] = first
        state["info"] = None
        state["queue"] = [{"k": "act"}]
        factions = state["factions"]  # the entry keeps its own lists: a conversion changes the state's
        state["log"].append({"key": "round_start", "params": {
            "round": state["round"], "seat": first, "factions": None if factions is None else list(factions),
            "coins": list(state["coins"])}})

    # ================================================================ helpers
    @staticmethod
    def tax_char(state: dict) -> str:
        return "diplomat" if state["opts"]["diplomat"] else "duke"

    @staticmethod
    def exchange_char(state: dict) -> str:
        return "inquisitor" if state["opts"]["inquisitor"] else "ambassador"

    @staticmethod
    def claim_of(state: dict, action_type: str) -> tuple[str | None, bool]:
        """(claimed character, negative) of a main action; negative: claims NOT to hold it."""
        opts = state["opts"]
        return CLAIMS[opts["diplomat"], opts["inquisitor"]][action_type]

    @staticmethod
    def blockers(state: dict, action_type: str) -> tuple[str, ...]:
        """The characters that block a main action (none: an empty tuple)."""
        opts = state["opts"]
        return BLOCKS[opts["diplomat"], opts["inquisitor"]].get(action_type, ())

    @staticmethod
    def alive(state: dict, seat: int) -> bool:
        return bool(state["hands"][seat])

    @staticmethod
    def living(state: dict) -> list[int]:
        hands = state["hands"]
        return [s for s in range(state["num_players"]) if hands[s]]

    @staticmethod
    def round_decided(state: dict) -> bool:
        """At most one player still holds cards (an empty hand is an eliminated player)."""
        return state["hands"].count([]) >= state["num_players"] - 1

    factions_split = staticmethod(factions_split)  # the module's function (the rules call it directly)

    def targets(self, state: dict, actor: int) -> list[int]:
        """The seats ``actor`` may target: living others, outside the own faction while split."""
        hands = state["hands"]
        factions = state["factions"]
        seats = []
        if factions is not None and factions_split(state):
            own = factions[actor]
            for t in OTHER_SEATS[len(hands)][actor]:
                if hands[t] and factions[t] != own:
                    seats.append(t)
        else:
            for t in OTHER_SEATS[len(hands)][actor]:
                if hands[t]:
                    seats.append(t)
        return seats

    def may_target(self, state: dict, actor: int, target: int) -> bool:
        return target in self.targets(state, actor)

    @staticmethod
    def after(state: dict, seat: int) -> list[int]:
        """Living seats other than ``seat``, in seat order after it."""
        return living_after(state["hands"], seat)

    # ================================================================ whose decision
    def _is_over(self, state: dict) -> bool:
        """The base class's answer (no seat has a decision), read from the state's flag: every step of
        a random game asks it."""
        return state["over"]

    def _legal_actions(self, state: dict) -> list[dict]:
        """The rules' list (asked only while the game is not over): one call for every step of a
        random game."""
        step = state["queue"][0]
        k = step["k"]
        if k == "react":
            can_challenge, blocks = self._react_options(state, step, step["order"][step["i"]])
            acts: list[dict] = [{"type": "pass"}, {"type": "challenge"}] if can_challenge else [{"type": "pass"}]
            for card in blocks:
                acts.append({"type": "block", "card": card})
            return acts
        if k == "act":
            return self._main_actions(state)
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
    def _main_actions(self, state: dict) -> list[dict]:
        """A turn's main actions in menu order (the longest list of a random game, asked about
        once a turn): the aimed ones are copies of AIMED's (``aimed``)."""
        a = state["turn"]
        purse = state["coins"]
        coins = purse[a]
        targets = self.targets(state, a)
        if coins >= C.FORCED_COUP:
            return aimed("coup", targets)
        opts = state["opts"]
        acts: list[dict] = [{"type": "income"}, {"type": "foreign_aid"}]
        if coins >= C.COUP_COST:
            acts += aimed("coup", targets)
        if not opts["diplomat"]:
            acts.append({"type": "tax"})
        acts += aimed("steal", [t for t in targets if purse[t] >= 1])
        acts.append({"type": "exchange"})
        if coins >= C.ASSASSINATE_COST:
            acts += aimed("assassinate", targets)
        if opts["inquisitor"]:
            acts += aimed("examine", targets)
        if opts["diplomat"]:
            acts += aimed("cooperate", targets)
        if opts["factions"]:
            hands = state["hands"]
            fac = state["factions"]
            if coins >= C.CONVERT_SELF_COST:
                acts += aimed("convert", [a])
            if coins >= C.CONVERT_OTHER_COST:
                acts += aimed("convert", [t for t in range(state["num_players"])
                                          if t != a and hands[t] and fac[t] != fac[a]])
            if state["almshouse"] > 0:
                acts.append({"type": "embezzle"})
        return acts

    def _legal_match(self, state: dict, action: dict) -> dict | None:
        """The legal action equal to ``action`` (a fresh dict), checked without building the list:
        the same conditions as ``_legal_actions``, asked of this one action."""
        step = state["queue"][0]
        k = step["k"]
        kind = action["type"]
        if k == "react":
            if len(action) == 1 and kind in ("pass", "challenge"):
                if kind == "pass" or self._react_options(state, step, step["order"][step["i"]])[0]:
                    return {"type": kind}
                return None
            card = self._card_of(action, "block")
            if card is not None and card in self._react_options(state, step, step["order"][step["i"]])[1]:
                return {"type": "block", "card": card}
            return None
        if k == "act":
            return self._main_match(state, action)
        if k in ("reveal", "lose", "show"):
            card = self._card_of(action, k)
            return {"type": k, "card": card} if card in state["hands"][step["seat"]] else None
        if k == "keep":
            cards = action.get("cards") if kind == "keep" and len(action) == 2 else None
            if type(cards) is not list or len(cards) != step["n"] or \
                    any(type(c) is not str or c not in ORDER for c in cards) or cards != sort_cards(cards):
                return None
            try:  # the kept cards come out of the hand and the cards drawn
                remove_cards(state["hands"][step["seat"]] + step["drawn"], cards)
            except ValueError:
                return None
            return {"type": "keep", "cards": list(cards)}
        if k == "inspect" and len(action) == 1 and kind in ("examine_keep", "examine_swap"):
            return {"type": kind}
        return None

    @staticmethod
    def _card_of(action: dict, kind: str) -> str | None:
        """The card an action {"type": kind, "card": <str>} names, or None for any other shape."""
        if action["type"] != kind or len(action) != 2:
            return None
        card = action.get("card")
        return card if type(card) is str else None

    def _main_match(self, state: dict, action: dict) -> dict | None:
        """``_legal_match`` for a turn's main action: the conditions of ``_main_actions``."""
        a = state["turn"]
        coins = state["coins"][a]
        opts = state["opts"]
        kind = action["type"]
        if len(action) == 1:
            if coins >= C.FORCED_COUP:
                return None
            if kind in ("income", "foreign_aid", "exchange") or (kind == "tax" and not opts["diplomat"]) or \
                    (kind == "embezzle" and opts["factions"] and state["almshouse"] > 0):
                return {"type": kind}
            return None
        t = action.get("target")
        if len(action) != 2 or type(t) is not int or not 0 <= t < state["num_players"]:
            return None
        if kind == "convert":
            if coins >= C.FORCED_COUP or not opts["factions"]:
                return None
            fac = state["factions"]
            if t == a and coins >= C.CONVERT_SELF_COST or \
                    t != a and coins >= C.CONVERT_OTHER_COST and state["hands"][t] and fac[t] != fac[a]:
                return {"type": kind, "target": t}
            return None
        if kind == "coup":
            allowed = coins >= C.COUP_COST
        elif coins >= C.FORCED_COUP:
            return None
        elif kind == "steal":
            allowed = state["coins"][t] >= 1
        elif kind == "assassinate":
            allowed = coins >= C.ASSASSINATE_COST
        elif kind == "examine":
            allowed = opts["inquisitor"]
        elif kind == "cooperate":
            allowed = opts["diplomat"]
        else:
            return None
        return {"type": kind, "target": t} if allowed and t in self.targets(state, a) else None

    def _react_options(self, state: dict, step: dict, seat: int) -> tuple[bool, tuple[str, ...]]:
        """(may challenge, characters it may block with) for ``seat`` in a reaction window.

        Asked for every answer of a window: the usual case (a claimed action, a seat that is
        not its target) returns after a few lookups."""
        stage = step["stage"]
        if stage == "block":  # a block may be challenged, not blocked
            return seat != step["claimant"], ()
        info = state["info"]
        action = info["action"]
        can_challenge = stage == "action" and info["claim"] is not None
        if action == "foreign_aid":  # anyone may block, but not the own faction while split
            factions = state["factions"]
            if factions is not None and factions[seat] == factions[info["actor"]] and factions_split(state):
                return can_challenge, ()
        elif seat != info["target"] or action not in TARGETED_BLOCKABLE:  # only a target blocks
            return can_challenge, ()
        opts = state["opts"]
        return can_challenge, BLOCKS[opts["diplomat"], opts["inquisitor"]][action]

    def _why_illegal(self, state: dict, action: dict) -> str | None:
        step = state["queue"][0]
        kind = action.get("type")
        if step["k"] == "act":
            a = state["turn"]
            if state["coins"][a] >= C.FORCED_COUP and kind != "coup":
                return f"with {state['coins'][a]} coins at the start of the turn you must coup"
            if kind == "coup" and state["coins"][a] < C.COUP_COST:
                return f"a coup costs {C.COUP_COST} coins and you have {state['coins'][a]}"
            if kind == "assassinate" and state["coins"][a] < C.ASSASSINATE_COST:
                return f"an assassination costs {C.ASSASSINATE_COST} coins and you have {state['coins'][a]}"
            if kind == "convert" and state["factions"] is not None:
                cost = C.CONVERT_SELF_COST if action.get("target") == a else C.CONVERT_OTHER_COST
                if state["coins"][a] < cost:
                    return f"this conversion costs {cost} coin(s) and you have {state['coins'][a]}"
            t = action.get("target")
            if isinstance(t, int) and not isinstance(t, bool) and 0 <= t < state["num_players"]:
                if t == a and kind != "convert":
                    return "you cannot target yourself"
                if not self.alive(state, t):
                    return "that player is eliminated"
                if kind == "steal" and state["coins"][t] == 0:
                    return "that player has no coins to steal"
                if kind in ("coup", "steal", "assassinate", "examine", "cooperate") and \
                        not self.may_target(state, a, t):
                    return "that player is in your own faction"
            if kind == "embezzle" and state["factions"] is not None and state["almshouse"] == 0:
                return "the almshouse is empty"
            return None
        expected = {"react": "pass, challenge or block", "reveal": "reveal", "lose": "lose",
                    "keep": "keep", "show": "show", "inspect": "examine_keep or examine_swap"}[step["k"]]
        pending = f"the decision now is {expected}"
        k = step["k"]
        if k == "react" and kind in ("challenge", "block"):
            can_challenge, blocks = self._react_options(state, step, step["order"][step["i"]])
            if kind == "challenge" and not can_challenge:
                return f"there is no claim you may challenge now; {pending}"
            if kind == "block":
                if not blocks:
                    return f"this cannot be blocked now; {pending}"
                return f"only {' or '.join(blocks)} can block this; {pending}"
        if k in ("reveal", "lose", "show") and kind == k:
            hand = state["hands"][step["seat"]]
            return f"you hold no {action.get('card')!r} (your cards: {', '.join(sorted(set(hand)))}); {pending}"
        if k == "keep" and kind == "keep":
            return (f"keep {step['n']} card(s) from your hand and the cards drawn "
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
            self._react(state, step, step["order"][step["i"]], action)
        elif k == "act":
            self._declare(state, action, rng)
        elif k == "reveal":
            self._reveal(state, step, action["card"], rng)
        elif k == "lose":
            state["queue"].pop(0)
            self._lose(state, step["seat"], action["card"], step["why"])
        elif k == "keep":
            self._keep(state, step, action["cards"])
        elif k == "show":
            self._show(state, step, action["card"])
        elif k == "inspect":
            self._inspect(state, step, action["type"] == "examine_swap", rng)
        self._run(state, rng)

    def _declare(self, state: dict, action: dict, rng: Rng) -> None:
        a = state["turn"]
        kind = action["type"]
        t = action.get("target")
        log = state["log"]
        if kind == "income":  # nothing to answer: the coin is taken and the turn ends
            state["coins"][a] += 1
            log.append({"key": "income", "params": {"seat": a}})
            self._end_turn(state)
            return
        opts = state["opts"]
        claim, negative = CLAIMS[opts["diplomat"], opts["inquisitor"]][kind]
        info = state["info"] = BLANK_INFO.copy()
        info["actor"], info["action"], info["target"], info["claim"], info["negative"] = a, kind, t, claim, negative
        if kind == "coup":
            state["coins"][a] -= C.COUP_COST
            log.append({"key": "coup", "params": {"seat": a, "target": t}})
            state["queue"] = [{"k": "lose", "seat": t, "why": "coup"}, {"k": "end"}]
        elif kind == "convert":
            cost = C.CONVERT_SELF_COST if t == a else C.CONVERT_OTHER_COST
            state["coins"][a] -= cost
            state["almshouse"] += cost
            state["factions"][t] = 1 - state["factions"][t]
            log.append({"key": "convert", "params": {"seat": a, "target": t, "cost": cost,
                                                       "faction": state["factions"][t]}})
            self._end_turn(state)
        else:
            log.append({"key": "declare", "params": {"seat": a, "action": kind, "target": t, "card": claim,
                                                       "negative": negative}})
            state["queue"] = [self._window(state, "action", a), {"k": "resolve"}, {"k": "end"}]

    def _window(self, state: dict, stage: str, claimant: int) -> dict:
        if stage == "block" or (stage == "action" and state["info"]["claim"] is not None):
            # every other living player may challenge a claim
            return {"k": "react", "stage": stage, "claimant": claimant,
                    "order": living_after(state["hands"], claimant), "i": 0}
        step = {"k": "react", "stage": stage, "claimant": claimant, "order": [], "i": 0}
        if stage == "second":
            target = state["info"]["target"]
            candidates = [target] if state["hands"][target] else []
        else:
            candidates = living_after(state["hands"], claimant)
        # unclaimed foreign aid, or the target's second chance: only who may block
        step["order"] = [s for s in candidates if any(self._react_options(state, step, s))]
        return step

    def _react(self, state: dict, step: dict, seat: int, action: dict) -> None:
        """An answer in a reaction window that ends it: a challenge, a block, or the last seat's
        pass (``_apply`` moves a pass that leaves a seat to answer on itself)."""
        kind = action["type"]
        info = state["info"]
        if kind == "pass":
            state["queue"].pop(0)  # the window is closed (nothing keeps its "i")
            if step["stage"] == "block":
                info["blocked"] = True
                state["log"].append({"key": "block_stands", "params": {
                    "seat": info["blocker"], "card": info["block_card"], "actor": info["actor"],
                    "action": info["action"]}})
            return
        log = state["log"]
        if kind == "challenge":
            claimant = step["claimant"]
            info["challenger"] = seat
            if step["stage"] == "block":
                card, negative = info["block_card"], False
            else:
                card, negative = info["claim"], info["negative"]
            log.append({"key": "challenge", "params": {"seat": seat, "claimant": claimant, "card": card,
                                                         "negative": negative}})
            if negative:
                state["queue"][0] = {"k": "embezzle_proof", "challenger": seat}
            else:
                state["queue"][0] = {"k": "reveal", "seat": claimant, "stage": step["stage"], "challenger": seat}
            return
        # block
        info["blocker"] = seat
        info["block_card"] = action["card"]
        log.append({"key": "block", "params": {"seat": seat, "card": action["card"], "actor": info["actor"],
                                                 "action": info["action"]}})
        state["queue"][0] = self._window(state, "block", seat)

    def _reveal(self, state: dict, step: dict, card: str, rng: Rng) -> None:
        info = state["info"]
        seat = step["seat"]
        claimed = info["block_card"] if step["stage"] == "block" else info["claim"]
        state["queue"].pop(0)
        if card == claimed:
            state["log"].append({"key": "proven", "params": {"seat": seat, "card": card}})
            self._return_and_draw(state, seat, [card], rng)
            follow = [{"k": "lose", "seat": step["challenger"], "why": "challenge"}]
            if step["stage"] == "block":
                info["blocked"] = True
            elif info["action"] in TARGETED_BLOCKABLE:
                follow.append({"k": "second"})
            state["queue"][0:0] = follow
        else:
            state["log"].append({"key": "caught", "params": {"seat": seat, "card": card, "claimed": claimed}})
            if step["stage"] == "block":
                state["log"].append({"key": "block_fails", "params": {"seat": seat, "card": claimed}})
            else:
                info["failed"] = True
            self._lose(state, seat, card, "challenge")

    def _lose(self, state: dict, seat: int, card: str, why: str) -> None:
        hands = state["hands"]
        hand = list(hands[seat])  # a new list: the old one may be shared with earlier states
        hand.remove(card)
        hands[seat] = hand
        state["lost"][seat] = [*state["lost"][seat], card]
        state["log"].append({"key": "lose", "params": {"seat": seat, "card": card, "why": why}})
        if not hand:
            state["log"].append({"key": "eliminated", "params": {"seat": seat}})
            if self.round_decided(state):  # the round ends at once: the rest of the turn is void
                state["queue"] = [{"k": "round_end"}]

    def _return_and_draw(self, state: dict, seat: int, cards: list[str], rng: Rng) -> None:
        """Shuffle ``cards`` from ``seat``'s hand into the court deck and draw as many: drawn at
        random from the deck with them (with no_shuffle, they go to the bottom and the top is drawn)."""
        hand = remove_cards(state["hands"][seat], cards)
        deck = state["deck"] + sort_cards(cards)
        if not state["opts"]["no_shuffle"]:
            draw_to_top(deck, len(cards), rng)
        drawn = deck[:len(cards)]
        state["deck"] = deck[len(cards):]
        state["hands"][seat] = sort_cards(hand + drawn)
        state["log"].append({"key": "drew", "params": {"seat": seat, "cards": sort_cards(drawn)}, "to": [seat]})

    def _keep(self, state: dict, step: dict, kept: list[str]) -> None:
        seat = step["seat"]
        pool = state["hands"][seat] + step["drawn"]
        returned = sort_cards(remove_cards(pool, kept))
        state["hands"][seat] = sort_cards(kept)
        # at the bottom; no shuffle is needed: every later draw picks at random (but with no_shuffle)
        state["deck"] = state["deck"] + returned
        state["queue"].pop(0)
        state["log"].append({"key": "exchange_kept", "params": {"seat": seat, "kept": sort_cards(kept),
                                                                 "returned": returned}, "to": [seat]})
        state["log"].append({"key": "exchange_done", "params": {"seat": seat, "count": len(returned)}})

    def _show(self, state: dict, step: dict, card: str) -> None:
        target, actor = step["seat"], step["actor"]
        state["log"].append({"key": "examine_show", "params": {"seat": target, "actor": actor}})
        state["log"].append({"key": "examine_shown", "params": {"seat": target, "actor": actor, "card": card},
                             "to": sorted({actor, target})})
        state["queue"][0] = {"k": "inspect", "seat": actor, "target": target, "card": card}

    def _inspect(self, state: dict, step: dict, swap: bool, rng: Rng) -> None:
        actor, target = step["seat"], step["target"]
        state["queue"].pop(0)
        if swap:
            state["log"].append({"key": "examine_swap", "params": {"seat": actor, "target": target}})
            self._return_and_draw(state, target, [step["card"]], rng)
        else:
            state["log"].append({"key": "examine_keep", "params": {"seat": actor, "target": target}})

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
                self._resolve(state, rng)
            elif k == "end":
                self._end_turn(state)
                return  # the next player's main action: a decision
            elif k in ("reveal", "lose", "show"):
                hand = state["hands"][step["seat"]]
                if len(hand) >= 2:
                    return  # a decision (asked even of two equal cards: the count is public)
                if k == "reveal":
                    self._reveal(state, step, hand[0], rng)
                elif k == "show":
                    self._show(state, step, hand[0])
                else:
                    queue.pop(0)
                    if hand:  # the target may have lost its last card in a challenge first
                        self._lose(state, step["seat"], hand[0], step["why"])
            elif k == "second":
                queue[0] = self._window(state, "second", state["info"]["target"])
            elif k == "embezzle_proof":
                queue.pop(0)
                self._embezzle_proof(state, step["challenger"], rng)
            elif k == "round_end":
                self._end_round(state, rng)
                if state["over"]:
                    return
            else:
                raise RecordError(f"unknown step {k!r}")  # pragma: no cover

    def _resolve(self, state: dict, rng: Rng) -> None:
        info = state["info"]
        if info["failed"]:
            return
        a, t, kind = info["actor"], info["target"], info["action"]
        coins = state["coins"]
        log = state["log"]
        queue = state["queue"]
        if info["blocked"]:
            if kind == "assassinate":
                coins[a] -= C.ASSASSINATE_COST
                log.append({"key": "pay", "params": {"seat": a, "amount": C.ASSASSINATE_COST}})
            return
        if kind == "foreign_aid":
            coins[a] += 2
            log.append({"key": "gain", "params": {"seat": a, "amount": 2, "action": kind}})
        elif kind == "tax":
            coins[a] += 3
            log.append({"key": "gain", "params": {"seat": a, "amount": 3, "action": kind}})
        elif kind == "steal":
            amount = min(2, coins[t])
            coins[t] -= amount
            coins[a] += amount
            log.append({"key": "steal", "params": {"seat": a, "target": t, "amount": amount}})
        elif kind == "exchange":
            count = 2 if self.exchange_char(state) == "ambassador" else 1
            deck = list(state["deck"])  # the list is shared with earlier states (see _copy_state)
            if not state["opts"]["no_shuffle"]:
                draw_to_top(deck, count, rng)
            drawn = deck[:count]
            state["deck"] = deck[count:]
            log.append({"key": "exchange_draw", "params": {"seat": a, "cards": sort_cards(drawn)}, "to": [a]})
            queue.insert(0, {"k": "keep", "seat": a, "drawn": sort_cards(drawn), "n": len(state["hands"][a])})
        elif kind == "assassinate":
            coins[a] -= C.ASSASSINATE_COST
            log.append({"key": "pay", "params": {"seat": a, "amount": C.ASSASSINATE_COST}})
            if state["hands"][t]:  # alive
                queue.insert(0, {"k": "lose", "seat": t, "why": "assassinate"})
        elif kind == "examine":
            if state["hands"][t]:  # alive
                queue.insert(0, {"k": "show", "seat": t, "actor": a})
        elif kind == "cooperate":
            coins[a] += 2
            coins[t] += 1
            log.append({"key": "cooperate", "params": {"seat": a, "target": t}})
        elif kind == "embezzle":
            amount = state["almshouse"]
            state["almshouse"] = 0
            coins[a] += amount
            log.append({"key": "embezzle", "params": {"seat": a, "amount": amount}})

    def _embezzle_proof(self, state: dict, challenger: int, rng: Rng) -> None:
        info = state["info"]
        a = info["actor"]
        hand = list(state["hands"][a])
        duke = self.tax_char(state)
        state["log"].append({"key": "embezzle_reveal",
                             "params": {"seat": a, "cards": sort_cards(hand), "card": duke}})
        if duke in hand:
            info["failed"] = True
            self._lose(state, a, duke, "challenge")
            rest = list(state["hands"][a])
            if rest:
                self._return_and_draw(state, a, rest, rng)
        else:
            self._return_and_draw(state, a, hand, rng)
            state["queue"].insert(0, {"k": "lose", "seat": challenger, "why": "challenge"})

    def _end_turn(self, state: dict) -> None:
        hands = state["hands"]
        for seat in SEATS_AFTER[len(hands)][state["turn"]]:  # the next living seat
            if hands[seat]:
                state["turn"] = seat
                break
        state["info"] = None
        state["queue"] = [{"k": "act"}]

    def _end_round(self, state: dict, rng: Rng) -> None:
        winner = self.living(state)[0]
        state["wins"][winner] += 1
        state["log"].append({"key": "round_won", "params": {"seat": winner, "round": state["round"],
                                                                 "wins": state["wins"][winner]}})
        if state["wins"][winner] >= state["opts"]["wins_needed"]:
            state["over"] = True
            state["info"] = None
            state["queue"] = []
            state["log"].append({"key": "game_won", "params": {"seat": winner}})
            return
        self._start_round(state, rng, winner)

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
        n = state["num_players"]
        try:
            cards = list(state["deck"])
            for s in range(n):
                cards += state["hands"][s] + state["lost"][s]
            for step in state["queue"]:
                if step.get("k") == "keep":
                    cards += step["drawn"]
            full = sort_cards([c for c in state["chars"] for _ in range(C.COPIES)])
            ok = sort_cards(cards) == full and len(state["coins"]) == n and \
                all(isinstance(c, int) and c >= 0 for c in state["coins"]) and \
                (state["over"] or bool(state["queue"]))
        except (KeyError, TypeError, ValueError, IndexError):
            ok = False
        if not ok:
            raise RecordError("the saved state is damaged (cards or coins do not add up)")


#: CoupGame.test_option_keys as a set: _setup checks them only when a game is given one
TEST_OPTIONS = frozenset(CoupGame.test_option_keys)

GAME = CoupGame()
