/* cmd_goudan.c - the 'goudan' subcommand (THUPC 2021 pre, I).
 *
 *   deckscope goudan [FILE]                  judge output (one probability a line)
 *   deckscope goudan --explain [--json] [--lang en|zh] [FILE]
 *                                            小E's legal operations after the draw,
 *                                            with their win probabilities, best first
 *   deckscope goudan --playout [--seed N] [--lang en|zh] [FILE]
 *                                            JSON Lines trace of a game from query 1
 *                                            (--trace is the same as --playout)
 *   deckscope goudan --narrate [--seed N] [--lang en|zh] [--try SPEC] [FILE]
 *                                            one sentence per event of that game
 *   deckscope goudan --playout [--seed N] --try I:LABEL[,...] [--compare] [FILE]
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
    "                        [--try SPEC [--compare]] | --narrate [--seed N]\n"
    "                        [--lang en|zh] [--try SPEC]] [FILE]\n"
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
    "  --seed N    the chance seed of --playout and --narrate (default 0)\n"
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

static const char gen_usage[] =
    "usage: deckscope gen goudan --seed N [--count T | --max | --all]\n"
    "A random valid input of goudan from the seed N.\n"
    "  --seed N    a non-negative integer (required)\n"
    "  --count T   T queries, 1..10000000 (default: 1 to 8, at random)\n"
    "  --max       the largest input of the problem (T = 351493)\n"
    "  --all       every start state once (T = 1440000)\n"
    "  -h, --help  this text\n";

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

/* A variation's failure is about its choices: "--try: <message>" (exit 2). */
static int try_error(const ds_error *err) {
    fprintf(stderr, "deckscope goudan: --try: %s\n", err->msg);
    return 2;
}

/* The trace of query 1's playout, the main line or the variation ch[0..n-1].
 * 0, -1 (err: input or memory) or 2 (a bad choice, already reported). */
static int run_playout(const goudan_input *in, const goudan_table *t, uint64_t seed,
                       const ds_choice *ch, size_t n, ds_lang lang, ds_buf *out, ds_error *err) {
    ds_trace tr;
    if (goudan_simulate_try(in, t, seed, ch, n, &tr, err)) return n ? try_error(err) : -1;
    goudan_trace_jsonl(in, &tr, lang, out);
    ds_trace_free(&tr);
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
static int run_compare(const goudan_input *in, const goudan_table *t, uint64_t seed,
                       const char *spec, const ds_choice *ch, size_t n, ds_buf *out,
                       ds_error *err) {
    ds_trace main_tr, var_tr;
    goudan_cands c;
    size_t i, first = 0;
    int found = 0;
    memset(&c, 0, sizeof c);
    if (goudan_simulate_try(in, t, seed, NULL, 0, &main_tr, err)) return -1;
    if (goudan_simulate_try(in, t, seed, ch, n, &var_tr, err)) {
        ds_trace_free(&main_tr);
        return try_error(err);
    }
    for (i = 0; i < var_tr.n && !found; i++) {
        const goudan_event *e = ds_trace_event(&var_tr, i);
        if (e->forced && goudan_event_cands(e, &c) == 0) { first = i; found = 1; }
    }
    cli_compare_head(spec, first, found ? c.label[c.rule_chosen] : NULL,
                     found ? c.label[c.chosen] : NULL, out);
    put_outcome(out, "main line", &main_tr, found ? &c : NULL, c.rule_chosen, first);
    put_outcome(out, "variation", &var_tr, found ? &c : NULL, c.chosen, first);
    ds_trace_free(&main_tr);
    ds_trace_free(&var_tr);
    return out->failed ? ds_fail(err, 0, 0, "out of memory") : 0;
}

/* --narrate: the game of query 1 (the main line or the variation ch) through
 * the game interface, which solves the table only up to that query's HPs.
 * Frees in and ch. */
static int run_narrate(goudan_input *in, uint64_t seed, ds_choice *ch, size_t n, ds_lang lang) {
    ds_trace tr;
    ds_error err = {0};
    int rc;
    if (goudan_game.simulate(in, ch, n, seed, &tr, &err)) {
        rc = n && err.line == 0 ? try_error(&err) : cli_input_error("goudan", &err);
    } else {
        rc = cli_narrate("goudan", &goudan_game, in, &tr, lang);
        ds_trace_free(&tr);
    }
    goudan_input_free(in);
    free(ch);
    return rc;
}

static int run(int argc, char **argv) {
    ds_buf text, out;
    ds_error err = {0};
    goudan_input *in = NULL;
    goudan_table *t = NULL;
    uint64_t seed = 0;
    int explain = 0, playout = 0, compare = 0, narrate = 0, json = 0, rc;
    const char *spec = NULL, *lang_arg = NULL;
    ds_lang lang;
    ds_choice *ch = NULL;
    size_t nch = 0;
    ds_opt opts[] = {DS_ARG_FLAG("explain", &explain),
                     DS_ARG_FLAG("playout", &playout),
                     DS_ARG_FLAG("trace", &playout),
                     DS_ARG_U64("seed", &seed),
                     DS_ARG_STR("try", 0, &spec),
                     DS_ARG_FLAG("compare", &compare),
                     DS_ARG_FLAG("narrate", &narrate),
                     DS_ARG_FLAG("json", &json),
                     DS_ARG_STR("lang", 0, &lang_arg),
                     DS_ARG_END};
    ds_args args = {.cmd = "deckscope goudan", .usage = usage, .opts = opts, .max_operands = 1};
    if ((rc = ds_args_parse(&args, argc, argv)) != DS_ARGS_RUN) return rc;
    if (explain + playout + narrate > 1)
        return cli_usage_error("goudan", "use at most one of --explain, --playout and --narrate");
    if (spec && !playout && !narrate)
        return cli_usage_error("goudan", "--try needs --playout or --narrate: a variation is of the played-out game");
    if (compare && narrate) return cli_usage_error("goudan", "--compare needs --playout");
    if (lang_arg && !playout && !narrate && !explain)
        return cli_usage_error("goudan", "--lang needs --explain, --playout or --narrate");
    if (json && !explain) return cli_usage_error("goudan", "--json needs --explain");
    if ((rc = cli_lang("goudan", lang_arg, &lang)) != 0) return rc;
    if (compare && !spec) return cli_usage_error("goudan", "--compare needs --try");
    if ((rc = cli_try("goudan", spec, &ch, &nch)) != 0) return rc;
    ds_buf_init(&text);
    ds_buf_init(&out);
    if (cli_read_input("goudan", args.noperands ? args.operands[0] : NULL, &text)) {
        ds_buf_free(&text);
        free(ch);
        return 2;
    }
    rc = goudan_parse(text.data ? text.data : "", text.len, &in, &err);
    ds_buf_free(&text);
    if (rc) { free(ch); return cli_input_error("goudan", &err); }
    if (narrate) return run_narrate(in, seed, ch, nch, lang);
    if (goudan_solve(goudan_input_o(in), GOUDAN_HP_MAX, &t, &err)) {
        goudan_input_free(in);
        free(ch);
        return cli_input_error("goudan", &err);
    }
    if (explain) rc = run_explain(in, t, json, lang, &out, &err);
    else if (compare) rc = run_compare(in, t, seed, spec, ch, nch, &out, &err);
    else if (playout) rc = run_playout(in, t, seed, ch, nch, lang, &out, &err);
    else rc = goudan_format(in, t, &out) ? ds_fail(&err, 0, 0, "out of memory for the output") : 0;
    goudan_table_free(t);
    goudan_input_free(in);
    free(ch);
    if (rc == 2 || (rc == 1 && explain)) { ds_buf_free(&out); return rc; }
    if (rc) { ds_buf_free(&out); return cli_input_error("goudan", &err); }
    rc = cli_write("goudan", &out);
    ds_buf_free(&out);
    return rc;
}

static int gen(int argc, char **argv) {
    uint64_t seed = 0;
    ds_buf out;
    int rc, all = 0, max = 0, count = 0;
    ds_opt opts[] = {DS_ARG_U64("seed", &seed),
                     DS_ARG_INT("count", &count, 0, GOUDAN_T_MAX,
                                "a number of queries between 1 and 10000000"),
                     DS_ARG_FLAG("max", &max),
                     DS_ARG_FLAG("all", &all),
                     DS_ARG_END};
    ds_args args = {.cmd = "deckscope gen goudan", .usage = gen_usage, .opts = opts, .max_operands = 0};
    if ((rc = ds_args_parse(&args, argc, argv)) != DS_ARGS_RUN) return rc;
    if (!ds_args_seen(&args, "seed"))
        return cli_usage_error("gen goudan", "--seed N (a non-negative integer) is required");
    if (all + max + (count > 0) > 1)
        return cli_usage_error("gen goudan", "use at most one of --count, --max and --all");
    ds_buf_init(&out);
    if (all) rc = goudan_generate_all(seed, &out);
    else rc = goudan_generate(seed, max ? 351493 : count, &out);
    if (rc) { ds_buf_free(&out); fprintf(stderr, "deckscope gen goudan: out of memory\n"); return 2; }
    rc = cli_write("gen goudan", &out);
    ds_buf_free(&out);
    return rc;
}

/* goudan's command is its own for now: its default output is every query's
 * answer, not a played game, and --playout / --explain solve the whole table */
const cli_hooks cli_goudan_hooks = {.usage = usage, .run = run, .gen = gen};
