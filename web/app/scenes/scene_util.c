/* scene_util.c - drawing helpers shared by the game scenes (scene_util.h). */
#include "scenes/scene_util.h"

#include <math.h>
#include <string.h>

#include "scenes/draw.h"

#define SU_PI 3.14159265358979f

su_palette su_palette_make(const ds_theme *th) {
    su_palette p;
    p.bg = th->bg;
    p.fg = th->fg;
    p.muted = th->muted;
    p.accent = th->accent;
    p.card = th->card;
    p.card_edge = th->card_edge;
    if (th->dark) {
        p.red = (SDL_Color){0xff, 0x5f, 0x5f, 255};
        p.green = (SDL_Color){0x4c, 0xcf, 0x85, 255};
        p.amber = (SDL_Color){0xf5, 0xb3, 0x3d, 255};
        p.violet = (SDL_Color){0xb4, 0x8e, 0xff, 255};
        p.teal = (SDL_Color){0x3c, 0xc8, 0xc8, 255};
        p.rose = (SDL_Color){0xf0, 0x7a, 0xc0, 255};
        p.shadow = (SDL_Color){0, 0, 0, 110};
    } else {
        p.red = (SDL_Color){0xcf, 0x22, 0x2e, 255};
        p.green = (SDL_Color){0x1a, 0x8a, 0x4c, 255};
        p.amber = (SDL_Color){0xb0, 0x6a, 0x00, 255};
        p.violet = (SDL_Color){0x74, 0x47, 0xd6, 255};
        p.teal = (SDL_Color){0x0b, 0x84, 0x8a, 255};
        p.rose = (SDL_Color){0xc0, 0x2c, 0x86, 255};
        p.shadow = (SDL_Color){0x20, 0x2a, 0x3a, 40};
    }
    return p;
}

float su_clampf(float x, float lo, float hi) { return x < lo ? lo : x > hi ? hi : x; }
float su_lerp(float a, float b, float k) { return a + (b - a) * k; }
float su_phase(float k, float a, float b) { return b > a ? su_clampf((k - a) / (b - a), 0, 1) : (k >= b ? 1.0f : 0.0f); }
float su_smooth(float x) { x = su_clampf(x, 0, 1); return x * x * (3 - 2 * x); }
float su_bump(float x) { return sinf(su_clampf(x, 0, 1) * SU_PI); }

int su_count(int a, int b, float k) {
    float v = (float)a + (float)(b - a) * su_clampf(k, 0, 1);
    return (int)lroundf(v);
}

SDL_Color su_alpha(SDL_Color c, float a) {
    c.a = (Uint8)su_clampf((float)c.a * a + 0.5f, 0, 255);
    return c;
}

/* ---- shapes ---------------------------------------------------------------- */

static void quad(SDL_Renderer *r, const SDL_FPoint pt[4], SDL_Color c) {
    static const int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_Vertex v[4];
    int i;
    for (i = 0; i < 4; i++) {
        v[i].position = pt[i];
        v[i].color = c;
        v[i].tex_coord.x = v[i].tex_coord.y = 0;
    }
    draw_geometry(r, v, 4, idx, 6);
}

void su_outline(SDL_Renderer *r, float x, float y, float w, float h, float rad, float t,
                SDL_Color c) {
    /* Four straight sides plus quarter rings at the corners. */
    enum { SEG = 6 };
    SDL_Vertex v[4 * (SEG + 1) * 2];
    int idx[4 * SEG * 6];
    int k, i, nv = 0, ni = 0;
    float cxs[4], cys[4];
    if (t <= 0 || w <= 0 || h <= 0) return;
    if (rad * 2 > w) rad = w / 2;
    if (rad * 2 > h) rad = h / 2;
    if (rad < t) rad = t;
    draw_rect(r, x + rad, y, w - 2 * rad, t, c);
    draw_rect(r, x + rad, y + h - t, w - 2 * rad, t, c);
    draw_rect(r, x, y + rad, t, h - 2 * rad, c);
    draw_rect(r, x + w - t, y + rad, t, h - 2 * rad, c);
    cxs[0] = x + w - rad; cys[0] = y + rad;      /* top right: -90..0 */
    cxs[1] = x + w - rad; cys[1] = y + h - rad;  /* bottom right: 0..90 */
    cxs[2] = x + rad;     cys[2] = y + h - rad;  /* bottom left: 90..180 */
    cxs[3] = x + rad;     cys[3] = y + rad;      /* top left: 180..270 */
    for (k = 0; k < 4; k++) {
        float a0 = -SU_PI / 2 + (float)k * SU_PI / 2;
        int base = nv;
        for (i = 0; i <= SEG; i++) {
            float a = a0 + (SU_PI / 2) * (float)i / SEG, ca = cosf(a), sa = sinf(a);
            SDL_Vertex *o = &v[nv++], *in = &v[nv++];
            o->position.x = cxs[k] + rad * ca; o->position.y = cys[k] + rad * sa;
            in->position.x = cxs[k] + (rad - t) * ca; in->position.y = cys[k] + (rad - t) * sa;
            o->color = in->color = c;
            o->tex_coord.x = o->tex_coord.y = in->tex_coord.x = in->tex_coord.y = 0;
        }
        for (i = 0; i < SEG; i++) {
            int a = base + i * 2;
            idx[ni++] = a; idx[ni++] = a + 1; idx[ni++] = a + 3;
            idx[ni++] = a; idx[ni++] = a + 3; idx[ni++] = a + 2;
        }
    }
    draw_geometry(r, v, nv, idx, ni);
}

void su_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, float width, SDL_Color c) {
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy), nx, ny;
    SDL_FPoint pt[4];
    if (len < 1e-3f) return;
    nx = -dy / len * width / 2;
    ny = dx / len * width / 2;
    pt[0].x = x0 + nx; pt[0].y = y0 + ny;
    pt[1].x = x1 + nx; pt[1].y = y1 + ny;
    pt[2].x = x1 - nx; pt[2].y = y1 - ny;
    pt[3].x = x0 - nx; pt[3].y = y0 - ny;
    quad(r, pt, c);
}

void su_triangle(SDL_Renderer *r, float x0, float y0, float x1, float y1, float x2, float y2,
                 SDL_Color c) {
    static const int idx[3] = {0, 1, 2};
    SDL_Vertex v[3];
    int i;
    v[0].position.x = x0; v[0].position.y = y0;
    v[1].position.x = x1; v[1].position.y = y1;
    v[2].position.x = x2; v[2].position.y = y2;
    for (i = 0; i < 3; i++) {
        v[i].color = c;
        v[i].tex_coord.x = v[i].tex_coord.y = 0;
    }
    draw_geometry(r, v, 3, idx, 3);
}

void su_arrow_head(SDL_Renderer *r, float x, float y, float angle, float size, SDL_Color c) {
    float ca = cosf(angle), sa = sinf(angle);
    float bx = x - ca * size, by = y - sa * size; /* the base centre */
    float hx = -sa * size * 0.62f, hy = ca * size * 0.62f;
    su_triangle(r, x, y, bx + hx, by + hy, bx - hx, by - hy, c);
}

void su_arc(SDL_Renderer *r, float cx, float cy, float rx, float ry, float a0, float a1,
            float width, SDL_Color c) {
    enum { SEG = 48 };
    SDL_Vertex v[(SEG + 1) * 2];
    int idx[SEG * 6];
    int i, n, ni = 0;
    float span = a1 - a0;
    n = (int)(fabsf(span) / (2 * SU_PI) * SEG) + 2;
    if (n > SEG) n = SEG;
    for (i = 0; i <= n; i++) {
        float a = a0 + span * (float)i / (float)n, ca = cosf(a), sa = sinf(a);
        /* the normal of an ellipse at angle a: (ry cos, rx sin), normalised */
        float nx = ry * ca, ny = rx * sa, nl = sqrtf(nx * nx + ny * ny);
        float px = cx + rx * ca, py = cy + ry * sa;
        if (nl < 1e-6f) nl = 1;
        nx = nx / nl * width / 2;
        ny = ny / nl * width / 2;
        v[i * 2].position.x = px + nx; v[i * 2].position.y = py + ny;
        v[i * 2 + 1].position.x = px - nx; v[i * 2 + 1].position.y = py - ny;
        v[i * 2].color = v[i * 2 + 1].color = c;
        v[i * 2].tex_coord.x = v[i * 2].tex_coord.y = 0;
        v[i * 2 + 1].tex_coord.x = v[i * 2 + 1].tex_coord.y = 0;
    }
    for (i = 0; i < n; i++) {
        int a = i * 2;
        idx[ni++] = a; idx[ni++] = a + 1; idx[ni++] = a + 3;
        idx[ni++] = a; idx[ni++] = a + 3; idx[ni++] = a + 2;
    }
    draw_geometry(r, v, (n + 1) * 2, idx, ni);
}

void su_ellipse(SDL_Renderer *r, float cx, float cy, float rx, float ry, SDL_Color c) {
    enum { SEG = 72 };
    SDL_Vertex v[SEG + 1];
    int idx[SEG * 3];
    int i;
    v[0].position.x = cx; v[0].position.y = cy;
    for (i = 0; i <= SEG; i++) {
        if (i > 0) {
            float a = 2 * SU_PI * (float)(i - 1) / SEG;
            v[i].position.x = cx + rx * cosf(a);
            v[i].position.y = cy + ry * sinf(a);
        }
        v[i].color = c;
        v[i].tex_coord.x = v[i].tex_coord.y = 0;
    }
    for (i = 0; i < SEG; i++) {
        idx[i * 3] = 0;
        idx[i * 3 + 1] = i + 1;
        idx[i * 3 + 2] = i + 1 < SEG ? i + 2 : 1;
    }
    draw_geometry(r, v, SEG + 1, idx, SEG * 3);
}

/* ---- text ------------------------------------------------------------------ */

float su_text_zoom_width(const ds_frame *f, int font, float zoom, const char *utf8) {
    return text_width(f->text, font, utf8) * zoom;
}

float su_text_zoom(const ds_frame *f, int font, float zoom, float x, float y, ds_align align,
                   SDL_Color c, const char *utf8) {
    return text_draw_zoom(f->text, f->r, font, zoom, x, y, align, c, utf8);
}

float su_text_mid(const ds_frame *f, int font, float x, float cy, ds_align align, SDL_Color c,
                  const char *utf8) {
    const ds_atlas_font *af = &f->text->atlas.fonts[font];
    /* centre the cap height band (ascent scaled down a little) on cy */
    float top = cy - (af->ascent * 0.72f) / 2 - af->ascent * 0.28f;
    return text_draw(f->text, f->r, font, x, top, align, c, utf8);
}

float su_text_fit(const ds_frame *f, int font, float x, float cy, float max_w, ds_align align,
                  SDL_Color c, const char *utf8) {
    char buf[96];
    size_t n, len = strlen(utf8);
    if (text_width(f->text, font, utf8) <= max_w || len >= sizeof buf - 4)
        return su_text_mid(f, font, x, cy, align, c, utf8);
    for (n = len; n > 0; n--) {
        if ((utf8[n] & 0xC0) == 0x80) continue; /* not at a code point start */
        memcpy(buf, utf8, n);
        memcpy(buf + n, "\xe2\x80\xa6", 4);
        if (text_width(f->text, font, buf) <= max_w) break;
    }
    if (n == 0) return 0;
    return su_text_mid(f, font, x, cy, align, c, buf);
}

/* ---- cards ----------------------------------------------------------------- */

void su_card(const ds_frame *f, const su_palette *p, float x, float y, float w, float h,
             const su_card_style *st, const char *label) {
    float e = st->edge_w;
    (void)p;
    if (st->lift > 0)
        draw_round_rect(f->r, x + st->lift * 0.3f, y + st->lift, w, h, st->radius,
                        su_alpha(p->shadow, (float)st->face.a / 255.0f));
    draw_round_rect(f->r, x, y, w, h, st->radius, st->edge);
    if (e > 0)
        draw_round_rect(f->r, x + e, y + e, w - 2 * e, h - 2 * e, st->radius - e > 0 ? st->radius - e : 0,
                        st->face);
    if (label && *label) {
        const ds_atlas_font *af = &f->text->atlas.fonts[st->font];
        float z = st->zoom > 0 ? st->zoom : 1;
        float capy = y + h / 2 - (af->ascent * 0.72f * z) / 2 - af->ascent * 0.28f * z;
        text_shape_begin(f->text, x, y, w, h, label);
        su_text_zoom(f, st->font, z, x + w / 2, capy, DS_ALIGN_CENTER, st->ink, label);
        text_shape_end(f->text);
    }
}

float su_badge_left(const ds_frame *f, float x, float cy, int font, SDL_Color fill,
                    SDL_Color ink, const char *utf8) {
    float s = f->scale, tw = text_width(f->text, font, utf8);
    float h = text_line_height(f->text, font) + 2 * s, w = tw + h * 0.9f;
    draw_round_rect(f->r, x, cy - h / 2, w, h, h / 2, fill);
    text_shape_begin(f->text, x, cy - h / 2, w, h, utf8);
    su_text_mid(f, font, x + w / 2, cy, DS_ALIGN_CENTER, ink, utf8);
    text_shape_end(f->text);
    return w;
}

float su_badge(const ds_frame *f, float cx, float cy, int font, SDL_Color fill, SDL_Color ink,
               const char *utf8) {
    float s = f->scale, tw = text_width(f->text, font, utf8);
    float h = text_line_height(f->text, font) + 2 * s, w = tw + h * 0.9f;
    return su_badge_left(f, cx - w / 2, cy, font, fill, ink, utf8);
}

void su_fly(float x0, float y0, float x1, float y1, float lift, float k, float *x, float *y) {
    k = su_clampf(k, 0, 1);
    *x = su_lerp(x0, x1, k);
    *y = su_lerp(y0, y1, k) - lift * 4 * k * (1 - k);
}

/* ---- clickable candidates ------------------------------------------------------ */

/* The hits a frame reports (its ds_frame_out): scenes get the view const and
 * never write into it; the regions go with the frame, as the strings it drew
 * do (text.c). */
static dsv_hits *hits_of(const ds_frame *f) {
    return f->view && f->out ? &f->out->hits : NULL;
}

/* Appends the JSON string at *pp (just after its opening quote) to out,
 * unescaped (labels are ASCII and UTF-8; \uXXXX beyond ASCII is not used in
 * labels and is kept as '?'). Returns 0, or -1 when it does not fit. */
static int json_label(const char **pp, const char *end, char *out, size_t cap) {
    const char *p = *pp;
    size_t n = 0;
    while (p < end && *p != '"') {
        char c = *p++;
        if (c == '\\' && p < end) {
            c = *p++;
            if (c == 'n') c = '\n';
            else if (c == 't') c = '\t';
            else if (c == 'u') { p += p + 4 <= end ? 4 : 0; c = '?'; }
        }
        if (n + 1 >= cap) return -1;
        out[n++] = c;
    }
    out[n] = 0;
    *pp = p < end ? p + 1 : p;
    return 0;
}

/* The candidate labels of event i's decision record ("decision": {...,
 * "candidates": [{"label": ...}, ...]}) into h; their number (0: none). */
/* The "label" strings of the objects of the JSON array that starts at p
 * (just after its '['), appended to h->label from h->nlabels; -1 when there
 * are more than the regions can name. */
static int read_labels(const char *p, const char *end, dsv_hits *h) {
    int depth = 1;
    while (p < end && depth > 0) {
        if (*p == '"') {
            /* a key or a string: only "label" keys one object down count */
            static const char key[] = "\"label\":\"";
            if (depth == 2 && (size_t)(end - p) > sizeof key - 1 && !strncmp(p, key, sizeof key - 1)) {
                p += sizeof key - 1;
                if (h->nlabels >= DSV_HIT_LABELS || json_label(&p, end, h->label[h->nlabels], DS_CHOICE_LABEL) != 0)
                    return -1;
                h->nlabels++;
                continue;
            }
            p++;
            while (p < end && *p != '"') p += *p == '\\' ? 2 : 1;
            p++;
            continue;
        }
        if (*p == '[' || *p == '{') depth++;
        else if (*p == ']' || *p == '}') depth--;
        p++;
    }
    return 0;
}

/* The labels a click may take at event i: its decision record's candidates
 * and, where the record has them, its "declines" (mahjong: a seat that does
 * not claim, which --try and play mode accept too). None when there are more
 * than the regions can name. */
static int read_candidates(const ds_view *v, size_t i, dsv_hits *h) {
    ds_buf b;
    const char *dec, *p, *end;
    ds_buf_init(&b);
    h->nlabels = 0;
    if (dsv_event_json(v, i, &b) != 0) goto done;
    ds_buf_puts(&b, ""); /* NUL-terminated for strstr */
    if (b.failed || !b.data) goto done;
    end = b.data + b.len;
    dec = strstr(b.data, "\"decision\":{");
    p = dec ? strstr(dec, "\"candidates\":[") : NULL;
    if (!p || read_labels(p + strlen("\"candidates\":["), end, h) != 0) {
        h->nlabels = 0;
        goto done;
    }
    p = strstr(dec, "\"declines\":[");
    if (p && read_labels(p + strlen("\"declines\":["), end, h) != 0) h->nlabels = 0;
done:
    ds_buf_free(&b);
    return h->nlabels;
}

int su_hits_begin(const ds_frame *f) {
    dsv_hits *h = hits_of(f);
    const ds_view *v = f->view;
    if (!h) return 0;
    h->valid = 0;
    h->n = 0;
    h->step = v->step;
    h->generation = v->generation;
    if (!v->loaded || v->busy || v->step >= v->trace.n) return 0;
    if (dsv_tween_event(v) && v->anim < 1) return 0; /* moving: nothing to click */
    if (h->cand_generation != v->generation || h->cand_step != v->step) {
        /* once per step: the engine's JSON of the event */
        read_candidates(v, v->step, h);
        h->cand_generation = v->generation;
        h->cand_step = v->step;
    }
    h->valid = h->nlabels > 0;
    return h->valid ? h->nlabels : 0;
}

uint64_t su_hits_match(const ds_frame *f, const char *s, int how) {
    const dsv_hits *h = hits_of(f);
    size_t ls = strlen(s);
    uint64_t m = 0;
    int k;
    if (!h || !h->valid) return 0;
    for (k = 0; k < h->nlabels; k++) {
        const char *l = h->label[k];
        size_t ll = strlen(l);
        int ok = how == SU_HIT_PREFIX   ? ll >= ls && !strncmp(l, s, ls)
                 : how == SU_HIT_SUFFIX ? ll >= ls && !strcmp(l + ll - ls, s)
                                        : !strcmp(l, s);
        if (ok) m |= (uint64_t)1 << k;
    }
    return m;
}

void su_hits_add(const ds_frame *f, float x, float y, float w, float h, uint64_t mask) {
    dsv_hits *hs = hits_of(f);
    float s = f->scale > 0 ? f->scale : 1;
    dsv_hit *r;
    if (!hs || !hs->valid || !mask || hs->n >= DSV_HITS_MAX || w <= 0 || h <= 0) return;
    r = &hs->r[hs->n++];
    r->x = x / s;
    r->y = y / s;
    r->w = w / s;
    r->h = h / s;
    r->mask = mask;
}

uint64_t su_hits_uncovered(const ds_frame *f, uint64_t mask) {
    const dsv_hits *h = hits_of(f);
    int i;
    if (!h || !h->valid) return 0;
    if (h->nlabels < 64) mask &= ((uint64_t)1 << h->nlabels) - 1;
    for (i = 0; i < h->n; i++) mask &= ~h->r[i].mask;
    return mask;
}

const char *su_hits_label(const ds_frame *f, int k) {
    const dsv_hits *h = hits_of(f);
    return h && k >= 0 && k < h->nlabels ? h->label[k] : "";
}
