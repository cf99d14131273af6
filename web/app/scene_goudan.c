/* scene_goudan.c - stub until the real scene lands (its owner replaces this file). */
#include "scene_stub.h"
DS_STUB_SCENE(goudan)
