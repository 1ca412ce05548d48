/* A whole engine for muggins in C (docs/engines.md): it plays the first legal move it is shown.

       cc -O2 -o first_legal examples/first_legal.c
       muggins simulate --engine first=./first_legal --bots first,random --games 100

   It reads each line whole (a view can be long), and finds the first string of the view's
   "legal_moves" without a JSON parser: moves are plain ASCII with no quote or backslash. */

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *line = NULL;
    size_t size = 0;
    while (getline(&line, &size, stdin) != -1) {
        if (strncmp(line, "hello", 5) == 0) {
            printf("hello 1 first-legal (C)\n");
        } else if (strncmp(line, "turn ", 5) == 0) {
            const char *list = strstr(line, "\"legal_moves\": [\"");
            if (list == NULL) {
                printf("error no legal move in the view\n");
            } else {
                const char *move = list + strlen("\"legal_moves\": [\"");
                const char *end = strchr(move, '"');
                printf("move %.*s\n", end ? (int)(end - move) : 0, move);
            }
        } else if (strncmp(line, "quit", 4) == 0) {
            break;
        }
        fflush(stdout);
    }
    free(line);
    return 0;
}
