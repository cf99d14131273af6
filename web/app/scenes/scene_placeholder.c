/* scene_placeholder.c - the placeholder scene: the games' names on cards
 * and a card that travels between them, animated on real elapsed time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "scenes/draw.h"
#include "scenes/strings.h"
#include "scenes/scene.h"

typedef struct placeholder {
    int highlight; /* game under the pointer, -1 for none */
    float mx, my;  /* pointer, renderer pixels */
} placeholder;

ds_theme ds_theme_make(int dark) {
    ds_theme t;
    t.dark = dark;
    if (dark) {
        t.bg = (SDL_Color){0x1c, 0x20, 0x27, 255};
        t.fg = (SDL_Color){0xe8, 0xea, 0xee, 255};
        t.muted = (SDL_Color){0x8a, 0x92, 0x9e, 255};
        t.accent = (SDL_Color){0x6c, 0xb4, 0xff, 255};
        t.card = (SDL_Color){0x25, 0x2a, 0x33, 255};
        t.card_edge = (SDL_Color){0x33, 0x3a, 0x45, 255};
    } else {
        t.bg = (SDL_Color){0xff, 0xff, 0xff, 255};
        t.fg = (SDL_Color){0x1b, 0x1f, 0x24, 255};
        t.muted = (SDL_Color){0x5f, 0x67, 0x73, 255};
        t.accent = (SDL_Color){0x1f, 0x6f, 0xd1, 255};
        t.card = (SDL_Color){0xf6, 0xf7, 0xf9, 255};
        t.card_edge = (SDL_Color){0xd5, 0xda, 0xe1, 255};
    }
    return t;
}

static void *create(void) {
    placeholder *p = calloc(1, sizeof *p);
    if (p) p->highlight = -1, p->mx = p->my = -1;
    return p;
}

static void destroy(void *self) { free(self); }

static int event(void *self, const ds_pointer *in, ds_view *v) {
    placeholder *p = self;
    (void)v;
    if (in->kind == DS_POINTER_MOVE) {
        p->mx = in->x;
        p->my = in->y;
    }
    return 0;
}

/* Smooth 0..1..0 ease. */
static float ease(float k) { return k * k * (3 - 2 * k); }

/* A small playing card centred on (x, y), tilted by lifting one side. */
static void mini_card(const ds_frame *f, float x, float y, float s, SDL_Color c, const char *label) {
    const ds_theme *th = f->theme;
    float w = 32 * s, h = 44 * s;
    draw_round_rect(f->r, x - w / 2, y - h / 2, w, h, 5 * s, c);
    draw_round_rect(f->r, x - w / 2 + 2 * s, y - h / 2 + 2 * s, w - 4 * s, h - 4 * s, 4 * s,
                    color_mix(c, th->card, 0.82f));
    text_draw(f->text, f->r, DS_FONT_BODY, x, y - text_line_height(f->text, DS_FONT_BODY) / 2,
              DS_ALIGN_CENTER, c, label);
}

static void draw(void *self, const ds_frame *f) {
    placeholder *p = self;
    const ds_theme *th = f->theme;
    SDL_Renderer *r = f->r;
    float s = f->scale, pad = 24 * s;
    float title_h = text_line_height(f->text, DS_FONT_TITLE);
    float small_h = text_line_height(f->text, DS_FONT_SMALL);
    int cols = f->w > 720 * s ? 4 : 2, rows = (DS_NGAMES + cols - 1) / cols;
    float gap = 16 * s;
    float cw = (f->w - 2 * pad - (float)(cols - 1) * gap) / (float)cols;
    float area_top = pad + title_h + 40 * s, area_bot = f->h - pad - small_h - 12 * s;
    float hop_room = 90 * s; /* above the cards, for the hopping card */
    float ch = ((area_bot - area_top) - hop_room - (float)(rows - 1) * gap) / (float)rows;
    float top;
    int compact;
    float cx[DS_NGAMES], cy[DS_NGAMES];
    double t = f->t;
    int i;
    char status[128];
    const char *tagline = ui_str(f->view, UI_PH_TAGLINE);

    if (ch > 96 * s) ch = 96 * s;
    compact = ch < 80 * s;
    top = area_top + ((area_bot - area_top) - ((float)rows * ch + (float)(rows - 1) * gap + hop_room)) / 2 + hop_room;

    SDL_SetRenderDrawColor(r, th->bg.r, th->bg.g, th->bg.b, 255);
    SDL_RenderClear(r);

    text_draw(f->text, r, DS_FONT_TITLE, pad, pad, DS_ALIGN_LEFT, th->fg, "deckscope");
    if (text_width(f->text, DS_FONT_BODY, tagline) > f->w - 2 * pad)
        tagline = ui_str(f->view, UI_PH_TAGLINE_SHORT);
    text_draw(f->text, r, DS_FONT_BODY, pad, pad + title_h + 4 * s, DS_ALIGN_LEFT, th->muted, tagline);
    snprintf(status, sizeof status, ui_str(f->view, UI_PH_STATUS),
             t, f->frame, f->w, f->h, s);
    text_draw(f->text, r, DS_FONT_SMALL, pad, f->h - pad - small_h, DS_ALIGN_LEFT, th->muted, status);
    if (f->view && f->view->busy) {
        /* A game is being prepared (goudan's table): show how far it is. */
        float bw = f->w - 2 * pad, by = pad + title_h + 28 * s + text_line_height(f->text, DS_FONT_BODY);
        char msg[64];
        snprintf(msg, sizeof msg, ui_str(f->view, UI_PH_SOLVING), dsv_game_id(f->view->game < 0 ? 0 : f->view->game),
                 f->view->progress * 100);
        draw_round_rect(r, pad, by, bw, 10 * s, 5 * s, th->card_edge);
        draw_round_rect(r, pad, by, bw * (float)f->view->progress, 10 * s, 5 * s, th->accent);
        text_draw(f->text, r, DS_FONT_BODY, pad, by + 16 * s, DS_ALIGN_LEFT, th->fg, msg);
    }
    if (cw < 60 * s || ch < 32 * s) return; /* too small for the cards */

    p->highlight = -1;
    for (i = 0; i < DS_NGAMES; i++) {
        int col = i % cols, row = i / cols;
        float x = pad + (float)col * (cw + gap), y = top + (float)row * (ch + gap);
        int hot = (p->mx >= x && p->mx < x + cw && p->my >= y && p->my < y + ch);
        int picked = (f->game == i);
        float b = picked ? 2 * s : 1 * s;
        const ds_scene *game = ds_scene_of_game(i); /* its colour and words (scene_<id>.c) */
        cx[i] = x + cw / 2;
        cy[i] = y;
        if (hot) p->highlight = i;
        draw_round_rect(r, x, y, cw, ch, 10 * s, picked ? game->accent : th->card_edge);
        draw_round_rect(r, x + b, y + b, cw - 2 * b, ch - 2 * b, 10 * s - b,
                        hot ? color_mix(th->card, game->accent, 0.12f) : th->card);
        if (compact) {
            float lh = text_line_height(f->text, DS_FONT_BODY);
            draw_rect(r, x + 14 * s, y + ch * 0.25f, 4 * s, ch * 0.5f, game->accent);
            text_draw(f->text, r, DS_FONT_BODY, x + 28 * s, y + (ch - lh) / 2, DS_ALIGN_LEFT, th->fg,
                      ds_game_id(i));
        } else {
            draw_rect(r, x + 14 * s, y + 16 * s, 4 * s, ch - 32 * s, game->accent);
            text_draw(f->text, r, DS_FONT_TITLE, x + 28 * s, y + 14 * s, DS_ALIGN_LEFT, th->fg,
                      ds_game_id(i));
            text_draw(f->text, r, DS_FONT_BODY, x + 28 * s, y + ch - 34 * s, DS_ALIGN_LEFT, th->muted,
                      ui_word_str(f->view, &game->card));
        }
    }

    /* The moving element: a card hopping from game to game, 1.2 s per hop,
     * landing on top of each game's card. */
    {
        double hop = t / 1.2;
        int from = (int)fmod(floor(hop), DS_NGAMES), to = (from + 1) % DS_NGAMES;
        float k = ease((float)(hop - floor(hop)));
        float bx = cx[from] + (cx[to] - cx[from]) * k;
        float by = cy[from] + (cy[to] - cy[from]) * k - 22 * s - (float)sin(k * 3.14159265) * 40 * s;
        SDL_Color c = color_mix(ds_scene_of_game(from)->accent, ds_scene_of_game(to)->accent, k);
        float ground = cy[from] + (cy[to] - cy[from]) * k;
        float sw = 26 * s * (0.5f + 0.5f * (1 - (float)sin(k * 3.14159265)));
        draw_round_rect(r, bx - sw / 2, ground - 3 * s, sw, 6 * s, 3 * s,
                        color_mix(th->bg, th->fg, 0.18f)); /* shadow */
        mini_card(f, bx, by, s, c, ds_scene_of_game(k < 0.5f ? from : to)->mark);
    }
}

const ds_scene ds_scene_placeholder = {.name = "placeholder", .create = create, .destroy = destroy, .event = event,
    .draw = draw};
