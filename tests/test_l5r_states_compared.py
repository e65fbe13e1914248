"""Target words the procedure reads itself: comparisons with a card named before, the lowest/highest
value, words about the targets together, a keyword said without an article, and who performed it."""
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.states import compared_read, compared_with, keyword_either


def _clause(ab, index=-1):
    clauses = [*ab.costs, *ab.effects]
    return [c for c in clauses if getattr(c, "target", None) is not None and c.target.ref == "target"][index]


def test_comparison_with_the_one_earlier_target_is_read():
    ab = parse_ability("Battle: Target your Personality. Bow a target enemy Personality with lower Chi than your Personality.")
    clause = _clause(ab)
    assert compared_with(ab, clause) is ab.effects[0]
    assert compared_read(ab, clause) == {"cmp:chi<choice"}


def test_comparison_with_two_earlier_cards_is_not_read():
    ab = parse_ability("Battle: Target your Personality and your Follower. Bow a target enemy Personality with lower "
                       "Chi than your Personality.")
    clause = _clause(ab)
    assert compared_with(ab, clause) is None
    assert not any(s.startswith("cmp:") for s in compared_read(ab, clause))


def test_a_choice_after_the_colon_is_not_known_when_targets_are_chosen():
    # the "Choose" is an effect, the target is chosen on announcement before it: not read
    ab = parse_ability("Battle: Target an enemy Personality. Choose your performing Duelist. Bow a target "
                       "Follower with lower Force than your Duelist's Chi.")
    assert compared_with(ab, _clause(ab)) is None


def test_lowest_and_same_player_words_are_read_on_action_targets_only():
    ab = parse_ability("Battle: Bow a target Personality with the lowest Personal Honor at this battlefield.")
    assert "lowest:personal-honor" in compared_read(ab, _clause(ab))
    ab = parse_ability("Open: Target one or two Personalities controlled by the same player: Dishonor them.")
    assert "same-controller" in compared_read(ab, _clause(ab))


def test_keyword_without_article_is_the_cards_keyword():
    ab = parse_ability("Battle: Bow a target enemy card with Shadowlands or without attachments.")
    spec = _clause(ab).target
    (state,) = [s for s in spec.states if s.startswith("either-of:")]
    assert keyword_either(spec, state) == ["keyword:Shadowlands", "no-attachments"]


def test_who_performed_it_is_read_in_a_reaction_to_an_action_only():
    ab = parse_ability("Reaction: After your Battle action resolves: Give a Personality who performed it +2F.")
    assert compared_read(ab, ab.effects[0]) == {"performed:it"}
