"""Triggers: state changes raise events; triggered traits and Reactions listen.

A triggered trait is mandatory, works while its card is bowed, has no once-per-turn limit
and resolves before any Reaction to the same trigger (L5R-TRAIT). Reactions to the events
just raised are taken in an action round of their own, the active player first, until
both pass in succession; they do not use up anyone's opportunity in the current round
(L5R-REACTION).
"""

from __future__ import annotations

import re

from ...core.position import Copy, Position
from ...core.ruling import Procedure
from .effects import in_play
from .triggers_events import (ACTION_RAISED, ATTACK_ENDS, DESTROYED_BY, ENGAGING, FAVOR_DISCARDED, PENDING, RAISED,
                              RESOLVED, TRAIT_RESOLVING, split_event)

WINDOW = "reaction-window"

#: subjects of an event name the engine can check against the card an event is about
_SUBJECTS = ("this-card", "this-personality", "card", "unit", "personality", "follower", "holding", "item",
             "spell", "ring", "province", "stronghold", "region", "event", "strategy", "celestial", "sensei")


def fires(trigger) -> bool:
    """Does the engine ever raise an event ``trigger`` fits? Raised events are after the fact
    (L5R-TRAIT, L5R-REACTION): a "before" trigger never fits, nor a name with qualifiers the
    engine does not check ("action-resolves;by=you"), nor one whose verb it never raises."""
    if trigger is None or trigger.timing not in ("after", "when"):
        return False
    core, quals = _from_play(*split_event(trigger.event))
    if core == _FAVOR_TRIGGER:  # "After you discard the Imperial Favor" (own_actions: the Favor's actions)
        return trigger.timing == "after" and not quals
    if core.endswith("-destroyed") and {"from", "during"} & set(quals):
        read = _destruction_quals(core, quals)
        if read is None:
            return False  # ("destroyed by a Spell": a cause the engine does not record)
        quals = read[0]
    if core == "turn-begins":
        return trigger.timing == "after" and _turn_whose(trigger) is not None
    if core == ATTACK_ENDS:  # "After an Attack Phase ends"
        return trigger.timing == "after" and not quals and _text_checks(trigger) == {}
    if core == ENGAGING:  # "After engaging (at this card's battlefield)": raised as a battle begins
        return trigger.timing == "after" and set(quals) <= {"at"} and quals.get("at", "this-card") in _ENGAGED_AT
    if core in _RESOLUTION_NAMES:  # "After a battle resolution in which you destroyed an army"
        return trigger.timing == "after" and _resolution_whose(trigger) is not None
    if core.startswith("action-"):
        return trigger.timing == "after" and _action_fires(core, quals, trigger.text or "")
    if "to" in quals:  # "After you Equip this Spell to a Void Shugenja": the Personality it went to
        if core != "this-card-equipped" or quals["to"] != "card" or _equip_host_words(trigger) is None:
            return False
        quals = {k: v for k, v in quals.items() if k != "to"}
    if quals.get("at", "battlefield") != "battlefield":
        return False  # ("at this card's battlefield": not read here; "at a battlefield": _qualifiers_fit)
    if set(quals) - set(_CHECKED) or quals.get("by", "you") not in ("you", "opponent"):
        return False  # ("by": whose card the event is about, _qualifiers_fit)
    if quals.get("by") == "opponent" and not core.endswith(_WHOSE_OPPONENT):
        return False  # ("destroyed;by=opponent" is read "by another player's card", not whose card it was)
    core = _raised_form(core)
    if core == "this-card-attached" and _generic_card(trigger.text or ""):
        return False
    if _text_checks(trigger) is None:
        return False  # "enters play from a Holding": words the event name dropped and no check reads
    verb = next((v for v in RAISED if core.endswith("-" + v)), None)
    return verb is not None and core[: -len(verb) - 1] in _SUBJECTS


#: "After you discard the Imperial Favor": its player discarded it (triggers_events.FAVOR_DISCARDED)
_FAVOR_TRIGGER = "imperial-favor-discarded-by-you"


#: what destroyed a card, as the trigger words say it ("by another player's action or by battle
#: resolution"), and when ("during a Combat Segment"): read from triggers_events.DESTROYED_BY
_DESTROYED_FROM = ("opponent-action", "battle-resolution")
_DESTROYED_DURING = {"combat-segment": "combat"}


def _destruction_quals(core: str, quals: dict) -> tuple[dict, dict] | None:
    """(the other qualifiers, the destruction checks) of a "destroyed" event's "from"/"during", or None
    when one of them names a cause or time the engine does not record."""
    if not core.endswith("-destroyed"):
        return None
    checks: dict = {}
    if "from" in quals:
        causes = quals["from"].split("|")
        if any(c not in _DESTROYED_FROM for c in causes):
            return None
        checks["from"] = causes
    if "during" in quals:
        if quals["during"] not in _DESTROYED_DURING:
            return None
        checks["during"] = _DESTROYED_DURING[quals["during"]]
    return {k: v for k, v in quals.items() if k not in ("from", "during")}, checks


def _destruction_fits(pos: Position, source: Copy, uid: int, checks: dict) -> bool:
    """Was the card destroyed as the trigger says: by another player's action or by the battle's
    resolution (L5R-RESOLVE), in the combat segment (L5R-COMBAT)?"""
    cause = pos.memo.get(DESTROYED_BY, {}).get(str(uid)) or {}
    if "from" in checks and not any(
            (c == "battle-resolution" and cause.get("cause") == "battle-resolution")
            or (c == "opponent-action" and cause.get("cause") == "action" and cause.get("by") not in (
                None, source.controller)) for c in checks["from"]):
        return False
    return "during" not in checks or cause.get("step") == checks["during"]


#: "to a Void Shugenja" ending an Equip trigger: capitalised words, every one a keyword the
#: Personality must have (no "or", no other words)
_EQUIP_TO = re.compile(r"\bto an? ((?:[A-Z][\w-]*\s+)*[A-Z][\w-]*)$")


def _equip_host_words(trigger) -> list[str] | None:
    m = _EQUIP_TO.search((trigger.text or "").strip())
    return m.group(1).split() if m else None


def _equipped_to_fits(pos: Position, source: Copy, trigger) -> bool:
    """"After you Equip this Spell to a Void Shugenja": the Personality it is attached to has every
    keyword the words name (L5R-TRAIT)."""
    words = _equip_host_words(trigger)
    host = pos.copies.get(source.attached_to) if source.attached_to is not None else None
    return words is not None and host is not None and all(pos.has_keyword(host, w) for w in words)


def _at_current_battlefield(pos: Position, source: Copy) -> bool:
    """"After engaging at this card's battlefield": the battle just begun is where this card (or the
    Personality it is attached to) stands (L5R-ATTACK: one battle at each battlefield)."""
    from .procedure import current_battlefield

    leader = source
    while leader.attached_to is not None and leader.attached_to in pos.copies:
        leader = pos.copies[leader.attached_to]
    field = current_battlefield(pos)
    return field is not None and leader.zone == field


def _your_unit_there(pos: Position, source: Copy) -> bool:
    """"After engaging at a battlefield where you control one or more units": a Personality of this
    card's controller (a unit is a Personality and what is attached to him) stands at the battlefield
    just engaged (L5R-ATTACK, L5R-PRESENCE)."""
    from .procedure import current_battlefield

    field = current_battlefield(pos)
    return field is not None and any(c.zone == field and c.controller == source.controller
                                     and c.card.type == "personality" for c in pos.copies.values())


#: where an "After engaging" trigger asks the battle just begun to be ("at" of the event name): anywhere,
#: this card's battlefield, a battlefield where this card's controller has a unit
_ENGAGED_AT = {"any": lambda pos, source: True, "this-card": _at_current_battlefield,
               "battlefield-with-your-unit": _your_unit_there}


#: the trigger names of a battle's resolution having ended, with what was destroyed in it
_RESOLUTION_NAMES = ("battle-resolves", "battle-resolution-ends", "army-destroys", "battle-ends")
#: "After Boyoh Mercenary's army destroys a Province": the attacking army this card was in destroyed
#: the province of the battlefield (the reader names the event "army-destroys" and keeps no object)
_ARMY_DESTROYS_PROVINCE = re.compile(r"^after [A-Z][\w' -]*'s army destroys a province$", re.I)
#: "After a battle ends in which you destroyed a province as the Attacker" (the whole trigger words)
_BATTLE_ENDS_PROVINCE = re.compile(r"after a battle ends in which you destroyed a province as the attacker", re.I)
#: "in which you destroyed an army or province" (the trait's controller's side); "in which Suying's
#: army destroyed a defending army or province" (the attacking army this card was in)
_RESOLUTION_WORDS = ((re.compile(r"in which you destroyed an army or (?:a )?province$", re.I), "you"),
                     (re.compile(r"in which [A-Z][\w'-]*'s army destroyed a defending army or (?:a )?province$"),
                      "this-army"))


def _resolution_whose(trigger) -> str | None:
    core, quals = split_event(trigger.event)
    if core == "army-destroys":
        return "this-army-province" if not quals and _ARMY_DESTROYS_PROVINCE.match(
            (trigger.text or "").strip()) else None
    if core == "battle-ends":  # "After a battle ends in which you destroyed a province as the Attacker"
        return "you-attacker-province" if quals == {"did": "province-destroyed-as-attacker"} and \
            _BATTLE_ENDS_PROVINCE.fullmatch((trigger.text or "").strip()) else None
    if quals != {"did": "army-destroyed"}:
        return None
    text = (trigger.text or "").strip()
    return next((whose for words, whose in _RESOLUTION_WORDS if words.search(text)), None)


def _resolution_fits(pos: Position, source: Copy, trigger, info: dict) -> bool:
    """Did the side the trigger speaks of destroy an army or a province in this resolution
    (L5R-RESOLVE)?"""
    whose = _resolution_whose(trigger)
    destroyed = info.get("destroyed", {})
    if whose == "you":
        return bool(destroyed.get(source.controller))
    if whose == "you-attacker-province":  # the trait's controller attacked and destroyed the province
        return source.controller == pos.timing.active and "province" in (destroyed.get(source.controller) or ())
    if whose in ("this-army", "this-army-province"):  # the attacking army this card (or its bearer) was in
        leader = source
        while leader.attached_to is not None and leader.attached_to in pos.copies:
            leader = pos.copies[leader.attached_to]
        attacker = pos.timing.active
        done = destroyed.get(attacker) or ()
        return leader.uid in info.get("attackers", ()) and bool(
            done if whose == "this-army" else "province" in done)
    return False


def _generic_card(text: str) -> bool:
    """"After this card attaches (or transfers)": the reader drops the parenthesis, and the engine
    raises "attached" only when a card is attached (Equip, "attach it to him"; L5R-EQUIP), not when
    one is moved onto another Personality (Share, "transfer"; L5R-SHARE). A trait naming its own
    type ("After this Item attaches") is read; "this card attaches" is refused, since it cannot be
    told from the words that also speak of transferring."""
    return "this card attaches" in text.lower()


#: "After each player's turn begins": whose turn, from the trigger's words (the event name keeps
#: only "another player's"); "your next turn" (once, later) is not read
_TURN_WORDS = {"your turn": "you", "each turn": "any", "each player's turn": "any", "a player's turn": "any",
               "another player's turn": "opponent", "each other player's turn": "opponent"}


def _turn_whose(trigger) -> str | None:
    import re

    m = re.fullmatch(r"after (.+?) begins", (trigger.text or "").strip().lower())
    return _TURN_WORDS.get(m.group(1)) if m else None


#: qualifiers the engine checks on an action event: "by" (you / opponent / any: whose action),
#: "kind" (one designator, or words of one: "battle", "bushido-virtue", "not-iaijutsu"),
#: "target=this-card" and "did=this-card-<verb>" (what the action did to this very card)
_ACTION_CHECKED = ("by", "kind", "target", "did")
_ACTION_DID = ("moved", "destroyed", "discarded", "bowed", "straightened", "dishonored", "targeted",
               "won-duel")  # ("during which Kenta won a duel": duels.py records it)


def _kinds_joined(text: str) -> bool:
    """"a Kiho Battle action": the designators all belong to one action (no "or", no list)."""
    return " or " not in text.lower() and "," not in text


def _action_fires(core: str, quals: dict, trigger_text: str = "") -> bool:
    """An "after" trigger on an action the engine raises (triggers_events.ACTION_RAISED) whose
    qualifiers it checks. A name without "by" is refused: the reader drops what it cannot type
    ("After another player's Battle action resolves" reads bare), so a bare name is not "any
    action". A "kind" joined with "|" is refused: it is read both as "and" ("Kiho Battle") and
    as "or" ("Spell or Kiho"), and is taken as "and" only when the trigger's text has no "or"
    and no list ("a Kiho Battle action"). "did"/"target" are checked only about this card: on other cards
    the reader drops whose card it is ("one of your Personalities")."""
    quals = _action_quals(quals, trigger_text)
    if quals is None or core not in ACTION_RAISED or set(quals) - set(_ACTION_CHECKED) - {"from"}:
        return False
    if quals.get("by") not in ("you", "opponent", "any") or quals.get("from", "strategy") != "strategy":
        return False
    kind = quals.get("kind")
    if kind is not None and (not kind or ("|" in kind and not _kinds_joined(trigger_text)
                                          and _kind_alternatives(kind, trigger_text) is None)):
        return False
    if quals.get("target", "this-card") != "this-card":
        return False
    did = quals.get("did")
    return did is None or (did.startswith("this-card-") and did[len("this-card-"):] in _ACTION_DID) or (
        _did_whose(did, trigger_text) is not None)


#: "which destroyed one of your Personalities", "dishonors another player's Personality": the
#: reader drops whose card it was, so it is read again from the trigger's words -- only these
#: plain forms, ending the trigger (no "in this unit", "to the current battlefield", keywords)
_DID_OBJECT = re.compile(r"\b(?:destroy(?:ed|s)|bow(?:ed|s)|dishonor(?:ed|s)|straighten(?:ed|s)|discard(?:ed|s))\s+"
                         r"(one of your|another player's|an?)\s+(personalit(?:y|ies)|followers?|holdings?|rings?)$",
                         re.I)
_DID_TYPES = {"personalit": "personality", "follower": "follower", "holding": "holding", "ring": "ring"}
#: whose card it was: "a Personality" (anyone's) as well as "one of your" / "another player's"
_DID_WHOSE = {"one of your": "you", "another player's": "opponent", "a": "any", "an": "any"}


#: "that moved a Personality to the current battlefield": a card the action moved that now stands there
_MOVED_TO = re.compile(r"\bmoved\s+(one of your|another player's|an?)\s+(personality)\s+to the current battlefield$",
                       re.I)


def _did_whose(did: str, trigger_text: str) -> str | None:
    """"you" / "opponent": whose card an action event's "did=personality-destroyed" speaks of,
    when the trigger's own words say so plainly; None otherwise (refused)."""
    if did == "personality-moved":
        moved = _MOVED_TO.search(trigger_text.strip())
        return _DID_WHOSE[moved.group(1).lower()] if moved else None
    m = _DID_OBJECT.search(trigger_text.strip())
    if not m:
        return None
    kind = next(v for k, v in _DID_TYPES.items() if m.group(2).lower().startswith(k))
    verb = did.partition("-")[2]
    if did.partition("-")[0] != kind or verb not in _ACTION_DID:
        return None
    return _DID_WHOSE[m.group(1).lower()]


#: "After your Tactical action resolves" is read with the word as a keyword ("kw"); before "action" it
#: is the action's designator, as "After the resolution of your Tactical action" reads ("kind")
_KW_ACTION = re.compile(r"\b([A-Z][\w-]*) action\b")


#: "After a Battle action resolves", "After another player's Battle action resolves", "After your
#: action resolves": whole trigger words the reader leaves bare ("action-resolves", no "by"); read
#: here only in this plain form -- whose action, and at most one designator just before "action"
_BARE_ACTION = re.compile(r"^after (your|an?|another player's) (?:([A-Z][\w-]*) )?action resolves$")
_BARE_WHOSE = {"your": "you", "a": "any", "an": "any", "another player's": "opponent"}


def _action_quals(quals: dict, trigger_text: str) -> dict | None:
    """The qualifiers of an action event, "kw=tactical" read as the designator it is when the
    trigger's words put it just before "action"; None when a "kw" is not that. A bare name whose
    words are a plain :data:`_BARE_ACTION` is read from them."""
    if not quals:
        m = _BARE_ACTION.match(trigger_text.strip())
        if m is None:
            return quals
        read = {"by": _BARE_WHOSE[m.group(1)]}
        return read | ({"kind": m.group(2).lower()} if m.group(2) else {})
    if "kw" not in quals:
        return quals
    m = _KW_ACTION.search(trigger_text)
    if "kind" in quals or not m or m.group(1).lower() != quals["kw"]:
        return None
    return {**{k: v for k, v in quals.items() if k != "kw"}, "kind": quals["kw"]}


#: "After a Dark Virtue, Fear, or Maho action resolves": the designators one of which the action has
_KIND_LIST = re.compile(r"^after (?:your|an?|another player's) ((?:[A-Z][\w-]*[ ,]+(?:or )?)+)action resolves$")


def _kind_alternatives(kind: str, trigger_text: str) -> list[list[str]] | None:
    """"Dark Virtue, Fear, or Maho": the designators of each alternative (["dark", "virtue"],
    ["fear"], ["maho"]), read from the trigger's words when they are a list joined by "or" whose
    words are the event's kind in order; None otherwise (refused)."""
    m = _KIND_LIST.match(trigger_text.strip())
    if not m or " or " not in m.group(1):
        return None
    parts = [p.strip() for p in re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group(1).strip()) if p.strip()]
    alternatives = [p.lower().split() for p in parts]
    if len(alternatives) < 2 or [w for alt in alternatives for w in alt] != kind.replace("|", "-").split("-"):
        return None
    return alternatives


def _action_fits(pos: Position, source: Copy, quals: dict, info: dict, trigger_text: str = "") -> bool:
    """Does an action event (info: triggers_events.raise_action) fit the qualifiers?"""
    quals = _action_quals(quals, trigger_text) or {}
    if quals.get("from") == "strategy":  # "your Recon action from a Strategy": its card is a Strategy
        card = pos.copies.get(info.get("source") or 0)
        if card is None or card.card.type != "action":
            return False
    by = quals.get("by")
    if by == "you" and info.get("by") != source.controller:
        return False
    if by == "opponent" and info.get("by") in (None, source.controller):
        return False
    kind = quals.get("kind")
    if kind is not None:
        kinds = info.get("kinds")
        if kinds is None:
            return False
        negated = kind.startswith("not-")
        alternatives = _kind_alternatives(kind, trigger_text) if "|" in kind and not negated else None
        if alternatives is not None:  # "a Dark Virtue, Fear, or Maho action": one of them
            if not any(all(w in kinds for w in alt) for alt in alternatives):
                return False
        else:
            words = (kind[4:] if negated else kind).replace("|", "-").split("-")  # "kiho|battle": both
            if all(w in kinds for w in words) == negated:
                return False
    if "target" in quals or quals.get("did") == "this-card-targeted":
        if source.uid not in (info.get("targets") or ()):
            return False
    did = quals.get("did")
    if did is not None and did.startswith("this-card-") and did != "this-card-targeted":
        if [source.uid, did[len("this-card-"):]] not in [list(d) for d in info.get("did") or ()]:
            return False
    elif did is not None and not did.startswith("this-card-"):
        # "which destroyed one of your Personalities": a card of that type and owner it did that to
        whose = _did_whose(did, trigger_text)
        kind, _, verb = did.partition("-")
        if whose is None or info.get("did") is None:
            return False
        if not _did_cards(pos, source, kind, verb, whose, info):
            return False
    return True


def _did_cards(pos: Position, source: Copy, kind: str, verb: str, whose: str, info: dict) -> list:
    """The cards of type ``kind`` and owner ``whose`` ("you" / "opponent" / "any", seen from
    ``source``'s controller) the action of ``info`` did ``verb`` to."""
    done = [pos.copies.get(uid) for uid in dict.fromkeys(uid for uid, v in info.get("did") or () if v == verb)]
    if verb == "moved":  # "... to the current battlefield" (_MOVED_TO): where it stands once moved
        from .procedure import current_battlefield

        field = current_battlefield(pos)
        done = [c for c in done if c is not None and field is not None and c.zone == field]
    return [c for c in done if c is not None and c.card.type == kind
            and (whose == "any" or (c.controller == source.controller) == (whose == "you"))]


def action_subject(pos: Position, source: Copy, trigger, event: list) -> list:
    """"After the resolution of an action that bowed a Ring: Straighten it": "it" in a Reaction to an
    action event is the card the trigger speaks of -- the one card of that type and owner the
    action did that to; [] when there is none, or more than one (the words name one card)."""
    core, quals = split_event(trigger.event)
    did = quals.get("did", "")
    if core not in ACTION_RAISED or len(event) < 3 or not did or did.startswith("this-card-"):
        return []
    whose = _did_whose(did, trigger.text or "")
    if whose is None:
        return []
    kind, _, verb = did.partition("-")
    found = _did_cards(pos, source, kind, verb, whose, event[2])
    return found if len(found) == 1 else []


def _at_a_battlefield(pos: Position, copy: Copy) -> bool:
    """The card (or the Personality it is attached to) stands at a battlefield (L5R-ATTACK)."""
    while copy.attached_to is not None and copy.attached_to in pos.copies:
        copy = pos.copies[copy.attached_to]
    return copy.zone.startswith("battlefield")


#: the events whose "by=opponent" says whose card it is about ("After another player's Personality
#: Lobbies"); elsewhere it may be who did it ("Before another player's card destroys this Personality")
_WHOSE_OPPONENT = ("-lobbies",)


#: qualifiers the engine checks on a raised card event: "by=you" (your card), "kw=<keyword>",
#: "at=battlefield" (where the card stands as the event settles)
_CHECKED = ("by", "kw", "at")


def _qualifiers_fit(pos: Position, source: Copy, copy: Copy, quals: dict) -> bool:
    if quals.get("by") == "you" and copy.controller != source.controller:
        return False
    if quals.get("by") == "opponent" and copy.controller == source.controller:
        return False  # "After another player's Personality Lobbies"
    if quals.get("at") == "battlefield" and not _at_a_battlefield(pos, copy):
        return False  # "After your Personality wins a duel at a battlefield"
    kw = quals.get("kw")
    if kw:
        word = kw[: -len("-clan")] if kw.endswith("-clan") else kw
        if not (pos.has_keyword(copy, word) or pos.has_keyword(copy, f"{word} Clan")):
            return False
    return True


#: "this card bows" is the event "this card is bowed"
_ACTIVE = {"bows": "bowed", "straightens": "straightened", "attaches": "attached"}


def _from_play(core: str, quals: dict) -> tuple[str, dict]:
    """"After this Weapon enters your discard pile from play" is the event raised when a card in
    play is discarded (effects.discard_copy: destroyed or discarded); without "from play" the card
    may come from a hand or a deck, which raise nothing."""
    if core.endswith("-enters-discard-pile") and quals == {"from": "play"}:
        return core[: -len("enters-discard-pile")] + "discarded-from-play", {}
    return core, quals


def _raised_form(core: str) -> str:
    if core.endswith("-enters-play-or-overlays"):
        # "After Kazutoshi enters play or overlays": the engine has no overlaying, so of the two
        # events only entering play ever happens in a ruling
        core = core[: -len("-or-overlays")]
    for active, passive in _ACTIVE.items():
        if core.endswith("-" + active):
            return core[: -len(active)] + passive
    return core


def trigger_matches(pos: Position, source: Copy, trigger, event: list) -> bool:
    """Does ``trigger`` (e.g. "this-card-bowed", "personality-dishonored") fit ``event``?"""
    verb, uid = event[0], event[1]
    if not fires(trigger):
        return False
    core, quals = _from_play(*split_event(trigger.event))
    if core == _FAVOR_TRIGGER or verb == FAVOR_DISCARDED:  # whose discard it was (L5R-FAVOR)
        return core == _FAVOR_TRIGGER and verb == FAVOR_DISCARDED and event[2].get("by") == source.controller
    if core == "turn-begins" or verb == "turn-begins":  # raised when a turn begins (turn._next_turn)
        whose = _turn_whose(trigger) if core == verb else None
        active = pos.timing.active
        return whose == "any" or (whose == "you" and active == source.controller) or (
            whose == "opponent" and active != source.controller)
    if core in _RESOLUTION_NAMES or verb == RESOLVED:
        return core in _RESOLUTION_NAMES and verb == RESOLVED and _resolution_fits(pos, source, trigger, event[2])
    if core == ATTACK_ENDS or verb == ATTACK_ENDS:
        return core == verb
    if core == ENGAGING or verb == ENGAGING:
        return core == verb and _ENGAGED_AT[quals.get("at", "any")](pos, source)
    if core in ACTION_RAISED or len(event) > 2:  # an action event: [verb, source uid, info]
        return core == verb and len(event) > 2 and _action_fits(pos, source, quals, event[2], trigger.text or "")
    name = _raised_form(core)
    if not name.endswith("-" + verb):
        return False
    destruction = _destruction_quals(core, quals) if {"from", "during"} & set(quals) else None
    if destruction is not None:  # "destroyed by battle resolution", "... during a Combat Segment"
        if not _destruction_fits(pos, source, uid, destruction[1]):
            return False
        quals = destruction[0]
    subject = name[: -len(verb) - 1]
    if subject == "this-card" and "to" in quals:  # "... to a Void Shugenja"
        return uid == source.uid and _equipped_to_fits(pos, source, trigger)
    if subject == "this-card":
        return uid == source.uid
    if subject == "this-personality":  # an attachment's bearer, or the Personality's own trait
        return uid == (source.attached_to if source.attached_to is not None else source.uid)
    if not _text_checks_fit(pos, source, uid, verb, _text_checks(trigger) or {}):
        return False
    if subject == "this-card":
        return uid == source.uid
    if subject == "this-personality":  # an attachment's bearer, or the Personality's own trait
        return uid == (source.attached_to if source.attached_to is not None else source.uid)
    copy = pos.copies.get(uid)
    if copy is None or not _qualifiers_fit(pos, source, copy, quals):
        return False
    return subject in ("card", copy.card.type) or (subject == "unit" and copy.card.type == "personality")


#: words of a card event's trigger the event name drops, read here: where the card entered play
#: from (raise_event's ``origin``: an Equip from the hand, a purchase from a Province), "in this
#: unit", and "your" before the noun ("your performing Personality")
_ORIGIN = re.compile(r"\benters play from (your hand|a province)\b", re.I)
_RECRUITED_FROM = re.compile(r"\s+from a province$", re.I)
_DROPPED = re.compile(r"\b(?:from|in|at|with|by|during|while|without)\b", re.I)


def _text_checks(trigger) -> dict | None:
    """The checks a card event's trigger words call for ({"origin": "hand", "in-unit": True,
    "yours": True}), or None when they have words no check reads (the trigger is refused)."""
    text = (trigger.text or "").strip()
    core, quals = split_event(trigger.event)
    checks: dict = {}
    m = _ORIGIN.search(text)
    if m:
        checks["origin"] = "hand" if m.group(1).lower() == "your hand" else "province"
        text = text[: m.start()] + "enters play" + text[m.end():]
    if core.endswith("-recruited") and _RECRUITED_FROM.search(text):
        # "After you Recruit this Holding from a Province": every card the engine Recruits comes from a
        # Province (turn.buy), so the words check nothing more
        text = _RECRUITED_FROM.sub("", text)
    if " in this unit " in f" {text} ":
        checks["in-unit"] = True
        text = text.replace(" in this unit", "")
    if re.match(r"after your\b", text, re.I) and "by" not in quals:
        checks["yours"] = True
    if re.search(r"\banother (?!player)[A-Z]", text):  # "After you Proclaim another Personality"
        checks["other"] = True
    # "after this Follower is destroyed during battle" is in the event name itself
    named = core.endswith("-during-battle") or core.endswith("-discarded-from-play") or "from" in quals
    if _DROPPED.search(text) and not named and not quals:
        return None
    return checks


def _text_checks_fit(pos: Position, source: Copy, uid: int, verb: str, checks: dict) -> bool:
    from .states import fits as state_fits
    from .triggers_events import ORIGINS

    copy = pos.copies.get(uid)
    if "origin" in checks and (verb != "enters-play" or pos.memo.get(ORIGINS, {}).get(str(uid)) != checks["origin"]):
        return False  # (a card the engine put into play from elsewhere, or from where it cannot tell)
    if checks.get("in-unit") and (copy is None or state_fits(None, pos, source, copy, "in-unit") is not True):
        return False
    if checks.get("yours") and (copy is None or copy.controller != source.controller):
        return False
    if checks.get("other") and uid == source.uid:
        return False
    return True


#: events by which a card leaves play, whose own trait "After this card is destroyed" implies the
#: zone it went to (L5R-ACT-COND: "unless the ability says or implies another zone")
_LEAVING = ("destroyed", "leaves-play", "destroyed-during-battle", "discarded-from-play")


def left_play_by(copy: Copy, trigger, event: list) -> bool:
    """Is ``event`` this card leaving play, and ``trigger`` its own trait's about just that?"""
    if len(event) != 2 or event[0] not in _LEAVING or event[1] != copy.uid or trigger is None:
        return False
    core, _ = _from_play(*split_event(trigger.event))
    name = _raised_form(core)
    # "After this Personality is destroyed" on a Personality is about the card itself
    return name == "this-card-" + event[0] or (name == "this-personality-" + event[0] and copy.attached_to is None
                                                and copy.card.type == "personality")


def reaction_subject(pos: Position, source: Copy, ability) -> list:
    """"Reaction: After Meiyu enters play: Give her three +1F tokens": "her"/"it" in a Reaction is
    the card the event it answers was about (as in a triggered trait, ``_resolve_trait``); [] when
    it answers no card event."""
    w = window(pos)
    if w is None or ability.kind != "reaction" or ability.trigger is None:
        return []
    for event in w["events"]:
        if len(event) == 2 and event[1] in pos.copies and trigger_matches(pos, source, ability.trigger, event):
            return [pos.copies[event[1]]]
        if len(event) > 2 and trigger_matches(pos, source, ability.trigger, event):
            found = action_subject(pos, source, ability.trigger, event)  # "that bowed a Ring: Straighten it"
            if found:
                return found
    return []


def reactions_for(game, pos: Position, events: list, player: str | None = None):
    """(copy, ability) pairs of Reactions some event fits; bowed cards cannot react."""
    found = []
    for copy in pos.all_copies():
        if player is not None and copy.controller != player:
            continue
        usable_from = in_play(pos, copy) and "bowed" not in copy.flags
        for ability in game.abilities(copy):
            if ability.kind != "reaction" or ability.trigger is None:
                continue
            from_hand = copy.zone == "hand" and copy.card.type in ("action", "ring")
            if not (usable_from or from_hand):
                continue
            if any(trigger_matches(pos, copy, ability.trigger, e) for e in events):
                found.append((copy, ability))
    return found


def settle(game, pos: Position, proc: Procedure) -> None:
    """Resolve triggered traits for the events raised, then open a Reaction window if any fits."""
    events = pos.memo.pop(PENDING, [])
    if not events:
        return
    _forget_investment(pos, events)
    from .effects_traits import discipline_leaves

    discipline_leaves(pos, proc, events)  # a Discipline Strategy out of play again: removed from the game
    pos.memo[SETTLING] = events  # what the traits resolving now answer ("who performed it": states.py)
    for copy in list(pos.all_copies()):
        present = in_play(pos, copy)
        for ability in game.abilities(copy):
            if ability.kind != "trait" or ability.trigger is None:
                continue
            for event in events:
                if not (present or left_play_by(copy, ability.trigger, event)):
                    continue
                if trigger_matches(pos, copy, ability.trigger, event):
                    if not present:
                        proc.add("trigger", f"{copy.name} has left play ({copy.zone}); its trait speaks of just "
                                 "that, so it resolves from there", "L5R-ACT-COND", "L5R-TRAIT")
                    # "it" in a trait means the card the event was about; an action is no card
                    about = pos.copies.get(event[1]) if len(event) < 3 else None
                    _resolve_trait(game, pos, copy, ability, proc, about)
    pos.memo.pop(SETTLING, None)
    interrupts_entering(game, pos, events, proc)  # "Interrupt: After you Recruit Korimi, ..." (interrupting)
    from .delayed import next_time, standing

    standing(game, pos, events, proc)  # "After you Equip this Item, gain 2 Honor" (delayed.py)
    next_time(game, pos, events, proc)  # "After the next time this turn it bows, ..." (delayed.py)
    pos.memo.pop(PENDING, None)  # traits' own changes do not retrigger in this pass
    if reactions_for(game, pos, events):
        t = pos.timing
        pos.memo[WINDOW] = {"events": events, "priority": t.active, "passes": 0, "resume": t.priority}
        proc.add("timing", f"a Reaction may be taken to what just happened: a round of Reactions opens, "
                 f"{t.active} (active player) first", "L5R-REACTION")


def _forget_investment(pos: Position, events: list) -> None:
    """A card that has left play is a new card if it comes back: the lasting part of its Invest
    trait (continuous.INVESTED) lapses with it (L5R-TRAIT: while its card is in play)."""
    from .continuous import INVESTED

    for event in events:
        copy = pos.copies.get(event[1]) if len(event) == 2 and event[0] in _LEAVING else None
        if copy is not None and not in_play(pos, copy):
            copy.flags.difference_update({f for f in copy.flags if f.startswith(INVESTED)})


def _resolve_trait(game, pos: Position, copy: Copy, ability, proc: Procedure, about: Copy | None = None) -> None:
    """Carry out a triggered trait: mandatory, its conditions checked when it resolves (L5R-TRAIT).

    ``about`` is the card the event was about: "he"/"it" in the trait's conditions and effects
    ("After a Personality enters play, if he is a Samurai, bow him") mean that card.
    """
    from .triggers_moments import refill_face_up

    if refill_face_up(game, pos, copy, ability, proc):
        return  # "After you Recruit this Holding from a Province, refill the Province face-up" (L5R-DYNASTY.6)
    proc.add("trigger", f"{copy.name}'s trait triggers ({ability.trigger.text}); it is mandatory", "L5R-TRAIT")
    holds = _holds(game, pos, copy, about)
    for cond in ability.conditions:  # "After X, if you are Crab Clan: ..." -- the whole trait
        if cond.kind.startswith("effect-") or cond.kind == "even-if":
            continue
        verdict = holds(cond)
        if verdict is not True:
            proc.add("trigger", f"nothing happens: the condition '{cond.text}' " + (
                "does not hold" if verdict is False else "is one the engine cannot check"), "L5R-TRAIT")
            return
    if asks_choices(ability):  # "After this Follower enters play, discard a card": its player chooses
        _resolve_choosing(game, pos, copy, ability, proc, about)
        return
    resolve_clauses(game, pos, copy, ability, proc, about)


# ---- triggered traits with choices ---------------------------------------------------------

#: the rule of a triggered trait's choices (pinned from the Comprehensive Rules)
CHOICES = "L5R-TRAIT.5"


def _asks(ability, index: int, clause) -> bool:
    """Does this effect of a triggered trait ask its player for a choice the plain trait resolution
    (:func:`resolve_clauses`, which makes none) cannot make: a target, a card or player to choose
    ("discard a card", "Choose a player"), or whether to take it ("you may ...")?"""
    from .effects_traits import created_attached_clause, its_personality, lasting_tail

    if any(c.kind == "effect-optional" and c.args[:1] == (f"effect {index}",) for c in ability.conditions):
        return True
    spec = getattr(clause, "target", None)
    return spec is not None and spec.ref in ("target", "choice") and not its_personality(spec) \
        and not created_attached_clause(clause, ability) and clause.kind != "negate" and lasting_tail(ability) != index


def asks_choices(ability) -> bool:
    """A triggered trait (no Focus Effect) one of whose effects asks for a choice (:func:`_asks`)."""
    return ability.kind == "trait" and ability.trigger is not None and "Focus Effect" not in ability.designators \
        and any(_asks(ability, i, c) for i, c in enumerate(ability.effects))


def choosing_executes(ability) -> bool:
    """For effects.executes: a triggered trait with choices the engine carries out -- its effects
    resolve as an action's effects do (procedure.resolve_effects, L5R-ACT-EFFECT), its player's
    choices named with ``answering`` (L5R-TRAIT.5). So it is carried out when the same effects
    are as a Reaction's to the same trigger; with no costs and no usage limit of its own (the
    engine counts none for traits), and at most one "you may" (one word declines it)."""
    from dataclasses import replace

    from .effects import executes

    if not asks_choices(ability) or ability.costs or ability.limit is not None or not fires(ability.trigger):
        return False
    if split_event(ability.trigger.event)[0] in ("turn-begins", ATTACK_ENDS):
        return False  # (raised as the game advances, where no statement names the choices)
    if sum(c.kind == "effect-optional" for c in ability.conditions) > 1:
        return False
    if not _procedure_binds(ability):
        return False  # ("Create two 1F Followers and attach them to one or two of your Personalities")
    return executes(replace(ability, kind="reaction", designators=("Reaction",)))


#: effects not carried out this way: creating cards and attaching them, which the procedure binds for
#: one card at a time ("create three Followers and attach them to your Personalities" would leave
#: some unattached); searching ("for another Enslaved Djinn": a title the search reads as keywords)
_NOT_CHOSEN_HERE = ("attach", "attach-to", "search")


def _procedure_binds(ability) -> bool:
    """No effect of :data:`_NOT_CHOSEN_HERE`, and at most one card created (at home)."""
    kinds = [getattr(c, "kind", "") for c in ability.effects]
    created = [c for c in ability.effects if getattr(c, "kind", "") == "create"]
    return not any(k in _NOT_CHOSEN_HERE for k in kinds) and all(
        c.target is not None and c.target.count == 1 and "location" not in (c.text or "").lower() for c in created)


class _TraitContext:
    """What procedure.resolve_effects needs of an action's context, for a trait: its player acts,
    the choices come from ``answering``, and every step is the trait's (L5R-TRAIT, L5R-TRAIT.5)."""

    def __init__(self, game, pos: Position, actor: str, body, proc: Procedure, rules: tuple, kind: str = "trigger",
                 prefix: str = ""):
        self.game, self.position, self.actor, self.body, self.proc, self.lines = game, pos, actor, body, proc, ()
        self.rules, self.kind, self.prefix = rules, kind, prefix

    def reject(self, rule: str, text: str):
        from ...core.ruling import Rejected

        raise Rejected(rule, text)

    def step(self, kind: str, description: str, *rules: str) -> None:
        self.proc.add(self.kind, self.prefix + _answering_words(description), *self.rules, *rules)

    def card(self, obj, *, where=None, purpose: str = ""):
        return self.game.resolve_card(self.position, obj, where=where, purpose=purpose)


def _answering_words(text: str) -> str:
    """A step or rejection the procedure words for an action's clauses, worded for ``answering``."""
    return text.replace(" on announcement", "").replace("(use 'targeting')", "(name it with 'answering')") \
        .replace("with 'paying'", "with 'answering'")


#: memo keys the procedure keeps while one action resolves: set aside while a trait resolves
_ACTION_KEYS = ("_actor", "_source", "_choosing", "_paying_used", "_paying_base", "_done", "_refilled", "_changed")


def _needs(ability) -> tuple[int, int]:
    """(targets, chosen cards or players) the trait asks for at most, in the order mentioned."""
    from .procedure import target_specs

    targets = sum(s.count for s in target_specs(ability) if not s.optional)
    chosen = sum(max(1, c.target.count) for c in ability.effects
                 if getattr(c, "target", None) is not None and c.target.ref == "choice")
    return targets, chosen


def _take_answers(game, pos: Position, ability):
    """The ``answering`` choices this trait takes, from the front of what is left: players and
    cards for its targets (``targeting``), then for the cards and players it chooses (``paying``),
    and one word ("no" declines a "you may", as ``choosing`` does for an action)."""
    answers = getattr(game, "answering", None)
    if answers is None:
        return (), (), None
    most_targets, most_chosen = _needs(ability)
    targeting, paying, word = [], [], None
    while answers:
        obj = answers[0]
        text = getattr(obj, "text", "")
        if obj.kind != "card" and text not in pos.players and text not in pos.labels:
            if word is not None:
                break
            word = text
        elif len(targeting) < most_targets:
            targeting.append(obj)
        elif len(paying) < most_chosen:
            paying.append(obj)
        else:
            break
        answers.pop(0)
    return tuple(targeting), tuple(paying), word


#: the ``answering`` words that decline a "you may" (as ``choosing no`` does for an action)
_DECLINE = ("no", "decline", "not")


def _all_targets_optional(ability) -> bool:
    """Every effect naming a target is one the trait says "you may" take: declined, it targets nothing."""
    optional = {c.args[0] for c in ability.conditions if c.kind == "effect-optional" and c.args}
    return all(f"effect {i}" in optional for i, c in enumerate(ability.effects)
               if getattr(c, "target", None) is not None and c.target.ref == "target")


def _resolve_choosing(game, pos: Position, copy: Copy, ability, proc: Procedure, about: Copy | None,
                      rules: tuple = ("L5R-TRAIT", CHOICES), kind: str = "trigger", prefix: str = "") -> None:
    """Resolve a triggered trait with choices: its effects in order as an action's are resolved
    (procedure.resolve_effects), "it" the card the event was about, its player naming targets
    and chosen cards with ``answering`` as it resolves. Targeting must be carried out if possible;
    when it fails (or a choice is missing), the rest of the trait does not happen (L5R-TRAIT.5)."""
    from ...core.ruling import Rejected
    from ...core.scenario_ast import ActionBody
    from .procedure import Bindings, choose_targets, resolve_effects

    targeting, paying, word = _take_answers(game, pos, ability)
    body = ActionBody("answering", targeting=targeting, paying=paying, choosing=word)
    ctx = _TraitContext(game, pos, copy.controller, body, proc, rules, kind, prefix)
    saved = {k: pos.memo.pop(k) for k in _ACTION_KEYS if k in pos.memo}
    pos.memo["_actor"], pos.memo["_source"] = copy.controller, copy.uid
    resolving = pos.memo.get(TRAIT_RESOLVING)
    pos.memo[TRAIT_RESOLVING] = True  # (what it destroys is no action's doing: triggers_events)
    if word:
        pos.memo["_choosing"] = word
    bind = Bindings()
    bind.last = [about] if about is not None else []
    if about is not None and about.uid == copy.uid and not in_play(pos, copy):
        bind.zoned.add(copy.uid)  # its own trait's effects reach it out of play (L5R-ACT-EFFECT.4: "other sources")
    declined = str(word or "").lower() in _DECLINE
    try:
        if not (declined and _all_targets_optional(ability)):  # ("you may target ...", declined: no target)
            choose_targets(ctx, copy, ability, bind)
        pos.memo["_paying_used"] = []
        resolve_effects(ctx, copy, ability, bind)
    except Rejected as stop:
        reason = stop.reasons[0]
        text = _answering_words(reason.text)
        what = "trait" if ability.kind == "trait" else ability.kind.title()
        proc.add(kind, f"{prefix}the rest of {copy.name}'s {what} does not happen: {text}", *rules, reason.rule)
    finally:
        for key in _ACTION_KEYS:
            pos.memo.pop(key, None)
        pos.memo.pop(TRAIT_RESOLVING, None)
        if resolving:  # (a trait resolving inside another's)
            pos.memo[TRAIT_RESOLVING] = resolving
        pos.memo.update(saved)


# ---- the Interrupt of a card the action brings into play ----------------------------------

#: the rule: an out-of-play card's Interrupt taken in the action that brings it into play
ENTERING = "L5R-ACT-COND.5"
#: the card events of an action bringing a card into play its Interrupt may speak of
_ENTERING_EVENTS = ("this-card-recruited", "this-card-enters-play", "this-card-equipped")
#: designators an Interrupt of this kind may carry besides "Interrupt": kinds and elements, no timing,
#: and "Absent" (taken without presence at the battle: interrupts_entering checks presence otherwise)
_INTERRUPT_WORDS = {"Interrupt", "Political", "Air", "Earth", "Fire", "Water", "Void", "Absent"}


def entering_interrupt_executes(ability) -> bool:
    """For effects.executes: "Interrupt: After you Recruit Korimi, draw a card" -- an Interrupt on a
    card whose trigger is that card's own entering play (recruited, entering play, equipped), with
    no cost but "Bow this card", taken in the action that brings it into play (L5R-ACT-COND.5):
    carried out when its effects are as a Reaction's to the same trigger."""
    from dataclasses import replace

    from .effects import executes

    trigger = ability.trigger
    if ability.kind != "interrupt" or trigger is None or not fires(trigger) or ability.limit is not None:
        return False
    if not set(ability.designators) <= _INTERRUPT_WORDS or "Interrupt" not in ability.designators:
        return False
    if _raised_form(split_event(trigger.event)[0]) not in _ENTERING_EVENTS:
        return False
    if any(not (getattr(c, "kind", "") == "bow" and c.target is not None and c.target.ref == "this")
           for c in ability.costs):
        return False
    if not _procedure_binds(ability) or sum(c.kind == "effect-optional" for c in ability.conditions) > 1:
        return False
    return executes(replace(ability, kind="reaction", designators=("Reaction",), costs=()))


def interrupts_entering(game, pos: Position, events: list, proc: Procedure) -> None:
    """The Interrupts of the cards the statement's action brought into play, if its player takes
    them (the flag ``interrupting``): each resolves once the event it speaks of has happened, its
    "Bow this card" paid by bowing the card now in play, its choices named with ``answering``
    (L5R-ACT-COND.5)."""
    if not getattr(game, "interrupting", False):
        return
    from .effects import apply_to_card

    taken: set = set()
    for event in events:
        copy = pos.copies.get(event[1]) if len(event) == 2 else None
        if copy is None or not in_play(pos, copy):
            continue
        for ability in game.abilities(copy):
            if not entering_interrupt_executes(ability) or not trigger_matches(pos, copy, ability.trigger, event):
                continue
            if (copy.uid, ability.text) in taken:
                continue  # (one Interrupt per card and ability: "recruited" and "enters play" both raised)
            taken.add((copy.uid, ability.text))
            if not _present_for(pos, copy, ability, proc):
                continue
            proc.add("trigger", f"{copy.controller} takes {copy.name}'s Interrupt to the action that brought it into "
                     f"play; '{ability.trigger.text}' has happened, so its effects resolve", ENTERING)
            for cost in ability.costs:
                out = apply_to_card(game, pos, copy, cost, as_cost=True, source=copy.name)
                if not out.changed:
                    proc.add("trigger", f"{copy.name}'s Interrupt cannot be paid ({out.why})", ENTERING,
                             "L5R-ACT-COST")
                    break
                proc.add("trigger", f"its cost: {out.description}, now that it is in play", ENTERING, "L5R-ACT-COST")
            else:
                _resolve_choosing(game, pos, copy, ability, proc, copy, (ENTERING,))


def _present_for(pos: Position, copy: Copy, ability, proc: Procedure) -> bool:
    """During a battle an Interrupt, like every action, needs its player's presence at the current
    battlefield (L5R-PRESENCE) unless it is Absent ("Absent actions may be taken without presence")."""
    t = pos.timing
    if t.phase != "attack" or t.step not in ("engage", "combat"):
        return True
    from .procedure import current_battlefield

    field = current_battlefield(pos)
    if field is not None and any(c.controller == copy.controller for c in pos.all_copies() if c.zone == field):
        return True
    if "Absent" in ability.designators:
        proc.add("trigger", f"{copy.name}'s Interrupt is Absent: {copy.controller} may take it without presence at "
                 f"the current battlefield ({field or 'none'})", ENTERING, "L5R-PRESENCE")
        return True
    proc.add("trigger", f"{copy.controller} controls no unit at the current battlefield ({field or 'none'}), so "
             f"{copy.name}'s Interrupt cannot be taken", ENTERING, "L5R-PRESENCE")
    return False


def answered(game, body, position: Position, attempt):
    """Run ``attempt`` (the core's, for one statement) with the statement's ``answering`` choices
    waiting for the triggered traits it sets off; a choice no trait took rejects the statement."""
    from ...core.ruling import Reason, Ruling

    game.answering = list(getattr(body, "answering", ()) or ())
    game.interrupting = "interrupting" in (getattr(body, "flags", ()) or ())  # (interrupts_entering)
    try:
        ruling = attempt()
        left = list(game.answering)
    finally:
        game.answering, game.interrupting = None, False
    if left and ruling.accepted:
        text = (f"no triggered trait asked for the answer(s) {', '.join(o.show() for o in left)} "
                "(answering names the choices of the traits the action sets off, in order)")
        return Ruling(False, ruling.action, [Reason(CHOICES, text)], ruling.steps, position)
    return ruling


def _holds(game, pos: Position, copy: Copy, about: Copy | None):
    """A condition of ``copy``'s trait, judged with "he"/"it" the card the event was about."""
    from . import conditions

    def subject_of(word: str):
        w = word.lower()
        if w in conditions.SELF:
            if w == "this personality" and copy.attached_to in pos.copies:
                return pos.copies[copy.attached_to]
            return copy
        if w in conditions.PRONOUNS:
            return about
        return None

    def holds(cond) -> bool | None:
        return conditions.evaluate(cond, game=game, pos=pos, actor=copy.controller, source=copy, subject_of=subject_of)

    return holds


def resolve_clauses(game, pos: Position, copy: Copy, ability, proc: Procedure, about: Copy | None = None,
                    *rules: str) -> None:
    """Carry out the effects of ``copy``'s trait, each under its own conditions, without choices
    (L5R-TRAIT; ``rules``: further rule IDs every step cites, e.g. an Invest trait's)."""
    from .effects import apply_to_card, apply_to_player
    from .effects_engine import trait_clause_executes, trait_create, trait_subjects, unit_cards, unit_ref
    from .effects_traits import create_and_attach, created_attached, its_personality, lasting_tail
    from .procedure import effect_guards

    from . import amounts

    from .delayed import register_trait, trait_executes, triggered_effects

    rules = ("L5R-TRAIT", *rules)
    holds = _holds(game, pos, copy, about)
    guards = effect_guards(ability)
    later = triggered_effects(ability)  # "After your turn begins, ...": a second trigger (delayed.standing)
    for index, clause in enumerate(ability.effects):
        if index in later:
            continue
        if index == lasting_tail(ability):  # "Will not attach cards": the card's lasting trait, not this one's
            proc.add("trigger", f"'{clause.text}' is {copy.name}'s own lasting trait, not an effect of this "
                     "trigger: it holds while the card is in play", *rules)
            continue
        if created_attached(ability, index):  # "create a 1F Dog Follower and attach it to him"
            for made in create_and_attach(game, pos, copy, ability, index, about):
                proc.add("trigger", made, *rules, "L5R-ACT-EFFECT")
            later = later | {index + 1, index + 2}
            continue
        kind = getattr(clause, "kind", None)
        if kind is None:
            proc.add("trigger", f"not carried out: '{clause.text}' (the engine cannot read it)", *rules)
            continue
        if kind.startswith("amount-"):
            continue  # worked out with the clause before it
        waits = [g for g in guards.get(f"effect {index}", ()) if trait_executes(ability, g)]
        if waits:  # "draw an additional card before your turn ends" (delayed.py)
            register_trait(pos, copy, ability, index, waits[0], proc)
            continue
        verdicts = [holds(g) for g in guards.get(f"effect {index}", ())]
        if any(v is not True for v in verdicts):
            why = "depends on a condition the engine cannot check" if None in verdicts else \
                "is not carried out, since its condition does not hold"
            proc.add("trigger", f"'{clause.text}' {why}", *rules)
            continue
        worked = amounts.chain(ability.effects, index)
        if worked:  # "give this Shugenja a number of +1F tokens equal to his Chi" (amounts.py)
            clause = _worked_out(game, pos, copy, clause, worked, index, guards, proc, rules)
            if clause is None:
                continue
        target = clause.target
        if unit_ref(target) == "this":  # "Straighten this unit": every card in the unit of the trait's card
            for card in unit_cards(pos, copy):
                out = apply_to_card(game, pos, card, clause, as_cost=False, source=copy.name)
                proc.add("trigger", out.description if out.changed else f"{out.description}: no change ({out.why})",
                         *rules)
            continue
        if target is not None and target.ref == "this" and _bearer_meant(pos, copy, target):
            # "this Shugenja" in a Spell's trait: the Personality it is attached to
            out = apply_to_card(game, pos, pos.copies[copy.attached_to], clause, as_cost=False, source=copy.name)
        elif target is None or target.ref == "this":
            out = apply_to_card(game, pos, copy, clause, as_cost=False, source=copy.name)
        elif target.ref == "you":
            out = apply_to_player(game, pos, copy.controller, clause, as_cost=False)
        elif target.ref == "opponent" and kind in ("gain-honor", "lose-honor", "draw"):
            # "another player loses 2 Honor": the other players, as an action's "another player"
            # is carried out (procedure.subjects)
            for other in pos.opponents(copy.controller):
                out = apply_to_player(game, pos, other, clause, as_cost=False)
                proc.add("trigger", out.description if out.changed else f"{out.description}: no change ({out.why})",
                         *rules)
            continue
        elif (target.ref == "attached" or its_personality(target)) and copy.attached_to in pos.copies:
            out = apply_to_card(game, pos, pos.copies[copy.attached_to], clause, as_cost=False, source=copy.name)
        elif target.ref == "attached" and copy.attached_to is None and copy.card.type == "personality":
            # "this Personality" on a Personality is the card itself (continuous.reaches reads it so too)
            out = apply_to_card(game, pos, copy, clause, as_cost=False, source=copy.name)
        elif target.ref == "it" and about is not None and target.card_types == ("controller",):
            # "his controller loses 1 Honor": the player controlling the card the event was about
            out = apply_to_player(game, pos, about.controller, clause, as_cost=False)
        elif target.ref == "it" and about is not None:
            out = apply_to_card(game, pos, about, clause, as_cost=False, source=copy.name)
        elif target.ref == "created" and trait_clause_executes(clause, ability):
            for made in trait_create(game, pos, copy, clause):  # "After X enters play, create ..."
                proc.add("trigger", made, *rules, "L5R-DURATION")
            continue
        elif target.ref == "each" and trait_clause_executes(clause, ability):
            # "Discard all your other Sensei Personalities", "all players lose 3 Honor": every card
            # in play or player the words describe, judged from the trait's controller
            reached = trait_subjects(game, pos, copy, clause)
            if not reached:
                proc.add("trigger", f"'{clause.text}': nothing it describes is in play", *rules)
            for subject in reached:
                out = apply_to_player(game, pos, subject, clause, as_cost=False) if isinstance(subject, str) \
                    else apply_to_card(game, pos, subject, clause, as_cost=False, source=copy.name)
                proc.add("trigger", out.description if out.changed else f"{out.description}: no change ({out.why})",
                         *rules)
            continue
        else:
            proc.add("trigger", f"not carried out: '{clause.text}' needs a choice the engine cannot make",
                     *rules)
            continue
        proc.add("trigger", out.description if out.changed else f"{out.description}: no change ({out.why})",
                 *rules)


def _bearer_meant(pos: Position, copy: Copy, spec) -> bool:
    """"this Shugenja" / "this Personality" naming the bearer of an attachment, not the card itself."""
    types = [t for t in spec.card_types if t != "card"]
    return bool(types) and copy.card.type not in types and copy.attached_to in pos.copies


def _worked_out(game, pos: Position, copy: Copy, clause, worked, index: int, guards, proc: Procedure, rules):
    """``clause`` with its amount read from the cards' values as the trait resolves (amounts.py),
    or None (step recorded) when a value cannot be told."""
    from types import SimpleNamespace

    from ...core.ruling import Rejected
    from . import amounts
    from .procedure import Bindings

    # a trait names no targets: "his Chi" is the card the clause changes (amounts.named_card)
    ctx = SimpleNamespace(game=game, position=pos, actor=copy.controller)
    try:
        clause, note = amounts.work_out(ctx, copy, clause, worked, index + 1, Bindings(), guards)
    except Rejected as why:
        proc.add("trigger", f"'{clause.text}' is not carried out: {why}", *rules, "L5R-ACT-EFFECT")
        return None
    proc.add("trigger", f"'{clause.text}': {note}", *rules, "L5R-ACT-EFFECT")
    return clause


#: memo key: the events whose triggered traits are resolving (settle)
SETTLING = "_settling-events"


def window(pos: Position) -> dict | None:
    return pos.memo.get(WINDOW)


def window_pass(game, pos: Position, actor: str, proc: Procedure) -> None:
    w = pos.memo[WINDOW]
    w["passes"] += 1
    proc.add("timing", f"{actor} takes no Reaction", "L5R-REACTION")
    if w["passes"] >= len(pos.players):
        close_window(pos, proc, game)
    else:
        w["priority"] = pos.next_player(actor)


def close_window(pos: Position, proc: Procedure, game=None) -> None:
    w = pos.memo.pop(WINDOW)
    pos.timing.priority = w["resume"]
    if w.get("then"):
        proc.add("timing", "both passed in succession: the Reactions' round ends", "L5R-REACTION")
        from .turn import enter_phase

        enter_phase(game, pos, w["then"], proc)
        return
    proc.add("timing", f"both passed in succession: the Reactions' round ends; the opportunity is {w['resume']}'s "
             "again", "L5R-REACTION")


def after_reaction(pos: Position, actor: str, proc: Procedure) -> None:
    w = pos.memo[WINDOW]
    w["passes"] = 0
    w["priority"] = pos.next_player(actor)
    proc.add("timing", f"in the Reactions' round the chance passes to {w['priority']} (the current round's "
             "opportunity is not used up)", "L5R-REACTION")
