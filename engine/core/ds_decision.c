/* ds_decision.c - the one writer of decision records and the shared sentences
 * about them (ds_decision.h). */
#include "ds_decision.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int ds_lang_parse(const char *s, ds_lang *out) {
    if (!s) return -1;
    if (!strcmp(s, "en") || !strncmp(s, "en-", 3) || !strncmp(s, "en_", 3)) {
        *out = DS_LANG_EN;
        return 0;
    }
    if (!strcmp(s, "zh") || !strncmp(s, "zh-", 3) || !strncmp(s, "zh_", 3)) {
        *out = DS_LANG_ZH;
        return 0;
    }
    return -1;
}

const char *ds_lang_code(ds_lang l) { return l == DS_LANG_ZH ? "zh" : "en"; }

static const char *const reason_codes[DS_REASON_COUNT] = {
    "rule_choice", "worse_value", "tie_later_in_order", "lower_priority",
    "not_allowed_by_rule", "trick_first", "loses", "chance"};

const char *ds_reason_code(int r) {
    return r >= 0 && r < DS_REASON_COUNT ? reason_codes[r] : NULL;
}

static const char *const measure_codes[DS_MEASURE_COUNT] = {
    NULL, "distance", "p", "difference", "win_chance", "chance"};

const char *ds_measure_code(int m) {
    return m > 0 && m < DS_MEASURE_COUNT ? measure_codes[m] : NULL;
}

void ds_decision_reset(ds_decision *d, ds_lang lang) {
    d->rule = "";
    d->text[0] = '\0';
    d->lang = lang;
    d->measure = DS_MEASURE_NONE;
    d->better = DS_BETTER_NONE;
    d->rule_choice = d->chosen = 0;
    d->forced = 0;
    d->n = 0;
    d->seat[0] = '\0';
    d->ndecline = 0;
}

static void copy_str(char *dst, size_t cap, const char *src) {
    size_t n = src ? strlen(src) : 0;
    if (n >= cap) {
        n = cap - 1;
        /* never cut inside a UTF-8 character */
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80) n--;
    }
    if (n) memcpy(dst, src, n);
    dst[n] = '\0';
}

int ds_decision_add(ds_decision *d, const char *label, const char *name, int has_value,
                    double value, ds_reason reason) {
    ds_cand *c;
    if (d->n >= DS_CANDS_MAX) return -1;
    c = &d->cand[d->n];
    copy_str(c->label, sizeof c->label, label);
    copy_str(c->name, sizeof c->name, name);
    c->has_value = has_value;
    c->value = has_value ? value : 0.0;
    c->reason = reason;
    c->seat[0] = '\0';
    return (int)d->n++;
}

void ds_decision_seat(ds_decision *d, const char *seat) { copy_str(d->seat, sizeof d->seat, seat); }

void ds_decision_cand_seat(ds_decision *d, int k, const char *seat) {
    if (k >= 0 && (size_t)k < d->n) copy_str(d->cand[k].seat, sizeof d->cand[k].seat, seat);
}

int ds_decision_add_decline(ds_decision *d, const char *seat, const char *label,
                            const char *name, const char *then, int has_value, double value) {
    ds_decline *x;
    if (d->ndecline >= DS_DECLINES_MAX) return -1;
    x = &d->decline[d->ndecline];
    copy_str(x->seat, sizeof x->seat, seat);
    copy_str(x->label, sizeof x->label, label);
    copy_str(x->name, sizeof x->name, name);
    copy_str(x->then, sizeof x->then, then);
    x->has_value = has_value;
    x->value = has_value ? value : 0.0;
    return (int)d->ndecline++;
}

int ds_decision_find(const ds_decision *d, const char *label) {
    size_t k;
    for (k = 0; k < d->n; k++)
        if (!strcmp(d->cand[k].label, label)) return (int)k;
    return -1;
}

void ds_decision_pick(ds_decision *d, int rule_choice, int chosen) {
    d->rule_choice = rule_choice;
    d->chosen = chosen;
    d->forced = rule_choice != chosen;
}

/* a JSON number: integers as integers, probabilities with 17 digits */
static void put_num(ds_buf *b, double v) {
    if (v == floor(v) && fabs(v) < 1e15) ds_buf_int(b, (long long)v);
    else ds_buf_printf(b, "%.17g", v);
}

static void put_key_str(ds_buf *b, const char *key, const char *s) {
    ds_buf_puts(b, ",\"");
    ds_buf_puts(b, key);
    ds_buf_puts(b, "\":");
    if (s) ds_buf_json_str(b, s, strlen(s));
    else ds_buf_puts(b, "null");
}

/* ,"key":number, or null when there is none */
static void put_key_value(ds_buf *b, const char *key, int has, double v) {
    ds_buf_puts(b, ",\"");
    ds_buf_puts(b, key);
    ds_buf_puts(b, "\":");
    if (has) put_num(b, v);
    else ds_buf_puts(b, "null");
}

/* {"label":...,"name":... : how a move of the record starts, a candidate's
 * or a seat's decline (the object is left open for its other fields) */
static void put_move_head(ds_buf *b, const char *label, const char *name) {
    ds_buf_puts(b, "{\"label\":");
    ds_buf_json_str(b, label, strlen(label));
    put_key_str(b, "name", name);
}

static void put_assessment(ds_buf *b, const ds_decision *d, ds_buf *tmp) {
    double by = 0, r = 0;
    ds_cmp c = ds_decision_compare(d, d->chosen, &by);
    ds_buf_printf(b, ",\"assessment\":{\"cmp\":\"%s\",\"by\":", ds_cmp_code(c));
    put_num(b, by);
    if (d->measure == DS_MEASURE_WIN_CHANCE && d->cand[d->chosen].has_value &&
        d->cand[d->rule_choice].has_value) {
        ds_verdict v = ds_verdict_of(d->cand[d->rule_choice].value, d->cand[d->chosen].value, &r);
        ds_buf_printf(b, ",\"verdict\":\"%s\",\"r\":", ds_verdict_code(v));
        put_num(b, r);
    }
    ds_buf_clear(tmp);
    ds_say_assessment(tmp, d);
    put_key_str(b, "text", tmp->len ? tmp->data : "");
    ds_buf_putc(b, '}');
}

int ds_decision_json(const ds_decision *d, ds_decision_extra_fn extra, const void *ctx,
                     ds_buf *b) {
    ds_buf note;
    size_t k;
    int several = 0; /* several seats decide: each candidate says whose it is */
    ds_buf_init(&note);
    for (k = 0; k < d->n && !d->seat[0]; k++)
        if (d->cand[k].seat[0]) several = 1;
    ds_buf_puts(b, "{\"rule\":");
    ds_buf_json_str(b, d->rule, strlen(d->rule));
    put_key_str(b, "text", d->text);
    put_key_str(b, "measure", ds_measure_code(d->measure));
    put_key_str(b, "better", d->better == DS_BETTER_HIGHER  ? "higher"
                             : d->better == DS_BETTER_LOWER ? "lower"
                                                            : NULL);
    put_key_str(b, "rule_choice", d->n ? d->cand[d->rule_choice].label : NULL);
    put_key_str(b, "chosen", d->n ? d->cand[d->chosen].label : NULL);
    ds_buf_puts(b, d->forced ? ",\"forced\":true" : ",\"forced\":false");
    ds_buf_puts(b, d->n == 1 ? ",\"only\":true" : ",\"only\":false");
    put_key_str(b, "seat", d->seat[0] ? d->seat : NULL);
    if (d->n && d->better != DS_BETTER_NONE) put_assessment(b, d, &note);
    if (d->ndecline) {
        ds_buf_puts(b, ",\"declines\":[");
        for (k = 0; k < d->ndecline; k++) {
            const ds_decline *x = &d->decline[k];
            if (k) ds_buf_putc(b, ',');
            put_move_head(b, x->label, x->name);
            put_key_str(b, "seat", x->seat);
            put_key_value(b, "value", x->has_value, x->value);
            put_key_str(b, "then", x->then);
            ds_buf_putc(b, '}');
        }
        ds_buf_putc(b, ']');
    }
    if (extra) extra(ctx, -1, b);
    ds_buf_puts(b, ",\"candidates\":[");
    for (k = 0; k < d->n; k++) {
        const ds_cand *c = &d->cand[k];
        if (k) ds_buf_putc(b, ',');
        put_move_head(b, c->label, c->name);
        put_key_value(b, "value", c->has_value, c->value);
        put_key_str(b, "reason", ds_reason_code(c->reason));
        ds_buf_clear(&note);
        ds_say_note(&note, d, (int)k);
        put_key_str(b, "note", note.len ? note.data : "");
        if (several) put_key_str(b, "seat", c->seat[0] ? c->seat : NULL);
        if (extra) extra(ctx, (int)k, b);
        ds_buf_putc(b, '}');
    }
    ds_buf_puts(b, "]}");
    if (note.failed) b->failed = 1;
    ds_buf_free(&note);
    return b->failed ? -1 : 0;
}

/* ---- sentences ----------------------------------------------------------- */

#define ZH(d) ((d)->lang == DS_LANG_ZH)

int ds_say_pct(ds_buf *b, ds_lang lang, double v) {
    const char *sp = lang == DS_LANG_ZH ? "" : " ";
    char t[32];
    size_t n;
    if (!(v > 0)) return ds_buf_printf(b, "0%s%%", sp);
    if (v >= 1) return ds_buf_printf(b, "100%s%%", sp);
    if (v < 0.00005) return ds_buf_printf(b, "<0.01%s%%", sp);
    if (v > 0.99995) return ds_buf_printf(b, ">99.99%s%%", sp);
    snprintf(t, sizeof t, "%.2f", v * 100);
    n = strlen(t);
    while (n > 0 && t[n - 1] == '0') t[--n] = '\0';
    if (n > 0 && t[n - 1] == '.') t[--n] = '\0';
    return ds_buf_printf(b, "%s%s%%", t, sp);
}

static int say_number(ds_buf *b, const ds_decision *d, double v) {
    if (d->measure == DS_MEASURE_WIN_CHANCE || d->measure == DS_MEASURE_CHANCE)
        return ds_say_pct(b, d->lang, v);
    if (v == floor(v)) return ds_buf_int(b, (long long)v);
    return ds_buf_printf(b, "%g", v);
}

int ds_say_value(ds_buf *b, const ds_decision *d, int k) {
    static const char *const en[DS_MEASURE_COUNT] = {"", "distance ", "p ", "difference ",
                                                     "win chance ", "chance "};
    static const char *const zh[DS_MEASURE_COUNT] = {"", "距离 ", "p = ", "差 ", "胜率 ",
                                                     "概率 "};
    const ds_cand *c = &d->cand[k];
    if (!c->has_value) return 0;
    ds_buf_puts(b, (ZH(d) ? zh : en)[d->measure]);
    return say_number(b, d, c->value);
}

/* |a - b| in the measure's words: "1", "4.19 points" */
static void say_gap(ds_buf *b, const ds_decision *d, double gap) {
    if (d->measure == DS_MEASURE_WIN_CHANCE || d->measure == DS_MEASURE_CHANCE) {
        char t[32];
        snprintf(t, sizeof t, "%.2f", gap * 100);
        ds_buf_printf(b, ZH(d) ? "%s 个百分点" : "%s percentage points", t);
    } else {
        say_number(b, d, gap);
    }
}

ds_cmp ds_decision_compare(const ds_decision *d, int k, double *by) {
    const ds_cand *c = &d->cand[k], *r = &d->cand[d->rule_choice];
    if (by) *by = 0;
    if (k == d->rule_choice) return DS_CMP_SAME;
    if (!c->has_value || !r->has_value || d->better == DS_BETTER_NONE) return DS_CMP_OTHER;
    if (c->reason == DS_REASON_TIE_LATER) return DS_CMP_EQUAL;
    if (c->reason != DS_REASON_WORSE_VALUE) return DS_CMP_OTHER;
    if (by) *by = fabs(c->value - r->value);
    return DS_CMP_WORSE;
}

int ds_say_note(ds_buf *b, const ds_decision *d, int k) {
    const ds_cand *c = &d->cand[k], *r = &d->cand[d->rule_choice];
    int zh = ZH(d), more;
    switch (c->reason) {
    case DS_REASON_RULE_CHOICE:
        if (d->n == 1) ds_buf_puts(b, zh ? "唯一可走的一步" : "the only legal move");
        else ds_buf_puts(b, zh ? "规则的选择" : "the rule's choice");
        if (c->has_value) {
            ds_buf_puts(b, zh ? "：" : ": ");
            ds_say_value(b, d, k);
        }
        break;
    case DS_REASON_WORSE_VALUE:
        ds_say_value(b, d, k);
        if (c->has_value && r->has_value) {
            more = c->value > r->value;
            if (zh) {
                ds_buf_puts(b, more ? "，比规则的选择多 " : "，比规则的选择少 ");
                say_gap(b, d, fabs(c->value - r->value));
            } else {
                ds_buf_puts(b, ", ");
                say_gap(b, d, fabs(c->value - r->value));
                ds_buf_puts(b, more ? " more than the rule's choice" : " less than the rule's choice");
            }
        }
        break;
    case DS_REASON_TIE_LATER:
        ds_say_value(b, d, k);
        ds_buf_puts(b, zh ? (c->has_value ? "，与规则的选择相同；按规则的顺序排在后面"
                                          : "按规则的顺序排在后面")
                          : (c->has_value ? ", the same as the rule's choice; later in the rule's tie order"
                                          : "later in the rule's order"));
        break;
    case DS_REASON_LOWER_PRIORITY:
        ds_buf_puts(b, zh ? "优先级低于规则的选择" : "lower priority than the rule's choice");
        break;
    case DS_REASON_NOT_ALLOWED:
        ds_buf_puts(b, zh ? "合法，但规则在这里不会这样走" : "legal, but the rule never takes it here");
        if (c->has_value) {
            ds_buf_puts(b, zh ? "（" : " (");
            ds_say_value(b, d, k);
            ds_buf_puts(b, zh ? "）" : ")");
        }
        break;
    case DS_REASON_TRICK_FIRST:
        ds_buf_puts(b, zh ? "规则先打倒退技巧" : "the rule plays the backwards trick first");
        if (c->has_value) {
            ds_buf_puts(b, zh ? "（" : " (");
            ds_say_value(b, d, k);
            ds_buf_puts(b, zh ? "）" : ")");
        }
        break;
    case DS_REASON_LOSES:
        ds_buf_puts(b, zh ? "这一步立刻输掉" : "loses at once");
        if (c->has_value) {
            ds_buf_puts(b, zh ? "（" : " (");
            ds_say_value(b, d, k);
            ds_buf_puts(b, zh ? "）" : ")");
        }
        break;
    case DS_REASON_CHANCE:
        ds_buf_puts(b, zh ? "随机结果" : "an outcome of chance");
        if (c->has_value) {
            ds_buf_puts(b, zh ? "，" : ", ");
            ds_say_value(b, d, k);
        }
        break;
    default:
        break;
    }
    return b->failed ? -1 : 0;
}

int ds_say_forced(ds_buf *b, const ds_decision *d) {
    const ds_cand *r;
    if (!d->forced || !d->n) return 0;
    r = &d->cand[d->rule_choice];
    if (ZH(d)) {
        ds_buf_puts(b, "（你的选择");
        if (d->cand[d->chosen].has_value) {
            ds_buf_puts(b, "，");
            ds_say_value(b, d, d->chosen);
        }
        ds_buf_puts(b, "；规则的选择：");
        ds_buf_puts(b, r->name);
        if (r->has_value) {
            ds_buf_puts(b, "，");
            ds_say_value(b, d, d->rule_choice);
        }
        ds_buf_puts(b, "）");
    } else {
        ds_buf_puts(b, " (your choice");
        if (d->cand[d->chosen].has_value) {
            ds_buf_puts(b, ", ");
            ds_say_value(b, d, d->chosen);
        }
        ds_buf_puts(b, "; the rule's move: ");
        ds_buf_puts(b, r->name);
        if (r->has_value) {
            ds_buf_puts(b, ", ");
            ds_say_value(b, d, d->rule_choice);
        }
        ds_buf_puts(b, ")");
    }
    return b->failed ? -1 : 0;
}

int ds_say_list(ds_buf *b, ds_lang lang, const char *const *s, size_t n) {
    size_t k;
    for (k = 0; k < n; k++) {
        if (k > 0 && k + 1 == n) ds_buf_puts(b, lang == DS_LANG_ZH ? " 和 " : " and ");
        else if (k > 0) ds_buf_puts(b, lang == DS_LANG_ZH ? "、" : ", ");
        ds_buf_puts(b, s[k]);
    }
    return b->failed ? -1 : 0;
}

int ds_say_capital(ds_buf *b, size_t from) {
    if (!b->failed && from < b->len && b->data[from] >= 'a' && b->data[from] <= 'z')
        b->data[from] = (char)(b->data[from] - 'a' + 'A');
    return b->failed ? -1 : 0;
}

static const char *const cmp_codes[] = {"same", "equal", "worse", "other"};
const char *ds_cmp_code(int c) { return c >= 0 && c <= DS_CMP_OTHER ? cmp_codes[c] : NULL; }

static const char *const verdict_codes[DS_VERDICT_COUNT] = {"best", "good", "inaccuracy",
                                                            "mistake", "blunder"};
const char *ds_verdict_code(int v) {
    return v >= 0 && v < DS_VERDICT_COUNT ? verdict_codes[v] : NULL;
}

ds_verdict ds_verdict_of(double best, double after, double *r) {
    double scale = best < 1 - best ? best : 1 - best, x;
    x = scale > 0 ? (best - after) / scale : 0;
    if (x < 0) x = 0;
    if (r) *r = x;
    if (best - after <= 1e-9) return DS_VERDICT_BEST;
    if (x < 0.10) return DS_VERDICT_GOOD;
    if (x < 0.25) return DS_VERDICT_INACCURACY;
    if (x < 0.50) return DS_VERDICT_MISTAKE;
    return DS_VERDICT_BLUNDER;
}

int ds_say_assessment(ds_buf *b, const ds_decision *d) {
    static const char *const en_v[DS_VERDICT_COUNT] = {"best", "good", "inaccuracy", "mistake",
                                                       "blunder"};
    static const char *const zh_v[DS_VERDICT_COUNT] = {"最佳", "好棋", "不精确", "失误",
                                                       "严重失误"};
    const ds_cand *c, *r;
    double by = 0, ratio = 0;
    ds_cmp cmp;
    if (!d->n) return 0;
    c = &d->cand[d->chosen];
    r = &d->cand[d->rule_choice];
    cmp = ds_decision_compare(d, d->chosen, &by);
    if (d->measure == DS_MEASURE_WIN_CHANCE && c->has_value && r->has_value) {
        ds_verdict v = ds_verdict_of(r->value, c->value, &ratio);
        char t[16];
        ds_buf_puts(b, ZH(d) ? "胜率 " : "win chance ");
        ds_say_pct(b, d->lang, r->value);
        ds_buf_puts(b, " → ");
        ds_say_pct(b, d->lang, c->value);
        if (v != DS_VERDICT_BEST) {
            snprintf(t, sizeof t, "%.0f", ratio * 100 > 100 ? 100 : ratio * 100);
            if (ZH(d)) ds_buf_printf(b, "，你的机会失去了 %s%%", t);
            else ds_buf_printf(b, ", %s %% of your chance lost", t);
        }
        ds_buf_puts(b, ZH(d) ? "：" : ": ");
        ds_buf_puts(b, (ZH(d) ? zh_v : en_v)[v]);
        return b->failed ? -1 : 0;
    }
    switch (cmp) {
    case DS_CMP_SAME:
        ds_buf_puts(b, ZH(d) ? "与规则相同" : "same as the rule");
        break;
    case DS_CMP_EQUAL:
        ds_buf_puts(b, ZH(d) ? "价值相同，规则的平局顺序不同" : "equal value, other tie order");
        break;
    case DS_CMP_WORSE:
        if (ZH(d)) {
            ds_buf_puts(b, "差了 ");
            say_gap(b, d, by);
            ds_buf_puts(b, "：");
            ds_say_value(b, d, d->chosen);
            ds_buf_puts(b, "，规则的选择是 ");
            say_number(b, d, r->value);
        } else {
            ds_buf_puts(b, "worse by ");
            say_gap(b, d, by);
            ds_buf_puts(b, ": ");
            ds_say_value(b, d, d->chosen);
            ds_buf_puts(b, " against the rule's ");
            say_number(b, d, r->value);
        }
        break;
    default:
        ds_buf_puts(b, ZH(d) ? "规则不会这样走：" : "a move the rule does not make: ");
        ds_say_note(b, d, d->chosen);
        break;
    }
    return b->failed ? -1 : 0;
}
