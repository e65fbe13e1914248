"""L5R CCG ability text -> the typed AST of :mod:`adjudicator.core.ability`.

Two layers:

* this module splits an ability line into its *skeleton*: designators (``Political
  Limited``), trigger (``After this card is bowed``), the limits block (everything before
  the last colon of an action: conditions, costs, targets) and effect sentences;
* the LALR grammar ``grammar/l5r_ability.lark`` structures each piece into
  :class:`~adjudicator.core.ability.Effect` clauses from the closed vocabulary
  :data:`EFFECT_KINDS`. A piece the grammar cannot structure is kept verbatim as an
  :class:`~adjudicator.core.ability.Unparsed` node; :func:`parse_ability` never raises.

Text clean-up (shared with the card database loaders, see :func:`clean_text`): HTML tags
are removed, ``<br>`` ends an ability line, entities are decoded (``&#149;``/``&#8226;`` ->
``•``), and icon tokens become words:

=============  ==================
``:bow:``      ``Bow this card``
``:gN:``       ``Pay N Gold``
``:g*:``       ``Pay X Gold``  (also ``:gstar:``)
=============  ==================

Target declarations ("Target one of your Personalities", "Choose your performing
Personality") are clauses of kind ``"target"`` / ``"choose"``; they change no game state
and are not paid as costs, but they keep their place in ``costs``/``effects`` so that
:meth:`Ability.targets` lists targets in text order.

Families with their own fields (each a kind of :data:`EFFECT_KINDS` or a condition kind):

``refuse-duel``
    "He may refuse; if he does, ...", "If he is unbowed, he may refuse the duel": the
    challenged side's optional refusal of a duel (``target`` is who may refuse); "if he
    refuses" / "if he does not refuse" are conditions ``refused`` / ``not-refused``.

``grant-ability``
    "Give him the ability, "Battle: ..."", "You have the trait "..."". ``text`` is the
    quoted ability, ``keyword`` is ``"ability"`` or ``"trait"``, ``target`` who gets it.
    Emitted only when the quoted text itself parses as a structured ability
    (:func:`granted_ability` returns it); otherwise the clause stays :class:`Unparsed`.
``amount-equal-to``
    follows the effect whose amount is read at resolution; that effect has
    ``amount=None``. ``stat`` is the measured value (``"force"``, ``"personal-honor"``,
    ``"printed-chi"``, ``"base-..."``, or ``"count"`` for "equal to the number of X"),
    ``target`` whose value it is (or what is counted), ``amount`` the multiplier (2 for
    "twice", -1 for a "Force penalty equal to ...").
``amount-for-each``
    follows the effect it multiplies ("+1F for each Lion Clan Personality you control"):
    ``target`` (ref ``"each"``) is what is counted, ``amount`` how many make one step
    ("for every two Farms" -> 2).
``redirect-target``
    "The action targets him instead, if legal": ``target`` is the new target.

Effect-scoped conditions (``Condition.args[0]`` is ``"effect N"``, 0-based, see
:class:`_Pending`):

``effect-delayed``
    "At the end of the turn, destroy him", "After the next time it straightens, ...":
    ``args = (where, timing, event)`` with timing ``"end-of"``, ``"start-of"``,
    ``"after-end-of"``, ``"after-next"``, ``"before-next"`` or ``"next"`` and the event
    named as for :class:`Trigger` (``"turn-ends"``, ``"card-straightens"``). The effect
    happens then, not when the ability resolves.
``effect-instead``
    "..., destroy this Item instead": a replacement; the effect replaces the one the
    sentence before describes.
``effect-if:<cond>`` / ``effect-unless:<cond>``
    also for alternatives "Produce 2 Gold, or 3 Gold if C": the first effect unless C,
    the second (a copy with the other amount) if C.

Possessives ("this Follower's unit", "the duel's loser's unit", "his hand") are targets with
``ref="possessed"``: ``card_types`` is the possessed noun (``"unit"``, ``"army"``, ``"hand"``,
``"abilities"``, ``"destruction"``, ``"movement"``, a card type) and ``states`` starts with
``"of-<owner ref>"`` (``of-this``, ``of-it``, ``of-target`` ...) followed by the owner's states.
The resolver does not know this ref, so such clauses are never counted executable.

Relative clauses ("who"/"that"/"which") become typed parts of the target: stat comparisons
are :class:`StatTest`s, "who is a Samurai" a keyword, "that is bowed" the state, "that you
control" ``owner="you"``, the rest states ``"<kind>:<argument text>"`` with kind ``has``,
``has-no``, ``is``, ``is-not``, ``attached-to``, ``was``, ``controls``, ``did``,
``controlled-by``. "Any number of" is ``up_to=True`` with ``count=0``.

Other typed target states: ``any-keyword:A|B|C`` ("a Daimyo, Duelist, or Kensai
Personality", "a Crab Clan or Naga Personality"), ``either:<first>|<second>`` ("a target
attachment or a target dishonorable Personality": two descriptions with different
restrictions, which one TargetSpec cannot merge), ``has-ability:<designator>``, ``on:<text>``,
``same-location``, ``same-controller``, ``your-clan-alignment`` (created cards), ``top`` (with
``zone``: "the top card of any Fate deck"), ``from-action``.

Cost and timing scopes (``Condition.args[0]`` is ``"effect N"`` as above):
``effect-cost`` (``paying-all-costs`` / ``ignoring-gold-cost`` / ``ignoring-costs`` /
``less-gold, N``), ``effect-as-action`` ("as a Battle action"), ``effect-during``
(``battle``, ``action-phase``, ``your-turn``), ``effect-choice`` (``option i of 2``: "Gain 2
Honor or draw a card"); ``effect-delayed`` also has the timings ``as`` ("as he moves") and
``after`` ("after it resolves"). Kinds added with them: ``cost-reduction`` ("enters play for
N less Gold": ``amount`` N, ``keyword`` the mode), ``refill`` (``keyword`` face-up/down),
``transfer`` (+ ``attach-to``), ``set-stat`` / ``reduce-stat-to``, ``cannot-gain-keyword``,
``cannot-perform-actions``, ``grant-keyword-choice`` (``keyword`` "A|B|C"), ``recruit``,
``play-card``, ``enters-play-unbowed``, ``cannot-be-targeted-by`` (``keyword`` names who may
not target: "Melee Attacks may not target this Follower"). Trigger events may be prefixed
``first-each-<period>:`` ("the first time each turn ...") or suffixed ``-by-you`` ("you bow
this Holding") / ``-during-<when>``.

Deck placement and usage restrictions: ``put-on-bottom`` / ``put-on-top`` /
``put-on-top-or-bottom`` ("Put each one at the bottom of its owner's deck in any order"):
``target`` the cards, ``keyword`` the deck (``deck``, ``fate-deck``, ``dynasty-deck``),
``values[0]`` whose deck (``you``, ``owner``, ``opponent``; ``owner`` when the text names
none). ``cannot-use-abilities`` ("A target Holding's abilities may not be used"): ``target``
the abilities (a possessed target). Condition ``stat-value`` ("if its Force is now 0", "if
his Chi is 3 or less"): ``args = (whose, stat, op, value)`` with op ``=``/``<``/``>``/
``<=``/``>=``; "now" only says the value is read when the condition is checked.

``effect-trigger`` (an effect-scoped condition): a second trigger inside one line ("After you
Equip this Follower, lose 4 Honor. After your turn begins, give this Personality a -1C Plague
token"): ``args = (where, timing, event)``, timing ``after``/``before``, the event named as for
:class:`Trigger`; the effect happens each time the event does, not when the line resolves.
"Give a target Province +3 or -3 strength": two ``modify-stat`` effects (``stat="strength"``)
scoped ``effect-choice`` (``option i of 2``), each with its own text ("+3 strength").

Attack and honor choices: ``cannot-attack`` / ``cannot-defend`` ("This Personality cannot
attack", "... cannot attack or defend": both), ``target`` who may not.
``gain-or-lose-honor`` ("A target player gains or loses 2 Honor"): ``target`` the player,
``amount`` N; the player using the ability chooses gain or loss. ``reuse-ability`` ("You may
use its abilities a second time this turn", "... twice per turn"): ``target`` the abilities
(often a possessed target), ``amount`` the extra uses (1), ``duration`` ``turn`` for "this turn".
Condition ``pays-for-single`` ("This Holding has +2GP when it pays for a single Shugenja
only"): ``args = (what it pays for,)``, scoped ``effect-if:`` on the bonus. Target states
``no-followers`` ("without Followers"); "..., and no attachments" is ``no-attachments``.

Condition ``stat-compare`` ("If he has lower Personal Honor", "... higher Family Honor than
you"): ``args = (who, stat, op, than)`` with ``than`` a target ref (``this`` when the text
names none) optionally ``.<other stat>``. Stats also include ``family-honor`` ("your Family
Honor is 9 or lower": ``stat-value`` with whose ``your``). Conditions "X remains in play" /
"remains <state>" / "remains attached to Y" are ``in-play`` / ``state`` / ``attached-to``.
Possessed nouns also include ``straightening`` and ``bowing`` ("Negate his straightening").
"Daisuke duels him" is a ``duel`` (with ``duel-challenger``) like "challenges".

Give in other word orders: "Give -1C to X" / "Give a +1F Training token to X" (the same
``modify-stat`` / ``give-token`` as "Give X -1C"), "Give X +2F or -2F" (one ``modify-stat`` per
option, scoped ``effect-choice``), "Give Aya Cavalry, Duelist, or Tactician"
(``grant-keyword-choice`` on the named card, ``ref="this"``), "+1 Gold Production" gifts
(``modify-stat``, ``stat="gold-production"``). Relative "who performed it" is the state
``performed:<pronoun>`` (``performed:it``, the action named before); "at this battle" is ``at-battlefield``.

``negate`` of "the action's effects on this card" has ``values[0]`` the text of what the
negated effects touch ("this card"); "negate the destruction" / "the movement" targets the
possessed event noun of ``it``; "its winner" / "its loser" are the duel's winner / loser.

"Straighten this Personality or move him home": ``effect-choice`` options even after a noun
("or" before a verb is one token); "Move him to Mitsushen's battlefield" is ``move-to-battle``.

Comparisons with another card's value ("with lower Force than this Personality") are
target states ``"cmp:<stat><op><ref>[.<other stat>]"``: ``cmp:force<this`` (no "than":
the card using the ability), ``cmp:chi<it.printed-chi`` ("lower Chi than his printed Chi").
"""

from __future__ import annotations

import functools
import html
import re
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from adjudicator.core.ability import (
    Ability,
    Condition,
    Effect,
    Span,
    StatTest,
    TargetSpec,
    Trigger,
    Unparsed,
)

__all__ = [
    "EFFECT_KINDS",
    "clean_text",
    "grammar_path",
    "parse_ability",
    "parse_card_text",
    "split_lines",
]

# --------------------------------------------------------------------------- vocabulary

#: Every Effect.kind the transformer can emit (costs and effects alike).
EFFECT_KINDS: frozenset[str] = frozenset(
    {
        "bow",
        "straighten",
        "dishonor",
        "rehonor",
        "destroy",
        "discard",
        "draw",
        "gain-honor",
        "lose-honor",
        "modify-stat",
        "grant-keyword",
        "lose-keyword",
        "move-home",
        "move-to-battle",
        "cannot-bow",
        "cannot-straighten",
        "cannot-dishonor",
        "cannot-destroy",
        "cannot-discard",
        "cannot-move",
        "cannot-target",
        "produce-gold",
        "pay-gold",
        "melee-attack",
        "ranged-attack",
        "fear",
        "take-control",
        "negate",
        "target",
        "choose",
        "keyword",
        "give-token",
        "create",
        "enters-play-bowed",
        "take-favor",
        "additional-action",
        "put-into-play",
        "put-in-hand",
        "remove-from-game",
        "search",
        "shuffle",
        "reveal",
        "turn-face-up",
        "turn-face-down",
        "duel",
        "duel-challenger",
        "attach",
        "attach-to",
        "look-at-top",
        "reorder",
        "attach-restriction",
        "cannot-attach",
        "bow-or-straighten",
        "grant-ability",
        "amount-equal-to",
        "amount-for-each",
        "redirect-target",
        "cost-reduction",
        "refill",
        "transfer",
        "set-stat",
        "reduce-stat-to",
        "cannot-gain-keyword",
        "cannot-perform-actions",
        "recruit",
        "play-card",
        "grant-keyword-choice",
        "enters-play-unbowed",
        "cannot-be-targeted-by",
        "put-on-bottom",
        "put-on-top",
        "put-on-top-or-bottom",
        "cannot-use-abilities",
        "cannot-attack",
        "cannot-defend",
        "gain-or-lose-honor",
        "reuse-ability",
        "refuse-duel",
    }
)

TIMING_WORDS = frozenset(
    {"Limited", "Open", "Battle", "Reaction", "Interrupt", "Engage", "Dynasty"}
)
#: Designators that stand alone without a timing word (trait designators).
TRAIT_DESIGNATORS = frozenset(
    {"Courtesy", "Invest", "Discipline", "Tattoo", "Kiho", "Absent", "Ninja", "Tireless", "Compassion"}
)
#: Capitalised words that start a clause, never a designator.
_NOT_DESIGNATOR = frozenset(
    {
        "Bow", "Pay", "Target", "Choose", "Discard", "Dishonor", "Destroy", "Give", "Gain",
        "Lose", "If", "After", "When", "Before", "While", "This", "Straighten", "Draw",
        "Move", "Send", "Produce", "Remove", "Return", "Search", "Negate", "Take", "You",
        "Each", "Your", "At", "During", "Put", "Create", "Rehonor", "Reveal", "Look",
    }
)
_TRIGGER_WORDS = ("after", "when", "before", "at the start of", "at the end of", "whenever")

# --------------------------------------------------------------------------- text clean-up

_ICON_RE = re.compile(r":(bow|g(\d+|\*|star)):")
_TAG_RE = re.compile(r"<[^>]*>")
_BR_RE = re.compile(r"<\s*br\s*/?\s*>|<\s*/?\s*p\s*>", re.I)


def _icon(m: re.Match[str]) -> str:
    if m.group(1) == "bow":
        return "Bow this card"
    amount = m.group(2)
    return "Pay X Gold" if amount in ("*", "star") else f"Pay {amount} Gold"


def clean_text(text: str) -> str:
    """HTML card text -> plain text, one ability per line (see the module docstring)."""
    if not text:
        return ""
    t = _BR_RE.sub("\n", text)
    t = _TAG_RE.sub("", t)
    t = html.unescape(t)
    t = t.replace("\u0095", "•").replace("\u2022", "•").replace("\xa0", " ")
    t = _ICON_RE.sub(_icon, t)
    lines = [" ".join(line.split()) for line in t.splitlines()]
    return "\n".join(line for line in lines if line)


def split_lines(text: str) -> list[str]:
    """A card's text -> its non-empty ability lines (HTML cleaned first)."""
    return [line for line in clean_text(text).split("\n") if line.strip()]


# --------------------------------------------------------------------------- the parser

_lock = threading.Lock()
_parser: Any = None
_vocab: frozenset[str] = frozenset()
_STARTS = ["limits", "sentence", "event", "cond"]


def grammar_path() -> Path:
    """Where ``l5r_ability.lark`` (the base file) lives (see :func:`adjudicator.core.grammar_files.grammar_path`)."""
    from ...core.grammar_files import grammar_path as _find

    return _find(GRAMMAR_FILES[0])


from .text_files import GRAMMAR_FILES, RULE_MODULES, grammar_paths, source_files  # noqa: E402,F401


def grammar_source() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in grammar_paths())


def _get_parser() -> tuple[Any, frozenset[str]]:
    global _parser, _vocab, _transformer, _fast
    if _parser is None:
        with _lock:
            if _parser is None:
                from lark import Lark

                source = grammar_source()
                words = set(re.findall(r'"([a-z][a-z\-]*)"', source))
                for group in re.findall(r"/\(([a-z|\-]+)\)", source):
                    words.update(group.split("|"))
                # words spelled inside multi-word regex terminals (PAYING_ALL, FROM_GAME ...)
                for rx in re.findall(r"^[A-Z_]+(?:\.\d+)?:\s*/(.*)/\s*$", source, re.M):
                    words.update(w for w in re.findall(r"[a-z]{3,}", rx) if w not in ("s",))
                vocab = frozenset(words)
                # One transformer instance (meta positions need a parse tree, lark cannot
                # inline a meta transformer); _parse_piece sets the piece text/offset on it
                # under _parse_lock.
                transformer = _build_transformer_class()()
                parser = Lark(
                    source,
                    parser="lalr",
                    lexer="contextual",
                    start=_STARTS,
                    propagate_positions=True,
                    cache=True,
                    maybe_placeholders=False,
                )
                from ...core.fast_lexer import install

                install(parser)  # same tokens as lark's contextual lexer, faster
                from ...core import fast_parser

                # parse + transform in one loop over lark's table (same results, see fast_parser)
                _fast = fast_parser.FastParser(parser, transformer) if fast_parser.supports(parser) else None
                _vocab = vocab
                _transformer = transformer
                _parser = parser
    return _parser, _vocab


_parse_lock = threading.Lock()
_transformer: Any = None
_fast: Any = None  # core.fast_parser.FastParser over _parser and _transformer (None: lark's path)


_WORD_RE = re.compile(r"[A-Za-z][A-Za-z\-]*")
_LOWER_WORD_RE = re.compile(r"(?<![A-Za-z\-'])(?!non-[A-Z])[a-z][A-Za-z\-]*")


#: vocabulary words that, capitalised inside a sentence, are a keyword or part of a card's name
#: rather than the word ("have lost Honor" but "The Lost One", a Lost Personality): they are
#: lower-cased only where written in lower case or at the start of the text
_NAME_WHEN_CAPITALISED = frozenset({"lost"})


def _normalise_words(text: str, vocab: frozenset[str]) -> str:
    """Lower-case vocabulary words so capitalised words left are names and keywords."""

    def low(m: re.Match[str]) -> str:
        w = m.group(0)
        lw = w.lower()
        if lw in vocab:
            if lw in _NAME_WHEN_CAPITALISED and w != lw and m.start() > 0:
                return w
            return lw
        return w

    t = text.replace("’", "'").replace("‘", "'")  # same length: spans stay valid
    return _WORD_RE.sub(low, t)


# --------------------------------------------------------------------------- transformer

#: post-modifiers that place a card among others ("Weapons attached to Katagi", "Standards in
#: this army"): with one of them a capitalised word is a keyword, never the card's own name
_GROUP_STATES = frozenset({"attached", "in-army", "in-unit"})

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


class _Amount:
    """count: an int or the X variable."""

    __slots__ = ("value", "is_x")

    def __init__(self, value: int | None, is_x: bool = False):
        self.value = value
        self.is_x = is_x


class _Mod:
    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value: Any = None):
        self.kind = kind
        self.value = value


def amount(a: Any) -> int | None:
    """The int of a transformed ``count`` (None for X)."""
    return a.value if isinstance(a, _Amount) else a


def add_rules(target: type, mixin: type, keep=lambda name: not name.startswith("__")) -> None:
    """Copy a topic module's mixin methods (those whose name ``keep`` accepts) onto its ``Rules``
    class: the grammar's transformer finds a rule's method by its alias name there."""
    for name, value in list(vars(mixin).items()):
        if callable(value) and keep(name):
            setattr(target, name, value)


def token(ch, type_: str, default=None, *, lower: bool = False):
    """The text of the first token of ``type_`` among a rule's children (lower-cased if asked),
    or ``default`` -- every topic's transformer reads its CAPWORD / STATE / PERIOD words so."""
    for c in ch:
        if getattr(c, "type", "") == type_:
            return str(c).lower() if lower else str(c)
    return default


def either_target(first, second, second_text: str, text: str, *, count: int, owner: str = "any"):
    """"A or B" with different restrictions: a TargetSpec cannot say that, so both descriptions
    are kept in one "either:" state (states.py tests each whole). Its card types are the two
    sides' -- or open when a side names none ("a Terrain", "Tomiko": a card of any type)."""
    types = () if not first.card_types or not second.card_types \
        else tuple(dict.fromkeys(first.card_types + second.card_types))
    return TargetSpec(ref=first.ref, count=count, owner=owner, card_types=types,
                      states=(f"either:{first.text}|{second_text}",), text=text)


def constant(value):
    """A transformer method whose rule's words are the value ("unit" for "'s unit", "<=" for
    "or lower"): every topic builds its word-to-value rules so."""

    def f(self, meta, ch):
        return value

    return f


def it_target(children) -> TargetSpec | None:
    """The first target among transformed children."""
    for c in children:
        if isinstance(c, TargetSpec):
            return c
    return None


def _build_transformer_class():
    import importlib

    from ...core.table_transformer import TableTransformer

    class T(TableTransformer):
        _piece = ""
        _offset = 0

        def _span(self, meta) -> Span:
            if getattr(meta, "empty", True):
                return Span(1, self._offset + 1, self._offset + 1)
            return Span(1, self._offset + meta.column, self._offset + meta.end_column)

        def _text(self, meta) -> str:
            if getattr(meta, "empty", True):
                return ""
            return self._piece[meta.start_pos : meta.end_pos]

        def _eff(self, meta, kind: str, **kw) -> Effect:
            return Effect(kind=kind, text=self._text(meta), span=self._span(meta), **kw)

        # ----- amounts
        def num(self, meta, ch):
            return _Amount(int(ch[0]))

        def one(self, meta, ch):
            return _Amount(1)

        def two(self, meta, ch):
            return _Amount(2)

        def three(self, meta, ch):
            return _Amount(3)

        def four(self, meta, ch):
            return _Amount(4)

        def five(self, meta, ch):
            return _Amount(5)

        def x_amount(self, meta, ch):
            return _Amount(None, True)

        def stat_mods(self, meta, ch):
            mods = []
            for tok in ch:
                m = re.fullmatch(r"([+\-])([0-9]+|X)(F|C|PH|GP|PS)", str(tok))
                if not m:
                    continue
                sign, n, stat = m.groups()
                value = None if n == "X" else int(n) * (-1 if sign == "-" else 1)
                mods.append((_STAT_LETTERS[stat], value))
            return mods

        # ----- noun phrases
        def np_this(self, meta, ch):
            return TargetSpec(ref="this", text=self._text(meta))

        def np_this_typed(self, meta, ch):
            word = self._text(meta).split()[-1].lower()
            # "this Personality" on an attachment means the card it is attached to
            if word == "personality":
                return TargetSpec(ref="attached", card_types=("personality",), text=self._text(meta))
            return TargetSpec(ref="this", card_types=(word,), text=self._text(meta))

        def this_noun(self, meta, ch):
            return self._text(meta)

        def np_it(self, meta, ch):
            return TargetSpec(ref="it", text=self._text(meta))

        def np_you(self, meta, ch):
            return TargetSpec(ref="you", text=self._text(meta))

        def np_or(self, meta, ch):
            a, b = ch[0], ch[1]
            if a.keywords != b.keywords:
                # a TargetSpec's keywords are all required: "this Shugenja or your Samurai" is two
                # descriptions
                return either_target(a, b, b.text, self._text(meta), count=a.count, owner=a.owner)
            return replace(a, card_types=tuple(dict.fromkeys(a.card_types + b.card_types)), text=self._text(meta))

        def subj_target(self, meta, ch):
            t = ch[0]
            return replace(t, ref="target", text=self._text(meta))

        # quantifiers
        def q_one(self, meta, ch):
            return _Mod("q", ("one", 1))

        def q_the(self, meta, ch):
            return _Mod("q", ("the", 1))

        def q_one_of(self, meta, ch):
            return _Mod("q", ("one", 1))

        def q_one_of_your(self, meta, ch):
            return _Mod("q", ("one-of-your", 1))

        def q_each(self, meta, ch):
            return _Mod("q", ("each", 1))

        def q_another(self, meta, ch):
            return _Mod("q", ("another", 1))

        def q_number(self, meta, ch):
            return _Mod("q", ("n", int(ch[0])))

        def q_two(self, meta, ch):
            return _Mod("q", ("n", 2))

        def q_three(self, meta, ch):
            return _Mod("q", ("n", 3))

        def q_up_to(self, meta, ch):
            return _Mod("q", ("up-to", amount(ch[0]) or 1))

        # pre-modifiers
        def m_target(self, meta, ch):
            return _Mod("target")

        def m_your(self, meta, ch):
            return _Mod("owner", "you")

        def m_enemy(self, meta, ch):
            return _Mod("owner", "opponent")

        def m_his(self, meta, ch):
            return _Mod("his")

        def m_state(self, meta, ch):
            return _Mod("state", str(ch[0]).lower())

        def m_keyword(self, meta, ch):
            return _Mod("keyword", str(ch[0]))

        # heads
        def _head(name):
            def f(self, meta, ch):
                return _Mod("head", name)

            return f

        h_personality = _head("personality")
        h_follower = _head("follower")
        h_holding = _head("holding")
        h_item = _head("item")
        h_spell = _head("spell")
        h_card = _head("card")
        h_unit = _head("unit")
        h_attachment = _head("attachment")
        h_action = _head("action")
        h_ring = _head("ring")
        h_region = _head("region")
        h_event = _head("event")
        h_stronghold = _head("stronghold")
        h_province = _head("province")
        h_player = _head("player")
        h_army = _head("army")

        def h_keyword(self, meta, ch):
            return _Mod("head-keyword", str(ch[0]))

        # post-modifiers
        def p_test(self, meta, ch):
            op, n, stat = ch
            return _Mod("test", StatTest(stat=stat, op=op, value=int(n)))

        def p_from_hand(self, meta, ch):
            return _Mod("zone", "hand")

        def p_in_play(self, meta, ch):
            return _Mod("zone", None)

        def lt(self, meta, ch):
            return "<"

        def gt(self, meta, ch):
            return ">"

        def ge(self, meta, ch):
            return ">="

        def le(self, meta, ch):
            return "<="

        def eq(self, meta, ch):
            return "="

        def s_force(self, meta, ch):
            return "force"

        def s_chi(self, meta, ch):
            return "chi"

        def s_ph(self, meta, ch):
            return "personal-honor"

        def s_gc(self, meta, ch):
            return "gold-cost"

        def s_hr(self, meta, ch):
            return "honor-requirement"

        def np_desc(self, meta, ch):
            ref = "choice"
            count = 1
            up_to = False
            owner = "any"
            types: list[str] = []
            keywords: list[str] = []
            states: list[str] = []
            tests: list[StatTest] = []
            zone = None
            quant = None
            has_mods = False
            flat = []
            for m in ch:
                flat.extend(m if isinstance(m, list) else [m])
            for m in flat:
                if not isinstance(m, _Mod):
                    continue
                if m.kind == "q":
                    quant = m.value[0]
                    if quant == "each":
                        ref = "each"
                    elif quant == "one-of-your":
                        owner = "you"
                    elif quant == "up-to":
                        up_to = True
                        count = m.value[1]
                    elif quant == "n":
                        count = m.value[1]
                elif m.kind == "target":
                    ref = "target"
                    has_mods = True
                elif m.kind == "owner":
                    owner = m.value
                    has_mods = True
                elif m.kind == "his":
                    has_mods = True
                elif m.kind == "state":
                    states.append(m.value)
                    has_mods = True
                elif m.kind in ("keyword", "head-keyword"):
                    keywords.append(m.value)
                elif m.kind == "head":
                    types.append(m.value)
                elif m.kind == "test":
                    tests.append(m.value)
                elif m.kind == "zone":
                    zone = m.value
                elif m.kind == "the-target":
                    ref = "it"
                elif m.kind == "post-state":
                    states.append(m.value)
                elif m.kind == "not-keyword":
                    states.append("non-" + m.value)
                    has_mods = True
            bare_name = quant is None and not has_mods and not types and keywords and not tests \
                and not _GROUP_STATES.intersection(states)
            if types == ["player"] and quant != "each":
                if owner == "opponent":
                    return TargetSpec(ref="opponent", text=self._text(meta))
            described = TargetSpec(
                ref=ref,
                count=count,
                up_to=up_to,
                owner=owner,
                card_types=tuple(types),
                keywords=tuple(keywords),
                states=tuple(states),
                tests=tuple(tests),
                zone=zone,
                text=self._text(meta),
            )
            if not bare_name:
                return described
            # a bare name: "Give Shao +1F", "Move Tetsuo there" -- the card's own (short) name.
            # Where only a kind of card can stand ("for each Fortification at this battlefield",
            # "the number of ..."), per_each / ar_count take the keyword reading kept here.
            name = TargetSpec(ref="this", text=self._text(meta))
            self._bare_name = (name, described)
            return name

        _bare_name: tuple = ()

        def _counted(self, spec):
            """The noun phrase counted by "for each" / "the number of": never the card's name."""
            if self._bare_name and self._bare_name[0] is spec:
                return self._bare_name[1]
            return spec

        # ----- clauses
        def _simple(kind):
            def f(self, meta, ch):
                return self._eff(meta, kind, target=it_target(ch))

            return f

        bow = _simple("bow")
        straighten = _simple("straighten")
        dishonor = _simple("dishonor")
        rehonor = _simple("rehonor")
        destroy = _simple("destroy")
        discard = _simple("discard")
        move_home = _simple("move-home")
        move_to_battle = _simple("move-to-battle")
        take_control = _simple("take-control")
        negate = _simple("negate")

        def move_to_adjacent(self, meta, ch):
            # the destination is a kind of battlefield, kept in values (no card names it)
            text = self._text(meta).lower()
            where = ("adjacent", "unresolved") if "unresolved" in text else ("adjacent",)
            return self._eff(meta, "move-to-battle", target=it_target(ch), values=where)

        def move_home_or_adjacent(self, meta, ch):
            # "Move X home or to an adjacent battlefield": two options, as "A or B" clauses
            home = self._eff(meta, "move-home", target=it_target(ch))
            return self.choice_of(meta, [home, self.move_to_adjacent(meta, ch)])

        def target_decl(self, meta, ch):
            t = it_target(ch)
            if t is not None and t.ref in ("choice", "each"):
                t = replace(t, ref="target")
            return self._eff(meta, "target", target=t)

        def choose_decl(self, meta, ch):
            t = it_target(ch)
            if t is not None and t.ref not in ("target",):
                t = replace(t, ref="choice")
            return self._eff(meta, "choose", target=t)

        def draw(self, meta, ch):
            return self._eff(meta, "draw", amount=amount(ch[0]), target=TargetSpec(ref="you"))

        def gain_honor(self, meta, ch):
            return self._eff(meta, "gain-honor", amount=amount(ch[0]), target=TargetSpec(ref="you"))

        def lose_honor(self, meta, ch):
            return self._eff(meta, "lose-honor", amount=amount(ch[0]), target=TargetSpec(ref="you"))

        def subj_gain_honor(self, meta, ch):
            return self._eff(meta, "gain-honor", amount=amount(ch[1]), target=ch[0])

        def subj_lose_honor(self, meta, ch):
            return self._eff(meta, "lose-honor", amount=amount(ch[1]), target=ch[0])

        def _stats(self, meta, target, mods):
            effects = [
                self._eff(meta, "modify-stat", target=target, stat=stat, amount=value)
                for stat, value in mods
            ]
            return effects[0] if len(effects) == 1 else effects

        def give_stats(self, meta, ch):
            return self._stats(meta, ch[0], ch[1])

        def subj_gets(self, meta, ch):
            return self._stats(meta, ch[0], ch[1])

        def _keywords(self, meta, kind, target, words):
            # "Give him Kolat and Ninja": one effect per keyword (keyword_list gives a list)
            words = words if isinstance(words, list) else [str(words)]
            out = [self._eff(meta, kind, target=target, keyword=str(w)) for w in words]
            return out[0] if len(out) == 1 else out

        def give_keyword(self, meta, ch):
            return self._keywords(meta, "grant-keyword", ch[0], ch[1])

        def subj_gains_keyword(self, meta, ch):
            return self._keywords(meta, "grant-keyword", ch[0], ch[1])

        def subj_loses_keyword(self, meta, ch):
            return self._keywords(meta, "lose-keyword", ch[0], ch[1])

        def cannot_be(self, meta, ch):
            verb = str(ch[1]).lower()
            kind = _CANNOT.get(verb)
            return self._eff(meta, kind, target=ch[0]) if kind else Unparsed(self._text(meta), "no such restriction", self._span(meta))

        def produce_gold(self, meta, ch):
            return self._eff(meta, "produce-gold", amount=amount(ch[0]))

        def pay_gold(self, meta, ch):
            a = ch[0]
            return self._eff(meta, "pay-gold", amount=amount(a), target=TargetSpec(ref="you"))

        def melee_attack(self, meta, ch):
            return self._eff(meta, "melee-attack", amount=amount(ch[0]))

        def ranged_attack(self, meta, ch):
            return self._eff(meta, "ranged-attack", amount=amount(ch[0]))

        def fear(self, meta, ch):
            return self._eff(meta, "fear", amount=amount(ch[0]))

        def guarded(self, meta, ch):
            return _Guarded(ch[0], ch[1], self._text(meta))

        def guarded_pre(self, meta, ch):
            return _Guarded(ch[1], ch[0], self._text(meta))

        def optional(self, meta, ch):
            return _Optional(ch[0])

        def if_cond(self, meta, ch):
            return ch[0]

        # ----- conditions
        def c_control(self, meta, ch):
            return Condition(kind="you-control", args=(ch[0].text,), text=self._text(meta))

        def c_is(self, meta, ch):
            return Condition(kind="is", args=(ch[0].text, ch[1].text), text=self._text(meta))

        def c_state(self, meta, ch):
            return Condition(kind="is", args=(ch[0].text, str(ch[1]).lower()), text=self._text(meta))

        # ----- events
        def ev_passive(self, meta, ch):
            t, verb = ch[0], str(ch[1]).lower()
            return _event_name(t, verb)



        # ----- more noun phrases
        def np_the_target(self, meta, ch):
            return TargetSpec(ref="it", text=self._text(meta))

        def np_action_effects(self, meta, ch):
            return TargetSpec(ref="it", card_types=("effect",), text=self._text(meta))

        def np_the_rest(self, meta, ch):
            return TargetSpec(ref="it", card_types=("card",), text=self._text(meta))

        def h_target(self, meta, ch):
            return _Mod("the-target")

        h_sensei = _head("sensei")
        h_celestial = _head("celestial")

        def look_at_top(self, meta, ch):
            n = next((amount(c) for c in ch if isinstance(c, _Amount)), 1)
            zone = next((c for c in ch if isinstance(c, str) and not hasattr(c, "type")), "deck")
            return self._eff(meta, "look-at-top", amount=n, target=TargetSpec(ref="you", zone=zone))

        def reorder(self, meta, ch):
            return self._eff(meta, "reorder", target=ch[0])

        def attach_restriction(self, meta, ch):
            return self._eff(meta, "attach-restriction", target=ch[0])

        def cannot_attach(self, meta, ch):
            return self._eff(meta, "cannot-attach", target=ch[0])

        def np_loser(self, meta, ch):
            which = "duel-winner" if "winner" in self._text(meta).lower() else "duel-loser"
            return TargetSpec(ref="it", states=(which,), text=self._text(meta))

        def np_controller(self, meta, ch):
            return TargetSpec(ref="it", card_types=("controller",), text=self._text(meta))

        def np_favor(self, meta, ch):
            return TargetSpec(ref="choice", card_types=("imperial-favor",), text=self._text(meta))

        def np_each_player(self, meta, ch):
            return TargetSpec(ref="each", card_types=("player",), text=self._text(meta))

        def q_one_or_two(self, meta, ch):
            return _Mod("q", ("up-to", 2))

        def m_not_keyword(self, meta, ch):
            return _Mod("not-keyword", str(ch[-1]))

        def h_or(self, meta, ch):
            mods = [m for m in ch if isinstance(m, _Mod)]
            keywords = [m.value for m in mods if m.kind in ("keyword", "head-keyword")]
            if not keywords:
                return mods  # "Follower or Personality": card types are either already
            # a description's keywords are all required: "your Courtier or Magistrate" is either one
            if len(mods) == len(keywords) == 2:
                return [_Mod("post-state", f"any-keyword:{keywords[0]}|{keywords[1]}")]
            # "a Samurai or Follower": the keyword binds one side only; kept in one state no card
            # has (the resolver refuses rather than guesses)
            return [m for m in mods if m.kind == "head"] + [_Mod("post-state", f"either:{self._text(meta)}")]

        def h_and_follower(self, meta, ch):
            return [m for m in ch if isinstance(m, _Mod)] + [_Mod("head", "follower")]

        h_effect = _head("effect")
        h_token = _head("token")

        def _post(value):
            def f(self, meta, ch):
                return _Mod("post-state", value)

            return f

        p_army = _post("in-army")
        p_in_unit = _post("in-unit")
        p_anywhere = _post("any-location")
        p_here = _post("at-battlefield")
        p_home = _post("at-home")
        p_no_attachments = _post("no-attachments")
        p_attached = _post("attached")
        p_targeting = _post("targeting")

        def p_yours(self, meta, ch):
            return _Mod("owner", "you")

        def p_discard(self, meta, ch):
            return _Mod("zone", "discard")

        def p_fate_discard(self, meta, ch):
            return _Mod("zone", "fate-discard")

        def p_dynasty_discard(self, meta, ch):
            return _Mod("zone", "dynasty-discard")

        def p_test_le(self, meta, ch):
            return _Mod("test", StatTest(stat=ch[1], op="<=", value=int(ch[0])))

        def p_test_ge(self, meta, ch):
            return _Mod("test", StatTest(stat=ch[1], op=">=", value=int(ch[0])))

        def p_test_le2(self, meta, ch):
            return _Mod("test", StatTest(stat=ch[0], op="<=", value=int(ch[1])))

        def p_test_ge2(self, meta, ch):
            return _Mod("test", StatTest(stat=ch[0], op=">=", value=int(ch[1])))

        def p_whose_value(self, meta, ch):
            op, value = ch[-1]
            return _Mod("test", StatTest(stat=ch[0], op=op, value=value))

        def p_test2(self, meta, ch):
            return _Mod("test", StatTest(stat=ch[0], op=ch[1], value=int(ch[2])))

        def s_focus(self, meta, ch):
            return "focus"

        def d_deck(self, meta, ch):
            return "deck"

        def d_fate(self, meta, ch):
            return "fate-deck"

        def d_dynasty(self, meta, ch):
            return "dynasty-deck"

        def keyword_list(self, meta, ch):
            return [str(c) for c in ch]

        def token_desc(self, meta, ch):
            stats, amounts, name = [], set(), None
            for c in ch:
                if getattr(c, "type", "") == "STATMOD":
                    m = re.fullmatch(r"([+\-])([0-9]+|X)(F|C|PH|GP|PS)", str(c))
                    if m:
                        sign, n, letter = m.groups()
                        stats.append(_STAT_LETTERS[letter])
                        amounts.add(None if n == "X" else int(n) * (-1 if sign == "-" else 1))
                elif getattr(c, "type", "") == "CAPWORD":
                    name = str(c)
            # "a -1F/-1C Poison token" changes both: the stats joined by "/", the one amount for each;
            # "+2F/-1C" (different amounts) keeps no amount, and the engine refuses it (effects.py)
            return ("/".join(stats) or None, next(iter(amounts)) if len(amounts) == 1 else None, name)

        def verbs(self, meta, ch):
            return [_VERB_KINDS[str(v).lower()] for v in ch if getattr(v, "type", "") != "OR_VERB"]

        # ----- more clauses
        def simple(self, meta, ch):
            kinds, target = ch[0], it_target(ch)
            if kinds == ["bow", "straighten"] and re.match(r"bow\s+or\b", self._text(meta), re.I):
                # "Bow or straighten him": the player picks one at resolution
                return self._eff(meta, "bow-or-straighten", target=target)
            if len(kinds) > 1 and re.search(r"\bor\b", self._text(meta).split(target.text)[0] if target and target.text else self._text(meta), re.I):
                return Unparsed(self._text(meta), "a choice between effects", self._span(meta))
            out = []
            for i, k in enumerate(kinds):
                t = target if i == 0 or target is None or target.ref != "target" else replace(target, ref="it")
                out.append(self._eff(meta, k, target=t))
            return out[0] if len(out) == 1 else out

        def subj_draw(self, meta, ch):
            return self._eff(meta, "draw", amount=amount(ch[1]), target=ch[0])

        def give_token(self, meta, ch):
            stat, value, name = ch[1]
            return self._eff(meta, "give-token", target=ch[0], stat=stat, amount=value, keyword=name)

        def create(self, meta, ch):
            return self._eff(meta, "create", target=it_target(ch))

        def enters_play_state(self, meta, ch):
            state = str(ch[1]).lower()
            if state not in ("bowed", "unbowed"):
                return Unparsed(self._text(meta), "enters play in an unknown state", self._span(meta))
            return self._eff(meta, f"enters-play-{state}", target=ch[0])

        def take_favor(self, meta, ch):
            return self._eff(meta, "take-favor", target=TargetSpec(ref="you"))

        def additional_action(self, meta, ch):
            kw = token(ch, "CAPWORD")
            # "Take two additional Battle actions": two, not one
            n = 2 if self._text(meta).lower().split()[1:2] == ["two"] else 1
            return self._eff(meta, "additional-action", keyword=kw, amount=n)

        def put_into_play(self, meta, ch):
            return self._eff(meta, "put-into-play", target=it_target(ch))

        def put_in_hand(self, meta, ch):
            return self._eff(meta, "put-in-hand", target=it_target(ch))

        def remove_from_game(self, meta, ch):
            return self._eff(meta, "remove-from-game", target=it_target(ch))

        def search(self, meta, ch):
            zone, t = ch[0], ch[1]
            return self._eff(meta, "search", target=replace(t, zone=zone))

        def shuffle(self, meta, ch):
            return self._eff(meta, "shuffle", target=TargetSpec(ref="you", zone=ch[0]))

        def reveal(self, meta, ch):
            return self._eff(meta, "reveal", target=it_target(ch))

        def turn_face(self, meta, ch):
            up = "up" in str(ch[1]).lower()
            return self._eff(meta, "turn-face-up" if up else "turn-face-down", target=ch[0])

        def duel(self, meta, ch):
            challenger, challenged = ch[0], ch[-1]
            return [
                self._eff(meta, "duel-challenger", target=challenger),
                self._eff(meta, "duel", target=challenged),
            ]

        def attach(self, meta, ch):
            return [self._eff(meta, "attach", target=ch[0]), self._eff(meta, "attach-to", target=ch[1])]

        def attach_with(self, meta, ch):
            return [self._eff(meta, "attach", target=ch[1]), self._eff(meta, "attach-to", target=ch[0])]

        def cost_then(self, meta, ch):
            return [ch[0], ch[1]]

        def otherwise(self, meta, ch):
            return _Guarded(ch[0], Condition(kind="otherwise", text="otherwise"), self._text(meta))

        def optional_guarded(self, meta, ch):
            return _Optional(_Guarded(ch[0], ch[1], self._text(meta)))

        # ----- more events
        def _ev(name):
            def f(self, meta, ch):
                subject = next((c for c in ch if isinstance(c, TargetSpec)), None)
                return _event_name(subject, name) if subject is not None and name[:1] != "!" else name.lstrip("!")

            return f

        ev_enters_play = _ev("enters-play")
        ev_leaves_play = _ev("leaves-play")
        ev_enters_duel = _ev("enters-duel")
        def _ev_by_you(verb):
            # "After you Recruit this Holding" / "After you Equip a Weapon": the card, and who did it
            def f(self, meta, ch):
                subject = next((c for c in ch if isinstance(c, TargetSpec)), None)
                name = _event_name(subject, verb) if subject is not None else f"card-{verb}"
                if name.startswith("this-"):
                    return name
                quals = ["by=you"]
                if subject is not None and len(subject.keywords) == 1:
                    quals.append("kw=" + subject.keywords[0].lower().replace(" ", "-"))
                if subject is not None and (len(subject.keywords) > 1 or subject.states or subject.tests):
                    quals.append("with=" + subject.text.lower().replace(" ", "-"))  # not checked: never fires
                return name + ";" + ";".join(quals)

            return f

        ev_recruit = _ev_by_you("recruited")
        ev_reveal = _ev("!provinces-revealed")
        ev_engaging = _ev("!engaging")
        ev_seppuku = _ev("seppuku")
        ev_attack = _ev("!attack-declared")
        ev_targets = _ev("!action-targets")
        ev_battle = _ev("!battle-resolves")
        ev_action = _ev("!action-resolves")
        ev_equip = _ev_by_you("equipped")
        ev_win_duel = _ev("!duel-won")

        def ev_would(self, meta, ch):
            return _event_name(ch[0], "would-be-" + str(ch[1]).lower())

        def ev_verb(self, meta, ch):
            return _event_name(ch[0], str(ch[1]).lower())

        def ev_verb_obj(self, meta, ch):
            return _event_name(ch[0], str(ch[1]).lower())

        def ev_turn(self, meta, ch):
            verb = token(ch, "EVERB", "begins", lower=True)
            return "turn-" + verb

        def ev_duel(self, meta, ch):
            verb = token(ch, "EVERB", "ends", lower=True)
            return "duel-" + verb

        # ----- more conditions
        def _cond(kind):
            def f(self, meta, ch):
                args = []
                for c in ch:
                    if isinstance(c, TargetSpec):
                        args.append(c.text)
                    elif isinstance(c, _Amount):
                        args.append(str(c.value))
                    elif c is not None:
                        args.append(str(c))
                return Condition(kind=kind, args=tuple(args), text=self._text(meta))

            return f

        c_not_state = _cond("is-not")
        c_not_is = _cond("is-not")
        c_home = _cond("at-home")
        c_in_unit = _cond("in-unit")
        c_moved = _cond("moved")
        c_have_keyword = _cond("you-have")
        c_clan_player = _cond("clan-player")
        c_role = _cond("you-are")
        c_none = _cond("none-exists")
        c_has_no = _cond("has-no")
        c_stat = _cond("stat")
        c_stat_ge = _cond("stat-at-least")
        c_stat_le = _cond("stat-at-most")
        c_went_first = _cond("went-first")
        c_would_be = _cond("would-be")

        # ----- limits-block extras
        def even_if_cond(self, meta, ch):
            c = ch[0]
            return Condition(kind="even-if", args=(c.kind, *c.args), text=self._text(meta))

        def once_per(self, meta, ch):
            return _Limit("once per " + str(ch[0]).lower())

        def subj_optional(self, meta, ch):
            # "His controller may choose to bow him": the choice is the subject's
            return _Optional(ch[1], chooser=ch[0])

        def subj_may_refuse(self, meta, ch):
            # "He may refuse": the challenged side chooses whether to refuse the duel
            return _Optional(self._eff(meta, "refuse-duel", target=ch[0]), chooser=ch[0])

        def guarded_pre_refuse(self, meta, ch):
            return _Guarded(self.subj_may_refuse(meta, ch[1:]), ch[0], self._text(meta))

        def duel_refusable(self, meta, ch):
            # "X challenges Y, who may refuse": the duel, then Y's optional refusal
            return self.duel(meta, ch) + [self.subj_may_refuse(meta, ch[-1:])]

        c_refused = _cond("refused")
        c_not_refused = _cond("not-refused")

        def guarded_pre_optional(self, meta, ch):
            return _Optional(_Guarded(ch[1], ch[0], self._text(meta)))

        # ----- effects added for the wider pool
        def bow_or_straighten(self, meta, ch):
            return self._eff(meta, "bow-or-straighten", target=it_target(ch))

        def give_tokens(self, meta, ch):
            target, n, (stat, value, name) = ch[0], amount(ch[1]), ch[2]
            return self._eff(meta, "give-token", target=target, stat=stat, amount=value, keyword=name,
                             values=(n,) if n is not None else ())

        def give_stats_keywords(self, meta, ch):
            target, mods, kws = ch
            out = self._stats(meta, target, mods)
            out = out if isinstance(out, list) else [out]
            return out + [self._eff(meta, "grant-keyword", target=target, keyword=k) for k in kws]

        def create_card(self, meta, ch):
            n, made = amount(ch[0]), ch[1]
            spec = replace(made.spec, count=n or 1, text=self._text(meta))
            out = [self._eff(meta, "create", target=spec, values=made.stats.values if made.stats else ())]
            # "... with the ability, "..."": the created card gets it (resolved like any grant)
            out += [replace(g, target=TargetSpec(ref="it", text=spec.text)) for g in made.grants]
            return out[0] if len(out) == 1 else out

        def create_attached(self, meta, ch):
            n, made, host = amount(ch[0]), ch[1], ch[2]
            spec = replace(made.spec, count=n or 1)
            return [self._eff(meta, "create", target=spec, values=made.stats.values if made.stats else ()),
                    self._eff(meta, "attach-to", target=host)]

        def created(self, meta, ch):
            stats = next((c for c in ch if isinstance(c, _Stats)), None)
            kws = [c.value for c in ch if isinstance(c, _Mod) and c.kind == "keyword"]
            head = next((c.value for c in ch if isinstance(c, _Mod) and c.kind == "head"), "card")
            states = tuple(c.value for c in ch if isinstance(c, _Mod) and c.kind == "post-state")
            made = _CreatedSpec(TargetSpec(ref="created", card_types=(head,), keywords=tuple(kws), states=states,
                                           text=self._text(meta)), stats)
            made.grants = [c for c in ch if isinstance(c, _Grant)]
            return made

        def stats_line(self, meta, ch):
            return _Stats(tuple(int(x) for x in re.findall(r"[0-9]+", str(ch[0]))), signed=False)

        def stats_mods(self, meta, ch):
            vals = []
            for tok in ch:
                m = re.fullmatch(r"([+\-])([0-9]+|X)(F|C|PH|GP|PS)", str(tok))
                if m:
                    vals.append(int(m.group(2)) * (-1 if m.group(1) == "-" else 1) if m.group(2) != "X" else 0)
            return _Stats(tuple(vals), signed=True)

        def ck_word(self, meta, ch):
            return _Mod("keyword", str(ch[0]))

        def ck_clan(self, meta, ch):
            return _Mod("keyword", f"{ch[0]} Clan")

        def ck_sep(self, meta, ch):
            return None

        def m_clan(self, meta, ch):
            return _Mod("keyword", f"{ch[0]} Clan")

        def h_sensei_personality(self, meta, ch):
            return [_Mod("keyword", "Sensei"), _Mod("head", "personality")]

        def q_one_or_more(self, meta, ch):
            return _Mod("q", ("at-least", 1))

        def q_two_or_more(self, meta, ch):
            return _Mod("q", ("at-least", 2))

        def q_one_of_his(self, meta, ch):
            return _Mod("q", ("one-of-his", 1))

        def _attack_stat(kind):
            def f(self, meta, ch):
                # "Ranged Attack equal to this Personality's Force": the attack (its target is the
                # rules' shorthand target) and the amount read from that card, as amounts.py reads
                # "with strength equal to the Gold paid"
                whose, stat = ch[-1]
                return [self._eff(meta, kind, amount=None),
                        self._eff(meta, "amount-equal-to", amount=1, stat=stat, target=whose)]

            return f

        melee_attack_stat = _attack_stat("melee-attack")
        ranged_attack_stat = _attack_stat("ranged-attack")
        fear_stat = _attack_stat("fear")

        def _stat_kind(self, meta, stat):
            m = re.search(r"\b(printed|base)\s+[A-Za-z ]+$", self._text(meta), re.I)
            return f"{m.group(1).lower()}-{stat}" if m else stat

        def sr_pronoun(self, meta, ch):
            return (TargetSpec(ref="it", text=self._text(meta).split()[0]), self._stat_kind(meta, ch[-1]))

        def sr_np(self, meta, ch):
            return (ch[0], self._stat_kind(meta, ch[-1]))

        # ----- events added
        ev_resolution = _ev("!action-resolves")
        ev_moves_to = _ev("moves-to")
        ev_moves_home = _ev("moves-home")
        ev_would_target = _ev("!action-would-target")

        def phase_name(self, meta, ch):
            return self._text(meta).lower()

        def np_battlefield(self, meta, ch):
            return TargetSpec(ref="it", card_types=("battlefield",), text=self._text(meta))

        def ev_phase(self, meta, ch):
            phase = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
            verb = token(ch, "EVERB", "begins", lower=True)
            return f"{phase}-phase-{verb.rstrip('s')}s"

        def ev_would_verb(self, meta, ch):
            verb = token(ch, "EVERB", lower=True)
            return _event_name(ch[0], "would-" + verb)

        # ----- conditions added
        c_self_state = _cond("self-state")
        c_has = _cond("has")
        def c_your_turn(self, meta, ch):
            return Condition(kind="your-turn", text=self._text(meta))

        def c_not_your_turn(self, meta, ch):
            return Condition(kind="not-your-turn", text=self._text(meta))
        c_did = _cond("did")
        c_fewest_cards = _cond("fewest-cards-in-hand")
        c_attached_to = _cond("attached-to")
        c_at_battlefield = _cond("at-battlefield")
        c_not_at_battlefield = _cond("not-at-battlefield")
        c_in_play = _cond("in-play")
        c_wins = _cond("wins")

        # ----- families added: gifts, nested abilities, amounts read at resolution,
        # "for each", delayed and replacement effects, alternatives, relative comparisons
        def subj_gifts_each(self, meta, ch):
            target = ch[0]
            if isinstance(target, TargetSpec):
                target = replace(target, ref="each")  # "each": every card the subject names
            return self._gift_effects(meta, target, ch[1].items)

        def _gift_effects(self, meta, target, gifts):
            out = []
            for g in gifts:
                if isinstance(g, list) and g and isinstance(g[0], tuple):  # stat_mods
                    out += [self._eff(meta, "modify-stat", target=target, stat=st, amount=v) for st, v in g]
                elif isinstance(g, _Mod) and g.kind == "gift-keyword":
                    out.append(self._eff(meta, "grant-keyword", target=target, keyword=g.value))
                elif isinstance(g, _Mod) and g.kind == "gift-strength":
                    out.append(self._eff(meta, "modify-stat", target=target, stat="strength", amount=g.value))
                elif isinstance(g, _Grant):
                    out.append(replace(g, target=target))
            return out[0] if len(out) == 1 else out

        def _gift_list(self, meta, ch):
            flat = []
            for c in ch:
                if isinstance(c, _GiftList):
                    flat.extend(c.items)
                elif hasattr(c, "type") and c.type == "CAPWORD":
                    flat.append(_Mod("gift-keyword", str(c)))
                else:
                    flat.append(c)
            return _GiftList(flat)

        gifts = gifts_s = gifts_g = _gift_list

        def gifts_k(self, meta, ch):
            return self._gift_list(meta, ch)

        def g_keyword(self, meta, ch):
            return _Mod("gift-keyword", str(ch[0]))

        def strength_mod(self, meta, ch):
            return _Mod("gift-strength", int(str(ch[0])))

        def grant(self, meta, ch):
            tok = ch[-1]  # the token holds the lower-cased text: take the original
            quoted = self._piece[tok.start_pos : tok.end_pos] if tok.end_pos else str(tok)
            word = "trait" if re.search(r"\btrait\b", self._text(meta), re.I) else "ability"
            return _Grant(None, quoted[1:-1].strip(), word, self._text(meta), self._span(meta))

        def give_gifts(self, meta, ch):
            return self._gift_effects(meta, ch[0], ch[1].items)

        def subj_gifts(self, meta, ch):
            return self._gift_effects(meta, ch[0], ch[1].items)

        # amounts read at resolution
        def ar_stat(self, meta, ch):
            whose, stat = ch[-1]
            return _AmountRef(stat, whose, 1)

        def ar_twice(self, meta, ch):
            whose, stat = ch[-1]
            return _AmountRef(stat, whose, 2)

        def ar_count(self, meta, ch):
            return _AmountRef("count", self._counted(ch[-1]), 1)

        def _measured(self, meta, effect, ref, factor=1):
            return [effect, self._eff(meta, "amount-equal-to", target=ref.whose, stat=ref.stat,
                                      amount=ref.factor * factor)]

        def gain_honor_ref(self, meta, ch):
            return self._measured(meta, self._eff(meta, "gain-honor", target=TargetSpec(ref="you")), ch[-1])

        def lose_honor_ref(self, meta, ch):
            return self._measured(meta, self._eff(meta, "lose-honor", target=TargetSpec(ref="you")), ch[-1])

        def subj_gain_honor_ref(self, meta, ch):
            return self._measured(meta, self._eff(meta, "gain-honor", target=ch[0]), ch[-1])

        def subj_lose_honor_ref(self, meta, ch):
            return self._measured(meta, self._eff(meta, "lose-honor", target=ch[0]), ch[-1])

        def _bonus_ref(self, meta, ch):
            target, stat, ref = ch[0], next(c for c in ch if isinstance(c, str)), ch[-1]
            sign = -1 if re.search(r"\bpenalty\b", self._text(meta), re.I) else 1
            return self._measured(meta, self._eff(meta, "modify-stat", target=target, stat=stat), ref, sign)

        give_bonus_ref = subj_bonus_ref = _bonus_ref

        def fear_ref(self, meta, ch):
            return self._measured(meta, self._eff(meta, "fear"), ch[-1])

        def produce_gold_ref(self, meta, ch):
            return self._measured(meta, self._eff(meta, "produce-gold"), ch[-1])

        def negate_action_effects(self, meta, ch):
            return self._eff(meta, "negate", target=TargetSpec(ref="it", card_types=("effect",), text=self._text(meta)[7:]))

        def negate_action_effects_on(self, meta, ch):
            text = self._text(meta)[7:]
            return self._eff(meta, "negate", target=TargetSpec(ref="it", card_types=("effect",), text=text),
                             values=(ch[-1].text,))

        def np_the_event_noun(self, meta, ch):
            return self._possessed(meta, "it", (), ch[0], [])

        # "for each"
        def per_each(self, meta, ch):
            effect, counted = ch[0], self._counted(ch[-1])
            per = counted.count if counted.count > 1 else 1
            counted = replace(counted, ref="each", count=1)
            first = effect if isinstance(effect, list) else [effect]
            return first + [self._eff(meta, "amount-for-each", target=counted, amount=per)]

        # replacement and delayed effects
        def instead(self, meta, ch):
            return _Scoped(ch[0], "effect-instead", (), "instead")

        def redirect_target(self, meta, ch):
            return self._eff(meta, "redirect-target", target=it_target(ch))

        def _delay(timing):
            def f(self, meta, ch):
                event = next((c for c in ch if isinstance(c, str)), "")
                return (timing, event, self._text(meta))

            return f

        dl_after_next = _delay("after-next")
        dl_before_next = _delay("before-next")
        dl_next = _delay("next")

        def during(self, meta, ch):
            return None

        def dl_end(self, meta, ch):
            period = str(ch[0]).lower()
            timing = "after-end-of" if self._text(meta).lower().startswith("after") else "end-of"
            return (timing, f"{period}-ends", self._text(meta))

        def dl_start(self, meta, ch):
            return ("start-of", f"{str(ch[0]).lower()}-begins", self._text(meta))

        def delayed(self, meta, ch):
            timing, event, text = ch[0]
            return _Scoped(ch[1], "effect-delayed", (timing, event), text)

        # "X, or Y if C"
        def alt_branch(self, meta, ch):
            return _Alt(ch[0], ch[1], self._text(meta), self._span(meta))

        def alt_amount_branch(self, meta, ch):
            return _Alt(ch[0], ch[1], self._text(meta), self._span(meta))

        def alt_count(self, meta, ch):
            return _AltAmount(amount(ch[0]) if isinstance(ch[0], _Amount) else int(str(ch[0])))

        def alt_mods(self, meta, ch):
            mods = ch[0]
            return _AltAmount(mods[0][1] if len(mods) == 1 else None)

        # "You may choose and destroy a Region", "target and dishonor ..."
        def _picked(self, meta, effect):
            word = "target" if re.search(r"\btarget\s+and\b", self._text(meta), re.I) else "choice"
            def re_ref(e):
                if isinstance(e, Effect) and e.target is not None and e.target.ref in ("choice", "target", "each"):
                    return replace(e, target=replace(e.target, ref=word))
                return e
            return [re_ref(e) for e in effect] if isinstance(effect, list) else re_ref(effect)

        def optional_pick(self, meta, ch):
            return _Optional(self._picked(meta, ch[0]))

        def pick_then(self, meta, ch):
            return self._picked(meta, ch[0])

        # "with lower Force (than ...)": a comparison with another card's value, kept as a state
        def _rel(op):
            def f(self, meta, ch):
                stat = next(c for c in ch if isinstance(c, str))
                ref = next((c for c in ch if isinstance(c, tuple)), ("this", None))
                whose, other = ref
                return _Mod("post-state", f"cmp:{stat}{op}{whose}" + (f".{other}" if other and other != stat else ""))

            return f

        p_rel_lt = _rel("<")
        p_rel_gt = _rel(">")
        p_rel_le = _rel("<=")
        p_rel_ge = _rel(">=")

        def rel_np(self, meta, ch):
            return (ch[0].ref, None)

        def rel_stat(self, meta, ch):
            whose, stat = ch[0]
            return (whose.ref, stat)

        # ----- possessives, relative clauses, "X of your" quantifiers
        pn_unit = constant("unit")
        pn_army = constant("army")
        pn_personality = constant("personality")
        pn_follower = constant("follower")
        pn_attachment = constant("attachment")
        pn_item = constant("item")
        pn_holding = constant("holding")
        pn_card = constant("card")
        pn_hand = constant("hand")
        pn_stronghold = constant("stronghold")
        pn_province = constant("province")
        pn_abilities = constant("abilities")
        pn_destruction = constant("destruction")
        pn_movement = constant("movement")
        pn_straightening = constant("straightening")
        pn_bowing = constant("bowing")

        def s_fh(self, meta, ch):
            return "family-honor"

        def sr_your(self, meta, ch):
            return (TargetSpec(ref="you", text="your"), self._stat_kind(meta, ch[-1]))

        def _stat_rel(op):
            def f(self, meta, ch):
                stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
                whose, other = next((c for c in ch if isinstance(c, tuple)), ("this", None))
                than = f"{whose}.{other}" if other and other != stat else whose
                return Condition(kind="stat-compare", args=(ch[0].text, stat, op, than), text=self._text(meta))

            return f

        c_stat_rel_lt = _stat_rel("<")
        c_stat_rel_gt = _stat_rel(">")

        def _possessed(self, meta, owner_ref: str, owner_states: tuple, noun: str, mods: list) -> TargetSpec:
            states = [f"of-{owner_ref}", *owner_states]
            tests = []
            for m in _flatten(mods):
                if isinstance(m, _Mod) and m.kind in ("post-state", "state"):
                    states.append(m.value)
                elif isinstance(m, _Mod) and m.kind == "test":
                    tests.append(m.value)
            return TargetSpec(ref="possessed", card_types=(noun,), states=tuple(states), tests=tuple(tests),
                              text=self._text(meta))

        def np_poss(self, meta, ch):
            owner, rest = ch[0], [c for c in ch[1:] if getattr(c, "type", "") != "POSS"]
            return self._possessed(meta, owner.ref, owner.states, rest[0], rest[1:])

        def np_his_poss(self, meta, ch):
            return self._possessed(meta, "it", (), ch[0], ch[1:])

        def np_each_of_them(self, meta, ch):
            return TargetSpec(ref="it", text=self._text(meta))

        def np_zero_to_of_them(self, meta, ch):
            # "zero to two of them": up to N of the cards named before
            return TargetSpec(ref="it", count=amount(ch[0]) or 1, up_to=True, text=self._text(meta))

        def q_each_of_your(self, meta, ch):
            return [_Mod("q", ("each", 1)), _Mod("owner", "you")]

        def q_each_of_his(self, meta, ch):
            return [_Mod("q", ("each", 1)), _Mod("his")]

        def q_one_or_two_of_your(self, meta, ch):
            return [_Mod("q", ("up-to", 2)), _Mod("owner", "you")]

        def q_n_of_your(self, meta, ch):
            return [_Mod("q", ("n", amount(ch[0]) or 1)), _Mod("owner", "you")]

        def q_up_to_of_your(self, meta, ch):
            return [_Mod("q", ("up-to", amount(ch[0]) or 1)), _Mod("owner", "you")]

        def q_any_number(self, meta, ch):
            return _Mod("q", ("up-to", 0))

        def q_any_number_of_your(self, meta, ch):
            return [_Mod("q", ("up-to", 0)), _Mod("owner", "you")]

        def q_another_of_your(self, meta, ch):
            return [_Mod("q", ("another", 1)), _Mod("owner", "you")]

        def p_relative(self, meta, ch):
            return ch[0]

        def p_controlled_by(self, meta, ch):
            who = ch[0]
            if who.ref == "you":
                return _Mod("owner", "you")
            return _Mod("post-state", f"controlled-by:{who.text}")

        def _rstate(kind):
            def f(self, meta, ch):
                arg = next((c for c in ch if c is not None), "")
                text = arg.text if isinstance(arg, TargetSpec) else str(arg).lower()
                return _Mod("post-state", f"{kind}:{text}")

            return f

        r_has = _rstate("has")
        r_has_no = _rstate("has-no")
        r_is_not = _rstate("is-not")
        r_is_not_a = _rstate("is-not")
        r_attached_to = _rstate("attached-to")
        r_was = _rstate("was")
        r_controls = _rstate("controls")
        r_did = _rstate("did")

        def r_is(self, meta, ch):
            return _Mod("post-state", str(ch[0]).lower())

        def r_is_a(self, meta, ch):
            # "a Personality who is a Samurai": the keyword/type belongs to the outer phrase
            np = ch[0]
            if np.ref == "choice" and (np.keywords or np.card_types) and not np.states and not np.tests:
                return [_Mod("keyword", k) for k in np.keywords] + [_Mod("head", t) for t in np.card_types]
            return _Mod("post-state", f"is:{np.text}")

        def r_at_home(self, meta, ch):
            return _Mod("post-state", "at-home")

        def r_here(self, meta, ch):
            return _Mod("post-state", "at-battlefield")

        def r_in_play(self, meta, ch):
            return _Mod("zone", None)

        def r_you_control(self, meta, ch):
            return _Mod("owner", "you")

        def r_test(self, meta, ch):
            op, n, stat = ch
            return _Mod("test", StatTest(stat=stat, op=op, value=int(n)))

        def r_test_ge(self, meta, ch):
            return _Mod("test", StatTest(stat=ch[1], op=">=", value=int(ch[0])))

        def r_test_le(self, meta, ch):
            return _Mod("test", StatTest(stat=ch[1], op="<=", value=int(ch[0])))

        c_did_not = _cond("did-not")

        # ----- costs of playing/attaching, first-time triggers, "you bow X" events
        def m_fear(self, meta, ch):
            return _Mod("keyword", "Fear")

        def ck_state(self, meta, ch):
            # "Nonhuman" in a created card's keywords: lower-cased by the lexer, the text keeps it
            tok = ch[0]
            return _Mod("keyword", self._piece[tok.start_pos : tok.end_pos]
                        if tok.end_pos else str(tok).capitalize())

        def cm_paying(self, meta, ch):
            return ("paying-all-costs",)

        def cm_ignoring(self, meta, ch):
            return ("ignoring-gold-cost",) if "gold" in self._text(meta).lower() else ("ignoring-costs",)

        def cm_less(self, meta, ch):
            n = re.search(r"([0-9]+|one|two|three|four|five)\s+less", str(ch[0])).group(1)
            return ("less-gold", str(_NUMBER_WORDS.get(n, n)))

        def with_cost_mode(self, meta, ch):
            return _Scoped(ch[0], "effect-cost", ch[-1], self._text(meta))

        def enters_play_cost(self, meta, ch):
            # keyword says how: "less-gold" (amount = N), "ignoring-gold-cost", "ignoring-costs" ...
            target = it_target(ch) or TargetSpec(ref="this", text="")
            mode = ch[-1]
            n = int(mode[1]) if mode[0] == "less-gold" and mode[1] != "None" else None
            return self._eff(meta, "cost-reduction", target=target, amount=n, keyword=mode[0])

        def enters_play_state_self(self, meta, ch):
            state = str(ch[0]).lower()
            if state not in ("bowed", "unbowed"):
                return Unparsed(self._text(meta), "enters play in an unknown state", self._span(meta))
            return self._eff(meta, f"enters-play-{state}", target=TargetSpec(ref="this"))

        def optional_cost_then(self, meta, ch):
            return _Optional([ch[0], ch[1]])

        def give_alt(self, meta, ch):
            target, mods, alt, cond = ch[0], ch[1], ch[2], ch[3]
            first = self._stats(meta, target, mods)
            # the branch is its own span ("or +2F if ..."), so its effect stays apart from the first
            text = self._text(meta)
            cut = text.lower().rfind(", or ") + 2
            span = self._span(meta)
            branch_span = Span(1, span.column + cut, span.end_column)
            return [first, _Alt(alt, cond, text[cut:], branch_span)]

        def ev_you_verb(self, meta, ch):
            verb = str(ch[0]).lower()
            return _event_name(ch[1], verb + ("ed" if not verb.endswith("e") else "d")) + "-by-you"

        def ev_first_time(self, meta, ch):
            period = token(ch, "PERIOD", lower=True)
            inner = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
            return f"first-each-{period}:{inner}"

        c_revealed_in_province = _cond("face-up-in-province")

        def q_three_or_more(self, meta, ch):
            return _Mod("q", ("at-least", 3))

        def q_n_or_more(self, meta, ch):
            return _Mod("q", ("at-least", int(ch[0])))

        # ----- refill, transfer, set/reduce a stat, "will not gain", suffix delays
        def delayed_post(self, meta, ch):
            timing, event, text = ch[1]
            return _Scoped(ch[0], "effect-delayed", (timing, event), text)

        def refill(self, meta, ch):
            face = str(ch[-1]).lower().replace(" ", "-")
            return self._eff(meta, "refill", target=ch[0], keyword=face)

        def refill_with(self, meta, ch):
            face = str(ch[-1]).lower().replace(" ", "-")
            return [self._eff(meta, "refill", target=ch[0], keyword=face),
                    self._eff(meta, "put-into-play", target=ch[1])]

        def transfer(self, meta, ch):
            return [self._eff(meta, "transfer", target=ch[0]), self._eff(meta, "attach-to", target=ch[1])]

        def set_stat(self, meta, ch):
            whose, stat = ch[0]
            return self._eff(meta, "set-stat", target=whose, stat=stat, amount=int(ch[1]))

        def reduce_stat_to(self, meta, ch):
            whose, stat = ch[0]
            return self._eff(meta, "reduce-stat-to", target=whose, stat=stat, amount=int(ch[1]))

        def set_stat_ref(self, meta, ch):
            whose, stat = ch[0]
            return self._measured(meta, self._eff(meta, "set-stat", target=whose, stat=stat), ch[-1])

        def keyword_alts(self, meta, ch):
            # STATE words ("Fallen") were lower-cased for the lexer: take the printed spelling
            return [self._piece[c.start_pos : c.end_pos] if c.end_pos else str(c) for c in ch]

        def kw_clan_alignment(self, meta, ch):
            return ["Clan Alignment"]

        def cannot_gain_keyword(self, meta, ch):
            words = ch[-1]
            if len(words) > 1:
                return [self._eff(meta, "cannot-gain-keyword", keyword=w, target=TargetSpec(ref="this")) for w in words]
            return self._eff(meta, "cannot-gain-keyword", keyword=words[0], target=TargetSpec(ref="this"))

        def p_from_action(self, meta, ch):
            return _Mod("post-state", "from-action")

        def p_with_ability(self, meta, ch):
            kw = token(ch, "CAPWORD")
            return _Mod("post-state", f"has-ability:{kw}")

        # ----- created-card extras, attack bonuses, clan tests, keyword alternatives
        def cw_alignment(self, meta, ch):
            return _Mod("post-state", "your-clan-alignment")

        def cw_grant(self, meta, ch):
            return ch[0]

        def attack_strength_bonus(self, meta, ch):
            # "Melee 2 Attack, with +1 strength if ...": the attack of the clause before
            return self._eff(meta, "modify-stat", stat="strength", amount=int(str(ch[0])))

        def equip(self, meta, ch):
            return self._eff(meta, "attach", target=ch[0])

        def attach_from_hand(self, meta, ch):
            return [self._eff(meta, "attach", target=replace(ch[0], zone="hand")),
                    self._eff(meta, "attach-to", target=ch[1])]

        def equip_from_discard(self, meta, ch):
            return self._eff(meta, "attach", target=replace(ch[0], zone="discard"))

        c_is_clan = _cond("is-clan")
        c_hand_at_most = _cond("hand-size-at-most")
        c_hand_at_least = _cond("hand-size-at-least")

        def m_keyword_or(self, meta, ch):
            words = [str(c) for c in ch]
            clan = " Clan" if "clan" in self._text(meta).lower() else ""
            first = words[0] + clan
            second = words[1] + (clan if self._text(meta).lower().endswith("clan") else "")
            return _Mod("post-state", f"any-keyword:{first}|{second}")

        def np_named_ring(self, meta, ch):
            return TargetSpec(ref="choice", card_types=("ring",), keywords=(f"Ring of {ch[0]}",), text=self._text(meta))

        # ----- hand size, "plus N Gold for each", "as a Battle action", "make a ... Attack"
        def gp_mod(self, meta, ch):
            return [("gold-production", int(str(ch[0])))]

        def give_stats_either(self, meta, ch):
            # "Give a target Follower or Personality +2F or -2F": one of two modifiers, chosen
            out = []
            for i, mods in enumerate(ch[1:3], 1):
                for stat, value in mods:
                    e = self._eff(meta, "modify-stat", target=ch[0], stat=stat, amount=value)
                    e = replace(e, text=f"option {i}: {value:+d} {stat}")  # each option its own text
                    out.append(_Scoped(e, "effect-choice", (f"option {i} of 2",), self._text(meta)))
            return out

        def give_stats_to(self, meta, ch):
            return self._stats(meta, ch[1], ch[0])

        def r_performed(self, meta, ch):
            # "a Personality who performed it": the pronoun names the action
            return _Mod("post-state", "performed:" + self._text(meta).split()[-1].lower())

        def give_token_to(self, meta, ch):
            return self.give_tokens(meta, [ch[-1], _Amount(1), ch[0]])

        def hand_size_mod(self, meta, ch):
            return [("max-hand-size", int(str(ch[0])))]

        def plus_gold_each(self, meta, ch):
            n = next((amount(c) for c in ch if isinstance(c, _Amount)), 1)
            counted = replace(ch[-1], ref="each", count=1)
            return [self._eff(meta, "produce-gold", amount=n),
                    self._eff(meta, "amount-for-each", target=counted, amount=1)]

        def as_action(self, meta, ch):
            kind = token(ch, "CAPWORD", "Battle")
            return _Scoped(ch[0], "effect-as-action", (kind,), self._text(meta))

        def cannot_perform(self, meta, ch):
            kind = token(ch, "CAPWORD")
            if kind is None and re.search(r"\bbattle\s+actions?\b", self._text(meta), re.I):
                kind = "Battle"
            return self._eff(meta, "cannot-perform-actions", target=ch[0], keyword=kind)

        def p_on(self, meta, ch):
            return _Mod("post-state", f"on:{ch[0].text}")

        c_won = _cond("won")
        c_paying_for = _cond("paying-for")
        ev_paying_for = _ev("!paying-for")

        # ----- conjoined conditions, recruit, attacks as nouns, keyword lists
        def guarded_pre_and(self, meta, ch):
            return _Guarded(_Guarded(ch[2], ch[1], self._text(meta)), ch[0], self._text(meta))

        def recruit(self, meta, ch):
            return self._eff(meta, "recruit", target=ch[0])

        c_in_hand = _cond("in-hand")
        h_melee_attack = _head("melee-attack")
        h_ranged_attack = _head("ranged-attack")

        def h_both_attacks(self, meta, ch):
            return [_Mod("head", "melee-attack"), _Mod("head", "ranged-attack")]

        def m_keyword_list(self, meta, ch):
            tok = ch[0]
            printed = self._piece[tok.start_pos : tok.end_pos] if tok.end_pos else str(tok)
            words = [w.strip() for w in re.split(r",\s*(?:or\s+)?|\s+or\s+", printed) if w.strip()]
            return _Mod("post-state", "any-keyword:" + "|".join(words))

        # ----- more delays, play, the top cards of a deck, all attacks
        def dl_your_next_turn(self, meta, ch):
            verb = token(ch, "EVERB", lower=True)
            timing = "after-next" if self._text(meta).lower().startswith("after") else "before-next"
            return (timing, f"your-turn-{verb.rstrip('s')}s", self._text(meta))

        def dl_as(self, meta, ch):
            verb = next(str(c).lower() for c in ch if getattr(c, "type", "") in ("EVERB", "MOVES"))
            return ("as", f"card-{verb}", self._text(meta))

        def play_card(self, meta, ch):
            return self._eff(meta, "play-card", target=ch[0])

        def h_all_attacks(self, meta, ch):
            return [_Mod("head", "fear"), _Mod("head", "melee-attack"), _Mod("head", "ranged-attack")]

        def do_you(self, meta, ch):
            return "you"

        def do_any(self, meta, ch):
            return "any"

        def do_his(self, meta, ch):
            return "opponent"

        def np_top_of_deck(self, meta, ch):
            n = next((amount(c) for c in ch if isinstance(c, _Amount)), 1)
            owner = next(c for c in ch if isinstance(c, str) and c in ("you", "any", "opponent"))
            zone = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")][-1]
            return TargetSpec(ref="choice", count=n or 1, owner=owner, card_types=("card",), states=("top",),
                              zone=zone, text=self._text(meta))

        ev_wins_duel = _ev("wins-duel")
        ev_focuses = _ev("focuses")

        # ----- "during ...", total Force, "at the same location"
        def s_total_force(self, meta, ch):
            return "total-force"

        def s_gp(self, meta, ch):
            return "gold-production"

        def dw_battle(self, meta, ch):
            return "battle"

        def dw_phase(self, meta, ch):
            phase = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
            return f"{phase}-phase"

        def dw_your_turn(self, meta, ch):
            return "your-turn"

        def during_scoped(self, meta, ch):
            return _Scoped(ch[0], "effect-during", (ch[-1],), self._text(meta))

        def ev_passive_during(self, meta, ch):
            return _event_name(ch[0], str(ch[1]).lower()) + f"-during-{ch[-1]}"

        p_same_location = _post("same-location")
        p_same_controller = _post("same-controller")

        # ----- keyword choices, "A or B" effect choices
        def _kw_words(self, tok) -> list[str]:
            printed = self._piece[tok.start_pos : tok.end_pos] if tok.end_pos else str(tok)
            return [w.strip() for w in re.split(r",\s*(?:or\s+)?|\s+or\s+", printed) if w.strip()]

        def c_is_any_keyword(self, meta, ch):
            tok = next(c for c in ch if getattr(c, "type", "") == "KW_LIST")
            return Condition(kind="is-any-keyword", args=(ch[0].text, *self._kw_words(tok)), text=self._text(meta))

        def give_keyword_choice(self, meta, ch):
            # "Give him Kolat, Ninja, or Shadowlands": one keyword of the list, chosen at resolution
            tok = next(c for c in ch if getattr(c, "type", "") == "KW_LIST")
            # (a name: "Give Aya Cavalry, Duelist, or Tactician" -- the card itself)
            name = next((c for c in ch if getattr(c, "type", "") == "CAPWORD"), None)
            target = TargetSpec(ref="this" if name else "it", text=self._text(meta).split()[1])
            return self._eff(meta, "grant-keyword-choice", target=target, keyword="|".join(self._kw_words(tok)))

        def choice_of(self, meta, ch):
            # "Gain 2 Honor or draw a card": each option is an effect scoped "effect-choice"
            out = []
            ch = [c for c in ch if getattr(c, "type", "") != "OR_VERB"]
            for i, option in enumerate(ch[:2], 1):
                out.append(_Scoped(option, "effect-choice", (f"option {i} of 2",), self._text(meta)))
            return out

        # ----- more conditions
        c_is_yours = _cond("is-yours")
        c_is_theirs = _cond("is-another-players")
        c_in_discard = _cond("in-discard-pile")
        c_first_turn = _cond("first-turn")
        c_phase = _cond("phase-is")
        c_exists = _cond("exists")
        c_fewest_provinces = _cond("fewest-provinces")

        def c_did_verb(self, meta, ch):
            # the "targeted" literal is filtered out of the tree: no token means "targeted"
            verb = next((str(c).lower() for c in ch if hasattr(c, "type")), "targeted")
            return Condition(kind="did", args=(ch[0].text, verb, ch[-1].text), text=self._text(meta))

        def q_at_most(self, meta, ch):
            text = self._text(meta).split()[0].lower()
            return _Mod("q", ("at-most", _NUMBER_WORDS.get(text) or int(text)))

        def np_this_action(self, meta, ch):
            # "If this destroyed a card": the action (or effect) being resolved
            return TargetSpec(ref="this", card_types=("action",), text=self._text(meta))

        def dl_after_it(self, meta, ch):
            verb = token(ch, "EVERB", lower=True)
            return ("after", f"card-{verb}", self._text(meta))

        def np_or_art(self, meta, ch):
            first = ch[0]
            tok = next(c for c in ch if getattr(c, "type", "") == "OR_ART")
            second_text = self._piece[tok.start_pos + 2 : meta.end_pos].strip()
            second = self.np_desc(meta, [_Mod("q", ("one", 1))] + [c for c in ch[1:] if c is not tok])
            types = tuple(dict.fromkeys(first.card_types + second.card_types))
            same = (first.states, first.tests, first.keywords, first.owner) == (second.states, second.tests, second.keywords, second.owner)
            if same and first.card_types and second.card_types and not first.keywords:
                return replace(first, card_types=types, text=self._text(meta))
            # "a target attachment or a target dishonorable Personality": two descriptions
            return either_target(first, second, second_text, self._text(meta), count=first.count)

        def cannot_target_by(self, meta, ch):
            # "Melee Attacks may not target this Follower": only that source is barred, so this
            # is not the general "cannot-target" (which bars every action)
            return self._eff(meta, "cannot-be-targeted-by", target=ch[-1], keyword=ch[0].text)

        def __default__(self, data, children, meta):
            return Unparsed(self._text(meta), f"no transformer for {data}", self._span(meta))

        # ----- deck placement, unusable abilities, stat values in conditions
        def do_owner(self, meta, ch):
            return "owner"

        def deck_dest(self, meta, ch):
            return (ch[0], ch[1])

        def _deck_place(kind):
            def f(self, meta, ch):
                owner, zone = next((c for c in ch if isinstance(c, tuple)), ("owner", "deck"))
                return self._eff(meta, kind, target=ch[0], keyword=zone, values=(owner,))

            return f

        put_on_bottom = _deck_place("put-on-bottom")
        put_on_top = _deck_place("put-on-top")
        put_on_top_or_bottom = _deck_place("put-on-top-or-bottom")

        def cannot_use_abilities(self, meta, ch):
            return self._eff(meta, "cannot-use-abilities", target=ch[0])

        def sv_eq(self, meta, ch):
            return ("=", int(ch[0]))

        def sv_zero(self, meta, ch):
            return ("=", 0)

        def sv_cmp(self, meta, ch):
            return (ch[0], int(ch[1]))

        def sv_le(self, meta, ch):
            return ("<=", int(ch[0]))

        def sv_ge(self, meta, ch):
            return (">=", int(ch[0]))

        def c_stat_value(self, meta, ch):
            (whose, stat), (op, value) = ch[0], ch[-1]
            return Condition(kind="stat-value", args=(whose.text, stat, op, str(value)), text=self._text(meta))

        def give_strength_either(self, meta, ch):
            # "Give a target Province +3 or -3 strength": one of two modifiers, chosen
            out = []
            for i, tok in enumerate(ch[1:3], 1):
                e = self._eff(meta, "modify-stat", target=ch[0], stat="strength", amount=int(str(tok)))
                e = replace(e, text=f"{tok} strength")  # each option its own text (scoping)
                out.append(_Scoped(e, "effect-choice", (f"option {i} of 2",), self._text(meta)))
            return out

        # ----- attack restrictions, "gains or loses", extra uses, "when it pays for"
        def cannot_attack(self, meta, ch):
            return self._eff(meta, "cannot-attack", target=ch[0])

        def cannot_defend(self, meta, ch):
            return self._eff(meta, "cannot-defend", target=ch[0])

        def cannot_attack_or_defend(self, meta, ch):
            return [self._eff(meta, "cannot-attack", target=ch[0]), self._eff(meta, "cannot-defend", target=ch[0])]

        def gain_or_lose_honor(self, meta, ch):
            return self._eff(meta, "gain-or-lose-honor", target=ch[0], amount=amount(ch[1]))

        def eu_one(self, meta, ch):
            return 1

        def reuse_ability(self, meta, ch):
            # ("this turn" is usually split off as the line's duration before parsing)
            return self._eff(meta, "reuse-ability", target=ch[0], amount=ch[1])

        def guarded_pays_for(self, meta, ch):
            what = next(c for c in ch[1:] if isinstance(c, TargetSpec))
            text = self._text(meta)
            m = re.search(r"\bwhen\s+(.*)$", text, re.I)
            cond = Condition(kind="pays-for-single", args=(what.text,), text=m.group(1) if m else text)
            return _Guarded(ch[0], cond, self._text(meta))

        p_no_followers = _post("no-followers")

        # ----- a second trigger inside a line
        def triggered_after(self, meta, ch):
            return _Scoped(ch[1], "effect-trigger", ("after", ch[0]), self._text(meta))

        def triggered_before(self, meta, ch):
            return _Scoped(ch[1], "effect-trigger", ("before", ch[0]), self._text(meta))

        def triggered_after_optional(self, meta, ch):
            return _Scoped(self.optional(meta, [ch[1]]), "effect-trigger", ("after", ch[0]), self._text(meta))

        # ----- roots
        def sentence(self, meta, ch):
            return _flatten(ch)

        def limits(self, meta, ch):
            return _flatten(ch)

        def event(self, meta, ch):
            return ch[0]

        def cond(self, meta, ch):
            return ch[0]

    # the topic modules' methods join T's own before v_args wraps them (lark wraps only a
    # class's own methods, not inherited ones)
    for module_name in RULE_MODULES:
        module = importlib.import_module(f"{__package__}.{module_name}")
        for name, value in vars(module.Rules).items():
            if name.startswith("__") or not callable(value):
                continue
            if name in T.__dict__:
                raise RuntimeError(f"{module_name}.Rules.{name} is already a transformer method")
            setattr(T, name, value)
    T._methods = {name: value for name, value in vars(T).items() if not name.startswith("_") and callable(value)}
    return T


_VERB_KINDS = {
    "bow": "bow",
    "straighten": "straighten",
    "unbow": "straighten",
    "dishonor": "dishonor",
    "rehonor": "rehonor",
    "destroy": "destroy",
    "kill": "destroy",
    "discard": "discard",
}
_STAT_LETTERS = {"F": "force", "C": "chi", "PH": "personal-honor", "GP": "gold-production", "PS": "province-strength"}
_CANNOT = {
    "bowed": "cannot-bow",
    "straightened": "cannot-straighten",
    "dishonored": "cannot-dishonor",
    "destroyed": "cannot-destroy",
    "discarded": "cannot-discard",
    "moved": "cannot-move",
    "targeted": "cannot-target",
    "killed": "cannot-destroy",
}


class _GiftList:
    """What "Give him ..." / "He has ..." hands out: stat changes, keywords, nested abilities."""

    __slots__ = ("items",)

    def __init__(self, items: list):
        self.items = items


@dataclass(frozen=True)
class _Grant:
    """A quoted nested ability; becomes a "grant-ability" Effect once the nested text parses."""

    target: TargetSpec | None
    nested: str
    word: str  # "ability" | "trait"
    text: str
    span: Span
    #: its own duration ("the permanent ability"), else the sentence's
    duration: str | None = None


class _AmountRef:
    """"equal to his Chi" / "equal to the number of ...": read at resolution."""

    __slots__ = ("stat", "whose", "factor")

    def __init__(self, stat: str, whose: TargetSpec, factor: int):
        self.stat, self.whose, self.factor = stat, whose, factor


class _Scoped:
    """A clause that only applies under a named modifier (delayed, replacement)."""

    __slots__ = ("effect", "kind", "args", "text")

    def __init__(self, effect: Any, kind: str, args: tuple, text: str):
        self.effect, self.kind, self.args, self.text = effect, kind, tuple(args), text


class _Alt:
    """The "or Y if C" branch of "X, or Y if C": Y (or X with another amount) when C, else X."""

    __slots__ = ("branch", "cond", "text", "span")

    def __init__(self, branch: Any, cond: Condition, text: str, span: Span):
        self.branch, self.cond, self.text, self.span = branch, cond, text, span


class _AltAmount:
    __slots__ = ("value",)

    def __init__(self, value: int | None):
        self.value = value


class _Limit:
    """'Once per game' in a limits block: goes to Ability.limit."""

    def __init__(self, text: str):
        self.text = text


class _Stats:
    """Printed stats of a created card: 2F/2C/3PH (signed=False) or +1F/+0C (signed=True)."""

    __slots__ = ("values", "signed")

    def __init__(self, values: tuple[int, ...], signed: bool):
        self.values = values
        self.signed = signed


class _CreatedSpec:
    """A created card's description: its TargetSpec (ref "created") and printed stats."""

    def __init__(self, spec: TargetSpec, stats: "_Stats | None"):
        self.spec = spec
        self.stats = stats
        self.grants: list = []


class _Guarded:
    """An effect with an "if" condition (kept while flattening)."""

    def __init__(self, effect: Any, cond: Condition, text: str):
        self.effect = effect
        self.cond = cond
        self.text = text


class _Optional:
    """"You may ..." (or "He may choose to ..."): the chooser decides at resolution."""

    def __init__(self, effect: Any, chooser: TargetSpec | None = None):
        self.effect = effect
        self.chooser = chooser


def _event_name(t: TargetSpec, verb: str) -> str:
    subject = {"this": "this-card", "it": "card", "attached": "this-personality"}.get(t.ref)
    if subject is None:
        subject = t.card_types[0] if t.card_types else "card"
    verb = {"bowed": "bowed", "destroyed": "destroyed"}.get(verb, verb)
    return f"{subject}-{verb}"


def _flatten(items) -> list:
    out: list = []
    for c in items:
        if isinstance(c, list):
            out.extend(_flatten(c))
        else:
            out.append(c)
    return out


# --------------------------------------------------------------------------- splitting

_KEYWORD_COST_RE = re.compile(r"(Discipline) Pay ([0-9]+) Gold\.?")
_REMINDER_RE = re.compile(r"\s*\([^()]*\)")
_DURATIONS = [
    (re.compile(r"\buntil the end of (the|this) turn\b", re.I), "turn"),
    (re.compile(r"\buntil the end of (the|this) battle\b", re.I), "battle"),
    (re.compile(r"\bfor the rest of the game\b", re.I), "permanent"),
    (re.compile(r"\bpermanently\b", re.I), "permanent"),
    # not "at the end of this turn, ..." (a delayed effect, see the grammar's "delay")
    (re.compile(r"(?<!of )\bthis turn(?=\s*[.,;]|\s*$)", re.I), "turn"),
    (re.compile(r"(?<!of )\bthis battle(?=\s*[.,;]|\s*$)", re.I), "battle"),
    (re.compile(r"\b(until [^,.;:]*?\b(begins|ends))\b", re.I), None),
]


_QUOTED_RE = re.compile(r'"[^"]*"|\u201c[^\u201d]*\u201d')


#: a bare period ("this turn", "this battle") that a condition may end with
_BARE_PERIODS = frozenset(i for i, (rx, _) in enumerate(_DURATIONS) if rx.pattern.startswith("(?<!of )"))
#: words that open a condition: a bare period after one of them (before the next , ; :) is the
#: condition's own ("If this unit moved this turn, ..."), never the effects' duration
_COND_OPEN_RE = re.compile(r"\b(?:if|unless)\b", re.I)


def _in_condition(sentence: str, start: int) -> bool:
    """Is position ``start`` inside a condition: after "if"/"unless" in the same comma-separated
    part of the sentence? ("while …" keeps handing its period to the effects: "has -2F while
    attacking this turn".)"""
    cut = max(sentence.rfind(c, 0, start) for c in ",;:")
    return _COND_OPEN_RE.search(sentence, cut + 1, start) is not None


def _strip_durations(sentence: str) -> tuple[str, str | None]:
    duration = None
    quoted = [m.span() for m in _QUOTED_RE.finditer(sentence)] if '"' in sentence or "\u201c" in sentence else []
    for index, (rx, name) in enumerate(_DURATIONS):
        # a duration inside a quoted nested ability belongs to that ability; a bare period
        # inside a condition belongs to the condition (the condition grammar reads it)
        bare = index in _BARE_PERIODS
        m = next((m for m in rx.finditer(sentence) if not any(a <= m.start() < b for a, b in quoted)
                  and not (bare and _in_condition(sentence, m.start()))), None) \
            if quoted or bare else rx.search(sentence)
        if m:
            duration = name if name is not None else " ".join(m.group(1).lower().split())
            sentence = (sentence[: m.start()] + sentence[m.end() :]).strip()
            sentence = re.sub(r"\s+([.,;])", r"\1", sentence)
            sentence = re.sub(r",\s*,", ",", sentence)
            sentence = re.sub(r"^,\s*", "", sentence)
            break
    return sentence, duration


def _outside_quotes_positions(text: str, ch: str) -> list[int]:
    if '"' not in text and "“" not in text and "”" not in text:  # fast path: no quotes
        return [m.start() for m in re.finditer(re.escape(ch), text)] if ch in text else []
    out, inq = [], False
    for i, c in enumerate(text):
        if c in '"“”':
            inq = not inq
        elif c == ch and not inq:
            out.append(i)
    return out


_SENTENCE_END_RE = re.compile(r"\.(?= |$)")


def _closing_quote_stops(text: str) -> list[int]:
    """Positions of closing quotes that follow a '.' and precede a space and a capital letter
    ("... Otherwise, ..." stays with its "If ..." sentence: the condition topic reads the pair)."""
    out, inq = [], False
    for i, c in enumerate(text):
        if c in '"“”':
            if inq and text[i - 1] == "." and text[i + 1 : i + 2] == " " and text[i + 2 : i + 3].isupper() \
                    and not text.startswith("Otherwise", i + 2):
                out.append(i)
            inq = not inq
    return out


def _split_sentences(text: str) -> list[tuple[str, int]]:
    """Split on '.' followed by space (outside quotes); returns (sentence, offset)."""
    if '"' in text or "“" in text or "”" in text:
        ends = [i for i in _outside_quotes_positions(text, ".") if i + 1 == len(text) or text[i + 1] == " "]
        # a quoted nested ability at the end of a sentence holds the sentence's period inside its
        # quotes ('... the ability, "Battle: Fear 4." Destroy this Holding.'): its closing quote
        # ends the sentence when a capitalised word follows
        ends = sorted(ends + _closing_quote_stops(text))
    else:
        ends = [m.start() for m in _SENTENCE_END_RE.finditer(text)]
    out, start = [], 0
    for i in ends:
        piece = text[start : i + 1]
        if piece.strip(" ."):
            out.append((piece.strip(), start + len(piece) - len(piece.lstrip())))
        start = i + 1
    piece = text[start:]
    if piece.strip(" ."):
        out.append((piece.strip(), start + len(piece) - len(piece.lstrip())))
    return out


def _parse_piece(piece: str, start: str, offset: int = 0):
    """Parse one piece with the given start rule; returns the transformed value or None.

    Each distinct (piece, start rule, offset) is parsed once: the same sentences recur
    across a pool ("Produce 2 Gold", "Bow this card"), and the transformed values are
    never mutated by the callers (they build new lists and frozen nodes).
    """
    return _parse_piece_cached(piece, start, offset)


@functools.lru_cache(maxsize=32768)
def _parse_piece_cached(piece: str, start: str, offset: int):
    from lark.exceptions import LarkError

    parser, vocab = _get_parser()
    normal = _normalise_words(piece, vocab)
    # Quick reject: a lower-case word outside the vocabulary can only make the lexer fail
    # (CAPWORD needs a capital), so do not run the parser at all.
    # (quoted nested abilities are one QUOTED token: their words are not checked here)
    check = _QUOTED_RE.sub('""', normal) if '"' in normal or "\u201c" in normal else normal
    if not vocab.issuperset(_LOWER_WORD_RE.findall(check)):
        return None
    with _parse_lock:
        _transformer._piece = piece
        _transformer._offset = offset
        if _fast is not None:
            from ...core.fast_parser import FAILED, UNHANDLED

            result = _fast.parse(normal, start)
            if result is FAILED:
                return None
            if result is not UNHANDLED:
                return result
        try:
            return _transformer.transform(parser.parse(normal, start=start))
        except (LarkError, RecursionError, ValueError, TypeError, IndexError, AttributeError, StopIteration):
            return None


def _resolve_clauses(items, duration: str | None, conditions: list, errors: list, limits: bool = False) -> list:
    out = []
    for c in items:
        if isinstance(c, _Guarded) and limits and re.match(r"[^,]*\bunless\b", c.text, re.I) \
                and not re.match(r"\s*unless\b", c.text, re.I):
            # "Bow this Shugenja unless he is Void:" -- the cost is paid unless C holds, so C is
            # scoped to that cost ("cost-unless:<kind>"), never a requirement of the whole action
            inner = _resolve_clauses([c.effect], duration, conditions, errors, limits)
            for e in inner:
                if isinstance(e, Effect):
                    conditions.append(_Pending(e, "cost-unless:" + c.cond.kind, c.cond.args, c.cond.text))
            out.extend(inner)
        elif isinstance(c, _Guarded) and limits:
            # "If you control the Imperial Favor, bow this card:" -- a limits-block condition
            conditions.append(c.cond)
            out.extend(_resolve_clauses([c.effect], duration, conditions, errors, limits))
        elif isinstance(c, _Guarded):
            # An "if" on an effect ("Straighten him if he is a Yojimbo"): the condition goes
            # to Ability.conditions scoped to that effect (see _Pending), never into the effect.
            inner = _resolve_clauses([c.effect], duration, conditions, errors)
            word = re.search(r"\b(unless|while|if|otherwise)\b", c.text, re.I)
            prefix = f"effect-{word.group(1).lower() if word else 'if'}:"
            for e in inner:
                if isinstance(e, Effect):
                    conditions.append(_Pending(e, prefix + c.cond.kind, c.cond.args, c.cond.text))
            out.extend(inner)
        elif isinstance(c, _Optional):
            inner = _resolve_clauses([c.effect], duration, conditions, errors)
            chooser = (c.chooser.text,) if c.chooser is not None else ()
            for e in inner:
                if isinstance(e, Effect):
                    conditions.append(_Pending(e, "effect-optional", chooser, "may"))
            out.extend(inner)
        elif isinstance(c, _Scoped):
            inner = _resolve_clauses([c.effect], duration, conditions, errors)
            for e in inner:
                if isinstance(e, Effect):
                    conditions.append(_Pending(e, c.kind, c.args, c.text))
            out.extend(inner)
        elif isinstance(c, _Alt):
            out.extend(_resolve_alternative(c, out, duration, conditions, errors))
        elif isinstance(c, _Grant):
            out.append(_resolve_grant(c, duration))
        elif isinstance(c, (Condition, _Limit)):
            conditions.append(c)
        elif isinstance(c, list):
            out.extend(_resolve_clauses(c, duration, conditions, errors, limits))
        elif isinstance(c, Effect):
            if duration is not None and c.duration is None:
                c = replace(c, duration=duration)
                # keep pending conditions pointing at the effect that will be stored
            out.append(c)
        elif isinstance(c, Unparsed):
            out.append(c)
        elif isinstance(c, TargetSpec):
            out.append(Unparsed(c.text, "a noun phrase, not a clause"))
        else:
            out.append(Unparsed(str(c), "not a clause"))
    return out


def _resolve_alternative(c: "_Alt", before: list, duration, conditions: list, errors: list) -> list:
    """"Produce 2 Gold, or 3 Gold if C": the clause before holds unless C, the branch if C."""
    prev = next((e for e in reversed(before) if isinstance(e, Effect)), None)
    if prev is None:
        return [Unparsed(c.text, "an alternative with nothing before it", c.span)]
    if isinstance(c.branch, _AltAmount):
        if c.branch.value is None:
            return [Unparsed(c.text, "an alternative amount the grammar cannot read", c.span)]
        branch = [replace(prev, amount=c.branch.value, text=c.text, span=c.span)]
    else:
        branch = _resolve_clauses([c.branch], duration, conditions, errors)
    conditions.append(_Pending(prev, "effect-unless:" + c.cond.kind, c.cond.args, c.cond.text))
    for e in branch:
        if isinstance(e, Effect):
            conditions.append(_Pending(e, "effect-if:" + c.cond.kind, c.cond.args, c.cond.text))
    return branch


def _resolve_grant(g: "_Grant", duration: str | None):
    """A nested ability is granted only when its own text parses completely."""
    nested = parse_ability(g.nested)
    if not nested.structured:
        why = next((u.reason for u in nested.unparsed_fragments()), nested.kind)
        return Unparsed(g.text, f"granted {g.word} not structured: {why}", g.span)
    return Effect(kind="grant-ability", target=g.target, keyword=g.word, duration=g.duration or duration,
                  text=g.nested, span=g.span)


def granted_ability(effect: Effect) -> Ability:
    """The Ability a "grant-ability" Effect hands out (parsed from its text, cached)."""
    return parse_ability(effect.text)


class _Pending:
    """An effect-scoped condition waiting for its effect's index in Ability.effects/costs.

    It becomes ``Condition(kind, args=(where, *args))`` where ``where`` is ``"effect N"`` or
    ``"cost N"`` (0-based index in that tuple) and ``kind`` is ``effect-if:<kind>``,
    ``effect-unless:<kind>`` or ``effect-optional`` (args after ``where``: the chooser's text
    when it is not the acting player).
    """

    __slots__ = ("effect", "kind", "args", "text")

    def __init__(self, effect: Effect, kind: str, args: tuple, text: str):
        self.effect, self.kind, self.args, self.text = effect, kind, tuple(args), text


def _settled(conditions: list, costs: list, effects: list) -> dict:
    conds, limit = _settle(conditions, costs, effects)
    return {"conditions": conds, "limit": limit}


def _settle(conditions: list, costs: list, effects: list) -> tuple[tuple[Condition, ...], str | None]:
    """Raw conditions -> (Ability.conditions, Ability.limit)."""
    out: list[Condition] = []
    limit = None
    for c in conditions:
        if isinstance(c, _Limit):
            limit = c.text
        elif isinstance(c, _Pending):
            where = None
            for label, seq in (("effect", effects), ("cost", costs)):
                for i, e in enumerate(seq):
                    if e is c.effect or (isinstance(e, Effect) and e.span == c.effect.span and e.kind == c.effect.kind
                                         and e.text == c.effect.text):
                        where = f"{label} {i}"
                        break
                if where:
                    break
            out.append(Condition(kind=c.kind, args=(where or "effect ?", *c.args), text=c.text))
        else:
            out.append(c)
    return tuple(out), limit


def _parse_sentences(text: str, offset: int, conditions: list) -> list:
    clauses: list = []
    for sent, off in _split_sentences(text):
        body, duration = _strip_durations(sent)
        if not body.strip(" ."):
            continue
        result = _parse_piece(body, "sentence", offset + off)
        if result is None:
            clauses.append(Unparsed(sent, "no rule matches", Span(1, offset + off + 1, offset + off + len(sent))))
            continue
        clauses.extend(_resolve_clauses(_leading_test_covers_sentence(result), duration, conditions, []))
    return clauses


_LEADING_TEST_RE = re.compile(r"\s*(?:if|unless)\b", re.I)


def _leading_test_covers_sentence(result):
    """"If C, X and Y": a test that opens the sentence governs every plain clause after it.

    The grammar attaches "If C," to the first clause only ("X"); left so, "Y" would happen even
    when C fails. A trailing test ("X if C and Y") stays on its own clause.
    """
    if not isinstance(result, list) or len(result) < 2:
        return result
    first = result[0]
    if not (isinstance(first, _Guarded) and _LEADING_TEST_RE.match(first.text)):
        return result
    return [first, *(_Guarded(c, first.cond, first.text) if isinstance(c, Effect) else c for c in result[1:])]


def _parse_limits(text: str, offset: int, conditions: list) -> list:
    text = text.strip()
    if not text:
        return []
    body, duration = _strip_durations(text)
    result = _parse_piece(body, "limits", offset)
    if result is None and duration is not None:
        # "if A, or B, this turn:": a period set off by a comma after the tests is theirs (the
        # conditions grammar reads it), not a duration of the line's effects
        result = _parse_piece(text, "limits", offset)
        duration = None if result is not None else duration
    if result is None:
        # try each comma/"and" part on its own before giving up on the whole block
        return [Unparsed(text, "no rule matches", Span(1, offset + 1, offset + len(text)))]
    return _resolve_clauses(result, duration, conditions, [], limits=True)


_LIST_COMMA_RE = re.compile(r",\s*(?:(?:[A-Z][\w'-]*\s+)?[A-Z][\w'-]*|[a-z]+ed),\s*(?:or|and)\s"
                            r"|,\s*(?:or|and)\s+(?:[A-Z]|[a-z]+ed\b)")


def _split_trigger(text: str) -> tuple[str | None, str, str]:
    """'After X, rest' -> (timing, event text, rest); timing None when no trigger."""
    low = text.lower()
    if re.match(r"(after|before) the next time\b", low):
        return None, "", text  # a delayed effect, not a trigger of this ability (grammar "delay")
    for word in _TRIGGER_WORDS:
        if low.startswith(word + " "):
            timing = {"at the start of": "start-of", "at the end of": "end-of", "whenever": "when"}.get(word, word)
            rest = text[len(word) + 1 :]
            # the commas of a list ("your Battle, Limited, or Open action", "bowed, destroyed, or
            # moved") do not end the event
            commas = [c for c in _outside_quotes_positions(rest, ",") if not _LIST_COMMA_RE.match(rest, c)]
            # "After X: effects, ..." -- a colon before the first comma ends the event
            colons = [c for c in _outside_quotes_positions(rest, ":") if not commas or c < commas[0]]
            if colons:
                return timing, rest[: colons[0]].strip(), rest[colons[0] + 1 :].strip()
            if commas:
                return timing, rest[: commas[0]].strip(), rest[commas[0] + 1 :].strip()
            return timing, rest.strip(), ""
    return None, "", text


def _parse_trigger(timing: str, event_text: str) -> tuple[Trigger, Unparsed | None]:
    result = _parse_piece(event_text, "event")
    full = f"{timing} {event_text}".strip()
    if isinstance(result, str):
        return Trigger(timing=timing, event=result, text=full), None
    event = "-".join(re.findall(r"[a-z]+", event_text.lower())[-3:]) or "event"
    return Trigger(timing=timing, event=event, text=full), Unparsed(event_text, "trigger event not structured")


def _split_designators(head: str) -> tuple[tuple[str, ...], str] | None:
    """'Political Limited, Bow this card' -> (('Political', 'Limited'), 'Bow this card')."""
    parts = head.split(",")
    words = parts[0].split()
    desig: list[str] = []
    for w in words:
        if re.fullmatch(r"[A-Z][a-z]+(/[A-Z][a-z]+)*", w) and w not in _NOT_DESIGNATOR:
            desig.append(w)
        else:
            break
    if not desig:
        return None
    tokens = {t for d in desig for t in d.split("/")}
    if not (tokens & TIMING_WORDS or tokens & TRAIT_DESIGNATORS):
        return None
    rest_first = " ".join(words[len(desig) :])
    rest = ", ".join(p.strip() for p in ([rest_first] if rest_first else []) + parts[1:] if p.strip())
    # "Battle/Open" is two designators (the action may be taken at either timing); the
    # procedure checks each timing word on its own
    return tuple(d for word in desig for d in word.split("/")), rest


def _is_keyword_line(t: str) -> bool:
    if ":" in t or "." in t:
        return False
    segs = [s.strip() for s in t.split("•")]
    return all(re.fullmatch(r"[A-Z][\w'\-]*( [A-Z][\w'\-]*)*", s) for s in segs) and len(segs[0]) > 0 and (
        "•" in t or len(t.split()) <= 2
    )


def parse_ability(text: str) -> Ability:
    """One ability line -> :class:`Ability`; never raises (odd text -> Unparsed nodes)."""
    original = text if isinstance(text, str) else str(text)
    try:
        return _parse_ability(original)
    except Exception as exc:  # pragma: no cover - last resort, the contract is "never raise"
        return Ability(text=original, kind="unparsed", unparsed=(Unparsed(original, f"internal error: {type(exc).__name__}"),))


@functools.lru_cache(maxsize=16384)
def _parse_ability(original: str) -> Ability:
    # cached: Ability nodes are frozen, and identical lines recur across a pool
    t = clean_text(original) if ("<" in original or "&" in original or ":" in original) else original
    t = " ".join(t.split())
    # reminder text in parentheses is not rules text
    t = _REMINDER_RE.sub("", t).strip()
    if not t:
        return Ability(text=original, kind="unparsed", unparsed=(Unparsed(original, "empty or reminder text only"),) if original.strip() else ())
    if t.count('"') % 2 == 1:
        return Ability(text=original, kind="unparsed", unparsed=(Unparsed(t, "unbalanced quotes"),))

    m = re.match(r"as a focus effect\s*[,:]\s*", t, re.I)
    if m:
        sub = _parse_ability(t[m.end() :])
        return replace(
            sub,
            text=original,
            kind=sub.kind if sub.kind in ("reaction", "interrupt", "trait", "unparsed") else "trait",
            designators=("Focus Effect",) + sub.designators,
            trigger=sub.trigger or Trigger(timing="when", event="card-focused", text="as a Focus Effect"),
        )

    m = _KEYWORD_COST_RE.fullmatch(t)
    if m:
        # "Discipline Pay 2 Gold": a keyword with its own cost (amount = the Gold to pay)
        return Ability(text=original, kind="keywords", effects=(
            Effect(kind="keyword", keyword=m.group(1), amount=int(m.group(2)), text=t.rstrip(".")),))

    if _is_keyword_line(t):
        kws = tuple(s.strip() for s in t.split("•"))
        return Ability(text=original, kind="keywords", effects=tuple(Effect(kind="keyword", keyword=k, text=k) for k in kws))

    colons = _outside_quotes_positions(t, ":")
    designators: tuple[str, ...] = ()
    desig_costs = ""
    body = t
    body_offset = 0
    if colons:
        split = _split_designators(t[: colons[0]])
        if split is not None:
            designators, desig_costs = split
            body_offset = colons[0] + 1
            body = t[body_offset:]
            body_offset += len(body) - len(body.lstrip())
            body = body.strip()

    conditions: list[Condition] = []
    leftovers: list[Unparsed] = []
    trigger = None

    kind = "action"
    tokens = {x for d in designators for x in d.split("/")}
    if "Reaction" in tokens:
        kind = "reaction"
    elif "Interrupt" in tokens:
        kind = "interrupt"

    body_colons = _outside_quotes_positions(body, ":")
    if designators:
        if body_colons:
            limits_text, effects_text = body[: body_colons[-1]], body[body_colons[-1] + 1 :]
            eff_offset = body_offset + body_colons[-1] + 1
        else:
            limits_text, effects_text = "", body
            eff_offset = body_offset
        if kind in ("reaction", "interrupt") or not (tokens & TIMING_WORDS):
            timing, ev, rest = _split_trigger(limits_text)
            if timing:
                trigger, bad = _parse_trigger(timing, ev)
                if bad:
                    leftovers.append(bad)
                if rest:
                    body_offset += max(limits_text.rfind(rest), 0)
                limits_text = rest
            elif not body_colons and kind in ("reaction", "interrupt"):
                # "Reaction: After X, Y." -- the trigger and the effect share one sentence
                timing, ev, rest = _split_trigger(effects_text)
                if timing and rest:
                    trigger, bad = _parse_trigger(timing, ev)
                    if bad:
                        leftovers.append(bad)
                    eff_offset += max(effects_text.rfind(rest), 0)
                    effects_text = rest
            elif not (tokens & TIMING_WORDS) and not body_colons:
                kind = "continuous"  # Courtesy:/Discipline: traits
        costs = []
        if desig_costs:
            costs += _parse_limits(desig_costs, 0, conditions)
        costs += _parse_limits(limits_text, body_offset, conditions)
        effects = _parse_sentences(effects_text.strip(), eff_offset, conditions)
        if not effects:
            return Ability(text=original, kind="unparsed", designators=designators, unparsed=(Unparsed(t, "no effect after the designators"),))
        return Ability(
            text=original,
            kind=kind,
            designators=designators,
            trigger=trigger,
            **_settled(conditions, costs, effects),
            costs=tuple(costs),
            effects=tuple(effects),
            unparsed=tuple(leftovers),
        )

    # no designator: triggered trait, cost-paying ability ("Bow this card: Produce 2 Gold")
    # or continuous trait
    timing, ev, rest = _split_trigger(t)
    if timing:
        trigger, bad = _parse_trigger(timing, ev)
        if bad:
            leftovers.append(bad)
        rcolons = _outside_quotes_positions(rest, ":")
        costs = []
        if rcolons:
            costs = _parse_limits(rest[: rcolons[-1]], 0, conditions)
            rest = rest[rcolons[-1] + 1 :]
        elif not rest:
            # "After X: effects" with the colon inside what looked like the event
            ecolons = _outside_quotes_positions(ev, ":")
            if ecolons:
                trigger, bad = _parse_trigger(timing, ev[: ecolons[0]])
                leftovers = [bad] if bad else []
                rest = ev[ecolons[0] + 1 :]
        effects = _parse_sentences(rest.strip(), 0, conditions)
        return Ability(
            text=original,
            kind="trait",
            trigger=trigger,
            **_settled(conditions, costs, effects),
            costs=tuple(costs),
            effects=tuple(effects),
            unparsed=tuple(leftovers),
        )
    if colons:
        limits_text, effects_text = t[: colons[-1]], t[colons[-1] + 1 :]
        costs = _parse_limits(limits_text, 0, conditions)
        effects = _parse_sentences(effects_text.strip(), colons[-1] + 1, conditions)
        if effects:
            return Ability(
                text=original, kind="action", **_settled(conditions, costs, effects), costs=tuple(costs), effects=tuple(effects)
            )
    effects = _parse_sentences(t, 0, conditions)
    return Ability(text=original, kind="continuous", **_settled(conditions, [], effects), effects=tuple(effects))


def is_reminder_line(line: str) -> bool:
    """A line that is only reminder text "( ... )": it explains a keyword, it is no ability."""
    t = line.strip()
    return t.startswith("(") and t.endswith(")") and not _REMINDER_RE.sub("", t).strip()


def parse_card_text(text: str) -> list[Ability]:
    """A card's whole text (HTML allowed) -> one :class:`Ability` per ability line.

    Lines that are only reminder text in parentheses are not abilities and are left out.
    """
    if not text:
        return []
    return [parse_ability(line) for line in split_lines(text) if not is_reminder_line(line)]


def _topic_kinds() -> frozenset[str]:
    import importlib

    kinds: set[str] = set()
    for module_name in RULE_MODULES:
        kinds |= importlib.import_module(f"{__package__}.{module_name}").KINDS
    return frozenset(kinds)


# the topic modules' kinds belong to the closed vocabulary too
EFFECT_KINDS = EFFECT_KINDS | _topic_kinds()


def warm() -> None:
    """Build the parser and its lexer tables now (before worker processes are forked to share them)."""
    parser, _ = _get_parser()
    prepare = getattr(parser.parser.lexer, "prepare", None)
    if prepare is not None:
        prepare()
