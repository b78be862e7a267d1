"""`tokyo serve`: the kiosk in a web browser, one kiosk process per browser tab.

textual-serve runs `python -m tokyo kiosk` for every connection (its phones, if any, on a
port of their own); it listens on 127.0.0.1
unless told otherwise, so the kiosk is not offered to the network by accident. The
address is tried before textual-serve is started, so a wrong host or a busy port is one
line, not a traceback after the banner.
"""

from __future__ import annotations

import shlex
import socket
import sys

from core.errors import TokyoError


def kiosk_command(lock: bool = False) -> str:
    """The shell command textual-serve starts for each browser session."""
    return " ".join([shlex.quote(sys.executable), "-m", "tokyo", "kiosk", "--phone-port", "0"]
                    + (["--lock"] if lock else []))


def _where(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def check_listen(host: str, port: int) -> None:
    """Bind every address `host` names on `port` as aiohttp will (then let go), so that a
    host that is not this computer's or a port in use is known before serving."""
    where = _where(host, port)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as e:
        raise TokyoError(f"cannot listen on {where}: {getattr(e, 'strerror', None) or e} "
                         "(--host is an address of this computer, such as 127.0.0.1 or 0.0.0.0)") from e
    for family, kind, proto, _, address in set(infos):
        try:
            sock = socket.socket(family, kind, proto)
        except OSError:
            continue  # aiohttp skips an address family this machine lacks, too
        with sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                sock.bind(address)
            except OSError as e:
                raise TokyoError(f"cannot listen on {where}: {_bind_words(e, port)}") from e


def _bind_words(error: OSError, port: int) -> str:
    import errno
    words = error.strerror or str(error)
    if error.errno == errno.EADDRINUSE:
        return f"{words} (another program has port {port}; choose another with --port)"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"{words} (--host is an address of this computer, such as 127.0.0.1 or 0.0.0.0)"
    if error.errno == errno.EACCES and port < 1024:
        return f"{words} (ports below 1024 need special rights; choose one such as 8000)"
    return words


def serve(host: str = "127.0.0.1", port: int = 8000, *, lock: bool = False) -> None:
    """Serve until interrupted (Ctrl+C or SIGTERM)."""
    from textual_serve.server import Server
    check_listen(host, port)
    try:
        Server(kiosk_command(lock), host=host, port=port, title="Tokyo Series Kiosk").serve()
    except OSError as e:  # taken between the check and the start
        raise TokyoError(f"cannot listen on {_where(host, port)}: {_bind_words(e, port)}") from e
