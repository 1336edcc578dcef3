"""Wording in both languages: every log line, prompt and panel of many seeded games reads right.

English: no "(s)" forms, a count agrees with its noun ("1 card", "2 cards"), "a"/"an" fit the next
word, no seat name nested in parentheses ("You (Player 1 (you))"), no "Player 1 (you)'s", negatives
with U+2212. Japanese: one width of brackets and colons (full-width), one name for each thing.
The games are played through the rules and bots (random and normal, every game, every player
count) and drawn by the UI's renderers: each seat's log, the prompt at every decision, the end
panel; a few whole tables through ``App.render`` (board, status, log, end panel), and the lobby,
setup and settings pages.
"""

from __future__ import annotations

import html
import re

import pytest
from app_play import random_step

import pygames
from pygames.bots import make_bot
from pygames.core import Rng
from pygames.ui.app import App, MemoryStorage
from pygames.ui.i18n import GAME_DESCRIPTIONS, STRINGS, a_an, plural, signed, t, tidy
from pygames.ui.picker import game_picker
from pygames.ui.session import game_module

#: nouns a count meets in the games' texts
NOUNS = r"(?:card|coin|denier|citizen|win|round|point|player|move|simulation|influence|gold|power)"

ENGLISH_CHECKS = [
    ("'(s)' form", re.compile(r"\(s\)")),
    ("1 with a plural noun", re.compile(rf"(?<![\d.,×+−-])\b1 {NOUNS}s\b")),
    ("a plural count with a singular noun",
     re.compile(r"(?<![\d.,×+−-])\b(?:0|[2-9]|\d{2,}) (?:card|coin|denier|citizen|win|round)\b(?! (?:deck|effect))")),
    ("'a' before a vowel", re.compile(r"\ba (?!one\b|one-|unique|use|usual|Ukr)[aeiouAEIOU]\w*")),
    ("'an' before a consonant", re.compile(r"\b[aA]n (?!hour|honou?r)[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]\w*")),
    ("nested parentheses", re.compile(r"\([^()]*\([^()]*\)[^()]*\)")),
    ("possessive of '(you)'", re.compile(r"\(you\)'s")),
    # every seat has a name at a table ("Bot 2 (normal)"): a bare "player 2" is a label not given it
    ("a seat's number where it has a name", re.compile(r"(?<!First )\b[Pp]layer \d+\b(?! \(you\))")),
    ("hyphen as a minus sign", re.compile(r"(?<![\w\-–])-\d")),
]

JA_CHAR = r"[\u3040-\u30ff\u3400-\u9fff]"
JAPANESE_CHECKS = [
    # Japanese text takes the full-width forms only (pygames.ui.i18n: ： （） 「」 【】); a colon
    # between digits is a clock time ("12:30")
    ("half-width bracket or colon in Japanese", re.compile(r"[()\[\]]|(?<!\d):|:(?!\d)")),
    ("nested parentheses", re.compile(r"（[^（）]*（[^（）]*）[^（）]*）")),
    ("a seat's number where it has a name", re.compile(r"(?<!あなた（)プレイヤー\d+")),
    ("hyphen as a minus sign", re.compile(r"(?<![\w\-–])-\d")),
]

#: one name for each thing: the variants that must not appear in any Japanese string
JAPANESE_FORBIDDEN = ["大貴族", "街区", "集合（", "から山札から", "デッキから山札", "ゆすり", "暗殺者"]


def plain(markup: str) -> str:
    """The text a reader sees: tags gone, entities decoded, one space between blocks."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"\s+", " ", html.unescape(text)).strip()


#: Japanese sentences are joined without spaces: a space after 。 or 、 shows as a gap (a Koryo round
#: line once read "場札上限6枚。 ボット3は…")
JAPANESE_INLINE_CHECKS = [("a space after a Japanese full stop or comma", re.compile(r"[。、] "))]


def problems(text: str, lang: str) -> list[str]:
    if lang == "ja-inline":
        return [f"{name}: in {text[:160]!r}" for name, pattern in JAPANESE_INLINE_CHECKS if pattern.search(text)]
    checks = ENGLISH_CHECKS if lang == "en" else JAPANESE_CHECKS
    found = [f"{name}: {m.group(0)!r} in {text[max(0, m.start() - 60):m.end() + 60]!r}"
             for name, pattern in checks for m in pattern.finditer(text)]
    if lang == "ja":
        found += [f"variant {word!r} in {text[:160]!r}" for word in JAPANESE_FORBIDDEN if word in text]
    return found


def seat_names(n: int, lang: str, me: int = 0) -> list[str]:
    """The names the table gives: the lone human (seat ``me``) and bots (the hardest case for possessives)."""
    return [t("you", lang, n=s + 1) if s == me else t("bot_n", lang, n=s + 1, level=t("levelname_normal", lang))
            for s in range(n)]


def test_helpers():
    assert plural(1, "card", "cards") == "1 card"
    assert plural(0, "card", "cards") == "0 cards"
    assert plural(2, "{n} more card", "{n} more cards") == "2 more cards"
    assert a_an("intrigue") == "an intrigue" and a_an("power") == "a power"
    assert signed(-3) == "\u22123" and signed(3) == "3" and signed(3, plus=True) == "+3" and signed(0, True) == "0"
    you = '<b class="name">Player 1 (you)</b>'
    assert tidy(f"{you}'s block fails.", "en") == '<b class="name">Your</b> block fails.'
    assert tidy(f"Bot 2 challenges {you}'s Captain.", "en") == 'Bot 2 challenges <b class="name">your</b> Captain.'
    assert tidy(f"{you}'s block", "ja") == f"{you}'s block"


def test_the_checks_catch_what_they_are_for():
    bad_en = ["draws 1 card(s).", "gains 1 deniers.", "declares a intrigue challenge", "You (Player 1 (you)) placed",
              "Player 1 (you)'s block", "Scores: Bot 2 -2", "takes 2 coin from", "Use player 2's Exchange"]
    for text in bad_en:
        assert problems(text, "en"), text
    for text in ["あなた（プレイヤー1）:1枚", "大貴族の王座", "区画(R)", "黄IIデッキから山札から2枚", "[軍事] 攻撃",
                 "配置公開: 2枚", "影響 [2]", "プレイヤー2の取引所を使う"]:
        assert problems(text, "ja"), text
    for text in ["draws 1 card.", "an intrigue challenge", "Bot 2 (normal)'s Captain", "at 2-2", "−2 points",
                 "Round 1 begins", "a one-shot card"]:
        assert not problems(text, "en"), text
    assert not problems("あなた（プレイヤー1）：1枚", "ja") and not problems("【軍事】攻撃、12:30に保存", "ja")
    assert not problems("First player 0 gold", "en")
    assert problems("場札上限6枚。 ボット3", "ja-inline") and not problems("場札上限6枚。ボット3", "ja-inline")


def test_ui_strings():
    for key, entry in STRINGS.items():
        for lang in ("en", "ja"):
            assert not problems(entry[lang], lang), (key, problems(entry[lang], lang))
    for entry in GAME_DESCRIPTIONS.values():
        for lang in ("en", "ja"):
            assert not problems(entry[lang], lang)


def _step_text(render, legal: list, view: dict, action: dict, lang: str, names: list[str]) -> str:
    """The labels of every choice at each click of ``action``'s path, and the step's prompt once
    the move is started, as the page shows them (one text)."""
    picker = game_picker(legal, view, render)
    own_prompt = getattr(render, "step_prompt", None)
    texts = []
    for key in render.action_steps(action, view):
        texts += [render.step_label(k, view, lang, names) for k in picker.options()]
        if picker.click(key) is not None:
            break
        if own_prompt is not None:
            texts.append(own_prompt(view, tuple(picker.prefix), lang, names) or "")
    return plain(" | ".join(texts))


def _game_texts(game_id: str, level: str, n: int, seed: str) -> set[tuple[str, str]]:
    """(lang, text) of every prompt at every decision, the labels and step prompts of the move
    made, every seat's and the spectator's log lines and end panel of one seeded game."""
    game = pygames.get_game(game_id)
    render, text = game_module(game_id, "render"), game_module(game_id, "text")
    state = game.new_game(n, seed, {})
    bots = [make_bot(level, f"{seed}/{s}") for s in range(n)]
    out: set[tuple[str, str]] = set()
    names = {lang: seat_names(n, lang) for lang in ("en", "ja")}
    while (seat := game.current_player(state)) is not None:
        view = game.view(state, seat)
        legal = game.legal_actions(state)
        action = bots[seat].choose(game, view, legal, seat)
        for lang in ("en", "ja"):
            out.add((lang, plain(tidy(render.prompt(view, seat, lang, names[lang]), lang))))
            # the labels are shown to the seat deciding, the table's lone human here
            out.add((lang, _step_text(render, legal, view, action, lang, seat_names(n, lang, seat))))
        state = game.apply(state, action)
    for s in [None, *range(n)]:
        view = game.view(state, s)
        for lang in ("en", "ja"):
            lines = [text.log_line(e, lang, names[lang]) for e in view.get("log", [])]
            out.update((lang, plain(line)) for line in lines)
            if lang == "ja":  # as written, tags gone without the space plain() puts for them
                out.update(("ja-inline", html.unescape(re.sub(r"<[^>]+>", "", line))) for line in lines)
            out.add((lang, plain(render.game_over(view, lang, names[lang]))))
    return out


CASES = [(g, n) for g in pygames.GAME_IDS
         for n in range(pygames.get_game(g).min_players, pygames.get_game(g).max_players + 1)]


@pytest.mark.parametrize(("game_id", "n"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_log_lines_and_prompts(game_id, n):
    found: list[str] = []
    for level, seeds in (("random", 3), ("normal", 1)):
        for i in range(seeds):
            for lang, text in _game_texts(game_id, level, n, f"wording/{level}/{i}"):
                found += problems(text, lang)
    assert not found, "\n".join(sorted(set(found))[:20])


def _play_app(app: App, rng: Rng) -> list[str]:
    """Play a table to its end (random clicks, bots answer); the page's text at every step."""
    texts = []
    for _ in range(6000):
        texts.append(plain(app.render()))
        phase = app.phase()
        if phase == "over":
            return texts
        random_step(app, rng)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", pygames.GAME_IDS)
def test_whole_tables_and_panels(game_id, lang):
    counter = iter(range(1, 10**6))
    app = App(MemoryStorage(), seed=lambda: next(counter))
    app.change("lang", lang)
    texts = [plain(app.render())]  # the lobby
    app.action("select-game", game_id)
    texts.append(plain(app.render()))  # the setup
    n = app.setup.num_players
    app.change("num_players", str(max(n, 3) if pygames.get_game(game_id).max_players >= 3 else n))
    n = app.setup.num_players
    for i, kind in enumerate(["human", "normal", "random", "normal"][:n]):
        app.change(f"seat-{i}", kind, seat=str(i))
    app.action("start")
    for panel in ("rules", "cards", "settings"):
        app.action("panel", panel)
        texts.append(plain(app.render()))
        app.action("panel", panel)
    texts += _play_app(app, Rng(f"wording/{game_id}/{lang}"))
    found = [p for text in set(texts) for p in problems(text, lang)]
    assert not found, "\n".join(sorted(set(found))[:20])


def test_settings_show_the_bot_pace_in_force():
    app = App(MemoryStorage(), seed=lambda: 1)
    app.action("select-game", pygames.GAME_IDS[0])
    app.action("start")
    app.action("panel", "settings")
    html_ = app.render()
    assert "Normal (0.6 s)" in html_ and 'data-testid="speed-fixed"' not in html_
    app.fixed_bot_delay_ms = 250  # what site/main.py sets from ?botdelay=250
    html_ = app.render()
    assert "In force now: 0.25 s before each bot move" in plain(html_)
    app.change("lang", "ja")
    assert "ボットの各手の前に0.25秒" in plain(app.render())


def test_the_undo_tooltip_at_the_start_says_why():
    app = App(MemoryStorage(), seed=lambda: 1)
    app.action("select-game", "coup")
    app.action("start")
    assert app.undo_state() == "undo_none"
    assert f'title="{t("undo_none", "en")}"' in app.render()
    assert t("undo_blocked", "en") not in app.render()


def _japanese_literals():
    """Every string literal with Japanese in its literal part in the games' and the UI's modules:
    (file, line, text outside any f-string placeholder)."""
    import io
    import pathlib
    import tokenize

    root = pathlib.Path(pygames.__file__).parent
    files = sorted(root.glob("games/*/*.py")) + sorted(root.glob("ui/*.py"))
    for path in files:
        for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
            if tok.type != tokenize.STRING or tok.string.lstrip("rRbBuUfF").startswith(('"""', "'''")):
                continue  # docstrings are for the code's readers
            body = tok.string
            if "f" in body.split(body.lstrip("rRbBuUfF")[0], 1)[0].lower():
                body = re.sub(r"\{[^{}]*(\{[^{}]*\}[^{}]*)*\}", " ", body)  # placeholders are code
            body = re.sub(r"<[^>]*>", " ", body)  # markup is no text
            if re.search(JA_CHAR, body) and \
                    len(re.findall(JA_CHAR, body)) >= len(re.findall(r"[A-Za-z]", body)) // 4:
                # (an English note that quotes a Japanese name, such as a card's source, is English)
                yield path.relative_to(root), tok.start[0], body


def test_japanese_strings_in_the_source_are_consistent():
    """One bracket width and one name per thing in every Japanese string of the source, shown or not yet."""
    found = [f"{path}:{line}: {problem}" for path, line, body in _japanese_literals()
             for problem in problems(body, "ja")]
    assert not found, "\n".join(found[:20])
