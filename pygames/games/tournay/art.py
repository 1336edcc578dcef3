"""Tournay art: original SVG symbols drawn for this project (no copied or traced artwork).

``defs()`` returns one hidden ``<svg>`` holding every symbol once; a card face shows a picture
made of two symbols: the scene of its family and a small badge saying what it does, e.g.
``<svg class="card-art"><use href="#tournay-art-bld-R1"/><use href="#tournay-art-g-gain" .../></svg>``.
Symbols use presentation attributes only (the page's Content-Security-Policy refuses inline styles)
and ``currentColor`` where the card's colour should show.

Families (one look per colour and level; the shapes differ, not only the colours):
    bld-<R|W|Y><1|2>   buildings: red = a crenellated tower, white = a chapel, yellow = a gabled
                       town house; level II is the larger, two-part version
    chr-<R|W|Y><1|2>   characters: red = a soldier (II: a plumed knight), white = a hooded monk
                       (II: a mitred prelate), yellow = a capped burgher (II: with a chain of office)
    pre-<R|W|Y>        prestige buildings (level III): a city gate, a cathedral, a belfry
    crier              the town crier with his horn
    ev-<id>            one picture per event (good events on a light ground, bad ones dark)
    g-<what>           badges: what a building does, when a character pays, what a prestige
                       building counts
    citizen | citizen-laid | grey | rampart | denier | damage | back   the pieces and the card back
"""

from __future__ import annotations

from ...ui.svgart import symbol_sheet, use_symbol
from .cards import CARDS

PREFIX = "tournay-art-"
INK = "#2b2520"
STONE = "#cdbfa6"
STONE_D = "#6e604c"
GRASS = '<path fill="#9db06f" d="M0 56q32-7 64 0v8H0z"/>'
SKIN = "#f0d3b0"

_FACE = (f'<circle cx="28" cy="30" r="1.3" fill="{INK}"/><circle cx="36" cy="30" r="1.3" fill="{INK}"/>'
         f'<path d="M29 36q3 2 6 0" fill="none" stroke="{INK}" stroke-width="1.2"/>')
_BODY = ('<path fill="currentColor" d="M12 64c1-13 9-20 20-20s19 7 20 20z"/>'
         f'<ellipse cx="32" cy="30" rx="9" ry="11" fill="{SKIN}"/>')

PICTURES = {
    # ---------------------------------------------------------------- buildings
    "bld-R1": (GRASS + f'<path fill="{STONE}" stroke="{STONE_D}" stroke-width="1.5" d="M20 '
                       f'58V22h-3v-8h5v4h5v-4h6v4h5v-4'
               f'h5v8h-3v36z"/><path fill="{STONE_D}" d="M28 58V46a4 4 0 0 1 8 0v12zM30 28h4v8h-4z"/>'
               '<path fill="currentColor" d="M17 14h30v4H17z"/>'),
    "bld-R2": (GRASS + f'<path fill="{STONE}" stroke="{STONE_D}" stroke-width="1.5" d="M6 '
                       f'58V24h-2v-7h4v3h4v-3h4v3h4v-3h4v7'
               f'h-2v8h20v-8h-2v-7h4v3h4v-3h4v3h4v-3h4v7h-2v34z"/>'
               f'<path fill="{STONE_D}" d="M26 58V46a6 6 0 0 1 12 0v12zM11 30h4v7h-4zM49 30h4v7h-4z"/>'
               '<path fill="currentColor" d="M22 32h20v4H22z"/><path d="M32 32V8" stroke="#6b4a2a" stroke-width="2"/>'
               '<path fill="currentColor" d="M33 8h12l-3 4 3 4H33z"/>'),
    "bld-W1": (GRASS + f'<path fill="{STONE}" stroke="{STONE_D}" stroke-width="1.5" d="M16 58V30l16-14 16 14v28z"/>'
               '<path fill="currentColor" d="M12 32l20-18 20 18-3 2-17-15-17 15z"/>'
               f'<path fill="{STONE_D}" d="M27 58V44a5 5 0 0 1 10 0v14z"/><circle cx="32" cy="31" r="4" '
               f'fill="#8fb3d9" stroke="{STONE_D}"/>'
               f'<path d="M32 14V5M28 8h8" stroke="{STONE_D}" stroke-width="2"/>'),
    "bld-W2": (GRASS + f'<path fill="{STONE}" stroke="{STONE_D}" stroke-width="1.5" d="M6 58V34h14V22l8-12 8 '
                       f'12v12h22v24z"/>'
               '<path fill="currentColor" d="M4 36l16-2h38l2 3H4zM18 24l10-16 10 16-2 1-8-12-8 12z"/>'
               f'<path fill="{STONE_D}" d="M24 58V48a4 4 0 0 1 8 0v10zM40 42h4v8h-4zM48 42h4v8h-4zM10 42h4v8h-4z"/>'
               f'<circle cx="28" cy="28" r="3" fill="#8fb3d9" stroke="{STONE_D}"/><path d="M28 10V3M25 5h6" '
               f'stroke="{STONE_D}" stroke-width="2"/>'),
    "bld-Y1": (GRASS + f'<path fill="#e9dcc0" stroke="{STONE_D}" stroke-width="1.5" d="M18 58V30l14-14 14 14v28z"/>'
               '<path fill="currentColor" d="M14 32l18-19 18 19h-5L32 19 19 32z"/>'
               f'<path d="M18 40h28M32 30v10" stroke="#6b4a2a" stroke-width="2"/>'
               '<path fill="#6b4a2a" d="M28 58V48h8v10z"/><path fill="#8fb3d9" stroke="#6b4a2a" d="M22 33h6v5h-6zM36 '
               '33h6v5h-6z"/>'),
    "bld-Y2": (GRASS + f'<path fill="#e9dcc0" stroke="{STONE_D}" stroke-width="1.5" d="M4 58V30l10-12 10 12v-2l8-12 8 '
                       f'12v2'
               f'l10-12 10 12v28z"/>'
               '<path fill="currentColor" d="M2 31l12-15 12 15h-4L14 21 6 31zM26 30l6-16 6 16h-4l-2-8-2 8zM38 '
               '31l12-15 12 15'
               'h-4l-8-10-8 10z"/>'
               '<path fill="#6b4a2a" d="M28 58V46h8v12z"/><path fill="#8fb3d9" stroke="#6b4a2a" d="M9 36h8v6H9zM47 '
               '36h8v6h-8zM29 34h6v6h-6z"/>'
               '<path d="M4 44h56" stroke="#6b4a2a" stroke-width="2"/>'),
    # ---------------------------------------------------------------- characters
    "chr-R1": (_BODY + _FACE + '<path fill="#9aa3ad" stroke="#4d555e" d="M22 28c0-9 4-14 10-14s10 5 10 14z"/>'
               '<path fill="#9aa3ad" stroke="#4d555e" d="M18 28h28v3H18z"/>'
               '<path d="M54 64V6" stroke="#6b4a2a" stroke-width="3"/><path fill="#c9ced4" stroke="#4d555e" d="M54 '
               '2l4 8h-8z"/>'),
    "chr-R2": (_BODY + _FACE + '<path fill="#9aa3ad" stroke="#4d555e" stroke-width="1.5" d="M21 30c0-11 5-17 11-17s11 '
                               '6 11 17'
               'h-4v-5H25v5z"/><path fill="currentColor" d="M32 13c2-8 10-10 16-8-6 2-10 5-12 9z"/>'
               '<path fill="#fff" fill-opacity=".6" d="M20 50l12 6 12-6v4l-12 6-12-6z"/>'
               '<path fill="#c9ced4" stroke="#4d555e" d="M50 20l3 2-6 30-3-1z"/>'),
    "chr-W1": ('<path fill="#6a5a4a" d="M12 64c0-14 8-28 20-32 12 4 20 18 20 32z"/>'
               '<path fill="currentColor" d="M16 64c2-10 8-16 16-17 8 1 14 7 16 17z"/>'
               '<path fill="#6a5a4a" d="M20 34c0-13 5-22 12-22s12 9 12 22l-3 4H23z"/>'
               f'<ellipse cx="32" cy="31" rx="8" ry="10" fill="{SKIN}"/>' + _FACE
               + '<path d="M32 48v12M28 52h8" stroke="#e0b324" stroke-width="2"/>'),
    "chr-W2": (_BODY + _FACE + '<path fill="#f4f1ea" stroke="#8a6a0a" stroke-width="1.5" d="M23 22l9-16 9 16z"/>'
               '<path d="M32 8v13M27 14h10" stroke="#e0b324" stroke-width="2"/>'
               '<path fill="#f4f1ea" d="M26 46h12v18H26z"/><path d="M32 48v14M28 52h8" stroke="#e0b324" '
               'stroke-width="2"/>'
               '<path d="M52 64V20" stroke="#b78a12" stroke-width="3"/><path fill="none" stroke="#b78a12" '
               'stroke-width="3" d="M52 22c0-6 8-8 8-2"/>'),
    "chr-Y1": (_BODY + _FACE + '<path fill="currentColor" stroke="#5a4106" d="M20 22c2-6 8-9 12-9s10 3 12 9z"/>'
               '<path fill="#5a4106" d="M18 22h28v3H18z"/>'
               '<g fill="#e8b400" stroke="#8a6a0a"><circle cx="50" cy="56" r="5"/><circle cx="56" cy="50" r="4"/></g>'),
    "chr-Y2": (_BODY + _FACE + '<path fill="#3d3a44" d="M19 22c0-5 6-8 13-8s13 3 13 8c0 2-4 3-13 3s-13-1-13-3z"/>'
               '<path fill="none" stroke="#e8b400" stroke-width="2.5" d="M20 48q12 12 24 0"/>'
               '<circle cx="32" cy="55" r="4" fill="#e8b400" stroke="#8a6a0a"/>'
               '<path fill="#f7efd9" stroke="#8a6a3a" d="M46 34h12v16H46z"/><path d="M48 38h8M48 42h8M48 46h5" '
               'stroke="#8a6a3a"/>'),
    # ---------------------------------------------------------------- prestige buildings
    "pre-R": (GRASS + f'<path fill="{STONE}" stroke="{STONE_D}" stroke-width="1.5" d="M4 '
                      f'58V16h-2V8h4v3h4V8h4v3h4V8h4v8h-2v14'
              f'h16V16h-2V8h4v3h4V8h4v3h4V8h4v8h-2v42z"/>'
              f'<path fill="{STONE_D}" d="M24 58V44a8 8 0 0 1 16 0v14z"/><path d="M24 46h16M24 50h16M24 54h16M28 '
              f'40v18M32 38v20M36 40v18"'
              ' stroke="#3b3228" stroke-width="1.2"/><path fill="currentColor" d="M8 22h10v8H8zM46 22h10v8H46z"/>'),
    "pre-W": (GRASS + f'<path fill="{STONE}" stroke="{STONE_D}" stroke-width="1.5" d="M4 58V26l6-10 6 10v-2h32v2l6-10 '
                      f'6 10v32z"/>'
              f'<path fill="{STONE}" stroke="{STONE_D}" stroke-width="1.5" d="M24 58V22l8-18 8 18v36z"/>'
              '<path fill="currentColor" d="M2 28l8-14 8 14zM46 28l8-14 8 14z"/>'
              '<circle cx="32" cy="32" r="6" fill="#8fb3d9" stroke="currentColor" stroke-width="2"/>'
              f'<path d="M32 26v12M26 32h12" stroke="{STONE_D}"/><path fill="{STONE_D}" d="M28 58V48a4 4 0 0 1 8 '
              f'0v10z"/>'
              f'<path fill="{STONE_D}" d="M8 34h4v10H8zM52 34h4v10h-4z"/>'),
    "pre-Y": (GRASS + f'<path fill="#e9dcc0" stroke="{STONE_D}" stroke-width="1.5" d="M4 58V36h16v22zM44 '
                      f'58V36h16v22z"/>'
              f'<path fill="#e9dcc0" stroke="{STONE_D}" stroke-width="1.5" d="M22 58V20h20v38z"/>'
              '<path fill="currentColor" d="M20 20l12-16 12 16zM2 37l10-8 10 8zM42 37l10-8 10 8z"/>'
              '<circle cx="32" cy="30" r="5" fill="#fff" stroke="#6b4a2a" stroke-width="1.5"/>'
              '<path d="M32 27v3l2 2" stroke="#6b4a2a" stroke-width="1.2" fill="none"/>'
              f'<path fill="#6b4a2a" d="M28 58V46h8v12z"/><path fill="#8fb3d9" stroke="#6b4a2a" d="M8 42h8v6H8zM48 '
              f'42h8v6h-8z"/>'),
    "crier": (_BODY + _FACE + '<path fill="currentColor" stroke="#3b3228" d="M20 22c3-8 21-8 24 0z"/>'
              '<path fill="#e8b400" stroke="#8a6a0a" stroke-width="1.5" d="M40 36l16-10v22l-16-6z"/>'
              '<g stroke="#8a6a0a" stroke-width="2" stroke-linecap="round"><path d="M58 20l3-4M60 38h4M58 54l3 4"/></g>'
              '<path fill="#f7efd9" stroke="#8a6a3a" d="M8 44h14v16H8z"/>'),
    # ---------------------------------------------------------------- events
    "ev-norman_raid": ('<path fill="#5d7fa3" d="M0 48q16-5 32 0t32 0v16H0z"/>'
                       '<path fill="#6b4a2a" d="M8 44h48l-8 10H16z"/><path d="M30 44V10" stroke="#3b3228" '
                       'stroke-width="2.5"/>'
                       '<path fill="#f2ece0" d="M31 12l18 6-2 18-16 2z"/><path d="M31 20l17 4M31 28l16 2" '
                       'stroke="#b3261e" stroke-width="3"/>'
                       '<path fill="#6b4a2a" d="M4 40c2 6 6 8 12 8l-4-8z"/>'),
    "ev-fire": ('<path fill="#e25b1c" d="M32 4c4 12 18 18 18 34a18 18 0 0 1-36 0c0-10 6-14 8-22 2 6 4 8 6 8 0-8 2-14 '
                '4-20z"/>'
                '<path fill="#ffcf3a" d="M32 28c2 6 8 10 8 16a8 8 0 0 1-16 0c0-6 6-10 8-16z"/>'),
    "ev-flood": ('<g fill="none" stroke="#3f78b5" stroke-width="5" stroke-linecap="round">'
                 '<path d="M4 24q7-7 14 0t14 0 14 0 14 0"/><path d="M4 38q7-7 14 0t14 0 14 0 14 0"/>'
                 '<path d="M4 52q7-7 14 0t14 0 14 0 14 0"/></g>'),
    "ev-plague": ('<path fill="#8a8578" d="M14 44c0-10 8-16 18-16s16 6 16 14c0 4-4 6-8 6H18c-3 0-4-2-4-4z"/>'
                  '<circle cx="46" cy="34" r="8" fill="#8a8578"/><circle cx="48" cy="26" r="4" fill="#b0a99a"/>'
                  '<circle cx="50" cy="34" r="1.5" fill="#2b2520"/><path d="M14 44q-10 4-8 14" fill="none" '
                  'stroke="#8a8578" stroke-width="2.5"/>'),
    "ev-famine": ('<path fill="#a67c52" d="M8 34h48c0 14-10 22-24 22S8 48 8 34z"/><ellipse cx="32" cy="34" rx="24" '
                  'ry="5" fill="#7a5634"/>'
                  '<path d="M20 8l-4 20M30 6v22M42 8l4 20" stroke="#9b8a5a" stroke-width="2.5" stroke-dasharray="4 '
                  '3"/>'),
    "ev-mutiny": ('<path d="M14 50L34 16" stroke="#4d555e" stroke-width="6" stroke-linecap="round"/>'
                  '<path d="M14 50L34 16" stroke="#d4d9de" stroke-width="3"/><path d="M40 8l12 8" stroke="#d4d9de" '
                  'stroke-width="3"/>'
                  '<path d="M36 12l4-4M48 18l4-4" stroke="#4d555e" stroke-width="3"/>'
                  '<path d="M30 60l4-10M44 58l-2-10M52 52l-8-6" stroke="#b3261e" stroke-width="3" '
                  'stroke-linecap="round"/>'),
    "ev-royal_tax": ('<path fill="#e8b400" stroke="#8a6a0a" stroke-width="1.5" d="M12 28l-2-16 10 8 12-14 12 14 '
                     '10-8-2 16z"/>'
                     '<g fill="#e8b400" stroke="#8a6a0a" stroke-width="1.5"><ellipse cx="32" cy="54" rx="14" ry="4"/>'
                     '<ellipse cx="32" cy="48" rx="14" ry="4"/><ellipse cx="32" cy="42" rx="14" ry="4"/></g>'),
    "ev-tithe": ('<path fill="#d9c9a6" stroke="#6b4a2a" stroke-width="1.5" d="M10 20h44l-4 38H14z"/>'
                 '<path d="M14 20l4-8h28l4 8" fill="none" stroke="#6b4a2a" stroke-width="1.5"/>'
                 '<path d="M32 28v20M24 34h16" stroke="#6b6b6b" stroke-width="4"/>'),
    "ev-brigands": ('<path fill="#3b3228" d="M6 26c8-6 44-6 52 0-2 8-10 12-26 12S8 34 6 26z"/>'
                    '<ellipse cx="22" cy="28" rx="6" ry="4" fill="#f2ece0"/><ellipse cx="42" cy="28" rx="6" ry="4" '
                    'fill="#f2ece0"/>'
                    '<circle cx="22" cy="28" r="2" fill="#2b2520"/><circle cx="42" cy="28" r="2" fill="#2b2520"/>'
                    '<path fill="#c9ced4" stroke="#4d555e" d="M20 58l20-16 3 3-20 16z"/>'),
    "ev-war_levy": ('<path fill="#d9c9a6" stroke="#6b4a2a" stroke-width="1.5" d="M16 26c-6 8-8 18-4 26 4 6 36 6 40 0 '
                    '4-8 2-18-4-26z"/>'
                    '<path fill="#b3261e" d="M20 18h24l-4 8H24z"/>'
                    '<path d="M22 40l20 6M42 40l-20 6" stroke="#4d555e" stroke-width="3" stroke-linecap="round"/>'),
    "ev-riot": ('<path d="M16 60L28 22" stroke="#6b4a2a" stroke-width="4" stroke-linecap="round"/>'
                '<path fill="#e25b1c" d="M30 22c-8-2-8-10-2-18 0 6 6 6 6 10 2-2 2-4 2-6 4 6 2 14-6 14z"/>'
                '<path d="M48 60L40 28" stroke="#6b4a2a" stroke-width="4" stroke-linecap="round"/>'
                '<path fill="#9aa3ad" stroke="#4d555e" d="M34 20l6-10 6 10-4 10h-4z"/>'),
    "ev-fair": ('<path fill="#e8b400" d="M4 34l14-22 14 22z"/><path fill="#b3261e" d="M32 34l14-22 14 22z"/>'
                '<path fill="#f2ece0" stroke="#6b4a2a" d="M8 34h48v22H8z"/><path d="M18 12V6M46 12V6" '
                'stroke="#6b4a2a" stroke-width="2"/>'
                '<path fill="#2f6cab" d="M18 6h8l-2 3 2 3h-8zM46 6h8l-2 3 2 3h-8z"/><path fill="#6b4a2a" d="M26 '
                '56V42h12v14z"/>'),
    "ev-pilgrimage": ('<path fill="#f2ece0" stroke="#8a6a3a" stroke-width="1.5" d="M32 8c12 0 22 10 22 26L32 58 10 '
                      '34C10 18 20 8 32 8z"/>'
                      '<path d="M32 10v46M20 14l12 42M44 14L32 56M13 24l19 32M51 24L32 56" stroke="#8a6a3a" '
                      'stroke-width="1.5"/>'),
    "ev-harvest": ('<g stroke="#b07a20" stroke-width="2.5" stroke-linecap="round"><path d="M32 60V24M32 60L20 30M32 '
                   '60l12-30"/></g>'
                   '<g fill="#e8b400"><ellipse cx="32" cy="16" rx="5" ry="10"/><ellipse cx="18" cy="24" rx="4" ry="9" '
                   'transform="rotate(-25 18 24)"/>'
                   '<ellipse cx="46" cy="24" rx="4" ry="9" transform="rotate(25 46 24)"/></g>'
                   '<path d="M24 46h16" stroke="#8a5a00" stroke-width="4"/>'),
    "ev-tournament": ('<path d="M6 58L50 10" stroke="#6b4a2a" stroke-width="5" stroke-linecap="round"/>'
                      '<path fill="#b3261e" d="M50 10l8-6-4 10z"/><path fill="#c9ced4" stroke="#4d555e" d="M14 44l10 '
                      '10-6 4-8-8z"/>'
                      '<path fill="#e8b400" stroke="#8a6a0a" d="M40 40a10 10 0 0 0 20 0l-2-10H42z"/><path d="M50 '
                      '50v8M44 60h12" stroke="#8a6a0a" stroke-width="3"/>'),
    # ---------------------------------------------------------------- badges
    "g-gain": ('<circle cx="32" cy="32" r="24" fill="#e8b400" stroke="#8a6a0a" stroke-width="5"/>'
               '<path d="M32 20v24M20 32h24" stroke="#8a6a0a" stroke-width="6"/>'),
    "g-gain_per": ('<g fill="#e8b400" stroke="#8a6a0a" stroke-width="4"><ellipse cx="32" cy="48" rx="24" ry="9"/>'
                   '<ellipse cx="32" cy="34" rx="24" ry="9"/><ellipse cx="32" cy="20" rx="24" ry="9"/></g>'),
    "g-draw": ('<path fill="#fff" stroke="#3b3228" stroke-width="4" d="M10 12h30v42H10z"/>'
               '<path fill="#1565c0" d="M36 26h12V14l14 18-14 18V38H36z"/>'),
    "g-recruit": ('<path fill="#fff" stroke="#3b3228" stroke-width="4" d="M6 58l4-20c-4-2-6-6-4-10s6-6 10-6a10 10 0 1 '
                  '1 16 0'
                  'c4 0 8 2 10 6s0 8-4 10l4 20z"/><path d="M50 8v24M38 20h24" stroke="#1b7a3e" stroke-width="7"/>'),
    "g-stand": ('<path fill="#fff" stroke="#3b3228" stroke-width="4" d="M10 58l4-20c-4-2-6-6-4-10s6-6 10-6a10 10 0 1 '
                '1 16 0'
                'c4 0 8 2 10 6s0 8-4 10l4 20z"/><path fill="#1b7a3e" d="M50 4l12 16h-8v16h-8V20h-8z"/>'),
    "g-ballista": ('<path fill="none" stroke="#6b4a2a" stroke-width="6" d="M8 52q24-44 48-44"/>'
                   '<path d="M8 8l44 44" stroke="#3b3228" stroke-width="5"/><path fill="#3b3228" d="M58 58l-16-4 '
                   '12-12z"/>'),
    "g-counter_any": ('<path fill="#1565c0" stroke="#0d3a70" stroke-width="4" d="M32 4l24 8v18c0 16-12 26-24 30C20 56 '
                      '8 46 8 30V12z"/>'
                      '<path d="M20 32l8 8 16-16" fill="none" stroke="#fff" stroke-width="6"/>'),
    # Fort: a shield striking a coin-laden event (crossed blade over the shield)
    "g-combat": ('<path fill="#1565c0" stroke="#0d3a70" stroke-width="4" d="M32 4l24 8v18c0 16-12 26-24 30C20 56 8 46 '
                 '8 30V12z"/>'
                 '<path d="M18 46L46 18M40 18h6v6" fill="none" stroke="#fff" stroke-width="6" '
                 'stroke-linecap="round"/>'),
    # Port: another player's yellow building used for you (arrows both ways between two roofs)
    "g-use_other": ('<path fill="#e8b400" stroke="#8a6a0a" stroke-width="3" d="M4 30l12-12 12 12v24H4zM36 30l12-12 12 '
                    '12v24H36z"/>'
                    '<path d="M14 10h36l-6-6M50 10l-6 6" fill="none" stroke="#1565c0" stroke-width="5" '
                    'stroke-linecap="round"/>'),
    "g-calm": ('<path fill="#e8b400" stroke="#8a6a0a" stroke-width="4" d="M16 44c4-4 4-10 4-18a12 12 0 0 1 24 0c0 8 0 '
               '14 4 18z"/>'
               '<circle cx="32" cy="52" r="5" fill="#8a6a0a"/><path d="M6 58L58 6" stroke="#b3261e" '
               'stroke-width="6"/>'),
    "g-calm_one": ('<circle cx="32" cy="32" r="24" fill="#e8b400" stroke="#8a6a0a" stroke-width="5"/>'
                   '<path d="M12 52L52 12" stroke="#b3261e" stroke-width="7"/>'),
    "g-on_place": ('<path fill="#9aa3ad" stroke="#3b3228" stroke-width="3" d="M10 16h30v14H10z"/>'
                   '<path d="M25 30v28" stroke="#6b4a2a" stroke-width="8"/>'
                   '<circle cx="50" cy="46" r="12" fill="#e8b400" stroke="#8a6a0a" stroke-width="4"/>'),
    "g-on_activate": ('<path fill="#fff" stroke="#3b3228" stroke-width="4" d="M8 58l3-16c-3-2-5-5-3-8s5-5 8-5a8 8 0 1 '
                      '1 12 0'
                      'c3 0 6 2 8 5s0 6-3 8l3 16z"/>'
                      '<circle cx="50" cy="22" r="12" fill="#e8b400" stroke="#8a6a0a" stroke-width="4"/>'),
    "g-double": ('<rect x="4" y="10" width="56" height="44" rx="10" fill="#37474f"/>'
                 '<path d="M12 24l12 16M24 24L12 40" stroke="#fff" stroke-width="5" stroke-linecap="round"/>'
                 '<path fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round" d="M32 28c1-7 18-7 18 1 0 '
                 '5-18 8-18 13h19"/>'),
    "g-bonus": ('<path fill="#b3261e" stroke="#6e1510" stroke-width="3" stroke-linejoin="round" '
                'd="M32 4l8 18 20 2-15 13 5 20-18-11-18 11 5-20L4 24l20-2z"/>'),
    "g-sets": ('<path fill="#b3261e" stroke="#3b3228" stroke-width="3" d="M4 36l10-18 10 18z"/>'
               '<rect x="24" y="20" width="16" height="16" fill="#f4f1ea" stroke="#3b3228" stroke-width="3"/>'
               '<circle cx="52" cy="28" r="9" fill="#e8b400" stroke="#3b3228" stroke-width="3"/>'
               '<path d="M8 50h48" stroke="#3b3228" stroke-width="4"/>'),
    "g-citizen": ('<path fill="#fff" stroke="#3b3228" stroke-width="4" d="M14 58l4-20c-4-2-6-6-4-10s6-6 10-6a10 10 0 '
                  '1 1 16 0'
                  'c4 0 8 2 10 6s0 8-4 10l4 20z"/>'),
    "g-flat": ('<path fill="#e8b400" stroke="#8a6a0a" stroke-width="4" d="M8 50l-2-34 14 12 12-20 12 20 14-12-2 '
               '34z"/>'),
    "g-character": (f'<circle cx="32" cy="20" r="12" fill="{SKIN}" stroke="#3b3228" stroke-width="3"/>'
                    '<path fill="#fff" stroke="#3b3228" stroke-width="3" d="M8 60c2-16 12-24 24-24s22 8 24 24z"/>'),
    "g-ramparts": ('<path fill="#9aa3ad" stroke="#3b3228" stroke-width="3" d="M4 '
                   '58V24h8v8h8v-8h8v8h8v-8h8v8h8v-8h8v34z"/>'
                   '<path d="M4 40h56M18 40v18M34 40v-8M46 40v18" stroke="#3b3228" stroke-width="2"/>'),
    # ---------------------------------------------------------------- pieces
    "citizen": ('<path fill="currentColor" stroke="#2b2520" stroke-width="3" d="M14 60l4-22c-5-2-8-6-6-11s7-7 12-7'
                'a10 10 0 1 1 16 0c5 0 10 2 12 7s-1 9-6 11l4 22z"/>'),
    "citizen-laid": ('<g fill="currentColor" fill-opacity=".45" stroke="#2b2520" stroke-width="3">'
                     '<rect x="20" y="30" width="40" height="20" rx="7"/><circle cx="11" cy="38" r="8"/></g>'),
    "grey": ('<path fill="#9e9e9e" stroke="#424242" stroke-width="3" d="M14 60l4-22c-5-2-8-6-6-11s7-7 12-7'
             'a10 10 0 1 1 16 0c5 0 10 2 12 7s-1 9-6 11l4 22z"/>'),
    "rampart": ('<path fill="#b0a58f" stroke="#4a4134" stroke-width="2" d="M2 '
                '60V22h8v-8h8v8h10v-8h8v8h10v-8h8v8h8v38z"/>'
                '<path d="M2 34h60M2 47h60M16 22v12M36 22v12M52 22v12M8 34v13M26 34v13M44 34v13M16 47v13M36 47v13M54 '
                '47v13"'
                ' stroke="#4a4134" stroke-width="1.5"/>'),
    "denier": ('<circle cx="32" cy="32" r="27" fill="#d9a400" stroke="#7a5800" stroke-width="4"/>'
               '<circle cx="32" cy="32" r="18" fill="none" stroke="#7a5800" stroke-width="2"/>'
               '<path d="M32 20v24M20 32h24" stroke="#7a5800" stroke-width="4"/>'),
    "damage": ('<path fill="#b71c1c" d="M32 2l8 16 18-6-8 18 12 10-18 2 2 18-14-12-14 12 2-18-18-2 12-10-8-18 18 6z"/>'
               '<path d="M24 24l16 16M40 24L24 40" stroke="#fff" stroke-width="5"/>'),
    "back": ('<rect width="64" height="64" rx="6" fill="#2f4a3a"/>'
             '<path d="M0 0l64 64M64 0L0 64M32 0v64M0 32h64" stroke="#d8c79a" stroke-opacity=".25" stroke-width="6"/>'
             '<rect x="4" y="4" width="56" height="56" rx="4" fill="none" stroke="#d8c79a" stroke-width="2"/>'
             '<path fill="#d8c79a" d="M20 48V24h-3v-7h5v3h4v-3h5v3h2v-3h5v3h4v-3h5v7h-3v24z"/>'
             '<path fill="#2f4a3a" d="M28 48v-9a4 4 0 0 1 8 0v9z"/>'),
}

# What a building does / when a character pays / what a prestige building counts -> badge
ACT_BADGE = {"gain": "g-gain", "gain_per": "g-gain_per", "draw": "g-draw", "recruit": "g-recruit",
             "stand": "g-stand", "ballista": "g-ballista", "counter_any": "g-counter_any", "calm": "g-calm",
             "calm_one": "g-calm_one", "combat": "g-combat", "use_other": "g-use_other"}
CHAR_BADGE = {"on_place": "g-on_place", "on_activate": "g-on_activate", "double": "g-double", "bonus": "g-bonus"}
SCORE_BADGE = {"sets": "g-sets", "citizen_sets": "g-sets", "flat": "g-flat", "character": "g-character",
               "prestige": "g-bonus", "ramparts": "g-ramparts", "deniers4": "g-gain_per"}


def layers(card: str) -> tuple[str, str | None]:
    """(scene, badge) symbol names of a card of the nine decks."""
    c = CARDS[card]
    colour, level, kind = c["colour"], c["level"], c["kind"]
    if kind == "building":
        return f"bld-{colour}{level}", ACT_BADGE[c["act"]["do"]]
    if kind == "character":
        return f"chr-{colour}{level}", CHAR_BADGE[c["char"]["on"]]
    if kind == "prestige":
        per = c["score"]["per"]
        badge = SCORE_BADGE.get(per) or ("g-citizen" if per.startswith("citizens:") else "g-bonus")
        return f"pre-{colour}", badge
    return "crier", None


def card_svg(card: str, cls: str = "card-art") -> str:
    """The picture of a card: its family scene with its badge in the lower right corner."""
    scene, badge = layers(card)
    extra = (f'<circle cx="51" cy="51" r="13" fill="#fffdf7" stroke="#2b2520" stroke-width="1.5"/>'
             f'<use href="#{PREFIX}{badge}" x="41" y="41" width="20" height="20"/>') if badge else ""
    return (f'<svg class="{cls}" viewBox="0 0 64 64" aria-hidden="true" focusable="false">'
            f'<use href="#{PREFIX}{scene}"/>{extra}</svg>')


def use(name: str, cls: str = "card-art") -> str:
    """An inline picture of one symbol at the size the CSS class gives it."""
    return use_symbol(PREFIX, name, cls)


def names() -> list[str]:
    """Every symbol name."""
    return list(PICTURES)


def defs() -> str:
    """One hidden <svg> with every symbol of the game; the board emits it once."""
    return symbol_sheet(PREFIX, PICTURES)
