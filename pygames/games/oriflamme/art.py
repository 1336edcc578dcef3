"""Oriflamme card art: original SVG symbols drawn for this project (flat heraldic emblems).

``defs()`` is one hidden ``<svg>`` of ``<symbol>``s with ids ``oriflamme-art-<name>``: the ten
kinds, the card back (the swallow-tailed banner) and the influence token. Characters that stay in
the queue sit on a shield, one-shot cards on a disc, so the two families differ by shape as well
as by colour; each kind has its own emblem.
"""

from __future__ import annotations

from .cards import ONE_SHOT

_CREAM = "#fbf0d5"
_SHIELD = '<path d="M12 8h76v40c0 26-18 38-38 46C30 86 12 74 12 48z" fill="#2f4468"/>'
_DISC = '<circle cx="50" cy="50" r="44" fill="#7a2434"/><circle cx="50" cy="50" r="38" fill="none" ' \
        'stroke="#e7c36a" stroke-width="2" stroke-dasharray="4 4"/>'

_EMBLEMS = {
    # a bow drawn with its arrow
    "archer": '<g stroke="#fbf0d5" fill="none"><path d="M34 16q40 34 0 68" stroke-width="6"/>'
              '<path d="M34 16v68" stroke-width="2"/><path d="M18 50h56" stroke-width="4"/>'
              '<path d="M18 50l-4-6m4 6l-4 6" stroke-width="3"/></g><path d="M82 50l-12-7v14z"/>',
    # a sword behind a kite shield
    "soldier": '<path d="M50 10v74" stroke="#fbf0d5" stroke-width="6"/><path d="M38 22h24" stroke="#fbf0d5" '
               'stroke-width="5"/>'
               '<path d="M32 36h36v18c0 14-9 22-18 26-9-4-18-12-18-26z"/><path d="M50 40v34M36 52h28" fill="none"/>',
    # a mask with two eyes: who watches the neighbours
    "spy": '<path d="M14 42q36-16 72 0-2 22-22 20-8-2-14-8-6 6-14 8-20 2-22-20z"/>'
           '<ellipse cx="35" cy="48" rx="7" ry="4" fill="#1e2430"/><ellipse cx="65" cy="48" rx="7" ry="4" '
           'fill="#1e2430"/>',
    # a small crown on a cushion
    "heir": '<path d="M30 54V32l10 10 10-14 10 14 10-10v22z"/><circle cx="50" cy="26" r="4"/>'
            '<path d="M22 62q28-8 56 0v10q-28 8-56 0z"/>',
    # a dagger and a drop
    "assassination": '<path d="M70 16l-34 44 5 5 36-42z"/><path d="M32 54l14 14" stroke="#fbf0d5" '
                     'stroke-width="6"/><path d="M30 70l-8 8" stroke="#fbf0d5" stroke-width="6"/><path d="M66 62q8 12 '
                     '0 18-8-6 0-18z" fill="#c0392b"/>',
    # a rolled decree with a seal
    "decree": '<rect x="24" y="22" width="52" height="50" rx="4"/><rect x="18" y="16" width="64" height="10" rx="5"/>'
              '<rect x="18" y="68" width="64" height="10" rx="5"/><path d="M32 36h36M32 46h36M32 56h20" '
              'fill="none" stroke-width="2"/><circle cx="64" cy="62" r="7" fill="#c0392b"/>',
    # a castle tower
    "lord": '<path d="M30 82V30h8v8h8v-8h8v8h8v-8h8v52z"/><path d="M44 82V64a6 6 0 0 1 12 0v18z" fill="#2a1d12"/>'
            '<rect x="46" y="44" width="8" height="10" fill="#2a1d12"/>',
    # a face of two halves
    "shapeshifter": '<circle cx="50" cy="48" r="30"/><path d="M50 18a30 30 0 0 1 0 60z" fill="#1e2430"/>'
                    '<circle cx="39" cy="42" r="4" fill="#1e2430"/><circle cx="61" cy="42" r="4" fill="#fbf0d5"/>'
                    '<path d="M36 60q7 6 14 0" fill="none"/><path d="M50 60q7-6 14 0" fill="none" stroke="#fbf0d5"/>',
    # spear points rising out of a bush
    "ambush": '<path d="M36 50V22M50 50V14M64 50V22" stroke="#fbf0d5" stroke-width="4"/><path d="M36 14l-5 10h10zM50 '
              '6l-5 10h10z'
              'M64 14l-5 10h10z"/><path d="M16 76q0-18 16-16 4-12 18-10 14-2 18 10 16-2 16 16z" fill="#5e8a3a"/>',
    # three hooded figures
    "conspiracy": '<path d="M14 82q0-36 18-36t18 36z"/><path d="M50 82q0-36 18-36t18 36z"/>'
                  '<path d="M30 84q0-44 20-44t20 44z" fill="#1e2430"/><circle cx="45" cy="58" r="2.5" '
                  'fill="#fbf0d5" stroke="none"/><circle cx="55" cy="58" r="2.5" fill="#fbf0d5" stroke="none"/>',
}

_BACK = ('<rect width="100" height="100" rx="10" fill="#e9c46a"/>'
         '<rect x="6" y="6" width="88" height="88" rx="7" fill="none" stroke="#7a2434" stroke-width="3"/>'
         '<path d="M30 12v78" stroke="#3b2a14" stroke-width="5"/>'
         '<path d="M32 16h44l-12 16 12 16H32z" fill="#c0392b" stroke="#7a2434" stroke-width="2"/>'
         '<path d="M40 26l4 6-4 6m10-12l4 6-4 6" fill="none" stroke="#fbe9c6" stroke-width="2"/>')

_TOKEN = ('<circle cx="50" cy="50" r="44" fill="#f2c230" stroke="#6b4f00" stroke-width="5"/>'
          '<path d="M50 22q10 14 0 30-10-16 0-30zM50 52q18-10 26 4-14 8-26-4zM50 52q-18-10-26 4 14 8 26-4z'
          'M46 52h8v22h-8z" fill="#fff3c4" stroke="#6b4f00" stroke-width="2"/>')


def _symbol(name: str, body: str) -> str:
    return f'<symbol id="oriflamme-art-{name}" viewBox="0 0 100 100">{body}</symbol>'


def defs() -> str:
    """One hidden ``<svg>`` holding every Oriflamme symbol (emitted once per screen)."""
    parts = []
    for name, emblem in _EMBLEMS.items():
        ground = _DISC if name in ONE_SHOT else _SHIELD
        parts.append(_symbol(name, ground + f'<g fill="{_CREAM}" stroke="#1e2430" stroke-width="3" '
                                            f'stroke-linejoin="round" stroke-linecap="round">{emblem}</g>'))
    parts.append(_symbol("back", _BACK))
    parts.append(_symbol("token", _TOKEN))
    return (f'<svg class="art-defs" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">'
            f'{"".join(parts)}</svg>')
