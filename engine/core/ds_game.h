/* ds_game.h - the one interface of a game, so every reader of the engine (the
 * CLI, the view adapters, the contract tests, the fuzz harnesses) goes through
 * one table instead of a switch over the games.
 *
 * Each game defines `const ds_game <id>_game` in engine/<id>/<id>_game.c;
 * ds_game_at(g) (engine/ds_registry.c) returns the game of number g in the
 * order of DS_GAMES (ds_games.h). The `void *g` below is the game's parsed
 * input (<id>_input *), so whoever holds an input (the CLI, the view model)
 * uses the table directly; goudan's input also keeps what it needs to play
 * (the solved table, made on first use). One input, one thread at a time.
 * Each function wraps the game's own typed function of the same name
 * (<id>_decision, <id>_narrate, ...), declared in engine/<id>/<id>.h.
 *
 *   parse(text, len, &g, err)        a session from the problem's input
 *   free(g)
 *   simulate(g, ch, n, seed, tr, err)  the game (query 0 for goudan, played
 *                                    out with seed) with the forced choices
 *                                    ch[0..n-1] (n = 0: the rule's line)
 *   format(g, tr, out)               the judge output (goudan: the answers of
 *                                    every query; tr may be NULL there)
 *   trace_jsonl(g, tr, lang, out)    the trace as JSON Lines (header first)
 *   decision(g, tr, i, lang, d)      1 and *d filled when event i is a
 *                                    decision, 0 when it is not, -1 on error
 *   narrate(g, tr, i, lang, out)     the sentence about event i (the caption)
 *   outcome(g, tr, lang, out)        who won, in words, one line
 *   start(g, tr, lang, out)          the sentence of step 0: the game as the
 *                                    input sets it up (players, deck, wall)
 *   headline(g, tr, step, lang, out) a state in short (step 0..tr->n: the
 *                                    state after that many events), parts
 *                                    joined by " · "
 *   changes(g, tr, i, lang, out)     what event i changed, read from the
 *                                    states before and after it: one
 *                                    sentence a line, each ending in '\n'
 *                                    (nothing when nothing shows)
 *   generate(seed, opt, out)         a random valid input; opt (NULL: the
 *                                    defaults) asks for its size: the
 *                                    largest input, every start state, a
 *                                    number of queries (ds_gen), where the
 *                                    game has them (`deckscope gen`)
 * Every function returns 0 (or 1 where said) on success and -1 on failure.
 */
#ifndef DS_GAME_H
#define DS_GAME_H

#include "ds_decision.h"
#include "ds_games.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The size of a generated input (deckscope gen's options); all 0: the
 * game's default. A game ignores what it does not have. */
typedef struct ds_gen {
    int max;   /* the largest input of the problem */
    int all;   /* every start state once (goudan) */
    int count; /* a number of queries (goudan), 0: at random */
} ds_gen;

typedef struct ds_game {
    const char *id;
    int (*parse)(const char *text, size_t len, void **g, ds_error *err);
    void (*free)(void *g);
    int (*simulate)(void *g, const ds_choice *ch, size_t n, uint64_t seed, ds_trace *tr,
                    ds_error *err);
    int (*format)(void *g, const ds_trace *tr, ds_buf *out);
    int (*trace_jsonl)(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out);
    int (*decision)(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_decision *d);
    int (*narrate)(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_buf *out);
    int (*outcome)(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out);
    int (*generate)(uint64_t seed, const ds_gen *opt, ds_buf *out);
    int (*start)(void *g, const ds_trace *tr, ds_lang lang, ds_buf *out);
    int (*headline)(void *g, const ds_trace *tr, size_t step, ds_lang lang, ds_buf *out);
    int (*changes)(void *g, const ds_trace *tr, size_t i, ds_lang lang, ds_buf *out);
} ds_game;

/* The game of number g (DS_GAME_CIRNO, ...), or NULL. */
const ds_game *ds_game_at(int g);

#ifdef __cplusplus
}
#endif

#endif
