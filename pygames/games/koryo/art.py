"""Koryo card art: original SVG symbols drawn for this project (flat emblems under a gate arch).

``defs()`` is one hidden ``<svg>`` of ``<symbol>``s with ids ``koryo-art-<kind>`` for the nine
characters (``koryo-art-1`` .. ``koryo-art-9``) and the two events (``koryo-art-10`` Barbarians,
``koryo-art-11`` Lobbying), plus ``koryo-art-back`` and ``koryo-art-gold``. Every kind has its own
emblem besides its colour; the events sit on a jagged ground so they stand out without colour.
"""

from __future__ import annotations

_CREAM = "#fdf3de"

# kind -> (ground colour, emblem)
_KINDS = {
    # 1 Omniscient: an eye with rays
    1: ("#6a4c93", '<path d="M50 14v10M24 24l7 7M76 24l-7 7M14 46h10M86 46h-10" fill="none" stroke="#fdf3de" '
                   'stroke-width="4"/><path d="M16 56q34-30 68 0-34 30-68 0z"/><circle cx="50" cy="56" r="11" '
                   'fill="#2a1e3a"/>'),
    # 2 Spy: a veil over a face, only the eyes show
    2: ("#3d4a5c", '<circle cx="50" cy="44" r="22"/><path d="M26 48h48v8q-24 26-48 0z" fill="#1d232c"/>'
                   '<circle cx="42" cy="42" r="3.5" fill="#1d232c"/><circle cx="58" cy="42" r="3.5" fill="#1d232c"/>'),
    # 3 Senator: an official's wide-brimmed hat over a scroll
    3: ("#2e7d6b", '<ellipse cx="50" cy="40" rx="34" ry="8"/><path d="M38 40V22q12-8 24 0v18z"/>'
                   '<rect x="30" y="56" width="40" height="22" rx="3"/><path d="M36 63h28M36 70h20" fill="none" '
                   'stroke-width="2"/>'),
    # 4 Priest: a lotus
    4: ("#c0567a", '<path d="M50 22q14 20 0 46-14-26 0-46z"/><path d="M50 68q-4-26-26-28 0 24 26 28z"/>'
                   '<path d="M50 68q4-26 26-28 0 24-26 28z"/><path d="M24 74h52" fill="none"/>'),
    # 5 Ship Owner: a ship with one sail
    5: ("#2f6db5", '<path d="M48 14v50" fill="none"/><path d="M50 18q22 18 0 40z"/><path d="M46 22q-16 16 0 34z"/>'
                   '<path d="M18 64h64l-10 14H28z"/>'),
    # 6 Banker: a coin with a square hole, on a stack
    6: ("#b0781e", '<ellipse cx="50" cy="74" rx="24" ry="6"/><ellipse cx="50" cy="66" rx="24" ry="6"/>'
                   '<circle cx="50" cy="38" r="22"/><rect x="43" y="31" width="14" height="14" fill="#6b4710"/>'),
    # 7 Guardian: a spear crossed over a round shield
    7: ("#8a3b2e", '<path d="M22 82L76 16" fill="none" stroke="#fdf3de" stroke-width="5"/><path d="M76 16l-12 4 8 8z"/>'
                   '<circle cx="50" cy="52" r="20"/><circle cx="50" cy="52" r="7" fill="#5a241b"/>'),
    # 8 Broadcaster: a drum on its stand
    8: ("#d2691e", '<path d="M26 34h48v28H26z"/><ellipse cx="50" cy="34" rx="24" ry="7"/>'
                   '<path d="M26 62q24 10 48 0M32 70l-6 12M68 70l6 12" fill="none"/><path d="M70 14L54 30" '
                   'fill="none" stroke-width="4"/>'),
    # 9 Merchant: a balance scale
    9: ("#4f7b2e", '<path d="M50 16v60M30 78h40M22 30h56" fill="none" stroke="#fdf3de" stroke-width="4"/>'
                   '<path d="M22 30l-10 22h20zM78 30l-10 22h20z" fill="none"/><path d="M12 52q10 10 20 0z'
                   'M68 52q10 10 20 0z"/>'),
    # 10 Barbarians: an axe
    10: ("#a32020", '<path d="M34 84L62 20" fill="none" stroke="#fdf3de" stroke-width="6"/><path d="M56 18q22-4 28 '
                    '20-14-4-22 8z"/>'),
    # 11 Lobbying: two arrows trading places over a scroll
    11: ("#3a56a6", '<rect x="32" y="58" width="36" height="22" rx="3"/><path d="M22 30h48l-8-8m8 8l-8 8'
                    'M78 46H30l8-8m-8 8l8 8" fill="none" stroke="#fdf3de" stroke-width="5"/>'),
}

_ARCH = '<rect width="100" height="100" rx="12" fill="#f6ecd6"/><path d="M6 96V40a44 44 0 0 1 88 0v56z" fill="{c}"/>'
_JAG = ('<rect width="100" height="100" rx="12" fill="#f6ecd6"/>'
        '<path d="M6 96V30l11-12 11 12 11-12 11 12 11-12 11 12 11-12 11 12v66z" fill="{c}"/>')

_BACK = ('<rect width="100" height="100" rx="12" fill="#20394f"/>'
         '<rect x="7" y="7" width="86" height="86" rx="8" fill="none" stroke="#e2c07a" stroke-width="3"/>'
         '<g fill="none" stroke="#e2c07a" stroke-width="3"><circle cx="50" cy="50" r="22"/>'
         '<path d="M50 28q12 11 0 22t0 22"/><path d="M18 18l12 12M82 18L70 30M18 82l12-12M82 82L70 70"/></g>')

_GOLD = ('<circle cx="50" cy="50" r="44" fill="#e7b53b" stroke="#7a5510" stroke-width="5"/>'
         '<circle cx="50" cy="50" r="30" fill="none" stroke="#7a5510" stroke-width="3"/>'
         '<rect x="40" y="40" width="20" height="20" fill="#7a5510"/>')


def _symbol(name: str | int, body: str) -> str:
    return f'<symbol id="koryo-art-{name}" viewBox="0 0 100 100">{body}</symbol>'


def defs() -> str:
    """One hidden ``<svg>`` holding every Koryo symbol (emitted once per screen)."""
    parts = []
    for kind, (colour, emblem) in _KINDS.items():
        ground = (_JAG if kind >= 10 else _ARCH).format(c=colour)
        parts.append(_symbol(kind, ground + f'<g fill="{_CREAM}" stroke="#1d1d1d" stroke-width="3" '
                                            f'stroke-linejoin="round" stroke-linecap="round">{emblem}</g>'))
    parts.append(_symbol("back", _BACK))
    parts.append(_symbol("gold", _GOLD))
    return (f'<svg class="art-defs" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">'
            f'{"".join(parts)}</svg>')
