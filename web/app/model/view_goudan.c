/* view_goudan.c - the viewer's adapter for goudan. Loading parses the input
 * and starts the engine's progressive solver; dsv_work advances it in slices
 * of about budget_ms, so the page stays responsive. Once solved, the judge
 * output is every query's answer, and the trace shown is a playout of one
 * query under optimal play (dsv_goudan_select: which query, which seed).
 *
 * Variations (dsv_try, the `line` hook): the playout of the same query and
 * seed with v->choices forced (goudan_playout_try); the answers do not
 * change. Choices given while the table is still being solved are applied
 * when it is done; if they are bad there, the main line is shown and
 * v->error says why. dsv_goudan_select (another query or seed) starts from
 * the main line again: it clears the choices. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "goudan/goudan.h"
#include "model/view_games.h"

typedef struct goudan_adapter_data {
    dsv_goudan pub;       /* first: v->extra is a dsv_goudan* for everybody else */
    uint32_t units;       /* solver work units per slice, adapted to budget_ms */
} goudan_adapter_data;

static int parse(ds_view *v, const char *text, size_t len) {
    goudan_input *in;
    goudan_adapter_data *d;
    size_t i, n;
    int hp = 1;
    if (goudan_parse(text, len, &in, &v->error)) return -1;
    v->input = in;
    n = goudan_input_count(in);
    if (n == 0) return ds_fail(&v->error, 1, 1, "expected at least one query");
    for (i = 0; i < n; i++) {
        goudan_query q;
        goudan_query_get(in, i, &q);
        if (q.e_hp > hp) hp = q.e_hp;
        if (q.s_hp > hp) hp = q.s_hp;
    }
    d = calloc(1, sizeof *d);
    if (!d) return ds_fail(&v->error, 0, 0, "out of memory");
    v->extra = d;
    d->pub.O = goudan_input_o(in);
    d->pub.hp_max = hp; /* HPs only go down: the table needs no more */
    d->pub.seed = 1;
    d->units = 20000;
    return 0;
}

/* The solver's table (the big part), solved in slices by work. Its memory is
 * taken by the first slice, not here: the page frees the input's text once
 * the load returns, so the solver's blocks (about 38 MB at O = 5) and the
 * text (7 MB for the largest input) are never in the heap together, and the
 * solver finds the same free space on every load (issue 26). */
static int start(ds_view *v) {
    v->busy = 1;
    v->progress = 0;
    return 0;
}

/* The line: query d->pub.query played out with d->pub.seed and v->choices,
 * into v's empty trace, lines_at_step and marks (the output is the answers,
 * already there). */
static int line(ds_view *v) {
    goudan_adapter_data *d = v->extra;
    goudan_query query;
    size_t i;
    if (!d || !d->pub.eval) return ds_fail(&v->error, 0, 0, "the table is not solved yet");
    if (d->pub.query >= goudan_input_count(v->input)) return ds_fail(&v->error, 0, 0, "no such query");
    goudan_query_get(v->input, d->pub.query, &query);
    if (goudan_playout_try(d->pub.eval, &query, d->pub.seed, v->choices, v->nchoices, &v->trace,
                           &v->error))
        return -1;
    if (dsv_alloc_arrays(v)) return -1;
    for (i = 0; i <= v->trace.n; i++) v->lines_at_step[i] = (uint32_t)d->pub.query + 1;
    for (i = 0; i < v->trace.n; i++) {
        const goudan_event *e = ds_trace_event(&v->trace, i);
        v->marks[i] = e->kind == GOUDAN_EV_TURN_START ? DSV_MARK_TURN
                      : e->kind == GOUDAN_EV_PLAY     ? DSV_MARK_CALL
                      : e->kind == GOUDAN_EV_WIN      ? DSV_MARK_END
                                                      : DSV_MARK_NONE;
    }
    return dsv_finish_load(v);
}

/* Drops the line shown (trace and arrays), before another one is made. */
static void drop_line(ds_view *v) {
    if (v->trace.events || v->trace.keys) ds_trace_free(&v->trace);
    memset(&v->trace, 0, sizeof v->trace);
    free(v->lines_at_step);
    free(v->marks);
    v->lines_at_step = NULL;
    v->marks = NULL;
    v->loaded = 0;
}

static double now_ms(void) { return (double)clock() * 1000.0 / CLOCKS_PER_SEC; }

static int work(ds_view *v, double budget_ms) {
    goudan_adapter_data *d = v->extra;
    double start = now_ms(), spent;
    if (!d || d->pub.table) return v->busy = 0;
    if (!d->pub.solver) {
        /* the heap is empty of the old game and the text now: the queries
         * move to where a block goes first, out of the solver's way */
        if (goudan_input_move(v->input, &v->error) ||
            goudan_solver_init(&d->pub.solver, d->pub.O, d->pub.hp_max, &v->error))
            return v->busy = 0;
    }
    do {
        double t0 = now_ms(), dt;
        v->progress = goudan_solver_step(d->pub.solver, d->units);
        dt = now_ms() - t0;
        /* aim at slices of about a quarter of the budget */
        if (dt < budget_ms / 8 && d->units < (1u << 26)) d->units *= 2;
        else if (dt > budget_ms / 2 && d->units > 1000) d->units /= 2;
        spent = now_ms() - start;
    } while (!goudan_solver_done(d->pub.solver) && spent < budget_ms);
    if (!goudan_solver_done(d->pub.solver)) return 1;
    if (goudan_solver_finish(d->pub.solver, &d->pub.table, &v->error)) {
        d->pub.solver = NULL;
        return v->busy = 0;
    }
    d->pub.solver = NULL;
    if (goudan_format(v->input, d->pub.table, &v->output) ||
        goudan_eval_new(d->pub.table, &d->pub.eval, &v->error)) {
        v->busy = 0;
        return 0;
    }
    v->busy = 0;
    v->progress = 1;
    d->pub.query = 0;
    drop_line(v);
    /* choices given while solving (dsv_try): shown now, or the main line and
     * the choices' error when they do not fit this game */
    if (v->nchoices && line(v) == 0) return 0;
    if (v->nchoices) {
        ds_error bad = v->error;
        drop_line(v);
        free(v->choices);
        v->choices = NULL;
        v->nchoices = 0;
        line(v);
        v->error = bad;
        return 0;
    }
    line(v);
    return 0;
}

int dsv_goudan_select(ds_view *v, size_t q, uint64_t seed) {
    goudan_adapter_data *d = v->extra;
    if (v->game != DSV_GOUDAN || !d || !d->pub.eval || v->busy) return -1;
    if (q >= goudan_input_count(v->input)) return -1;
    drop_line(v);
    free(v->choices); /* another game: from its main line */
    v->choices = NULL;
    v->nchoices = 0;
    d->pub.query = q;
    d->pub.seed = seed;
    v->playing = 0;
    dsv_touch(v);
    return line(v);
}

static void release(ds_view *v) {
    goudan_adapter_data *d = v->extra;
    if (d) {
        goudan_solver_free(d->pub.solver);
        goudan_eval_free(d->pub.eval);
        goudan_table_free(d->pub.table);
        free(d);
    }
    goudan_input_free(v->input);
}

static int event_json(const ds_view *v, size_t i, ds_buf *out) {
    return goudan_event_json(v->input, &v->trace, i, (ds_lang)v->lang, out);
}

static int narrate(const ds_view *v, size_t i, ds_buf *out) {
    return goudan_narrate(v->input, &v->trace, i, (ds_lang)v->lang, out);
}

static int state_json(ds_view *v, const void *s, ds_buf *out) {
    return goudan_state_json(v->input, s, out);
}

static int generate(uint64_t seed, ds_buf *out) { return goudan_generate(seed, 6, out); }

dsv_goudan *dsv_goudan_loaded(ds_view *v) {
    if (!v || v->game != DSV_GOUDAN || v->busy || !v->loaded) return NULL;
    return v->extra;
}

const dsv_adapter dsv_adapter_goudan = {parse,      line,       work,     release,
                                         event_json, state_json, generate, narrate,
                                         start};
