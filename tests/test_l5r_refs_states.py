"""Describing words of targets that states.py reads: "any-of:" words, "either:" a type or a title,
"with attachments"."""

from adjudicator.games.l5r.states import _either_parts, checked


def test_any_of_words_are_checked_only_when_every_state_word_is():
    assert checked("any-of:keyword:Kolat|keyword:Ninja|state:dishonorable")
    assert checked("any-of:keyword:Berserker|state:unbowed")
    assert not checked("any-of:keyword:Ninja|state:no-such-state")


def test_either_a_bare_type_or_a_title():
    parts = _either_parts("either:Ring|Moto Ming-Gwok")
    assert parts is not None
    assert parts[0].card_types == ("ring",)
    assert parts[1] == ("titled", "Moto Ming-Gwok")


def test_either_one_word_name_is_not_read_as_a_title():
    # "Bow Tomiko or one of her Spells": a one-word name may be this card's own (never a target test)
    assert not checked("either:Tomiko|one of her Spells")
    assert not checked("either:Follower or Weapon")


def test_with_attachments_is_checked():
    assert checked("has-attachments")
