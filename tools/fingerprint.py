"""Fingerprints of seeded games: one hash per game and kind of play, to prove a refactor changed no game.

``python3 build.py fingerprint [--games N] [--game ID ...] [--hard N] [--out FILE]``
(or ``python3 tools/fingerprint.py ...``)

For each game and player count it plays N seeded games with random bots and random options
(drawn from the option specs by a seeded generator), and hashes every step: the mover, the legal
list, the chosen action, and at the end the state's dict form, the scores, the winners and every
seat's view. Then a few games with normal bots, and ``--hard`` games with the hard bot at a small
iteration budget and no time limit (its settings otherwise as shipped), which fingerprints the
search and its playouts too. Same hashes before and after a change: the same games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

if __name__ == "__main__" and not __package__:
    # run as `python3 tools/fingerprint.py`: this checkout's pygames, as for `python3 -m tools.fingerprint`
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import pygames  # noqa: E402
from pygames.bots import make_bot  # noqa: E402


def random_options(game: pygames.Game, num_players: int, rnd: random.Random) -> dict:
    options = {}
    for spec in game.option_specs():
        if spec.get("min_players", 0) > num_players:
            continue
        choices = [True, False] if spec["kind"] == "bool" else spec["choices"]
        options[spec["key"]] = rnd.choice(choices)
    return options


def play(game: pygames.Game, num_players: int, seed: str, options: dict, bots: list, digest: hashlib._Hash) -> None:
    state = game.new_game(num_players, seed, options)
    for _ in range(100000):
        seat = game.current_player(state)
        if seat is None:
            break
        legal = game.legal_actions(state)
        action = bots[seat].choose(game, game.view(state, seat), legal, seat)
        digest.update(json.dumps([seat, legal, action], sort_keys=True).encode())
        state = game.apply(state, action)
    final = [game.to_dict(state), game.scores(state), game.winners(state),
             [game.view(state, s) for s in [None, *range(num_players)]]]
    digest.update(json.dumps(final, sort_keys=True).encode())


def fingerprints(game_ids: list[str], games: int, normal: int, hard: int, iterations: int) -> dict:
    out: dict[str, dict[str, str]] = {}
    for game_id in game_ids:
        game = pygames.get_game(game_id)
        rows = out[game_id] = {}
        for n in range(game.min_players, game.max_players + 1):
            for kind, count, level in (("random", games, "random"), ("normal", normal, "normal"),
                                       ("hard", hard, "hard")):
                if not count:
                    continue
                digest = hashlib.sha256()
                rnd = random.Random(f"{game_id}/{n}/{kind}")
                for i in range(count):
                    seed = f"fp{i}"
                    options = random_options(game, n, rnd) if kind == "random" else {}
                    # no time limit: the shipped 0.8 s would cut a search short on a loaded machine
                    settings = {"iterations": iterations, "max_seconds": None} if level == "hard" else {}
                    bots = [make_bot(level, f"{seed}/seat{s}", **settings) for s in range(n)]
                    play(game, n, seed, options, bots, digest)
                rows[f"{n}p {kind} x{count}"] = digest.hexdigest()[:16]
    return out


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=pygames.GAME_IDS)
    parser.add_argument("--games", type=int, default=100, help="random games per player count")
    parser.add_argument("--normal", type=int, default=10, help="normal-bot games per player count")
    parser.add_argument("--hard", type=int, default=0, help="hard-bot games per player count")
    parser.add_argument("--iterations", type=int, default=30, help="the hard bot's iterations here")
    parser.add_argument("--out", type=Path, help="write the hashes as JSON to this file")
    args = parser.parse_args(argv)
    result = fingerprints(args.game or list(pygames.GAME_IDS), args.games, args.normal, args.hard,
                          args.iterations)
    text = json.dumps(result, indent=1, sort_keys=True)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
