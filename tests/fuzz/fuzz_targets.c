/* fuzz_targets.c - the libFuzzer harnesses, one per target, picked at compile
 * time with -DFUZZ_TARGET=<n> (tests/fuzz/CMakeLists.txt builds each one from
 * this file; the names and numbers are in tests/fuzz/harnesses.txt):
 *
 *   parse_<game>      the game's input parser alone
 *   sim_<game>        parse, simulate, judge output, JSON of every event,
 *                     the outcome and every sentence of the catalog (start,
 *                     captions, headlines, changes; en and zh) (goudan: the
 *                     judge output from a value table and a playout of the
 *                     first query)
 * parse_, sim_ and try_<game> go through the game's ds_game (ds_game.h).
 *   try_<game>        variations: the input text with a choice list (below)
 *   mahjong_distance  --distance: a hand (melds from the first byte), the fast
 *                     and the recording distance, the record's JSON
 *   goudan_explain    --explain: each query's turn after the draw, or a raw
 *                     turn state from the bytes (out-of-range values too)
 *
 * try_<game> input: 8 header bytes, then a spec line (up to the first '\n'),
 * then the game's input text.
 *   h[0] % 4      forced choices picked from the game's own decision records
 *   h[1..6]       per pick: which decision (after the previous pick, in the
 *                 variation made so far) and which of its candidates
 *   h[7]          goudan: the playout seed
 * and the spec line is parsed as an arbitrary --try argument.
 *
 * Invariants (abort on violation, so the fuzzer reports them):
 *   - no crash, leak or undefined behaviour (ASan + UBSan);
 *   - a rejected input has an error with a non-empty message (parsers: a
 *     line and a column >= 1); a rejected spec or variation too, and the
 *     failed simulation has freed and zeroed its trace;
 *   - thegame and mahjong: a parsed input always plays;
 *   - forcing the rule's own label at every decision at once reproduces the
 *     main line event for event (so byte for byte in everything made from
 *     them: the judge output, the JSON trace, the sentences);
 *   - a label picked from a decision record is accepted, and the variation's
 *     event at that index took it;
 *   - a parsed spec formats back to a spec that parses to the same choices;
 *   - the fast and the recording mahjong distance agree;
 *   - goudan --explain: at least one operation, the chosen one in range, the
 *     list best first, the decision's value the evaluator's value. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cirno/cirno.h"
#include "ds_core.h"
#include "ds_game.h"
#include "goudan/goudan.h"
#include "mahjong/mahjong.h"
#include "thegame/thegame.h"

#define T_PARSE_CIRNO 1
#define T_PARSE_THEGAME 2
#define T_PARSE_MAHJONG 3
#define T_PARSE_GOUDAN 4
#define T_SIM_CIRNO 5
#define T_SIM_THEGAME 6
#define T_SIM_MAHJONG 7
#define T_SIM_GOUDAN 8
#define T_TRY_CIRNO 9
#define T_TRY_THEGAME 10
#define T_TRY_MAHJONG 11
#define T_TRY_GOUDAN 12
#define T_MAHJONG_DISTANCE 13
#define T_GOUDAN_EXPLAIN 14

#ifndef FUZZ_TARGET
#error "build with -DFUZZ_TARGET=<1..14> (see tests/fuzz/harnesses.txt)"
#endif

/* goudan's value table covers HPs up to this (a query above it is refused
 * cleanly by the engine: that path is fuzzed too). 20 would make each
 * playout and each process start slower for no new code. */
#define FUZZ_GOUDAN_H 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_parse_error(const ds_error *e) {
    if (e->line < 1 || e->col < 1 || e->msg[0] == '\0') abort();
    if (memchr(e->msg, '\0', sizeof e->msg) == NULL) abort();
}

static void check_error(const ds_error *e) {
    if (e->msg[0] == '\0' || memchr(e->msg, '\0', sizeof e->msg) == NULL) abort();
}

/* ---- the games behind one interface (parse_, sim_, try_<game>) ------------
 * Each harness goes through its game's ds_game (engine/core/ds_game.h):
 * parse, free, simulate, format, trace_jsonl, decision (the candidates a
 * variation may force), narrate, start, headline, changes and outcome. One
 * exception: goudan's simulate solves a value table for every input up to
 * its HPs, too slow for a fuzzer, so its playouts use one table per O solved
 * once up to FUZZ_GOUDAN_H (goudan_simulate_try), and its judge output is
 * written from that table in sim_goudan. */

enum { MAX_CANDS = 40 };
typedef char label_t[DS_CHOICE_LABEL];

#if FUZZ_TARGET == T_PARSE_CIRNO || FUZZ_TARGET == T_SIM_CIRNO || FUZZ_TARGET == T_TRY_CIRNO
#define FUZZ_GAME cirno_game
#define FUZZ_MUST_PLAY 0 /* the deck may run out */
#elif FUZZ_TARGET == T_PARSE_THEGAME || FUZZ_TARGET == T_SIM_THEGAME || FUZZ_TARGET == T_TRY_THEGAME
#define FUZZ_GAME thegame_game
#define FUZZ_MUST_PLAY 1
#elif FUZZ_TARGET == T_PARSE_MAHJONG || FUZZ_TARGET == T_SIM_MAHJONG || FUZZ_TARGET == T_TRY_MAHJONG
#define FUZZ_GAME mahjong_game
#define FUZZ_MUST_PLAY 1
#elif FUZZ_TARGET == T_PARSE_GOUDAN || FUZZ_TARGET == T_SIM_GOUDAN || FUZZ_TARGET == T_TRY_GOUDAN
#define FUZZ_GAME goudan_game
#define FUZZ_MUST_PLAY 0 /* a query's HP may be above the table's */
#define FUZZ_IS_GOUDAN 1
#endif

#ifdef FUZZ_GAME
static const ds_game *const G = &FUZZ_GAME;
#endif

static void put_label(label_t l, const char *s) { snprintf(l, DS_CHOICE_LABEL, "%s", s); }

#if defined FUZZ_IS_GOUDAN || FUZZ_TARGET == T_GOUDAN_EXPLAIN
/* goudan: one value table per O, solved on first use (FUZZ_GOUDAN_H). */
static goudan_table *goudan_tables[GOUDAN_O_MAX + 1];
static const goudan_table *goudan_table_for(int O) {
    ds_error err;
    if (O < GOUDAN_O_MIN || O > GOUDAN_O_MAX) return NULL;
    if (!goudan_tables[O] && goudan_solve(O, FUZZ_GOUDAN_H, &goudan_tables[O], &err)) abort();
    return goudan_tables[O];
}
#endif

#if FUZZ_TARGET >= T_SIM_CIRNO && FUZZ_TARGET <= T_TRY_GOUDAN
/* The game's simulate into a junk-filled trace. On failure every game has
 * freed the trace and zeroed it (ds_core.h): checked, and nothing is freed
 * here (a leak would be reported). */
static int simulate(void *in, uint64_t seed, const ds_choice *ch, size_t n, ds_trace *tr,
                    ds_error *err) {
    static const ds_trace zero;
    int rc;
    memset(tr, 0xA5, sizeof *tr);
#ifdef FUZZ_IS_GOUDAN
    rc = goudan_simulate_try(in, goudan_table_for(goudan_input_o(in)), seed, ch, n, tr, err);
#else
    rc = G->simulate(in, ch, n, seed, tr, err);
#endif
    if (rc == 0) return 0;
    if (memcmp(tr, &zero, sizeof zero) != 0) abort();
    return -1;
}

/* The judge output (goudan: written by sim_goudan from its table), the JSON
 * Lines of every event and the outcome, in English; with words, also every
 * sentence of the catalog in both languages (start, each event's caption and
 * changes, each step's headline), each present. Short games only: a cirno
 * game may have 3e5 events. */
static int output(void *in, const ds_trace *tr, int words, ds_buf *out) {
    size_t i;
    int l;
#ifndef FUZZ_IS_GOUDAN
    if (G->format(in, tr, out)) return -1;
#endif
    if (tr->n >= 4000) return G->outcome(in, tr, DS_LANG_EN, out);
    if (G->trace_jsonl(in, tr, DS_LANG_EN, out) || G->outcome(in, tr, DS_LANG_EN, out)) return -1;
    for (l = 0; words && l < 2; l++) {
        ds_lang lang = l ? DS_LANG_ZH : DS_LANG_EN;
        size_t before = out->len;
        if (G->start(in, tr, lang, out) || out->len == before) abort();
        for (i = 0; i <= tr->n; i++) {
            before = out->len;
            if (G->headline(in, tr, i, lang, out) || out->len == before) abort();
            if (i == tr->n) break;
            before = out->len;
            if (G->narrate(in, tr, i, lang, out) || out->len == before) abort();
            before = out->len;
            if (G->changes(in, tr, i, lang, out)) abort();
            if (out->len > before && out->data[out->len - 1] != '\n') abort();
        }
    }
    return 0;
}

/* The candidates of event i from its decision record: their number (0: not
 * a decision), their labels, the index of the one taken and of the rule's. */
static int cands(void *in, const ds_trace *tr, size_t i, label_t *lab, int *chosen, int *rule) {
    static ds_decision d;
    size_t k;
    int rc = G->decision(in, tr, i, DS_LANG_EN, &d);
    if (rc < 0) abort();
    if (rc == 0) return 0;
    if (d.n < 1 || d.n > MAX_CANDS || d.chosen < 0 || (size_t)d.chosen >= d.n ||
        d.rule_choice < 0 || (size_t)d.rule_choice >= d.n)
        abort();
    for (k = 0; k < d.n; k++) put_label(lab[k], d.cand[k].label);
    *chosen = d.chosen;
    *rule = d.rule_choice;
    return (int)d.n;
}
#endif

/* ---- parse_<game> ----------------------------------------------------------- */
#if FUZZ_TARGET >= T_PARSE_CIRNO && FUZZ_TARGET <= T_PARSE_GOUDAN
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    void *in = NULL;
    ds_error err;
    memset(&err, 0, sizeof err);
    if (G->parse((const char *)data, size, &in, &err)) {
        check_parse_error(&err);
        if (in) abort(); /* a failed parse leaves nothing to free */
        return 0;
    }
    G->free(in);
    return 0;
}
#endif

/* ---- sim_<game> ------------------------------------------------------------- */
#if FUZZ_TARGET >= T_SIM_CIRNO && FUZZ_TARGET <= T_SIM_GOUDAN
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    void *in = NULL;
    ds_error err;
    ds_trace tr;
    ds_buf out;
    memset(&err, 0, sizeof err);
    if (G->parse((const char *)data, size, &in, &err)) { check_parse_error(&err); return 0; }
    ds_buf_init(&out);
#if FUZZ_TARGET == T_SIM_GOUDAN
    /* the judge output: refused (-1) only when a query's HP is above the table's */
    goudan_format(in, goudan_table_for(goudan_input_o(in)), &out);
#endif
    if (simulate(in, size, NULL, 0, &tr, &err) == 0) {
        if (output(in, &tr, 1, &out)) abort(); /* only allocation can fail */
        ds_trace_free(&tr);
    } else {
        if (FUZZ_MUST_PLAY) abort();
        check_error(&err); /* cirno: the deck ran out; goudan: HP above the table */
    }
    ds_buf_free(&out);
    G->free(in);
    return 0;
}
#endif

/* ---- try_<game> ------------------------------------------------------------- */
#if FUZZ_TARGET >= T_TRY_CIRNO && FUZZ_TARGET <= T_TRY_GOUDAN
enum { MAX_PICKS = 3 };

/* text = output(trace), without the sentences (the same for the same trace) */
static void render(void *in, const ds_trace *tr, ds_buf *out) {
    ds_buf_init(out);
    if (output(in, tr, 0, out)) abort();
}

/* spec -> choices -> spec -> the same choices */
static void check_round_trip(const ds_choice *ch, size_t n) {
    ds_buf s;
    ds_choice *back = NULL;
    size_t m = 0, k;
    ds_error err;
    ds_buf_init(&s);
    if (ds_choices_format(ch, n, &s)) abort();
    if (ds_choices_parse(s.len ? s.data : "", s.len, &back, &m, &err)) abort();
    if (m != n) abort();
    for (k = 0; k < n; k++)
        if (back[k].i != ch[k].i || strcmp(back[k].label, ch[k].label) != 0) abort();
    free(back);
    ds_buf_free(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const uint8_t *h = data;
    const char *spec, *text, *nl;
    size_t spec_len, text_len, k, n;
    void *in = NULL;
    ds_error err;
    ds_trace main_tr, tr;
    ds_buf out;
    ds_choice *ch;
    label_t lab[MAX_CANDS];
    int chosen, rule, picks;
    uint64_t seed;
    if (size < 8) return 0;
    spec = (const char *)data + 8;
    nl = memchr(spec, '\n', size - 8);
    spec_len = nl ? (size_t)(nl - spec) : size - 8;
    text = nl ? nl + 1 : spec + spec_len;
    text_len = size - 8 - spec_len - (nl ? 1 : 0);
    seed = h[7];
    memset(&err, 0, sizeof err);
    if (G->parse(text, text_len, &in, &err)) { check_parse_error(&err); return 0; }
    if (simulate(in, seed, NULL, 0, &main_tr, &err)) {
        if (FUZZ_MUST_PLAY) abort();
        check_error(&err);
        G->free(in);
        return 0;
    }

    /* 1. the rule's own label at every decision at once: the main line */
    ch = calloc(main_tr.n + 1, sizeof *ch);
    if (!ch) abort();
    for (n = 0, k = 0; k < main_tr.n; k++) {
        int c = cands(in, &main_tr, k, lab, &chosen, &rule);
        if (c == 0) continue;
        if (chosen != rule) abort(); /* nothing is forced in the main line */
        ch[n].i = k;
        put_label(ch[n].label, lab[rule]);
        n++;
    }
    if (simulate(in, seed, ch, n, &tr, &err)) abort();
    /* the same events (ds_trace_common): everything a trace shows is made
     * from them (rendering the JSON of every variation made try_thegame about
     * 70 times slower, 11 executions a second against 760: a thegame game's
     * trace is 400 KB of decision records) */
    if (tr.n != main_tr.n || ds_trace_common(&tr, &main_tr) != main_tr.n) abort();
    check_round_trip(ch, n);
    ds_trace_free(&tr);

    /* 2. labels picked from the decision records, one after the other, each
     * in the variation the earlier ones made */
    picks = h[0] % (MAX_PICKS + 1);
    {
        ds_trace cur = main_tr;
        size_t nch = 0, from = 0;
        int own_cur = 0; /* cur is not main_tr: free it */
        for (int p = 0; p < picks; p++) {
            size_t dec[512], nd = 0, at;
            int c;
            for (k = from; k < cur.n && nd < 512; k++)
                if (cands(in, &cur, k, lab, &chosen, &rule)) dec[nd++] = k;
            if (nd == 0) break;
            at = dec[h[1 + 2 * p] % nd];
            c = cands(in, &cur, at, lab, &chosen, &rule);
            ch[nch].i = at;
            put_label(ch[nch].label, lab[h[2 + 2 * p] % c]);
            nch++;
            if (own_cur) ds_trace_free(&cur);
            if (simulate(in, seed, ch, nch, &cur, &err)) abort(); /* a listed label is legal */
            own_cur = 1;
            if (cur.n <= at) abort();
            c = cands(in, &cur, at, lab, &chosen, &rule);
            if (c == 0 || strcmp(lab[chosen], ch[nch - 1].label) != 0) abort();
            check_round_trip(ch, nch);
            from = at + 1;
        }
        /* the output and the JSON of the last variation (forced records),
         * or of the main line when nothing was picked */
        render(in, &cur, &out);
        ds_buf_free(&out);
        if (own_cur) ds_trace_free(&cur);
    }
    free(ch);

    /* 3. the spec line as an arbitrary --try argument */
    ch = NULL;
    n = 0;
    if (ds_choices_parse(spec, spec_len, &ch, &n, &err)) {
        check_error(&err);
        if (err.line != 0 || err.col < 1) abort();
    } else {
        check_round_trip(ch, n);
        if (simulate(in, seed, ch, n, &tr, &err)) check_error(&err);
        else {
            render(in, &tr, &out);
            ds_buf_free(&out);
            ds_trace_free(&tr);
        }
        free(ch);
    }

    ds_trace_free(&main_tr);
    G->free(in);
    return 0;
}
#endif

/* ---- mahjong_distance ----------------------------------------------------------- */
#if FUZZ_TARGET == T_MAHJONG_DISTANCE
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t counts[MJ_KINDS];
    int melds, fast;
    ds_error err;
    mahjong_dp_record *rec;
    ds_buf out;
    if (size < 1) return 0;
    melds = data[0] % 5;
    memset(&err, 0, sizeof err);
    if (mahjong_parse_hand((const char *)data + 1, size - 1, melds, counts, &err)) {
        check_parse_error(&err);
        return 0;
    }
    fast = mahjong_distance(counts, melds, NULL);
    rec = malloc(sizeof *rec);
    if (!rec) abort();
    if (mahjong_distance_explain(counts, melds, rec) != fast) abort();
    ds_buf_init(&out);
    if (mahjong_dp_record_json(rec, &out)) abort();
    ds_buf_free(&out);
    free(rec);
    return 0;
}
#endif

/* ---- goudan_explain ------------------------------------------------------------- */
#if FUZZ_TARGET == T_GOUDAN_EXPLAIN
static void explain_turn(goudan_eval *ev, const goudan_turn *t) {
    goudan_explanation dec;
    goudan_tree *tree;
    ds_error err;
    ds_buf out;
    double v;
    int k;
    memset(&err, 0, sizeof err);
    if (goudan_explain(ev, t, &dec, &err)) { check_error(&err); return; }
    if (dec.n < 1 || dec.n > GOUDAN_MAX_OPS || dec.chosen < 0 || dec.chosen >= dec.n) abort();
    for (k = 1; k < dec.n; k++)
        if (dec.ops[k].value > dec.ops[k - 1].value + GOUDAN_TIE_EPS) abort();
    if (goudan_eval_value(ev, t, &v, &err)) abort();
    if (fabs(v - dec.value) > 1e-9 || fabs(dec.value - dec.ops[dec.chosen].value) > 1e-9) abort();
    ds_buf_init(&out);
    if (goudan_turn_json(t, &out) || goudan_decision_json(&dec, &out)) abort();
    tree = malloc(sizeof *tree);
    if (!tree) abort();
    if (goudan_play_tree(ev, t, tree, &err) == 0) {
        if (goudan_tree_json(tree, &out)) abort();
    } else {
        check_error(&err);
    }
    free(tree);
    ds_buf_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    goudan_eval *ev;
    ds_error err;
    if (size < 1) return 0;
    memset(&err, 0, sizeof err);
    if (data[0] & 1) {
        /* a raw turn state: every field from a signed byte (out of range too) */
        goudan_turn t;
        const int8_t *b = (const int8_t *)data + 1;
        int O = GOUDAN_O_MIN + data[0] / 2 % 3, k;
        if (size < 1 + 8 + 16) return 0;
        memset(&t, 0, sizeof t);
        t.my_hp = b[0], t.opp_hp = b[1], t.my_hand = b[2], t.opp_hand = b[3];
        t.ops_left = b[4], t.made_op = b[5], t.my_count = b[6], t.opp_count = b[7];
        for (k = 0; k < 4; k++) {
            t.my[k].hp = b[8 + 2 * k], t.my[k].attacked = b[9 + 2 * k];
            t.opp[k].hp = b[16 + 2 * k], t.opp[k].attacked = b[17 + 2 * k];
        }
        if (goudan_eval_new(goudan_table_for(O), &ev, &err)) abort();
        explain_turn(ev, &t);
        goudan_eval_free(ev);
    } else {
        goudan_input *in = NULL;
        goudan_query q;
        goudan_turn t;
        size_t i;
        if (goudan_parse((const char *)data + 1, size - 1, &in, &err)) {
            check_parse_error(&err);
            return 0;
        }
        if (goudan_eval_new(goudan_table_for(goudan_input_o(in)), &ev, &err)) abort();
        for (i = 0; i < goudan_input_count(in) && i < 8; i++) {
            goudan_query_get(in, i, &q);
            goudan_query_turn(&q, goudan_input_o(in), &t);
            explain_turn(ev, &t);
        }
        goudan_eval_free(ev);
        goudan_input_free(in);
    }
    return 0;
}
#endif
