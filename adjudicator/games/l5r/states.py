"""The describing words of a target ("your performing Personality", "an opposed card with no
attachments", "a Personality with lower Force than this card") checked against a card.

:func:`fits` answers True or False for the words the engine can check, None for the rest;
:func:`checked` says, without a position, whether every word of a description is one it can
check -- ``effects.executes`` claims nothing else, since a target test the engine cannot make
would refuse every card (L5R-ACT-TARGET).
"""

from __future__ import annotations

import functools
import re

from ...core.position import Copy, Position
from .tokens import removed_token
from .tokens import state_fits as token_state_fits
from .tokens import state_read as token_state_read

#: states the game's own ``has_state`` reads
_PLAIN = {"bowed", "unbowed", "straightened", "dishonored", "honorable", "attacking", "defending",
          "at home", "without-followers", "in-current-army", "face-down", "face-up"}

#: states read here (some relative to the card whose ability it is)
_HERE = {"other", "in-unit", "performing", "opposed", "unopposed", "no-attachments", "no-followers",
         "at-home", "at-battlefield", "any-location", "any-battlefield", "unique", "non-unique", "dishonorable",
         "has-followers", "in-and-out-of-play", "has-attachments"}

_STATS = "force|chi|personal-honor|gold-cost"
#: "with lower Force than this card" / "with Force less than or equal to Futoro's Chi" (that card's
#: other stat) / "with lower Chi than his printed Chi" (its own printed value)
_CMP_RE = re.compile(rf"^cmp:({_STATS})(<=|>=|<|>|=)(this|attached)(?:\.({_STATS}))?$")
#: ... "whose Force is different from his base Force": the base value is the printed one, as amounts.STATS
#: reads "base Force" (no effect in the engine changes a base value)
_OWN_PRINTED_RE = re.compile(rf"^cmp:({_STATS})(!=|<=|>=|<|>|=)it\.(?:printed|base)-({_STATS})$")
#: "in Zenshi's army": at the battlefield of that card's unit, on its controller's side ("in-army"
#: alone: :data:`_OWN_ARMY`)
_ARMY_RE = re.compile(r"^in-army-of:([A-Z][\w'-]*(?: [A-Z][\w'-]*)*)$")
#: "a Personality opposing Takichi (at the current battlefield)": another player's card at that
#: card's battlefield ("opposing him" is not read: the pronoun may name a card other than this one)
_OPPOSING_RE = re.compile(r"^opposing:([A-Z][\w'-]*)( at the current battlefield)?$")
#: "a target attachment or a target dishonorable Personality": two descriptions, kept whole by
#: the grammar (one TargetSpec cannot say "X or Y" with different restrictions)
_EITHER_RE = re.compile(r"^either:([^|]+)\|([^|]+)$")
#: states that lift a limit the description as a whole keeps (where targets may be, in play or not):
#: inside one of two descriptions they would need the whole target test to change, so not read
_LIFTING = {"any-location", "any-battlefield", "in-and-out-of-play"}
#: "a target Personality not named Yasuki Tono" / "without this card's title": a card whose title
#: differs ("not-titled:this": this card's own title)
_NOT_TITLED_RE = re.compile(r"^not-titled:(.+)$")
#: "a non-Stronghold card" (a card type: not that type), "a non-Naval Personality", "non-Spider
#: Clan" (a keyword, printed or gained: the card lacks it)
_NON_RE = re.compile(r"^non-([A-Z][\w'-]*(?: Clan)?)$")
#: the card types the word after "non-" may name, as the game defines them (the rest are keywords)
_TYPE_WORDS = {"stronghold", "personality", "holding", "follower", "item", "spell", "action", "ring", "event",
               "region", "sensei", "celestial"}
#: "with a Weapon" / "without a Weapon" / "with an attachment": the cards attached to it
_HAS_RE = re.compile(r"^(has|has-no):([A-Z][\w-]*|attachment)$")
_ANY_KW_RE = re.compile(r"^any-keyword:(.+)$")
#: "an enemy Personality with fewer Weapons" on a Personality: fewer cards with that keyword attached
#: to it than to the Personality whose ability it is (on any other card "fewer than" whom is not said)
_FEWER_ATTACHED_RE = re.compile(r"^cmp-count:([A-Z][\w-]*)<this$")
#: "a Kolat, Ninja, Shadowlands, or dishonorable Personality", "your performing Berserker or unbowed
#: Personality": any one of the words, each a keyword ("keyword:Ninja"), a keyword it lacks
#: ("not-keyword:Spider") or a state ("state:dishonorable")
_ANY_OF_RE = re.compile(r"^any-of:((?:(?:not-)?keyword:[^|]+|state:[^|]+)(?:\|(?:(?:not-)?keyword:[^|]+|state:[^|]+))+)$")
#: "with a Political ability": an ability of the card (printed or gained) whose designators name it
_ABILITY_RE = re.compile(r"^has-ability:([A-Z][\w-]*)$")
#: "a target card with a Melee or Ranged Attack ability": an ability of the card (printed or gained)
#: whose effects make such an attack
_ATTACK_ABILITY_RE = re.compile(r"^has-ability:((?:Melee|Ranged) Attack(?:\|(?:Melee|Ranged) Attack)*)$")
#: "with exactly one Weapon": that many cards with the keyword attached to it
_EXACTLY_RE = re.compile(r"^has-exactly-(\d+):([A-Z][\w-]*)$")
#: "with the printed Fire keyword" / "the base Fire keyword": the card's own printed keywords, not
#: those it gained (one of several: "the printed Fallen, Fudo, or Shadowlands keyword")
_PRINTED_KW_RE = re.compile(r"^printed-keyword:(.+)$")
#: "a card in the current battlefield's province": the Defender's province the battle is fought
#: over (one battlefield per defending province, numbered as the provinces: battle.battlefields)
_CURRENT_PROVINCE = "in-province-of:the current battlefield"
#: "at this card's battlefield": where the unit of the card whose ability it is stands
_AT_SOURCE = "at-battlefield-of:this card"
#: "at Dairuko's battlefield": where the unit of the card named stands (this card or its bearer)
_AT_NAMED_RE = re.compile(r"^at-battlefield-of:([A-Z][\w'-]*)$")
#: "a Personality at Osawa's location": at the same location as the card named -- the same
#: battlefield, or the same player's home (each player's home is a location of its own)
_AT_LOCATION_OF_RE = re.compile(r"^at-location-of:([A-Z][\w'-]*)$")
#: "your performing Follower in Tensin's unit": in the unit of the card named (this card or the
#: Personality it is attached to: :func:`_named`)
_IN_NAMED_UNIT_RE = re.compile(r"^in-unit-of:([A-Z][\w'-]*)$")
#: "your performing Personality in a Ninja unit": a unit with that keyword (Comprehensive Rules,
#: "Unit Keywords": the Personality and all Followers each have it; an "Infantry unit" is one
#: without Cavalry)
_UNIT_KEYWORD_RE = re.compile(r"^in-unit-with:([A-Z][\w-]*)$")
#: "a target unit whose total Force is less than or equal to Irezu's Chi", "a target enemy unit
#: with equal or lower total Force" (than this unit): the total Force of the card's unit
#: (Comprehensive Rules, "Unit and Army Force": outside battle resolution every card counts,
#: bowed or not) against a value of this card or its unit's total Force
_TOTAL_CMP_RE = re.compile(rf"^cmp:total-force(<=|>=|<|>|=)this(?:\.({_STATS}))?$")
#: "an enemy card ... whose unit has lower total Force than this unit"
_UNIT_CMP = re.compile(r"^unit-cmp:total-force(<=|>=|<|>|=)this unit$")
#: "a target Personality whose unit's total Force is 7 or higher"
_UNIT_VALUE_RE = re.compile(r"^unit-value:total-force(<=|>=|<|>|=)(\d+)$")
#: "with Force lower than or equal to this battlefield's province's strength" (the grammar writes a
#: Province's strength only as the current battlefield's: Comprehensive Rules, "This")
_PROVINCE_CMP_RE = re.compile(rf"^cmp:({_STATS})(<=|>=|<|>|=)possessed\.strength$")
#: "Each of your cards that is Courtier or Magistrate": one of these keywords
_IS_KEYWORDS_RE = re.compile(r"^is:([A-Z][\w-]*(?: or [A-Z][\w-]*)+)$")
#: "in this army", "in your army", "in his army": the grammar writes the three alike. In the pool
#: "this" is the card whose ability it is, "your" its player's side, and "his" the performer the
#: action chose -- in a Battle action at the current battlefield all three are the acting player's
#: units at the battlefield of this card's unit (or, for a card played from the hand, at the
#: current battlefield), as amounts.count reads "in-army"; a unit at home is in no army
_OWN_ARMY = "in-army"
#: "each bowed card in the enemy army": other players' cards at the battlefield of this card's unit
_ENEMY_ARMY = "in-army:enemy"
#: "a card ... in a unit led by a dishonorable Personality": the Personality heading its unit
_LED_BY_DISHONORABLE = "in-unit-of:a dishonorable Personality"
#: "a Personality controlled by the active player", "a target Holding controlled by a player with four
#: or more Holdings in play", "... by a player who controls a dishonorable Personality": a test of the
#: card's controller
_CONTROLLED_BY_RE = re.compile(r"^controlled-by:(the active player|a player (?:who controls|with) (.+))$")
_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_AT_LEAST_RE = re.compile(r"(one|two|three|four|five|six|\d+) or more (\w+?)s?(?: in play)?")


def _controller_test(words: str | None):
    """What "a player who controls X" asks of the player: (count, kind words, state) or None."""
    from .conditions import _kind_words, _opponent

    if words is None:
        return (0, None, None)  # "the active player"
    m = _AT_LEAST_RE.fullmatch(words.strip())
    if m:
        found = _kind_words(m.group(2))
        n = _COUNT_WORDS.get(m.group(1), None) or (int(m.group(1)) if m.group(1).isdigit() else None)
        return None if found is None or n is None else (n, found, None)
    read = _opponent(words)  # "a dishonorable Personality"
    if read is None or not re.match(r"an? ", words.strip()):
        return None
    state, found = read
    return (1, found, state)


#: "without unbowed attachments": every card attached to it is bowed
_ATTACHMENT_STATES = {"no-unbowed-attachments"}
#: "a Fallen Personality": the Fallen keyword (the grammar lower-cases it as a describing word);
#: "an unaligned Personality": one with no Clan Alignment; "at another battlefield": at a
#: battlefield other than the current one (the text's own exception to the Rule of Location,
#: :func:`lifts_location`)
_WORD_STATES = {"fallen", "unaligned", "other-battlefield"}
#: the Clan Alignments of Twenty Festivals (Comprehensive Rules, "Clan Alignment")
CLANS = ("Crab", "Crane", "Dragon", "Lion", "Mantis", "Phoenix", "Scorpion", "Spider", "Unicorn")


#: the two states of a card in a discard pile (Comprehensive Rules, "Dead", "Discarded and Dead"): a
#: Personality destroyed is dead while he remains there (history.dead); every other card there --
#: a Personality discarded, not destroyed, included -- is discarded
_PILE_STATES = ("dead", "discarded")


def _pile_state(copy: Copy) -> str | None:
    from .history import dead

    if not copy.zone.endswith("discard"):
        return None
    return "dead" if dead(copy) else "discarded"


def pile_named(spec) -> bool:
    """"your target dead Personality", "a discarded Personality": the words name cards in a discard
    pile even where the text names no zone (procedure.target_ok)."""
    return any(s in _PILE_STATES for s in getattr(spec, "states", ()))


def checked(state: str) -> bool:
    # ("at-least:N", "one to three target cards": the fewest targets, procedure.choose_targets)
    return state.startswith("at-least:") or state in _PLAIN or state in _HERE or state in _PILE_STATES or bool(_CMP_RE.match(state)) \
        or bool(_ANY_KW_RE.match(state)) or bool(_HAS_RE.match(state)) or bool(_FEWER_ATTACHED_RE.match(state)) or bool(_OWN_PRINTED_RE.match(state)) \
        or bool(_ARMY_RE.match(state)) or bool(_ABILITY_RE.match(state)) or bool(_EXACTLY_RE.match(state)) \
        or state == _AT_SOURCE or bool(_PRINTED_KW_RE.match(state)) or bool(_OPPOSING_RE.match(state)) \
        or _either_checked(state) or bool(_NOT_TITLED_RE.match(state)) or bool(_NON_RE.match(state)) or state == _CURRENT_PROVINCE \
        or state in _ATTACHMENT_STATES or state in _WORD_STATES or state in (_OWN_ARMY, _ENEMY_ARMY, _LED_BY_DISHONORABLE) \
        or (bool(_CONTROLLED_BY_RE.match(state)) and _controller_test(_CONTROLLED_BY_RE.match(state).group(2))
            is not None) or any(
            r.match(state) for r in (_AT_NAMED_RE, _AT_LOCATION_OF_RE, _IN_NAMED_UNIT_RE, _ATTACK_ABILITY_RE, _UNIT_KEYWORD_RE, _TOTAL_CMP_RE,
                                     _UNIT_CMP, _UNIT_VALUE_RE, _PROVINCE_CMP_RE, _IS_KEYWORDS_RE)) \
        or state in ("duel-winner", "duel-loser") \
        or _any_of_checked(state) or bool(_ATTACHED_AT_LEAST_RE.match(state)) \
        or _either_of_parts(state) is not None \
        or token_state_read(state)  # (duel sides: named by duels.subjects, never tested on a card)


#: "with no attachments or with three or more attachments": either describing word ("||" between);
#: a "has:" word is left out (without its article, "with Shadowlands" may be the card's own keyword)
_EITHER_OF = "either-of:"
#: "with three or more attachments": that many cards attached to it
_ATTACHED_AT_LEAST_RE = re.compile(r"^controls-at-least:(\d+):attachment$")


def fewer_than_read(ability, clause) -> bool:
    """"a target Personality with fewer Weapons" says fewer than whom only by leaving it out: it is
    read as the Personality whose ability it is (:func:`fits`) only when the ability names no card
    before it ("Target your Personality. ... an enemy Personality with fewer Weapons": fewer than
    that target, which the test does not see)."""
    if clause.target is None or not any(_FEWER_ATTACHED_RE.match(s) for s in clause.target.states):
        return True
    for earlier in (*ability.costs, *ability.effects):
        if earlier is clause or getattr(earlier, "text", None) == clause.text:
            return True  # (effects.executes hands a copy with its target widened)
        target = getattr(earlier, "target", None)
        if target is not None and target.ref in ("target", "choice", "it"):
            return False
    return True


def _either_of_parts(state: str) -> list[str] | None:
    if not state.startswith(_EITHER_OF):
        return None
    parts = state[len(_EITHER_OF):].split("||")
    if len(parts) < 2 or any(p.startswith(("has:", "has-no:", _EITHER_OF)) or not checked(p) for p in parts):
        return None
    return parts


def _any_of_checked(state: str) -> bool:
    m = _ANY_OF_RE.match(state)
    return m is not None and all(checked(p[len("state:"):]) for p in m.group(1).split("|") if p.startswith("state:"))


def _any_of_fits(game, pos: Position, source: Copy | None, copy: Copy, parts: str) -> bool | None:
    """Does ``copy`` fit one of the words of an "any-of:" state? None when none fits and one of
    them cannot be told."""
    unknown = False
    for part in parts.split("|"):
        kind, _, word = part.partition(":")
        if kind == "keyword":
            found = pos.has_keyword(copy, word)
        elif kind == "not-keyword":
            found = not pos.has_keyword(copy, word)
        else:
            found = fits(game, pos, source, copy, word)
        if found:
            return True
        unknown = unknown or found is None
    return None if unknown else False


#: words of a target saying where it may be: the text's own exception to the Rule of Location
#: (L5R-LOCATION.6): "at any location", "at any battlefield", "at home"
_ELSEWHERE = {"any-location", "any-battlefield", "at-home", "at home", "other-battlefield"}


def lifts_location(spec) -> bool:
    """Does this target description say where the target may be, so that a Battle action's target
    in a unit need not be at the current battlefield (L5R-LOCATION.6)?"""
    return spec is not None and bool(_ELSEWHERE & set(spec.states))


def compare(a: int, op: str, b: int) -> bool:
    """``a op b`` for the comparison words of card text ("less than", "or lower" ...)."""
    return {"<": a < b, "<=": a <= b, "=": a == b, ">=": a >= b, ">": a > b, "!=": a != b}[op]


def opposed(pos: Position, copy: Copy) -> bool:
    """A card at a battlefield where another player also has cards (L5R-RESOLVE)."""
    return copy.zone.startswith("battlefield") and any(
        c.zone == copy.zone and c.controller != copy.controller for c in pos.all_copies())


def _leader(pos: Position, copy: Copy) -> Copy:
    while copy.attached_to is not None and copy.attached_to in pos.copies:
        copy = pos.copies[copy.attached_to]
    return copy


def _value(game, pos: Position, copy: Copy, stat: str) -> int:
    if stat in ("force", "chi"):
        return game.card_property(pos, copy, stat) or 0
    return pos.stat(copy, stat, 0) or 0


def fits(game, pos: Position, source: Copy | None, copy: Copy, state: str) -> bool | None:
    """Does ``copy`` fit ``state``, as the ability of ``source`` describes it? None: cannot tell."""
    if state.startswith("at-least:"):  # a number of targets, not a card's state (procedure.choose_targets)
        return True
    if state == "face-up":  # no flag of its own: a card is face-up unless flagged face-down
        return "face-down" not in copy.flags
    if state in _PLAIN:
        return game.has_state(pos, copy, state)
    if state == "dishonorable":  # the state a Personality is in once dishonored (Comprehensive Rules,
        # "Honorable and Dishonorable"): only Personalities can be dishonorable
        return copy.card.type == "personality" and game.has_state(pos, copy, "dishonored")
    if state == "at-home":
        return copy.zone == "home"
    if state in _PILE_STATES:  # "your dead Personality", "your discarded (not dead) Personality"
        return _pile_state(copy) == state
    if state == PERFORMED_IT:  # "a Personality who performed it": the action a Reaction answers
        found = answered_performers(pos)
        return None if found is None else copy.uid in found
    m = _NOT_TITLED_RE.match(state)
    if m:
        named = m.group(1)
        if named == "this":
            if source is None:
                return None
            named = source.card.name
        return _title(copy.card.name) != _title(named)
    if state == "any-battlefield":  # "at a battlefield", "at any battlefield"
        return copy.zone.startswith("battlefield")
    if state == "at-battlefield":  # "at this battlefield", "at the current battlefield": the battle's own
        # (Comprehensive Rules: "This battlefield" refers to the current battlefield)
        from .procedure import current_battlefield

        field = current_battlefield(pos) if pos.timing.phase == "attack" else None
        from .effects_battle import at_field  # (a Terrain there is in neither side: effects_battle)

        return at_field(_leader(pos, copy), field)
    if state in ("any-location", "in-and-out-of-play"):  # the text lifts the usual limit (to the current
        return True  # battlefield; to cards in play)
    if state in ("opposed", "unopposed"):
        here = opposed(pos, copy)
        return here if state == "opposed" else (copy.zone.startswith("battlefield") and not here)
    if state in ("no-attachments", "has-attachments"):  # "without attachments" / "with attachments"
        return bool(pos.attachments_of(copy.uid)) == (state == "has-attachments")
    m = _ANY_OF_RE.match(state)
    if m:
        return _any_of_fits(game, pos, source, copy, m.group(1))
    m = _ATTACHED_AT_LEAST_RE.match(state)
    if m:
        return len(pos.attachments_of(copy.uid)) >= int(m.group(1))
    parts = _either_of_parts(state)
    if parts is not None:
        found = [fits(game, pos, source, copy, p) for p in parts]
        return True if True in found else (None if None in found else False)
    if state in ("no-followers", "has-followers"):  # "with Followers" / "without Followers"
        has = any(a.card.type == "follower" for a in pos.attachments_of(copy.uid))
        return has if state == "has-followers" else not has
    if state in ("unique", "non-unique"):
        unique = "unique" in copy.card.flags
        return unique if state == "unique" else not unique
    m = _ANY_KW_RE.match(state)
    if m:
        return any(pos.has_keyword(copy, k) for k in m.group(1).split("|"))
    if token_state_read(state):  # "with a Poison token", "with no Training tokens" (tokens.py)
        return token_state_fits(copy, state)
    m = _HAS_RE.match(state)
    if m:
        attached = pos.attachments_of(copy.uid)
        found = any(m.group(2) == "attachment" or pos.has_keyword(a, m.group(2)) for a in attached)
        return found if m.group(1) == "has" else not found
    m = _FEWER_ATTACHED_RE.match(state)
    if m:
        from .effects import in_play

        if source is None or source.card.type != "personality" or not in_play(pos, source):
            return None  # "fewer Weapons" than whom: only a Personality in play compares its own

        def held(card: Copy) -> int:
            return sum(pos.has_keyword(a, _singular(m.group(1))) for a in pos.attachments_of(card.uid))

        return held(copy) < held(source)
    m = _PRINTED_KW_RE.match(state)
    if m:
        printed = {k.casefold() for k in copy.card.keywords}
        return any(k.casefold() in printed for k in m.group(1).split("|"))
    m = _ABILITY_RE.match(state)
    if m:
        return has_ability(game, pos, copy, m.group(1))
    m = _ATTACK_ABILITY_RE.match(state)
    if m:
        from .effects_engine import granted

        kinds = {w.split()[0].lower() + "-attack" for w in m.group(1).split("|")}
        return any(getattr(c, "kind", "") in kinds for a in (*game.abilities(copy), *granted(pos, copy))
                   if a.kind in ("action", "reaction") for c in a.effects)
    m = _EXACTLY_RE.match(state)
    if m:
        return sum(pos.has_keyword(a, m.group(2)) for a in pos.attachments_of(copy.uid)) == int(m.group(1))
    found = _own_fits(game, pos, copy, state)
    if found is not None:
        return found
    m = _OWN_PRINTED_RE.match(state)
    if m:
        stat, op, printed = m.groups()
        value = copy.card.attrs.get(printed, 0)
        return compare(_value(game, pos, copy, stat), op, value if isinstance(value, int) else 0)
    if source is None:
        return None
    if state == "other":
        return copy.uid != source.uid
    if state == "in-unit":
        return _leader(pos, copy).uid == _leader(pos, source).uid
    if state == "performing":  # the card taking the action, or the Personality that carries it
        from .effects_restrictions import cannot_perform

        if cannot_perform(pos, copy):  # "He may not perform actions" (effects_restrictions)
            return False
        if source.zone == "announced":  # played from the hand: the player names the performer
            return copy.card.type == "personality" and copy.controller == source.controller
        return copy.uid == _leader(pos, source).uid
    m = _CMP_RE.match(state)
    if m:
        stat, op, ref, other_stat = m.groups()
        other = source if ref == "this" else pos.copies.get(source.attached_to or -1)
        if other is None:
            return None
        if ref == "this" and other.card.type != "personality" and other_stat and other.attached_to in pos.copies:
            other = pos.copies[other.attached_to]  # "Yayoi's Chi" on her Spell or Follower: the Personality
        return compare(_value(game, pos, copy, stat), op, _value(game, pos, other, other_stat or stat))
    m = _ARMY_RE.match(state)
    if m:
        return _in_army(pos, source, copy, m.group(1))
    if state == _CURRENT_PROVINCE:  # no battle being fought: no current battlefield, no such province
        from .procedure import current_battlefield

        field = current_battlefield(pos) if pos.timing.phase == "attack" else None
        return field is not None and copy.zone == "province " + field.split()[1] \
            and copy.zone_owner == game.defender(pos)
    m = _NON_RE.match(state)
    if m:
        word = m.group(1)
        if word.lower() in _TYPE_WORDS:
            return copy.card.type != word.lower()
        clan = word[: -len(" Clan")] if word.endswith(" Clan") else None
        return not (pos.has_keyword(copy, word) or (clan is not None and pos.has_keyword(copy, clan)))
    if _EITHER_RE.match(state):
        return _either_fits(game, pos, source, copy, state)
    m = _OPPOSING_RE.match(state)
    if m:
        return _opposing(pos, source, copy, m.group(1), bool(m.group(2)))
    if state == _AT_SOURCE:  # a card at home or still in the hand is at no battlefield
        field = _leader(pos, source).zone
        return field.startswith("battlefield") and _leader(pos, copy).zone == field
    return _source_fits(game, pos, source, copy, state)


def clan_aligned(pos: Position, copy: Copy) -> bool:
    """Has the card a Clan Alignment? Its mon (the card's ``clan``) or a keyword naming a clan
    ("Crab", "Crab Clan"; Comprehensive Rules, "Personality": cards are considered to have the
    keyword of their mon): the clans of Twenty Festivals, and the players' own Clan Alignments
    (other alignments exist only in games where effects give them)."""
    if copy.card.attrs.get("clan"):
        return True
    clans = {c.casefold() for c in CLANS}
    clans |= {str(p.attrs.get("clan", "")).casefold() for p in pos.players.values() if p.attrs.get("clan")}
    for keyword in pos.keywords(copy):
        word = keyword.casefold()
        if word in clans or (word.endswith(" clan") and word[: -len(" clan")].strip()):
            return True
    return False


def unit_has_keyword(pos: Position, copy: Copy, keyword: str) -> bool:
    """Comprehensive Rules, "Unit Keywords": a unit has a keyword when its Personality and all its
    Followers each have it; an "Infantry unit" is one that does not have Cavalry."""
    leader = _leader(pos, copy)
    members = [leader, *(a for a in pos.attachments_of(leader.uid) if a.card.type == "follower")]
    if keyword.casefold() == "infantry":
        return not unit_has_keyword(pos, copy, "Cavalry")
    return all(pos.has_keyword(c, keyword) for c in members)


def unit_force(game, pos: Position, copy: Copy) -> int:
    """The total Force of the card's unit outside battle resolution: its Personality's Force (Items
    modify it) and each Follower's, bowed or not (Comprehensive Rules, "Unit and Army Force")."""
    leader = _leader(pos, copy)
    members = [leader, *(a for a in pos.attachments_of(leader.uid) if a.card.type == "follower")]
    return sum(_value(game, pos, c, "force") for c in members if c.card.type in ("personality", "follower"))


def _own_fits(game, pos: Position, copy: Copy, state: str) -> bool | None:
    """Words judged from the card alone (None: not one of them)."""
    if state == "fallen":
        return pos.has_keyword(copy, "Fallen")
    if state == "unaligned":  # Comprehensive Rules, "Unaligned": a Personality without a Clan Alignment
        return copy.card.type == "personality" and not clan_aligned(pos, copy)
    if state == "other-battlefield":  # with no battle being fought, no battlefield is the current one
        from .procedure import current_battlefield

        field = current_battlefield(pos) if pos.timing.phase == "attack" else None
        where = _leader(pos, copy).zone
        return where.startswith("battlefield") and where != field
    if state == "no-unbowed-attachments":
        return all(game.has_state(pos, a, "bowed") for a in pos.attachments_of(copy.uid))
    m = _IS_KEYWORDS_RE.match(state)
    if m:
        return any(pos.has_keyword(copy, k) for k in m.group(1).split(" or "))
    if state == _LED_BY_DISHONORABLE:  # (the Personality is in his own unit; dishonorable: dishonored)
        leader = _leader(pos, copy)
        return leader.card.type == "personality" and game.has_state(pos, leader, "dishonored")
    m = _CONTROLLED_BY_RE.match(state)
    if m:
        test = _controller_test(m.group(2))
        if test is None:
            return None
        if m.group(2) is None:  # "controlled by the active player"
            return copy.controller == pos.timing.active
        from .conditions import _matches, _state
        from .effects import in_play

        n, found, word = test
        held = [c for c in pos.all_copies() if c.controller == copy.controller and in_play(pos, c)
                and _matches(pos, c, found) and (word is None or _state(game, pos, c, word))]
        return len(held) >= n
    m = _UNIT_KEYWORD_RE.match(state)
    if m:
        return unit_has_keyword(pos, copy, m.group(1))
    m = _UNIT_VALUE_RE.match(state)
    if m:
        return compare(unit_force(game, pos, copy), m.group(1), int(m.group(2)))
    m = _PROVINCE_CMP_RE.match(state)
    if m:
        from .effects_engine import province_strength
        from .procedure import current_battlefield

        field = current_battlefield(pos) if pos.timing.phase == "attack" else None
        if field is None:
            return None  # no battle being fought: no current battlefield, no such province
        strength, _ = province_strength(game, pos, game.defender(pos), "province " + field.split()[1])
        return compare(_value(game, pos, copy, m.group(1)), m.group(2), strength)
    return None


def _source_fits(game, pos: Position, source: Copy, copy: Copy, state: str) -> bool | None:
    """Words judged against the card whose ability it is (or the Personality it is attached to)."""
    leader = _leader(pos, source)
    if source.zone == "announced" and state.startswith(("cmp:total-force", "unit-cmp:")):
        return None  # "this unit" of a card played from the hand: in no unit
    if state == _ENEMY_ARMY:  # a unit at home is in no army, and faces none
        field = leader.zone
        return field.startswith("battlefield") and _leader(pos, copy).zone == field \
            and copy.controller != source.controller
    if state == _OWN_ARMY:
        if source.zone == "announced":  # played from the hand: the acting player's units in the battle
            from .procedure import current_battlefield

            field = current_battlefield(pos) if pos.timing.phase == "attack" else None
        else:
            field = leader.zone
        if field is None or not field.startswith("battlefield"):
            return False  # no battle being fought, or this card's unit at home: no army
        return _leader(pos, copy).zone == field and copy.controller == source.controller
    m = _AT_NAMED_RE.match(state)
    if m:
        named = _named(pos, source, m.group(1))
        if named is None:
            return None
        field = _leader(pos, named).zone
        return field.startswith("battlefield") and _leader(pos, copy).zone == field
    m = _AT_LOCATION_OF_RE.match(state)
    if m:
        named = _named(pos, source, m.group(1))
        if named is None:
            return None
        here, there = _leader(pos, named), _leader(pos, copy)
        if here.zone.startswith("battlefield"):
            return there.zone == here.zone
        return here.zone == "home" and there.zone == "home" and there.zone_owner == here.zone_owner
    m = _IN_NAMED_UNIT_RE.match(state)
    if m:
        named = _named(pos, source, m.group(1))
        return None if named is None else _leader(pos, copy).uid == _leader(pos, named).uid
    m = _TOTAL_CMP_RE.match(state)
    if m:
        if copy.card.type != "personality":
            return None  # ("Followers with total Force ...": several targets' Force added up, not read)
        op, stat = m.groups()
        other = _value(game, pos, leader, stat) if stat else unit_force(game, pos, leader)
        return compare(unit_force(game, pos, copy), op, other)
    m = _UNIT_CMP.match(state)
    if m:
        return compare(unit_force(game, pos, copy), m.group(1), unit_force(game, pos, leader))
    return None


def _named(pos: Position, source: Copy, name: str) -> Copy | None:
    """The card a name in the text stands for: this card or the Personality it is attached to
    (another card's name the engine does not look up)."""
    if source.zone == "announced":
        return None
    leader = _leader(pos, source)
    found = [c for c in (source, leader) if name.lower() in c.name.lower().replace(",", " ").split()]
    return found[0] if found else None


def has_ability(game, pos: Position, copy: Copy, designator: str) -> bool:
    """Does ``copy`` have an ability with ``designator`` ("Political Open, Bow this card: ..." is a
    Political ability)? Its printed abilities and those effects gave it (L5R-DURATION), as the
    ability parser reads their designators; a trait has none."""
    from .effects_engine import granted

    return any(designator in a.designators for a in (*game.abilities(copy), *granted(pos, copy)))


def _in_army(pos: Position, source: Copy, copy: Copy, name: str) -> bool | None:
    """Is ``copy`` in the army of the named card (this card or the Personality it is attached to:
    its controller's cards at its battlefield)? Another card's name the engine does not look up."""
    leader = _leader(pos, source)
    # ("Seasoned Ronin's army": every word of the name is in the card's name)
    named = [c for c in (source, leader) if set(name.lower().split()) <= set(c.name.lower().replace(",", " ").split())]
    if source.zone == "announced" or not named:
        return None
    field = leader.zone
    if not field.startswith("battlefield"):
        return False  # a unit at home is in no army
    return _leader(pos, copy).zone == field and copy.controller == source.controller


def _opposing(pos: Position, source: Copy, copy: Copy, name: str, current: bool) -> bool | None:
    """Does ``copy`` oppose the named card (this card or the Personality it is attached to)? The
    armies facing each other at a battlefield are the players' units there (L5R-RESOLVE): a card
    of another player at the named card's battlefield -- the current one when the text says so.
    Another card's name the engine does not look up."""
    leader = _leader(pos, source)
    named = [c for c in (source, leader) if name.lower() in c.name.lower().replace(",", " ").split()]
    if source.zone == "announced" or not named:
        return None
    field = leader.zone
    if not field.startswith("battlefield"):
        return False  # a unit at home opposes no one
    if current:
        from .procedure import current_battlefield

        if pos.timing.phase != "attack" or current_battlefield(pos) != field:
            return False
    return _leader(pos, copy).zone == field and copy.controller != source.controller


@functools.lru_cache(maxsize=None)
def _either_parts(state: str) -> tuple | None:
    """The two descriptions of an "either:" state as the grammar reads each alone, or None when
    one cannot be checked here. A part may name a card type ("a Spell", "a dishonorable
    Personality") or only keywords ("a Kiho", "an Air Shugenja": any type with them): when a part
    names no type the description as a whole keeps its type open (the grammar), so
    procedure.target_ok lets every type through to this state, which then checks each part's own
    type, keywords, numbers and states. "A card without attachments" is not read: the whole keeps
    the other part's type alone, and target_ok would refuse every other type first."""
    m = _EITHER_RE.match(state)
    if m is None:
        return None
    from .ability import parse_ability

    parts = []
    for n, words in enumerate(m.groups()):
        his = _HIS_PART_RE.match(words.strip())
        if n == 1 and his is not None and parts and not isinstance(parts[0], tuple):
            # "your performing Kensai or one of his Weapons": a card attached to one fitting the first part
            noun = _singular(his.group(1))
            parts.append(("of-first", noun.lower(), None) if noun.lower() in _OWNED_TYPES
                         else ("of-first", "card", noun))
            continue
        bare = _bare_part(words.strip())
        if bare is not None:
            parts.append(bare)
            continue
        ability = parse_ability(f"Battle: Bow {words.strip()}.")
        spec = ability.effects[0].target if ability.structured and len(ability.effects) == 1 else None
        # ("a Kiho or a Spell from your hand": a part may name the hand, checked by _either_fits)
        if spec is None or spec.ref not in ("target", "choice") or spec.zone not in (None, "hand") \
                or spec.owner not in ("any", "you") or (spec.zone == "hand" and "from your hand" not in spec.text.lower()):
            return None
        if any(t in ("card", "unit") for t in spec.card_types) or not (spec.card_types or spec.keywords):
            return None  # "a card without …": the whole keeps the other side's type, which would
            # refuse every other type first; a part naming neither type nor keyword is unread
        if any(s in _LIFTING or s.startswith("either") or not checked(s) for s in spec.states):
            return None
        parts.append(spec)
    return tuple(parts)


#: "… or one of his Weapons": the second part of an either-description, about the first part's card
_HIS_PART_RE = re.compile(r"^one of (?:his|her|its) ([A-Z][a-z-]+)$")
#: "a target Ring or Moshi Tomiko": a card type named bare, or a card's title (two or more
#: capitalised words: one word alone may be a keyword or this card's own name)
_TITLE_PART = re.compile(r"[A-Z][\w'-]*(?: [A-Z][\w'-]*)+")


def _bare_part(words: str):
    """A part of an "either:" state written without an article: a card type ("Ring", "Holding") as
    a description of that type, or a title as ("titled", title); None for anything else."""
    from ...core.ability import TargetSpec

    if words.lower() in _TYPE_WORDS and words[:1].isupper() and " " not in words:
        return TargetSpec(ref="target", card_types=(words.lower(),), text=words)
    if _TITLE_PART.fullmatch(words) and not any(w.lower() in _TYPE_WORDS for w in words.split()):
        return ("titled", words)
    return None


def _either_checked(state: str) -> bool:
    return _either_parts(state) is not None


def _either_fits(game, pos: Position, source: Copy | None, copy: Copy, state: str) -> bool | None:
    """Does ``copy`` fit one of the two descriptions (its types, keywords, states and numbers)?"""
    parts = _either_parts(state)
    if parts is None:
        return None
    unknown = False
    for spec in parts:
        if isinstance(spec, tuple) and spec[0] == "of-first":  # "one of his Weapons"
            _, kind, keyword = spec
            bearer = pos.copies.get(copy.attached_to) if copy.attached_to is not None else None
            if bearer is None or (kind not in ("card", "attachment") and copy.card.type != kind) \
                    or (keyword is not None and not pos.has_keyword(copy, keyword)):
                continue
            found = _part_fits(game, pos, source, bearer, parts[0])
            if found:
                return True
            unknown = unknown or found is None
            continue
        if isinstance(spec, tuple):  # ("titled", title): a card of that title (Experienced or not)
            if _title(copy.card.name) == _title(spec[1]):
                return True
            continue
        found = _part_fits(game, pos, source, copy, spec)
        if found:
            return True
        unknown = unknown or found is None
    return None if unknown else False


def _part_fits(game, pos: Position, source: Copy | None, copy: Copy, spec) -> bool | None:
    """Does ``copy`` fit one part of an either-description (type, zone, keywords, numbers, states)?"""
    if spec.card_types and copy.card.type not in spec.card_types \
            and not ("attachment" in spec.card_types and copy.attached_to):
        return False
    if spec.zone == "hand" and (copy.zone != "hand" or source is None or copy.zone_owner != source.controller):
        return False  # "from your hand": a card in the hand of the player whose ability it is
    if not all(pos.has_keyword(copy, k) for k in spec.keywords):
        return False
    if not all(compare(pos.stat(copy, t.stat, 0) or 0, t.op, t.value) for t in spec.tests):
        return False
    if spec.owner == "you" and (source is None or copy.controller != source.controller):
        return False  # ("your performing Kensai": the first part of "… or one of his Weapons")
    found = [fits(game, pos, source, copy, s) for s in spec.states]
    if False in found:
        return False
    return None if None in found else True


def _title(name: str) -> str:
    """A card's title without its Experienced mark: "Yasuki Tono \u2022 Experienced" has the
    title Yasuki Tono (Comprehensive Rules, Experienced: the Experienced version of a Personality
    has the same title, which is why it may overlay him)."""
    return name.split("\u2022")[0].strip().casefold()


# ---------------------------------------------------------------------------- "Sora's Weapon"

#: "Sora's Weapon", "one of Daiishu's Followers", "one of Haruma's Spells": a card attached to the
#: card the name stands for (this card, or the Personality it is attached to: :func:`_named`), of
#: the type or keyword the noun gives (one noun: "Followers or Weapons" keeps one of the two)
_OWNED_RE = re.compile(r"^(?:one of )?([A-Z][\w-]*)'s ([A-Z][a-z-]+)$")
#: the types such a noun may name (cards that attach to a Personality)
_OWNED_TYPES = {"follower", "spell", "item", "card", "attachment"}


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def owned_spec(spec) -> tuple[str, str, str | None] | None:
    """(owner's name, card type, keyword or None) of "Sora's Weapon"-like words, or None for other
    possessed words (``effects.executes`` claims only these; :func:`owned_cards` finds them)."""
    # ("Misaki's performing Follower": one attached to her is in her unit, which performs her action)
    if spec is None or spec.ref != "possessed" or spec.tests or spec.zone is not None or spec.count != 1 \
            or spec.up_to or tuple(spec.states) not in (("of-this",), ("of-choice",), ("of-this", "performing")):
        return None
    m = _OWNED_RE.match((spec.text or "").strip().replace(" performing ", " "))
    if m is None or len(spec.card_types) != 1 or spec.card_types[0] not in _OWNED_TYPES or len(spec.keywords) > 1:
        return None
    kind, keyword = spec.card_types[0], (_singular(spec.keywords[0]) if spec.keywords else None)
    noun = _singular(m.group(2)).lower()
    if noun not in (kind, (keyword or "").lower()) or (kind == "card" and keyword is None):
        return None  # the noun is not what the description kept
    return m.group(1), kind, keyword


#: "Bow Kojinrue or one of his Weapons": this card, or a card of that keyword (or type) attached to it
_SELF_OR_OWNED_RE = re.compile(r"^either:([A-Z][\w-]*)\|one of (?:his|her|its) ([A-Z][a-z-]+)$")


def self_or_owned(spec) -> tuple[str, str, str | None] | None:
    """(name, card type, keyword or None) of "Kojinrue or one of his Weapons" said of this card, or None."""
    if spec is None or spec.ref != "this" or spec.card_types or spec.keywords or spec.tests \
            or spec.zone is not None or len(spec.states) != 1:
        return None
    m = _SELF_OR_OWNED_RE.match(spec.states[0])
    if m is None:
        return None
    noun = _singular(m.group(2))
    return (m.group(1), noun.lower(), None) if noun.lower() in _OWNED_TYPES else (m.group(1), "card", noun)


def _self_or_owned_card(ctx, source: Copy, clause, read, rule: str) -> list:
    """"Bow Kojinrue or one of his Weapons": the card named with ``paying`` when one is (it must be
    such a card attached to him), else the card itself -- nothing else in the ability is named with
    ``paying`` (``owned_read``), so a name there is this choice."""
    from dataclasses import replace

    name, kind, keyword = read
    owner = _named(ctx.position, source, name)
    if owner is None:
        ctx.reject(rule, f"'{clause.target.text}': {name} is not this card nor the Personality it is attached to")
    used = ctx.position.memo.setdefault("_paying_used", [])
    if not [i for i in range(len(ctx.body.paying)) if i not in used]:
        return [owner]
    from .procedure import _paying_choice

    spec = replace(clause.target, ref="choice", card_types=(kind,), keywords=(keyword,) if keyword else (), states=())
    picked = _paying_choice(ctx, source, clause, spec, True)
    if any(c.uid != owner.uid and c.attached_to != owner.uid for c in picked):
        ctx.reject(rule, f"{picked[0].show()} is not attached to {owner.name}: it is not '{clause.target.text}'")
    return picked


def owned_cards(ctx, source: Copy, clause, bind, *, as_cost: bool) -> list | None:
    """The card "Sora's Weapon" names in a cost or effect of Sora's own ability: one attached to
    the named card, named with ``paying`` like any card the player picks without targeting
    (L5R-ACT-COST, L5R-ACT-EFFECT). "Him" after it is the named card ("You may bow Sora's Weapon to
    straighten him"). An optional "you may bow …" needs an unbowed one: bowing a bowed card would
    not happen, and what it is done for would not either. None: not such words."""
    from dataclasses import replace

    rule = "L5R-ACT-COST" if as_cost else "L5R-ACT-EFFECT"
    token = removed_token(getattr(clause, "target", None))
    if token is not None:  # "Destroy a Fire token on Torazu": the card named loses one (tokens.py)
        bearer = _named(ctx.position, source, token[1])
        if bearer is None:
            ctx.reject(rule, f"'{clause.target.text}': {token[1]} is not this card nor the Personality it is attached "
                       "to (the engine does not look up other cards by name)")
        bind.last = [bearer]  # "... to give him Cavalry": the card named
        return [bearer]
    named = the_target_spec(bind.specs, getattr(clause, "target", None)) if not as_cost else None
    if named is not None:  # "the Personality": the card of the one target named so (L5R-ACT-EFFECT)
        return [c for c in bind.targets.get(id(named), []) if not isinstance(c, str)]
    if not as_cost and _in_it(getattr(clause, "target", None)):
        return _cards_in_it(ctx, clause.target, bind)
    if clause.kind == "discard" and _own_top_cards(getattr(clause, "target", None)):
        return _own_top(ctx, clause, rule)  # "Discard the top 3 cards of your Fate deck": no choice in it
    if not as_cost and _top_of_deck(getattr(clause, "target", None)):  # "Discard the top card of a Fate deck"
        return _top_card(ctx, source, clause, rule)
    if not as_cost and _opposing_pronoun(getattr(clause, "target", None)):  # "each … opposing him"
        return _cards_opposing(ctx, source, clause.target, bind)
    if not as_cost and _all_targets(getattr(clause, "target", None)):  # "Destroy both targets"
        return [c for spec in bind.specs for c in bind.targets.get(id(spec), []) if not isinstance(c, str)]
    if not as_cost and _targets_unit(getattr(clause, "target", None)):
        from .effects_engine import unit_cards  # "straighten the target's unit": the one target's unit

        chosen = [c for cards in bind.targets.values() for c in cards if not isinstance(c, str)]
        return unit_cards(ctx.position, chosen[0]) if len(chosen) == 1 else []
    either = self_or_owned(getattr(clause, "target", None))
    if either is not None and as_cost:
        return _self_or_owned_card(ctx, source, clause, either, rule)
    owned_or_yours = _owned_or_yours(getattr(clause, "target", None))
    if owned_or_yours is not None:
        return _owned_or_yours_card(ctx, source, clause, owned_or_yours, rule, as_cost)
    read = owned_spec(getattr(clause, "target", None))
    if read is None:
        return None
    name, kind, keyword = read
    owner = _named(ctx.position, source, name)
    if owner is None:
        ctx.reject(rule, f"'{clause.target.text}': {name} is not this card nor the Personality it is attached to "
                   "(the engine does not look up other cards by name)")
    from .procedure import _paying_choice

    picked = _paying_choice(ctx, source, clause, replace(clause.target, ref="choice", card_types=(kind,),
                                                         keywords=(keyword,) if keyword else (), states=()), as_cost)
    for copy in picked:
        if copy.attached_to != owner.uid:
            ctx.reject(rule, f"{copy.show()} is not attached to {owner.name}: it is not '{clause.target.text}'")
        if not as_cost and clause.kind == "bow" and "bowed" in copy.flags:
            ctx.reject(rule, f"{copy.show()} is bowed already: bowing it would not happen ('{clause.text}')")
    bind.last = [owner]  # "to straighten him": the card the name stands for
    bind.recent = picked  # "the Follower's Force": the card bowed (amounts.named_card)
    return picked



#: "the Personality", "the Strategy": a card named by its type or keyword alone, after "the"
_THE_NOUN_RE = re.compile(r"^the ([A-Z][a-z-]+)$")
#: "Target your Samurai ...: ... your Samurai": after a target of yours so named, that target
_YOUR_NOUN_RE = re.compile(r"^your ([A-Z][a-z-]+)$")


def _names_noun(spec, noun: str) -> bool:
    """Does a target's description name its card by ``noun`` (its type, or one keyword)?"""
    noun = _singular(noun)
    kind = {"strategy": "action"}.get(noun.lower(), noun.lower())  # (a Strategy is an Action card)
    return kind in spec.card_types or any(_singular(k) == noun for k in spec.keywords)


def the_target_spec(specs, spec):
    """The one target description "the Personality" stands for -- the only target named by that
    type or keyword ("Target your Personality and a non-Unique attachment ...: Attach it to the
    Personality") -- or None when there is no such single target."""
    text = (getattr(spec, "text", None) or "").strip()
    m = _THE_NOUN_RE.match(text) or _YOUR_NOUN_RE.match(text)
    if spec is None or spec.ref != "choice" or m is None or spec.zone is not None or spec.states or spec.tests:
        return None
    naming = [t for t in specs if t is not spec and t.ref == "target" and _names_noun(t, m.group(1))]
    if _YOUR_NOUN_RE.match(text):  # ("your Samurai": the target so named, if it is one of yours)
        naming = [t for t in naming if t.owner == "you"]
    chosen = [t for t in specs if t is not spec and t.ref == "choice" and not _THE_NOUN_RE.match((t.text or "").strip())
              and _names_noun(t, m.group(1))]  # ("Choose your Personality and target ...": which one?)
    return naming[0] if len(naming) == 1 and naming[0].count == 1 and not naming[0].up_to and not chosen else None


def the_target_read(ability, clause) -> bool:
    """For ``effects.executes``: an effect of an action on "the Personality", the one card a target
    of the action names that way (:func:`owned_cards` takes that target's card)."""
    if ability.kind not in ("action", "reaction") or clause not in ability.effects:
        return False
    specs = [c.target for c in (*ability.costs, *ability.effects) if getattr(c, "target", None) is not None]
    return the_target_spec(specs, getattr(clause, "target", None)) is not None


def owned_read(ability, clause) -> bool:
    """Does :func:`owned_cards` find the card ``clause`` names (for ``effects.executes``)? In a cost,
    or in an optional effect of an action ("You may bow one of Daiishu's Followers to straighten
    him": the card must be one the bow changes)."""
    if in_it_read(ability, clause):
        return True
    if removed_token(getattr(clause, "target", None)) is not None:  # "Destroy a Fire token on Torazu"
        # ("... Chiyoda's Madness tokens to Equip the Weapon to him": "him", the card the token was on,
        # is not who procedure._hosts looks for)
        return ability.kind in ("action", "reaction") and clause.kind in ("destroy", "discard") and not any(
            getattr(c, "kind", "") == "attach-to" and getattr(c.target, "ref", "") == "it" for c in ability.effects)
    if the_target_read(ability, clause):  # "Attach it to the Personality": the one target so named
        return True
    if _opposing_pronoun(getattr(clause, "target", None)):  # "him": the one card chosen before it
        named = [c for c in (*ability.costs, *ability.effects[:ability.effects.index(clause)])
                 if getattr(c, "target", None) is not None and c.target.ref in ("target", "choice", "it")] \
            if clause in ability.effects else []
        return ability.kind in ("action", "reaction") and len(named) == 1 and named[0].kind in ("choose", "target") \
            and named[0].target.count == 1
    if _own_top_cards(getattr(clause, "target", None)):  # the acting player's top cards, cost or effect
        return ability.kind in ("action", "reaction") and clause.kind == "discard"
    if _top_of_deck(getattr(clause, "target", None)):  # an effect's discard (a cost would discard from the hand)
        return ability.kind in ("action", "reaction") and clause in ability.effects and clause.kind == "discard"
    if _all_targets(getattr(clause, "target", None)):  # every card the action targeted, in order
        return ability.kind in ("action", "reaction") and clause in ability.effects and sum(
            getattr(c, "target", None) is not None and c.target.ref == "target" for c in (*ability.costs, *ability.effects)) >= 2
    if _owned_or_yours(getattr(clause, "target", None)) is not None:
        return _optional_or_cost(ability, clause)
    if _targets_unit(getattr(clause, "target", None)):  # the action's one target (a single card)
        targets = [c.target for c in (*ability.costs, *ability.effects) if getattr(c, "target", None) is not None
                   and c.target.ref == "target"]
        return ability.kind in ("action", "reaction") and clause in ability.effects and len(targets) == 1 \
            and targets[0].count == 1 and not targets[0].up_to and not targets[0].optional
    if self_or_owned(getattr(clause, "target", None)) is not None:
        # a cost of an action; the only card of it named with ``paying`` (_self_or_owned_card)
        others = [c for c in (*ability.costs, *ability.effects) if c is not clause and getattr(c, "target", None)
                  is not None and (c.target.ref == "choice" or owned_spec(c.target) is not None)]
        return ability.kind in ("action", "reaction") and clause in ability.costs and not others \
            and not any(getattr(c, "kind", "") in ("search", "choose") for c in (*ability.costs, *ability.effects))
    if owned_spec(getattr(clause, "target", None)) is None:
        return False
    return _optional_or_cost(ability, clause)


# ---------------------------------------------------------------------------- "each card in it"

#: "Target an enemy unit: Bow all Followers with 3 or lower Force in it": the cards of the unit
#: named before ("it"), each fitting the rest of the description
_IN_IT = "in:it"


def _in_it(spec) -> bool:
    return spec is not None and spec.ref == "each" and _IN_IT in spec.states and spec.zone is None \
        and all(checked(s) for s in spec.states if s != _IN_IT)


def _cards_in_it(ctx, spec, bind) -> list:
    """Every card in the unit of the card(s) "it" names that fits the rest of ``spec``."""
    from dataclasses import replace

    from .effects_engine import unit_cards
    from .procedure import target_ok

    rest = replace(spec, states=tuple(s for s in spec.states if s != _IN_IT))
    found: list = []
    for named in bind.last:
        if isinstance(named, str):
            continue
        found.extend(c for c in unit_cards(ctx.position, named) if c not in found and target_ok(ctx, c, rest) is None)
    return found


def in_it_read(ability, clause) -> bool:
    """"… each card in it" after "Target an enemy unit": the action's one target, a unit, is "it", and
    no other effect names "it" (what an effect on the unit itself does is not read here)."""
    if ability.kind not in ("action", "reaction") or clause not in ability.effects \
            or not _in_it(getattr(clause, "target", None)):
        return False
    specs = [c.target for c in (*ability.costs, *ability.effects) if getattr(c, "target", None) is not None]
    targets = [t for t in specs if t.ref == "target"]
    return len(targets) == 1 and tuple(targets[0].card_types) == ("unit",) and targets[0].count == 1 \
        and not targets[0].up_to and not any(t.ref in ("it", "choice", "possessed") for t in specs)


def _targets_unit(spec) -> bool:
    """"the target's unit": the unit of the action's one target (its Personality and his attachments)."""
    return spec is not None and spec.ref == "possessed" and tuple(spec.card_types) == ("unit",) \
        and tuple(spec.states) == ("of-it",) and (spec.text or "").strip().lower() == "the target's unit"


#: "one of Dairu's Weapons or one of your Ports": a card attached to the card named, or one of the
#: player's own cards, each of the type or keyword its noun gives
_OWNED_OR_YOURS_RE = re.compile(r"^either:one of ([A-Z][\w-]*)'s ([A-Z][a-z-]+)\|one of your ([A-Z][a-z-]+)$")


def _noun(word: str) -> tuple[str, str | None]:
    noun = _singular(word)
    return (noun.lower(), None) if noun.lower() in _OWNED_TYPES else ("card", noun)


def _owned_or_yours(spec):
    if spec is None or spec.ref != "possessed" or spec.card_types or spec.keywords or spec.tests \
            or spec.zone is not None or len(spec.states) != 1:
        return None
    m = _OWNED_OR_YOURS_RE.match(spec.states[0])
    return None if m is None else (m.group(1), _noun(m.group(2)), _noun(m.group(3)))


def _optional_or_cost(ability, clause) -> bool:
    if ability.kind not in ("action", "reaction"):
        return False
    if clause in ability.costs:
        return True
    if clause not in ability.effects:
        return False
    index = ability.effects.index(clause)
    return any(c.kind == "effect-optional" and c.args[:1] == (f"effect {index}",) for c in ability.conditions)


def _owned_or_yours_card(ctx, source: Copy, clause, read, rule: str, as_cost: bool) -> list:
    """The card named with ``paying`` for "one of Dairu's Weapons or one of your Ports"."""
    from dataclasses import replace

    name, (kind, keyword), (kind2, keyword2) = read
    owner = _named(ctx.position, source, name)
    from .procedure import _paying_choice

    spec = replace(clause.target, ref="choice", card_types=(), keywords=(), states=())
    picked = _paying_choice(ctx, source, clause, spec, as_cost)
    pos = ctx.position

    def fits_noun(copy, kind_, keyword_) -> bool:
        return (kind_ in ("card", "attachment") or copy.card.type == kind_) \
            and (keyword_ is None or pos.has_keyword(copy, keyword_))

    for copy in picked:
        attached = owner is not None and copy.attached_to == owner.uid and fits_noun(copy, kind, keyword)
        yours = copy.controller == ctx.actor and fits_noun(copy, kind2, keyword2)
        if not (attached or yours):
            ctx.reject(rule, f"{copy.show()} is not '{clause.target.text}'")
        if not as_cost and clause.kind == "bow" and "bowed" in copy.flags:
            ctx.reject(rule, f"{copy.show()} is bowed already: bowing it would not happen ('{clause.text}')")
    return picked


def _all_targets(spec) -> bool:
    """"both targets": every card this action targeted (ref "it", state "all-targets")."""
    return spec is not None and spec.ref == "it" and tuple(spec.states) == ("all-targets",) and not spec.card_types


#: "Discard the top card of a Fate deck" / "of any Fate deck": the top card of the deck the player
#: picks, named with ``paying`` (one card: "the top 3 cards" is not read)
def _top_of_deck(spec) -> bool:
    return spec is not None and spec.ref == "choice" and tuple(spec.states) == ("top",) \
        and spec.zone in ("fate-deck", "dynasty-deck") and spec.count == 1 and not spec.up_to \
        and not spec.keywords and not spec.tests and tuple(spec.card_types) in ((), ("card",))


def _own_top_cards(spec) -> bool:
    """"the top 3 cards of your Fate deck", "the top card of your Dynasty deck": the acting
    player's own deck, so which cards they are is fixed (:func:`_own_top`)."""
    return spec is not None and spec.ref == "choice" and tuple(spec.states) == ("top",) and spec.owner == "you" \
        and spec.zone in ("fate-deck", "dynasty-deck") and spec.count >= 1 and not spec.up_to \
        and not spec.keywords and not spec.tests and tuple(spec.card_types) in ((), ("card",))


def _own_top(ctx, clause, rule: str) -> list:
    """The top ``count`` cards of the acting player's deck, top first. A cost with fewer cards in
    the deck cannot be paid in full, so it cannot be paid (L5R-ACT-COST); an effect does what it can
    (L5R-ACT-EFFECT)."""
    spec = clause.target
    deck = ctx.position.zones.get((ctx.actor, spec.zone), [])
    if len(deck) < spec.count and rule == "L5R-ACT-COST":
        ctx.reject(rule, f"'{clause.text}' needs {spec.count} cards in {ctx.actor}'s {spec.zone.replace('-', ' ')}"
                   f" and it holds {len(deck)}")
    return [ctx.position.copies[uid] for uid in deck[:spec.count]]


def _top_card(ctx, source: Copy, clause, rule: str) -> list:
    from dataclasses import replace

    from .procedure import _paying_choice

    spec = clause.target
    picked = _paying_choice(ctx, source, clause, replace(spec, states=()), False)
    for copy in picked:
        deck = ctx.position.zones.get((copy.zone_owner, copy.zone), [])
        if not deck or deck[0] != copy.uid:
            ctx.reject(rule, f"{copy.show()} is not the top card of {copy.zone_owner}'s {copy.zone.replace('-', ' ')}")
    return picked


#: "Give each Personality and Follower opposing him -2F": every card of another player at the
#: battlefield of the card "him" names (the one card chosen or targeted before it)
_OPPOSING_PRONOUN = ("opposing:him", "opposing:her")


def _opposing_pronoun(spec) -> bool:
    return spec is not None and spec.ref == "each" and spec.zone is None \
        and sum(s in _OPPOSING_PRONOUN for s in spec.states) == 1 \
        and all(s in _OPPOSING_PRONOUN or checked(s) for s in spec.states)


def _cards_opposing(ctx, source: Copy, spec, bind) -> list:
    from dataclasses import replace

    from .procedure import target_ok

    named = [c for c in bind.last if not isinstance(c, str)]
    if len(named) != 1:
        return []
    field = _leader(ctx.position, named[0]).zone
    if not field.startswith("battlefield"):
        return []  # a unit at home opposes no one
    rest = replace(spec, states=tuple(s for s in spec.states if s not in _OPPOSING_PRONOUN))
    return [c for c in ctx.position.all_copies() if _leader(ctx.position, c).zone == field
            and c.controller != named[0].controller and target_ok(ctx, c, rest) is None]


# ---- comparisons with a card named before, and "the lowest Personal Honor" ---------------------

#: "a target enemy Personality with equal or lower Chi than your Personality", "one or two Personalities
#: whose total Chi is lower than or equal to your Duelist's Chi", "a target enemy unit with lower total
#: Force than your Personality's Force": a value of the card chosen as the target compared with a value
#: of the one card the ability names before it ("choice"; its own stat after the dot, else the same)
COMPARED_RE = re.compile(rf"^cmp:(total-)?(focus|{_STATS})(<=|>=|<|>|=)choice(?:\.(focus|{_STATS}))?$")
#: "a target Personality with the lowest Personal Honor at this battlefield (you choose in case of a
#: tie)": no other card fitting the rest of the description has a lower (higher) value
EXTREME_RE = re.compile(rf"^(lowest|highest):(focus|{_STATS})$")


def compared_with(ability, clause):
    """The clause naming the card a target's comparison ("than your Personality") is made with, or
    None when the engine cannot tell it. The words name it only by its noun, so it is read only when
    the ability names exactly one card before this target, by a target or a choice, and that card is
    known when the target is checked: an earlier target (chosen first on announcement, in the order
    mentioned: procedure.choose_targets), or a "Choose ..." before the colon when this target is
    before the colon too (checked as the costs reach it: procedure.pay_costs), or the card the effect
    just before this one names by a choice ("the discarded card's Focus Value": checked as this effect
    resolves, procedure.resolve_effects)."""
    from ...core.ability import Effect

    spec = getattr(clause, "target", None)
    if spec is None or spec.ref != "target" or not any(COMPARED_RE.match(s) for s in spec.states):
        return None
    order = [*ability.costs, *ability.effects]
    index = next((i for i, c in enumerate(order) if c is clause), -1)
    if index < 0:
        return None
    earlier = [c for c in order[:index] if isinstance(c, Effect) and c.target is not None
               and c.target.ref in ("target", "choice") and c.target is not spec]
    if len(earlier) != 1:
        return None
    named = earlier[0].target
    if named.count != 1 or named.up_to or named.zone is not None or tuple(named.card_types) in (("player",), ("unit",)):
        return None
    for state in spec.states:  # a unit's total: its Force only (unit_force)
        m = COMPARED_RE.match(state)
        if m and m.group(1) and tuple(spec.card_types) == ("unit",) and m.group(2) != "force":
            return None
    if named.ref == "target":
        return earlier[0]
    if earlier[0].kind == "choose" and earlier[0] in ability.costs and clause in ability.costs and clause.kind == "target":
        return earlier[0]
    if named.ref == "choice" and earlier[0] in ability.effects and clause in ability.effects \
            and ability.effects.index(clause) == ability.effects.index(earlier[0]) + 1:
        # "Discard a card to bow a target enemy card with Force equal to or lower than the discarded
        # card's Focus Value": the card the effect just before acted on, known as this one resolves
        return earlier[0]
    return None


def compared_read(ability, clause) -> frozenset:
    """The describing words of an action's target the procedure reads itself (for effects.executes):
    the comparisons :func:`compared_with` names the card of, "the lowest/highest ..."
    (procedure.target_ok), and words about the cards chosen together (:data:`GROUP_STATES`)."""
    spec = getattr(clause, "target", None)
    if ability.kind not in ("action", "reaction") or spec is None:
        return frozenset()
    if spec.ref != "target":  # ("Give a Personality who performed it": a card chosen, not targeted)
        return frozenset(s for s in spec.states if s == PERFORMED_IT) if _answers_action(ability) else frozenset()
    read = {s for s in spec.states if EXTREME_RE.match(s) or s in GROUP_STATES or group_total(spec, s)
            or keyword_either(spec, s) is not None}
    if _answers_action(ability):
        read |= {s for s in spec.states if s == PERFORMED_IT}  # "a Personality who performed it"
    if compared_with(ability, clause) is not None:
        read |= {s for s in spec.states if COMPARED_RE.match(s)}
    return frozenset(read)


def compared_failure(game, pos: Position, spec, chosen: list, named: Copy) -> tuple[str, str] | None:
    """(the card, why) when the cards chosen as ``spec`` do not fit its comparisons with ``named``
    (:data:`COMPARED_RE`); None when they fit. A total adds the values of every card chosen for it
    ("whose total Chi"), or is a unit's total Force for a unit target."""
    for state in spec.states:
        m = COMPARED_RE.match(state)
        if not m:
            continue
        total, stat, op, other = m.groups()
        other = other or stat
        wanted = _value(game, pos, named, other)
        words = f"{named.name}'s {other.replace('-', ' ')} {wanted}"
        if total and tuple(spec.card_types) == ("unit",):
            rows = [(c.show(), unit_force(game, pos, c)) for c in chosen]
        elif total:
            rows = [(" and ".join(c.show() for c in chosen), sum(_value(game, pos, c, stat) for c in chosen))]
        else:
            rows = [(c.show(), _value(game, pos, c, stat)) for c in chosen]
        for who, value in rows:
            if not compare(value, op, wanted):
                what = f"total {stat.replace('-', ' ')}" if total else stat.replace("-", " ")
                return who, f"its {what} is {value}, not {op} {words}"
    return None


def extreme_failure(pos: Position, copy: Copy, state: str, value_of, rivals) -> str | None:
    """Why ``copy`` does not have "the lowest/highest <stat>" (:data:`EXTREME_RE`) among ``rivals``
    (the other cards fitting the rest of the description), or None: ties fit (the player chooses)."""
    m = EXTREME_RE.match(state)
    word, stat = m.groups()
    mine = value_of(copy, stat)
    for other in rivals:
        theirs = value_of(other, stat)
        if (theirs < mine) if word == "lowest" else (theirs > mine):
            return f"it does not have the {word} {stat.replace('-', ' ')}: {other.show()} has {theirs}, it has {mine}"
    return None


#: words about every card chosen for one target together, checked once they are all chosen
#: (procedure.choose_targets): "one or two Personalities controlled by the same player", "two target
#: Personalities, each with a different Clan Alignment"
GROUP_STATES = ("same-controller", "different-clan-alignments")


def clan_alignments(pos: Position, copy: Copy) -> set[str]:
    """The Clan Alignments of a card: its mon and the keywords naming a clan (:func:`clan_aligned`)."""
    found = set()
    if copy.card.attrs.get("clan"):
        found.add(str(copy.card.attrs["clan"]).casefold())
    clans = {c.casefold() for c in CLANS}
    clans |= {str(p.attrs.get("clan", "")).casefold() for p in pos.players.values() if p.attrs.get("clan")}
    for keyword in pos.keywords(copy):
        word = keyword.casefold()
        word = word[: -len(" clan")].strip() if word.endswith(" clan") else word
        if word in clans:
            found.add(word)
    return found


def group_failure(pos: Position, spec, chosen: list) -> str | None:
    """Why the cards chosen together as ``spec`` do not fit its :data:`GROUP_STATES`, or None."""
    cards = [c for c in chosen if not isinstance(c, str)]
    if "same-controller" in spec.states and len({c.controller for c in cards}) > 1:
        return "they must be controlled by the same player, and are controlled by " + \
            " and ".join(sorted({c.controller for c in cards}))
    if "different-clan-alignments" in spec.states:
        seen: set[str] = set()
        for card in cards:
            clans = clan_alignments(pos, card)
            if not clans:
                return f"{card.show()} has no Clan Alignment"
            if clans & seen:
                return f"{card.show()} shares a Clan Alignment ({', '.join(sorted(clans & seen)).title()}) with " \
                    "another target; each must have a different one"
            seen |= clans
    return None


#: "one or more target enemy Followers with total Force less than or equal to Ayahi's Force": the values
#: of every card chosen for the target added up, against this card's (its own stat after the dot)
GROUP_TOTAL_RE = re.compile(rf"^cmp:total-({_STATS})(<=|>=|<|>|=)this(?:\.({_STATS}))?$")


def group_total(spec, state: str) -> bool:
    """Is ``state`` a total of the cards chosen together (:data:`GROUP_TOTAL_RE`)? For targets that are
    neither Personalities nor units, whose total is their unit's (:data:`_TOTAL_CMP_RE`)."""
    types = set(getattr(spec, "card_types", ()))
    return bool(GROUP_TOTAL_RE.match(state)) and bool(types) and not types & {"personality", "unit", "card"}


def group_total_failure(game, pos: Position, source: Copy, spec, chosen: list) -> str | None:
    """Why the cards chosen together as ``spec`` do not fit its :func:`group_total` words, or None."""
    cards = [c for c in chosen if not isinstance(c, str)]
    for state in spec.states:
        if not group_total(spec, state):
            continue
        stat, op, other_stat = GROUP_TOTAL_RE.match(state).groups()
        other = source
        if other.card.type != "personality" and other_stat and other.attached_to in pos.copies:
            other = pos.copies[other.attached_to]  # ("Yayoi's Chi" on her Follower: the Personality, as _CMP_RE)
        wanted = _value(game, pos, other, other_stat or stat)
        total = sum(_value(game, pos, c, stat) for c in cards)
        if not compare(total, op, wanted):
            return f"their total {stat.replace('-', ' ')} is {total}, not {op} {other.name}'s " \
                f"{(other_stat or stat).replace('-', ' ')} {wanted}"
    return None


def keyword_either(spec, state: str) -> list[str] | None:
    """"an enemy card with Shadowlands or without attachments": an "either-of:" state whose "has:X"
    part the target's own words say without an article ("with Shadowlands or"), so it is the card's
    keyword X ("keyword:X"), not a card attached to it ("with a Weapon"); the other parts as they
    are (:func:`_either_of_parts` leaves such a part unread, having no words to tell). None when it
    is no such state, or a part is not read."""
    if not state.startswith(_EITHER_OF):
        return None
    found = []
    for part in state[len(_EITHER_OF):].split("||"):
        m = _HAS_RE.match(part)
        if m and m.group(1) == "has" and m.group(2) != "attachment" \
                and re.search(rf"\bwith {re.escape(m.group(2))} or\b", getattr(spec, "text", "") or ""):
            found.append("keyword:" + m.group(2))
        elif part.startswith(("has:", "has-no:", _EITHER_OF)) or not checked(part):
            return None
        else:
            found.append(part)
    return found if len(found) > 1 and any(p.startswith("keyword:") for p in found) else None


#: "target a Personality who performed it": one who performed the action the Reaction answers
PERFORMED_IT = "performed:it"


def answered_performers(pos: Position) -> list[int] | None:
    """The Personalities who performed the action a round of Reactions (or a triggered trait resolving
    now) answers (procedure.performers, kept with its "action-resolves" event), or None when it
    answers no action, or several."""
    from .triggers import SETTLING, window

    w = window(pos)
    # (a triggered trait resolving as the events settle answers those: triggers.settle)
    events = pos.memo[SETTLING] if SETTLING in pos.memo else (w or {}).get("events", ())
    found = [e[2] for e in events if len(e) > 2 and e[0] == "action-resolves" and isinstance(e[2], dict)]
    if len(found) != 1 or found[0].get("performers") is None:
        return None
    return list(found[0]["performers"])


def _answers_action(ability) -> bool:
    """A Reaction (or a triggered trait, resolved as one: triggers.choosing_executes) to an action's
    resolution: "it" in "who performed it" is that action."""
    return ability.kind == "reaction" and ability.trigger is not None \
        and ability.trigger.event.split(";")[0] == "action-resolves"
