"""`python -m tokyo ...` is the `tokyo` command (tokyo serve starts its kiosks so)."""

import sys

from tokyo.cli import main

if __name__ == "__main__":
    sys.exit(main())
