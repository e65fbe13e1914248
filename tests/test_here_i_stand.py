"""Here I Stand, Action phase: one group of tests per HIS- rule, the card-list loader, the scenarios."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicator.core.errors import ScenarioError
from adjudicator.core.registry import get_game
from adjudicator.core.runner import run_file, run_scenario
from adjudicator.core.scenario_parser import parse_scenario
from adjudicator.games.here_i_stand.carddb import CardDatabaseError, LoadResult, load_pool
from adjudicator.games.here_i_stand.powers import POWERS

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = REPO / "scenarios" / "here-i-stand"


def _shared() -> Path:
    env = os.environ.get("ADJUDICATOR_SHARED")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "shared"


CSV = _shared() / "data" / "here_i_stand" / "cards.csv"

HEAD = """scenario "t"
game here-i-stand
player Ottoman admin-rating 2
player Hapsburg admin-rating 2
player England admin-rating 1
player France admin-rating 1
player Papacy admin-rating 0
player Protestant admin-rating 2
"""


def run(body: str, head: str = HEAD):
    return run_scenario(parse_scenario(head + body, "t.scn"))


def ok(body: str, head: str = HEAD):
    result = run(body, head)
    assert result.passed, "\n".join(f.render() for f in result.failures)
    return result


def last_action(result):
    return [t for t in result.trace if t.kind == "action"][-1]


def rejected_by(body: str, head: str = HEAD) -> list[str]:
    """The rule IDs cited by the rejection of the last action of ``body`` (which must be rejected)."""
    entry = last_action(run(body + "\nexpect illegal\n", head))
    assert entry.accepted is False, "the action was accepted"
    return [r.rule for r in entry.reasons]


# ---------------------------------------------------------------- HIS-IMPULSE


def test_impulse_order_is_fixed_whatever_the_declaration_order():
    head = 'scenario "t"\ngame here-i-stand\n' + "".join(
        f"player {p} admin-rating 2\n" for p in reversed(POWERS))
    result = ok("expect active Ottoman\n", head)
    assert result.position.seat_order == list(POWERS)


def test_play_passes_the_impulse_to_the_next_power():
    ok('Ottoman hand: "Pilgrimage"\nOttoman plays "Pilgrimage" for cp\nexpect legal\nexpect active Hapsburg\n'
       "expect priority Hapsburg\n")


def test_out_of_turn_play_and_pass_are_rejected_citing_impulse():
    assert rejected_by('England hand: "Pilgrimage"\nEngland plays "Pilgrimage" for cp') == ["HIS-IMPULSE"]
    assert rejected_by("France passes") == ["HIS-IMPULSE"]


def test_undeclared_powers_exist_with_empty_hands():
    head = 'scenario "t"\ngame here-i-stand\nplayer Papacy admin-rating 0\n'
    result = ok("expect active Ottoman\nadvance to phase winter\nexpect phase winter\n", head)
    assert result.position.seat_order == list(POWERS)


def test_a_name_that_is_not_a_power_is_a_scenario_error():
    head = 'scenario "t"\ngame here-i-stand\nplayer Otoman admin-rating 2\n'
    with pytest.raises(ScenarioError, match="Ottoman"):
        run("expect active Otoman\n", head)


def test_priority_other_than_the_active_power_is_an_error():
    with pytest.raises(ScenarioError, match="priority"):
        run("active Ottoman\npriority France\nexpect active Ottoman\n")


# ---------------------------------------------------------------- HIS-CP


def test_cp_play_gains_printed_cp_and_discards():
    result = ok('Ottoman hand: "Royal Treasury"\nOttoman plays "Royal Treasury" for cp\nexpect legal\n'
                'expect Ottoman cp 4\nexpect "Royal Treasury" in table discard\n')
    kinds = [s.kind for s in last_action(result).steps]
    assert kinds[:3] == ["announce", "effect", "cleanup"]
    assert all(s.rules for s in last_action(result).steps)


def test_cp_value_override_on_a_copy():
    ok('Ottoman hand: "Pilgrimage" cp 1\nOttoman plays "Pilgrimage" for cp\nexpect Ottoman cp 1\n')


def test_mandatory_event_may_not_be_played_for_cp():
    assert "HIS-CP" in rejected_by('Ottoman hand: "Royal Decree"\nOttoman plays "Royal Decree" for cp')


@pytest.mark.parametrize("card", ["Flanking March", "Hired Guides", "Sudden Storm", "Pilgrimage", "Janissaries"])
def test_any_other_card_may_be_played_for_cp(card):
    ok(f'Ottoman hand: "{card}"\nOttoman plays "{card}" for cp\nexpect legal\n')


def test_card_not_in_hand_is_rejected():
    rules = rejected_by('Hapsburg hand: "Pilgrimage"\nOttoman hand: "Hired Guides"\nOttoman plays "Pilgrimage" for cp')
    assert rules == ["HIS-CP", "HIS-IMPULSE"]


def test_play_without_mode_is_a_scenario_error():
    with pytest.raises(ScenarioError, match="for cp"):
        run('Ottoman hand: "Pilgrimage"\nOttoman plays "Pilgrimage"\n')


# ---------------------------------------------------------------- HIS-EVENT


def test_combat_card_never_an_event():
    assert rejected_by('Ottoman hand: "Flanking March"\nOttoman plays "Flanking March" as event') == ["HIS-EVENT.1"]


def test_response_card_event_unless_response_only():
    ok('Ottoman hand: "Hired Guides"\nOttoman plays "Hired Guides" as event\nexpect legal\n')
    assert rejected_by('Ottoman hand: "Sudden Storm"\nOttoman plays "Sudden Storm" as event') == ["HIS-EVENT.1"]


def test_event_restricted_to_named_powers():
    assert rejected_by('Ottoman hand: "Printing Press Pamphlets"\n'
                       'Ottoman plays "Printing Press Pamphlets" as event') == ["HIS-EVENT.2"]
    ok('active Protestant\nProtestant hand: "Printing Press Pamphlets"\n'
       'Protestant plays "Printing Press Pamphlets" as event\nexpect legal\n')


def test_powers_attribute_accepts_several_powers():
    ok('card "Joint Event" event cp 2 powers England France\nactive France\nFrance hand: "Joint Event"\n'
       'expect "Joint Event" powers England\nFrance plays "Joint Event" as event\nexpect legal\n')


def test_mandatory_event_gives_its_cp_and_others_do_not():
    ok('Ottoman hand: "Court Scandal"\nOttoman plays "Court Scandal" as event\nexpect Ottoman cp 2\n')
    ok('Ottoman hand: "Pilgrimage"\nOttoman plays "Pilgrimage" as event\nexpect Ottoman cp 0\n')
    ok('Ottoman hand: "Royal Treasury"\nOttoman plays "Royal Treasury" as event\nexpect Ottoman cp 2\n')


@pytest.mark.parametrize("attrs,zone", [("remove-if-event", "removed"), ("remove-if-event yes", "removed"),
                                         ("remove-if-event no", "discard"), ("remove-if-event false", "discard"),
                                         ("remove-if-event Yes", "removed"), ("", "discard")])
def test_remove_if_event_flag(attrs, zone):
    ok(f'card "X" event cp 2 {attrs}\nOttoman hand: "X"\nOttoman plays "X" as event\nexpect "X" in table {zone}\n')


def test_event_once_per_turn():
    assert rejected_by('Ottoman hand: "Pilgrimage" event-played\n'
                       'Ottoman plays "Pilgrimage" as event') == ["HIS-EVENT.5"]


def test_event_once_per_turn_resets_next_turn():
    ok('Ottoman hand: "Pilgrimage" event-played, "Hired Guides"\nOttoman plays "Hired Guides" for cp\n'
       'advance to next turn\nexpect turn 2\nOttoman plays "Pilgrimage" as event\nexpect legal\n')


def test_event_carried_out_by_the_named_power():
    result = ok('active England\nEngland hand: "Katharina von Bora"\n'
                'England plays "Katharina von Bora" as event\nexpect order effect "Protestant carries out", cleanup\n')
    assert any("HIS-EVENT.6" in s.rules for s in last_action(result).steps)
    rules = rejected_by('active England\nEngland hand: "Katharina von Bora"\n'
                        'Protestant plays "Katharina von Bora" as event')
    assert rules == ["HIS-IMPULSE", "HIS-EVENT.6"]


def test_home_card_of_another_power_in_hand_is_an_error():
    with pytest.raises(ScenarioError, match="home card"):
        run('Ottoman hand: "Here I Stand"\nexpect active Ottoman\n')


# ---------------------------------------------------------------- HIS-PASS


def test_pass_blocked_by_unplayed_home_card():
    assert rejected_by('Ottoman hand: "Janissaries"\nOttoman passes') == ["HIS-PASS.1"]


def test_pass_blocked_by_mandatory_event():
    assert rejected_by('Ottoman hand: "Court Scandal"\nOttoman passes') == ["HIS-PASS.2"]


def test_pass_blocked_above_admin_rating_and_allowed_at_it():
    assert rejected_by('active England\nEngland hand: "Pilgrimage", "Hired Guides"\nEngland passes') == ["HIS-PASS.3"]
    ok('active England\nEngland hand: "Pilgrimage"\nEngland passes\nexpect legal\n')


def test_all_pass_blockers_are_cited_together():
    rules = rejected_by('active England\nEngland hand: "Six Wives of Henry VIII", "Court Scandal"\nEngland passes')
    assert rules == ["HIS-PASS.1", "HIS-PASS.2", "HIS-PASS.3"]


def test_undeclared_admin_rating_is_reported_not_guessed():
    head = 'scenario "t"\ngame here-i-stand\nplayer Ottoman\n'
    with pytest.raises(ScenarioError, match="admin-rating"):
        run('Ottoman hand: "Pilgrimage"\nOttoman passes\n', head)


def test_no_cards_must_pass():
    assert rejected_by('table discard: "Pilgrimage"\nOttoman plays "Pilgrimage" for cp')[0] == "HIS-PASS.4"
    ok("Ottoman passes\nexpect legal\nexpect Ottoman passed\n")


def test_passed_power_may_play_later():
    # a power holding a card may pass too (within its admin rating); its pass counts towards the run
    ok('Ottoman hand: "Pilgrimage"\n' + "".join(f"{p} passes\n" for p in POWERS) + "expect phase winter\n")
    result = ok('Ottoman hand: "Pilgrimage"\nHapsburg hand: "Hired Guides"\nOttoman passes\n'
                'Hapsburg plays "Hired Guides" for cp\n' + "".join(f"{p} passes\n" for p in POWERS[2:])
                + 'Ottoman plays "Pilgrimage" for cp\nexpect legal\nexpect Ottoman not passed\n')
    assert any("HIS-PASS.5" in s.rules for s in last_action(result).steps)


# ---------------------------------------------------------------- HIS-PHASE-END


def test_six_passes_in_succession_end_the_phase():
    body = "".join(f"{p} passes\n" for p in POWERS[:-1]) + "expect phase action\nProtestant passes\nexpect phase winter\n"
    ok(body)


def test_a_play_breaks_the_run_of_passes():
    ok('Papacy hand: "Pilgrimage"\n' + "".join(f"{p} passes\n" for p in POWERS[:4])
       + 'Papacy plays "Pilgrimage" for cp\nProtestant passes\n' + "".join(f"{p} passes\n" for p in POWERS[:4])
       + "expect phase action\nexpect active Papacy\n")


def test_declared_passed_flags_count_towards_the_run():
    head = HEAD.replace("admin-rating 2\n", "admin-rating 2 passed\n", 1)  # Ottoman passed
    ok("active Hapsburg\n" + "".join(f"{p} passes\n" for p in POWERS[1:]) + "expect phase winter\n", head)


def test_nothing_is_played_in_winter():
    assert rejected_by('phase winter\nOttoman hand: "Pilgrimage"\nOttoman plays "Pilgrimage" for cp') == [
        "HIS-PHASE-END", "HIS-IMPULSE"]


def test_advance_stops_for_a_real_choice_and_says_why():
    result = ok('active France\nFrance hand: "Pilgrimage", "Hired Guides"\nadvance to phase winter\n'
                "expect phase action\nexpect active France\n")
    detail = [t for t in result.trace if t.kind == "advance"][0].detail
    assert "France" in detail and "HIS-PASS.3" in detail


def test_advance_makes_the_only_legal_play():
    ok('Ottoman hand: "Court Scandal"\nadvance to phase winter\nexpect phase winter\n'
       'expect "Court Scandal" in table discard\n')


def test_advance_to_next_turn():
    ok("turn 3\nadvance to next turn\nexpect turn 4\nexpect phase action\nexpect active Ottoman\n")


def test_rejection_leaves_the_position_unchanged():
    result = run('Ottoman hand: "Janissaries"\nOttoman passes\nexpect illegal\nexpect active Ottoman\n'
                 'expect "Janissaries" in Ottoman hand\nexpect Ottoman not passed\n')
    assert result.passed


# ---------------------------------------------------------------- card list loader


def test_loader_reads_the_real_card_list():
    if not CSV.exists():
        pytest.skip(f"shared Here I Stand card list not found at {CSV} (set ADJUDICATOR_SHARED to the shared/ folder)")
    result = load_pool(CSV)
    assert isinstance(result, LoadResult)
    assert len(result.pool) == 116
    assert len(result.skipped) == 19 and all("Diplomacy" in why for _, why in result.skipped)
    hi = result.pool.get("Here I Stand")
    assert hi.type == "home" and hi.attrs["cp"] == 5 and hi.keywords == ("Protestant",)
    assert result.pool.get("Papal Bull").keywords == ("Papacy",)
    theses = result.pool.get("Luther's 95 Theses")
    assert theses.type == "mandatory" and theses.attrs["cp"] == 0 and "remove-if-event" in theses.flags
    assert result.pool.get("Arquebusiers").type == "combat"
    assert result.pool.get("Foul Weather").type == "response"
    assert "remove-if-event" not in result.pool.get("Janissaries").flags


def test_cards_statement_loads_the_real_list():
    if not CSV.exists():
        pytest.skip(f"shared Here I Stand card list not found at {CSV}")
    ok(f'cards "{CSV}"\nOttoman hand: "Arquebusiers"\nOttoman plays "Arquebusiers" as event\n'
       "expect illegal because HIS-EVENT.1\n")


def test_game_hook_returns_a_pool(tmp_path):
    f = tmp_path / "c.csv"
    f.write_text("num,name,type,cp,remove\n9,Test Card,EVENT_CARD,3,No\n", encoding="utf-8")
    pool = get_game("here-i-stand").load_card_database(f)
    assert pool.get("Test Card").attrs["cp"] == 3


def test_malformed_rows_are_skipped_with_file_and_row(tmp_path):
    f = tmp_path / "bad.csv"
    f.write_text(
        "num,CONSTANT_NAME,css_class_name,name,type,cp,remove\n"
        "1,A,A,Good Card,EVENT_CARD,2,No\n"
        "2,B,B,Bad CP,EVENT_CARD,two,No\n"
        "3,C,C,Bad Type,WEIRD_CARD,2,No\n"
        "4,D,D,,EVENT_CARD,2,No\n"
        "5,E,E,Short\n"
        "6,F,F,Bad Remove,EVENT_CARD,2,Maybe\n"
        "7,G,G,Last Good,COMBAT_CARD,1,Yes\n", encoding="utf-8")
    result = load_pool(f)
    assert sorted(result.pool.names()) == ["Good Card", "Last Good"]
    reasons = [why for _, why in result.skipped]
    assert len(reasons) == 5
    assert all(why.startswith("bad.csv, row ") for why in reasons)
    assert "row 3" in reasons[0] and "two" in reasons[0]
    assert "WEIRD_CARD" in reasons[1]
    assert "empty name" in reasons[2]
    assert "too few fields" in reasons[3]
    assert "Maybe" in reasons[4]


def test_missing_header_columns_and_missing_file(tmp_path):
    f = tmp_path / "nohead.csv"
    f.write_text("a,b,c\n1,2,3\n", encoding="utf-8")
    with pytest.raises(CardDatabaseError, match="lacks column"):
        load_pool(f)
    with pytest.raises(CardDatabaseError, match="no such file"):
        load_pool(tmp_path / "absent.csv")


def test_bad_card_list_in_a_scenario_is_a_clear_error(tmp_path):
    f = tmp_path / "nohead.csv"
    f.write_text("a,b\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="lacks column"):
        run(f'cards "{f}"\nexpect active Ottoman\n')


# ---------------------------------------------------------------- scenario files


def _scenario_files() -> list[Path]:
    return sorted(SCENARIOS.glob("*.scn"))


def test_there_are_enough_scenarios_covering_every_rule():
    from adjudicator import rules as rules_ref

    files = _scenario_files()
    assert len(files) >= 25
    text = "\n".join(f.read_text(encoding="utf-8") for f in files)
    top = [r.id for r in rules_ref.for_game("here-i-stand") if rules_ref.top_level(r.id)]
    assert len(top) == 5
    for rule in top:
        assert f"because {rule}" in text, f"no rejection citing {rule}"


@pytest.mark.parametrize("path", _scenario_files(), ids=lambda p: p.name)
def test_scenario_file_passes(path):
    if 'cards "' in path.read_text(encoding="utf-8") and not CSV.exists():
        pytest.skip(f"{path.name} loads the shared card list, absent at {CSV}")
    result = run_file(path)
    assert result.passed, "\n".join(f.render() for f in result.failures)
    assert result.expectations > 0


def test_a_wrong_expectation_fails():
    result = run('Ottoman hand: "Pilgrimage"\nOttoman plays "Pilgrimage" for cp\nexpect illegal because HIS-CP\n'
                 "expect active Ottoman\n")
    assert not result.passed
    assert len(result.failures) == 2


def test_a_wrong_rule_citation_fails():
    result = run('Ottoman hand: "Janissaries"\nOttoman passes\nexpect illegal because HIS-PASS.3\n')
    assert not result.passed
    assert "HIS-PASS.1" in result.failures[0].found


def test_shared_pile_counts_as_player_properties():
    ok('Ottoman hand: "Pilgrimage"\ntable discard: "Hired Guides"\nOttoman plays "Pilgrimage" for cp\n'
       "expect Papacy discard 2\nexpect Ottoman removed 0\nexpect Ottoman hand 0\n")
