"""`tokyo kiosk` and `tokyo serve`: the kiosk on this terminal, or in web browsers."""

from __future__ import annotations

from .args import host, whole_number


def register(sub) -> None:
    k = sub.add_parser("kiosk", help="open the kiosk (the default)")
    k.add_argument("--lock", action="store_true",
                   help="for a shared display: no quit keys; the operator leaves with ctrl+o and the PIN "
                        "from kiosk.toml. If the kiosk cannot start it shows a 'resting' screen and exits "
                        "with 3, for a supervisor to restart it")
    k.set_defaults(func=cmd_kiosk)
    sv = sub.add_parser("serve", help="the kiosk in a web browser (textual-serve)")
    sv.add_argument("--port", type=whole_number("--port", 1, 65535), default=8000,
                    help="TCP port to listen on, 1-65535 (default 8000)")
    sv.add_argument("--host", type=host, default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every "
                         "network this computer is on)")
    sv.add_argument("--lock", action="store_true",
                    help="every browser tab gets the locked kiosk (see tokyo kiosk --help)")
    sv.set_defaults(func=_cmd_serve)


def cmd_kiosk(args) -> int:
    """The kiosk (also when `tokyo` is given no command)."""
    from kiosk.startup import open_kiosk
    return open_kiosk(lock=getattr(args, "lock", False))


def _cmd_serve(args) -> int:
    from kiosk.serve import serve
    from kiosk.startup import check_served
    check_served(lock=args.lock)
    serve(args.host, args.port, lock=args.lock)
    return 0
