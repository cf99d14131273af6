/* render.h - offscreen rendering of a view's steps into RGBA frames, and
 * animated GIFs of a step range (docs/exports.md).
 *
 * The offscreen target is an SDL software renderer on an SDL_Surface: it
 * needs no window and no display, so the same code runs in the CLI
 * (`deckscope render`, through `deckscope-view --render`) and in the page
 * (view_export.c), whatever the visible canvas is (WebGL in the browser).
 *
 * Frames are drawn by the same scenes as the visible canvas (ds_scene_for),
 * from a render copy of the view: the view's fields with the render's own
 * cursor (step, from_step, anim) and state buffers filled by ds_trace_seek.
 * The live view is never modified; the copy is refreshed from it before
 * every frame, so the page may keep playing while an export runs. Nothing
 * is simulated here. In a DP view the copy has its own DP state, made by
 * the model's dsv_dp_still before each frame: the live one's when the live
 * view is at the step drawn, else that step's DP view settled, so the DP
 * frame of step k is the picture the canvas shows at step k.
 *
 * The GIF schedule (render_gif_*), with T tween frames per step:
 *   frame 0                the settled state at `from`, shown hold_cs
 *   per step s = from..to-1: T frames of the tween s -> s+1 at
 *                          anim = 1/(T+1) .. T/(T+1), tween_cs each,
 *                          then the settled state s+1, hold_cs
 * so a GIF of steps [from, to] has 1 + (to - from) * (T + 1) frames.
 * Defaults: T = 5, tween_cs = 10, hold_cs = 50: one second per step,
 * 10 frames per second while something moves.
 *
 * Caption strip (opts.caption_h > 0): every GIF frame is the scene with a
 * strip of caption_h pixels under it, whose pixels the caller supplies per
 * step (the page draws the step's narration there with the browser's fonts:
 * narrate.js is JavaScript and its Chinese needs glyphs the canvas's font
 * subset does not have). A frame of the move s -> s+1 carries the caption
 * of step s+1, as the page's caption does once the step starts; frame 0
 * carries that of `from`. render_gif_work returns 2 when the strip of
 * another step is wanted (job->need_step): the caller fills job->cap
 * (RGBA, pix_w x caption_h, opaque) and calls render_gif_caption_ready. */
#ifndef DS_RENDER_H
#define DS_RENDER_H

#include <SDL.h>

#include "export/gif.h"
#include "scenes/scene.h"
#include "model/view.h"

#define RENDER_MAX_PIXELS (4096 * 4096)

typedef struct ds_offscreen {
    SDL_Surface *surf;       /* RGBA32: bytes R, G, B, A */
    SDL_Renderer *r;         /* software renderer on surf */
    ds_text text;
    ds_theme theme;
    int css_w, css_h, pix_w, pix_h;
    float scale;
    const ds_scene *scene;   /* scene_state belongs to this scene */
    void *scene_state;
    ds_view copy;            /* render copy of the view (see above) */
    void *dp;                /* the copy's own DP state (dsv_dp_still), kept between frames */
    void (*dp_release)(ds_view *v);
    int dp_game;             /* ... made for this game and view generation */
    uint32_t dp_generation;
    ds_frame_out out;        /* what the frames report (thrown away) */
    unsigned char *state, *from;
    size_t state_size;
    double t;                /* scene time of the next frame */
    long frames;
} ds_offscreen;

/* css_w x css_h logical pixels at `scale` pixels each (the bitmap is
 * round(css * scale)), dark or light theme. 0, or -1 with SDL_GetError(). */
int offscreen_init(ds_offscreen *o, int css_w, int css_h, float scale, int dark);
void offscreen_free(ds_offscreen *o);
/* Draws the view src as it would look at cursor (from_step -> step, anim),
 * with dt seconds of scene time since the previous frame. 0 or -1 (no
 * loaded view, out of memory). The pixels are in o->surf. */
int offscreen_draw(ds_offscreen *o, const ds_view *src, size_t from_step, size_t step,
                   double anim, double dt);
/* The view's current frame exactly as the cursor is now. */
int offscreen_draw_current(ds_offscreen *o, const ds_view *src);

typedef struct ds_gif_opts {
    int tween_frames; /* T per step, 0..30 (default 5) */
    int tween_cs;     /* delay of a tween frame (default 10) */
    int hold_cs;      /* delay of a settled frame (default 50) */
    int loop;         /* 0 forever (default), -1 once */
    int caption_h;    /* pixels of the caption strip under each frame (default 0: none) */
} ds_gif_opts;

void render_gif_defaults(ds_gif_opts *opts);

/* A GIF of steps [from, to] of a loaded view, made in slices. */
typedef struct ds_gif_job {
    ds_offscreen os;
    gif_writer g;
    ds_buf out;
    ds_gif_opts opts;
    size_t from, to;
    uint32_t generation;  /* of the view; a new load aborts the job */
    long frame, nframes;  /* next frame to write, total */
    int sampled;          /* palette samples taken */
    int state;            /* 0 working, 1 done, -1 failed */
    unsigned char *cap;   /* caption strip, pix_w x caption_h RGBA (caption_h > 0) */
    long cap_step;        /* the step job->cap shows, -1 none yet */
    long need_step;       /* after render_gif_work returned 2: the step wanted */
    unsigned char *composed; /* scene + strip, pix_w x (pix_h + caption_h) RGBA */
    char error[160];
} ds_gif_job;

/* Frame count of [from, to] with T tween frames per step. */
long render_gif_frame_count(size_t from, size_t to, int tween_frames);
/* Clamps from/to to the view (from <= to). 0, or -1 with job->error. */
int render_gif_begin(ds_gif_job *job, const ds_view *v, size_t from, size_t to, int css_w,
                     int css_h, float scale, int dark, const ds_gif_opts *opts);
/* Works for about budget_ms (at least one frame). 1 while more remains,
 * 0 when done (job->out holds the GIF), -1 on failure (job->error), 2 when
 * the caption strip of step job->need_step is wanted (see above). */
int render_gif_work(ds_gif_job *job, const ds_view *v, double budget_ms);
/* job->cap now holds the strip of `step`. 0, or -1 when no strip is used. */
int render_gif_caption_ready(ds_gif_job *job, long step);
double render_gif_progress(const ds_gif_job *job);
void render_gif_free(ds_gif_job *job);

/* The `deckscope-view --render ...` entry (render_main.c), natively:
 *   --render <game> [--from I] [--to J] [--step I] -o out.gif|out.png
 *            [--scale S] [--size WxH] [--light] [--tween T] [--input FILE]
 *            [--query Q] [--seed S]
 * argv[0] is "--render". Exit status 0, 1 (cannot write), 2 (bad input or
 * arguments, one line on stderr). */
int render_main(int argc, char **argv);

#endif
