"""What has happened this turn: the record behind "if he has moved this turn", "if one of your
Magistrates has been destroyed this battle", "if the Personality did not assign to attack this turn".

Only what the engine itself does is recorded, each entry from a real change as it is made:

- every card event the engine raises (``triggers_events.raise_event``: bowed, straightened,
  dishonored, destroyed, enters-play, equipped, attached, assigned, assigned-to-attack, ...);
- every movement of a unit by an effect (``effects.move_with_attachments``: the card and what is
  attached to it change location together -- Comprehensive Rules, "Move"; assigning to a battlefield
  and returning home after a battle are not movement and are not recorded as such);
- every action that resolves (``triggers_events.raise_action``: who took it, from which card).

Each entry keeps the phase it happened in, the battlefield whose battle was being fought (if any) and
the player whose action was resolving (if any). The record lives in ``position.memo`` under a key
the turn clears (turn._next_turn clears every key but "game:" ones), so it holds the current turn.

A period is answered only when the engine saw it from its start: a position declared in the middle
of a turn says nothing about what happened earlier in that turn, so "this turn" (and "this battle",
"this phase", which lie inside it) is then left undecided (``None``), never guessed. The turn is seen
from its start when the engine itself began it (``turn_begins``, called by delayed.turn_begins).

This module imports nothing at load time: triggers_events and effects call into it.
"""

from __future__ import annotations

import re

#: memo keys (cleared with the turn)
KEY = "history"
SEEN = "history-turn-seen"

#: the periods a test may name, all inside the current turn ("References to 'this turn' or 'the turn'
#: refer to the current turn": Comprehensive Rules, "This")
PERIODS = ("this-turn", "this-battle", "this-phase")


def turn_begins(pos) -> None:
    """The engine has begun a turn (delayed.turn_begins, right after turn._next_turn): from now on the
    record holds everything of this turn."""
    pos.memo[SEEN] = pos.timing.turn
    pos.memo[KEY] = []  # (turn._next_turn has cleared the last turn's record already; a new turn starts empty)


def seen(pos) -> bool:
    """Has the engine seen the current turn from its start?"""
    return pos.memo.get(SEEN) == pos.timing.turn


def _battle(pos):
    """The battlefield whose battle is being fought now (set by turn.begin_battle), else None."""
    return pos.memo.get("current-battlefield") if pos.timing.phase == "attack" else None


def note(pos, verb: str, copy, **extra) -> None:
    """Record a card event (``copy`` may be None for events about no card)."""
    if copy is not None and not hasattr(copy, "card"):
        return  # (a bare stand-in with a uid only, as unit tests raise events with: no card to record)
    dead_state(copy, verb)
    # (a destroyed card's keywords as it is destroyed: it leaves play, and what it gained, with it)
    entry = {"verb": verb, "uid": copy.uid if copy is not None else 0,
             "controller": copy.controller if copy is not None else None,
             "keywords": list(pos.keywords(copy)) if copy is not None and verb == "destroyed" else [],
             "phase": pos.timing.phase, "battle": _battle(pos), "by": pos.memo.get("_actor"),
             "zone": copy.zone if copy is not None else None}
    if verb == "assigned-to-attack":  # the Defender: the player after the active one (game.defender, L5R-ATTACK)
        entry["defender"] = pos.next_player(pos.timing.active)
    entry.update(extra)
    pos.memo.setdefault(KEY, []).append(entry)


#: copy flag of a Personality in the dead state (a scenario may declare it on a card in a discard pile)
DEAD = "dead"


def dead_state(copy, verb: str) -> None:
    """Comprehensive Rules, "Dead": a Personality who is destroyed is in the dead state while he remains
    in the discard pile; other cards there (and Personalities discarded, not destroyed) are merely
    discarded. The destruction marks him (his discard pile is read with the mark: :func:`dead`); he is
    no longer dead once he comes back into play (or leaves the pile otherwise: effects.leave_play)."""
    if copy is None:
        return
    if verb == "destroyed" and copy.card.type == "personality":
        copy.flags.add(DEAD)
    elif verb == "enters-play":
        copy.flags.discard(DEAD)


def dead(copy) -> bool:
    """A dead Personality: marked dead and still in a (Dynasty) discard pile."""
    return DEAD in copy.flags and copy.card.type == "personality" and copy.zone.endswith("discard")


def note_move(pos, copy, zone: str) -> None:
    """A unit moves (effects.move_with_attachments, called before the move): the card and each card
    attached to it change location together."""
    note(pos, "moved", copy, origin=copy.zone, to=zone)
    for att in pos.attachments_of(copy.uid):
        note(pos, "moved", att, origin=att.zone, to=zone)


def note_token(pos, copy, name: str | None, count: int) -> None:
    """Tokens given to a card (effects.apply_to_card): by the player whose ability is resolving."""
    note(pos, "token-given", copy, token=name or "", count=count)


def note_action(pos, info: dict) -> None:
    """An action has resolved (triggers_events.raise_action): who took it, from which card."""
    source = pos.copies.get(info.get("source") or 0)
    pos.memo.setdefault(KEY, []).append({
        "verb": "action-resolves", "uid": source.uid if source is not None else 0,
        "controller": None, "keywords": list(pos.keywords(source)) if source is not None else [],
        "name": source.name if source is not None else None,
        "type": source.card.type if source is not None else None,
        # the Personality a Spell is attached to as its action is taken "casts" it (Comprehensive Rules, "Cast")
        "bearer": source.attached_to if source is not None else None,
        # what its effects did to cards ([uid, verb] pairs; None: the engine cannot tell)
        "did": [list(d) for d in info["did"]] if info.get("did") is not None else None,
        "phase": pos.timing.phase, "battle": _battle(pos), "by": info.get("by"),
        "kinds": list(info.get("kinds") or [])})


def last_action(pos) -> dict | None:
    """The action that resolved last this turn (a trait "After your action resolves" resolves right after
    it), or None."""
    return next((e for e in reversed(pos.memo.get(KEY, [])) if e["verb"] == "action-resolves"), None)


def entries(pos, period: str) -> list[dict] | None:
    """The record of ``period`` ("this-turn", "this-battle", "this-phase"), or None when the engine did
    not see it from its start. "This battle" outside a battle is no period at all: None."""
    if not seen(pos):
        return None
    found = list(pos.memo.get(KEY, ()))
    if period == "this-turn":
        return found
    if period == "this-phase":
        return [e for e in found if e["phase"] == pos.timing.phase]
    if period == "this-battle":
        field = _battle(pos)
        return None if field is None else [e for e in found if e["battle"] == field]
    return None


# ---- the tests conditions.py hands over ----------------------------------------------------

#: "moved to a battlefield" (the grammar keeps the destination's words)
_TO_FIELD = ("a battlefield", "to a battlefield")


def _period(args) -> str | None:
    return args[-1] if args and args[-1] in PERIODS else None


def _card_word(word: str) -> bool:
    from .conditions import _subject_ok

    return word.lower() == "this unit" or _subject_ok(word)


def reads(test: str, args: tuple) -> bool | None:
    """Is this a test over a period that the record answers? None when it is not about history
    at all (conditions.py goes on with its own readers)."""
    period = _period(args)
    if period is None:
        return None
    if test == "moved" and len(args) == 2:  # "if this unit moved this turn", "if Nozomi moved this battle"
        return _card_word(args[0])
    if test in ("did", "did-not") and len(args) == 4 and args[1] == "moved":
        # "this Personality has moved this turn", "Kyuji has not moved to a battlefield this turn"
        return _card_word(args[0]) and args[2] in ("", *_TO_FIELD)
    if test in ("did", "did-not") and len(args) == 4 and args[:2] == ("you", "equipped"):
        from .conditions import _self_word  # "if you Equipped this Item during this battle"

        return _self_word(args[2])
    if test == "was" and len(args) == 3 and args[1] == "destroyed":
        return _one_of_yours(args[0]) is not None  # "if one of your Magistrates has been destroyed this battle"
    if test in ("did", "did-not") and len(args) == 5 and args[:2] == ("you", "moved"):
        # "if you have moved your Cavalry Personality to Aikenro's battlefield this turn"
        return _your_kind(args[2]) is not None and _to_own_field(args[3]) is not None
    if test in ("did", "did-not") and len(args) == 4 and args[:2] == ("your card", "bowed"):
        return _card_word(args[2])  # "if your card bowed this Personality this battle"
    if test in ("did", "did-not") and len(args) == 4 and args[:2] == ("you", "attached"):
        return args[2] == "a card from your hand"  # "if you have attached a card from your hand this turn"
    if test in ("did", "did-not") and len(args) == 4 and args[1] == "cast":
        return _card_word(args[0]) and _a_spell(args[2]) is not None  # "if Masamitsu has cast an Air Spell"
    if test in ("did", "did-not") and len(args) == 4 and args[:2] == ("you", "given"):
        return _tokens(args[2]) is not None  # "if you have not given any Madness tokens this turn"
    if test in ("did", "did-not") and len(args) == 4 and args[:2] == ("you", "played"):
        return _another_titled(args[2]) is not None  # "if you have not played another Flashy Technique this turn"
    if test in ("did", "did-not") and len(args) == 4 and args[1:3] == ("entered", "play") \
            and _another_of_yours(args[0]) is not None:
        return True  # "if another of your Dojos entered play this turn"
    if test in ("did", "did-not") and len(args) == 4 and args[0] == "you" and args[1] in _TOOK:
        return _action_words(args[2]) is not None  # "if you took a Kharmic action this turn", "an action from a
        # Political Strategy"
    return False


def reads_unperiod(test: str, args: tuple) -> bool:
    """Tests about the current attack with no period of their own: "if he assigned there" (to the current
    battlefield, in this turn's attack -- every battlefield has one battle per attack, L5R-ATTACK)."""
    return test == "assigned" and len(args) == 2 and args[1] == "there" and _card_word(args[0])


def test_unperiod(test: str, args: tuple, *, pos, subject) -> bool | None:
    record = entries(pos, "this-turn")
    field = _battle(pos)
    copy = subject(args[0])
    if field is None:
        return False  # no battle being fought: no "there" he could have been assigned to
    if record is None or copy is None:
        return None
    return any(e["verb"] == "assigned" and e["uid"] == copy.uid and e["zone"] == field for e in record)


def reads_in_delayed(test: str, args: tuple) -> bool:
    """Tests a delayed effect asks when its moment comes: "if the Personality did not assign to attack
    this turn" (the card it was bound to)."""
    if test == "not-assigned" and len(args) in (2, 3) and args[1] == "to-attack":
        return len(args) == 2 or args[2] == "this-turn"
    if test == "did-not-attack" and len(args) == 3 and args[1:] == ("you", "this-turn"):
        return True  # "if the target did not attack you this turn"
    if test == "none-was" and args == ("your provinces", "destroyed", "this-turn"):
        return True  # "if none of your provinces were destroyed this turn"
    if test == "not-was" and args == ("that battlefield's province", "destroyed"):
        return True  # "Before this turn ends, gain 3 Honor if that battlefield's province has not been destroyed"
    return False


#: "another of your Dojos", "another of your Holdings": a card of the player's other than this one
_ANOTHER_OF_YOURS = re.compile(r"another of your ([A-Z][A-Za-z\-]*)")


def _another_of_yours(words: str):
    """"another of your Dojos" -> the kind words of one such card (the Dojo keyword), or None."""
    from .conditions import _kind_words

    m = _ANOTHER_OF_YOURS.fullmatch(words.strip())
    found = _kind_words(m.group(1)) if m else None
    if found is not None and found[0] == "keyword" and found[1].endswith("s"):
        found = ("keyword", found[1][:-1])  # "Dojos": the Dojo keyword
    return found if found is not None and found[0] in ("type", "keyword") else None


#: "you have resolved / taken / took an action ...": an action of the player's that resolved (note_action)
_TOOK = ("resolved", "taken", "took")
#: "an action", "a Kharmic action", "an action from a Political Strategy", "an action from a Spell"
_ACTION = re.compile(r"(?:an action|an? ([A-Z][a-z]+) action)(?: from an? (?:([A-Z][a-z]+) )?(Strategy|Spell|Holding|"
                     r"Item|Follower|Personality|Stronghold))?")
#: the card types of the engine a source word names (a Strategy is an Action card: carddb)
_SOURCE_TYPES = {"Strategy": "action", "Spell": "spell", "Holding": "holding", "Item": "item", "Follower": "follower",
                 "Personality": "personality", "Stronghold": "stronghold"}


#: the words "a X action" may name: designators of the card pool's abilities ("a Political action", "a Recon
#: action") and of the rulebook's Kharmic action ("a Kharmic action"); other words ("an Honor action") are not
#: read
_ACTION_KINDS = frozenset({"Battle", "Open", "Limited", "Political", "Interrupt", "Engage", "Dynasty", "Iaijutsu",
                           "Tireless", "Ninja", "Absent", "Home", "Favor", "Maho", "Kiho", "Economic", "Recon", "Jade",
                           "Siege", "Tactical", "Virtue", "Kolat", "Kharmic", "Air", "Earth", "Fire", "Water", "Void",
                           "Thunder"})


def _action_words(words: str) -> tuple[str, str, str] | None:
    """"a Kharmic action" -> ("Kharmic", "", ""); "an action from a Political Strategy" -> ("", "Political",
    "action"); "an action" -> ("", "", ""); None for other words ("an action that targeted ...")."""
    m = _ACTION.fullmatch(words.strip())
    if m is None or any(w and w not in _ACTION_KINDS for w in (m.group(1), m.group(2))):
        return None
    return m.group(1) or "", m.group(2) or "", _SOURCE_TYPES.get(m.group(3) or "", "")


def _action_fits(entry: dict, found: tuple[str, str, str]) -> bool:
    """Does a resolved action fit "a Kharmic action" / "an action from a Political Strategy"? A word before
    "action" or before the card's type is one of the action's designators ("Political Battle:"; the
    rulebook's "Kharmic Repeatable Limited" action, Comprehensive Rules "Kharmic"), as the record kept them
    when it resolved -- not a keyword of its card (a Strategy with the Kharmic keyword does not make its
    actions Kharmic ones)."""
    word, card_word, card_type = found
    if card_type and entry.get("type") != card_type:
        return False
    words = {k.casefold() for k in entry.get("kinds") or ()}
    return all(not w or w.casefold() in words for w in (word, card_word))


#: "one of your Magistrates", "one of your Personalities"
_ONE_OF_YOURS = re.compile(r"one of your ([A-Z][A-Za-z\-]*)")


def _one_of_yours(words: str):
    from .conditions import _kind_words

    m = _ONE_OF_YOURS.fullmatch(words.strip())
    if m is None:
        return None
    found = _kind_words(m.group(1))
    if found is not None and found[0] == "keyword" and found[1].endswith("s"):
        found = ("keyword", found[1][:-1])  # "one of your Magistrates": the Magistrate keyword
    return found if found is not None and found[0] in ("type", "keyword") else None


#: "another Flashy Technique": a card of that title other than this one
_ANOTHER = re.compile(r"another ((?:[A-Z][A-Za-z'\-]*)(?: (?:of|the|[A-Z][A-Za-z'\-]*))*)")


def _another_titled(words: str) -> str | None:
    m = _ANOTHER.fullmatch(words.strip())
    return m.group(1) if m else None


#: "a Spell", "an Air Spell": the keyword a cast Spell must have (None: any)
_SPELL = re.compile(r"an? (?:([A-Z][A-Za-z\-]*) )?Spell")


def _a_spell(words: str):
    m = _SPELL.fullmatch(words.strip())
    return None if m is None else (m.group(1) or "",)


#: "your Cavalry Personality"; "to:Aikenro's battlefield"; "any Madness tokens", "a Poison token"
_YOUR = re.compile(r"your (.+)")
_OWN_FIELD = re.compile(r"to:([A-Z][A-Za-z\-]*)'s battlefield")
_TOKENS = re.compile(r"(?:any|an?) ([A-Z][A-Za-z\-]*) tokens?")


def _your_kind(words: str):
    """"your Cavalry Personality" -> the kind words of one of your cards, or None."""
    from .conditions import _kind_words

    m = _YOUR.fullmatch(words.strip())
    found = _kind_words(m.group(1)) if m else None
    return found if found is not None and found[0] in ("type", "keyword", "keyword-type") else None


def _to_own_field(words: str) -> str | None:
    """"to:Aikenro's battlefield" -> "Aikenro" (the card's own battlefield), or None."""
    m = _OWN_FIELD.fullmatch(words.strip())
    return m.group(1) if m else None


def _tokens(words: str) -> str | None:
    """"any Madness tokens", "a Poison token" -> "Madness" / "Poison"."""
    m = _TOKENS.fullmatch(words.strip())
    return m.group(1) if m else None


def _fits(pos, entry: dict, found) -> bool:
    """Did the card of ``entry`` fit these kind words when the entry was made (its keywords then; its
    type is printed)?"""
    copy = pos.copies.get(entry["uid"])
    if copy is None:
        return False
    kind, word = found
    if kind == "type":
        return copy.card.type == word or (word == "unit" and copy.card.type in ("personality", "follower"))
    return any(k.casefold() == word.casefold() for k in entry["keywords"])


def test(test: str, args: tuple, *, pos, actor: str, subject) -> bool | None:
    """Answer a test :func:`reads` accepts; None when the record cannot tell (a period not seen from its
    start) or the card named is not found. ``subject(word)`` is the card a word names."""
    record = entries(pos, _period(args))
    if record is None:
        return None
    if test == "moved" or (test in ("did", "did-not") and args[1] == "moved" and len(args) == 4):
        copy = subject(args[0])
        if copy is None:
            return None
        to_field = len(args) == 4 and args[2] in _TO_FIELD
        hit = any(e["verb"] == "moved" and e["uid"] == copy.uid and (not to_field or e["to"].startswith("battlefield"))
                  for e in record)
        return (not hit) if test == "did-not" else hit
    if test in ("did", "did-not") and args[1] == "equipped":
        copy = subject(args[2])
        if copy is None:
            return None
        hit = any(e["verb"] == "equipped" and e["uid"] == copy.uid and e["by"] == actor for e in record)
        return (not hit) if test == "did-not" else hit
    if test == "was":
        found = _one_of_yours(args[0])
        return any(e["verb"] == "destroyed" and e["controller"] == actor and _fits(pos, e, found) for e in record)
    if test in ("did", "did-not") and len(args) == 5 and args[:2] == ("you", "moved"):
        # moved by an ability of yours to where the card named stands now (this card: its own name)
        from .conditions import _matches

        here = subject(_to_own_field(args[3]))
        if here is None:
            return None
        found = _your_kind(args[2])
        hit = any(e["verb"] == "moved" and e["by"] == actor and e["to"] == here.zone
                  and (c := pos.copies.get(e["uid"])) is not None and c.controller == actor and _matches(pos, c, found)
                  for e in record)
        return (not hit) if test == "did-not" else hit
    if test in ("did", "did-not") and args[:2] == ("your card", "bowed"):
        # bowed while an ability of a card of yours was resolving (the acting player: procedure's "_actor",
        # a triggered trait's controller): its cost or its effects
        copy = subject(args[2])
        if copy is None:
            return None
        hit = any(e["verb"] == "bowed" and e["uid"] == copy.uid and e["by"] == actor for e in record)
        return (not hit) if test == "did-not" else hit
    if test in ("did", "did-not") and args[:2] == ("you", "attached"):
        # an attachment of yours entered play from your hand (Equip, or an effect attaching it): its origin
        # is told as it enters play (triggers_events.ORIGINS)
        from .triggers_events import ORIGINS

        origins = pos.memo.get(ORIGINS, {})
        hit = any(e["verb"] == "attached" and (e["by"] or e["controller"]) == actor
                  and origins.get(str(e["uid"])) == "hand" for e in record)
        return (not hit) if test == "did-not" else hit
    if test in ("did", "did-not") and args[1] == "cast":
        # an action taken from a Spell while attached to him (Comprehensive Rules, "Cast"), with the keyword
        copy, (keyword,) = subject(args[0]), _a_spell(args[2])
        if copy is None:
            return None
        hit = any(e["verb"] == "action-resolves" and e["type"] == "spell" and e["bearer"] == copy.uid
                  and (not keyword or any(k.casefold() == keyword.casefold() for k in e["keywords"]))
                  for e in record)
        if not hit and any(e["verb"] == "action-resolves" and e["type"] == "spell" and e["bearer"] is None
                           for e in record):
            return None  # (a Spell no longer attached when its action resolved: its caster is not known)
        return (not hit) if test == "did-not" else hit
    if test in ("did", "did-not") and args[:2] == ("you", "given"):
        name = _tokens(args[2]).casefold()
        hit = any(e["verb"] == "token-given" and e["by"] == actor and e["token"].casefold() == name for e in record)
        return (not hit) if test == "did-not" else hit
    if test in ("did", "did-not") and args[1:3] == ("entered", "play") and _another_of_yours(args[0]) is not None:
        # a card of the kind that entered play this turn under the player's control, other than this card (its
        # keywords as it is now: a card's printed keywords name its kind)
        from .conditions import _matches

        found, this = _another_of_yours(args[0]), subject("this card")
        hit = any(e["verb"] == "enters-play" and e["controller"] == actor and (this is None or e["uid"] != this.uid)
                  and (c := pos.copies.get(e["uid"])) is not None and _matches(pos, c, found) for e in record)
        return (not hit) if test == "did-not" else hit
    if test in ("did", "did-not") and args[0] == "you" and args[1] in _TOOK:
        # the player's own actions that resolved in the period (the game's own ones too: Equip, Lobby ...)
        found = _action_words(args[2])
        hit = any(e["verb"] == "action-resolves" and e["by"] == actor and _action_fits(e, found) for e in record)
        return (not hit) if test == "did-not" else hit
    if test in ("did", "did-not") and args[1] == "played":
        title = _another_titled(args[2]).casefold()
        this = subject("this card")
        hit = any(e["verb"] == "action-resolves" and e["by"] == actor and (e["name"] or "").casefold() == title
                  and (this is None or e["uid"] != this.uid) for e in record)
        return (not hit) if test == "did-not" else hit
    return None


def province_destroyed(pos, field: str | None) -> bool | None:
    """Has the province of ``field`` ("battlefield N": the Defender's province N, L5R-ATTACK) been destroyed
    this turn? The engine destroys provinces only at a battle's resolution (battle._destroy_province, which
    lists them for the turn)."""
    if not field or not field.startswith("battlefield "):
        return None
    defender = pos.next_player(pos.timing.active)
    return "province " + field.split()[1] in pos.memo.get("destroyed-provinces", {}).get(defender, [])


def test_delayed(test: str, args: tuple, *, pos, copy, against: str | None = None,
                 field: str | None = None) -> bool | None:
    """"the Personality did not assign to attack this turn": no assigned-to-attack event of ``copy``
    in the turn's record (``against``: "to attack your provinces", an attack on that player)."""
    if test == "none-was":  # the effect's controller's provinces, this turn (seen from its start)
        if not seen(pos) or against is None:
            return None
        return not pos.memo.get("destroyed-provinces", {}).get(against, [])
    if test == "not-was":  # the battlefield the action was taken at (the delayed effect's entry)
        gone = province_destroyed(pos, field)
        return None if gone is None else not gone
    record = entries(pos, "this-turn")
    if record is None or copy is None:
        return None
    if test == "not-assigned":
        return not any(e["verb"] == "assigned-to-attack" and e["uid"] == copy.uid
                       and (against is None or e.get("defender") == against) for e in record)
    if test == "did-not-attack":
        # he attacked you if he entered an army attacking you: assigned to attack, or moved to a battlefield
        # during his controller's attack (effects move a unit into its controller's side: Comprehensive
        # Rules, "Move") -- the attack on the Defender, the player after the active one (game.defender)
        defender = pos.next_player(pos.timing.active)
        if against != defender:
            return not any(e["verb"] == "assigned-to-attack" and e["uid"] == copy.uid
                           and e.get("defender") == against for e in record)
        return not any(e["uid"] == copy.uid and (e["verb"] == "assigned-to-attack" or (
            e["verb"] == "moved" and e["phase"] == "attack" and str(e.get("to", "")).startswith("battlefield")
            and e["controller"] == pos.timing.active)) for e in record)
    return None
