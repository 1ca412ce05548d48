/* The two searches of a two-player play the expert lays by, in C: ``play.play_values`` (every card
 * known, alpha-beta over each holding of the other's) and ``counterplay.counter_values`` (from what
 * the seat can know, against the model of the other), and the holdings they search (``play.holdings``
 * weighed, and a draw by weight as ``random.choices`` makes it). Each step here is the Python step it
 * is named for, in the same order, so the values are the same to the last bit, with two shortcuts
 * that keep every bit: the search with every card known works out the last card left without
 * searching it (``last_card``), and the search from what the seat knows follows a single holding
 * without splitting it (``solo_theirs``). tests/strategy/test_cribbage_searches.py holds the two to
 * each other (docs/architecture.md says why this copy exists; ``searches.py`` is the Python side).
 *
 * Pile states are numbered here as in play.py: the end of the pile later cards can score with and
 * the count, with the points each rank makes laid on it and the state it leads to. The tables are
 * shared by every thread, as play.py's are: a search runs under the GIL from its first look at them
 * to its last (no Python code runs in between), which is what keeps two threads' searches apart. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT 31
#define WIDE 1000
#define TARGET 121
#define ALIKE 1e-9
#define MAX_SUFFIX 8
#define STATE_LIMIT (1 << 17) /* with their keys and orders, about 30 MB at most; then afresh */
#define FEW_HELD 24 /* holdings split on the stack (13 bytes each: two doubles' room) */
#define MOST_HOLDINGS 1820 /* holdings of 4 cards among 13 ranks (multisets): C(16, 4) */

static const int VALUE[14] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10};
static const int SETS[7] = {0, 0, 2, 6, 12, 20, 30}; /* six of a kind at most: four cards and two wild jokers */

typedef struct {
    uint8_t ranks[MAX_SUFFIX]; /* the end of the pile, in the order laid */
    uint8_t len;
    uint8_t count;
    int8_t points[14];       /* by rank: the points laying it makes; -1 past 31 */
    int32_t after[14];       /* by rank: the state it leads to; -1 not yet numbered */
    int32_t orders;          /* its block of the model's orders of the ranks; -1: none yet */
} State;

typedef struct {
    uint8_t rows[10][14]; /* by cards * 2 + alone: the model's order of each rank (0: no card) */
    uint16_t worked;      /* a bit for each row worked out */
} Orders;

static State *states;
static int state_total;
static int state_room;
static uint64_t *state_keys; /* open addressing: key + 1 (0: empty) */
static int32_t *state_ids;
static int key_room;
static Orders *orders; /* only for the piles the other lays on: most states are never one */
static int order_count, order_room;

/* ``race._Search``: positions remembered with both scores for one call (``stamp``), lossy by slot.
 * Nothing is cut off here, so a value forgotten is worked out again the same. */
typedef struct {
    uint64_t low;   /* me, them, both scores */
    uint64_t high;  /* (pile, go, my turn) + 1, and the call's stamp; 0: empty */
    double value;
} RaceEntry;

#define RACE_BITS 15
static RaceEntry *race_memo;
static uint64_t race_stamp;

static int failed; /* an error is set: unwind */

/* ---------------------------------------------------------------- pile states */

static uint64_t suffix_key(const uint8_t *ranks, int len, int count) {
    uint64_t code = 0;
    for (int i = 0; i < len; i++) code = code << 4 | ranks[i];
    return (code << 5 | (uint64_t)count) + 1;
}

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

/* ``play._lay_points``: the points each rank makes laid on the end of a pile with this count. */
static void lay_points(State *s) {
    const uint8_t *pile = s->ranks;
    int len = s->len;
    int last = len ? pile[len - 1] : 0;
    int same = 0;
    while (same < len && pile[len - 1 - same] == last) same++;
    int position[14] = {0};
    for (int back = 1; back <= len; back++) {
        int rank = pile[len - back];
        if (!position[rank]) position[rank] = back;
    }
    int lengths[MAX_SUFFIX], lows[MAX_SUFFIX], highs[MAX_SUFFIX], stretches = 0;
    int low = 14, high = 0, seen = 0;
    for (int length = 1; length <= len; length++) {
        int rank = pile[len - length];
        if (seen >> rank & 1) break;
        seen |= 1 << rank;
        if (rank < low) low = rank;
        if (rank > high) high = rank;
        if (length >= 2) {
            lengths[stretches] = length;
            lows[stretches] = low;
            highs[stretches] = high;
            stretches++;
        }
    }
    s->points[0] = -1;
    for (int rank = 1; rank < 14; rank++) {
        int total = s->count + VALUE[rank];
        if (total > LIMIT) {
            s->points[rank] = -1;
            continue;
        }
        int got = (total == 15 || total == LIMIT) ? 2 : 0;
        if (rank == last) got += SETS[same + 1 < 6 ? same + 1 : 6];
        int where = position[rank] ? position[rank] : 99;
        for (int i = stretches - 1; i >= 0; i--) { /* the longest first */
            int lo = lows[i] < rank ? lows[i] : rank;
            int hi = highs[i] > rank ? highs[i] : rank;
            if (where > lengths[i] && hi - lo == lengths[i]) {
                got += lengths[i] + 1;
                break;
            }
        }
        s->points[rank] = (int8_t)got;
    }
}

static int grow_keys(void);

/* ``play.live_end``: where the end of a pile that can still score starts. Laid ranks before it
 * could only ever be in a run with cards to come if those filled its gaps, and the gaps are worth
 * more than the count leaves (31 - count): piles that differ only there are one state. */
static int live_start(const uint8_t *ranks, int len, int count) {
    if (len < 2 || ranks[len - 1] == ranks[len - 2]) return 0; /* a pair's end: all of it counts */
    int room = LIMIT - count;
    for (int start = 0; start < len - 1; start++) { /* distinct ranks: the longest end first */
        int low = 14, high = 0, held = 0;
        for (int i = start; i < len; i++) {
            if (ranks[i] < low) low = ranks[i];
            if (ranks[i] > high) high = ranks[i];
            held |= 1 << ranks[i];
        }
        int gaps = 0;
        for (int rank = low + 1; rank < high; rank++) {
            if (!(held >> rank & 1)) gaps += VALUE[rank];
        }
        if (gaps <= room) return start;
    }
    return len - 1;
}

/* ``play._pile_state``: the number of the state of this pile end and count. */
static int pile_state(const uint8_t *ranks, int len, int count) {
    int live = live_start(ranks, len, count);
    ranks += live;
    len -= live;
    uint64_t key = suffix_key(ranks, len, count);
    uint64_t mask = (uint64_t)key_room - 1;
    uint64_t at = mix(key) & mask;
    while (state_keys[at]) {
        if (state_keys[at] == key) return state_ids[at];
        at = (at + 1) & mask;
    }
    if (state_total == state_room) {
        int room = state_room * 2;
        State *grown = realloc(states, sizeof(State) * (size_t)room);
        if (!grown) {
            PyErr_NoMemory();
            failed = 1;
            return 0;
        }
        states = grown;
        state_room = room;
    }
    int id = state_total++;
    State *s = &states[id];
    memset(s, 0, sizeof(State));
    memcpy(s->ranks, ranks, (size_t)len);
    s->len = len;
    s->count = count;
    for (int r = 0; r < 14; r++) s->after[r] = -1;
    s->orders = -1;
    lay_points(s);
    state_keys[at] = key;
    state_ids[at] = id;
    if (state_total * 2 > key_room && grow_keys()) return 0;
    return id;
}

static int grow_keys(void) {
    int room = key_room * 2;
    uint64_t *keys = calloc((size_t)room, sizeof(uint64_t));
    int32_t *ids = malloc(sizeof(int32_t) * (size_t)room);
    if (!keys || !ids) {
        free(keys);
        free(ids);
        PyErr_NoMemory();
        failed = 1;
        return 1;
    }
    uint64_t mask = (uint64_t)room - 1;
    for (int i = 0; i < key_room; i++) {
        if (!state_keys[i]) continue;
        uint64_t at = mix(state_keys[i]) & mask;
        while (keys[at]) at = (at + 1) & mask;
        keys[at] = state_keys[i];
        ids[at] = state_ids[i];
    }
    free(state_keys);
    free(state_ids);
    state_keys = keys;
    state_ids = ids;
    key_room = room;
    return 0;
}

/* ``play.pile_suffix``: the end of ``ranks`` + ``rank`` that later cards can score with. */
static int pile_suffix(const uint8_t *ranks, int len, int rank, uint8_t *out) {
    if (len && ranks[len - 1] == rank) {
        int same = 1;
        while (same < len && ranks[len - 1 - same] == rank) same++;
        for (int i = 0; i <= same; i++) out[i] = (uint8_t)rank;
        return same + 1;
    }
    int start = len;
    while (start > 0 && ranks[start - 1] != rank) {
        int repeated = 0;
        for (int i = start; i < len; i++) repeated |= ranks[i] == ranks[start - 1];
        if (repeated) break;
        start--;
    }
    int n = 0;
    for (int i = start; i < len; i++) out[n++] = ranks[i];
    out[n++] = (uint8_t)rank;
    return n;
}

/* ``play.state_after``: the state after ``rank`` is laid on ``pile`` (not making 31). */
static int state_after(int pile, int rank) {
    int found = states[pile].after[rank];
    if (found < 0) {
        uint8_t suffix[MAX_SUFFIX + 1];
        int len = pile_suffix(states[pile].ranks, states[pile].len, rank, suffix);
        found = pile_state(suffix, len, states[pile].count + VALUE[rank]);
        if (failed) return 0;
        states[pile].after[rank] = found;
    }
    return found;
}

static void free_tables(void) {
    free(states);
    free(orders);
    orders = NULL;
    order_count = order_room = 0;
    free(state_keys);
    free(state_ids);
    free(race_memo);
    race_memo = NULL;
    states = NULL;
    state_keys = NULL;
    state_ids = NULL;
    state_total = 0;
}

/* ``play.start_afresh``: empty the tables (state 0: the empty pile). */
static int start_afresh(void) {
    free_tables();
    state_room = 1024;
    key_room = 4096;
    states = malloc(sizeof(State) * (size_t)state_room);
    state_keys = calloc((size_t)key_room, sizeof(uint64_t));
    state_ids = malloc(sizeof(int32_t) * (size_t)key_room);
    if (!states || !state_keys || !state_ids) {
        free_tables();
        PyErr_NoMemory();
        return 1;
    }
    pile_state(NULL, 0, 0);
    return 0;
}

/* ``play._start``: the state of a pile given whole (a tuple of ranks since the count was reset). */
static int start_state(PyObject *pile) {
    if (!states || state_total >= STATE_LIMIT) {
        if (start_afresh()) return -1;
    }
    uint8_t suffix[MAX_SUFFIX + 1], next[MAX_SUFFIX + 1];
    int len = 0, count = 0;
    Py_ssize_t n = PyTuple_GET_SIZE(pile);
    for (Py_ssize_t i = 0; i < n; i++) {
        long rank = PyLong_AsLong(PyTuple_GET_ITEM(pile, i));
        if (rank == -1 && PyErr_Occurred()) return -1;
        if (rank < 1 || rank > 13) {
            PyErr_Format(PyExc_ValueError, "a pile holds ranks 1-13, not %ld", rank);
            return -1;
        }
        count += VALUE[rank];
        if (count > LIMIT) {
            PyErr_SetString(PyExc_ValueError, "the pile's count passes 31");
            return -1;
        }
        len = pile_suffix(suffix, len, (int)rank, next);
        memcpy(suffix, next, (size_t)len);
    }
    failed = 0;
    int state = pile_state(suffix, len, count);
    return failed ? -1 : state;
}

/* ---------------------------------------------------------------- hands */

static uint32_t drop(uint32_t hand, int shift) {
    return (hand & ((1u << shift) - 1)) | ((hand >> (shift + 4)) << shift);
}

static uint32_t hand_without(uint32_t hand, int rank) {
    int shift = 0;
    while ((int)((hand >> shift) & 15) != rank) shift += 4;
    return drop(hand, shift);
}

static int cards(uint32_t code) { return code ? (35 - __builtin_clz(code)) >> 2 : 0; }

/* ---------------------------------------------------------------- every card known */

static inline int rest_known(uint32_t mover, uint32_t other, int pile, int go, int alpha, int beta);

/* ``play._lay`` */
static int lay_known(uint32_t rest, uint32_t other, int pile, int go, int rank, int points, int alpha,
                     int beta) {
    int total = states[pile].count + VALUE[rank];
    if (!rest && !other) return points + (total == LIMIT ? 0 : 1);
    if (total == LIMIT) return points - rest_known(other, rest, 0, 0, points - beta, points - alpha);
    int after = state_after(pile, rank);
    if (failed) return 0;
    if (go) return points + rest_known(rest, other, after, 1, alpha - points, beta - points);
    return points - rest_known(other, rest, after, 0, points - beta, points - alpha);
}

/* ``play._rest`` for the mover's last card (``rank``) with the other out of cards, worked out: laid
 * alone where it fits (a point for the last card unless it makes 31); else, the pile not empty, a
 * point for the go to whoever laid last (the mover, if the other has said go) and one for the card. */
static int last_card(int rank, int pile, int go) {
    int points = states[pile].points[rank];
    if (points >= 0) return points + (states[pile].count + VALUE[rank] == LIMIT ? 0 : 1);
    return go ? 2 : 0;
}

static int rest_searched(uint32_t mover, uint32_t other, int pile, int go, int alpha, int beta);

/* ``play._rest``: fail-soft alpha-beta, the last card left worked out rather than searched. Nothing
 * is remembered, where the Python remembers exact values: in the expert's searches not one look-up
 * in 200 found a position (each holding's positions are its own), and each missed the caches. */
static inline int rest_known(uint32_t mover, uint32_t other, int pile, int go, int alpha, int beta) {
    if (!other && mover < 16) return mover ? last_card((int)mover, pile, go) : 0;
    if (!mover && other < 16) return go ? (pile ? 1 : 0) - 1 : -last_card((int)other, pile, 1);
    return rest_searched(mover, other, pile, go, alpha, beta);
}

static int rest_searched(uint32_t mover, uint32_t other, int pile, int go, int alpha, int beta) {
    if (failed) return 0;
    int best = -WIDE, low = alpha, previous = 0;
    for (int shift = 0; mover >> shift; shift += 4) {
        int rank = (mover >> shift) & 15;
        int points = states[pile].points[rank];
        if (points >= 0 && rank != previous) {
            int value = lay_known(drop(mover, shift), other, pile, go, rank, points, low, beta);
            if (value > best) {
                best = value;
                if (value >= beta) return best;
                if (value > low) low = value;
            }
        }
        previous = rank;
    }
    if (best == -WIDE) {
        if (go) {
            int point = pile ? 1 : 0;
            best = point - rest_known(other, mover, 0, 0, point - beta, point - alpha);
        } else {
            best = -rest_known(other, mover, pile, 1, -beta, -alpha);
        }
    }
    return best;
}

/* ---------------------------------------------------------------- from what the seat knows */

typedef struct {
    uint32_t *codes;
    double *weights;
    Py_ssize_t n;
    double total;
} Holdings;

typedef struct {
    const double *after; /* the race's chances, TARGET x TARGET; NULL: the margin of points */
} Counter;

static double end(const Counter *c, int mine, int theirs, double weight) {
    if (!c->after) return (double)(mine - theirs) * weight;
    if (mine < 0 || theirs < 0 || mine >= TARGET || theirs >= TARGET) {
        if (!failed) PyErr_SetString(PyExc_IndexError, "a race's scores past its table");
        failed = 1;
        return 0.0;
    }
    return c->after[mine * TARGET + theirs] * weight;
}

static int out(const Counter *c, int score) { return c->after && score >= TARGET; }

/* ``counterplay._reply``, from the points each rank makes on the pile. */
static double reply(const int8_t *lays, int held) {
    if (!held) return 0.0;
    int points[13];
    for (int r = 1; r < 14; r++) points[r - 1] = lays[r] > 0 ? lays[r] : 0;
    for (int i = 1; i < 13; i++) { /* sorted ascending */
        int p = points[i], j = i;
        while (j > 0 && points[j - 1] > p) {
            points[j] = points[j - 1];
            j--;
        }
        points[j] = p;
    }
    static double shares[5][13]; /* by cards held (4 at most: a coded hand), pow((at + 1) / 13, held) */
    if (!shares[0][0]) {
        for (int h = 0; h < 5; h++) {
            for (int at = 0; at < 13; at++) shares[h][at] = pow((double)(at + 1) / 13.0, (double)h);
        }
    }
    double found = 0.0, below = 0.0;
    for (int at = 0; at < 13; at++) {
        double share = shares[held][at];
        found += points[at] * (share - below);
        below = share;
    }
    return found;
}

/* ``counterplay._preference``: by rank, how the model ranks laying it (0: it does not fit). The
 * piles the seat would reply on are made here and not numbered: numbering them all made most of
 * the states, and the tables several times larger. */
static const uint8_t *preference(int pile, int held, int alone) {
    int at = held * 2 + alone;
    if (states[pile].orders < 0) {
        if (order_count == order_room) {
            int room = order_room ? order_room * 2 : 1024;
            Orders *grown = realloc(orders, sizeof(Orders) * (size_t)room);
            if (!grown) {
                PyErr_NoMemory();
                failed = 1;
                return NULL;
            }
            orders = grown;
            order_room = room;
        }
        memset(&orders[order_count], 0, sizeof(Orders));
        states[pile].orders = order_count++;
    }
    Orders *block = &orders[states[pile].orders];
    uint8_t *found = block->rows[at];
    if (block->worked >> at & 1) return found;
    double values[13];
    int ranks[13], n = 0;
    for (int rank = 1; rank < 14; rank++) {
        int points = states[pile].points[rank];
        if (points < 0) continue;
        double value = (double)points;
        if (!alone && states[pile].count + VALUE[rank] != LIMIT) {
            State after;
            after.len = pile_suffix(states[pile].ranks, states[pile].len, rank, after.ranks);
            after.count = states[pile].count + VALUE[rank];
            lay_points(&after);
            value -= reply(after.points, held);
        }
        int j = n++; /* sorted by (value, rank): ranks come in ascending order */
        while (j > 0 && values[j - 1] > value) {
            values[j] = values[j - 1];
            ranks[j] = ranks[j - 1];
            j--;
        }
        values[j] = value;
        ranks[j] = rank;
    }
    int place = 0;
    double below = 0.0;
    for (int i = 0; i < n; i++) {
        if (!place || values[i] > below + ALIKE) {
            place += 14;
            below = values[i];
        }
        found[ranks[i]] = (uint8_t)(place + (alone ? 14 - ranks[i] : ranks[i])); /* 196 at most */
    }
    block->worked |= (uint16_t)(1 << at);
    return found;
}

static double theirs_to_lay(const Counter *c, uint32_t hand, const Holdings *held, int pile, int go,
                            int mine, int theirs);

static double mine_to_lay(const Counter *c, uint32_t hand, const Holdings *held, int pile, int go,
                          int mine, int theirs);

/* Where in ``code`` the card lies that the model ranks highest by ``order`` (the first of equal
 * ranks), counted from 1; 0: none fits (the go). Without a branch: each card's rank in the order,
 * its place below it, the first place highest. */
static inline int model_place(const uint8_t *order, uint32_t code) {
    int p1 = order[code & 15] << 2 | 3, p2 = order[code >> 4 & 15] << 2 | 2;
    int p3 = order[code >> 8 & 15] << 2 | 1, p4 = order[code >> 12 & 15] << 2;
    int first = p1 > p2 ? p1 : p2, second = p3 > p4 ? p3 : p4;
    int most = first > second ? first : second;
    return most >> 2 ? 4 - (most & 3) : 0;
}

/* The rank at ``place`` in ``code`` (from 1; 0: the go, no card). */
static inline int rank_at(uint32_t code, int place) { return place ? code >> (4 * place - 4) & 15 : 0; }

/* ``code`` without its card at ``place`` (0: the go, nothing taken). */
static inline uint32_t without_place(uint32_t code, int place) { return place ? drop(code, 4 * place - 4) : code; }

/* ``counterplay._Counter.lay`` */
static double lay(const Counter *c, uint32_t rest, const Holdings *held, int pile, int go, int rank,
                  int mine, int theirs);

/* One holding left: the model's cards follow from it alone, and every value below is that
 * holding's weight times its value for a weight of one. Multiplying by a positive weight keeps the
 * order of values (rounding is monotonic), so the best by weight is the weight times the best, to
 * the bit (added to 0.0, as a sum over the splits starts). ``theirs_to_lay`` for one holding of a
 * weight of one: the model's card laid without splitting the holdings. */
static double solo_theirs(const Counter *c, uint32_t hand, uint32_t code, int pile, int go, int mine,
                          int theirs) {
    if (failed) return 0.0;
    if (!hand && !code) return end(c, mine, theirs, 1.0);
    const uint8_t *order = preference(pile, cards(hand), go);
    if (!order) return 0.0;
    int place = model_place(order, code);
    int rank = rank_at(code, place);
    double unit = 1.0;
    uint32_t left = without_place(code, place);
    Holdings one = {&left, &unit, 1, 1.0};
    if (!rank) {
        if (!go) return mine_to_lay(c, hand, &one, pile, 1, mine, theirs);
        int scored = theirs + (pile ? 1 : 0);
        return out(c, scored) ? 0.0 : mine_to_lay(c, hand, &one, 0, 0, mine, scored);
    }
    int scored = theirs + states[pile].points[rank];
    int total_count = states[pile].count + VALUE[rank];
    int last = !hand && !left;
    if (last && total_count != LIMIT) scored += 1;
    if (out(c, scored)) return 0.0;
    if (last) return end(c, mine, scored, 1.0);
    if (total_count == LIMIT) return mine_to_lay(c, hand, &one, 0, 0, mine, scored);
    int after = state_after(pile, rank);
    if (failed) return 0.0;
    if (go) return solo_theirs(c, hand, left, after, 1, mine, scored);
    return mine_to_lay(c, hand, &one, after, 0, mine, scored);
}

/* ``counterplay._Counter.mine_to_lay`` */
static double mine_to_lay(const Counter *c, uint32_t hand, const Holdings *held, int pile, int go,
                          int mine, int theirs) {
    if (failed) return 0.0;
    if (held->n == 1 && held->total != 1.0) { /* one holding: by a weight of one (``solo_theirs``) */
        double unit = 1.0;
        Holdings one = {held->codes, &unit, 1, 1.0};
        return 0.0 + mine_to_lay(c, hand, &one, pile, go, mine, theirs) * held->total;
    }
    if (!hand && !held->codes[0]) return end(c, mine, theirs, held->total);
    double best = 0.0;
    int laid = 0, previous = 0;
    for (int shift = 0; hand >> shift; shift += 4) {
        int rank = (hand >> shift) & 15;
        if (rank != previous && states[pile].points[rank] >= 0) {
            double value = lay(c, drop(hand, shift), held, pile, go, rank, mine, theirs);
            if (!laid || value > best) {
                best = value;
                laid = 1;
            }
        }
        previous = rank;
    }
    if (laid) return best;
    if (go) {
        mine += pile ? 1 : 0;
        if (out(c, mine)) return held->total;
        return theirs_to_lay(c, hand, held, 0, 0, mine, theirs);
    }
    return theirs_to_lay(c, hand, held, pile, 1, mine, theirs);
}

static double lay(const Counter *c, uint32_t rest, const Holdings *held, int pile, int go, int rank,
                  int mine, int theirs) {
    int count = states[pile].count + VALUE[rank];
    mine += states[pile].points[rank];
    int last = !rest && !held->codes[0];
    if (last && count != LIMIT) mine += 1;
    if (out(c, mine)) return held->total;
    if (last) return end(c, mine, theirs, held->total);
    if (count == LIMIT) return theirs_to_lay(c, rest, held, 0, 0, mine, theirs);
    int after = state_after(pile, rank);
    if (failed) return 0.0;
    if (go) return mine_to_lay(c, rest, held, after, 1, mine, theirs);
    return theirs_to_lay(c, rest, held, after, 0, mine, theirs);
}

/* ``counterplay._Counter.theirs_to_lay``: the holdings split by the model's card from each. */
static double theirs_to_lay(const Counter *c, uint32_t hand, const Holdings *held, int pile, int go,
                            int mine, int theirs) {
    if (failed) return 0.0;
    if (held->n == 1) return 0.0 + solo_theirs(c, hand, held->codes[0], pile, go, mine, theirs) * held->total;
    if (!hand && !held->codes[0]) return end(c, mine, theirs, held->total);
    const uint8_t *order = preference(pile, cards(hand), go);
    if (!order) return 0.0;
    Py_ssize_t n = held->n;
    /* one block: the splits' weights, then their codes, then each holding's choice; on the stack
     * for the few holdings most splits hold */
    double room[FEW_HELD * 2];
    double *weights = room;
    if (n > FEW_HELD) {
        weights = malloc((sizeof(double) + sizeof(uint32_t) + 1) * (size_t)n);
        if (!weights) {
            PyErr_NoMemory();
            failed = 1;
            return 0.0;
        }
    }
    uint32_t *codes = (uint32_t *)(weights + n);
    uint8_t *choices = (uint8_t *)(codes + n); /* each one's card laid: its rank << 3 | its place */
    Py_ssize_t sizes[14] = {0};
    for (Py_ssize_t i = 0; i < n; i++) {
        uint32_t code = held->codes[i];
        int place = model_place(order, code), rank = rank_at(code, place);
        choices[i] = (uint8_t)(rank << 3 | place);
        sizes[rank]++;
    }
    /* the holdings split by their choice, each split in the holdings' order (so its weights add up
     * in the order the Python search adds them) */
    Holdings splits[14];
    int chosen[14], kinds = 0;
    Py_ssize_t start = 0;
    for (int rank = 0; rank < 14; rank++) {
        if (!sizes[rank]) continue;
        splits[rank] = (Holdings){codes + start, weights + start, 0, 0.0};
        start += sizes[rank];
        chosen[kinds++] = rank;
    }
    for (Py_ssize_t at = 0; at < n; at++) {
        uint32_t code = held->codes[at];
        Holdings *split = &splits[choices[at] >> 3];
        split->codes[split->n] = without_place(code, choices[at] & 7);
        split->weights[split->n] = held->weights[at];
        split->total += held->weights[at];
        split->n++;
    }
    int count = states[pile].count;
    double value = 0.0;
    for (int kind = 0; kind < kinds && !failed; kind++) {
        int rank = chosen[kind];
        Holdings split = splits[rank];
        if (!rank) {
            if (!go) {
                value += mine_to_lay(c, hand, &split, pile, 1, mine, theirs);
                continue;
            }
            int scored = theirs + (pile ? 1 : 0);
            if (!out(c, scored)) value += mine_to_lay(c, hand, &split, 0, 0, mine, scored);
            continue;
        }
        int scored = theirs + states[pile].points[rank];
        int total_count = count + VALUE[rank];
        int last = !hand && !split.codes[0];
        if (last && total_count != LIMIT) scored += 1;
        if (out(c, scored)) continue;
        if (last) {
            value += end(c, mine, scored, split.total);
        } else if (total_count == LIMIT) {
            value += mine_to_lay(c, hand, &split, 0, 0, mine, scored);
        } else {
            int after = state_after(pile, rank);
            if (failed) break;
            if (go) {
                value += theirs_to_lay(c, hand, &split, after, 1, mine, scored);
            } else {
                value += mine_to_lay(c, hand, &split, after, 0, mine, scored);
            }
        }
    }
    if (weights != room) free(weights);
    return value;
}

/* ---------------------------------------------------------------- the race, every card known */

static double race_position(const double *after, uint32_t me, uint32_t them, int pile, int go, int my_turn,
                            int mine, int theirs);

/* ``race._Search.lay``: my chance after the side to lay (me, if ``my_turn``) lays ``rank``. */
static double race_lay(const double *after, uint32_t me, uint32_t them, int pile, int go, int my_turn,
                       int mine, int theirs, int rank) {
    uint32_t rest = hand_without(my_turn ? me : them, rank);
    int total = states[pile].count + VALUE[rank];
    int points = states[pile].points[rank];
    int last = !rest && !(my_turn ? them : me);
    if (last && total != LIMIT) points += 1;
    if (my_turn) {
        me = rest;
        mine += points;
        if (mine >= TARGET) return 1.0;
    } else {
        them = rest;
        theirs += points;
        if (theirs >= TARGET) return 0.0;
    }
    if (last) return after[mine * TARGET + theirs];
    if (total == LIMIT) return race_position(after, me, them, 0, 0, !my_turn, mine, theirs);
    int next = state_after(pile, rank);
    if (failed) return 0.0;
    return race_position(after, me, them, next, go, my_turn == go, mine, theirs);
}

/* ``race._Search.position``: my chance, the side to lay choosing best for itself. */
static double race_position(const double *after, uint32_t me, uint32_t them, int pile, int go, int my_turn,
                            int mine, int theirs) {
    if (failed) return 0.0;
    uint64_t low = ((uint64_t)me << 16 | them) << 14 | (uint64_t)mine << 7 | (uint64_t)theirs;
    uint64_t high = (((uint64_t)pile << 2 | (uint64_t)go << 1 | (uint64_t)my_turn) + 1) << 24 | race_stamp;
    RaceEntry *slot = &race_memo[mix(low ^ mix(high)) & (((uint64_t)1 << RACE_BITS) - 1)];
    if (slot->high == high && slot->low == low) return slot->value;
    if (!me && !them) return after[mine * TARGET + theirs];
    double best = my_turn ? -1.0 : 2.0;
    int previous = 0;
    for (uint32_t mover = my_turn ? me : them; mover; mover >>= 4) {
        int rank = mover & 15;
        if (rank != previous && states[pile].points[rank] >= 0) {
            double chance = race_lay(after, me, them, pile, go, my_turn, mine, theirs, rank);
            if (my_turn ? chance > best : chance < best) best = chance;
        }
        previous = rank;
    }
    if (best < 0.0 || best > 1.0) { /* the mover cannot lay */
        if (!go) {
            best = race_position(after, me, them, pile, 1, !my_turn, mine, theirs);
        } else { /* the mover laid the last card and takes the go; the other leads */
            int point = pile ? 1 : 0;
            if (my_turn) mine += point;
            else theirs += point;
            if (mine >= TARGET || theirs >= TARGET) best = mine >= TARGET ? 1.0 : 0.0;
            else best = race_position(after, me, them, 0, 0, !my_turn, mine, theirs);
        }
    }
    if (!failed) {
        slot->low = low;
        slot->high = high;
        slot->value = best;
    }
    return best;
}

/* ---------------------------------------------------------------- the module */

/* The holdings as the searches are given them: two arrays of one length, the codes
 * (``array("I")``) and the weights (``array("d")``), read from their buffers, not item by item. */
static int holding_arrays(PyObject *codes, PyObject *weights, Py_buffer *coded, Py_buffer *weighed) {
    const char *wrong = "the holdings are two arrays of one length: codes array('I') and weights array('d')";
    if (PyObject_GetBuffer(codes, coded, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, wrong);
        return -1;
    }
    if (PyObject_GetBuffer(weights, weighed, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)) {
        PyBuffer_Release(coded);
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, wrong);
        return -1;
    }
    if (coded->itemsize != sizeof(uint32_t) || strcmp(coded->format, "I") || weighed->itemsize != sizeof(double)
        || strcmp(weighed->format, "d") || coded->len / coded->itemsize != weighed->len / weighed->itemsize) {
        PyBuffer_Release(coded);
        PyBuffer_Release(weighed);
        PyErr_SetString(PyExc_TypeError, wrong);
        return -1;
    }
    return 0;
}

/* The holdings copied for a search, each code checked and the weights added up. */
static int read_holdings(PyObject *codes, PyObject *weights, Holdings *held) {
    Py_buffer coded, weighed;
    if (holding_arrays(codes, weights, &coded, &weighed)) return -1;
    Py_ssize_t n = coded.len / (Py_ssize_t)sizeof(uint32_t);
    held->n = n;
    held->total = 0.0;
    held->codes = malloc(sizeof(uint32_t) * (size_t)(n ? n : 1));
    held->weights = malloc(sizeof(double) * (size_t)(n ? n : 1));
    if (!held->codes || !held->weights) {
        PyBuffer_Release(&coded);
        PyBuffer_Release(&weighed);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(held->codes, coded.buf, (size_t)coded.len);
    memcpy(held->weights, weighed.buf, (size_t)weighed.len);
    PyBuffer_Release(&coded);
    PyBuffer_Release(&weighed);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (held->codes[i] >= 1 << 16) {
            PyErr_Format(PyExc_ValueError, "a coded holding of four cards at most, not %lu",
                         (unsigned long)held->codes[i]);
            return -1;
        }
        held->total += held->weights[i];
    }
    if (!held->total) {
        PyErr_SetString(PyExc_ValueError, "no holding of the other player is possible");
        return -1;
    }
    return 0;
}

/* Holdings made here, as two bytes objects the arrays are made from (codes, weights). */
static PyObject *holdings_bytes(const uint32_t *codes, const double *weights, Py_ssize_t n) {
    return Py_BuildValue("(y#y#)", (const char *)codes, n * (Py_ssize_t)sizeof(uint32_t), (const char *)weights,
                         n * (Py_ssize_t)sizeof(double));
}

static int read_hand(PyObject *hand, uint32_t *code) {
    long value = PyLong_AsLong(hand);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (value < 0 || value >= 1 << 16) {
        PyErr_Format(PyExc_ValueError, "a coded hand of four cards at most, not %ld", value);
        return -1;
    }
    *code = (uint32_t)value;
    return 0;
}

/* The distinct ranks of ``hand`` that fit on state ``start``, ascending. */
static int fitting(uint32_t hand, int start, int *legal) {
    int n = 0, previous = 0;
    for (int shift = 0; hand >> shift; shift += 4) {
        int rank = (hand >> shift) & 15;
        if (rank != previous && states[start].points[rank] >= 0) legal[n++] = rank;
        previous = rank;
    }
    return n;
}

static PyObject *values_dict(const int *legal, const double *values, int n) {
    PyObject *found = PyDict_New();
    for (int at = 0; found && at < n; at++) {
        PyObject *rank = PyLong_FromLong(legal[at]);
        PyObject *value = PyFloat_FromDouble(values[at]);
        if (!rank || !value || PyDict_SetItem(found, rank, value)) Py_CLEAR(found);
        Py_XDECREF(rank);
        Py_XDECREF(value);
    }
    return found;
}

/* What every search starts from: the seat's coded hand, the other's holdings, the pile's state
 * (``*start``) and the distinct ranks of the hand that fit on it, ascending (``legal``); returns how
 * many fit, or -1 with the error set (``held`` is the caller's to free either way). */
static int read_position(PyObject *hand, PyObject *pile, PyObject *codes, PyObject *weights, uint32_t *mine,
                         Holdings *held, int *start, int *legal) {
    if (read_hand(hand, mine) || read_holdings(codes, weights, held)) return -1;
    *start = start_state(pile);
    return *start < 0 ? -1 : fitting(*mine, *start, legal);
}

static PyObject *play_values(PyObject *self, PyObject *args) {
    PyObject *hand, *pile, *codes, *weights;
    int go;
    if (!PyArg_ParseTuple(args, "OO!pOO", &hand, &PyTuple_Type, &pile, &go, &codes, &weights))
        return NULL;
    uint32_t mine;
    Holdings held = {NULL, NULL, 0, 0.0};
    PyObject *found = NULL;
    int start, legal[4];
    int n = read_position(hand, pile, codes, weights, &mine, &held, &start, legal);
    if (n < 0) goto done;
    uint32_t rests[4];
    double sums[4] = {0.0, 0.0, 0.0, 0.0};
    for (int at = 0; at < n; at++) rests[at] = hand_without(mine, legal[at]);
    failed = 0;
    for (Py_ssize_t i = 0; i < held.n && !failed; i++) {
        double weight = held.weights[i];
        for (int at = 0; at < n; at++) {
            int rank = legal[at];
            int value = lay_known(rests[at], held.codes[i], start, go, rank,
                                  states[start].points[rank], -WIDE, WIDE);
            sums[at] += weight * (double)value;
        }
    }
    if (failed) goto done;
    for (int at = 0; at < n; at++) sums[at] /= held.total; /* added in the same order as the Python */
    found = values_dict(legal, sums, n);
done:
    free(held.codes);
    free(held.weights);
    return found;
}

/* The race's chances (``Race.after``: TARGET x TARGET doubles, mine by theirs, in one buffer), read
 * in place for one call, or NULL for None. */
static int read_after(PyObject *after, Py_buffer *view, const double **out_after) {
    *out_after = NULL;
    view->obj = NULL;
    if (after == Py_None) return 0;
    if (PyObject_GetBuffer(after, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)) {
        PyErr_SetString(PyExc_TypeError, "the race's chances are an array of doubles (array('d'))");
        return -1;
    }
    if (!view->format || strcmp(view->format, "d") || view->itemsize != sizeof(double) ||
        view->len != (Py_ssize_t)(sizeof(double) * TARGET * TARGET)) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "the race's chances are 121 x 121 doubles, mine by theirs");
        return -1;
    }
    *out_after = view->buf;
    return 0;
}

static PyObject *counter_values(PyObject *self, PyObject *args) {
    PyObject *hand, *pile, *codes, *weights, *after;
    int go, ours, theirs;
    if (!PyArg_ParseTuple(args, "OO!pOOOii", &hand, &PyTuple_Type, &pile, &go, &codes, &weights, &after, &ours,
                          &theirs))
        return NULL;
    uint32_t mine;
    Holdings held = {NULL, NULL, 0, 0.0};
    Counter search = {NULL};
    Py_buffer table = {0};
    PyObject *found = NULL;
    int start, legal[4];
    int n = read_position(hand, pile, codes, weights, &mine, &held, &start, legal);
    if (n < 0 || read_after(after, &table, &search.after)) goto done;
    double values[4];
    failed = 0;
    for (int at = 0; at < n && !failed; at++) {
        int rank = legal[at];
        values[at] = lay(&search, hand_without(mine, rank), &held, start, go, rank, ours, theirs) / held.total;
    }
    if (!failed) found = values_dict(legal, values, n);
done:
    if (table.obj) PyBuffer_Release(&table);
    free(held.codes);
    free(held.weights);
    return found;
}

/* ``race.race_values`` on coded hands: each rank's chance to win, averaged over the holdings. */
static PyObject *race_values(PyObject *self, PyObject *args) {
    PyObject *hand, *pile, *codes, *weights, *after;
    int go, ours, theirs;
    if (!PyArg_ParseTuple(args, "OO!pOOOii", &hand, &PyTuple_Type, &pile, &go, &codes, &weights, &after, &ours,
                          &theirs))
        return NULL;
    if (ours < 0 || ours >= TARGET || theirs < 0 || theirs >= TARGET) {
        PyErr_Format(PyExc_ValueError, "a race is played below 121: not %d against %d", ours, theirs);
        return NULL;
    }
    if (after == Py_None) {
        PyErr_SetString(PyExc_TypeError, "the race's chances are an array of doubles, not None");
        return NULL;
    }
    uint32_t mine;
    const double *table;
    Py_buffer view = {0};
    Holdings held = {NULL, NULL, 0, 0.0};
    PyObject *found = NULL;
    int start, legal[4];
    int n = read_position(hand, pile, codes, weights, &mine, &held, &start, legal);
    if (n < 0 || read_after(after, &view, &table)) goto done;
    if (!race_memo && !(race_memo = calloc((size_t)1 << RACE_BITS, sizeof(RaceEntry)))) {
        PyErr_NoMemory();
        goto done;
    }
    if (++race_stamp >= 1 << 24) { /* the stamps come round again: forget every earlier call */
        memset(race_memo, 0, sizeof(RaceEntry) << RACE_BITS);
        race_stamp = 1;
    }
    double sums[4] = {0.0, 0.0, 0.0, 0.0};
    failed = 0;
    for (Py_ssize_t i = 0; i < held.n && !failed; i++) {
        for (int at = 0; at < n; at++) {
            sums[at] += held.weights[i] * race_lay(table, mine, held.codes[i], start, go, 1, ours, theirs, legal[at]);
        }
    }
    if (failed) goto done;
    for (int at = 0; at < n; at++) sums[at] /= held.total;
    found = values_dict(legal, sums, n);
done:
    if (view.obj) PyBuffer_Release(&view);
    free(held.codes);
    free(held.weights);
    return found;
}

/* ---------------------------------------------------------------- the other's holdings */

typedef struct {
    int unseen[14]; /* by rank */
    int ranks[13], n; /* the ranks they may hold, ascending */
    int size;
    const double *kept; /* by rank - 1, or NULL */
    uint32_t codes[MOST_HOLDINGS];
    double weights[MOST_HOLDINGS];
    Py_ssize_t found;
} Enumeration;

/* ``play.holdings``' ``extend``, each holding coded (``play.hand_code``) and weighed by ``kept`` as
 * ``searches.holdings`` weighs it without the C. */
static void extend(Enumeration *e, int start, int *held, int len, double weight) {
    if (len == e->size) {
        uint32_t code = 0;
        double kept = 1.0;
        for (int i = len - 1; i >= 0; i--) code = code << 4 | (uint32_t)held[i];
        if (e->kept) {
            for (int i = 0; i < len; i++) kept *= e->kept[held[i] - 1];
        }
        e->codes[e->found] = code;
        e->weights[e->found] = e->kept ? weight * kept : weight;
        e->found++;
        return;
    }
    if (len >= 4) return; /* never: size is 4 at most (this tells the compiler ``held`` suffices) */
    for (int at = start; at < e->n; at++) {
        int rank = e->ranks[at], have = 0;
        for (int i = 0; i < len; i++) have += held[i] == rank;
        if (have < e->unseen[rank]) {
            held[len] = rank;
            extend(e, at, held, len + 1, weight * (double)(e->unseen[rank] - have) / (double)(have + 1));
        }
    }
}

static PyObject *holdings(PyObject *self, PyObject *args) {
    PyObject *unseen, *kept;
    int size, lowest;
    if (!PyArg_ParseTuple(args, "OiiO", &unseen, &size, &lowest, &kept)) return NULL;
    if (size < 0 || size > 4) {
        PyErr_Format(PyExc_ValueError, "the search takes hands of 4 cards at most, not %d", size);
        return NULL;
    }
    static Enumeration e; /* too big for the stack; under the GIL, one call at a time */
    memset(&e, 0, offsetof(Enumeration, codes));
    e.size = size;
    e.found = 0;
    double weights[13];
    PyObject *counts = PySequence_Fast(unseen, "the unseen cards are 13 counts");
    if (!counts) return NULL;
    if (PySequence_Fast_GET_SIZE(counts) != 13) {
        Py_DECREF(counts);
        PyErr_SetString(PyExc_ValueError, "the unseen cards are 13 counts, one for each rank");
        return NULL;
    }
    for (int rank = 1; rank < 14; rank++) {
        long count = PyLong_AsLong(PySequence_Fast_GET_ITEM(counts, rank - 1));
        if (count == -1 && PyErr_Occurred()) {
            Py_DECREF(counts);
            return NULL;
        }
        if (count < 0 || count > 4) {
            Py_DECREF(counts);
            PyErr_Format(PyExc_ValueError, "a rank has 0-4 cards unseen, not %ld", count);
            return NULL;
        }
        e.unseen[rank] = (int)count;
        if (VALUE[rank] >= lowest && count > 0) e.ranks[e.n++] = rank;
    }
    Py_DECREF(counts);
    if (kept != Py_None) {
        PyObject *rows = PySequence_Fast(kept, "the kept weights are 13 numbers");
        if (!rows) return NULL;
        if (PySequence_Fast_GET_SIZE(rows) != 13) {
            Py_DECREF(rows);
            PyErr_SetString(PyExc_ValueError, "the kept weights are 13 numbers, one for each rank");
            return NULL;
        }
        for (int i = 0; i < 13; i++) weights[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(rows, i));
        Py_DECREF(rows);
        if (PyErr_Occurred()) return NULL;
        e.kept = weights;
    }
    int held[4];
    extend(&e, 0, held, 0, 1.0);
    return holdings_bytes(e.codes, e.weights, e.found);
}

/* CPython's ``Random.random()`` from the two 32-bit words it draws (in ``getrandbits``' bytes, the
 * first drawn first, little-endian): 53 bits, the first word's top 27 then the second's top 26. */
static double random_from(const unsigned char *words) {
    uint32_t first = 0, second = 0;
    for (int i = 3; i >= 0; i--) {
        first = first << 8 | words[i];
        second = second << 8 | words[4 + i];
    }
    return ((first >> 5) * 67108864.0 + (second >> 6)) * (1.0 / 9007199254740992.0);
}

/* ``random.choices(holdings, weights, k)`` given the words of the ``k`` ``random()`` draws it would
 * make (``rng.getrandbits(64 * k)`` as little-endian bytes, which takes the same words from the
 * generator), counted as ``searches.drawn`` counts them without the C: each holding drawn, in the
 * order first drawn, weighing as many draws. */
static PyObject *drawn(PyObject *self, PyObject *args) {
    PyObject *codes, *weights, *randoms;
    if (!PyArg_ParseTuple(args, "OOO!", &codes, &weights, &PyBytes_Type, &randoms)) return NULL;
    if (PyBytes_GET_SIZE(randoms) % 8) {
        PyErr_SetString(PyExc_ValueError, "the draws are 8 bytes each (two 32-bit words)");
        return NULL;
    }
    Py_buffer coded, weighed;
    if (holding_arrays(codes, weights, &coded, &weighed)) return NULL;
    const unsigned char *words = (const unsigned char *)PyBytes_AS_STRING(randoms);
    const uint32_t *given = coded.buf;
    const double *weight = weighed.buf;
    Py_ssize_t n = coded.len / (Py_ssize_t)sizeof(uint32_t), k = PyBytes_GET_SIZE(randoms) / 8;
    double *cumulative = malloc(sizeof(double) * (size_t)(n ? n : 1));
    Py_ssize_t *times = calloc((size_t)(n ? n : 1), sizeof(Py_ssize_t));
    Py_ssize_t *order = malloc(sizeof(Py_ssize_t) * (size_t)(n ? n : 1));
    uint32_t *found_codes = malloc(sizeof(uint32_t) * (size_t)(n ? n : 1));
    double *found_weights = malloc(sizeof(double) * (size_t)(n ? n : 1));
    PyObject *found = NULL;
    if (!cumulative || !times || !order || !found_codes || !found_weights) {
        PyErr_NoMemory();
        goto done;
    }
    if (!n) {
        PyErr_SetString(PyExc_ValueError, "the holdings are two arrays of one length, not empty");
        goto done;
    }
    double sum = 0.0;
    for (Py_ssize_t i = 0; i < n; i++) {
        sum += weight[i];
        cumulative[i] = sum;
    }
    double total = cumulative[n - 1] + 0.0;
    if (!(total > 0.0) || !isfinite(total)) {
        PyErr_SetString(PyExc_ValueError, "the holdings' weights must add up to a finite number above 0");
        goto done;
    }
    /* bisect_right(cumulative, x, 0, n - 1): how many of the first n - 1 sums are at most x (they
     * never fall). Found without a branch on x, which no predictor guesses: the draws are random. */
    Py_ssize_t distinct = 0, top = 1;
    while (top * 2 <= n - 1) top *= 2;
    for (Py_ssize_t j = 0; j < k; j++) {
        double x = random_from(words + 8 * j) * total;
        Py_ssize_t at = 0;
        for (Py_ssize_t step = n > 1 ? top : 0; step; step >>= 1) {
            Py_ssize_t next = at + step;
            at = (next <= n - 1 && cumulative[next - 1] <= x) ? next : at;
        }
        if (!times[at]++) order[distinct++] = at;
    }
    for (Py_ssize_t i = 0; i < distinct; i++) {
        found_codes[i] = given[order[i]];
        found_weights[i] = (double)times[order[i]];
    }
    found = holdings_bytes(found_codes, found_weights, distinct);
done:
    PyBuffer_Release(&coded);
    PyBuffer_Release(&weighed);
    free(cumulative);
    free(times);
    free(order);
    free(found_codes);
    free(found_weights);
    return found;
}

/* ---------------------------------------------------------------- the reply model */

#define GO_WORTH_FROM 0.02 /* reply.GO_WORTH_FROM */

/* ``play.run_out`` from a state: the most a player pegs laying ``hand`` alone on it (nobody else
 * can lay), with the go (or last card) point for the last card unless it makes 31. */
static int run_out(uint32_t hand, int pile) {
    int best = -1, previous = 0;
    for (int shift = 0; hand >> shift; shift += 4) {
        int rank = (hand >> shift) & 15;
        int points = states[pile].points[rank];
        if (rank != previous && points >= 0) {
            if (states[pile].count + VALUE[rank] != LIMIT) { /* at 31 nothing more is laid */
                int after = state_after(pile, rank);
                if (failed) return 0;
                points += run_out(drop(hand, shift), after);
            }
            if (points > best) best = points;
        }
        previous = rank;
    }
    if (best >= 0) return best;
    return states[pile].count == 0 || states[pile].count == LIMIT ? 0 : 1;
}

/* ``reply.card_worth``: what laying ``rank`` from ``hand`` on ``pile`` is worth when the responder
 * replies with their best-scoring card, holding each rank with ``chances[rank - 1]`` (``sign``: -1
 * an opponent, +1 a partner). The same steps in the same order, so the same double. */
static double card_worth(uint32_t hand, int pile, int rank, const double *chances, double sign) {
    int now = states[pile].points[rank];
    int count = states[pile].count + VALUE[rank];
    if (count == LIMIT) return (double)now;
    uint32_t rest = hand_without(hand, rank);
    int after = state_after(pile, rank);
    if (failed) return 0.0;
    /* the replies, best-scoring for the responder first, then by what they leave me to peg back
     * (least against an opponent, most with a partner), then by rank: Python's stable sorts */
    int theirs[13], backs[13], n = 0;
    double held[13];
    for (int reply = 1; reply < 14; reply++) {
        int points = states[after].points[reply];
        double q = chances[reply - 1];
        if (points < 0 || q == 0.0) continue;
        int back = 0;
        if (rest && count + VALUE[reply] == LIMIT) {
            back = -1; /* at 31 none of mine fits */
        } else if (rest) {
            int next = state_after(after, reply);
            if (failed) return 0.0;
            back = -1;
            for (int shift = 0; rest >> shift; shift += 4) {
                int mine = states[next].points[(rest >> shift) & 15];
                if (mine > back) back = mine;
            }
        }
        int j = n++;
        while (j > 0 && (theirs[j - 1] < points || (theirs[j - 1] == points && -sign * backs[j - 1] > -sign * back))) {
            theirs[j] = theirs[j - 1];
            backs[j] = backs[j - 1];
            held[j] = held[j - 1];
            j--;
        }
        theirs[j] = points;
        backs[j] = back;
        held[j] = q;
    }
    double worth = (double)now, left = 1.0, quiet = 1.0, quiet_weight = 0.0, quiet_back = 0.0;
    for (int i = 0; i < n; i++) {
        if (theirs[i]) {
            worth += left * held[i] * (sign * (double)theirs[i] + (double)backs[i]);
            left *= 1.0 - held[i];
        } else {
            quiet *= 1.0 - held[i];
            quiet_weight += held[i];
            quiet_back += held[i] * (double)backs[i];
        }
    }
    if (quiet_weight != 0.0) worth += left * (1.0 - quiet) * quiet_back / quiet_weight;
    double go = left * quiet;
    if (go > GO_WORTH_FROM) {
        int alone = run_out(rest, after);
        if (failed) return 0.0;
        return worth + go * (double)alone;
    }
    return worth + 0.0;
}

static PyObject *reply_worths(PyObject *self, PyObject *args) {
    PyObject *hand, *pile, *chances;
    double sign;
    if (!PyArg_ParseTuple(args, "OO!Od", &hand, &PyTuple_Type, &pile, &chances, &sign)) return NULL;
    uint32_t mine;
    if (read_hand(hand, &mine)) return NULL;
    double held[13];
    if (chances != Py_None) {
        PyObject *seq = PySequence_Fast(chances, "the chances are a sequence of 13 floats, or None");
        if (!seq) return NULL;
        if (PySequence_Fast_GET_SIZE(seq) != 13) {
            PyErr_Format(PyExc_ValueError, "the chances are 13 floats (one by rank), not %zd",
                         PySequence_Fast_GET_SIZE(seq));
            Py_DECREF(seq);
            return NULL;
        }
        for (int r = 0; r < 13; r++) {
            held[r] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, r));
            if (held[r] == -1.0 && PyErr_Occurred()) {
                Py_DECREF(seq);
                return NULL;
            }
        }
        Py_DECREF(seq);
    }
    int start = start_state(pile);
    if (start < 0) return NULL;
    int legal[4];
    double values[4];
    int n = fitting(mine, start, legal);
    failed = 0;
    for (int at = 0; at < n && !failed; at++) {
        int rank = legal[at];
        if (chances != Py_None) {
            values[at] = card_worth(mine, start, rank, held, sign);
        } else { /* ``reply.alone``: nobody else can lay */
            int points = states[start].points[rank];
            if (states[start].count + VALUE[rank] != LIMIT) {
                int after = state_after(start, rank);
                if (!failed) points += run_out(hand_without(mine, rank), after);
            }
            values[at] = (double)points;
        }
    }
    return failed ? NULL : values_dict(legal, values, n);
}

static PyObject *afresh(PyObject *self, PyObject *unused) {
    if (start_afresh()) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"play_values", play_values, METH_VARARGS,
     "play_values(hand, pile, go, codes, weights): play.play_values on coded hands (arrays I and d)."},
    {"counter_values", counter_values, METH_VARARGS,
     "counter_values(hand, pile, go, codes, weights, after, mine, theirs): "
     "counterplay.counter_values on coded hands (after: the race's chances or None)."},
    {"race_values", race_values, METH_VARARGS,
     "race_values(hand, pile, go, codes, weights, after, mine, theirs): race.race_values on coded hands."},
    {"holdings", holdings, METH_VARARGS,
     "holdings(unseen, size, lowest, kept): play.holdings weighed by kept, as (codes, weights) bytes."},
    {"drawn", drawn, METH_VARARGS,
     "drawn(codes, weights, words): random.choices by weight given its random() draws' words, counted."},
    {"reply_worths", reply_worths, METH_VARARGS,
     "reply_worths(hand, pile, chances, sign): reply.card_worth (reply.alone with chances None) of each "
     "distinct rank of a coded hand that fits."},
    {"start_afresh", afresh, METH_NOARGS, "Empty the tables: the memory back, the next search cold."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_pegsearch",
    .m_doc = "The two searches of a two-player play, in C.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__pegsearch(void) { return PyModule_Create(&module); }
