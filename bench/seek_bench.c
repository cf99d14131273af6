/* seek_bench.c - how long ds_trace_seek takes on the largest cirno game.
 *
 *   cc -O2 -Iengine/core -Iengine bench/seek_bench.c engine/core/*.c engine/cirno/*.c -o seek_bench
 *   ./seek_bench [SEEKS]            (bench/cirno.sh builds and runs it)
 *
 * Generates `gen cirno --seed 1 --max`, simulates it, then seeks to SEEKS
 * random steps (default 100000), timing each seek, and prints the median, the
 * 99th percentile and the maximum in microseconds. Issue target: well under
 * 1 ms per seek. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cirno/cirno.h"
#include "ds_core.h"

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    size_t seeks = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 100000, i;
    ds_buf text;
    ds_error err;
    cirno_input *in = NULL;
    ds_trace tr;
    cirno_state st;
    ds_rng rng;
    double *t;
    ds_buf_init(&text);
    if (cirno_generate(1, 1, &text) || cirno_parse(text.data, text.len, &in, &err) ||
        cirno_simulate(in, &tr, &err)) {
        fprintf(stderr, "seek_bench: setup failed: %s\n", err.msg);
        return 1;
    }
    t = malloc(seeks * sizeof *t);
    if (!t || !seeks) return 1;
    ds_rng_seed(&rng, 42);
    for (i = 0; i < seeks; i++) {
        size_t step = ds_rng_below(&rng, (uint32_t)tr.n + 1);
        double a = now_us();
        ds_trace_seek(&tr, step, &st);
        t[i] = now_us() - a;
    }
    qsort(t, seeks, sizeof *t, cmp_double);
    printf("seek: %zu random seeks over %zu events (keyframe every %zu): median %.2f us, "
           "p99 %.2f us, max %.2f us  target < 1000 us\n",
           seeks, tr.n, tr.key_interval, t[seeks / 2], t[seeks * 99 / 100], t[seeks - 1]);
    free(t);
    ds_trace_free(&tr);
    cirno_input_free(in);
    ds_buf_free(&text);
    return 0;
}
