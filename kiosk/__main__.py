"""`python -m kiosk` opens the kiosk."""

from kiosk.app import run_kiosk

if __name__ == "__main__":
    run_kiosk()
