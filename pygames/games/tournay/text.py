"""Tournay strings in English and Japanese: card names, texts, log sentences.

Card and event names and texts live in cards.py (with the data); this module
turns them and the log entries into HTML-safe text.
"""

from __future__ import annotations

from pygames.ui.html import esc
from pygames.ui.i18n import plural, tidy

from . import cards as K

ROMAN = {1: "I", 2: "II", 3: "III"}

KIND = {
    "building": {"en": "Building", "ja": "建物"},
    "character": {"en": "Character", "ja": "人物"},
    "prestige": {"en": "Prestige building", "ja": "名声建造物"},
    "crier": {"en": "Town crier", "ja": "廷吏"},
}

REASONS = {
    "two_districts": {"en": "two districts are full with two prestige buildings",
                      "ja": "2人の区画が埋まり名声建造物が2枚以上見えている"},
    "district_criers": {"en": "a district is full with two prestige buildings and more town criers are out "
                               "than players",
                        "ja": "区画が埋まり名声建造物が2枚以上見えていて、廷吏がプレイヤー人数より多く出ている"},
    "round_limit": {"en": "the round limit is reached", "ja": "ラウンド上限に達した"},
}

WORDS = {
    "deniers": {"en": "deniers", "ja": "ドゥニエ"},
    "rampart": {"en": "rampart", "ja": "城壁"},
}


def _lang(lang: str) -> str:
    return "ja" if lang == "ja" else "en"


def colour_name(colour: str, lang: str) -> str:
    return K.COLOUR_NAMES[colour][_lang(lang)]


def colour_label(colour: str, lang: str) -> str:
    """Colour with its letter, for colour-blind players: "red (R)" / "赤（R）"."""
    if _lang(lang) == "ja":
        return f"{colour_name(colour, lang)}（{colour}）"
    return f"{colour_name(colour, lang)} ({colour})"


def deck_name(deck: str, lang: str) -> str:
    if _lang(lang) == "ja":
        return f"{colour_name(deck[0], lang)}{ROMAN[int(deck[1])]}"
    return f"{colour_name(deck[0], lang).capitalize()} {ROMAN[int(deck[1])]}"


def card_name(card: str, lang: str) -> str:
    return K.CARDS[card]["name"][_lang(lang)]


def card_text(card: str, lang: str) -> str:
    return K.CARDS[card]["text"][_lang(lang)]


def event_name(ev: str, lang: str) -> str:
    return K.EVENTS[ev]["name"][_lang(lang)]


def event_text(ev: str, lang: str) -> str:
    return K.EVENTS[ev]["text"][_lang(lang)]


def _cost_aside(cost: str, lang: str) -> str:
    """A card's cost after its text: "コスト：1ドゥニエ。" / " Cost: 1 denier." (a sentence, not brackets:
    a citizen's colour letter is already bracketed, "red (R) citizen")."""
    return f"コスト：{cost}。" if _lang(lang) == "ja" else f" Cost: {cost}."


def cost_text(card: str, lang: str) -> str:
    cost = K.CARDS[card]["cost"]
    ja = _lang(lang) == "ja"
    parts = []
    if cost.get("deniers"):
        parts.append(f"{cost['deniers']}{'ドゥニエ' if ja else ' deniers' if cost['deniers'] > 1 else ' denier'}")
    if cost.get("card"):
        parts.append("カード1枚" if ja else "1 card")
    if cost.get("citizen"):
        parts.append(f"{colour_label(cost['citizen'], lang)}{'の市民1つ' if ja else ' citizen'}")
    return (" + " if not ja else "+").join(parts)


def _name(names: list[str], seat: int) -> str:
    name = names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"
    return f'<b class="name">{esc(name)}</b>'


def _card(card: str, lang: str) -> str:
    return f'<span class="tournay-cardname">{esc(card_name(card, lang))}</span>'


def _event(ev: str, lang: str) -> str:
    return f'<span class="tournay-evname">{esc(event_name(ev, lang))}</span>'


def _deck(deck: str, lang: str) -> str:
    return esc(deck_name(deck, lang))


def _col(colour: str, lang: str) -> str:
    return esc(colour_label(colour, lang))


def log_line(entry: dict, lang: str, names: list[str]) -> str:
    """One log entry as an HTML-safe sentence (names in <b class=\"name\">)."""
    return tidy(_log_line(entry, lang, names), lang)


def _log_line(entry: dict, lang: str, names: list[str]) -> str:
    """One log entry as an HTML-safe sentence."""
    ja = _lang(lang) == "ja"
    key = entry.get("key")
    p = entry.get("params", {})
    who = _name(names, p["seat"]) if "seat" in p else ""
    if key == "start":
        rules = ("上級ルール" if p["rules"] == "advanced" else "ノーマルルール") if ja else \
            ("advanced rules" if p["rules"] == "advanced" else "normal rules")
        return (f"ゲーム開始（{esc(rules)}）。スタートプレイヤーは{_name(names, p['first'])}。" if ja
                else f"The game starts ({esc(rules)}). {_name(names, p['first'])} is the first player.")
    if key == "round":
        return f"ラウンド{p['n']}。" if ja else f"Round {p['n']}."
    if key == "last_round":
        reason = esc(REASONS[p["reason"]][_lang(lang)])
        return f"最終ラウンド：{reason}。" if ja else f"Last round: {reason}."
    if key == "play":
        where = f"{p['r'] + 1}-{p['c'] + 1}"
        extra = []
        if p.get("covered"):
            covered = _card(p['covered'][0], lang)
            extra.append(f"{covered}に重ねた" if ja else f"on top of {covered}")
        if p.get("discarded"):
            cards = ", ".join(_card(k, lang) for k in p["discarded"])
            extra.append(f"{cards}を捨てた" if ja else f"discarding {cards}")
        if p.get("shift") and any(p["shift"]):
            extra.append("区画をずらした" if ja else "shifting the district")
        if p.get("paid", {}).get("card"):
            paid = _card(p['paid']['card'], lang)
            extra.append(f"{paid}を支払った" if ja else f"paying {paid}")
        if p.get("paid", {}).get("citizen"):
            extra.append(f"{_col(p['paid']['citizen'], lang)}の市民をストックに戻した" if ja
                         else f"returning a {_col(p['paid']['citizen'], lang)} citizen")
        # a clause, not parentheses: a colour's letter is already in parentheses ("red (R)")
        tail = ("：" + "、".join(extra)) if ja and extra else (", " + ", ".join(extra) if extra else "")
        lead = "最後のカード：" if ja and p.get("final") else "Final card: " if p.get("final") else ""
        return (f"{lead}{who}が{_card(p['card'], lang)}を{where}に配置した{tail}。" if ja
                else f"{lead}{who} places {_card(p['card'], lang)} at {where}{tail}.")
    if key in ("bonus_place", "bonus_activate", "gain"):
        return f"{who}は{p['n']}ドゥニエ得た。" if ja else f"{who} gains {plural(p['n'], 'denier', 'deniers')}."
    if key == "borrow":
        col, owner = _col(p['colour'], lang), _name(names, p['owner'])
        return (f"{who}は{owner}の{col}市民を{p['n']}つ使い、{p['fee']}ドゥニエ払った。" if ja
                else f"{who} uses {plural(p['n'], col + ' citizen', col + ' citizens')} of {owner} "
                     f"for {plural(p['fee'], 'denier', 'deniers')}.")
    if key == "draw":
        if ja:
            how = "の表向きのカードを引く" if p["mode"] == "top" else "から伏せたまま2枚引く"
            return f"{who}は{_deck(p['deck'], lang)}デッキ{how}。"
        how = "the face-up card" if p["mode"] == "top" else "two cards blind"
        return f"{who} draws {how} from the {_deck(p['deck'], lang)} deck."
    if key == "took_top":
        return f"{who}は{_card(p['card'], lang)}を手札に加えた。" if ja else f"{who} takes {_card(p['card'], lang)}."
    if key == "top_to_bottom":
        return (f"表向きの{_card(p['card'], lang)}は{_deck(p['deck'], lang)}デッキの一番下へ。" if ja
                else f"The face-up {_card(p['card'], lang)} goes under the {_deck(p['deck'], lang)} deck.")
    if key == "crier":
        return (f"{who}が廷吏を引いた（{_deck(p['deck'], lang)}デッキ、{p['out']}枚目）!イベントが発生する。" if ja
                else f"{who} reveals a town crier ({_deck(p['deck'], lang)} deck, {p['out']} out)! The events strike.")
    if key == "drew_one":
        return (f"{who}は{_deck(p['deck'], lang)}デッキから1枚だけ引いた。" if ja
                else f"{who} draws the only card left in the {_deck(p['deck'], lang)} deck.")
    if key in ("drew_one_private", "picked_private"):
        return (f"{who}は{_card(p['card'], lang)}を得た（非公開）。" if ja
                else f"{who} keeps {_card(p['card'], lang)} (only you see this).")
    if key == "picked":
        return (f"{who}は1枚を手札に加え、{_card(p['other'], lang)}を表向きにデッキの上に置いた。" if ja
                else f"{who} keeps one card and puts {_card(p['other'], lang)} face up on the "
                     f"{_deck(p['deck'], lang)} deck.")
    if key == "activate":
        return f"{who}が{_card(p['card'], lang)}を活性化した。" if ja else f"{who} activates {_card(p['card'], lang)}."
    if key == "recruit":
        return (f"{who}は{p['price']}ドゥニエ払い、{_col(p['colour'], lang)}の市民を得た。" if ja
                else f"{who} pays {plural(p['price'], 'denier', 'deniers')} for a {_col(p['colour'], lang)} citizen.")
    if key == "stand":
        stood = p.get("stood", {})
        if not stood:
            return f"{who}は市民を起こせなかった。" if ja else f"{who} has no citizen to stand up."
        parts = ("、" if ja else ", ").join(f"{_col(c, lang)}×{k}" for c, k in stood.items())
        return f"{who}は市民を起こした：{parts}。" if ja else f"{who} stands citizens up: {parts}."
    if key == "ballista":
        evs = ("、" if ja else ", ").join(_event(e, lang) for e in p["evs"])
        return (f"{who}のバリスタ：{evs}が他のプレイヤーに発生する。" if ja
                else f"{who}'s Ballista: {evs} strike the other players.")
    if key == "calm":
        return f"{who}は各イベントから1ドゥニエ取り除いた。" if ja else f"{who} removes a denier from each event."
    if key == "calm_one":
        if p.get("gain"):
            return (f"{who}は{_event(p['ev'], lang)}から{p['n']}ドゥニエ得た。" if ja
                    else f"{who} takes the {plural(p['n'], 'denier', 'deniers')} on {_event(p['ev'], lang)}.")
        return (f"{who}は{_event(p['ev'], lang)}のドゥニエをすべて取り除いた。" if ja
                else f"{who} removes the deniers on {_event(p['ev'], lang)}.")
    if key == "counter":
        new = ((f"新しいイベント：{_event(p['new'], lang)}。" if ja else f" New event: {_event(p['new'], lang)}.")
               if p.get("new") else "")
        if not p["price"]:   # the Fort's combat
            return (f"{who}は支払いなしで{_event(p['ev'], lang)}に対抗し、城壁を得た。{new}" if ja
                    else f"{who} combats {_event(p['ev'], lang)} without paying and gains a rampart.{new}")
        return (f"{who}は{p['price']}ドゥニエ払って{_event(p['ev'], lang)}に対抗し、城壁を得た。{new}" if ja
                else f"{who} pays {plural(p['price'], 'denier', 'deniers')} to counter {_event(p['ev'], lang)} "
                     f"and gains a rampart.{new}")
    if key == "use_other":
        return (f"{who}は{_name(names, p['owner'])}の{_card(p['card'], lang)}の効果を使った。" if ja
                else f"{who} uses the effect of {_name(names, p['owner'])}'s {_card(p['card'], lang)}.")
    if key == "earn":
        col = _col(p['colour'], lang)
        return (f"{who}は{col}の市民を{p['n']}つ寝かせ、{p['gain']}ドゥニエ得た。" if ja
                else f"{who} lays down {plural(p['n'], col + ' citizen', col + ' citizens')} "
                     f"and earns {plural(p['gain'], 'denier', 'deniers')}.")
    if key == "buy":
        return (f"{who}は5ドゥニエで{_col(p['colour'], lang)}の市民を買った。" if ja
                else f"{who} buys a {_col(p['colour'], lang)} citizen for 5 deniers.")
    if key == "gather":
        return f"{who}は市民を集結させた。" if ja else f"{who} gathers all their citizens."
    if key == "strike":
        return (f"イベント{_event(p['ev'], lang)}（×{p['n']}）が発生。" if ja
                else f"Event {_event(p['ev'], lang)} (×{p['n']}) strikes.")
    if key == "hit":
        do = K.EVENTS[p["ev"]]["effect"]["do"]
        if do == "lose":
            return f"{who}は{p['n']}ドゥニエ失った。" if ja else f"{who} loses {plural(p['n'], 'denier', 'deniers')}."
        if do == "gain":
            return f"{who}は{p['n']}ドゥニエ得た。" if ja else f"{who} gains {plural(p['n'], 'denier', 'deniers')}."
        return (f"{who}は市民を{p['n']}つ寝かせた。" if ja
                else f"{who} lays down {plural(p['n'], 'citizen', 'citizens')}.")
    if key == "token":
        tok = ("ダメージ" if p["tok"] == "damage" else "灰色市民") if ja else \
            ("damage" if p["tok"] == "damage" else "a grey citizen")
        return (f"{who}の{_card(p['card'], lang)}に{tok}。" if ja else f"{who}'s {_card(p['card'], lang)} gets {tok}.")
    if key == "rampart":
        return (f"{who}は城壁を建てて{_event(p['ev'], lang)}を防いだ。" if ja
                else f"{who} builds a rampart against {_event(p['ev'], lang)}.")
    if key == "drop_rampart":
        return (f"{who}は手札上限のため城壁（{_event(p['ev'], lang)}）を捨てた。" if ja
                else f"{who} discards a rampart ({_event(p['ev'], lang)}) to keep 4 cards.")
    if key == "return":
        return (f"{who}は手札上限のため1枚を{_deck(p['deck'], lang)}デッキの下に戻した。" if ja
                else f"{who} returns a card under the {_deck(p['deck'], lang)} deck (hand limit).")
    if key == "return_private":
        return (f"{who}は{_card(p['card'], lang)}を戻した（非公開）。" if ja
                else f"{who} returns {_card(p['card'], lang)} (only you see this).")
    if key == "final_start":
        return ("最終ラウンド終了。各プレイヤーは最後のカードを1枚伏せて選ぶ。" if ja
                else "The last round is over. Each player secretly chooses a final card.")
    if key == "final_chosen":
        return f"{who}は最後のカードを選んだ。" if ja else f"{who} has chosen a final card."
    if key == "final_pass":
        return f"{who}は最後のカードを出さない。" if ja else f"{who} plays no final card."
    if key == "end":
        winners = ("、" if ja else ", ").join(_name(names, s) for s in p.get("winners", []))
        return f"ゲーム終了。勝者：{winners}。" if ja else f"The game is over. Winner: {winners}."
    return esc(key or "?")


# ------------------------------------------------------------------ rules help (table dialog)
#: a short rules summary, HTML-safe markup (the full rules: docs/rules/tournay.md)
RULES_SUMMARY = {
    "en": (
        "<p><b>Goal:</b> the most prestige points when the game ends.</p>"
        "<p><b>Cards:</b> nine decks, red (military), white (religious) and yellow (civil), levels I–III. "
        "Levels I–II hold buildings (activated by a citizen) and characters (acting on their row and "
        "column); level III holds prestige buildings, which score at the end. Each deck hides a town crier.</p>"
        "<p><b>Your turn:</b> first you may <b>play one card</b> into your 3×3 district (pay its cost; on a "
        "card of the same colour it covers it, on another colour it replaces the stack), then take "
        "<b>one action</b>: draw a card (lay down citizens of the deck's colour, as many as its level), "
        "activate a building, counter an event (it becomes a rampart), earn 2 deniers per citizen laid down, "
        "or gather (stand all your citizens up again).</p>"
        "<p><b>Town criers and events:</b> drawing a town crier puts a denier on every event in the queue "
        "and makes them strike; a rampart in hand can stop a bad event for you. The hand holds at most 4 "
        "cards.</p>"
        "<p><b>End:</b> the last round starts when two players have a full district with at least two "
        "visible prestige buildings, or one has and more town criers are out than there are players. After "
        "it everyone plays a secret final card. Score: every visible prestige building (each player scores "
        "each name once, at most 12), the printed points of your cards, character bonuses, 1 per rampart. "
        "Tie: most deniers left, then shared.</p>"),
    "ja": (
        "<p><b>目的：</b>ゲーム終了時に最も多くの名声点を得ること。</p>"
        "<p><b>カード：</b>赤（軍事）・白（宗教）・黄（民間）の各レベルI〜IIIの9つのデッキ。レベルI・IIは建物"
        "（市民で活性化）と人物（同じ行と列に作用）、レベルIIIは終了時に得点する名声建造物。各デッキに廷吏が1枚。</p>"
        "<p><b>手番：</b>まず3×3の区画に<b>カードを1枚出して</b>よい（コストを払う。同じ色の上なら重ね、"
        "違う色なら山ごと置き換える）。その後<b>アクションを1つ</b>：カードを引く（デッキの色の市民をレベルの数だけ"
        "寝かせる）、建物を活性化、イベントに対抗（城壁になる）、市民を寝かせて1人につき2ドゥニエ得る、"
        "市民集結（市民をすべて起こす）。</p>"
        "<p><b>廷吏とイベント：</b>廷吏を引くと列のイベントすべてに1ドゥニエが置かれ、発生する。手札の城壁で"
        "悪いイベントを防げる。手札の上限は4枚。</p>"
        "<p><b>終了：</b>2人の区画が埋まり表向きの名声建造物が2つ以上あるとき、または1人がそうで出た廷吏の数が"
        "人数より多いとき、最終ラウンドが始まる。その後、各自が秘密の最終カードを出す。得点：表向きの名声建造物"
        "（各名前につき1回、最大12点）、カードの印刷された点、人物のボーナス、城壁1枚につき1点。"
        "同点なら残りのドゥニエが多い方、さらに同点なら勝利を分け合う。</p>"),
}


def card_reference(lang: str) -> list[dict]:
    """Every card of the nine decks, then every event (plain text); "key" opens render.card_zoom, "art"
    names its picture (the card family's scene, art.py), "zoom" is the card's data-zoom value."""
    from . import art
    lang = _lang(lang)
    result = []
    for cid, card in K.CARDS.items():
        deck = deck_name(f"{card['colour']}{card['level']}", lang)
        kind = KIND[card["kind"]][lang]
        text = card_text(cid, lang)
        cost = cost_text(cid, lang) if card["kind"] != "crier" else ""
        result.append({"name": card_name(cid, lang), "kind": f"{deck} · {kind}",
                       "text": f"{text}{_cost_aside(cost, lang)}" if cost else text, "count": card.get("copies", 1),
                       "zoom": f"tournay:{cid}", "key": cid, "art": art.layers(cid)[0]})
    event_kind = {"en": "Event", "ja": "イベント"}[lang]
    for ev in K.EVENT_ORDER:
        result.append({"name": event_name(ev, lang), "kind": event_kind, "text": event_text(ev, lang),
                       "zoom": f"tournay:{ev}", "key": ev, "art": f"ev-{ev}"})
    return result


# the rampart's full text (the zoomed card, render.card_zoom("rampart", lang))
RAMPART_TEXT = {
    "en": ("A countered event, kept in your hand as a rampart (it counts toward the hand limit of 4). When a bad "
           "event is about to strike you, you may build a rampart: that event does nothing to you. At the end, "
           "each rampart is worth 1 prestige point, in hand, built or discarded."),
    "ja": ("対抗したイベントを城壁として手札に持つ（手札上限4枚に含む）。悪いイベントが自分に起きるとき、"
           "城壁を1つ建ててそのイベントを防いでよい。終了時、城壁1つにつき1名声点（手札・建設済み・捨てたものも数える）。"),
}


# ---------------------------------------------------------------- the guided first game (tutorial.py)
#: each note of the lesson by key (the bot is named as the table names it: Bot 2; cells as the
#: move labels name them, "row 2, column 3"). The cards show only icons on the board, so a note
#: says what a card does when it first comes up.
TUTORIAL_NOTES = {
    "theme": {
        "en": "Tournai, Flanders, in the 13th century: the town is growing, and each player builds a district of "
              "it, a grid of 3 × 3 cards. Red cards are military, white religious, yellow civil; each card's top left "
              "corner shows its colour letter and level (R I, W II, Y III).",
        "ja": "13世紀フランドルの町トゥルネー。町は発展を続け、各プレイヤーは自分の区画（3×3のカード）を築きます。"
              "赤は軍事、白は宗教、黄は民間のカードで、カードの左上に色の文字とレベル（R I・W II・Y III）が"
              "あります。"},
    "goal": {
        "en": "Goal: the most prestige points at the end. They come from your cards' printed points (the number at "
              "the top right), from prestige buildings (★) and from ramparts. Your rival is Bot 2; its district is "
              "already full.",
        "ja": "目的：ゲーム終了時に最も多くの名声点を得ること。名声点はカードに書かれた点（右上の数字）、"
              "名声建造物（★）、城壁から得られます。相手はボット2で、その区画はすでに埋まっています。"},
    "late": {
        "en": "This lesson joins a game in round 10. The figures are your citizens, by colour: a standing one can "
              "work, a used one lies down. Deniers are the money. Each turn: play one card if you like, then take "
              "one action. Point at a card, or tap it, to read what it does.",
        "ja": "このレッスンは第10ラウンドから始まります。人形は色ごとのあなたの市民です。立っている市民は働けて、"
              "使うと寝かせます。ドゥニエはお金です。手番では、カードを1枚出してもよく、そのあと必ずアクションを"
              "1つ行います。カードにポインターを合わせるかタップすると、効果を読めます。"},
    "build": {
        "en": "Play the Market (yellow I): a level I card costs 1 denier, level II 3. A new card goes beside one of "
              "yours (a diagonal is not enough). Put it in row 2, column 3: the Architect in that row gives 1 denier "
              "for each building placed in its row or column.",
        "ja": "市場（黄I）を出しましょう。レベルIは1ドゥニエ、レベルIIは3ドゥニエです。新しいカードは自分のカードの"
              "上下左右の隣に置きます（斜めだけでは不可）。2行3列に置きましょう。同じ行の建築家は、その行か列に"
              "建物を置くたびに1ドゥニエをくれます。"},
    "activate": {
        "en": "Now your action: activate the Market. To use a building you put one citizen of its colour on it: the "
              "Market gives 3 deniers. A building with a citizen on it cannot be used again until you gather.",
        "ja": "次はアクションです。市場を活性化しましょう。建物を使うには、同じ色の市民を1つその上に置きます。"
              "市場は3ドゥニエをくれます。市民が乗った建物は、市民集結まで再び使えません。"},
    "bot_gathers": {
        "en": "Bot 2 gathered, a whole action: its laid-down citizens and those on its buildings stand up again. "
              "Citizens are the heart of the game: drawing, activating and earning all use them.",
        "ja": "ボット2は市民集結を行いました（これで1アクション）。寝かせた市民と建物の上の市民がすべて立ち上がります。"
              "カードを引く、建物を活性化する、ドゥニエを得る、どれも市民を使います。"},
    "draw": {
        "en": "Round 11: you need cards. Draw from the White I deck: a draw lays down citizens of the deck's "
              "colour, as many as its level (one here). You take the deck's face-up card, if it has one, or draw two "
              "face down and keep one. Draw two.",
        "ja": "第11ラウンド。カードが必要です。白Iデッキから引きましょう。引くときは、デッキと同じ色の市民を"
              "そのレベルの数（ここでは1つ）寝かせます。表向きのカードがあればそれを取るか、伏せた2枚を引いて"
              "1枚を残します。2枚引きましょう。"},
    "crier": {
        "en": "A town crier came up (one in each deck)! A card was drawn in its place, the crier is out (the decks "
              "count them), and each event got a denier and struck: Royal Tax took 1 denier from each of you, the "
              "Great Fair gave 2, the Mutiny laid down a red citizen of each. An event acts once per denier on it.",
        "ja": "廷吏が出ました（各デッキに1枚）！代わりにもう1枚引かれ、廷吏は場から除かれます（デッキの欄で数えます）。"
              "各イベントに1ドゥニエが置かれて発生しました。王の課税で各自1ドゥニエを失い、大市で2ドゥニエを得て、"
              "反乱で各自の赤の市民を1つ寝かせました。イベントは上のドゥニエの数だけ効果を発揮します。"},
    "pick": {
        "en": "Keep the Hospital (a white I building: activated, it gives 4 deniers). The Pilgrim goes face up on "
              "its deck, for anyone to take.",
        "ja": "病院（白Iの建物：活性化すると4ドゥニエ）を残しましょう。巡礼者は表向きでデッキの上に置かれ、"
              "誰でも取れます。"},
    "prestige": {
        "en": "Round 12 (Bot 2 took 5 deniers with its Exchange). Build the Belfry, a prestige building (★), in your "
              "last cell, for 5 deniers. It scores at the end: per set of one red, one white and one yellow building "
              "or character you show, 4 points for you and 2 for each other player (★4/2).",
        "ja": "第12ラウンド（ボット2は取引所で5ドゥニエ得ました）。最後の空きマスに名声建造物（★）の鐘楼を"
              "5ドゥニエで建てましょう。終了時に得点します：見えている赤・白・黄の建物か人物1組につき、"
              "建てた人は4点、他のプレイヤーは2点です（★4/2）。"},
    "counter": {
        "en": "Now counter the Royal Tax: pay its cost plus the deniers on it (2 + 1) and take it as a rampart. A "
              "rampart is worth 1 point and can stop a bad event from striking you. Only an event with a denier on "
              "it can be countered.",
        "ja": "王の課税に対抗しましょう。コストと上のドゥニエ（2+1）を支払い、城壁として受け取ります。城壁は1点で、"
              "悪いイベントが自分に起きるのを防げます。対抗できるのは、ドゥニエが乗っている（発生済みの）"
              "イベントだけです。"},
    "last_round": {
        "en": "Bot 2 used its Workshop: 2 deniers for a new yellow citizen. Both districts are now full with two "
              "prestige buildings each, so the last round begins (one such district and more town criers out than "
              "players would do too). After it, each player places one final card.",
        "ja": "ボット2は工房を使い、2ドゥニエで黄の市民を1つ得ました。両者の区画が埋まり、どちらも名声建造物が"
              "2枚あるので、最終ラウンドが始まります（そのような区画が1つで、出た廷吏がプレイヤー人数より多い場合も"
              "同じです）。そのあと各プレイヤーが最後のカードを1枚置きます。"},
    "earn": {
        "en": "Your action: earn deniers. Lay down standing citizens of one colour, 2 deniers each: your two yellow "
              "ones make 4. Deniers left over break a tie, and Bot 2's Mint will give you a point per 4 you hold.",
        "ja": "アクションはドゥニエ獲得です。同じ色の立っている市民を寝かせ、1つにつき2ドゥニエ。黄の2つで4ドゥニエです。"
              "残ったドゥニエは同点のときに効き、ボット2の造幣所は4ドゥニエごとにあなたにも1点をくれます。"},
    "rampart": {
        "en": "Bot 2 drew a town crier from Red I: each event gets another denier and strikes again, the Norman Raid "
              "first (2 deniers lost per denier on it). Build your rampart: the raid does nothing to you, and the "
              "rampart still counts its point.",
        "ja": "ボット2が赤Iデッキで廷吏を引きました。各イベントにさらに1ドゥニエが置かれ、また発生します。まずノルマン人"
              "の襲撃（上のドゥニエ1つにつき2ドゥニエを失う）。城壁を建てましょう。襲撃はあなたに効かず、"
              "城壁の1点も残ります。"},
    "strike_again": {
        "en": "The raid took 2 from Bot 2; the Great Fair, now with 2 deniers, gave each of you 4; the Mutiny laid "
              "down your last red citizen. Bot 2 kept one of its two cards, and the other is face up on Red I.",
        "ja": "襲撃でボット2は2ドゥニエを失い、ドゥニエ2つの大市で各自4ドゥニエを得て、反乱であなたの最後の赤の市民が"
              "寝かされました。ボット2は2枚のうち1枚を残し、もう1枚は赤Iデッキの上に表向きです。"},
    "final": {
        "en": "Your final card, chosen secretly; all are revealed together. Place the Hospital on your Chapel (row "
              "1, column 2): a card on one of its own colour covers it, and the covered card keeps only its printed "
              "point. On another colour, the whole stack would leave the district.",
        "ja": "最後のカードを秘密に選びます。全員の分が同時に公開されます。病院を礼拝堂（1行2列）の上に置きましょう。"
              "同じ色のカードの上に置くと重なり、下のカードはカードの点だけが残ります。違う色の上に置くと、"
              "下のカードはすべて区画から出ていきます。"},
    "end": {
        "en": "Game over: you 30, Bot 2 27. You win! Each prestige building scores for every player, its builder at "
              "the higher rate: Bot 2's Tour d'Arras and Mint gave you 5. Your Deacon scored 1 per white building "
              "in its row and column. Bot 2's final card, a Knight, covered its Fort. On a tie, the most deniers win.",
        "ja": "ゲーム終了：あなた30点、ボット2は27点。あなたの勝ちです！名声建造物は全員に得点を与え、建てた人は"
              "高い方の率です。ボット2のアラスの塔と造幣所であなたも5点。助祭は同じ行と列の白の建物1つにつき1点。"
              "ボット2の最後のカードは騎士で、砦に重ねました。同点ならドゥニエの多い人の勝ちです。"},
}
