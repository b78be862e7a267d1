"""Tokyo Jutaku (004:1-60): real-time house building on odd lots, judged by physics."""

from .rules import Jutaku

__all__ = ["Jutaku"]
