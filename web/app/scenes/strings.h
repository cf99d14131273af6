/* strings.h - how the canvas's words are looked up, in English and Chinese,
 * and the words that belong to no game's scene.
 *
 * The scenes never write a label as a literal: a game's scene (and a DP
 * view) keeps the words it draws in its own file, a static table of
 * ui_word {en, zh} pairs indexed by a local enum (scene_<id>.c: `words`,
 * `W_...`, given to the tests as ds_scene.words / n_words), and asks
 * ui_word_str(view, &words[W_...]); the words of no game (the placeholder)
 * are here, ui_str(view, UI_...). Both give the string of the view's
 * language (ds_view.lang, set by the page through dsv_api_set_lang, natively
 * by --lang). Codes stay codes in both languages (tile and card codes 3M,
 * PASS, DOUBLE, player letters A-D, E/T, digits, symbols). Some entries are
 * printf formats: their arguments are the same, in the same order, in both
 * languages (frontend_zh checks every table: complete, the same
 * conversions, every glyph in the atlas).
 *
 * The build collects the non-ASCII code points of strings.c and of every
 * web/app/scenes/scene_*.c (web/cmake/cjk_glyphs.cmake) and subsets the CJK
 * font (fonts-wqy-microhei) to exactly those glyphs: a new Chinese word, or
 * a new game's scene, needs no other edit. */
#ifndef DS_STRINGS_H
#define DS_STRINGS_H

#include "model/view.h"

typedef enum ui_id {
    /* placeholder (nothing loaded, goudan solving) */
    UI_PH_TAGLINE,
    UI_PH_TAGLINE_SHORT,
    UI_PH_STATUS,         /* %.1f s, %ld frame, %.0f w, %.0f h, %.2f scale */
    UI_PH_SOLVING,        /* %s game, %.0f percent */
    UI_COUNT
} ui_id;

/* One word of a scene's table: English and Chinese (UTF-8). */
typedef struct ui_word {
    const char *en, *zh;
} ui_word;

/* The view's language (DS_LANG_EN for NULL). */
int ui_lang(const ds_view *v);
/* The string of `id` in the view's language (never NULL). */
const char *ui_str(const ds_view *v, ui_id id);
const char *ui_str_lang(int lang, ui_id id);
/* The string of a scene's word in the view's language (its English if the
 * Chinese is missing; never NULL). */
const char *ui_word_str(const ds_view *v, const ui_word *w);
/* The table entry itself (NULL when missing): for the tests. */
const char *ui_str_raw(int lang, ui_id id);
/* The language of a name: "en" / "zh" (also "zh-CN", ...); -1 if unknown. */
int ui_lang_from_name(const char *name);

#endif
