"""A pytest plugin that runs the guide's ```python blocks (docs/*.md, README.md) as doctests.

    PYTHONPATH=scripts python -m pytest -p guide_doctest docs README.md

Only the fenced ```python blocks are read (``--doctest-glob`` would read every ``>>>`` of the
file and take a closing fence for expected output). The blocks of a page share their names, as
one interpreter session, and run in a fresh directory holding links to the repository's
``vectors/`` and ``rangeproof-cli/``, so the pages name files by their paths from the root and
what a block writes stays out of the repository. A failure is reported at the page's line.
"""

from __future__ import annotations

import doctest
import os
import re
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
FENCE = re.compile(r"^```python\n(.*?)^```$", re.M | re.S)


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.suffix == ".md":
        return Page.from_parent(parent, path=file_path)
    return None


class Page(pytest.File):
    def collect(self):
        text = self.path.read_text(encoding="utf-8")
        session = {"__name__": "__guide__"}
        parser = doctest.DocTestParser()
        for match in FENCE.finditer(text):
            line = text.count("\n", 0, match.start(1))  # the block's first line, 0-based
            test = parser.get_doctest(match.group(1), session, f"{self.path.name}:{line}", str(self.path), line)
            test.globs = session  # get_doctest copies; the page's blocks share one namespace
            yield Block.from_parent(self, name=f"line {line}", test=test)


class Block(pytest.Item):
    def __init__(self, *, test: doctest.DocTest, **kwargs):
        super().__init__(**kwargs)
        self.test = test

    def runtest(self) -> None:
        page = self.parent
        if not hasattr(page, "sandbox"):
            page.sandbox = tempfile.mkdtemp(prefix=f"guide-{self.path.stem}-")
            for name in ("vectors", "rangeproof-cli"):
                os.symlink(ROOT / name, os.path.join(page.sandbox, name))
        here = os.getcwd()
        os.chdir(page.sandbox)
        try:
            report: list = []
            runner = doctest.DocTestRunner(optionflags=FLAGS)
            runner.run(self.test, out=report.append, clear_globs=False)
        finally:
            os.chdir(here)
        if runner.failures:
            raise BlockFailed("".join(report))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, BlockFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, self.test.lineno, self.name


class BlockFailed(Exception):
    """A doctest's examples did not give what the page shows."""
