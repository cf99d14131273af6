/* test_zh.c - "Chinese all the way through": with the view's language set to
 * Chinese (ds_view.lang, what dsv_api_set_lang / --lang zh set), no English
 * word is left on the canvas.
 *
 * Every scene is drawn by SDL's software renderer (no window; unpainted,
 * sw_canvas.h: the layout and draw calls of each size, no pixels) with the text
 * recorder on (ds_text.record: every string text_draw puts on the canvas):
 * the placeholder (nothing loaded, goudan solving), every step of the
 * samples of the four games settled and in the middle of its tween, games
 * generated from seeds (goudan: several queries), the DP views of mahjong and
 * goudan at step 0, the middle and the end (goudan also with the chance tree
 * open, a leaf entered, a typed start state and the solve animation running),
 * at 960x540 (samples also at 360x640). A drawn string fails when it holds an ASCII word of
 * three or more letters that is not a code: card and tile codes (PASS, TURN,
 * DOUBLE, DBL, REVERSE), game ids, "deckscope", and the player names of the
 * input (cirno's names come from the input). Every frame in Chinese that
 * draws words draws Chinese.
 *
 * Also: the word tables (strings.c's and each scene's own, ds_scene.words)
 * are complete in both languages, their printf conversions agree, every
 * Chinese code point is in the glyph atlas (the build subsets the CJK font
 * to strings.c and the scene files), and English frames still draw
 * English (the recorder works). Scenes only draw: after the model's update
 * step (dsv_dp_update, as the platform layer runs it), drawing a frame leaves
 * the view (every field, the states) and its DP model byte for byte as they
 * were.
 * Usage: test_zh [samples-dir] (default DS_SAMPLES). */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "sw_canvas.h"
#include "scenes/scene.h"
#include "scenes/strings.h"
#include "text/text.h"
#include "model/view.h"
#include "api/view_api.h"
#include "model/view_dp_goudan.h"
#include "model/view_dp_mahjong.h"

static const char *data_dir = DS_SAMPLES;

/* Scene states, created on first use (as the platform layer does). */
static void *states[16];
static const ds_scene *scenes[16];

/* Words allowed in Chinese frames besides the fixed list: the input's
 * (player names). */
static const char *extra_words; /* the loaded input text, or NULL */

static int is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

static int allowed_word(const char *w, size_t n) {
    static const char *const fixed[] = {"PASS", "TURN", "DOUBLE", "DBL", "REVERSE", "cirno", "thegame",
                                        "mahjong", "goudan", "deckscope", NULL};
    int i;
    for (i = 0; fixed[i]; i++)
        if (strlen(fixed[i]) == n && !memcmp(fixed[i], w, n)) return 1;
    if (extra_words) { /* a whole word of the input */
        const char *p = extra_words;
        while (*p) {
            const char *q;
            while (*p && !is_letter(*p)) p++;
            for (q = p; *q && is_letter(*q); q++) {}
            if ((size_t)(q - p) == n && !memcmp(p, w, n)) return 1;
            p = q;
        }
    }
    return 0;
}

static int frames_checked, strings_checked, bad_reported;

/* Checks the strings recorded in rec (one per line). Returns 1 if some
 * string has a CJK character. */
static int check_strings(const ds_buf *rec, const char *where) {
    const char *p = rec->data, *end = p ? p + rec->len : p;
    int cjk = 0;
    while (p && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p)), *s, *e = nl ? nl : end;
        for (s = p; s < e;) {
            if ((unsigned char)*s >= 0xE3 && (unsigned char)*s <= 0xE9) cjk = 1; /* U+3000..U+9FFF */
            if ((unsigned char)*s == 0xEF) cjk = 1;                              /* fullwidth forms */
            if (is_letter(*s) && (s == p || !is_letter(s[-1]))) {
                const char *w = s;
                while (s < e && is_letter(*s)) s++;
                /* letters glued to digits are codes (A99, 9P, s1s2) */
                if (s - w >= 3 && !(w > p && w[-1] >= '0' && w[-1] <= '9') && !(s < e && *s >= '0' && *s <= '9') &&
                    !allowed_word(w, (size_t)(s - w))) {
                    CHECK(!"an English word on the Chinese canvas");
                    if (bad_reported++ < 20)
                        fprintf(stderr, "  %s: \"%.*s\" in \"%.*s\"\n", where, (int)(s - w), w, (int)(e - p), p);
                } else {
                    ds_test_passed++;
                }
                continue;
            }
            s++;
        }
        strings_checked++;
        p = e + 1;
    }
    return cjk;
}

/* Draws one frame of v's scene into c with the recorder on, then checks it. */
static void draw_checked(canvas *c, ds_view *v, int dark, double dt, const char *where) {
    const ds_scene *sc = ds_scene_for(v);
    int i;
    ds_theme th = ds_theme_make(dark);
    ds_frame f;
    ds_buf rec;
    void *st = NULL;
    for (i = 0; i < 16 && scenes[i]; i++)
        if (scenes[i] == sc) st = states[i];
    if (!st && i < 16) {
        st = sc->create();
        scenes[i] = sc;
        states[i] = st;
    }
    if (!st) return;
    ds_buf_init(&rec);
    dsv_dp_update(v, dt, 6.0); /* the model's update step, as i_main.c frame() */
    f = canvas_frame(c, &th, v, dt);
    c->text.record = &rec;
    {
        /* the frame writes nothing into the model */
        ds_view before;
        size_t dpn = mj_dpv_get(v) ? sizeof(mj_dpv) : dsv_dp_goudan_peek(v) ? sizeof(dsv_dp_goudan) : 0;
        size_t sn = v->state && v->loaded ? v->trace.state_size : 0;
        unsigned char *dp0 = dpn ? malloc(dpn) : NULL, *st0 = sn ? malloc(sn) : NULL;
        memcpy(&before, v, sizeof before);
        if (dp0) memcpy(dp0, v->dp, dpn);
        if (st0) memcpy(st0, v->state, sn);
        sc->draw(st, &f);
        if (memcmp(&before, v, sizeof before) != 0 || (dp0 && memcmp(dp0, v->dp, dpn) != 0) ||
            (st0 && memcmp(st0, v->state, sn) != 0)) {
            CHECK(!"a scene wrote into the model while drawing");
            if (bad_reported++ < 20) fprintf(stderr, "  %s: the model changed while drawing\n", where);
        }
        free(dp0);
        free(st0);
    }
    c->text.record = NULL;
    frames_checked++;
    if (!check_strings(&rec, where) && v->lang == DS_LANG_ZH &&
        (sc == &ds_scene_placeholder || sc == &ds_scene_cirno || sc == &ds_scene_thegame || sc == &ds_scene_goudan)) {
        /* these scenes always label something (the top line, the turn): in
         * Chinese (mahjong's table and DP view may show codes and numbers only) */
        CHECK(!"a Chinese frame without Chinese");
        if (bad_reported++ < 20) fprintf(stderr, "  %s: no Chinese in %.*s\n", where, (int)rec.len, rec.data);
    }
    ds_buf_free(&rec);
}

static char *read_sample(const char *game, int k, size_t *len) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s/sample-%d.in", data_dir, game, k);
    return ds_test_read_file(path, len);
}

/* Every step (at most about `most` steps, evenly spread, always the last)
 * settled and mid-tween, in game mode; DP mode at the start, middle, end. */
static void check_game(canvas *c, ds_view *v, const char *name, size_t most) {
    size_t n = v->trace.n, s, picks[3], stride = most && n > most ? n / most : 1;
    char where[128];
    int k;
    v->mode = DSV_MODE_GAME;
    for (s = 0; s <= n; s = s < n && s + stride > n ? n : s + stride) {
        snprintf(where, sizeof where, "%s step %zu", name, s);
        dsv_seek(v, s, 0);
        v->anim = 1;
        draw_checked(c, v, (int)(s & 1), 0, where);
        if (s == n) break;
        if (s < n) {
            dsv_seek(v, s + 1, 1);
            v->anim = 0.5;
            draw_checked(c, v, 1, 0, where);
        }
    }
    if (v->game != DSV_MAHJONG && v->game != DSV_GOUDAN) return;
    picks[0] = 0;
    picks[1] = n / 2;
    picks[2] = n;
    v->mode = DSV_MODE_DP;
    for (k = 0; k < 3; k++) {
        snprintf(where, sizeof where, "%s DP step %zu", name, picks[k]);
        dsv_seek(v, picks[k], 0);
        v->anim = 1;
        draw_checked(c, v, 1, 0, where);
        draw_checked(c, v, 0, 0.05, where);
        if (v->game == DSV_GOUDAN) {
            dsv_dp_goudan *dp = dsv_dp_goudan_get(v);
            if (!dp) continue;
            dsv_dp_goudan_sync(v, dp);
            if (dp->ok && dp->play_index >= 0) {
                int i;
                dsv_dp_goudan_expand(v, dp, 1);
                draw_checked(c, v, 1, 0.05, where);
                for (i = 1; i < dp->tree.n; i++)
                    if (dp->tree.node[i].depth == 3 || dp->tree.node[i].outcome != 0) {
                        if (dsv_dp_goudan_enter(v, dp, i) == 0) {
                            draw_checked(c, v, 1, 0.05, where);
                            dsv_dp_goudan_back(v, dp, 0);
                        }
                        break;
                    }
                /* a game over inside the tree */
                for (i = 1; i < dp->tree.n; i++)
                    if (dp->tree.node[i].outcome != 0) {
                        if (dsv_dp_goudan_enter(v, dp, i) == 0) {
                            draw_checked(c, v, 1, 0.05, where);
                            dsv_dp_goudan_back(v, dp, 0);
                        }
                        break;
                    }
            }
            if (k == 1) {
                int f;
                dsv_dp_goudan_anim(v, dp, 2);
                for (f = 0; f < 6; f++) draw_checked(c, v, 1, 0.2, where);
                dsv_dp_goudan_anim(v, dp, 0);
            }
            dsv_dp_goudan_follow(v, dp);
        }
    }
    if (v->game == DSV_GOUDAN) {
        dsv_dp_goudan *dp = dsv_dp_goudan_get(v);
        const char *q = "1 4\n3 4\n2 2 1\n1 1\n1 2\n";
        if (dp && dsv_dp_goudan_start(v, dp, q, strlen(q)) == 0) {
            snprintf(where, sizeof where, "%s DP typed", name);
            draw_checked(c, v, 1, 0.05, where);
            dsv_dp_goudan_follow(v, dp);
        }
    }
    v->mode = DSV_MODE_GAME;
}

static int load_all(ds_view *v, int game, const char *text, size_t len) {
    if (dsv_load(v, game, text, len) != 0) {
        fprintf(stderr, "load failed: line %d, column %d: %s\n", v->error.line, v->error.col, v->error.msg);
        return -1;
    }
    while (v->busy) dsv_work(v, 1000);
    return v->loaded ? 0 : -1;
}

static void check_samples(canvas *c, canvas *small, ds_view *v) {
    static const char *const games[DSV_GAMES] = {"cirno", "thegame", "mahjong", "goudan"};
    int g, k;
    for (g = 0; g < DSV_GAMES; g++)
        for (k = 1; k <= 2; k++) {
            size_t len;
            char *text = read_sample(games[g], k, &len), name[64];
            if (!text) continue;
            extra_words = text;
            snprintf(name, sizeof name, "%s sample %d", games[g], k);
            CHECK_EQ_INT(load_all(v, g, text, len), 0);
            if (v->loaded && v->game == g) {
                check_game(c, v, name, 60);
                snprintf(name, sizeof name, "%s sample %d %dx%d", games[g], k, small->w, small->h);
                check_game(small, v, name, 10);
            }
            if (g == DSV_GOUDAN && v->loaded) {
                /* every query of the sample */
                size_t q;
                for (q = 1; q < 4; q++) {
                    if (dsv_goudan_select(v, q, 7) != 0) break;
                    snprintf(name, sizeof name, "goudan sample %d query %zu", k, q + 1);
                    check_game(c, v, name, 20);
                }
            }
            extra_words = NULL;
            free(text);
        }
}

static void check_generated(canvas *c, ds_view *v) {
    int g, seed;
    for (g = 0; g < DSV_GAMES; g++)
        for (seed = 1; seed <= 2; seed++) {
            ds_buf in;
            char name[64];
            ds_buf_init(&in);
            if (g == DSV_CIRNO && seed == 2) { ds_buf_free(&in); continue; } /* long: one is enough */
            CHECK_EQ_INT(dsv_generate(g, (uint64_t)seed, &in), 0);
            extra_words = in.data;
            if (load_all(v, g, in.data, in.len) == 0) {
                snprintf(name, sizeof name, "%s seed %d", dsv_game_id(g), seed);
                if (g == DSV_CIRNO && v->trace.n > 400) {
                    /* a long game: its ends and middle only */
                    size_t picks[5] = {0, 1, v->trace.n / 2, v->trace.n - 1, v->trace.n}, i;
                    for (i = 0; i < 5; i++) {
                        dsv_seek(v, picks[i], 0);
                        v->anim = 1;
                        draw_checked(c, v, 1, 0, name);
                    }
                } else {
                    check_game(c, v, name, 30);
                }
                if (g == DSV_GOUDAN) {
                    size_t q;
                    for (q = 1; q < 3; q++)
                        if (dsv_goudan_select(v, q, (uint64_t)seed) == 0) check_game(c, v, name, 20);
                }
            } else {
                CHECK(!"generated input failed to load");
            }
            extra_words = NULL;
            ds_buf_free(&in);
        }
}

/* The placeholder: nothing loaded, then goudan solving (busy). */
static void check_placeholder(canvas *c, canvas *small, ds_view *v) {
    size_t len;
    char *text = read_sample("goudan", 1, &len);
    draw_checked(c, v, 1, 0, "placeholder");
    draw_checked(small, v, 0, 0, "placeholder");
    if (text && dsv_load(v, DSV_GOUDAN, text, len) == 0 && v->busy) {
        dsv_work(v, 1);
        draw_checked(c, v, 1, 0, "placeholder solving");
        draw_checked(small, v, 1, 0, "placeholder solving");
        while (v->busy) dsv_work(v, 1000);
    }
    free(text);
}

/* One word: both languages there, the same printf conversions, every glyph
 * of the Chinese baked. */
/* The printf conversions of s, in order, each ending in ';' (%% skipped),
 * cut to the first 31 bytes. */
static void conversions(const char *s, char out[32]) {
    int n = 0;
    const char *p;
    for (p = s; *p; p++) {
        if (*p != '%') continue;
        p++;
        while (*p && strchr("0123456789.-+ l", *p) && n < 31) out[n++] = *p++;
        if (*p != '%' && n < 31) out[n++] = *p;
        if (n < 31) out[n++] = ';';
        if (!*p) break;
    }
    out[n] = '\0';
}

static void check_word(const canvas *c, const char *en, const char *zh, const char *table, int id) {
    CHECK(en != NULL);
    CHECK(zh != NULL);
    if (!en || !zh) {
        fprintf(stderr, "  %s: word %d missing in %s\n", table, id, en ? "zh" : "en");
        return;
    }
    {
        char ce[32], cz[32];
        conversions(en, ce);
        conversions(zh, cz);
        CHECK(!strcmp(ce, cz));
        if (strcmp(ce, cz)) fprintf(stderr, "  %s: word %d: formats differ: %s / %s\n", table, id, ce, cz);
    }
    {
        const char *p = zh;
        while (*p) {
            uint32_t cp = ds_utf8_next(&p);
            CHECK(ds_atlas_find(&c->text.atlas, cp) >= 0);
            if (ds_atlas_find(&c->text.atlas, cp) < 0)
                fprintf(stderr, "  U+%04X of %s word %d not in the atlas\n", (unsigned)cp, table, id);
        }
    }
}

/* The tables: strings.c's (the words of no game) and every scene's own
 * (ds_scene.words: each game's scene of ds_games.h, the DP views), each
 * complete, the same printf conversions, every glyph baked. */
static void check_tables(const canvas *c) {
#define ZH_SCENE_(NAME, id) &ds_scene_##id,
    static const ds_scene *const all[] = {DS_GAMES(ZH_SCENE_) &ds_scene_placeholder, &ds_scene_dp_mahjong,
                                          &ds_scene_dp_goudan};
#undef ZH_SCENE_
    int id, nw = 0;
    size_t i;
    for (id = 0; id < UI_COUNT; id++)
        check_word(c, ui_str_raw(DS_LANG_EN, (ui_id)id), ui_str_raw(DS_LANG_ZH, (ui_id)id), "strings.c", id);
    for (i = 0; i < sizeof all / sizeof all[0]; i++) {
        CHECK(all[i]->n_words >= 0);
        CHECK(all[i]->n_words == 0 || all[i]->words != NULL);
        if (!all[i]->words) continue;
        for (id = 0; id < all[i]->n_words; id++) check_word(c, all[i]->words[id].en, all[i]->words[id].zh, all[i]->name, id);
        nw += all[i]->n_words;
    }
    CHECK(nw > 0); /* the four games' scenes have theirs */
    /* each game's card on the placeholder (its scene's accent, card line and
     * mark; a game added without them would draw an invisible card) */
    for (id = 0; id < DSV_GAMES; id++) {
        const ds_scene *sc = ds_scene_of_game(id);
        CHECK(sc != NULL);
        if (!sc) continue;
        CHECK_EQ_INT(sc->accent.a, 255);
        CHECK(sc->mark && *sc->mark);
        check_word(c, sc->card.en, sc->card.zh, sc->name, -1);
        CHECK(sc->dp == NULL || (sc->dp->draw && !sc->dp->dp));
    }
    CHECK(ds_scene_of_game(-1) == NULL && ds_scene_of_game(DSV_GAMES) == NULL);
    CHECK_EQ_INT(ui_lang_from_name("zh"), DS_LANG_ZH);
    CHECK_EQ_INT(ui_lang_from_name("zh-CN"), DS_LANG_ZH);
    CHECK_EQ_INT(ui_lang_from_name("en"), DS_LANG_EN);
    CHECK_EQ_INT(ui_lang_from_name("fr"), -1);
}

/* English still draws English, and dsv_api_drawn_strings gives the JSON. */
static void check_english(canvas *c, ds_view *v) {
    size_t len;
    char *text = read_sample("thegame", 1, &len);
    ds_buf rec;
    ds_frame f;
    ds_theme th = ds_theme_make(1);
    void *st;
    if (!text) return;
    CHECK_EQ_INT(load_all(v, DSV_THEGAME, text, len), 0);
    free(text);
    v->lang = DS_LANG_EN;
    dsv_seek(v, 3, 0);
    st = ds_scene_thegame.create();
    ds_buf_init(&rec);
    f = canvas_frame(c, &th, v, 0);
    view_api_attach(v, &c->out); /* the page reads the strings of the canvas's frame */
    c->text.record = &c->out.drawn;
    ds_buf_clear(&c->out.drawn);
    ds_scene_thegame.draw(st, &f);
    CHECK(c->out.drawn.len > 0 && strstr(c->out.drawn.data, "HAND") != NULL);
    CHECK(strstr(dsv_api_drawn_strings(), "\"HAND \"") != NULL);
    dsv_api_set_lang(1);
    CHECK_EQ_INT(dsv_api_lang(), 1);
    ds_buf_clear(&c->out.drawn);
    ds_scene_thegame.draw(st, &f);
    CHECK(strstr(c->out.drawn.data, "HAND") == NULL);
    CHECK(strstr(dsv_api_drawn_strings(), "\xe6\x89\x8b\xe7\x89\x8c") != NULL); /* 手牌 */
    c->text.record = NULL;
    ds_scene_thegame.destroy(st);
    ds_buf_free(&rec);
}

int main(int argc, char **argv) {
    static const int sizes[2][2] = {{960, 540}, {360, 640}};
    ds_view v;
    int i;
    if (argc > 1) data_dir = argv[1];
    if (SDL_Init(0) != 0) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    dsv_init(&v);
    view_api_attach(&v, NULL);
    {
        canvas c, small;
        if (canvas_open_unpainted(&c, sizes[0][0], sizes[0][1], 1.0f) != 0 ||
            canvas_open_unpainted(&small, sizes[1][0], sizes[1][1], 1.0f) != 0) {
            fprintf(stderr, "canvas: %s\n", SDL_GetError());
            return 1;
        }
        check_tables(&c);
        check_english(&c, &v);
        v.lang = DS_LANG_ZH;
        check_placeholder(&c, &small, &v);
        check_samples(&c, &small, &v);
        check_generated(&c, &v);
        canvas_close(&small);
        canvas_close(&c);
    }
    printf("%d frames, %d strings checked\n", frames_checked, strings_checked);
    for (i = 0; i < 16 && scenes[i]; i++) scenes[i]->destroy(states[i]);
    dsv_free(&v);
    SDL_Quit();
    DS_TEST_MAIN_END();
}
