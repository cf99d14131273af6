/* cmd_cirno.c - the 'cirno' subcommand (placeholder until the engine lands). */
#include <stdio.h>

#include "cli.h"

int cmd_cirno(int argc, char **argv) {
    (void)argc; (void)argv;
    fprintf(stderr, "deckscope cirno: not implemented yet\n");
    return 2;
}

int gen_cirno(int argc, char **argv) {
    (void)argc; (void)argv;
    fprintf(stderr, "deckscope gen cirno: not implemented yet\n");
    return 2;
}
