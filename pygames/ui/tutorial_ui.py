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
from .i18n import norm_lang
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


class TutorialRun:
    """A tutorial at the table: the script and the step reached (steps before it are played)."""

    def __init__(self, tutorial: Tutorial, step: int = 0) -> None:
        self.tutorial = tutorial
        self.step = step
        self.wrong = False  # the last click was another move than the one asked

    @classmethod
    def start(cls, game_id: str, step: int = 0) -> tuple[TutorialRun, TableSession]:
        """The run and its table at ``step`` (the position replayed through the script)."""
        tutorial = get_tutorial(game_id)
        step = step if 0 <= step <= len(tutorial.steps) else 0
        seats = ["human" if s == tutorial.human else BOT_KIND for s in range(tutorial.num_players)]
        session = TableSession(game_id, tutorial.num_players, 0, tutorial.options, seats)
        # the tutorial's position replaces the seeded first state (the same game, another deal):
        # this table cannot be saved as a record, the App keeps the step reached instead
        session.state = position(tutorial, step)
        session.history = [session.state]
        return cls(tutorial, step), session

    @property
    def total(self) -> int:
        return len(self.tutorial.steps)

    def current(self) -> Step | None:
        return self.tutorial.steps[self.step] if self.step < self.total else None

    def finished(self) -> bool:
        return self.step >= self.total

    def bot_to_move(self) -> bool:
        step = self.current()
        return step is not None and step.kind == "bot"

    def bot_action(self) -> dict:
        step = self.current()
        if step is None or step.bot is None:
            raise IllegalAction("the lesson does not wait for a bot now")
        return dict(step.bot)

    def bot_played(self) -> None:
        self.step += 1
        self.wrong = False

    def read(self) -> None:
        """"Next" on a note the player reads."""
        step = self.current()
        if step is not None and step.kind == "read":
            self.step += 1
            self.wrong = False

    def click(self, session: TableSession, key: str) -> dict | None:
        """A click at the table: the asked move is played (and the step passed); a path to it goes
        on; another move is answered with a note and not played."""
        step = self.current()
        if step is None or step.kind != "act":
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


def learn_button(game_id: str, lang: str, saved_step: int | None = None) -> str:
    """The lobby's and the rules dialog's "Learn to play" (a game without a tutorial: nothing)."""
    if not has_tutorial(game_id):
        return ""
    label = tt("learn", lang)
    if saved_step:
        label = tt("resume", lang, n=saved_step + 1, m=len(get_tutorial(game_id).steps))
    return (f'<button type="button" class="btn learn" data-action="learn" data-value="{esc(game_id)}" '
            f'data-testid="learn">{esc(label)}</button>')


def tutorial_box(run: TutorialRun, lang: str, over: bool, asked: str = "") -> str:
    """The lesson's note with its progress and buttons; ``data-anchor`` names what it points at
    (``over``: the game has ended, nothing to play on; ``asked``: the label of the click asked for,
    named in the note since on a phone it may be further down the page)."""
    step = run.current()
    game_id = run.tutorial.game_id
    n, m = min(run.step + 1, run.total), run.total
    if step is None:
        note, anchor, kind = tt("done", lang), "table", "done"
    else:
        note = note_text(game_id, step.note, lang) if step.note else ""
        anchor, kind = step.anchor, step.kind
    parts = [f'<section class="tutorial-note panel" data-testid="tutorial" data-anchor="{esc(anchor)}" '
             f'data-kind="{kind}" data-step="{run.step}" data-total="{m}" role="status" aria-live="polite">',
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
