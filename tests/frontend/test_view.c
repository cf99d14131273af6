/* test_view.c - the viewer model (web/app/model/view.h, view_api.h) through its
 * public functions, on the statements' samples and generated inputs:
 *   - loading gives the judge output (samples: equal to the .ans files);
 *   - dsv_seek to any step shows exactly the state ds_trace_seek gives, and
 *     the previous step as the tween's start;
 *   - autoplay on real elapsed time visits every step once, in order, for
 *     any sequence of frame times (also long frames), and stops at the end
 *     or at play_to;
 *   - prev/next meaningful point and the output line follow their
 *     definitions; bad input keeps the previous game;
 *   - goudan solves in slices, then plays out any query;
 *   - the exported dsv_api_* functions give the same answers;
 *   - drawing only on a change (issue 25): every call that changes what is
 *     shown sets `dirty`, no query does, and dsv_animating holds exactly
 *     while a tween, autoplay or a solve runs (with reduced motion, autoplay
 *     touches the view once per step and does not move by itself). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "model/view.h"
#include "api/view_api.h"

static const char *const games[DSV_GAMES] = {"cirno", "thegame", "mahjong", "goudan"};

static char *sample(const char *game, int n, const char *ext, size_t *len) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s/sample-%d.%s", DS_SAMPLES, game, n, ext);
    return ds_test_read_file(path, len);
}

static int load_all(ds_view *v, int game, const char *text, size_t len) {
    int rc = dsv_load(v, game, text, len), guard = 0;
    while (rc == 0 && v->busy && guard++ < 100000) dsv_work(v, 5);
    return rc == 0 && v->loaded ? 0 : -1;
}

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rnd(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* seek/tween invariants on random steps */
static void check_seek(ds_view *v) {
    size_t n = v->trace.n, i, sz = v->trace.state_size;
    unsigned char *want = malloc(sz), *prev = malloc(sz);
    for (i = 0; i < 60; i++) {
        size_t to = (size_t)(rnd() % (n + 1)), before = v->step;
        memcpy(prev, v->state, sz);
        dsv_seek(v, to, (int)(rnd() & 1));
        CHECK_EQ_INT(v->step, to);
        CHECK(ds_trace_seek(&v->trace, to, want) == 0);
        CHECK(memcmp(v->state, want, sz) == 0);
        if (to != before) {
            CHECK_EQ_INT(v->from_step, before);
            CHECK(memcmp(v->from, prev, sz) == 0);
        }
    }
    /* beyond the end clamps */
    dsv_seek(v, n + 5, 0);
    CHECK_EQ_INT(v->step, n);
    CHECK(v->anim >= 1);
    free(want);
    free(prev);
}

/* autoplay visits every step once, in order */
static void check_autoplay(ds_view *v, int reduced, double speed) {
    size_t n = v->trace.n, last, frames = 0;
    int ok = 1;
    v->reduced_motion = reduced;
    dsv_set_speed(v, speed);
    dsv_seek(v, 0, 0);
    dsv_play(v, 1);
    CHECK(v->playing);
    last = 0;
    while (v->playing && frames < 50000000) {
        /* frames of 0..250 ms, sometimes much longer than a step */
        double dt = (double)(rnd() % 251) / 1000.0;
        dsv_tick(v, dt);
        frames++;
        if (v->step != last) {
            if (v->step != last + 1) ok = 0;
            last = v->step;
        }
    }
    CHECK(ok);
    CHECK_EQ_INT(v->step, n);
    CHECK(!v->playing);
    v->reduced_motion = 0;
    dsv_set_speed(v, 1);
}

static void check_play_to(ds_view *v) {
    size_t n = v->trace.n, to = n / 2;
    if (n < 4) return;
    dsv_seek(v, 1, 0);
    v->play_to = to;
    dsv_play(v, 1);
    while (v->playing) dsv_tick(v, 0.1);
    CHECK_EQ_INT(v->step, to);
    v->play_to = n;
}

static void check_marks(ds_view *v) {
    size_t n = v->trace.n, s, j;
    int min;
    for (min = DSV_MARK_TURN; min <= DSV_MARK_END; min++) {
        for (s = 0; s <= n; s += 1 + n / 40) {
            size_t r;
            dsv_seek(v, s, 0);
            r = dsv_find_mark(v, 1, min);
            if (s < n && (r < n || v->marks[n - 1] >= min)) {
                CHECK(r > s);
                CHECK(v->marks[r - 1] >= min);
                for (j = s; j + 1 < r; j++) CHECK(v->marks[j] < min);
            }
            r = dsv_find_mark(v, -1, min);
            CHECK(r <= s);
            if (r > 0) {
                CHECK(v->marks[r - 1] >= min);
                CHECK(r < s);
                for (j = r; j + 1 < s; j++) CHECK(v->marks[j] < min);
            }
        }
    }
}

static size_t count_lines(const ds_buf *b) {
    size_t i, k = 0;
    for (i = 0; i < b->len; i++) k += b->data[i] == '\n';
    return k;
}

static void check_lines(ds_view *v) {
    size_t n = v->trace.n, s;
    uint32_t prev = 0;
    for (s = 0; s <= n; s++) {
        uint32_t l = dsv_output_line(v, s);
        CHECK(l >= prev);
        prev = l;
    }
    if (v->game != DSV_GOUDAN) CHECK_EQ_INT(dsv_output_line(v, n), count_lines(&v->output));
    CHECK_EQ_INT(dsv_output_line(v, n + 10), dsv_output_line(v, n));
}

static void check_common(ds_view *v) {
    check_seek(v);
    check_lines(v);
    check_marks(v);
    check_autoplay(v, 0, 1.0);
    check_autoplay(v, 1, 8.0);
    check_play_to(v);
}

static int close_numbers(const char *a, const char *b) {
    /* goudan: the same number of lines, each within 1e-9 */
    while (*a && *b) {
        char *ea, *eb;
        double x = strtod(a, &ea), y = strtod(b, &eb);
        if (ea == a || eb == b || fabs(x - y) > 1e-9) return 0;
        a = ea;
        b = eb;
        while (*a == '\n' || *a == '\r' || *a == ' ') a++;
        while (*b == '\n' || *b == '\r' || *b == ' ') b++;
    }
    return !*a && !*b;
}

static void samples(void) {
    int g, k;
    for (g = 0; g < DSV_GAMES; g++) {
        for (k = 1; k <= 2; k++) {
            ds_view v;
            size_t len, alen;
            char *in = sample(games[g], k, "in", &len), *ans = sample(games[g], k, "ans", &alen);
            if (!in) continue; /* mahjong has one sample */
            dsv_init(&v);
            CHECK(load_all(&v, g, in, len) == 0);
            if (v.loaded && ans) {
                if (g == DSV_GOUDAN) CHECK(close_numbers(v.output.data, ans));
                else CHECK(v.output.len == alen && !memcmp(v.output.data, ans, alen));
            }
            if (v.loaded) check_common(&v);
            if (g == DSV_THEGAME && v.loaded) {
                ds_buf b;
                ds_buf_init(&b);
                CHECK(dsv_thegame_state_lines(&v, v.trace.n, &b) == 0);
                CHECK(b.len == v.output.len && !memcmp(b.data, v.output.data, b.len));
                ds_buf_free(&b);
            }
            dsv_free(&v);
            free(in);
            free(ans);
        }
    }
}

static void generated(void) {
    int g;
    uint64_t seed;
    for (g = 0; g < DSV_GAMES; g++) {
        for (seed = 1; seed <= (g == DSV_GOUDAN ? 3u : 12u); seed++) {
            ds_view v;
            ds_buf in;
            ds_buf_init(&in);
            dsv_init(&v);
            CHECK(dsv_generate(g, seed, &in) == 0);
            CHECK(load_all(&v, g, in.data, in.len) == 0);
            if (v.loaded) check_common(&v);
            if (g == DSV_GOUDAN && v.loaded) {
                /* every query plays out; the output line is that query's */
                const dsv_goudan *gd = v.extra;
                size_t q, nq = count_lines(&v.output);
                CHECK(nq >= 1);
                for (q = 0; q < nq; q++) {
                    CHECK(dsv_goudan_select(&v, q, 7 + q) == 0);
                    CHECK_EQ_INT(gd->query, q);
                    CHECK_EQ_INT(dsv_output_line(&v, v.trace.n / 2), q + 1);
                    CHECK(v.trace.n > 0 && v.step == 0);
                }
                CHECK(dsv_goudan_select(&v, nq, 1) != 0);
            }
            dsv_free(&v);
            ds_buf_free(&in);
        }
    }
}

/* The same view loading input after input of one game (it keeps the last
 * game's output and per-step arrays for the next, issue 26) shows each
 * exactly as a fresh view does: trace, output, its lines, output line and
 * mark of every step. Inputs of different sizes, the bigger first. */
static void same_as_fresh(ds_view *v, ds_view *f) {
    size_t i, n = f->trace.n, nl = dsv_output_count(f);
    int same = v->trace.n == n && v->output.len == f->output.len &&
               !memcmp(v->output.data, f->output.data, f->output.len) &&
               dsv_output_count(v) == nl;
    CHECK(same);
    if (!same) return;
    for (i = 0; i < n; i++) same &= v->marks[i] == f->marks[i];
    for (i = 0; i <= n; i++) same &= v->lines_at_step[i] == f->lines_at_step[i];
    for (i = 1; i <= nl; i++) {
        size_t a, b;
        const char *x = dsv_output_text(v, i, &a), *y = dsv_output_text(f, i, &b);
        same &= x && y && a == b && !memcmp(x, y, a);
    }
    CHECK(same);
}

static void reloads(void) {
    static const uint64_t seeds[] = {3, 1, 3, 2, 2};
    int g;
    size_t k;
    for (g = 0; g < DSV_GAMES; g++) {
        ds_view v;
        dsv_init(&v);
        for (k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
            ds_view f;
            ds_buf in;
            ds_buf_init(&in);
            dsv_init(&f);
            CHECK(dsv_generate(g, seeds[k], &in) == 0);
            CHECK(load_all(&v, g, in.data, in.len) == 0);
            CHECK(load_all(&f, g, in.data, in.len) == 0);
            if (v.loaded && f.loaded) same_as_fresh(&v, &f);
            /* the main line made again as a line (dsv_try: its own arrays),
             * then kept by the next load */
            if (k == 1 && v.loaded) {
                CHECK(dsv_try(&v, "", 0) == 0);
                if (v.loaded && f.loaded) same_as_fresh(&v, &f);
            }
            if (k == 2 && v.loaded) check_common(&v);
            dsv_free(&f);
            ds_buf_free(&in);
        }
        dsv_free(&v);
    }
}

/* A bad input never replaces the game shown. */
static void bad_input(void) {
    static const struct { int game; const char *text; int line, col; } bad[] = {
        {DSV_CIRNO, "2 1 5\nReimu A1 A2 X9\n", 2, 13},
        {DSV_THEGAME, "2 3 4 five\n", 1, 7},
        {DSV_MAHJONG, "1M\n2M\nQQ\n", 3, 1},
        {DSV_GOUDAN, "1 3\n", 0, 0},
    };
    size_t len, i;
    char *in = sample("cirno", 1, "in", &len);
    ds_view v;
    dsv_init(&v);
    CHECK(in && load_all(&v, DSV_CIRNO, in, len) == 0);
    dsv_seek(&v, 3, 0);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(dsv_load(&v, bad[i].game, bad[i].text, strlen(bad[i].text)) == -1);
        CHECK(v.error.msg[0] != 0);
        if (bad[i].line) {
            CHECK_EQ_INT(v.error.line, bad[i].line);
            CHECK_EQ_INT(v.error.col, bad[i].col);
        } else {
            CHECK(v.error.line >= 1);
        }
        CHECK_EQ_INT(v.game, DSV_CIRNO);
        CHECK(v.loaded);
        CHECK_EQ_INT(v.step, 3);
    }
    CHECK(dsv_load(&v, 17, "x", 1) == -1);
    CHECK_EQ_INT(v.game, DSV_CIRNO);
    dsv_free(&v);
    free(in);
}

/* The exported API on the attached view. */
static void api(void) {
    size_t len;
    char *in = sample("mahjong", 1, "in", &len);
    ds_view v;
    const char *s;
    int steps;
    dsv_init(&v);
    view_api_attach(&v, NULL);
    CHECK(dsv_api_load(DSV_MAHJONG, in, (int)len) == 0);
    steps = dsv_api_steps();
    CHECK(steps > 0);
    CHECK_EQ_INT(dsv_api_game(), DSV_MAHJONG);
    dsv_api_seek(steps / 2, 1);
    CHECK_EQ_INT(dsv_api_step(), steps / 2);
    s = dsv_api_event_json(steps / 2 - 1);
    CHECK(s[0] == '{' && strstr(s, "\"type\""));
    s = dsv_api_state_json(steps / 2);
    CHECK(s[0] == '{');
    CHECK(!strcmp(dsv_api_event_json(steps), "null"));
    CHECK(!strcmp(dsv_api_event_json(-1), "null"));
    CHECK_EQ_INT(dsv_api_output_line(steps), dsv_output_line(&v, v.trace.n));
    CHECK(dsv_api_output_len() == (int)v.output.len);
    dsv_api_set_speed(100);
    CHECK(dsv_api_speed() == DSV_SPEED_MAX);
    dsv_api_set_speed(0);
    CHECK(dsv_api_speed() == DSV_SPEED_MIN);
    CHECK(dsv_api_load(DSV_MAHJONG, "1M\nZZ\n", 6) == -1);
    s = dsv_api_error();
    CHECK(!strncmp(s, "line 2, column 1: ", 18));
    CHECK_EQ_INT(dsv_api_error_line(), 2);
    CHECK_EQ_INT(dsv_api_steps(), steps); /* the old game stays */
    s = dsv_api_generate(DSV_THEGAME, 5);
    CHECK(strlen(s) > 100);
    CHECK(dsv_api_load(DSV_THEGAME, s, (int)strlen(s)) == 0);
    CHECK(strlen(dsv_api_thegame_lines(0)) > 0);
    CHECK(dsv_api_goudan_select(0, 1) == -1); /* not goudan */
    dsv_api_set_mode(DSV_MODE_DP);
    CHECK_EQ_INT(dsv_api_mode(), DSV_MODE_DP);
    dsv_free(&v);
    free(in);
}

/* The output's lines through dsv_api_output_count/_text are the lines of
 * dsv_api_output: after a load, a variation (another output) and for goudan
 * once its table is solved through dsv_api_work. */
static void same_lines(void) {
    const char *out = dsv_api_output(), *p = out;
    int n = dsv_api_output_count(), l;
    CHECK(n > 0);
    for (l = 1; l <= n; l++) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        const char *t = dsv_api_output_text(l);
        CHECK(strlen(t) == len && !strncmp(t, p, len));
        p = nl ? nl + 1 : p + len;
    }
    CHECK(*p == 0);
    CHECK(!strcmp(dsv_api_output_text(n + 1), ""));
    CHECK(!strcmp(dsv_api_output_text(0), ""));
}

static void api_output_lines(void) {
    ds_view v;
    size_t len;
    char *in;
    const char *ev;
    int i, try_rc = -1;
    dsv_init(&v);
    view_api_attach(&v, NULL);
    CHECK(dsv_api_work(5) == 0); /* nothing pending */
    in = sample("cirno", 1, "in", &len);
    CHECK(dsv_api_load(DSV_CIRNO, in, (int)len) == 0);
    same_lines();
    /* a variation: the first decision with another candidate */
    for (i = 0; i < dsv_api_steps() && try_rc; i++) {
        const char *c;
        char spec[64];
        ev = dsv_api_event_json(i);
        if (!(c = strstr(ev, "\"candidates\":[{\"label\":\""))) continue;
        c = strstr(c + 1, "},{\"label\":\"");
        if (!c) continue;
        c += 12;
        snprintf(spec, sizeof spec, "%d:%.*s", i, (int)(strchr(c, '"') - c), c);
        try_rc = dsv_api_try(spec, (int)strlen(spec));
    }
    CHECK(try_rc == 0);
    same_lines();
    free(in);
    in = sample("goudan", 1, "in", &len);
    CHECK(dsv_api_load(DSV_GOUDAN, in, (int)len) == 0);
    CHECK(dsv_api_busy());
    CHECK(dsv_api_output_count() == 0);
    while (dsv_api_work(2)) {}
    CHECK(!dsv_api_busy());
    same_lines();
    CHECK_EQ_INT(dsv_api_goudan_count(), dsv_api_output_count());
    free(in);
    view_api_attach(NULL, NULL);
    CHECK(dsv_api_output_count() == 0);
    dsv_free(&v);
}

/* dirty: set by each change of what is shown, by no query; the platform
 * layer clears it when it draws (here by hand). */
static void redraws(void) {
    ds_view v;
    size_t len;
    char *in = sample("thegame", 1, "in", &len);
    int i;
    double t;
    dsv_init(&v);
    view_api_attach(&v, NULL);
    CHECK(v.dirty); /* the first frame */
    CHECK(dsv_api_load(DSV_THEGAME, in, (int)len) == 0);
    CHECK(v.dirty);
#define DRAWN() (v.dirty = 0)
#define TOUCHES(call) do { DRAWN(); call; CHECK(v.dirty); } while (0)
#define QUIET(call) do { DRAWN(); call; CHECK(!v.dirty); } while (0)
    TOUCHES(dsv_api_seek(3, 0));
    QUIET(dsv_api_seek(3, 0)); /* the step shown, settled: nothing changes */
    QUIET((void)dsv_api_step());
    QUIET((void)dsv_api_steps());
    QUIET((void)dsv_api_playing());
    QUIET((void)dsv_api_narrate(2));
    QUIET((void)dsv_api_event_json(2));
    QUIET((void)dsv_api_state_json(2));
    QUIET((void)dsv_api_headline(3));
    QUIET((void)dsv_api_output_text(1));
    QUIET((void)dsv_api_drawn_strings());
    QUIET((void)dsv_api_regions());
    QUIET((void)dsv_api_hit(10, 10));
    TOUCHES(dsv_api_set_lang(1));
    TOUCHES(dsv_api_set_text_scale(2));
    TOUCHES(dsv_api_set_mode(DSV_MODE_DP));
    TOUCHES(dsv_api_set_mode(DSV_MODE_GAME));
    TOUCHES(dsv_api_set_speed(2));
    TOUCHES(dsv_api_set_reduced_motion(0));
    TOUCHES(dsv_api_redraw());
    /* settled and paused: nothing moves by itself */
    CHECK(!dsv_animating(&v));
    TOUCHES(dsv_api_seek(4, 1));
    CHECK(dsv_animating(&v)); /* the tween */
    for (i = 0; i < 1000 && dsv_animating(&v); i++) dsv_tick(&v, 0.016);
    CHECK(!dsv_animating(&v));
    CHECK(v.anim >= 1);
    TOUCHES(dsv_api_play(1));
    for (t = 0; t < 3; t += 0.016) {
        CHECK(dsv_animating(&v)); /* autoplay: every frame, the hold too */
        dsv_tick(&v, 0.016);
    }
    TOUCHES(dsv_api_play(0));
    for (i = 0; i < 1000 && dsv_animating(&v); i++) dsv_tick(&v, 0.016);
    CHECK(!dsv_animating(&v));
    /* with reduced motion autoplay draws once per step: nothing moves by
     * itself, and every frame whose tick plays the next step is touched */
    TOUCHES(dsv_api_set_reduced_motion(1));
    TOUCHES(dsv_api_seek(0, 0));
    TOUCHES(dsv_api_play(1));
    {
        size_t was = v.step, played = 0;
        for (t = 0; t < 3; t += 0.016) {
            CHECK(!dsv_animating(&v));
            DRAWN();
            dsv_tick(&v, 0.016);
            CHECK(v.dirty == (v.step != was));
            played += v.step != was;
            was = v.step;
        }
        CHECK(played >= 2);
    }
    TOUCHES(dsv_api_play(0));
    TOUCHES(dsv_api_set_reduced_motion(0));
    TOUCHES(CHECK(dsv_api_try("", 0) == 0));
    free(in);
    /* goudan: busy (the solve's progress) moves by itself */
    in = sample("goudan", 1, "in", &len);
    TOUCHES(CHECK(dsv_api_load(DSV_GOUDAN, in, (int)len) == 0));
    CHECK(dsv_animating(&v));
    while (dsv_api_work(2)) {}
    CHECK(!dsv_animating(&v));
    TOUCHES(CHECK(dsv_api_goudan_select(0, 2) == 0));
    QUIET((void)dsv_api_goudan_query());
#undef DRAWN
#undef TOUCHES
#undef QUIET
    free(in);
    view_api_attach(NULL, NULL);
    dsv_free(&v);
}

int main(void) {
    redraws();
    samples();
    generated();
    reloads();
    bad_input();
    api();
    api_output_lines();
    DS_TEST_MAIN_END();
}
