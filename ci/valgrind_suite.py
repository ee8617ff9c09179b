#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs the whole ctest suite of a build directory under valgrind memcheck.

Usage: valgrind_suite.py BUILD_DIR [--jobs N] [--timeout S] [--why FILE]
                         [--skip TEST]... [--fork-server PROGRAM=SERVER
                         --fork-client CLIENT [--fork-server-arg ARG]...]
                         -- VALGRIND_OPTION...

Tests whose command is a program built in BUILD_DIR run through
`ctest -T memcheck`, with the options that the build was configured with
(MEMORYCHECK_COMMAND_OPTIONS). Tests whose command is anything else (sh, python,
...) would put the interpreter under valgrind, not our code: for those, each
argument that is a program of the build directory is replaced by a wrapper
that runs it under valgrind with VALGRIND_OPTIONS, writing one log per
process. Every valgrind log is then read: any "ERROR SUMMARY" above zero
(leaks count, through --errors-for-leak-kinds) fails the run, as does any
test that fails. Exit status 0 when clean, 1 otherwise; the reason goes to
--why FILE. With --fork-server PROGRAM=SERVER (and --fork-client CLIENT),
a script test's PROGRAM is served instead by SERVER, started once for the
test under valgrind: the wrapper hands each run to it through CLIENT, and
the server runs PROGRAM's main() in a child forked for that run
(tests/cli_fork_server.c), which memcheck checks as a process of its own,
leak check and log included, without valgrind's start (about 0.55 s of
CPU a process); --fork-server-arg ARG is passed to each server.
A test named by --skip (a name, or a shell-style pattern such
as unit-small-stack-*) is not run (the caller says why; the list is
printed), and a --skip that matches no test is an error.
"""
import argparse
import concurrent.futures
import fnmatch
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

ERROR_SUMMARY = re.compile(r"ERROR SUMMARY: (\d+) errors")


def is_elf(path):
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def ctest_regex(names):
    special = set(".^$*+?()[]{}|\\")
    esc = ["".join("\\" + c if c in special else c for c in n) for n in names]
    return "^(" + "|".join(esc) + ")$"


def test_properties(test):
    props = {}
    for p in test.get("properties", []):
        props[p["name"]] = p["value"]
    return props


def log_errors(path):
    """The error count of one valgrind log (0 if it has no summary)."""
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return 0
    counts = [int(n) for n in ERROR_SUMMARY.findall(text)]
    return max(counts) if counts else 0


def log_text(path, limit=80):
    with open(path, errors="replace") as f:
        lines = f.read().splitlines()
    text = [f"----- {path}"] + lines[:limit]
    if len(lines) > limit:
        text.append(f"... ({len(lines) - limit} more lines)")
    return "\n".join(text)


def run_binary_tests(build, tests, excluded, opts):
    """ctest -T memcheck over all but the excluded tests (the script tests
    and the skipped ones); failed names."""
    cmd = ["ctest", "--test-dir", build, "-T", "memcheck",
           "--output-on-failure", "--timeout", str(opts.timeout),
           "-j", str(opts.jobs)]
    if excluded:
        cmd += ["-E", ctest_regex(excluded)]
    print("+ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    for old in glob.glob(os.path.join(build, "Testing", "Temporary",
                                      "MemoryChecker.*.log")):
        os.remove(old)
    rc = subprocess.call(cmd, stdin=subprocess.DEVNULL)
    failed = set()
    if rc != 0:
        last = os.path.join(build, "Testing", "Temporary",
                            "LastTestsFailed.log")
        if os.path.exists(last):
            with open(last) as f:
                failed |= {ln.split(":", 1)[1].strip() for ln in f
                           if ":" in ln}
    # MemoryChecker.N.log belongs to test number N, 1-based in --show-only.
    for log in sorted(glob.glob(os.path.join(build, "Testing", "Temporary",
                                             "MemoryChecker.*.log"))):
        if log_errors(log) > 0:
            print(log_text(log))
            num = os.path.basename(log).split(".")[1]
            name = (tests[int(num) - 1]["name"]
                    if num.isdigit() and 0 < int(num) <= len(tests)
                    else os.path.basename(log))
            failed.add(name + " (valgrind errors)")
    if rc != 0 and not failed:
        failed.add("ctest -T memcheck (exit %d)" % rc)
    return failed


def run_script_test(build, test, vg_opts, opts):
    """Runs one script test with its programs wrapped: (clean?, report)."""
    name = test["name"]
    props = test_properties(test)
    wrapdir = os.path.join(os.path.realpath(build), "valgrind-wrap", name)
    logdir = os.path.join(wrapdir, "logs")
    os.makedirs(logdir, exist_ok=True)
    for old in glob.glob(os.path.join(logdir, "*")):
        os.remove(old)
    build_abs = os.path.realpath(build)
    env = dict(os.environ)
    for item in props.get("ENVIRONMENT", []):
        key, _, value = item.partition("=")
        env[key] = value
    cwd = props.get("WORKING_DIRECTORY", build)
    command = []
    wrapped = []
    servers = []
    for i, arg in enumerate(test["command"]):
        real = os.path.realpath(arg) if os.path.isabs(arg) else None
        if (i > 0 and real and is_elf(real) and os.access(real, os.X_OK)
                and real.startswith(build_abs + os.sep)):
            wrapper = os.path.join(wrapdir, os.path.basename(arg))
            server = opts.fork_servers.get(os.path.basename(arg))
            if server:
                sock, proc, why = start_fork_server(
                    server, logdir, os.path.basename(arg), vg_opts, opts,
                    env)
                if why:
                    stop_fork_servers(servers)
                    return False, f"[{name}] {why}"
                servers.append((sock, proc))
                with open(wrapper, "w") as f:
                    f.write("#!/bin/sh\nexec %s %s %s \"$@\"\n"
                            % (shlex.quote(opts.fork_client),
                               shlex.quote(sock), shlex.quote(arg)))
                os.chmod(wrapper, 0o755)
                command.append(wrapper)
                wrapped.append(os.path.basename(arg) + " (fork server)")
                continue
            # A log per process, named by mktemp before valgrind starts:
            # a name of the pid alone is taken again if the pids wrap
            # (pid_max is 32,768 here) during a long test, and the later
            # process would write over the earlier one's log.
            with open(wrapper, "w") as f:
                f.write("#!/bin/sh\n"
                        "log=$(mktemp %s) || exit 125\n"
                        "exec valgrind %s \"--log-file=$log.%%p.log\" %s "
                        "\"$@\"\n"
                        % (shlex.quote(os.path.join(logdir, "run-XXXXXXXX")),
                           " ".join(shlex.quote(o) for o in vg_opts),
                           shlex.quote(arg)))
            os.chmod(wrapper, 0o755)
            command.append(wrapper)
            wrapped.append(os.path.basename(arg))
        else:
            command.append(arg)
    report = [f"+ [{name}] {' '.join(shlex.quote(c) for c in command)}"
              f"  (valgrind wraps: {', '.join(wrapped) or 'nothing'})"]
    started = time.monotonic()
    try:
        proc = subprocess.run(command, cwd=cwd, env=env,
                              stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=opts.timeout)
        rc, out = proc.returncode, proc.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        rc, out = "timeout", ""
    server_problems = stop_fork_servers(servers)
    ok = rc == 0 or (rc == 77 and props.get("SKIP_RETURN_CODE") == "77")
    if server_problems:
        ok = False
        report += server_problems
    logs = sorted(glob.glob(os.path.join(logdir, "*.log")))
    dirty = [log for log in logs if log_errors(log) > 0]
    if not ok:
        report.append(out)
        report.append(f"[{name}] failed under valgrind (exit {rc})")
    report += [log_text(log) for log in dirty]
    forked = [log for log in logs
              if re.search(r"/fork-[^/]*\.\d+\.\d+\.log$", log)]
    report.append(f"[{name}] {len(logs)} processes under valgrind "
                  f"({len(forked)} forked by a fork server), "
                  f"{len(dirty)} with errors, "
                  f"{time.monotonic() - started:.0f} s")
    # A test that ran a wrapped program left a log; one that skipped itself
    # (77, its SKIP_RETURN_CODE) may have run none.
    return ok and not dirty and bool(logs or not wrapped or rc == 77), \
        "\n".join(report)


def start_fork_server(server, logdir, program, vg_opts, opts, env):
    """Starts SERVER under valgrind for one test: (socket, process, None),
    or (None, None, why) when it does not come up."""
    sockdir = tempfile.mkdtemp(prefix="vg-fork-")  # a short path: 108 bytes
    sock = os.path.join(sockdir, "s")
    prefix = os.path.join(logdir, "fork-" + program)
    cmd = (["valgrind"] + list(vg_opts) + [f"--log-file={prefix}.%p.log",
           server, sock, "--logs", prefix])
    cmd += opts.fork_server_arg
    out = open(os.path.join(logdir, "..", f"fork-{program}.out"), "w")
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out,
                            stderr=subprocess.STDOUT, env=env,
                            cwd=os.path.dirname(server))
    out.close()
    deadline = time.monotonic() + 120
    while not os.path.exists(sock):
        if proc.poll() is not None or time.monotonic() > deadline:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            shutil.rmtree(sockdir, ignore_errors=True)
            return None, None, (f"the fork server {server} did not start "
                                f"(exit {proc.returncode}; see "
                                f"{os.path.join(logdir, '..')})")
        time.sleep(0.05)
    return sock, proc, None


def stop_fork_servers(servers):
    """Ends each server (SIGTERM: it answers the runs under way, then
    exits); what went wrong, as lines of the report."""
    problems = []
    for sock, proc in servers:
        proc.terminate()
        try:
            rc = proc.wait(timeout=300)
        except subprocess.TimeoutExpired:
            proc.kill()
            rc = proc.wait()
        if rc != 0:
            problems.append(f"the fork server ended with exit {rc}")
        shutil.rmtree(os.path.dirname(sock), ignore_errors=True)
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--why")
    ap.add_argument("--skip", action="append", default=[],
                    help="a test not run under valgrind, or a shell-style "
                    "pattern of test names (repeatable)")
    ap.add_argument("--fork-server", action="append", default=[],
                    metavar="PROGRAM=SERVER",
                    help="serve a script test's PROGRAM (a file name of "
                    "the build) from SERVER, one process under valgrind "
                    "that forks a child for each run (repeatable)")
    ap.add_argument("--fork-client",
                    help="the program that hands a run to a fork server")
    ap.add_argument("--fork-server-arg", action="append", default=[],
                    metavar="ARG",
                    help="an argument for each fork server (repeatable)")
    argv = sys.argv[1:]
    vg = []
    if "--" in argv:
        cut = argv.index("--")
        argv, vg = argv[:cut], argv[cut + 1:]
    opts = ap.parse_args(argv)
    opts.valgrind_options = vg
    build = opts.build
    opts.fork_servers = {}
    for item in opts.fork_server:
        program, _, server = item.partition("=")
        opts.fork_servers[program] = os.path.realpath(
            os.path.join(build, server))
    if opts.fork_client:
        opts.fork_client = os.path.realpath(
            os.path.join(build, opts.fork_client))

    def fail(why):
        print("valgrind: " + why, flush=True)
        if opts.why:
            with open(opts.why, "w") as f:
                f.write(why + "\n")
        return 1

    for program in [opts.fork_client] + list(opts.fork_servers.values()):
        if program and not (is_elf(program) and os.access(program, os.X_OK)):
            return fail(f"{program} was not built (--fork-server, "
                        "--fork-client)")
    if opts.fork_servers and not opts.fork_client:
        return fail("--fork-server needs --fork-client")

    dart = os.path.join(build, "DartConfiguration.tcl")
    with open(dart) as f:
        conf = f.read()
    m = re.search(r"^MemoryCheckCommand: *(.*)$", conf, re.M)
    if not m or "valgrind" not in m.group(1):
        return fail(f"ctest has no valgrind configured in {dart} "
                    "(include(CTest) and valgrind installed?)")
    m = re.search(r"^MemoryCheckCommandOptions: *(.*)$", conf, re.M)
    print(f"ctest memcheck options: {m.group(1) if m else '(none)'}")

    shown = subprocess.run(["ctest", "--test-dir", build,
                            "--show-only=json-v1"],
                           stdout=subprocess.PIPE, check=True)
    tests = json.loads(shown.stdout)["tests"]
    if not tests:
        return fail("no tests found")
    build_abs = os.path.realpath(build)

    def ours(test):  # the test runs a program built here, not sh or python
        prog = os.path.realpath(test["command"][0])
        return is_elf(prog) and prog.startswith(build_abs + os.sep)

    names = [t["name"] for t in tests]
    unknown = [p for p in opts.skip if not fnmatch.filter(names, p)]
    if unknown:
        return fail("--skip names no test of the suite: " + " ".join(unknown))
    skipped = [n for n in names
               if any(fnmatch.fnmatchcase(n, p) for p in opts.skip)]
    if skipped:
        print("not run under valgrind: " + " ".join(skipped), flush=True)
    tests_run = [t for t in tests if t["name"] not in skipped]
    scripts = [t for t in tests_run if not ours(t)]
    programs = [t["name"] for t in tests_run if ours(t)]
    print(f"{len(programs)} program tests under ctest -T memcheck, "
          f"{len(scripts)} script tests with their programs wrapped",
          flush=True)

    failed = []
    if programs:
        failed += sorted(run_binary_tests(
            build, tests, [t["name"] for t in scripts] + skipped, opts))
    # Script tests run their programs one after another; run them side by
    # side, and print each report whole when it is done.
    with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
        runs = {pool.submit(run_script_test, build, t, opts.valgrind_options,
                            opts): t["name"] for t in scripts}
        for done in concurrent.futures.as_completed(runs):
            clean, report = done.result()
            print(report, flush=True)
            if not clean:
                failed.append(runs[done])
    if failed:
        return fail("errors or failures under valgrind: " + " ".join(failed))
    print("valgrind: clean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
