"""Great Houses: a plot / challenge / dominance / power card game for 2-4 players.

The rules are those of docs/rules/houses.md (the seed's turn structure with the decisions of
its section 8), in modules that follow that page: stats.py (what the rules read off the cards:
strength, icons, keywords, income, claim, reserve, dominance, costs), board.py (how cards
move: piles, kneeling, draws, power, the end of the game), effects.py (the effect verbs and
events), then the stages of the game in their order: setup.py, plot.py, marshal.py,
challenges.py and turn_end.py (dominance, stand, reserve, the round's end). This module wires
them into the engine contract: options, the decision at hand, legality, views.

One decision at a time: ``state["stage"]`` and ``state["seat"]`` say who decides what (a
pending discard after an effect comes first); everything automatic runs until the next decision.

State layout (plain JSON data). Hidden parts: each player's ``deck`` (order and content),
``hand``, ``facedown`` (setup cards before the reveal), ``choice`` (the plot chosen before the
reveal) and ``agenda`` before the reveal, and ``rng``.
"""

from __future__ import annotations

from collections import Counter

from . import INFO
from ...core import Game, RecordError, log_visible_to, option
from ...core.game import clone, strict_equal
from . import cards as C
from . import challenges, marshal, plot, setup, turn_end
from .board import add_to, log, take_from
from .effects import EVENT_WINDOW, effect_targets, event_actions, event_fits, match_target
from .stats import (CARDS, KINDS, agenda_rules, any_ready, card, event_cost, find_inst, icons_of, keywords_of,
                    living, loyal_ok, marshal_cost, penalty, ready_characters, side_has_strength, total_power,
                    unique_blocked, with_uid, card_name)

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

# the actions without a field that each stage offers (attackers_done only once an attacker
# with STR is chosen): the closing, passing and declining actions
BARE_ACTIONS = {"marshal": ("end_marshal",), "challenges": ("end_challenges",), "attackers": ("attackers_done",),
                "defenders": ("defenders_done",), "window": ("pass",), "reaction": ("pass",),
                "setup": ("place_done",), "stealth": ("stealth_none",), "intimidate": ("intimidate_none",),
                "mulligan": ("keep", "mulligan")}

#: what each decision does, by stage and action type (the pending discard after an effect
#: aside: ``HousesGame._apply``)
HANDLERS = {**setup.HANDLERS, **plot.HANDLERS, **marshal.HANDLERS, **challenges.HANDLERS, **turn_end.HANDLERS}


class HousesGame(Game):
    info = INFO
    version = 1
    test_option_keys = setup.TEST_KEYS

    # ------------------------------------------------------------------ options
    def _option_specs(self) -> list[dict]:
        house_labels = {h: C.HOUSE_NAMES[h] for h in C.HOUSES}
        house_labels["random"] = {"en": "Random", "ja": "ランダム"}
        deck_labels = {h: {"en": f"{C.HOUSE_NAMES[h]['en']} starter",
                           "ja": f"{C.HOUSE_NAMES[h]['ja']}の基本デッキ"} for h in C.HOUSES}
        deck_labels["house"] = {"en": "Own House's starter", "ja": "自分の家系の基本デッキ"}
        specs = []
        for seat in range(4):
            specs.append(option(f"house_{seat}", "choice", "random", f"House of player {seat + 1}",
                                f"プレイヤー{seat + 1}の家系", choices=list(HOUSE_CHOICES),
                                choice_labels=house_labels, min_players=max(2, seat + 1)))
        for seat in range(4):
            specs.append(option(f"deck_{seat}", "choice", "house", f"Starter deck of player {seat + 1}",
                                f"プレイヤー{seat + 1}のデッキ", choices=list(DECK_CHOICES),
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
            option("rivalry", "bool", True, "Rivalry (3-4 players)", "対抗ルール(3〜4人)",
                   min_players=3,
                   help_en="No unopposed bonus against a player with less power than you; "
                           "+1 power for winning a challenge against the sole leader.",
                   help_ja="自分より勢力の少ない相手への無防御ボーナスはなし。"
                           "単独トップへの攻撃に勝つと勢力+1。"),
            option("reserve_check", "bool", True, "Reserve check (hand limit)", "予備値チェック(手札上限)",
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
    def _setup(self, num_players: int, rng, options: dict) -> dict:
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
            return [{"type": "discard", "card": cid} for cid in sorted(set(state["players"][pending["seat"]]["hand"]))]
        stage = state["stage"]
        seat = state["seat"]
        p = state["players"][seat]
        # the stages in about the order of how often they come up
        if stage == "marshal":
            out = marshal.marshal_actions(state, seat)
            out.append({"type": "end_marshal"})
            return out
        ch = state["ch"]
        if stage == "attackers":
            ready = ready_characters(p["chars"], ch["kind"], ch["attackers"])
            out = [{"type": "attacker", "card": c["uid"]} for c in ready]
            if ch["attackers"] and side_has_strength(state, seat, ch["attackers"]):
                out.append({"type": "attackers_done"})
            return out
        if stage == "challenges":
            out = challenges.ability_actions(state, seat)
            out += challenges.challenge_actions(state)
            out.append({"type": "end_challenges"})
            return out
        if stage == "defenders":
            out = [{"type": "defender", "card": c["uid"]} for c in challenges.eligible_defenders(state)]
            out.append({"type": "defenders_done"})
            return out
        if stage == "plot":
            return plot.plot_actions(p)
        if stage == "reserve":
            return [{"type": "discard", "card": cid} for cid in sorted(set(p["hand"]))]
        if stage == "window":
            return event_actions(state, seat, "challenge") + [{"type": "pass"}]
        if stage == "setup":
            spent = setup.setup_spent(p)
            out = []
            for cid in sorted(set(p["hand"])):
                if setup.can_place(p, cid, spent):
                    out.append({"type": "place", "card": cid})
            out.append({"type": "place_done"})
            return out
        if stage == "claim":
            return [{"type": "kill", "card": c["uid"]} for c in p["chars"]]
        if stage == "reaction":
            return event_actions(state, seat, "reaction") + [{"type": "pass"}]
        if stage == "stealth":
            return [{"type": "stealth", "target": c["uid"]} for c in challenges.eligible_defenders(state)
                    if "stealth" not in keywords_of(c)] + [{"type": "stealth_none"}]
        if stage == "intimidate":
            return [{"type": "intimidate", "target": u} for u in challenges.intimidate_targets(state)] \
                + [{"type": "intimidate_none"}]
        if stage == "mulligan":
            return [{"type": "keep"}, {"type": "mulligan"}]
        if stage == "agenda":
            return setup.agenda_actions()
        if stage == "first_player":
            return [{"type": "first_player", "seat": s} for s in living(state)]
        raise RecordError(f"unknown stage {stage!r}")  # pragma: no cover

    def _legal_match(self, state: dict, action: dict) -> dict | None:
        """The listed action equal to ``action`` (a fresh dict), or None: decided on the
        conditions of ``_legal_actions`` for the stage and the action's kind, without building
        the list (the conformance suite checks that the two agree). Equal as ``strict_equal``
        has it: a plain dict whose fields are those of the listed action, of the listed types
        (True is not 1, 1.0 is not 1). A field is read with ``get`` and the fields are counted
        by ``len``: a missing field reads None, which is of no field's type."""
        kind = action["type"]
        if type(action) is not dict or type(kind) is not str:
            return None
        pending = state["pending"]
        stage = state["stage"]
        seat = pending["seat"] if pending else state["seat"]  # (the game is not over)
        p = state["players"][seat]
        if len(action) == 1:  # closing a step, passing, declining
            if pending or kind not in BARE_ACTIONS.get(stage, ()):
                return None
            if kind == "attackers_done":  # (once an attacker with STR 1 or more is chosen)
                ch = state["ch"]
                if not ch["attackers"] or not side_has_strength(state, seat, ch["attackers"]):
                    return None
            return {"type": kind}
        cid = action.get("card")  # (a card id for cards of the hand, a uid for cards in play)
        if pending or stage == "reserve":  # discard a card of the hand
            if kind == "discard" and len(action) == 2 and type(cid) is str and cid in p["hand"]:
                return {"type": "discard", "card": cid}
            return None
        if stage == "marshal":
            if type(cid) is not str or cid not in p["hand"]:
                return None
            c = CARDS[cid]
            if kind == "event":
                if EVENT_WINDOW.get(cid) != "marshal" or not loyal_ok(p, cid) or event_cost(p, cid) > p["gold"]:
                    return None
                return match_target(action, cid, effect_targets(state, seat, c["effects"]))
            if kind != "marshal" or c["type"] == "event" or not marshal.may_marshal(p, cid, marshal.marshal_rebate(p)):
                return None
            if c["type"] == "attachment":  # on one of the player's characters
                return match_target(action, cid, [i["uid"] for i in p["chars"]])
            return {"type": "marshal", "card": cid} if len(action) == 2 else None
        ch = state["ch"]
        if stage == "attackers":  # a standing character with the icon, not yet attacking
            if kind == "attacker" and len(action) == 2 and type(cid) is int and \
                    any_ready(with_uid(p["chars"], cid), ch["kind"], ch["attackers"]):
                return {"type": "attacker", "card": cid}
            return None
        if stage == "challenges":
            if kind == "challenge":  # (the conditions of _challenge_kinds, and a living opponent)
                wanted, opponent = action.get("kind"), action.get("opponent")
                players = state["players"]
                if len(action) == 3 and type(wanted) is str and type(opponent) is int and wanted in KINDS \
                        and wanted not in state["ch_done"] and opponent != seat and 0 <= opponent < len(players) \
                        and not players[opponent]["out"] and any_ready(p["chars"], wanted, ()):
                    return {"type": "challenge", "kind": wanted, "opponent": opponent}
                return None
            if kind != "ability" or type(cid) is not int or state["ch_started"]:
                return None
            for loc in p["locs"]:  # a standing location with an ability at the challenges' start
                if loc["uid"] == cid:
                    c = CARDS[loc["cid"]]
                    if loc["knelt"] or c.get("window") != "challenges_start":
                        return None
                    return match_target(action, cid, effect_targets(state, seat, c["effects"]) or [])
            return None
        if stage == "defenders":  # a standing character of the defender with the icon, not yet defending
            if kind == "defender" and len(action) == 2 and type(cid) is int:
                named = with_uid(state["players"][ch["defender"]]["chars"], cid)
                if any_ready(named, ch["kind"], ch["defenders"] + ch["blocked"]):
                    return {"type": "defender", "card": cid}
            return None
        if stage == "plot":  # one of the plots left in the player's hand of plots
            pid = action.get("plot")
            if kind == "plot" and len(action) == 2 and type(pid) is str and pid in p["plots"]:
                return {"type": "plot", "plot": pid}
            return None
        if stage == "window" or stage == "reaction":  # an event of that window the player may play now
            window = "challenge" if stage == "window" else "reaction"
            if kind != "event" or type(cid) is not str or cid not in p["hand"] or EVENT_WINDOW.get(cid) != window \
                    or not event_fits(state, seat, cid, window):
                return None
            return match_target(action, cid, effect_targets(state, seat, CARDS[cid]["effects"]))
        if stage == "setup":
            if kind == "place" and len(action) == 2 and type(cid) is str and cid in p["hand"] \
                    and setup.can_place(p, cid):
                return {"type": "place", "card": cid}
            return None
        if stage == "claim":  # one of the defender's characters
            if kind == "kill" and len(action) == 2 and type(cid) is int and with_uid(p["chars"], cid):
                return {"type": "kill", "card": cid}
            return None
        # the rarer decisions (agenda, stealth, intimidate, first player): their whole short list
        for candidate in self._legal_actions(state):
            if strict_equal(action, candidate):
                return candidate
        return None

    def _apply(self, state: dict, action: dict, rng) -> None:
        pend = state["pending"]
        if pend:  # "discard N of your choice" after an effect
            seat = pend["seat"]
            p = state["players"][seat]
            take_from(p, "hand", action["card"])
            add_to(p, "discard", [action["card"]])
            log(state, "discarded", seat=seat, card=action["card"], why="effect")
            pend["n"] -= 1
            if pend["n"] <= 0 or not p["hand"]:
                state["pending"] = None
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

    def _sample_state(self, view: dict, seat: int, rng) -> dict:
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

    def _sample_facedown(self, p: dict, cards: list[str], count: int, rng) -> list[str]:
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
        what = state["stage"] if not state["pending"] else "discard"
        kinds = sorted({a["type"] for a in self._legal_actions(state)})
        pending = f"seat {seat} is deciding '{what}' now (choices: {', '.join(kinds)})"
        if action.get("type") not in kinds:
            return pending
        reason = self._why_not(state, seat, action)
        return f"{reason}; {pending}" if reason else pending

    def _why_not(self, state: dict, seat: int, action: dict) -> str | None:
        """What is wrong with an action of a kind that is offered now (for ``_why_illegal``)."""
        p = state["players"][seat]
        kind = action["type"]
        cid = action.get("card")
        if kind in ("marshal", "event", "place", "discard"):
            if not isinstance(cid, str) or cid not in CARDS:
                return f"there is no card {cid!r}"
            if cid not in p["hand"]:
                return f"{card_name(cid)} is not in your hand"
            c = card(cid)
            if not loyal_ok(p, cid):
                return f"{card_name(cid)} is loyal to its House: only a player of that House may play it"
            if kind == "event":
                if c["type"] != "event":
                    return f"{card_name(cid)} is not an event"
                window = {"marshal": "marshal", "window": "challenge", "reaction": "reaction"}.get(state["stage"])
                if c["window"] != window:
                    return f"{card_name(cid)} is played in the {c['window']} window, not now"
                if event_cost(p, cid) > p["gold"]:
                    return f"{card_name(cid)} costs {event_cost(p, cid)} gold and you have {p['gold']}"
                return "that event cannot be played like this now (its target, or its condition)"
            if kind == "marshal":
                if c["type"] == "event":
                    return f"{card_name(cid)} is an event: play it, do not marshal it"
                cost, _, _ = marshal_cost(p, cid)
                if cost > p["gold"]:
                    extra = f" (including {penalty(p, cid)} for a card of another House)" if penalty(p, cid) else ""
                    return f"{card_name(cid)} costs {cost} gold{extra} and you have {p['gold']}"
                if unique_blocked(p, cid):
                    return f"{card_name(cid)} is unique and already in play (or dead)"
                if c["limited"] and p["limited"]:
                    return "you have already marshalled a limited card this round"
                agenda = agenda_rules(p)
                if c["type"] == "character" and c["house"] == "neutral" and agenda.get("no_neutral_characters"):
                    return "your agenda forbids neutral characters"
                if c["type"] == "attachment":
                    return f"{card_name(cid)} is an attachment: its target must be one of your characters"
                return f"{card_name(cid)} is not an attachment: it takes no target"
            if kind == "place":
                spent, _ = setup.setup_spent(p)
                price = c["cost"] + penalty(p, cid)
                if c["type"] not in ("character", "location"):
                    return "only characters and locations are placed during setup"
                if spent + price > C.SETUP_GOLD:
                    return (f"{card_name(cid)} costs {price} gold and {C.SETUP_GOLD - spent} "
                            f"of the {C.SETUP_GOLD} setup gold are left")
                return "at most one limited card and one copy of a unique card may be placed"
            return None
        if kind in ("attacker", "defender", "kill"):
            uid = action.get("card")
            owner, inst, _ = find_inst(state, uid) if isinstance(uid, int) and not isinstance(uid, bool) \
                else (None, None, None)
            if inst is None:
                return f"there is no card with id {uid!r} in play"
            name = card_name(inst["cid"])
            ch = state["ch"]
            side = seat if kind != "defender" else ch["defender"]
            if owner != side:
                return f"{name} is not one of your characters"
            if kind == "kill":
                return None
            if card(inst["cid"])["type"] != "character":
                return f"{name} is not a character"
            if inst["knelt"]:
                return f"{name} is knelt"
            if ch["kind"] not in icons_of(inst):
                return f"{name} has no {ch['kind']} icon for this challenge"
            if uid in ch["attackers"] or uid in ch["defenders"]:
                return f"{name} is already in this challenge"
            if uid in ch["blocked"]:
                return f"{name} cannot defend (stealth)"
            return None
        if kind == "attackers_done":
            return "choose at least one attacker with strength 1 or more first"
        if kind == "plot" and action.get("plot") not in p["plots"]:
            return f"plot {action.get('plot')!r} is not among your unused plots"
        if kind == "first_player":
            return f"seat {action.get('seat')!r} is not a player still in the game"
        if kind == "challenge":
            if action.get("kind") in state["ch_done"]:
                return f"you have already made your {action.get('kind')} challenge this turn"
            if action.get("kind") in KINDS and not challenges.eligible_attackers(state, seat, action["kind"]):
                return f"none of your standing characters has the {action['kind']} icon"
            return "challenge a player still in the game, with kind M, I or P"
        return None

    def _check_state(self, state: dict) -> None:
        need = set(PUBLIC_KEYS) | {"players", "log"}
        if not need <= set(state) or len(state["players"]) != state["num_players"]:
            raise RecordError("the saved state is damaged")


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
