"""Tournay property tests (quick tier): seeded random games keep every invariant."""

from __future__ import annotations

import itertools
import json
import os

import pytest
from tournay_positions import position

from pygames.core import IllegalAction, Rng, clone, strict_equal
from pygames.games.tournay import cards as K
from pygames.games.tournay.rules import GAME
from pygames.games.tournay.state import check_state

LONG = int(os.environ.get("PYGAMES_LONG", "0"))
GAMES_PER_COUNT = LONG or 16  # light checks on every step (PYGAMES_LONG=N for a long run)
HEAVY_GAMES = 2               # views, sampling, round trips every few steps


def policy(state, legal, rng, biased):
    """Uniform random, or random with a taste for playing cards (games then end by the rules)."""
    if biased and rng.random() < 0.7:
        plays = [a for a in legal if a["type"] in ("play", "final")]
        if plays:
            return plays[rng.randbelow(len(plays))]
        draws = [a for a in legal if a["type"] == "draw" and a["deck"][1] == "3"]
        if draws and rng.random() < 0.5:
            return draws[rng.randbelow(len(draws))]
    return legal[rng.randbelow(len(legal))]


def conserved(state, n, view=False):
    """Cards, events and citizens are all accounted for (counted from the spectator view, or,
    cheaper, from the same fields of the state)."""
    if view:
        v = GAME.view(state, None)
    else:
        v = dict(state)
        v["decks"] = {d: len(cards) for d, cards in state["decks"].items()}
        v["ev_deck"] = len(state["ev_deck"])
        v["players"] = [{**p, "backs": p["hand"]} for p in state["players"]]
    cards = sum(v["decks"].values()) + sum(1 for c in v["faceup"].values() if c) + len(v["criers"])
    events = v["ev_deck"] + sum(1 for q in v["queue"] if q)
    citizens = dict(v["supply"])
    for p in v["players"]:
        cards += len(p["backs"]) + sum(len(cell["s"]) for row in p["district"] for cell in row if cell)
        events += len(p["ramparts"]) + len(p["built"]) + len(p["dropped"])
        for colour in K.COLOURS:
            on = sum(cell["occ"].count("c") for row in p["district"] for cell in row
                     if cell and K.CARDS[cell["s"][-1]]["colour"] == colour)
            citizens[colour] += p["stand"][colour] + p["laid"][colour] + on
        assert p["deniers"] >= 0
        assert len(p["backs"]) + len(p["ramparts"]) <= K.HAND_LIMIT or v["pending"]
    for t in v["tasks"] + ([v["pending"]] if v["pending"] else []):
        if t.get("t") == "pick":
            cards += 2
    assert cards == 90
    assert events == 15
    assert sorted(v["ev_out"]) == sorted(e for p in v["players"] for e in p["dropped"])
    return citizens


def play(n, seed, rules, biased, heavy):
    rng = Rng(f"tournay-prop/{n}/{seed}")
    state = GAME.new_game(n, seed, {"rules": rules})
    start_citizens = conserved(state, n)
    actions = []
    step = 0
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        mover = GAME.current_player(state)
        assert legal and mover is not None
        if heavy and step % 5 == 0:
            check_heavy(state, n, rng)
        action = policy(state, legal, rng, biased)
        before = clone(state)
        new = GAME.apply(state, json.loads(json.dumps(action)))
        assert state == before, "apply changed its argument"
        state = new
        actions.append(action)
        assert conserved(state, n, view=heavy) == start_citizens
        check_state(state)   # the one state check accepts every state of a game
        step += 1
    assert GAME.legal_actions(state) == [] and GAME.winners(state)
    return state, actions


def permute_hidden(state, seat, rng):
    """The same state for ``seat``, with what ``seat`` cannot see re-dealt."""
    s = clone(state)
    n = s["num_players"]
    hidden = {d: [] for d in K.DECKS}
    slots = []
    for other in range(n):
        if other == seat:
            continue
        for i, card in enumerate(s["players"][other]["hand"]):
            hidden[K.deck_of(card)].append(card)
            slots.append(("hand", other, i, K.deck_of(card)))
    for d in K.DECKS:
        for i, card in enumerate(s["decks"][d]):
            if not card.startswith("crier_"):
                hidden[d].append(card)
                slots.append(("deck", d, i, d))
    for d in K.DECKS:
        rng.shuffle(hidden[d])
    for where, a, i, d in slots:
        card = hidden[d].pop()
        if where == "hand":
            s["players"][a]["hand"][i] = card
        else:
            s["decks"][a][i] = card
    rng.shuffle(s["ev_deck"])
    return s


def check_heavy(state, n, rng):
    data = json.loads(json.dumps(GAME.to_dict(state)))
    assert GAME.from_dict(data) == state
    mover = GAME.current_player(state)
    for seat in [None, *range(n)]:
        view = GAME.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        assert "rng" not in json.dumps(view)
        if seat is None:
            continue
        # views leak nothing: other hands and deck orders re-dealt give the same view
        assert GAME.view(permute_hidden(state, seat, rng), seat) == view
        sampled = GAME.sample_state(view, seat, rng.fork())
        assert GAME.view(sampled, seat) == view
        if seat == mover:
            assert GAME.legal_actions(sampled) == GAME.legal_actions(state)
            # the contract works on the sample
            legal = GAME.legal_actions(sampled)
            GAME.apply(sampled, legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end_and_conserve_cards_events_and_citizens(n):
    for index in range(GAMES_PER_COUNT):
        rules = "advanced" if index % 2 else "normal"
        state, actions = play(n, 500 + index, rules, biased=index % 4 < 2, heavy=False)
        if index < 4:
            # exact replay from the actions
            replayed = GAME.new_game(n, 500 + index, {"rules": rules})
            for action in actions:
                replayed = GAME.apply(replayed, action)
            assert replayed == state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_views_hide_hands_and_decks_and_samples_reproduce_views(n):
    for index in range(HEAVY_GAMES):
        play(n, 900 + index, "advanced" if index % 2 else "normal", biased=True, heavy=True)


def test_hidden_cards_never_appear_in_other_views():
    state = position(3, hands=[["market"], ["fortress"], ["bishop"]])
    v1 = json.dumps(GAME.view(state, 1))
    v0 = json.dumps(GAME.view(state, 0))
    assert '"fortress"' in v1 and '"fortress"' not in v0 and '"bishop"' not in v0 and '"market"' not in v1
    assert '"fortress"' not in json.dumps(GAME.view(state, None))


def _near_misses(action: dict) -> list[dict]:
    """Actions that differ from a legal one by a field: another value, a bool for an int, a key more."""
    out = [{**action, "extra": 1}, {k: v for k, v in action.items() if k != "type"} | {"type": action["type"]}]
    for key, value in action.items():
        if key == "type":
            continue
        if type(value) is int:
            out += [{**action, key: value + 1}, {**action, key: value - 1}, {**action, key: bool(value)}]
        elif type(value) is list:
            out += [{**action, key: [v + 1 if type(v) is int else v for v in value]},
                    {**action, key: [bool(v) if type(v) is int else v for v in value]},
                    {**action, key: value[:-1]}, {**action, key: tuple(value)}]
        elif type(value) is str:
            out += [{**action, key: value + "x"}, {**action, key: [value]}]
    out += [{**action, "deck": deck} for deck in ("R1", "W2", "Y3", "X1")]
    out += [{**action, "mode": mode} for mode in ("top", "blind")]
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_direct_legality_check_accepts_exactly_the_legal_list(n):
    """apply's direct check (``_legal_match``: draws against the memoized ways, plays of one card,
    activations of one cell) agrees with ``legal_actions`` on every legal action and on near misses."""
    rng = Rng(f"direct/{n}")
    for index in range(3):
        state = GAME.new_game(n, 700 + index, {"rules": "advanced" if index % 2 else "normal"})
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            for action in legal[:: max(1, len(legal) // 6)]:
                assert strict_equal(GAME._legal_match(state, action), action)
                for miss in _near_misses(action):
                    legal_too = any(miss == a and strict_equal(miss, a) for a in legal)
                    found = GAME._legal_match(state, miss)
                    assert (found is not None) == legal_too, (action, miss)
                    assert found is None or strict_equal(found, miss)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])


class _ListChecked(type(GAME)):
    """Tournay checking ``apply``'s actions against its legal list (the way before it had a direct
    check): the reference for the errors and results of the direct check."""


_ListChecked._direct_check, _ListChecked.snapshot_legal = False, True
KINDS = ("pick", "return", "rampart", "token", "play", "draw", "activate", "counter", "earn", "buy",
         "gather", "final", "final_pass")


def _misses_of_every_kind(action: dict) -> list[dict]:
    """``_near_misses`` and more: each field dropped, a bool flipped, the action under another kind's
    name (with the same fields)."""
    out = _near_misses(action)
    out += [{k: v for k, v in action.items() if k != key} for key in action if key != "type"]
    out += [{**action, key: not value} for key, value in action.items() if type(value) is bool]
    out += [{**action, "type": kind} for kind in KINDS if kind != action["type"]]
    return out


def _outcome(game, state, action):
    try:
        return json.dumps(game.apply(state, action))
    except IllegalAction as exc:
        return str(exc)


def test_direct_check_gives_the_results_and_errors_of_the_list_check():
    """Every legal action of sampled states and its near misses of every kind: ``apply`` with the
    direct check (``_legal_match``) gives the same new state, or the same error, as ``apply``
    checking against the legal list; and no state of the games changed by their end (what
    ``_copy_state`` shares is never changed in place), in both rules."""
    reference = _ListChecked()
    rng = Rng("kinds")
    seen = set()
    for index in range(6):
        n = 2 + index % 3
        state = GAME.new_game(n, 40 + index, {"rules": "advanced" if index % 2 else "normal"})
        history = []
        step = 0
        while not GAME.is_over(state):
            history.append((state, json.dumps(state)))
            legal = GAME.legal_actions(state)
            if step % 4 == 0 or state["phase"] == "final":
                for action in legal[:: max(1, len(legal) // 4)]:
                    seen.add(action["type"] + ("+pay" if "pay" in action else ""))
                    for attempt in [action] + _misses_of_every_kind(action):
                        assert _outcome(GAME, state, attempt) == _outcome(reference, state, attempt), attempt
            state = GAME.apply(state, policy(state, legal, rng, biased=True))
            step += 1
        for old, text in history:
            assert json.dumps(old) == text, "apply changed an earlier state"
    assert seen >= set(KINDS) | {"play+pay"}, sorted(seen)


def test_direct_check_of_draws_accepts_exactly_the_listed_draws():
    """Every draw a seat could name (each deck, mode, and -1 to 3 citizens taken from each seat) in
    sampled states: the direct check (``_draw_match``, on the conditions of ``draw_ways``) accepts
    exactly the listed ones."""
    rng = Rng("draws")
    for n in (2, 3, 4):
        state = GAME.new_game(n, 60 + n, {"rules": "advanced" if n == 3 else "normal"})
        step = 0
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            if state["pending"] is None and state["phase"] in ("turn", "action") and step % 20 == 0:
                listed = {json.dumps(a, sort_keys=True) for a in legal if a["type"] == "draw"}
                for deck in K.DECKS:
                    for mode in ("top", "blind"):
                        for use in itertools.product(range(-1, 4), repeat=n):
                            action = {"type": "draw", "deck": deck, "mode": mode, "use": list(use)}
                            found = GAME._legal_match(state, action)
                            assert (found is not None) == (json.dumps(action, sort_keys=True) in listed), action
                            assert found is None or strict_equal(found, action)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
            step += 1
