/* cmd_mahjong.c - the 'mahjong' subcommand (placeholder until the engine lands). */
#include <stdio.h>

#include "cli.h"

int cmd_mahjong(int argc, char **argv) {
    (void)argc; (void)argv;
    fprintf(stderr, "deckscope mahjong: not implemented yet\n");
    return 2;
}

int gen_mahjong(int argc, char **argv) {
    (void)argc; (void)argv;
    fprintf(stderr, "deckscope gen mahjong: not implemented yet\n");
    return 2;
}
