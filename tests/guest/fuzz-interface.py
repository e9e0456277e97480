#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Fuzz every file operation of the RV tracefs interface.

Finds every file under /sys/kernel/tracing/rv/ and, on each, tries every
way to open it, read it, write it and seek in it, and hands it to the other
system calls a file meets (splice, sendfile, mmap, poll, select, ioctl,
fcntl, fstat, fsync, ftruncate, close). Each call must do what the
interface documents or fail with an errno; none may hang, a failed one must
change nothing, and no read may return anything but printable text (no NUL
byte, no kernel address). Then thousands of adversarial and random payloads
go to every writable file, each checked against a model of what the write
must do; writers and readers run at once; and a process without privileges
must be refused every file.

The files are found, not listed: a file added later is fuzzed too. What is
hard-coded is the meaning of each file name (FILES) and the model of the
writes (write_effect).

Writes name only the monitors rv_test and rv_test_b (tests/modules), wip and
wwnr, and the reactors nop, rv_test_react and printk: the files of other
monitors are opened and read, never written.

Prints KTAP, one check per file and family of operations, then the plan,
and exits non-zero on any failure. Run as root with the modules loaded:
tests/guest/fuzz.sh does it in the lab guest.

Usage: fuzz-interface.py [PAYLOADS]
Environment:
  FUZZ_PAYLOADS  random payloads to write, in all, on top of the
                 adversarial ones (or the first argument; default 1000)
  FUZZ_SEED      the seed of every random choice (default 1; printed)
  FUZZ_SECONDS   how long the writers and readers run at once (default 3)
  FUZZ_SKIP      operations not to make, comma-separated names of
                 OPERATIONS; lseek-wronly is lseek on a write-only file,
                 which Python's buffered and append write modes make too
"""
import ctypes
import errno
import fcntl
import functools
import json
import os
import random
import re
import select
import signal
import stat
import struct
import sys
import tempfile
import termios
import time
from typing import NamedTuple

RV = "/sys/kernel/tracing/rv"
ALLOWED_MONITORS = ("rv_test", "rv_test_b", "wip", "wwnr")
# Never the panic reactor: selected, it would panic the guest at the next
# violation (wwnr sees some every second). Besides the model of the writes,
# a payload that holds "panic" anywhere is never written to a reactors file.
ALLOWED_REACTORS = ("nop", "rv_test_react", "printk")
PANIC = b"panic"

CALL_SECONDS = 20	# no call takes this long, not even a disable under KASAN
NOBODY = 65534
HUGE = 2**62
MIB = 1 << 20
WORD_BUF = 80		# RV_WORD_BUF: a write of 80 bytes or more is refused
BLANKS = b" \t\n\v\f\r"	# the blanks a write may have around its word

OPERATIONS = ("open", "python-open", "read", "pread", "readv", "lseek", "lseek-wronly",
              "write", "pwrite", "writev", "pwritev", "bad-buffer", "splice", "sendfile",
              "mmap", "poll", "select", "ioctl", "fcntl", "fstat", "fsync", "ftruncate",
              "close")


class Kind(NamedTuple):
    """What a file of the interface is, from its name."""
    mode: int	# its permission bits
    write: str	# what a write holds: command, switch or reactor; "" if not writable
    state: bool	# whether only writes change it: snapshots hold it
    form: str	# a regular expression its whole content matches


NAME = r"[a-z0-9_]{1,31}"
FILES = {
    "available_monitors": Kind(0o400, "", True, rf"({NAME}\n)*"),
    "available_reactors": Kind(0o400, "", True, rf"nop\n({NAME}\n)*"),
    "enabled_monitors": Kind(0o600, "command", True, rf"({NAME}\n)*"),
    "monitoring_on": Kind(0o600, "switch", True, r"[01]\n"),
    "reacting_on": Kind(0o600, "switch", True, r"[01]\n"),
    "desc": Kind(0o400, "", True, r"[^\n]*\n"),
    "enable": Kind(0o600, "switch", True, r"[01]\n"),
    "reactors": Kind(0o600, "reactor", True, rf"(\[?{NAME}\]?\n)+"),
    # their counters move on their own (coverage fills at a first start)
    "stats": Kind(0o400, "", False, r"events: \d+\nviolations: \d+\nlast_violation: "
                  r"(none|state=\S+ event=\S+ cpu=\d+ pid=\d+ time_ns=\d+)\n"),
    "coverage": Kind(0o400, "", False, r"(\S+ \S+ \S+ \d+\n)*"),
}
UNKNOWN = Kind(-1, "", False, r"(?s).*")	# read and probed, never written

KERNEL_ADDRESS = re.compile(rb"(?i)(?<![0-9a-f])ffff[0-9a-f]{12}(?![0-9a-f])")
NOT_TEXT = re.compile(rb"[^\n\x20-\x7e]")


@functools.cache
def kind_of(path):
    return FILES.get(os.path.basename(path), UNKNOWN)


@functools.cache
def monitor_of(path):
    """The monitor of a file in monitors/NAME/, else None."""
    parts = path.split("/")
    return parts[-2] if parts[0] == "monitors" and len(parts) > 2 else None


def lines(text):
    return text.splitlines()


def selected(text):
    """The reactor a reactors file has in brackets."""
    return next((r[1:-1] for r in lines(text) if r.startswith("[")), None)


def show(data, limit=48):
    """A payload, short enough for a diagnostic line."""
    text = repr(bytes(data[:limit]))
    return text + (f"...({len(data)} bytes)" if len(data) > limit else "")


def printable(data):
    return not NOT_TEXT.search(data)


def flag_names(flags):
    """The flags of open(2) by name, as O_WRONLY|O_TRUNC."""
    names = []
    for name in ("O_TMPFILE", "O_SYNC", "O_WRONLY", "O_RDWR", "O_APPEND", "O_TRUNC", "O_NONBLOCK",
                 "O_CREAT", "O_EXCL", "O_DIRECTORY", "O_DIRECT", "O_PATH", "O_NOATIME",
                 "O_CLOEXEC", "O_NOFOLLOW", "O_NOCTTY", "O_DSYNC"):
        bits = getattr(os, name)
        if flags & bits == bits:
            names.append(name)
            flags &= ~bits
    return "|".join(names) or "O_RDONLY"


class Ktap:
    """Checks numbered and printed as lab/ktap.sh does."""

    def __init__(self):
        self.count = 0
        self.failures = 0

    def check(self, desc, problems, limit=8):
        self.count += 1
        if problems:
            self.failures += 1
            print(f"not ok {self.count} - {desc}")
            for line in problems[:limit]:
                print(f"# {line}")
            if len(problems) > limit:
                print(f"# ... and {len(problems) - limit} more")
        else:
            print(f"ok {self.count} - {desc}")
        sys.stdout.flush()

    def skip(self, desc, reason):
        self.count += 1
        print(f"ok {self.count} - {desc} # SKIP {reason}", flush=True)

    def comment(self, text):
        print(f"# {text}", flush=True)

    def finish(self):
        print(f"1..{self.count}", flush=True)
        return 1 if self.failures else 0


class Hang(Exception):
    """A call was still running after CALL_SECONDS."""


def on_alarm(signum, frame):
    raise Hang()


class Outcome(NamedTuple):
    """What a call did: its value, or the name of its errno (or "hang",
    "skipped", or the name of a Python exception)."""
    value: object = None
    error: str = ""

    def __str__(self):
        return self.error or repr(self.value)[:80]


SKIPPED = Outcome(error="skipped")

# What Python cannot pass: a bad buffer, an mmap larger than the file's size
libc = ctypes.CDLL(None, use_errno=True)
for fn in (libc.read, libc.write):
    fn.argtypes = (ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t)
    fn.restype = ctypes.c_ssize_t
libc.mmap.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                      ctypes.c_int, ctypes.c_long)
libc.mmap.restype = ctypes.c_void_p
libc.munmap.argtypes = (ctypes.c_void_p, ctypes.c_size_t)
BAD_ADDRESSES = (8, 0xffffffff81000000)	# unmapped; the kernel's text
MAP_FAILED = 2**64 - 1
PROT_READ, PROT_WRITE, MAP_SHARED, MAP_PRIVATE = 1, 2, 1, 2


def libc_error():
    return OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))


def raw_read(fd, address, count):
    ret = libc.read(fd, address, count)
    if ret < 0:
        raise libc_error()
    return ret


def raw_write(fd, address, count):
    ret = libc.write(fd, address, count)
    if ret < 0:
        raise libc_error()
    return ret


def raw_mmap(fd, flags, prot):
    address = libc.mmap(None, 4096, prot, flags, fd, 0)
    if address == MAP_FAILED:
        raise libc_error()
    libc.munmap(address, 4096)
    return address


# The model. A state is a snapshot of the files that only writes change:
# path -> text.

def parse_word(data, pos):
    """The word of a write as the documentation has it, b"" for blanks
    only, or None when the write must be refused: not at offset 0, too
    long, with a NUL byte or with more than one word."""
    if pos != 0 or len(data) >= WORD_BUF or b"\0" in data:
        return None
    word = bytes(data).strip(BLANKS)
    if any(byte in BLANKS for byte in word):
        return None
    return word


def with_enabled(state, name, on):
    """STATE with monitor NAME enabled or disabled."""
    new = dict(state)
    enabled = set(lines(state["enabled_monitors"])) - {name} | ({name} if on else set())
    new["enabled_monitors"] = "".join(
        f"{m}\n" for m in lines(state["available_monitors"]) if m in enabled)
    for path in state:
        if path.endswith("/enable"):
            new[path] = "1\n" if monitor_of(path) in enabled else "0\n"
    return new


def with_all_disabled(state):
    for name in lines(state["enabled_monitors"]):
        state = with_enabled(state, name, False)
    return state


def with_reactor(state, path, name):
    text = "".join(f"[{r}]\n" if r == name else f"{r}\n"
                   for r in lines(state["available_reactors"]))
    return {**state, path: text}


def write_effect(state, path, data, pos):
    """What one write(2) of DATA at POS to PATH must return, a count or an
    errno name, and the state after it."""
    kind = kind_of(path)
    word = parse_word(data, pos)
    if not kind.write or word is None:
        return "EINVAL", state
    name = word.decode("latin-1")
    new = None
    if kind.write == "command":
        if not word:
            return len(data), state	# what "echo > enabled_monitors" sends
        enable = name[0] not in "!-"
        name = name if enable else name[1:]
        if name in lines(state["available_monitors"]):
            new = with_enabled(state, name, enable)
    elif kind.write == "switch" and name in ("0", "1"):
        if monitor_of(path):
            new = with_enabled(state, monitor_of(path), name == "1")
        else:
            new = {**state, path: f"{name}\n"}
    elif kind.write == "reactor" and name in lines(state["available_reactors"]):
        new = with_reactor(state, path, name)
    return ("EINVAL", state) if new is None else (len(data), new)


def fork_with_result(work):
    """Run work() in a child process, which sends what it returns, as JSON,
    through a pipe. Returns the child's pid and the pipe's read end."""
    pipe_r, pipe_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            os.close(pipe_r)
            os.write(pipe_w, json.dumps(work()).encode())
            status = 0
        finally:
            os._exit(status)
    os.close(pipe_w)
    return pid, pipe_r


def writev_effect(state, path, segments, pos):
    """writev() on a file without write_iter: one write per segment, until
    one fails or is short; nothing at all when there is nothing to write.
    A write does not move the file position: each segment is at POS. The
    first segment is written even when empty; stepping past a written one
    also steps past the empty ones after it, which are never written."""
    if not kind_of(path).write:
        return "EINVAL", state
    if not sum(len(s) for s in segments):
        return 0, state
    total = 0
    for segment in segments[:1] + [s for s in segments[1:] if s]:
        result, new = write_effect(state, path, segment, pos)
        if isinstance(result, str):
            return (total or result), state
        state, total = new, total + result
    return total, state


def open_effect(state, path, flags):
    """The state after opening PATH with FLAGS: opening enabled_monitors
    for writing with truncation disables every monitor."""
    writing = flags & os.O_ACCMODE != os.O_RDONLY and not flags & os.O_PATH
    if path == "enabled_monitors" and writing and flags & os.O_TRUNC:
        return with_all_disabled(state)
    return state


def differences(expected, actual):
    problems = []
    for path in sorted(set(expected) | set(actual)):
        want, got = expected.get(path), actual.get(path)
        if want != got:
            problems.append(f"{path}: expected {want!r}, got {got!r}")
    return problems


def form_problems(path, text, state=None):
    """What is wrong with the content of PATH, alone and against STATE."""
    if not re.fullmatch(kind_of(path).form, text):
        return [f"{path} is malformed: {text[:120]!r}"]
    if not state:
        return []
    if path == "enabled_monitors":
        available = lines(state["available_monitors"])
        if [m for m in available if m in lines(text)] != lines(text):
            return [f"enabled_monitors lists what available_monitors does not: {text!r}"]
    if os.path.basename(path) == "reactors":
        names = [r.strip("[]") for r in lines(text)]
        if names != lines(state["available_reactors"]) or text.count("[") != 1:
            return [f"{path} is not the reactors with one selected: {text!r}"]
    return []


def consistency_problems(state):
    """Where the files of one snapshot disagree with each other."""
    problems = []
    enabled = [m for m in lines(state["available_monitors"])
               if state.get(f"monitors/{m}/enable") == "1\n"]
    if lines(state["enabled_monitors"]) != enabled:
        problems.append(f"enabled_monitors reads {lines(state['enabled_monitors'])},"
                        f" the enable files say {enabled}")
    for path, text in state.items():
        problems += form_problems(path, text, state)
    return problems


class Fuzzer:
    def __init__(self, payloads, seed, seconds, skip):
        self.ktap = Ktap()
        self.rng = random.Random(seed)
        self.payloads, self.seed, self.seconds, self.skip = payloads, seed, seconds, skip
        self.files = self.discover()
        # snapshots pread these at offset 0: a seq_file prints itself anew
        self.watched = {path: os.open(os.path.join(RV, path), os.O_RDONLY)
                        for path in self.files if kind_of(path).state}
        self.baseline = self.current = None
        self.real_enables = [p for p in self.watched if p.endswith("/enable") and
                             not monitor_of(p).startswith("rv_test")]
        self.real_starts = 0
        self.operations = 0
        self.payloads_tried = 0
        self.errnos = {}
        self.skipped = {}
        self.reads = {}
        self.text_problems = {}
        signal.signal(signal.SIGALRM, on_alarm)

    @staticmethod
    def discover():
        found = []
        for folder, dirs, files in os.walk(RV):
            dirs.sort()
            found += [os.path.relpath(os.path.join(folder, f), RV) for f in sorted(files)]
        return found

    def may_write(self, path):
        """Whether the fuzzer writes to PATH: known files, but not the
        writable ones of monitors it leaves alone (a write to a read-only
        file only tests its refusal)."""
        kind = kind_of(path)
        return kind is not UNKNOWN and (not kind.write or
                                        monitor_of(path) in (None,) + ALLOWED_MONITORS)

    def forbidden(self, path, data):
        """Whether DATA names a reactor or monitor the fuzzer leaves alone,
        whatever the model says the write does."""
        if kind_of(path).write == "reactor":
            others = [r for r in lines(self.baseline["available_reactors"])
                      if r not in ALLOWED_REACTORS]
            return PANIC in data or any(r.encode() in data for r in others)
        others = [m for m in lines(self.baseline["available_monitors"])
                  if m not in ALLOWED_MONITORS]
        return any(m.encode() in data for m in others)

    # calls: with a deadline, the errno recorded

    def skipping(self, op):
        if op in self.skip:
            self.skipped[op] = self.skipped.get(op, 0) + 1
            return True
        return False

    def call(self, op, fn, *args):
        """FN(*ARGS), counted as operation OP: its Outcome."""
        if self.skipping(op):
            return SKIPPED
        self.operations += 1
        signal.alarm(CALL_SECONDS)
        try:
            return Outcome(fn(*args))
        except OSError as e:
            name = errno.errorcode.get(e.errno, str(e.errno))
            self.errnos[name] = self.errnos.get(name, 0) + 1
            return Outcome(error=name)
        except (ValueError, OverflowError) as e:
            return Outcome(error=f"{type(e).__name__}: {e}")
        except Hang:
            return Outcome(error="hang")
        finally:
            signal.alarm(0)

    def text(self, path, data):
        """Check what a read of PATH returned: printable, no kernel address."""
        self.reads[path] = self.reads.get(path, 0) + 1
        problems = self.text_problems.setdefault(path, [])
        if not printable(data):
            problems.append(f"a read returned {show(data)}")
        address = KERNEL_ADDRESS.search(data)
        if address:
            problems.append(f"a read returned what looks like a kernel address: {address[0]!r}")
        return data.decode("latin-1")

    def read_watched(self, path):
        """The content of a watched file, or "<ERRNO>"."""
        fd = self.watched[path]
        try:
            data = os.pread(fd, 65536, 0)
            while len(data) % 65536 == 0 and (chunk := os.pread(fd, 65536, len(data))):
                data += chunk
        except OSError as e:
            return f"<{errno.errorcode.get(e.errno, e.errno)}>"
        return self.text(path, data)

    def snapshot(self):
        """The state now, which becomes the current one."""
        before = self.current or {}
        signal.alarm(CALL_SECONDS)
        try:
            self.current = {path: self.read_watched(path) for path in self.watched}
        except Hang:
            self.current = {path: "<hang>" for path in self.watched}
        finally:
            signal.alarm(0)
        # how often a real monitor started: each start patches tracepoints
        self.real_starts += sum(before.get(p) == "0\n" and self.current[p] == "1\n"
                                for p in self.real_enables)
        return self.current

    def check_state(self, expected, problems, what):
        """A problem for each difference of the state from EXPECTED."""
        problems += [f"{what}: {p}" for p in differences(expected, self.snapshot())]

    def put(self, path, word):
        """Write WORD to PATH as a shell does."""
        fd = self.call("open", os.open, os.path.join(RV, path), os.O_WRONLY)
        if not fd.error:
            self.call("write", os.write, fd.value, word)
            os.close(fd.value)

    # the state each family of operations starts from, and goes back to

    def set_state(self, target):
        """Write what takes the interface from its current state to TARGET;
        what still differs."""
        current = self.current
        for name in lines(current["enabled_monitors"]):
            if name not in lines(target["enabled_monitors"]):
                self.put("enabled_monitors", f"!{name}".encode())
        for name in lines(target["enabled_monitors"]):
            if name not in lines(current["enabled_monitors"]):
                self.put("enabled_monitors", name.encode())
        for path, text in target.items():
            if current.get(path) == text:
                continue
            if os.path.basename(path) == "reactors":
                self.put(path, (selected(text) or "nop").encode())
            elif path in ("monitoring_on", "reacting_on"):
                self.put(path, text.encode())
        return differences(target, self.snapshot())

    def restore(self, problems):
        if differences(self.baseline, self.current):
            problems += [f"cannot restore the state: {p}" for p in self.set_state(self.baseline)]

    def make_baseline(self):
        """rv_test_b enabled and rv_test reacting with rv_test_react: a
        state in which a write shows what it changes."""
        state = with_all_disabled(self.current)
        if "rv_test_b" in lines(state["available_monitors"]):
            state = with_enabled(state, "rv_test_b", True)
        for path in state:
            if os.path.basename(path) == "reactors" and self.may_write(path):
                chosen = "rv_test_react" if monitor_of(path) == "rv_test" else "nop"
                if chosen in lines(state["available_reactors"]):
                    state = with_reactor(state, path, chosen)
        return {**state, "monitoring_on": "1\n", "reacting_on": "1\n"}

    def change_word(self, path, state):
        """A valid write to PATH that changes STATE where one can ("1\\n"
        for a file that takes no write)."""
        kind = kind_of(path)
        if kind.write == "command":
            enabled = lines(state["enabled_monitors"])
            for name in ALLOWED_MONITORS:
                if name in lines(state["available_monitors"]) and name not in enabled:
                    return f"{name}\n".encode()
            return f"!{enabled[0]}\n".encode() if enabled else b"\n"
        if kind.write == "reactor":
            return next((r for r in ALLOWED_REACTORS if r != selected(state[path]) and
                         r in lines(state["available_reactors"])), "nop").encode() + b"\n"
        if kind.write == "switch":
            return b"0\n" if state[path] == "1\n" else b"1\n"
        return b"1\n"

    def same_word(self, path, state):
        """A valid write to PATH that changes nothing."""
        kind = kind_of(path)
        if kind.write == "command":
            return (lines(state["enabled_monitors"]) or [""])[0].encode() + b"\n"
        if kind.write == "reactor":
            return (selected(state[path]) or "nop").encode() + b"\n"
        return state.get(path, "1\n").encode()

    # writes through one fd, against the model

    def run_writes(self, path, flags, steps, state, problems, what):
        """Open PATH with FLAGS and make STEPS on the fd, each against the
        model. Returns the state the model expects afterwards, and whether
        a step was to succeed."""
        fd = self.call("open", os.open, os.path.join(RV, path), flags)
        if fd.error:
            problems.append(f"{what}: open failed with {fd.error}")
            return state, False
        fd = fd.value
        state = open_effect(state, path, flags)
        pos, taken = 0, False
        for step, data, *offset in steps:
            if step == "read":
                got = self.call("read", os.read, fd, data)
                pos += len(got.value or b"")
                continue
            if step == "seek":
                op = "lseek-wronly" if flags & os.O_ACCMODE == os.O_WRONLY else "lseek"
                got = self.call(op, os.lseek, fd, data, os.SEEK_SET)
                if got.error == "skipped":
                    break
                pos = pos if got.error else got.value
                continue
            at = offset[0] if offset else pos
            if step == "write":
                got = self.call(step, os.write, fd, data)
            elif step == "pwrite":
                got = self.call(step, os.pwrite, fd, data, at)
            elif step == "writev":
                got = self.call(step, os.writev, fd, data)
            else:
                got = self.call(step, os.pwritev, fd, data, at)
            if step in ("write", "pwrite"):
                want, new = write_effect(state, path, data, at)
            else:
                want, new = writev_effect(state, path, data, at)
                data = b"|".join(data)
            taken |= isinstance(want, int)
            if got.error == "skipped":
                break
            if offset and got.error == "ESPIPE":
                continue	# a file may refuse positional writes
            actual = got.error or got.value
            if actual != want:
                problems.append(f"{what}: {step} {show(data)} at {at}:"
                                f" expected {want}, got {actual}")
            elif not got.error:
                state = new
        closed = self.call("close", os.close, fd)
        if closed.error:
            problems.append(f"{what}: close failed with {closed.error}")
        return state, taken

    # the families of operations, each on one file

    def family_open(self, path):
        """Every way to open PATH: the flags, and Python's modes."""
        problems = []
        writes = self.may_write(path)
        extras = (os.O_APPEND, os.O_TRUNC, os.O_NONBLOCK)
        combos = [access | sum(e for i, e in enumerate(extras) if mask >> i & 1)
                  for access in (os.O_RDONLY, os.O_WRONLY, os.O_RDWR) for mask in range(8)]
        combos += [os.O_RDONLY | f for f in (os.O_CREAT, os.O_NOATIME, os.O_CLOEXEC, os.O_NOFOLLOW,
                                             os.O_NOCTTY, os.O_SYNC, os.O_DSYNC, os.O_PATH)]
        refused = {os.O_RDWR | os.O_CREAT | os.O_EXCL: ("EEXIST",),
                   os.O_RDONLY | os.O_DIRECTORY: ("ENOTDIR",),
                   os.O_RDWR | os.O_DIRECT: ("EINVAL",),
                   os.O_WRONLY | os.O_TRUNC | os.O_DIRECT: ("EINVAL",),
                   os.O_RDWR | os.O_TMPFILE: ("ENOTDIR", "EISDIR", "EOPNOTSUPP", "EINVAL")}
        for flags in combos + list(refused):
            if not writes and (flags & os.O_ACCMODE or flags & os.O_TRUNC):
                continue
            self.open_with(path, flags, refused.get(flags), problems)
        for mode, buffering in (("r", -1), ("rb", -1), ("rb", 0), ("r+", -1), ("r+b", 0),
                                ("w", -1), ("wb", -1), ("wb", 0), ("a", -1), ("ab", -1),
                                ("ab", 0), ("w+", -1), ("a+", -1), ("x", -1)):
            if writes or mode in ("r", "rb"):
                self.python_open(path, mode, buffering, problems)
        self.ktap.check(f"{path}: every open mode", problems)

    def open_with(self, path, flags, refusals, problems):
        """os.open(PATH, FLAGS), a read, F_GETFL and close: only what the
        opening does changes (REFUSALS: the errnos it must fail with)."""
        what = f"open {flag_names(flags)}"
        state = self.current
        fd = self.call("open", os.open, os.path.join(RV, path), flags)
        if fd.error:
            if fd.error not in (refusals or ()):
                problems.append(f"{what}: {fd.error}")
            self.check_state(state, problems, what)
            self.restore(problems)
            return
        if refusals:
            problems.append(f"{what}: opened, must fail with {refusals[0]}")
        opened = open_effect(state, path, flags)
        access = None if flags & os.O_PATH else flags & os.O_ACCMODE
        got = self.call("fcntl", fcntl.fcntl, fd.value, fcntl.F_GETFL)
        if access is not None and not got.error and got.value & os.O_ACCMODE != access:
            problems.append(f"{what}: F_GETFL says {got.value:#o}")
        got = self.call("read", os.read, fd.value, MIB)
        if access in (os.O_RDONLY, os.O_RDWR):
            if got.error:
                problems.append(f"{what}: read: {got.error}")
            elif self.text(path, got.value) != opened.get(path) and kind_of(path).state:
                problems.append(f"{what}: read {got.value!r}, not {opened[path]!r}")
        elif got.error != "EBADF":
            problems.append(f"{what}: read on a fd not open for reading: {got}")
        self.call("close", os.close, fd.value)
        self.check_state(opened, problems, what)
        self.restore(problems)

    def python_open(self, path, mode, buffering, problems):
        """open(PATH, MODE): a read returns the content, a write (of the
        change word) does what the model says, or the opening fails with an
        errno (EEXIST in mode x, EINVAL where a seek to the end is refused)."""
        what = f"open({path!r}, {mode!r}, buffering={buffering})"
        flags = {"r": os.O_RDONLY, "w": os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
                 "a": os.O_WRONLY | os.O_CREAT | os.O_APPEND,
                 "x": os.O_WRONLY | os.O_CREAT | os.O_EXCL}[mode[0]]
        if "+" in mode:
            flags = flags & ~os.O_ACCMODE | os.O_RDWR
        # Python seeks on opening: buffered and text files ask where they
        # are, append mode goes to the end.
        if flags & os.O_ACCMODE == os.O_WRONLY and mode[0] in "wa" and \
                (buffering or mode[0] == "a") and self.skipping("lseek-wronly"):
            return
        state = self.current
        opened = open_effect(state, path, flags)
        refusals = {"x": ("EEXIST",), "a": ("EINVAL",)}.get(mode[0], ())
        got = self.call("python-open", open, os.path.join(RV, path), mode, buffering)
        if got.error:
            if got.error not in refusals:
                problems.append(f"{what}: {got.error}")
            self.check_state(opened, problems, what)
            self.restore(problems)
            return
        if mode == "x":
            problems.append(f"{what}: opened, must fail with EEXIST")
        file = got.value
        if mode in ("r", "rb"):
            got = self.call("read", file.read)
            if got.error:
                problems.append(f"{what}: read: {got.error}")
            else:
                text = self.text(path, got.value.encode() if mode == "r" else got.value)
                if kind_of(path).state and text != state[path]:
                    problems.append(f"{what}: read {text!r}, not {state[path]!r}")
            self.call("close", file.close)
            expected = opened
        else:
            data = self.change_word(path, state)
            want, expected = write_effect(opened, path, data, 0)
            wrote = self.call("write", file.write, data if "b" in mode else data.decode())
            # a buffered file writes when it is closed
            closed = self.call("close", file.close)
            if (wrote.error or closed.error or wrote.value) != want:
                problems.append(f"{what}: write {show(data)}: expected {want},"
                                f" got {wrote.error or closed.error or wrote.value}")
                expected = opened
        self.check_state(expected, problems, what)
        self.restore(problems)

    def family_read(self, path):
        """read, pread, readv, preadv, lseek, at every offset and length;
        read on a closed fd, and into a bad buffer."""
        problems = []
        full = os.path.join(RV, path)
        state = self.current
        content = state[path].encode("latin-1") if kind_of(path).state else None

        def fresh():
            return os.open(full, os.O_RDONLY | os.O_NONBLOCK)

        def expect(what, got, offset, length):
            """A read of LENGTH at OFFSET returned the content there."""
            if got.error == "skipped":
                return
            if got.error:
                problems.append(f"{what}: {got.error}")
                return
            self.text(path, got.value)
            if content is not None and got.value != content[offset:offset + length]:
                problems.append(f"{what}: {show(got.value)},"
                                f" not {show(content[offset:offset + length])}")

        for length in (0, 1, 4096, MIB):
            fd = fresh()
            got = self.call("read", os.read, fd, length)
            expect(f"read {length}", got, 0, length)
            os.close(fd)
        if not got.error:
            problems += form_problems(path, got.value.decode("latin-1"), state)
        fd = fresh()
        data = b""
        while (got := self.call("read", os.read, fd, 1)).value and len(data) < MIB:
            data += got.value
        os.close(fd)
        expect("read byte by byte", Outcome(data, got.error), 0, MIB)
        size = len(content) if content is not None else 8
        fd = fresh()
        for offset in sorted({0, 1, 3, max(size - 1, 0), size, size + 1, 4096, HUGE}):
            for length in (0, 1, 4096, MIB):
                expect(f"pread {length} at {offset}",
                       self.call("pread", os.pread, fd, length, offset), offset, length)
        got = self.call("pread", os.pread, fd, 1, -1)
        if got.error not in ("EINVAL", "skipped"):
            problems.append(f"pread at -1: {got}, not EINVAL")
        os.close(fd)
        for offset in (None, 0, 2, HUGE):
            # a short read ends a readv: what it returns is a prefix
            buffers = [bytearray(n) for n in (1, 2, 5, 4096)]
            fd = fresh()
            if offset is None:
                got = self.call("readv", os.readv, fd, buffers)
            else:
                got = self.call("readv", os.preadv, fd, buffers, offset)
            os.close(fd)
            if not got.error:
                got = Outcome(b"".join(buffers)[:got.value])
            expect(f"readv at {offset}", got, offset or 0, len(got.value or b""))
            if not got.error and content and (offset or 0) < len(content) and not got.value:
                problems.append(f"readv at {offset} read nothing")
        problems += self.seeks(path, content, fresh)
        # two fds on the file: closing one leaves the other whole
        one, other = fresh(), fresh()
        self.call("close", os.close, one)
        got = self.call("read", os.read, one, 4096)
        if got.error not in ("EBADF", "skipped"):
            problems.append(f"read on a closed fd: {got}, not EBADF")
        expect("read on the fd left open", self.call("read", os.read, other, MIB), 0, MIB)
        os.close(other)
        for address in BAD_ADDRESSES:
            fd = fresh()
            got = self.call("bad-buffer", raw_read, fd, address, 4096)
            # nothing to read, nothing copied: a volatile file may be empty
            if got.error not in ("EFAULT", "skipped") and not (got.value == 0 and not content):
                problems.append(f"read into {address:#x}: {got}, not EFAULT")
            os.close(fd)
        self.check_state(state, problems, "after the reads")
        self.ktap.check(f"{path}: read, pread, readv, lseek at every offset and length", problems)

    def seeks(self, path, content, fresh):
        """lseek with every whence; a read after it starts where it says."""
        problems = []
        for whence, offset in ((os.SEEK_SET, 0), (os.SEEK_SET, 1), (os.SEEK_SET, 3),
                               (os.SEEK_SET, HUGE), (os.SEEK_SET, -1), (os.SEEK_SET, -HUGE),
                               (os.SEEK_CUR, 0), (os.SEEK_CUR, 2), (os.SEEK_CUR, -1),
                               (os.SEEK_END, 0), (os.SEEK_END, -1), (os.SEEK_END, HUGE),
                               (os.SEEK_DATA, 0), (os.SEEK_HOLE, 0), (os.SEEK_DATA, HUGE)):
            what = f"lseek({offset}, {whence})"
            fd = fresh()
            got = self.call("lseek", os.lseek, fd, offset, whence)
            if got.error == "skipped":
                pass
            elif got.error:
                # a negative position is refused; a seq_file has no end
                if got.error not in ("EINVAL", "ENXIO") or (
                        whence in (os.SEEK_SET, os.SEEK_CUR) and offset >= 0):
                    problems.append(f"{what}: {got.error}")
            elif whence in (os.SEEK_SET, os.SEEK_CUR) and got.value != offset or got.value < 0:
                problems.append(f"{what} returned {got.value}")
            else:
                data = self.call("read", os.read, fd, 4096)
                if not data.error:
                    self.text(path, data.value)
                if content is not None and data.value != content[got.value:got.value + 4096]:
                    problems.append(f"read after {what} = {got.value}: {data}")
            os.close(fd)
        return problems

    def family_write(self, path):
        """write, pwrite, writev, pwritev at every offset and length, on
        every kind of fd, from bad buffers too: against the model."""
        desc = f"{path}: write, pwrite, writev at every offset and length"
        if not self.may_write(path):
            self.ktap.skip(desc, "not a file the fuzzer writes to")
            return
        problems = []
        word = self.change_word(path, self.baseline)
        sized = [(word + b" " * n)[:n] for n in (0, 1, 4096, MIB)]
        cases = [(os.O_WRONLY, [("write", data)]) for data in sized]
        cases += [(os.O_WRONLY, [("pwrite", data, 0)]) for data in sized]
        cases += [(os.O_WRONLY, [("pwrite", word, offset)]) for offset in (1, 3, HUGE, -1)]
        cases += [(os.O_WRONLY, [("writev", [word[:1], word[1:]])]),
                  (os.O_WRONLY, [("writev", [word, b"", b" "])]),
                  (os.O_WRONLY, [("writev", [b"", word])]),
                  (os.O_WRONLY, [("writev", [word[:2]] * 3)]),
                  (os.O_WRONLY, [("writev", [b""] * 3)]),
                  (os.O_RDWR, [("pwritev", [word, b"\n"], 0)]),
                  (os.O_RDWR, [("pwritev", [word], 1)]),
                  (os.O_WRONLY, [("write", word), ("write", word)]),
                  (os.O_WRONLY | os.O_APPEND, [("write", word), ("write", word)]),
                  (os.O_WRONLY | os.O_TRUNC, [("write", word)]),
                  (os.O_WRONLY | os.O_NONBLOCK, [("write", word)]),
                  (os.O_RDWR, [("write", word)]),
                  (os.O_RDWR, [("read", 1), ("write", word)]),
                  (os.O_RDWR, [("seek", 1), ("write", word)]),
                  (os.O_RDWR, [("seek", 0), ("write", word)]),
                  (os.O_WRONLY, [("seek", 0), ("write", word)]),
                  (os.O_WRONLY, [("seek", HUGE), ("write", word)])]
        for flags, steps in cases:
            what = f"{flag_names(flags)}, " + ", ".join(step[0] for step in steps)
            expected, _ = self.run_writes(path, flags, steps, self.current, problems, what)
            self.check_state(expected, problems, what)
            self.restore(problems)
        for address in BAD_ADDRESSES:
            state = self.current
            fd = os.open(os.path.join(RV, path), os.O_WRONLY)
            got = self.call("bad-buffer", raw_write, fd, address, 5)
            want = "EFAULT" if kind_of(path).write else "EINVAL"
            if got.error not in (want, "skipped"):
                problems.append(f"write from {address:#x}: {got}, not {want}")
            os.close(fd)
            self.check_state(state, problems, f"write from {address:#x}")
        self.ktap.check(desc, problems)

    def family_other(self, path):
        """splice, sendfile, mmap, poll, select, ioctl, fcntl, fstat,
        fsync, ftruncate, on a fd of each access mode: none changes the
        state, and what the fd reads is the file's content."""
        problems = []
        state = self.current
        modes = (os.O_RDONLY, os.O_RDWR, os.O_WRONLY) if self.may_write(path) else (os.O_RDONLY,)
        for access in modes:
            fd = os.open(os.path.join(RV, path), access | os.O_NONBLOCK)
            found = self.other_calls(path, fd, access, state)
            problems += [f"{flag_names(access)}: {p}" for p in found]
            os.close(fd)
            self.check_state(state, problems, f"after the calls on a fd {flag_names(access)}")
            self.restore(problems)
        self.ktap.check(f"{path}: splice, sendfile, mmap, poll, select, ioctl, fcntl,"
                        " fstat, fsync, ftruncate", problems)

    def other_calls(self, path, fd, access, state):
        problems = []
        reading, writing = access != os.O_WRONLY, access != os.O_RDONLY
        content = state[path].encode("latin-1") if kind_of(path).state else None
        word = self.same_word(path, state) if kind_of(path).write else b"1\n"

        def expect(what, got, *errors, good=lambda value: True):
            """GOT failed with one of ERRORS, or succeeded and is GOOD."""
            if got.error in ("skipped",) + errors:
                return
            if got.error or not good(got.value):
                problems.append(f"{what}: {got}")

        def content_prefix(data):
            self.text(path, data)
            return content is None or content.startswith(data)

        unreadable = () if reading else ("EBADF",)
        unwritable = () if writing else ("EBADF",)
        pipe_r, pipe_w = os.pipe2(os.O_NONBLOCK)
        got = self.call("splice", os.splice, fd, pipe_w, 4096)
        expect("splice to a pipe", got, "EINVAL", *unreadable,
               good=lambda n: reading and content_prefix(os.read(pipe_r, 65536) if n else b""))
        os.write(pipe_w, word)
        got = self.call("splice", os.splice, pipe_r, fd, len(word))
        expect("splice from a pipe", got, "EINVAL", *unwritable,
               good=lambda n: writing and n == len(word))
        got = self.call("sendfile", os.sendfile, pipe_w, fd, None, 4096)
        expect("sendfile to a pipe", got, "EINVAL", *unreadable, good=lambda n: reading)
        os.close(pipe_r)
        os.close(pipe_w)
        scratch = tempfile.TemporaryFile()
        got = self.call("sendfile", os.sendfile, scratch.fileno(), fd, 0, 4096)
        expect("sendfile to a file", got, "EINVAL", *unreadable,
               good=lambda n: reading and content_prefix(os.pread(scratch.fileno(), n, 0)))
        os.pwrite(scratch.fileno(), word, 0)
        got = self.call("sendfile", os.sendfile, fd, scratch.fileno(), 0, len(word))
        expect("sendfile from a file", got, "EINVAL", *unwritable,
               good=lambda n: writing and n == len(word))
        scratch.close()
        for flags, prot in ((MAP_SHARED, PROT_READ), (MAP_PRIVATE, PROT_READ),
                            (MAP_SHARED, PROT_READ | PROT_WRITE)):
            got = self.call("mmap", raw_mmap, fd, flags, prot)
            expect(f"mmap flags {flags} prot {prot}", got, "ENODEV", "EACCES", "EINVAL",
                   good=lambda address: False)
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLOUT | select.POLLPRI | select.POLLRDHUP)
        expect("poll", self.call("poll", poller.poll, 0),
               good=lambda events: all(not e & select.POLLNVAL for _, e in events))
        expect("select", self.call("select", select.select, [fd], [fd], [fd], 0))
        for request in (termios.FIONREAD, termios.TCGETS) + self.random_ioctls():
            got = self.call("ioctl", fcntl.ioctl, fd, request, bytearray(1024), True)
            expect(f"ioctl {request:#x}", got, "ENOTTY", "EINVAL", "EOPNOTSUPP",
                   good=lambda ret, r=request: r == termios.FIONREAD)
        expect("F_GETFL", self.call("fcntl", fcntl.fcntl, fd, fcntl.F_GETFL),
               good=lambda flags: flags & os.O_ACCMODE == access)
        expect("F_SETFL", self.call("fcntl", fcntl.fcntl, fd, fcntl.F_SETFL,
                                    os.O_NONBLOCK | os.O_APPEND))
        expect("F_GETFL after F_SETFL", self.call("fcntl", fcntl.fcntl, fd, fcntl.F_GETFL),
               good=lambda flags: flags & os.O_APPEND)
        for lock, usable in ((fcntl.F_RDLCK, reading), (fcntl.F_WRLCK, writing),
                             (fcntl.F_UNLCK, True)):
            flock = struct.pack("hhqqi", lock, os.SEEK_SET, 0, 0, 0)
            expect(f"F_SETLK {lock}", self.call("fcntl", fcntl.fcntl, fd, fcntl.F_SETLK, flock),
                   *(() if usable else ("EBADF",)))
            expect(f"F_GETLK {lock}", self.call("fcntl", fcntl.fcntl, fd, fcntl.F_GETLK, flock),
                   *(("EINVAL",) if lock == fcntl.F_UNLCK else ()))
        mode = kind_of(path).mode
        expect("fstat", self.call("fstat", os.fstat, fd), good=lambda st: stat.S_ISREG(st.st_mode)
               and (mode < 0 or stat.S_IMODE(st.st_mode) == mode))
        for sync in (os.fsync, os.fdatasync):
            expect(sync.__name__, self.call("fsync", sync, fd), "EINVAL")
        for size in (4096, HUGE, -1, 0):
            expect(f"ftruncate {size}", self.call("ftruncate", os.ftruncate, fd, size),
                   "EINVAL", "EPERM", "EFBIG", *unwritable,
                   good=lambda _, s=size: writing and s >= 0)
        return problems

    def random_ioctls(self):
        """Random ioctl requests, none of a type the VFS serves for any file
        (FIBMAP, FIONREAD and the other FIO*, FS_IOC_*, FIFREEZE, FICLONE)."""
        requests = []
        while len(requests) < 6:
            request = self.rng.getrandbits(32)
            if request >> 8 & 0xff not in (0x00, ord("T"), ord("X"), ord("f"), 0x94):
                requests.append(request)
        return tuple(requests)

    # payloads

    def words(self, path):
        """The valid words: for PATH, and for the other writable files."""
        state = self.baseline
        kind = kind_of(path).write
        monitors = [m.encode() for m in ALLOWED_MONITORS if m in lines(state["available_monitors"])]
        reactors = [r.encode() for r in ALLOWED_REACTORS if r in lines(state["available_reactors"])]
        mine = {"command": monitors, "reactor": reactors, "switch": [b"0", b"1"]}[kind]
        return mine, [w for w in monitors + reactors + [b"0", b"1"] if w not in mine]

    def adversarial(self, path):
        """The payloads on the edges of what a write to PATH accepts."""
        mine, others = self.words(path)
        out = []
        for word in mine:
            out += [word, word + b"\n", b" " + word + b" \n", b"\t" + word + b"\v\f\r",
                    b"!" + word, b"-" + word + b"\n", b"! " + word, b"!!" + word, b"-!" + word,
                    word + b"\0", b"\0" + word, word[:1] + b"\0" + word[1:], word + b"x",
                    word.upper(), word + b" " + word, word + b"\n" + word, word * 2,
                    word + b"\xa0", b"\xa0" + word, word + b"\x85",
                    word + b" " * (WORD_BUF - 1 - len(word)), word + b" " * (WORD_BUF - len(word))]
            out += [p + word[:cut] for cut in range(len(word)) for p in (b"", b"!")]
        out += [p + word for word in others for p in (b"", b"!")]
        out += [word[:cut] for word in others for cut in range(1, len(word))]
        out += [b"-1", b"+1", b"00", b"01", b"1 ", b" 1\n", b"1\n\n", b"99999999999999999999",
                b"0x1", b"2", b"true", b"on", b"", b" ", b"\n", b" " * 63, b" " * 64, b"1" * 64,
                b"a" * 31, b"a" * 32, b"a" * 63, b"a" * 4096, b"a" * MIB, b"\0", b"\xff" * 16,
                b"%s%s%n", b"../" * 10, b" ".join(mine), b"\n".join(mine) + b"\n"]
        return list(dict.fromkeys(out))

    def random_payload(self, path):
        rng = self.rng
        mine, others = self.words(path)
        choice = rng.randrange(5)
        if choice == 0:
            return rng.randbytes(rng.choice((rng.randrange(8), rng.randrange(70),
                                             rng.randrange(300))))
        if choice == 1:
            alphabet = b"abcdefghijklmnopqrstuvwxyz0123456789_!- \t\n\0"
            return bytes(rng.choice(alphabet) for _ in range(rng.randrange(40)))
        word = rng.choice(mine + others[:2])
        if choice == 2:
            return (rng.choice((b"", b"!", b"-", b" ")) + word +
                    rng.choice((b"", b"\n", b" \n", b"\t")))
        if choice == 3:
            return word + rng.choice((b" ", b"\n", b",", b"\0", b"")) + rng.choice(mine)
        data = bytearray(word)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(data) + 1)
            edit = rng.randrange(3)
            if edit == 0 or not data:
                data[at:at] = bytes([rng.randrange(256)])
            elif edit == 1:
                del data[min(at, len(data) - 1)]
            else:
                data[min(at, len(data) - 1)] = rng.randrange(256)
        return bytes(data)

    def payload_steps(self, data):
        """A way of writing DATA, chosen at random: its name, flags, steps."""
        rng = self.rng
        method = rng.choices(("write", "writev", "pwrite", "rdwr", "append", "twice", "trunc"),
                             (50, 15, 10, 5, 5, 5, 5))[0]
        if method == "writev" and data:
            cuts = sorted(rng.randrange(len(data) + 1) for _ in range(rng.randrange(1, 4)))
            segments = [data[a:b] for a, b in zip([0] + cuts, cuts + [len(data)])]
            return method, os.O_WRONLY, [("writev", segments)]
        if method == "pwrite":
            offset = rng.choice((0, 0, 0, 1, 3, 63, 4096, HUGE))
            return method, os.O_WRONLY, [("pwrite", data, offset)]
        flags = {"rdwr": os.O_RDWR, "append": os.O_WRONLY | os.O_APPEND,
                 "trunc": os.O_WRONLY | os.O_TRUNC}.get(method, os.O_WRONLY)
        return method, flags, [("write", data)] * (2 if method == "twice" else 1)

    def fuzz_payloads(self):
        """To each writable file its adversarial payloads, then its share
        of the random ones, each written some random way."""
        targets = [p for p in self.files if self.may_write(p) and kind_of(p).write]
        share = self.payloads // max(len(targets), 1)
        self.ktap.comment(f"payloads: to each of {len(targets)} writable files,"
                          f" its adversarial ones and {share} random ones")
        started = time.monotonic()
        for path in targets:
            refused, accepted = [], []
            payloads = self.adversarial(path)
            payloads += [self.random_payload(path) for _ in range(share)]
            for number, data in enumerate(payloads):
                if self.forbidden(path, data):
                    continue
                self.payloads_tried += 1
                method, flags, steps = self.payload_steps(data)
                problems = []
                expected, taken = self.run_writes(path, flags, steps, self.current,
                                                  problems, method)
                self.check_state(expected, problems, f"{method} {show(data)}")
                (accepted if taken else refused).extend(problems)
                # now and then back to the baseline, lest wip stay enabled
                if number % 64 == 63:
                    self.restore(accepted)
            self.restore(accepted)
            self.ktap.check(f"{path}: {len(payloads)} payloads: each one refused failed with"
                            " EINVAL and changed nothing", refused)
            self.ktap.check(f"{path}: each one accepted did what it documents", accepted)
        self.ktap.comment(f"the payloads took {time.monotonic() - started:.1f} s")

    # writers and readers at once

    def concurrency(self):
        """Writers and readers at once, each a process: every write does
        what it documents, every read is well-formed, and afterwards the
        files agree with each other."""
        writers, readers = 4, 4
        monitors = [m for m in ALLOWED_MONITORS if m in lines(self.baseline["available_monitors"])]
        reactors = [r for r in ALLOWED_REACTORS if r in lines(self.baseline["available_reactors"])]
        # Only the test monitors go on and off here: hundreds of starts of
        # wip and wwnr a second patch their tracepoints in and out as
        # often, and under QEMU's multi-threaded TCG that patching alone
        # (ftrace's events, RV unloaded) ends in an int3 oops now and then.
        switched = [m for m in monitors if m.startswith("rv_test")]
        writes = [("enabled_monitors", p + m) for m in switched for p in ("", "!", "-")]
        writes += [("enabled_monitors", ""), ("enabled_monitors", "nosuch")]
        writes += [(f"monitors/{m}/enable", v) for m in switched for v in "01"]
        writes += [(f"monitors/{m}/reactors", r) for m in monitors for r in reactors]
        writes += [(p, v) for p in ("monitoring_on", "reacting_on") for v in "01"]
        reads = [p for p in self.files if kind_of(p) is not UNKNOWN]
        deadline = time.monotonic() + self.seconds
        sys.stdout.flush()
        children = {}
        for number in range(writers + readers):
            role = "writer" if number < writers else "reader"

            def work(number=number, role=role):
                signal.alarm(self.seconds + 60)
                rng = random.Random(self.seed * 100 + number)
                if role == "writer":
                    return self.writer(rng, writes, deadline, truncating=number % 2)
                return self.reader(rng, reads, deadline)
            pid, pipe_r = fork_with_result(work)
            children[pid] = (pipe_r, role)
        problems, calls = [], 0
        for pid, (pipe_r, role) in children.items():
            data = b""
            signal.alarm(self.seconds + 90)
            try:
                while chunk := os.read(pipe_r, 65536):
                    data += chunk
                _, status = os.waitpid(pid, 0)
            except Hang:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                problems.append(f"a {role} hung")
                continue
            finally:
                signal.alarm(0)
                os.close(pipe_r)
            if status or not data:
                problems.append(f"a {role} died, status {status:#x}")
                continue
            found = json.loads(data)
            calls += found["calls"]
            problems += [f"{role}: {p}" for p in found["problems"]]
        self.operations += calls
        self.ktap.check(f"{writers} writers and {readers} readers at once for {self.seconds} s,"
                        f" {calls} calls: all as documented", problems)
        self.ktap.check("afterwards enabled_monitors agrees with every enable file, and every"
                        " reactors file has one selected", consistency_problems(self.snapshot()))
        problems = []
        self.restore(problems)
        self.ktap.check("and the interface goes back to a known state", problems)

    @staticmethod
    def writer(rng, writes, deadline, truncating):
        """Valid writes and one that is refused; some, as '>' does, with O_TRUNC."""
        problems, calls = [], 0
        while time.monotonic() < deadline and len(problems) < 20:
            path, word = rng.choice(writes)
            flags = os.O_WRONLY | (os.O_TRUNC if truncating and rng.random() < 0.1 else 0)
            try:
                fd = os.open(os.path.join(RV, path), flags)
                try:
                    calls += 3
                    written = os.write(fd, f"{word}\n".encode())
                    if word == "nosuch" or written != len(word) + 1:
                        problems.append(f"{path} <- {word!r}: wrote {written}")
                finally:
                    os.close(fd)
            except OSError as e:
                if word != "nosuch" or e.errno != errno.EINVAL:
                    problems.append(f"{path} <- {word!r}: {errno.errorcode.get(e.errno)}")
        return {"calls": calls, "problems": problems}

    @staticmethod
    def reader(rng, reads, deadline):
        """Reads whole or in pieces, seeks and preads: each read printable,
        each whole one well-formed."""
        problems, calls = [], 0
        while time.monotonic() < deadline and len(problems) < 20:
            path = rng.choice(reads)
            size = rng.choice((1, 7, 4096, 0))
            try:
                fd = os.open(os.path.join(RV, path), os.O_RDONLY)
                try:
                    calls += 2
                    if not size:
                        os.lseek(fd, rng.randrange(8), os.SEEK_SET)
                        data = os.pread(fd, rng.randrange(1, 16), rng.randrange(16))
                        calls += 2
                    else:
                        data = b""
                        while chunk := os.read(fd, size):
                            data += chunk
                            calls += 1
                finally:
                    os.close(fd)
            except OSError as e:
                problems.append(f"{path}: {errno.errorcode.get(e.errno)}")
                continue
            if not printable(data) or KERNEL_ADDRESS.search(data):
                problems.append(f"{path} read {show(data)}")
            # one read of 4096 bytes reads the file whole, in one go
            elif size == 4096:
                problems += form_problems(path, data.decode())
        return {"calls": calls, "problems": problems}

    # privileges

    def unprivileged(self):
        """A process of uid and gid 65534 opens nothing under rv/."""
        sys.stdout.flush()
        pid, pipe_r = fork_with_result(self.opened_as_nobody)
        data = b""
        while chunk := os.read(pipe_r, 65536):
            data += chunk
        os.close(pipe_r)
        os.waitpid(pid, 0)
        results = json.loads(data or b'{"": ["the child died"]}')
        if "" in results:
            self.ktap.check("a process drops its privileges", results[""])
            return
        for path in self.files:
            self.ktap.check(f"{path}: a process of uid 65534 can open it neither to read"
                            " nor to write", results[path])

    def opened_as_nobody(self):
        try:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
        except OSError as e:
            return {"": [str(e)]}
        results = {}
        for path in self.files:
            results[path] = []
            for flags in (os.O_RDONLY, os.O_WRONLY, os.O_RDWR, os.O_WRONLY | os.O_TRUNC):
                try:
                    os.close(os.open(os.path.join(RV, path), flags))
                    results[path].append(f"open {flags:#o} succeeded")
                except OSError as e:
                    if e.errno not in (errno.EACCES, errno.EPERM):
                        results[path].append(f"open {flags:#o}: {errno.errorcode.get(e.errno)}")
        return results

    # the whole run

    def run(self):
        ktap = self.ktap
        started = time.monotonic()
        ktap.comment(f"fuzz: seed {self.seed} (FUZZ_SEED), {self.payloads} random payloads"
                     f" (FUZZ_PAYLOADS), {len(self.files)} files under {RV}")
        if self.skip:
            ktap.comment(f"fuzz: not making {', '.join(sorted(self.skip))} (FUZZ_SKIP)")
        for path in self.files:
            if kind_of(path) is UNKNOWN:
                ktap.comment(f"{path}: a file of unknown meaning: read and probed, not written")
        self.snapshot()
        self.baseline = self.make_baseline()
        ktap.check("the interface takes the state the fuzzer starts from",
                   self.set_state(self.baseline))
        for path in self.files:
            for family in (self.family_open, self.family_read, self.family_write,
                           self.family_other):
                # a kernel that misbehaves can break what the fuzzer assumes
                try:
                    family(path)
                except Exception as e:
                    ktap.check(f"{path}: {family.__name__} runs to its end",
                               [f"{type(e).__name__}: {e}"])
                    self.snapshot()
                    self.restore([])
        ktap.comment(f"the operations on each file took {time.monotonic() - started:.1f} s")
        self.fuzz_payloads()
        self.concurrency()
        self.unprivileged()
        for path in self.files:
            ktap.check(f"{path}: {self.reads.get(path, 0)} reads, all printable text without"
                       " NUL byte or kernel address", self.text_problems.get(path, []))
        ktap.check("the interface is left with no monitor enabled, monitoring and reacting on,"
                   " every reactor nop", self.leave())
        for op in sorted(self.skip):
            ktap.skip(f"operation {op}: {self.skipped.get(op, 0)} calls not made", "FUZZ_SKIP")
        ktap.comment("errnos seen: " + ", ".join(f"{name} {count}"
                                                 for name, count in sorted(self.errnos.items())))
        ktap.comment(f"took {time.monotonic() - started:.1f} s; the real monitors"
                     f" started {self.real_starts} times (seen between two snapshots)")
        ktap.comment(f"fuzz: {len(self.files)} files, {self.operations} operations, "
                     f"{self.payloads_tried} payloads, {len(self.errnos)} errnos seen")
        return ktap.finish()

    def leave(self):
        """The interface as at boot, the monitors the fuzzer left alone too."""
        state = self.current
        target = with_all_disabled(state)
        for path in state:
            if os.path.basename(path) == "reactors":
                target = with_reactor(target, path, "nop")
        target = {**target, "monitoring_on": "1\n", "reacting_on": "1\n"}
        os.close(os.open(os.path.join(RV, "enabled_monitors"), os.O_WRONLY | os.O_TRUNC))
        for path in state:
            if os.path.basename(path) == "reactors":
                self.put(path, b"nop")
        self.snapshot()
        return self.set_state(target)


def main():
    payloads = int(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("FUZZ_PAYLOADS", 1000))
    seed = int(os.environ.get("FUZZ_SEED", 1))
    seconds = int(os.environ.get("FUZZ_SECONDS", 3))
    skip = {op for op in os.environ.get("FUZZ_SKIP", "").split(",") if op}
    if skip - set(OPERATIONS):
        sys.exit("fuzz-interface: FUZZ_SKIP names no operation: "
                 + ", ".join(sorted(skip - set(OPERATIONS))))
    if not os.path.isdir(RV):
        print(f"not ok 1 - {RV} exists\n1..1")
        return 1
    return Fuzzer(payloads, seed, seconds, skip).run()


if __name__ == "__main__":
    sys.exit(main())
