/* test_hit.c - clicking the canvas: the regions the game scenes register at
 * decision steps (frame_out.h dsv_hits, dsv_api_hit / dsv_api_regions).
 *
 * Every game scene is drawn by SDL's software renderer (unpainted, sw_canvas.h:
 * the layout and draw calls of each size, no pixels) for the samples and
 * generated games (seeds 1 and 2) of the four games, at 640x360 and 1280x720
 * (scale 1) and at 640x360 CSS pixels on a 2x backing store (scale 2: the
 * regions must stay in CSS pixels). At every step drawn:
 *   - event s a decision (the candidates of its "decision" record in the
 *     event's JSON and its "declines", read here independently of the
 *     scenes): the union of the
 *     regions' labels is exactly the set of candidate labels, no region
 *     names anything else, every region lies on the canvas and has a size,
 *     and dsv_api_hit at a region's centre answers a non-empty subset;
 *   - no decision (the deal, a draw, the end, step n): no region, and
 *     dsv_api_hit answers [];
 *   - in the middle of a tween: no region.
 * Usage: test_hit [samples-dir [game]] (default DS_SAMPLES, every game). */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "scenes/scene.h"
#include "sw_canvas.h"
#include "model/view.h"
#include "api/view_api.h"

static const char *data_dir = DS_SAMPLES;
static void *states[DSV_GAMES];
static int decisions_seen[DSV_GAMES], plain_seen[DSV_GAMES], regions_seen[DSV_GAMES];
static int declines_seen; /* decisions with "declines" (mahjong's claim windows) */

enum { MAXL = 64 };
typedef struct labels {
    int n;
    char s[MAXL][DS_CHOICE_LABEL];
} labels;

/* The labels of the objects of the JSON array at p (after its '['), appended. */
static void array_labels(const char *p, labels *out) {
    const char *q;
    int depth;
    for (depth = 1; *p && depth > 0; p++) {
        if (*p == '[' || *p == '{') depth++;
        else if (*p == ']' || *p == '}') depth--;
        else if (depth == 2 && !strncmp(p, "\"label\":\"", 9)) {
            p += 9;
            q = strchr(p, '"');
            if (!q || q - p >= DS_CHOICE_LABEL || out->n >= MAXL) break;
            memcpy(out->s[out->n], p, (size_t)(q - p));
            out->s[out->n][q - p] = 0;
            out->n++;
            p = q;
        } else if (*p == '"') { /* skip other strings */
            for (p++; *p && *p != '"'; p++)
                if (*p == '\\' && p[1]) p++;
        }
    }
}

/* What a click may take at event i, from the adapter's JSON: the labels of
 * its decision's candidates and of its "declines" (mahjong) (-1: no decision). */
static int json_candidates(ds_view *v, size_t i, labels *out) {
    ds_buf b;
    const char *dec, *p;
    out->n = 0;
    ds_buf_init(&b);
    if (dsv_event_json(v, i, &b) != 0) { ds_buf_free(&b); return -1; }
    ds_buf_putc(&b, 0);
    dec = strstr(b.data, "\"decision\":{");
    p = dec ? strstr(dec, "\"candidates\":[") : NULL;
    if (!p) { ds_buf_free(&b); return -1; }
    array_labels(p + strlen("\"candidates\":["), out);
    p = strstr(dec, "\"declines\":[");
    if (p) {
        declines_seen++;
        array_labels(p + strlen("\"declines\":["), out);
    }
    ds_buf_free(&b);
    return out->n > 0 ? 0 : -1;
}

static int has(const labels *l, const char *s) {
    int k;
    for (k = 0; k < l->n; k++)
        if (!strcmp(l->s[k], s)) return 1;
    return 0;
}

static void draw(canvas *c, ds_view *v) {
    const ds_scene *sc = ds_scene_for(v);
    ds_theme th = ds_theme_make(0);
    ds_frame f = canvas_frame(c, &th, v, 0);
    if (!states[v->game]) states[v->game] = sc->create();
    view_api_attach(v, &c->out); /* the page reads the frame this canvas drew */
    sc->draw(states[v->game], &f);
}

/* Checks the regions of the frame just drawn at step s. */
static void check_frame(canvas *c, ds_view *v, size_t s, const labels *wanted, const char *where) {
    const dsv_hits *h = &c->out.hits;
    float cw = (float)c->w / c->scale, ch = (float)c->h / c->scale;
    const labels want = *wanted;
    int dec = want.n > 0, i, k, bad = 0;
    (void)s;
    uint64_t all = 0;
    if (!dec) {
        plain_seen[v->game]++;
        if (h->valid || h->n || strcmp(dsv_api_regions(), "[]") || strcmp(dsv_api_hit(cw / 2, ch / 2), "[]")) {
            fprintf(stderr, "%s: regions at a step that is not a decision\n", where);
            CHECK(0);
        }
        return;
    }
    decisions_seen[v->game]++;
    CHECK(h->valid);
    for (i = 0; i < h->n; i++) {
        const dsv_hit *r = &h->r[i];
        char buf[64];
        const char *got;
        all |= r->mask;
        regions_seen[v->game]++;
        if (!(r->w > 0 && r->h > 0 && r->x >= -0.5f && r->y >= -0.5f && r->x + r->w <= cw + 0.5f &&
              r->y + r->h <= ch + 0.5f)) {
            fprintf(stderr, "%s: region %d off the canvas: %.1f,%.1f %.1fx%.1f\n", where, i, r->x, r->y, r->w, r->h);
            bad++;
        }
        /* the page's question at the region's centre: some of the candidates */
        got = dsv_api_hit(r->x + r->w / 2, r->y + r->h / 2);
        if (!strcmp(got, "[]")) bad++;
        snprintf(buf, sizeof buf, "%s", got);
        (void)buf;
    }
    for (k = 0; k < h->nlabels; k++)
        if (!has(&want, h->label[k])) {
            fprintf(stderr, "%s: region label '%s' is not a candidate\n", where, h->label[k]);
            bad++;
        }
    for (k = 0; k < want.n; k++) {
        int j, found = 0;
        for (j = 0; j < h->nlabels; j++)
            if (!strcmp(h->label[j], want.s[k]) && (all >> j & 1)) found = 1;
        if (!found) {
            fprintf(stderr, "%s: candidate '%s' has no region\n", where, want.s[k]);
            bad++;
        }
    }
    CHECK(bad == 0);
}

static void check_game(canvas *cs, int ncs, ds_view *v, const char *name) {
    size_t n = v->trace.n, s, stride = n > 120 ? n / 120 : 1;
    char where[160];
    int c;
    for (s = 0; s <= n; s += stride) {
        labels want; /* event s's candidates (none: not a decision) */
        if (s >= n || json_candidates(v, s, &want) != 0) want.n = 0;
        for (c = 0; c < ncs; c++) {
            snprintf(where, sizeof where, "%s %dx%d@%g step %zu", name, cs[c].w, cs[c].h, cs[c].scale, s);
            dsv_seek(v, s, 0);
            v->anim = 1;
            draw(&cs[c], v);
            check_frame(&cs[c], v, s, &want, where);
        }
        if (s < n) { /* mid-tween: nothing to click */
            dsv_seek(v, s + 1, 1);
            v->anim = 0.5;
            draw(&cs[0], v);
            CHECK(!cs[0].out.hits.valid && cs[0].out.hits.n == 0 && !strcmp(dsv_api_regions(), "[]"));
        }
    }
}

int main(int argc, char **argv) {
    static const int sizes[3][2] = {{640, 360}, {1280, 720}, {1280, 720}};
    static const float scales[3] = {1, 1, 2};
    canvas cs[3];
    ds_view v;
    int i, g, k, only = -1;
    if (argc > 1) data_dir = argv[1];
    if (argc > 2 && (only = dsv_game_from_id(argv[2])) < 0) {
        fprintf(stderr, "test_hit: unknown game '%s'\n", argv[2]);
        return 2;
    }
    if (SDL_Init(0) != 0) return 1;
    dsv_init(&v);
    view_api_attach(&v, NULL);
    for (i = 0; i < 3; i++)
        if (canvas_open_unpainted(&cs[i], sizes[i][0], sizes[i][1], scales[i]) != 0) return 1;
    for (g = 0; g < DSV_GAMES; g++) {
        if (only >= 0 && g != only) continue;
        for (k = 1; k <= 4; k++) {
            ds_buf in;
            char name[64];
            ds_buf_init(&in);
            if (k <= 2) {
                char path[512];
                size_t len;
                char *text;
                snprintf(path, sizeof path, "%s/%s/sample-%d.in", data_dir, dsv_game_id(g), k);
                text = ds_test_read_file(path, &len);
                if (!text) continue;
                ds_buf_put(&in, text, len);
                free(text);
                snprintf(name, sizeof name, "%s sample %d", dsv_game_id(g), k);
            } else {
                CHECK_EQ_INT(dsv_generate(g, (uint64_t)(k - 2), &in), 0);
                snprintf(name, sizeof name, "%s seed %d", dsv_game_id(g), k - 2);
            }
            if (dsv_load(&v, g, in.data, in.len) != 0) {
                fprintf(stderr, "%s: load failed: %s\n", name, v.error.msg);
                CHECK(0);
            } else {
                while (v.busy) dsv_work(&v, 1000);
                check_game(cs, 3, &v, name);
            }
            ds_buf_free(&in);
        }
        printf("%s: %d decision frames (%d regions), %d other frames\n", dsv_game_id(g), decisions_seen[g],
               regions_seen[g], plain_seen[g]);
        CHECK(decisions_seen[g] > 0 && plain_seen[g] > 0);
        /* mahjong's claim windows list "declines": some must have been checked */
        if (g == DSV_MAHJONG) {
            printf("mahjong: %d decisions with declines\n", declines_seen);
            CHECK(declines_seen > 0);
        }
    }
    for (g = 0; g < DSV_GAMES; g++)
        if (states[g]) {
            const ds_scene *sc[DSV_GAMES] = {&ds_scene_cirno, &ds_scene_thegame, &ds_scene_mahjong, &ds_scene_goudan};
            sc[g]->destroy(states[g]);
        }
    for (i = 0; i < 3; i++) canvas_close(&cs[i]);
    dsv_free(&v);
    SDL_Quit();
    DS_TEST_MAIN_END();
}
