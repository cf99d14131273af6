/* ds_input.h - reading a game's input, bounded: the one reader of
 * `deckscope <game>` (cli/cli.c) and `deckscope render` (web/app/export/
 * render_main.c), so both stop at the same place with the same words.
 *
 * The inputs are text, and each game's has a cap far above the largest input
 * the game accepts (docs/security.md):
 *   thegame, mahjong  1 MiB    (98 cards / 148 tiles: under 1 KB)
 *   cirno            64 MiB    (n = 30, k = 300,000: 1.1 MB as `gen --max`
 *                               writes it, 1.3 MB with one space between tokens)
 *   goudan          512 MiB    (T = 10^7 queries, the parser's limit, at 34
 *                               bytes a query with CRLF: 340 MB; the
 *                               statement's T = 351,493: 12 MB at most)
 * Reading stops at the first NUL byte and at the first byte past the cap,
 * so `deckscope cirno /dev/zero` or `yes | deckscope thegame` end at once. */
#ifndef DS_INPUT_H
#define DS_INPUT_H

#include <stddef.h>
#include <stdio.h>

#include "ds_core.h"

#define DS_INPUT_CAP_SMALL ((size_t)1 << 20)
#define DS_INPUT_CAP_CIRNO ((size_t)64 << 20)
#define DS_INPUT_CAP_GOUDAN ((size_t)512 << 20)

/* The cap of the game with this id ("cirno", ...; others: the small cap). */
size_t ds_input_cap(const char *game);

enum { DS_INPUT_OK = 0, DS_INPUT_BAD = -1, DS_INPUT_READ_ERROR = -2, DS_INPUT_NO_MEMORY = -3 };

/* Reads fp to its end into b (NUL-terminated; b->len does not count the NUL).
 * DS_INPUT_OK; DS_INPUT_BAD with err = "line L, column C: a NUL byte ..." or
 * "... the input is longer than N bytes, the most deckscope <game> reads ..."
 * (positions as ds_reader counts them); DS_INPUT_READ_ERROR (errno says why);
 * DS_INPUT_NO_MEMORY. */
int ds_input_read(FILE *fp, const char *game, ds_buf *b, ds_error *err);

#endif
