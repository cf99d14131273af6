/* cirno_parse.c - the input reader of Cirno's Arithmetic Game (see cirno.h).
 *
 *   n m k                      1 <= n <= 30, 1 <= m <= 100, 1 <= k <= 300000
 *   name card card card        n lines; name: 1..20 ASCII letters
 *   card card ... card         the deck on one line, exactly k cards, top first
 *
 * Blank lines between lines, trailing blanks and a missing final newline are
 * accepted; anything else is an error with its line and column. */
#include "cirno.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CARD_LIST "A1 A2 A5 A9 A19 A49 A99 B1 B9 B19 C2 D2 E0 E49 E99 PASS TURN DOUBLE"

void cirno_input_free(cirno_input *in) {
    if (!in) return;
    free(in->cards);
    free(in->col);
    free(in);
}

void cirno_card_pos(const cirno_input *in, uint32_t idx, int *line, int *col) {
    uint32_t hands = (uint32_t)in->n * CIRNO_HAND;
    *line = 0;
    *col = 0;
    if (!in->col || idx >= hands + in->k) return;
    *line = idx < hands ? in->player_line[idx / CIRNO_HAND] : in->deck_line;
    *col = (int)in->col[idx];
}

static int is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* Reads one card token into in->cards[idx]. what: a description for errors. */
static int read_card(ds_reader *r, int same_line, cirno_input *in, uint32_t idx, const char *what,
                     ds_error *err) {
    ds_token t;
    int card;
    if (ds_read_word(r, same_line, &t, what, err)) return -1;
    card = cirno_card_from_name(t.s, t.len);
    if (card == CIRNO_NO_CARD)
        return ds_fail(err, t.line, t.col, "expected %s (one of " CARD_LIST "), found '%.*s%s'",
                       what, (int)(t.len > 24 ? 24 : t.len), t.s, t.len > 24 ? "..." : "");
    in->cards[idx] = (uint8_t)card;
    in->col[idx] = (uint32_t)t.col;
    return 0;
}

int cirno_parse(const char *text, size_t len, cirno_input **out, ds_error *err) {
    ds_reader r;
    cirno_input *in;
    long long n, m, k;
    uint32_t i, total;
    char what[96];
    *out = NULL;
    ds_reader_init(&r, text ? text : "", text ? len : 0);
    if (ds_read_int(&r, 0, 1, CIRNO_MAX_PLAYERS, &n, "n (the number of players)", err) ||
        ds_read_int(&r, 1, 1, CIRNO_MAX_ROUNDS, &m, "m (the number of rounds)", err) ||
        ds_read_int(&r, 1, 1, CIRNO_MAX_DECK, &k, "k (the number of deck cards)", err) ||
        ds_read_eol(&r, "n m k", err))
        return -1;
    in = (cirno_input *)calloc(1, sizeof *in);
    if (!in) return ds_fail(err, 0, 0, "out of memory");
    in->n = (int)n;
    in->m = (int)m;
    in->k = (uint32_t)k;
    total = (uint32_t)(n * CIRNO_HAND + k);
    in->cap = total;
    in->cards = (uint8_t *)malloc(total);
    in->col = (uint32_t *)malloc(total * sizeof *in->col);
    if (!in->cards || !in->col) {
        cirno_input_free(in);
        return ds_fail(err, 0, 0, "out of memory for %u cards", (unsigned)total);
    }

    for (i = 0; i < (uint32_t)n; i++) {
        ds_token t;
        size_t c;
        int j;
        snprintf(what, sizeof what, "the name of player %u (1 to %d letters)", (unsigned)i + 1,
                 CIRNO_MAX_NAME);
        if (ds_read_word(&r, 0, &t, what, err)) goto fail;
        for (c = 0; c < t.len && is_letter(t.s[c]); c++) {}
        if (c < t.len || t.len > CIRNO_MAX_NAME) {
            const char *hint = cirno_card_from_name(t.s, t.len) != CIRNO_NO_CARD
                                   ? " (is a player line missing?)" : "";
            if (c < t.len)
                ds_fail(err, t.line, t.col, "expected %s, found '%.*s%s'%s", what,
                        (int)(t.len > 24 ? 24 : t.len), t.s, t.len > 24 ? "..." : "", hint);
            else
                ds_fail(err, t.line, t.col, "expected %s, found a name of %zu letters", what,
                        t.len);
            goto fail;
        }
        memcpy(in->names[i], t.s, t.len);
        in->names[i][t.len] = '\0';
        in->player_line[i] = t.line;
        for (j = 0; j < CIRNO_HAND; j++) {
            snprintf(what, sizeof what, "card %d of player %u (%s)", j + 1, (unsigned)i + 1,
                     in->names[i]);
            if (read_card(&r, 1, in, i * CIRNO_HAND + (uint32_t)j, what, err)) goto fail;
        }
        snprintf(what, sizeof what, "the 3 cards of player %u (%s)", (unsigned)i + 1, in->names[i]);
        if (ds_read_eol(&r, what, err)) goto fail;
    }

    for (i = 0; i < (uint32_t)k; i++) {
        ds_reader save = r;
        if (i > 0) {
            /* fast path for the next card on the same line (the reader's own
             * rules: blanks are space, tab, CR, VT, FF; a token ends at a
             * byte <= ' ' or DEL; one column per byte) */
            const char *q = r.p, *start;
            int col = r.col, card;
            while (q < r.end && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\v' || *q == '\f')) {
                q++;
                col++;
            }
            start = q;
            while (q < r.end && (unsigned char)*q > ' ' && *q != 0x7f) q++;
            card = q > start ? cirno_card_from_name(start, (size_t)(q - start)) : CIRNO_NO_CARD;
            if (card != CIRNO_NO_CARD) {
                in->cards[(uint32_t)(n * CIRNO_HAND) + i] = (uint8_t)card;
                in->col[(uint32_t)(n * CIRNO_HAND) + i] = (uint32_t)col;
                r.p = q;
                r.col = col + (int)(q - start);
                continue;
            }
            /* anything else: the general path below reports it */
        }
        /* a fixed description first; the detailed one only on error */
        if (read_card(&r, i > 0, in, (uint32_t)(n * CIRNO_HAND) + i, "a deck card", err)) {
            r = save;
            snprintf(what, sizeof what, "deck card %u of %u", (unsigned)i + 1, (unsigned)k);
            read_card(&r, i > 0, in, (uint32_t)(n * CIRNO_HAND) + i, what, err);
            goto fail;
        }
        if (i == 0) in->deck_line = r.line;
    }
    in->deck_end_line = r.line;
    in->deck_end_col = r.col;
    snprintf(what, sizeof what, "the %u deck cards", (unsigned)k);
    if (ds_read_eol(&r, what, err) || ds_read_eof(&r, err)) goto fail;
    *out = in;
    return 0;
fail:
    cirno_input_free(in);
    return -1;
}
