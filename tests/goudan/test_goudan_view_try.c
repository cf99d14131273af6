/* test_goudan_view_try.c - variations in the viewer model for goudan
 * (dsv_try and the adapter's `line` hook, web/app/model/view_goudan.c), against
 * the engine (goudan_playout_try): on generated inputs, the view's events
 * are the engine's variation event by event (JSON), the answers are kept,
 * "" is the main line again; a bad choice keeps the line shown and fills
 * v->error; choices given while the table is being solved are applied when
 * it is done (a bad one there: the main line and the error); picking
 * another query or seed (dsv_goudan_select) starts from the main line; the
 * caption (dsv_narrate) is goudan_narrate's sentence in the view's language,
 * on the main line, a variation and another query. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "goudan/goudan.h"
#include "model/view.h"

static int load_all(ds_view *v, const char *text, size_t len) {
    return dsv_load(v, DSV_GOUDAN, text, len);
}

static void work_all(ds_view *v) {
    int guard = 0;
    while (v->busy && guard++ < 1000000) dsv_work(v, 5);
}

/* The view's caption is the engine's sentence, in the view's language; a
 * forced event's says it was forced. */
static void same_words(ds_view *v, size_t forced_at) {
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
            CHECK_EQ_INT(goudan_narrate(v->input, &v->trace, i, (ds_lang)lang, &b), 0);
            CHECK(a.len > 0 && a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
            if (i == forced_at && a.len) /* an operation: your choice; a hit: the variation's */
                CHECK(strstr(a.data, lang == DS_LANG_ZH ? "你的选择" : "your choice") ||
                      strstr(a.data, lang == DS_LANG_ZH ? "由这一变化指定" : "set by this variation"));
        }
    }
    v->lang = DS_LANG_EN;
    ds_buf_free(&a);
    ds_buf_free(&b);
}

/* The view's events are the engine's line (query q, seed, choices). */
static int same_as_engine(ds_view *v, goudan_eval *ev, size_t q, uint64_t seed, const char *spec) {
    ds_choice *ch = NULL;
    size_t n = 0, i;
    ds_trace tr;
    ds_error err;
    goudan_query query;
    ds_buf a, b;
    int same = 1;
    if (ds_choices_parse(spec, strlen(spec), &ch, &n, &err)) return 0;
    goudan_query_get(v->input, q, &query);
    if (goudan_playout_try(ev, &query, seed, ch, n, &tr, &err)) { free(ch); return 0; }
    free(ch);
    if (tr.n != v->trace.n) same = 0;
    ds_buf_init(&a);
    ds_buf_init(&b);
    for (i = 0; same && i < tr.n; i++) {
        ds_buf_clear(&a);
        ds_buf_clear(&b);
        if (dsv_event_json(v, i, &a) || goudan_event_json(NULL, &tr, i, (ds_lang)v->lang, &b) || a.len != b.len ||
            memcmp(a.data, b.data, a.len) != 0)
            same = 0;
    }
    ds_buf_free(&a);
    ds_buf_free(&b);
    ds_trace_free(&tr);
    return same;
}

/* "I:LABEL" for a decision of the line shown with another candidate than
 * the one taken (the middle one of them), or 0 if there is none. */
static int other_choice(ds_view *v, size_t from, char *spec, size_t cap, size_t *at) {
    size_t i, m = 0, pick;
    goudan_cands c;
    for (i = from; i < v->trace.n; i++)
        if (goudan_event_cands(ds_trace_event(&v->trace, i), &c) == 0 && c.n >= 2) m++;
    if (!m) return 0;
    pick = m / 2;
    for (i = from; i < v->trace.n; i++)
        if (goudan_event_cands(ds_trace_event(&v->trace, i), &c) == 0 && c.n >= 2 && pick-- == 0) {
            snprintf(spec, cap, "%zu:%s", i, c.label[c.chosen == 0 ? c.n - 1 : 0]);
            *at = i;
            return 1;
        }
    return 0;
}

static void test_input(uint64_t seed) {
    ds_view v;
    ds_buf in, fmt;
    goudan_input *gi;
    goudan_table *t;
    goudan_eval *ev;
    ds_error err;
    const dsv_goudan *gd;
    char spec[64], spec2[128];
    size_t at = 0, at2 = 0, n_main;
    ds_buf_init(&in);
    CHECK(goudan_generate(seed, 2, &in) == 0);
    dsv_init(&v);
    CHECK(load_all(&v, in.data, in.len) == 0);
    CHECK(v.busy);
    work_all(&v);
    CHECK(v.loaded && !v.busy);
    gd = v.extra;
    CHECK(gd && gd->eval && gd->query == 0 && gd->seed == 1);
    /* the engine with the same table */
    CHECK(goudan_parse(in.data, in.len, &gi, &err) == 0);
    CHECK(goudan_solve(goudan_input_o(gi), gd->hp_max, &t, &err) == 0);
    CHECK(goudan_eval_new(t, &ev, &err) == 0);
    ds_buf_init(&fmt);
    CHECK(goudan_format(gi, t, &fmt) == 0);
    CHECK(v.output.len == fmt.len && memcmp(v.output.data, fmt.data, fmt.len) == 0);
    CHECK(same_as_engine(&v, ev, 0, 1, ""));
    same_words(&v, (size_t)-1);
    n_main = v.trace.n;

    /* a variation, then a second choice on it */
    CHECK(other_choice(&v, 0, spec, sizeof spec, &at));
    CHECK(dsv_try(&v, spec, strlen(spec)) == 0);
    CHECK(v.nchoices == 1 && v.choices[0].i == at && v.step == 0);
    CHECK(same_as_engine(&v, ev, 0, 1, spec));
    same_words(&v, at);
    CHECK(v.output.len == fmt.len && memcmp(v.output.data, fmt.data, fmt.len) == 0);
    if (other_choice(&v, at + 1, spec2 + strlen(spec) + 1, sizeof spec2 - strlen(spec) - 1, &at2)) {
        memcpy(spec2, spec, strlen(spec));
        spec2[strlen(spec)] = ',';
        CHECK(dsv_try(&v, spec2, strlen(spec2)) == 0);
        CHECK(v.nchoices == 2 && v.choices[1].i == at2);
        CHECK(same_as_engine(&v, ev, 0, 1, spec2));
        CHECK(dsv_try(&v, spec, strlen(spec)) == 0);
    }

    /* bad choices keep the variation shown and say why */
    {
        size_t n_var = v.trace.n;
        char legal_msg[64];
        CHECK(dsv_try(&v, "0:play", 6) == -1);
        CHECK(strcmp(v.error.msg, "event 0 is the start of a turn (a draw), not a decision") == 0);
        CHECK(v.trace.n == n_var && v.nchoices == 1 && v.choices[0].i == at && v.loaded);
        snprintf(legal_msg, sizeof legal_msg, "%zu:nosuch", at);
        CHECK(dsv_try(&v, legal_msg, strlen(legal_msg)) == -1);
        CHECK(strstr(v.error.msg, "'nosuch' is not a choice at event") == v.error.msg);
        CHECK(strstr(v.error.msg, "; the choices are: ") != NULL);
        CHECK(dsv_try(&v, "99999:play", 10) == -1);
        CHECK(strstr(v.error.msg, "is past its end") != NULL);
        CHECK(dsv_try(&v, "5:a,3:b", 7) == -1);
        CHECK(strcmp(v.error.msg, "event indices must increase: 3 after 5") == 0);
        CHECK(v.trace.n == n_var && v.nchoices == 1 && same_as_engine(&v, ev, 0, 1, spec));
    }
    /* "" is the main line */
    CHECK(dsv_try(&v, "", 0) == 0);
    CHECK(v.nchoices == 0 && v.trace.n == n_main && same_as_engine(&v, ev, 0, 1, ""));
    /* another query or seed: from its main line */
    CHECK(dsv_try(&v, spec, strlen(spec)) == 0);
    CHECK(dsv_goudan_select(&v, goudan_input_count(gi) - 1, 5) == 0);
    CHECK(v.nchoices == 0 && v.choices == NULL);
    CHECK(same_as_engine(&v, ev, goudan_input_count(gi) - 1, 5, ""));
    same_words(&v, (size_t)-1);
    dsv_free(&v);

    /* choices given while solving: applied once the table is there */
    dsv_init(&v);
    CHECK(load_all(&v, in.data, in.len) == 0 && v.busy);
    CHECK(dsv_try(&v, spec, strlen(spec)) == 0);
    work_all(&v);
    CHECK(v.loaded && v.nchoices == 1 && same_as_engine(&v, ev, 0, 1, spec));
    CHECK(v.error.msg[0] == '\0');
    dsv_free(&v);
    /* ... and a bad one: the main line, and the reason */
    dsv_init(&v);
    CHECK(load_all(&v, in.data, in.len) == 0 && v.busy);
    CHECK(dsv_try(&v, "0:skill", 7) == 0);
    work_all(&v);
    CHECK(v.loaded && v.nchoices == 0 && same_as_engine(&v, ev, 0, 1, ""));
    CHECK(strcmp(v.error.msg, "event 0 is the start of a turn (a draw), not a decision") == 0);
    CHECK(v.output.len == fmt.len && memcmp(v.output.data, fmt.data, fmt.len) == 0);
    dsv_free(&v);

    goudan_eval_free(ev);
    goudan_table_free(t);
    goudan_input_free(gi);
    ds_buf_free(&fmt);
    ds_buf_free(&in);
}

int main(void) {
    uint64_t seed;
    for (seed = 1; seed <= 2; seed++) test_input(seed);
    DS_TEST_MAIN_END();
}
