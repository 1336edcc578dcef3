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
