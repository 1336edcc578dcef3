"""The balance script's resumable runs (docs/houses-balance.md: long hard-bot samples)."""

from __future__ import annotations

import json

from pygames.games.houses import balance


def test_balance_run_saved_to_a_file_goes_on_where_it_stopped(tmp_path, monkeypatch):
    save = str(tmp_path / "games.jsonl")
    whole = balance.run_multi(3, 3)
    first = balance.run_multi(3, 2, save=save)
    assert len(open(save).read().splitlines()) == 2

    played = []
    real = balance.multi_job
    monkeypatch.setattr(balance, "multi_job", lambda job: played.append(job[1]) or real(job))
    resumed = balance.run_multi(3, 3, save=save)
    assert played == [3]  # seeds 1 and 2 read back, only seed 3 played
    assert json.loads(json.dumps(resumed)) == json.loads(json.dumps(whole))
    assert json.loads(json.dumps(first)) == json.loads(json.dumps(whole[:2]))
    assert balance.report_multi(resumed) == balance.report_multi(whole)
    # a different sample (other options) in the same file is played, not read back
    played.clear()
    balance.run_multi(3, 1, {"rivalry": False}, save=save)
    assert played == [1]
    # a second sample on the next seeds (--first-seed): seeds 2 and 3 are the whole run's last two
    later = balance.run_multi(3, 2, first_seed=2)
    assert json.loads(json.dumps(later)) == json.loads(json.dumps(whole[1:]))


def test_balance_reports_what_each_house_did():
    """Per House and game: power by source matching the game's sources, challenges won and lost as
    the attacker (undefended ones among the won), and the report's table of their means."""
    results = balance.run_multi(3, 2)
    for r in results:
        assert set(r["by_house"]) == set(r["houses"])
        for why, n in r["sources"].items():
            assert sum(h.get("power:" + why, 0) for h in r["by_house"].values()) == n
        for h in r["by_house"].values():
            assert h.get("won undefended", 0) <= h.get("attacks won", 0)
        assert sum(h.get("attacks won", 0) + h.get("attacks lost", 0) for h in r["by_house"].values()) > 0
    text = balance.report_multi(results)
    assert "| House | power:claim |" in text
    older = [{k: v for k, v in r.items() if k != "by_house"} for r in results]  # saved before the table
    assert "power:claim" not in balance.report_multi(older)


def test_balance_search_level_plays_the_hard_bots_heuristic_without_search(monkeypatch):
    """``--level search``: every seat takes the top action of ``search_scores`` (the SEARCH
    weights), so a game is as cheap as a normal-bot game; it is not the normal bot's game."""
    from pygames.games.houses import bot
    calls = []
    real = bot.search_scores
    monkeypatch.setattr(bot, "search_scores", lambda *a: calls.append(1) or real(*a))
    houses = ["vorhelm", "miravelle", "ombrine"]
    searched = balance.play_game(houses, 5, {}, "search")
    assert calls and searched["winners"]
    assert searched != balance.play_game(houses, 5, {}, "normal")
