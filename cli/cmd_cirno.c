/* cmd_cirno.c - what only cirno has in its commands (Cirno's Arithmetic Game,
 * Luogu P7506): its usage, its --compare report, its sliced output, its
 * generator's options; the rest is cmd_game.c.
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
#include "cli_game.h"

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

/* --compare: the head (first difference), then both outcomes. */
static int compare(cli_run *r, void *g, const ds_trace *main_tr, const ds_trace *var_tr,
                   ds_buf *out) {
    size_t i = ds_trace_common(main_tr, var_tr);
    const char *ml = NULL, *vl = NULL;
    if (i < main_tr->n || i < var_tr->n) {
        /* the first difference is a forced card (events before it are the
         * main line's, and the rules are deterministic) */
        const cirno_event *a = i < main_tr->n ? ds_trace_event(main_tr, i) : NULL;
        const cirno_event *b = i < var_tr->n ? ds_trace_event(var_tr, i) : NULL;
        ml = a && a->kind != CIRNO_EV_ROUND ? cirno_card_name(a->card) : a ? "round start" : "end";
        vl = b && b->kind != CIRNO_EV_ROUND ? cirno_card_name(b->card) : b ? "round start" : "end";
    }
    if (cli_compare_head(r->spec, i, ml, vl, out)) return -1;
    return cli_compare_outcomes(r, g, main_tr, var_tr, out);
}

/* the output is written in slices of events: a 3e5-event game does not need
 * its whole 7 MB judge output (166 MB as JSON) in memory */
static int write_sliced(cli_run *r, void *g, const ds_trace *tr) {
    const cirno_input *in = (const cirno_input *)g;
    size_t from, chunk = r->trace ? 1024 : 16384;
    ds_buf out;
    int rc = 0;
    ds_buf_init(&out);
    for (from = 0; from == 0 || from < tr->n; from += chunk) {
        ds_buf_clear(&out);
        if (r->trace ? cirno_trace_jsonl_range(in, tr, from, from + chunk, r->lang, &out)
                     : cirno_format_range(in, tr, from, from + chunk, &out)) {
            rc = -1;
            break;
        }
        if (cli_write(r->id, &out)) {
            rc = 1;
            break;
        }
    }
    ds_buf_free(&out);
    return rc;
}

/* gen cirno [--max] */
static size_t gen_options(cli_run *r, ds_opt *opts) {
    ds_opt max = DS_ARG_FLAG("max", &r->gen.max);
    opts[0] = max;
    return 1;
}

const cli_hooks cli_cirno_hooks = {
    .title = "Cirno's Arithmetic Game (Luogu P7506)",
    .usage = usage,
    .write = write_sliced,
    .compare = compare,
    .gen_args = " [--max]",
    .gen_about = "A random valid input of cirno from the seed N.\n",
    .gen_help = "  --max       the largest sizes (n = 30, m = 100, k = 300000)\n",
    .gen_options = gen_options};
