"""Transformer methods for ``grammar/l5r_ability_battle.lark``: battles, duels, attacks, Fear, armies, battlefields, assignment and movement.

Each method is named after an alias (``-> name``) of that grammar file and has the base
transformer's signature ``(self, meta, ch)``; see :func:`adjudicator.games.l5r.ability._build_transformer_class`.

Typed target parts this topic adds (``TargetSpec.zone`` / ``states``):

* ``zone="province"``: a card in a province ("a face-up card in a Province"); with
  ``owner="you"`` for "in your Provinces" / "one of your Provinces", state ``in-province-of:<whose>``
  for "in another player's Province", "in the current battlefield's province";
* ``in-army`` ("in this army"), ``in-army:<side>`` (``enemy``, ``attacking``, ``defending``),
  ``in-army-of:<whose>``, ``in-unit-of:<whose>``, ``same-unit``, ``in-unit`` ("in units"),
  ``at-home-of:<whose>`` ("in the Defender's home", ``any`` for "a player's home"),
  ``in-duel`` ("your Personality in this duel"), ``opposing:<text>`` ("a Personality opposing
  this card"), ``any-battlefield``, ``at-battlefield-of:<whose>`` ("at this card's battlefield"),
  ``same-battlefield``.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.ability import Condition, Effect, TargetSpec

#: Effect kinds this topic emits (added to ``ability.EFFECT_KINDS``)
KINDS: frozenset[str] = frozenset()


def _mod(kind: str, value=None):
    from .ability import _Mod

    return _Mod(kind, value)


def _post(value: str):
    return _mod("post-state", value)


def _whose(spec) -> str:
    if isinstance(spec, TargetSpec):
        return spec.text or spec.ref
    return str(spec)


class Rules:
    # ----- locations of cards (post-modifiers of a noun phrase)
    def bt_p_in_province(self, meta, ch):
        return _mod("zone", "province")

    def bt_p_in_your_province(self, meta, ch):
        return [_mod("zone", "province"), _mod("owner", "you")]

    def bt_p_in_his_province(self, meta, ch):
        return [_mod("zone", "province"), _post("in-province-of:it")]

    def bt_p_in_whose_province(self, meta, ch):
        whose = ch[0]
        if isinstance(whose, TargetSpec) and whose.ref == "opponent":
            return [_mod("zone", "province"), _mod("owner", "opponent")]
        return [_mod("zone", "province"), _post(f"in-province-of:{_whose(whose)}")]

    def bt_p_in_this_army(self, meta, ch):
        return _post("in-army")

    def bt_side_enemy(self, meta, ch):
        return "enemy"

    def bt_side_attacking(self, meta, ch):
        return "attacking"

    def bt_side_defending(self, meta, ch):
        return "defending"

    def bt_p_in_side_army(self, meta, ch):
        return _post(f"in-army:{ch[-1]}")

    def bt_p_in_whose_army(self, meta, ch):
        return _post(f"in-army-of:{_whose(ch[0])}")

    def bt_p_in_whose_unit(self, meta, ch):
        whose = next(c for c in ch if isinstance(c, TargetSpec))
        return _post(f"in-unit-of:{_whose(whose)}")

    def bt_p_same_unit(self, meta, ch):
        return _post("same-unit")

    def bt_p_in_units(self, meta, ch):
        return _post("in-unit")

    def bt_p_in_whose_home(self, meta, ch):
        return _post(f"at-home-of:{_whose(ch[0])}")

    def bt_p_in_any_home(self, meta, ch):
        return _post("at-home-of:any")

    def bt_p_in_duel(self, meta, ch):
        return _post("in-duel")

    def bt_p_opposing(self, meta, ch):
        return _post(f"opposing:{_whose(ch[-1])}")

    def bt_p_any_battlefield(self, meta, ch):
        return _post("any-battlefield")

    def bt_p_at_whose_battlefield(self, meta, ch):
        return _post(f"at-battlefield-of:{_whose(ch[0])}")

    def bt_p_at_his_battlefield(self, meta, ch):
        return _post("at-battlefield-of:it")

    def bt_p_same_battlefield(self, meta, ch):
        return _post("same-battlefield")

    # whose: a named card, "your Monk", another player
    def bt_named(self, meta, ch):
        return TargetSpec(ref="this" if len(self._text(meta).split()) == 1 else "it", text=self._text(meta))

    def bt_your_named(self, meta, ch):
        return TargetSpec(ref="choice", owner="you", text=self._text(meta))

    def bt_another_player(self, meta, ch):
        return TargetSpec(ref="opponent", text=self._text(meta))
