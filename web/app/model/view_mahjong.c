/* view_mahjong.c - the viewer's adapter for mahjong: parse, then the line
 * (main line or a variation: simulate with v->choices, output, marks: draws
 * start turns; PONG/CHOW/RON are calls; wins and the exhaustive draw end the
 * game). */
#include <stdlib.h>

#include "mahjong/mahjong.h"
#include "model/view_games.h"

/* The line v->choices of the parsed game (the main line when there are
 * none): trace, judge output, one line per event, marks. */
static int line(ds_view *v) {
    const mahjong_input *in = v->input;
    size_t i;
    if (mahjong_simulate_try(in, v->choices, v->nchoices, &v->trace, &v->error)) return -1;
    if (dsv_alloc_arrays(v)) return -1;
    if (mahjong_format(in, &v->trace, &v->output, v->lines_at_step))
        return ds_fail(&v->error, 0, 0, "out of memory");
    for (i = 0; i < v->trace.n; i++) {
        const mahjong_event *e = ds_trace_event(&v->trace, i);
        unsigned char m = DSV_MARK_NONE;
        switch (e->kind) {
        case MJ_EV_DEAL: m = i == 0 ? DSV_MARK_ROUND : DSV_MARK_NONE; break;
        case MJ_EV_DRAW: case MJ_EV_SKIP: m = DSV_MARK_TURN; break;
        case MJ_EV_PONG: case MJ_EV_CHOW: case MJ_EV_RON: case MJ_EV_SELFDRAWN: m = DSV_MARK_CALL; break;
        case MJ_EV_WIN: case MJ_EV_EXHAUSTED: m = DSV_MARK_END; break;
        default: break;
        }
        v->marks[i] = m;
    }
    return dsv_finish_load(v);
}

static int parse(ds_view *v, const char *text, size_t len) {
    mahjong_input *in;
    if (mahjong_parse(text, len, &in, &v->error)) return -1;
    v->input = in;
    return 0;
}

static void release(ds_view *v) { mahjong_input_free(v->input); }

static int event_json(const ds_view *v, size_t i, ds_buf *out) {
    return mahjong_event_json(v->input, &v->trace, i, (ds_lang)v->lang, out);
}

static int narrate(const ds_view *v, size_t i, ds_buf *out) {
    return mahjong_narrate(v->input, &v->trace, i, (ds_lang)v->lang, out);
}

static int state_json(ds_view *v, const void *s, ds_buf *out) {
    return mahjong_state_json(v->input, s, out);
}

static int generate(uint64_t seed, ds_buf *out) { return mahjong_generate(seed, 0, out); }

const dsv_adapter dsv_adapter_mahjong = {parse,      line,       NULL,     release,
                                         event_json, state_json, generate, narrate,
                                         line};
