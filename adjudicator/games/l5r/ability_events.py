"""Transformer methods for ``grammar/l5r_ability_events.lark``: trigger events: what "After …", "When …" and "Before …" name.

Each method is named after an alias (``-> name``) of that grammar file and has the base
transformer's signature ``(self, meta, ch)``; see :func:`adjudicator.games.l5r.ability._build_transformer_class`.

Event names (``Trigger.event``) are ``<core>`` or ``<core>;<key>=<value>;...``. The core is
one of a closed set (:data:`CORE_EVENTS`) in the base style ``<subject>-<verb>`` ("card-
destroyed", "this-card-enters-play", "action-resolves"); the qualifiers type what the text
restricts, each key from :data:`QUALIFIERS`:

``by``      whose action or doing, or whose card the subject is ("your Personality is
            destroyed"): ``you``, ``opponent`` (another player), ``any``, ``the`` (the action
            just named), ``this`` (this card), ``card`` (a named card), ``personality``, ...
``kw``      the subject card's keyword (``spider-clan``, ``farm``, ``shugenja``)
``kind``    the action's designators or attack kind, ``|``-joined (``battle``, ``limited|open``,
            ``not-iaijutsu``, ``melee|ranged``)
``target``  what is targeted: the target's type (``personality``, ``card``, ``this-card``)
``did``     what the action did, as an event name (``personality-destroyed``, ``duel-won``)
``at``      where: ``this-card`` (this card's battlefield), ``card`` (another card's), ``any``
``from``    the action's source (``strategy``, ``stronghold``, ``hand``)
``with``    an attack the action has (``ranged``)
``in``      where a card is revealed (``province``)
``first``   ``each``/``phase``: only the first such action (each period)
``to``      where an attachment goes (``card``, ``battlefield``)
``during``  ``your-turn``
``paid``    how much Gold was paid: ``at-least-N``
``amount``  how much Honor the event is about: ``exactly-N`` ("you lose exactly 1 Honor")

A trigger matches an engine event only by its core and only when it has no qualifier the
engine cannot check (see :mod:`adjudicator.games.l5r.triggers`).
"""

from __future__ import annotations

#: Effect kinds this topic emits (added to ``ability.EFFECT_KINDS``)
KINDS: frozenset[str] = frozenset()

#: cores this topic's rules name that the base grammar did not (with any qualifier too)
NEW_CORE_ENDINGS = ("-attaches", "-enters-play-or-overlays", "-produces-gold", "-enters-discard-pile",
                    "-taken-by-you", "-discarded-by-you", "you-focus", "battle-resolution-ends",
                    "action-announced", "honor-gained", "honor-lost", "gold-produced",
                    "you-draw-at-end-of-turn", "-challenges", "-rehonored", "-lobbies")


from .ability import add_rules, constant, token  # noqa: E402
from .triggers_events import split_event  # noqa: E402,F401 - kept here too: the name scheme's reader


def is_topic_event(name: str) -> bool:
    """An event name this topic's rules produce (a qualified name or one of its new cores)."""
    core, quals = split_event(name)
    return bool(quals) or core.endswith(NEW_CORE_ENDINGS)


QUALIFIERS = ("by", "kw", "kind", "target", "did", "at", "in", "from", "with", "first", "to", "during", "paid",
              "amount")


def _name(core: str, **quals) -> str:
    parts = [core]
    for key in QUALIFIERS:
        value = quals.get(key)
        if value:
            parts.append(f"{key}={value}")
    return ";".join(parts)


class _Act:
    """An action an event names: whose, which kinds, and its modifiers."""

    def __init__(self, by: str, kinds: tuple[str, ...] = (), mods: dict | None = None):
        self.by = by
        self.kinds = kinds
        self.mods = mods or {}

    def quals(self) -> dict:
        q = {"by": self.by, "kind": "|".join(self.kinds)}
        q.update(self.mods)
        return q


def _subject(t) -> str:
    from .ability import TargetSpec

    if not isinstance(t, TargetSpec):
        return "card"
    if t.ref == "this":
        return "this-card"
    if t.ref == "attached":
        return "this-personality"
    if t.ref == "you":
        return "you"
    # "provinces or enemy cards": either type ("province+card", as ev_you_destroy_as names them)
    if len(t.card_types) > 1 and any(s.startswith("either:") for s in t.states):
        return "+".join(dict.fromkeys(t.card_types))
    return t.card_types[0] if t.card_types else "card"


def _act(by):
    def f(self, meta, ch):
        kinds: tuple[str, ...] = ()
        mods: dict = {}
        for c in ch:
            if isinstance(c, tuple):
                kinds = kinds + c
            elif isinstance(c, str) and not hasattr(c, "type"):
                kinds = kinds + (c,)
            elif isinstance(c, dict):
                mods.update(c)
        return _Act(by, kinds, mods)

    return f


class Rules:
    ev_act_any = _act("any")
    ev_act_the = _act("the")
    ev_act_yours = _act("you")
    ev_act_theirs = _act("opponent")

    def ev_act_first(self, meta, ch):
        a = _act("any")(self, meta, ch)
        a.mods["first"] = "each"
        return a

    def ev_kinds(self, meta, ch):
        return tuple(str(c) for c in ch)

    def ev_k_word(self, meta, ch):
        return str(ch[0]).lower()

    def ev_k_not(self, meta, ch):
        return "not-" + str(ch[-1]).lower()

    ev_k_battle = constant("battle")
    ev_k_rulebook = constant("rulebook")
    ev_k_favor = constant("favor")
    ev_k_fear = constant("fear")
    ev_k_melee = constant("melee")
    ev_k_ranged = constant("ranged")
    ev_k_performed = constant("performed")
    ev_k_honor = constant("honor")

    def ev_am_with(self, meta, ch):
        return {"with": "|".join(next(c for c in ch if isinstance(c, tuple)))}

    def ev_am_on(self, meta, ch):
        return {"target": _subject(ch[-1])}

    def ev_am_from(self, meta, ch):
        return {"from": _subject(ch[-1])}

    def ev_am_by(self, meta, ch):
        return {"by": _subject(ch[0])}

    def ev_am_named_performed(self, meta, ch):
        return {"by": "card"}

    def ev_am_you_took(self, meta, ch):
        out = {"by": "you"}
        period = token(ch, "PERIOD", None, lower=True)
        if period:
            out["first"] = period
        return out

    def ev_am_targeted(self, meta, ch):
        return {"target": _subject(ch[-1])}

    def ev_did_additional(self, meta, ch):
        return "taken-as-additional-action"

    # ----- events
    def ev_announce_you(self, meta, ch):
        a = ch[-1]
        return _name("action-announced", **{**a.quals(), "by": "you"})

    def ev_announce(self, meta, ch):
        a = ch[-1]
        return _name("action-announced", **{**a.quals(), "by": _by_of(ch[0])})

    def ev_resolve_you(self, meta, ch):
        a = ch[-1]
        return _name("action-resolves", **{**a.quals(), "by": "you"})


def _described(t) -> str:
    """The card's type, and the tests the text puts on it that an event name keeps ("a card
    without an attached Armor" -> ``card@no-attached:Armor``, "a Personality at a battlefield at
    this province or an adjacent one" -> ``personality@this-or-adjacent-province``)."""
    out = _subject(t)
    for s in getattr(t, "states", ()):
        if s.startswith("no-attached:") or s == "no-abilities":
            out += "@" + s
        elif s.startswith("at-battlefield:"):
            out += "@" + s.split(":", 1)[1]
    return out


def _by_of(t) -> str:
    from .ability import TargetSpec

    if isinstance(t, TargetSpec):
        if t.ref == "you":
            return "you"
        if "another" in (t.text or "").lower():
            return "opponent"
        if t.ref == "this":
            return "this"
    return "any"


def _verb(tok) -> str:
    return str(tok).lower()


def _toks(ch, kind: str) -> list[str]:
    return [str(c).lower() for c in ch if getattr(c, "type", "") == kind]


def _quals(ch) -> dict:
    out: dict = {}
    for c in ch:
        if isinstance(c, dict):
            out.update(c)
    return out


def _target(ch):
    from .ability import TargetSpec

    return next((c for c in ch if isinstance(c, TargetSpec)), None)


def _kind_of(ch) -> str:
    words = _toks(ch, "CAPWORD")
    return "|".join(words)


class Rules2:
    # ----- would target / targets
    def ev_would_target_theirs(self, meta, ch):
        kind = _kind_of(ch) or ("battle" if " battle " in f" {self._text(meta).lower()} " else "")
        return _name("action-would-target", by="opponent", kind=kind, target=_subject(_target(ch)))

    def ev_would_target_battle(self, meta, ch):
        return _name("action-would-target", by="any", kind="battle", target=_subject(_target(ch)))

    def ev_would_target_with(self, meta, ch):
        a = ch[-1]
        return _name("action-would-target", **{**a.quals(), "by": _by_of(ch[0]), "target": _subject(ch[1])})

    def ev_engaging_at(self, meta, ch):
        return _name("engaging", at=_subject(_target(ch)))

    # ----- actions and what they did
    def _act_post(self, meta, ch, by, kind=""):
        verb = _toks(ch, "EVERB")[0]
        return _name(f"action-{verb}", **{"by": by, "kind": kind or _kind_of(ch), **_quals(ch)})

    def ev_act_post_any(self, meta, ch):
        return Rules2._act_post(self, meta, ch, "any")

    def ev_act_post_battle(self, meta, ch):
        return Rules2._act_post(self, meta, ch, "any", "battle")

    def ev_act_post_yours(self, meta, ch):
        kind = _kind_of(ch) or _battle_before_action(self._text(meta))
        return Rules2._act_post(self, meta, ch, "you", kind)

    def ev_act_post_theirs(self, meta, ch):
        kind = _kind_of(ch) or _battle_before_action(self._text(meta))
        return Rules2._act_post(self, meta, ch, "opponent", kind)

    def ev_resolution_of(self, meta, ch):
        a = ch[0]
        return _name("action-resolves", **{**a.quals(), **_quals(ch[1:])})

    def ev_resolution_battle(self, meta, ch):
        return _name("battle-resolves", **_quals(ch))

    def ev_battle_post(self, meta, ch):
        verb = (_toks(ch, "EVERB") or ["resolves"])[0]
        if verb in ("ends", "end"):
            core = "battle-resolution-ends" if "resolution" in self._text(meta).lower() else "battle-ends"
        else:
            core = "battle-resolves"
        return _name(core, **_quals(ch))

    def ev_duel_won_by(self, meta, ch):
        return _name("duel-ends", did=f"{_subject(_target(ch))}-won-duel")

    def ev_duel_result_by(self, meta, ch):
        verb = _toks(ch, "CD_BARE_RESULT")[0].lower()
        return _name("duel-ends", did=f"{_subject(_target(ch))}-{verb}-duel")

    def ev_the_action_does(self, meta, ch):
        verb = _toks(ch, "EVERB")[0]
        return _name("action-resolves", **{"by": "the", "did": f"{_subject(_target(ch))}-{_past(verb)}", **_quals(ch)})

    def ev_the_action_equips(self, meta, ch):
        return _name("action-resolves", **{"by": "the", "did": f"{_subject(_target(ch))}-equipped", **_quals(ch)})

    def ev_your_action_does(self, meta, ch):
        verb = _toks(ch, "EVERB")[0]
        kind = _kind_of(ch) or _battle_before_action(self._text(meta))
        return _name("action-resolves", by="you", kind=kind, did=f"{_subject(_target(ch))}-{_past(verb)}")

    def ev_post_did(self, meta, ch):
        dids = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")]
        out = _quals(ch)
        if dids:
            out["did"] = "+".join(dids)
        return out

    def ev_post_named_performed(self, meta, ch):
        out = {"by": "card"}
        dids = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")]
        if dids:
            out["did"] = "+".join(dids)
        return out

    def ev_post_battle_at(self, meta, ch):
        return {"during": "battle", "at": _subject(_target(ch))}

    def ev_did_verb(self, meta, ch):
        verb = self._text(meta).split()[0].lower()
        return f"{_described(_target(ch))}-{verb}"

    def ev_did_subj_verb(self, meta, ch):
        targets = [c for c in ch if hasattr(c, "ref")]
        verb = self._text(meta).lower().split()
        v = next((w for w in verb if w in _DID_VERBS), "did")
        role = f"-as-{verb[-1]}" if verb[-3:-1] == ["as", "the"] else ""
        return f"{_subject(targets[-1])}-{v}{role}"

    def ev_did_performed_by(self, meta, ch):
        return "performed-by-" + _subject(_target(ch))

    def ev_did_performed(self, meta, ch):
        return "performed-by-" + _subject(_target(ch))

    def ev_did_duel_won(self, meta, ch):
        t = _target(ch)
        return (_subject(t) if t is not None else "this-card") + "-won-duel"

    def ev_did_penalty(self, meta, ch):
        return f"{_subject(_target(ch))}-force-penalty"

    def ev_did_honor_loss(self, meta, ch):
        return "you-lost-honor"

    def ev_did_passive(self, meta, ch):
        return f"{_subject(_target(ch))}-{_toks(ch, 'PASTP')[0]}"

    def ev_did_won_duel(self, meta, ch):
        return f"{_subject(_target(ch))}-won-duel"

    # ----- cards
    def ev_enters_or_overlays(self, meta, ch):
        return f"{_subject(_target(ch))}-enters-play-or-overlays"

    def ev_assigns_or_moves(self, meta, ch):
        # the battle topic's name without its "-to-battlefield" (no destination named)
        return f"{_subject(_target(ch))}-assigned-or-moved"

    def ev_passive_in(self, meta, ch):
        ts = [c for c in ch if hasattr(c, "ref")]
        return _name(f"{_subject(ts[0])}-{_toks(ch, 'PASTP')[0]}", **{"in": _subject(ts[-1])})

    def ev_attaches(self, meta, ch):
        return f"{_subject(_target(ch))}-attaches"

    def ev_equips(self, meta, ch):
        ts = [c for c in ch if hasattr(c, "ref")]
        return _name(f"{_subject(ts[-1])}-equipped", by=_subject(ts[0]))

    def ev_enters_discard(self, meta, ch):
        core = f"{_subject(_target(ch))}-enters-discard-pile"
        return _name(core, **{"from": "play"}) if self._text(meta).lower().endswith("from play") else core

    def ev_produces_gold(self, meta, ch):
        return f"{_subject(_target(ch))}-produces-gold"

    def ev_bows_to_produce(self, meta, ch):
        return f"{_subject(_target(ch))}-produces-gold"

    def ev_you_produce_gold(self, meta, ch):
        return _name("gold-produced", by="you", target=_subject(_target(ch)))

    def ev_honor_gained(self, meta, ch):
        return _name("honor-gained", by=_by_of(ch[0]), **_quals(ch))

    def ev_honor_lost(self, meta, ch):
        return _name("honor-lost", by=_by_of(ch[0]), **_quals(ch))

    def ev_hf_act(self, meta, ch):
        q = ch[-1].quals()
        whose = {"you": "your-", "opponent": "another-player's-"}.get(q.get("by"), "")
        return {"from": f"{whose}action" + (f"-{q['kind']}" if q.get("kind") else "")}

    def ev_hf_action_effects(self, meta, ch):
        return {"from": "action"}

    def ev_honor_changed_any(self, meta, ch):
        return _name("honor-gained-or-lost", by="any", **_quals(ch))

    def ev_hf_own(self, meta, ch):
        return {"from": "own-cards"}

    def ev_hf_your_turn(self, meta, ch):
        return {"during": "your-turn"}

    def ev_ba_province(self, meta, ch):
        return {"at": "province"}

    def ev_fp_province(self, meta, ch):
        return {"from": "province"}

    def ev_ew_to(self, meta, ch):
        return {"to": _subject(_target(ch))}

    def ev_ew_hand(self, meta, ch):
        return {"from": "hand"}

    def ev_ew_battlefield(self, meta, ch):
        return {"at": "battlefield"}

    # ----- players
    def ev_you_discard_for(self, meta, ch):
        t = _target(ch)
        a = ch[-1]
        return _name(f"{_subject(t)}-discarded-by-you", kind=a.quals().get("kind", ""), **{"from": "action"})

    def ev_you_take(self, meta, ch):
        t = _target(ch)
        what = "imperial-favor" if t is not None and "favor" in (t.text or "").lower() else _subject(t)
        return f"{what}-taken-by-you"

    def ev_you_focus(self, meta, ch):
        return "you-focus"

    def ev_recruiting(self, meta, ch):
        return f"{_subject(_target(ch))}-recruited"

    def ev_turn_theirs(self, meta, ch):
        return _name(f"turn-{_toks(ch, 'EVERB')[0]}", by="opponent")

    def ev_phase_theirs(self, meta, ch):
        phase = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        verb = _toks(ch, "EVERB")[0]
        return _name(f"{phase}-phase-{verb.rstrip('s')}s", by="opponent")

    def ev_honor_gained_any(self, meta, ch):
        return _name("honor-gained", by="any", **_quals(ch))

    def ev_honor_lost_any(self, meta, ch):
        return _name("honor-lost", by="any", **_quals(ch))

    def ev_honor_gained_opp(self, meta, ch):
        return _name("honor-gained", by="opponent", **_quals(ch))

    def ev_honor_lost_opp(self, meta, ch):
        return _name("honor-lost", by="opponent", **_quals(ch))

    def ev_named_enters_play(self, meta, ch):
        return "this-card-enters-play"

    def ev_attack_targets_theirs(self, meta, ch):
        return _name("action-targets", by="opponent", kind="melee|ranged", target=_subject(_target(ch)))

    def ev_act_does_any(self, meta, ch):
        verb = _toks(ch, "EVERB")[0]
        core = "action-targets" if verb == "targets" else "action-resolves"
        did = {} if verb == "targets" else {"did": f"{_subject(_target(ch))}-{_past(verb)}"}
        tgt = {"target": _subject(_target(ch))} if verb == "targets" else {}
        return _name(core, by="any", kind=_kind_of(ch), **did, **tgt)

    def ev_act_does_battle(self, meta, ch):
        verb = _toks(ch, "EVERB")[0]
        core = "action-targets" if verb == "targets" else "action-resolves"
        did = {} if verb == "targets" else {"did": f"{_subject(_target(ch))}-{_past(verb)}"}
        tgt = {"target": _subject(_target(ch))} if verb == "targets" else {}
        return _name(core, by="any", kind="battle", **did, **tgt)

    def ev_battle_resolution(self, meta, ch):
        verb = (_toks(ch, "EVERB") or [""])[0]
        return "battle-resolution-ends" if verb in ("ends", "end") else "battle-resolves"

    def ev_action_resolution(self, meta, ch):
        return "action-resolves"

    def ev_enters_from_this_province(self, meta, ch):
        return _name(f"{_subject(_target(ch))}-enters-play", **{"from": "this-province"})

    # ----- "your Spider Clan Personality ...", "a Farm Holding ..."
    def _kw_card(self, meta, ch, owner):
        head = next((c.value for c in ch if getattr(c, "kind", None) == "head"), "card")
        pred = ch[-1]
        core = f"{head}-{pred['verb']}"
        quals = {k: v for k, v in pred.items() if k != "verb"}
        words = _toks(ch, "CAPWORD")
        if words:
            quals["kw"] = words[0] + ("-clan" if " clan " in f" {self._text(meta).lower()} " else "")
        if owner == "you":
            quals["by"] = "you"
        return _name(core, **quals)

    def ev_kw_card_yours(self, meta, ch):
        return Rules2._kw_card(self, meta, ch, "you")

    def ev_kw_card_any(self, meta, ch):
        return Rules2._kw_card(self, meta, ch, "any")

    def ev_cp_passive(self, meta, ch):
        out = {"verb": _toks(ch, "PASTP")[0]}
        during = next((c for c in ch if isinstance(c, str) and not hasattr(c, "type")), None)
        if during:
            out["during"] = during
        return out

    def ev_cp_enters(self, meta, ch):
        return {"verb": "enters-play"}

    def ev_cp_enters_here(self, meta, ch):
        return {"verb": "enters-play", "from": "this-province"}

    def ev_cp_enters_duel(self, meta, ch):
        return {"verb": "enters-duel"}

    def ev_cp_leaves(self, meta, ch):
        return {"verb": "leaves-play"}

    def ev_cp_wins_duel(self, meta, ch):
        return {"verb": "wins-duel"}

    def ev_passive_at(self, meta, ch):
        ts = [c for c in ch if hasattr(c, "ref")]
        return _name(f"{_subject(ts[0])}-{_toks(ch, 'PASTP')[0]}", at=_subject(ts[-1]))

    def ev_cp_moves_to(self, meta, ch):
        return {"verb": "moves-to", "at": _subject(_target(ch))}

    def ev_kinds_list_action(self, meta, ch):
        first = "-".join(_toks(ch, "CAPWORD")[:2]) if len(_toks(ch, "CAPWORD")) > 1 and \
            self._text(meta).split(",")[0].count(" ") > 1 else _toks(ch, "CAPWORD")[0]
        kinds = next(c for c in ch if isinstance(c, tuple))
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="any", kind="|".join((first, *kinds)))

    def ev_cp_verb(self, meta, ch):
        return {"verb": _toks(ch, "EVERB")[0]}

    def ev_the_battle_action(self, meta, ch):
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="the", kind="battle")

    def ev_duel_resolution(self, meta, ch):
        return "duel-resolves"

    def ev_wins_duel_at(self, meta, ch):
        return _name(f"{_subject(_target(ch))}-wins-duel", at="battlefield")

    def ev_player_wins_duel(self, meta, ch):
        return _name("duel-won", by="any")

    def ev_you_win_action_duel(self, meta, ch):
        return _name("duel-won", by="you", **{"from": "action"})

    def ev_focus_effects(self, meta, ch):
        return "focus-effects-resolve"

    def ev_your_action_does2(self, meta, ch):
        verb = self._text(meta).lower().split()[2]
        return _name("action-resolves", by="you", did=f"{_subject(_target(ch))}-{_past(verb)}")

    def ev_the_action_does2(self, meta, ch):
        words = self._text(meta).lower().split()
        verbs = [w for w in words if w in ("creates", "dishonors", "discards", "shows")]
        t = _subject(_target(ch))
        kind = _kind_of(ch) or ("battle" if "battle" in words[:3] else "")
        return _name("action-resolves", by="the", kind=kind, did="+".join(f"{t}-{_past(v)}" for v in verbs))

    def ev_action_effect_does(self, meta, ch):
        verb = _toks(ch, "EVERB")[0]
        return _name("action-resolves", by="any", did=f"{_subject(_target(ch))}-{_past(verb)}")

    def ev_passive_by(self, meta, ch):
        t = _target(ch)
        bys = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")]
        return _name(f"{_subject(t)}-{_toks(ch, 'PASTP')[0]}", **{"from": "|".join(bys)})

    def ev_by_act(self, meta, ch):
        q = ch[0].quals()
        who = q.get("by")
        kind = q.get("kind")
        return "-".join(p for p in (who if who not in ("any", "the") else "", kind and kind.replace("|", "-or-"), "action") if p)

    def ev_by_battle(self, meta, ch):
        return "battle-resolution"

    def ev_equip_to(self, meta, ch):
        ts = [c for c in ch if hasattr(c, "ref")]
        return _name(f"{_subject(ts[0])}-equipped", by="you", to=_subject(ts[-1]))

    def ev_dw_battle(self, meta, ch):
        return "battle"

    def ev_dw_combat(self, meta, ch):
        return "combat-segment"

    def ev_pm_from_province(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "from-province")

    def ev_pm_at_location(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", f"at-location-of:{ch[0]}")

    def ev_post_yours_performed(self, meta, ch):
        head = next((c.value for c in ch if getattr(c, "kind", None) == "head"), "card")
        return {"by": f"your-{head}"}

    def ev_theirs_action_does(self, meta, ch):
        verb = _toks(ch, "EVERB")[0]
        kind = _kind_of(ch) or _battle_before_action(self._text(meta))
        t = _subject(_target(ch))
        if verb == "targets":
            return _name("action-targets", by="opponent", kind=kind, target=t)
        return _name("action-resolves", by="opponent", kind=kind, did=f"{t}-{_past(verb)}")

    def ev_verb_obj_during(self, meta, ch):
        ts = [c for c in ch if hasattr(c, "ref")]
        verb = _toks(ch, "EVERB")[0]
        during = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return _name(f"{_subject(ts[-1])}-{_past(verb)}", by=_by_of(ts[0]), during=during)

    def ev_recruit_during(self, meta, ch):
        during = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return _name(f"{_subject(_target(ch))}-recruited", by="you", during=during)

    def ev_you_verb_during(self, meta, ch):
        verb = _toks(ch, "VERB")[0]
        during = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return _name(f"{_subject(_target(ch))}-{_past(verb)}", by="you", during=during)

    def ev_wins_action_duel(self, meta, ch):
        return _name(f"{_subject(_target(ch))}-wins-duel", **{"from": "action"})

    def ev_you_destroy_as(self, meta, ch):
        verb = _toks(ch, "VERB")[0]
        role = _toks(ch, "CAPWORD")[-1]
        t = _target(ch)
        what = "+".join(dict.fromkeys(t.card_types)) if t is not None and t.card_types else _subject(t)
        return _name("battle-resolves", by=f"you-as-{role}", did=f"{what}-{_past(verb)}")

    def ev_action_starts_duel(self, meta, ch):
        return _name("action-resolves", by="the", did="duel-started")

    def ev_your_two_word_action(self, meta, ch):
        kind = "-".join(_toks(ch, "CAPWORD"))
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="you", kind=kind)

    def ev_your_spell_or_action(self, meta, ch):
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="you", kind="spell|" + _kind_of(ch))

    def ev_your_action_from(self, meta, ch):
        words = _toks(ch, "CAPWORD")
        kind = words[0] if len(words) > 1 else ("battle" if "battle" in self._text(meta).lower().split()[:3] else "")
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="you", kind=kind, **{"from": words[-1]})

    def ev_two_word_action(self, meta, ch):
        kind = _toks(ch, "CAPWORD")[0] + "|battle"
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", **{"by": "any", "kind": kind, **_quals(ch)})

    def ev_action_performed_by(self, meta, ch):
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by=_subject(_target(ch)), kind="battle")

    def ev_action_named_performed(self, meta, ch):
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="card", kind=_toks(ch, "CAPWORD")[0])

    def ev_favor_action(self, meta, ch):
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="any", kind="favor")

    def ev_action_on(self, meta, ch):
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="any", target=_subject(_target(ch)))

    def ev_action_on_announced(self, meta, ch):
        return _name("action-announced", by="any", target=_subject(_target(ch)))

    def ev_action_from(self, meta, ch):
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="any", **{"from": _subject(_target(ch))})

    def ev_paying_action(self, meta, ch):
        return _name("paying-for", target="action")

    def ev_paying_cost_of(self, meta, ch):
        return _name("paying-for", target="action", kind=ch[-1].quals().get("kind", ""))

    def ev_end_of_phase(self, meta, ch):
        phase = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        caps = _toks(ch, "CAPWORD")
        role = caps[-1] if "which" in self._text(meta).lower() else ""
        return _name(f"{phase}-phase-ends", by=f"you-as-{role}" if role else "")

    def ev_lost_duel(self, meta, ch):
        return _name(f"{_subject(_target(ch))}-{_toks(ch, 'PASTP')[0]}", **{"from": "duel-lost"})

    def ev_proclaim(self, meta, ch):
        return _name(f"{_subject(_target(ch))}-proclaimed", by="you")

    def ev_h_either_attack(self, meta, ch):
        from .ability import _Mod

        return [_Mod("head", "melee-attack"), _Mod("head", "ranged-attack")]

    def ev_did_verbs(self, meta, ch):
        verbs = [w.strip(",").lower() for w in self._text(meta).split() if w.strip(",").lower() in _DID_VERBS]
        t = _subject(_target(ch))
        return "|".join(f"{t}-{v}" for v in verbs)

    def ev_your_kinds_action(self, meta, ch):
        first = _toks(ch, "CAPWORD")[0]
        kinds = next(c for c in ch if isinstance(c, tuple))
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="you", kind="|".join((first, *kinds)))

    def ev_moves(self, meta, ch):
        return f"{_subject(_target(ch))}-moves"

    def ev_player_targets_with(self, meta, ch):
        obj = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        a = ch[-1]
        return _name("action-targets", **{**a.quals(), "by": "opponent", "target": obj})

    def ev_obj_this(self, meta, ch):
        return "this-card"

    def ev_obj_named(self, meta, ch):
        return "this-card"

    def ev_obj_your(self, meta, ch):
        return "card"

    def ev_after_your_phase(self, meta, ch):
        phase = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return _name(f"{phase}-phase-ends", by="you")

    def ev_card_action(self, meta, ch):
        words = _toks(ch, "CAPWORD")
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="card", kind=words[0], **{"from": words[1]})

    def ev_each_time(self, meta, ch):
        return ch[-1]


def _battle_before_action(text: str) -> str:
    """"battle" when the action is a Battle action ("your Battle action ...", not "... during a battle")."""
    words = text.lower().split()
    head = words[: words.index("action")] if "action" in words else words
    return "battle" if "battle" in head else ""


_DID_VERBS = ("destroyed", "bowed", "moved", "targeted", "dishonored", "created", "attached")


def _past(verb: str) -> str:
    stem = verb[:-1] if verb.endswith("s") else verb
    if stem.endswith("e"):
        return stem + "d"
    if stem.endswith("y"):
        return stem + "ed"
    return stem + "ed"


add_rules(Rules, Rules2, keep=lambda name: not name.startswith("_"))


class Rules4:
    """Round 4: phases each turn, drawing at the end of a turn, challenges, moves as an action,
    Spell and attack actions described, losing Honor to another
    player's card effect, at this card's location."""

    def ev_each_phase(self, meta, ch):
        return self.ev_phase(meta, ch)

    def ev_you_draw_end_turn(self, meta, ch):
        return "you-draw-at-end-of-turn"

    def ev_challenges(self, meta, ch):
        from .ability import _event_name

        return _name(_event_name(ch[0], "challenges"), target=_subject(_target(ch[1:])))

    def ev_moves_as(self, meta, ch):
        from .ability import _event_name

        return _name(_event_name(ch[0], "moves"), kind=_toks(ch, "CAPWORD")[-1])

    def ev_spell_act_post(self, meta, ch):
        return Rules2._act_post(self, meta, ch, "any", "spell")

    def ev_kind_act_post(self, meta, ch):
        return Rules2._act_post(self, meta, ch, "any")

    def ev_attack_act_post(self, meta, ch):
        kind = "ranged" if "ranged" in self._text(meta).lower().split()[:2] else "melee"
        return Rules2._act_post(self, meta, ch, "any", kind)

    def ev_this_ability_announced(self, meta, ch):
        return "this-ability-announced"

    def ev_plural_move(self, meta, ch):
        # as the base "he moves" (ev_verb), the subject plural
        from .ability import _event_name

        return _event_name(ch[0], "moves")

    def ev_dl_as_they_move(self, meta, ch):
        # the base "as he moves" (dl_as)
        return ("as", "card-moves", self._text(meta))

    def ev_either(self, meta, ch):
        # "you Proclaim Hikai or he is destroyed": either event fits ("either:A|B")
        first, second = (c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return f"either:{first}|{second}"

    def ev_did_either(self, meta, ch):
        verb = self._text(meta).split()[0].lower()
        cards = [c for c in ch if hasattr(c, "ref")]
        return "|".join(f"{_subject(c)}-{verb}" for c in cards)

    def ev_this_action(self, meta, ch):
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="this")

    def ev_hf_theirs_card_effect(self, meta, ch):
        return {"from": "another-player's-card-effect"}

    def ev_pm_at_this_location(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "same-location")


add_rules(Rules, Rules4, keep=lambda name: not name.startswith("_"))


class Rules6:
    """Rehonoring, Lobbying, equipping for a price."""

    def ev_rehonored(self, meta, ch):
        t = _target(ch)
        return _name(f"{_subject(t)}-rehonored", **{"from": "the-action" if "the-action" in ch else ""})

    def ev_rb_the_action(self, meta, ch):
        return "the-action"

    def ev_lobbies(self, meta, ch):
        t = _target(ch)
        by = {"you": "you", "opponent": "opponent"}.get(getattr(t, "owner", ""), "any")
        return _name(f"{_subject(t)}-lobbies", by=by)

    def ev_your_kind_action_from_type(self, meta, ch):
        kind = _toks(ch, "CAPWORD")[0]
        source = self._text(meta).lower().split()[-2]  # the card type after "from a"
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="you", kind=kind, **{"from": source})

    def ev_equip_paying_at_least(self, meta, ch):
        from .ability import amount

        t = _target(ch)
        n = next(amount(c) for c in ch if not hasattr(c, "ref") and amount(c) is not None)
        return _name(f"{_subject(t)}-equipped", by="you", paid=f"at-least-{n}")


add_rules(Rules, Rules6, keep=lambda name: not name.startswith("_"))


class Rules7:
    """Strategy actions, Reactions announced, challenges during a segment, card effects, assigning."""

    def ev_strategy_action(self, meta, ch):
        kind = _toks(ch, "CAPWORD")[0]
        return _name(f"action-{_toks(ch, 'EVERB')[0]}", by="card", kind=kind.lower(), **{"from": "strategy"})

    def ev_announce_reaction(self, meta, ch):
        during = next((c for c in ch[1:] if isinstance(c, str) and not hasattr(c, "type")), None)
        return _name("action-announced", by=_by_of(ch[0]), kind="reaction", during=during)

    def ev_challenges_during(self, meta, ch):
        from .ability import _event_name

        during = next(c for c in ch[1:] if isinstance(c, str) and not hasattr(c, "type"))
        return _name(_event_name(ch[0], "challenges"), target=_subject(_target(ch[1:])), during=during)

    def ev_card_effect_does(self, meta, ch):
        verb = _toks(ch, "EVERB")[0]
        t = _target(ch)
        where = "army" if "in-army" in getattr(t, "states", ()) else None
        return _name(f"{_subject(t)}-{_past(verb)}", **{"from": "card-effect", "in": where})

    def ev_assigns_to_army(self, meta, ch):
        from .ability import _event_name

        # "with a Shugenja": the army already holds a card of that keyword
        kw = _toks(ch, "CAPWORD")[-1].lower() if len(ch) > 1 else None
        return _name(_event_name(ch[0], "assigns"), to="army", **{"with": kw})

    def ev_announce_tested(self, meta, ch):
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type") and c not in ("<=", ">="))
        value = next(int(str(c)) for c in ch if getattr(c, "type", "") in ("NUMBER", "SIGNED"))
        op = next(c for c in ch if c in ("<=", ">="))
        return _name("action-announced", **{**ch[-1].quals(), "by": "opponent", "with": f"{stat}{op}{value}"})

    def ev_signed(self, meta, ch):
        return ch[0]

    def ev_b_le(self, meta, ch):
        return "<="

    def ev_b_ge(self, meta, ch):
        return ">="

    def ev_p_in_army(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "in-army")


add_rules(Rules, Rules7)


class Rules8:
    """An action putting a card into a discard pile."""

    def ev_action_puts_in_discard(self, meta, ch):
        kind = _toks(ch, "CAPWORD")[0]
        return _name(f"{_subject(_target(ch))}-enters-discard-pile", kind=kind.lower(), **{"from": "action"})


add_rules(Rules, Rules8)


class Rules9:
    """Whose card effect, a discard for an Interrupt, a role in battle resolution."""

    def ev_theirs_card_effect_does(self, meta, ch):
        verb = _toks(ch, "EVERB")[0]
        return _name(f"{_subject(_target(ch))}-{_past(verb)}", by="opponent", **{"from": "card-effect"})

    def ev_you_discard_from_hand_for(self, meta, ch):
        # only an Interrupt of a named kind ("a Courage Interrupt")
        kind, word = _toks(ch, "CAPWORD")[-2:]
        if word != "interrupt" or _toks(ch, "VERB")[0].lower() != "discard":
            raise ValueError("not a discard for an Interrupt")
        return _name(f"{_subject(_target(ch))}-discarded-by-you", kind=f"{kind}|interrupt",
                     **{"from": "hand"})

    def ev_you_verb_as(self, meta, ch):
        # only what happens in battle resolution (the noun phrase's "during:battle-resolution")
        t = _target(ch)
        if t is None or "during:battle-resolution" not in t.states:
            raise ValueError("no battle resolution named")
        from dataclasses import replace

        t = replace(t, states=tuple(s for s in t.states if s != "during:battle-resolution"))
        return Rules2.ev_you_destroy_as(self, meta, [ch[0], t, ch[-1]])


add_rules(Rules, Rules9)


class Rules10:
    """Either resolution, actions on cards of some keywords, a second head for enemies."""

    def ev_resolution_action_or_battle(self, meta, ch):
        quals = _quals(ch)
        return (f"either:{_name('action-resolves', **quals)}|{_name('battle-resolves', **quals)}")

    def ev_action_on_does(self, meta, ch):
        ts = [c for c in ch if hasattr(c, "ref")]
        verb = _toks(ch, "EVERB")[0]
        on = ts[0]
        kind = "|".join(on.keywords) or _subject(on)
        if verb == "targets":
            return _name("action-targets", by="any", kind=f"on:{kind}", target=_subject(ts[-1]))
        return _name("action-resolves", by="any", kind=f"on:{kind}", did=f"{_subject(ts[-1])}-{_past(verb)}")

    def ev_action_on_list_does(self, meta, ch):
        from .ability import TargetSpec

        # the keywords, then the card type named last (a type word, e.g. "Spell")
        words = _toks(ch, "CAPWORD")
        head = next(c for c in ch if getattr(c, "kind", None) == "head")
        on = TargetSpec(ref="each", keywords=tuple(w.capitalize() for w in words) + (head.value.capitalize(),))
        target = next(c for c in ch if isinstance(c, TargetSpec))
        return self.ev_action_on_does(meta, [on, *[c for c in ch if getattr(c, "type", "") == "EVERB"], target])

    def ev_h_or_enemy(self, meta, ch):
        from .ability import _Mod

        # "provinces or enemy cards": kept in one state no card has unless it is read whole
        heads = [m for m in ch if isinstance(m, _Mod) and m.kind == "head"]
        return heads + [_Mod("post-state", f"either:{self._text(meta)}")]


add_rules(Rules, Rules10)


class Rules11:
    """Engaging where the player has units."""

    def ev_engaging_where_you_control(self, meta, ch):
        return _name("engaging", at=f"battlefield-with-your-{_subject(_target(ch))}")


add_rules(Rules, Rules11)


class Rules12:
    """What a described card has done."""

    def ev_r_has_done(self, meta, ch):
        from .ability import _Mod

        word = next(str(c).lower() for c in ch if getattr(c, "type", "") == "STATE")
        if word != "opposed":
            raise ValueError("only 'has opposed' is a deed here")
        return _Mod("post-state", f"has-opposed:{ch[-1].text}")


add_rules(Rules, Rules12)


class Rules13:
    """Checks of a stat, battles won, paying for an Equip, early announcements, attacks from
    actions, what a performer or an army did."""

    def ev_lobby_checks_stat(self, meta, ch):
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return _name(f"action-checks-{stat}", kind="lobby")

    def ev_cp_verb_obj_by_winning(self, meta, ch):
        return {"verb": f"{_toks(ch, 'EVERB')[0]}-{_subject(_target(ch))}", "from": "battle-won"}

    def ev_you_win_opposed_battle(self, meta, ch):
        return _name("battle-won", by="you", did="unit-opposed")

    def ev_paying_for_equipping(self, meta, ch):
        ts = [c for c in ch if hasattr(c, "ref")]
        return _name("paying-for", target=_subject(ts[0]), to=_subject(ts[-1]))

    def ev_announce_early(self, meta, ch):
        a = next(c for c in ch if isinstance(c, _Act))
        return _name("action-announced", **{**a.quals(), "by": _by_of(ch[0]), "first": "before-first-opportunity"})

    def ev_bfo(self, meta, ch):
        return "before-first-opportunity"

    def ev_attack_from_targets(self, meta, ch):
        a = next(c for c in ch if isinstance(c, _Act))
        kind = "ranged" if self._text(meta).lower().split()[1] == "ranged" else "melee"
        # (the token holds "a Ranged Attack from"; the action follows)
        if _toks(ch, "EVERB") != ["targets"]:
            raise ValueError("only an attack that targets")
        q = {**a.quals(), "kind": kind, "target": _described(_target(ch))}
        return _name("attack-targets", **q)

    def ev_did_performed_by_while(self, meta, ch):
        ts = [c for c in ch if hasattr(c, "ref")]
        return f"performed-by-{_subject(ts[0])}-opposing-{_subject(ts[-1])}"

    def ev_did_in_army_that(self, meta, ch):
        did = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return f"{_subject(_target(ch))}-in-army-that-{did}"

    def ev_p_at_this_or_adjacent(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "at-battlefield:this-or-adjacent-province")


add_rules(Rules, Rules13)


class Rules14:
    """Cards attaching to, or entering play from, the card just named."""

    def ev_attaches_to(self, meta, ch):
        ts = [c for c in ch if hasattr(c, "ref")]
        return _name(f"{_subject(ts[0])}-attaches", to=_subject(ts[-1]))

    def ev_enters_play_from_it(self, meta, ch):
        return _name(f"{_subject(_target(ch))}-enters-play", **{"from": "it"})


add_rules(Rules, Rules14)


def _ev_you_focus_in_duel(self, meta, ch):
    t = _target(ch)
    kw = "|".join(getattr(t, "keywords", ()))
    return _name("you-focus", kw=kw, target=f"duel-of-{'your-' if getattr(t, 'owner', '') == 'you' else ''}{_subject(t)}")


Rules.ev_you_focus_in_duel = _ev_you_focus_in_duel


class Rules15:
    """Turns and phases named by "the next"/"the current", assignments, Honor gained, Fear
    effects from a card, what a card of a keyword does."""

    def ev_next_turn(self, meta, ch):
        return _name("turn-" + _toks(ch, "EVERB")[0], first="next")

    def ev_next_phase(self, meta, ch):
        return _name(self.ev_phase(meta, ch), first="next")

    def ev_player_gains_at_least(self, meta, ch):
        from .ability import amount

        n = next(amount(c) for c in ch if amount(c) is not None and not getattr(c, "type", ""))
        return _name("honor-gained", by="any", paid=f"at-least-{n}")

    def ev_fear_from_does(self, meta, ch):
        ts = [c for c in ch if hasattr(c, "ref")]
        verb = _toks(ch, "EVERB")[0]
        return _name(f"{_described(ts[-1])}-{_past(verb)}", kind="fear", **{"from": _subject(ts[0])})

    def ev_cp_verb_obj(self, meta, ch):
        verb = (_toks(ch, "EVERB") or _toks(ch, "MOVES"))[0]
        return {"verb": f"{verb}-{_subject(_target(ch))}"}


add_rules(Rules, Rules15)


class Rules16:
    """An exact Honor loss; engaging at the battlefield of a described province."""

    def ev_honor_lost_exactly(self, meta, ch):
        from .ability import _Amount

        n = next(c.value for c in ch if isinstance(c, _Amount))
        return _name("honor-lost", by=_by_of(ch[0]), amount=f"exactly-{n}")

    def ev_engaging_at_province(self, meta, ch):
        # "at one of your provinces": the battlefield of a province of yours (another owner: "card")
        t = _target(ch)
        return _name("engaging", at="your-province" if t is not None and t.owner == "you" else "province")


add_rules(Rules, Rules16)
