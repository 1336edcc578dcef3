"""Lobby and table markup (browser-independent, testable in CPython).

Everything here returns HTML strings built from data; every text that comes
from data goes through :func:`pygames.ui.html.esc`. The markup carries the
UI hooks of docs/contract.md (``data-game``, ``select[data-seat]``, option inputs
named after their keys, ``data-testid`` start / table / status / choice /
game-over), which browser tests rely on.

Controls of the shell (not moves of the game) are elements with
``data-action`` (and an optional ``data-value``); moves are elements with
``data-choice`` (see ``html.choice_attrs``). ``site/main.py`` forwards both to
:class:`pygames.ui.app.App`.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

from .. import GAMES, INFOS, get_game
from ..core import Game, GameInfo
from ..core.record import SEAT_KINDS
from .html import button, esc, name_places
from .i18n import (
    GAME_MINUTES,
    LANG_NAMES,
    LANGS,
    colon,
    game_description,
    game_title,
    join_names,
    norm_lang,
    pace,
    parens,
    seconds,
    t,
    tidy,
)

BACK = "__back__"
HUMAN = "human"
BOT_LEVELS = ("random", "easy", "normal", "hard")

_hard_ok: bool | None = None


def hard_available() -> bool:
    """Whether the "hard" bot can be made (the ISMCTS bot may not exist yet)."""
    global _hard_ok
    if _hard_ok is None:
        try:
            from ..bots import make_bot
            make_bot("hard", 0)
            _hard_ok = True
        except Exception:
            _hard_ok = False
    return _hard_ok


def seat_kinds() -> tuple[str, ...]:
    """Controller kinds the lobby offers, in order."""
    return tuple(k for k in SEAT_KINDS if k != "hard" or hard_available())


# --------------------------------------------------------------------------- names
def player_names(seats: list[str], lang: str, given: list[str] | None = None, me: int | None = None) -> list[str]:
    """Display names: a lone human "Player N (you)" ("あなた"), several humans "Player N", bots "Bot N (level)",
    friends on other devices by the name they gave ("Friend N" without one).

    ``given``: names people gave (per seat, "" for none); ``me``: on a friend's device, its own seat
    (it is "you"; the host's people are then shown by the host's name)."""
    humans = sum(1 for s in seats if s == HUMAN)
    names = []
    for index, kind in enumerate(seats):
        name = (given[index] if given is not None and index < len(given) else "") or ""
        if me is not None and index == me:
            names.append(t("you", lang, n=index + 1))
        elif kind == "friend" or (kind == HUMAN and me is not None):
            label = t("friend_n", lang, n=index + 1) if kind == "friend" else t("player_n", lang, n=index + 1)
            names.append(t("named_seat", lang, name=name, n=index + 1) if name else label)
        elif kind == HUMAN:
            names.append(t("you", lang, n=index + 1) if humans == 1 else t("player_n", lang, n=index + 1))
        else:
            names.append(t("bot_n", lang, n=index + 1, level=t(f"levelname_{kind}", lang)))
    return names


# --------------------------------------------------------------------------- lobby model
def default_players(game: Game) -> int:
    wanted = getattr(game, "default_players", None)
    if isinstance(wanted, int) and game.min_players <= wanted <= game.max_players:
        return wanted
    return min(game.max_players, max(game.min_players, 3))


@dataclass
class Setup:
    """The lobby form for one game: player count, seat controllers, option values."""

    game_id: str
    num_players: int
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def default(cls, game_id: str) -> Setup:
        game = get_game(game_id)
        n = default_players(game)
        setup = cls(game_id, n, [HUMAN] + ["normal"] * (n - 1), {})
        setup.options = {s["key"]: s["default"] for s in game.option_specs()}
        return setup

    @classmethod
    def from_json(cls, data: Any) -> Setup | None:
        """A remembered setup, repaired where it no longer fits; None if unusable."""
        try:
            if isinstance(data, str):
                data = json.loads(data)
            setup = cls.default(data["game_id"])
            setup.set_num_players(int(data["num_players"]))
            for index, kind in enumerate(data["seats"][:setup.num_players]):
                setup.set_seat(index, kind)
            for key, value in dict(data.get("options", {})).items():
                setup.set_option_value(key, value)
            return setup
        except Exception:
            return None

    def to_json(self) -> str:
        return json.dumps({"game_id": self.game_id, "num_players": self.num_players,
                           "seats": self.seats, "options": self.options})

    @property
    def game(self) -> Game:
        return get_game(self.game_id)

    def specs(self) -> list[dict]:
        return self.game.option_specs()

    def option_enabled(self, spec: dict) -> bool:
        return self.num_players >= spec.get("min_players", 0)

    def set_num_players(self, n: int) -> None:
        game = self.game
        if not game.min_players <= n <= game.max_players:
            raise ValueError(f"{game.id} is for {game.min_players} to {game.max_players} players")
        self.num_players = n
        self.seats = (self.seats + ["normal"] * n)[:n]

    def set_seat(self, index: int, kind: str) -> None:
        if kind not in seat_kinds():
            raise ValueError(f"unknown seat kind {kind!r}")
        if not 0 <= index < self.num_players:
            raise ValueError(f"no seat {index}")
        self.seats[index] = kind

    def set_option_value(self, key: str, value: Any) -> None:
        spec = next((s for s in self.specs() if s["key"] == key), None)
        if spec is None:
            raise ValueError(f"unknown option {key!r}")
        if spec["kind"] == "bool":
            value = bool(value)
        elif value not in spec["choices"]:
            raise ValueError(f"option {key!r} cannot be {value!r}")
        self.options[key] = value

    def set_option_from_form(self, key: str, value: str, checked: bool | None) -> None:
        """An option input changed in the page: checkbox ``checked``, select ``value`` (text)."""
        spec = next((s for s in self.specs() if s["key"] == key), None)
        if spec is None:
            raise ValueError(f"unknown option {key!r}")
        if spec["kind"] == "bool":
            self.set_option_value(key, bool(checked))
            return
        for choice in spec["choices"]:
            if str(choice) == value:
                self.set_option_value(key, choice)
                return
        raise ValueError(f"option {key!r} cannot be {value!r}")

    def start_options(self) -> dict:
        """Options to start with: disabled ones (too few players) at their defaults."""
        result = {}
        for spec in self.specs():
            value = self.options.get(spec["key"], spec["default"])
            result[spec["key"]] = value if self.option_enabled(spec) else spec["default"]
        return result


@dataclass
class SavedGame:
    """What the lobby says about the saved game: a summary, or why it cannot be continued."""

    game_id: str | None = None
    num_players: int = 0
    moves: int = 0
    error: str | None = None
    save_id: str = ""
    seats: list[str] = field(default_factory=list)
    saved_at: float | None = None  # ms since 1970
    date_text: str = ""  # saved_at in the player's time zone and format (App.dates)
    round: int | None = None  # the game's round when it was saved (state["round"]), if it has rounds


@dataclass
class TableExtras:
    """What the shell adds around a game: tools, hint, and the open dialog."""

    panel: str | None = None
    card_filter: str = ""
    settings: dict = field(default_factory=dict)
    can_undo: bool = False
    undo_state: str = "undo_none"  # the Undo tooltip's key (App.undo_state)
    fixed_bot_delay_ms: int | None = None  # a bot pace the page's address set (?botdelay=), over the setting
    can_hint: bool = False
    hint_busy: bool = False
    hint: str | None = None  # the hint's sentence (HTML-safe)
    hint_key: str | None = None  # the hinted move's next click
    friends: str = ""  # the friends panel (invites, links) of a table with friends on other devices
    guest: bool = False  # this device is a friend's at a table hosted elsewhere
    art_apart: bool = False  # the page keeps the art sheets outside the screen (App.art_game): emit none
    learn: str = ""  # the rules dialog's "Learn to play" of its game (tutorial_ui.learn_button)
    lessons: dict[str, str] = field(default_factory=dict)  # each lobby tile's "Learn to play", by game id
    tutorial: str = ""  # a lesson's note at the table (tutorial_ui.tutorial_box)
    lesson_status: str = ""  # the prompt while a lesson's note waits for Next (tutorial_ui.status_text)
    recordable: bool = True  # a record replays the table (not a lesson's deal, nor a game played on from it)
    confirm_delete: str | None = None  # the saved game whose Delete was pressed: it asks first


# --------------------------------------------------------------------------- card art and zoom
_ART_DEFS: dict[str, str] = {}


def art_defs(game_id: str) -> str:
    """The game's hidden ``<svg>`` of art symbols (``pygames/games/<id>/art.py``, ``defs()``), or ""
    for a game without art. Emitted once per screen; card faces ``<use href="#<id>-art-<name>">`` it."""
    if game_id not in _ART_DEFS:
        try:
            module = _game_module(game_id, "art")
        except ModuleNotFoundError as exc:
            if exc.name != f"pygames.games.{game_id}.art":
                raise
            _ART_DEFS[game_id] = ""
        else:
            _ART_DEFS[game_id] = module.defs()
    return _ART_DEFS[game_id]


def screen_art(game_id: str, extras: TableExtras) -> str:
    """The art sheet a screen of ``game_id`` carries: ``art_defs``, or "" when the page keeps the
    sheets apart (in the browser, so that a redraw does not parse and style the sheet again)."""
    return "" if extras.art_apart else art_defs(game_id)


def art_use(game_id: str, name: str, css: str = "card-art") -> str:
    """A picture from the game's art symbols (decorative: the name is always written beside it)."""
    return f'<svg class="{esc(css)}" aria-hidden="true"><use href="#{esc(game_id)}-art-{esc(name)}"/></svg>'


def card_zoom_html(zoom: str, lang: str) -> str:
    """The large card for a ``data-zoom="<game id>:<card key>"`` value (the game's ``render.card_zoom``),
    or "" when the game or the card is unknown. The page glue shows it in the zoom panel."""
    game_id, _, key = str(zoom).partition(":")
    if game_id not in GAMES or not key:
        return ""
    show = getattr(_game_module(game_id, "render"), "card_zoom", None)
    if show is None:
        return ""
    try:
        body = show(key, norm_lang(lang))
    except (KeyError, ValueError, IndexError):
        return ""
    if not body:
        return ""
    # data-zoom-game, not data-game: [data-game="<id>"] is the lobby's and the table's UI hook
    return f'<div class="zoom-card" data-zoom-game="{esc(game_id)}" data-testid="zoom-card">{body}</div>'


# --------------------------------------------------------------------------- pieces
def lang_select(lang: str) -> str:
    options = "".join(
        f'<option value="{code}"{" selected" if code == lang else ""}>{esc(LANG_NAMES[code])}</option>'
        for code in LANGS)
    return (f'<label class="lang-pick"><span class="sr-only">{esc(t("language", lang))}</span>'
            f'<select name="lang" aria-label="{esc(t("language", lang))}">{options}</select></label>')


def topbar(lang: str, title: str = "", controls: str = "", with_lang: bool = True) -> str:
    # the game's name is the table's one h1 (a page without one is harder to find one's way in)
    sub = f'<h1 class="topbar-game">{esc(title)}</h1>' if title else ""
    picker = lang_select(lang) if with_lang else ""
    return (f'<header class="topbar"><div class="brand"><span class="brand-mark" aria-hidden="true">♠</span>'
            f'<span class="brand-text">{esc(t("site_title", lang))}</span></div>{sub}<div class="topbar-tools">'
            f'{controls}{picker}</div>'
            f'</header>')


def tool_button(action: str, label: str, value: str = "", enabled: bool = True, testid: str = "",
                title: str = "", css: str = "") -> str:
    attrs = f' data-value="{esc(value)}"' if value else ""
    attrs += f' data-testid="{esc(testid)}"' if testid else ""
    attrs += f' title="{esc(title)}"' if title else ""
    attrs += "" if enabled else ' disabled aria-disabled="true"'
    return (f'<button type="button" class="btn small tool {esc(css)}" data-action="{esc(action)}"{attrs}>'
            f'{esc(label)}</button>')


def players_text(game: Game | GameInfo, lang: str) -> str:
    if game.min_players == game.max_players:
        return t("players_exact", lang, n=game.min_players)
    return t("players_range", lang, lo=game.min_players, hi=game.max_players)


_BOX_ART: dict[str, str] = {}
# the package's folder: a directory in CPython, a folder inside pygames.zip in the browser (read
# through the module's loader, which reads either)
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def box_art(game_id: str) -> str:
    """The game's lobby picture: ``pygames/games/<id>/box.svg`` (our own small SVG, no text, no ids,
    so it can appear more than once in a page), inlined so it is there at first paint; "" if none."""
    if game_id not in _BOX_ART:
        path = os.path.join(_PACKAGE_DIR, "games", game_id, "box.svg")
        try:
            text = " ".join(__loader__.get_data(path).decode("utf-8").split())  # type: ignore[name-defined]
            # inline in HTML the parser gives <svg> its namespace: the attribute is only for the file
            _BOX_ART[game_id] = text.replace(' xmlns="http://www.w3.org/2000/svg"', "")
        except OSError:
            _BOX_ART[game_id] = ""
    return _BOX_ART[game_id]


def playing_time_text(game: Game | GameInfo, lang: str) -> str:
    minutes = GAME_MINUTES.get(game.id)
    if minutes is None:
        return ""
    low, high = minutes
    return t("minutes_range", lang, lo=low, hi=high) if low != high else t("minutes", lang, n=low)


def game_card(game: GameInfo, lang: str, selected: bool, learn: str = "") -> str:
    """A lobby tile: the box art, title, players, rough playing time and one line about the game.
    ``data-starting`` is the label boot.js shows on a tile clicked before Python is ready;
    ``elementtiming`` lets ``build.py bench`` see when the game list is first painted. ``learn``:
    the game's "Learn to play" (tutorial_ui.learn_button), beside the tile's button under it, not
    inside it (a button in a button is no control a screen reader can reach)."""
    cls = "game-card is-selected" if selected else "game-card"
    minutes = playing_time_text(game, lang)
    time_html = f'<span class="game-card-time">{esc(minutes)}</span>' if minutes else ""
    return (f'<div class="game-tile"><button type="button" class="{cls}" data-game="{esc(game.id)}" '
            f'data-action="select-game" '
            f'data-value="{esc(game.id)}" data-starting="{esc(t("starting", lang))}" '
            f'aria-pressed="{"true" if selected else "false"}">'
            f'<span class="game-card-art">{box_art(game.id)}</span>'
            f'<span class="game-card-title" elementtiming="game-list">{esc(game_title(game, lang))}</span>'
            f'<span class="game-card-meta"><span class="game-card-players">{esc(players_text(game, lang))}</span>'
            f'{time_html}</span>'
            f'<span class="game-card-desc">{esc(game_description(game, lang))}</span></button>'
            + (f'<div class="game-card-learn">{learn}</div>' if learn else "") + '</div>')


def seat_label(kind: str, lang: str) -> str:
    return t(f"level_{kind}", lang)


def seat_select(index: int, kind: str, lang: str) -> str:
    options = "".join(
        f'<option value="{k}"{" selected" if k == kind else ""}>{esc(seat_label(k, lang))}</option>'
        for k in seat_kinds())
    return (f'<div class="seat-row"><label class="seat-name" for="seat-{index}">'
            f'{esc(t("seat_n", lang, n=index + 1))}</label>'
            f'<select id="seat-{index}" name="seat-{index}" data-seat="{index}" aria-describedby="level-help">'
            f'{options}</select></div>')


def level_help(lang: str) -> str:
    """What each kind of seat is, once under the seats (every seat's select is described by it)."""
    items = "".join(f'<li>{esc(t(f"levelhelp_{k}", lang))}</li>' for k in seat_kinds())
    return f'<ul class="level-help" id="level-help" data-testid="level-help">{items}</ul>'


def choice_label(spec: dict, choice: Any, lang: str) -> str:
    labels = spec.get("choice_labels", {}).get(str(choice))
    if isinstance(labels, dict):
        return labels.get(lang) or labels.get("en") or str(choice)
    return str(choice)


def option_input(spec: dict, setup: Setup, lang: str) -> str:
    key = spec["key"]
    enabled = setup.option_enabled(spec)
    value = setup.options.get(key, spec["default"]) if enabled else spec["default"]
    label = spec.get("label", {}).get(lang) or spec.get("label", {}).get("en") or key
    disabled = "" if enabled else " disabled"
    note = "" if enabled else \
        f' <span class="hint">{esc(parens(t("from_players", lang, n=spec["min_players"]), lang))}</span>'
    help_text = spec.get("help", {}).get(lang) or spec.get("help", {}).get("en") or ""
    help_html = f'<span class="option-help">{esc(help_text)}</span>' if help_text else ""
    ident = f"opt-{esc(key)}"
    if spec["kind"] == "bool":
        checked = " checked" if value else ""
        return (f'<div class="option option-bool{"" if enabled else " is-disabled"}">'
                f'<label class="check" for="{ident}"><input type="checkbox" id="{ident}" name="{esc(key)}" '
                f'value="1"{checked}{disabled}><span>{esc(label)}{note}</span></label>{help_html}</div>')
    options = "".join(
        f'<option value="{esc(c)}"{" selected" if c == value else ""}>{esc(choice_label(spec, c, lang))}</option>'
        for c in spec["choices"])
    return (f'<div class="option option-select{"" if enabled else " is-disabled"}">'
            f'<label for="{ident}">{esc(label)}{note}</label>'
            f'<select id="{ident}" name="{esc(key)}"{disabled}>{options}</select>{help_html}</div>')


def setup_panel(setup: Setup, lang: str) -> str:
    game = setup.game
    counts = "".join(
        f'<option value="{n}"{" selected" if n == setup.num_players else ""}>{n}</option>'
        for n in range(game.min_players, game.max_players + 1))
    seats = "".join(seat_select(i, kind, lang) for i, kind in enumerate(setup.seats))
    specs = setup.specs()
    options = "".join(option_input(s, setup, lang) for s in specs) if specs else \
        f'<p class="hint">{esc(t("no_options", lang))}</p>'
    return (f'<section class="setup panel" aria-label="{esc(t("setup_for", lang, game=game_title(game, lang)))}">'
            f'<h2>{esc(t("setup_for", lang, game=game_title(game, lang)))}</h2>'
            f'<div class="setup-grid">'
            f'<div class="field"><label for="num_players">{esc(t("num_players", lang))}</label>'
            f'<select id="num_players" name="num_players">{counts}</select></div>'
            f'<fieldset class="seats"><legend>{esc(t("seats", lang))}</legend>{seats}{level_help(lang)}</fieldset>'
            f'<fieldset class="options"><legend>{esc(t("options", lang))}</legend>{options}</fieldset>'
            f'</div>'
            f'<div class="setup-actions">'
            f'<button type="button" class="btn primary big" data-testid="start" data-action="start">'
            f'{esc(t("start", lang))}</button>'
            f'{tool_button("panel", t("rules", lang), "rules", testid="open-rules")}'
            f'{tool_button("panel", t("cards", lang), "cards", testid="open-cards")}'
            f'</div></section>')


def format_date(ms: float | None) -> str:
    if ms is None:
        return ""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ms / 1000))


def delete_control(save_id: str, lang: str, confirming: str | None) -> str:
    """A saved game's Delete button; once pressed, the question and Yes / Keep it (deleting asks first)."""
    sid = esc(save_id)
    if confirming == save_id:
        return (f'<span class="save-confirm" role="group" aria-label="{esc(t("delete_confirm", lang))}" '
                f'data-testid="delete-confirm">{esc(t("delete_confirm", lang))} '
                f'<button type="button" class="btn small danger" data-action="discard" data-value="{sid}" '
                f'data-testid="delete-yes">{esc(t("delete_yes", lang))}</button>'
                f'<button type="button" class="btn subtle small" data-action="discard-cancel" data-value="{sid}" '
                f'data-testid="delete-no">{esc(t("delete_no", lang))}</button></span>')
    return (f'<button type="button" class="btn subtle small" data-action="discard-ask" data-value="{sid}" '
            f'data-testid="delete">{esc(t("delete", lang))}</button>')


def saves_list(saves: list[SavedGame], lang: str, confirming: str | None = None) -> str:
    """Every saved game: continue or delete it (damaged ones say why); ``confirming``: the save
    whose Delete was pressed (it asks first)."""
    items = []
    for saved in saves:
        sid = esc(saved.save_id)
        delete = delete_control(saved.save_id, lang, confirming)
        if saved.error is not None:
            items.append(f'<li class="save-item is-damaged" data-testid="save-error" data-save-id="{sid}">'
                         f'<p>{esc(t("save_damaged", lang, reason=saved.error))}</p>'
                         f'<div class="save-actions">{delete}</div></li>')
            continue
        game = INFOS.get(saved.game_id or "")
        title = game_title(game, lang) if game else saved.game_id
        names = join_names(player_names(saved.seats, lang), lang)
        summary = t("save_summary", lang, game=title, n=saved.num_players, moves=saved.moves, names=names)
        if saved.round is not None:
            summary += t("list_dot", lang) + t("save_round", lang, round=saved.round)
        date = saved.date_text or format_date(saved.saved_at)
        when = f'<span class="save-date">{esc(t("saved_at", lang, date=date))}</span>' if date else ""
        items.append(f'<li class="save-item" data-testid="save-item" data-save-id="{sid}" data-game-id="'
                     f'{esc(saved.game_id)}">'
                     f'<span class="save-art">{box_art(saved.game_id or "")}</span>'
                     f'<div class="save-text"><span class="save-summary">{esc(summary)}</span>{when}</div>'
                     f'<div class="save-actions">'
                     f'<button type="button" class="btn primary small" data-testid="continue" data-action="continue" '
                     f'data-value="{sid}">{esc(t("continue", lang))}</button>{delete}</div></li>')
    return (f'<section class="saves panel" data-testid="saves"><h2>{esc(t("saved_games", lang))}</h2>'
            f'<ul class="save-list">{"".join(items)}</ul></section>')


def import_control(lang: str) -> str:
    return (f'<label class="btn file-btn" data-testid="import-label">{esc(t("import", lang))}'
            f'<input type="file" class="file-input" name="import-file" data-testid="import" '
            f'accept=".json,application/json"></label>')


def saved_box(saved: SavedGame, lang: str) -> str:
    if saved.error is not None:
        return (f'<section class="notice is-warning" role="alert" data-testid="save-error">'
                f'<p>{esc(t("save_damaged", lang, reason=saved.error))}</p>'
                f'<button type="button" class="btn" data-action="discard">{esc(t("discard", lang))}</button>'
                f'</section>')
    game = INFOS.get(saved.game_id or "")
    title = game_title(game, lang) if game else saved.game_id
    summary = t("continue_summary", lang, game=title, n=saved.num_players, moves=saved.moves)
    return (f'<section class="continue panel" data-testid="continue-box"><div class="continue-text">'
            f'<h2>{esc(t("continue_title", lang))}</h2><p>{esc(summary)}</p></div>'
            f'<div class="continue-actions">'
            f'<button type="button" class="btn primary" data-testid="continue" data-action="continue">'
            f'{esc(t("continue", lang))}</button>'
            f'<button type="button" class="btn subtle" data-action="discard">{esc(t("discard", lang))}</button>'
            f'</div></section>')


def lobby_html(lang: str, setup: Setup | None = None, saved: SavedGame | list[SavedGame] | None = None,
               notice: str | None = None, extras: TableExtras | None = None) -> str:
    """The lobby: saved games, game list, and the setup of the selected game."""
    lang = norm_lang(lang)
    extras = extras or TableExtras()
    tools = tool_button("panel", t("settings", lang), "settings", testid="open-settings", css="subtle")
    parts = [f'<div class="screen lobby-screen" lang="{lang}">',
             topbar(lang, "", tools, with_lang=extras.panel != "settings"),
             '<main class="lobby" data-testid="lobby">']
    if notice:
        parts.append(f'<div class="notice" role="status" data-testid="notice"><p>{esc(notice)}</p></div>')
    if isinstance(saved, SavedGame):
        parts.append(saved_box(saved, lang))
    elif saved:
        parts.append(saves_list(saved, lang, extras.confirm_delete))
    parts.append(f'<p class="tagline">{esc(t("tagline", lang))}</p>')
    parts.append(f'<h1>{esc(t("choose_game", lang))}</h1>')
    if GAMES:
        selected = setup.game_id if setup else None
        cards = "".join(game_card(g, lang, g.id == selected, extras.lessons.get(g.id, ""))
                        for g in INFOS.values())
        parts.append(f'<div class="game-grid">{cards}</div>')
    else:
        parts.append(f'<p class="notice">{esc(t("no_games", lang))}</p>')
    if setup is not None:
        parts.append(setup_panel(setup, lang))
    parts.append(f'<div class="lobby-import">{import_control(lang)}</div>')
    parts.append("</main>")
    if extras.panel is not None:
        game_id = setup.game_id if setup is not None else None
        if game_id is not None and extras.panel in ("rules", "cards"):
            parts.append(screen_art(game_id, extras))  # the card reference's pictures (the table has them already)
        parts.append(panel_html(extras.panel, game_id, lang, extras))
    parts.append("</div>")
    return "".join(parts)


# --------------------------------------------------------------------------- table
def table_choices(session: Any, lang: str, names: list[str]) -> dict[str, str]:
    """The human's next click keys with their labels (empty when no human is to move)."""
    picker = session.picker()
    if picker is None:
        return {}
    view = session.view()
    return {key: session.render.step_label(key, view, lang, names) for key in picker.options()}


def status_html(session: Any, lang: str, names: list[str], lesson: str = "") -> str:
    """Whose turn and what to do: the game's prompt for a human, "X is thinking…" for a bot;
    ``lesson``: what a lesson waits for instead (its note to read, even while a bot is to move)."""
    if lesson and not session.is_over():
        text = esc(lesson)
        cls = "status is-you"
    elif session.is_over():
        winners = session.winners()
        text = esc(f'{t("game_over", lang)} — {winners_text(winners, names, lang)}')
        cls = "status is-over"
    elif session.auto_pass() is not None:  # the table passes for a human who cannot answer
        text = esc(t("auto_pass", lang, name=names[session.mover()]))
        cls = "status is-auto"
    elif session.bot_turn():
        text = esc(t("thinking", lang, name=names[session.mover()]))
        cls = "status is-bot"
    elif session.remote_turn():
        text = esc(t("waiting_for", lang, name=names[session.mover()]))
        cls = "status is-remote"
    else:
        text = tidy(step_prompt(session, lang, names), lang)
        cls = "status is-you"
    return f'<div class="{cls}" data-testid="status" data-anchor="prompt" role="status" aria-live="polite">{text}</div>'


def step_prompt(session: Any, lang: str, names: list[str]) -> str:
    """The prompt of the step at hand: the game's prompt, or, once a move of several clicks is
    started, what to pick now (the game's ``step_prompt`` when it has one, else the clicks made
    so far and a request for the next), so every step says what it waits for."""
    view = session.view()
    picker = session.picker()
    if picker is not None and picker.prefix:
        picked = tuple(picker.prefix)
        own = getattr(session.render, "step_prompt", None)
        text = own(view, picked, lang, names) if own is not None else None
        if text:
            return text
        steps = " → ".join(session.render.step_label(key, view, lang, names) for key in picked)
        return esc(t("step_next", lang, steps=steps))
    return session.render.prompt(view, session.viewer(), lang, names)


def log_html(view: dict, text_module: Any, lang: str, names: list[str]) -> str:
    entries = view.get("log") or []
    if not entries:
        items = f'<li class="log-empty">{esc(t("log_empty", lang))}</li>'
    else:
        items = "".join(f'<li>{text_module.log_line(e, lang, names)}</li>' for e in reversed(entries))
    return (f'<aside class="log panel" aria-label="{esc(t("log", lang))}"><h2>{esc(t("log", lang))}</h2>'
            # the live region is a wrapper: role=log is not allowed on a list, whose items must stay
            # list items
            f'<div class="log-region" role="log" data-testid="log-region" data-anchor="log" '
            f'aria-label="{esc(t("log", lang))}">'
            f'<ol class="log-list" data-testid="log" aria-label="{esc(t("log", lang))}" tabindex="0">'
            f'{items}</ol></div></aside>')


def winners_text(winners: list[int], names: list[str], lang: str) -> str:
    if not winners:
        return t("no_winner", lang)
    key = "winner" if len(winners) == 1 else "winners"
    return t(key, lang, names=join_names([names[w] for w in winners], lang))


def game_over_body(body: str, lang: str) -> str:
    """The end's scores. A region one can focus, since on a narrow window a wide score table scrolls
    sideways and a keyboard must reach what is scrolled away."""
    return (f'<div class="game-over-body" role="region" tabindex="0" aria-label="{esc(t("final_scores", lang))}">'
            f'{body}</div>')


def game_over_html(session: Any, view: dict, lang: str, names: list[str], recordable: bool = True) -> str:
    """The end: scores and what next (without a record, a lesson's table offers no replay or export)."""
    winners = session.winners()
    body = session.render.game_over(view, lang, names)
    head = (f'<section class="game-over panel" data-testid="game-over">'
            f'<h2>{esc(t("game_over", lang))}</h2>'
            f'<p class="winners" data-testid="winners">{esc(winners_text(winners, names, lang))}</p>'
            + game_over_body(body, lang))
    if getattr(session, "is_guest", False):  # the record (and so a replay or rematch) is the host's
        return (head + f'<div class="game-over-actions"><button type="button" class="btn primary" '
                f'data-action="lobby">{esc(t("lobby", lang))}</button></div></section>')
    return (head + f'<div class="game-over-actions">'
            f'<button type="button" class="btn primary" data-action="rematch" data-testid="rematch">'
            f'{esc(t("play_again", lang))}</button>'
            + (f'<button type="button" class="btn" data-action="replay" data-testid="replay-open">'
               f'{esc(t("replay", lang))}</button>'
               f'<button type="button" class="btn" data-action="export" data-testid="export" title="'
               f'{esc(t("export_hint", lang))}">'
               f'{esc(t("export", lang))}</button>' if recordable else "") +
            f'<button type="button" class="btn" data-action="lobby">{esc(t("lobby", lang))}</button>'
            f'</div></section>')


def privacy_html(session: Any, lang: str, names: list[str], seat: int, can_undo: bool = False) -> str:
    """Hot seat: a screen between two humans so neither sees the other's hand
    (the player who just moved may still take the move back here)."""
    game = session.game
    undo = (f'<button type="button" class="btn" data-action="undo" data-testid="undo">{esc(t("undo", lang))}</button>'
            if can_undo else "")
    return (f'<div class="screen table-screen">'
            f'{topbar(lang, game_title(game, lang), lobby_button(lang))}'
            f'<main class="table privacy" data-testid="table" data-game="{esc(game.id)}">'
            f'<div class="status" data-testid="status" role="status">'
            f'{esc(t("pass_device", lang, name=names[seat]))}</div>'
            f'<section class="privacy-screen panel"><p>{esc(t("pass_device_hint", lang))}</p>'
            f'<button type="button" class="btn primary big" data-testid="choice" data-action="reveal">'
            f'{esc(t("ready", lang, name=names[seat]))}</button>{undo}</section></main></div>')


def lobby_button(lang: str) -> str:
    return (f'<button type="button" class="btn subtle small" data-action="lobby" data-testid="to-lobby">'
            f'{esc(t("lobby", lang))}</button>')


def table_tools(lang: str, extras: TableExtras) -> str:
    undo = [] if extras.guest else [
        tool_button("undo", t("undo", lang), enabled=extras.can_undo, testid="undo",
                    title=t("undo_hint" if extras.can_undo else extras.undo_state, lang))]
    buttons = undo + [
        tool_button("hint", t("hint", lang), enabled=extras.can_hint and not extras.hint_busy and not extras.hint,
                    testid="hint-button"),
        tool_button("panel", t("rules", lang), "rules", testid="open-rules"),
        tool_button("panel", t("cards", lang), "cards", testid="open-cards"),
        tool_button("panel", t("settings", lang), "settings", testid="open-settings"),
    ]
    if not extras.guest and extras.recordable:  # the record is the host's; a lesson's deal has none
        buttons.append(tool_button("export", t("export", lang), testid="export", title=t("export_hint", lang)))
    return f'<nav class="table-tools" aria-label="{esc(t("table_tools", lang))}">{"".join(buttons)}</nav>'


def hint_box(lang: str, extras: TableExtras) -> str:
    if extras.hint_busy:
        return (f'<div class="hint-box is-busy" data-testid="hint" aria-busy="true" role="status">'
                f'{esc(t("hint_busy", lang))}</div>')
    if extras.hint:
        return f'<div class="hint-box" data-testid="hint" role="status">{extras.hint}</div>'
    return ""


def hint_text(session: Any, hint: dict, lang: str, names: list[str]) -> str:
    """The hint as one sentence: the move's clicks, the estimated win chance, why."""
    view = session.view()
    steps = session.render.action_steps(hint["action"], view)
    move = " → ".join(session.render.step_label(k, view, lang, names) for k in steps)
    top = hint.get("top") or []
    best = next((s for s in top if s["action"] == hint["action"]), None)
    text = esc(t("hint_line", lang, move=move))
    if best is not None and best["win"] is not None:
        text += " " + esc(t("hint_reason", lang, win=round(100 * best["win"]), visits=best["visits"]))
        others = [s for s in top if s is not best and s["win"] is not None]
        if others:
            text += " " + esc(t("hint_next", lang, win=round(100 * others[0]["win"])))
    return text


def mark_hint(markup: str, key: str | None) -> str:
    """Give the element of the hinted click ``data-hint`` (the shell highlights it)."""
    if not key:
        return markup
    needle = f'data-choice="{esc(key)}"'
    return markup.replace(needle, needle + ' data-hint="true"', 1)


def table_html(session: Any, lang: str, names: list[str] | None = None,
               extras: TableExtras | None = None) -> str:
    """The table: status, tools, the game's board, the remaining choices as buttons, the log, the end."""
    lang = norm_lang(lang)
    extras = extras or TableExtras()
    game = session.game
    names = names if names is not None else player_names(session.seats, lang)
    view = session.view()
    seat = session.viewer()
    choices = table_choices(session, lang, names)
    picker = session.picker()
    picked = tuple(picker.prefix) if picker is not None else ()  # the clicks of a started move
    board, shown = session.render.board(view, seat, lang, names, choices, picked=picked)
    board = name_places(board, {key: choices[key] for key in shown if key in choices}, colon(lang))
    buttons = [button(key, label) for key, label in choices.items() if key not in shown]
    if picked:
        steps = " → ".join(session.render.step_label(key, view, lang, names) for key in picked)
        buttons.insert(0, f'<span class="picked-steps" data-testid="picked">'
                          f'{esc(t("picked", lang, steps=steps))}</span>')
    if picker is not None and picker.can_go_back():
        buttons.append(button(BACK, t("back", lang), "subtle"))
    choice_bar = (f'<div class="choices" aria-label="{esc(t("choices", lang))}">{"".join(buttons)}</div>'
                  if buttons else "")
    over = game_over_html(session, view, lang, names, extras.recordable) if session.is_over() else ""
    text_module = _text_module(game.id)
    panel = panel_html(extras.panel, game.id, lang, extras) if extras.panel else ""
    return (f'<div class="screen table-screen">'
            f'{topbar(lang, game_title(game, lang), lobby_button(lang), with_lang=extras.panel != "settings")}'
            f'<main class="table" data-testid="table" data-game="{esc(game.id)}">{screen_art(game.id, extras)}'
            f'<div class="table-main">'
            f'{status_html(session, lang, names, extras.lesson_status)}'
            f'{extras.tutorial}'
            f'{table_tools(lang, extras)}'
            f'{hint_box(lang, extras)}'
            f'{extras.friends}'
            f'{over}'
            f'<div class="board" data-board="{esc(game.id)}">{mark_hint(board, extras.hint_key)}</div>'
            f'{mark_hint(choice_bar, extras.hint_key)}'
            f'</div>'
            f'{log_html(view, text_module, lang, names)}'
            f'</main>{panel}</div>')


# --------------------------------------------------------------------------- replay
def replay_bar(replay: Any, lang: str, names: list[str]) -> str:
    k, n = replay.step, replay.total
    nav = "".join(
        f'<button type="button" class="btn small" data-action="replay-step" data-value="{value}" '
        f'data-testid="replay-{value}"{" disabled" if disabled else ""}>{esc(t(f"replay_{value}", lang))}</button>'
        for value, disabled in (("first", k == 0), ("prev", k == 0), ("next", k == n), ("last", k == n)))
    seats = [("", t("spectator", lang))] + [(str(i), name) for i, name in enumerate(names)]
    current = "" if replay.seat is None else str(replay.seat)
    options = "".join(f'<option value="{v}"{" selected" if v == current else ""}>{esc(label)}</option>'
                      for v, label in seats)
    return (f'<section class="replay-bar panel" data-testid="replay" data-step="{k}" data-total="{n}">'
            f'<h2>{esc(t("replay_title", lang, k=k, n=n))}</h2>'
            f'<div class="replay-nav">{nav}</div>'
            f'<label class="replay-range"><span>{esc(t("replay_move", lang))}</span>'
            f'<input type="range" name="replay-step" min="0" max="{n}" value="{k}" data-testid="replay-range"></label>'
            f'<label class="replay-seat"><span>{esc(t("replay_view", lang))}</span>'
            f'<select name="replay-seat" data-testid="replay-seat">{options}</select></label>'
            f'<div class="replay-actions">'
            f'<button type="button" class="btn small" data-action="export" data-testid="export">'
            f'{esc(t("export", lang))}</button>'
            f'<button type="button" class="btn small" data-action="rematch">{esc(t("play_again", lang))}</button>'
            f'<button type="button" class="btn small subtle" data-action="replay-exit" data-testid="replay-exit">'
            f'{esc(t("exit_replay", lang))}</button></div></section>')


def replay_html(replay: Any, lang: str, extras: TableExtras | None = None) -> str:
    """A recorded game at move ``replay.step``, as ``replay.seat`` (or a spectator) saw it."""
    lang = norm_lang(lang)
    extras = extras or TableExtras()
    game = replay.game
    names = player_names(replay.seats, lang)
    view = replay.view()
    board, _shown = replay.render.board(view, replay.seat, lang, names, {})
    if replay.is_over():
        winners = replay.winners()
        status = esc(f'{t("game_over", lang)} — {winners_text(winners, names, lang)}')
        over = (f'<section class="game-over panel" data-testid="replay-over"><h2>{esc(t("game_over", lang))}</h2>'
                f'{game_over_body(replay.render.game_over(view, lang, names), lang)}</section>')
    else:
        status = replay.render.prompt(view, replay.seat, lang, names) if replay.step else esc(t("replay_start", lang))
        over = ""
    panel = panel_html(extras.panel, game.id, lang, extras) if extras.panel else ""
    tools = (tool_button("panel", t("rules", lang), "rules", testid="open-rules")
             + tool_button("panel", t("cards", lang), "cards", testid="open-cards"))
    return (f'<div class="screen table-screen">'
            f'{topbar(lang, game_title(game, lang), lobby_button(lang), with_lang=extras.panel != "settings")}'
            f'<main class="table is-replay" data-testid="table" data-game="{esc(game.id)}">'
            f'{screen_art(game.id, extras)}'
            f'<div class="table-main">'
            f'<div class="status" data-testid="status" role="status">{status}</div>'
            f'{replay_bar(replay, lang, names)}'
            f'<nav class="table-tools">{tools}</nav>'
            f'{over}'
            f'<div class="board" data-board="{esc(game.id)}">{board}</div>'
            f'</div>'
            f'{log_html(view, _text_module(game.id), lang, names)}'
            f'</main>{panel}</div>')


# --------------------------------------------------------------------------- dialogs
def rules_summary(game_id: str, lang: str) -> str:
    """The game's rules summary (HTML-safe markup from its text.py)."""
    summary = getattr(_text_module(game_id), "RULES_SUMMARY", None) or {}
    return summary.get(lang) or summary.get("en") or ""


def card_reference(game_id: str, lang: str) -> list[dict]:
    """Every card of the game: {"name", "text", "kind"?, "count"?, "key"?, "art"?} (plain text; ``key``
    opens the game's ``card_zoom``, ``art`` names the picture ``<id>-art-<art>``)."""
    ref = getattr(_text_module(game_id), "card_reference", None)
    return list(ref(lang)) if callable(ref) else []


def card_matches(card: dict, query: str) -> bool:
    if not query:
        return True
    hay = " ".join(str(card.get(k, "")) for k in ("name", "text", "kind")).casefold()
    return all(word in hay for word in query.casefold().split())


MAX_KIND_CHIPS = 8


def _zoom_attrs(game_id: str, card: dict) -> str:
    """A reference entry with a card ``key`` opens the large card on hover, focus or tap."""
    key = card.get("key")
    return f' data-zoom="{esc(game_id)}:{esc(key)}" tabindex="0"' if key else ""


def cards_html(game_id: str, lang: str, query: str) -> str:
    cards = card_reference(game_id, lang)
    kinds = []
    for card in cards:
        if card.get("kind") and card["kind"] not in kinds:
            kinds.append(card["kind"])
    chips = ""
    if 1 < len(kinds) <= MAX_KIND_CHIPS:  # more kinds than that: the text filter searches them too
        chips = "".join(
            f'<button type="button" class="btn small chip{" is-on" if query == k else ""}" data-action="card-kind" '
            f'data-value="{esc(k)}" aria-pressed="{"true" if query == k else "false"}">'
            f'{esc(k or t("all_cards", lang))}</button>'
            for k in [""] + kinds)
        chips = f'<div class="card-kinds">{chips}</div>'
    shown = [c for c in cards if card_matches(c, query)]
    items = "".join(
        f'<li class="card-ref" data-testid="card-ref"{_zoom_attrs(game_id, c)}>'
        + (art_use(game_id, c["art"], "card-art card-ref-art") if c.get("art") else "")
        + f'<div class="card-ref-body"><div class="card-ref-head"><b>{esc(c["name"])}</b>'
        + (f' <span class="pg-chip">{esc(c["kind"])}</span>' if c.get("kind") else "")
        + (f' <span class="card-ref-count">{esc(t("copies", lang, n=c["count"]))}</span>' if c.get("count") else "")
        + f'</div><p>{esc(c.get("text", ""))}</p></div></li>'
        for c in shown) or f'<li class="card-ref-none">{esc(t("no_cards_match", lang))}</li>'
    return (f'<label class="card-filter"><span>{esc(t("filter_cards", lang))}</span>'
            f'<input type="search" name="card-filter" value="{esc(query)}" data-testid="card-filter" '
            f'autocomplete="off"></label>{chips}'
            f'<p class="hint">{esc(t("cards_count", lang, n=len(shown)))}</p>'
            f'<ul class="card-ref-list">{items}</ul>')


def settings_html(lang: str, settings: dict, fixed_delay_ms: int | None = None) -> str:
    from .app import BOT_SPEEDS  # the pace of each choice, shown beside it

    speed = settings.get("speed", "normal")
    speeds = "".join(f'<option value="{k}"{" selected" if k == speed else ""}>'
                     f'{esc(t(f"speed_{k}", lang) + pace(BOT_SPEEDS[k], lang))}</option>'
                     for k in ("instant", "normal", "slow"))
    # the pace in force when the page's address fixes it: the setting then waits until it is gone
    fixed = (f'<p class="hint" id="set-speed-fixed" data-testid="speed-fixed">'
             f'{esc(t("speed_fixed", lang, pace=seconds(fixed_delay_ms, lang)))}</p>'
             if fixed_delay_ms is not None else "")
    described = ' aria-describedby="set-speed-fixed"' if fixed else ""
    checked = " checked" if settings.get("animations", True) else ""
    timer = settings.get("answer_timer", "off")
    timers = "".join(f'<option value="{k}"{" selected" if k == timer else ""}>{esc(t(f"timer_{k}", lang))}</option>'
                     for k in ("off", "20", "60"))
    return (f'<div class="settings-form">'
            f'<div class="field"><label for="set-speed">{esc(t("bot_speed", lang))}</label>'
            f'<select id="set-speed" name="speed" data-testid="setting-speed"{described}>{speeds}</select>{fixed}</div>'
            f'<div class="field"><label class="check" for="set-anim"><input type="checkbox" id="set-anim" '
            f'name="animations" value="1" data-testid="setting-animations"{checked}>'
            f'<span>{esc(t("animations", lang))}</span></label></div>'
            f'<div class="field"><span>{esc(t("language", lang))}</span>{lang_select(lang)}</div>'
            f'<div class="field"><label for="set-name">{esc(t("player_name_label", lang))}</label>'
            f'<input type="text" id="set-name" name="player-name" maxlength="24" autocomplete="nickname" '
            f'value="{esc(settings.get("name", ""))}" data-testid="setting-name"></div>'
            f'<div class="field"><label for="set-timer">{esc(t("answer_timer", lang))}</label>'
            f'<select id="set-timer" name="answer_timer" data-testid="setting-timer">{timers}</select></div>'
            f'<div class="field"><label for="set-ice">{esc(t("ice_label", lang))}</label>'
            f'<textarea id="set-ice" name="ice" rows="2" spellcheck="false" aria-describedby="set-ice-help" '
            f'data-testid="setting-ice">{esc(settings.get("ice", ""))}</textarea>'
            f'<p class="hint" id="set-ice-help">{esc(t("ice_help", lang))}</p></div></div>')


def panel_html(panel: str, game_id: str | None, lang: str, extras: TableExtras) -> str:
    """A dialog over the screen: rules / cards of a game, or the settings. The game stays as it is."""
    tabs = ""
    if panel in ("rules", "cards") and game_id is not None:
        game = get_game(game_id)
        title = game_title(game, lang)
        tabs = "".join(
            f'<button type="button" class="btn small tab{" is-on" if panel == p else ""}" data-action="panel" '
            f'data-value="{p}" aria-pressed="{"true" if panel == p else "false"}">{esc(t(p, lang))}</button>'
            for p in ("rules", "cards"))
        body = (f'<div class="rules-text" data-testid="rules-text">{rules_summary(game_id, lang)}</div>'
                f'{extras.learn}'
                f'{keyboard_help(lang)}'
                if panel == "rules" else cards_html(game_id, lang, extras.card_filter))
    elif panel == "settings":
        title = t("settings", lang)
        body = settings_html(lang, extras.settings, extras.fixed_bot_delay_ms)
    else:
        return ""
    return (f'<div class="dialog-backdrop">'
            f'<section class="dialog panel" role="dialog" aria-modal="true" aria-label="{esc(title)}" '
            f'data-testid="panel" data-panel="{esc(panel)}">'
            # a div, not a header: inside role=dialog a header is a second page banner to axe
            f'<div class="dialog-head"><h2>{esc(title)}</h2><div class="dialog-tabs">{tabs}</div>'
            f'<button type="button" class="btn small" data-action="close-panel" data-testid="close-panel">'
            f'{esc(t("close", lang))}</button></div>'
            # focusable: it scrolls, and a keyboard must be able to scroll it
            f'<div class="dialog-body" tabindex="0">{body}</div></section></div>')


def keyboard_help(lang: str) -> str:
    """The keyboard commands (the same in every game), listed under the rules."""
    from .readout import help_html
    return help_html(lang)


def _text_module(game_id: str) -> Any:
    return _game_module(game_id, "text")


def _game_module(game_id: str, name: str) -> Any:
    from .session import game_module
    return game_module(game_id, name)
