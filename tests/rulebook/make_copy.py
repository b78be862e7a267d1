"""Make tests/rulebook/000.txt: the lines of the Tsukiji rulebook that Tsukiji cites.

Run it by hand from the project root whenever a citation is added or changed:

    .venv/bin/python tests/rulebook/make_copy.py

and, to check the copy against the rulebook without writing it (a developer's check, where
the rulebook lies beside the checkout; the test suite never reads it):

    .venv/bin/python tests/rulebook/make_copy.py --check

It reads the rulebook at ../shared/seeds/000_e98393ccc20da7fd.txt (beside the project,
not part of it), collects every "000:NNN" and "000:NNN-MMM" citation in the files listed
in SCANNED (both ends of a range), and writes those rulebook lines, one a line, as
"NNN<TAB>text". A cited line that is blank is written with no text and reported, so the
test can say which citation is off. Nothing in the product reads the rulebook or this copy;
tests/test_tsukiji_citations.py checks every citation and quote against the copy, and the
copy's digests (a line edited by hand is found). The tests never run this.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = ROOT.parent / "shared" / "seeds" / "000_e98393ccc20da7fd.txt"
COPY = Path(__file__).resolve().parent / "000.txt"
HEADER = ("# Lines of ../shared/seeds/000_e98393ccc20da7fd.txt cited by Tsukiji, as NNN<TAB>text;"
          " made by tests/rulebook/make_copy.py, do not edit by hand.")

#: the files whose citations are checked: glob patterns under the project root
SCANNED = ("games/tsukiji/**/*.py", "games/tsukiji/**/*.toml", "assets/tsukiji/*.toml", "tests/test_tsukiji*.py")
#: left out of SCANNED: the citation test itself cites wrong lines on purpose
NOT_SCANNED = ("tests/test_tsukiji_citations.py",)

#: "000:105" or "000:212-223" (not the end of "¥1,000:" or of another book's "1000:")
CITATION = re.compile(r"(?<![\d,.])000:(\d+)(?:-(\d+))?")


def scanned_files(root: Path = ROOT) -> list[Path]:
    out = set()
    for pattern in SCANNED:
        out.update(p for p in root.glob(pattern) if p.is_file())
    return sorted(p for p in out if p.relative_to(root).as_posix() not in NOT_SCANNED)


def citations(text: str):
    """(first line, last line, match) for every citation in `text`."""
    for m in CITATION.finditer(text):
        a = int(m.group(1))
        yield a, int(m.group(2) or a), m


def cited_lines(root: Path = ROOT) -> set[int]:
    """Every line cited in the scanned files: single lines and both ends of each range."""
    out = set()
    for p in scanned_files(root):
        for a, b, _ in citations(p.read_text(encoding="utf-8")):
            out.update((a, b))
    return out


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def body_digest(rows: list[str]) -> str:
    """The digest of the copy's lines ("NNN<TAB>text", one a line), written in its header so
    that a hand edit of the copy is found even where the rulebook is not on the machine."""
    return digest("\n".join(rows) + "\n")


def read_digests(path: Path = COPY) -> dict[str, str]:
    """The copy's header digests: {"rulebook": sha256 of the rulebook, "lines": body_digest}."""
    out = {}
    for row in path.read_text(encoding="utf-8").splitlines():
        if row.startswith("# sha256 "):
            what, _, value = row[len("# sha256 "):].partition(": ")
            out[what] = value
    return out


def read_body(path: Path = COPY) -> list[str]:
    return [r for r in path.read_text(encoding="utf-8").splitlines() if not r.startswith("#")]


def read_copy(path: Path = COPY) -> dict[int, str]:
    """The copy as {line number: text}."""
    out = {}
    for row in path.read_text(encoding="utf-8").splitlines():
        if row.startswith("#"):
            continue
        n, _, text = row.partition("\t")
        out[int(n)] = text
    return out


def read_rulebook(path: Path = RULEBOOK) -> dict[int, str]:
    """The rulebook as {line number: text}, numbered as the file is (1 = the first line)."""
    return dict(enumerate(path.read_text(encoding="utf-8").split("\n"), 1))


def check() -> int:
    """The copy is the rulebook's lines, and made from this rulebook: 0, or 1 saying what differs."""
    text = RULEBOOK.read_text(encoding="utf-8")
    if read_digests()["rulebook"] != digest(text):
        print("the rulebook has changed since the copy was made: re-run make_copy.py and check the citations")
        return 1
    book = read_rulebook()
    bad = [n for n, line in read_copy().items() if book.get(n) != line]
    if bad:
        print(f"tests/rulebook/000.txt differs from the rulebook on lines {bad}: re-run make_copy.py")
        return 1
    print(f"the copy's {len(read_copy())} lines are the rulebook's")
    return 0


def main(argv: list[str]) -> int:
    if not RULEBOOK.is_file():
        print(f"the rulebook is not at {RULEBOOK}", file=sys.stderr)
        return 1
    if argv == ["--check"]:
        return check()
    book = read_rulebook()
    rows, blank, missing = [], [], []
    for n in sorted(cited_lines()):
        if n not in book:
            missing.append(n)
            continue
        text = book[n]
        if not text.strip():
            blank.append(n)
        rows.append(f"{n}\t{text}")
    head = [HEADER, f"# sha256 rulebook: {digest(RULEBOOK.read_text(encoding='utf-8'))}",
            f"# sha256 lines: {body_digest(rows)}"]
    COPY.write_text("\n".join(head + rows) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} lines to {COPY.relative_to(ROOT)}")
    if blank:
        print("cited lines that are blank (a citation is off):", ", ".join(f"000:{n}" for n in blank))
    if missing:
        print("cited lines past the end of the rulebook:", ", ".join(f"000:{n}" for n in missing))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
