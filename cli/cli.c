/* cli.c - shared helpers of the deckscope CLI (see cli.h). */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int cli_read_input(const char *cmd, const char *file, ds_buf *b) {
    char chunk[65536];
    size_t n;
    int from_stdin = !file || !strcmp(file, "-");
    FILE *fp = from_stdin ? stdin : fopen(file, "rb");
    if (!fp) {
        fprintf(stderr, "deckscope %s: cannot open '%s': %s\n", cmd, file, strerror(errno));
        return -1;
    }
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
        if (ds_buf_put(b, chunk, n)) {
            fprintf(stderr, "deckscope %s: out of memory reading the input\n", cmd);
            if (!from_stdin) fclose(fp);
            return -1;
        }
    if (ferror(fp)) {
        int e = errno;
        if (from_stdin) fprintf(stderr, "deckscope %s: cannot read standard input: %s\n", cmd, strerror(e));
        else fprintf(stderr, "deckscope %s: cannot read '%s': %s\n", cmd, file, strerror(e));
        if (!from_stdin) fclose(fp);
        return -1;
    }
    if (!from_stdin) fclose(fp);
    if (ds_buf_reserve(b, 0)) return -1;
    if (b->data) b->data[b->len] = '\0';
    return 0;
}

int cli_write(const ds_buf *b) {
    if (b->len && fwrite(b->data, 1, b->len, stdout) != b->len) return 1;
    return fflush(stdout) ? 1 : 0;
}

int cli_input_error(const char *cmd, const ds_error *err) {
    char msg[540];
    ds_error_format(err, msg, sizeof msg);
    fprintf(stderr, "deckscope %s: %s\n", cmd, msg);
    return 2;
}

int cli_usage_error(const char *cmd, const char *msg) {
    char full[80];
    snprintf(full, sizeof full, "deckscope %s", cmd);
    return ds_args_fail(full, "%s", msg);
}

int cli_try(const char *cmd, const char *spec, ds_choice **out, size_t *n) {
    ds_error err;
    *out = NULL;
    *n = 0;
    if (!spec) return 0;
    if (ds_choices_parse(spec, strlen(spec), out, n, &err)) {
        fprintf(stderr, "deckscope %s: --try: %s\n", cmd, err.msg);
        return 2;
    }
    return 0;
}

int cli_compare_head(const char *spec, size_t first_diff, const char *main_label,
                     const char *var_label, ds_buf *out) {
    ds_buf_printf(out, "variation: %s\n", spec ? spec : "");
    if (!main_label)
        ds_buf_puts(out, "first difference: none (the variation is the main line)\n");
    else
        ds_buf_printf(out, "first difference: event %zu (main line: %s, variation: %s)\n",
                      first_diff, main_label, var_label);
    return out->failed ? -1 : 0;
}

int cli_lang(const char *cmd, const char *value, ds_lang *out) {
    *out = DS_LANG_EN;
    if (!value) return 0;
    if (ds_lang_parse(value, out)) {
        char msg[120];
        snprintf(msg, sizeof msg, "--lang: expected en or zh, found '%.40s'", value);
        return cli_usage_error(cmd, msg);
    }
    return 0;
}

int cli_narrate(const char *cmd, const ds_game *game, void *g, const ds_trace *tr,
                ds_lang lang) {
    ds_buf out;
    size_t i;
    int rc = 0;
    ds_buf_init(&out);
    for (i = 0; i < tr->n && !rc; i++) {
        ds_buf_printf(&out, "%zu\t", i);
        if (game->narrate(g, tr, i, lang, &out) || ds_buf_putc(&out, '\n')) {
            fprintf(stderr, "deckscope %s: out of memory writing the output\n", cmd);
            rc = 2;
        } else if (out.len > (1u << 16) || i + 1 == tr->n) {
            if (cli_write(&out)) {
                fprintf(stderr, "deckscope %s: cannot write standard output\n", cmd);
                rc = 1;
            }
            ds_buf_clear(&out);
        }
    }
    ds_buf_free(&out);
    return rc;
}
