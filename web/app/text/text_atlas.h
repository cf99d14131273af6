/* text_atlas.h - a glyph atlas baked with stb_truetype (no SDL, no I/O).
 *
 * The atlas holds every code point of the embedded font at a few pixel sizes,
 * packed into one 8-bit coverage bitmap. text.c uploads it as a texture; the
 * unit test in tests/frontend/ checks it without a window. */
#ifndef DS_TEXT_ATLAS_H
#define DS_TEXT_ATLAS_H

#include <stddef.h>
#include <stdint.h>

#define DS_ATLAS_MAX_FONTS 4
#define DS_ATLAS_MAX_SOURCES 2

typedef struct ds_glyph {
    uint16_t x0, y0, x1, y1;    /* rectangle in the atlas */
    float xoff, yoff, xoff2, yoff2; /* quad relative to the pen on the baseline */
    float xadvance;
} ds_glyph;

typedef struct ds_quad {
    float x0, y0, x1, y1; /* screen */
    float s0, t0, s1, t1; /* atlas, normalised */
} ds_quad;

typedef struct ds_atlas_font {
    float px;                      /* pixel height the glyphs were baked at */
    float ascent, descent, line_gap; /* pixels; descent is negative */
} ds_atlas_font;

typedef struct ds_atlas {
    int w, h;
    unsigned char *pixels; /* w*h coverage, row-major */
    int nfonts;
    ds_atlas_font fonts[DS_ATLAS_MAX_FONTS];
    int ncps;
    uint32_t *cps;      /* sorted code points present in the font */
    ds_glyph *glyphs;   /* nfonts * ncps */
    unsigned char *src; /* per code point: the source font it comes from */
    int fallback;       /* index of '?' */
    void *info;         /* stbtt_fontinfo of the first source, for kerning */
    float kern_scale[DS_ATLAS_MAX_FONTS];
    /* the kerning of pairs of code points below 128 in font units, filled
     * as pairs are met (DS_ATLAS_KERN_UNKNOWN: not yet), or NULL: measuring
     * a label asked stb_truetype for every pair's kerning again (two cmap
     * searches and a kern table search), most of the CPU of a frame of text */
    int16_t *kern;
} ds_atlas;
#define DS_ATLAS_KERN_UNKNOWN INT16_MIN

/* One font of an atlas. The first source sets the metrics (ascent, descent,
 * line gap: the pixel size is its ascent - descent); later sources only fill
 * code points the earlier ones lack (a CJK fallback), at an em size of
 * em_scale times the first font's em, on the same baseline. */
typedef struct ds_atlas_source {
    const unsigned char *ttf;
    size_t ttf_size;
    const uint32_t (*ranges)[2]; /* sorted, inclusive */
    int nranges;
    float em_scale;              /* later sources: em relative to the first font's (1 = same) */
} ds_atlas_source;

/* Bakes the code points of `ranges` that the font has, at each pixel size in
 * px[0..nsizes-1]. Returns 0, or -1 (bad font, no memory, too many glyphs). */
int ds_atlas_bake(ds_atlas *a, const unsigned char *ttf, size_t ttf_size,
                  const uint32_t (*ranges)[2], int nranges,
                  const float *px, int nsizes);
/* The same from nsrc (1..DS_ATLAS_MAX_SOURCES) fonts, the first one first. */
int ds_atlas_bake_sources(ds_atlas *a, const ds_atlas_source *src, int nsrc,
                          const float *px, int nsizes);
/* The canvas's atlas: the embedded fonts (font_data.h), DejaVu Sans first
 * (metrics, Latin, symbols), then the CJK subset for the Chinese words, one
 * baseline, at the pixel sizes px[0..nsizes-1]. */
int ds_atlas_bake_canvas(ds_atlas *a, const float *px, int nsizes);
void ds_atlas_free(ds_atlas *a);

/* Index of cp in a->cps, or -1. */
int ds_atlas_find(const ds_atlas *a, uint32_t cp);

/* Quad for cp (or the fallback glyph) at pen (*x, y); advances *x, adding
 * kerning against prev (0 for none). Returns 0 for a drawable glyph, 1 for a
 * blank one (space). */
int ds_atlas_quad(const ds_atlas *a, int font, uint32_t prev, uint32_t cp,
                  float *x, float y, ds_quad *q);

/* Width in pixels of a UTF-8 string. */
float ds_atlas_measure(const ds_atlas *a, int font, const char *utf8);

/* Decodes one UTF-8 code point and advances *s; invalid bytes give U+FFFD. */
uint32_t ds_utf8_next(const char **s);

#endif
