/* ds_trace.c - event trace with keyframes for fast seeking (see ds_core.h). */
#include "ds_core.h"

#include <stdlib.h>
#include <string.h>

#define DS_DEFAULT_KEY_INTERVAL 64

/* The first capacity: 64 elements, or fewer when they are large (a game's
 * state), so a short trace does not allocate, and clear, a big block. */
enum { FIRST_CAP = 64, FIRST_BYTES = 16384 };

/* Doubles the capacity until it holds need elements, but never past limit
 * (0: none) when need is within it: a trace whose game has a known bound on
 * its events (max_events) does not hold up to twice the bound (cirno's
 * largest game: 7.2 MB of events, was 12.6 MB). */
static int grow(unsigned char **p, size_t *cap, size_t need, size_t elem, size_t limit,
                ds_error *err) {
    size_t c = *cap ? *cap : elem && FIRST_BYTES / elem < FIRST_CAP ? FIRST_BYTES / elem : FIRST_CAP;
    if (c == 0) c = 1;
    unsigned char *q;
    if (need <= *cap) return 0;
    while (c < need) c *= 2;
    if (limit && need <= limit && c > limit) c = limit;
    if (elem && c > (size_t)-1 / elem) return ds_fail(err, 0, 0, "trace too large");
    q = (unsigned char *)realloc(*p, c * elem);
    if (!q) return ds_fail(err, 0, 0, "out of memory growing the trace");
    *p = q;
    *cap = c;
    return 0;
}

int ds_trace_init(ds_trace *t, size_t event_size, size_t state_size, size_t key_interval,
                  ds_apply_fn apply, const void *ctx, const void *initial, ds_error *err) {
    memset(t, 0, sizeof *t);
    t->event_size = event_size;
    t->state_size = state_size;
    t->key_interval = key_interval ? key_interval : DS_DEFAULT_KEY_INTERVAL;
    t->apply = apply;
    t->ctx = ctx;
    t->live = (unsigned char *)malloc(state_size ? state_size : 1);
    if (!t->live) return ds_fail(err, 0, 0, "out of memory for the trace state");
    memcpy(t->live, initial, state_size);
    if (grow(&t->keys, &t->keycap, 1, state_size, 0, err)) { ds_trace_free(t); return -1; }
    memcpy(t->keys, initial, state_size);
    t->nkeys = 1;
    return 0;
}

void ds_trace_free(ds_trace *t) {
    free(t->events);
    free(t->keys);
    free(t->live);
    memset(t, 0, sizeof *t);
}

/* All or nothing: both buffers are grown before anything is written, so a
 * failed emit leaves the trace as it was (n, live state and keyframes
 * agree, and seeking still works), never an event without its keyframe. */
int ds_trace_emit(ds_trace *t, const void *event, ds_error *err) {
    int key = (t->n + 1) % t->key_interval == 0;
    if (t->max_events && t->n >= t->max_events)
        return ds_fail(err, 0, 0, "the game exceeded its limit of %zu events", t->max_events);
    if (grow(&t->events, &t->cap, t->n + 1, t->event_size, t->max_events, err)) return -1;
    if (key && grow(&t->keys, &t->keycap, t->nkeys + 1, t->state_size,
                    t->max_events ? t->max_events / t->key_interval + 1 : 0, err))
        return -1;
    memcpy(t->events + t->n * t->event_size, event, t->event_size);
    t->n++;
    t->apply(t->live, event, t->ctx);
    if (key) {
        memcpy(t->keys + t->nkeys * t->state_size, t->live, t->state_size);
        t->nkeys++;
    }
    return 0;
}

int ds_trace_seek(const ds_trace *t, size_t i, void *out) {
    size_t k, j;
    if (i > t->n) return -1;
    if (i == t->n) { memcpy(out, t->live, t->state_size); return 0; }
    k = i / t->key_interval;
    if (k >= t->nkeys) k = t->nkeys - 1;
    memcpy(out, t->keys + k * t->state_size, t->state_size);
    for (j = k * t->key_interval; j < i; j++) t->apply(out, t->events + j * t->event_size, t->ctx);
    return 0;
}

size_t ds_trace_bytes(const ds_trace *t) {
    return t->cap * t->event_size + t->keycap * t->state_size + t->state_size;
}

size_t ds_trace_common(const ds_trace *a, const ds_trace *b) {
    size_t i, n = a->n < b->n ? a->n : b->n;
    if (a->event_size != b->event_size) return 0;
    for (i = 0; i < n; i++)
        if (memcmp(ds_trace_event(a, i), ds_trace_event(b, i), a->event_size)) break;
    return i;
}
