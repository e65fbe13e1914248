"""Which "either:" target states (two descriptions kept whole) the engine checks."""

from adjudicator.games.l5r.states import checked


def test_two_typed_descriptions_are_checked():
    assert checked("either:a target attachment|a target dishonorable Personality")


def test_a_description_without_a_card_type_is_not_checked():
    # the description as a whole keeps only the Holding type: an Air Shugenja would be refused
    assert not checked("either:an Air Shugenja|a Holding")
    assert not checked("either:a dishonorable Personality|a card without attachments in a unit")


def test_a_description_lifting_the_location_limit_is_not_checked():
    assert not checked("either:a Spell at this battlefield|a Thunder Spell at any location")


def test_names_and_unsplit_words_are_not_checked():
    assert not checked("either:Ring|Moshi Tomiko")
    assert not checked("either:Spell or Kiho")


def test_non_before_a_keyword_or_type_is_checked_but_lowercase_words_only_as_before():
    assert checked("non-Naval") and checked("non-Stronghold") and checked("non-Spider Clan")
    assert checked("non-unique")  # (its own state word)
    assert not checked("non-Naval Personality with a Weapon")
