/* cmd_thegame.c - the 'thegame' subcommand: The Game, solo (CERC 2022).
 *
 *   deckscope thegame [--trace] < input       judge output (6 lines) or JSON Lines
 *   deckscope gen thegame [--seed N]          a shuffled permutation of 2..99
 *                                             (seed 1 by default)
 */
#include "cli.h"
#include "thegame/thegame.h"

int cmd_thegame(int argc, char **argv) {
    static const char *const flags[] = {"--trace", NULL};
    ds_buf text, out;
    ds_error err;
    ds_trace tr;
    thegame_input *in = NULL;
    int rc, trace;
    if ((rc = cli_check_args("thegame", argc, argv, flags, NULL))) return rc;
    trace = cli_flag(argc, argv, "--trace");
    ds_buf_init(&text);
    ds_buf_init(&out);
    if (cli_read_stdin(&text)) { ds_buf_free(&text); return 2; }
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
    static const char *const flags[] = {"--max", "--all", NULL};
    static const char *const opts[] = {"--seed", NULL};
    ds_buf out;
    uint64_t seed;
    int rc;
    if ((rc = cli_check_args("gen thegame", argc, argv, flags, opts))) return rc;
    if (cli_opt_u64(argc, argv, "--seed", 1, &seed))
        return cli_usage_error("gen thegame", "--seed needs a non-negative integer");
    ds_buf_init(&out);
    if (thegame_generate(seed, 0, &out)) {
        ds_buf_free(&out);
        return cli_usage_error("gen thegame", "out of memory");
    }
    rc = cli_write(&out);
    ds_buf_free(&out);
    return rc;
}
