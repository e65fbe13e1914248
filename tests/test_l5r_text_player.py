"""Player/economy card text: Honor changes, Gold and costs, actions taken, worked-out amounts,
players named by clauses. Sentences are written in the card style for these tests."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.ability import Effect
from adjudicator.games.l5r.ability import EFFECT_KINDS, parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import run_text


def effects(text: str) -> list[Effect]:
    ab = parse_ability(text)
    assert ab.structured, ab
    return [e for e in (*ab.costs, *ab.effects) if isinstance(e, Effect)]


def test_kinds_are_in_the_closed_vocabulary():
    for kind in ("modify-honor-change", "cost-increase", "name-choice", "commit-seppuku", "become-honorably-dead",
                 "amount-at-most", "amount-plus", "raise-stat-to", "switch-stats", "negate-stat-changes"):
        assert kind in EFFECT_KINDS


def test_honor_losses_reduced_with_a_floor():
    (e,) = effects("Reduce all Honor losses from your Ninja cards by 2, to a minimum of 1.")
    assert (e.kind, e.keyword, e.amount, e.values) == ("modify-honor-change", "loss", -2, (1,))
    assert e.target.owner == "you" and e.target.card_types == ("card",) and e.target.keywords == ("Ninja",)


def test_next_honor_gains_increased():
    (e,) = effects("The next three Honor gains from your Holdings are increased by 1 each.")
    assert (e.keyword, e.amount, e.duration) == ("gain", 1, "next 3")
    assert e.target.card_types == ("holding",)


def test_gold_production_and_costs():
    (e,) = effects("Your Mines produce 1 additional Gold when they bow to produce Gold.")
    assert (e.kind, e.stat, e.amount) == ("modify-stat", "gold-production", 1)
    (e,) = effects("Actions on your Kihos cost 2 less Gold.")
    assert (e.kind, e.amount, e.keyword) == ("cost-reduction", 2, "less-gold")
    (e,) = effects("You Equip Armor for 1 more Gold.")
    assert (e.kind, e.amount, e.keyword) == ("cost-increase", 1, "equip-more-gold")
    assert e.target.owner == "you"
    (e,) = effects("This Follower has +2 Gold Cost.")
    assert (e.kind, e.stat, e.amount) == ("modify-stat", "gold-cost", 2)
    (e,) = effects("Has -3HR while you control the Ring of Fire.")
    assert (e.stat, e.amount) == ("honor-requirement", -3)


def test_additional_actions():
    (e,) = effects("Take two additional actions.")
    assert (e.kind, e.amount, e.keyword) == ("additional-action", 2, None)
    (e,) = effects("Take an additional Limited or Open action.")
    assert (e.amount, e.keyword) == (1, "Limited|Open")
    (e,) = effects("You may take an additional action appropriate to this phase.")
    assert e.keyword == "phase-appropriate"
    (e,) = effects("Take an additional action granted by it.")
    assert e.keyword == "from" and e.target.ref == "it"


def test_another_player_and_each_player_with():
    (e,) = effects("Target another player.")
    assert e.kind == "target" and e.target.ref == "opponent" and e.target.card_types == ("player",)
    (e,) = effects("Each player with 15 or more Family Honor loses 2 Honor.")
    assert (e.kind, e.amount) == ("lose-honor", 2)
    assert e.target.ref == "each" and e.target.card_types == ("player",)
    assert (e.target.tests[0].stat, e.target.tests[0].op, e.target.tests[0].value) == ("family-honor", ">=", 15)


def test_subject_may_acts_for_himself():
    ab = parse_ability("His controller may pay 3 Gold.")
    (e,) = ab.effects
    assert e.kind == "pay-gold" and e.target.card_types == ("controller",)  # he pays, not you
    assert ab.conditions[0].kind == "effect-optional" and ab.conditions[0].args[1] == "His controller"


def test_amounts_whichever_half_plus():
    es = effects("His controller loses Honor equal to his printed Personal Honor, or 2, whichever is lower.")
    assert [e.kind for e in es] == ["lose-honor", "amount-equal-to", "amount-at-most"]
    assert es[1].stat == "printed-personal-honor" and es[2].amount == 2
    es = effects("Lose Honor equal to half your starting Honor, rounded up.")
    assert es[1].stat == "half-starting-family-honor-rounded-up"
    es = effects("Gain Honor equal to its Focus Value, plus 2 if you control a Courtier.")
    assert [e.kind for e in es] == ["gain-honor", "amount-equal-to", "amount-plus"] and es[2].amount == 2


def test_stat_raise_reduce_switch():
    (e,) = effects("Raise his Chi to 4.")
    assert (e.kind, e.stat, e.amount) == ("raise-stat-to", "chi", 4)
    es = effects("Reduce the Force of a target Personality by this Shugenja's Chi.")
    assert [e.kind for e in es] == ["modify-stat", "amount-equal-to"] and es[1].amount == -1
    (e,) = effects("Switch his Force and Chi.")
    assert (e.kind, e.stat, e.keyword) == ("switch-stats", "force", "chi")


def test_negate_stat_changes():
    es = effects("Negate all current Force and Chi penalties on him from actions.")
    assert [(e.kind, e.stat, e.keyword) for e in es] == [("negate-stat-changes", "force", "penalties"),
                                                         ("negate-stat-changes", "chi", "penalties")]
    assert es[0].duration == "instant" and "changes-from:actions" in es[0].target.states
    (e,) = effects("Negate his next movement.")
    assert e.kind == "negate" and e.target.card_types == ("next-movement",)


def test_limits_counted_more_than_once_are_claimed_only_where_counted():
    # the procedure counts "twice" / "three times per turn" (procedure.LIMIT_TIMES), not other counts
    ab = parse_ability("Battle: Twice per turn: Give this Personality +1F.")
    assert ab.structured and ab.limit == "twice per turn"
    assert executes(ab)
    trait = parse_ability("After your Bushido Virtue action resolves, three times per turn: Give Rika +1F.")
    assert trait.limit == "three times per turn" and not executes(trait)


def test_possessed_card_is_not_a_plain_target():
    (e,) = effects("Bow Kenji's target unbowed Follower.")
    assert e.target.ref == "possessed" and "of-this" in e.target.states and "target" in e.target.states


def test_cost_worked_out_from_values_is_not_executable():
    # a card's Gold Cost and a player's starting Honor are worked out now (amounts.py); his Family Honor is not
    ab = parse_ability("Battle: Pay Gold equal to your Family Honor: Destroy a target Follower.")
    assert ab.structured and not executes(ab)


HEAD = """scenario "t"
game l5r
card "Herald" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Courtier text "Open: Each player with 10 or more Family Honor loses 3 Honor."
player Alice clan Crane family-honor 12
player Bob   clan Crab  family-honor 9
phase action
Alice home: "Herald"
"""


def test_each_player_with_honor_runs_in_the_engine():
    ab = parse_ability("Open: Each player with 10 or more Family Honor loses 3 Honor.")
    assert executes(ab)
    r = run_text(HEAD + 'Alice uses "Herald"\nexpect legal\nexpect Alice family-honor 9\nexpect Bob family-honor 9\n')
    assert r.passed, [f.render() for f in r.failures]


def test_his_controller_loses_honor_in_the_engine():
    text = HEAD.replace("Open: Each player with 10 or more Family Honor loses 3 Honor.",
                        "Open: Target a Personality. His controller loses 2 Honor.")
    text += 'Bob home: "Herald"\n'.replace('"Herald"', '"Bob Herald"')
    text = text.replace('card "Herald"', 'card "Bob Herald" personality force 1 chi 1 honor-requirement 0 '
                        'personal-honor 1 gold-cost 3 keywords Courtier\ncard "Herald"')
    assert executes(parse_ability("Open: Target a Personality. His controller loses 2 Honor."))
    r = run_text(text + 'Alice uses "Herald" targeting "Bob Herald"\nexpect legal\nexpect Bob family-honor 7\n'
                 'expect Alice family-honor 12\n')
    assert r.passed, [f.render() for f in r.failures]


EXTRA = """scenario "t"
game l5r
card "Courier" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Courtier text "Open: Gain 1 Honor. You may take an additional action."
card "Clerk" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Courtier text "Open: Gain 1 Honor."
player Alice clan Crane family-honor 12
player Bob   clan Crab  family-honor 9
phase action
Alice home: "Courier", "Clerk"
"""


def test_additional_action_keeps_the_opportunity():
    assert executes(parse_ability("Open: Gain 1 Honor. You may take an additional action."))
    r = run_text(EXTRA + 'Alice uses "Courier"\nexpect legal\nAlice uses "Clerk"\nexpect legal\n'
                 'expect Alice family-honor 14\n')
    assert r.passed, [f.render() for f in r.failures]


def test_without_an_additional_action_the_opportunity_passes():
    r = run_text(EXTRA + 'Alice uses "Clerk"\nexpect legal\nAlice uses "Courier"\nexpect illegal because L5R-ROUND\n')
    assert r.passed, [f.render() for f in r.failures]


def test_restricted_or_several_additional_actions_are_not_claimed():
    # ("Take two additional Battle actions" is read with two and carried out: test_l5r_actions_two_extra.py)
    assert not executes(parse_ability("Open: Gain 1 Honor. You may take an additional Limited or Open action."))
    assert not executes(parse_ability("As a Focus Effect, the duel's winner may take an additional action."))


def test_switch_force_and_chi_in_the_engine():
    text = EXTRA.replace('"Open: Gain 1 Honor."', '"Open: Target a Personality: Switch his Force and Chi."')
    text = text.replace('card "Clerk" personality force 1 chi 1', 'card "Clerk" personality force 2 chi 4')
    r = run_text(text + 'Alice uses "Clerk" targeting "Clerk"\nexpect legal\nexpect "Clerk" force 4\n'
                 'expect "Clerk" chi 2\n')
    assert r.passed, [f.render() for f in r.failures]


def test_verb_choice_two_targets_and_given_keyword():
    ab = parse_ability("Battle: Bow or destroy one of his Items: Draw a card.")
    assert [c.kind for c in ab.costs] == ["bow", "destroy"]
    assert [c.kind for c in ab.conditions] == ["effect-choice", "effect-choice"]
    es = effects("Target your Courtier and an enemy Personality.")
    assert [(e.kind, e.target.owner) for e in es] == [("target", "you"), ("target", "opponent")]
    (e,) = effects("Give your target Samurai Expendable.")
    assert (e.kind, e.keyword, e.target.keywords) == ("grant-keyword", "Expendable", ("Samurai",))


def test_in_it_and_need_not_bow():
    (e,) = effects("Destroy all dishonored cards in it.")
    assert e.target.ref == "each" and "in:it" in e.target.states
    (e,) = effects("Hiroshi need not bow to Lobby.")
    assert (e.kind, e.keyword) == ("need-not-bow", "Lobby")


def test_remove_keywords_from_a_card():
    es = effects("Remove Ronin and Ninja from Daigo.")
    assert [(e.kind, e.keyword) for e in es] == [("lose-keyword", "Ronin"), ("lose-keyword", "Ninja")]
    assert all(e.target.text == "Daigo" for e in es)


def test_remove_from_the_game_is_not_a_keyword_removal():
    (e,) = effects("Remove Daigo from the game.")
    assert e.kind == "remove-from-game"


def test_bonus_for_each_of_his_cards():
    es = effects("Daigo has +2F for each of his Spells.")
    assert [e.kind for e in es] == ["modify-stat", "amount-for-each"]
    assert es[0].amount == 2 and es[0].stat == "force"
    assert "Spells" in es[1].target.text


# ----- round 4


def test_bracketed_icons_are_costs():
    ab = parse_ability("Open, [bow]: Draw a card.")
    (c,) = ab.costs
    assert (c.kind, c.target.ref) == ("bow", "this")
    ab = parse_ability("Open, [*]: Draw a card.")
    (c,) = ab.costs
    assert (c.kind, c.amount) == ("pay-gold", None)


def test_two_keywords_before_a_card_type():
    (e,) = effects("Straighten your target Earth or Water Shugenja.")
    assert e.target.keywords == ("Shugenja",) and e.target.states == ("any-keyword:Earth|Water",)
    (e,) = effects("Bow a target Crane Clan or Ronin Follower.")
    assert e.target.card_types == ("follower",) and "any-keyword:Crane Clan|Ronin" in e.target.states
    (e,) = effects("Bow a target Holding or Doji Reju.")
    assert e.target.states == ("either:Holding|Doji Reju",)


def test_players_who_pick():
    es = effects("Each player targets and bows an unbowed Courtier.")
    assert [e.kind for e in es] == ["target", "bow"]
    assert "chosen-by:Each player" in es[0].target.states and es[1].target.ref == "it"
    es = effects("He chooses and destroys one of his Holdings.")
    assert [e.kind for e in es] == ["choose", "destroy"]
    assert not executes(parse_ability("Open: He chooses and destroys one of his Holdings."))


def test_a_card_and_his_followers():
    es = effects("Give him and each of his Followers +2F.")
    assert [(e.kind, e.amount) for e in es] == [("modify-stat", 2)]
    assert es[0].target.states == ("and-his:each of his Followers",)
    # "and his controller" is no group of cards: two clauses
    es = effects("Dishonor him and his controller loses 1 Honor.")
    assert [e.kind for e in es] == ["dishonor", "lose-honor"]


def test_abilities_removed():
    (e,) = effects("Remove an ability from a target Follower.")
    assert (e.kind, e.amount, e.target.card_types) == ("lose-abilities", 1, ("follower",))
    (e,) = effects("Remove all traits and abilities from her.")
    assert (e.kind, e.keyword, e.target.ref) == ("lose-abilities", "traits", "it")
    (e,) = effects("Remove a target Holding's abilities.")
    assert (e.kind, e.target.card_types, e.amount) == ("lose-abilities", ("abilities",), None)


def test_negated_events_and_their_sources():
    (e,) = effects("Negate his movement from other players' cards' effects.")
    assert e.kind == "negate" and e.target.card_types == ("movement",)
    assert "from:other players' cards' effects" in e.target.states
    (e,) = effects("Negate the dishonoring of your Samurai.")
    assert e.target.card_types == ("dishonoring",) and "of:your Samurai" in e.target.states
    (e,) = effects("Negate its remaining effects.")
    assert e.target.card_types == ("remaining-effects",)


def test_restrictions_joined_by_and():
    (e,) = effects("Bow a target Personality with lower Chi and without a Weapon.")
    assert e.target.states == ("cmp:chi<this", "has-no:Weapon")
    (e,) = effects("Bow a target card without attachments and equal or lower Force.")
    assert e.target.states == ("no-attachments", "cmp:force<=this")


def test_and_before_a_verb_ends_the_clause():
    es = effects("Give each Ronin Personality +1F/+1C and give each Ronin Follower +1F.")
    assert [(e.stat, e.target.card_types) for e in es] == [
        ("force", ("personality",)), ("chi", ("personality",)), ("force", ("follower",))]
    es = effects("Give the target -1F, and dishonor him.")
    assert [e.kind for e in es] == ["modify-stat", "dishonor"]


def test_a_player_named_then_what_he_does():
    es = effects("Choose a player, who loses 3 Honor.")
    assert [(e.kind, e.amount) for e in es] == [("choose", None), ("lose-honor", 3)]
    assert es[1].target.ref == "it" and es[1].target.card_types == ("player",)
    ab = parse_ability("Open: Target another player, who may choose to gain 1 Honor.")
    assert [e.kind for e in ab.effects] == ["target", "gain-honor"]
    assert any(c.kind == "effect-optional" and c.args[1:] == ("another player",) for c in ab.conditions)


def test_targets_named_again_and_values_tested():
    (e,) = effects("Straighten both targets.")
    assert (e.target.ref, e.target.count, e.target.states) == ("it", 2, ("all-targets",))
    (e,) = effects("Target a Holding with a printed Gold Cost from 2 to 5.")
    assert [(t.stat, t.op, t.value) for t in e.target.tests] == [
        ("printed-gold-cost", ">=", 2), ("printed-gold-cost", "<=", 5)]
    (e,) = effects("Target an Item with a Gold Cost of 3.")
    assert [(t.stat, t.op, t.value) for t in e.target.tests] == [("gold-cost", "=", 3)]
    (e,) = effects("Target an Item with a Gold Cost of 3 or less.")
    assert [(t.stat, t.op, t.value) for t in e.target.tests] == [("gold-cost", "<=", 3)]


def test_abilities_used_again_and_more_gifts():
    (e,) = effects("You may use an ability on your target Holding an additional time.")
    # "an ability on ..." is the head "ability" with a post-modifier (it may take a relative clause)
    assert (e.kind, e.amount, e.target.card_types) == ("reuse-ability", 1, ("ability",))
    (e,) = effects("You may use each ability on your Stronghold a second time.")
    assert (e.kind, e.target.ref) == ("reuse-ability", "each")
    (e,) = effects("Its abilities may be used an additional time.")
    assert e.kind == "reuse-ability"
    (e,) = effects("Give one or two target Holdings +2 Gold Production each.")
    assert (e.kind, e.stat, e.amount) == ("modify-stat", "gold-production", 2)
    es = effects("Reduce his Chi by an amount equal to your Shugenja's Chi.")
    assert [(e.kind, e.stat, e.amount) for e in es] == [("modify-stat", "chi", None), ("amount-equal-to", "chi", -1)]
    (e,) = effects("Kenzo may Lobby as a Battle action.")
    assert (e.kind, e.keyword) == ("rules-action-timing", "Lobby:Battle")


def test_the_gain_or_loss_named_by_the_trigger():
    ab = parse_ability("Before you gain Honor: Reduce the gain to 2.")
    (e,) = ab.effects
    assert (e.kind, e.keyword, e.amount) == ("set-honor-change", "gain", 2)
    (e,) = effects("Negate the loss.")
    assert (e.kind, e.keyword) == ("negate-honor-change", "loss")
    (e,) = effects("Reduce one of the Honor gains or losses from the action to 0.")
    assert (e.kind, e.keyword, e.amount) == ("set-honor-change", "one-gain-or-loss", 0)
    (e,) = effects("Increase the Honor gain by 2.")
    assert (e.kind, e.keyword, e.amount) == ("modify-honor-change", "gain", 2)


def test_printed_keywords_and_attachment_states():
    ab = parse_ability("Battle: Target an enemy card with the printed Ninja keyword: Bow it.")
    assert ab.costs[0].target.states == ("printed-keyword:Ninja",)
    ab = parse_ability("Battle: Target an enemy card without bowed attachments: Bow it.")
    assert ab.costs[0].target.states == ("no-bowed-attachments",)
    assert not executes(ab)
    (e,) = effects("Choose your non-Crab Clan Personality.")
    assert "non-Crab Clan" in e.target.states


def test_transfers_between_cards():
    es = effects("Transfer an Item from one to the other.")
    assert [e.kind for e in es] == ["transfer", "attach-to"]
    assert es[0].target.card_types == ("item",) and es[1].target.states == ("the-other",)
    es = effects("Transfer your target Follower from one of your Personalities to another.")
    assert "from:one of your Personalities" in es[0].target.states and es[1].target.card_types == ("personality",)
    # "from your hand" stays the base reading elsewhere
    (e,) = effects("Put a Spell from your hand into play.")
    assert e.target.zone == "hand" or "hand" in e.target.text


def test_entering_play_and_buying_for_more_or_less_gold():
    (e,) = effects("Your non-Samurai Personalities enter play for 2 more Gold.")
    assert (e.kind, e.amount, e.target.owner) == ("cost-increase", 2, "you")
    (e,) = effects("You Recruit Bayushi Kan for 2 less Gold.")
    assert (e.kind, e.amount, e.keyword) == ("cost-reduction", 2, "recruit-less-gold")
    (e,) = effects("Kenzo Equips Water Spells for 1 less Gold.")
    assert (e.kind, e.keyword) == ("cost-reduction", "equip-less-gold")
    assert "bearer:Kenzo" in e.target.states


def test_bonus_or_penalty_equal_to_a_stat_is_a_choice_of_sign():
    ab = parse_ability("Battle: Target a Personality: Give it a Force bonus or penalty equal to this card's Chi.")
    assert ab.structured
    mods = [e for e in ab.effects if e.kind == "modify-stat"]
    amounts = [e for e in ab.effects if e.kind == "amount-equal-to"]
    assert [m.stat for m in mods] == ["force", "force"]
    assert [(a.stat, a.amount) for a in amounts] == [("chi", 1), ("chi", -1)]
    choices = sorted(c.args[1] for c in ab.conditions if c.kind == "effect-choice")
    assert choices == ["option 1 of 2"] * 2 + ["option 2 of 2"] * 2
    assert executes(ab)


def test_force_or_chi_bonus_is_a_choice_of_stat():
    ab = parse_ability("Battle: Give this card a Force or Chi bonus equal to your Stronghold's Gold Production.")
    assert ab.structured
    mods = [e for e in ab.effects if e.kind == "modify-stat"]
    assert [m.stat for m in mods] == ["force", "chi"]
    assert all(e.amount == 1 for e in ab.effects if e.kind == "amount-equal-to")
    assert sum(c.kind == "effect-choice" for c in ab.conditions) == 4


def test_value_changed_by_half_another_value():
    ab = parse_ability("Battle: Increase a target Personality's Gold Cost by half this card's Chi, rounded up.")
    assert ab.structured
    mod, amt = ab.effects
    assert (mod.kind, mod.stat, mod.amount) == ("modify-stat", "gold-cost", None)
    assert (amt.kind, amt.stat, amt.amount) == ("amount-equal-to", "half-chi-rounded-up", 1)
    ab = parse_ability("Battle: Increase or decrease a target Holding's Gold Production by half this card's Chi.")
    assert [(e.kind, e.amount) for e in ab.effects if e.kind == "amount-equal-to"] == [
        ("amount-equal-to", 1), ("amount-equal-to", -1)]
    assert {e.stat for e in ab.effects if e.kind == "modify-stat"} == {"gold-production"}
    assert sum(c.kind == "effect-choice" for c in ab.conditions) == 4


def test_second_option_paid_for():
    ab = parse_ability("Bow this card: Produce 1 Gold, or lose 2 Honor to produce 4 Gold.")
    assert ab.structured
    assert [(e.kind, e.amount) for e in ab.effects] == [("produce-gold", 1), ("lose-honor", 2), ("produce-gold", 4)]
    options = sorted((c.args[0], c.args[1]) for c in ab.conditions if c.kind == "effect-choice")
    assert options == [("effect 0", "option 1 of 2"), ("effect 1", "option 2 of 2"), ("effect 2", "option 2 of 2")]


def test_honor_gains_reduced_by_half_a_value():
    (e, amt) = effects("Reduce each Honor gain from the action by half this card's Chi, rounded down.")
    assert (e.kind, e.keyword, e.amount) == ("modify-honor-change", "gain", None)
    assert (amt.kind, amt.stat, amt.amount) == ("amount-equal-to", "half-chi-rounded-down", -1)


# ----- round 6
def test_value_limits_as_gifts():
    (e,) = effects("The target has a maximum Chi of 3.")
    assert (e.kind, e.stat, e.amount) == ("stat-maximum", "chi", 3)
    (e,) = effects("A target Follower has a minimum Force of 2.")
    assert (e.kind, e.stat, e.amount, e.target.ref) == ("stat-minimum", "force", 2, "target")
    kw, lim = effects("This Personality has Fallen and a maximum Personal Honor of 1.")
    assert (kw.kind, kw.keyword) == ("grant-keyword", "Fallen")
    assert (lim.kind, lim.stat, lim.amount) == ("stat-maximum", "personal-honor", 1)
    lim, mod = effects("Give all your Ninja a minimum of 2 Chi and -1F.")
    assert (lim.kind, lim.stat, lim.amount) == ("stat-minimum", "chi", 2)
    assert (mod.kind, mod.stat, mod.amount) == ("modify-stat", "force", -1)


def test_one_keyword_of_two():
    (e,) = effects("Give him either Naval or Scout.")
    assert (e.kind, e.keyword) == ("grant-keyword-choice", "Naval|Scout")


def test_family_names_and_locations():
    ab = parse_ability("Open: Target two Personalities with the same Family Name: Bow them.")
    assert ab.structured and "same-family-name" in repr(ab)
    assert "family-name-of:this" in repr(parse_ability("Your Samurai with this Personality's Family Name have +1F."))
    assert "different-locations" in repr(parse_ability("Open: Target two Personalities at different locations: Bow them."))


def test_ability_without_a_cost():
    (e,) = effects("This Follower's printed ability has no bow cost.")
    assert (e.kind, e.keyword, e.values) == ("ignore-cost", "bowing", ("printed-ability",))
    (e,) = effects("This card's ability has no Gold Cost.")
    assert (e.kind, e.keyword, e.values) == ("ignore-cost", "gold", ("ability",))


def test_element_keywords_and_control():
    (e,) = effects("This Shugenja has the element keywords of every Ring you control.")
    assert (e.kind, e.keyword, e.target.card_types) == ("copy-keyword", "element", ("ring",))
    (e,) = effects("Give control of him to his owner.")
    assert (e.kind, e.values) == ("give-control", ("his owner",))
    assert not executes(parse_ability("Limited: Give control of this card to another player."))


def test_values_compared_with_another_value():
    ab = parse_ability("Destroy it if his Chi is greater than or equal to the attachment's Force.")
    assert ab.structured
    (c,) = [c for c in ab.conditions if "stat-compare" in c.kind]
    assert c.args[-4:] == ("his", "chi", ">=", "the attachment's Force")
    ab = parse_ability("Bring him into play if his Gold Cost is equal to or less than the amount paid.")
    assert ab.structured and any(c.args[-2:] == ("<=", "the amount paid") for c in ab.conditions
                                 if "stat-compare" in c.kind)
    # "greater than N" stays the base numeric comparison
    ab = parse_ability("Destroy it if his Chi is greater than 3.")
    assert ab.structured and not any("stat-compare" in c.kind for c in ab.conditions)
    ab = parse_ability("Open: Target a Personality whose Chi is different from his base Chi: Bow him.")
    assert ab.structured and "cmp:chi!=it" in repr(ab)


def test_lists_of_describing_words_and_types():
    (e,) = effects("Bow a target Ninja, Kolat, or dishonorable Personality.")
    assert e.target.states == ("any-of:keyword:Ninja|keyword:Kolat|state:dishonorable",)
    (e,) = effects("Bow a target Ninja or unbowed Follower.")
    assert e.target.states == ("any-of:keyword:Ninja|state:unbowed",) and e.target.card_types == ("follower",)
    # keywords only (one spelled like a state word): the base reading the engine checks
    (e,) = effects("Straighten your target Crab Clan or Fallen Personality.")
    assert e.target.states == ("any-keyword:Crab Clan|Fallen",)
    (e,) = effects("Your Nonhuman, non-Shadowlands Followers have +1F.")
    assert e.target.keywords == ("Nonhuman",) and "Shadowlands" in repr(e.target)
    (e,) = effects("Destroy a target Follower, Item, or Holding.")
    assert set(e.target.card_types) == {"follower", "item", "holding"}
    # a condition's list is not read as a card's describing words
    ab = parse_ability("Limited: Target a Personality: If he is dishonorable, Kolat, or Ninja, dishonor him.")
    assert "any-of:" not in repr(ab)


def test_prices_and_honor_changes_set_to_a_value():
    (e,) = effects("He enters play for 0 Gold.")
    assert (e.kind, e.amount, e.keyword) == ("cost-set", 0, "gold")
    ab = parse_ability("Your Ninja cards enter play for 1 less Gold and ignoring Honor Requirements.")
    assert ab.structured and any(c.kind == "effect-cost" for c in ab.conditions)
    e, amt, cap = effects("Increase the Honor gain to equal the number of your Farms in play, up to 4.")
    assert (e.kind, e.keyword) == ("set-honor-change", "gain")
    assert (amt.kind, amt.stat, amt.target.card_types) == ("amount-equal-to", "count", ("holding",)) or \
        (amt.kind, amt.stat) == ("amount-equal-to", "count")
    assert (cap.kind, cap.amount) == ("amount-at-most", 4)


def test_the_dead_and_holdings_that_produced():
    ab = parse_ability("Limited: Target your honorably dead Personality: Remove him from the game.")
    assert ab.structured and "died-honorably" in repr(ab) and "'dead'" in repr(ab)
    (e,) = effects("Straighten a target Holding that has not produced Gold.")
    assert "not-produced-gold" in e.target.states


def test_one_card_or_another_is_not_merged_silently():
    (e,) = effects("Bow a target Holding or your Stronghold.")
    assert e.target.states[-1] == "either:your Stronghold"
    assert not executes(parse_ability("Limited: Bow a target Holding or your Stronghold."))


def test_one_keyword_of_a_list_executes_when_each_is_one_word():
    assert executes(parse_ability("Open: Give Aya Cavalry, Duelist, or Tactician."))
    assert executes(parse_ability("Open: Choose your performing Samurai: Permanently give him either Naval or Scout."))
    # a two-word option cannot be named by "choosing WORD"
    assert not executes(parse_ability("Open: Give Aya Cavalry, Duelist, or Crab Clan."))


def test_favor_abilities_and_performers():
    ab = parse_ability("You may use Favor abilities one additional time per turn.")
    assert ab.structured and "Favor" in repr(ab)
    (e,) = effects("Bow the action's performers.")
    assert e.target.card_types == ("performer",)


def test_a_name_then_one_of_two_keywords_and_resolving():
    (e,) = effects("Give Tetsaka Naval or Scout.")
    assert (e.kind, e.keyword, e.target.ref) == ("grant-keyword-choice", "Naval|Scout", "this")
    ab = parse_ability("This Personality has +2F while other players' actions are resolving.")
    assert ab.structured and any(c.kind.endswith("resolving") for c in ab.conditions)


def test_your_two_cards_and_a_restriction_on_each():
    (e,) = effects("Bow your two target unbowed Personalities.")
    assert (e.target.count, e.target.owner, e.target.ref) == (2, "you", "target")
    (e,) = effects("Give two target enemy Personalities, each with a different Clan Alignment, -1F each.")
    assert (e.kind, e.amount) == ("modify-stat", -1)
    assert "different-clan-alignments" in e.target.states and e.target.count == 2


def test_give_each_with_an_alternative_amount():
    # "Give them each +1F, or +2F if C": the first amount unless C, the second if C
    ab = parse_ability("Battle: Give them each +1F, or +2F if they are defending.")
    assert ab.structured, ab
    assert [(e.kind, e.amount) for e in ab.effects] == [("modify-stat", 1), ("modify-stat", 2)]
    assert sorted(c.kind for c in ab.conditions) == ["effect-if:is", "effect-unless:is"]


# ----- restrictions joined by "or", values against printed values, counts of cards, owners

def test_either_of_two_restrictions():
    (e,) = effects("Bow a target enemy card with Kolat or without attachments.")
    assert e.target.states == ("either-of:has:Kolat||no-attachments",)
    (e,) = effects("Destroy a target Personality with a Weapon or with 2 or lower Chi.")
    assert e.target.states == ("either-of:has:Weapon||test:chi<=2",)
    # ", or with N ... if C" is the amount changed by a condition, not a second restriction
    assert not parse_ability("Bow a target Personality with 2 or lower Force, or with 3 or lower Force "
                             "if you control a Courtier.").structured


def test_values_below_printed():
    (e,) = effects("Dishonor a target Personality whose current Chi is lower than printed.")
    assert e.target.states == ("cmp:chi<it.printed-chi",)
    (e,) = effects("Bow a target Personality with lower Force than printed.")
    assert e.target.states == ("cmp:force<it.printed-force",)


def test_equal_or_lower_and_each():
    (e,) = effects("Bow a target enemy Personality with an equal or lower Chi.")
    assert e.target.states == ("cmp:chi<=this",)
    (e,) = effects("Destroy one or two target Followers with 2 or lower Force each.")
    assert [(t.stat, t.op, t.value) for t in e.target.tests] == [("force", "<=", 2)]


def test_value_now_and_counts_and_owners():
    (e,) = effects("Destroy each enemy target that now has 0 Chi.")
    assert [(t.stat, t.op, t.value) for t in e.target.tests] == [("chi", "=", 0)]
    (e,) = effects("Return a target attachment owned by another player to its owner's hand.")
    assert "owned-by:opponent" in e.target.states
    (e,) = effects("Bow a Holding you own and control.")
    assert e.target.owner == "you" and "owned-by:you" in e.target.states
    (e,) = effects("Straighten the Followers it bowed.")
    assert e.target.states == ("this-did:bowed",)


def test_one_of_another_cards_cards():
    (e,) = effects("Destroy one of this Personality's Armor.")
    assert (e.target.ref, e.target.count, e.target.keywords) == ("choice", 1, ("Armor",))
    assert "of-attached" in e.target.states
    (e,) = effects("Bow one of this Personality's unbowed Followers.")
    assert (e.target.ref, e.target.count, e.target.card_types) == ("choice", 1, ("follower",))
    assert "unbowed" in e.target.states


# ----- places, times, bonuses for good, choices

def test_into_play_at_a_location_and_when_the_turn_ends():
    (e,) = effects("Bring him into play at this Follower's location.")
    assert (e.kind, e.values) == ("put-into-play-at", ("this Follower",))
    ab = parse_ability("Bow him before the turn ends.")
    assert ab.structured and ab.conditions[0].kind == "effect-delayed"


def test_permanent_bonus_and_choice_after_a_comma():
    es = effects("Give him a permanent Chi bonus equal to his Personal Honor.")
    assert es[0].kind == "modify-stat" and es[0].stat == "chi" and es[0].duration == "permanent"
    es = effects("Bow your target Samurai, or straighten his Followers.")
    assert [e.kind for e in es] == ["bow", "straighten"]
    # the card itself, and what it performs without bowing
    es = effects("Need not bow for your Kata actions.")
    assert [(e.kind, e.target.ref) for e in es] == [("need-not-bow", "this"), ("need-not-bow-for", "choice")]


def test_one_of_two_gifts_and_the_enemy_named_before():
    es = effects("Give your attacking Samurai +2F, or all enemy Followers -2F.")
    assert [(e.target.owner, e.amount) for e in es] == [("you", 2), ("opponent", -2)]
    ab = parse_ability("Bow the enemy Personality, and dishonor him unless the enemy is Naga.")
    assert ab.structured


def test_prices_for_each_and_cards_of_other_players():
    ab = parse_ability("Equip up to two Items to your Personalities, paying 1 less Gold each.")
    assert ab.structured and any(c.kind == "effect-cost" for c in ab.conditions)
    es = effects("Gain 1 Honor for each Mine other players control.")
    assert [e.kind for e in es] == ["gain-honor", "amount-for-each"]
    assert es[1].target.owner == "opponent" and es[1].target.keywords == ("Mine",)
    ab = parse_ability("Negate his bowing and destruction from the action.")
    assert ab.structured


def test_one_of_the_active_players_cards_and_a_gold_cost_option():
    (e,) = effects("Bow one of the active player's unbowed Samurai Personalities.")
    assert (e.target.ref, e.target.count, e.target.card_types) == ("choice", 1, ("personality",))
    es = effects("Give her +1C or +2 Gold Cost.")
    assert [(e.stat, e.amount) for e in es] == [("chi", 1), ("gold-cost", 2)]


def test_cards_put_back_keywords_from_a_list_and_uses_counted():
    (e,) = effects("You may rearrange them.")
    assert (e.kind, e.target.ref) == ("reorder", "it")
    (e,) = effects("Give your target Samurai or Courtier Air, Fire, or Void.")
    assert (e.kind, e.keyword, e.target.ref) == ("grant-keyword-choice", "Air|Fire|Void", "target")
    (e,) = effects("Give Hiroshi's target Follower Naval.")
    assert (e.kind, e.keyword, e.target.ref, e.target.card_types) == ("grant-keyword", "Naval", "possessed", ("follower",))
    (e,) = effects("You may use this action three times per turn.")
    assert (e.kind, e.amount) == ("reuse-ability", 2)
    es = effects("You may use this Holding's printed ability one additional time per turn for each of your Farms in play.")
    assert [e.kind for e in es] == ["reuse-ability", "amount-for-each"]


def test_lobby_bonus_and_honor_victory():
    (e,) = effects("You have a +3 Lobby Bonus.")
    assert (e.kind, e.amount, e.target.ref) == ("lobby-bonus", 3, "you")
    es = effects("You have a Lobby Bonus of three times Toshi's Personal Honor.")
    assert [(e.kind, e.amount) for e in es] == [("lobby-bonus", None), ("amount-equal-to", 3)]
    assert es[1].stat == "personal-honor"
    (e,) = effects("Players need 5 more Honor to win an Honor Victory.")
    assert (e.kind, e.amount, e.target.ref) == ("honor-victory-threshold", 5, "each")


def test_picked_then_paid_for_or_tested():
    ab = parse_ability("You may target and bow your unbowed Courtier to dishonor the Personality.")
    assert ab.structured
    assert [e.kind for e in ab.effects] == ["bow", "dishonor"] and ab.effects[0].target.ref == "target"
    ab = parse_ability("You may target and destroy one of his Items if your Personality has a Weapon.")
    assert ab.structured and any(c.kind.startswith("effect-if") for c in ab.conditions)
    ab = parse_ability("Produce 1 Gold, or 2 Gold if you control a Samurai and the Imperial Favor.")
    assert ab.structured
    cond = next(c for c in ab.conditions if c.kind == "effect-if:all-of")
    assert "the Imperial Favor" in cond.args and "a Samurai" in cond.args


def test_abilities_removed_phases_and_transfers():
    (e,) = effects("Remove your Stronghold's ability.")
    assert (e.kind, e.target.card_types) == ("lose-abilities", ("stronghold",))
    ab = parse_ability("After a phase begins, straighten this Personality.")
    assert ab.structured and ab.trigger.event == "phase-begins"
    ab = parse_ability("After it transfers, straighten it.")
    assert ab.structured and ab.trigger.event == "card-transferred"
    ab = parse_ability("Straighten this Holding after your next Dynasty Phase begins.")
    assert ab.structured
    assert any(c.args[1:] == ("after-next", "your-dynasty-phase-begins") for c in ab.conditions)


def test_duels_with_a_named_card_focus_values_and_the_count_first():
    ab = parse_ability("This Item has +1F while this Personality is dueling a Personality with higher Chi.")
    assert ab.structured
    cond = next(c for c in ab.conditions if c.kind.endswith("dueling"))
    assert cond.args[1:] == ("this Personality", "a Personality with higher Chi")
    ab = parse_ability("Kenji has -2F while dueling Bayushi Aramasu.")
    assert ab.structured and any(c.kind.endswith("dueling") for c in ab.conditions)
    (e,) = effects("give +2 Focus Value to each of your focused cards.")
    assert (e.kind, e.stat, e.amount, e.target.states) == ("modify-stat", "focus", 2, ("focused",))
    es = effects("For each target with 0 Chi, his controller loses 2 Honor.")
    assert [e.kind for e in es] == ["lose-honor", "amount-for-each"]
    es = effects("This Personality has +1C and Imperial • Courtier.")
    assert [(e.kind, e.keyword) for e in es][1:] == [("grant-keyword", "Imperial"), ("grant-keyword", "Courtier")]


def test_either_description_two_targets_clan_or_keyword_and_quoted_names():
    (e,) = effects("Bow a target Item, or a target Follower with 2 or lower Force.")
    assert e.target.card_types == ("item", "follower")
    # each description keeps its restrictions: no card is bowed on the first one's alone
    assert e.target.states == ("either:a target Item|a target Follower with 2 or lower Force",)
    es = effects("Target your Samurai, and another of your Personalities at a different location.")
    assert [e.kind for e in es] == ["target", "target"]
    ab = parse_ability("This Personality has +1F if you are Lion Clan or have Courage or Courtesy.")
    assert ab.structured
    (cond,) = [c for c in ab.conditions if c.kind == "effect-if:any-of"]
    assert cond.args[1:] == ("clan-player/1", "Lion", "you-have/1", "Courage", "you-have/1", "Courtesy")
    (e,) = effects('Name "Holding", "Item", or "Region".')
    assert (e.kind, e.keyword) == ("name-choice", "word:Holding|Item|Region")
    es = effects("Choose your two target Personalities and transfer a target Follower on one of them to the other.")
    assert [e.kind for e in es] == ["choose", "transfer", "attach-to"]


def test_chosen_cards_nth_targets_designators_and_exceptions():
    (e,) = effects("Give your chosen performing Samurai +1F.")
    assert "chosen" in e.target.states
    (e,) = effects("Give a third different Personality you targeted -3F.")
    assert (e.target.ref, e.target.states, e.amount) == ("it", ("nth-target:3",), -3)
    (e,) = effects("This action has Home.")
    assert (e.kind, e.keyword) == ("action-designator", "Home")
    (e,) = effects("You are considered to have +3 Family Honor when Lobbying checks Honor.")
    assert (e.kind, e.amount, e.target.ref) == ("lobby-bonus", 3, "you")
    (e,) = effects("Negate any destruction of this card, except for its Personality being destroyed.")
    assert e.kind == "negate" and "except:host-destroyed" in e.target.states
    (e,) = effects("Choose an Honor gain or loss from another player's action and reduce it to 1.")
    assert (e.kind, e.keyword, e.amount) == ("set-honor-change", "one-gain-or-loss", 1)
    (e,) = effects("Destroy one or more target Followers with a total Force less than or equal to your Samurai's.")
    assert any(s.startswith("cmp:total-force<=") for s in e.target.states)
    (e,) = effects("Straighten your target card that was bowed by this Personality.")
    assert "was-bowed-by:this Personality" in e.target.states


def test_stat_bonuses_increased_numerals_and_action_limits():
    (e,) = effects("Akira's Chi bonuses from the rulebook Tactical Advantage action are increased by 1.")
    assert (e.kind, e.stat, e.keyword, e.amount) == ("modify-stat-change", "chi", "bonuses", 1)
    assert e.target.states == ("from:the rulebook Tactical Advantage action",)
    (e,) = effects("Increase by 2 all Force bonuses Akira receives.")
    assert (e.kind, e.amount, e.target.ref) == ("modify-stat-change", 2, "this")
    (e,) = effects("The Force penalty is increased by 2.")
    assert (e.keyword, e.amount, e.target.ref) == ("penalties", 2, "it")
    (e,) = effects("Increase a positive numeral on your target Item by 1.")
    assert (e.kind, e.amount, e.target.card_types) == ("modify-numeral", 1, ("item",))
    (e,) = effects("Akira may perform up to two Tactical actions per turn.")
    assert (e.kind, e.amount, e.keyword, e.values) == ("action-limit", 2, "Tactical", ("turn",))


def test_traits_used_as_controller_and_gold_produced():
    (e,) = effects("You, and not its owner, may use its Gold-producing traits as if you controlled it.")
    assert (e.kind, e.keyword, e.target.ref) == ("use-traits-as-controller", "gold-producing", "it")
    ab = parse_ability("Limited, pay Gold equal to the Stronghold's base Gold Production: Gain 2 Honor.")
    assert ab.structured and ab.costs[1].stat == "base-gold-production"
    ab = parse_ability("This Stronghold produces 2 less Gold when paying for a Holding.")
    assert ab.structured and ab.effects[0].amount == -2
    assert any(c.kind == "effect-if:paying-for" and c.args[1:] == ("a Holding",) for c in ab.conditions)
    ab = parse_ability("This Stronghold produces 5 Gold on your first turn.")
    assert ab.structured and (ab.effects[0].kind, ab.effects[0].amount) == ("set-stat", 5)
    es = effects("Enters play paying 1 less Gold for each Ring you control, up to two less Gold.")
    assert [(e.kind, e.amount) for e in es][1:] == [("amount-for-each", 1), ("amount-at-most", 2)]
    # the plain "for each" is unchanged
    es = effects("This card has +1F for each Lion Clan Personality you control.")
    assert [e.kind for e in es] == ["modify-stat", "amount-for-each"]


def test_imperial_allying_no_abilities_and_what_the_action_did():
    ab = parse_ability("Kenji has +2F while the enemy leader controls an Imperial card or the Imperial Favor.")
    assert ab.structured
    (cond,) = [c for c in ab.conditions if c.kind == "effect-while:any-of"]
    assert "an Imperial card" in cond.args and "the Imperial Favor" in cond.args
    ab = parse_ability("Limited, Target an allying Personality: Bow him.")
    assert ab.structured and "allying" in ab.costs[0].target.states
    ab = parse_ability("Straighten this Personality if this destroyed a card without abilities.")
    assert ab.structured
    ab = parse_ability("Reaction: After an action resolves, bow this card and target one of your Rings the action bowed: Straighten the Ring.")
    assert ab.structured and "action-did:bowed" in ab.costs[1].target.states
    ab = parse_ability("Limited, Target a Personality and destroy a different one of your Personalities: Bow the target.")
    assert ab.structured and ab.costs[1].target.states == ("different",)
    es = effects("Dishonor and remove all abilities from the loser.")
    assert [e.kind for e in es] == ["dishonor", "lose-abilities"]
    # the unchanged readings next to them
    assert parse_ability("Move him to a different battlefield.").structured
    assert effects('Give your target Holding the trait, "After this Holding bows, gain 1 Honor."')[0].kind == "grant-ability"


def test_actions_played_timings_and_keywords_given_or_taken():
    (e,) = effects("You may take an additional action to play it.")
    assert (e.kind, e.keyword, e.target.ref) == ("additional-action", "play", "it")
    (e,) = effects("You may take a Limited action on an Item as an Open action.")
    assert (e.kind, e.keyword, e.target.card_types) == ("ability-timing", "Limited/Open", ("item",))
    (e,) = effects("Kenji Lobbies without bowing.")
    assert (e.kind, e.keyword) == ("need-not-bow", "Lobby")
    ab = parse_ability("Give Cavalry to, or remove Cavalry from, a target Follower.")
    assert ab.structured and [e.kind for e in ab.effects] == ["grant-keyword", "lose-keyword"]
    assert sum(c.kind == "effect-choice" for c in ab.conditions) == 2
    es = effects("give her, or remove from her, Naval, Scout, or Duelist.")
    assert [(e.kind, e.keyword) for e in es] == [("grant-keyword-choice", "Naval|Scout|Duelist"),
                                                 ("lose-keyword-choice", "Naval|Scout|Duelist")]


def test_proclaim_gains_counted_current_effects_and_seppuku_had():
    es = effects("Increase your Honor gain from Proclaiming Akira to equal the number of Spirits, up to 4, you control.")
    assert [e.kind for e in es] == ["set-honor-change", "amount-equal-to", "amount-at-most"]
    assert (es[1].target.owner, es[1].target.keywords, es[2].amount) == ("you", ("Spirits",), 4)
    assert "proclaimed" in es[0].target.states
    (e,) = effects("Negate all current effects on it from other players' cards.")
    assert (e.kind, e.target.card_types) == ("negate", ("effect",))
    assert "current" in e.target.states and "from:other players' cards" in e.target.states
    # the stat-change reading next to it is unchanged
    (e,) = effects("Negate all current and new Chi penalties on this Personality.")
    assert e.kind == "negate-stat-changes"
    ab = parse_ability("His controller may have him commit seppuku.")
    assert ab.structured and ab.effects[0].kind == "commit-seppuku"


def test_a_state_or_a_clan_and_a_clan_or_a_keyword():
    ab = parse_ability("Straighten the Follower if the Personality is attacking or Lion Clan.")
    assert ab.structured
    (cond,) = [c for c in ab.conditions if c.kind == "effect-if:any-of"]
    assert cond.args[1:] == ("is/2", "the Personality", "attacking", "is-clan/2", "the Personality", "Lion")
    es = effects("Akira has +1F for each of your Personalities who is Lion Clan or a Samurai.")
    assert es[1].target.states == ("any-keyword:Lion Clan|Samurai",)


def test_honor_keyword_cards_and_honor_compared():
    (e,) = effects("Your Honor cards out of play have Courage.")
    assert (e.kind, e.keyword, e.target.keywords) == ("grant-keyword", "Courage", ("Honor",))
    ab = parse_ability("Gain 2 Honor if his controller has more Honor than you.")
    assert ab.structured
    assert any(c.args[1:] == ("his controller", "family-honor", ">", "you") for c in ab.conditions)


def test_the_game_lost_and_honor_lost_unchanged():
    ab = parse_ability("After this card is destroyed, you lose the game.")
    assert ab.structured and (ab.effects[0].kind, ab.effects[0].target.ref) == ("lose-game", "you")
    (e,) = effects("You lose 2 Honor.")
    assert (e.kind, e.amount) == ("lose-honor", 2)


def test_either_cards_value_and_cards_you_have_in_play():
    # "a Follower's or Personality's Force": one target of either type, its Force reduced
    es = effects("Reduce a target enemy Follower's or Personality's Force by 2.")
    assert es[0].kind == "modify-stat" and es[0].stat == "force"
    assert set(es[0].target.card_types) == {"follower", "personality"}
    # "you have in play" reads as "you control"
    have = effects("Gain 1 Honor for each Ancestor you have in play.")
    control = effects("Gain 1 Honor for each Ancestor you control.")
    def reading(es):
        return [(e.kind, e.amount, e.target and replace(e.target, text="")) for e in es]
    assert reading(have) == reading(control)


def test_a_fixed_amount_or_an_amount_per_card_whichever_is_lower():
    ab = parse_ability("Limited: Gain 3 Honor, or 1 Honor for each Ancestor you have in play, whichever is lower.")
    assert ab.structured and executes(ab)
    assert [(e.kind, e.amount) for e in ab.effects] == [
        ("gain-honor", 1), ("amount-for-each", 1), ("amount-at-most", 3)]
    assert ab.effects[1].target.keywords == ("Ancestor",) and ab.effects[1].target.owner == "you"
    es = effects("Gain 1 Honor, or 1 Honor for each Ancestor you control, whichever is greater.")
    assert es[-1].kind == "amount-at-least"


def conditions_of(text: str):
    ab = parse_ability(text)
    assert ab.structured, ab
    return ab.conditions


def test_values_held_read_as_the_base_value_tests():
    # "if he now has 0 Force" is the base "if his Force is 0"
    (has,) = conditions_of("Battle: Dishonor him if he now has 0 Force.")
    (is_,) = conditions_of("Battle: Dishonor him if his Force is 0.")
    assert has.kind == is_.kind == "effect-if:stat-value" and has.args[2:] == is_.args[2:] == ("force", "=", "0")
    # "3 or more Personal Honor" is one test, not "3 or more" cards of a kind
    (c,) = conditions_of("Battle: Give him +2F if he has 3 or more Personal Honor.")
    assert (c.kind, c.args[1:]) == ("effect-if:stat-at-least", ("he", "3", "personal-honor"))
    (c,) = conditions_of("Battle: Bow him if he has 2 or lower printed Force.")
    assert (c.kind, c.args[2:]) == ("effect-if:stat-at-most", ("2", "printed-force"))
    # the test is one of two in "has ..., or is ..."
    (c, _) = conditions_of("Open: If this Shugenja has 3 or more Chi, or is Void, bow him to draw a card.")
    assert c.kind == "effect-if:any-of" and "stat-at-least/3" in c.args


def test_a_card_was_of_a_clan():
    (c,) = conditions_of("Battle: Ranged 2 Attack. Straighten this card if the target was Crab Clan.")
    assert c.kind == "effect-if:is-clan" and c.args[1:] == ("the target", "Crab")


def test_either_clause_with_negate_remove_and_make():
    ab = parse_ability("Reaction: After another player's Battle action targets your Courtier: Either negate its "
                       "effects on him or make the player lose 1 Honor.")
    assert ab.structured
    assert [e.kind for e in ab.effects] == ["negate", "lose-honor"]
    assert [c.kind for c in ab.conditions] == ["effect-choice", "effect-choice"]
    assert ab.effects[1].target.card_types == ("player",)
    es = effects("Battle: Target a Region: Either destroy it or remove its traits and abilities.")
    assert [(e.kind, e.keyword) for e in es[1:]] == [("destroy", None), ("lose-abilities", "traits")]


def test_a_triggered_clause_with_its_own_condition():
    ab = parse_ability("Battle: Fear 2. After this bows the target, destroy it if it has 1 or lower Force.")
    assert ab.structured
    kinds = sorted(c.kind for c in ab.conditions)
    assert kinds == ["effect-if:stat-at-most", "effect-trigger"]


def test_bonuses_worked_out_from_sums_and_choices():
    es = effects("Battle: Give him a Force penalty equal to his Chi plus 2.")
    assert [(e.kind, e.amount, e.stat) for e in es] == [
        ("modify-stat", None, "force"), ("amount-equal-to", -1, "chi"), ("amount-plus", -2, None)]
    es = effects("Battle: Set his Force equal to his Chi or Personal Honor.")
    assert [(e.kind, e.stat) for e in es] == [("set-stat", "force"), ("amount-equal-to", "chi"),
                                              ("amount-equal-to", "personal-honor")]
    # a value added to a penalty has no sign the amount chain can carry; one of two cards' values
    # is not one value: neither is read
    assert not parse_ability("Battle: Give him a Force penalty equal to his Chi plus Personal Honor.").structured
    assert not parse_ability("Battle: Give him a Force penalty equal to the Chi of this Shugenja or the "
                             "Samurai.").structured


def test_a_bonus_with_a_floor_and_a_keyword_with_a_bonus():
    es = effects("Your Followers have +1F or a Force bonus equal to their Personal Honor, whichever is greater.")
    assert [(e.kind, e.amount) for e in es] == [("modify-stat", None), ("amount-equal-to", 1), ("amount-at-least", 1)]
    ab = parse_ability("Battle: Give him Stalwart and a Force bonus equal to his current Force. (A reminder.).")
    assert ab.structured
    assert [(e.kind, e.keyword) for e in ab.effects][:2] == [("grant-keyword", "Stalwart"), ("modify-stat", None)]
    # the plain keyword gift is unchanged
    (e,) = effects("Battle: Give him Stalwart.")
    assert (e.kind, e.keyword) == ("grant-keyword", "Stalwart")


def test_lower_value_than_his():
    es = effects("Battle: Bow your target Personality. Bow a target enemy card with lower Force than his.")
    assert es[1].kind == "bow" and es[1].target.states == ("cmp:force<it",)


def test_triggered_clause_guarded_by_unless():
    ab = parse_ability("Limited: Before each time a player gains Honor, reduce the gain by 2 unless he controls a Ninja.")
    assert ab.structured
    assert sorted(c.kind for c in ab.conditions) == ["effect-trigger", "effect-unless:controls"]


def test_two_conditions_with_what_this_did_and_a_value_at_most():
    (c,) = conditions_of("Battle: Bow him if he is Water and this destroyed a Follower.")
    assert c.kind == "effect-if:all-of" and "did/3" in c.args
    (e,) = effects("Battle: Target an enemy Personality with Chi equal to or lower than 3.")
    assert [(t.stat, t.op, t.value) for t in e.target.tests] == [("chi", "<=", 3)]


def test_the_honor_you_gain_from_your_next_rules_action():
    es = effects("Limited: Discard a card. Increase the Honor you gain from your next Proclaim this turn to equal "
                 "the card's Focus Value.")
    e = es[1]
    assert (e.kind, e.keyword) == ("set-honor-change", "gain")
    assert e.target.keywords == ("Proclaim",) and e.target.states == ("next", "this-turn") and e.target.owner == "you"
    assert (es[2].kind, es[2].stat) == ("amount-equal-to", "focus")


def test_a_pick_made_if_possible_and_two_cards_locations_switched():
    ab = parse_ability("Battle: Each player targets an unbowed Personality he controls there, if possible. Bow all targets.")
    assert ab.structured
    assert any(c.kind == "effect-mandatory" and "if-possible" in c.args for c in ab.conditions)
    es = effects("Battle: Target your Personality. Switch his and Hiro's location.")
    assert (es[1].kind, es[1].target.ref, es[1].values) == ("switch-locations", "it", ("Hiro",))


def test_either_condition_with_a_cards_value():
    (c, _) = conditions_of("Battle: Give him -1F, or -2F if you control a Ninja or your Stronghold's Gold Production is 3.")
    assert c.kind.endswith("any-of") and "stat-value/4" in c.args


def test_two_values_reduced_and_a_gift_alternative_after_a_trigger():
    es = effects("Battle: Target an enemy Personality. Reduce his Force and the Force of each of his Followers to 0.")
    assert [(e.kind, e.stat, e.amount) for e in es[1:]] == [("reduce-stat-to", "force", 0)] * 2
    assert es[2].target.card_types == ("follower",)
    ab = parse_ability("Battle: Fear 2. After this bows the target, give this Personality +1F, or +2F if he is Earth.")
    assert ab.structured
    kinds = sorted(c.kind for c in ab.conditions)
    assert kinds == ["effect-if:is", "effect-trigger", "effect-trigger", "effect-unless:is"]


def test_the_difference_between_compared_values_and_a_cap():
    es = effects("Battle: Target your Samurai and an enemy Samurai with lower Chi. Give your Samurai a Force bonus "
                 "equal to the difference, to a maximum of +4F.")
    kinds = [(e.kind, e.stat, e.amount) for e in es[2:]]
    assert kinds == [("modify-stat", "force", None), ("amount-equal-to", "difference", 1), ("amount-at-most", None, 4)]
    es = effects("Open: Target a Personality with lower Chi than printed. His controller loses Honor equal to the difference.")
    assert [(e.kind, e.stat) for e in es[1:]] == [("lose-honor", None), ("amount-equal-to", "difference")]
    es = effects("Open: Target a Personality with lower Chi than printed. His controller may pay Gold equal to the "
                 "difference plus 2.")
    assert [(e.kind, e.stat, e.amount) for e in es[1:]] == [
        ("pay-gold", None, None), ("amount-equal-to", "difference", 1), ("amount-plus", None, 2)]
    # a fixed bonus with a maximum is a stat limit, not a capped amount
    assert not parse_ability("Give your Samurai +2F, to a maximum of +4F.").structured


def test_cards_in_hand_or_provinces_and_either_kind_of_action():
    (e,) = effects("Look at three cards in his hand or Provinces.")
    assert (e.kind, e.target.count, e.target.zone) == ("look-at", 3, "hand|province")
    es = effects("Mitsu need not bow for your Kiho or Spell actions.")
    assert es[1].kind == "need-not-bow-for" and es[1].target.card_types == ("action",)
    assert es[1].target.states == ("any-of:keyword:Kiho|type:spell",)
    es = effects("This Personality need not bow for his Spells with an even Focus Value.")
    assert es[1].target.states == ("even:focus",)


def test_honor_victory_threshold_lowered_by_a_value():
    es = effects("The amount of Honor you need in order to win an Honor Victory is reduced by Hotaka's Chi minus one.")
    assert [(e.kind, e.stat, e.amount) for e in es] == [
        ("honor-victory-threshold", None, None), ("amount-equal-to", "chi", -1), ("amount-plus", None, 1)]


def test_other_players_cards_of_two_types():
    (e,) = effects("Other players' Personalities and Holdings have -1 Gold Cost.")
    assert (e.kind, e.stat, e.amount) == ("modify-stat", "gold-cost", -1)
    assert e.target.owner == "opponent" and e.target.card_types == ("personality", "holding")
    # their maximum hand size is the player's own value, not a card
    (e,) = effects("Other players' maximum hand sizes are reduced by 1.")
    assert e.target.ref == "opponent" and e.stat == "max-hand-size"


def test_no_player_and_neither_of_two():
    (e,) = effects("No player can gain Honor in Action Phases.")
    assert e.kind == "cannot-gain-honor" and e.target.ref == "each" and e.target.card_types == ("player",)
    es = effects("Open: Target two Personalities: Neither may perform actions this phase.")
    assert (es[-1].kind, es[-1].target.ref, es[-1].duration) == ("cannot-perform-actions", "it", "phase")


def test_one_of_two_optional_paid_effects():
    ab = parse_ability("Battle: Target your Holding. You may bow it to straighten Kenzo or you may bow Kenzo to "
                       "straighten it.")
    assert ab.structured
    assert [e.kind for e in ab.effects[1:]] == ["bow", "straighten", "bow", "straighten"]
    choices = sorted(c.args for c in ab.conditions if c.kind == "effect-choice")
    assert choices == [("effect 1", "option 1 of 2"), ("effect 2", "option 1 of 2"),
                       ("effect 3", "option 2 of 2"), ("effect 4", "option 2 of 2")]
    assert sum(c.kind == "effect-optional" for c in ab.conditions) == 4


def test_printed_values_compared_and_either_comparison():
    es = effects("Limited: Choose your performing Personality and target a Personality with lower base Chi: "
                 "Dishonor or rehonor the target.")
    assert "cmp:printed-chi<this" in es[1].target.states
    assert {e.kind for e in es[2:]} == {"dishonor", "rehonor"}
    es = effects("Battle: Target an enemy Personality with either equal or lower Force, or equal or lower Chi: Bow him.")
    assert es[0].target.states == ("any-of:cmp:force<=this|cmp:chi<=this",)
    es = effects("Battle: Choose your performing Commander and target an enemy card with as many or fewer Followers: "
                 "Bow it.")
    assert "cmp:count-follower<=this" in es[1].target.states


def test_costs_restated_and_reduced_by_a_value():
    (e,) = effects("Hiro's Invest is Pay 1 Gold.")
    assert (e.kind, e.keyword, e.amount) == ("keyword", "Invest", 1)
    es = effects("Reduce the Gold cost to Equip this Follower by the Personality's Chi.")
    assert [(e.kind, e.keyword, e.stat) for e in es] == [
        ("cost-reduction", "equip-less-gold", None), ("amount-equal-to", None, "chi")]


def test_stat_changes_and_effects_negated_together_and_two_traits_given():
    es = effects("Open: Target a Personality: Negate all Chi penalties on him and effects that prevent him "
                 "performing actions.")
    assert [e.kind for e in es[1:]] == ["negate-stat-changes", "negate"]
    ab = parse_ability('Limited: Give your target Samurai the traits, "Battle: Bow a target Follower." and '
                       '"Open: Gain 1 Honor."')
    grants = [e for e in ab.effects if e.kind == "grant-ability"]
    assert len(grants) == 2 and all(g.keyword == "trait" for g in grants)
    es = effects("Limited: You may target a Holding, and you may target a different Holding.")
    assert es[1].target.states == ("different",)


def test_exactly_one_target_yours_and_a_named_players_pick():
    es = effects("Limited: Target two Unique Personalities in play, exactly one of which is yours. Bow them.")
    assert es[0].target.count == 2 and "exactly-one-yours" in es[0].target.states
    ab = parse_ability("Open: Choose another player. He may choose to target and bow one of his unbowed Personalities.")
    assert ab.structured and any(e.kind == "bow" and e.target.ref == "target" for e in ab.effects)


def test_item_force_modifier_and_a_permanent_raise():
    es = effects("This Item's Force modifier equals this Personality's Chi.")
    assert [(e.kind, e.stat) for e in es] == [("set-stat", "force-modifier"), ("amount-equal-to", "chi")]
    es = effects("This Weapon's Force Modifier is equal to the number of Samurai you control, to a maximum of +2F.")
    assert [(e.kind, e.stat, e.amount) for e in es] == [
        ("set-stat", "force-modifier", None), ("amount-equal-to", "count", 1), ("amount-at-most", None, 2)]
    es = effects("Limited: Give this Personality a permanent Chi bonus raising his Chi to equal his Personal Honor.")
    assert (es[0].kind, es[0].stat, es[0].duration) == ("raise-stat-to", "chi", "permanent")
    assert (es[1].kind, es[1].stat) == ("amount-equal-to", "personal-honor")
    # the plain permanent bonus keeps its own reading
    (e, amt) = effects("Give him a permanent Chi bonus equal to his Personal Honor.")
    assert (e.kind, e.duration, amt.stat) == ("modify-stat", "permanent", "personal-honor")


def test_an_additional_action_to_use_a_cards_nth_printed_ability():
    es = effects("Battle: You may take an additional action to use Riku's second printed ability.")
    (e,) = es
    assert (e.kind, e.keyword) == ("additional-action", "use")
    assert e.target.card_types == ("ability",) and "nth:2" in e.target.states and "printed" in e.target.states


def test_a_capitalised_word_placed_among_other_cards_is_a_keyword():
    # "Fortification attached to ..." counts cards by keyword; it is not the card's own name
    es = effects("This Holding has +1GP for each Fortification attached to the current Province.")
    each = es[-1]
    assert each.kind == "amount-for-each"
    assert each.target.ref == "each" and each.target.keywords == ("Fortification",)
    assert "attached" in each.target.states
    # counted "at this battlefield": a counted noun is never the card's name either
    es = effects("Ranged 3 Attack with +1 strength for each Fortification at this battlefield.")
    assert es[-1].target.keywords == ("Fortification",) and "at-battlefield" in es[-1].target.states
    # a name moved "there" stays the card's own name
    es = effects("Move Tetsuo there.")
    assert es[0].target.ref == "this"


def test_names_with_an_apostrophe():
    (e,) = effects("Br'nn has +1F.")
    assert (e.kind, e.amount, e.target.ref) == ("modify-stat", 1, "this")
    ab = parse_ability("After M'rika enters play: Gain 2 Honor.")
    assert ab.structured and ab.trigger is not None
    # a possessive is still a possessive
    (e,) = effects("Give Kimi's target Personality +1F.")
    assert e.target.card_types == ("personality",)


def test_a_target_who_may_be_at_home():
    (e,) = effects("Battle: Target your Personality, who may be at home.")
    assert e.kind == "target" and "any-location" in e.target.states


def test_a_keyword_and_a_quoted_trait_given_together():
    es = effects('Open: Permanently give your target Samurai Expendable and the trait, "Limited: Gain 1 Honor."')
    assert [e.kind for e in es] == ["grant-keyword", "grant-ability"]
    assert es[0].keyword == "Expendable" and es[0].target.keywords == ("Samurai",)
    assert es[1].target == es[0].target


def test_a_type_or_a_keyword_card():
    (e,) = effects("You may straighten or bow a Ring or Air card.")
    assert e.kind == "bow-or-straighten"
    assert set(e.target.card_types) == {"ring", "card"}
    assert any(s.startswith("either:") for s in e.target.states)  # which side "Air" binds is kept


def test_keywords_chosen_from_a_printed_list():
    (e,) = effects("Choose two keywords; Courtier, Samurai, Archer.")
    assert (e.kind, e.keyword, e.amount, e.values) == ("name-choice", "keyword", 2, ("Courtier", "Samurai", "Archer"))


def test_a_delayed_redirection_of_targets():
    ab = parse_ability("Battle: The next time another player's action would target one of your Personalities, "
                       "it targets this Personality instead, if legal.")
    assert ab.structured
    (e,) = [e for e in ab.effects if isinstance(e, Effect)]
    assert e.kind == "redirect-target"
    assert any(c.kind == "effect-delayed" for c in ab.conditions)


def test_an_additional_action_to_play_a_card_for_any_of_its_actions():
    (e,) = effects("You may take an additional action to play the Strategy for one of its actions.")
    assert (e.kind, e.keyword) == ("additional-action", "play")


def test_keywords_and_a_quoted_trait_had_together():
    es = effects('Limited: Target your Personality: While this card remains in play, he has Elite and the trait, '
                 '"May assign even if bowed."')
    kinds = [e.kind for e in es]
    assert kinds == ["target", "grant-keyword", "grant-ability"]
    assert es[1].keyword == "Elite" and es[2].target == es[1].target
    # the granted trait has no subject: the card it is on
    nested = parse_ability("May assign even if bowed.")
    assert nested.structured and nested.effects[0].kind == "may-assign-bowed"
    assert nested.effects[0].target.ref == "this"
    # a plain list of keywords stays a list
    (a, b) = effects("He has Elite and Cavalry.")
    assert (a.keyword, b.keyword) == ("Elite", "Cavalry")


def test_either_before_a_choice_spelled_with_or():
    plain = effects("If you win, straighten this Follower or this Shugenja.")
    assert [e.kind for e in effects("If you win, either straighten this Follower or this Shugenja.")] == \
        [e.kind for e in plain]
    es = effects("Give a target Personality either +1F or -1F.")
    assert [(e.kind, e.amount) for e in es] == [("modify-stat", 1), ("modify-stat", -1)]
    assert [(e.kind, e.amount) for e in effects("Give a target Personality +1F or -1F.")] == [(e.kind, e.amount) for e in es]
    # "either" with no choice after it is no sentence
    assert not parse_ability("If you win, either bow him.").structured


def test_a_quoted_ability_given_without_the_word_ability():
    es = effects('Battle: Give your target Samurai "Battle: Ranged 2 Attack."')
    assert [e.kind for e in es] == ["grant-ability"] and es[0].target.keywords == ("Samurai",)
    es = effects('This Personality has +1F and "Battle: Ranged 2 Attack."')
    assert [e.kind for e in es] == ["modify-stat", "grant-ability"]


def test_a_token_and_a_permanent_ability():
    es = effects('Give this Personality a +1F token and the permanent ability, "Battle: Ranged 2 Attack."')
    assert [e.kind for e in es] == ["give-token", "grant-ability"]
    assert es[1].duration == "permanent" and es[0].duration is None
    # a plain "and" after the token still starts the next clause
    es = effects("Give it a +1F token and bow it.")
    assert [e.kind for e in es] == ["give-token", "bow"]


def test_a_bonus_raising_a_value_to_a_number_and_an_ability():
    es = effects('Open: Choose your performing Personality: Permanently give him a bonus raising his PH to 4 '
                 'and the ability, "Open: Draw a card."')
    assert [e.kind for e in es] == ["choose", "raise-stat-to", "grant-ability"]
    assert (es[1].stat, es[1].amount, es[1].duration) == ("personal-honor", 4, "permanent")
    assert es[2].duration == "permanent" and es[1].target == es[2].target


def test_a_card_created_with_a_trait_and_an_ability():
    es = effects('Limited: Create a 1F/1C/1PH Spirit Personality with the trait, "Has -2F while attacking." '
                 'and the ability, "Battle: Fear 4."')
    assert [(e.kind, e.keyword) for e in es] == [("create", None), ("grant-ability", "trait"), ("grant-ability", "ability")]
    assert es[1].target.ref == es[2].target.ref == "it"
