/* test_contracts.c - two rules ds_core.h sets for every game, checked on all
 * four through their interfaces (ds_game_at, engine/core/ds_game.h):
 *
 * 1. err may be NULL (ds_fail fills it only when given). For each sample
 *    input and inputs made from it (cut at every line end and at bytes in
 *    between, trailing junk, a byte changed), parsing with err = NULL gives
 *    the same answer as with an error record and never reads through NULL
 *    (goudan's "expected end of input after the T queries" once did, issue
 *    17); the inputs that parse are simulated with err = NULL too.
 *
 * 2. A failed <game>_simulate_try has freed its trace and zeroed every
 *    field, so a caller that frees nothing leaks nothing. The trace is filled
 *    with junk before each call (a game that left it untouched would fail),
 *    never freed after a failure, and AddressSanitizer's leak check at exit
 *    finds any block a failure left behind. Failures at many depths: a label
 *    no decision has at event indices spread over the main line, a choice
 *    past the end, and cirno's main line on a deck that runs out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cirno/cirno.h"
#include "ds_core.h"
#include "ds_game.h"
#include "ds_test.h"
#include "goudan/goudan.h"

/* Each game through its interface (ds_game.h), with two goudan exceptions:
 * small hand-made queries (HPs within a small table) instead of the
 * generator's, whose HPs need a table that takes seconds to solve, and the
 * samples simulated only when their first query fits that table. */
typedef struct {
    const ds_game *G;
    const char *name;
    int samples; /* assets/samples/<name>/sample-1..samples.in */
} game;

static int gen(const game *g, uint64_t seed, ds_buf *out) {
    if (strcmp(g->name, "goudan") != 0) return g->G->generate(seed, NULL, out);
    return ds_buf_printf(out, "1 3\n%d 3\n1 %d\n0\n1 1\n", 1 + (int)(seed % 3), 1 + (int)(seed % 2));
}

static int sim(const game *g, const void *in, const ds_choice *ch, size_t n, ds_trace *tr,
               ds_error *e) {
    return g->G->simulate((void *)in, ch, n, 7, tr, e);
}

static const int samples_of[DS_NGAMES] = {2, 2, 1, 2};
static game games[DS_NGAMES];
enum { NGAMES = DS_NGAMES };
static int goudan_ok = 1;

/* goudan simulates only small HPs (the samples' HPs are larger) */
static int can_simulate(const game *g, const void *in) {
    goudan_query q;
    if (strcmp(g->name, "goudan") != 0) return 1;
    if (!goudan_ok || goudan_input_o(in) != 3) return 0;
    goudan_query_get(in, 0, &q);
    return q.e_hp <= 3 && q.s_hp <= 3;
}

/* ---- 1. err may be NULL ----------------------------------------------------- */

static int tried, refused;

/* Parses text with and without an error record; the answers agree. */
static void check_null_err(const game *g, const char *text, size_t len) {
    void *a = NULL, *b = NULL;
    ds_error err;
    int ra = g->G->parse(text, len, &a, &err), rb = g->G->parse(text, len, &b, NULL);
    tried++;
    CHECK(ra == rb);
    if (ra) refused++;
    if (rb == 0 && can_simulate(g, b)) {
        ds_trace t1, t2;
        int s1 = sim(g, a, NULL, 0, &t1, &err), s2 = sim(g, b, NULL, 0, &t2, NULL);
        CHECK(s1 == s2 && t1.n == t2.n);
        if (s1 == 0) ds_trace_free(&t1);
        if (s2 == 0) ds_trace_free(&t2);
    }
    if (a) g->G->free(a);
    if (b) g->G->free(b);
}

static void test_null_err(void) {
    int gi, k;
    for (gi = 0; gi < NGAMES; gi++) {
        const game *g = &games[gi];
        for (k = 1; k <= g->samples; k++) {
            char path[512], *text, *buf;
            size_t len, i, step;
            snprintf(path, sizeof path, "%s/%s/sample-%d.in", DS_SAMPLES, g->name, k);
            text = ds_test_read_file(path, &len);
            CHECK(text != NULL);
            if (!text) continue;
            buf = malloc(len + 16);
            if (!buf) { free(text); continue; }
            check_null_err(g, text, len);
            /* cut at every line end, and at about 200 other places */
            step = len / 200 + 1;
            for (i = 0; i < len; i++)
                if (text[i] == '\n' || i % step == 0) check_null_err(g, text, i);
            /* trailing junk: a number, a word, a blank line and a number */
            memcpy(buf, text, len);
            memcpy(buf + len, "7\n", 2);
            check_null_err(g, buf, len + 2);
            memcpy(buf + len, " x", 2);
            check_null_err(g, buf, len + 2);
            memcpy(buf + len, "\n\n1", 3);
            check_null_err(g, buf, len + 3);
            /* one byte changed, at about 200 places */
            for (i = 0; i < len; i += step) {
                memcpy(buf, text, len);
                buf[i] = buf[i] == '1' ? 'x' : '1';
                check_null_err(g, buf, len);
            }
            free(buf);
            free(text);
        }
    }
    /* the mutations reached the error paths (else the test would prove little) */
    CHECK(tried > 1000 && refused > tried / 4);
    printf("err = NULL: %d inputs, %d refused\n", tried, refused);
}

/* ---- 2. a failed simulate_try leaves its trace freed and zero ----------------- */

static int failures;

/* Simulates into a junk-filled trace. A failure must leave it all zero (it
 * is not freed here: a leak shows at exit); a success is freed. */
static int sim_check(const game *g, const void *in, const ds_choice *ch, size_t n,
                     size_t *events) {
    static const ds_trace zero;
    ds_trace tr;
    ds_error err;
    memset(&tr, 0xA5, sizeof tr);
    if (sim(g, in, ch, n, &tr, &err) == 0) {
        if (events) *events = tr.n;
        ds_trace_free(&tr);
        return 0;
    }
    failures++;
    CHECK(memcmp(&tr, &zero, sizeof tr) == 0);
    CHECK(err.msg[0] != '\0');
    return -1;
}

static void check_try_fail(const game *g, uint64_t seed) {
    ds_buf text;
    void *in = NULL;
    ds_error err;
    size_t n = 0, i, step;
    ds_choice c;
    ds_buf_init(&text);
    CHECK(gen(g, seed, &text) == 0);
    CHECK(g->G->parse(text.data, text.len, &in, &err) == 0);
    if (!in) { ds_buf_free(&text); return; }
    CHECK(sim_check(g, in, NULL, 0, &n) == 0 && n > 0);
    /* a label no decision has, at about 40 event indices of the main line */
    step = n / 40 + 1;
    for (i = 0; i < n; i += step) {
        c.i = i;
        snprintf(c.label, sizeof c.label, "no-such-label");
        CHECK(sim_check(g, in, &c, 1, NULL) == -1);
    }
    /* a choice past the end of the game */
    c.i = n + 5;
    snprintf(c.label, sizeof c.label, "end");
    CHECK(sim_check(g, in, &c, 1, NULL) == -1);
    g->G->free(in);
    ds_buf_free(&text);
}

static void test_try_fail(void) {
    /* cirno's main line fails when the deck runs out (an input the judge
     * never gives, refused by the simulation, not the parser) */
    static const char deck_short[] = "2 1 1\nJoesSR B9 A99 PASS\nCirno C2 D2 A49\nE49\n";
    void *in = NULL;
    ds_error err;
    int gi;
    uint64_t seed;
    for (gi = 0; gi < NGAMES; gi++)
        if (strcmp(games[gi].name, "goudan") != 0 || goudan_ok)
            for (seed = 1; seed <= 3; seed++) check_try_fail(&games[gi], seed);
    CHECK(cirno_parse(deck_short, strlen(deck_short), (cirno_input **)&in, &err) == 0);
    if (in) {
        CHECK(sim_check(&games[0], in, NULL, 0, NULL) == -1);
        cirno_input_free(in);
    }
    printf("simulate_try: %d failures checked\n", failures);
    CHECK(failures > 4 * 3 * 20);
}

int main(void) {
    int g;
    for (g = 0; g < DS_NGAMES; g++) {
        games[g].G = ds_game_at(g);
        games[g].name = ds_game_id(g);
        games[g].samples = samples_of[g];
        CHECK(games[g].G != NULL);
    }
    test_null_err();
    test_try_fail();
    DS_TEST_MAIN_END();
}
