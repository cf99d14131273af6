/* view.h - the viewer model: one loaded game, its engine trace, the cursor.
 *
 * This is the contract between the three parts of the front end:
 *   - view.c + view_<game>.c (adapters) load an input through the engine
 *     (<g>_parse, <g>_simulate), own the trace and move the cursor;
 *   - scenes (scene_<game>.c) draw a frame from a const ds_view: the state at
 *     `from_step`, the state at `step`, the event between them, and the tween
 *     progress `anim`; they never simulate or re-implement a rule;
 *   - view_api.c exports dsv_* functions to the JS shell (timeline, texts,
 *     URL hash, window.deckscope), which reads JSON made by the engine.
 *
 * Step numbering is ds_trace's: step 0 is before the first event, step n
 * (= trace.n) the end. Moving from step s to s+1 plays event s; moving from
 * s+1 back to s plays it in reverse.
 */
#ifndef DS_VIEW_H
#define DS_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "ds_core.h"

enum { DSV_NONE = -1, DSV_CIRNO = 0, DSV_THEGAME = 1, DSV_MAHJONG = 2, DSV_GOUDAN = 3 };

/* Kinds of "meaningful points" on the timeline (scrubber marks, prev/next). */
enum { DSV_MARK_NONE = 0, DSV_MARK_TURN = 1, DSV_MARK_ROUND = 2, DSV_MARK_CALL = 3, DSV_MARK_END = 4 };

typedef struct ds_view {
    int game;              /* DSV_* (DSV_NONE when nothing is loaded) */
    void *input;           /* the engine's parsed input: cirno_input*, thegame_input*, ... */
    void *extra;           /* adapter-owned data (e.g. goudan's solved table and answers) */
    ds_trace trace;        /* the engine's trace of the game shown */
    int loaded;            /* 1 once trace is valid */
    int busy;              /* 1 while work remains (e.g. goudan solving in slices) */
    double progress;       /* 0..1 while busy */

    size_t step;           /* current step, 0..trace.n */
    size_t from_step;      /* step shown before the last move */
    double anim;           /* tween progress 0..1 from from_step to step (1 = settled) */
    double anim_seconds;   /* duration of one step's tween at the current speed */
    unsigned char *state;  /* state at step      (trace.state_size bytes) */
    unsigned char *from;   /* state at from_step (trace.state_size bytes) */

    ds_buf output;         /* the judge output of the whole game */
    uint32_t *lines_at_step; /* n+1 entries: judge lines written by events 0..i-1 */
    unsigned char *marks;  /* n entries: DSV_MARK_* of event i */

    ds_error error;        /* the last load error (line, col, msg) */
} ds_view;

/* The event between from_step and step when they are adjacent, else NULL. */
static inline const void *dsv_tween_event(const ds_view *v) {
    size_t a = v->from_step, b = v->step;
    if (!v->loaded) return NULL;
    if (a + 1 == b) return ds_trace_event(&v->trace, a);
    if (b + 1 == a) return ds_trace_event(&v->trace, b);
    return NULL;
}

/* ---- view.c (implemented by the viewer model) ------------------------------ */
void dsv_init(ds_view *v);                /* empty view, game = DSV_NONE */
void dsv_free(ds_view *v);
/* Parses and simulates `text` for `game` (DSV_*). 0 on success; -1 with
 * v->error filled (line, col, msg) and the previous game kept on failure.
 * A game that needs more work (goudan's table) sets busy; call dsv_work. */
int dsv_load(ds_view *v, int game, const char *text, size_t len);
/* Does at most about budget_ms of pending work; returns 1 while still busy. */
int dsv_work(ds_view *v, double budget_ms);
/* Moves the cursor (clamped to 0..n). animate = 0 jumps without a tween. */
void dsv_seek(ds_view *v, size_t step, int animate);
/* Advances the tween by dt seconds. */
void dsv_tick(ds_view *v, double dt);

#endif
