"""docs/rules.md defines every decision id that the code, the tests and the docs cite,
and the README and the game pages point to it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
# The games' prefixes: C (every game), D Dumbo, R Poker Rum/Gin, S Stump, X Dartex,
# G Galumphus. An id is not part of a longer word or hyphenated run, so a card run
# like A-2-3 or CRC-32 is no id.
PREFIXES = "CDRSXG"
ID = re.compile(rf"(?<![\w-])([{PREFIXES}])-(\d{{1,2}})(?![\w-])")
# "D-2..D-6" or "R-4..7" cites every id between.
RANGE = re.compile(rf"(?<![\w-])([{PREFIXES}])-(\d{{1,2}})\.\.(?:\1-)?(\d{{1,2}})(?![\w-])")
DEFINED = re.compile(r'<a id="([a-z])-(\d+)"></a>\*\*([A-Z])-(\d+)\*\*')
GAME_PAGES = ["dumbo.md", "poker.md", "stump.md", "dartex.md", "galumphus.md", "melds.md"]


def cited(text: str) -> set[str]:
    ids = {f"{p}-{int(n)}" for p, n in ID.findall(text)}
    for prefix, low, high in RANGE.findall(text):
        ids |= {f"{prefix}-{n}" for n in range(int(low), int(high) + 1)}
    return ids


def defined() -> dict[str, int]:
    found: dict[str, int] = {}
    for anchor_p, anchor_n, prefix, number in DEFINED.findall(RULES.read_text()):
        assert (anchor_p.upper(), anchor_n) == (prefix, number), f"{prefix}-{number}'s anchor"
        key = f"{prefix}-{int(number)}"
        found[key] = found.get(key, 0) + 1
    return found


def tracked_text_files() -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.splitlines()
    out = []
    for name in names:
        path = ROOT / name
        if path.suffix in (".png", ".bin") or not path.is_file():
            continue
        try:
            path.read_text()
        except UnicodeDecodeError:
            continue
        out.append(path)
    return out


def test_the_id_pattern_finds_ids_and_nothing_else():
    text = "R-10 and S-4, (D-14), X-5: C-5; G-4. D-2..D-6 R-4..7 A-2-3 CRC-32 Q-K-A UTF-8 S-4-5"
    assert cited(text) == {"R-10", "S-4", "D-14", "X-5", "C-5", "G-4", "D-2", "D-3", "D-4",
                           "D-5", "D-6", "R-4", "R-5", "R-6", "R-7"}


def test_every_decision_id_is_defined_once():
    found = defined()
    assert [key for key, n in found.items() if n > 1] == []
    # Each game's ids run from 1 without a hole.
    for prefix in PREFIXES:
        numbers = sorted(int(k[2:]) for k in found if k[0] == prefix)
        assert numbers == list(range(1, len(numbers) + 1)) and numbers, prefix


def test_every_id_cited_in_code_tests_and_docs_is_defined_in_docs_rules():
    files = tracked_text_files()
    if RULES not in files:
        files.append(RULES)       # not yet committed: still check it
    assert any(f.name == "melds.py" for f in files) and any(f.suffix == ".md" for f in files)
    known = set(defined())
    missing = {}
    for path in files:
        for key in sorted(cited(path.read_text()) - known):
            missing.setdefault(key, path.relative_to(ROOT).as_posix())
    assert missing == {}, f"cited but not defined in docs/rules.md: {missing}"


def test_the_readme_and_the_game_pages_link_to_the_rules_page_not_to_a_missing_file():
    readme = (ROOT / "README.md").read_text()
    assert "(docs/rules.md" in readme
    for page in GAME_PAGES:
        text = (ROOT / "docs" / page).read_text()
        assert "(rules.md" in text, page
    for path in [ROOT / "README.md", *(ROOT / "docs" / p for p in GAME_PAGES)]:
        assert "RULES.md" not in path.read_text(), f"{path.name} names RULES.md"


def test_links_into_the_rules_page_land_on_an_anchor():
    anchors = set(re.findall(r'<a id="([a-z0-9-]+)"></a>', RULES.read_text()))
    anchors |= {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-")
                for h in re.findall(r"^#+ (.+)$", RULES.read_text(), re.M)}
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for anchor in re.findall(r"rules\.md#([a-z0-9-]+)", path.read_text()):
            assert anchor in anchors, f"{path.name}: rules.md#{anchor}"
