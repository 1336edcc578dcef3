"""Game-agnostic pieces: the contract base class, errors, RNG, options, records."""

from .errors import IllegalAction, RecordError, SetupError
from .game import Action, Game, GameInfo, State, View, clone, log_entry, log_visible_to, strict_equal
from .options import option
from .record import make_record, parse_record, replay
from .rng import Rng, StateRng

__all__ = ["Action", "Game", "GameInfo", "IllegalAction", "RecordError", "Rng", "SetupError", "State",
           "StateRng", "View", "clone", "log_entry", "log_visible_to", "make_record", "option",
           "parse_record", "replay", "strict_equal"]
