/* cmd_thegame.c - the 'thegame' subcommand (placeholder until the engine lands). */
#include <stdio.h>

#include "cli.h"

int cmd_thegame(int argc, char **argv) {
    (void)argc; (void)argv;
    fprintf(stderr, "deckscope thegame: not implemented yet\n");
    return 2;
}

int gen_thegame(int argc, char **argv) {
    (void)argc; (void)argv;
    fprintf(stderr, "deckscope gen thegame: not implemented yet\n");
    return 2;
}
