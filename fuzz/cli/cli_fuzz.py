#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""cli_fuzz.py - the `robots` command driven with random arguments, files
and standard input (fuzz/README.md, "CLI fuzzing").

usage: cli_fuzz.py ROBOTS [--seed N] [--runs N] [--from I] [--save DIR] [--verbose]

Each run picks a subcommand (check, parse, lint, test, diff, url, scope,
policy, meta, cache-lifetime, usage, or none: --help, --version, a word that is no
command; or `lint --fix` with a profile, a parse limit, and --output or
--in-place), its options (read from its own --help), and operands: files of
hostile bytes, robots.txt-like and expectation-like text, empty files,
directories, FIFOs fed by a thread, /dev/null, missing paths, `-` with
random standard input; URLs and values of every odd kind. Standard output
is a pipe, /dev/full or closed. Every run must:

  - end with exit status 0, 1 or 2 (docs/robots.1, EXIT STATUS), within
    its time, without a signal: under ASan and UBSan (built with
    -DROBOTS_SANITIZE=address,undefined and run with abort_on_error=1) a
    report aborts, so a report is a signal here too;
  - with status 2, say why in at least one line on standard error
    ("2: a usage, input or I/O error, with one line on standard error");
  - write standard error as valid UTF-8 without control bytes but the
    line ends (cli_error() escapes them as \\xHH, as stdout does) and
    without a line longer than MAX_ERR_LINE (a message over 1 KiB keeps
    its start and end, each byte at most four once escaped);
  - with standard output /dev/full or closed, exit 2 whenever the same run
    writes anything to a pipe ("Every command checks its output and exits
    2 on an I/O error");
  - `lint --fix`, when it exits 0 or 1: what it wrote parses (`robots
    parse` exits 0), and `lint --fix` run again on it writes none of the
    same fixes (the same code on a line of the same text).

The seed makes the runs the same on every machine; a finding prints the
command line, the status and the first lines of standard error, and with
--save DIR keeps its files. Exit status 1 when anything was found.
"""
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

COMMANDS = ["check", "parse", "lint", "test", "diff", "url", "scope",
            "policy", "meta", "cache-lifetime", "usage"]
# cli_error(): "robots: " and a message cut to its first 640 and last 256
# bytes past 1 KiB (cli/util.c), each byte at most 4 once escaped (\xHH),
# with " [... N bytes not shown ...] " between.
MAX_ERR_LINE = len("robots: ") + 4 * 1024 + 64
TIMEOUT = 60  # seconds a run may take under the sanitizers

# ---- values ---------------------------------------------------------------

GOOD_URLS = [
    "http://example.com/", "https://example.com/private/x", "/private/ok",
    "https://example.com/a.pdf", "/x?sid=1", "https://EXAMPLE.com:443/x",
    "http://example.com/robots.txt", "/%7Ehome/", "https://b\u00fccher.de/x",
]
URLS = [
    "http://example.com/", "https://example.com/private/x", "/private",
    "/", "", "http://a\\private", "https://a\\@b/private",
    "http://u:p@a@b/", "http://\x1b[31mX/", "https://\u0415X.com/",
    "http://[::1]:8080/x", "http://example.com:99999/", "ftp://h/robots.txt",
    "http://h/robots.txt?x", "x:", "//h/p", "http://%41/", "http://a/\u202e",
    "https://xn--a/", "http://a..b/", "mailto:x@y", "http://h/%00",
    "http://h/\u00e9?\u00e9#\u00e9",
]
NUMBERS = ["0", "1", "2", "100", "404", "503", "999", "1000", "-1", "512000",
           "1073741824", "99999999999999999999", "x", "", " 1", "1e3", "07"]
PROFILES = ["rfc9309", "google", "legacy", "RFC9309", "", "none"]
WORDS = ["--", "-", "-h", "--help", "--version", "--bogus", "-x", "=",
         "--json=1", "--profile=google", "--agent=*", "--parse-limit=0",
         "*", "Googlebot", "FooBot/1.0", "\x7f", "\u0085", "\u202e",
         "\xff\xfe", "bot\tname", "a" * 5000, "\x1b]0;title\x07"]
ROBOTS_LINES = [
    "User-agent: *", "User-agent: FooBot", "Disallow: /private",
    "Allow: /private/ok$", "Disallow: /*.pdf$", "Disallow: /*?sid=",
    "Disallow:", "Allow: /", "Sitemap: https://example.com/s.xml",
    "Crawl-delay: 5", "Crawl-delay: x", "# comment", "", "Dissallow /x",
    "disallow /x", "\ufeffUser-agent: bom", "User-agent: \x1b[31mX",
    "Disallow: /\x00nul", "Disallow: /" + "*a" * 300 + "*b",
    "Disallow: /" + "x" * 20000, "<html><head>", "Allow: /x/index.html",
    "User-agent: q", "noindex: /x", "Disallow: /\u00e9\xff",
    "Content-Usage: train-ai=n", "Content-Usage: /private/ train-ai=y, bots=n",
    "Content-Usage: Train-ai=n,", "Content-Signal: search=yes, ai-train=no",
    "Content-Usage: /*.pdf$ " + "a=1, " * 2000 + "search=y",
    # What lint --fix fixes: typo keys, a missing colon, a BOM encoded
    # twice (C3 AF C2 BB C2 BF, U+00EF U+00BB U+00BF once decoded), and
    # rules repeated (a line of the list drawn twice).
    "Dissallow: /private", "User-agnet: b", "Disalow /tmp", "Alow: /x",
    "\u00ef\u00bb\u00bfUser-agent: *", "Useragent: FooBot",
]
# Reports of lint --fix on standard error: "PATH:LINE: fixed [CODE]: ...".
FIX_REPORT = re.compile(rb":(\d+): fixed \[([a-z0-9-]+)\]: (removed)?")
GOOD_EXPECT_LINES = [
    "allow * /", "disallow * /private", "allow FooBot /x",
    "disallow FooBot http://example.com/private", "# c", "",
    "allow * /private/ok", "disallow * /a.pdf",
]
EXPECT_LINES = GOOD_EXPECT_LINES + [
    "allow", "maybe * /",
    "allow * /\x1b[31m", "\ufeffallow * /", "# c", "", "allow *",
    "disallow " + "a" * 3000 + " /", "allow * " + "/x" * 3000,
]
HTML_PIECES = [
    "<html><head>", '<meta name="robots" content="noindex, nofollow">',
    "<META NAME=googlebot CONTENT='max-snippet:5'>", "<!-- x", "-->",
    "<script>", "</script>", "<body>", "</head>", "<meta ", "a=b ",
    '<meta name="description" content="\x1b[31m">', "\u202e", "\xff",
]
HEADER_LINES = [
    "HTTP/1.1 200 OK", "Cache-Control: max-age=3600", "Cache-Control: no-store",
    "Expires: Thu, 01 Dec 1994 16:00:00 GMT", "Date: Thu, 01 Dec 1994 16:00:00 GMT",
    "Expires: x", "Cache-Control: max-age=99999999999999999999",
    "bad line", "Date: \x1b[31m", ": empty", "",
]


class Run:
    """One invocation: its arguments, files and standard input."""

    def __init__(self, rnd, base):
        self.rnd = rnd
        self.base = base  # the run's directory: files and the cwd
        self.args = []
        self.stdin = b""
        self.fifos = {}  # path -> bytes its writer thread feeds
        self.notes = []
        self.stdout_mode = "pipe"
        self.fix = None  # lint --fix: (profile, where it writes, FILE)
        self.original = b""  # lint --fix: the file before it ran

    # -- contents ----------------------------------------------------------

    def hostile(self, big=False):
        r = self.rnd
        n = r.choice([0, 1, 7, 100, 4096]) if not big else r.randint(1, 700000)
        kind = r.randrange(4)
        if kind == 0:
            return bytes(r.getrandbits(8) for _ in range(min(n, 20000))) * (
                1 + n // 20000)
        if kind == 1:
            return b"\x00" * n
        if kind == 2:
            return b"\n" * n
        return (b"\xff\xfe\x1b[" * (n // 4 + 1))[:n]

    def lines(self, pool, count, sep=None):
        r = self.rnd
        sep = sep or r.choice(["\n", "\r\n", "\r"])
        text = sep.join(r.choice(pool) for _ in range(count))
        if r.randrange(3) == 0:
            text += sep
        return text.encode("utf-8", "surrogatepass")

    def content(self, kind):
        r = self.rnd
        if r.randrange(6) == 0:
            return self.hostile(big=r.randrange(8) == 0)
        if kind == "robots":
            if r.randrange(10) == 0:  # past the parse limit
                return self.lines(ROBOTS_LINES[:8], 60000, "\n")
            return self.lines(ROBOTS_LINES, r.randint(0, 60))
        if kind == "expect":
            return self.lines(EXPECT_LINES if r.randrange(3) == 0 else
                              GOOD_EXPECT_LINES, r.randint(0, 20))
        if kind == "html":
            return "".join(r.choice(HTML_PIECES) for _ in range(
                r.randint(0, 200))).encode("utf-8", "surrogatepass")
        if kind == "headers":
            return self.lines(HEADER_LINES, r.randint(0, 12))
        if kind == "urls":
            return self.lines(URLS, r.randint(0, 30))
        return self.hostile()

    # -- operands ----------------------------------------------------------

    def new_path(self, name):
        return os.path.join(self.base, "%s-%d" % (name, len(os.listdir(
            self.base))))

    def file(self, kind):
        """A path to read as `kind`: a regular file most often, else one of
        the odd ones."""
        r = self.rnd
        pick = r.randrange(40)
        if pick == 0:
            return "/dev/null"
        if pick == 1:
            return self.new_path("missing")
        if pick == 2:
            path = self.new_path("dir")
            os.mkdir(path)
            return path
        if pick == 3:
            path = self.new_path("fifo")
            os.mkfifo(path)
            self.fifos[path] = self.content(kind)
            return path
        if pick == 4:
            self.stdin = self.content(kind)
            return "-"
        data = None
        if pick == 5:  # a long path of odd bytes, that messages name
            parts = [r.choice(["\x1b" * 250, "d" * 250, "\u00e9" * 120,
                               "\u202e" * 80]) for _ in range(r.randint(1, 14))]
            path = os.path.join(self.base, *parts)
            os.makedirs(path, exist_ok=True)
            path = os.path.join(path, "f")
            if kind == "robots" and r.randrange(2):  # a warning names it
                data = self.lines(ROBOTS_LINES[:8], 60000, "\n")
        else:
            path = self.new_path(kind)
        with open(path, "wb") as f:
            f.write(self.content(kind) if data is None else data)
        return path

    def output_file(self):
        """Where --junit may write: never a FIFO (a writer waits for a
        reader, as it should) and never outside the run's directory."""
        return self.rnd.choice([self.new_path("out"), "/dev/null", "/dev/full",
                                self.base, os.path.join(self.base, "no", "x")])

    def url(self):
        r = self.rnd
        u = r.choice(URLS if r.randrange(3) == 0 else GOOD_URLS)
        if r.randrange(6) == 0:
            u = u + "/" + "a" * r.choice([100, 17000, 70000])
        return u

    def value(self, option):
        r = self.rnd
        if r.randrange(8) == 0:
            return r.choice(WORDS + NUMBERS)
        if option == "--profile":
            return r.choice(PROFILES)
        if option in ("--parse-limit", "--status", "--redirects",
                      "--unreachable-days"):
            return r.choice(NUMBERS)
        if option == "--network-error":
            return r.choice(["dns", "connect", "timeout", "tls", "truncated",
                             "DNS", "x", ""])
        if option == "--format":
            return r.choice(["text", "json", "sarif", "xml", ""])
        if option == "--junit":
            return self.output_file()
        if option == "--header":
            value = r.choice(["noindex", "googlebot: nofollow", "\x1b[31m",
                              "a" * 9000, "", "none, max-snippet:x"])
            if r.randrange(3) == 0:  # robots usage's
                return "Content-Usage: " + r.choice(
                    ["train-ai=n", "Train-ai=n", "a=1,", "x" * 70000, ""])
            return value if r.randrange(4) == 0 else "X-Robots-Tag: " + value
        return r.choice(["*", "FooBot", "Googlebot", "a" * 4097, "\x1b"])

    def options(self, known, wild):
        """Options of the command: `known` maps each to whether it takes a
        value (its --help says). A wild run also mixes in odd words and
        values where none is taken."""
        r = self.rnd
        out = []
        names = sorted(known)
        for _ in range(r.choice([0, 0, 1, 1, 2, 3, 5])):
            if not names or (wild and r.randrange(5) == 0):
                out.append(r.choice(WORDS))
                continue
            opt = r.choice(names)
            takes = known[opt]
            if wild and r.randrange(6) == 0:
                takes = not takes
            if not takes:
                out.append(opt)
            elif r.randrange(4) == 0:
                out.append(opt + "=" + self.value(opt))
            else:
                out += [opt, self.value(opt)]
        return out

    def operands(self, command):
        r = self.rnd
        if command in ("check", "usage"):
            return [self.file("robots")] + [self.url() for _ in range(
                r.choice([0, 1, 1, 2, 4]))]
        if command in ("parse", "lint"):
            return [self.file("robots")]
        if command == "test":
            return [self.file("robots"), self.file("expect")]
        if command == "diff":
            ops = [self.file("robots"), self.file("robots")]
            if r.randrange(2):
                ops.append(self.file("urls"))
            return ops
        if command == "url":
            return [self.url() if r.randrange(3) == 0 else r.choice(
                GOOD_URLS[:3]) for _ in range(r.choice([0, 1, 2, 3]))]
        if command == "scope":
            first = (r.choice(["http://example.com/robots.txt",
                               "https://example.com/robots.txt"])
                     if r.randrange(3) else self.url())
            return [first] + [self.url() for _ in range(r.choice([0, 1, 2]))]
        if command == "policy":
            if r.randrange(3) == 0:
                return []
            if r.randrange(4) == 0:
                return ["--network-error", self.value("--network-error")]
            return ["--status", r.choice(["200", "301", "404", "429", "500",
                                          "503", "100", "999"] + NUMBERS)]
        if command == "meta":
            return [self.file("html")]
        if command == "cache-lifetime":
            return [self.file("headers")] if r.randrange(2) else []
        return []

    def build_fix(self):
        """lint --fix on a robots.txt-like file, its output then checked
        (check_fix())."""
        r = self.rnd
        profile = r.choice(["rfc9309", "google", "legacy"])
        args = ["lint", "--fix", "--profile", profile]
        if r.randrange(3) == 0:
            args += ["--parse-limit", r.choice(["0", "1000", "512000"])]
        where = r.choice(["stdout"] * 4 + ["output", "in-place"])
        if where == "output":
            args += ["--output", self.new_path("fixed")]
        elif where == "in-place":
            args.append("--in-place")
        path = self.new_path("robots")
        self.original = self.lines(ROBOTS_LINES, r.randint(0, 80))
        with open(path, "wb") as f:
            f.write(self.original)
        self.fix = (profile, where, args[-1] if where == "output" else path)
        self.args = args + [path]

    def build(self, commands_options):
        r = self.rnd
        pick = r.randrange(len(COMMANDS) + 5)
        if pick >= len(COMMANDS) + 3:
            self.build_fix()
        elif pick >= len(COMMANDS):
            self.args = r.choice([[], ["--help"], ["--version"], ["-h"],
                                  ["help"], ["chek"], ["--bogus"]])
        else:
            command = COMMANDS[pick]
            wild = r.randrange(4) == 0
            args = self.options(commands_options[command], wild)
            args += self.operands(command)
            if wild and r.randrange(3) == 0:
                r.shuffle(args)
            if wild and r.randrange(3) == 0:
                args.insert(r.randrange(len(args) + 1), r.choice(WORDS))
            if wild and r.randrange(3) == 0:
                args = args[:r.randrange(len(args) + 1)]
            self.args = [command] + args
        if self.stdin == b"" and r.randrange(4) == 0:
            self.stdin = self.content(r.choice(["robots", "headers", "urls"]))
        self.stdout_mode = r.choice(["pipe"] * 6 + ["full", "closed"])


def feed_fifo(path, data, done):
    """Writes data to the FIFO once a reader opens it, then closes it; gives
    up when the run is over (the command never opened it)."""
    fd = -1
    while not done.is_set():
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError:
            time.sleep(0.005)
    if fd < 0:
        return
    os.set_blocking(fd, True)
    try:
        os.write(fd, data)
    except OSError:
        pass
    finally:
        os.close(fd)


def execute(robots, run, stdout_mode, env):
    done = threading.Event()
    feeders = [threading.Thread(target=feed_fifo, args=(p, d, done),
                                daemon=True) for p, d in run.fifos.items()]
    for t in feeders:
        t.start()
    stdout = subprocess.PIPE
    full = None
    if stdout_mode == "full":
        full = open("/dev/full", "wb")
        stdout = full
    preexec = None
    if stdout_mode == "closed":
        stdout = subprocess.DEVNULL
        preexec = lambda: os.close(1)  # noqa: E731
    args = [robots] + [a.encode("utf-8", "surrogatepass") for a in run.args]
    start = time.monotonic()
    try:
        p = subprocess.run(args, input=run.stdin, stdout=stdout,
                           stderr=subprocess.PIPE, cwd=run.base, env=env,
                           timeout=TIMEOUT, preexec_fn=preexec)
        code, out, err = p.returncode, p.stdout or b"", p.stderr
    except subprocess.TimeoutExpired as e:
        code, out, err = "timeout", b"", e.stderr or b""
    finally:
        done.set()
        if full:
            full.close()
    for t in feeders:
        t.join(1)
    return code, out, err, time.monotonic() - start


def stderr_problems(err):
    problems = []
    try:
        err.decode("utf-8")
    except UnicodeDecodeError as e:
        problems.append("standard error is not UTF-8 (byte %d)" % e.start)
    for i, b in enumerate(err):
        if (b < 0x20 and b != 0x0A) or b == 0x7F:
            problems.append("raw control byte 0x%02X on standard error at %d"
                            % (b, i))
            break
    text = err.decode("utf-8", "replace")
    for ch in ("\u0085", "\u009b", "\u202e", "\u2066"):
        if ch in text:
            problems.append("unescaped U+%04X on standard error" % ord(ch))
    for line in err.split(b"\n"):
        if len(line) > MAX_ERR_LINE:
            problems.append("a standard error line of %d bytes (most %d)"
                            % (len(line), MAX_ERR_LINE))
            break
    return problems


def check(robots, run, env):
    code, out, err, secs = execute(robots, run, run.stdout_mode, env)
    problems = []
    if code == "timeout":
        problems.append("no exit within %d s" % TIMEOUT)
    elif code < 0:
        problems.append("killed by signal %s" % signal.Signals(-code).name)
    elif code not in (0, 1, 2):
        problems.append("exit status %d (0, 1 or 2 only)" % code)
    if b"Sanitizer" in err or b"runtime error:" in err:
        problems.append("a sanitizer report")
    if code == 2 and not err.strip():
        problems.append("exit 2 without a line on standard error")
    problems += stderr_problems(err)
    if (not problems and run.fix is not None and code in (0, 1) and
            (run.stdout_mode == "pipe" or run.fix[1] != "stdout")):
        problems += check_fix(robots, run, out, err, env)
    if not problems and run.stdout_mode != "pipe" and code in (0, 1):
        # The same run to a pipe: had it output, the write had to fail.
        code2, out2, _, _ = execute(robots, run, "pipe", env)
        if out2:
            problems.append("exit %d with standard output %s, where the "
                            "same run writes %d bytes" % (
                                code, "at /dev/full" if run.stdout_mode ==
                                "full" else "closed", len(out2)))
    return problems, code, err, secs


def fixes_written(err):
    """[(line, code, removed)] of the fixes a lint --fix run reports
    written; removed when the fix took its line out."""
    return [(int(m.group(1)), m.group(2).decode(), m.group(3) is not None)
            for m in FIX_REPORT.finditer(err)]


def check_fix(robots, run, out, err, env):
    """What lint --fix wrote parses, and a second run writes no fix again
    on a line the first fixed, with the same code."""
    profile, where, path = run.fix
    if where == "stdout":
        fixed = out
    else:
        try:
            with open(path, "rb") as f:
                fixed = f.read()
        except OSError as e:
            return ["lint --fix exited 0 or 1 but its output is unreadable: "
                    "%s" % e]
    problems = []
    p = subprocess.run([robots, "parse", "--profile", profile,
                        "--parse-limit", "0", "-"], input=fixed,
                       capture_output=True, env=env, timeout=TIMEOUT)
    if p.returncode != 0:
        problems.append("the fixed file does not parse: exit %d" %
                        p.returncode)
    p = subprocess.run([robots, "lint", "--fix", "--profile", profile,
                        "--parse-limit", "0", "-"], input=fixed,
                       capture_output=True, env=env, timeout=TIMEOUT)
    if p.returncode not in (0, 1):
        problems.append("lint --fix on its own output exits %d" %
                        p.returncode)
    # A fix rewrites its line or takes it out: the second run's line n is
    # the first's n-th line not taken out.
    first = fixes_written(err)
    removed = {n for n, _code, gone in first if gone}
    lines = len(re.findall(rb"\r\n|\n|\r", run.original)) + 1
    origin = [n for n in range(1, lines + 1) if n not in removed]
    wrote = {(n, code) for n, code, _gone in first}
    again = sorted((n, code) for n, code, _gone in fixes_written(p.stderr)
                   if 1 <= n <= len(origin) and (origin[n - 1], code) in
                   wrote)
    if again:
        problems.append("lint --fix on its own output fixes again: %s" %
                        ", ".join("line %d [%s]" % a for a in again))
    return problems


def help_options(robots, env):
    """Each command's options, from its --help: option -> whether it takes
    a value. The option list ("  --name VALUE  what it does") says so by a
    word one space after the name; an option only in the usage line takes
    one when a word of capitals or a list of choices follows it there."""
    options = {}
    for command in COMMANDS:
        p = subprocess.run([robots, command, "--help"], capture_output=True,
                           env=env, timeout=TIMEOUT)
        text = (p.stdout + p.stderr).decode("utf-8", "replace")
        found = {}
        for line in text.splitlines():
            m = re.match(r"\s+(--[a-z][a-z-]*)( \S)?", line)
            if m:
                found[m.group(1)] = m.group(2) is not None
        for m in re.finditer(
                r"\[(--[a-z][a-z-]*)( (?:[A-Z][A-Z_]*|[a-z0-9]+\|))?", text):
            found.setdefault(m.group(1), m.group(2) is not None)
        options[command] = found
    return options


def main(argv):
    if len(argv) < 2 or argv[1].startswith("-"):
        sys.stderr.write(__doc__)
        return 2
    robots = os.path.abspath(argv[1])
    seed, runs, first, save, verbose = 1, 300, 0, None, False
    rest = argv[2:]
    while rest:
        opt = rest.pop(0)
        if opt == "--seed":
            seed = int(rest.pop(0))
        elif opt == "--runs":
            runs = int(rest.pop(0))
        elif opt == "--from":
            # Run I is the same on every machine and in every split: runs
            # 0..749 and 750..1499 of a seed are its runs 0..1499.
            first = int(rest.pop(0))
        elif opt == "--save":
            save = rest.pop(0)
        elif opt == "--verbose":
            verbose = True
        else:
            sys.stderr.write(__doc__)
            return 2
    env = dict(os.environ)
    env.setdefault("ASAN_OPTIONS", "abort_on_error=1:detect_leaks=1")
    env.setdefault("UBSAN_OPTIONS", "abort_on_error=1:halt_on_error=1")
    env["LC_ALL"] = "C"
    options = help_options(robots, env)
    findings = 0
    statuses = {}
    slowest = (0.0, None)
    top = tempfile.mkdtemp(prefix="robots-cli-fuzz-")
    try:
        for i in range(first, first + runs):
            rnd = random.Random("%d/%d" % (seed, i))
            base = os.path.join(top, str(i))
            os.mkdir(base)
            run = Run(rnd, base)
            run.build(options)
            problems, code, err, secs = check(robots, run, env)
            statuses[code] = statuses.get(code, 0) + 1
            if secs > slowest[0]:
                slowest = (secs, run.args[:1])
            line = "robots " + " ".join(shlex.quote(a[:80] + (
                "...(%d)" % len(a) if len(a) > 80 else "")) for a in run.args)
            if verbose:
                print("%4d %-8s %s" % (i, code, line))
            if problems:
                findings += 1
                print("cli-fuzz: FINDING in run %d (--seed %d): %s" % (
                    i, seed, "; ".join(problems)))
                print("  command: %s  (stdin %d bytes, stdout %s)" % (
                    line, len(run.stdin), run.stdout_mode))
                for l in err.decode("utf-8", "backslashreplace").splitlines(
                        )[:5]:
                    print("  stderr: %s" % l[:300])
                if save:
                    dest = os.path.join(save, "run-%d" % i)
                    shutil.copytree(base, dest, symlinks=True,
                                    ignore_dangling_symlinks=True,
                                    dirs_exist_ok=True,
                                    ignore=shutil.ignore_patterns("fifo-*"))
                    with open(os.path.join(dest, "command"), "w") as f:
                        f.write(line + "\n")
                    with open(os.path.join(dest, "stdin"), "wb") as f:
                        f.write(run.stdin)
            shutil.rmtree(base, ignore_errors=True)
    finally:
        shutil.rmtree(top, ignore_errors=True)
    print("cli-fuzz: seed %d, runs %d to %d, exit statuses %s, the slowest "
          "%.1f s (%s): %s" % (seed, first, first + runs - 1, dict(sorted(statuses.items(), key=str)),
                        slowest[0], " ".join(slowest[1] or []),
                        "%d findings" % findings if findings else "ok"))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
