#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check reStructuredText pages with docutils: print every message of
level INFO and above ("file:line: (LEVEL) text") and exit 1 if there was
a warning or an error. The Sphinx directives and roles the kernel's
documentation uses (toctree, kernel-doc, :doc:, :ref:) are accepted
without checking their targets.

Usage: check_rst.py PAGE.rst...
"""
import io
import sys

import docutils.core
import docutils.nodes
from docutils.parsers.rst import Directive, directives, roles


class SphinxDirective(Directive):
    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True
    option_spec = {"maxdepth": directives.unchanged, "glob": directives.flag,
                   "export": directives.unchanged, "internal": directives.unchanged,
                   "identifiers": directives.unchanged, "functions": directives.unchanged}

    def run(self):
        return []


def sphinx_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    return [docutils.nodes.literal(rawtext, text)], []


for name in ("toctree", "kernel-doc"):
    directives.register_directive(name, SphinxDirective)
for name in ("doc", "ref"):
    roles.register_local_role(name, sphinx_role)


def main():
    bad = 0
    for page in sys.argv[1:]:
        messages = io.StringIO()
        docutils.core.publish_doctree(
            open(page).read(), source_path=page,
            settings_overrides={"report_level": 1, "halt_level": 5,
                                "warning_stream": messages})
        for line in messages.getvalue().splitlines():
            print(line)
            if "(WARNING/" in line or "(ERROR/" in line or "(SEVERE/" in line:
                bad += 1
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
