"""Which "either:" target states (two descriptions kept whole) the engine checks."""

from adjudicator.games.l5r.states import checked


def test_two_typed_descriptions_are_checked():
    assert checked("either:a target attachment|a target dishonorable Personality")


def test_a_description_naming_only_keywords_is_checked_and_leaves_the_type_open():
    # a side naming no type ("an Air Shugenja") leaves the whole description's type open, so the
    # target test lets every type through to the either-state, which checks each side
    assert checked("either:an Air Shugenja|a Holding")
    from adjudicator.games.l5r.ability import parse_ability

    spec = parse_ability("Open: Target an Air Shugenja or a Holding: Straighten it.").costs[0].target
    assert spec.card_types == ()


def test_a_description_naming_any_card_is_not_checked():
    # the whole keeps only the Personality type there: a Follower without attachments would be refused
    assert not checked("either:a dishonorable Personality|a card without attachments in a unit")


def test_a_description_lifting_the_location_limit_is_not_checked():
    assert not checked("either:a Spell at this battlefield|a Thunder Spell at any location")


def test_a_bare_type_or_a_title_is_checked_but_one_word_names_and_unsplit_words_are_not():
    # "a target Ring or Moshi Tomiko": the type named bare, or the card of that title
    assert checked("either:Ring|Moshi Tomiko")
    assert not checked("either:Ring|Tomiko")  # one word: a keyword, or this card's own name?
    assert not checked("either:Spell or Kiho")


def test_non_before_a_keyword_or_type_is_checked_but_lowercase_words_only_as_before():
    assert checked("non-Naval") and checked("non-Stronghold") and checked("non-Spider Clan")
    assert checked("non-unique")  # (its own state word)
    assert not checked("non-Naval Personality with a Weapon")
