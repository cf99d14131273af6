/* ds_reader.c - tokenizer with line:column errors (see ds_core.h). */
#include "ds_core.h"

#include <string.h>

void ds_reader_init(ds_reader *r, const char *text, size_t len) {
    r->src = r->p = text;
    r->end = text + len;
    r->line = 1;
    r->col = 1;
    /* A UTF-8 byte-order mark (Windows Notepad writes one) is not part of the
     * input: skipped, and the first character after it is still column 1. */
    if (len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        r->p += 3;
}

static void advance(ds_reader *r) {
    if (*r->p == '\n') { r->line++; r->col = 1; }
    else r->col++;
    r->p++;
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

static void skip_blanks(ds_reader *r, int same_line) {
    while (r->p < r->end && (is_blank(*r->p) || (!same_line && *r->p == '\n'))) advance(r);
}

/* Describes what is at the reader position for an error message. */
static void describe_here(const ds_reader *r, char *out, size_t cap) {
    size_t n = 0;
    if (r->p >= r->end) { strncpy(out, "end of input", cap); out[cap - 1] = 0; return; }
    if (*r->p == '\n') { strncpy(out, "end of line", cap); out[cap - 1] = 0; return; }
    out[n++] = '\'';
    while (r->p + (n - 1) < r->end && n + 5 < cap) {
        unsigned char c = (unsigned char)r->p[n - 1];
        if (c <= ' ') break;
        out[n++] = (char)c;
        if (n >= 24) { out[n++] = '.'; out[n++] = '.'; out[n++] = '.'; break; }
    }
    out[n++] = '\'';
    out[n] = 0;
}

int ds_read_word(ds_reader *r, int same_line, ds_token *tok, const char *what, ds_error *err) {
    skip_blanks(r, same_line);
    /* on failure the token is empty at the error position, never garbage */
    tok->s = r->p;
    tok->len = 0;
    tok->line = r->line;
    tok->col = r->col;
    if (r->p >= r->end || *r->p == '\n') {
        char here[40];
        describe_here(r, here, sizeof here);
        return ds_fail(err, r->line, r->col, "expected %s, found %s", what, here);
    }
    if ((unsigned char)*r->p < 0x20 || *r->p == 0x7f) {
        return ds_fail(err, r->line, r->col, "expected %s, found control byte 0x%02x", what,
                       (unsigned)(unsigned char)*r->p);
    }
    while (r->p < r->end && (unsigned char)*r->p > ' ' && *r->p != 0x7f) advance(r);
    tok->len = (size_t)(r->p - tok->s);
    return 0;
}

int ds_read_int(ds_reader *r, int same_line, long long lo, long long hi, long long *out,
                const char *what, ds_error *err) {
    ds_token t;
    size_t i = 0;
    int neg = 0;
    long long v = 0;
    if (ds_read_word(r, same_line, &t, what, err)) return -1;
    if (t.len && (t.s[0] == '-' || t.s[0] == '+')) { neg = t.s[0] == '-'; i = 1; }
    if (i >= t.len) goto bad;
    for (; i < t.len; i++) {
        if (t.s[i] < '0' || t.s[i] > '9') goto bad;
        if (v > 1000000000000LL) goto range; /* far beyond any limit we use */
        v = v * 10 + (t.s[i] - '0');
    }
    if (neg) v = -v;
    if (v < lo || v > hi) goto range;
    *out = v;
    return 0;
bad:
    return ds_fail(err, t.line, t.col, "expected %s (an integer), found '%.*s'", what,
                   (int)(t.len > 24 ? 24 : t.len), t.s);
range:
    return ds_fail(err, t.line, t.col, "%s must be between %lld and %lld, found '%.*s'", what, lo,
                   hi, (int)(t.len > 24 ? 24 : t.len), t.s);
}

int ds_read_eol(ds_reader *r, const char *after, ds_error *err) {
    skip_blanks(r, 1);
    if (r->p >= r->end) return 0;
    if (*r->p == '\n') { advance(r); return 0; }
    {
        char here[40];
        describe_here(r, here, sizeof here);
        return ds_fail(err, r->line, r->col, "expected end of line after %s, found %s", after, here);
    }
}

int ds_read_eof(ds_reader *r, ds_error *err) {
    skip_blanks(r, 0);
    if (r->p >= r->end) return 0;
    {
        char here[40];
        describe_here(r, here, sizeof here);
        return ds_fail(err, r->line, r->col, "expected end of input, found %s", here);
    }
}

int ds_reader_at_eof(ds_reader *r) {
    skip_blanks(r, 0);
    return r->p >= r->end;
}

int ds_tok_eq(const ds_token *t, const char *s) {
    size_t n = strlen(s);
    return t->len == n && memcmp(t->s, s, n) == 0;
}
