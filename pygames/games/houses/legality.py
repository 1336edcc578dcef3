"""Great Houses: what is legal in a decision, stated once per kind of choice.

A decision (a stage, or the pending discard after an effect) offers ``Choice``s, each an action
``{"type": ..., <field>: <candidate>}`` (with ``<target field>: <target>`` when the candidate takes
one), and ``Closing``s, actions without a field (end a step, pass, decline). Each choice says what
its candidates are, in the order the legal list holds them, and in one function, ``refusal``,
whether a candidate may be chosen now: None, or why not (a message template). Its legal targets
come from ``targets``. From these alone:

* ``listed``: the legal list (every candidate that is not refused, with each of its targets);
* ``matched``: the direct check of ``apply`` (the candidate the action names, not refused, and
  one of its targets), which builds no list;
* ``explained``: why an action is refused (the refusal's message, or what the action names wrongly).

A choice's ``context`` reads once per list or check what its tests need (the player, the open
challenge, the gold a card's cost may drop by), so that every candidate does not read it again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

#: what a choice's tests read of the state, once per list or check (each choice its own shape)
Context = Any


@dataclass(frozen=True)
class Choice:
    """Choosing one candidate (a card of the hand, a card in play, a plot, a seat...)."""

    #: the action types this choice makes (one, or several when the candidate decides: ``type_of``)
    types: tuple[str, ...]
    #: the action's field that names the candidate, and the type of its value
    field: str
    value_type: type
    #: (state, seat) -> what the tests read
    context: Callable[[dict, int], Context]
    #: context -> the candidates in list order
    candidates: Callable[[Context], Iterable]
    #: (context, value of the action's field) -> the candidate it names, or None
    find: Callable[[Context, Any], Any]
    #: (context, candidate) -> None when it may be chosen now, else why not (a template for
    #: ``str.format`` with the names of ``facts``): the one statement of this choice's legality.
    #: None: every candidate may be chosen
    refusal: Callable[[Context, Any], str | None] | None
    #: (context, candidate) -> its legal targets (a list), or None when it takes no target
    targets: Callable[[Context, Any], list | None] | None = None
    #: the field values whose candidates take a target (None: ask ``targets`` for every one)
    targeted: frozenset | None = None
    target_field: str = "target"
    #: the candidate's key in a candidate dict (a card in play: "uid"), None: the candidate is the value
    key: str | None = None
    #: the action type by candidate, when a choice makes several types
    type_of: dict | None = None
    #: (context, candidate) -> the values the messages name (the template fields; "name" is the
    #: field's value unless it says otherwise)
    facts: Callable[[Context, Any], dict] = lambda ctx, cand: {}
    #: (context, value) -> why the action's field names no candidate
    missing: Callable[[Context, Any], str] = lambda ctx, value: f"there is no {value!r} to choose"
    #: templates for an action with a target it does not take, with a target not among the legal
    #: ones, and (by the action's type) of a type this candidate does not make
    untargeted: str = "{name} takes no target"
    bad_target: str = "that target cannot be chosen for {name} now"
    wrong_type: dict = dataclasses.field(default_factory=dict)  # (the module's: this class has a field named field)
    #: this choice's wording of a refusal shared with others (template -> template)
    rewords: dict = dataclasses.field(default_factory=dict)
    #: whether it has a legal action now (made in __post_init__)
    offered: Callable[[dict, int], bool] = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "offered", _offerer(self))


@dataclass(frozen=True)
class Closing:
    """An action without a field; ``refusal`` (state, seat) -> None or why not (None: always legal)."""

    type: str
    refusal: Callable[[dict, int], str | None] | None = None


@dataclass(frozen=True)
class Decision:
    """What a stage offers: its choices, then its closings, in list order."""

    name: str
    choices: tuple[Choice, ...] = ()
    closings: tuple[Closing, ...] = ()
    # made from the above once, in __post_init__ (not arguments, not compared)
    by_type: dict[str, Choice] = field(init=False, repr=False, compare=False)
    closing_by_type: dict[str, Closing] = field(init=False, repr=False, compare=False)
    listed: Callable[[dict, int], list[dict]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_type = {kind: choice for choice in self.choices for kind in choice.types}
        object.__setattr__(self, "by_type", by_type)
        object.__setattr__(self, "closing_by_type", {c.type: c for c in self.closings})
        object.__setattr__(self, "listed", _lister(self))


def listed(decision: Decision, state: dict, seat: int) -> list[dict]:
    """The legal actions of the decision for ``seat``: new dicts on every call."""
    return decision.listed(state, seat)


def _lister(decision: Decision) -> Callable[[dict, int], list[dict]]:
    """``listed`` for one decision, with its choices' parts bound once: the bots' playouts build
    a legal list at every step, so it reads them from the closure, not from the dataclasses."""
    adders = tuple(_adder(choice) for choice in decision.choices)
    closings = tuple((closing.type, closing.refusal) for closing in decision.closings)
    if len(adders) == 1 and all(refusal is None for _, refusal in closings):  # (most decisions)
        add, bare = adders[0], [kind for kind, _ in closings]

        def lister(state: dict, seat: int) -> list[dict]:
            out: list[dict] = []
            add(state, seat, out)
            for kind in bare:
                out.append({"type": kind})
            return out
        return lister

    def list_all(state: dict, seat: int) -> list[dict]:
        out: list[dict] = []
        for add in adders:
            add(state, seat, out)
        for kind, refusal in closings:
            if refusal is None or refusal(state, seat) is None:
                out.append({"type": kind})
        return out
    return list_all


def _adder(choice: Choice) -> Callable[[dict, int, list], None]:
    """Appends a choice's legal actions to a list: every candidate not refused, with each target."""
    context, candidates, refusal, targets = choice.context, choice.candidates, choice.refusal, choice.targets
    key, type_of, name = choice.key, choice.type_of, choice.field
    aim_name, first_type = choice.target_field, choice.types[0]
    targeted = choice.targeted

    def add(state: dict, seat: int, out: list) -> None:
        ctx = context(state, seat)
        kind = first_type
        for cand in candidates(ctx):
            if refusal is None or refusal(ctx, cand) is None:
                value = cand if key is None else cand[key]
                if type_of is not None:
                    kind = type_of[value]
                aims = None if targets is None or (targeted is not None and value not in targeted) \
                    else targets(ctx, cand)
                if aims is None:
                    out.append({"type": kind, name: value})
                else:
                    for aim in aims:
                        out.append({"type": kind, name: value, aim_name: aim})
    return add


def matched(decision: Decision, state: dict, seat: int, action: dict) -> dict | None:
    """The legal action equal to ``action`` (as ``strict_equal`` has it), as a new dict, or None.

    A field is read with ``get`` and the fields are counted by ``len``: a missing field reads
    None, which is of no field's type (and True is not an int here: ``type(...) is``)."""
    kind = action["type"]
    if len(action) == 1:
        closing = decision.closing_by_type.get(kind)
        if closing is None or (closing.refusal is not None and closing.refusal(state, seat) is not None):
            return None
        return {"type": kind}
    choice = decision.by_type.get(kind)
    if choice is None:
        return None
    name = choice.field
    value = action.get(name)
    if type(value) is not choice.value_type:
        return None
    ctx = choice.context(state, seat)
    cand = choice.find(ctx, value)
    if cand is None or (choice.type_of is not None and choice.type_of[value] != kind) \
            or (choice.refusal is not None and choice.refusal(ctx, cand) is not None):
        return None
    aims = aims_of(choice, ctx, cand, value)
    if aims is None:
        return {"type": kind, name: value} if len(action) == 2 else None
    aim_name = choice.target_field
    aim = action.get(aim_name)
    if len(action) == 3 and type(aim) is int and aim in aims:
        return {"type": kind, name: value, aim_name: aim}
    return None


def aims_of(choice: Choice, ctx: Context, cand: Any, value: Any) -> list | None:
    """The legal targets of a candidate, or None when it takes none."""
    if choice.targets is None or (choice.targeted is not None and value not in choice.targeted):
        return None
    return choice.targets(ctx, cand)


def explained(decision: Decision, state: dict, seat: int, action: dict) -> str | None:
    """Why ``action``, of a type the decision offers, is refused now (None: nothing specific)."""
    kind: Any = action.get("type")
    closing = decision.closing_by_type.get(kind)
    if closing is not None:
        if len(action) != 1:
            return f"'{kind}' takes no other field"
        return None if closing.refusal is None else closing.refusal(state, seat)
    choice = decision.by_type.get(kind)
    if choice is None:
        return None
    ctx = choice.context(state, seat)
    value = action.get(choice.field)
    cand = choice.find(ctx, value) if type(value) is choice.value_type else None
    if cand is None:
        return choice.missing(ctx, value)
    facts = {"name": repr(value), **choice.facts(ctx, cand)}
    if choice.type_of is not None and choice.type_of[value] != kind:
        return choice.wrong_type[kind].format(**facts)
    reason = None if choice.refusal is None else choice.refusal(ctx, cand)
    if reason is not None:
        return choice.rewords.get(reason, reason).format(**facts)
    aims = aims_of(choice, ctx, cand, value)
    extra = set(action) - {"type", choice.field}
    if aims is None:
        return choice.untargeted.format(**facts) if extra else None
    if extra - {choice.target_field}:
        return f"a '{kind}' action has the fields type, {choice.field} and {choice.target_field}"
    return choice.bad_target.format(**facts)


def offered(choice: Choice, state: dict, seat: int) -> bool:
    """Whether ``choice`` has a legal action now, looking no further than the first."""
    return choice.offered(state, seat)


def _offerer(choice: Choice) -> Callable[[dict, int], bool]:
    """``offered`` for one choice, its parts bound once (the rules ask it after every challenge)."""
    context, candidates, refusal, targets = choice.context, choice.candidates, choice.refusal, choice.targets
    key, targeted = choice.key, choice.targeted

    def offerer(state: dict, seat: int) -> bool:
        ctx = context(state, seat)
        for cand in candidates(ctx):
            if refusal is None or refusal(ctx, cand) is None:
                if targets is None or (targeted is not None and (cand if key is None else cand[key]) not in targeted) \
                        or targets(ctx, cand):
                    return True
        return False
    return offerer
