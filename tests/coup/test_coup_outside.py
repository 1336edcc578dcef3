"""The outside arena's bridge to coupml's RuleAI (pygames/outside/coup_ruleai.py): RuleAI decides from
its seat's view only, proves held claims, and every answer maps to one of our legal actions."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("coupml")

from coup_helpers import play, setup  # noqa: E402

from pygames.core import Rng  # noqa: E402
from pygames.games.coup.rules import GAME  # noqa: E402
from pygames.outside import coup_ruleai as R  # noqa: E402


def _decisions(num_players: int, seed: str, limit: int = 400):
    """(true state, seat) at every decision of a RuleAI seat in a game of RuleAI against our normal bot."""
    from pygames.bots import make_bot
    levels = ["normal"] + [R.LEVEL] * (num_players - 1)
    bots = [make_bot("normal", f"{seed}/0")] + [R.RuleAIBot(f"{seed}/{s}") for s in range(1, num_players)]
    state = R.first_state(GAME, num_players, seed)
    for _ in range(limit):
        seat = GAME.current_player(state)
        if seat is None:
            return
        legal = GAME.legal_actions(state)
        if levels[seat] == R.LEVEL and len(legal) > 1:
            yield state, seat
        state = GAME.apply(state, bots[seat].choose(GAME, GAME.view(state, seat), legal, seat))


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_ruleai_inputs_and_answers_do_not_change_when_hidden_cards_are_redealt(num_players):
    """No peeking: at every RuleAI decision of a few games, the other players' cards and the court deck
    are dealt again (``sample_state`` of its view); RuleAI's coupml inputs and its answer stay the same."""
    redealt_hands = 0
    checked = 0
    for game_index in range(3):
        for state, seat in _decisions(num_players, f"peek/{num_players}/{game_index}"):
            legal = GAME.legal_actions(state)
            reference = R.RuleAIBot("same seed", record=True)
            answer = reference.choose(GAME, GAME.view(state, seat), legal, seat)
            assert answer in legal
            # RuleAI is asked every time, except to prove a claim it holds (the bridge shows the card)
            assert reference.inputs or state["queue"][0]["k"] == "reveal"
            for twin_index in range(2):
                twin = GAME.sample_state(GAME.view(state, seat), seat, Rng(f"twin/{checked}/{twin_index}"))
                assert GAME.view(twin, seat) == GAME.view(state, seat)
                if twin["hands"] != state["hands"]:
                    redealt_hands += 1
                bot = R.RuleAIBot("same seed", record=True)
                twin_view = json.loads(json.dumps(GAME.view(twin, seat)))
                assert bot.choose(GAME, twin_view, GAME.legal_actions(twin), seat) == answer
                assert bot.inputs == reference.inputs
            for coupml_state, _ in reference.inputs:
                for other, player in enumerate(coupml_state["players"]):
                    if other != seat:
                        assert set(player["hidden"]) <= {"hidden"}
                assert coupml_state["players"][seat]["hidden"] == state["hands"][seat]
            checked += 1
    assert checked >= 20
    assert redealt_hands >= checked  # the re-deals really changed what RuleAI cannot see


def test_ruleai_proves_a_challenged_claim_it_holds():
    """Treason's behaviour: a challenged RuleAI shows the claimed card when it holds it (the port as
    published reveals a card at random)."""
    state = setup(2, [["duke", "contessa"], ["captain", "captain"]], first=0, coins=[2, 2])
    state = play(state, "tax", "challenge")
    assert GAME.legal_actions(state) == [{"type": "reveal", "card": "duke"}, {"type": "reveal", "card": "contessa"}]
    for seed in range(20):
        bot = R.RuleAIBot(seed)
        assert bot.choose(GAME, GAME.view(state, 0), GAME.legal_actions(state), 0) == \
            {"type": "reveal", "card": "duke"}


def test_traces_follow_coupml_from_the_public_log():
    """Claims (actions and blocks), proofs and lost cards, caught claims and exchanges become coupml's
    trace items; a card lost to a caught claim is traced once."""
    state = setup(2, [["duke", "contessa"], ["captain", "ambassador"]], top=["assassin", "duke", "captain"],
                  first=0, coins=[2, 2])
    state = play(state, "tax", "challenge")           # seat 0 proves the duke, seat 1 loses a card
    state = play(state, "reveal:duke", "lose:captain")
    state = play(state, "steal>0")                     # seat 1 bluffs a captain (it has the ambassador)
    state = play(state, "challenge")                   # caught: loses its last card
    view = GAME.view(state, 0)
    traces = R.traces_from_log(view["log"], 2)
    assert traces[0] == [("claim", "duke"), ("reveal", "duke")]
    assert traces[1] == [("reveal", "captain"), ("claim", "captain"), ("reveal", "ambassador"),
                         ("lost_challenge", "captain")]


def test_exchange_is_traced_and_chosen_from_hand_and_drawn_cards():
    state = setup(2, [["contessa", "contessa"], ["captain", "captain"]], top=["duke", "assassin"],
                  first=0, coins=[2, 2])
    state = play(state, "exchange", "pass")
    legal = GAME.legal_actions(state)
    bot = R.RuleAIBot(1, record=True)
    kept = bot.choose(GAME, GAME.view(state, 0), legal, 0)
    assert kept == {"type": "keep", "cards": ["duke", "assassin"]}  # RuleAI's ranking: duke, assassin first
    assert sorted(bot.inputs[0][0]["game"]["drawn_roles"]) == sorted(["contessa", "contessa", "duke", "assassin"])
    state = GAME.apply(state, kept)
    assert R.traces_from_log(GAME.view(state, 1)["log"], 2)[0] == [("claim", "ambassador"), ("exchange", None)]


def test_an_outside_game_ends_and_every_answer_maps():
    result = R.play_game(["normal", R.LEVEL, R.LEVEL], "smoke")
    assert len(result["winners"]) == 1
    assert result["unmapped"] == 0
    assert sum(r["cards_lost"] for r in result["records"]) >= 4
