"""Networking helpers for playing with friends, pure Python (CPython and Pyodide alike).

``pygames.net.sdp``: a WebRTC session description packed into a short URL-safe text and back, so
that an invitation fits a link and an easily scanned QR code.
"""

from __future__ import annotations

from .sdp import pack, unpack

__all__ = ["pack", "unpack"]
