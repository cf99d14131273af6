/* test_scenes_cb.c - the cirno and thegame scenes (web/app/scenes/scene_cirno.c,
 * scene_thegame.c) drawn into SDL's software renderer, no window, through
 * their public interface (ds_scene + ds_frame + the viewer model):
 *   - every step of the samples and of generated games (dsv_generate) is
 *     drawn settled: never blank, and different from the step before it
 *     (the canvas changes with every event);
 *   - the tween between two steps shows something in between: a frame in
 *     the middle differs from both ends;
 *   - stepping back plays the same animation in reverse: the frame at
 *     progress a going forward equals the frame at 1 - a going back, pixel
 *     for pixel;
 *   - both themes are used (the light frame is lighter), HiDPI (scale 2)
 *     draws, every table size 1..30 players fits the sizes from a 320 px
 *     phone to 1920x1080 (1-6, 9, 12, 18, 24, 30 players) without crashing (under ASan in `make test`);
 *   - the mean CPU time of a frame (software renderer) is printed.
 * Usage: test_scenes_cb [samples-dir] (default DS_SAMPLES). */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ds_test.h"
#include "sw_canvas.h"
#include "scenes/scene.h"
#include "text/text.h"
#include "model/view.h"

static const char *data_dir = DS_SAMPLES;

/* Draws one frame of scene `sc` for view v into c; copies its pixels to out
 * (w*h words) when out is not NULL. */
static void frame(canvas *c, const ds_scene *sc, void *st, const ds_view *v, int dark, Uint32 *out) {
    ds_theme th = ds_theme_make(dark);
    ds_frame f = canvas_frame(c, &th, v, 0);
    sc->draw(st, &f);
    SDL_RenderFlush(c->r);
    if (out) {
        int y;
        for (y = 0; y < c->h; y++)
            memcpy(out + (size_t)y * (size_t)c->w, (const Uint8 *)c->surf->pixels + (size_t)y * (size_t)c->surf->pitch,
                   (size_t)c->w * 4);
    }
}

static int distinct_colours(const Uint32 *px, size_t n, int enough) {
    /* a small open-addressing set; stops once `enough` colours are seen */
    enum { CAP = 256 };
    Uint32 set[CAP];
    int used[CAP] = {0}, count = 0;
    size_t i;
    for (i = 0; i < n && count < enough; i += 7) {
        Uint32 c = px[i] | 0xFF000000u, hsh = (c * 2654435761u) >> 24;
        while (used[hsh] && set[hsh] != c) hsh = (hsh + 1) & (CAP - 1);
        if (!used[hsh]) used[hsh] = 1, set[hsh] = c, count++;
    }
    return count;
}

static double mean_luma(const Uint32 *px, size_t n) {
    double sum = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        Uint32 c = px[i];
        sum += 0.299 * ((c >> 16) & 255) + 0.587 * ((c >> 8) & 255) + 0.114 * (c & 255);
    }
    return n ? sum / (double)n : 0;
}

static int load(ds_view *v, int game, const char *text, size_t len) {
    if (dsv_load(v, game, text, len) != 0) {
        fprintf(stderr, "load failed: line %d, column %d: %s\n", v->error.line, v->error.col, v->error.msg);
        return -1;
    }
    return 0;
}

/* Settled step s (no tween). */
static void settle(ds_view *v, size_t s) {
    dsv_seek(v, s, 0);
    v->anim = 1;
}

/* The tween of event s (s -> s+1), or backwards (s+1 -> s), at progress a. */
static void tween(ds_view *v, size_t s, int back, double a) {
    dsv_seek(v, back ? s + 1 : s, 0);
    dsv_seek(v, back ? s : s + 1, 1);
    v->anim = a;
}

typedef struct stats {
    long frames, blank, same_as_prev, tween_static, asym;
} stats;

/* All checks on one loaded game, at most max_events events (spread evenly). */
static void check_game(const char *what, const ds_scene *sc, ds_view *v, canvas *c, int dark,
                       size_t max_events) {
    size_t n = v->trace.n, npx = (size_t)c->w * (size_t)c->h, s, stride;
    Uint32 *prev = malloc(npx * 4), *cur = malloc(npx * 4), *mid = malloc(npx * 4), *rev = malloc(npx * 4);
    void *st = sc->create();
    stats k;
    memset(&k, 0, sizeof k);
    CHECK(prev && cur && mid && rev && st);
    if (!prev || !cur || !mid || !rev || !st) goto done;
    stride = max_events && n > max_events ? n / max_events : 1;
    settle(v, 0);
    frame(c, sc, st, v, dark, prev);
    for (s = 0; s + 1 <= n; s += stride) {
        if (stride > 1) { /* jump: the frame before this event, settled */
            settle(v, s);
            frame(c, sc, st, v, dark, prev);
        }
        settle(v, s + 1);
        frame(c, sc, st, v, dark, cur);
        k.frames++;
        if (distinct_colours(cur, npx, 8) < 8) k.blank++;
        if (!memcmp(prev, cur, npx * 4)) k.same_as_prev++;
        /* the middle of the tween differs from both ends */
        tween(v, s, 0, 0.5);
        frame(c, sc, st, v, dark, mid);
        if (!memcmp(mid, prev, npx * 4) || !memcmp(mid, cur, npx * 4)) k.tween_static++;
        /* forward at a == backward at 1 - a */
        {
            static const double as[1] = {0.25};
            int j;
            for (j = 0; j < 1; j++) {
                tween(v, s, 0, as[j]);
                frame(c, sc, st, v, dark, mid);
                tween(v, s, 1, 1 - as[j]);
                frame(c, sc, st, v, dark, rev);
                if (memcmp(mid, rev, npx * 4)) k.asym++;
            }
        }
        { Uint32 *t = prev; prev = cur; cur = t; }
    }
    if (k.blank || k.same_as_prev || k.tween_static || k.asym)
        fprintf(stderr, "%s (%dx%d, %s): %ld frames: %ld blank, %ld same as the step before, %ld tweens "
                "without motion, %ld reversed tweens that differ\n", what, c->w, c->h, dark ? "dark" : "light",
                k.frames, k.blank, k.same_as_prev, k.tween_static, k.asym);
    CHECK(k.frames > 0);
    CHECK_EQ_INT(k.blank, 0);
    CHECK_EQ_INT(k.same_as_prev, 0);
    CHECK_EQ_INT(k.tween_static, 0);
    CHECK_EQ_INT(k.asym, 0);
done:
    if (st) sc->destroy(st);
    free(prev);
    free(cur);
    free(mid);
    free(rev);
}

static char *read_sample(const char *game, int i, size_t *len) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s/sample-%d.in", data_dir, game, i);
    return ds_test_read_file(path, len);
}

/* cirno with n players who only hold and draw A1: p climbs by one a play
 * until someone passes 99. */
static size_t cirno_table(int n, char *buf, size_t cap) {
    size_t len = 0;
    int i, k = 200;
    len += (size_t)snprintf(buf + len, cap - len, "%d 1 %d\n", n, k);
    for (i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%c%c A1 A1 A1\n",
                                i % 3 == 0 ? "Longnameplayer" : "P", 'a' + i / 26, 'a' + i % 26);
    for (i = 0; i < k; i++) len += (size_t)snprintf(buf + len, cap - len, i ? " A1" : "A1");
    len += (size_t)snprintf(buf + len, cap - len, "\n");
    return len;
}

int main(int argc, char **argv) {
    static const struct { int w, h; float scale; } sizes[] = {
        {640, 360, 1}, {360, 640, 1}, {720, 1280, 2}, {320, 480, 1}, {1920, 1080, 1}, {1280, 720, 1}};
    const ds_scene *scenes[2] = {&ds_scene_cirno, &ds_scene_thegame};
    const char *names[2] = {"cirno", "thegame"};
    int games[2] = {DSV_CIRNO, DSV_THEGAME};
    ds_view v;
    canvas c;
    int g, i, z;
    if (argc > 1) data_dir = argv[1];
    if (SDL_Init(0) != 0) return fprintf(stderr, "SDL_Init: %s\n", SDL_GetError()), 1;
    dsv_init(&v);

    /* every step of both samples of each game, two sizes, both themes */
    for (g = 0; g < 2; g++) {
        for (i = 1; i <= 2; i++) {
            size_t len;
            char *text = read_sample(names[g], i, &len), what[64];
            CHECK(text != NULL);
            if (!text || load(&v, games[g], text, len)) { CHECK(0); free(text); continue; }
            z = i - 1; /* sample 1 landscape and dark, sample 2 portrait and light */
            if (canvas_open(&c, sizes[z].w, sizes[z].h, sizes[z].scale) == 0) {
                snprintf(what, sizeof what, "%s sample %d", names[g], i);
                check_game(what, scenes[g], &v, &c, z == 0, 0);
            } else {
                CHECK(0);
            }
            canvas_close(&c);
            free(text);
        }
    }

    /* generated games: cirno seeds with 1..25 players, thegame decks; HiDPI */
    for (g = 0; g < 2; g++) {
        for (i = 1; i <= (g == 0 ? 4 : 1); i++) {
            ds_buf gen;
            char what[64];
            ds_buf_init(&gen);
            CHECK_EQ_INT(dsv_generate(games[g], (uint64_t)i, &gen), 0);
            if (gen.failed || load(&v, games[g], gen.data, gen.len)) { CHECK(0); ds_buf_free(&gen); continue; }
            z = i % 3 == 0 ? 2 : i % 3 == 1 ? 0 : 1;
            if (canvas_open(&c, sizes[z].w, sizes[z].h, sizes[z].scale) == 0) {
                snprintf(what, sizeof what, "%s seed %d", names[g], i);
                check_game(what, scenes[g], &v, &c, i % 2, 10);
            } else {
                CHECK(0);
            }
            canvas_close(&c);
            ds_buf_free(&gen);
        }
    }

    /* tables of 1..30 players on every size; light is lighter than dark */
    {
        static char text[4096];
        void *st = ds_scene_cirno.create();
        int n;
        CHECK(st != NULL);
        for (z = 0; st && z < (int)(sizeof sizes / sizeof sizes[0]); z++) {
            size_t npx = (size_t)sizes[z].w * (size_t)sizes[z].h;
            Uint32 *px = malloc(npx * 4);
            if (!px || canvas_open(&c, sizes[z].w, sizes[z].h, sizes[z].scale)) { CHECK(0); free(px); continue; }
            for (n = 1; n <= 30; n += n < 6 ? 1 : n < 12 ? 3 : 6) { /* 1-6 9 12 18 24 30 */
                size_t len = cirno_table(n, text, sizeof text);
                double dark_l, light_l;
                if (load(&v, DSV_CIRNO, text, len)) { CHECK(0); continue; }
                /* the last step (a loss), and the loss tween */
                settle(&v, v.trace.n);
                frame(&c, &ds_scene_cirno, st, &v, 1, px);
                CHECK(distinct_colours(px, npx, 8) >= 8);
                dark_l = mean_luma(px, npx);
                frame(&c, &ds_scene_cirno, st, &v, 0, px);
                light_l = mean_luma(px, npx);
                CHECK(light_l > dark_l + 60);
                if (sizes[z].w * sizes[z].h <= 640 * 640) {
                    tween(&v, v.trace.n - 1, 0, 0.6);
                    frame(&c, &ds_scene_cirno, st, &v, 0, px);
                    CHECK(distinct_colours(px, npx, 8) >= 8);
                }
            }
            canvas_close(&c);
            free(px);
        }
        if (st) ds_scene_cirno.destroy(st);
    }

    /* how long a frame takes (software renderer; the browser uses WebGL) */
    {
        static char text[4096];
        size_t len = cirno_table(30, text, sizeof text);
        void *st = ds_scene_cirno.create();
        if (st && load(&v, DSV_CIRNO, text, len) == 0 && canvas_open(&c, 1280, 720, 1) == 0) {
            clock_t t0 = clock();
            int reps = 30;
            for (i = 0; i < reps; i++) {
                tween(&v, (size_t)(10 + i), 0, (double)(i % 10) / 10.0);
                frame(&c, &ds_scene_cirno, st, &v, 1, NULL);
            }
            printf("cirno, 30 players, 1280x720, software renderer: %.2f ms CPU per frame\n",
                   (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC / reps);
            canvas_close(&c);
        }
        if (st) ds_scene_cirno.destroy(st);
    }

    dsv_free(&v);
    SDL_Quit();
    DS_TEST_MAIN_END();
}
