#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write stand-ins for the largest files of the real-world corpus.

Usage: gen_shapes.py OUTDIR

The real-world corpus (corpus/real/, 2,324 robots.txt files of real sites)
may not be committed, so CI cannot count instructions on its files. These
generated files have the shapes of its largest ones, at their sizes, so
that the `instructions` gate holds the parse and the first check on such
files (bench/budgets.tsv, the `shape ...` rows); with the corpus at hand
bench/callgrind.sh also counts its real files (the `real ...` rows).

    html-page    392,697 bytes: a page of HTML served as robots.txt (the
                 corpus's largest file, force.com; 5 of its 6 largest are
                 such pages): markup, inline CSS and minified script, few
                 lines a robots.txt parser knows
    many-groups  149,854 bytes: comments and many groups of one to three
                 user-agents with a few rules each, Googlebot's among them
                 and `*` last (www.smugmug.com, linkedin.com)
    rule-list    118,447 bytes: one `*` group of thousands of Disallow
                 lines, some with `*` or `$` (www.runescape.com,
                 icicibank.com)

Each file is cut at its last whole line within its size. OUTDIR/shapes.tsv
lists them (name, file, bytes). Deterministic: a fixed seed a shape.
"""
import os
import random
import sys

SHAPES = (("html-page", 392697), ("many-groups", 149854), ("rule-list", 118447))

WORDS = ("account about api app archive blog cart catalog checkout content "
         "docs download en es events help images img js login media news "
         "partners press product products search services static support "
         "tag tags user users wp-admin wp-content").split()
AGENTS = ("Bingbot Slurp DuckDuckBot Baiduspider YandexBot "
          "facebookexternalhit Twitterbot LinkedInBot AhrefsBot SemrushBot "
          "MJ12bot DotBot PetalBot Applebot GPTBot CCBot ia_archiver "
          "Sogou Exabot SeznamBot Qwantify msnbot teoma").split()


def path(rnd):
    parts = [rnd.choice(WORDS) for _ in range(rnd.randint(1, 4))]
    p = "/" + "/".join(parts)
    r = rnd.random()
    if r < 0.12:
        p += "/*"
    elif r < 0.18:
        p += "*.php$"
    elif r < 0.25:
        p += "?%s=%d" % (rnd.choice(WORDS), rnd.randint(1, 999))
    elif r < 0.30:
        p += "/%E2%82%AC"
    elif r < 0.6:
        p += "/"
    return p


def html_page(rnd):
    yield from ('<!DOCTYPE html>', '<html lang="en" class="no-js desktop">',
                '<head>', '  <meta charset="utf-8">',
                '  <meta name="viewport" content="width=device-width, '
                'initial-scale=1">', '  <title>Welcome | Example</title>')
    while True:
        r = rnd.random()
        w = rnd.choice(WORDS)
        if r < 0.15:
            yield ('  <link rel="stylesheet" href="https://static.example.'
                   'com/%s/%s.css?v=%d">' % (w, rnd.choice(WORDS),
                                            rnd.randint(1, 99999)))
        elif r < 0.35:
            yield ('    .%s-%s { color: #%06x; margin: %dpx %dpx; '
                   'font-family: "Helvetica Neue", Arial; }'
                   % (w, rnd.choice(WORDS), rnd.randint(0, 0xFFFFFF),
                      rnd.randint(0, 40), rnd.randint(0, 40)))
        elif r < 0.40:
            # a minified script on one line, several kilobytes long
            yield '<script>' + ";".join(
                'var %s%d={url:"https://%s.example.com/%s",id:%d}'
                % (rnd.choice(WORDS), i, rnd.choice(WORDS), rnd.choice(WORDS),
                   rnd.randint(0, 9999))
                for i in range(rnd.randint(20, 80))) + '</script>'
        elif r < 0.70:
            yield ('      <div class="%s"><a href="https://www.example.com/'
                   '%s/%s" data-track="nav:%s">%s</a></div>'
                   % (w, w, rnd.choice(WORDS), w, w.capitalize()))
        elif r < 0.85:
            yield ('        <p>Caf\u00e9 %s \u2014 %s: %s and %s.</p>'
                   % (w, rnd.choice(WORDS), rnd.choice(WORDS),
                      rnd.choice(WORDS)))
        else:
            yield '    </div>'


def many_groups(rnd):
    for i in range(30):
        yield "# Line %d of the site's notice: crawling is subject to the " \
              "terms at https://www.example.com/legal/%s" % (i, rnd.choice(WORDS))
    yield ""
    n = 0
    while True:
        n += 1
        names = rnd.sample(AGENTS, rnd.randint(1, 3))
        if n == 40:
            names = ["Googlebot"]
        names = ["%s-%d" % (a, n) if rnd.random() < 0.7 else a
                 for a in names]
        for a in names:
            yield "User-agent: " + a
        if rnd.random() < 0.3:
            yield "Crawl-delay: %d" % rnd.randint(1, 30)
        for _ in range(rnd.randint(2, 12)):
            yield ("Allow: " if rnd.random() < 0.2 else "Disallow: ") + path(rnd)
        if rnd.random() < 0.2:
            yield "# %s" % " ".join(rnd.choice(WORDS) for _ in range(8))
        yield ""


def rule_list(rnd):
    yield "User-agent: *"
    n = 0
    while True:
        n += 1
        if rnd.random() < 0.3:
            yield "Disallow: /a=%d/" % n
        else:
            yield ("Allow: " if rnd.random() < 0.05 else "Disallow: ") + path(rnd)


def write(name, size, out):
    rnd = random.Random(name)
    lines = {"html-page": html_page, "many-groups": many_groups,
             "rule-list": rule_list}[name](rnd)
    data = bytearray()
    for line in lines:
        b = (line + "\n").encode("utf-8")
        if len(data) + len(b) > size:
            break
        data += b
    if name == "many-groups":  # `*` last, as such files end
        tail = b"\nUser-agent: *\nDisallow: /search\nAllow: /\n"
        data = data[:size - len(tail)]
        data = data[:data.rfind(b"\n") + 1] + tail
    with open(os.path.join(out, name + ".txt"), "wb") as f:
        f.write(data)
    return len(data)


def main():
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "shapes.tsv"), "w") as manifest:
        for name, size in SHAPES:
            manifest.write("%s\t%s.txt\t%d\n" % (name, name, write(name, size, out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
