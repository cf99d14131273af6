/* ds_args.c - the option parser of deckscope and deckscope-view (ds_args.h). */
#include "ds_args.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPTS 48
/* getopt_long returns VAL_BASE + i for the table's option i (never a char). */
#define VAL_BASE 256

int ds_args_fail(const char *cmd, const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "%s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see %s --help)\n", cmd);
    return 2;
}

/* A user's word for a message: at most 60 bytes, control bytes as '?', so
 * the message stays one line. Up to '=' when stop_at_eq. */
static const char *shown(const char *s, int stop_at_eq, char *buf, size_t size) {
    size_t i;
    for (i = 0; s[i] && i + 1 < size && i < 60; i++) {
        unsigned char c = (unsigned char)s[i];
        if (stop_at_eq && c == '=') break;
        buf[i] = c < 0x20 || c == 0x7f ? '?' : (char)c;
    }
    buf[i] = '\0';
    return buf;
}

static int is_flag(const ds_opt *o) { return o->type == DS_OPT_SET || o->type == DS_OPT_CLEAR; }

static void describe(const ds_opt *o, char *buf, size_t size) {
    if (o->what) {
        snprintf(buf, size, "%s", o->what);
    } else if (o->type == DS_OPT_U64) {
        snprintf(buf, size, "a non-negative integer");
    } else if (o->type == DS_OPT_INT) {
        if (o->lo == 0 && o->hi >= INT_MAX) snprintf(buf, size, "a non-negative integer");
        else if (o->lo == 1 && o->hi >= INT_MAX) snprintf(buf, size, "a positive integer");
        else snprintf(buf, size, "an integer between %.0f and %.0f", o->lo, o->hi);
    } else if (o->type == DS_OPT_NUM) {
        snprintf(buf, size, "a number between %g and %g", o->lo, o->hi);
    } else {
        snprintf(buf, size, "WxH with W and H between %.0f and %.0f", o->lo, o->hi);
    }
}

static int all_digits(const char *s) {
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

/* An integer "[-]digits" within [lo, hi]. */
static int parse_int(const char *s, double lo, double hi, int *out) {
    long long v;
    char *end;
    if (!all_digits(*s == '-' ? s + 1 : s)) return -1;
    errno = 0;
    v = strtoll(s, &end, 10);
    if (errno || *end || (double)v < lo || (double)v > hi || v < INT_MIN || v > INT_MAX) return -1;
    *out = (int)v;
    return 0;
}

/* The value of option o (written by the user as `as`) into o->out. */
static int store(const ds_args *a, ds_opt *o, const char *as, const char *val) {
    char what[120], b[64];
    o->seen++;
    switch (o->type) {
    case DS_OPT_SET: *(int *)o->out = 1; return 0;
    case DS_OPT_CLEAR: *(int *)o->out = 0; return 0;
    case DS_OPT_STR: *(const char **)o->out = val; return 0;
    case DS_OPT_U64:
        if (all_digits(val)) {
            unsigned long long v;
            errno = 0;
            v = strtoull(val, NULL, 10);
            if (!errno) { *(uint64_t *)o->out = (uint64_t)v; return 0; }
        }
        break;
    case DS_OPT_INT:
        if (parse_int(val, o->lo, o->hi, (int *)o->out) == 0) return 0;
        break;
    case DS_OPT_NUM: /* strtod, but no leading space and nothing after the number */
        if (*val && *val != ' ' && *val != '\t' && *val != '\n') {
            char *end;
            double v = strtod(val, &end);
            if (!*end && v >= o->lo && v <= o->hi) { *(double *)o->out = v; return 0; }
        }
        break;
    case DS_OPT_SIZE: { /* W and H: plain digits around one 'x' */
        const char *x = strpbrk(val, "xX");
        char w[16];
        int wh[2];
        if (x && (size_t)(x - val) < sizeof w) {
            memcpy(w, val, (size_t)(x - val));
            w[x - val] = '\0';
            if (*w != '-' && x[1] != '-' && parse_int(w, o->lo, o->hi, &wh[0]) == 0 &&
                parse_int(x + 1, o->lo, o->hi, &wh[1]) == 0) {
                ((int *)o->out)[0] = wh[0];
                ((int *)o->out)[1] = wh[1];
                return 0;
            }
        }
        break;
    }
    }
    describe(o, what, sizeof what);
    return ds_args_fail(a->cmd, "%s must be %s, found '%s'", as, what, shown(val, 0, b, sizeof b));
}

static ds_opt *by_short(ds_args *a, int c) {
    int i;
    for (i = 0; a->opts[i].name; i++)
        if (c && a->opts[i].short_name == c) return &a->opts[i];
    return NULL;
}

/* An unknown or ambiguous long option `arg` ("--name" or "--name=value"). */
static int bad_long(ds_args *a, const char *arg) {
    char b[64];
    size_t n = strcspn(arg + 2, "=");
    int i, matches = 0;
    for (i = 0; a->opts[i].name; i++) matches += strncmp(a->opts[i].name, arg + 2, n) == 0;
    matches += strncmp("help", arg + 2, n) == 0;
    return ds_args_fail(a->cmd, "%s option '%s'", matches > 1 ? "ambiguous" : "unknown",
                        shown(arg, 1, b, sizeof b));
}

int ds_args_parse(ds_args *a, int argc, char **argv) {
    struct option longopts[MAX_OPTS + 2];
    char optstring[2 * MAX_OPTS + 4], as[80];
    int n = 0, k = 0, c;
    a->operands = argv + argc;
    a->noperands = 0;
    optstring[k++] = ':'; /* ':' for a missing value, '?' for the rest */
    optstring[k++] = 'h';
    for (n = 0; a->opts[n].name; n++) {
        ds_opt *o = &a->opts[n];
        if (n == MAX_OPTS) return ds_args_fail(a->cmd, "too many options in the table (ds_args.c: MAX_OPTS)");
        o->seen = 0;
        longopts[n].name = o->name;
        longopts[n].has_arg = is_flag(o) ? no_argument : required_argument;
        longopts[n].flag = NULL;
        longopts[n].val = VAL_BASE + n;
        if (o->short_name) {
            optstring[k++] = o->short_name;
            if (!is_flag(o)) optstring[k++] = ':';
        }
    }
    longopts[n].name = "help";
    longopts[n].has_arg = no_argument;
    longopts[n].flag = NULL;
    longopts[n].val = 'h';
    memset(&longopts[n + 1], 0, sizeof longopts[n + 1]);
    optstring[k] = '\0';

    /* optind = 0 restarts the scan from scratch in glibc and in musl alike
     * (a program may parse twice); opterr = 0: the messages are ours. */
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, optstring, longopts, NULL)) != -1) {
        ds_opt *o;
        if (c == 'h') {
            errno = 0;
            fputs(a->usage, stdout);
            if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
            fprintf(stderr, "%s: cannot write standard output: %s\n", a->cmd,
                    errno ? strerror(errno) : "write error");
            return 1;
        }
        if (c == '?') {
            /* an unknown long option: getopt_long has just moved past it */
            if (optopt == 0)
                return bad_long(a, optind - 1 >= 1 && optind - 1 < argc ? argv[optind - 1] : "--");
            if (optopt == 'h') return ds_args_fail(a->cmd, "option '--help' takes no value");
            if (optopt >= VAL_BASE)
                return ds_args_fail(a->cmd, "option '--%s' takes no value", a->opts[optopt - VAL_BASE].name);
            return ds_args_fail(a->cmd, "unknown option '-%c'",
                                optopt > 0x20 && optopt < 0x7f ? optopt : '?');
        }
        if (c == ':') {
            if (optopt >= VAL_BASE)
                return ds_args_fail(a->cmd, "option '--%s' needs a value", a->opts[optopt - VAL_BASE].name);
            return ds_args_fail(a->cmd, "option '-%c' needs a value", optopt);
        }
        if (c >= VAL_BASE) {
            o = &a->opts[c - VAL_BASE];
            snprintf(as, sizeof as, "--%s", o->name);
        } else {
            o = by_short(a, c);
            if (!o) return ds_args_fail(a->cmd, "unknown option '-%c'", c);
            snprintf(as, sizeof as, "-%c", c);
        }
        if (store(a, o, as, optarg) != 0) return 2;
    }
    a->operands = argv + optind;
    a->noperands = argc - optind;
    if (a->noperands > a->max_operands) {
        char b[64];
        return ds_args_fail(a->cmd, "unexpected argument '%s'",
                            shown(a->operands[a->max_operands], 0, b, sizeof b));
    }
    return DS_ARGS_RUN;
}

int ds_args_seen(const ds_args *a, const char *name) {
    int i;
    for (i = 0; a->opts[i].name; i++)
        if (!strcmp(a->opts[i].name, name)) return a->opts[i].seen;
    return 0;
}
