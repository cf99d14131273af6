/* test_core.c - the engine core: reader errors, buffers, RNG, trace seeking. */
#include <stdlib.h>
#include <string.h>

#include "ds_core.h"
#include "ds_test.h"

/* The trace's growth can fail (no memory); the engine has no allocator to
 * inject, so ds_trace.c is compiled into this test with its realloc routed
 * through test_realloc, which fails the call numbered fail_at (counting
 * from 1 after a reset; 0 = never). The archive's ds_trace.o is then not
 * linked: this file defines every ds_trace_* symbol. */
static long realloc_calls, fail_at;
static void *test_realloc(void *p, size_t n) {
    return ++realloc_calls == fail_at ? NULL : realloc(p, n);
}
#define realloc test_realloc
#include "../../engine/core/ds_trace.c"
#undef realloc

static void test_reader(void) {
    const char *txt = "3 12\n  abc  -7\n\nx";
    ds_reader r;
    ds_token t;
    ds_error e;
    long long v;
    ds_reader_init(&r, txt, strlen(txt));
    CHECK(ds_read_int(&r, 1, 1, 5, &v, "n", &e) == 0 && v == 3);
    /* 12 is out of range */
    CHECK(ds_read_int(&r, 1, 1, 5, &v, "m", &e) == -1);
    CHECK_EQ_INT(e.line, 1);
    CHECK_EQ_INT(e.col, 3);
    CHECK(strstr(e.msg, "between 1 and 5") != NULL);
    /* the same error as data: the format as its code, each conversion's text */
    CHECK(e.code && strcmp(e.code, "%s must be between %lld and %lld, found '%.*s'") == 0);
    CHECK_EQ_INT(e.nargs, 4);
    CHECK(strcmp(e.args[0], "m") == 0 && strcmp(e.args[1], "1") == 0);
    CHECK(strcmp(e.args[2], "5") == 0 && strcmp(e.args[3], "12") == 0);
    CHECK(ds_read_eol(&r, "m", &e) == 0);
    CHECK(ds_read_word(&r, 1, &t, "name", &e) == 0 && ds_tok_eq(&t, "abc"));
    CHECK_EQ_INT(t.line, 2);
    CHECK_EQ_INT(t.col, 3);
    CHECK(ds_read_int(&r, 1, -10, 10, &v, "delta", &e) == 0 && v == -7);
    /* same_line read fails at the newline */
    CHECK(ds_read_word(&r, 1, &t, "card", &e) == -1);
    CHECK(strstr(e.msg, "end of line") != NULL);
    CHECK_EQ_INT(e.line, 2);
    CHECK_EQ_INT(e.col, 10);
    /* crossing lines works and positions stay right */
    CHECK(ds_read_word(&r, 0, &t, "card", &e) == 0 && ds_tok_eq(&t, "x"));
    CHECK_EQ_INT(t.line, 4);
    CHECK_EQ_INT(t.col, 1);
    CHECK(ds_read_word(&r, 0, &t, "card", &e) == -1);
    CHECK(strstr(e.msg, "end of input") != NULL);
    CHECK(ds_read_eof(&r, &e) == 0);
    /* non-integer */
    ds_reader_init(&r, "12a", 3);
    CHECK(ds_read_int(&r, 0, 0, 100, &v, "k", &e) == -1 && strstr(e.msg, "'12a'"));
    /* a control byte is an error, and the token is still defined */
    ds_reader_init(&r, "ab\x7f", 3);
    CHECK(ds_read_word(&r, 0, &t, "x", &e) == 0 && t.len == 2);
    t.s = NULL;
    CHECK(ds_read_word(&r, 0, &t, "x", &e) == -1);
    CHECK(strstr(e.msg, "control byte 0x7f") != NULL && e.line == 1 && e.col == 3);
    CHECK(e.nargs == 2 && strcmp(e.args[0], "x") == 0 && strcmp(e.args[1], "7f") == 0);
    CHECK(t.s != NULL && t.len == 0 && t.line == 1 && t.col == 3);
    /* trailing garbage */
    ds_reader_init(&r, "1 2", 3);
    CHECK(ds_read_int(&r, 0, 0, 9, &v, "a", &e) == 0);
    CHECK(ds_read_eof(&r, &e) == -1 && e.col == 3);
    {
        char out[128];
        ds_error_format(&e, out, sizeof out);
        CHECK(strncmp(out, "line 1, column 3: ", 18) == 0);
    }
    /* a UTF-8 byte-order mark is skipped; positions count from after it */
    ds_reader_init(&r, "\xEF\xBB\xBF" "7 x", 6);
    CHECK(ds_read_int(&r, 1, 0, 9, &v, "n", &e) == 0 && v == 7);
    CHECK(ds_read_int(&r, 1, 0, 9, &v, "m", &e) == -1 && e.line == 1 && e.col == 3);
    ds_reader_init(&r, "\xEF\xBB\xBF" "q", 4);
    CHECK(ds_read_int(&r, 1, 0, 9, &v, "n", &e) == -1 && e.line == 1 && e.col == 1);
    CHECK(strstr(e.msg, "'q'") != NULL);
    /* only at the start, and only all three bytes */
    ds_reader_init(&r, "\xEF\xBB" "1", 3);
    CHECK(ds_read_int(&r, 1, 0, 9, &v, "n", &e) == -1);
    ds_reader_init(&r, "1 \xEF\xBB\xBF", 5);
    CHECK(ds_read_int(&r, 1, 0, 9, &v, "n", &e) == 0);
    CHECK(ds_read_eof(&r, &e) == -1);
}

/* ds_fail's arguments, every conversion the engine uses, against vsnprintf's msg */
static void test_error_args(void) {
    ds_error e;
    char name[200];
    memset(name, 'a', sizeof name - 1);
    name[sizeof name - 1] = 0;
    CHECK(ds_fail(&e, 3, 4, "p%c: %d %u %zu %lld %s|%.*s%s %%", 'B', -7, 8u, (size_t)9, -10LL, "x", 2,
                  "abc", "...") == -1);
    CHECK(strcmp(e.msg, "pB: -7 8 9 -10 x|ab... %") == 0);
    CHECK_EQ_INT(e.nargs, 6);
    CHECK(strcmp(e.args[0], "B") == 0 && strcmp(e.args[1], "-7") == 0 && strcmp(e.args[2], "8") == 0);
    CHECK(strcmp(e.args[3], "9") == 0 && strcmp(e.args[4], "-10") == 0 && strcmp(e.args[5], "x") == 0);
    CHECK(e.line == 3 && e.col == 4);
    /* a `%.*s` token is not NUL-terminated (it points into the input): only
     * its precision is read (ASan fails this test otherwise) */
    {
        char *tok = (char *)malloc(3);
        CHECK(tok != NULL);
        if (tok) {
            memcpy(tok, "abc", 3);
            ds_fail(&e, 1, 1, "found '%.*s'", 3, tok);
            CHECK(strcmp(e.args[0], "abc") == 0 && strcmp(e.msg, "found 'abc'") == 0);
            free(tok);
        }
    }
    /* a long argument is cut, never inside a UTF-8 character */
    memcpy(name + 93, "\xE5\xB0\x8F", 3); /* 小 across the cut at 95 bytes */
    ds_fail(&e, 0, 0, "%s", name);
    CHECK_EQ_INT((int)strlen(e.args[0]), 93);
    CHECK_EQ_INT(e.nargs, 1);
}

static void test_buf(void) {
    ds_buf b;
    int i;
    ds_buf_init(&b);
    CHECK(ds_buf_int(&b, -9223372036854775807LL - 1) == 0);
    CHECK(strcmp(b.data, "-9223372036854775808") == 0);
    ds_buf_clear(&b);
    for (i = 0; i < 100000; i++) ds_buf_int(&b, i % 10);
    CHECK_EQ_INT(b.len, 100000);
    ds_buf_clear(&b);
    ds_buf_json_str(&b, "a\"b\\\n\x01", 6);
    CHECK(strcmp(b.data, "\"a\\\"b\\\\\\u000a\\u0001\"") == 0);
    ds_buf_clear(&b);
    ds_buf_printf(&b, "%s=%d", "x", 42);
    CHECK(strcmp(b.data, "x=42") == 0);
    ds_buf_free(&b);
}

/* ds_text_put / ds_text_int against snprintf: the same bytes for random
 * pieces (words, UTF-8, numbers at the ends of long long) at every size of
 * buffer, cut at cap - 1 as snprintf cuts, never past the buffer (ASan) */
static void test_text(void) {
    static const char *const words[] = {"", "a", " on ", "ascending row 1", "（倒退技巧）",
                                        "结束本回合", " (backwards trick)", ">"};
    static const long long nums[] = {0, 7, -7, 10, 99, 100, 104, 9223372036854775807LL,
                                     -9223372036854775807LL - 1};
    ds_rng r;
    int t, k, fails = 0;
    ds_rng_seed(&r, 11);
    for (t = 0; t < 20000; t++) {
        char want[200], got_big[200], *got;
        size_t cap = ds_rng_below(&r, 60), n = 0, w = 0;
        int parts = 1 + (int)ds_rng_below(&r, 4);
        got = (char *)malloc(cap ? cap : 1); /* exactly cap bytes: ASan sees any overrun */
        want[0] = '\0';
        if (cap) got[0] = '\0';
        for (k = 0; k < parts; k++) {
            if (ds_rng_below(&r, 2)) {
                long long v = nums[ds_rng_below(&r, 9)];
                w += (size_t)snprintf(want + w, sizeof want - w, "%lld", v);
                ds_text_int(got, cap, &n, v);
            } else {
                const char *s = words[ds_rng_below(&r, 8)];
                w += (size_t)snprintf(want + w, sizeof want - w, "%s", s);
                ds_text_put(got, cap, &n, s);
            }
        }
        snprintf(got_big, sizeof got_big, "%s", want);
        if (cap) got_big[cap - 1 < strlen(want) ? cap - 1 : strlen(want)] = '\0';
        if (cap && (strcmp(got, got_big) || n != strlen(got_big))) fails++;
        free(got);
    }
    CHECK_EQ_INT(fails, 0);
}

static void test_rng(void) {
    ds_rng a, b;
    int i, counts[5] = {0};
    ds_rng_seed(&a, 7);
    ds_rng_seed(&b, 7);
    for (i = 0; i < 1000; i++) CHECK(ds_rng_next(&a) == ds_rng_next(&b));
    for (i = 0; i < 50000; i++) counts[ds_rng_below(&a, 5)]++;
    for (i = 0; i < 5; i++) CHECK(counts[i] > 9000 && counts[i] < 11000);
    /* shuffle is a permutation */
    {
        int v[50], seen[50] = {0};
        for (i = 0; i < 50; i++) v[i] = i;
        ds_rng_shuffle(&a, v, 50, sizeof v[0]);
        for (i = 0; i < 50; i++) seen[v[i]]++;
        for (i = 0; i < 50; i++) CHECK(seen[i] == 1);
    }
}

/* A toy game for the trace: state is a running sum and a step counter. */
typedef struct { unsigned long long sum; int steps; } toy_state;
typedef struct { int add; } toy_event;
static void toy_apply(void *s, const void *e, const void *ctx) {
    toy_state *st = (toy_state *)s;
    (void)ctx;
    st->sum = st->sum * 3u + (unsigned)((const toy_event *)e)->add;
    st->steps++;
}

static void test_trace(void) {
    ds_trace t;
    ds_error e;
    toy_state s0 = {0, 0}, got, want;
    ds_rng rng;
    size_t n = 5000, i, interval;
    for (interval = 1; interval <= 128; interval *= 8) {
        CHECK(ds_trace_init(&t, sizeof(toy_event), sizeof(toy_state), interval, toy_apply, NULL, &s0, &e) == 0);
        ds_rng_seed(&rng, interval);
        for (i = 0; i < n; i++) {
            toy_event ev = {(int)ds_rng_below(&rng, 100)};
            CHECK(ds_trace_emit(&t, &ev, &e) == 0);
        }
        CHECK_EQ_INT(t.n, n);
        /* seek(i) equals replaying from scratch */
        want = s0;
        for (i = 0; i <= n; i++) {
            if (i % 97 == 0 || i == n || i % interval == 0 || i % interval == interval - 1) {
                CHECK(ds_trace_seek(&t, i, &got) == 0);
                CHECK(got.sum == want.sum && got.steps == want.steps);
            }
            if (i < n) toy_apply(&want, ds_trace_event(&t, i), NULL);
        }
        CHECK(ds_trace_seek(&t, n + 1, &got) == -1);
        ds_trace_free(&t);
    }
    /* ds_trace_common: the same events, a prefix, the first difference */
    {
        ds_trace a, b;
        toy_event ev;
        CHECK(ds_trace_init(&a, sizeof(toy_event), sizeof(toy_state), 0, toy_apply, NULL, &s0, &e) == 0);
        CHECK(ds_trace_init(&b, sizeof(toy_event), sizeof(toy_state), 0, toy_apply, NULL, &s0, &e) == 0);
        CHECK_EQ_INT(ds_trace_common(&a, &b), 0);
        for (i = 0; i < 300; i++) {
            ev.add = (int)(i % 7);
            CHECK(ds_trace_emit(&a, &ev, &e) == 0);
            if (i < 200) CHECK(ds_trace_emit(&b, &ev, &e) == 0);
        }
        CHECK_EQ_INT(ds_trace_common(&a, &b), 200); /* b is a prefix of a */
        CHECK_EQ_INT(ds_trace_common(&b, &a), 200);
        for (i = 200; i < 300; i++) {
            ev.add = (int)(i % 7) + (i == 250);
            CHECK(ds_trace_emit(&b, &ev, &e) == 0);
        }
        CHECK_EQ_INT(ds_trace_common(&a, &b), 250); /* the first difference */
        ds_trace_free(&b);
        CHECK(ds_trace_init(&b, sizeof(toy_event), sizeof(toy_state), 0, toy_apply, NULL, &s0, &e) == 0);
        for (i = 0; i < 300; i++) {
            ev.add = (int)(i % 7);
            CHECK(ds_trace_emit(&b, &ev, &e) == 0);
        }
        CHECK_EQ_INT(ds_trace_common(&a, &b), 300); /* the same game */
        ds_trace_free(&a);
        ds_trace_free(&b);
    }
    /* the event limit is an error, not a crash */
    CHECK(ds_trace_init(&t, sizeof(toy_event), sizeof(toy_state), 0, toy_apply, NULL, &s0, &e) == 0);
    t.max_events = 3;
    {
        toy_event ev = {1};
        CHECK(ds_trace_emit(&t, &ev, &e) == 0);
        CHECK(ds_trace_emit(&t, &ev, &e) == 0);
        CHECK(ds_trace_emit(&t, &ev, &e) == 0);
        CHECK(ds_trace_emit(&t, &ev, &e) == -1);
        CHECK(strstr(e.msg, "limit") != NULL);
    }
    ds_trace_free(&t);
    /* a trace with a limit never holds room for more events (or keyframes)
     * than the limit allows (issue 26: cirno's events took 12.6 MB for 7.2),
     * and still seeks every step */
    for (interval = 1; interval <= 64; interval *= 4) {
        size_t limit = 1000 + interval, keys0, keys;
        CHECK(ds_trace_init(&t, sizeof(toy_event), sizeof(toy_state), interval, toy_apply, NULL, &s0, &e) == 0);
        t.max_events = limit;
        keys0 = t.keycap; /* the first block, made before the limit was set */
        keys = limit / interval + 1 > keys0 ? limit / interval + 1 : keys0;
        for (i = 0; i < limit; i++) {
            toy_event ev = {(int)(i % 7)};
            CHECK(ds_trace_emit(&t, &ev, &e) == 0);
        }
        CHECK_EQ_INT(t.cap, limit);
        CHECK(t.keycap <= keys);
        want = s0;
        for (i = 0; i <= limit; i++) {
            CHECK(ds_trace_seek(&t, i, &got) == 0);
            CHECK(got.sum == want.sum && got.steps == want.steps);
            if (i < limit) toy_apply(&want, ds_trace_event(&t, i), NULL);
        }
        ds_trace_free(&t);
    }
}

/* A failed emit (no memory for the event or for its keyframe) leaves the
 * trace as it was: same length and live state, every step still seeks to
 * the replayed state, and the game can go on emitting. For every realloc
 * of a run failing in turn, at several key intervals. */
static void check_trace_replays(const ds_trace *t, const toy_state *s0) {
    toy_state want = *s0, got;
    size_t i;
    int ok = 1;
    for (i = 0; i <= t->n; i++) {
        ok &= ds_trace_seek(t, i, &got) == 0 && got.sum == want.sum && got.steps == want.steps;
        if (i < t->n) toy_apply(&want, ds_trace_event(t, i), NULL);
    }
    ok &= memcmp(t->live, &want, sizeof want) == 0 && t->nkeys == t->n / t->key_interval + 1;
    CHECK(ok);
}

static void test_trace_no_memory(void) {
    static const size_t intervals[] = {1, 2, 3, 64};
    const size_t n = 300;
    toy_state s0 = {5, 0};
    size_t iv;
    for (iv = 0; iv < sizeof intervals / sizeof intervals[0]; iv++) {
        long f;
        int failed = 1;
        for (f = 1; failed; f++) {
            ds_trace t;
            ds_error e;
            size_t i, n_before;
            toy_state live_before;
            failed = 0;
            CHECK(ds_trace_init(&t, sizeof(toy_event), sizeof(toy_state), intervals[iv], toy_apply,
                                NULL, &s0, &e) == 0);
            realloc_calls = 0;
            fail_at = f;
            for (i = 0; t.n < n; i++) {
                toy_event ev = {(int)(i * 7 % 11)};
                n_before = t.n;
                memcpy(&live_before, t.live, sizeof live_before);
                if (ds_trace_emit(&t, &ev, &e) == 0) continue;
                failed++;
                CHECK(strstr(e.msg, "out of memory") != NULL);
                CHECK_EQ_INT(t.n, n_before);
                CHECK(memcmp(t.live, &live_before, sizeof live_before) == 0);
                check_trace_replays(&t, &s0);
            }
            fail_at = 0;
            CHECK(failed <= 1);
            CHECK_EQ_INT(t.n, n);
            check_trace_replays(&t, &s0);
            ds_trace_free(&t);
        }
        CHECK(f > 3); /* the events and the keyframes grew, and each growth failed once */
    }
}

/* Forced choices: the text form round-trips through parse and format, for
 * generated lists; malformed forms fail with the position of the fault. */
static void test_choices(void) {
    ds_choice *ch;
    size_t n, k;
    ds_error e;
    ds_buf b;
    ds_rng r;
    int round;
    static const char *const labels[] = {"A99", "46>down1", "end", "CHOW 3P 4P 5P", "pass",
                                         "face(hp1)", "trade(1x2)", "hit:E1", "3P", "DOUBLE"};
    CHECK(ds_choices_parse("", 0, &ch, &n, &e) == 0 && n == 0 && ch == NULL);
    ds_buf_init(&b);
    ds_rng_seed(&r, 7);
    for (round = 0; round < 200; round++) {
        size_t m = 1 + ds_rng_below(&r, 6), i = ds_rng_below(&r, 5);
        ds_buf_clear(&b);
        for (k = 0; k < m; k++) {
            ds_buf_printf(&b, "%s%zu:%s", k ? "," : "", i, labels[ds_rng_below(&r, 10)]);
            i += 1 + ds_rng_below(&r, 1000);
        }
        CHECK(ds_choices_parse(b.data, b.len, &ch, &n, &e) == 0 && n == m);
        if (ch) {
            ds_buf f;
            ds_buf_init(&f);
            CHECK(ds_choices_format(ch, n, &f) == 0 && f.len == b.len &&
                  memcmp(f.data, b.data, b.len) == 0);
            for (k = 0; k < n; k++) {
                CHECK(ds_choice_at(ch, n, ch[k].i) == ch[k].label);
                CHECK(ds_choice_at(ch, n, ch[k].i + 1) == NULL ||
                      (k + 1 < n && ch[k + 1].i == ch[k].i + 1));
            }
            ds_buf_free(&f);
            free(ch);
        }
    }
    ds_buf_free(&b);
    CHECK(ds_choices_parse("12:A5,7:A9", 10, &ch, &n, &e) == -1 && e.col == 7 &&
          strcmp(e.msg, "event indices must increase: 7 after 12") == 0);
    CHECK(ds_choices_parse("3:A5,3:A9", 9, &ch, &n, &e) == -1 && strstr(e.msg, "increase"));
    CHECK(ds_choices_parse("x:A5", 4, &ch, &n, &e) == -1 && e.col == 1 && strstr(e.msg, "I:LABEL"));
    CHECK(ds_choices_parse("4", 1, &ch, &n, &e) == -1 && strstr(e.msg, "I:LABEL"));
    CHECK(ds_choices_parse("4:", 2, &ch, &n, &e) == -1 && strstr(e.msg, "empty label"));
    CHECK(ds_choices_parse("4:A5,", 5, &ch, &n, &e) == -1 && e.col == 6);
    CHECK(ds_choices_parse("4:a\tb", 5, &ch, &n, &e) == -1 && strstr(e.msg, "control"));
    CHECK(ds_choices_parse("4:0123456789012345678901234567890123456789", 42, &ch, &n, &e) == -1 &&
          strstr(e.msg, "at most 39"));
    CHECK(ds_choices_parse("99999999999999999999999:A", 25, &ch, &n, &e) == -1 &&
          strstr(e.msg, "too large"));
    CHECK(ds_choices_parse("2:A5,9:end", 10, &ch, &n, &e) == 0 && n == 2);
    CHECK(ds_choices_unused(ch, n, 10, &e) == 0);
    CHECK(ds_choices_unused(ch, n, 9, &e) == -1 &&
          strcmp(e.msg, "the game has only 9 events; event 9 is past its end") == 0);
    free(ch);
    CHECK(ds_choice_not_decision(&e, 17, "a draw") == -1 &&
          strcmp(e.msg, "event 17 is a draw, not a decision") == 0);
    CHECK(ds_choice_not_candidate(&e, 3, "Q", "A1, A5") == -1 &&
          strcmp(e.msg, "'Q' is not a choice at event 3; the choices are: A1, A5") == 0);
}

int main(void) {
    test_reader();
    test_error_args();
    test_buf();
    test_text();
    test_rng();
    test_trace();
    test_trace_no_memory();
    test_choices();
    DS_TEST_MAIN_END();
}
