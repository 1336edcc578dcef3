"""Oriflamme card data: plain tables, no logic.

Every family (one per player) has one card of each of the ten kinds below.
Names follow the Japanese BGA help page (the seed) for ja.
"""

#: the ten kinds, in the standard order used for hands and listings
KINDS = ("archer", "soldier", "spy", "heir", "assassination", "decree",
         "lord", "shapeshifter", "ambush", "conspiracy")

#: cards discarded right after their ability is used (or, for Ambush, when revealed)
ONE_SHOT = ("assassination", "decree", "ambush", "conspiracy")

#: abilities that stay in the queue face up and act every round
CHARACTERS = ("archer", "soldier", "spy", "heir", "lord", "shapeshifter")

#: what a Shapeshifter may copy (an adjacent revealed card; copying another Shapeshifter is not allowed)
COPYABLE = ("archer", "soldier", "spy", "heir", "lord")

ROUNDS = 6
HAND_SIZE = 7
REMOVED = 3
START_INFLUENCE = 1
AMBUSH_BONUS = 4
HEIR_GAIN = 2

NAMES = {
    "archer": {"en": "Archer", "ja": "射手"},
    "soldier": {"en": "Soldier", "ja": "兵士"},
    "spy": {"en": "Spy", "ja": "密偵"},
    "heir": {"en": "Heir", "ja": "世継ぎ"},
    "assassination": {"en": "Assassination", "ja": "暗殺"},
    "decree": {"en": "Royal Decree", "ja": "勅命"},
    "lord": {"en": "Lord", "ja": "侯爵"},
    "shapeshifter": {"en": "Shapeshifter", "ja": "転身者"},
    "ambush": {"en": "Ambush", "ja": "待ち伏せ"},
    "conspiracy": {"en": "Conspiracy", "ja": "陰謀"},
}

TEXTS = {
    "archer": {
        "en": "Eliminate the first or the last card of the queue (even one of yours), then gain 1 influence.",
        "ja": "先頭もしくは最後尾のカードを1枚排除し、1影響点を得る。自分のカードしかない場合も排除する。",
    },
    "soldier": {
        "en": "Eliminate a card next to this one (even one of yours), then gain 1 influence.",
        "ja": "隣接するカードを1枚排除し、1影響点を得る。隣接カードが自分のカードしかない場合も排除する。",
    },
    "spy": {
        "en": "Steal 1 influence from the owner of a card next to this one (from the player, not from a card).",
        "ja": "隣接するカードの所有者のどちらかから1影響点を奪う（カード上ではなくプレイヤーから）。",
    },
    "heir": {
        "en": "Gain 2 influence if no other revealed card named Heir is in the queue.",
        "ja": "このカード以外に表向きの世継ぎが場になければ、2影響点を得る。",
    },
    "assassination": {
        "en": "Eliminate any card of the queue and gain 1 influence. Then discard this card.",
        "ja": "任意のカードを1枚排除し、1影響点を得る。その後、このカードを排除する（使い切り）。",
    },
    "decree": {
        "en": "Move a card of the queue anywhere (top cards only; never onto another player's card). "
              "Then discard this card.",
        "ja": "場のカード1枚を任意の位置へ移動する（スタックは一番上のみ。別のプレイヤーのカードの上には置けない）。"
              "その後、このカードを排除する（使い切り）。",
    },
    "lord": {
        "en": "Gain 1 influence, +1 for each card of your family next to this one (face up or down).",
        "ja": "1影響点を得る。左右に隣接する自分のカード1枚ごとに（表裏問わず）1影響点を追加で得る。",
    },
    "shapeshifter": {
        "en": "Copy the ability of a revealed card next to this one. Its name stays Shapeshifter.",
        "ja": "隣接する表向きのカードの能力をコピーする。カード名は転身者のまま。",
    },
    "ambush": {
        "en": "If another player's card eliminates it while face down: gain 4 influence and eliminate that card. "
              "If you reveal it: discard the influence on it, gain 1 and discard it.",
        "ja": "他プレイヤーの効果で排除された場合、4影響点を得て、排除しようとしたカードを排除する。"
              "自分で表にした場合、カード上の影響点を破棄して1影響点を得て、このカードを排除する。",
    },
    "conspiracy": {
        "en": "When revealed: gain twice the influence on it. Then discard this card.",
        "ja": "表にしたとき、カード上の影響点を2倍して獲得する。その後、このカードを排除する（使い切り）。",
    },
}

#: short ability tags for small screens
SHORT = {
    "archer": {"en": "first/last: eliminate +1", "ja": "端を排除 +1"},
    "soldier": {"en": "adjacent: eliminate +1", "ja": "隣を排除 +1"},
    "spy": {"en": "steal 1 from a neighbour", "ja": "隣の所有者から1奪う"},
    "heir": {"en": "+2 if the only Heir", "ja": "唯一の世継ぎなら+2"},
    "assassination": {"en": "eliminate any +1, discard", "ja": "任意を排除 +1・使い切り"},
    "decree": {"en": "move a card, discard", "ja": "カード移動・使い切り"},
    "lord": {"en": "+1, +1 per own neighbour", "ja": "+1、隣の自分のカード毎+1"},
    "shapeshifter": {"en": "copy a revealed neighbour", "ja": "隣の表向きをコピー"},
    "ambush": {"en": "hit: +4 & kill attacker", "ja": "排除されたら+4・反撃"},
    "conspiracy": {"en": "reveal: double the influence", "ja": "表にすると影響点2倍"},
}

#: owner colours (Okabe-Ito, colour-blind friendly) with a distinct emblem per seat
SEAT_COLOURS = ("#D55E00", "#0072B2", "#009E73", "#CC79A7", "#E69F00")
SEAT_EMBLEMS = ("circle", "square", "triangle", "diamond", "star")
