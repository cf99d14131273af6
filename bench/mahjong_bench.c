/* mahjong_bench.c - throughput of the mahjong simulator.
 *
 *   mahjong_bench [--games N] [--runs R] [--cache game|shared|none]
 *
 * Generates N decks (seeds 1..N, the same as `deckscope gen mahjong --seed i`)
 * up front, then R times simulates all of them in this process, timing only
 * the simulation (trace included). Prints wall-clock and CPU games/s and
 * distance evaluations/s per run and their medians.
 *   --cache game    a fresh distance cache per game (what mahjong_simulate does)
 *   --cache shared  one cache for the whole run (warm after the first games)
 *   --cache none    no cache: every evaluation runs the DP
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mahjong/mahjong.h"

static double wall_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv) {
    int games = 10000, runs = 5, mode = 0, i, r;
    mahjong_input *decks;
    double *gps, *cgps, *dps;
    unsigned long long events = 0, dcalls = 0, hits = 0, misses = 0;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--games") && i + 1 < argc) games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--cache") && i + 1 < argc) {
            const char *m = argv[++i];
            mode = !strcmp(m, "game") ? 0 : !strcmp(m, "shared") ? 1 : !strcmp(m, "none") ? 2 : -1;
            if (mode < 0) { fprintf(stderr, "--cache game|shared|none\n"); return 2; }
        } else {
            fprintf(stderr,
                    "usage: mahjong_bench [--games N] [--runs R] [--cache game|shared|none]\n");
            return 2;
        }
    }
    if (games < 1 || runs < 1) {
        fprintf(stderr, "--games and --runs must be positive\n");
        return 2;
    }
    decks = (mahjong_input *)calloc((size_t)games, sizeof *decks);
    gps = (double *)calloc((size_t)runs, sizeof *gps);
    cgps = (double *)calloc((size_t)runs, sizeof *cgps);
    dps = (double *)calloc((size_t)runs, sizeof *dps);
    if (!decks || !gps || !cgps || !dps) { fprintf(stderr, "out of memory\n"); return 1; }
    for (i = 0; i < games; i++) mahjong_random_wall((uint64_t)(i + 1), decks[i].wall);
    printf("mahjong_bench: %d games (seeds 1..%d), cache %s, %d runs\n", games, games,
           mode == 0 ? "per game" : mode == 1 ? "shared" : "none", runs);
    for (r = 0; r < runs; r++) {
        mahjong_dist_cache *shared = mode == 1 ? mahjong_dist_cache_new() : NULL;
        mahjong_stats st = {0};
        double w0 = wall_now(), c0 = cpu_now(), w, c;
        events = 0;
        hits = misses = 0;
        for (i = 0; i < games; i++) {
            mahjong_dist_cache *cache = mode == 0 ? mahjong_dist_cache_new() : shared;
            ds_trace tr;
            ds_error err;
            if (mode != 2 && !cache) { fprintf(stderr, "out of memory\n"); return 1; }
            if (mahjong_simulate_with(&decks[i], &tr, cache, &st, &err)) {
                fprintf(stderr, "seed %d: %s\n", i + 1, err.msg);
                return 1;
            }
            events += tr.n;
            ds_trace_free(&tr);
            if (mode == 0) {
                uint64_t h, m;
                mahjong_dist_cache_stats(cache, &h, &m);
                hits += h;
                misses += m;
                mahjong_dist_cache_free(cache);
            }
        }
        w = wall_now() - w0;
        c = cpu_now() - c0;
        if (mode == 1) {
            uint64_t h, m;
            mahjong_dist_cache_stats(shared, &h, &m);
            hits = h;
            misses = m;
        }
        mahjong_dist_cache_free(shared);
        dcalls = st.distance_calls;
        gps[r] = games / w;
        cgps[r] = games / c;
        dps[r] = (double)st.distance_calls / w;
        printf("run %d: %.3f s wall, %.3f s cpu: %.0f games/s (cpu %.0f), "
               "%.2f M distance evaluations/s\n",
               r + 1, w, c, gps[r], cgps[r], dps[r] / 1e6);
    }
    printf("median: %.0f games/s wall-clock, %.0f games/s cpu, %.2f M distance evaluations/s; "
           "%.1f evaluations and %.1f events per game\n",
           median(gps, runs), median(cgps, runs), median(dps, runs) / 1e6,
           (double)dcalls / games, (double)events / games);
    if (mode != 2)
        printf("cache: %.1f block lookups per game, %.1f %% hits\n",
               (double)(hits + misses) / games,
               hits + misses ? 100.0 * (double)hits / (double)(hits + misses) : 0.0);
    free(decks);
    free(gps);
    free(cgps);
    free(dps);
    return 0;
}
