/* render_main.c - `deckscope-view --render ...`: a GIF of a step range or a
 * PNG of one step, with no window and no display (SDL's software renderer
 * on a surface). `deckscope render ...` (cli/cmd_render.c) runs this.
 *
 *   deckscope-view --render <game> [--from I] [--to J] -o out.gif [FILE]
 *   deckscope-view --render <game> [--step I] -o out.png [FILE]
 *       [--size WxH] [--scale S] [--light] [--tween T] [--input FILE]
 *       [--query Q] [--seed S]
 *
 * Options are parsed by cli/ds_args.h, the parser of the deckscope CLI, so
 * errors read like the CLI's: "deckscope render: ... (see deckscope render
 * --help)". The input comes from FILE (or --input FILE), else stdin; "-" is
 * stdin. Defaults: the whole game (GIF) or
 * step 0 (PNG), 640x360 CSS pixels at scale 1, dark theme, 5 tween frames
 * per step (render.h gives the frame schedule). "-o -" writes to stdout.
 * The input is read with the CLI's caps (cli/ds_input.h). A GIF has at most
 * --max-frames frames (default RENDER_DEFAULT_MAX_FRAMES): a longer range
 * stops where the frames run out, and a line on stderr says so and how to ask
 * for more. Exit status: 0, 1 (the output could not be written: a full disk),
 * 2 (bad arguments or input, an output that cannot be created, an image too
 * large: one line on stderr, nothing written). */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ds_args.h"
#include "ds_input.h"
#include "export/render.h"
#include "scenes/strings.h"

#ifdef __EMSCRIPTEN__
int render_main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    return 2; /* the page exports through view_export.c */
}
#else

#include "stb_image_write.h"

static const char usage_text[] =
    "usage: deckscope render <game> [--from I] [--to J] -o out.gif [FILE]\n"
    "       deckscope render <game> [--step I] -o out.png [FILE]\n"
    "  -o, --output F  the file to write, .gif or .png ('-': a GIF on stdout)\n"
    "  --from I, --to J  the steps of the GIF (default: the whole game)\n"
    "  --step I        the step of the PNG (default 0)\n"
    "  --size WxH      CSS pixels, 64..4096 (default 640x360)\n"
    "  --scale S       pixels per CSS pixel, 0.25..4 (default 1)\n"
    "  --light, --dark the theme (default dark)\n"
    "  --tween T       tween frames per step, 0..30 (default 5, 0 = none)\n"
    "  --max-frames N  at most N frames in a GIF (default 3000; a longer range\n"
    "                  stops where they run out, and says so)\n"
    "  --query Q --seed S  goudan: the query played out, and its chance seed\n"
    "  --lang en|zh    the language of the words on the canvas (default en)\n"
    "  --input FILE    the same as FILE; FILE absent or '-': standard input\n"
    "  -h, --help      this text\n"
    "A GIF shows each step for 1 s: T tween frames of 0.1 s, then the new state for 0.5 s.\n";

#define CMD "deckscope render"
/* The frames of a GIF by default: 3000 frames are 500 steps at 5 tween frames
 * (8 minutes of GIF); the largest cirno game has 300,000 steps. */
#define RENDER_DEFAULT_MAX_FRAMES 3000

typedef struct render_args {
    int game;
    const char *out, *input, *lang;
    int from, to, step;    /* -1 = default */
    int size[2], dark, tween, query, max_frames;
    double scale;
    uint64_t seed;
} render_args;

/* DS_ARGS_RUN, or the exit status (0 after --help, 2 after a message). */
static int parse(int argc, char **argv, render_args *a) {
    int rc;
    const char *game;
    char words[64];
    ds_opt opts[] = {
        DS_ARG_INT("from", &a->from, 0, 1000000000, NULL),
        DS_ARG_INT("to", &a->to, 0, 1000000000, NULL),
        DS_ARG_INT("step", &a->step, 0, 1000000000, NULL),
        DS_ARG_STR("output", 'o', &a->out),
        DS_ARG_STR("input", 0, &a->input),
        DS_ARG_SIZE("size", a->size, 64, 4096),
        DS_ARG_NUM("scale", &a->scale, 0.25, 4, NULL),
        DS_ARG_FLAG_OFF("light", &a->dark),
        DS_ARG_FLAG("dark", &a->dark),
        DS_ARG_INT("tween", &a->tween, 0, 30, NULL),
        DS_ARG_INT("max-frames", &a->max_frames, 1, 100000000, NULL),
        DS_ARG_INT("query", &a->query, 1, 1000000000, NULL),
        DS_ARG_U64("seed", &a->seed),
        DS_ARG_STR("lang", 0, &a->lang),
        DS_ARG_END};
    ds_args args = {.cmd = CMD, .usage = usage_text, .opts = opts, .max_operands = 2}; /* <game> [FILE] */
    memset(a, 0, sizeof *a);
    a->game = -1;
    a->from = a->to = a->step = -1;
    a->size[0] = 640;
    a->size[1] = 360;
    a->dark = 1;
    a->tween = 5;
    a->scale = 1;
    a->max_frames = RENDER_DEFAULT_MAX_FRAMES;
    if ((rc = ds_args_parse(&args, argc, argv)) != DS_ARGS_RUN) return rc;
    if (args.noperands < 1) return ds_args_fail(CMD, "which game? %s", ds_game_words(words, sizeof words));
    game = args.operands[0];
    a->game = dsv_game_from_id(game);
    if (a->game < 0)
        return ds_args_fail(CMD, "unknown game '%.60s' (%s)", game, ds_game_words(words, sizeof words));
    if (args.noperands > 1) {
        if (a->input) return ds_args_fail(CMD, "the input is FILE or --input FILE, not both");
        a->input = args.operands[1];
    }
    if (!a->out) return ds_args_fail(CMD, "where to? -o out.gif or -o out.png");
    if (a->game != DSV_GOUDAN && (ds_args_seen(&args, "query") || ds_args_seen(&args, "seed")))
        return ds_args_fail(CMD, "--query and --seed are for goudan (its queries); %s has none",
                            dsv_game_id(a->game));
    {
        /* the pixels offscreen_init will ask for, checked here: too large
         * is a usage error, not a failure to write */
        long pw = lround(a->size[0] * a->scale), ph = lround(a->size[1] * a->scale);
        if (pw < 16 || ph < 16 || pw > GIF_MAX_SIDE || ph > GIF_MAX_SIDE || pw * ph > RENDER_MAX_PIXELS)
            return ds_args_fail(CMD,
                                "--size %dx%d at --scale %g is %ldx%ld pixels; the image must be "
                                "16 to %d pixels a side and at most %d pixels in all",
                                a->size[0], a->size[1], a->scale, pw, ph, GIF_MAX_SIDE, RENDER_MAX_PIXELS);
    }
    if (a->lang && ui_lang_from_name(a->lang) < 0)
        return ds_args_fail(CMD, "--lang must be en or zh, found '%.60s'", a->lang);
    return DS_ARGS_RUN;
}

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    size_t i;
    if (n < k) return 0;
    for (i = 0; i < k; i++) {
        char c = s[n - k + i];
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if (c != suffix[i]) return 0;
    }
    return 1;
}

static void png_write_fn(void *ctx, void *data, int size) {
    if (fwrite(data, 1, (size_t)size, ctx) != (size_t)size) {
        /* checked by ferror below */
    }
}

static int write_out(FILE *fp, const char *path, const void *data, size_t n) {
    int ok;
    ok = fwrite(data, 1, n, fp) == n;
    if (fp != stdout) ok = (fclose(fp) == 0) && ok;
    else ok = (fflush(fp) == 0) && ok;
    if (!ok) fprintf(stderr, "deckscope render: cannot write %s: %s\n", path, strerror(errno));
    return ok ? 0 : 1;
}

/* A failed render leaves no output file behind (it was created early, so
 * that an output that cannot be created is found before the work). */
static void drop_out(FILE *fp, const char *path) {
    if (fp && fp != stdout) {
        fclose(fp);
        remove(path);
    }
}

int render_main(int argc, char **argv) {
    render_args a;
    ds_view v;
    ds_buf in;
    ds_error ierr;
    FILE *out = NULL;
    int rc = parse(argc, argv, &a), gif;
    size_t n;
    if (rc != DS_ARGS_RUN) return rc;
    gif = ends_with(a.out, ".gif");
    if (!gif && !ends_with(a.out, ".png") && strcmp(a.out, "-"))
        return ds_args_fail(CMD, "the output must end in .gif or .png, found '%.60s'", a.out);
    if (!strcmp(a.out, "-")) gif = 1;
    if (gif && a.step >= 0) return ds_args_fail(CMD, "--step is for a PNG; a GIF takes --from and --to");
    if (!gif && (a.from >= 0 || a.to >= 0) && a.step < 0) a.step = a.from >= 0 ? a.from : a.to;

    ds_buf_init(&in);
    {
        int from_stdin = !a.input || !strcmp(a.input, "-"), e;
        FILE *fp = from_stdin ? stdin : fopen(a.input, "rb");
        if (!fp) {
            fprintf(stderr, CMD ": cannot open '%.200s': %s\n", a.input, strerror(errno));
            return 2;
        }
        errno = 0;
        rc = ds_input_read(fp, dsv_game_id(a.game), &in, &ierr);
        e = errno;
        if (!from_stdin) fclose(fp);
        if (rc != DS_INPUT_OK) {
            char msg[540];
            if (rc == DS_INPUT_BAD) ds_error_format(&ierr, msg, sizeof msg);
            else if (rc == DS_INPUT_NO_MEMORY) snprintf(msg, sizeof msg, "out of memory reading the input");
            else if (from_stdin) snprintf(msg, sizeof msg, "cannot read standard input: %s", strerror(e));
            else snprintf(msg, sizeof msg, "cannot read '%.200s': %s", a.input, strerror(e));
            fprintf(stderr, "%s%s%s: %s\n", CMD, rc == DS_INPUT_BAD ? " " : "",
                    rc == DS_INPUT_BAD ? dsv_game_id(a.game) : "", msg);
            ds_buf_free(&in);
            return 2;
        }
    }
    dsv_init(&v);
    if (a.lang) v.lang = ui_lang_from_name(a.lang);
    if (dsv_load(&v, a.game, in.data ? in.data : "", in.len) != 0) {
        char msg[540];
        ds_error_format(&v.error, msg, sizeof msg);
        fprintf(stderr, "deckscope render %s: %s\n", dsv_game_id(a.game), msg);
        ds_buf_free(&in);
        dsv_free(&v);
        return 2;
    }
    ds_buf_free(&in);
    while (v.busy) dsv_work(&v, 1000);
    if (a.game == DSV_GOUDAN && (a.query || a.seed) &&
        dsv_goudan_select(&v, (size_t)(a.query ? a.query - 1 : 0), a.seed ? a.seed : 1) != 0) {
        fprintf(stderr, "deckscope render goudan: no query %d in the input\n", a.query);
        dsv_free(&v);
        return 2;
    }
    if (!v.loaded) {
        fputs("deckscope render: nothing to draw\n", stderr);
        dsv_free(&v);
        return 2;
    }
    n = v.trace.n;
    if (a.from > (long)n || a.to > (long)n || a.step > (long)n) {
        fprintf(stderr, "deckscope render %s: step %d is past the last step %lu\n", dsv_game_id(a.game),
                a.from > (long)n ? a.from : a.to > (long)n ? a.to : a.step, (unsigned long)n);
        dsv_free(&v);
        return 2;
    }
    if (a.from >= 0 && a.to >= 0 && a.to < a.from) {
        fputs("deckscope render: --to is before --from\n", stderr);
        dsv_free(&v);
        return 2;
    }

    /* the output is created before the work: one that cannot be is a usage
     * error (exit 2), found before the work, and a
     * failed render leaves no file behind (drop_out) */
    out = strcmp(a.out, "-") ? fopen(a.out, "wb") : stdout;
    if (!out) {
        fprintf(stderr, CMD ": cannot open '%.200s': %s\n", a.out, strerror(errno));
        dsv_free(&v);
        return 2;
    }

    if (gif) {
        ds_gif_job job;
        ds_gif_opts o;
        size_t from = a.from >= 0 ? (size_t)a.from : 0, to = a.to >= 0 ? (size_t)a.to : n;
        render_gif_defaults(&o);
        o.tween_frames = a.tween;
        if (to > n) to = n;
        if (from < to && render_gif_frame_count(from, to, a.tween) > a.max_frames) {
            size_t last = from + (size_t)(a.max_frames - 1) / (size_t)(a.tween + 1);
            fprintf(stderr,
                    "deckscope render: the GIF stops at step %lu of %lu..%lu: at most %d frames "
                    "(--max-frames N for more, or --from I --to J for another part)\n",
                    (unsigned long)last, (unsigned long)from, (unsigned long)to, a.max_frames);
            to = last;
        }
        if (render_gif_begin(&job, &v, from, to, a.size[0], a.size[1], (float)a.scale, a.dark, &o) != 0 ||
            (rc = render_gif_work(&job, &v, 1e12)) != 0) {
            fprintf(stderr, "deckscope render: %s\n", job.error);
            render_gif_free(&job);
            dsv_free(&v);
            drop_out(out, a.out);
            SDL_Quit();
            return 1;
        }
        rc = write_out(out, a.out, job.out.data, job.out.len);
        if (rc == 0)
            fprintf(stderr, "deckscope render: %s steps %lu..%lu, %ld frames, %dx%d, %lu bytes\n",
                    a.out, (unsigned long)job.from, (unsigned long)job.to, job.nframes, job.g.w,
                    job.g.h, (unsigned long)job.out.len);
        render_gif_free(&job);
    } else {
        ds_offscreen os;
        size_t step = a.step >= 0 ? (size_t)a.step : 0;
        if (offscreen_init(&os, a.size[0], a.size[1], (float)a.scale, a.dark) != 0 ||
            offscreen_draw(&os, &v, step, step, 1.0, 0) != 0) {
            fprintf(stderr, "deckscope render: %s\n", SDL_GetError());
            offscreen_free(&os);
            dsv_free(&v);
            drop_out(out, a.out);
            SDL_Quit();
            return 1;
        }
        {
            FILE *fp = out;
            {
                int ok = stbi_write_png_to_func(png_write_fn, fp, os.pix_w, os.pix_h, 4,
                                                os.surf->pixels, os.surf->pitch) != 0;
                ok = !ferror(fp) && ok;
                if (fp != stdout) ok = fclose(fp) == 0 && ok;
                rc = ok ? 0 : 1;
                if (!ok) fprintf(stderr, "deckscope render: cannot write %s: %s\n", a.out, strerror(errno));
                else
                    fprintf(stderr, "deckscope render: %s step %lu, %dx%d\n", a.out,
                            (unsigned long)step, os.pix_w, os.pix_h);
            }
        }
        offscreen_free(&os);
    }
    dsv_free(&v);
    SDL_Quit();
    return rc;
}
#endif
