/* cmd_thegame.c - the 'thegame' subcommand: The Game, solo (CERC 2022).
 *
 *   deckscope thegame [--trace [--lang en|zh]] [FILE]
 *                                             judge output (6 lines) or JSON Lines
 *   deckscope thegame --narrate [--lang en|zh] [--try SPEC] [FILE]
 *                                             one sentence per event
 *   deckscope thegame --try I:LABEL[,...] [--trace | --compare] [FILE]
 *                                             a variation (docs/variations.md)
 *   deckscope gen thegame --seed N            a shuffled permutation of 2..99
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "thegame/thegame.h"

static const char usage[] =
    "usage: deckscope thegame [--trace | --narrate] [--lang en|zh]\n"
    "                         [--try I:LABEL[,I:LABEL...] [--compare]] [FILE]\n"
    "The Game, solo (CERC 2022): reads the 98 cards from FILE (standard input\n"
    "when FILE is absent or '-') and writes the judge's output (6 lines).\n"
    "  --trace     the event trace as JSON Lines instead (docs/trace-format.md)\n"
    "  --narrate   one line per event instead: its index, a tab, the sentence\n"
    "              about it (docs/narration.md)\n"
    "  --lang L    the language of --trace's and --narrate's words: en (default)\n"
    "              or zh\n"
    "  --try SPEC  a variation: at event I take the candidate LABEL instead of the\n"
    "              rule's choice ('46>down1': card 46 on down1; 'end': end the turn\n"
    "              and draw), then the rules play on; indices increase\n"
    "              (docs/variations.md, docs/games/thegame.md)\n"
    "  --compare   with --try: where the variation first differs from the main line,\n"
    "              and both outcomes (4 lines)\n"
    "  -h, --help  this text\n"
    "Bad input: one line 'deckscope thegame: line L, column C: ...' on stderr,\n"
    "nothing on stdout, exit status 2; a bad --try: 'deckscope thegame: --try: ...'.\n";

static const char gen_usage[] =
    "usage: deckscope gen thegame --seed N\n"
    "A shuffled permutation of 2..99 from the seed N; --max and --all are\n"
    "accepted and change nothing (every input has 98 cards).\n"
    "  --seed N    a non-negative integer (required)\n"
    "  -h, --help  this text\n";

/* The outcome of a line for --compare: won or lost, and the cards left as
 * the judge's last two lines count them (hand, pile). */
static void outcome(const thegame_input *in, const ds_trace *tr, const char *name, ds_buf *out) {
    thegame_state s;
    int pile;
    (void)in;
    if (ds_trace_seek(tr, tr->n, &s)) return;
    pile = THEGAME_CARDS - s.pile_pos;
    if (s.result == THEGAME_WIN)
        ds_buf_printf(out, "%s: won, 0 cards left (every card played)\n", name);
    else
        ds_buf_printf(out, "%s: lost, %d card%s left (%d in hand, %d in the pile)\n", name,
                      s.hand_len + pile, s.hand_len + pile == 1 ? "" : "s", s.hand_len, pile);
}

/* --compare: the first event where the two lines differ (an event forced
 * off the rule's choice, the only way they can), then both outcomes. */
static int compare(const thegame_input *in, const char *spec, const ds_trace *main_tr,
                   const ds_trace *var_tr, ds_buf *out) {
    size_t i, n = main_tr->n < var_tr->n ? main_tr->n : var_tr->n;
    for (i = 0; i < n; i++)
        if (memcmp(ds_trace_event(main_tr, i), ds_trace_event(var_tr, i), sizeof(thegame_event)))
            break;
    if (i == n && main_tr->n == var_tr->n) {
        cli_compare_head(spec, 0, NULL, NULL, out);
    } else {
        char a[16] = "", b[16] = "";
        if (i < main_tr->n) thegame_event_label(ds_trace_event(main_tr, i), a, sizeof a);
        if (i < var_tr->n) thegame_event_label(ds_trace_event(var_tr, i), b, sizeof b);
        cli_compare_head(spec, i, a[0] ? a : "(none)", b[0] ? b : "(none)", out);
    }
    outcome(in, main_tr, "main line", out);
    outcome(in, var_tr, "variation", out);
    return out->failed ? -1 : 0;
}

int cmd_thegame(int argc, char **argv) {
    ds_buf text, out;
    ds_error err;
    ds_trace tr, main_tr;
    thegame_input *in = NULL;
    ds_choice *ch = NULL;
    size_t nch = 0;
    const char *spec = NULL;
    const char *lang_arg = NULL;
    ds_lang lang = DS_LANG_EN;
    int rc, trace = 0, cmp = 0, narrate = 0;
    ds_opt opts[] = {DS_ARG_FLAG("trace", &trace),     DS_ARG_STR("try", 0, &spec),
                     DS_ARG_FLAG("compare", &cmp),     DS_ARG_FLAG("narrate", &narrate),
                     DS_ARG_STR("lang", 0, &lang_arg), DS_ARG_END};
    ds_args args = {.cmd = "deckscope thegame", .usage = usage, .opts = opts, .max_operands = 1};
    if ((rc = ds_args_parse(&args, argc, argv)) != DS_ARGS_RUN) return rc;
    if (cmp && !spec) return cli_usage_error("thegame", "--compare needs --try");
    if (cmp && trace) return cli_usage_error("thegame", "--compare and --trace cannot be combined");
    if (narrate && (trace || cmp))
        return cli_usage_error("thegame", "--narrate cannot be combined with --trace or --compare");
    if ((rc = cli_lang("thegame", lang_arg, &lang)) != 0) return rc;
    if ((rc = cli_try("thegame", spec, &ch, &nch)) != 0) return rc;
    ds_buf_init(&text);
    ds_buf_init(&out);
    if (cli_read_input("thegame", args.noperands ? args.operands[0] : NULL, &text)) {
        ds_buf_free(&text);
        free(ch);
        return 2;
    }
    if (thegame_parse(text.data, text.len, &in, &err)) {
        ds_buf_free(&text);
        free(ch);
        return cli_input_error("thegame", &err);
    }
    ds_buf_free(&text);
    if (thegame_simulate_try(in, ch, nch, &tr, &err)) {
        thegame_input_free(in);
        free(ch);
        if (spec) {
            fprintf(stderr, "deckscope thegame: --try: %s\n", err.msg);
            return 2;
        }
        return cli_input_error("thegame", &err);
    }
    free(ch);
    if (cmp) {
        if (thegame_simulate(in, &main_tr, &err)) {
            ds_trace_free(&tr);
            thegame_input_free(in);
            return cli_input_error("thegame", &err);
        }
        rc = compare(in, spec, &main_tr, &tr, &out);
        ds_trace_free(&main_tr);
    } else if (narrate) {
        rc = cli_narrate("thegame", &thegame_game, in, &tr, lang);
        ds_trace_free(&tr);
        thegame_input_free(in);
        ds_buf_free(&out);
        return rc;
    } else {
        rc = trace ? thegame_trace_jsonl(in, &tr, lang, &out) : thegame_format(in, &tr, &out, NULL);
    }
    if (rc) {
        ds_fail(&err, 0, 0, "out of memory writing the output");
        rc = cli_input_error("thegame", &err);
    } else {
        rc = cli_write("thegame", &out);
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
    if (!ds_args_seen(&args, "seed"))
        return cli_usage_error("gen thegame", "--seed N (a non-negative integer) is required");
    ds_buf_init(&out);
    if (thegame_generate(seed, 0, &out)) {
        ds_buf_free(&out);
        fprintf(stderr, "deckscope gen thegame: out of memory\n");
        return 2;
    }
    rc = cli_write("gen thegame", &out);
    ds_buf_free(&out);
    return rc;
}
