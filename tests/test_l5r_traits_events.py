"""Events the engine raises for triggers: engaging a battlefield (L5R-ATTACK), what an action did to whose card."""

from __future__ import annotations

from adjudicator.core.ability import Trigger
from adjudicator.games.l5r import ability as A
from adjudicator.games.l5r.effects import executes
from adjudicator.games.l5r.triggers import fires


def test_engaging_fires_anywhere_or_at_this_cards_battlefield():
    assert fires(Trigger(timing="after", event="engaging", text="after engaging"))
    assert fires(Trigger(timing="after", event="engaging;at=this-card", text="after engaging at this card's battlefield"))
    # "before" an engagement is no moment the engine stops at
    assert not fires(Trigger(timing="before", event="engaging", text="before engaging"))
    # a qualifier the engine does not check is refused
    assert not fires(Trigger(timing="after", event="engaging;by=opponent", text="after another player engages"))


def test_reaction_after_engaging_executes():
    ab = A.parse_ability("Reaction: After engaging at this card's battlefield: Gain 2 Honor.")
    assert ab.trigger.event == "engaging;at=this-card"
    assert executes(ab)


def test_action_did_to_a_card_whose_owner_the_words_say():
    from adjudicator.games.l5r.triggers import _did_whose

    assert _did_whose("personality-destroyed", "after another player's action resolves which destroyed one of your "
                      "Personalities") == "you"
    assert _did_whose("personality-dishonored", "after your action dishonors another player's Personality") == "opponent"
    # words the reader dropped that the engine does not check: refused
    assert _did_whose("personality-destroyed", "after another player's action destroys one of your Courtier or "
                      "Shugenja Personalities") is None
    # "moved ... to the current battlefield": read, the card moved that stands there (triggers._MOVED_TO)
    assert _did_whose("personality-moved", "after an action that moved a Personality to the current battlefield") == "any"
    assert _did_whose("personality-moved", "after an action that moved a Personality to or from the current "
                      "battlefield") is None
    assert _did_whose("personality-destroyed", "after your action resolves that destroyed any Personalities") is None


def test_trigger_words_the_event_drops_are_checked_or_refused():
    from adjudicator.games.l5r.triggers import _text_checks

    def checks(text, event):
        return _text_checks(Trigger(timing="after", event=event, text=text))

    assert checks("after this Follower enters play from your hand", "this-card-enters-play") == {"origin": "hand"}
    assert checks("after Kodanshi enters play from a Province", "this-card-enters-play") == {"origin": "province"}
    assert checks("after a Follower in this unit bows", "follower-bows") == {"in-unit": True}
    assert checks("after your performing Personality enters play", "personality-enters-play") == {"yours": True}
    assert checks("after this card bows", "this-card-bowed") == {}
    # words no check reads: the trigger is refused
    assert checks("after a Personality enters play at a battlefield", "personality-enters-play") is None
    assert not fires(Trigger(timing="after", event="personality-enters-play",
                             text="after a Personality enters play at a battlefield"))


def test_create_and_attach_in_a_trait():
    assert executes(A.parse_ability("After Renyu enters play, create a 1F Dog Follower and attach it to him."))
    assert executes(A.parse_ability("Invest Pay 1 Gold: Create a 0F Follower attach it to Koru."))
    # "them to your Personalities": a choice of hosts; "him" after an action's event: no card named
    assert not executes(A.parse_ability("After this Item enters play, create two 1F Followers, and attach them "
                                        "to your Personalities."))
    assert not executes(A.parse_ability("After your Limited action resolves, create a 1F Follower and attach it "
                                        "to him."))


def test_another_card_is_not_this_one():
    from adjudicator.games.l5r.triggers import _text_checks

    t = Trigger(timing="after", event="personality-proclaimed;by=you", text="after you Proclaim another Personality")
    assert _text_checks(t) == {"other": True}
    t = Trigger(timing="after", event="personality-dishonored", text="after another player's Personality is dishonored")
    assert "other" not in (_text_checks(t) or {})


def test_a_declined_attack_has_no_attack_phase_to_end():
    from .helpers import run_text

    r = run_text("""scenario "t"
game l5r
card "Tireless Captain" personality force 4 chi 2 honor-requirement 0 personal-honor 1 gold-cost 4 keywords Lion text "After an Attack Phase ends: Straighten this unit."
player Alice clan Lion family-honor 10
player Bob   clan Crab family-honor 10
phase attack
step declaration
Alice home: "Tireless Captain" bowed
Alice declines-attack
expect legal
expect phase dynasty
expect "Tireless Captain" bowed
""")
    assert r.passed, [f.render() for f in r.failures]


def test_courtesy_trigger_not_for_the_first_player():
    from .helpers import run_text

    r = run_text("""scenario "t"
game l5r
card "Takato" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 2 keywords Crane text "Courtesy: After you Recruit Takato, gain 1 Honor. (Courtesy traits do not take effect if you went first.)"
card "Gold Two" holding gold-cost 0 gold-production 2
player Alice clan Crane family-honor 10
player Bob   clan Crane family-honor 10
phase dynasty
Alice home: "Gold Two"
Alice province 1: "Takato"
Alice buys "Takato" with "Gold Two" discounted
expect legal
expect Alice family-honor 10
""")
    assert r.passed, [f.render() for f in r.failures]
