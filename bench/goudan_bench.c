/* goudan_bench.c - times the full goudan table solve (bench/goudan.sh runs it).
 *   goudan_bench O RUNS [BUDGET]
 *     prints each run's seconds, the median, the solver's own memory figure and
 *     the process peak RSS; with BUDGET the solver is stepped in slices of
 *     BUDGET state-units (as the browser does) and the longest slice is shown. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "goudan/goudan.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    int O = argc > 1 ? atoi(argv[1]) : 5, runs = argc > 2 ? atoi(argv[2]) : 5, i;
    long budget = argc > 3 ? atol(argv[3]) : 0;
    double t[101], c[101], checksum = 0, longest = 0;
    long slices = 0;
    size_t solver_bytes = 0;
    struct rusage ru;
    if (runs < 1 || runs > 101) runs = 5;
    for (i = 0; i < runs; i++) {
        goudan_solver *s;
        goudan_table *tab;
        goudan_solver_info info;
        ds_error err;
        double t0 = now(), c0 = cpu();
        if (goudan_solver_init(&s, O, GOUDAN_HP_MAX, &err)) { fprintf(stderr, "%s\n", err.msg); return 1; }
        if (budget > 0) {
            double p;
            slices = 0;
            do {
                double s0 = now(), d;
                p = goudan_solver_step(s, (uint32_t)budget);
                d = now() - s0;
                if (d > longest) longest = d;
                slices++;
            } while (p < 1.0);
        } else {
            while (goudan_solver_step(s, 1u << 30) < 1.0) {}
        }
        goudan_solver_info_get(s, &info);
        solver_bytes = info.bytes;
        if (goudan_solver_finish(s, &tab, &err)) { fprintf(stderr, "%s\n", err.msg); return 1; }
        t[i] = now() - t0;
        c[i] = cpu() - c0;
        checksum += goudan_table_value(tab, 20, 20, 0, 0, 0, 0, 2, 2);
        goudan_table_free(tab);
        printf("O=%d run %d: %.3f s wall, %.3f s cpu\n", O, i + 1, t[i], c[i]);
    }
    qsort(t, (size_t)runs, sizeof t[0], cmp);
    qsort(c, (size_t)runs, sizeof c[0], cmp);
    getrusage(RUSAGE_SELF, &ru);
    printf("O=%d median %.3f s wall (%.3f s cpu) over %d runs; solver memory %.1f MB; peak RSS %.1f MB; V(20,20,-,-,2,2)=%.9f\n",
           O, t[runs / 2], c[runs / 2], runs, (double)solver_bytes / 1e6, (double)ru.ru_maxrss / 1024.0,
           checksum / runs);
    if (budget > 0) printf("O=%d stepped with budget %ld: %ld slices, longest slice %.2f ms\n", O, budget, slices, longest * 1e3);
    return 0;
}
