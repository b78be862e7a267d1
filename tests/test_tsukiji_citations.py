"""Tsukiji's citations of its rulebook point at the right line and say which words they rest on.

A citation is "000:NNN" or "000:NNN-MMM" (lines of the rulebook file as it is, which has a
blank line between most text lines). Every source in assets/tsukiji/*.toml that cites the
text gives a short verbatim German quote of the cited line right after the citation,
"text 000:205 „für je ¥500“ (500 yen)"; so do the rule names of games/tsukiji/citations.py
(citations.QUOTES) and the market classes (`lines` and `quote`). For a range, the quote is
on its first line.

The tests read tests/rulebook/000.txt, a copy of exactly the cited lines made by
tests/rulebook/make_copy.py (run by hand); neither they nor the product read the rulebook
itself. `make_copy.py --check` compares the copy with it where it lies beside the checkout.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import tomllib
from pathlib import Path

from games.tsukiji import citations, markets
from games.tsukiji.markets.base import Market
from tests.rulebook import make_copy

ROOT = make_copy.ROOT
COPY = make_copy.read_copy()
FIX = "fix the citation, or re-run .venv/bin/python tests/rulebook/make_copy.py if it is new"


# ---- the checker ---------------------------------------------------------------------------------

def parse(cite: str) -> tuple[int, int]:
    """"000:212-223" -> (212, 223); "000:105" -> (105, 105)."""
    m = make_copy.CITATION.fullmatch(cite)
    if not m:
        raise ValueError(f"{cite!r} is not a citation such as 000:105 or 000:212-223")
    a = int(m.group(1))
    return a, int(m.group(2) or a)


def line_problem(copy: dict[int, str], n: int) -> str | None:
    if n not in copy:
        return f"000:{n} is not in tests/rulebook/000.txt"
    if not copy[n].strip():
        return f"000:{n} is a blank line"
    return None


def cite_problems(copy: dict[int, str], cite: str) -> list[str]:
    """What is wrong with a citation: a cited line (either end of a range) missing or blank."""
    a, b = parse(cite)
    out = [p for p in (line_problem(copy, n) for n in dict.fromkeys((a, b))) if p]
    if b < a:
        out.append(f"{cite}: the range ends before it starts")
    return out


def quote_problems(copy: dict[int, str], cite: str, quote: str) -> list[str]:
    """What is wrong with a citation and its quote: the quote must be on the (first) cited line."""
    out = cite_problems(copy, cite)
    if not out:
        if not quote.strip():
            out.append(f"{cite}: the quote is empty")
        elif quote not in copy[parse(cite)[0]]:
            out.append(f"{cite}: „{quote}“ is not on line {parse(cite)[0]}: {copy[parse(cite)[0]][:100]!r}…")
    return out


def quote_after(text: str, pos: int) -> str | None:
    """The „…“ quote starting at `pos` (after spaces), nested „…“ included; None if there is none."""
    while pos < len(text) and text[pos] == " ":
        pos += 1
    if pos >= len(text) or text[pos] != "„":
        return None
    depth, i = 0, pos
    while i < len(text):
        if text[i] == "„":
            depth += 1
        elif text[i] == "“":
            depth -= 1
            if depth == 0:
                return text[pos + 1:i]
        i += 1
    return None


def source_problems(copy: dict[int, str], source: str) -> list[str]:
    """A [sources] value: every citation in it is followed by its quote, found on its line."""
    out = []
    found = list(make_copy.citations(source))
    if source.startswith("text") and not found:
        out.append("cites the text but no line of it")
    for _, _, m in found:
        quote = quote_after(source, m.end())
        if quote is None:
            out.append(f"{m.group(0)} has no „quote“ after it")
        else:
            out += quote_problems(copy, m.group(0), quote)
    return out


# ---- what is cited -----------------------------------------------------------------------------------

def rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


def sources() -> list[tuple[str, str, str]]:
    """(file, key, source) for every string in the [sources] table of every assets/tsukiji/*.toml."""
    out = []

    def walk(where, key, v):
        if isinstance(v, str):
            out.append((where, key, v))
        elif isinstance(v, dict):
            for k, x in v.items():
                walk(where, f"{key}.{k}" if key else k, x)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(where, f"{key}[{i}]", x)

    for p in sorted((ROOT / "assets" / "tsukiji").glob("*.toml")):
        walk(rel(p), "", tomllib.loads(p.read_text(encoding="utf-8")).get("sources", {}))
    return out


def market_classes() -> list[type]:
    """Every Market class that sets `lines`, in every module of games/tsukiji/markets."""
    out = {Market}
    for info in pkgutil.iter_modules(markets.__path__):
        module = importlib.import_module(f"{markets.__name__}.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Market) and cls.__module__ == module.__name__:
                out.add(cls)
    return sorted((c for c in out if "lines" in c.__dict__), key=lambda c: (c.__module__, c.__name__))


def quotes() -> list[tuple[str, str, str]]:
    """(where, citation, quote) for every rule name and every market class."""
    out = [(text, cite, quote) for text, pairs in citations.QUOTES.items() for cite, quote in pairs]
    for cls in market_classes():
        if "quote" in cls.__dict__:                       # without one: the test below says so
            out.append((f"{cls.__module__}.{cls.__name__}", cls.__dict__["lines"], cls.__dict__["quote"]))
    return out


def cited(files) -> list[tuple[str, int, str]]:
    """(file, line in that file, citation) for every citation in `files`."""
    out = []
    for p in files:
        for i, row in enumerate(p.read_text(encoding="utf-8").split("\n"), 1):
            out += [(rel(p), i, m.group(0)) for _, _, m in make_copy.citations(row)]
    return out


def game_files() -> list[Path]:
    return [p for p in make_copy.scanned_files() if not rel(p).startswith("tests/")]


def tsukiji_test_files() -> list[Path]:
    return [p for p in make_copy.scanned_files() if rel(p).startswith("tests/")]


# ---- the tests --------------------------------------------------------------------------------------

def test_every_source_quote_is_on_its_cited_line():
    srcs = sources()
    assert len(srcs) > 100
    bad = [f"{f} {key}: {p}" for f, key, s in srcs for p in source_problems(COPY, s)]
    assert not bad, f"{FIX}:\n" + "\n".join(bad)


def test_every_rule_name_and_market_quote_is_on_its_cited_line():
    qs = quotes()
    assert len(qs) > 30
    bad = [f"{where}: {p}" for where, cite, quote in qs for p in quote_problems(COPY, cite, quote)]
    assert not bad, f"{FIX}:\n" + "\n".join(bad)


def test_every_rule_name_carries_its_quotes():
    for text, pairs in citations.QUOTES.items():
        cites = re.fullmatch(r"Tsukiji, .+ \(([^()]*)\)", text).group(1).split(", ")
        assert cites == [c for c, _ in pairs], text
    # a rule name written out in a message is one of citations.py's, so it has its quotes
    literal = re.compile(r"Tsukiji, [^\"'(){}]+ \((?:000:[\d-]+(?:, )?)+\)")
    bad = [f"{rel(p)}: {m.group(0)}" for p in game_files() if p.suffix == ".py"
           for m in literal.finditer(p.read_text(encoding="utf-8")) if m.group(0) not in citations.QUOTES]
    assert not bad, "rule names not made by citations.rule():\n" + "\n".join(bad)


def test_every_market_class_with_lines_has_a_quote():
    bad = [f"{c.__module__}.{c.__name__}" for c in market_classes() if "quote" not in c.__dict__]
    assert len(market_classes()) >= 19
    assert not bad, "market classes that set `lines` but no `quote` (words of its first line):\n" + "\n".join(bad)


def test_every_citation_in_the_game_points_at_a_text_line():
    found = cited(game_files())
    assert len(found) > 200
    bad = [f"{f}:{i}: {c}: {p}" for f, i, c in found for p in cite_problems(COPY, c)]
    assert not bad, f"{FIX}:\n" + "\n".join(bad)


def test_every_citation_in_the_tsukiji_tests_points_at_a_text_line():
    found = cited(tsukiji_test_files())
    assert len(found) > 50
    bad = [f"{f}:{i}: {c}: {p}" for f, i, c in found for p in cite_problems(COPY, c)]
    assert not bad, f"{FIX}:\n" + "\n".join(bad)


def test_an_off_by_one_citation_is_reported():
    # The spoilage rule shifted one line either way lands on a blank line, not in the copy.
    cite, quote = citations.QUOTES[citations.RULE_SPOIL][0]
    assert cite == "000:105" and not quote_problems(COPY, cite, quote)
    assert quote_problems(COPY, "000:106", quote) and quote_problems(COPY, "000:104", quote)
    assert quote_problems({**COPY, 106: ""}, "000:106", quote) == ["000:106 is a blank line"]
    no_104 = {n: text for n, text in COPY.items() if n != 104}
    assert quote_problems(no_104, "000:104", quote) == ["000:104 is not in tests/rulebook/000.txt"]
    # Two neighbouring text lines: the empty-ship rule cited one line on finds not its words there.
    cite, quote = citations.QUOTES[citations.RULE_EMPTY][0]
    assert cite == "000:131" and not quote_problems(COPY, cite, quote)
    [problem] = quote_problems(COPY, "000:132", quote)
    assert f"„{quote}“ is not on line 132" in problem
    # A toml source shifted by one, and one whose quote is from another line.
    good = "text 000:205 „Du darfst Aallizenzen für je ¥500 kaufen“ (500 yen)"
    assert not source_problems(COPY, good)
    assert source_problems(COPY, good.replace("000:205", "000:206"))
    assert source_problems(COPY, good.replace("000:205", "000:204"))
    assert source_problems(COPY, "text 000:206 „Du darfst Aallizenzen für je ¥500 kaufen“")
    assert source_problems(COPY, "text 000:205 (500 yen)") == ["000:205 has no „quote“ after it"]
    assert source_problems(COPY, "text (500 yen)") == ["cites the text but no line of it"]
    # A range: both ends must be text lines, the quote on its first line.
    assert not cite_problems(COPY, "000:212-223")
    assert cite_problems({**COPY, 222: ""}, "000:212-222") == ["000:222 is a blank line"]


def test_no_quote_would_also_fit_a_neighbouring_line():
    # Each quote pins its line: moved one line up or down, every citation here is reported.
    pairs = [(cite, quote) for _, cite, quote in quotes()]
    for _, _, s in sources():
        pairs += [(m.group(0), q) for _, _, m in make_copy.citations(s) if (q := quote_after(s, m.end()))]
    for cite, quote in pairs:
        a, b = parse(cite)
        for d in (-1, 1):
            moved = f"000:{a + d}" if a == b else f"000:{a + d}-{b + d}"
            assert quote_problems(COPY, moved, quote), f"{cite} „{quote}“ also fits {moved}"


def test_the_copy_has_every_cited_line_and_no_hand_edit():
    # Runs everywhere: the copy's header holds the digest of its lines as make_copy.py wrote
    # them from the rulebook, so a line edited by hand (or a stale copy) is found without it.
    assert COPY, "tests/rulebook/000.txt is empty"
    missing = sorted(make_copy.cited_lines() - set(COPY))
    assert not missing, f"cited lines missing from the copy: {missing}: re-run make_copy.py"
    body = make_copy.read_body()
    assert make_copy.read_digests()["lines"] == make_copy.body_digest(body), \
        "tests/rulebook/000.txt was edited by hand: re-run make_copy.py"
    edited = body[:]
    edited[3] = edited[3].replace("e", "E", 1)
    assert make_copy.body_digest(edited) != make_copy.read_digests()["lines"]
