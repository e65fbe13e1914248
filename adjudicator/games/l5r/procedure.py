"""The L5R action procedure (L5R-ACT-COND … L5R-ACT-CLEANUP) for one ability.

Conditions → announcement → targets (all of them, before any cost) → costs (in the
order mentioned, paid for real and in full) → effects (in order; a negated one does not
stop the rest) → cleanup. Each step is recorded with its rule IDs.
"""

from __future__ import annotations

import re

from ...core.ability import Ability, Effect, TargetSpec, Unparsed
from ...core.game import Context
from ...core.position import Copy
from ...core.ruling import Rejected
from . import amounts, conditions, delayed, triggers
from . import duels
from . import effects_negate as negation
from . import interrupts  # the Interrupt step of an action (game.py, turn.py reach it through here)
from . import effects_restrictions as restrictions  # "Your Stronghold's abilities have Tireless"
from . import possessive  # targets named through their owner ("your target Personality's unit")
from .ability import _NUMBER_WORDS  # "one" .. "five", the words the grammar reads as numbers
from .continuous import plural_possessive
from .costs import equips_for_x, purchases
from .effects import Outcome, apply_to_card, apply_to_player, discard_copy, in_play, leave_play
from .effects_battle import ATTACK_RIDERS
from .effects_engine import (
    attached_of_named,
    attached_of_named_applies,
    attack_bonus,
    cards_under,
    contingency_unmet,
    give_province_strength,
    look_applies,
    look_chosen,
    look_chosen_applies,
    look_pick_clause,
    pick_looked,
    put_under,
    random_hand_applies,
    random_hand_card,
    recruit_applies,
    under_applies,
    under_pick_applies,
    look_reorder_applies,
    reorder,
    reorder_applies,
    province_effect_applies,
    simultaneous,
    unit_cards,
    unit_ref,
)
from .states import compare
from .states import (COMPARED_RE, EXTREME_RE, GROUP_STATES, group_failure, group_total, group_total_failure,
                     keyword_either, pile_named)
from .states import fits as state_fits
from .triggers_events import raise_event

TIMING_WORDS = ("Limited", "Open", "Battle", "Reaction", "Interrupt", "Engage", "Dynasty")

#: which player-level effect kinds exist (everything else applies to a card)
PLAYER_KINDS = frozenset({"draw", "gain-honor", "lose-honor", "take-favor", "additional-action",
                          "gain-or-lose-honor", "cannot-declare-attack", "first-opportunity"})


def describe_spec(spec: TargetSpec) -> str:
    if spec.text:
        return spec.text
    owner = {"you": "one of your ", "opponent": "an enemy "}.get(spec.owner, "a ")
    kinds = "/".join(spec.card_types) or "card"
    return owner + " ".join(spec.keywords) + (" " if spec.keywords else "") + kinds


def check_conditions(ctx: Context, source: Copy, ability: Ability, *, from_hand: bool) -> None:
    """(A) timing designators, the opportunity, bowed source, in play, once per turn."""
    game, pos, actor = ctx.game, ctx.position, ctx.actor
    t = pos.timing
    designators = set(ability.designators)
    if ability.kind == "unparsed":
        ctx.reject("L5R-ACT-COND", f"the engine cannot read {source.show()}'s ability '{ability.text}', so it "
                   "cannot rule on it")
    if ability.kind not in ("action", "reaction", "interrupt") or not designators & set(TIMING_WORDS):
        ctx.reject("L5R-ACT-COND", f"{source.show()} has no action here to take: "
                   f"'{ability.text}' is not a Limited, Open, Battle or Reaction ability")
    open_window = triggers.window(pos)
    banned = restrictions.action_banned(game, pos, actor, ability)  # "The Attacker may not take Engage actions …"
    game.need(banned is None, "L5R-ACT-COND", f"{actor} may not take this action now ({banned})")
    # an action paused at its Interrupt step admits only Interrupts (interrupts.py)
    if interrupts.check_conditions(ctx, source, ability, from_hand=from_hand):
        return _common_source_checks(ctx, source, ability, from_hand=from_hand)
    if "Reaction" in designators or "Interrupt" in designators:
        fits = open_window is not None and ability.trigger is not None and any(
            triggers.trigger_matches(pos, source, ability.trigger, e) for e in open_window["events"])
        if not fits:
            ctx.reject("L5R-REACTION", f"{source.show()}'s Reaction may be taken only when its trigger fires "
                       f"({ability.trigger.text if ability.trigger else 'no trigger'}); it has not just happened")
        game.need(open_window["priority"] == actor, "L5R-REACTION",
                  f"in the round of Reactions it is {open_window['priority']}'s chance, not {actor}'s")
        _common_source_checks(ctx, source, ability, from_hand=from_hand)
        ctx.step("condition", f"{ability.trigger.text}: {actor} may react", "L5R-REACTION", "L5R-ACT-COND")
        return
    if open_window is not None:
        ctx.reject("L5R-REACTION", "a round of Reactions is open: until both players pass in succession only "
                   "Reactions may be taken")
    battle_window = t.phase == "attack" and t.step == "combat"
    engage_window = t.phase == "attack" and t.step == "engage"  # a battle's Engage Segment (L5R-COMBAT.1)
    if "Dynasty" in designators and t.phase == "dynasty":  # "Dynasty/Open": in the Dynasty phase (L5R-DYNASTY.4)
        game.need(actor == t.active, "L5R-DYNASTY.4",
                  f"Dynasty actions are taken by the active player ({t.active}) in the Dynasty phase; {actor} is not active")
    elif "Dynasty" in designators and not designators & {"Limited", "Open", "Battle", "Engage"}:
        ctx.reject("L5R-DYNASTY.4", f"Dynasty actions are taken only in the Dynasty phase; it is the {t.phase} phase")
    elif engage_window or "Engage" in designators:
        # "Battle/Engage": either segment; an Engage action only in the Engage Segment, which
        # admits no other action (Comprehensive Rules, "Action Rounds": pinned as L5R-COMBAT.1)
        game.need(in_battle_window(designators, t),
                  "L5R-COMBAT.1", "Engage actions are taken only in a battle's Engage Segment, and only Engage "
                  f"actions are taken there; it is the {t.phase} phase" + (f" ({t.step})" if t.step else ""))
    elif "Limited" in designators:
        game.need(t.phase == "action", "L5R-LIMITED",
                  f"Limited actions are taken only in the Action phase; it is the {t.phase} phase")
        game.need(actor == t.active, "L5R-LIMITED",
                  f"only the active player ({t.active}) may take Limited actions; {actor} is not active")
    elif "Battle" in designators and "Open" in designators:
        game.need(t.phase == "action" or battle_window, "L5R-BATTLE",
                  "a Battle/Open action needs the Action phase or a combat segment")
    elif "Battle" in designators:
        game.need(battle_window, "L5R-BATTLE",
                  f"Battle actions are taken only during the combat segment of a battle; it is the {t.phase} phase")
    elif "Open" in designators:
        game.need(t.phase == "action", "L5R-OPEN",
                  f"Open actions are taken in the Action phase's action round; it is the {t.phase} phase")
    game.need(t.priority == actor, "L5R-COMBAT.1" if engage_window else "L5R-COMBAT" if battle_window else "L5R-ROUND",
              f"it is {t.priority}'s opportunity to act, not {actor}'s"
              + (" (in a combat segment the Defender acts first, then the players alternate)"
                 if battle_window else ""))
    if in_battle_window(designators, t):
        field = current_battlefield(pos)
        present = field is not None and any(c.controller == actor for c in pos.all_copies() if c.zone == field)
        # "Absent actions may be taken without presence" (the cards' own reminder text)
        absent_ok = "Absent" in designators or any(
            c.kind == "even-if" and c.args[:1] == ("control-none",) for c in ability.conditions)
        game.need(present or absent_ok, "L5R-PRESENCE", f"{actor} controls no unit at the current battlefield"
                  f" ({field or 'none'}), so {actor} cannot take Battle actions there")
        elsewhere_ok = any(c.kind == "even-if" and c.args[:1] == ("not-at-battlefield",) for c in ability.conditions)
        if not from_hand and source.zone.startswith("battlefield") and not elsewhere_ok \
                and "Absent" not in designators:
            game.need(source.zone == field, "L5R-LOCATION",
                      f"{source.show()} is at {source.zone}, not at the current battlefield ({field})")
    _common_source_checks(ctx, source, ability, from_hand=from_hand)
    ctx.step("condition", f"{actor} may take {'/'.join(ability.designators)} actions now", "L5R-ACT-COND",
             *_designator_rules(designators))


def _common_source_checks(ctx: Context, source: Copy, ability: Ability, *, from_hand: bool) -> None:
    """In play, not bowed, once per turn (L5R-ACT-COND)."""
    game, pos, actor = ctx.game, ctx.position, ctx.actor
    if not from_hand:
        game.need(source.controller == actor, "L5R-ACT-COND.2", f"{source.show()} is not {actor}'s card")
        game.need(in_play(pos, source), "L5R-ACT-COND.2",
                  f"{source.show()} is not in play ({source.zone}); only cards in play have usable abilities")
        # "Tireless actions may be taken while bowed" (the cards' own reminder text)
        even_if_bowed = "Tireless" in ability.designators or any(
            c.kind == "even-if" and "bowed" in c.text for c in ability.conditions)
        even_if_bowed = even_if_bowed or restrictions.stronghold_lift(game, pos, source, "tireless") is not None
        game.need("bowed" not in source.flags or even_if_bowed, "L5R-ACT-COND.1",
                  f"{source.show()} is bowed, and abilities of bowed cards cannot be used")
        unusable = negation.unusable(game, pos, source)  # "Its abilities may not be used" (effects_negate)
        game.need(unusable is None, "L5R-ACT-COND", f"{source.show()}'s abilities may not be used ({unusable})")
        from .effects_engine import without_abilities  # "Remove all abilities from the loser"

        lost = without_abilities(game, pos, source)
        game.need(lost is None, "L5R-ACT-COND", f"{source.show()} has no abilities ({lost})")
        from .effects_engine import ability_removed  # "Remove an ability from a target Holding"

        game.need(not ability_removed(pos, source, ability), "L5R-ACT-COND",
                  f"an effect removed this ability from {source.show()}")
    for cond in ability.conditions:  # the limits block's own tests ("If you control no Personalities")
        if not cond.kind.startswith(("effect-", "cost-unless:")) and cond.kind != "even-if":
            verdict = conditions.evaluate(cond, game=game, pos=pos, actor=actor, source=source,
                                          subject_of=lambda word: source if word.lower() in conditions.SELF else None)
            game.need(verdict is True, "L5R-ACT-COND", f"the condition '{cond.text}' " + (
                "does not hold" if verdict is False else "is one the engine cannot check"))
    scope, words = LIMIT_SCOPES.get(ability.limit or "once per turn", ("used", "this turn"))
    key = f"{source.uid}:{ability.text}"
    times = LIMIT_TIMES.get(ability.limit or "", 1)  # "Twice per turn: Ranged 3 Attack"
    if scope == "used":  # "You may use its abilities a second time this turn" (effects_engine)
        from .effects_engine import extra_uses

        times += extra_uses(pos, source)
        times += restrictions.stronghold_lift(ctx.game, pos, source, "twice") is not None  # (effects_restrictions)
    used = pos.memo.get(scope, []).count(key)
    if (not from_hand or scope == "game:used") and used >= times and ability.limit not in UNLIMITED:
        ctx.reject("L5R-ACT-COND.3", f"{source.show()} has already used this ability {words} "
                   f"({ability.limit or 'each ability once per turn'})")


def current_battlefield(pos) -> str | None:
    """The battlefield whose battle is being fought: the one the attacker engaged, else the only one."""
    chosen = pos.memo.get("current-battlefield")
    if chosen:
        return chosen
    fields = sorted({c.zone for c in pos.all_copies() if c.zone.startswith("battlefield ")},
                    key=lambda z: int(z.split()[1]))
    return fields[0] if fields else None


#: an ability's stated limit -> (memo key, words); "used" is cleared each turn, "phase-used"
#: when a phase begins, "battle-used" when a battle resolves, "game:used" never
LIMIT_SCOPES = {"once per turn": ("used", "this turn"), "once per game": ("game:used", "this game"),
                "once per phase": ("phase-used", "this phase"), "once per battle": ("battle-used", "this battle"),
                "twice per turn": ("used", "twice this turn"), "three times per turn": ("used", "three times this turn"),
                "any number of times per turn": ("used", "")}
#: how many uses a stated limit allows in its scope (the others: one)
LIMIT_TIMES = {"twice per turn": 2, "three times per turn": 3}
#: limits that allow any number of uses
UNLIMITED = ("unlimited", "any number of times per turn")


def _designator_rules(designators: set[str]) -> list[str]:
    return [r for d, r in (("Limited", "L5R-LIMITED"), ("Open", "L5R-OPEN"), ("Battle", "L5R-BATTLE"),
                           ("Engage", "L5R-COMBAT.1"), ("Dynasty", "L5R-DYNASTY.4")) if d in designators]


class Bindings:
    """Targets and pronouns: what each clause's TargetSpec stands for."""

    def __init__(self):
        self.targets: dict[int, list[Copy]] = {}
        self.last: list[Copy] = []
        self.created: Copy | None = None
        #: uids of targets chosen in an out-of-play zone the text names ("in your discard pile"):
        #: effects on them by pronoun name that zone too (L5R-ACT-EFFECT)
        self.zoned: set[int] = set()
        #: the cards the latest clause naming a card ("a card", "him") acted on: what "its Focus
        #: Value", "the card's Focus Value" read (amounts.py)
        self.recent: list[Copy] = []
        #: the target descriptions, in the order mentioned ("your Samurai's Force": amounts.py)
        self.specs: list[TargetSpec] = []
        #: the cards the latest move effect moved ("Move this Personality home. Straighten his
        #: unit as he moves": "he" is the card moved, this card included)
        self.moved: list[Copy] = []
        #: uids of cards found by searching ("Search your Fate deck for a Ring. Show it.")
        self.searched: set[int] = set()
        #: the attachments a "Transfer …" clause names, moved by the attach-to clause after it
        self.transferred: list[Copy] = []
        #: the cards "Choose …" phrases picked, in the order mentioned ("Attach it to him": him)
        self.chosen: list[Copy] = []
        #: the cards an "Attach it to …, paying …" clause names, paid for and attached by the
        #: attach-to clause after it (costs.pay_for_effect)
        self.attaching: list[Copy] = []
        #: the cards chosen or targeted as its performer ("your performing Personality"): who performed
        #: an action taken from the hand ("a Personality who performed it": states.performers)
        self.performing: list[Copy] = []
        #: the X paid for a "Pay X Gold" cost ("Pay X Gold: Equip …": the Gold cost it must match)
        self.x_paid: int | None = None
        #: the players "Choose a player" picked ("… who gains or loses 2 Honor": who); kept apart
        #: from ``last`` so that "he" in the conditions after it is still the card named before
        self.players: list[str] = []
        #: [kind, how many cards it changed] of each cost and effect carried out, in order ("Draw
        #: cards equal to the number you discarded": amounts.py)
        self.done: list[list] = []


#: effects whose target the rules' shorthand implies ("Fear 2", "Ranged 3 Attack")
MILITARY = {
    "fear": TargetSpec(ref="target", owner="opponent", card_types=("follower", "personality"),
                       states=("without-followers",), text="an enemy Follower or Personality without Followers"),
    "ranged-attack": TargetSpec(ref="target", owner="opponent", card_types=("follower", "personality"),
                                states=("without-followers", "in-current-army"),
                                text="a Follower or Personality without Followers in the current enemy army"),
    "melee-attack": TargetSpec(ref="target", owner="opponent", card_types=("follower", "personality"),
                               states=("without-followers", "in-current-army"),
                               text="a Follower or Personality without Followers in the current enemy army"),
}


def target_specs(ability: Ability) -> list[TargetSpec]:
    """Targets in the order mentioned, the military shorthands' implied targets included."""
    specs = []
    for clause in (*ability.costs, *ability.effects):
        if not isinstance(clause, Effect) or _alternative_branch(ability, clause):
            continue  # "Fear 2, or Fear 3 if …": one attack, one target (the branch shares it)
        if amounts.names_no_card(clause):
            continue  # "equal to the difference": a gap between values, no card to target (amounts.py)
        if clause.target is not None and clause.target.ref == "target":
            if any(s is clause.target for s in specs):
                continue  # "challenges a target Personality, who may refuse": one noun phrase, one target
            specs.append(clause.target)
        elif possessive.owner_target(clause.target) is not None:  # "your target Personality's unit" (possessive.py)
            specs.append(possessive.owner_target(clause.target))
        elif clause.kind in MILITARY and (clause.target is None or clause.stat is not None):
            # "Ranged Attack equal to this Shugenja's Chi": the card named gives the strength (amounts.py)
            specs.append(MILITARY[clause.kind])
    return specs


#: "that may target a Personality with Followers": the attack's target widened to any Follower or
#: Personality (effects_battle.widens_to_led_units); the attack keeps its implied spec (bindings and
#: the "may not target" traits know it by identity), only the test of a card chosen for it widens
MILITARY_WIDE = {id(spec): TargetSpec(ref="target", owner="opponent", card_types=("follower", "personality"),
                                      states=tuple(s for s in spec.states if s != "without-followers"),
                                      text=spec.text.replace(" without Followers", ", with Followers or without"))
                 for spec in MILITARY.values()}


def tested_spec(ability: Ability, spec: TargetSpec) -> TargetSpec:
    """What a card chosen as ``spec`` is tested against: an attack's implied target, widened by its
    "that may target …" rider; any other spec as it is."""
    from .effects_battle import widens_to_led_units

    if id(spec) in MILITARY_WIDE and any(isinstance(c, Effect) and widens_to_led_units(c) for c in ability.effects):
        return MILITARY_WIDE[id(spec)]
    from .effects_engine import without_followers_too

    return without_followers_too(spec)  # ("a target Personality and each of his Followers": the Personality)


def _alternative_branch(ability: Ability, clause: Effect) -> bool:
    """The "or Fear 3 if C" of "Fear 2, or Fear 3 if C" (ability._resolve_alternative): the
    effect after one that holds unless C, itself holding if C -- the same effect with another
    amount, so the same target as the one before it."""
    effects = list(ability.effects)
    index = next((i for i, e in enumerate(effects) if e is clause), None)
    if not index:
        return False
    mine = {(c.kind[len("effect-if:"):], c.args[1:]) for c in ability.conditions
            if c.kind.startswith("effect-if:") and c.args[:1] == (f"effect {index}",)}
    before = {(c.kind[len("effect-unless:"):], c.args[1:]) for c in ability.conditions
              if c.kind.startswith("effect-unless:") and c.args[:1] == (f"effect {index - 1}",)}
    prev = effects[index - 1]
    if not isinstance(prev, Effect):  # an unparsed sentence before it: nothing to share a target with
        return False
    same_target = clause.target is prev.target or (clause.target is None and prev.target is None
                                                   and clause.kind == getattr(prev, "kind", None))
    return bool(mine & before) and same_target


def choose_targets(ctx: Context, source: Copy, ability: Ability, bind: Bindings) -> None:
    """(C) every target, in the order the text mentions them, before any cost."""
    specs = [s for s in target_specs(ability) if not s.optional]
    bind.specs = specs
    named = list(ctx.body.targeting)
    if len(named) < sum(fewest_targets(s) for s in specs):
        missing = specs[len(named)] if len(named) < len(specs) else specs[-1]
        ctx.reject("L5R-ACT-TARGET", f"{source.show()} needs a target ({describe_spec(missing)}) chosen on "
                   "announcement; none was named (use 'targeting')")
    open_ended = [s for s in specs if at_least(s) is not None]
    if len(named) > sum(s.count for s in specs) and not open_ended:
        ctx.reject("L5R-ACT-TARGET", f"{source.show()} takes {len(specs)} target(s); {len(named)} were named")
    i = 0
    for n, spec in enumerate(specs):
        chosen = []
        tested = tested_spec(ability, spec)  # ("Fear 2 that may target a Personality with Followers")
        compared = _compared(ability, spec)  # "with lower Chi than your Personality" (states.compared_with)
        # ("controlled by the same player": the cards chosen together, checked once all are: states.py)
        later = (compared[2] if compared is not None else frozenset()) | {
            s for s in spec.states if s in GROUP_STATES or group_total(spec, s)}
        # "target one or more Personalities": every named card up to those the later targets need
        room = spec.count if at_least(spec) is None else len(named) - i - sum(s.count for s in specs[n + 1:])
        for _ in range(room):
            if i >= len(named):
                break
            if player_spec(spec):  # "A target player loses 1 Honor": a player, named by name
                chosen.append(_target_player(ctx, named[i], spec))
                i += 1
                continue
            copy = ctx.card(named[i], where=lambda c: target_ok(ctx, c, tested, later=later) is None, purpose="target")
            why = target_ok(ctx, copy, tested, later=later) or negation.untargetable(ctx, source, ability, copy, spec)
            if why:
                ctx.reject("L5R-ACT-TARGET", f"{copy.show()} cannot be targeted as {describe_spec(tested)}: {why}")
            from .states import lifts_location  # ("at any location": the text's exception, L5R-LOCATION.6)

            if not lifts_location(tested):
                _check_location(ctx, ability, copy)
            chosen.append(copy)
            ctx.step("target", f"{copy.name} as {describe_spec(tested)}", "L5R-ACT-TARGET",
                     *(("L5R-LOCATION.6",) if lifts_location(tested) else ()))
            i += 1
        fewest = fewest_targets(spec)  # "one to three target cards": at least one
        if len(chosen) < fewest:
            ctx.reject("L5R-ACT-TARGET", f"{source.show()} needs at least {fewest} target(s) as "
                       f"{describe_spec(spec)}; {len(chosen)} named")
        bind.targets[id(spec)] = chosen
        if "performing" in spec.states:
            bind.performing.extend(c for c in chosen if not isinstance(c, str))
        together = group_failure(ctx.position, spec, chosen) if set(spec.states) & set(GROUP_STATES) else None
        together = together or group_total_failure(ctx.game, ctx.position, source, spec, chosen)
        if together:
            ctx.reject("L5R-ACT-TARGET", f"{' and '.join(c.show() for c in chosen)} cannot be targeted as "
                       f"{describe_spec(spec)}: {together}")
        if compared is not None and compared[1].target.ref == "target":  # an earlier target: chosen already
            _check_compared(ctx, spec, chosen, bind.targets.get(id(compared[1].target), []))
        if spec.zone is not None or pile_named(spec):  # ("your dead Personality": in a discard pile)
            bind.zoned.update(c.uid for c in chosen)
        bind.last = chosen or bind.last


def player_spec(spec: TargetSpec | None) -> bool:
    """"a target player", "another target player": a player is targeted, not a card."""
    return spec is not None and tuple(spec.card_types) == ("player",)


def _target_player(ctx: Context, obj, spec: TargetSpec) -> str:
    """The player named (``targeting Bob``) as ``spec``, checked against its words (L5R-ACT-TARGET)."""
    name = getattr(obj, "text", "")
    if name not in ctx.position.players:
        ctx.reject("L5R-ACT-TARGET", f"{describe_spec(spec)} is a player: name one ({', '.join(ctx.position.players)}), "
                   f"not {obj.show()}")
    if spec.owner == "opponent" and name == ctx.actor:
        ctx.reject("L5R-ACT-TARGET", f"{name} cannot be targeted as {describe_spec(spec)}: it must be another player")
    if spec.owner == "you" and name != ctx.actor:
        ctx.reject("L5R-ACT-TARGET", f"{name} cannot be targeted as {describe_spec(spec)}")
    ctx.step("target", f"{name} as {describe_spec(spec)}", "L5R-ACT-TARGET")
    return name


_AT_LEAST = re.compile(r"(?:target )?(one|two|three|four|five) or more\b", re.I)


def at_least(spec: TargetSpec | None) -> int | None:
    """"target one or more Personalities": N, the fewest cards an open-ended target takes (it takes
    every card named for it, L5R-ACT-TARGET); None for any other target. Only a lone open-ended target
    is read: two would not say which named card is whose."""
    if spec is None or spec.ref not in ("target", "choice") or spec.up_to or spec.count != 1:
        return None
    if any(s.startswith("cmp:total") and not (group_total(spec, s) or COMPARED_RE.match(s)) for s in spec.states):
        return None  # ("one or more Followers with total Force ...": their Force added up, choose_targets)
    found = _AT_LEAST.match(spec.text or "")
    return _NUMBER_WORDS[found.group(1).lower()] if found else None


def fewest_targets(spec: TargetSpec) -> int:
    """The fewest cards an "up to" target takes: N of its "at-least:N" ("one to three"), else 0."""
    if (fewest := at_least(spec)) is not None:
        return fewest
    if not spec.up_to:
        return spec.count
    return max([int(s.split(":")[1]) for s in spec.states if s.startswith("at-least:")] or [0])


def in_battle_window(designators, timing) -> bool:
    """A Battle action in a battle's combat segment, or an Engage action in its Engage Segment: the
    actions that need Presence and whose targets in units need Location (L5R-PRESENCE, L5R-LOCATION,
    L5R-COMBAT.1)."""
    if timing.phase != "attack":
        return False
    return "Battle" in designators and timing.step == "combat" or "Engage" in designators and timing.step == "engage"


def _check_location(ctx: Context, ability: Ability, copy: Copy) -> None:
    """Cards in units must be at the current battlefield to be targets of a Battle action."""
    pos, t = ctx.position, ctx.position.timing
    if not in_battle_window(ability.designators, t):
        return  # (Engage actions follow Location as Battle actions do: L5R-COMBAT.1)
    if copy.card.type not in ("personality", "follower", "item", "spell") or not in_play(pos, copy):
        return
    field = current_battlefield(pos)
    if copy.zone != field:
        ctx.reject("L5R-LOCATION", f"{copy.show()} is at {copy.zone}, not at the current battlefield ({field}); "
                   "cards in units must be there to be targets of a Battle action")


STATE_WORDS = {"performed:it": "the one who performed the action it answers", "no-attachments": "without attachments",
               "in-current-army": "in the current enemy army", "without-followers": "without Followers",
               "unbowed": "unbowed", "honorable": "honorable"}


#: zones whose cards are in play (effects.in_play: its attachments share their host's zone)
_PLAY_ZONES = ("home", "stronghold")


def _in_play_zone(zone: str) -> bool:
    return zone in _PLAY_ZONES or zone.startswith(("battlefield", "terrain "))


def zone_matches(zone: str, named: str) -> bool:
    """"your discard pile" names either discard pile; "deck" either deck; "out of play" every area
    not in play (hand, decks, discard piles, provinces: Comprehensive Rules, "In Play and Out of
    Play"), "in or out of play" any of them or play itself, "in your discard pile or in play" either --
    never a card removed from the game, nor one being played."""
    if zone == named:
        return True
    if named in ("out-of-play", "in-or-out-of-play", "play|discard"):
        if zone in ("removed", "announced"):
            return False
        if named == "out-of-play":
            return not _in_play_zone(zone)
        if named == "play|discard":
            return _in_play_zone(zone) or zone.endswith("discard")
        return True
    if "|" in named and "play" not in named.split("|"):  # "in your hand or discard pile": either one
        return any(zone_matches(zone, one) for one in named.split("|"))
    if named == "province":  # "a card in a Province": any of the numbered provinces
        return zone.startswith("province ")
    return named in ("discard", "deck") and zone in (f"fate-{named}", f"dynasty-{named}")


_ZONE_WORDS = r"(?:hand|(?:fate |dynasty )?(?:discard piles?|deck)|provinces?)"
_YOUR_ZONE = re.compile(r"\b(?:in|from) your " + _ZONE_WORDS + r"\b", re.I)
_OTHER_ZONE = re.compile(r"\b(?:in|from) (?:another|other) player'?s'? " + _ZONE_WORDS + r"\b", re.I)


def _zone_owner(text: str) -> str | None:
    """Whose out-of-play zone a description names: "you" ("in your discard pile"), "other"
    ("in another player's hand"), or None (any player's, or not said)."""
    if _YOUR_ZONE.search(text or ""):
        return "you"
    if _OTHER_ZONE.search(text or ""):
        return "other"
    return None


def target_ok(ctx: Context, copy: Copy, spec: TargetSpec, *, later: frozenset = frozenset()) -> str | None:
    """Why ``copy`` does not fit ``spec``, or None when it does. ``later``: describing words checked
    once the card they compare with is known (states.compared_with: :func:`_check_compared`)."""
    pos, actor = ctx.position, ctx.actor
    if spec.zone is None and pile_named(spec) and not in_play(pos, copy):
        pass  # "your dead Personality": in a discard pile, which its describing word names (states.py)
    elif spec.zone is None and not in_play(pos, copy):
        return f"it is not in play ({copy.zone}); targets must normally be in play"
    if spec.zone is not None and not zone_matches(copy.zone, spec.zone):
        where = {"out-of-play": "an area out of play", "in-or-out-of-play": "play or an area out of play",
                 "play|discard": "play or a discard pile"}.get(spec.zone, f"the {spec.zone}")
        return f"it is not in {where}"
    if spec.zone is not None:  # "in your discard pile": the grammar keeps the zone, not whose it is
        whose = _zone_owner(spec.text)
        if whose == "you" and copy.zone_owner != actor:
            return f"it is in {copy.zone_owner}'s {copy.zone}, not {actor}'s"
        if whose == "other" and copy.zone_owner == actor:
            return f"it is in {actor}'s own {copy.zone}"
    if spec.owner == "you" and copy.controller != actor:
        return f"it is not {actor}'s"
    if spec.owner == "opponent" and copy.controller == actor:
        return "it is not an enemy card"
    if spec.owner == "opponent" and "enemy" in (spec.text or "").lower() and copy.zone.startswith("terrain "):
        # (Comprehensive Rules, "Enemy": cards not in units, such as Terrains, are not enemy cards)
        return "a Terrain is in no unit, so it is not an enemy card"
    types = [t for t in spec.card_types if t not in ("card", "unit")]
    if types and copy.card.type not in types and not ("attachment" in types and copy.attached_to):
        return f"it is a {copy.card.type}, not a {'/'.join(types)}"
    for kw in spec.keywords:
        if not pos.has_keyword(copy, kw):
            return f"it lacks the {kw} keyword"
    source = pos.copies.get(pos.memo.get("_source", -1))
    for state in spec.states:
        if state in later:
            continue
        if EXTREME_RE.match(state):  # "with the lowest Personal Honor at this battlefield" (states.py)
            why = _extreme(ctx, copy, spec, state)
            if why:
                return why
            continue
        either = keyword_either(spec, state)  # "with Shadowlands or without attachments" (states.py)
        if either is not None:
            fits = [pos.has_keyword(copy, p[len("keyword:"):]) if p.startswith("keyword:")
                    else state_fits(ctx.game, pos, source, copy, p) for p in either]
            if not any(f is True for f in fits):
                if any(f is None for f in fits):
                    return f"the engine cannot check whether it is {STATE_WORDS.get(state, state)}"
                return "it is not " + " nor ".join(p[len("keyword:"):] if p.startswith("keyword:")
                                                  else STATE_WORDS.get(p, p) for p in either)
            continue
        fit = state_fits(ctx.game, pos, source, copy, state)
        if fit is None:
            return f"the engine cannot check whether it is {STATE_WORDS.get(state, state)}"
        if not fit:
            return "it is not " + STATE_WORDS.get(state, state)
    for test in spec.tests:
        if test.stat.startswith(("base-", "printed-")):  # "with a printed Gold Cost of 1 or more" (amounts.STATS)
            value = amounts.card_value(ctx.game, pos, copy, test.stat)
            if value is None:
                return f"the engine cannot read its {test.stat.replace('-', ' ')}"
        else:
            value = pos.stat(copy, test.stat, 0) or 0
        if not compare(value, test.op, test.value):
            return f"its {test.stat} is {value}, not {test.op} {test.value}"
    if "cannot-target" in ctx.game.continuous_flags(pos, copy) or pos.has_flag(copy, "cannot-target"):
        return "it cannot be targeted"
    return None




def _extreme(ctx: Context, copy: Copy, spec: TargetSpec, state: str) -> str | None:
    """"a target Personality with the lowest Personal Honor at this battlefield": the rivals are the
    other cards fitting the rest of the description (whether or not they could be targeted);
    a tie fits, the player choosing among them."""
    from dataclasses import replace as _with

    from .states import _value, extreme_failure

    pos = ctx.position
    rest = _with(spec, states=tuple(s for s in spec.states if s != state))
    rivals = [c for c in pos.all_copies() if c.uid != copy.uid
              and target_ok(ctx, c, rest) in (None, "it cannot be targeted")]
    return extreme_failure(pos, copy, state, lambda c, stat: _value(ctx.game, pos, c, stat), rivals)


def _compared(ability: Ability, spec: TargetSpec):
    """(the clause whose target ``spec`` is, the clause naming the card its comparisons are made
    with, the describing words those comparisons are) -- or None (states.compared_with)."""
    from .states import COMPARED_RE, compared_with

    clause = next((c for c in (*ability.costs, *ability.effects) if getattr(c, "target", None) is spec), None)
    named = compared_with(ability, clause) if clause is not None else None
    if named is None:
        return None
    return clause, named, frozenset(s for s in spec.states if COMPARED_RE.match(s))


def _still_compared(ctx: Context, ability: Ability, clause: Effect, targets: list, bind: Bindings) -> list:
    """"Discard a card to bow a target enemy card with Force equal to or lower than the discarded card's
    Focus Value": the target is compared, as this effect resolves, with the card the effect just before
    acted on; a target that does not fit is not affected (L5R-ACT-EFFECT, L5R-ACT-TARGET)."""
    from .states import compared_failure

    compared = _compared(ability, clause.target)
    if compared is None or compared[1] not in ability.effects or compared[1].target.ref != "choice":
        return targets
    named = [c for c in bind.recent if not isinstance(c, str)]
    if len(named) != 1:
        ctx.step("effect", f"{clause.text}: no change (no card was named for the comparison)", "L5R-ACT-EFFECT")
        return []
    kept = []
    for card in targets:
        failed = None if isinstance(card, str) else compared_failure(ctx.game, ctx.position, clause.target, [card],
                                                                     named[0])
        if failed:
            ctx.step("effect", f"{clause.text}: no change to {failed[0]}, which does not fit "
                     f"'{describe_spec(clause.target)}': {failed[1]}", "L5R-ACT-EFFECT", "L5R-ACT-TARGET")
            continue
        kept.append(card)
    return kept


def _check_compared(ctx: Context, spec: TargetSpec, chosen: list, named: list) -> None:
    """The cards chosen as ``spec`` against the card its comparison names ("with equal or lower Chi than
    your Personality"): a target must fit its whole description (L5R-ACT-TARGET)."""
    from .states import compared_failure

    cards = [c for c in chosen if not isinstance(c, str)]
    other = [c for c in named if not isinstance(c, str)]
    if not cards:
        return
    if len(other) != 1:
        ctx.reject("L5R-ACT-TARGET", f"{describe_spec(spec)} is compared with a card the action names before it, "
                   "and none was named")
    failed = compared_failure(ctx.game, ctx.position, spec, cards, other[0])
    if failed:
        ctx.reject("L5R-ACT-TARGET", f"{failed[0]} cannot be targeted as {describe_spec(spec)}: {failed[1]}")
    ctx.step("target", f"{' and '.join(c.name for c in cards)} fit{'s' if len(cards) == 1 else ''} "
             f"'{describe_spec(spec)}', compared with {other[0].name}", "L5R-ACT-TARGET")


def subjects(ctx: Context, source: Copy, clause: Effect, bind: Bindings, *, as_cost: bool) -> list:
    """The cards or players a clause applies to -- with "and each of his Followers", those too
    (effects_engine.followers_too)."""
    from .effects_engine import followers_too

    found = _subjects(ctx, source, clause, bind, as_cost=as_cost)
    if clause.target is not None and followers_too(clause.target):
        extra = [f for c in found if not isinstance(c, str) for f in ctx.position.attachments_of(c.uid)
                 if f.card.type == "follower" and f not in found]
        found = [*found, *extra]
    return found


def _subjects(ctx: Context, source: Copy, clause: Effect, bind: Bindings, *, as_cost: bool) -> list:
    """The cards or players a clause applies to."""
    sides = duels.subjects(ctx, clause)  # "Destroy the loser", "The winner gains 2 Honor" (duels.py)
    if sides is not None:
        return sides
    spec = clause.target
    if spec is None and clause.kind in MILITARY:
        return bind.targets.get(id(MILITARY[clause.kind]), [])
    if clause.kind in ("pay-gold", "produce-gold"):
        return [ctx.actor]
    if clause.kind in PLAYER_KINDS and spec is not None and spec.ref == "it" and bind.players:
        return list(bind.players)  # "Choose a player. He gains or loses 1 Honor."
    if clause.kind in PLAYER_KINDS:  # players named by the clause (effects_player)
        from .effects_player import player_subjects

        players = player_subjects(ctx, source, clause, bind.last)
        if players is not None:
            return players
    if clause.kind == "reuse-ability" and spec is not None and spec.ref == "each":
        from .effects_engine import stronghold_reuse  # "each ability on your Stronghold"

        if stronghold_reuse(spec):
            return [c for c in ctx.position.all_copies() if c.card.type == "stronghold" and c.controller == ctx.actor
                    and in_play(ctx.position, c)]
    if clause.kind == "reuse-ability" and spec is not None and spec.ref == "possessed":
        return [c for c in bind.last if not isinstance(c, str)]  # "its abilities": the card named before
    if (owned := possessive.subjects(ctx, clause, bind)) is not None:  # "a target Holding's abilities" (possessive.py)
        return owned
    if (favor := possessive.favor_subject(ctx, clause)) is not None:  # "Discard the Imperial Favor" (possessive.py)
        return favor
    unit = unit_ref(spec)
    if unit is not None:  # "his unit", "this unit": every card in it (effects_engine.unit_cards)
        if unit == "this":
            return unit_cards(ctx.position, source)
        he = bind.moved or bind.last
        return unit_cards(ctx.position, he[0]) if he else []
    from .states import owned_cards  # "Sora's Weapon": one attached to the card named (states.py)

    owned = owned_cards(ctx, source, clause, bind, as_cost=as_cost)
    if owned is not None:
        return owned
    if spec is None or spec.ref == "this":
        return [source]
    if spec.ref == "target":
        found = bind.targets.get(id(spec), [])
        return found
    if (them := possessive.plural_targets(bind, spec)) is not None:  # "Target X and Y: Move them" (possessive.py)
        return them
    if spec.ref == "it":
        return list(bind.last)
    if spec.ref == "created":
        return [bind.created] if bind.created is not None else []
    if spec.ref == "attached":
        if not source.attached_to and source.card.type in spec.card_types:
            return [source]  # "Bow this Personality" on a Personality's own ability: the card itself
        host = ctx.position.copies.get(source.attached_to) if source.attached_to else None
        return [host] if host else []
    if spec.ref == "you":
        return [ctx.actor]
    if spec.ref == "opponent":
        return list(ctx.position.opponents(ctx.actor))
    if spec.ref == "choice" and not as_cost and clause.kind != "choose" and plural_possessive(spec) == "your":
        # "Give your non-Unique Holdings +1 Gold Production": every such card of the acting player's in
        # play, as the text says -- not one the player names (L5R-ACT-EFFECT)
        return [c for c in ctx.position.all_copies() if target_ok(ctx, c, spec) is None]
    if spec.ref == "choice":
        return _paying_choice(ctx, source, clause, spec, as_cost)
    if spec.ref == "each":
        return [c for c in ctx.position.all_copies() if target_ok(ctx, c, spec) is None]
    raise Rejected("L5R-ACT-EFFECT", f"the engine cannot tell what '{clause.text}' applies to")


def _paying_choice(ctx: Context, source: Copy, clause: Effect, spec: TargetSpec, as_cost: bool) -> list:
    """A cost on "one of your Personalities" (not a target): the card comes from ``paying``."""
    if clause.kind == "discard" and spec.zone is None:
        from dataclasses import replace

        spec = replace(spec, zone="hand")  # "Discard a card": a card from your hand (L5R-ACT-COST)
    paying = list(ctx.body.paying)
    used = ctx.position.memo.setdefault("_paying_used", [])
    rest = [o for i, o in enumerate(paying) if i not in used]
    if not rest:
        ctx.reject("L5R-ACT-COST" if as_cost else "L5R-ACT-EFFECT",
                   f"'{clause.text}' needs a card chosen for it; name it with 'paying'")
    if not as_cost and at_least(spec) is not None:  # "put one or more cards in your Provinces …"
        return _open_choice(ctx, clause, spec, paying, used)
    obj = rest[0]
    used.append(paying.index(obj))
    copy = ctx.card(obj, where=lambda c: c.controller == ctx.actor, purpose="paying")
    if as_cost:
        if copy.controller != ctx.actor:
            ctx.reject("L5R-ACT-COST.4", f"{copy.show()} belongs to {copy.controller}: cards of another player "
                       "cannot pay your costs")
        if spec.zone is None and not in_play(ctx.position, copy):
            ctx.reject("L5R-ACT-COST.4", f"{copy.show()} is out of play ({copy.zone}): cards out of play cannot "
                       "pay your costs")
    why = target_ok(ctx, copy, spec)
    if why:
        ctx.reject("L5R-ACT-COST" if as_cost else "L5R-ACT-EFFECT", f"{copy.show()} does not fit "
                   f"'{describe_spec(spec)}': {why}")
    return [copy]


def _open_choice(ctx: Context, clause: Effect, spec: TargetSpec, paying: list, used: list) -> list:
    """"Put one or more cards in your Provinces at the bottom of your deck": every card still named with
    ``paying``, at least as many as the text says, each fitting its words (L5R-ACT-EFFECT)."""
    cards = []
    for i, obj in enumerate(paying):
        if i in used:
            continue
        used.append(i)
        copy = ctx.card(obj, where=lambda c: target_ok(ctx, c, spec) is None, purpose="paying")
        why = target_ok(ctx, copy, spec)
        if why:
            ctx.reject("L5R-ACT-EFFECT", f"{copy.show()} does not fit '{describe_spec(spec)}': {why}")
        cards.append(copy)
    fewest = at_least(spec)
    if len(cards) < fewest:
        ctx.reject("L5R-ACT-EFFECT", f"'{clause.text}' needs at least {fewest} card(s) named with 'paying'")
    return cards


def chosen_card(clause) -> bool:
    """A "choose" phrase naming a card (not a target, not a player): the card is named with ``paying``."""
    spec = clause.target
    return clause.kind == "choose" and spec is not None and spec.ref == "choice" and "player" not in spec.card_types


def choose_player(ctx: Context, clause: Effect) -> str:
    """"Choose a player" (not a target): the acting player picks one as the effect resolves
    (L5R-ACT-EFFECT), named -- as chosen cards are -- with ``paying`` (``paying Bob``)."""
    spec = clause.target
    paying = list(ctx.body.paying)
    used = ctx.position.memo.setdefault("_paying_used", [])
    rest = [i for i in range(len(paying)) if i not in used]
    if not rest:
        ctx.reject("L5R-ACT-EFFECT", f"'{clause.text}' needs a player chosen for it; name one with 'paying'")
    used.append(rest[0])
    name = getattr(paying[rest[0]], "text", "")
    if name not in ctx.position.players:
        ctx.reject("L5R-ACT-EFFECT", f"'{clause.text}' chooses a player ({', '.join(ctx.position.players)}), "
                   f"not {paying[rest[0]].show()}")
    if (spec.owner == "opponent" or "other" in spec.states) and name == ctx.actor:
        ctx.reject("L5R-ACT-EFFECT", f"{name} cannot be chosen as {describe_spec(spec)}: it must be another player")
    ctx.step("effect", f"{ctx.actor} chooses {name} as {describe_spec(spec)}", "L5R-ACT-EFFECT")
    return name


def choose_card(ctx: Context, source: Copy, clause: Effect, bind: Bindings, *, in_effects: bool) -> None:
    """"Choose your performing Personality": the player picks the card(s) -- named with ``paying``, in
    the order the text mentions them (as targets are: L5R-ACT-TARGET) -- and "he", "him", "it" in the
    clauses after it are those cards. One is needed ("one or two": the second only if named)."""
    spec = clause.target
    paying = list(ctx.body.paying)
    used = ctx.position.memo.setdefault("_paying_used", [])
    chosen: list = []
    for n in range(max(1, spec.count)):
        rest = [i for i in range(len(paying)) if i not in used]
        if not rest:
            if n == 0:
                ctx.reject("L5R-ACT-EFFECT" if in_effects else "L5R-ACT-TARGET",
                           f"'{clause.text}' needs a card chosen for it; name it with 'paying'")
            break
        used.append(rest[0])
        copy = ctx.card(paying[rest[0]], where=lambda c: target_ok(ctx, c, spec) is None, purpose="chosen")
        why = target_ok(ctx, copy, spec)
        if why:
            ctx.reject("L5R-ACT-EFFECT" if in_effects else "L5R-ACT-TARGET",
                       f"{copy.show()} cannot be chosen as {describe_spec(spec)}: {why}")
        chosen.append(copy)
        ctx.step("effect" if in_effects else "target", f"{copy.name} chosen as {describe_spec(spec)}",
                 "L5R-ACT-EFFECT" if in_effects else "L5R-ACT-TARGET")
    bind.last = bind.recent = chosen
    bind.chosen.extend(chosen)
    if "performing" in spec.states:
        bind.performing.extend(chosen)
    if spec.zone is not None or pile_named(spec):  # ("your dead Personality": in a discard pile)
        bind.zoned.update(c.uid for c in chosen)


def pay_costs(ctx: Context, source: Copy, ability: Ability, bind: Bindings, *, gold_cost: int) -> None:
    """(D) every cost in the order mentioned; each must really and fully happen."""
    game = ctx.game
    from .costs import Purchase

    ctx._purchase = Purchase(card=source, action=ability)  # "When paying for an action" (costs.py)
    # a card the effects bring into play is paid for with the sources these costs leave
    leave = bool(purchases(ability))
    if gold_cost:
        game.pay_gold(ctx, gold_cost, f"{source.name}'s gold cost", leave_rest=leave)
    costs = list(ability.costs)
    chosen_for: dict = {}  # id of a "Choose ..." clause -> the cards chosen for it
    for index, clause in enumerate(costs):
        if isinstance(clause, Unparsed):
            ctx.reject("L5R-ACT-COST", f"the engine cannot pay the cost '{clause.text}' (not understood)")
        if clause.kind.startswith("amount-"):
            continue  # worked out with the clause before it
        note = ""
        if amounts.chain(costs, index):  # "Pay Gold equal to its Gold Cost" (amounts.py)
            clause, note = amounts.work_out(ctx, source, clause, amounts.chain(costs, index), index + 1, bind, {})
        if clause.kind == "pay-gold" and clause.amount is None and not note:
            x = ctx.body.x  # "Pay X Gold": the player says how much (``x N``)
            if x is None:
                ctx.reject("L5R-ACT-COST", f"the cost '{clause.text}' needs its X: say how much with 'x N'")
            bind.x_paid = x
            if x:
                game.pay_gold(ctx, x, f"the cost '{clause.text}' (X = {x})", leave_rest=leave)
            continue
        if clause.kind == "pay-gold":
            if note and not clause.amount:
                continue  # worked out to 0 Gold: nothing to pay (a gold cost of 0 is no step)
            game.pay_gold(ctx, clause.amount or 0, f"the cost '{clause.text}'" + (f" ({note})" if note else ""),
                          leave_rest=leave)
            continue
        if clause.kind in ("target", "choose"):  # a targeting phrase, chosen already: not a cost
            if clause.target is not None and clause.target.ref == "target":
                bind.last = bind.targets.get(id(clause.target), bind.last)
                compared = _compared(ability, clause.target)  # "… than your Duelist's Chi": the card chosen
                if compared is not None and compared[1].kind == "choose":
                    _check_compared(ctx, clause.target, bind.last, chosen_for.get(id(compared[1]), []))
            elif chosen_card(clause):  # "Choose your performing Personality": "him" after it is that card
                choose_card(ctx, source, clause, bind, in_effects=False)
                chosen_for[id(clause)] = list(bind.last)
            continue
        targets = subjects(ctx, source, clause, bind, as_cost=True)
        if _cost_excused(ctx, source, ability, index, clause, targets, bind):
            continue  # "Bow this Shugenja unless he is Void:" and he is Void (cost_conditions)
        if not targets:
            ctx.reject("L5R-ACT-COST", f"nothing can pay the cost '{clause.text}'")
        for subject in targets:
            if isinstance(subject, str):
                out = apply_to_player(game, ctx.position, subject, clause, as_cost=True)
            else:
                if subject.controller != ctx.actor:
                    ctx.reject("L5R-ACT-COST.4", f"{subject.show()} belongs to {subject.controller}: cards of "
                               "another player cannot pay your costs")
                named_zone = clause.target is not None and clause.target.zone is not None  # "Show a card in your hand"
                if clause.kind != "discard" and not named_zone and not in_play(ctx.position, subject):
                    ctx.reject("L5R-ACT-COST.4", f"{subject.show()} is out of play: cards out of play cannot "
                               "pay your costs")
                out = apply_to_card(game, ctx.position, subject, clause, as_cost=True, source=source.name)
            if not out.changed:
                ctx.reject("L5R-ACT-COST.3", f"the cost '{clause.text}' cannot be paid: {out.why}; a cost must "
                           "really and fully happen")
            ctx.step("cost", out.description, "L5R-ACT-COST")
        bind.done.append([clause.kind, len(targets)])  # a cost changes every card it names (amounts.py)
        if clause.target is not None and clause.target.ref in ("target", "it", "choice"):
            bind.last = [t for t in targets if not isinstance(t, str)] or bind.last
            bind.recent = [t for t in targets if not isinstance(t, str)] or bind.recent


def _cost_excused(ctx: Context, source: Copy, ability: Ability, index: int, clause: Effect, targets: list,
                  bind: Bindings) -> bool:
    """A cost its "unless C" excuses while C holds; "he" in C is the card the cost names."""
    from . import cost_conditions

    named = next((t for t in targets if not isinstance(t, str)), None)
    for cond in cost_conditions.excusing(ability, index):
        if cost_conditions.excused(ctx, source, cond, lambda word: named if word.lower() in conditions.PRONOUNS
                                   else _subject_copy(ctx, source, word, bind)):
            ctx.step("cost", f"'{clause.text}' is not paid, since {cond.text}", "L5R-ACT-COST")
            return True
    return False


def resolve_effects(ctx: Context, source: Copy, ability: Ability, bind: Bindings) -> None:
    """(E) effects in order; they finish whatever happens to the source."""
    game = ctx.game
    guards = effect_guards(ability)
    effects = list(ability.effects)
    bonus_done: set[int] = set()
    for index, clause in enumerate(effects):
        if isinstance(clause, Effect) and clause.kind.startswith("amount-"):
            continue  # folded into the clause before it
        if index in bonus_done:
            continue  # "with +2 strength if …": added to the attack before it
        if interrupts.remaining_negated(ctx, ability, index, clause, bind):
            continue  # "After the action targets your bowed Personality, negate its remaining effects"
        if duels.handles(ability, index):  # a challenge and the duel it creates (duels.py, L5R-ACT-EFFECT.5)
            duels.carry_out(ctx, source, ability, index, bind)
            continue
        if isinstance(clause, Effect) and clause.kind in ATTACK_RIDERS:
            continue  # folded into the attack before it (_with_riders; its targets: tested_spec)
        worked_out = amounts.chain(effects, index) if isinstance(clause, Effect) else []
        if isinstance(clause, Unparsed):
            ctx.step("effect", f"not carried out: '{clause.text}' (the engine cannot read it)", "L5R-ACT-EFFECT")
            continue
        if contingency_unmet(ctx, ability, index):  # "Discard a card to draw a card" (effects_engine)
            continue
        # every condition on this effect holds ("If he is Earth, you may ..." has two)
        held = True
        later = None
        after_action = None
        for guard in guards.get(f"effect {index}", ()):
            if interrupts.after_it_resolves(guard) and interrupts.paused(ctx.position) is not None:
                after_action = guard  # an Interrupt's "after it resolves": the interrupted action's (interrupts.py)
                continue
            about_action = interrupts.judge(ctx, guard, source)  # "If the action is yours" (interrupts.py)
            if about_action is not None:
                if not about_action:
                    ctx.step("effect", f"{clause.text}: not carried out, since the condition does not hold "
                             f"({guard.text})", "L5R-ACT-EFFECT", interrupts.CHANGE)
                held = held and about_action
                continue
            if simultaneous(ability, guard):  # "straighten his unit as he moves" (effects_engine)
                moved = {uid for uid, verb in ctx.position.memo.get("_done", []) if verb == "moved"}
                if not any(c.uid in moved for c in _mover(source, ability, index, bind)):
                    ctx.step("effect", f"{clause.text}: not carried out, since he did not move ({guard.text})",
                             "L5R-ACT-EFFECT")
                    held = False
                continue
            if guard.kind == "effect-cost":
                continue  # "paying 2 less Gold": the price of the card it brings into play (costs.py)
            if delayed.fired(guard):
                later = guard  # "Discard it after your next turn begins": set aside (delayed.py)
                continue
            if delayed.at_moment(ability, guard):  # "Before this turn ends, if it is still in play": asked then
                continue
            if guard.kind == "effect-optional":
                if ctx.body.choosing in ("no", "decline", "not"):
                    ctx.step("effect", f"{ctx.actor} chooses not to: {clause.text}", "L5R-ACT-EFFECT")
                    held = False
                    break
                continue
            own = _trailing_subject(ctx, source, ability, clause, guard, bind)
            verdict = conditions.evaluate(guard, game=game, pos=ctx.position, actor=ctx.actor, source=source,
                                          subject_of=lambda word, own=own: own if own is not None
                                          and word.lower() in conditions.PRONOUNS else
                                          _subject_copy(ctx, source, word, bind))
            if verdict is None:
                ctx.step("effect", f"not carried out: '{clause.text}' depends on a condition the engine cannot "
                         f"check ({guard.text})", "L5R-ACT-EFFECT")
            elif not verdict:
                ctx.step("effect", f"{clause.text}: not carried out, since the condition does not hold "
                         f"({guard.text})", "L5R-ACT-EFFECT")
            held = held and verdict is True
        if not held:
            continue
        if after_action is not None and interrupts.set_aside(ctx, source, ability, index, clause, bind):
            continue
        if interrupts.change(ctx, source, ability, index, clause, bind):  # "Negate an Engage action" (interrupts.py)
            continue
        if later is not None:
            delayed.register(ctx, source, ability, index, later, clause, bind)
            continue
        if clause.kind in ("target", "choose"):
            if clause.kind == "target" and clause.target is not None and clause.target.ref == "target":
                bind.last = bind.targets.get(id(clause.target)) or bind.last  # "… target an enemy card. Destroy the targeted card"
            if chosen_card(clause):  # "Choose a Kiho Strategy in your discard pile. Put it into your hand."
                choose_card(ctx, source, clause, bind, in_effects=True)
            elif clause.kind == "choose" and player_spec(clause.target):  # "choose a player, who gains …"
                bind.players = [choose_player(ctx, clause)]
            continue
        if random_hand_applies(ability, clause):  # "discards a card at random" (effects_engine)
            named = [*bind.players, *(t for chosen in bind.targets.values() for t in chosen if isinstance(t, str))]
            card = random_hand_card(ctx.position, named[-1]) if named else None
            out = apply_to_card(game, ctx.position, card, clause, as_cost=False, source=source.name) \
                if card is not None else Outcome(False, clause.text, "the player's hand is empty" if named
                                                  else "no player was named")
            ctx.step("effect", (out.description + " (a card at random)") if out.changed
                     else f"{out.description}: no change ({out.why})", "L5R-ACT-EFFECT")
            continue
        after = effects[index + 1] if index + 1 < len(effects) else None
        destroys = None
        clause = interrupts.attack(ctx, clause)  # as its Interrupts left it: negated, or stronger (interrupts.py)
        if clause is None:
            continue
        if clause.kind in MILITARY:  # "that you may compare against Gold Cost", "that destroys Followers …"
            clause, destroys = _with_riders(ctx, source, ability, clause, guards, bind)
        if attack_bonus(clause, after):
            bonus_done.add(index + 1)
            if amounts.chain(effects, index + 1):  # "+1 strength for each other Follower in this unit" (amounts.py)
                after, counted = amounts.work_out(ctx, source, after, amounts.chain(effects, index + 1), index + 2,
                                                  bind, guards)
                from dataclasses import replace as with_text

                after = with_text(after, text=f"{after.text} ({counted})")
            clause = _with_bonus(ctx, source, clause, after, guards.get(f"effect {index + 1}", ()), bind)
        each_own = bool(worked_out) and amounts.per_subject(clause, worked_out)
        note = ""
        if worked_out and not each_own:  # "a Force bonus equal to his Chi": read as it resolves (amounts.py)
            clause, note = amounts.work_out(ctx, source, clause, worked_out, index + 1, bind, guards)
        if negation.resolves(clause):  # "Negate his straightening", "… may not target him" (effects_negate)
            negation.resolve_clause(ctx, source, ability, index, clause, bind)
            continue
        if clause.kind == "create":
            from .effects_engine import created_trait

            trait = created_trait(clause, after)  # "Create a Holding with the trait "…"": printed on the card
            if trait is not None:
                bonus_done.add(index + 1)
            made = [create_card(ctx, clause, trait) for _ in range(max(1, clause.target.count if clause.target else 1))]
            bind.created, bind.last = made[0], made  # "create two 2F/2C/3PH Spirit Personalities"
            for created in made:
                ctx.step("effect", f"create {created.name} ({created.card.type}) in play", "L5R-ACT-EFFECT")
            continue
        if clause.kind == "refill":  # "Discard it. Refill the province face-up." (effects_cards)
            from .effects_cards import entered_refill_applies, refill_applies, refill_entered, refill_face_up

            rule = "L5R-DYNASTY"
            if entered_refill_applies(ability, clause):  # "After X enters play from a province: Refill it face-up"
                outs = refill_entered(game, ctx.position, _subjects(ctx, source, clause, bind, as_cost=False))
                rule = "L5R-DYNASTY.6"
            else:
                outs = refill_face_up(game, ctx.position) if refill_applies(ability, clause) else [
                    Outcome(False, clause.text, "the engine does not read which province")]
            for out in outs:
                ctx.step("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                         "L5R-ACT-EFFECT", rule)
            continue
        # "Put one into your hand. Put the rest back" (effects_engine.look_pick_clause)
        picking = isinstance(clause, Effect) and clause.kind in ("put-on-bottom", "put-in-hand", "discard") \
            and look_pick_clause(ability, clause)
        if picking or (isinstance(clause, Effect) and clause.kind == "reorder" and look_pick_clause(ability, clause)):
            held = True
            for guard in guards.get(f"effect {index}", ()):
                if guard.kind == "effect-optional" and ctx.body.choosing in ("no", "decline", "not"):
                    held = False
            if not held:
                ctx.step("effect", f"{ctx.actor} chooses not to: {clause.text}", "L5R-ACT-EFFECT")
                continue
            if picking:
                card, none = pick_looked(ctx, clause, bind.last)
                if card is None:
                    ctx.step("effect", f"{none.description}: no change ({none.why})", "L5R-ACT-EFFECT")
                    continue
                out = apply_to_card(game, ctx.position, card, clause, as_cost=False, source=source.name)
                bind.last = bind.recent = [c for c in bind.last if not isinstance(c, str) and c.uid != card.uid]
            else:
                out = reorder(ctx, clause, bind.last)
            ctx.step("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                     "L5R-ACT-EFFECT")
            continue
        if clause.kind == "reorder" and reorder_applies(clause):  # "Put them back in any order"
            out = reorder(ctx, clause, bind.last)
            ctx.step("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                     "L5R-ACT-EFFECT")
            continue
        if clause.kind == "look-at-top" and (look_applies(clause) or look_reorder_applies(ability, clause)
                                             or look_pick_clause(ability, clause)):
            # "Look at the top card of your Fate deck" / "… the top three cards …"
            out = apply_to_player(game, ctx.position, ctx.actor, clause, as_cost=False)
            deck = ctx.position.zones.get((ctx.actor, clause.target.zone), [])
            bind.last = bind.recent = [ctx.position.copies[u] for u in deck[:max(1, clause.amount or 1)]]
            bind.zoned.update(c.uid for c in bind.last)  # "You may discard it": that card, in the deck
            ctx.step("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                     "L5R-ACT-EFFECT")
            continue
        if clause.kind == "look-at-top" and look_chosen_applies(clause):  # "... the top card of a deck"
            out, top = look_chosen(ctx, clause)
            bind.last = bind.recent = [top] if top is not None else []
            bind.zoned.update(c.uid for c in bind.last)  # "You may put it at the bottom": that card, in the deck
            ctx.step("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                     "L5R-ACT-EFFECT")
            continue
        if clause.kind == "search":  # "Search your Fate deck for a Ring" (effects_engine)
            _search(ctx, source, clause, bind)
            continue
        if province_effect_applies(clause):  # "Give each of your provinces +2 strength" (effects_engine)
            from .effects_engine import this_province_elsewhere

            elsewhere = this_province_elsewhere(game, ctx.position, source) if clause.target.ref == "this" else None
            out = Outcome(False, f"give this Province {clause.amount:+d} strength", elsewhere) if elsewhere else \
                give_province_strength(game, ctx.position, ctx.actor, clause, source.name)
            ctx.step("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                     "L5R-ACT-EFFECT", "L5R-DURATION")
            continue
        if isinstance(clause, Effect) and clause.kind == "put-in-hand" and not guards.get(f"effect {index}"):
            if under_pick_applies(clause):  # "Put a card under Harukaze into your hand"
                card, none = pick_looked(ctx, clause, cards_under(ctx.position, source), f"the cards under {source.name}")
                out = none if card is None else apply_to_card(game, ctx.position, card, clause, as_cost=False,
                                                              source=source.name)
                ctx.step("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                         "L5R-ACT-EFFECT")
                continue
        if clause.kind == "put-under" and under_applies(ability, index):  # "Put a Weapon in your hand under ..."
            spec = clause.target
            if spec.ref == "choice" and spec.zone == "hand":
                choose_card(ctx, source, clause, bind, in_effects=True)
                cards = list(bind.last)
            elif spec.ref == "choice":  # "the top card of your Fate deck"
                deck = ctx.position.zones.get((ctx.actor, spec.zone), [])
                cards = [ctx.position.copies[deck[0]]] if deck else []
            else:
                cards = subjects(ctx, source, clause, bind, as_cost=False)
            put_under(ctx, source, clause, cards)
            continue
        if clause.kind == "under-host" and index > 0 and under_applies(ability, index - 1):
            continue  # (where the cards above went)
        if clause.kind == "recruit" and recruit_applies(ability, index):  # "Pay X Gold: Recruit a target Holding"
            recruit(ctx, source, ability, index, subjects(ctx, source, clause, bind, as_cost=False), bind.x_paid)
            continue
        if clause.kind == "put-into-play" and index in purchases(ability):
            bring_into_play(ctx, source, ability, index, subjects(ctx, source, clause, bind, as_cost=False))
            continue
        if clause.kind == "attach" and (index in purchases(ability) or equips_for_x(ability, index)):
            # "Attach it to Haruto, paying …"; "Pay X Gold: Equip a target Weapon … to Katagi"
            bind.attaching = _attached_things(ctx, source, clause, bind)
            continue
        if clause.kind == "attach" and any(getattr(c, "kind", "") == "attach-to" for c in ability.effects):
            continue  # "attach it to …": the attach-to clause that follows says where
        if attached_of_named_applies(ability, clause):  # "... and straighten his Weapons"
            targets = attached_of_named(ctx, source, ability, clause, bind)
        else:
            targets = subjects(ctx, source, clause, bind, as_cost=False)
        targets = conditions.leading_subject(ctx.position, source, ability, index, clause) or targets  # "If Ajasu has moved, straighten him"
        if clause.target is not None and clause.target.ref == "target":
            targets = _still_compared(ctx, ability, clause, targets, bind)  # "... than the discarded card's"
        if clause.kind == "transfer":  # "Transfer this Follower to your target Personality" (attach-to follows)
            bind.transferred = [t for t in targets if not isinstance(t, str)]
            continue
        if clause.kind == "attach-to" and bind.transferred:
            transfer_to(ctx, bind.transferred, targets)
            bind.transferred = []
            continue
        if clause.kind == "attach-to" and (index - 1 in purchases(ability) or equips_for_x(ability, index - 1)):
            attach_paying(ctx, source, ability, index - 1, bind.attaching, _hosts(ctx, clause, targets, bind),
                          x_paid=bind.x_paid if equips_for_x(ability, index - 1) else None)
            bind.attaching = []
            continue
        if clause.kind == "attach-to":
            attach_to(ctx, source, bind, targets)
            continue
        if clause.target is not None and clause.target.ref in ("target", "it"):
            bind.last = [t for t in targets if not isinstance(t, str)] or bind.last
        if clause.target is not None and clause.target.ref in ("this", "attached") and index + 1 < len(ability.effects) \
                and attached_of_named_applies(ability, ability.effects[index + 1]):
            bind.last = [t for t in targets if not isinstance(t, str)] or bind.last  # "he", "his attachments"
        if clause.kind == "turn-face-up":  # "Turn a card in a Province face-up and give it Kharmic":
            bind.last = [t for t in targets if not isinstance(t, str)] or bind.last  # "it", the card
            bind.zoned.update(t.uid for t in bind.last)  # turned, named in its province
        if clause.target is not None and clause.target.ref in ("target", "it", "choice"):
            bind.recent = [t for t in targets if not isinstance(t, str)] or bind.recent
        if clause.kind in ("move-home", "move-to-battle"):
            bind.moved = [t for t in targets if not isinstance(t, str)]
        bind.done.append([clause.kind, 0])  # counted below: the cards it changed (amounts.py)
        if not targets:
            ctx.step("effect", f"{clause.kind}: nothing to apply it to", "L5R-ACT-EFFECT")
            continue
        for subject in targets:
            if isinstance(subject, str):
                out = apply_to_player(game, ctx.position, subject, clause, as_cost=False)
            else:
                # out-of-play cards ignore new effects, except the action being played (L5R-ACT-EFFECT)
                if not in_play(ctx.position, subject) and clause.target and clause.target.zone is None \
                        and clause.kind not in ("discard",) and subject.zone != "announced" \
                        and subject.uid not in bind.zoned:
                    ctx.step("effect", f"{clause.kind} {subject.show()}: it has left play, so it ignores "
                             "the effect", "L5R-ACT-EFFECT")
                    continue
                before = _looks(ctx.position, subject)
                own = clause
                if each_own:  # "equal to his own Personal Honor": each card's own value
                    own, note = amounts.work_out(ctx, source, clause, worked_out, index + 1, bind, guards,
                                                 holder=subject)
                if clause.kind == "reveal" and subject.uid in bind.searched:  # "Show it": the card found
                    out = Outcome(True, f"{ctx.actor} shows {subject.show()}")
                else:
                    out = apply_to_card(game, ctx.position, subject, own, as_cost=False, source=source.name)
                if destroys is not None and out.changed and "bowed" in subject.flags:
                    out = _fear_destroys(ctx, source, subject, destroys, out)
                # "If he moved", "If this destroyed a card": what this ability did (conditions.py)
                ctx.position.memo.setdefault("_done", []).extend(
                    (subject.uid, verb) for verb in _changes(clause.kind, before, _looks(ctx.position, subject)))
            bind.done[-1][1] += bool(out.changed)
            text = out.description if out.changed else f"{out.description}: no change ({out.why})"
            text += f" ({note})" if note else ""
            rules = ["L5R-ACT-EFFECT"] + (["L5R-DURATION"] if clause.kind in ("modify-stat", "grant-keyword")
                                          or clause.kind.startswith("cannot-") else []) \
                + (["L5R-DURATION.3"] if clause.kind == "negate-stat-changes" else []) \
                + (["L5R-DYNASTY.3"] if not out.changed and "will not join" in out.why else [])  # its own trait
            ctx.step("effect", text, *rules)
            if out.changed:  # "You may bow him; if you did, …": which effects did something (conditions.py)
                ctx.position.memo.setdefault("_changed", []).append(index)
        # the next clause picks from the cards named with ``paying`` again, but not those the costs took
        ctx.position.memo["_paying_used"] = list(ctx.position.memo.get("_paying_base", []))


def _search(ctx: Context, source: Copy, clause: Effect, bind: Bindings) -> None:
    """"Search your Fate deck for a Ring": the card found is named with ``paying`` (the searcher
    sees the deck, the scenario names what she takes); naming none, she finds nothing. "It" in
    the clauses after it is that card, out of play in the zone searched (L5R-ACT-EFFECT)."""
    from .effects_engine import search_areas

    spec = clause.target
    paying = list(ctx.body.paying)
    used = ctx.position.memo.setdefault("_paying_used", [])
    rest = [i for i in range(len(paying)) if i not in used]
    areas = search_areas(clause) or [spec.zone]
    word = ((clause.keyword or "").split(" ") + ["", ""])[1]  # "discard then fate-deck": then / or / and
    zone = {"then": ", then ", "or": " or ", "and": " and "}.get(word, " ").join(_area_words(a) for a in areas)
    if not rest:
        bind.last, bind.recent = [], []
        ctx.step("effect", f"{ctx.actor} searches her {zone} for {spec.text} and takes nothing (name the card "
                 "found with 'paying')", "L5R-ACT-EFFECT")
        return
    used.append(rest[0])
    found = ctx.card(paying[rest[0]], where=lambda c: c.zone_owner == ctx.actor
                     and any(zone_matches(c.zone, a) for a in areas), purpose="found")
    if found.zone_owner != ctx.actor or not any(zone_matches(found.zone, a) for a in areas):
        ctx.reject("L5R-ACT-EFFECT", f"{found.show()} is not in {ctx.actor}'s {zone}")
    from dataclasses import replace as _in_area

    # (tested in the area it was found in: "your discard pile, then Fate deck")
    why = target_ok(ctx, found, _in_area(spec, zone=next(a for a in areas if zone_matches(found.zone, a))))
    if why:
        ctx.reject("L5R-ACT-EFFECT", f"{found.show()} is not {spec.text} in {ctx.actor}'s {zone}: {why}")
    out = apply_to_card(ctx.game, ctx.position, found, clause, as_cost=False, source=source.name)
    bind.last, bind.recent = [found], [found]
    bind.zoned.add(found.uid)
    bind.searched.add(found.uid)
    if len(areas) > 1:  # several areas: searched in turn, a search may be declared failed (L5R-ACT-EFFECT.6)
        first = next(i for i, a in enumerate(areas) if zone_matches(found.zone, a))
        skipped = "; she declared her search of the " + ", ".join(_area_words(a) for a in areas[:first]) + \
            " failed" if first else ""
        ctx.step("effect", f"{out.description} (searching the {zone}{skipped})", "L5R-ACT-EFFECT",
                 "L5R-ACT-EFFECT.6")
        return
    ctx.step("effect", out.description, "L5R-ACT-EFFECT")


def _area_words(zone: str) -> str:
    """"fate-discard" -> "fate discard pile" (a step's words for a searched area)."""
    words = zone.replace("-", " ")
    return words + " pile" if words.endswith("discard") else words


def _with_bonus(ctx: Context, source: Copy, attack: Effect, bonus: Effect, conds, bind: Bindings) -> Effect:
    """The attack with its "+2 strength if …" added when every condition holds ("the target": the
    attack's own target); otherwise as printed, with a step saying why."""
    from dataclasses import replace

    attacked = bind.targets.get(id(MILITARY[attack.kind]), [])

    def subject(word: str):
        if word.lower() == "the target":
            return attacked[0] if attacked else None
        return _subject_copy(ctx, source, word, bind)

    verdicts = [conditions.evaluate(c, game=ctx.game, pos=ctx.position, actor=ctx.actor, source=source,
                                    subject_of=subject) for c in conds]
    if all(v is True for v in verdicts):
        ctx.step("effect", f"{bonus.text}: the attack has {bonus.amount:+d} strength", "L5R-ACT-EFFECT")
        return replace(attack, amount=attack.amount + bonus.amount)
    why = "a condition the engine cannot check" if None in verdicts else "its condition does not hold"
    ctx.step("effect", f"{bonus.text}: not added ({why})", "L5R-ACT-EFFECT")
    return attack


def _with_riders(ctx: Context, source: Copy, ability: Ability, attack: Effect, guards: dict,
                 bind: Bindings) -> tuple[Effect, Effect | None]:
    """The attack with the riders after it folded in (effects_battle): "that you may compare against
    Gold Cost" (``keyword`` "compare:<stat>", for effects.apply_to_card) and the "that destroys
    Followers after it bows them" clause (returned, for :func:`_fear_destroys`). A rider whose
    condition does not hold ("… if the target has no attachments") or that the player declines
    ("you may compare": ``choosing no``) is left out, with a step saying so (L5R-ACT-EFFECT)."""
    from dataclasses import replace

    attacked = bind.targets.get(id(MILITARY[attack.kind]), [])

    def subject(word: str):
        if word.lower() == "the target":
            return attacked[0] if attacked else None
        return _subject_copy(ctx, source, word, bind)

    destroys = None
    for index, rider in enumerate(ability.effects):
        if not isinstance(rider, Effect) or rider.kind not in ("attack-compare", "fear-destroys"):
            continue
        conds = guards.get(f"effect {index}", ())
        if any(c.kind == "effect-optional" for c in conds) and ctx.body.choosing in ("no", "decline", "not"):
            ctx.step("effect", f"{ctx.actor} chooses not to: {rider.text}", "L5R-ACT-EFFECT")
            continue
        verdicts = [conditions.evaluate(c, game=ctx.game, pos=ctx.position, actor=ctx.actor, source=source,
                                        subject_of=subject) for c in conds if c.kind != "effect-optional"]
        if not all(v is True for v in verdicts):
            why = "a condition the engine cannot check" if None in verdicts else "its condition does not hold"
            ctx.step("effect", f"{rider.text}: not added to the attack ({why})", "L5R-ACT-EFFECT")
            continue
        if rider.kind == "attack-compare":
            attack = replace(attack, keyword=f"compare:{rider.stat}")
        else:
            destroys = rider
    return attack, destroys


def _fear_destroys(ctx: Context, source: Copy, copy: Copy, rider: Effect, bowed: Outcome) -> Outcome:
    """"Fear 2 that destroys Followers after it bows them": a card the Fear bowed that fits the
    rider's words is then destroyed (L5R-ACT-EFFECT)."""
    if target_ok(ctx, copy, rider.target) is not None:
        return bowed
    out = apply_to_card(ctx.game, ctx.position, copy, Effect("destroy", text=rider.text), as_cost=False,
                        source=source.name)
    if not out.changed:
        return Outcome(True, f"{bowed.description}; not destroyed ({out.why})")
    return Outcome(True, f"{bowed.description}, then destroy it ({rider.text})")


def _mover(source: Copy, ability: Ability, index: int, bind: Bindings) -> list:
    """The cards the move just before effect ``index`` was about ("he" in "as he moves")."""
    return bind.moved or bind.last


def _looks(pos, copy: Copy) -> tuple:
    return copy.zone, in_play(pos, copy), "bowed" in copy.flags, "dishonored" in copy.flags


def _changes(kind: str, before: tuple, after: tuple) -> list[str]:
    """What an effect did to a card: moved (home/battlefield), destroyed/discarded (left play
    for a pile), bowed, straightened, dishonored."""
    done = []
    if before[0] != after[0] and all(z == "home" or z.startswith("battlefield") for z in (before[0], after[0])):
        done.append("moved")
    if before[1] and not after[1]:
        done.append("discarded" if kind == "discard" else "destroyed")
    if before[2] != after[2]:
        done.append("bowed" if after[2] else "straightened")
    if after[3] and not before[3]:
        done.append("dishonored")
    return done


def _trailing_subject(ctx: Context, source: Copy, ability: Ability, clause, guard, bind: "Bindings"):
    """"Straighten Karoko if she is attacking": after an effect on this card, the pronoun of its
    own "if"/"unless" is this card, not the last target (None: the usual binding)."""
    import re

    spec = getattr(clause, "target", None)
    if spec is None or spec.ref not in ("this", "attached") or not guard.text:  # ("this Personality": attached)
        return None
    # (also "Give Ogure +2F, or +3F if he is defending": the condition inside the clause's own text)
    if not re.search(rf"{re.escape(clause.text)},? (?:if|unless) {re.escape(guard.text)}", ability.text, re.I) \
            and not re.search(rf"\b(?:if|unless) {re.escape(guard.text)}$", clause.text, re.I):
        return None
    return _subject_copy(ctx, source, spec.text, bind) or source


def _subject_copy(ctx: Context, source: Copy, word: str, bind: "Bindings"):
    """The card a condition's subject names: a pronoun (the last target) or this card."""
    w = word.lower()
    if w in conditions.SELF:
        if w in ("this personality",) and source.card.type != "personality" and source.attached_to:
            return ctx.position.copies.get(source.attached_to)
        return source
    if w in conditions.PRONOUNS:
        return bind.last[0] if bind.last else None
    # "If your Personality is a Magistrate": the one card of that kind the action named (conditions.py)
    return conditions.named_card(ctx.position, ctx.actor, word, [*bind.chosen, *(c for cs in bind.targets.values()
                                                                                 for c in cs)])


def amount_executes(clause_before, clause) -> bool:
    """Kept for callers of the old name: an amount-equal-to after ``clause_before`` (amounts.py)."""
    return amounts.chain_executes(clause_before, [clause])


def create_card(ctx: Context, clause: Effect, text: str | None = None) -> Copy:
    """"Create a 3F/1C/1PH Scout Personality": a new card in play at its creator's home; ``text``
    the trait it is created with, part of the card itself (effects_engine.created_trait)."""
    from ...core.cards import CardDef

    spec = clause.target
    kind = (spec.card_types[0] if spec is not None and spec.card_types else "personality")
    keywords = tuple(spec.keywords) if spec is not None else ()
    clan = ctx.position.players[ctx.actor].attrs.get("clan") if ctx.actor in ctx.position.players else None
    if spec is not None and "your-clan-alignment" in spec.states and clan and str(clan) not in keywords:
        # "create a 3F/3C/3PH Samurai Personality with your Clan Alignment": the creator's clan, which a
        # Personality has when its keywords name it (L5R-CLAN, as the scenario language defines it)
        keywords = (*keywords, str(clan))
    stats = dict(zip(("force", "chi", "personal-honor"), clause.values))
    name = " ".join((*keywords, kind.title())) + " (created)"
    card = CardDef(name=name, type=kind, attrs=stats, keywords=keywords, source="created by an effect",
                   **({"text": text} if text else {}))
    # "... at this battlefield" / "at the current battlefield" in a Battle action: where the battle is
    field = current_battlefield(ctx.position) if spec is not None and "at-battlefield" in spec.states else None
    created = ctx.position.create_copy(card, ctx.actor, ctx.actor, field or "home")
    raise_event(ctx.position, "enters-play", created)  # a created card enters play (L5R-TRAIT)
    return created


def transfer_to(ctx: Context, things: list, hosts: list) -> None:
    """Move each attachment in play to the host, if the host can legally carry it (its own and the
    host's restrictions, as for Share: L5R-SHARE); else it stays where it is (L5R-ACT-EFFECT)."""
    from .turn import attach_restriction

    pos = ctx.position
    host = next((h for h in hosts if not isinstance(h, str)), None)
    for thing in things:
        if host is None or thing.attached_to is None or not in_play(pos, thing):
            ctx.step("effect", f"transfer {thing.show()}: no change (it is not an attachment in play, or there is "
                     "no Personality to take it)", "L5R-ACT-EFFECT")
            continue
        if thing.attached_to == host.uid:
            ctx.step("effect", f"transfer {thing.show()}: no change (it is already on {host.name})",
                     "L5R-ACT-EFFECT")
            continue
        why = attach_restriction(ctx.game, ctx, thing, host)
        if why:
            ctx.step("effect", f"transfer {thing.show()}: no change ({why})", "L5R-ACT-EFFECT", "L5R-SHARE")
            continue
        from .effects_engine import untransferable

        if untransferable(ctx.game, pos, thing):
            ctx.step("effect", f"transfer {thing.show()}: no change (it will not be transferred: its trait)",
                     "L5R-ACT-EFFECT", "L5R-TRAIT")
            continue
        for card in (thing, *pos.attachments_of(thing.uid)):
            pos.move(card.uid, card.controller, host.zone, top=False)
        thing.attached_to = host.uid
        ctx.step("effect", f"transfer {thing.name} to {host.name}", "L5R-ACT-EFFECT", "L5R-SHARE")


def attach_to(ctx: Context, source: Copy, bind: "Bindings", hosts: list) -> None:
    """Attach the card just created (or this card) to each host: one created card per host."""
    pos = ctx.position
    thing = bind.created or source
    for i, host in enumerate(h for h in hosts if not isinstance(h, str)):
        card = thing if i == 0 else pos.create_copy(thing.card, thing.owner, thing.controller, "home")
        pos.move(card.uid, card.controller, host.zone, top=False)
        card.attached_to = host.uid
        ctx.step("effect", f"attach {card.name} to {host.name}", "L5R-ACT-EFFECT")
        raise_event(pos, "attached", card)  # "After this Item attaches" (triggers)


def _attached_things(ctx: Context, source: Copy, clause: Effect, bind: Bindings) -> list:
    """What "Attach it to him" attaches: "it" is the attachment out of play the action named (the
    latest one), whichever of the two the text mentioned last."""
    found = [t for t in subjects(ctx, source, clause, bind, as_cost=False) if not isinstance(t, str)]
    if clause.target is None or clause.target.ref != "it":
        return found
    named = [*bind.chosen, *(c for chosen in bind.targets.values() for c in chosen), *found]
    things = [c for c in named if c.card.type in ("follower", "item", "spell") and not in_play(ctx.position, c)]
    return things[-1:] or found


def _hosts(ctx: Context, clause: Effect, targets: list, bind: Bindings) -> list:
    """Who "Attach it to him" means: "it" is the card attached, so "him" is the Personality the
    action chose or targeted before it (the latest one in play)."""
    if clause.target is None or clause.target.ref != "it":
        return targets
    named = [*bind.chosen, *(c for chosen in bind.targets.values() for c in chosen)]
    people = [c for c in named if c.card.type == "personality" and in_play(ctx.position, c)]
    return people[-1:]


def bring_into_play(ctx: Context, source: Copy, ability: Ability, index: int, cards: list) -> None:
    """"Target a Holding in your discard pile: Bring it into play, paying all costs": each card,
    paid for (costs.pay_for_effect) or staying where it is, enters play at its new controller's
    home (L5R-ACT-EFFECT); a Holding enters bowed (L5R-HOLDING), unless its own trait says
    otherwise; a Personality only if the player's Family Honor meets his Honor Requirement
    (L5R-HONOR-REQ)."""
    from . import costs
    from .effects_engine import enters_bowed

    pos, actor, game = ctx.position, ctx.actor, ctx.game
    words = costs.purchase_words(ability, index)
    for card in (c for c in cards if not isinstance(c, str)):
        if in_play(pos, card):
            ctx.step("effect", f"bring {card.show()} into play: no change (it is in play already)", "L5R-ACT-EFFECT")
            continue
        if card.card.type not in ("personality", "holding", "follower", "item", "spell", "ring", "region",
                                  "event", "celestial", "sensei"):
            ctx.step("effect", f"bring {card.show()} into play: no change (a {card.card.type} does not enter "
                     "play)", "L5R-ACT-EFFECT")
            continue
        if card.card.type in ("follower", "item", "spell"):
            ctx.step("effect", f"bring {card.show()} into play: no change (an attachment enters play attached "
                     "to a Personality; the text names none)", "L5R-ACT-EFFECT", "L5R-EQUIP")
            continue
        from .effects_engine import will_not_join

        refused = will_not_join(game, pos, card, actor)  # "Shindo will not join a Spider Clan player"
        if refused:
            ctx.step("effect", f"bring {card.show()} into play: no change (it will not join {actor}: {refused})",
                     "L5R-ACT-EFFECT", "L5R-DYNASTY.3")
            continue
        from .effects_restrictions import will_not_enter  # "Otani will not enter play if …" (effects_restrictions)

        barred = will_not_enter(game, pos, card, actor)
        if barred:
            ctx.step("effect", f"bring {card.show()} into play: no change (it will not enter play: "
                     f"{barred})", "L5R-ACT-EFFECT", "L5R-DYNASTY.5")
            continue
        short = _honor_short(ctx, card)
        if short:
            ctx.step("effect", f"bring {card.show()} into play: no change ({short})", "L5R-ACT-EFFECT", "L5R-HONOR-REQ")
            continue
        if not costs.pay_for_effect(game, ctx, card, None, words, f"{card.name}'s gold cost"):
            continue
        leave_play(pos, card)
        pos.move(card.uid, actor, "home", top=False)
        card.controller = actor
        bowed, why = enters_bowed(game, pos, card, card.card.type == "holding", actor)
        if bowed:
            card.flags.add("bowed")
        if why:
            ctx.step("effect", f"{card.name} enters play {'bowed' if bowed else 'unbowed'} at {actor}'s home "
                     f"(its trait: {why})", "L5R-ACT-EFFECT", "L5R-TRAIT")
        elif bowed:
            ctx.step("effect", f"{card.name} enters play bowed at {actor}'s home", "L5R-ACT-EFFECT", "L5R-HOLDING")
        else:
            ctx.step("effect", f"{card.name} enters play at {actor}'s home", "L5R-ACT-EFFECT")
        raise_event(pos, "enters-play", card)


def _honor_short(ctx: Context, card: Copy) -> str | None:
    """Why a Personality an effect brings into play or recruits does not enter: its player's Family
    Honor is below its Honor Requirement, and neither a trait nor the card's own words waive it
    (L5R-HONOR-REQ); None when it may enter."""
    from . import costs
    from .effects_engine import ignores_requirement

    pos, actor, game = ctx.position, ctx.actor, ctx.game
    if card.card.type != "personality":
        return None
    honor = pos.players[actor].attrs.get("family-honor", 0)
    need = card.card.attrs.get("honor-requirement", 0) or 0
    if honor >= need or ignores_requirement(game, pos, card, actor) or costs.own_reductions(game, ctx, card)[1]:
        return None
    return f"{actor}'s Family Honor {honor} is below his Honor Requirement {need}"


def recruit(ctx: Context, source: Copy, ability: Ability, index: int, cards: list, x_paid: int | None) -> None:
    """"Pay X Gold: Recruit a target Holding in your Province, for 1 less Gold" (effects_engine.
    recruit_applies): the Recruit procedure as an effect -- the card's Gold cost (with the words'
    change and its player's reductions) must be the X paid for the action, else it does not enter
    (Comprehensive Rules, "Recruit"; L5R-ACT-EFFECT); a Personality needs its Honor Requirement met
    (L5R-HONOR-REQ) and, during a battle, enters in its controller's army at the current
    battlefield; a Holding enters bowed (L5R-HOLDING); a province it left is refilled face down
    (L5R-DYNASTY)."""
    from . import costs
    from .effects_cards import _refill_left
    from .effects_engine import enters_bowed, will_not_join

    pos, actor, game = ctx.position, ctx.actor, ctx.game
    words = costs.purchase_words(ability, index)
    for card in (c for c in cards if not isinstance(c, str)):
        name = card.show()
        if in_play(pos, card) or card.card.type not in ("personality", "holding"):
            ctx.step("effect", f"recruit {name}: no change (only a Personality or Holding out of play is "
                     "recruited)", "L5R-ACT-EFFECT", "L5R-DYNASTY")
            continue
        refused = will_not_join(game, pos, card, actor)
        if refused:
            ctx.step("effect", f"recruit {name}: no change (it will not join {actor}: {refused})",
                     "L5R-ACT-EFFECT", "L5R-DYNASTY.3")
            continue
        short = _honor_short(ctx, card)
        if short:
            ctx.step("effect", f"recruit {name}: no change ({short})", "L5R-ACT-EFFECT", "L5R-HONOR-REQ")
            continue
        price, notes = costs.effect_price(game, ctx, card, None, words)
        if x_paid is None or price != x_paid:
            ctx.step("effect", f"recruit {name}: no change (its Gold cost is {price} ({', '.join(notes)}), and X "
                     f"paid was {x_paid if x_paid is not None else 'not named'})", "L5R-ACT-EFFECT", "L5R-ACT-COST")
            continue
        if card.zone.startswith("province ") and "face-down" in card.flags:
            ctx.step("effect", f"recruit {name}: no change (it is face-down in its province)", "L5R-ACT-EFFECT",
                     "L5R-DYNASTY")
            continue
        origin, origin_owner = card.zone, card.zone_owner
        battle = pos.timing.phase == "attack" and pos.timing.step in ("engage", "combat")
        field = current_battlefield(pos) if battle and card.card.type == "personality" else None
        pos.move(card.uid, actor, field or "home", top=False)
        card.controller = actor
        bowed, why = enters_bowed(game, pos, card, card.card.type == "holding", actor)
        if bowed:
            card.flags.add("bowed")
        where = f"{actor}'s army at {field}" if field else f"{actor}'s home"
        state = ("bowed" if bowed else "unbowed") + (f", its trait: {why}" if why else "")
        ctx.step("effect", f"recruit {card.name} for {price} Gold (the X paid): it enters play at {where} ({state})"
                 f"{_refill_left(pos, origin_owner, origin)}", "L5R-ACT-EFFECT", "L5R-DYNASTY",
                 *(("L5R-HOLDING",) if card.card.type == "holding" and bowed and not why else ()))
        raise_event(pos, "enters-play", card)


def attach_paying(ctx: Context, source: Copy, ability: Ability, index: int, things: list, hosts: list, *,
                  x_paid: int | None = None) -> None:
    """"Attach it to Haruto, paying 2 less Gold": as Equip does (L5R-EQUIP), the card goes on one of
    the player's Personalities in play that can legally carry it, its Gold cost paid; if not paid,
    or no such host, it stays where it is (L5R-ACT-EFFECT). ``x_paid``: "Pay X Gold: Equip …" -- the
    Gold cost was paid as the action's X, and must be that amount."""
    from . import costs
    from .effects_engine import enters_bowed
    from .turn import attach_restriction

    pos, actor, game = ctx.position, ctx.actor, ctx.game
    words = costs.purchase_words(ability, index)
    host = next((h for h in hosts if not isinstance(h, str)), None)
    equip = (ability.effects[index].text or "").lower().startswith("equip")
    for thing in things:
        if host is None or host.card.type != "personality" or host.controller != actor or not in_play(pos, host):
            ctx.step("effect", f"attach {thing.show()}: no change (there is no Personality of {actor}'s in play "
                     "to take it)", "L5R-ACT-EFFECT", "L5R-EQUIP")
            continue
        if in_play(pos, thing) or thing.card.type not in ("follower", "item", "spell"):
            ctx.step("effect", f"attach {thing.show()}: no change (it is not an attachment out of play)",
                     "L5R-ACT-EFFECT", "L5R-EQUIP")
            continue
        why = attach_restriction(game, ctx, thing, host)
        if why:
            ctx.step("effect", f"attach {thing.show()}: no change ({why})", "L5R-ACT-EFFECT", "L5R-EQUIP")
            continue
        if x_paid is not None:
            price, notes = costs.effect_price(game, ctx, thing, host, costs.x_equip_words(ability, index))
            if price != x_paid:
                ctx.step("effect", f"equip {thing.show()}: no change (its Gold cost is {price} ({', '.join(notes)}), "
                         f"and X paid was {x_paid})", "L5R-ACT-EFFECT", "L5R-EQUIP")
                continue
        elif not costs.pay_for_effect(game, ctx, thing, host, words, f"{thing.name}'s gold cost"):
            continue
        leave_play(pos, thing)
        pos.move(thing.uid, actor, host.zone, top=False)
        thing.controller = actor
        thing.attached_to = host.uid
        ctx.step("effect", f"attach {thing.name} to {host.name}", "L5R-ACT-EFFECT", "L5R-EQUIP")
        bowed, why = enters_bowed(game, pos, thing, False, actor)
        if bowed:
            thing.flags.add("bowed")
            ctx.step("effect", f"{thing.name} enters play bowed (its trait: {why})", "L5R-TRAIT", "L5R-EQUIP")
        raise_event(pos, "enters-play", thing)
        raise_event(pos, "attached", thing)  # "After this Item attaches" (triggers)
        if equip:  # "Equip it to …": the Equip procedure (an "attach" is not one)
            raise_event(pos, "equipped", thing)


def effect_guards(ability: Ability) -> dict:
    """Conditions the grammar attached to single effects: "effect N" -> its Conditions."""
    guards: dict = {}
    for cond in ability.conditions:
        if cond.kind.startswith("effect-") and cond.args:
            # "effect N" counts the effects from 0, as our loop does
            kind, _, number = cond.args[0].partition(" ")
            if kind == "effect" and number.isdigit():
                guards.setdefault(f"effect {int(number)}", []).append(cond)
    return guards


def carry_out(ctx: Context, source: Copy, ability: Ability, *, from_hand: bool) -> None:
    """The whole procedure for one ability of ``source``."""
    game, pos = ctx.game, ctx.position
    pos.memo["_actor"] = ctx.actor
    pos.memo["_source"] = source.uid  # "other", "performing", "lower Force than this card" (states.py)
    if ctx.body.choosing:
        pos.memo["_choosing"] = ctx.body.choosing
    from .effects_engine import retimed  # "This Strategy's ability is Battle/Engage if ..." (its own trait)

    ability = retimed(ctx, source, ability)
    if ability.kind == "action":
        from .effects_engine import equip_from_hand  # "Equip a Follower to Chiboshi": from the hand

        ability = equip_from_hand(ability)
    check_conditions(ctx, source, ability, from_hand=from_hand)
    if from_hand:  # "You may only play one copy of X per turn" (effects_restrictions)
        from .effects_restrictions import check_play_limit

        check_play_limit(ctx, source)
    what = f"{source.name} ({'/'.join(ability.designators)})"
    if from_hand:
        pos.move(source.uid, ctx.actor, "announced")
        ctx.step("announce", f"{ctx.actor} plays {what}; the card is held face up", "L5R-ACT-ANNOUNCE")
    else:
        ctx.step("announce", f"{ctx.actor} uses {what}", "L5R-ACT-ANNOUNCE")
    bind = Bindings()
    bind.last = triggers.reaction_subject(pos, source, ability)  # a Reaction's "him": its trigger's card (triggers.py)
    bind.last = interrupts.reaction_subject(pos, source, ability) or bind.last  # "... targets your Personality"
    pos.memo.pop("_refilled", None)  # the provinces this action refills (effects_cards.REFILLED)
    choose_targets(ctx, source, ability, bind)
    gold = source.card.attrs.get("gold-cost", 0) if from_hand else 0
    if any(isinstance(c, Effect) and c.kind == "pay-gold" for c in ability.costs):
        gold = 0  # the text states the card's Gold cost itself ("Open, Pay 3 Gold: …")
    from .effects_engine import without_own_costs  # "Courtesy: This card's ability has no Gold Cost"

    ability, gold = without_own_costs(ctx, source, ability, gold if isinstance(gold, int) else 0)
    from .effects_traits import added_gold  # Invest, Discipline (L5R-TRAIT.3-4)

    pay_costs(ctx, source, ability, bind, gold_cost=(gold if isinstance(gold, int) else 0) + added_gold(ctx, source))
    # cards the costs (or a "Choose …" before the colon) took with ``paying`` are not the effects'
    pos.memo["_paying_base"] = list(pos.memo.get("_paying_used", []))
    pos.memo["_paying_used"] = list(pos.memo["_paying_base"])
    if interrupts.pause(ctx, source, ability, bind, from_hand=from_hand):  # with the flag "pausing"
        return
    finish(ctx, source, ability, bind, from_hand=from_hand)


def finish(ctx: Context, source: Copy, ability: Ability, bind: Bindings, *, from_hand: bool) -> None:
    """The action past its Interrupt step: effects, cleanup, then the opportunity moves on."""
    pos = ctx.position
    from .effects_negate import protect, unprotect  # "This movement will not be negated" (effects_negate)

    protect(pos, source, ability)
    if interrupts.negated(ctx, source, ability):  # "Negate an Engage action": no effect happens
        unprotect(pos)
        return _cleanup(ctx, source, ability, bind, from_hand=from_hand)
    interrupts.resolving(ctx, source, ability, bind)  # the Interrupts' changes to its targets (interrupts.py)
    resolve_effects(ctx, source, ability, bind)
    unprotect(pos)
    _cleanup(ctx, source, ability, bind, from_hand=from_hand)


def performers(pos: Position, source: Copy, bind: Bindings, *, from_hand: bool) -> list[int]:
    """Who performed the action (uids), as states.py reads "performing": the Personality whose card it
    is on, or who carries it; for a card played from the hand, the Personality its words chose as
    performer ("your performing Personality"), if any."""
    from .states import _leader

    if from_hand:
        return [c.uid for c in bind.performing if c.card.type == "personality"]
    leader = _leader(pos, source)
    return [leader.uid] if leader.card.type == "personality" else []


def _cleanup(ctx: Context, source: Copy, ability: Ability, bind: Bindings, *, from_hand: bool) -> None:
    game, pos = ctx.game, ctx.position
    from .effects_traits import discipline_cleanup, invest_effects

    duels.finish(ctx)  # the duel's consequences are over: its focused cards are discarded (duels.py)
    pos.memo.pop("_paying_used", None)
    pos.memo.pop("_paying_base", None)
    invest_effects(ctx, source)  # its Invest effects, if paid for: part of the action, resolving last
    # what game.after_action raises as "the action resolves" (L5R-TRAIT, L5R-REACTION)
    pos.memo["_action"] = {"by": ctx.actor, "source": source.uid, "kinds": [d.lower() for d in ability.designators],
                           "targets": sorted({c.uid for chosen in bind.targets.values() for c in chosen
                                       if not isinstance(c, str)}),  # (a targeted player is no card)
                           "did": [list(d) for d in pos.memo.get("_done", [])],
                           "performers": performers(pos, source, bind, from_hand=from_hand)}
    pos.memo.pop("_actor", None)
    pos.memo.pop("_choosing", None)
    pos.memo.pop("_done", None)
    pos.memo.pop("_refilled", None)
    pos.memo.pop("_changed", None)
    discipline_cleanup(ctx, source)  # played for its Discipline: removed from the game instead
    if from_hand and source.zone == "announced":
        discard_copy(pos, source)
        ctx.step("cleanup", f"discard {source.name}", "L5R-ACT-CLEANUP")
    if not from_hand or ability.limit == "once per game":
        scope = LIMIT_SCOPES.get(ability.limit or "once per turn", ("used", ""))[0]
        pos.memo.setdefault(scope, []).append(f"{source.uid}:{ability.text}")
    if not interrupts.after_interrupt(ctx, ability):  # an Interrupt passes its step's opportunity on
        game.after_action(ctx, reaction=ability.kind == "reaction")
