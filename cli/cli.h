/* cli.h - shared helpers of the deckscope command-line program.
 *
 * The CLI is the only place that touches stdin/stdout/stderr. Conventions:
 *   - `deckscope <game> [options] [FILE]` reads the input from FILE, or from
 *     standard input when FILE is absent or "-" (cli_read_input);
 *   - success: judge output on stdout, exit 0;
 *   - bad input: one line "deckscope <game>: line L, column C: ..." on stderr,
 *     nothing on stdout, exit 2 (cli_input_error); a FILE that cannot be
 *     opened or read: "deckscope <game>: cannot open 'FILE': <reason>", exit 2;
 *   - bad usage: one line "deckscope <cmd>: ... (see deckscope <cmd> --help)"
 *     on stderr, exit 2: the option parser ds_args.h, shared with
 *     deckscope-view, or cli_usage_error for the checks after it;
 *   - --help / -h: the command's usage on stdout, exit 0.
 * Every game's command is cli_game_run (cli_game.h, cmd_game.c), through
 * the game's ds_game; cmd_<game>.c holds only what that game has of its own
 * (cli_<game>_hooks). Commands get argv[0] = the game's name. */
#ifndef DS_CLI_H
#define DS_CLI_H

#include <stdint.h>

#include "ds_args.h"
#include "ds_core.h"
#include "ds_game.h"
#include "ds_input.h"

/* Reads FILE (stdin when file is NULL or "-") into b, NUL-terminated, with
 * ds_input_read: it stops at the first NUL byte and past the game's cap
 * (ds_input.h; cmd is the game's id), each an input error "deckscope <cmd>: line L, column C: ...". 0, or -1 after a
 * message "deckscope <cmd>: ..." on stderr (the caller exits with 2). */
int cli_read_input(const char *cmd, const char *file, ds_buf *b);
/* s (a file name, an argument) for a message on one line, into buf: control
 * bytes escaped (\n, \t, \r, \xNN; a backslash as \\), cut to size with "..."
 * (never inside a UTF-8 character). Returns buf. */
const char *cli_shown(const char *s, char *buf, size_t size);
/* Writes b to stdout and flushes it; 0, or 1 after "deckscope <cmd>: cannot
 * write standard output: <reason>" on stderr (a full disk, a closed pipe). */
int cli_write(const char *cmd, const ds_buf *b);
/* Prints "deckscope <cmd>: <formatted error>" to stderr; returns 2. */
int cli_input_error(const char *cmd, const ds_error *err);
/* Prints "deckscope <cmd>: <msg> (see deckscope <cmd> --help)" to stderr
 * (the shape of every usage error, ds_args_fail); returns 2. */
int cli_usage_error(const char *cmd, const char *msg);

/* --try SPEC (ds_choices_parse): 0 with *out and *n set (NULL and 0 when spec is
 * NULL), or 2 after "deckscope <cmd>: --try: <message>" on stderr. */
int cli_try(const char *cmd, const char *spec, ds_choice **out, size_t *n);
/* The first two lines of every --compare report (docs/variations.md):
 *     variation: <spec>
 *     first difference: event I (main line: <label>, variation: <label>)
 * or "first difference: none (the variation is the main line)" when
 * main_label is NULL. Each game then adds "main line: <outcome>" and
 * "variation: <outcome>". */
int cli_compare_head(const char *spec, size_t first_diff, const char *main_label,
                     const char *var_label, ds_buf *out);

/* --lang VALUE (NULL: English): 0 with *out set, or 2 after a usage error. */
int cli_lang(const char *cmd, const char *value, ds_lang *out);
/* --narrate: one line per event of tr, "I<TAB>sentence" (the game's
 * narrate()), written to stdout in slices. 0, 1 (cannot write) or 2 (no
 * memory), after a message on stderr. */
int cli_narrate(const char *cmd, const ds_game *game, void *g, const ds_trace *tr,
                ds_lang lang);

/* cmd_render.c: runs deckscope-view --render (docs/exports.md) */
int cmd_render(int argc, char **argv);

#endif
