"""Tournay test positions: a state written out from a short description (as a chess test sets up
a board from a FEN string), then checked by the game's one state check (``GAME.from_dict``, which
runs ``_check_state``: each card and event of the game in exactly one place, every part of the
right kind). The rules engine itself only deals random games.

Card ids are the keys of ``cards.CARDS`` ("fort", "crier_R1" ...), events the keys of
``cards.EVENTS``, decks "R1" ... "Y3", seats 0-based."""

from __future__ import annotations

from pygames.core import log_entry
from pygames.games.tournay import cards as K
from pygames.games.tournay.rules import GAME
from pygames.games.tournay.scoring import end_trigger


def position(n: int = 2, *, rules: str = "normal", first_player: int = 0, decks: dict | None = None,
             events: list | None = None, hands: list | None = None, districts: list | None = None,
             deniers: list | None = None, citizens: list | None = None, ramparts: list | None = None,
             criers_out: list | tuple = (), event_deniers: list | None = None, supply: dict | None = None) -> dict:
    """The first turn of a game of ``n`` players (``first_player`` to play) in this position:

    - ``decks``: {deck: [cards top first]} on top of that deck; the rest of each deck below, in
      catalogue order (``cards.deck_cards``), without the cards placed elsewhere;
    - ``events``: the event deck top first (the first three form the queue, left to right), the
      rest in catalogue order (``cards.EVENT_ORDER``) without the ramparts;
    - per seat: ``hands`` (lists of cards), ``districts`` (3x3 grids of None, a card, or a list of
      cards bottom to top), ``deniers``, ``citizens`` (standing {"R", "W", "Y"}), ``ramparts``
      (lists of events);
    - ``criers_out``: decks whose town crier is out; ``event_deniers``: deniers on the three queue
      events; ``supply``: {"R", "W", "Y"}.

    Unset parts are as the rules deal them (``rules``: "normal" or "advanced"). The end is checked
    at once, as at the start of a round, so a position may start in the last round. Cards and
    events placed are taken out of their decks when they are there; anything that does not add up
    (a card twice too many, an unknown card, a stack of two colours ...) is refused by the state
    check with RecordError."""
    conf = K.SETUP[rules] if rules in K.SETUP else K.SETUP["normal"]
    hands = hands if hands is not None else [[] for _ in range(n)]
    ramparts = ramparts if ramparts is not None else [[] for _ in range(n)]
    grids = [[[_cell(cell) for cell in row] for row in grid] for grid in districts] if districts is not None \
        else [[[None] * 3 for _ in range(3)] for _ in range(n)]
    given = dict(decks or {})
    placed = [card for hand in hands for card in hand] + [f"crier_{deck}" for deck in criers_out]
    placed += [card for grid in grids for row in grid for cell in row if cell for card in cell["s"]]
    placed += [card for cards in given.values() for card in cards]
    piles = {deck: K.deck_cards(deck) for deck in K.DECKS}
    for card in placed:
        pile = piles.get(K.deck_of(card)) if card in K.CARDS else None
        if pile is not None and card in pile:
            pile.remove(card)
    piles = {deck: list(given.get(deck, [])) + piles[deck] for deck in K.DECKS} | \
        {deck: list(cards) for deck, cards in given.items() if deck not in piles}
    ev_given = list(events or [])
    ev_rest = list(K.EVENT_ORDER)
    for ev in ev_given + [ev for seat in ramparts for ev in seat]:
        if ev in ev_rest:
            ev_rest.remove(ev)
    ev_deck = ev_given + ev_rest
    queue = [{"ev": ev, "den": 0} for ev in ev_deck[:K.QUEUE_SIZE]] + [None] * (K.QUEUE_SIZE - len(ev_deck))
    for item, den in zip(queue, event_deniers or []):
        if item is not None:
            item["den"] = den
    players = [{"deniers": deniers[seat] if deniers is not None else conf["deniers"],
                "stand": dict(citizens[seat]) if citizens is not None else {c: conf["citizens"] for c in K.COLOURS},
                "laid": {c: 0 for c in K.COLOURS}, "hand": list(hands[seat]), "ramparts": list(ramparts[seat]),
                "built": [], "dropped": [], "district": grids[seat]}
               for seat in range(len(hands))]
    reason = end_trigger(players, len(criers_out))
    state = {
        "num_players": n, "rules": rules, "first": first_player, "turn": first_player, "round": 1, "phase": "turn",
        "last_round": reason is not None, "decks": piles, "faceup": {deck: None for deck in K.DECKS},
        "criers": list(criers_out), "ev_deck": ev_deck[K.QUEUE_SIZE:], "queue": queue, "ev_out": [],
        "supply": dict(supply) if supply is not None else {c: conf["supply"] for c in K.COLOURS},
        "players": players, "tasks": [], "pending": None, "final": None,
        "log": [log_entry("start", first=first_player, rules=rules)]
        + ([log_entry("last_round", reason=reason)] if reason else []),
        "rng": 1,
    }
    return GAME.from_dict({"game": GAME.id, "version": GAME.version, "state": state})


def _cell(cell: str | list | None) -> dict | None:
    if cell is None:
        return None
    return {"s": [cell] if isinstance(cell, str) else list(cell), "occ": [], "dmg": False}
