/* view_games.h - what view.c needs from each game adapter (view_<game>.c).
 * Private to the viewer model: scenes and the page use view.h only. */
#ifndef DS_VIEW_GAMES_H
#define DS_VIEW_GAMES_H

#include "model/view.h"

typedef struct dsv_adapter {
    /* Parses text into v (a fresh view): input (and extra), the only step of
     * a load that fails on a bad input. -1 with v->error filled. */
    int (*parse)(ds_view *v, const char *text, size_t len);
    /* Simulates the line v->choices (v->nchoices) of the parsed v->input
     * (and v->extra) into v's empty trace, output (where the line makes it),
     * lines_at_step and marks, then dsv_finish_load. dsv_try calls it on a
     * scratch view that shares input and extra; load usually ends with it.
     * -1 with v->error filled (a bad choice: ds_choice_* messages). */
    int (*line)(ds_view *v);
    /* Pending work (may be NULL); returns 1 while still busy. */
    int (*work)(ds_view *v, double budget_ms);
    /* Frees input and extra (view.c frees the trace and the arrays). */
    void (*release)(ds_view *v);
    int (*event_json)(const ds_view *v, size_t i, ds_buf *out);
    int (*state_json)(ds_view *v, const void *state, ds_buf *out);
    int (*generate)(uint64_t seed, ds_buf *out);
    /* The engine's sentence about event i in v->lang (<game>_narrate): the
     * caption; the decision record is in event_json (also in v->lang). */
    int (*narrate)(const ds_view *v, size_t i, ds_buf *out);
    /* Builds the parsed game (after parse; dsv_load has dropped the old game
     * by then): trace, output, lines_at_step, marks, then dsv_finish_load
     * (usually `line`), or sets busy for later work. Fails only for want of
     * memory or an engine's limit. -1 with v->error filled. */
    int (*start)(ds_view *v);
} dsv_adapter;

/* dsv_adapter_<id> for every game of ds_games.h (view_<id>.c) */
#define DSV_ADAPTER_EXTERN_(NAME, id) extern const dsv_adapter dsv_adapter_##id;
DS_GAMES(DSV_ADAPTER_EXTERN_)
#undef DSV_ADAPTER_EXTERN_

/* view.c helpers for adapters */
int dsv_alloc_arrays(ds_view *v);
int dsv_finish_load(ds_view *v);


#endif
