/* test_text_atlas.c - the embedded canvas font and its glyph atlas, without
 * a window: every requested symbol the canvas uses is in the subset font,
 * baking fits, UTF-8 decoding, measuring and kerning behave; and the packing
 * (both fonts, the canvas's sizes at zooms 0.5 to 4): every glyph's box is
 * in the atlas and apart from every other, each glyph drawn is drawn inside
 * its box, and nothing outside the boxes (the atlas is placed first, then
 * drawn once: text_atlas.c, try_pack). */
#include <stdlib.h>
#include <string.h>

#include "ds_test.h"
#include "text/font_data.h"
#include "text/text_atlas.h"

static int covered(const ds_atlas *a, uint32_t cp) { return ds_atlas_find(a, cp) >= 0; }

/* The canvas's atlas (both fonts) at zoom z: boxes inside, disjoint, and the
 * coverage inside the boxes only, every glyph with a box having some. */
static void check_packing(float z) {
    ds_atlas a;
    float px[3] = {13 * z, 17 * z, 30 * z};
    unsigned char *owner = NULL;
    int i, n, bad_box = 0, overlap = 0, empty = 0, outside = 0;
    size_t j;

    CHECK_EQ_INT(ds_atlas_bake_canvas(&a, px, 3), 0);
    if (!a.pixels) goto done;
    owner = calloc((size_t)a.w * (size_t)a.h, 1);
    CHECK(owner != NULL);
    if (!owner) goto done;
    n = a.nfonts * a.ncps;
    for (i = 0; i < n; i++) {
        const ds_glyph *g = &a.glyphs[i];
        int x, y, ink = 0;
        if (g->x1 <= g->x0 || g->y1 <= g->y0) continue; /* a space: no box */
        if (g->x1 > a.w || g->y1 > a.h) { bad_box++; continue; }
        for (y = g->y0; y < g->y1; y++)
            for (x = g->x0; x < g->x1; x++) {
                size_t at = (size_t)y * (size_t)a.w + (size_t)x;
                overlap += owner[at] != 0;
                owner[at] = 1;
                ink |= a.pixels[at] != 0;
            }
        empty += !ink;
    }
    for (j = 0; j < (size_t)a.w * (size_t)a.h; j++) outside += !owner[j] && a.pixels[j] != 0;
    if (bad_box || overlap || empty || outside)
        fprintf(stderr, "zoom %.2f (%dx%d): %d boxes outside, %d pixels in two boxes, %d boxes without ink, "
                        "%d pixels drawn outside the boxes\n", (double)z, a.w, a.h, bad_box, overlap, empty, outside);
    CHECK_EQ_INT(bad_box, 0);
    CHECK_EQ_INT(overlap, 0);
    CHECK_EQ_INT(empty, 0);
    CHECK_EQ_INT(outside, 0);
done:
    free(owner);
    ds_atlas_free(&a);
}

int main(void) {
    uint32_t(*ranges)[2];
    ds_atlas a;
    const float px[3] = {13, 17, 30};
    const float px2[3] = {26, 34, 60};
    int i, k, requested = 0;
    const char *s;
    static const uint32_t needed[] = {
        0xD7, 0xF7, 0xB7, 0x2190, 0x2191, 0x2192, 0x2193, 0x2212, 0x2468, /* × ÷ · ← ↑ → ↓ − ⑨ */
        0x2660, 0x2663, 0x2665, 0x2666, 0x2014,                          /* ♠ ♣ ♥ ♦ — */
    };

    /* The font: a real, small TrueType file. */
    CHECK(ds_font_ttf_size > 1000);
    CHECK(ds_font_ttf_size < 64 * 1024); /* subset, not the whole DejaVu Sans */
    CHECK(ds_font_ttf[0] == 0 && ds_font_ttf[1] == 1 && ds_font_ttf[2] == 0 && ds_font_ttf[3] == 0);
    CHECK(ds_font_nranges > 0);

    ranges = (uint32_t(*)[2])malloc(sizeof *ranges * (size_t)ds_font_nranges);
    CHECK(ranges != NULL);
    if (!ranges) DS_TEST_MAIN_END();
    for (i = 0; i < ds_font_nranges; i++) {
        ranges[i][0] = ds_font_ranges[i].first;
        ranges[i][1] = ds_font_ranges[i].last;
        CHECK(ranges[i][0] <= ranges[i][1]);
        if (i) CHECK(ranges[i - 1][1] < ranges[i][0]); /* sorted, disjoint */
        requested += (int)(ranges[i][1] - ranges[i][0] + 1);
    }

    CHECK_EQ_INT(ds_atlas_bake(&a, ds_font_ttf, ds_font_ttf_size,
                               (const uint32_t(*)[2])ranges, ds_font_nranges, px, 3), 0);
    CHECK(a.ncps > 95 && a.ncps <= requested);
    for (k = 0x20; k <= 0x7E; k++) CHECK(covered(&a, (uint32_t)k)); /* all of ASCII */
    for (k = 0; k < (int)(sizeof needed / sizeof *needed); k++) {
        if (!covered(&a, needed[k])) fprintf(stderr, "missing U+%04X\n", (unsigned)needed[k]);
        CHECK(covered(&a, needed[k]));
    }
    CHECK(!covered(&a, 0x4E00)); /* no CJK on the canvas */
    CHECK(a.w >= 256 && a.h >= 256 && a.w <= 1024 && a.h <= 1024);
    CHECK(a.pixels != NULL);
    if (a.pixels) {
        size_t n = (size_t)a.w * (size_t)a.h, on = 0, j;
        for (j = 0; j < n; j++) on += a.pixels[j] > 0;
        CHECK(on > n / 50); /* glyphs were rasterised */
    }
    CHECK(a.fonts[2].ascent > 20 && a.fonts[2].ascent < 30);
    CHECK(a.fonts[0].descent < 0);

    /* Measuring: wider for longer strings and bigger fonts; kerning exists. */
    CHECK(ds_atlas_measure(&a, 1, "deckscope") > ds_atlas_measure(&a, 1, "deck"));
    CHECK(ds_atlas_measure(&a, 2, "deckscope") > ds_atlas_measure(&a, 1, "deckscope"));
    CHECK(ds_atlas_measure(&a, 2, "AV") < ds_atlas_measure(&a, 2, "A") + ds_atlas_measure(&a, 2, "V"));
    CHECK(ds_atlas_measure(&a, 1, "") == 0);
    /* Unknown code points draw as '?' rather than nothing. */
    CHECK(ds_atlas_measure(&a, 1, "\xe4\xb8\x80") == ds_atlas_measure(&a, 1, "?"));
    ds_atlas_free(&a);

    /* HiDPI: baking at twice the size needs a bigger atlas, still bounded. */
    CHECK_EQ_INT(ds_atlas_bake(&a, ds_font_ttf, ds_font_ttf_size,
                               (const uint32_t(*)[2])ranges, ds_font_nranges, px2, 3), 0);
    CHECK(a.w <= 2048 && a.h <= 2048);
    ds_atlas_free(&a);
    free(ranges);

    {
        static const float zooms[] = {0.5f, 1, 1.25f, 1.5f, 2, 3, 4};
        for (k = 0; k < (int)(sizeof zooms / sizeof *zooms); k++) check_packing(zooms[k]);
    }

    /* A font that is not one fails cleanly. */
    {
        static const unsigned char junk[64] = {1, 2, 3};
        const uint32_t r1[1][2] = {{0x20, 0x7E}};
        CHECK_EQ_INT(ds_atlas_bake(&a, junk, sizeof junk, r1, 1, px, 3), -1);
        CHECK_EQ_INT(ds_atlas_bake(&a, ds_font_ttf, ds_font_ttf_size, r1, 1, px, 0), -1);
    }

    /* UTF-8 decoding. */
    s = "a\xc3\x97\xe2\x91\xa8\xf0\x9f\x82\xa1\xff";
    CHECK_EQ_INT(ds_utf8_next(&s), 'a');
    CHECK_EQ_INT(ds_utf8_next(&s), 0xD7);
    CHECK_EQ_INT(ds_utf8_next(&s), 0x2468);
    CHECK_EQ_INT(ds_utf8_next(&s), 0x1F0A1);
    CHECK_EQ_INT(ds_utf8_next(&s), 0xFFFD);
    CHECK_EQ_INT(*s, 0);
    s = "\xe2\x91"; /* truncated */
    CHECK_EQ_INT(ds_utf8_next(&s), 0xFFFD);
    CHECK(*s == 0);

    DS_TEST_MAIN_END();
}
