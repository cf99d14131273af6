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

static const char usage[] =
    "deckscope " DS_VERSION " - judge-exact simulators of four card games\n"
    "\n"
    "usage:\n"
    "  deckscope cirno   [--trace] [FILE]     Cirno's Arithmetic Game (Luogu P7506)\n"
    "  deckscope thegame [--trace] [FILE]     The Game, solo (CERC 2022)\n"
    "  deckscope mahjong [--trace] [FILE]     Mahjong simulator (THUPC 2021 pre, L)\n"
    "  deckscope mahjong --distance \"1M 1M ...\" [--melds N] [--explain | --json]\n"
    "  deckscope goudan  [--explain] [FILE]   Goudan (THUPC 2021 pre, I)\n"
    "  deckscope goudan  --playout [--seed N] [FILE]\n"
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
    "event trace as JSON Lines instead (docs/trace-format.md).\n"
    "Bad input: one line 'deckscope <game>: line L, column C: ...' on stderr,\n"
    "nothing on stdout, exit status 2; bad usage: one line on stderr, exit status 2.\n";

static const char gen_usage[] =
    "usage: deckscope gen <game> [options]    a random valid input on stdout\n"
    "  deckscope gen cirno --seed N [--max]\n"
    "  deckscope gen thegame --seed N\n"
    "  deckscope gen mahjong --seed N\n"
    "  deckscope gen goudan --seed N [--count T | --max | --all]\n"
    "--seed is required; the same seed gives the same input on every platform\n"
    "(thegame and mahjong accept --max and --all: they have one input size).\n"
    "deckscope gen <game> --help lists that game's options.\n";

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
    if (argc < 2) { fputs(usage, stderr); return 2; }
    if (is_help(argv[1]) || !strcmp(argv[1], "help")) {
        fputs(usage, stdout);
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
        if (is_help(argv[2])) { fputs(gen_usage, stdout); return 0; }
        if (ds_game_index(argv[2]) >= 0)
            return cli_game_gen(ds_game_index(argv[2]), argc - 2, argv + 2);
        return ds_args_fail("deckscope gen", "unknown game '%.60s' (%s)", argv[2], words);
    }
    if (!strcmp(argv[1], "render")) return cmd_render(argc - 1, argv + 1);
    if (ds_game_index(argv[1]) >= 0) return cli_game_run(ds_game_index(argv[1]), argc - 1, argv + 1);
    return ds_args_fail("deckscope", "unknown %s '%.60s'", argv[1][0] == '-' ? "option" : "command",
                        argv[1]);
}
