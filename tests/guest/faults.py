#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Fail allocations on purpose (fail-nth with failslab) in RV's
registration, enabling and interface, one operation at a time: the Nth
slab allocation of the operation fails, for N = 1, 2, ... until the
operation completes with no fault left to inject. Each failed attempt
must return a clear errno and change nothing; the one that completes
must work as usual. Reports in KTAP.

Usage: faults.py MONITOR_MODULE.ko
  MONITOR_MODULE.ko registers the monitors rv_test and rv_test_b (the
  test monitor module); wwnr and wip must be loaded, the test monitor
  module not.
"""
import ctypes
import errno
import os
import sys

RV = "/sys/kernel/tracing/rv"
FAILSLAB = "/sys/kernel/debug/failslab"
SYS_FINIT_MODULE = 313  # x86_64
SYS_DELETE_MODULE = 176
MAX_FAULTS = 400

libc = ctypes.CDLL(None, use_errno=True)
checks = 0
failures = 0
faults_injected = 0


def result(ok, desc, *diag):
    global checks, failures
    checks += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", checks, desc))
    if not ok:
        failures += 1
        for line in diag:
            for part in str(line).splitlines():
                print("# " + part)


def read(path):
    with open(path) as f:
        return f.read()


def write_file(path, text):
    with open(path, "w") as f:
        f.write(text)


def state():
    """What the user can see of RV, but for the moving counters."""
    seen = {}
    for name in ("available_monitors", "enabled_monitors", "available_reactors",
                 "monitoring_on", "reacting_on"):
        seen[name] = read(os.path.join(RV, name))
    for monitor in sorted(os.listdir(os.path.join(RV, "monitors"))):
        for name in ("enable", "reactors", "desc"):
            seen[monitor + "/" + name] = read(os.path.join(RV, "monitors", monitor, name))
    return seen


# Opened once: reading and writing it allocates nothing, opening it would
# count against (or take) the fault being injected.
fail_nth_fd = None


def set_fail_nth(n):
    """Fail this thread's Nth next slab allocation (0: none)."""
    os.pwrite(fail_nth_fd, str(n).encode(), 0)


def fail_nth_left():
    return int(os.pread(fail_nth_fd, 16, 0))


def with_faults(desc, prepare, operation, undo):
    """Run operation() with its 1st, 2nd, ... allocation failed. prepare()
    opens what it needs (outside of the injection) and returns it to
    operation(); operation returns None or raises OSError. After a failed
    attempt, the state must be as before; after the one that completes,
    undo() puts it back. Returns how many faults were injected."""
    global faults_injected
    before = state()
    errnos = set()
    changed = []
    for nth in range(1, MAX_FAULTS + 1):
        arg = prepare()
        set_fail_nth(nth)
        error = None
        try:
            operation(arg)
        except OSError as e:
            error = e.errno
        left = fail_nth_left()
        set_fail_nth(0)
        if isinstance(arg, int):
            os.close(arg)
        if left:
            # the operation made fewer than nth allocations: no fault
            # was injected, and it must have worked
            result(error is None, "%s: completes with no fault injected" % desc,
                   "errno %s" % (error and errno.errorcode[error]))
            undo()
            break
        faults_injected += 1
        if error is not None:
            errnos.add(errno.errorcode[error])
            after = state()
            if after != before:
                changed.append((nth, errno.errorcode[error],
                                [k for k in after if after[k] != before.get(k)]))
        else:
            # it survived the failed allocation (a fallback): that is
            # fine, it must then have worked; put it back for the next
            undo()
    else:
        result(False, "%s: completes within %d faults" % (desc, MAX_FAULTS))
        return
    result(not changed, "%s: every failed attempt changes nothing (%d faults, errnos %s)"
           % (desc, nth - 1, ",".join(sorted(errnos)) or "none"), *changed[:5])
    result(state() == before, "%s: and the state is as before after undoing it" % desc)


def finit_module(fd):
    if libc.syscall(SYS_FINIT_MODULE, fd, b"", 0) != 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))


def delete_module(name):
    if libc.syscall(SYS_DELETE_MODULE, name.encode(), os.O_NONBLOCK) != 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))


def open_for_write(path):
    return lambda: os.open(path, os.O_WRONLY)


def write_to(data):
    return lambda fd: os.write(fd, data)


def main():
    global fail_nth_fd
    module = sys.argv[1]
    fail_nth_fd = os.open("/proc/thread-self/fail-nth", os.O_RDWR)
    write_file(os.path.join(FAILSLAB, "ignore-gfp-wait"), "N")
    write_file(os.path.join(FAILSLAB, "verbose"), "0")

    # registration, in the test monitor module's init
    with_faults("loading a monitor module (registration)",
                lambda: os.open(module, os.O_RDONLY), finit_module,
                lambda: delete_module("rv_test_monitor"))
    # the module, loaded for good, for the interface's own operations
    fd = os.open(module, os.O_RDONLY)
    finit_module(fd)
    os.close(fd)

    # enabling: the monitor's start() attaches its handlers
    for monitor in ("wwnr", "wip", "rv_test"):
        with_faults("enabling %s" % monitor,
                    open_for_write(os.path.join(RV, "enabled_monitors")),
                    write_to(monitor.encode() + b"\n"),
                    lambda m=monitor: write_file(os.path.join(RV, "enabled_monitors"),
                                                 "!" + m))
        with_faults("enabling %s through its enable file" % monitor,
                    open_for_write(os.path.join(RV, "monitors", monitor, "enable")),
                    write_to(b"1"),
                    lambda m=monitor: write_file(os.path.join(RV, "monitors", m, "enable"),
                                                 "0"))
    # selecting a reactor, switching monitoring
    with_faults("selecting a reactor",
                open_for_write(os.path.join(RV, "monitors", "wwnr", "reactors")),
                write_to(b"printk"),
                lambda: write_file(os.path.join(RV, "monitors", "wwnr", "reactors"), "nop"))
    with_faults("switching monitoring off",
                open_for_write(os.path.join(RV, "monitoring_on")), write_to(b"0"),
                lambda: write_file(os.path.join(RV, "monitoring_on"), "1"))
    # opening and reading every file
    files = []
    for root, _, names in os.walk(RV):
        files += [os.path.join(root, n) for n in names]
    for path in sorted(files):
        name = os.path.relpath(path, RV)
        with_faults("opening and reading %s" % name,
                    lambda: None,
                    lambda _, p=path: read(p),
                    lambda: None)
    delete_module("rv_test_monitor")
    print("# faults: %d allocation failures injected" % faults_injected)
    print("1..%d" % checks)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
