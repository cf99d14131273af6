/* test_narration.c - the decision records and the sentences of one game,
 * through its ds_game interface only (engine/core/ds_game.h), over generated
 * inputs. Built once per game with -DDS_TEST_GAME=<id>_game (tests/games.cmake).
 *
 * For every event of every generated game, in English and in Chinese:
 *   - the sentence exists, holds no engine label that is not a word of the
 *     game (a label is allowed only where the move's own name contains it),
 *     no missing-key marker, no tolerance such as 1e-12; the Chinese one is
 *     Chinese (CJK characters; its Latin words come from the input or names);
 * for every decision:
 *   - the record is consistent: rule_choice and chosen are candidates, the
 *     main line is never forced, exactly the rule's choice has the reason
 *     rule_choice, every reason agrees with the sign of its value against the
 *     rule's choice (worse_value strictly worse in the rule's direction,
 *     tie_later_in_order equal), every candidate has a name;
 *   - "only" / 唯一 appears only when there is one move or the chosen value is
 *     unique; a superlative (largest, smallest, best, highest, lowest, 最大,
 *     最小, 最高, 最低, 最好, 最佳) only when the chosen value is an extreme;
 *   - forcing the rule's own label gives the main line byte for byte;
 *   - forcing up to 5 other candidates: the decision is forced, chosen is that
 *     label, rule_choice is the main line's; the sentence at that event names
 *     the forced move and the rule's move by their names (both languages) and
 *     keeps every rule above.
 * and the sentences about the state (start, headline, changes), en and zh:
 *   - the sentence of step 0 and the headline of every step 0..n exist and
 *     keep the rules of every sentence above (no marker, no label of the
 *     decision there, zh Chinese);
 *   - what every event changed: at least one sentence, one a line, each line
 *     ending in a newline, none empty, each keeping the same rules;
 *   - the same in a forced variation at the forced event.
 * (the main line's state words: the first 50 inputs; forced events: all)
 * Usage: test_narration [INPUTS]   (default 200; goudan 50) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ds_game.h"
#include "ds_test.h"

extern const ds_game DS_TEST_GAME;

static const ds_game *G = &DS_TEST_GAME;
static int reported;

#define FAILF(...)                                                   \
    do {                                                             \
        ds_test_failed++;                                            \
        if (reported++ < 25) {                                       \
            fprintf(stderr, "%s: ", G->id);                          \
            fprintf(stderr, __VA_ARGS__);                            \
            fputc('\n', stderr);                                     \
        }                                                            \
    } while (0)
#define OK() ds_test_passed++

static int is_word_char(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           c == '_';
}

/* s contains w as a whole token (no word character on either side) */
static int has_token(const char *s, const char *w) {
    size_t n = strlen(w);
    const char *p = s;
    if (!n) return 0;
    while ((p = strstr(p, w)) != NULL) {
        int left = p == s || !is_word_char((unsigned char)p[-1]) || !is_word_char((unsigned char)w[0]);
        int right = !is_word_char((unsigned char)p[n]) || !is_word_char((unsigned char)w[n - 1]);
        if (left && right) return 1;
        p++;
    }
    return 0;
}

static int has_cjk(const char *s) {
    const unsigned char *p = (const unsigned char *)s;
    for (; *p; p++)
        if (*p >= 0xE3 && *p <= 0xE9) return 1; /* U+3000..U+9FFF lead bytes */
    return 0;
}

static const char *const only_words[] = {" only ", "Only ", "唯一", NULL};
static const char *const super_words[] = {"largest", "smallest", "best", "highest", "lowest",
                                          "最大", "最小", "最高", "最低", "最好", "最佳", NULL};

static int contains_any(const char *s, const char *const *w) {
    for (; *w; w++)
        if (strstr(s, *w)) return 1;
    return 0;
}

/* strictly better: a game's own tie tolerance (goudan: 1e-12) may be finer
 * than any fixed margin here, and a worse_value must still be worse */
static int better_than(const ds_decision *d, double a, double b) {
    return d->better == DS_BETTER_HIGHER ? a > b : a < b;
}

/* Latin words of a zh sentence must come from the input, a label or a name */
static void check_zh_words(const char *s, const char *input, const ds_decision *den,
                           size_t i) {
    const char *p = s;
    while (*p) {
        if (((unsigned char)*p >= 'A' && (unsigned char)*p <= 'Z') ||
            ((unsigned char)*p >= 'a' && (unsigned char)*p <= 'z')) {
            const char *q = p;
            char w[64];
            size_t n;
            int found = 0;
            size_t k;
            while (is_word_char((unsigned char)*q)) q++;
            n = (size_t)(q - p);
            if (n >= 3 && n < sizeof w) {
                memcpy(w, p, n);
                w[n] = '\0';
                if (strstr(input, w)) found = 1;
                for (k = 0; den && k < den->n && !found; k++)
                    if (strstr(den->cand[k].label, w)) found = 1;
                if (!found) FAILF("event %zu: an English word '%s' in the Chinese sentence: %s", i, w, s);
            }
            p = q;
        } else {
            p++;
        }
    }
}

/* the rules every sentence keeps; d is the decision at that event (or NULL) */
static void check_sentence(const char *s, ds_lang lang, const ds_decision *d,
                           const ds_decision *den, const char *input, size_t i) {
    size_t k;
    if (!s || !*s) {
        FAILF("event %zu: no sentence (%s)", i, ds_lang_code(lang));
        return;
    }
    OK();
    if (strstr(s, "(null)") || strstr(s, "{") || strstr(s, "??") || strstr(s, "1e-") ||
        strstr(s, "%!") || strstr(s, "\n"))
        FAILF("event %zu: a marker in the sentence: %s", i, s);
    if (lang == DS_LANG_ZH) {
        if (!has_cjk(s)) FAILF("event %zu: the Chinese sentence is not Chinese: %s", i, s);
        check_zh_words(s, input, den, i);
    }
    if (!d) return;
    for (k = 0; k < d->n; k++) {
        const ds_cand *c = &d->cand[k];
        if (strstr(c->name, c->label)) continue; /* the label is a word of the name */
        if (has_token(s, c->label)) FAILF("event %zu: label '%s' in the sentence: %s", i, c->label, s);
    }
    if (contains_any(s, only_words) && d->n > 1) {
        const ds_cand *c = &d->cand[d->chosen];
        int unique = c->has_value;
        for (k = 0; unique && k < d->n; k++)
            if ((int)k != d->chosen && d->cand[k].has_value && fabs(d->cand[k].value - c->value) < 1e-9)
                unique = 0;
        if (!unique) FAILF("event %zu: 'only' is not true of the candidates: %s", i, s);
        else OK();
    }
    if (contains_any(s, super_words) && d->n > 1 && d->better != DS_BETTER_NONE) {
        const ds_cand *c = &d->cand[d->chosen];
        int hi = c->has_value, lo = c->has_value;
        for (k = 0; c->has_value && k < d->n; k++) {
            if (!d->cand[k].has_value) continue;
            if (d->cand[k].value > c->value + 1e-9) hi = 0;
            if (d->cand[k].value < c->value - 1e-9) lo = 0;
        }
        if (!hi && !lo) FAILF("event %zu: a superlative that is not true: %s", i, s);
        else OK();
    }
}

static void check_record(const ds_decision *d, size_t i, int forced_expected) {
    size_t k;
    if (d->n == 0 || d->rule_choice < 0 || (size_t)d->rule_choice >= d->n || d->chosen < 0 ||
        (size_t)d->chosen >= d->n) {
        FAILF("event %zu: rule_choice/chosen outside the candidates", i);
        return;
    }
    if (d->forced != (d->chosen != d->rule_choice)) FAILF("event %zu: forced disagrees", i);
    if (!forced_expected && d->forced) FAILF("event %zu: the main line is forced", i);
    if (!d->rule || !*d->rule) FAILF("event %zu: no rule code", i);
    if (!d->text[0]) FAILF("event %zu: no rule sentence", i);
    for (k = 0; k < d->n; k++) {
        const ds_cand *c = &d->cand[k], *r = &d->cand[d->rule_choice];
        if (!c->name[0]) FAILF("event %zu: candidate '%s' has no name", i, c->label);
        if (((int)k == d->rule_choice) != (c->reason == DS_REASON_RULE_CHOICE)) {
            if (!(d->measure == DS_MEASURE_CHANCE && c->reason == DS_REASON_CHANCE))
                FAILF("event %zu: candidate '%s' reason %s but rule_choice is '%s'", i, c->label,
                      ds_reason_code(c->reason), r->label);
        }
        if (c->reason == DS_REASON_WORSE_VALUE) {
            if (!c->has_value || !r->has_value || d->better == DS_BETTER_NONE ||
                !better_than(d, r->value, c->value))
                FAILF("event %zu: '%s' is worse_value (%g) but the rule's '%s' has %g", i,
                      c->label, c->value, r->label, r->value);
            else OK();
        }
        if (c->reason == DS_REASON_TIE_LATER && c->has_value && r->has_value) {
            if (fabs(c->value - r->value) > 1e-9)
                FAILF("event %zu: '%s' is tie_later_in_order with %g against %g", i, c->label,
                      c->value, r->value);
            else OK();
        }
        if (c->reason == DS_REASON_CHANCE && d->measure != DS_MEASURE_CHANCE)
            FAILF("event %zu: a chance reason outside a chance decision", i);
    }
    OK();
}

/* start, every headline and what every event changed, en and zh (d[i]: the
 * decision at event i in that language, or NULL) */
static void check_state_words(void *g, const ds_trace *tr, const char *input, size_t from,
                              size_t to) {
    static ds_decision d[2];
    ds_buf s;
    size_t i;
    int l;
    ds_buf_init(&s);
    for (i = from; i <= to && i <= tr->n; i++) {
        int isd[2] = {0, 0};
        for (l = 0; l < 2 && i < tr->n; l++)
            isd[l] = G->decision(g, tr, i, l ? DS_LANG_ZH : DS_LANG_EN, &d[l]) == 1;
        for (l = 0; l < 2; l++) {
            ds_lang lang = l ? DS_LANG_ZH : DS_LANG_EN;
            const ds_decision *dl = isd[l] && isd[0] ? &d[l] : NULL, *den = dl ? &d[0] : NULL;
            if (i == 0) {
                ds_buf_clear(&s);
                if (G->start(g, tr, lang, &s)) FAILF("start failed (%s)", ds_lang_code(lang));
                else check_sentence(s.data, lang, NULL, NULL, input, 0);
            }
            ds_buf_clear(&s);
            if (G->headline(g, tr, i, lang, &s)) FAILF("step %zu: headline failed", i);
            else check_sentence(s.data, lang, NULL, NULL, input, i);
            if (i == tr->n) continue;
            ds_buf_clear(&s);
            if (G->changes(g, tr, i, lang, &s)) {
                FAILF("event %zu: changes failed", i);
            } else if (!s.len || s.data[s.len - 1] != '\n') {
                FAILF("event %zu: no change said, or the last line has no newline (%s): '%s'", i,
                      ds_lang_code(lang), s.len ? s.data : "");
            } else {
                char *line = s.data, *nl;
                while ((nl = strchr(line, '\n')) != NULL) {
                    *nl = '\0';
                    if (!*line) FAILF("event %zu: an empty line in the changes", i);
                    else check_sentence(line, lang, dl, den, input, i);
                    line = nl + 1;
                }
            }
        }
    }
    if (G->headline(g, tr, tr->n + 1, DS_LANG_EN, &s) != -1) FAILF("a headline past the end");
    if (tr->n && G->changes(g, tr, tr->n, DS_LANG_EN, &s) != -1) FAILF("changes past the end");
    ds_buf_free(&s);
}

static void one_input(uint64_t seed) {
    ds_buf in, s_en, s_zh;
    ds_error err;
    void *g = NULL;
    ds_trace tr = {0};
    static ds_decision den, dzh, dv, dvzh;
    size_t i;
    ds_buf_init(&in);
    ds_buf_init(&s_en);
    ds_buf_init(&s_zh);
    if (G->generate(seed, NULL, &in) || G->parse(in.data, in.len, &g, &err)) {
        FAILF("seed %llu: generate/parse failed: %s", (unsigned long long)seed, err.msg);
        goto done;
    }
    if (G->simulate(g, NULL, 0, seed, &tr, &err)) {
        FAILF("seed %llu: simulate failed: %s", (unsigned long long)seed, err.msg);
        goto done;
    }
    /* the state's words over the whole main line of the first inputs (all
     * of them would double the test's time for no new sentence) */
    if (seed <= 50) check_state_words(g, &tr, in.data, 0, tr.n);
    for (i = 0; i < tr.n; i++) {
        int isd = G->decision(g, &tr, i, DS_LANG_EN, &den);
        int isz = G->decision(g, &tr, i, DS_LANG_ZH, &dzh);
        ds_buf_clear(&s_en);
        ds_buf_clear(&s_zh);
        if (isd < 0 || isz != isd) {
            FAILF("seed %llu event %zu: decision() failed or differs by language", (unsigned long long)seed, i);
            continue;
        }
        if (G->narrate(g, &tr, i, DS_LANG_EN, &s_en) || G->narrate(g, &tr, i, DS_LANG_ZH, &s_zh)) {
            FAILF("seed %llu event %zu: narrate failed", (unsigned long long)seed, i);
            continue;
        }
        check_sentence(s_en.data, DS_LANG_EN, isd ? &den : NULL, isd ? &den : NULL, in.data, i);
        check_sentence(s_zh.data, DS_LANG_ZH, isd ? &dzh : NULL, isd ? &den : NULL, in.data, i);
        if (!isd) continue;
        check_record(&den, i, 0);
        check_record(&dzh, i, 0);
        if (den.n != dzh.n || den.rule_choice != dzh.rule_choice) FAILF("event %zu: en and zh records differ", i);
        if (den.measure == DS_MEASURE_CHANCE) continue; /* nobody chooses a chance outcome */
        {
            /* the rule's own label, then up to 5 others spread over the candidates */
            size_t picks[6], np = 0, k, step;
            picks[np++] = (size_t)den.rule_choice;
            step = den.n > 6 ? den.n / 5 : 1;
            for (k = 0; k < den.n && np < 6; k += step)
                if ((int)k != den.rule_choice) picks[np++] = k;
            for (k = 0; k < np; k++) {
                ds_choice ch;
                ds_trace vt = {0};
                const ds_cand *want = &den.cand[picks[k]];
                ch.i = i;
                snprintf(ch.label, sizeof ch.label, "%s", want->label);
                if (G->simulate(g, &ch, 1, seed, &vt, &err)) {
                    FAILF("seed %llu event %zu: forcing '%s' failed: %s", (unsigned long long)seed,
                          i, want->label, err.msg);
                    continue;
                }
                if (k == 0) {
                    if (vt.n != tr.n || ds_trace_common(&tr, &vt) != tr.n) FAILF("event %zu: forcing the rule's '%s' changed the game", i, want->label);
                    else OK();
                } else if (G->decision(g, &vt, i, DS_LANG_EN, &dv) == 1 &&
                           G->decision(g, &vt, i, DS_LANG_ZH, &dvzh) == 1) {
                    check_record(&dv, i, 1);
                    if (!dv.forced || strcmp(dv.cand[dv.chosen].label, want->label) ||
                        strcmp(dv.cand[dv.rule_choice].label, den.cand[den.rule_choice].label))
                        FAILF("event %zu: forcing '%s': forced %d chosen '%s' rule '%s'", i,
                              want->label, dv.forced, dv.cand[dv.chosen].label,
                              dv.cand[dv.rule_choice].label);
                    check_state_words(g, &vt, in.data, i, i + 1);
                    ds_buf_clear(&s_en);
                    ds_buf_clear(&s_zh);
                    G->narrate(g, &vt, i, DS_LANG_EN, &s_en);
                    G->narrate(g, &vt, i, DS_LANG_ZH, &s_zh);
                    check_sentence(s_en.data, DS_LANG_EN, &dv, &dv, in.data, i);
                    check_sentence(s_zh.data, DS_LANG_ZH, &dvzh, &dv, in.data, i);
                    if (s_en.len && (!strstr(s_en.data, dv.cand[dv.chosen].name) ||
                                     !strstr(s_en.data, dv.cand[dv.rule_choice].name)))
                        FAILF("event %zu forced '%s': the sentence does not name '%s' and '%s': %s", i,
                              want->label, dv.cand[dv.chosen].name, dv.cand[dv.rule_choice].name, s_en.data);
                    else OK();
                    if (s_zh.len && (!strstr(s_zh.data, dvzh.cand[dvzh.chosen].name) ||
                                     !strstr(s_zh.data, dvzh.cand[dvzh.rule_choice].name)))
                        FAILF("event %zu forced '%s': the Chinese sentence does not name '%s' and '%s': %s", i,
                              want->label, dvzh.cand[dvzh.chosen].name, dvzh.cand[dvzh.rule_choice].name, s_zh.data);
                    else OK();
                } else {
                    FAILF("event %zu: no decision after forcing '%s'", i, want->label);
                }
                ds_trace_free(&vt);
            }
        }
    }
done:
    ds_trace_free(&tr);
    if (g) G->free(g);
    ds_buf_free(&in);
    ds_buf_free(&s_en);
    ds_buf_free(&s_zh);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : (!strcmp(G->id, "goudan") ? 50 : 200), k;
    for (k = 1; k <= n; k++) one_input((uint64_t)k);
    DS_TEST_MAIN_END();
}
