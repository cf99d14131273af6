/* view.h - the viewer model: one loaded game, its engine trace, the cursor.
 *
 * This is the contract between the parts of the front end:
 *   - view.c + view_<game>.c (adapters) load an input through the engine
 *     (<g>_parse, <g>_simulate), own the trace and move the cursor; the
 *     adapters are the only front-end files that call a game's engine API
 *     to build a view;
 *   - scenes (scene_<game>.c) draw a frame from a const ds_view: the state at
 *     `from_step`, the state at `step`, the event between them, and the tween
 *     progress `anim`; they never simulate or re-implement a rule, and they
 *     write nothing into the model (what a frame reports back goes to its
 *     ds_frame_out, frame_out.h);
 *   - DP views: the model (view_dp_<game>.c) holds the records the engine
 *     made (mahjong_dp_record, goudan_explanation / goudan_tree / the solver)
 *     and advances in its update step (dsv_dp_update, called by the platform
 *     layer before drawing); the scenes (scene_dp_<game>.c) only draw it;
 *   - view_api.c exports dsv_api_* functions to the JS shell (timeline, texts,
 *     window.deckscope), which reads JSON made by the engine.
 *
 * Step numbering is ds_trace's: step 0 is before the first event, step n
 * (= trace.n) the end. Moving from step s to s+1 plays event s; moving from
 * s+1 back to s plays it in reverse.
 *
 * Playback runs on real elapsed time (dsv_tick(dt)): at most one step per
 * tick, so a slow frame or a background tab never skips or repeats a step.
 *
 * Drawing only when something changed (issue 25): a canvas frame costs
 * 12-15 ms of CPU in a software-GL browser, so the platform layer draws a
 * frame only when the picture can differ from the last one drawn: `dirty`
 * is set by every call that changes what is shown (dsv_touch: the functions
 * below, the page's dsv_api_* setters, the DP views' commands, any input
 * event, the page asking with dsv_api_redraw) and cleared when a frame is
 * drawn; dsv_animating says the view moves by itself (a tween, autoplay, a
 * solve in slices, a DP view's animation or work) and is drawn every frame;
 * with reduced motion, autoplay of the game draws once per step.
 */
#ifndef DS_VIEW_H
#define DS_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "ds_core.h"
#include "ds_decision.h"
#include "ds_games.h"

/* The games, numbered as in engine/core/ds_games.h (the one list). */
enum {
    DSV_NONE = -1,
    DSV_CIRNO = DS_GAME_CIRNO,
    DSV_THEGAME = DS_GAME_THEGAME,
    DSV_MAHJONG = DS_GAME_MAHJONG,
    DSV_GOUDAN = DS_GAME_GOUDAN,
    DSV_GAMES = DS_NGAMES
};

/* Kinds of "meaningful points" on the timeline (scrubber marks, prev/next),
 * one per event, in increasing importance. The one list: the page reads the
 * names and numbers from dsv_api_mark_kinds (app.js builds its MARK from it). */
#define DSV_MARKS(X) X(NONE, none) X(TURN, turn) X(ROUND, round) X(CALL, call) X(END, end)
enum {
#define DSV_MARK_ENUM_(NAME, id) DSV_MARK_##NAME,
    DSV_MARKS(DSV_MARK_ENUM_)
#undef DSV_MARK_ENUM_
    DSV_NMARKS
};

/* What the canvas shows: the game (timeline) or the DP view of that game. */
enum { DSV_MODE_GAME = 0, DSV_MODE_DP = 1 };

/* The language of the words on the canvas (strings.h; the page's &lang=):
 * DS_LANG_EN / DS_LANG_ZH of ds_decision.h, the engine's languages. */

/* Playback speed limits (x). One step lasts DSV_STEP_SECONDS / speed. */
#define DSV_SPEED_MIN 0.25
#define DSV_SPEED_MAX 8.0
#define DSV_STEP_SECONDS 0.9

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
    uint32_t *out_starts;  /* its line index (dsv_output_text), built on first use */
    size_t out_cap;        /* entries out_starts has room for */
    size_t out_nlines;     /* for the output of generation out_gen, out_len bytes */
    size_t out_len;
    uint32_t out_gen;
    uint32_t *lines_at_step; /* n+1 entries: judge lines written by events 0..i-1 */
    unsigned char *marks;  /* n entries: DSV_MARK_* of event i */
    size_t arrays_cap;     /* entries lines_at_step and marks have room for */

    int lang;              /* DS_LANG_*: the canvas's words (kept across loads) */
    float text_scale;      /* presenter mode: the scene is laid out for a window
                              text_scale times smaller and drawn that much bigger,
                              so every label grows with its shapes (0 = 1) */

    ds_choice *choices;    /* the variation shown: forced choices (ds_core.h), */
    size_t nchoices;       /* sorted by event index; NULL/0 = the main line */
    ds_error error;        /* the last load error (line, col, msg) */
    ds_buf scratch;        /* JSON handed out by dsv_api_* (valid until the next call) */
    int dirty;             /* 1: what is shown changed since the last frame drawn
                              (dsv_touch; the platform layer clears it when it draws) */
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
/* v's goudan data once it is solved and loaded; NULL otherwise. */
dsv_goudan *dsv_goudan_loaded(ds_view *v);

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

/* The picture changed: the next frame is drawn (view.h, top). */
static inline void dsv_touch(ds_view *v) { v->dirty = 1; }

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
/* The DP view's update step, once per frame before drawing (a no-op unless
 * v shows a DP view: DSV_MODE_DP, loaded, not busy): its state follows the
 * step, its animation advances by dt seconds, and it does at most about
 * budget_ms of its own work (goudan's heat map, the teaching solve). The
 * DP scenes only draw what this left. */
void dsv_dp_update(ds_view *v, double dt, double budget_ms);
/* For an offscreen frame: `copy` is a render copy of `live` (the same game
 * and line, its own cursor, its own v->dp, initially NULL); makes copy's DP
 * state show copy->step as the live canvas does: the live DP state itself
 * (hand, candidate, animation, explored state) when the live view is at that
 * step, else the DP view of that step settled (animation at its end, all
 * its work done). 0 (also when there is no DP view), -1 out of memory. */
int dsv_dp_still(ds_view *copy, const ds_view *live);
void dsv_play(ds_view *v, int on);
void dsv_set_speed(ds_view *v, double speed); /* clamped to 0.25..8 */
/* 1 while the view changes by itself from frame to frame, so every frame is
 * drawn: busy (a solve in slices), a tween running, autoplay on, or in the
 * DP view its animation or its pending work (mahjong's columns, goudan's
 * teaching solve and heat map). 0: the picture stays until dsv_touch. */
int dsv_animating(const ds_view *v);
/* The next (dir > 0) or previous (dir < 0) step whose event has a mark of at
 * least `min_mark`: the step just after such an event going forward (the
 * state it made), the step just before one going back. Returns v->step when
 * there is none. */
size_t dsv_find_mark(const ds_view *v, int dir, int min_mark);
/* 1-based judge output line written at `step` or most recently before it;
 * 0 before the first. */
uint32_t dsv_output_line(const ds_view *v, size_t step);
/* The judge output's lines, for a page that shows only the visible ones
 * (the index is built once per output, 4 bytes a line): the number of lines
 * (a last line without its newline counts; 0 when the index cannot be made),
 * and line l (1-based) without its newline, *len bytes, NULL past the end. */
size_t dsv_output_count(ds_view *v);
const char *dsv_output_text(ds_view *v, size_t l, size_t *len);
/* A random valid input for game from seed, into out. 0 or -1. */
int dsv_generate(int game, uint64_t seed, ds_buf *out);
/* Game ids (ds_games.h) and back: "none" / -1 if unknown. */
const char *dsv_game_id(int game);
int dsv_game_from_id(const char *id);

/* ---- per-game adapters (view_<game>.c): JSON for the page ------------------ */
/* Event i / the state at step s as the engine's JSON (one object). */
int dsv_event_json(const ds_view *v, size_t i, ds_buf *out);
/* The engine's sentence about event i, in v->lang (the page's caption). */
int dsv_narrate(const ds_view *v, size_t i, ds_buf *out);
/* How the line shown ended, in v->lang: the engine's outcome (ds_game's
 * outcome, what the CLI's --compare says in its words: "lost: 16 cards left (8 in hand, 8 in
 * the pile)", "The teacher wins after 5 turns (event 39)"). */
int dsv_outcome(const ds_view *v, ds_buf *out);
/* The engine's words about the state, in v->lang, through the game's
 * ds_game (engine/core/ds_game.h): the sentence of step 0 (start), the
 * headline of the state at `step` (0..steps), and what event i changed
 * (one sentence a line). 0 or -1 (nothing loaded, out of range). */
int dsv_start(const ds_view *v, ds_buf *out);
int dsv_headline(const ds_view *v, size_t step, ds_buf *out);
int dsv_changes(const ds_view *v, size_t i, ds_buf *out);
int dsv_state_json(ds_view *v, size_t step, ds_buf *out);
/* thegame: the six judge lines of the state at `step` (the answer at step n). */
int dsv_thegame_state_lines(ds_view *v, size_t step, ds_buf *out);
/* goudan: play out query q (0-based) with seed (once solved). 0 or -1. */
int dsv_goudan_select(ds_view *v, size_t q, uint64_t seed);

#endif
