"""The same results in the browser: game records of a few hundred actions, one per game,
replayed in CPython and in Pyodide in Chromium, give exactly the same final state (RNG,
log and all), compared as canonical JSON. One page for all games."""

from __future__ import annotations

import json

import pytest
from test_browser_site import boot

import pygames
from pygames.core import Rng, make_record, replay

from browser_helpers import DESKTOP

pytestmark = pytest.mark.browser

MIN_ACTIONS = 200


def records(game_id: str) -> list[dict]:
    """Records of random play with random options, at the most players, until they hold at
    least MIN_ACTIONS actions together (one game is enough but for short ones like Koryo)."""
    game = pygames.get_game(game_id)
    n = game.max_players
    out = []
    for seed in range(40):
        rng = Rng(f"same/{game_id}/{seed}")
        options = {}
        for spec in game.option_specs():
            if spec.get("min_players", 0) <= n:
                options[spec["key"]] = (bool(rng.randbelow(2)) if spec["kind"] == "bool"
                                        else spec["choices"][rng.randbelow(len(spec["choices"]))])
        state = game.new_game(n, seed, options)
        actions = []
        while not game.is_over(state):
            legal = game.legal_actions(state)
            actions.append(legal[rng.randbelow(len(legal))])
            state = game.apply(state, actions[-1])
        out.append(make_record(game, n, seed, options, ["random"] * n, actions))
        if sum(len(r["actions"]) for r in out) >= MIN_ACTIONS:
            break
    return out


def test_records_replay_identically_in_pyodide(open_page, site_url):
    page = open_page(DESKTOP)
    boot(page, site_url)
    sizes = {}
    for game_id in pygames.GAME_IDS:
        sizes[game_id] = 0
        for record in records(game_id):
            expected = json.dumps(replay(record), sort_keys=True)
            got = page.evaluate("(text) => window.pygamesReplay(text)", json.dumps(record))
            assert got == expected, f"{game_id} seed {record['seed']}: the browser's final state differs"
            sizes[game_id] += len(record["actions"])
    assert all(n >= MIN_ACTIONS for n in sizes.values()), sizes
    # the bench hook runs the same measurement code in the page
    result = json.loads(page.evaluate(
        "(args) => window.pygamesBench('playouts', args)",
        json.dumps({"game_id": pygames.GAME_IDS[0], "players": pygames.get_game(pygames.GAME_IDS[0]).min_players,
                    "seconds": 0.05, "min_games": 1})))
    assert result["games"] >= 1 and result["playouts_per_s"] > 0
    # a broken record is refused in the browser as in CPython
    with pytest.raises(Exception, match="RecordError"):
        page.evaluate("(text) => window.pygamesReplay(text)", '{"game": "nope"}')
