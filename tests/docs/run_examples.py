#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Run the shell examples of reStructuredText pages and check that each
command prints what the page shows.

A literal block (after "::") whose first line starts with "# " (root,
in the guest) or "$ " (a user, with dot2c and dot2k on the PATH) is a
shell session: each prompt line is a command, the lines after it up to
the next prompt its expected output. The commands of a page run in
order, in one shell for each prompt, so that a "cd" carries over. "$ "
sessions start in linux/tools/verification of the repository. Prints
KTAP-style lines, one per command.

Usage: run_examples.py [--after N] [--setup PAGE=COMMAND]... REPO_DIR TOOLS_PATH PAGE.rst...
  --after N: the caller printed checks 1 to N already (lab/ktap.sh's);
           number these from N + 1, and count those in the plan
  TOOLS_PATH: folders, colon-separated, put first on the PATH
  --setup: run the shell COMMAND before the examples of PAGE (a file
           name, such as monitor_containers.rst); its failure fails a check
"""
import os
import re
import subprocess
import sys


def literal_blocks(text):
    """The literal blocks of an RST page, as lists of lines, dedented."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].rstrip().endswith("::"):
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            if j < len(lines):
                indent = len(lines[j]) - len(lines[j].lstrip())
                base = len(lines[i]) - len(lines[i].lstrip())
                if indent > base:
                    block = []
                    while j < len(lines) and (not lines[j].strip() or
                                              len(lines[j]) - len(lines[j].lstrip()) >= indent):
                        block.append(lines[j][indent:])
                        j += 1
                    while block and not block[-1].strip():
                        block.pop()
                    yield block
                    i = j
                    continue
        i += 1


def sessions(text):
    for block in literal_blocks(text):
        if block and (block[0].startswith("# ") or block[0].startswith("$ ")):
            commands = []
            for line in block:
                if line.startswith("# ") or line.startswith("$ "):
                    commands.append([line[:1], line[2:], []])
                else:
                    commands[-1][2].append(line)
            yield commands


class Shell:
    """A bash that runs commands one after the other, their standard input
    /dev/null: a command costs no shell of its own (under TCG, starting one
    costs most of a second)."""
    END = "@@rv-docs-example-end@@"

    def __init__(self, cwd, env):
        self.proc = subprocess.Popen(["bash", "--norc", "--noprofile"], cwd=cwd, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)

    def run(self, command):
        """The lines COMMAND printed, or None if the shell is gone."""
        # the end marker on a line of its own, whether or not the output
        # ended with a newline; the empty line this may add is dropped
        # with the other trailing ones
        try:
            self.proc.stdin.write("{\n%s\n} < /dev/null 2>&1\nprintf '\\n%s\\n'\n"
                                  % (command, self.END))
            self.proc.stdin.flush()
        except BrokenPipeError:
            return None
        out = []
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            if line == self.END:
                return out
            out.append(line)
        return None

    def close(self):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        self.proc.wait()


def main():
    args = sys.argv[1:]
    setups = {}
    count = 0
    if args[:1] == ["--after"]:
        count = int(args[1])
        args = args[2:]
    while args[:1] == ["--setup"]:
        page, _, command = args[1].partition("=")
        setups[page] = command
        args = args[2:]
    repo, tools, pages = args[0], args[1], args[2:]
    env = dict(os.environ, PATH=tools + ":" + os.environ["PATH"])
    failures = 0
    for page in pages:
        start = {"#": "/", "$": os.path.join(repo, "linux/tools/verification")}
        shells = {}
        setup = setups.get(os.path.basename(page))
        if setup is not None:
            count += 1
            run = subprocess.run(["bash", "-c", setup], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True)
            result = "ok" if run.returncode == 0 else "not ok"
            failures += run.returncode != 0
            print("%s %d - %s: set up with: %s" % (result, count, os.path.basename(page), setup))
            for line in run.stdout.splitlines() if run.returncode else []:
                print("# " + line)
        for commands in sessions(open(page).read()):
            for prompt, command, expected in commands:
                count += 1
                if prompt not in shells:
                    shells[prompt] = Shell(start[prompt], env)
                out = shells[prompt].run(command)
                if out is None:
                    out = ["(the shell exited)"]
                    shells.pop(prompt).close()
                while out and not out[-1]:
                    out.pop()
                desc = "%s: %s %s" % (os.path.basename(page), prompt, command)
                if out == expected:
                    print("ok %d - %s" % (count, desc))
                else:
                    failures += 1
                    print("not ok %d - %s" % (count, desc))
                    for line in ["expected:"] + expected + ["actual:"] + out:
                        print("# " + line)
        for shell in shells.values():
            shell.close()
    print("1..%d" % count)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
