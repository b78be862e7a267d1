"""Widgets the kiosk screens share: the action picker and the resume list."""
