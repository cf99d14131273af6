/* view_api.h - the dsv_api_* functions the page calls: the viewer
 * (view_api.c), the DP views (api_dp_mahjong.c, api_dp_goudan.c) and the
 * exports (view_export.c). Each is defined DSV_API, which keeps it in the
 * WebAssembly for JavaScript to call; natively they are plain functions (the
 * tests call them).
 *
 * This header is the one list of those exports: scripts/gen-binding.mjs
 * reads every dsv_api_* declaration below and writes the page's binding,
 * web/shell/core/binding.js (dsv(Module).<name without dsv_api_>, typed for
 * the checker); no other file of the page calls ccall/cwrap/Module._dsv_*.
 * Every DSV_API definition must be declared here (the generator checks).
 * In JavaScript int, long, unsigned and double are numbers, void returns
 * undefined, a `const char *` is a string (UTF-8, copied), and any other
 * pointer is a number (an address in the module's memory). A declaration
 * whose line says @ptr passes its `char *` as an address too (the page
 * writes or reads the bytes itself, with a length). Declare one a line. */
#ifndef DS_VIEW_API_H
#define DS_VIEW_API_H

#include "model/view.h"
#include "scenes/frame_out.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define DSV_API EMSCRIPTEN_KEEPALIVE
#else
#define DSV_API
#endif

/* The view the exports act on and the frame output of the canvas that draws
 * it (both owned by the platform layer; NULL detaches). */
void view_api_attach(ds_view *v, const ds_frame_out *out);
ds_view *view_api_view(void);
const ds_frame_out *view_api_frame_out(void);

int dsv_api_load(int game, const char *text, int len); /* @ptr: text is len bytes at an address */
int dsv_api_try(const char *spec, int len); /* @ptr: spec is len bytes at an address */
const char *dsv_api_variation(void);
const char *dsv_api_error(void);
const char *dsv_api_error_json(void); /* the error as data, for i18n.errorText */
int dsv_api_error_line(void);
int dsv_api_error_col(void);
/* ["cirno",...] (ds_games.h) and ["none","turn",...] (DSV_MARKS), by number. */
const char *dsv_api_games(void);
const char *dsv_api_mark_kinds(void);
int dsv_api_game(void);
int dsv_api_loaded(void);
int dsv_api_steps(void);
int dsv_api_step(void);
int dsv_api_busy(void);
double dsv_api_progress(void);
void dsv_api_seek(int step, int animate);
void dsv_api_play(int on);
int dsv_api_playing(void);
void dsv_api_set_speed(double x);
double dsv_api_speed(void);
void dsv_api_set_play_to(int step);
void dsv_api_set_reduced_motion(int on);
void dsv_api_set_mode(int mode);
int dsv_api_mode(void);
/* Draw the next frame even if nothing changed (frames are drawn only when
 * the picture can differ: model/view.h). */
void dsv_api_redraw(void);
int dsv_api_find_mark(int dir, int min_mark);
const unsigned char *dsv_api_marks(void);
const char *dsv_api_output(void); /* @ptr: dsv_api_output_len() bytes */
int dsv_api_output_len(void);
int dsv_api_output_line(int step);
int dsv_api_output_count(void);
const char *dsv_api_output_text(int line);
int dsv_api_work(double budget_ms);
const char *dsv_api_event_json(int i);
const char *dsv_api_state_json(int step);
/* The engine's words in the view's language (<game>_narrate.c): the sentence
 * about event i, how the line shown ended, the sentence of step 0, the
 * headline of the state at `step`, what event i changed (one sentence a
 * line); "" when there is none. */
const char *dsv_api_narrate(int i);
const char *dsv_api_outcome(void);
const char *dsv_api_start(void);
const char *dsv_api_headline(int step);
const char *dsv_api_changes(int i);
const char *dsv_api_thegame_lines(int step);
const char *dsv_api_generate(int game, double seed);
int dsv_api_goudan_select(int query, double seed);
int dsv_api_goudan_query(void);
int dsv_api_goudan_count(void);
void dsv_api_set_lang(int zh);
int dsv_api_lang(void);
void dsv_api_set_text_scale(double k);
double dsv_api_text_scale(void);
const char *dsv_api_drawn_strings(void);
const char *dsv_api_hit(double x, double y);
const char *dsv_api_regions(void);

/* mahjong's DP panel (api_dp_mahjong.c): they act on view_api_view()'s DP
 * model and read what the canvas's last frame measured (view_api_frame_out).
 * open: step -1 = the current step, player -1 = the player to act; 0 or -1
 * (-1 also when the hand is incomplete: info says ok:false). */
int dsv_api_dp_mahjong_open(int step, int player);
int dsv_api_dp_mahjong_open_candidate(int i);
void dsv_api_dp_mahjong_seek(int pos, int animate); /* stops playing */
int dsv_api_dp_mahjong_pos(void);
void dsv_api_dp_mahjong_play(int on);
int dsv_api_dp_mahjong_playing(void);
void dsv_api_dp_mahjong_set_speed(double x);
int dsv_api_dp_mahjong_hover(void);             /* DP state under the pointer, -1 */
int dsv_api_dp_mahjong_version(void);           /* changes with the hand shown */
const char *dsv_api_dp_mahjong_info(void);      /* JSON, see api_dp_mahjong.c */
const char *dsv_api_dp_mahjong_record(void);    /* mahjong_dp_record_json */

/* goudan's decision explorer (api_dp_goudan.c). The JSON of an explorer
 * (into dp->json): its state, the engine's JSON of its turn, decision and
 * chance tree, and the tree's colours and headings as the frame `out` drew
 * them (NULL: not drawn). */
struct dsv_dp_goudan;
const char *dsv_dp_goudan_json(ds_view *v, struct dsv_dp_goudan *dp, const ds_frame_out *out);
const char *dsv_api_dp_goudan_json(void);
int dsv_api_dp_goudan_rev(void);
void dsv_api_dp_goudan_expand(int on);
int dsv_api_dp_goudan_enter(int node);
void dsv_api_dp_goudan_back(int depth);
void dsv_api_dp_goudan_follow(void);
int dsv_api_dp_goudan_start(const char *text);
int dsv_api_dp_goudan_heat_work(double budget_ms); /* 1 while cells are left */
void dsv_api_dp_goudan_anim(int cmd);

/* PNG and GIF exports (view_export.c, which explains each at its top). */
void dsv_api_export_free(void);
const char *dsv_api_export_error(void);
int dsv_api_export_frame(int css_w, int css_h, double scale, int dark);
const unsigned char *dsv_api_export_pixels(void);
int dsv_api_export_width(void);
int dsv_api_export_height(void);
int dsv_api_export_pitch(void);
int dsv_api_export_gif_begin(int from, int to, int css_w, int css_h, double scale, int dark, int tween, int caption_h);
int dsv_api_export_gif_work(double budget_ms);
long dsv_api_export_gif_need_step(void);
unsigned char *dsv_api_export_gif_caption(void);
int dsv_api_export_gif_caption_ready(long step);
unsigned dsv_api_export_theme_color(int dark, int which);
double dsv_api_export_progress(void);
int dsv_api_export_frames(void);
int dsv_api_export_frames_done(void);
const unsigned char *dsv_api_export_data(void);
int dsv_api_export_size(void);

#endif
