"""Great Houses strings in English and Japanese: card texts, UI words, log sentences.

Japanese game terms follow the seed: 家系 (House), 政策 (agenda), 軍事/陰謀/政治
(military/intrigue/power), 勢力ポイント (power), 屈服/起立 (kneel/stand),
要求値 (claim), 配置 (marshalling), 攻撃/防御 (challenge/defence), 優勢確認 (dominance).
"""

from __future__ import annotations

from ...ui.html import esc
from ...ui.i18n import a_an, plural, tag, tidy
from .cards import AGENDAS, CARDS, HOUSE_NAMES, PLOTS

KIND_NAMES = {
    "M": {"en": "military", "ja": "軍事"},
    "I": {"en": "intrigue", "ja": "陰謀"},
    "P": {"en": "power", "ja": "政治"},
}

KEYWORD_NAMES = {
    "renown": {"en": "Renown", "ja": "名声"},
    "stealth": {"en": "Stealth", "ja": "隠密"},
    "insight": {"en": "Insight", "ja": "洞察"},
    "intimidate": {"en": "Intimidate", "ja": "威圧"},
    "vanguard": {"en": "Vanguard", "ja": "先陣"},
    "bulwark": {"en": "Bulwark", "ja": "堅守"},
    "limited": {"en": "Limited", "ja": "限定"},
    "unique": {"en": "Unique", "ja": "固有"},
    "loyal": {"en": "Loyal", "ja": "忠誠"},
}

KEYWORD_RULES = {
    "renown": {"en": "after a challenge won by its side, put 1 power on it",
               "ja": "参加した側が攻撃に勝つと、このカードに勢力1を置く"},
    "stealth": {"en": "when it attacks, choose a defender's character without Stealth: it cannot defend "
                      "(Rivalry: a challenge where Stealth kept a defender out gives no unopposed bonus)",
                "ja": "攻撃参加時、防御側の隠密でないキャラクター1体を選ぶ。それは防御に参加できない"
                      "（対抗ルール：隠密で防御を封じた攻撃では無防御ボーナスなし）"},
    "insight": {"en": "after a challenge won by its side, draw 1 card",
                "ja": "参加した側が攻撃に勝つと、カードを1枚引く"},
    "intimidate": {"en": "after winning as attacker, kneel a defender's character with STR up to the margin",
                   "ja": "攻撃側で勝つと、差分以下の戦闘力を持つ防御側キャラクター1体を屈服させてよい"},
    "vanguard": {"en": "+1 STR while attacking", "ja": "攻撃中、戦闘力+1"},
    "bulwark": {"en": "+1 STR while defending", "ja": "防御中、戦闘力+1"},
}

TYPE_NAMES = {
    "character": {"en": "Character", "ja": "キャラクター"},
    "location": {"en": "Location", "ja": "ロケーション"},
    "attachment": {"en": "Attachment", "ja": "アタッチメント"},
    "event": {"en": "Event", "ja": "イベント"},
}

UI = {
    "power": {"en": "Power", "ja": "勢力"},
    "gold": {"en": "Gold", "ja": "金"},
    "treasury": {"en": "Treasury", "ja": "国庫"},
    "hand": {"en": "Hand", "ja": "手札"},
    "deck": {"en": "Deck", "ja": "デッキ"},
    "discard": {"en": "Discard", "ja": "捨て札"},
    "dead": {"en": "Dead", "ja": "墓場"},
    "plots": {"en": "Plot deck", "ja": "プロットデッキ"},
    "used": {"en": "Used plots", "ja": "使用済みプロット"},
    "plot": {"en": "Plot", "ja": "プロット"},
    "income": {"en": "Income", "ja": "インカム"},
    "initiative": {"en": "Initiative", "ja": "イニシアティブ"},
    "claim": {"en": "Claim", "ja": "要求値"},
    "reserve": {"en": "Reserve", "ja": "予備値"},
    "str": {"en": "STR", "ja": "戦闘力"},
    "dominance": {"en": "Dominance", "ja": "優勢"},
    "knelt": {"en": "knelt", "ja": "屈服"},
    "characters": {"en": "Characters", "ja": "キャラクター"},
    "locations": {"en": "Locations", "ja": "ロケーション"},
    "facedown": {"en": "face-down setup cards", "ja": "裏向きの配置カード"},
    "chosen": {"en": "plot chosen", "ja": "プロット選択済み"},
    "choosing": {"en": "choosing a plot", "ja": "プロット選択中"},
    "agenda": {"en": "Agenda", "ja": "政策"},
    "you": {"en": "you", "ja": "あなた"},
    "target": {"en": "Power to win", "ja": "勝利点"},
    "eliminated": {"en": "eliminated", "ja": "脱落"},
    "round": {"en": "Round", "ja": "ラウンド"},
    "attacking": {"en": "attacking", "ja": "攻撃中"},
    "defending": {"en": "defending", "ja": "防御中"},
    "cannot_defend": {"en": "cannot defend", "ja": "防御不可"},
    "house_card": {"en": "House card", "ja": "家系カード"},
    "turn_order": {"en": "Turn order", "ja": "手番順"},
    "challenge": {"en": "Challenge", "ja": "攻撃"},
    "attackers": {"en": "Attackers", "ja": "攻撃側"},
    "defenders": {"en": "Defenders", "ja": "防御側"},
    "none": {"en": "none", "ja": "なし"},
    "no_agenda": {"en": "No agenda", "ja": "政策なし"},
    "power_race": {"en": "Power race", "ja": "勢力争い"},
    "decked": {"en": "deck empty", "ja": "デッキ切れ"},
    "standing": {"en": "Standing", "ja": "起立"},
    "knelt_group": {"en": "Knelt", "ja": "屈服中"},
    "cost": {"en": "Cost", "ja": "コスト"},
    "when_marshal": {"en": "Marshalling", "ja": "配置時"},
    "when_challenge": {"en": "Challenge", "ja": "攻撃中"},
    "when_reaction": {"en": "Reaction", "ja": "反応"},
    "when_start": {"en": "Ability", "ja": "能力"},
    "last_move": {"en": "last move", "ja": "直前の手"},
    "opponents": {"en": "Opponents", "ja": "相手"},
    "your_area": {"en": "Your house", "ja": "あなたの家"},
    "keyword_rules": {"en": "Keywords", "ja": "キーワード"},
    "both_sides": {"en": "as attacker or defender", "ja": "攻撃側・防御側"},
}


def t(key: str, lang: str) -> str:
    return UI[key][lang]


def card_name(cid: str, lang: str) -> str:
    return CARDS[cid]["name"][lang]


def plot_name(pid: str, lang: str) -> str:
    return PLOTS[pid]["name"][lang]


def house_name(house: str, lang: str) -> str:
    return HOUSE_NAMES[house][lang]


def agenda_name(agenda: str | None, lang: str) -> str:
    if not agenda or agenda == "none":
        return UI["no_agenda"][lang]
    return AGENDAS[agenda]["name"][lang]


def kind_name(kind: str, lang: str) -> str:
    return KIND_NAMES[kind][lang]


# ------------------------------------------------------------------ card texts
def _target_text(flt: dict, lang: str) -> str:
    owner = flt.get("owner", "opponent")
    en, ja = [], []
    if flt.get("standing"):
        en.append("standing")
        ja.append("起立状態の")
    if flt.get("knelt"):
        en.append("kneeling")
        ja.append("屈服状態の")
    if "max_str" in flt:
        en.append(f"STR {flt['max_str']} or less")
        ja.append(f"戦闘力{flt['max_str']}以下の")
    if flt.get("defending"):
        en.append("defending")
        ja.append("防御中の")
    who = {"opponent": ("controlled by an opponent", "相手の"),
           "loser": ("controlled by the defender", "防御側プレイヤーの"),
           "self": ("you control", "自分の")}[owner]
    if lang == "en":
        adj = [w for w in en if not w.startswith("STR")]
        tail = [w for w in en if w.startswith("STR")]
        words = " ".join(adj + ["character"] + (["with " + tail[0]] if tail else []))
        return f"{a_an(words)} {who[0]}"
    return who[1] + "".join(ja) + "キャラクター1体"


def _effect_text(eff: dict, lang: str) -> str:
    do, n = eff["do"], eff.get("n", 0)
    tgt = _target_text(eff["target"], lang) if "target" in eff else ""
    en = {
        "gold": f"gain {n} gold",
        "draw": f"draw {n} card{'s' if n != 1 else ''}",
        "discard_choice": f"then discard {n} card{'s' if n != 1 else ''} from your hand",
        "kneel": f"kneel {tgt}",
        "kill": f"kill {tgt}",
        "pump": f"{tgt} gets +{n} STR until the end of the challenge",
        "pump_all": f"each of your participating characters gets +{n} STR until the end of the challenge",
        "power": f"gain {n} power",
        "move_power": f"move {n} power from the defender's House card to yours",
    }
    ja = {
        "gold": f"金を{n}得る",
        "draw": f"カードを{n}枚引く",
        "discard_choice": f"その後、手札を{n}枚選んで捨てる",
        "kneel": f"{tgt}を屈服させる",
        "kill": f"{tgt}を破壊する",
        "pump": f"{tgt}はこの攻撃の終わりまで戦闘力+{n}",
        "pump_all": f"自分の参加キャラクターはそれぞれこの攻撃の終わりまで戦闘力+{n}",
        "power": f"勢力ポイントを{n}得る",
        "move_power": f"防御側の家系カードから自分の家系カードへ勢力{n}を移す",
    }
    return (en if lang == "en" else ja)[do]


def effects_text(effects: list[dict], lang: str) -> str:
    parts = [_effect_text(e, lang) for e in effects]
    return (", ".join(parts) + ".") if lang == "en" else ("、".join(parts) + "。")


def rivalry_groups(lines: dict) -> list[tuple[tuple[int, ...], dict]]:
    """A card's Rivalry lines (cards.py ``rivalry``) as (player counts, gain) in count order, the
    counts that gain the same together: [((3, 4), gain)] or [((3,), gain3), ((4,), gain4)]."""
    groups: list[tuple[tuple[int, ...], dict]] = []
    for n in sorted(lines):
        if groups and groups[-1][1] == lines[n]:
            groups[-1] = (groups[-1][0] + (n,), lines[n])
        else:
            groups.append(((n,), lines[n]))
    return groups


def rivalry_line(lines: dict, lang: str) -> str:
    """A character's Rivalry line (cards.py ``rivalry``): what it gains or loses in a game begun
    with 3 or 4 players and the Rivalry option; one sentence when both counts change the same."""
    en = lang == "en"
    and_ = " and " if en else "と"

    def change(gain: dict) -> str:
        gained = [(f"the {kind_name(k, 'en')} icon" if en else f"{kind_name(k, 'ja')}アイコン")
                  for k in gain.get("icons", "")]
        gained += [KEYWORD_NAMES[k][lang] for k in gain.get("kw", [])]
        lost = [KEYWORD_NAMES[k][lang] for k in gain.get("lose_kw", [])]
        parts = []
        if gained:
            parts.append(f"gains {and_.join(gained)}" if en else f"{and_.join(gained)}を得る")
        if lost:
            parts.append(f"loses {and_.join(lost)}" if en else f"{and_.join(lost)}を失う")
        return (and_ if en else "、").join(parts)
    groups = rivalry_groups(lines)
    if len(groups) == 1 and len(groups[0][0]) > 1:
        counts, gain = groups[0]
        return (f"Rivalry ({counts[0]}–{counts[-1]} players): {change(gain)}." if en
                else f"対抗ルール（{counts[0]}〜{counts[-1]}人）：{change(gain)}。")
    if en:
        return "Rivalry: " + "; ".join(f"with {counts[0]} players, {change(gain)}" for counts, gain in groups) + "."
    return "対抗ルール：" + "".join(f"{counts[0]}人なら{change(gain)}。" for counts, gain in groups)


def card_text(cid: str, lang: str) -> str:
    """The rules text of a card, generated from its data."""
    c = CARDS[cid]
    parts = []
    kws = [KEYWORD_NAMES[k][lang] for k in c.get("kw", [])]
    if kws:
        parts.append(("、" if lang == "ja" else ", ").join(kws) + ("。" if lang == "ja" else "."))
    if c.get("rivalry"):
        parts.append(rivalry_line(c["rivalry"], lang))
    if c.get("income"):
        parts.append(f"+{c['income']} income." if lang == "en" else f"インカム+{c['income']}。")
    if c.get("reserve"):
        parts.append(f"+{c['reserve']} reserve." if lang == "en" else f"予備値+{c['reserve']}。")
    if c.get("dominance"):
        parts.append(f"Counts as {c['dominance']} STR for you in dominance." if lang == "en"
                     else f"優勢確認で戦闘力{c['dominance']}として数える。")
    if c.get("reducer"):
        h = house_name(c["reducer"], lang)
        parts.append(f"Marshalling: kneel this to make the next {h} card you marshal cost 1 less (automatic)."
                     if lang == "en" else f"配置時：これを屈服させ、次に配置する{h}のカードのコストを1下げる（自動）。")
    if c.get("anthem"):
        a = c["anthem"]
        h, k = house_name(a["house"], lang), kind_name(a["kind"], lang)
        parts.append(f"In {k} challenges, each attacking {h} character you control gets +{a['n']} STR."
                     if lang == "en" else f"{k}攻撃では、攻撃に参加する自分の{h}のキャラクターは戦闘力+{a['n']}。")
    if c["type"] == "attachment":
        att = c["att"]
        bits_en, bits_ja = [], []
        if att.get("str"):
            bits_en.append(f"+{att['str']} STR")
            bits_ja.append(f"戦闘力+{att['str']}")
        if att.get("icon"):
            bits_en.append(f"gains the {kind_name(att['icon'], 'en')} icon")
            bits_ja.append(f"{kind_name(att['icon'], 'ja')}アイコンを得る")
        if att.get("kw"):
            bits_en.append(f"gains {KEYWORD_NAMES[att['kw']]['en']}")
            bits_ja.append(f"{KEYWORD_NAMES[att['kw']]['ja']}を得る")
        parts.append(("Attach to a character you control: " + ", ".join(bits_en) + ".") if lang == "en"
                     else ("自分のキャラクターに付ける：" + "、".join(bits_ja) + "。"))
    window = c.get("window")
    if window:
        eff = effects_text(c["effects"], lang)
        if window == "marshal":
            head = "Marshalling: " if lang == "en" else "配置フェイズ："
        elif window == "challenges_start":
            head = ("At the start of your challenges, kneel this: " if lang == "en"
                    else "攻撃フェイズの開始時、これを屈服させる：")
        elif window == "challenge":
            role = c.get("role")
            head = (f"Challenge, as the {role}: " if lang == "en"
                    else ("攻撃中（攻撃側）：" if role == "attacker" else "攻撃中（防御側）："))
        else:
            k = kind_name(c["kind"], lang)
            head = (f"Reaction: after you win {a_an(k)} challenge as the attacker, " if lang == "en"
                    else f"反応：攻撃側として{k}攻撃に勝った後、")
        parts.append(head + eff)
    flags = []
    if c.get("unique"):
        flags.append(KEYWORD_NAMES["unique"][lang])
    if c.get("limited"):
        flags.append(KEYWORD_NAMES["limited"][lang])
    if c.get("loyal"):
        flags.append(KEYWORD_NAMES["loyal"][lang])
    if flags:
        parts.append(tag((", " if lang == "en" else "・").join(flags), lang))
    return " ".join(parts)


def plot_text(pid: str, lang: str) -> str:
    p = PLOTS[pid]
    base = (f"Income {p['income']}, initiative {p['initiative']}, claim {p['claim']}, reserve {p['reserve']}."
            if lang == "en" else
            f"インカム{p['income']}、イニシアティブ{p['initiative']}、要求値{p['claim']}、予備値{p['reserve']}。")
    if p.get("revealed"):
        base += (" When revealed: " if lang == "en" else " 公開時：") + effects_text(p["revealed"], lang)
    return base


AGENDA_TEXT = {
    "undivided": {"en": "Once per turn, the first character of your House you marshal costs 1 less. "
                        "You cannot marshal neutral characters.",
                  "ja": "各手番、最初に配置する自家系のキャラクターのコスト-1。中立キャラクターは配置できない。"},
    "banners": {"en": "The out-of-House penalty is +1 instead of +2 for you.",
                "ja": "あなたの家系外ペナルティは+2ではなく+1。"},
    "hoard": {"en": "When your unspent gold is returned, keep up to 2 of it. Your reserve is 1 lower.",
              "ja": "未使用の金が戻されるとき、2まで残してよい。予備値-1。"},
}


def agenda_text(agenda: str, lang: str) -> str:
    return AGENDA_TEXT[agenda][lang]


# ------------------------------------------------------------------ log lines
def _name(names: list[str], seat: object) -> str:
    if seat is None or not isinstance(seat, int) or not 0 <= seat < len(names):
        return "?"
    return f'<b class="name">{esc(names[seat])}</b>'


def _card(cid: str | None, lang: str) -> str:
    if not cid or cid not in CARDS:
        return "?"
    return f'<i class="houses-cardname">{esc(card_name(cid, lang))}</i>'


def _cards(cids: list[str] | None, lang: str) -> str:
    if not cids:
        return UI["none"][lang]
    return ("、" if lang == "ja" else ", ").join(_card(c, lang) for c in cids)


WHY_POWER = {
    "unopposed": {"en": "unopposed challenge", "ja": "無防御ボーナス"},
    "dominance": {"en": "dominance", "ja": "優勢"},
    "claim": {"en": "power claim", "ja": "政治攻撃の要求値"},
    "renown": {"en": "Renown", "ja": "名声"},
    "effect": {"en": "a card effect", "ja": "カード効果"},
    "moved": {"en": "a card effect", "ja": "カード効果"},
    "bounty": {"en": "the leader's bounty, a Rivalry rule", "ja": "対抗ルールの首位への懸賞"},
}

END_REASON = {
    "power": {"en": "reached the power target", "ja": "勝利点に到達"},
    "deck_out": {"en": "a draw deck ran out: most power wins", "ja": "デッキ切れ：勢力最多が勝利"},
    "eliminated": {"en": "last player standing", "ja": "最後の生き残り"},
}


def log_line(entry: dict, lang: str, names: list[str]) -> str:
    """One log entry as an HTML-safe sentence (names in <b class=\"name\">)."""
    return tidy(_log_line(entry, lang, names), lang)


def _log_line(entry: dict, lang: str, names: list[str]) -> str:
    k = entry["key"]
    p = entry.get("params", {})
    en = lang == "en"
    who = _name(names, p.get("seat"))
    if k == "house":
        h = esc(house_name(p["house"], lang))
        if p.get("deck") and p["deck"] != p["house"]:
            d = esc(house_name(p["deck"], lang))
            return f"{who} leads {h} (with the {d} starter deck)." if en else f"{who}は{h}（{d}のデッキ）。"
        return f"{who} leads {h}." if en else f"{who}は{h}。"
    if k == "mulligan":
        return f"{who} takes a mulligan." if en else f"{who}はマリガンした。"
    if k == "keep":
        return f"{who} keeps the starting hand." if en else f"{who}は手札をキープした。"
    if k == "agenda_chosen":
        return f"{who} chooses an agenda in secret." if en else f"{who}は政策を秘密裏に選んだ。"
    if k == "agenda":
        a = esc(agenda_name(p["agenda"], lang))
        return f"{who} reveals the agenda: {a}." if en else f"{who}の政策：{a}。"
    if k == "placed":
        return (f"{who} places {plural(p['n'], 'card', 'cards')} face down." if en
                else f"{who}は{p['n']}枚を裏向きに配置した。")
    if k == "setup_reveal":
        return (f"{who} reveals setup: {_cards(p['cards'], lang)}." if en
                else f"{who}の配置公開：{_cards(p['cards'], lang)}。")
    if k == "draw":
        why = p.get("why")
        tail_en = {"insight": " (Insight)", "effect": " (card effect)"}.get(why, "")
        tail_ja = {"insight": "（洞察）", "effect": "（カード効果）"}.get(why, "")
        return (f"{who} draws {plural(p['n'], 'card', 'cards')}{tail_en}." if en
                else f"{who}はカードを{p['n']}枚引いた{tail_ja}。")
    if k == "drew":
        return f"You drew {_cards(p['cards'], lang)}." if en else f"引いたカード：{_cards(p['cards'], lang)}。"
    if k == "decked":
        return (f"{who} must draw from an empty deck." if en
                else f"{who}はデッキが尽きていて引けない。")
    if k == "round":
        return f"— Round {p['round']} —" if en else f"— ラウンド{p['round']} —"
    if k == "plot_picked":
        pl = esc(plot_name(p["plot"], lang))
        return f"You chose {pl}." if en else f"あなたは{pl}を選んだ。"
    if k == "plot_revealed":
        pl = esc(plot_name(p["plot"], lang))
        return f"{who} reveals {pl}." if en else f"{who}のプロット：{pl}。"
    if k == "plots_recycled":
        return (f"{who} takes the used plots back into the plot deck." if en
                else f"{who}は使用済みプロットをプロットデッキに戻した。")
    if k == "initiative_won":
        return f"{who} wins the initiative." if en else f"{who}がイニシアティブを獲得。"
    if k == "first_player":
        return (f"{who} chooses {_name(names, p['first'])} to go first." if en
                else f"{who}は{_name(names, p['first'])}を先手に選んだ。")
    if k == "order":
        order = " → ".join(_name(names, s) for s in p["order"])
        return f"Turn order: {order}." if en else f"手番順：{order}。"
    if k == "turn":
        kept = p.get("kept", 0)
        keep_en = f" and keeps {kept}" if kept else ""
        keep_ja = f"（{kept}を持ち越し）" if kept else ""
        return (f"Turn of {who}: draws {plural(p['n'], 'card', 'cards')}, collects {p['gold']} gold{keep_en}." if en
                else f"{who}の手番：カードを{p['n']}枚引き、金{p['gold']}を得た{keep_ja}。")
    if k == "marshal":
        c = _card(p["card"], lang)
        if p.get("target"):
            tg = _card(p["target"], lang)
            return (f"{who} attaches {c} to {tg} ({p['cost']} gold)." if en
                    else f"{who}は{c}を{tg}に付けた（金{p['cost']}）。")
        return f"{who} marshals {c} ({p['cost']} gold)." if en else f"{who}は{c}を配置した（金{p['cost']}）。"
    if k == "event":
        c = _card(p["card"], lang)
        if p.get("target"):
            tg = _card(p["target"], lang)
            return f"{who} plays {c} on {tg}." if en else f"{who}は{tg}に{c}を使った。"
        return f"{who} plays {c}." if en else f"{who}は{c}を使った。"
    if k == "ability":
        return (f"{who} uses {_card(p['card'], lang)} on {_card(p['target'], lang)}." if en
                else f"{who}は{_card(p['card'], lang)}を{_card(p['target'], lang)}に使った。")
    if k == "gold":
        return f"{who} gains {p['n']} gold." if en else f"{who}は金{p['n']}を得た。"
    if k == "knelt":
        return f"{who}'s {_card(p['card'], lang)} kneels." if en else f"{who}の{_card(p['card'], lang)}が屈服した。"
    if k == "marshal_done":
        return f"{who} ends marshalling." if en else f"{who}は配置を終えた。"
    if k == "challenge":
        kn = esc(kind_name(p["kind"], lang))
        opp = _name(names, p["opponent"])
        cs = _cards(p["cards"], lang)
        return (f"{who} declares {a_an(kn)} challenge against {opp} with {cs}." if en
                else f"{who}は{cs}で{opp}に{kn}攻撃を宣言した。")
    if k == "stealth":
        return (f"{_card(p['card'], lang)} uses Stealth: {_card(p['target'], lang)} cannot defend." if en
                else f"{_card(p['card'], lang)}の隠密：{_card(p['target'], lang)}は防御できない。")
    if k == "defenders":
        return (f"{who} defends with {_cards(p['cards'], lang)}." if en
                else f"{who}の防御参加：{_cards(p['cards'], lang)}。")
    if k == "result":
        kn = esc(kind_name(p["kind"], lang))
        score = f"{p['a']}–{p['d']}"
        if p["winner"] is None:
            return f"The {kn} challenge ({score}) has no winner." if en else f"{kn}攻撃（{score}）は勝者なし。"
        w = _name(names, p["winner"])
        if p["winner"] == p["attacker"] and p["d"] <= 0:
            return (f"{w} wins the {kn} challenge unopposed ({score})." if en
                    else f"{w}が{kn}攻撃に無防御で勝利（{score}）。")
        return f"{w} wins the {kn} challenge ({score})." if en else f"{w}が{kn}攻撃に勝利（{score}）。"
    if k == "killed":
        return (f"{who}'s {_card(p['card'], lang)} is killed." if en
                else f"{who}の{_card(p['card'], lang)}が破壊された。")
    if k == "discarded":
        why = p.get("why")
        if why == "claim":
            return (f"{who} discards {_card(p['card'], lang)} at random (claim)." if en
                    else f"{who}は{_card(p['card'], lang)}をランダムに捨てた（要求値）。")
        if why == "reserve":
            return (f"{who} discards {_card(p['card'], lang)} down to reserve." if en
                    else f"{who}は予備値まで{_card(p['card'], lang)}を捨てた。")
        return f"{who} discards {_card(p['card'], lang)}." if en else f"{who}は{_card(p['card'], lang)}を捨てた。"
    if k == "power_moved":
        src = _name(names, p["source"])
        return (f"{who} takes {p['n']} power from {src}." if en
                else f"{who}は{src}から勢力{p['n']}を奪った。")
    if k == "power":
        why = esc(WHY_POWER.get(p.get("why"), WHY_POWER["effect"])[lang])
        if p.get("card"):
            return (f"{who}'s {_card(p['card'], lang)} gains {p['n']} power ({why})." if en
                    else f"{who}の{_card(p['card'], lang)}が勢力{p['n']}を得た（{why}）。")
        return f"{who} gains {p['n']} power ({why})." if en else f"{who}は勢力{p['n']}を得た（{why}）。"
    if k == "intimidated":
        return (f"{who}'s {_card(p['card'], lang)} is intimidated and kneels." if en
                else f"{who}の{_card(p['card'], lang)}は威圧され屈服した。")
    if k == "challenges_over":
        return f"{who} ends challenges." if en else f"{who}は攻撃を終えた。"
    if k == "dominance":
        totals = p.get("totals", [])
        shown = ", ".join(f"{_name(names, s)} {v}" for s, v in enumerate(totals) if v is not None)
        if p.get("seat") is None:
            return f"Dominance ({shown}): nobody gains power." if en else f"優勢確認（{shown}）：獲得者なし。"
        return (f"Dominance ({shown}): {who} is dominant." if en
                else f"優勢確認（{shown}）：{who}が優勢。")
    if k == "eliminated":
        return f"{who} is eliminated (empty deck)." if en else f"{who}はデッキ切れで脱落した。"
    if k == "game_over":
        ws = ", ".join(_name(names, s) for s in p.get("winners", []))
        why = esc(END_REASON.get(p.get("reason"), END_REASON["power"])[lang])
        return f"Game over: {ws} wins ({why})." if en else f"ゲーム終了：{ws}の勝利（{why}）。"
    return esc(k)


# ------------------------------------------------------------------ rules help (table dialog)
#: a short rules summary, HTML-safe markup (the full rules: docs/rules/houses.md)
RULES_SUMMARY = {
    "en": (
        "<p><b>Goal:</b> be the first to reach the target power (15 by default): power on your House card "
        "plus power on your characters.</p>"
        "<p><b>Setup:</b> each player leads a House with its own deck, draws 7 and places characters and "
        "locations face down for up to 5 gold (at most one Limited card of each type); then everything is "
        "revealed.</p>"
        "<p><b>Each round:</b> everyone secretly chooses a <b>plot</b> (income, initiative, claim, reserve; "
        "when your plot deck has run out, your used plots come back); "
        "the highest initiative plays first. On your turn: draw 2; <b>marshal</b> cards with your gold "
        "(cards of another House cost 2 more; one Limited card of each type per turn); declare up to one "
        "<b>military</b>, one <b>intrigue</b> and "
        "one <b>power</b> challenge, kneeling attackers against a defender's kneeling defenders. The higher "
        "strength wins (ties go to the attacker); with no defence it is unopposed (+1 power). <b>Rivalry</b> "
        "(3–4 players): no unopposed bonus against a player with less power than you, nor when Stealth "
        "kept a defender out, and +1 power for winning a challenge against the sole leader; a card may "
        "gain an icon or a keyword, or lose a keyword, by its "
        "Rivalry line, which may differ with 3 and 4 players. The winner's "
        "claim kills characters (military), discards cards at random (intrigue) or takes power (power).</p>"
        "<p><b>After the challenges:</b> dominance (the highest standing strength gains 1 power), every "
        "player stands all his knelt cards, you discard down to your plot's reserve.</p>"
        "<p><b>End:</b> reaching the target wins at once. When a deck runs out, the game ends with the "
        "round and the most power wins (ties share the victory).</p>"),
    "ja": (
        "<p><b>目的：</b>目標の勢力（標準15）に最初に達すること。勢力は家系カード上とキャラクター上の合計。</p>"
        "<p><b>準備：</b>各プレイヤーは家系を1つ率いて専用デッキを使う。7枚引き、キャラクターとロケーションを"
        "合計コスト5まで裏向きで配置（限定はカードタイプごとに1枚まで）、その後すべて公開する。</p>"
        "<p><b>各ラウンド：</b>全員が秘密裏に<b>プロット</b>（インカム・イニシアティブ・要求値・予備値）を選び"
        "（プロットデッキが尽きていたら使用済みプロットが戻る）、"
        "イニシアティブの高い順に手番を行う。手番：2枚引く。金で<b>配置</b>する（他家系のカードはコスト+2、"
        "限定は1手番にカードタイプごとに1枚まで）。"
        "<b>軍事</b>・<b>陰謀</b>・<b>政治</b>の攻撃をそれぞれ1回まで宣言し、攻撃キャラクターを屈服させる。"
        "防御側も防御キャラクターを屈服させる。戦闘力が高い側の勝ち（同値は攻撃側）。防御がなければ無防備として勢力+1。"
        "<b>対抗ルール</b>（3〜4人）：自分より勢力の少ない相手や、隠密で防御を封じた攻撃では無防御ボーナスなし、単独トップの相手への攻撃に"
        "勝つと勢力+1。カードによっては対抗ルールの記載でアイコンやキーワードを得る、またはキーワードを失う（3人と4人で異なることがある）。"
        "勝った攻撃側の要求値だけ、キャラクターを破壊（軍事）、手札を無作為に捨てさせる（陰謀）、勢力を奪う（政治）。</p>"
        "<p><b>攻撃のあと：</b>支配（起立しているキャラクターの戦闘力が最大の人が勢力+1）、全員の屈服状態の"
        "カードをすべて起立、手番プレイヤーはプロットの予備値まで手札を捨てる。</p>"
        "<p><b>終了：</b>目標に達した人が即座に勝つ。山札が尽きたら、そのラウンドの終わりに勢力が最も多い人の勝ち"
        "（同点は勝利を分け合う）。</p>"),
}


def card_reference(lang: str) -> list[dict]:
    """Every card of every House deck and the neutral cards, then plots and agendas (plain text); "key"
    opens render.card_zoom, "art" names its picture (art.py), "zoom" is the card's data-zoom value."""
    from . import art
    from .cards import HOUSE_PACKAGES, NEUTRAL_PACKAGE
    lang = "ja" if lang == "ja" else "en"
    copies: dict[str, int] = {}
    for package in [NEUTRAL_PACKAGE, *HOUSE_PACKAGES.values()]:
        for cid, n in (package.items() if isinstance(package, dict) else ((c, 1) for c in package)):
            copies[cid] = max(copies.get(cid, 0), n)
    result = []
    for cid, card in CARDS.items():
        house = card.get("house")
        owner = house_name(house, lang) if house in HOUSE_NAMES else {"en": "Neutral", "ja": "中立"}[lang]
        stats = [f"{'Cost' if lang == 'en' else 'コスト'} {card['cost']}"]
        if card["type"] == "character":
            stats.append(f"{'STR' if lang == 'en' else '戦闘力'} {card['str']}")
            stats.append(("/" if lang == "en" else "・").join(kind_name(k, lang) for k in card["icons"]))
        stats += [KEYWORD_NAMES[k][lang] for k in card.get("kw", [])]
        text = card_text(cid, lang)
        entry: dict[str, object] = {"name": card_name(cid, lang), "kind": f"{owner} · {TYPE_NAMES[card['type']][lang]}",
                 "text": " · ".join(stats) + (f" — {text}" if text else ""), "zoom": f"houses:{cid}",
                 "key": cid, "art": art.picture(cid)}
        if copies.get(cid):
            entry["count"] = copies[cid]
        result.append(entry)
    plot_kind = {"en": "Plot", "ja": "プロット"}[lang]
    result += [{"name": plot_name(pid, lang), "kind": plot_kind, "text": plot_text(pid, lang), "zoom": f"houses:{pid}",
                "key": pid, "art": f"plot-{pid}"}
               for pid in PLOTS]
    agenda_kind = {"en": "Agenda", "ja": "アジェンダ"}[lang]
    result += [{"name": AGENDAS[a]["name"][lang], "kind": agenda_kind, "text": agenda_text(a, lang),
                "zoom": f"houses:{a}", "key": a, "art": f"agenda-{a}"} for a in AGENDAS]
    return result


# ====================================================================== the lesson ("Learn to play")
#: the notes of Great Houses' lesson (pygames/games/houses/tutorial.py), by key
TUTORIAL_NOTES = {
    "theme": {
        "en": "Great Houses: noble Houses fight for the realm with their vassals, gold and schemes. You lead "
              "House Vorhelm (●), horse clans of the steppe; Bot 2 leads Miravelle (▲), merchant princes.",
        "ja": "大いなる家系：名家が家臣と金と策略で王国の覇権を争います。あなたは草原の騎馬氏族ヴォルヘルム家（●）を、"
              "ボット2は商人の名家ミラヴェル家（▲）を率います。"},
    "goal": {
        "en": "Goal: be the first to 15 power; you win at once. Power is the ★ on your House card plus the ★ on "
              "your characters: you have 11 (10, and 1 on Drashka), Bot 2 has 12.",
        "ja": "目的：先に勢力15に達すること。達した瞬間に勝ちです。勢力は家系カードの★とキャラクターの★の合計です。"
              "あなたは11（家系カード10、ドラシュカに1）、ボット2は12です。"},
    "late": {
        "en": "This lesson joins a game in round 5. Each character shows its STR (strength) and icons: M "
              "military, I intrigue, P power. It may attack or defend only in a challenge of an icon it has.",
        "ja": "このレッスンは第5ラウンドから始まります。キャラクターには戦闘力とアイコン（軍＝軍事、陰＝陰謀、政＝政治）があり、"
              "持っているアイコンの攻撃にだけ攻撃・防御で参加できます。"},
    "plot": {
        "en": "Each round opens with the plot phase: everyone chooses a plot in secret. Its numbers: Gold (your "
              "income), Init (initiative: highest goes first), Claim (what a won challenge takes), Res (reserve: "
              "your hand limit). Choose Swift Riders, initiative 8.",
        "ja": "各ラウンドはプロットフェイズから始まり、全員が秘密でプロットを1枚選びます。数値は金（インカム）、"
              "先（イニシアティブ：高い人が先手）、要（要求値：攻撃に勝って奪う数）、予（予備値：手札上限）。"
              "イニシアティブ8の早馬を選びましょう。"},
    "initiative": {
        "en": "Plots revealed: your Swift Riders has initiative 8, Bot 2's Council of Lords 4, so your turn comes "
              "first. Your turn began: you drew 2 cards and took your gold, 3 from the plot and 1 from Market Town.",
        "ja": "プロット公開：あなたの早馬はイニシアティブ8、ボット2の諸侯会議は4なので、あなたが先手です。"
              "手番の始めにカードを2枚引き、金を得ました（プロットの3と市場町の1）。"},
    "marshal": {
        "en": "Marshalling: pay gold to put cards from your hand into play. Marshal the Iron Steppe Warband for "
              "your 4 gold: STR 4, with the military and power icons.",
        "ja": "配置フェイズ：金を払って手札のカードを場に出します。金4で鉄の草原の戦隊を配置しましょう。"
              "戦闘力4、軍事と政治のアイコンを持ちます。"},
    "end_marshal": {
        "en": "Your gold is spent (gold left over would keep for events until your next turn). End marshalling: "
              "the challenges come next.",
        "ja": "金を使い切りました（残った金は次の手番までイベントに使えます）。配置フェイズを終えて、攻撃フェイズに進みます。"},
    "military": {
        "en": "Challenges: each turn you may declare one military, one intrigue and one power challenge, one "
              "after another. Declare the military challenge against Bot 2.",
        "ja": "攻撃フェイズ：毎手番、軍事・陰謀・政治の攻撃を1回ずつ、順に宣言できます。ボット2への軍事攻撃を宣言しましょう。"},
    "attacker": {
        "en": "Choose the attackers, characters with the military icon: they kneel (turn sideways) and are spent "
              "for this turn. Send the Horse-Clan Raider: STR 2, +1 for Vanguard (+1 STR while attacking).",
        "ja": "攻撃に参加するのは軍事アイコンを持つキャラクターです。参加すると屈服し（横向き）、この手番はもう使えません。"
              "騎馬氏族の略奪者を送りましょう。戦闘力2、先陣（攻撃中は戦闘力+1）で3です。"},
    "attackers_done": {
        "en": "Keep your other characters standing for the next challenges, and confirm. If you win, the military "
              "claim makes the defender kill as many of its characters as your plot's claim: 1.",
        "ja": "ほかのキャラクターは次の攻撃のために起立のままにして、確定しましょう。勝てば軍事攻撃の要求値として、"
              "防御側はプロットの要求値（1）だけ自分のキャラクターを破壊します。"},
    "military_won": {
        "en": "Bot 2 defended with its Gilded Sentry: STR 2, +1 for Bulwark (+1 STR while defending). 3 against 3: "
              "a tie goes to the attacker, you win. For the claim Bot 2 chose its Delta Watchman: dead (its dead pile).",
        "ja": "ボット2は金飾りの歩哨で防御しました。戦闘力2、堅守（防御中は戦闘力+1）で3です。3対3の同点は攻撃側の勝ち。"
              "要求値としてボット2は三角州の夜警を選び、墓場に送りました。"},
    "intrigue": {
        "en": "Each kind of challenge takes something else. Declare the intrigue challenge: the War-Drum Herald is "
              "your only standing character with the intrigue icon, so it attacks without being asked.",
        "ja": "攻撃の種類ごとに奪うものが違います。陰謀攻撃を宣言しましょう。陰謀アイコンを持つ起立中のキャラクターは"
              "戦太鼓の伝令だけなので、選ばなくても自動で攻撃します。"},
    "intrigue_won": {
        "en": "Bot 2 did not defend. A challenge won with no STR against it is unopposed: +1 power on your House "
              "card (12). Intrigue claim: a card of the defender's hand, at random, is discarded: Hired Blades.",
        "ja": "ボット2は防御しませんでした。防御の戦闘力0で勝った攻撃は無防御で、家系カードに勢力+1（12）。"
              "陰謀攻撃の要求値：防御側の手札からランダムに1枚捨てさせます（雇われ剣士）。"},
    "power": {
        "en": "The power challenge is left. Declare it: its claim takes power itself.",
        "ja": "残りは政治攻撃です。宣言しましょう。要求値で勢力そのものを奪えます。"},
    "power_attacker": {
        "en": "Attack with Drashka, Warlord of the Steppe: STR 4, the power icon, and two keywords, Renown and "
              "Intimidate (the card's zoom explains every keyword).",
        "ja": "草原の戦王ドラシュカで攻撃しましょう。戦闘力4、政治アイコン、キーワードは名声と威圧"
              "（カードの拡大表示で各キーワードを説明しています）。"},
    "power_done": {
        "en": "Keep the Warband standing: at the end of your turn, dominance counts the STR of standing characters. "
              "Confirm the attackers.",
        "ja": "戦隊は起立のままにします。手番の終わりの優勢確認では起立中のキャラクターの戦闘力を数えます。"
              "攻撃参加者を確定しましょう。"},
    "power_won": {
        "en": "Bot 2 defended with its Guild Factor (STR 3): 4 beats 3. Power claim: 1 power moves from Bot 2's "
              "House card to yours (Bot 2 11). Renown: Drashka, on the winning side, gains 1 power. You have 14.",
        "ja": "ボット2はギルドの代理人（戦闘力3）で防御。4対3で勝ちです。政治攻撃の要求値：ボット2の家系カードから"
              "勢力1があなたの家系カードへ移ります（ボット2は11）。名声：勝った側のドラシュカに勢力1。あなたは14です。"},
    "intimidate": {
        "en": "Intimidate: winning as the attacker by 1, you may kneel a defender's character with STR 1 or less. "
              "Kneel the Canal Broker: one less standing character for Bot 2's dominance.",
        "ja": "威圧：攻撃側で1差で勝ったので、防御側の戦闘力1以下のキャラクター1体を屈服させられます。"
              "運河の仲買人を屈服させましょう。ボット2の優勢確認で数える起立キャラクターが減ります。"},
    "dominance": {
        "en": "No challenge was left, so your turn ended with dominance: each player adds up the STR of the "
              "standing characters, and the highest alone gains 1 power. Your Steppe Lancer and Iron Steppe Warband "
              "make 7, Bot 2's Harbor Marshal 3: +1 power for you.",
        "ja": "攻撃が残っていないので手番の終わりの優勢確認です。各自の起立中のキャラクターの戦闘力を合計し、"
              "単独で最大の人が勢力+1。あなたは草原の槍騎兵と鉄の草原の戦隊で7、ボット2は港湾司令の3。あなたに勢力+1です。"},
    "end": {
        "en": "15 power: you win at once! In a longer game every card stands again at the end of each turn, you "
              "discard down to your reserve, and you meet events and Stealth: the rules and the card zooms explain them.",
        "ja": "勢力15で即座に勝利です！長いゲームでは、毎手番の終わりに全カードが起立し、予備値まで手札を捨て、"
              "イベントや隠密にも出会います。ルールとカードの拡大表示で確認できます。"},
}
