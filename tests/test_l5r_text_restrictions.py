"""Lasting restrictions and permissions in L5R card text: "cannot", "may not", "will not", "does
not", "must", "can only", "has no abilities", "does not count towards", "ignore". Sentences are
written in the card style for these tests."""

from __future__ import annotations

from adjudicator.core.ability import Effect, TargetSpec
from adjudicator.games.l5r.ability import EFFECT_KINDS, parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import L5R_HEAD, run_text


def effects(text: str) -> list[Effect]:
    ab = parse_ability(text)
    assert ab.structured, ab
    return [e for e in (*ab.costs, *ab.effects) if isinstance(e, Effect)]


def conditions(text: str) -> list[tuple[str, tuple]]:
    return [(c.kind, c.args) for c in parse_ability(text).conditions]


def test_kinds_are_in_the_closed_vocabulary():
    for kind in ("cannot-gain-token", "cannot-join", "cannot-take-actions", "not-counted", "lose-abilities",
                 "cannot-negate", "cannot-assign", "must-have-keyword", "gold-only-for", "play-limit",
                 "ignore-honor-requirement", "cannot-be-controlled-by"):
        assert kind in EFFECT_KINDS


def test_subjectless_trait_restricts_the_card_itself():
    token, keyword = effects("Cannot gain Plague tokens or Naval.")
    assert (token.kind, token.keyword, token.target.ref) == ("cannot-gain-token", "Plague", "this")
    assert (keyword.kind, keyword.keyword) == ("cannot-gain-keyword", "Naval")


def test_join_and_control_name_the_player_as_a_typed_object():
    (e,) = effects("Will not join a Crab Clan player.")
    assert (e.kind, e.target.ref) == ("cannot-join", "this")
    (player,) = e.values
    assert isinstance(player, TargetSpec) and player.card_types == ("player",) and player.keywords == ("Crab Clan",)
    (e,) = effects("Kenji will not be controlled by a Lion Clan player.")
    assert e.kind == "cannot-be-controlled-by" and e.values[0].keywords == ("Lion Clan",)


def test_player_restrictions():
    (e,) = effects("You may not take Political actions.")
    assert (e.kind, e.keyword, e.target.ref) == ("cannot-take-actions", "Political", "you")
    (e,) = effects("Other players may not take Reactions.")
    assert (e.kind, e.keyword, e.target.ref) == ("cannot-take-actions", "Reaction", "opponent")
    (e,) = effects("You may not declare an attack.")
    assert e.kind == "cannot-declare-attack"
    (e,) = effects("Other players may not lobby.")
    assert (e.kind, e.target.ref) == ("cannot-lobby", "opponent")


def test_honor_not_lost_from_cards_of_either_keyword():
    (e,) = effects("You do not lose Honor from Crab Clan and Fate cards you own.")
    assert (e.kind, e.target.ref) == ("cannot-lose-honor", "you")
    source = e.values[0]
    assert source.owner == "you" and source.states == ("any-keyword:Crab Clan|Fate",)


def test_does_not_count_towards():
    (e,) = effects("Does not count towards an Enlightenment Victory.")
    assert (e.kind, e.keyword) == ("not-counted", "enlightenment-victory")
    (e,) = effects("Does not count towards a Personality's maximum number of Armors.")
    assert e.keyword == "max-attached:Armor"


def test_no_abilities_holds_for_every_card_described():
    (e,) = effects("Your Stronghold has no abilities.")
    assert (e.kind, e.target.ref, e.target.owner, e.target.card_types) == ("lose-abilities", "each", "you",
                                                                            ("stronghold",))


def test_passive_restrictions():
    assert [e.kind for e in effects("This Follower will not be transferred.")] == ["cannot-transfer"]
    assert [e.kind for e in effects("This movement will not be negated or delayed.")] == ["cannot-negate",
                                                                                          "cannot-delay"]
    (e,) = effects("This Invest cost cannot be reduced.")
    assert (e.kind, e.keyword) == ("cannot-reduce-cost", "Invest")


def test_source_kept_out_is_an_effect_scoped_condition():
    (e,) = effects("Lobbying does not bow this Personality.")
    assert e.kind == "cannot-bow"
    assert conditions("Lobbying does not bow this Personality.") == [("effect-by", ("effect 0", "lobbying"))]
    # "card effects" is what the engine's flags already mean: no condition
    (e,) = effects("Card effects will not straighten this Item.")
    assert (e.kind, e.target.ref) == ("cannot-straighten", "this")
    assert conditions("Card effects will not straighten this Item.") == []


def test_assignment_and_movement():
    kinds = [(e.kind, e.keyword) for e in effects("He may not be assigned, and will not move, to battlefields.")]
    assert kinds == [("cannot-assign", "battlefield"), ("cannot-move-to", "battlefield")]
    assign, move = effects("Kaze may not assign, and will not move, into a defending army.")
    assert assign.values[0].card_types == ("army",) and assign.values[0].states == ("defending",)


def test_must_and_only():
    (e,) = effects("Ikoma's Followers must be Cavalry.")
    assert (e.kind, e.keyword, e.target.ref) == ("must-have-keyword", "Cavalry", "possessed")
    (e,) = effects("Each player must focus at least once in the duel.")
    assert (e.kind, e.amount, e.target.ref) == ("must-focus", 1, "each")
    (e,) = effects("You may only play one copy of Quick Strike per turn.")
    assert (e.kind, e.keyword, e.target.ref) == ("play-limit", "turn", "you")
    (e,) = effects("Will only Equip to a Dragon Clan Personality.")
    assert e.kind == "attach-restriction"


def test_gold_that_pays_for_one_thing_only():
    produce, limit = effects("Bow this card: Produce 3 Gold, which can only pay for a single Kiho card.")[1:]
    assert (produce.kind, produce.amount) == ("produce-gold", 3)
    assert (limit.kind, limit.target.keywords, limit.target.card_types) == ("gold-only-for", ("Kiho",), ("card",))
    kinds = [e.kind for e in effects("Bow this card: Produce 2 Gold, or 3 Gold if paying for a Follower which "
                                     "may only pay for that card.")]
    assert kinds == ["bow", "produce-gold", "produce-gold", "gold-only-for"]


def test_ignoring_an_honor_requirement():
    (e,) = effects("Unicorn Clan players ignore Ide's Honor Requirement.")
    assert e.kind == "ignore-honor-requirement" and e.target.keywords == ("Unicorn Clan",)
    assert e.values[0].text.startswith("Ide")


def test_restrictions_are_executable_only_when_the_engine_honours_them():
    assert executes(parse_ability("Card effects will not straighten this Item."))
    assert not executes(parse_ability("Lobbying does not bow this Personality."))
    # "before your third turn" is decided from the turn number and seat order (conditions.py)
    assert executes(parse_ability("This card will not straighten before your third turn."))
    # "will not join a Crab Clan player" is read where the card would come under a player's control
    # (effects_engine.will_not_join); a player described by what he controls is not
    assert executes(parse_ability("Will not join a Crab Clan player."))
    assert not executes(parse_ability("Will not join a player who controls a Human Personality."))


_BATTLE = L5R_HEAD + """card "Sentinel" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 4 text "{text}"
card "Push Back" action gold-cost 0 text "Battle: Move a target Personality home."
card "Tripwire" action gold-cost 0 text "Battle: Bow a target Personality."
phase attack
step combat
priority Alice
Alice battlefield 1: "Veteran Sergeant"
Bob battlefield 1: "Sentinel"
Alice hand: "Push Back", "Tripwire"
"""


def test_card_effects_will_not_move_the_card_itself():
    result = run_text(_BATTLE.format(text="Card effects will not move this Personality.") +
                      'Alice plays "Push Back" targeting "Sentinel"\nexpect legal\nexpect "Sentinel" in Bob battlefield 1\n')
    assert result.passed, [f.render() for f in result.failures]


def test_a_source_restriction_does_not_stop_other_sources():
    # only Lobbying is kept out: an action still bows the Personality
    result = run_text(_BATTLE.format(text="Lobbying does not bow this Personality.") +
                      'Alice plays "Tripwire" targeting "Sentinel"\nexpect legal\nexpect "Sentinel" bowed\n')
    assert result.passed, [f.render() for f in result.failures]


def test_targeting_restrictions_name_who_may_not_target():
    (e,) = effects("You may not target Kenji with Political actions.")
    assert (e.kind, e.keyword, e.target.ref) == ("cannot-be-targeted-by", "Political actions", "this")
    assert e.values[0].ref == "you"
    (e,) = effects("Favor actions may not be taken.")
    assert (e.kind, e.keyword, e.target.card_types) == ("cannot-take-actions", "Favor", ("player",))


def test_keywords_lost_and_never_gained():
    lose, never = effects("This Follower loses and cannot gain Cavalry.")
    assert (lose.kind, never.kind, lose.keyword, never.keyword) == ("lose-keyword", "cannot-gain-keyword",
                                                                    "Cavalry", "Cavalry")
    dishonor, gain = effects("Kenji will not be dishonored or gain a Clan Alignment.")
    assert (dishonor.kind, gain.kind, gain.keyword) == ("cannot-dishonor", "cannot-gain-keyword", "Clan Alignment")


def test_rulebook_maximum_and_not_negation():
    (e,) = effects("Your dishonorable Samurai do not have a maximum Personal Honor of 0 from the rulebook.")
    assert (e.kind, e.keyword, e.target.states) == ("no-stat-maximum", "personal-honor", ("dishonorable",))
    kinds = [e.kind for e in effects("This Holding will not be destroyed; this is not negation.")]
    assert kinds == ["cannot-destroy", "not-negation"]


def test_if_you_do_not_control_reads_as_a_negated_control_test():
    ab = parse_ability("Bow his unit if you do not control him.")
    assert ab.structured
    (cond,) = ab.conditions
    assert cond.kind.endswith("none-of")
    assert cond.args[-2:] == ("you-control/1", "him")


def test_or_above_and_or_below_are_comparisons():
    ab = parse_ability("Kenji will not enter play if your Family Honor is 3 or above.")
    assert ab.structured
    assert [e.kind for e in ab.effects] == ["cannot-enter-play"]
    (cond,) = ab.conditions
    assert cond.args[-2:] == (">=", "3")
    ab = parse_ability("Bow him if his Chi is 2 or below.")
    assert ab.structured
    assert ab.conditions[0].args[-2:] == ("<=", "2")


def test_abilities_on_cards_now_in_that_unit():
    (e,) = effects("Abilities on cards now in that unit may not be used.")
    assert e.kind == "cannot-use-abilities"
    assert e.target.states == ("on:cards now in that unit",)


def test_actions_from_cards_in_a_unit_may_not_target():
    (e,) = effects("Actions from cards in other players' units may not target Kenji.")
    assert e.kind == "cannot-be-targeted-by"
    assert e.target.text == "Kenji"
    assert e.keyword.startswith("Actions from cards in other players")
    (e,) = effects("Actions from cards in a target Personality's unit may not target cards in this unit.")
    assert e.kind == "cannot-be-targeted-by" and e.target.states == ("in-unit",)


def test_actions_performed_by_and_a_stat_of_n_or_lower():
    (e,) = effects("Actions performed by Personalities with a Gold Cost of 5 or lower may not target Kenji.")
    assert e.kind == "cannot-be-targeted-by" and e.target.text == "Kenji"
    assert e.keyword.startswith("Actions performed by Personalities")
    (e,) = effects("Bow a target Personality with a Force of 3 or higher.")
    assert e.kind == "bow"
    assert [(t.stat, t.op, t.value) for t in e.target.tests] == [("force", ">=", 3)]


def test_copying_values_and_abilities_is_one_typed_effect_per_thing():
    stat, chi, ability = effects("Kaze copies a target Personality's Force, Chi, or ability that does not copy abilities.")
    assert (stat.kind, stat.stat, stat.target.ref) == ("copy-stat", "force", "target")
    assert stat.values[0].text == "Kaze"
    # a bare stat word after the first item belongs to the same card
    assert (chi.kind, chi.stat, chi.target.ref) == ("copy-stat", "chi", "target")
    assert (ability.kind, ability.amount, ability.target.ref) == ("copy-ability", 1, "possessed")
    assert "of-target" in ability.target.states and "not-copying" in ability.target.states


def test_copying_one_of_several_abilities_names_the_designator():
    (e,) = effects("Kenji copies one of his Battle abilities that does not itself copy abilities.")
    assert (e.kind, e.amount, e.target.keywords) == ("copy-ability", 1, ("Battle",))
    assert "not-copying" in e.target.states
    keywords, abilities = effects("This card copies the Spell's keywords and its base abilities that do not "
                                  "themselves copy abilities.")
    assert (keywords.kind, keywords.amount, keywords.target.card_types) == ("copy-keyword", None, ("keywords",))
    assert (abilities.kind, abilities.amount, abilities.target.card_types) == ("copy-ability", None,
                                                                               ("base-abilities",))


def test_copy_to_another_card_names_who_gets_the_copy():
    (e,) = effects("Copy an ability on it that does not itself copy ability, to this Item.")
    assert e.kind == "copy-ability" and e.values[0].card_types == ("item",)
    assert not executes(parse_ability("Open: Copy an ability on it that does not itself copy ability, to this Item."))


def test_what_another_player_must_do_is_mandatory_and_names_him():
    ab = parse_ability("Open: The active player must choose and bow one of his bowed Followers, if possible.")
    assert ab.structured
    (e,) = [c for c in ab.effects if isinstance(c, Effect)]
    assert (e.kind, e.target.ref, e.target.card_types) == ("bow", "choice", ("follower",))
    (cond,) = [c for c in ab.conditions if c.kind == "effect-mandatory"]
    assert cond.args == ("effect 0", "The active player", "if-possible")
    assert not executes(ab)  # the engine does not let another player choose


def test_negated_relative_clause_is_a_typed_state():
    (e,) = effects("Each player who does not control a Samurai Personality loses 1 Honor.")
    assert e.kind == "lose-honor" and "not-controls:a Samurai Personality" in e.target.states


def test_restricted_verbs_with_their_objects():
    (e,) = effects("Crane Clan Personalities may not refuse challenges from Kenji.")
    assert (e.kind, e.target.ref, e.values[0].text) == ("cannot-refuse-duel", "each", "Kenji")
    (e,) = effects("Kenji will not become dishonorable.")
    assert (e.kind, e.keyword) == ("cannot-become", "dishonorable")
    (e,) = effects("The Defender may not take Engage actions at this Region's battlefield.")
    assert (e.kind, e.keyword) == ("cannot-take-actions", "Engage")
    (e,) = effects("They will not straighten from the battle's resolution.")
    assert e.kind == "cannot-straighten"
    assert conditions("They will not straighten from the battle's resolution.") == [
        ("effect-by", ("effect 0", "battle-resolution"))]


def test_sharing_an_army_is_one_restriction_kind():
    (e,) = effects("They may not attack in the same army.")
    assert (e.kind, e.keyword) == ("cannot-share-army", "attack")
    (e,) = effects("Will not attack or defend with other Personalities.")
    assert (e.kind, e.target.ref, e.values[0].card_types) == ("cannot-share-army", "this", ("personality",))


def test_limits_on_how_many_actions_or_cards():
    (e,) = effects("Each player may take only one Limited or Open action per turn.")
    assert (e.kind, e.amount, e.keyword, e.values) == ("action-limit", 1, "Limited|Open", ("turn",))
    (e,) = effects("Each player may only take three more non-Reaction actions this phase.")
    assert (e.kind, e.amount, e.duration) == ("action-limit", 3, "phase")
    assert e.values[0].states == ("non-Reaction",)
    (e,) = effects("A target player may only put one more Ring into play.")
    assert (e.kind, e.amount, e.values[0].card_types) == ("put-into-play-limit", 1, ("ring",))


def test_this_period_is_the_duration_of_the_restriction():
    (e,) = effects("Other players' actions may not target him this battle.")
    assert (e.kind, e.duration) == ("cannot-be-targeted-by", "battle")


def test_negated_events_name_whose_event_and_its_source():
    (e,) = effects("Negate either the bowing or movement of your Samurai from its effects.")
    assert (e.kind, e.target.ref, e.target.card_types) == ("negate", "possessed", ("bowing|movement",))
    assert "whose:your Samurai" in e.target.states and "either" in e.target.states
    assert any(st.startswith("from:") for st in e.target.states)
    (e,) = effects("Negate his bowing and movement from the action's effects.")
    assert e.target.card_types == ("bowing|movement",) and "from-action" in e.target.states
    (e,) = effects("Negate either his movement or bowing from the action's effects.")
    assert e.target.card_types == ("movement|bowing",) and "either" in e.target.states


def test_negated_actions_and_remaining_effects():
    (e,) = effects("Negate an action from another Courtier or Item.")
    assert e.target.card_types == ("action",) and e.target.states == ("from:another-courtier-or-item",)
    (e,) = effects("Negate all movement to it.")
    assert e.target.card_types == ("movement",) and "to:it" in e.target.states


def test_an_effect_that_may_not_target_some_cards():
    fear, restriction = effects("Fear 3 that cannot target a Samurai card.")
    assert (fear.kind, fear.amount) == ("fear", 3)
    assert (restriction.kind, restriction.keyword) == ("cannot-be-targeted-by", "fear")
    assert restriction.target.keywords == ("Samurai",)
    attack, restriction = effects("Ranged 2 Attack, which may not target an attacking Personality.")
    assert restriction.keyword == "ranged-attack" and restriction.target.states == ("attacking",)


def test_who_must_perform_an_additional_action():
    action, who = effects("You may take an additional Battle action, which he must perform.")
    assert action.kind == "additional-action"
    assert (who.kind, who.target.ref, who.keyword) == ("must-perform", "it", "additional-action")


def test_redirect_names_the_card_no_longer_targeted():
    (e,) = effects("The action targets him instead of another card, if legal.")
    assert (e.kind, e.target.ref, e.values[0].text) == ("redirect-target", "it", "another card")


def test_described_cards_a_restriction_names():
    (e,) = effects("Kenji will not attach Items with Gold Cost greater than his Chi.")
    assert (e.kind, e.target.card_types, e.target.states) == ("cannot-attach", ("item",), ("cmp:gold-cost>it.chi",))
    (e,) = effects("Bow a dishonorable or Naga Personality.")
    # (the player topic's general list of describing words: "a Kolat, Ninja, or dishonorable Personality")
    assert e.target.states == ("any-of:state:dishonorable|keyword:Naga",)


def test_not_having_effects_negated_or_strength_reduced():
    negate, discard = effects("This Strategy may not have its effects negated or be discarded from play.")
    assert (negate.kind, discard.kind) == ("cannot-negate", "cannot-discard-from-play")
    (e,) = effects("Melee Attacks from the action's effects will not have their strength reduced.")
    assert (e.kind, e.target.card_types) == ("cannot-reduce-strength", ("melee-attack",))


def test_effects_described_by_what_they_prevent():
    (e,) = effects("Negate other players' cards' effects that prevent this Personality performing actions.")
    assert e.kind == "negate"
    assert "prevents:performing-actions:this Personality" in e.target.states


def test_gold_production_bonus_when_paying_to_recruit():
    ab = parse_ability("This Holding has +1GP when it pays to Recruit or Equip a single Farm or Item only.")
    assert ab.structured
    (cond,) = [c for c in ab.conditions if c.kind.endswith("pays-for-single")]
    assert cond.args[-1] == "recruit|equip"


def test_play_limit_of_a_named_victory_card():
    (e,) = effects("You can only play one Glorious Victory per battle.")
    assert (e.kind, e.keyword, e.values[0].keywords) == ("play-limit", "battle", ("Glorious Victory",))


def test_play_limit_per_duel_and_per_resolution():
    (e,) = effects("You may only play one copy of Quiet Snow per duel.")
    assert (e.kind, e.keyword) == ("play-limit", "duel")
    (e,) = effects("You may only play one copy of Quiet Snow in reaction to any one resolution.")
    assert (e.kind, e.keyword, e.values[0].text) == ("play-limit", "resolution", "Quiet Snow")
    # the bare form names no period: not a play limit
    assert not parse_ability("You may only play one copy of Quiet Snow.").structured


def test_this_gain_and_these_effects_will_not_be_negated():
    gain, negate = effects("Gain 2 Honor; this gain will not be negated.")
    assert (gain.kind, negate.kind, negate.target.card_types) == ("gain-honor", "cannot-negate", ("gain",))
    (e,) = effects("These effects will not be negated.")
    assert (e.kind, e.target.card_types, e.target.states) == ("cannot-negate", ("effect",), ("of-it",))


def test_copies_one_keyword_from_a_target():
    (e,) = effects("Kenta copies one keyword from your target Personality.")
    assert (e.kind, e.target.card_types, e.target.states) == ("copy-keyword", ("keyword",), ("of-target", "one-of"))


def test_a_quoted_ability_ending_a_sentence_ends_it():
    # the sentence's period sits inside the closing quote; the next sentence is read on its own
    ab = parse_ability('Limited: Give your target Personality the ability, "Battle: Fear 2." Lose 1 Honor.')
    assert ab.structured, ab
    assert [e.kind for e in ab.effects] == ["grant-ability", "lose-honor"]
    # "Otherwise, ..." stays with the "If ..." sentence before it
    ab = parse_ability('Limited: If he is a Monk, give him the ability, "Battle: Fear 2." Otherwise, give him Monk.')
    assert any(c.kind.startswith("effect-otherwise") or c.kind.startswith("effect-unless") for c in ab.conditions), ab


def test_lists_of_forbidden_acts():
    assert [e.kind for e in effects("He will not straighten, attack, or defend.")] == [
        "cannot-straighten", "cannot-attack", "cannot-defend"]
    assert [e.kind for e in effects("Will not attach cards or issue challenges.")] == ["cannot-attach", "cannot-challenge"]
    kinds = [e.kind for e in effects("Hida will not attack or issue challenges, and cannot be challenged from Iaijutsu actions.")]
    assert kinds == ["cannot-attack", "cannot-challenge", "cannot-be-challenged"]


def test_moving_there_and_assigning_together():
    (e,) = effects("Other Personalities cannot move there.")
    assert (e.kind, e.values[0].card_types) == ("cannot-move-to", ("battlefield",))
    (e,) = effects("They may not be assigned to the same battlefield.")
    assert e.kind == "cannot-assign-together"
    # no engine handler reads the group restriction: it must not count as carried out
    assert not executes(parse_ability("They may not be assigned to the same battlefield."))


def test_keywords_kept_and_refused():
    kinds = [(e.kind, e.keyword) for e in effects("Your Crab Clan Personalities have Courtier but do not have Scout, Cavalry, or Paragon.")]
    assert kinds[0] == ("grant-keyword", "Courtier")
    assert kinds[1:] == [("lose-keyword", "Scout"), ("lose-keyword", "Cavalry"), ("lose-keyword", "Paragon")]


def test_effects_that_will_not_negate_others_protect_the_others():
    (e,) = effects("Its effects will not negate other effects.")
    assert (e.kind, e.target.card_types, e.target.states) == ("cannot-negate", ("effect",), ("other",))


def test_a_player_ignores_the_costs_of_the_action():
    (e,) = effects("He ignores the action's costs.")
    assert (e.kind, e.keyword, e.target.card_types) == ("ignore-cost", "all", ("action",))


def test_a_player_must_declare_an_attack_and_assign_a_card():
    declare, assign = effects("You must declare an attack each turn and assign this Personality to attack if possible.")
    assert (declare.kind, declare.target.ref, declare.keyword) == ("must-declare-attack", "you", "each-turn")
    assert (assign.kind, assign.keyword, assign.values) == ("must-assign", "attack", ("if-possible",))
    assert not executes(parse_ability("You must declare an attack each turn and assign this Personality to attack if possible."))


def test_at_most_n_actions_from_a_card_type_per_game():
    (e,) = effects("You may not take more than four actions from Events per game.")
    assert (e.kind, e.amount, e.duration, e.values[0].card_types) == ("action-limit", 4, "game", ("event",))


def test_effects_of_actions_a_card_performs_will_not_be_negated():
    (e,) = effects("Effects of Political actions this Personality performs will not be negated.")
    assert e.kind == "cannot-negate"
    assert "of-action:political" in e.target.states


def test_cards_that_did_not_assign_there_cannot_move_here():
    (e,) = effects("Personalities that did not assign to this battlefield cannot move here.")
    assert e.kind == "cannot-move-to"
    assert "not-assigned-to:this battlefield" in e.target.states


def test_a_comma_after_and_opens_the_next_clause_condition():
    ab = parse_ability("Battle: Bow him and, if you control a Terrain, destroy him.")
    assert ab.structured, ab
    assert [e.kind for e in ab.effects] == ["bow", "destroy"]
    assert [c.args[0] for c in ab.conditions if c.kind.startswith("effect-if")] == ["effect 1"]


def test_a_normal_attack_this_turn():
    declare, assign = effects("His controller must declare a normal attack this turn and assign the target.")
    assert (declare.kind, declare.keyword, assign.kind) == ("must-declare-attack", "this-turn", "must-assign")


def test_cards_that_will_not_affect_province_strengths():
    ab = parse_ability("Other players' cards will not affect your Provinces' strengths.")
    (e,) = ab.effects
    assert (e.kind, e.target.card_types, e.target.owner) == ("cannot-modify-strength", ("province",), "you")
    assert [c.args[1] for c in ab.conditions if c.kind == "effect-by"] == ["opponent-cards"]


def test_a_decoy_restriction_holds_while_other_legal_targets_exist():
    for text, where in (("Other players may not target Hoshi with actions if any other legal targets are available.", ()),
                        ("Other players may not target cards in this unit with actions if there are any other legal "
                         "targets in this army.", ("in this army",))):
        ab = parse_ability(text)
        (e,) = effects(text)
        assert e.kind == "cannot-be-targeted-by"
        (cond,) = [c for c in ab.conditions if c.kind.startswith("effect-if")]
        assert cond.kind == "effect-if:other-legal-target"
        assert cond.args[1:] == where


def test_another_card_at_his_location_that_is_a_legal_target():
    ab = parse_ability("Other players may not target this Personality with actions while there is another Personality "
                       "at his location who is a legal target for the action.")
    assert ab.structured, ab
    (e,) = ab.effects
    assert e.kind == "cannot-be-targeted-by"


def test_ownership_negated_and_a_choice_not_taken():
    ab = parse_ability("Destroy this Spell if you do not own the target.")
    assert [(c.kind, c.args[1:]) for c in ab.conditions] == [("effect-if:none-of", ("you-own/1", "the target"))]
    ab = parse_ability("He may discard it; if he doesn't, he cannot play cards with that title.")
    assert ab.structured, ab
    discard, cannot = ab.effects
    assert (discard.kind, cannot.kind) == ("discard", "cannot-play")
    assert cannot.values[0].states == ("titled:that",)
    assert [c.kind for c in ab.conditions] == ["effect-optional", "effect-if:did-not"]


def test_dynasty_cards_and_either_decks_cards():
    (e,) = effects("Open: Discard a Dynasty card in a Province.")
    assert e.target.keywords == ("Dynasty",)
    (e,) = effects("The abilities on two target Dynasty or Fate cards cannot be used.")
    assert e.kind == "cannot-use-abilities"


def test_plural_clan_test_and_a_keyword_or_fallen():
    ab = parse_ability("Lose 1 Honor and all other players must discard a card, or two cards if they are Crab Clan.")
    assert ab.structured, ab
    assert [c.args[1:] for c in ab.conditions if c.kind == "effect-if:is-clan"] == [("they", "Crab")]
    ab = parse_ability("Bow a target Personality; if he is Goro or Fallen, he will not straighten.")
    (cond,) = [c for c in ab.conditions if c.kind.startswith("effect-if")]
    assert cond.kind == "effect-if:any-of"
    assert cond.args[1:] == ("is/2", "he", "Goro", "is/2", "he", "fallen")
    # elements after "or" stay keywords of the base reading
    assert parse_ability("While this Shugenja is Air or Fire, he has +1F.").structured


def test_enemy_units_there_and_province_strength_in_full():
    ab = parse_ability("Kaoru may only move to a battlefield if any enemy units are there.")
    assert [c.args[1:] for c in ab.conditions if c.kind == "effect-if:at-battlefield"] == [("any enemy units",)]
    (e,) = effects("This Province has +5 Province Strength.")
    assert (e.kind, e.stat, e.amount) == ("modify-stat", "strength", 5)


def test_ignoring_the_bowing_costs_of_the_action():
    (e,) = effects("Ignore the action's bowing costs.")
    assert (e.kind, e.keyword, e.target.card_types) == ("ignore-cost", "bowing", ("action",))
    (e,) = effects("You may ignore this action's cost of bowing Isao.")
    assert (e.kind, e.keyword) == ("ignore-cost", "bowing")


def test_what_a_card_does_for_attaching_and_bonuses_not_given():
    ab = parse_ability("Your Peasant Weapons do not dishonor Personalities for attaching them.")
    (e,) = ab.effects
    assert (e.kind, e.keyword, e.target.card_types) == ("cannot-dishonor", "for-attaching", ("personality",))
    assert [c.args[1] for c in ab.conditions if c.kind == "effect-by"] == ["your-peasant-weapons"]
    (e,) = effects("Items do not give bonuses.")
    assert (e.kind, e.target.card_types) == ("no-bonuses", ("item",))


def test_refusing_one_challenge_and_choosing_not_to():
    (e,) = effects("The Samurai's controller may not choose to refuse any challenge created by the action.")
    assert e.kind == "cannot-refuse-duel"
    assert e.values[0].text == "the action"
    (e,) = effects("He may not refuse a challenge from Haruki.")
    assert (e.kind, e.values[0].text) == ("cannot-refuse-duel", "Haruki")


def test_an_additional_action_of_one_kind_and_its_performer():
    ab = parse_ability("Battle: You may take an additional Battle action, which must be Iaijutsu and which Kenzo "
                       "must perform.")
    assert ab.structured, ab
    extra, performer = ab.effects
    assert (extra.kind, extra.keyword) == ("additional-action", "Iaijutsu")
    assert (performer.kind, performer.target.text) == ("must-perform", "Kenzo")
    assert not executes(ab)  # an action of one kind only is not what the engine grants


def test_contributing_force_even_while_bowed():
    (e,) = effects("He contributes Force to his army even if bowed.")
    assert (e.kind, e.target.ref) == ("force-contribution-bowed", "it")
    (e,) = effects("Your Spirits contribute Force to their army even while bowed.")
    assert (e.kind, e.target.text) == ("force-contribution-bowed", "Your Spirits")
    ab = parse_ability("While this Shugenja is Water, he contributes Force to his army even if bowed.")
    assert ab.structured and [c.kind for c in ab.conditions] == ["effect-while:is"]
    # another state is no permission the grammar knows
    assert not parse_ability("He contributes Force even while unbowed.").structured


def test_assigned_to_attack_you_only():
    [e] = effects("She may not be assigned to attack you.")
    assert (e.kind, e.keyword) == ("cannot-assign", "attack-you")


def test_the_ring_a_player_starts_with():
    [e] = effects("The Ring you start with must be Void.")
    assert e.kind == "must-have-keyword" and e.keyword == "Void"
    assert e.target.card_types == ("ring",) and e.target.states == ("starting",)


def test_cards_at_this_province_are_a_description_not_a_name():
    first, second = effects("Castles at this Province give no bonuses and their abilities may not be used.")
    assert first.kind == "no-bonuses"
    assert first.target.ref == "each" and first.target.keywords == ("Castles",)
    assert first.target.states == ("at:this-province",)
    assert second.kind == "cannot-use-abilities"


def test_no_positive_modifiers_to_force():
    [e] = effects("Weapons do not give bonuses or positive Modifiers to Force.")
    assert (e.kind, e.keyword) == ("no-bonuses", "force")
    assert not parse_ability("Weapons do not give bonuses or positive Tokens to Force.").structured


def test_recruit_from_the_discard_pile_even_if_dead():
    ab = parse_ability("You may Recruit Kenji from the discard pile even if he is dead.")
    assert ab.structured
    [e] = ab.effects
    assert e.kind == "recruit" and e.target.zone == "discard"
    kinds = [c.kind for c in ab.conditions]
    assert "effect-optional" in kinds and "even-if" in kinds


def test_not_destroyed_for_a_stat_at_zero():
    [e] = effects("Kenji is not destroyed for having 0 Chi.")
    assert (e.kind, e.stat, e.amount) == ("not-destroyed-for-stat", "chi", 0)
    assert not parse_ability("Kenji is not bowed for having 0 Chi.").structured


def test_other_additional_actions_and_two_sets_of_abilities():
    (e,) = effects("You will not take any other additional Battle actions.")
    assert (e.kind, e.keyword) == ("cannot-take-actions", "additional-battle")
    both = effects("His abilities, and the abilities on his other Items, cannot be used.")
    assert [e.kind for e in both] == ["cannot-use-abilities", "cannot-use-abilities"]
    assert both[0].target != both[1].target


def test_honor_treated_as_higher():
    (e,) = effects("When a Lobby action checks Family Honor, your Honor is treated as 15 points higher.")
    assert (e.kind, e.amount, e.stat, e.target.ref) == ("honor-treated-higher", 15, "family-honor", "you")
    assert not executes(parse_ability("When a Lobby action checks Family Honor, your Honor is treated as "
                                      "15 points higher."))


def test_what_the_first_opportunity_action_must_be():
    first, = effects("You have the first opportunity to take a Battle action in this battle, which must be a "
                     "Kiho action.")
    assert (first.kind, first.keyword) == ("first-opportunity", "Kiho")
    first, performer = effects("You have the first chance to take a Battle action in this battle, which must be "
                               "performed by your Scout.")
    assert first.kind == "first-opportunity" and performer.kind == "must-perform"
    assert "scout" in performer.target.text.lower()
    first, source = effects("You have the first opportunity in this battle to pass or take a Battle action, "
                            "which must come from a card in a unit.")
    assert first.kind == "first-opportunity" and source.keyword == "first-opportunity-source"
    # only the first opportunity's action is described so: another effect is left unread
    assert not parse_ability("Bow a Personality, which must be a Kiho action.").structured


def test_instead_of_a_doing():
    bonus, instead = effects("You may give her +2 to her duel stat instead of focusing.")
    assert (bonus.kind, bonus.amount) == ("duel-stat-bonus", 2)
    assert (instead.kind, instead.keyword) == ("instead-of", "focus")
    kinds = [(e.kind, e.keyword) for e in effects("You may bow this card instead of bowing a Ring to pay a cost.")]
    assert ("instead-of", "bow-to-pay-cost") in kinds
    kinds = [(e.kind, e.keyword) for e in effects(
        "Instead of drawing a card for bringing this Personality into play, you may draw two cards.")]
    assert ("instead-of", "draw-for-entering-play") in kinds
    kinds = [(e.kind, e.keyword) for e in effects(
        "Once per duel, instead of focusing that time, you may give your Personality +1 to his duel stat.")]
    assert kinds == [("duel-stat-bonus", None), ("instead-of", "focus")]
    # a doing outside the closed list is not read
    assert not parse_ability("You may bow him instead of sulking.").structured


def test_focusing_from_the_discard_pile_instead():
    ab = parse_ability("Before you focus in a duel involving your Unicorn Clan Personality: You may focus from "
                       "your discard pile instead.")
    assert ab.structured and ab.trigger.event.startswith("you-focus;")
    (e,) = [x for x in ab.effects if isinstance(x, Effect)]
    assert (e.kind, e.keyword) == ("focus-from", "discard")
    assert not executes(ab)


def test_a_list_of_a_card_s_events():
    negate = effects("Negate Sato's destruction, bowing, and movement from the action's effects.")[-1]
    assert negate.kind == "negate" and negate.target.card_types == ("destruction|bowing|movement",)
    kinds = [e.kind for e in effects("Bowing, movement, and destruction from Battle actions Sato performs will "
                                     "not be negated or delayed.")]
    assert kinds == ["cannot-negate", "cannot-delay"]


def test_until_after_a_moment_is_scoped_not_a_duration():
    ab = parse_ability("Give him -2F until after the action resolves.")
    assert ab.structured and [e.kind for e in effects("Give him -2F until after the action resolves.")] == ["modify-stat"]
    assert [c.kind for c in ab.conditions] == ["effect-until-after"]
    assert not executes(ab)
    ab = parse_ability("It will not straighten until after your next Action Phase.")
    assert [c.args[-1] for c in ab.conditions] == ["your-next-action-phase-ends"]
    ab = parse_ability("You cannot target other players or their cards this battle until after their next "
                       "opportunity to take a Battle action.")
    assert ab.structured and [c.args[-1] for c in ab.conditions] == ["their-next-battle-action-opportunity"]


def test_a_permission_limited_after_but():
    reuse, limit = effects("You may use its abilities a second time, but they do not give Force bonuses to "
                           "attacking Personalities.")
    assert (reuse.kind, limit.kind, limit.keyword) == ("reuse-ability", "no-bonuses", "force")


def test_other_actions_give_no_new_additional_battle_actions():
    ab = parse_ability("Other actions will not give you new additional Battle actions.")
    assert ab.structured, ab
    (e,) = [x for x in ab.effects if isinstance(x, Effect)]
    assert (e.kind, e.keyword, e.target.ref) == ("cannot-take-actions", "additional-battle", "you")
    # only what other actions give is kept out: an effect-by condition names the source
    assert any(c.kind == "effect-by" for c in ab.conditions)


def test_must_declare_and_must_assign_opposing_an_army():
    ab = parse_ability("The loser must declare an attack this turn and must assign his Personality from the "
                       "duel, opposing an army if possible.")
    assert ab.structured, ab
    declare, assign = [x for x in ab.effects if isinstance(x, Effect)]
    assert (declare.kind, declare.keyword) == ("must-declare-attack", "this-turn")
    assert (assign.kind, assign.keyword, assign.values) == ("must-assign", "attack", ("opposing-army-if-possible",))
    assert "in-duel" in assign.target.states
