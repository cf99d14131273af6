/* ds_input.c - reading a game's input, bounded (ds_input.h). */
#include "ds_input.h"

#include <errno.h>
#include <string.h>

size_t ds_input_cap(const char *game) {
    if (game && !strcmp(game, "cirno")) return DS_INPUT_CAP_CIRNO;
    if (game && !strcmp(game, "goudan")) return DS_INPUT_CAP_GOUDAN;
    return DS_INPUT_CAP_SMALL;
}

/* "line L, column C" of byte `at` of text, as ds_reader counts them (bytes;
 * a leading UTF-8 byte-order mark is not counted). */
static void position(const char *text, size_t at, int *line, int *col) {
    size_t i = 0;
    long l = 1, c = 1;
    if (at >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) i = 3;
    for (; i < at; i++) {
        if (text[i] == '\n') { l++; c = 1; }
        else c++;
    }
    *line = l > 0x7fffffffL ? 0x7fffffff : (int)l;
    *col = c > 0x7fffffffL ? 0x7fffffff : (int)c;
}

int ds_input_read(FILE *fp, const char *game, ds_buf *b, ds_error *err) {
    char chunk[65536];
    size_t n, cap = ds_input_cap(game);
    int line, col;
    /* up to cap + 1 bytes: one byte past the cap is the error */
    while (b->len <= cap) {
        size_t want = cap + 1 - b->len < sizeof chunk ? cap + 1 - b->len : sizeof chunk;
        const char *nul;
        if ((n = fread(chunk, 1, want, fp)) == 0) break;
        if (ds_buf_put(b, chunk, n)) return DS_INPUT_NO_MEMORY;
        if ((nul = memchr(b->data + b->len - n, '\0', n)) != NULL) {
            /* a NUL is an error wherever it is: the rest (of /dev/zero, say)
             * need not be read */
            position(b->data, (size_t)(nul - b->data), &line, &col);
            ds_fail(err, line, col, "a NUL byte (the input must be text)");
            return DS_INPUT_BAD;
        }
    }
    if (b->len > cap) {
        position(b->data, cap, &line, &col);
        ds_fail(err, line, col,
                "the input is longer than %zu bytes, the most deckscope %s reads (docs/security.md)",
                cap, game ? game : "");
        return DS_INPUT_BAD;
    }
    if (ferror(fp)) return DS_INPUT_READ_ERROR;
    if (ds_buf_reserve(b, 0)) return DS_INPUT_NO_MEMORY;
    if (b->data) b->data[b->len] = '\0';
    return DS_INPUT_OK;
}
