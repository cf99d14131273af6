/* view_cirno.c - the viewer's adapter for cirno: parse, then the line
 * (main line or a variation: simulate, output, marks of round starts, plays,
 * losses). */
#include <stdlib.h>

#include "cirno/cirno.h"
#include "model/view_games.h"

/* The line v->choices of the parsed game (the main line when there are
 * none): trace, judge output, one line per event, marks. */
static int line(ds_view *v) {
    const cirno_input *in = v->input;
    size_t i;
    if (cirno_simulate_try(in, v->choices, v->nchoices, &v->trace, &v->error)) return -1;
    if (dsv_alloc_arrays(v)) return -1;
    if (cirno_format(in, &v->trace, &v->output, v->lines_at_step))
        return ds_fail(&v->error, 0, 0, "out of memory");
    for (i = 0; i < v->trace.n; i++) {
        const cirno_event *e = ds_trace_event(&v->trace, i);
        v->marks[i] = e->kind == CIRNO_EV_ROUND  ? DSV_MARK_ROUND
                      : e->kind == CIRNO_EV_LOSS ? DSV_MARK_END
                                                 : DSV_MARK_TURN;
    }
    return dsv_finish_load(v);
}

static int parse(ds_view *v, const char *text, size_t len) {
    cirno_input *in;
    if (cirno_parse(text, len, &in, &v->error)) return -1;
    v->input = in;
    return 0;
}

static void release(ds_view *v) { cirno_input_free(v->input); }

static int event_json(const ds_view *v, size_t i, ds_buf *out) {
    return cirno_event_json(v->input, &v->trace, i, (ds_lang)v->lang, out);
}

static int narrate(const ds_view *v, size_t i, ds_buf *out) {
    return cirno_narrate(v->input, &v->trace, i, (ds_lang)v->lang, out);
}

static int state_json(ds_view *v, const void *s, ds_buf *out) {
    return cirno_state_json(v->input, s, out);
}

static int generate(uint64_t seed, ds_buf *out) { return cirno_generate(seed, 0, out); }

const dsv_adapter dsv_adapter_cirno = {parse,      line,       NULL,     release,
                                       event_json, state_json, generate, narrate,
                                       line};
