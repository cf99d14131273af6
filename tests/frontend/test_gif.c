/* test_gif.c - the GIF encoder (web/app/export/gif.c), checked by decoding its
 * output with an independent GIF decoder written here from the GIF89a
 * specification (blocks, LZW with variable code width and clear codes,
 * transparency, "do not dispose" composition):
 *   - flat pictures with at most 255 colours come back pixel-exact, frame by
 *     frame, with the right frame count, size, delays and loop block;
 *   - moving content is stored as small changed rectangles (files stay small);
 *   - thousands of random pictures of every length and colour count decode
 *     exactly (covers code-width changes and dictionary resets at any point);
 *   - pictures with too many colours map each pixel to its nearest palette
 *     colour, and a rare but distinct colour keeps its own entry;
 *   - bad use returns -1 and never crashes. */
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "export/gif.h"

/* ---- the independent decoder ------------------------------------------------ */

typedef struct dec_frame {
    unsigned char *rgb; /* composed canvas after this frame, w*h*3 */
    int delay, x, y, w, h;
} dec_frame;

typedef struct decoded {
    int ok, w, h, nframes, loop; /* loop: -1 when no NETSCAPE block */
    dec_frame f[400];
    const char *why;
} decoded;

typedef struct bits {
    const unsigned char *data; /* concatenated sub-blocks */
    size_t n, pos;             /* bit position */
} bits;

static int read_code(bits *b, int size) {
    int v = 0, i;
    if (b->pos + (size_t)size > b->n * 8) return -1;
    for (i = 0; i < size; i++, b->pos++)
        if (b->data[b->pos >> 3] >> (b->pos & 7) & 1) v |= 1 << i;
    return v;
}

/* LZW decode into out (n pixels). 0 or -1. */
static int unlzw(const unsigned char *data, size_t len, int min, unsigned char *out, size_t n) {
    static uint16_t prefix[4096];
    static unsigned char suffix[4096], stack[4097];
    bits b = {data, len, 0};
    int clear = 1 << min, eoi = clear + 1, next = clear + 2, size = min + 1, prev = -1;
    size_t got = 0;
    unsigned char first = 0;
    for (;;) {
        int code = read_code(&b, size), c, sp = 0;
        if (code < 0) return -1; /* ran out before the end code */
        if (code == clear) {
            size = min + 1;
            next = clear + 2;
            prev = -1;
            continue;
        }
        if (code == eoi) break;
        if (prev < 0) {
            if (code >= clear) return -1;
            if (got >= n) return -1;
            out[got++] = (unsigned char)code;
            prev = code;
            first = (unsigned char)code;
            continue;
        }
        if (code > next) return -1;
        c = code;
        if (code == next) { /* KwKwK */
            stack[sp++] = first;
            c = prev;
        }
        while (c >= clear) {
            stack[sp++] = suffix[c];
            c = prefix[c];
        }
        stack[sp++] = (unsigned char)c;
        first = (unsigned char)c;
        if (next < 4096) {
            prefix[next] = (uint16_t)prev;
            suffix[next] = first;
            next++;
            if (next == (1 << size) && size < 12) size++;
        }
        while (sp > 0) {
            if (got >= n) return -1;
            out[got++] = stack[--sp];
        }
        prev = code;
    }
    return got == n ? 0 : -1;
}

static int decode(const unsigned char *p, size_t n, decoded *d) {
    unsigned char gct[256][3], *canvas;
    size_t i = 13;
    int ngct = 0, delay = 0, transp = -1;
    memset(d, 0, sizeof *d);
    d->loop = -1;
    if (n < 14 || memcmp(p, "GIF89a", 6)) return d->why = "signature", -1;
    d->w = p[6] | p[7] << 8;
    d->h = p[8] | p[9] << 8;
    if (p[10] & 0x80) {
        ngct = 2 << (p[10] & 7);
        if (i + (size_t)ngct * 3 > n) return d->why = "colour table", -1;
        memcpy(gct, p + i, (size_t)ngct * 3);
        i += (size_t)ngct * 3;
    }
    canvas = calloc((size_t)d->w * (size_t)d->h, 3);
    if (!canvas) return -1;
    while (i < n) {
        if (p[i] == 0x3B) { /* trailer */
            d->ok = 1;
            break;
        } else if (p[i] == 0x21) {
            int label = p[i + 1];
            size_t j = i + 2;
            if (label == 0xF9 && p[j] == 4) {
                delay = p[j + 2] | p[j + 3] << 8;
                transp = (p[j + 1] & 1) ? p[j + 4] : -1;
                if (((p[j + 1] >> 2) & 7) > 1) { d->why = "unexpected disposal"; break; }
            } else if (label == 0xFF && p[j] == 11 && !memcmp(p + j + 1, "NETSCAPE2.0", 11)) {
                d->loop = p[j + 14] | p[j + 15] << 8;
            }
            while (j < n && p[j]) j += (size_t)p[j] + 1; /* sub-blocks */
            i = j + 1;
        } else if (p[i] == 0x2C) {
            int x = p[i + 1] | p[i + 2] << 8, y = p[i + 3] | p[i + 4] << 8;
            int w = p[i + 5] | p[i + 6] << 8, h = p[i + 7] | p[i + 8] << 8, min, yy, xx;
            unsigned char (*ct)[3] = gct, lct[256][3], *idx, *data;
            size_t j = i + 10, len = 0, k;
            int nct = ngct;
            dec_frame *f;
            if (p[i + 9] & 0x40) { d->why = "interlaced"; break; }
            if (p[i + 9] & 0x80) {
                nct = 2 << (p[i + 9] & 7);
                memcpy(lct, p + j, (size_t)nct * 3);
                ct = lct;
                j += (size_t)nct * 3;
            }
            if (x + w > d->w || y + h > d->h || w < 1 || h < 1) { d->why = "frame outside"; break; }
            min = p[j++];
            data = malloc(n);
            idx = malloc((size_t)w * (size_t)h);
            for (k = j; k < n && p[k]; k += (size_t)p[k] + 1) {
                memcpy(data + len, p + k + 1, p[k]);
                len += p[k];
            }
            i = k + 1;
            if (unlzw(data, len, min, idx, (size_t)w * (size_t)h) != 0) {
                free(data);
                free(idx);
                d->why = "LZW";
                break;
            }
            for (yy = 0; yy < h; yy++)
                for (xx = 0; xx < w; xx++) {
                    int v = idx[(size_t)yy * (size_t)w + (size_t)xx];
                    if (v == transp) continue;
                    if (v >= nct) { d->why = "index past the table"; v = 0; }
                    memcpy(canvas + ((size_t)(y + yy) * (size_t)d->w + (size_t)(x + xx)) * 3, ct[v], 3);
                }
            free(data);
            free(idx);
            if (d->nframes >= 400) { d->why = "too many frames"; break; }
            f = &d->f[d->nframes++];
            f->rgb = malloc((size_t)d->w * (size_t)d->h * 3);
            memcpy(f->rgb, canvas, (size_t)d->w * (size_t)d->h * 3);
            f->delay = delay;
            f->x = x, f->y = y, f->w = w, f->h = h;
            delay = 0;
            transp = -1;
        } else {
            d->why = "unknown block";
            break;
        }
    }
    free(canvas);
    return d->ok && !d->why ? 0 : -1;
}

static void decoded_free(decoded *d) {
    int i;
    for (i = 0; i < d->nframes; i++) free(d->f[i].rgb);
    d->nframes = 0;
}

/* ---- helpers ------------------------------------------------------------------ */

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(uint32_t n) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

/* Counts pixels where the decoded frame differs from the RGBA source. */
static long diff_pixels(const unsigned char *rgb, const unsigned char *rgba, int w, int h) {
    long bad = 0, i;
    for (i = 0; i < (long)w * h; i++)
        bad += rgb[i * 3] != rgba[i * 4] || rgb[i * 3 + 1] != rgba[i * 4 + 1] ||
               rgb[i * 3 + 2] != rgba[i * 4 + 2];
    return bad;
}

static void fill(unsigned char *img, int w, int x0, int y0, int rw, int rh, const unsigned char c[3]) {
    int x, y;
    for (y = y0; y < y0 + rh; y++)
        for (x = x0; x < x0 + rw; x++) {
            unsigned char *p = img + ((size_t)y * (size_t)w + (size_t)x) * 4;
            p[0] = c[0], p[1] = c[1], p[2] = c[2], p[3] = 255;
        }
}

/* A UI-like frame: background, panels, a card at (cx, 40), some "text". */
static void ui_frame(unsigned char *img, int w, int h, int cx) {
    static const unsigned char bg[3] = {0x18, 0x20, 0x28}, panel[3] = {0x28, 0x30, 0x38},
                               card[3] = {0xe8, 0xe8, 0xf0}, accent[3] = {0x68, 0xb0, 0xf8},
                               red[3] = {0xe0, 0x40, 0x40};
    int i;
    fill(img, w, 0, 0, w, h, bg);
    fill(img, w, 10, 10, w - 20, 20, panel);
    fill(img, w, 10, h - 40, w - 20, 30, panel);
    for (i = 0; i < 12; i++) fill(img, w, 16 + i * 9, 15, 5, 10, accent);
    fill(img, w, cx, 40, 30, 44, card);
    fill(img, w, cx + 5, 45, 8, 8, red);
}

static void test_flat_animation(void) {
    enum { W = 200, H = 120, N = 12 };
    unsigned char *img = malloc(W * H * 4);
    ds_buf out;
    gif_writer g;
    decoded d;
    int i;
    ds_buf_init(&out);
    CHECK_EQ_INT(gif_begin(&g, &out, W, H, 0), 0);
    for (i = 0; i < N; i++) {
        ui_frame(img, W, H, 10 + i * 12);
        CHECK_EQ_INT(gif_frame(&g, img, W * 4, i == N - 1 ? 100 : 8), 0);
    }
    ui_frame(img, W, H, 10 + (N - 1) * 12); /* the same picture again */
    CHECK_EQ_INT(gif_frame(&g, img, W * 4, 50), 0);
    CHECK_EQ_INT(gif_end(&g), 0);
    CHECK(g.ncolors == 5);
    gif_free(&g);

    CHECK_EQ_INT(decode((const unsigned char *)out.data, out.len, &d), 0);
    if (d.why) fprintf(stderr, "decode: %s\n", d.why);
    CHECK_EQ_INT(d.w, W);
    CHECK_EQ_INT(d.h, H);
    CHECK_EQ_INT(d.nframes, N + 1);
    CHECK_EQ_INT(d.loop, 0);
    for (i = 0; i < d.nframes; i++) {
        ui_frame(img, W, H, 10 + (i < N ? i : N - 1) * 12);
        CHECK_EQ_INT(diff_pixels(d.f[i].rgb, img, W, H), 0);
    }
    if (d.nframes == N + 1) {
        CHECK_EQ_INT(d.f[0].delay, 8);
        CHECK_EQ_INT(d.f[N - 1].delay, 100);
        CHECK_EQ_INT(d.f[N].delay, 50);
        /* frame 0 is whole; a moved card only changes a small rectangle; an
         * unchanged frame is one pixel */
        CHECK(d.f[0].w == W && d.f[0].h == H);
        CHECK(d.f[1].w <= 30 + 12 && d.f[1].h <= 44);
        CHECK(d.f[N].w == 1 && d.f[N].h == 1);
    }
    /* 13 frames of a 200x120 picture: far below the raw 24000 bytes per frame */
    CHECK(out.len < 6000);
    decoded_free(&d);
    ds_buf_free(&out);
    free(img);
}

/* Random index pictures of every size and palette size: exact round trip. */
static void test_random_roundtrip(void) {
    int t, fails = 0;
    for (t = 0; t < 800; t++) {
        int w = 1 + (int)rnd(t < 700 ? 40 : 300), h = 1 + (int)rnd(t < 700 ? 20 : 150);
        int ncol = 1 + (int)rnd(t % 3 == 0 ? 255 : 6), runs = t % 2, i;
        unsigned char pal[255][3], *img = malloc((size_t)w * (size_t)h * 4);
        ds_buf out;
        gif_writer g;
        decoded d;
        /* distinct 5-bit bins, so every colour is its own palette entry */
        for (i = 0; i < ncol; i++) {
            int bin = (i * 7919 + t * 131) % 32768; /* 7919 is odd: distinct for i < 32768 */
            pal[i][0] = (unsigned char)((bin >> 10) << 3);
            pal[i][1] = (unsigned char)(((bin >> 5) & 31) << 3);
            pal[i][2] = (unsigned char)((bin & 31) << 3);
        }
        for (i = 0; i < w * h; i++) {
            int c = runs && i > 0 && rnd(8) ? -1 : (int)rnd((uint32_t)ncol);
            if (c < 0) memcpy(img + i * 4, img + (i - 1) * 4, 4);
            else memcpy(img + i * 4, pal[c], 3), img[i * 4 + 3] = 255;
        }
        ds_buf_init(&out);
        if (gif_begin(&g, &out, w, h, -1) != 0 || gif_frame(&g, img, (size_t)w * 4, 10) != 0 ||
            gif_end(&g) != 0) {
            fails++;
        } else if (decode((const unsigned char *)out.data, out.len, &d) != 0 || d.nframes != 1 ||
                   d.loop != -1 || diff_pixels(d.f[0].rgb, img, w, h) != 0) {
            if (fails < 5)
                fprintf(stderr, "random %d: %dx%d, %d colours: %s\n", t, w, h, ncol,
                        d.why ? d.why : "pixels differ");
            fails++;
            decoded_free(&d);
        } else {
            decoded_free(&d);
        }
        gif_free(&g);
        ds_buf_free(&out);
        free(img);
    }
    CHECK_EQ_INT(fails, 0);
}

/* More than 255 colours: nearest palette colour, distinct rare colours kept. */
static void test_many_colours(void) {
    enum { W = 256, H = 64 };
    unsigned char *img = malloc(W * H * 4);
    static const unsigned char red[3] = {0xf0, 0x10, 0x10};
    ds_buf out;
    gif_writer g;
    decoded d;
    int x, y, worst = 0;
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            unsigned char *p = img + (y * W + x) * 4;
            p[0] = (unsigned char)x, p[1] = (unsigned char)(y * 4), p[2] = 128, p[3] = 255;
        }
    fill(img, W, 100, 20, 3, 3, red); /* 9 pixels of a colour far from the gradient */
    ds_buf_init(&out);
    CHECK_EQ_INT(gif_begin(&g, &out, W, H, 0), 0);
    CHECK_EQ_INT(gif_frame(&g, img, W * 4, 10), 0);
    CHECK_EQ_INT(gif_end(&g), 0);
    CHECK_EQ_INT(g.ncolors, GIF_MAX_COLORS);
    CHECK_EQ_INT(decode((const unsigned char *)out.data, out.len, &d), 0);
    if (d.nframes == 1) {
        for (y = 0; y < H; y++)
            for (x = 0; x < W; x++) {
                const unsigned char *s = img + (y * W + x) * 4, *o = d.f[0].rgb + (y * W + x) * 3;
                int k = gif_index_of(&g, s[0], s[1], s[2]), c;
                /* each pixel shows exactly its palette entry */
                CHECK(k >= 0 && !memcmp(o, g.pal[k], 3));
                for (c = 0; c < 3; c++) {
                    int e = abs((int)o[c] - (int)s[c]);
                    if (e > worst) worst = e;
                }
            }
        CHECK(!memcmp(d.f[0].rgb + (21 * W + 101) * 3, red, 3));
    }
    /* 16384 gradient colours in 255 entries: every channel within 32 (the
     * palette favours frequent and distinct colours, not smooth gradients) */
    CHECK(worst <= 32);
    if (worst > 32) fprintf(stderr, "worst channel error %d\n", worst);
    gif_free(&g);
    decoded_free(&d);
    ds_buf_free(&out);
    free(img);
}

/* A colour that appears only in a later frame, sampled beforehand, is exact. */
static void test_sample(void) {
    enum { W = 64, H = 32 };
    unsigned char *a = malloc(W * H * 4), *b = malloc(W * H * 4);
    static const unsigned char grey[3] = {0x80, 0x80, 0x80}, flash[3] = {0xf8, 0x30, 0x48};
    ds_buf out;
    gif_writer g;
    decoded d;
    int x;
    /* frame a: a gradient of 256 greys/blues (too many colours) */
    for (x = 0; x < W * H; x++) {
        a[x * 4] = (unsigned char)(x % 256), a[x * 4 + 1] = (unsigned char)(x % 256);
        a[x * 4 + 2] = (unsigned char)(255 - x % 256), a[x * 4 + 3] = 255;
    }
    memcpy(b, a, W * H * 4);
    fill(b, W, 0, 0, 8, 8, flash);
    fill(b, W, 10, 0, 8, 8, grey);
    ds_buf_init(&out);
    CHECK_EQ_INT(gif_begin(&g, &out, W, H, 3), 0);
    CHECK_EQ_INT(gif_sample(&g, a, W * 4), 0);
    CHECK_EQ_INT(gif_sample(&g, b, W * 4), 0);
    CHECK_EQ_INT(gif_frame(&g, a, W * 4, 1), 0); /* raised to 2 */
    CHECK_EQ_INT(gif_frame(&g, b, W * 4, 10), 0);
    CHECK_EQ_INT(gif_end(&g), 0);
    CHECK_EQ_INT(decode((const unsigned char *)out.data, out.len, &d), 0);
    CHECK_EQ_INT(d.nframes, 2);
    CHECK_EQ_INT(d.loop, 3);
    if (d.nframes == 2) {
        CHECK_EQ_INT(d.f[0].delay, 2);
        CHECK(!memcmp(d.f[1].rgb + (4 * W + 4) * 3, flash, 3));
    }
    gif_free(&g);
    decoded_free(&d);
    ds_buf_free(&out);
    free(a);
    free(b);
}

static void test_bad_use(void) {
    ds_buf out;
    gif_writer g;
    unsigned char px[16] = {0};
    ds_buf_init(&out);
    CHECK_EQ_INT(gif_begin(&g, &out, 0, 10, 0), -1);
    gif_free(&g);
    CHECK_EQ_INT(gif_begin(&g, NULL, 10, 10, 0), -1);
    gif_free(&g);
    CHECK_EQ_INT(gif_begin(&g, &out, 20000, 10, 0), -1);
    gif_free(&g);
    CHECK_EQ_INT(gif_begin(&g, &out, 2, 2, 0), 0);
    CHECK_EQ_INT(gif_end(&g), -1); /* no frame */
    gif_free(&g);
    CHECK_EQ_INT(gif_begin(&g, &out, 2, 2, 0), 0);
    CHECK_EQ_INT(gif_frame(&g, NULL, 8, 10), -1);
    CHECK_EQ_INT(gif_frame(&g, px, 8, 10), -1); /* failed writers stay failed */
    gif_free(&g);
    ds_buf_clear(&out);
    CHECK_EQ_INT(gif_begin(&g, &out, 2, 2, 0), 0);
    CHECK_EQ_INT(gif_frame(&g, px, 8, 10), 0);
    CHECK_EQ_INT(gif_end(&g), 0);
    CHECK_EQ_INT(gif_frame(&g, px, 8, 10), -1); /* after the end */
    gif_free(&g);
    ds_buf_free(&out);
}

int main(void) {
    test_flat_animation();
    test_random_roundtrip();
    test_many_colours();
    test_sample();
    test_bad_use();
    DS_TEST_MAIN_END();
}
