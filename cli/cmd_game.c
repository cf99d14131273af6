/* cmd_game.c - the one command path of every game (see cli_game.h):
 *
 *   deckscope <game> [--trace | --narrate] [--lang en|zh]
 *                    [--try SPEC [--compare]] [game's options] [FILE]
 *   deckscope gen <game> --seed N [game's options]
 *
 * Everything here goes through the game's ds_game; a game's own options and
 * reports are its cli_hooks (cli/cmd_<id>.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_game.h"

static const cli_hooks *const hooks[DS_NGAMES] = {
#define CLI_HOOKS_PTR_(NAME, id) &cli_##id##_hooks,
    DS_GAMES(CLI_HOOKS_PTR_)
#undef CLI_HOOKS_PTR_
};

const cli_hooks *cli_hooks_at(int g) { return g >= 0 && g < DS_NGAMES ? hooks[g] : NULL; }

int cli_compare_outcomes(const cli_run *r, void *g, const ds_trace *main_tr,
                         const ds_trace *var_tr, ds_buf *out) {
    ds_buf_puts(out, "main line: ");
    if (r->game->outcome(g, main_tr, r->lang, out)) return -1;
    ds_buf_puts(out, "\nvariation: ");
    if (r->game->outcome(g, var_tr, r->lang, out)) return -1;
    ds_buf_putc(out, '\n');
    return out->failed ? -1 : 0;
}

/* The judge output (or the trace) of tr, by the game's format / trace_jsonl
 * or its own writer: 0, 1 (cannot write) or 2 (no memory), said. */
static int write_output(cli_run *r, const cli_hooks *h, void *g, const ds_trace *tr) {
    ds_buf out;
    int rc;
    if (h->write) {
        rc = h->write(r, g, tr);
    } else {
        ds_buf_init(&out);
        rc = r->trace ? r->game->trace_jsonl(g, tr, r->lang, &out) : r->game->format(g, tr, &out);
        if (!rc && !out.failed) rc = cli_write(r->id, &out) ? 1 : 0;
        else rc = -1;
        ds_buf_free(&out);
    }
    if (rc < 0) {
        fprintf(stderr, "deckscope %s: out of memory writing the output\n", r->id);
        rc = 2;
    }
    return rc;
}

/* After the options: the input, the main line and the variation, the output. */
static int run_game(cli_run *r, const cli_hooks *h, const ds_choice *ch, size_t nch) {
    ds_buf text, out;
    ds_error err = {0};
    ds_trace tr = {0}, main_tr = {0};
    void *g = NULL;
    int rc = 0;
    ds_buf_init(&text);
    if (cli_read_input(r->id, r->args.noperands ? r->args.operands[0] : NULL, &text)) {
        ds_buf_free(&text);
        return 2;
    }
    rc = r->game->parse(text.data ? text.data : "", text.len, &g, &err);
    ds_buf_free(&text);
    if (rc) return cli_input_error(r->id, &err);
    if (h->output && (rc = h->output(r, g)) != DS_ARGS_RUN) {
        r->game->free(g);
        return rc;
    }
    rc = 0;
    if (!r->trace && !r->narrate && !r->cmp && !nch && h->format_without_trace) {
        /* the judge output alone, and it needs no game played (goudan's
         * answers to every query): no trace is made */
        rc = write_output(r, h, g, NULL);
    } else if ((r->cmp || nch) && r->game->simulate(g, NULL, 0, r->seed, &main_tr, &err)) {
        /* the main line first: its errors are the input's */
        rc = cli_input_error(r->id, &err);
    } else if (r->game->simulate(g, ch, nch, r->seed, &tr, &err)) {
        if (nch) {
            fprintf(stderr, "deckscope %s: --try: %s\n", r->id, err.msg);
            rc = 2;
        } else {
            rc = cli_input_error(r->id, &err);
        }
    } else if (r->cmp) {
        ds_buf_init(&out);
        if (h->compare(r, g, &main_tr, &tr, &out) || out.failed) {
            fprintf(stderr, "deckscope %s: out of memory writing the output\n", r->id);
            rc = 2;
        } else {
            rc = cli_write(r->id, &out);
        }
        ds_buf_free(&out);
    } else if (r->narrate) {
        rc = cli_narrate(r->id, r->game, g, &tr, r->lang);
    } else {
        rc = write_output(r, h, g, &tr);
    }
    ds_trace_free(&tr);
    ds_trace_free(&main_tr);
    r->game->free(g);
    return rc;
}

int cli_game_run(int g, int argc, char **argv) {
    const cli_hooks *h = g >= 0 && g < DS_NGAMES ? hooks[g] : NULL;
    cli_run r;
    ds_opt opts[5 + CLI_MAX_EXTRA + 1];
    ds_choice *ch = NULL;
    size_t n = 5, nch = 0;
    char cmd[64];
    int rc;
    if (!h) return 2;
    memset(&r, 0, sizeof r);
    r.game = ds_game_at(g);
    r.id = r.game->id;
    {
        ds_opt common[5] = {DS_ARG_FLAG("trace", &r.trace), DS_ARG_STR("try", 0, &r.spec),
                            DS_ARG_FLAG("compare", &r.cmp), DS_ARG_FLAG("narrate", &r.narrate),
                            DS_ARG_STR("lang", 0, &r.lang_name)};
        ds_opt end = DS_ARG_END;
        memcpy(opts, common, sizeof common);
        if (h->options) n += h->options(&r, opts + n);
        opts[n] = end;
    }
    snprintf(cmd, sizeof cmd, "deckscope %s", r.id);
    r.args.cmd = cmd;
    r.args.usage = h->usage;
    r.args.opts = opts;
    r.args.max_operands = 1;
    if ((rc = ds_args_parse(&r.args, argc, argv)) != DS_ARGS_RUN) return rc;
    if (h->check && (rc = h->check(&r)) != DS_ARGS_RUN) return rc;
    if (r.cmp && !r.spec) return cli_usage_error(r.id, "--compare needs --try SPEC");
    if (r.cmp && r.trace) return cli_usage_error(r.id, "--compare and --trace cannot be combined");
    if (r.narrate && (r.trace || r.cmp))
        return cli_usage_error(r.id, "--narrate cannot be combined with --trace or --compare");
    if ((rc = cli_lang(r.id, r.lang_name, &r.lang)) != 0) return rc;
    if (h->check_more && (rc = h->check_more(&r)) != DS_ARGS_RUN) return rc;
    if ((rc = cli_try(r.id, r.spec, &ch, &nch)) != 0) return rc;
    rc = run_game(&r, h, ch, nch);
    free(ch);
    return rc;
}

size_t cli_gen_one_size(cli_run *r, ds_opt *opts) {
    ds_opt mine[] = {DS_ARG_FLAG("max", &r->gen.max), DS_ARG_FLAG("all", &r->gen.all)};
    memcpy(opts, mine, sizeof mine);
    return sizeof mine / sizeof *mine;
}

/* deckscope gen <id> --seed N [the game's options]: the game's
 * generate(seed, size), the size from its options (r.gen). */
int cli_game_gen(int g, int argc, char **argv) {
    const cli_hooks *h = g >= 0 && g < DS_NGAMES ? hooks[g] : NULL;
    cli_run r;
    ds_opt opts[1 + CLI_MAX_EXTRA + 1];
    ds_opt end = DS_ARG_END, seed_opt = DS_ARG_U64("seed", &r.seed);
    size_t n = 1;
    char cmd[64], name[64], usage[2048];
    ds_buf out;
    int rc;
    if (!h) return 2;
    memset(&r, 0, sizeof r);
    r.game = ds_game_at(g);
    r.id = r.game->id;
    opts[0] = seed_opt;
    if (h->gen_options) n += h->gen_options(&r, opts + n);
    opts[n] = end;
    snprintf(cmd, sizeof cmd, "deckscope gen %s", r.id);
    snprintf(name, sizeof name, "gen %s", r.id);
    snprintf(usage, sizeof usage,
             "usage: deckscope gen %s --seed N%s\n%s"
             "  --seed N    a non-negative integer (required); the same N gives the same\n"
             "              input on every platform\n"
             "%s  -h, --help  this text\n",
             r.id, h->gen_args ? h->gen_args : "", h->gen_about ? h->gen_about : "",
             h->gen_help ? h->gen_help : "");
    r.args.cmd = cmd;
    r.args.usage = usage;
    r.args.opts = opts;
    r.args.max_operands = 0;
    if ((rc = ds_args_parse(&r.args, argc, argv)) != DS_ARGS_RUN) return rc;
    if (!ds_args_seen(&r.args, "seed"))
        return cli_usage_error(name, "--seed N (a non-negative integer) is required");
    if (h->gen_check && (rc = h->gen_check(&r)) != DS_ARGS_RUN) return rc;
    ds_buf_init(&out);
    rc = r.game->generate(r.seed, &r.gen, &out);
    if (rc || out.failed) {
        ds_buf_free(&out);
        fprintf(stderr, "deckscope %s: the generator failed for seed %llu\n", name,
                (unsigned long long)r.seed);
        return 2;
    }
    rc = cli_write(name, &out);
    ds_buf_free(&out);
    return rc;
}
