"""Core: RNG, options, contract base class, records, picker, bots (on a tiny test game)."""

import json

import pytest

import pygames
from pygames.bots import make_bot
from pygames.bots.ismcts import IsmctsBot, rank_rewards
from pygames.core import IllegalAction, RecordError, Rng, SetupError, make_record, replay
from pygames.core.options import normalize_options, option
from pygames.ui.picker import Picker, check_paths

from .nim import GAME as NIM
from .nim import NimGame


@pytest.fixture
def nim_registered(monkeypatch):
    monkeypatch.setitem(pygames.GAMES, "nim", NIM)
    return NIM


def test_rng_is_deterministic_and_known():
    a, b = Rng(123), Rng(123)
    assert [a.next64() for _ in range(3)] == [b.next64() for _ in range(3)]
    # fixed reference values guard against accidental changes (records depend on them)
    assert Rng(0).next64() == 0xE220A8397B1DCDAF
    assert Rng("seed").state == Rng("seed").state != Rng("seeds").state


def test_rng_randbelow_is_in_range_and_shuffle_is_a_permutation():
    rng = Rng(9)
    assert all(0 <= rng.randbelow(7) < 7 for _ in range(1000))
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    with pytest.raises(ValueError):
        rng.randbelow(0)


class _FixedNumber:
    """A generator that answers every randbelow with one fixed number (and notes the spans asked)."""

    def __init__(self, value: int = 0) -> None:
        self.value, self.spans = value, []

    def randbelow(self, n: int) -> int:
        self.spans.append(n)
        assert self.value < n
        return self.value


@pytest.mark.parametrize("size,count,start", [(5, 2, 0), (7, 4, 0), (6, 3, 2), (4, 9, 0)])
def test_draw_to_top_gives_every_ordered_draw_once_per_number_of_the_generator(size, count, start):
    """draw_to_top (Coup's and Koryo's deals and draws) reads one number below the product of
    its choice counts as one ordered choice of cards: every choice exactly once, so each is
    equally likely; the cards above ``start`` stay, and nothing is lost or doubled."""
    from pygames.core.rng import draw_to_top

    probe = _FixedNumber()
    draw_to_top(list(range(size)), count, probe, start=start)
    assert len(probe.spans) == 1
    outcomes = set()
    for value in range(probe.spans[0]):
        deck = list(range(size))
        draw_to_top(deck, count, _FixedNumber(value), start=start)
        assert deck[:start] == list(range(start)) and sorted(deck) == list(range(size))
        outcomes.add(tuple(deck[start:min(start + count, size)]))
    assert len(outcomes) == probe.spans[0]


def test_options_are_validated():
    specs = [option("x", "bool", False, "X", "X"), option("n", "int", 2, "N", "N", minimum=1, maximum=3),
             option("c", "choice", "a", "C", "C", choices=["a", "b"], min_players=3)]
    assert normalize_options(specs, None, 2) == {"x": False, "n": 2, "c": "a"}
    assert normalize_options(specs, {"n": 3, "c": "b"}, 3)["c"] == "b"
    for bad in ({"x": 1}, {"n": 4}, {"n": True}, {"c": "z"}, {"zz": 1}, [1]):
        with pytest.raises(SetupError):
            normalize_options(specs, bad, 3)
    with pytest.raises(SetupError, match="at least 3"):
        normalize_options(specs, {"c": "b"}, 2)


def test_apply_returns_new_state_and_never_mutates():
    state = NIM.new_game(2, 1, {"first_player": 0})
    before = json.dumps(state, sort_keys=True)
    after = NIM.apply(state, {"type": "take", "n": 2})
    assert json.dumps(state, sort_keys=True) == before
    assert after["stones"] == 5 and NIM.current_player(after) == 1


def test_illegal_actions_raise_with_a_reason_and_change_nothing():
    state = NIM.new_game(2, 1, {"first_player": 0, "stones": 3})
    before = json.dumps(state, sort_keys=True)
    for bad in ({"type": "take", "n": 3}, {"type": "take", "n": True}, {"type": "take", "n": 1.0},
                {"type": "take"}, {"n": 1}, "take", None):
        with pytest.raises(IllegalAction) as info:
            NIM.apply(state, bad)
        assert str(info.value)
    with pytest.raises(IllegalAction, match="seat 0"):
        NIM.apply(state, {"type": "take", "n": 1}, seat=1)
    assert json.dumps(state, sort_keys=True) == before
    assert isinstance(IllegalAction("x"), ValueError)


def test_apply_checks_against_the_state_as_advance_left_it():
    private = NIM.new_game(2, 1, {"first_player": 0, "stones": 3})
    stale = NIM.legal_actions(private)[-1]  # take 2, legal now
    NIM.advance(private, {"type": "take", "n": 2})  # one stone left
    with pytest.raises(IllegalAction):
        NIM.apply(private, stale)


def test_simulation_actions_are_the_legal_actions():
    state = NIM.new_game(2, 1, {"first_player": 0, "stones": 3})
    assert NIM.simulation_actions(state) == NIM.legal_actions(state)
    state = NIM.apply(NIM.apply(state, {"type": "take", "n": 1}), {"type": "take", "n": 2})
    assert NIM.simulation_actions(state) == []


def test_game_over_has_no_legal_action():
    state = NIM.new_game(2, 1, {"first_player": 0, "stones": 3})
    state = NIM.apply(state, {"type": "take", "n": 1})
    state = NIM.apply(state, {"type": "take", "n": 2})
    assert NIM.is_over(state) and NIM.current_player(state) is None and NIM.legal_actions(state) == []
    assert NIM.winners(state) == [1]
    with pytest.raises(IllegalAction, match="over"):
        NIM.apply(state, {"type": "take", "n": 1})


def test_setup_checks_players_seed_and_options():
    for bad in (1, 4, "2", True):
        with pytest.raises(SetupError):
            NIM.new_game(bad, 1)
    with pytest.raises(SetupError):
        NIM.new_game(2, None)
    with pytest.raises(SetupError):
        NIM.new_game(2, 1, {"first_player": 5})


def test_views_refuse_unknown_seats():
    state = NIM.new_game(2, 1)
    for bad in (2, -1, "0", True):
        with pytest.raises(ValueError):
            NIM.view(state, bad)


def test_to_dict_round_trips_and_damage_is_refused():
    state = NIM.apply(NIM.new_game(3, "x"), {"type": "take", "n": 1})
    data = json.loads(json.dumps(NIM.to_dict(state)))
    assert NIM.from_dict(data) == state
    for bad in ({"game": "coup", "version": 1, "state": state}, {**data, "version": 2},
                {**data, "state": {**state, "stones": "many"}}, {**data, "state": None}, 7):
        with pytest.raises(RecordError):
            NIM.from_dict(bad)


def test_records_replay_exactly_and_bad_records_are_refused(nim_registered):
    state = NIM.new_game(2, 5)
    actions = []
    while not NIM.is_over(state):
        action = NIM.legal_actions(state)[-1]
        actions.append(action)
        state = NIM.apply(state, action)
    record = make_record(NIM, 2, 5, {}, ["human", "normal"], actions)
    assert replay(json.dumps(record)) == state
    assert replay(record, upto=1) == NIM.apply(NIM.new_game(2, 5), actions[0])
    bad_records = ["{not json", "[]", {**record, "game": "chess"}, {**record, "version": 9},
                   {**record, "seats": ["human"]}, {**record, "seats": ["human", "god"]},
                   {**record, "actions": [{"type": "take", "n": 5}]}, {**record, "num_players": 9},
                   {**record, "options": {"stones": 99}}, {k: v for k, v in record.items() if k != "seed"}]
    for bad in bad_records:
        with pytest.raises(RecordError):
            replay(bad)


def test_picker_walks_click_paths_with_back():
    legal = [{"type": "a"}, {"type": "b", "t": 1}, {"type": "b", "t": 2}]
    def steps(action, view):
        return [action["type"]] + ([f"t{action['t']}"] if "t" in action else [])

    picker = Picker(legal, {}, steps)
    assert picker.options() == ["a", "b"]
    assert picker.click("b") is None and picker.options() == ["t1", "t2"]
    picker.back()
    assert picker.options() == ["a", "b"] and not picker.can_go_back()
    picker.click("b")
    assert picker.click("t2") == {"type": "b", "t": 2}
    with pytest.raises(ValueError):
        Picker(legal, {}, steps).click("t1")


def test_click_paths_must_be_unique_and_prefix_free():
    with pytest.raises(ValueError):
        check_paths([("a",), ("a",)])
    with pytest.raises(ValueError):
        check_paths([("a",), ("a", "b")])
    with pytest.raises(ValueError):
        check_paths([()])
    check_paths([("a", "b"), ("a", "c"), ("d",)])


def test_make_bot_levels():
    for level in ("random", "easy", "normal", "hard"):
        assert make_bot(level, 1).level == level
    with pytest.raises(ValueError):
        make_bot("godlike", 1)


def test_random_bot_is_seeded():
    state = NIM.new_game(2, 1, {"stones": 15})
    def picks(seed):
        return [make_bot("random", seed).choose(NIM, NIM.view(state, 0), NIM.legal_actions(state), 0)
                for _ in range(1)]

    assert picks(3) == picks(3)


def test_hard_bot_finds_the_winning_move():
    # with 4 stones, taking 1 leaves 3: whatever the opponent takes, we take the last
    state = NIM.new_game(2, 1, {"first_player": 0, "stones": 4})
    bot = IsmctsBot(seed=1, iterations=300)
    assert bot.choose(NIM, NIM.view(state, 0), NIM.legal_actions(state), 0) == {"type": "take", "n": 1}
    # and with 5 stones, taking 2
    state = NIM.new_game(2, 1, {"first_player": 0, "stones": 5})
    assert bot.choose(NIM, NIM.view(state, 0), NIM.legal_actions(state), 0) == {"type": "take", "n": 2}


def test_hard_bot_thinks_in_slices():
    state = NIM.new_game(2, 1, {"first_player": 0, "stones": 15})
    steps = IsmctsBot(seed=2, iterations=64).think(NIM, NIM.view(state, 0), NIM.legal_actions(state), 0)
    slices = 0
    while True:
        try:
            next(steps)
            slices += 1
        except StopIteration as done:
            assert done.value in NIM.legal_actions(state)
            break
    assert slices >= 4


def test_rank_rewards():
    assert rank_rewards([3, 1]) == [1.0, 0.0]
    assert rank_rewards([2, 2, 0]) == [0.75, 0.75, 0.0]


def test_arena_on_a_tiny_game(nim_registered):
    from pygames.bots.arena import markdown_table, match, wilson_interval
    result = match("nim", "hard", "random", 2, 20, bot_settings={"hard": {"iterations": 60}})
    assert result["games"] == 20 and 0 <= result["wins"] <= 20
    assert result["win_rate"] >= 0.7  # Nim from 7 stones: searching beats random play by far
    assert "nim" in markdown_table([result])
    low, high = wilson_interval(50, 100)
    assert low < 0.5 < high and round(low, 3) == 0.404


def test_an_arena_share_as_an_elo_gap():
    from pygames.bots.arena import elo_gap
    assert elo_gap(0.5, 2) == 0 and abs(elo_gap(1 / 3, 3)) < 1e-9  # the fair share: no gap
    assert round(elo_gap(0.64, 2)) == 100  # the usual logistic curve at two players
    # Luce's model: one player 100 Elo stronger than two equal others wins g / (g + 2), g = 10^0.25
    g = 10 ** 0.25
    assert round(elo_gap(g / (g + 2), 3), 6) == 100
    assert elo_gap(1.0, 2) < 1300 and elo_gap(0.0, 2) > -1300  # clipped, never infinite


def test_hint_names_the_winning_move_with_its_chance():
    from pygames.bots.hint import hint
    state = NIM.new_game(2, 1, {"first_player": 0, "stones": 4})
    result = hint(NIM, NIM.view(state, 0), NIM.legal_actions(state), 0, iterations=300)
    assert result["action"] == {"type": "take", "n": 1}
    assert result["top"][0]["action"] == result["action"] and result["top"][0]["win"] > 0.5


def test_the_arena_bench_writes_json_and_markdown(tmp_path, monkeypatch):
    from pygames.bots import arena
    monkeypatch.setattr(arena, "hard_settings", lambda game_id: {"iterations": 8, "max_seconds": None})
    figures, data = tmp_path / "figures", tmp_path / "bots.json"

    def run(games, matches, hard_games=None, players=None):
        return arena.bench(games=games, hard_games=hard_games, jobs=1, game_ids=["coup"], json_path=data,
                           figures=figures, log=lambda line: None, matches=matches, players=players)

    rows = run(6, ["easy-normal", "hard-normal"], hard_games=4)
    assert [(r["challenger"], r["players"], r["games"]) for r in rows] == [
        ("easy", 2, 6), ("hard", 2, 4), ("hard", 3, 4)]
    assert rows[1]["hard_settings"] == {"iterations": 8, "max_seconds": None}
    rows = run(3, ["normal-random"])  # part of the plan: the rows measured before are kept
    assert [(r["challenger"], r["players"], r["games"]) for r in rows] == [
        ("normal", 2, 3), ("normal", 3, 3), ("normal", 4, 3), ("normal", 5, 3), ("normal", 6, 3),
        ("easy", 2, 6), ("hard", 2, 4), ("hard", 3, 4)]
    assert json.loads(data.read_text())["rows"] == rows
    assert all(0 <= r["ci95"][0] <= r["win_rate"] <= r["ci95"][1] <= 1 for r in rows)
    rows = run(2, ["hard-normal"], players=[3])  # one player count: only its row is played again
    assert [(r["challenger"], r["players"], r["games"]) for r in rows if r["challenger"] == "hard"] == [
        ("hard", 2, 4), ("hard", 3, 2)]
    text = (figures / "arena.md").read_text()
    assert text.startswith("<!-- written by python3 build.py bench (--bots); edit the bench, not this file -->\n"
                           "# The arena: bot levels against each other\n\n| game | players |")
    assert "| coup | 3 | hard vs normal | 2 |" in text and "| coup | 6 | normal vs random | 3 |" in text
    settings = (figures / "bot-settings.md").read_text()
    assert settings.startswith("<!-- written by python3 build.py bench (--bots); edit")
    assert all(f"| {game_id} |" in settings for game_id in pygames.GAME_IDS)
    with pytest.raises(ValueError):
        arena.plan(["coup"], ["hard-random"])


def test_arena_benches_side_by_side_keep_each_others_rows(tmp_path, monkeypatch):
    """Two bench runs of different games at once (one process each) both write bots.json: a row
    the other run wrote while this one played is kept, in the file and in the table."""
    from pygames.bots import arena
    figures, data = tmp_path / "figures", tmp_path / "bots.json"
    other = {"game": "koryo", "players": 2, "challenger": "easy", "opponent": "normal", "games": 9,
             "win_rate": 0.25, "ci95": [0.1, 0.5], "fair_share": 0.5, "target": "", "met": None}
    play = arena._bench_game

    def the_other_run_writes_meanwhile(job):
        arena.write_json(data, {**arena.saved_rows(data), ("koryo", 2, "easy", "normal"): other})
        return play(job)

    monkeypatch.setattr(arena, "_bench_game", the_other_run_writes_meanwhile)
    rows = arena.bench(games=2, jobs=1, game_ids=["coup"], json_path=data, figures=figures,
                       log=lambda line: None, matches=["easy-normal"])
    assert [(r["game"], r["challenger"]) for r in rows] == [("coup", "easy"), ("koryo", "easy")]
    assert json.loads(data.read_text())["rows"] == rows
    assert "| koryo | 2 | easy vs normal | 9 |" in (figures / "arena.md").read_text()


class ShuffledNim(type(NIM)):
    """Nim whose every take also shuffles a row of tokens with the rules' generator."""
    id = "nim-shuffled"

    def _setup(self, num_players, rng, options):
        state = super()._setup(num_players, rng, options)
        state["tokens"] = list(range(8))
        return state

    def _apply(self, state, action, rng):
        rng.shuffle(state["tokens"])
        state["drawn"] = rng.randbelow(1000)
        super()._apply(state, action, rng)


@pytest.mark.parametrize("game", [NIM, ShuffledNim()], ids=["nim", "shuffled"])
def test_a_changed_legal_list_cannot_smuggle_an_illegal_action_in(game):
    state = game.new_game(2, 1, {"first_player": 0, "stones": 3})
    legal = game.legal_actions(state)
    before = json.dumps(state, sort_keys=True)
    legal[0]["n"] = 3  # the caller changes the list it was given: 3 is not legal
    with pytest.raises(IllegalAction):
        game.apply(state, legal[0])
    assert json.dumps(state, sort_keys=True) == before
    after = game.apply(state, {"type": "take", "n": 2})
    assert after["stones"] == 1 and json.dumps(state, sort_keys=True) == before


def test_the_rules_generator_is_stored_back_once_and_draws_as_before():
    game = ShuffledNim()
    state = game.new_game(2, 5, {"first_player": 0})
    reference = Rng(state["rng"])
    tokens = list(range(8))
    for i in range(len(tokens) - 1, 0, -1):  # Fisher-Yates from the end, through randbelow
        j = reference.randbelow(i + 1)
        tokens[i], tokens[j] = tokens[j], tokens[i]
    drawn = reference.randbelow(1000)
    after = game.apply(state, {"type": "take", "n": 1})
    assert (after["tokens"], after["drawn"], after["rng"]) == (tokens, drawn, reference.state)
    game.advance(state, {"type": "take", "n": 1})  # in place, the same draws
    assert (state["tokens"], state["drawn"], state["rng"]) == (tokens, drawn, reference.state)


def test_default_options_are_worked_out_once_but_handed_out_fresh():
    first = NIM.normalize_options(2, None)
    first["stones"] = 99
    assert NIM.normalize_options(2, None) == NIM.normalize_options(2, {}) == {"stones": 7, "first_player": 0}
    assert NIM.normalize_options(3, {"stones": 4}) == {"stones": 4, "first_player": 0}
    for bad in ([], 0, "", {"stones": 2}):
        with pytest.raises(SetupError):
            NIM.normalize_options(2, bad)


class DirectNim(NimGame):
    """Nim with a direct legality check, and a sloppy variant that forgets the stone count."""

    def _legal_match(self, state, action):
        n = action.get("n")
        if action.keys() == {"type", "n"} and action["type"] == "take" and type(n) is int \
                and 1 <= n <= min(2, state["stones"]):
            return {"type": "take", "n": n}
        return None


class SloppyNim(DirectNim):
    def _legal_match(self, state, action):
        n = action.get("n")
        return {"type": "take", "n": n} if action.get("type") == "take" and n in (1, 2) else None


def test_a_direct_legality_check_replaces_the_list():
    game = DirectNim()
    assert game._direct_check and not NimGame._direct_check
    state = game.new_game(2, 1, {"stones": 3})
    after = game.apply(state, {"type": "take", "n": 2})
    assert after["stones"] == 1 and state["stones"] == 3
    for bad in ({"type": "take", "n": True}, {"type": "take", "n": 2.0}, {"type": "take", "n": 3},
                {"type": "take"}, {"type": "take", "n": 1, "x": 0}):
        with pytest.raises(IllegalAction, match="legal kinds: take"):
            game.apply(state, bad)
    with pytest.raises(IllegalAction):
        game.apply(after, {"type": "take", "n": 2})  # one stone left


def test_the_conformance_check_catches_a_direct_check_that_disagrees_with_the_list():
    from tests.test_conformance import check_legality_agrees_with_the_list, dump

    state = DirectNim().apply(DirectNim().new_game(2, 1, {"stones": 3}), {"type": "take", "n": 2})
    snapshot = dump(DirectNim(), state)
    check_legality_agrees_with_the_list(DirectNim(), state, DirectNim().legal_actions(state), snapshot)
    sloppy = SloppyNim()
    with pytest.raises(pytest.fail.Exception):  # it lets "take 2" through with one stone left
        check_legality_agrees_with_the_list(sloppy, state, sloppy.legal_actions(state), snapshot)


def test_no_game_overrides_the_public_contract():
    """The contract's public methods are the base class's in every registered game: a game fills in
    the underscore hooks (``_legal_actions``, ``_legal_match`` ...) and ``over_flag``, never the methods
    callers use."""
    import pygames
    from pygames.core import Game

    public = {name for name, value in vars(Game).items() if not name.startswith("_") and callable(value)}
    for game_id in pygames.GAME_IDS:
        game = pygames.get_game(game_id)
        for name in public:
            assert getattr(type(game), name) is getattr(Game, name), f"{game_id} overrides {name}"


class FlaggedNim(NimGame):
    """Nim keeping its end as a flag of the state, named by over_flag."""
    over_flag = "done"

    def _setup(self, num_players, rng, options):
        return {**super()._setup(num_players, rng, options), "done": False}

    def _apply(self, state, action, rng):
        super()._apply(state, action, rng)
        state["done"] = state["winner"] is not None


def test_a_game_over_flag_answers_is_over_and_the_legal_list():
    game = FlaggedNim()
    state = game.new_game(2, 1, {"first_player": 0, "stones": 3})
    assert not game.is_over(state) and game.legal_actions(state) == game.simulation_actions(state) != []
    state = game.apply(game.apply(state, {"type": "take", "n": 1}), {"type": "take", "n": 2})
    assert game.is_over(state) and game.legal_actions(state) == [] and game.winners(state) == [1]
    # the flag is what is read: a state it calls over has no legal action
    assert game.legal_actions({**game.new_game(2, 1, {"stones": 3}), "done": True}) == []
