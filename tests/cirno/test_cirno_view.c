/* test_cirno_view.c - variations of cirno in the viewer model: dsv_load
 * then dsv_try on generated inputs gives the engine's line (events, judge
 * output, one output line per step, marks), "" goes back to the main line,
 * and a bad choice keeps the line shown and fills v->error with the
 * engine's message; the caption (dsv_narrate) is cirno_narrate's sentence
 * in the view's language, and the words about the state (dsv_start,
 * dsv_headline, dsv_changes) are cirno_start's, cirno_headline's and
 * cirno_changes'. */
#include <stdio.h>
#include <string.h>

#include "cirno/cirno.h"
#include "ds_test.h"
#include "model/view.h"

/* The view shows exactly the line ch[0..n-1] of in. */
static void same_as_engine(const ds_view *v, const cirno_input *in, const ds_choice *ch, size_t n) {
    ds_trace tr = {0};
    ds_error err;
    ds_buf out;
    size_t i;
    ds_buf_init(&out);
    CHECK_EQ_INT(cirno_simulate_try(in, ch, n, &tr, &err), 0);
    CHECK_EQ_INT(cirno_format(in, &tr, &out, NULL), 0);
    CHECK_EQ_INT(v->trace.n, tr.n);
    CHECK(v->trace.n == tr.n && memcmp(v->trace.events, tr.events, tr.n * sizeof(cirno_event)) == 0);
    CHECK(v->output.len == out.len && memcmp(v->output.data, out.data, out.len) == 0);
    CHECK_EQ_INT(v->nchoices, n);
    CHECK_EQ_INT(v->step, 0);
    for (i = 0; i <= tr.n; i++) CHECK_EQ_INT(v->lines_at_step[i], i);
    for (i = 0; i < tr.n; i++) {
        const cirno_event *e = ds_trace_event(&tr, i);
        int want = e->kind == CIRNO_EV_ROUND  ? DSV_MARK_ROUND
                   : e->kind == CIRNO_EV_LOSS ? DSV_MARK_END
                                              : DSV_MARK_TURN;
        CHECK_EQ_INT(v->marks[i], want);
    }
    ds_trace_free(&tr);
    ds_buf_free(&out);
}

/* The view's caption is the engine's sentence, in the view's language. */
static void same_words(ds_view *v, const cirno_input *in) {
    ds_buf a, b;
    int lang;
    size_t i;
    ds_buf_init(&a);
    ds_buf_init(&b);
    for (lang = DS_LANG_EN; lang <= DS_LANG_ZH; lang++) {
        v->lang = lang;
        for (i = 0; i < v->trace.n; i++) {
            ds_buf_clear(&a);
            ds_buf_clear(&b);
            CHECK_EQ_INT(dsv_narrate(v, i, &a), 0);
            CHECK_EQ_INT(cirno_narrate(in, &v->trace, i, (ds_lang)lang, &b), 0);
            CHECK(a.len > 0 && a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
            /* what the event changed and the headline of the state before it */
            ds_buf_clear(&a);
            ds_buf_clear(&b);
            CHECK_EQ_INT(dsv_changes(v, i, &a), 0);
            CHECK_EQ_INT(cirno_changes(in, &v->trace, i, (ds_lang)lang, &b), 0);
            CHECK(a.len > 0 && a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
            ds_buf_clear(&a);
            ds_buf_clear(&b);
            CHECK_EQ_INT(dsv_headline(v, i, &a), 0);
            CHECK_EQ_INT(cirno_headline(in, &v->trace, i, (ds_lang)lang, &b), 0);
            CHECK(a.len > 0 && a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
        }
        ds_buf_clear(&a);
        ds_buf_clear(&b);
        CHECK_EQ_INT(dsv_start(v, &a), 0);
        CHECK_EQ_INT(cirno_start(in, (ds_lang)lang, &b), 0);
        CHECK(a.len > 0 && a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
        CHECK_EQ_INT(dsv_headline(v, v->trace.n, &a), 0);
        CHECK_EQ_INT(dsv_headline(v, v->trace.n + 1, &a), -1);
        CHECK_EQ_INT(dsv_changes(v, v->trace.n, &a), -1);
    }
    v->lang = DS_LANG_EN;
    ds_buf_free(&a);
    ds_buf_free(&b);
}

int main(void) {
    ds_rng rng;
    ds_buf text, spec;
    uint64_t seed;
    int tried = 0;
    ds_rng_seed(&rng, 4242);
    ds_buf_init(&text);
    ds_buf_init(&spec);
    for (seed = 1; seed <= 60 && ds_test_failed < 20; seed++) {
        ds_view v;
        const cirno_input *in;
        ds_choice ch;
        size_t i, main_n;
        const cirno_event *e;
        int slots[3], nc, c;
        ds_buf_clear(&text);
        CHECK_EQ_INT(cirno_generate(seed, 0, &text), 0);
        dsv_init(&v);
        CHECK_EQ_INT(dsv_load(&v, DSV_CIRNO, text.data, text.len), 0);
        in = (const cirno_input *)v.input;
        same_as_engine(&v, in, NULL, 0);
        if (seed <= 5) same_words(&v, in);
        main_n = v.trace.n;

        /* a random decision, a random candidate (its own card included) */
        do i = ds_rng_below(&rng, (uint32_t)v.trace.n);
        while (((const cirno_event *)ds_trace_event(&v.trace, i))->kind == CIRNO_EV_ROUND);
        e = ds_trace_event(&v.trace, i);
        nc = cirno_event_candidates(e, slots);
        c = (int)ds_rng_below(&rng, (uint32_t)nc);
        memset(&ch, 0, sizeof ch);
        ch.i = i;
        snprintf(ch.label, sizeof ch.label, "%s", cirno_card_name(e->hand[slots[c]]));
        ds_buf_clear(&spec);
        ds_buf_printf(&spec, "%zu:%s", ch.i, ch.label);
        v.step = 3;
        CHECK_EQ_INT(dsv_try(&v, spec.data, spec.len), 0);
        same_as_engine(&v, in, &ch, 1);
        tried++;

        /* bad choices keep the line shown: a round start, a card not held,
         * past the end, decreasing indices */
        CHECK_EQ_INT(dsv_try(&v, "0:A1", 4), -1);
        CHECK(strstr(v.error.msg, "event 0 is the start of round 1, not a decision") != NULL);
        same_as_engine(&v, in, &ch, 1);
        ds_buf_clear(&spec);
        ds_buf_printf(&spec, "%zu:NOPE", ch.i);
        CHECK_EQ_INT(dsv_try(&v, spec.data, spec.len), -1);
        CHECK(strstr(v.error.msg, "'NOPE' is not a choice at event") != NULL);
        CHECK(strstr(v.error.msg, "the choices are: ") != NULL);
        ds_buf_clear(&spec);
        ds_buf_printf(&spec, "%zu:A1", main_n + 5); /* a lone choice: main line indices */
        CHECK_EQ_INT(dsv_try(&v, spec.data, spec.len), -1);
        CHECK(strstr(v.error.msg, "is past its end") != NULL);
        CHECK_EQ_INT(dsv_try(&v, "7:A1,3:A1", 9), -1);
        CHECK(strstr(v.error.msg, "event indices must increase: 3 after 7") != NULL);
        same_as_engine(&v, in, &ch, 1);

        /* "" is the main line again */
        CHECK_EQ_INT(dsv_try(&v, "", 0), 0);
        same_as_engine(&v, in, NULL, 0);
        dsv_free(&v);
    }
    printf("%d variations through the view\n", tried);
    ds_buf_free(&text);
    ds_buf_free(&spec);
    DS_TEST_MAIN_END();
}
