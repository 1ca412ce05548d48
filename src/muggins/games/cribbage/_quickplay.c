/* Two-player six-card cribbage played to its end by uniformly random moves, in C: ``quick._Table``
 * step for step, with Python's own generator (MT19937, as ``random.Random`` runs it) for the deals
 * and the draws, so the same seeds give the same games. ``tests/games/test_cribbage_quick.py`` holds
 * it to the Python table and to the engine game by game. Cards are numbers, (rank - 1) * 4 + suit. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MT_N 624
#define MT_M 397
#define REASONS 4 /* hand, crib, pegging, his heels: ``quick.REASONS`` */
#define HAND 0
#define CRIB 1
#define PEGGING 2
#define HEELS 3
#define JACK 11

enum { DISCARD, PLAY, PRE_SHOW, SHOW, POST_SHOW };

/* ---------------------------------------------------------------- Python's generator */

typedef struct {
    uint32_t mt[MT_N];
    int index;
} Twister;

static uint32_t next_word(Twister *t) {
    static const uint32_t twist[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = t->mt, y;
    if (t->index >= MT_N) {
        int k;
        for (k = 0; k < MT_N - MT_M; k++) {
            y = (mt[k] & 0x80000000U) | (mt[k + 1] & 0x7fffffffU);
            mt[k] = mt[k + MT_M] ^ (y >> 1) ^ twist[y & 1U];
        }
        for (; k < MT_N - 1; k++) {
            y = (mt[k] & 0x80000000U) | (mt[k + 1] & 0x7fffffffU);
            mt[k] = mt[k + (MT_M - MT_N)] ^ (y >> 1) ^ twist[y & 1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ twist[y & 1U];
        t->index = 0;
    }
    y = mt[t->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
}

/* ``Random(seed)`` for a whole number below 2**64: seeded by its 32-bit words, low first. */
static void seed_twister(Twister *t, unsigned long long seed) {
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    size_t len = key[1] ? 2 : 1;
    uint32_t *mt = t->mt;
    mt[0] = 19650218U;
    for (int i = 1; i < MT_N; i++) mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    int i = 1;
    size_t j = 0;
    for (int k = MT_N > (int)len ? MT_N : (int)len; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= len) j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
    t->index = MT_N;
}

/* CPython's ``_random.Random`` object (Modules/_randommodule.c, unchanged from 2.3 to 3.13): read and
 * written in place, not through ``getstate`` (625 numbers made, then read back: a third of a random
 * game's instructions), where ``PyInit`` finds this layout holding what ``getstate`` gives. */
typedef struct {
    PyObject_HEAD
    int index;
    uint32_t state[MT_N];
} RandomObject;

static PyTypeObject *random_type; /* ``_random.Random`` when its layout is checked; else NULL */

/* Whether ``type``'s objects are ``RandomObject``s: its size, and a generator's state read in place
 * against its ``getstate`` after a draw. -1 on an error. */
static int layout_checked(PyTypeObject *type) {
    if (type->tp_basicsize != (Py_ssize_t)sizeof(RandomObject)) return 0;
    PyObject *rng = PyObject_CallFunction((PyObject *)type, "i", 20261129);
    if (!rng) return -1;
    PyObject *drawn = PyObject_CallMethod(rng, "getrandbits", "i", 32);
    PyObject *state = drawn ? PyObject_CallMethod(rng, "getstate", NULL) : NULL;
    Py_XDECREF(drawn);
    int same = state && PyTuple_Check(state) && PyTuple_GET_SIZE(state) == MT_N + 1;
    const RandomObject *seen = (const RandomObject *)rng;
    for (int i = 0; same && i <= MT_N; i++) {
        unsigned long word = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(state, i));
        same = word == (i < MT_N ? (unsigned long)seen->state[i] : (unsigned long)seen->index);
    }
    Py_XDECREF(state);
    Py_DECREF(rng);
    if (PyErr_Occurred()) return -1;
    return same;
}

/* A generator from a ``random.Random`` (read in place; ``DIRECT`` says whether this build can),
 * from ``Random.getstate()[1]`` (624 words and the index) or from a seed; 0 on error. */
static int load_twister(Twister *t, PyObject *given) {
    if (random_type && PyObject_TypeCheck(given, random_type)) {
        const RandomObject *rng = (const RandomObject *)given;
        memcpy(t->mt, rng->state, sizeof t->mt);
        t->index = rng->index;
        return 1;
    }
    if (PyLong_Check(given)) {
        unsigned long long seed = PyLong_AsUnsignedLongLong(given);
        if (seed == (unsigned long long)-1 && PyErr_Occurred()) return 0;
        seed_twister(t, seed);
        return 1;
    }
    if (!PyTuple_Check(given) || PyTuple_GET_SIZE(given) != MT_N + 1) {
        PyErr_SetString(PyExc_ValueError, "a generator's state is 625 numbers (Random.getstate()[1])");
        return 0;
    }
    for (int i = 0; i <= MT_N; i++) {
        unsigned long word = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(given, i));
        if (word == (unsigned long)-1 && PyErr_Occurred()) return 0;
        if (i < MT_N)
            t->mt[i] = (uint32_t)word;
        else if (word > MT_N) {
            PyErr_SetString(PyExc_ValueError, "a generator's index is 0 to 624");
            return 0;
        } else
            t->index = (int)word;
    }
    return 1;
}

static PyObject *twister_state(const Twister *t) {
    PyObject *state = PyTuple_New(MT_N + 1);
    if (!state) return NULL;
    for (int i = 0; i <= MT_N; i++) {
        PyObject *word = PyLong_FromUnsignedLong(i < MT_N ? t->mt[i] : (unsigned long)t->index);
        if (!word) {
            Py_DECREF(state);
            return NULL;
        }
        PyTuple_SET_ITEM(state, i, word);
    }
    return state;
}

/* ``_randbelow``: ``bound``'s width of bits, again until below it (``choice`` and ``games.base._below``). */
static int below(Twister *t, int bound) {
    int width = 0;
    while (bound >> width) width++;
    uint32_t value = next_word(t) >> (32 - width);
    while (value >= (uint32_t)bound) value = next_word(t) >> (32 - width);
    return (int)value;
}

static double unit(Twister *t) { /* ``random()`` */
    uint32_t a = next_word(t) >> 5, b = next_word(t) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* ---------------------------------------------------------------- the table */

typedef struct {
    int scores[2], target, heels, dealer, random_dealer;
    int skip_empty, skip_pass, skip_only, pre_show, post_show;
    int hands[2][6], held[2];
    int kept[2][4];
    int crib[4], cribbed;
    int starter;
    int pile[13], laid;
    int count, passed, turn, last, waiting, phase;
    long moves;
    Twister deals;
    Twister *draws[2];
    int choice; /* a random bot's draw: ``choice``, none for one move; else ``play_out``'s */
    PyObject *ledger; /* NULL: none kept */
    PyObject *keys;   /* the ledger's keys, by seat * REASONS + reason */
    int points[2 * REASONS];
    int failed;
} Table;

static const int FIRST[15] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4};
static const int SECOND[15] = {1, 2, 3, 4, 5, 2, 3, 4, 5, 3, 4, 5, 4, 5, 5};
static const int SET_POINTS[5] = {0, 0, 2, 6, 12};

static inline int rank_of(int card) { return card / 4 + 1; }
static inline int value_of(int card) { return card < 36 ? card / 4 + 1 : 10; }
static inline int suit_of(int card) { return card % 4; }

static int pick(Table *t, int seat, int moves) {
    if (t->choice) return moves > 1 ? below(t->draws[seat], moves) : 0;
    return (int)(unit(t->draws[seat]) * moves);
}

static void close_deal(Table *t) {
    if (!t->ledger || t->failed) return;
    PyObject *scored = PyDict_New();
    if (!scored) {
        t->failed = 1;
        return;
    }
    for (int i = 0; i < 2 * REASONS; i++) {
        if (!t->points[i]) continue;
        PyObject *points = PyLong_FromLong(t->points[i]);
        if (!points || PyDict_SetItem(scored, PyTuple_GET_ITEM(t->keys, i), points) < 0) t->failed = 1;
        Py_XDECREF(points);
        t->points[i] = 0;
    }
    PyObject *deal = Py_BuildValue("(iN)", t->dealer, scored);
    if (!deal || PyList_Append(t->ledger, deal) < 0) t->failed = 1;
    Py_XDECREF(deal);
}

static int add(Table *t, int seat, int points, int reason) {
    t->scores[seat] += points;
    t->points[seat * REASONS + reason] += points;
    return t->scores[seat] >= t->target;
}

/* ``rank_points``: the points of the last rank laid on the pile since the count started. */
static int pile_points(const int *ranks, int size, int count) {
    int last = ranks[size - 1], same = 1;
    while (same < size && ranks[size - 1 - same] == last) same++;
    int points = count == 15 || count == 31 ? 2 : 0;
    if (same >= 2) return points + SET_POINTS[same];
    int best = 0, low = 14, high = 0, seen = 0;
    for (int length = 1; length <= size; length++) {
        int rank = ranks[size - length], bit = 1 << rank;
        if (seen & bit) break;
        seen |= bit;
        if (rank < low) low = rank;
        if (rank > high) high = rank;
        if (high - low >= size) break;
        if (length >= 3 && high - low == length - 1) best = length;
    }
    return points + best;
}

/* ``index_points``: a four-card hand (or crib) with the starter, counted. */
static int show_points(const int *cards, int starter, int crib) {
    int all[5] = {cards[0], cards[1], cards[2], cards[3], starter};
    int counts[15] = {0};
    int points = 0;
    for (int mask = 1; mask < 32; mask++) {
        int sum = 0;
        for (int i = 0; i < 5; i++)
            if (mask >> i & 1) sum += value_of(all[i]);
        if (sum == 15) points += 2;
    }
    for (int i = 0; i < 5; i++) counts[rank_of(all[i])]++;
    for (int rank = 1; rank <= 13; rank++) points += SET_POINTS[counts[rank]];
    for (int rank = 1; rank <= 11; rank++) {
        if (!counts[rank] || counts[rank - 1]) continue;
        int length = 0, ways = 1;
        while (counts[rank + length]) ways *= counts[rank + length++];
        if (length >= 3) points += length * ways;
    }
    int suit = suit_of(cards[0]);
    if (suit_of(cards[1]) == suit && suit_of(cards[2]) == suit && suit_of(cards[3]) == suit) {
        if (suit_of(starter) == suit)
            points += 5;
        else if (!crib)
            points += 4;
    }
    for (int i = 0; i < 4; i++)
        if (rank_of(cards[i]) == JACK && suit_of(cards[i]) == suit_of(starter)) points += 1;
    return points;
}

static void reset(Table *t) {
    t->laid = 0;
    t->count = 0;
    t->passed = 0;
}

static void end_play(Table *t) {
    reset(t);
    if (t->pre_show) {
        t->phase = PRE_SHOW;
        t->waiting = 3;
    } else
        t->phase = SHOW;
}

static void pass_turn(Table *t, int seat) {
    int other = 1 - seat;
    t->turn = t->passed >> other & 1 ? seat : other;
}

static int end_round(Table *t, int last, int after_go) {
    if (after_go && add(t, last, 1, PEGGING)) return 1;
    reset(t);
    if (!t->held[0] && !t->held[1])
        end_play(t);
    else
        t->turn = 1 - last;
    return 0;
}

static int lay(Table *t, int seat, int place) {
    int *hand = t->hands[seat];
    int card = hand[place];
    memmove(hand + place, hand + place + 1, (size_t)(t->held[seat] - place - 1) * sizeof(int));
    t->held[seat]--;
    t->pile[t->laid++] = rank_of(card);
    t->count += value_of(card);
    t->last = seat;
    int points = pile_points(t->pile, t->laid, t->count);
    if (points && add(t, seat, points, PEGGING)) return 1;
    if (t->count == 31) return end_round(t, seat, 0);
    if (!t->held[0] && !t->held[1]) {
        if (add(t, seat, 1, PEGGING)) return 1; /* the last card */
        end_play(t);
        return 0;
    }
    pass_turn(t, seat);
    return 0;
}

static int say_go(Table *t, int seat) {
    t->passed |= 1 << seat;
    if (t->passed == 3) return end_round(t, t->last, 1);
    pass_turn(t, seat);
    return 0;
}

static int play(Table *t) {
    while (t->phase == PLAY) {
        int seat = t->turn, held = t->held[seat], room = 31 - t->count;
        int *hand = t->hands[seat];
        int playable = 0, only = -1;
        for (int i = 0; i < held; i++)
            if (value_of(hand[i]) <= room) {
                playable++;
                only = i;
            }
        if (!playable) {
            if (!((held ? t->skip_pass : t->skip_empty) || t->skip_only)) {
                pick(t, seat, 1); /* go, the one legal move */
                t->moves++;
            }
            if (say_go(t, seat)) return 1;
            continue;
        }
        if (playable > 1 || !t->skip_only) {
            int chosen = pick(t, seat, playable);
            t->moves++;
            for (int i = 0; i < held; i++)
                if (value_of(hand[i]) <= room) {
                    if (!chosen) {
                        only = i;
                        break;
                    }
                    chosen--;
                }
        }
        if (lay(t, seat, only)) return 1;
    }
    return 0;
}

static int discard(Table *t) {
    for (int seat = 0; seat < 2; seat++) {
        if (!(t->waiting >> seat & 1)) continue;
        int chosen = pick(t, seat, 15);
        t->moves++;
        int *hand = t->hands[seat];
        int first = FIRST[chosen], second = SECOND[chosen];
        t->crib[t->cribbed++] = hand[first];
        t->crib[t->cribbed++] = hand[second];
        int k = 0;
        for (int i = 0; i < 6; i++)
            if (i != first && i != second) t->kept[seat][k++] = hand[i];
        memcpy(hand, t->kept[seat], sizeof t->kept[seat]);
        t->held[seat] = 4;
    }
    t->waiting = 0;
    if (rank_of(t->starter) == JACK && add(t, t->dealer, t->heels, HEELS)) return 1;
    t->phase = PLAY;
    t->turn = 1 - t->dealer;
    return 0;
}

static void sort_hand(int *cards, int size) {
    for (int i = 1; i < size; i++) {
        int card = cards[i], j = i;
        while (j && cards[j - 1] > card) {
            cards[j] = cards[j - 1];
            j--;
        }
        cards[j] = card;
    }
}

static void new_hand(Table *t) {
    close_deal(t);
    t->dealer = t->random_dealer ? below(&t->deals, 2) : 1 - t->dealer;
    int pool[52], pack[13];
    for (int i = 0; i < 52; i++) pool[i] = i;
    for (int i = 0; i < 13; i++) { /* ``games.base.sample``: partial Fisher-Yates on the card indexes */
        int j = below(&t->deals, 52 - i);
        pack[i] = pool[j];
        pool[j] = pool[52 - i - 1];
    }
    int pone = 1 - t->dealer;
    for (int i = 0; i < 6; i++) { /* a card's index is suit * 13 + rank - 1 */
        t->hands[pone][i] = pack[2 * i] % 13 * 4 + pack[2 * i] / 13;
        t->hands[t->dealer][i] = pack[2 * i + 1] % 13 * 4 + pack[2 * i + 1] / 13;
    }
    sort_hand(t->hands[0], 6);
    sort_hand(t->hands[1], 6);
    t->held[0] = t->held[1] = 6;
    t->starter = pack[12] % 13 * 4 + pack[12] / 13;
    t->cribbed = 0;
    t->phase = DISCARD;
    t->waiting = 3;
}

static int show(Table *t) {
    int dealer = t->dealer, pone = 1 - dealer;
    if (add(t, pone, show_points(t->kept[pone], t->starter, 0), HAND)) return 1;
    if (add(t, dealer, show_points(t->kept[dealer], t->starter, 0), HAND)) return 1;
    if (add(t, dealer, show_points(t->crib, t->starter, 1), CRIB)) return 1;
    if (t->post_show) {
        t->phase = POST_SHOW;
        t->waiting = 3;
    } else
        new_hand(t);
    return 0;
}

static void ready(Table *t) {
    for (int seat = 0; seat < 2; seat++)
        if (t->waiting >> seat & 1) {
            pick(t, seat, 1);
            t->moves++;
        }
    t->waiting = 0;
}

static void run(Table *t) {
    while (!t->failed) {
        int phase = t->phase;
        if (phase == DISCARD) {
            if (discard(t)) break;
        } else if (phase == PLAY) {
            if (play(t)) break;
        } else if (phase == SHOW) {
            if (show(t)) break;
        } else {
            ready(t);
            if (phase == PRE_SHOW)
                t->phase = SHOW;
            else
                new_hand(t);
        }
    }
    close_deal(t);
}

/* ---------------------------------------------------------------- from Python */

static int read_cards(PyObject *given, int *cards, int most, int *size, const char *what) {
    PyObject *seq = PySequence_Fast(given, what);
    if (!seq) return 0;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > most) {
        PyErr_Format(PyExc_ValueError, "%s: at most %d cards", what, most);
        Py_DECREF(seq);
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (card == -1 && PyErr_Occurred()) break;
        if (card < 0 || card > 51) {
            PyErr_Format(PyExc_ValueError, "%s: a card is a number from 0 to 51, not %ld", what, card);
            break;
        }
        cards[i] = (int)card;
    }
    Py_DECREF(seq);
    if (PyErr_Occurred()) return 0;
    *size = (int)n;
    return 1;
}

static PyObject *play_table(PyObject *module, PyObject *args) {
    (void)module;
    Table t;
    memset(&t, 0, sizeof t);
    PyObject *hands[2], *kept[2], *crib, *pile, *deals, *draws, *keep;
    Twister seats[2];
    int unused;
    if (!PyArg_ParseTuple(args, "(iiiiiiiiiiiiiiiiii)OOOOOOOOpO", &t.scores[0], &t.scores[1], &t.target,
                          &t.heels, &t.dealer, &t.random_dealer, &t.skip_empty, &t.skip_pass, &t.skip_only,
                          &t.pre_show, &t.post_show, &t.phase, &t.turn, &t.count, &t.passed, &t.last,
                          &t.waiting, &t.starter, &hands[0], &hands[1], &kept[0], &kept[1], &crib, &pile,
                          &deals, &draws, &t.choice, &keep))
        return NULL;
    if (t.phase < DISCARD || t.phase > POST_SHOW || t.dealer < 0 || t.dealer > 1 ||
        (t.phase == PLAY && (t.turn < 0 || t.turn > 1)) || t.starter < 0 || t.starter > 51) {
        PyErr_SetString(PyExc_ValueError, "a phase is 0 to 4, a seat (the dealer, one to play) 0 or 1 and a "
                                          "card 0 to 51");
        return NULL;
    }
    int pile_cards[13];
    if (!read_cards(hands[0], t.hands[0], 6, &t.held[0], "the first hand") ||
        !read_cards(hands[1], t.hands[1], 6, &t.held[1], "the second hand") ||
        !read_cards(kept[0], t.kept[0], 4, &unused, "the first kept") ||
        !read_cards(kept[1], t.kept[1], 4, &unused, "the second kept") ||
        !read_cards(crib, t.crib, 4, &t.cribbed, "the crib"))
        return NULL;
    PyObject *ranks = PySequence_Fast(pile, "the pile's ranks");
    if (!ranks) return NULL;
    Py_ssize_t laid = PySequence_Fast_GET_SIZE(ranks);
    int broken = laid > 13;
    for (Py_ssize_t i = 0; i < laid && !broken; i++) {
        long rank = PyLong_AsLong(PySequence_Fast_GET_ITEM(ranks, i));
        broken = rank < 1 || rank > 13;
        pile_cards[i] = (int)rank;
    }
    Py_DECREF(ranks);
    if (broken) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "the pile is at most 13 ranks, each 1 to 13");
        return NULL;
    }
    t.laid = (int)laid;
    memcpy(t.pile, pile_cards, sizeof pile_cards);
    if (!load_twister(&t.deals, deals)) return NULL;
    if (!PyTuple_Check(draws) || PyTuple_GET_SIZE(draws) < 1 || PyTuple_GET_SIZE(draws) > 2) {
        PyErr_SetString(PyExc_ValueError, "draws: one generator for both seats, or one each");
        return NULL;
    }
    Py_ssize_t generators = PyTuple_GET_SIZE(draws);
    for (Py_ssize_t i = 0; i < generators; i++)
        if (!load_twister(&seats[i], PyTuple_GET_ITEM(draws, i))) return NULL;
    t.draws[0] = &seats[0];
    t.draws[1] = &seats[generators - 1];
    if (keep != Py_None) {
        if (!PyTuple_Check(keep) || PyTuple_GET_SIZE(keep) != 2 * REASONS) {
            PyErr_SetString(PyExc_ValueError, "keep: the ledger's 8 keys (quick.SCORED), or None");
            return NULL;
        }
        t.keys = keep;
        if (!(t.ledger = PyList_New(0))) return NULL;
    }
    run(&t);
    if (t.failed) {
        Py_XDECREF(t.ledger);
        return NULL;
    }
    PyObject *states = PyTuple_New(t.choice ? 0 : generators); /* a random bot's are not needed again */
    if (!states) {
        Py_XDECREF(t.ledger);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(states); i++) {
        PyObject *given = PyTuple_GET_ITEM(draws, i);
        if (random_type && PyObject_TypeCheck(given, random_type)) { /* left where the draws left it */
            RandomObject *rng = (RandomObject *)given;
            memcpy(rng->state, seats[i].mt, sizeof rng->state);
            rng->index = seats[i].index;
            Py_INCREF(Py_None);
            PyTuple_SET_ITEM(states, i, Py_None);
            continue;
        }
        PyObject *state = twister_state(&seats[i]);
        if (!state) {
            Py_DECREF(states);
            Py_XDECREF(t.ledger);
            return NULL;
        }
        PyTuple_SET_ITEM(states, i, state);
    }
    if (!t.ledger) {
        Py_INCREF(Py_None);
        t.ledger = Py_None;
    }
    return Py_BuildValue("(ii)lNN", t.scores[0], t.scores[1], t.moves, t.ledger, states);
}

static PyMethodDef methods[] = {
    {"play", play_table, METH_VARARGS,
     "play(numbers, hand0, hand1, kept0, kept1, crib, pile, deals, draws, choice, keys): quick._Table "
     "played to its end; ((score, score), moves, ledger or None, the draws' states (none for choice)). "
     "deals and draws may be random.Random objects where DIRECT: read in place, and a draw's generator "
     "left where its draws left it (its state None), not with choice."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_quickplay",
    .m_doc = "Two-player cribbage played to its end by random moves, in C.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__quickplay(void) {
    PyObject *made = PyModule_Create(&module);
    PyObject *source = made ? PyImport_ImportModule("_random") : NULL;
    PyObject *type = source ? PyObject_GetAttrString(source, "Random") : NULL;
    Py_XDECREF(source);
    int direct = type && PyType_Check(type) ? layout_checked((PyTypeObject *)type) : -1;
    if (direct < 0) PyErr_Clear(); /* no generator read in place: ``getstate``'s numbers instead */
    if (direct > 0)
        random_type = (PyTypeObject *)type; /* kept for the module's life */
    else
        Py_XDECREF(type);
    if (made && PyModule_AddIntConstant(made, "DIRECT", direct > 0) < 0) Py_CLEAR(made);
    return made;
}
