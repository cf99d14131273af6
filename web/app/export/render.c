/* render.c - offscreen frames of a view and GIFs of step ranges (render.h). */
#include "export/render.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A monotonic clock for the time budgets of the GIF work, in seconds. */
static double seconds_now(void) {
    return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency();
}

int offscreen_init(ds_offscreen *o, int css_w, int css_h, float scale, int dark) {
    memset(o, 0, sizeof *o);
    if (css_w < 16 || css_h < 16 || !(scale > 0.1f) || scale > 8.0f)
        return SDL_SetError("bad render size %dx%d at scale %.2f", css_w, css_h, (double)scale);
    o->css_w = css_w;
    o->css_h = css_h;
    o->scale = scale;
    o->pix_w = (int)lroundf((float)css_w * scale);
    o->pix_h = (int)lroundf((float)css_h * scale);
    if (o->pix_w < 16 || o->pix_h < 16 || o->pix_w > GIF_MAX_SIDE || o->pix_h > GIF_MAX_SIDE ||
        (long long)o->pix_w * o->pix_h > RENDER_MAX_PIXELS)
        return SDL_SetError("render size %dx%d pixels is out of range", o->pix_w, o->pix_h);
    o->surf = SDL_CreateRGBSurfaceWithFormat(0, o->pix_w, o->pix_h, 32, SDL_PIXELFORMAT_RGBA32);
    if (!o->surf) return -1;
    o->r = SDL_CreateSoftwareRenderer(o->surf);
    if (!o->r) {
        offscreen_free(o);
        return -1;
    }
    if (text_init(&o->text, o->r, scale) != 0) {
        offscreen_free(o);
        return -1;
    }
    o->theme = ds_theme_make(dark);
    ds_frame_out_init(&o->out);
    return 0;
}

/* Frees the copy's own DP state (its release function wants a view). */
static void free_dp(ds_offscreen *o) {
    if (o->dp && o->dp_release) {
        ds_view tmp;
        memset(&tmp, 0, sizeof tmp);
        tmp.dp = o->dp;
        tmp.dp_release = o->dp_release;
        o->dp_release(&tmp);
    }
    o->dp = NULL;
    o->dp_release = NULL;
}

void offscreen_free(ds_offscreen *o) {
    free_dp(o);
    ds_frame_out_free(&o->out);
    if (o->scene && o->scene_state) o->scene->destroy(o->scene_state);
    o->scene = NULL;
    o->scene_state = NULL;
    if (o->r) text_free(&o->text);
    if (o->r) SDL_DestroyRenderer(o->r);
    if (o->surf) SDL_FreeSurface(o->surf);
    free(o->state);
    free(o->from);
    o->r = NULL;
    o->surf = NULL;
    o->state = o->from = NULL;
    o->state_size = 0;
}

int offscreen_draw(ds_offscreen *o, const ds_view *src, size_t from_step, size_t step,
                   double anim, double dt) {
    const ds_scene *want;
    ds_frame f;
    size_t n;
    int rc;
    if (!o->r) return SDL_SetError("no offscreen renderer");
    if (!src || !src->loaded || src->busy) return SDL_SetError("no game is loaded");
    n = src->trace.n;
    if (step > n) step = n;
    if (from_step > n) from_step = n;
    if (o->state_size != src->trace.state_size) {
        unsigned char *a = realloc(o->state, src->trace.state_size ? src->trace.state_size : 1);
        unsigned char *b = a ? realloc(o->from, src->trace.state_size ? src->trace.state_size : 1) : NULL;
        if (a) o->state = a;
        if (b) o->from = b;
        if (!a || !b) return SDL_OutOfMemory();
        o->state_size = src->trace.state_size;
    }
    if (ds_trace_seek(&src->trace, step, o->state) != 0 ||
        ds_trace_seek(&src->trace, from_step, o->from) != 0)
        return SDL_SetError("cannot seek to step %lu", (unsigned long)step);

    /* The render copy: everything of the view, our own cursor and states. */
    o->copy = *src;
    o->copy.state = o->state;
    o->copy.from = o->from;
    o->copy.step = step;
    o->copy.from_step = from_step;
    o->copy.anim = anim < 0 ? 0 : anim > 1 ? 1 : anim;
    o->copy.playing = 0;
    o->copy.hold = 0;
    /* its own DP state (never the live one's), showing `step` as the canvas
     * does; dropped when the copy's game or line changed */
    if (o->dp && (o->dp_game != src->game || o->dp_generation != src->generation)) free_dp(o);
    o->copy.dp = o->dp;
    o->copy.dp_release = o->dp_release;
    rc = dsv_dp_still(&o->copy, src);
    o->dp = o->copy.dp;
    o->dp_release = o->copy.dp_release;
    o->dp_game = src->game;
    o->dp_generation = src->generation;
    if (rc != 0) return SDL_OutOfMemory();

    want = ds_scene_for(&o->copy);
    if (want != o->scene) {
        void *st = want->create();
        if (!st) return SDL_OutOfMemory();
        if (o->scene && o->scene_state) o->scene->destroy(o->scene_state);
        o->scene = want;
        o->scene_state = st;
    }
    SDL_SetRenderDrawColor(o->r, o->theme.bg.r, o->theme.bg.g, o->theme.bg.b, 255);
    SDL_RenderClear(o->r);
    memset(&f, 0, sizeof f);
    f.r = o->r;
    f.text = &o->text;
    f.w = (float)o->pix_w;
    f.h = (float)o->pix_h;
    f.scale = o->scale;
    o->t += dt > 0 ? dt : 0;
    f.t = o->t;
    f.dt = dt > 0 ? dt : 0;
    f.frame = o->frames++;
    f.theme = &o->theme;
    f.game = src->game;
    f.view = &o->copy;
    f.out = &o->out;
    o->scene->draw(o->scene_state, &f);
    SDL_RenderFlush(o->r);
    { /* opaque, whatever the scene left in alpha */
        int y, x;
        for (y = 0; y < o->pix_h; y++) {
            unsigned char *p = (unsigned char *)o->surf->pixels + (size_t)y * (size_t)o->surf->pitch;
            for (x = 0; x < o->pix_w; x++) p[x * 4 + 3] = 255;
        }
    }
    return 0;
}

int offscreen_draw_current(ds_offscreen *o, const ds_view *src) {
    if (!src) return SDL_SetError("no view");
    return offscreen_draw(o, src, src->from_step, src->step, src->anim, 0);
}

/* ---- GIF of a step range ---------------------------------------------------- */

void render_gif_defaults(ds_gif_opts *opts) {
    opts->tween_frames = 5;
    opts->tween_cs = 10;
    opts->hold_cs = 50;
    opts->loop = 0;
    opts->caption_h = 0;
}

long render_gif_frame_count(size_t from, size_t to, int tween_frames) {
    if (to < from) return 0;
    return 1 + (long)(to - from) * (long)(tween_frames + 1);
}

/* Palette samples: settled states (and a mid-tween) at up to 8 spread steps. */
#define GIF_SAMPLE_STEPS 8
static int nsamples(const ds_gif_job *job) {
    size_t span = job->to - job->from;
    int k = span + 1 < GIF_SAMPLE_STEPS ? (int)span + 1 : GIF_SAMPLE_STEPS;
    return 2 * k - 1;
}

static void sample_cursor(const ds_gif_job *job, int i, size_t *a, size_t *b, double *anim) {
    int k = (nsamples(job) + 1) / 2, j = i / 2;
    size_t s = k > 1 ? job->from + (job->to - job->from) * (size_t)j / (size_t)(k - 1) : job->from;
    if (i % 2 == 0 || s >= job->to) {
        *a = *b = s;
        *anim = 1;
    } else {
        *a = s;
        *b = s + 1;
        *anim = 0.5;
    }
}

/* Frame k of the schedule (render.h). */
static void frame_cursor(const ds_gif_job *job, long k, size_t *a, size_t *b, double *anim,
                         int *delay) {
    int T = job->opts.tween_frames;
    if (k == 0) {
        *a = *b = job->from;
        *anim = 1;
        *delay = job->opts.hold_cs;
    } else {
        long j = (k - 1) / (T + 1), r = (k - 1) % (T + 1);
        *a = job->from + (size_t)j;
        *b = *a + 1;
        if (r < T) {
            *anim = (double)(r + 1) / (double)(T + 1);
            *delay = job->opts.tween_cs;
        } else {
            *anim = 1;
            *delay = job->opts.hold_cs;
        }
    }
}

static int job_fail(ds_gif_job *job, const char *msg) {
    snprintf(job->error, sizeof job->error, "%s", msg && *msg ? msg : "export failed");
    job->state = -1;
    return -1;
}

int render_gif_begin(ds_gif_job *job, const ds_view *v, size_t from, size_t to, int css_w,
                     int css_h, float scale, int dark, const ds_gif_opts *opts) {
    memset(job, 0, sizeof *job);
    ds_buf_init(&job->out);
    if (opts) job->opts = *opts;
    else render_gif_defaults(&job->opts);
    if (job->opts.tween_frames < 0) job->opts.tween_frames = 0;
    if (job->opts.tween_frames > 30) job->opts.tween_frames = 30;
    if (job->opts.tween_cs < 2) job->opts.tween_cs = 2;
    if (job->opts.hold_cs < 2) job->opts.hold_cs = 2;
    job->cap_step = job->need_step = -1;
    if (!v || !v->loaded || v->busy) return job_fail(job, "no game is loaded");
    if (from > v->trace.n) from = v->trace.n;
    if (to > v->trace.n) to = v->trace.n;
    if (to < from) {
        size_t t = to;
        to = from;
        from = t;
    }
    job->from = from;
    job->to = to;
    job->generation = v->generation;
    job->nframes = render_gif_frame_count(from, to, job->opts.tween_frames);
    if (offscreen_init(&job->os, css_w, css_h, scale, dark) != 0) return job_fail(job, SDL_GetError());
    if (job->opts.caption_h < 0) job->opts.caption_h = 0;
    if (job->opts.caption_h > 0) {
        int ch = job->opts.caption_h, w = job->os.pix_w, h = job->os.pix_h;
        if (ch > h || h + ch > GIF_MAX_SIDE || (long long)w * (h + ch) > RENDER_MAX_PIXELS)
            return job_fail(job, "the caption strip is too tall");
        job->cap = calloc((size_t)w * (size_t)ch, 4);
        job->composed = malloc((size_t)w * (size_t)(h + ch) * 4);
        if (!job->cap || !job->composed) return job_fail(job, "out of memory");
    }
    if (gif_begin(&job->g, &job->out, job->os.pix_w, job->os.pix_h + job->opts.caption_h,
                  job->opts.loop) != 0)
        return job_fail(job, "out of memory");
    return 0;
}

int render_gif_caption_ready(ds_gif_job *job, long step) {
    if (!job->cap || job->state != 0) return -1;
    job->cap_step = step;
    return 0;
}

/* The picture of the frame just drawn: the surface, or the surface with the
 * caption strip under it. Sets *stride. */
static const unsigned char *frame_pixels(ds_gif_job *job, size_t *stride) {
    const ds_offscreen *o = &job->os;
    size_t row = (size_t)o->pix_w * 4;
    int y;
    if (!job->composed) {
        *stride = (size_t)o->surf->pitch;
        return o->surf->pixels;
    }
    for (y = 0; y < o->pix_h; y++)
        memcpy(job->composed + (size_t)y * row,
               (const unsigned char *)o->surf->pixels + (size_t)y * (size_t)o->surf->pitch, row);
    memcpy(job->composed + (size_t)o->pix_h * row, job->cap, row * (size_t)job->opts.caption_h);
    *stride = row;
    return job->composed;
}

int render_gif_work(ds_gif_job *job, const ds_view *v, double budget_ms) {
    double start = seconds_now();
    if (job->state == 1) return 0;
    if (job->state < 0) return -1;
    do {
        size_t a, b, stride;
        double anim;
        const unsigned char *pix;
        if (!v || !v->loaded || v->busy || v->generation != job->generation || v->trace.n < job->to)
            return job_fail(job, "the game changed during the export");
        if (job->sampled < nsamples(job)) {
            sample_cursor(job, job->sampled, &a, &b, &anim);
            if (job->cap && job->cap_step != (long)b) {
                job->need_step = (long)b;
                return 2;
            }
            if (offscreen_draw(&job->os, v, a, b, anim, 0) != 0) return job_fail(job, SDL_GetError());
            pix = frame_pixels(job, &stride);
            if (gif_sample(&job->g, pix, stride) != 0) return job_fail(job, "out of memory");
            if (++job->sampled == nsamples(job)) job->os.t = 0; /* frames start at time 0 */
        } else {
            int delay = 0, prev_delay = 0;
            if (job->frame > 0) {
                size_t pa, pb;
                double pan;
                frame_cursor(job, job->frame - 1, &pa, &pb, &pan, &prev_delay);
            }
            frame_cursor(job, job->frame, &a, &b, &anim, &delay);
            if (job->cap && job->cap_step != (long)b) {
                job->need_step = (long)b;
                return 2;
            }
            if (offscreen_draw(&job->os, v, a, b, anim, prev_delay / 100.0) != 0)
                return job_fail(job, SDL_GetError());
            pix = frame_pixels(job, &stride);
            if (gif_frame(&job->g, pix, stride, delay) != 0) return job_fail(job, "out of memory");
            if (++job->frame == job->nframes) {
                if (gif_end(&job->g) != 0 || job->out.failed) return job_fail(job, "out of memory");
                job->state = 1;
                offscreen_free(&job->os);
                gif_free(&job->g);
                free(job->cap);
                free(job->composed);
                job->cap = job->composed = NULL;
                return 0;
            }
        }
    } while ((seconds_now() - start) * 1000.0 < budget_ms);
    return 1;
}

double render_gif_progress(const ds_gif_job *job) {
    double total = (double)nsamples(job) + (double)job->nframes;
    if (job->state == 1) return 1;
    return total > 0 ? ((double)job->sampled + (double)job->frame) / total : 0;
}

void render_gif_free(ds_gif_job *job) {
    offscreen_free(&job->os);
    gif_free(&job->g);
    free(job->cap);
    free(job->composed);
    job->cap = job->composed = NULL;
    ds_buf_free(&job->out);
    job->state = -1;
}
