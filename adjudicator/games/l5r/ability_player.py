"""Transformer methods for ``grammar/l5r_ability_player.lark``: players: Honor, Gold, costs, actions taken, the Imperial Favor, worked-out amounts.

Each method is named after an alias (``-> name``) of that grammar file and has the base
transformer's signature ``(self, meta, ch)``; see :func:`adjudicator.games.l5r.ability._build_transformer_class`.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.ability import TargetSpec

#: Effect kinds this topic emits (added to ``ability.EFFECT_KINDS``)
KINDS: frozenset[str] = frozenset()


def _A():
    from . import ability

    return ability


class Rules:
    # ----- players as noun phrases
    def pl_another_player(self, meta, ch):
        # "another player" (in a two-player game, the opponent); post-modifiers restrict him
        spec = self.np_desc(meta, [self._pl_mod("q", ("one", 1)), self._pl_mod("head", "player"), *ch])
        return replace(spec, ref="opponent", owner="opponent")

    def pl_each_player_with(self, meta, ch):
        return self.np_desc(meta, [self._pl_mod("q", ("each", 1)), self._pl_mod("head", "player"), *ch])

    def _pl_mod(self, kind, value=None):
        return _A()._Mod(kind, value)

    def pl_poss_desc(self, meta, ch):
        # "Zansho's target unbowed Follower": a card of another card's, described
        owner, rest = ch[0], [c for c in ch[1:] if getattr(c, "type", "") != "POSS"]
        spec = self.np_desc(meta, rest)
        # (a "target" among the modifiers stays a state: ref "possessed" says whose card it is)
        marks = ("target",) if spec.ref == "target" else ()
        states = (f"of-{owner.ref}", *owner.states, *marks, *spec.states)
        return replace(spec, ref="possessed", states=states)

    def pl_poss_keyword(self, meta, ch):
        # "Sora's Weapon": the keyword names the possessed card
        owner = ch[0]
        word = next(str(c) for c in ch[1:] if getattr(c, "type", "") == "CAPWORD")
        mods = [c for c in ch[1:] if isinstance(c, _A()._Mod)]
        spec = self.np_desc(meta, [self._pl_mod("q", ("the", 1)), self._pl_mod("head", "card"), *mods])
        return replace(spec, ref="possessed", keywords=(word,),
                       states=(f"of-{owner.ref}", *owner.states, *spec.states))

    def pl_pn_controller(self, meta, ch):
        return "controller"

    def pl_pn_spell(self, meta, ch):
        return "spell"

    def pl_pn_ring(self, meta, ch):
        return "ring"

    # ----- limits
    def pl_times_per(self, meta, ch):
        words = self._text(meta).lower().split()
        n = "twice" if words[0] == "twice" else f"{words[0]} times"
        return _A()._Limit(f"{n} per {str(ch[-1]).lower()}")

    def pl_any_times_per(self, meta, ch):
        return _A()._Limit(f"any number of times per {str(ch[-1]).lower()}")

    def pl_subj_may(self, meta, ch):
        return self.subj_optional(meta, ch)
