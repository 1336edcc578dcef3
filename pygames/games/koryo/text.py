"""Koryo strings in English and Japanese: card names, powers, log sentences.

Japanese names follow the seed (the Japanese wiki): 全能者, スパイ, 上院議員, 聖職者,
船主, 銀行家, 守護者, 放送者, 商人, 蛮族, 議会工作.
"""

from __future__ import annotations

from pygames.ui.html import esc
from pygames.ui.i18n import plural, signed, tidy

from . import cards as C

NAMES = {
    "en": {1: "Omniscient", 2: "Spy", 3: "Senator", 4: "Priest", 5: "Ship Owner", 6: "Banker",
           7: "Guardian", 8: "Broadcaster", 9: "Merchant", 10: "Barbarians", 11: "Lobbying"},
    "ja": {1: "全能者", 2: "スパイ", 3: "上院議員", 4: "聖職者", 5: "船主", 6: "銀行家",
           7: "守護者", 8: "放送者", 9: "商人", 10: "蛮族", 11: "議会工作"},
}

POWERS = {
    "en": {
        1: "Wins ties for the most cards when using powers (all powers and protections), "
           "but not for scoring.",
        2: "Action phase: steal 1 gold coin from another player who has one. While you have no "
           "Guardian (7) on your table, Lobbying cannot involve you, and your own Lobbying has no effect.",
        3: "End phase: keep 2 more cards than the round's limit.",
        4: "Action phase: remove one of your own event cards.",
        5: "Order phase: you may play one card each of two different kinds instead.",
        6: "Action phase: take 1 gold coin from the bank (nothing once it is empty).",
        7: "Your cards cannot be destroyed by Barbarians.",
        8: "Distribution phase: you are dealt 1 more card.",
        9: "No power: 9 points.",
        10: "−1 point. In the round it is played: destroy a character card of another player "
            "(once per Barbarian card).",
        11: "−1 point. In the round it is played: swap one character card each between two players "
            "(once per Lobbying card).",
    },
    "ja": {
        1: "能力を使うとき、最多枚数の同数で並んでいても能力を使えます（守りも含む）。"
           "ただし点数計算では効きません。",
        2: "行動フェイズ：金貨を持つ他のプレイヤーから金貨を1枚奪います。場に守護者（7）がない間は、"
           "議会工作の対象にならず、自分の議会工作も効果がありません。",
        3: "終了フェイズ：ラウンドの上限より2枚多く残せます。",
        4: "行動フェイズ：自分のイベントカードを1枚取り除きます。",
        5: "命令フェイズ：代わりに2種類のカードを1枚ずつ出せます。",
        6: "行動フェイズ：銀行から金貨を1枚受け取ります（銀行が空なら無効）。",
        7: "自分のカードは蛮族で破壊されません。",
        8: "配布フェイズ：1枚多く配られます。",
        9: "能力なし。9点。",
        10: "−1点。出したラウンドに、他のプレイヤーのキャラクターカードを1枚破壊します（1枚ごとに1回）。",
        11: "−1点。出したラウンドに、2人のキャラクターカードを1枚ずつ交換します（1枚ごとに1回）。",
    },
}


def card_name(kind: int, lang: str) -> str:
    return NAMES[lang][kind]


def card_label(kind: int, lang: str) -> str:
    """'(6) Banker' / '（6）銀行家'; events show their −1."""
    number = "−1" if kind in C.EVENTS else str(kind)
    return f"({number}) {NAMES[lang][kind]}" if lang == "en" else f"（{number}）{NAMES[lang][kind]}"


def cards_phrase(kinds: list[int], lang: str) -> str:
    """'2 × (9) Merchant, 1 × (−1) Barbarians' (escaped)."""
    counts: dict[int, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    if not counts:
        return "—" if lang == "en" else "なし"
    sep = ", " if lang == "en" else "、"
    return sep.join(f'{n} × <span class="koryo-log-card" data-zoom="koryo:{k}" tabindex="0">'
                    f'{esc(card_label(k, lang))}</span>' for k, n in counts.items())


def name(seat: int, names: list[str]) -> str:
    return f'<b class="name">{esc(names[seat])}</b>'


UI = {
    "en": {
        "round": "Round {r}/{total}", "deal": "Deal {n}", "limit": "Table limit {n}",
        "play_cap": "Play up to {n}", "bank": "Bank", "deck": "Deck", "first": "First player",
        "gold": "gold", "hand": "Your hand", "facedown": "{n} face down", "events": "Events",
        "majority": "majority", "power_tie": "power (Omniscient tie)", "tied": "tied",
        "you": "you", "phase_order": "Order phase",
        "phase_action": "Action phase", "phase_end": "End phase", "phase_over": "Game over",
        "revealed": "revealed", "waiting": "to reveal", "your_play": "Your face-down play",
        "score": "Score", "total": "Total", "coins": "Gold", "characters": "Characters",
        "winner": "Winner", "winners": "Winners (tie)",
        "tiebreak": "Highest total wins. The rules give no tie-break: tied players share the victory.",
        "scoring_rule": "Each character scores its number for the one player with strictly the most "
                        "cards of it (ties score nothing; the Omniscient does not help); each event card "
                        "−1; each gold coin +1.",
        "empty": "—",
    },
    "ja": {
        "round": "第{r}/{total}ラウンド", "deal": "配布 {n}枚", "limit": "場札上限 {n}枚",
        "play_cap": "出せる枚数 {n}枚まで", "bank": "銀行", "deck": "山札", "first": "ターンプレイヤー",
        "gold": "金貨", "hand": "あなたの手札", "facedown": "伏せ札 {n}枚", "events": "イベント",
        "majority": "最多", "power_tie": "能力（全能者で同数）", "tied": "同数",
        "you": "あなた", "phase_order": "命令フェイズ",
        "phase_action": "行動フェイズ", "phase_end": "終了フェイズ", "phase_over": "ゲーム終了",
        "revealed": "公開済み", "waiting": "未公開", "your_play": "あなたの伏せ札",
        "score": "得点", "total": "合計", "coins": "金貨", "characters": "キャラクター",
        "winner": "勝者", "winners": "勝者（同点）",
        "tiebreak": "合計点が最も高いプレイヤーの勝ち。同点の決着ルールはないため、同点のプレイヤー全員が勝者です。",
        "scoring_rule": "各キャラクターは、最も多く出しているただ一人のプレイヤーにその数字の点数"
                        "（同数なら誰にも入らず、"
                        "全能者も効きません）。イベントカードは1枚−1点、金貨は1枚+1点。",
        "empty": "なし",
    },
}


def ui(key: str, lang: str, **params: object) -> str:
    text = UI[lang][key]
    return text.format(**params) if params else text


def log_line(entry: dict, lang: str, names: list[str]) -> str:
    """One log entry as an HTML-safe sentence (names in <b class=\"name\">)."""
    return tidy(_log_line(entry, lang, names), lang)


def _log_line(entry: dict, lang: str, names: list[str]) -> str:
    """One log entry as an HTML-safe sentence."""
    p = entry.get("params", {})
    key = entry["key"]
    en = lang == "en"

    def who(field: str = "seat") -> str:
        return name(p[field], names)

    def card(field: str = "kind") -> str:
        return esc(card_label(p[field], lang))

    if key == "round":
        deal = p["deal"]
        sizes = ", ".join(f"{name(s, names)} {n}" for s, n in enumerate(deal)) if en else \
            "、".join(f"{name(s, names)} {n}枚" for s, n in enumerate(deal))
        text = (f"Round {p['round']}: {name(p['first'], names)} plays first. Cards dealt: {sizes}. "
                f"Table limit {p['limit']}." if en else
                f"第{p['round']}ラウンド：ターンプレイヤーは{name(p['first'], names)}。"
                f"配布：{sizes}。場札上限{p['limit']}枚。")
        if p.get("broadcaster") is not None:
            text += (f" {name(p['broadcaster'], names)} gets 1 more card for the {esc(card_label(8, lang))}." if en else
                     f"{name(p['broadcaster'], names)}は{esc(card_label(8, lang))}で1枚多く受け取りました。")
        return text
    if key == "no_play":
        return f"{who()} has no cards and plays nothing." if en else f"{who()}は手札がなく、何も出しません。"
    if key == "placed":
        return (f"{who()} places {plural(p['count'], 'card', 'cards')} face down and discards "
                f"{p['discarded']} from hand." if en else
                f"{who()}はカードを{p['count']}枚伏せて出し、手札{p['discarded']}枚を捨てました。")
    if key == "placed_you":
        # a line only this seat sees: its name, not "You (name)", which nested the name's brackets
        return (f"{who()} placed {cards_phrase(p['cards'], lang)} face down (only you see which)." if en else
                f"{who()}は{cards_phrase(p['cards'], lang)}を伏せました（あなただけに見えます）。")
    if key == "reveal":
        return (f"{who()} reveals {cards_phrase(p['cards'], lang)}." if en else
                f"{who()}は{cards_phrase(p['cards'], lang)}を公開しました。")
    if key == "steal":
        return (f"{who()} steals 1 gold coin from {who('target')} with the {esc(card_label(2, lang))}." if en else
                f"{who()}（{esc(NAMES[lang][2])}）は{who('target')}から金貨を1枚奪いました。")
    if key == "no_steal":
        return (f"{who()}'s {esc(card_label(2, lang))} has no effect: no other player has gold." if en else
                f"{who()}（{esc(NAMES[lang][2])}）：金貨を持つ他のプレイヤーがいないため無効です。")
    if key == "priest":
        return (f"{who()} removes their own {card()} card with the {esc(card_label(4, lang))}." if en else
                f"{who()}（{esc(NAMES[lang][4])}）は自分の{card()}を1枚取り除きました。")
    if key == "no_priest":
        return (f"{who()}'s {esc(card_label(4, lang))} has no event card to remove." if en else
                f"{who()}（{esc(NAMES[lang][4])}）：取り除くイベントカードがありません。")
    if key == "bank":
        return (f"{who()} takes 1 gold coin from the bank with the {esc(card_label(6, lang))}." if en else
                f"{who()}（{esc(NAMES[lang][6])}）は銀行から金貨を1枚受け取りました。")
    if key == "bank_empty":
        return (f"{who()}'s {esc(card_label(6, lang))} has no effect: the bank is empty." if en else
                f"{who()}（{esc(NAMES[lang][6])}）：銀行に金貨がないため無効です。")
    if key == "destroy":
        return (f"{who()}'s {esc(card_label(10, lang))} destroy a {card()} of {who('target')}." if en else
                f"{who()}（{esc(NAMES[lang][10])}）は{who('target')}の{card()}を1枚破壊しました。")
    if key == "no_destroy":
        return (f"{who()}'s {esc(card_label(10, lang))} find no card to destroy." if en else
                f"{who()}（{esc(NAMES[lang][10])}）：破壊できるカードがありません。")
    if key == "swap":
        return (f"{who()}'s {esc(card_label(11, lang))} swaps {who('a')}'s {card('ka')} with "
                f"{who('b')}'s {card('kb')}." if en else
                f"{who()}（{esc(NAMES[lang][11])}）は{who('a')}の{card('ka')}と{who('b')}の{card('kb')}を交換しました。")
    if key == "no_swap":
        return (f"{who()}'s {esc(card_label(11, lang))} has no effect: no swap is possible." if en else
                f"{who()}（{esc(NAMES[lang][11])}）：交換できるカードがありません。")
    if key == "lobby_blocked":
        return (f"{who()} holds the {esc(card_label(2, lang))} majority without a Guardian and cannot use "
                f"{esc(card_label(11, lang))}." if en else
                f"{who()}は守護者なしで{esc(card_label(2, lang))}を最も多く出しているため、"
                f"{esc(card_label(11, lang))}を使えません。")
    if key == "must_discard":
        extra = (f", +2 for the {esc(card_label(3, lang))}" if en else f"（{esc(card_label(3, lang))}で+2）") \
            if p.get("senator") else ""
        return (f"{who()} must discard {plural(p['count'], 'card', 'cards')}: "
                f"the limit is {p['limit']}{extra}." if en else
                f"{who()}は場札を{p['limit']}枚{extra}にするため{p['count']}枚捨てます。")
    if key == "discard":
        return (f"{who()} discards {p['count']} × {card()}." if en else
                f"{who()}は{card()}を{p['count']}枚捨てました。")
    if key == "game_end":
        totals = ", ".join(f"{name(s, names)} {signed(t)}" for s, t in enumerate(p["totals"])) if en else \
            "、".join(f"{name(s, names)} {signed(t)}点" for s, t in enumerate(p["totals"]))
        won = (" and " if en else "と").join(name(s, names) for s in p["winners"])
        winner = "Winner" if len(p["winners"]) == 1 else "Winners"
        return (f"Game over. Scores: {totals}. {winner}: {won}." if en else
                f"ゲーム終了。得点：{totals}。勝者：{won}。")
    return esc(key)


# ------------------------------------------------------------------ rules help (table dialog)
#: a short rules summary, HTML-safe markup (the full rules: docs/rules/koryo.md)
RULES_SUMMARY = {
    "en": (
        "<p><b>Goal:</b> the most points after 8 rounds.</p>"
        "<p><b>Cards:</b> 45 characters (kind 1–9 has that many copies and is worth that many points) and "
        "10 events (Barbarians, Lobbying: −1 each), all in one deck; a bank of 8 gold coins (+1 each).</p>"
        "<p><b>A round:</b> everyone is dealt 11 − round cards (10, 9 … 3). In turn, each places face down "
        "cards of <b>one kind</b>, at most round + 2; the rest of the hand is discarded. Then each reveals "
        "them onto their table and uses the powers of the majorities they hold (Spy, Priest, Banker) and "
        "their events. At the end each table is cut down to the round's limit (events are never "
        "discarded).</p>"
        "<p><b>Majority:</b> strictly more cards of a kind than anyone else. Powers go to the majority; "
        "the Omniscient (1) wins ties for powers only.</p>"
        "<p><b>Scoring:</b> each kind scores its number for its strict majority; −1 per event on your "
        "table; +1 per coin. Tied players share the victory.</p>"),
    "ja": (
        "<p><b>目的：</b>8ラウンド後に最も多くの点を得ること。</p>"
        "<p><b>カード：</b>キャラクター45枚（数字1〜9、その数だけ枚数があり、その数の点）とイベント10枚"
        "（蛮族・議会工作、各−1点）を1つの山札に。銀行に金貨8枚（各+1点）。</p>"
        "<p><b>ラウンド：</b>各自に11−ラウンド数の枚数（10、9…3枚）を配る。順に、<b>1種類</b>のカードを"
        "ラウンド数+2枚まで裏向きで出し、残りの手札は捨てる。次に順に公開して自分の場に置き、"
        "過半数の能力（スパイ・聖職者・銀行家）とイベントを使う。最後に場をラウンドの上限まで減らす"
        "（イベントは捨てない）。</p>"
        "<p><b>過半数：</b>ある種類を他の誰よりも多く持つこと。能力は過半数の持ち主が使う。"
        "全能者（1）は能力の同数だけを制する。</p>"
        "<p><b>得点：</b>各種類はその過半数の持ち主に数字の点、場のイベント1枚につき−1点、金貨1枚につき+1点。"
        "同点なら勝利を分け合う。</p>"),
}


def card_reference(lang: str) -> list[dict]:
    """Every kind of card: name, power, copies in the deck (plain text)."""
    lang = "ja" if lang == "ja" else "en"
    kind_char = {"en": "Character", "ja": "キャラクター"}[lang]
    kind_event = {"en": "Event", "ja": "イベント"}[lang]
    events = C.EVENT_SPLITS[C.DEFAULT_EVENT_SPLIT]
    result = []
    for kind in C.KINDS:
        is_event = kind in C.EVENTS
        count = events[C.EVENTS.index(kind)] if is_event else kind
        result.append({"name": card_label(kind, lang), "text": POWERS[lang][kind],
                       "kind": kind_event if is_event else kind_char, "count": count,
                       "key": str(kind), "art": str(kind)})
    return result


# ---------------------------------------------------------------- the guided first game (tutorial.py)
#: each note of the tutorial by key (the bot is named as the table names it: Bot 2)
TUTORIAL_NOTES = {
    "theme": {
        "en": "Korea, in the age of the Koryo dynasty: nine great families vie for power. Each card is a member "
              "of a family, numbered 1 to 9; a family of number n has n members. You win a family's favour by "
              "gathering its members on your table.",
        "ja": "高麗王朝の時代、9つの名家が権力を争っています。カードはそれぞれ一族の一員で、1〜9の番号があり、"
              "番号nの一族はn人います。一族の者を自分の場に集めて、その一族の支持を得ましょう。"},
    "goal": {
        "en": "Goal: the most points after round 8. A family scores its number for the one player with strictly "
              "more of its cards on their table than anyone else (its majority). Each gold coin is +1, each event "
              "card on your table −1. Your rival is Bot 2.",
        "ja": "目的：8ラウンド後に最も多くの点を得ること。各一族は、その札を誰よりも多く（同数は不可）場に持つ人"
              "（過半数）に、番号と同じ点を与えます。金貨1枚につき+1点、場のイベントカード1枚につき−1点。"
              "相手はボット2です。"},
    "late": {
        "en": "This lesson joins a game in round 7 of 8: the tables show what rounds 1 to 6 brought. You lead the "
              "Merchants (9), Bankers (6), Ship Owners (5) and the Omniscient (1); Bot 2 leads the Broadcasters (8), Senators (3), "
              "Priests (4) and the Spy (2).",
        "ja": "このレッスンは全8ラウンド中の第7ラウンドから始まります。場には第1〜6ラウンドの結果が並んでいます。"
              "あなたは（9）商人・（6）銀行家・（5）船主・（1）全能者の過半数を、ボット2は（8）放送者・（3）上院議員・（4）聖職者・"
              "（2）スパイの過半数を持っています。"},
    "play": {
        "en": "Each round you play cards of one family face down, at most the round + 2 (9 in round 7); the rest "
              "of your hand is discarded back into the deck. Play your three Merchants: 6 against none keeps "
              "their 9 points safe.",
        "ja": "各ラウンド、1つの一族のカードを裏向きで出します。出せるのはラウンド数+2枚まで（第7ラウンドは9枚）。"
              "残りの手札は山札に捨てます。商人3枚を出しましょう。6対0で9点が安泰です。"},
    "bot_plays": {
        "en": "Bot 2 plays face down: you see only how many cards it played and discarded. Then each player in "
              "turn reveals their cards and uses the powers of the families they lead.",
        "ja": "ボット2が裏向きで出します。見えるのは出した枚数と捨てた枚数だけです。そのあと順に公開し、"
              "過半数を持つ一族の能力を使います。"},
    "powers": {
        "en": "Powers at work (see the log): your Bankers (6) took a coin from the bank; Bot 2's Spy (2) stole "
              "it from you; its Priests (4) removed its own Barbarian, saving the −1. A power belongs to the "
              "majority; on a tie the player with the Omniscient (1) uses it.",
        "ja": "能力の発動（ログを参照）：あなたの（6）銀行家が銀行から金貨1枚、ボット2の（2）スパイがそれをあなたから"
              "奪い、（4）聖職者が自分の蛮族を取り除いて−1点を避けました。能力は過半数の持ち主のもの。同数なら"
              "（1）全能者を持つ人が使います。"},
    "limit": {
        "en": "End of the round: a table keeps at most the round + 2 cards (9 now). You have 11, so you discard 2 "
              "characters of your choice. Bot 2 leads the Senators (3): it keeps 2 more, so its 10 cards stay.",
        "ja": "ラウンドの終わり：場に残せるのはラウンド数+2枚（今は9枚）まで。あなたは11枚なので、"
              "好きなキャラクターを2枚捨てます。ボット2は（3）上院議員の過半数で2枚多く残せるので、10枚のままです。"},
    "discard_one": {
        "en": "Give up the Omniscient (1): it is worth 1 point, and its tie-break is not needed here.",
        "ja": "（1）全能者を手放しましょう。1点だけで、ここでは同数を制する力も要りません。"},
    "discard_five": {
        "en": "Then a Ship Owner (5): one against Bot 2's none still holds the majority.",
        "ja": "次に（5）船主を1枚。0枚のボット2に対し1枚でも過半数は保てます。"},
    "round8": {
        "en": "Round 8, the last: 3 cards each, and Bot 2 got one more for its Broadcasters (8). The first player "
              "moves on each round, so Bot 2 plays first.",
        "ja": "最終第8ラウンド：各3枚。ボット2は（8）放送者の過半数で1枚多く配られました。ターンプレイヤー（⚑）は"
              "毎ラウンド移るので、今回はボット2が先です。"},
    "ship_owner": {
        "en": "You drew a Barbarian, an event card. Your Ship Owner (5) majority lets you play one card each of "
              "two kinds: play the Merchant with the Barbarian.",
        "ja": "イベントカードの蛮族を引きました。（5）船主の過半数があると2種類を1枚ずつ出せます。"
              "商人と蛮族を一緒に出しましょう。"},
    "barbarian": {
        "en": "An event acts in the round it is played: your Barbarian destroys a character of another player "
              "(one who leads the Guardians (7) would be safe). Destroy Bot 2's only Spy: its 2 points are gone. "
              "The Barbarian stays on your table: −1.",
        "ja": "イベントは出したラウンドに効果があります。蛮族は他のプレイヤーのキャラクターを1枚破壊します。"
              "ただし（7）守護者の過半数を持つ人は守られます。ボット2の唯一のスパイを破壊し、2点を奪いましょう。"
              "蛮族はあなたの場に残り−1点です。"},
    "last_discard": {
        "en": "Round 8 keeps 10 cards and you have 11: the Barbarian counts, but events are never discarded. "
              "Discard a Merchant: 6 still beat none.",
        "ja": "第8ラウンドは10枚まで、あなたは11枚です。蛮族も数えますが、イベントは捨てられません。"
              "商人を1枚捨てましょう。6対0のままです。"},
    "end": {
        "en": "Game over. You: Merchants 9 + Bankers 6 + Ship Owners 5 − 1 Barbarian + 1 coin = 20. Bot 2: "
              "Broadcasters 8 + Priests 4 + Senators 3 + 2 coins = 17. You win! Lobbying and the Guardians are "
              "in the rules.",
        "ja": "ゲーム終了。あなた：商人9＋銀行家6＋船主5−蛮族1＋金貨1＝20点。ボット2：放送者8＋聖職者4＋"
              "上院議員3＋金貨2＝17点。あなたの勝ちです！議会工作と守護者はルールで確認できます。"},
}
