"""Great Houses: a plot / challenge / dominance / power card game for 2-4 players.

The rules are those of docs/rules/houses.md (the seed's turn structure with
the decisions of docs/rules/houses.md section 8). The card pool lives in
cards.py as data; this module interprets it:

* keyword rules in one place (``strength``, ``after_keywords``, stealth);
* a small effect engine (``run_effects``) for events, plot "when revealed"
  effects and location abilities, with targets from declarative filters;
* one decision at a time: ``state["stage"]`` and ``state["seat"]`` say who
  decides what; everything automatic runs until the next decision.

State layout (plain JSON data). Hidden parts: each player's ``deck`` (order
and content), ``hand``, ``facedown`` (setup cards before the reveal),
``choice`` (the plot chosen before the reveal) and ``agenda`` before the
reveal, and ``rng``.
"""

from __future__ import annotations

from collections import Counter

from . import INFO
from ...core import Game, RecordError, SetupError, log_visible_to, option
from ...core.game import clone, strict_equal
from . import cards as C

CARDS = C.CARDS
PLOTS = C.PLOTS
KINDS = ("M", "I", "P")
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

# event card ids by window, in id order (the order legal actions list them)
EVENTS_BY_WINDOW = {window: [cid for cid in sorted(CARDS) if CARDS[cid]["type"] == "event"
                             and CARDS[cid]["window"] == window]
                    for window in ("marshal", "challenge", "reaction")}

# the events a seat could play in a window, by its slot there: the challenge window by the
# seat's role in the challenge, the reaction window by the challenge's kind
EVENTS_BY_SLOT = {("challenge", role): [cid for cid in EVENTS_BY_WINDOW["challenge"] if CARDS[cid].get("role") == role]
                  for role in ("attacker", "defender")}
EVENTS_BY_SLOT.update({("reaction", kind): [cid for cid in EVENTS_BY_WINDOW["reaction"]
                                            if CARDS[cid].get("kind") == kind] for kind in ("M", "I", "P")})

#: what the marshal step reads of a card, by card id: (type, printed cost, House, loyal, unique, limited)
MARSHAL_FACTS = {cid: (c["type"], c["cost"], c["house"], c["loyal"], c["unique"], c["limited"])
                 for cid, c in CARDS.items()}

#: the locations that reduce the cost of a House's cards (kneel to make the next one cost 1 less)
REDUCERS = {cid for cid, c in CARDS.items() if "reducer" in c}

# the window of each event card ("marshal", "challenge" or "reaction")
EVENT_WINDOW = {cid: window for window, cids in EVENTS_BY_WINDOW.items() for cid in cids}

# the actions without a field that each stage offers (attackers_done only once an attacker
# with STR is chosen): the closing, passing and declining actions
BARE_ACTIONS = {"marshal": ("end_marshal",), "challenges": ("end_challenges",), "attackers": ("attackers_done",),
                "defenders": ("defenders_done",), "window": ("pass",), "reaction": ("pass",),
                "setup": ("place_done",), "stealth": ("stealth_none",), "intimidate": ("intimidate_none",),
                "mulligan": ("keep", "mulligan")}

# events whose effect moves power from the defender (unplayable while he has none)
MOVES_POWER = {cid for cid in EVENTS_BY_WINDOW["reaction"] + EVENTS_BY_WINDOW["challenge"]
               if any(e["do"] == "move_power" for e in CARDS[cid]["effects"])}

# the keyword that adds 1 STR to a character in each role of a challenge
ROLE_KEYWORDS = {"attacker": "vanguard", "defender": "bulwark"}

# the locations that count as STR in dominance, by card id: that STR
DOMINANCE = {cid: c["dominance"] for cid, c in CARDS.items() if c.get("dominance")}

# the locations with an ability used at the start of the challenges
ABILITY_LOCATIONS = {cid for cid, c in CARDS.items() if c.get("window") == "challenges_start"}

# locations' anthems by card id (most cards have none)
ANTHEMS = {cid: c["anthem"] for cid, c in CARDS.items() if c.get("anthem")}

# the cards in play that add to a player's income or reserve, by card id: how much
INCOME = {cid: c["income"] for cid, c in CARDS.items() if c.get("income")}
RESERVE = {cid: c["reserve"] for cid, c in CARDS.items() if c.get("reserve")}

TEST_KEYS = ("decks", "hands", "plots", "in_play", "power", "gold", "first_player",
             "no_shuffle", "skip_setup")


# ====================================================================== small helpers
def card(cid: str) -> dict:
    return CARDS[cid]


def living(state: dict) -> list[int]:
    return [s for s, p in enumerate(state["players"]) if not p["out"]]


def opponents(state: dict, seat: int) -> list[int]:
    others = []
    for s, p in enumerate(state["players"]):
        if s != seat and not p["out"]:
            others.append(s)
    return others


def with_uid(cards: list[dict], uid: int) -> list[dict]:
    """The card of ``cards`` (instances in play) with that uid, in a list of one, or an empty list."""
    for inst in cards:
        if inst["uid"] == uid:
            return [inst]
    return []


def find_inst(state: dict, uid: int):
    """(seat, instance, zone) of a card in play by uid, or (None, None, None)."""
    for s, p in enumerate(state["players"]):
        for zone in ("chars", "locs"):
            for inst in p[zone]:
                if inst["uid"] == uid:
                    return s, inst, zone
    return None, None, None


#: a card's icons and keywords with its Rivalry line, by (card id, players at the start): cards.py
#: ``rivalry``, rules §3.4; an instance under a line holds that player count as ``"rival"``
RIVAL_ICONS = {(cid, n): c["icons"] + gain.get("icons", "")
               for cid, c in CARDS.items() for n, gain in c.get("rivalry", {}).items()}
RIVAL_KW = {(cid, n): [k for k in c["kw"] if k not in gain.get("lose_kw", [])] + gain.get("kw", [])
            for cid, c in CARDS.items() for n, gain in c.get("rivalry", {}).items()}

#: a character's printed icons by card id: what ``icons_of`` gives for an instance without
#: attachments or a Rivalry line (the challenge loops read it without a call: see ready_characters)
PRINTED_ICONS = {cid: c["icons"] for cid, c in CARDS.items() if c["type"] == "character"}

#: what an attachment adds to its character, by card id: STR, an icon, a keyword (None: none)
ATTACHMENT_STR = {cid: c["att"].get("str", 0) for cid, c in CARDS.items() if c["type"] == "attachment"}
ATTACHMENT_ICON = {cid: c["att"].get("icon") for cid, c in CARDS.items() if c["type"] == "attachment"}
ATTACHMENT_KW = {cid: c["att"].get("kw") for cid, c in CARDS.items() if c["type"] == "attachment"}

#: a card's printed STR by card id (None for cards that are not characters): ``base_str``
#: without attachments
PRINTED_STR = {cid: c.get("str") for cid, c in CARDS.items()}

#: the rules of no agenda (a player without one, or "none"): ``agenda_rules``
NO_AGENDA: dict = {}


def agenda_rules(p: dict) -> dict:
    """The rules table of player ``p``'s agenda (cards.py AGENDAS; none: an empty table)."""
    return C.AGENDAS.get(p["agenda"] or "", NO_AGENDA)


def rivalry_line_count(state: dict) -> int:
    """The player count whose Rivalry lines hold for characters entering play: the count the game
    began with if that was 3 or 4 and the Rivalry option is on, else 0 (no line holds). Works on
    a state or a view (both hold ``num_players`` and ``opts``)."""
    return state["num_players"] if state["opts"]["rivalry"] and state["num_players"] > 2 else 0


def new_inst(state: dict, cid: str) -> dict:
    uid = state["uid"]
    state["uid"] = uid + 1
    inst = {"uid": uid, "cid": cid, "knelt": False, "power": 0, "atts": []}
    count = rivalry_line_count(state)
    if (cid, count) in RIVAL_ICONS:  # the card's line for that count holds
        inst["rival"] = count
    return inst


def total_power(p: dict) -> int:
    total = p["power"]
    for c in p["chars"]:
        total += c["power"]
    return total


def icons_of(inst: dict) -> str:
    icons = RIVAL_ICONS[inst["cid"], inst["rival"]] if "rival" in inst else CARDS[inst["cid"]]["icons"]
    for a in inst["atts"]:
        icon = ATTACHMENT_ICON[a]
        if icon and icon not in icons:
            icons += icon
    return icons


def ready_characters(chars: list[dict], kind: str, chosen=()) -> list[dict]:
    """The characters of ``chars`` that may join a challenge of ``kind``: standing, with its
    icon (attachments and Rivalry lines included), and not among the uids ``chosen``."""
    # most characters have neither attachments nor a Rivalry line: their printed icons,
    # read without a call (these loops run at every challenge decision). The hot helpers are
    # plain loops, not comprehensions: in CPython 3.11 a comprehension is a call of its own
    # that reads the names of the enclosing function (here kind, chosen) through cells.
    ready = []
    for c in chars:
        if not c["knelt"] and c["uid"] not in chosen \
                and kind in (PRINTED_ICONS[c["cid"]] if not c["atts"] and "rival" not in c else icons_of(c)):
            ready.append(c)
    return ready


def any_ready(chars: list[dict], kind: str, chosen) -> bool:
    """Whether ``ready_characters(chars, kind, chosen)`` is not empty, looking no further than
    the first such character."""
    for c in chars:
        if not c["knelt"] and c["uid"] not in chosen \
                and kind in (PRINTED_ICONS[c["cid"]] if not c["atts"] and "rival" not in c else icons_of(c)):
            return True
    return False


def standing_icons(p: dict) -> str:
    """The icons of player ``p``'s standing characters, run together (with repeats)."""
    icons = ""
    for c in p["chars"]:
        if not c["knelt"]:
            icons += PRINTED_ICONS[c["cid"]] if not c["atts"] and "rival" not in c else icons_of(c)
    return icons


def keywords_of(inst: dict) -> list[str]:
    own = RIVAL_KW[inst["cid"], inst["rival"]] if "rival" in inst else CARDS[inst["cid"]]["kw"]  # with its Rivalry line
    if not inst["atts"]:
        return own  # callers only read it
    kws = list(own)
    for a in inst["atts"]:
        kw = ATTACHMENT_KW[a]
        if kw and kw not in kws:
            kws.append(kw)
    return kws


def base_str(inst: dict) -> int:
    if not inst["atts"]:
        return PRINTED_STR[inst["cid"]]
    total = PRINTED_STR[inst["cid"]]
    for a in inst["atts"]:
        total += ATTACHMENT_STR[a]
    return total


def strength(state: dict, seat: int, inst: dict) -> int:
    """STR of a character in the current challenge (keywords, anthems, pumps)."""
    s = base_str(inst)
    ch = state["ch"]
    if ch is None:
        return s
    uid = inst["uid"]
    role = "attacker" if uid in ch["attackers"] else "defender" if uid in ch["defenders"] else None
    if role is not None:
        s += role_bonus(state["players"][seat], inst, ch["kind"], role)
    if ch["bonus"]:
        s += ch["bonus"].get(str(uid), 0)
    return s if s > 0 else 0


def role_bonus(p: dict, inst: dict, kind: str, role: str) -> int:
    """The STR a character of player ``p`` gains in its ``role`` of a challenge of ``kind``:
    its role keyword (vanguard, bulwark) and the anthems of p's locations."""
    c = CARDS[inst["cid"]]
    # (most characters have neither attachments nor a Rivalry line: their printed keywords)
    keywords = c["kw"] if not inst["atts"] and "rival" not in inst else keywords_of(inst)
    bonus = 1 if ROLE_KEYWORDS[role] in keywords else 0
    for loc in p["locs"]:
        if loc["cid"] in ANTHEMS:  # (few locations have one)
            anthem = ANTHEMS[loc["cid"]]
            if anthem["kind"] == kind and anthem["role"] == role and anthem["house"] == c["house"]:
                bonus += anthem["n"]
    return bonus


def side_has_strength(state: dict, seat: int, uids: list[int]) -> bool:
    """Whether ``side_strength`` is at least 1 (one character with STR 1 or more: STR is never
    negative), looking no further than that character."""
    for inst in state["players"][seat]["chars"]:
        if inst["uid"] in uids and strength(state, seat, inst) >= 1:
            return True
    return False


def side_strength(state: dict, seat: int, uids: list[int]) -> int:
    """Total STR of ``seat``'s characters whose uid is in ``uids`` (one side of a challenge)."""
    total = 0
    for inst in state["players"][seat]["chars"]:
        if inst["uid"] in uids:
            total += strength(state, seat, inst)
    return total


def rivalry_applies(state: dict) -> bool:
    """The Rivalry rule (3 or more players left, option ``rivalry``)."""
    return state["opts"]["rivalry"] and len(living(state)) > 2


def behind(state: dict, seat: int, other: int) -> bool:
    """Whether ``seat`` has less power than ``other`` (Rivalry: no unopposed bonus against him)."""
    return total_power(state["players"][seat]) < total_power(state["players"][other])


def leads_over(state: dict, seat: int, other: int) -> bool:
    """Whether ``seat`` is the sole leader (more power than every other living player, so
    more than ``other``): Rivalry pays a bounty for winning a challenge against him."""
    mine = total_power(state["players"][seat])
    for s, p in enumerate(state["players"]):
        if s != seat and not p["out"] and total_power(p) >= mine:
            return False
    return True


def income(state: dict, seat: int) -> int:
    p = state["players"][seat]
    value = PLOTS[p["plot"]]["income"] if p["plot"] else 0
    for cards in (p["chars"], p["locs"]):
        for inst in cards:
            if inst["cid"] in INCOME:  # (few cards give any)
                value += INCOME[inst["cid"]]
    return value


def reserve(state: dict, seat: int) -> int:
    p = state["players"][seat]
    value = PLOTS[p["plot"]]["reserve"] if p["plot"] else C.HAND_SIZE
    for inst in p["locs"]:
        if inst["cid"] in RESERVE:  # (few locations give any)
            value += RESERVE[inst["cid"]]
    if p["agenda"] in C.AGENDAS:
        value += C.AGENDAS[p["agenda"]].get("reserve", 0)
    return max(0, value)


def claim(state: dict, seat: int) -> int:
    p = state["players"][seat]
    return PLOTS[p["plot"]]["claim"] if p["plot"] else 1


def initiative(state: dict, seat: int) -> int:
    p = state["players"][seat]
    return PLOTS[p["plot"]]["initiative"] if p["plot"] else 0


def dominance_total(state: dict, seat: int) -> int:
    p = state["players"][seat]
    total = 0
    for c in p["chars"]:
        if not c["knelt"]:
            total += PRINTED_STR[c["cid"]] if not c["atts"] else base_str(c)
    for loc in p["locs"]:
        if loc["cid"] in DOMINANCE:  # (few locations count)
            total += DOMINANCE[loc["cid"]]
    return total


def penalty(p: dict, cid: str) -> int:
    """The out-of-House penalty (seed: +2; Pact of Banners: +1)."""
    house = CARDS[cid]["house"]
    if house in ("neutral", p["house"]):
        return 0
    return agenda_rules(p).get("out_of_house_penalty", C.OUT_OF_HOUSE_PENALTY)


def loyal_ok(p: dict, cid: str) -> bool:
    c = CARDS[cid]
    return not c["loyal"] or c["house"] == p["house"]


def unique_blocked(p: dict, cid: str) -> bool:
    """A unique card already in play (or a unique character in the dead pile)."""
    c = CARDS[cid]
    if not c["unique"]:
        return False
    for inst in p["chars"] + p["locs"]:
        if inst["cid"] == cid:
            return True
    return c["type"] == "character" and cid in p["dead"]


def marshal_cost(p: dict, cid: str) -> tuple[int, list[int], bool]:
    """(gold to pay, reducer uids to kneel, agenda discount used) to marshal ``cid`` now."""
    c = CARDS[cid]
    cost = c["cost"] + penalty(p, cid)
    discount = False
    agenda = agenda_rules(p)
    if (agenda.get("house_char_discount") and c["type"] == "character" and c["house"] == p["house"]
            and not p["discount_used"] and cost > 0):
        cost -= agenda["house_char_discount"]
        discount = True
    reducers = []
    for loc in p["locs"]:
        if cost <= 0:
            break
        if not loc["knelt"] and CARDS[loc["cid"]].get("reducer") == c["house"]:
            reducers.append(loc["uid"])
            cost -= 1
    return max(0, cost), reducers, discount


def event_cost(p: dict, cid: str) -> int:
    return CARDS[cid]["cost"] + penalty(p, cid)


#: a player's card-id lists that the rules replace rather than change in place (they change
#: far less often than a state is copied, so copies of the state share them); the lists of
#: cards in play ("chars", "locs") are replaced too (``change_card``, ``kneel_cards``, ``put_in_play``)
SHARED_PILES = ("deck", "hand", "discard", "dead", "plots", "used", "facedown", "limited", "decklist")


def starter_deck(house: str) -> list[str]:
    """A House's starter deck in package order (before the shuffle): its package, then the
    neutral package. (Read from cards.py on every call: balance runs may change the packages.)"""
    deck: list[str] = []
    for package in (C.HOUSE_PACKAGES[house], C.NEUTRAL_PACKAGE):
        for cid, n in package.items():
            deck += [cid] * n
    return deck


def change_card(p: dict, zone: str, inst: dict, **changes) -> dict:
    """Change a card in play of player ``p`` (``zone``: "chars" or "locs"): copies of the state
    share their lists of cards in play and the card instances, so the changed card is a new
    dict (same keys, same order) in the old one's place in a new list. Returns the new
    instance; ``inst`` must be the one in play now."""
    cards = p[zone][:]
    index = next(i for i, card in enumerate(cards) if card is inst)
    new = cards[index] = {**inst, **changes}
    p[zone] = cards
    return new


def kneel_cards(p: dict, uids: list[int], zone: str = "chars") -> list[dict]:
    """Kneel player ``p``'s cards of ``zone`` whose uid is in ``uids`` (new instances in a new
    list: see change_card). Returns the knelt instances, in their order in play."""
    knelt: list[dict] = []
    if uids:
        cards = []
        for inst in p[zone]:
            if inst["uid"] in uids:
                inst = {**inst, "knelt": True}
                knelt.append(inst)
            cards.append(inst)
        p[zone] = cards
    return knelt


def put_in_play(p: dict, inst: dict) -> None:
    """Put a new card instance into player ``p``'s characters or locations (a new list: see change_card)."""
    zone = "chars" if CARDS[inst["cid"]]["type"] == "character" else "locs"
    p[zone] = p[zone] + [inst]


def add_to(p: dict, pile: str, cids: list[str]) -> None:
    """Put cards on one of a player's SHARED_PILES: a new list (copies of the state share the old one)."""
    p[pile] = p[pile] + cids


def take_from(p: dict, pile: str, cid: str) -> None:
    """Take one copy of ``cid`` from one of a player's SHARED_PILES (a new list: see add_to)."""
    cards = p[pile][:]
    cards.remove(cid)
    p[pile] = cards


# ====================================================================== logging
def log(state: dict, key: str, to: list[int] | None = None, **params) -> None:
    """Append a log entry (the shape of ``core.log_entry``, built here in one step: it is
    the commonest thing an action does)."""
    entry = {"key": key, "params": params}
    if to is not None:
        entry["to"] = list(to)
    state["log"].append(entry)


# ====================================================================== the game

def agenda_actions() -> list[dict]:
    """The agenda choices of the game's start (the same for every player)."""
    return [{"type": "agenda", "agenda": a} for a in ["none", *C.AGENDAS]]


def plot_actions(player: dict) -> list[dict]:
    """A player's plot choices: one per distinct plot card left in its plot hand."""
    return [{"type": "plot", "plot": pid} for pid in sorted(set(player["plots"]))]


def match_target(action: dict, cid: str | int, targets: list[int] | None) -> dict | None:
    """The action {type, card, target} of ``action``'s type for ``cid`` if ``action`` names one of
    ``targets`` (None: the card takes no target, so the action is {type, card}), else None:
    the direct check's case of events, attachments and abilities."""
    if targets is None:
        return {"type": action["type"], "card": cid} if len(action) == 2 else None
    target = action.get("target")
    if len(action) == 3 and type(target) is int and target in targets:
        return {"type": action["type"], "card": cid, "target": target}
    return None


class HousesGame(Game):
    info = INFO
    version = 1
    test_option_keys = TEST_KEYS

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

    # ------------------------------------------------------------------ setup
    def _setup(self, num_players: int, rng, options: dict) -> dict:
        fixed = self._check_test_options(num_players, options)
        houses = self._assign_houses(num_players, rng, options)
        opts = {k: options[k] for k in ("agendas", "victory_power", "dominance", "stand", "rivalry",
                                         "reserve_check", "deck_out", "initiative", "mulligan")}
        state = {"num_players": num_players, "opts": opts, "fixed": fixed, "round": 0,
                 "stage": "setup", "seat": 0, "active": None, "order": [], "turn": 0, "ch": None,
                 "ch_done": [], "ch_started": False, "uid": 1, "over": False, "winners": [],
                 "end": None, "revealed": False, "pending": None, "setup_step": 0, "log": [],
                 "players": []}
        for seat in range(num_players):
            house = houses[seat]
            deck_house = options.get(f"deck_{seat}", "house")
            if deck_house == "house":
                deck_house = house
            p = {"house": house, "deck_house": deck_house, "agenda": None, "deck": [], "hand": [],
                 "discard": [], "dead": [], "chars": [], "locs": [], "power": 0, "gold": 0,
                 "plots": list(C.STANDARD_PLOTS), "used": [], "plot": None, "choice": None,
                 "facedown": [], "limited": [], "discount_used": False, "out": False,
                 "decked": False, "decklist": [], "placed": False}
            state["players"].append(p)
            decks = options.get("decks")
            if decks is not None and decks[seat] is not None:
                p["deck"] = list(decks[seat])
            else:
                deck = starter_deck(deck_house)
                if not fixed["no_shuffle"]:
                    rng.shuffle(deck)
                p["deck"] = deck
            plots = options.get("plots")
            if plots is not None and plots[seat] is not None:
                p["plots"] = list(plots[seat])
            for key in ("power", "gold"):
                values = options.get(key)
                if values is not None:
                    p[key] = values[seat]
            in_play = options.get("in_play")
            for entry in (in_play[seat] if in_play is not None and in_play[seat] is not None else []):
                if isinstance(entry, str):
                    entry = {"card": entry}
                inst = new_inst(state, entry["card"])
                inst["atts"] = list(entry.get("atts", []))
                inst["power"] = entry.get("power", 0)
                inst["knelt"] = entry.get("knelt", False)
                zone = "chars" if CARDS[entry["card"]]["type"] == "character" else "locs"
                p[zone].append(inst)
            hands = options.get("hands")
            if hands is not None and hands[seat] is not None:
                p["hand"] = list(hands[seat])
            log(state, "house", seat=seat, house=house, deck=deck_house)
            if hands is None or hands[seat] is None:
                self._draw(state, seat, C.HAND_SIZE)
            zones = p["deck"] + p["hand"] + [i["cid"] for i in p["chars"] + p["locs"]]
            zones += [a for i in p["chars"] for a in i["atts"]]
            p["decklist"] = sorted(zones)
        if fixed["skip_setup"]:
            state["revealed"] = True
            for p in state["players"]:
                p["placed"] = True
            self._begin_round(state, rng)
        else:
            self._setup_next(state, 0, 0, rng)
        return state

    def _assign_houses(self, n: int, rng, options: dict) -> list[str]:
        houses = [options.get(f"house_{s}", "random") for s in range(n)]
        taken = {h for h in houses if h != "random"}
        for s in range(n):
            if houses[s] == "random":
                free = [h for h in C.HOUSES if h not in taken] or list(C.HOUSES)
                houses[s] = free[rng.randbelow(len(free))]
                taken.add(houses[s])
        return houses

    def _check_test_options(self, n: int, options: dict) -> dict:
        def per_seat(key, check):
            value = options.get(key)
            if value is None:
                return
            if not isinstance(value, list) or len(value) != n:
                raise SetupError(f"test option {key!r} must be a list with one entry per seat")
            for entry in value:
                if entry is not None:
                    check(entry)

        def card_list(allowed=None):
            def check(entry):
                if not isinstance(entry, list) or not all(isinstance(c, str) and c in CARDS for c in entry):
                    raise SetupError(f"unknown card id in {entry!r}")
                if allowed and any(CARDS[c]["type"] not in allowed for c in entry):
                    raise SetupError(f"only {', '.join(allowed)} cards allowed in {entry!r}")
            return check

        per_seat("decks", card_list())
        per_seat("hands", card_list())

        def plot_list(entry):
            if not isinstance(entry, list) or not entry or not all(isinstance(x, str) and x in PLOTS for x in entry):
                raise SetupError(f"a plot deck is a non-empty list of plot ids, not {entry!r}")
        per_seat("plots", plot_list)

        def in_play(entry):
            if not isinstance(entry, list):
                raise SetupError("in_play entries are lists")
            for item in entry:
                if isinstance(item, str):
                    item = {"card": item}
                if not isinstance(item, dict) or item.get("card") not in CARDS:
                    raise SetupError(f"bad in_play item {item!r}")
                if set(item) - {"card", "atts", "power", "knelt"}:
                    raise SetupError(f"unknown keys in in_play item {item!r}")
                kind = CARDS[item["card"]]["type"]
                if kind not in ("character", "location"):
                    raise SetupError("in_play holds characters and locations (attachments via 'atts')")
                atts = item.get("atts", [])
                if not isinstance(atts, list) or any(a not in CARDS or CARDS[a]["type"] != "attachment" for a in atts):
                    raise SetupError(f"bad attachments in {item!r}")
                if atts and kind != "character":
                    raise SetupError("attachments go on characters")
                power = item.get("power", 0)
                if isinstance(power, bool) or not isinstance(power, int) or power < 0:
                    raise SetupError("in_play power must be a whole number >= 0")
                if not isinstance(item.get("knelt", False), bool):
                    raise SetupError("in_play knelt must be true or false")
        per_seat("in_play", in_play)

        def number(entry):
            if isinstance(entry, bool) or not isinstance(entry, int) or entry < 0:
                raise SetupError("power and gold test values are whole numbers >= 0")
        per_seat("power", number)
        per_seat("gold", number)
        for key in ("power", "gold"):
            if options.get(key) is not None and None in options[key]:
                raise SetupError(f"test option {key!r} needs a number for every seat")
        first = options.get("first_player")
        if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n):
            raise SetupError("first_player must be a seat number")
        for key in ("no_shuffle", "skip_setup"):
            if not isinstance(options.get(key, False), bool):
                raise SetupError(f"test option {key!r} must be true or false")
        return {"no_shuffle": options.get("no_shuffle", False),
                "skip_setup": options.get("skip_setup", False),
                "first_player": first}

    # ------------------------------------------------------------------ setup flow
    def _setup_next(self, state: dict, seat: int, step: int, rng) -> None:
        """Ask the next setup decision: per seat, mulligan -> agenda -> face-down placement."""
        opts = state["opts"]
        n = state["num_players"]
        while seat < n:
            while step < 3:
                if step == 0 and opts["mulligan"]:
                    state.update(stage="mulligan", seat=seat, setup_step=0)
                    return
                if step == 1 and opts["agendas"]:
                    state.update(stage="agenda", seat=seat, setup_step=1)
                    return
                if step == 2:
                    state.update(stage="setup", seat=seat, setup_step=2)
                    return
                step += 1
            seat += 1
            step = 0
        self._reveal_setup(state, rng)
        self._begin_round(state, rng)

    def _setup_spent(self, p: dict) -> tuple[int, set[str]]:
        """Gold spent on the face-down cards, and the card types of Limited ones among them."""
        spent = 0
        limited = set()
        for cid in p["facedown"]:
            c = CARDS[cid]
            spent += c["cost"] + penalty(p, cid)
            if c["limited"]:
                limited.add(c["type"])
        return spent, limited

    def _can_place(self, p: dict, cid: str, setup_spent: tuple[int, set[str]] | None = None) -> bool:
        """Whether player ``p`` may place ``cid`` face down in setup (``setup_spent``: what
        ``_setup_spent(p)`` gives, when the caller has it)."""
        c = CARDS[cid]
        if c["type"] not in ("character", "location") or not loyal_ok(p, cid):
            return False
        spent, limited = setup_spent or self._setup_spent(p)
        if spent + c["cost"] + penalty(p, cid) > C.SETUP_GOLD:
            return False
        if c["limited"] and c["type"] in limited:  # one Limited card per card type
            return False
        if c["unique"] and (cid in p["facedown"] or unique_blocked(p, cid)):
            return False
        return True

    def _reveal_setup(self, state: dict, rng) -> None:
        state["revealed"] = True
        for seat, p in enumerate(state["players"]):
            if state["opts"]["agendas"]:
                log(state, "agenda", seat=seat, agenda=p["agenda"] or "none")
            for cid in p["facedown"]:
                put_in_play(p, new_inst(state, cid))
            log(state, "setup_reveal", seat=seat, cards=list(p["facedown"]))
            p["facedown"] = []
        for seat, p in enumerate(state["players"]):
            if len(p["hand"]) < C.HAND_SIZE:
                self._draw(state, seat, C.HAND_SIZE - len(p["hand"]))

    # ------------------------------------------------------------------ rounds
    def _begin_round(self, state: dict, rng) -> None:
        state["round"] += 1
        log(state, "round", round=state["round"])
        for p in state["players"]:
            p["choice"] = None
        self._plot_next(state, 0, rng)

    def _plot_next(self, state: dict, seat: int, rng) -> None:
        for s in range(seat, state["num_players"]):
            p = state["players"][s]
            if p["out"] or p["choice"] is not None:
                continue
            if not p["plots"]:  # the plot deck has run out: the used plots are the deck again
                p["plots"], p["used"] = p["used"], []
                log(state, "plots_recycled", seat=s)
            if len(set(p["plots"])) == 1:  # no choice left: the last plot is played
                p["choice"] = p["plots"][0]
                continue
            state["stage"] = "plot"
            state["seat"] = s
            return
        self._reveal_plots(state, rng)

    def _reveal_plots(self, state: dict, rng) -> None:
        live = living(state)
        for s in live:
            p = state["players"][s]
            p["plot"] = p["choice"]
            plots = list(p["plots"])
            plots.remove(p["choice"])
            p["plots"] = plots
            p["choice"] = None
            log(state, "plot_revealed", seat=s, plot=p["plot"])
        first = state["fixed"]["first_player"]
        if state["round"] == 1 and first is not None and first in live:
            order = live[live.index(first):] + live[:live.index(first)]
            log(state, "order", order=order, reason="fixed")
            self._start_round_turns(state, order, rng)
            return
        keys = {s: (-initiative(state, s), total_power(state["players"][s])) for s in live}
        ranked = sorted(live, key=lambda s: keys[s])
        # ties (same initiative and power) are broken at random
        order: list[int] = []
        i = 0
        while i < len(ranked):
            j = i
            while j < len(ranked) and keys[ranked[j]] == keys[ranked[i]]:
                j += 1
            group = ranked[i:j]
            if len(group) > 1:  # (a group of one draws nothing)
                rng.shuffle(group)
            order += group
            i = j
        if state["opts"]["initiative"] == "winner_chooses" and len(live) > 1:
            state["order"] = order
            log(state, "initiative_won", seat=order[0])
            state["stage"] = "first_player"
            state["seat"] = order[0]
            return
        log(state, "order", order=order, reason="initiative")
        self._start_round_turns(state, order, rng)

    def _start_round_turns(self, state: dict, order: list[int], rng) -> None:
        state["order"] = order
        for s in order:  # plot "when revealed" effects, in turn order
            effects = PLOTS[state["players"][s]["plot"]].get("revealed")
            if effects:
                self._run_effects(state, s, effects, None, rng)
        self._start_turn(state, 0, rng)

    def _start_turn(self, state: dict, index: int, rng) -> None:
        order = state["order"]
        while index < len(order) and state["players"][order[index]]["out"]:
            index += 1
        if index >= len(order):
            self._end_round(state, rng)
            return
        seat = order[index]
        p = state["players"][seat]
        state["turn"] = index
        state["active"] = seat
        state["ch"] = None
        state["ch_done"] = []
        state["ch_started"] = False
        p["limited"] = []
        p["discount_used"] = False
        drawn = self._draw(state, seat, C.DRAW_PER_TURN, public=False)
        keep = min(p["gold"], agenda_rules(p).get("keep_gold", 0))
        gain = income(state, seat)
        p["gold"] = keep + gain
        log(state, "turn", seat=seat, n=drawn, gold=gain, kept=keep)
        state["stage"] = "marshal"
        state["seat"] = seat

    def _end_turn(self, state: dict, rng) -> None:
        seat = state["active"]
        opts = state["opts"]
        if opts["dominance"] in ("each_turn_any", "each_turn_active"):
            self._dominance(state, seat if opts["dominance"] == "each_turn_active" else None)
            if state["over"]:
                return
        if opts["stand"] == "end_of_each_turn":  # the seed: every player's knelt cards
            for s in living(state):
                self._stand(state, s)
        elif opts["stand"] == "end_of_own_turn":
            self._stand(state, seat)
        self._reserve_step(state, rng)

    def _reserve_step(self, state: dict, rng) -> None:
        seat = state["active"]
        p = state["players"][seat]
        if state["opts"]["reserve_check"] and len(p["hand"]) > reserve(state, seat):
            state["stage"] = "reserve"
            state["seat"] = seat
            return
        self._finish_turn(state, rng)

    def _finish_turn(self, state: dict, rng) -> None:
        if state["opts"]["deck_out"] == "eliminate":
            live = living(state)
            decked = [s for s in live if state["players"][s]["decked"]]
            if decked:
                if len(decked) == len(live):
                    self._end_most_power(state, live, "deck_out")
                    return
                for s in decked:
                    state["players"][s]["out"] = True
                    log(state, "eliminated", seat=s)
                live = living(state)
                if len(live) == 1:
                    self._end_game(state, live, "eliminated")
                    return
        self._start_turn(state, state["turn"] + 1, rng)

    def _end_round(self, state: dict, rng) -> None:
        opts = state["opts"]
        state["active"] = None
        if opts["dominance"] == "end_of_round":
            self._dominance(state, None)
            if state["over"]:
                return
        if opts["stand"] == "end_of_round":
            for s in living(state):
                self._stand(state, s)
        for p in state["players"]:
            if p["plot"]:
                add_to(p, "used", [p["plot"]])
                p["plot"] = None
        if opts["deck_out"] == "end_of_round_most_power":
            live = living(state)
            if any(state["players"][s]["decked"] for s in live):
                self._end_most_power(state, live, "deck_out")
                return
        self._begin_round(state, rng)

    def _end_most_power(self, state: dict, seats: list[int], reason: str) -> None:
        best = max(total_power(state["players"][s]) for s in seats)
        self._end_game(state, [s for s in seats if total_power(state["players"][s]) == best], reason)

    def _end_game(self, state: dict, winners: list[int], reason: str) -> None:
        if state["over"]:
            return
        state.update(over=True, winners=sorted(winners), end=reason, stage="over", seat=None, pending=None)
        log(state, "game_over", winners=sorted(winners), reason=reason)

    def _dominance(self, state: dict, active: int | None) -> None:
        totals = []
        for s, p in enumerate(state["players"]):
            totals.append(None if p["out"] else dominance_total(state, s))
        best = max([t for t in totals if t is not None])
        # the only seat with the best total wins it (with ``active``: only if it is that seat)
        winner = totals.index(best) if totals.count(best) == 1 else None
        if active is not None and winner != active:
            winner = None
        log(state, "dominance", seat=winner, totals=totals)
        if winner is not None:
            self._gain_power(state, winner, 1, "dominance")

    def _stand(self, state: dict, seat: int) -> None:
        p = state["players"][seat]
        for zone in ("chars", "locs"):
            cards = p[zone]
            for c in cards:
                if c["knelt"]:  # new instances in a new list: see change_card
                    p[zone] = [{**c, "knelt": False} if c["knelt"] else c for c in cards]
                    break

    # ------------------------------------------------------------------ primitives
    def _draw(self, state: dict, seat: int, n: int, why: str = "draw", public: bool = True) -> int:
        p = state["players"][seat]
        deck = p["deck"]
        got = deck[:n]
        if len(got) < n and not p["decked"]:
            p["decked"] = True
            log(state, "decked", seat=seat)
        if got:
            p["deck"] = deck[len(got):]
            add_to(p, "hand", got)
            if public:
                log(state, "draw", seat=seat, n=len(got), why=why)
            log(state, "drew", to=[seat], seat=seat, cards=got)
        return len(got)

    def _gain_power(self, state: dict, seat: int, n: int, why: str, inst: dict | None = None) -> None:
        if n <= 0 or state["over"]:
            return
        p = state["players"][seat]
        if inst is not None:
            inst = change_card(p, "chars", inst, power=inst["power"] + n)
            log(state, "power", seat=seat, n=n, why=why, card=inst["cid"])
        else:
            p["power"] += n
            log(state, "power", seat=seat, n=n, why=why)
        if total_power(p) >= state["opts"]["victory_power"]:
            self._end_game(state, [seat], "power")

    def _leave_play(self, state: dict, seat: int, inst: dict, pile: str) -> None:
        p = state["players"][seat]
        p["chars"] = [c for c in p["chars"] if c is not inst]  # (a new list: see change_card)
        add_to(p, pile, [inst["cid"]])
        if inst["atts"]:
            add_to(p, "discard", inst["atts"])
        ch = state["ch"]
        if ch:
            uid = inst["uid"]
            for key in ("attackers", "defenders", "blocked"):  # (new lists: see _copy_state)
                if uid in ch[key]:
                    ch[key] = [u for u in ch[key] if u != uid]

    def _kill(self, state: dict, seat: int, inst: dict, why: str) -> None:
        log(state, "killed", seat=seat, card=inst["cid"], why=why)
        self._leave_play(state, seat, inst, "dead")

    # ------------------------------------------------------------------ effect engine
    def _targets(self, state: dict, seat: int, flt: dict) -> list[int]:
        """uids of characters matching a target filter, for an effect controlled by ``seat``."""
        owner = flt.get("owner", "opponent")
        ch = state["ch"]
        if owner == "self":
            seats = [seat]
        elif owner == "loser":
            seats = [ch["defender"]] if ch else []
        else:
            seats = opponents(state, seat)
        # (the filter's fields, read once)
        standing, knelt, defending = flt.get("standing"), flt.get("knelt"), flt.get("defending")
        max_str = flt.get("max_str")
        out = []
        for s in seats:
            for inst in state["players"][s]["chars"]:
                if standing and inst["knelt"]:
                    continue
                if knelt and not inst["knelt"]:
                    continue
                if max_str is not None and base_str(inst) > max_str:
                    continue
                if defending and not (ch and inst["uid"] in ch["defenders"]):
                    continue
                out.append(inst["uid"])
        return out

    def _effect_targets(self, state: dict, seat: int, effects: list[dict]) -> list[int] | None:
        """Targets for the (single) targeted effect of a list, or None if nothing is targeted."""
        for eff in effects:
            if "target" in eff:
                return self._targets(state, seat, eff["target"])
        return None

    def _run_effects(self, state: dict, seat: int, effects: list[dict], target: int | None, rng) -> None:
        p = state["players"][seat]
        ch = state["ch"]
        for eff in effects:
            if state["over"]:
                return
            do = eff["do"]
            if do == "gold":
                p["gold"] += eff["n"]
                log(state, "gold", seat=seat, n=eff["n"])
            elif do == "draw":
                self._draw(state, seat, eff["n"], "effect")
            elif do == "discard_choice":
                if p["hand"]:
                    state["pending"] = {"kind": "discard", "n": min(eff["n"], len(p["hand"])),
                                        "seat": seat, "resume": state["stage"]}
            elif do == "kneel":
                s, inst, zone = find_inst(state, target)
                change_card(state["players"][s], zone, inst, knelt=True)
                log(state, "knelt", seat=s, card=inst["cid"])
            elif do == "kill":
                s, inst, _ = find_inst(state, target)
                self._kill(state, s, inst, "effect")
            elif do == "pump":  # (a new bonus table: see _copy_state)
                ch["bonus"] = {**ch["bonus"], str(target): ch["bonus"].get(str(target), 0) + eff["n"]}
            elif do == "pump_all":
                side = ch["attackers"] if seat == ch["attacker"] else ch["defenders"]
                bonus = ch["bonus"] = dict(ch["bonus"])
                for uid in side:
                    bonus[str(uid)] = bonus.get(str(uid), 0) + eff["n"]
            elif do == "power":
                self._gain_power(state, seat, eff["n"], "effect")
            elif do == "move_power":
                loser = state["players"][ch["defender"]]
                n = min(eff["n"], loser["power"])
                if n:
                    loser["power"] -= n
                    log(state, "power_moved", seat=seat, source=ch["defender"], n=n)
                    self._gain_power(state, seat, n, "moved")
            else:  # pragma: no cover - data error
                raise ValueError(f"unknown effect {do!r}")

    def _event_fits(self, state: dict, seat: int, cid: str, window: str) -> bool:
        """Whether event ``cid`` could be played by ``seat`` in ``window`` now (hand aside)."""
        p = state["players"][seat]
        c = CARDS[cid]
        if not loyal_ok(p, cid) or event_cost(p, cid) > p["gold"]:
            return False
        ch = state["ch"]
        if window == "challenge":
            role = "attacker" if seat == ch["attacker"] else "defender"
            if c.get("role") != role or (role == "defender" and not ch["defenders"]):
                return False
        elif window == "reaction" and c.get("kind") != ch["kind"]:
            return False
        if cid in MOVES_POWER and state["players"][ch["defender"]]["power"] <= 0:
            return False
        return True

    def _event_actions(self, state: dict, seat: int, window: str) -> list[dict]:
        """Playable events of ``seat``'s hand for a window (with their targets)."""
        hand = state["players"][seat]["hand"]
        out = []
        for cid in EVENTS_BY_WINDOW[window]:
            if cid not in hand or not self._event_fits(state, seat, cid, window):
                continue
            targets = self._effect_targets(state, seat, CARDS[cid]["effects"])
            if targets is None:
                out.append({"type": "event", "card": cid})
            else:
                out += [{"type": "event", "card": cid, "target": t} for t in targets]
        return out

    def _may_respond(self, state: dict, seat: int, window: str) -> bool:
        """Whether ``seat`` is asked in an event window: decided on public knowledge only
        (gold, board, hand size, and which of its cards are still unseen).

        An event is never in play, so a copy is unseen while the deck list holds more
        copies than the discard pile."""
        p = state["players"][seat]
        if not p["hand"]:
            return False
        ch = state["ch"]
        slot = ("attacker" if seat == ch["attacker"] else "defender") if window == "challenge" else ch["kind"]
        gold = p["gold"]
        for cid in EVENTS_BY_SLOT[window, slot]:  # (those of other slots never fit)
            c = CARDS[cid]
            # quick first tests: the cost can only rise, and another House's Loyal event never fits
            if c["cost"] > gold or (c["loyal"] and c["house"] != p["house"]):
                continue
            # (no copy unseen: none in the deck list, or as many in the discard pile)
            if cid not in p["discard"]:
                if cid not in p["decklist"]:
                    continue
            elif p["decklist"].count(cid) <= p["discard"].count(cid):
                continue
            if not self._event_fits(state, seat, cid, window):
                continue
            targets = self._effect_targets(state, seat, CARDS[cid]["effects"])
            if targets is not None and not targets:
                continue
            return True
        return False

    def _pay_event(self, state: dict, seat: int, cid: str) -> None:
        p = state["players"][seat]
        p["gold"] -= event_cost(p, cid)
        take_from(p, "hand", cid)
        add_to(p, "discard", [cid])

    # ------------------------------------------------------------------ challenges
    def _eligible_attackers(self, state: dict, seat: int, kind: str, chosen=()) -> list[dict]:
        return ready_characters(state["players"][seat]["chars"], kind, chosen)

    def _eligible_defenders(self, state: dict) -> list[dict]:
        ch = state["ch"]
        chosen = ch["defenders"] + ch["blocked"] if ch["blocked"] else ch["defenders"]  # (stealth blocks)
        return ready_characters(state["players"][ch["defender"]]["chars"], ch["kind"], chosen)

    def _ability_actions(self, state: dict, seat: int) -> list[dict]:
        out = []
        if state["ch_started"]:
            return out
        for loc in state["players"][seat]["locs"]:
            if loc["cid"] not in ABILITY_LOCATIONS or loc["knelt"]:
                continue
            for t in self._effect_targets(state, seat, CARDS[loc["cid"]]["effects"]) or []:
                out.append({"type": "ability", "card": loc["uid"], "target": t})
        return out

    def _challenge_kinds(self, state: dict) -> list[str]:
        """The kinds of challenge the active player may still declare (a standing character
        has the icon, and that kind is not done this turn)."""
        done = state["ch_done"]
        if len(done) == len(KINDS):  # (all three done: no need to look at the characters)
            return []
        icons = standing_icons(state["players"][state["active"]])
        kinds = []
        for kind in KINDS:
            if kind not in done and kind in icons:
                kinds.append(kind)
        return kinds

    def _challenge_left(self, state: dict) -> bool:
        """Whether ``_challenge_kinds`` is not empty, looking no further than the first standing
        character with the icon of a kind not done."""
        done = state["ch_done"]
        if len(done) == len(KINDS):
            return False
        for c in state["players"][state["active"]]["chars"]:
            if not c["knelt"]:
                for kind in PRINTED_ICONS[c["cid"]] if not c["atts"] and "rival" not in c else icons_of(c):
                    if kind not in done:
                        return True
        return False

    def _challenge_actions(self, state: dict) -> list[dict]:
        kinds = self._challenge_kinds(state)
        if not kinds:
            return []
        others = opponents(state, state["active"])
        out = []
        for kind in kinds:
            for o in others:
                out.append({"type": "challenge", "kind": kind, "opponent": o})
        return out

    def _challenges_prompt(self, state: dict, rng) -> None:
        """Back at the challenge menu: end the step if nothing is left to do."""
        seat = state["active"]
        state["stage"] = "challenges"
        state["seat"] = seat
        state["ch"] = None
        # (a living player always has an opponent while the game goes on)
        if not self._challenge_left(state) and not self._ability_actions(state, seat):
            log(state, "challenges_over", seat=seat)
            self._end_turn(state, rng)

    def _stealth_next(self, state: dict, rng) -> None:
        ch = state["ch"]
        eligible = self._eligible_defenders(state)
        while ch["stealth"]:
            if any("stealth" not in keywords_of(c) for c in eligible):
                state["stage"] = "stealth"
                state["seat"] = ch["attacker"]
                return
            ch["stealth"] = ch["stealth"][1:]
        state["stage"] = "defenders"
        state["seat"] = ch["defender"]
        if not eligible:
            self._defenders_done(state, rng)

    def _defenders_done(self, state: dict, rng) -> None:
        ch = state["ch"]
        p = state["players"][ch["defender"]]
        defenders = kneel_cards(p, ch["defenders"])
        log(state, "defenders", seat=ch["defender"], cards=[i["cid"] for i in defenders])
        ch["window_seat"] = ch["attacker"]
        ch["passes"] = 0
        self._window_next(state, rng)

    def _window_next(self, state: dict, rng) -> None:
        ch = state["ch"]
        while ch["passes"] < 2:
            seat = ch["window_seat"]
            if self._may_respond(state, seat, "challenge"):
                state["stage"] = "window"
                state["seat"] = seat
                return
            self._window_pass(state)
        self._resolve(state, rng)

    def _window_pass(self, state: dict) -> None:
        ch = state["ch"]
        ch["passes"] += 1
        ch["window_seat"] = ch["defender"] if ch["window_seat"] == ch["attacker"] else ch["attacker"]

    def _resolve(self, state: dict, rng) -> None:
        ch = state["ch"]
        att, dfn = ch["attacker"], ch["defender"]
        a = side_strength(state, att, ch["attackers"])
        d = side_strength(state, dfn, ch["defenders"])
        if a >= d and a >= 1 and ch["attackers"]:
            winner = att
        elif d > a and d >= 1 and ch["defenders"]:
            winner = dfn
        else:
            winner = None
        ch.update(a=a, d=d, winner=winner)
        log(state, "result", kind=ch["kind"], attacker=att, defender=dfn, a=a, d=d, winner=winner)
        if winner == att:
            rivalry = rivalry_applies(state)
            # Rivalry (§3.4): no unopposed bonus against a player behind, nor after an ambush
            if d <= 0 and (not rivalry or not (behind(state, dfn, att) or ch["blocked"])):
                self._gain_power(state, att, 1, "unopposed")
                if state["over"]:
                    return
            if rivalry and leads_over(state, dfn, att):
                self._gain_power(state, att, 1, "bounty")
                if state["over"]:
                    return
            n = claim(state, att)
            loser = state["players"][dfn]
            if ch["kind"] == "M":
                n = min(n, len(loser["chars"]))
                if n >= len(loser["chars"]):
                    for inst in list(loser["chars"]):
                        self._kill(state, dfn, inst, "claim")
                elif n > 0:
                    ch["kills"] = n
                    state["stage"] = "claim"
                    state["seat"] = dfn
                    return
            elif ch["kind"] == "I":
                for _ in range(min(n, len(loser["hand"]))):
                    hand = loser["hand"][:]
                    cid = hand.pop(rng.randbelow(len(hand)))
                    loser["hand"] = hand
                    add_to(loser, "discard", [cid])
                    log(state, "discarded", seat=dfn, card=cid, why="claim")
            else:
                n = min(n, loser["power"])
                if n:
                    loser["power"] -= n
                    log(state, "power_moved", seat=att, source=dfn, n=n)
                    self._gain_power(state, att, n, "claim")
                    if state["over"]:
                        return
        self._after_claim(state, rng)

    def _after_claim(self, state: dict, rng) -> None:
        """Keywords after the claim: renown, insight (winning side), then intimidate."""
        ch = state["ch"]
        winner = ch["winner"]
        if winner is not None:
            side = ch["attackers"] if winner == ch["attacker"] else ch["defenders"]
            for inst in list(state["players"][winner]["chars"]):
                if inst["uid"] not in side:
                    continue
                kws = keywords_of(inst)
                if "renown" in kws:
                    self._gain_power(state, winner, 1, "renown", inst)
                    if state["over"]:
                        return
                if "insight" in kws:
                    self._draw(state, winner, 1, "insight")
            if winner == ch["attacker"] and self._intimidate_targets(state):
                state["stage"] = "intimidate"
                state["seat"] = ch["attacker"]
                return
        self._reaction_start(state, rng)

    def _intimidate_targets(self, state: dict) -> list[int]:
        ch = state["ch"]
        att = state["players"][ch["attacker"]]
        for i in att["chars"]:
            if i["uid"] in ch["attackers"] and "intimidate" in keywords_of(i):
                break
        else:  # (no attacker has Intimidate)
            return []
        margin = ch["a"] - ch["d"]
        return [i["uid"] for i in state["players"][ch["defender"]]["chars"]
                if not i["knelt"] and base_str(i) <= margin]

    def _reaction_start(self, state: dict, rng) -> None:
        ch = state["ch"]
        if ch["winner"] == ch["attacker"] and self._may_respond(state, ch["attacker"], "reaction"):
            state["stage"] = "reaction"
            state["seat"] = ch["attacker"]
            return
        self._challenges_prompt(state, rng)

    # ------------------------------------------------------------------ contract hooks
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
            out = self._marshal_actions(state, seat)
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
            out = self._ability_actions(state, seat)
            out += self._challenge_actions(state)
            out.append({"type": "end_challenges"})
            return out
        if stage == "defenders":
            out = [{"type": "defender", "card": c["uid"]} for c in self._eligible_defenders(state)]
            out.append({"type": "defenders_done"})
            return out
        if stage == "plot":
            return plot_actions(p)
        if stage == "reserve":
            return [{"type": "discard", "card": cid} for cid in sorted(set(p["hand"]))]
        if stage == "window":
            return self._event_actions(state, seat, "challenge") + [{"type": "pass"}]
        if stage == "setup":
            spent = self._setup_spent(p)
            out = []
            for cid in sorted(set(p["hand"])):
                if self._can_place(p, cid, spent):
                    out.append({"type": "place", "card": cid})
            out.append({"type": "place_done"})
            return out
        if stage == "claim":
            return [{"type": "kill", "card": c["uid"]} for c in p["chars"]]
        if stage == "reaction":
            return self._event_actions(state, seat, "reaction") + [{"type": "pass"}]
        if stage == "stealth":
            return [{"type": "stealth", "target": c["uid"]} for c in self._eligible_defenders(state)
                    if "stealth" not in keywords_of(c)] + [{"type": "stealth_none"}]
        if stage == "intimidate":
            return [{"type": "intimidate", "target": u} for u in self._intimidate_targets(state)] \
                + [{"type": "intimidate_none"}]
        if stage == "mulligan":
            return [{"type": "keep"}, {"type": "mulligan"}]
        if stage == "agenda":
            return agenda_actions()
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
                return match_target(action, cid, self._effect_targets(state, seat, c["effects"]))
            if kind != "marshal" or c["type"] == "event" or not self._may_marshal(p, cid, self._marshal_rebate(p)):
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
                    return match_target(action, cid, self._effect_targets(state, seat, c["effects"]) or [])
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
                    or not self._event_fits(state, seat, cid, window):
                return None
            return match_target(action, cid, self._effect_targets(state, seat, CARDS[cid]["effects"]))
        if stage == "setup":
            if kind == "place" and len(action) == 2 and type(cid) is str and cid in p["hand"] \
                    and self._can_place(p, cid):
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

    def _marshal_actions(self, state: dict, seat: int) -> list[dict]:
        p = state["players"][seat]
        gold = p["gold"]
        rebate = self._marshal_rebate(p)
        out = []
        for cid in sorted(set(p["hand"])):
            facts = MARSHAL_FACTS[cid]
            if facts[1] - rebate > gold:  # (nothing costs less than its printed cost minus every rebate there is)
                continue
            kind = facts[0]
            if kind == "event":
                if EVENT_WINDOW[cid] == "marshal":
                    out += self._event_actions_for(state, seat, cid)
            elif self._may_marshal(p, cid, rebate):
                if kind == "attachment":  # on one of the player's characters
                    out += [{"type": "marshal", "card": cid, "target": i["uid"]} for i in p["chars"]]
                else:
                    out.append({"type": "marshal", "card": cid})
        return out

    def _marshal_rebate(self, p: dict) -> int:
        """The most any card's cost can drop now: the agenda's discount and every standing reducer."""
        rebate = agenda_rules(p).get("house_char_discount", 0)
        for loc in p["locs"]:
            if not loc["knelt"] and loc["cid"] in REDUCERS:
                rebate += 1
        return rebate

    def _may_marshal(self, p: dict, cid: str, rebate: int) -> bool:
        """Whether player ``p`` may marshal ``cid`` (not an event) now (``rebate``: see _marshal_rebate)."""
        kind, cost, house, loyal, unique, limited = MARSHAL_FACTS[cid]
        gold = p["gold"]
        # nothing costs less than its printed cost minus every rebate there is
        if cost - rebate > gold:
            return False
        if loyal and house != p["house"]:  # (loyal_ok)
            return False
        if unique and unique_blocked(p, cid):
            return False
        if limited and kind in p["limited"]:  # one Limited card per card type
            return False
        if kind == "character" and house == "neutral" and p["agenda"] and agenda_rules(p).get("no_neutral_characters"):
            return False
        # affordable at full price, it is affordable: only a close call needs the exact cost
        # (the penalty only for a card of another House)
        if house != "neutral" and house != p["house"]:
            cost += penalty(p, cid)
        return cost <= gold or marshal_cost(p, cid)[0] <= gold

    def _event_actions_for(self, state: dict, seat: int, cid: str) -> list[dict]:
        p = state["players"][seat]
        c = CARDS[cid]
        if not loyal_ok(p, cid) or event_cost(p, cid) > p["gold"]:
            return []
        targets = self._effect_targets(state, seat, c["effects"])
        if targets is None:
            return [{"type": "event", "card": cid}]
        return [{"type": "event", "card": cid, "target": t} for t in targets]

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
        # (the game is not over: legality was checked) one method per kind of action
        ACTION_METHODS[action["type"]](self, state, state["seat"], action, rng)
        if state["over"]:
            state.update(stage="over", seat=None, pending=None)

    # ------------------------------------------------------------------ actions, one method each
    def _on_marshal(self, state: dict, seat: int, action: dict, rng) -> None:
        p = state["players"][seat]
        cid = action["card"]
        c = CARDS[cid]
        cost, reducers, discount = marshal_cost(p, cid)
        kneel_cards(p, reducers, "locs")
        if discount:
            p["discount_used"] = True
        if c["limited"]:
            add_to(p, "limited", [c["type"]])
        p["gold"] -= cost
        take_from(p, "hand", cid)
        if c["type"] == "attachment":
            s, host, zone = find_inst(state, action["target"])
            host = change_card(state["players"][s], zone, host, atts=host["atts"] + [cid])
            log(state, "marshal", seat=seat, card=cid, cost=cost, target=host["cid"])
        else:
            put_in_play(p, new_inst(state, cid))
            log(state, "marshal", seat=seat, card=cid, cost=cost, target=None)

    def _on_event(self, state: dict, seat: int, action: dict, rng) -> None:
        cid = action["card"]
        stage = state["stage"]
        self._pay_event(state, seat, cid)
        log(state, "event", seat=seat, card=cid, target=self._cid_of(state, action.get("target")))
        self._run_effects(state, seat, CARDS[cid]["effects"], action.get("target"), rng)
        if state["over"]:
            return
        if stage == "window":
            state["ch"]["passes"] = 0
            ch = state["ch"]
            ch["window_seat"] = ch["defender"] if seat == ch["attacker"] else ch["attacker"]
            self._window_next(state, rng)
        elif stage == "reaction":
            self._reaction_start(state, rng)

    def _on_end_marshal(self, state: dict, seat: int, action: dict, rng) -> None:
        self._challenges_prompt(state, rng)

    def _on_ability(self, state: dict, seat: int, action: dict, rng) -> None:
        _, loc, _ = find_inst(state, action["card"])
        loc = change_card(state["players"][seat], "locs", loc, knelt=True)
        log(state, "ability", seat=seat, card=loc["cid"], target=self._cid_of(state, action["target"]))
        self._run_effects(state, seat, CARDS[loc["cid"]]["effects"], action["target"], rng)
        self._challenges_prompt(state, rng)

    def _on_challenge(self, state: dict, seat: int, action: dict, rng) -> None:
        state["ch_started"] = True
        state["ch_done"] = state["ch_done"] + [action["kind"]]  # (a new list: see _copy_state)
        state["ch"] = {"kind": action["kind"], "attacker": seat, "defender": action["opponent"],
                       "attackers": [], "defenders": [], "blocked": [], "stealth": [],
                       "bonus": {}, "window_seat": seat, "passes": 0, "a": 0, "d": 0,
                       "winner": None, "kills": 0}
        state["stage"] = "attackers"
        state["seat"] = seat
        eligible = self._eligible_attackers(state, seat, action["kind"])
        if len(eligible) == 1:  # a challenge needs an attacker: the only one attacks
            state["ch"]["attackers"] = [eligible[0]["uid"]]
            self._attackers_done(state, rng)

    def _on_attacker(self, state: dict, seat: int, action: dict, rng) -> None:
        ch = state["ch"]
        ch["attackers"] = ch["attackers"] + [action["card"]]  # (new lists: see _copy_state)
        if not any_ready(state["players"][seat]["chars"], ch["kind"], ch["attackers"]):
            self._attackers_done(state, rng)

    def _on_attackers_done(self, state: dict, seat: int, action: dict, rng) -> None:
        self._attackers_done(state, rng)

    def _on_stealth(self, state: dict, seat: int, action: dict, rng) -> None:
        """"stealth" (keep a defender out) or "stealth_none", for the first attacker with Stealth."""
        ch = state["ch"]
        uid = ch["stealth"][0]
        ch["stealth"] = ch["stealth"][1:]  # (new lists: see _copy_state)
        if action["type"] == "stealth":
            ch["blocked"] = ch["blocked"] + [action["target"]]
            log(state, "stealth", seat=seat, card=self._cid_of(state, uid),
                target=self._cid_of(state, action["target"]))
        self._stealth_next(state, rng)

    def _on_defender(self, state: dict, seat: int, action: dict, rng) -> None:
        ch = state["ch"]
        ch["defenders"] = ch["defenders"] + [action["card"]]  # (new lists: see _copy_state)
        if not any_ready(state["players"][ch["defender"]]["chars"], ch["kind"], ch["defenders"] + ch["blocked"]):
            self._defenders_done(state, rng)

    def _on_defenders_done(self, state: dict, seat: int, action: dict, rng) -> None:
        self._defenders_done(state, rng)

    def _on_pass(self, state: dict, seat: int, action: dict, rng) -> None:
        if state["stage"] == "window":
            self._window_pass(state)
            self._window_next(state, rng)
        else:  # (the reaction window)
            self._challenges_prompt(state, rng)

    def _on_kill(self, state: dict, seat: int, action: dict, rng) -> None:
        ch = state["ch"]
        p = state["players"][seat]
        _, inst, _ = find_inst(state, action["card"])
        self._kill(state, seat, inst, "claim")
        ch["kills"] -= 1
        if ch["kills"] > 0 and len(p["chars"]) > ch["kills"]:
            return
        for inst in list(p["chars"]) if ch["kills"] > 0 else []:
            self._kill(state, seat, inst, "claim")
        ch["kills"] = 0
        self._after_claim(state, rng)

    def _on_intimidate(self, state: dict, seat: int, action: dict, rng) -> None:
        """"intimidate" (kneel a defender's character) or "intimidate_none"."""
        if action["type"] == "intimidate":
            s, inst, zone = find_inst(state, action["target"])
            change_card(state["players"][s], zone, inst, knelt=True)
            log(state, "intimidated", seat=s, card=inst["cid"])
        self._reaction_start(state, rng)

    def _on_end_challenges(self, state: dict, seat: int, action: dict, rng) -> None:
        log(state, "challenges_over", seat=seat)
        self._end_turn(state, rng)

    def _on_discard(self, state: dict, seat: int, action: dict, rng) -> None:
        """A discard down to the reserve (a discard after an effect is a pending decision)."""
        p = state["players"][seat]
        take_from(p, "hand", action["card"])
        add_to(p, "discard", [action["card"]])
        log(state, "discarded", seat=seat, card=action["card"], why="reserve")
        self._reserve_step(state, rng)

    def _on_mulligan(self, state: dict, seat: int, action: dict, rng) -> None:
        """"mulligan" (draw a new hand) or "keep"."""
        p = state["players"][seat]
        if action["type"] == "mulligan":
            cards = p["hand"]
            p["hand"] = []
            p["deck"] = p["deck"] + cards
            if not state["fixed"]["no_shuffle"]:
                rng.shuffle(p["deck"])
            log(state, "mulligan", seat=seat)
            self._draw(state, seat, C.HAND_SIZE)
        else:
            log(state, "keep", seat=seat)
        self._setup_next(state, seat, 1, rng)

    def _on_agenda(self, state: dict, seat: int, action: dict, rng) -> None:
        state["players"][seat]["agenda"] = action["agenda"]
        log(state, "agenda_chosen", seat=seat)
        self._setup_next(state, seat, 2, rng)

    def _on_place(self, state: dict, seat: int, action: dict, rng) -> None:
        p = state["players"][seat]
        take_from(p, "hand", action["card"])
        add_to(p, "facedown", [action["card"]])

    def _on_place_done(self, state: dict, seat: int, action: dict, rng) -> None:
        p = state["players"][seat]
        p["placed"] = True
        log(state, "placed", seat=seat, n=len(p["facedown"]))
        self._setup_next(state, seat + 1, 0, rng)

    def _on_plot(self, state: dict, seat: int, action: dict, rng) -> None:
        state["players"][seat]["choice"] = action["plot"]
        log(state, "plot_picked", to=[seat], seat=seat, plot=action["plot"])
        self._plot_next(state, seat + 1, rng)

    def _on_first_player(self, state: dict, seat: int, action: dict, rng) -> None:
        live = state["order"]
        first = action["seat"]
        ordered = sorted(live)
        order = ordered[ordered.index(first):] + ordered[:ordered.index(first)]
        log(state, "first_player", seat=seat, first=first)
        self._start_round_turns(state, order, rng)

    def _cid_of(self, state: dict, uid) -> str | None:
        if uid is None:
            return None
        _, inst, _ = find_inst(state, uid)
        return inst["cid"] if inst else None

    def _attackers_done(self, state: dict, rng) -> None:
        ch = state["ch"]
        p = state["players"][ch["attacker"]]
        attackers = kneel_cards(p, ch["attackers"])
        ch["stealth"] = [i["uid"] for i in attackers if "stealth" in keywords_of(i)]
        log(state, "challenge", seat=ch["attacker"], kind=ch["kind"], opponent=ch["defender"],
            cards=[i["cid"] for i in attackers])
        self._stealth_next(state, rng)

    # ------------------------------------------------------------------ views
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
                if self._can_place(probe, cid):
                    probe["facedown"].append(cid)
            if len(probe["facedown"]) == count:
                return probe["facedown"]
        return cards[:count]

    # ------------------------------------------------------------------ scores
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
                return f"{_card_name(cid)} is not in your hand"
            c = card(cid)
            if not loyal_ok(p, cid):
                return f"{_card_name(cid)} is loyal to its House: only a player of that House may play it"
            if kind == "event":
                if c["type"] != "event":
                    return f"{_card_name(cid)} is not an event"
                window = {"marshal": "marshal", "window": "challenge", "reaction": "reaction"}.get(state["stage"])
                if c["window"] != window:
                    return f"{_card_name(cid)} is played in the {c['window']} window, not now"
                if event_cost(p, cid) > p["gold"]:
                    return f"{_card_name(cid)} costs {event_cost(p, cid)} gold and you have {p['gold']}"
                return "that event cannot be played like this now (its target, or its condition)"
            if kind == "marshal":
                if c["type"] == "event":
                    return f"{_card_name(cid)} is an event: play it, do not marshal it"
                cost, _, _ = marshal_cost(p, cid)
                if cost > p["gold"]:
                    extra = f" (including {penalty(p, cid)} for a card of another House)" if penalty(p, cid) else ""
                    return f"{_card_name(cid)} costs {cost} gold{extra} and you have {p['gold']}"
                if unique_blocked(p, cid):
                    return f"{_card_name(cid)} is unique and already in play (or dead)"
                if c["limited"] and p["limited"]:
                    return "you have already marshalled a limited card this round"
                agenda = agenda_rules(p)
                if c["type"] == "character" and c["house"] == "neutral" and agenda.get("no_neutral_characters"):
                    return "your agenda forbids neutral characters"
                if c["type"] == "attachment":
                    return f"{_card_name(cid)} is an attachment: its target must be one of your characters"
                return f"{_card_name(cid)} is not an attachment: it takes no target"
            if kind == "place":
                spent, _ = self._setup_spent(p)
                price = c["cost"] + penalty(p, cid)
                if c["type"] not in ("character", "location"):
                    return "only characters and locations are placed during setup"
                if spent + price > C.SETUP_GOLD:
                    return (f"{_card_name(cid)} costs {price} gold and {C.SETUP_GOLD - spent} "
                            f"of the {C.SETUP_GOLD} setup gold are left")
                return "at most one limited card and one copy of a unique card may be placed"
            return None
        if kind in ("attacker", "defender", "kill"):
            uid = action.get("card")
            owner, inst, _ = find_inst(state, uid) if isinstance(uid, int) and not isinstance(uid, bool) \
                else (None, None, None)
            if inst is None:
                return f"there is no card with id {uid!r} in play"
            name = _card_name(inst["cid"])
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
            if action.get("kind") in KINDS and not self._eligible_attackers(state, seat, action["kind"]):
                return f"none of your standing characters has the {action['kind']} icon"
            return "challenge a player still in the game, with kind M, I or P"
        return None

    def _check_state(self, state: dict) -> None:
        need = set(PUBLIC_KEYS) | {"players", "log"}
        if not need <= set(state) or len(state["players"]) != state["num_players"]:
            raise RecordError("the saved state is damaged")


def _card_name(cid: str) -> str:
    """A card's English name and id, for messages."""
    return f"{CARDS[cid]['name']['en']} ({cid})"


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


#: the method of HousesGame that carries out each kind of action, by its "type" (the pending
#: discard after an effect aside: ``_apply``)
ACTION_METHODS = {
    "marshal": HousesGame._on_marshal,
    "event": HousesGame._on_event,
    "end_marshal": HousesGame._on_end_marshal,
    "ability": HousesGame._on_ability,
    "challenge": HousesGame._on_challenge,
    "attacker": HousesGame._on_attacker,
    "attackers_done": HousesGame._on_attackers_done,
    "stealth": HousesGame._on_stealth,
    "stealth_none": HousesGame._on_stealth,
    "defender": HousesGame._on_defender,
    "defenders_done": HousesGame._on_defenders_done,
    "pass": HousesGame._on_pass,
    "kill": HousesGame._on_kill,
    "intimidate": HousesGame._on_intimidate,
    "intimidate_none": HousesGame._on_intimidate,
    "end_challenges": HousesGame._on_end_challenges,
    "discard": HousesGame._on_discard,
    "keep": HousesGame._on_mulligan,
    "mulligan": HousesGame._on_mulligan,
    "agenda": HousesGame._on_agenda,
    "place": HousesGame._on_place,
    "place_done": HousesGame._on_place_done,
    "plot": HousesGame._on_plot,
    "first_player": HousesGame._on_first_player,
}

GAME = HousesGame()
