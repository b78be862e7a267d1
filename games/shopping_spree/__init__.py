"""The architect's Shopping Spree (004:183-227): a shop floor of lot cards, two trips to the till."""

from .rules import ShoppingSpree

__all__ = ["ShoppingSpree"]
