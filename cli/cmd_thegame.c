/* cmd_thegame.c - the 'thegame' subcommand: The Game, solo (CERC 2022).
 *
 *   deckscope thegame [--trace] [FILE]        judge output (6 lines) or JSON Lines
 *   deckscope gen thegame [--seed N]          a shuffled permutation of 2..99
 *                                             (seed 1 by default)
 */
#include <stdio.h>

#include "cli.h"
#include "thegame/thegame.h"

static const char usage[] =
    "usage: deckscope thegame [--trace] [FILE]\n"
    "The Game, solo (CERC 2022): reads the 98 cards from FILE (standard input\n"
    "when FILE is absent or '-') and writes the judge's output (6 lines).\n"
    "  --trace     the event trace as JSON Lines instead (docs/trace-format.md)\n"
    "  -h, --help  this text\n"
    "Bad input: one line 'deckscope thegame: line L, column C: ...' on stderr,\n"
    "nothing on stdout, exit status 2.\n";

static const char gen_usage[] =
    "usage: deckscope gen thegame [--seed N]\n"
    "A shuffled permutation of 2..99 from the seed N (default 1); --max and --all\n"
    "are accepted and change nothing (every input has 98 cards).\n"
    "  --seed N    a non-negative integer\n"
    "  -h, --help  this text\n";

int cmd_thegame(int argc, char **argv) {
    ds_buf text, out;
    ds_error err;
    ds_trace tr;
    thegame_input *in = NULL;
    int rc, trace = 0;
    ds_opt opts[] = {DS_ARG_FLAG("trace", &trace), DS_ARG_END};
    ds_args args = {.cmd = "deckscope thegame", .usage = usage, .opts = opts, .max_operands = 1};
    if ((rc = ds_args_parse(&args, argc, argv)) != DS_ARGS_RUN) return rc;
    ds_buf_init(&text);
    ds_buf_init(&out);
    if (cli_read_input("thegame", args.noperands ? args.operands[0] : NULL, &text)) {
        ds_buf_free(&text);
        return 2;
    }
    if (thegame_parse(text.data, text.len, &in, &err)) {
        ds_buf_free(&text);
        return cli_input_error("thegame", &err);
    }
    ds_buf_free(&text);
    if (thegame_simulate(in, &tr, &err)) {
        thegame_input_free(in);
        return cli_input_error("thegame", &err);
    }
    rc = trace ? thegame_trace_jsonl(in, &tr, &out) : thegame_format(in, &tr, &out, NULL);
    if (rc) {
        ds_fail(&err, 0, 0, "out of memory writing the output");
        rc = cli_input_error("thegame", &err);
    } else {
        rc = cli_write(&out);
    }
    ds_trace_free(&tr);
    thegame_input_free(in);
    ds_buf_free(&out);
    return rc;
}

int gen_thegame(int argc, char **argv) {
    /* --max and --all are accepted for uniformity with the other games and
     * ignored: every input of this game has the same size (98 cards). */
    ds_buf out;
    uint64_t seed = 1;
    int rc, ignored = 0;
    ds_opt opts[] = {DS_ARG_U64("seed", &seed),
                     DS_ARG_FLAG("max", &ignored),
                     DS_ARG_FLAG("all", &ignored),
                     DS_ARG_END};
    ds_args args = {.cmd = "deckscope gen thegame", .usage = gen_usage, .opts = opts, .max_operands = 0};
    if ((rc = ds_args_parse(&args, argc, argv)) != DS_ARGS_RUN) return rc;
    ds_buf_init(&out);
    if (thegame_generate(seed, 0, &out)) {
        ds_buf_free(&out);
        fprintf(stderr, "deckscope gen thegame: out of memory\n");
        return 2;
    }
    rc = cli_write(&out);
    ds_buf_free(&out);
    return rc;
}
