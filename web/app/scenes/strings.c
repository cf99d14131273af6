/* strings.c - the words of no game's scene (the placeholder), one table per
 * language, and the lookups (strings.h). Each game's scene words are in its
 * scene_<id>.c.
 *
 * The Chinese terms are the page's own (web/shell/core/narrate.js, i18n.js);
 * card, tile and player codes are not translated. This file is UTF-8: the
 * build subsets the CJK font to the code points it finds here and in the
 * scene files (web/cmake/cjk_glyphs.cmake). */
#include "scenes/strings.h"

#include <string.h>

#define DOT "\xc2\xb7"   /* · */

static const char *const ui_en[UI_COUNT] = {
    [UI_PH_TAGLINE] = "four card games, simulated exactly as their judges do",
    [UI_PH_TAGLINE_SHORT] = "four card games, judge-exact",
    [UI_PH_STATUS] = "t = %.1f s  " DOT "  frame %ld  " DOT "  %.0f\xc3\x97%.0f px  " DOT "  scale %.2f",
    [UI_PH_SOLVING] = "solving %s: %.0f %%",
};

static const char *const ui_zh[UI_COUNT] = {
    [UI_PH_TAGLINE] = "四个卡牌游戏，与评测机完全一致的模拟",
    [UI_PH_TAGLINE_SHORT] = "四个卡牌游戏",
    [UI_PH_STATUS] = "t = %.1f 秒  " DOT "  第 %ld 帧  " DOT "  %.0f\xc3\x97%.0f 像素  " DOT "  缩放 %.2f",
    [UI_PH_SOLVING] = "正在求解 %s：%.0f %%",
};

int ui_lang(const ds_view *v) { return v && v->lang == DS_LANG_ZH ? DS_LANG_ZH : DS_LANG_EN; }

const char *ui_str_lang(int lang, ui_id id) {
    const char *s;
    if ((int)id < 0 || id >= UI_COUNT) return "";
    s = lang == DS_LANG_ZH ? ui_zh[id] : ui_en[id];
    if (!s) s = ui_en[id]; /* tests/frontend check that none is missing */
    return s ? s : "";
}

const char *ui_str_raw(int lang, ui_id id) {
    if ((int)id < 0 || id >= UI_COUNT) return NULL;
    return lang == DS_LANG_ZH ? ui_zh[id] : ui_en[id];
}

const char *ui_str(const ds_view *v, ui_id id) { return ui_str_lang(ui_lang(v), id); }

const char *ui_word_str(const ds_view *v, const ui_word *w) {
    const char *s;
    if (!w) return "";
    s = ui_lang(v) == DS_LANG_ZH ? w->zh : w->en;
    if (!s) s = w->en; /* frontend_zh checks that none is missing */
    return s ? s : "";
}

int ui_lang_from_name(const char *name) {
    if (!name) return -1;
    if (!strcmp(name, "en") || !strncmp(name, "en-", 3)) return DS_LANG_EN;
    if (!strcmp(name, "zh") || !strncmp(name, "zh-", 3)) return DS_LANG_ZH;
    return -1;
}
