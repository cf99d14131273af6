/* test_mahjong_view.c - variations of mahjong in the viewer model
 * (web/app/model/view.h): dsv_try on generated decks shows exactly the engine's
 * variation (trace, judge output, the forced event's decision record), at
 * step 0; "" goes back to the main line; a bad choice fails with the
 * engine's message and keeps the line shown. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "mahjong/mahjong.h"
#include "model/view.h"

/* The engine's judge output of the variation spec (or "" for an error). */
static void engine_output(const mahjong_input *in, const char *spec, ds_buf *out,
                          ds_trace *tr) {
    ds_choice *ch = NULL;
    size_t n = 0;
    ds_error e;
    CHECK(ds_choices_parse(spec, strlen(spec), &ch, &n, &e) == 0);
    CHECK(mahjong_simulate_try(in, ch, n, tr, &e) == 0);
    CHECK(mahjong_format(in, tr, out, NULL) == 0);
    free(ch);
}

static int same_output(const ds_view *v, const ds_buf *want) {
    return v->output.len == want->len && !memcmp(v->output.data, want->data, want->len);
}

int main(void) {
    ds_view v;
    ds_rng r;
    int s, tried = 0;
    dsv_init(&v);
    ds_rng_seed(&r, 14);
    for (s = 1; s <= 20; s++) {
        ds_buf deck, main_out, var_out, js;
        mahjong_input *in;
        ds_trace main_tr, var_tr;
        ds_error e;
        mahjong_options d;
        char spec[96], needle[96];
        size_t i, tries;
        int k;
        ds_buf_init(&deck);
        ds_buf_init(&main_out);
        ds_buf_init(&var_out);
        ds_buf_init(&js);
        CHECK(mahjong_generate((uint64_t)s, 0, &deck) == 0);
        CHECK(mahjong_parse(deck.data, deck.len, &in, &e) == 0);
        CHECK(dsv_load(&v, DSV_MAHJONG, deck.data, deck.len) == 0);
        engine_output(in, "", &main_out, &main_tr);
        CHECK(same_output(&v, &main_out));
        /* a random decision and another candidate than the one taken */
        spec[0] = 0;
        for (tries = 0; tries < 100 && !spec[0]; tries++) {
            i = ds_rng_below(&r, (uint32_t)main_tr.n);
            if (!mahjong_decision_at(&main_tr, i, &d) || d.n < 2) continue;
            k = (int)ds_rng_below(&r, (uint32_t)d.n - 1);
            if (k >= d.chosen) k++;
            snprintf(spec, sizeof spec, "%zu:%s", i, d.opt[k].label);
            snprintf(needle, sizeof needle, "\"chosen\":\"%s\",\"forced\":true", d.opt[k].label);
        }
        CHECK(spec[0] != 0);
        dsv_seek(&v, main_tr.n / 2, 0);
        CHECK(dsv_try(&v, spec, strlen(spec)) == 0);
        engine_output(in, spec, &var_out, &var_tr);
        CHECK(same_output(&v, &var_out));
        CHECK_EQ_INT(v.trace.n, var_tr.n);
        CHECK(v.trace.n == var_tr.n &&
              !memcmp(v.trace.events, var_tr.events, var_tr.n * var_tr.event_size));
        CHECK_EQ_INT(v.step, 0);
        CHECK_EQ_INT(v.nchoices, 1);
        i = (size_t)strtoul(spec, NULL, 10);
        CHECK(dsv_event_json(&v, i, &js) == 0);
        CHECK(strstr(js.data ? js.data : "", needle) != NULL);
        tried++;
        /* bad choices: the error, and the variation stays */
        CHECK(dsv_try(&v, "0:Z", 3) == -1);
        CHECK(strstr(v.error.msg, "event 0 is a deal, not a decision") != NULL);
        CHECK(same_output(&v, &var_out));
        CHECK_EQ_INT(v.nchoices, 1);
        snprintf(spec, sizeof spec, "%zu:XX", i);
        CHECK(dsv_try(&v, spec, strlen(spec)) == -1);
        CHECK(strstr(v.error.msg, "'XX' is not a choice at event") != NULL);
        CHECK(strstr(v.error.msg, "the choices are: ") != NULL);
        CHECK(same_output(&v, &var_out));
        CHECK(dsv_try(&v, "9999:pass", 9) == -1);
        CHECK(strstr(v.error.msg, "past its end") != NULL);
        CHECK(dsv_try(&v, "5:Z,3:Z", 7) == -1);
        CHECK(strstr(v.error.msg, "event indices must increase") != NULL);
        CHECK(same_output(&v, &var_out));
        /* "" is the main line again */
        CHECK(dsv_try(&v, "", 0) == 0);
        CHECK(same_output(&v, &main_out));
        CHECK_EQ_INT(v.nchoices, 0);
        ds_trace_free(&main_tr);
        ds_trace_free(&var_tr);
        mahjong_input_free(in);
        ds_buf_free(&deck);
        ds_buf_free(&main_out);
        ds_buf_free(&var_out);
        ds_buf_free(&js);
    }
    printf("%d variations shown through dsv_try\n", tried);
    dsv_free(&v);
    DS_TEST_MAIN_END();
}
