/* view.c - the viewer model: load through a game adapter, move the cursor,
 * play back on real elapsed time. No rule of any game is here: states come
 * from ds_trace_seek, texts from the engine's JSON (view_<game>.c). */
#include <stdlib.h>
#include <string.h>

#include "ds_game.h"
#include "model/view.h"
#include "model/view_dp_goudan.h"
#include "model/view_dp_mahjong.h"
#include "model/view_games.h"

const char *dsv_game_id(int game) { return ds_game_id(game) ? ds_game_id(game) : "none"; }

int dsv_game_from_id(const char *id) { return ds_game_index(id); }

/* One adapter per game of ds_games.h, in its order: dsv_adapter_<id>. */
static const dsv_adapter *adapter(int game) {
    static const dsv_adapter *const adapters[DS_NGAMES] = {
#define DSV_ADAPTER_PTR_(NAME, id) &dsv_adapter_##id,
        DS_GAMES(DSV_ADAPTER_PTR_)
#undef DSV_ADAPTER_PTR_
    };
    return game >= 0 && game < DS_NGAMES ? adapters[game] : NULL;
}

void dsv_init(ds_view *v) {
    memset(v, 0, sizeof *v);
    v->game = DSV_NONE;
    v->speed = 1.0;
    v->anim = 1.0;
    v->anim_seconds = DSV_STEP_SECONDS * 0.6;
    v->dirty = 1;
    ds_buf_init(&v->output);
    ds_buf_init(&v->scratch);
}

/* Everything a loaded game owns (not the settings: speed, motion, mode). */
static void release_game(ds_view *v) {
    const dsv_adapter *a = adapter(v->game);
    if (a) a->release(v);
    if (v->loaded || v->trace.events || v->trace.keys) ds_trace_free(&v->trace);
    memset(&v->trace, 0, sizeof v->trace);
    free(v->state);
    free(v->from);
    free(v->lines_at_step);
    free(v->marks);
    free(v->choices);
    v->choices = NULL;
    v->nchoices = 0;
    ds_buf_free(&v->output);
    ds_buf_init(&v->output);
    free(v->out_starts);
    v->out_starts = NULL;
    v->out_nlines = 0;
    v->state = v->from = NULL;
    v->lines_at_step = NULL;
    v->marks = NULL;
    v->input = v->extra = NULL;
    v->loaded = v->busy = 0;
    v->progress = 0;
    v->step = v->from_step = 0;
    v->playing = 0;
    v->game = DSV_NONE;
}

void dsv_free(ds_view *v) {
    if (v->dp && v->dp_release) v->dp_release(v);
    v->dp = NULL;
    release_game(v);
    ds_buf_free(&v->scratch);
}

/* Called by adapters once v->trace, v->output, lines_at_step and marks are
 * ready: allocates the two state buffers and puts the cursor at step 0. */
int dsv_finish_load(ds_view *v) {
    size_t sz = v->trace.state_size;
    free(v->state);
    free(v->from);
    v->state = malloc(sz ? sz : 1);
    v->from = malloc(sz ? sz : 1);
    if (!v->state || !v->from) return ds_fail(&v->error, 0, 0, "out of memory");
    ds_trace_seek(&v->trace, 0, v->state);
    memcpy(v->from, v->state, sz);
    v->step = v->from_step = 0;
    v->anim = 1.0;
    v->hold = 0;
    v->play_to = v->trace.n;
    v->loaded = 1;
    v->generation++;
    return 0;
}

/* The biggest blocks of a game, its judge output and the arrays with one
 * entry per step or per output line, go from the old game to the next one
 * of the same game, emptied: the next one writes into them where they are
 * (growing them if it needs more) instead of taking new blocks wherever the
 * heap has room while the old ones are being freed. A tab that loads inputs
 * of one game again and again then finds its big blocks at the same places
 * every time, and the pages of the WebAssembly memory it touches stop
 * growing after the first loads (issue 26: the renderer's RSS rose for
 * several loads of cirno's largest input although the memory's size did not).
 * Not for a game that works before it has an output (goudan's solve): its
 * solver takes its blocks from a heap with nothing of the old game in it
 * (view_goudan.c), and a kept output would sit in the middle of them. */
static void keep_buffers(ds_view *old, ds_view *next) {
    next->output = old->output;
    ds_buf_clear(&next->output);
    next->output.failed = 0;
    ds_buf_init(&old->output);
    next->lines_at_step = old->lines_at_step;
    next->marks = old->marks;
    next->arrays_cap = old->arrays_cap;
    old->lines_at_step = NULL;
    old->marks = NULL;
    next->out_starts = old->out_starts;
    next->out_cap = old->out_cap;
    old->out_starts = NULL;
}

int dsv_load(ds_view *v, int game, const char *text, size_t len) {
    const dsv_adapter *a = adapter(game);
    ds_view next;
    if (!a) return ds_fail(&v->error, 0, 0, "unknown game %d", game);
    /* Parse into a fresh view so a bad input keeps the old game. */
    dsv_init(&next);
    next.game = game;
    if (a->parse(&next, text, len) != 0) {
        v->error = next.error;
        release_game(&next);
        dsv_free(&next);
        return -1;
    }
    /* The input is good: the old game goes before the new one is built, so
     * the new one reuses its memory (the WebAssembly heap does not shrink:
     * building it beside the old one doubled the peak, and the pages it
     * touched moved from load to load, so the tab's memory grew). Keep the
     * settings of the old view. A failure from here on (out of memory, an
     * engine's limit) leaves no game loaded. */
    next.speed = v->speed;
    next.reduced_motion = v->reduced_motion;
    next.mode = v->mode;
    next.generation = v->generation + 1;
    next.anim_seconds = v->anim_seconds;
    next.lang = v->lang;
    if (v->dp && v->dp_release) v->dp_release(v);
    v->dp = NULL;
    v->dp_release = NULL;
    if (v->game == game && !a->work) keep_buffers(v, &next);
    release_game(v);
    ds_buf_free(&v->scratch);
    dsv_touch(v);
    if (a->start(&next) != 0) {
        v->error = next.error;
        v->generation = next.generation;
        release_game(&next);
        dsv_free(&next);
        return -1;
    }
    *v = next;
    memset(&v->error, 0, sizeof v->error);
    dsv_touch(v);
    return 0;
}

/* The parts of a view that belong to one line of the game (main line or
 * variation), freed or moved by dsv_try. */
static void free_line(ds_view *v) {
    if (v->trace.events || v->trace.keys || v->trace.live) ds_trace_free(&v->trace);
    memset(&v->trace, 0, sizeof v->trace);
    free(v->state);
    free(v->from);
    free(v->lines_at_step);
    free(v->marks);
    free(v->choices);
    v->state = v->from = NULL;
    v->lines_at_step = NULL;
    v->marks = NULL;
    v->choices = NULL;
    v->nchoices = 0;
}

int dsv_try(ds_view *v, const char *spec, size_t len) {
    const dsv_adapter *a = adapter(v->game);
    ds_choice *ch = NULL;
    size_t n = 0;
    ds_view next;
    if (!a || !v->input) return ds_fail(&v->error, 0, 0, "no game is loaded");
    if (!a->line) return ds_fail(&v->error, 0, 0, "this game has no variations");
    if (ds_choices_parse(spec ? spec : "", spec ? len : 0, &ch, &n, &v->error)) return -1;
    if (v->busy) { /* applied by the adapter's work when it finishes */
        free(v->choices);
        v->choices = ch;
        v->nchoices = n;
        return 0;
    }
    dsv_init(&next);
    next.game = v->game;
    next.input = v->input;
    next.extra = v->extra;
    next.choices = ch;
    next.nchoices = n;
    /* goudan's answers do not depend on the line: keep them */
    if (v->game == DSV_GOUDAN) ds_buf_put(&next.output, v->output.data ? v->output.data : "",
                                          v->output.len);
    if (a->line(&next) != 0) {
        v->error = next.error;
        free_line(&next);
        ds_buf_free(&next.output);
        ds_buf_free(&next.scratch);
        return -1;
    }
    if (v->dp && v->dp_release) v->dp_release(v); /* DP records point into the old trace */
    v->dp = NULL;
    v->dp_release = NULL;
    free_line(v);
    ds_buf_free(&v->output);
    v->output = next.output;
    v->trace = next.trace;
    v->state = next.state;
    v->from = next.from;
    v->lines_at_step = next.lines_at_step;
    v->marks = next.marks;
    v->arrays_cap = next.arrays_cap;
    v->choices = next.choices;
    v->nchoices = next.nchoices;
    v->step = v->from_step = 0;
    v->anim = 1.0;
    v->hold = 0;
    v->play_to = v->trace.n;
    v->playing = 0;
    v->loaded = 1;
    v->generation++;
    ds_buf_free(&next.scratch);
    memset(&v->error, 0, sizeof v->error);
    dsv_touch(v);
    return 0;
}

/* The DP views' update step and still frames (view.h): each DP model does
 * its own (view_dp_<game>.c); the scenes only draw the result. */
void dsv_dp_update(ds_view *v, double dt, double budget_ms) {
    if (!v || v->mode != DSV_MODE_DP || !v->loaded || v->busy) return;
    if (v->game == DSV_MAHJONG) mj_dpv_update(v, dt);
    else if (v->game == DSV_GOUDAN) dsv_dp_goudan_update(v, dt, budget_ms);
}

int dsv_dp_still(ds_view *copy, const ds_view *live) {
    if (!copy || !live || copy->mode != DSV_MODE_DP || !copy->loaded || copy->busy) return 0;
    if (copy->game == DSV_MAHJONG) return mj_dpv_still(copy, live);
    if (copy->game == DSV_GOUDAN) return dsv_dp_goudan_still(copy, live);
    return 0;
}

int dsv_work(ds_view *v, double budget_ms) {
    const dsv_adapter *a = adapter(v->game);
    if (!v->busy) return 0;
    dsv_touch(v); /* the progress moves; done, the game is shown */
    if (!a || !a->work) return v->busy = 0;
    return a->work(v, budget_ms);
}

int dsv_animating(const ds_view *v) {
    if (v->busy) return 1;
    if (!v->loaded) return 0;
    if (v->anim < 1) return 1;
    /* Autoplay draws every frame, but with reduced motion a step is shown
     * at once (no tween) and the picture changes only when the step does
     * (dsv_seek touches the view): a frame per step instead of 60 a second,
     * what a software-GL browser spends its CPU on while a game plays. */
    if (v->playing && (!v->reduced_motion || v->mode == DSV_MODE_DP)) return 1;
    if (v->mode != DSV_MODE_DP) return 0;
    if (v->game == DSV_MAHJONG) return mj_dpv_animating(v);
    if (v->game == DSV_GOUDAN) return dsv_dp_goudan_animating(v);
    return 0;
}

static double step_seconds(const ds_view *v) { return DSV_STEP_SECONDS / v->speed; }

void dsv_seek(ds_view *v, size_t step, int animate) {
    unsigned char *t;
    if (!v->loaded || v->busy) return;
    if (step > v->trace.n) step = v->trace.n;
    if (step == v->step && v->anim >= 1) return;
    /* The state shown becomes the tween's start. */
    t = v->from;
    v->from = v->state;
    v->state = t;
    v->from_step = v->step;
    v->step = step;
    if (ds_trace_seek(&v->trace, step, v->state) != 0) {
        memcpy(v->state, v->from, v->trace.state_size);
        v->step = v->from_step;
    }
    v->anim_seconds = step_seconds(v) * 0.6;
    v->anim = (animate && !v->reduced_motion) ? 0.0 : 1.0;
    v->hold = 0;
    dsv_touch(v);
}

void dsv_play(ds_view *v, int on) {
    if (!v->loaded || v->busy) { v->playing = 0; return; }
    if (on && v->step >= v->play_to) {
        /* Play from the start when at the end of the range. */
        if (v->step >= v->trace.n || v->play_to == v->trace.n) dsv_seek(v, 0, 0);
    }
    v->playing = on ? 1 : 0;
    v->hold = 0;
    dsv_touch(v);
}

void dsv_set_speed(ds_view *v, double speed) {
    if (!(speed >= DSV_SPEED_MIN)) speed = DSV_SPEED_MIN; /* also NaN */
    if (speed > DSV_SPEED_MAX) speed = DSV_SPEED_MAX;
    v->speed = speed;
    v->anim_seconds = step_seconds(v) * 0.6;
    dsv_touch(v);
}

void dsv_tick(ds_view *v, double dt) {
    if (!v->loaded || dt <= 0) return;
    if (v->anim < 1) {
        v->anim += v->anim_seconds > 0 ? dt / v->anim_seconds : 1;
        if (v->anim > 1) v->anim = 1;
        return; /* the hold starts once the tween has settled */
    }
    if (!v->playing) return;
    if (v->step >= v->play_to || v->step >= v->trace.n) { v->playing = 0; return; }
    v->hold += dt;
    /* Settled for the rest of the step's period: play the next event. */
    if (v->hold >= step_seconds(v) * (v->reduced_motion ? 1.0 : 0.4)) dsv_seek(v, v->step + 1, 1);
}

size_t dsv_find_mark(const ds_view *v, int dir, int min_mark) {
    size_t i;
    if (!v->loaded || !v->marks) return v->step;
    if (min_mark < DSV_MARK_TURN) min_mark = DSV_MARK_TURN;
    if (dir > 0) {
        /* event i made step i+1; skip the event that made the current step */
        for (i = v->step; i < v->trace.n; i++)
            if (v->marks[i] >= min_mark) return i + 1;
        return v->trace.n;
    }
    /* back: the nearest marked event strictly before the one that made the
     * current step, shown as the state it made */
    if (v->step < 2) return 0;
    for (i = v->step - 1; i-- > 0;)
        if (v->marks[i] >= min_mark) return i + 1;
    return 0;
}

uint32_t dsv_output_line(const ds_view *v, size_t step) {
    if (!v->loaded || !v->lines_at_step) return 0;
    if (step > v->trace.n) step = v->trace.n;
    return v->lines_at_step[step];
}

/* The line index of v->output, made again when the output is another one
 * (a load, a variation, goudan's answers: each changes the generation). */
static int output_index(ds_view *v) {
    const char *p = v->output.data, *end = p ? p + v->output.len : p, *nl;
    size_t n = 0, k = 0;
    uint32_t *starts;
    if (v->out_nlines && v->out_gen == v->generation && v->out_len == v->output.len) return 0;
    v->out_nlines = 0;
    if (!p || v->output.failed || v->output.len >= UINT32_MAX) return -1;
    for (nl = p; nl < end && (nl = memchr(nl, '\n', (size_t)(end - nl))) != NULL; nl++) n++;
    if (v->output.len && end[-1] != '\n') n++;
    if (!v->out_starts || v->out_cap < n + 1) { /* else the last one's block, big enough */
        free(v->out_starts);
        v->out_starts = NULL;
        v->out_cap = 0;
        if (!(starts = malloc((n + 1) * sizeof *starts))) return -1;
        v->out_cap = n + 1;
    } else
        starts = v->out_starts;
    for (nl = p; k < n; k++) {
        starts[k] = (uint32_t)(nl - p);
        nl = memchr(nl, '\n', (size_t)(end - nl));
        nl = nl ? nl + 1 : end;
    }
    starts[n] = (uint32_t)v->output.len;
    v->out_starts = starts;
    v->out_nlines = n;
    v->out_gen = v->generation;
    v->out_len = v->output.len;
    return 0;
}

size_t dsv_output_count(ds_view *v) { return output_index(v) ? 0 : v->out_nlines; }

const char *dsv_output_text(ds_view *v, size_t l, size_t *len) {
    size_t a, b;
    if (output_index(v) || l < 1 || l > v->out_nlines) return NULL;
    a = v->out_starts[l - 1];
    b = v->out_starts[l];
    if (b > a && v->output.data[b - 1] == '\n') b--;
    *len = b - a;
    return v->output.data + a;
}

int dsv_generate(int game, uint64_t seed, ds_buf *out) {
    const dsv_adapter *a = adapter(game);
    return a ? a->generate(seed, out) : -1;
}

int dsv_event_json(const ds_view *v, size_t i, ds_buf *out) {
    const dsv_adapter *a = adapter(v->game);
    if (!v->loaded || !a || i >= v->trace.n) return -1;
    return a->event_json(v, i, out);
}

int dsv_narrate(const ds_view *v, size_t i, ds_buf *out) {
    const dsv_adapter *a = adapter(v->game);
    if (!v->loaded || !a || !a->narrate || i >= v->trace.n) return -1;
    return a->narrate(v, i, out);
}

int dsv_outcome(const ds_view *v, ds_buf *out) {
    const ds_game *g = v->loaded ? ds_game_at(v->game) : NULL;
    if (!g || !g->outcome || !v->input) return -1;
    return g->outcome(v->input, &v->trace, (ds_lang)v->lang, out);
}

int dsv_start(const ds_view *v, ds_buf *out) {
    const ds_game *g = ds_game_at(v->game);
    if (!v->loaded || !g) return -1;
    return g->start(v->input, &v->trace, (ds_lang)v->lang, out);
}

int dsv_headline(const ds_view *v, size_t step, ds_buf *out) {
    const ds_game *g = ds_game_at(v->game);
    if (!v->loaded || !g || step > v->trace.n) return -1;
    return g->headline(v->input, &v->trace, step, (ds_lang)v->lang, out);
}

int dsv_changes(const ds_view *v, size_t i, ds_buf *out) {
    const ds_game *g = ds_game_at(v->game);
    if (!v->loaded || !g || i >= v->trace.n) return -1;
    return g->changes(v->input, &v->trace, i, (ds_lang)v->lang, out);
}

int dsv_state_json(ds_view *v, size_t step, ds_buf *out) {
    const dsv_adapter *a = adapter(v->game);
    unsigned char *s;
    int rc;
    if (!v->loaded || !a || step > v->trace.n) return -1;
    s = malloc(v->trace.state_size);
    if (!s) return -1;
    rc = ds_trace_seek(&v->trace, step, s) ? -1 : a->state_json(v, s, out);
    free(s);
    return rc;
}

/* Marks and lines_at_step arrays for n events (adapters fill them). */
int dsv_alloc_arrays(ds_view *v) {
    size_t need = v->trace.n + 1;
    if (v->lines_at_step && v->marks && v->arrays_cap >= need) { /* kept from the last game */
        memset(v->lines_at_step, 0, need * sizeof *v->lines_at_step);
        memset(v->marks, 0, need);
        return 0;
    }
    free(v->lines_at_step);
    free(v->marks);
    v->arrays_cap = 0;
    v->lines_at_step = calloc(need, sizeof *v->lines_at_step);
    v->marks = calloc(need, 1);
    if (!v->lines_at_step || !v->marks) return ds_fail(&v->error, 0, 0, "out of memory");
    v->arrays_cap = need;
    return 0;
}
