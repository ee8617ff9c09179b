# SPDX-License-Identifier: MIT
# Type stubs of the package librobots (the C extension librobots._librobots
# and the helpers of __init__.py). The docstrings are on the objects.
from typing import (Any, Dict, Iterable, Iterator, Literal, Mapping, NamedTuple,
                    Optional, Sequence, Tuple, Union)

from .robotparser import RobotFileParser as RobotFileParser

Text = Union[str, bytes]
Agents = Union[str, bytes, Sequence[Union[str, bytes]]]
ProfileName = Literal["rfc9309", "google", "legacy"]
Headers = Union[str, bytes, Mapping[Any, Any], Iterable[Tuple[Any, Any]]]

__version__: str
LIBRARY_VERSION: str
DEFAULT_PARSE_LIMIT: int
MAX_INPUT_BYTES: int
MAX_LINE_BYTES: int
MAX_DIAGNOSTICS: int
MAX_URL_BYTES: int
MAX_QUERY_AGENTS: int
MAX_AGENT_BYTES: int
MAX_REDIRECTS: int
UNREACHABLE_LIMIT_SECONDS: int
USAGE_LABELS: Tuple[str, ...]
META_MAX_SCAN_BYTES: int
META_MAX_DIRECTIVES: int
PROFILES: Tuple[str, str, str]


class Error(ValueError):
    status: str


class Verdict:
    def __init__(self, allowed: bool, reason: str, specific: bool,
                 group: Optional[int], rule: Optional[int],
                 rule_kind: Optional[str], line: Optional[int],
                 pattern: Optional[str], truncated: bool) -> None: ...
    @property
    def allowed(self) -> bool: ...
    @property
    def reason(self) -> str: ...
    @property
    def specific(self) -> bool: ...
    @property
    def group(self) -> Optional[int]: ...
    @property
    def rule(self) -> Optional[int]: ...
    @property
    def rule_kind(self) -> Optional[Literal["allow", "disallow"]]: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def pattern(self) -> Optional[str]: ...
    @property
    def truncated(self) -> bool: ...
    def __bool__(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...


class Agent(NamedTuple):
    line: int
    value: str
    token: str
    is_wildcard: bool


class Rule(NamedTuple):
    line: int
    kind: Literal["allow", "disallow"]
    pattern: str
    normalized: str


class Group(NamedTuple):
    index: int
    line: int
    agents: Tuple[Agent, ...]
    rules: Tuple[Rule, ...]
    crawl_delay: Optional[float]
    crawl_delay_line: Optional[int]


class Record(NamedTuple):
    line: int
    key: str
    value: str
    group: Optional[int]


class Diagnostic(NamedTuple):
    line: int
    column: int
    kind: str
    severity: Literal["note", "warning", "error"]
    message: str
    suggestion: Optional[str]


class DiagnosticKind(NamedTuple):
    name: str
    description: str
    severity: Literal["note", "warning", "error"]


class Cut(NamedTuple):
    limit: int
    offset: int
    line: int
    lines_not_read: int
    bytes_not_read: int


class CrawlDelay(NamedTuple):
    group: int
    group_line: int
    seconds: float
    line: int


UsageValue = Literal["allowed", "disallowed", "unknown"]


class UnknownLabel(NamedTuple):
    line: int
    label: str
    status: Literal["obsolete", "proposed", "unknown"]


class Usage(NamedTuple):
    crawlable: bool
    verdict: Verdict
    labels: Optional[Dict[str, UsageValue]]
    lines: Tuple[int, ...]
    line_count: int
    pattern_len: int
    unknown_labels: Tuple[UnknownLabel, ...]
    malformed: int
    signal: Optional[Dict[str, UsageValue]]
    signal_labels: Optional[Dict[str, UsageValue]]
    signal_line: Optional[int]
    file_signal: Optional[Dict[str, UsageValue]]
    file_signal_labels: Optional[Dict[str, UsageValue]]
    file_signal_line: Optional[int]
    sources: Dict[str, Tuple[Literal['header', 'file'], ...]]


class UsageField(NamedTuple):
    labels: Dict[str, UsageValue]
    malformed: bool


class Document:
    def __init__(self, body: Union[bytes, str, bytearray, memoryview],
                 profile: ProfileName = ..., parse_limit: int = ...,
                 memory_cap: int = ...,
                 content_usage_ends_group: bool = ...,
                 skip_diagnostics: bool = ...) -> None: ...
    def check(self, agents: Agents, url: Text, /) -> Verdict: ...
    def usage(self, agent: Agents, url: Text,
              content_usage: Union[Text, Sequence[Text], None] = ...) -> Usage: ...
    def allowed(self, agents: Agents, url: Text, /) -> bool: ...
    def check_many(self, agents: Agents, urls: Iterable[Text], /) -> list[Verdict]: ...
    def allowed_many(self, agents: Agents, urls: Iterable[Text], /) -> list[bool]: ...
    def query(self, agents: Agents, /) -> Query: ...
    def select_group(self, agents: Agents, /) -> Tuple[Optional[int], bool]: ...
    def crawl_delay(self, agents: Agents, /) -> Optional[float]: ...
    @property
    def profile(self) -> str: ...
    @property
    def body(self) -> bytes: ...
    @property
    def parse_limit(self) -> int: ...
    @property
    def memory_cap(self) -> int: ...
    @property
    def parsed_bytes(self) -> int: ...
    @property
    def input_bytes(self) -> int: ...
    @property
    def memory_used(self) -> int: ...
    @property
    def truncated(self) -> bool: ...
    @property
    def cut(self) -> Optional[Cut]: ...
    @property
    def groups(self) -> Tuple[Group, ...]: ...
    @property
    def sitemaps(self) -> Tuple[Record, ...]: ...
    @property
    def extensions(self) -> Tuple[Record, ...]: ...
    @property
    def crawl_delays(self) -> Tuple[CrawlDelay, ...]: ...
    @property
    def diagnostics(self) -> Tuple[Diagnostic, ...]: ...
    @property
    def diagnostic_total(self) -> int: ...


class Query:
    def __init__(self, document: Document, agents: Agents) -> None: ...
    def check(self, url: Text, /) -> Verdict: ...
    def allowed(self, url: Text, /) -> bool: ...
    def check_many(self, urls: Iterable[Text], /) -> list[Verdict]: ...
    def allowed_many(self, urls: Iterable[Text], /) -> list[bool]: ...
    @property
    def document(self) -> Document: ...
    @property
    def agents(self) -> Agents: ...


class URLParts(NamedTuple):
    scheme: str
    host: str
    host_kind: Literal["name", "ipv4", "ipv6"]
    port: int
    port_given: bool
    default_port: bool
    had_userinfo: bool
    host_converted: bool
    path_offset: int


class Scope(NamedTuple):
    applies: bool
    reason: str


class FetchDecision(NamedTuple):
    action: str
    basis: str
    retry: bool
    long_unreachable: bool


class CacheLifetime(NamedTuple):
    seconds: int
    source: str
    capped: bool
    malformed: Tuple[str, ...]


class MetaItem(NamedTuple):
    directive: str
    source: str
    value: int
    malformed: bool
    text: str


class MetaResult(NamedTuple):
    restrictions: Tuple[str, ...]
    conflicts: Tuple[str, ...]
    seen: Tuple[str, ...]
    duplicates: int
    max_snippet: Optional[int]
    max_image_preview: Optional[str]
    max_video_preview: Optional[int]
    unavailable_after: Optional[int]
    unavailable_after_text: Optional[str]
    items: Tuple[MetaItem, ...]
    directives_total: int
    unknown: int
    malformed: int
    tags_applied: int
    tags_other_agent: int
    description: Optional[str]
    keywords: Optional[str]
    revisit_after: Optional[str]
    truncated: bool
    bytes_scanned: int
    head_ended: bool
    scan_cut: bool


def parse(body: Union[bytes, str, bytearray, memoryview],
          profile: ProfileName = ..., parse_limit: int = ...,
          memory_cap: int = ...,
          content_usage_ends_group: bool = ...,
          skip_diagnostics: bool = ...) -> Document: ...
def usage_field(lines: Union[Text, Sequence[Text]], /) -> UsageField: ...
def robots_url(url: Text, /) -> str: ...
def parse_url(url: Text, /) -> URLParts: ...
def scope(robots_url: Text, url: Text, /) -> Scope: ...
def fetch_policy(status: Optional[int] = ..., *, redirects: int = ...,
                 network_error: Optional[str] = ...,
                 unreachable_seconds: int = ..., has_cached_copy: bool = ...,
                 profile: ProfileName = ...,
                 no_location: bool = ...) -> FetchDecision: ...
def cache_lifetime(headers: Headers, profile: ProfileName = ...) -> CacheLifetime: ...
def cache_lifetime_block(block: Text, profile: ProfileName = ...) -> CacheLifetime: ...
def http_date(text: Text, /) -> int: ...
def match_path(pattern: Text, path: Text, profile: ProfileName = ...) -> bool: ...
def url_to_path(url: Text, profile: ProfileName = ...) -> str: ...
def host_to_ascii(host: Text, /) -> str: ...
def meta_tags(html: Text, agent: Optional[Text] = ...) -> MetaResult: ...
def x_robots_tag(values: Union[Text, Iterable[Text]],
                 agent: Optional[Text] = ...) -> MetaResult: ...
def diagnostic_kinds() -> Tuple[DiagnosticKind, ...]: ...
