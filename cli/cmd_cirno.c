/* cmd_cirno.c - the 'cirno' subcommands (Cirno's Arithmetic Game, Luogu P7506).
 *
 *   deckscope cirno [--trace] [FILE]       judge output, or the JSON Lines trace
 *   deckscope gen cirno --seed N [--max]   a random valid input
 */
#include <stdio.h>

#include "cirno/cirno.h"
#include "cli.h"

static const char usage[] =
    "usage: deckscope cirno [--trace] [FILE]\n"
    "Cirno's Arithmetic Game (Luogu P7506): reads the problem's input from FILE\n"
    "(standard input when FILE is absent or '-') and writes the judge's output.\n"
    "  --trace     the event trace as JSON Lines instead (docs/trace-format.md)\n"
    "  -h, --help  this text\n"
    "Bad input: one line 'deckscope cirno: line L, column C: ...' on stderr,\n"
    "nothing on stdout, exit status 2.\n";

static const char gen_usage[] =
    "usage: deckscope gen cirno --seed N [--max]\n"
    "A random valid input of cirno from the seed N (the same N, the same input).\n"
    "  --seed N    a non-negative integer (required)\n"
    "  --max       the largest sizes (n = 30, m = 100, k = 300000)\n"
    "  -h, --help  this text\n";

int cmd_cirno(int argc, char **argv) {
    ds_buf text, out;
    ds_error err;
    ds_trace tr = {0};
    cirno_input *in = NULL;
    int rc = 0, trace = 0;
    ds_opt opts[] = {DS_ARG_FLAG("trace", &trace), DS_ARG_END};
    ds_args args = {.cmd = "deckscope cirno", .usage = usage, .opts = opts, .max_operands = 1};
    if ((rc = ds_args_parse(&args, argc, argv)) != DS_ARGS_RUN) return rc;
    rc = 0;
    ds_buf_init(&text);
    ds_buf_init(&out);
    if (cli_read_input("cirno", args.noperands ? args.operands[0] : NULL, &text)) {
        ds_buf_free(&text);
        return 2;
    }
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
    uint64_t seed = 0;
    ds_buf out;
    int rc, max = 0;
    ds_opt opts[] = {DS_ARG_U64("seed", &seed), DS_ARG_FLAG("max", &max), DS_ARG_END};
    ds_args args = {.cmd = "deckscope gen cirno", .usage = gen_usage, .opts = opts, .max_operands = 0};
    if ((rc = ds_args_parse(&args, argc, argv)) != DS_ARGS_RUN) return rc;
    if (!ds_args_seen(&args, "seed"))
        return cli_usage_error("gen cirno", "--seed N (a non-negative integer) is required");
    ds_buf_init(&out);
    if (cirno_generate(seed, max, &out)) {
        ds_buf_free(&out);
        fprintf(stderr, "deckscope gen cirno: the generator failed for seed %llu\n",
                (unsigned long long)seed);
        return 2;
    }
    rc = cli_write(&out) ? 1 : 0;
    ds_buf_free(&out);
    return rc;
}
