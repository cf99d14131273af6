/* ds_test.h - a tiny assertion kit for the C tests (no framework needed).
 *   CHECK(cond)            record a failure, keep going
 *   CHECK_EQ_INT(a, b)     with both values in the message
 *   DS_TEST_MAIN_END()     prints "N passed, N failed" and returns the status
 *                          (1 when a check failed or when no check ran)
 */
#ifndef DS_TEST_H
#define DS_TEST_H
#include <stdio.h>
#include <stdlib.h>

static int ds_test_passed, ds_test_failed;

#define CHECK(cond)                                                                     \
    do {                                                                                \
        if (cond) ds_test_passed++;                                                     \
        else {                                                                          \
            ds_test_failed++;                                                           \
            if (ds_test_failed <= 20)                                                   \
                fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                               \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                              \
    do {                                                                                \
        long long ds_a_ = (long long)(a), ds_b_ = (long long)(b);                       \
        if (ds_a_ == ds_b_) ds_test_passed++;                                           \
        else {                                                                          \
            ds_test_failed++;                                                           \
            if (ds_test_failed <= 20)                                                   \
                fprintf(stderr, "%s:%d: %s == %s failed: %lld != %lld\n", __FILE__,     \
                        __LINE__, #a, #b, ds_a_, ds_b_);                                \
        }                                                                               \
    } while (0)

/* A test that checked nothing fails too: a skipped loop or an empty input
 * must not pass silently. */
#define DS_TEST_MAIN_END()                                                              \
    do {                                                                                \
        printf("%d passed, %d failed\n", ds_test_passed, ds_test_failed);               \
        if (ds_test_passed + ds_test_failed == 0) {                                     \
            fprintf(stderr, "no checks ran: a test that checks nothing fails\n");       \
            return 1;                                                                   \
        }                                                                               \
        return ds_test_failed ? 1 : 0;                                                  \
    } while (0)

/* The whole file at path, NUL-terminated, or NULL; *len its size. */
static inline char *ds_test_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = n >= 0 ? (char *)malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) { free(buf); buf = NULL; }
    fclose(f);
    if (buf) buf[n] = '\0';
    *len = buf ? (size_t)n : 0;
    return buf;
}

#endif
