/* view_api.c - the viewer model as seen from the page: dsv_api_* functions
 * exported to JavaScript (declared in view_api.h, the one list the page's
 * binding web/shell/core/binding.js is generated from). They act on the one
 * view of the running front end (view_api_attach, called by i_main.c), and read what
 * its canvas's last frame reported (ds_frame_out, frame_out.h). Strings are
 * returned in the view's scratch buffer: valid until the next call that
 * returns a string. Natively they are plain functions (used by tests). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "api/view_api.h"

/* The platform layer owns the view; the exported functions have no other
 * way to reach it (JavaScript calls them without context). Until a view is
 * attached (or after view_api_attach(NULL)) they act on an empty view that
 * is never loaded: every query answers "nothing loaded", no call reads
 * through NULL, and load/try refuse. */
static ds_view no_view = {.game = DSV_NONE, .speed = 1.0, .anim = 1.0}; /* as dsv_init */
static ds_view *the_view = &no_view;
/* What the canvas's last frame reported (frame_out.h), owned by the same
 * platform layer; NULL: nothing drawn (no strings, no regions). */
static const ds_frame_out *the_out;

void view_api_attach(ds_view *v, const ds_frame_out *out) {
    the_view = v ? v : &no_view;
    the_out = v ? out : NULL;
}
ds_view *view_api_view(void) { return the_view == &no_view ? NULL : the_view; }
const ds_frame_out *view_api_frame_out(void) { return the_out; }

static const char *scratch(ds_buf *b) { return b->failed || !b->data ? "" : b->data; }

DSV_API int dsv_api_load(int game, const char *text, int len) {
    if (the_view == &no_view || !text || len < 0) return -1;
    return dsv_load(the_view, game, text, (size_t)len);
}

/* Variations (dsv_try): spec "I:LABEL,I:LABEL" ("" = the main line), as
 * UTF-8 text of len bytes. 0, or -1 with the error (dsv_api_error_json). */
DSV_API int dsv_api_try(const char *spec, int len) {
    if (the_view == &no_view || len < 0) return -1;
    return dsv_try(the_view, spec, (size_t)len);
}
/* The variation shown in the same text form ("" on the main line). */
DSV_API const char *dsv_api_variation(void) {
    ds_buf *b = &the_view->scratch;
    ds_buf_clear(b);
    ds_choices_format(the_view->choices, the_view->nchoices, b);
    ds_buf_puts(b, "");
    return scratch(b);
}

DSV_API const char *dsv_api_error(void) {
    ds_buf *b = &the_view->scratch;
    char line[540];
    ds_error_format(&the_view->error, line, sizeof line);
    ds_buf_clear(b);
    ds_buf_puts(b, line);
    return scratch(b);
}
/* The last error as data: {"line","col","msg","code","args"} (ds_error in
 * ds_core.h: code is the message's format, args its parts), so the page can
 * say it in Chinese (i18n.js errorText). */
DSV_API const char *dsv_api_error_json(void) {
    ds_buf *b = &the_view->scratch;
    const ds_error *e = &the_view->error;
    int k;
    ds_buf_clear(b);
    ds_buf_printf(b, "{\"line\":%d,\"col\":%d,\"msg\":", e->line, e->col);
    ds_buf_json_str(b, e->msg, strlen(e->msg));
    ds_buf_puts(b, ",\"code\":");
    ds_buf_json_str(b, e->code ? e->code : "", e->code ? strlen(e->code) : 0);
    ds_buf_puts(b, ",\"args\":[");
    for (k = 0; e->code && k < e->nargs; k++) {
        if (k) ds_buf_putc(b, ',');
        ds_buf_json_str(b, e->args[k], strlen(e->args[k]));
    }
    ds_buf_puts(b, "]}");
    return scratch(b);
}
DSV_API int dsv_api_error_line(void) { return the_view->error.line; }
DSV_API int dsv_api_error_col(void) { return the_view->error.col; }

/* The lists the page must agree with, as JSON arrays of ids in number order:
 * the games (ds_games.h; web/shell/games/index.js must list the same) and the mark
 * kinds (DSV_MARKS in view.h; app.js builds its MARK table from this).
 * Constant texts made at compile time: they need no view. A leading comma is
 * skipped, so the lists stay one X-macro each. */
#define JSON_ID_(NAME, id) ",\"" #id "\""
DSV_API const char *dsv_api_games(void) {
    static const char list[] = "[" DS_GAMES(JSON_ID_) "]";
    static char out[sizeof list];
    if (!out[0]) { out[0] = '['; memcpy(out + 1, list + 2, sizeof list - 2); }
    return out;
}
DSV_API const char *dsv_api_mark_kinds(void) {
    static const char list[] = "[" DSV_MARKS(JSON_ID_) "]";
    static char out[sizeof list];
    if (!out[0]) { out[0] = '['; memcpy(out + 1, list + 2, sizeof list - 2); }
    return out;
}
#undef JSON_ID_

DSV_API int dsv_api_game(void) { return the_view->game; }
DSV_API int dsv_api_loaded(void) { return the_view->loaded; }
DSV_API int dsv_api_steps(void) { return the_view->loaded ? (int)the_view->trace.n : 0; }
DSV_API int dsv_api_step(void) { return (int)the_view->step; }
DSV_API int dsv_api_busy(void) { return the_view->busy; }
DSV_API double dsv_api_progress(void) { return the_view->progress; }

DSV_API void dsv_api_seek(int step, int animate) {
    dsv_seek(the_view, step < 0 ? 0 : (size_t)step, animate);
}
DSV_API void dsv_api_play(int on) { dsv_play(the_view, on); }
DSV_API int dsv_api_playing(void) { return the_view->playing; }
DSV_API void dsv_api_set_speed(double x) { dsv_set_speed(the_view, x); }
DSV_API double dsv_api_speed(void) { return the_view->speed; }
DSV_API void dsv_api_set_play_to(int step) {
    ds_view *v = the_view;
    v->play_to = (step < 0 || !v->loaded || (size_t)step > v->trace.n) ? v->trace.n : (size_t)step;
    dsv_touch(v);
}
DSV_API void dsv_api_set_reduced_motion(int on) {
    the_view->reduced_motion = on ? 1 : 0;
    if (on) the_view->anim = 1;
    dsv_touch(the_view);
}
DSV_API void dsv_api_set_mode(int mode) {
    the_view->mode = mode == DSV_MODE_DP ? DSV_MODE_DP : DSV_MODE_GAME;
    dsv_touch(the_view);
}
/* The page asks for the next frame to be drawn although nothing it knows of
 * changed (view.h: frames are drawn only when the picture can differ): a
 * listener of the page's 'frame' event (core/viewer.js) asks after every
 * frame, so the canvas draws every frame while somebody counts them. */
DSV_API void dsv_api_redraw(void) { dsv_touch(the_view); }
DSV_API int dsv_api_mode(void) { return the_view->mode; }
DSV_API int dsv_api_find_mark(int dir, int min_mark) { return (int)dsv_find_mark(the_view, dir, min_mark); }
DSV_API const unsigned char *dsv_api_marks(void) { return the_view->marks; }

DSV_API const char *dsv_api_output(void) { return the_view->output.data ? the_view->output.data : ""; }
DSV_API int dsv_api_output_len(void) { return (int)the_view->output.len; }
DSV_API int dsv_api_output_line(int step) { return (int)dsv_output_line(the_view, step < 0 ? 0 : (size_t)step); }
/* The judge output line by line, so the page shows only the lines in view
 * and never copies the whole output out of the engine: the number of lines,
 * and line l (1-based, without its newline; "" past the end) in the scratch
 * buffer. */
DSV_API int dsv_api_output_count(void) {
    return the_view == &no_view ? 0 : (int)dsv_output_count(the_view);
}
DSV_API const char *dsv_api_output_text(int line) {
    ds_buf *b = &the_view->scratch;
    size_t len = 0;
    const char *p = the_view == &no_view || line < 1 ? NULL : dsv_output_text(the_view, (size_t)line, &len);
    ds_buf_clear(b);
    ds_buf_put(b, p ? p : "", p ? len : 0);
    ds_buf_puts(b, "");
    return scratch(b);
}
/* Pending work of the load (goudan's table) for about budget_ms, between the
 * frames (each frame does a slice too): 1 while work is left, 0 when done. */
DSV_API int dsv_api_work(double budget_ms) {
    if (the_view == &no_view || !the_view->busy) return 0;
    return dsv_work(the_view, budget_ms > 0 ? budget_ms : 1) ? 1 : 0;
}

DSV_API const char *dsv_api_event_json(int i) {
    ds_buf *b = &the_view->scratch;
    ds_buf_clear(b);
    if (i < 0 || dsv_event_json(the_view, (size_t)i, b)) { ds_buf_clear(b); ds_buf_puts(b, "null"); }
    return scratch(b);
}

/* The engine's sentence about event i in the view's language (dsv_api_set_lang). */
DSV_API const char *dsv_api_narrate(int i) {
    ds_buf *b = &the_view->scratch;
    ds_buf_clear(b);
    if (i < 0 || dsv_narrate(the_view, (size_t)i, b)) { ds_buf_clear(b); ds_buf_puts(b, ""); }
    return scratch(b);
}

/* How the line shown ended, in the view's language ("" when nothing is loaded). */
DSV_API const char *dsv_api_outcome(void) {
    ds_buf *b = &the_view->scratch;
    ds_buf_clear(b);
    if (dsv_outcome(the_view, b)) ds_buf_clear(b);
    ds_buf_puts(b, "");
    return scratch(b);
}

/* The engine's words about the state, in the view's language: the sentence
 * of step 0, the headline of the state at `step`, and what event i changed
 * (one sentence a line, each ending in a newline); "" when there is none. */
DSV_API const char *dsv_api_start(void) {
    ds_buf *b = &the_view->scratch;
    ds_buf_clear(b);
    if (dsv_start(the_view, b)) ds_buf_clear(b);
    ds_buf_puts(b, "");
    return scratch(b);
}

DSV_API const char *dsv_api_headline(int step) {
    ds_buf *b = &the_view->scratch;
    ds_buf_clear(b);
    if (step < 0 || dsv_headline(the_view, (size_t)step, b)) ds_buf_clear(b);
    ds_buf_puts(b, "");
    return scratch(b);
}

DSV_API const char *dsv_api_changes(int i) {
    ds_buf *b = &the_view->scratch;
    ds_buf_clear(b);
    if (i < 0 || dsv_changes(the_view, (size_t)i, b)) ds_buf_clear(b);
    ds_buf_puts(b, "");
    return scratch(b);
}

DSV_API const char *dsv_api_state_json(int step) {
    ds_buf *b = &the_view->scratch;
    ds_buf_clear(b);
    if (step < 0 || dsv_state_json(the_view, (size_t)step, b)) { ds_buf_clear(b); ds_buf_puts(b, "null"); }
    return scratch(b);
}

DSV_API const char *dsv_api_thegame_lines(int step) {
    ds_buf *b = &the_view->scratch;
    ds_buf_clear(b);
    if (step < 0 || dsv_thegame_state_lines(the_view, (size_t)step, b)) ds_buf_clear(b);
    ds_buf_puts(b, ""); /* NUL-terminate even when empty */
    return scratch(b);
}

DSV_API const char *dsv_api_generate(int game, double seed) {
    ds_buf *b = &the_view->scratch;
    ds_buf_clear(b);
    if (!(seed >= 0) || seed > 9007199254740991.0 || dsv_generate(game, (uint64_t)seed, b)) ds_buf_clear(b);
    ds_buf_puts(b, "");
    return scratch(b);
}

DSV_API int dsv_api_goudan_select(int query, double seed) {
    if (query < 0 || !(seed >= 0) || seed > 9007199254740991.0) return -1;
    return dsv_goudan_select(the_view, (size_t)query, (uint64_t)seed);
}
DSV_API int dsv_api_goudan_query(void) {
    const dsv_goudan *g = the_view->game == DSV_GOUDAN ? the_view->extra : NULL;
    return g ? (int)g->query : -1;
}
DSV_API int dsv_api_goudan_count(void) {
    ds_view *v = the_view;
    /* one answer line per query once solved */
    if (v->game != DSV_GOUDAN || v->busy || !v->output.data) return 0;
    return (int)dsv_output_count(v);
}

/* The language of the words on the canvas: 0 English, 1 Chinese (the page
 * calls it with its language at start and on every change). */
DSV_API void dsv_api_set_lang(int zh) {
    the_view->lang = zh ? DS_LANG_ZH : DS_LANG_EN;
    dsv_touch(the_view);
}
DSV_API int dsv_api_lang(void) { return the_view->lang; }

/* Presenter mode (docs/teaching.md): the canvas's words, and the scene with
 * them, k times bigger (1..4; the page sends 1 when it leaves the mode). The
 * layout is the one for a window k times smaller, so labels never overlap
 * more than they do at that size. */
DSV_API void dsv_api_set_text_scale(double k) {
    the_view->text_scale = k >= 1.0 ? (float)(k > 4.0 ? 4.0 : k) : 1.0f;
    dsv_touch(the_view);
}
DSV_API double dsv_api_text_scale(void) { return the_view->text_scale > 0 ? the_view->text_scale : 1.0; }

/* The strings the last drawn frame put on the canvas, as a JSON array in
 * drawing order (text.c records every text_draw into the frame's
 * ds_frame_out.drawn): for tests. */
DSV_API const char *dsv_api_drawn_strings(void) {
    ds_buf *b = &the_view->scratch;
    const char *p = the_out ? the_out->drawn.data : NULL, *end = p ? p + the_out->drawn.len : p;
    int first = 1;
    ds_buf_clear(b);
    ds_buf_putc(b, '[');
    while (p && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (!first) ds_buf_putc(b, ',');
        ds_buf_json_str(b, p, n);
        first = 0;
        p += n + 1;
    }
    ds_buf_puts(b, "]");
    return scratch(b);
}

/* ---- clicking the canvas (frame_out.h dsv_hits, docs/variations.md) ----------
 * The regions the last frame registered, when that frame showed the current
 * step of the current line settled at a decision; else none (a tween, the DP
 * view, another step, a line loaded since). */
static const dsv_hits *live_hits(void) {
    const ds_view *v = the_view;
    const dsv_hits *h = the_out ? &the_out->hits : NULL;
    if (!h || !h->valid || !v->loaded || v->busy || v->mode != DSV_MODE_GAME) return NULL;
    if (h->step != v->step || h->generation != v->generation) return NULL;
    return h;
}

static void put_labels(ds_buf *b, const dsv_hits *h, uint64_t mask) {
    int k, first = 1;
    ds_buf_putc(b, '[');
    for (k = 0; k < h->nlabels; k++) {
        if (!(mask >> k & 1)) continue;
        if (!first) ds_buf_putc(b, ',');
        ds_buf_json_str(b, h->label[k], strlen(h->label[k]));
        first = 0;
    }
    ds_buf_putc(b, ']');
}

/* The labels a click at (x, y) means, as a JSON array ("[]" for none): x, y
 * in the canvas's CSS pixels from its top-left corner (a mouse event's
 * offsetX/offsetY; the canvas's backing store is devicePixelRatio times
 * larger, the regions are not). The region drawn last (on top) wins. */
DSV_API const char *dsv_api_hit(double x, double y) {
    ds_buf *b = &the_view->scratch;
    const dsv_hits *h = live_hits();
    int i;
    ds_buf_clear(b);
    for (i = h ? h->n - 1 : -1; i >= 0; i--) {
        const dsv_hit *r = &h->r[i];
        if (x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h) {
            put_labels(b, h, r->mask);
            ds_buf_puts(b, "");
            return scratch(b);
        }
    }
    ds_buf_puts(b, "[]");
    return scratch(b);
}

/* Every region of the current frame, [{"x","y","w","h","labels":[...]}, ...]
 * in CSS pixels, in drawing order (for tests and for the page's cursor). */
DSV_API const char *dsv_api_regions(void) {
    ds_buf *b = &the_view->scratch;
    const dsv_hits *h = live_hits();
    int i;
    ds_buf_clear(b);
    ds_buf_putc(b, '[');
    for (i = 0; h && i < h->n; i++) {
        const dsv_hit *r = &h->r[i];
        if (i) ds_buf_putc(b, ',');
        ds_buf_printf(b, "{\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f,\"labels\":", r->x, r->y, r->w, r->h);
        put_labels(b, h, r->mask);
        ds_buf_putc(b, '}');
    }
    ds_buf_puts(b, "]");
    return scratch(b);
}
