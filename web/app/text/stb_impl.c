/* stb_impl.c - the stb implementations (libstb-dev headers), compiled once
 * and without warnings flags (third-party code). */
#define STB_RECT_PACK_IMPLEMENTATION
#include "stb_rect_pack.h"
#define STB_TRUETYPE_IMPLEMENTATION
#include "stb_truetype.h"
