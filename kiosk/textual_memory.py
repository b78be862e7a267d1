"""One of Textual's caches keyed by the colours alone, so a screen that is closed is freed.

Textual's `StylesCache.get_inner_outer` (textual/_styles_cache.py, 8.x) is an instance method
under `functools.lru_cache(1024)`: its key holds the `StylesCache` of every widget drawn, and
each StylesCache holds that widget's drawn lines (its strips, each with caches of its own). A
widget that is gone stayed alive in the cache until 1024 newer keys pushed it out: every
match started and left kept its ~100 widgets' lines, about 3 MB, for ten matches and more
(Textualize/textual#6665). The answer depends only on the two colours (the method never reads
`self`), so here it is cached by the two colours: the same answers, the same bound of 1024
entries, and nothing of a widget kept.

`fix_styles_cache()` is idempotent and does nothing on a Textual whose method looks otherwise
(a later release that fixed it, or renamed it).
"""

from __future__ import annotations

import inspect
from functools import lru_cache

#: entries of the colour cache, as Textual's own
SIZE = 1024


def fix_styles_cache() -> bool:
    """Cache `StylesCache.get_inner_outer` by its colours only; True when it is so cached now."""
    try:
        from textual._styles_cache import StylesCache
    except ImportError:
        return False
    method = getattr(StylesCache, "get_inner_outer", None)
    if getattr(method, "kiosk_by_colour", False):
        return True
    original = getattr(method, "__wrapped__", None)
    if original is None or not hasattr(method, "cache_info"):
        return False
    if list(inspect.signature(original).parameters) != ["cls", "base_background", "background"]:
        return False

    @lru_cache(SIZE)
    def get_inner_outer(base_background, background):
        """Inner and outer background styles of a widget's line, by the two colours."""
        return original(None, base_background, background)

    get_inner_outer.kiosk_by_colour = True
    StylesCache.get_inner_outer = staticmethod(get_inner_outer)
    return True
