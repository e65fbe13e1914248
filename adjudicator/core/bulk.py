"""Parsing many card texts at once, spread over the machine's cores.

A whole card pool (thousands of ability lines) is parsed by ``adjudicator coverage`` and the
benchmarks; each text parses independently, so worker processes forked after the parser is
built share it and split the texts between them. Small inputs, machines with one core and
platforms without ``fork`` parse in this process, with the same results in the same order.
"""

from __future__ import annotations

import multiprocessing
import os
from typing import Callable, Iterable, TypeVar

T = TypeVar("T")

#: below this many distinct texts, starting workers costs more than it saves
MIN_PARALLEL = 400

#: more workers than this gain little: each must still receive its share of the results
MAX_JOBS = 4


def default_jobs() -> int:
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_JOBS))


def parse_all(parse: Callable[[str], T], texts: Iterable[str], *, jobs: int | None = None,
              warm: Callable[[], object] | None = None) -> list[T]:
    """``[parse(t) for t in texts]``, each distinct text parsed once, over ``jobs`` processes.

    ``parse`` must be a module-level function (workers receive it by name). ``warm`` builds
    whatever the workers should inherit (the parser) before they are forked.
    """
    texts = list(texts)
    distinct = list(dict.fromkeys(texts))
    jobs = default_jobs() if jobs is None else max(1, jobs)
    if jobs > 1 and len(distinct) >= MIN_PARALLEL and "fork" in multiprocessing.get_all_start_methods():
        if warm is not None:
            warm()
        # This process parses its own share while jobs - 1 workers parse the rest: it would
        # otherwise sit idle, and its share needs no pickling back (unpickling the workers'
        # results is serial work here, about a tenth of the parse time).
        own = len(distinct) // jobs
        rest = distinct[own:]
        chunk = max(1, len(rest) // ((jobs - 1) * 8))
        with multiprocessing.get_context("fork").Pool(jobs - 1) as pool:
            pending = pool.map_async(parse, rest, chunksize=chunk)
            results = [parse(t) for t in distinct[:own]]
            results.extend(pending.get())
    else:
        results = [parse(t) for t in distinct]
    found = dict(zip(distinct, results))
    return [found[t] for t in texts]
