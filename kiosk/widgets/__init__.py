"""Widgets the kiosk screens share: the action picker, the resume list, the key bar, and
the pixel canvas (with its raster) the practice screens draw on."""
