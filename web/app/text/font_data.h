/* font_data.h - the canvas font, embedded at build time.
 *
 * web/CMakeLists.txt subsets a Debian font (fonts-dejavu-core) with pyftsubset
 * to the code points listed in DS_VIEW_GLYPHS and generates font_data.c from
 * it (web/cmake/embed_font.cmake). Nothing of the font is committed. */
#ifndef DS_FONT_DATA_H
#define DS_FONT_DATA_H

#include <stddef.h>
#include <stdint.h>

typedef struct ds_cp_range {
    uint32_t first, last; /* inclusive */
} ds_cp_range;

extern const unsigned char ds_font_ttf[];
extern const size_t ds_font_ttf_size;
/* The code points that were asked for (the font may lack a few). */
extern const ds_cp_range ds_font_ranges[];
extern const int ds_font_nranges;

/* The CJK fallback (fonts-wqy-microhei, font 0 of its .ttc), subset to the
 * code points of the Chinese words (strings.c and the scenes' word tables,
 * scene_*.c) that the font above lacks
 * (web/cmake/cjk_glyphs.cmake), generated into font_cjk_data.c. */
extern const unsigned char ds_font_cjk_ttf[];
extern const size_t ds_font_cjk_ttf_size;
extern const ds_cp_range ds_font_cjk_ranges[];
extern const int ds_font_cjk_nranges;

#endif
