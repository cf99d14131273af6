/* cirno_ref.h - an independent reference for the tests: the card effects
 * and the strategy written a second time, differently from the engine
 * (card names are decoded from their text, floor uses floating point, and
 * the decision is a lexicographic maximum over a score per card).
 *
 * ref_choose returns the slot the statement's strategy picks; ties between
 * identical cards go to the lowest slot, like the engine documents. */
#ifndef CIRNO_REF_H
#define CIRNO_REF_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cirno/cirno.h"

/* p after playing the card called `name` (decoded from the text). */
static long ref_value(const char *name, long p) {
    long x = strtol(name + 1, NULL, 10);
    switch (name[0]) {
    case 'A': return p + x;
    case 'B': return p - x;
    case 'C': return p * x;
    case 'D': return strcmp(name, "D2") == 0 ? (long)floor((double)p / 2.0) : p; /* DOUBLE: p */
    case 'E': return x;
    default: return p; /* PASS, TURN */
    }
}

static int ref_is_counter(const char *name) {
    return !strcmp(name, "PASS") || !strcmp(name, "TURN") || !strcmp(name, "DOUBLE");
}

/* position of c in s, used as a priority (earlier = preferred) */
static int ref_prio(const char *order, char c) {
    const char *q = strchr(order, c);
    return q ? (int)(q - order) : 99;
}

static int ref_counter_prio(const char *name) {
    return !strcmp(name, "PASS") ? 0 : !strcmp(name, "TURN") ? 1 : 2;
}

/* Score of one card: tier first, then a tie key; larger is better. */
static void ref_score(const char *name, long p, int dbl, long *tier, long *key) {
    long v = ref_value(name, p);
    if (ref_is_counter(name)) {
        *tier = dbl ? 3 : 2; /* under DOUBLE counters come first, else after safe basics */
        *key = 3 - ref_counter_prio(name);
    } else if (v > 99) {
        *tier = 1;
        *key = 0;
    } else {
        *tier = dbl ? 2 : 3;
        /* value dominates (x10 leaves room for the class priority 0..4) */
        *key = dbl ? -v * 10 + (4 - ref_prio("DBACE", name[0]))
                   : v * 10 + (4 - ref_prio("CABDE", name[0]));
    }
}

static int ref_choose(const uint8_t hand[3], long p, int dbl) {
    int s, best = 0;
    long bt, bk;
    ref_score(cirno_card_name(hand[0]), p, dbl, &bt, &bk);
    for (s = 1; s < 3; s++) {
        long t, k;
        ref_score(cirno_card_name(hand[s]), p, dbl, &t, &k);
        if (t > bt || (t == bt && k > bk)) { best = s; bt = t; bk = k; }
    }
    return best;
}

#endif
