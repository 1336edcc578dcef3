"""Lobby and table markup (browser-independent, testable in CPython).

Everything here returns HTML strings built from data; every text that comes
from data goes through :func:`pygames.ui.html.esc`. The markup carries the
UI hooks of DESIGN.md (``data-game``, ``select[data-seat]``, option inputs
named after their keys, ``data-testid`` start / table / status / choice /
game-over), which browser tests rely on.

Controls of the shell (not moves of the game) are elements with
``data-action`` (and an optional ``data-value``); moves are elements with
``data-choice`` (see ``html.choice_attrs``). ``site/main.py`` forwards both to
:class:`pygames.ui.app.App`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .. import GAMES, get_game
from ..core import Game
from ..core.record import SEAT_KINDS
from .html import button, esc
from .i18n import LANG_NAMES, LANGS, game_description, game_title, join_names, norm_lang, t

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
def player_names(seats: list[str], lang: str) -> list[str]:
    """Display names: humans "You" (or "Player N" when several), bots "Bot N (level)"."""
    humans = sum(1 for s in seats if s == HUMAN)
    names = []
    for index, kind in enumerate(seats):
        if kind == HUMAN:
            names.append(t("you", lang) if humans == 1 else t("player_n", lang, n=index + 1))
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
    def default(cls, game_id: str) -> "Setup":
        game = get_game(game_id)
        n = default_players(game)
        setup = cls(game_id, n, [HUMAN] + ["normal"] * (n - 1), {})
        setup.options = {s["key"]: s["default"] for s in game.option_specs()}
        return setup

    @classmethod
    def from_json(cls, data: Any) -> "Setup | None":
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


# --------------------------------------------------------------------------- pieces
def lang_select(lang: str) -> str:
    options = "".join(
        f'<option value="{code}"{" selected" if code == lang else ""}>{esc(LANG_NAMES[code])}</option>'
        for code in LANGS)
    return (f'<label class="lang-pick"><span class="sr-only">{esc(t("language", lang))}</span>'
            f'<select name="lang" aria-label="{esc(t("language", lang))}">{options}</select></label>')


def topbar(lang: str, title: str = "", controls: str = "") -> str:
    sub = f'<span class="topbar-game">{esc(title)}</span>' if title else ""
    return (f'<header class="topbar"><div class="brand"><span class="brand-mark" aria-hidden="true">♠</span>'
            f'<span class="brand-text">{esc(t("site_title", lang))}</span></div>{sub}<div class="topbar-tools">{controls}{lang_select(lang)}</div>'
            f'</header>')


def players_text(game: Game, lang: str) -> str:
    if game.min_players == game.max_players:
        return t("players_exact", lang, n=game.min_players)
    return t("players_range", lang, lo=game.min_players, hi=game.max_players)


def game_card(game: Game, lang: str, selected: bool) -> str:
    cls = "game-card is-selected" if selected else "game-card"
    return (f'<button type="button" class="{cls}" data-game="{esc(game.id)}" data-action="select-game" '
            f'data-value="{esc(game.id)}" aria-pressed="{"true" if selected else "false"}">'
            f'<span class="game-card-title">{esc(game_title(game, lang))}</span>'
            f'<span class="game-card-players">{esc(players_text(game, lang))}</span>'
            f'<span class="game-card-desc">{esc(game_description(game, lang))}</span></button>')


def seat_label(kind: str, lang: str) -> str:
    return t(f"level_{kind}", lang)


def seat_select(index: int, kind: str, lang: str) -> str:
    options = "".join(
        f'<option value="{k}"{" selected" if k == kind else ""}>{esc(seat_label(k, lang))}</option>'
        for k in seat_kinds())
    return (f'<div class="seat-row"><label class="seat-name" for="seat-{index}">'
            f'{esc(t("seat_n", lang, n=index + 1))}</label>'
            f'<select id="seat-{index}" name="seat-{index}" data-seat="{index}">{options}</select></div>')


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
    note = "" if enabled else f' <span class="hint">({esc(t("from_players", lang, n=spec["min_players"]))})</span>'
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
            f'<fieldset class="seats"><legend>{esc(t("seats", lang))}</legend>{seats}</fieldset>'
            f'<fieldset class="options"><legend>{esc(t("options", lang))}</legend>{options}</fieldset>'
            f'</div>'
            f'<button type="button" class="btn primary big" data-testid="start" data-action="start">'
            f'{esc(t("start", lang))}</button></section>')


def saved_box(saved: SavedGame, lang: str) -> str:
    if saved.error is not None:
        return (f'<section class="notice is-warning" role="alert" data-testid="save-error">'
                f'<p>{esc(t("save_damaged", lang, reason=saved.error))}</p>'
                f'<button type="button" class="btn" data-action="discard">{esc(t("discard", lang))}</button>'
                f'</section>')
    game = GAMES.get(saved.game_id or "")
    title = game_title(game, lang) if game else saved.game_id
    summary = t("continue_summary", lang, game=title, n=saved.num_players, moves=saved.moves)
    return (f'<section class="continue panel" data-testid="continue-box"><div class="continue-text">'
            f'<h2>{esc(t("continue_title", lang))}</h2><p>{esc(summary)}</p></div>'
            f'<div class="continue-actions">'
            f'<button type="button" class="btn primary" data-testid="continue" data-action="continue">'
            f'{esc(t("continue", lang))}</button>'
            f'<button type="button" class="btn subtle" data-action="discard">{esc(t("discard", lang))}</button>'
            f'</div></section>')


def lobby_html(lang: str, setup: Setup | None = None, saved: SavedGame | None = None,
               notice: str | None = None) -> str:
    """The lobby: saved game, game list, and the setup of the selected game."""
    lang = norm_lang(lang)
    parts = ['<div class="screen lobby-screen">', topbar(lang), '<main class="lobby" data-testid="lobby">']
    if notice:
        parts.append(f'<div class="notice" role="status" data-testid="notice"><p>{esc(notice)}</p></div>')
    if saved is not None:
        parts.append(saved_box(saved, lang))
    parts.append(f'<p class="tagline">{esc(t("tagline", lang))}</p>')
    parts.append(f'<h1>{esc(t("choose_game", lang))}</h1>')
    if GAMES:
        selected = setup.game_id if setup else None
        cards = "".join(game_card(g, lang, g.id == selected) for g in GAMES.values())
        parts.append(f'<div class="game-grid">{cards}</div>')
    else:
        parts.append(f'<p class="notice">{esc(t("no_games", lang))}</p>')
    if setup is not None:
        parts.append(setup_panel(setup, lang))
    parts.append("</main></div>")
    return "".join(parts)


# --------------------------------------------------------------------------- table
def table_choices(session: Any, lang: str) -> dict[str, str]:
    """The human's next click keys with their labels (empty when no human is to move)."""
    picker = session.picker()
    if picker is None:
        return {}
    view = session.view()
    return {key: session.render.step_label(key, view, lang) for key in picker.options()}


def status_html(session: Any, lang: str, names: list[str]) -> str:
    """Whose turn and what to do: the game's prompt for a human, "X is thinking…" for a bot."""
    if session.is_over():
        winners = session.game.winners(session.state)
        text = esc(f'{t("game_over", lang)} — {winners_text(winners, names, lang)}')
        cls = "status is-over"
    elif session.bot_turn():
        text = esc(t("thinking", lang, name=names[session.mover()]))
        cls = "status is-bot"
    else:
        text = session.render.prompt(session.view(), session.viewer(), lang, names)
        cls = "status is-you"
    return f'<div class="{cls}" data-testid="status" role="status" aria-live="polite">{text}</div>'


def log_html(view: dict, text_module: Any, lang: str, names: list[str]) -> str:
    entries = view.get("log") or []
    if not entries:
        items = f'<li class="log-empty">{esc(t("log_empty", lang))}</li>'
    else:
        items = "".join(f'<li>{text_module.log_line(e, lang, names)}</li>' for e in reversed(entries))
    return (f'<aside class="log panel" aria-label="{esc(t("log", lang))}"><h2>{esc(t("log", lang))}</h2>'
            f'<ol class="log-list" data-testid="log">{items}</ol></aside>')


def winners_text(winners: list[int], names: list[str], lang: str) -> str:
    if not winners:
        return t("no_winner", lang)
    key = "winner" if len(winners) == 1 else "winners"
    return t(key, lang, names=join_names([names[w] for w in winners], lang))


def game_over_html(session: Any, view: dict, lang: str, names: list[str]) -> str:
    winners = session.game.winners(session.state)
    body = session.render.game_over(view, lang, names)
    return (f'<section class="game-over panel" data-testid="game-over">'
            f'<h2>{esc(t("game_over", lang))}</h2>'
            f'<p class="winners" data-testid="winners">{esc(winners_text(winners, names, lang))}</p>'
            f'<div class="game-over-body">{body}</div>'
            f'<div class="game-over-actions">'
            f'<button type="button" class="btn primary" data-action="rematch">{esc(t("play_again", lang))}</button>'
            f'<button type="button" class="btn" data-action="lobby">{esc(t("lobby", lang))}</button>'
            f'</div></section>')


def privacy_html(session: Any, lang: str, names: list[str], seat: int) -> str:
    """Hot seat: a screen between two humans so neither sees the other's hand."""
    game = session.game
    return (f'<div class="screen table-screen">'
            f'{topbar(lang, game_title(game, lang), lobby_button(lang))}'
            f'<main class="table privacy" data-testid="table" data-game="{esc(game.id)}">'
            f'<div class="status" data-testid="status" role="status">'
            f'{esc(t("pass_device", lang, name=names[seat]))}</div>'
            f'<section class="privacy-screen panel"><p>{esc(t("pass_device_hint", lang))}</p>'
            f'<button type="button" class="btn primary big" data-testid="choice" data-action="reveal">'
            f'{esc(t("ready", lang, name=names[seat]))}</button></section></main></div>')


def lobby_button(lang: str) -> str:
    return (f'<button type="button" class="btn subtle small" data-action="lobby" data-testid="to-lobby">'
            f'{esc(t("lobby", lang))}</button>')


def table_html(session: Any, lang: str, names: list[str] | None = None) -> str:
    """The table: status, the game's board, the remaining choices as buttons, the log, the end."""
    lang = norm_lang(lang)
    game = session.game
    names = names if names is not None else player_names(session.seats, lang)
    view = session.view()
    seat = session.viewer()
    choices = table_choices(session, lang)
    board, shown = session.render.board(view, seat, lang, names, choices)
    buttons = [button(key, label) for key, label in choices.items() if key not in shown]
    picker = session.picker()
    if picker is not None and picker.can_go_back():
        buttons.append(button(BACK, t("back", lang), "subtle"))
    choice_bar = (f'<div class="choices" aria-label="{esc(t("choices", lang))}">{"".join(buttons)}</div>'
                  if buttons else "")
    over = game_over_html(session, view, lang, names) if session.is_over() else ""
    text_module = _text_module(game.id)
    return (f'<div class="screen table-screen">'
            f'{topbar(lang, game_title(game, lang), lobby_button(lang))}'
            f'<main class="table" data-testid="table" data-game="{esc(game.id)}">'
            f'<div class="table-main">'
            f'{status_html(session, lang, names)}'
            f'{over}'
            f'<div class="board" data-board="{esc(game.id)}">{board}</div>'
            f'{choice_bar}'
            f'</div>'
            f'{log_html(view, text_module, lang, names)}'
            f'</main></div>')


def _text_module(game_id: str) -> Any:
    from .session import game_module
    return game_module(game_id, "text")
