"""Time the Berserk ability grammar on every card text: LALR (the shipped parser) vs Earley.

Plain script (not collected by pytest): ``python benchmarks/bench_berserk_ability.py [all_cards.json]
[--earley]``. The Earley comparison takes minutes, so it runs only with ``--earley``.
Both parsers are built from the same grammar file; the Earley one parses the same sentences with
start="start" (sentences it rejects count as failures, as with LALR).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path


def _cards_path(argv: list[str]) -> Path:
    if len(argv) > 1:
        return Path(argv[1])
    shared = os.environ.get("ADJUDICATOR_SHARED")
    if shared:
        return Path(shared) / "data" / "berserk" / "all_cards.json"
    return Path(__file__).resolve().parents[2] / "shared" / "data" / "berserk" / "all_cards.json"


def _sentences(path: Path) -> tuple[list[str], list[str]]:
    from adjudicator.games.berserk.ability import split_sentences
    from adjudicator.games.berserk.carddb import load_pool

    pool = load_pool(path).pool
    texts = [pool.get(n).text for n in pool.names() if pool.get(n).text.strip()]
    sentences = [" ".join(s.split()) for t in texts for s in split_sentences(t)]
    return texts, sentences


def bench_parse_card_text(texts: list[str]) -> float:
    from adjudicator.games.berserk.ability import _parser, parse_card_text

    _parser()  # build (or load from cache) outside the timing
    start = time.perf_counter()
    abilities = [a for t in texts for a in parse_card_text(t)]
    elapsed = time.perf_counter() - start
    structured = sum(a.structured for a in abilities)
    skeleton = sum(a.kind != "unparsed" for a in abilities)
    print(f"parse_card_text: {len(texts)} texts -> {len(abilities)} abilities in {elapsed:.2f}s; "
          f"skeleton {skeleton / len(abilities):.1%}, structured {structured / len(abilities):.1%}")
    return elapsed


def bench_load_pool(path: Path) -> float:
    """Loading the card base (what tests/test_berserk_carddb.py once timed)."""
    from adjudicator.games.berserk.carddb import load_pool

    start = time.perf_counter()
    result = load_pool(path)
    elapsed = time.perf_counter() - start
    print(f"load_pool: {len(result.pool)} cards in {elapsed:.2f}s")
    return elapsed


def bench_worst_sentence(texts: list[str]) -> float:
    """The slowest single card text (tests/test_berserk_ability.py once bounded random texts at 2 s)."""
    from adjudicator.games.berserk.ability import parse_card_text

    worst, which = 0.0, ""
    for t in texts:
        start = time.perf_counter()
        parse_card_text(t + " ")  # a fresh string: no cache hit
        took = time.perf_counter() - start
        if took > worst:
            worst, which = took, t
    print(f"slowest card text: {1000 * worst:.1f} ms ({which[:60]!r})")
    return worst


def _time_parser(parser, sentences: list[str], **kw) -> tuple[float, int]:
    ok = 0
    start = time.perf_counter()
    for s in sentences:
        try:
            parser.parse(s, **kw)
            ok += 1
        except Exception:
            pass
    return time.perf_counter() - start, ok


def bench_lalr_vs_earley(sentences: list[str]) -> float:
    from adjudicator.games.berserk.ability import _parser

    lalr = _parser("lalr")
    t0 = time.perf_counter()
    earley = _parser("earley")
    print(f"Earley parser built in {time.perf_counter() - t0:.2f}s")
    t_lalr, ok_lalr = _time_parser(lalr, sentences, start="start")
    t_earley, ok_earley = _time_parser(earley, sentences)
    ratio = t_earley / t_lalr if t_lalr else float("inf")
    print(f"LALR  : {len(sentences)} sentences, {ok_lalr} parsed, {t_lalr:.2f}s "
          f"({1000 * t_lalr / len(sentences):.2f} ms/sentence)")
    print(f"Earley: {len(sentences)} sentences, {ok_earley} parsed, {t_earley:.2f}s "
          f"({1000 * t_earley / len(sentences):.2f} ms/sentence)")
    print(f"Earley / LALR time ratio: {ratio:.1f}x")
    return ratio


def main(argv: list[str]) -> int:
    earley = "--earley" in argv
    argv = [a for a in argv if a != "--earley"]
    path = _cards_path(argv)
    if not path.exists():
        print(f"card file not found: {path}", file=sys.stderr)
        return 2
    bench_load_pool(path)
    texts, sentences = _sentences(path)
    bench_parse_card_text(texts)
    bench_worst_sentence(texts)
    if earley:
        bench_lalr_vs_earley(sentences)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    raise SystemExit(main(sys.argv))
