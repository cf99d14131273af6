/* test_api_unattached.c - the page's dsv_api_* functions before any view is
 * attached (and after view_api_attach(NULL)): JavaScript can call them at
 * any time, so each must answer "nothing loaded" instead of reading through
 * a NULL view (issue 17). Then a real view is attached, loaded and detached
 * again, and the answers go back to "nothing loaded". */
#include <string.h>

#include "ds_test.h"
#include "api/view_api.h"
#include "model/view_dp_mahjong.h"


static int is(const char *got, const char *want) { return got && strcmp(got, want) == 0; }

/* Every exported call, with the answers of a view that has nothing loaded. */
static void check_nothing_loaded(void) {
    static const char text[] = "1 1\n";
    CHECK(view_api_view() == NULL);
    CHECK(dsv_api_load(0, text, (int)strlen(text)) == -1);
    CHECK(dsv_api_try("0:A1", 4) == -1);
    CHECK(dsv_api_loaded() == 0);
    CHECK(dsv_api_steps() == 0);
    CHECK(dsv_api_busy() == 0);
    CHECK(dsv_api_variation() != NULL);
    CHECK(dsv_api_error() != NULL);
    CHECK(dsv_api_error_json() != NULL);
    (void)dsv_api_error_line();
    (void)dsv_api_error_col();
    (void)dsv_api_game();
    (void)dsv_api_progress();
    dsv_api_seek(3, 1);
    CHECK(dsv_api_step() == 0);
    dsv_api_play(1);
    CHECK(dsv_api_playing() == 0);
    dsv_api_set_speed(2.0);
    CHECK(dsv_api_speed() == 2.0);
    dsv_api_set_play_to(5);
    dsv_api_set_reduced_motion(1);
    dsv_api_set_mode(1);
    (void)dsv_api_mode();
    dsv_api_redraw();
    CHECK(dsv_api_find_mark(1, 1) == 0);
    CHECK(dsv_api_marks() == NULL);
    CHECK(is(dsv_api_output(), ""));
    CHECK(dsv_api_output_len() == 0);
    CHECK(dsv_api_output_line(2) == 0);
    CHECK(is(dsv_api_event_json(0), "null"));
    CHECK(is(dsv_api_state_json(0), "null"));
    CHECK(is(dsv_api_thegame_lines(0), ""));
    CHECK(dsv_api_goudan_select(0, 1) == -1);
    CHECK(dsv_api_goudan_query() == -1);
    CHECK(dsv_api_goudan_count() == 0);
    dsv_api_set_lang(1);
    (void)dsv_api_lang();
    dsv_api_set_text_scale(2.0);
    CHECK(dsv_api_text_scale() >= 1.0);
    CHECK(is(dsv_api_drawn_strings(), "[]"));
    CHECK(is(dsv_api_hit(10, 10), "[]"));
    CHECK(is(dsv_api_regions(), "[]"));
    /* a generated input needs no view */
    CHECK(strlen(dsv_api_generate(0, 1)) > 0);
    /* the mahjong DP view's exports */
    CHECK(dsv_api_dp_mahjong_open(0, 0) == -1);
    CHECK(dsv_api_dp_mahjong_open_candidate(0) == -1);
    dsv_api_dp_mahjong_seek(1, 0);
    CHECK(dsv_api_dp_mahjong_pos() == -1);
    dsv_api_dp_mahjong_play(1);
    CHECK(dsv_api_dp_mahjong_playing() == 0);
    dsv_api_dp_mahjong_set_speed(2.0);
    CHECK(dsv_api_dp_mahjong_version() == -1);
    CHECK(dsv_api_dp_mahjong_info() != NULL);
    CHECK(dsv_api_dp_mahjong_record() != NULL);
}

int main(void) {
    ds_view v;
    ds_buf in;
    check_nothing_loaded();
    /* a real view takes the calls; detaching it leaves the empty one again */
    dsv_init(&v);
    ds_buf_init(&in);
    CHECK(dsv_generate(0, 7, &in) == 0);
    view_api_attach(&v, NULL);
    CHECK(view_api_view() == &v);
    CHECK(dsv_api_load(0, in.data, (int)in.len) == 0);
    CHECK(dsv_api_loaded() == 1 && dsv_api_steps() > 0);
    view_api_attach(NULL, NULL);
    check_nothing_loaded();
    dsv_free(&v);
    ds_buf_free(&in);
    DS_TEST_MAIN_END();
}
