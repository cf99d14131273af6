/* fuzz_inputs.c - libFuzzer target over every parser and simulation.
 *
 * The first byte picks the entry point, the rest is the input text:
 *   0 cirno: parse, simulate, format, JSON trace
 *   1 thegame: parse, simulate, format, JSON trace
 *   2 mahjong: parse, simulate, format
 *   3 goudan: parse (solving is too slow to fuzz; its inputs are checked by
 *     the parser alone)
 *   4 mahjong --distance: parse a hand (melds from the second byte) and, when
 *     valid, compute the distance with and without the recorder
 * Invariants checked (abort on violation, so the fuzzer reports them):
 *   - no crash, leak or undefined behaviour (ASan + UBSan);
 *   - every rejected input has an error with a line and a column >= 1 and a
 *     non-empty message;
 *   - the fast and the recording distance agree.
 * Run by tests/fuzz/run_fuzz.sh (ctest: fuzz_inputs). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cirno/cirno.h"
#include "ds_core.h"
#include "goudan/goudan.h"
#include "mahjong/mahjong.h"
#include "thegame/thegame.h"

static void check_error(const ds_error *e) {
    if (e->line < 1 || e->col < 1 || e->msg[0] == '\0') abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text;
    size_t len;
    ds_error err;
    ds_trace tr;
    ds_buf out;
    if (size < 1) return 0;
    text = (const char *)data + 1;
    len = size - 1;
    memset(&err, 0, sizeof err);
    ds_buf_init(&out);
    switch (data[0] % 5) {
    case 0: {
        cirno_input *in = NULL;
        if (cirno_parse(text, len, &in, &err)) { check_error(&err); break; }
        if (cirno_simulate(in, &tr, &err) == 0) {
            cirno_format(in, &tr, &out, NULL);
            if (tr.n < 2000) cirno_trace_jsonl(in, &tr, &out);
        } else {
            check_error(&err); /* the deck ran out / |p| too large: tied to the input */
        }
        ds_trace_free(&tr);
        cirno_input_free(in);
        break;
    }
    case 1: {
        thegame_input *in = NULL;
        if (thegame_parse(text, len, &in, &err)) { check_error(&err); break; }
        if (thegame_simulate(in, &tr, &err)) abort(); /* a valid permutation always plays */
        thegame_format(in, &tr, &out, NULL);
        thegame_trace_jsonl(in, &tr, &out);
        ds_trace_free(&tr);
        thegame_input_free(in);
        break;
    }
    case 2: {
        mahjong_input *in = NULL;
        if (mahjong_parse(text, len, &in, &err)) { check_error(&err); break; }
        if (mahjong_simulate(in, &tr, &err)) abort(); /* a valid deck always plays */
        mahjong_format(in, &tr, &out, NULL);
        ds_trace_free(&tr);
        mahjong_input_free(in);
        break;
    }
    case 3: {
        goudan_input *in = NULL;
        if (goudan_parse(text, len, &in, &err)) { check_error(&err); break; }
        goudan_input_free(in);
        break;
    }
    case 4: {
        uint8_t counts[MJ_KINDS];
        int melds;
        if (len < 1) break;
        melds = (unsigned char)text[0] % 5;
        if (mahjong_parse_hand(text + 1, len - 1, melds, counts, &err)) { check_error(&err); break; }
        {
            mahjong_dp_record *rec = (mahjong_dp_record *)malloc(sizeof *rec);
            int fast = mahjong_distance(counts, melds, NULL);
            if (rec && mahjong_distance_explain(counts, melds, rec) != fast) abort();
            free(rec);
        }
        break;
    }
    }
    ds_buf_free(&out);
    return 0;
}
