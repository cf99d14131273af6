/* render_main.c - `deckscope-view --render ...`: a GIF of a step range or a
 * PNG of one step, with no window and no display (SDL's software renderer
 * on a surface). `deckscope render ...` (cli/cmd_render.c) runs this.
 *
 *   deckscope-view --render <game> [--from I] [--to J] -o out.gif
 *   deckscope-view --render <game> [--step I] -o out.png
 *       [--size WxH] [--scale S] [--light] [--tween T] [--input FILE]
 *       [--query Q] [--seed S]
 *
 * The input comes from --input or stdin. Defaults: the whole game (GIF) or
 * step 0 (PNG), 640x360 CSS pixels at scale 1, dark theme, 5 tween frames
 * per step (render.h gives the frame schedule). "-o -" writes to stdout.
 * Exit status: 0, 1 (cannot write the file), 2 (bad arguments or input:
 * one line on stderr, nothing written). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

#ifdef __EMSCRIPTEN__
int render_main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    return 2; /* the page exports through view_export.c */
}
#else

#include "stb_image_write.h"

static const char usage_text[] =
    "usage: deckscope render <game> [--from I] [--to J] -o out.gif < input\n"
    "       deckscope render <game> [--step I] -o out.png < input\n"
    "         [--size WxH] (CSS pixels, default 640x360)  [--scale S] (pixels per CSS pixel, default 1)\n"
    "         [--light] [--tween T] (tween frames per step, default 5, 0 = none)\n"
    "         [--input FILE] [--query Q --seed S] (goudan: the query played out)\n"
    "A GIF shows each step for 1 s: T tween frames of 0.1 s, then the new state for 0.5 s.\n";

typedef struct render_args {
    int game;
    const char *out, *input;
    long from, to, step;   /* -1 = default */
    int css_w, css_h, dark, tween, query;
    double scale;
    unsigned long long seed;
} render_args;

static int arg_error(const char *msg, const char *what) {
    fprintf(stderr, "deckscope render: %s%s%s (deckscope render --help)\n", msg, what ? " " : "",
            what ? what : "");
    return 2;
}

static int parse_long(const char *s, long lo, long hi, long *out) {
    char *end;
    long v;
    if (!s || !*s) return -1;
    v = strtol(s, &end, 10);
    if (*end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

static int parse(int argc, char **argv, render_args *a) {
    int i;
    memset(a, 0, sizeof *a);
    a->game = -1;
    a->from = a->to = a->step = -1;
    a->css_w = 640;
    a->css_h = 360;
    a->dark = 1;
    a->tween = 5;
    a->scale = 1;
    for (i = 1; i < argc; i++) {
        const char *s = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        long v;
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            fputs(usage_text, stdout);
            exit(0);
        } else if (s[0] != '-' && a->game < 0) {
            a->game = dsv_game_from_id(s);
            if (a->game < 0) return arg_error("unknown game", s);
            continue;
        } else if (!strcmp(s, "--light")) {
            a->dark = 0;
            continue;
        } else if (!strcmp(s, "--dark")) {
            a->dark = 1;
            continue;
        }
        if (!val) return arg_error("missing value after", s);
        i++;
        if (!strcmp(s, "--from") || !strcmp(s, "--to") || !strcmp(s, "--step")) {
            if (parse_long(val, 0, 1000000000L, &v) != 0) return arg_error("bad step", val);
            if (s[2] == 'f') a->from = v;
            else if (s[2] == 't') a->to = v;
            else a->step = v;
        } else if (!strcmp(s, "-o") || !strcmp(s, "--output")) {
            a->out = val;
        } else if (!strcmp(s, "--input")) {
            a->input = val;
        } else if (!strcmp(s, "--size")) {
            char x;
            if (sscanf(val, "%d%c%d", &a->css_w, &x, &a->css_h) != 3 || (x != 'x' && x != 'X') ||
                a->css_w < 64 || a->css_h < 64 || a->css_w > 4096 || a->css_h > 4096)
                return arg_error("bad --size (WxH, 64..4096)", val);
        } else if (!strcmp(s, "--scale")) {
            char *end;
            a->scale = strtod(val, &end);
            if (*end || !(a->scale >= 0.25 && a->scale <= 4)) return arg_error("bad --scale (0.25..4)", val);
        } else if (!strcmp(s, "--tween")) {
            if (parse_long(val, 0, 30, &v) != 0) return arg_error("bad --tween (0..30)", val);
            a->tween = (int)v;
        } else if (!strcmp(s, "--query")) {
            if (parse_long(val, 1, 1000000000L, &v) != 0) return arg_error("bad --query", val);
            a->query = (int)v;
        } else if (!strcmp(s, "--seed")) {
            char *end;
            a->seed = strtoull(val, &end, 10);
            if (*end) return arg_error("bad --seed", val);
        } else {
            return arg_error("unknown option", s);
        }
    }
    if (a->game < 0) return arg_error("which game? cirno, thegame, mahjong or goudan", NULL);
    if (!a->out) return arg_error("where to? -o out.gif or -o out.png", NULL);
    return 0;
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

static int read_all(FILE *fp, ds_buf *b) {
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, fp)) > 0)
        if (ds_buf_put(b, chunk, got) != 0) return -1;
    if (ferror(fp)) return -1;
    return ds_buf_putc(b, 0) == 0 ? 0 : -1; /* NUL-terminated; len counts it */
}

static void png_write_fn(void *ctx, void *data, int size) {
    if (fwrite(data, 1, (size_t)size, ctx) != (size_t)size) {
        /* checked by ferror below */
    }
}

static int write_out(const char *path, const void *data, size_t n) {
    FILE *fp = strcmp(path, "-") ? fopen(path, "wb") : stdout;
    int ok;
    if (!fp) {
        perror(path);
        return 1;
    }
    ok = fwrite(data, 1, n, fp) == n;
    if (fp != stdout) ok = (fclose(fp) == 0) && ok;
    else ok = (fflush(fp) == 0) && ok;
    if (!ok) fprintf(stderr, "deckscope render: cannot write %s\n", path);
    return ok ? 0 : 1;
}

int render_main(int argc, char **argv) {
    render_args a;
    ds_view v;
    ds_buf in;
    int rc = parse(argc, argv, &a), gif;
    size_t n;
    if (rc) return rc;
    gif = ends_with(a.out, ".gif");
    if (!gif && !ends_with(a.out, ".png") && strcmp(a.out, "-"))
        return arg_error("the output must end in .gif or .png:", a.out);
    if (!strcmp(a.out, "-")) gif = 1;
    if (gif && a.step >= 0) return arg_error("--step is for a PNG; a GIF takes --from and --to", NULL);
    if (!gif && (a.from >= 0 || a.to >= 0) && a.step < 0) a.step = a.from >= 0 ? a.from : a.to;

    ds_buf_init(&in);
    {
        FILE *fp = a.input ? fopen(a.input, "rb") : stdin;
        if (!fp) {
            perror(a.input);
            return 2;
        }
        rc = read_all(fp, &in);
        if (fp != stdin) fclose(fp);
        if (rc != 0) {
            fputs("deckscope render: cannot read the input\n", stderr);
            ds_buf_free(&in);
            return 2;
        }
    }
    dsv_init(&v);
    if (dsv_load(&v, a.game, in.data, in.len - 1) != 0) {
        char msg[260];
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
        fprintf(stderr, "deckscope render %s: step %ld is past the last step %lu\n", dsv_game_id(a.game),
                a.from > (long)n ? a.from : a.to > (long)n ? a.to : a.step, (unsigned long)n);
        dsv_free(&v);
        return 2;
    }
    if (a.from >= 0 && a.to >= 0 && a.to < a.from) {
        fputs("deckscope render: --to is before --from\n", stderr);
        dsv_free(&v);
        return 2;
    }

    if (gif) {
        ds_gif_job job;
        ds_gif_opts o;
        size_t from = a.from >= 0 ? (size_t)a.from : 0, to = a.to >= 0 ? (size_t)a.to : n;
        render_gif_defaults(&o);
        o.tween_frames = a.tween;
        if (render_gif_begin(&job, &v, from, to, a.css_w, a.css_h, (float)a.scale, a.dark, &o) != 0 ||
            (rc = render_gif_work(&job, &v, 1e12)) != 0) {
            fprintf(stderr, "deckscope render: %s\n", job.error);
            render_gif_free(&job);
            dsv_free(&v);
            SDL_Quit();
            return 1;
        }
        rc = write_out(a.out, job.out.data, job.out.len);
        if (rc == 0)
            fprintf(stderr, "deckscope render: %s steps %lu..%lu, %ld frames, %dx%d, %lu bytes\n",
                    a.out, (unsigned long)job.from, (unsigned long)job.to, job.nframes, job.g.w,
                    job.g.h, (unsigned long)job.out.len);
        render_gif_free(&job);
    } else {
        ds_offscreen os;
        size_t step = a.step >= 0 ? (size_t)a.step : 0;
        if (offscreen_init(&os, a.css_w, a.css_h, (float)a.scale, a.dark) != 0 ||
            offscreen_draw(&os, &v, step, step, 1.0, 0) != 0) {
            fprintf(stderr, "deckscope render: %s\n", SDL_GetError());
            offscreen_free(&os);
            dsv_free(&v);
            SDL_Quit();
            return 1;
        }
        {
            FILE *fp = strcmp(a.out, "-") ? fopen(a.out, "wb") : stdout;
            if (!fp) {
                perror(a.out);
                rc = 1;
            } else {
                int ok = stbi_write_png_to_func(png_write_fn, fp, os.pix_w, os.pix_h, 4,
                                                os.surf->pixels, os.surf->pitch) != 0;
                ok = !ferror(fp) && ok;
                if (fp != stdout) ok = fclose(fp) == 0 && ok;
                rc = ok ? 0 : 1;
                if (!ok) fprintf(stderr, "deckscope render: cannot write %s\n", a.out);
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
