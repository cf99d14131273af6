/* cmd_cirno.c - the 'cirno' subcommands (Cirno's Arithmetic Game, Luogu P7506).
 *
 *   deckscope cirno [--trace] < input      judge output, or the JSON Lines trace
 *   deckscope gen cirno --seed N [--max]   a random valid input
 */
#include <stdio.h>

#include "cirno/cirno.h"
#include "cli.h"

int cmd_cirno(int argc, char **argv) {
    static const char *const flags[] = {"--trace", NULL};
    ds_buf text, out;
    ds_error err;
    ds_trace tr = {0};
    cirno_input *in = NULL;
    int rc = 0, trace;
    if ((rc = cli_check_args("cirno", argc, argv, flags, NULL)) != 0) return rc;
    trace = cli_flag(argc, argv, "--trace");
    ds_buf_init(&text);
    ds_buf_init(&out);
    if (cli_read_stdin(&text)) { ds_buf_free(&text); return 2; }
    if (cirno_parse(text.data, text.len, &in, &err) || cirno_simulate(in, &tr, &err)) {
        rc = cli_input_error("cirno", &err);
    } else {
        /* the output is written in slices of events: a 3e5-event game does
         * not need its whole 7 MB judge output (166 MB as JSON) in memory */
        size_t from, chunk = trace ? 1024 : 16384;
        for (from = 0; from == 0 || from < tr.n; from += chunk) {
            ds_buf_clear(&out);
            if (trace ? cirno_trace_jsonl_range(in, &tr, from, from + chunk, &out)
                      : cirno_format_range(in, &tr, from, from + chunk, &out)) {
                fprintf(stderr, "deckscope cirno: out of memory writing the output\n");
                rc = 2;
                break;
            }
            if (cli_write(&out)) {
                fprintf(stderr, "deckscope cirno: cannot write standard output\n");
                rc = 1;
                break;
            }
        }
    }
    ds_trace_free(&tr);
    cirno_input_free(in);
    ds_buf_free(&text);
    ds_buf_free(&out);
    return rc;
}

int gen_cirno(int argc, char **argv) {
    static const char *const flags[] = {"--max", NULL};
    static const char *const opts[] = {"--seed", NULL};
    uint64_t seed;
    ds_buf out;
    int rc;
    if ((rc = cli_check_args("gen cirno", argc, argv, flags, opts)) != 0) return rc;
    if (!cli_opt(argc, argv, "--seed") || cli_opt_u64(argc, argv, "--seed", 0, &seed))
        return cli_usage_error("gen cirno", "--seed N (a non-negative integer) is required");
    ds_buf_init(&out);
    if (cirno_generate(seed, cli_flag(argc, argv, "--max"), &out)) {
        ds_buf_free(&out);
        fprintf(stderr, "deckscope gen cirno: the generator failed for seed %llu\n",
                (unsigned long long)seed);
        return 2;
    }
    rc = cli_write(&out) ? 1 : 0;
    ds_buf_free(&out);
    return rc;
}
