/* cmd_cirno.c - the 'cirno' subcommands (Cirno's Arithmetic Game, Luogu P7506).
 *
 *   deckscope cirno [--trace] [FILE]       judge output, or the JSON Lines trace
 *   deckscope cirno --narrate [--lang en|zh] [--try SPEC] [FILE]
 *                                          one sentence per event
 *   deckscope cirno --try SPEC [--trace | --compare] [FILE]
 *                                          a variation (docs/variations.md)
 *   deckscope gen cirno --seed N [--max]   a random valid input
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cirno/cirno.h"
#include "cli.h"

static const char usage[] =
    "usage: deckscope cirno [--trace | --narrate] [--lang en|zh]\n"
    "                       [--try I:CARD[,I:CARD...] [--compare]] [FILE]\n"
    "Cirno's Arithmetic Game (Luogu P7506): reads the problem's input from FILE\n"
    "(standard input when FILE is absent or '-') and writes the judge's output.\n"
    "  --trace        the event trace as JSON Lines instead (docs/trace-format.md)\n"
    "  --narrate      one line per event instead: its index, a tab, a sentence\n"
    "                 saying what happened and why (docs/narration.md)\n"
    "  --lang L       the language of the names and sentences of --trace,\n"
    "                 --narrate and --compare: en (default) or zh\n"
    "  --try SPEC     a variation: at event I (0-based, the trace's \"i\") the player\n"
    "                 plays CARD (a card in her hand, e.g. 12:A99) instead of the\n"
    "                 rule's card; the rules play on after it; indices increase\n"
    "                 (docs/variations.md). The judge output (or --trace) of the\n"
    "                 variation; it stops early if the deck runs out.\n"
    "  --compare      with --try: where the variation departs and both outcomes\n"
    "  -h, --help     this text\n"
    "Bad input: one line 'deckscope cirno: line L, column C: ...' on stderr,\n"
    "nothing on stdout, exit status 2; a bad --try: 'deckscope cirno: --try: ...'.\n";

static const char gen_usage[] =
    "usage: deckscope gen cirno --seed N [--max]\n"
    "A random valid input of cirno from the seed N (the same N, the same input).\n"
    "  --seed N    a non-negative integer (required)\n"
    "  --max       the largest sizes (n = 30, m = 100, k = 300000)\n"
    "  -h, --help  this text\n";

/* --compare: the head (first difference), then both outcomes. */
static int compare(const cirno_input *in, const char *spec, const ds_trace *main_tr,
                   const ds_trace *var_tr, ds_lang lang, ds_buf *out) {
    size_t i, n = main_tr->n < var_tr->n ? main_tr->n : var_tr->n;
    const char *ml = NULL, *vl = NULL;
    for (i = 0; i < n; i++)
        if (memcmp(ds_trace_event(main_tr, i), ds_trace_event(var_tr, i), sizeof(cirno_event)))
            break;
    if (i < n || main_tr->n != var_tr->n) {
        /* the first difference is a forced card (events before it are the
         * main line's, and the rules are deterministic) */
        const cirno_event *a = i < main_tr->n ? ds_trace_event(main_tr, i) : NULL;
        const cirno_event *b = i < var_tr->n ? ds_trace_event(var_tr, i) : NULL;
        ml = a && a->kind != CIRNO_EV_ROUND ? cirno_card_name(a->card) : a ? "round start" : "end";
        vl = b && b->kind != CIRNO_EV_ROUND ? cirno_card_name(b->card) : b ? "round start" : "end";
    }
    if (cli_compare_head(spec, i, ml, vl, out)) return -1;
    ds_buf_puts(out, "main line: ");
    cirno_outcome(in, main_tr, lang, out);
    ds_buf_puts(out, "\nvariation: ");
    cirno_outcome(in, var_tr, lang, out);
    ds_buf_putc(out, '\n');
    return out->failed ? -1 : 0;
}

int cmd_cirno(int argc, char **argv) {
    ds_buf text, out;
    ds_error err;
    ds_trace tr = {0}, main_tr = {0};
    cirno_input *in = NULL;
    ds_choice *ch = NULL;
    size_t nch = 0;
    const char *spec = NULL, *lang_name = NULL;
    ds_lang lang = DS_LANG_EN;
    int rc = 0, trace = 0, cmp = 0, narrate = 0;
    ds_opt opts[] = {DS_ARG_FLAG("trace", &trace), DS_ARG_STR("try", 0, &spec),
                     DS_ARG_FLAG("compare", &cmp), DS_ARG_FLAG("narrate", &narrate),
                     DS_ARG_STR("lang", 0, &lang_name), DS_ARG_END};
    ds_args args = {.cmd = "deckscope cirno", .usage = usage, .opts = opts, .max_operands = 1};
    if ((rc = ds_args_parse(&args, argc, argv)) != DS_ARGS_RUN) return rc;
    if (cmp && !spec) return cli_usage_error("cirno", "--compare needs --try SPEC");
    if (cmp && trace) return cli_usage_error("cirno", "--compare and --trace cannot be combined");
    if (narrate && (trace || cmp))
        return cli_usage_error("cirno", "--narrate cannot be combined with --trace or --compare");
    if ((rc = cli_lang("cirno", lang_name, &lang)) != 0) return rc;
    if ((rc = cli_try("cirno", spec, &ch, &nch)) != 0) return rc;
    ds_buf_init(&text);
    ds_buf_init(&out);
    if (cli_read_input("cirno", args.noperands ? args.operands[0] : NULL, &text)) {
        ds_buf_free(&text);
        free(ch);
        return 2;
    }
    if (cirno_parse(text.data, text.len, &in, &err) ||
        ((cmp || nch) && cirno_simulate(in, &main_tr, &err))) {
        /* the main line first: its errors are the input's */
        rc = cli_input_error("cirno", &err);
    } else if (cirno_simulate_try(in, ch, nch, &tr, &err)) {
        if (nch) {
            fprintf(stderr, "deckscope cirno: --try: %s\n", err.msg);
            rc = 2;
        } else {
            rc = cli_input_error("cirno", &err);
        }
    } else if (cmp) {
        if (compare(in, spec, &main_tr, &tr, lang, &out)) {
            fprintf(stderr, "deckscope cirno: out of memory writing the output\n");
            rc = 2;
        } else if (cli_write("cirno", &out)) {
            rc = 1;
        }
    } else if (narrate) {
        rc = cli_narrate("cirno", &cirno_game, in, &tr, lang);
    } else {
        /* the output is written in slices of events: a 3e5-event game does
         * not need its whole 7 MB judge output (166 MB as JSON) in memory */
        size_t from, chunk = trace ? 1024 : 16384;
        for (from = 0; from == 0 || from < tr.n; from += chunk) {
            ds_buf_clear(&out);
            if (trace ? cirno_trace_jsonl_range(in, &tr, from, from + chunk, lang, &out)
                      : cirno_format_range(in, &tr, from, from + chunk, &out)) {
                fprintf(stderr, "deckscope cirno: out of memory writing the output\n");
                rc = 2;
                break;
            }
            if (cli_write("cirno", &out)) {
                rc = 1;
                break;
            }
        }
    }
    ds_trace_free(&tr);
    ds_trace_free(&main_tr);
    cirno_input_free(in);
    free(ch);
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
    rc = cli_write("gen cirno", &out);
    ds_buf_free(&out);
    return rc;
}
