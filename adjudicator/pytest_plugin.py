"""pytest plugin: every ``*.scn`` file is a test item (entry point ``pytest11``).

Failures are reported in domain terms: FILE:LINE, expected, found, rule IDs.
"""

from __future__ import annotations

import pytest


def pytest_collect_file(parent, file_path):
    if file_path.suffix == ".scn":
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        title = self.path.stem
        try:
            from .core.scenario_parser import read_scenario

            title = read_scenario(self.path).title
        except Exception:  # reported when the item runs, with FILE:LINE:COL
            pass
        item = ScenarioItem.from_parent(self, name=self.path.stem)
        item.title = title
        yield item


class ScenarioFailed(Exception):
    def __init__(self, text: str):
        super().__init__(text)
        self.text = text


class ScenarioItem(pytest.Item):
    title = ""

    def runtest(self):
        from .core.errors import SourceError
        from .core.runner import run_file

        try:
            result = run_file(self.path)
        except SourceError as exc:
            raise ScenarioFailed(exc.render()) from None
        if not result.passed:
            raise ScenarioFailed("\n".join(f.render() for f in result.failures))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailed):
            return f"scenario \"{self.title}\" failed:\n{excinfo.value.text}"
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.title}"
