/* ds_rng.c - splitmix64: tiny, fast, identical on every platform. */
#include "ds_core.h"

#include <string.h>

void ds_rng_seed(ds_rng *r, uint64_t seed) { r->s = seed ^ 0x6a09e667f3bcc909ULL; }

uint64_t ds_rng_next(ds_rng *r) {
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint32_t ds_rng_below(ds_rng *r, uint32_t n) {
    /* rejection sampling: unbiased */
    uint64_t lim = UINT64_MAX - UINT64_MAX % n, x;
    do x = ds_rng_next(r); while (x >= lim);
    return (uint32_t)(x % n);
}

void ds_rng_shuffle(ds_rng *r, void *base, size_t n, size_t size) {
    unsigned char *a = (unsigned char *)base, tmp[64];
    size_t i;
    if (n < 2 || size > sizeof tmp) return;
    for (i = n - 1; i > 0; i--) {
        size_t j = ds_rng_below(r, (uint32_t)(i + 1));
        if (j != i) {
            memcpy(tmp, a + i * size, size);
            memcpy(a + i * size, a + j * size, size);
            memcpy(a + j * size, tmp, size);
        }
    }
}
