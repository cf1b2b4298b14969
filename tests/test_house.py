"""The house's structure, measured: import rules kept, modules of a readable size.

The import rules themselves (no circle between sibling modules or packages, type-only imports
included; every import pointing down the layers; the engines importing none of their users) are
the contracts of ``[tool.importlinter]`` in pyproject.toml, checked here by import-linter.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: past this many lines a module says in its docstring why it is one module
MAX_LINES = 500


def test_the_import_contracts_are_kept(monkeypatch):
    cli = pytest.importorskip("importlinter.cli")
    monkeypatch.chdir(ROOT)
    assert cli.lint_imports(no_cache=True) == 0, "lint-imports: a contract of pyproject.toml is broken"


def _sources() -> list[Path]:
    return sorted(p for package in ("simulator", "strategies") for p in (ROOT / package).rglob("*.py"))


def test_a_long_module_says_why():
    long_without_reason = []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") <= MAX_LINES:
            continue
        docstring = ast.get_docstring(ast.parse(text)) or ""
        if f"{MAX_LINES}-line" not in docstring:
            long_without_reason.append(f"{path.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    assert not long_without_reason, (
        f"modules over {MAX_LINES} lines whose docstring does not say why (mention the "
        f"'{MAX_LINES}-line' guide and the reason): {', '.join(long_without_reason)}"
    )
