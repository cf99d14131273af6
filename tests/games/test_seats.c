/* test_seats.c - every decision record of every game says whose decision it
 * is (ds_decision's "seat", issue 21), consistently with the trace:
 *
 *   - cirno: the player who plays, 1-based ("1", "2", ...); thegame: "1";
 *     goudan: "E" (小E) or "T" (the teacher) by the event's acting player, no
 *     seat for a hit's chance (nobody chooses); mahjong: the player to move
 *     at a turn decision ("A".."D");
 *   - mahjong's claim window is several seats' decision: no seat of its own,
 *     each claim the seat its label names ("B PONG": B), "pass" nobody's, one
 *     "declines" per seat with a claim and none other, whose "then" is a
 *     candidate; when a claim is taken, the event is that seat's;
 *   - the trace's JSON writes the same seat (the page reads it there).
 * Over generated inputs of every game, through its ds_game (the players are
 * read from the game's own event structs, not from the record). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cirno/cirno.h"
#include "ds_game.h"
#include "ds_test.h"
#include "goudan/goudan.h"
#include "mahjong/mahjong.h"

static int windows_seen, chance_seen;

/* the seat the trace says decides event i ("" for nobody / several) */
static void expected_seat(const ds_game *G, const ds_trace *tr, size_t i, const ds_decision *d,
                          char *out, size_t cap) {
    const void *e = ds_trace_event(tr, i);
    out[0] = '\0';
    if (!strcmp(G->id, "cirno")) {
        snprintf(out, cap, "%d", ((const cirno_event *)e)->player + 1);
    } else if (!strcmp(G->id, "thegame")) {
        snprintf(out, cap, "1");
    } else if (!strcmp(G->id, "goudan")) {
        if (strcmp(d->rule, "chance") != 0)
            snprintf(out, cap, "%s", ((const goudan_event *)e)->player == 0 ? "E" : "T");
    } else if (!strcmp(G->id, "mahjong")) {
        const mahjong_event *m = (const mahjong_event *)e;
        /* a turn decision is the event of the player to move; a claim
         * window (the event after a discard) names its claimers */
        if (m->kind == MJ_EV_DISCARD || m->kind == MJ_EV_SELFDRAWN) {
            size_t k;
            int window = 0;
            for (k = 0; k < d->n; k++)
                if (!strcmp(d->cand[k].label, "pass")) window = 1;
            if (!window) snprintf(out, cap, "%c", mahjong_player_name(m->player));
        }
    }
}

/* mahjong's claim window: each candidate's seat, the declines */
static void check_window(const ds_trace *tr, size_t i, const ds_decision *d) {
    const mahjong_event *m = (const mahjong_event *)ds_trace_event(tr, i);
    char seats[8] = {0};
    size_t k, j, ns = 0;
    windows_seen++;
    for (k = 0; k < d->n; k++) {
        const ds_cand *c = &d->cand[k];
        if (!strcmp(c->label, "pass")) {
            CHECK(c->seat[0] == '\0');
            continue;
        }
        CHECK(c->seat[0] == c->label[0] && c->seat[1] == '\0' && c->label[1] == ' ');
        if (!strchr(seats, c->seat[0]) && ns < sizeof seats - 1) seats[ns++] = c->seat[0];
    }
    CHECK(ns > 0);
    CHECK_EQ_INT(d->ndecline, ns);
    for (j = 0; j < d->ndecline; j++) {
        const ds_decline *x = &d->decline[j];
        CHECK(x->seat[0] && x->seat[1] == '\0' && strchr(seats, x->seat[0]));
        CHECK(x->label[0] == x->seat[0]);
        CHECK(x->name[0] != '\0');
        CHECK(ds_decision_find(d, x->then) >= 0);
    }
    /* a claim taken: the event is its seat's */
    if (d->cand[d->chosen].seat[0])
        CHECK_EQ_INT(mahjong_player_name(m->player), d->cand[d->chosen].seat[0]);
}

/* the decision's JSON in the trace line of event i carries the seat */
static void check_json(const char *line, const ds_decision *d) {
    char want[64];
    const char *dec = strstr(line, "\"decision\":{");
    if (d->seat[0]) snprintf(want, sizeof want, "\"only\":%s,\"seat\":\"%s\"", d->n == 1 ? "true" : "false", d->seat);
    else snprintf(want, sizeof want, "\"only\":%s,\"seat\":null", d->n == 1 ? "true" : "false");
    CHECK(dec != NULL);
    if (dec && !strstr(dec, want)) {
        CHECK(0);
        fprintf(stderr, "  %s not in %.160s\n", want, dec);
    }
}

static void one_game(const ds_game *G, uint64_t seed) {
    ds_buf in, js;
    ds_error err = {0};
    void *g = NULL;
    ds_trace tr = {0};
    static ds_decision d;
    size_t i;
    const char *line;
    ds_buf_init(&in);
    ds_buf_init(&js);
    if (G->generate(seed, NULL, &in) || G->parse(in.data, in.len, &g, &err) ||
        G->simulate(g, NULL, 0, seed, &tr, &err) || G->trace_jsonl(g, &tr, DS_LANG_EN, &js) ||
        js.failed) {
        fprintf(stderr, "%s seed %llu: %s\n", G->id, (unsigned long long)seed, err.msg);
        CHECK(0);
        goto done;
    }
    line = strchr(js.data, '\n'); /* the header, then one line per event */
    for (i = 0; i < tr.n && line; i++) {
        char want[DS_SEAT_CAP];
        int isd = G->decision(g, &tr, i, DS_LANG_EN, &d);
        const char *next = strchr(line + 1, '\n');
        CHECK(isd >= 0);
        if (isd == 1) {
            expected_seat(G, &tr, i, &d, want, sizeof want);
            if (strcmp(want, d.seat) != 0) {
                fprintf(stderr, "%s seed %llu event %zu: seat '%s', the trace says '%s'\n", G->id,
                        (unsigned long long)seed, i, d.seat, want);
                CHECK(0);
            } else {
                CHECK(1);
            }
            if (!strcmp(G->id, "mahjong") && !d.seat[0]) check_window(&tr, i, &d);
            else {
                size_t k;
                if (!d.seat[0]) chance_seen++;
                /* one seat decides: no candidate names another, no declines */
                for (k = 0; k < d.n; k++) CHECK(d.cand[k].seat[0] == '\0');
                CHECK_EQ_INT(d.ndecline, 0);
            }
            if (next) {
                ds_buf one;
                ds_buf_init(&one);
                ds_buf_put(&one, line + 1, (size_t)(next - line - 1));
                ds_buf_putc(&one, '\0');
                if (!one.failed) check_json(one.data, &d);
                ds_buf_free(&one);
            }
        }
        line = next;
    }
done:
    ds_trace_free(&tr);
    if (g) G->free(g);
    ds_buf_free(&in);
    ds_buf_free(&js);
}

int main(void) {
    int gi;
    for (gi = 0; gi < DS_NGAMES; gi++) {
        const ds_game *G = ds_game_at(gi);
        uint64_t seed, n = !strcmp(G->id, "goudan") ? 8 : 40;
        for (seed = 1; seed <= n; seed++) one_game(G, seed);
    }
    printf("mahjong claim windows checked: %d, goudan chance decisions: %d\n", windows_seen,
           chance_seen);
    CHECK(windows_seen > 0);
    CHECK(chance_seen > 0);
    DS_TEST_MAIN_END();
}
