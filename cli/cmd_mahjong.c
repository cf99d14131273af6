/* cmd_mahjong.c - what only mahjong has in its commands: its usage, --distance
 * (the winning distance of a hand, --melds, --explain, --json), its --compare
 * report, its generator's options; the rest is cmd_game.c.
 *
 *   deckscope mahjong [--trace [--lang en|zh]] [FILE]
 *                                               judge output (or JSON Lines trace)
 *   deckscope mahjong --narrate [--lang en|zh] [--try SPEC] [FILE]
 *                                               one sentence per event
 *   deckscope mahjong --try SPEC [--trace | --compare] [FILE]
 *                                               a variation (docs/variations.md)
 *   deckscope mahjong --distance "1M 1M ..." [--melds N] [--explain | --json]
 *   deckscope gen mahjong --seed N              a shuffled deck, one tile per line
 *                                               (--max/--all ignored)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_game.h"
#include "mahjong/mahjong.h"

static const char usage[] =
    "usage: deckscope mahjong [--trace | --narrate] [--lang en|zh]\n"
    "                         [--try I:LABEL[,I:LABEL...] [--compare]] [FILE]\n"
    "       deckscope mahjong --distance \"1M 1M 2M ...\" [--melds N] [--explain | --json]\n"
    "Mahjong simulator (THUPC 2021 pre, L): reads the wall (148 tiles, one a line)\n"
    "from FILE (standard input when FILE is absent or '-') and writes the judge's\n"
    "output.\n"
    "  --trace           the event trace as JSON Lines instead (docs/trace-format.md)\n"
    "  --narrate         one sentence per event instead: 'I<TAB>sentence'\n"
    "                    (docs/narration.md)\n"
    "  --lang en|zh      the language of --narrate and of the trace's names and\n"
    "                    sentences (default en)\n"
    "  --try SPEC        a variation: at event I (0-based, the trace's \"i\") take the\n"
    "                    candidate LABEL of its decision instead of the rule's choice;\n"
    "                    labels: a discard '3P', 'Z', 'PASS C', 'SELFDRAWN'; after a\n"
    "                    discard 'B RON', 'B PONG', 'C CHOW 3P 4P 5P', 'pass' (quote\n"
    "                    the spaces); later choices index the variation\n"
    "  --compare         with --try: where the variation departs and both outcomes\n"
    "  --distance HAND   the winning distance of a hand of 13 or 14 tiles (fewer\n"
    "                    with melds); reads no input\n"
    "  --melds N         melds already called, 0..4 (default 0)\n"
    "  --explain         the DP behind the distance, table by table\n"
    "  --json            the same record as JSON\n"
    "  -h, --help        this text\n"
    "Bad input: one line 'deckscope mahjong: line L, column C: ...' on stderr,\n"
    "nothing on stdout, exit status 2; a bad --try: 'deckscope mahjong: --try: ...'.\n";

static void print_state_row(ds_buf *b, const mahjong_dp_record *rec, int k) {
    int s;
    ds_buf_printf(b, "  after %-2s (have %d):", mahjong_tile_name(k), rec->hand[k]);
    if (k > 0 && !memcmp(rec->value[k + 1], rec->value[k], MJ_DP_STATES)) {
        ds_buf_puts(b, " same as the previous table\n");
        return;
    }
    for (s = 0; s < MJ_DP_STATES; s++) {
        int v = rec->value[k + 1][s];
        if (v < 0) continue;
        ds_buf_printf(b, " g%dp%d[%d%d]=%d%s", s / 50, s / 25 % 2, s / 5 % 5, s % 5, v,
                      rec->choice[k][s] & MJ_DP_PRUNED ? "*" : "");
    }
    ds_buf_putc(b, '\n');
}

static void explain(ds_buf *b, const mahjong_dp_record *rec) {
    int k, i, run = 0, s;
    ds_buf_puts(b, "hand:");
    for (k = 0; k < MJ_KINDS; k++)
        for (i = 0; i < rec->hand[k]; i++) ds_buf_printf(b, " %s", mahjong_tile_name(k));
    ds_buf_printf(b, "\n%d tiles, %d meld%s: the target is %d group%s + 1 pair (%d tiles)\n",
                  rec->hand_tiles, rec->melds, rec->melds == 1 ? "" : "s", rec->groups,
                  rec->groups == 1 ? "" : "s", 14 - 3 * rec->melds);
    ds_buf_printf(b, "distance: %d = %d - %d hand tiles kept by the best target\n\n", rec->distance,
                  14 - 3 * rec->melds, rec->best_match);
    ds_buf_puts(b,
                "DP tables, kind by kind. A state gGpP[AB] = G groups and P pairs placed, A\n"
                "sequences started at the previous kind and B two kinds back; its value = the\n"
                "most hand tiles matched so far. Only groups that can match a hand tile are\n"
                "placed. * = dominated (a state with the same open sequences, no more groups\n"
                "and no more pairs has at least this value): kept, not expanded.\n"
                "The start is g0p0[00]=0.\n");
    for (k = 0; k < MJ_NORMAL_KINDS; k++) print_state_row(b, rec, k);
    s = rec->end_state;
    ds_buf_printf(b, "best end state: g%dp%d[00]=%d", s / 50, s / 25 % 2, rec->best_match);
    if (s / 50 < rec->groups || s / 25 % 2 == 0)
        ds_buf_printf(b, "; filler: %d group%s%s on kinds the hand lacks", rec->groups - s / 50,
                      rec->groups - s / 50 == 1 ? "" : "s", s / 25 % 2 ? "" : " and the pair");
    ds_buf_putc(b, '\n');
    ds_buf_puts(b, "\nbacktracked optimum (kinds the target or the hand uses):\n");
    s = 0;
    for (k = 0; k < MJ_NORMAL_KINDS; k++) {
        int f = rec->target[k], h = rec->hand[k], m = f < h ? f : h;
        run += m;
        if (!f && !h) continue;
        ds_buf_printf(b, "  %-2s: ", mahjong_tile_name(k));
        s = 0;
        if (rec->seq_start[k]) {
            ds_buf_printf(b, "start %d sequence%s", rec->seq_start[k],
                          rec->seq_start[k] > 1 ? "s" : "");
            s = 1;
        }
        if (rec->triplet[k]) { ds_buf_printf(b, "%striplet", s ? ", " : ""); s = 1; }
        if (rec->pair[k]) { ds_buf_printf(b, "%spair", s ? ", " : ""); s = 1; }
        if (!s) ds_buf_puts(b, "-");
        if (rec->filler[k]) ds_buf_puts(b, " (filler)");
        ds_buf_printf(b, "; target %d, hand %d, matched %d (total %d)\n", f, h, m, run);
    }
    ds_buf_puts(b, "\ntarget winning hand:");
    for (k = 0; k < MJ_NORMAL_KINDS; k++) {
        for (i = 0; i < rec->seq_start[k]; i++)
            ds_buf_printf(b, " [%s %s %s]", mahjong_tile_name(k), mahjong_tile_name(k + 1),
                          mahjong_tile_name(k + 2));
        if (rec->triplet[k])
            ds_buf_printf(b, " [%s %s %s]", mahjong_tile_name(k), mahjong_tile_name(k),
                          mahjong_tile_name(k));
    }
    for (k = 0; k < MJ_NORMAL_KINDS; k++)
        if (rec->pair[k]) ds_buf_printf(b, " [%s %s]", mahjong_tile_name(k), mahjong_tile_name(k));
    for (i = 0; i < 2; i++) {
        const uint8_t *v = i ? rec->remove : rec->add;
        int n = 0;
        for (k = 0; k < MJ_KINDS; k++) n += v[k];
        ds_buf_printf(b, "\n%s %d:", i ? "remove" : "add", n);
        for (k = 0; k < MJ_KINDS; k++)
            for (s = 0; s < v[k]; s++) ds_buf_printf(b, " %s", mahjong_tile_name(k));
    }
    ds_buf_putc(b, '\n');
}

static int run_distance(const char *hand, int melds, int explain_it, int json) {
    uint8_t counts[MJ_KINDS];
    ds_error err;
    ds_buf out;
    int rc;
    if (mahjong_parse_hand(hand, strlen(hand), melds, counts, &err))
        return cli_input_error("mahjong", &err);
    ds_buf_init(&out);
    if (explain_it || json) {
        mahjong_dp_record *rec = (mahjong_dp_record *)malloc(sizeof *rec);
        if (!rec) { fprintf(stderr, "deckscope mahjong: out of memory\n"); return 1; }
        mahjong_distance_explain(counts, melds, rec);
        if (json) {
            mahjong_dp_record_json(rec, &out);
            ds_buf_putc(&out, '\n');
        } else {
            explain(&out, rec);
        }
        free(rec);
    } else {
        ds_buf_int(&out, mahjong_distance(counts, melds, NULL));
        ds_buf_putc(&out, '\n');
    }
    if (out.failed) {
        ds_buf_free(&out);
        fprintf(stderr, "deckscope mahjong: out of memory\n");
        return 1;
    }
    rc = cli_write("mahjong", &out);
    ds_buf_free(&out);
    return rc;
}

/* The label of the candidate taken at decision event i of tr (the rule's own
 * when rule is set) into buf; "" when event i is not a decision. */
static const char *label_at(const ds_trace *tr, size_t i, int rule, char *buf) {
    mahjong_options d;
    buf[0] = '\0';
    if (mahjong_decision_at(tr, i, &d))
        memcpy(buf, d.opt[rule ? d.rule : d.chosen].label, DS_CHOICE_LABEL);
    return buf;
}

/* --compare: the head (the first event where the variation took another
 * candidate than the rule; the events before it are the main line's), then
 * both outcomes. */
static int compare(cli_run *r, void *g, const ds_trace *main_tr, const ds_trace *var_tr,
                   ds_buf *out) {
    char ml[DS_CHOICE_LABEL], vl[DS_CHOICE_LABEL];
    size_t i;
    for (i = 0; i < var_tr->n; i++) {
        label_at(var_tr, i, 1, ml);
        if (strcmp(ml, label_at(var_tr, i, 0, vl))) break;
    }
    if (cli_compare_head(r->spec, i, i < var_tr->n ? ml : NULL, vl, out)) return -1;
    return cli_compare_outcomes(r, g, main_tr, var_tr, out);
}

/* --distance HAND [--melds N] [--explain | --json] */
static size_t options(cli_run *r, ds_opt *opts) {
    ds_opt mine[] = {DS_ARG_STR("distance", 0, &r->x.str),
                     DS_ARG_INT("melds", &r->x.num, 0, 4, NULL),
                     DS_ARG_FLAG("explain", &r->x.flag[0]), DS_ARG_FLAG("json", &r->x.flag[1])};
    memcpy(opts, mine, sizeof mine);
    return sizeof mine / sizeof *mine;
}

static int check(cli_run *r) {
    ds_lang lang;
    int rc;
    if ((rc = cli_lang("mahjong", r->lang_name, &lang)) != 0) return rc;
    if (r->x.str) {
        if (r->trace || r->narrate)
            return cli_usage_error("mahjong", "--trace and --narrate cannot be combined with --distance");
        if (r->lang_name) return cli_usage_error("mahjong", "--lang cannot be combined with --distance");
        if (r->spec || r->cmp)
            return cli_usage_error("mahjong", "--try and --compare cannot be combined with --distance");
        if (r->args.noperands)
            return cli_usage_error("mahjong", "--distance reads no input FILE (the hand is its value)");
        return run_distance(r->x.str, r->x.num, r->x.flag[0], r->x.flag[1]);
    }
    if (ds_args_seen(&r->args, "melds") || r->x.flag[0] || r->x.flag[1])
        return cli_usage_error("mahjong", "--melds, --explain and --json need --distance");
    return DS_ARGS_RUN;
}

static int check_more(cli_run *r) {
    if (r->lang_name && !r->trace && !r->narrate)
        return cli_usage_error("mahjong", "--lang needs --trace or --narrate");
    return DS_ARGS_RUN;
}

const cli_hooks cli_mahjong_hooks = {
    .title = "Mahjong simulator (THUPC 2021 pre, L)",
    .modes = "--distance \"1M 1M ...\" [--melds N] [--explain | --json]\n",
    .usage = usage,
    .options = options,
    .check = check,
    .check_more = check_more,
    .compare = compare,
    .gen_about = "A shuffled deck (148 tiles, one a line) from the seed N; --max and --all\n"
                 "are accepted and change nothing.\n",
    .gen_options = cli_gen_one_size};
