"""`parlour score` and the command line as a newcomer meets them: only ASCII digits
are numbers, hands of the wrong size are refused with the size they need, a hand
after the draw finds its discard (R-10), `--json` covers errors, the laptop prints
whole messages, and the help and usage say only what is true."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.cli import main
from parlour_rules import errors

ROOT = Path(__file__).resolve().parents[2]
RUM_DRAWN = "6H 7H 8H 9H JC QC KC KS 2D 2H 5C".split()  # the sheet's caller, 7H drawn


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- only ASCII digits are numbers -------------------------------------------------------
@pytest.mark.parametrize("argv, token", [
    (["dartex", "4", "5", "\u00b2"], "\u00b2"),                     # ² superscript two
    (["dartex", "4", "5", "\u2460"], "\u2460"),                     # ① circled one
    (["dartex", "\u0663", "4", "5"], "\u0663"),                     # ٣ Arabic-Indic three
    (["dartex", "DOUBLE", "4", "CHAMP=\U0001d7d2"], "CHAMP=\U0001d7d2"),  # 𝟒 bold four
    (["dumbo", "\U0001d7d2SQ", "1SQ", "2SQ", "3SQ", "5CI", "6CI", "7CI", "9DI"],
     "\U0001d7d2SQ"),
    (["dumbo-hand", "--declarer", "\u00b2SQ 1SQ 2SQ 3SQ 5CI 6CI 7CI 9DI",
      "--opponent", "1ST 2ST 3ST 4ST 5ST 6ST 7ST 8ST"], "\u00b2SQ"),
    (["rum-hand", "--caller", "0", "--hands", "(AS 2S 3S) \u0663H 4D 5D 6D 7D 8D 9D; "
      "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"], "\u0663H"),
])
def test_a_digit_outside_ascii_is_a_bad_card_never_a_number(capsys, argv, token):
    status, out, err = run(capsys, "score", *argv)
    assert status == 2 and out == ""
    assert err == f"parlour: bad card: {token}\n"


@pytest.mark.parametrize("slides", [["\u00b2", "4"], ["37", "\u0663"], ["\u2460", "4"]])
def test_s2_a_slide_outside_ascii_is_refused(capsys, slides):
    status, out, err = run(capsys, "score", "stump-gap", *slides)
    bad = next(s for s in slides if not s.isascii())
    assert (status, out, err) == (2, "", f"parlour: not 1..40: {bad}\n")


def test_no_traceback_from_a_subprocess_either():
    proc = subprocess.run([sys.executable, "-m", "parlour", "score", "dartex", "4", "5",
                           "\u00b2"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr == "parlour: bad card: \u00b2\n"


# -- hand sizes -----------------------------------------------------------------------------
@pytest.mark.parametrize("argv, message", [
    (["rum", ""], "a Poker Rum hand is 10 cards (11 after the draw): 0 given"),
    (["rum", *RUM_DRAWN, "AD"], "a Poker Rum hand is 10 cards (11 after the draw): 12 given"),
    (["gin", "2S 3S"], "a Poker Gin hand is 10 cards (11 after the draw): 2 given"),
    (["gin", *RUM_DRAWN, "--caller", "4S 5S 6S"], "a Poker Gin hand is 10 cards: 11 given"),
    (["gin", *RUM_DRAWN[:10], "--caller", ""], "the caller's melds: none given"),
    (["dumbo", ""], "a Dumbo hand is 8 cards (9 after the draw): 0 given"),
    (["dumbo", "1SQ 2SQ 3SQ 4SQ 5SQ 6SQ 7SQ 8SQ 9SQ", "--declarer", "1CI 2CI 3CI"],
     "a Dumbo hand is 8 cards: 9 given"),
    (["dumbo", "1SQ 2SQ 3SQ 4SQ 5SQ 6SQ 7SQ 8SQ", "--declarer", ""],
     "the declarer's welds: none given"),
    (["dumbo-hand", "--declarer", "", "--opponent", ""],
     "--declarer: a Dumbo hand is 8 cards (D-14): 0 given"),
    (["rum-hand", "--caller", "0", "--hands", "AS 2S 3S; 4D 5D 6D"],
     "--hands: a hand is 10 cards (R-10); seat 0 has 3"),
])
def test_a_hand_of_the_wrong_size_is_refused_with_the_size_it_needs(capsys, argv, message):
    status, out, err = run(capsys, "score", *argv)
    assert (status, out, err) == (2, "", f"parlour: {message}\n")


# -- a hand after the draw ------------------------------------------------------------------
def test_r10_sheet_example_the_caller_discards_ks_and_calls_with_9(capsys):
    # R-10 and the Poker Rum sheet: he draws 7H, lays 6-7-8-9H and J-Q-K C, discards KS
    # and shows 2 + 2 + 5 = 9.
    status, out, _ = run(capsys, "score", "rum", *RUM_DRAWN)
    assert status == 0
    assert out.splitlines() == [
        "Poker Rum, one pack: deadwood 9 after discarding KS",
        "discard   KS leaves the least deadwood of the 11 cards (R-10)",
        "melds     (6H 7H 8H 9H) (JC QC KC)",
        "deadwood  2H 2D 5C = 2 + 2 + 5 = 9",
        "may call  yes: a show-down needs 15 or less (R-4)",
    ]
    status, out, _ = run(capsys, "score", "rum", *RUM_DRAWN, "--json")
    assert json.loads(out) == {"deadwood": 9, "melds": [["6H", "7H", "8H", "9H"],
                                                        ["JC", "QC", "KC"]],
                               "layoffs": [], "dead": ["2H", "2D", "5C"], "discard": "KS",
                               "also": []}


def test_r10_equal_discards_are_all_named():
    # Two dead fives: either discard leaves 2 + 2 + 5 = 9; the first typed is named.
    from parlour.score.melds import best_discard
    from parlour_rules import melds
    from parlour_rules.cards import STANDARD, parse_cards

    hand = parse_cards("6H 7H 8H 9H JC QC KC 2D 2S 5C 5D", STANDARD)
    discard, result, also = best_discard(hand, melds.solve_rummy, lambda r: r.deadwood)
    assert (result.deadwood, discard, also) == (9, hand[9], [hand[10]])


def test_r4_gin_without_a_caller_is_the_callers_own_hand_after_the_draw(capsys):
    status, out, _ = run(capsys, "score", "gin", *RUM_DRAWN)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Poker Gin, one pack: deadwood 9 after discarding KS"
    assert lines[-1] == "may call  yes: a show-down needs 10 or less (R-4)"


def test_d14_a_dumbo_hand_of_9_finds_the_discard_leaving_the_least_count(capsys):
    status, out, _ = run(capsys, "score", "dumbo", "1SQ 2SQ 3SQ 4SQ 7CI 7DI 7ST JOKER 11ST")
    assert status == 0
    assert out.splitlines()[:2] == [
        "Dumbo: count 0 after discarding 11ST",
        "discard   11ST leaves the least count of the 9 cards (D-14)"]
    status, out, _ = run(capsys, "score", "dumbo", "1SQ 2SQ 3SQ 4SQ 7CI 7DI 7ST JOKER 11ST",
                         "--json")
    answer = json.loads(out)
    assert (answer["count"], answer["discard"], answer["also"]) == (0, "11ST", [])


# -- --json covers errors ---------------------------------------------------------------------
@pytest.mark.parametrize("argv, code, reason", [
    (["dartex", "4", "5", "ZZ"], "bad_card", "bad card: ZZ"),
    (["dartex", "4", "5", "\u2460"], "bad_card", "bad card: \u2460"),
    (["rum", "6H", "ZZ"], "bad_card", "bad card: ZZ"),
    (["rum", "6H"], "hand_size", "a Poker Rum hand is 10 cards (11 after the draw): 1 given"),
    (["stump-gap", "37", "41"], "bad_number", "not 1..40: 41"),
    (["dumbo-hand", "--declarer-count", "8", "--opponent-count", "2"], "count_over_7",
     "count over 7: 8"),
    (["rum-hand", "--caller", "0"], "bad_input",
     "give either --deadwood (one per player) or --hands"),
])
def test_json_reports_errors_on_stdout_with_the_same_status(capsys, argv, code, reason):
    status, out, err = run(capsys, "score", *argv)
    assert status == 2 and out == "" and err == f"parlour: {reason}\n"
    status, out, err = run(capsys, "score", *argv, "--json")
    assert status == 2 and err == ""
    assert json.loads(out) == {"error": code, "reason": reason}


def test_json_usage_error_is_json_too(capsys):
    status, out, err = run(capsys, "score", "stump-gap", "37", "--json")
    assert status == 2 and err.startswith("usage: parlour score stump-gap")
    assert json.loads(out) == {"error": "usage",
                               "reason": "the following arguments are required: SLIDE"}


def test_json_rule_refusal_keeps_its_status_1(capsys):
    status, out, _ = run(capsys, "score", "dartex", "7", "8", "9", "--first", "--json")
    assert status == 1 and json.loads(out) == {"error": "first_double",
                                               "reason": "first needs a double"}


# -- whole messages on the laptop ------------------------------------------------------------
@pytest.mark.parametrize("argv, message", [
    (["dartex", "4", "5", "99999999999"], "bad card: 99999999999"),
    (["dartex", "4", "5", ""], 'bad card: ""'),
    (["rum-hand", "--caller", "0", "--deadwood", "99999999999999", "3"],
     "--deadwood: seat 0 has 99999999999999, but deadwood is the pips left unmelded, a "
     "count from 0 to 100 (ten cards of at most 10 pips)"),
    (["dumbo", "10SQ 9CI 9DI 9ST 1DI 5CI 8ST 10DI", "--declarer", "11SQ 1SQ 2SQ 3SQ"],
     "no weld: 11SQ 1SQ 2SQ 3SQ"),
])
def test_laptop_messages_are_whole_and_the_device_still_clips(capsys, argv, message):
    status, _, err = run(capsys, "score", *argv)
    assert status == 2 and err == f"parlour: {message}\n"
    assert errors.LINE == 20
    assert len(errors.clip("bad card: ", "99999999999")) == 20   # the device's line


# -- help and usage ----------------------------------------------------------------------------
def test_help_lists_only_the_commands_that_exist(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    out = capsys.readouterr().out
    assert stop.value.code == 0
    listed = re.findall(r"^    (\w[\w-]*)", out, re.M)
    assert listed == ["devices", "export", "image", "install", "matches", "report", "roster",
                      "score", "settings", "show", "sim", "stats", "sync"]


@pytest.mark.parametrize("argv, usage, missing", [
    ([], "usage: parlour [-h] [--version] COMMAND ...", "COMMAND"),
    (["score"], "usage: parlour score [-h] WHAT ...", "WHAT"),
])
def test_no_command_is_a_usage_error_like_any_other(capsys, argv, usage, missing):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.splitlines() == [usage,
                                f"parlour: the following arguments are required: {missing}"]


def test_a_word_too_many_prints_the_subcommands_usage(capsys):
    status, out, err = run(capsys, "score", "stump-gap", "37", "4", "5")
    assert status == 2 and out == ""
    assert err.splitlines() == [
        "usage: parlour score stump-gap [-h] [--side N] [--json] SLIDE SLIDE",
        "parlour: unrecognized arguments: 5"]
    status, _, err = run(capsys, "score", "dartex", "4", "5", "6", "--jsn")
    assert status == 2 and err.startswith("usage: parlour score dartex ")


# -- the examples in the README and the docs ------------------------------------------------------
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def score_examples(path: Path) -> list[tuple[str, list[str]]]:
    """Every `$ parlour score ...` in a page's code blocks with the lines shown under it
    (a command continued with a trailing backslash is one command)."""
    examples: list[tuple[str, list[str]]] = []
    fenced = False
    current: list[str] | None = None
    continued = False
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            fenced, current, continued = not fenced, None, False
        elif continued:
            command, current = examples[-1]
            examples[-1] = (command + " " + line.strip().rstrip("\\").strip(), current)
            continued = line.endswith("\\")
        elif fenced and line.startswith("$ "):
            current = []
            examples.append((line[2:].rstrip("\\").strip(), current))
            continued = line.endswith("\\")
        elif current is not None and line:
            current.append(line)
    return [(cmd, lines) for cmd, lines in examples if cmd.startswith("parlour score")]


EXAMPLES = [(path.relative_to(ROOT).as_posix(), cmd, lines)
            for path in DOCS for cmd, lines in score_examples(path)]


def test_the_readme_has_an_example_of_every_score_command():
    shown = {shlex.split(cmd)[2] for page, cmd, _ in EXAMPLES if page == "README.md"}
    assert {"rum", "gin", "dumbo", "rum-hand", "dumbo-hand", "dartex", "stump-gap"} <= shown


@pytest.mark.parametrize("page, command, lines", EXAMPLES,
                         ids=[f"{page}:{cmd[14:50]}" for page, cmd, _ in EXAMPLES])
def test_every_score_example_in_the_docs_prints_what_it_shows(capsys, page, command, lines):
    status = main(shlex.split(command)[1:])
    out, err = capsys.readouterr()
    # A status the page notes after the output: `   (exit status 1)`.
    expected, noted = [], 0
    for line in lines:
        found = re.search(r"\s+\(exit status (\d)\)$", line)
        if found:
            noted = int(found.group(1))
            line = line[:found.start()]
        expected.append(line)
    assert status == noted
    assert (out + err).splitlines() == expected
