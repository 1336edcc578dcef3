"""Great Houses art: original SVG symbols drawn for this project (no copied or traced artwork).

``defs()`` returns one hidden ``<svg>`` holding every symbol once; a card face shows one with
``<svg class="card-art"><use href="#houses-art-<name>"/></svg>``. Symbols use presentation
attributes only (the page's Content-Security-Policy refuses inline styles) and ``currentColor``
where the card's House colour should show through.

The pictures, 64×64 unless noted:
    crest-<house>     a shield per House, each with its own emblem (a colour-blind player tells
                      them apart by the emblem: horse, scales, moth, sun; neutral: a crown)
    char-warrior | char-spy | char-noble    character portraits (helmet, hood, crown)
    loc-keep | loc-market | loc-tower       locations (a castle, a market hall, a beacon tower)
    att-blade | att-banner                  attachments (a sword, a pennant)
    ev-scroll | ev-bolt                     events (a decree; a reaction's strike)
    plot-P1 .. plot-P7                      one picture per plot
    agenda-<id>                             one picture per agenda
    coin | init | claim | reserve | power   the numbers' icons (gold, initiative, claim,
                                            reserve, power)
    back                                    the card back
"""

from __future__ import annotations

from ...ui.svgart import symbol_sheet, use_symbol
from .cards import CARDS

PREFIX = "houses-art-"

# House colours (crest field) and a darker rim; emblems are drawn in parchment.
HOUSE_COLOURS = {
    "vorhelm": ("#a8322b", "#5e1a15"),
    "miravelle": ("#b78a12", "#6a4e06"),
    "ombrine": ("#5d4391", "#2f2050"),
    "solmere": ("#2f6cab", "#173a60"),
    "neutral": ("#6e6a62", "#3b3833"),
}
PARCHMENT = "#f7efd9"
INK = "#2a2118"

SHIELD = "M10 6h44v22c0 15-10 25-22 31C20 53 10 43 10 28z"

EMBLEMS = {
    # a horse's head facing left
    "vorhelm": (f'<path fill="{PARCHMENT}" d="M22 47l3-14c-3-2-5-5-4-8l5-6c2-3 6-5 10-5l3-4 2 5c4 2 6 7 6 12'
                f'l1 20z"/><circle cx="30" cy="22" r="1.6" fill="{INK}"/>'
                f'<path d="M38 17c3 3 4 8 4 12" fill="none" stroke="{INK}" stroke-width="1.5"/>'),
    # a balance with two pans
    "miravelle": (f'<g fill="none" stroke="{PARCHMENT}" stroke-width="3" stroke-linecap="round">'
                  f'<path d="M32 14v30M20 19h24M20 19l-6 12M20 19l6 12M44 19l-6 12M44 19l6 12M24 46h16"/></g>'
                  f'<path fill="{PARCHMENT}" d="M12 31h16a8 5 0 0 1-16 0zM36 31h16a8 5 0 0 1-16 0z"/>'
                  f'<circle cx="32" cy="13" r="3" fill="{PARCHMENT}"/>'),
    # a moth, wings spread
    "ombrine": (f'<g fill="{PARCHMENT}"><path d="M31 22C24 12 13 12 14 22s9 10 17 6zM33 22c7-10 18-10 17 0'
                f's-9 10-17 6zM31 30c-7 2-12 8-9 13s8-2 9-8zM33 30c7 2 12 8 9 13s-8-2-9-8z"/></g>'
                f'<path d="M32 19v24" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>'
                f'<path d="M31 19l-4-6M33 19l4-6" stroke="{PARCHMENT}" stroke-width="1.5" fill="none"/>'),
    # the sun rising over a wall
    "solmere": (f'<path fill="{PARCHMENT}" d="M20 36a12 12 0 0 1 24 0z"/>'
                f'<g stroke="{PARCHMENT}" stroke-width="3" stroke-linecap="round">'
                f'<path d="M32 14v5M18 21l3 4M46 21l-3 4M12 32h5M47 32h5"/></g>'
                f'<path fill="{PARCHMENT}" d="M14 38h36v4h-4v4h-4v-4h-4v4h-4v-4h-4v4h-4v-4h-4v4h-4z"/>'),
    # a three-pointed crown
    "neutral": (f'<path fill="{PARCHMENT}" d="M16 40l-2-20 10 9 8-13 8 13 10-9-2 20z"/>'
                f'<rect x="16" y="42" width="32" height="5" rx="1" fill="{PARCHMENT}"/>'),
}


def _crest(house: str) -> str:
    field, rim = HOUSE_COLOURS[house]
    return (f'<path d="{SHIELD}" fill="{field}" stroke="{rim}" stroke-width="3"/>'
            f'<path d="M14 10h36v18c0 12-8 20-18 25" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="2"/>'
            + EMBLEMS[house])


# Portraits: a shoulder-and-head bust in currentColor (the House colour), the face in skin tone,
# and what sets the three apart: a helmet and sword, a hood and dagger, a crown and sceptre.
_BUST = ('<path fill="currentColor" d="M10 62c1-13 10-20 22-20s21 7 22 20z"/>'
         '<path fill="#e9c9a3" d="M27 40h10v6l-5 3-5-3z"/>'
         '<ellipse cx="32" cy="29" rx="10" ry="12" fill="#f0d3b0"/>')
_FACE = (f'<circle cx="28" cy="29" r="1.3" fill="{INK}"/><circle cx="36" cy="29" r="1.3" fill="{INK}"/>'
         f'<path d="M29 35q3 2 6 0" fill="none" stroke="{INK}" stroke-width="1.2"/>')

PICTURES = {
    "char-warrior": (_BUST + _FACE
                     + '<path fill="#9aa3ad" stroke="#4d555e" stroke-width="1.5" d="M20 28c0-10 5-16 12-16s12 6 12 16'
                       'h-4v-5H24v5z"/><path d="M32 12v-5" stroke="#4d555e" stroke-width="3"/>'
                       '<path fill="#c9ced4" stroke="#4d555e" stroke-width="1.2" d="M53 18l3 3-14 30-3-1z"/>'
                       '<path d="M47 44l7 3" stroke="#6b4a2a" stroke-width="3"/>'),
    "char-spy": ('<path fill="#3a3144" d="M12 62c0-12 6-26 20-32 14 6 20 20 20 32z"/>'
                 + '<path fill="currentColor" d="M16 62c2-10 8-17 16-18 8 1 14 8 16 18z"/>'
                 '<path fill="#3a3144" d="M18 34c0-14 6-24 14-24s14 10 14 24l-4 6H22z"/>'
                 '<ellipse cx="32" cy="31" rx="8" ry="10" fill="#e2c3a0"/>'
                 f'<path d="M25 29h5M34 29h5" stroke="{INK}" stroke-width="1.6"/>'
                 '<path fill="#c9ced4" stroke="#4d555e" d="M47 40l8-12 2 1-7 13z"/>'),
    "char-noble": (_BUST + _FACE
                   + '<path fill="#e0b324" stroke="#8a6a0a" stroke-width="1.2" d="M21 20l2-10 5 6 4-8 4 8 5-6 2 10z"/>'
                     '<circle cx="32" cy="12" r="1.8" fill="#c23b2f"/>'
                     '<path fill="#fff" fill-opacity=".55" d="M22 50h20v3H22z"/>'
                     '<path d="M52 62V30" stroke="#8a6a0a" stroke-width="3"/><circle cx="52" cy="28" r="4" '
                     'fill="#e0b324"/>'),
    "loc-keep": ('<path fill="#8fa36b" d="M0 54q32-8 64 0v10H0z"/>'
                 '<path fill="#b9ad97" stroke="#5b5244" stroke-width="1.5" d="M12 54V26h-3v-8h5v4h4v-4h5v8h-3v6h22v-6'
                 'h-3v-8h5v4h4v-4h5v8h-3v28z"/>'
                 '<path fill="#5b5244" d="M28 54V42a4 4 0 0 1 8 0v12z"/>'
                 '<path d="M32 32V8" stroke="#5b5244" stroke-width="2"/><path fill="currentColor" d="M32 8h12l-3 4 3 '
                 '4H32z"/>'),
    "loc-market": ('<path fill="#8fa36b" d="M0 54q32-8 64 0v10H0z"/>'
                   '<path fill="#d9c9a6" stroke="#5b5244" stroke-width="1.5" d="M10 54V30h44v24z"/>'
                   '<path fill="currentColor" stroke="#5b5244" stroke-width="1.5" d="M6 30l8-14h36l8 14z"/>'
                   '<path d="M16 16l-3 14M25 16l-2 14M32 16v14M39 16l2 14M48 16l3 14" stroke="#fff" '
                   'stroke-opacity=".6" stroke-width="2"/>'
                   '<g fill="#e0b324" stroke="#8a6a0a"><ellipse cx="22" cy="46" rx="6" ry="2.5"/><ellipse cx="22" '
                   'cy="42" rx="6" ry="2.5"/>'
                   '<ellipse cx="38" cy="46" rx="6" ry="2.5"/></g>'),
    "loc-tower": ('<path fill="#8fa36b" d="M0 56q32-6 64 0v8H0z"/>'
                  '<path fill="#b9ad97" stroke="#5b5244" stroke-width="1.5" d="M24 56l2-34h12l2 34z"/>'
                  '<path fill="#8a7f6c" d="M22 22h20v-4H22z"/>'
                  '<path fill="#f0a020" d="M32 4c5 5 6 9 3 13h-6c-3-4-2-8 3-13z"/>'
                  '<path fill="#ffd34d" d="M32 9c2 3 2 5 1 8h-2c-1-3-1-5 1-8z"/>'
                  '<path fill="currentColor" d="M28 36h8v8h-8z"/>'),
    "att-blade": ('<path fill="#d4d9de" stroke="#4d555e" stroke-width="1.5" d="M30 6h4l2 36h-8z"/>'
                  '<path d="M32 8v32" stroke="#fff" stroke-width="1"/>'
                  '<path fill="currentColor" stroke="#3b3833" stroke-width="1.2" d="M18 42h28v5H18z"/>'
                  '<path fill="#6b4a2a" d="M29 47h6v10h-6z"/><circle cx="32" cy="59" r="4" fill="currentColor"/>'),
    "att-banner": ('<path d="M20 60V6" stroke="#6b4a2a" stroke-width="4" stroke-linecap="round"/>'
                   '<path fill="currentColor" stroke="#3b3833" stroke-width="1.2" d="M22 8h30l-8 10 8 10H22z"/>'
                   f'<path fill="{PARCHMENT}" d="M32 12l3 5 5 1-4 3 1 5-5-3-5 3 1-5-4-3 5-1z"/>'),
    "ev-scroll": (f'<path fill="{PARCHMENT}" stroke="#8a6a3a" stroke-width="1.5" d="M14 12h34v40H18a4 4 0 0 1-4-4z"/>'
                  '<path fill="#e6d6b0" stroke="#8a6a3a" stroke-width="1.5" d="M10 12a4 4 0 0 1 8 0v4h-8zM44 52a4 4 0 '
                  '1 0 8 0v-4h-8z"/>'
                  '<g stroke="#8a6a3a" stroke-width="2" stroke-linecap="round"><path d="M22 22h20M22 28h20M22 '
                  '34h14"/></g>'
                  '<circle cx="38" cy="44" r="5" fill="currentColor" stroke="#3b3833"/>'),
    "ev-bolt": ('<circle cx="32" cy="32" r="26" fill="currentColor" fill-opacity=".25"/>'
                '<path fill="#ffcf3a" stroke="#8a5a00" stroke-width="1.5" stroke-linejoin="round" d="M36 4L16 '
                '36h13l-5 24 24-34H34z"/>'),
    # plots
    "plot-P1": ('<path fill="#8fa36b" d="M0 54q32-8 64 0v10H0z"/>'
                '<g stroke="#6b4a2a" stroke-width="2.5"><path d="M14 56V14M32 54V8M50 56V14"/></g>'
                '<path fill="#a8322b" d="M15 14h14l-4 6 4 6H15z"/><path fill="#2f6cab" d="M33 8h14l-4 6 4 6H33z"/>'
                '<path fill="#b78a12" d="M51 14h12l-3 6 3 6H51z"/>'),
    "plot-P2": ('<path d="M6 40h18M2 48h20M10 32h14" stroke="#8a7f6c" stroke-width="3" stroke-linecap="round"/>'
                '<path fill="none" stroke="#6d6a66" stroke-width="8" stroke-linecap="round" d="M34 52V30a12 12 0 0 1 '
                '24 0v22"/>'
                '<g fill="#fff"><circle cx="34" cy="44" r="1.6"/><circle cx="34" cy="34" r="1.6"/><circle cx="58" '
                'cy="44" r="1.6"/>'
                '<circle cx="58" cy="34" r="1.6"/></g>'),
    "plot-P3": ('<g stroke-linecap="round"><path d="M12 52L50 10" stroke="#4d555e" stroke-width="6"/>'
                '<path d="M12 52L50 10" stroke="#d4d9de" stroke-width="3"/><path d="M52 52L14 10" stroke="#4d555e" '
                'stroke-width="6"/>'
                '<path d="M52 52L14 10" stroke="#d4d9de" stroke-width="3"/><path d="M8 44l12 12M56 44L44 56" '
                'stroke="#6b4a2a" stroke-width="5"/></g>'
                '<circle cx="32" cy="31" r="6" fill="#a8322b"/>'),
    "plot-P4": ('<ellipse cx="32" cy="42" rx="26" ry="10" fill="#8a5a2a"/><ellipse cx="32" cy="40" rx="26" ry="10" '
                'fill="#b07a40"/>'
                '<g fill="#5b5244"><circle cx="10" cy="30" r="5"/><circle cx="54" cy="30" r="5"/><circle cx="22" '
                'cy="24" r="5"/>'
                '<circle cx="42" cy="24" r="5"/></g>'
                '<path fill="#e0b324" stroke="#8a6a0a" d="M24 42l-1-10 5 4 4-7 4 7 5-4-1 10z"/>'),
    "plot-P5": ('<g stroke="#b07a20" stroke-width="2.5" stroke-linecap="round"><path d="M32 58V22M32 58l-12-30M32 '
                '58l12-30'
                'M32 58L14 36M32 58l18-22"/></g><g fill="#e0b324">'
                '<ellipse cx="32" cy="16" rx="4" ry="8"/><ellipse cx="19" cy="23" rx="4" ry="7" transform="rotate(-22 '
                '19 23)"/>'
                '<ellipse cx="45" cy="23" rx="4" ry="7" transform="rotate(22 45 23)"/><ellipse cx="12" cy="32" '
                'rx="3.5" ry="6" transform="rotate(-40 12 32)"/>'
                '<ellipse cx="52" cy="32" rx="3.5" ry="6" transform="rotate(40 52 32)"/></g>'
                '<path d="M24 44h16" stroke="#8a5a00" stroke-width="4"/>'),
    "plot-P6": ('<path fill="#6f9fc8" d="M0 46q16-6 32 0t32 0v18H0z"/><path fill="#4f7fa8" d="M0 52q16-5 32 0t32 '
                '0v12H0z"/>'
                '<path fill="#4d7a3a" d="M4 46c2-14 8-20 12-20s6 10 6 20zM44 46c1-12 6-18 10-18s6 8 6 18z"/>'
                '<path fill="none" stroke="#6b4a2a" stroke-width="3" d="M22 8q18 16 0 34"/><path d="M22 8v34" '
                'stroke="#ddd" stroke-width="1"/>'
                '<path d="M14 25h26" stroke="#4d555e" stroke-width="2.5"/><path fill="#4d555e" d="M44 25l-6-4v8z"/>'),
    "plot-P7": (f'<path fill="{PARCHMENT}" stroke="#8a6a3a" stroke-width="1.5" d="M8 18h48v32H8z"/>'
                '<path fill="none" stroke="#8a6a3a" stroke-width="1.5" d="M8 18l24 18 24-18"/>'
                '<circle cx="32" cy="36" r="6" fill="#a8322b"/><path fill="#7a1f18" d="M29 36h6v2h-6z"/>'),
    # agendas
    "agenda-undivided": ('<path fill="#b9ad97" stroke="#5b5244" stroke-width="1.5" d="M20 '
                         '58V18h-4V8h6v4h6V8h8v4h6V8h6v10h-4v40z"/>'
                         '<path fill="currentColor" d="M26 26h12v12H26z"/><path fill="#5b5244" d="M28 58V48a4 4 0 0 1 '
                         '8 0v10z"/>'),
    "agenda-banners": ('<path d="M14 60L40 6M50 60L24 6" stroke="#6b4a2a" stroke-width="3.5" stroke-linecap="round"/>'
                       '<path fill="#a8322b" d="M38 10l16 2-6 6 4 8-18-3z"/><path fill="#2f6cab" d="M26 10L10 12l6 '
                       '6-4 8 18-3z"/>'),
    "agenda-hoard": ('<path fill="#8a5a2a" stroke="#4a2e12" stroke-width="1.5" d="M8 30h48v26H8z"/>'
                     '<path fill="#b07a40" stroke="#4a2e12" stroke-width="1.5" d="M8 30c0-10 8-14 24-14s24 4 24 14z"/>'
                     '<g fill="#e0b324" stroke="#8a6a0a"><circle cx="20" cy="24" r="5"/><circle cx="32" cy="21" r="5"/>'
                     '<circle cx="44" cy="24" r="5"/></g><path fill="#e0b324" d="M28 36h8v8h-8z"/>'
                     '<path d="M8 42h48" stroke="#4a2e12" stroke-width="1.5"/>'),
    # the numbers' icons (16×16 drawings in the 64 box, scaled by their <svg>)
    "coin": ('<circle cx="32" cy="32" r="26" fill="#e8b400" stroke="#8a6a0a" stroke-width="4"/>'
             '<circle cx="32" cy="32" r="16" fill="none" stroke="#8a6a0a" stroke-width="3"/>'),
    "init": ('<path fill="#3c6fa8" d="M8 26h28V12l22 20-22 20V38H8z"/>'),
    "claim": ('<path fill="#d4d9de" stroke="#4d555e" stroke-width="3" d="M46 6l12 0 0 12-26 26-12-12z"/>'
              '<path d="M14 36l14 14M10 54l10-10" stroke="#6b4a2a" stroke-width="6" stroke-linecap="round"/>'),
    "reserve": ('<path fill="#fff" stroke="#5b5244" stroke-width="3" d="M10 16l24-6 8 36-24 6z"/>'
                '<path fill="#f7efd9" stroke="#5b5244" stroke-width="3" d="M26 12h26v38H26z"/>'),
    "power": ('<path fill="#e8b400" stroke="#8a6a0a" stroke-width="3" stroke-linejoin="round" '
              'd="M32 4l8 18 20 2-15 13 5 20-18-11-18 11 5-20L4 24l20-2z"/>'),
    # the card back: a diamond lattice with a crowned shield
    "back": ('<rect width="64" height="64" rx="6" fill="#3b2f4a"/>'
             '<path d="M0 16L16 0M0 32L32 0M0 48L48 0M0 64L64 0M16 64L64 16M32 64L64 32M48 64L64 48'
             'M0 48L16 64M0 32L32 64M0 16L48 64M0 0L64 64M16 0L64 48M32 0L64 32M48 0L64 16" '
             'stroke="#e0b324" stroke-opacity=".35" stroke-width="1.2"/>'
             '<rect x="4" y="4" width="56" height="56" rx="4" fill="none" stroke="#e0b324" stroke-width="2"/>'
             '<path fill="#e0b324" d="M22 22l-1-9 6 5 5-8 5 8 6-5-1 9z"/>'
             '<path fill="#5d4391" stroke="#e0b324" stroke-width="2" d="M22 26h20v10c0 8-5 12-10 '
             '15-5-3-10-7-10-15z"/>'),
}
for _house in HOUSE_COLOURS:
    PICTURES[f"crest-{_house}"] = _crest(_house)


def char_picture(cid: str) -> str:
    """Which portrait a character gets: crowned if unique or a power character, hooded if stealthy or
    an intrigue character, otherwise a warrior."""
    c = CARDS[cid]
    icons, kws = c["icons"], c.get("kw", [])
    if c["unique"] or (icons[0] == "P"):
        return "char-noble"
    if "stealth" in kws or icons[0] == "I":
        return "char-spy"
    return "char-warrior"


def picture(cid: str) -> str:
    """The picture name of a card of the deck (a key of CARDS)."""
    c = CARDS[cid]
    kind = c["type"]
    if kind == "character":
        return char_picture(cid)
    if kind == "location":
        if c.get("income") or c.get("reducer"):
            return "loc-market"
        if c.get("dominance"):
            return "loc-tower"
        return "loc-keep"
    if kind == "attachment":
        return "att-blade" if c["att"].get("str") else "att-banner"
    return "ev-bolt" if c.get("window") == "reaction" else "ev-scroll"


def use(name: str, cls: str = "card-art") -> str:
    """An inline picture: the symbol ``name`` at the size the CSS class gives it."""
    return use_symbol(PREFIX, name, cls)


def names() -> list[str]:
    """Every symbol name (tests check each is defined and used by some card, plot or agenda)."""
    return list(PICTURES)


def defs() -> str:
    """One hidden <svg> with every symbol of the game; the board emits it once."""
    return symbol_sheet(PREFIX, PICTURES)

