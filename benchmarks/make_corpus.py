"""Make a corpus of N passing scenario files by varying the shipped ones (scenarios/**/*.scn).

    python benchmarks/make_corpus.py [-n 1000] [--out DIR] [--seed 1] [--no-verify]

Every variation is meaning-preserving by the grammar (grammar/scenario.lark) or by the
runner's own rules, and each one is additionally *proved per file* by running it: a
generated file that does not pass is regenerated with fewer variations, down to the
plain copy. The variations:

* ``title``   the scenario title gets a suffix (titles are only displayed);
* ``comments`` full-line ``#`` comments and blank lines are inserted (the grammar's ``_NL``
  swallows them);
* ``spaces``  runs of blanks between tokens outside quotes are widened, lines indented
  (the grammar ignores ``[\\t \\f]+``);
* ``numbers`` a bare integer is spelt with a leading zero or ``+`` (``INT`` is
  ``[+-]?\\d+`` and is read with ``int()``), e.g. ``deck: 020 "X"``;
* ``players`` the players are renamed consistently everywhere, quoted texts included
  (names are identifiers; Here I Stand powers are meaningful and the probe drops them);
* ``order``   consecutive zone declarations before the first action are shuffled
  (different zones; skipped where ``attached-to`` needs its host listed first).

Semantic number changes (honour totals, deck sizes) are *not* made: no variation of
that kind can be proved to keep an arbitrary scenario's expectations true.

A variation is used for a source file only if three independent probes of it pass; a
variation whose probe fails is reported (``order`` failing would mean the engine
depends on declaration order).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

NEW_NAMES = (
    "Ann", "Boris", "Cyd", "Dora", "Egon", "Fay", "Gus", "Hana", "Ivo", "Juno", "Kai", "Lev",
    "Mira", "Nils", "Olga", "Pia", "Quin", "Rui", "Sven", "Tara", "Uma", "Vik", "Wen", "Xia",
    "Yuri", "Zoe", "Саша", "Женя", "Мирон", "Эльза", "Player_7", "Judge-B",
)
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_ACTIVE_START = re.compile(r"^\s*(expect|advance)\b")
_ZONE_DECL = re.compile(r'^\s*("[^"]*"|\S+)\s+([^\s:"]+(?:\s+(?:\d+(?:\.\d+)?|"[^"]*"))?)\s*:')
_HEADER_WORDS = {"scenario", "game", "rule", "note", "card", "cards", "player", "turn", "active",
                 "phase", "step", "priority", "question"}


def source_files(root: Path = ROOT / "scenarios") -> list[Path]:
    return sorted(root.rglob("*.scn"))


def player_names(text: str) -> list[str]:
    return [m.group(1) for m in re.finditer(r"^\s*player\s+(\S+)", text, re.M) if not m.group(1).startswith('"')]


def _outside_strings(line: str, fn) -> str:
    """Apply ``fn`` to the parts of a line outside quoted strings and comments."""
    code, hash_, comment = line, "", ""
    # a '#' outside quotes starts a comment
    pos = 0
    for m in _STRING.finditer(line):
        i = line.find("#", pos, m.start())
        if i >= 0:
            code, hash_, comment = line[:i], "#", line[i + 1:]
            break
        pos = m.end()
    else:
        i = line.find("#", pos)
        if i >= 0:
            code, hash_, comment = line[:i], "#", line[i + 1:]
    out, last = [], 0
    for m in _STRING.finditer(code):
        out.append(fn(code[last:m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(fn(code[last:]))
    return "".join(out) + hash_ + comment


# ---- the variations: text, rng -> text ---------------------------------------------------

def vary_title(text: str, rng: random.Random) -> str:
    tag = f" [variant {rng.randrange(10**6)}]"
    return re.sub(r'^(\s*scenario\s+"(?:[^"\\\n]|\\.)*)"', lambda m: m.group(1) + tag + '"', text, count=1,
                  flags=re.M)


def vary_comments(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    out = [lines[0]]
    for line in lines[1:]:
        r = rng.random()
        if r < 0.15:
            out.append(f"# generated comment {rng.randrange(1000)}: Alice plays \"Nothing\"")
        elif r < 0.25:
            out.append("")
        out.append(line)
    return "\n".join(out)


def vary_spaces(text: str, rng: random.Random) -> str:
    def widen(part: str) -> str:
        return re.sub(r"[ \t]+", lambda m: m.group(0) + " " * rng.randrange(3) + ("\t" if rng.random() < .1 else ""),
                      part)

    out = []
    for line in text.split("\n"):
        if line.strip() and not line.lstrip().startswith("#"):
            line = _outside_strings(line, widen)
            if rng.random() < 0.3:
                line = rng.choice(("  ", "\t", "    ")) + line
        out.append(line)
    return "\n".join(out)


_RULE_OR_NUMBER = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Za-z0-9]+)+(?:\.[0-9]+)*|[+-]?\d+(?:[-.]\d+)*|[^\W\d][\w\-/']*")


def vary_numbers(text: str, rng: random.Random) -> str:
    def respell(part: str) -> str:
        def one(m: re.Match) -> str:
            tok = m.group(0)
            if not tok.isdigit() or rng.random() < 0.5:  # rule IDs, dashed, cells, words, signed: kept
                return tok
            return ("0" if rng.random() < 0.5 else "+") + tok

        return _RULE_OR_NUMBER.sub(one, part)

    return "\n".join(_outside_strings(line, respell) for line in text.split("\n"))


def vary_players(text: str, rng: random.Random) -> str:
    names = player_names(text)
    taken = set(re.findall(r"[\w\-/']+", text))
    fresh = [n for n in NEW_NAMES if n not in taken]
    rng.shuffle(fresh)
    mapping = dict(zip(names, fresh))
    if not mapping:
        return text
    pattern = re.compile(r"(?<![\w\-/'])(" + "|".join(map(re.escape, mapping)) + r")(?![\w\-/])")
    return pattern.sub(lambda m: mapping[m.group(1)], text)


def vary_order(text: str, rng: random.Random) -> str:
    if "attached-to" in text:
        return text
    lines = text.split("\n")
    end = len(lines)
    for i, line in enumerate(lines):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if _ACTIVE_START.match(line) or (words[0] not in _HEADER_WORDS and not _ZONE_DECL.match(line)):
            end = i  # the first action: from here on, order is meaning
            break
    i = 0
    while i < end:
        if _ZONE_DECL.match(lines[i]) and lines[i].split()[0] not in _HEADER_WORDS:
            j = i
            while j < end and _ZONE_DECL.match(lines[j]) and lines[j].split()[0] not in _HEADER_WORDS:
                j += 1
            run = lines[i:j]
            rng.shuffle(run)
            lines[i:j] = run
            i = j
        else:
            i += 1
    return "\n".join(lines)


VARIATIONS = {
    "title": vary_title, "comments": vary_comments, "spaces": vary_spaces, "numbers": vary_numbers,
    "players": vary_players, "order": vary_order,
}


# ---- proof by running ---------------------------------------------------------------------

def passes(text: str, name: str) -> tuple[bool, str]:
    from adjudicator.core.errors import SourceError
    from adjudicator.core.runner import run_scenario
    from adjudicator.core.scenario_parser import parse_scenario

    try:
        result = run_scenario(parse_scenario(text, name))
    except SourceError as exc:
        return False, exc.render()
    if result.passed:
        return True, ""
    return False, "\n".join(f.render() for f in result.failures)


def probe(sources: dict[Path, str], seed: int) -> tuple[dict[Path, list[str]], list[str]]:
    """Which variations hold for each source file (three seeded tries each), and why others don't."""
    allowed: dict[Path, list[str]] = {}
    notes: list[str] = []
    for path, text in sources.items():
        ok = []
        for vname, fn in VARIATIONS.items():
            for k in range(3):
                good, why = passes(fn(text, random.Random(f"{seed}/{path.name}/{vname}/{k}")), path.name)
                if not good:
                    notes.append(f"{path}: '{vname}' dropped: {why.splitlines()[0] if why else '?'}")
                    break
            else:
                ok.append(vname)
        allowed[path] = ok
    return allowed, notes


def generate(n: int, out: Path, *, seed: int = 1, verify: bool = True, log=print) -> list[Path]:
    files = source_files()
    sources = {p: p.read_text(encoding="utf-8") for p in files}
    if verify:  # a shipped file that fails as it stands (work in progress) is no source
        broken = [p for p in files if not passes(sources[p], p.name)[0]]
        for p in broken:
            log(f"skipped: {p} does not pass as shipped")
            del sources[p]
        files = [p for p in files if p in sources]
    allowed, notes = probe(sources, seed) if verify else ({p: list(VARIATIONS) for p in files}, [])
    for note in notes:
        log("probe: " + note)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    used: Counter[str] = Counter()
    fallbacks = 0
    for i in range(n):
        src = files[i % len(files)]
        rng = random.Random(f"{seed}/{i}")
        chosen = [v for v in allowed[src] if rng.random() < 0.7]
        game = src.parent.name
        dest = out / f"{i:04d}_{game}_{src.stem}.scn"
        while True:
            text = sources[src]
            for v in chosen:
                text = VARIATIONS[v](text, rng)
            if not verify or not chosen:
                break
            good, _ = passes(text, str(dest))
            if good:
                break
            fallbacks += 1  # a combination failed although each part held: try with one fewer
            chosen = chosen[:-1]
        used.update(chosen)
        dest.write_text(text, encoding="utf-8")
        written.append(dest)
    log(f"wrote {len(written)} files to {out} from {len(files)} sources; variations used: "
        + ", ".join(f"{k} {v}" for k, v in sorted(used.items())) + f"; fallbacks {fallbacks}")
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=1000)
    ap.add_argument("--out", type=Path, default=None, help="folder (default: a new temp folder)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-verify", action="store_true", help="skip the probes and the per-file run")
    args = ap.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="adjudicator-corpus-"))
    generate(args.n, out, seed=args.seed, verify=not args.no_verify)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
