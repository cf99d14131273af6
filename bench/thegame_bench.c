/* thegame_bench.c - throughput of the thegame engine (bench/thegame_bench.sh
 * builds and runs it). For seeds 1..N: generate, parse, simulate, format the
 * judge output, and (separately timed) write the JSON Lines trace. Prints one
 * line of per-game microseconds for each phase. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ds_core.h"
#include "thegame/thegame.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 20000, seed;
    double t_parse = 0, t_sim = 0, t_fmt = 0, t_json = 0, t0;
    long events = 0, check = 0;
    size_t json_bytes = 0, trace_bytes = 0;
    ds_buf text, out;
    ds_buf_init(&text);
    ds_buf_init(&out);
    for (seed = 1; seed <= n; seed++) {
        thegame_input *in;
        ds_trace tr;
        ds_error err;
        ds_buf_clear(&text);
        if (thegame_generate((uint64_t)seed, 0, &text)) return 1;
        t0 = now();
        if (thegame_parse(text.data, text.len, &in, &err)) return 1;
        t_parse += now() - t0;
        t0 = now();
        if (thegame_simulate(in, &tr, &err)) return 1;
        t_sim += now() - t0;
        ds_buf_clear(&out);
        t0 = now();
        if (thegame_format(in, &tr, &out, NULL)) return 1;
        t_fmt += now() - t0;
        check += (long)out.len;
        ds_buf_clear(&out);
        t0 = now();
        if (thegame_trace_jsonl(in, &tr, DS_LANG_EN, &out)) return 1;
        t_json += now() - t0;
        json_bytes += out.len;
        events += (long)tr.n;
        trace_bytes += ds_trace_bytes(&tr);
        ds_trace_free(&tr);
        thegame_input_free(in);
    }
    printf("games %d events/game %.1f trace_bytes/game %zu json_bytes/game %zu | us/game: "
           "parse %.2f simulate %.2f format %.2f trace_jsonl %.2f (checksum %ld)\n",
           n, (double)events / n, trace_bytes / (size_t)n, json_bytes / (size_t)n,
           t_parse / n * 1e6, t_sim / n * 1e6, t_fmt / n * 1e6, t_json / n * 1e6, check);
    ds_buf_free(&text);
    ds_buf_free(&out);
    return 0;
}
