/* cli.c - shared helpers of the deckscope CLI (see cli.h). */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_read_stdin(ds_buf *b) {
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0)
        if (ds_buf_put(b, chunk, n)) { fprintf(stderr, "deckscope: out of memory reading input\n"); return -1; }
    if (ferror(stdin)) { fprintf(stderr, "deckscope: cannot read standard input\n"); return -1; }
    if (ds_buf_reserve(b, 0)) return -1;
    if (b->data) b->data[b->len] = '\0';
    return 0;
}

int cli_write(const ds_buf *b) {
    if (b->len && fwrite(b->data, 1, b->len, stdout) != b->len) return 1;
    return fflush(stdout) ? 1 : 0;
}

int cli_input_error(const char *cmd, const ds_error *err) {
    char msg[300];
    ds_error_format(err, msg, sizeof msg);
    fprintf(stderr, "deckscope %s: %s\n", cmd, msg);
    return 2;
}

int cli_usage_error(const char *cmd, const char *msg) {
    fprintf(stderr, "deckscope %s: %s (see deckscope --help)\n", cmd, msg);
    return 2;
}

static const char *match(const char *arg, const char *name) {
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0) return NULL;
    if (arg[n] == '\0') return arg + n;
    if (arg[n] == '=') return arg + n + 1;
    return NULL;
}

int cli_flag(int argc, char **argv, const char *name) {
    int i;
    for (i = 1; i < argc; i++)
        if (strcmp(argv[i], name) == 0) return 1;
    return 0;
}

const char *cli_opt(int argc, char **argv, const char *name) {
    int i;
    for (i = 1; i < argc; i++) {
        const char *v = match(argv[i], name);
        if (!v) continue;
        if (*v) return v;
        if (argv[i][strlen(name)] == '=') return v;
        return i + 1 < argc ? argv[i + 1] : NULL;
    }
    return NULL;
}

int cli_opt_u64(int argc, char **argv, const char *name, uint64_t def, uint64_t *out) {
    const char *v = cli_opt(argc, argv, name);
    char *end;
    unsigned long long x;
    if (!v) {
        int i;
        for (i = 1; i < argc; i++) if (match(argv[i], name)) return -1; /* present, no value */
        *out = def;
        return 0;
    }
    if (*v < '0' || *v > '9') return -1;
    x = strtoull(v, &end, 10);
    if (*end) return -1;
    *out = (uint64_t)x;
    return 0;
}

int cli_check_args(const char *cmd, int argc, char **argv, const char *const *flags,
                   const char *const *opts) {
    int i, k;
    for (i = 1; i < argc; i++) {
        int ok = 0;
        for (k = 0; flags && flags[k] && !ok; k++) ok = strcmp(argv[i], flags[k]) == 0;
        for (k = 0; opts && opts[k] && !ok; k++) {
            const char *v = match(argv[i], opts[k]);
            if (v) {
                ok = 1;
                if (!*v && argv[i][strlen(opts[k])] != '=') {
                    if (i + 1 >= argc) {
                        char m[120];
                        snprintf(m, sizeof m, "option %s needs a value", opts[k]);
                        return cli_usage_error(cmd, m);
                    }
                    i++;
                }
            }
        }
        if (!ok) {
            char m[160];
            snprintf(m, sizeof m, "unknown argument '%.60s'", argv[i]);
            return cli_usage_error(cmd, m);
        }
    }
    return 0;
}
