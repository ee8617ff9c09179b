# SPDX-License-Identifier: MIT
"""AI usage preferences through the package (Document.usage, usage_field):
every case of kind `usage` of conformance/cases-aipref in each profile its
expectation names, with the checks of the C runner
(conformance/aipref_runner.c: crawlable, labels None exactly when not
crawlable, the deciding lines, the groups' and the file's Content-Signal),
and every `usage_header` case through usage_field(). A failure here is a
bug in the binding: the library passes the same cases."""
import glob
import json
import os
import pickle

import pytest

import librobots
from conftest import REPO

AIPREF_DIR = os.path.join(REPO, "conformance", "cases-aipref")


def cases_of(kind):
    out = []
    for path in sorted(glob.glob(os.path.join(AIPREF_DIR, "*.json"))):
        with open(path, encoding="utf-8") as f:
            out += [c for c in json.load(f)["cases"] if c["kind"] == kind]
    return out


USAGE = [(c, p) for c in cases_of("usage") for p in sorted(c["expect"])]
HEADER = cases_of("usage_header")


def test_the_suite_is_there():
    # Every example of attach-05 3.4 is among them (Table 1 and ExampleBot).
    ids = {c["id"] for c, _ in USAGE}
    assert len(ids) >= 30 and "attach-3-4-examplebot" in ids
    assert HEADER


@pytest.mark.parametrize("case,profile", USAGE,
                         ids=["%s-%s" % (c["id"], p) for c, p in USAGE])
def test_usage_case(case, profile):
    want = case["expect"][profile]
    ends = case.get("options", {}).get("content_usage_ends_group", False)
    doc = librobots.parse(case["robots"].encode("utf-8"), profile=profile,
                          content_usage_ends_group=ends)
    inp = case["input"]
    got = doc.usage(inp["agent"], inp["url"],
                    content_usage=inp.get("content_usage_header"))
    assert got.crawlable is want["crawlable"]
    assert got.verdict.allowed is want["crawlable"]
    # No preferences for a URL that may not be crawled, which is not
    # "every label unknown" (docs/semantics.md, decision 14).
    assert got.labels == want["labels"]
    assert list(got.lines) == want["lines"]
    assert got.line_count == len(want["lines"])
    if "content_signal" in want:
        assert got.signal == want["content_signal"]
        assert (got.signal_line is None) == (want["content_signal"] is None)
    if "file_content_signal" in want:
        assert got.file_signal == want["file_content_signal"]


@pytest.mark.parametrize("case", HEADER, ids=[c["id"] for c in HEADER])
def test_usage_header_case(case):
    want = case["expect"]["all"]
    got = librobots.usage_field(case["input"]["field_lines"])
    assert got.labels == want["labels"]
    # The public API says whether, not why (the reason is lint's).
    assert got.malformed is ("malformed" in want)


ATTACH_3_4 = (b"User-Agent: *\nAllow: /\nDisallow: /never/\n"
              b"Content-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n\n"
              b"User-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n")


def test_labels_and_fields():
    assert librobots.USAGE_LABELS == ("train-ai", "ai-use", "search")
    got = librobots.parse(ATTACH_3_4).usage("OtherBot", "/ai-ok/x")
    assert got.labels == {"train-ai": "allowed", "ai-use": "unknown",
                          "search": "unknown"}
    assert got.lines == (5,) and got.pattern_len == len("/ai-ok/")
    assert got.verdict.line == 2 and got.malformed == 0


def test_a_crawler_of_several_names():
    # robots_usage_agents(): the groups that name any of the names apply,
    # with robots_check()'s verdict for the same names (robots_usage.h).
    doc = librobots.parse(ATTACH_3_4)
    assert doc.usage("OtherBot", "/x").labels["train-ai"] == "disallowed"
    both = doc.usage(["OtherBot", "ExampleBot"], "/x")
    assert both.labels == doc.usage("ExampleBot", "/x").labels
    assert both.labels["train-ai"] == "allowed"
    assert both.verdict == doc.check(["OtherBot", "ExampleBot"], "/x")
    assert doc.usage((b"ExampleBot",), "/x").labels == both.labels
    with pytest.raises(ValueError):
        doc.usage([], "/x")
    with pytest.raises(librobots.Error) as err:
        doc.usage(["a"] * (librobots.MAX_QUERY_AGENTS + 1), "/x")
    assert err.value.status == "ROBOTS_ERR_TOO_MANY_AGENTS"
    with pytest.raises(TypeError):
        doc.usage(["a", 1], "/x")


def test_unknown_labels_and_signals():
    doc = librobots.parse(b"Content-Signal: search=yes, ai-train=no\n"
                          b"User-agent: *\nContent-Signal: ai-input=no\n"
                          b"Content-Usage: train-ai=n, bots=n, rag-ground=y, foo=y\n")
    got = doc.usage("AnyBot", "/x")
    assert [tuple(u) for u in got.unknown_labels] == [
        (4, "bots", "obsolete"), (4, "rag-ground", "proposed"), (4, "foo", "unknown")]
    assert got.signal == {"search": "unknown", "ai-input": "disallowed",
                          "ai-train": "unknown"}
    assert got.signal_labels == {"train-ai": "unknown", "ai-use": "disallowed",
                                 "search": "unknown"}
    assert got.signal_line == 3
    assert got.file_signal_labels == {"train-ai": "disallowed", "ai-use": "unknown",
                                      "search": "allowed"}
    assert got.file_signal_line == 1


def test_header_combines_most_restrictive():
    doc = librobots.parse(ATTACH_3_4)
    got = doc.usage("OtherBot", "/ai-ok/x", content_usage="train-ai=n")
    assert got.labels["train-ai"] == "disallowed"
    got = doc.usage("OtherBot", "/ai-ok/x", content_usage=[b"ai-use=n", "search=y"])
    assert got.labels == {"train-ai": "allowed", "ai-use": "disallowed",
                          "search": "allowed"}
    assert doc.usage("OtherBot", "/never/", content_usage="train-ai=y").labels is None
    assert librobots.usage_field("Train-ai=n").malformed is True


def test_sources_of_each_label():
    # robots_usage_result's file_labels and field_labels (robots_usage.h):
    # both where the file and the field say the same; only the field where
    # it made a label more restrictive; neither for a value no source set.
    doc = librobots.parse(ATTACH_3_4)
    nothing = {"ai-use": (), "search": ()}
    got = doc.usage("OtherBot", "/ai-ok/x")
    assert got.sources == {"train-ai": ("file",), **nothing}
    got = doc.usage("OtherBot", "/ai-ok/x", content_usage="train-ai=y")
    assert got.sources == {"train-ai": ("header", "file"), **nothing}
    got = doc.usage("OtherBot", "/ai-ok/x", content_usage="train-ai=n")
    assert got.sources == {"train-ai": ("header",), **nothing}
    got = doc.usage("OtherBot", "/ai-ok/x", content_usage="ai-use=n")
    assert got.sources == {"train-ai": ("file",), "ai-use": ("header",),
                           "search": ()}
    # No preferences for a URL that may not be crawled: no source either.
    got = doc.usage("OtherBot", "/never/", content_usage="train-ai=y")
    assert got.sources == {"train-ai": (), **nothing}


def test_option_survives_pickling():
    body = b"User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nAllow: /\n"
    doc = librobots.parse(body, content_usage_ends_group=True)
    back = pickle.loads(pickle.dumps(doc))
    assert back.usage("b", "/x").labels == doc.usage("b", "/x").labels
    assert librobots.parse(body).usage("b", "/x").labels["train-ai"] == "disallowed"
    assert doc.usage("b", "/x").labels["train-ai"] == "unknown"


def test_bad_input():
    doc = librobots.parse(ATTACH_3_4)
    with pytest.raises(librobots.Error) as err:
        doc.usage("a", "www.example.com/no-scheme")
    assert err.value.status == "ROBOTS_ERR_URL_INVALID"
    with pytest.raises(librobots.Error):
        doc.usage("a" * (librobots.MAX_AGENT_BYTES + 1), "/x")
    with pytest.raises(TypeError):
        doc.usage(1, "/x")
    with pytest.raises(ValueError):
        doc.usage("a", "/x\0")
    with pytest.raises(ValueError):
        doc.usage("a", "/x", content_usage=["train-ai=n"] * 65)
    with pytest.raises(TypeError):
        doc.usage("a", "/x", content_usage=[1])
    with pytest.raises(TypeError):
        librobots.usage_field(3)
