"""The generic conformance suite every registered game runs (like OpenSpiel's).

One module, parametrized over every registered game and player count. Each
case plays seeded random games (random options too) and checks the engine
contract of docs/contract.md on the way:

- no exception, every game ends (within MAX_STEPS actions);
- current_player / legal_actions / is_over agree; actions are JSON-able dicts with a type,
  fresh on every call (no list or dict shared between actions, calls or with the state);
- scores: one number per seat, a function of the state (equal after a to_dict/from_dict
  round trip); winners: at least one valid seat, only at the end;
- to_dict / from_dict round trip (through JSON), and exact replay of the game record;
- apply never mutates its argument, also later on (every checked state is compared again
  at the end of the game: states share nothing mutable);
- illegal actions (malformed, wrong seat, stale) raise IllegalAction and change nothing;
- views: JSON-able, no "rng" key nor the RNG's value, the same whatever the RNG state;
  a seat's log holds only entries it may see, the spectator's only public ones, each in
  ``log_entry``'s form;
- determinizations: for every seat, view(sample_state(view)) == view, the spectator view of
  every determinization equals the true one (nothing hidden leaks to the spectator: hands,
  deck order, face-down cards, secret choices), the seat to move has the same legal actions
  in every determinization, and a determinization can be played on;
- the final result of a game is decided by what each seat sees (end scores and winners of
  every determinization are the true ones);
- the table markup shown to a human seat is the same for the true state and for any
  determinization consistent with that seat's view (no leak through the UI: log, undo,
  choices).

Quick tier by default (CI). Set PYGAMES_LONG=N to play N games per game and player count
(all with the light checks, and the full checks on every 25th game); see docs/testing.md.
"""

from __future__ import annotations

import json
import os
import re
import time

import pytest

import pygames
from pygames.bots import make_bot
from pygames.core import IllegalAction, Rng, make_record, replay
from pygames.core.errors import SetupError
from pygames.core.game import log_entry

LONG = int(os.environ.get("PYGAMES_LONG", "0"))
GAMES_PER_COUNT = LONG or 12
#: games (by index) that get the full checks every CHECK_EVERY actions
FULL_CHECK_GAMES = 3
FULL_CHECK_PERIOD = 25  # in the long tier: also every 25th game
CHECK_EVERY = 7
MAX_STEPS = 20000

CASES = [(gid, n) for gid, g in pygames.GAMES.items() for n in range(g.min_players, g.max_players + 1)]


def random_options(game, n, rng):
    options = {}
    for spec in game.option_specs():
        if spec.get("min_players", 0) > n:
            continue
        options[spec["key"]] = spec["choices"][rng.randbelow(len(spec["choices"]))] \
            if spec["kind"] != "bool" else bool(rng.randbelow(2))
    return options


def plain_json_text(data, what):
    """The JSON text of ``data``, asserting that ``data`` is plain JSON data (a tuple, a set, an
    int key or an object would not come back equal from the text)."""
    text = json.dumps(data)
    assert json.loads(text) == data, f"{what} is not plain JSON data"
    return text


def holds_key(text, key):
    """Whether the JSON text ``text`` (json.dumps' default separators) has an object key ``key``
    anywhere: every such key is written as ``"key": ``, so none is missed."""
    return f'"{key}": ' in text


def holds_int(text, number):
    """Whether the JSON text ``text`` holds the non-negative int ``number`` anywhere (a number is
    written as its digits between non-digits, so none is missed; the same digits inside a
    string count too, which is stricter)."""
    digits = str(number)
    return digits in text and re.search(rf"(?<![0-9]){digits}(?![0-9])", text) is not None


def new_entries(seen, key, log):
    """The entries of ``log`` not checked yet under ``key`` (a kind of data and a seat).

    Logs only grow, and an entry never changes once appended (the snapshot comparisons check
    that, log included: every checked state is compared again at the end of the game), so the
    entries equal to the ones checked last time under the same key need no second check: only
    the ones after them. A log that does not start with the last one is checked whole.
    """
    before = seen.get(key, [])
    seen[key] = list(log)
    if len(log) >= len(before) and log[:len(before)] == before:
        return log[len(before):]
    return log


def checked_text(data, what, seen, key):
    """``plain_json_text`` of a view or a determinization, its log's old entries left out (see
    ``new_entries``); returns the text and the log entries it covers."""
    log = data.get("log")
    if type(log) is not list:
        return plain_json_text(data, what), []
    fresh = new_entries(seen, key, log)
    head = {k: v for k, v in data.items() if k != "log"}
    return plain_json_text(head, what) + plain_json_text(fresh, f"{what}'s log"), fresh


def dump(game, state):
    """A snapshot of a state to compare later: its JSON text, key order and all (a state is plain
    JSON data, which check_state asserts, so the text holds every bit of it)."""
    return json.dumps(state)


def full_checks(index):
    return index < FULL_CHECK_GAMES or (LONG and index % FULL_CHECK_PERIOD == 0)


def play_random(game, n, seed, full=False):
    """Play one seeded random game, checking invariants on the way; returns (record, final state)."""
    rng = Rng(f"conf/{seed}")
    options = random_options(game, n, rng)
    state = game.new_game(n, seed, options)
    actions = []
    history = []  # (state object, its JSON then, legal actions then): nothing may change them later
    seen = {}  # the log entries already checked, by kind and seat (see new_entries)
    for step in range(MAX_STEPS):
        mover = game.current_player(state)
        legal = game.legal_actions(state)
        assert (mover is None) == (not legal) == game.is_over(state)
        if mover is None:
            break
        assert isinstance(mover, int) and 0 <= mover < n
        assert all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in legal)
        if full and step % CHECK_EVERY == 0:
            history.append((state, check_state(game, state, n, rng, history, seen), legal))
        action = legal[rng.randbelow(len(legal))]
        state = game.apply(state, json.loads(json.dumps(action)))
        actions.append(action)
    else:
        pytest.fail(f"{game.id} {n}p seed {seed}: no end after {MAX_STEPS} actions")
    for old, text, _ in history:
        assert dump(game, old) == text, f"{game.id} seed {seed}: a state changed after later moves"
    if full:
        check_final(game, state, n, rng)
    return make_record(game, n, seed, options, ["random"] * n, actions), state


def check_views(game, state, n, rng, seen):
    """Views leak nothing: the hidden-information checks (see the module docstring). ``seen``
    holds the log entries checked at earlier states of this game (see ``new_entries``)."""
    mover = game.current_player(state)
    public = game.view(state, None)
    secret = state["rng"]
    other_rng = dict(state, rng=(secret + 0x5DEECE66D) & ((1 << 64) - 1))
    mover_legal = game.legal_actions(state)
    for seat in [None, *range(n)]:
        view = game.view(state, seat)
        text, fresh = checked_text(view, "a view", seen, ("view", seat))
        assert not holds_key(text, "rng"), "a view holds the RNG"
        assert not holds_int(text, secret), "a view holds the RNG's value"
        assert game.view(other_rng, seat) == view, "a view depends on the RNG state"
        for entry in fresh:
            to = entry.get("to") if isinstance(entry, dict) else None
            assert to is None or (seat is not None and seat in to), \
                f"seat {seat} sees a log entry meant for {to}: {entry}"
            # in log_entry's form, which text.py reads (hot paths write some entries as literals)
            assert isinstance(entry, dict) and set(entry) <= {"key", "params", "to"} \
                and isinstance(entry.get("params"), dict) and isinstance(entry.get("key"), str) \
                and entry == log_entry(entry["key"], to, **entry["params"]), \
                f"a log entry not in log_entry's form: {entry}"
        if seat is None:
            continue
        for draw in range(2):
            sampled = game.sample_state(view, seat, rng.fork())
            if draw == 0:  # plain JSON data: a property of sample_state's code, see docs/testing.md
                checked_text(sampled, "a determinization", seen, ("determinization", seat))
            assert game.view(sampled, seat) == view, "view(sample_state(view)) != view"
            assert game.view(sampled, None) == public, \
                f"the spectator view differs between states seat {seat} cannot tell apart (a leak)"
            assert game.current_player(sampled) == mover
            if seat == mover:
                assert game.legal_actions(sampled) == mover_legal, \
                    "the seat to move has other legal actions in a determinization"
            # a determinization can be played on (the hard bot does)
            legal = game.legal_actions(sampled)
            assert legal
            game.apply(sampled, legal[rng.randbelow(len(legal))])


def check_bad_actions(game, state, n, history, snapshot):
    """``snapshot`` is the state's JSON text taken before (nothing here may change the state)."""
    mover = game.current_player(state)
    legal = game.legal_actions(state)
    game.apply(state, legal[0])
    for bad in ({"type": "no-such-action"}, {"kind": "x"}, None, "income", {"type": 1}, [legal[0]],
                {**legal[0], "extra": True}, {**legal[0], "type": legal[0]["type"] + "!"}):
        with pytest.raises(IllegalAction):
            game.apply(state, bad)
    if n > 1:
        with pytest.raises(IllegalAction, match="seat"):
            game.apply(state, legal[0], seat=(mover + 1) % n)
    game.apply(state, legal[0], seat=mover)
    # stale actions: legal in an earlier state, not now
    for _, _, old_legal in history[-3:]:
        for action in old_legal[:6]:
            if action not in legal:
                with pytest.raises(IllegalAction):
                    game.apply(state, action)
    assert dump(game, state) == snapshot, "an illegal action (or apply) changed the state"


def near_misses(action, legal):
    """Actions one field away from ``action``: each int field off by one, each bool flipped, each
    str field set to what another legal action has there, each field dropped, a field added."""
    out = []
    for key, value in action.items():
        if key != "type":
            out.append({k: v for k, v in action.items() if k != key})
        if type(value) is bool:
            out.append({**action, key: not value})
        elif type(value) is int:
            out += [{**action, key: value + 1}, {**action, key: value - 1}, {**action, key: bool(value)},
                    {**action, key: str(value)}]
        elif type(value) is str:
            out += [{**action, key: other[key]} for other in legal
                    if type(other.get(key)) is str and other[key] != value][:3]
        elif type(value) is list:
            out += [{**action, key: value[:-1]}, {**action, key: [*value, value[0] if value else 0]}]
    out.append({**action, "seat": 0})
    return out


def check_legality_agrees_with_the_list(game, state, legal, snapshot):
    """apply accepts exactly the listed actions (this is what keeps a game's direct legality
    check, ``_legal_match``, honest): every listed action, and near misses iff listed.
    ``snapshot`` is the state's JSON text taken before."""
    listed = {json.dumps(a, sort_keys=True) for a in legal}
    for action in legal[:40]:
        game.apply(state, json.loads(json.dumps(action)))
        for miss in near_misses(action, legal)[:12]:
            if json.dumps(miss, sort_keys=True) in listed:
                game.apply(state, miss)
            else:
                with pytest.raises(IllegalAction):
                    game.apply(state, miss)
    assert dump(game, state) == snapshot, "apply changed its argument"


def containers(data, out: list) -> list:
    """``out`` with every list and dict of ``data`` (``data`` itself included) appended."""
    if type(data) is list or type(data) is dict:
        out.append(data)
        for value in (data.values() if type(data) is dict else data):
            containers(value, out)
    return out


def check_fresh_legal_list(game, state, legal):
    """The caller may change the legal list and its actions: each list and dict in it is its own
    object, shared neither with another action of the list, nor with a second call's list, nor
    with the state."""
    ours = [id(c) for c in containers(legal, [])]
    assert len(set(ours)) == len(ours), \
        f"two legal actions share a list or dict: {[a for a in legal if len(containers(a, [])) > 1][:4]}"
    again = {id(c) for c in containers(game.legal_actions(state), [])}
    assert again.isdisjoint(ours), "two calls of legal_actions return shared lists or dicts"
    assert {id(c) for c in containers(state, [])}.isdisjoint(ours), "a legal action holds a part of the state"


def check_state(game, state, n, rng, history, seen):
    """The full checks of one state; returns its snapshot (JSON text) for later comparisons."""
    # lossless, JSON-able dict form; scores are a function of the state
    snapshot = plain_json_text(state, "a state")
    data = json.loads(json.dumps(game.to_dict(state)))
    loaded = game.from_dict(data)
    assert loaded == state
    scores = game.scores(state)
    assert len(scores) == n and all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in scores)
    assert game.scores(loaded) == scores
    assert game.winners(state) == []
    check_views(game, state, n, rng, seen)
    check_bad_actions(game, state, n, history, snapshot)
    check_fresh_legal_list(game, state, game.legal_actions(state))
    check_legality_agrees_with_the_list(game, state, game.legal_actions(state), snapshot)
    return snapshot


def check_final(game, state, n, rng):
    """The result is decided by what the seats see: determinizations end the same."""
    scores, winners = game.scores(state), game.winners(state)
    assert game.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(state, {"type": "pass"})
    for seat in range(n):
        view = game.view(state, seat)
        sampled = game.sample_state(view, seat, rng.fork())
        assert game.is_over(sampled)
        assert game.view(sampled, seat) == view
        assert game.scores(sampled) == scores, "the final scores depend on cards nobody sees"
        assert game.winners(sampled) == winners


@pytest.mark.parametrize("game_id,num_players", CASES)
def test_random_games_play_to_the_end_and_keep_the_contract(game_id, num_players):
    game = pygames.get_game(game_id)
    lengths = []
    started = time.monotonic()  # wall clock, for the long tier's report only (never asserted)
    for index in range(GAMES_PER_COUNT):
        if LONG and index and index % 1000 == 0:
            print(f"\nLONG {game_id} {num_players}p: {index} games clean, {time.monotonic() - started:.0f} s",
                  flush=True)
        seed = 1000 * num_players + index
        record, final = play_random(game, num_players, seed, full=full_checks(index))
        assert game.is_over(final)
        winners = game.winners(final)
        assert winners and all(0 <= w < num_players for w in winners) and len(set(winners)) == len(winners)
        scores = game.scores(final)
        assert len(scores) == num_players
        assert game.scores(game.from_dict(json.loads(json.dumps(game.to_dict(final))))) == scores
        # exact replay, also through JSON
        assert replay(json.loads(json.dumps(record))) == final
        lengths.append(len(record["actions"]))
    if LONG:
        print(f"\nLONG {game_id} {num_players}p: {len(lengths)} games, actions min {min(lengths)} "
              f"mean {sum(lengths) / len(lengths):.1f} max {max(lengths)}, "
              f"{time.monotonic() - started:.0f} s", flush=True)


@pytest.mark.parametrize("game_id", list(pygames.GAMES))
def test_same_seed_same_game(game_id):
    game = pygames.get_game(game_id)
    n = game.min_players
    a = game.new_game(n, 42)
    b = game.new_game(n, 42)
    assert a == b
    assert game.new_game(n, "42") is not None


@pytest.mark.parametrize("game_id", list(pygames.GAMES))
def test_bad_setup_is_refused(game_id):
    game = pygames.get_game(game_id)
    for bad_n in (game.min_players - 1, game.max_players + 1, "3", 2.0, True, None):
        with pytest.raises(SetupError):
            game.new_game(bad_n, 1)
    with pytest.raises(SetupError):
        game.new_game(game.min_players, 1, {"no_such_option": 1})
    with pytest.raises(SetupError):
        game.new_game(game.min_players, 1, "options")
    for bad_seed in (1.5, None, [1], True):
        with pytest.raises(SetupError):
            game.new_game(game.min_players, bad_seed)
    for spec in game.option_specs():
        with pytest.raises(SetupError):
            game.new_game(game.max_players, 1, {spec["key"]: {"bad": "value"}})


@pytest.mark.parametrize("game_id", list(pygames.GAMES))
def test_bots_return_legal_actions(game_id):
    game = pygames.get_game(game_id)
    n = game.min_players
    bots = {level: make_bot(level, 7, **({"iterations": 10} if level == "hard" else {}))
            for level in ("random", "easy", "normal", "hard")}
    state = game.new_game(n, 5)
    levels = list(bots)
    for step in range(400):
        seat = game.current_player(state)
        if seat is None:
            break
        legal = game.legal_actions(state)
        bot = bots[levels[step % len(levels)]]
        action = bot.choose(game, game.view(state, seat), legal, seat)
        assert action in legal
        state = game.apply(state, action)


@pytest.mark.parametrize("game_id", list(pygames.GAMES))
def test_damaged_saves_are_refused(game_id):
    game = pygames.get_game(game_id)
    state = game.new_game(game.min_players, 3)
    data = game.to_dict(state)
    for bad in (None, [], {"game": "other", "version": 1, "state": {}},
                {**data, "version": 999}, {**data, "state": "x"}, {**data, "state": {"num_players": 2}},
                # a JSON true is no number: neither a player count nor the generator's state
                {**data, "state": {**data["state"], "rng": True}},
                {**data, "state": {**data["state"], "num_players": True}}):
        with pytest.raises(pygames.RecordError):
            game.from_dict(bad)


@pytest.mark.parametrize("game_id", list(pygames.GAMES))
def test_the_table_markup_shows_a_human_nothing_hidden(game_id):
    """The whole table a human sees (board, log, choices, status) is the same for the true
    state and for any state that seat cannot tell apart from it."""
    from pygames.ui.page import table_html
    from pygames.ui.session import TableSession

    game = pygames.get_game(game_id)
    n = game.min_players
    rng = Rng(f"markup/{game_id}")
    checked = 0
    for seed in range(4):
        session = TableSession(game_id, n, seed, {}, ["human"] + ["random"] * (n - 1))
        for step in range(200):
            if session.is_over():
                break
            if session.human_turn() and step % 3 == 0:
                true_state = session.state
                markup = table_html(session, "en")
                view = game.view(true_state, 0)
                for _ in range(2):
                    session.state = game.sample_state(view, 0, rng.fork())
                    session._picker = None
                    assert table_html(session, "en") == markup, f"{game_id}: the table shows hidden information"
                session.state = true_state
                session._picker = None
                checked += 1
            legal = game.legal_actions(session.state)
            session.apply(legal[rng.randbelow(len(legal))])
    assert checked >= 5
