"""parse_all: the same results, in the same order, whether texts are parsed here or in workers."""

from __future__ import annotations

from adjudicator.core.bulk import MIN_PARALLEL, parse_all


def _texts() -> list[str]:
    # duplicates on purpose: each distinct text is parsed once, every position still answered
    return [f"card {i % (MIN_PARALLEL + 50)}" for i in range(2 * MIN_PARALLEL)]


def test_workers_give_the_sequential_answers_in_order():
    texts = _texts()
    assert parse_all(str.upper, texts, jobs=2) == [t.upper() for t in texts]


def test_one_job_and_small_inputs_stay_in_process():
    texts = _texts()
    assert parse_all(str.split, texts, jobs=1) == [t.split() for t in texts]
    assert parse_all(len, ["a", "bb", "a"], jobs=4) == [1, 2, 1]


def test_warm_runs_before_workers_start():
    calls = []
    parse_all(str.upper, _texts(), jobs=2, warm=lambda: calls.append("warm"))
    assert calls == ["warm"]


def _pid_of(text: str) -> int:
    import os

    return os.getpid()


def test_this_process_parses_a_share_and_workers_the_rest():
    import os

    pids = parse_all(_pid_of, [str(i) for i in range(MIN_PARALLEL * 2)], jobs=2)
    assert os.getpid() in pids  # its own share
    assert any(p != os.getpid() for p in pids)  # and a worker's
