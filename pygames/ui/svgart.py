"""SVG symbol sheets shared by the games whose art is a table of 64×64 symbols (Tournay, Great Houses)."""

from __future__ import annotations


def use_symbol(prefix: str, name: str, cls: str = "card-art") -> str:
    """An inline picture: the symbol ``prefix + name`` at the size the CSS class gives it."""
    return (f'<svg class="{cls}" viewBox="0 0 64 64" aria-hidden="true" focusable="false">'
            f'<use href="#{prefix}{name}"/></svg>')


def symbol_sheet(prefix: str, pictures: dict[str, str]) -> str:
    """One hidden <svg> with every symbol (ids ``prefix + name``); a board emits it once."""
    symbols = "".join(f'<symbol id="{prefix}{name}" viewBox="0 0 64 64">{body}</symbol>'
                      for name, body in pictures.items())
    return f'<svg class="art-defs" width="0" height="0" aria-hidden="true" focusable="false">{symbols}</svg>'
