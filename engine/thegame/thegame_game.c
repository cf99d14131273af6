/* thegame_game.c - The Game's entry in the game interface (ds_game.h): each
 * function wraps the typed function of the same name in thegame.h. */
#include "ds_game.h"
#include "thegame.h"

static int parse(const char *text, size_t len, void **g, ds_error *err) {
    thegame_input *in = NULL;
    if (thegame_parse(text, len, &in, err)) return -1;
    *g = in;
    return 0;
}

static void free_input(void *g) { thegame_input_free((thegame_input *)g); }

/* The Game has no chance after the input: the seed changes nothing. */
static int simulate(void *g, const ds_choice *ch, size_t n, uint64_t seed, ds_trace *tr,
                    ds_error *err) {
    (void)seed;
    return thegame_simulate_try((const thegame_input *)g, ch, n, tr, err);
}

static int format(void *g, const ds_trace *tr, ds_buf *out) {
    return thegame_format((const thegame_input *)g, tr, out, NULL);
}

static int trace_jsonl(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    return thegame_trace_jsonl((const thegame_input *)g, tr, lang, out);
}

static int decision(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_decision *d) {
    return thegame_decision((const thegame_input *)g, tr, i, lang, d);
}

static int narrate(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_buf *out) {
    return thegame_narrate((const thegame_input *)g, tr, i, lang, out);
}

static int outcome(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    return thegame_outcome((const thegame_input *)g, tr, lang, out);
}

/* one input size: opt is ignored */
static int generate(uint64_t seed, const ds_gen *opt, ds_buf *out) {
    (void)opt;
    return thegame_generate(seed, 0, out);
}

static int start(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    (void)tr;
    return thegame_start((const thegame_input *)g, lang, out);
}

static int headline(void *g, const ds_trace *tr, size_t step, ds_lang lang, ds_buf *out) {
    return thegame_headline((const thegame_input *)g, tr, step, lang, out);
}

static int changes(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_buf *out) {
    return thegame_changes((const thegame_input *)g, tr, i, lang, out);
}

const ds_game thegame_game = {"thegame", parse,    free_input, simulate, format,
                              trace_jsonl, decision, narrate,   outcome,  generate,
                              start,     headline, changes};
