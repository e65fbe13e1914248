"""Possessive targets followed through their owner (adjudicator.games.l5r.possessive)."""

from adjudicator.games.l5r import ability as A
from adjudicator.games.l5r import effects as E
from adjudicator.games.l5r import possessive
from adjudicator.games.l5r.procedure import target_specs


def _effect(text: str, index: int = 0):
    ab = A.parse_ability(text)
    return ab, ab.effects[index]


def test_owner_target_reads_the_owner_phrase_as_a_target():
    _, clause = _effect("Open: Straighten your target performing Samurai's unit.")
    owner = possessive.owner_target(clause.target)
    assert owner is not None
    assert owner.ref == "target" and owner.owner == "you"
    assert owner.keywords == ("Samurai",) and owner.states == ("performing",)
    # the same object each time: the procedure binds targets by identity
    assert possessive.owner_target(clause.target) is owner


def test_owner_target_is_a_target_of_the_action():
    ab, clause = _effect("Open, Bow this card: A target Holding's abilities may not be used.")
    specs = target_specs(ab)
    assert len(specs) == 1 and specs[0].card_types == ("holding",)
    assert specs[0] is possessive.owner_target(clause.target)


def test_a_cards_own_target_is_not_an_owner_that_is_a_target():
    # "Reigoro's target Follower": a card of Reigoro's, chosen as a target -- not followed here
    _, clause = _effect("Battle: Bow Reigoro's target unbowed Follower.")
    assert possessive.owner_target(clause.target) is None


def test_the_enemy_personality_is_the_one_target_so_named():
    ab, clause = _effect("Battle: Target your Courtier and an enemy Personality: Move them to the current "
                         "battlefield. Straighten the enemy Personality's unit.", 1)
    owner = possessive.owner_of(ab, clause.target)
    assert owner is not None and owner.card_types == ("personality",) and owner.owner == "opponent"


def test_the_enemy_noun_needs_an_enemy_target():
    ab, clause = _effect("Battle: Target your Courtier and your Personality: Move them to the current "
                         "battlefield. Straighten the enemy Personality's unit.", 1)
    assert possessive.owner_of(ab, clause.target) is None


def test_followed_possessives_execute():
    for text in ("Open, Bow this card: A target Holding's abilities may not be used.",
                 "Open: Straighten your target performing Samurai's unit.",
                 "Ninja Open: Remove a target Personality's abilities (until the turn ends)."):
        assert E.executes(A.parse_ability(text)), text


def test_owner_states_must_be_the_owner_phrases_own():
    # the possessive kept a state the owner phrase does not say: the words are not read alike
    from dataclasses import replace

    ab = A.parse_ability("Open: Straighten your target performing Samurai's unit.")
    assert E.executes(ab)
    clause = ab.effects[0]
    odd = replace(clause, target=replace(clause.target, states=("of-target", "bowed")))
    assert possessive.owner_target(odd.target) is None
    assert not possessive.read(replace(ab, effects=(odd,)), odd)


def test_more_words_after_the_owner_are_not_claimed():
    # "your target Personality's unit <and something more>": a word about the unit the engine does not read
    from dataclasses import replace

    ab = A.parse_ability("Open: Straighten your target Personality's unit.")
    clause = ab.effects[0]
    more = replace(clause, target=replace(clause.target, states=("of-target", "bowed")))
    assert possessive.owner_target(more.target) is not None
    assert possessive.extra_states(more.target) == ("bowed",)
    assert not possessive.read(replace(ab, effects=(more,)), more)


def test_his_after_a_chosen_card_is_that_card():
    # "choose your performing Personality: Negate his …": the procedure binds "him" to the card chosen
    for text in ("Battle/Open: Bow this card and choose your performing Personality: Negate his destruction "
                 "from other players' cards' effects.",
                 "Reaction: Before the resolution of another player's action, choose your performing Personality: "
                 "Negate his movement from the action's effects."):
        assert E.executes(A.parse_ability(text)), text


def test_his_after_a_target_and_a_chosen_card_is_not_claimed():
    # two cards named before "his": which one, the words do not settle for the engine
    ab = A.parse_ability("Battle: Choose your performing Personality and target an enemy Personality: "
                         "Negate his destruction from other players' cards' effects.")
    from adjudicator.games.l5r.effects_negate import _named_before

    assert _named_before(ab, ab.effects[0])  # (the target: as before)
    ab = A.parse_ability("Battle: Choose your performing Personality and choose your Follower: "
                         "Negate his destruction from other players' cards' effects.")
    assert not _named_before(ab, ab.effects[0])


def test_an_interrupts_own_target_owner():
    ab = A.parse_ability("Interrupt: Negate your target Commander's movement from the action's effects.")
    specs = target_specs(ab)
    assert len(specs) == 1 and specs[0].keywords == ("Commander",)
    assert E.executes(ab)


def test_a_performer_chosen_after_this_card_left_play_is_not_claimed():
    # the discard is paid first; a card out of play has no performing Personality to choose
    ab = A.parse_ability("Battle/Open: Discard this card and choose your performing Personality: Negate his "
                         "destruction from other players' cards' effects.")
    assert not E.executes(ab)


def test_abilities_on_cards_in_that_unit():
    from adjudicator.games.l5r.effects_negate import _unit_owner

    ab = A.parse_ability("Battle: Target an enemy unit: Until this battle ends, abilities on cards now in that "
                         "unit may not be used.")
    assert E.executes(ab)
    assert _unit_owner(ab, ab.effects[0]).target.card_types == ("unit",)
    # "its unit": the card named just before, here the second target
    ab = A.parse_ability("Battle: Target your Personality and an enemy card: Abilities on other cards now in its "
                         "unit may not be used.")
    assert _unit_owner(ab, ab.effects[0]).target.owner == "opponent"
    # "that unit" after a Personality, not a unit: not settled
    ab = A.parse_ability("Battle: Target an enemy Personality: Abilities on cards now in that unit may not be used.")
    assert _unit_owner(ab, ab.effects[0]) is None


def test_a_title_owner_is_read_a_description_is_not():
    _, clause = _effect("Interrupt: Negate The Crimson Mountain Oni's movement from the action.")
    assert possessive.titled_owner(clause.target) == "The Crimson Mountain Oni"
    _, clause = _effect("Interrupt: Negate The Personality's movement from the action.")
    assert possessive.titled_owner(clause.target) is None


def test_movement_into_an_attacking_army_is_an_attackers_move_to_a_battlefield():
    from types import SimpleNamespace

    from adjudicator.games.l5r.interrupts import _into_attacking_army

    def pos(phase, active, choosing=None):
        return SimpleNamespace(timing=SimpleNamespace(phase=phase, active=active), memo={"_choosing": choosing})

    alices = SimpleNamespace(controller="Alice")
    assert _into_attacking_army(pos("attack", "Alice"), alices, "move-to-battle")
    assert not _into_attacking_army(pos("attack", "Bob"), alices, "move-to-battle")  # the Defender's card
    assert not _into_attacking_army(pos("action", "Alice"), alices, "move-to-battle")  # no attacking army
    assert not _into_attacking_army(pos("attack", "Alice", "home"), alices, "move-to-location")
    assert _into_attacking_army(pos("attack", "Alice", "battlefield-1"), alices, "move-to-location")
    assert not _into_attacking_army(pos("attack", "Alice"), alices, "move-home")
