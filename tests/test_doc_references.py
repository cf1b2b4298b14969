"""Every document the code and the docs cite is in the repository, and every section and reading
they cite exists there.

The resolution rule of a `§` reference:

- ``name.md §N`` (``sweep.md §4.3``, ``docs/design.md §3``) is section N of that page: a heading
  that starts with N (``## 3. Seeding``, ``## 10b. Presets``) or a rule that starts with it in
  bold (``**4.3**``). ``sweep.md``, ``seep.md``, ``sueca.md`` are the pages of ``docs/rules/``,
  ``design.md`` is ``docs/design.md``. Further bare ``§M`` on the same line cite the same page.
- A bare ``§N`` (also ``rules §N``) in one of those pages is its own section. Elsewhere it is
  the page of the file's own game: a file under ``games/<g>/`` or ``rl/<g>/``,
  ``strategies/<family>/<g>.py``, or a file whose name holds the game's name
  (``test_sueca_replay.py``). In any other file it is an error: name the page.
- ``N.Mb`` (a trailing letter) resolves to ``N.M`` when no section ``N.Mb`` exists.

Also errors: an ambiguity ID (``SW-n``, ``SP-n``, ``SU-n``) that no heading of ``docs/rules/``
defines; a ``.md`` document or a relative markdown link that is not in the repository; a path
into ``shared/``; ``DESIGN``; and "issue N" or "clarification N", which a reader cannot open
(write the decision itself).
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import ROOT

DOCS = ROOT / "docs"
RULES = DOCS / "rules"
GAMES = ("sweep", "seep", "sueca")
#: the pages a bare file name cites
PAGES = {f"{game}.md": RULES / f"{game}.md" for game in GAMES} | {"design.md": DOCS / "design.md"}

SECTION_HEADING = re.compile(r"^#{1,6}\s+(\d+(?:\.\d+)*[a-z]?)[.\s]", re.M)
SECTION_RULE = re.compile(r"^\*\*(\d+(?:\.\d+)*[a-z]?)\*\*", re.M)
READING_HEADING = re.compile(r"^#{1,6}\s+((?:SW|SP|SU)-\d+)\b", re.M)

MD_NAME = re.compile(r"(?<![\w/.-])((?:\.\./|\./)?[\w-]+(?:/[\w.-]+)*\.md)\b")
SECTION_REF = re.compile(r"(?:(?P<page>[\w./-]*\w\.md)\s*)?§\s*(?P<num>\d+(?:\.\d+)*[a-z]?)")
READING_REF = re.compile(r"\b(?:SW|SP|SU|SE)-\d+\b")
MD_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)\s]*)?\)")
FORBIDDEN = [
    (re.compile(r"\b(?:issue|clarification)s?\s+#?\d+", re.I), "cites an issue or clarification"),
    (re.compile(r"\bDESIGN\b"), "cites DESIGN: write docs/design.md §N"),
    (re.compile(r"(?<![\w.])(?:\.\./)*shared/[\w./-]+"), "cites a path outside the repository"),
]


def _scanned() -> list[Path]:
    files = [ROOT / name for name in ("README.md", "pyproject.toml", "setup.py", "Makefile", "mkdocs.yml")]
    for folder, patterns in [
        ("simulator", ("*.py",)),
        ("strategies", ("*.py",)),
        ("tests", ("*.py",)),
        ("configs", ("*.yaml", "*.py")),
        ("docs", ("*.md",)),
    ]:
        for pattern in patterns:
            files += sorted((ROOT / folder).rglob(pattern))
    return [f for f in files if f.is_file() and f != Path(__file__).resolve()]


def _sections(page: Path) -> set[str]:
    text = page.read_text()
    return set(SECTION_HEADING.findall(text)) | set(SECTION_RULE.findall(text))


def _home_page(path: Path) -> Path | None:
    """The page a bare § of ``path`` cites: a page itself, or its game's rules page."""
    if path in PAGES.values():
        return path
    rel = path.relative_to(ROOT)
    for game in GAMES:
        if game in rel.parts[:-1] or game in rel.stem:
            return PAGES[f"{game}.md"]
    return None


def _document_exists(name: str, path: Path) -> bool:
    if Path(name).name in PAGES:
        return True
    return any((base / name).exists() for base in (ROOT, path.parent, DOCS))


def _section_problems(text: str, home: Path | None, sections: dict[Path, set[str]]) -> list[str]:
    found = []
    page: Path | None = None
    for m in SECTION_REF.finditer(text):
        if m.group("page"):
            page = PAGES.get(Path(m.group("page")).name)
            if page is None:
                continue  # a document not in the repository: reported apart
        elif page is None:
            if home is None:
                found.append(f"a bare § outside a game's files, name the page: {m.group(0)!r}")
                continue
            page = home
        num = m.group("num")
        if num not in sections[page] and num.rstrip("abcdefgh") not in sections[page]:
            found.append(f"{page.relative_to(ROOT)} has no section {num}: {m.group(0)!r}")
    return found


def _document_problems(text: str, path: Path) -> list[str]:
    found = [f"{why}: {m.group(0)!r}" for pattern, why in FORBIDDEN for m in pattern.finditer(text)]
    found += [
        f"cites a document not in the repository: {m.group(1)!r}"
        for m in MD_NAME.finditer(text)
        if not _document_exists(m.group(1), path)
    ]
    if path.suffix == ".md":
        found += [
            f"links to a missing file: {m.group(1)!r}"
            for m in MD_LINK.finditer(text)
            if "://" not in m.group(1) and not (path.parent / m.group(1)).exists()
        ]
    return found


def _problems() -> list[str]:
    """Every reference that leads nowhere, as ``file:line: what``."""
    sections = {page: _sections(page) for page in set(PAGES.values())}
    readings = {r for page in RULES.glob("*.md") for r in READING_HEADING.findall(page.read_text())}
    found = []
    for path in _scanned():
        rel = path.relative_to(ROOT)
        home = _home_page(path)
        for number, line in enumerate(path.read_text().splitlines(), 1):
            text = re.sub(r"`[^`]*`", "", line) if path.suffix == ".md" else line  # examples in code spans
            line_problems = _document_problems(text, path) + _section_problems(text, home, sections)
            line_problems += [
                f"no rules page defines the reading {m.group(0)}"
                for m in READING_REF.finditer(text)
                if m.group(0) not in readings
            ]
            found += [f"{rel}:{number}: {problem}" for problem in line_problems]
    return found


def test_every_cited_document_section_and_reading_exists():
    problems = _problems()
    assert not problems, "references that lead nowhere:\n" + "\n".join(problems)


def test_the_pages_define_their_sections_and_readings():
    """The check above is only as good as what it reads: the pages define what the code cites most."""
    assert {"3", "7"} <= _sections(DOCS / "design.md")
    assert {"4.3", "9.1", "10b", "5.8"} <= _sections(RULES / "sweep.md") | _sections(RULES / "seep.md")
    assert {"7.2", "5.1", "8"} <= _sections(RULES / "sueca.md")
    readings = {r for page in RULES.glob("*.md") for r in READING_HEADING.findall(page.read_text())}
    assert {"SW-12", "SP-10", "SU-5"} <= readings
