/* strings.h - every word the canvas draws, in English and Chinese.
 *
 * The scenes never write a label as a literal: they ask ui_str(view, UI_...)
 * and get the string of the view's language (ds_view.lang, set by the page
 * through dsv_api_set_lang, natively by --lang). Codes stay codes in both
 * languages (tile and card codes 3M, PASS, DOUBLE, player letters A-D, E/T,
 * digits, symbols). Some entries are printf formats: their arguments are
 * the same, in the same order, in both languages.
 *
 * The tables are in strings.c, one per language. The build collects the
 * non-ASCII code points of strings.c (web/cmake/cjk_glyphs.cmake) and
 * subsets the CJK font (fonts-wqy-microhei) to exactly those glyphs: a new
 * Chinese word needs no other edit. */
#ifndef DS_STRINGS_H
#define DS_STRINGS_H

#include "model/view.h"

typedef enum ui_id {
    /* cirno */
    UI_CIRNO_HUD_ROUND,   /* "ROUND " before r/m */
    UI_CIRNO_HUD_PLAY,    /* "PLAY " before the plays of the round */
    UI_CIRNO_HUD_DECK,    /* "DECK " before the cards left */
    UI_CIRNO_DECK,        /* under the deck */
    UI_CIRNO_LOST,        /* badge on the loser's seat */
    UI_CIRNO_LOSS,        /* badge under p */
    UI_CIRNO_ROUND_P0,    /* caption at a round start: %u round */
    UI_CIRNO_ROUND_N,     /* badge when a round starts: %u round */
    /* thegame */
    UI_TG_HUD_TURN,
    UI_TG_HUD_HAND,
    UI_TG_HUD_PILE,
    UI_TG_PILE,
    UI_TG_WIN,
    UI_TG_LOSS,
    UI_TG_ROW_UP,         /* %d: 1 or 2 */
    UI_TG_ROW_DOWN,
    /* mahjong */
    UI_MJ_PONG,
    UI_MJ_CHOW,
    UI_MJ_RON,
    UI_MJ_SELFDRAWN,
    UI_MJ_RON_WIN,
    UI_MJ_SELFDRAWN_WIN,
    UI_MJ_SKIPPED,        /* a turn skipped by PASS */
    UI_MJ_EXHAUSTED,      /* the wall ran out */
    /* goudan */
    UI_GD_NAME_E,         /* 小E in sentences */
    UI_GD_NAME_T,         /* the teacher in sentences */
    UI_GD_BADGE_E,        /* the letter on the plate */
    UI_GD_BADGE_T,
    UI_GD_TO_MOVE_OPS,    /* after ▶ on the mover's plate, before the op dots */
    UI_GD_TURN_N,         /* %d */
    UI_GD_EV_TURN,        /* %s who */
    UI_GD_TURN_DRAW,
    UI_GD_TURN_FULL,
    UI_GD_EV_SKILL,       /* %s who */
    UI_GD_EV_FACE,
    UI_GD_EV_TRADE,
    UI_GD_EV_PLAY,
    UI_GD_EV_HIT,         /* %d hits done */
    UI_GD_HIT_TARGET,     /* %d characters, %d characters */
    UI_GD_HIT_BRIEF,      /* the same, brief (small canvases) */
    UI_GD_EV_PLACE,
    UI_GD_EV_END_TURN,
    UI_GD_CHANCE_1,       /* %s who, %.4f value, %d options (1) */
    UI_GD_CHANCE_N,       /* the same, several options */
    UI_GD_CHANCE_BRIEF,   /* %s who, %.4f value (small canvases) */
    UI_GD_START,
    UI_GD_START_SUB,      /* %d operations per turn */
    UI_GD_WINS,           /* %s who */
    /* goudan DP view */
    UI_GDP_OP_PLAY,
    UI_GDP_OP_FACE,       /* %d attacker HP */
    UI_GDP_OP_TRADE,      /* %d attacker HP, %d target HP */
    UI_GDP_OP_SKILL,
    UI_GDP_OP_END,
    UI_GDP_PLAY_VALUE,    /* %.4f */
    UI_GDP_WINS_SHORT,    /* %s who */
    UI_GDP_STEP,          /* %ld step, %s who */
    UI_GDP_TYPED,         /* prefix of a typed start state's crumb */
    UI_GDP_GAME_OVER,     /* %s who */
    UI_GDP_SOLVE,         /* %d hp, %d total HP, %d layer, %d layers, %s phase, %llu, %llu */
    UI_GDP_PHASE_CHANCE1,
    UI_GDP_PHASE_CHANCE2,
    UI_GDP_PHASE_CHANCE3,
    UI_GDP_PHASE_START,
    UI_GDP_PHASE_TURN,
    UI_GDP_PHASE_DONE,
    /* placeholder (nothing loaded, goudan solving) */
    UI_PH_TAGLINE,
    UI_PH_TAGLINE_SHORT,
    UI_PH_STATUS,         /* %.1f s, %ld frame, %.0f w, %.0f h, %.2f scale */
    UI_PH_SOLVING,        /* %s game, %.0f percent */
    UI_PH_SUB_MAHJONG,
    UI_PH_SUB_GOUDAN,
    /* click regions (issues 14, 15): goudan's button for ending the turn */
    UI_GD_BTN_END_TURN,
    UI_COUNT
} ui_id;

/* The view's language (DS_LANG_EN for NULL). */
int ui_lang(const ds_view *v);
/* The string of `id` in the view's language (never NULL). */
const char *ui_str(const ds_view *v, ui_id id);
const char *ui_str_lang(int lang, ui_id id);
/* The table entry itself (NULL when missing): for the tests. */
const char *ui_str_raw(int lang, ui_id id);
/* The language of a name: "en" / "zh" (also "zh-CN", ...); -1 if unknown. */
int ui_lang_from_name(const char *name);

#endif
