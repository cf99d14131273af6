/* test_null_err.c - the engine's error contract: a ds_error pointer may be
 * NULL (ds_fail fills it only when given, ds_core.h), so every parser and
 * simulation must work without one. For each sample input and inputs made
 * from it (cut at every line end and at bytes in between, trailing junk, a
 * byte changed), parsing with err = NULL gives the same answer as with an
 * error record, and never reads through NULL (goudan's "expected end of
 * input after the T queries" once did, issue 17). The parsed inputs that
 * play are simulated with err = NULL too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cirno/cirno.h"
#include "ds_core.h"
#include "ds_test.h"
#include "goudan/goudan.h"
#include "mahjong/mahjong.h"
#include "thegame/thegame.h"

typedef struct {
    const char *name;
    int samples;
    int (*parse)(const char *text, size_t len, void **in, ds_error *err);
    void (*free_input)(void *in);
    int (*simulate)(const void *in, ds_trace *tr, ds_error *err); /* NULL: not here */
} game;

static int cirno_parse_v(const char *t, size_t n, void **in, ds_error *e) {
    return cirno_parse(t, n, (cirno_input **)in, e);
}
static void cirno_free_v(void *in) { cirno_input_free(in); }
static int cirno_sim_v(const void *in, ds_trace *tr, ds_error *e) { return cirno_simulate(in, tr, e); }
static int thegame_parse_v(const char *t, size_t n, void **in, ds_error *e) {
    return thegame_parse(t, n, (thegame_input **)in, e);
}
static void thegame_free_v(void *in) { thegame_input_free(in); }
static int thegame_sim_v(const void *in, ds_trace *tr, ds_error *e) { return thegame_simulate(in, tr, e); }
static int mahjong_parse_v(const char *t, size_t n, void **in, ds_error *e) {
    return mahjong_parse(t, n, (mahjong_input **)in, e);
}
static void mahjong_free_v(void *in) { mahjong_input_free(in); }
static int mahjong_sim_v(const void *in, ds_trace *tr, ds_error *e) { return mahjong_simulate(in, tr, e); }
static int goudan_parse_v(const char *t, size_t n, void **in, ds_error *e) {
    return goudan_parse(t, n, (goudan_input **)in, e);
}
static void goudan_free_v(void *in) { goudan_input_free(in); }

static const game games[] = {
    {"cirno", 2, cirno_parse_v, cirno_free_v, cirno_sim_v},
    {"thegame", 2, thegame_parse_v, thegame_free_v, thegame_sim_v},
    {"mahjong", 1, mahjong_parse_v, mahjong_free_v, mahjong_sim_v},
    {"goudan", 2, goudan_parse_v, goudan_free_v, NULL},
};

static int tried, refused;

/* Parses text with and without an error record; the answers agree. */
static void check(const game *g, const char *text, size_t len) {
    void *a = NULL, *b = NULL;
    ds_error err;
    int ra = g->parse(text, len, &a, &err), rb = g->parse(text, len, &b, NULL);
    tried++;
    CHECK(ra == rb);
    if (ra) refused++;
    if (rb == 0 && g->simulate) {
        ds_trace t1, t2;
        memset(&t1, 0, sizeof t1);
        memset(&t2, 0, sizeof t2);
        int s1 = g->simulate(a, &t1, &err), s2 = g->simulate(b, &t2, NULL);
        CHECK(s1 == s2 && t1.n == t2.n);
        ds_trace_free(&t1);
        ds_trace_free(&t2);
    }
    if (a) g->free_input(a);
    if (b) g->free_input(b);
}

int main(void) {
    size_t gi;
    for (gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        const game *g = &games[gi];
        int k;
        for (k = 1; k <= g->samples; k++) {
            char path[512], *text, *buf;
            size_t len, i, step;
            snprintf(path, sizeof path, "%s/%s/sample-%d.in", DS_SAMPLES, g->name, k);
            text = ds_test_read_file(path, &len);
            CHECK(text != NULL);
            if (!text) continue;
            buf = malloc(len + 16);
            if (!buf) { free(text); continue; }
            check(g, text, len);
            /* cut at every line end, and at about 200 other places */
            step = len / 200 + 1;
            for (i = 0; i < len; i++)
                if (text[i] == '\n' || i % step == 0) check(g, text, i);
            /* trailing junk: a number, a word, a blank line and a number */
            memcpy(buf, text, len);
            memcpy(buf + len, "7\n", 2);
            check(g, buf, len + 2);
            memcpy(buf + len, " x", 2);
            check(g, buf, len + 2);
            memcpy(buf + len, "\n\n1", 3);
            check(g, buf, len + 3);
            /* one byte changed, at about 200 places */
            for (i = 0; i < len; i += step) {
                memcpy(buf, text, len);
                buf[i] = buf[i] == '1' ? 'x' : '1';
                check(g, buf, len);
            }
            free(buf);
            free(text);
        }
    }
    /* the mutations reached the error paths (else the test would prove little) */
    CHECK(tried > 1000 && refused > tried / 4);
    printf("%d inputs, %d refused\n", tried, refused);
    DS_TEST_MAIN_END();
}
