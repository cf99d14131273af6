/* cmd_mahjong.c - the 'mahjong' subcommand.
 *
 *   deckscope mahjong [--trace] < wall          judge output (or JSON Lines trace)
 *   deckscope mahjong --distance "1M 1M ..." [--melds N] [--explain | --json]
 *   deckscope gen mahjong --seed N              a shuffled deck, one tile per line
 *                                               (seed 1 by default; --max/--all ignored)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mahjong/mahjong.h"

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

static int run_distance(int argc, char **argv) {
    const char *hand = cli_opt(argc, argv, "--distance");
    uint64_t melds = 0;
    uint8_t counts[MJ_KINDS];
    ds_error err;
    ds_buf out;
    int rc;
    if (!hand) return cli_usage_error("mahjong", "--distance needs a hand such as \"1M 2M 3M\"");
    if (cli_opt_u64(argc, argv, "--melds", 0, &melds) || melds > 4)
        return cli_usage_error("mahjong", "--melds must be an integer between 0 and 4");
    if (cli_flag(argc, argv, "--trace"))
        return cli_usage_error("mahjong", "--trace cannot be combined with --distance");
    if (mahjong_parse_hand(hand, strlen(hand), (int)melds, counts, &err))
        return cli_input_error("mahjong", &err);
    ds_buf_init(&out);
    if (cli_flag(argc, argv, "--explain") || cli_flag(argc, argv, "--json")) {
        mahjong_dp_record *rec = (mahjong_dp_record *)malloc(sizeof *rec);
        if (!rec) { fprintf(stderr, "deckscope mahjong: out of memory\n"); return 1; }
        mahjong_distance_explain(counts, (int)melds, rec);
        if (cli_flag(argc, argv, "--json")) {
            mahjong_dp_record_json(rec, &out);
            ds_buf_putc(&out, '\n');
        } else {
            explain(&out, rec);
        }
        free(rec);
    } else {
        ds_buf_int(&out, mahjong_distance(counts, (int)melds, NULL));
        ds_buf_putc(&out, '\n');
    }
    if (out.failed) {
        ds_buf_free(&out);
        fprintf(stderr, "deckscope mahjong: out of memory\n");
        return 1;
    }
    rc = cli_write(&out);
    ds_buf_free(&out);
    return rc;
}

int cmd_mahjong(int argc, char **argv) {
    static const char *const flags[] = {"--trace", "--explain", "--json", NULL};
    static const char *const opts[] = {"--distance", "--melds", NULL};
    ds_buf in_text, out;
    mahjong_input *in = NULL;
    ds_trace tr;
    ds_error err;
    int rc;
    if (cli_check_args("mahjong", argc, argv, flags, opts)) return 2;
    if (cli_opt(argc, argv, "--distance") || cli_flag(argc, argv, "--distance"))
        return run_distance(argc, argv);
    if (cli_opt(argc, argv, "--melds") || cli_flag(argc, argv, "--explain") ||
        cli_flag(argc, argv, "--json"))
        return cli_usage_error("mahjong", "--melds, --explain and --json need --distance");
    ds_buf_init(&in_text);
    if (cli_read_stdin(&in_text)) { ds_buf_free(&in_text); return 2; }
    if (mahjong_parse(in_text.data, in_text.len, &in, &err)) {
        ds_buf_free(&in_text);
        return cli_input_error("mahjong", &err);
    }
    ds_buf_free(&in_text);
    if (mahjong_simulate(in, &tr, &err)) {
        mahjong_input_free(in);
        return cli_input_error("mahjong", &err);
    }
    ds_buf_init(&out);
    rc = cli_flag(argc, argv, "--trace") ? mahjong_trace_jsonl(in, &tr, &out)
                                         : mahjong_format(in, &tr, &out, NULL);
    ds_trace_free(&tr);
    mahjong_input_free(in);
    if (rc || out.failed) {
        ds_buf_free(&out);
        fprintf(stderr, "deckscope mahjong: out of memory writing the output\n");
        return 1;
    }
    rc = cli_write(&out);
    ds_buf_free(&out);
    return rc;
}

int gen_mahjong(int argc, char **argv) {
    /* one input size: --max and --all are accepted and change nothing */
    static const char *const flags[] = {"--max", "--all", NULL};
    static const char *const opts[] = {"--seed", NULL};
    uint64_t seed;
    ds_buf out;
    int rc;
    if (cli_check_args("gen mahjong", argc, argv, flags, opts)) return 2;
    if (cli_opt_u64(argc, argv, "--seed", 1, &seed))
        return cli_usage_error("gen mahjong", "--seed must be a non-negative integer");
    ds_buf_init(&out);
    if (mahjong_generate(seed, 0, &out)) {
        ds_buf_free(&out);
        fprintf(stderr, "deckscope gen mahjong: out of memory\n");
        return 1;
    }
    rc = cli_write(&out);
    ds_buf_free(&out);
    return rc;
}
