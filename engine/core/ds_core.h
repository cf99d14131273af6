/* ds_core.h - the deckscope engine core: errors, output buffers, the input
 * reader, a deterministic RNG and the event trace with keyframes.
 *
 * Portable C11. No globals, no exit(), no I/O: text comes in as a
 * caller-provided buffer, text goes out into a ds_buf the caller owns.
 * Every function that can fail returns 0 on success and -1 on failure and,
 * where it takes a ds_error*, fills it with a message (and line/column for
 * input errors). Allocation failure is always reported, never ignored.
 *
 * API at a glance
 *   ds_error   { line, col, msg }      ds_fail(err, line, col, fmt, ...)
 *   ds_buf     growable byte buffer    ds_buf_put / _puts / _putc / _int / _printf
 *                                      ds_buf_json_str (quoted, escaped)
 *   ds_reader  tokenizer over a buffer ds_read_word / ds_read_int / ds_read_eol
 *                                      ds_read_eof; tracks line:col (1-based)
 *   ds_rng     splitmix64              ds_rng_seed / ds_rng_next / ds_rng_below
 *   ds_trace   events + keyframes      ds_trace_init / ds_trace_emit /
 *                                      ds_trace_seek / ds_trace_free
 *   ds_choice  forced choices          ds_choices_parse / ds_choices_format /
 *              (variations)            ds_choice_at / ds_choice_not_decision /
 *                                      ds_choice_not_candidate / ds_choices_unused
 *
 * The trace is the heart of the replay design. A game defines a fixed-size
 * state struct and a fixed-size event struct, plus ONE function
 *     void apply(void *state, const void *event, const void *ctx)
 * that performs the effect of an event on a state. The simulation never
 * mutates its state directly: it inspects trace->live, decides, and calls
 * ds_trace_emit(), which appends the event and runs apply() on the live
 * state. Seeking to step i copies the nearest keyframe at or before i and
 * re-applies at most key_interval-1 events through the same apply(), so the
 * viewer and the judge output see exactly the simulated states.
 *
 * Step numbering: step 0 is the state before the first event; step i is the
 * state after events 0..i-1; step n (n = number of events) is the end state.
 */
#ifndef DS_CORE_H
#define DS_CORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- errors ------------------------------------------------------------ */

#define DS_ERROR_ARGS 6

typedef struct ds_error {
    int line; /* 1-based; 0 when the error is not tied to the input */
    int col;  /* 1-based; 0 when unknown */
    char msg[480]; /* the message in English (what the CLI prints) */
    /* The same message as data, so a front end can say it in another
     * language: code is the message's printf format (a string literal, the
     * stable key of the message: "expected %s, found %s", ...) and args[k]
     * the text of its k-th conversion (a `%.*s` is one argument). */
    const char *code;
    int nargs;
    char args[DS_ERROR_ARGS][96];
} ds_error;

/* Fills err (if not NULL) and returns -1, so callers can `return ds_fail(...)`.
 * fmt must be a string literal (it becomes err->code); its conversions are
 * d i u x c s with the length modifiers h l ll z, flags, widths and `.*`. */
int ds_fail(ds_error *err, int line, int col, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Formats "line L, column C: msg" (or just msg when line == 0) into out. */
void ds_error_format(const ds_error *err, char *out, size_t cap);

/* ---- output buffer ----------------------------------------------------- */

typedef struct ds_buf {
    char *data; /* NUL-terminated when len > 0 or after any put */
    size_t len;
    size_t cap;
    int failed; /* set once an allocation failed; later puts are no-ops */
} ds_buf;

void ds_buf_init(ds_buf *b);
void ds_buf_free(ds_buf *b);
void ds_buf_clear(ds_buf *b);           /* len = 0, keeps memory */
int ds_buf_reserve(ds_buf *b, size_t extra);
int ds_buf_put(ds_buf *b, const char *s, size_t n);
int ds_buf_puts(ds_buf *b, const char *s);
int ds_buf_putc(ds_buf *b, char c);
int ds_buf_int(ds_buf *b, long long v); /* decimal, fast path */
int ds_buf_printf(ds_buf *b, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int ds_buf_json_str(ds_buf *b, const char *s, size_t n); /* "..." escaped */

/* Text in a fixed buffer without printf: a decision's labels and names are
 * made for every candidate of every record, where snprintf's parsing of its
 * format was most of the cost. Each appends at *len, keeps buf NUL-terminated
 * and stops at cap - 1 bytes, as snprintf does (cap 0: nothing). */
void ds_text_put(char *buf, size_t cap, size_t *len, const char *s);
void ds_text_int(char *buf, size_t cap, size_t *len, long long v);

/* ---- reader ------------------------------------------------------------ */

typedef struct ds_reader {
    const char *src, *p, *end;
    int line, col; /* position of p, 1-based */
} ds_reader;

typedef struct ds_token {
    const char *s;
    size_t len;
    int line, col;
} ds_token;

/* A leading UTF-8 byte-order mark is skipped (positions count from after it). */
void ds_reader_init(ds_reader *r, const char *text, size_t len);

/* Reads the next whitespace-separated word. With same_line != 0 it does not
 * cross a newline: "expected <what>, found end of line". At the end of input:
 * "expected <what>, found end of input". A control byte is an error too.
 * On failure *tok is an empty token at the error position. */
int ds_read_word(ds_reader *r, int same_line, ds_token *tok, const char *what,
                 ds_error *err);

/* Reads a decimal integer in [lo, hi] (optional leading '-'). */
int ds_read_int(ds_reader *r, int same_line, long long lo, long long hi,
                long long *out, const char *what, ds_error *err);

/* Skips spaces/tabs/CR; requires a newline or the end of input next
 * ("expected end of line after <after>, found '<tok>'"), and consumes it. */
int ds_read_eol(ds_reader *r, const char *after, ds_error *err);

/* Skips all whitespace; requires the end of input. */
int ds_read_eof(ds_reader *r, ds_error *err);

/* 1 if only whitespace remains. */
int ds_reader_at_eof(ds_reader *r);

/* Token equality helper. */
int ds_tok_eq(const ds_token *t, const char *s);

/* ---- deterministic RNG (same numbers native and WebAssembly) ----------- */

typedef struct ds_rng {
    uint64_t s;
} ds_rng;

void ds_rng_seed(ds_rng *r, uint64_t seed);
uint64_t ds_rng_next(ds_rng *r);
uint32_t ds_rng_below(ds_rng *r, uint32_t n); /* uniform in [0, n), n > 0 */
void ds_rng_shuffle(ds_rng *r, void *base, size_t n, size_t size);

/* ---- trace ------------------------------------------------------------- */

typedef void (*ds_apply_fn)(void *state, const void *event, const void *ctx);

typedef struct ds_trace {
    size_t event_size, state_size, key_interval;
    size_t n, cap;          /* events */
    unsigned char *events;  /* n * event_size */
    size_t nkeys, keycap;   /* keyframe j = state at step j*key_interval */
    unsigned char *keys;
    unsigned char *live;    /* state at step n, owned */
    ds_apply_fn apply;
    const void *ctx;        /* passed to apply (usually the parsed input) */
    size_t max_events;      /* limit; exceeding it is an error (0 = none) */
} ds_trace;

/* key_interval 0 picks the default (64). initial is copied as step 0. */
int ds_trace_init(ds_trace *t, size_t event_size, size_t state_size,
                  size_t key_interval, ds_apply_fn apply, const void *ctx,
                  const void *initial, ds_error *err);
void ds_trace_free(ds_trace *t);

/* Appends *event, applies it to t->live, stores a keyframe when due. All
 * or nothing: -1 (the event limit, or no memory for the event or its
 * keyframe) leaves the trace unchanged. */
int ds_trace_emit(ds_trace *t, const void *event, ds_error *err);

/* Event i (0 <= i < n). */
static inline const void *ds_trace_event(const ds_trace *t, size_t i) {
    return t->events + i * t->event_size;
}

/* Writes the state at step i (0 <= i <= n) into out. -1 if i > n. */
int ds_trace_seek(const ds_trace *t, size_t i, void *out);

/* Bytes held by the trace (events + keyframes + live state). */
size_t ds_trace_bytes(const ds_trace *t);

/* The events two traces of one game have in common from the start: the index
 * of the first event that differs, or the shorter one's n when it is a prefix
 * of the other (a->n == b->n == the result: the same game). Everything shown
 * of a trace is made from its events, so this is the whole comparison (a
 * variation's --compare, "forcing the rule's choice is the main line"). */
size_t ds_trace_common(const ds_trace *a, const ds_trace *b);


/* ---- forced choices: variations of a game ------------------------------ */

/* A variation of a game is its main line with some decisions taken
 * differently: an ordered list of (event index, candidate label). At the
 * decision that would become event `i`, the candidate `label` is taken
 * instead of the rule's choice; everything before is the main line, the
 * rules play on after it. A later choice's index refers to the variation
 * made by the earlier ones, so indices strictly increase.
 *
 * Labels are the "label" strings of the candidates in each decision record
 * (docs/trace-format.md): short, unique within one decision, never
 * containing ',' or a control byte. Text form (CLI --try, the page's &try=):
 *     I:LABEL[,I:LABEL...]        e.g. "12:A99,40:CHOW 3P 4P 5P"
 *
 * A game's simulation takes (const ds_choice *ch, size_t n) and, at every
 * event it emits, asks ds_choice_at() whether that event index is forced.
 * The error messages are shared so every game and the page say them alike.
 *
 * One rule for every <game>_simulate_try (and <game>_simulate, its n = 0):
 * on success (0) the caller owns the trace and frees it with
 * ds_trace_free; on failure (-1, the error in *err) the trace has already
 * been freed and every field is zero, so the caller frees nothing (a
 * ds_trace_free of it is a harmless no-op) and reads nothing from it. */

#define DS_CHOICE_LABEL 40 /* bytes of a label including the NUL */

typedef struct ds_choice {
    size_t i;                     /* 0-based event index of the decision */
    char label[DS_CHOICE_LABEL];  /* the candidate taken there */
} ds_choice;

/* Parses the text form into a new array (*out, *n; free() it; NULL when
 * n == 0: the empty string is the main line). Errors (line 0, col = 1-based
 * byte position in s): "expected an event index before ':' ...", "labels
 * are at most 39 bytes", "event indices must increase: 7 after 12". */
int ds_choices_parse(const char *s, size_t len, ds_choice **out, size_t *n, ds_error *err);

/* Appends the text form of ch[0..n-1] to b. */
int ds_choices_format(const ds_choice *ch, size_t n, ds_buf *b);

/* The label forced at event index i, or NULL. (ch is sorted by i.) */
const char *ds_choice_at(const ds_choice *ch, size_t n, size_t i);

/* "event <i> is <what>, not a decision" (what: "a draw", "the end of a round").
 * Returns -1. */
int ds_choice_not_decision(ds_error *err, size_t i, const char *what);

/* "'<label>' is not a choice at event <i>; the choices are: <legal>" where
 * legal is the candidates' labels separated by ", ". Returns -1. */
int ds_choice_not_candidate(ds_error *err, size_t i, const char *label, const char *legal);

/* After a simulation: fails with "the game has only <n_events> events;
 * event <i> is past its end" for the first choice at or after n_events. */
int ds_choices_unused(const ds_choice *ch, size_t n, size_t n_events, ds_error *err);

#ifdef __cplusplus
}
#endif
#endif
