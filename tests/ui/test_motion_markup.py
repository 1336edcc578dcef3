"""The table's motion in CPython (issue 16; the browser side is tests/browser/test_table_motion.py):

- coins paid travel: every board marks the places holding coins (``data-purse``, ``data-amount``, the
  bank), and ``pygames.ui.motion.coin_flows`` turns two renders into who paid whom;
- a card keeps one ``data-anim-id`` from the hand to the table (a marshalled Great Houses card) and
  from a Tournay deck's top or a drawn pair into the hand, without naming a card a seat may not know;
- every board marks the clicks of a started move (``data-picked``) where they lie.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

import pygames
from pygames.ui.motion import Flow, Purse, coin_flows
from pygames.ui.session import TableSession, game_module

GAME_IDS = list(pygames.GAME_IDS)
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]

PURSE = re.compile(r'<[^>]*\bdata-purse="([^"]+)"[^>]*>')


def purses(html: str) -> dict[str, Purse]:
    """What the page reads before and after a redraw (site/main.py purse_snapshot), from the markup."""
    found = {}
    for tag in PURSE.finditer(html):
        text = tag.group(0)
        ident = re.search(r'data-anim-id="([^"]+)"', text)
        assert ident, f"a purse without an anim id: {text}"
        amount = re.search(r'data-amount="(-?\d+)"', text)
        came = re.search(r'data-anim-from="([^"]+)"', text)
        assert ident.group(1) not in found, f"two purses with one anim id: {ident.group(1)}"
        found[ident.group(1)] = Purse(tag.group(1), int(amount.group(1)) if amount else None,
                                      "data-bank=" in text, came.group(1) if came else None)
    return found


def board(game_id: str, state: dict, seat: int | None, choices: dict | None = None, picked=()) -> str:
    game = pygames.get_game(game_id)
    render = game_module(game_id, "render")
    html, _ = render.board(game.view(state, seat), seat, "en", NAMES[:state["num_players"]], choices or {},
                           picked=picked)
    return html


# --------------------------------------------------------------------------- coin_flows
def test_coin_flows_pair_payers_with_gainers_and_the_rest_goes_to_or_from_the_bank():
    bank = Purse("coin", None, bank=True)
    before = {"a": Purse("coin", 5), "b": Purse("coin", 2), "bank": bank}
    # a pays b 2 (steal)
    assert coin_flows(before, {"a": Purse("coin", 3), "b": Purse("coin", 4), "bank": bank}) == \
        [Flow("a", "b", 2, "coin")]
    # a pays 3 to nobody: to the bank; b takes 1 from nobody: from the bank
    assert coin_flows(before, {"a": Purse("coin", 2), "b": Purse("coin", 3), "bank": bank}) == \
        [Flow("a", "b", 1, "coin"), Flow("a", "bank", 2, "coin")]
    assert coin_flows(before, {"a": Purse("coin", 5), "b": Purse("coin", 5), "bank": bank}) == \
        [Flow("bank", "b", 3, "coin")]
    # nothing changed, or no bank to take the rest: nothing travels
    assert coin_flows(before, before) == []
    assert coin_flows({"a": Purse("coin", 5)}, {"a": Purse("coin", 1)}) == []


def test_coin_flows_count_a_bank_with_a_number_kinds_apart_gone_places_and_turned_cards():
    # Koryo's bank has a count: it is a payer like any other
    assert coin_flows({"p": Purse("gold", 1), "bank": Purse("gold", 9, bank=True)},
                      {"p": Purse("gold", 2), "bank": Purse("gold", 8, bank=True)}) == [Flow("bank", "p", 1, "gold")]
    # kinds never mix: power moves between power places only
    before = {"g": Purse("gold", 3), "h": Purse("power", 1), "c": Purse("power", 0), "gb": Purse("gold", None, True)}
    after = {"g": Purse("gold", 1), "h": Purse("power", 0), "c": Purse("power", 1), "gb": Purse("gold", None, True)}
    assert coin_flows(before, after) == [Flow("g", "gb", 2, "gold"), Flow("h", "c", 1, "power")]
    # a card that leaves the table gives what was on it; a card turned over keeps its back's tokens
    assert coin_flows({"card": Purse("influence", 2), "me": Purse("influence", 1)},
                      {"me": Purse("influence", 3)}) == [Flow("card", "me", 2, "influence")]
    assert coin_flows({"back": Purse("influence", 2), "me": Purse("influence", 0)},
                      {"face": Purse("influence", 0, came_from="back"), "me": Purse("influence", 2)}) == \
        [Flow("face", "me", 2, "influence")]
    # a new place (nothing before it) was not seen receiving anything
    assert coin_flows({}, {"new": Purse("coin", 4), "bank": Purse("coin", None, True)}) == []


# --------------------------------------------------------------------------- the boards mark their coins
def expected_purses(game_id: str, view: dict) -> dict[str, int | None]:
    """anim id -> amount of the places every board must mark, from the view itself."""
    n = view["num_players"]
    if game_id == "coup":
        return {**{f"coins-{p}": view["coins"][p] for p in range(n)}, "coins-bank": None}
    if game_id == "koryo":
        return {**{f"coins-{p}": view["coins"][p] for p in range(n)}, "coins-bank": view["bank"]}
    if game_id == "oriflamme":
        return {**{f"coins-{p}": view["ip"][p] for p in range(n)}, "influence-bank": None}
    if game_id == "tournay":
        return {**{f"deniers-{p}": view["players"][p]["deniers"] for p in range(n)}, "deniers-bank": None}
    if game_id == "houses":
        return {**{f"gold-{p}": view["players"][p]["gold"] for p in range(n)},
                **{f"house-{p}": view["players"][p]["power"] for p in range(n)},
                "gold-bank": None, "power-bank": None}
    raise AssertionError(game_id)


def played(game_id: str, seed: int, moves: int, n: int = 3) -> dict:
    game = pygames.get_game(game_id)
    n = max(game.min_players, min(n, game.max_players))
    state = game.new_game(n, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_board_marks_its_coins_with_their_amounts_and_its_bank(game_id):
    game = pygames.get_game(game_id)
    for moves in (0, 25, 60):
        state = played(game_id, 5, moves)
        for seat in (0, None):
            view = game.view(state, seat)
            found = purses(board(game_id, state, seat))
            for ident, amount in expected_purses(game_id, view).items():
                assert ident in found, f"{game_id}: {ident} is not marked as a purse"
                assert found[ident].amount == amount, (game_id, ident, found[ident], amount)
                assert found[ident].bank == ident.endswith("-bank")


def test_a_coup_payment_is_a_flow_between_the_rendered_places():
    game = pygames.get_game("coup")
    state = game.new_game(3, 1, {})
    mover = game.current_player(state)
    before = purses(board("coup", state, 0))
    state = game.apply(state, {"type": "income"})
    assert coin_flows(before, purses(board("coup", state, 0))) == [Flow("coins-bank", f"coins-{mover}", 1, "coin")]
    # a steal: from the victim to the thief, nothing to the bank (played through its reaction window)
    while game.current_player(state) is not None:
        legal = game.legal_actions(state)
        steal = next((a for a in legal if a["type"] == "steal"), None)
        if steal is not None:
            thief, victim = game.current_player(state), steal["target"]
            before = purses(board("coup", state, None))
            state = game.apply(state, steal)
            while any(a["type"] == "pass" for a in game.legal_actions(state)):  # nobody challenges or blocks
                state = game.apply(state, {"type": "pass"})
            flows = coin_flows(before, purses(board("coup", state, None)))
            taken = min(2, before[f"coins-{victim}"].amount)
            assert flows == ([Flow(f"coins-{victim}", f"coins-{thief}", taken, "coin")] if taken else [])
            return
        state = game.apply(state, next((a for a in legal if a["type"] in ("income", "pass")), legal[0]))
    raise AssertionError("no steal came up")


# --------------------------------------------------------------------------- one anim id across places
ANIM = re.compile(r'data-anim-id="([^"]+)"')


def anim_ids(html: str) -> list[str]:
    ids = ANIM.findall(html)
    assert len(ids) == len(set(ids)), "anim ids are unique on a board"
    return ids


def test_a_marshalled_great_houses_card_keeps_its_anim_id_from_hand_to_table():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "houses"))
    from houses_helpers import act, game

    from pygames.games.houses.rules import GAME
    # one copy already in play, two in hand: the one marshalled is the hand's first (the "-2")
    s = game(in_play=[["V05"], ["R05"]], hands=[["V05", "V05"], ["R05", "R05"]], gold=[9, 9],
             plots=[["P1"], ["P1"]])
    while GAME.current_player(s) is not None and GAME.view(s, 0)["stage"] != "marshal":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    mover = GAME.current_player(s)
    other = 1 - mover
    hand = {0: "V05", 1: "R05"}[mover]
    before = board("houses", s, mover)
    hand_zone = before.split("houses-handzone", 1)[1]
    moving = ANIM.findall(hand_zone)[0]
    assert moving == f"card-{mover}-{hand}-2"
    theirs_before = anim_ids(board("houses", s, other))
    assert moving not in theirs_before, "the other seat has no id for a card it cannot see"
    s = act(s, "marshal", card=hand)
    after = board("houses", s, mover)
    in_play = after.split(f'data-seat="{mover}"', 1)[1].split("</section>", 1)[0]
    assert f'data-anim-id="{moving}"' in in_play, "the marshalled card keeps its hand id on the table"
    left_in_hand = ANIM.findall(after.split("houses-handzone", 1)[1])
    assert f"card-{mover}-{hand}-3" in left_in_hand and moving not in left_in_hand
    anim_ids(before)
    anim_ids(after)
    # the other seat: the new card has the same id and flies from the mover's hand count
    assert f'data-anim-id="{moving}" data-anim-from="handcount-{mover}"' in board("houses", s, other)


def tournay_until(state, game, rng, wanted):
    for _ in range(400):
        legal = game.legal_actions(state)
        hit = [a for a in legal if wanted(a)]
        if hit:
            return state, hit[0]
        state = game.apply(state, rng.choice(legal))
    raise AssertionError("the move never came up")


def test_a_tournay_card_keeps_its_anim_id_from_a_deck_top_or_a_draw_to_the_hand():
    game = pygames.get_game("tournay")
    rng = random.Random(3)
    state = game.new_game(2, 3)
    # a face-up top taken into the hand
    state, draw = tournay_until(state, game, rng, lambda a: a["type"] == "draw" and a["mode"] == "top")
    seat = game.current_player(state)
    top = game.view(state, seat)["faceup"][draw["deck"]]
    before = board("tournay", state, seat)
    decks = before.split('class="tournay-decks"', 1)[1].split("</section>", 1)[0]
    ident = ANIM.search(decks.split(f'data-anim-id="deck-{draw["deck"]}"', 1)[1]).group(1)
    assert ident.startswith(f"card-{seat}-{top}")
    other = board("tournay", state, 1 - seat)  # the other seat's ids for the same top name only its own cards
    assert f'card-{1 - seat}-{top}' in other.split('class="tournay-decks"', 1)[1]
    state = game.apply(state, draw)
    while game.current_player(state) == seat and game.view(state, seat).get("pending"):
        state = game.apply(state, game.legal_actions(state)[0])
    after = board("tournay", state, seat)
    assert f'data-anim-id="{ident}"' in after.split('class="tournay-hand"', 1)[1], "the top card keeps its id in hand"
    # the other seat sees a new back of that deck, flying from the deck (its id names the deck only)
    theirs = board("tournay", state, 1 - seat)
    backs = re.findall(rf'data-anim-id="back-{seat}-([^"]+)-(\d+)" data-anim-from="deck-([^"]+)"', theirs)
    assert (draw["deck"], "1", draw["deck"]) in backs and all(b[0] == b[2] for b in backs)
    # a blind draw: the card kept from the pair keeps its id in hand
    state, blind = tournay_until(state, game, rng, lambda a: a["type"] == "draw" and a["mode"] == "blind")
    seat = game.current_player(state)
    state = game.apply(state, blind)
    view = game.view(state, seat)
    if view.get("pending") and view["pending"].get("kind") == "pick" and view["pending"]["seat"] == seat:
        html = board("tournay", state, seat)
        drawn = html.split('class="tournay-drawn"', 1)[1].split("</section>", 1)[0]
        pick = next(a for a in game.legal_actions(state) if a["type"] == "pick")
        ident = ANIM.search(drawn.split(f'data-zoom="tournay:{pick["card"]}"', 1)[0].rsplit("<div", 1)[1]).group(1)
        state = game.apply(state, pick)
        assert f'data-anim-id="{ident}"' in board("tournay", state, seat).split('class="tournay-hand"', 1)[1]


# --------------------------------------------------------------------------- picked marks
def first_of_two_clicks(game_id: str, seed: int):
    """A table (you + random bots) where you may start a move of two or more clicks whose first click is a
    place on the board: (session, that first key)."""
    game = pygames.get_game(game_id)
    n = max(game.min_players, min(3, game.max_players))
    session = TableSession(game_id, n, seed, {}, ["human"] + ["random"] * (n - 1))
    rng = random.Random(seed)
    for _ in range(600):
        if session.is_over():
            break
        if session.bot_turn():
            session.play_bot_turn()
            continue
        picker = session.picker()
        view = session.view()
        choices = {k: k for k in picker.options()}
        _, placed = session.render.board(view, 0, "en", NAMES[:n], choices)
        longer = {path[0] for path in picker.paths if len(path) > 1} & placed
        if longer and rng.random() < 0.5:
            return session, sorted(longer)[0]
        session.apply(rng.choice(game.legal_actions(session.state)))
    return None, None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_board_marks_the_first_click_of_a_started_move_where_it_lies(game_id):
    for seed in range(1, 8):
        session, key = first_of_two_clicks(game_id, seed)
        if session is not None:
            break
    assert session is not None, f"{game_id}: no move of two clicks came up"
    n = len(session.seats)
    assert session.click(key) is None
    picker = session.picker()
    view = session.view()
    choices = {k: k for k in picker.options()}
    html, placed = session.render.board(view, 0, "en", NAMES[:n], choices, picked=tuple(picker.prefix))
    marked = re.findall(r'<[^>]*\bdata-picked="1"[^>]*>', html)
    assert len(marked) == 1, f"{game_id}: {key} marked {len(marked)} times"
    assert 'data-choice=' not in marked[0], "the picked place is no longer a choice"
    assert "data-picked" not in session.render.board(view, 0, "en", NAMES[:n], choices)[0]
