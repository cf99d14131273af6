/* test_decision.c - the shared decision record (engine/core/ds_decision.h):
 * the JSON writer, the reasons' notes, the forced clause, percentages, the
 * comparison with the rule and goudan's verdict scale, on generated records. */
#include <math.h>
#include <string.h>

#include "ds_decision.h"
#include "ds_test.h"

static const char *say(ds_buf *b) { return b->len ? b->data : ""; }

static void check_pct(void) {
    ds_buf b;
    struct { double v; const char *en, *zh; } t[] = {
        {0.0419, "4.19 %", "4.19%"}, {0.5, "50 %", "50%"}, {0.0, "0 %", "0%"},
        {1.0, "100 %", "100%"}, {0.00001, "<0.01 %", "<0.01%"}, {0.99999, ">99.99 %", ">99.99%"},
        {0.253, "25.3 %", "25.3%"}, {0.0005, "0.05 %", "0.05%"}};
    size_t k;
    ds_buf_init(&b);
    for (k = 0; k < sizeof t / sizeof t[0]; k++) {
        ds_buf_clear(&b);
        ds_say_pct(&b, DS_LANG_EN, t[k].v);
        CHECK(!strcmp(say(&b), t[k].en));
        ds_buf_clear(&b);
        ds_say_pct(&b, DS_LANG_ZH, t[k].v);
        CHECK(!strcmp(say(&b), t[k].zh));
    }
    ds_buf_free(&b);
}

static void check_verdicts(void) {
    double r;
    /* the two cases */
    CHECK_EQ_INT(ds_verdict_of(0.0419, 0.0253, &r), DS_VERDICT_MISTAKE);
    CHECK(fabs(r - (0.0419 - 0.0253) / 0.0419) < 1e-12);
    CHECK_EQ_INT(ds_verdict_of(0.0005, 0.0, &r), DS_VERDICT_BLUNDER);
    CHECK_EQ_INT(ds_verdict_of(0.5, 0.5 - 5e-10, &r), DS_VERDICT_BEST);
    CHECK_EQ_INT(ds_verdict_of(0.0, 0.0, &r), DS_VERDICT_BEST);
    CHECK(r == 0);
    CHECK_EQ_INT(ds_verdict_of(1.0, 1.0, &r), DS_VERDICT_BEST);
    /* the scale is the less likely outcome: near 1 the loss counts against 1 - best */
    CHECK_EQ_INT(ds_verdict_of(0.98, 0.972, &r), DS_VERDICT_MISTAKE);
    {
        /* random pairs: the verdict is the threshold band of r */
        ds_rng g;
        int k;
        ds_rng_seed(&g, 7);
        for (k = 0; k < 10000; k++) {
            double best = (double)ds_rng_below(&g, 1000001) / 1e6;
            double after = best * (double)ds_rng_below(&g, 1000001) / 1e6;
            double scale = best < 1 - best ? best : 1 - best, want = scale > 0 ? (best - after) / scale : 0;
            ds_verdict v = ds_verdict_of(best, after, &r);
            ds_verdict expect = best - after <= 1e-9 ? DS_VERDICT_BEST
                                : want < 0.10        ? DS_VERDICT_GOOD
                                : want < 0.25        ? DS_VERDICT_INACCURACY
                                : want < 0.50        ? DS_VERDICT_MISTAKE
                                                     : DS_VERDICT_BLUNDER;
            if (v != expect || fabs(r - want) > 1e-12) {
                CHECK(v == expect);
                break;
            }
        }
        CHECK(k == 10000);
    }
}

/* a mahjong-like record: distances, lower better */
static void make(ds_decision *d, ds_lang lang, int forced) {
    ds_decision_reset(d, lang);
    d->rule = "min_distance";
    snprintf(d->text, sizeof d->text, "%s", lang == DS_LANG_ZH ? "打出 Z：距离最小" : "discard Z: the smallest distance");
    d->measure = DS_MEASURE_DISTANCE;
    d->better = DS_BETTER_LOWER;
    ds_decision_add(d, "Z", lang == DS_LANG_ZH ? "打出 Z" : "discard Z", 1, 4, DS_REASON_RULE_CHOICE);
    ds_decision_add(d, "3S", lang == DS_LANG_ZH ? "打出 3S" : "discard 3S", 1, 5, DS_REASON_WORSE_VALUE);
    ds_decision_add(d, "F", lang == DS_LANG_ZH ? "打出 F" : "discard F", 1, 4, DS_REASON_TIE_LATER);
    ds_decision_pick(d, 0, forced ? 1 : 0);
}

static void check_record(void) {
    ds_decision d;
    ds_buf b;
    double by;
    ds_buf_init(&b);
    make(&d, DS_LANG_EN, 1);
    CHECK(d.forced);
    CHECK_EQ_INT(ds_decision_find(&d, "3S"), 1);
    CHECK_EQ_INT(ds_decision_find(&d, "nope"), -1);
    CHECK_EQ_INT(ds_decision_compare(&d, 1, &by), DS_CMP_WORSE);
    CHECK(by == 1);
    CHECK_EQ_INT(ds_decision_compare(&d, 2, &by), DS_CMP_EQUAL);
    CHECK_EQ_INT(ds_decision_compare(&d, 0, &by), DS_CMP_SAME);
    ds_say_forced(&b, &d);
    CHECK(!strcmp(say(&b), " (your choice, distance 5; the rule's move: discard Z, distance 4)"));
    ds_buf_clear(&b);
    ds_say_note(&b, &d, 1);
    CHECK(!strcmp(say(&b), "distance 5, 1 more than the rule's choice"));
    ds_buf_clear(&b);
    ds_say_assessment(&b, &d);
    CHECK(!strcmp(say(&b), "worse by 1: distance 5 against the rule's 4"));
    ds_buf_clear(&b);
    CHECK(ds_decision_json(&d, NULL, NULL, &b) == 0);
    CHECK(strstr(say(&b), "\"rule\":\"min_distance\"") != NULL);
    CHECK(strstr(say(&b), "\"rule_choice\":\"Z\",\"chosen\":\"3S\",\"forced\":true,\"only\":false") != NULL);
    CHECK(strstr(say(&b), "{\"label\":\"3S\",\"name\":\"discard 3S\",\"value\":5,\"reason\":\"worse_value\"") != NULL);
    CHECK(strstr(say(&b), "\"reason\":\"tie_later_in_order\"") != NULL);
    CHECK(strstr(say(&b), "\"assessment\":{\"cmp\":\"worse\",\"by\":1,") != NULL);
    CHECK(strstr(say(&b), "\"measure\":\"distance\",\"better\":\"lower\"") != NULL);

    make(&d, DS_LANG_ZH, 1);
    ds_buf_clear(&b);
    ds_say_forced(&b, &d);
    CHECK(!strcmp(say(&b), "（你的选择，距离 5；规则的选择：打出 Z，距离 4）"));
    make(&d, DS_LANG_EN, 0);
    ds_buf_clear(&b);
    ds_say_forced(&b, &d);
    CHECK(b.len == 0); /* nothing when not forced */
    ds_buf_clear(&b);
    ds_say_assessment(&b, &d);
    CHECK(!strcmp(say(&b), "same as the rule"));

    /* goudan-like: win chances, the 4.19 % -> 2.53 % */
    ds_decision_reset(&d, DS_LANG_EN);
    d.rule = "max_win";
    d.measure = DS_MEASURE_WIN_CHANCE;
    d.better = DS_BETTER_HIGHER;
    ds_decision_add(&d, "play", "play a card", 1, 0.0419, DS_REASON_RULE_CHOICE);
    ds_decision_add(&d, "skill", "use your skill", 1, 0.0253, DS_REASON_WORSE_VALUE);
    ds_decision_pick(&d, 0, 1);
    ds_buf_clear(&b);
    ds_say_assessment(&b, &d);
    CHECK(!strcmp(say(&b), "win chance 4.19 % → 2.53 %, 40 % of your chance lost: mistake"));
    ds_buf_clear(&b);
    ds_decision_json(&d, NULL, NULL, &b);
    CHECK(strstr(say(&b), "\"verdict\":\"mistake\",\"r\":0.39") != NULL);
    /* a one-move decision */
    ds_decision_reset(&d, DS_LANG_EN);
    d.rule = "only";
    ds_decision_add(&d, "end", "end the turn", 0, 0, DS_REASON_RULE_CHOICE);
    ds_decision_pick(&d, 0, 0);
    ds_buf_clear(&b);
    ds_decision_json(&d, NULL, NULL, &b);
    CHECK(strstr(say(&b), "\"only\":true") != NULL);
    CHECK(strstr(say(&b), "\"note\":\"the only legal move\"") != NULL);
    /* full: the 65th candidate is refused */
    {
        int k, last = 0;
        char lab[16]; /* "c" and any int */
        ds_decision_reset(&d, DS_LANG_EN);
        for (k = 0; k < DS_CANDS_MAX + 1; k++) {
            snprintf(lab, sizeof lab, "c%d", k);
            last = ds_decision_add(&d, lab, lab, 0, 0, DS_REASON_NOT_ALLOWED);
        }
        CHECK_EQ_INT(last, -1);
        CHECK_EQ_INT(d.n, DS_CANDS_MAX);
    }
    /* a long UTF-8 name is cut on a character boundary */
    {
        char longname[400] = "";
        int k;
        for (k = 0; k < 60; k++) strcat(longname, "胜");
        ds_decision_reset(&d, DS_LANG_ZH);
        ds_decision_add(&d, "x", longname, 0, 0, DS_REASON_RULE_CHOICE);
        CHECK(strlen(d.cand[0].name) % 3 == 0);
    }
    {
        ds_lang l;
        CHECK(ds_lang_parse("zh-CN", &l) == 0 && l == DS_LANG_ZH);
        CHECK(ds_lang_parse("en", &l) == 0 && l == DS_LANG_EN);
        CHECK(ds_lang_parse("fr", &l) == -1);
        CHECK(ds_lang_parse(NULL, &l) == -1);
    }
    ds_buf_free(&b);
}

/* whose decision: one seat (no candidate names one), nobody (null), or
 * several seats, each candidate's and each seat's decline */
static void check_seats(void) {
    static ds_decision d;
    ds_buf b;
    ds_buf_init(&b);
    ds_decision_reset(&d, DS_LANG_EN);
    d.rule = "min_distance";
    ds_decision_add(&d, "Z", "discard Z", 1, 4, DS_REASON_RULE_CHOICE);
    ds_decision_pick(&d, 0, 0);
    ds_decision_seat(&d, "C");
    ds_decision_json(&d, NULL, NULL, &b);
    CHECK(strstr(say(&b), "\"only\":true,\"seat\":\"C\"") != NULL);
    CHECK(strstr(say(&b), "\"candidates\":[") && !strstr(strstr(say(&b), "\"candidates\":["), "seat")); /* no candidate seat */
    CHECK(strstr(say(&b), "declines") == NULL);
    ds_decision_seat(&d, NULL); /* nobody: chance */
    ds_buf_clear(&b);
    ds_decision_json(&d, NULL, NULL, &b);
    CHECK(strstr(say(&b), "\"seat\":null") != NULL);
    /* several seats: B's claim, nobody's pass, B's decline */
    ds_decision_reset(&d, DS_LANG_EN);
    d.rule = "pong_strict_drop";
    d.measure = DS_MEASURE_DISTANCE;
    d.better = DS_BETTER_LOWER;
    ds_decision_add(&d, "B PONG", "B calls PONG", 1, 2, DS_REASON_RULE_CHOICE);
    ds_decision_add(&d, "pass", "nobody calls", 0, 0, DS_REASON_NOT_ALLOWED);
    ds_decision_cand_seat(&d, 0, "B");
    ds_decision_cand_seat(&d, 7, "B"); /* no such candidate: nothing */
    CHECK_EQ_INT(ds_decision_add_decline(&d, "B", "B declines", "B lets the tile go", "pass", 1, 3), 0);
    ds_decision_pick(&d, 0, 0);
    ds_buf_clear(&b);
    ds_decision_json(&d, NULL, NULL, &b);
    CHECK(strstr(say(&b), "\"only\":false,\"seat\":null") != NULL);
    CHECK(strstr(say(&b), "\"declines\":[{\"label\":\"B declines\",\"name\":\"B lets the tile go\",\"seat\":\"B\",\"value\":3,\"then\":\"pass\"}],\"candidates\":[") != NULL);
    CHECK(strstr(say(&b), ",\"seat\":\"B\"}") != NULL);
    CHECK(strstr(say(&b), ",\"seat\":null}]}") != NULL); /* pass: nobody's */
    /* full */
    {
        int k, last = 0;
        for (k = 0; k < DS_DECLINES_MAX + 1; k++) last = ds_decision_add_decline(&d, "A", "x", "x", "pass", 0, 0);
        CHECK_EQ_INT(last, -1);
        CHECK_EQ_INT(d.ndecline, DS_DECLINES_MAX);
    }
    ds_buf_free(&b);
}

int main(void) {
    check_pct();
    check_verdicts();
    check_record();
    check_seats();
    DS_TEST_MAIN_END();
}
