"""Conditions of abilities ("If he is a Samurai, dishonor him"), evaluated by the engine.

The ability grammar attaches conditions on single effects as
``Condition(kind="effect-if:<test>", args=("effect N", …))`` (also ``effect-while``,
``effect-unless``), and keeps the limits block's requirements ("If you control no
Personalities, ...:") as plain ``Condition(kind="<test>", args=(…))``, checked when the action
is taken (L5R-ACT-COND). Only tests whose words the engine understands are evaluated;
anything else leaves the effect uncarried-out (or the action refused) and reported, never
guessed (L5R-ACT-EFFECT). :func:`readable` answers the same question without a position, for
``adjudicator coverage``.

Subjects the engine can name: pronouns (the last target), this card ("this card", "this
Personality", "this Shugenja": the card itself, or the Personality an attachment is on), and
the card's own name ("If Kasuru is attacking", checked against the source's name).
Joined tests (``any-of`` / ``all-of``, see :mod:`.ability_conditions`) are readable when each
part is.
"""

from __future__ import annotations

import re
from typing import Callable

STATES = {"attacking", "defending", "bowed", "unbowed", "dishonored", "honorable", "straightened",
          "opposed", "unopposed", "dishonorable"}
#: "Fallen" as the grammar hands it over, lower-cased as a describing word: the Fallen keyword
_FALLEN = "fallen"
TYPES = {"personality", "follower", "holding", "item", "spell", "attachment", "stronghold", "region", "ring"}
PRONOUNS = {"he", "him", "she", "her", "it", "they", "them", "the target", "that personality", "that card",
            "he or she"}
SELF = {"this card", "this personality", "this holding", "this follower", "this item", "this spell",
        "this stronghold", "this region"}
#: "this Shugenja", "this Samurai": the card itself (or its bearer), named by a keyword
_THIS_KEYWORD = re.compile(r"this [A-Z][A-Za-z\-]*$")
#: a card's own name in its text ("Kasuru", "Lao-she")
_NAME = re.compile(r"[A-Z][A-Za-z\-']*$")
_PLURAL = {"personalities": "personality", "followers": "follower", "holdings": "holding", "items": "item",
           "spells": "spell", "attachments": "attachment", "units": "unit", "cards": "card", "rings": "ring",
           "regions": "region"}
_HERE = " at the current battlefield"
_STATS = {"force", "chi", "personal-honor", "family-honor", "base-personal-honor", "printed-personal-honor",
          "base-force", "printed-force", "base-chi", "printed-chi", "base-gold-cost", "printed-gold-cost"}


def _stat_name(stat: str) -> str:
    """"base-base-gold-cost" (the text's "base" and the stat's own "base Gold Cost" both
    marked) -> "base-gold-cost"."""
    return re.sub(r"^(?:base-)+", "base-", stat)
_OPS = {"=": lambda a, b: a == b, "<": lambda a, b: a < b, ">": lambda a, b: a > b,
        "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b}


def _article(text: str) -> str:
    for art in ("a ", "an ", "the ", "any "):
        if text.lower().startswith(art):
            return text[len(art):]
    return text


def _subject_ok(word: str) -> bool:
    w = word.lower()
    return w in PRONOUNS or w in SELF or bool(_THIS_KEYWORD.fullmatch(word)) or _is_name(word)


def _self_word(word: str) -> bool:
    """Words that name the card using the ability: "this card", "this unit", its name."""
    w = word.lower()
    return w in SELF or w == "this unit" or bool(_THIS_KEYWORD.fullmatch(word)) or _is_name(word)


def _is_name(word: str) -> bool:
    return bool(_NAME.fullmatch(word)) and word.lower() not in PRONOUNS


def _kind_words(text: str) -> tuple[str, str] | None:
    """"a Spell" -> ("type", "spell"); "a Weapon" -> ("keyword", "Weapon"); else None."""
    t = _article(text.strip())
    if t.lower() in TYPES or t.lower() in _PLURAL:
        return "type", _PLURAL.get(t.lower(), t.lower())
    if re.fullmatch(r"[A-Z][A-Za-z\-]*", t):
        return "keyword", t
    m = re.fullmatch(r"([A-Z][A-Za-z\-]*) Clan ([A-Za-z]+)", t)  # "a Phoenix Clan Personality"
    if m and m.group(2).lower() in TYPES | set(_PLURAL):
        return "clan-type", (m.group(1), _PLURAL.get(m.group(2).lower(), m.group(2).lower()))
    m = re.fullmatch(r"([A-Z][A-Za-z\-]*) ([A-Za-z]+)", t)  # "a Fire Spell": a keyword and a type
    if m and m.group(2).lower() in TYPES | set(_PLURAL):
        return "keyword-type", (m.group(1), _PLURAL.get(m.group(2).lower(), m.group(2).lower()))
    # "an Air, Fire, or Thunder Spell": one of the keywords, and the type
    m = re.fullmatch(r"((?:[A-Z][A-Za-z\-]*, )+)or ([A-Z][A-Za-z\-]*) ([A-Za-z]+)", t)
    if m and m.group(3).lower() in TYPES | set(_PLURAL):
        words = tuple(w for w in m.group(1).split(", ") if w) + (m.group(2),)
        return "keywords-type", (words, _PLURAL.get(m.group(3).lower(), m.group(3).lower()))
    # "a Gaijin or Peasant Weapon": either keyword, and the keyword after them
    m = re.fullmatch(r"([A-Z][A-Za-z\-]*) or ([A-Z][A-Za-z\-]*) ([A-Z][A-Za-z\-]*)", t)
    if m:
        return "keywords-keyword", ((m.group(1), m.group(2)), m.group(3))
    # "a Nonhuman, non-Shadowlands Follower": keywords it has and keywords it has not, and its type
    m = re.fullmatch(r"((?:non-)?[A-Z][A-Za-z\-]*(?:, (?:non-)?[A-Z][A-Za-z\-]*)+) ([A-Za-z]+)", t)
    if m and m.group(2).lower() in TYPES | set(_PLURAL):
        words = m.group(1).split(", ")
        return "described", (tuple(w for w in words if not w.startswith("non-")),
                             tuple(w[len("non-"):] for w in words if w.startswith("non-")),
                             _PLURAL.get(m.group(2).lower(), m.group(2).lower()))
    # "a Peasant Weapon", "a Two-Handed Weapon": capitalised words only, read by _has_words (a
    # keyword of several words, or each word a keyword)
    if re.fullmatch(r"[A-Z][A-Za-z\-]*(?: [A-Z][A-Za-z\-]*)+", t):
        return "keyword", t
    return None


def _decoder():
    """ability_conditions.decode, with the grammar side loaded in its own order: ability.py first
    (ability_conditions imports it, and it imports the topic modules back; starting from
    ability_conditions would find it half-loaded)."""
    from . import ability  # noqa: F401
    from .ability_conditions import decode

    return decode


def _split(kind: str) -> tuple[str, str]:
    head, _, test = kind.partition(":")
    if head in ("effect-if", "effect-while", "effect-unless"):
        return head, test
    return "", kind


def readable(cond) -> bool:
    """Can :func:`evaluate` decide this condition (whatever the position)?"""
    head, test = _split(cond.kind)
    if not head:
        if test == "effect-optional":
            return True
        if test == "even-if":
            # the engine honours "even if this card is bowed", "even if you control no units at
            # the current battlefield", "even if <this card> is not at the current battlefield"
            # (procedure.check_conditions); "even if <this card> is at home" needs nothing, since
            # only a source at a battlefield must be at the current one (L5R-LOCATION)
            inner, rest = cond.args[:1], cond.args[1:]
            if inner in (("not-at-battlefield",), ("at-home",)):
                return len(rest) == 1 and _self_word(rest[0])
            return "bowed" in cond.text or (inner == ("control-none",) and rest == ("units" + _HERE,))
        if test == "effect-choice":
            # "Gain 2 Honor or draw a card": the acting player's "choosing first/second"
            # ("+1F, +1C, or +1PH": one of three, "choosing third")
            m = re.fullmatch(r"option ([1-5]) of ([2-5])", cond.args[1]) if len(cond.args) == 2 else None
            return m is not None and int(m.group(1)) <= int(m.group(2))
        if test == "effect-during":  # "has +3F during the Combat Segment": the combat step (L5R-COMBAT)
            return tuple(cond.args[1:]) == ("combat-segment",)
        if test.startswith("effect-"):
            return False
    if not head and cond.args and cond.args[0].lower() in PRONOUNS:
        return False  # a limits-block test is checked before any target is chosen
    args = cond.args[1:] if head else cond.args
    return _readable(test, tuple(args))


#: "a dead Personality", "a dead Courtier or Shugenja", "any of your dead Personalities", "any dead Personalities
#: in your discard pile"
_DEAD = re.compile(r"(?:an?|any|any of your) dead ((?:[A-Z][A-Za-z\-]*)(?: or [A-Z][A-Za-z\-]*)*)(?: in your discard pile)?")


def _dead_words(test: str, args: tuple):
    """A test about dead Personalities (history.dead): (whose: "you"/"any", [keyword or type words],
    (stat, at least) or None), or None when the words are not of that form."""
    if test == "exists-in-discard-pile" and len(args) == 1:
        m, whose, stat = _DEAD.fullmatch(args[0].strip()), "any", None
    elif test in ("you-own", "you-have") and len(args) == 1:
        m, whose, stat = _DEAD.fullmatch(args[0].strip()), "you", None
    elif test == "stat-at-least" and len(args) == 3 and args[0].startswith("any of your dead ") \
            and args[1].isdigit() and args[2] == "personal-honor":
        m, whose, stat = _DEAD.fullmatch(args[0].strip()), "you", int(args[1])
    else:
        return None
    if m is None:
        return None
    words = [_kind_words(w) for w in m.group(1).split(" or ")]
    if None in words or any(w[0] not in ("type", "keyword") for w in words):
        return None
    return whose, words, stat


def _dead_test(pos, actor, whose, words, stat) -> bool:
    """Comprehensive Rules, "Dead": a destroyed Personality in a discard pile (history.dead); "you own":
    in the acting player's own pile. "3 or more Personal Honor": his printed value (a card out of play)."""
    from .history import dead

    def fits(c) -> bool:
        if not dead(c) or (whose == "you" and c.owner != actor):
            return False
        if not any(_matches(pos, c, w) if w[0] == "type" else w[1] in c.card.keywords for w in words):
            return False
        honor = c.card.attrs.get("personal-honor")
        return stat is None or (isinstance(honor, int) and honor >= stat)

    return any(fits(c) for c in pos.all_copies())


def _entered_this_turn(args) -> bool:
    """(subject, "entered", "play", "this-turn") about this card or one named."""
    return len(args) == 4 and tuple(args[1:]) == ("entered", "play", "this-turn") and _subject_ok(args[0])


def _your_provinces(args) -> bool:
    """("you", "1", "Province"): the acting player's count of provinces."""
    return len(args) == 3 and args[0].lower() == "you" and args[1].isdigit() \
        and args[2].lower() in ("province", "provinces")


#: "it is (not) the active player's first (or second) turn", "it is not your first (or second) turn"
_FIRST_TURNS = ("not-first-turns", "active-player-first-turns", "not-active-player-first-turns")
#: the period a test is about ("this-turn", "during-the-action-phase", "since-your-last-turn-began")
_PERIOD_ARG = re.compile(r"(?:this|during|since)-[a-z\-]+")


def _readable(test: str, args: tuple) -> bool:
    from . import duels

    duel_test = duels.readable(test, args)  # "if he has won a duel this turn" (duels.py)
    if duel_test is not None:
        return duel_test
    if test in ("did", "did-not") and _entered_this_turn(args):
        return True  # "If this Follower did not enter play this turn" (triggers_events.ORIGINS, kept for the turn)
    from . import history

    recorded = history.reads(test, args)  # "if he has moved this turn": the turn's record (history.py)
    if recorded is not None:
        return recorded
    if history.reads_unperiod(test, args):  # "if he assigned there"
        return True
    if test == "first-turn" and args == ("it",):  # "If it is your first turn" (Comprehensive Rules, "Cycle")
        return True
    if test in _FIRST_TURNS and len(args) == 1 and args[0] in ("1", "2"):
        return True  # "If it is not the active player's first or second turn" (the turn's place in seat order)
    if _dead_words(test, args) is not None:  # "if you own a dead Courtier", "a dead Personality in any discard pile"
        return True
    if args and _PERIOD_ARG.fullmatch(args[-1]):
        # "If he lost Honor since your last turn began": the engine keeps a record of the current turn
        # only, of what it records (history.py), so any other test over a period is not read
        return False
    if test in ("any-of", "all-of", "none-of"):
        decode = _decoder()

        subs = decode(args)
        return bool(subs) and all(_readable(s.kind, s.args) for s in subs)
    if test in ("is", "is-not") and len(args) == 2 and args[0].lower() in _OTHERS:
        return _CLAN_PLAYER.fullmatch(args[1]) is not None  # "the Attacker is a Mantis Clan player"
    if test in ("is", "is-not") and len(args) == 2 and args[0].lower() == "your sensei":
        return _TITLE.fullmatch(args[1].strip()) is not None  # "if your Sensei is Hikahime"
    if test in ("is", "is-not") and len(args) == 2 and args[0].lower() == "this unit":
        # "if this unit is Cavalry": a unit keyword (Comprehensive Rules, "Unit": its Personality and all its
        # Followers have it)
        return bool(re.fullmatch(r"[A-Z][A-Za-z\-]*", _article(args[1]).strip()))
    if test in ("is", "is-not") and len(args) == 2 and args[1].lower() == "unaligned":
        return _subject_ok(args[0])  # "if he is Unaligned": no Clan Alignment (states.clan_aligned)
    if test in ("is", "is-not") and len(args) == 2:
        pred = _article(args[1]).strip()
        if " or " in pred:  # "he is Fire or Thunder": one of these keywords
            return _subject_ok(args[0]) and all(re.fullmatch(r"[A-Z][A-Za-z\-]*", k) for k in pred.split(" or "))
        return _subject_ok(args[0]) and (pred.lower() in STATES or pred.lower() in TYPES or pred == _FALLEN
                                          or (pred[:1].isupper() and len(pred.split()) <= 3))
    if test == "in-province" and len(args) == 2:
        return _subject_ok(args[0]) and args[1] in ("yours", "any")
    if test in ("would-be", "would-be-there") and len(args) == 2:
        return _subject_ok(args[0]) and args[1].lower() == "opposed"
    if test == "self-state" and args:
        return args[0].lower() in STATES
    if test == "is-clan" and len(args) == 2 and args[0].lower() in _OTHERS:
        return True
    if test in ("is-clan",) and len(args) == 2:
        return _subject_ok(args[0])
    if test == "attached-to" and len(args) == 2:
        return _subject_ok(args[0]) and _kind_words(args[1]) is not None
    if test == "stat-compare" and len(args) == 4:
        return _subject_ok(args[0]) and args[1] in ("force", "chi", "personal-honor") and args[2] in _OPS \
            and args[3] == "this"
    if test == "count-compare" and len(args) == 4 and args[1] == "attachments":
        # "If the target has fewer attachments" (than this card, or the Personality it is attached to)
        return args[0].lower() in PRONOUNS and args[2] in ("<", ">") and args[3] == "this"
    if test == "count-compare" and len(args) == 4:  # "your army has fewer units than the enemy army"
        return _ARMY_YOURS.fullmatch(args[0]) is not None and args[1] == "units" and args[2] in ("<", ">") \
            and _ARMY_ENEMY.fullmatch(args[3]) is not None
    if test == "controls" and len(args) == 2 and args[0].lower() in ("another player", "any other player"):
        return _opponent(args[1]) is not None  # "while another player controls a dishonorable Personality"
    if test == "controls" and len(args) == 2:
        return bool(re.fullmatch(r"an? [A-Z][a-z]+ Clan player", args[0])) and _subject_ok(args[1])
    if test == "is-any-keyword" and len(args) >= 2:
        return _subject_ok(args[0])
    if test in ("clan-player", "not-clan-player") and args:
        return True
    if test == "you-control" and args:
        return _subject_ok(args[0]) or _controlled(args[0]) is not None or _controlled_here(args[0]) is not None
    if test in ("control-at-least", "control-at-most") and len(args) == 2:
        return args[0].isdigit() and _kind_words(args[1]) is not None
    if test in ("has-no",) and len(args) == 2:
        return _subject_ok(args[0]) and _kind_words(args[1]) is not None
    if test in ("has-at-most", "has-exactly") and len(args) == 3 and _your_provinces(args):
        return True  # "If you have exactly one Province": the player's provinces still in the game
    if test in ("has-at-most", "has-exactly") and len(args) == 3:
        return _subject_ok(args[0]) and args[1].isdigit() and _kind_words(args[2]) is not None
    if test == "in-play" and args:  # (a card of another title: "plus 1 if Shiba Iaimiko is in play")
        return _subject_ok(args[0]) or (" " in args[0] and _TITLE.fullmatch(args[0]) is not None)
    if test == "exists" and len(args) == 1:  # ("at this battlefield": the current one)
        return _ENEMY_UNITS_HERE.fullmatch(args[0].replace(" at this battlefield", _HERE)) is not None
    if test in ("did", "did-not") and len(args) == 3 and args[1:] == ("moved", "to defend"):
        return args[0].lower() in PRONOUNS  # "If the target moved to defend": moved by this, to the defending side
    if test == "moved" and args:
        return _subject_ok(args[0])
    if test == "opposing" and len(args) == 2:
        return (_subject_ok(args[0]) or args[0] == "this") and _foe(args[1]) is not None
    if test == "in-army-with" and len(args) == 2:
        return (_subject_ok(args[0]) or args[0] == "this") and _opponent(args[1]) is not None
    if test in ("did", "did-not") and len(args) == 3:
        # "this": the ability being resolved (what its effects did so far); "this moved him": the
        # card named before; "the Ranged Attack" needs the ability's own effects (:func:`readable_in`)
        return args[0].lower() == "this" and _verb(args[1]) is not None \
            and (_object(args[2]) is not None or _pronoun_object(args[1], args[2]) is not None)
    if test == "is-clan" and len(args) == 2 and args[0].lower() in _OTHERS:
        return True
    if test == "control-none" and args:
        return _what(args[0]) is not None
    if test == "none-at-battlefield" and args:
        return _kind_words(args[0]) is not None
    if test == "none-exists" and args:
        return args[0].endswith((_HERE, " there")) and _kind_words(_where(args[0])) is not None
    if test == "at-battlefield" and args:
        return _subject_ok(args[0]) or args[0].lower() in ("any enemy units", "enemy units") \
            or _ENEMY_UNITS_HERE.fullmatch(_enemy_state_first(args[0]) + _HERE) is not None  # ("any enemy attacking units")
    if test == "has" and len(args) == 2 and _counted(args[1]) is not None:
        return _subject_ok(args[0])  # "if Yoritama has two Weapons": at least that many attached
    if test == "has" and len(args) == 2 and _token_words(args[1]) is not None:
        return _subject_ok(args[0])  # "if he has a Poison token": tokens of that kind on the card (tokens.py)
    if test == "has" and len(args) == 2:
        return _subject_ok(args[0]) and _kind_words(args[1]) is not None
    if test == "stat-value" and len(args) == 4 and args[1] == "province-strength":
        # "If the current battlefield's Province Strength is 11 or greater"
        return args[0].lower() == "the current battlefield" and args[2] in _OPS and args[3].lstrip("-").isdigit()
    if test == "you-have" and args == ("a Clan Alignment",):  # the player's own (Comprehensive Rules,
        return True  # "Clan Alignment": from his Stronghold; effects may give one)
    if test == "has-printed-keyword" and len(args) == 2:  # "If this Personality has the printed Magistrate keyword"
        return _self_word(args[0]) and bool(re.fullmatch(r"[A-Z][A-Za-z\-]*", args[1]))
    if test == "max-hand-size-at-least" and len(args) == 1:  # "If your maximum hand size is 10 or more"
        return args[0].isdigit()
    if test == "nobody-controls" and len(args) == 1:  # "If no player controls a copy of Political Standoff"
        return _TITLE.fullmatch(args[0].strip()) is not None
    if test == "has-no-abilities" and len(args) == 1:  # "If he has no abilities" (Comprehensive Rules,
        return _subject_ok(args[0])  # "Abilities": the blocks with a designator, not traits)
    if test == "stat-value" and len(args) == 4 and args[0].lower() in PRONOUNS and args[1] in ("force", "chi"):
        return args[2] in _OPS and args[3].lstrip("-").isdigit()  # "If the target now has 0 Force"
    if test == "stat-value" and len(args) == 4:
        return (args[0].lower() in ("his", "her", "its") and _stat_name(args[1]) in _STATS
                and args[1] != "family-honor"
                or args[0].lower() in ("your", "the active player") and args[1] == "family-honor") \
            and args[2] in _OPS and args[3].lstrip("-").isdigit()
    if test in ("stat-at-most", "stat-at-least") and len(args) == 3:
        # ("5 or more printed Force": the card's printed value, as "base"; amounts.STATS reads them alike)
        stat = re.sub(r"^(?:printed|base)-", "", _stat_name(args[2]))
        return _subject_ok(args[0]) and args[1].isdigit() and stat in ("force", "chi", "personal-honor")
    if test == "stat-rank" and len(args) == 3:
        return args[1] == "family-honor"
    if test in ("your-turn", "not-your-turn", "fewest-provinces", "most-cards-in-hand", "fewest-cards-in-hand"):
        return True
    if test == "before-your-turn" and len(args) == 1:
        return args[0].isdigit()
    if test == "phase-is" and args == ("combat-segment",):
        return True
    if test == "at-home" and len(args) == 1:
        return _subject_ok(args[0])
    if test in ("hand-size-at-most", "hand-size-at-least") and args:
        return args[0].isdigit()
    if test == "you-are" and args:
        return args[0].lower() in ("attacker", "defender", "the attacker", "the defender")
    return False


_VERBS = {"destroyed": "destroyed", "destroys": "destroyed", "destroy": "destroyed", "bowed": "bowed",
          "bows": "bowed", "bow": "bowed", "moved": "moved", "moves": "moved", "move": "moved",
          "dishonored": "dishonored", "dishonors": "dishonored", "dishonor": "dishonored",
          "straightened": "straightened", "straightens": "straightened", "straighten": "straightened",
          "discarded": "discarded", "discards": "discarded", "discard": "discarded"}


#: "If there are (any) (attacking) enemy units at the current battlefield"
#: the two sides of the battle being fought: "your (current) army", "the current enemy army", "the
#: opposing army" (the other players' units at the current battlefield)
_ARMY_YOURS = re.compile(r"your (?:current )?army")
_ARMY_ENEMY = re.compile(r"the (?:current )?(?:enemy|opposing) army")
_ENEMY_UNITS_HERE = re.compile(r"(?:any )?(?:(attacking|defending) )?enemy units at the current battlefield")


def _enemy_state_first(words: str) -> str:
    """"any enemy attacking units" -> "any attacking enemy units" (the order _ENEMY_UNITS_HERE reads)."""
    return re.sub(r"enemy (attacking|defending)", r"\1 enemy", words.strip().lower())


def _verb(word: str):
    return _VERBS.get(word.lower())


#: what the card a "this bowed X" names must also be: "with attachments" / "without attachments"
#: (attached to it as the condition is checked: bowing leaves its attachments on it), "with lower
#: Personal Honor" (than the Personality using the ability)
_OBJECT_TAILS = {" with attachments": "attachments", " without attachments": "no-attachments",
                 " with lower personal honor": "lower-personal-honor",
                 # "a card without abilities" (Comprehensive Rules, "Abilities": blocks with a
                 # designator; :func:`has_abilities`)
                 " without abilities": "no-abilities"}


def _object(text: str):
    """What "this destroyed X" names: (enemy only?, kind words or None for any card, extra test
    or None)."""
    t = text.strip()
    enemy = False
    for art in ("a ", "an ", "any ", "one or more "):
        if t.lower().startswith(art):
            t = t[len(art):]
    if t.lower().startswith("enemy "):
        enemy, t = True, t[len("enemy "):]
    extra = None
    for tail, test in _OBJECT_TAILS.items():
        if t.lower().endswith(tail):
            t, extra = t[: -len(tail)], test
    if t.lower() in ("card", "cards"):
        return enemy, None, extra
    found = _kind_words(t)
    return None if found is None else (enemy, found, extra)


def _object_fits(game, pos, copy, extra, source) -> bool | None:
    if extra is None:
        return True
    if extra in ("attachments", "no-attachments"):
        return bool(pos.attachments_of(copy.uid)) == (extra == "attachments")
    if extra == "no-abilities":
        return not has_abilities(game, pos, copy)
    # "with lower Personal Honor": than the Personality using the ability (none: not decided)
    if source is None or source.card.type != "personality" or copy.card.type != "personality":
        return None
    mine, theirs = game.card_property(pos, source, "personal-honor"), game.card_property(pos, copy, "personal-honor")
    return theirs < mine if isinstance(mine, int) and isinstance(theirs, int) else None


#: "the Ranged Attack destroyed a card", "this Melee Attack destroyed a card": what the ability's
#: own attack did (read by :func:`readable_in`, where the attack is the only effect before)
_ATTACK_SUBJECT = re.compile(r"(?:the|this) (ranged attack|melee attack|fear)", re.I)
_ATTACK_KINDS = {"ranged attack": "ranged-attack", "melee attack": "melee-attack", "fear": "fear"}


def _attack_alone(ability, cond) -> bool:
    """Is the attack the subject names the only effect before the guarded one that changes cards?
    (then what this ability did so far is what the attack did)"""
    m = _ATTACK_SUBJECT.fullmatch(cond.args[1]) if len(cond.args) > 1 else None
    kind, _, number = cond.args[0].partition(" ")
    if m is None or kind != "effect" or not number.isdigit():
        return False
    attack = _ATTACK_KINDS[m.group(1).lower()]
    before = list(ability.effects[: int(number)])
    kinds = [getattr(c, "kind", "") for c in before]
    # ("with +2 strength if …" after the attack adds to it: no card changes)
    return kinds.count(attack) == 1 and all(
        k == attack or k in ("target", "choose") or k.startswith("amount-")
        or (k == "modify-stat" and getattr(c, "stat", None) == "strength") for k, c in zip(kinds, before))


#: effects that change players only: they add nothing to what the ability did to cards
_PLAYERS_ONLY = ("draw", "gain-honor", "lose-honor")


def _it_the_attack(ability, cond) -> bool:
    """"If the Ranged Attack destroyed a card, draw a card; if it destroyed a Follower, ...": "it" is
    the attack an earlier test of the same kind named, read where that test is readable and the
    effects between change players only (so what the ability destroyed so far is what the attack did)."""
    if len(cond.args) != 4 or cond.args[1].lower() != "it" or _index(cond) is None:
        return False
    n = _index(cond)
    for before in ability.conditions:
        m = _index(before)
        if before is cond or m is None or m >= n or before.kind != cond.kind or len(before.args) != 4:
            continue
        if _ATTACK_SUBJECT.fullmatch(before.args[1]) and _attack_alone(ability, before) \
                and all(getattr(c, "kind", "") in _PLAYERS_ONLY for c in ability.effects[m:n]):
            return True
    return False


#: "After this destroys a card, gain 1 Honor" (an effect-trigger of an action): what it destroyed
_THIS_DESTROYS = re.compile(r"after this (destroys|bows) (.+?), ", re.I)
#: effects an attack may come with before the effect it sets off (targets, worked-out amounts)
_ATTACKS = ("fear", "melee-attack", "ranged-attack")


def _after_this_destroys(ability, cond):
    """"Ranged 3 Attack. After this destroys a card, gain 1 Honor": the attack resolves within the
    action, so the moment it destroys a card has come and gone by the next effect -- the same test
    as "if this destroyed a card" (what the action's effects did so far, procedure's "_done").
    The object's words (:func:`_object`), or None when the line is not of that form: an action whose
    only card-changing effect before is one attack."""
    if cond.kind != "effect-trigger" or tuple(cond.args[1:]) not in (("after", "this-card-destroys"),
                                                                     ("after", "this-card-bows")) \
            or ability.kind not in ("action", "reaction"):
        return None
    m = _THIS_DESTROYS.match(cond.text or "")
    index = _index(cond)
    # "After this bows the target": the lone attack's own target, the only card it can bow or destroy
    words = "a card" if m is not None and m.group(2).lower() == "the target" else (m.group(2) if m else "")
    if m is None or index is None or _object(words) is None or cond.args[2] != f"this-card-{m.group(1).lower()}":
        return None
    kinds = [getattr(c, "kind", "") for c in ability.effects[:index]]
    # ("After this bows the target, give this Personality +1F, or +2F if he is Thunder": the first option,
    # set off by the same moment, changes no card's bowing or destruction -- what the attack did is still
    # what the action did)
    same = {_index(c) for c in ability.conditions if c.kind == cond.kind and c.args[1:] == cond.args[1:]
            and c.text == cond.text}
    if sum(k in _ATTACKS for k in kinds) != 1 or not all(
            k in _ATTACKS or k == "target" or k.startswith("amount-") or (i in same and k in _NO_CARD_CHANGE)
            for i, k in enumerate(kinds)):
        return None
    return m.group(1).lower(), words


#: effects that bow, destroy, move ... no card (what "this bowed / destroyed" reads is unchanged by them)
_NO_CARD_CHANGE = ("modify-stat", "give-token", "draw", "gain-honor", "lose-honor", "grant-keyword")


#: "you have Courtesy" / "you have Compassion": a player has it as the line's own reminder states
#: (continuous._DESIGNATED: "Courtesy does not take effect if you went first", "Compassion takes effect
#: while you have fewer Provinces than anyone else"); RULES.md has no rule of its own for them
_DESIGNATIONS = ("Courtesy", "Compassion")


def _designation(args) -> str | None:
    return args[0] if len(args) == 1 and args[0] in _DESIGNATIONS else None


def _designations_stated(ability, cond) -> bool:
    """A test joining "you have Courtesy" (or Compassion) to tests the engine reads, on a line whose
    own reminder states when the player has it."""
    from .continuous import _DESIGNATED

    head, test = _split(cond.kind)
    if head not in ("effect-if", "effect-while", "effect-unless"):
        return False
    subs = [(test, tuple(cond.args[1:]))]
    if test in ("any-of", "all-of", "none-of"):
        decode = _decoder()

        subs = [(c.kind, tuple(c.args)) for c in decode(cond.args[1:]) or ()]
    said = " ".join((ability.text or "").lower().replace("courtesy traits", "courtesy").split())
    named = [_designation(a) for k, a in subs if k == "you-have" and _designation(a)]
    reminders = {"Courtesy": "courtesy does not take effect if you went first",
                 "Compassion": _DESIGNATED["Compassion"]}
    return bool(named) and all(reminders[d] in said for d in named) and all(
        (k == "you-have" and _designation(a)) or _readable(k, a) for k, a in subs)


def _otherwise_of(ability, cond):
    """"If he is dishonorable, his controller loses 1 Honor. Otherwise, give your provinces +2
    strength": the test the "Otherwise" answers -- the one test of the latest effect before it that
    has one, a test the engine reads -- or None. Not read when the sentence of the "otherwise" goes on
    with an effect the reader did not scope ("Otherwise, put it into your hand and destroy this
    Holding": both belong to it)."""
    from .delayed import _sentence_goes_on

    n = _index(cond)
    if cond.kind != "effect-otherwise:otherwise" or len(cond.args) != 1 or n is None or n >= len(ability.effects) \
            or ability.kind not in ("action", "reaction"):
        return None
    guarded = [c for c in ability.conditions if c is not cond and _index(c) is not None and _index(c) < n
               and c.kind.startswith(("effect-if:", "effect-unless:", "effect-optional"))]
    if not guarded:
        return None
    m = max(_index(c) for c in guarded)
    tests = [c for c in guarded if _index(c) == m]
    if len(tests) != 1 or not tests[0].kind.startswith(("effect-if:", "effect-unless:")):
        return None  # ("you may move her home": a choice, not a test the "otherwise" could answer)
    if any(_index(c) == n for c in ability.conditions if c is not cond):
        return None
    test = tests[0]
    if not (readable(test) or readable_in(ability, test)) or _sentence_goes_on(ability, n, cond):
        return None
    return test


def readable_in(ability, cond) -> bool:
    """Conditions only the ability they belong to makes readable: "If the Ranged Attack destroyed
    a card" (the attack's doings, when it is the only effect before); "You may bow him; if you
    did, …" (whether that optional effect did something); "If your Personality is a Magistrate"
    (the one card of that kind the action named before)."""
    from . import duels

    if ability.kind in ("action", "reaction") and duels.readable_in(ability, cond):  # "if she won" (duels.py)
        return True
    if _after_this_destroys(ability, cond) is not None:  # "Ranged 3 Attack. After this destroys a card, ..."
        return True
    if _designations_stated(ability, cond):  # "if you are Mantis Clan or have Courtesy. (Courtesy does not ...)"
        return True
    if _otherwise_of(ability, cond) is not None:  # "If he is dishonorable, X. Otherwise, Y."
        return True
    if _action_it_did(ability, cond):  # "After your action resolves, if it bowed an enemy card"
        return True
    if _targeted_test(ability, cond):  # "If this targeted a Crab Clan Personality": the action's one target
        return True
    if _the_card_yours(ability, cond):  # "Target a card in a Province. If the card is not yours, ..."
        return True
    head, test = _split(cond.kind)
    if head not in ("effect-if", "effect-unless") or ability.kind not in ("action", "reaction"):
        return False
    if (cond.text or "").lower() == "he did not become dishonorable":  # (his optional dishonoring: _optional_before)
        return head == "effect-if" and _optional_before(ability, cond) is not None
    if test in ("did", "did-not") and len(cond.args) == 4 and _it_the_attack(ability, cond):
        return head == "effect-if" and _verb(cond.args[2]) is not None and _object(cond.args[3]) is not None
    if test in ("did", "did-not") and len(cond.args) == 4:
        return head == "effect-if" and _verb(cond.args[2]) is not None and _object(cond.args[3]) is not None \
            and _attack_alone(ability, cond)
    if test in ("did", "did-not") and (len(cond.args) == 1 or (cond.text or "").lower() == "he did not become dishonorable"):
        return head == "effect-if" and _optional_before(ability, cond) is not None
    if len(cond.args) >= 2 and _named_kind(cond.args[1]) is not None:
        return _readable(test, ("he", *cond.args[2:])) and _one_named(ability, cond)
    if test in ("any-of", "all-of"):  # "if the Personality is opposed or Spider Clan": each part of one card named
        subs = _decoder()(cond.args[1:]) or ()
        said = {s.args[0] for s in subs if s.args}
        if len(subs) < 2 or len(said) != 1 or _named_kind(next(iter(said))) is None:
            return False
        one = type(cond)(kind=f"{head}:is", args=(cond.args[0], next(iter(said))), text=cond.text)
        return all(_readable(s.kind, ("he", *s.args[1:])) for s in subs) and _one_named(ability, one)
    return False


#: "this targeted", "it targets": what the action targeted
_TARGETED = ("targeted", "targets")
#: targets of clauses that leave the card the action last named as it was (procedure's ``bind.last``)
_KEEPS_LAST = (None, "this", "you", "attached", "opponent", "it")


def _targeted_test(ability, cond) -> bool:
    """"Ranged 4 Attack. If this targeted a card, ...", "Dishonor a target enemy Personality and give him
    -2F. If this targeted a Crab Clan Personality, ...": the action has one target before the guarded
    effect -- an attack's implied target (L5R-ACT-TARGET: chosen as the action is announced), or a
    "target X" -- and no clause in between names another card, so the card the action named last (the
    procedure's pronoun "the target") is that target when the test is asked."""
    n = _index(cond)
    if cond.kind not in ("effect-if:did", "effect-if:did-not") or len(cond.args) != 4 or n is None \
            or ability.kind not in ("action", "reaction") or cond.args[1].lower() not in ("this", "it") \
            or cond.args[2].lower() not in _TARGETED or _object(cond.args[3]) is None:
        return False
    return not _runs_on_unscoped(ability, n, cond) and _one_target_named(ability, n)


def _one_target_named(ability, n: int) -> bool:
    """The action has one target before effect ``n``, and it is the card named last then (the procedure's
    "the target"): see :func:`_targeted_test`."""
    from ...core.ability import Effect
    from .procedure import MILITARY, target_specs

    clauses = [c for c in (*ability.costs, *ability.effects[:n]) if isinstance(c, Effect)]
    if len(clauses) != len(ability.costs) + n:
        return False  # (a clause not read)
    marks = [i for i, c in enumerate(clauses) if c.kind in MILITARY and c.target is None
             or c.target is not None and c.target.ref == "target"]
    specs = [s for s in target_specs(ability) if not s.optional]
    if len(marks) != 1 or len(specs) < 1:
        return False
    mark = marks[0]
    # ("Ranged 4 Attack with +2 strength if it targets a Follower. ... Ranged 4 Attack": two attacks of a
    # kind share one implied target description, whose cards the procedure does not tell apart)
    everywhere = [c for c in (*ability.costs, *ability.effects) if isinstance(c, Effect)]
    if clauses[mark].target is None and sum(c.kind == clauses[mark].kind for c in everywhere) != 1:
        return False
    spec = clauses[mark].target if clauses[mark].target is not None else MILITARY[clauses[mark].kind]
    if specs[0] is not spec or any(s is not spec for s in specs[1:] if s in [c.target for c in clauses]):
        return False  # (its spec is the action's only one before the test)
    # a clause before the target's that names a card (a cost "bow your target X" names it after the
    # targets are chosen) or one after it naming another card would leave another card named last
    later = clauses[mark + 1:] if clauses[mark].target is not None else [*clauses[:mark], *clauses[mark + 1:]]
    return all(c.kind not in ("target", "choose", "create", "search", "look-at-top")
               and (c.target is None or c.target.ref in _KEEPS_LAST) for c in later)


def _runs_on_unscoped(ability, n: int, cond) -> bool:
    """Does the sentence of guarded effect ``n`` go on with an effect the test was not put on ("If this
    targeted a Crab Clan Personality, you may target another Personality and give him -2F": the reader
    scoped the test to the targeting only)? Then the test is not read: the rest would happen regardless."""
    effects = list(ability.effects)
    if n + 1 >= len(effects) or not hasattr(effects[n], "text") or not hasattr(effects[n + 1], "text"):
        return False
    if any(_index(c) == n + 1 and c.kind == cond.kind and c.args[1:] == cond.args[1:] for c in ability.conditions):
        return False
    text = ability.text or ""
    here = text.find(effects[n].text)
    there = text.find(effects[n + 1].text, here + 1) if here >= 0 else -1
    if here < 0 or there < 0:
        return True  # (cannot tell: not read)
    between = text[here + len(effects[n].text):there]
    return "." not in between and "otherwise" not in between.lower()


#: "If the card is (not) yours": whose card it is
_YOURS = ("is-yours", "is-not-yours")


def _the_card_yours(ability, cond) -> bool:
    """"Target a card in a Province. If the card is not yours, bow this Holding to turn it face-up":
    "the card" is the action's one target, named last (:func:`_targeted_test`'s reading)."""
    head, test = _split(cond.kind)
    n = _index(cond)
    if head != "effect-if" or test not in _YOURS or len(cond.args) != 2 or cond.args[1].lower() != "the card" \
            or n is None or ability.kind not in ("action", "reaction"):
        return False
    return not _runs_on_unscoped(ability, n, cond) and _one_target_named(ability, n)


def _action_it_did(ability, cond) -> bool:
    """"After your action resolves, if it bowed an enemy card, ...": a trait on an action resolving, whose
    "it" is that action -- what its effects did (history.last_action)."""
    from .triggers_events import split_event

    trigger = getattr(ability, "trigger", None)
    return trigger is not None and split_event(trigger.event)[0] == "action-resolves" \
        and cond.kind in ("effect-if:did", "effect-if:did-not") and len(cond.args) == 4 \
        and cond.args[1].lower() == "it" and _verb(cond.args[2]) is not None and _object(cond.args[3]) is not None


def _what_the_action_did(cond, game, pos, actor, source) -> bool | None:
    from .history import last_action

    action = last_action(pos)
    if action is None or action["did"] is None:
        return None  # (no action in the record, or one whose doings the engine did not record)
    verb = _verb(cond.args[2])
    enemy, found, extra = _object(cond.args[3])
    done = [pos.copies.get(uid) for uid, v in action["did"] if v == verb]
    fits = [c is not None and (not enemy or c.controller != actor) and (found is None or _matches(pos, c, found))
            and _object_fits(game, pos, c, extra, source) for c in done]
    if None in fits and True not in fits:
        return None
    hit = True in fits
    return hit if cond.kind == "effect-if:did" else not hit


def _index(cond) -> int | None:
    kind, _, number = (cond.args[0] if cond.args else "").partition(" ")
    return int(number) if kind == "effect" and number.isdigit() else None


#: "you did", "you do", "you did not": the acting player's own optional effect just before
_YOU_DID = ("you did", "you do", "you did not", "you do not")
#: "His controller may discard a card. If he does, ...; if he does not, ...": another player's
#: optional effect just before (he decides it with the action's ``choosing``: procedure.resolve_effects)
_HE_DID = ("he did", "he does", "he did not", "he does not", "he chose this", "he did not choose this",
           "he chooses not to", "he chose not to")


def _optional_before(ability, cond) -> int | None:
    """The index of the acting player's "You may …" effect an "if you did" looks back to: the
    latest optional effect before the guarded one, a change to cards or players (not a choice of
    target), or None."""
    n = _index(cond)
    said = (cond.text or "").strip().lower()
    if said == "he did not become dishonorable" and cond.kind == "effect-if:did-not":
        # "His controller may dishonor him. If he did not become dishonorable (or was already dishonorable)":
        # the optional dishonoring changed nothing -- declined, or he was dishonored already
        said = "he did not"
        m = _optional_before(ability, type(cond)(kind=cond.kind, args=cond.args[:1], text=said))
        return m if m is not None and getattr(ability.effects[m], "kind", "") == "dishonor" else None
    if n is None or said not in _YOU_DID + _HE_DID:
        return None
    # (yours: "You may ..."; his: "His controller may ..." -- the chooser the grammar keeps)
    mine = said in _YOU_DID
    optional = [_index(c) for c in ability.conditions if c.kind == "effect-optional"
                and (len(c.args) == 1 if mine else len(c.args) == 2 and _HIS.fullmatch(c.args[1].strip()))]
    before = [m for m in optional if m is not None and m < n]
    if not before:
        return None
    m = max(before)
    clause = ability.effects[m] if m < len(ability.effects) else None
    if getattr(clause, "kind", "") not in _RECORDED or (clause.kind == "modify-stat" and clause.stat == "strength"):
        return None
    return m


#: another player who may do something: "His controller may ...", "Its controller", "Another player"
_HIS = re.compile(r"(?:his|her|its) controller|another player|the player", re.I)


#: effects whose outcome the procedure records card by card or player by player ("_changed"):
#: searches, looks, purchases, negations and the like are carried out on other paths
_RECORDED = {"bow", "straighten", "dishonor", "rehonor", "destroy", "discard", "move-home", "move-to-battle",
             "gain-honor", "lose-honor", "draw", "give-token", "put-in-hand", "remove-from-game", "modify-stat",
             "grant-keyword"}


#: "your Personality", "your Monk", "the Personality": a card the action named before
_NAMED = re.compile(r"(your|the) ([A-Z][A-Za-z\-]*)")


def _named_kind(word: str):
    if (word or "").strip().lower() == "your performer":  # the Personality or Follower performing the action
        return True, ("unit", "performer")
    m = _NAMED.fullmatch((word or "").strip())
    if m is None or word.strip().lower() in _OTHERS:  # "the Defender" is a player
        return None
    found = _kind_words(m.group(2))
    if found is None or found[0] not in ("type", "keyword"):
        return None
    return m.group(1).lower() == "your", found


def _could_name(spec, yours: bool, found) -> tuple[bool, bool]:
    """(could this target description name such a card, does it surely name one)."""
    if yours and spec.owner == "opponent":
        return False, False
    types = [t for t in spec.card_types if t not in ("card",)]
    if found[0] == "unit":  # "your performer": the card described as performing
        if types and not set(types) & {"personality", "follower", "unit"}:
            return False, False
        return True, "performing" in spec.states and spec.owner == "you"
    if found[0] == "type":
        word = found[1]
        fits = word in types or ("unit" in types and word in ("personality", "follower"))
        if types and not fits:
            return False, False
        return True, fits and (not yours or spec.owner == "you")
    sure = found[1] in spec.keywords and (not yours or spec.owner == "you")
    return True, sure


def _one_named(ability, cond) -> bool:
    """Does exactly one target or chosen card before the guarded effect fit "your Personality"
    (surely), with no other one that could?"""
    n = _index(cond)
    yours, found = _named_kind(cond.args[1])
    if n is None:
        return False
    clauses = [*ability.costs, *ability.effects[:n]]
    specs = [c.target for c in clauses if getattr(c, "kind", "") in ("target", "choose")
             and c.target is not None and c.target.ref in ("target", "choice")]
    specs += [c.target for c in clauses if getattr(c, "kind", "") not in ("target", "choose")
              and getattr(c, "target", None) is not None and c.target.ref == "target"]
    reads = [_could_name(s, yours, found) for s in specs]
    if not yours and any(getattr(c, "kind", "") in ("fear", "melee-attack", "ranged-attack") for c in clauses):
        reads.append((True, False))  # an attack's own target (any player's card) could be "the Personality" too
    return sum(could for could, _ in reads) == 1 and any(sure for _, sure in reads)


def named_card(pos, actor: str, word: str, named: list):
    """The one card among those the action named (targets, chosen cards) that "your Personality"
    / "the Monk" means, or None when none or several fit."""
    read = _named_kind(word)
    if read is None:
        return None
    yours, found = read
    fits = {c.uid: c for c in named if not isinstance(c, str) and (not yours or c.controller == actor)
            and _matches(pos, c, found)}
    return next(iter(fits.values())) if len(fits) == 1 else None


def _own_card(pos, source, word: str):
    """This card named in a condition: "this Personality" (on an attachment: its bearer), "this Shugenja",
    the card's own name; None for other words."""
    w = word.lower()
    if w in SELF:
        if w == "this personality" and source.card.type != "personality" and source.attached_to is not None:
            return pos.copies.get(source.attached_to)
        return source
    if _THIS_KEYWORD.fullmatch(word) or _is_name(word):
        return _subject(word, pos, source, lambda _w: None)
    return None


def leading_subject(pos, source, ability, index: int, clause):
    """"If Ajasu has moved this battle, straighten him": a pronoun right after an "If ..." about this card
    (named, or "this Personality") is that card, not the last target -- [the card], or None when the
    effect is not of that form (procedure.resolve_effects then binds the pronoun as usual)."""
    for cond in _leading_tests(ability, index, clause):
        card = _own_card(pos, source, cond.args[1])
        if card is not None:
            return [card]
    return None


def _leading_tests(ability, index: int, clause) -> list:
    """The "If ..." tests right before effect ``index`` whose clause opens with a bare pronoun, when no
    card the text named before could be that pronoun's antecedent; [] otherwise."""
    spec = getattr(clause, "target", None)
    if spec is None or spec.ref != "it" or (spec.text or "").lower() not in PRONOUNS | {"his", "her", "its"}:
        return []
    # ("Target a Personality: If Irezu is at home, bow him": a card the text named before is the antecedent;
    # an attack's target is named by no words of the text)
    if any(getattr(c, "target", None) is not None and c.target.ref in ("target", "choice", "it")
           and getattr(c, "kind", "") not in ("fear", "melee-attack", "ranged-attack")
           for c in (*ability.costs, *ability.effects[:index])):
        return []
    return [cond for cond in ability.conditions
            if cond.args[:1] == (f"effect {index}",) and cond.kind.startswith("effect-if:") and len(cond.args) >= 2
            and re.search(rf"\bif {re.escape(cond.text)}, {re.escape(clause.text)}", ability.text, re.I)]


def leads_with_own_card(ability, index: int) -> bool:
    """Does :func:`leading_subject` name this card for effect ``index`` ("If Natsumi would be opposed, move
    it to the current battlefield")? The same reading, without a position: the pronoun right after an
    "If ..." whose subject is this card's name or "this Personality"."""
    clause = ability.effects[index] if 0 <= index < len(ability.effects) else None
    return any(_self_word(cond.args[1]) for cond in _leading_tests(ability, index, clause))


def _ability_of(game, source, cond):
    """The ability of ``source`` this very condition belongs to, or None."""
    if game is None or source is None:
        return None
    return next((a for a in game.abilities(source) if any(c is cond for c in a.conditions)), None)


def _pronoun_object(verb: str, text: str):
    """"this moved him" -> ("him", False); "this did not move him home" -> ("him", True): the
    card named before, and whether the move must have taken it home."""
    t = text.strip().lower()
    home = _verb(verb) == "moved" and t.endswith(" home")
    word = t[: -len(" home")] if home else t
    return (word, home) if word in PRONOUNS else None


def _opponent(text: str):
    """What "while he opposes a Phoenix Clan Personality" / "while opposing a dishonorable
    Personality" asks of a card across the battlefield: (state or None, kind words)."""
    t = _article(text.strip())
    state, _, rest = t.partition(" ")
    if state.lower() in STATES and rest:
        found = _kind_words(rest)
        return None if found is None else (state.lower(), found)
    found = _kind_words(t)
    return None if found is None else (None, found)


#: "a Personality or Follower": one of two card types
_TWO_TYPES = re.compile(r"(personality|follower) or (personality|follower)", re.I)


_NO_ABILITIES = " with no abilities"


def _foe(text: str):
    """:func:`_foe_words`, and "a Personality with no abilities" (:func:`has_abilities`): the same
    alternatives, each also asked to have no abilities."""
    if text.strip().endswith(_NO_ABILITIES):
        found = _foe_words(text.strip()[: -len(_NO_ABILITIES)])
        return None if found is None else [(state, kind, "no-abilities") for state, kind in found]
    return _foe_words(text)


def _foe_words(text: str):
    """What a card across the battlefield must be, as a list of alternatives (state or None, kind
    words or None for any card): "a bowed Follower or Personality", "a dishonorable or Gaijin card"
    (dishonorable, or a Gaijin card), as well as what :func:`_opponent` reads. ("with lower Force"
    is not read: in "has +2F while opposing a card with lower Force" the card's own Force would
    depend on the very bonus being worked out.)"""
    plain = _opponent(text)
    if plain is not None:
        return [plain]
    t = _article(text.strip())
    state, _, rest = t.partition(" ")
    state = state.lower() if state.lower() in STATES and rest else None
    body = rest if state else t
    m = _TWO_TYPES.fullmatch(body)
    if m:
        return [(state, ("type", m.group(1).lower())), (state, ("type", m.group(2).lower()))]
    m = re.fullmatch(r"(\w+) or ([A-Z][A-Za-z\-]*) card", t)  # "dishonorable or Gaijin card"
    if m and m.group(1).lower() in STATES:
        return [(m.group(1).lower(), None), (None, ("keyword", m.group(2)))]
    return None


def _foe_fits(game, pos, c, alternatives) -> bool:
    return any((found is None or _matches(pos, c, found)) and (state is None or _state(game, pos, c, state))
               and (not extra or not has_abilities(game, pos, c))
               for state, found, *extra in alternatives)


#: "a Mantis Clan player"
_CLAN_PLAYER = re.compile(r"an? ([A-Z][a-z]+) Clan player")
_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
#: "another player is Lion Clan": some other player; "the Defender": the defending player
_OTHERS = {"another player", "any other player", "the defender", "the attacker"}


def _at_least(text: str):
    """"two or more Rings" -> (2, kind words); "two or more other Geisha Houses": others than this card
    (:func:`_other_count`)."""
    m = re.fullmatch(r"(one|two|three|four|five|\d+) or more (?:other )?(.+)", text.strip())
    found = _kind_words(m.group(2)) if m else None
    if found is None:
        return None
    if found[0] == "keyword" and re.search(r"[^s]s$", found[1]):
        found = ("keyword", found[1][:-1])  # "Geisha Houses": the Geisha House keyword
    return int(_COUNTS.get(m.group(1), m.group(1))), found


def _at_most(text: str):
    """"three or fewer Personalities" -> (3, kind words), or None."""
    m = re.fullmatch(r"(one|two|three|four|five|\d+) or (?:fewer|less) (.+)", text.strip())
    found = _kind_words(m.group(2)) if m else None
    if found is None or found[0] not in ("type", "keyword"):
        return None
    return int(_COUNTS.get(m.group(1), m.group(1))), found


def _counted(text: str):
    """"two Weapons" -> (2, the Weapon keyword): a number of attachments (plural keyword or type), or None."""
    m = re.fullmatch(r"(two|three|four|five) ([A-Z][A-Za-z\-]*s)", text.strip())
    if m is None:
        return None
    word = m.group(2)
    found = _kind_words(word)
    if found is not None and found[0] == "keyword":
        found = ("keyword", word[:-1])  # "Weapons": the Weapon keyword
    return (_COUNTS[m.group(1)], found) if found is not None and found[0] in ("type", "keyword") else None


#: "a Poison token", "any Fire tokens", "one or more Madness tokens", "two or fewer Respect tokens",
#: "no Training tokens": tokens of one kind on a card (tokens.KINDS; the copy's counter of that kind)
_TOKEN_WORDS = re.compile(r"(an?|any|one or more|no|(one|two|three|four|five) or (?:fewer|less|more)) "
                          r"([A-Z][a-z]+) tokens?")


def _token_words(text: str) -> tuple[str, str, int] | None:
    """"a Poison token" -> ("Poison", ">=", 1); "two or fewer Respect tokens" -> ("Respect", "<=", 2);
    "no Training tokens" -> ("Training", "=", 0); None for other words or a kind no card names."""
    from . import tokens

    m = _TOKEN_WORDS.fullmatch(text.strip())
    if m is None or tokens.kind_of(m.group(3)) is None:
        return None
    how, number = m.group(1), m.group(2)
    if number is not None:
        return m.group(3), ("<=" if re.search(r"fewer|less", how) else ">="), _COUNTS[number]
    return m.group(3), ("=" if how == "no" else ">="), (0 if how == "no" else 1)


#: a card named by its title: "Bayushi Fuyuko", "the Ring of the Void", "The Sorrow"
_TITLE = re.compile(r"(?:[Tt]he )?[A-Z][A-Za-z'\-]*(?: (?:of|the|[A-Z][A-Za-z'\-]*))*")


def _controlled(text: str):
    """What "you control X" asks for: ("favor",) for the Imperial Favor (L5R-FAVOR);
    ("count", n, kind words) for "two or more Rings"; ("kinds", (kind words, ...)) for "a
    Courtier or Magistrate", "any Siege Personalities"; ("title", names) for a card named by
    its title ("Bayushi Fuyuko", "the Ring of Earth"); None for words not read."""
    t = text.strip()
    if t.lower() == "the imperial favor":
        return ("favor",)
    counted = _at_least(t)
    if counted is not None:
        return ("count", *counted)
    if _at_most(t) is not None:  # "while you control three or fewer Personalities"
        return ("at-most", *_at_most(t))
    m = re.fullmatch(r"(?:a|an|any) (.+)", t)
    if m:
        parts = m.group(1).split(" or ")
        # "a Death Priest", "a Geisha House": a keyword of several words
        found = tuple(_kind_words(p) or (("keyword", p) if len(parts) == 1 and _TITLE.fullmatch(p) else None)
                      for p in parts)
        if None in found:
            return None
        # "a Courtier or Magistrate": alternatives of one sort only ("a Fire or Air Spell" is
        # a Spell either way, not read)
        if len(found) > 1 and not (len({f[0] for f in found}) == 1 and found[0][0] in ("keyword", "type")):
            return None
        return ("kinds", found)
    found = _kind_words(t)
    if found is not None and found[0] != "keyword":
        return ("kinds", (found,))  # "Crab Clan Personalities"
    if (" " in t) and _TITLE.fullmatch(t):
        names = {t.casefold()}
        if t.lower().startswith("the "):
            names.add(t[len("the "):].casefold())
        return ("title", frozenset(names))
    return None


def titled(copy, names) -> bool:
    """``copy`` bears one of these titles: its name, or its name without the experienced
    version's mark ("Akodo Kano - exp", "Yotsu Ueda (Experienced)")."""
    name = copy.name.casefold()
    bare = re.split(r" \(| - exp", name)[0].strip()
    return name in names or bare in names


def _where(text: str) -> str:
    """"Terrains in play at the current battlefield" (or "... there") -> "Terrains"."""
    text = text[: -len(_HERE)] if text.endswith(_HERE) else text
    text = text[: -len(" there")] if text.endswith(" there") else text
    return text[: -len(" in play")] if text.endswith(" in play") else text


def _controlled_here(text: str):
    """"any Cavalry units at the current battlefield" -> the kind words (at the battlefield being fought
    over), or None."""
    t = text.strip()
    if t.endswith(" at this battlefield"):  # "this battlefield": the current one (Comprehensive Rules, "This")
        t = t[: -len(" at this battlefield")] + _HERE
    m = re.match(r"(?:any|an?) (.+)$", t)
    if m is None or not t.endswith(_HERE):
        return None
    found = _what(m.group(1))
    return found[0] if found is not None and found[1] else None


def _what(text: str):
    """What "you control no X" counts: (kind words, at the current battlefield?)."""
    here = text.endswith(_HERE)
    words = _where(text)
    if words.lower() in ("units", "unit"):
        return ("unit", ""), here
    found = _kind_words(words)
    return (found, here) if found is not None else None


def evaluate(cond, *, game, pos, actor: str, source, subject_of: Callable[[str], object]) -> bool | None:
    """True/False when the engine can decide, None when it cannot."""
    from .duels import refusal_verdict

    if refusal_verdict(pos, cond) is not None:  # "He may refuse; if he does, ..." (duels.py)
        return refusal_verdict(pos, cond)
    if not readable(cond):
        ability = _ability_of(game, source, cond)
        if ability is None or not readable_in(ability, cond):
            return None
        optional = _optional_before(ability, cond) if len(cond.args) == 1 or \
            (cond.text or "").lower() == "he did not become dishonorable" else None
        if optional is not None:  # "if you did": that optional effect changed something (procedure)
            did = optional in pos.memo.get("_changed", ())
            return did if cond.kind == "effect-if:did" else not did
        answered = _otherwise_of(ability, cond)
        if answered is not None:  # "Otherwise, ...": the test before it does not hold
            verdict = evaluate(answered, game=game, pos=pos, actor=actor, source=source, subject_of=subject_of)
            return None if verdict is None else not verdict
        done = _after_this_destroys(ability, cond)
        if done is not None:  # "After this destroys a card, ...": what the attack destroyed (bowed)
            verb, words = done
            return _test("did", ("this", _VERBS[verb], words), game, pos, actor, source, subject_of)
        if _action_it_did(ability, cond):  # "After your action resolves, if it bowed any enemy cards"
            return _what_the_action_did(cond, game, pos, actor, source)
        if _it_the_attack(ability, cond):  # "...; if it destroyed a Follower": what the attack did so far
            return _test(cond.kind.partition(":")[2], ("this", *cond.args[2:]), game, pos, actor, source,
                         subject_of)
    head, test = _split(cond.kind)
    if not head and test in ("effect-optional", "even-if"):
        return True
    if test == "effect-choice":
        chosen = str(pos.memo.get("_choosing") or "").lower()
        picked = _PICKED.get(chosen)
        return None if picked is None else picked == int(cond.args[1].split()[1])
    args = cond.args[1:] if head else cond.args
    result = _test(test, tuple(args), game, pos, actor, source, subject_of)
    if result is None:
        return None
    return (not result) if head == "effect-unless" else result


#: the acting player's "choosing ..." naming one option of "Gain 2 Honor or draw a card" (in order)
_PICKED = {"first": 1, "1": 1, "one": 1, "second": 2, "2": 2, "two": 2, "third": 3, "3": 3, "three": 3,
           "fourth": 4, "4": 4, "four": 4, "fifth": 5, "5": 5, "five": 5}


def _subject(word, pos, source, subject_of):
    """The card a condition names: pronouns and "this card" via ``subject_of``; "this
    Shugenja" is the card itself or the Personality it is attached to; a name is the source
    when it is the source's name."""
    w = word.lower()
    if w in PRONOUNS or w in SELF or _named_kind(word) is not None:  # ("your Personality": readable_in)
        return subject_of(word)
    if source is None:
        return None
    if _THIS_KEYWORD.fullmatch(word):
        if source.card.type == "personality":
            return source
        bearer = pos.copies.get(source.attached_to) if source.attached_to is not None else None
        return bearer
    if _is_name(word) and word.casefold() in source.name.casefold().replace(",", " ").split():
        return source
    return None


def _matches(pos, copy, found) -> bool:
    kind, word = found
    if kind == "clan-type":
        return (pos.has_keyword(copy, word[0]) or pos.has_keyword(copy, f"{word[0]} Clan")) \
            and _matches(pos, copy, ("type", word[1]))
    if kind == "keyword-type":
        return pos.has_keyword(copy, word[0]) and _matches(pos, copy, ("type", word[1]))
    if kind == "keywords-type":
        return any(pos.has_keyword(copy, k) for k in word[0]) and _matches(pos, copy, ("type", word[1]))
    if kind == "keywords-keyword":  # "a Gaijin or Peasant Weapon"
        return any(pos.has_keyword(copy, k) for k in word[0]) and pos.has_keyword(copy, word[1])
    if kind == "described":  # "a Nonhuman, non-Shadowlands Follower"
        having, lacking, noun = word
        return all(pos.has_keyword(copy, k) for k in having) and not any(pos.has_keyword(copy, k) for k in lacking) \
            and _matches(pos, copy, ("type", noun))
    if kind == "type":
        if word == "unit":  # "Cavalry units": Personalities and Followers
            return copy.card.type in ("personality", "follower")
        return copy.card.type == word or (word == "attachment" and copy.attached_to is not None)
    if kind == "unit":
        return copy.card.type in ("personality", "follower")
    return _has_words(pos, copy, word)


def _has_words(pos, copy, words: str) -> bool:
    """A keyword of several words ("Death Priest"), or each word a keyword of its own ("a
    One-Handed Weapon": the keywords One-Handed and Weapon)."""
    if pos.has_keyword(copy, words):
        return True
    parts = words.split()
    return len(parts) > 1 and all(w[:1].isupper() for w in parts) and all(pos.has_keyword(copy, w) for w in parts)


def _opposed(pos, copy) -> bool:
    """A unit at a battlefield where another player also has units (L5R-RESOLVE)."""
    from .states import opposed

    return opposed(pos, copy)


def _state(game, pos, copy, state: str) -> bool:
    """A state word of a condition. "dishonorable": a Personality with the dishonored state, the
    counterpart of the engine's "honorable" (a Personality that is not dishonored, see
    docs/games/l5r.md); every other word is the game's own ``has_state``."""
    if state == "dishonorable":
        return copy.card.type == "personality" and "dishonored" in copy.flags
    return game.has_state(pos, copy, state)


def _unit_leaders(pos, field: str | None) -> list:
    """The cards heading the units at ``field``: Personalities and Followers attached to nothing."""
    if field is None:
        return []
    return [c for c in pos.all_copies() if c.zone == field and c.card.type in ("personality", "follower")
            and (c.attached_to is None or c.attached_to not in pos.copies)]


def _here():
    from .procedure import current_battlefield

    return current_battlefield


_NOT_MINE = object()


#: the kinds of ability the parser gives the blocks with a designator ("Battle:", "Open:",
#: "Reaction:" ...); traits are "trait" (triggered) or "continuous"
_ABILITY_KINDS = ("action", "reaction", "interrupt")


def has_abilities(game, pos, copy) -> bool:
    """Has the card an ability -- printed or given to it by an effect (L5R-DURATION)? Comprehensive
    Rules, "Abilities": the blocks of text starting with a designator; traits are not abilities."""
    from .effects_engine import granted, without_abilities

    if without_abilities(game, pos, copy):  # "Remove all abilities from the loser" (effects_engine)
        return False
    return any(a.kind in _ABILITY_KINDS or a.designators and a.kind not in ("trait", "continuous")
               for a in (*game.abilities(copy), *granted(pos, copy)))


def _player_test(test, args, game, pos, actor, source):
    """Tests about the acting player, his Sensei and the board (not about a named card);
    ``_NOT_MINE`` for other tests."""
    from .effects import in_play

    if test in ("is", "is-not") and len(args) == 2 and args[0].lower() == "your sensei":
        # "if your Sensei is Hikahime": the Sensei the player started with, "Hikahime Sensei"
        # (Comprehensive Rules, "Sensei": it starts in play); no Sensei is no Hikahime
        names = {args[1].strip().casefold(), f"{args[1].strip()} Sensei".casefold()}
        mine = any(c.card.type == "sensei" and c.controller == actor and titled(c, names) for c in pos.all_copies())
        return mine if test == "is" else not mine
    if test == "stat-value" and args[1] == "province-strength":
        from .effects_engine import province_strength

        field = _here()(pos) if pos.timing.phase == "attack" else None
        if field is None:
            return None  # no battle being fought: no current battlefield
        strength, _ = province_strength(game, pos, game.defender(pos), "province " + field.split()[1])
        return _OPS[args[2]](strength, int(args[3]))
    if test == "you-have" and args == ("a Clan Alignment",):
        return bool(str(pos.players[actor].attrs.get("clan", "")).strip())
    if test == "max-hand-size-at-least":
        from .effects_engine import hand_limit

        return hand_limit(game, pos, actor)[0] >= int(args[0])
    if test == "nobody-controls":
        names = {args[0].strip().casefold()}
        if args[0].lower().startswith("the "):
            names.add(args[0].strip()[len("the "):].casefold())
        return not any(titled(c, names) and in_play(pos, c) for c in pos.all_copies())
    return _NOT_MINE


def _test(test, args, game, pos, actor, source, subject_of):
    from .effects import in_play
    from . import duels

    if duels.tests(test, args):  # "if she won", "if the loser did not focus from his hand" (duels.py)
        return duels.test(test, args, pos, actor, lambda word: _subject(word, pos, source, subject_of))
    from . import history

    if history.reads(test, args):  # "if he has moved this turn" (history.py); "this unit": the card itself,
        # which moves with its unit (history.note_move)
        return history.test(test, args, pos=pos, actor=actor, subject=lambda word: _subject(
            "this card" if word.lower() == "this unit" else word, pos, source, subject_of))
    if history.reads_unperiod(test, args):  # "if he assigned there"
        return history.test_unperiod(test, args, pos=pos, subject=lambda word: _subject(word, pos, source,
                                                                                        subject_of))
    if test in ("is", "is-not") and len(args) == 2 and args[0].lower() == "this unit":
        if source is None or source.card.type not in ("personality", "follower") or source.zone == "announced":
            return None  # (only a card in a unit has "this unit")
        from .states import _leader

        leader = _leader(pos, source)
        cards = [leader, *(a for a in pos.attachments_of(leader.uid) if a.card.type == "follower")]
        keyword = _article(args[1]).strip()
        found = all(pos.has_keyword(c, keyword) for c in cards)
        return found if test == "is" else not found
    dead_test = _dead_words(test, args)
    if dead_test is not None:
        return _dead_test(pos, actor, *dead_test)
    if test == "first-turn":
        # "If it is your first turn": the acting player's first turn of the game. Turns go round the table
        # in seat order, one per player (L5R-TURN): seat i's first turn is turn i + 1
        seats = list(pos.seat_order)
        if actor not in seats or not isinstance(pos.timing.turn, int):
            return None
        return pos.timing.active == actor and pos.timing.turn == seats.index(actor) + 1

    if test in _FIRST_TURNS:
        # the active player's (or your) own turn count: turns go round the table in seat order, one per player
        # (L5R-TURN), so seat i's k-th turn is turn i + 1 + (k - 1) * (number of players)
        seats = list(pos.seat_order)
        whose = actor if test == "not-first-turns" else pos.timing.active
        if whose not in seats or not isinstance(pos.timing.turn, int):
            return None
        first = seats.index(whose) + 1
        if test == "not-first-turns" and pos.timing.active != actor:
            return True  # (not your turn at all: not your first one)
        if pos.timing.turn < first:
            return None  # (a turn number before the player's first: a position the count does not explain)
        among = (pos.timing.turn - first) // len(seats) + 1 <= int(args[0])
        return among if test == "active-player-first-turns" else not among
    if test == "you-have" and _designation(args):
        # Courtesy: unless you went first (the first player in seat order); Compassion: while you have
        # fewer provinces than every other player (the reminders the line states: _designations_stated)
        if args[0] == "Courtesy":
            return bool(pos.seat_order) and pos.seat_order[0] != actor
        mine = game.province_count(pos, actor)
        return all(mine < game.province_count(pos, p) for p in pos.players if p != actor)
    if test in ("any-of", "all-of", "none-of"):
        decode = _decoder()

        results = [_test(s.kind, s.args, game, pos, actor, source, subject_of) for s in decode(args)]
        if test in ("any-of", "none-of"):
            found = True if any(r is True for r in results) else (None if None in results else False)
            return found if test == "any-of" or found is None else not found
        return False if any(r is False for r in results) else (None if None in results else True)
    if test == "self-state":
        return _state(game, pos, source, args[0].lower())
    if test == "clan-player":
        return str(pos.players[actor].attrs.get("clan", "")).casefold() == args[0].casefold()
    if test == "not-clan-player":
        return str(pos.players[actor].attrs.get("clan", "")).casefold() != args[0].casefold()
    if test == "hand-size-at-most":
        return pos.zone_size(actor, "hand") <= int(args[0])
    if test == "hand-size-at-least":
        return pos.zone_size(actor, "hand") >= int(args[0])
    if test in ("your-turn", "not-your-turn"):
        return (pos.timing.active == actor) == (test == "your-turn")
    if test == "effect-during" and args[1:] == ("combat-segment",):
        # "during the Combat Segment (before battle resolution)": the combat step, which ends before
        # the battle resolves (battle.combat_ends)
        test = "phase-is"
    if test == "phase-is":
        # "If it is a Combat Segment": the combat step of an attack (L5R-COMBAT)
        return pos.timing.phase == "attack" and pos.timing.step == "combat"
    if test == "before-your-turn":
        # "before your second turn": fewer than N of your turns have begun. Turns go round the
        # table in seat order, one per player (L5R-TURN): seat i's k-th turn is turn k*n + i + 1
        seats, turn = list(pos.seat_order), pos.timing.turn
        if actor not in seats or not isinstance(turn, int):
            return None
        i, n = seats.index(actor), len(seats)
        begun = 0 if turn < i + 1 else (turn - i - 1) // n + 1
        return begun < int(args[0])
    if test in ("fewest-cards-in-hand", "most-cards-in-hand"):
        mine = pos.zone_size(actor, "hand")
        others = [pos.zone_size(p, "hand") for p in pos.players if p != actor]
        return all(mine < o for o in others) if test == "fewest-cards-in-hand" else all(mine > o for o in others)
    if test in ("has-at-most", "has-exactly") and _your_provinces(args):
        # "If you have exactly one Province": those not destroyed (game.province_count, L5R-RESOLVE)
        mine = game.province_count(pos, actor)
        return mine == int(args[1]) if test == "has-exactly" else mine <= int(args[1])
    if test == "fewest-provinces":
        mine = game.province_count(pos, actor)
        return all(mine < game.province_count(pos, p) for p in pos.players if p != actor)
    if test == "stat-rank":
        mine = pos.players[actor].attrs.get("family-honor", 0)
        others = [pos.players[p].attrs.get("family-honor", 0) for p in pos.players if p != actor]
        return {"highest": all(mine > o for o in others), "none-higher": all(mine >= o for o in others),
                "someone-higher": any(o > mine for o in others),
                "someone-lower": any(o < mine for o in others)}.get(args[2])
    if test == "you-are":
        attacker = pos.timing.phase == "attack" and actor == pos.timing.active
        return attacker if "attacker" in args[0].lower() else (pos.timing.phase == "attack" and not attacker)
    found = _player_test(test, args, game, pos, actor, source)
    if found is not _NOT_MINE:
        return found
    if test == "stat-value":
        whose, stat, op, value = args
        stat = _stat_name(stat)
        if whose.lower() in ("your", "the active player"):
            player = actor if whose.lower() == "your" else pos.timing.active
            have = pos.players[player].attrs.get("family-honor", 0)
        else:
            copy = subject_of("it")
            if copy is None:
                return None
            printed = stat.startswith(("base-", "printed-"))
            name = stat.split("-", 1)[1] if printed else stat
            have = copy.card.attrs.get(name) if printed else game.card_property(pos, copy, name)
        return _OPS[op](have, int(value)) if isinstance(have, int) else None
    if test == "control-none":
        found, here = _what(args[0])
        field = _here()(pos) if here else None
        if here and field is None:
            return None
        return not any(c.controller == actor and _matches(pos, c, found) and in_play(pos, c)
                       and (not here or c.zone == field) for c in pos.all_copies())
    if test in ("none-at-battlefield", "none-exists"):
        found = _kind_words(_where(args[0]))
        field = _here()(pos)
        if field is None:
            return None
        from .effects_battle import at_field  # (a Terrain there is in neither side: effects_battle)

        return not any(at_field(c, field) and _matches(pos, c, found) for c in pos.all_copies())
    if test == "at-battlefield" and args[0].lower() in ("any enemy units", "enemy units"):
        field = _here()(pos)
        return field is not None and any(c.zone == field and c.controller != actor for c in pos.all_copies())
    if test == "at-battlefield" and _ENEMY_UNITS_HERE.fullmatch(_enemy_state_first(args[0]) + _HERE) is not None:
        # "if any enemy attacking units are there": as "there are any attacking enemy units at the current
        # battlefield" (the exists test below)
        return _test("exists", (_enemy_state_first(args[0]) + _HERE,), game, pos, actor, source, subject_of)
    if test in ("control-at-least", "control-at-most"):
        found = _kind_words(args[1])
        n = sum(1 for c in pos.all_copies() if c.controller == actor and _matches(pos, c, found) and in_play(pos, c))
        return n >= int(args[0]) if test == "control-at-least" else n <= int(args[0])
    if test == "you-control" and _at_most(args[0]) is not None:  # "three or fewer Personalities" in play
        n, found = _at_most(args[0])
        return sum(1 for c in pos.all_copies() if c.controller == actor and _matches(pos, c, found)
                   and in_play(pos, c)) <= n
    if test == "you-control" and _at_least(args[0]) is not None:
        n, found = _at_least(args[0])
        other = " or more other " in args[0]  # ("two or more other Geisha Houses": not this card)
        return sum(1 for c in pos.all_copies() if c.controller == actor and _matches(pos, c, found)
                   and in_play(pos, c) and not (other and source is not None and c.uid == source.uid)) >= n
    if test == "is-clan" and args[0].lower() in _OTHERS:
        clan = lambda p: str(pos.players[p].attrs.get("clan", "")).casefold()  # noqa: E731
        if args[0].lower() in ("the defender", "the attacker"):
            if pos.timing.phase != "attack":
                return None
            who = pos.timing.active if args[0].lower() == "the attacker" else game.defender(pos)
            return clan(who) == args[1].casefold()
        return any(clan(p) == args[1].casefold() for p in pos.players if p != actor)
    if test in ("is", "is-not") and args[0].lower() in _OTHERS:
        # "the Attacker is a Mantis Clan player", "another player is a Crab Clan player"
        found = _test("is-clan", (args[0], _CLAN_PLAYER.fullmatch(args[1]).group(1)), game, pos, actor, source,
                      subject_of)
        return found if found is None or test == "is" else not found
    if test == "you-control" and not _subject_ok(args[0]) and _controlled(args[0]) is None \
            and _controlled_here(args[0]) is not None:
        # "If you control any Cavalry units at the current battlefield": yours there (none with no battle)
        found, field = _controlled_here(args[0]), _here()(pos)
        if found[0] == "keyword-type" and found[1][1] == "unit":
            # "a Cavalry unit": its Personality and all its Followers have the keyword (Comprehensive
            # Rules, "Unit": unit keywords)
            from .effects_engine import unit_cards

            return any(c.controller == actor and all(pos.has_keyword(u, found[1][0]) for u in unit_cards(pos, c))
                       for c in _unit_leaders(pos, field))
        return field is not None and any(c.controller == actor and c.zone == field and in_play(pos, c)
                                         and _matches(pos, c, found) for c in pos.all_copies())
    if test == "you-control" and not _subject_ok(args[0]):
        what = _controlled(args[0])
        if what is None:
            return None
        if what[0] == "favor":  # the Imperial Favor: held by one player at most (L5R-FAVOR)
            return "imperial-favor" in pos.players[actor].flags
        mine = [c for c in pos.all_copies() if c.controller == actor and in_play(pos, c)]
        if what[0] == "title":  # a card of that title in play under your control
            return any(titled(c, what[1]) for c in mine)
        return any(any(_matches(pos, c, f) for f in what[1]) for c in mine)
    if test in ("did", "did-not") and _entered_this_turn(args):
        # "If this Follower did not enter play this turn": every entering play this turn is recorded as it
        # is raised (triggers_events.raise_event, ORIGINS; cleared when the turn ends)
        from .triggers_events import ORIGINS

        copy = _subject(args[0], pos, source, subject_of)
        if copy is None:
            return None
        entered = str(copy.uid) in pos.memo.get(ORIGINS, {})
        return entered if test == "did" else not entered
    if test in ("did", "did-not") and len(args) == 3 and args[1:] == ("moved", "to defend"):
        # "move to defend": movement into a defending army (Comprehensive Rules, "Move"): moved by this ability
        # (procedure's "_done") to a battlefield, on the Defender's side (the player not attacking, L5R-ATTACK)
        copy = subject_of(args[0])
        if copy is None:
            return None
        hit = (copy.uid, "moved") in pos.memo.get("_done", ()) and copy.zone.startswith("battlefield") \
            and pos.timing.phase == "attack" and copy.controller != pos.timing.active
        return hit if test == "did" else not hit
    if test in _YOURS and len(args) == 1:
        # "the card": the action's one target (readable_in); yours if you control it -- or, out of play, own it
        copy = subject_of("the target" if args[0].lower() == "the card" else args[0])
        if copy is None or isinstance(copy, str):
            return None
        from .effects import in_play

        mine = (copy.controller if in_play(pos, copy) else copy.owner) == actor
        return mine if test == "is-yours" else not mine
    if test in ("did", "did-not") and args[0].lower() in ("this", "it") and args[1].lower() in _TARGETED:
        # the one card the action targeted (readable_in: _targeted_test), named last: "the target"
        copy = subject_of("the target")
        if copy is None or isinstance(copy, str):
            return None
        enemy, found, extra = _object(args[2])
        fits = (not enemy or copy.controller != actor) and (found is None or _matches(pos, copy, found)) \
            and _object_fits(game, pos, copy, extra, source)
        if fits is None:
            return None
        return bool(fits) if test == "did" else not fits
    if test in ("did", "did-not") and (args[0].lower() == "this" or _ATTACK_SUBJECT.fullmatch(args[0])):
        # what this ability's effects did so far (procedure's "_done"); an attack named as the
        # subject is read only where its effects are the only ones before (readable_in)
        verb = _verb(args[1])
        done = [pos.copies.get(uid) for uid, v in pos.memo.get("_done", ()) if v == verb]
        named = _pronoun_object(args[1], args[2]) if _object(args[2]) is None else None
        if named is not None:  # "this moved him", "this did not move him home"
            copy = subject_of(named[0])
            if copy is None:
                return None
            hit = any(c is not None and c.uid == copy.uid for c in done) and (not named[1] or copy.zone == "home")
            return hit if test == "did" else not hit
        enemy, found, extra = _object(args[2])
        fits = [c is not None and (not enemy or c.controller != actor) and (found is None or _matches(pos, c, found))
                and _object_fits(game, pos, c, extra, source) for c in done]
        if None in fits and True not in fits:
            return None
        hit = True in fits
        return hit if test == "did" else not hit
    if test == "count-compare" and args[1] == "units":
        # "If your army has fewer units than the enemy army": units are the Personalities (and lone
        # Followers) heading a unit at the current battlefield, counted per side (L5R-RESOLVE); with
        # no battle being fought neither side has units
        field = _here()(pos)
        mine = sum(1 for c in _unit_leaders(pos, field) if c.controller == actor)
        theirs = sum(1 for c in _unit_leaders(pos, field) if c.controller != actor)
        return _OPS[args[2]](mine, theirs)
    if test == "exists":
        # "there are any enemy units at the current battlefield": another player's Personalities
        # or Followers there (units: L5R-RESOLVE); none while no battle is being resolved
        field = _here()(pos)
        if field is None:
            return False
        state = _ENEMY_UNITS_HERE.fullmatch(args[0].replace(" at this battlefield", _HERE)).group(1)
        return any(c.zone == field and c.controller != actor and c.card.type in ("personality", "follower")
                   and (state is None or game.has_state(pos, c, state)) for c in pos.all_copies())
    if test == "controls" and args[0].lower() in ("another player", "any other player"):
        # "while another player controls a dishonorable Personality": a card in play of a
        # player other than the acting one
        state, found = _opponent(args[1])
        return any(c.controller != actor and in_play(pos, c) and _matches(pos, c, found)
                   and (state is None or _state(game, pos, c, state)) for c in pos.all_copies())
    if test == "controls":
        # "while a Lion Clan player controls him"
        copy = _subject(args[1], pos, source, subject_of)
        clan = args[0].split()[1]
        return None if copy is None else \
            str(pos.players[copy.controller].attrs.get("clan", "")).casefold() == clan.casefold()
    if test == "in-play" and not _subject_ok(args[0]):  # "if Shiba Iaimiko is in play": any card of that title
        names = {args[0].casefold()}
        return any(titled(c, names) and in_play(pos, c) for c in pos.all_copies())
    if test in ("opposing", "in-army-with") and args[0] == "this":  # "while opposing ...": the card itself
        copy = source
    else:
        copy = _subject(args[0], pos, source, subject_of)
    if copy is None:
        return None
    if test == "opposing":
        # "he opposes X": X is a unit of another player at his battlefield (the armies facing
        # each other there, L5R-RESOLVE)
        foe = _foe(args[1])
        return copy.zone.startswith("battlefield") and any(
            c.zone == copy.zone and c.controller != copy.controller and c.card.type in ("personality", "follower")
            and _foe_fits(game, pos, c, foe) for c in pos.all_copies())
    if test == "in-army-with":
        # "while in an army with any Ronin": another unit of his controller at his battlefield
        # (an army is the units a player has at a battlefield, L5R-RESOLVE; none at home)
        state, found = _opponent(args[1])
        return copy.zone.startswith("battlefield") and any(
            c.uid != copy.uid and c.zone == copy.zone and c.controller == copy.controller
            and c.card.type in ("personality", "follower") and _matches(pos, c, found)
            and (state is None or _state(game, pos, c, state)) for c in pos.all_copies())
    if test == "you-control":
        return copy.controller == actor
    if test in ("is", "is-not") and args[1].lower() == "unaligned":
        from .states import clan_aligned

        unaligned = copy.card.type == "personality" and not clan_aligned(pos, copy)
        return unaligned if test == "is" else not unaligned
    if test == "has-no-abilities":
        return not has_abilities(game, pos, copy)
    if test == "has-printed-keyword":  # the card's own printed keywords, not those it gained
        return args[1].casefold() in {k.casefold() for k in copy.card.keywords}
    if test == "count-compare" and args[1] == "attachments":
        if source is None or source.zone == "announced":
            return None  # a card played from the hand: no card of its own to compare with
        from .states import _leader

        mine = len(pos.attachments_of(_leader(pos, source).uid))
        return _OPS[args[2]](len(pos.attachments_of(copy.uid)), mine)
    if test == "in-play":
        return in_play(pos, copy)
    if test in ("has-no", "has-at-most", "has-exactly"):
        found = _kind_words(args[-1])
        n = sum(1 for a in pos.attachments_of(copy.uid) if _matches(pos, a, found))
        if test == "has-no":  # (no number among its args: "has no attachments")
            return n == 0
        return n <= int(args[1]) if test == "has-at-most" else n == int(args[1])
    if test == "attached-to":
        bearer = pos.copies.get(copy.attached_to) if copy.attached_to is not None else None
        return bearer is not None and _matches(pos, bearer, _kind_words(args[1]))
    if test == "stat-compare":
        if source is None or source.card.type != "personality":
            return None
        mine, theirs = game.card_property(pos, copy, args[1]), game.card_property(pos, source, args[1])
        if not (isinstance(mine, int) and isinstance(theirs, int)):
            return None
        return _OPS[args[2]](mine, theirs)
    if test == "moved":
        # moved by an effect of the ability being resolved (procedure.resolve_effects)
        return (copy.uid, "moved") in pos.memo.get("_done", ())
    if test == "at-battlefield":
        field = _here()(pos)
        return field is not None and copy.zone == field
    if test == "at-home":  # "If Irezu is at home" (L5R-LOCATION)
        return copy.zone == "home"
    if test in ("would-be", "would-be-there"):  # "there": the current battlefield it moves to
        # "If he would be opposed" (moving him to the current battlefield): another player
        # has units there
        field = _here()(pos)
        return field is not None and any(c.zone == field and c.controller != copy.controller
                                         for c in pos.all_copies())
    if test == "has" and _token_words(args[1]) is not None:
        from . import tokens

        kind, op, n = _token_words(args[1])
        return _OPS[op](tokens.count(copy, kind), n)
    if test == "has" and _counted(args[1]) is not None:
        n, found = _counted(args[1])
        return sum(1 for a in pos.attachments_of(copy.uid) if _matches(pos, a, found)) >= n
    if test == "has":
        found = _kind_words(args[1])
        return any(_matches(pos, a, found) for a in pos.attachments_of(copy.uid))
    if test in ("stat-at-most", "stat-at-least"):
        stat = _stat_name(args[2])
        printed = stat.startswith(("base-", "printed-"))
        have = copy.card.attrs.get(stat.split("-", 1)[1]) if printed else game.card_property(pos, copy, stat)
        if not isinstance(have, int):
            return None
        return have <= int(args[1]) if test == "stat-at-most" else have >= int(args[1])
    if test == "is-not":  # "if it is not Cavalry": the same test, the other answer
        found = _test("is", args, game, pos, actor, source, subject_of)
        return None if found is None else not found
    if test == "in-province":
        # "he is in a Province", "this card is in your Provinces": where the card lies
        return copy.zone.startswith("province ") and (args[1] == "any" or copy.zone_owner == actor)
    if test == "is":
        pred = _article(args[1]).strip()
        low = pred.lower()
        if " or " in pred:
            return any(pos.has_keyword(copy, k) for k in pred.split(" or "))
        if low in ("opposed", "unopposed"):
            return _opposed(pos, copy) == (low == "opposed")
        if pred == _FALLEN:  # "if he is Fudo or Fallen": the Fallen keyword (states._WORD_STATES)
            return pos.has_keyword(copy, "Fallen")
        if low in STATES:
            return _state(game, pos, copy, low)
        if low in TYPES:
            return copy.card.type == low or (low == "attachment" and copy.attached_to is not None)
        found = _kind_words(pred) if " " in pred else None
        if found is not None and found[0] in ("keyword-type", "clan-type"):
            return _matches(pos, copy, found)  # "an Infantry Follower": a keyword and a card type
        return _has_words(pos, copy, pred)
    if test == "is-clan":
        return pos.has_keyword(copy, args[1]) or pos.has_keyword(copy, f"{args[1]} Clan")
    if test == "is-any-keyword":
        return any(pos.has_keyword(copy, k) for k in args[1:])
    return None
