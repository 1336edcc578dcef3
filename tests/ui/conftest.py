"""UI tests run for every registered game, plus a tiny test-only game ("fixture")."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pygames  # noqa: E402

import fixture_game  # noqa: E402

UI_GAMES = list(pygames.GAME_IDS) + [fixture_game.GAME_ID]


@pytest.fixture(params=UI_GAMES)
def game_id(request, monkeypatch):
    """Each registered game, and the fixture game (installed for the test only)."""
    if request.param == fixture_game.GAME_ID:
        fixture_game.install(monkeypatch)
    return request.param


@pytest.fixture
def fixture_game_id(monkeypatch):
    fixture_game.install(monkeypatch)
    return fixture_game.GAME_ID
