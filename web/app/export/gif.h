/* gif.h - an animated GIF89a encoder for flat UI pictures (no SDL, no globals).
 *
 * Frames are RGBA (bytes R, G, B, A in memory order; alpha is ignored). All
 * frames share one global palette of at most 255 colours; index 255 is the
 * transparent index that later frames use for "unchanged since the previous
 * frame" pixels, so a frame where only a card moved stores little more than
 * that card.
 *
 * Palette: colours are counted in 32768 bins (5 bits per channel; a bin's
 * colour is the mean of the pixels that fell into it, so flat UI colours stay
 * exact). With at most 255 bins in use the palette is exactly those. With
 * more (anti-aliased edges, gradients), the most frequent bins are taken
 * first, in passes that require a decreasing minimum distance to the colours
 * already taken, so rare but distinct colours (a red loss marker) are kept
 * rather than a twentieth shade of a text edge. Every pixel then maps to the
 * nearest palette colour (no dithering: dithering makes flat areas noisy and
 * compresses badly).
 *
 * The palette is fixed when the first frame is written. Before that, any
 * number of frames may be passed to gif_sample() so the palette sees colours
 * that appear only later (a flash at the end); without samples, the first
 * frame alone decides.
 *
 * Usage:
 *   gif_writer g;
 *   ds_buf out; ds_buf_init(&out);
 *   gif_begin(&g, &out, w, h, 0);            // 0 = loop forever, -1 = play once
 *   gif_sample(&g, rgba, stride);             // optional, before the first frame
 *   gif_frame(&g, rgba, stride, delay_cs);    // per frame; delay in 1/100 s
 *   gif_end(&g);                              // trailer; out holds the file
 *   gif_free(&g);
 * Every function returns 0 or -1 (out of memory, bad arguments, or a frame
 * after gif_end); after -1 the writer only accepts gif_free.
 */
#ifndef DS_GIF_H
#define DS_GIF_H

#include <stddef.h>
#include <stdint.h>

#include "ds_core.h"

#define GIF_MAX_COLORS 255     /* palette entries 0..254 */
#define GIF_TRANSPARENT 255    /* the "unchanged" index */
#define GIF_MAX_SIDE 16384

typedef struct gif_writer {
    ds_buf *out;
    int w, h;
    int loop;               /* 0 forever, n > 0 times, -1 once (no loop block) */
    int frames;             /* frames written */
    int failed, ended;
    int ncolors;            /* palette entries in use once fixed */
    int palette_fixed;
    unsigned char pal[256][3];
    uint64_t *hist;         /* 32768 x {count, r, g, b} while sampling */
    uint16_t *map;          /* 32768 bins -> palette index (0xFFFF = not yet) */
    uint8_t *prev;          /* w*h indices shown after the last frame */
    uint8_t *cur;           /* w*h: the frame being written */
    uint8_t *rect;          /* w*h: its changed rectangle, as encoded */
    /* LZW */
    int32_t *hkey;          /* open-addressing table: (prefix << 8 | byte) */
    uint16_t *hcode;
    uint32_t bitbuf;
    int bitcount;
    unsigned char block[256]; /* block[0] = length of the pending sub-block */
} gif_writer;

int gif_begin(gif_writer *g, ds_buf *out, int w, int h, int loop);
/* Adds a frame's colours to the palette statistics (ignored once fixed). */
int gif_sample(gif_writer *g, const unsigned char *rgba, size_t stride);
/* Appends a frame shown for delay_cs hundredths of a second (>= 2 is what
 * browsers honour; smaller values are raised to 2). */
int gif_frame(gif_writer *g, const unsigned char *rgba, size_t stride, int delay_cs);
int gif_end(gif_writer *g);
void gif_free(gif_writer *g);

/* The palette index a colour maps to (fixes the palette if not yet fixed);
 * for tests. -1 on failure. */
int gif_index_of(gif_writer *g, unsigned char r, unsigned char gr, unsigned char b);

#endif
