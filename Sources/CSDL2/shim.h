// SDL2 without its main() replacement: Swift's entry point stays the program's.
#define SDL_MAIN_HANDLED 1
#include <SDL.h>
