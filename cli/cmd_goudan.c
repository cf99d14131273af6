/* cmd_goudan.c - what only goudan has in its commands (THUPC 2021 pre, I):
 * its usage, --explain, --playout and --seed, its --compare report, its
 * generator's options; the rest is cmd_game.c (its judge output needs no
 * game played: goudan_game's format answers every query, no trace made).
 *
 *   deckscope goudan [FILE]                  judge output (one probability a line)
 *   deckscope goudan --explain [--json] [--lang en|zh] [FILE]
 *                                            小E's legal operations after the draw,
 *                                            with their win probabilities, best first
 *   deckscope goudan --playout [--seed N] [--lang en|zh] [FILE]
 *                                            JSON Lines trace of a game from query 1
 *                                            (--playout is --trace)
 *   deckscope goudan --narrate [--seed N] [--lang en|zh] [--try SPEC] [FILE]
 *                                            one sentence per event of that game
 *   deckscope goudan --playout [--seed N] --try I:LABEL[,...] [FILE]
 *   deckscope goudan [--playout] [--seed N] --try I:LABEL[,...] --compare [FILE]
 *                                            the trace of a variation of that game
 *                                            (docs/variations.md), or where it departs
 *                                            from the main line and both outcomes
 *   deckscope gen goudan --seed N [--count T | --max | --all]
 * FILE absent or "-": standard input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_game.h"
#include "goudan/goudan.h"

static const char usage[] =
    "usage: deckscope goudan [--explain [--json] [--lang en|zh] | --playout [--seed N] [--lang en|zh]\n"
    "                        [--try SPEC] | [--playout] [--seed N] --try SPEC --compare |\n"
    "                        --narrate [--seed N] [--lang en|zh] [--try SPEC]] [FILE]\n"
    "Goudan (THUPC 2021 pre, I): reads the queries from FILE (standard input when\n"
    "FILE is absent or '-') and writes the judge's output, 小E's win probability\n"
    "under optimal play, one a line.\n"
    "  --explain   every legal first operation of each query with its win\n"
    "              probability, its name and how it stands against the rule's\n"
    "              choice, the rule's choice marked '*'\n"
    "  --json      with --explain: one line per query, {\"query\",\"answer\",\n"
    "              \"decision\"} (the trace's decision record)\n"
    "  --playout   the game of query 1 under optimal play as a JSON Lines trace\n"
    "              (docs/trace-format.md); --trace is the same\n"
    "  --narrate   the game of query 1 told one sentence per event: 'I<TAB>sentence'\n"
    "              (I = the event's index in the trace; docs/narration.md)\n"
    "  --lang L    the language of the names and sentences of --explain,\n"
    "              --playout and --narrate: en (default) or zh\n"
    "  --seed N    the chance seed of the game of query 1 (default 0)\n"
    "  --try SPEC  with --playout or --narrate: the variation I:LABEL[,I:LABEL...] of that game:\n"
    "              at event I the candidate LABEL of its decision is taken (an\n"
    "              operation: face(hp1), trade(1x2), play, skill, end_turn; a hit's\n"
    "              target: hit:E, hit:T, hit:E1, hit:T2, ...), then optimal play\n"
    "              resumes (docs/variations.md)\n"
    "  --compare   with --try: where the variation departs from the main line, the\n"
    "              win probability of both choices there and who wins each playout\n"
    "  -h, --help  this text\n"
    "Bad input: one line 'deckscope goudan: line L, column C: ...' on stderr,\n"
    "nothing on stdout, exit status 2.\n";

static void put_board(ds_buf *o, const int *hp, int n) {
    int i;
    if (!n) { ds_buf_puts(o, "none"); return; }
    ds_buf_putc(o, '[');
    for (i = 0; i < n; i++) { if (i) ds_buf_putc(o, ' '); ds_buf_int(o, hp[i]); }
    ds_buf_putc(o, ']');
}

/* --explain: per query, 小E's decision after the draw, the record of the
 * trace's "decision" (goudan_explain_decision): as text, one line a
 * candidate (its win probability as the judge prints it, its name and its
 * note, the rule's choice marked '*'), or with --json one line
 * {"query":Q,"answer":"0.xxxxxxxxx","decision":{...}} (ds_decision_json). */
static int run_explain(const goudan_input *in, const goudan_table *t, int json, ds_lang lang,
                       ds_buf *out, ds_error *err) { /* 0, -1 (err), 1 (cannot write, said) */
    goudan_eval *ev;
    ds_decision *rec;
    size_t i, k;
    int O = goudan_input_o(in);
    if (goudan_eval_new(t, &ev, err)) return -1;
    if (!(rec = (ds_decision *)malloc(sizeof *rec))) {
        goudan_eval_free(ev);
        return ds_fail(err, 0, 0, "out of memory");
    }
    for (i = 0; i < goudan_input_count(in); i++) {
        goudan_query q;
        goudan_turn tu;
        goudan_explanation d;
        /* streamed: what the queries so far made is written and cleared
         * (memory bounded whatever T is; the caller writes the rest) */
        if (out->len >= (1u << 16) && !out->failed) {
            if (cli_write("goudan", out)) {
                free(rec);
                goudan_eval_free(ev);
                return 1;
            }
            ds_buf_clear(out);
        }
        goudan_query_get(in, i, &q);
        goudan_query_turn(&q, O, &tu);
        if (goudan_explain(ev, &tu, &d, err) || goudan_explain_decision(&d, 0, lang, rec)) {
            free(rec);
            goudan_eval_free(ev);
            return err->msg[0] ? -1 : ds_fail(err, 0, 0, "no decision");
        }
        if (json) {
            ds_buf_printf(out, "{\"query\":%zu,\"answer\":\"", i + 1);
            goudan_put_prob(out, goudan_query_value(t, &q));
            ds_buf_puts(out, "\",\"decision\":");
            ds_decision_json(rec, NULL, NULL, out);
            ds_buf_puts(out, "}\n");
            continue;
        }
        ds_buf_printf(out, "query %zu: E=%d S=%d, teacher's minions ", i + 1, q.e_hp, q.s_hp);
        put_board(out, q.s_minion, q.s_count);
        ds_buf_puts(out, ", 小E's minions ");
        put_board(out, q.e_minion, q.e_count);
        ds_buf_printf(out, ", hands: teacher %d, 小E %d (%d after the draw), O=%d\n", q.s_hand,
                      q.e_hand, tu.my_hand, O);
        for (k = 0; k < rec->n; k++) {
            ds_buf_puts(out, (int)k == rec->rule_choice ? "  * " : "    ");
            goudan_put_prob(out, rec->cand[k].value);
            ds_buf_puts(out, "  ");
            ds_buf_puts(out, rec->cand[k].name);
            ds_buf_puts(out, (int)k == rec->rule_choice ? "" : lang == DS_LANG_ZH ? "（" : " (");
            if ((int)k != rec->rule_choice) {
                ds_say_note(out, rec, (int)k);
                ds_buf_puts(out, lang == DS_LANG_ZH ? "）" : ")");
            }
            ds_buf_putc(out, '\n');
        }
        ds_buf_puts(out, "  answer ");
        goudan_put_prob(out, goudan_query_value(t, &q));
        ds_buf_puts(out, "\n");
        if (out->failed) break;
    }
    free(rec);
    goudan_eval_free(ev);
    return out->failed ? ds_fail(err, 0, 0, "out of memory") : 0;
}

/* "<which>: [<label> at event I (<mover>'s win probability v[, p = q])]; <winner> wins at event W" */
static void put_outcome(ds_buf *o, const char *which, const ds_trace *tr, const goudan_cands *c,
                        int pick, size_t at) {
    const goudan_event *last = tr->n ? ds_trace_event(tr, tr->n - 1) : NULL;
    ds_buf_printf(o, "%s: ", which);
    if (c) {
        ds_buf_printf(o, "%s at event %zu (%s win probability ", c->label[pick], at,
                      c->mover == 0 ? "小E's" : "the teacher's");
        goudan_put_prob(o, c->value[pick]);
        if (c->chance) ds_buf_printf(o, ", p = %.6g", c->p[pick]);
        ds_buf_puts(o, "); ");
    }
    if (last && last->kind == GOUDAN_EV_WIN)
        ds_buf_printf(o, "%s wins at event %zu\n", last->player == 0 ? "小E" : "the teacher",
                      tr->n - 1);
    else
        ds_buf_puts(o, "no winner\n");
}

/* --compare (docs/variations.md): the first forced choice that is not the
 * rule's (everything before it is the main line), both choices' win
 * probabilities for the side that chose, and the winner of each playout. */
static int compare(cli_run *r, void *g, const ds_trace *main_tr, const ds_trace *var_tr,
                   ds_buf *out) {
    goudan_cands c;
    size_t i, first = 0;
    int found = 0;
    (void)g;
    memset(&c, 0, sizeof c);
    for (i = 0; i < var_tr->n && !found; i++) {
        const goudan_event *e = ds_trace_event(var_tr, i);
        if (e->forced && goudan_event_cands(e, &c) == 0) { first = i; found = 1; }
    }
    cli_compare_head(r->spec, first, found ? c.label[c.rule_chosen] : NULL,
                     found ? c.label[c.chosen] : NULL, out);
    put_outcome(out, "main line", main_tr, found ? &c : NULL, c.rule_chosen, first);
    put_outcome(out, "variation", var_tr, found ? &c : NULL, c.chosen, first);
    return out->failed ? -1 : 0;
}

enum { X_PLAYOUT, X_EXPLAIN, X_JSON };

/* --playout, --seed N, --explain, --json */
static size_t options(cli_run *r, ds_opt *opts) {
    ds_opt mine[] = {DS_ARG_FLAG("playout", &r->x.flag[X_PLAYOUT]), DS_ARG_U64("seed", &r->seed),
                     DS_ARG_FLAG("explain", &r->x.flag[X_EXPLAIN]),
                     DS_ARG_FLAG("json", &r->x.flag[X_JSON])};
    memcpy(opts, mine, sizeof mine);
    return sizeof mine / sizeof *mine;
}

/* goudan's output is the answers of every query; a played game (--playout =
 * --trace, --narrate, --try, --compare) is the game of query 1. */
static int check(cli_run *r) {
    int playout = r->x.flag[X_PLAYOUT] || r->trace, explain = r->x.flag[X_EXPLAIN];
    if (explain + playout + r->narrate > 1)
        return cli_usage_error("goudan", "use at most one of --explain, --playout and --narrate");
    if (r->spec && ((!playout && !r->narrate && !r->cmp) || explain))
        return cli_usage_error("goudan", "--try needs --playout or --narrate: a variation is of the played-out game");
    if (r->lang_name && !playout && !r->narrate && !explain && !r->cmp)
        return cli_usage_error("goudan", "--lang needs --explain, --playout or --narrate");
    if (r->x.flag[X_JSON] && !explain) return cli_usage_error("goudan", "--json needs --explain");
    /* --playout (--trace) --try --compare: the report about the played game,
     * no trace */
    r->trace = playout && !r->cmp;
    return DS_ARGS_RUN;
}

/* --explain [--json]: its own output, streamed (run_explain); the table of
 * every HP, as the judge output's */
static int output(cli_run *r, void *g) {
    const goudan_input *in = (const goudan_input *)g;
    goudan_table *t = NULL;
    ds_error err = {0};
    ds_buf out;
    int rc;
    if (!r->x.flag[X_EXPLAIN]) return DS_ARGS_RUN;
    if (goudan_solve(goudan_input_o(in), GOUDAN_HP_MAX, &t, &err)) return cli_input_error("goudan", &err);
    ds_buf_init(&out);
    rc = run_explain(in, t, r->x.flag[X_JSON], r->lang, &out, &err);
    goudan_table_free(t);
    if (rc == 0) rc = cli_write("goudan", &out);
    else if (rc < 0) rc = cli_input_error("goudan", &err);
    ds_buf_free(&out);
    return rc;
}

/* gen goudan [--count T | --max | --all] */
static size_t gen_options(cli_run *r, ds_opt *opts) {
    ds_opt mine[] = {DS_ARG_INT("count", &r->gen.count, 0, GOUDAN_T_MAX,
                                "a number of queries between 1 and 10000000"),
                     DS_ARG_FLAG("max", &r->gen.max), DS_ARG_FLAG("all", &r->gen.all)};
    memcpy(opts, mine, sizeof mine);
    return sizeof mine / sizeof *mine;
}

static int gen_check(cli_run *r) {
    if (r->gen.max + r->gen.all + (r->gen.count > 0) > 1)
        return cli_usage_error("gen goudan", "use at most one of --count, --max and --all");
    return DS_ARGS_RUN;
}

const cli_hooks cli_goudan_hooks = {
    .title = "Goudan (THUPC 2021 pre, I)",
    .modes = "--explain [--json] [FILE]\n--playout [--seed N] [FILE]\n",
    .usage = usage,
    .options = options,
    .check = check,
    .format_without_trace = 1,
    .output = output,
    .compare = compare,
    .gen_args = " [--count T | --max | --all]",
    .gen_about = "A random valid input of goudan from the seed N.\n",
    .gen_help = "  --count T   T queries, 1..10000000 (default: 1 to 8, at random)\n"
                "  --max       the largest input of the problem (T = 351493)\n"
                "  --all       every start state once (T = 1440000)\n",
    .gen_options = gen_options,
    .gen_check = gen_check};
