/* text_atlas.c - glyph atlas baking with stb_truetype and stb_rect_pack. */
#include "text/text_atlas.h"

#include <stdlib.h>
#include <string.h>

#include "text/font_data.h"
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
    free(a->src);
    free(a->glyphs);
    free(a->info);
    free(a->kern);
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

/* One source's share of the packing: its code points (in atlas order) and
 * the packed rectangles stb_truetype returns for them, per pixel size. */
typedef struct src_pack {
    int n;                 /* code points taken from this source */
    int *cps;              /* n code points */
    int *at;               /* n indices into a->cps */
    stbtt_packedchar *packed; /* nsizes * n */
    stbrp_rect *rects;     /* nsizes * n: their boxes in the atlas */
    stbtt_pack_range pr[DS_ATLAS_MAX_FONTS];
} src_pack;

/* Places every glyph of every source in a w x h atlas, the sources one after
 * the other in one packing (as stbtt_PackFontRanges would, called per source),
 * and draws them only when all fit: a size that is too small costs the
 * placing, not the rasterising. 0 (a->pixels, a->w, a->h set), 1 (does not
 * fit), -1 (no memory). */
static int try_pack(ds_atlas *a, const stbtt_fontinfo *info, src_pack *sp, int nsrc, int w, int h) {
    stbtt_pack_context pc;
    unsigned char *pixels;
    int fits = 1, k, i, m;
    if (!stbtt_PackBegin(&pc, NULL, w, h, 0, 1, NULL)) return -1;
    for (k = 0; k < nsrc && fits; k++) {
        if (sp[k].n == 0) continue;
        m = stbtt_PackFontRangesGatherRects(&pc, &info[k], sp[k].pr, a->nfonts, sp[k].rects);
        stbtt_PackFontRangesPackRects(&pc, sp[k].rects, m);
        for (i = 0; i < m; i++)
            if (!sp[k].rects[i].was_packed) fits = 0;
    }
    if (!fits) {
        stbtt_PackEnd(&pc);
        return 1;
    }
    pixels = calloc((size_t)w * (size_t)h, 1);
    if (!pixels) {
        stbtt_PackEnd(&pc);
        return -1;
    }
    pc.pixels = pixels; /* the boxes are placed; now draw into them */
    for (k = 0; k < nsrc; k++)
        if (sp[k].n > 0) stbtt_PackFontRangesRenderIntoRects(&pc, &info[k], sp[k].pr, a->nfonts, sp[k].rects);
    stbtt_PackEnd(&pc);
    free(a->pixels);
    a->pixels = pixels;
    a->w = w;
    a->h = h;
    return 0;
}

typedef struct cp_src {
    uint32_t cp;
    int src;
} cp_src;

static int cmp_cp_src(const void *x, const void *y) {
    const cp_src *a = x, *b = y;
    if (a->cp != b->cp) return a->cp < b->cp ? -1 : 1;
    return a->src - b->src;
}

int ds_atlas_bake(ds_atlas *a, const unsigned char *ttf, size_t ttf_size,
                  const uint32_t (*ranges)[2], int nranges,
                  const float *px, int nsizes) {
    ds_atlas_source one;
    one.ttf = ttf;
    one.ttf_size = ttf_size;
    one.ranges = ranges;
    one.nranges = nranges;
    one.em_scale = 1;
    return ds_atlas_bake_sources(a, &one, 1, px, nsizes);
}

int ds_atlas_bake_sources(ds_atlas *a, const ds_atlas_source *src, int nsrc,
                          const float *px, int nsizes) {
    stbtt_fontinfo *info;
    src_pack sp[DS_ATLAS_MAX_SOURCES];
    cp_src *all = NULL;
    int i, j, k, n = 0, nall = 0, w = 256, h = 256, rc = 1;
    uint32_t cp;
    int asc, desc, gap;

    memset(a, 0, sizeof *a);
    memset(sp, 0, sizeof sp);
    if (nsizes < 1 || nsizes > DS_ATLAS_MAX_FONTS || nsrc < 1 || nsrc > DS_ATLAS_MAX_SOURCES) return -1;
    for (k = 0; k < nsrc; k++)
        if (!font_ok(src[k].ttf, src[k].ttf_size)) return -1;
    info = calloc((size_t)nsrc, sizeof *info);
    if (!info) return -1;
    a->info = info;
    for (k = 0; k < nsrc; k++)
        if (!stbtt_InitFont(&info[k], src[k].ttf, stbtt_GetFontOffsetForIndex(src[k].ttf, 0))) goto fail;

    /* Every code point asked for that a source has, the first source first. */
    for (k = 0; k < nsrc; k++)
        for (i = 0; i < src[k].nranges; i++) n += (int)(src[k].ranges[i][1] - src[k].ranges[i][0] + 1);
    all = malloc(sizeof *all * (size_t)(n ? n : 1));
    a->cps = malloc(sizeof *a->cps * (size_t)(n ? n : 1));
    a->src = malloc((size_t)(n ? n : 1));
    if (!all || !a->cps || !a->src) goto fail;
    for (k = 0; k < nsrc; k++)
        for (i = 0; i < src[k].nranges; i++)
            for (cp = src[k].ranges[i][0]; cp <= src[k].ranges[i][1]; cp++)
                if (stbtt_FindGlyphIndex(&info[k], (int)cp)) {
                    all[nall].cp = cp;
                    all[nall].src = k;
                    nall++;
                }
    qsort(all, (size_t)nall, sizeof *all, cmp_cp_src);
    for (i = 0; i < nall; i++) {
        if (a->ncps > 0 && a->cps[a->ncps - 1] == all[i].cp) continue; /* an earlier source has it */
        a->cps[a->ncps] = all[i].cp;
        a->src[a->ncps] = (unsigned char)all[i].src;
        a->ncps++;
    }
    if (a->ncps == 0) goto fail;
    a->fallback = ds_atlas_find(a, '?');
    if (a->fallback < 0) a->fallback = 0;

    for (i = 0; i < a->ncps; i++) sp[a->src[i]].n++;
    for (k = 0; k < nsrc; k++) {
        int m = sp[k].n ? sp[k].n : 1;
        sp[k].cps = malloc(sizeof *sp[k].cps * (size_t)m);
        sp[k].at = malloc(sizeof *sp[k].at * (size_t)m);
        sp[k].packed = calloc((size_t)nsizes * (size_t)m, sizeof *sp[k].packed);
        sp[k].rects = calloc((size_t)nsizes * (size_t)m, sizeof *sp[k].rects);
        if (!sp[k].cps || !sp[k].at || !sp[k].packed || !sp[k].rects) goto fail;
        sp[k].n = 0;
    }
    for (i = 0; i < a->ncps; i++) {
        src_pack *p = &sp[a->src[i]];
        p->cps[p->n] = (int)a->cps[i];
        p->at[p->n] = i;
        p->n++;
    }

    a->nfonts = nsizes;
    a->glyphs = calloc((size_t)nsizes * (size_t)a->ncps, sizeof *a->glyphs);
    if (!a->glyphs) goto fail;
    stbtt_GetFontVMetrics(&info[0], &asc, &desc, &gap);
    for (i = 0; i < nsizes; i++) {
        float s = stbtt_ScaleForPixelHeight(&info[0], px[i]);
        /* the first font's em in pixels at this size */
        float em = s * (float)(info[0].data[info[0].head + 18] << 8 | info[0].data[info[0].head + 19]);
        for (k = 0; k < nsrc; k++) {
            stbtt_pack_range *r = &sp[k].pr[i];
            memset(r, 0, sizeof *r);
            r->font_size = k == 0 ? px[i] : STBTT_POINT_SIZE(em * (src[k].em_scale > 0 ? src[k].em_scale : 1));
            r->array_of_unicode_codepoints = sp[k].cps;
            r->num_chars = sp[k].n;
            r->chardata_for_range = sp[k].packed + (size_t)i * (size_t)sp[k].n;
        }
        a->fonts[i].px = px[i];
        a->fonts[i].ascent = (float)asc * s;
        a->fonts[i].descent = (float)desc * s;
        a->fonts[i].line_gap = (float)gap * s;
        a->kern_scale[i] = s;
    }
    /* Grow the atlas until everything fits (256x256 .. 4096x4096). */
    while (rc == 1 && w <= 4096) {
        rc = try_pack(a, info, sp, nsrc, w, h);
        if (rc == 1) { if (w == h) w *= 2; else h *= 2; }
    }
    if (rc != 0) goto fail;
    for (k = 0; k < nsrc; k++)
        for (i = 0; i < nsizes; i++)
            for (j = 0; j < sp[k].n; j++) {
                const stbtt_packedchar *p = &sp[k].packed[(size_t)i * (size_t)sp[k].n + (size_t)j];
                ds_glyph *g = &a->glyphs[(size_t)i * (size_t)a->ncps + (size_t)sp[k].at[j]];
                g->x0 = p->x0; g->y0 = p->y0; g->x1 = p->x1; g->y1 = p->y1;
                g->xoff = p->xoff; g->yoff = p->yoff; g->xoff2 = p->xoff2; g->yoff2 = p->yoff2;
                g->xadvance = p->xadvance;
            }
    a->kern = malloc(sizeof *a->kern * 128 * 128); /* NULL: no cache, the same kerning */
    if (a->kern)
        for (i = 0; i < 128 * 128; i++) a->kern[i] = DS_ATLAS_KERN_UNKNOWN;
    rc = 0;
    goto done;
fail:
    ds_atlas_free(a);
    rc = -1;
done:
    for (k = 0; k < nsrc; k++) {
        free(sp[k].cps);
        free(sp[k].at);
        free(sp[k].packed);
        free(sp[k].rects);
    }
    free(all);
    return rc;
}

static uint32_t (*ranges_of(const ds_cp_range *r, int n))[2] {
    uint32_t(*out)[2] = malloc(sizeof *out * (size_t)(n ? n : 1));
    int k;
    if (!out) return NULL;
    for (k = 0; k < n; k++) {
        out[k][0] = r[k].first;
        out[k][1] = r[k].last;
    }
    return out;
}

int ds_atlas_bake_canvas(ds_atlas *a, const float *px, int nsizes) {
    uint32_t(*lat)[2] = ranges_of(ds_font_ranges, ds_font_nranges);
    uint32_t(*cjk)[2] = ranges_of(ds_font_cjk_ranges, ds_font_cjk_nranges);
    ds_atlas_source src[2];
    int rc = -1;
    memset(a, 0, sizeof *a);
    if (lat && cjk) {
        memset(src, 0, sizeof src);
        src[0].ttf = ds_font_ttf;
        src[0].ttf_size = ds_font_ttf_size;
        src[0].ranges = (const uint32_t(*)[2])lat;
        src[0].nranges = ds_font_nranges;
        src[0].em_scale = 1;
        src[1].ttf = ds_font_cjk_ttf;
        src[1].ttf_size = ds_font_cjk_ttf_size;
        src[1].ranges = (const uint32_t(*)[2])cjk;
        src[1].nranges = ds_font_cjk_nranges;
        src[1].em_scale = 1;
        rc = ds_atlas_bake_sources(a, src, ds_font_cjk_nranges > 0 ? 2 : 1, px, nsizes);
    }
    free(lat);
    free(cjk);
    return rc;
}

/* The source of cp (0 when it is not in the atlas: no kerning then matters). */
static int ds_atlas_src_of(const ds_atlas *a, uint32_t cp) {
    int i = ds_atlas_find(a, cp);
    return i < 0 ? 0 : a->src[i];
}

/* The kerning of prev then cp (font units), i the atlas index drawn for cp:
 * within the first font only. */
static int kern_of(const ds_atlas *a, int i, uint32_t prev, uint32_t cp) {
    if (a->src[i] != 0 || ds_atlas_src_of(a, prev) != 0) return 0;
    return stbtt_GetCodepointKernAdvance((const stbtt_fontinfo *)a->info, (int)prev, (int)cp);
}

int ds_atlas_quad(const ds_atlas *a, int font, uint32_t prev, uint32_t cp,
                  float *x, float y, ds_quad *q) {
    int i = ds_atlas_find(a, cp);
    const ds_glyph *g;
    if (i < 0) i = a->fallback;
    if (prev) {
        int k;
        if (prev < 128 && cp < 128 && a->kern) {
            int16_t *c = &a->kern[prev * 128 + cp];
            if (*c != DS_ATLAS_KERN_UNKNOWN) {
                k = *c;
            } else {
                k = kern_of(a, i, prev, cp);
                if (k > INT16_MIN && k <= INT16_MAX) *c = (int16_t)k;
            }
        } else {
            k = kern_of(a, i, prev, cp);
        }
        if (k) *x += a->kern_scale[font] * (float)k;
    }
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
