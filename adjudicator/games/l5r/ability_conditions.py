"""Transformer methods for ``grammar/l5r_ability_conditions.lark``: conditions: "If …", "while …", "unless …" and the limits block's requirements.

Each method is named after an alias (``-> name``) of that grammar file and has the base
transformer's signature ``(self, meta, ch)``; see :func:`adjudicator.games.l5r.ability._build_transformer_class`.

Condition kinds this topic adds (``Condition.kind``, then ``args``; noun phrases are kept as
their text, stats as the base grammar names them: ``force``, ``chi``, ``family-honor`` ...):

``control-none`` (what)
    "you control no units at the current battlefield", "you control no Personalities".
``nobody-controls`` (what)
    "no player controls X".
``not-clan-player`` (clan)
    "you are not a Crab Clan player" (``clan-player`` also reads "you are Crane Clan").
``none-at-battlefield`` (what)
    "no Terrain is at the current battlefield".
``stat-rank`` (who, stat, rank)
    rank ``highest`` ("you have the highest Family Honor"), ``none-higher`` ("no other
    player has more Family Honor than you"), ``someone-higher`` / ``someone-lower``
    ("another player has higher Family Honor than you").
``most-cards-in-hand`` ()
    "you (now) have more cards in your hand than each/any other player".
``has-no-abilities`` (who)
``you-own`` (what)
    "you own a dead Courtier or Shugenja".
``state-in-province`` (who, state)
    "Miwa is face-up in your province" (one of your provinces).
``exists-in-discard-pile`` (what)
    "there is a dead Personality in any (player's) discard pile".
``in-hand-or-discard-pile`` (who)
``control-at-least`` (number, what)
    "you control at least three Personalities".
``has-exactly`` (who, number, what)
    "Watari has exactly one Follower".
``has-at-most`` (who, number, what) / ``control-at-most`` (number, what)
    "Sunetsu has one or no Followers", "you control one or no Rings".
``not-first-turns`` (n)
    "it is not your first turn" (1), "... your first or second turn" (2).
``active-player-first-turns`` / ``not-active-player-first-turns`` (n)
    "it is (not) the active player's first (or second) turn".
``has-printed-keyword`` (who, keyword)
    "this Personality has the printed Magistrate keyword".
``or-if`` (kind, *args)
    "Compassion, or if you are Unicorn Clan: ...": a test that also lets the line apply.
``did-not`` also reads "this does not destroy a Personality" (who, verb, what); ``has-no``
"this Personality does not have a Madness token"; ``in-play`` "it is still in play"; ``stat-value`` "the active player has 11 or
more Family Honor".
``any-of`` / ``all-of`` / ``none-of`` (sub-conditions)
    two or more tests joined by "or"/"and" ("If it is your turn or you control a Courtier",
    "If he is Earth and opposed", "If he is dishonorable, Kolat, Ninja, or Shadowlands").
    ``args`` hold each sub-condition as ``"<kind>/<n>"`` followed by its ``n`` arguments
    (:func:`encode` / :func:`decode`; sub-conditions nest the same way). ``none-of`` is "unless"
    where the test must read as a requirement ("If C, bow him unless he is Water").

Tests reused from the base vocabulary with new wordings: ``clan-player``, ``fewest-provinces``,
``you-control`` ("you have a Fortification at the current battlefield"), ``you-have``,
``stat-at-most`` / ``stat-at-least`` ("7 Force or less"), ``moved`` ("If he moves"),
``wins`` ("if you win this duel"), ``at-battlefield`` ("While at the current battlefield":
this card).

Clause shapes: "If C, <X> to <Y>", "If C, you may <X> to <Y>", "If C, <X> or <Y>", "If C, you
may target and <X>", "If C, his controller may choose to <X>", "If C, <X> if D" put C on every
effect of the clause (``effect-if:<kind>``); "Unless C, <X>" (``effect-unless:<kind>``); "<X>
or, if C, <Y>" (a choice, Y only when C); "If C, <X> Otherwise, (permanently) <Y>" (a quoted ability
before "Otherwise") puts ``effect-if:<kind>`` on X and ``effect-unless:<kind>`` on Y; "During
battle resolution, <X>" / "During the duel, <X>" scope X ``effect-during``
(``battle-resolution`` / ``duel``). A bare "if you won" / "if you lost" (nothing after the
verb) is ``won-contest`` / ``lost-contest`` on the contest the ability is about.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.ability import Condition, Effect, TargetSpec

from .ability import add_rules
from .ability import token as _token

#: Effect kinds this topic emits (added to ``ability.EFFECT_KINDS``)
KINDS: frozenset[str] = frozenset()

#: the condition kinds this topic adds (see the module docstring)
CONDITION_KINDS: frozenset[str] = frozenset({
    "control-none", "nobody-controls", "not-clan-player", "none-at-battlefield", "stat-rank",
    "most-cards-in-hand", "has-no-abilities", "you-own", "state-in-province",
    "exists-in-discard-pile", "in-hand-or-discard-pile", "any-of", "all-of", "none-of", "control-at-least",
    "has-exactly", "not-first-turns", "active-player-first-turns", "not-active-player-first-turns",
    "has-printed-keyword", "has-at-most", "control-at-most", "or-if",
    # r4
    "ever", "action-from", "action-on", "none-was", "was-targeted-by", "performed-by", "not-performed-by",
    "contains", "after-event", "legal", "legal-target", "in-province", "was", "was-not", "creates-duel",
    "would-be-there",
    # r6
    "is-not-yours", "in-hand-of", "max-hand-size-at-least",
    # r6b: "if you lost", "if she won" -- the duel/battle the ability is about, unnamed
    "won-contest", "lost-contest",
    # counts against another side, player count, margins, parities, roles (see the docstring)
    "count-compare", "player-count", "only-clan-alignment", "not-legal-target", "caused-honor-loss",
    "won-by", "stat-parity", "below-starting-honor", "targeted-only", "paid-less-than",
    # "Shinoda is at another battlefield" (who): at a battlefield other than the current one
    "at-another-battlefield",
    # "you have two or fewer Provinces" (who, "<="/">=", number)
    "province-count",
    # "the duel was against The Dark Naga" (contest, other side)
    "contest-against",
    # "he has more Obsession tokens than printed Chi" (who, token keyword, ">", stat)
    "tokens-vs-stat",
    # "he shares an element keyword with X" (who, "element" or "element|<Keyword>", with what)
    "shares-keyword",
    # "you are bringing a Holding into play" (what)
    "bringing-into-play",
    # "he was not in play when this Combat Segment began" (who, since when)
    "not-in-play-since",
    # "another Holding produces Gold to pay for a Nonhuman" (which card, what is paid for)
    "produces-gold-for",
    # "the action ... is his printed Battle action" (which action, whose: "his", action kind or "")
    "is-printed-action",
    # "the current Province's strength has been increased or reduced this turn"
    # (whose, stat, "increased"/"reduced"/"changed"[, period])
    "stat-changed",
    # "while at this Personality's location" (whose location): this card is at the same location
    "at-location-of",
    # the line's trigger inside its limits block: "before you lose exactly 1 Honor" (event), "when
    # another player's action would target ..." (event)
    "before-event", "when-event",
})


def encode(conds) -> tuple[str, ...]:
    """Sub-conditions -> flat ``args`` of an ``any-of`` / ``all-of`` condition."""
    out: list[str] = []
    for c in conds:
        out.append(f"{c.kind}/{len(c.args)}")
        out.extend(c.args)
    return tuple(out)


def decode(args) -> list[Condition] | None:
    """Flat ``args`` of ``any-of`` / ``all-of`` -> the sub-conditions (None if malformed)."""
    out, i, args = [], 0, tuple(args)
    while i < len(args):
        kind, _, n = args[i].rpartition("/")
        if not kind or not n.isdigit() or i + 1 + int(n) > len(args):
            return None
        out.append(Condition(kind=kind, args=args[i + 1 : i + 1 + int(n)]))
        i += 1 + int(n)
    return out


def _word(c) -> str:
    if isinstance(c, TargetSpec):
        return c.text
    return str(getattr(c, "value", c))


def _args(ch) -> tuple[str, ...]:
    return tuple(_word(c) for c in ch if c is not None)


def _cond(kind: str, pick=None):
    def f(self, meta, ch):
        args = _args(ch) if pick is None else pick(ch)
        return Condition(kind=kind, args=args, text=self._text(meta))

    return f


def _guarded(effect, cond, text):
    from .ability import _Guarded

    return _Guarded(effect, cond, text)


class Rules:
    # ----- tests
    cd_control_none = _cond("control-none")
    cd_nobody_controls = _cond("nobody-controls")
    cd_clan_player = _cond("clan-player")
    cd_not_clan_player = _cond("not-clan-player")
    cd_none_here = _cond("none-at-battlefield")
    cd_nobody_more = _cond("stat-rank", lambda ch: ("you", _word(ch[-1]), "none-higher"))
    cd_somebody_more = _cond("stat-rank", lambda ch: ("you", _word(ch[-1]), "someone-higher"))
    cd_somebody_less = _cond("stat-rank", lambda ch: ("you", _word(ch[-1]), "someone-lower"))
    cd_you_highest = _cond("stat-rank", lambda ch: ("you", _word(ch[-1]), "highest"))
    cd_fewest_provinces = _cond("fewest-provinces", lambda ch: ())
    cd_most_cards = _cond("most-cards-in-hand", lambda ch: ())
    cd_no_abilities = _cond("has-no-abilities")
    # "7 Force or less": the base order (who, number, stat)
    cd_stat_le = _cond("stat-at-most", lambda ch: (_word(ch[0]), str(ch[1]), _word(ch[2])))
    cd_stat_ge = _cond("stat-at-least", lambda ch: (_word(ch[0]), str(ch[1]), _word(ch[2])))
    cd_moves = _cond("moved", lambda ch: (_word(ch[0]),))
    cd_win_duel = _cond("wins", lambda ch: ("you",))
    cd_you_own = _cond("you-own")
    cd_state_in_province = _cond("state-in-province", lambda ch: (_word(ch[0]), str(ch[1]).lower()))
    cd_self_here = _cond("at-battlefield", lambda ch: ("this card",))
    cd_exists_in_discard = _cond("exists-in-discard-pile", lambda ch: (_word(ch[0]),))
    cd_in_hand_or_discard = _cond("in-hand-or-discard-pile")

    cd_stat_ge_n = _cond("stat-at-least", lambda ch: (_word(ch[0]), str(ch[1]), _word(ch[-1])))
    cd_control_at_least = _cond("control-at-least", lambda ch: (_word(ch[0]), _word(ch[1])))
    cd_did_move = _cond("did", lambda ch: (_word(ch[0]), "moved", _word(ch[-1])))
    cd_did_not_choose = _cond("did-not", lambda ch: ())
    cd_has_exactly = _cond("has-exactly", lambda ch: (_word(ch[0]), _word(ch[1]), _word(ch[2])))

    # ----- "X is A and has B": one sub-condition per verb phrase
    def cd_vp_state(self, meta, ch):
        return [("is", str(ch[0]).lower())]

    def cd_vp_is(self, meta, ch):
        return [("is", _word(ch[0]))]

    def cd_vp_not_state(self, meta, ch):
        return [("is-not", str(ch[0]).lower())]

    def cd_vp_is_not(self, meta, ch):
        return [("is-not", _word(ch[0]))]

    def cd_vp_clan(self, meta, ch):
        return [("is-clan", _token(ch, "CAPWORD"))]

    def cd_vp_has_no(self, meta, ch):
        return [("has-no", _word(ch[-1]))]

    def cd_vp_no_abilities(self, meta, ch):
        return [("has-no-abilities",)]

    def cd_vp_stat_eq(self, meta, ch):
        return [("stat-value", _word(ch[-1]), "=", str(ch[0]))]

    def cd_vp_stat_ge(self, meta, ch):
        return [("stat-at-least", _word(ch[0]), _word(ch[-1]))]

    def cd_vp_all_preds(self, meta, ch):
        return [("all-of", [p for p in ch if isinstance(p, tuple)])]

    def cd_vp_any_preds(self, meta, ch):
        return [("any-of", [p for p in ch if isinstance(p, tuple)])]

    def cd_vp_state_or_keyword(self, meta, ch):
        return [("any-of", [("is", str(ch[0]).lower()), ("is", _token(ch, "CAPWORD"))])]

    def cd_state_or_keyword(self, meta, ch):
        # "If it is bowed or Nonhuman": the state, or the keyword
        who = _word(ch[0])
        subs = [Condition(kind="is", args=(who, str(ch[1]).lower())), Condition(kind="is", args=(who, _token(ch, "CAPWORD")))]
        return Condition(kind="any-of", args=encode(subs), text=self._text(meta))

    def cd_vp_state_or_keywords(self, meta, ch):
        return [("any-of", [("is", str(ch[0]).lower()), ("is-any-keyword", *_kw_tail(self, ch[-1]))])]

    def _cd_vps(self, meta, ch, joined):
        who = _word(ch[0])
        subs = []
        for vp in ch[1:]:
            if isinstance(vp, list):
                subs.extend(_vp_condition(who, v) for v in vp)
        return Condition(kind=joined, args=encode(subs), text=self._text(meta))

    def cd_all_vps(self, meta, ch):
        return Rules._cd_vps(self, meta, ch, "all-of")

    def cd_any_vps(self, meta, ch):
        return Rules._cd_vps(self, meta, ch, "any-of")

    cd_does_not_have = _cond("has-no", lambda ch: (_word(ch[0]), _word(ch[-1])))
    cd_has_one_or_no = _cond("has-at-most", lambda ch: (_word(ch[0]), "1", _word(ch[-1])))
    cd_control_one_or_no = _cond("control-at-most", lambda ch: ("1", _word(ch[-1])))
    cd_still_in_play = _cond("in-play", lambda ch: (_word(ch[0]),))
    cd_active_honor_ge = _cond("stat-value", lambda ch: ("the active player", "family-honor", ">=", _word(ch[0])))

    def cd_not_first_turn(self, meta, ch):
        # "If it is not your first (or second) turn": how many of your first turns are excluded
        n = "2" if "second" in self._text(meta).lower() else "1"
        return Condition(kind="not-first-turns", args=(n,), text=self._text(meta))

    def cd_active_first_turns(self, meta, ch):
        n = "2" if "second" in self._text(meta).lower() else "1"
        return Condition(kind="active-player-first-turns", args=(n,), text=self._text(meta))

    def cd_not_active_first_turns(self, meta, ch):
        n = "2" if "second" in self._text(meta).lower() else "1"
        return Condition(kind="not-active-player-first-turns", args=(n,), text=self._text(meta))

    cd_printed_keyword = _cond("has-printed-keyword", lambda ch: (_word(ch[0]), _token(ch, "CAPWORD")))

    def cd_remains_state_in_play(self, meta, ch):
        who = _word(ch[0])
        subs = [Condition(kind="is", args=(who, str(ch[1]).lower())), Condition(kind="in-play", args=(who,))]
        return Condition(kind="all-of", args=encode(subs), text=self._text(meta))

    def cd_if_unless(self, meta, ch):
        # "If C, bow him unless he is Water": C, and not D ("none-of", which reads the same in
        # a limits block, where a test is a plain requirement, as on an effect)
        cond, effect, other = ch[0], ch[1], ch[2]
        negated = Condition(kind="none-of", args=encode([other]), text="unless " + other.text)
        return _guarded(_guarded(effect, negated, other.text), cond, self._text(meta))

    def cd_does_not_verb(self, meta, ch):
        verb = _token(ch, "VERB").lower()
        return Condition(kind="did-not", args=(_word(ch[0]), verb, _word(ch[-1])), text=self._text(meta))

    def cd_unless_pre(self, meta, ch):
        return _guarded(ch[1], ch[0], self._text(meta))

    def cd_if_if(self, meta, ch):
        # the effect's own "if" is the inner test, the leading one the outer
        text = self._text(meta)
        return _guarded(_guarded(ch[1], ch[2], text), ch[0], text)

    def cd_or_if(self, meta, ch):
        # two options; the second only when the test holds
        first, cond, second = [c for c in ch if getattr(c, "type", "") != "OR_IF"]
        options = self.choice_of(meta, [first, second])
        options[1] = _guarded(options[1], cond, "if " + cond.text)
        return options

    # "you have higher/lower <stat> than ...", "you have won a duel": the base readings with
    # "you" as their subject (the grammar spells "you" out, see l5r_ability_conditions.lark)
    def cd_you_stat_rel_lt(self, meta, ch):
        return self.c_stat_rel_lt(meta, [TargetSpec(ref="you", text="you"), *ch])

    def cd_you_stat_rel_gt(self, meta, ch):
        return self.c_stat_rel_gt(meta, [TargetSpec(ref="you", text="you"), *ch])

    def cd_you_won_duel(self, meta, ch):
        return self.bt_c_won_duel(meta, [TargetSpec(ref="you", text="you"), *ch])

    def cd_or_if_limit(self, meta, ch):
        c = ch[0]
        return Condition(kind="or-if", args=(c.kind, *c.args), text=self._text(meta))

    def cd_you_have(self, meta, ch):
        # "you have a Fortification at the current battlefield": a card you control; "you
        # have a Clan Alignment" (no card type, only words) stays the player's "you-have"
        spec = ch[-1]
        kind = "you-control" if isinstance(spec, TargetSpec) and spec.card_types else "you-have"
        return Condition(kind=kind, args=(self._text(meta).split(None, 2)[2],), text=self._text(meta))

    # ----- several predicates of one subject
    def cd_p_state(self, meta, ch):
        return ("is", str(ch[0]).lower())

    def cd_p_keyword(self, meta, ch):
        return ("is", _token(ch, "CAPWORD"))

    def cd_p_clan(self, meta, ch):
        return ("is-clan", _token(ch, "CAPWORD"))

    def cd_p_np(self, meta, ch):
        return ("is", _word(ch[0]))

    def cd_p_type(self, meta, ch):
        return ("is", self._text(meta))

    def _cd_preds(self, meta, ch, joined):
        who = _word(ch[0])
        subs = [Condition(kind=p[0], args=(who, *p[1:])) for p in ch[1:] if isinstance(p, tuple)]
        return Condition(kind=joined, args=encode(subs), text=self._text(meta))

    def cd_all_preds(self, meta, ch):
        return Rules._cd_preds(self, meta, ch, "all-of")

    def cd_any_preds(self, meta, ch):
        return Rules._cd_preds(self, meta, ch, "any-of")

    def cd_state_or_keywords(self, meta, ch):
        # "he is dishonorable, Kolat, Ninja, or Shadowlands": the state, or any keyword
        who = _word(ch[0])
        words = _kw_tail(self, ch[-1])
        subs = [Condition(kind="is", args=(who, str(ch[1]).lower())),
                Condition(kind="is-any-keyword", args=(who, *words))]
        return Condition(kind="any-of", args=encode(subs), text=self._text(meta))

    # ----- two tests joined
    def _cd_join(self, meta, ch, joined):
        subs = []
        for c in ch:
            if not isinstance(c, Condition):
                continue
            # "A or (B or C)": one flat list
            subs.extend(decode(c.args) if c.kind == joined else [c])
        return Condition(kind=joined, args=encode(subs), text=self._text(meta))

    def cd_any(self, meta, ch):
        return Rules._cd_join(self, meta, ch, "any-of")

    def cd_all(self, meta, ch):
        return Rules._cd_join(self, meta, ch, "all-of")

    # ----- "If C, <clause>"
    def cd_if_both(self, meta, ch):
        return self.guarded_pre_and(meta, [c for c in ch if isinstance(c, Condition)] + [ch[-1]])

    def cd_if_cost_then(self, meta, ch):
        return _guarded(self.cost_then(meta, ch[1:]), ch[0], self._text(meta))

    def cd_if_optional_cost_then(self, meta, ch):
        return _guarded(self.optional_cost_then(meta, ch[1:]), ch[0], self._text(meta))

    def cd_if_choice(self, meta, ch):
        return _guarded(self.choice_of(meta, ch[1:]), ch[0], self._text(meta))

    def cd_if_optional_pick(self, meta, ch):
        return _guarded(self.optional_pick(meta, ch[1:]), ch[0], self._text(meta))

    def cd_if_subj_optional(self, meta, ch):
        return _guarded(self.subj_optional(meta, ch[1:]), ch[0], self._text(meta))

    def cd_if_otherwise(self, meta, ch):
        cond, first, other = ch[0], ch[1], ch[-1]
        if "permanently" in self._text(meta).lower().split("otherwise", 1)[-1]:
            other = _with_duration(other, "permanent")
        # the "otherwise" branch: the same test, negated (effect-unless:<kind>)
        return [_guarded(first, cond, self._text(meta)),
                _guarded(other, cond, "unless " + cond.text)]

    def cd_during_pre(self, meta, ch):
        from .ability import _Scoped

        return _Scoped(ch[-1], "effect-during", (ch[0],), self._text(meta))

    def cd_dw_resolution(self, meta, ch):
        return "battle-resolution"

    def cd_dw_duel(self, meta, ch):
        return "duel"


def _kw_tail(self, tok) -> list[str]:
    """", Kolat, Ninja, or Shadowlands" -> ["Kolat", "Ninja", "Shadowlands"]."""
    import re

    printed = self._piece[tok.start_pos : tok.end_pos] if getattr(tok, "end_pos", None) else str(tok)
    return [w.strip() for w in re.split(r",\s*(?:or\s+)?|\s+or\s+", printed.strip(" ,")) if w.strip()]


def _vp_condition(who: str, vp: tuple) -> Condition:
    """One verb phrase of a subject -> its Condition (the kinds of the base single tests:
    "has 0 Force" is a ``stat-value`` (who, stat, "=", 0), "has 4 or more Chi" a
    ``stat-at-least`` (who, 4, chi))."""
    kind, rest = vp[0], vp[1:]
    if kind in ("all-of", "any-of"):
        return Condition(kind=kind, args=encode([Condition(kind=p[0], args=(who, *p[1:])) for p in rest[0]]))
    return Condition(kind=kind, args=(who, *rest))


def _with_duration(node, duration):
    if isinstance(node, Effect):
        return replace(node, duration=duration)
    if isinstance(node, list):
        return [_with_duration(n, duration) for n in node]
    return node



# ----- r4: what happened before ("If you have resolved ...", "If he did not pay the Gold")
_BASE_TO_PAST = {"resolve": "resolved", "play": "played", "take": "taken", "cast": "cast", "attach": "attached",
                 "lose": "lost", "search": "searched", "find": "found", "use": "used", "pay": "paid",
                 "remove": "removed", "enter": "entered", "focus": "focused", "target": "targeted",
                 "show": "showed", "equip": "equipped"}


def _done(self, meta, ch, kind):
    """(who, verb, what[, period]): ``what`` is the object's text ("" when none)."""
    who = _word(ch[0])
    verb = next(c[1] for c in ch if isinstance(c, tuple) and c[0] == "verb")
    obj = next((c for c in ch[1:] if isinstance(c, TargetSpec) or (isinstance(c, tuple) and c[0] == "what")), None)
    what = "" if obj is None else obj[1] if isinstance(obj, tuple) else obj.text
    period = ";".join(c[1] for c in ch if isinstance(c, tuple) and c[0] == "period") or None
    # "an action this phase": the period was read as the object's post-modifier
    during = [s for s in getattr(obj, "states", ()) if s.startswith("during:")]
    if during and period is None:
        period = during[-1].split(":", 1)[-1]
        what = what[: what.lower().rfind(" this ")].rstrip()
    import re

    m = re.search(r"\s+this\s+(phase|game|turn|battle)$", what, re.I)
    if m and period is None:
        period = "this-" + m.group(1).lower()
        what = what[: m.start()]
    args = (who, verb, what) + ((period,) if period else ())
    return Condition(kind=kind, args=args, text=self._text(meta))


class _R4:
    def cd_pastv(self, meta, ch):
        return ("verb", str(ch[0]).lower())

    cd_pastv2 = cd_pastv
    cd_honorv = cd_pastv

    def cd_basev(self, meta, ch):
        return ("verb", _BASE_TO_PAST[str(ch[0]).lower()])

    def cd_period(self, meta, ch):
        return ("period", "-".join(self._text(meta).lower().split()))

    def cd_period_noun(self, meta, ch):
        return str(ch[0]).lower()

    def cd_p_period(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "during:this-" + self._text(meta).split()[-1].lower())

    def cd_has_done(self, meta, ch):
        return _done(self, meta, ch, "did")

    def cd_has_not_done(self, meta, ch):
        return _done(self, meta, ch, "did-not")

    cd_honor_done = cd_has_done

    def cd_has_done_you(self, meta, ch):
        return _done(self, meta, ["you", *ch], "did")

    def cd_has_not_done_you(self, meta, ch):
        return _done(self, meta, ["you", *ch], "did-not")

    def cd_has_not_done_it(self, meta, ch):
        return _done(self, meta, [self._text(meta).split()[0].lower(), *ch], "did-not")

    cd_honor_done_you = cd_has_done_you
    cd_honor_not_done_you = cd_has_not_done_you

    def cd_obj_gold(self, meta, ch):
        return ("what", "the Gold")
    cd_honor_not_done = cd_has_not_done

    def cd_obj_word(self, meta, ch):
        return ("what", self._text(meta).lower())

    def cd_was_keyword(self, meta, ch):
        return Condition(kind="is", args=(_word(ch[0]), _token(ch, "CAPWORD")), text=self._text(meta))

    def cd_ever_state(self, meta, ch):
        return Condition(kind="ever", args=(_word(ch[0]), str(ch[-1]).lower()), text=self._text(meta))

    def cd_ever_attacks(self, meta, ch):
        return Condition(kind="ever", args=(_word(ch[0]), "attacking"), text=self._text(meta))

    def cd_combat_segment(self, meta, ch):
        return Condition(kind="phase-is", args=("combat-segment",), text=self._text(meta))

    cd_player_controls = _cond("player-controls", lambda ch: (_word(ch[0]), _word(ch[-1])))
    cd_is_from = _cond("action-from", lambda ch: (_word(ch[0]), _word(ch[-1])))
    cd_is_on = _cond("action-on", lambda ch: (_word(ch[0]), _word(ch[-1])))

    def cd_active_controls(self, meta, ch):
        return Condition(kind="controls", args=("the active player", _word(ch[-1])), text=self._text(meta))

    def cd_p_yours(self, meta, ch):
        return ("is-yours",)

    def cd_p_theirs(self, meta, ch):
        return ("is-another-players",)

    def cd_np_the_ring(self, meta, ch):
        return TargetSpec(ref="it", card_types=("ring",), text=self._text(meta))

    def cd_p_from_kind(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "from:" + self._text(meta).split(None, 1)[1])

    def cd_p_in_this_province(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "in:this-province")

    def cd_m_current(self, meta, ch):
        from .ability import _Mod

        return _Mod("state", "current")

    # "If C, <clause>" for the other clause shapes: the base method builds the clause, C guards it
    def cd_if_delayed(self, meta, ch):
        return _guarded(self.delayed(meta, ch[1:]), ch[0], self._text(meta))

    def cd_if_triggered_after(self, meta, ch):
        return _guarded(self.triggered_after(meta, ch[1:]), ch[0], self._text(meta))

    def cd_if_triggered_before(self, meta, ch):
        return _guarded(self.triggered_before(meta, ch[1:]), ch[0], self._text(meta))

    def cd_if_per_each(self, meta, ch):
        return _guarded(self.per_each(meta, ch[1:]), ch[0], self._text(meta))

    def cd_if_instead(self, meta, ch):
        return _guarded(self.instead(meta, ch[1:]), ch[0], self._text(meta))

    def cd_if_subj_may(self, meta, ch):
        return _guarded(self.pl_subj_may(meta, ch[1:]), ch[0], self._text(meta))

    def cd_if_give_alt(self, meta, ch):
        return _guarded(self.give_alt(meta, ch[1:]), ch[0], self._text(meta))

    def cd_has_keyword_cost(self, meta, ch):
        # as the whole-line "Discipline Pay 2 Gold" (kind "keyword"), on the card named
        word = _token(ch, "CAPWORD")
        from .ability import amount

        return self._eff(meta, "keyword", target=ch[0], keyword=word, amount=amount(ch[-1]))

    def cd_choose_gains_or_loses(self, meta, ch):
        # "choose a player, who gains or loses 2 Honor": the choice, then that player's gain or loss
        from .ability import amount

        chosen = self.choose_decl(meta, [ch[0]])
        who = TargetSpec(ref="it", text="who")
        return [chosen, self._eff(meta, "gain-or-lose-honor", target=who, amount=amount(ch[-1]))]

    def cd_was_targeted_by(self, meta, ch):
        period = next((c[1] for c in ch if isinstance(c, tuple) and c[0] == "period"), None)
        args = (_word(ch[0]), _word(ch[1])) + ((period,) if period else ())
        return Condition(kind="was-targeted-by", args=args, text=self._text(meta))

    def cd_not_become(self, meta, ch):
        who = _word(ch[0]) if ch and not hasattr(ch[0], "type") else self._text(meta).split()[0].lower()
        return Condition(kind="did-not", args=(who, "became", str(ch[-1]).lower()), text=self._text(meta))

    def cd_you_find(self, meta, ch):
        return Condition(kind="did", args=("you", "found", _word(ch[-1])), text=self._text(meta))

    def cd_not_moved(self, meta, ch):
        where = next((_word(c[1]) for c in ch if isinstance(c, tuple) and c[0] == "to"), "")
        return Condition(kind="did-not", args=(_word(ch[0]), "moved", where), text=self._text(meta))

    def cd_to_where(self, meta, ch):
        return ("to", ch[0])

    def cd_to_battlefield(self, meta, ch):
        return ("to", "a battlefield")

    def cd_did_not_move_home(self, meta, ch):
        return Condition(kind="did-not", args=(_word(ch[0]), "moved", _word(ch[1]) + " home"), text=self._text(meta))

    cd_performed_by = _cond("performed-by", lambda ch: (_word(ch[0]), _word(ch[-1])))
    cd_not_performed_by = _cond("not-performed-by", lambda ch: (_word(ch[0]), _word(ch[-1])))

    def cd_have_alignment(self, meta, ch):
        return Condition(kind="you-have", args=("a Clan Alignment",), text=self._text(meta))

    cd_contains = _cond("contains", lambda ch: (_word(ch[0]), _word(ch[-1])))

    def cd_action_kind(self, meta, ch):
        kind = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return Condition(kind="is", args=(_word(ch[0]), kind), text=self._text(meta))

    def cd_act_kind(self, meta, ch):
        return " ".join(str(c).capitalize() for c in ch) + " action"

    def cd_np_current_army(self, meta, ch):
        return TargetSpec(ref="choice", owner="you", card_types=("army",), states=("current",), text=self._text(meta))

    def cd_p_with_attachments(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "has-attachments")

    def cd_after_event(self, meta, ch):
        event = ch[0] if isinstance(ch[0], str) else _word(ch[0])
        return Condition(kind="after-event", args=(event,), text=self._text(meta))

    def cd_after_event_if(self, meta, ch):
        return [Rules.cd_after_event(self, meta, ch[:1]), ch[-1]]

    def cd_not_chose_to(self, meta, ch):
        who = self._text(meta).split()[0].lower()
        what = self._text(meta).split(" to ", 1)[1]
        return Condition(kind="did-not", args=(who, "chose", what), text=self._text(meta))

    def cd_legal(self, meta, ch):
        return Condition(kind="legal", args=(self._text(meta).lower(),), text=self._text(meta))

    cd_legal_target = _cond("legal-target", lambda ch: (_word(ch[0]),))

    def cd_has_done_pastp(self, meta, ch):
        verb = _token(ch, "PASTP").lower()
        return _done(self, meta, [ch[0], ("verb", verb), *ch[1:]], "did")

    def cd_took(self, meta, ch):
        return _done(self, meta, [ch[0], ("verb", "took"), *ch[1:]], "did")

    def cd_wins(self, meta, ch):
        return Condition(kind="wins", args=(_word(ch[0]),), text=self._text(meta))

    def cd_if_legal(self, meta, ch):
        return _guarded(ch[0], Condition(kind="legal", args=("legal",), text="if legal"), self._text(meta))

    def cd_p_at_its_battlefield(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "at:its-battlefield")

    def cd_moved_period(self, meta, ch):
        return _done(self, meta, [ch[0], ("verb", "moved"), *ch[1:]], "did")

    def cd_won_period(self, meta, ch):
        return _done(self, meta, [ch[0], ("verb", "won"), *ch[1:]], "did")

    def cd_result(self, meta, ch):
        # the subject won / lost the duel or battle the ability is about (no object named)
        verb = _token(ch, "CD_BARE_RESULT").lower()
        return Condition(kind=f"{verb}-contest", args=(_word(ch[0]),), text=self._text(meta))

    def cd_in_province(self, meta, ch):
        whose = "yours" if " your " in f" {self._text(meta).lower()} " else "any"
        return Condition(kind="in-province", args=(_word(ch[0]), whose), text=self._text(meta))

    def cd_was_pastp(self, meta, ch):
        return Condition(kind="was", args=(_word(ch[0]), _token(ch, "PASTP").lower()), text=self._text(meta))

    def cd_was_not_pastp(self, meta, ch):
        return Condition(kind="was-not", args=(_word(ch[0]), _token(ch, "PASTP").lower()), text=self._text(meta))

    cd_creates_duel = _cond("creates-duel", lambda ch: (_word(ch[0]),))

    def cd_move_np_there(self, meta, ch):
        from .ability import Unparsed, it_target

        t = it_target(ch)
        # (a bare name keeps no post-modifier: "Rokku there" is the card itself)
        # ("there from home": the card is at home, and goes there)
        there = " there from home" if t is not None and t.text.endswith(" there from home") else " there"
        if t is None or not t.text.endswith(there) or ("at-battlefield" not in t.states and t.ref != "this"):
            return Unparsed(self._text(meta), "a move names no destination", self._span(meta))
        states = list(t.states)
        if "at-battlefield" in states:
            states.remove("at-battlefield")
        t = replace(t, states=tuple(states), text=t.text[: -len(there)] + there[len(" there"):])
        return self._eff(meta, "move-to-battle", target=t)

    def cd_p_in_your_home(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "at-home")

    def cd_is_imperial(self, meta, ch):
        return Condition(kind="is", args=(_word(ch[0]), "Imperial"), text=self._text(meta))

    def cd_would_be_there(self, meta, ch):
        return Condition(kind="would-be-there", args=(_word(ch[0]), str(ch[-1]).lower()), text=self._text(meta))

    def cd_none_was(self, meta, ch):
        verb = _token(ch, "PASTP").lower()
        period = next((c[1] for c in ch if isinstance(c, tuple) and c[0] == "period"), None)
        args = (_word(ch[0]), verb) + ((period,) if period else ())
        return Condition(kind="none-was", args=args, text=self._text(meta))

    def cd_cond_period(self, meta, ch):
        # the period joins the test's arguments; a joined test ("A or B this turn") takes it on
        # its last part, so the parts stay decodable
        return _with_period(self, meta, ch[0], ch[1][1], every=False)

    def cd_moved_this_period(self, meta, ch):
        return Condition(kind="moved", args=(_word(ch[0]), "this-" + str(ch[-1]).lower()), text=self._text(meta))

    def cd_not_assigned_this_period(self, meta, ch):
        # the battle topic's "not-assigned" (bt_c_not_assigned), with its period
        return Condition(kind="not-assigned", args=(_word(ch[0]), "to-attack", "this-" + str(ch[-1]).lower()),
                         text=self._text(meta))

    def cd_state_at_battlefield(self, meta, ch):
        # only states that put the card at a battlefield make "at a battlefield" redundant
        from .ability import Unparsed

        state = _token(ch, "STATE").lower()
        if state not in ("attacking", "defending", "opposed", "unopposed"):
            return Unparsed(self._text(meta), "a state not tied to a battlefield", self._span(meta))
        return Condition(kind="is", args=(_word(ch[0]), state), text=self._text(meta))

    def cd_not_yours(self, meta, ch):
        return Condition(kind="is-not-yours", args=(_word(ch[0]),), text=self._text(meta))

    def cd_in_their_hand(self, meta, ch):
        # the hand of the player the pronoun names (not the acting player's)
        return Condition(kind="in-hand-of", args=(_word(ch[0]), "his"), text=self._text(meta))

    def cd_this_attack_did(self, meta, ch):
        what = " ".join(self._text(meta).split()[:3])  # "this Melee Attack"
        verb = _token(ch, "PASTP").lower()
        return Condition(kind="did", args=(what, verb, _word(ch[-1])), text=self._text(meta))

    def cd_control_or_have(self, meta, ch):
        subs = [Condition(kind="you-control", args=(_word(ch[0]),)),
                Condition(kind="you-have", args=(_word(ch[-1]),))]
        return Condition(kind="any-of", args=encode(subs), text=self._text(meta))

    def cd_honorably_dead(self, meta, ch):
        # "honorably dead": died while honorable, a state of its own (not "dead")
        return Condition(kind="is", args=(_word(ch[0]), "honorably-dead"), text=self._text(meta))

    cd_hand_limit_ge = _cond("max-hand-size-at-least", lambda ch: (_word(ch[-1]),))

    def cd_np_current_enemy_army(self, meta, ch):
        return TargetSpec(ref="choice", owner="opponent", card_types=("army",), states=("current",),
                          text=self._text(meta))

    def cd_amt_any(self, meta, ch):
        return ("what", self._text(meta))

    cd_amt_at_least = cd_amt_any


add_rules(Rules, _R4, keep=lambda name: name.startswith("cd_"))


class _CountsAndComparisons:
    """Counts against another side, the game's player count, margins, parities, roles."""

    def _cd_count_cmp(self, meta, ch, op):
        # (who, what is counted, op, than): ``than`` names the other side ("this" when the text
        # names none: the card the ability is about)
        counted = next(c for c in ch if isinstance(c, tuple) and c[0] == "counted")[1]
        # (rel_than keeps only the other side's ref: its words are the text after "than")
        text = self._text(meta)
        than_text = text.rsplit(" than ", 1)[1].strip() if " than " in text else "this"
        return Condition(kind="count-compare", args=(_word(ch[0]), counted, op, than_text), text=self._text(meta))

    def cd_count_lt(self, meta, ch):
        return _CountsAndComparisons._cd_count_cmp(self, meta, ch, "<")

    def cd_count_gt(self, meta, ch):
        return _CountsAndComparisons._cd_count_cmp(self, meta, ch, ">")

    def cd_n_attachments(self, meta, ch):
        return ("counted", "attachments")

    def cd_n_units(self, meta, ch):
        return ("counted", "units")

    def cd_n_personalities(self, meta, ch):
        return ("counted", "personalities")

    def cd_n_followers(self, meta, ch):
        return ("counted", "followers")

    def cd_players_more_than(self, meta, ch):
        return Condition(kind="player-count", args=(">", _word(ch[-1])), text=self._text(meta))

    def cd_only_alignment(self, meta, ch):
        return Condition(kind="only-clan-alignment", args=(_token(ch, "CAPWORD"),), text=self._text(meta))

    def cd_not_legal_target(self, meta, ch):
        # (who[, for what]): no longer a legal target (of the action named)
        args = (_word(ch[0]),) + tuple(_word(c) for c in ch[1:] if isinstance(c, TargetSpec))
        return Condition(kind="not-legal-target", args=args, text=self._text(meta))

    def cd_for_what(self, meta, ch):
        return ch[-1]

    def cd_caused_honor_loss(self, meta, ch):
        # (whose action, to whom): the period, if any, is added by cd_cond_period
        return Condition(kind="caused-honor-loss", args=(_word(ch[0]), "you"), text=self._text(meta))

    def cd_not_focused_from_hand(self, meta, ch):
        # the base "did-not" (who, verb, what)
        return Condition(kind="did-not", args=(_word(ch[0]), "focused", "from hand"), text=self._text(meta))

    def cd_won_by(self, meta, ch):
        # (who, what, at least by how much)
        return Condition(kind="won-by", args=(_word(ch[0]), _word(ch[1]), _word(ch[-1])), text=self._text(meta))

    def cd_the_duel(self, meta, ch):
        return TargetSpec(ref="it", card_types=("duel",), text=self._text(meta))

    def cd_stat_odd(self, meta, ch):
        (whose, stat) = ch[0]
        return Condition(kind="stat-parity", args=(whose.text, stat, "odd"), text=self._text(meta))

    def cd_below_starting_honor(self, meta, ch):
        (whose, stat) = ch[0]
        return Condition(kind="below-starting-honor", args=(whose.text, stat), text=self._text(meta))

    def cd_searched_discard(self, meta, ch):
        # the base "did" (who, verb, what): what was searched, and for what
        return Condition(kind="did", args=("you", "searched", "your discard pile", "for:" + _word(ch[-1])),
                         text=self._text(meta))

    def cd_only_targeted(self, meta, ch):
        # (who, how many cards): "you only targeted one card"
        return Condition(kind="targeted-only", args=("you", _word(ch[0])), text=self._text(meta))

    def cd_paid_less(self, meta, ch):
        # (who, the stat he paid less than, for what)
        (whose, stat) = next(c for c in ch if isinstance(c, tuple))
        return Condition(kind="paid-less-than", args=(_word(ch[0]), f"{whose.text}.{stat}", _word(ch[-1])),
                         text=self._text(meta))

    def cd_province_strength(self, meta, ch):
        op, value = ch[-1]
        return Condition(kind="stat-value", args=(_word(ch[0]), "province-strength", op, str(value)),
                         text=self._text(meta))

    def cd_np_caster(self, meta, ch):
        return TargetSpec(ref="it", states=("caster",), text=self._text(meta))

    # verb phrases of "X is A and B"
    def cd_vp_did(self, meta, ch):
        verb = next(str(c).lower() for c in ch if hasattr(c, "type"))
        return [("did", verb, _word(ch[-1]))]

    def cd_vp_theirs(self, meta, ch):
        return [("is-another-players",)]

    def cd_vp_yours(self, meta, ch):
        return [("is-yours",)]

    def cd_vp_targeted_by(self, meta, ch):
        return [("was-targeted-by", _word(ch[-1]))]


add_rules(Rules, _CountsAndComparisons, keep=lambda name: name.startswith("cd_"))


def _if_then(method: str):
    """"If C, <clause>" for another topic's clause shape: that topic's method builds the clause
    (from the children after the test), the test guards it."""

    def f(self, meta, ch):
        return _guarded(getattr(self, method)(meta, ch[1:]), ch[0], self._text(meta))

    return f


class _IfThen:
    cd_if_subj_must = _if_then("rs_subj_must")
    cd_if_subj_must_pick = _if_then("rs_subj_must_pick")
    cd_if_then_refilling = _if_then("bt_then_refilling")
    cd_if_then_discarding = _if_then("bt_then_discarding")
    cd_if_with_rider = _if_then("bt_with_rider")
    cd_if_optional_performer = _if_then("rs_optional_performer")

    def cd_if_both_optional_pick(self, meta, ch):
        # both tests on the clause, as "If A and B, <X>" (the base guarded_pre_and)
        first, second = [c for c in ch if isinstance(c, Condition)]
        text = self._text(meta)
        return _guarded(_guarded(self.optional_pick(meta, ch[-1:]), second, text), first, text)

    def cd_if_both_optional(self, meta, ch):
        from .ability import _Optional

        first, second = [c for c in ch if isinstance(c, Condition)]
        text = self._text(meta)
        return _guarded(_guarded(_Optional(ch[-1]), second, text), first, text)

    def cd_performed(self, meta, ch):
        # the base "did" (who, verb, what)
        return Condition(kind="did", args=(_word(ch[0]), "performed", _word(ch[-1])), text=self._text(meta))

    def cd_gained_honor(self, meta, ch):
        # the base "did" (who, verb, what): what is the Honor and where it came from, as written
        what = self._text(meta).split(None, 1)[1].split(" gained ", 1)[-1]
        return Condition(kind="did", args=(_word(ch[0]), "gained", what), text=self._text(meta))

    def cd_you_dont_have(self, meta, ch):
        # the base "has-no" (who, what), as "this Personality does not have a Madness token"
        return Condition(kind="has-no", args=("you", _word(ch[-1])), text=self._text(meta))


add_rules(Rules, _IfThen, keep=lambda name: name.startswith("cd_"))


def _province_count(self, meta, who, n, op) -> Condition:
    return Condition(kind="province-count", args=(who, op, n), text=self._text(meta))


class _AfterTheTest:
    """The clauses that follow a leading test ("If C, <clause>") in the conditions' lines."""

    # ----- riders of the Fear the ability (or the interrupted action) makes: the battle topic's
    # kinds ("fear-destroys", "attack-may-target", a strength change with no target)
    def cd_fear_destroys_after(self, meta, ch):
        from .ability import Unparsed
        from .ability_battle import _kind_of

        verbs = [str(c).lower() for c in ch if getattr(c, "type", "") in ("EVERB", "VERB")]
        if verbs[0] not in ("destroys", "destroy") or verbs[1:] not in ([], ["bows"], ["bow"]):
            return Unparsed(self._text(meta), "a Fear rider the grammar does not know", self._span(meta))
        return self._eff(meta, "fear-destroys", target=_kind_of(next(c for c in ch if isinstance(c, TargetSpec))))

    def cd_fear_may_target(self, meta, ch):
        return self.bt_may_target(meta, [c for c in ch if isinstance(c, TargetSpec)])

    def cd_fear_may_target_destroys(self, meta, ch):
        # what it may target, then what it destroys after bowing it ("destroy" is in the token)
        may, destroys = [c for c in ch if isinstance(c, TargetSpec)]
        from .ability_battle import _kind_of

        return [self.bt_may_target(meta, [may]), self._eff(meta, "fear-destroys", target=_kind_of(destroys))]

    def cd_fear_strength(self, meta, ch):
        signed = next(c for c in ch if getattr(c, "type", "") == "SIGNED")
        return self._bt_strength(meta, [signed])

    def cd_fear_strength_may_target(self, meta, ch):
        return [Rules.cd_fear_strength(self, meta, ch), self.cd_fear_may_target(meta, ch)]

    def cd_total_force_mod(self, meta, ch):
        # the base stat_mods' (stat, value) pairs
        return [("force", int(str(ch[0])))]

    def cd_alt_signed(self, meta, ch):
        from .ability import _AltAmount

        return _AltAmount(int(str(ch[0])))

    def cd_moved_to_role(self, meta, ch):
        # the base "did" (who, verb, what): where it moved is the army it joined
        return Condition(kind="did", args=(_word(ch[0]), "moved", "to " + self._text(meta).split()[-1].lower()), text=self._text(meta))

    def cd_obj_into_hand(self, meta, ch):
        # what was put, and where (kept as the words: the "did" test's object)
        return TargetSpec(ref="each", card_types=("card",), zone="hand", text=self._text(meta))

    def cd_r_put_into_hand(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "did:" + " ".join(self._text(meta).lower().split()))

    def cd_at_another_battlefield(self, meta, ch):
        return Condition(kind="at-another-battlefield", args=(_word(ch[0]),), text=self._text(meta))

    def cd_you_provinces_at_most(self, meta, ch):
        return _province_count(self, meta, "you", _word(ch[0]), "<=")

    def cd_you_provinces_at_least(self, meta, ch):
        return _province_count(self, meta, "you", _word(ch[0]), ">=")

    def cd_dl_after_enters_play(self, meta, ch):
        # the base delay ("after", "card-<verb>") with the base event "card-enters-play"
        return ("after", "card-enters-play", self._text(meta))

    def cd_r_in_play_last_turn(self, meta, ch):
        # a typed state: in play, during your last turn
        from .ability import _Mod

        return _Mod("post-state", "was-in-play:your-last-turn")

    def cd_dl_after_attaches(self, meta, ch):
        # the events topic's core "<subject>-attaches"
        return ("after", "card-attaches", self._text(meta))

    def cd_paying_to_recruit(self, meta, ch):
        from .ability import Unparsed

        if next(str(c).lower() for c in ch if getattr(c, "type", "") == "PASTP") != "bowed":
            return Unparsed(self._text(meta), "a Gold payment the grammar does not know", self._span(meta))
        # the base "paying-for" (what): here the Recruiting of that card
        return Condition(kind="paying-for", args=("recruiting " + _word(ch[-1]),), text=self._text(meta))

    def cd_if_triggered_before_if(self, meta, ch):
        # the leading test on the whole, the second on the effect when the trigger fires
        first, event, second, effect = ch
        text = self._text(meta)
        if event == "card-ends" and first.kind in ("your-turn", "not-your-turn"):
            event = "turn-ends"  # "If it is not your turn, before it ends": "it" is the turn
        return _guarded(self.triggered_before(meta, [event, _guarded(effect, second, text)]), first, text)

    def cd_if_triggered_after_if(self, meta, ch):
        first, event, second, effect = ch
        text = self._text(meta)
        return _guarded(self.triggered_after(meta, [event, _guarded(effect, second, text)]), first, text)

    def cd_ev_passive_here(self, meta, ch):
        # the events topic's name scheme: at=this-card (this card's battlefield)
        from .ability_events import _name, _subject

        verb = next(str(c).lower() for c in ch if getattr(c, "type", "") == "PASTP")
        return _name(f"{_subject(ch[0])}-{verb}", at="this-card")

    def cd_fewest_or_exactly(self, meta, ch):
        # the base "fewest-provinces", or "has-exactly" (who, number, what)
        subs = [Condition(kind="fewest-provinces"), Condition(kind="has-exactly", args=("you", _word(ch[-1]), "Province"))]
        return Condition(kind="any-of", args=encode(subs), text=self._text(meta))

    def cd_if_both_clauses(self, meta, ch):
        # the test guards both clauses
        effects = []
        for c in ch[1:]:
            effects.extend(c if isinstance(c, list) else [c])
        return _guarded(effects, ch[0], self._text(meta))

    def cd_not_from(self, meta, ch):
        # "was not from X": the base "action-from" test, negated ("none-of", as "unless")
        plain = Condition(kind="action-from", args=(_word(ch[0]), _word(ch[-1])))
        return Condition(kind="none-of", args=encode([plain]), text=self._text(meta))

    def cd_vp_more_stat(self, meta, ch):
        # "has more Force" (no "than"): the base stat-compare against this card
        return [("stat-compare", _word(ch[-1]), ">", "this")]

    def cd_obj_honor_action(self, meta, ch):
        # an action of the Honor kind, as "a Political action" reads (kept as its words)
        return TargetSpec(ref="choice", card_types=("action",), keywords=("Honor",), text=self._text(meta))

    def cd_p_in_personality_unit(self, meta, ch):
        # the unit of a Personality the line named before ("the"/"that" Personality), not the
        # unit of the ability's card (the base "in-unit"): a state of its own, which the
        # resolver does not read
        from .ability import _Mod

        return _Mod("post-state", "in-unit-of:" + " ".join(self._text(meta).split()[1:3]).lower().removesuffix("'s"))

    def cd_if_refuse_paying(self, meta, ch):
        # "his controller may dishonor him and move him home to refuse the duel": what he does,
        # then the refusal, all his one choice (as the base's subj_may_refuse)
        from .ability import _Optional

        cond, who = ch[0], ch[1]
        steps = []
        for c in ch[2:]:
            steps.extend(c if isinstance(c, list) else [c])
        refuse = self._eff(meta, "refuse-duel", target=who)
        return _guarded(_Optional([*steps, refuse], chooser=who), cond, self._text(meta))


add_rules(Rules, _AfterTheTest, keep=lambda name: name.startswith("cd_"))


class _MoreTests:
    """More subjects and verb phrases of the tests (see the grammar file's last section)."""

    def cd_stat_le_n(self, meta, ch):
        # "it has 2 or lower Force": the base "stat-at-most" (who, number, stat)
        return Condition(kind="stat-at-most", args=(_word(ch[0]), str(ch[1]), _word(ch[-1])), text=self._text(meta))

    def cd_you_did_not_verb(self, meta, ch):
        return Rules.cd_does_not_verb(self, meta, [TargetSpec(ref="you", text="you"), *ch])

    def cd_entered_play(self, meta, ch):
        # the base past event "did" (who, verb, what[, period]); what is "play"
        return _done(self, meta, [ch[0], ("verb", "entered"), ("what", "play"), *ch[1:]], "did")

    def cd_was_against(self, meta, ch):
        # "the duel was against The Dark Naga": the contest's other side
        return Condition(kind="contest-against", args=("the duel", _word(ch[-1])), text=self._text(meta))

    def cd_your_stat_highest(self, meta, ch):
        # "your Family Honor is higher than any other player's" = you have the highest
        whose, stat = ch[0]
        who = "you" if whose.text.lower() == "your" else whose.text
        return Condition(kind="stat-rank", args=(who, stat, "highest"), text=self._text(meta))

    def cd_you_moved_to(self, meta, ch):
        # "you have moved X to Y this turn": the base "did" (who, "moved", what, to:where[, period])
        period = [c for c in ch if isinstance(c, tuple)]
        args = ("you", "moved", _word(ch[0]), "to:" + _word(ch[1]) + "'s battlefield") + tuple(p[1] for p in period)
        return Condition(kind="did", args=args, text=self._text(meta))

    def cd_np_her_army(self, meta, ch):
        from .ability import _Mod

        return self.np_desc(meta, [_Mod("his"), self.h_army(meta, [])])

    def cd_vp_has(self, meta, ch):
        # "has a Spear": the base "has" (who, what)
        return [("has", self._text(meta).split(None, 1)[1])]

    def cd_vp_opposes(self, meta, ch):
        # the battle topic's "opposing" (who, what)
        return [("opposing", _word(ch[-1]))]

    def cd_stat_ge_num(self, meta, ch):
        # "has 3 or more (printed) Personal Honor": the base "stat-at-least" (who, number, stat)
        stat = _word(ch[-1])
        if "printed" in self._text(meta).lower().split():
            stat = "printed-" + stat
        elif "base" in self._text(meta).lower().split():
            stat = "base-" + stat
        return Condition(kind="stat-at-least", args=(_word(ch[0]), str(ch[1]), stat), text=self._text(meta))

    def cd_tokens_vs_stat(self, meta, ch):
        # "he has more Obsession tokens than printed Chi" (who, token keyword, ">", stat)
        words = self._text(meta).lower().split()
        stat = _word(ch[-1])
        if "printed" in words[words.index("than"):]:
            stat = "printed-" + stat
        return Condition(kind="tokens-vs-stat", args=(_word(ch[0]), _token(ch, "CAPWORD"), ">", stat),
                         text=self._text(meta))

    def cd_player_controls_none(self, meta, ch):
        # "they control no units ...": not (they control a unit ...), the "player-controls" test negated
        plain = Condition(kind="player-controls", args=(_word(ch[0]), _word(ch[-1])))
        return Condition(kind="none-of", args=encode([plain]), text=self._text(meta))

    def cd_p_you_chose(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "chosen-by:you")

    def cd_in_the_duel(self, meta, ch):
        return ("period", "in-the-duel")


    def cd_np_last(self, meta, ch):
        # "the last <kind> <who> <took/played/focused> [period]": the most recent card or action
        # of that kind <who> used; the kind is the base noun phrase's, the rest typed states
        from .ability import _Mod

        rest = list(ch)
        period = next((c[1] for c in rest if isinstance(c, tuple) and c[0] == "period"), None)
        by = next(c for c in rest if getattr(c, "type", "") == "CD_LAST_BY")
        who, verb = " ".join(str(by).lower().split()[:-1]), str(by).lower().split()[-1]
        mods = [c for c in rest if not isinstance(c, tuple) and getattr(c, "type", "") != "CD_LAST_BY"]
        kind = self.np_desc(meta, mods)
        states = (*kind.states, f"last-{verb}-by:{who}", *((f"during:{period}",) if period else ()))
        return replace(kind, ref="last", states=states, text=self._text(meta))


add_rules(Rules, _MoreTests, keep=lambda name: name.startswith("cd_"))


class _TriggeredTests:
    """A test after the effect of a second trigger, shared keywords, and a few more tests."""

    def cd_subj_may_if(self, meta, ch):
        return _guarded(self.pl_subj_may(meta, ch[:-1]), ch[-1], self._text(meta))

    def cd_kw_element(self, meta, ch):
        return "element"

    def cd_kw_element_or(self, meta, ch):
        return "element|" + _token(ch, "CAPWORD")

    def cd_shares_keyword(self, meta, ch):
        # "he shares an element keyword with X" (who, which keywords, with what)
        who, kw, other = ch[0], next(c for c in ch if isinstance(c, str)), ch[-1]
        return Condition(kind="shares-keyword", args=(_word(who), kw, _word(other)), text=self._text(meta))

    def cd_share_keyword(self, meta, ch):
        # "he and the Spell share an element or Thunder keyword"
        who = self._text(meta).split()[0].lower()
        other = next(c for c in ch if isinstance(c, TargetSpec))
        kw = next(c for c in ch if isinstance(c, str))
        return Condition(kind="shares-keyword", args=(who, kw, _word(other)), text=self._text(meta))

    def cd_bringing_into_play(self, meta, ch):
        # while you pay for a card you bring into play (the base "paying-for", another wording)
        return Condition(kind="bringing-into-play", args=(_word(ch[0]),), text=self._text(meta))

    def cd_not_from_card_effect(self, meta, ch):
        plain = Condition(kind="action-from", args=(_word(ch[0]), "another player's card effect"))
        return Condition(kind="none-of", args=encode([plain]), text=self._text(meta))

    def cd_rings_at_most(self, meta, ch):
        # "you have two or fewer Rings in play": the Rings you control (the base "control-at-most")
        return Condition(kind="control-at-most", args=(_word(ch[0]), "Rings"), text=self._text(meta))


add_rules(Rules, _TriggeredTests, keep=lambda name: name.startswith("cd_"))


class _MoreShapes:
    def cd_vp_stat_ge_num(self, meta, ch):
        stat = _word(ch[-1])
        words = self._text(meta).lower().split()
        if "printed" in words or "base" in words:
            stat = ("printed-" if "printed" in words else "base-") + stat
        return [("stat-at-least", str(ch[0]), stat)]

    def cd_delayed_after_you_recruit(self, meta, ch):
        # the base suffix delay ("after", event) with the base event of "after you Recruit X"
        effect, card = ch[0], ch[-1]
        text = self._text(meta)
        return self.delayed_post(meta, [effect, ("after", self.ev_recruit(meta, [card]), text[text.lower().rfind("after"):])])


add_rules(Rules, _MoreShapes, keep=lambda name: name.startswith("cd_"))


class _AltTarget:
    def cd_alt_target(self, meta, ch):
        # the clause's own effect on other cards: a copy of it with the new noun phrase (a target
        # declaration keeps its "target" reference)
        from .ability import Unparsed, _Alt

        first, spec, cond = ch[0], ch[-2], ch[-1]
        text = self._text(meta)
        if not isinstance(first, Effect) or first.target is None or not isinstance(spec, TargetSpec):
            return Unparsed(text, "an alternative the grammar cannot pair with its clause", self._span(meta))
        if first.target.ref == "target":
            spec = replace(spec, ref="target")
        if first.kind in ("target", "choose"):
            # a second declaration in place of the first: which targets the player names then
            # depends on the test, which the resolver's target checks do not read (a typed state
            # of the declaration, so that the line is not claimed executable)
            spec = replace(spec, states=(*spec.states, "declared-instead-if-test"))
        cut = text.lower().rfind(" or ") + 1
        branch = replace(first, target=spec, text=text[cut:])
        return [first, _Alt(branch, cond, text[cut:], self._span(meta))]


add_rules(Rules, _AltTarget, keep=lambda name: name.startswith("cd_"))


class _JoinedClauses:
    def cd_triggered_give_alt(self, meta, ch):
        return self.triggered_after(meta, [ch[0], self.give_alt(meta, ch[1:])])

    def cd_fewest_cards_or_provinces(self, meta, ch):
        subs = [Condition(kind="fewest-cards-in-hand"), Condition(kind="fewest-provinces")]
        return Condition(kind="any-of", args=encode(subs), text=self._text(meta))

    def cd_only_targets(self, meta, ch):
        # (who, how many cards): the base "targeted-only"
        return Condition(kind="targeted-only", args=(_word(ch[0]), _word(ch[1])), text=self._text(meta))

    def cd_now_opposes(self, meta, ch):
        # the battle topic's "opposing" (who, what)
        return Condition(kind="opposing", args=(_word(ch[0]), _word(ch[-1])), text=self._text(meta))


add_rules(Rules, _JoinedClauses, keep=lambda name: name.startswith("cd_"))


class _PastVerbPhrases:
    """Past events as verb phrases of one subject ("if it was Fire and bowed or destroyed any
    enemy cards"): each is the base ``did`` (who, verb, what[, period]); "bowed or destroyed X"
    is an ``any-of`` of the two."""

    @staticmethod
    def _did_parts(ch):
        verbs = [str(c).lower() for c in ch if getattr(c, "type", None) == "PASTP"]
        obj = next((c for c in ch if isinstance(c, TargetSpec)), None)
        period = next((c[1] for c in ch if isinstance(c, tuple) and c[0] == "period"), None)
        return verbs, "" if obj is None else obj.text, period

    def cd_vp_did_past(self, meta, ch):
        verbs, what, period = _PastVerbPhrases._did_parts(ch)
        return [("did", verbs[0], what, *((period,) if period else ()))]

    def cd_vp_did_either(self, meta, ch):
        verbs, what, period = _PastVerbPhrases._did_parts(ch)
        tail = (period,) if period else ()
        return [("any-of", [("did", v, what, *tail) for v in verbs])]

    def cd_vp_won(self, meta, ch):
        # the base "won" (who, what)
        return [("won", _word(ch[-1]))]

    def cd_vp_has_done(self, meta, ch):
        c = _done(self, meta, ["", *ch], "did")
        return [("did", *c.args[1:])]

    def cd_controls(self, meta, ch):
        # the base "controls" (who, what), as "the active player controls X"
        return Condition(kind="controls", args=(_word(ch[0]), _word(ch[-1])), text=self._text(meta))


add_rules(Rules, _PastVerbPhrases, keep=lambda name: name.startswith("cd_") or name == "_did_parts")


def _cd_p_in_target_unit(self, meta, ch):
    # as cd_p_in_personality_unit: "in-unit-of:<the target>" (a state the resolver does not read)
    from .ability import _Mod

    words = self._text(meta).split()[1:-1]
    return _Mod("post-state", "in-unit-of:" + " ".join(words).lower().removesuffix("'s"))


Rules.cd_p_in_target_unit = _cd_p_in_target_unit


def _cd_assigned_none(self, meta, ch):
    # "he assigned none of them to an attacking army this turn" (the cards the line named): the
    # battle topic's "not-assigned" (who, role, period); only an attacking army is that role
    from .ability import Unparsed

    if _token(ch, "STATE", lower=True) != "attacking":
        return Unparsed(self._text(meta), "not an attacking army", self._span(meta))
    period = next(c[1] for c in ch if isinstance(c, tuple) and c[0] == "period")
    return Condition(kind="not-assigned", args=(_word(ch[0]) + "'s cards", "to-attack", period), text=self._text(meta))


Rules.cd_assigned_none = _cd_assigned_none


def _cd_n_provinces(self, meta, ch):
    return ("counted", "provinces")


def _cd_vp_count_gt(self, meta, ch):
    # "more provinces than you" (the verb of the verb phrase before it): the count-compare test
    counted = next(c for c in ch if isinstance(c, tuple) and c[0] == "counted")[1]
    return [("count-compare", counted, ">", self._text(meta).rsplit(" than ", 1)[1].strip())]


Rules.cd_n_provinces = _cd_n_provinces
Rules.cd_vp_count_gt = _cd_vp_count_gt


def _cd_did_it_or_host(self, meta, ch):
    return Condition(kind="did", args=(_word(ch[0]), _token(ch, "PASTP", lower=True), "it or its Personality"),
                     text=self._text(meta))


Rules.cd_did_it_or_host = _cd_did_it_or_host


def _cd_obj_into_play(self, meta, ch):
    # what was put into play (kept as the words, with the zone: the "did" test's object)
    return TargetSpec(ref="each", card_types=("card",), zone="play", text=self._text(meta))


Rules.cd_obj_into_play = _cd_obj_into_play


def _cd_p_attaching_to(self, meta, ch):
    # the card an attachment is being attached to (the base "attached-to" state, while it attaches)
    from .ability import _Mod

    return _Mod("post-state", "attaching-to:" + self._text(meta).split(None, 2)[2])


def _cd_not_in_play_since(self, meta, ch):
    # (who, since when): the card was not in play at that moment
    return Condition(kind="not-in-play-since", args=(_word(ch[0]), "combat-segment-began"), text=self._text(meta))


def _cd_produces_gold_for(self, meta, ch):
    # (which card produces the Gold, what it pays for): a kind of its own, not the base
    # "paying-for" (whose readers take any Gold paid for the card)
    return Condition(kind="produces-gold-for", args=(_word(ch[0]), _word(ch[-1])), text=self._text(meta))


Rules.cd_p_attaching_to = _cd_p_attaching_to
Rules.cd_not_in_play_since = _cd_not_in_play_since
Rules.cd_produces_gold_for = _cd_produces_gold_for


def _cd_vp_printed_action(self, meta, ch):
    # ("is-printed-action", whose, kind or ""): the action is the printed action of the card named
    words = self._text(meta).split()
    kind = words[-2] if words[-2].lower() != "printed" else ""
    return [("is-printed-action", words[1].lower(), kind.capitalize() if kind.lower() == "battle" else kind)]


def _cd_obj_words(self, meta, ch):
    return ("what", self._text(meta))


def _cd_stat_changed(self, meta, ch):
    how = next(c[1] for c in ch if isinstance(c, tuple) and c[0] == "changed")
    period = next((c[1] for c in ch if isinstance(c, tuple) and c[0] == "period"), None)
    whose, stat = [c for c in ch if not hasattr(c, "type") and not isinstance(c, tuple)][:2]
    return Condition(kind="stat-changed", args=(_word(whose), _word(stat), how, *((period,) if period else ())),
                     text=self._text(meta))


Rules.cd_vp_printed_action = _cd_vp_printed_action
Rules.cd_obj_words = _cd_obj_words
Rules.cd_stat_changed = _cd_stat_changed
Rules.cd_ch_up = lambda self, meta, ch: ("changed", "increased")
Rules.cd_ch_down = lambda self, meta, ch: ("changed", "reduced")
Rules.cd_ch_any = lambda self, meta, ch: ("changed", "changed")


def _cd_if_then_after_event(self, meta, ch):
    # the requirement, then the trigger as the limits item "after" event reads it
    cond, event = ch[0], ch[-1]
    text = self._text(meta)
    after = Rules.cd_after_event(self, meta, [event])
    return [cond, replace(after, text=text[text.lower().rfind("after"):])]


Rules.cd_if_then_after_event = _cd_if_then_after_event


def _cd_duel_stat_cmp(op):
    def f(self, meta, ch):
        # the base "stat-compare" (who, stat, op, than): the other side of the duel
        return Condition(kind="stat-compare", args=(_word(ch[0]), "duel-stat", op, "duel-opponent"),
                         text=self._text(meta))

    return f


def _cd_self_at_location_of(self, meta, ch):
    # (whose location): the card the ability is about is at that card's location
    return Condition(kind="at-location-of", args=(_word(ch[0]),), text=self._text(meta))


Rules.cd_duel_stat_lt = _cd_duel_stat_cmp("<")
Rules.cd_duel_stat_gt = _cd_duel_stat_cmp(">")
Rules.cd_self_at_location_of = _cd_self_at_location_of


def _with_period(rules, meta, cond, period: str, every: bool):
    """A period joined to a test's arguments. Of joined tests, the last part takes it ("A or B this
    turn": the parts stay decodable) or, when ``every``, each part (", this turn" after them all)."""
    from .ability import Unparsed

    if not isinstance(cond, Condition):
        return Unparsed(rules._text(meta), "a period after no test", rules._span(meta))
    if cond.kind in ("any-of", "all-of", "none-of"):
        subs = decode(cond.args)
        if not subs:
            return Unparsed(rules._text(meta), "a period after no test", rules._span(meta))
        subs = [Condition(kind=c.kind, args=(*c.args, period), text=c.text) if every or i == len(subs) - 1 else c
                for i, c in enumerate(subs)]
        return Condition(kind=cond.kind, args=encode(subs), text=rules._text(meta))
    return Condition(kind=cond.kind, args=(*cond.args, period), text=rules._text(meta))


class _SharedPeriod:
    """A period set off by a comma after joined tests: it holds for each of them."""

    def cd_if_cond_comma_period(self, meta, ch):
        return _with_period(self, meta, ch[0], ch[-1][1], every=True)


add_rules(Rules, _SharedPeriod, keep=lambda name: name.startswith("cd_"))


class _TriggerInLimits:
    """The line's trigger named inside its limits block after a limit ("Once per phase, before
    you lose exactly 1 Honor", "If this card is in play, when another player's action would
    target ..."): conditions ``before-event`` / ``when-event`` (event), as ``after-event``."""

    def cd_before_event(self, meta, ch):
        event = ch[0] if isinstance(ch[0], str) else _word(ch[0])
        return Condition(kind="before-event", args=(event,), text=self._text(meta))

    def cd_when_event(self, meta, ch):
        event = ch[0] if isinstance(ch[0], str) else _word(ch[0])
        return Condition(kind="when-event", args=(event,), text=self._text(meta))

    def cd_cost_then_cost_if(self, meta, ch):
        # the second cost is scoped to the test ("cost-if:<kind>", as "cost-unless:<kind>" for
        # "Bow this Shugenja unless he is Fire"): it is paid only if the test holds, never a
        # requirement of the whole action
        from .ability import _Scoped

        first, cond, cost = ch[0], ch[1], ch[-1]
        if not isinstance(cond, Condition):
            from .ability import Unparsed

            return Unparsed(self._text(meta), "a cost under no test", self._span(meta))
        return [first, _Scoped(cost, "cost-if:" + cond.kind, cond.args, cond.text)]

    def cd_if_then_when_event(self, meta, ch):
        cond, event = ch[0], ch[-1]
        text = self._text(meta)
        when = Rules.cd_when_event(self, meta, [event])
        return [cond, replace(when, text=text[text.lower().rfind("when"):])]


add_rules(Rules, _TriggerInLimits, keep=lambda name: name.startswith("cd_"))


def _cd_p_subj_performs(self, meta, ch):
    # the restrictions topic's rs_p_performed_by: who performs them
    from .ability import _Mod

    who = " ".join(self._text(meta).split()[:-1])
    return _Mod("post-state", f"performed-by:{who}")


Rules.cd_p_subj_performs = _cd_p_subj_performs


def _cd_negate_next_action_performs(self, meta, ch):
    # the player topic's pl_negate_next_action: the next action that performer takes
    who = " ".join(_token(ch, "CD_SUBJ_PERFORMS").split()[:-1])
    return self._eff(meta, "negate", target=TargetSpec(
        ref="it", card_types=("effect",), states=("next-action", f"performed-by:{who}"),
        text=self._text(meta)[7:]))


Rules.cd_negate_next_action_performs = _cd_negate_next_action_performs


def _cd_p_state_in_your_province(self, meta, ch):
    # the state, then the battle topic's bt_p_in_your_province (zone and owner)
    from .ability import _Mod

    return [_Mod("post-state", _token(ch, "CD_FACE_IN", lower=True)), *self.bt_p_in_your_province(meta, ch)]


Rules.cd_p_state_in_your_province = _cd_p_state_in_your_province


class _MoreRelatives:
    """Relative clauses: "who has had a province destroyed this game" (a post-state of the noun
    phrase)."""

    def cd_r_had_province_pastp(self, meta, ch):
        from .ability import _Mod

        verb = _token(ch, "PASTP", lower=True)
        period = next((c[1] for c in ch if isinstance(c, tuple) and c[0] == "period"), None)
        return _Mod("post-state", f"had-province-{verb}" + (f";during:{period}" if period else ""))


add_rules(Rules, _MoreRelatives, keep=lambda name: name.startswith("cd_"))


def _cd_perform_even_if_home(self, meta, ch):
    # the cards topic's use-ability (this card's action, a possessed target), performed even
    # from your home (the location requirement it may ignore)
    text = self._text(meta)
    kind = text.split("'s ", 1)[1].split(" action", 1)[0].strip().lower()
    return self._eff(meta, "use-ability",
                     target=TargetSpec(ref="possessed", card_types=(f"{kind}-action",), states=("of-this",),
                                       text=text[len("perform "):text.lower().index(" even if")]),
                     keyword="even-if-in-your-home")


Rules.cd_perform_even_if_home = _cd_perform_even_if_home


def _cd_verbs_and_this_card(self, meta, ch):
    # the same verb on the card named and on this card (the base "this card": ref "this", no
    # type); the first effect's text stops before "and" so that a test on the sentence is
    # matched to each effect apart (ability._settle finds an effect by its text)
    kinds, first = ch[0], ch[1]
    text = self._text(meta)
    out = []
    for t, own in ((first, text[: text.lower().rfind(" and this")]), (TargetSpec(ref="this", text="this card"), text)):
        e = self.simple(meta, [kinds, t])
        out.extend(replace(x, text=own) if isinstance(x, Effect) else x for x in (e if isinstance(e, list) else [e]))
    return out


Rules.cd_verbs_and_this_card = _cd_verbs_and_this_card


def _cd_remove_both(self, meta, ch):
    # one remove-from-game for each card; each effect has its own text so that a test on the
    # sentence is matched to each apart (ability._settle finds an effect by its text)
    # A pronoun here names the card the sentence's test named ("If you control a Ring, ... both it
    # and the target"), not the line's target: the state says so (the engine reads no such state,
    # so it never resolves "it" as the target)
    text = self._text(meta)
    specs = [c for c in ch if isinstance(c, TargetSpec)]
    specs = [replace(t, states=(*t.states, "named-by-test")) if t.ref == "it" else t for t in specs]
    return [replace(self._eff(meta, "remove-from-game", target=specs[0]), text=text[: text.lower().rfind(" and ")]),
            self._eff(meta, "remove-from-game", target=specs[1])]


Rules.cd_remove_both = _cd_remove_both


def _cd_or_if_scoped(self, meta, ch):
    # cd_or_if in the limits block ("..., or, if C, you may target ..."): the test is scoped to
    # the second option ("cost-if:<kind>", as cd_cost_then_cost_if), never a requirement of the
    # whole action (the engine's effect guards read "effect N" only, so "effect-if:" on a cost
    # would be ignored)
    from .ability import _Scoped

    first, cond, second = [c for c in ch if getattr(c, "type", "") != "CD_COMMA_OR_IF"]
    options = self.choice_of(meta, [first, second])
    options[1] = _Scoped(options[1], "cost-if:" + cond.kind, cond.args, cond.text)
    return options


Rules.cd_or_if_scoped = _cd_or_if_scoped


def _cd_has_alt_while(self, meta, ch):
    # the player topic's pl_has_alt ("X has +1F, or +2F if C") under a trailing "while" test
    cond = ch[-1]
    return _guarded(self.pl_has_alt(meta, ch[:-1]), cond, "while " + cond.text)


Rules.cd_has_alt_while = _cd_has_alt_while


def _cd_in_army_that_won(self, meta, ch):
    # (who, "won-battle-in", "<state> army"[, period]): he was in such an army as it won a battle
    state = _token(ch, "STATE", lower=True)
    period = next((c[1] for c in ch if isinstance(c, tuple) and c[0] == "period"), None)
    return Condition(kind="did", args=(_word(ch[0]), "won-battle-in", f"{state} army") + ((period,) if period else ()),
                     text=self._text(meta))


Rules.cd_in_army_that_won = _cd_in_army_that_won
