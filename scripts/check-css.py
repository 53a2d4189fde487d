#!/usr/bin/env python3
"""Checks the page's style sheets (tinycss2, from Debian's python3-tinycss2):

- they parse as CSS without errors, and every declaration has a property name and a value;
- their colours meet WCAG 2.1 AA contrast. Colours are defined once, as custom properties of `:root`
  named by role, and used everywhere else only through var():
    --surface-*  backgrounds that text and controls sit on
    --text-*     text: each one at least 4.5:1 on every surface
    --ui-*       what is not text but must be seen (focus ring, control borders, the current cover's
                 frame, scrollbar thumbs): each one at least 3:1 on every surface
    --deco-*     decoration that carries no information: not checked
  Every text and ui colour is checked against every surface, so a pair that never meets on today's
  page still may not fail if a rule moves. A literal colour outside `:root`, a custom colour of no
  known role, a transparent colour in a checked role, or a property using a colour of the wrong role
  (text in `color`, ui or deco in borders and outlines) is an error. Disabled controls are exempt
  (WCAG 1.4.3 exempts inactive components), so `opacity` is not taken into account.

Usage: scripts/check-css.py [--report] FILE.css...
  exit 1 and one line per problem when something is wrong; --report also prints every pair's ratio.
"""
import sys

import tinycss2
import tinycss2.color3

ROLES = ("surface", "text", "ui", "deco")
MINIMUM = {"text": 4.5, "ui": 3.0}
# Which roles each colour property may use (the first matching prefix wins).
ALLOWED = [
    ("color", {"text"}),
    ("background", {"surface", "ui", "deco"}),
    ("border", {"ui", "deco"}),
    ("outline", {"ui", "deco"}),
    ("scrollbar-color", {"ui", "surface"}),
]
KEYWORDS = {"transparent", "currentcolor", "inherit", "initial", "unset", "none"}


def luminance(color):
    def channel(value):
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)


def contrast(first, second):
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def meaningful(tokens):
    return [token for token in tokens if token.type not in ("whitespace", "comment")]


def var_name(token):
    """The custom property a `var(--name)` token names, else None."""
    if token.type == "function" and token.lower_name == "var":
        arguments = meaningful(token.arguments)
        if arguments and arguments[0].type == "ident":
            return arguments[0].value
    return None


def literal_colours(tokens):
    """Colour values written out (#abc, rgb(), red) in a declaration, searched through functions."""
    for token in tokens:
        if token.type == "function" and token.lower_name == "var":
            continue
        if token.type in ("hash", "ident", "function"):
            if token.type == "ident" and token.lower_value in KEYWORDS:
                continue
            if tinycss2.color3.parse_color(token) is not None:
                yield tinycss2.serialize([token])
                continue
        if token.type == "function":
            yield from literal_colours(token.arguments)


def used_vars(tokens):
    for token in tokens:
        name = var_name(token)
        if name:
            yield name
        elif token.type == "function":
            yield from used_vars(token.arguments)


def rules(nodes):
    """Qualified rules, including those inside @media blocks, as (prelude text, declarations)."""
    for rule in nodes:
        if rule.type == "qualified-rule":
            yield tinycss2.serialize(rule.prelude).strip(), rule.content
        elif rule.type == "at-rule" and rule.content is not None and rule.lower_at_keyword == "media":
            yield from rules(tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True))


def problems(path, report):
    with open(path, encoding="utf-8") as handle:
        sheet = tinycss2.parse_stylesheet(handle.read(), skip_comments=True, skip_whitespace=True)
    palette = {}  # name -> (role, colour)
    uses = []  # (line, property, [var names])
    for rule in sheet:
        if rule.type == "error":
            yield f"{path}:{rule.source_line}: {rule.message}"
    for prelude, content in rules(sheet):
        if content is None:
            continue
        for declaration in tinycss2.parse_declaration_list(content, skip_comments=True, skip_whitespace=True):
            if declaration.type == "error":
                yield f"{path}:{declaration.source_line}: {declaration.message}"
                continue
            if declaration.type != "declaration":
                continue
            where = f"{path}:{declaration.source_line}"
            value = meaningful(declaration.value)
            if not value:
                yield f"{where}: '{declaration.name}' has no value"
                continue
            if declaration.name.startswith("--"):
                colour = tinycss2.color3.parse_color(value[0]) if len(value) == 1 else None
                if colour is None:
                    continue
                role = declaration.name[2:].split("-")[0]
                if prelude != ":root":
                    yield f"{where}: colour {declaration.name} is defined outside :root"
                elif role not in ROLES:
                    yield f"{where}: colour {declaration.name} has no role (name it --surface-, --text-, --ui- or --deco-)"
                elif role != "deco" and colour.alpha != 1:
                    yield f"{where}: colour {declaration.name} is not opaque, so its contrast depends on what is under it"
                else:
                    palette[declaration.name] = (role, colour)
                continue
            for literal in literal_colours(declaration.value):
                yield f"{where}: '{declaration.name}' uses the colour {literal}; use a role colour from :root"
            uses.append((where, declaration.name, list(used_vars(declaration.value))))
    for where, name, names in uses:
        allowed = next((roles for prefix, roles in ALLOWED if name.startswith(prefix)), None)
        for var in names:
            if var not in palette:
                if var.startswith(tuple(f"--{role}-" for role in ROLES)):
                    yield f"{where}: '{name}' uses {var}, which :root does not define"
                continue
            role = palette[var][0]
            if allowed is not None and role not in allowed:
                yield f"{where}: '{name}' uses the {role} colour {var}; it takes {' or '.join(sorted(allowed))} colours"
    surfaces = {name: colour for name, (role, colour) in palette.items() if role == "surface"}
    if not surfaces and any(role in MINIMUM for role, _ in palette.values()):
        yield f"{path}: no --surface-* colour to check text against"
    for name, (role, colour) in sorted(palette.items()):
        if role not in MINIMUM:
            continue
        for surface, background in sorted(surfaces.items()):
            ratio = contrast(colour, background)
            if report:
                print(f"{name:>18} on {surface:<18} {ratio:5.2f}:1 (needs {MINIMUM[role]}:1)")
            if ratio < MINIMUM[role]:
                yield f"{path}: {name} on {surface} is {ratio:.2f}:1, below the {MINIMUM[role]}:1 WCAG AA asks for"


def main(arguments):
    report = "--report" in arguments
    paths = [argument for argument in arguments if argument != "--report"]
    found = [problem for path in paths for problem in problems(path, report)]
    for problem in found:
        print(problem, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
