"""L5R effects about lasting restrictions and permissions: cannot / may not / must / will not, counting, abilities lost.

Registered in :data:`adjudicator.games.l5r.effects.EFFECT_MODULES`; see there for the handler
signature. As a cost a change must fully happen (L5R-ACT-COST); as an effect it may do
nothing and still resolve (L5R-ACT-EFFECT).

What the engine honours here:

* ``play-limit`` ("You may only play one copy of Trade Embargo per turn", "... one Escalating
  Violence per battle"): a card's own limit on how often its player plays it, the "other limit"
  a card may state (L5R-ACT-COND). Checked when the card is played from hand
  (:func:`check_play_limit`, called by the procedure); the plays are counted per player and
  title, per turn or per battle (cleared with the abilities used this turn / this battle).
* ``cannot-attack`` / ``cannot-defend`` ("This Personality cannot attack", "Suikihime may not
  attack") and the pair ``cannot-assign`` + ``cannot-move-to`` ("He may not assign to, and will
  not move into, an attacking army"; "He may not be assigned, and will not move, to
  battlefields"): the card is kept out of an army. The Attacker's units at a battlefield are the
  attacking army, the Defender's the defending one (L5R-ATTACK, L5R-RESOLVE), so the card is not
  assigned to such a battlefield in the maneuvers (:func:`army_barred`, asked by
  ``battle.assign``) nor moved into it by an effect (``effects_negate.stops``). A trait of the
  card itself, or of an attachment about "this Personality", holds while its conditions do
  (L5R-TRAIT); an action's restriction lasts until the end of the turn (L5R-DURATION).
"""

from __future__ import annotations

import re

from adjudicator.core.ability import TargetSpec
from adjudicator.core.position import Modifier

#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome (filled below)
CARD_KINDS: dict = {}

#: kind -> handler(game, position, player, effect, *, as_cost, source) -> Outcome
PLAYER_KINDS: dict = {}

#: a play limit's period -> the memo list the procedure clears with it (procedure.LIMIT_SCOPES)
_PLAY_SCOPES = {"turn": ("used", "this turn"), "battle": ("battle-used", "this battle")}


def play_limit_applies(effect, ref) -> bool:
    """"You may only play one copy of <this card> per turn/battle": a limit the engine counts."""
    obj = effect.values[0] if effect.values else None
    return ref == "you" and effect.keyword in _PLAY_SCOPES and isinstance(obj, TargetSpec) \
        and obj.ref in ("this", "named")


def _title(obj: TargetSpec, source) -> str:
    return source.card.name if obj.ref == "this" else obj.text


def check_play_limit(ctx, source) -> None:
    """A card played from hand whose own trait limits its plays: refuse a play over the limit,
    else count this one (a refused action leaves the position, and so the count, unchanged)."""
    pos, actor = ctx.position, ctx.actor
    limits = [(c, _title(c.values[0], source)) for ability in ctx.game.abilities(source)
              if ability.kind == "continuous" for c in ability.effects
              if getattr(c, "kind", "") == "play-limit" and play_limit_applies(c, c.target.ref if c.target else "")]
    for clause, title in limits:
        scope, words = _PLAY_SCOPES[clause.keyword]
        key = f"play:{actor}:{title}"
        if pos.memo.get(scope, []).count(key) >= 1:
            ctx.reject("L5R-ACT-COND", f"{actor} has already played {title} {words} ('{clause.text}')")
        ctx.step("condition", f"{actor} has not played {title} {words} yet", "L5R-ACT-COND")
    for clause, title in limits:
        pos.memo.setdefault(_PLAY_SCOPES[clause.keyword][0], []).append(f"play:{actor}:{title}")


# ---------------------------------------------------------------------------- kept out of an army

#: the army words of "will not move into an attacking army" -> which army
_ARMIES = {"an attacking army": "attacking", "a defending army": "defending", "attacking armies": "attacking",
           "defending armies": "defending"}
#: restriction kinds about armies -> what they stop (assigning, moving), when the clause names no army
_ARMY_KINDS = {"cannot-attack": (("assign", "move"), "attacking"), "cannot-defend": (("assign", "move"), "defending"),
               "cannot-assign": (("assign",), None), "cannot-move-to": (("move",), None)}


def _army(clause) -> str | None:
    """Which army a restriction keeps the card out of: "attacking", "defending", "any" (every
    battlefield), or None when the engine does not read its words."""
    if clause.kind not in _ARMY_KINDS:
        return None
    fixed = _ARMY_KINDS[clause.kind][1]
    named = [v for v in clause.values if isinstance(v, TargetSpec)]
    if fixed is not None:
        return fixed if not clause.values and not clause.keyword else None
    if clause.keyword == "battlefield" and not clause.values:
        return "any"
    if clause.keyword == "attack" and not clause.values:  # "He may not be assigned to attack"
        return "attacking"
    if len(named) == 1 and len(clause.values) == 1 and not clause.keyword:
        return _ARMIES.get((named[0].text or "").lower())
    return None


def army_clause_executes(clause, ability) -> bool:
    """An action's restriction the engine keeps (for ``effects.executes``, via effects_negate):
    on the card named before, until the end of the turn."""
    if clause.kind == _PERFORM:
        return perform_executes(clause, ability)
    if clause.kind == "cannot-enter-play":  # only the card's own trait, read where cards enter play
        return ability.kind == "continuous" and any(_enter_bar(ability, i, c) for i, c in enumerate(ability.effects)
                                                    if c is clause)
    if clause.kind not in _ARMY_KINDS:
        return True
    if ability.kind == "continuous":
        return army_trait_applies(clause, clause.target.ref if clause.target is not None else "this")
    return ability.kind in ("action", "reaction") and _army(clause) is not None and clause.target is not None \
        and clause.target.ref in ("it", "target") and clause.duration in (None, "turn")


def army_trait_applies(clause, ref: str) -> bool:
    """A trait "This Personality cannot attack" the engine honours: the card's own (its name, "this
    Personality") or, on an attachment, its bearer's. ("may not assign / will not move" traits are
    left out: the engine's flags for a card's own "cannot-assign" do not keep to one army.)"""
    return clause.kind in ("cannot-attack", "cannot-defend") and _army(clause) is not None \
        and ref in ("this", "attached")


def keep_out(game, position, copy, effect, *, as_cost: bool, source: str):
    """An action's "He may not attack", "He will not move into an attacking army": a flag on the
    card for the turn, naming what it stops and which army (L5R-DURATION)."""
    from .effects import Outcome, _duration

    army = _army(effect)
    if army is None:
        return Outcome(False, f"{copy.show()} {effect.kind.replace('-', ' ')}", "the engine does not read which "
                       "army the restriction names")
    stops_what = _ARMY_KINDS[effect.kind][0]
    for what in stops_what:
        position.modifiers.append(Modifier(copy.uid, flag=f"kept-out:{what}:{army}", duration=_duration(effect),
                                           source=source, rule="L5R-DURATION", created_turn=position.timing.turn))
    words = {"attacking": "an attacking army", "defending": "a defending army", "any": "battlefields"}[army]
    doing = " or ".join({"assign": "be assigned to", "move": "move into"}[w] for w in stops_what)
    return Outcome(True, f"{copy.show()} may not {doing} {words}")


for _kind in _ARMY_KINDS:
    CARD_KINDS[_kind] = keep_out


def _side(pos, copy) -> str | None:
    """The army a card of this controller joins at a battlefield: the Attacker's or the Defender's."""
    t = pos.timing
    if t.phase != "attack":
        return None
    return "attacking" if copy.controller == t.active else "defending"


def army_barred(game, pos, copy, what: str) -> str | None:
    """Why ``copy`` may not be assigned (``what`` "assign") or moved ("move") into the army it
    would join now, or None."""
    from .continuous import _conditions_hold
    from .effects import in_play

    side = _side(pos, copy)
    if side is None:
        return None
    for army in (side, "any"):
        for m in pos.modifiers:
            if m.subject == copy.uid and m.flag == f"kept-out:{what}:{army}":
                return f"may not {_VERBS[what]} {_words(army, side)} " \
                       f"({m.source}, this turn)"
    # its own trait, or an attachment's about its bearer ("This Personality cannot attack")
    holders = [(copy, "this")] + [(a, "attached") for a in pos.attachments_of(copy.uid)]
    for holder, ref in holders:
        if not in_play(pos, holder):
            continue
        for ability in game.abilities(holder):
            if ability.kind != "continuous" or ability.designators:
                continue
            for index, clause in enumerate(ability.effects):
                target = getattr(clause, "target", None)
                if getattr(clause, "kind", "") not in ("cannot-attack", "cannot-defend") or target is None \
                        or target.ref != ref or not army_trait_applies(clause, ref):
                    continue
                if _army(clause) == side and what in _ARMY_KINDS[clause.kind][0] \
                        and _conditions_hold(game, pos, holder, ability, index, copy):
                    return f"may not {_VERBS[what]} {_words(side, side)} " \
                           f"({holder.name}'s trait: {ability.text})"
    return None


_VERBS = {"assign": "be assigned to", "move": "move into"}


def _words(army: str, side: str) -> str:
    return {"attacking": "an attacking army", "defending": "a defending army"}.get(army, f"a battlefield (the "
                                                                                       f"{side} army)")


# ---------------------------------------------------------------------------- "He may not perform actions"
#
# "Target a Personality: He may not perform actions this turn": until the end of the turn
# (L5R-DURATION) he takes no action -- his own abilities and those of the cards he carries cannot
# be used (the Personality carrying a card performs its actions), and he cannot be chosen as the
# performer of an action played from the hand ("your performing Personality", states.py), as an
# ability of a bowed card cannot be used (L5R-ACT-COND). Kept to actions naming no kind ("Battle
# actions": the check does not see which ability is used) and lasting the turn.

_PERFORM = "cannot-perform-actions"


def perform_executes(clause, ability) -> bool:
    return ability.kind in ("action", "reaction") and not clause.keyword and clause.target is not None \
        and clause.target.ref in ("it", "target") and clause.duration in (None, "turn")


def set_no_actions(game, position, copy, effect, *, as_cost: bool, source: str):
    from .effects import Outcome, _duration

    if effect.keyword or copy.card.type != "personality":
        return Outcome(False, f"{copy.show()} may not perform actions", "the engine keeps only a Personality from "
                       "performing every action")
    position.modifiers.append(Modifier(copy.uid, flag=_PERFORM, duration=_duration(effect), source=source,
                                       rule="L5R-DURATION", created_turn=position.timing.turn))
    return Outcome(True, f"{copy.show()} may not perform actions (this turn)")


CARD_KINDS[_PERFORM] = set_no_actions


def cannot_perform(pos, copy) -> str | None:
    """Why ``copy`` (a Personality) may not perform an action now, or None."""
    for m in pos.modifiers:
        if m.subject == copy.uid and m.flag == _PERFORM:
            return f"{copy.show()} may not perform actions ({m.source}, this turn)"
    return None


# ---------------------------------------------------------------------------- "X's Followers must be Ninja"

#: what may be attached to a Personality, as "must-have-keyword" names it
_ATTACHED_TYPES = {"follower", "item", "spell"}


def must_have_applies(clause, ref) -> bool:
    """"Ninja Shapeshifter's Followers must be Ninja", "Sunetsu's Items must be Armor or Weapons": a
    trait of the Personality itself on the cards of one type attached to him."""
    spec = clause.target
    return ref == "possessed" and spec is not None and tuple(spec.states) == ("of-this",) \
        and len(spec.card_types) == 1 and spec.card_types[0] in _ATTACHED_TYPES and not spec.keywords \
        and not spec.tests and bool(clause.keyword)


def must_have_refusal(game, pos, host, item) -> str | None:
    """Why ``host``'s own trait "His Followers must be Ninja" keeps ``item`` off him, or None: a card
    of that type without one of the keywords cannot become one of his (L5R-TRAIT: his trait holds while
    he is in play; it is read when a card would attach to him)."""
    from .conditions import SELF, evaluate
    from .effects import in_play

    if not in_play(pos, host):
        return None
    for ability in game.abilities(host):
        if ability.kind != "continuous" or ability.designators:
            continue
        for index, clause in enumerate(ability.effects):
            if getattr(clause, "kind", "") != "must-have-keyword" or not must_have_applies(clause, "possessed"):
                continue
            guards = [c for c in ability.conditions if c.args and c.args[0] == f"effect {index}"]
            if not all(evaluate(g, game=game, pos=pos, actor=host.controller, source=host,
                                subject_of=lambda w: host if w.lower() in SELF else None) is True for g in guards):
                continue  # ("while ..." does not hold: the trait does not apply now)
            if item.card.type != clause.target.card_types[0]:
                continue
            wanted = clause.keyword.split("|")
            has = (lambda k: pos.has_keyword(item, k)) if hasattr(item, "uid") else \
                (lambda k: k.casefold() in {w.casefold() for w in item.card.keywords})
            if not any(has(k) for k in wanted):
                return f"{host.name}'s {clause.target.card_types[0]}s must be {' or '.join(wanted)} " \
                       f"(his trait: {clause.text}, L5R-TRAIT)"
    return None


# ---------------------------------------------------------------------------- "Otani will not enter play if …"
#
# A card's continuous traits work on the card itself while it is out of play (L5R-DYNASTY.5): "Otani
# will not enter play if your Family Honor is 0 or above" keeps it out of play -- it is not bought,
# brought or put into play, nor equipped -- while the condition holds for the player it would join.


def _enter_bar(ability, index: int, clause) -> bool:
    """Is effect ``index`` the card's own plain "will not enter play" (conditions only on it)?"""
    spec = getattr(clause, "target", None)
    return ability.kind == "continuous" and not ability.designators and ability.trigger is None \
        and not ability.costs and getattr(clause, "kind", "") == "cannot-enter-play" and spec is not None \
        and spec.ref in ("this", "it") and not spec.states and not spec.card_types and not spec.tests \
        and all(c.args[:1] == (f"effect {index}",) for c in ability.conditions)


def enter_bar_applies(clause, ref: str) -> bool:
    """For ``effects.executes``: "X will not enter play (if …)" said of the card itself."""
    spec = clause.target
    return ref in ("this", "it") and spec is not None and not spec.states and not spec.card_types and not spec.tests


def will_not_enter(game, pos, copy, player: str) -> str | None:
    """The card's own "will not enter play (if …)" when it holds for ``player`` (the one it would
    join: "your" in the condition), else None. Read where a card is bought, brought into play or
    equipped (L5R-DYNASTY.5)."""
    from .conditions import evaluate

    for ability in game.abilities(copy):
        for index, clause in enumerate(ability.effects):
            if not _enter_bar(ability, index, clause):
                continue
            verdicts = [evaluate(g, game=game, pos=pos, actor=player, source=copy, subject_of=lambda w: copy)
                        for g in ability.conditions]
            if all(v is True for v in verdicts):
                return clause.text if not ability.conditions else \
                    f"{clause.text}: {', '.join(g.text for g in ability.conditions)}"
    return None


#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
CONTINUOUS_KINDS: dict = {"play-limit": play_limit_applies, "cannot-attack": army_trait_applies,
                          "cannot-defend": army_trait_applies, "cannot-move-to": army_trait_applies,
                          _PERFORM: lambda clause, ref: False, "must-have-keyword": must_have_applies,
                          "cannot-enter-play": enter_bar_applies}


# ---------------------------------------------------------------------------- "Your Stronghold's abilities …"
#
# "Your Stronghold's abilities have Tireless" and "You may use your Stronghold's abilities twice per
# turn": a trait of a card in play that lifts, for its controller's Stronghold, a condition on using
# an ability -- a bowed card's abilities cannot be used unless Tireless ("Tireless actions may be
# taken while bowed", the keyword's own reminder text), and each ability once per turn unless a
# limit is stated (L5R-ACT-COND). It holds while its card is in play and its conditions hold
# (L5R-TRAIT).

_YOUR_STRONGHOLDS = "your stronghold's abilities"


def stronghold_grant(clause) -> str | None:
    """"tireless" / "twice" for a trait lifting a condition on the Stronghold's abilities, or None."""
    spec = getattr(clause, "target", None)
    if spec is None or spec.ref != "possessed" or spec.card_types != ("abilities",) \
            or tuple(spec.states) != ("of-choice",) or (spec.text or "").strip().lower() != _YOUR_STRONGHOLDS:
        return None
    if clause.kind == "grant-keyword" and clause.keyword == "Tireless" and clause.duration is None:
        return "tireless"
    if clause.kind == "reuse-ability" and clause.amount == 1 and clause.duration is None \
            and "twice per turn" in (clause.text or "").lower():
        return "twice"
    return None


def stronghold_lift(game, pos, source, what: str) -> str | None:
    """The card whose trait lifts ``what`` ("tireless" / "twice") for ``source``, a Stronghold, or None."""
    if source.card.type != "stronghold":
        return None
    from .continuous import _conditions_hold, lasting_clauses

    for holder, ability, index, clause in lasting_clauses(game, pos):
        if ability.designators or stronghold_grant(clause) != what or holder.controller != source.controller:
            continue
        if _conditions_hold(game, pos, holder, ability, index, holder):
            return f"{holder.name}: {clause.text}"
    return None


# ---------------------------------------------------------------------------- "The Attacker may not take Engage actions …"
#
# "The Attacker may not take Engage actions at this Item's battlefield": a trait of a card in play
# that forbids a player the actions of one designator -- checked when such an action is announced
# (L5R-ACT-COND), while the card is in play and its conditions hold (L5R-TRAIT). The Attacker is the
# active player of the Attack phase (L5R-ATTACK); an action "at this Item's battlefield" is one taken
# in the battle there, the current battlefield.

#: designators a ban may name
_BANNED = frozenset({"Engage", "Battle"})
#: whom: the players the ban's subject names
_BANNED_PLAYERS = {("Attacker",): "attacker", ("Defender",): "defender"}
_AT_HOLDER = re.compile(r"^this (card|item|follower|personality|holding)'s battlefield$", re.I)


def _ban(clause) -> tuple | None:
    """(whom, at the holder's battlefield?) of a ban the engine reads, or None."""
    spec = getattr(clause, "target", None)
    if getattr(clause, "kind", "") != "cannot-take-actions" or clause.keyword not in _BANNED \
            or clause.duration is not None or spec is None or spec.ref != "each" or spec.states or spec.card_types:
        return None
    whom = _BANNED_PLAYERS.get(tuple(spec.keywords))
    if whom is None or len(clause.values) != 1:
        return None
    at = clause.values[0]
    if not isinstance(at, TargetSpec) or at.ref != "this" or not _AT_HOLDER.match((at.text or "").strip()):
        return None
    return whom, True


def action_ban_applies(clause, ref: str) -> bool:
    """For ``effects.executes``: a continuous ban :func:`action_banned` reads."""
    return _ban(clause) is not None


def action_banned(game, pos, actor: str, ability) -> str | None:
    """Why a trait of a card in play forbids ``actor`` this action now, or None."""
    from .continuous import _conditions_hold, lasting_clauses
    from .procedure import current_battlefield

    t = pos.timing
    if t.phase != "attack":
        return None
    for holder, trait, index, clause in lasting_clauses(game, pos):
        read = _ban(clause)
        if read is None or trait.designators or clause.keyword not in ability.designators:
            continue
        whom, at_holder = read
        if (actor == t.active) != (whom == "attacker"):
            continue
        if at_holder and (not holder.zone.startswith("battlefield") or current_battlefield(pos) != holder.zone):
            continue
        if _conditions_hold(game, pos, holder, trait, index, holder):
            return f"{holder.name}'s trait: {clause.text}"
    return None


CONTINUOUS_KINDS["cannot-take-actions"] = action_ban_applies


# ---------------------------------------------------------------------------- "Discard the Imperial Favor"
#
# "Favor Political Limited: Discard the Imperial Favor to draw a card": the Imperial Favor is no card
# of the position but something a player controls (L5R-FAVOR); discarding it is done by the player who
# controls it -- the acting player (procedure.subjects names him, possessive.favor_subject). As a cost
# it must really happen (L5R-ACT-COST): a player without the Favor cannot pay it.


def favor_clause(clause) -> bool:
    spec = getattr(clause, "target", None)
    return getattr(clause, "kind", "") == "discard" and spec is not None and spec.ref == "choice" \
        and tuple(spec.card_types) == ("imperial-favor",) and not spec.states and not spec.keywords


def discard_favor(game, position, player, effect, *, as_cost, source):
    from .effects import Outcome
    from .triggers_events import raise_favor_discarded

    if not favor_clause(effect):
        return Outcome(False, f"discard ({player})", "the engine cannot carry out 'discard' on a player")
    flags = position.players[player].flags
    if "imperial-favor" not in flags:
        return Outcome(False, f"{player} discards the Imperial Favor", f"{player} does not control the Imperial "
                       "Favor (L5R-FAVOR)")
    flags.discard("imperial-favor")
    raise_favor_discarded(position, player)  # "After you discard the Imperial Favor" (triggers)
    return Outcome(True, f"{player} discards the Imperial Favor (L5R-FAVOR)")


PLAYER_KINDS["discard"] = discard_favor
