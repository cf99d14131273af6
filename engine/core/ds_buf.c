/* ds_buf.c - errors and the growable output buffer (see ds_core.h). */
#include "ds_core.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Walks fmt's conversions, taking each argument from ap and writing its text
 * to err->args (the same text vsnprintf put into err->msg). */
static void error_args(ds_error *err, const char *fmt, va_list ap) {
    enum { AL = sizeof err->args[0] };
    const char *p = fmt;
    err->nargs = 0;
    while ((p = strchr(p, '%')) != NULL) {
        char spec[16], *arg;
        size_t n = 0;
        int star = -1, lng = 0;
        spec[n++] = *p++;
        if (*p == '%') { p++; continue; }
        while (*p && strchr("-+ #0123456789.*", *p)) {
            if (*p == '*') star = va_arg(ap, int);
            else if (n < sizeof spec - 4) spec[n++] = *p;
            p++;
        }
        while (*p == 'h' || *p == 'l' || *p == 'z') {
            if (*p == 'l') lng++;
            if (*p == 'z') lng = 3;
            if (n < sizeof spec - 3) spec[n++] = *p;
            p++;
        }
        if (!*p) break;
        spec[n++] = *p;
        spec[n] = 0;
        arg = err->nargs < DS_ERROR_ARGS ? err->args[err->nargs] : NULL;
        switch (*p++) {
        case 's': {
            const char *s = va_arg(ap, const char *);
            if (arg) {
                /* a `%.*s` string need not end within its precision (an input token) */
                const char *nul = s && star >= 0 ? (const char *)memchr(s, 0, (size_t)star) : NULL;
                size_t len = !s ? 0 : star < 0 ? strlen(s) : nul ? (size_t)(nul - s) : (size_t)star;
                if (len > AL - 1) { /* cut before a UTF-8 character, never inside one */
                    len = AL - 1;
                    while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80) len--;
                }
                memcpy(arg, s ? s : "", len);
                arg[len] = 0;
            }
            break;
        }
        case 'd': case 'i': case 'c':
            if (lng == 3) { size_t v = va_arg(ap, size_t); if (arg) snprintf(arg, AL, "%zu", v); }
            else if (lng >= 2) { long long v = va_arg(ap, long long); if (arg) snprintf(arg, AL, "%lld", v); }
            else if (lng == 1) { long v = va_arg(ap, long); if (arg) snprintf(arg, AL, "%ld", v); }
            else {
                int v = va_arg(ap, int);
                if (arg && p[-1] == 'c') { arg[0] = (char)v; arg[1] = 0; }
                else if (arg) snprintf(arg, AL, "%d", v);
            }
            break;
        case 'u': case 'x':
            if (lng == 3) { size_t v = va_arg(ap, size_t); if (arg) snprintf(arg, AL, "%zu", v); }
            else if (lng >= 2) { unsigned long long v = va_arg(ap, unsigned long long); if (arg) snprintf(arg, AL, p[-1] == 'x' ? "%llx" : "%llu", v); }
            else if (lng == 1) { unsigned long v = va_arg(ap, unsigned long); if (arg) snprintf(arg, AL, p[-1] == 'x' ? "%lx" : "%lu", v); }
            else { unsigned v = va_arg(ap, unsigned); if (arg) snprintf(arg, AL, p[-1] == 'x' ? "%02x" : "%u", v); }
            break;
        default: /* not used by the engine's messages */
            return;
        }
        if (err->nargs < DS_ERROR_ARGS) err->nargs++;
    }
}

/* Makes s valid UTF-8 in place: a character cut short (a message quotes at
 * most so many bytes of a token, or ran out of room) is dropped whole; a
 * byte that starts no character is '?'. Then a message never ends or
 * breaks in the middle of a character, whatever the input was. */
static void utf8_whole(char *s) {
    unsigned char *r = (unsigned char *)s, *w = r;
    while (*r) {
        unsigned char c = *r;
        int need = c < 0x80 ? 0 : c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2
                 : c >= 0xF0 && c <= 0xF4 ? 3 : -1;
        int k = 1;
        if (need < 0) { *w++ = '?'; r++; continue; }
        while (k <= need && (r[k] & 0xC0) == 0x80) k++;
        if (k <= need) { r += k; continue; } /* cut short: drop the piece */
        memmove(w, r, (size_t)k);
        w += k;
        r += k;
    }
    *w = 0;
}

int ds_fail(ds_error *err, int line, int col, const char *fmt, ...) {
    if (err) {
        va_list ap;
        int k;
        err->line = line;
        err->col = col;
        err->code = fmt;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        va_start(ap, fmt);
        error_args(err, fmt, ap);
        va_end(ap);
        utf8_whole(err->msg);
        for (k = 0; k < err->nargs; k++) utf8_whole(err->args[k]);
    }
    return -1;
}

void ds_error_format(const ds_error *err, char *out, size_t cap) {
    if (!cap) return;
    if (err->line > 0)
        snprintf(out, cap, "line %d, column %d: %s", err->line, err->col, err->msg);
    else
        snprintf(out, cap, "%s", err->msg);
}

void ds_buf_init(ds_buf *b) { memset(b, 0, sizeof *b); }

void ds_buf_free(ds_buf *b) {
    free(b->data);
    memset(b, 0, sizeof *b);
}

void ds_buf_clear(ds_buf *b) {
    b->len = 0;
    if (b->data) b->data[0] = '\0';
}

int ds_buf_reserve(ds_buf *b, size_t extra) {
    size_t need, cap;
    char *p;
    if (b->failed) return -1;
    if (extra > (size_t)-1 - b->len - 1) { b->failed = 1; return -1; }
    need = b->len + extra + 1;
    if (need <= b->cap) return 0;
    cap = b->cap ? b->cap : 256;
    while (cap < need) {
        if (cap > (size_t)-1 / 2) { cap = need; break; }
        cap *= 2;
    }
    p = (char *)realloc(b->data, cap);
    if (!p) { b->failed = 1; return -1; }
    b->data = p;
    b->cap = cap;
    return 0;
}

int ds_buf_put(ds_buf *b, const char *s, size_t n) {
    if (ds_buf_reserve(b, n)) return -1;
    if (n) memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

int ds_buf_puts(ds_buf *b, const char *s) { return ds_buf_put(b, s, strlen(s)); }

int ds_buf_putc(ds_buf *b, char c) {
    if (b->len + 2 > b->cap && ds_buf_reserve(b, 1)) return -1;
    if (b->failed) return -1;
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
    return 0;
}

/* v in decimal into tmp[24], ending at tmp + 24: returns where it starts */
static char *decimal(char tmp[24], long long v) {
    int i = 24;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do { tmp[--i] = (char)('0' + u % 10); u /= 10; } while (u);
    if (v < 0) tmp[--i] = '-';
    return tmp + i;
}

int ds_buf_int(ds_buf *b, long long v) {
    char tmp[24], *p = decimal(tmp, v);
    return ds_buf_put(b, p, (size_t)(tmp + 24 - p));
}

static void text_put(char *buf, size_t cap, size_t *len, const char *s, size_t n) {
    size_t at = *len;
    if (!cap) return;
    if (at >= cap) at = cap - 1;
    if (n > cap - 1 - at) n = cap - 1 - at;
    memcpy(buf + at, s, n);
    buf[at + n] = '\0';
    *len = at + n;
}

void ds_text_put(char *buf, size_t cap, size_t *len, const char *s) {
    text_put(buf, cap, len, s, strlen(s));
}

void ds_text_int(char *buf, size_t cap, size_t *len, long long v) {
    char tmp[24], *p = decimal(tmp, v);
    text_put(buf, cap, len, p, (size_t)(tmp + 24 - p));
}

int ds_buf_printf(ds_buf *b, const char *fmt, ...) {
    va_list ap, ap2;
    int n;
    if (b->failed) return -1;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || ds_buf_reserve(b, (size_t)n)) { va_end(ap2); b->failed = 1; return -1; }
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    b->len += (size_t)n;
    return 0;
}

int ds_buf_json_str(ds_buf *b, const char *s, size_t n) {
    static const char hex[] = "0123456789abcdef";
    size_t i, run = 0;
    if (ds_buf_putc(b, '"')) return -1;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\' || c < 0x20) {
            /* the run of plain bytes before it in one copy */
            if (i > run) ds_buf_put(b, s + run, i - run);
            run = i + 1;
            if (c < 0x20) {
                char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
                ds_buf_put(b, e, 6);
            } else {
                char e[2] = {'\\', (char)c};
                ds_buf_put(b, e, 2);
            }
        }
    }
    if (n > run) ds_buf_put(b, s + run, n - run);
    return ds_buf_putc(b, '"');
}
