"""Coup card art: original SVG symbols drawn for this project (simple flat emblems).

``defs()`` is one hidden ``<svg>`` of ``<symbol>``s with ids ``coup-art-<name>``: the seven
characters, the card back, a coin, and the emblems of the actions that no character claims.
Each character differs by its emblem (crown, dagger, anchor, arrows, fan, eye, rings) as well
as by its colour, so the cards tell apart without colour.
"""

from __future__ import annotations

from .cards import LOOK

_CREAM = "#fff4dc"


def _medallion(colour: str) -> str:
    return (f'<rect width="100" height="100" rx="12" fill="{colour}"/>'
            f'<circle cx="50" cy="48" r="37" fill="#fff" fill-opacity=".17"/>'
            f'<path d="M8 88h84" stroke="#fff" stroke-opacity=".4" stroke-width="3"/>')


def _emblem(ink: str, body: str) -> str:
    return (f'<g fill="{_CREAM}" stroke="{ink}" stroke-width="3" stroke-linejoin="round" '
            f'stroke-linecap="round">{body}</g>')


# emblems in a 100 x 100 box, centred near (50, 48)
_EMBLEMS = {
    # a crown over a stack of coins: taxes
    "duke": '<path d="M26 52V28l12 12 12-18 12 18 12-12v24z"/><rect x="26" y="52" width="48" height="8"/>'
            '<ellipse cx="50" cy="74" rx="20" ry="6"/><ellipse cx="50" cy="67" rx="20" ry="6"/>',
    # two interlocked rings: alliances
    "diplomat": '<circle cx="39" cy="48" r="17" fill="none" stroke-width="7"/>'
                '<circle cx="61" cy="48" r="17" fill="none" stroke-width="7"/>'
                '<circle cx="39" cy="48" r="17" fill="none" stroke="#fff4dc" stroke-width="3"/>'
                '<circle cx="61" cy="48" r="17" fill="none" stroke="#fff4dc" stroke-width="3"/>',
    # a dagger, point up
    "assassin": '<path d="M50 12l8 44H42z"/><rect x="32" y="56" width="36" height="7" rx="3"/>'
                '<rect x="46" y="63" width="8" height="16"/><circle cx="50" cy="83" r="5"/>',
    # an anchor
    "captain": '<circle cx="50" cy="20" r="7" fill="none" stroke-width="5"/>'
               '<rect x="46" y="27" width="8" height="50"/><rect x="34" y="34" width="32" height="7" rx="3"/>'
               '<path d="M22 56q4 24 28 24t28-24l-8 4m-40-4l8 4" fill="none" stroke-width="7"/>'
               '<path d="M22 56q4 24 28 24t28-24" fill="none" stroke="#fff4dc" stroke-width="3"/>',
    # two arrows turning round: exchange
    "ambassador": '<path d="M24 44a27 27 0 0 1 48-10l5-6 2 22-21-3 7-5a18 18 0 0 0-32 6z"/>'
                  '<path d="M76 54a27 27 0 0 1-48 10l-5 6-2-22 21 3-7 5a18 18 0 0 0 32-6z"/>',
    # an open fan
    "contessa": '<path d="M50 78L16 44a48 48 0 0 1 68 0z"/>'
                '<path d="M50 78L28 33M50 78l-8-49M50 78l8-49M50 78l22-45" fill="none"/>'
                '<circle cx="50" cy="78" r="5"/>',
    # an eye under a brow: who looks at your cards
    "inquisitor": '<path d="M14 50q36-34 72 0-36 34-72 0z"/><circle cx="50" cy="50" r="12" fill="#3a3a3a"/>'
                  '<circle cx="54" cy="46" r="4" stroke="none"/><path d="M22 28q28-14 56 0" fill="none" '
                  'stroke-width="5"/>',
}

_BACK = ('<rect width="100" height="100" rx="12" fill="#5c1f2b"/>'
         '<rect x="7" y="7" width="86" height="86" rx="8" fill="none" stroke="#d9b35f" stroke-width="3"/>'
         '<path d="M50 14l36 36-36 36-36-36z" fill="#7d2a3a" stroke="#d9b35f" stroke-width="3"/>'
         '<path d="M34 58V40l8 8 8-12 8 12 8-8v18z" fill="#d9b35f"/>'
         '<circle cx="50" cy="68" r="4" fill="#d9b35f"/>')

_COIN = ('<circle cx="50" cy="50" r="44" fill="#e0b23c" stroke="#8a6410" stroke-width="5"/>'
         '<circle cx="50" cy="50" r="31" fill="none" stroke="#8a6410" stroke-width="3"/>'
         '<path d="M50 30l6 14h14l-11 9 4 15-13-9-13 9 4-15-11-9h14z" fill="#fff1c2" stroke="#8a6410" '
         'stroke-width="2"/>')

# actions without a character: income / foreign aid (coins), coup (a toppled crown),
# convert (a faction banner), embezzle (the almshouse)
_ACTIONS = {
    "coins": ('<rect width="100" height="100" rx="12" fill="#f3e3b5"/>'
              '<use href="#coup-art-coin" x="6" y="26" width="52" height="52"/>'
              '<use href="#coup-art-coin" x="42" y="22" width="52" height="52"/>'),
    "coup": (_medallion("#7a6a55") + _emblem("#2b2118",
             '<path d="M22 62V38l11 10 11-16 11 16 11-10v24z" transform="rotate(-24 44 50)"/>'
             '<path d="M60 20l22 62" fill="none" stroke-width="7"/><path d="M60 20l22 62" fill="none" '
             'stroke="#fff4dc" stroke-width="3"/>')),
    "convert": (_medallion("#6b6f86") + _emblem("#1f2233",
                '<rect x="28" y="14" width="6" height="70"/><path d="M34 18h36l-9 12 9 12H34z"/>')),
    "embezzle": (_medallion("#7c6a48") + _emblem("#2b2118",
                 '<path d="M18 46l32-26 32 26z"/><rect x="26" y="46" width="48" height="32"/>'
                 '<rect x="44" y="58" width="12" height="20" fill="#5c4a30"/>')),
}


def _symbol(name: str, body: str) -> str:
    return f'<symbol id="coup-art-{name}" viewBox="0 0 100 100">{body}</symbol>'


def defs() -> str:
    """One hidden ``<svg>`` holding every Coup symbol (emitted once per screen)."""
    parts = [_symbol(name, _medallion(LOOK[name]["color"]) + _emblem(LOOK[name]["ink"], emblem))
             for name, emblem in _EMBLEMS.items()]
    parts.append(_symbol("back", _BACK))
    parts.append(_symbol("coin", _COIN))
    parts += [_symbol(name, body) for name, body in _ACTIONS.items()]
    return (f'<svg class="art-defs" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">'
            f'{"".join(parts)}</svg>')


#: the picture of each action in the card reference and the action menu
ACTION_ART = {"income": "coins", "foreign_aid": "coins", "coup": "coup", "tax": "duke", "steal": "captain",
              "exchange": "ambassador", "assassinate": "assassin", "examine": "inquisitor",
              "cooperate": "diplomat", "convert": "convert", "embezzle": "embezzle"}
