/* view_export.c - PNG and GIF exports for the page (web/shell/features/export.js):
 * dsv_api_export_* functions exported to JavaScript. They render offscreen
 * through render.c (SDL's software renderer on a surface, the same scenes
 * as the canvas), so the result does not depend on the WebGL canvas, its
 * size or the screen's pixel ratio.
 *
 *   int  dsv_api_export_frame(css_w, css_h, scale, dark)
 *        the current frame (the cursor as it is now, tween included) into
 *        an RGBA bitmap: dsv_api_export_pixels(), _width(), _height().
 *        The page turns it into a PNG with a 2D canvas (toBlob).
 *   int  dsv_api_export_gif_begin(from, to, css_w, css_h, scale, dark, tween, caption_h)
 *        caption_h > 0: a caption strip of that many pixels under every
 *        frame, drawn by the page per step (render.h)
 *   int  dsv_api_export_gif_work(budget_ms)   1 busy, 0 done, -1 failed,
 *        2 the caption strip of step dsv_api_export_gif_need_step() is
 *        wanted: write it at dsv_api_export_gif_caption() (RGBA, the GIF's
 *        width x caption_h) and call dsv_api_export_gif_caption_ready(step)
 *   unsigned dsv_api_export_theme_color(dark, which)   0xRRGGBB of the
 *        canvas theme: 0 bg, 1 fg, 2 muted, 3 accent, 4 card, 5 card edge
 *   double dsv_api_export_progress();  int dsv_api_export_frames();
 *   const unsigned char *dsv_api_export_data();  int dsv_api_export_size();
 *        the finished GIF's bytes (valid until the next export call)
 *   const char *dsv_api_export_error();  void dsv_api_export_free();
 * All return -1 (and set the error text) rather than crash on bad use. The
 * page calls gif_work from its own timer in slices of a few milliseconds so
 * it stays responsive; a new load during an export fails the export. */
#include <stdio.h>
#include <string.h>

#include "export/render.h"
#include "api/view_api.h"

/* The page has one export at a time; JavaScript calls these without context. */
static struct {
    ds_offscreen png;   /* last frame export (pix valid while png_ok) */
    int png_ok;
    ds_gif_job gif;
    int gif_active;     /* gif holds resources */
    char error[200];
} ex;

static int set_error(const char *msg) {
    snprintf(ex.error, sizeof ex.error, "%s", msg && *msg ? msg : "export failed");
    return -1;
}

DSV_API void dsv_api_export_free(void) {
    if (ex.png_ok || ex.png.r) offscreen_free(&ex.png);
    ex.png_ok = 0;
    if (ex.gif_active) render_gif_free(&ex.gif);
    ex.gif_active = 0;
}

DSV_API const char *dsv_api_export_error(void) { return ex.error; }

DSV_API int dsv_api_export_frame(int css_w, int css_h, double scale, int dark) {
    ds_view *v = view_api_view();
    ex.error[0] = 0;
    if (ex.png_ok || ex.png.r) offscreen_free(&ex.png);
    ex.png_ok = 0;
    if (!v || !v->loaded || v->busy) return set_error("no game is loaded");
    if (offscreen_init(&ex.png, css_w, css_h, (float)scale, dark) != 0 ||
        offscreen_draw_current(&ex.png, v) != 0) {
        set_error(SDL_GetError());
        offscreen_free(&ex.png);
        return -1;
    }
    ex.png_ok = 1;
    return 0;
}

DSV_API const unsigned char *dsv_api_export_pixels(void) {
    return ex.png_ok ? (const unsigned char *)ex.png.surf->pixels : NULL;
}
DSV_API int dsv_api_export_width(void) {
    if (ex.png_ok) return ex.png.pix_w;
    return ex.gif_active ? ex.gif.g.w : 0;
}
DSV_API int dsv_api_export_height(void) {
    if (ex.png_ok) return ex.png.pix_h;
    return ex.gif_active ? ex.gif.g.h : 0;
}
/* Bytes per row of dsv_api_export_pixels (4 * width). */
DSV_API int dsv_api_export_pitch(void) { return ex.png_ok ? ex.png.surf->pitch : 0; }

DSV_API int dsv_api_export_gif_begin(int from, int to, int css_w, int css_h, double scale, int dark,
                                 int tween, int caption_h) {
    ds_view *v = view_api_view();
    ds_gif_opts o;
    ex.error[0] = 0;
    dsv_api_export_free();
    if (!v || !v->loaded || v->busy) return set_error("no game is loaded");
    if (from < 0 || to < 0 || (size_t)from > v->trace.n || (size_t)to > v->trace.n || to < from)
        return set_error("the steps are out of range");
    render_gif_defaults(&o);
    if (tween >= 0) o.tween_frames = tween;
    if (caption_h > 0) o.caption_h = caption_h;
    ex.gif_active = 1;
    if (render_gif_begin(&ex.gif, v, (size_t)from, (size_t)to, css_w, css_h, (float)scale, dark, &o) != 0) {
        set_error(ex.gif.error);
        dsv_api_export_free();
        return -1;
    }
    return 0;
}

DSV_API int dsv_api_export_gif_work(double budget_ms) {
    int rc;
    if (!ex.gif_active) return set_error("no GIF export is running");
    rc = render_gif_work(&ex.gif, view_api_view(), budget_ms);
    if (rc < 0) set_error(ex.gif.error);
    return rc;
}

DSV_API long dsv_api_export_gif_need_step(void) { return ex.gif_active ? ex.gif.need_step : -1; }
DSV_API unsigned char *dsv_api_export_gif_caption(void) { return ex.gif_active ? ex.gif.cap : NULL; }
DSV_API int dsv_api_export_gif_caption_ready(long step) {
    if (!ex.gif_active || render_gif_caption_ready(&ex.gif, step) != 0)
        return set_error("no GIF export with a caption is running");
    return 0;
}

/* The canvas's theme colours, so the page's caption strip matches them. */
DSV_API unsigned dsv_api_export_theme_color(int dark, int which) {
    ds_theme t = ds_theme_make(dark);
    SDL_Color c = which == 1 ? t.fg : which == 2 ? t.muted : which == 3 ? t.accent
                : which == 4 ? t.card : which == 5 ? t.card_edge : t.bg;
    return (unsigned)c.r << 16 | (unsigned)c.g << 8 | (unsigned)c.b;
}

DSV_API double dsv_api_export_progress(void) { return ex.gif_active ? render_gif_progress(&ex.gif) : 0; }
DSV_API int dsv_api_export_frames(void) { return ex.gif_active ? (int)ex.gif.nframes : 0; }
DSV_API int dsv_api_export_frames_done(void) { return ex.gif_active ? (int)ex.gif.frame : 0; }

DSV_API const unsigned char *dsv_api_export_data(void) {
    return ex.gif_active && ex.gif.state == 1 ? (const unsigned char *)ex.gif.out.data : NULL;
}
DSV_API int dsv_api_export_size(void) {
    return ex.gif_active && ex.gif.state == 1 ? (int)ex.gif.out.len : 0;
}
