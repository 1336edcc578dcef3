"""Coup strings in English and Japanese: characters, actions, log lines.

Japanese names follow the BGA Japanese wiki (the seed): 公爵, 刺客, 船長, 大使, 女伯,
異端審問官, 外交官; money is リラ (₤ on BGA).
"""

from __future__ import annotations

from ...ui.html import esc
from ...ui.i18n import plural, tidy

CHAR_NAMES = {
    "duke": {"en": "Duke", "ja": "公爵"},
    "diplomat": {"en": "Diplomat", "ja": "外交官"},
    "assassin": {"en": "Assassin", "ja": "刺客"},
    "captain": {"en": "Captain", "ja": "船長"},
    "ambassador": {"en": "Ambassador", "ja": "大使"},
    "inquisitor": {"en": "Inquisitor", "ja": "異端審問官"},
    "contessa": {"en": "Contessa", "ja": "女伯"},
}

#: ability summaries (the inquisitor/diplomat texts are for their variants)
CHAR_TEXTS = {
    "duke": {"en": "Tax: take 3 coins. Blocks Foreign Aid.",
             "ja": "徴税：3リラ獲得。援助をブロック。"},
    "diplomat": {"en": "Cooperate: you +2, another player +1. Blocks Foreign Aid.",
                 "ja": "協力：自分+2リラ、相手1人+1リラ。援助をブロック。"},
    "assassin": {"en": "Assassinate: pay 3, a player loses an influence.",
                 "ja": "暗殺：3リラ払い、相手1人の影響力を1枚失わせる。"},
    "captain": {"en": "Steal up to 2 coins. Blocks stealing.",
                "ja": "強奪：相手から2リラ奪う。強奪をブロック。"},
    "ambassador": {"en": "Exchange: draw 2, return 2. Blocks stealing.",
                   "ja": "交換：山札から2枚引き、2枚戻す。強奪をブロック。"},
    "inquisitor": {"en": "Exchange 1 card, or examine a player's card. Blocks stealing.",
                   "ja": "交換（1枚）か審問（相手の手札を1枚確認）。強奪をブロック。"},
    "contessa": {"en": "Blocks assassination (and examination).",
                 "ja": "暗殺（と審問）をブロック。"},
}

ACTION_NAMES = {
    "income": {"en": "Income", "ja": "収入"},
    "foreign_aid": {"en": "Foreign Aid", "ja": "援助"},
    "coup": {"en": "Coup", "ja": "クー"},
    "tax": {"en": "Tax", "ja": "徴税"},
    "steal": {"en": "Steal", "ja": "強奪"},
    "exchange": {"en": "Exchange", "ja": "交換"},
    "assassinate": {"en": "Assassinate", "ja": "暗殺"},
    "examine": {"en": "Examine", "ja": "審問"},
    "cooperate": {"en": "Cooperate", "ja": "協力"},
    "convert": {"en": "Convert", "ja": "派閥変更"},
    "embezzle": {"en": "Embezzle", "ja": "横領"},
}

ACTION_TEXTS = {
    "income": {"en": "+1 coin. Cannot be blocked.", "ja": "1リラ獲得。ブロック不可。"},
    "foreign_aid": {"en": "+2 coins. Blockable by a {tax} claim.", "ja": "2リラ獲得。{tax}でブロックされうる。"},
    "coup": {"en": "Pay 7: a player loses an influence. Compulsory from 10 coins.",
             "ja": "7リラ払い、相手の影響力を1枚失わせる。10リラ以上なら必須。"},
    "tax": {"en": "Claim Duke: +3 coins.", "ja": "公爵を主張：3リラ獲得。"},
    "steal": {"en": "Claim Captain: take 2 coins from a player.", "ja": "船長を主張：相手から2リラ奪う。"},
    "exchange": {"en": "Claim {exchange}: swap cards with the court deck.",
                 "ja": "{exchange}を主張：山札とカードを交換。"},
    "assassinate": {"en": "Claim Assassin, pay 3: a player loses an influence.",
                    "ja": "刺客を主張、3リラ払い：相手の影響力を1枚失わせる。"},
    "examine": {"en": "Claim Inquisitor: look at one card of a player, maybe force a swap.",
                "ja": "異端審問官を主張：相手の手札を1枚確認し、交換させることも。"},
    "cooperate": {"en": "Claim Diplomat: you +2, another player +1.",
                  "ja": "外交官を主張：自分+2リラ、相手+1リラ。"},
    "convert": {"en": "Pay 1 to change your faction, 2 to change another's (to the almshouse).",
                "ja": "1リラで自分の、2リラで他人の派閥を変える（救貧院へ）。"},
    "embezzle": {"en": "Claim you have no {tax}: take the almshouse.",
                 "ja": "{tax}を持っていないと主張：救貧院のリラを全て得る。"},
}

FACTION_NAMES = [{"en": "Monarchist", "ja": "君主主義者"}, {"en": "Populist", "ja": "民主主義者"}]

UI = {
    "coins": {"en": "coins", "ja": "リラ"},
    "coin": {"en": "coin", "ja": "リラ"},
    "deck": {"en": "Court deck", "ja": "山札"},
    "almshouse": {"en": "Almshouse", "ja": "救貧院"},
    "treasury": {"en": "Treasury", "ja": "国庫"},
    "eliminated": {"en": "eliminated", "ja": "脱落"},
    "your_hand": {"en": "Your influence", "ja": "あなたの影響力"},
    "drawn": {"en": "Drawn from the deck", "ja": "山札から引いたカード"},
    "round": {"en": "Round", "ja": "ラウンド"},
    "wins": {"en": "wins", "ja": "勝"},
    "actions": {"en": "Actions", "ja": "アクション"},
    "pass": {"en": "Allow", "ja": "許可する"},
    "challenge": {"en": "Challenge", "ja": "チャレンジ"},
    "block": {"en": "Block as {card}", "ja": "{card}でブロック"},
    "keep": {"en": "Keep {cards}", "ja": "{cards}を残す"},
    "examine_keep": {"en": "Let them keep it", "ja": "そのままにする"},
    "examine_swap": {"en": "Force a swap", "ja": "交換させる"},
    "reveal": {"en": "Reveal {card}", "ja": "{card}を公開"},
    "lose": {"en": "Lose {card}", "ja": "{card}を失う"},
    "show": {"en": "Show {card}", "ja": "{card}を見せる"},
    "target_self": {"en": "yourself", "ja": "自分"},
    "turn": {"en": "turn", "ja": "手番"},
    "shown_to_you": {"en": "shown to you", "ja": "あなたに公開"},
    "hidden": {"en": "face-down card", "ja": "伏せ札"},
    "spectator": {"en": "Spectating", "ja": "観戦中"},
    "you": {"en": "you", "ja": "あなた"},
    "and": {"en": " & ", "ja": "と"},
}

WHY = {
    "coup": {"en": "to the coup", "ja": "クーにより"},
    "assassinate": {"en": "to the assassination", "ja": "暗殺により"},
    "challenge": {"en": "to the challenge", "ja": "チャレンジにより"},
}


def lang_of(lang: str) -> str:
    return "ja" if lang == "ja" else "en"


def card_name(card: str, lang: str) -> str:
    return CHAR_NAMES.get(card, {"en": card, "ja": card})[lang_of(lang)]


def card_text(card: str, lang: str) -> str:
    return CHAR_TEXTS.get(card, {"en": "", "ja": ""})[lang_of(lang)]


def action_name(action: str, lang: str) -> str:
    return ACTION_NAMES.get(action, {"en": action, "ja": action})[lang_of(lang)]


def action_text(action: str, lang: str, tax: str = "duke", exchange: str = "ambassador") -> str:
    text = ACTION_TEXTS.get(action, {"en": "", "ja": ""})[lang_of(lang)]
    return text.replace("{tax}", card_name(tax, lang)).replace("{exchange}", card_name(exchange, lang))


def faction_name(faction: int, lang: str) -> str:
    return FACTION_NAMES[faction][lang_of(lang)]


def ui(key: str, lang: str, **params: str) -> str:
    text = UI[key][lang_of(lang)]
    for name, value in params.items():
        text = text.replace("{" + name + "}", value)
    return text


def cards_list(cards: list[str], lang: str) -> str:
    return ui("and", lang).join(card_name(c, lang) for c in cards)


def _name(names: list[str], seat: object) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        text = names[seat]
    else:
        text = f"#{seat}"
    return f'<b class="name">{esc(text)}</b>'


def _card(card: object, lang: str) -> str:
    return (f'<b class="coup-card-name coup-c-{esc(card)}" data-zoom="coup:{esc(card)}" tabindex="0">'
            f'{esc(card_name(str(card), lang))}</b>')


def _cards(cards: list, lang: str) -> str:
    return esc(ui("and", lang)).join(_card(c, lang) for c in cards)


def claim_phrase(action: str, target: object, card: object, negative: bool, lang: str,
                 names: list[str]) -> str:
    """HTML: 'claims Captain to steal from Bob' / 'は船長を主張してボブから強奪'."""
    ja = lang_of(lang) == "ja"
    act = esc(action_name(action, lang))
    t = _name(names, target) if target is not None else ""
    if card is None:
        what = ""
    elif negative:
        what = (f"{_card(card, lang)}を持っていないと主張し、" if ja
                else f"claims to have no {_card(card, lang)} and ")
    else:
        what = f"{_card(card, lang)}を主張し、" if ja else f"claims {_card(card, lang)} and "
    if ja:
        target_part = f"{t}に対して" if t else ""
        return f"{what}{target_part}{act}"
    verb = {"foreign_aid": "takes Foreign Aid", "tax": "takes Tax", "exchange": "exchanges",
            "embezzle": "embezzles", "steal": f"steals from {t}", "assassinate": f"assassinates {t}",
            "examine": f"examines {t}", "cooperate": f"cooperates with {t}"}.get(action, act)
    return f"{what}{verb}"


def log_line(entry: dict, lang: str, names: list[str]) -> str:
    """One log entry as an HTML-safe sentence (names in <b class=\"name\">)."""
    return tidy(_log_line(entry, lang, names), lang)


def _log_line(entry: dict, lang: str, names: list[str]) -> str:
    """One log entry as an HTML-safe sentence (names in <b class="name">)."""
    ja = lang_of(lang) == "ja"
    key = entry.get("key")
    p = entry.get("params", {})
    who = _name(names, p.get("seat"))
    tgt = _name(names, p.get("target"))
    if key == "round_start":
        first = who
        return (f"ラウンド{esc(p.get('round'))}開始。{first}から。" if ja
                else f"Round {esc(p.get('round'))} begins; {first} starts.")
    if key == "income":
        return f"{who}は収入で1リラ得た。" if ja else f"{who} takes Income (+1 coin)."
    if key == "coup":
        return (f"{who}は7リラ払い{tgt}にクーを行った。" if ja
                else f"{who} pays 7 and launches a Coup against {tgt}.")
    if key == "convert":
        fac = esc(faction_name(p.get("faction", 0), lang))
        cost = esc(p.get("cost"))
        if p.get("seat") == p.get("target"):
            return (f"{who}は{cost}リラを救貧院に寄付し、{fac}に派閥変更した。" if ja
                    else f"{who} pays {cost} to the almshouse and converts to {fac}.")
        return (f"{who}は{cost}リラを救貧院に寄付し、{tgt}を{fac}に派閥変更させた。" if ja
                else f"{who} pays {cost} to the almshouse and converts {tgt} to {fac}.")
    if key == "declare":
        phrase = claim_phrase(p.get("action", ""), p.get("target"), p.get("card"), bool(p.get("negative")),
                              lang, names)
        return f"{who}は{phrase}を宣言した。" if ja else f"{who} {phrase}."
    if key == "challenge":
        claimant = _name(names, p.get("claimant"))
        card = _card(p.get("card"), lang)
        if p.get("negative"):
            return (f"{who}がチャレンジ：{claimant}は{card}を持っているはず。" if ja
                    else f"{who} challenges: {claimant} must have no {card}.")
        return (f"{who}が{claimant}の{card}にチャレンジした。" if ja
                else f"{who} challenges {claimant}'s {card}.")
    if key == "block":
        actor = _name(names, p.get("actor"))
        act = esc(action_name(p.get("action", ""), lang))
        card = _card(p.get("card"), lang)
        return (f"{who}は{card}を主張して{actor}の{act}をブロックした。" if ja
                else f"{who} claims {card} to block {actor}'s {act}.")
    if key == "block_stands":
        actor = _name(names, p.get("actor"))
        act = esc(action_name(p.get("action", ""), lang))
        return (f"{who}のブロックが通り、{actor}の{act}は無効になった。" if ja
                else f"{who}'s block stands: {actor}'s {act} fails.")
    if key == "block_fails":
        return (f"{who}のブロックは失敗した。" if ja else f"{who}'s block fails.")
    if key == "proven":
        card = _card(p.get("card"), lang)
        return (f"{who}は{card}を公開した（主張は本当）。そのカードを山札に戻して1枚引き直す。" if ja
                else f"{who} reveals {card}: the claim was true. It is shuffled into the deck and "
                     f"{who} draws a replacement.")
    if key == "caught":
        card = _card(p.get("card"), lang)
        claimed = _card(p.get("claimed"), lang)
        return (f"{who}は{card}を公開した：{claimed}ではない！" if ja
                else f"{who} reveals {card}, not {claimed}: caught bluffing!")
    if key == "drew":
        cards = _cards(p.get("cards", []), lang)
        return f"（あなただけに）{who}は{cards}を引いた。" if ja else f"(private) {who} drew {cards}."
    if key == "lose":
        card = _card(p.get("card"), lang)
        why = esc(WHY.get(p.get("why"), {"en": "", "ja": ""})[lang_of(lang)])
        return (f"{who}は{why}{card}を失った。" if ja else f"{who} loses {card} {why}.".replace("  ", " "))
    if key == "eliminated":
        return f"{who}は脱落した。" if ja else f"{who} is eliminated."
    if key == "pay":
        amount = esc(p.get("amount"))
        coins = esc(plural(p.get("amount"), "coin", "coins"))
        return f"{who}は{amount}リラ支払った。" if ja else f"{who} pays {coins}."
    if key == "gain":
        amount = esc(p.get("amount"))
        act = esc(action_name(p.get("action", ""), lang))
        coins = esc(plural(p.get("amount"), "coin", "coins"))
        return f"{who}は{act}で{amount}リラ得た。" if ja else f"{who} gains {coins} ({act})."
    if key == "steal":
        amount = esc(p.get("amount"))
        return f"{who}は{tgt}から{amount}リラ奪った。" if ja else f"{who} steals {amount} from {tgt}."
    if key == "exchange_draw":
        cards = _cards(p.get("cards", []), lang)
        return (f"（あなただけに）{who}は山札から{cards}を引いた。" if ja
                else f"(private) {who} draws {cards} from the court deck.")
    if key == "exchange_kept":
        kept = _cards(p.get("kept", []), lang)
        returned = _cards(p.get("returned", []), lang)
        return (f"（あなただけに）{who}は{kept}を残し、{returned}を戻した。" if ja
                else f"(private) {who} keeps {kept} and returns {returned}.")
    if key == "exchange_done":
        count = esc(p.get("count"))
        return (f"{who}は交換を行い、{count}枚を山札に戻した。" if ja
                else f"{who} exchanges and returns {esc(plural(p.get('count'), 'card', 'cards'))} to the court deck.")
    if key == "examine_show":
        actor = _name(names, p.get("actor"))
        return f"{who}は{actor}に手札を1枚見せた。" if ja else f"{who} shows one card to {actor}."
    if key == "examine_shown":
        actor = _name(names, p.get("actor"))
        card = _card(p.get("card"), lang)
        return (f"（非公開）{who}は{actor}に{card}を見せた。" if ja
                else f"(private) {who} showed {card} to {actor}.")
    if key == "examine_keep":
        return (f"{who}は{tgt}にカードをそのまま持たせた。" if ja
                else f"{who} lets {tgt} keep the examined card.")
    if key == "examine_swap":
        return (f"{who}は{tgt}に見たカードを山札と交換させた。" if ja
                else f"{who} forces {tgt} to swap the examined card with the court deck.")
    if key == "embezzle_reveal":
        cards = _cards(p.get("cards", []), lang)
        card = _card(p.get("card"), lang)
        return (f"{who}は手札（{cards}）を公開した（{card}の有無）。" if ja
                else f"{who} reveals the whole hand ({cards}) to show whether it holds a {card}.")
    if key == "embezzle":
        amount = esc(p.get("amount"))
        return (f"{who}は救貧院から{amount}リラを横領した。" if ja
                else f"{who} embezzles {esc(plural(p.get('amount'), 'coin', 'coins'))} from the almshouse.")
    if key == "cooperate":
        return (f"{who}は3リラ得て、{tgt}に1リラ渡した。" if ja
                else f"{who} takes 3 coins and gives 1 to {tgt}.")
    if key == "round_won":
        wins = esc(p.get("wins"))
        return (f"{who}がラウンド{esc(p.get('round'))}に勝利（{wins}勝）。" if ja
                else f"{who} wins round {esc(p.get('round'))} ({esc(plural(p.get('wins'), 'win', 'wins'))} so far).")
    if key == "game_won":
        return f"{who}の勝利！" if ja else f"{who} wins the game!"
    return esc(key)


# ------------------------------------------------------------------ rules help (table dialog)
#: a short rules summary, HTML-safe markup (the full rules: docs/rules/coup.md)
RULES_SUMMARY = {
    "en": (
        "<p><b>Goal:</b> be the last player with influence (face-down cards) left.</p>"
        "<p><b>Setup:</b> 15 court cards, 3 of each character. Everyone gets 2 face-down cards and 2 coins "
        "(1 each with 2 players).</p>"
        "<p><b>Your turn:</b> take one action: Income (+1), Foreign Aid (+2), Coup (pay 7: a player loses an "
        "influence; compulsory from 10 coins), or a character action you <b>claim</b>, whether you hold the "
        "card or not: Tax (Duke, +3), Steal (Captain, 2 coins), Exchange (Ambassador), Assassinate "
        "(Assassin, pay 3).</p>"
        "<p><b>Challenges and blocks:</b> the others are asked one at a time. A challenged player shows a card: "
        "the claimed character proves it (the challenger loses an influence and the card is replaced), any "
        "other card is lost. Foreign Aid is blocked by a Duke, Steal by a Captain or Ambassador, "
        "Assassinate by a Contessa; blocks can be challenged too.</p>"
        "<p><b>Losing influence:</b> you choose which card to turn face up; with none left you are out. "
        "Options add the Inquisitor, the Diplomat, factions, and several rounds (a round winner scores 1; "
        "the first to the target wins).</p>"),
    "ja": (
        "<p><b>目的：</b>影響力（裏向きのカード）を最後まで残したプレイヤーの勝ち。</p>"
        "<p><b>準備：</b>宮廷カード15枚（各キャラクター3枚）。各自2枚を裏向きで持ち、2リラ（2人戦は1リラ）。</p>"
        "<p><b>手番：</b>アクションを1つ行う：収入（+1）、援助（+2）、クー（7リラ払い相手の影響力を1枚失わせる。"
        "10リラ以上なら必須）、またはキャラクターを<b>主張</b>するアクション（持っていなくてもよい）："
        "徴税（公爵・+3）、強奪（船長・2リラ）、交換（大使）、暗殺（刺客・3リラ払う）。</p>"
        "<p><b>チャレンジとブロック：</b>ほかのプレイヤーに1人ずつ確認する。チャレンジされたら1枚見せる："
        "主張したキャラクターなら証明成功（チャレンジした側が影響力を1枚失い、カードは入れ替える）、"
        "違えばそのカードを失う。援助は公爵、強奪は船長か大使、暗殺は女伯でブロックでき、ブロックにもチャレンジできる。</p>"
        "<p><b>影響力を失う：</b>表にするカードは自分で選ぶ。なくなれば脱落。オプションで異端審問官、外交官、派閥、"
        "複数ラウンド（ラウンド勝者に1点、目標点に達した人の勝ち）を追加できる。</p>"),
}


def card_reference(lang: str) -> list[dict]:
    """Every character (with the copies in the deck) and every action (plain text)."""
    from .cards import ACTION_ORDER, CHARACTERS, COPIES
    lang = lang_of(lang)
    kind_char = {"en": "Character", "ja": "キャラクター"}[lang]
    kind_action = {"en": "Action", "ja": "アクション"}[lang]
    from .art import ACTION_ART
    cards = [{"name": card_name(c, lang), "text": card_text(c, lang), "kind": kind_char, "count": COPIES,
              "key": c, "art": c} for c in CHARACTERS]
    actions = [{"name": action_name(a, lang), "text": action_text(a, lang, tax=card_name("duke", lang),
                                                                   exchange=card_name("ambassador", lang)),
                "kind": kind_action, "key": f"action:{a}", "art": ACTION_ART[a]} for a in ACTION_ORDER]
    return cards + actions


# ---------------------------------------------------------------- the guided first game (tutorial.py)
#: each note of the tutorial by key (the notes name the seats as the table does: Bot 2, Bot 3)
TUTORIAL_NOTES = {
    "theme": {
        "en": "A city-state in decline: you plot for power at its court. Your two cards are your influence: "
              "the characters backing you. The others see them face down, as you see theirs.",
        "ja": "衰退する都市国家の宮廷で権力を争います。あなたの2枚のカードが影響力、"
              "あなたを支えるキャラクターです。ほかの人には裏向きに見え、あなたにも相手のカードは見えません。"},
    "goal": {
        "en": "Goal: be the last player with influence. Lose both cards and you are out. Your two rivals are bots.",
        "ja": "目的：最後まで影響力を残すこと。2枚とも失うと脱落です。相手は2人のボットです。"},
    "coins": {
        "en": "Everyone starts with 2 coins. On your turn you take one action; most actions gain coins.",
        "ja": "全員2リラで始めます。手番にはアクションを1つ行います。多くのアクションでリラが増えます。"},
    "income": {
        "en": "Take Income: +1 coin. Nobody can challenge or block it.",
        "ja": "収入を選びましょう：+1リラ。誰もチャレンジもブロックもできません。"},
    "foreign_aid": {
        "en": "Bot 2 asks for Foreign Aid: +2 coins. Anyone who claims the Duke may block it.",
        "ja": "ボット2が援助を求めました：+2リラ。公爵を名乗る人はこれをブロックできます。"},
    "block": {
        "en": "You hold a Duke: block the Foreign Aid.",
        "ja": "あなたは公爵を持っています。援助をブロックしましょう。"},
    "block_claim": {
        "en": "A block is a claim too: the others may challenge it. They let it stand: Bot 2 gets nothing.",
        "ja": "ブロックも主張なので、チャレンジされることがあります。誰もチャレンジせず、ボット2は何も得られません。"},
    "claim": {
        "en": "Bot 3 claims the Duke to take Tax: +3 coins. You need not hold a character to claim it: "
              "any claim may be a bluff.",
        "ja": "ボット3が公爵を名乗って徴税します：+3リラ。主張するキャラクターを持っている必要はなく、"
              "どの主張もはったりかもしれません。"},
    "challenge": {
        "en": "Challenge it. If Bot 3 cannot show a Duke, it loses a card; if it can, you lose one.",
        "ja": "チャレンジしましょう。ボット3が公爵を見せられなければボット3が1枚失い、見せればあなたが1枚失います。"},
    "proved": {
        "en": "Bot 3 shows a Duke: your challenge failed. A shown card goes back to the deck and a new one is drawn.",
        "ja": "ボット3が公爵を見せました。チャレンジ失敗です。見せたカードは山札に戻し、新しいカードを引きます。"},
    "lose": {
        "en": "You lose one influence, and you choose which card to turn face up. Keep your Duke: give up the "
              "Contessa.",
        "ja": "影響力を1つ失います。表にするカードは自分で選べます。公爵を残し、女伯を手放しましょう。"},
    "tax": {
        "en": "Your turn. You really hold a Duke: take Tax, +3 coins.",
        "ja": "あなたの手番です。本当に公爵を持っているので徴税しましょう：+3リラ。"},
    "challenged": {
        "en": "Bot 2 challenges your Duke!",
        "ja": "ボット2があなたの公爵にチャレンジしました！"},
    "won": {
        "en": "Your Duke is shown: you win the challenge and Bot 2 loses a card. Your Duke went back to the deck "
              "and you drew a new card: another Duke.",
        "ja": "公爵を見せたのでチャレンジ成功、ボット2が1枚失います。公爵は山札に戻り、"
              "新しく引いたのはまた公爵でした。"},
    "bluff": {
        "en": "Now a bluff: you hold no Captain, but claim one to Steal 2 coins from Bot 3. Only a challenge can "
              "catch you.",
        "ja": "今度ははったりです。船長は持っていませんが、船長を名乗ってボット3から2リラ強奪しましょう。"
              "見破れるのはチャレンジだけです。"},
    "bluff_passed": {
        "en": "Bot 3 could challenge, or block with a Captain or an Ambassador. It lets it pass: the bluff worked.",
        "ja": "ボット3はチャレンジも、船長か大使でのブロックもできましたが、通しました。はったり成功です。"},
    "their_bluff": {
        "en": "Bot 2 claims the Duke for Tax. There are only three Dukes: you hold one, and Bot 3 showed one.",
        "ja": "ボット2が公爵を名乗って徴税します。公爵は3枚だけ。1枚はあなたが持ち、1枚はボット3が見せました。"},
    "catch": {
        "en": "It is likely a bluff: challenge it.",
        "ja": "はったりの可能性が高いです。チャレンジしましょう。"},
    "caught": {
        "en": "Bot 2 had no Duke: it loses its last card and is out. Only Bot 3 is left.",
        "ja": "ボット2は公爵を持っておらず、最後のカードを失って脱落しました。残るはボット3だけです。"},
    "save_up": {
        "en": "A Coup costs 7 coins and you have 8. Take Tax once more first, to see what happens at 10.",
        "ja": "クーは7リラで、あなたは8リラ持っています。まずもう一度徴税して、10リラで何が起きるか見てみましょう。"},
    "forced": {
        "en": "With 10 coins or more, a Coup is the only action allowed. Pay 7: Bot 3 loses a card. A Coup cannot "
              "be blocked or challenged.",
        "ja": "10リラ以上あるときはクーしか選べません。7リラ払い、ボット3に1枚失わせます。クーはブロックも"
              "チャレンジもできません。"},
    "coup_loss": {
        "en": "Bot 3 chooses which card to lose. It has one left.",
        "ja": "ボット3は失うカードを選び、残りは1枚です。"},
    "tax_again": {
        "en": "Tax again: 4 coins become 7.",
        "ja": "もう一度徴税：4リラが7リラになります。"},
    "coup": {
        "en": "7 coins: launch a Coup and take Bot 3's last influence.",
        "ja": "7リラあります。クーでボット3の最後の影響力を奪いましょう。"},
    "end": {
        "en": "You win: you are the last with influence. You met Income, Foreign Aid, Tax, a block, a bluff, "
              "challenges won and lost, and both coups. The Assassin, Captain, Ambassador and Contessa are in "
              "the rules.",
        "ja": "勝利です。最後まで影響力を残しました。収入、援助、徴税、ブロック、はったり、チャレンジの成功と失敗、"
              "2種類のクーを体験しました。刺客・船長・大使・女伯はルールで確認できます。"},
}
