/* cmd_goudan.c - the 'goudan' subcommand (placeholder until the engine lands). */
#include <stdio.h>

#include "cli.h"

int cmd_goudan(int argc, char **argv) {
    (void)argc; (void)argv;
    fprintf(stderr, "deckscope goudan: not implemented yet\n");
    return 2;
}

int gen_goudan(int argc, char **argv) {
    (void)argc; (void)argv;
    fprintf(stderr, "deckscope gen goudan: not implemented yet\n");
    return 2;
}
