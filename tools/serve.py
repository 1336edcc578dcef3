"""A static server for dist/ (or any built site): the right MIME types (WebAssembly, modules) and
no caching by the browser, so that a rebuild is seen at the next reload."""

from __future__ import annotations

import http.server
import threading
from functools import partial
from pathlib import Path
from typing import Any

from . import BuildError, log
from .site import DIST, build

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - signature of the base class
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


def make_server(directory: Path = DIST, host: str = "127.0.0.1", port: int = 0,
                verbose: bool = False) -> http.server.ThreadingHTTPServer:
    """A threading static server for ``directory`` (port 0: a free port)."""
    server = http.server.ThreadingHTTPServer((host, port), partial(SiteHandler, directory=str(directory)))
    server.daemon_threads = True
    server.verbose = verbose  # type: ignore[attr-defined]
    return server


def serve_in_thread(directory: Path = DIST, host: str = "127.0.0.1",
                    port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server in a daemon thread; returns (server, base url). Stop with server.shutdown()."""
    server = make_server(directory, host, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}"


def serve(host: str = "127.0.0.1", port: int = 8000) -> int:
    """Build dist/, then serve it until Ctrl-C (``python3 build.py serve``)."""
    build()
    try:
        server = make_server(DIST, host, port, verbose=True)
    except OSError as exc:
        raise BuildError(f"cannot listen on {host}:{port}: {exc} (try --port)") from None
    log(f"serving dist/ on http://{host}:{server.server_address[1]}/  (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log("stopped")
    finally:
        server.server_close()
    return 0
