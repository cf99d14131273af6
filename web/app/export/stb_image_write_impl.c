/* stb_image_write_impl.c - PNG writer for native screenshots (--screenshot). */
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include "stb_image_write.h"
