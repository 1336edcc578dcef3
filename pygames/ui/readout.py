"""What the keyboard commands read out (issue 38, "Accessible play"): a seat's hand, the table
(each seat's public state), the last moves, the scores, whose turn it is and what is awaited.

Plain sentences from the seat's *view* only (never the state: hidden information stays hidden),
one line per seat; the page writes them into a polite live region (site/main.py). The same
commands work in every game: each game has its reader of the hand, the table and the scores here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .i18n import norm_lang, t

TAGS = re.compile(r"<[^>]+>")
ENTITIES = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'"}

#: the commands, their keys and their strings (the same in every game; listed in the rules dialog)
COMMANDS: tuple[tuple[str, str], ...] = (("h", "hand"), ("t", "table"), ("l", "log"), ("s", "scores"),
                                         ("w", "turn"))


def plain(markup: str) -> str:
    """The text of a piece of markup (a prompt, a log line): tags out, entities back, spaces joined."""
    text = TAGS.sub("", markup)
    for entity, char in ENTITIES.items():
        text = text.replace(entity, char)
    return " ".join(text.split())


def _sep(lang: str) -> str:
    return "、" if lang == "ja" else ", "


def _seat_name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


# ----------------------------------------------------------------------------- per game
def _coup(view: dict, seat: int | None, lang: str, names: list[str]) -> dict[str, str]:
    from ..games.coup.text import card_name
    ja = lang == "ja"
    hand = _sep(lang).join(card_name(c, lang) for c in view.get("hand") or [])
    rows = []
    for p in range(view["num_players"]):
        lost = _sep(lang).join(card_name(c, lang) for c in view["lost"][p]) or ("なし" if ja else "none")
        rows.append(f"{_seat_name(names, p)}: " + (
            f"{view['coins'][p]}リラ、伏せたカード{view['hand_counts'][p]}枚、失ったカード {lost}" if ja else
            f"{view['coins'][p]} coins, {view['hand_counts'][p]} face-down, lost: {lost}"))
    need = view["options"]["wins_needed"]
    scores = [f"{_seat_name(names, p)}: " + (f"{view['wins'][p]}/{need}勝" if ja else f"{view['wins'][p]}/{need} wins")
              for p in range(view["num_players"])]
    return {"hand": hand, "table": "; ".join(rows), "scores": "; ".join(scores)}


def _koryo(view: dict, seat: int | None, lang: str, names: list[str]) -> dict[str, str]:
    from ..games.koryo.text import card_name
    ja = lang == "ja"

    def counted(counts: list[int]) -> str:
        return _sep(lang).join(f"{card_name(k, lang)} ×{n}" for k, n in enumerate(counts) if n)

    rows = []
    for p in range(view["num_players"]):
        shown = counted(view["tables"][p]) or ("なし" if ja else "nothing")
        rows.append(f"{_seat_name(names, p)}: " + (
            f"金貨{view['coins'][p]}、手札{view['hand_counts'][p]}枚、場 {shown}" if ja else
            f"{view['coins'][p]} gold, {view['hand_counts'][p]} in hand, in front: {shown}"))
    scores = [f"{_seat_name(names, p)}: " + (f"金貨{view['coins'][p]}" if ja else f"{view['coins'][p]} gold")
              for p in range(view["num_players"])]
    return {"hand": counted(view.get("hand") or []), "table": "; ".join(rows), "scores": "; ".join(scores)}


def _oriflamme(view: dict, seat: int | None, lang: str, names: list[str]) -> dict[str, str]:
    from ..games.oriflamme.text import card_name
    ja = lang == "ja"
    hand = _sep(lang).join(card_name(c, lang) for c in view.get("hand") or [])
    queue = []
    for i, stack in enumerate(view["queue"]):
        top = stack[-1]
        what = card_name(top["k"], lang) if top.get("k") and top.get("up") else (
            f"{card_name(top['k'], lang)}（伏せ）" if ja else f"{card_name(top['k'], lang)} (face down)") \
            if top.get("k") else ("伏せたカード" if ja else "face-down card")
        queue.append(f"{i + 1}. {what} — {_seat_name(names, top['o'])}")
    rows = [f"{_seat_name(names, p)}: " + (f"手札{view['hand_counts'][p]}枚" if ja else
                                          f"{view['hand_counts'][p]} in hand")
            for p in range(view["num_players"])]
    head = "列：" if ja else "Queue: "
    scores = [f"{_seat_name(names, p)}: " + (f"影響力{view['ip'][p]}" if ja else f"{view['ip'][p]} influence")
              for p in range(view["num_players"]) if view.get("ip") and view["ip"][p] is not None]
    return {"hand": hand, "table": head + "; ".join(queue) + ". " + "; ".join(rows),
            "scores": "; ".join(scores)}


def _tournay(view: dict, seat: int | None, lang: str, names: list[str]) -> dict[str, str]:
    from ..games.tournay.text import card_name, colour_name
    ja = lang == "ja"
    mine = view["players"][seat] if seat is not None else None
    hand = _sep(lang).join(card_name(c, lang) for c in (mine or {}).get("hand") or [])
    rows = []
    for p, pl in enumerate(view["players"]):
        built = [card_name(c, lang) for row in pl["district"] for c in row if isinstance(c, str)]
        built += [card_name(c["card"], lang) for row in pl["district"] for c in row
                  if isinstance(c, dict) and isinstance(c.get("card"), str)]
        stand = _sep(lang).join(f"{colour_name(k, lang)} {n}" for k, n in pl["stand"].items())
        rows.append(f"{_seat_name(names, p)}: " + (
            f"{pl['deniers']}ドゥニエ、市民 {stand}、区画 {_sep(lang).join(built) or 'なし'}" if ja else
            f"{pl['deniers']} deniers, citizens {stand}, district: {_sep(lang).join(built) or 'empty'}"))
    scores = [f"{_seat_name(names, p)}: {s.get('total', 0)}" for p, s in enumerate(view.get("scores") or [])]
    return {"hand": hand, "table": "; ".join(rows), "scores": "; ".join(scores)}


def _houses(view: dict, seat: int | None, lang: str, names: list[str]) -> dict[str, str]:
    from ..games.houses.text import card_name, house_name
    ja = lang == "ja"
    mine = view["players"][seat] if seat is not None else {}
    hand = _sep(lang).join(card_name(c, lang) for c in mine.get("hand") or [])
    rows = []
    for p, pl in enumerate(view["players"]):
        chars = _sep(lang).join(card_name(c["cid"], lang) + (("（膝）" if ja else " (knelt)") if c["knelt"] else "")
                                for c in pl["chars"]) or ("なし" if ja else "none")
        locs = _sep(lang).join(card_name(c["cid"], lang) for c in pl["locs"]) or ("なし" if ja else "none")
        rows.append(f"{_seat_name(names, p)} ({house_name(pl['house'], lang)}): " + (
            f"勢力{pl['power']}、金{pl['gold']}、手札{pl['hand_count']}枚、キャラクター {chars}、ロケーション {locs}"
            if ja else f"{pl['power']} power, {pl['gold']} gold, {pl['hand_count']} in hand, "
                       f"characters: {chars}, locations: {locs}"))
    goal = view["opts"]["victory_power"]
    scores = [f"{_seat_name(names, p)}: {pl['power']}/{goal}" for p, pl in enumerate(view["players"])]
    return {"hand": hand, "table": "; ".join(rows), "scores": "; ".join(scores)}


READERS: dict[str, Callable[[dict, int | None, str, list[str]], dict[str, str]]] = {
    "coup": _coup, "koryo": _koryo, "oriflamme": _oriflamme, "tournay": _tournay, "houses": _houses}


# ----------------------------------------------------------------------------- the commands
def read(what: str, game_id: str, view: dict, seat: int | None, lang: str, names: list[str],
         status: str, choices: list[str], log_lines: list[str]) -> str:
    """The sentence a command reads out. ``status``: the prompt line (markup); ``choices``: the
    labels of the current choices in their order (the number keys); ``log_lines``: the log's
    entries as markup, newest first."""
    lang = norm_lang(lang)
    if what == "turn":
        text = plain(status)
        if choices:
            listed = _sep(lang).join(f"{i + 1} {label}" for i, label in enumerate(choices))
            text += " " + t("kb_choices_are", lang, choices=listed)
        return text
    if what == "log":
        lines = [plain(line) for line in log_lines[:5]]
        return " / ".join(lines) if lines else t("kb_nothing", lang)
    reader = READERS.get(game_id)
    if reader is None or what not in ("hand", "table", "scores"):
        return t("kb_nothing", lang)
    try:
        text = reader(view, seat, lang, names).get(what, "")
    except (KeyError, IndexError, TypeError):  # a view of an odd moment (a record's end): say so
        text = ""
    label = t(f"kb_{what}", lang)
    return f"{label}: {text}" if text else f"{label}: {t('kb_nothing', lang)}"


def help_html(lang: str) -> str:
    """The list of commands for the rules dialog (the same in every game)."""
    from .html import esc
    rows = "".join(f"<li><kbd>{key.upper()}</kbd> {esc(t(f'kb_{what}_help', lang))}</li>" for key, what in COMMANDS)
    rows += (f"<li><kbd>1</kbd>–<kbd>9</kbd> {esc(t('kb_number_help', lang))}</li>"
             f"<li><kbd>Esc</kbd> {esc(t('kb_escape_help', lang))}</li>"
             f"<li><kbd>Tab</kbd> {esc(t('kb_tab_help', lang))}</li>")
    return (f'<section class="keyboard-help" data-testid="keyboard-help"><h3>{esc(t("kb_title", lang))}</h3>'
            f'<ul>{rows}</ul></section>')


def for_session(what: str, session: Any, lang: str, names: list[str], status: str, choices: list[str]) -> str:
    """``read`` for a table session (local or a friend's device): its view, seat and log."""
    view = session.view()
    from .page import _text_module
    text_module = _text_module(session.game.id)
    log_lines = [text_module.log_line(e, lang, names) for e in reversed(view.get("log") or [])]
    return read(what, session.game.id, view, session.viewer(), lang, names, status, choices, log_lines)
