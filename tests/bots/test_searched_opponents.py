"""The hard bot's searched opponents (``opponent_model="searched"``, issue 40 item 3): each opponent
chooses inside the search by UCB at its own information sets, the heuristic as a prior, its
statistics backed up with its own reward; keyed by what that opponent knows, never by the bot's
hidden cards."""

from __future__ import annotations

import json

import pytest
from test_bots import GAME_IDS, QUICK_HARD, mid_game, smallest, twins

import pygames
from pygames.bots import make_bot
from pygames.bots.ismcts import (
    DEFAULTS,
    IsmctsBot,
    Node,
    SeatNode,
    game_bot,
    seat_key_prefix,
    select_with_prior,
    settings_for,
)
from pygames.core import Rng

SEARCHED = {**QUICK_HARD, "opponent_model": "searched"}


def test_coup_ships_searched_opponents_and_the_other_games_keep_their_model():
    """The default stays the heuristic model; Coup's HARD searches its opponents (measured against
    the textbook search, docs/bots.md) with the heuristic as a prior worth one visit."""
    assert DEFAULTS["opponent_model"] == "heuristic"
    game = pygames.get_game("coup")
    assert settings_for(game)["opponent_model"] == "searched" and settings_for(game)["opponent_prior"] == 1.0
    for other in ("koryo", "oriflamme", "tournay", "houses"):
        assert settings_for(pygames.get_game(other))["opponent_model"] in ("heuristic", "rollout")
    heuristic = make_bot("hard", 1, **QUICK_HARD, opponent_model="heuristic")
    state = mid_game(game, 2, "searched/default", 3)
    seat = game.current_player(state)
    heuristic.choose(game, game.view(state, seat), game.legal_actions(state), seat)
    assert heuristic._opponent_trees == []  # the heuristic model grows no opponent trees


@pytest.mark.parametrize("game_id", ["coup", "koryo"])
def test_searched_opponents_are_deterministic_from_the_seed(game_id):
    game = pygames.get_game(game_id)
    state = mid_game(game, smallest(game), "searched/det", 4)
    seat = game.current_player(state)
    view, legal = game.view(state, seat), game.legal_actions(state)
    runs = []
    for _ in range(2):
        bot = make_bot("hard", "same", **{**SEARCHED, "iterations": 60})
        pick = bot.choose(game, view, legal, seat)
        opponents = [(key, [(c.visits, c.total) for c in node.children.values()])
                     for tree in bot._opponent_trees for key, node in sorted(tree.after.items())]
        runs.append((pick, [(s["visits"], s["value"]) for s in bot.last_stats], opponents))
        assert bot.last_iterations == 60
    assert runs[0] == runs[1]
    assert runs[0][2], "the opponents were searched"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_searched_opponents_leave_the_bot_its_view_only(game_id):
    """Two true states the bot cannot tell apart (different hidden cards) give the same choice and
    the same opponent trees: nothing of the true deal reaches the search."""
    game = pygames.get_game(game_id)
    state = mid_game(game, smallest(game), "searched/peek", 7)
    seat = game.current_player(state)
    true_a, true_b = twins(game, state, seat, Rng("searched/twins"))
    view_a, view_b = game.view(true_a, seat), json.loads(json.dumps(game.view(true_b, seat)))
    assert view_a == view_b
    legal = game.legal_actions(true_a)
    bots = [make_bot("hard", 5, **SEARCHED) for _ in range(2)]
    picks = [bot.choose(game, view, legal, seat) for bot, view in zip(bots, (view_a, view_b))]
    assert picks[0] == picks[1]
    trees = [[sorted(tree.after) for tree in bot._opponent_trees] for bot in bots]
    assert trees[0] == trees[1]


@pytest.mark.parametrize("game_id", ["coup", "koryo", "oriflamme"])
def test_an_opponents_key_holds_none_of_the_bots_hidden_cards(game_id):
    """The key of an opponent's first information set is the same in deals that differ only in what
    that opponent cannot see (the bot's own hidden cards among them), and differs with what it can."""
    game = pygames.get_game(game_id)
    state = mid_game(game, smallest(game), "searched/keys", 5)
    bot_seat = game.current_player(state)
    opponent = (bot_seat + 1) % int(state["num_players"])
    rng = Rng("searched/keys")
    seen_by_opponent = game.view(state, opponent)
    deals = [game.sample_state(seen_by_opponent, opponent, rng.fork()) for _ in range(8)]
    bot_hands = {json.dumps(game.view(deal, bot_seat), sort_keys=True) for deal in deals}
    assert len(bot_hands) > 1, "the deals differ in the bot's hidden cards"
    assert {seat_key_prefix(game, deal, opponent, bot_seat) for deal in deals} == \
        {seat_key_prefix(game, state, opponent, bot_seat)}
    # and from the bot's side: deals of the bot's view differ in the opponent's own cards, so its key does
    seen_by_bot = game.view(state, bot_seat)
    keys = {seat_key_prefix(game, game.sample_state(seen_by_bot, bot_seat, rng.fork()), opponent, bot_seat)
            for _ in range(8)}
    assert len(keys) > 1


def test_an_opponents_statistics_move_with_its_own_reward(monkeypatch):
    """A searched opponent's node is backed up with that opponent's reward, not the bot's."""
    game = pygames.get_game("coup")
    module = game_bot(game)
    state = game.new_game(2, "searched/backup")
    opponent = game.current_player(state)  # the opponent moves first in the deal
    seat = 1 - opponent
    bot = IsmctsBot("backup", **SEARCHED)
    settings = settings_for(game, bot.overrides)
    root = Node()
    legal = game.legal_actions(state)

    def opponent_totals() -> tuple[int, float]:
        children = [c for tree in bot._opponent_trees for n in tree.after.values() for c in n.children.values()]
        return sum(c.visits for c in children), sum(c.total for c in children)

    for rewards, expected in (({seat: 0.0, opponent: 1.0}, (1, 1.0)),
                              ({seat: 1.0, opponent: 0.0}, (2, 1.0)),
                              ({seat: 0.25, opponent: 0.75}, (3, 1.75))):
        monkeypatch.setattr(bot, "_rewards", lambda game, module, state, who, rewards=rewards: rewards[who])
        bot._opponents_begin(game, state, seat, root, settings)
        assert bot._searched_action(game, module, state, legal, opponent, settings) in legal
        bot._opponents_back_up(game, module, state)
        assert bot._walk is None
        assert opponent_totals() == (expected[0], pytest.approx(expected[1]))
    assert len(bot._opponent_trees[opponent].after) == 1  # one information set: the same deal each time
    assert bot._opponent_trees[seat].after == {}  # the bot's own seat has no opponent tree


def test_the_opponents_prior_leads_until_the_rewards_overrule_it():
    """At a new node the heuristic's choice; once another action has shown better rewards, that one."""
    keys = ["a", "b"]
    node = SeatNode(keys, [1.0, 0.6])
    assert select_with_prior(node, keys, 0.0, 4.0) == 0
    node.children["a"].visits, node.children["a"].total = 20, 4.0   # a: 0.2 a visit
    node.children["b"].visits, node.children["b"].total = 20, 16.0  # b: 0.8 a visit
    assert select_with_prior(node, keys, 0.0, 4.0) == 1
    fresh = SeatNode(keys, [0.2, 0.9])
    assert select_with_prior(fresh, keys, 0.7, 0.0) == 1  # no prior weight: untried first, best prior first


def test_the_arena_passes_hard_bot_settings():
    from pygames.__main__ import hard_settings, main
    assert hard_settings(["opponent_model=searched", "opponent_prior=2", "root_width=null"]) == {
        "opponent_model": "searched", "opponent_prior": 2, "root_width": None}
    for bad in (["opponent_model"], ["bogus=1"], ["opponent_model=psychic"]):
        with pytest.raises(ValueError):
            hard_settings(bad)
    with pytest.raises(SystemExit):
        main(["arena", "--game", "coup", "--match", "hard-normal", "--games", "1", "--hard", "bogus=1"])
    assert main(["arena", "--game", "coup", "--match", "hard-textbook", "--games", "1", "--iterations", "8",
                 "--textbook-iterations", "8", "--hard", "opponent_model=searched"]) == 0
