/* gif.c - GIF89a encoder: global palette for flat UI colours, frame
 * differencing with a transparent index, LZW (see gif.h). */
#include "export/gif.h"

#include <stdlib.h>
#include <string.h>

#define NBINS 32768
#define HSIZE 8192 /* LZW hash table (at most 3838 entries in use) */
#define NO_MAP 0xFFFFu

static int bin_of(unsigned r, unsigned g, unsigned b) {
    return (int)(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
}

static int fail(gif_writer *g) {
    g->failed = 1;
    return -1;
}

int gif_begin(gif_writer *g, ds_buf *out, int w, int h, int loop) {
    size_t n;
    memset(g, 0, sizeof *g);
    if (!out || w < 1 || h < 1 || w > GIF_MAX_SIDE || h > GIF_MAX_SIDE || loop > 65535)
        return fail(g);
    g->out = out;
    g->w = w;
    g->h = h;
    g->loop = loop < 0 ? -1 : loop;
    n = (size_t)w * (size_t)h;
    g->hist = calloc((size_t)NBINS * 4, sizeof *g->hist);
    g->map = malloc(NBINS * sizeof *g->map);
    g->prev = malloc(n);
    g->cur = malloc(n);
    g->rect = malloc(n);
    g->hkey = malloc(HSIZE * sizeof *g->hkey);
    g->hcode = malloc(HSIZE * sizeof *g->hcode);
    if (!g->hist || !g->map || !g->prev || !g->cur || !g->rect || !g->hkey || !g->hcode) return fail(g);
    memset(g->map, 0xFF, NBINS * sizeof *g->map);
    return 0;
}

void gif_free(gif_writer *g) {
    free(g->hist);
    free(g->map);
    free(g->prev);
    free(g->cur);
    free(g->rect);
    free(g->hkey);
    free(g->hcode);
    g->hist = NULL;
    g->map = NULL;
    g->prev = g->cur = g->rect = NULL;
    g->hkey = NULL;
    g->hcode = NULL;
    g->failed = 1;
}

int gif_sample(gif_writer *g, const unsigned char *rgba, size_t stride) {
    int x, y;
    if (g->failed || !rgba) return fail(g);
    if (g->palette_fixed) return 0;
    for (y = 0; y < g->h; y++) {
        const unsigned char *p = rgba + (size_t)y * stride;
        for (x = 0; x < g->w; x++, p += 4) {
            uint64_t *e = g->hist + (size_t)bin_of(p[0], p[1], p[2]) * 4;
            e[0]++;
            e[1] += p[0];
            e[2] += p[1];
            e[3] += p[2];
        }
    }
    return 0;
}

/* Perceptual-ish weighted squared distance. */
static long dist2(int r1, int g1, int b1, int r2, int g2, int b2) {
    long dr = r1 - r2, dg = g1 - g2, db = b1 - b2;
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db;
}

static int nearest(const gif_writer *g, int r, int gr, int b) {
    int i, best = 0;
    long bd = -1;
    for (i = 0; i < g->ncolors; i++) {
        long d = dist2(r, gr, b, g->pal[i][0], g->pal[i][1], g->pal[i][2]);
        if (bd < 0 || d < bd) bd = d, best = i;
    }
    return best;
}

typedef struct bin_entry {
    uint64_t count;
    int bin;
    unsigned char c[3];
} bin_entry;

static int by_count_desc(const void *a, const void *b) {
    const bin_entry *x = a, *y = b;
    if (x->count != y->count) return x->count < y->count ? 1 : -1;
    return x->bin - y->bin; /* deterministic */
}

static void put_bytes(gif_writer *g, const void *p, size_t n) {
    if (ds_buf_put(g->out, p, n) != 0) g->failed = 1;
}
static void put_u16(gif_writer *g, unsigned v) {
    unsigned char b[2] = {(unsigned char)(v & 0xFF), (unsigned char)(v >> 8)};
    put_bytes(g, b, 2);
}

/* Chooses the palette from the histogram, fills map for every seen bin and
 * writes the header, the global colour table and the loop block. */
static int fix_palette(gif_writer *g) {
    static const long min_dist[] = {48, 24, 12, 6, 0}; /* per-channel steps */
    bin_entry *e;
    unsigned char *taken;
    int n = 0, i, pass;
    if (g->palette_fixed) return 0;
    e = malloc(NBINS * sizeof *e);
    taken = calloc(NBINS, 1);
    if (!e || !taken) {
        free(e);
        free(taken);
        return fail(g);
    }
    for (i = 0; i < NBINS; i++) {
        const uint64_t *h = g->hist + (size_t)i * 4;
        if (!h[0]) continue;
        e[n].count = h[0];
        e[n].bin = i;
        e[n].c[0] = (unsigned char)((h[1] + h[0] / 2) / h[0]);
        e[n].c[1] = (unsigned char)((h[2] + h[0] / 2) / h[0]);
        e[n].c[2] = (unsigned char)((h[3] + h[0] / 2) / h[0]);
        n++;
    }
    if (n == 0) { /* nothing sampled: a one-colour (black) palette */
        e[0].count = 1;
        e[0].bin = 0;
        e[0].c[0] = e[0].c[1] = e[0].c[2] = 0;
        n = 1;
    }
    qsort(e, (size_t)n, sizeof *e, by_count_desc);
    g->ncolors = 0;
    for (pass = 0; pass < 5 && g->ncolors < GIF_MAX_COLORS; pass++) {
        long need = min_dist[pass] * min_dist[pass] * 9;
        for (i = 0; i < n && g->ncolors < GIF_MAX_COLORS; i++) {
            int k, ok = 1;
            if (taken[i]) continue;
            if (need > 0)
                for (k = 0; k < g->ncolors && ok; k++)
                    ok = dist2(e[i].c[0], e[i].c[1], e[i].c[2], g->pal[k][0], g->pal[k][1],
                               g->pal[k][2]) >= need;
            if (!ok) continue;
            taken[i] = 1;
            memcpy(g->pal[g->ncolors], e[i].c, 3);
            g->map[e[i].bin] = (uint16_t)g->ncolors;
            g->ncolors++;
        }
    }
    for (i = 0; i < n; i++)
        if (!taken[i]) g->map[e[i].bin] = (uint16_t)nearest(g, e[i].c[0], e[i].c[1], e[i].c[2]);
    free(e);
    free(taken);
    free(g->hist);
    g->hist = NULL;
    g->palette_fixed = 1;

    put_bytes(g, "GIF89a", 6);
    put_u16(g, (unsigned)g->w);
    put_u16(g, (unsigned)g->h);
    {
        unsigned char lsd[3] = {0xF7, 0, 0}; /* global table of 256, 8-bit colour */
        put_bytes(g, lsd, 3);
    }
    put_bytes(g, g->pal, 256 * 3);
    if (g->loop >= 0) {
        static const unsigned char app[] = {0x21, 0xFF, 0x0B, 'N', 'E', 'T', 'S', 'C', 'A',
                                            'P',  'E',  '2',  '.', '0', 0x03, 0x01};
        put_bytes(g, app, sizeof app);
        put_u16(g, (unsigned)g->loop);
        put_bytes(g, "", 1);
    }
    return g->failed ? -1 : 0;
}

static int index_of(gif_writer *g, unsigned r, unsigned gr, unsigned b) {
    int bin = bin_of(r, gr, b);
    if (g->map[bin] == NO_MAP) /* unseen bin: nearest to its centre */
        g->map[bin] = (uint16_t)nearest(g, (int)((r & ~7u) | 4), (int)((gr & ~7u) | 4),
                                        (int)((b & ~7u) | 4));
    return g->map[bin];
}

int gif_index_of(gif_writer *g, unsigned char r, unsigned char gr, unsigned char b) {
    if (g->failed) return -1;
    if (!g->palette_fixed && fix_palette(g) != 0) return -1;
    return index_of(g, r, gr, b);
}

/* ---- LZW ------------------------------------------------------------------ */

static void flush_block(gif_writer *g) {
    if (g->block[0]) put_bytes(g, g->block, (size_t)g->block[0] + 1);
    g->block[0] = 0;
}
static void put_byte(gif_writer *g, unsigned char b) {
    g->block[++g->block[0]] = b;
    if (g->block[0] == 255) flush_block(g);
}
static void put_code(gif_writer *g, unsigned code, int size) {
    g->bitbuf |= (uint32_t)code << g->bitcount;
    g->bitcount += size;
    while (g->bitcount >= 8) {
        put_byte(g, (unsigned char)(g->bitbuf & 0xFF));
        g->bitbuf >>= 8;
        g->bitcount -= 8;
    }
}
static unsigned hslot(int32_t key) { return ((uint32_t)key * 2654435761u) >> (32 - 13); }

/* Encodes n indices with minimum code size 8 (clear 256, end 257). */
static void lzw(gif_writer *g, const uint8_t *px, size_t n) {
    const unsigned clear = 256, eoi = 257;
    unsigned next = 258, prefix;
    int cs = 9;
    size_t i;
    put_bytes(g, "\x08", 1);
    g->bitbuf = 0;
    g->bitcount = 0;
    g->block[0] = 0;
    memset(g->hkey, 0xFF, HSIZE * sizeof *g->hkey);
    put_code(g, clear, cs);
    prefix = px[0];
    for (i = 1; i < n; i++) {
        int32_t key = (int32_t)(prefix << 8 | px[i]);
        unsigned s = hslot(key);
        while (g->hkey[s] != -1 && g->hkey[s] != key) s = (s + 1) & (HSIZE - 1);
        if (g->hkey[s] == key) {
            prefix = g->hcode[s];
            continue;
        }
        put_code(g, prefix, cs);
        if (next < 4096) {
            g->hkey[s] = key;
            g->hcode[s] = (uint16_t)next;
            next++;
            /* The decoder adds this entry one code later and widens its codes
             * once its next free code reaches 1 << cs. */
            if (next == (1u << cs) + 1) cs++;
        } else {
            put_code(g, clear, cs);
            memset(g->hkey, 0xFF, HSIZE * sizeof *g->hkey);
            next = 258;
            cs = 9;
        }
        prefix = px[i];
    }
    put_code(g, prefix, cs);
    if (next == (1u << cs) && cs < 12) cs++; /* the decoder's add after the last code */
    put_code(g, eoi, cs);
    if (g->bitcount > 0) put_byte(g, (unsigned char)(g->bitbuf & 0xFF));
    g->bitbuf = 0;
    g->bitcount = 0;
    flush_block(g);
    put_bytes(g, "", 1); /* block terminator */
}

int gif_frame(gif_writer *g, const unsigned char *rgba, size_t stride, int delay_cs) {
    uint8_t *rect = g->rect, *swap;
    int x, y, x0 = g->w, y0 = g->h, x1 = -1, y1 = -1, rw, rh, first = g->frames == 0;
    unsigned char gce[8] = {0x21, 0xF9, 0x04, 0, 0, 0, 0, 0};
    unsigned char desc[10];

    if (g->failed || g->ended || !rgba) return fail(g);
    if (!g->palette_fixed) {
        if (gif_sample(g, rgba, stride) != 0 || fix_palette(g) != 0) return fail(g);
    }
    for (y = 0; y < g->h; y++) {
        const unsigned char *p = rgba + (size_t)y * stride;
        uint8_t *c = g->cur + (size_t)y * (size_t)g->w;
        const uint8_t *pv = g->prev + (size_t)y * (size_t)g->w;
        for (x = 0; x < g->w; x++, p += 4) {
            c[x] = (uint8_t)index_of(g, p[0], p[1], p[2]);
            if (!first && c[x] != pv[x]) {
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
                if (y < y0) y0 = y;
                y1 = y;
            }
        }
    }
    if (first) {
        x0 = y0 = 0;
        x1 = g->w - 1;
        y1 = g->h - 1;
    } else if (x1 < 0) { /* nothing changed: one transparent pixel keeps the delay */
        x0 = x1 = y0 = y1 = 0;
    }
    rw = x1 - x0 + 1;
    rh = y1 - y0 + 1;
    for (y = 0; y < rh; y++) {
        const uint8_t *c = g->cur + (size_t)(y0 + y) * (size_t)g->w + (size_t)x0;
        const uint8_t *pv = g->prev + (size_t)(y0 + y) * (size_t)g->w + (size_t)x0;
        uint8_t *o = rect + (size_t)y * (size_t)rw;
        for (x = 0; x < rw; x++) o[x] = (!first && c[x] == pv[x]) ? GIF_TRANSPARENT : c[x];
    }
    if (delay_cs < 2) delay_cs = 2;
    if (delay_cs > 65535) delay_cs = 65535;
    gce[3] = first ? 0x04 : 0x05; /* keep the previous frame; transparency after the first */
    gce[4] = (unsigned char)(delay_cs & 0xFF);
    gce[5] = (unsigned char)(delay_cs >> 8);
    gce[6] = first ? 0 : GIF_TRANSPARENT;
    put_bytes(g, gce, 8);
    desc[0] = 0x2C;
    desc[1] = (unsigned char)(x0 & 0xFF);
    desc[2] = (unsigned char)(x0 >> 8);
    desc[3] = (unsigned char)(y0 & 0xFF);
    desc[4] = (unsigned char)(y0 >> 8);
    desc[5] = (unsigned char)(rw & 0xFF);
    desc[6] = (unsigned char)(rw >> 8);
    desc[7] = (unsigned char)(rh & 0xFF);
    desc[8] = (unsigned char)(rh >> 8);
    desc[9] = 0;
    put_bytes(g, desc, 10);
    lzw(g, rect, (size_t)rw * (size_t)rh);
    /* What is shown now is exactly cur (unchanged pixels were equal). */
    swap = g->prev;
    g->prev = g->cur;
    g->cur = swap;
    g->frames++;
    return g->failed ? -1 : 0;
}

int gif_end(gif_writer *g) {
    if (g->failed || g->ended || g->frames == 0) return fail(g);
    put_bytes(g, ";", 1);
    g->ended = 1;
    return g->failed ? -1 : 0;
}
