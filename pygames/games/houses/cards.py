"""Great Houses: the card pool as plain data (no logic).

An ORIGINAL pool (names, numbers and texts are ours): four Houses, neutral
cards, a standard plot deck, three agendas and a 40-card starter deck per
House. The rules engine (rules.py) interprets these tables; text.py turns the
same data into card texts in English and Japanese.

Card fields
    name        {"en", "ja"}
    house       vorhelm | miravelle | ombrine | solmere | neutral
    type        character | location | attachment | event
    cost        gold
    str         strength (characters)
    icons       "M" military, "I" intrigue, "P" power (characters)
    kw          keywords: renown stealth insight intimidate vanguard bulwark
    unique      one copy in play per player (by card); a dead unique character stays dead
    loyal       only a player of this House may marshal or play it
    limited     at most one Limited card of each card type per turn (and in setup)
    rivalry     {players: {"icons": "P"}, {"kw": [...]} or {"lose_kw": [...]}}: what a character
                gains (icons, keywords) or loses (printed keywords) in a game begun with that many
                players (3 or 4) and the Rivalry option (rules §3.4), printed as its Rivalry line
    income      +N income (in play)
    reserve     +N reserve (in play)
    dominance   counts as N STR for its controller in dominance
    reducer     House: kneel to make the next card of that House you marshal cost 1 less
    anthem      {"kind", "role", "house", "n"}: +n STR to your participating characters
                of that House in challenges of that kind and role
    att         attachment: {"str": n, "icon": X, "kw": keyword}
    window      event timing: marshal | challenge | reaction | challenges_start (location ability)
    role        challenge window: attacker | defender
    kind        reaction events: the challenge kind (M/I/P) you must have won as the attacker
    effects     list of {"do": verb, ...}: gold n, draw n, discard_choice n, kneel target,
                kill target, pump n target, pump_all n, power n, move_power n
    target      filter: {"owner": opponent|loser|self, "standing": bool, "knelt": bool,
                "max_str": n, "defending": bool}
"""

from __future__ import annotations

from typing import Any

HOUSES = ("vorhelm", "miravelle", "ombrine", "solmere")

HOUSE_NAMES = {
    "vorhelm": {"en": "Vorhelm", "ja": "ヴォルヘルム家"},
    "miravelle": {"en": "Miravelle", "ja": "ミラヴェル家"},
    "ombrine": {"en": "Ombrine", "ja": "オンブリーヌ家"},
    "solmere": {"en": "Solmere", "ja": "ソルメア家"},
    "neutral": {"en": "Neutral", "ja": "中立"},
}

HOUSE_TITLES = {
    "vorhelm": {"en": "Vorhelm of the Iron Steppe", "ja": "鉄の草原のヴォルヘルム家"},
    "miravelle": {"en": "Miravelle of the Gilded Delta", "ja": "黄金の三角州のミラヴェル家"},
    "ombrine": {"en": "Ombrine of the Veiled Court", "ja": "帳の宮廷のオンブリーヌ家"},
    "solmere": {"en": "Solmere of the Dawn Keep", "ja": "暁の城砦のソルメア家"},
}


def _c(en: str, ja: str, house: str, cost: int, strength: int, icons: Any, kw: Any = (), unique: bool = False,
       loyal: bool = False, **extra: Any) -> dict[str, Any]:
    card = {"name": {"en": en, "ja": ja}, "house": house, "type": "character", "cost": cost,
            "str": strength, "icons": icons, "kw": list(kw), "unique": unique, "loyal": loyal,
            "limited": False}
    card.update(extra)
    return card


def _l(en: str, ja: str, house: str, cost: int, unique: bool = False, loyal: bool = False, limited: bool = False,
       **extra: Any) -> dict[str, Any]:
    card = {"name": {"en": en, "ja": ja}, "house": house, "type": "location", "cost": cost,
            "unique": unique, "loyal": loyal, "limited": limited}
    card.update(extra)
    return card


def _a(en: str, ja: str, house: str, cost: int, att: Any, loyal: bool = False) -> dict[str, Any]:
    return {"name": {"en": en, "ja": ja}, "house": house, "type": "attachment", "cost": cost,
            "unique": False, "loyal": loyal, "limited": False, "att": att}


def _e(en: str, ja: str, house: str, cost: int, window: Any, effects: Any, loyal: bool = False,
       **extra: Any) -> dict[str, Any]:
    card = {"name": {"en": en, "ja": ja}, "house": house, "type": "event", "cost": cost,
            "unique": False, "loyal": loyal, "limited": False, "window": window,
            "effects": effects}
    card.update(extra)
    return card


CARDS: dict[str, dict[str, Any]] = {
    # ------------------------------------------------------------ Vorhelm: military
    "V01": _c("Steppe Outrider", "草原の斥候", "vorhelm", 1, 1, "MI"),
    "V02": _c("Vorhelm Banner-Bearer", "ヴォルヘルムの旗手", "vorhelm", 2, 2, "P"),
    "V03": _c("Horse-Clan Raider", "騎馬氏族の略奪者", "vorhelm", 2, 2, "M", ["vanguard"]),
    "V04": _c("War-Drum Herald", "戦太鼓の伝令", "vorhelm", 3, 3, "IP"),
    "V05": _c("Steppe Lancer", "草原の槍騎兵", "vorhelm", 3, 3, "M"),
    "V06": _c("Iron Steppe Warband", "鉄の草原の戦隊", "vorhelm", 4, 4, "MP"),
    "V07": _c("Siegebreaker", "城壁砕き", "vorhelm", 5, 4, "M", ["vanguard"]),
    "V08": _c("Kestrin the Red Banner", "赤旗のケストリン", "vorhelm", 4, 3, "MI", ["renown"],
              unique=True, loyal=True),
    "V09": _c("Drashka, Warlord of the Steppe", "草原の戦王ドラシュカ", "vorhelm", 6, 4, "MP",
              ["renown", "intimidate"], unique=True, loyal=True),
    "V10": _l("Tarmun Horse-Fair", "タルムンの馬市", "vorhelm", 0, limited=True, reducer="vorhelm"),
    "V11": _l("Vorhelm War Camp", "ヴォルヘルムの陣営", "vorhelm", 3, unique=True, loyal=True,
              anthem={"kind": "M", "role": "attacker", "house": "vorhelm", "n": 1}),
    "V12": _a("Steppe Warhorse", "草原の軍馬", "vorhelm", 1, {"str": 1, "icon": "M"}),
    "V13": _e("Battle Cry", "鬨の声", "vorhelm", 1, "challenge",
              [{"do": "pump_all", "n": 1}], loyal=True, role="attacker"),
    "V14": _e("Victor's Share", "勝者の取り分", "vorhelm", 0, "reaction",
              [{"do": "draw", "n": 1}], kind="M"),
    # ------------------------------------------------------------ Miravelle: gold, insight
    "R01": _c("Delta Watchman", "三角州の夜警", "miravelle", 1, 1, "MI"),
    "R02": _c("Canal Broker", "運河の仲買人", "miravelle", 2, 1, "IP", ["insight"],
              rivalry={4: {"kw": ["bulwark"]}}),
    "R03": _c("Gilded Sentry", "金飾りの歩哨", "miravelle", 2, 2, "M", ["bulwark"]),
    "R04": _c("Guild Factor", "ギルドの代理人", "miravelle", 3, 3, "IP"),
    "R05": _c("Hired Blades", "雇われ剣士", "miravelle", 3, 3, "M"),
    "R06": _c("Silver-Tongued Envoy", "弁舌の使節", "miravelle", 4, 3, "IP", ["insight"],
              rivalry={4: {"kw": ["renown"]}}),
    "R07": _c("Harbor Marshal", "港湾司令", "miravelle", 4, 3, "MIP"),
    "R08": _c("Tobren the Coinmaster", "金庫番トブレン", "miravelle", 3, 2, "I",
              unique=True, loyal=True, income=1),
    "R09": _c("Ysolde, Merchant-Princess", "商人姫イゾルデ", "miravelle", 6, 4, "IP",
              ["insight", "renown"], unique=True, loyal=True),
    "R10": _l("Delta Counting-House", "三角州の勘定所", "miravelle", 0, limited=True,
              reducer="miravelle"),
    "R11": _l("The Gilded Bourse", "黄金の取引所", "miravelle", 3, unique=True, loyal=True, income=2),
    "R12": _a("Purse of Favors", "恩義の財布", "miravelle", 1, {"str": 1, "icon": "I"}),
    "R13": _e("Calling in Debts", "貸しの取り立て", "miravelle", 0, "marshal",
              [{"do": "gold", "n": 2}], loyal=True),
    "R14": _e("Leverage", "弱みの握り", "miravelle", 1, "reaction",
              [{"do": "move_power", "n": 1}], kind="I"),
    # ------------------------------------------------------------ Ombrine: stealth, kneeling
    "O01": _c("Lamplighter Spy", "灯火番の密偵", "ombrine", 1, 1, "I"),
    "O02": _c("Moth-Court Knife", "蛾の宮廷の刃", "ombrine", 2, 2, "M", ["stealth"]),
    "O03": _c("Dusk Acolyte", "黄昏の侍祭", "ombrine", 2, 2, "IP", ["renown"]),
    "O04": _c("Silent Watcher", "沈黙の監視者", "ombrine", 3, 3, "MI",
              rivalry={3: {"kw": ["insight"]}, 4: {"icons": "P"}}),
    "O05": _c("Shroud-Blade", "帳の刃", "ombrine", 3, 3, "MP", ["stealth"]),
    "O06": _c("Court Poisoner", "宮廷の毒師", "ombrine", 4, 3, "MI", ["stealth"],
              rivalry={4: {"lose_kw": ["stealth"]}}),
    "O07": _c("Masked Envoy", "仮面の使節", "ombrine", 4, 3, "IP"),
    "O08": _c("Ashvi of the Thousand Veils", "千の帳のアシュヴィ", "ombrine", 5, 4, "IP",
              ["stealth", "insight"], unique=True, loyal=True),
    "O09": _c("The Pale Regent", "蒼白の摂政", "ombrine", 6, 5, "MIP", ["stealth"],
              unique=True, loyal=True),
    "O10": _l("Moth Gardens", "蛾の庭園", "ombrine", 0, limited=True, reducer="ombrine"),
    "O11": _l("Whispering Gallery", "囁きの回廊", "ombrine", 3, unique=True, loyal=True,
              window="challenges_start",
              effects=[{"do": "kneel", "target": {"owner": "opponent", "standing": True,
                                                  "max_str": 2}}]),
    "O12": _a("Moth-Silk Cloak", "蛾絹の外套", "ombrine", 1, {"kw": "stealth"}),
    "O13": _e("Lullaby Wine", "子守唄の葡萄酒", "ombrine", 2, "marshal",
              [{"do": "kneel", "target": {"owner": "opponent", "standing": True}}], loyal=True),
    "O14": _e("Cup of Nightshade", "毒杯", "ombrine", 2, "reaction",
              [{"do": "kill", "target": {"owner": "loser", "knelt": True, "max_str": 2}}], kind="I"),
    # ------------------------------------------------------------ Solmere: renown, defence
    "D01": _c("Dawn Keep Squire", "暁の砦の従士", "solmere", 1, 1, "P"),
    "D02": _c("Lantern Warden", "灯火の番人", "solmere", 2, 2, "MP"),
    "D03": _c("Sunward Cleric", "陽向きの司祭", "solmere", 2, 1, "IP"),
    "D04": _c("Shield of the Dawn", "暁の盾", "solmere", 3, 3, "M", ["bulwark"]),
    "D05": _c("Dawn Crier", "暁の触れ役", "solmere", 3, 2, "P", ["renown"]),
    "D06": _c("Keeper of Vows", "誓約の守り手", "solmere", 4, 3, "MP"),
    "D07": _c("Dawnlit Knight", "曙光の騎士", "solmere", 5, 3, "MP", ["renown"],
              rivalry={4: {"lose_kw": ["renown"]}}),
    "D08": _c("Tamsin the Lightbearer", "灯をかかげるタムシン", "solmere", 4, 2, "IP",
              ["renown", "insight"], unique=True, loyal=True),
    "D09": _c("Caelis, High Lady of Solmere", "ソルメアの大公妃ケイリス", "solmere", 7, 5, "MIP",
              ["renown"], unique=True, loyal=True),
    "D10": _l("Dawn Chapel", "暁の礼拝堂", "solmere", 0, limited=True, reducer="solmere"),
    "D11": _l("Dawnfire Beacon", "暁火の烽火台", "solmere", 3, unique=True, loyal=True, dominance=2),
    "D12": _a("Vowed Banner", "誓いの軍旗", "solmere", 1, {"str": 1, "icon": "P"}),
    "D13": _e("Dawn's Vigil", "暁の寝ずの番", "solmere", 1, "challenge",
              [{"do": "pump_all", "n": 1}], loyal=True, role="defender"),
    "D14": _e("Proclamation of Glory", "栄光の布告", "solmere", 2, "reaction",
              [{"do": "power", "n": 1}], kind="P"),
    # ------------------------------------------------------------ Neutral
    "N01": _l("Market Town", "市場町", "neutral", 1, limited=True, income=1),
    "N02": _l("Royal Granary", "王家の穀倉", "neutral", 2, unique=True, income=1, reserve=1),
    "N03": _l("Seat of the Council", "評議の座", "neutral", 3, unique=True, dominance=3),
    "N04": _c("Wandering Mercenary", "流れの傭兵", "neutral", 3, 1, "MIP"),
    "N05": _c("Roving Captain", "遍歴の隊長", "neutral", 4, 3, "MP"),
    "N06": _c("Court Scribe", "宮廷書記", "neutral", 2, 1, "I", ["insight"]),
    "N07": _a("Tempered Blade", "鍛えられた刃", "neutral", 1, {"str": 1, "icon": "M"}),
    "N08": _a("Signet of Favor", "寵愛の印章", "neutral", 2, {"kw": "renown"}),
    "N09": _e("Desperate Stand", "決死の防戦", "neutral", 1, "challenge",
              [{"do": "pump", "n": 3, "target": {"owner": "self", "defending": True}}],
              role="defender"),
    "N10": _e("Two-Faced Bargain", "二枚舌の取引", "neutral", 1, "marshal",
              [{"do": "draw", "n": 2}, {"do": "discard_choice", "n": 1}]),
    # a Limited character: with Market Town it makes "one Limited card per card type" matter
    "N11": _c("Village Levy", "村の徴募兵", "neutral", 1, 2, "M", limited=True),
}

KEYWORDS = ("renown", "stealth", "insight", "intimidate", "vanguard", "bulwark")

# Plot cards: income, initiative, claim, reserve, optional when-revealed effects.
PLOTS: dict[str, dict[str, Any]] = {
    "P1": {"name": {"en": "Muster of Vassals", "ja": "家臣の参集"},
           "income": 5, "initiative": 2, "claim": 1, "reserve": 6},
    "P2": {"name": {"en": "Swift Riders", "ja": "早馬"},
           "income": 3, "initiative": 8, "claim": 1, "reserve": 5},
    "P3": {"name": {"en": "Open War", "ja": "全面戦争"},
           "income": 3, "initiative": 4, "claim": 2, "reserve": 5},
    "P4": {"name": {"en": "Council of Lords", "ja": "諸侯会議"},
           "income": 4, "initiative": 4, "claim": 1, "reserve": 7},
    "P5": {"name": {"en": "Harvest Tithe", "ja": "収穫の十分の一税"},
           "income": 6, "initiative": 0, "claim": 1, "reserve": 6},
    "P6": {"name": {"en": "Ambush at the Ford", "ja": "浅瀬の伏兵"},
           "income": 3, "initiative": 5, "claim": 2, "reserve": 4},
    "P7": {"name": {"en": "Gathered Tidings", "ja": "集まる便り"},
           "income": 4, "initiative": 3, "claim": 1, "reserve": 6,
           "revealed": [{"do": "draw", "n": 1}]},
}

STANDARD_PLOTS = ["P1", "P2", "P3", "P4", "P5", "P6", "P7"]

# Agendas (optional, lobby option "agendas"): each seat may reveal one in setup.
AGENDAS: dict[str, dict[str, Any]] = {
    "undivided": {"name": {"en": "Undivided House", "ja": "一枚岩の家"},
                  "house_char_discount": 1, "no_neutral_characters": True},
    "banners": {"name": {"en": "Pact of Banners", "ja": "旗の盟約"},
                "out_of_house_penalty": 1},
    "hoard": {"name": {"en": "Hoarded Coin", "ja": "蓄えた金貨"},
              "keep_gold": 2, "reserve": -1},
}

NEUTRAL_PACKAGE = {"N01": 3, "N02": 1, "N04": 1, "N05": 1, "N06": 2, "N07": 1, "N08": 1,
                   "N09": 1, "N10": 1, "N11": 1}

HOUSE_PACKAGES = {
    "vorhelm": {"V01": 3, "V02": 3, "V03": 3, "V04": 2, "V05": 2, "V06": 2, "V07": 2,
                "V08": 1, "V09": 1, "V10": 2, "V11": 1, "V12": 2, "V13": 1, "V14": 2},
    "miravelle": {"R01": 2, "R02": 3, "R03": 3, "R04": 3, "R05": 3, "R06": 1, "R07": 2,
                  "R08": 1, "R09": 1, "R10": 2, "R11": 1, "R12": 2, "R13": 2, "R14": 1},
    "ombrine": {"O01": 3, "O02": 3, "O03": 2, "O04": 3, "O05": 2, "O06": 2, "O07": 2,
                "O08": 1, "O09": 1, "O10": 2, "O11": 1, "O12": 2, "O13": 2, "O14": 1},
    "solmere": {"D01": 3, "D02": 3, "D03": 2, "D04": 3, "D05": 2, "D06": 2, "D07": 2,
                "D08": 1, "D09": 1, "D10": 2, "D11": 1, "D12": 2, "D13": 2, "D14": 1},
}

# Rules numbers
SETUP_GOLD = 5
HAND_SIZE = 7
DRAW_PER_TURN = 2
OUT_OF_HOUSE_PENALTY = 2
