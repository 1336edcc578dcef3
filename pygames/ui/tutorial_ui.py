"""The table side of a guided first game ("Learn to play"): which step the player is on, what the
bots answer, the note shown, and the frame's words. The script and the deal are the game's data
(``pygames/games/<id>/tutorial.py``) run by ``pygames.core.tutorial``; the App (app.py) asks this
module at its few hooks (choose, bot moves, saving, rendering) while a tutorial is at the table.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..core.errors import IllegalAction
from ..core.tutorial import TUTORIAL_GAMES, Step, Tutorial, get_tutorial, matches, position
from .html import esc
from .i18n import norm_lang, parens
from .picker import take_click
from .session import TableSession

#: where the step reached is kept (one per game): resuming replays the script up to it
KEY_PREFIX = "pygames.tutorial."

#: the seats of a tutorial: the player, then scripted bots (the level only names them)
BOT_KIND = "normal"

TEXT = {
    "learn": {"en": "Learn to play", "ja": "遊び方を学ぶ"},
    "resume": {"en": "Resume lesson (step {n} of {m})", "ja": "レッスンを再開（ステップ {n} / {m}）"},
    "title": {"en": "Lesson", "ja": "レッスン"},
    "step": {"en": "Step {n} of {m}", "ja": "ステップ {n} / {m}"},
    "next": {"en": "Next", "ja": "次へ"},
    "your_move": {"en": "Your move: the highlighted choice.",
                  "ja": "あなたの番です：光っている選択肢を選んでください。"},
    "your_move_named": {"en": "Your move: the highlighted choice, “{label}”.",
                        "ja": "あなたの番です：光っている「{label}」を選んでください。"},
    "wrong": {"en": "That move is allowed in a real game, but this lesson needs the highlighted one here: "
                    "it shows the rule the note explains.",
              "ja": "実際のゲームでは選べる手ですが、このレッスンでは光っている手を選んでください。"
                    "メモで説明しているルールを体験するためです。"},
    "read_status": {"en": "Lesson: read the note, then press Next.",
                    "ja": "レッスン：メモを読んで「次へ」を押してください。"},
    "read_first": {"en": "Read the note first, then press Next.", "ja": "まずメモを読んで「次へ」を押してください。"},
    "restart": {"en": "Restart lesson", "ja": "最初から"},
    "play_on": {"en": "Play on against the bots", "ja": "このままボットと対戦"},
    "done": {"en": "Lesson complete.", "ja": "レッスン完了。"},
}


def tt(key: str, lang: str, **params: Any) -> str:
    text = TEXT[key][norm_lang(lang)]
    return text.format(**params) if params else text


def has_tutorial(game_id: str) -> bool:
    return game_id in TUTORIAL_GAMES


def note_text(game_id: str, key: str, lang: str) -> str:
    notes = importlib.import_module(f"pygames.games.{game_id}.text").TUTORIAL_NOTES
    return str(notes[key][norm_lang(lang)])


def counts(step: Step) -> bool:
    """Whether ``step`` is one of the player's: a note to read or a move to make (a bot's answer
    told by no note is not: the player does nothing at it)."""
    return step.note is not None or step.expect is not None


def step_number(tutorial: Tutorial, index: int) -> int:
    """"Step n" at script index ``index``: the player's steps up to it (itself included when it is
    one; a bot's silent answer keeps the number of the step before it)."""
    upto = tutorial.steps[:index + 1] if index < len(tutorial.steps) else tutorial.steps
    return max(1, sum(1 for s in upto if counts(s)))


def step_count(tutorial: Tutorial) -> int:
    """"of m": how many steps the player reads or acts at."""
    return sum(1 for s in tutorial.steps if counts(s))


def read_saved(raw: str | None) -> tuple[int, bool] | None:
    """The step reached as stored (``"12"``, or ``"12+"`` once the bot's answer at step 12 is played
    and its note waits for Next); None for nothing or junk."""
    if raw is None:
        return None
    told = raw.endswith("+")
    digits = raw[:-1] if told else raw
    return (int(digits), told) if digits.isdigit() else None


class TutorialRun:
    """A tutorial at the table: the script and the step reached (steps before it are played).

    A bot's answer that has a note is played first, then its note stays until the player's "Next"
    (``told``): the note says what the bot did, and a note shown only for the bot's delay would be
    gone before it is read."""

    def __init__(self, tutorial: Tutorial, step: int = 0, told: bool = False) -> None:
        self.tutorial = tutorial
        self.step = step
        self.told = told  # the bot's answer at ``step`` is played; its note waits for "Next"
        self.wrong = False  # the last click was another move than the one asked

    @classmethod
    def start(cls, game_id: str, step: int = 0, told: bool = False) -> tuple[TutorialRun, TableSession]:
        """The run and its table at ``step`` (the position replayed through the script)."""
        tutorial = get_tutorial(game_id)
        if not 0 <= step <= len(tutorial.steps):
            step, told = 0, False
        told = told and step < len(tutorial.steps) and tutorial.steps[step].kind == "bot" \
            and tutorial.steps[step].note is not None
        seats = ["human" if s == tutorial.human else BOT_KIND for s in range(tutorial.num_players)]
        session = TableSession(game_id, tutorial.num_players, 0, tutorial.options, seats)
        # the tutorial's position replaces the seeded first state (the same game, another deal):
        # this table cannot be saved as a record, the App keeps the step reached instead
        session.state = position(tutorial, step + 1 if told else step)
        session.history = [session.state]
        return cls(tutorial, step, told), session

    @property
    def total(self) -> int:
        return len(self.tutorial.steps)

    def saved(self) -> str:
        """What the App stores of the step reached (read back by ``read_saved``)."""
        return f"{self.step}+" if self.told else str(self.step)

    def number(self) -> tuple[int, int]:
        """(n, m) of "Step n of m": the player's steps only (``counts``)."""
        m = step_count(self.tutorial)
        return min(step_number(self.tutorial, self.step), m), m

    def current(self) -> Step | None:
        return self.tutorial.steps[self.step] if self.step < self.total else None

    def kind(self) -> str:
        """What the player does now: "read" (Next), "act", "bot" (a bot's answer to come), "done"."""
        step = self.current()
        if step is None:
            return "done"
        return "read" if self.told else step.kind

    def finished(self) -> bool:
        return self.step >= self.total

    def bot_to_move(self) -> bool:
        return self.kind() == "bot"

    def bot_action(self) -> dict:
        step = self.current()
        if step is None or step.bot is None or self.told:
            raise IllegalAction("the lesson does not wait for a bot now")
        return dict(step.bot)

    def bot_played(self) -> None:
        step = self.current()
        if step is not None and step.note is not None:
            self.told = True  # its note stays until "Next"
        else:
            self.step += 1
        self.wrong = False

    def read(self) -> None:
        """"Next" on a note the player reads."""
        if self.kind() == "read":
            self.step += 1
            self.told = False
            self.wrong = False

    def click(self, session: TableSession, key: str) -> dict | None:
        """A click at the table: the asked move is played (and the step passed); a path to it goes
        on; another move is answered with a note and not played."""
        step = self.current()
        if step is None or self.kind() != "act":
            self.wrong = True  # a note to read first ("Next"), or a bot's answer to come
            return None
        picker = session.picker()
        action = take_click(picker, key, "it is not the player's turn")
        if action is None:
            if picker is not None and step.expect is not None and picker.next_step(step.expect) is None:
                picker.back()  # a first click of another move: refused at once
                self.wrong = True
            return None
        if not matches(step, action):
            session._picker = None  # the clicks start again
            self.wrong = True
            return None
        session.apply(action)
        self.step += 1
        self.wrong = False
        return action

    def hint_key(self, session: TableSession) -> str | None:
        """The next click of the move asked, to highlight."""
        step = self.current()
        picker = session.picker()
        if step is None or step.expect is None or picker is None:
            return None
        return picker.next_step(step.expect)

    def asked_label(self, session: TableSession, lang: str, names: list[str]) -> str:
        key = self.hint_key(session)
        return session.render.step_label(key, session.view(), lang, names) if key else ""


def lesson_status(run: TutorialRun, lang: str) -> str:
    """The prompt while the lesson waits for "Next" (the table's own prompt would ask for a move, or
    say a bot is thinking, while nothing moves until the note is read); "" otherwise."""
    return tt("read_status", lang) if run.kind() == "read" else ""


def learn_button(game_id: str, lang: str, saved: tuple[int, bool] | None = None, title: str = "") -> str:
    """The "Learn to play" of a game's lobby tile and of its rules dialog (a game without a tutorial:
    nothing); ``saved``: the step reached (``read_saved``), offered as "Resume lesson"; ``title``:
    the game's name, said to screen readers (the lobby has one such button per tile)."""
    if not has_tutorial(game_id):
        return ""
    label = tt("learn", lang)
    if saved is not None and (saved[0] or saved[1]):
        tutorial = get_tutorial(game_id)
        label = tt("resume", lang, n=step_number(tutorial, saved[0]), m=step_count(tutorial))
    named = f'<span class="sr-only">{esc(parens(title, norm_lang(lang)))}</span>' if title else ""
    return (f'<button type="button" class="btn learn" data-action="learn" data-value="{esc(game_id)}" '
            f'data-testid="learn">{esc(label)}{named}</button>')


def tutorial_box(run: TutorialRun, lang: str, over: bool, asked: str = "") -> str:
    """The lesson's note with its progress and buttons. ``data-note-for`` names its anchor, the
    element of the table marked ``data-anchor`` with that name (``choice:<key>``: the choice of that
    key), which the page places the note beside (site/main.py, ``place_lesson_note``); in the
    markup's own flow it sits under the prompt, its fallback. The words are one polite live region
    (``tutorial-say``, kept by the page across redraws so that each new note is announced once);
    the buttons are outside it. ``over``: the game has ended, nothing to play on; ``asked``: the
    label of the click asked for, named in the note since it may be elsewhere on the page."""
    step = run.current()
    game_id = run.tutorial.game_id
    n, m = run.number()
    kind = run.kind()
    if step is None:
        note, anchor, n = tt("done", lang), "prompt", m
    else:
        note = note_text(game_id, step.note, lang) if step.note else ""
        anchor = step.anchor
    parts = [f'<section class="tutorial-note panel" data-testid="tutorial" data-note-for="{esc(anchor)}" '
             f'data-kind="{kind}" data-step="{run.step}" data-told="{"true" if run.told else "false"}" '
             f'data-n="{n}" data-total="{m}" aria-label="{esc(tt("title", lang))}">',
             '<div class="tutorial-say" role="status" aria-live="polite">',
             f'<header><b>{esc(tt("title", lang))}</b> <span data-testid="tutorial-progress">'
             f'{esc(tt("step", lang, n=n, m=m))}</span></header>']
    if note:
        parts.append(f'<p data-testid="tutorial-text">{esc(note)}</p>')
    if kind == "act":
        ask = tt("your_move_named", lang, label=asked) if asked else tt("your_move", lang)
        parts.append(f'<p class="tutorial-ask">{esc(ask)}</p>')
    if run.wrong:
        why = tt("wrong" if kind == "act" else "read_first", lang)
        parts.append(f'<p class="tutorial-wrong" data-testid="tutorial-wrong">{esc(why)}</p>')
    parts.append("</div>")
    buttons = []
    if kind == "read":
        buttons.append(f'<button type="button" class="btn primary" data-action="tutorial-next" '
                       f'data-testid="tutorial-next">{esc(tt("next", lang))}</button>')
    buttons.append(f'<button type="button" class="btn small subtle" data-action="tutorial-restart" '
                   f'data-testid="tutorial-restart">{esc(tt("restart", lang))}</button>')
    if not over:
        buttons.append(f'<button type="button" class="btn small subtle" data-action="tutorial-play-on" '
                       f'data-testid="tutorial-play-on">{esc(tt("play_on", lang))}</button>')
    parts.append(f'<div class="tutorial-buttons">{"".join(buttons)}</div></section>')
    return "".join(parts)
