"""Raising events: the one thing effects need from the trigger machinery (no import cycle)."""

from __future__ import annotations

from .history import note, note_action  # what happened this turn ("if he has moved this turn": history.py)

PENDING = "events-pending"

#: the verbs of the events the engine raises (effects.py, battle.py): triggers naming other
#: events never fire (see triggers.fires)
RAISED = ("bowed", "straightened", "dishonored", "destroyed", "enters-play", "recruited", "equipped",
          "leaves-play", "attached", "destroyed-during-battle",
          "discarded-from-play", "proclaimed", "assigned", "assigned-to-attack",
          "wins-duel",  # (a duel's winner: duels.py)
          "seppuku",  # (a Personality committing Seppuku: effects_engine)
          "lobbies")  # (the Personality bowed for the Lobby action: turn.lobby, L5R-LOBBY)


def _fighting(pos) -> bool:
    """A battle is being fought: its combat segment or its resolution (L5R-COMBAT, L5R-RESOLVE)."""
    t = getattr(pos, "timing", None)
    return t is not None and t.phase == "attack" and t.step in ("engage", "combat", "resolution")


#: memo: where cards entered play from this turn ({uid: "hand" | "province"}), told by the callers
#: that know it (Equip, a purchase): "After this Follower enters play from your hand" (triggers.py)
ORIGINS = "entered-from"


#: memo: what destroyed a card this turn ({uid: {"cause": "battle-resolution" | "action" | None, "by": the
#: player whose action it was, "step": the step of the Attack phase then}): "After this Follower is
#: destroyed by another player's action or by battle resolution", "... during a Combat Segment"
DESTROYED_BY = "destroyed-by"
#: memo: set while a triggered trait resolves as an action's effects are (triggers._resolve_choosing):
#: what it destroys is no action's doing
TRAIT_RESOLVING = "_trait-resolving"


def _destruction_cause(pos) -> dict:
    t = pos.timing
    step = t.step if t.phase == "attack" else None
    actor = pos.memo.get("_actor")  # (procedure.carry_out: the player whose action is resolving)
    if actor is not None and not pos.memo.get(TRAIT_RESOLVING):
        return {"cause": "action", "by": actor, "step": step}
    if step == "resolution" and actor is None:  # (battle.resolve_battle: the Resolution Segment)
        return {"cause": "battle-resolution", "by": None, "step": step}
    return {"cause": None, "by": None, "step": step}


#: memo: the province a card bought this turn left ({uid: "province 2"}): "After you Recruit this
#: Holding from a Province, refill the Province face-up" (triggers_moments, L5R-DYNASTY.6)
LEFT_PROVINCE = "left-province"


def raise_event(pos, verb: str, copy, origin: str | None = None, province: str | None = None) -> None:
    pos.memo.setdefault(PENDING, []).append([verb, copy.uid if copy else 0])
    note(pos, verb, copy)  # the turn's record (history.py)
    if copy is not None and verb == "enters-play":
        pos.memo.setdefault(ORIGINS, {})[str(copy.uid)] = origin  # (None: the engine does not say)
    if copy is not None and province is not None:
        pos.memo.setdefault(LEFT_PROVINCE, {})[str(copy.uid)] = province
    if verb == "destroyed" and copy is not None:  # by what, and when (triggers: "by battle resolution")
        pos.memo.setdefault(DESTROYED_BY, {})[str(copy.uid)] = _destruction_cause(pos)
    if verb == "destroyed" and _fighting(pos):
        # "After this Follower is destroyed during battle": the moment is told now, not when
        # the events settle (the battle may have resolved by then)
        pos.memo[PENDING].append(["destroyed-during-battle", copy.uid if copy else 0])


#: the Attacker has engaged a battlefield and its battle begins (L5R-ATTACK): "After engaging"; raised
#: by battle.engage and by the turn sequence when one battlefield is left (``raise_event(pos, ENGAGING, None)``)
ENGAGING = "engaging"


#: the Attack phase of an attack that was declared has ended (L5R-ATTACK, L5R-TURN): "After an Attack
#: Phase ends" (raised by delayed.phase_ends as the phase gives way)
ATTACK_ENDS = "attack-phase-ends"

#: a battle has resolved (L5R-RESOLVE): [RESOLVED, 0, info], info holding "field", "destroyed" ({player:
#: ["army", "province"] that player's side destroyed}) and "attackers" (uids of the attacking army)
RESOLVED = "battle-resolved"


def raise_resolution(pos, info: dict) -> None:
    pos.memo.setdefault(PENDING, []).append([RESOLVED, 0, info])


#: the action events the engine raises: an action has resolved (game.after_action), its effects
#: finished and its card cleaned up (L5R-ACT-EFFECT, L5R-ACT-CLEANUP). "action-announced" and
#: "action-targets" are not raised: a Reaction to them is taken in the middle of the action, a
#: moment the engine's one-step actions never stop at (see triggers.fires)
ACTION_RAISED = ("action-resolves",)


def raise_action(pos, verb: str, info: dict) -> None:
    """An action event: [verb, the action's source uid, info]; info holds "by" (who took it),
    "kinds" (its designators, lower case; None when the engine cannot tell), "targets" (uids of
    the cards it targeted; None: cannot tell) and "did" ([uid, verb] pairs its effects did to
    cards; None: cannot tell)."""
    pos.memo.setdefault(PENDING, []).append([verb, info.get("source", 0), info])
    note_action(pos, info)  # the turn's record (history.py)


#: the designators of the game's own actions (RULES.md L5R-EQUIP, L5R-LOBBY, L5R-SHARE)
_OWN_KINDS = {"equip": ["limited"], "lobby": ["political", "limited"], "share": ["open"]}


def own_action_info(ctx) -> dict:
    """The game's own actions (Equip, Lobby, Share, the Imperial Favor's): who took it and, where
    the rules name them, its designators; what it targeted and did the engine does not record."""
    verb = str(getattr(ctx.body, "verb", "") or "").lower()
    kinds = _OWN_KINDS.get(verb)
    return {"by": ctx.actor, "source": 0, "kinds": list(kinds) if kinds else None, "targets": None, "did": None}


def split_event(name: str) -> tuple[str, dict]:
    """"action-resolves;by=you;kind=battle" -> ("action-resolves", {"by": "you", "kind": "battle"})
    (the event-name scheme of ability_events; here so that the engine need not import the grammar side)."""
    core, *rest = name.split(";")
    return core, dict(part.split("=", 1) for part in rest if "=" in part)


#: a player has discarded the Imperial Favor (L5R-FAVOR): [FAVOR_DISCARDED, 0, {"by": player}] --
#: "After you discard the Imperial Favor" (triggers.py)
FAVOR_DISCARDED = "favor-discarded"


def raise_favor_discarded(pos, player: str) -> None:
    pos.memo.setdefault(PENDING, []).append([FAVOR_DISCARDED, 0, {"by": player}])
