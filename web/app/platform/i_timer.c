/* i_timer.c - monotonic time in seconds. */
#include "platform/app.h"

double i_timer_now(void) {
    return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency();
}
