#!/usr/bin/env python3
"""Checks the page's style sheets: they parse as CSS without errors (tinycss2, from Debian's
python3-tinycss2), and every declaration has a property name and a value.

Usage: scripts/check-css.py FILE.css...   (exit 1 and one line per problem when something is wrong)
"""
import sys

import tinycss2


def problems(path):
    with open(path, encoding="utf-8") as handle:
        rules = tinycss2.parse_stylesheet(handle.read(), skip_comments=True, skip_whitespace=True)
    for rule in rules:
        if rule.type == "error":
            yield f"{path}:{rule.source_line}: {rule.message}"
            continue
        if rule.type != "qualified-rule" or rule.content is None:
            continue
        for declaration in tinycss2.parse_declaration_list(rule.content, skip_comments=True, skip_whitespace=True):
            if declaration.type == "error":
                yield f"{path}:{declaration.source_line}: {declaration.message}"
            elif declaration.type == "declaration" and not any(
                token.type not in ("whitespace", "comment") for token in declaration.value
            ):
                yield f"{path}:{declaration.source_line}: '{declaration.name}' has no value"


def main(paths):
    found = [problem for path in paths for problem in problems(path)]
    for problem in found:
        print(problem, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
