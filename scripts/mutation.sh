#!/usr/bin/env bash
# Mutation testing of the rules core and the session: how many small changes to the code
# (an operator flipped, a constant changed, a line dropped) make a test fail.
#
#   scripts/mutation.sh                       # games/ (its packages too), the session and its
#                                             # changes, a tournament's ranking
#   scripts/mutation.sh "games/tarot/*"       # one game (paths or globs under src/cardscore/)
#   JOBS=2 KEEP=/tmp/mut scripts/mutation.sh  # two workers; keep the work folder there
#
# Not run by CI: it takes tens of minutes.  It needs the test extras (mutmut is one of them)
# in the active environment.  The work happens in a copy of the last commit, so the
# working tree is never touched (and its uncommitted changes are not measured).  The mutants that cannot be killed because they change
# nothing a program could observe are listed, each with why, in
# scripts/mutation-equivalents.txt; the figure printed at the end leaves them out.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
  modules=(games/errors.py games/names.py games/numbers.py games/table.py games/description.py games/params.py games/stored.py games/game.py games/reading.py games/record.py "games/tarot/*" "games/belote/*"
           "games/rami/*" session.py editing.py seating.py changes.py change_records.py
           tournament/ranking.py tournament_seat.py)
fi
work="${KEEP:-$(mktemp -d)}"
rm -rf "$work/mutants"
mkdir -p "$work"
# What is measured is the last commit (REV=… for another), whatever the working tree holds.
(cd "$root" && git archive "${REV:-HEAD}") | tar -x -C "$work"

only=$(printf '"src/cardscore/%s", ' "${modules[@]}")
cat >> "$work/pyproject.toml" <<EOF

[tool.mutmut]
source_paths = ["src/cardscore"]
only_mutate = [${only%, }]
# (the games' statistics were never in the figure: they count, they do not score)
do_not_mutate = ["src/cardscore/games/*/stats.py", "src/cardscore/games/*/*_stats.py"]
also_copy = ["src/cardscore/locale", "docs", "README.md", ".ci", "completions", "scripts", "benchmarks"]
# One hypothesis seed for every run: the same examples for the code and for each mutant, so
# that a mutant is killed by what it changes, not by a draw (and two runs give one figure).
# The "mutation" profile (added to the copy's conftest.py below) does not shrink a failing
# example (minutes of work to say what the verdict already says) and keeps no database (an
# example one mutant failed on is not replayed on the next one).
pytest_add_cli_args = ["-p", "no:cacheprovider", "-n", "0", "-q", "-x", "--hypothesis-seed=0",
                       "--hypothesis-profile=mutation"]
# A mutant that loops is stopped after 10 times (not 30) the CPU time of its tests.
timeout_multiplier = 5.0
# The fast tests (the pseudo-terminal, fault, browser and speed tests are left out: the
# others cover the same code, and they would multiply the time by ten).
pytest_add_cli_args_test_selection = [
  "src/cardscore/games", "src/cardscore/session.py", "src/cardscore/editing.py",
  "src/cardscore/seating.py", "src/cardscore/changes.py", "src/cardscore/change_records.py",
  "tests/test_changes_file.py",
  "tests/test_tarot_core.py", "tests/test_belote_core.py", "tests/test_rami_core.py",
  "tests/test_tarot_record.py", "tests/test_belote_record.py", "tests/test_rami_record.py",
  "tests/test_amendments_tarot.py", "tests/test_amendments_belote.py",
  "tests/test_amendments_rami.py", "tests/test_amendments_held.py", "tests/test_reading.py",
  "tests/test_cli_worked_examples.py", "tests/test_cli_session.py",
  "tests/test_cli_bad_input.py", "tests/test_checkpoint.py", "tests/test_store.py",
  "tests/test_docs.py", "tests/test_environment.py",
  "tests/test_corrections.py", "tests/test_stored_rounds.py", "tests/test_cli_corrections.py",
  "tests/test_tarot_answers.py", "tests/test_belote_answers.py", "tests/test_rami_answers.py",
  "tests/test_tarot_fields.py",
  "tests/test_session_mutants.py", "tests/test_base_mutants.py",
  "tests/test_table_changes.py", "tests/test_table_properties.py", "tests/test_table_edges.py",
  "tests/test_table_checkpoint.py", "tests/test_cli_table.py",
  "tests/test_session_mutants_2.py", "tests/test_seating_mutants.py",
  "tests/test_stats_core.py", "tests/test_league.py",
  "src/cardscore/tournament/ranking.py", "src/cardscore/tournament_seat.py",
  "tests/test_tournament_ranking.py", "tests/test_tournament.py",
]
EOF
cat >> "$work/tests/conftest.py" <<'EOF'


from hypothesis import Phase, settings  # noqa: E402  (added by scripts/mutation.sh)

settings.register_profile(
    "mutation", phases=[Phase.explicit, Phase.reuse, Phase.generate], database=None
)
EOF
# A listed test file that does not exist (yet) would stop pytest: drop it.
python3 - "$work/pyproject.toml" <<'EOF'
import pathlib, re, sys
path = pathlib.Path(sys.argv[1])
text = path.read_text()
def keep(match):
    name = match.group(1)
    return match.group(0) if (path.parent / name).exists() else ""
head, _, tail = text.partition("pytest_add_cli_args_test_selection")
path.write_text(head + "pytest_add_cli_args_test_selection" + re.sub(r'\s*"([^"]+)",', keep, tail))
EOF

cd "$work"
echo "mutation run in $work on: ${modules[*]}"
mutmut run --max-children "${JOBS:-1}" > mutmut.log 2>&1 || true
mutmut results --all true > results.txt 2>/dev/null || mutmut results > results.txt
python3 "$root/scripts/mutation_summary.py" results.txt "$root/scripts/mutation-equivalents.txt"
