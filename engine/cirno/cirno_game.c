/* cirno_game.c - cirno's entry in the game interface (engine/core/ds_game.h):
 * thin wrappers of the typed functions of cirno.h. */
#include "cirno.h"
#include "ds_game.h"

static int parse(const char *text, size_t len, void **g, ds_error *err) {
    cirno_input *in = NULL;
    if (cirno_parse(text, len, &in, err)) return -1;
    *g = in;
    return 0;
}

static void release(void *g) { cirno_input_free((cirno_input *)g); }

/* cirno has no chance: the seed changes nothing */
static int simulate(void *g, const ds_choice *ch, size_t n, uint64_t seed, ds_trace *tr,
                    ds_error *err) {
    (void)seed;
    return cirno_simulate_try((const cirno_input *)g, ch, n, tr, err);
}

static int format(void *g, const ds_trace *tr, ds_buf *out) {
    return cirno_format((const cirno_input *)g, tr, out, NULL);
}

static int trace_jsonl(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    return cirno_trace_jsonl((const cirno_input *)g, tr, lang, out);
}

static int decision(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_decision *d) {
    return cirno_decision((const cirno_input *)g, tr, i, lang, d);
}

static int narrate(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_buf *out) {
    return cirno_narrate((const cirno_input *)g, tr, i, lang, out);
}

static int outcome(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    return cirno_outcome((const cirno_input *)g, tr, lang, out);
}

static int generate(uint64_t seed, const ds_gen *opt, ds_buf *out) {
    return cirno_generate(seed, opt && opt->max, out);
}

static int start(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    (void)tr;
    return cirno_start((const cirno_input *)g, lang, out);
}

static int headline(void *g, const ds_trace *tr, size_t step, ds_lang lang, ds_buf *out) {
    return cirno_headline((const cirno_input *)g, tr, step, lang, out);
}

static int changes(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_buf *out) {
    return cirno_changes((const cirno_input *)g, tr, i, lang, out);
}

const ds_game cirno_game = {"cirno",  parse,   release,  simulate, format, trace_jsonl, decision,
                            narrate,  outcome, generate, start,    headline, changes};
