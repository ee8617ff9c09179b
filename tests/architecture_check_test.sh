#!/bin/sh
# SPDX-License-Identifier: MIT
# architecture_check_test.sh PROJECT_SOURCE_DIR - ci/architecture_check.py
# (issue 20) on a tree written here: a file of lib/src missing from the
# Modules section of docs/architecture.md fails, as does a path the section
# names that is gone; a path named only outside the section does not count;
# a map that names every file passes.
set -u
src=$1
test_name=architecture
# shellcheck source=tests/cli_common.sh
. "$(dirname "$0")/cli_common.sh"

check() { check_exit /dev/null "$@"; }
run() { python3 "$src/ci/architecture_check.py" "$@"; }

mkdir -p "$tmp/lib/src/core" "$tmp/docs"
: >"$tmp/lib/src/core/a.c"
: >"$tmp/lib/src/core/a.h"
map="$tmp/docs/architecture.md"

printf '# Map\n## Modules\n`lib/src/core/a.c` and `lib/src/core/a.h`.\n' >"$map"
check 0 run "$tmp"
expect_out "names all 2 files"

# a.h named only in another section: missing from the map.
printf '# Map\n## Modules\n`lib/src/core/a.c`\n## Limits\n`lib/src/core/a.h`\n' >"$map"
check 1 run "$tmp"
if grep -q "lib/src/core/a.h is not in the Modules section" "$tmp/err"; then ok
else fail "a.h not reported: $(cat "$tmp/err")"; fi

# A path the section names that is gone.
printf '# Map\n## Modules\n`lib/src/core/a.c` `lib/src/core/a.h` `lib/src/core/old.c`\n' >"$map"
check 1 run "$tmp"
if grep -q "names lib/src/core/old.c, which is gone" "$tmp/err"; then ok
else fail "old.c not reported: $(cat "$tmp/err")"; fi

# No Modules section: an error, never a pass.
printf '# Map\n`lib/src/core/a.c` `lib/src/core/a.h`\n' >"$map"
check 2 run "$tmp"

# The repository's own map.
check 0 run "$src"

finish
