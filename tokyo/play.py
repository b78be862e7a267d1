"""`tokyo kiosk` and `tokyo serve`: the kiosk on this terminal, or in web browsers."""

from __future__ import annotations

from .args import host, whole_number


def register(sub) -> None:
    k = sub.add_parser("kiosk", help="open the kiosk (the default)")
    k.add_argument("--lock", action="store_true",
                   help="for a shared display: no quit keys; the operator leaves with ctrl+o and the PIN "
                        "from kiosk.toml. If the kiosk cannot start it shows a 'resting' screen and exits "
                        "with 3, for a supervisor to restart it")
    _phone_arguments(k, 8765)
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


def _phone_arguments(p, port: int) -> None:
    p.add_argument("--phone-port", type=whole_number("--phone-port", 0, 65535), default=port, metavar="PORT",
                   help=f"the port phones join on when a match has phone seats, 0-65535 (default {port}; 0: any "
                        "free port, shown with the codes)")
    p.add_argument("--phone-host", type=host, default="0.0.0.0", metavar="ADDRESS",
                   help="the address the phones' server listens on (default 0.0.0.0: every network this "
                        "computer is on, so that phones on the café's Wi-Fi reach it; each seat's link "
                        "carries its own secret token)")


def cmd_kiosk(args) -> int:
    """The kiosk (also when `tokyo` is given no command)."""
    from kiosk.startup import open_kiosk
    return open_kiosk(lock=getattr(args, "lock", False), phone_host=getattr(args, "phone_host", "0.0.0.0"),
                      phone_port=getattr(args, "phone_port", 8765))


def _cmd_serve(args) -> int:
    from kiosk.serve import serve
    from kiosk.startup import check_served
    check_served(lock=args.lock)
    serve(args.host, args.port, lock=args.lock)
    return 0
