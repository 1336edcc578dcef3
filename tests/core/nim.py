"""A tiny perfect-information game for testing the core: take 1 or 2 stones; taking the last stone wins."""

from pygames.core import Game, SetupError, log_entry, log_visible_to, option


class NimGame(Game):
    id = "nim"
    min_players, max_players = 2, 3
    title = {"en": "Nim", "ja": "ニム"}

    def _option_specs(self):
        return [option("stones", "int", 7, "Stones", "石", minimum=3, maximum=15),
                option("first_player", "int", 0, "First player", "最初の手番", minimum=0, maximum=2)]

    def _setup(self, num_players, rng, options):
        first = options["first_player"]
        if first >= num_players:
            raise SetupError("first_player must be a seat")
        return {"num_players": num_players, "stones": options["stones"], "to_move": first,
                "winner": None, "log": []}

    def _current_player(self, state):
        return None if state["winner"] is not None else state["to_move"]

    def _legal_actions(self, state):
        return [{"type": "take", "n": k} for k in (1, 2) if k <= state["stones"]]

    def _apply(self, state, action, rng):
        state["stones"] -= action["n"]
        state["log"].append(log_entry("take", seat=state["to_move"], n=action["n"]))
        if state["stones"] == 0:
            state["winner"] = state["to_move"]
        else:
            state["to_move"] = (state["to_move"] + 1) % state["num_players"]

    def _view(self, state, seat):
        return {k: v for k, v in state.items() if k not in ("rng", "log")} | {
            "log": log_visible_to(state["log"], seat)}

    def _scores(self, state):
        return [1 if s == state["winner"] else 0 for s in range(state["num_players"])]

    def _winners(self, state):
        return [state["winner"]]

    def _sample_state(self, view, seat, rng):
        return dict(view)


GAME = NimGame()
