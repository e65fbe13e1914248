"""Time Masters (TM-…): unit tests per rule on small scenario texts, and every scenario file."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.errors import ScenarioError
from adjudicator.core.registry import get_game
from adjudicator.core.runner import run_file, run_scenario
from adjudicator.core.scenario_parser import parse_scenario

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((REPO / "scenarios" / "time-masters").glob("*.scn"))

HEAD = """scenario "t"
game time-masters
"""


def run(body: str, players: str = "player Alice time 3\nplayer Bob\n"):
    return run_scenario(parse_scenario(HEAD + players + body, "t.scn"))


def passes(body: str, **kw) -> None:
    result = run(body, **kw)
    assert result.passed, "\n".join(f.render() for f in result.failures)


def fails(body: str, **kw) -> list[str]:
    result = run(body, **kw)
    assert not result.passed, "the scenario was expected to fail"
    return [f.render() for f in result.failures]


# ---- TM-TURN --------------------------------------------------------------------------------

def test_turn_phases_in_order_and_next_mage():
    passes("""Alice passes
expect phase main
Alice passes
expect phase access
Alice passes
expect phase end
Alice passes
expect active Bob
expect turn 2
expect phase timers
""")


def test_turn_only_active_mage_acts():
    passes("""phase main
Bob hand: "Hourglass"
Bob plays "Hourglass"
expect illegal because TM-TURN
""")


def test_advance_to_next_turn_from_the_first_phase():
    passes("""advance to next turn
expect turn 2
expect active Bob
expect phase timers
advance to phase main
expect active Bob
expect phase main
""")


# ---- TM-TIMERS ------------------------------------------------------------------------------

FULL_TIMER = """Alice timers: "Hourglass"
Alice on "Hourglass": "Chronal Lens"
Alice hand: "Echo of Yesterday", "Spark of Insight"
"""


def test_timers_full_timer_blocks_the_phase():
    passes(FULL_TIMER + """Alice passes
expect illegal because TM-TIMERS
advance to phase main
expect phase timers
""")


def test_timers_extend_puts_card_face_down_and_lowers_hand_limit():
    passes(FULL_TIMER + """Alice extends "Hourglass" paying "Spark of Insight"
expect legal
expect "Spark of Insight" in Alice under "Hourglass"
expect "Spark of Insight" face-down
expect Alice hand-limit 4
Alice passes
expect phase main
""")


def test_timers_end_releases_knowledge():
    passes(FULL_TIMER + """Alice ends "Hourglass"
expect legal
expect "Hourglass" in Alice discard
expect "Chronal Lens" in Alice timers
expect "Chronal Lens" rotated
""")


def test_timers_extend_needs_full_timer():
    passes("""Alice timers: "Water Clock"
Alice hand: "Spark of Insight"
Alice extends "Water Clock" paying "Spark of Insight"
expect illegal because TM-TIMERS.1
""")


def test_timers_extension_without_a_named_card_uses_the_first_and_says_so():
    result = run(FULL_TIMER + 'Alice extends "Hourglass"\nexpect "Echo of Yesterday" in Alice under "Hourglass"\n')
    assert result.passed, [f.render() for f in result.failures]
    assert any("no card named" in s.description for s in result.trace[0].steps)


# ---- TM-SKIP --------------------------------------------------------------------------------

def test_skip_restores_all_spent_time():
    passes("""phase main
Alice skips
expect legal
expect Alice time 7
expect Alice spent-time 0
expect phase end
""", players="player Alice time 3 spent-time 4\nplayer Bob\n")


def test_skip_refused_after_a_main_action():
    passes("""phase main
Alice hand: "Hourglass"
Alice plays "Hourglass"
Alice skips
expect illegal because TM-SKIP
""")


# ---- TM-MAIN --------------------------------------------------------------------------------

def test_main_timer_free():
    passes("""phase main
Alice hand: "Hourglass"
Alice plays "Hourglass"
expect legal
expect "Hourglass" in Alice timers
expect Alice time 3
""")


def test_main_trick_free_to_discard():
    passes("""phase main
Alice hand: "Sleight of Hand"
Alice deck: "Mirror of Ages"
Alice plays "Sleight of Hand"
expect order effect "draw", cleanup "discard"
expect "Sleight of Hand" in Alice discard
expect "Mirror of Ages" in Alice hand
""")


def test_main_knowledge_into_chain_pays_and_acts():
    passes("""phase main
Alice hand: "Chronal Lens"
Alice deck: "Echo of Yesterday", "Folded Hour"
Alice plays "Chronal Lens"
expect order cost "3 time", effect "draws 2"
expect Alice time 0
expect Alice spent-time 3
expect Alice chain 1
expect Alice hand 2
""")


def test_main_knowledge_onto_timer_has_no_effect():
    passes("""phase main
Alice timers: "Hourglass"
Alice hand: "Chronal Lens"
Alice deck: "Echo of Yesterday"
Alice plays "Chronal Lens" onto "Hourglass"
expect legal
expect Alice hand 0
expect Alice chain 0
expect "Hourglass" full
""")


def test_main_knowledge_needs_time():
    passes("""phase main
Alice hand: "Mirror of Ages"
Alice plays "Mirror of Ages"
expect illegal because TM-MAIN.3
""")


def test_main_imaginary_time_payment():
    passes("""phase main
Alice hand: "Folded Hour"
Alice plays "Folded Hour" paying imaginary
expect legal
expect Alice imaginary-time 0
expect Alice time 3
""", players="player Alice time 3 imaginary-time 2\nplayer Bob\n")


def test_main_end_timer_and_use_its_knowledge():
    passes("""phase main
Alice timers: "Water Clock"
Alice on "Water Clock": "Borrowed Moment"
Alice plays "Borrowed Moment"
expect illegal because TM-MAIN.4
Alice ends "Water Clock"
Alice plays "Borrowed Moment"
expect legal
expect Alice imaginary-time 1
expect Alice time 3
""")


def test_main_discard_timer_for_effect():
    passes("""phase main
Alice timers: "Sundial", "Hourglass"
Alice on "Sundial": "Chronal Lens"
Alice deck: "Echo of Yesterday", "Spark of Insight"
Alice discards "Sundial"
expect legal
expect "Chronal Lens" in Alice discard
expect Alice hand 2
Alice discards "Hourglass"
expect illegal because TM-MAIN.5
""")


def test_main_discard_two_restore_one():
    passes("""phase main
Alice hand: "Echo of Yesterday", "Spark of Insight"
Alice discards "Echo of Yesterday", "Spark of Insight"
expect legal
expect Alice time 4
expect Alice spent-time 0
""", players="player Alice time 3 spent-time 1\nplayer Bob\n")


# ---- TM-ACCESS ------------------------------------------------------------------------------

ACCESS = """phase access
Alice chain: 3 "Echo of Yesterday"
table level 1: "Spark of Insight"
table level 2: "Folded Hour", "Borrowed Moment"
table level 3: "Chronal Lens"
"""


def test_access_sum_of_levels_bounded_by_chain():
    passes(ACCESS + """Alice takes level 1
expect legal
Alice takes level 3
expect illegal because TM-ACCESS.1
Alice takes level 2
expect legal
expect Alice hand 2
""")


def test_access_one_card_per_level():
    passes(ACCESS.replace("3 \"Echo", "6 \"Echo") + """Alice takes level 2
Alice takes level 2
expect illegal because TM-ACCESS.2
""")


def test_access_second_card_costs_one_more():
    passes(ACCESS + """Alice takes level 2 second
expect legal
expect "Borrowed Moment" in Alice hand
expect Alice may not take level 1 because TM-ACCESS.1
""")
    passes(ACCESS.replace("3 \"Echo", "2 \"Echo") + """Alice takes level 2 second
expect illegal because TM-ACCESS.3
""")


def test_access_taken_cards_count_for_the_taker():
    passes(ACCESS + """expect Alice vp 0
Alice takes level 3
expect Alice vp 3
""")


# ---- TM-END ---------------------------------------------------------------------------------

def test_end_chain_discarded_draw_to_limit_time_not_restored():
    passes("""phase end
Alice chain: "Chronal Lens"
Alice timers: "Hourglass"
Alice on "Hourglass": "Folded Hour"
Alice under "Hourglass": "Echo of Yesterday"
Alice deck: 6 "Spark of Insight"
Alice passes
expect "Chronal Lens" in Alice discard
expect Alice hand 4
expect Alice deck 2
expect Alice spent-time 2
""", players="player Alice time 0 spent-time 2\nplayer Bob\n")


# ---- TM-GAMEEND -----------------------------------------------------------------------------

def test_gameend_two_stacks_at_end_of_turn_most_vp_wins():
    passes("""phase access
Alice chain: "Echo of Yesterday"
Bob hand: "Mirror of Ages"
table level 1: "Spark of Insight"
table level 2:
Alice takes level 1
expect game not over
advance to next turn
expect game over
expect winner Bob
""")


def test_gameend_tie_broken_by_time_including_imaginary():
    passes("""phase end
table level 1:
table level 2:
Alice passes
expect game over
expect winner Bob
""", players="player Alice time 1\nplayer Bob time 0 imaginary-time 2\n")


def test_undeclared_levels_do_not_end_the_game():
    passes("""phase end
Alice passes
expect game not over
expect active Bob
""")


# ---- set-up errors and the engine's honesty ---------------------------------------------------

def test_rejection_leaves_position_unchanged():
    result = run("""phase main
Alice hand: "Mirror of Ages", "Hourglass"
Alice plays "Mirror of Ages"
expect illegal because TM-MAIN.3
""")
    assert result.passed
    position = result.position
    assert position.players["Alice"].attrs["time"] == 3
    assert [c.name for c in position.zone("Alice", "hand")] == ["Mirror of Ages", "Hourglass"]


@pytest.mark.parametrize("body, message", [
    ('Alice under "Hourglass": "Spark of Insight"\n', "not a timer"),
    ('table level 6: "Spark of Insight"\n', "no level 6"),
    ('Alice chain: "Hourglass"\n', "only knowledge"),
    ('Alice timers: "Hourglass"\nAlice on "Hourglass": "Spark of Insight", "Folded Hour"\n', "1 slot"),
])
def test_impossible_positions_are_scenario_errors(body, message):
    with pytest.raises(ScenarioError, match=message):
        run(body + "expect phase timers\n")


def test_player_count_bounds():
    with pytest.raises(ScenarioError, match="at most 4"):
        run("expect phase timers\n", players="".join(f"player P{i}\n" for i in range(5)))
    with pytest.raises(ScenarioError, match="at least 2"):
        run("expect phase timers\n", players="player Solo\n")


def test_unknown_words_are_reported():
    with pytest.raises(ScenarioError, match="unknown verb"):
        run("Alice casts \"Hourglass\"\n")
    with pytest.raises(ScenarioError, match="unknown phase"):
        run("phase upkeep\n")


def test_every_step_and_rejection_cites_a_tm_rule():
    from adjudicator import rules

    for path in SCENARIOS:
        for entry in run_file(path).trace:
            for step in entry.steps:
                assert step.rules and all(rules.is_known(r) and r.startswith("TM-") for r in step.rules), step
            for reason in entry.reasons:
                assert rules.is_known(reason.rule) and reason.rule.startswith("TM-"), reason


# ---- wrong expectations must fail -------------------------------------------------------------

def test_wrong_expectations_fail():
    found = fails("""phase main
Alice hand: "Chronal Lens"
Alice plays "Chronal Lens"
expect Alice time 3
expect illegal
""")
    assert any("Alice time 3" in f for f in found)
    assert any("accepted" in f for f in found)
    found = fails("""phase main
Alice hand: "Mirror of Ages"
Alice plays "Mirror of Ages"
expect illegal because TM-ACCESS
""")
    assert any("TM-ACCESS" in f for f in found)


def test_unexpected_rejection_fails():
    found = fails("""phase main
Alice hand: "Mirror of Ages"
Alice plays "Mirror of Ages"
expect Alice chain 1
""")
    assert any("TM-MAIN.3" in f for f in found)


# ---- the scenario files ---------------------------------------------------------------------

def test_there_are_enough_scenarios_covering_every_rule():
    from adjudicator import rules

    assert len(SCENARIOS) >= 25
    cited = {rid for path in SCENARIOS for rid in parse_scenario(path.read_text(), str(path)).rules}
    tm = {e.id for e in rules.for_game("time-masters")}
    assert {r for r in tm if rules.top_level(r)} <= cited
    assert tm <= cited, sorted(tm - cited)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenario_file(path):
    result = run_file(path)
    assert result.passed, "\n".join(f.render() for f in result.failures)
    assert result.expectations > 0


def test_game_tables_match_the_language():
    game = get_game("time-masters")
    assert game.phases == ("timers", "main", "access", "end")
    assert set(game.verbs) == {"pass", "extend", "end", "play", "discard", "skip", "take"}
    assert {"hand", "deck", "discard", "timers", "chain", "level", "under", "on"} <= set(game.zones)
    assert {"hand-limit", "chain", "vp", "time", "spent-time", "imaginary-time"} <= set(
        game.known_player_properties())


# ---- alternative forms --------------------------------------------------------------------------

def test_take_several_levels_in_one_line():
    passes(ACCESS + """Alice takes level 1, level 2
expect legal
expect Alice hand 2
""")
    passes(ACCESS + """Alice takes level 1, level 3
expect illegal because TM-ACCESS.1
expect Alice hand 0
""")


def test_knowledge_to_on_timer_zone_means_onto():
    passes("""phase main
Alice timers: "Water Clock"
Alice hand: "Folded Hour"
Alice plays "Folded Hour" to on "Water Clock"
expect legal
expect "Folded Hour" in Alice on "Water Clock"
expect "Water Clock" free-slots 1
""")


@pytest.mark.parametrize("text", ["Discard: Gain 1 time.", "Discard this timer: Gain 1 time.",
                                  "You may discard this timer to gain 1 time."])
def test_discard_clause_forms(text):
    passes(f"""card "Gear" timer slots 1 text "{text}"
phase main
Alice timers: "Gear"
Alice discards "Gear"
expect legal
expect Alice time 4
""")


def test_may_extend_without_naming_a_card():
    passes(FULL_TIMER + """expect Alice may extend "Hourglass"
expect Alice hand 2
""")


def test_gameend_full_tie_has_no_winner_and_advance_stops():
    result = run("""phase access
table level 4:
table level 5:
advance to next turn
expect game over
advance to next turn
expect turn 1
expect active Alice
""", players="player Alice time 2\nplayer Bob time 2\n")
    assert result.passed, [f.render() for f in result.failures]
    assert result.position.winner is None
    assert "game is over" in result.trace[-1].detail


def test_skip_from_the_timers_phase_once_timers_are_settled():
    passes("""Alice timers: "Hourglass"
Alice skips
expect legal
expect phase end
expect Alice time 5
""", players="player Alice time 3 spent-time 2\nplayer Bob\n")
    passes(FULL_TIMER + """Alice skips
expect illegal because TM-TIMERS
""")
