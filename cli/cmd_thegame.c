/* cmd_thegame.c - what only thegame has in its commands (The Game, solo, CERC
 * 2022): its usage, its --compare report, its generator's options; the rest
 * is cmd_game.c.
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

#include "cli_game.h"
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
static int compare(cli_run *r, void *g, const ds_trace *main_tr, const ds_trace *var_tr,
                   ds_buf *out) {
    const thegame_input *in = (const thegame_input *)g;
    size_t i = ds_trace_common(main_tr, var_tr);
    if (i == main_tr->n && i == var_tr->n) {
        cli_compare_head(r->spec, 0, NULL, NULL, out);
    } else {
        char a[16] = "", b[16] = "";
        if (i < main_tr->n) thegame_event_label(ds_trace_event(main_tr, i), a, sizeof a);
        if (i < var_tr->n) thegame_event_label(ds_trace_event(var_tr, i), b, sizeof b);
        cli_compare_head(r->spec, i, a[0] ? a : "(none)", b[0] ? b : "(none)", out);
    }
    outcome(in, main_tr, "main line", out);
    outcome(in, var_tr, "variation", out);
    return out->failed ? -1 : 0;
}

const cli_hooks cli_thegame_hooks = {
    .title = "The Game, solo (CERC 2022)",
    .usage = usage,
    .compare = compare,
    .gen_about = "A shuffled permutation of 2..99 from the seed N; --max and --all are\n"
                 "accepted and change nothing (every input has 98 cards).\n",
    .gen_options = cli_gen_one_size};
