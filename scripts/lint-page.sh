#!/usr/bin/env bash
# Lints the web page's own files (Sources/BlueLibrary/Web/Page): the script with ESLint (Debian's
# `eslint`; scripts/eslint.json: eslint:recommended plus no HTML sinks for album text), the style sheet
# with scripts/check-css.py (Debian's python3-tinycss2: it parses, and every text and control colour
# meets WCAG AA contrast on every background colour). `make test` runs it.
set -euo pipefail
cd "$(dirname "$0")/../Sources/BlueLibrary/Web/Page"
# Debian's ESLint lives in /usr/share/nodejs, which a Node.js from elsewhere does not search. Node keeps a
# compile cache in the temporary folder: one of the lint's own, removed when it ends.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/bluelibrary-lint.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
TMPDIR=$scratch NODE_PATH=/usr/share/nodejs eslint --no-eslintrc -c ../../../../scripts/eslint.json -f unix ./*.js
/usr/bin/python3 ../../../../scripts/check-css.py ./*.css
