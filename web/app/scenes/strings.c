/* strings.c - the canvas's words, one table per language (strings.h).
 *
 * The Chinese terms are the page's own (web/shell/core/narrate.js, i18n.js):
 * 轮 / 牌堆 (cirno), 回合 / 手牌 / 抽牌堆 / 递增行 / 递减行 (thegame),
 * 碰 / 吃 / 荣和 / 自摸 / 流局 (mahjong), 小E / 老师 / 体力 / 随从 / 技能 /
 * 打牌 / 同归于尽 / 结束回合 / 胜率 (goudan). Card, tile and player codes are
 * not translated. This file is UTF-8: the build subsets the CJK font to the
 * code points it finds here (web/cmake/cjk_glyphs.cmake). */
#include "scenes/strings.h"

#include <string.h>

#define DOT "\xc2\xb7"   /* · */
#define MINUS "\xe2\x88\x92" /* − */
#define CHECK "\xe2\x9c\x93" /* ✓ */
#define CROSS "\xe2\x9c\x97" /* ✗ */
#define PLAYS "\xe2\x96\xb6" /* ▶ */

static const char *const ui_en[UI_COUNT] = {
    [UI_CIRNO_HUD_ROUND] = "ROUND ",
    [UI_CIRNO_HUD_PLAY] = "PLAY ",
    [UI_CIRNO_HUD_DECK] = "DECK ",
    [UI_CIRNO_DECK] = "DECK",
    [UI_CIRNO_LOST] = "LOST",
    [UI_CIRNO_LOSS] = "LOSS",
    [UI_CIRNO_ROUND_P0] = "ROUND %u " DOT " p = 0",
    [UI_CIRNO_ROUND_N] = "ROUND %u",

    [UI_TG_HUD_TURN] = "TURN ",
    [UI_TG_HUD_HAND] = "HAND ",
    [UI_TG_HUD_PILE] = "PILE ",
    [UI_TG_PILE] = "PILE",
    [UI_TG_WIN] = "WIN " CHECK,
    [UI_TG_LOSS] = "LOSS " CROSS,
    [UI_TG_ROW_UP] = "up%d",
    [UI_TG_ROW_DOWN] = "down%d",

    [UI_MJ_PONG] = "PONG",
    [UI_MJ_CHOW] = "CHOW",
    [UI_MJ_RON] = "RON",
    [UI_MJ_SELFDRAWN] = "SELFDRAWN",
    [UI_MJ_RON_WIN] = "RON " CHECK " WIN",
    [UI_MJ_SELFDRAWN_WIN] = "SELFDRAWN " CHECK " WIN",
    [UI_MJ_SKIPPED] = CROSS " PASS",
    [UI_MJ_EXHAUSTED] = "DRAW  \xc3\x97" "0",

    /* goudan's players as the page and the DP view name them (issue 13): 小E
     * in both languages, the teacher; the badges E / T stay codes */
    [UI_GD_NAME_E] = "\xe5\xb0\x8f" "E",
    [UI_GD_NAME_T] = "teacher",
    [UI_GD_BADGE_E] = "E",
    [UI_GD_BADGE_T] = "T",
    [UI_GD_TO_MOVE_OPS] = " to move  ops",
    [UI_GD_TURN_N] = "turn %d",
    [UI_GD_EV_TURN] = "%s: TURN",
    [UI_GD_TURN_DRAW] = "attack marks reset " DOT " draws a card",
    [UI_GD_TURN_FULL] = "attack marks reset " DOT " hand full, no draw",
    [UI_GD_EV_SKILL] = "%s: SKILL  " MINUS "2 HP",
    [UI_GD_EV_FACE] = "%s: FACE  " MINUS "3",
    [UI_GD_EV_TRADE] = "%s: TRADE",
    [UI_GD_EV_PLAY] = "%s: PLAY",
    [UI_GD_EV_HIT] = "HIT %d of 3",
    [UI_GD_HIT_TARGET] = "random target: 1 of %d characters, probability 1/%d",
    [UI_GD_HIT_BRIEF] = "random: 1 of %d, p = 1/%d",
    [UI_GD_EV_PLACE] = "%s: PLACE",
    [UI_GD_EV_END_TURN] = "%s: END TURN",
    [UI_GD_CHANCE_1] = "P(%s wins) = %.4f  " DOT "  best of %d option",
    [UI_GD_CHANCE_N] = "P(%s wins) = %.4f  " DOT "  best of %d options",
    [UI_GD_CHANCE_BRIEF] = "P(%s wins) = %.4f",
    [UI_GD_START] = "START",
    [UI_GD_START_SUB] = "\xe5\xb0\x8f" "E moves first " DOT " O = %d operations per turn",
    [UI_GD_WINS] = "%s wins",

    [UI_GDP_OP_PLAY] = "PLAY",
    [UI_GDP_OP_FACE] = "FACE %d",
    [UI_GDP_OP_TRADE] = "TRADE %dx%d",
    [UI_GDP_OP_SKILL] = "SKILL",
    [UI_GDP_OP_END] = "END",
    [UI_GDP_PLAY_VALUE] = "PLAY %.4f",
    [UI_GDP_WINS_SHORT] = "%s wins",
    [UI_GDP_STEP] = "step %ld: %s",
    [UI_GDP_TYPED] = "typed: ",
    [UI_GDP_GAME_OVER] = "game over: %s wins",
    [UI_GDP_SOLVE] = "HP<=%d  L=%d (%d/%d)  %s  %llu/%llu",
    [UI_GDP_PHASE_CHANCE1] = "chance1",
    [UI_GDP_PHASE_CHANCE2] = "chance2",
    [UI_GDP_PHASE_CHANCE3] = "chance3",
    [UI_GDP_PHASE_START] = "start",
    [UI_GDP_PHASE_TURN] = "turn",
    [UI_GDP_PHASE_DONE] = "done",

    [UI_PH_TAGLINE] = "four card games, simulated exactly as their judges do",
    [UI_PH_TAGLINE_SHORT] = "four card games, judge-exact",
    [UI_PH_STATUS] = "t = %.1f s  " DOT "  frame %ld  " DOT "  %.0f\xc3\x97%.0f px  " DOT "  scale %.2f",
    [UI_PH_SOLVING] = "solving %s: %.0f %%",
    [UI_PH_SUB_MAHJONG] = "\xe2\x99\xa0 \xe2\x99\xa5 \xe2\x99\xa6 \xe2\x99\xa3  tiles",
    [UI_PH_SUB_GOUDAN] = "\xe2\x86\x92 \xe2\x86\x90  play " DOT " pass",
    [UI_GD_BTN_END_TURN] = "END TURN",
};

static const char *const ui_zh[UI_COUNT] = {
    [UI_CIRNO_HUD_ROUND] = "轮 ",
    [UI_CIRNO_HUD_PLAY] = "出牌 ",
    [UI_CIRNO_HUD_DECK] = "牌堆 ",
    [UI_CIRNO_DECK] = "牌堆",
    [UI_CIRNO_LOST] = "输",
    [UI_CIRNO_LOSS] = "输了",
    [UI_CIRNO_ROUND_P0] = "第 %u 轮 " DOT " p = 0",
    [UI_CIRNO_ROUND_N] = "第 %u 轮",

    [UI_TG_HUD_TURN] = "回合 ",
    [UI_TG_HUD_HAND] = "手牌 ",
    [UI_TG_HUD_PILE] = "抽牌堆 ",
    [UI_TG_PILE] = "抽牌堆",
    [UI_TG_WIN] = "胜利 " CHECK,
    [UI_TG_LOSS] = "失败 " CROSS,
    [UI_TG_ROW_UP] = "递增行 %d",
    [UI_TG_ROW_DOWN] = "递减行 %d",

    [UI_MJ_PONG] = "碰",
    [UI_MJ_CHOW] = "吃",
    [UI_MJ_RON] = "荣和",
    [UI_MJ_SELFDRAWN] = "自摸",
    [UI_MJ_RON_WIN] = "荣和 " CHECK " 和牌",
    [UI_MJ_SELFDRAWN_WIN] = "自摸 " CHECK " 和牌",
    [UI_MJ_SKIPPED] = CROSS " 跳过",
    [UI_MJ_EXHAUSTED] = "流局",

    [UI_GD_NAME_E] = "小E",
    [UI_GD_NAME_T] = "老师",
    [UI_GD_BADGE_E] = "E",
    [UI_GD_BADGE_T] = "师",
    [UI_GD_TO_MOVE_OPS] = " 行动  操作",
    [UI_GD_TURN_N] = "第 %d 回合",
    [UI_GD_EV_TURN] = "%s：回合开始",
    [UI_GD_TURN_DRAW] = "攻击标记清除 " DOT " 摸一张牌",
    [UI_GD_TURN_FULL] = "攻击标记清除 " DOT " 手牌已满，不摸牌",
    [UI_GD_EV_SKILL] = "%s：技能  体力 " MINUS "2",
    [UI_GD_EV_FACE] = "%s：攻击  " MINUS "3",
    [UI_GD_EV_TRADE] = "%s：同归于尽",
    [UI_GD_EV_PLAY] = "%s：打牌",
    [UI_GD_EV_HIT] = "第 %d/3 次伤害",
    [UI_GD_HIT_TARGET] = "随机目标：%d 个角色之一，概率 1/%d",
    [UI_GD_HIT_BRIEF] = "随机：%d 选 1，概率 1/%d",
    [UI_GD_EV_PLACE] = "%s：成为随从",
    [UI_GD_EV_END_TURN] = "%s：结束回合",
    [UI_GD_CHANCE_1] = "%s胜率 %.4f  " DOT "  %d 个操作中最优",
    [UI_GD_CHANCE_N] = "%s胜率 %.4f  " DOT "  %d 个操作中最优",
    [UI_GD_CHANCE_BRIEF] = "%s胜率 %.4f",
    [UI_GD_START] = "开始",
    [UI_GD_START_SUB] = "小E先行动 " DOT " 每回合 O = %d 次操作",
    [UI_GD_WINS] = "%s获胜",

    [UI_GDP_OP_PLAY] = "打牌",
    [UI_GDP_OP_FACE] = "攻击 %d",
    [UI_GDP_OP_TRADE] = "同归 %d\xc3\x97%d",
    [UI_GDP_OP_SKILL] = "技能",
    [UI_GDP_OP_END] = "结束回合",
    [UI_GDP_PLAY_VALUE] = "打牌 %.4f",
    [UI_GDP_WINS_SHORT] = "%s胜",
    [UI_GDP_STEP] = "第 %ld 步：%s",
    [UI_GDP_TYPED] = "输入：",
    [UI_GDP_GAME_OVER] = "游戏结束：%s获胜",
    [UI_GDP_SOLVE] = "体力≤%d  L=%d (%d/%d)  %s  %llu/%llu",
    [UI_GDP_PHASE_CHANCE1] = "随机 1",
    [UI_GDP_PHASE_CHANCE2] = "随机 2",
    [UI_GDP_PHASE_CHANCE3] = "随机 3",
    [UI_GDP_PHASE_START] = "回合开始",
    [UI_GDP_PHASE_TURN] = "回合中",
    [UI_GDP_PHASE_DONE] = "完成",

    [UI_PH_TAGLINE] = "四个卡牌游戏，与评测机完全一致的模拟",
    [UI_PH_TAGLINE_SHORT] = "四个卡牌游戏",
    [UI_PH_STATUS] = "t = %.1f 秒  " DOT "  第 %ld 帧  " DOT "  %.0f\xc3\x97%.0f 像素  " DOT "  缩放 %.2f",
    [UI_PH_SOLVING] = "正在求解 %s：%.0f %%",
    [UI_PH_SUB_MAHJONG] = "\xe2\x99\xa0 \xe2\x99\xa5 \xe2\x99\xa6 \xe2\x99\xa3  麻将牌",
    [UI_PH_SUB_GOUDAN] = "\xe2\x86\x92 \xe2\x86\x90  打牌 " DOT " 技能",
    [UI_GD_BTN_END_TURN] = "结束回合",
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

int ui_lang_from_name(const char *name) {
    if (!name) return -1;
    if (!strcmp(name, "en") || !strncmp(name, "en-", 3)) return DS_LANG_EN;
    if (!strcmp(name, "zh") || !strncmp(name, "zh-", 3)) return DS_LANG_ZH;
    return -1;
}
