/* view.h - the viewer model: one loaded game, its engine trace, the cursor.
 *
 * This is the contract between the parts of the front end:
 *   - view.c + view_<game>.c (adapters) load an input through the engine
 *     (<g>_parse, <g>_simulate), own the trace and move the cursor; the
 *     adapters are the only front-end files that call a game's engine API
 *     to build a view;
 *   - scenes (scene_<game>.c) draw a frame from a const ds_view: the state at
 *     `from_step`, the state at `step`, the event between them, and the tween
 *     progress `anim`; they never simulate or re-implement a rule;
 *   - DP views (scene_dp_<game>.c, view_dp_<game>.c) draw records the engine
 *     made (mahjong_dp_record, goudan_decision / goudan_tree / the solver);
 *   - view_api.c exports dsv_api_* functions to the JS shell (timeline, texts,
 *     window.deckscope), which reads JSON made by the engine.
 *
 * Step numbering is ds_trace's: step 0 is before the first event, step n
 * (= trace.n) the end. Moving from step s to s+1 plays event s; moving from
 * s+1 back to s plays it in reverse.
 *
 * Playback runs on real elapsed time (dsv_tick(dt)): at most one step per
 * tick, so a slow frame or a background tab never skips or repeats a step.
 */
#ifndef DS_VIEW_H
#define DS_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "ds_core.h"

enum { DSV_NONE = -1, DSV_CIRNO = 0, DSV_THEGAME = 1, DSV_MAHJONG = 2, DSV_GOUDAN = 3, DSV_GAMES = 4 };

/* Kinds of "meaningful points" on the timeline (scrubber marks, prev/next),
 * one per event, in increasing importance. */
enum { DSV_MARK_NONE = 0, DSV_MARK_TURN = 1, DSV_MARK_ROUND = 2, DSV_MARK_CALL = 3, DSV_MARK_END = 4 };

/* What the canvas shows: the game (timeline) or the DP view of that game. */
enum { DSV_MODE_GAME = 0, DSV_MODE_DP = 1 };

/* The language of the words on the canvas (strings.h; the page's &lang=). */
enum { DS_LANG_EN = 0, DS_LANG_ZH = 1 };

/* Playback speed limits (x). One step lasts DSV_STEP_SECONDS / speed. */
#define DSV_SPEED_MIN 0.25
#define DSV_SPEED_MAX 8.0
#define DSV_STEP_SECONDS 0.9

/* What a click on the canvas can choose (docs/scenes.md "Regions"): when a
 * game scene draws a settled step s whose event s is a decision, it copies
 * that decision's candidate labels (the engine's decision record, the event's
 * JSON) and registers the shape of each object that stands for some of them
 * (a card, a row, a tile, a seat, a button) with the set of labels it means.
 * Coordinates are the canvas's CSS pixels (renderer pixels / ds_frame.scale).
 * Written by the scenes while drawing (scene_util.c su_hits_*), read by
 * dsv_api_hit / dsv_api_regions; valid for (generation, step) only. */
enum { DSV_HIT_LABELS = 48, DSV_HITS_MAX = 64 };
typedef struct dsv_hit {
    float x, y, w, h;  /* CSS pixels */
    uint64_t mask;     /* bit k: label[k] of dsv_hits */
} dsv_hit;
typedef struct dsv_hits {
    int valid;                 /* 1: the last frame drew step `step` settled, at a decision */
    size_t step;               /* the step the regions belong to */
    uint32_t generation;       /* ... of this line (ds_view.generation) */
    size_t cand_step;          /* the candidates below are event cand_step's */
    uint32_t cand_generation;  /* of that line (0: none yet; a loaded line is >= 1) */
    int nlabels;               /* the decision's candidate labels, in its order */
    char label[DSV_HIT_LABELS][DS_CHOICE_LABEL];
    int n;                     /* regions, in drawing order (the last drawn is on top) */
    dsv_hit r[DSV_HITS_MAX];
} dsv_hits;

typedef struct ds_view {
    int game;              /* DSV_* (DSV_NONE when nothing is loaded) */
    void *input;           /* the engine's parsed input: cirno_input*, thegame_input*,
                              mahjong_input*, goudan_input* */
    void *extra;           /* adapter-owned data; goudan: dsv_goudan (below) */
    ds_trace trace;        /* the engine's trace of the game shown */
    int loaded;            /* 1 once trace is valid */
    int busy;              /* 1 while work remains (goudan solving in slices) */
    double progress;       /* 0..1 while busy */
    uint32_t generation;   /* +1 on every successful load (scenes reset caches) */

    size_t step;           /* current step, 0..trace.n */
    size_t from_step;      /* step shown before the last move */
    double anim;           /* tween progress 0..1 from from_step to step (1 = settled) */
    double anim_seconds;   /* duration of one step's tween at the current speed */
    unsigned char *state;  /* state at step      (trace.state_size bytes) */
    unsigned char *from;   /* state at from_step (trace.state_size bytes) */

    int playing;           /* autoplay on */
    double speed;          /* 0.25 .. 8 */
    double hold;           /* seconds spent settled on `step` while playing */
    size_t play_to;        /* autoplay stops at this step (trace.n by default) */
    int reduced_motion;    /* 1: no tweening (prefers-reduced-motion) */
    int mode;              /* DSV_MODE_* */
    void *dp;              /* DP view state, owned by view_dp_<game>.c, which sets */
    void (*dp_release)(struct ds_view *v); /* this to free it; called (then both
                              are NULLed) when another game or input loads */

    ds_buf output;         /* the judge output of the whole game */
    uint32_t *lines_at_step; /* n+1 entries: judge lines written by events 0..i-1 */
    unsigned char *marks;  /* n entries: DSV_MARK_* of event i */

    int lang;              /* DS_LANG_*: the canvas's words (kept across loads) */
    float text_scale;      /* presenter mode: the scene is laid out for a window
                              text_scale times smaller and drawn that much bigger,
                              so every label grows with its shapes (0 = 1) */
    ds_buf drawn;          /* the strings the last frame drew, one per line
                              (text.c records them; dsv_api_drawn_strings) */

    ds_choice *choices;    /* the variation shown: forced choices (ds_core.h), */
    size_t nchoices;       /* sorted by event index; NULL/0 = the main line */
    ds_error error;        /* the last load error (line, col, msg) */
    ds_buf scratch;        /* JSON handed out by dsv_api_* (valid until the next call) */
    dsv_hits hits;         /* the clickable candidates of the last frame (above) */
} ds_view;

/* goudan's adapter data (v->extra when v->game == DSV_GOUDAN). The trace is
 * a playout of query `query` under optimal play with `seed`. */
struct goudan_solver;
struct goudan_table;
struct goudan_eval;
typedef struct dsv_goudan {
    struct goudan_solver *solver; /* while busy */
    struct goudan_table *table;   /* once solved */
    struct goudan_eval *eval;
    int O, hp_max;
    size_t query;                 /* 0-based query played out */
    uint64_t seed;
} dsv_goudan;

/* The event between from_step and step when they are adjacent, else NULL. */
static inline const void *dsv_tween_event(const ds_view *v) {
    size_t a = v->from_step, b = v->step;
    if (!v->loaded) return NULL;
    if (a + 1 == b) return ds_trace_event(&v->trace, a);
    if (b + 1 == a) return ds_trace_event(&v->trace, b);
    return NULL;
}
/* 1 when the tween plays its event backwards (step < from_step). */
static inline int dsv_tween_reversed(const ds_view *v) { return v->step < v->from_step; }
/* The tween progress eased (smoothstep), 0..1. */
static inline double dsv_ease(const ds_view *v) {
    double a = v->anim < 0 ? 0 : v->anim > 1 ? 1 : v->anim;
    return a * a * (3 - 2 * a);
}

/* ---- view.c --------------------------------------------------------------- */
void dsv_init(ds_view *v);                /* empty view, game = DSV_NONE */
void dsv_free(ds_view *v);
/* Parses and simulates `text` for `game` (DSV_*). 0 on success; -1 with
 * v->error filled (line, col, msg) and the previous game kept on failure.
 * A game that needs more work (goudan's table) sets busy; call dsv_work. */
int dsv_load(ds_view *v, int game, const char *text, size_t len);
/* Does at most about budget_ms of pending work; returns 1 while still busy. */
int dsv_work(ds_view *v, double budget_ms);
/* Shows a variation of the loaded game: the main line with the forced
 * choices `spec` ("I:LABEL,I:LABEL", ds_choices_parse; "" = the main line),
 * simulated again from the parsed input (nothing is re-parsed; goudan plays
 * its query and seed out again with the solved table). 0 on success, the
 * cursor at step 0; -1 with v->error filled and the line shown kept. While
 * the view is busy (goudan solving) the choices are kept and applied when
 * the work finishes. */
int dsv_try(ds_view *v, const char *spec, size_t len);
/* Moves the cursor (clamped to 0..n). animate = 0 jumps without a tween. */
void dsv_seek(ds_view *v, size_t step, int animate);
/* Advances the tween and autoplay by dt seconds (real elapsed time). */
void dsv_tick(ds_view *v, double dt);
void dsv_play(ds_view *v, int on);
void dsv_set_speed(ds_view *v, double speed); /* clamped to 0.25..8 */
/* The next (dir > 0) or previous (dir < 0) step whose event has a mark of at
 * least `min_mark`: the step just after such an event going forward (the
 * state it made), the step just before one going back. Returns v->step when
 * there is none. */
size_t dsv_find_mark(const ds_view *v, int dir, int min_mark);
/* 1-based judge output line written at `step` or most recently before it;
 * 0 before the first. */
uint32_t dsv_output_line(const ds_view *v, size_t step);
/* A random valid input for game from seed, into out. 0 or -1. */
int dsv_generate(int game, uint64_t seed, ds_buf *out);
/* Game ids "cirno", "thegame", "mahjong", "goudan" and back (-1 if unknown). */
const char *dsv_game_id(int game);
int dsv_game_from_id(const char *id);

/* ---- per-game adapters (view_<game>.c): JSON for the page ------------------ */
/* Event i / the state at step s as the engine's JSON (one object). */
int dsv_event_json(ds_view *v, size_t i, ds_buf *out);
int dsv_state_json(ds_view *v, size_t step, ds_buf *out);
/* thegame: the six judge lines of the state at `step` (the answer at step n). */
int dsv_thegame_state_lines(ds_view *v, size_t step, ds_buf *out);
/* goudan: play out query q (0-based) with seed (once solved). 0 or -1. */
int dsv_goudan_select(ds_view *v, size_t q, uint64_t seed);

#endif
