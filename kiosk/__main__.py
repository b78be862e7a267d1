"""`python -m kiosk [--lock]` opens the kiosk, as `tokyo kiosk` does."""

import sys

from kiosk.cli import main

if __name__ == "__main__":
    sys.exit(main(["kiosk", *sys.argv[1:]]))
