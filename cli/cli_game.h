/* cli_game.h - the one command path of every game (cli/cmd_game.c).
 *
 * `deckscope <game> ...` runs cli_game_run(g, ...): it parses the options
 * every game has (--trace, --narrate, --lang, --try, --compare), reads the
 * input, and goes through the game's ds_game (ds_game_at(g)): parse,
 * simulate (the main line, and the variation of --try; not at all for the
 * judge output of a game whose format needs no game played, goudan's), then the
 * judge output (format), the trace (trace_jsonl), the sentences (narrate) or
 * the --compare report. `deckscope gen <game> --seed N` runs cli_game_gen:
 * --seed (required) and --help, then the game's generate(seed, size).
 * What only one game has is a small hook of its own in cli_hooks
 * (cli/cmd_<id>.c, registered by the DS_GAMES list of ds_games.h): its usage
 * text, its extra options (mahjong --distance, goudan --explain, ...), its
 * --compare report, its generator's options (cirno --max, goudan --count). */
#ifndef DS_CLI_GAME_H
#define DS_CLI_GAME_H

#include "cli.h"

/* The values of a game's extra options (cli_hooks.options and gen_options
 * point their entries here). */
typedef struct cli_extra {
    int flag[4];
    int num;
    const char *str;
} cli_extra;

/* One run of a game command: the common options and the extra ones. */
typedef struct cli_run {
    const ds_game *game;
    const char *id;   /* the game's id: the "<cmd>" of every message */
    ds_args args;
    int trace, narrate, cmp;
    const char *spec, *lang_name;
    ds_lang lang;
    uint64_t seed;
    ds_gen gen; /* deckscope gen: the input's size (the game's gen_options) */
    cli_extra x;
} cli_run;

#define CLI_MAX_EXTRA 6

typedef struct cli_hooks {
    /* deckscope --help: the problem ("Goudan (THUPC 2021 pre, I)") and the
     * game's own modes, one a line without "deckscope <id> " (or NULL) */
    const char *title, *modes;
    const char *usage;
    /* the game's own options (at most CLI_MAX_EXTRA) into opts, pointing
     * into *r (r->x, or r->seed: goudan's --seed); returns how many; NULL:
     * none */
    size_t (*options)(cli_run *r, ds_opt *opts);
    /* right after parsing the options: DS_ARGS_RUN to go on, or the exit
     * status (after a message, or after a command of its own); NULL: go on */
    int (*check)(cli_run *r);
    /* after the common checks (and --lang), before --try: the same */
    int (*check_more)(cli_run *r);
    /* writes the judge output (trace = 0) or the trace of tr itself, in
     * slices: 0, 1 (cannot write, said) or -1 (no memory); NULL: the
     * game's format / trace_jsonl, written at once (tr is NULL for the
     * judge output of a game with format_without_trace) */
    int (*write)(cli_run *r, void *g, const ds_trace *tr);
    /* the --compare report (docs/variations.md) into out: 0 or -1 */
    int (*compare)(cli_run *r, void *g, const ds_trace *main_tr, const ds_trace *var_tr,
                   ds_buf *out);
    /* 1: the judge output is the game's format(g, NULL, out), no game
     * played (goudan: the answer of every query), so a run without --trace,
     * --narrate, --try simulates nothing and makes no trace */
    int format_without_trace;
    /* after the input is parsed: a mode of the game's own that reads it
     * (goudan --explain): the exit status once done, or DS_ARGS_RUN for the
     * common modes; NULL: the common modes */
    int (*output)(cli_run *r, void *g);
    /* deckscope gen <id>: --seed N and --help are cli_game_gen's, the input
     * is the game's generate(r->seed, &r->gen); the game adds its usage
     * ("usage: deckscope gen <id> --seed N<gen_args>\n", then gen_about, the
     * --seed line, gen_help, the --help line), its size options into opts
     * pointing into r->gen (at most CLI_MAX_EXTRA; NULL: none) and their
     * checks after --seed's (DS_ARGS_RUN or the exit status after a
     * message; NULL: fine) */
    const char *gen_args, *gen_about, *gen_help;
    size_t (*gen_options)(cli_run *r, ds_opt *opts);
    int (*gen_check)(cli_run *r);
} cli_hooks;

/* gen_options of a game with one input size: --max and --all accepted and
 * ignored, for uniformity with the others */
size_t cli_gen_one_size(cli_run *r, ds_opt *opts);

/* "main line: <outcome>\nvariation: <outcome>\n" by the game's outcome(). */
int cli_compare_outcomes(const cli_run *r, void *g, const ds_trace *main_tr,
                         const ds_trace *var_tr, ds_buf *out);

/* The hooks of every game of ds_games.h (cli/cmd_<id>.c). */
#define CLI_HOOKS_DECL_(NAME, id) extern const cli_hooks cli_##id##_hooks;
DS_GAMES(CLI_HOOKS_DECL_)
#undef CLI_HOOKS_DECL_

/* The hooks of the game of number g (DS_GAME_CIRNO, ...), or NULL. */
const cli_hooks *cli_hooks_at(int g);
/* deckscope <game of number g> ...: argv[0] is the game's id. */
int cli_game_run(int g, int argc, char **argv);
/* deckscope gen <game of number g> ...: argv[0] is the game's id. */
int cli_game_gen(int g, int argc, char **argv);

#endif
