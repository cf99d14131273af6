/* api_dp_mahjong.c - the dsv_api_dp_mahjong_* functions the page's DP panel
 * (web/shell/games/mahjong.js) calls: they act on the attached view's DP model
 * (model/view_dp_mahjong.c) and read what the canvas's last frame measured
 * (scenes/frame_out.h, view_api_frame_out). */
#include <stdio.h>
#include <string.h>

#include "api/view_api.h"
#include "model/view_dp_mahjong.h"

static const char *scratch(ds_view *v) { return v->scratch.failed || !v->scratch.data ? "" : v->scratch.data; }

DSV_API int dsv_api_dp_mahjong_open(int step, int player) {
    ds_view *v = view_api_view();
    if (!v || !v->loaded || v->game != DSV_MAHJONG) return -1;
    dsv_touch(v);
    return mj_dpv_open(v, step < 0 ? v->step : (size_t)step, player);
}

DSV_API int dsv_api_dp_mahjong_open_candidate(int i) {
    ds_view *v = view_api_view();
    if (v) dsv_touch(v);
    return mj_dpv_open_candidate(v, i);
}

DSV_API void dsv_api_dp_mahjong_seek(int pos, int animate) {
    mj_dpv *d = mj_dpv_sync(view_api_view());
    if (d) {
        d->playing = 0;
        mj_dpv_seek(d, pos, animate);
        dsv_touch(view_api_view());
    }
}
DSV_API int dsv_api_dp_mahjong_pos(void) {
    const mj_dpv *d = mj_dpv_get(view_api_view());
    return d ? d->pos : -1;
}
DSV_API void dsv_api_dp_mahjong_play(int on) {
    mj_dpv *d = mj_dpv_sync(view_api_view());
    if (!d) return;
    if (on && d->pos >= MJ_DPV_POS_MAX) mj_dpv_seek(d, 0, 0);
    d->playing = on ? 1 : 0;
    d->hold = 0;
    dsv_touch(view_api_view());
}
DSV_API int dsv_api_dp_mahjong_playing(void) {
    const mj_dpv *d = mj_dpv_get(view_api_view());
    return d ? d->playing : 0;
}
DSV_API void dsv_api_dp_mahjong_set_speed(double x) {
    mj_dpv *d = mj_dpv_sync(view_api_view());
    if (!d) return;
    d->speed = x < DSV_SPEED_MIN ? DSV_SPEED_MIN : x > DSV_SPEED_MAX ? DSV_SPEED_MAX : x;
    dsv_touch(view_api_view());
}
/* The DP state of the row under the pointer (-1: none): the page says
 * what its code means in words (the canvas's title). */
DSV_API int dsv_api_dp_mahjong_hover(void) {
    const mj_dpv *d = mj_dpv_get(view_api_view());
    const ds_frame_out *o = view_api_frame_out();
    return d && o ? o->dpm.hover_state : -1;
}

/* Changes whenever the explained hand changes (the page then re-reads info). */
DSV_API int dsv_api_dp_mahjong_version(void) {
    const mj_dpv *d = mj_dpv_get(view_api_view());
    if (!d) return -1;
    return d->version + (int)(d->generation % 1024) * 1000000;
}

/* The engine's record of the hand explained (mahjong_dp_record_json). */
DSV_API const char *dsv_api_dp_mahjong_record(void) {
    ds_view *v = view_api_view();
    const mj_dpv *d = mj_dpv_sync(v);
    if (!v) return "null";
    ds_buf_clear(&v->scratch);
    if (!d || !d->ok || mahjong_dp_record_json(&d->rec, &v->scratch)) {
        ds_buf_clear(&v->scratch);
        ds_buf_puts(&v->scratch, "null");
    }
    return scratch(v);
}

static void put_tiles(ds_buf *b, const uint8_t *counts, int nk) {
    int k, c, first = 1;
    ds_buf_putc(b, '[');
    for (k = 0; k < nk; k++)
        for (c = 0; c < counts[k]; c++) {
            if (!first) ds_buf_putc(b, ',');
            first = 0;
            ds_buf_printf(b, "\"%s\"", mahjong_tile_name(k));
        }
    ds_buf_putc(b, ']');
}

/* What the panel shows: the hand, its distance, the animation, the rows and
 * the candidates of the decision at this step (JSON, one object). */
DSV_API const char *dsv_api_dp_mahjong_info(void) {
    static const char *const ckind[] = {"discard", "keep", "ron", "pong", "chow"};
    ds_view *v = view_api_view();
    const mj_dpv *d = mj_dpv_sync(v);
    const ds_frame_out *o = view_api_frame_out();
    ds_buf *b;
    char code[16];
    int i;
    if (!v) return "null";
    b = &v->scratch;
    ds_buf_clear(b);
    if (!d) {
        ds_buf_puts(b, "null");
        return scratch(v);
    }
    ds_buf_printf(b, "{\"ok\":%s,\"step\":%d,\"player\":\"%c\",\"melds\":%d,\"source\":%d,\"hand\":",
                  d->ok ? "true" : "false", (int)d->step, mahjong_player_name(d->player), d->melds, d->source);
    put_tiles(b, d->counts, MJ_KINDS);
    if (d->ok) {
        ds_buf_printf(b, ",\"distance\":%d,\"best_match\":%d,\"target_tiles\":%d,\"groups\":%d", d->rec.distance,
                      d->rec.best_match, 14 - 3 * d->melds, d->rec.groups);
        mj_dpv_state_code(d->rec.end_state, code, sizeof code);
        ds_buf_printf(b, ",\"end_state\":\"%s\",\"rows\":%d,\"add\":", code, d->nrows);
        put_tiles(b, d->rec.add, MJ_KINDS);
        ds_buf_puts(b, ",\"remove\":");
        put_tiles(b, d->rec.remove, MJ_KINDS);
    }
    ds_buf_printf(b, ",\"pos\":%d,\"pos_max\":%d,\"playing\":%s,\"speed\":%g", d->pos, MJ_DPV_POS_MAX,
                  d->playing ? "true" : "false", d->speed);
    if (o)
        ds_buf_printf(b, ",\"cell_px\":%g,\"row_px\":%g,\"table_x\":%g,\"table_y\":%g",
                      (double)o->dpm.cell_px, (double)o->dpm.row_px, (double)o->dpm.table_x,
                      (double)o->dpm.table_y);
    ds_buf_printf(b, ",\"decision\":{\"kind\":%s,\"event\":%d}",
                  d->decision_kind == 1 ? "\"discard\"" : d->decision_kind == 2 ? "\"claims\"" : "null",
                  d->decision_event);
    ds_buf_puts(b, ",\"candidates\":[");
    for (i = 0; i < d->ncand; i++) {
        const mj_dpv_cand *c = &d->cand[i];
        if (i) ds_buf_putc(b, ',');
        ds_buf_printf(b, "{\"i\":%d,\"kind\":\"%s\",\"player\":\"%c\",\"tile\":\"%s\"", i, ckind[c->kind],
                      mahjong_player_name(c->player), mahjong_tile_name(c->tile));
        if (c->kind == 4)
            ds_buf_printf(b, ",\"tiles\":[\"%s\",\"%s\",\"%s\"]", mahjong_tile_name(c->low),
                          mahjong_tile_name(c->low + 1), mahjong_tile_name(c->low + 2));
        if (c->dist >= 0) ds_buf_printf(b, ",\"dist\":%d", c->dist);
        else ds_buf_puts(b, ",\"dist\":null");
        ds_buf_printf(b, ",\"melds\":%d,\"chosen\":%s}", c->melds, c->chosen ? "true" : "false");
    }
    ds_buf_puts(b, "]}");
    if (b->failed) {
        ds_buf_clear(b);
        ds_buf_puts(b, "null");
    }
    return scratch(v);
}
