"""Long-running fuzz target: the scenario parser + runner and the two ability grammars.

    python fuzz/fuzz_scenarios.py --minutes 11                # all targets, round robin
    python fuzz/fuzz_scenarios.py --examples 200000 --target scenario
    python fuzz/fuzz_scenarios.py --replay fuzz/crashes/scenario-1a2b3c4d.input

Hypothesis drives the generation (a random seed file, a mutation RNG, extra text) in
batches; each batch is a fresh Hypothesis run, so the fuzzer keeps going after a failure
and records every distinct one instead of stopping at the first. Inputs are the shipped
scenarios (scenarios/**/*.scn) and the real card texts in ../shared/data (L5R oracle JSON
``text``, Berserk all_cards.json ``desc``), mutated: lines deleted, duplicated, swapped,
spliced from other files and games; tokens replaced by words the games know (verbs, zones,
phases, steps, card names, extreme numbers); characters inserted (quotes, backslashes,
CR, NUL, non-Latin letters); plus purely random text.

Contract checked (anything else is a failure):

* scenario text -> ``parse_scenario`` + ``run_scenario`` give a ScenarioResult, or raise a
  ``SourceError`` (ScenarioSyntaxError / ScenarioError …);
* card text -> ``parse_card_text`` gives a list of ``Ability``;
* no single input takes more than 2 s (re-timed once before it is reported);
* "masked": the ability parsers never raise by design, so an internal exception they
  swallow shows only as an Unparsed reason (Berserk: ``repr(exc)``, L5R: ``internal
  error: …``); those are re-run unwrapped to get the traceback and reported too.

Each distinct failure (exception type + innermost adjudicator frame) is saved once as
``fuzz/crashes/<target>-<hash>.input`` (the exact input, UTF-8) and ``.txt`` (what
happened, the traceback, how many inputs hit it). ``fuzz/crashes/INFLIGHT`` holds the
input being run, so a hard hang killed from outside still leaves its input behind.
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import json
import os
import random
import re
import signal
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CRASH_DIR = ROOT / "fuzz" / "crashes"
SLOW_SECONDS = 2.0
HARD_TIMEOUT = 8.0  # an input still running after this is interrupted (pure-Python code only)
TARGETS = ("scenario", "l5r", "berserk")
HUGE_SEEN = False  # once huge counts are known to hang, stop spending minutes on them
MEMORY_LIMIT = 6 << 30  # a runaway allocation becomes a MemoryError, not a swapping machine


def shared_data() -> Path:
    env = os.environ.get("ADJUDICATOR_SHARED")
    return (Path(env) if env else ROOT.parent / "shared") / "data"


# ---- seeds -------------------------------------------------------------------------------

def scenario_seeds() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((ROOT / "scenarios").rglob("*.scn"))]


def l5r_texts() -> list[str]:
    out = []
    for f in sorted(glob.glob(str(shared_data() / "l5r" / "oracle_of_the_void_json" / "*.json"))):
        for card in json.loads(Path(f).read_text(encoding="utf-8")):
            text = card.get("text")
            if isinstance(text, list):
                out.extend(t for t in text if isinstance(t, str) and t)
            elif isinstance(text, str) and text:
                out.append(text)
    return out or ["<b>Battle:</b> Bow target Follower.", "Tireless. Give this card +2F until the end of the turn."]


def berserk_texts() -> list[str]:
    path = shared_data() / "berserk" / "all_cards.json"
    if path.exists():
        out = [c["desc"] for c in json.loads(path.read_text(encoding="utf-8")) if isinstance(c.get("desc"), str) and c["desc"]]
        if out:
            return out
    return ["Броня 2. Регенерация 1.", "При открытии: получает 2 фишки", "-1 от [:atk]."]


def vocabulary(scenarios: list[str]) -> list[str]:
    """Words worth splicing in: what the games know, what the seeds say, numbers at the edges."""
    from adjudicator.core.registry import game_names, get_game

    words: set[str] = set()
    for name in game_names():
        g = get_game(name)
        words.add(name)
        for table in (g.verbs, g.zones, g.phases, g.card_types, g.card_attrs, g.card_flags, g.player_attrs,
                      g.player_flags, g.copy_flags, g.copy_attrs, g.shared_zones):
            words.update(str(w) for w in table)
        for steps in g.steps.values():
            words.update(steps)
    for text in scenarios:
        words.update(re.findall(r'"(?:[^"\\\n]|\\.)*"|[\w\-/\'.]+', text))
    words.update(["0", "-1", "+0", "1", "99999999999999999999", "-99999999999999999999", "1.1", "0.0", "9.9",
                  "1-1-1", "table", "\"\"", "\"\\\"\"", "expect", "illegal", "because", ":", ",", "as", "x",
                  "attached-to", "10000", "999"])
    return sorted(words)


# ---- mutation ------------------------------------------------------------------------------

ODD_CHARS = ['"', "\\", "\r", "\t", "\x00", ":", ",", "#", "\u00a0", "\u200b", "é", "Ж", "漢", "🂡", "\ufeff",
             "\n", "  ", "'", "-", "/", ".", "0", "\x0c"]


def _kind(token: str) -> str:
    if token.startswith('"'):
        return "string"
    if re.fullmatch(r"[+-]?\d+", token):
        return "int"
    return "space" if not token.strip() else "word"


def mutate_lines(text: str, rng: random.Random, others: list[str], vocab: list[str]) -> str:
    lines = text.split("\n")
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 5))):  # mostly small steps: deep, not just unparsable
        op = rng.choice((0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 9))  # line-level ops keep the syntax more often
        i = rng.randrange(len(lines)) if lines else 0
        if op == 0 and lines:
            del lines[i]
        elif op == 1 and lines:
            lines.insert(i, lines[i])
        elif op == 2 and len(lines) > 1:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:  # a line from another file, maybe another game
            other = rng.choice(others).split("\n")
            lines.insert(i, rng.choice(other))
        elif op == 4 and lines:  # replace one token, mostly by one of its own kind (keeps the syntax)
            toks = re.split(r'("(?:[^"\\\n]|\\.)*"|\s+)', lines[i])
            k = rng.randrange(len(toks))
            kind = _kind(toks[k])
            same = [w for w in rng.sample(vocab, min(40, len(vocab))) if _kind(w) == kind]
            toks[k] = rng.choice(same) if same and rng.random() < 0.8 else rng.choice(vocab)
            lines[i] = "".join(toks)
        elif op == 5 and lines:  # insert a token
            toks = lines[i].split(" ")
            toks.insert(rng.randrange(len(toks) + 1), rng.choice(vocab))
            lines[i] = " ".join(toks)
        elif op == 6 and lines:  # odd characters
            s = lines[i]
            k = rng.randrange(len(s) + 1)
            lines[i] = s[:k] + rng.choice(ODD_CHARS) + s[k + rng.randrange(2):]
        elif op == 7:  # truncate somewhere
            joined = "\n".join(lines)
            lines = joined[: rng.randrange(len(joined) + 1)].split("\n")
        elif op == 8 and lines:  # the game line names another game (cross-game set-ups)
            for k, s in enumerate(lines):
                if s.startswith("game "):
                    lines[k] = "game " + rng.choice(["l5r", "berserk", "time-masters", "here-i-stand", "chess"])
                    break
        elif op == 9 and lines:  # numbers to extremes
            edges = ["0", "1", "-1", "1000"] + ([] if HUGE_SEEN else ["999999", "99999999999999999999"])
            lines[i] = re.sub(r"\d+", lambda m: rng.choice(edges + [m.group(0)]), lines[i])
    return "\n".join(lines)


def mutate_card_text(text: str, rng: random.Random, others: list[str]) -> str:
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(8)
        words = text.split(" ")
        if op == 0 and words:  # a word from another card
            words[rng.randrange(len(words))] = rng.choice(rng.choice(others).split(" ") or [""])
            text = " ".join(words)
        elif op == 1:  # splice two cards
            other = rng.choice(others)
            text = text[: rng.randrange(len(text) + 1)] + other[rng.randrange(len(other) + 1):]
        elif op == 2 and words:
            del words[rng.randrange(len(words))]
            text = " ".join(words)
        elif op == 3:
            k = rng.randrange(len(text) + 1)
            text = text[:k] + rng.choice(ODD_CHARS + ["<b>", "</b>", "<i>", "<br>", "&amp;", "&", "[:atk]", "[",
                                                      "]", "(", ")", ":", ";", ".", "—", "+", "X"]) + text[k:]
        elif op == 4:
            text = text * rng.randint(2, 8)
        elif op == 5 and words:
            i, j = rng.randrange(len(words)), rng.randrange(len(words))
            words[i], words[j] = words[j], words[i]
            text = " ".join(words)
        elif op == 6:
            text = text.upper() if rng.random() < 0.5 else text.lower()
        elif op == 7:
            text = re.sub(r"\d+", lambda m: rng.choice(["0", "-1", "X", "999999999999", "1"]), text)
    return text


# ---- running one input -----------------------------------------------------------------------

class HardTimeout(BaseException):
    """Raised by SIGALRM; a BaseException so that ``except Exception`` in the code under test
    cannot swallow it."""


def _alarm(signum, frame):
    raise HardTimeout(f"still running after {HARD_TIMEOUT} s")


@dataclass
class Outcome:
    kind: str  # "ok" | "crash" | "slow" | "masked"
    detail: str = ""  # for "ok": how far a scenario got (parser / runner / ran)
    tb: str = ""
    signature: str = ""
    seconds: float = 0.0


def _signature(exc: BaseException, tb) -> str:
    frames = [f for f in traceback.extract_tb(tb) if "adjudicator" in f.filename]
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return f"{type(exc).__name__}@{where}"


def run_scenario_text(text: str):
    from adjudicator.core.errors import SourceError
    from adjudicator.core.runner import ScenarioResult, run_scenario
    from adjudicator.core.scenario_parser import parse_scenario

    try:
        scn = parse_scenario(text, "<fuzz>")
    except SourceError:
        return "rejected by the parser"
    try:
        result = run_scenario(scn)
    except SourceError:
        return "rejected by the runner"
    if not isinstance(result, ScenarioResult):
        raise TypeError(f"run_scenario returned {type(result).__name__}")
    return "ran: passed" if result.passed else "ran: failed expectations"


_MASKED_BERSERK = re.compile(r"^[A-Z]\w*(Error|Exception|Exit|Interrupt)\(")


def _check_abilities(game: str, text: str, abilities) -> str | None:
    """None when fine; else what is wrong (a masked internal error or a contract break)."""
    mod = _ability_module(game)
    if not isinstance(abilities, list) or not all(isinstance(a, mod.Ability) for a in abilities):
        raise TypeError(f"parse_card_text returned {type(abilities).__name__}: {abilities!r:.200}")
    for a in abilities:
        for u in a.unparsed:
            reason = getattr(u, "reason", "") or ""
            if (game == "berserk" and _MASKED_BERSERK.match(reason)) or reason.startswith("internal error"):
                return reason
    return None


def _ability_module(game: str):
    if game == "l5r":
        from adjudicator.games.l5r import ability
    else:
        from adjudicator.games.berserk import ability
    return ability


def unwrapped_traceback(game: str, text: str) -> str:
    """Re-run a card text without the never-raise wrappers to see the swallowed exception."""
    mod = _ability_module(game)
    try:
        if game == "l5r":
            for line in mod.split_lines(text):
                if not mod.is_reminder_line(line):
                    mod._parse_ability.__wrapped__(line)
        else:
            for s in mod.split_sentences(text):
                mod._parse_sentence(s)
            mod.parse_card_text.__wrapped__(text) if hasattr(mod.parse_card_text, "__wrapped__") else None
    except Exception:
        return traceback.format_exc()
    return "(the unwrapped re-run did not raise; the wrapper itself failed)"


def run_one(target: str, text: str, *, inflight: bool = True) -> Outcome:
    """Run one input under the contract. ``inflight`` keeps a copy of it on disk while it runs."""
    if inflight:
        CRASH_DIR.mkdir(parents=True, exist_ok=True)
        (CRASH_DIR / "INFLIGHT").write_text(f"{target}\n{text}", encoding="utf-8", errors="surrogatepass")
    if signal.getsignal(signal.SIGALRM) is not _alarm:  # unhandled SIGALRM would kill the process
        signal.signal(signal.SIGALRM, _alarm)
    masked, how = None, "parsed"
    start = time.perf_counter()
    # repeating: an alarm raised inside a gc callback is swallowed, the next one is not
    signal.setitimer(signal.ITIMER_REAL, HARD_TIMEOUT, 1.0)
    try:
        if target == "scenario":
            how = run_scenario_text(text)
        else:
            masked = _check_abilities(target, text, _ability_module(target).parse_card_text(text))
    except HardTimeout as exc:
        return Outcome("slow", str(exc), traceback.format_exc(), _signature(exc, exc.__traceback__).replace(
            "HardTimeout", "timeout"), time.perf_counter() - start)
    except MemoryError as exc:
        return Outcome("crash", f"MemoryError (address space limited to {MEMORY_LIMIT >> 30} GiB)",
                       traceback.format_exc(), _signature(exc, exc.__traceback__), time.perf_counter() - start)
    except Exception as exc:  # the contract is broken: report it
        return Outcome("crash", f"{type(exc).__name__}: {exc}"[:500], traceback.format_exc(),
                       _signature(exc, exc.__traceback__), time.perf_counter() - start)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    seconds = time.perf_counter() - start
    if masked is not None:
        tb = unwrapped_traceback(target, text)
        last = [ln for ln in tb.strip().splitlines() if ln.strip().startswith("File ") and "adjudicator" in ln]
        where = re.sub(r'.*/(\w+\.py)", line (\d+).*', r"\1:\2", last[-1]) if last else "?"
        return Outcome("masked", masked[:300], tb, f"masked:{masked.split('(')[0].split(':')[0]}@{where}", seconds)
    if seconds > SLOW_SECONDS:
        # re-time once: a garbage collection or a busy neighbour is not the parser's fault
        again = time.perf_counter()
        try:
            if target == "scenario":
                run_scenario_text(text)
            else:
                _ability_module(target).parse_card_text(text)
        except Exception:
            pass
        if time.perf_counter() - again > SLOW_SECONDS:
            return Outcome("slow", f"{seconds:.2f} s for {len(text)} characters", "", f"slow@{target}", seconds)
    return Outcome("ok", how, seconds=seconds)


# ---- bookkeeping -------------------------------------------------------------------------------

class Findings:
    def __init__(self):
        self.seen: dict[str, dict] = {}
        self.runs = {t: 0 for t in TARGETS}
        self.depth: dict[str, int] = {}  # how far scenario inputs got

    def record(self, target: str, text: str, out: Outcome) -> None:
        sig = f"{target}:{out.signature}"
        entry = self.seen.get(sig)
        if entry is not None:
            entry["count"] += 1
            if len(text) < len(entry["input"]):  # keep the shortest input that shows it
                entry["input"] = text
                self._save(sig, entry)
            return
        entry = {"target": target, "kind": out.kind, "signature": out.signature, "detail": out.detail,
                 "traceback": out.tb, "input": text, "count": 1, "seconds": round(out.seconds, 3)}
        self.seen[sig] = entry
        self._save(sig, entry)
        if out.kind == "slow" and target == "scenario":
            global HUGE_SEEN
            HUGE_SEEN = True
        print(f"[{time.strftime('%H:%M:%S')}] NEW {out.kind} in {target}: {out.signature}: {out.detail[:160]}",
              flush=True)

    def _save(self, sig: str, entry: dict) -> None:
        stem = f"{entry['target']}-{hashlib.sha1(sig.encode()).hexdigest()[:8]}"
        (CRASH_DIR / f"{stem}.input").write_text(entry["input"], encoding="utf-8", errors="surrogatepass")
        (CRASH_DIR / f"{stem}.txt").write_text(
            f"target: {entry['target']}\nkind: {entry['kind']}\nsignature: {entry['signature']}\n"
            f"detail: {entry['detail']}\nseconds: {entry['seconds']}\nhits so far: {entry['count']}\n\n"
            f"{entry['traceback']}", encoding="utf-8", errors="surrogatepass")


# ---- the Hypothesis driver ---------------------------------------------------------------------

def make_batch(target: str, seeds: list[str], vocab: list[str], findings: Findings, examples: int,
               stop_at: float):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    random_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=300)

    @settings(max_examples=examples, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck), phases=("generate",))
    @given(index=st.integers(0, len(seeds) - 1), rnd=st.randoms(use_true_random=True),
           mode=st.integers(0, 9), extra=random_text)
    def one(index, rnd, mode, extra):
        if time.monotonic() > stop_at:
            return
        if mode == 0:
            text = extra  # pure random text
        elif target == "scenario":
            text = mutate_lines(seeds[index], rnd, seeds, vocab)
            if mode == 1:
                text = text + "\n" + extra
        else:
            text = mutate_card_text(seeds[index], rnd, seeds)
            if mode == 1:
                text = extra + " " + text
        findings.runs[target] += 1
        out = run_one(target, text)
        if target == "scenario" and out.kind == "ok":
            findings.depth[out.detail] = findings.depth.get(out.detail, 0) + 1
        if out.kind != "ok":
            findings.record(target, text, out)

    return one


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=None, help="stop after this long")
    ap.add_argument("--examples", type=int, default=None, help="stop after this many inputs in all")
    ap.add_argument("--target", choices=TARGETS + ("all",), default="all")
    ap.add_argument("--batch", type=int, default=500, help="inputs per Hypothesis run")
    ap.add_argument("--replay", type=Path, help="run one saved input and print what happens")
    args = ap.parse_args(argv)

    if args.replay:
        target = args.replay.name.split("-")[0]
        text = args.replay.read_text(encoding="utf-8")
        out = run_one(target, text)
        print(f"{target}: {out.kind} {out.signature} {out.detail}\n{out.tb}")
        return 0 if out.kind == "ok" else 1

    if args.minutes is None and args.examples is None:
        args.minutes = 10
    stop_at = time.monotonic() + (args.minutes * 60 if args.minutes is not None else 10**9)
    limit = args.examples if args.examples is not None else 10**12
    targets = TARGETS if args.target == "all" else (args.target,)
    scenarios = scenario_seeds()
    seeds = {"scenario": scenarios, "l5r": l5r_texts(), "berserk": berserk_texts()}
    vocab = vocabulary(scenarios)
    findings = Findings()
    CRASH_DIR.mkdir(parents=True, exist_ok=True)
    inflight = CRASH_DIR / "INFLIGHT"
    if inflight.exists():  # the last run was killed while running this input: a hang
        target, _, text = inflight.read_text(encoding="utf-8").partition("\n")
        if target in TARGETS:
            findings.record(target, text, Outcome("slow", "the previous fuzz run was killed while running this",
                                                  "", f"killed@{target}"))
    signal.signal(signal.SIGALRM, _alarm)
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):
        pass
    print(f"fuzzing {', '.join(targets)}: seeds " + ", ".join(f"{t} {len(seeds[t])}" for t in targets)
          + f"; vocabulary {len(vocab)} words; until {args.minutes} min / {args.examples} inputs", flush=True)
    for t in targets:  # warm up (grammars, game modules) and check that the seeds themselves hold
        for s in seeds[t][:50]:
            out = run_one(t, s)
            if out.kind != "ok":
                findings.record(t, s, out)
    started, last_report, round_no = time.monotonic(), time.monotonic(), 0
    while time.monotonic() < stop_at and sum(findings.runs.values()) < limit:
        target = targets[round_no % len(targets)]
        round_no += 1
        batch = min(args.batch, limit - sum(findings.runs.values()))
        make_batch(target, seeds[target], vocab, findings, batch, stop_at)()
        if time.monotonic() - last_report > 60:
            last_report = time.monotonic()
            print(f"[{time.strftime('%H:%M:%S')}] {int(last_report - started)} s: inputs "
                  + ", ".join(f"{t} {n}" for t, n in findings.runs.items()) + f"; distinct findings {len(findings.seen)}",
                  flush=True)
    (CRASH_DIR / "INFLIGHT").unlink(missing_ok=True)
    elapsed = time.monotonic() - started
    print(f"\ndone in {elapsed:.0f} s: inputs " + ", ".join(f"{t} {n}" for t, n in findings.runs.items())
          + f" ({sum(findings.runs.values()) / max(elapsed, 1e-9):.0f}/s)")
    if findings.depth:
        print("scenario inputs: " + ", ".join(f"{k} {v}" for k, v in sorted(findings.depth.items())))
    print(f"distinct findings: {len(findings.seen)} (saved in {CRASH_DIR})")
    for sig, e in sorted(findings.seen.items(), key=lambda kv: -kv[1]["count"]):
        print(f"  {e['kind']:7} {sig}  x{e['count']}: {e['detail'][:200]}")
    summary = {sig: {k: v for k, v in e.items()} for sig, e in findings.seen.items()}
    (CRASH_DIR / "summary.json").write_text(json.dumps(summary, ensure_ascii=False, indent=1), encoding="utf-8")
    return 1 if findings.seen else 0


if __name__ == "__main__":
    sys.exit(main())
