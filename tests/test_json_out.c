/* SPDX-License-Identifier: MIT */
/*
 * test_json_out.c - the command's JSON writer (cli/json_out.h): commas and
 * nesting, a level past JSON_OUT_MAX_DEPTH refused as null with its
 * content dropped, and a double JSON cannot hold (RFC 8259, section 6: no
 * NaN, no infinity) written as null; each refusal reported by
 * json_out_failed(), and the output valid JSON in every case.
 */
#include "json_out.h"
#include "testing.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* What the writer wrote into a temporary file, NUL-terminated. */
static size_t written(FILE *f, char *out, size_t cap) {
    fflush(f);
    rewind(f);
    size_t n = fread(out, 1, cap - 1, f);
    out[n] = '\0';
    return n;
}

static void commas_and_nesting(void) {
    FILE *f = tmpfile();
    char got[256];
    json_out j;
    json_out_init(&j, f);
    json_out_object(&j);
    json_out_field_size(&j, "a", 1);
    json_out_key(&j, "b");
    json_out_array(&j);
    json_out_bool(&j, 1);
    json_out_null(&j);
    json_out_double(&j, 0.5);
    json_out_end(&j);
    json_out_field_string(&j, "c", "x\"", 2);
    json_out_end(&j);
    written(f, got, sizeof got);
    EXPECT_MSG(strcmp(got, "{\"a\":1,\"b\":[true,null,0.5],\"c\":\"x\\\"\"}") ==
                   0,
               "%s", got);
    EXPECT(!json_out_failed(&j));
    fclose(f);
}

/* JSON_OUT_MAX_DEPTH levels are written; the one past them is null, and
 * what it held (values, keys, deeper levels) is not written. */
static void depth_past_the_limit(void) {
    FILE *f = tmpfile();
    char got[512], want[512];
    json_out j;
    json_out_init(&j, f);
    for (size_t i = 0; i < JSON_OUT_MAX_DEPTH; i++)
        json_out_array(&j);
    EXPECT(!json_out_failed(&j));
    json_out_size(&j, 7);
    json_out_object(&j); /* level 17: refused */
    EXPECT(json_out_failed(&j));
    json_out_field_size(&j, "dropped", 1);
    json_out_array(&j); /* inside the refused level: dropped too */
    json_out_size(&j, 2);
    json_out_end(&j);
    json_out_end(&j); /* closes the refused level: nothing written */
    json_out_size(&j, 8);
    for (size_t i = 0; i < JSON_OUT_MAX_DEPTH; i++)
        json_out_end(&j);
    written(f, got, sizeof got);
    size_t n = 0;
    for (size_t i = 0; i < JSON_OUT_MAX_DEPTH; i++)
        want[n++] = '[';
    memcpy(want + n, "7,null,8", 8);
    n += 8;
    for (size_t i = 0; i < JSON_OUT_MAX_DEPTH; i++)
        want[n++] = ']';
    want[n] = '\0';
    EXPECT_MSG(strcmp(got, want) == 0, "%s", got);
    fclose(f);
}

/* json_out_finish() after a refusal still closes every level written. */
static void finish_after_a_refusal(void) {
    FILE *f = tmpfile();
    char got[512];
    json_out j;
    json_out_init(&j, f);
    for (size_t i = 0; i <= JSON_OUT_MAX_DEPTH + 2; i++) {
        json_out_object(&j);
        json_out_key(&j, "k");
    }
    json_out_null(&j);
    json_out_finish(&j);
    size_t n = written(f, got, sizeof got);
    size_t open = 0, close = 0;
    for (size_t i = 0; i < n; i++) {
        open += got[i] == '{';
        close += got[i] == '}';
    }
    EXPECT_EQ(open, JSON_OUT_MAX_DEPTH);
    EXPECT_EQ(close, JSON_OUT_MAX_DEPTH);
    EXPECT(strstr(got, "\"k\":null}") != NULL);
    EXPECT(json_out_failed(&j));
    fclose(f);
}

static void doubles_json_cannot_hold(void) {
    FILE *f = tmpfile();
    char got[256];
    json_out j;
    json_out_init(&j, f);
    json_out_array(&j);
    json_out_double(&j, 1.5);
    EXPECT(!json_out_failed(&j));
    json_out_double(&j, (double)NAN);
    EXPECT(json_out_failed(&j));
    json_out_double(&j, (double)INFINITY);
    json_out_double(&j, -(double)INFINITY);
    json_out_end(&j);
    written(f, got, sizeof got);
    EXPECT_MSG(strcmp(got, "[1.5,null,null,null]") == 0, "%s", got);
    fclose(f);
}

int main(void) {
    commas_and_nesting();
    depth_past_the_limit();
    finish_after_a_refusal();
    doubles_json_cannot_hold();
    return testing_finish();
}
