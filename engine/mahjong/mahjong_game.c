/* mahjong_game.c - mahjong's row of the game interface (engine/core/ds_game.h):
 * each entry wraps the typed function of the same name (mahjong.h). The
 * parsed input g is a mahjong_input. */
#include <string.h>

#include "mahjong.h"

static int parse(const char *text, size_t len, void **g, ds_error *err) {
    mahjong_input *in = NULL;
    if (mahjong_parse(text, len, &in, err)) return -1;
    *g = in;
    return 0;
}

static void release(void *g) { mahjong_input_free((mahjong_input *)g); }

/* the seed is unused: a mahjong game has no chance once the wall is given */
static int simulate(void *g, const ds_choice *ch, size_t n, uint64_t seed, ds_trace *tr,
                    ds_error *err) {
    mahjong_input *in = (mahjong_input *)g;
    (void)seed;
    memset(tr, 0, sizeof *tr); /* a failure leaves it freed and zero (ds_core.h) */
    if (!in->cache && !(in->cache = mahjong_dist_cache_new()))
        return ds_fail(err, 0, 0, "out of memory for the distance cache");
    return mahjong_simulate_full(in, ch, n, tr, in->cache, NULL, err);
}

static int format(void *g, const ds_trace *tr, ds_buf *out) {
    return mahjong_format((const mahjong_input *)g, tr, out, NULL);
}

static int trace_jsonl(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    return mahjong_trace_jsonl((const mahjong_input *)g, tr, lang, out);
}

static int decision(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_decision *d) {
    return mahjong_decision((const mahjong_input *)g, tr, i, lang, d);
}

static int narrate(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_buf *out) {
    return mahjong_narrate((const mahjong_input *)g, tr, i, lang, out);
}

static int outcome(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    (void)g;
    if (mahjong_outcome_lang(tr, lang, out) < 0) return -1;
    return out->failed ? -1 : 0;
}

/* one input size: opt is ignored */
static int generate(uint64_t seed, const ds_gen *opt, ds_buf *out) {
    (void)opt;
    return mahjong_generate(seed, 0, out);
}

static int start(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    (void)g;
    (void)tr;
    return mahjong_start(lang, out);
}

static int headline(void *g, const ds_trace *tr, size_t step, ds_lang lang, ds_buf *out) {
    (void)g;
    return mahjong_headline(tr, step, lang, out);
}

static int changes(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_buf *out) {
    return mahjong_changes((const mahjong_input *)g, tr, i, lang, out);
}

const ds_game mahjong_game = {"mahjong", parse,    release,  simulate, format,
                              trace_jsonl, decision, narrate, outcome,  generate,
                              start,     headline, changes};
