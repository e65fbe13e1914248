"""Legend of the Five Rings CCG on the adjudicator core (seed 000, the L5R- rules).

The class-level tables are the vocabulary of SCENARIO-LANGUAGE.md for ``l5r``; the verbs
are ``verb_*`` methods; the action procedure is in :mod:`.procedure`, effects in
:mod:`.effects`, the turn sequence (``advance``) in :mod:`.turn`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core import attrs as T
from ...core.cards import CardPool
from ...core.errors import ScenarioError
from ...core.game import AdvanceResult, Context, Game
from ...core.position import Copy, Position
from . import battle, own_actions, procedure, triggers, turn
from .effects import in_play
from .pool import builtin_cards
from .tokens import COUNTERS as _TOKEN_COUNTERS  # the token kinds: copy counters ("madness-tokens")


@lru_cache(maxsize=4096)
def _abilities(text: str) -> tuple:
    if not text:
        return ()

    from ...core.ability_cache import cached
    from .text_files import source_files

    return cached("l5r-abilities", source_files(), _parse, text)


def _parse(text: str) -> tuple:
    from .ability import parse_card_text

    return tuple(parse_card_text(text))


@lru_cache(maxsize=4096)
def inherited_keywords(text: str) -> tuple[str, ...]:
    """The keywords a Strategy has from its abilities (L5R-ACT-TARGET.4, pinned from the Comprehensive
    Rules, "Keyword Inheritance"): an ability's own keywords ("Political Open:" is a Political
    ability, so its Strategy is a Political Strategy) and its designators, which name it too ("a
    Battle Strategy": one with a Battle ability). Read on Strategies only, where the card text
    describes cards so ("a Political Strategy", "a Kiho Battle Strategy"); a Personality's
    "Fire Battle:" ability is not read as making him Fire ("plus 1 if he is Fire")."""
    found: list[str] = []
    for ability in _abilities(text):
        if ability.kind not in ("action", "reaction", "interrupt"):
            continue
        for word in ability.designators:
            if word not in found:
                found.append(word)
    return tuple(found)


def _kept_keywords(game, keywords, pos, copy) -> list[str]:
    """The keywords a card has from its abilities (:func:`inherited_keywords`) and those lasting
    traits give ``copy`` (L5R-TRAIT), less those its own trait says it cannot gain ("Will not gain
    Fallen or Shadowlands": effects_engine.cannot_gain)."""
    from .effects_engine import cannot_gain

    inherited = inherited_keywords(copy.card.text or "") if copy.card.type == "action" else ()
    return [*inherited, *(k for k in keywords(game, pos, copy) if not cannot_gain(game, pos, copy, k))]


class L5R(Game):
    name = "l5r"
    title = "Legend of the Five Rings CCG"
    phases = ("straighten", "events", "action", "attack", "dynasty", "end")
    # "engage" is a battle's Engage Segment, before its combat segment (L5R-COMBAT.1)
    steps = {"attack": ("declaration", "infantry", "cavalry", "engagement", "engage", "combat", "resolution")}
    card_types = ("stronghold", "personality", "holding", "follower", "item", "spell", "action", "ring",
                  "event", "region", "sensei", "celestial")
    card_attrs = {
        "force": T.INT, "chi": T.INT, "min-chi": T.INT, "honor-requirement": T.INT, "personal-honor": T.INT,
        "gold-cost": T.INT, "gold-production": T.INT, "province-strength": T.INT, "starting-honor": T.INT,
        "focus": T.INT, "keywords": T.KEYWORDS, "text": T.TEXT, "clan": T.WORD,
    }
    card_flags = frozenset({"unique", "legacy"})
    player_attrs = {"clan": T.WORD, "family-honor": T.INT}
    player_flags = frozenset({"imperial-favor"})
    copy_flags = frozenset({"bowed", "dishonored", "face-down", "dead"})  # ("dead": a destroyed Personality, history.py)
    # ("madness-tokens 2": the tokens of one kind among them, tokens.py)
    copy_attrs = {"tokens": T.INT, "attached-to": T.STRING, **{c: T.INT for c in _TOKEN_COUNTERS.values()}}
    zones = {"hand": "plain", "home": "plain", "stronghold": "plain", "province": "numbered",
             "dynasty-deck": "plain", "fate-deck": "plain", "dynasty-discard": "plain",
             "fate-discard": "plain", "battlefield": "numbered", "removed": "plain",
             "terrain": "numbered", "under": "plain"}  # ("under": cards under another card, out of play)  # ("terrain N": in play at battlefield N, in neither side)
    verbs = ("pass", "play", "use", "lobby", "equip", "share", "buy", "attack", "decline-attack", "assign",
             "engage", "discard")
    card_properties = ("honorable", "in-play", "attacking", "defending")
    player_properties = ("provinces", "gold")
    timing_rules = ("L5R-TURN", "L5R-ROUND")
    zone_rules = ("L5R-ACT-EFFECT",)
    hand_limit = 8

    # ---- cards ---------------------------------------------------------------
    def builtin_pool(self) -> CardPool:
        return CardPool({c.name: c for c in builtin_cards()})

    def parse_card_text(self, text: str) -> list:
        return list(_abilities(text))

    def load_card_database(self, path) -> CardPool:
        from .carddb import load_pool

        return load_pool(path).pool

    def abilities(self, copy: Copy) -> tuple:
        return _abilities(copy.card.text)

    # ---- set-up ----------------------------------------------------------------
    def new_position(self) -> Position:
        from functools import partial

        from .continuous import keywords, lasting_stats, lost_keywords

        position = super().new_position()
        position.lasting_keywords = partial(_kept_keywords, self, keywords)  # "Cards in this unit have Cavalry"
        position.lasting_stats = partial(lasting_stats, self)  # "This Personality has +1PH" (continuous.py)
        position.lost_keywords = partial(lost_keywords, self)  # "Remove Ninja from him", "loses Naval" (continuous.py)
        return position

    def default_priority(self, position: Position) -> str | None:
        t = position.timing
        if t.phase == "attack" and t.step in ("engage", "combat"):
            return self.defender(position)
        return t.active

    def validate_setup(self, position: Position, fail) -> None:
        for name, p in position.players.items():
            if "family-honor" not in p.attrs:
                p.attrs["family-honor"] = 0
        from .tokens import settle

        for copy in position.all_copies():
            wrong = settle(copy)  # "fire-tokens 2": counted in the card's tokens too
            if wrong:
                fail(wrong)
            hr = copy.card.attrs.get("honor-requirement")
            if isinstance(hr, int) and hr < 0:
                fail(f'"{copy.name}" has a negative Honor requirement ({hr})')
        favor = [n for n, p in position.players.items() if "imperial-favor" in p.flags]
        if len(favor) > 1:
            fail("the Imperial Favor is claimed by " + " and ".join(favor) + "; one player at most holds it "
                 "(L5R-FAVOR)")

    # ---- queries -------------------------------------------------------------------
    def defender(self, position: Position) -> str:
        return position.next_player(position.timing.active)

    def choice_of(self, position: Position) -> str | None:
        """The ``choosing WORD`` of the action being resolved (set by the procedure)."""
        return position.memo.get("_choosing")

    def acting_player(self, position: Position) -> str:
        """Who is carrying out the action being resolved (set by the procedure)."""
        return position.memo.get("_actor") or position.timing.priority or position.timing.active

    def continuous_flags(self, position: Position, copy: Copy) -> set[str]:
        """Flags from the copy's own traits without a trigger ("This card cannot be bowed")."""
        from .conditions import evaluate

        flags = set()
        if not in_play(position, copy):
            return flags
        for ability in self.abilities(copy):
            if ability.kind == "continuous":
                for index, clause in enumerate(ability.effects):
                    kind = getattr(clause, "kind", "")
                    target = getattr(clause, "target", None)
                    # ("this Personality" on a Personality is the card itself)
                    itself = target is None or target.ref in ("this", "it") or (
                        target.ref == "attached" and copy.card.type == "personality"
                        and target.card_types == ("personality",))
                    if not (kind.startswith("cannot-") and itself):
                        continue
                    # a restriction scoped by a condition ("while attacking") or kept to one source
                    # ("Lobbying does not bow ...", condition "effect-by") holds only when the engine
                    # can decide that condition and it is true (L5R-TRAIT)
                    guards = [c for c in ability.conditions if c.args and c.args[0] == f"effect {index}"]
                    if not all(evaluate(g, game=self, pos=position, actor=copy.controller, source=copy,
                                        subject_of=lambda w: copy) is True for g in guards):
                        continue
                    flags.add(kind)
                    if kind == "cannot-move":  # the effects layer asks about "move-home"
                        flags.add("cannot-move-home")
        return flags

    def continuous_bonus(self, position: Position, copy: Copy, stat: str) -> int:
        """Stat changes from traits without a trigger of cards in play, while their conditions
        hold (L5R-TRAIT): the card's own, its attachments' on their bearer, and those that
        reach every card of a description ("Your Samurai have +1F")."""
        from .continuous import bonus

        return bonus(self, position, copy, stat)

    def has_state(self, position: Position, copy: Copy, state: str) -> bool:
        if state == "bowed":
            return "bowed" in copy.flags
        if state in ("unbowed", "straightened"):
            return "bowed" not in copy.flags
        if state == "dishonored":
            return "dishonored" in copy.flags
        if state == "honorable":
            return "dishonored" not in copy.flags
        if state == "attacking":
            return copy.zone.startswith("battlefield") and copy.controller == position.timing.active
        if state == "defending":
            return copy.zone.startswith("battlefield") and copy.controller != position.timing.active
        if state == "at home":
            return copy.zone == "home"
        if state == "without-followers":
            return copy.card.type == "follower" or not any(
                a.card.type == "follower" for a in position.attachments_of(copy.uid))
        if state == "in-current-army":
            from .procedure import current_battlefield

            return copy.zone == current_battlefield(position)
        return state in copy.flags

    def card_property(self, position: Position, copy: Copy, prop: str) -> Any:
        if prop == "honorable":
            return copy.card.type == "personality" and "dishonored" not in copy.flags
        if prop == "in-play":
            return in_play(position, copy)
        if prop in ("attacking", "defending"):
            return self.has_state(position, copy, prop)
        if prop in ("force", "chi") and copy.card.type in ("personality", "follower"):
            value = position.stat(copy, prop, 0) + self.continuous_bonus(position, copy, prop)
            if prop == "force" and copy.card.type == "personality":  # items attached modify their Personality
                value += sum(self.card_property(position, a, "force") or 0 for a in position.attachments_of(copy.uid)
                             if a.card.type == "item")
            from .effects_battle import minimum

            floor = minimum(position, copy, prop)  # "has a minimum Chi of 1": applied last (L5R-DURATION.4)
            return value if floor is None else max(value, floor)
        if prop == "force" and copy.card.type == "item":  # its Force modifier with the lasting changes to
            # it ("This Item has +1F for each ...": L5R-TRAIT)
            return (position.stat(copy, "force", 0) or 0) + self.continuous_bonus(position, copy, "force")
        return super().card_property(position, copy, prop)

    def player_property(self, position: Position, player: str, prop: str) -> Any:
        if prop == "provinces":
            return self.province_count(position, player)
        if prop == "gold":
            return position.memo.get("gold", {}).get(player, 0)
        if prop == "province":
            raise KeyError(prop)
        return super().player_property(position, player, prop)

    def province_count(self, position: Position, player: str) -> int:
        declared = {z for (o, z) in position.zones if o == player and z.startswith("province ")}
        destroyed = set(position.memo.get("destroyed-provinces", {}).get(player, []))
        return (len(declared) if declared else 4) - len(destroyed)

    def property_rules(self, prop: str) -> tuple[str, ...]:
        return {"force": ("L5R-DURATION",), "chi": ("L5R-DURATION",), "family-honor": ("L5R-ACT-EFFECT",),
                "hand": ("L5R-END",), "bowed": ("L5R-ACT-EFFECT",), "dishonored": ("L5R-ACT-EFFECT",)}.get(prop, ())

    # ---- shared action plumbing ---------------------------------------------------
    def after_action(self, ctx: Context, *, reaction: bool = False) -> None:
        """An action taken: the opportunity goes to the other player (L5R-ROUND); a Reaction
        passes the chance within its own round instead (L5R-REACTION). Then triggers."""
        pos, t = ctx.position, ctx.position.timing
        if reaction and triggers.window(pos) is not None:
            triggers.after_reaction(pos, ctx.actor, ctx.proc)
        elif (pos.memo.get("extra-action") == ctx.actor or not reaction and _owed_action(pos, ctx.actor)) \
                and turn.round_open(self, pos):
            t.passes = 0  # "take an additional action" (effects_player): the opportunity stays
            ctx.step("timing", f"{ctx.actor} takes an additional action: the opportunity stays with "
                     f"{ctx.actor}", "L5R-ROUND", "L5R-ACT-EFFECT")
        elif turn.round_open(self, pos):
            t.passes = 0
            t.priority = pos.next_player(ctx.actor)
            ctx.step("timing", f"the opportunity passes to {t.priority}", "L5R-ROUND")
        pos.memo.pop("extra-action", None)
        from .triggers_events import own_action_info, raise_action

        raise_action(pos, "action-resolves", pos.memo.pop("_action", None) or own_action_info(ctx))
        self.settle(pos, ctx.proc)

    def settle(self, position: Position, proc) -> None:
        """Events just raised: mandatory traits first, then a round of Reactions if any fits."""
        events = position.memo.get(triggers.PENDING)
        open_window = triggers.window(position)
        if events and open_window is not None:
            open_window["events"].extend(events)
        triggers.settle(self, position, proc)
        from .effects_engine import under_follow  # cards under a card that left play go along

        under_follow(position, proc)

    def pay_gold(self, ctx: Context, amount: int, what: str, *, leave_rest: bool = False) -> None:
        """Pay Gold from the ``with`` sources: each bows and its Gold is spent at once (L5R-GOLD).
        ``leave_rest``: the action still has a card to pay for (costs.pay_for_effect), so only the
        sources needed, in the order named, pay here; the rest are left for that card."""
        from .costs import sources_used

        used = sources_used(ctx)
        named = [i for i in range(len(ctx.body.with_)) if i not in used]
        sources = [ctx.card(ctx.body.with_[i], where=lambda c: c.controller == ctx.actor, purpose="gold source")
                   for i in named]
        if not sources:
            ctx.reject("L5R-GOLD", f"{what} is {amount} Gold, and no Gold source was named (use 'with')")
        from .costs import carry_out_gold_extras, source_restriction, take_gold_reaction, tier_bonus

        total = 0
        bowed_here: set[int] = set()
        twice = {s.uid for s in sources if sum(o.uid == s.uid for o in sources) > 1}
        for index, src in zip(named, sources):
            if leave_rest and total >= amount:
                break
            used.append(index)
            if src.controller != ctx.actor:
                ctx.reject("L5R-ACT-COST.4", f"{src.show()} belongs to {src.controller}: cards of another "
                           "player cannot pay your costs")
            if not in_play(ctx.position, src):
                ctx.reject("L5R-GOLD", f"{src.show()} is not in play and cannot produce Gold")
            if src.uid in twice:  # named twice: its Reaction first (an unbowed card's), then bowed for Gold
                twice.discard(src.uid)
                got = take_gold_reaction(self, ctx, src, what)
                if got is None:
                    ctx.reject("L5R-GOLD", f"{src.show()} is named twice, and it has no Reaction producing Gold")
                total += got
                continue
            produced = ctx.position.stat(src, "gold-production", 0) or 0
            if produced > 0 and src.uid not in bowed_here and "bowed" not in src.flags:
                why = source_restriction(self, ctx, src, what)  # "which can only pay for a Jade card"
                if why:
                    ctx.reject("L5R-GOLD", why)
                more, why = tier_bonus(self, ctx, src)  # "or 4 Gold if paying for a Holding"
                src.flags.add("bowed")
                from .triggers_events import raise_event

                raise_event(ctx.position, "bowed", src)  # "After this card bows" must fire (triggers.fires)
                bowed_here.add(src.uid)
                total += produced + more
                ctx.step("cost", f"bow {src.name} to produce {produced + more} Gold" + (f" ({why})" if more else ""),
                         "L5R-GOLD", "L5R-ACT-COST")
                carry_out_gold_extras(self, ctx, src)  # "Produce 2 Gold and lose 1 Honor"
                continue
            # named (again) without Gold to bow for: its "When paying …: Produce N Gold" Reaction
            got = take_gold_reaction(self, ctx, src, what)
            if got is None:
                if "bowed" in src.flags:
                    ctx.reject("L5R-GOLD", f"{src.show()} is bowed and cannot produce Gold")
                ctx.reject("L5R-GOLD", f"{src.show()} produces no Gold")
            total += got
        if total < amount:
            ctx.reject("L5R-GOLD", f"{what} is {amount} Gold; the sources named produce only {total}")
        if total > amount:
            ctx.step("note", f"{total - amount} Gold left over is lost", "L5R-GOLD")

    def source_ability(self, ctx: Context, copy: Copy):
        from .continuous import lasting_abilities
        from .effects_engine import granted

        every = self.abilities(copy) + granted(ctx.position, copy)  # printed, then gained (L5R-DURATION)
        every += lasting_abilities(self, ctx.position, copy)  # given by a card's lasting trait (continuous.py)
        actions = [a for a in every if a.kind in ("action", "reaction", "interrupt")]
        if ctx.body.ability is not None:
            n = ctx.body.ability
            if not 1 <= n <= len(every):
                raise ScenarioError(f'"{copy.name}" has {len(every)} abilit{"y" if len(every) == 1 else "ies"}; '
                                    f"there is no ability {n}", ctx.body.pos.file, ctx.body.pos.line,
                                    ctx.body.pos.column, None)
            return every[n - 1]
        if not every:
            ctx.reject("L5R-ACT-COND", f"{copy.show()} has no abilities")
        if len(actions) == 1:
            return actions[0]
        if not actions:
            return every[0]
        raise ScenarioError(f'"{copy.name}" has {len(actions)} action abilities; say which with \'ability N\'',
                            ctx.body.pos.file, ctx.body.pos.line, ctx.body.pos.column, None)

    def _one_object(self, ctx: Context, what: str):
        if len(ctx.body.objects) != 1:
            raise ScenarioError(f"'{ctx.body.verb}' takes one {what}", ctx.body.pos.file, ctx.body.pos.line,
                                ctx.body.pos.column, None)
        return ctx.body.objects[0]

    # ---- verbs -------------------------------------------------------------------
    def attempt(self, position: Position, actor: str, body, lines: tuple[str, ...] = ()):
        # ``answering``: the choices of the triggered traits the action sets off (triggers.answered)
        return triggers.answered(self, body, position, lambda: procedure.interrupts.guard(self, position, actor, body)
                                 or super(L5R, self).attempt(position, actor, body, lines))  # (interrupts.py)

    def verb_pass(self, ctx: Context) -> None:
        if not procedure.interrupts.pass_step(self, ctx):  # a pass in an action's Interrupt step (interrupts.py)
            turn.pass_opportunity(self, ctx)

    def verb_play(self, ctx: Context) -> None:
        obj = self._one_object(ctx, "card")
        actor = ctx.actor
        source_zone = ctx.body.from_zone.key if ctx.body.from_zone else "hand"
        copy = ctx.card(obj, where=lambda c: c.zone == source_zone and c.zone_owner == actor, purpose="to play")
        from .effects_traits import discipline_play  # "Discipline Pay 2 Gold": from the discard pile (L5R-TRAIT.4)

        discipline = source_zone == "fate-discard" and copy.zone == source_zone and copy.zone_owner == actor \
            and copy.card.type == "action" and discipline_play(self, ctx, copy) is None
        if source_zone != "hand" and copy.zone == source_zone and not discipline:
            ctx.reject("L5R-ACT-COND.2", f"{copy.show()} is in {actor}'s {source_zone}; an Action card is played "
                       "from its owner's hand unless its own text names another zone")
        if (copy.zone != "hand" or copy.zone_owner != actor) and not discipline:
            ctx.reject("L5R-ACT-COND.2", f"{copy.show()} is not in {actor}'s hand ({copy.zone_owner} {copy.zone}); "
                       "an Action card is played from its owner's hand")
        if copy.card.type not in ("action", "ring"):
            ctx.reject("L5R-ACT-COND", f"{copy.show()} is a {copy.card.type}; only Action and Ring cards are "
                       "played from hand (attachments are equipped: 'equip')")
        if "invest" in ctx.body.flags:  # its Invest cost added to the action (effects_traits, L5R-TRAIT.3)
            from .effects_traits import strategy_invest

            strategy_invest(self, ctx, copy)
        procedure.carry_out(ctx, copy, self.source_ability(ctx, copy), from_hand=True)

    def verb_use(self, ctx: Context) -> None:
        obj = self._one_object(ctx, "card")
        if own_actions.names_the_favor(ctx.position, obj):
            own_actions.use_favor(self, ctx)
            return
        if obj.kind == "card" or obj.text in ctx.position.labels:
            source = ctx.card(obj, where=lambda c: c.controller == ctx.actor, purpose="in play")
            window = triggers.window(ctx.position)
            if source.zone == "stronghold" and window is not None and ["dynasty-ended", 0] in window["events"] \
                    and not any(a.kind == "reaction" for a in self.abilities(source)):
                own_actions.take_legacy(self, ctx, source)
                return
        copy = ctx.card(obj, where=lambda c: in_play(ctx.position, c) and c.controller == ctx.actor,
                        purpose="in play")
        procedure.carry_out(ctx, copy, self.source_ability(ctx, copy), from_hand=False)

    def verb_lobby(self, ctx: Context) -> None:
        turn.lobby(self, ctx)

    def verb_equip(self, ctx: Context) -> None:
        turn.equip(self, ctx)

    def verb_share(self, ctx: Context) -> None:
        own_actions.share(self, ctx)

    def verb_buy(self, ctx: Context) -> None:
        turn.buy(self, ctx)

    def verb_attack(self, ctx: Context) -> None:
        turn.declare_attack(self, ctx, attack=True)

    def verb_decline_attack(self, ctx: Context) -> None:
        turn.declare_attack(self, ctx, attack=False)

    def verb_assign(self, ctx: Context) -> None:
        battle.assign(self, ctx)

    def verb_engage(self, ctx: Context) -> None:
        battle.engage(self, ctx)

    def verb_discard(self, ctx: Context) -> None:
        turn.discard(self, ctx)

    # ---- advancing ------------------------------------------------------------------
    def advance(self, position: Position, kind: str, target: str | None, lines=()) -> AdvanceResult:
        return turn.advance(self, position, kind, target)


def _owed_action(pos: Position, actor: str) -> bool:
    """The second of "two additional Battle actions" just taken: the opportunity stays once more
    (one fewer owed). Only when no additional action was granted by the action itself."""
    from .effects_player import EXTRA_LEFT

    left = pos.memo.get(EXTRA_LEFT, {})
    if pos.memo.get("extra-action") == actor or not left.get(actor):
        return False
    left[actor] -= 1
    if not left[actor]:
        del left[actor]
    return True
