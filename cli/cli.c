/* cli.c - shared helpers of the deckscope CLI (see cli.h). */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const char *cli_shown(const char *s, char *buf, size_t size) {
    static const char hex[] = "0123456789abcdef";
    size_t i = 0, k = 0;
    if (!size) return buf;
    for (; s[i] && k + 8 < size; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n' || c == '\t' || c == '\r' || c == '\\') {
            buf[k++] = '\\';
            buf[k++] = c == '\n' ? 'n' : c == '\t' ? 't' : c == '\r' ? 'r' : '\\';
        } else if (c < 0x20 || c == 0x7f) {
            buf[k++] = '\\';
            buf[k++] = 'x';
            buf[k++] = hex[c >> 4];
            buf[k++] = hex[c & 15];
        } else {
            buf[k++] = (char)c;
        }
    }
    if (s[i]) { /* cut: never inside a UTF-8 character, and say so */
        while (k > 0 && ((unsigned char)buf[k - 1] & 0xC0) == 0x80) k--;
        if (k > 0 && (unsigned char)buf[k - 1] >= 0xC0) k--;
        buf[k++] = '.';
        buf[k++] = '.';
        buf[k++] = '.';
    }
    buf[k] = '\0';
    return buf;
}

int cli_read_input(const char *cmd, const char *file, ds_buf *b) {
    char name[256];
    int from_stdin = !file || !strcmp(file, "-"), rc, e;
    FILE *fp = from_stdin ? stdin : fopen(file, "rb");
    ds_error err;
    if (!fp) {
        fprintf(stderr, "deckscope %s: cannot open '%s': %s\n", cmd, cli_shown(file, name, sizeof name),
                strerror(errno));
        return -1;
    }
    errno = 0;
    rc = ds_input_read(fp, cmd, b, &err);
    e = errno;
    if (!from_stdin) fclose(fp);
    if (rc == DS_INPUT_BAD) cli_input_error(cmd, &err);
    else if (rc == DS_INPUT_NO_MEMORY) fprintf(stderr, "deckscope %s: out of memory reading the input\n", cmd);
    else if (rc == DS_INPUT_READ_ERROR && from_stdin)
        fprintf(stderr, "deckscope %s: cannot read standard input: %s\n", cmd, strerror(e));
    else if (rc == DS_INPUT_READ_ERROR)
        fprintf(stderr, "deckscope %s: cannot read '%s': %s\n", cmd, cli_shown(file, name, sizeof name),
                strerror(e));
    return rc == DS_INPUT_OK ? 0 : -1;
}

int cli_write(const char *cmd, const ds_buf *b) {
    int bad;
    errno = 0;
    bad = b->len && fwrite(b->data, 1, b->len, stdout) != b->len;
    bad = fflush(stdout) != 0 || bad;
    if (bad) {
        int e = errno;
        fprintf(stderr, "deckscope %s: cannot write standard output: %s\n", cmd,
                e ? strerror(e) : "write error");
    }
    return bad;
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
            if (cli_write(cmd, &out)) rc = 1;
            ds_buf_clear(&out);
        }
    }
    ds_buf_free(&out);
    return rc;
}
