"""Oriflamme strings in English and Japanese: card names, UI words, log lines.

Japanese card names follow the BGA Japanese help page (the seed): 射手, 兵士, 密偵, 世継ぎ,
暗殺, 勅命, 侯爵, 転身者, 待ち伏せ, 陰謀; influence is 影響点.
"""

from __future__ import annotations

from ...ui.html import esc
from ...ui.i18n import tidy
from . import cards

LANGS = ("en", "ja")

UI = {
    "influence": {"en": "influence", "ja": "影響点"},
    "ip_short": {"en": "IP", "ja": "点"},
    "supply": {"en": "Influence supply", "ja": "影響点の山"},
    "round": {"en": "Round {r}/{n}", "ja": "ラウンド {r}/{n}"},
    "phase_place": {"en": "Placement", "ja": "配置フェイズ"},
    "phase_resolve": {"en": "Resolution", "ja": "解決フェイズ"},
    "phase_over": {"en": "Game over", "ja": "ゲーム終了"},
    "first_player": {"en": "First player", "ja": "スタートプレイヤー"},
    "hand": {"en": "Your hand", "ja": "あなたの手札"},
    "hand_count": {"en": "{n} in hand", "ja": "手札{n}枚"},
    "removed": {"en": "Your removed cards (only you see them)", "ja": "除外されたカード（あなたのみ公開）"},
    "discard": {"en": "Discarded and eliminated cards", "ja": "捨て札（公開）"},
    "queue": {"en": "The queue (resolves from the left)", "ja": "カード列（左から解決）"},
    "empty_queue": {"en": "The queue is empty.", "ja": "カード列は空です。"},
    "none": {"en": "none", "ja": "なし"},
    "face_down": {"en": "face down", "ja": "裏向き"},
    "below": {"en": "+{n} below", "ja": "下に{n}枚"},
    "under": {"en": "under it", "ja": "下のカード"},
    "hidden": {"en": "hidden card", "ja": "裏向きのカード"},
    "left_end": {"en": "Left end", "ja": "左端"},
    "right_end": {"en": "Right end", "ja": "右端"},
    "center": {"en": "Centre", "ja": "中央"},
    "on_card": {"en": "On card {n}", "ja": "{n}番目のカードの上"},
    "play_card": {"en": "Play {card}", "ja": "{card}を出す"},
    "card_n": {"en": "Card {n}", "ja": "{n}番目のカード"},
    "gap_n": {"en": "Move before card {n}", "ja": "{n}番目のカードの前へ移動"},
    "gap_end": {"en": "Move to the end", "ja": "最後尾へ移動"},
    "onto_n": {"en": "Move onto card {n}", "ja": "{n}番目のカードの上へ移動"},
    "player_n": {"en": "Player {n}", "ja": "プレイヤー{n}"},
    "reveal": {"en": "Reveal", "ja": "表にする"},
    "leave": {"en": "Leave face down (+1 influence on it)", "ja": "表にしない（カードに1影響点）"},
    "now": {"en": "now", "ja": "解決中"},
    "you": {"en": "you", "ja": "あなた"},
    "to_move": {"en": "to play", "ja": "手番"},
    # prompts
    "p_place": {"en": "{name}: place a card face down (choose a card, then where).",
                "ja": "{name}：カードを1枚裏向きに配置してください（カード→場所）。"},
    "p_place_other": {"en": "{name} is placing a card.", "ja": "{name}がカードを配置しています。"},
    "p_reveal": {"en": "{name}: reveal card {n} or leave it face down?",
                 "ja": "{name}：{n}番目のカードを表にしますか、表にせず影響点を乗せますか?"},
    "p_target": {"en": "{name}: {card} — choose the card to eliminate.",
                 "ja": "{name}：{card} — 排除するカードを選んでください。"},
    "p_spy": {"en": "{name}: Spy — choose the player to steal 1 influence from.",
              "ja": "{name}：密偵 — 1影響点を奪うプレイヤーを選んでください。"},
    "p_copy": {"en": "{name}: Shapeshifter — choose the revealed card to copy.",
               "ja": "{name}：転身者 — コピーする表向きのカードを選んでください。"},
    "p_move": {"en": "{name}: Royal Decree — choose a card, then where it goes.",
               "ja": "{name}：勅命 — 移動するカードと移動先を選んでください。"},
    "p_wait": {"en": "Waiting for {name}.", "ja": "{name}の手番です。"},
    "p_over": {"en": "The game is over.", "ja": "ゲーム終了。"},
    # game over
    "go_title": {"en": "Final scores", "ja": "最終結果"},
    "go_player": {"en": "Player", "ja": "プレイヤー"},
    "go_ip": {"en": "Influence", "ja": "影響点"},
    "go_cards": {"en": "Own cards in the queue", "ja": "場に残った自分のカード"},
    "go_winner": {"en": "Winner", "ja": "勝者"},
    "go_rule": {"en": "Most influence wins; influence left on cards does not count.",
                "ja": "影響点が最も多いプレイヤーの勝利。場のカード上の影響点は数えません。"},
    "go_tie": {"en": "Tie on influence between {names}: the one with the most own cards left in the queue "
                     "(covered cards included) wins.",
               "ja": "{names}が影響点で同点：場に残った自分のカード（スタックの下も含む）が最も多いプレイヤーの勝利。"},
    "go_shared": {"en": "Still tied: shared victory.", "ja": "それでも同点のため、勝利を分け合います。"},
    "go_single": {"en": "{name} wins.", "ja": "{name}の勝利。"},
    "go_shared_win": {"en": "{names} share the victory.", "ja": "{names}の勝利（同点）。"},
}


def t(key: str, lang: str, **params: object) -> str:
    """A UI string (plain text, not escaped: escape it where it goes into markup)."""
    entry = UI[key]
    text = entry.get(lang, entry["en"])
    return text.format(**params) if params else text


def card_name(kind: str, lang: str) -> str:
    return cards.NAMES[kind].get(lang, cards.NAMES[kind]["en"])


def card_text(kind: str, lang: str) -> str:
    return cards.TEXTS[kind].get(lang, cards.TEXTS[kind]["en"])


def _name(names: list[str], seat: int | None) -> str:
    if seat is None:
        return ""
    label = names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"
    return f'<b class="name">{esc(label)}</b>'


def _card(kind: str | None, lang: str) -> str:
    if kind is None:
        return f'<span class="oriflamme-log-card">{esc(t("hidden", lang))}</span>'
    return (f'<span class="oriflamme-log-card" data-zoom="oriflamme:{esc(kind)}" tabindex="0">'
            f'{esc(card_name(kind, lang))}</span>')


def _list_names(names: list[str], seats: list[int], lang: str) -> str:
    sep = "、" if lang == "ja" else ", "
    return sep.join(_name(names, s) for s in seats)


_PLACE_AT = {
    "left": {"en": "at the left end", "ja": "左端に"},
    "right": {"en": "at the right end", "ja": "右端に"},
    "center": {"en": "in the centre", "ja": "中央に"},
    "stack": {"en": "on one of their own cards", "ja": "自分のカードの上に"},
}


def log_line(entry: dict, lang: str, names: list[str]) -> str:
    """One log entry as an HTML-safe sentence (names in <b class=\"name\">)."""
    return tidy(_log_line(entry, lang, names), lang)


def _log_line(entry: dict, lang: str, names: list[str]) -> str:
    """One log entry as an HTML-safe sentence."""
    if lang not in LANGS:
        lang = "en"
    key = entry.get("key")
    p = entry.get("params", {})
    ja = lang == "ja"
    who = _name(names, p.get("seat")) if "seat" in p else ""
    if key == "removed":
        cards_ = "、".join(_card(k, lang) for k in p["cards"]) if ja else ", ".join(_card(k, lang) for k in p["cards"])
        return f"除外されたあなたのカード：{cards_}" if ja else f"Your cards removed from the game: {cards_}."
    if key == "start":
        order = " → ".join(_name(names, s) for s in p["seating"])
        first = _name(names, p["first"])
        return f"席順：{order}。スタートプレイヤー：{first}" if ja else \
            f"Seating order (clockwise): {order}. First player: {first}."
    if key == "round":
        first = _name(names, p["first"])
        return f"ラウンド{p['round']}/{cards.ROUNDS}開始。スタートプレイヤー：{first}" if ja else \
            f"Round {p['round']} of {cards.ROUNDS} begins; {first} places first."
    if key == "resolve":
        return f"ラウンド{p['round']}の解決フェイズ（左から）" if ja else \
            f"Resolution of round {p['round']} (from the left)."
    if key == "place":
        where = _PLACE_AT[p["at"]][lang]
        if p["at"] == "stack":
            extra = f"（スタック{p['height']}枚）" if ja else f" (a stack of {p['height']})"
        else:
            extra = ""
        return f"{who}がカードを{where}裏向きで置きました{extra}" if ja else \
            f"{who} places a card face down {where}{extra}."
    if key == "place_own":
        where = _PLACE_AT[p["at"]][lang]
        return f"（あなたは{_card(p['card'], lang)}を{where}置きました）" if ja else \
            f"(You placed your {_card(p['card'], lang)} {where}.)"
    if key == "leave":
        return f"{who}はカードを表にせず、影響点を乗せました（カード上{p['ip']}）" if ja else \
            f"{who} leaves their card face down: it now holds {p['ip']} influence."
    if key == "reveal":
        return f"{who}が{_card(p['card'], lang)}を表にし、{p['ip']}影響点を獲得" if ja else \
            f"{who} reveals {_card(p['card'], lang)} and takes the {p['ip']} influence on it."
    if key == "reveal_ambush":
        return f"{who}が自分の{_card('ambush', lang)}を表にしました：" \
               f"カード上の{p['lost']}影響点を破棄し、1影響点を獲得" \
            if ja else f"{who} reveals their own {_card('ambush', lang)}: the {p['lost']} influence on it " \
                       f"go back to the supply, {who} gains 1, and the Ambush is discarded."
    if key == "reveal_conspiracy":
        return f"{who}が{_card('conspiracy', lang)}を表にし、{p['ip']}の2倍の{p['gain']}影響点を獲得" if ja else \
            f"{who} reveals {_card('conspiracy', lang)}: twice its {p['ip']} influence, +{p['gain']}; " \
            f"it is discarded."
    via = ""
    if p.get("via"):
        via = f"（{_card('shapeshifter', lang)}のコピー）" if ja else f" (copied by {_card('shapeshifter', lang)})"
    if key == "no_target":
        return f"{who}の{_card(p['card'], lang)}{via}：対象がないので何も起きません" if ja else \
            f"{who}'s {_card(p['card'], lang)}{via} has no target: nothing happens."
    if key == "spy_none":
        return f"{who}の{_card('spy', lang)}{via}：隣接する他プレイヤーのカードがないので何も得られません" if ja else \
            f"{who}'s {_card('spy', lang)}{via} has no other player's card next to it: nothing happens."
    if key == "heir_none":
        name = _card("shapeshifter" if p.get("via") else "heir", lang)
        return f"{who}の{_card('heir', lang)}{via}：他に表向きの{name}があるので得点なし" if ja else \
            f"{who}'s {_card('heir', lang)}{via} gains nothing: another revealed {name} is in the queue."
    if key == "gain":
        if p["card"] == "eliminate":
            return f"{who}は排除により{p['n']}影響点を獲得" if ja else f"{who} gains {p['n']} for the elimination."
        return f"{who}の{_card(p['card'], lang)}{via}：{p['n']}影響点を獲得" if ja else \
            f"{who}'s {_card(p['card'], lang)}{via} gains {p['n']} influence."
    if key == "copy":
        return f"{who}の{_card('shapeshifter', lang)}が{_card(p['card'], lang)}の能力をコピー" if ja else \
            f"{who}'s {_card('shapeshifter', lang)} copies the ability of {_card(p['card'], lang)}."
    if key == "copy_none":
        return f"{who}の{_card('shapeshifter', lang)}：隣接する表向きのカードがないので何も起きません" if ja else \
            f"{who}'s {_card('shapeshifter', lang)} has no revealed card next to it to copy: nothing happens."
    if key == "discard":
        return f"{who}の{_card(p['card'], lang)}は使い切りのため捨て札になりました" if ja else \
            f"{who}'s {_card(p['card'], lang)} is used up and discarded."
    if key == "eliminate":
        owner = _name(names, p["owner"])
        lost = ""
        if p["lost"]:
            lost = f"（カード上の{p['lost']}影響点はサプライへ）" if ja else \
                f" ({p['lost']} influence on it go back to the supply)"
        if p["owner"] == p["seat"] and p["victim"] == p["card"] and p["ability"] == "archer":
            return f"{who}の{_card(p['card'], lang)}が自分自身を排除{lost}" if ja else \
                f"{who}'s {_card(p['card'], lang)} eliminates itself{lost}."
        return f"{who}の{_card(p['card'], lang)}{via}が{owner}の{_card(p['victim'], lang)}を排除{lost}" if ja else \
            f"{who}'s {_card(p['card'], lang)}{via} eliminates {owner}'s {_card(p['victim'], lang)}{lost}."
    if key == "ambush":
        attacker = _name(names, p["attacker"])
        return f"待ち伏せ!{who}は{p['n']}影響点を獲得し、{attacker}の{_card(p['card'], lang)}を排除" if ja else \
            f"Ambush! {who} gains {p['n']} and {attacker}'s {_card(p['card'], lang)} is eliminated."
    if key == "ambush_own":
        return f"自分の{_card('ambush', lang)}だったため、{who}は1影響点を獲得" if ja else \
            f"It was {who}'s own {_card('ambush', lang)}: {who} gains 1 as for revealing it."
    if key == "ambush_decree":
        attacker = _name(names, p["attacker"])
        return f"待ち伏せ!{attacker}の{_card('decree', lang)}が{who}の{_card('ambush', lang)}を動かそうとしました：" \
               f"{who}は{p['n']}影響点を獲得し、待ち伏せは捨て札に" if ja else \
            f"Ambush! {attacker}'s {_card('decree', lang)} tried to move {who}'s {_card('ambush', lang)}: " \
            f"{who} gains {p['n']} and the Ambush is discarded."
    if key == "steal":
        victim = _name(names, p["victim"])
        if not p["n"]:
            return f"{who}の{_card('spy', lang)}{via}：{victim}は影響点を持っていません" if ja else \
                f"{who}'s {_card('spy', lang)}{via} finds nothing to steal from {victim}."
        return f"{who}の{_card('spy', lang)}{via}が{victim}から1影響点を奪いました" if ja else \
            f"{who}'s {_card('spy', lang)}{via} steals 1 influence from {victim}."
    if key == "move":
        owner = _name(names, p["owner"])
        moved = _card(p.get("card"), lang)
        if "gap" in p:
            where = (f"{p['gap'] + 1}番目の位置へ" if ja else f"to position {p['gap'] + 1}")
        else:
            where = (f"{p['onto'] + 1}番目のカードの上へ" if ja else f"onto card {p['onto'] + 1}")
        return f"{who}の{_card('decree', lang)}：{owner}の{moved}（{p['src'] + 1}番目）を{where}移動" if ja else \
            f"{who}'s {_card('decree', lang)} moves {owner}'s {moved} (card {p['src'] + 1}) {where}."
    if key == "round_end":
        return f"ラウンド{p['round']}終了" if ja else f"End of round {p['round']}."
    if key == "end":
        winners = _list_names(names, p["winners"], lang)
        return f"ゲーム終了。勝者：{winners}" if ja else f"The game is over. Winner: {winners}."
    return esc(f"{key} {p}")


# ------------------------------------------------------------------ rules help (table dialog)
#: a short rules summary, HTML-safe markup (the full rules: docs/rules/oriflamme.md)
RULES_SUMMARY = {
    "en": (
        "<p><b>Goal:</b> have the most influence after 6 rounds.</p>"
        "<p><b>Setup:</b> each player has a family of 10 cards; 3 are removed at random (seen only by their "
        "owner), 7 are the hand. Everyone starts with 1 influence.</p>"
        "<p><b>Placement:</b> from the first player, each places one card face down at either end of the "
        "shared queue, or on top of one of their own cards (covered cards take no part).</p>"
        "<p><b>Resolution:</b> from left to right, each face-down top card's owner either <b>reveals</b> it "
        "(takes the influence on it and applies its ability) or <b>leaves</b> it (1 influence is put on it). "
        "Face-up cards act every round. Assassination, Royal Decree, Ambush and Conspiracy are discarded "
        "after use. An eliminated card's influence goes back to the supply.</p>"
        "<p><b>End:</b> after round 6, most influence wins; a tie goes to the most own cards in the queue "
        "(covered ones included); still tied, the victory is shared.</p>"),
    "ja": (
        "<p><b>目的：</b>6ラウンド後に最も多くの影響点を持つこと。</p>"
        "<p><b>準備：</b>各プレイヤーは10枚の家族カードを持ち、3枚を無作為に除外（本人だけが見られる）、7枚が手札。"
        "全員1影響点から始める。</p>"
        "<p><b>配置：</b>スタートプレイヤーから順に、カード1枚を裏向きで列の左端か右端、または自分のカードの上に置く"
        "（下になったカードは効果を持たない）。</p>"
        "<p><b>解決：</b>左から順に、裏向きの一番上のカードの持ち主は<b>公開</b>する（上の影響点を得て能力を使う）か、"
        "<b>そのまま</b>にする（影響点1を置く）。表向きのカードは毎ラウンド能力を使う。暗殺・勅命・待ち伏せ・陰謀は"
        "使用後に捨てられる。排除されたカードの影響点はストックに戻る。</p>"
        "<p><b>終了：</b>6ラウンド後、影響点が最も多いプレイヤーの勝ち。同点なら列に残る自分のカード（下のカードも含む）"
        "が多い方、さらに同点なら勝利を分け合う。</p>"),
}

_KIND_LABEL = {"character": {"en": "Character", "ja": "人物"}, "one-shot": {"en": "One-shot", "ja": "使い切り"}}


def card_reference(lang: str) -> list[dict]:
    """Every card of a family: name, ability, kind, copies per player (plain text)."""
    lang = "ja" if lang == "ja" else "en"
    return [{"name": card_name(kind, lang), "text": card_text(kind, lang),
             "kind": _KIND_LABEL["one-shot" if kind in cards.ONE_SHOT else "character"][lang], "count": 1,
             "key": kind, "art": kind}
            for kind in cards.KINDS]


# ---------------------------------------------------------------- the guided first game (issue 39)
#: the notes of the lesson (pygames/games/oriflamme/tutorial.py), by key
TUTORIAL_NOTES = {
    "theme": {
        "en": "France, the king is dead: noble families plot for the crown. Each family places its cards face "
              "down in one shared row, the queue; each card acts in turn, from left to right.",
        "ja": "フランス、王が亡くなり、名家が王冠を狙って策略を巡らせます。各家は共通のカード列に"
              "カードを裏向きで置き、カードは左から右へ順に効果を発揮します。"},
    "goal": {
        "en": "Goal: the most influence points after round 6. Your rivals are Bot 2 and Bot 3; each seat shows its "
              "influence.",
        "ja": "目的：第6ラウンド後に最も多くの影響点を得ること。相手はボット2とボット3です。各席に影響点が表示されます。"},
    "late": {
        "en": "This lesson joins a game in round 5 of 6: the queue shows what rounds 1 to 4 brought. Your Lord is "
              "face up; your Spy is still face down, with 1 influence on it.",
        "ja": "このレッスンは全6ラウンド中の第5ラウンドから始まります。カード列には第1〜4ラウンドの結果が並んでいます。"
              "あなたの侯爵は表向き、密偵はまだ裏向きで、上に1影響点があります。"},
    "place_end": {
        "en": "Each round every player places one card, face down, at either end of the queue. Place your Soldier "
              "at the right end: it will stand next to Bot 2's Archer.",
        "ja": "各ラウンド、全員がカードを1枚、裏向きでカード列の左端か右端に置きます。兵士を右端に置きましょう。"
              "ボット2の射手の隣になります。"},
    "bots_place": {
        "en": "The bots placed theirs face down, Bot 2 at the left end, Bot 3 at the right: you do not know "
              "what they are.",
        "ja": "ボットも裏向きで置きました。ボット2は左端、ボット3は右端です。何のカードかは分かりません。"},
    "resolve": {
        "en": "Then the queue acts from left to right. A face-down card's owner chooses: reveal it (its ability "
              "acts and the owner takes the influence on it) or leave it face down (1 influence is added on it). "
              "Bot 2 revealed its Lord: +1, and +1 for its own Soldier next to it.",
        "ja": "次にカード列が左から右へ解決されます。裏向きのカードは持ち主が選びます：公開する（能力が発動し、"
              "上の影響点を得る）か、裏向きのままにする（上に1影響点が加わる）か。ボット2は侯爵を公開し、"
              "+1、隣の自分の兵士で+1を得ました。"},
    "soldier": {
        "en": "A face-up card acts again every round. Bot 2's Soldier eliminated a card next to it, your Lord, and "
              "gained 1: each elimination gains 1.",
        "ja": "表向きのカードは毎ラウンド再び効果を発揮します。ボット2の兵士が隣のカード（あなたの侯爵）を排除し、"
              "1影響点を得ました。排除するたびに1影響点を得ます。"},
    "reveal": {
        "en": "Your Spy's turn. Reveal it: you take the 1 influence on it, and it steals 1 influence from the owner "
              "of a card next to it.",
        "ja": "あなたの密偵の番です。公開しましょう。上の1影響点を得て、隣のカードの持ち主から1影響点を奪えます。"},
    "spy": {
        "en": "Its neighbours are Bot 3's Lord and Bot 2's Archer. Steal from Bot 3: the point comes from the "
              "player, not from a card.",
        "ja": "隣はボット3の侯爵とボット2の射手です。ボット3から奪いましょう。影響点はカードからではなく"
              "プレイヤーから奪います。"},
    "archer": {
        "en": "Bot 2's Archer eliminates the first or the last card of the queue: it took Bot 3's face-down card, "
              "an Heir (an Heir gains 2 if no other Heir is face up). A face-down card is lost with what is on it.",
        "ja": "ボット2の射手はカード列の先頭か最後尾のカードを排除します。ボット3の裏向きの世継ぎ（他に表向きの世継ぎが"
              "なければ2影響点）が排除されました。裏向きのカードは上の影響点ごと失われます。"},
    "leave": {
        "en": "Your Soldier now. Leave it face down: 1 influence goes on it and grows each round; next round it "
              "will act, with the point to take.",
        "ja": "次はあなたの兵士です。裏向きのままにしましょう。上に1影響点が加わり、毎ラウンド増えます。"
              "次のラウンドに公開して受け取れます。"},
    "round6": {
        "en": "End of round 5: you 7, Bot 2 9, Bot 3 4. The first player moves on clockwise, so in round 6, the "
              "last, Bot 2 places first.",
        "ja": "第5ラウンド終了：あなた7、ボット2 9、ボット3 4。先手は時計回りに移るので、最終第6ラウンドは"
              "ボット2が最初に置きます。"},
    "stack": {
        "en": "Besides the ends, you may place a card on one of your own cards: the card below takes no part "
              "while covered, and is back if the top one leaves. Put your Ambush on your Spy: the bots see only a "
              "face-down card in the middle of the queue.",
        "ja": "両端のほか、自分のカードの上に重ねて置くこともできます。覆われた下のカードは効果を発揮せず、"
              "上のカードが去ると戻ります。"
              "待ち伏せを密偵の上に置きましょう。ボットには列の中ほどの裏向きのカードしか見えません。"},
    "assassination": {
        "en": "Bot 2 revealed an Assassination: it eliminates any card of the queue, then leaves the queue "
              "itself. Which card will it choose?",
        "ja": "ボット2が暗殺を公開しました。カード列の任意のカードを1枚排除し、そのあと自分も捨て札になります。"
              "どのカードを選ぶでしょう？"},
    "ambush": {
        "en": "It struck your hidden Ambush: an Ambush eliminated by another player's card gains you 4 and "
              "eliminates that card, so the Assassination is gone too. Your Spy is uncovered again. Then Bot 2's "
              "Lord gained 2.",
        "ja": "暗殺はあなたの裏向きの待ち伏せを狙いました。他プレイヤーのカードに排除された待ち伏せは4影響点を与え、"
              "そのカードを排除するので、暗殺も消えました。密偵は再び一番上です。続いてボット2の侯爵が2影響点を得ました。"},
    "last_archer": {
        "en": "Bot 2's Soldier eliminated Bot 3's Lord; your Spy stole 1 from Bot 2, the only owner next to it; "
              "Bot 2's Archer took Bot 3's last card, a Conspiracy (revealed, it gives twice the influence on it).",
        "ja": "ボット2の兵士がボット3の侯爵を排除し、あなたの密偵は隣の唯一の持ち主ボット2から1影響点を奪いました。"
              "ボット2の射手はボット3の最後のカード、陰謀（公開すると上の影響点の2倍を得る）を排除しました。"},
    "last_reveal": {
        "en": "The last card of the game: reveal your Soldier. You take its 1 influence, and it eliminates Bot 2's "
              "Archer next to it: +1.",
        "ja": "ゲーム最後のカードです。兵士を公開しましょう。上の1影響点を得て、隣のボット2の射手を排除し、+1です。"},
    "end": {
        "en": "Game over after round 6: you 14, Bot 2 13, Bot 3 4. You win! On a tie, the most cards in the queue "
              "wins. The Royal Decree and the Shapeshifter are in the rules.",
        "ja": "第6ラウンドでゲーム終了：あなた14、ボット2 13、ボット3 4。あなたの勝ちです！同点ならカード列のカードが"
              "多い人の勝ち。勅命と転身者はルールで確認できます。"},
}
