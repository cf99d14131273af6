/* test_layout.c - "readable at every size": no two words the canvas draws
 * overlap, and none leaves the canvas, at the embed sizes.
 *
 * Every scene is drawn by SDL's software renderer (no window; unpainted,
 * sw_canvas.h: the layout and draw calls of each size, no pixels) with the box
 * recorder on (ds_text.boxes: the ink box of every string text_draw puts on
 * the canvas, and the shapes the scenes declare around their text: cards,
 * tiles, badges). A frame fails when
 *   - two strings' boxes overlap by more than TOL pixels both ways,
 *   - a string overlaps a shape that is not its own (a card over a banner),
 *   - a string or a shape leaves the canvas by more than TOL pixels.
 * Things in flight (text_moving: a card crossing the table in a tween) pass
 * over the others by design and are not checked; shapes may overlap shapes
 * (a cascade of cards), not each other's words.
 *
 * Drawn: samples 1 and 2 of the four games and a generated game of each
 * (dsv_generate, seed 1), a dense spread of steps, each settled and in the
 * middle of its tween (anim 0.5), the DP views of mahjong and goudan at the
 * first, middle and last step; in English and Chinese; at 320x240, 480x270,
 * 640x360 and 640x400; at 343x429 (the canvas of a 360 px phone, portrait);
 * and at 320x167, 480x194 and 640x284, the canvases of embed.html in iframes
 * of 320x240, 480x270 and 640x360 with the full controls (the two-line caption and the
 * timeline take the rest; teach_embed.test.mjs checks that the embed's canvas
 * is never smaller than these) (scale 1: renderer pixels are canvas pixels).
 * Prints one line per failing pair (game, input, size, language, step, both
 * strings and boxes; the first 40 unless told) and a count per game, size and mode.
 * With --dp (frontend_layout_dp) the DP views instead of the game scenes.
 * Usage: test_layout [--dp] [--game G] [samples-dir [lines]] (default DS_SAMPLES,
 * 40 lines; --game: that game alone). */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "scenes/scene.h"
#include "sw_canvas.h"
#include "text/text.h"
#include "model/view.h"
#include "api/view_api.h"

#define TOL 1.0f /* pixels of overlap forgiven (antialiased edges) */

static const char *data_dir = DS_SAMPLES;

enum { NSIZES = 8 };
static const int sizes[NSIZES][2] = {{320, 240}, {480, 270}, {640, 360}, {640, 400}, {343, 429}, {320, 167}, {480, 194}, {640, 284}};
static const char *const lang_name[2] = {"en", "zh"};

/* Scene states, created on first use (as the platform layer does). */
static void *states[16];
static const ds_scene *scenes[16];

static int dp_views; /* --dp: the DP views, else the game scenes */
static int only_game = -1; /* --game G: that game alone (one ctest per game) */
static int frames_drawn, boxes_checked, reported, report_max = 40;
static int fails[DSV_GAMES][2][NSIZES]; /* [game][mode][size] failing pairs */

static float overlap(float a0, float a1, float b0, float b1) {
    float lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
    return hi - lo;
}

static void report(const char *where, const char *what, const ds_text_box *a, const ds_text_box *b) {
    if (reported++ >= report_max) return;
    fprintf(stderr, "  %s: %s \"%s\" (%.0f,%.0f %.0fx%.0f)", where, what, a->s, a->x, a->y, a->w, a->h);
    if (b) fprintf(stderr, " / %s \"%s\" (%.0f,%.0f %.0fx%.0f)", b->kind == DS_BOX_SHAPE ? "shape" : "text", b->s, b->x,
                   b->y, b->w, b->h);
    fputc('\n', stderr);
}

/* Checks the boxes of one frame; returns the number of failures. */
static int check_boxes(const ds_buf *rec, int w, int h, const char *where) {
    size_t n = text_box_count(rec), i, j;
    int bad = 0;
    for (i = 0; i < n; i++) {
        const ds_text_box *a = text_box_at(rec, i);
        if (a->moving) continue;
        boxes_checked++;
        if (a->x < -TOL || a->y < -TOL || a->x + a->w > (float)w + TOL || a->y + a->h > (float)h + TOL) {
            report(where, a->kind == DS_BOX_SHAPE ? "shape off the canvas" : "text off the canvas", a, NULL);
            bad++;
        }
        for (j = i + 1; j < n; j++) {
            const ds_text_box *b = text_box_at(rec, j);
            if (b->moving) continue;
            if (a->kind == DS_BOX_SHAPE && b->kind == DS_BOX_SHAPE) continue;
            if (a->kind == DS_BOX_SHAPE && b->parent == (int)i) continue; /* its own text */
            if (b->kind == DS_BOX_SHAPE && a->parent == (int)j) continue;
            if (overlap(a->x, a->x + a->w, b->x, b->x + b->w) > TOL &&
                overlap(a->y, a->y + a->h, b->y, b->y + b->h) > TOL) {
                report(where, "overlap", a, b);
                bad++;
            }
        }
    }
    return bad;
}

/* Draws one frame of v's scene into c with the box recorder on, checks it. */
static void draw_checked(canvas *c, ds_view *v, int si, const char *where) {
    const ds_scene *sc = ds_scene_for(v);
    int i, bad;
    ds_theme th = ds_theme_make(1);
    ds_frame f;
    ds_buf rec;
    void *st = NULL;
    char full[192];
    for (i = 0; i < 16 && scenes[i]; i++)
        if (scenes[i] == sc) st = states[i];
    if (!st && i < 16) {
        st = sc->create();
        scenes[i] = sc;
        states[i] = st;
    }
    if (!st) return;
    ds_buf_init(&rec);
    dsv_dp_update(v, 0, 6.0); /* the model's update step, as i_main.c frame() */
    f = canvas_frame(c, &th, v, 0);
    c->text.boxes = &rec;
    sc->draw(st, &f);
    c->text.boxes = NULL;
    c->text.shape = 0;
    c->text.moving = 0;
    frames_drawn++;
    snprintf(full, sizeof full, "%s %dx%d %s %s", where, c->w, c->h, lang_name[v->lang],
             v->mode == DSV_MODE_DP ? "DP" : "");
    bad = check_boxes(&rec, c->w, c->h, full);
    CHECK(bad == 0);
    if (v->game >= 0 && v->game < DSV_GAMES) fails[v->game][v->mode == DSV_MODE_DP][si] += bad;
    ds_buf_free(&rec);
}

/* One frame in every size and language. */
static void draw_all(canvas *cs, ds_view *v, const char *where) {
    int si, lang;
    for (lang = 0; lang < 2; lang++) {
        v->lang = lang;
        for (si = 0; si < NSIZES; si++) draw_checked(&cs[si], v, si, where);
    }
    v->lang = DS_LANG_EN;
}

/* About `most` steps evenly spread (always the first and last), each settled
 * and mid-tween; the DP view at the first, middle and last step. */
static void check_game(canvas *cs, ds_view *v, const char *name, size_t most) {
    size_t n = v->trace.n, s, picks[3], stride = n > most ? n / most : 1;
    char where[128];
    int k;
    v->mode = DSV_MODE_GAME;
    for (s = 0; !dp_views; s = s + stride > n ? n : s + stride) {
        snprintf(where, sizeof where, "%s step %zu", name, s);
        dsv_seek(v, s, 0);
        v->anim = 1;
        draw_all(cs, v, where);
        if (s == n) break;
        dsv_seek(v, s + 1, 1);
        v->anim = 0.5;
        snprintf(where, sizeof where, "%s step %zu->%zu at 0.5", name, s, s + 1);
        draw_all(cs, v, where);
    }
    if (!dp_views || (v->game != DSV_MAHJONG && v->game != DSV_GOUDAN)) return;
    picks[0] = 0;
    picks[1] = n / 2;
    picks[2] = n;
    v->mode = DSV_MODE_DP;
    for (k = 0; k < 3; k++) {
        snprintf(where, sizeof where, "%s step %zu", name, picks[k]);
        dsv_seek(v, picks[k], 0);
        v->anim = 1;
        draw_all(cs, v, where);
    }
    v->mode = DSV_MODE_GAME;
}

static int load_all(ds_view *v, int game, const char *text, size_t len) {
    if (dsv_load(v, game, text, len) != 0) {
        fprintf(stderr, "load failed: line %d, column %d: %s\n", v->error.line, v->error.col, v->error.msg);
        return -1;
    }
    while (v->busy) dsv_work(v, 1000);
    return v->loaded ? 0 : -1;
}

static void check_inputs(canvas *cs, ds_view *v) {
    int g, k;
    for (g = 0; g < DSV_GAMES; g++) {
        if (dp_views && g != DSV_MAHJONG && g != DSV_GOUDAN) continue;
        if (only_game >= 0 && g != only_game) continue;
        for (k = 1; k <= 3; k++) {
            ds_buf in;
            char name[64];
            ds_buf_init(&in);
            if (k <= 2) { /* the samples */
                char path[512];
                size_t len;
                char *text;
                snprintf(path, sizeof path, "%s/%s/sample-%d.in", data_dir, dsv_game_id(g), k);
                text = ds_test_read_file(path, &len);
                if (!text) continue;
                ds_buf_put(&in, text, len);
                free(text);
                snprintf(name, sizeof name, "%s sample %d", dsv_game_id(g), k);
            } else { /* a generated game */
                CHECK_EQ_INT(dsv_generate(g, 1, &in), 0);
                snprintf(name, sizeof name, "%s seed 1", dsv_game_id(g));
            }
            CHECK_EQ_INT(load_all(v, g, in.data, in.len), 0);
            if (v->loaded && v->game == g) check_game(cs, v, name, g == DSV_CIRNO && k == 3 ? 12 : 24);
            ds_buf_free(&in);
        }
    }
}

int main(int argc, char **argv) {
    canvas cs[NSIZES];
    ds_view v;
    int i, g, m;
    if (argc > 1 && !strcmp(argv[1], "--dp")) {
        dp_views = 1;
        argc--;
        argv++;
    }
    if (argc > 2 && !strcmp(argv[1], "--game")) {
        only_game = dsv_game_from_id(argv[2]);
        if (only_game < 0) {
            fprintf(stderr, "unknown game '%s'\n", argv[2]);
            return 2;
        }
        argc -= 2;
        argv += 2;
    }
    if (argc > 1) data_dir = argv[1];
    if (argc > 2) report_max = atoi(argv[2]);
    if (SDL_Init(0) != 0) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    dsv_init(&v);
    view_api_attach(&v, NULL);
    for (i = 0; i < NSIZES; i++)
        if (canvas_open_unpainted(&cs[i], sizes[i][0], sizes[i][1], 1.0f) != 0) {
            fprintf(stderr, "canvas: %s\n", SDL_GetError());
            return 1;
        }
    /* the recorder itself: a string drawn inside a declared shape is its child */
    {
        ds_buf rec;
        const ds_text_box *b;
        ds_buf_init(&rec);
        cs[0].text.boxes = &rec;
        text_shape_begin(&cs[0].text, 10, 10, 60, 30, "card");
        text_draw(&cs[0].text, cs[0].r, DS_FONT_BODY, 40, 15, DS_ALIGN_CENTER, (SDL_Color){0, 0, 0, 255}, "A9");
        text_shape_end(&cs[0].text);
        text_draw(&cs[0].text, cs[0].r, DS_FONT_BODY, 41, 16, DS_ALIGN_CENTER, (SDL_Color){0, 0, 0, 255}, "B9");
        cs[0].text.boxes = NULL;
        CHECK_EQ_INT((int)text_box_count(&rec), 3);
        if (text_box_count(&rec) == 3) {
            b = text_box_at(&rec, 1);
            CHECK_EQ_INT(b->parent, 0);
            CHECK(b->w > 5 && b->h > 5 && b->x > 20 && b->x + b->w < 60 && !strcmp(b->s, "A9"));
            CHECK_EQ_INT(text_box_at(&rec, 2)->parent, -1);
            CHECK_EQ_INT(check_boxes(&rec, 320, 240, "recorder self-test (expected)") >= 2, 1);
            reported = 0;
        }
        ds_buf_free(&rec);
    }
    check_inputs(cs, &v);
    printf("%d frames, %d boxes checked\n", frames_drawn, boxes_checked);
    for (g = 0; g < DSV_GAMES; g++)
        for (m = 0; m < 2; m++) {
            if (m != dp_views || (m == 1 && g != DSV_MAHJONG && g != DSV_GOUDAN)) continue;
            if (only_game >= 0 && g != only_game) continue;
            printf("%-8s %-4s", dsv_game_id(g), m ? "DP" : "game");
            for (i = 0; i < NSIZES; i++) printf("  %dx%d: %d", sizes[i][0], sizes[i][1], fails[g][m][i]);
            printf("\n");
        }
    for (i = 0; i < 16 && scenes[i]; i++) scenes[i]->destroy(states[i]);
    for (i = 0; i < NSIZES; i++) canvas_close(&cs[i]);
    dsv_free(&v);
    SDL_Quit();
    DS_TEST_MAIN_END();
}
