# SPDX-License-Identifier: MIT
"""Bad input gets a clear Python exception, never a crash: TypeError for a
wrong type, ValueError (librobots.Error, with the library's status name,
for what the library refuses) that names the argument and the limit. The
limits are the public headers': at the limit is accepted, past it refused."""
import mmap
import random

import pytest

import librobots

DOC = librobots.parse(b"User-agent: *\nDisallow: /private\n")


def refused(status, call, *words):
    with pytest.raises(librobots.Error) as info:
        call()
    assert info.value.status == status
    for word in words:
        assert word in str(info.value), str(info.value)
    return info.value


def test_error_is_a_value_error():
    assert issubclass(librobots.Error, ValueError)


@pytest.mark.parametrize("call", [
    lambda: librobots.parse(42),
    lambda: librobots.parse(["User-agent: *"]),
    lambda: librobots.parse(b"", profile=1),
    lambda: librobots.parse(b"", parse_limit="1"),
    lambda: librobots.parse(b"", parse_limit=1.5),
    lambda: librobots.parse(b"", parse_limit=True),
    lambda: DOC.check(1, "/"),
    lambda: DOC.check(["a", 2], "/"),
    lambda: DOC.check({"a"}, "/"),
    lambda: DOC.check("a", None),
    lambda: DOC.check("a"),
    lambda: DOC.check("a", "/", "/"),
    lambda: DOC.allowed("a", 3.0),
    lambda: DOC.check_many("a", "/one/url"),
    lambda: DOC.check_many("a", 5),
    lambda: DOC.allowed_many("a", ["/", 5]),
    lambda: DOC.query(7),
    lambda: librobots.Query("not a document", "a"),
    lambda: librobots.robots_url(None),
    lambda: librobots.fetch_policy("200"),
    lambda: librobots.meta_tags(None),
    lambda: librobots.x_robots_tag([1]),
    lambda: librobots.cache_lifetime(5),
])
def test_wrong_types_are_type_errors(call):
    with pytest.raises(TypeError):
        call()


def test_messages_name_the_argument():
    with pytest.raises(TypeError, match="body must be bytes or str"):
        librobots.parse(42)
    with pytest.raises(TypeError, match=r"agents\[1\] must be str or bytes"):
        DOC.check(["a", 2], "/")
    with pytest.raises(TypeError, match=r"urls\[1\] must be str or bytes"):
        DOC.allowed_many("a", ["/", 5])
    with pytest.raises(TypeError, match="not a single str"):
        DOC.check_many("a", "/one/url")


@pytest.mark.parametrize("call", [
    lambda: librobots.parse(b"", profile="rfc9310"),
    lambda: librobots.parse(b"", parse_limit=-1),
    lambda: librobots.parse(b"", memory_cap=-5),
    lambda: librobots.parse(b"", parse_limit=2 ** 80),
    lambda: DOC.check([], "/"),
    lambda: librobots.fetch_policy(),
    lambda: librobots.fetch_policy(200, network_error="gremlins"),
    lambda: librobots.fetch_policy(42),
    lambda: librobots.fetch_policy(200, unreachable_seconds=-1),
    lambda: librobots.fetch_policy(200, redirects=-1),
    lambda: librobots.Verdict(True, "no-group", False, None, None, "sideways", 1, "/", False),
])
def test_wrong_values_are_value_errors(call):
    with pytest.raises(ValueError):
        call()


def test_lone_surrogates():
    for call, what in [(lambda: librobots.parse("User-agent: *\n\ud800"), "body"),
                       (lambda: DOC.check("a", "/x\udfff"), "url"),
                       (lambda: DOC.check("bot\ud800", "/"), "agent"),
                       (lambda: DOC.check_many("a", ["/", "/\ud800"]), "urls[1]"),
                       (lambda: librobots.robots_url("http://a\ud800/"), "url")]:
        with pytest.raises(ValueError) as info:
            call()
        assert what in str(info.value) and "surrogate" in str(info.value)
        assert not isinstance(info.value, UnicodeError)


def test_nul_bytes_in_urls_and_agents():
    for call, what in [(lambda: DOC.check("a", "/pri\0vate"), "url: NUL byte at index 4"),
                       (lambda: DOC.check(b"a\0b", "/"), "agent: NUL byte at index 1"),
                       (lambda: DOC.allowed_many("a", ["/", b"/\0"]), "urls[1]: NUL byte"),
                       (lambda: librobots.robots_url("http://a\0b/"), "url: NUL byte"),
                       (lambda: librobots.x_robots_tag("noindex\0"), "NUL byte")]:
        with pytest.raises(ValueError, match=what.replace("[", r"\[").replace("]", r"\]")):
            call()


def test_nul_bytes_in_a_body_are_content():
    # semantics.md: a NUL byte ends the line's content (and is reported).
    d = librobots.parse(b"User-agent: *\nDisallow: /a\0/b\n")
    assert "nul-byte" in {x.kind for x in d.diagnostics}
    assert not d.allowed("x", "/a/c")


def test_url_limit():
    limit = librobots.MAX_URL_BYTES
    at = "/" + "a" * (limit - 1)
    assert DOC.check("a", at).allowed
    e = refused("ROBOTS_ERR_URL_TOO_LONG", lambda: DOC.check("a", at + "a"),
                "ROBOTS_MAX_URL_BYTES = 16384", "given: 16385")
    assert str(e).startswith("url:")
    refused("ROBOTS_ERR_URL_TOO_LONG", lambda: DOC.query("a").check(at + "a"))
    refused("ROBOTS_ERR_URL_TOO_LONG", lambda: DOC.check_many("a", ["/"] * 300 + [at + "a"]),
            "urls[300]", "ROBOTS_MAX_URL_BYTES")
    refused("ROBOTS_ERR_URL_TOO_LONG", lambda: librobots.robots_url("http://a/" + "a" * limit))


def test_url_that_is_not_a_url():
    # semantics.md: rfc9309 and legacy refuse what is neither a path nor an
    # absolute URL; google reads any string.
    refused("ROBOTS_ERR_URL_INVALID", lambda: DOC.check("a", "example.com/private"), "url:")
    assert not librobots.parse(DOC.body, "google").allowed("a", "example.com/private")


def test_agent_limits():
    names = ["bot%d" % i for i in range(librobots.MAX_QUERY_AGENTS)]
    assert DOC.check(names, "/").allowed
    refused("ROBOTS_ERR_TOO_MANY_AGENTS", lambda: DOC.check(names + ["one-more"], "/"),
            "ROBOTS_MAX_QUERY_AGENTS = 64", "given: 65")
    refused("ROBOTS_ERR_TOO_MANY_AGENTS", lambda: DOC.check(names * 1000, "/"), "given: 64000")
    refused("ROBOTS_ERR_TOO_MANY_AGENTS", lambda: DOC.query(names * 2))
    long_name = "b" * librobots.MAX_AGENT_BYTES
    assert DOC.check(long_name, "/").allowed
    refused("ROBOTS_ERR_AGENT_TOO_LONG", lambda: DOC.check(long_name + "b", "/"),
            "ROBOTS_MAX_AGENT_BYTES = 4096", "given: 4097")
    refused("ROBOTS_ERR_AGENT_TOO_LONG", lambda: DOC.check_many(["a", long_name + "b"], ["/"]))


def test_body_past_the_input_limit(tmp_path):
    # A sparse file of MAX_INPUT_BYTES + 1 bytes, mapped: refused before a
    # byte of it is copied or read.
    path = tmp_path / "huge"
    with open(path, "wb") as f:
        f.truncate(librobots.MAX_INPUT_BYTES + 1)
    with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
        refused("ROBOTS_ERR_TOO_LARGE", lambda: librobots.parse(m),
                "ROBOTS_MAX_INPUT_BYTES = 1073741823", "given: 1073741824")


def test_other_refusals_name_the_status():
    refused("ROBOTS_ERR_HEADER_INVALID", lambda: librobots.http_date("yesterday"), "yesterday")
    refused("ROBOTS_ERR_URL_BAD_PORT", lambda: librobots.robots_url("http://a:99999/"))
    refused("ROBOTS_ERR_URL_BAD_HOST", lambda: librobots.host_to_ascii("a..b"))


def test_random_input_never_crashes():
    """Random bytes, str and types through every entry point: each call
    answers or raises TypeError/ValueError."""
    rng = random.Random(9309)
    alphabet = b"/*$?#%:;@\\ \t\r\n\0azAZ09\x80\xff\xc3\xa9"

    def junk():
        kind = rng.randrange(4)
        raw = bytes(rng.choice(alphabet) for _ in range(rng.randrange(40)))
        if kind == 0:
            return raw
        if kind == 1:
            return raw.decode("latin-1")
        if kind == 2:
            return "".join(chr(rng.choice([0x41, 0x2F, 0xD800, 0xE9, 0x1F600])) for _ in range(5))
        return rng.choice([None, 3, 2.5, [], [raw], (raw, raw)])

    calls = [
        lambda: librobots.parse(junk(), rng.choice(librobots.PROFILES)).check(junk(), junk()),
        lambda: DOC.check_many(junk(), [junk(), junk()]),
        lambda: librobots.robots_url(junk()),
        lambda: librobots.parse_url(junk()),
        lambda: librobots.scope(junk(), junk()),
        lambda: librobots.url_to_path(junk(), rng.choice(librobots.PROFILES)),
        lambda: librobots.match_path(junk(), junk(), rng.choice(librobots.PROFILES)),
        lambda: librobots.host_to_ascii(junk()),
        lambda: librobots.http_date(junk()),
        lambda: librobots.meta_tags(junk(), junk()),
        lambda: librobots.x_robots_tag(junk(), junk()),
        lambda: librobots.cache_lifetime(junk()),
    ]
    answered = 0
    for _ in range(20000):
        try:
            rng.choice(calls)()
            answered += 1
        except (TypeError, ValueError):
            pass
    assert answered > 1000
