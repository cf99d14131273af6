/* text_atlas.c - glyph atlas baking with stb_truetype and stb_rect_pack. */
#include "text_atlas.h"

#include <stdlib.h>
#include <string.h>

#include "stb_rect_pack.h"
#include "stb_truetype.h"

uint32_t ds_utf8_next(const char **s) {
    const unsigned char *p = (const unsigned char *)*s;
    uint32_t c = p[0];
    int n, i;
    if (c < 0x80) { *s += 1; return c; }
    if ((c & 0xE0) == 0xC0) { n = 1; c &= 0x1F; }
    else if ((c & 0xF0) == 0xE0) { n = 2; c &= 0x0F; }
    else if ((c & 0xF8) == 0xF0) { n = 3; c &= 0x07; }
    else { *s += 1; return 0xFFFD; }
    for (i = 1; i <= n; i++) {
        if ((p[i] & 0xC0) != 0x80) { *s += i; return 0xFFFD; }
        c = (c << 6) | (p[i] & 0x3F);
    }
    *s += n + 1;
    return c;
}

int ds_atlas_find(const ds_atlas *a, uint32_t cp) {
    int lo = 0, hi = a->ncps - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (a->cps[mid] == cp) return mid;
        if (a->cps[mid] < cp) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
}

void ds_atlas_free(ds_atlas *a) {
    free(a->pixels);
    free(a->cps);
    free(a->glyphs);
    free(a->info);
    memset(a, 0, sizeof *a);
}

static uint32_t be32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* stb_truetype trusts its input: check the table directory stays inside the
 * buffer before handing it over (a single TrueType/OpenType font). */
static int font_ok(const unsigned char *p, size_t n) {
    uint32_t tag, i, nt;
    if (n < 12) return 0;
    tag = be32(p);
    if (tag != 0x00010000u && tag != 0x74727565u /* true */ && tag != 0x4F54544Fu /* OTTO */)
        return 0;
    nt = (uint32_t)p[4] << 8 | p[5];
    if (nt == 0 || 12 + 16 * (size_t)nt > n) return 0;
    for (i = 0; i < nt; i++) {
        uint32_t off = be32(p + 12 + 16 * i + 8), len = be32(p + 12 + 16 * i + 12);
        if (off > n || len > n - off) return 0;
    }
    return 1;
}

static int try_pack(ds_atlas *a, const unsigned char *ttf, stbtt_pack_range *pr, int w, int h) {
    stbtt_pack_context pc;
    unsigned char *pixels = calloc((size_t)w * (size_t)h, 1);
    int ok;
    if (!pixels) return -1;
    if (!stbtt_PackBegin(&pc, pixels, w, h, 0, 1, NULL)) { free(pixels); return -1; }
    ok = stbtt_PackFontRanges(&pc, ttf, 0, pr, a->nfonts);
    stbtt_PackEnd(&pc);
    if (!ok) { free(pixels); return 1; }
    free(a->pixels);
    a->pixels = pixels;
    a->w = w;
    a->h = h;
    return 0;
}

int ds_atlas_bake(ds_atlas *a, const unsigned char *ttf, size_t ttf_size,
                  const uint32_t (*ranges)[2], int nranges,
                  const float *px, int nsizes) {
    stbtt_fontinfo *info;
    stbtt_pack_range pr[DS_ATLAS_MAX_FONTS];
    stbtt_packedchar *packed = NULL;
    int *cps_int = NULL;
    int i, j, n = 0, w = 256, h = 256, rc = 1;
    uint32_t cp;
    int asc, desc, gap;

    memset(a, 0, sizeof *a);
    if (nsizes < 1 || nsizes > DS_ATLAS_MAX_FONTS || !font_ok(ttf, ttf_size)) return -1;
    info = calloc(1, sizeof *info);
    if (!info) return -1;
    a->info = info;
    if (!stbtt_InitFont(info, ttf, stbtt_GetFontOffsetForIndex(ttf, 0))) goto fail;

    for (i = 0; i < nranges; i++) n += (int)(ranges[i][1] - ranges[i][0] + 1);
    a->cps = malloc(sizeof *a->cps * (size_t)(n ? n : 1));
    cps_int = malloc(sizeof *cps_int * (size_t)(n ? n : 1));
    if (!a->cps || !cps_int) goto fail;
    /* Ranges are sorted by the generator; keep the code points the font has. */
    for (i = 0; i < nranges; i++)
        for (cp = ranges[i][0]; cp <= ranges[i][1]; cp++)
            if (stbtt_FindGlyphIndex(info, (int)cp) && (a->ncps == 0 || a->cps[a->ncps - 1] < cp)) {
                a->cps[a->ncps] = cp;
                cps_int[a->ncps] = (int)cp;
                a->ncps++;
            }
    if (a->ncps == 0) goto fail;
    a->fallback = ds_atlas_find(a, '?');
    if (a->fallback < 0) a->fallback = 0;

    a->nfonts = nsizes;
    packed = calloc((size_t)nsizes * (size_t)a->ncps, sizeof *packed);
    a->glyphs = calloc((size_t)nsizes * (size_t)a->ncps, sizeof *a->glyphs);
    if (!packed || !a->glyphs) goto fail;
    stbtt_GetFontVMetrics(info, &asc, &desc, &gap);
    for (i = 0; i < nsizes; i++) {
        float s = stbtt_ScaleForPixelHeight(info, px[i]);
        memset(&pr[i], 0, sizeof pr[i]);
        pr[i].font_size = px[i];
        pr[i].array_of_unicode_codepoints = cps_int;
        pr[i].num_chars = a->ncps;
        pr[i].chardata_for_range = packed + (size_t)i * (size_t)a->ncps;
        a->fonts[i].px = px[i];
        a->fonts[i].ascent = (float)asc * s;
        a->fonts[i].descent = (float)desc * s;
        a->fonts[i].line_gap = (float)gap * s;
        a->kern_scale[i] = s;
    }
    /* Grow the atlas until everything fits (256x256 .. 4096x4096). */
    while (rc == 1 && w <= 4096) {
        rc = try_pack(a, ttf, pr, w, h);
        if (rc == 1) { if (w == h) w *= 2; else h *= 2; }
    }
    if (rc != 0) goto fail;
    for (j = 0; j < nsizes * a->ncps; j++) {
        const stbtt_packedchar *p = &packed[j];
        ds_glyph *g = &a->glyphs[j];
        g->x0 = p->x0; g->y0 = p->y0; g->x1 = p->x1; g->y1 = p->y1;
        g->xoff = p->xoff; g->yoff = p->yoff; g->xoff2 = p->xoff2; g->yoff2 = p->yoff2;
        g->xadvance = p->xadvance;
    }
    free(packed);
    free(cps_int);
    return 0;
fail:
    free(packed);
    free(cps_int);
    ds_atlas_free(a);
    return -1;
}

int ds_atlas_quad(const ds_atlas *a, int font, uint32_t prev, uint32_t cp,
                  float *x, float y, ds_quad *q) {
    int i = ds_atlas_find(a, cp);
    const ds_glyph *g;
    if (i < 0) i = a->fallback;
    if (prev)
        *x += a->kern_scale[font] *
              (float)stbtt_GetCodepointKernAdvance((const stbtt_fontinfo *)a->info, (int)prev, (int)cp);
    g = &a->glyphs[(size_t)font * (size_t)a->ncps + (size_t)i];
    q->x0 = *x + g->xoff;
    q->y0 = y + g->yoff;
    q->x1 = *x + g->xoff2;
    q->y1 = y + g->yoff2;
    q->s0 = (float)g->x0 / (float)a->w;
    q->t0 = (float)g->y0 / (float)a->h;
    q->s1 = (float)g->x1 / (float)a->w;
    q->t1 = (float)g->y1 / (float)a->h;
    *x += g->xadvance;
    return g->x1 > g->x0 ? 0 : 1;
}

float ds_atlas_measure(const ds_atlas *a, int font, const char *utf8) {
    float x = 0;
    uint32_t prev = 0;
    ds_quad q;
    while (*utf8) {
        uint32_t cp = ds_utf8_next(&utf8);
        ds_atlas_quad(a, font, prev, cp, &x, 0, &q);
        prev = cp;
    }
    return x;
}
