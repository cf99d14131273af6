/* cli.h - shared helpers of the deckscope command-line program.
 *
 * The CLI is the only place that touches stdin/stdout/stderr. Conventions:
 *   - success: judge output on stdout, exit 0;
 *   - bad input: one line "deckscope <game>: line L, column C: ..." on stderr,
 *     nothing on stdout, exit 2 (cli_input_error);
 *   - bad usage: a message on stderr, exit 2 (cli_usage_error).
 * Each game has its own cmd_<game>.c with cmd_<game>() and gen_<game>().
 */
#ifndef DS_CLI_H
#define DS_CLI_H

#include <stdint.h>

#include "ds_core.h"

/* Reads all of stdin into b (NUL-terminated). 0 or -1 (message printed). */
int cli_read_stdin(ds_buf *b);
/* Writes b to stdout; returns 0, or 1 on a write error. */
int cli_write(const ds_buf *b);
/* Prints "deckscope <cmd>: <formatted error>" to stderr; returns 2. */
int cli_input_error(const char *cmd, const ds_error *err);
/* Prints "deckscope <cmd>: <msg>" to stderr; returns 2. */
int cli_usage_error(const char *cmd, const char *msg);
/* Finds "--name" in argv; 1 if present. */
int cli_flag(int argc, char **argv, const char *name);
/* Finds "--name VALUE" (or --name=VALUE); returns VALUE or NULL. */
const char *cli_opt(int argc, char **argv, const char *name);
/* Parses "--name N" as an unsigned integer; def when absent; -1 on a bad value. */
int cli_opt_u64(int argc, char **argv, const char *name, uint64_t def, uint64_t *out);
/* Rejects any argument that is not in the NULL-terminated lists of known
 * flags (no value) and options (take a value); returns 0 or 2 (printed). */
int cli_check_args(const char *cmd, int argc, char **argv, const char *const *flags,
                   const char *const *opts);

int cmd_cirno(int argc, char **argv);
int cmd_thegame(int argc, char **argv);
int cmd_mahjong(int argc, char **argv);
int cmd_goudan(int argc, char **argv);
int gen_cirno(int argc, char **argv);
int gen_thegame(int argc, char **argv);
int gen_mahjong(int argc, char **argv);
int gen_goudan(int argc, char **argv);
/* cmd_render.c: runs deckscope-view --render (docs/exports.md) */
int cmd_render(int argc, char **argv);

#endif
