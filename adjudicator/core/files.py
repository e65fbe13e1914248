"""Finding scenario files: files as given, folders searched recursively for ``*.scn``."""

from __future__ import annotations

from pathlib import Path


def scenario_files(paths) -> list[Path]:
    """Files as given; folders searched recursively for ``*.scn``, in a stable order.

    Raises FileNotFoundError naming a path that does not exist.
    """
    found: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found.extend(sorted(p.rglob("*.scn")))
        elif p.is_file():
            found.append(p)
        else:
            raise FileNotFoundError(str(raw))
    return found
