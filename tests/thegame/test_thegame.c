/* test_thegame.c - The Game (solo): samples, parser errors and a property
 * test over thousands of generated decks.
 *
 * The property test replays every trace event by event and checks, at every
 * step: card conservation (rows + hand + pile hold 2..99 exactly once), rows
 * only grow and each by one legal move, the hand never exceeds 8, draws take
 * the top of the pile after exactly two plays, ds_trace_seek(i) equals the
 * fresh replay, and each decision equals an independent re-evaluation of the
 * priority rules written here (ref_choose). A reference simulation written
 * here from the statement must produce the same six output lines. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_core.h"
#include "ds_test.h"
#include "thegame/thegame.h"

#ifndef DS_SAMPLES
#define DS_SAMPLES "assets/samples"
#endif

/* ---- small helpers -------------------------------------------------------- */

/* Minimal JSON syntax checker (objects, arrays, strings, numbers, literals). */
static const char *json_ws(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return p;
}
static const char *json_value(const char *p, int depth);
static const char *json_string(const char *p) {
    if (*p != '"') return NULL;
    for (p++; *p != '"'; p++) {
        if (!*p || (unsigned char)*p < 0x20) return NULL;
        if (*p == '\\') {
            p++;
            if (*p == 'u') {
                int k;
                for (k = 1; k <= 4; k++)
                    if (!strchr("0123456789abcdefABCDEF", p[k]) || !p[k]) return NULL;
                p += 4;
            } else if (!*p || !strchr("\"\\/bfnrt", *p)) return NULL;
        }
    }
    return p + 1;
}
static const char *json_value(const char *p, int depth) {
    if (depth > 64) return NULL;
    p = json_ws(p);
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        int obj = *p == '{';
        p = json_ws(p + 1);
        if (*p == close) return p + 1;
        for (;;) {
            if (obj) {
                if (!(p = json_string(json_ws(p)))) return NULL;
                p = json_ws(p);
                if (*p++ != ':') return NULL;
            }
            if (!(p = json_value(p, depth + 1))) return NULL;
            p = json_ws(p);
            if (*p == ',') { p++; continue; }
            if (*p == close) return p + 1;
            return NULL;
        }
    }
    if (*p == '"') return json_string(p);
    if (!strncmp(p, "true", 4)) return p + 4;
    if (!strncmp(p, "false", 5)) return p + 5;
    if (!strncmp(p, "null", 4)) return p + 4;
    if (*p == '-' || (*p >= '0' && *p <= '9')) {
        const char *q = p + (*p == '-');
        if (!(*q >= '0' && *q <= '9')) return NULL;
        while (*q >= '0' && *q <= '9') q++;
        return q;
    }
    return NULL;
}
static int json_ok(const char *s, size_t len) {
    const char *end = json_value(s, 0);
    return end && (size_t)(end - s) == len; /* the object ends exactly at len */
}

/* ---- the reference: the statement's rules, written independently --------- */

/* 0 = cannot go there, 1 = ordinary move, 2 = backwards trick. */
static int ref_move(int row, int card, int last) {
    if (row < 2) return card > last ? 1 : card == last - 10 ? 2 : 0;
    return card < last ? 1 : card == last + 10 ? 2 : 0;
}
static int ref_abs(int x) { return x < 0 ? -x : x; }

/* Returns the rule used (1 trick, 2 closest, 0 nothing playable). */
static int ref_choose(const int *hand, int hlen, const int last[4], int *pos, int *row, int *tied) {
    int p, r, best = INT_MAX;
    *tied = 0;
    /* rule 1: the leftmost card that has a trick somewhere; its topmost such row */
    for (p = 0; p < hlen; p++) {
        int found = -1;
        for (r = 3; r >= 0; r--)
            if (ref_move(r, hand[p], last[r]) == 2) found = r; /* ends at the topmost */
        if (found >= 0) { *pos = p; *row = found; return 1; }
    }
    /* rule 2: first the smallest difference over all ordinary moves ... */
    for (p = 0; p < hlen; p++)
        for (r = 0; r < 4; r++)
            if (ref_move(r, hand[p], last[r]) == 1 && ref_abs(hand[p] - last[r]) < best)
                best = ref_abs(hand[p] - last[r]);
    if (best == INT_MAX) return 0;
    /* ... then, among those reaching it, the leftmost card and topmost row */
    *pos = -1;
    for (p = 0; p < hlen; p++)
        for (r = 0; r < 4; r++)
            if (ref_move(r, hand[p], last[r]) == 1 && ref_abs(hand[p] - last[r]) == best) {
                ++*tied;
                if (*pos < 0) { *pos = p; *row = r; }
            }
    return 2;
}

typedef struct ref_result {
    int win, lost_mid_turn;
} ref_result;

/* Plays the game from the statement; writes the six lines into out. */
static ref_result ref_play(const uint8_t *deck, ds_buf *out) {
    int rows[4][100], rlen[4] = {1, 1, 1, 1}, hand[98], hlen = 0, next = 0, r, i;
    ref_result res = {0, 0};
    rows[0][0] = rows[1][0] = 1;
    rows[2][0] = rows[3][0] = 100;
    while (hlen < 8) hand[hlen++] = deck[next++];
    for (;;) {
        int played = 0, stop = 0;
        while (played < 2) {
            int last[4], pos, row, tied;
            if (hlen == 0) { res.win = 1; stop = 1; break; }
            for (r = 0; r < 4; r++) last[r] = rows[r][rlen[r] - 1];
            if (!ref_choose(hand, hlen, last, &pos, &row, &tied)) {
                res.lost_mid_turn = played == 1;
                stop = 1;
                break;
            }
            rows[row][rlen[row]++] = hand[pos];
            for (i = pos; i + 1 < hlen; i++) hand[i] = hand[i + 1];
            hlen--;
            played++;
        }
        if (stop) break;
        for (i = 0; i < 2 && next < 98; i++) hand[hlen++] = deck[next++];
        if (hlen == 0) { res.win = 1; break; }
    }
    for (r = 0; r < 6; r++) {
        const int *v = r < 4 ? rows[r] : hand;
        int n = r < 4 ? rlen[r] : hlen;
        if (r == 5) n = 98 - next;
        for (i = 0; i < n; i++) {
            if (i) ds_buf_putc(out, ' ');
            ds_buf_int(out, r == 5 ? deck[next + i] : v[i]);
        }
        ds_buf_putc(out, '\n');
    }
    return res;
}

/* ---- per-game property checks --------------------------------------------- */

typedef struct coverage {
    int games, wins, losses_first, losses_mid, tricks, multi_tricks, ties, deals_checked;
    long events;
} coverage;

static void check_conservation(const thegame_input *in, const thegame_state *s) {
    int count[101] = {0}, r, i, bad = 0;
    for (r = 0; r < 4; r++) {
        CHECK(s->row_len[r] >= 1 && s->row_len[r] <= THEGAME_ROW_CAP);
        if (s->row[r][0] != (r < 2 ? 1 : 100)) bad++;
        for (i = 1; i < s->row_len[r] && i < THEGAME_ROW_CAP; i++) count[s->row[r][i]]++;
    }
    for (i = 0; i < s->hand_len && i < THEGAME_HAND; i++) count[s->hand[i]]++;
    for (i = s->pile_pos; i < THEGAME_CARDS; i++) count[in->deck[i]]++;
    for (i = 0; i <= 100; i++)
        if (count[i] != (i >= 2 && i <= 99)) bad++;
    CHECK(bad == 0);
}

static void check_decision_record(const thegame_why *d, const thegame_state *prev) {
    int p, r, mism = 0, nn = 0, nb = 0;
    CHECK_EQ_INT(d->hand_len, prev->hand_len);
    CHECK(memcmp(d->hand, prev->hand, prev->hand_len) == 0);
    for (r = 0; r < 4; r++) CHECK_EQ_INT(d->top[r], prev->row[r][prev->row_len[r] - 1]);
    for (p = 0; p < prev->hand_len; p++)
        for (r = 0; r < 4; r++) {
            int last = prev->row[r][prev->row_len[r] - 1], m = ref_move(r, prev->hand[p], last);
            if (d->move[p][r] != m || d->diff[p][r] != ref_abs(prev->hand[p] - last)) mism++;
            nn += m == 1;
            nb += m == 2;
        }
    CHECK(mism == 0);
    CHECK_EQ_INT(d->n_normal, nn);
    CHECK_EQ_INT(d->n_backwards, nb);
}

static void check_game(const thegame_input *in, coverage *cov, int check_json) {
    ds_trace tr;
    ds_error err;
    ds_buf out, ref, js;
    thegame_state *states, s;
    uint32_t *lines;
    size_t i, n;
    int last_play = 0, turn = 0, ended = 0; /* play_in_turn of the last play */
    ref_result rr;

    if (thegame_simulate(in, &tr, &err)) { CHECK(!"simulate failed"); return; }
    n = tr.n;
    CHECK(n >= 2 && n <= THEGAME_MAX_EVENTS);
    states = (thegame_state *)malloc((n + 1) * sizeof *states);
    lines = (uint32_t *)malloc((n + 1) * sizeof *lines);
    if (!states || !lines) { CHECK(!"out of memory"); free(states); free(lines); ds_trace_free(&tr); return; }
    cov->games++;
    cov->events += (long)n;

    thegame_initial_state(&s);
    states[0] = s;
    check_conservation(in, &s);
    for (i = 0; i < n; i++) {
        const thegame_event *e = (const thegame_event *)ds_trace_event(&tr, i);
        thegame_state prev = s;
        int r, grown = 0;
        CHECK(!ended); /* nothing after the end event */
        thegame_apply(&s, e, in);
        states[i + 1] = s;
        check_conservation(in, &s);
        CHECK(s.hand_len <= THEGAME_HAND);
        /* rows only grow: prefixes kept, at most one card added */
        for (r = 0; r < 4; r++) {
            CHECK(s.row_len[r] >= prev.row_len[r]);
            CHECK(memcmp(s.row[r], prev.row[r], prev.row_len[r]) == 0);
            grown += s.row_len[r] - prev.row_len[r];
        }
        CHECK_EQ_INT(grown, e->kind == THEGAME_EV_PLAY ? 1 : 0);
        CHECK((i == 0) == (e->kind == THEGAME_EV_DEAL));
        switch (e->kind) {
        case THEGAME_EV_DEAL:
            CHECK_EQ_INT(s.hand_len, 8);
            CHECK(memcmp(s.hand, in->deck, 8) == 0);
            CHECK_EQ_INT(s.pile_pos, 8);
            break;
        case THEGAME_EV_PLAY: {
            int last[4], hand[8], pos = -1, row = -1, tied = 0, rule, k, m;
            for (r = 0; r < 4; r++) last[r] = prev.row[r][prev.row_len[r] - 1];
            for (k = 0; k < prev.hand_len; k++) hand[k] = prev.hand[k];
            rule = ref_choose(hand, prev.hand_len, last, &pos, &row, &tied);
            CHECK(rule != 0);
            CHECK_EQ_INT(e->hand_pos, pos);
            CHECK_EQ_INT(e->row, row);
            CHECK_EQ_INT(e->card, prev.hand[e->hand_pos < 8 ? e->hand_pos : 0]);
            CHECK_EQ_INT(e->backwards, rule == 1);
            CHECK_EQ_INT(e->why.rule, rule);
            CHECK_EQ_INT(e->why.chosen_pos, pos);
            CHECK_EQ_INT(e->why.chosen_row, row);
            CHECK_EQ_INT(e->prev_top, last[row < 0 ? 0 : row]);
            if (rule == 2) {
                CHECK_EQ_INT(e->why.n_tied, tied);
                CHECK_EQ_INT(e->why.best_diff, ref_abs(e->card - last[row]));
                cov->ties += tied > 1;
            } else {
                cov->tricks++;
                cov->multi_tricks += e->why.n_backwards > 1;
            }
            check_decision_record(&e->why, &prev);
            /* the card landed on its row by a legal move */
            m = ref_move(e->row, e->card, prev.row[e->row][prev.row_len[e->row] - 1]);
            CHECK(m == (e->backwards ? 2 : 1));
            CHECK_EQ_INT(s.row[e->row][s.row_len[e->row] - 1], e->card);
            CHECK_EQ_INT(s.hand_len, prev.hand_len - 1);
            CHECK_EQ_INT(s.pile_pos, prev.pile_pos);
            /* turns: plays go 1, 2, 1, 2, ...; while the pile lasts a
             * turn's first play comes right after the deal or a draw */
            {
                const thegame_event *before = (const thegame_event *)ds_trace_event(&tr, i - 1);
                int want = last_play == 1 ? 2 : 1;
                CHECK_EQ_INT(e->play_in_turn, want);
                if (want == 1) turn++;
                CHECK_EQ_INT(e->turn, turn);
                if (want == 1 && prev.pile_pos < THEGAME_CARDS)
                    CHECK(before->kind == THEGAME_EV_DEAL || before->kind == THEGAME_EV_DRAW);
                if (want == 2) CHECK(before->kind == THEGAME_EV_PLAY);
                last_play = want;
            }
            break;
        }
        case THEGAME_EV_DRAW: {
            int want = THEGAME_CARDS - prev.pile_pos < 2 ? THEGAME_CARDS - prev.pile_pos : 2;
            CHECK_EQ_INT(last_play, 2);
            CHECK_EQ_INT(e->turn, turn);
            CHECK(want > 0);
            CHECK_EQ_INT(e->count, want);
            CHECK(memcmp(e->cards, in->deck + prev.pile_pos, (size_t)want) == 0);
            CHECK_EQ_INT(s.hand_len, prev.hand_len + want);
            CHECK(memcmp(s.hand, prev.hand, prev.hand_len) == 0);
            CHECK(memcmp(s.hand + prev.hand_len, e->cards, (size_t)want) == 0);
            break;
        }
        case THEGAME_EV_END: {
            ended = 1;
            CHECK(i == n - 1);
            if (e->result == THEGAME_WIN) {
                CHECK_EQ_INT(prev.hand_len, 0);
                CHECK_EQ_INT(prev.pile_pos, THEGAME_CARDS);
                cov->wins++;
            } else {
                int last[4], hand[8], pos, row, tied, k;
                CHECK_EQ_INT(e->result, THEGAME_LOSS);
                CHECK(prev.hand_len > 0);
                for (r = 0; r < 4; r++) last[r] = prev.row[r][prev.row_len[r] - 1];
                for (k = 0; k < prev.hand_len; k++) hand[k] = prev.hand[k];
                CHECK_EQ_INT(ref_choose(hand, prev.hand_len, last, &pos, &row, &tied), 0);
                CHECK_EQ_INT(e->why.rule, THEGAME_RULE_NONE);
                check_decision_record(&e->why, &prev);
                /* while the pile lasts, a loss at the first card leaves a full hand */
                if (last_play == 1) cov->losses_mid++;
                else cov->losses_first++;
                if (prev.pile_pos < THEGAME_CARDS)
                    CHECK_EQ_INT(prev.hand_len, last_play == 1 ? 7 : 8);
            }
            CHECK_EQ_INT(s.result, e->result);
            break;
        }
        default:
            CHECK(!"unknown event kind");
        }
    }
    CHECK(ended);
    /* seeking: every step, then random steps in random order */
    for (i = 0; i <= n; i++) {
        thegame_state got;
        memset(&got, 0xAB, sizeof got);
        CHECK(ds_trace_seek(&tr, i, &got) == 0);
        CHECK(memcmp(&got, &states[i], sizeof got) == 0);
    }
    {
        ds_rng rng;
        int k;
        ds_rng_seed(&rng, (uint64_t)n * 7919u + in->deck[0]);
        for (k = 0; k < 20; k++) {
            size_t j = ds_rng_below(&rng, (uint32_t)n + 1);
            thegame_state got;
            CHECK(ds_trace_seek(&tr, j, &got) == 0);
            CHECK(memcmp(&got, &states[j], sizeof got) == 0);
        }
        CHECK(ds_trace_seek(&tr, n + 1, &s) == -1);
    }
    /* judge output: six lines, equal to the reference simulation */
    ds_buf_init(&out);
    ds_buf_init(&ref);
    CHECK(thegame_format(in, &tr, &out, lines) == 0);
    rr = ref_play(in->deck, &ref);
    CHECK(out.len == ref.len && memcmp(out.data, ref.data, out.len) == 0);
    {
        size_t nl = 0, k;
        for (k = 0; k < out.len; k++) {
            if (out.data[k] == '\n') nl++;
            if (out.data[k] == ' ') CHECK(k > 0 && out.data[k - 1] != '\n' && out.data[k + 1] != '\n');
        }
        CHECK_EQ_INT(nl, 6);
        CHECK(out.len > 0 && out.data[out.len - 1] == '\n');
    }
    for (i = 0; i <= n; i++) CHECK_EQ_INT(lines[i], i == n ? 6 : 0);
    CHECK_EQ_INT(rr.win, states[n].result == THEGAME_WIN);
    CHECK_EQ_INT(rr.lost_mid_turn, states[n].result == THEGAME_LOSS && last_play == 1);
    /* JSON: header + one valid object per event */
    if (check_json) {
        size_t start = 0, k, nlines = 0;
        ds_buf_init(&js);
        CHECK(thegame_trace_jsonl(in, &tr, DS_LANG_EN, &js) == 0);
        for (k = 0; k < js.len; k++)
            if (js.data[k] == '\n') {
                if (!json_ok(js.data + start, k - start)) {
                    CHECK(!"invalid JSON line");
                    fprintf(stderr, "  %.*s\n", (int)(k - start < 300 ? k - start : 300), js.data + start);
                }
                CHECK(strncmp(js.data + start, "{\"type\":\"", 9) == 0);
                nlines++;
                start = k + 1;
            }
        CHECK_EQ_INT(start, js.len);
        CHECK_EQ_INT(nlines, n + 1);
        ds_buf_clear(&js);
        CHECK(thegame_state_json(in, &states[n / 2], &js) == 0 && json_ok(js.data, js.len));
        ds_buf_free(&js);
        cov->deals_checked++;
    }
    ds_buf_free(&out);
    ds_buf_free(&ref);
    free(states);
    free(lines);
    ds_trace_free(&tr);
}

/* ---- tests ---------------------------------------------------------------- */

static void test_samples(void) {
    int k;
    for (k = 1; k <= 2; k++) {
        char path[512];
        size_t inlen = 0, anslen = 0;
        char *text, *ans;
        thegame_input *in;
        ds_error err;
        ds_trace tr;
        ds_buf out;
        snprintf(path, sizeof path, "%s/thegame/sample-%d.in", DS_SAMPLES, k);
        text = ds_test_read_file(path, &inlen);
        snprintf(path, sizeof path, "%s/thegame/sample-%d.ans", DS_SAMPLES, k);
        ans = ds_test_read_file(path, &anslen);
        CHECK(text != NULL && ans != NULL);
        if (!text || !ans) { free(text); free(ans); continue; }
        CHECK(thegame_parse(text, inlen, &in, &err) == 0);
        CHECK(thegame_simulate(in, &tr, &err) == 0);
        ds_buf_init(&out);
        CHECK(thegame_format(in, &tr, &out, NULL) == 0);
        CHECK(out.len == anslen && memcmp(out.data, ans, anslen) == 0);
        ds_buf_free(&out);
        ds_trace_free(&tr);
        {
            coverage cov;
            memset(&cov, 0, sizeof cov);
            check_game(in, &cov, 1);
        }
        thegame_input_free(in);
        free(text);
        free(ans);
    }
}

static void test_generated(int seeds, coverage *cov) {
    int seed;
    for (seed = 1; seed <= seeds; seed++) {
        ds_buf g;
        thegame_input *in;
        ds_error err;
        ds_buf_init(&g);
        CHECK(thegame_generate((uint64_t)seed, 0, &g) == 0);
        if (thegame_parse(g.data, g.len, &in, &err)) {
            CHECK(!"generated input does not parse");
            ds_buf_free(&g);
            continue;
        }
        check_game(in, cov, seed <= 200);
        thegame_input_free(in);
        ds_buf_free(&g);
    }
}

/* Decks with a known shape: ascending and descending decks win (worked out by hand). */
static void test_shaped_decks(coverage *cov) {
    uint8_t deck[98];
    thegame_input *in;
    ds_error err;
    ds_trace tr;
    thegame_state s;
    int i;
    for (i = 0; i < 98; i++) deck[i] = (uint8_t)(2 + i);
    CHECK(thegame_input_from_deck(deck, &in, &err) == 0);
    CHECK(thegame_simulate(in, &tr, &err) == 0);
    CHECK(ds_trace_seek(&tr, tr.n, &s) == 0);
    CHECK_EQ_INT(s.result, THEGAME_WIN);
    CHECK_EQ_INT(s.row_len[0], 99); /* 1, 2, ..., 99: every card on up1 */
    check_game(in, cov, 1);
    ds_trace_free(&tr);
    thegame_input_free(in);
    for (i = 0; i < 98; i++) deck[i] = (uint8_t)(99 - i);
    CHECK(thegame_input_from_deck(deck, &in, &err) == 0);
    CHECK(thegame_simulate(in, &tr, &err) == 0);
    CHECK(ds_trace_seek(&tr, tr.n, &s) == 0);
    CHECK_EQ_INT(s.result, THEGAME_WIN);
    /* 99..3 go on down1; the last card 2 is 1 away from both down1 (3) and
     * up1 (1): the tie goes to the topmost row, up1 */
    CHECK_EQ_INT(s.row_len[2], 98);
    CHECK_EQ_INT(s.row_len[0], 2);
    CHECK_EQ_INT(s.row[0][1], 2);
    check_game(in, cov, 1);
    ds_trace_free(&tr);
    thegame_input_free(in);
    /* not a permutation */
    deck[5] = deck[6];
    CHECK(thegame_input_from_deck(deck, &in, &err) == -1);
    deck[5] = 1;
    CHECK(thegame_input_from_deck(deck, &in, &err) == -1);
}

/* Builds "d0 d1 ... d97" with token k replaced by repl (NULL = dropped), and
 * reports where token k starts. sep(i) is the separator before token i. */
static void build_text(const uint8_t *deck, int k, const char *repl, int style, ds_buf *b,
                       int *line, int *col) {
    int i, ln = 1, cl = 1;
    ds_buf_clear(b);
    for (i = 0; i < 98; i++) {
        char tok[40];
        const char *sep = "";
        if (i > 0) {
            if (style == 0) sep = " ";
            else if (style == 1) sep = (i % 10 == 0) ? "\n" : " ";
            else sep = (i % 7 == 0) ? " \r\n\t" : (i % 3 == 0 ? "\t " : "  ");
        }
        if (i == k && !repl) continue;
        snprintf(tok, sizeof tok, "%s", i == k ? repl : "");
        if (i != k) snprintf(tok, sizeof tok, "%d", deck[i]);
        ds_buf_puts(b, sep);
        {
            const char *p;
            for (p = sep; *p; p++) { if (*p == '\n') { ln++; cl = 1; } else cl++; }
        }
        if (i == k) { *line = ln; *col = cl; }
        ds_buf_puts(b, tok);
        cl += (int)strlen(tok);
    }
    if (k >= 98) { *line = ln; *col = cl; }
}

static void expect_error(const char *text, size_t len, int line, int col, const char *needle) {
    thegame_input *in = (thegame_input *)1;
    ds_error err;
    memset(&err, 0, sizeof err);
    CHECK(thegame_parse(text, len, &in, &err) == -1);
    CHECK(in == NULL);
    CHECK_EQ_INT(err.line, line);
    CHECK_EQ_INT(err.col, col);
    if (!strstr(err.msg, needle)) {
        CHECK(!"message lacks the expected words");
        fprintf(stderr, "  message: %s\n  wanted: %s\n", err.msg, needle);
    }
}

static void test_parser(void) {
    ds_buf g, b;
    uint8_t deck[98];
    thegame_input *in;
    ds_error err;
    int style, k, line, col;
    ds_buf_init(&g);
    ds_buf_init(&b);
    CHECK(thegame_generate(12345, 0, &g) == 0);
    CHECK(thegame_parse(g.data, g.len, &in, &err) == 0);
    memcpy(deck, in->deck, 98);
    thegame_input_free(in);
    expect_error("", 0, 1, 1, "found end of input after 0 numbers");
    expect_error("  \n ", 4, 2, 2, "expected card 1 of 98");
    expect_error("\x01", 1, 1, 1, "control byte");
    for (style = 0; style < 3; style++) {
        char msg[120];
        /* lenient whitespace: the same deck parses in every layout */
        build_text(deck, -1, "", style, &b, &line, &col);
        CHECK(thegame_parse(b.data, b.len, &in, &err) == 0 && memcmp(in->deck, deck, 98) == 0);
        if (in) thegame_input_free(in);
        ds_buf_puts(&b, "\n\n  \t\n");
        CHECK(thegame_parse(b.data, b.len, &in, &err) == 0);
        if (in) thegame_input_free(in);
        for (k = 0; k < 98; k += 13 + style) {
            const char *bad[] = {"abc", "7x", "-", "4.5", "1e2"};
            const char *range[] = {"100", "1", "0", "-5", "123456789012345678901234567890"};
            char dup[8];
            int j = k * 3 % 5;
            build_text(deck, k, bad[j], style, &b, &line, &col);
            snprintf(msg, sizeof msg, "expected card %d of 98 (an integer from 2 to 99), found '", k + 1);
            expect_error(b.data, b.len, line, col, msg);
            build_text(deck, k, range[j], style, &b, &line, &col);
            snprintf(msg, sizeof msg, "expected card %d of 98 between 2 and 99, found '%.10s", k + 1, range[j]);
            expect_error(b.data, b.len, line, col, msg);
            if (k > 0) {
                int first = k / 2, fl, fc;
                snprintf(dup, sizeof dup, "%d", deck[first]);
                /* where the first copy is: the unchanged text, token `first` */
                build_text(deck, first, dup, style, &b, &fl, &fc);
                build_text(deck, k, dup, style, &b, &line, &col);
                snprintf(msg, sizeof msg,
                         "found %d again as card %d (first seen as card %d at line %d, column %d)",
                         deck[first], k + 1, first + 1, fl, fc);
                expect_error(b.data, b.len, line, col, msg);
            }
        }
        /* too few: the last card missing; error at the end of the input */
        build_text(deck, 97, NULL, style, &b, &line, &col);
        {
            int l = 1, c = 1;
            size_t i;
            for (i = 0; i < b.len; i++) { if (b.data[i] == '\n') { l++; c = 1; } else c++; }
            expect_error(b.data, b.len, l, c, "expected card 98 of 98 (the input is a permutation of 2..99), found end of input after 97 numbers");
        }
        /* too many: one more number after the 98th */
        build_text(deck, -1, "", style, &b, &line, &col);
        {
            int l = 1, c = 1;
            size_t i;
            ds_buf_puts(&b, "\n 5");
            for (i = 0; i + 1 < b.len; i++) { if (b.data[i] == '\n') { l++; c = 1; } else c++; }
            expect_error(b.data, b.len, l, c, "expected end of input after 98 cards, found '5'");
        }
    }
    ds_buf_free(&g);
    ds_buf_free(&b);
}

static void test_generator(void) {
    ds_buf a, b;
    int seed, same = 0;
    ds_buf_init(&a);
    ds_buf_init(&b);
    for (seed = 0; seed < 50; seed++) {
        thegame_input *in;
        ds_error err;
        ds_buf_clear(&a);
        ds_buf_clear(&b);
        CHECK(thegame_generate((uint64_t)seed, 0, &a) == 0);
        CHECK(thegame_generate((uint64_t)seed, 7, &b) == 0);
        CHECK(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
        CHECK(thegame_parse(a.data, a.len, &in, &err) == 0); /* a permutation of 2..99 */
        if (in) thegame_input_free(in);
        ds_buf_clear(&b);
        CHECK(thegame_generate((uint64_t)seed + 1, 0, &b) == 0);
        same += a.len == b.len && memcmp(a.data, b.data, a.len) == 0;
    }
    CHECK_EQ_INT(same, 0);
    /* uniformity, roughly: the top card is each of 98 values about equally often */
    {
        int hist[100] = {0}, lo = 1 << 30, hi = 0, v;
        for (seed = 0; seed < 9800; seed++) {
            ds_buf_clear(&a);
            thegame_generate((uint64_t)seed, 0, &a);
            hist[atoi(a.data)]++;
        }
        for (v = 2; v <= 99; v++) { if (hist[v] < lo) lo = hist[v]; if (hist[v] > hi) hi = hist[v]; }
        CHECK(lo >= 60 && hi <= 145); /* expected 100 each; ~4.5 sigma bounds */
    }
    ds_buf_free(&a);
    ds_buf_free(&b);
}

/* ---- variations: forced choices (thegame_simulate_try) ------------------- */

typedef struct var_coverage {
    int own, other_play, other_end_turn, chains, checked, wins, losses, errors;
} var_coverage;

/* The labels of every candidate of decision event e, in candidate order
 * ("end" first at the end of a turn); returns how many. Built here from
 * the move table the record checks hold to the reference. */
static int candidates_of(const thegame_event *e, char lab[][16]) {
    thegame_why d = e->why;
    int n = 0, p, r;
    if (d.rule == THEGAME_RULE_END_TURN) {
        snprintf(lab[n++], 16, "end");
        thegame_why_moves(&d); /* a draw's record holds hand and tops only */
    }
    for (p = 0; p < d.hand_len; p++)
        for (r = 0; r < 4; r++)
            if (d.move[p][r] != THEGAME_MOVE_ILLEGAL)
                snprintf(lab[n++], 16, "%d>%s", d.hand[p], thegame_row_name(r));
    return n;
}

static int is_decision(const thegame_event *e) {
    return e->kind == THEGAME_EV_PLAY || e->kind == THEGAME_EV_DRAW;
}

/* The shared decision record of event i (thegame_decision, issue 21) in
 * both languages against the reference: the candidates of the event in
 * order, the move taken, the rule's pick (ref_choose on the state before, or
 * "end" where the turn may end) also when forced, and each reason from the
 * reference's rule and the candidate's own move and difference; names in
 * words (never the label), different per language, Chinese in Chinese. */
static void check_shared_record(const thegame_input *in, const ds_trace *tr, size_t i,
                                const thegame_state *prev) {
    static ds_decision d[2];
    const thegame_event *e = (const thegame_event *)ds_trace_event(tr, i);
    char lab[40][16], taken[16], rule_label[16];
    int last[4], hand[8], pos = -1, row = -1, tied = 0, rule, q, r, nc, k, lg, best = 0;
    for (r = 0; r < 4; r++) last[r] = prev->row[r][prev->row_len[r] - 1];
    for (q = 0; q < prev->hand_len; q++) hand[q] = prev->hand[q];
    rule = ref_choose(hand, prev->hand_len, last, &pos, &row, &tied);
    if (e->why.rule == THEGAME_RULE_END_TURN) rule = THEGAME_RULE_END_TURN;
    if (rule == THEGAME_RULE_END_TURN) snprintf(rule_label, sizeof rule_label, "end");
    else snprintf(rule_label, sizeof rule_label, "%d>%s", prev->hand[pos], thegame_row_name(row));
    if (rule == THEGAME_RULE_CLOSEST) best = ref_abs(prev->hand[pos] - last[row]);
    thegame_event_label(e, taken, sizeof taken);
    nc = candidates_of(e, lab);
    for (lg = 0; lg < 2; lg++) {
        ds_decision *x = &d[lg];
        CHECK_EQ_INT(thegame_decision(in, tr, i, (ds_lang)lg, x), 1);
        CHECK_EQ_INT((int)x->n, nc);
        if ((int)x->n != nc) return;
        CHECK(strcmp(x->rule, thegame_rule_name(rule)) == 0);
        CHECK(strcmp(x->cand[x->chosen].label, taken) == 0);
        CHECK(strcmp(x->cand[x->rule_choice].label, rule_label) == 0);
        CHECK_EQ_INT(x->forced, e->forced);
        CHECK(x->text[0] != '\0' && !strstr(x->text, ">"));
        for (k = 0; k < nc; k++) {
            const ds_cand *c = &x->cand[k];
            int card = 0, rw = -1, want;
            CHECK(strcmp(c->label, lab[k]) == 0);
            CHECK(c->name[0] && !strstr(c->name, ">") && strcmp(c->name, c->label) != 0);
            if (lg == 1) {
                CHECK(strcmp(c->name, d[0].cand[k].name) != 0);
                CHECK(strstr(c->name, "行") || strstr(c->name, "回合"));
            }
            if (strcmp(c->label, "end") == 0) {
                CHECK(!c->has_value);
                want = DS_REASON_RULE_CHOICE;
            } else {
                char rn[8];
                CHECK(sscanf(c->label, "%d>%7s", &card, rn) == 2);
                for (r = 0; r < 4; r++)
                    if (strcmp(rn, thegame_row_name(r)) == 0) rw = r;
                CHECK(rw >= 0);
                if (rw < 0) continue;
                CHECK(c->has_value && (int)c->value == ref_abs(card - last[rw]));
                if (rule == THEGAME_RULE_END_TURN) want = DS_REASON_NOT_ALLOWED;
                else if (strcmp(c->label, rule_label) == 0) want = DS_REASON_RULE_CHOICE;
                else if (rule == THEGAME_RULE_BACKWARDS)
                    want = ref_move(rw, card, last[rw]) == 2 ? DS_REASON_TIE_LATER : DS_REASON_TRICK_FIRST;
                else want = (int)c->value > best ? DS_REASON_WORSE_VALUE : DS_REASON_TIE_LATER;
            }
            CHECK_EQ_INT((int)c->reason, want);
        }
    }
}

/* The invariants of a variation (any line the simulation can make): cards
 * conserved, rows grow by one legal move per play, the hand never exceeds
 * 8, seeking equals the replay, turns are at least two plays and end with a
 * draw of the pile's top while it lasts, every play the variation did not
 * force is the priority rules' choice (ref_choose), a loss has no legal
 * move, the judge output is the final state's six lines, and the JSON says
 * what each decision chose (forced ones with the rule's choice). forced[i]
 * = 1 where the choices forced event i off the rule's choice. */
static void check_variation(const thegame_input *in, const ds_trace *tr, const char *forced,
                            int check_json, var_coverage *vc) {
    thegame_state s, prev;
    size_t i, n = tr->n;
    int k = 0, turn = 0, ended = 0, kind_before = -1;
    thegame_state *states = (thegame_state *)malloc((n + 1) * sizeof *states);
    if (!states) { CHECK(!"out of memory"); return; }
    thegame_initial_state(&s);
    states[0] = s;
    CHECK(n >= 2 && n <= THEGAME_MAX_EVENTS);
    for (i = 0; i < n; i++) {
        const thegame_event *e = (const thegame_event *)ds_trace_event(tr, i);
        int r, grown = 0;
        prev = s;
        CHECK(!ended);
        thegame_apply(&s, e, in);
        states[i + 1] = s;
        check_conservation(in, &s);
        CHECK(s.hand_len <= THEGAME_HAND);
        for (r = 0; r < 4; r++) {
            CHECK(s.row_len[r] >= prev.row_len[r]);
            CHECK(memcmp(s.row[r], prev.row[r], prev.row_len[r]) == 0);
            grown += s.row_len[r] - prev.row_len[r];
        }
        CHECK_EQ_INT(grown, e->kind == THEGAME_EV_PLAY ? 1 : 0);
        CHECK((i == 0) == (e->kind == THEGAME_EV_DEAL));
        CHECK_EQ_INT(e->forced, forced[i]);
        if (is_decision(e)) {
            thegame_why d = e->why;
            if (d.rule == THEGAME_RULE_END_TURN) thegame_why_moves(&d);
            check_decision_record(&d, &prev);
            if (check_json) check_shared_record(in, tr, i, &prev);
        }
        switch (e->kind) {
        case THEGAME_EV_DEAL:
            CHECK(memcmp(s.hand, in->deck, 8) == 0 && s.pile_pos == 8);
            turn = 1;
            break;
        case THEGAME_EV_PLAY: {
            int last[4], hand[8], pos = -1, row = -1, tied = 0, rule, q, m;
            /* where the play sits in its turn */
            if (k >= 2 && prev.pile_pos == THEGAME_CARDS) { turn++; k = 0; } /* nothing to draw */
            CHECK_EQ_INT(e->turn, turn);
            CHECK_EQ_INT(e->play_in_turn, k + 1);
            for (r = 0; r < 4; r++) last[r] = prev.row[r][prev.row_len[r] - 1];
            for (q = 0; q < prev.hand_len; q++) hand[q] = prev.hand[q];
            rule = ref_choose(hand, prev.hand_len, last, &pos, &row, &tied);
            CHECK(rule != 0);
            if (k >= 2) {
                /* past the turn's two cards with cards in the pile: only a variation plays on */
                CHECK(e->forced);
                CHECK_EQ_INT(e->why.rule, THEGAME_RULE_END_TURN);
            } else {
                CHECK_EQ_INT(e->why.rule, rule);
                CHECK_EQ_INT(e->why.chosen_pos, pos);
                CHECK_EQ_INT(e->why.chosen_row, row);
                if (!e->forced) {
                    CHECK_EQ_INT(e->hand_pos, pos);
                    CHECK_EQ_INT(e->row, row);
                } else {
                    CHECK(e->hand_pos != pos || e->row != row);
                }
            }
            CHECK(e->hand_pos < prev.hand_len);
            CHECK_EQ_INT(e->card, prev.hand[e->hand_pos < 8 ? e->hand_pos : 0]);
            CHECK_EQ_INT(e->prev_top, last[e->row < 4 ? e->row : 0]);
            m = ref_move(e->row, e->card, last[e->row < 4 ? e->row : 0]);
            CHECK(m != 0 && m == (e->backwards ? 2 : 1));
            CHECK_EQ_INT(s.row[e->row][s.row_len[e->row] - 1], e->card);
            CHECK_EQ_INT(s.hand_len, prev.hand_len - 1);
            k++;
            break;
        }
        case THEGAME_EV_DRAW: {
            int want = THEGAME_CARDS - prev.pile_pos < 2 ? THEGAME_CARDS - prev.pile_pos : 2;
            CHECK(k >= 2);
            CHECK(kind_before == THEGAME_EV_PLAY);
            CHECK_EQ_INT(e->play_in_turn, k);
            CHECK_EQ_INT(e->turn, turn);
            CHECK_EQ_INT(e->why.rule, THEGAME_RULE_END_TURN);
            CHECK(want > 0 && e->count == want);
            CHECK(memcmp(e->cards, in->deck + prev.pile_pos, (size_t)want) == 0);
            CHECK(memcmp(s.hand + prev.hand_len, e->cards, (size_t)want) == 0);
            turn++; /* the next play starts the next turn */
            k = 0;
            break;
        }
        case THEGAME_EV_END: {
            int last[4], hand[8], pos, row, tied, q;
            ended = 1;
            CHECK(i == n - 1);
            /* a play at the end of a turn is never followed by the end while the pile lasts */
            if (k >= 2) CHECK(prev.pile_pos == THEGAME_CARDS);
            if (e->result == THEGAME_WIN) {
                CHECK_EQ_INT(prev.hand_len, 0);
                vc->wins++;
            } else {
                CHECK_EQ_INT(e->result, THEGAME_LOSS);
                CHECK(prev.hand_len > 0);
                for (r = 0; r < 4; r++) last[r] = prev.row[r][prev.row_len[r] - 1];
                for (q = 0; q < prev.hand_len; q++) hand[q] = prev.hand[q];
                CHECK_EQ_INT(ref_choose(hand, prev.hand_len, last, &pos, &row, &tied), 0);
                CHECK_EQ_INT(e->why.rule, THEGAME_RULE_NONE);
                vc->losses++;
            }
            break;
        }
        default:
            CHECK(!"unknown event kind");
        }
        kind_before = e->kind;
    }
    CHECK(ended);
    for (i = 0; i <= n; i++) {
        thegame_state got;
        CHECK(ds_trace_seek(tr, i, &got) == 0 && memcmp(&got, &states[i], sizeof got) == 0);
    }
    {
        ds_buf out, want;
        ds_buf_init(&out);
        ds_buf_init(&want);
        CHECK(thegame_format(in, tr, &out, NULL) == 0);
        CHECK(thegame_format_state(in, &states[n], &want) == 0);
        CHECK(out.len == want.len && memcmp(out.data, want.data, out.len) == 0);
        ds_buf_free(&out);
        ds_buf_free(&want);
    }
    if (check_json) {
        ds_buf js;
        ds_buf_init(&js);
        for (i = 0; i < n; i++) {
            const thegame_event *e = (const thegame_event *)ds_trace_event(tr, i);
            char want[64], label[16], lab[40][16];
            int nc, c, found = 0;
            ds_buf_clear(&js);
            CHECK(thegame_event_json(in, tr, i, DS_LANG_EN, &js) == 0 && json_ok(js.data, js.len));
            if (!is_decision(e)) {
                CHECK(!strstr(js.data, "\"candidates\""));
                continue;
            }
            thegame_event_label(e, label, sizeof label);
            snprintf(want, sizeof want, "\"chosen\":\"%s\"", label);
            CHECK(strstr(js.data, want) != NULL);
            CHECK((strstr(js.data, "\"forced\":true") != NULL) == (e->forced != 0));
            /* every candidate once, and the chosen one among them */
            nc = candidates_of(e, lab);
            for (c = 0; c < nc; c++) {
                char key[40];
                snprintf(key, sizeof key, "{\"label\":\"%s\",", lab[c]);
                CHECK(strstr(js.data, key) != NULL);
                found += strcmp(lab[c], label) == 0;
            }
            CHECK_EQ_INT(found, 1);
        }
        ds_buf_free(&js);
    }
    vc->checked++;
    free(states);
}

/* a and b have the same first `upto` events */
static int same_events(const ds_trace *a, const ds_trace *b, size_t upto) {
    return ds_trace_common(a, b) >= upto;
}

/* The JSON Lines of a trace, and the offset where event line `upto` starts. */
static void jsonl(const thegame_input *in, const ds_trace *tr, ds_buf *b) {
    ds_buf_clear(b);
    CHECK(thegame_trace_jsonl(in, tr, DS_LANG_EN, b) == 0);
}
static size_t line_start(const ds_buf *b, size_t line) {
    size_t k, seen = 0;
    if (line == 0) return 0;
    for (k = 0; k < b->len; k++)
        if (b->data[k] == '\n' && ++seen == line) return k + 1;
    return b->len;
}

static size_t random_decision(const ds_trace *tr, ds_rng *rng, size_t from) {
    size_t i, n = 0, pick;
    for (i = from; i < tr->n; i++) n += is_decision(ds_trace_event(tr, i));
    if (!n) return (size_t)-1;
    pick = ds_rng_below(rng, (uint32_t)n);
    for (i = from; i < tr->n; i++)
        if (is_decision(ds_trace_event(tr, i)) && pick-- == 0) return i;
    return (size_t)-1;
}

/* One generated game: the rule's own choice at random decisions (and at
 * every decision when all_own) changes nothing, byte for byte; a random
 * other candidate keeps every invariant and the prefix; then a chain. */
static void check_variations(const thegame_input *in, uint64_t seed, int all_own, int check_json,
                             var_coverage *vc) {
    ds_trace m, v, w;
    ds_error err;
    ds_buf mj, vj, mo, vo;
    ds_rng rng;
    ds_choice chain[3];
    char forced[THEGAME_MAX_EVENTS + 1];
    size_t i, len;
    int round;
    ds_rng_seed(&rng, seed * 2654435761u + 17);
    ds_buf_init(&mj); ds_buf_init(&vj); ds_buf_init(&mo); ds_buf_init(&vo);
    if (thegame_simulate_try(in, NULL, 0, &m, &err)) { CHECK(!"main line failed"); return; }
    CHECK(thegame_format(in, &m, &mo, NULL) == 0);
    if (check_json) jsonl(in, &m, &mj);
    /* 1. the rule's own choice */
    for (round = 0; round < (all_own ? (int)m.n : 4); round++) {
        ds_choice c;
        size_t at = all_own ? (size_t)round : random_decision(&m, &rng, 0);
        if (at == (size_t)-1 || !is_decision(ds_trace_event(&m, at))) continue;
        c.i = at;
        thegame_event_label(ds_trace_event(&m, at), c.label, sizeof c.label);
        if (thegame_simulate_try(in, &c, 1, &v, &err)) { CHECK(!"own choice rejected"); continue; }
        CHECK(v.n == m.n && same_events(&m, &v, m.n));
        ds_buf_clear(&vo);
        CHECK(thegame_format(in, &v, &vo, NULL) == 0);
        CHECK(vo.len == mo.len && memcmp(vo.data, mo.data, mo.len) == 0);
        if (check_json && round < 4) {
            jsonl(in, &v, &vj);
            CHECK(vj.len == mj.len && memcmp(vj.data, mj.data, mj.len) == 0);
        }
        vc->own++;
        ds_trace_free(&v);
    }
    /* 2. a random other candidate, then up to two more choices after it */
    {
        const ds_trace *base = &m;
        size_t nchain = 0, from = 1;
        memset(forced, 0, sizeof forced);
        for (round = 0; round < 3; round++) {
            char lab[40][16], rule_label[16];
            const thegame_event *e;
            int nc, pick;
            size_t at = random_decision(base, &rng, from);
            if (at == (size_t)-1) break;
            e = (const thegame_event *)ds_trace_event(base, at);
            thegame_event_label(e, rule_label, sizeof rule_label);
            nc = candidates_of(e, lab);
            if (nc < 2) { from = at + 1; round--; if (from >= base->n) break; continue; }
            do pick = (int)ds_rng_below(&rng, (uint32_t)nc);
            while (strcmp(lab[pick], rule_label) == 0);
            chain[nchain].i = at;
            snprintf(chain[nchain].label, sizeof chain[nchain].label, "%s", lab[pick]);
            nchain++;
            if (thegame_simulate_try(in, chain, nchain, &w, &err)) {
                CHECK(!"a legal candidate was rejected");
                fprintf(stderr, "  %s\n", err.msg);
                break;
            }
            forced[at] = 1;
            for (i = at + 1; i < sizeof forced; i++) forced[i] = 0;
            /* the prefix is the line it branched from, event `at` the forced label */
            CHECK(same_events(base, &w, at));
            {
                char got[16];
                thegame_event_label(ds_trace_event(&w, at), got, sizeof got);
                CHECK(strcmp(got, lab[pick]) == 0);
            }
            if (e->kind == THEGAME_EV_DRAW) vc->other_end_turn++;
            else vc->other_play++;
            vc->chains += nchain > 1;
            check_variation(in, &w, forced, check_json, vc);
            if (check_json) {
                jsonl(in, base, &mj);
                jsonl(in, &w, &vj);
                /* lines 1..at (events 0..at-1) identical; the header differs only in "events" */
                len = line_start(&mj, at + 1) - line_start(&mj, 1);
                CHECK(line_start(&vj, at + 1) - line_start(&vj, 1) == len);
                CHECK(memcmp(mj.data + line_start(&mj, 1), vj.data + line_start(&vj, 1), len) == 0);
                {
                    const char *ev = vj.data + line_start(&vj, at + 1);
                    char want[64];
                    snprintf(want, sizeof want, "\"chosen\":\"%s\"", lab[pick]);
                    CHECK(strstr(ev, want) && strstr(ev, want) < vj.data + line_start(&vj, at + 2));
                    snprintf(want, sizeof want, "\"rule_choice\":\"%s\"", rule_label);
                    CHECK(strstr(ev, want) && strstr(ev, want) < vj.data + line_start(&vj, at + 2));
                    snprintf(want, sizeof want, "\"forced\":true");
                    CHECK(strstr(ev, want) && strstr(ev, want) < vj.data + line_start(&vj, at + 2));
                }
            }
            /* the same chain with the rule's own choice appended changes nothing */
            {
                size_t at2 = random_decision(&w, &rng, at + 1);
                if (at2 != (size_t)-1 && nchain < 3) {
                    ds_trace x;
                    chain[nchain].i = at2;
                    thegame_event_label(ds_trace_event(&w, at2), chain[nchain].label, DS_CHOICE_LABEL);
                    CHECK(thegame_simulate_try(in, chain, nchain + 1, &x, &err) == 0);
                    CHECK(x.n == w.n && same_events(&w, &x, w.n));
                    ds_trace_free(&x);
                }
            }
            if (base != &m) ds_trace_free(&v);
            v = w;
            base = &v;
            from = at + 1;
            if (from >= base->n) break;
        }
        if (base != &m) ds_trace_free(&v);
    }
    ds_trace_free(&m);
    ds_buf_free(&mj); ds_buf_free(&vj); ds_buf_free(&mo); ds_buf_free(&vo);
}

static void expect_try_error(const thegame_input *in, const char *spec, const char *needle,
                             var_coverage *vc) {
    ds_choice *ch;
    size_t n;
    ds_trace tr;
    ds_error err;
    memset(&err, 0, sizeof err);
    CHECK(ds_choices_parse(spec, strlen(spec), &ch, &n, &err) == 0);
    CHECK(thegame_simulate_try(in, ch, n, &tr, &err) == -1);
    CHECK(tr.n == 0 && tr.events == NULL); /* freed */
    if (!strstr(err.msg, needle)) {
        CHECK(!"--try message lacks the expected words");
        fprintf(stderr, "  spec %s\n  message: %s\n  wanted: %s\n", spec, err.msg, needle);
    }
    vc->errors++;
    free(ch);
}

/* Each bad choice, with the shared wording (ds_core.h). */
static void test_try_errors(var_coverage *vc) {
    ds_buf g, legal, spec;
    thegame_input *in;
    ds_error err;
    ds_trace m;
    size_t i, first_play = 0, first_draw = 0;
    char lab[40][16], msg[600];
    int nc, c;
    ds_buf_init(&g); ds_buf_init(&legal); ds_buf_init(&spec);
    CHECK(thegame_generate(5, 0, &g) == 0);
    CHECK(thegame_parse(g.data, g.len, &in, &err) == 0);
    CHECK(thegame_simulate(in, &m, &err) == 0);
    for (i = 0; i < m.n; i++) {
        const thegame_event *e = ds_trace_event(&m, i);
        if (e->kind == THEGAME_EV_PLAY && !first_play) first_play = i;
        if (e->kind == THEGAME_EV_DRAW && !first_draw) first_draw = i;
    }
    expect_try_error(in, "0:end", "event 0 is the deal, not a decision", vc);
    snprintf(msg, sizeof msg, "%zu:end", m.n - 1);
    expect_try_error(in, msg, "is the end of the game (", vc);
    snprintf(msg, sizeof msg, "%zu:end", m.n + 3);
    {
        char want[120];
        snprintf(want, sizeof want, "the game has only %zu events; event %zu is past its end", m.n, m.n + 3);
        expect_try_error(in, msg, want, vc);
    }
    /* not a candidate: the message lists every label, in order; a play has no "end" */
    nc = candidates_of(ds_trace_event(&m, first_play), lab);
    for (c = 0; c < nc; c++) ds_buf_printf(&legal, "%s%s", c ? ", " : "", lab[c]);
    snprintf(msg, sizeof msg, "'end' is not a choice at event %zu; the choices are: %s", first_play, legal.data);
    ds_buf_printf(&spec, "%zu:end", first_play);
    expect_try_error(in, spec.data, msg, vc);
    ds_buf_clear(&legal);
    ds_buf_clear(&spec);
    nc = candidates_of(ds_trace_event(&m, first_draw), lab);
    CHECK(nc >= 1 && strcmp(lab[0], "end") == 0);
    for (c = 0; c < nc; c++) ds_buf_printf(&legal, "%s%s", c ? ", " : "", lab[c]);
    snprintf(msg, sizeof msg, "'1>up1' is not a choice at event %zu; the choices are: %s", first_draw, legal.data);
    ds_buf_printf(&spec, "%zu:1>up1", first_draw);
    expect_try_error(in, spec.data, msg, vc);
    /* a card not in the hand, a row name misspelt */
    ds_buf_clear(&spec);
    ds_buf_printf(&spec, "%zu:%d>UP1", first_play, ((const thegame_event *)ds_trace_event(&m, first_play))->card);
    expect_try_error(in, spec.data, "is not a choice at event", vc);
    ds_trace_free(&m);
    thegame_input_free(in);
    ds_buf_free(&g); ds_buf_free(&legal); ds_buf_free(&spec);
}

static void test_variations(int seeds, var_coverage *vc) {
    int seed;
    test_try_errors(vc);
    for (seed = 1; seed <= seeds; seed++) {
        ds_buf g;
        thegame_input *in;
        ds_error err;
        ds_buf_init(&g);
        CHECK(thegame_generate((uint64_t)seed, 0, &g) == 0);
        if (thegame_parse(g.data, g.len, &in, &err) == 0) {
            check_variations(in, (uint64_t)seed, seed <= 3, seed <= 40, vc);
            thegame_input_free(in);
        }
        ds_buf_free(&g);
    }
}

int main(int argc, char **argv) {
    coverage cov;
    var_coverage vc;
    int seeds = argc > 1 ? atoi(argv[1]) : 3000;
    int var_seeds = argc > 2 ? atoi(argv[2]) : 400;
    memset(&cov, 0, sizeof cov);
    memset(&vc, 0, sizeof vc);
    test_samples();
    test_parser();
    test_generator();
    test_shaped_decks(&cov);
    test_generated(seeds, &cov);
    test_variations(var_seeds, &vc);
    printf("variations over %d games: %d with the rule's own choice, %d other plays, %d plays "
           "instead of ending a turn, %d chains; %d variations checked (%d won, %d lost); "
           "%d bad choices\n",
           var_seeds, vc.own, vc.other_play, vc.other_end_turn, vc.chains, vc.checked, vc.wins,
           vc.losses, vc.errors);
    printf("%d games, %ld events: %d wins, %d losses at a turn's first card, %d mid-turn, "
           "%d backwards tricks (%d with several available), %d tie-broken closest moves\n",
           cov.games, cov.events, cov.wins, cov.losses_first, cov.losses_mid, cov.tricks,
           cov.multi_tricks, cov.ties);
    /* the generated games must exercise every branch the checks are about */
    if (seeds >= 1000) {
        CHECK(cov.wins > 2);
        CHECK(cov.losses_first > 0);
        CHECK(cov.losses_mid > 0);
        CHECK(cov.tricks > 0);
        CHECK(cov.multi_tricks > 0);
        CHECK(cov.ties > 0);
    }
    if (var_seeds >= 200) {
        CHECK(vc.other_play > 0 && vc.other_end_turn > 0 && vc.chains > 0);
        CHECK(vc.wins > 0 && vc.losses > 0);
    }
    DS_TEST_MAIN_END();
}
