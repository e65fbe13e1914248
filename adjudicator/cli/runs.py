"""Running many scenario files, in this process or in parallel worker processes."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..core.errors import SourceError
from ..core.runner import ScenarioResult, run_file


def _pools(cards) -> list:
    pools = []
    for path in cards or ():
        pools.append(_load_any(str(Path(path).resolve())))
    return pools


@lru_cache(maxsize=16)
def _load_any(where: str):
    """A card database, whatever game it belongs to: each game's loader is tried.

    Loaded once per process, not once per scenario file (pools are never changed)."""
    from ..core.registry import game_names, get_game
    from ..core.runner import MAX_DATABASE_BYTES, database_size

    path = Path(where)
    if database_size(path) > MAX_DATABASE_BYTES:
        raise SourceError(f"the card database is larger than {MAX_DATABASE_BYTES:,} bytes; refused", str(path))
    errors = []
    for name in game_names():
        try:
            return get_game(name).load_card_database(path)
        except Exception as exc:  # not this game's format; try the next one
            errors.append(f"{name}: {exc}")
    raise SourceError("no game could read this card database (" + "; ".join(errors) + ")", str(path))


def run_one(path: Path, *, cards=(), root=None) -> ScenarioResult:
    return run_file(path, extra_pools=_pools(cards), root=Path(root) if root else None)


def _worker(args) -> tuple[str, object]:
    path, cards, root = args
    try:
        result = run_one(Path(path), cards=cards, root=root)
    except SourceError as exc:
        return "error", exc
    result.position = None  # reports need neither the final position nor the trace:
    result.trace = []  # keep what crosses between processes small
    return "ok", result


def run_many(files: list[Path], *, jobs: int = 1, cards=(), root=None) -> tuple[list[ScenarioResult], list]:
    results: list[ScenarioResult] = []
    errors: list[SourceError] = []
    tasks = [(str(f), tuple(cards), root) for f in files]
    if jobs > 1 and len(files) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            outcomes = list(pool.map(_worker, tasks, chunksize=max(1, len(tasks) // (jobs * 8))))
    else:
        outcomes = [_worker(t) for t in tasks]
    for kind, value in outcomes:
        if kind == "ok":
            results.append(value)  # type: ignore[arg-type]
        else:
            errors.append(value)  # type: ignore[arg-type]
    return results, errors
