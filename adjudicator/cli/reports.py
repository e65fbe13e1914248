"""Reports of scenario results: text for people, JSON and JUnit XML for tools."""

from __future__ import annotations

import json
from xml.etree import ElementTree as ET

from ..core.runner import ScenarioResult


def summary_line(results: list[ScenarioResult], errors: list) -> str:
    passed = sum(1 for r in results if r.passed)
    failed = len(results) - passed + len(errors)
    return f"{passed} passed, {failed} failed"


def text_report(results: list[ScenarioResult], errors: list, *, verbose: bool = False) -> str:
    out = []
    for r in results:
        if r.passed:
            if verbose:
                out.append(f"PASS {r.file}: {r.title}")
            continue
        out.append(f"FAIL {r.file}: {r.title}")
        for f in r.failures:
            out.append("  " + f.render().replace("\n", "\n  "))
    for e in errors:
        out.append(f"ERROR {e.render()}")
    out.append(summary_line(results, errors))
    return "\n".join(out)


def json_report(results: list[ScenarioResult], errors: list) -> str:
    passed = sum(1 for r in results if r.passed)
    doc = {
        "passed": passed,
        "failed": len(results) - passed + len(errors),
        "scenarios": [r.as_dict() for r in results],
        "errors": [e.as_dict() for e in errors],
    }
    return json.dumps(doc, ensure_ascii=False, indent=2)


def junit_report(results: list[ScenarioResult], errors: list) -> str:
    suites = ET.Element("testsuites", name="adjudicator")
    suite = ET.SubElement(suites, "testsuite", name="scenarios", tests=str(len(results) + len(errors)),
                          failures=str(sum(1 for r in results if not r.passed)), errors=str(len(errors)))
    for r in results:
        case = ET.SubElement(suite, "testcase", classname=f"{r.game}", name=f"{r.file}: {r.title}", file=r.file)
        for f in r.failures:
            node = ET.SubElement(case, "failure", message=f"{f.file}:{f.line}: expected {f.expected}")
            node.text = f.render()
    for e in errors:
        case = ET.SubElement(suite, "testcase", classname="error", name=e.file, file=e.file)
        node = ET.SubElement(case, "error", message=e.message)
        node.text = e.render()
    suites.set("tests", suite.get("tests"))
    suites.set("failures", suite.get("failures"))
    suites.set("errors", suite.get("errors"))
    return ET.tostring(suites, encoding="unicode")


def explain_text(result: ScenarioResult) -> str:
    out = [f"{result.file}: {result.title} ({result.game})"]
    if result.rules:
        out.append("rules: " + ", ".join(result.rules))
    for note in result.notes:
        out.append("note: " + note)
    for entry in result.trace:
        verdict = "" if entry.accepted is None else (" — legal" if entry.accepted else " — ILLEGAL")
        out.append(f"\nline {entry.line}: {entry.statement}{verdict}")
        for step in entry.steps:
            rules = f"  [{', '.join(step.rules)}]" if step.rules else ""
            out.append(f"  {step.kind:9} {step.description}{rules}")
        for reason in entry.reasons:
            out.append(f"  rejected  {reason.text}  [{reason.rule}]")
        if entry.detail:
            out.append(f"  stopped   {entry.detail}")
    verdict = "PASS" if result.passed else "FAIL"
    out.append(f"\n{verdict}: {result.expectations} expectation(s), {len(result.failures)} failed")
    for f in result.failures:
        out.append("  " + f.render().replace("\n", "\n  "))
    return "\n".join(out)


def explain_json(result: ScenarioResult) -> str:
    doc = result.as_dict()
    doc["trace"] = [
        {"line": e.line, "statement": e.statement, "kind": e.kind, "accepted": e.accepted,
         "steps": [{"kind": s.kind, "description": s.description, "rules": list(s.rules)} for s in e.steps],
         "reasons": [{"rule": r.rule, "text": r.text} for r in e.reasons], "stopped": e.detail or None}
        for e in result.trace
    ]
    return json.dumps(doc, ensure_ascii=False, indent=2)


_KIND_STYLE = {"condition": "cyan", "announce": "bold", "target": "magenta", "cost": "yellow",
               "effect": "green", "cleanup": "blue", "timing": "dim", "trigger": "green", "note": "dim"}


def explain_rich(result: ScenarioResult) -> None:
    """The explain report with colour and layout, for a terminal (rich is imported only here)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(highlight=False)
    console.print(Text(result.title, style="bold"), Text(f"  {result.file} ({result.game})", style="dim"))
    if result.rules:
        console.print(Text("rules: " + ", ".join(result.rules), style="dim"))
    for note in result.notes:
        console.print(Text("note: " + note, style="italic"))
    for entry in result.trace:
        head = Text(f"\nline {entry.line}: ", style="dim")
        head.append(entry.statement, style="bold")
        if entry.accepted is True:
            head.append("  legal", style="bold green")
        elif entry.accepted is False:
            head.append("  ILLEGAL", style="bold red")
        console.print(head)
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right")
        table.add_column(ratio=1)
        table.add_column(style="dim")
        for step in entry.steps:
            table.add_row(Text(step.kind, style=_KIND_STYLE.get(step.kind, "")), step.description,
                          ", ".join(step.rules))
        for reason in entry.reasons:
            table.add_row(Text("rejected", style="bold red"), reason.text, reason.rule)
        if entry.detail:
            table.add_row(Text("stopped", style="yellow"), entry.detail, "")
        console.print(table)
    verdict = Text("\nPASS" if result.passed else "\nFAIL", style="bold green" if result.passed else "bold red")
    verdict.append(f": {result.expectations} expectation(s), {len(result.failures)} failed", style="")
    console.print(verdict)
    for f in result.failures:
        console.print(Text("  " + f.render().replace("\n", "\n  "), style="red"))
