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

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

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
    wrong_type: dict = field(default_factory=dict)


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

    def __post_init__(self) -> None:
        by_type = {kind: choice for choice in self.choices for kind in choice.types}
        object.__setattr__(self, "by_type", by_type)
        object.__setattr__(self, "closing_by_type", {c.type: c for c in self.closings})


def listed(decision: Decision, state: dict, seat: int) -> list[dict]:
    """The legal actions of the decision for ``seat``: new dicts on every call."""
    out = []
    for choice in decision.choices:
        ctx = choice.context(state, seat)
        refusal, targets, key, type_of, name = choice.refusal, choice.targets, choice.key, choice.type_of, choice.field
        kind = choice.types[0]
        for cand in choice.candidates(ctx):
            if refusal is None or refusal(ctx, cand) is None:
                value = cand if key is None else cand[key]
                if type_of is not None:
                    kind = type_of[value]
                aims = None if targets is None else targets(ctx, cand)
                if aims is None:
                    out.append({"type": kind, name: value})
                else:
                    aim_name = choice.target_field
                    for aim in aims:
                        out.append({"type": kind, name: value, aim_name: aim})
    for closing in decision.closings:
        if closing.refusal is None or closing.refusal(state, seat) is None:
            out.append({"type": closing.type})
    return out


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
    aims = None if choice.targets is None else choice.targets(ctx, cand)
    if aims is None:
        return {"type": kind, name: value} if len(action) == 2 else None
    aim_name = choice.target_field
    aim = action.get(aim_name)
    if len(action) == 3 and type(aim) is int and aim in aims:
        return {"type": kind, name: value, aim_name: aim}
    return None


def explained(decision: Decision, state: dict, seat: int, action: dict) -> str | None:
    """Why ``action``, of a type the decision offers, is refused now (None: nothing specific)."""
    kind = action.get("type")
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
        return reason.format(**facts)
    aims = None if choice.targets is None else choice.targets(ctx, cand)
    extra = set(action) - {"type", choice.field}
    if aims is None:
        return choice.untargeted.format(**facts) if extra else None
    if extra - {choice.target_field}:
        return f"a '{kind}' action has the fields type, {choice.field} and {choice.target_field}"
    return choice.bad_target.format(**facts)


def offered(choice: Choice, state: dict, seat: int) -> bool:
    """Whether ``choice`` has a legal action now, looking no further than the first."""
    ctx = choice.context(state, seat)
    refusal, targets = choice.refusal, choice.targets
    for cand in choice.candidates(ctx):
        if (refusal is None or refusal(ctx, cand) is None) and (targets is None or targets(ctx, cand)):
            return True
    return False
