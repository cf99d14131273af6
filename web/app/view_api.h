/* view_api.h - the dsv_api_* functions the page calls (view_api.c). */
#ifndef DS_VIEW_API_H
#define DS_VIEW_API_H

#include "frame_out.h"
#include "view.h"

/* The view the exports act on and the frame output of the canvas that draws
 * it (both owned by the platform layer; NULL detaches). */
void view_api_attach(ds_view *v, const ds_frame_out *out);
ds_view *view_api_view(void);
const ds_frame_out *view_api_frame_out(void);

int dsv_api_load(int game, const char *text, int len);
int dsv_api_try(const char *spec, int len);
const char *dsv_api_variation(void);
const char *dsv_api_error(void);
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
int dsv_api_find_mark(int dir, int min_mark);
const unsigned char *dsv_api_marks(void);
const char *dsv_api_output(void);
int dsv_api_output_len(void);
int dsv_api_output_line(int step);
const char *dsv_api_event_json(int i);
const char *dsv_api_state_json(int step);
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

#endif
