/* SPDX-License-Identifier: MIT */
/*
 * usage_api.c - the public face of the vocabulary and of the statements
 * outside robots.txt (robots_usage.h): the labels and the names of the
 * enums, the HTTP Content-Usage field (read with the statement reader of
 * usage_statement.c, combined with a file's answer as vocab-08 5.1 says),
 * the unknown labels of a Content-Usage line, and Content-Signal's mapping
 * to the vocabulary (content_signal.c). The query is usage_query.c.
 */
#include "ascii.h"
#include "document.h"
#include "http_field.h"
#include "memory.h"
#include "records.h"
#include "robots_usage.h"
#include "usage_internal.h"

#include <string.h>

const char *robots_usage_value_name(robots_usage_value value) {
    return rb_usage_value_name((rb_usage_value)value);
}

const char *robots_signal_name(robots_signal signal) {
    return rb_signal_name((rb_signal)signal);
}

const char *robots_signal_usage_label(robots_signal signal) {
    return rb_signal_usage_label((rb_signal)signal);
}

size_t robots_usage_label_count(void) {
    return rb_usage_current_label_count();
}

const char *robots_usage_label(size_t index) {
    return index < rb_usage_current_label_count()
               ? rb_usage_label_at(index)->label
               : NULL;
}

robots_status robots_signal_to_usage(const robots_usage_value *signal,
                                     robots_usage_value *values) {
    rb_content_signal read;
    rb_usage_value mapped[RB_USAGE_MAX_LABELS] = {RB_USAGE_UNKNOWN};
    if (signal == NULL || values == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    memset(&read, 0, sizeof read);
    for (int i = 0; i <= RB_SIGNAL_LAST; i++) {
        if ((int)signal[i] < 0 || signal[i] > ROBOTS_USAGE_VALUE_LAST)
            return ROBOTS_ERR_INVALID_ARGUMENT;
        read.value[i] = (rb_usage_value)signal[i];
    }
    rb_content_signal_to_usage(&read, mapped);
    for (size_t i = 0; i < RB_USAGE_MAX_LABELS; i++)
        values[i] = (robots_usage_value)mapped[i];
    return ROBOTS_OK;
}

robots_status robots_usage_parse_field(const robots_str *lines, size_t count,
                                       const robots_allocator *allocator,
                                       robots_usage_value *values,
                                       int *malformed) {
    rb_mem mem;
    rb_usage_statement statement;
    size_t total = 0, size;
    char *joined;
    if (values == NULL || (lines == NULL && count != 0) ||
        (allocator != NULL &&
         (allocator->alloc == NULL || allocator->free == NULL)))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    for (size_t i = 0; i < count; i++) {
        if (lines[i].ptr == NULL && lines[i].len != 0)
            return ROBOTS_ERR_INVALID_ARGUMENT;
        total += (i != 0 ? 2 : 0) + (lines[i].len <= RB_SF_MAX_FIELD_BYTES
                                         ? lines[i].len
                                         : RB_SF_MAX_FIELD_BYTES + 1);
        if (total > RB_SF_MAX_FIELD_BYTES)
            total = RB_SF_MAX_FIELD_BYTES + 1; /* too long: no Dictionary */
    }
    memset(values, 0, ROBOTS_USAGE_MAX_LABELS * sizeof *values);
    if (malformed != NULL)
        *malformed = 0;
    if (total > RB_SF_MAX_FIELD_BYTES) {
        if (malformed != NULL)
            *malformed = 1;
        return ROBOTS_OK;
    }
    rb_mem_init(&mem, allocator, 0);
    size = total + 1;
    joined = rb_alloc(&mem, size);
    if (joined == NULL)
        return ROBOTS_ERR_NO_MEMORY;
    /* RFC 9651 4.2: the lines of one field, in order, joined with ", ". */
    total = 0;
    for (size_t i = 0; i < count; i++) {
        if (i != 0) {
            memcpy(joined + total, ", ", 2);
            total += 2;
        }
        if (lines[i].len != 0)
            memcpy(joined + total, lines[i].ptr, lines[i].len);
        total += lines[i].len;
    }
    (void)rb_usage_statement_read(joined, total, &statement);
    for (size_t i = 0; i < rb_usage_current_label_count(); i++)
        values[i] = (robots_usage_value)statement.value[i];
    if (malformed != NULL)
        *malformed = statement.error != RB_SF_OK;
    rb_free(&mem, joined, size);
    return ROBOTS_OK;
}

robots_status robots_usage_combine_field(robots_usage_result *result,
                                         const robots_str *lines, size_t count,
                                         const robots_allocator *allocator) {
    robots_usage_value field[ROBOTS_USAGE_MAX_LABELS];
    robots_usage_value file[ROBOTS_USAGE_MAX_LABELS];
    robots_status status;
    if (result == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    status = robots_usage_parse_field(lines, count, allocator, field, NULL);
    if (status != ROBOTS_OK || !result->crawlable)
        return status;
    memcpy(file, result->values, sizeof file);
    rb_usage_combine_values((rb_usage_value *)result->values,
                            (const rb_usage_value *)field);
    /* Who decided each label: a source whose value is the combined one,
     * unless that is unknown (then neither did). */
    for (size_t i = 0; i < result->label_count && i < RB_USAGE_MAX_LABELS;
         i++) {
        size_t bit = (size_t)1 << i;
        if (result->values[i] != ROBOTS_USAGE_UNKNOWN &&
            field[i] == result->values[i])
            result->field_labels |= bit;
        if (file[i] != result->values[i])
            result->file_labels &= ~bit;
    }
    return ROBOTS_OK;
}

robots_status robots_usage_field_line(const char *line, size_t len,
                                      robots_str *value, int *is_field) {
    size_t name_len, b, e;
    if (value != NULL) {
        value->ptr = line;
        value->len = 0;
    }
    if (is_field != NULL)
        *is_field = 0;
    if ((line == NULL && len != 0) || value == NULL || is_field == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (len == 0)
        return ROBOTS_ERR_HEADER_INVALID; /* no name: no field line */
    /* RFC 9110 5.5: a field value is visible bytes, SP and HTAB; a CR,
     * LF or NUL means the line was not one line of a header section, and
     * the other controls are invalid too (read strictly here: they would
     * reach a terminal through whoever prints the value). */
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t') || c == 0x7F)
            return ROBOTS_ERR_HEADER_INVALID;
    }
    if (!rb_http_field_split(line, len, &name_len, &b, &e))
        return ROBOTS_ERR_HEADER_INVALID;
    if (!rb_ascii_equal_lower(line, name_len, "content-usage"))
        return ROBOTS_OK;
    *is_field = 1;
    value->ptr = line + b;
    value->len = e - b;
    return ROBOTS_OK;
}

robots_status robots_usage_unknown_label(const robots_txt *doc, size_t line,
                                         size_t index, char *buf, size_t cap,
                                         size_t *needed, int *status_out) {
    rb_records_iter it;
    robots_record_info rec;
    if (needed != NULL)
        *needed = 0;
    if (status_out != NULL)
        *status_out = 0;
    if (doc == NULL || needed == NULL || (buf == NULL && cap != 0) ||
        line == 0 || line > UINT32_MAX)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    rb_records_from_line(&doc->extensions, (uint32_t)line, &it);
    while (rb_records_next(&it, &rec) && rec.line <= line) {
        rb_usage_rule_value rule;
        rb_usage_statement statement;
        size_t cursor = 0, len = 0, n = 0;
        const char *label = NULL;
        int status = -1;
        if (rec.line != line || rec.group == ROBOTS_NO_POSITION ||
            rb_usage_key(rec.key, rec.key_len) != RB_USAGE_KEY_CONTENT_USAGE)
            continue;
        rb_usage_rule_split(rec.value, rec.value_len, &rule);
        (void)rb_usage_statement_read(rule.statement, rule.statement_len,
                                      &statement);
        for (;;) {
            if (!rb_usage_next_unknown_label(&statement, &cursor, &label, &len,
                                             &status))
                return ROBOTS_ERR_OUT_OF_RANGE;
            if (n++ == index)
                break;
        }
        if (status_out != NULL)
            *status_out = status == RB_USAGE_LABEL_OBSOLETE   ? 1
                          : status == RB_USAGE_LABEL_PROPOSED ? 2
                                                              : 0;
        *needed = len;
        if (cap <= len) /* not len + 1 >= cap: that wraps at SIZE_MAX */
            return ROBOTS_ERR_BUFFER_TOO_SMALL;
        memcpy(buf, label, len);
        buf[len] = '\0';
        return ROBOTS_OK;
    }
    return ROBOTS_ERR_OUT_OF_RANGE;
}
