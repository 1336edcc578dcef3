"""Tournay card data: plain tables, no logic.

Every card says where it comes from (the source ids are those of the table
"Sources" in docs/rules/tournay.md, where each has its address):
- ``"src": "documented:<id>"``: the fact is in a public source (SEED = the
  Japanese Board Game Arena help page "Gamehelptournay" and its edit history,
  S1 = the English Board Game Arena help page "Gamehelptournay", S2 = the red
  card list of Spotlight on Games, S9 = the katz2019 review, S18 = the
  Gus & Co review, S24 = the review on hiewandboardgames.blogspot.com, ...);
- ``"src": "designed"``: our own design where no source was found (most level
  I/II cards and all 15 events), made to fit the seed;
- ``"src": "documented:S2+designed"`` and the like: a documented name or part,
  completed by design (``"note"`` says which part).

Effects are small dicts interpreted by effects.py (a few effect kinds, no code
per card). The kinds:

buildings (``"act"``, on activation by one citizen of the card's colour)
  gain {n}                      gain n deniers
  gain_per {what, base}         gain base (default 0) + 1 denier per visible card counted by ``what``
  draw {deck}                   take a card from that deck by the normal draw methods, without citizens
  recruit {colour, price}       pay price, take a citizen of colour ("any" = you choose) from the supply
  stand {colour, n}             stand up to n of your laid-down citizens of colour ("all": up to n of each)
  ballista {n}                  up to n events get one more denier and strike the other players
  counter_any {}                counter an event even if it has no denier yet (pay its cost + deniers on it)
  combat {}                     take an event with at least one denier on it as a rampart, paying nothing
  use_other {colour}            use the effect of another player's visible building of that colour
  calm {each}                   remove 1 denier from each event (each=True)
  calm_one {gain}               remove all deniers from one event (and gain them if gain)

characters (``"char"``, only while visible, for cards in the same row or column)
  on_place {what, n}            when you place a card counted by ``what`` there, gain n deniers
  on_activate {colour, n}       when you activate a building of that colour ("any": any) there, gain n deniers
  double {}                     buildings there may be activated a second time while occupied once
  bonus {what, pp}              at the end, pp prestige points per visible card counted by ``what`` there

``what`` selectors: "R"/"W"/"Y" (buildings and characters of that colour),
"bR"/"bW"/"bY" (buildings of that colour), "building" (any building),
"character", "prestige", "any" (any card), "bp" (a building or a prestige building).

prestige buildings (``"score"``): ``per`` is what is counted in the scoring
player's own district, ``b``/``nb`` the points per unit for its builder and for
every other player (each player scores each name once, at most 12 points).
"""

from __future__ import annotations

from typing import Any

COLOURS = ("R", "W", "Y")
LEVELS = (1, 2, 3)
DECKS = tuple(f"{c}{lv}" for c in COLOURS for lv in LEVELS)   # R1 R2 R3 W1 ... Y3
CARD_COST = {1: 1, 2: 3}            # deniers for level I / II cards (SEED)
HAND_LIMIT = 4                      # ramparts included (SEED, S3)
PRESTIGE_CAP = 12                   # per prestige building per player (SEED, S1)
QUEUE_SIZE = 3                      # face-up events (S7, S3)
BORROW_FEE = 2                      # deniers to the owner per citizen used (SEED)
EARN_PER_CITIZEN = 2                # earn deniers action (SEED)
BUY_CITIZEN_PRICE = 5               # advanced rules (SEED)

SETUP = {
    # rules: (citizens of each colour per player, deniers, supply per colour)
    "normal": {"citizens": 2, "deniers": 6, "supply": 3},       # SEED; supply 3: S3 (BGA)
    "advanced": {"citizens": 1, "deniers": 9, "supply": 5},     # SEED; supply 5: S14
}

COLOUR_NAMES = {
    "R": {"en": "red", "ja": "赤", "letter": "R", "domain_en": "military", "domain_ja": "軍事"},
    "W": {"en": "white", "ja": "白", "letter": "W", "domain_en": "religious", "domain_ja": "宗教"},
    "Y": {"en": "yellow", "ja": "黄", "letter": "Y", "domain_en": "civil", "domain_ja": "民間"},
}


def _c(colour: str, level: int, kind: str, name_en: str, name_ja: str, text_en: str, text_ja: str, src: str, *,
       copies: int = 1, pp: int | None = None, act: Any = None, char: Any = None, cost: Any = None,
       score: Any = None, note: str = "") -> dict:
    card: dict[str, Any] = {"colour": colour, "level": level, "kind": kind, "copies": copies,
            "pp": pp if pp is not None else (0 if level == 3 else level),
            "cost": cost if cost is not None else {"deniers": CARD_COST.get(level, 5)},
            "name": {"en": name_en, "ja": name_ja}, "text": {"en": text_en, "ja": text_ja},
            "src": src}
    if act is not None:
        card["act"] = act
    if char is not None:
        card["char"] = char
    if score is not None:
        card["score"] = score
    if note:
        card["note"] = note
    return card


B, C, P = "building", "character", "prestige"

CARDS: dict[str, dict] = {
    # ------------------------------------------------------------------ red I
    "arsenal": _c("R", 1, B, "Arsenal", "武器庫",
                  "Take a card from the red II deck by the normal draw methods, without laying citizens down.",
                  "赤IIデッキから通常の方法でカードを1枚獲得する（市民コマを寝かせる必要はない）。",
                  "documented:S2", act={"do": "draw", "deck": "R2"}),
    "ballista": _c("R", 1, B, "Ballista", "バリスタ",
                   "Choose 1 or 2 events: each gets one more denier (up to its cap) and strikes the other players "
                   "now, left to right (a good event strikes everyone).",
                   "イベントを1~2枚選ぶ。それぞれに1ドゥニエ置き（上限まで）、左から順に他のプレイヤーに発生させる（良いイベントは全員に）。",
                   "documented:SEED+S2", act={"do": "ballista", "n": 2}),
    "barracks": _c("R", 1, B, "Barracks", "兵舎",
                   "Pay 3 deniers: take a red citizen from the supply, standing.",
                   "3ドゥニエ支払い、ストックから赤の市民コマを1つ得る。",
                   "documented:S2", act={"do": "recruit", "colour": "R", "price": 3}),
    "knight": _c("R", 1, C, "Knight", "騎士",
                 "When you place a prestige building in its row or column: gain 4 deniers.",
                 "同じ行か列に名声建造物を配置したとき、4ドゥニエ得る。",
                 "documented:S2+designed", note="S2 gives the trigger; the reward is designed",
                 char={"on": "on_place", "what": "prestige", "n": 4}),
    "fort": _c("R", 1, B, "Fort", "砦",
               "Combat an event in the queue with at least one denier on it, without paying: take it into your hand "
               "as a rampart; the event deck refills its place.",
               "1ドゥニエ以上乗っているイベント1枚に支払いなしで対抗し、城壁として手札に加える。空いた場所にはイベントデッキから補充する。",
               "documented:S2+designed", copies=2, act={"do": "combat"},
               note="S2 gives red I, 2 copies, cost 1, 1 PP and the effect; that the combat costs no deniers is "
                    "designed"),
    "guardhouse": _c("R", 1, B, "Guardhouse", "衛兵詰所", "Gain 3 deniers.", "3ドゥニエ得る。",
                     "designed", act={"do": "gain", "n": 3}),
    "sergeant": _c("R", 1, C, "Sergeant", "軍曹",
                   "When you activate a red building in its row or column: gain 1 denier.",
                   "同じ行か列の赤の建物を活性化したとき、1ドゥニエ得る。",
                   "designed", char={"on": "on_activate", "colour": "R", "n": 1}),
    "training_ground": _c("R", 1, B, "Training Ground", "練兵場",
                          "Stand up to 2 of your laid-down citizens of each colour.",
                          "寝かせた自分の市民コマを各色2つまで起こす。",
                          "designed", act={"do": "stand", "colour": "all", "n": 2}),
    # ------------------------------------------------------------------ red II
    "fortress": _c("R", 2, B, "Fortress", "要塞",
                   "Counter an event even before it has struck (no denier on it yet): pay its cost plus the deniers "
                   "on it, keep it as a rampart.",
                   "発生前のイベントにも対抗できる：コスト+上のドゥニエを支払い、城壁として手札に加える。",
                   "documented:SEED+designed", copies=2, act={"do": "counter_any"},
                   note="SEED: 要塞, military II, counters an event before it has struck; "
                        "the English name and 2 copies are designed"),
    "captain": _c("R", 2, C, "Captain", "隊長",
                  "When you activate any building in its row or column: gain 2 deniers.",
                  "同じ行か列の建物（色を問わない）を活性化したとき、2ドゥニエ得る。",
                  "designed", char={"on": "on_activate", "colour": "any", "n": 2}),
    "stables": _c("R", 2, B, "Stables", "厩舎",
                  "Take a card from the red III deck by the normal draw methods, without laying citizens down.",
                  "赤IIIデッキから通常の方法でカードを1枚獲得する（市民コマを寝かせる必要はない）。",
                  "designed", act={"do": "draw", "deck": "R3"}),
    "watchtower": _c("R", 2, B, "Watchtower", "見張り塔",
                     "Remove all the deniers from one event.",
                     "イベント1枚の上のドゥニエをすべて取り除く。",
                     "designed", act={"do": "calm_one", "gain": False}),
    "marshal": _c("R", 2, C, "Marshal", "元帥",
                  "End: 1 prestige point per red building or character in its row and column.",
                  "終了時：同じ行と列の赤の建物か人物1枚につき1名声点。",
                  "designed", char={"on": "bonus", "what": "R", "pp": 1}),
    "garrison": _c("R", 2, B, "Garrison", "駐屯地",
                   "Gain 1 denier, plus 1 per visible red card in your district.",
                   "1ドゥニエと、自分の区画の見えている赤のカード1枚につき1ドゥニエ得る。",
                   "designed", act={"do": "gain_per", "what": "R", "base": 1}),
    "commander": _c("R", 2, C, "Commander", "司令官",
                    "End: 1 prestige point per prestige building in its row and column.",
                    "終了時：同じ行と列の名声建造物1枚につき1名声点。",
                    "designed", char={"on": "bonus", "what": "prestige", "pp": 1}),
    "recruiting_office": _c("R", 2, B, "Recruiting Office", "徴兵所",
                            "Pay 2 deniers: take a citizen of any colour from the supply, standing.",
                            "2ドゥニエ支払い、ストックから好きな色の市民コマを1つ得る。",
                            "designed", act={"do": "recruit", "colour": "any", "price": 2}),
    # ------------------------------------------------------------------ white I
    "priest": _c("W", 1, C, "Priest", "司祭",
                 "Buildings in its row or column may be activated a second time while occupied once.",
                 "同じ行か列の建物は、市民コマが1つ乗っていてももう1回活性化できる。",
                 "documented:SEED+designed", note="SEED: the Priest allows a second activation; the row/column reach "
                                                  "is designed",
                 char={"on": "double"}),
    "monastery": _c("W", 1, B, "Monastery", "修道院",
                    "Pay 2 deniers: take a white citizen from the supply, standing.",
                    "2ドゥニエ支払い、ストックから白の市民コマを1つ得る。",
                    "documented:S3+designed", note="S3/S11: a white card takes citizens from the stock; price designed",
                    act={"do": "recruit", "colour": "W", "price": 2}),
    "chapel": _c("W", 1, B, "Chapel", "礼拝堂",
                 "Remove 1 denier from each event.",
                 "各イベントから1ドゥニエずつ取り除く。",
                 "designed", act={"do": "calm", "each": True}),
    "hospital": _c("W", 1, B, "Hospital", "病院", "Gain 4 deniers.", "4ドゥニエ得る。",
                   "documented:S9+designed", note="S9 gives the effect; colour and level designed",
                   act={"do": "gain", "n": 4}),
    "library": _c("W", 1, B, "Library", "図書館",
                  "Take a card from the white II deck by the normal draw methods, without laying citizens down.",
                  "白IIデッキから通常の方法でカードを1枚獲得する（市民コマを寝かせる必要はない）。",
                  "documented:S18+designed", note="S18 names a library; the effect is designed",
                  act={"do": "draw", "deck": "W2"}),
    "monk": _c("W", 1, C, "Monk", "修道士",
               "When you activate a white building in its row or column: gain 1 denier.",
               "同じ行か列の白の建物を活性化したとき、1ドゥニエ得る。",
               "designed", char={"on": "on_activate", "colour": "W", "n": 1}),
    "almshouse": _c("W", 1, B, "Almshouse", "救貧院",
                    "Stand up to 3 of your laid-down white citizens.",
                    "寝かせた自分の白の市民コマを3つまで起こす。",
                    "designed", act={"do": "stand", "colour": "W", "n": 3}),
    "deacon": _c("W", 1, C, "Deacon", "助祭",
                 "End: 1 prestige point per white building in its row and column.",
                 "終了時：同じ行と列の白の建物1枚につき1名声点。",
                 "designed", char={"on": "bonus", "what": "bW", "pp": 1}),
    "pilgrim": _c("W", 1, C, "Pilgrim", "巡礼者",
                  "When you place a white card in its row or column: gain 2 deniers.",
                  "同じ行か列に白のカードを配置したとき、2ドゥニエ得る。",
                  "designed", char={"on": "on_place", "what": "W", "n": 2}),
    # ------------------------------------------------------------------ white II
    "bishop": _c("W", 2, C, "Bishop", "司教",
                 "End: 1 prestige point per white building or character in its row and column.",
                 "終了時：同じ行と列の白の建物か人物1枚につき1名声点。",
                 "documented:S18+designed", note="S18 names a bishop; the effect is designed",
                 char={"on": "bonus", "what": "W", "pp": 1}),
    "abbey": _c("W", 2, B, "Abbey", "大修道院",
                "Pay 4 deniers: take a citizen of any colour from the supply, standing.",
                "4ドゥニエ支払い、ストックから好きな色の市民コマを1つ得る。",
                "designed", act={"do": "recruit", "colour": "any", "price": 4}),
    "seminary": _c("W", 2, B, "Seminary", "神学校",
                   "Take a card from the white III deck by the normal draw methods, without laying citizens down.",
                   "白IIIデッキから通常の方法でカードを1枚獲得する（市民コマを寝かせる必要はない）。",
                   "designed", act={"do": "draw", "deck": "W3"}),
    "cloister": _c("W", 2, B, "Cloister", "回廊",
                   "Gain 1 denier per visible white card in your district.",
                   "自分の区画の見えている白のカード1枚につき1ドゥニエ得る。",
                   "designed", act={"do": "gain_per", "what": "W"}),
    "baptistery": _c("W", 2, B, "Baptistery", "洗礼堂",
                     "Stand up 1 of your laid-down citizens of each colour.",
                     "寝かせた自分の市民コマを各色1つずつ起こす。",
                     "designed", act={"do": "stand", "colour": "all", "n": 1}),
    "abbot": _c("W", 2, C, "Abbot", "修道院長",
                "When you activate any building in its row or column: gain 2 deniers.",
                "同じ行か列の建物（色を問わない）を活性化したとき、2ドゥニエ得る。",
                "designed", char={"on": "on_activate", "colour": "any", "n": 2}),
    "canon": _c("W", 2, C, "Canon", "参事会員",
                "When you place any card in its row or column: gain 1 denier.",
                "同じ行か列にカードを配置したとき、1ドゥニエ得る。",
                "designed", char={"on": "on_place", "what": "any", "n": 1}),
    "reliquary": _c("W", 2, B, "Reliquary", "聖遺物堂",
                    "Take all the deniers from one event.",
                    "イベント1枚の上のドゥニエをすべて得る。",
                    "designed", act={"do": "calm_one", "gain": True}),
    "preacher": _c("W", 2, C, "Preacher", "説教師",
                   "End: 1 prestige point per character in its row and column.",
                   "終了時：同じ行と列の人物1枚につき1名声点。",
                   "designed", char={"on": "bonus", "what": "character", "pp": 1}),
    # ------------------------------------------------------------------ yellow I
    "architect": _c("Y", 1, C, "Architect", "建築家",
                    "When you place a building or a prestige building in its row or column: gain 1 denier.",
                    "同じ行か列に建物か名声建造物を配置したとき、1ドゥニエ得る。",
                    "documented:S9", char={"on": "on_place", "what": "bp", "n": 1}),
    "market": _c("Y", 1, B, "Market", "市場", "Gain 3 deniers.", "3ドゥニエ得る。",
                 "designed", act={"do": "gain", "n": 3}),
    "port": _c("Y", 1, B, "Port", "港",
               "Use the effect of a visible yellow building in another player's district, for yourself; nothing is "
               "put on that building.",
               "他のプレイヤーの区画の見えている黄の建物1枚の効果を自分のために使う。その建物には何も置かない。",
               "documented:S24+designed", act={"do": "use_other", "colour": "Y"},
               note="S24 gives the effect (another player's yellow building); yellow, level I, 1 copy, cost and "
                    "points are designed"),
    "inn": _c("Y", 1, B, "Inn", "宿屋",
              "Stand up to 3 of your laid-down yellow citizens.",
              "寝かせた自分の黄の市民コマを3つまで起こす。",
              "designed", act={"do": "stand", "colour": "Y", "n": 3}),
    "guild": _c("Y", 1, B, "Guild", "ギルド",
                "Take a card from the yellow II deck by the normal draw methods, without laying citizens down.",
                "黄IIデッキから通常の方法でカードを1枚獲得する（市民コマを寝かせる必要はない）。",
                "designed", act={"do": "draw", "deck": "Y2"}),
    "alderman": _c("Y", 1, C, "Alderman", "参審人",
                   "When you activate any building in its row or column: gain 1 denier.",
                   "同じ行か列の建物（色を問わない）を活性化したとき、1ドゥニエ得る。",
                   "documented:S18+designed", note="S18 names an alderman (échevin); the effect is designed",
                   char={"on": "on_activate", "colour": "any", "n": 1}),
    "workshop": _c("Y", 1, B, "Workshop", "工房",
                   "Pay 2 deniers: take a yellow citizen from the supply, standing.",
                   "2ドゥニエ支払い、ストックから黄の市民コマを1つ得る。",
                   "designed", act={"do": "recruit", "colour": "Y", "price": 2}),
    "merchant": _c("Y", 1, C, "Merchant", "商人",
                   "End: 1 prestige point per yellow building in its row and column.",
                   "終了時：同じ行と列の黄の建物1枚につき1名声点。",
                   "designed", char={"on": "bonus", "what": "bY", "pp": 1}),
    "advocate": _c("Y", 1, C, "Advocate", "代訴人",
                   "When you place a yellow card in its row or column: gain 2 deniers.",
                   "同じ行か列に黄のカードを配置したとき、2ドゥニエ得る。",
                   "documented:S18+designed", note="S18 names an advocate (avoué); the effect is designed",
                   char={"on": "on_place", "what": "Y", "n": 2}),
    # ------------------------------------------------------------------ yellow II
    "exchange": _c("Y", 2, B, "Exchange", "取引所", "Gain 5 deniers.", "5ドゥニエ得る。",
                   "designed", act={"do": "gain", "n": 5}),
    "counting_house": _c("Y", 2, B, "Counting House", "会計所",
                         "Gain 1 denier per visible yellow card in your district.",
                         "自分の区画の見えている黄のカード1枚につき1ドゥニエ得る。",
                         "designed", act={"do": "gain_per", "what": "Y"}),
    "guild_hall": _c("Y", 2, B, "Guild Hall", "同業組合会館",
                     "Take a card from the yellow III deck by the normal draw methods, without laying citizens down.",
                     "黄IIIデッキから通常の方法でカードを1枚獲得する（市民コマを寝かせる必要はない）。",
                     "designed", act={"do": "draw", "deck": "Y3"}),
    "mayor": _c("Y", 2, C, "Mayor", "市長",
                "When you activate any building in its row or column: gain 2 deniers.",
                "同じ行か列の建物（色を問わない）を活性化したとき、2ドゥニエ得る。",
                "designed", char={"on": "on_activate", "colour": "any", "n": 2}),
    "toll_house": _c("Y", 2, B, "Toll House", "関所",
                     "Gain 1 denier per visible building (any colour) in your district.",
                     "自分の区画の見えている建物（色を問わない）1枚につき1ドゥニエ得る。",
                     "designed", act={"do": "gain_per", "what": "building"}),
    "banker": _c("Y", 2, C, "Banker", "銀行家",
                 "End: 1 prestige point per yellow building or character in its row and column.",
                 "終了時：同じ行と列の黄の建物か人物1枚につき1名声点。",
                 "designed", char={"on": "bonus", "what": "Y", "pp": 1}),
    "notary": _c("Y", 2, C, "Notary", "公証人",
                 "When you place a prestige building in its row or column: gain 5 deniers.",
                 "同じ行か列に名声建造物を配置したとき、5ドゥニエ得る。",
                 "designed", char={"on": "on_place", "what": "prestige", "n": 5}),
    "tavern": _c("Y", 2, B, "Tavern", "酒場",
                 "Stand up 1 of your laid-down citizens of each colour.",
                 "寝かせた自分の市民コマを各色1つずつ起こす。",
                 "designed", act={"do": "stand", "colour": "all", "n": 1}),
    "master_builder": _c("Y", 2, C, "Master Builder", "棟梁",
                         "When you place a building in its row or column: gain 2 deniers.",
                         "同じ行か列に建物を配置したとき、2ドゥニエ得る。",
                         "designed", char={"on": "on_place", "what": "building", "n": 2}),
    # ------------------------------------------------------------------ level III: prestige buildings (S1)
    "belfry": _c("Y", 3, P, "Belfry", "鐘楼",
                 "4 points (others 2) per set of a yellow, a white and a red visible building or character.",
                 "見えている黄・白・赤の建物か人物の組1つにつき4点（他プレイヤーは2点）。",
                 "documented:S1", cost={"deniers": 5}, score={"per": "sets", "b": 4, "nb": 2}),
    "city_hall": _c("Y", 3, P, "City Hall", "市庁舎",
                    "2 points (others 1) per yellow citizen owned.",
                    "所有する黄の市民コマ1つにつき2点（他プレイヤーは1点）。",
                    "documented:S1", copies=2, cost={"deniers": 2, "card": 1},
                    score={"per": "citizens:Y", "b": 2, "nb": 1}),
    "cloth_hall": _c("Y", 3, P, "Cloth Hall", "織物会館",
                     "2 points (others 1) per visible yellow building or character.",
                     "見えている黄の建物か人物1枚につき2点（他プレイヤーは1点）。",
                     "documented:S1", copies=2, cost={"citizen": "Y"},
                     score={"per": "Y", "b": 2, "nb": 1}),
    "mint": _c("Y", 3, P, "Mint", "造幣所",
               "2 points (others 1) per 4 deniers held.",
               "所持する4ドゥニエごとに2点（他プレイヤーは1点）。",
               "documented:S1", copies=2, cost={"deniers": 5}, score={"per": "deniers4", "b": 2, "nb": 1}),
    "tour_des_six": _c("Y", 3, P, "Tour des Six", "六人の塔",
                       "2 points (others 1) per visible character.",
                       "見えている人物1枚につき2点（他プレイヤーは1点）。",
                       "documented:S1", copies=2, cost={"deniers": 5},
                       score={"per": "character", "b": 2, "nb": 1}),
    "cathedral": _c("W", 3, P, "Cathedral", "大聖堂",
                    "8 points to its builder only.",
                    "建設者のみ8点。",
                    "documented:S1", cost={"deniers": 20}, score={"per": "flat", "b": 8, "nb": 0}),
    "la_madeleine": _c("W", 3, P, "La Madeleine", "マドレーヌ教会",
                       "2 points (others 1) per visible prestige building.",
                       "見えている名声建造物1枚につき2点（他プレイヤーは1点）。",
                       "documented:S1", copies=2, cost={"deniers": 2, "card": 1},
                       score={"per": "prestige", "b": 2, "nb": 1}),
    "saint_brice": _c("W", 3, P, "Saint-Brice", "サン・ブリス教会",
                      "4 points (others 2) per set of a yellow, a white and a red visible building or character.",
                      "見えている黄・白・赤の建物か人物の組1つにつき4点（他プレイヤーは2点）。",
                      "documented:S1", cost={"deniers": 5}, score={"per": "sets", "b": 4, "nb": 2}),
    "saint_jacques": _c("W", 3, P, "Saint-Jacques", "サン・ジャック教会",
                        "2 points (others 1) per visible white building or character.",
                        "見えている白の建物か人物1枚につき2点（他プレイヤーは1点）。",
                        "documented:S1", copies=2, cost={"citizen": "W"},
                        score={"per": "W", "b": 2, "nb": 1}),
    "saint_nicolas": _c("W", 3, P, "Saint-Nicolas", "サン・ニコラ教会",
                        "3 points (others 1) per set of a yellow, a white and a red citizen owned.",
                        "所有する黄・白・赤の市民コマの組1つにつき3点（他プレイヤーは1点）。",
                        "documented:S1", cost={"deniers": 5}, score={"per": "citizen_sets", "b": 3, "nb": 1}),
    "saint_quentin": _c("W", 3, P, "Saint-Quentin", "サン・カンタン教会",
                        "2 points (others 1) per white citizen owned.",
                        "所有する白の市民コマ1つにつき2点（他プレイヤーは1点）。",
                        "documented:S1", copies=2, cost={"deniers": 2, "card": 1},
                        score={"per": "citizens:W", "b": 2, "nb": 1}),
    "pont_des_trous": _c("R", 3, P, "Pont des Trous", "ポン・デ・トルー",
                         "3 points (others 1) per set of a yellow, a white and a red citizen owned.",
                         "所有する黄・白・赤の市民コマの組1つにつき3点（他プレイヤーは1点）。",
                         "documented:S1", note="cost: the table of an archived revision of S1",
                         cost={"deniers": 5}, score={"per": "citizen_sets", "b": 3, "nb": 1}),
    "porte_de_la_vigne": _c("R", 3, P, "Porte de la Vigne", "ポルト・ド・ラ・ヴィーニュ",
                            "2 points (others 1) per red citizen owned.",
                            "所有する赤の市民コマ1つにつき2点（他プレイヤーは1点）。",
                            "documented:S1+designed", note="cost and 2/1 rate designed after City Hall / Saint-Quentin",
                            copies=2, cost={"deniers": 2, "card": 1}, score={"per": "citizens:R", "b": 2, "nb": 1}),
    "tour_d_arras": _c("R", 3, P, "Tour d'Arras", "アラスの塔",
                       "2 points (others 1) per visible white or yellow building.",
                       "見えている白か黄の建物1枚につき2点（他プレイヤーは1点）。",
                       "documented:S1+S19+designed", note="cost designed",
                       copies=2, cost={"deniers": 5}, score={"per": "bWY", "b": 2, "nb": 1}),
    "tour_henry_viii": _c("R", 3, P, "Tour Henry VIII", "ヘンリー八世の塔",
                          "2 points (others 1) per rampart (in hand, built or discarded).",
                          "城壁1枚につき2点（他プレイヤーは1点。手札・使用済み・捨てたものを問わない）。",
                          "documented:SEED+S1+designed", note="cost and 2/1 rate designed",
                          copies=2, cost={"deniers": 5}, score={"per": "ramparts", "b": 2, "nb": 1}),
    "tour_saint_georges": _c("R", 3, P, "Tour Saint-Georges", "サン・ジョルジュの塔",
                             "2 points (others 1) per visible red building or character.",
                             "見えている赤の建物か人物1枚につき2点（他プレイヤーは1点）。",
                             "documented:S1+designed", note="cost designed after Cloth Hall / Saint-Jacques",
                             copies=2, cost={"citizen": "R"}, score={"per": "R", "b": 2, "nb": 1}),
}

# one town crier (廷吏) in each deck (S3, S8, S10, S14, SEED)
for _deck in DECKS:
    CARDS[f"crier_{_deck}"] = {
        "colour": _deck[0], "level": int(_deck[1]), "kind": "crier", "copies": 1, "pp": 0, "cost": {},
        "name": {"en": "Town Crier", "ja": "廷吏"},
        "text": {"en": "Revealed when drawn: every event gets one denier and strikes, left to right.",
                 "ja": "引かれると公開され、各イベントに1ドゥニエ置いて左から順に発生させる。"},
        "src": "documented:SEED"}


def deck_of(card: str) -> str:
    info = CARDS[card]
    return f"{info['colour']}{info['level']}"


def _deck_list(deck: str) -> tuple[str, ...]:
    cards = []
    for key, info in CARDS.items():
        if f"{info['colour']}{info['level']}" == deck and info["kind"] != "crier":
            cards.extend([key] * info["copies"])
    cards.append(f"crier_{deck}")
    return tuple(cards)


#: the ten cards of each deck in catalogue order (copies repeated), the town crier last
DECK_LISTS = {deck: _deck_list(deck) for deck in DECKS}


def deck_cards(deck: str) -> list[str]:
    """The ten cards of a deck in catalogue order (copies repeated), the town crier last."""
    return list(DECK_LISTS[deck])


# ---------------------------------------------------------------------- events (all designed)
# effect kinds: lose / gain (k deniers x deniers on the event, times the count of "per" if given),
# lay_down {colour, k}, damage {k}, grey {k}. "harm": True for bad events (ramparts may stop them).
# cap: at most that many deniers on the card (SEED: 1 to 4); cost: deniers to counter it
# (plus the deniers on it).
def _e(name_en: str, name_ja: str, text_en: str, text_ja: str, cost: int, cap: int, harm: bool,
       effect: Any) -> dict:
    return {"name": {"en": name_en, "ja": name_ja}, "text": {"en": text_en, "ja": text_ja},
            "cost": cost, "cap": cap, "harm": harm, "effect": effect, "src": "designed"}


EVENTS: dict[str, dict] = {
    "norman_raid": _e("Norman Raid", "ノルマン人の襲撃", "Lose 2 deniers per denier on this card.",
                      "このカード上のドゥニエ1つにつき2ドゥニエ失う。", 4, 3, True, {"do": "lose", "k": 2}),
    "fire": _e("Fire", "火災", "Put 1 damage token per denier on this card on your unoccupied buildings.",
               "このカード上のドゥニエ1つにつき1つ、ダメージトークンを自分の空いている建物に置く。",
               3, 3, True, {"do": "damage", "k": 1}),
    "flood": _e("Flood", "洪水", "Put 1 grey citizen per denier on this card on your unoccupied buildings.",
                "このカード上のドゥニエ1つにつき1つ、灰色市民トークンを自分の空いている建物に置く。",
                3, 3, True, {"do": "grey", "k": 1}),
    "plague": _e("Plague", "疫病", "Lay down 1 standing white citizen per denier on this card.",
                 "このカード上のドゥニエ1つにつき、立っている白の市民コマを1つ寝かせる。",
                 2, 2, True, {"do": "lay_down", "colour": "W", "k": 1}),
    "famine": _e("Famine", "飢饉", "Lay down 1 standing yellow citizen per denier on this card.",
                 "このカード上のドゥニエ1つにつき、立っている黄の市民コマを1つ寝かせる。",
                 2, 2, True, {"do": "lay_down", "colour": "Y", "k": 1}),
    "mutiny": _e("Mutiny", "反乱", "Lay down 1 standing red citizen per denier on this card.",
                 "このカード上のドゥニエ1つにつき、立っている赤の市民コマを1つ寝かせる。",
                 2, 2, True, {"do": "lay_down", "colour": "R", "k": 1}),
    "royal_tax": _e("Royal Tax", "王の課税", "Lose 1 denier per denier on this card.",
                    "このカード上のドゥニエ1つにつき1ドゥニエ失う。", 2, 4, True, {"do": "lose", "k": 1}),
    "tithe": _e("Tithe", "十分の一税", "Lose 1 denier per visible white card, per denier on this card.",
                "見えている白のカード1枚につき、このカード上のドゥニエ1つごとに1ドゥニエ失う。",
                3, 1, True, {"do": "lose", "k": 1, "per": "W"}),
    "brigands": _e("Brigands", "山賊", "Lose 1 denier per visible yellow card, per denier on this card.",
                   "見えている黄のカード1枚につき、このカード上のドゥニエ1つごとに1ドゥニエ失う。",
                   3, 1, True, {"do": "lose", "k": 1, "per": "Y"}),
    "war_levy": _e("War Levy", "戦時徴発", "Lose 1 denier per visible red card, per denier on this card.",
                   "見えている赤のカード1枚につき、このカード上のドゥニエ1つごとに1ドゥニエ失う。",
                   3, 1, True, {"do": "lose", "k": 1, "per": "R"}),
    "riot": _e("Riot", "暴動", "Put 2 grey citizens per denier on this card on your unoccupied buildings.",
               "このカード上のドゥニエ1つにつき2つ、灰色市民トークンを自分の空いている建物に置く。",
               4, 2, True, {"do": "grey", "k": 2}),
    "fair": _e("Great Fair", "大市", "Good: gain 2 deniers per denier on this card.",
               "良いイベント：このカード上のドゥニエ1つにつき2ドゥニエ得る。", 2, 2, False, {"do": "gain", "k": 2}),
    "pilgrimage": _e("Pilgrimage", "巡礼", "Good: gain 1 denier per visible white card, per denier on this card.",
                     "良いイベント：見えている白のカード1枚につき、このカード上のドゥニエ1つごとに1ドゥニエ得る。",
                     2, 2, False, {"do": "gain", "k": 1, "per": "W"}),
    "harvest": _e("Good Harvest", "豊作", "Good: gain 1 denier per visible yellow card, per denier on this card.",
                  "良いイベント：見えている黄のカード1枚につき、このカード上のドゥニエ1つごとに1ドゥニエ得る。",
                  2, 2, False, {"do": "gain", "k": 1, "per": "Y"}),
    "tournament": _e("Tournament", "馬上槍試合", "Good: gain 1 denier per visible red card, per denier on this card.",
                     "良いイベント：見えている赤のカード1枚につき、このカード上のドゥニエ1つごとに1ドゥニエ得る。",
                     2, 2, False, {"do": "gain", "k": 1, "per": "R"}),
}

EVENT_ORDER = tuple(EVENTS)     # catalogue order of the event deck
