"""`adjudicator quiz` end to end through CliRunner.

The right answers are derived here from the scenarios' own expectations (not from the
quiz's answer key): answering them all must score N/N; answering all wrong must score 0/N.
"""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from adjudicator.cli.main import main
from adjudicator.core import scenario_ast as A
from adjudicator.core.scenario_parser import read_scenario
from adjudicator.quiz.session import collect_files, iter_questions, rule_matches, select

from .helpers import REPO


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                 "help_option_names": []})
@click.pass_context
def _entry(ctx):
    main(list(ctx.args))


def run(args, input=None):
    return CliRunner().invoke(_entry, args, input=input)


ALL_KINDS = '''scenario "Every kind of question"
game l5r
rule L5R-ROUND L5R-ACT-TARGET
card "Kakita Toshimoko" personality force 3 chi 4 honor-requirement 5 personal-honor 2 gold-cost 8 keywords Samurai Crane text "Limited: Bow this card: Straighten a target Personality."
player Alice clan Crane family-honor 12
player Bob clan Crab family-honor 9
phase action
Alice home: "Kakita Toshimoko", "Veteran Sergeant" bowed
Alice hand: "Firm Stance"
question "Can Bob act first here?"
expect Bob may not pass
expect Alice may pass
Bob passes
expect illegal
Alice uses "Kakita Toshimoko" targeting "Veteran Sergeant"
expect legal
expect order target "Veteran Sergeant", cost "bow", effect "straighten"
expect "Kakita Toshimoko" bowed
expect "Veteran Sergeant" not bowed
expect priority Bob
expect Alice family-honor 12
expect "Firm Stance" in Alice hand
expect turn 1
'''


def _expectation_at(source: str) -> A.Expectation:
    file, line = source.rsplit(":", 1)
    scn = read_scenario(file)
    return next(s for s in scn.statements if isinstance(s, A.Expectation) and s.pos.line == int(line))


def right_answer(q) -> str:
    """The answer the scenario's author wrote, in the form a person would type it."""
    st = _expectation_at(q.source)
    if isinstance(st, A.ExpectMay):
        return "no" if st.negated else "yes"
    if isinstance(st, A.ExpectLegal):
        return "yes"
    if isinstance(st, A.ExpectIllegal):
        return "no"
    if isinstance(st, A.ExpectOrder):
        # each expected step to a distinct option it describes; a step's words may fit several
        # options, so the first fit is not always the one (search, with backtracking)
        def assign(k: int, used: list[int]) -> list[int] | None:
            if k == len(st.steps):
                return used
            spec = st.steps[k]
            for i, o in enumerate(q.options):
                if i not in used and o.startswith(spec.kind + ":") and (spec.text or "").casefold() in o.casefold():
                    found = assign(k + 1, [*used, i])
                    if found is not None:
                        return found
            return None

        used = assign(0, [])
        assert used is not None, f"no option fits the expected order at {q.source}"
        return " ".join(str(i + 1) for i in used)
    if isinstance(st, A.ExpectTiming):
        return str(st.value)
    if isinstance(st, A.ExpectProp):
        if st.value is not None:
            return str(st.value.value)
        return "no" if st.negated else "yes"
    if isinstance(st, A.ExpectIn):
        return f"{'table' if st.zone.name in ('deck', 'discard', 'removed', 'level') and st.owner == 'table' else st.owner} {st.zone.key}"
    if isinstance(st, A.ExpectWinner):
        return st.name
    if isinstance(st, A.ExpectGameOver):
        return "yes" if st.over else "no"
    raise AssertionError(f"no answer for {st}")


def wrong_answer(q) -> str:
    right = right_answer(q)
    if q.kind == "yesno":
        return "no" if right == "yes" else "yes"
    if q.kind == "number":
        return str(int(right) + 1)
    if q.kind == "choice":
        return next(o for o in q.options if o.casefold() != right.casefold())
    numbers = right.split()
    return " ".join(numbers[1:] + numbers[:1])


def session(paths, seed, count, **filters):
    selection = select(collect_files(paths), game=filters.get("game"), rules=filters.get("rules", ()),
                       seed=seed)
    return list(iter_questions(selection, seed, count))


@pytest.fixture
def kinds_file(tmp_path):
    path = tmp_path / "kinds.scn"
    path.write_text(ALL_KINDS, encoding="utf-8")
    return path


def test_every_question_kind_is_asked(kinds_file):
    qs = session([kinds_file], 1, 100)
    assert {q.kind for q in qs} == {"yesno", "choice", "number", "order"}
    assert len(qs) == ALL_KINDS.count("\nexpect ")
    assert qs[0].prompt == "Can Bob act first here?" and not qs[0].generated
    assert qs[1].generated


def test_all_right_from_piped_stdin_scores_full(kinds_file):
    qs = session([kinds_file], 1, 100)
    answers = "\n".join(right_answer(q) for q in qs) + "\n"
    res = run(["quiz", str(kinds_file), "--seed", "1", "--count", "100"], input=answers)
    assert res.exit_code == 0, res.output
    assert res.output.rstrip().endswith(f"Score: {len(qs)}/{len(qs)}")
    assert "Wrong" not in res.output
    assert "Can Bob act first here?" in res.output
    assert '"Veteran Sergeant" [bowed]' in res.output  # the board, before Toshimoko's ability
    assert "[L5R-ACT-COST" in res.output or "L5R-ACT" in res.output  # explanations cite rules


def test_all_wrong_from_answers_file_scores_zero(kinds_file, tmp_path):
    qs = session([kinds_file], 1, 100)
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(wrong_answer(q) for q in qs) + "\n", encoding="utf-8")
    res = run(["quiz", str(kinds_file), "--seed", "1", "--count", "100", "--answers", str(answers)])
    assert res.exit_code == 0, res.output
    assert res.output.rstrip().endswith(f"Score: 0/{len(qs)}")
    assert res.output.count("Wrong: the answer is") == len(qs)


def test_half_right_counts_exactly(kinds_file):
    qs = session([kinds_file], 1, 100)
    answers = [right_answer(q) if i % 2 == 0 else wrong_answer(q) for i, q in enumerate(qs)]
    res = run(["quiz", str(kinds_file), "--seed", "1", "--count", "100"], input="\n".join(answers) + "\n")
    assert f"Score: {(len(qs) + 1) // 2}/{len(qs)}" in res.output


def test_running_out_of_answers_ends_the_session(kinds_file):
    qs = session([kinds_file], 1, 100)
    res = run(["quiz", str(kinds_file), "--seed", "1", "--count", "100"], input=right_answer(qs[0]) + "\n")
    assert res.exit_code == 0
    assert "Score: 1/1" in res.output


@pytest.mark.parametrize("game", ["l5r", "time-masters", "here-i-stand", "berserk"])
def test_shipped_scenarios_full_score_with_the_authors_answers(game):
    folder = REPO / "scenarios" / game
    if not folder.is_dir():
        pytest.skip(f"no scenarios for {game} yet")
    qs = session([folder], 7, 25, game=game)
    assert qs, "some question must be askable"
    answers = "\n".join(right_answer(q) for q in qs) + "\n"
    res = run(["quiz", str(folder), "--game", game, "--seed", "7", "--count", "25"], input=answers)
    assert res.exit_code == 0, res.output
    assert f"Score: {len(qs)}/{len(qs)}" in res.output, res.output[-3000:]
    wrong = "\n".join(wrong_answer(q) for q in qs) + "\n"
    res = run(["quiz", str(folder), "--game", game, "--seed", "7", "--count", "25"], input=wrong)
    assert f"Score: 0/{len(qs)}" in res.output


def test_same_seed_same_session_and_count_limits():
    folder = REPO / "scenarios" / "l5r"
    a = [(q.source, q.prompt, tuple(q.options)) for q in session([folder], 3, 8)]
    b = [(q.source, q.prompt, tuple(q.options)) for q in session([folder], 3, 8)]
    assert a == b and len(a) == 8
    c = [(q.source, q.prompt) for q in session([folder], 4, 8)]
    assert c != [x[:2] for x in a]


def test_rule_filter_picks_only_matching_scenarios():
    folder = REPO / "scenarios" / "l5r"
    qs = session([folder], 1, 200, rules=("L5R-ACT-COST",))
    assert qs
    for q in qs:
        scn = read_scenario(q.source.rsplit(":", 1)[0])
        assert any(rule_matches("L5R-ACT-COST", (r,)) for r in scn.rules)
    assert rule_matches("L5R-ACT", ("L5R-ACT-COST",)) and not rule_matches("L5R-AC", ("L5R-ACT-COST",))


def test_unknown_game_and_no_match_exit_2(kinds_file):
    res = run(["quiz", str(kinds_file), "--game", "l5k"])
    assert res.exit_code == 2 and "did you mean 'l5r'" in res.output
    res = run(["quiz", str(kinds_file), "--rule", "HIS-CP"])
    assert res.exit_code == 2 and "no scenario matches" in res.output


def test_default_folder_is_the_shipped_scenarios():
    res = run(["quiz", "--game", "l5r", "--count", "2", "--seed", "5"], input="yes\nyes\n")
    assert res.exit_code == 0, res.output
    assert re.search(r"Score: \d/2", res.output)
    assert "scenarios/l5r/" in res.output


def test_questions_are_spread_over_scenarios():
    qs = session([REPO / "scenarios" / "l5r"], 2, 6)
    assert len(qs) == 6
    assert len({q.source.rsplit(":", 1)[0] for q in qs}) == 6


def test_terminal_menu_arrow_keys_and_typing(monkeypatch):
    from adjudicator.quiz import session as S
    from adjudicator.quiz.questions import Question

    q = Question("choice", "Who?", 1, options=["Alice", "Bob", "Carol"])
    out = S.Printer(colour=False)
    for keys, expected in ((["\x1b[B\r"], "2"), (["\x1b[B", "\x1b[B", "\x1b[A", "\r"], "2"),
                           (["3", "\r"], "3"), (["Bob\r"], "Bob")):
        feed = iter(keys)
        monkeypatch.setattr(S.click, "getchar", lambda: next(feed))
        answer = S.TerminalAnswers().ask(q, out)
        assert answer == expected
        assert q.is_right(q.parse(answer)) == (q.parse(answer) == 1)
