"""Target words read from a card's unit, its Clan Alignment and the current province: "in a
Cavalry unit", "whose total Force is 7 or higher", "an unaligned Personality", "with Force lower
than this battlefield's province's strength"."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from adjudicator.games.l5r.states import checked, clan_aligned, fits, unit_has_keyword


@pytest.mark.parametrize("state", [
    "fallen", "unaligned", "no-unbowed-attachments", "is:Courtier or Magistrate", "in-unit-with:Cavalry",
    "in-unit-with:Infantry", "cmp:total-force<=this.chi", "cmp:total-force<=this", "unit-cmp:total-force<this unit",
    "unit-value:total-force>=7", "cmp:force<=possessed.strength", "cmp:force<possessed.strength",
    "at-battlefield-of:Dairuko", "in-army", "controlled-by:the active player",
    "controlled-by:a player with four or more Holdings in play", "controlled-by:a player who controls five or more Holdings",
    "controlled-by:a player who controls a dishonorable Personality",
    "in-army:enemy", "in-unit-of:a dishonorable Personality", "in-army-of:Seasoned Ronin", "other-battlefield",
    # "in Tensin's unit": the card named is this card or its bearer; "with attachments"
    "in-unit-of:Tensin", "has-attachments",
])
def test_read(state):
    assert checked(state)


@pytest.mark.parametrize("state", [
    # "one or two Personalities whose total Chi ...": the targets' values added up (not read)
    "cmp:total-chi<=choice.chi", "cmp:total-force<choice.force",
    # "in the target's unit", "a Battle action's targets at another battlefield" (not read)
    "in-unit-of:the target",
    # a pronoun for the player: who "he" is is not kept
    "controlled-by:he",
])
def test_not_read(state):
    assert not checked(state)


class _Pos:
    """A position with only what the unit words ask: keywords, attachments and players."""

    def __init__(self, cards, attached, clans=()):
        self.copies = {c.uid: c for c in cards}
        self._attached = attached
        self.players = {f"P{i}": SimpleNamespace(attrs={"clan": clan}) for i, clan in enumerate(clans)}
        self.modifiers = []

    def keywords(self, copy):
        return list(copy.card.keywords)

    def has_keyword(self, copy, keyword):
        return keyword.casefold() in {k.casefold() for k in copy.card.keywords}

    def attachments_of(self, uid):
        return [self.copies[u] for u in self._attached.get(uid, ())]


def _card(uid, kind, *keywords, clan=None, attached_to=None, force=0):
    attrs = {"clan": clan} if clan else {}
    return SimpleNamespace(uid=uid, attached_to=attached_to, zone="battlefield 1", flags=set(), controller="A",
                           name=f"card {uid}", card=SimpleNamespace(type=kind, keywords=keywords, attrs=attrs,
                                                                    flags=set()), force=force)


def test_unit_keyword_needs_the_personality_and_every_follower():
    rider = _card(1, "personality", "Cavalry")
    horse = _card(2, "follower", "Cavalry", attached_to=1)
    foot = _card(3, "follower", attached_to=1)
    katana = _card(4, "item", "Weapon", attached_to=1)  # (an Item is not a Follower: it does not count)
    pos = _Pos([rider, horse, katana], {1: [2, 4]})
    assert unit_has_keyword(pos, rider, "Cavalry") and unit_has_keyword(pos, horse, "Cavalry")
    assert not unit_has_keyword(pos, rider, "Infantry")
    pos = _Pos([rider, horse, foot], {1: [2, 3]})
    assert not unit_has_keyword(pos, rider, "Cavalry")
    assert unit_has_keyword(pos, rider, "Infantry")  # "an Infantry unit": one without Cavalry


@pytest.mark.parametrize("keywords, clan, players, aligned", [
    (("Ronin",), None, (), False),
    (("Samurai", "Crab"), None, (), True),
    (("Samurai", "Crane Clan"), None, (), True),
    (("Samurai",), "Lion", (), True),  # the mon
    (("Naga",), None, ("Naga",), True),  # a clan only a player of this game has
    (("Naga",), None, ("Crab",), False),
])
def test_clan_alignment(keywords, clan, players, aligned):
    card = _card(1, "personality", *keywords, clan=clan)
    assert clan_aligned(_Pos([card], {}, players), card) is aligned


def test_unaligned_is_only_said_of_personalities():
    game = SimpleNamespace()
    holding = _card(1, "holding")
    ronin = _card(2, "personality", "Ronin")
    pos = _Pos([holding, ronin], {})
    assert fits(game, pos, None, holding, "unaligned") is False
    assert fits(game, pos, None, ronin, "unaligned") is True
