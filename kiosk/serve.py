"""`tokyo serve`: the kiosk in a web browser, one kiosk process per browser tab.

textual-serve runs `python -m kiosk` for every connection; it listens on 127.0.0.1
unless told otherwise, so the kiosk is not offered to the network by accident.
"""

from __future__ import annotations

import shlex
import sys


def kiosk_command(lock: bool = False) -> str:
    """The shell command textual-serve starts for each browser session."""
    return " ".join([shlex.quote(sys.executable), "-m", "kiosk"] + (["--lock"] if lock else []))


def serve(host: str = "127.0.0.1", port: int = 8000, *, lock: bool = False) -> None:
    """Serve until interrupted (Ctrl+C or SIGTERM)."""
    from textual_serve.server import Server
    Server(kiosk_command(lock), host=host, port=port, title="Tokyo Series Kiosk").serve()
