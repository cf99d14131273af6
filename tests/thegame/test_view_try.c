/* test_view_try.c - thegame's variations in the viewer model: dsv_load then
 * dsv_try (web/app/model/view.h) on generated decks give exactly the engine's
 * variation (thegame_simulate_try): the same events, states at every step,
 * judge output, event JSON and caption (dsv_narrate = thegame_narrate, in
 * English and Chinese); a bad choice fails with the engine's message
 * and keeps the line shown; "" goes back to the main line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_core.h"
#include "ds_test.h"
#include "thegame/thegame.h"
#include "model/view.h"

static int is_decision(const thegame_event *e) {
    return e->kind == THEGAME_EV_PLAY || e->kind == THEGAME_EV_DRAW;
}

/* A random candidate of decision e other than the one it took; 0 if none. */
static int other_candidate(const thegame_event *e, ds_rng *rng, char *label) {
    thegame_why d = e->why;
    char lab[40][16], own[16];
    int n = 0, p, r, pick;
    thegame_event_label(e, own, sizeof own);
    if (d.rule == THEGAME_RULE_END_TURN) {
        if (strcmp(own, "end") != 0) snprintf(lab[n++], 16, "end");
        thegame_why_moves(&d);
    }
    for (p = 0; p < d.hand_len; p++)
        for (r = 0; r < THEGAME_ROWS; r++) {
            if (d.move[p][r] == THEGAME_MOVE_ILLEGAL) continue;
            snprintf(lab[n], 16, "%d>%s", d.hand[p], thegame_row_name(r));
            if (strcmp(lab[n], own) != 0) n++;
        }
    if (!n) return 0;
    pick = (int)ds_rng_below(rng, (uint32_t)n);
    memcpy(label, lab[pick], 16);
    return 1;
}

static size_t random_decision(const ds_trace *tr, ds_rng *rng, size_t from) {
    size_t i;
    for (i = 0; i < 20; i++) {
        size_t at = from + ds_rng_below(rng, (uint32_t)(tr->n - from));
        if (is_decision(ds_trace_event(tr, at))) return at;
    }
    return (size_t)-1;
}

/* The view shows exactly the engine's line `want` of `in`. */
static void check_view_is(ds_view *v, const thegame_input *in, const ds_trace *want, ds_rng *rng) {
    ds_buf out, a, b;
    size_t i;
    int k;
    CHECK(v->loaded && !v->busy);
    CHECK_EQ_INT(v->trace.n, want->n);
    if (v->trace.n != want->n) return;
    CHECK(memcmp(v->trace.events, want->events, want->n * sizeof(thegame_event)) == 0);
    ds_buf_init(&out);
    ds_buf_init(&a);
    ds_buf_init(&b);
    CHECK(thegame_format(in, want, &out, NULL) == 0);
    CHECK(v->output.len == out.len && memcmp(v->output.data, out.data, out.len) == 0);
    CHECK_EQ_INT(v->step, 0);
    CHECK_EQ_INT(v->lines_at_step[want->n], 6);
    for (i = 0; i < want->n; i++) {
        const thegame_event *e = ds_trace_event(want, i);
        if (e->kind == THEGAME_EV_PLAY)
            CHECK_EQ_INT(v->marks[i], e->backwards ? DSV_MARK_CALL : DSV_MARK_TURN);
    }
    for (k = 0; k < 12; k++) {
        size_t step = ds_rng_below(rng, (uint32_t)want->n + 1);
        thegame_state s;
        dsv_seek(v, step, 0);
        CHECK(ds_trace_seek(want, step, &s) == 0);
        CHECK(memcmp(v->state, &s, sizeof s) == 0);
        if (step < want->n) {
            int lang = (int)(k & 1) ? DS_LANG_ZH : DS_LANG_EN, saved = v->lang;
            /* the event's JSON and the caption, in the view's language */
            v->lang = lang;
            ds_buf_clear(&a);
            ds_buf_clear(&b);
            CHECK(dsv_event_json(v, step, &a) == 0);
            CHECK(thegame_event_json(in, want, step, (ds_lang)lang, &b) == 0);
            CHECK(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
            ds_buf_clear(&a);
            ds_buf_clear(&b);
            CHECK(dsv_narrate(v, step, &a) == 0);
            CHECK(thegame_narrate(in, want, step, (ds_lang)lang, &b) == 0);
            CHECK(a.len > 0 && a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
            v->lang = saved;
        }
    }
    dsv_seek(v, 0, 0);
    ds_buf_free(&out);
    ds_buf_free(&a);
    ds_buf_free(&b);
}

static void one_deck(uint64_t seed) {
    ds_buf g, spec, js;
    ds_view v;
    thegame_input *in;
    ds_trace m, var, var2;
    ds_error err;
    ds_rng rng;
    ds_choice ch[2];
    size_t at, at2;
    ds_buf_init(&g);
    ds_buf_init(&spec);
    ds_buf_init(&js);
    ds_rng_seed(&rng, seed + 99);
    CHECK(thegame_generate(seed, 0, &g) == 0);
    CHECK(thegame_parse(g.data, g.len, &in, &err) == 0);
    CHECK(thegame_simulate(in, &m, &err) == 0);
    dsv_init(&v);
    CHECK(dsv_load(&v, DSV_THEGAME, g.data, g.len) == 0);
    check_view_is(&v, in, &m, &rng);

    /* a variation with one forced choice off the rule */
    at = random_decision(&m, &rng, 1);
    if (at == (size_t)-1 || !other_candidate(ds_trace_event(&m, at), &rng, ch[0].label)) goto done;
    ch[0].i = at;
    ds_buf_clear(&spec);
    ds_choices_format(ch, 1, &spec);
    CHECK(thegame_simulate_try(in, ch, 1, &var, &err) == 0);
    CHECK(dsv_try(&v, spec.data, spec.len) == 0);
    CHECK_EQ_INT(v.nchoices, 1);
    CHECK(v.nchoices == 1 && v.choices[0].i == at && strcmp(v.choices[0].label, ch[0].label) == 0);
    check_view_is(&v, in, &var, &rng);
    CHECK(dsv_event_json(&v, at, &js) == 0 && strstr(js.data, "\"forced\":true") != NULL);

    /* a bad choice keeps the variation shown and says why, as the engine does */
    {
        static const char *const bad[] = {"0:end", "1:end", "1:1>up1", "999:end", "x", "5:a,3:b"};
        size_t k;
        for (k = 0; k < sizeof bad / sizeof *bad; k++) {
            ds_choice *bc = NULL;
            size_t bn = 0;
            ds_trace t;
            ds_error want;
            int parsed;
            memset(&want, 0, sizeof want);
            parsed = ds_choices_parse(bad[k], strlen(bad[k]), &bc, &bn, &want) == 0;
            if (parsed) CHECK(thegame_simulate_try(in, bc, bn, &t, &want) == -1);
            free(bc);
            CHECK(dsv_try(&v, bad[k], strlen(bad[k])) == -1);
            if (strcmp(v.error.msg, want.msg) != 0) {
                CHECK(!"dsv_try's error differs from the engine's");
                fprintf(stderr, "  %s: view '%s', engine '%s'\n", bad[k], v.error.msg, want.msg);
            }
            CHECK(v.nchoices == 1 && v.choices[0].i == at);
            check_view_is(&v, in, &var, &rng);
        }
    }

    /* a chain of two: the second index counts in the first variation */
    at2 = random_decision(&var, &rng, at + 1);
    if (at2 != (size_t)-1 && at2 > at && other_candidate(ds_trace_event(&var, at2), &rng, ch[1].label)) {
        ch[1].i = at2;
        ds_buf_clear(&spec);
        ds_choices_format(ch, 2, &spec);
        CHECK(thegame_simulate_try(in, ch, 2, &var2, &err) == 0);
        CHECK(dsv_try(&v, spec.data, spec.len) == 0);
        CHECK_EQ_INT(v.nchoices, 2);
        check_view_is(&v, in, &var2, &rng);
        ds_trace_free(&var2);
    }

    /* "" is the main line again */
    CHECK(dsv_try(&v, "", 0) == 0);
    CHECK_EQ_INT(v.nchoices, 0);
    check_view_is(&v, in, &m, &rng);
    ds_trace_free(&var);
done:
    dsv_free(&v);
    ds_trace_free(&m);
    thegame_input_free(in);
    ds_buf_free(&g);
    ds_buf_free(&spec);
    ds_buf_free(&js);
}

int main(int argc, char **argv) {
    int seeds = argc > 1 ? atoi(argv[1]) : 60, s;
    for (s = 1; s <= seeds; s++) one_deck((uint64_t)s);
    DS_TEST_MAIN_END();
}
