/* view_thegame.c - the viewer's adapter for thegame: parse, simulate (the
 * main line or a variation: the line hook), the six judge lines of any
 * state, marks (deal, turns, backwards tricks, the end); the event's JSON
 * and its sentence in the view's language. */
#include <stdlib.h>

#include "thegame/thegame.h"
#include "model/view_games.h"

/* One line of the game: the main line or the variation v->choices, from
 * the parsed v->input (dsv_try calls it on a scratch view). */
static int line(ds_view *v) {
    const thegame_input *in = (const thegame_input *)v->input;
    size_t i;
    if (thegame_simulate_try(in, v->choices, v->nchoices, &v->trace, &v->error)) return -1;
    if (dsv_alloc_arrays(v)) return -1;
    if (thegame_format(in, &v->trace, &v->output, v->lines_at_step))
        return ds_fail(&v->error, 0, 0, "out of memory");
    for (i = 0; i < v->trace.n; i++) {
        const thegame_event *e = ds_trace_event(&v->trace, i);
        unsigned char m = DSV_MARK_NONE;
        if (e->kind == THEGAME_EV_DEAL) m = DSV_MARK_ROUND;
        else if (e->kind == THEGAME_EV_END) m = DSV_MARK_END;
        else if (e->kind == THEGAME_EV_PLAY) m = e->backwards ? DSV_MARK_CALL : DSV_MARK_TURN;
        v->marks[i] = m;
    }
    return dsv_finish_load(v);
}

static int parse(ds_view *v, const char *text, size_t len) {
    thegame_input *in;
    if (thegame_parse(text, len, &in, &v->error)) return -1;
    v->input = in;
    return 0;
}

static void release(ds_view *v) { thegame_input_free(v->input); }

static int event_json(const ds_view *v, size_t i, ds_buf *out) {
    return thegame_event_json(v->input, &v->trace, i, (ds_lang)v->lang, out);
}

static int narrate(const ds_view *v, size_t i, ds_buf *out) {
    return thegame_narrate(v->input, &v->trace, i, (ds_lang)v->lang, out);
}

static int state_json(ds_view *v, const void *s, ds_buf *out) {
    return thegame_state_json(v->input, s, out);
}

static int generate(uint64_t seed, ds_buf *out) { return thegame_generate(seed, 0, out); }

int dsv_thegame_state_lines(ds_view *v, size_t step, ds_buf *out) {
    thegame_state s;
    if (!v->loaded || v->game != DSV_THEGAME || ds_trace_seek(&v->trace, step, &s)) return -1;
    return thegame_format_state(v->input, &s, out);
}

const dsv_adapter dsv_adapter_thegame = {parse,      line,       NULL,     release,
                                         event_json, state_json, generate, narrate,
                                         line};
