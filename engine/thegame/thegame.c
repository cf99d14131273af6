/* thegame.c - The Game, solo (CERC 2022): parser, rules, simulation, judge
 * output and JSON. See thegame.h for the API and docs/games/thegame.md for
 * the rules as implemented. */
#include "thegame.h"

#include <stdio.h> /* snprintf only: the engine does no I/O */
#include <stdlib.h>
#include <string.h>

/* ---- names ---------------------------------------------------------------- */

static const char *const row_names[THEGAME_ROWS] = {"up1", "up2", "down1", "down2"};

const char *thegame_row_name(int row) {
    return row >= 0 && row < THEGAME_ROWS ? row_names[row] : "?";
}

const char *thegame_event_kind_name(int kind) {
    static const char *const names[] = {"deal", "play", "draw", "end"};
    return kind >= 0 && kind < 4 ? names[kind] : "?";
}

const char *thegame_result_name(int result) {
    static const char *const names[] = {"running", "win", "loss"};
    return result >= 0 && result < 3 ? names[result] : "?";
}

const char *thegame_rule_name(int rule) {
    static const char *const names[] = {"none", "backwards", "closest", "end_turn"};
    return rule >= 0 && rule < 4 ? names[rule] : "?";
}

/* ---- input ---------------------------------------------------------------- */

void thegame_input_free(thegame_input *in) { free(in); }

/* Parses a token as an optionally negative decimal integer; the value is
 * clamped to 1000 in magnitude (enough to report "out of range"). */
static int token_int(const ds_token *t, int *value) {
    size_t i = 0;
    int neg = 0, v = 0;
    if (t->len && t->s[0] == '-') { neg = 1; i = 1; }
    if (i >= t->len) return -1;
    for (; i < t->len; i++) {
        if (t->s[i] < '0' || t->s[i] > '9') return -1;
        v = v * 10 + (t->s[i] - '0');
        if (v > 1000) v = 1000;
    }
    *value = neg ? -v : v;
    return 0;
}

int thegame_parse(const char *text, size_t len, thegame_input **out, ds_error *err) {
    thegame_input *in;
    ds_reader r;
    int first[THEGAME_MAX_CARD + 1]; /* 1 + index of the first copy, 0 = unseen */
    int i;
    *out = NULL;
    in = (thegame_input *)calloc(1, sizeof *in);
    if (!in) return ds_fail(err, 0, 0, "out of memory for the input");
    memset(first, 0, sizeof first);
    ds_reader_init(&r, text ? text : "", text ? len : 0);
    for (i = 0; i < THEGAME_CARDS; i++) {
        ds_token t;
        int v;
        if (ds_reader_at_eof(&r)) {
            ds_fail(err, r.line, r.col,
                    "expected card %d of %d (the input is a permutation of 2..99), found end "
                    "of input after %d numbers",
                    i + 1, THEGAME_CARDS, i);
            goto fail;
        }
        if (ds_read_word(&r, 0, &t, "a card (an integer from 2 to 99)", err)) goto fail;
        if (token_int(&t, &v)) {
            ds_fail(err, t.line, t.col, "expected card %d of %d (an integer from 2 to 99), found '%.*s'",
                    i + 1, THEGAME_CARDS, (int)(t.len > 24 ? 24 : t.len), t.s);
            goto fail;
        }
        if (v < THEGAME_MIN_CARD || v > THEGAME_MAX_CARD) {
            ds_fail(err, t.line, t.col, "expected card %d of %d between 2 and 99, found '%.*s'",
                    i + 1, THEGAME_CARDS, (int)(t.len > 24 ? 24 : t.len), t.s);
            goto fail;
        }
        if (first[v]) {
            int j = first[v] - 1;
            ds_fail(err, t.line, t.col,
                    "expected each of 2..99 once, found %d again as card %d (first seen as card %d "
                    "at line %d, column %d)",
                    v, i + 1, j + 1, in->line[j], in->col[j]);
            goto fail;
        }
        first[v] = i + 1;
        in->deck[i] = (uint8_t)v;
        in->line[i] = t.line;
        in->col[i] = t.col;
    }
    if (!ds_reader_at_eof(&r)) {
        ds_token t;
        if (ds_read_word(&r, 0, &t, "end of input", err) == 0)
            ds_fail(err, t.line, t.col, "expected end of input after %d cards, found '%.*s'",
                    THEGAME_CARDS, (int)(t.len > 24 ? 24 : t.len), t.s);
        goto fail;
    }
    *out = in;
    return 0;
fail:
    free(in);
    return -1;
}

int thegame_input_from_deck(const uint8_t deck[THEGAME_CARDS], thegame_input **out,
                            ds_error *err) {
    thegame_input *in;
    int seen[THEGAME_MAX_CARD + 1] = {0}, i;
    *out = NULL;
    for (i = 0; i < THEGAME_CARDS; i++) {
        int v = deck[i];
        if (v < THEGAME_MIN_CARD || v > THEGAME_MAX_CARD)
            return ds_fail(err, 0, 0, "deck[%d] = %d is not between 2 and 99", i, v);
        if (seen[v]++) return ds_fail(err, 0, 0, "deck[%d] = %d appears twice", i, v);
    }
    in = (thegame_input *)calloc(1, sizeof *in);
    if (!in) return ds_fail(err, 0, 0, "out of memory for the input");
    memcpy(in->deck, deck, THEGAME_CARDS);
    *out = in;
    return 0;
}

/* ---- rules ---------------------------------------------------------------- */

void thegame_initial_state(thegame_state *s) {
    int r;
    memset(s, 0, sizeof *s);
    for (r = 0; r < THEGAME_ROWS; r++) {
        s->row[r][0] = thegame_row_is_up(r) ? 1 : 100;
        s->row_len[r] = 1;
    }
}

static void add_to_hand(thegame_state *s, const thegame_event *e) {
    int i;
    for (i = 0; i < e->count && i < THEGAME_HAND && s->hand_len < THEGAME_HAND; i++) {
        s->hand[s->hand_len++] = e->cards[i];
        if (s->pile_pos < THEGAME_CARDS) s->pile_pos++;
    }
}

void thegame_apply(void *state, const void *event, const void *input) {
    thegame_state *s = (thegame_state *)state;
    const thegame_event *e = (const thegame_event *)event;
    (void)input;
    switch (e->kind) {
    case THEGAME_EV_DEAL:
        add_to_hand(s, e);
        s->turn = e->turn;
        break;
    case THEGAME_EV_DRAW:
        add_to_hand(s, e);
        s->turn = e->turn;
        break;
    case THEGAME_EV_PLAY: {
        int p = e->hand_pos, r = e->row;
        if (p >= s->hand_len || r >= THEGAME_ROWS || s->row_len[r] >= THEGAME_ROW_CAP) break;
        s->row[r][s->row_len[r]++] = s->hand[p];
        memmove(s->hand + p, s->hand + p + 1, (size_t)(s->hand_len - p - 1));
        s->hand_len--;
        s->hand[s->hand_len] = 0; /* keep unused slots zero: states compare with memcmp */
        s->turn = e->turn;
        s->plays_in_turn = e->play_in_turn;
        break;
    }
    case THEGAME_EV_END:
        s->result = e->result;
        s->turn = e->turn;
        break;
    default:
        break;
    }
}

/* The one definition of a legal move: card c on row r whose last card is t. */
static inline int pair_move(int r, int c, int t) {
    if (thegame_row_is_up(r))
        return c > t ? THEGAME_MOVE_NORMAL : c == t - THEGAME_BACKWARDS ? THEGAME_MOVE_BACKWARDS
                                                                        : THEGAME_MOVE_ILLEGAL;
    return c < t ? THEGAME_MOVE_NORMAL : c == t + THEGAME_BACKWARDS ? THEGAME_MOVE_BACKWARDS
                                                                    : THEGAME_MOVE_ILLEGAL;
}

void thegame_why_moves(thegame_why *d) {
    int p, r, n = d->hand_len < THEGAME_HAND ? d->hand_len : THEGAME_HAND;
    d->n_normal = d->n_backwards = 0;
    for (p = 0; p < THEGAME_HAND; p++)
        for (r = 0; r < THEGAME_ROWS; r++) {
            int c = d->hand[p], t = d->top[r];
            int m = p < n ? pair_move(r, c, t) : THEGAME_MOVE_ILLEGAL;
            d->move[p][r] = (uint8_t)m;
            d->diff[p][r] = (uint8_t)(p < n ? (c > t ? c - t : t - c) : 0);
            d->n_normal += m == THEGAME_MOVE_NORMAL;
            d->n_backwards += m == THEGAME_MOVE_BACKWARDS;
        }
}

int thegame_decide(const thegame_state *s, thegame_why *d, int *pos, int *row) {
    thegame_why local;
    int p, r, n = s->hand_len < THEGAME_HAND ? s->hand_len : THEGAME_HAND;
    int back_pos = -1, back_row = -1, near_pos = -1, near_row = -1, best = 1000;
    if (!d) d = &local;
    memset(d, 0, sizeof *d);
    d->hand_len = (uint8_t)n;
    memcpy(d->hand, s->hand, (size_t)n);
    for (r = 0; r < THEGAME_ROWS; r++) d->top[r] = s->row[r][s->row_len[r] ? s->row_len[r] - 1 : 0];
    /* Scanning cards left to right and, for each, rows top to bottom, the
     * first trick found is rule 1's choice and the first strict minimum is
     * rule 2's choice: both tie-breaks are this scan order. */
    for (p = 0; p < n; p++) {
        for (r = 0; r < THEGAME_ROWS; r++) {
            int c = d->hand[p], t = d->top[r];
            int diff = c > t ? c - t : t - c;
            int m = pair_move(r, c, t);
            d->diff[p][r] = (uint8_t)diff;
            if (m == THEGAME_MOVE_BACKWARDS) {
                d->move[p][r] = THEGAME_MOVE_BACKWARDS;
                d->n_backwards++;
                if (back_pos < 0) { back_pos = p; back_row = r; }
            } else if (m == THEGAME_MOVE_NORMAL) {
                d->move[p][r] = THEGAME_MOVE_NORMAL;
                d->n_normal++;
                if (diff < best) { best = diff; near_pos = p; near_row = r; }
            }
        }
    }
    if (back_pos >= 0) {
        d->rule = THEGAME_RULE_BACKWARDS;
        d->chosen_pos = (uint8_t)back_pos;
        d->chosen_row = (uint8_t)back_row;
    } else if (near_pos >= 0) {
        d->rule = THEGAME_RULE_CLOSEST;
        d->chosen_pos = (uint8_t)near_pos;
        d->chosen_row = (uint8_t)near_row;
        d->best_diff = (uint8_t)best;
        for (p = 0; p < n; p++)
            for (r = 0; r < THEGAME_ROWS; r++)
                if (d->move[p][r] == THEGAME_MOVE_NORMAL && d->diff[p][r] == best) d->n_tied++;
    } else {
        d->rule = THEGAME_RULE_NONE;
        return 0;
    }
    if (pos) *pos = d->chosen_pos;
    if (row) *row = d->chosen_row;
    return 1;
}

/* ---- simulation ----------------------------------------------------------- */

static void play_label(char *buf, size_t cap, int card, int row) {
    size_t n = 0;
    ds_text_int(buf, cap, &n, card); /* "%d>%s" */
    ds_text_put(buf, cap, &n, ">");
    ds_text_put(buf, cap, &n, thegame_row_name(row));
}

void thegame_event_label(const thegame_event *ev, char *buf, size_t cap) {
    if (ev->kind == THEGAME_EV_PLAY) play_label(buf, cap, ev->card, ev->row);
    else snprintf(buf, cap, "%s", ev->kind == THEGAME_EV_DRAW ? "end" : "");
}

/* The candidate of decision d named label: 1 with *pos, *row for a play,
 * 2 for "end" (only where ending is allowed), 0 if label is none of them.
 * The labels are formatted and compared: a decision has at most 33. */
static int find_candidate(const thegame_why *d, int allow_end, const char *label, int *pos,
                          int *row) {
    char buf[16];
    int p, r;
    if (allow_end && strcmp(label, "end") == 0) return 2;
    for (p = 0; p < d->hand_len && p < THEGAME_HAND; p++)
        for (r = 0; r < THEGAME_ROWS; r++) {
            if (d->move[p][r] == THEGAME_MOVE_ILLEGAL) continue;
            play_label(buf, sizeof buf, d->hand[p], r);
            if (strcmp(buf, label) == 0) { *pos = p; *row = r; return 1; }
        }
    return 0;
}

/* ds_choice_not_candidate with every label of d, in candidate order. */
static int not_candidate(ds_error *err, size_t i, const char *label, const thegame_why *d,
                         int allow_end) {
    char legal[THEGAME_HAND * THEGAME_ROWS * 12 + 16], buf[16];
    size_t len = 0;
    int p, r;
    legal[0] = '\0';
    if (allow_end) len += (size_t)snprintf(legal, sizeof legal, "end");
    for (p = 0; p < d->hand_len && p < THEGAME_HAND; p++)
        for (r = 0; r < THEGAME_ROWS; r++) {
            if (d->move[p][r] == THEGAME_MOVE_ILLEGAL) continue;
            play_label(buf, sizeof buf, d->hand[p], r);
            len += (size_t)snprintf(legal + len, sizeof legal - len, "%s%s", len ? ", " : "", buf);
        }
    return ds_choice_not_candidate(err, i, label, legal);
}

static int emit_end(ds_trace *tr, int turn, int result, const thegame_why *why,
                    ds_error *err) {
    thegame_event e;
    memset(&e, 0, sizeof e);
    e.kind = THEGAME_EV_END;
    e.turn = (uint8_t)turn;
    e.result = (uint8_t)result;
    if (why) e.why = *why;
    return ds_trace_emit(tr, &e, err);
}

static int emit_play(ds_trace *tr, const thegame_state *s, int turn, int k, int pos, int row,
                     int forced, const thegame_why *why, ds_error *err) {
    thegame_event e;
    memset(&e, 0, sizeof e);
    e.kind = THEGAME_EV_PLAY;
    e.turn = (uint8_t)turn;
    e.play_in_turn = (uint8_t)k;
    e.card = s->hand[pos];
    e.hand_pos = (uint8_t)pos;
    e.row = (uint8_t)row;
    e.backwards = why->move[pos][row] == THEGAME_MOVE_BACKWARDS;
    e.prev_top = why->top[row];
    e.forced = (uint8_t)forced;
    e.why = *why;
    return ds_trace_emit(tr, &e, err);
}

int thegame_simulate(const thegame_input *in, ds_trace *tr, ds_error *err) {
    return thegame_simulate_try(in, NULL, 0, tr, err);
}

/* One loop for the main line and every variation: each pass emits one
 * event; `force` is the label a variation forces at that event index. */
int thegame_simulate_try(const thegame_input *in, const ds_choice *ch, size_t nch, ds_trace *tr,
                         ds_error *err) {
    thegame_state s0;
    thegame_event e;
    int turn = 1, k = 0; /* k: cards played so far in this turn */
    thegame_initial_state(&s0);
    if (ds_trace_init(tr, sizeof(thegame_event), sizeof(thegame_state), 16, thegame_apply, in, &s0,
                      err))
        return -1;
    tr->max_events = THEGAME_MAX_EVENTS;

    if (nch && ds_choice_at(ch, nch, 0)) {
        ds_choice_not_decision(err, 0, "the deal");
        goto fail;
    }
    memset(&e, 0, sizeof e);
    e.kind = THEGAME_EV_DEAL;
    e.count = THEGAME_HAND;
    memcpy(e.cards, in->deck, THEGAME_HAND);
    if (ds_trace_emit(tr, &e, err)) goto fail;

    for (;;) {
        const thegame_state *s = (const thegame_state *)tr->live;
        const char *force = nch ? ds_choice_at(ch, nch, tr->n) : NULL;
        thegame_why why;
        int pos, row;
        if (k >= THEGAME_DRAW) {
            if (s->pile_pos < THEGAME_CARDS) {
                /* The end of the turn, a decision: the rule ends it (and
                 * draws), the player could play on; the rule decides again
                 * after a forced play. */
                int n = THEGAME_CARDS - s->pile_pos, r;
                /* The record holds hand and tops; the move table, which only
                 * the JSON and a forced play need, is filled from them by
                 * thegame_why_moves (the main line stays as fast). */
                memset(&why, 0, sizeof why);
                why.rule = THEGAME_RULE_END_TURN;
                why.hand_len = s->hand_len;
                memcpy(why.hand, s->hand, THEGAME_HAND);
                for (r = 0; r < THEGAME_ROWS; r++) why.top[r] = s->row[r][s->row_len[r] - 1];
                if (force && strcmp(force, "end") != 0) {
                    thegame_why_moves(&why);
                    if (find_candidate(&why, 1, force, &pos, &row) != 1) {
                        not_candidate(err, tr->n, force, &why, 1);
                        goto fail;
                    }
                    if (emit_play(tr, s, turn, ++k, pos, row, 1, &why, err)) goto fail;
                    continue;
                }
                if (n > THEGAME_DRAW) n = THEGAME_DRAW;
                memset(&e, 0, sizeof e);
                e.kind = THEGAME_EV_DRAW;
                e.turn = (uint8_t)turn;
                e.play_in_turn = (uint8_t)k;
                e.count = (uint8_t)n;
                memcpy(e.cards, in->deck + s->pile_pos, (size_t)n);
                e.why = why;
                if (ds_trace_emit(tr, &e, err)) goto fail;
            } else if (s->hand_len == 0) {
                if (force) {
                    ds_choice_not_decision(err, tr->n, "the end of the game (won)");
                    goto fail;
                }
                if (emit_end(tr, turn, THEGAME_WIN, NULL, err)) goto fail;
                break;
            }
            /* with the pile empty a turn's end draws nothing: no decision */
            turn++;
            k = 0;
            continue;
        }
        if (s->hand_len == 0) {
            if (force) {
                ds_choice_not_decision(err, tr->n, "the end of the game (won)");
                goto fail;
            }
            if (emit_end(tr, turn, THEGAME_WIN, NULL, err)) goto fail;
            break;
        }
        if (!thegame_decide(s, &why, &pos, &row)) {
            /* Nothing playable, even in the middle of a turn: lost, no draw. */
            if (force) {
                ds_choice_not_decision(err, tr->n, "the end of the game (lost: no card can be played)");
                goto fail;
            }
            if (emit_end(tr, turn, THEGAME_LOSS, &why, err)) goto fail;
            break;
        }
        if (force) {
            int fp, fr;
            if (find_candidate(&why, 0, force, &fp, &fr) != 1) {
                not_candidate(err, tr->n, force, &why, 0);
                goto fail;
            }
            if (emit_play(tr, s, turn, ++k, fp, fr, fp != pos || fr != row, &why, err)) goto fail;
            continue;
        }
        if (emit_play(tr, s, turn, ++k, pos, row, 0, &why, err)) goto fail;
    }
    if (nch && ds_choices_unused(ch, nch, tr->n, err)) goto fail;
    return 0;
fail:
    ds_trace_free(tr);
    return -1;
}

/* ---- judge output --------------------------------------------------------- */

static void put_list(ds_buf *out, const uint8_t *v, int n) {
    int i;
    for (i = 0; i < n; i++) {
        if (i) ds_buf_putc(out, ' ');
        ds_buf_int(out, v[i]);
    }
    ds_buf_putc(out, '\n');
}

int thegame_format_state(const thegame_input *in, const thegame_state *s, ds_buf *out) {
    int r;
    for (r = 0; r < THEGAME_ROWS; r++) put_list(out, s->row[r], s->row_len[r]);
    put_list(out, s->hand, s->hand_len);
    put_list(out, in->deck + s->pile_pos, THEGAME_CARDS - s->pile_pos);
    return out->failed ? -1 : 0;
}

int thegame_format(const thegame_input *in, const ds_trace *tr, ds_buf *out,
                   uint32_t *lines_at_step) {
    thegame_state s;
    if (ds_trace_seek(tr, tr->n, &s)) return -1;
    if (thegame_format_state(in, &s, out)) return -1;
    if (lines_at_step) {
        size_t i;
        uint32_t lines = 0;
        lines_at_step[0] = 0;
        for (i = 0; i < tr->n; i++) {
            const thegame_event *e = (const thegame_event *)ds_trace_event(tr, i);
            if (e->kind == THEGAME_EV_END) lines = 6;
            lines_at_step[i + 1] = lines;
        }
    }
    return out->failed ? -1 : 0;
}

int thegame_event_line(const thegame_event *ev) {
    switch (ev->kind) {
    case THEGAME_EV_PLAY: return ev->row + 1;
    case THEGAME_EV_DEAL:
    case THEGAME_EV_DRAW: return 5;
    default: return 0;
    }
}

/* ---- decisions ------------------------------------------------------------ */

/* A decision record with the (hand position, row) of each candidate (-1, -1
 * for "end"), for the JSON's game fields. */
typedef struct tg_record {
    ds_decision d;
    thegame_why w;             /* the event's record with its move table */
    int8_t pos[DS_CANDS_MAX], row[DS_CANDS_MAX];
} tg_record;

/* Fills r from decision event e: 0, or -1 when the record does not hold the
 * move taken or the rule's (never for a trace this file made). */
static int build_record(const thegame_event *e, ds_lang lang, tg_record *r) {
    const thegame_why *w = &r->w;
    ds_decision *d = &r->d;
    char label[16], name[DS_NAME_CAP];
    int p, r_, hl, k, rule_k = -1, chosen_k = -1;
    int allow_end = e->why.rule == THEGAME_RULE_END_TURN;
    r->w = e->why;
    if (allow_end) thegame_why_moves(&r->w); /* a draw's record holds hand and tops only */
    hl = w->hand_len < THEGAME_HAND ? w->hand_len : THEGAME_HAND;
    ds_decision_reset(d, lang);
    d->rule = thegame_rule_name(w->rule);
    d->measure = DS_MEASURE_DIFFERENCE;
    /* the end of a turn compares no values: the rule stops after two cards */
    d->better = allow_end ? DS_BETTER_NONE : DS_BETTER_LOWER;
    if (allow_end) {
        thegame_move_name(0, -1, 0, lang, name, sizeof name);
        k = ds_decision_add(d, "end", name, 0, 0, DS_REASON_RULE_CHOICE);
        r->pos[k] = r->row[k] = -1;
        rule_k = k;
        if (e->kind == THEGAME_EV_DRAW) chosen_k = k;
    }
    for (p = 0; p < hl; p++)
        for (r_ = 0; r_ < THEGAME_ROWS; r_++) {
            int m = w->move[p][r_];
            ds_reason why;
            if (m == THEGAME_MOVE_ILLEGAL) continue;
            if (allow_end) why = DS_REASON_NOT_ALLOWED;
            else if (p == w->chosen_pos && r_ == w->chosen_row) why = DS_REASON_RULE_CHOICE;
            else if (w->rule == THEGAME_RULE_BACKWARDS)
                /* every trick is 10 away; the rule's is the first in scan order */
                why = m == THEGAME_MOVE_BACKWARDS ? DS_REASON_TIE_LATER : DS_REASON_TRICK_FIRST;
            else
                why = w->diff[p][r_] == w->best_diff ? DS_REASON_TIE_LATER : DS_REASON_WORSE_VALUE;
            play_label(label, sizeof label, w->hand[p], r_);
            thegame_move_name(w->hand[p], r_, m == THEGAME_MOVE_BACKWARDS, lang, name, sizeof name);
            k = ds_decision_add(d, label, name, 1, w->diff[p][r_], why);
            if (k < 0) return -1;
            r->pos[k] = (int8_t)p;
            r->row[k] = (int8_t)r_;
            if (why == DS_REASON_RULE_CHOICE) rule_k = k;
            if (e->kind == THEGAME_EV_PLAY && p == e->hand_pos && r_ == e->row) chosen_k = k;
        }
    if (rule_k < 0 || chosen_k < 0) return -1;
    ds_decision_pick(d, rule_k, chosen_k);
    ds_decision_seat(d, "1"); /* one player */
    thegame_rule_text(e, w, lang, d->text, sizeof d->text);
    return 0;
}

int thegame_decision(const thegame_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                     ds_decision *d) {
    const thegame_event *e;
    tg_record *r;
    (void)in;
    if (!tr || i >= tr->n) return -1;
    e = (const thegame_event *)ds_trace_event(tr, i);
    if (e->kind != THEGAME_EV_PLAY && e->kind != THEGAME_EV_DRAW) return 0;
    r = (tg_record *)malloc(sizeof *r);
    if (!r) return -1;
    if (build_record(e, lang, r)) {
        free(r);
        return -1;
    }
    *d = r->d;
    free(r);
    return 1;
}

/* ---- JSON ----------------------------------------------------------------- */

static void json_list(ds_buf *out, const uint8_t *v, int n) {
    int i;
    ds_buf_putc(out, '[');
    for (i = 0; i < n; i++) {
        if (i) ds_buf_putc(out, ',');
        ds_buf_int(out, v[i]);
    }
    ds_buf_putc(out, ']');
}

static void json_key_int(ds_buf *out, const char *key, long long v) {
    ds_buf_puts(out, ",\"");
    ds_buf_puts(out, key);
    ds_buf_puts(out, "\":");
    ds_buf_int(out, v);
}

static void json_key_str(ds_buf *out, const char *key, const char *v) {
    ds_buf_puts(out, ",\"");
    ds_buf_puts(out, key);
    ds_buf_puts(out, "\":");
    ds_buf_json_str(out, v, strlen(v));
}

/* The position the player looked at (hand, tops, the rows by name and
 * direction so that no reader numbers them itself, the move lists): game
 * fields of the decision record and of a loss's "stuck" record. */
static void json_position(ds_buf *out, const thegame_why *d) {
    int p, r, first, hl = d->hand_len < THEGAME_HAND ? d->hand_len : THEGAME_HAND;
    ds_buf_puts(out, ",\"hand\":");
    json_list(out, d->hand, hl);
    ds_buf_puts(out, ",\"tops\":");
    json_list(out, d->top, THEGAME_ROWS);
    ds_buf_puts(out, ",\"row_names\":[");
    for (r = 0; r < THEGAME_ROWS; r++) {
        if (r) ds_buf_putc(out, ',');
        ds_buf_json_str(out, thegame_row_name(r), strlen(thegame_row_name(r)));
    }
    ds_buf_puts(out, "],\"row_dirs\":[");
    for (r = 0; r < THEGAME_ROWS; r++)
        ds_buf_puts(out, thegame_row_is_up(r) ? (r ? ",\"up\"" : "\"up\"") : (r ? ",\"down\"" : "\"down\""));
    ds_buf_putc(out, ']');
    ds_buf_puts(out, ",\"backwards_tricks\":[");
    for (first = 1, p = 0; p < hl; p++)
        for (r = 0; r < THEGAME_ROWS; r++)
            if (d->move[p][r] == THEGAME_MOVE_BACKWARDS) {
                if (!first) ds_buf_putc(out, ',');
                first = 0;
                ds_buf_puts(out, "{\"card\":");
                ds_buf_int(out, d->hand[p]);
                json_key_int(out, "hand_pos", p);
                json_key_int(out, "row", r);
                ds_buf_putc(out, '}');
            }
    ds_buf_puts(out, "],\"normal_moves\":[");
    for (first = 1, p = 0; p < hl; p++)
        for (r = 0; r < THEGAME_ROWS; r++)
            if (d->move[p][r] == THEGAME_MOVE_NORMAL) {
                if (!first) ds_buf_putc(out, ',');
                first = 0;
                ds_buf_puts(out, "{\"card\":");
                ds_buf_int(out, d->hand[p]);
                json_key_int(out, "hand_pos", p);
                json_key_int(out, "row", r);
                json_key_int(out, "diff", d->diff[p][r]);
                ds_buf_putc(out, '}');
            }
    ds_buf_putc(out, ']');
}

typedef struct json_ctx {
    const thegame_event *e;
    const tg_record *r;
} json_ctx;

/* ds_decision_json's game fields: the position, best_diff and tied (rule
 * closest), the move taken as an object (a play); per candidate its card,
 * hand position, row and whether it is a backwards trick. */
static void json_extra(const void *ctx, int k, ds_buf *out) {
    const json_ctx *c = (const json_ctx *)ctx;
    const thegame_why *w = &c->r->w;
    if (k < 0) {
        json_position(out, w);
        if (w->rule == THEGAME_RULE_CLOSEST) {
            json_key_int(out, "best_diff", w->best_diff);
            json_key_int(out, "tied", w->n_tied);
        }
        if (c->e->kind == THEGAME_EV_PLAY) {
            ds_buf_puts(out, ",\"chosen_move\":{\"card\":");
            ds_buf_int(out, c->e->card);
            json_key_int(out, "hand_pos", c->e->hand_pos);
            json_key_int(out, "row", c->e->row);
            ds_buf_putc(out, '}');
        }
        return;
    }
    if (c->r->pos[k] < 0) return; /* "end" */
    {
        int p = c->r->pos[k], r = c->r->row[k];
        json_key_int(out, "card", w->hand[p]);
        json_key_int(out, "hand_pos", p);
        json_key_int(out, "row", r);
        ds_buf_puts(out, w->move[p][r] == THEGAME_MOVE_BACKWARDS ? ",\"backwards\":true"
                                                                 : ",\"backwards\":false");
    }
}

/* "decision": the one record of ds_decision_json with the game fields. */
static int json_decision(ds_buf *out, const thegame_event *e, ds_lang lang) {
    json_ctx c;
    tg_record *r = (tg_record *)malloc(sizeof *r);
    int rc;
    if (!r) {
        out->failed = 1;
        return -1;
    }
    if (build_record(e, lang, r)) {
        free(r);
        return -1;
    }
    c.e = e;
    c.r = r;
    ds_buf_puts(out, ",\"decision\":");
    rc = ds_decision_json(&r->d, json_extra, &c, out);
    free(r);
    return rc;
}

/* "stuck": a loss is no decision (nothing can be played); the rule that
 * stopped the game ("none": no legal move), its sentence and the position. */
static void json_stuck(ds_buf *out, const thegame_event *e, ds_lang lang) {
    char text[DS_TEXT_CAP];
    thegame_rule_text(e, &e->why, lang, text, sizeof text);
    ds_buf_puts(out, ",\"stuck\":{\"rule\":");
    ds_buf_json_str(out, thegame_rule_name(THEGAME_RULE_NONE),
                    strlen(thegame_rule_name(THEGAME_RULE_NONE)));
    json_key_str(out, "text", text);
    json_position(out, &e->why);
    ds_buf_putc(out, '}');
}

int thegame_event_json(const thegame_input *in, const ds_trace *tr, size_t i, ds_lang lang,
                       ds_buf *out) {
    const thegame_event *e;
    thegame_state after;
    (void)in;
    if (i >= tr->n || ds_trace_seek(tr, i + 1, &after)) return -1;
    e = (const thegame_event *)ds_trace_event(tr, i);
    ds_buf_puts(out, "{\"type\":");
    ds_buf_json_str(out, thegame_event_kind_name(e->kind), strlen(thegame_event_kind_name(e->kind)));
    json_key_int(out, "i", (long long)i);
    json_key_int(out, "turn", e->turn);
    switch (e->kind) {
    case THEGAME_EV_DEAL:
    case THEGAME_EV_DRAW:
        ds_buf_puts(out, ",\"cards\":");
        json_list(out, e->cards, e->count < THEGAME_HAND ? e->count : THEGAME_HAND);
        json_key_int(out, "pile_left", THEGAME_CARDS - after.pile_pos);
        json_key_int(out, "hand_size", after.hand_len);
        /* the end of the turn: a decision */
        if (e->kind == THEGAME_EV_DRAW && json_decision(out, e, lang)) return -1;
        break;
    case THEGAME_EV_PLAY:
        json_key_int(out, "play_in_turn", e->play_in_turn);
        json_key_int(out, "card", e->card);
        json_key_int(out, "hand_pos", e->hand_pos);
        json_key_int(out, "row", e->row);
        json_key_str(out, "row_name", thegame_row_name(e->row));
        json_key_str(out, "row_dir", thegame_row_is_up(e->row) ? "up" : "down");
        json_key_int(out, "prev_top", e->prev_top);
        ds_buf_puts(out, e->backwards ? ",\"backwards\":true" : ",\"backwards\":false");
        json_key_int(out, "diff", e->card > e->prev_top ? e->card - e->prev_top : e->prev_top - e->card);
        if (json_decision(out, e, lang)) return -1;
        break;
    case THEGAME_EV_END:
        json_key_str(out, "result", thegame_result_name(e->result));
        json_key_int(out, "hand_left", after.hand_len);
        json_key_int(out, "pile_left", THEGAME_CARDS - after.pile_pos);
        if (e->result == THEGAME_LOSS) json_stuck(out, e, lang);
        break;
    default:
        break;
    }
    ds_buf_putc(out, '}');
    return out->failed ? -1 : 0;
}

int thegame_state_json(const thegame_input *in, const thegame_state *s, ds_buf *out) {
    int r;
    ds_buf_puts(out, "{\"turn\":");
    ds_buf_int(out, s->turn);
    json_key_int(out, "plays_in_turn", s->plays_in_turn);
    json_key_str(out, "result", thegame_result_name(s->result));
    ds_buf_puts(out, ",\"rows\":[");
    for (r = 0; r < THEGAME_ROWS; r++) {
        int n = s->row_len[r] < THEGAME_ROW_CAP ? s->row_len[r] : THEGAME_ROW_CAP;
        if (r) ds_buf_putc(out, ',');
        ds_buf_puts(out, "{\"name\":");
        ds_buf_json_str(out, thegame_row_name(r), strlen(thegame_row_name(r)));
        json_key_str(out, "dir", thegame_row_is_up(r) ? "up" : "down");
        ds_buf_puts(out, ",\"cards\":");
        json_list(out, s->row[r], n);
        ds_buf_putc(out, '}');
    }
    ds_buf_puts(out, "],\"hand\":");
    json_list(out, s->hand, s->hand_len < THEGAME_HAND ? s->hand_len : THEGAME_HAND);
    {
        int pos = s->pile_pos < THEGAME_CARDS ? s->pile_pos : THEGAME_CARDS;
        ds_buf_puts(out, ",\"pile\":");
        if (in) json_list(out, in->deck + pos, THEGAME_CARDS - pos);
        else ds_buf_puts(out, "null");
        json_key_int(out, "pile_left", THEGAME_CARDS - pos);
    }
    ds_buf_putc(out, '}');
    return out->failed ? -1 : 0;
}

int thegame_trace_jsonl(const thegame_input *in, const ds_trace *tr, ds_lang lang, ds_buf *out) {
    thegame_state s0;
    size_t i;
    if (ds_trace_seek(tr, 0, &s0)) return -1;
    ds_buf_puts(out, "{\"type\":\"header\",\"game\":\"thegame\"");
    json_key_int(out, "events", (long long)tr->n);
    json_key_str(out, "lang", ds_lang_code(lang));
    ds_buf_puts(out, ",\"deck\":");
    json_list(out, in->deck, THEGAME_CARDS);
    ds_buf_puts(out, ",\"rows\":[\"up1\",\"up2\",\"down1\",\"down2\"],\"state\":");
    if (thegame_state_json(in, &s0, out)) return -1;
    ds_buf_puts(out, "}\n");
    for (i = 0; i < tr->n; i++) {
        if (thegame_event_json(in, tr, i, lang, out)) return -1;
        ds_buf_putc(out, '\n');
    }
    return out->failed ? -1 : 0;
}

/* ---- generator ------------------------------------------------------------ */

int thegame_generate(uint64_t seed, int max, ds_buf *out) {
    uint8_t deck[THEGAME_CARDS];
    ds_rng rng;
    int i;
    (void)max;
    for (i = 0; i < THEGAME_CARDS; i++) deck[i] = (uint8_t)(THEGAME_MIN_CARD + i);
    ds_rng_seed(&rng, seed);
    ds_rng_shuffle(&rng, deck, THEGAME_CARDS, 1);
    put_list(out, deck, THEGAME_CARDS);
    return out->failed ? -1 : 0;
}
