"""Option specs (what the lobby shows) and their validation."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import SetupError


def option(key: str, kind: str, default: Any, label_en: str, label_ja: str, *,
           choices: list[Any] | None = None, choice_labels: dict[str, dict[str, str]] | None = None,
           minimum: int | None = None, maximum: int | None = None,
           min_players: int | None = None, help_en: str = "", help_ja: str = "") -> dict:
    """Build one option spec dict (the shape ``option_specs()`` returns).

    kind is "bool", "int" (with minimum/maximum) or "choice" (with choices).
    min_players: the option is only offered (and only accepted as non-default)
    from that many players on.
    """
    if kind not in ("bool", "int", "choice"):
        raise ValueError(f"unknown option kind {kind!r}")
    spec: dict[str, Any] = {"key": key, "kind": kind, "default": default,
                            "label": {"en": label_en, "ja": label_ja}}
    if kind == "choice":
        spec["choices"] = list(choices or [])
        if choice_labels:
            spec["choice_labels"] = choice_labels
    if kind == "int":
        if minimum is None or maximum is None:
            raise ValueError(f"the int option {key!r} needs a minimum and a maximum")
        spec["min"], spec["max"] = minimum, maximum
        spec["choices"] = list(range(minimum, maximum + 1))
    if min_players is not None:
        spec["min_players"] = min_players
    if help_en or help_ja:
        spec["help"] = {"en": help_en, "ja": help_ja}
    return spec


def normalize_options(specs: Iterable[dict], options: Any, num_players: int) -> dict:
    """Return a full options dict (every spec key present) or raise SetupError."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise SetupError("options must be a dict")
    specs = list(specs)
    known = {s["key"] for s in specs}
    unknown = [k for k in options if k not in known]
    if unknown:
        raise SetupError(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
    result: dict[str, Any] = {}
    for spec in specs:
        key = spec["key"]
        value = options.get(key, spec["default"])
        kind = spec["kind"]
        if kind == "bool":
            if not isinstance(value, bool):
                raise SetupError(f"option {key!r} must be true or false")
        elif kind == "int":
            if isinstance(value, bool) or not isinstance(value, int) or not spec["min"] <= value <= spec["max"]:
                raise SetupError(f"option {key!r} must be a whole number from {spec['min']} to {spec['max']}")
        elif not any(type(value) is type(c) and value == c for c in spec["choices"]):  # 10.0 is not 10
            raise SetupError(f"option {key!r} must be one of {spec['choices']}")
        min_players = spec.get("min_players")
        if min_players is not None and num_players < min_players and value != spec["default"]:
            raise SetupError(f"option {key!r} needs at least {min_players} players")
        result[key] = value
    return result
