/* main.c - the deckscope command-line program: one subcommand per game.
 *
 *   deckscope <game> [options] [FILE]      judge output on stdout (FILE or stdin)
 *   deckscope gen <game> --seed N [...]    a random valid input (cmd_game.c)
 *   deckscope render <game> ...            GIF / PNG through deckscope-view
 *   deckscope <command> --help             that command's usage
 *   deckscope --help | --version
 *   deckscope --games                      the game ids, one a line (ds_games.h)
 *
 * argv passed to a game command starts at the game name (argv[0] = "cirno");
 * each command parses the rest with ds_args.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli_game.h"
#include "ds_games.h"

#ifndef DS_VERSION
#define DS_VERSION "0.1.0"
#endif

/* deckscope --help: the games' lines come from their hooks (cli_game.h) */
static const char usage_head[] =
    "deckscope " DS_VERSION " - judge-exact simulators of card games\n"
    "\n"
    "usage:\n";
static const char usage_tail[] =
    "  deckscope gen <game> --seed N [its options]     a random valid input\n"
    "  deckscope render <game> [--from I] [--to J] -o out.gif|out.png [FILE]\n"
    "                   [--step I] [--size WxH] [--scale S] [--light]\n"
    "                   an animated GIF / a PNG, no display needed (docs/exports.md)\n"
    "  deckscope <command> --help             the options of one command\n"
    "  deckscope --help | --version\n"
    "  deckscope --games                      the game ids, one a line\n"
    "\n"
    "A game reads the problem's input from FILE, or from standard input when FILE\n"
    "is absent or '-', and writes the judge's output on stdout; --trace writes the\n"
    "event trace as JSON Lines instead (docs/trace-format.md), --narrate one\n"
    "sentence per event (docs/narration.md), --try a variation (docs/variations.md).\n"
    "Bad input: one line 'deckscope <game>: line L, column C: ...' on stderr,\n"
    "nothing on stdout, exit status 2; bad usage: one line on stderr, exit status 2.\n";

static const char gen_usage_head[] = "usage: deckscope gen <game> [options]    a random valid input on stdout\n";
static const char gen_usage_tail[] =
    "--seed is required; the same seed gives the same input on every platform\n"
    "(thegame and mahjong accept --max and --all: they have one input size).\n"
    "deckscope gen <game> --help lists that game's options.\n";

/* "  deckscope <id> <line>" for each line of lines ('\n'-ended) */
static void put_lines(FILE *f, const char *id, const char *lines) {
    const char *nl;
    for (; lines && *lines; lines = nl + 1) {
        if (!(nl = strchr(lines, '\n'))) nl = lines + strlen(lines) - 1;
        fprintf(f, "  deckscope %-7s %.*s\n", id, (int)(nl - lines), lines);
    }
}

static void put_usage(FILE *f) {
    int g;
    fputs(usage_head, f);
    for (g = 0; g < DS_NGAMES; g++) {
        const cli_hooks *h = cli_hooks_at(g);
        fprintf(f, "  deckscope %-7s [--trace] [FILE]     %s\n", ds_game_id(g), h->title);
        put_lines(f, ds_game_id(g), h->modes);
    }
    fputs(usage_tail, f);
}

static void put_gen_usage(FILE *f) {
    int g;
    fputs(gen_usage_head, f);
    for (g = 0; g < DS_NGAMES; g++) {
        const cli_hooks *h = cli_hooks_at(g);
        fprintf(f, "  deckscope gen %s --seed N%s\n", ds_game_id(g), h->gen_args ? h->gen_args : "");
    }
    fputs(gen_usage_tail, f);
}

static int is_help(const char *a) { return !strcmp(a, "--help") || !strcmp(a, "-h"); }

/* Every command's output reaches stdout, or the command says it did not: a
 * full disk (>/dev/full) or a closed pipe is one line on stderr and exit 1,
 * also for what was written with puts (--games, --version, --help). */
static int finish(const char *cmd, int rc) {
    errno = 0;
    if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0) {
        fprintf(stderr, "deckscope%s%s: cannot write standard output: %s\n", cmd ? " " : "",
                cmd ? cmd : "", errno ? strerror(errno) : "write error");
        rc = 1;
    }
    return rc;
}

static int run(int argc, char **argv);

int main(int argc, char **argv) {
    return finish(argc >= 2 && argv[1][0] != '-' ? argv[1] : NULL, run(argc, argv));
}

static int run(int argc, char **argv) {
    size_t i;
    char words[64];
    if (argc < 2) { put_usage(stderr); return 2; }
    if (is_help(argv[1]) || !strcmp(argv[1], "help")) {
        put_usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) { puts("deckscope " DS_VERSION); return 0; }
    if (!strcmp(argv[1], "--games")) {
        for (i = 0; i < DS_NGAMES; i++) puts(ds_game_id((int)i));
        return 0;
    }
    ds_game_words(words, sizeof words);
    if (!strcmp(argv[1], "gen")) {
        if (argc < 3) {
            char msg[96];
            snprintf(msg, sizeof msg, "which game? %s", words);
            return cli_usage_error("gen", msg);
        }
        if (is_help(argv[2])) { put_gen_usage(stdout); return 0; }
        if (ds_game_index(argv[2]) >= 0)
            return cli_game_gen(ds_game_index(argv[2]), argc - 2, argv + 2);
        return ds_args_fail("deckscope gen", "unknown game '%.60s' (%s)", argv[2], words);
    }
    if (!strcmp(argv[1], "render")) return cmd_render(argc - 1, argv + 1);
    if (ds_game_index(argv[1]) >= 0) return cli_game_run(ds_game_index(argv[1]), argc - 1, argv + 1);
    return ds_args_fail("deckscope", "unknown %s '%.60s'", argv[1][0] == '-' ? "option" : "command",
                        argv[1]);
}
