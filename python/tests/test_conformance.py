# SPDX-License-Identifier: MIT
"""The whole conformance suite (conformance/cases, format in
conformance/README.md) through the package, in all three profiles, with the
expectations the C runner (conformance/runner.c) applies: every verdict
case, and the other kinds through the functions that bind the same C calls
(match_path, url_to_path, select_group, robots_url, scope, fetch_policy,
cache_lifetime, meta_tags / x_robots_tag, the document's records). A
failure here is a bug in the binding: the library passes the same cases."""
import glob
import importlib.util
import json
import os

import pytest

import librobots
from conftest import CASES_DIR, REPO

PROFILES = ("rfc9309", "google", "legacy")


def load_checker():
    """conformance/tools/check_cases.py: the suite's own reader of the
    format, so that bodies are built here as the case files mean them."""
    path = os.path.join(REPO, "conformance", "tools", "check_cases.py")
    spec = importlib.util.spec_from_file_location("check_cases", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECKER = load_checker()


def generated(parts, where):
    errors = []
    out = bytes(CHECKER.gen_bytes(parts, where, errors))
    assert not errors, errors
    return out


def field_bytes(obj, name):
    """Field `name` or `name_gen` of obj, as bytes; None when absent."""
    if name in obj:
        return obj[name].encode("utf-8")
    if name + "_gen" in obj:
        return generated(obj[name + "_gen"], name + "_gen")
    return None


def body_of(case):
    if "robots_hex" in case:
        body = bytes.fromhex("".join(case["robots_hex"].split()))
    else:
        body = field_bytes(case, "robots") or b""
    if "robots_length" in case:
        assert len(body) == case["robots_length"], "robots_length of %s" % case["id"]
    return body


def load_cases():
    files = sorted(glob.glob(os.path.join(CASES_DIR, "*.json")))
    assert files, "no case files in %s" % CASES_DIR
    cases = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            for case in json.load(f)["cases"]:
                for profile in PROFILES:
                    cases.append(pytest.param(case, profile, id="%s-%s" % (case["id"], profile)))
    return cases


CASES = load_cases()


def test_the_suite_is_all_here():
    """Every case file was read: the suite has hundreds of verdict cases."""
    verdicts = {p.values[0]["id"] for p in CASES if p.values[0]["kind"] == "verdict"}
    assert len(verdicts) >= 200


def document(case, profile, skip_diagnostics=False):
    limit = case.get("options", {}).get("parse_limit", librobots.DEFAULT_PARSE_LIMIT)
    return librobots.parse(body_of(case), profile=profile, parse_limit=limit,
                           skip_diagnostics=skip_diagnostics)


def agents_of(inp):
    return inp["agent"] if "agent" in inp else list(inp["agents"])


def run_verdict(case, profile, expect):
    doc = document(case, profile)
    url = field_bytes(case["input"], "url")
    if "error" in expect:
        with pytest.raises(librobots.Error) as info:
            doc.check(agents_of(case["input"]), url)
        assert info.value.status == expect["error"]
        return
    v = doc.check(agents_of(case["input"]), url)
    assert v.allowed == expect["allowed"], v
    if isinstance(expect.get("line"), int):
        assert (v.line or 0) == expect["line"], v
    if "reason" in expect:
        assert v.reason == expect["reason"], v
    if "pattern" in expect:
        assert v.pattern == expect["pattern"], v
    if "truncated" in expect:
        assert v.truncated == expect["truncated"], v
    # The other ways to ask give the same verdict.
    assert doc.allowed(agents_of(case["input"]), url) == v.allowed
    assert doc.check_many(agents_of(case["input"]), [url]) == [v]
    assert doc.query(agents_of(case["input"])).check(url) == v
    # A parse for verdicts only (skip_diagnostics, as the crawler drop-ins
    # parse) answers the same.
    bare = document(case, profile, skip_diagnostics=True)
    assert bare.check(agents_of(case["input"]), url) == v


def run_match(case, profile, expect):
    inp = case["input"]
    got = librobots.match_path(field_bytes(inp, "pattern"), field_bytes(inp, "path"), profile)
    assert got == expect["match"]


def text_or_invalid(expect, name, call):
    if expect.get("invalid"):
        with pytest.raises(librobots.Error):
            call()
    else:
        assert call() == expect[name]


def run_url_path(case, profile, expect):
    url = field_bytes(case["input"], "url")
    text_or_invalid(expect, "path", lambda: librobots.url_to_path(url, profile))


def run_group(case, profile, expect):
    doc = document(case, profile)
    group, specific = doc.select_group(agents_of(case["input"]))
    if expect["line"] is None:
        assert group is None
    else:
        assert group is not None and doc.groups[group].line == expect["line"]
    if "specific" in expect:
        assert specific == expect["specific"]


def run_robots_url(case, profile, expect):
    url = field_bytes(case["input"], "url")
    text_or_invalid(expect, "robots_url", lambda: librobots.robots_url(url))


def run_scope(case, profile, expect):
    inp = case["input"]
    call = lambda: librobots.scope(inp["robots_url"], field_bytes(inp, "url"))  # noqa: E731
    if expect.get("invalid"):
        with pytest.raises(librobots.Error):
            call()
    else:
        assert call().applies == expect["applies"]


def run_fetch_policy(case, profile, expect):
    inp = case["input"]
    decision = librobots.fetch_policy(
        inp.get("status"), redirects=inp.get("redirects", 0),
        network_error=inp.get("network_error"),
        unreachable_seconds=int(inp.get("unreachable_days", 0) * 86400.0),
        has_cached_copy=bool(inp.get("cached", False)), profile=profile)
    assert decision.action == expect["action"], decision


def run_cache_lifetime(case, profile, expect):
    info = librobots.cache_lifetime(case["input"]["headers"], profile)
    assert info.seconds == expect["seconds"], info


def run_meta(case, profile, expect):
    inp = case["input"]
    if "html" in inp:
        m = librobots.meta_tags(inp["html"], inp.get("agent"))
    else:
        m = librobots.x_robots_tag(inp["x_robots_tag"], inp.get("agent"))
    assert sorted(m.restrictions) == sorted(expect["restrictions"]), m
    if "conflicts" in expect:
        assert sorted(m.conflicts) == sorted(expect["conflicts"]), m
    for key, field in (("description", "description"), ("keywords", "keywords"),
                       ("revisit-after", "revisit_after")):
        if key in expect.get("data", {}):
            assert getattr(m, field) == expect["data"][key], m


def run_parse(case, profile, expect):
    doc = document(case, profile)
    kinds = {d.kind for d in doc.diagnostics}
    for kind in expect.get("diagnostics_include", []):
        assert kind in kinds, doc.diagnostics
    for kind in expect.get("diagnostics_exclude", []):
        assert kind not in kinds, doc.diagnostics
    if "sitemaps" in expect:
        assert [r.value for r in doc.sitemaps] == expect["sitemaps"]
    if "crawl_delays" in expect:
        got = [(c.group_line, c.seconds) for c in doc.crawl_delays]
        want = [(c["group_line"], c["seconds"]) for c in expect["crawl_delays"]]
        assert len(got) == len(want) and all(
            g[0] == w[0] and abs(g[1] - w[1]) <= 1e-9 for g, w in zip(got, want)), got
    for ext in expect.get("extensions_include", []):
        assert (ext["key"], ext["value"]) in {(r.key, r.value) for r in doc.extensions}
    if "cut" in expect:
        if expect["cut"] is None:
            assert doc.cut is None and not doc.truncated
        else:
            assert doc.cut is not None and doc.truncated
            for name in ("offset", "line", "lines_not_read"):
                if name in expect["cut"]:
                    assert getattr(doc.cut, name) == expect["cut"][name], doc.cut


RUNNERS = {
    "verdict": run_verdict, "match": run_match, "url_path": run_url_path,
    "group": run_group, "robots_url": run_robots_url, "scope": run_scope,
    "fetch_policy": run_fetch_policy, "cache_lifetime": run_cache_lifetime,
    "meta": run_meta, "parse": run_parse,
}


@pytest.mark.parametrize("case,profile", CASES)
def test_case(case, profile):
    assert case["kind"] in RUNNERS, "a kind the runner has and this test lacks"
    RUNNERS[case["kind"]](case, profile, case["expect"][profile])
