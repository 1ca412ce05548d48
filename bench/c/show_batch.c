/* The reference the batch show scorer is measured against: a plain C loop over the same rank
   table (fifteens, pairs and runs by the five ranks read as base-13 digits, the hand's cards first),
   with the flush and nobs counted per hand. Cards are indices 0-51 (suit * 13 + rank - 1). */
#include <stdint.h>

void show_batch(const int64_t *hands, const int64_t *starters, int64_t rows, const uint8_t *ranks,
                uint8_t *out) {
    for (int64_t i = 0; i < rows; i++) {
        const int64_t *hand = hands + 4 * i;
        int64_t starter = starters[i];
        int64_t key = 0;
        int suit = (int)(hand[0] / 13), flush = 1, nobs = 0, starter_suit = (int)(starter / 13);
        for (int place = 0; place < 4; place++) {
            int64_t card = hand[place];
            key = key * 13 + card % 13;
            flush &= card / 13 == suit;
            nobs |= card % 13 == 10 && card / 13 == starter_suit;
        }
        key = key * 13 + starter % 13;
        out[i] = (uint8_t)(ranks[key] + (flush ? (suit == starter_suit ? 5 : 4) : 0) + nobs);
    }
}
