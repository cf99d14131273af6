/* main.c - the deckscope command-line program: one subcommand per game.
 *
 *   deckscope <game> [options] < input     judge output on stdout
 *   deckscope gen <game> --seed N [...]    a random valid input
 *   deckscope --help | --version
 *
 * argv passed to a game command starts at the game name (argv[0] = "cirno"). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

#ifndef DS_VERSION
#define DS_VERSION "0.1.0"
#endif

static const char usage[] =
    "deckscope " DS_VERSION " - judge-exact simulators of four card games\n"
    "\n"
    "usage:\n"
    "  deckscope cirno   [--trace] < input      Cirno's Arithmetic Game (Luogu P7506)\n"
    "  deckscope thegame [--trace] < input      The Game, solo (CERC 2022)\n"
    "  deckscope mahjong [--trace] < input      Mahjong simulator (THUPC 2021 pre, L)\n"
    "  deckscope mahjong --distance \"1M 1M ...\" [--melds N] [--explain]\n"
    "  deckscope goudan  [--explain] < input    Goudan (THUPC 2021 pre, I)\n"
    "  deckscope goudan  --playout --seed N < input\n"
    "  deckscope gen <game> --seed N [--max|--all]   random valid input\n"
    "  deckscope render <game> [--from I] [--to J] -o out.gif|out.png < input\n"
    "                   [--size WxH] [--scale S] [--light]   animated GIF / PNG (docs/exports.md)\n"
    "  deckscope --help | --version\n"
    "\n"
    "The game reads the problem's input on stdin and writes the judge's output on\n"
    "stdout; --trace writes the event trace as JSON Lines instead (docs/trace-format.md).\n"
    "Bad input: one line 'line L, column C: ...' on stderr, exit status 2.\n";

typedef struct {
    const char *name;
    int (*run)(int, char **);
    int (*gen)(int, char **);
} command;

static const command commands[] = {
    {"cirno", cmd_cirno, gen_cirno},
    {"thegame", cmd_thegame, gen_thegame},
    {"mahjong", cmd_mahjong, gen_mahjong},
    {"goudan", cmd_goudan, gen_goudan},
};

int main(int argc, char **argv) {
    size_t i;
    if (argc < 2) { fputs(usage, stderr); return 2; }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        fputs(usage, stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) { puts("deckscope " DS_VERSION); return 0; }
    if (!strcmp(argv[1], "gen")) {
        if (argc < 3) return cli_usage_error("gen", "which game? cirno, thegame, mahjong or goudan");
        for (i = 0; i < sizeof commands / sizeof *commands; i++)
            if (!strcmp(argv[2], commands[i].name)) return commands[i].gen(argc - 2, argv + 2);
        return cli_usage_error("gen", "unknown game");
    }
    if (!strcmp(argv[1], "render")) return cmd_render(argc - 1, argv + 1);
    for (i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "deckscope: unknown command '%s'\n\n", argv[1]);
    fputs(usage, stderr);
    return 2;
}
