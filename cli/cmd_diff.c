/* SPDX-License-Identifier: MIT */
/*
 * cmd_diff.c - `robots diff`: what changes between two versions of a
 * robots.txt, per agent. With a URL list: the URLs whose verdict changes,
 * with the deciding rule on each side. Without one: the rules added and
 * removed for each agent, and the paths whose verdict they flip among
 * paths formed from both files' patterns.
 */
#include "site.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char diff_usage[] =
    "usage: robots diff [--profile rfc9309|google|legacy] [--agent NAME]...\n"
    "                   [--json] [--parse-limit BYTES] OLD NEW [URLS_FILE|-]\n"
    "\n"
    "Compares two versions of a robots.txt, agent by agent.\n"
    "\n"
    "With URLS_FILE (one URL or path a line; '#' comments and blank lines\n"
    "are skipped; '-' for stdin): prints each URL whose verdict changes,\n"
    "with the rule that decided in OLD and in NEW.\n"
    "\n"
    "Without it: prints the rules added and removed for each agent, and the\n"
    "paths whose verdict changes among paths formed from both files'\n"
    "patterns (each pattern with its wildcards '*' read as 'x' and its end\n"
    "anchor '$' dropped, as the profile reads them, and the same path\n"
    "extended by 'x').\n"
    "\n"
    "  --agent NAME  an agent to compare; repeat for several (each is\n"
    "                compared on its own); default: '*' and every agent\n"
    "                named in either file\n"
    "  --profile P   rfc9309 (default), google or legacy\n"
    "  --json        one JSON object\n"
    "  --parse-limit BYTES\n"
    "                bytes of OLD and NEW parsed (default 512000; 0 all, up\n"
    "                to 1 GiB each, in about 9 times their size of memory);\n"
    "                a warning on stderr says when it cut a file\n"
    "\n"
    "Exit status: 0 nothing changes, 1 something changes (a verdict, or\n"
    "without URLS_FILE also a rule), 2 usage or input error, or the work\n"
    "limit cut the comparison short before any change was found.\n";

/* Most agents compared. */
#define DIFF_MAX_AGENTS ((size_t)10000)
/* Work diff may do, in steps of about one agent line, group or rule
 * visited: a check visits the agent lines and groups of a document to
 * choose the groups, and listing an agent's rules visits and sorts them.
 * Past it fewer paths (without a URL list) or fewer agents (with one) are
 * compared, and a line on stderr says so; about a second of work. */
#define DIFF_MAX_WORK ((uint64_t)300000000)

typedef struct diff_run {
    const char *old_path;
    const char *new_path;
    robots_profile profile;
    const robots_txt *old_doc;
    const robots_txt *new_doc;
    int json;
    int agent_open; /* an agent's output has started */
    json_out j;     /* with --json */
    size_t changes; /* verdicts that differ */
    size_t added;   /* rules added, over all agents */
    size_t removed; /* rules removed */
    robots_str agent;
} diff_run;

/* ---- agents ------------------------------------------------------------- */

typedef struct agent_list {
    robots_str *items;
    size_t count;
    size_t cap;
} agent_list;

/* Appends a name; duplicates are removed once, by unique_agents(), so that
 * collecting the agents of two files costs O(n log n), not a scan of the
 * list for every agent line. */
static int add_agent(agent_list *list, const char *s, size_t len) {
    if (len == 0 || len > ROBOTS_MAX_AGENT_BYTES)
        return 1;
    if (list->count == list->cap) {
        size_t next = list->cap ? list->cap * 2 : 16;
        robots_str *grown = realloc(list->items, next * sizeof *grown);
        if (grown == NULL)
            return 0;
        list->items = grown;
        list->cap = next;
    }
    list->items[list->count].ptr = s;
    list->items[list->count].len = len;
    list->count++;
    return 1;
}

/* A name's key, the bytes a check compares of it (robots_agent_key()):
 * names with the same key select the same groups, so each key is compared
 * once. */
typedef struct agent_slot {
    robots_str key;
    size_t pos;
} agent_slot;

static int compare_keys(const agent_slot *a, const agent_slot *b) {
    size_t n = a->key.len < b->key.len ? a->key.len : b->key.len;
    int c = n ? memcmp(a->key.ptr, b->key.ptr, n) : 0;
    if (c != 0)
        return c;
    return a->key.len < b->key.len ? -1 : a->key.len > b->key.len;
}

static int compare_slots(const void *pa, const void *pb) {
    const agent_slot *a = pa, *b = pb;
    int c = compare_keys(a, b);
    if (c != 0)
        return c;
    return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* Keeps the first name of each key, in the order given, and at most
 * DIFF_MAX_AGENTS of them. */
static int unique_agents(agent_list *list, robots_profile profile) {
    size_t n = list->count, bytes = 1;
    if (n == 0)
        return 1;
    for (size_t i = 0; i < n; i++)
        bytes += list->items[i].len; /* a key is at most its name */
    agent_slot *slots = malloc(n * sizeof *slots);
    unsigned char *keep = calloc(n, 1);
    char *keys = malloc(bytes);
    int ok = slots != NULL && keep != NULL && keys != NULL;
    for (size_t i = 0, at = 0; ok && i < n; i++) {
        size_t len = 0;
        robots_agent_key(profile, list->items[i].ptr, list->items[i].len,
                         keys + at, bytes - at, &len);
        slots[i].key.ptr = keys + at;
        slots[i].key.len = len;
        slots[i].pos = i;
        at += len;
    }
    if (ok) {
        qsort(slots, n, sizeof *slots, compare_slots);
        for (size_t i = 0; i < n; i++)
            if (i == 0 || compare_keys(&slots[i - 1], &slots[i]) != 0)
                keep[slots[i].pos] = 1;
        size_t m = 0;
        for (size_t i = 0; i < n && m < DIFF_MAX_AGENTS; i++)
            if (keep[i])
                list->items[m++] = list->items[i];
        list->count = m;
    }
    free(slots);
    free(keep);
    free(keys);
    return ok;
}

/* '*' and every agent a file names: its token (rfc9309, google) or its
 * value (legacy). */
static int agents_of(agent_list *list, const robots_txt *doc) {
    for (size_t g = 0; g < robots_group_count(doc); g++) {
        robots_group_info info;
        robots_group(doc, g, &info);
        for (size_t a = 0; a < info.agent_count; a++) {
            robots_agent_info agent;
            robots_group_agent(doc, g, a, &agent);
            if (!agent.is_wildcard &&
                !add_agent(list, agent.token, agent.token_len))
                return 0;
        }
    }
    return 1;
}

/* ---- the rules an agent obeys ------------------------------------------- */

/* The groups whose rules apply to `agent`, as a check chooses them
 * (robots_select_groups()); `out` has room for every group. Returns the
 * count written. */
static size_t groups_for(const robots_txt *doc, const robots_str *agent,
                         size_t *out) {
    size_t n = 0;
    int specific;
    if (robots_select_groups(doc, agent, 1, out, robots_group_count(doc), &n,
                             &specific) != ROBOTS_OK)
        return 0;
    return n;
}

typedef struct rule_entry {
    robots_rule_info info;
    const char *normalized; /* info.normalized_len bytes, after the array */
    int matched;
} rule_entry;

static int compare_rules(const void *pa, const void *pb) {
    const rule_entry *a = pa, *b = pb;
    if (a->info.kind != b->info.kind)
        return a->info.kind < b->info.kind ? -1 : 1;
    size_t n = a->info.normalized_len < b->info.normalized_len
                   ? a->info.normalized_len
                   : b->info.normalized_len;
    int c = n != 0 ? memcmp(a->normalized, b->normalized, n) : 0;
    if (c != 0)
        return c;
    if (a->info.normalized_len != b->info.normalized_len)
        return a->info.normalized_len < b->info.normalized_len ? -1 : 1;
    return a->info.line < b->info.line ? -1 : a->info.line > b->info.line;
}

static int compare_lines(const void *pa, const void *pb) {
    const rule_entry *a = pa, *b = pb;
    return a->info.line < b->info.line ? -1 : a->info.line > b->info.line;
}

/* The rules `agent` obeys in doc, sorted by kind and pattern. */
static rule_entry *rules_for(const robots_txt *doc, const robots_str *agent,
                             size_t *groups, size_t *count) {
    size_t ng = groups_for(doc, agent, groups);
    size_t total = 0;
    for (size_t i = 0; i < ng; i++) {
        robots_group_info info;
        robots_group(doc, groups[i], &info);
        total += info.rule_count;
    }
    /* Their normal forms, compared here, go after the array, in the same
     * block: the library keeps only the patterns as written. */
    size_t bytes = 0;
    for (size_t i = 0; i < ng; i++) {
        robots_group_info info;
        robots_group(doc, groups[i], &info);
        for (size_t r = 0; r < info.rule_count; r++) {
            robots_rule_info ri;
            robots_group_rule(doc, groups[i], r, &ri);
            bytes += ri.normalized_len;
        }
    }
    if (total > (SIZE_MAX - bytes) / sizeof(rule_entry) - 1)
        return NULL;
    /* Each normal form is written with a NUL, which the next overwrites:
     * one byte more than their lengths. */
    rule_entry *rules = malloc((total + 1) * sizeof *rules + bytes + 1);
    if (rules == NULL)
        return NULL;
    char *text = (char *)(rules + total + 1);
    size_t n = 0, at = 0;
    for (size_t i = 0; i < ng; i++) {
        robots_group_info info;
        robots_group(doc, groups[i], &info);
        for (size_t r = 0; r < info.rule_count; r++) {
            size_t len = 0;
            robots_group_rule(doc, groups[i], r, &rules[n].info);
            robots_group_rule_normalized(doc, groups[i], r, text + at,
                                         bytes + 1 - at, &len);
            rules[n].normalized = text + at;
            rules[n].matched = 0;
            at += len;
            n++;
        }
    }
    qsort(rules, n, sizeof *rules, compare_rules);
    *count = n;
    return rules;
}

/* ---- output ------------------------------------------------------------- */

static void open_agent(diff_run *run) {
    if (run->agent_open)
        return;
    run->agent_open = 1;
    if (run->json) {
        json_out_object(&run->j);
        json_out_key(&run->j, "agent");
        json_out_string(&run->j, run->agent.ptr, run->agent.len);
        json_out_key(&run->j, "items");
        json_out_array(&run->j);
    } else {
        fputs("agent '", stdout);
        cli_print_escaped(stdout, run->agent.ptr, run->agent.len);
        fputs("':\n", stdout);
    }
}

static void close_agent(diff_run *run) {
    if (run->agent_open && run->json) {
        json_out_end(&run->j);
        json_out_end(&run->j);
    }
    run->agent_open = 0;
}

static void print_rule(diff_run *run, const char *change,
                       const robots_rule_info *r) {
    open_agent(run);
    if (run->json) {
        json_out *j = &run->j;
        json_out_object(j);
        json_out_key(j, "change");
        json_out_cstring(j, change);
        json_out_key(j, "line");
        json_out_size(j, r->line);
        json_out_key(j, "kind");
        json_out_cstring(j, robots_rule_kind_name(r->kind));
        json_out_key(j, "pattern");
        json_out_string(j, r->pattern, r->pattern_len);
        json_out_end(j);
        return;
    }
    const char *path = change[0] == 'a' ? run->new_path : run->old_path;
    printf("  %s ", change[0] == 'a' ? "+" : "-");
    cli_print_escaped(stdout, path, strlen(path));
    printf(":%zu: %s: ", r->line,
           r->kind == ROBOTS_RULE_ALLOW ? "Allow" : "Disallow");
    cli_print_escaped(stdout, r->pattern, r->pattern_len);
    putchar('\n');
}

static void print_change(diff_run *run, const char *url, size_t len,
                         const robots_verdict *was, const robots_verdict *now) {
    open_agent(run);
    run->changes++;
    if (run->json) {
        json_out *j = &run->j;
        json_out_object(j);
        json_out_key(j, "change");
        json_out_cstring(j, "verdict");
        json_out_key(j, "url");
        json_out_string(j, url, len);
        json_out_key(j, "old");
        site_json_verdict(j, was);
        json_out_key(j, "new");
        site_json_verdict(j, now);
        json_out_end(j);
        return;
    }
    char a[256], b[256];
    fputs("  ", stdout);
    cli_print_escaped(stdout, url, len);
    printf(": %s -> %s (old: %s; new: %s)\n",
           was->allowed ? "allowed" : "disallowed",
           now->allowed ? "allowed" : "disallowed",
           site_describe(a, sizeof a, was), site_describe(b, sizeof b, now));
}

/* Compares one URL for the current agent; 0 when it cannot be checked. */
static int compare_url(diff_run *run, const char *url, size_t len) {
    robots_verdict was, now;
    if (robots_check(run->old_doc, &run->agent, 1, url, len, &was) !=
            ROBOTS_OK ||
        robots_check(run->new_doc, &run->agent, 1, url, len, &now) != ROBOTS_OK)
        return 0;
    if (was.allowed != now.allowed)
        print_change(run, url, len, &was, &now);
    return 1;
}

/* ---- with a URL list ---------------------------------------------------- */

/* The next URL of a URL list: trimmed, blank lines and '#' comments
 * skipped. */
static int next_url(site_lines *it, const char **url, size_t *len) {
    const char *line;
    size_t n;
    while (site_lines_next(it, &line, &n)) {
        while (n > 0 && (line[0] == ' ' || line[0] == '\t')) {
            line++;
            n--;
        }
        while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
            n--;
        if (n > 0 && line[0] != '#') {
            *url = line;
            *len = n;
            return 1;
        }
    }
    return 0;
}

/* Reads a URL list and checks that every URL can be checked, naming the
 * line of the first that cannot. The URLs are read again from the text
 * for each agent, so that nothing per line is kept. */
static int read_urls(const char *path, const robots_txt *doc, cli_buffer *text,
                     size_t *count) {
    if (!cli_read_file(path, SITE_MAX_LIST_BYTES, text))
        return 0;
    site_lines it;
    const char *url;
    size_t len, n = 0;
    robots_str any = {"*", 1};
    site_lines_init(&it, text->data, text->len);
    while (next_url(&it, &url, &len)) {
        robots_verdict v;
        robots_status status = robots_check(doc, &any, 1, url, len, &v);
        if (status != ROBOTS_OK) {
            char q[80];
            cli_error("%s:%zu: URL '%s': %s", path, it.line_no,
                      site_quote(q, sizeof q, url, len),
                      robots_status_message(status));
            return 0;
        }
        n++;
    }
    *count = n;
    return 1;
}

/* ---- without a URL list: paths from the patterns ------------------------ */

typedef struct path_set {
    char *bytes;
    size_t used;
    size_t cap;
    robots_str *items;
    size_t count;
    size_t item_cap;
} path_set;

/* Appends one path: rule `index`'s example path (robots_rule_example_path(),
 * its wildcards as 'x'), then `suffix`. */
static int add_path(path_set *set, const robots_txt *doc, size_t index,
                    const char *suffix) {
    size_t slen = strlen(suffix), n = 0;
    if (set->count == set->item_cap || set->used + slen >= set->cap)
        return 0;
    char *p = set->bytes + set->used;
    if (robots_rule_example_path(doc, index, "x", 1, p,
                                 set->cap - set->used - slen, &n) != ROBOTS_OK)
        return 0;
    memcpy(p + n, suffix, slen);
    n += slen;
    set->items[set->count].ptr = p;
    set->items[set->count].len = n;
    set->count++;
    set->used += n;
    return 1;
}

static int compare_str(const void *pa, const void *pb) {
    const robots_str *a = pa, *b = pb;
    size_t n = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->ptr, b->ptr, n);
    if (c != 0)
        return c;
    return a->len < b->len ? -1 : a->len > b->len;
}

/* Adds the paths formed from every rule of doc to set; with set NULL,
 * only counts what they need (2 paths of at most pattern_len + 3 bytes
 * each, a NUL written after each). */
static void add_paths(path_set *set, const robots_txt *doc, size_t *items,
                      size_t *bytes) {
    for (size_t r = 0; r < robots_rule_count(doc); r++) {
        robots_rule_info rule;
        robots_rule(doc, r, &rule);
        if (set == NULL) {
            *items += 2;
            *bytes += 2 * (rule.pattern_len + 3);
            continue;
        }
        if (rule.pattern_len == 0)
            continue;
        add_path(set, doc, r, "");
        add_path(set, doc, r, "x");
    }
}

static int build_paths(path_set *set, const diff_run *run) {
    size_t items = 1, bytes = 2;
    add_paths(NULL, run->old_doc, &items, &bytes);
    add_paths(NULL, run->new_doc, &items, &bytes);
    set->bytes = malloc(bytes);
    set->items = malloc(items * sizeof *set->items);
    if (set->bytes == NULL || set->items == NULL)
        return 0;
    set->cap = bytes;
    set->item_cap = items;
    set->bytes[0] = '/'; /* the root, always tried */
    set->items[0].ptr = set->bytes;
    set->items[0].len = 1;
    set->count = set->used = 1;
    add_paths(set, run->old_doc, &items, &bytes);
    add_paths(set, run->new_doc, &items, &bytes);
    qsort(set->items, set->count, sizeof *set->items, compare_str);
    size_t n = 0;
    for (size_t i = 0; i < set->count; i++)
        if (n == 0 || compare_str(&set->items[n - 1], &set->items[i]) != 0)
            set->items[n++] = set->items[i];
    set->count = n;
    return 1;
}

/* Rules added and removed for the current agent. */
static int diff_rules(diff_run *run, size_t *groups) {
    size_t n_old = 0, n_new = 0;
    rule_entry *old_rules =
        rules_for(run->old_doc, &run->agent, groups, &n_old);
    rule_entry *new_rules =
        rules_for(run->new_doc, &run->agent, groups, &n_new);
    if (old_rules == NULL || new_rules == NULL) {
        free(old_rules);
        free(new_rules);
        return 0;
    }
    size_t i = 0, j = 0;
    while (i < n_old && j < n_new) {
        rule_entry a = old_rules[i], b = new_rules[j];
        a.info.line = b.info.line = 0;
        int c = compare_rules(&a, &b);
        if (c == 0) {
            old_rules[i++].matched = 1;
            new_rules[j++].matched = 1;
        } else if (c < 0) {
            i++;
        } else {
            j++;
        }
    }
    qsort(old_rules, n_old, sizeof *old_rules, compare_lines);
    qsort(new_rules, n_new, sizeof *new_rules, compare_lines);
    for (i = 0; i < n_old; i++)
        if (!old_rules[i].matched) {
            print_rule(run, "removed", &old_rules[i].info);
            run->removed++;
        }
    for (j = 0; j < n_new; j++)
        if (!new_rules[j].matched) {
            print_rule(run, "added", &new_rules[j].info);
            run->added++;
        }
    free(old_rules);
    free(new_rules);
    return 1;
}

/* ---- the command -------------------------------------------------------- */

/* 1 when the profile reads a wildcard in the rule: the library's example
 * path of the rule grows with the string each wildcard is read as
 * (robots_rule_example_path()), so that diff never reads a pattern's '*'
 * itself. Only the lengths are asked for (a NULL buffer of 0 bytes). */
static int rule_has_wildcard(const robots_txt *doc, size_t index) {
    size_t bare = 0, filled = 0;
    robots_rule_example_path(doc, index, NULL, 0, NULL, 0, &bare);
    robots_rule_example_path(doc, index, "x", 1, NULL, 0, &filled);
    return filled > bare;
}

/* Adds a document's agent lines and groups to *lines, its rules to
 * *rules, the bytes of its user-agent values to *agent_bytes, and to
 * *scan_bytes the normal-form bytes of the rules a check may read whole:
 * in rfc9309 and google those the profile reads a wildcard in (matched
 * together in one pass over their segments); in legacy every rule (a
 * check reads the record's rules in file order, the sum of their pattern
 * lengths). */
static void doc_size(const robots_txt *doc, robots_profile profile,
                     uint64_t *lines, uint64_t *rules, uint64_t *agent_bytes,
                     uint64_t *scan_bytes) {
    size_t groups = robots_group_count(doc);
    *lines += groups;
    for (size_t g = 0; g < groups; g++) {
        robots_group_info info;
        robots_group(doc, g, &info);
        *lines += info.agent_count;
        *rules += info.rule_count;
        for (size_t r = 0; r < info.rule_count; r++) {
            robots_rule_info rule;
            robots_group_rule(doc, g, r, &rule);
            if (profile == ROBOTS_PROFILE_LEGACY ||
                rule_has_wildcard(doc, rule.index))
                *scan_bytes += rule.normalized_len;
        }
        for (size_t a = 0; a < info.agent_count; a++) {
            robots_agent_info agent;
            robots_group_agent(doc, g, a, &agent);
            *agent_bytes += agent.value_len;
        }
    }
}

/* Fits the agents and the URLs or paths compared for each into
 * DIFF_MAX_WORK; returns 1 when it had to cut. */
static int plan_work(const diff_run *run, int urls, const agent_list *list,
                     size_t *agents, size_t *items) {
    uint64_t lines = 0, rules = 0, agent_bytes = 0, longest = 0, wild = 0;
    doc_size(run->old_doc, run->profile, &lines, &rules, &agent_bytes, &wild);
    doc_size(run->new_doc, run->profile, &lines, &rules, &agent_bytes, &wild);
    for (size_t k = 0; k < list->count; k++)
        if (list->items[k].len > longest)
            longest = list->items[k].len;
    /* A check scans the agent lines and groups (cheap steps) and reads
     * the indexed rules; listing the rules visits and sorts them all, and
     * choosing an agent's groups reads every agent line through the
     * accessors, which costs about eight cheap steps a line (measured:
     * 10,000 agents of one line each took seven seconds at weight 1). */
    uint64_t per_check = 1 + lines / 8 + rules / 64;
    /* A path that many wildcard rules may match is matched against them
     * all in one pass over their segments (robots_check(): O(P + S +
     * path_len * D) for P pattern bytes), so each check can cost about
     * the bytes of the wildcard rules' normal forms: 26,000 rules of the
     * shape "disallow: /" "*N$*" took 25 s at rules / 64 (issue 29).
     * legacy reads each rule of the record in turn: its bytes count the
     * same way. */
    per_check += wild / 2;
    /* legacy looks for each record's agent inside the caller's name: up
     * to (value length * name length) byte comparisons per agent line,
     * and the names compared here are the files' own values. */
    if (run->profile == ROBOTS_PROFILE_LEGACY)
        per_check += agent_bytes * longest / 8;
    uint64_t per_agent = 1 + 8 * lines + 4 * rules;
    per_agent += per_check; /* choosing the groups is one check's work */
    uint64_t per_item = 2 * per_check;
    uint64_t a = *agents, n = *items;
    if (a * (per_agent + n * per_item) <= DIFF_MAX_WORK)
        return 0;
    if (urls) { /* every URL asked for, for fewer agents */
        a = DIFF_MAX_WORK / (per_agent + n * per_item);
    } else { /* every agent, for fewer paths */
        uint64_t max_a = DIFF_MAX_WORK / (per_agent + per_item);
        if (a > max_a)
            a = max_a;
        if (a == 0)
            a = 1;
        n = (DIFF_MAX_WORK / a -
             (per_agent < DIFF_MAX_WORK / a ? per_agent : DIFF_MAX_WORK / a)) /
            per_item;
    }
    if (n > *items)
        n = *items;
    *agents = a ? (size_t)a : 1;
    *items = n ? (size_t)n : 1;
    return 1;
}

int cli_cmd_diff(int argc, char **argv) {
    robots_options options;
    robots_options_init(&options);
    agent_list agents = {NULL, 0, 0};
    diff_run run;
    memset(&run, 0, sizeof run);
    int i = 1, given_agents = 0, rc = EXIT_USAGE;
    for (; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        int r;
        if (strcmp(arg, "--json") == 0) {
            run.json = 1;
        } else if ((r = cli_option_value(argc, argv, &i, "--agent", &value))) {
            size_t len = r > 0 ? strlen(value) : 0;
            if (r < 0 || len == 0 || len > ROBOTS_MAX_AGENT_BYTES) {
                if (r > 0)
                    cli_error("--agent: a name of 1 to %zu bytes",
                              (size_t)ROBOTS_MAX_AGENT_BYTES);
                free(agents.items);
                return EXIT_USAGE;
            }
            if (!add_agent(&agents, value, len)) {
                free(agents.items);
                return cli_error("out of memory");
            }
            given_agents = 1;
        } else {
            enum cli_opt s = cli_command_option(argc, argv, &i, "diff",
                                                diff_usage, &options, &rc);
            if (s == CLI_OPT_EXIT) {
                free(agents.items);
                return rc;
            }
            if (s == CLI_OPT_ARGS)
                break;
        }
    }
    int files = argc - i;
    if (files < 2 || files > 3) {
        free(agents.items);
        return cli_error("diff: expected OLD NEW [URLS_FILE] (see robots "
                         "diff --help)");
    }
    int stdin_uses = 0;
    for (int k = i; k < argc; k++)
        stdin_uses += strcmp(argv[k], "-") == 0;
    if (stdin_uses > 1) {
        free(agents.items);
        return cli_error("diff: only one of OLD, NEW and URLS_FILE can be "
                         "'-' (stdin)");
    }
    run.old_path = argv[i];
    run.new_path = argv[i + 1];
    run.profile = options.profile;
    robots_txt *old_doc = NULL, *new_doc = NULL;
    cli_buffer url_text = {NULL, 0};
    size_t url_count = 0;
    path_set paths;
    memset(&paths, 0, sizeof paths);
    size_t *groups = NULL;
    int truncated = 0;
    robots_cut_info old_cut, new_cut;
    if (!site_load(run.old_path, &options, &old_doc, NULL, &old_cut) ||
        !site_load(run.new_path, &options, &new_doc, NULL, &new_cut))
        goto done;
    run.old_doc = old_doc;
    run.new_doc = new_doc;
    cli_warn_cut(run.old_path, &old_cut);
    cli_warn_cut(run.new_path, &new_cut);
    if (files == 3 && !read_urls(argv[i + 2], old_doc, &url_text, &url_count))
        goto done;
    if ((!given_agents &&
         (!add_agent(&agents, "*", 1) || !agents_of(&agents, old_doc) ||
          !agents_of(&agents, new_doc))) ||
        !unique_agents(&agents, options.profile)) {
        cli_error("out of memory");
        goto done;
    }
    size_t max_groups = robots_group_count(old_doc);
    if (robots_group_count(new_doc) > max_groups)
        max_groups = robots_group_count(new_doc);
    groups = malloc((max_groups ? max_groups : 1) * sizeof *groups);
    if (groups == NULL || (files == 2 && !build_paths(&paths, &run))) {
        cli_error("out of memory");
        goto done;
    }
    size_t agent_count = agents.count;
    size_t item_count = files == 3 ? url_count : paths.count;
    truncated = plan_work(&run, files == 3, &agents, &agent_count, &item_count);
    if (truncated && files == 3)
        fprintf(stderr,
                "robots: diff: %zu URLs for %zu agents is over the work "
                "limit; comparing the first %zu agents only\n",
                url_count, agents.count, agent_count);
    else if (truncated)
        fprintf(stderr,
                "robots: diff: %zu paths for %zu agents is over the work "
                "limit; trying %zu paths for the first %zu agents only\n",
                paths.count, agents.count, item_count, agent_count);
    if (run.json) {
        json_out *j = &run.j;
        json_out_init(j, stdout);
        json_out_object(j);
        json_out_key(j, "old");
        json_out_cstring(j, run.old_path);
        json_out_key(j, "new");
        json_out_cstring(j, run.new_path);
        json_out_key(j, "profile");
        json_out_cstring(j, robots_profile_name(run.profile));
        json_out_key(j, "mode");
        json_out_cstring(j, files == 3 ? "urls" : "patterns");
        json_out_key(j, "agents");
        json_out_array(j);
    }
    for (size_t a = 0; a < agent_count; a++) {
        run.agent = agents.items[a];
        if (files == 3) {
            site_lines it;
            const char *url;
            size_t len;
            site_lines_init(&it, url_text.data, url_text.len);
            while (next_url(&it, &url, &len))
                compare_url(&run, url, len);
        } else {
            if (!diff_rules(&run, groups)) {
                /* What was written stays valid JSON: every level
                 * open is closed. */
                if (run.json) {
                    json_out_finish(&run.j);
                    putchar('\n');
                }
                cli_error("out of memory");
                goto done;
            }
            for (size_t p = 0; p < item_count; p++)
                compare_url(&run, paths.items[p].ptr, paths.items[p].len);
        }
        close_agent(&run);
    }
    int changed = run.changes > 0 || run.added > 0 || run.removed > 0;
    if (run.json) {
        json_out *j = &run.j;
        json_out_end(j); /* agents */
        json_out_key(j, "changes");
        json_out_size(j, run.changes);
        json_out_key(j, "rules_added");
        json_out_size(j, run.added);
        json_out_key(j, "rules_removed");
        json_out_size(j, run.removed);
        json_out_key(j, "changed");
        json_out_bool(j, changed);
        json_out_key(j, "truncated");
        json_out_bool(j, truncated);
        json_out_end(j);
        putchar('\n');
    } else {
        if (!changed)
            printf("no changes for %zu agent%s", agent_count,
                   agent_count == 1 ? "" : "s");
        else
            printf("%zu verdict change%s", run.changes,
                   run.changes == 1 ? "" : "s");
        if (changed && files == 2)
            printf(", %zu rule%s added, %zu removed", run.added,
                   run.added == 1 ? "" : "s", run.removed);
        if (truncated)
            fputs(" (work limit reached: not all was compared)", stdout);
        putchar('\n');
    }
    /* A cut comparison that found nothing proves nothing: not 0. */
    rc = changed ? EXIT_DISALLOWED : truncated ? EXIT_USAGE : EXIT_ALLOWED;
done:
    free(groups);
    free(paths.bytes);
    free(paths.items);
    cli_buffer_free(&url_text);
    free(agents.items);
    robots_free(old_doc);
    robots_free(new_doc);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_error("stdout: write error");
    return rc;
}
