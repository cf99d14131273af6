/* test_cirno.c - unit tests of the cirno engine: cards, floor division, the
 * strategy against an independent reference on every possible hand, the
 * samples (judge output and the hands of the statement's worked example),
 * rule scenarios, parser errors with line and column, simulation errors. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cirno/cirno.h"
#include "cirno_ref.h"
#include "ds_test.h"

/* Parses and simulates text; returns 0 and fills in/tr, or -1 with err. */
static int run(const char *text, cirno_input **in, ds_trace *tr, ds_error *err) {
    memset(tr, 0, sizeof *tr);
    *in = NULL;
    if (cirno_parse(text, strlen(text), in, err)) return -1;
    return cirno_simulate(*in, tr, err);
}

static void done(cirno_input *in, ds_trace *tr) {
    ds_trace_free(tr);
    cirno_input_free(in);
}

/* ---- cards ------------------------------------------------------------------------ */

static void test_cards(void) {
    int c;
    for (c = 1; c < CIRNO_CARD_KINDS; c++) {
        const char *name = cirno_card_name(c);
        CHECK_EQ_INT(cirno_card_from_name(name, strlen(name)), c);
        CHECK(cirno_card_class(c) != CIRNO_CLASS_NONE);
        CHECK_EQ_INT(cirno_card_is_counter(c), ref_is_counter(name));
    }
    CHECK_EQ_INT(cirno_card_from_name("A3", 2), CIRNO_NO_CARD);
    CHECK_EQ_INT(cirno_card_from_name("a1", 2), CIRNO_NO_CARD);
    CHECK_EQ_INT(cirno_card_from_name("DOUBLEX", 7), CIRNO_NO_CARD);
    CHECK_EQ_INT(cirno_card_from_name("D", 1), CIRNO_NO_CARD);
    CHECK_EQ_INT(cirno_card_from_name("PAS", 3), CIRNO_NO_CARD);
    CHECK_EQ_INT(cirno_card_from_name("E99", 3), CIRNO_E99);
    {
        /* random tokens over the letters of the card names: a token is a
         * card exactly when it is one of the 18 names */
        static const char alpha[] = "ABCDEPSTURNOL0124589";
        ds_rng r;
        int i, matches = 0;
        ds_rng_seed(&r, 99);
        for (i = 0; i < 300000; i++) {
            char tok[8];
            size_t len = 1 + ds_rng_below(&r, 7), j;
            int want = CIRNO_NO_CARD;
            for (j = 0; j < len; j++) tok[j] = alpha[ds_rng_below(&r, sizeof alpha - 1)];
            if (ds_rng_below(&r, 4) == 0) { /* often a real name, sometimes altered */
                const char *nm = cirno_card_name(1 + (int)ds_rng_below(&r, CIRNO_CARD_KINDS - 1));
                len = strlen(nm);
                memcpy(tok, nm, len);
                if (ds_rng_below(&r, 2)) tok[ds_rng_below(&r, (uint32_t)len)] = alpha[ds_rng_below(&r, sizeof alpha - 1)];
            }
            tok[len] = '\0';
            for (c = 1; c < CIRNO_CARD_KINDS; c++)
                if (!strcmp(tok, cirno_card_name(c))) want = c;
            matches += want != CIRNO_NO_CARD;
            if (cirno_card_from_name(tok, len) != want) {
                CHECK_EQ_INT(cirno_card_from_name(tok, len), want);
                fprintf(stderr, "token '%s'\n", tok);
            }
        }
        CHECK(matches > 30000);
    }
}

static void test_floor_half(void) {
    long p;
    for (p = -30000; p <= 30000; p++)
        CHECK_EQ_INT(cirno_floor_half((int32_t)p), (long)floor((double)p / 2.0));
    CHECK_EQ_INT(cirno_card_effect(CIRNO_D2, -1), -1); /* not 0: floor, not truncation */
    CHECK_EQ_INT(cirno_card_effect(CIRNO_D2, -9), -5);
}

/* ---- the strategy on every hand ------------------------------------------------------ */

static void check_choice(const uint8_t hand[3], long p, int dbl) {
    cirno_choice c;
    int s, want = ref_choose(hand, p, dbl), nsafe = 0, ncounter = 0;
    uint8_t ties = 0;
    cirno_choose(hand, (int32_t)p, dbl, &c);
    CHECK_EQ_INT(c.slot, want);
    for (s = 0; s < 3; s++) {
        const char *name = cirno_card_name(hand[s]);
        long v = ref_value(name, p);
        CHECK_EQ_INT(c.cand_p[s], v);
        if (ref_is_counter(name)) { CHECK_EQ_INT(c.status[s], CIRNO_CAND_COUNTER); ncounter++; }
        else if (v > 99) CHECK_EQ_INT(c.status[s], CIRNO_CAND_LOSES);
        else { CHECK_EQ_INT(c.status[s], CIRNO_CAND_SAFE); nsafe++; }
    }
    /* the rule code names the situation */
    if (!nsafe && !ncounter) CHECK_EQ_INT(c.rule, CIRNO_RULE_ALL_LOSE);
    else if (dbl && ncounter) CHECK_EQ_INT(c.rule, CIRNO_RULE_DOUBLE_COUNTER);
    else if (!nsafe) CHECK_EQ_INT(c.rule, CIRNO_RULE_COUNTER);
    else {
        for (s = 0; s < 3; s++)
            if (s != want && c.status[s] == CIRNO_CAND_SAFE && hand[s] != hand[want] &&
                c.cand_p[s] == c.cand_p[want])
                ties |= (uint8_t)(1u << s);
        CHECK_EQ_INT(c.tie_mask, ties);
        if (dbl) CHECK_EQ_INT(c.rule, ties ? CIRNO_RULE_DOUBLE_MIN_P_TIE : CIRNO_RULE_DOUBLE_MIN_P);
        else CHECK_EQ_INT(c.rule, ties ? CIRNO_RULE_MAX_P_TIE : CIRNO_RULE_MAX_P);
    }
}

static void test_strategy_exhaustive(void) {
    static const long extra[] = {-9999, -5001, -5000, -1001, -1000, -511, -2};
    uint8_t h[3];
    int a, b, c, dbl, fails_before = ds_test_failed, ties_seen = 0;
    long p;
    for (a = 1; a < CIRNO_CARD_KINDS; a++)
        for (b = 1; b < CIRNO_CARD_KINDS; b++)
            for (c = 1; c < CIRNO_CARD_KINDS; c++) {
                h[0] = (uint8_t)a; h[1] = (uint8_t)b; h[2] = (uint8_t)c;
                for (dbl = 0; dbl < 2; dbl++) {
                    for (p = -130; p <= 99; p++) check_choice(h, p, dbl);
                    for (p = 0; p < (long)(sizeof extra / sizeof *extra); p++)
                        check_choice(h, extra[p], dbl);
                }
                if (ds_test_failed - fails_before > 20) return;
            }
    /* the tie-breaks are exercised: p = 49 makes C2 and A49 both 98 */
    {
        cirno_choice ch;
        uint8_t t[3] = {CIRNO_A49, CIRNO_B1, CIRNO_C2};
        cirno_choose(t, 49, 0, &ch);
        CHECK_EQ_INT(ch.slot, 2);
        CHECK_EQ_INT(ch.rule, CIRNO_RULE_MAX_P_TIE);
        ties_seen = ch.tie_mask;
        CHECK_EQ_INT(ties_seen, 1);
        /* under DOUBLE at p = 18: D2 and B9 both give 9; division first */
        t[0] = CIRNO_B9; t[1] = CIRNO_A1; t[2] = CIRNO_D2;
        cirno_choose(t, 18, 1, &ch);
        CHECK_EQ_INT(ch.slot, 2);
        CHECK_EQ_INT(ch.rule, CIRNO_RULE_DOUBLE_MIN_P_TIE);
    }
}

/* ---- samples --------------------------------------------------------------------------- */

static void test_sample(int k) {
    char path[512];
    char *text, *want;
    size_t tlen, wlen;
    cirno_input *in;
    ds_trace tr;
    ds_error err;
    ds_buf out;
    uint32_t *lines;
    snprintf(path, sizeof path, "%s/cirno/sample-%d.in", DS_SAMPLES, k);
    text = ds_test_read_file(path, &tlen);
    snprintf(path, sizeof path, "%s/cirno/sample-%d.ans", DS_SAMPLES, k);
    want = ds_test_read_file(path, &wlen);
    CHECK(text && want);
    if (!text || !want) { free(text); free(want); return; }
    memset(&tr, 0, sizeof tr);
    CHECK_EQ_INT(cirno_parse(text, tlen, &in, &err), 0);
    CHECK_EQ_INT(cirno_simulate(in, &tr, &err), 0);
    ds_buf_init(&out);
    lines = (uint32_t *)calloc(tr.n + 1, sizeof *lines);
    CHECK_EQ_INT(cirno_format(in, &tr, &out, lines), 0);
    CHECK_EQ_INT(out.len, wlen);
    CHECK(out.len == wlen && memcmp(out.data, want, wlen) == 0);
    {
        size_t i, nl = 0;
        for (i = 0; i < wlen; i++) nl += want[i] == '\n';
        CHECK_EQ_INT(lines[tr.n], nl);
    }
    if (k == 1) {
        /* the statement's worked example: the hands after every turn */
        static const char *const table[8][2][3] = {
            {{"B9", "A99", "PASS"}, {"C2", "D2", "A49"}},
            {{"B9", "E49", "PASS"}, {"C2", "D2", "A49"}},
            {{"B9", "E49", "PASS"}, {"C2", "DOUBLE", "A49"}},
            {{"B9", "PASS", "PASS"}, {"C2", "DOUBLE", "A49"}},
            {{"B9", "PASS", "PASS"}, {"A19", "DOUBLE", "A49"}},
            {{"A49", "PASS", "PASS"}, {"A19", "DOUBLE", "A49"}},
            {{"A49", "PASS", "PASS"}, {"A19", "A99", "A49"}},
            {{"A49", "A99", "PASS"}, {"A19", "A99", "A49"}},
        };
        static const int p_after[8] = {0, 99, 49, 49, 98, 89, 89, 89};
        int t, pl, s;
        CHECK_EQ_INT(tr.n, 9); /* round, 7 plays, loss */
        for (t = 0; t < 8; t++) {
            cirno_state st;
            /* turn t is after event t (event 0 starts the round) */
            CHECK_EQ_INT(ds_trace_seek(&tr, (size_t)t + 1, &st), 0);
            CHECK_EQ_INT(st.p, p_after[t]);
            for (pl = 0; pl < 2; pl++)
                for (s = 0; s < 3; s++) CHECK(!strcmp(cirno_card_name(st.hand[pl][s]), table[t][pl][s]));
        }
        /* turn 6: JoesSR was under DOUBLE and passed it back with PASS */
        {
            const cirno_event *e = (const cirno_event *)ds_trace_event(&tr, 7);
            cirno_state st;
            CHECK_EQ_INT(e->card, CIRNO_PASS);
            CHECK_EQ_INT(e->double_left, 2);
            CHECK_EQ_INT(e->rule, CIRNO_RULE_DOUBLE_COUNTER);
            ds_trace_seek(&tr, 8, &st);
            CHECK_EQ_INT(st.current, 1);
            CHECK_EQ_INT(st.double_left, 2);
            e = (const cirno_event *)ds_trace_event(&tr, 8);
            CHECK_EQ_INT(e->kind, CIRNO_EV_LOSS);
            CHECK_EQ_INT(e->rule, CIRNO_RULE_ALL_LOSE);
        }
    } else {
        /* Reimu lost under DOUBLE in round 1; round 2 starts with her,
         * clockwise and without DOUBLE (otherwise she would have had to play
         * her A99 twice and lose again). */
        size_t i;
        for (i = 0; i < tr.n; i++) {
            const cirno_event *e = (const cirno_event *)ds_trace_event(&tr, i);
            if (e->kind == CIRNO_EV_ROUND && e->round == 2) {
                cirno_state st;
                ds_trace_seek(&tr, i + 1, &st);
                CHECK_EQ_INT(st.current, 1);
                CHECK_EQ_INT(st.double_left, 0);
                CHECK_EQ_INT(st.direction, 0);
                ds_trace_seek(&tr, i, &st);
                CHECK_EQ_INT(st.double_left, 0);
                CHECK_EQ_INT(st.loser, 1);
            }
        }
    }
    free(lines);
    ds_buf_free(&out);
    done(in, &tr);
    free(text);
    free(want);
}

/* ---- rule scenarios --------------------------------------------------------------------- */

/* The judge output of text (or "" on error). Caller frees. */
static char *judge(const char *text) {
    cirno_input *in;
    ds_trace tr;
    ds_error err;
    ds_buf out;
    ds_buf_init(&out);
    if (run(text, &in, &tr, &err) == 0) cirno_format(in, &tr, &out, NULL);
    else fprintf(stderr, "scenario failed: %s\n", err.msg);
    done(in, &tr);
    if (!out.data) ds_buf_puts(&out, "");
    return out.data;
}

static int starts_with(const char *s, const char *prefix) {
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Small games whose expected transcript was worked out by hand from the
 * statement (each comment gives the reasoning, "x -> v" meaning card x
 * would make p = v). */
static void test_scenarios(void) {
    char *o;
    /* floor division of a negative p: -9 / 2 -> -5 (truncation would give -4) */
    o = judge("1 1 9\nBob B9 B9 B9\nD2 A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(starts_with(o, "Round 1:\nBob used B9,now p=-9.\nBob used D2,now p=-5.\n"));
    free(o);
    /* Al has only counter cards: DOUBLE. Bo under DOUBLE has no counter
     * card: smallest p first (B9 -> -9, not A1 -> 1), then, released from
     * DOUBLE, the second card by case 1: largest p (A49 -> 40, A9 -> 0,
     * A1 -> -8). Then Al plays. */
    o = judge("2 1 12\nAl DOUBLE DOUBLE DOUBLE\nBo A1 A49 B9\nA99 A9 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(starts_with(o, "Round 1:\nAl used DOUBLE,now p=0.\nBo used B9,now p=-9.\n"
                         "Bo used A49,now p=40.\nAl used "));
    free(o);
    /* TURN as the first card under DOUBLE: Al plays DOUBLE; Bo, under
     * DOUBLE, plays TURN: counterclockwise now, and DOUBLE goes to the next
     * player in the NEW direction, Al. Al, under DOUBLE, plays his DOUBLE
     * (counter cards first), passing it counterclockwise to Cy (player 3).
     * Cy has no counter card: A5 -> 5 (smallest), draws A9 (the 4th deck
     * card), then case 1:
     * A9 -> 14 beats A5 -> 10. The turn then goes counterclockwise to Bo. */
    o = judge("3 1 30\nAl DOUBLE DOUBLE DOUBLE\nBo TURN TURN TURN\nCy A5 A5 A5\n"
              "B1 A9 A9 A9 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 "
              "A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(starts_with(o, "Round 1:\nAl used DOUBLE,now p=0.\nBo used TURN,now p=0.\n"
                         "Al used DOUBLE,now p=0.\nCy used A5,now p=5.\nCy used A9,now p=14.\nBo used "));
    free(o);
    /* A safe basic card beats counter cards outside DOUBLE: Al at 98 holds
     * PASS DOUBLE A1 and plays A1 -> 99. (Al: E99 -> 99, draws PASS; Bo:
     * A9, A5 lose, B1 -> 98.) */
    o = judge("2 1 12\nAl E99 DOUBLE A1\nBo A9 A5 B1\nPASS A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(starts_with(o, "Round 1:\nAl used E99,now p=99.\nBo used B1,now p=98.\nAl used A1,now p=99.\n"));
    free(o);
    /* Counter order PASS before DOUBLE: Al: A99 -> 99 (draws PASS). Bo:
     * B1 -> 98 (draws A99). Al holds DOUBLE PASS A99, A99 loses: PASS. Bo
     * (not under DOUBLE) holds A99 x3: loses. */
    o = judge("2 1 12\nAl DOUBLE A99 A99\nBo B1 A99 A99\nPASS A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(!strcmp(o, "Round 1:\nAl used A99,now p=99.\nBo used B1,now p=98.\nAl used PASS,now p=98.\n"
                     "Bo lost the game.\n"));
    free(o);
    /* Al: E99 -> 99 (draws A99). Bo: B1 -> 98 (draws A99). Al: E99 -> 99
     * (draws A99). Bo: both A99 lose: PASS (draws A99). Al (DOUBLE A99
     * A99): DOUBLE. Bo under DOUBLE holds A99 x3: loses. */
    o = judge("2 1 12\nAl DOUBLE E99 E99\nBo B1 PASS A99\nA99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(!strcmp(o, "Round 1:\nAl used E99,now p=99.\nBo used B1,now p=98.\nAl used E99,now p=99.\n"
                     "Bo used PASS,now p=99.\nAl used DOUBLE,now p=99.\nBo lost the game.\n"));
    free(o);
    /* A DOUBLE'd player can lose on her second card: Al: E0 -> 0 (draws
     * PASS). Bo: A99 -> 99 beats B1 -> -1 (draws A99). Al: E0 -> 0 (draws
     * A99). Bo: A99 -> 99 (draws A99). Al: A99 loses: PASS (draws A99).
     * Bo: B1 -> 98 (draws A99). Al (DOUBLE A99 A99): DOUBLE. Bo under
     * DOUBLE, no counter card: B1 -> 97 (draws A99), then A99 x3: loses. */
    o = judge("2 1 12\nAl DOUBLE E0 E0\nBo B1 B1 A99\nPASS A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(!strcmp(o, "Round 1:\nAl used E0,now p=0.\nBo used A99,now p=99.\nAl used E0,now p=0.\n"
                     "Bo used A99,now p=99.\nAl used PASS,now p=99.\nBo used B1,now p=98.\n"
                     "Al used DOUBLE,now p=98.\nBo used B1,now p=97.\nBo lost the game.\n"));
    free(o);
    /* PASS under DOUBLE hands DOUBLE back: Al: A99 -> 99 (draws A99). Bo:
     * B1 -> 98 (draws PASS). Al: A99 loses: DOUBLE (draws A99). Bo under
     * DOUBLE: PASS first (draws A99), DOUBLE goes to Al, who holds DOUBLE
     * A99 A99: DOUBLE again, to Bo, who holds A99 x3: loses. */
    o = judge("2 1 12\nAl A99 DOUBLE DOUBLE\nBo B1 A99 A99\nA99 PASS A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(!strcmp(o, "Round 1:\nAl used A99,now p=99.\nBo used B1,now p=98.\nAl used DOUBLE,now p=98.\n"
                     "Bo used PASS,now p=98.\nAl used DOUBLE,now p=98.\nBo lost the game.\n"));
    free(o);
    /* Outside DOUBLE, PASS simply skips: Al: E49 -> 49 (draws A99). Bo:
     * B1 -> 48 (draws PASS). Al: A99 loses, E49 -> 49 (draws A99). Bo:
     * both A99 lose: PASS (draws A99), Al is next without DOUBLE: A99
     * loses: DOUBLE. Bo under DOUBLE, A99 x3: loses. */
    o = judge("2 1 12\nAl DOUBLE E49 E49\nBo B1 A99 A99\nA99 PASS A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(!strcmp(o, "Round 1:\nAl used E49,now p=49.\nBo used B1,now p=48.\nAl used E49,now p=49.\n"
                     "Bo used PASS,now p=49.\nAl used DOUBLE,now p=49.\nBo lost the game.\n"));
    free(o);
    /* Largest p, counting negative values: Al: B9 -> -9 (draws A99). Bo at
     * -9: B1 -> -10 (PASS is only for when no basic card is safe; draws
     * A99). Al at -10: A99 -> 89 beats B9 -> -19 (draws A99). Bo: A99
     * loses, B1 -> 88 (draws A99). Al: B9 -> 79 (draws A99). Bo: A99 x2
     * lose: PASS. Al: DOUBLE. Bo under DOUBLE, A99 x3: loses. */
    o = judge("2 1 12\nAl DOUBLE B9 B9\nBo B1 B1 PASS\nA99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(!strcmp(o, "Round 1:\nAl used B9,now p=-9.\nBo used B1,now p=-10.\nAl used A99,now p=89.\n"
                     "Bo used B1,now p=88.\nAl used B9,now p=79.\nBo used PASS,now p=79.\n"
                     "Al used DOUBLE,now p=79.\nBo lost the game.\n"));
    free(o);
    /* A counter card as the SECOND play under DOUBLE is an ordinary counter
     * card: it does not pass DOUBLE on. Al: A99 -> 99 (draws A99). Bo: B1
     * -> 98 beats B9 -> 90 (draws A99). Al: both A99 lose: DOUBLE (draws
     * B1). Bo under DOUBLE, no counter card: B9 -> 89 (draws PASS), then by
     * case 1: A99 loses, PASS (draws A99). Al is NOT under DOUBLE: B1 -> 88
     * and the turn goes to Bo (under DOUBLE he would have had to play again
     * and lost with A99 A99 A99). Bo holds A99 x3: loses. */
    o = judge("2 1 12\nAl DOUBLE A99 A99\nBo B1 B9 A99\nA99 A99 B1 PASS A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(!strcmp(o, "Round 1:\nAl used A99,now p=99.\nBo used B1,now p=98.\nAl used DOUBLE,now p=98.\n"
                     "Bo used B9,now p=89.\nBo used PASS,now p=89.\nAl used B1,now p=88.\nBo lost the game.\n"));
    free(o);
    /* n = 1: every "next player" is the same player. A99 -> 99, then A99
     * loses: PASS (to herself), then A99 x3: loses. Round 2 the same. */
    o = judge("1 2 12\nSolo PASS A99 A99\nA99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n");
    CHECK(!strcmp(o, "Round 1:\nSolo used A99,now p=99.\nSolo used PASS,now p=99.\nSolo lost the game.\n"
                     "Round 2:\nSolo used A99,now p=99.\nSolo lost the game.\n"));
    free(o);
}

/* A DOUBLE'd player's first basic card keeps her the current player with
 * one play left; her second play is decided under case 1. Checked on the
 * states rather than the text. */
static void test_double_states(void) {
    cirno_input *in;
    ds_trace tr;
    ds_error err;
    cirno_state st;
    const cirno_event *e;
    CHECK_EQ_INT(run("2 1 12\nAl DOUBLE DOUBLE DOUBLE\nBo A1 A49 B9\nA99 A9 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n",
                     &in, &tr, &err), 0);
    ds_trace_seek(&tr, 2, &st); /* after Al's DOUBLE */
    CHECK_EQ_INT(st.current, 1);
    CHECK_EQ_INT(st.double_left, 2);
    e = (const cirno_event *)ds_trace_event(&tr, 2);
    CHECK_EQ_INT(e->rule, CIRNO_RULE_DOUBLE_MIN_P);
    ds_trace_seek(&tr, 3, &st);
    CHECK_EQ_INT(st.current, 1);
    CHECK_EQ_INT(st.double_left, 1);
    e = (const cirno_event *)ds_trace_event(&tr, 3);
    CHECK_EQ_INT(e->double_left, 1);
    CHECK_EQ_INT(e->rule, CIRNO_RULE_MAX_P);
    ds_trace_seek(&tr, 4, &st);
    CHECK_EQ_INT(st.current, 0);
    CHECK_EQ_INT(st.double_left, 0);
    done(in, &tr);
}

/* ---- parser and simulation errors -------------------------------------------------------- */

typedef struct bad_case {
    const char *text;
    int line, col;
    const char *msg; /* a substring of the message */
} bad_case;

static const bad_case BAD[] = {
    {"", 1, 1, "expected n (the number of players), found end of input"},
    {"x 1 1\n", 1, 1, "expected n (the number of players) (an integer), found 'x'"},
    {"0 1 1\n", 1, 1, "n (the number of players) must be between 1 and 30"},
    {"31 1 1\n", 1, 1, "must be between 1 and 30"},
    {"2 0 5\n", 1, 3, "m (the number of rounds) must be between 1 and 100"},
    {"2 101 5\n", 1, 3, "m (the number of rounds) must be between 1 and 100"},
    {"1 1 0\n", 1, 5, "k (the number of deck cards) must be between 1 and 300000"},
    {"1 1 300001\n", 1, 5, "between 1 and 300000"},
    {"1 1\nBob A1 A2 A5\n", 1, 4, "expected k (the number of deck cards), found end of line"},
    {"1 1 3 4\n", 1, 7, "expected end of line after n m k, found '4'"},
    {"1 1 3\nBob A1 A2\nA1 A1 A1\n", 2, 10, "expected card 3 of player 1 (Bob), found end of line"},
    {"1 1 3\nBob A1 A2 A5 A9\nA1 A1 A1\n", 2, 14,
     "expected end of line after the 3 cards of player 1 (Bob), found 'A9'"},
    {"1 1 3\nBob A1 A3 A5\nA1 A1 A1\n", 2, 8, "expected card 2 of player 1 (Bob) (one of A1 A2"},
    {"1 1 3\nBob A1 a2 A5\nA1 A1 A1\n", 2, 8, "found 'a2'"},
    {"1 1 3\nBob A1 A2 A5\nA1 X A1\n", 3, 4, "expected deck card 2 of 3 (one of A1"},
    {"1 1 3\nBob A1 A2 A5\nA1 A1\n", 3, 6, "expected deck card 3 of 3, found end of line"},
    {"1 1 3\nBob A1 A2 A5\nA1 A1", 3, 6, "expected deck card 3 of 3, found end of input"},
    {"1 1 3\nBob A1 A2 A5\nA1 A1 A1 A1\n", 3, 10, "expected end of line after the 3 deck cards, found 'A1'"},
    {"1 1 3\nBob1 A1 A2 A5\nA1 A1 A1\n", 2, 1, "expected the name of player 1 (1 to 20 letters), found 'Bob1'"},
    {"1 1 3\nAbcdefghijKlmnopqrstU A1 A2 A5\nA1 A1 A1\n", 2, 1, "found a name of 21 letters"},
    {"2 1 3\nBob A1 A2 A5\nA1 A1 A1\n", 3, 1, "found 'A1' (is a player line missing?)"},
    {"2 1 3\nBob A1 A2 A5\n", 3, 1, "expected the name of player 2 (1 to 20 letters), found end of input"},
    {"1 1 3\nBob A1 A2 A5\n", 3, 1, "expected deck card 1 of 3, found end of input"},
    {"1 1 3\nBob A1 A2 A5\nA1 A1 A1\nxyz\n", 4, 1, "expected end of input, found 'xyz'"},
    {"1 1 3\nBob A1 A2 A5\nA1 A1 A1\n\n\n  x\n", 6, 3, "expected end of input, found 'x'"},
    /* the game itself: the deck runs out (reported just after the last card) */
    {"1 1 1\nBob A1 A2 A5\nA9\n", 3, 3, "the deck ran out in round 1: Bob must draw 1 card after playing"},
    {"1 2 4\nBob A99 A99 A99\nA99 A99 A99 A99  \n", 3, 16,
     "the deck ran out in round 2: Bob must draw 1 card after playing but only 0"},
    {"1 1 3\nBob A99 A99 A99\nA99 A99\tA99", 3, 12, "the deck ran out in round 1: Bob must draw 3 cards after losing but only 2"},
};

static void test_bad_inputs(void) {
    size_t i;
    for (i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        cirno_input *in;
        ds_trace tr;
        ds_error err;
        int rc;
        memset(&err, 0, sizeof err);
        rc = run(BAD[i].text, &in, &tr, &err);
        CHECK_EQ_INT(rc, -1);
        CHECK_EQ_INT(err.line, BAD[i].line);
        CHECK_EQ_INT(err.col, BAD[i].col);
        if (!strstr(err.msg, BAD[i].msg)) {
            CHECK(0 /* message differs */);
            fprintf(stderr, "case %zu: got \"%s\", want \"%s\"\n", i, err.msg, BAD[i].msg);
        }
        if (err.line != BAD[i].line || err.col != BAD[i].col)
            fprintf(stderr, "case %zu: %d:%d %s\n", i, err.line, err.col, err.msg);
        done(in, &tr);
    }
}

/* |p| must stay below 10^4: a player holding only B19 goes down 19 a play;
 * play j (j >= 2) uses deck card j-2, so the play that reaches -10013 is
 * play 527, deck card 525 at column 1 + 525 * 4. */
static void test_p_limit(void) {
    ds_buf text;
    cirno_input *in;
    ds_trace tr;
    ds_error err;
    int i;
    ds_buf_init(&text);
    ds_buf_puts(&text, "1 1 600\nBob B19 B19 B19\n");
    for (i = 0; i < 600; i++) ds_buf_puts(&text, i ? " B19" : "B19");
    ds_buf_putc(&text, '\n');
    CHECK_EQ_INT(run(text.data, &in, &tr, &err), -1);
    CHECK_EQ_INT(err.line, 3);
    CHECK_EQ_INT(err.col, 1 + 525 * 4);
    CHECK(strstr(err.msg, "|p| < 10000") != NULL);
    CHECK(strstr(err.msg, "p=-9994, which makes p=-10013") != NULL);
    /* a failed simulation has freed its trace (the rule of every game, ds_core.h) */
    CHECK(tr.n == 0 && tr.events == NULL && tr.keys == NULL && tr.live == NULL);
    done(in, &tr);
    ds_buf_free(&text);
}

/* trailing blanks, CRLF, blank lines, no final newline: all accepted */
static void test_lenient(void) {
    static const char *const texts[] = {
        "2 1 10\nJoesSR B9 A99 PASS\nCirno C2 D2 A49\nE49 DOUBLE PASS A19 A49 A99 A99 A99 A99 A99  ",
        "2 1 10  \r\nJoesSR B9 A99 PASS \r\nCirno\tC2 D2 A49\r\n\r\nE49 DOUBLE PASS A19 A49 A99 A99 A99 A99 A99\r\n\r\n",
        "\n2 1 10\n\nJoesSR B9 A99 PASS\n\nCirno C2 D2 A49\n\nE49 DOUBLE PASS A19 A49 A99 A99 A99 A99 A99\n\n",
    };
    size_t i;
    char *first = NULL;
    for (i = 0; i < sizeof texts / sizeof *texts; i++) {
        char *o = judge(texts[i]);
        CHECK(starts_with(o, "Round 1:\nJoesSR used A99,now p=99.\n"));
        if (!first) first = o;
        else { CHECK(!strcmp(o, first)); free(o); }
    }
    free(first);
}

/* every event's JSON is one object with a type and (for plays) a "why" */
static void test_json(void) {
    cirno_input *in;
    ds_trace tr;
    ds_error err;
    ds_buf b;
    size_t i;
    CHECK_EQ_INT(run("3 2 25\nCirno A9 A19 B1\nReimu TURN A9 C2\nMarisa DOUBLE D2 D2\n"
                     "A9 B9 C2 PASS PASS A9 A1 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n",
                     &in, &tr, &err), 0);
    ds_buf_init(&b);
    for (i = 0; i < tr.n; i++) {
        const cirno_event *e = (const cirno_event *)ds_trace_event(&tr, i);
        ds_buf_clear(&b);
        CHECK_EQ_INT(cirno_event_json(in, &tr, i, DS_LANG_EN, &b), 0);
        CHECK(starts_with(b.data, "{\"type\":\""));
        CHECK(b.data[b.len - 1] == '}');
        CHECK(strchr(b.data, '\n') == NULL);
        CHECK((strstr(b.data, "\"decision\":") != NULL) == (e->kind != CIRNO_EV_ROUND));
        CHECK(strstr(b.data, "\"why\":") == NULL); /* the older record is gone (issue 21) */
    }
    CHECK_EQ_INT(cirno_event_json(in, &tr, tr.n, DS_LANG_EN, &b), -1);
    ds_buf_clear(&b);
    CHECK_EQ_INT(cirno_trace_jsonl(in, &tr, DS_LANG_EN, &b), 0);
    {
        size_t nl = 0;
        for (i = 0; i < b.len; i++) nl += b.data[i] == '\n';
        CHECK_EQ_INT(nl, tr.n + 1);
        CHECK(starts_with(b.data, "{\"type\":\"header\",\"game\":\"cirno\""));
    }
    ds_buf_free(&b);
    done(in, &tr);
}

/* Random byte edits of valid inputs never crash (ASan/UBSan watch) and
 * every rejection carries a line, a column and a message. */
static void test_mutations(void) {
    static const char bytes[] = " \n\t\r0123456789-+ABCDEPTUSONLabz\001\177\200\377";
    ds_rng r;
    ds_buf base, text;
    int i, ok = 0, bad = 0;
    ds_rng_seed(&r, 2024);
    ds_buf_init(&base);
    ds_buf_init(&text);
    for (i = 0; i < 4000; i++) {
        cirno_input *in;
        ds_trace tr;
        ds_error err;
        int e, edits;
        if (i % 40 == 0) {
            ds_buf_clear(&base);
            CHECK_EQ_INT(cirno_generate((uint64_t)i / 40 + 1, 0, &base), 0);
        }
        ds_buf_clear(&text);
        ds_buf_put(&text, base.data, base.len);
        for (edits = 1 + (int)ds_rng_below(&r, 3), e = 0; e < edits && text.len; e++) {
            size_t at = ds_rng_below(&r, (uint32_t)text.len);
            char c = bytes[ds_rng_below(&r, sizeof bytes - 1)];
            switch (ds_rng_below(&r, 3)) {
            case 0: text.data[at] = c; break;                           /* replace */
            case 1: memmove(text.data + at, text.data + at + 1, text.len - at - 1); text.len--; break;
            default: ds_buf_putc(&text, 'x');                            /* insert */
                memmove(text.data + at + 1, text.data + at, text.len - at - 1);
                text.data[at] = c;
                break;
            }
        }
        memset(&err, 0, sizeof err);
        memset(&tr, 0, sizeof tr);
        in = NULL;
        if (cirno_parse(text.data, text.len, &in, &err) == 0 && cirno_simulate(in, &tr, &err) == 0) {
            ok++;
        } else {
            bad++;
            if (err.line < 1 || err.col < 1 || !err.msg[0]) {
                CHECK(0 /* an error without a position */);
                fprintf(stderr, "mutation %d: %d:%d %s\n", i, err.line, err.col, err.msg);
            }
        }
        done(in, &tr);
    }
    CHECK(ok > 100 && bad > 1000); /* both outcomes are exercised */
    ds_buf_free(&base);
    ds_buf_free(&text);
}

int main(void) {
    test_cards();
    test_floor_half();
    test_strategy_exhaustive();
    test_sample(1);
    test_sample(2);
    test_scenarios();
    test_double_states();
    test_bad_inputs();
    test_p_limit();
    test_lenient();
    test_json();
    test_mutations();
    DS_TEST_MAIN_END();
}
