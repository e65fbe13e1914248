"""A persistent cache of parsed ability texts, so a cold start need not build a grammar.

Building a LALR parser for a large ability grammar costs a third of a second even from
lark's own cache; most runs parse the same few card texts again. Results are kept per
game in the user's cache folder, keyed by a hash of the grammar file and the transformer
module, so any change to either starts a fresh cache. Only this program writes these
files; scenario and card files are never unpickled.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import pickle
import tempfile
from pathlib import Path
from typing import Callable

_caches: dict[str, "_Cache"] = {}


def _cache_dir() -> Path:
    base = os.environ.get("ADJUDICATOR_CACHE") or os.environ.get("XDG_CACHE_HOME") or (Path.home() / ".cache")
    return Path(base) / "adjudicator"


class _Cache:
    def __init__(self, key: str, sources: list[Path]):
        digest = hashlib.sha256()
        for src in sources:
            try:
                digest.update(src.read_bytes())
            except OSError:
                digest.update(str(src).encode())
        self.path = _cache_dir() / f"{key}-{digest.hexdigest()[:16]}.pickle"
        self.entries: dict[str, object] = {}
        self.dirty = False
        try:
            with open(self.path, "rb") as fh:
                loaded = pickle.load(fh)
            if isinstance(loaded, dict):
                self.entries = loaded
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, ValueError):
            self.entries = {}
        atexit.register(self.save)

    def save(self) -> None:
        if not self.dirty:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, self.path)
            self.dirty = False
        except OSError:
            pass  # a read-only home is no reason to fail a ruling


def cached(key: str, sources: list[Path], parse: Callable[[str], object], text: str):
    """``parse(text)``, remembered across runs for this ``key`` and these source files."""
    cache = _caches.get(key)
    if cache is None:
        cache = _caches[key] = _Cache(key, sources)
    if text in cache.entries:
        return cache.entries[text]
    result = parse(text)
    if len(cache.entries) < 50_000:
        cache.entries[text] = result
        cache.dirty = True
    return result
