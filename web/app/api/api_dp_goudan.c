/* api_dp_goudan.c - the dsv_api_dp_goudan_* functions the page's decision
 * explorer (web/shell/games/goudan.js) calls, on the attached view's explorer
 * (model/view_dp_goudan.c), and the JSON they hand out: the explorer's state
 * with the engine's own JSON of its turn, decision and chance tree, plus what
 * the canvas's last frame drew of that tree (scenes/frame_out.h). */
#include <stdio.h>
#include <string.h>

#include "api/view_api.h"
#include "model/view_dp_goudan.h"

static void put_json_str(ds_buf *b, const char *s) { ds_buf_json_str(b, s, strlen(s)); }

const char *dsv_dp_goudan_json(ds_view *v, dsv_dp_goudan *dp, const ds_frame_out *out) {
    dsv_goudan *g;
    ds_buf *b;
    int i, j;
    if (!dp) return "null";
    b = &dp->json;
    ds_buf_clear(b);
    ds_buf_printf(b, "{\"rev\":%u,\"ok\":%s,\"custom\":%s,\"step\":%zu,\"decision_step\":%ld,", dp->rev,
                  dp->ok ? "true" : "false", dp->custom ? "true" : "false", dp->step, dp->decision_step);
    ds_buf_puts(b, "\"error\":");
    put_json_str(b, dp->err);
    ds_buf_puts(b, ",\"start_error\":");
    put_json_str(b, dp->start_err);
    ds_buf_printf(b, ",\"mover\":\"%s\",\"value\":%.17g,", dp->mover ? "teacher" : "E", dp->value);
    if ((g = dsv_goudan_loaded(v)) != NULL) {
        ds_buf_printf(b, "\"O\":%d,\"hp_max\":%d,", g->O, goudan_table_hp_max(g->table));
    }
    ds_buf_puts(b, "\"path\":[");
    for (i = 0; i < dp->n; i++) {
        if (i) ds_buf_putc(b, ',');
        put_json_str(b, dp->nav[i].label);
    }
    ds_buf_puts(b, "],\"state\":");
    if (dp->n > 0 && g)
        goudan_state_json(v->input, &dp->nav[dp->n - 1].st, b);
    else
        ds_buf_puts(b, "null");
    if (dp->ok) {
        ds_buf_puts(b, ",\"turn\":");
        goudan_turn_json(&dp->turn, b);
        ds_buf_puts(b, ",\"decision\":");
        goudan_decision_json(&dp->dec, b);
        ds_buf_puts(b, ",\"codes\":[");
        for (i = 0; i < dp->dec.n; i++) {
            char code[32];
            dsv_dp_goudan_op_code(&dp->dec.ops[i], code, sizeof code);
            if (i) ds_buf_putc(b, ',');
            put_json_str(b, code);
        }
        ds_buf_putc(b, ']');
    }
    ds_buf_printf(b, ",\"play_index\":%d,\"expanded\":%s,\"selected\":%d,\"tree\":", dp->play_index,
                  dp->expanded ? "true" : "false", dp->selected);
    if (dp->ok && dp->play_index >= 0) {
        goudan_tree_json(&dp->tree, b);
        ds_buf_puts(b, ",\"tree_codes\":[");
        for (i = 0; i < dp->tree.n; i++) {
            if (i) ds_buf_putc(b, ',');
            put_json_str(b, i ? dsv_dp_goudan_target_code(dp->tree.node[i].target, dp->mover) : "");
        }
        ds_buf_puts(b, "],\"tree_colors\":[");
        for (i = 0; i < dp->tree.n; i++) {
            if (i) ds_buf_putc(b, ',');
            if (dp->expanded && out && out->dpg.color[i] >= 0) ds_buf_printf(b, "\"#%06x\"", (unsigned)out->dpg.color[i]);
            else ds_buf_puts(b, "null");
        }
        ds_buf_printf(b, "],\"tree_heads\":%d", dp->expanded && out ? out->dpg.heads : 0);
    } else {
        ds_buf_puts(b, "null");
    }
    ds_buf_printf(b, ",\"heat\":{\"hp_max\":%d,\"done\":%d,\"cells\":[", dp->heat_hp, dp->heat_done);
    for (i = 0; i < dp->heat_hp; i++) {
        ds_buf_puts(b, i ? ",[" : "[");
        for (j = 0; j < dp->heat_hp; j++) ds_buf_printf(b, j ? ",%.17g" : "%.17g", dp->heat[i][j]);
        ds_buf_putc(b, ']');
    }
    ds_buf_puts(b, "]},\"solve\":");
    if (dp->anim) {
        const goudan_solver_info *in = &dp->anim_info;
        ds_buf_printf(b,
                      "{\"hp_max\":%d,\"playing\":%s,\"done\":%s,\"layer\":%d,\"nlayers\":%d,\"total_hp\":%d,"
                      "\"phase\":\"%s\",\"solved\":%llu,\"total\":%llu,\"progress\":%.6f}",
                      dp->anim_hp, dp->anim_playing ? "true" : "false",
                      goudan_solver_done(dp->anim) ? "true" : "false", in->layer, in->nlayers, in->total_hp,
                      in->phase_name ? in->phase_name : "", (unsigned long long)in->start_states_solved,
                      (unsigned long long)in->start_states_total, in->progress);
    } else {
        ds_buf_puts(b, "null");
    }
    ds_buf_putc(b, '}');
    return b->failed || !b->data ? "null" : b->data;
}

static dsv_dp_goudan *the_dp(void) {
    ds_view *v = view_api_view();
    dsv_dp_goudan *dp = dsv_dp_goudan_get(v);
    if (dp) dsv_dp_goudan_sync(v, dp);
    return dp;
}

DSV_API const char *dsv_api_dp_goudan_json(void) {
    return dsv_dp_goudan_json(view_api_view(), the_dp(), view_api_frame_out());
}
DSV_API int dsv_api_dp_goudan_rev(void) {
    dsv_dp_goudan *dp = the_dp();
    return dp ? (int)(dp->rev & 0x7fffffff) : -1;
}
/* The explorer for a command: the picture changes (view.h, dsv_touch). */
static dsv_dp_goudan *the_dp_touched(void) {
    ds_view *v = view_api_view();
    if (v) dsv_touch(v);
    return the_dp();
}

DSV_API void dsv_api_dp_goudan_expand(int on) { dsv_dp_goudan_expand(view_api_view(), the_dp_touched(), on); }
DSV_API int dsv_api_dp_goudan_enter(int node) { return dsv_dp_goudan_enter(view_api_view(), the_dp_touched(), node); }
DSV_API void dsv_api_dp_goudan_back(int depth) { dsv_dp_goudan_back(view_api_view(), the_dp_touched(), depth); }
DSV_API void dsv_api_dp_goudan_follow(void) { dsv_dp_goudan_follow(view_api_view(), the_dp_touched()); }
DSV_API int dsv_api_dp_goudan_start(const char *text) {
    return text ? dsv_dp_goudan_start(view_api_view(), the_dp_touched(), text, strlen(text)) : -1;
}
/* Fills heat-map cells for about budget_ms; 1 while some are left. */
DSV_API int dsv_api_dp_goudan_heat_work(double budget_ms) {
    return dsv_dp_goudan_heat_work(view_api_view(), the_dp_touched(), budget_ms);
}
DSV_API void dsv_api_dp_goudan_anim(int cmd) { dsv_dp_goudan_anim(view_api_view(), the_dp_touched(), cmd); }
