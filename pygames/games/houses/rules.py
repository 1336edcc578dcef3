"""Great Houses: a plot / challenge / dominance / power card game for 2-4 players.

The rules are those of docs/rules/houses.md (the seed's turn structure with the decisions of
its section 8), in modules that follow that page: stats.py (what the rules read off the cards:
strength, icons, keywords, income, claim, reserve, dominance, costs), board.py (how cards
move: piles, kneeling, draws, power, the end of the game), effects.py (the effect verbs and
events), then the stages of the game in their order: setup.py, plot.py, marshal.py,
challenges.py and turn_end.py (dominance, stand, reserve, the round's end). Each stage module
states what its decisions offer (DECISIONS; legality.py turns each into the legal list, the
direct check and the reason an action is refused) and what each action does (HANDLERS).
This module wires them into the engine contract: options, the decision at hand, views.

One decision at a time: ``state["stage"]`` and ``state["seat"]`` say who decides what (a
pending discard after an effect comes first); everything automatic runs until the next decision.

State layout (plain JSON data). Hidden parts: each player's ``deck`` (order and content),
``hand``, ``facedown`` (setup cards before the reveal), ``choice`` (the plot chosen before the
reveal) and ``agenda`` before the reveal, and ``rng``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core import Game, RecordError, Rng, log_visible_to, option
from ...core.game import clone
from . import INFO, challenges, marshal, plot, setup, turn_end
from . import cards as C
from .effects import PENDING_DISCARD, on_pending_discard
from .legality import Decision, explained, listed, matched
from .stats import CARDS, total_power

HOUSE_CHOICES = ["random", *C.HOUSES]
DECK_CHOICES = ["house", *C.HOUSES]

# keys of the state that every seat may see as they are
PUBLIC_KEYS = ("num_players", "opts", "fixed", "round", "stage", "seat", "active", "order",
               "turn", "ch", "ch_done", "ch_started", "uid", "over", "winners", "end",
               "revealed", "pending", "setup_step")
# per-player keys that every seat may see as they are
PUBLIC_PLAYER_KEYS = ("house", "deck_house", "discard", "dead", "chars", "locs", "power", "gold",
                      "plots", "used", "plot", "limited", "discount_used", "out", "decked",
                      "decklist", "placed")

#: what each decision offers, by stage (the pending discard after an effect aside: PENDING_DISCARD)
DECISIONS = {**setup.DECISIONS, **plot.DECISIONS, **marshal.DECISIONS, **challenges.DECISIONS,
             **turn_end.DECISIONS}

#: what each decision does, by stage and action type (the pending discard after an effect
#: aside: ``HousesGame._apply``)
HANDLERS = {**setup.HANDLERS, **plot.HANDLERS, **marshal.HANDLERS, **challenges.HANDLERS, **turn_end.HANDLERS}


class HousesGame(Game):
    info = INFO
    version = 1

    # ------------------------------------------------------------------ options
    def _option_specs(self) -> list[dict]:
        house_labels = {h: C.HOUSE_NAMES[h] for h in C.HOUSES}
        house_labels["random"] = {"en": "Random", "ja": "ランダム"}
        deck_labels = {h: {"en": f"{C.HOUSE_NAMES[h]['en']} starter",
                           "ja": f"{C.HOUSE_NAMES[h]['ja']}の基本デッキ"} for h in C.HOUSES}
        deck_labels["house"] = {"en": "Own House's starter", "ja": "自分の家系の基本デッキ"}
        specs = []
        # named like the setup's seats ("Seat 2"): the seats have no player's name yet
        for seat in range(4):
            specs.append(option(f"house_{seat}", "choice", "random", f"House of seat {seat + 1}",
                                f"{seat + 1}番席の家系", choices=list(HOUSE_CHOICES),
                                choice_labels=house_labels, min_players=max(2, seat + 1)))
        for seat in range(4):
            specs.append(option(f"deck_{seat}", "choice", "house", f"Starter deck of seat {seat + 1}",
                                f"{seat + 1}番席のデッキ", choices=list(DECK_CHOICES),
                                choice_labels=deck_labels, min_players=max(2, seat + 1),
                                help_en="Another House's starter pays the out-of-House penalty "
                                        "and cannot use its Loyal cards.",
                                help_ja="他の家系のデッキでは家系外ペナルティがかかり、忠誠カードは使えません。"))
        specs += [
            option("agendas", "bool", False, "Agendas", "政策カード",
                   help_en="Each player may reveal one agenda in setup.",
                   help_ja="開始準備で各自1枚の政策カードを選べます。"),
            option("victory_power", "choice", 15, "Power to win", "勝利に必要な勢力ポイント",
                   choices=[10, 12, 15, 20]),
            option("dominance", "choice", "each_turn_any", "Dominance", "優勢確認",
                   choices=["each_turn_any", "each_turn_active", "end_of_round"],
                   choice_labels={
                       "each_turn_any": {"en": "Every turn, anyone may win it",
                                         "ja": "毎手番・誰でも獲得"},
                       "each_turn_active": {"en": "Every turn, only the active player",
                                            "ja": "毎手番・手番プレイヤーのみ"},
                       "end_of_round": {"en": "Once, at the end of the round",
                                        "ja": "ラウンド終了時に1回"}}),
            option("stand", "choice", "end_of_each_turn", "Stand", "起立",
                   choices=["end_of_each_turn", "end_of_own_turn", "end_of_round"],
                   choice_labels={
                       "end_of_each_turn": {"en": "All cards, at the end of every turn",
                                            "ja": "毎手番の終わりに全員の全カード"},
                       "end_of_own_turn": {"en": "Own cards, at the end of own turn",
                                           "ja": "自分の手番の終わりに自分のカード"},
                       "end_of_round": {"en": "All cards, at the end of the round",
                                        "ja": "ラウンドの終わりに全カード"}}),
            option("rivalry", "bool", True, "Rivalry (3-4 players)", "対抗ルール（3〜4人）",
                   min_players=3,
                   help_en="No unopposed bonus against a player with less power than you; "
                           "+1 power for winning a challenge against the sole leader.",
                   help_ja="自分より勢力の少ない相手への無防御ボーナスはなし。"
                           "単独トップへの攻撃に勝つと勢力+1。"),
            option("reserve_check", "bool", True, "Reserve check (hand limit)", "予備値チェック（手札上限）",
                   help_en="At the end of your turn, discard down to your plot's reserve.",
                   help_ja="手番の終わりに、プロットの予備値まで手札を捨てます。"),
            option("deck_out", "choice", "end_of_round_most_power", "Empty draw deck", "デッキ切れ",
                   choices=["end_of_round_most_power", "eliminate"],
                   choice_labels={
                       "end_of_round_most_power": {"en": "Game ends at the end of the round; most power wins",
                                                   "ja": "そのラウンドの終わりに終了、勢力最多が勝利"},
                       "eliminate": {"en": "That player is eliminated", "ja": "そのプレイヤーは脱落"}}),
            option("initiative", "choice", "highest_goes_first", "Initiative", "イニシアティブ",
                   choices=["highest_goes_first", "winner_chooses"],
                   choice_labels={
                       "highest_goes_first": {"en": "Highest goes first", "ja": "最大の者から順に"},
                       "winner_chooses": {"en": "Winner chooses the first player",
                                          "ja": "勝者が先手を選ぶ"}}),
            option("mulligan", "bool", False, "Mulligan", "マリガン",
                   help_en="Each player may redraw the starting hand once.",
                   help_ja="各自1回、最初の手札を引き直せます。"),
        ]
        return specs

    # ------------------------------------------------------------------ contract hooks
    def _setup(self, num_players: int, rng: Rng, options: dict) -> dict:
        return setup.deal(num_players, rng, options)

    def _copy_state(self, state: dict) -> dict:
        """A copy for ``apply`` that copies only what actions change in place.

        Shared with the old state: the options and test settings, the turn ``order``, the
        lists ``ch_done`` and ``winners``, each player's SHARED_PILES, lists of cards in play
        and card instances, and the open challenge's lists and bonus table (all only ever
        replaced, never changed in place: ``add_to``, ``take_from``, ``change_card``,
        ``kneel_cards``), and the log entries (append-only). Copied one level: the log list,
        each player's dict, the open challenge's dict and a pending discard (actions change
        their values in place).
        """
        new = dict(state)
        new["log"] = state["log"][:]
        if state["pending"] is not None:
            new["pending"] = dict(state["pending"])
        if state["ch"] is not None:
            new["ch"] = dict(state["ch"])
        new["players"] = list(map(dict.copy, state["players"]))
        return new

    def _current_player(self, state: dict) -> int | None:
        # (a game that is over has no seat and nothing pending: _end_game, _apply; this runs
        # several times per action, so it does not read "over" as well)
        pending = state["pending"]
        return pending["seat"] if pending else state["seat"]

    def _legal_actions(self, state: dict) -> list[dict]:
        # (called only while the game goes on: the seat is the pending one's, or state["seat"])
        pending = state["pending"]
        if pending:  # "discard N of your choice" after an effect
            return PENDING_DISCARD.listed(state, pending["seat"])
        return (DECISIONS.get(state["stage"]) or decision_of(state["stage"])).listed(state, state["seat"])

    def _legal_match(self, state: dict, action: dict) -> dict | None:
        """The listed action equal to ``action`` (a fresh dict), or None: decided by the same
        statements as the list (the decision's choices, legality.py), without building it."""
        if type(action) is not dict:
            return None
        pending = state["pending"]
        if pending:
            return matched(PENDING_DISCARD, state, pending["seat"], action)
        return matched(DECISIONS.get(state["stage"]) or decision_of(state["stage"]), state, state["seat"], action)

    def _apply(self, state: dict, action: dict, rng: Rng) -> None:
        if state["pending"]:  # "discard N of your choice" after an effect
            on_pending_discard(state, action)
            return
        # (the game is not over: legality was checked) the stage's handler of that kind of action
        HANDLERS[state["stage"]][action["type"]](state, state["seat"], action, rng)
        if state["over"]:
            state.update(stage="over", seat=None, pending=None)

    def _view(self, state: dict, seat: int | None) -> dict:
        # the public parts are copied in one clone at the end; the log entries are shared
        # (entries never change once logged, as in ``_copy_state``)
        view = {k: state[k] for k in PUBLIC_KEYS}
        players = []
        for i, p in enumerate(state["players"]):
            q = {k: p[k] for k in PUBLIC_PLAYER_KEYS}
            q["hand_count"] = len(p["hand"])
            q["deck_count"] = len(p["deck"])
            q["facedown_count"] = len(p["facedown"])
            q["chosen"] = p["choice"] is not None
            q["agenda_chosen"] = p["agenda"] is not None
            if i == seat:
                q["hand"] = list(p["hand"])
                q["facedown"] = list(p["facedown"])
                q["choice"] = p["choice"]
                q["agenda"] = p["agenda"]
            else:
                q["agenda"] = p["agenda"] if state["revealed"] else None
            players.append(q)
        view["players"] = players
        view = clone(view)
        view["log"] = log_visible_to(state["log"], seat)
        view["me"] = seat
        view["current"] = self._current_player(state)
        return view

    def _sample_state(self, view: dict, seat: int, rng: Rng) -> dict:
        # built on the view's own parts, then made private by _copy_state (which copies
        # everything the rules change in place): the view stays as it was
        state = {k: view[k] for k in PUBLIC_KEYS}
        state["log"] = view["log"]
        state["players"] = []
        for i, q in enumerate(view["players"]):
            p = {k: q[k] for k in PUBLIC_PLAYER_KEYS}
            pool = hidden_possible_from(q)
            if i == seat:
                for cid in q["hand"] + q["facedown"]:
                    pool[cid] -= 1
                deck = list((+pool).elements())
                rng.shuffle(deck)
                p.update(hand=list(q["hand"]), facedown=list(q["facedown"]), choice=q["choice"],
                         agenda=q["agenda"], deck=deck)
            else:
                cards = list((+pool).elements())
                rng.shuffle(cards)
                facedown = self._sample_facedown(p, cards, q["facedown_count"], rng)
                for cid in facedown:
                    cards.remove(cid)
                p["facedown"] = facedown
                p["hand"] = cards[:q["hand_count"]]
                p["deck"] = cards[q["hand_count"]:]
                p["choice"] = None
                if q["chosen"]:
                    p["choice"] = p["plots"][rng.randbelow(len(p["plots"]))]
                p["agenda"] = q["agenda"]
                if q["agenda_chosen"] and q["agenda"] is None:
                    options = ["none", *C.AGENDAS]
                    p["agenda"] = options[rng.randbelow(len(options))]
            state["players"].append(p)
        return self._copy_state(state)

    def _sample_facedown(self, p: dict, cards: list[str], count: int, rng: Rng) -> list[str]:
        """``count`` setup cards drawn from ``cards`` that obey the setup limits if possible."""
        if count == 0:
            return []
        probe = {"house": p["house"], "agenda": None, "facedown": [], "chars": p["chars"],
                 "locs": p["locs"], "dead": p["dead"]}
        for _ in range(30):
            order = list(cards)
            rng.shuffle(order)
            probe["facedown"] = []
            for cid in order:
                if len(probe["facedown"]) == count:
                    break
                if setup.can_place(probe, cid):
                    probe["facedown"].append(cid)
            if len(probe["facedown"]) == count:
                return probe["facedown"]
        return cards[:count]

    def _scores(self, state: dict) -> list[float]:
        return [total_power(p) for p in state["players"]]

    def _winners(self, state: dict) -> list[int]:
        return list(state["winners"])

    def _why_illegal(self, state: dict, action: dict) -> str | None:
        seat = self._current_player(state)
        if seat is None:
            return None
        pending = state["pending"]
        decision = PENDING_DISCARD if pending else decision_of(state["stage"])
        kinds = sorted({a["type"] for a in listed(decision, state, seat)})
        deciding = f"seat {seat} is deciding '{decision.name}' now (choices: {', '.join(kinds)})"
        if action.get("type") not in kinds:
            return deciding
        reason = explained(decision, state, seat, action)
        return f"{reason}; {deciding}" if reason else deciding

    def _check_state(self, state: dict) -> None:
        check_state(state)


def check_state(state: dict) -> None:
    """Raise RecordError unless ``state`` is laid out as the rules lay one out: a saved game, or a
    test position built beside the tests (tests/houses/houses_helpers.py), which only this check
    validates. It checks the parts a position sets (each player's zones, cards in play, plots,
    power, gold, the fixed settings) and that the other keys are there."""
    need = set(PUBLIC_KEYS) | {"players", "log"}
    if not need <= set(state) or type(state["players"]) is not list or len(state["players"]) != state["num_players"]:
        raise RecordError("the saved state is damaged")
    n = state["num_players"]
    fixed = state["fixed"]
    if type(fixed) is not dict or set(fixed) != {"no_shuffle", "skip_setup", "first_player"} \
            or type(fixed["no_shuffle"]) is not bool or type(fixed["skip_setup"]) is not bool \
            or not (fixed["first_player"] is None
                    or (type(fixed["first_player"]) is int and 0 <= fixed["first_player"] < n)):
        raise RecordError(f"bad fixed settings {fixed!r}: no_shuffle and skip_setup are true or false, "
                          "first_player is a seat or null")
    if state["stage"] != "over" and state["stage"] not in DECISIONS:
        raise RecordError(f"unknown stage {state['stage']!r}")
    if type(state["uid"]) is not int:
        raise RecordError("the saved state is damaged (uid)")
    uids: set[int] = set()
    for seat, p in enumerate(state["players"]):
        where = f"seat {seat}"
        if type(p) is not dict or not set(PUBLIC_PLAYER_KEYS) | PRIVATE_PLAYER_KEYS <= set(p):
            raise RecordError(f"the saved state is damaged ({where})")
        if p["house"] not in C.HOUSES or p["deck_house"] not in C.HOUSES:
            raise RecordError(f"{where}: unknown House")
        for pile in ("deck", "hand", "discard", "dead", "facedown", "decklist"):
            cards = p[pile]
            if type(cards) is not list or not all(type(c) is str and c in CARDS for c in cards):
                raise RecordError(f"{where}: unknown card id in {pile} {cards!r}")
        for pile in ("plots", "used"):
            if type(p[pile]) is not list or not all(type(x) is str and x in C.PLOTS for x in p[pile]):
                raise RecordError(f"{where}: unknown plot id in {pile} {p[pile]!r}")
        if not (p["plots"] or p["used"] or p["plot"]):
            raise RecordError(f"{where} has no plot left")
        for key in ("power", "gold"):
            if type(p[key]) is not int or p[key] < 0:
                raise RecordError(f"{where}: {key} is a whole number >= 0, not {p[key]!r}")
        for zone, kind in (("chars", "character"), ("locs", "location")):
            if type(p[zone]) is not list:
                raise RecordError(f"the saved state is damaged ({where} {zone})")
            for inst in p[zone]:
                check_instance(inst, kind, where)
                if inst["uid"] in uids or not 0 < inst["uid"] < state["uid"]:
                    raise RecordError(f"{where}: card uid {inst['uid']} is used twice or out of range")
                uids.add(inst["uid"])


def check_instance(inst: Any, kind: str, where: str) -> None:
    """A card in play: its uid, a card id of ``kind``, knelt or not, its power, its attachments
    (characters only) and, if it entered under one, its Rivalry line."""
    if type(inst) is not dict or not {"uid", "cid", "knelt", "power", "atts"} <= set(inst) <= INSTANCE_KEYS \
            or type(inst["uid"]) is not int or type(inst["knelt"]) is not bool:
        raise RecordError(f"{where}: bad card in play {inst!r}")
    if CARDS.get(inst["cid"], {}).get("type") != kind:
        raise RecordError(f"{where}: {inst['cid']!r} in play is not a {kind}")
    if type(inst["power"]) is not int or inst["power"] < 0:
        raise RecordError(f"{where}: power on {inst['cid']} is a whole number >= 0, not {inst['power']!r}")
    atts = inst["atts"]
    if type(atts) is not list or not all(CARDS.get(a, {}).get("type") == "attachment" for a in atts) \
            or (atts and kind != "character"):
        raise RecordError(f"{where}: bad attachments {atts!r} on {inst['cid']} (attachments go on characters)")


#: a player's keys that only his own view shows
PRIVATE_PLAYER_KEYS = {"agenda", "deck", "hand", "choice", "facedown"}

#: the keys of a card in play ("rival": the player count of the Rivalry line it entered under)
INSTANCE_KEYS = {"uid", "cid", "knelt", "power", "atts", "rival"}


def decision_of(stage: str) -> Decision:
    """The decision of a stage (a damaged state may name none)."""
    decision = DECISIONS.get(stage)
    if decision is None:
        raise RecordError(f"unknown stage {stage!r}")
    return decision


def hidden_possible_from(q: dict) -> Counter:
    """Cards of a player (his part of a view) not in any public zone: deck, hand or face down."""
    pool = Counter(q["decklist"])
    for inst in q["chars"] + q["locs"]:
        pool[inst["cid"]] -= 1
        for a in inst["atts"]:
            pool[a] -= 1
    for cid in q["discard"] + q["dead"]:
        pool[cid] -= 1
    return pool


GAME = HousesGame()
