/* ds_choice.c - forced choices (variations of a game): the text form
 * "I:LABEL,I:LABEL" and the shared error messages (see ds_core.h). */
#include "ds_core.h"

#include <stdlib.h>
#include <string.h>

int ds_choices_parse(const char *s, size_t len, ds_choice **out, size_t *n, ds_error *err) {
    size_t count = 0, pos = 0, k = 0;
    ds_choice *v;
    *out = NULL;
    *n = 0;
    if (len == 0) return 0;
    for (pos = 0; pos < len; pos++)
        if (s[pos] == ',') count++;
    count++;
    v = (ds_choice *)calloc(count, sizeof *v);
    if (!v) return ds_fail(err, 0, 0, "out of memory");
    pos = 0;
    for (k = 0; k < count; k++) {
        size_t start = pos, idx = 0, lab, ll;
        int digits = 0;
        while (pos < len && s[pos] >= '0' && s[pos] <= '9') {
            if (idx > ((size_t)-1 - 9) / 10) {
                free(v);
                return ds_fail(err, 0, (int)start + 1, "event index too large in '%.*s'",
                               (int)(len - start > 40 ? 40 : len - start), s + start);
            }
            idx = idx * 10 + (size_t)(s[pos] - '0');
            pos++;
            digits++;
        }
        if (!digits || pos >= len || s[pos] != ':') {
            free(v);
            return ds_fail(err, 0, (int)pos + 1,
                           "expected an event index and ':' then a label (I:LABEL), found '%.*s'",
                           (int)(len - start > 40 ? 40 : len - start), s + start);
        }
        pos++;
        lab = pos;
        while (pos < len && s[pos] != ',') {
            if ((unsigned char)s[pos] < 32 || s[pos] == 127) {
                free(v);
                return ds_fail(err, 0, (int)pos + 1, "a control byte in a label");
            }
            pos++;
        }
        ll = pos - lab;
        if (ll == 0) {
            free(v);
            return ds_fail(err, 0, (int)lab + 1, "empty label after '%zu:'", idx);
        }
        if (ll >= DS_CHOICE_LABEL) {
            free(v);
            return ds_fail(err, 0, (int)lab + 1, "labels are at most %d bytes, found '%.*s'",
                           DS_CHOICE_LABEL - 1, (int)ll, s + lab);
        }
        if (k > 0 && idx <= v[k - 1].i) {
            size_t prev = v[k - 1].i;
            free(v);
            return ds_fail(err, 0, (int)start + 1, "event indices must increase: %zu after %zu",
                           idx, prev);
        }
        v[k].i = idx;
        memcpy(v[k].label, s + lab, ll);
        v[k].label[ll] = '\0';
        pos++; /* the ',' (or past the end) */
    }
    *out = v;
    *n = count;
    return 0;
}

int ds_choices_format(const ds_choice *ch, size_t n, ds_buf *b) {
    size_t k;
    for (k = 0; k < n; k++)
        if (ds_buf_printf(b, "%s%zu:%s", k ? "," : "", ch[k].i, ch[k].label)) return -1;
    return 0;
}

const char *ds_choice_at(const ds_choice *ch, size_t n, size_t i) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ch[mid].i < i) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && ch[lo].i == i ? ch[lo].label : NULL;
}

int ds_choice_not_decision(ds_error *err, size_t i, const char *what) {
    return ds_fail(err, 0, 0, "event %zu is %s, not a decision", i, what);
}

int ds_choice_not_candidate(ds_error *err, size_t i, const char *label, const char *legal) {
    return ds_fail(err, 0, 0, "'%s' is not a choice at event %zu; the choices are: %s", label, i,
                   legal);
}

int ds_choices_unused(const ds_choice *ch, size_t n, size_t n_events, ds_error *err) {
    size_t k;
    for (k = 0; k < n; k++)
        if (ch[k].i >= n_events)
            return ds_fail(err, 0, 0, "the game has only %zu events; event %zu is past its end",
                           n_events, ch[k].i);
    return 0;
}
