"""A small HTML reader for markup tests: elements with attributes, nesting checked."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# SVG elements may be self-closing (<rect/>); HTMLParser reports those through handle_startendtag


@dataclass
class Element:
    tag: str
    attrs: dict[str, str | None]
    parent: Element | None = None
    children: list[Element] = field(default_factory=list)
    text: list[str] = field(default_factory=list)

    def get(self, name: str) -> str | None:
        return self.attrs.get(name)

    def has(self, name: str) -> bool:
        return name in self.attrs

    def all_text(self) -> str:
        return "".join(self.text) + "".join(c.all_text() for c in self.children)

    def ancestors(self):
        node = self.parent
        while node is not None:
            yield node
            node = node.parent


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#root", {})
        self.stack = [self.root]
        self.elements: list[Element] = []
        self.errors: list[str] = []

    def _open(self, tag: str, attrs: list[tuple[str, str | None]]) -> Element:
        element = Element(tag, dict(attrs), self.stack[-1])
        self.stack[-1].children.append(element)
        self.elements.append(element)
        return element

    def handle_starttag(self, tag, attrs):
        element = self._open(tag, attrs)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs):
        self._open(tag, attrs)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if len(self.stack) > 1 and self.stack[-1].tag == tag:
            self.stack.pop()
        else:
            self.errors.append(f"unexpected </{tag}> inside <{self.stack[-1].tag}>")

    def handle_data(self, data):
        self.stack[-1].text.append(data)


class Markup:
    def __init__(self, html: str) -> None:
        reader = _Reader()
        reader.feed(html)
        reader.close()
        self.html = html
        self.elements = reader.elements
        self.errors = reader.errors + [f"<{e.tag}> is not closed" for e in reader.stack[1:]]

    def find(self, tag: str | None = None, **attrs: str | bool) -> list[Element]:
        """Elements by tag and attributes (value True: the attribute is present)."""
        found = []
        for element in self.elements:
            if tag is not None and element.tag != tag:
                continue
            ok = True
            for name, want in attrs.items():
                name = name.replace("_", "-")
                if want is True:
                    ok = name in element.attrs
                else:
                    ok = element.attrs.get(name) == want
                if not ok:
                    break
            if ok:
                found.append(element)
        return found

    def one(self, tag: str | None = None, **attrs: str | bool) -> Element:
        found = self.find(tag, **attrs)
        assert len(found) == 1, f"expected one <{tag or '*'} {attrs}>, found {len(found)}"
        return found[0]

    def choice_keys(self) -> list[str]:
        return [e.get("data-choice") for e in self.elements if e.has("data-choice")]
