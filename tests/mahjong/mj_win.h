/* mj_win.h - an independent winning-hand test for the mahjong tests
 * (recursive decomposition; shares no code with the engine's DP). */
#ifndef MJ_WIN_H
#define MJ_WIN_H
#include <stdint.h>

static int mj_decomposes(uint8_t *c, int need_pair) {
    int k = 0;
    while (k < 34 && !c[k]) k++;
    if (k == 34) return !need_pair;
    if (c[k] >= 3) {
        c[k] -= 3;
        if (mj_decomposes(c, need_pair)) { c[k] += 3; return 1; }
        c[k] += 3;
    }
    if (need_pair && c[k] >= 2) {
        c[k] -= 2;
        if (mj_decomposes(c, 0)) { c[k] += 2; return 1; }
        c[k] += 2;
    }
    if (k < 27 && k % 9 <= 6 && c[k + 1] && c[k + 2]) {
        c[k]--, c[k + 1]--, c[k + 2]--;
        if (mj_decomposes(c, need_pair)) { c[k]++, c[k + 1]++, c[k + 2]++; return 1; }
        c[k]++, c[k + 1]++, c[k + 2]++;
    }
    return 0;
}

/* h: 37 counts (34..36 are the special tiles). */
static int is_winning_hand(const uint8_t *h, int melds) {
    uint8_t c[34];
    int k, n = 0;
    if (h[34] || h[35] || h[36]) return 0;
    for (k = 0; k < 34; k++) {
        c[k] = h[k];
        n += h[k];
        if (h[k] > 4) return 0;
    }
    return n == 14 - 3 * melds && mj_decomposes(c, 1);
}
#endif
