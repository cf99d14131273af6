/* ds_args.h - the one command-line option parser of deckscope.
 *
 * Used by every `deckscope` subcommand (cli/cmd_*.c), by `deckscope-view`
 * (web/app/platform/i_main.c) and by its offscreen renderer `deckscope-view --render`
 * (web/app/export/render_main.c, which `deckscope render` runs), so that all of them
 * check their arguments the same way and say so in the same words. It is a
 * table over getopt_long (glibc natively, musl under Emscripten):
 *
 *     int trace = 0, melds = 0;
 *     uint64_t seed = 0;
 *     const char *out = NULL;
 *     ds_opt opts[] = {DS_ARG_FLAG("trace", &trace),
 *                      DS_ARG_U64("seed", &seed),
 *                      DS_ARG_INT("melds", &melds, 0, 4, NULL),
 *                      DS_ARG_STR("output", 'o', &out),  // --output F and -o F
 *                      DS_ARG_END};
 *     ds_args a = {.cmd = "deckscope cirno", .usage = usage_text, .opts = opts,
 *                  .max_operands = 1};
 *     int rc = ds_args_parse(&a, argc, argv);
 *     if (rc != DS_ARGS_RUN) return rc;     // --help printed (0) or an error (2)
 *     file = a.noperands ? a.operands[0] : NULL;
 *
 * What it accepts (GNU conventions):
 *   - long options "--name", "--name VALUE", "--name=VALUE"; a unique prefix
 *     of a long name is accepted too ("--tr" for "--trace");
 *   - short options where the table gives one ("-o VALUE", "-oVALUE");
 *   - "-h" and "--help" always: the usage text goes to stdout and
 *     ds_args_parse returns 0 (the caller exits with status 0);
 *   - operands (anything else, "-" included) anywhere between the options;
 *     "--" ends the options. At most max_operands of them. (With
 *     POSIXLY_CORRECT in the environment glibc stops at the first operand,
 *     so options after it are reported as unexpected arguments.)
 *   argv[0] is skipped (a program or subcommand name); argv[argc] must be
 *   NULL, as main() guarantees. getopt_long may reorder argv[1..argc-1].
 *
 * Table entries, by the macros that make them (the pointer's type is checked
 * at compile time):
 *   DS_ARG_FLAG(name, int *)          a flag: sets 1
 *   DS_ARG_FLAG_OFF(name, int *)      a flag: sets 0 (--light on a `dark` flag)
 *   DS_ARG_STR(name, c, const char **) the value as given (may be ""); c is a
 *                                     one-letter alias (-c VALUE) or 0
 *   DS_ARG_U64(name, uint64_t *)      a decimal integer 0 .. 2^64-1 (no sign)
 *   DS_ARG_INT(name, int *, lo, hi, what)     a decimal integer in [lo, hi]
 *   DS_ARG_NUM(name, double *, lo, hi, what)  a decimal number in [lo, hi]
 *   DS_ARG_SIZE(name, int[2], lo, hi) "WxH" (or "WXH"), W and H each in [lo, hi]
 *   DS_ARG_END                        ends the table
 * `what` (may be NULL) replaces the words for a good value in the message
 * (by default "a non-negative integer", "an integer between 0 and 4", ...).
 * After parsing, `seen` of an entry (or ds_args_seen) counts how often the
 * option was given: for required options and options that exclude each other.
 *
 * Every error is one line on stderr, nothing on stdout, exit status 2:
 *   <cmd>: unknown option '--bogus' (see <cmd> --help)
 *   <cmd>: ambiguous option '--t' (see <cmd> --help)
 *   <cmd>: option '--seed' needs a value (see <cmd> --help)
 *   <cmd>: option '--trace' takes no value (see <cmd> --help)
 *   <cmd>: --melds must be an integer between 0 and 4, found '5' (see <cmd> --help)
 *   <cmd>: unexpected argument 'b' (see <cmd> --help)
 * and callers report their own checks in the same shape with ds_args_fail. */
#ifndef DS_ARGS_H
#define DS_ARGS_H

#include <stddef.h>
#include <stdint.h>

typedef enum ds_opt_type {
    DS_OPT_SET,   /* int *: 1 */
    DS_OPT_CLEAR, /* int *: 0 */
    DS_OPT_STR,   /* const char **: the value */
    DS_OPT_U64,   /* uint64_t *: 0 .. 2^64-1 */
    DS_OPT_INT,   /* int *: lo .. hi */
    DS_OPT_NUM,   /* double *: lo .. hi */
    DS_OPT_SIZE   /* int[2]: "WxH", each lo .. hi */
} ds_opt_type;

typedef struct ds_opt {
    const char *name;  /* long name without the dashes; NULL ends the table */
    char short_name;   /* a one-letter alias ('o' for -o), or 0 */
    ds_opt_type type;
    void *out;         /* where the value goes (see the types above) */
    double lo, hi;     /* DS_OPT_INT, DS_OPT_NUM, DS_OPT_SIZE: accepted range */
    const char *what;  /* a good value in words, for the message; NULL: from the type */
    int seen;          /* out: how many times the option was given */
} ds_opt;

typedef struct ds_args {
    const char *cmd;   /* "deckscope cirno", "deckscope-view": starts every message */
    const char *usage; /* printed on stdout by --help / -h */
    ds_opt *opts;      /* ended by an entry with name NULL */
    int max_operands;  /* how many non-option arguments are allowed */
    char **operands;   /* out: the operands in order (inside argv) */
    int noperands;     /* out */
} ds_args;

/* Pointer type checks for the table macros: a mismatch is a compile warning. */
#define DS_ARG_PTR_(p, T) ((void *)(1 ? (p) : (T)0))
#define DS_ARG_FLAG(name, p) {name, 0, DS_OPT_SET, DS_ARG_PTR_(p, int *), 0, 0, NULL, 0}
#define DS_ARG_FLAG_OFF(name, p) {name, 0, DS_OPT_CLEAR, DS_ARG_PTR_(p, int *), 0, 0, NULL, 0}
#define DS_ARG_STR(name, c, p) {name, c, DS_OPT_STR, DS_ARG_PTR_(p, const char **), 0, 0, NULL, 0}
#define DS_ARG_U64(name, p) {name, 0, DS_OPT_U64, DS_ARG_PTR_(p, uint64_t *), 0, 0, NULL, 0}
#define DS_ARG_INT(name, p, lo, hi, what) {name, 0, DS_OPT_INT, DS_ARG_PTR_(p, int *), lo, hi, what, 0}
#define DS_ARG_NUM(name, p, lo, hi, what) {name, 0, DS_OPT_NUM, DS_ARG_PTR_(p, double *), lo, hi, what, 0}
#define DS_ARG_SIZE(name, p, lo, hi) {name, 0, DS_OPT_SIZE, DS_ARG_PTR_(p, int *), lo, hi, NULL, 0}
#define DS_ARG_END {NULL, 0, DS_OPT_SET, NULL, 0, 0, NULL, 0}

/* Returned by ds_args_parse when the program should go on. */
#define DS_ARGS_RUN (-1)

/* Parses argv[1..argc-1] into a->opts and a->operands. Returns DS_ARGS_RUN,
 * or the status to exit with: 0 after --help, 2 after an error message. */
int ds_args_parse(ds_args *a, int argc, char **argv);

/* How many times the option named `name` was given (0 if not, or unknown). */
int ds_args_seen(const ds_args *a, const char *name);

/* Prints "<cmd>: <printf-formatted message> (see <cmd> --help)" on stderr
 * and returns 2, for the checks a caller makes after ds_args_parse. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
int ds_args_fail(const char *cmd, const char *fmt, ...);

#endif
