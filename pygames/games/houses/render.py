"""Great Houses table: HTML markup from a view (pure functions, see docs/architecture.md).

Click paths (``action_steps``):
    hand:<card id>         a card in your hand (marshal, play, place, discard)
    card:<uid>             a card in play (attacker, defender, target, kill, ability)
    plot:<plot id>         a plot in your plot deck
    seat:<n>               a player's House card (opponent of a challenge, first player)
    ch:M | ch:I | ch:P     declare a military / intrigue / power challenge
    agenda:<id>            choose an agenda in setup
    done | pass | skip | keep | mulligan    buttons
"""

from __future__ import annotations

from ...ui.html import BoardPlaces, card_list, choice_attrs, esc, last_moves, purse_attrs, zoom_attrs
from ...ui.i18n import colon, parens, plural, tag, unlimited_html
from . import art
from . import text as T
from .cards import AGENDAS, CARDS, PLOTS
from .stats import any_ready, base_str, icons_of, keywords_of

SEAT_SHAPES = ("●", "▲", "■", "◆")
PLOT_ABBR = {"en": ("Gold ", "Init ", "Claim ", "Res "), "ja": ("金", "先", "要", "予")}
SEAT_SHAPE_NAMES = {"en": ("circle", "triangle", "square", "diamond"), "ja": ("丸", "三角", "四角", "菱形")}
#: the keywords a card face shows as chips, by their full name (T.KEYWORD_NAMES), the rule in the tooltip
CHIP_KEYWORDS = ("renown", "stealth", "insight", "intimidate", "vanguard", "bulwark")


def _kw_chip(k: str, lang: str, sign: str = "") -> tuple[str, str]:
    """A keyword chip's text ("Insight", "+Insight") and tooltip (what the keyword does)."""
    return sign + T.KEYWORD_NAMES[k][lang], f"{T.KEYWORD_NAMES[k][lang]}{colon(lang)}{T.KEYWORD_RULES[k][lang]}"


# ====================================================================== click keys
# Every click key of Great Houses' board and buttons is made by one of these functions and read
# back by ``read_key`` (nowhere else puts one together or takes one apart).
def hand_key(card: str) -> str:             # a card of the hand (marshal, event, place, discard)
    return f"hand:{card}"


def card_key(uid: int) -> str:              # a card in play, by its instance id
    return f"card:{uid}"


def plot_key(plot: str) -> str:
    return f"plot:{plot}"


def seat_key(seat: int) -> str:             # a house (first player, a challenge's opponent)
    return f"seat:{seat}"


def agenda_key(agenda: str) -> str:
    return f"agenda:{agenda}"


def challenge_key(kind: str) -> str:        # M, I or P
    return f"ch:{kind}"


def plain_key(word: str) -> str:            # keep, mulligan, pass, skip, done (buttons)
    return word


def read_key(key: str) -> tuple[str, str | int | None]:
    """(head, value) of a key made above: an int for card and seat (the text as made if it is not
    a number), the id as made for hand, plot, agenda and ch, None for a plain key."""
    head, _, rest = key.partition(":")
    if head in ("card", "seat"):
        return head, int(rest) if rest.lstrip("-").isdigit() else rest
    return head, rest or None


# ====================================================================== click paths
def action_steps(action: dict, view: dict) -> list[str]:
    t = action["type"]
    if t in ("marshal", "event"):
        path = [hand_key(action["card"])]
        if action.get("target") is not None:
            path.append(card_key(action["target"]))
        return path
    if t in ("place", "discard"):
        return [hand_key(action["card"])]
    if t == "plot":
        return [plot_key(action["plot"])]
    if t == "first_player":
        return [seat_key(action["seat"])]
    if t == "agenda":
        return [agenda_key(action["agenda"])]
    if t == "challenge":
        path = [challenge_key(action["kind"])]
        me = view.get("current")
        others = [s for s, p in enumerate(view["players"]) if s != me and not p["out"]]
        if len(others) > 1:
            path.append(seat_key(action["opponent"]))
        return path
    if t in ("attacker", "defender"):
        path = [card_key(action["card"])]
        if _closes_choice(t, action["card"], view):
            path.append(plain_key("done"))  # the prompt says "then confirm": the last pick waits for it
        return path
    if t == "kill":
        return [card_key(action["card"])]
    if t == "ability":
        return [card_key(action["card"]), card_key(action["target"])]
    if t in ("stealth", "intimidate"):
        return [card_key(action["target"])]
    if t in ("keep", "mulligan", "pass"):
        return [plain_key(t)]
    if t in ("stealth_none", "intimidate_none"):
        return [plain_key("skip")]
    if t in ("place_done", "end_marshal", "end_challenges", "attackers_done", "defenders_done"):
        return [plain_key("done")]
    raise ValueError(f"unknown action type {t!r}")


def _closes_choice(kind: str, card: int, view: dict) -> bool:
    """Whether picking ``card`` as an attacker (defender) leaves no other character to pick: the
    rules then end the choice at once (challenges.on_attacker / on_defender), so the board asks for
    the confirm click first, as the prompt says, and a tap on the only defender commits nothing."""
    ch = view.get("ch")
    if not ch:
        return False
    if kind == "attacker":
        seat, chosen = ch["attacker"], list(ch["attackers"]) + [card]
    else:
        seat, chosen = ch["defender"], list(ch["defenders"]) + [card] + list(ch.get("blocked") or [])
    return not any_ready(view["players"][seat]["chars"], ch["kind"], chosen)


def _find(view: dict, uid: int):
    for s, p in enumerate(view["players"]):
        for inst in p["chars"] + p["locs"]:
            if inst["uid"] == uid:
                return s, inst
    return None, None


def step_label(key: str, view: dict, lang: str, names: list[str] | None = None) -> str:
    """A click's label; a seat is named by its shape and house (the names are on the board beside them)."""
    en = lang == "en"
    stage = view.get("stage")
    if key == "done":
        labels = {
            "setup": ("Finish setup", "配置を終える"),
            "marshal": ("End marshalling", "配置フェイズを終える"),
            "challenges": ("End challenges", "攻撃フェイズを終える"),
            "attackers": ("Attackers chosen", "攻撃参加者を確定"),
            "defenders": ("Defenders chosen", "防御参加者を確定"),
        }.get(stage, ("Done", "完了"))
        return labels[0] if en else labels[1]
    if key == "pass":
        return "Pass" if en else "パス"
    if key == "skip":
        return "Skip" if en else "使わない"
    if key == "keep":
        return "Keep hand" if en else "手札をキープ"
    if key == "mulligan":
        return "Mulligan (redraw 7)" if en else "マリガン（7枚引き直し）"
    head, value = read_key(key)
    rest = key.partition(":")[2]  # the key's text after its head, shown when it names nothing known
    if head == "ch":
        kind = T.kind_name(rest, lang)
        return f"{kind.capitalize()} challenge" if en else f"{kind}攻撃"
    if head == "agenda":
        return T.agenda_name(rest, lang)
    if head == "hand":
        if rest not in CARDS:
            return rest
        return f"Play {T.card_name(rest, lang)}" if en else f"{T.card_name(rest, lang)}を出す"
    if head == "plot":
        return T.plot_name(rest, lang) if rest in PLOTS else rest
    if head == "seat":
        if isinstance(value, int) and 0 <= value < min(len(view["players"]), len(SEAT_SHAPES)):
            return f"{SEAT_SHAPES[value]} {T.house_name(view['players'][value]['house'], lang)}"
        return rest
    if head == "card":
        inst = _find(view, value)[1] if isinstance(value, int) else None
        return T.card_name(inst["cid"], lang) if inst else rest
    return key


# ====================================================================== status line
def _who(names: list[str], seat) -> str:
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return f'<b class="name">{esc(names[seat])}</b>'


def prompt(view: dict, seat: int | None, lang: str, names: list[str]) -> str:
    en = lang == "en"
    if view["over"]:
        return "Game over." if en else "ゲーム終了。"
    cur = view["current"]
    mine = seat is not None and cur == seat
    who = _who(names, cur)
    stage = view["stage"]
    ch = view["ch"]
    if view.get("pending"):
        n = view["pending"]["n"]
        ask = f"Choose {plural(n, 'card', 'cards')} to discard." if en else f"捨てるカードを{n}枚選んでください。"
        return ask if mine \
            else (f"{who} is discarding." if en else f"{who}がカードを捨てています。")
    if stage == "window":
        kind = esc(T.kind_name(ch["kind"], lang))
        return (f"{kind.capitalize()} challenge: play an event or pass." if en
                else f"{kind}攻撃中：イベントを使うかパスしてください。") if mine \
            else (f"{who} may play an event." if en else f"{who}がイベントを検討中。")
    texts = {
        "mulligan": ("Keep your starting hand or mulligan?", "手札をキープしますか、マリガンしますか?",
                     "{w} decides on a mulligan.", "{w}がマリガンを検討中。"),
        "agenda": ("Choose an agenda (kept secret until setup is revealed).",
                   "政策を選んでください（配置公開まで秘密）。",
                   "{w} chooses an agenda.", "{w}が政策を選択中。"),
        "setup": ("Setup: place characters and locations face down, total cost up to 5.",
                  "開始準備：コスト合計5以下のキャラクターとロケーションを裏向きに配置してください。",
                  "{w} places setup cards.", "{w}が開始配置中。"),
        "plot": ("Choose your plot for this round (secret until all have chosen).",
                 "このラウンドのプロットを選んでください（全員が選ぶまで秘密）。",
                 "{w} chooses a plot.", "{w}がプロットを選択中。"),
        "first_player": ("You won the initiative: choose the first player.",
                         "イニシアティブを獲得しました。先手を選んでください。",
                         "{w} chooses the first player.", "{w}が先手を選択中。"),
        "marshal": ("Marshalling: put cards into play with your gold ({g} gold).",
                    "配置フェイズ：金を使ってカードを配置してください（金{g}）。",
                    "{w} is marshalling.", "{w}が配置中。"),
        "challenges": ("Challenges: declare a challenge or end the phase.",
                       "攻撃フェイズ：攻撃を宣言するか終了してください。",
                       "{w} is declaring challenges.", "{w}が攻撃を宣言中。"),
        "attackers": ("Choose attackers (kneel), then confirm.", "攻撃に参加するキャラクターを選び、確定してください。",
                      "{w} chooses attackers.", "{w}が攻撃参加者を選択中。"),
        "stealth": ("Stealth: choose a character that cannot defend.",
                    "隠密：防御できないキャラクターを選んでください。",
                    "{w} resolves Stealth.", "{w}が隠密を解決中。"),
        "defenders": ("Defend: choose defenders (or none), then confirm.",
                      "防御：防御参加者を選び（0体も可）、確定してください。",
                      "{w} chooses defenders.", "{w}が防御参加者を選択中。"),
        "claim": ("Military claim: choose a character of yours to kill.",
                  "軍事攻撃の要求値：破壊する自分のキャラクターを選んでください。",
                  "{w} chooses characters to kill.", "{w}が破壊するキャラクターを選択中。"),
        "intimidate": ("Intimidate: choose a character to kneel.", "威圧：屈服させるキャラクターを選んでください。",
                       "{w} resolves Intimidate.", "{w}が威圧を解決中。"),
        "reaction": ("You won: play a reaction or pass.", "勝利しました：反応イベントを使うかパスしてください。",
                     "{w} may play a reaction.", "{w}が反応を検討中。"),
        "reserve": ("Discard down to your reserve.", "予備値まで手札を捨ててください。",
                    "{w} discards down to reserve.", "{w}が予備値まで手札を捨てています。"),
    }
    row = texts.get(stage)
    if row is None:
        return ""
    gold = view["players"][cur]["gold"] if cur is not None else 0
    if mine:
        line = (row[0] if en else row[1]).format(g=gold)
        if stage in ("attackers", "defenders") and ch:
            kind = T.kind_name(ch["kind"], lang)
            line = tag(esc(kind), lang) + ("" if lang == "ja" else " ") + line
        return line
    return (row[2] if en else row[3]).format(w=who)


# ====================================================================== board
ICON_SHAPES = {
    "M": ('<rect x="1" y="1" width="14" height="14" rx="2"/>', "M", "軍"),
    "I": ('<circle cx="8" cy="8" r="7"/>', "I", "陰"),
    "P": ('<polygon points="8,0.5 15.5,15 0.5,15"/>', "P", "政"),
}

# ids of the log entries that are a player's own decision (what "last move" marks)
MOVE_KEYS = ("marshal", "event", "ability", "challenge", "defenders", "challenges_over", "mulligan", "keep",
             "agenda_chosen", "placed", "first_player", "stealth", "discarded", "plot_picked")


def icon_svg(kind: str, lang: str) -> str:
    shape, en, ja = ICON_SHAPES[kind]
    label = esc(T.kind_name(kind, lang))
    letter = en if lang == "en" else ja
    y = "11.5" if kind != "P" else "13"
    return (f'<svg class="houses-icon houses-icon-{kind}" viewBox="0 0 16 16" width="16" height="16" '
            f'role="img" aria-label="{label}"><title>{label}</title>{shape}'
            f'<text x="8" y="{y}" text-anchor="middle">{esc(letter)}</text></svg>')


def _attrs(key: str, choices, placed: set) -> str:
    if key in choices:
        placed.add(key)
        return " " + choice_attrs(key) + ' data-choosable="1"'
    return placed.mark_picked(key) if isinstance(placed, BoardPlaces) else ""


class _CardIds:
    """Stable anim ids for the cards a board shows: card-<seat>-<card id>, then -2, -3 for more copies,
    counted per owner over the cards in play (characters with their attachments, then locations, in the
    order they came into play), then your face-down setup cards, then your hand. So a card you marshal
    keeps its id from your hand to the table (and flies there); an opponent's new card flies from their
    hand count. Counted only over what the viewer sees: an id tells nothing about a hidden card."""

    def __init__(self, view: dict) -> None:
        self.seen: dict[tuple[int, str], int] = {}
        self.in_play: dict = {}  # uid -> id; (uid, n) -> id of the n-th attachment on it
        for s, p in enumerate(view["players"]):
            for inst in p["chars"]:
                self.in_play[inst["uid"]] = self(s, inst["cid"])
                for j, att in enumerate(inst["atts"]):
                    self.in_play[(inst["uid"], j)] = self(s, att)
            for inst in p["locs"]:
                self.in_play[inst["uid"]] = self(s, inst["cid"])

    def __call__(self, seat: int, cid: str) -> str:
        k = self.seen.get((seat, cid), 0) + 1
        self.seen[(seat, cid)] = k
        return f"card-{seat}-{cid}" + (f"-{k}" if k > 1 else "")

    def anim(self, key, owner: int, viewer: int | None) -> str:
        """The anim attributes of a card in play: its id, and (an opponent's) where a new one comes from."""
        came = f' data-anim-from="handcount-{owner}"' if owner != viewer else ""
        return f' data-anim-id="{esc(self.in_play[key])}"{came}'


def _crest(house: str, cls: str = "houses-crest") -> str:
    return art.use(f"crest-{house}", cls)


def _chips(cid: str, lang: str) -> str:
    """The short marks of a card face: keywords, income, reserve, dominance, reducer, timing."""
    c = CARDS[cid]
    ja = lang == "ja"
    lang = "ja" if ja else "en"
    # (text, tooltip): a keyword by its name, its rule on hover or long press (title)
    chips: list[tuple[str, str]] = [_kw_chip(k, lang) for k in c.get("kw", []) if k in CHIP_KEYWORDS]
    # what it gains (+) or loses (−) with 3 or 4 players, a chip per different line (the card
    # text says it in full)
    for counts, gain in T.rivalry_groups(c.get("rivalry", {})):
        marks = [("+" + T.kind_name(k, lang), "") for k in gain.get("icons", "")]
        marks += [_kw_chip(k, lang, "+") for k in gain.get("kw", []) if k in CHIP_KEYWORDS]
        marks += [_kw_chip(k, lang, "−") for k in gain.get("lose_kw", []) if k in CHIP_KEYWORDS]
        players = "〜".join(map(str, counts)) + "人：" if ja else "–".join(map(str, counts)) + "p: "
        chips.append((players + " ".join(m for m, _ in marks), "; ".join(why for _, why in marks if why)))
    if c.get("income"):
        chips.append((f"{T.t('income', lang)} +{c['income']}", ""))
    if c.get("reserve"):
        chips.append((f"{T.t('reserve', lang)} +{c['reserve']}", ""))
    if c.get("dominance"):
        chips.append((f"{T.t('dominance', lang)} {c['dominance']}", ""))
    if c.get("reducer"):
        chips.append((f"{T.t('cost', lang)} −1", ""))
    if c.get("anthem"):
        chips.append((f"{T.kind_name(c['anthem']['kind'], lang)} +{c['anthem']['n']}", ""))
    if c["type"] == "attachment":
        att = c["att"]
        if att.get("str"):
            chips.append((f"+{att['str']} {T.t('str', lang)}", ""))
        if att.get("icon"):
            chips.append((f"+{T.kind_name(att['icon'], lang)}", ""))
        if att.get("kw"):
            chips.append(_kw_chip(att["kw"], lang, "+") if att["kw"] in CHIP_KEYWORDS
                         else (f"+{T.KEYWORD_NAMES[att['kw']][lang]}", ""))
    window = c.get("window")
    if window:
        word = {"marshal": "when_marshal", "challenge": "when_challenge", "reaction": "when_reaction",
                "challenges_start": "when_start"}[window]
        mark = T.t(word, lang)
        if window == "reaction":
            mark += parens(T.kind_name(c['kind'], lang), lang)
        elif window == "challenge":
            mark += parens(T.t("attackers" if c.get("role") == "attacker" else "defenders", lang), lang)
        chips.append((mark, ""))
    return "".join(_chip(text, why) for text, why in chips)


def _chip(text: str, why: str = "") -> str:
    title = f' title="{esc(why)}"' if why else ""
    return f'<span class="houses-chip"{title}>{esc(text)}</span>'


def _icons(icons: str, lang: str) -> str:
    return "".join(icon_svg(k, lang) for k in "MIP" if k in icons)


def _name_line(cid: str, lang: str, extra: str = "") -> str:
    c = CARDS[cid]
    return f'<div class="houses-cname">{"◆ " if c["unique"] else ""}{esc(T.card_name(cid, lang))}{extra}</div>'


def _char_card(view: dict, owner: int, inst: dict, lang: str, choices, placed: set, marked: set,
               ids: _CardIds) -> str:
    cid = inst["cid"]
    c = CARDS[cid]
    ch = view["ch"]
    cls = ["houses-card", "houses-char", f"houses-h-{c['house']}"]
    role = ""
    if ch:
        if inst["uid"] in ch["attackers"]:
            cls.append("houses-attacking")
            role = T.t("attacking", lang)
        elif inst["uid"] in ch["defenders"]:
            cls.append("houses-defending")
            role = T.t("defending", lang)
        elif inst["uid"] in ch["blocked"]:
            cls.append("houses-blocked")
            role = T.t("cannot_defend", lang)
    if inst["knelt"]:
        cls.append("houses-knelt")
    key = card_key(inst["uid"])
    if key in choices:
        cls.append("houses-choosable")
    attrs = _attrs(key, choices, placed)
    kws = "".join(_chip(*_kw_chip(k, "ja" if lang == "ja" else "en")) for k in keywords_of(inst) if k in CHIP_KEYWORDS)
    bonus = ch["bonus"].get(str(inst["uid"]), 0) if ch else 0
    strength = base_str(inst)
    str_txt = f"{strength}" + (f"+{bonus}" if bonus else "")
    atts = "".join(f'<div class="houses-att '
                   f'houses-h-{CARDS[a]["house"]}"{ids.anim((inst["uid"], j), owner, view["me"])}'
                   f'{zoom_attrs("houses", a, "")}>+ {esc(T.card_name(a, lang))}</div>'
                   for j, a in enumerate(inst["atts"]))
    power = (f'<span class="houses-powertok" title="{esc(T.t("power", lang))}">★{inst["power"]}</span>'
             if inst["power"] else "")
    tokens = purse_attrs("power", inst["power"])  # power on the card: tokens travel to and from it
    knelt_txt = f'<span class="houses-kneltlbl">⤵ {esc(T.t("knelt", lang))}</span>' if inst["knelt"] else ""
    role_txt = f'<span class="houses-role">{esc(role)}</span>' if role else ""
    last = ' data-last-move="1"' if inst["uid"] in marked else ""
    return (f'<div class="{" ".join(cls)}"{ids.anim(inst["uid"], owner, view["me"])}{tokens}{last}{attrs}'
            f'{zoom_attrs("houses", cid, attrs)}><div '
            f'class="houses-artbox">{art.use(art.picture(cid))}{_crest(c["house"])}'
            f'<span class="houses-str" title="{esc(T.t("str", lang))}">{esc(str_txt)}</span>{power}</div>'
            f'<div class="houses-face">{_name_line(cid, lang)}'
            f'<div class="houses-statline"><span '
            f'class="houses-icons">{_icons("".join(icons_of(inst)), lang)}</span>{kws}</div>'
            f'{atts}<div class="houses-marks">{knelt_txt}{role_txt}</div></div></div>')


def _loc_card(view: dict, owner: int, inst: dict, lang: str, choices, placed: set, marked: set,
              ids: _CardIds) -> str:
    cid = inst["cid"]
    c = CARDS[cid]
    key = card_key(inst["uid"])
    cls = ["houses-card", "houses-loc", f"houses-h-{c['house']}"]
    if inst["knelt"]:
        cls.append("houses-knelt")
    if key in choices:
        cls.append("houses-choosable")
    attrs = _attrs(key, choices, placed)
    knelt_txt = f'<span class="houses-kneltlbl">⤵ {esc(T.t("knelt", lang))}</span>' if inst["knelt"] else ""
    last = ' data-last-move="1"' if inst["uid"] in marked else ""
    return (f'<div class="{" ".join(cls)}"{ids.anim(inst["uid"], owner, view["me"])}{last}{attrs}'
            f'{zoom_attrs("houses", cid, attrs)}>'
            f'<div class="houses-artbox">{art.use(art.picture(cid))}{_crest(c["house"])}</div>'
            f'<div class="houses-face">{_name_line(cid, lang)}<div class="houses-statline">{_chips(cid, lang)}</div>'
            f'<div class="houses-marks">{knelt_txt}</div></div></div>')


PLOT_ICONS = ("coin", "init", "claim", "reserve")


def _plot_stats(pid: str, lang: str) -> str:
    pl = PLOTS[pid]
    abbr = PLOT_ABBR["en" if lang == "en" else "ja"]
    return "".join(f'<span title="{esc(T.t(k, lang))}">{art.use(icon, "houses-staticon")}<b>{pl[k]}</b>'
                   f'<small>{esc(a.strip())}</small></span>'
                   for k, a, icon in zip(("income", "initiative", "claim", "reserve"), abbr, PLOT_ICONS))


def _plot_card(pid: str, lang: str, key: str | None, choices, placed: set, extra_cls: str = "",
               anim: str = "") -> str:
    attrs = _attrs(key, choices, placed) if key else ""
    cls = "houses-plot" + (" houses-choosable" if key and key in choices else "") + extra_cls
    anim_attr = f' data-anim-id="{esc(anim)}"' if anim else ""
    return (f'<div class="{cls}"{anim_attr}{attrs}{zoom_attrs("houses", pid, attrs)}>'
            f'<div class="houses-plothead">{art.use("plot-" + pid, "houses-plotart")}'
            f'<div class="houses-cname">{esc(T.plot_name(pid, lang))}</div></div>'
            f'<div class="houses-plotstats">{_plot_stats(pid, lang)}</div></div>')


def _hand_card(view: dict, seat: int, cid: str, count: int, lang: str, choices, placed: set, anim: str,
               key: str | None = None, extra_cls: str = "") -> str:
    c = CARDS[cid]
    key = key if key is not None else hand_key(cid)
    cls = ["houses-card", "houses-handcard", f"houses-h-{c['house']}"]
    if extra_cls:
        cls.append(extra_cls)
    if key in choices:
        cls.append("houses-choosable")
    attrs = _attrs(key, choices, placed)
    strength = (f'<span class="houses-str" title="{esc(T.t("str", lang))}">{c["str"]}</span>'
                if c["type"] == "character" else "")
    icons = (f'<span class="houses-icons">{_icons(c["icons"], lang)}</span>' if c["type"] == "character" else "")
    times = f' <span class="houses-count">×{count}</span>' if count > 1 else ""
    return (f'<div class="{" ".join(cls)}" data-anim-id="{esc(anim)}"{attrs}{zoom_attrs("houses", cid, attrs)}>'
            f'<div class="houses-artbox">{art.use(art.picture(cid))}{_crest(c["house"])}'
            f'<span class="houses-cost" title="{esc(T.t("cost", lang))}">{c["cost"]}</span>{strength}</div>'
            f'<div class="houses-face">{_name_line(cid, lang, times)}'
            f'<div class="houses-ctype">{esc(T.TYPE_NAMES[c["type"]][lang])}</div>'
            f'<div class="houses-statline">{icons}{_chips(cid, lang)}</div></div></div>')


def _track(view: dict, s: int, lang: str, names: list[str]) -> str:
    from .stats import total_power
    p = view["players"][s]
    target = view["opts"]["victory_power"]
    power = total_power(p)
    pips = "".join(f'<span class="houses-pip{" houses-on" if i < power else ""}"></span>' for i in range(target))
    return (f'<div class="houses-trackrow houses-seat{s}"><span class="houses-shape">{SEAT_SHAPES[s]}</span>'
            f'{_crest(p["house"], "houses-crest-sm")}<span class="houses-trackname">{_who(names, s)}</span>'
            f'<span class="houses-track" role="img" aria-label="{power}/{target}">{pips}</span>'
            f'<b class="houses-trackval" data-anim-id="power-{s}">{power}<small>/{target}</small></b></div>')


def _challenge_box(view: dict, lang: str, names: list[str]) -> str:
    ch = view["ch"]
    if not ch:
        return ""
    from .stats import side_strength
    a = side_strength(view, ch["attacker"], ch["attackers"])
    d = side_strength(view, ch["defender"], ch["defenders"])
    kind = T.kind_name(ch["kind"], lang)  # lower case, for inside sentences; the box starts with it
    kind = kind[:1].upper() + kind[1:]
    return (f'<div class="houses-chbox">{icon_svg(ch["kind"], lang)} <b>{esc(kind)}</b>{colon(lang)}'
            f'{_who(names, ch["attacker"])} {SEAT_SHAPES[ch["attacker"]]} → {_who(names, ch["defender"])} '
            f'{SEAT_SHAPES[ch["defender"]]} <span class="houses-chscore">{esc(T.t("attackers", lang))} <b>{a}</b> — '
            f'{esc(T.t("defenders", lang))} <b>{d}</b></span></div>')



def _marked_uid(view: dict, s: int, entry: dict) -> int | None:
    """The card in play a last move put there (marshalling), if it can be found."""
    if entry["key"] != "marshal":
        return None
    p = view["players"][s]
    cid = entry["params"].get("card")
    target = entry["params"].get("target")
    best = None
    for inst in p["chars"] + p["locs"]:
        if inst["cid"] == cid or (target and inst["cid"] == target and cid in inst["atts"]):
            best = inst["uid"] if best is None else max(best, inst["uid"])
    return best


def _stat(label: str, value, big: bool = False, anim: str = "", icon: str = "", tokens: str = "") -> str:
    cls = "houses-stat houses-big" if big else "houses-stat"
    anim_attr = f' data-anim-id="{anim}"{tokens}' if anim else ""
    pic = art.use(icon, "houses-staticon") if icon else ""
    return f'<span class="{cls}"{anim_attr}>{pic}<small>{esc(label)}</small> <b>{value}</b></span>'


def _player(view: dict, s: int, seat: int | None, lang: str, names: list[str], choices, placed: set,
            moves: dict, ids: _CardIds) -> str:
    from .stats import claim, dominance_total, income, reserve, total_power
    p = view["players"][s]
    mine = s == seat
    cls = f"houses-player houses-seat{s}" + (" houses-mine" if mine else " houses-opponent")
    if view.get("active") == s:
        cls += " houses-activeplayer"
    if p["out"]:
        cls += " houses-out"
    marked: set[int] = set()
    last = ""
    if s in moves:
        uid = _marked_uid(view, s, moves[s])
        if uid is not None:
            marked.add(uid)
        else:
            last = ' data-last-move="1"'
    key = seat_key(s)
    house_cls = "houses-housecard" + (" houses-choosable" if key in choices else "")
    label = esc(names[s]) if s < len(names) else "?"
    already = s < len(names) and T.t("you", lang).lower() in names[s].lower()  # the name may say it already
    you = f' <span class="houses-you">({esc(T.t("you", lang))})</span>' if mine and not already else ""
    plot_html = ""
    if p["plot"]:
        plot_html = _plot_card(p["plot"], lang, None, choices, placed, " houses-revealed", f"plot-{s}-{p['plot']}")
    elif view["stage"] == "plot" and not p["out"]:
        plot_html = (f'<div class="houses-plot houses-facedown">{art.use("back", "houses-backart")}'
                     f'<span>{esc(T.t("chosen" if p["chosen"] else "choosing", lang))}</span></div>')
    agenda = p.get("agenda")
    agenda_html = ""
    if agenda and agenda != "none":
        agenda_html = (f'<div class="houses-agenda"{zoom_attrs("houses", agenda, "")}>'
                       f'{art.use("agenda-" + agenda, "houses-plotart")}'
                       f'<span><small>{esc(T.t("agenda", lang))}</small><br>'
                       f'{esc(T.agenda_name(agenda, lang))}</span></div>')
    big = [
        _stat(T.t("power", lang), f'{total_power(p)}', True, f"powerstat-{s}", "power"),
        _stat(T.t("gold", lang), p["gold"], True, f"gold-{s}", "coin", purse_attrs("gold", p["gold"])),
        _stat(T.t("hand", lang), p["hand_count"], True, f"handcount-{s}", "back"),
    ]
    small = [
        _stat(T.t("house_card", lang), f'★{p["power"]}'),
        _stat(T.t("deck", lang), p["deck_count"]),
        _stat(T.t("discard", lang), len(p["discard"])),
        _stat(T.t("dead", lang), len(p["dead"])),
        _stat(T.t("dominance", lang), dominance_total(view, s)),
    ]
    if p["plot"]:
        small += [_stat(T.t("income", lang), income(view, s)), _stat(T.t("claim", lang), claim(view, s)),
                  _stat(T.t("reserve", lang), reserve(view, s))]
    if p["facedown_count"]:
        small.append(f'<span class="houses-stat">{p["facedown_count"]} {esc(T.t("facedown", lang))}</span>')
    if p["out"]:
        small.append(f'<span class="houses-stat houses-warn">{esc(T.t("eliminated", lang))}</span>')
    elif p["decked"]:
        small.append(f'<span class="houses-stat houses-warn">{esc(T.t("decked", lang))}</span>')
    parts = [f'<section class="{cls}" aria-label="{label}" data-seat="{s}" data-anchor="seat:{s}" '
             f'data-anim-id="seat-{s}" '
             f'data-anim-sig="seat"{last}>'
             f'<div class="houses-head"><div class="{house_cls}" '
             f'data-anim-id="house-{s}"{purse_attrs("power", p["power"])}'
             f'{_attrs(key, choices, placed)}>'
             f'{_crest(p["house"], "houses-crest-lg")}<div class="houses-houseinfo"><span '
             f'class="houses-shape">{SEAT_SHAPES[s]}</span> '
             f'<b class="name">{label}</b>{you}'
             f'<div class="houses-housename">{esc(T.house_name(p["house"], lang))}</div></div></div>'
             f'<div class="houses-bigstats">{"".join(big)}</div>{plot_html}{agenda_html}</div>'
             f'<div class="houses-stats">{"".join(small)}</div>']
    if s in moves:  # what this player just did, in words
        parts.append(f'<div class="houses-lastmove">↻ {T.log_line(moves[s], lang, names)}</div>')
    standing = [i for i in p["chars"] if not i["knelt"]]
    knelt = [i for i in p["chars"] if i["knelt"]]
    groups = []
    for title, insts, gcls in ((T.t("standing", lang), standing, "houses-standing"),
                               (T.t("knelt_group", lang), knelt, "houses-kneltgroup")):
        if insts:
            cards = "".join(_char_card(view, s, i, lang, choices, placed, marked, ids) for i in insts)
            groups.append(f'<div class="houses-group {gcls}"><div class="houses-grouptitle">{esc(title)} '
                          f'<small>{len(insts)}</small></div><div class="houses-row">{cards}</div></div>')
    if p["locs"]:
        cards = "".join(_loc_card(view, s, i, lang, choices, placed, marked, ids) for i in p["locs"])
        groups.append(f'<div class="houses-group houses-locgroup"><div class="houses-grouptitle">'
                      f'{esc(T.t("locations", lang))} <small>{len(p["locs"])}</small></div>'
                      f'<div class="houses-row">{cards}</div></div>')
    if groups:
        parts.append(f'<div class="houses-inplay" aria-label="{esc(T.t("characters", lang))}">{"".join(groups)}</div>')
    if p["facedown_count"] and not mine:  # setup cards placed face down, not yet revealed
        backs = art.use("back", "houses-backmini") * p["facedown_count"]
        parts.append(f'<div class="houses-facedownrow" role="img" aria-label="{p["facedown_count"]} '
                     f'{esc(T.t("facedown", lang))}">{backs}</div>')
    if p["used"]:
        used = ", ".join(esc(T.plot_name(u, lang)) for u in p["used"])
        parts.append(f'<div class="houses-used">{esc(T.t("used", lang))}{colon(lang)}{used}</div>')
    parts.append("</section>")
    return "".join(parts)


def board(view: dict, seat: int | None, lang: str, names: list[str], choices,
          picked: tuple[str, ...] = ()) -> tuple[str, set]:
    placed = BoardPlaces(picked)
    choices = set(choices or ())
    n = view["num_players"]
    moves = last_moves(view.get("log") or [], seat, MOVE_KEYS)
    ids = _CardIds(view)
    # the art sheet comes with the screen (ui.page.screen_art), once
    parts = [f'<div class="houses-table" data-stage="{esc(view["stage"])}">']
    # ---- header: round, order, power race
    order = " → ".join(f"{SEAT_SHAPES[s]} {_who(names, s)}" for s in view["order"]) if view["order"] else ""
    # the bank: gold paid or earned with nobody else comes from or goes to it (tokens travel)
    bank = (f'<span class="houses-bank" data-anim-id="gold-bank"{purse_attrs("gold", bank=True)}>'
            f'{art.use("coin", "houses-staticon")}{esc(T.t("treasury", lang))}{unlimited_html(lang)}</span>')
    parts.append(f'<div class="houses-top"><span class="houses-round">{esc(T.t("round", lang))} {view["round"]}</span>'
                 + (f' <span class="houses-order">{esc(T.t("turn_order", lang))}{colon(lang)}{order}</span>'
                    if order else "")
                 + bank + "</div>")
    parts.append(f'<div class="houses-race" data-anchor="race"><div class="houses-racetitle" data-anim-id="power-bank"'
                 f'{purse_attrs("power", bank=True)}>{art.use("power", "houses-staticon")} '
                 f'{esc(T.t("power_race", lang))} '
                 f'<small>{esc(parens(T.t("target", lang) + " " + str(view["opts"]["victory_power"]), lang))}'
                 '</small></div>'
                 + "".join(_track(view, s, lang, names) for s in range(n)) + "</div>")
    parts.append(_challenge_box(view, lang, names))
    # ---- opponents first (compact), then my own house near the bottom, then my plots and hand
    others = [s for s in range(n) if s != seat]
    parts.append('<div class="houses-opponents">'
                 + "".join(_player(view, s, seat, lang, names, choices, placed, moves, ids) for s in others) + "</div>")
    if seat is not None:
        parts.append(_player(view, seat, seat, lang, names, choices, placed, moves, ids))
        p = view["players"][seat]
        if view["stage"] == "agenda" and view["current"] == seat:
            items = []
            for a in AGENDAS:
                attrs = _attrs(agenda_key(a), choices, placed)
                cls = "houses-agenda houses-agendachoice" + (" houses-choosable" if attrs else "")
                items.append(f'<div class="{cls}"{attrs}{zoom_attrs("houses", a, attrs)}>'
                             f'{art.use("agenda-" + a, "houses-plotart")}<span><b>{esc(T.agenda_name(a, lang))}</b><br>'
                             f'<small>{esc(T.agenda_text(a, lang))}</small></span></div>')
            items = "".join(items)
            parts.append(f'<div class="houses-zone"><div class="houses-zonetitle">{esc(T.t("agenda", lang))}'
                         f'</div><div class="houses-row houses-agendas">{items}</div></div>')
        if p.get("facedown"):
            fd = "".join(_hand_card(view, seat, c, 1, lang, (), placed, ids(seat, c), key="",
                                    extra_cls="houses-setupcard") for c in p["facedown"])
            parts.append(f'<div class="houses-zone houses-private"><div class="houses-zonetitle">'
                         f'{esc(T.t("facedown", lang))}</div><div class="houses-row">{fd}</div></div>')
        plots = []
        seen = set()
        for pid in p["plots"]:
            if pid in seen:
                continue
            seen.add(pid)
            mark = " houses-picked" if p.get("choice") == pid else ""
            plots.append(_plot_card(pid, lang, plot_key(pid), choices, placed, mark, f"plot-{seat}-{pid}"))
        parts.append(f'<div class="houses-zone houses-plotzone" data-anchor="plots"><div '
                     f'class="houses-zonetitle">{esc(T.t("plots", lang))} '
                     f'<small>{len(seen)}</small></div><div class="houses-row '
                     f'houses-plots">{"".join(plots)}</div></div>')
        counts: dict[str, int] = {}
        for cid in p.get("hand", []):
            counts[cid] = counts.get(cid, 0) + 1
        hand = [_hand_card(view, seat, cid, k, lang, choices, placed, _first_of(ids, seat, cid, k))
                for cid, k in counts.items()]
        hand_row = card_list(hand, T.t("hand", lang), "houses-row houses-hand")
        parts.append(f'<div class="houses-zone houses-handzone" data-anchor="hand"><div '
                     f'class="houses-zonetitle">{esc(T.t("hand", lang))} '
                     f'<small>{p["hand_count"]}</small></div>{hand_row}</div>')
    parts.append("</div>")
    return "".join(parts), set(placed)


def _first_of(ids: _CardIds, seat: int, cid: str, count: int) -> str:
    """The id of a hand card shown once for ``count`` copies: the first copy's (the one marshalled next)."""
    first = ids(seat, cid)
    for _ in range(count - 1):
        ids(seat, cid)
    return first


# ====================================================================== zoom
def zoom_keys() -> list[str]:
    """Every key ``card_zoom`` knows: the cards, the plots, the agendas."""
    return [*CARDS, *PLOTS, *AGENDAS]


def card_zoom(key: str, lang: str) -> str:
    """The large card for ``key`` (a card id, a plot id or an agenda id): picture, name, cost, numbers and
    the full rules text, with the keywords it has explained."""
    lang = "ja" if lang == "ja" else "en"
    if key in PLOTS:
        return (f'<div class="houses-zoom houses-zoomplot">{art.use("plot-" + key, "houses-zoomart")}'
                f'<div class="houses-zoombody"><div class="houses-zoomname">{esc(T.plot_name(key, lang))}</div>'
                f'<div class="houses-zoomtype">{esc(T.t("plot", lang))}</div>'
                f'<div class="houses-plotstats">{_plot_stats(key, lang)}</div>'
                f'<p class="houses-zoomtext">{esc(T.plot_text(key, lang))}</p></div></div>')
    if key in AGENDAS:
        return (f'<div class="houses-zoom houses-zoomagenda">{art.use("agenda-" + key, "houses-zoomart")}'
                f'<div class="houses-zoombody"><div class="houses-zoomname">{esc(T.agenda_name(key, lang))}</div>'
                f'<div class="houses-zoomtype">{esc(T.t("agenda", lang))}</div>'
                f'<p class="houses-zoomtext">{esc(T.agenda_text(key, lang))}</p></div></div>')
    if key not in CARDS:
        raise KeyError(key)
    c = CARDS[key]
    stats = [f'<span class="houses-zoomcost">{art.use("coin", "houses-staticon")}{esc(T.t("cost", lang))} '
             f'<b>{c["cost"]}</b></span>']
    if c["type"] == "character":
        stats.append(f'<span>{esc(T.t("str", lang))} <b>{c["str"]}</b></span>')
        stats.append(f'<span class="houses-icons">{_icons(c["icons"], lang)}</span>')
    rivalry_kw = [k for gain in c.get("rivalry", {}).values() for k in gain.get("kw", []) + gain.get("lose_kw", [])]
    kw_rules = "".join(f'<li><b>{esc(T.KEYWORD_NAMES[k][lang])}</b>{colon(lang)}{esc(T.KEYWORD_RULES[k][lang])}</li>'
                       for k in dict.fromkeys(c.get("kw", []) + rivalry_kw) if k in T.KEYWORD_RULES)
    if c["type"] == "attachment" and c["att"].get("kw") in T.KEYWORD_RULES:
        k = c["att"]["kw"]
        kw_rules += f'<li><b>{esc(T.KEYWORD_NAMES[k][lang])}</b>{colon(lang)}{esc(T.KEYWORD_RULES[k][lang])}</li>'
    text = T.card_text(key, lang)
    return (f'<div class="houses-zoom houses-h-{c["house"]}">'
            f'<div class="houses-zoomartbox">{art.use(art.picture(key), "houses-zoomart")}'
            f'{_crest(c["house"], "houses-crest-lg")}</div>'
            f'<div class="houses-zoombody"><div class="houses-zoomname">{"◆ " if c["unique"] else ""}'
            f'{esc(T.card_name(key, lang))}</div>'
            f'<div class="houses-zoomtype">{esc(T.TYPE_NAMES[c["type"]][lang])} · '
            f'{esc(T.house_name(c["house"], lang))}</div>'
            f'<div class="houses-zoomstats">{"".join(stats)}</div>'
            + (f'<p class="houses-zoomtext">{esc(text)}</p>' if text else "")
            + (f'<ul class="houses-zoomkw">{kw_rules}</ul>' if kw_rules else "")
            + '</div></div>')


# ====================================================================== game over
def game_over(view: dict, lang: str, names: list[str]) -> str:
    from .stats import total_power
    en = lang == "en"
    rows = []
    for s, p in enumerate(view["players"]):
        on_chars = total_power(p) - p["power"]
        win = s in view["winners"]
        rows.append(f'<tr class="houses-seat{s}{" houses-winner" if win else ""}"><td>{SEAT_SHAPES[s]} '
                    f'{_who(names, s)}{" ★" if win else ""}</td><td>{esc(T.house_name(p["house"], lang))}</td>'
                    f'<td>{p["power"]}</td><td>{on_chars}</td><td><b>{total_power(p)}</b></td></tr>')
    head = ("<tr><th>Player</th><th>House</th><th>House card</th><th>On characters</th><th>Total power</th></tr>"
            if en else "<tr><th>プレイヤー</th><th>家系</th><th>家系カード</th>"
                       "<th>キャラクター上</th><th>勢力合計</th></tr>")
    reason = view.get("end") or "power"
    target = view["opts"]["victory_power"]
    explain = {
        "power": (f"The first player to reach {target} power (House card + power on characters) wins at once.",
                  f"勢力ポイント（家系カード+キャラクター上）が先に{target}に達したプレイヤーが即座に勝利。"),
        "deck_out": ("A player had to draw from an empty deck: the game ended at the end of that round and the "
                     "most power wins; equal power shares the win.",
                     "デッキ切れのプレイヤーが出たため、そのラウンドの終わりに終了。勢力最多が勝利し、同点は共同勝利。"),
        "eliminated": ("Players who had to draw from an empty deck were eliminated; the last one left wins.",
                       "デッキ切れのプレイヤーは脱落し、最後に残ったプレイヤーが勝利。"),
    }[reason]
    # the winners are named once, in the page's end panel head (page.game_over_html); the table marks them ★
    return (f'<div class="houses-gameover">'
            f'<table class="houses-scores">{head}{"".join(rows)}</table>'
            f'<p class="houses-tiebreak">{esc(explain[0] if en else explain[1])}</p></div>')


# ====================================================================== step prompts (issue 38)
def step_prompt(view: dict, picked: tuple[str, ...], lang: str, names: list[str]) -> str | None:
    """The prompt once a click of a move is made: the target, the opponent, or the confirm."""
    en = lang == "en"
    stage = view.get("stage")
    head, _, rest = picked[-1].partition(":")
    name = esc(step_label(picked[-1], view, lang))
    if head == "hand":
        if stage == "marshal":
            return (f"{name}: choose the character to attach it to." if en
                    else f"{name}：装着するキャラクターを選んでください。")
        return f"{name}: choose its target." if en else f"{name}：対象を選んでください。"
    if head == "ch":
        return (f"{name}: choose the opponent to challenge." if en
                else f"{name}：攻撃する相手を選んでください。")
    if head == "card" and stage in ("attackers", "defenders"):
        return (f"{name} is the last that can join: confirm to close the choice (or go back)." if en
                else f"{name}で最後です。確定してください（または戻る）。")
    if head == "card":
        return f"{name}: choose its target." if en else f"{name}：対象を選んでください。"
    return None
