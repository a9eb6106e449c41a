/* The Lingo move search, compiled: the same walk and the same scoring as best.py's ``Search``, in C.

   best.py documents the search; this file is its hot loop and nothing else. The rules of scoring are written in
   scoring.py, which is this walk's test oracle (tests/engines/test_lingo_oracle.py): every move it proposes,
   on random positions of every variant, must score as score_move scores it. Python prepares the board (the
   letters and values of the top tiles, the axes, the pool, the options) and the word list, and gets back the
   best move and its total. It is built by ``python wordgames/engines/lingo/build.py`` (bin/serve and bin/test
   run it); without it best.py runs the same search in Python, 40 to 60 times slower.

   Words: a trie of the lexicon's words read either way (each word and its reversal: a run of letters spells a
   word forwards or backwards exactly where it spells one of these forwards), one 64-bit mask per prefix: bits
   0-25 the letters that may follow, bit 26 "is a word", bits 27-52 the letters that end a word after it. A
   node's children lie next to each other in letter order, so the child for a letter is found by counting the
   set bits below it.

   Scoring (rules/lingo.md, rules/lingo-pbem.md): each new tile's best word along each axis counts once; a
   word scores (its letters' values) x (its length - 1); the total is (the words' points) x (their number). A
   move's cross words (across its line) depend only on the board before it, so they are looked up per cell and
   letter and cached; its words along the line are scored when the move is found, unless an upper bound of its
   total cannot beat the best total found so far. Ties between a tile's best words are settled for the mover,
   as in best.py; between moves of equal totals, the one with fewer tiles is kept. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FOLLOW ((1ULL << 26) - 1)
#define WORD (1ULL << 26)
#define ENDS 27
#define EMPTY (-1)
#define MAX_TIE_COMBINATIONS 256
#define MAX_PLACE 32
#define CLOCK_EVERY 256

/* The hash of this file's text, given by build.py (-DWALK_SOURCE=...): best.py compares it with the source's
   own at import and refuses a stale build (one compiled from an older _walk.c). */
#ifndef WALK_SOURCE
#define WALK_SOURCE "unknown"
#endif

/* Every allocation goes through walk_alloc: ``fail_allocations(n)`` (for tests) makes the n-th from now fail,
   as malloc does when memory runs out. A failed allocation raises MemoryError, never a wrong answer. */
static long fail_after = -1;

static void *walk_alloc(void *old, size_t size, int zero) {
    if (fail_after >= 0 && fail_after-- == 0) return NULL;
    if (old) return realloc(old, size);
    return zero ? calloc(size, 1) : malloc(size);
}

#define MALLOC(size) walk_alloc(NULL, (size), 0)
#define CALLOC(count, size) walk_alloc(NULL, (size_t)(count) * (size), 1)
#define REALLOC(ptr, size) walk_alloc((ptr), (size), 0)

/* --- the trie ------------------------------------------------------------------------------------------ */

typedef struct {
    uint64_t *mask;
    int32_t *first;
    int32_t n;
} Trie;

static inline int32_t child_of(const Trie *t, int32_t node, int letter) {
    return t->first[node] + __builtin_popcountll(t->mask[node] & FOLLOW & ((1ULL << letter) - 1));
}

typedef struct {
    const char *s;
    int len;
} WordRef;

static int compare_words(const void *a, const void *b) {
    const WordRef *x = a, *y = b;
    int n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->s, y->s, (size_t)n);
    return c ? c : x->len - y->len;
}

/* Words lo..hi (sorted, distinct) share their first ``depth`` letters, the prefix of ``node``. */
static void build_node(Trie *t, const WordRef *w, int lo, int hi, int depth, int32_t node) {
    uint64_t mask = 0;
    int i = lo;
    if (i < hi && w[i].len == depth) {
        mask |= WORD;
        i++;
    }
    int groups = 0;
    for (int k = i; k < hi;) {
        char c = w[k].s[depth];
        groups++;
        while (k < hi && w[k].s[depth] == c) k++;
    }
    int32_t base = t->n;
    t->first[node] = base;
    t->n += groups;
    int g = 0;
    for (int k = i; k < hi; g++) {
        int c = w[k].s[depth] - 'A';
        int lo2 = k;
        while (k < hi && w[k].s[depth] - 'A' == c) k++;
        mask |= 1ULL << c;
        if (w[lo2].len == depth + 1) mask |= 1ULL << (ENDS + c);
        build_node(t, w, lo2, k, depth + 1, base + g);
    }
    t->mask[node] = mask;
}

static void trie_free(PyObject *capsule) {
    Trie *t = PyCapsule_GetPointer(capsule, "wordgames.lingo.trie");
    if (t) {
        free(t->mask);
        free(t->first);
        free(t);
    }
}

/* trie(words: bytes) -> capsule: ``words`` one a line, upper case; a word with anything but A-Z is left out. */
static PyObject *py_trie(PyObject *self, PyObject *args) {
    const char *blob;
    Py_ssize_t size;
    if (!PyArg_ParseTuple(args, "y#", &blob, &size)) return NULL;
    Py_ssize_t count = 0;
    for (Py_ssize_t i = 0; i < size; i++) count += blob[i] == '\n';
    count += 1;
    WordRef *words = MALLOC(sizeof(WordRef) * (size_t)count);
    if (!words) return PyErr_NoMemory();
    int n = 0;
    size_t letters = 0;
    for (Py_ssize_t i = 0; i < size;) {
        Py_ssize_t j = i;
        int ok = 1;
        while (j < size && blob[j] != '\n') {
            if (blob[j] < 'A' || blob[j] > 'Z') ok = 0;
            j++;
        }
        if (ok && j > i) {
            words[n].s = blob + i;
            words[n].len = (int)(j - i);
            letters += (size_t)(j - i);
            n++;
        }
        i = j + 1;
    }
    qsort(words, (size_t)n, sizeof(WordRef), compare_words);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || compare_words(&words[m - 1], &words[i])) words[m++] = words[i];
    Trie *t = CALLOC(1, sizeof(Trie));
    size_t cap = letters + 1;
    if (t) {
        t->mask = CALLOC(cap, sizeof(uint64_t));
        t->first = CALLOC(cap, sizeof(int32_t));
    }
    if (!t || !t->mask || !t->first) {
        if (t) {
            free(t->mask);
            free(t->first);
            free(t);
        }
        free(words);
        return PyErr_NoMemory();
    }
    t->n = 1;
    build_node(t, words, 0, m, 0, 0);
    free(words);
    uint64_t *mask = REALLOC(t->mask, sizeof(uint64_t) * (size_t)t->n);
    int32_t *first = REALLOC(t->first, sizeof(int32_t) * (size_t)t->n);
    if (mask) t->mask = mask;
    if (first) t->first = first;
    PyObject *capsule = PyCapsule_New(t, "wordgames.lingo.trie", trie_free);
    if (!capsule) {
        free(t->mask);
        free(t->first);
        free(t);
    }
    return capsule;
}

/* mask(trie, prefix: bytes) -> int: the prefix's mask (0 when no word starts so); for tests. */
static PyObject *py_mask(PyObject *self, PyObject *args) {
    PyObject *capsule;
    const char *s;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "Oy#", &capsule, &s, &n)) return NULL;
    Trie *t = PyCapsule_GetPointer(capsule, "wordgames.lingo.trie");
    if (!t) return NULL;
    int32_t node = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int c = s[i] - 'A';
        if (c < 0 || c > 25 || !(t->mask[node] & (1ULL << c))) return PyLong_FromLong(0);
        node = child_of(t, node, c);
    }
    return PyLong_FromUnsignedLongLong(t->mask[node]);
}

/* --- the board and the search -------------------------------------------------------------------------- */

typedef struct {
    int n, axis;
    int *col, *row;
    signed char *letter; /* EMPTY or 0-25 */
    int *value;
    char *hot;
    int *run_start, *run_end, *sums;
    uint32_t *fixed; /* the bit of the letter on each cell, 0 if empty, and 0 past the end */
} Line;

typedef struct {
    const Trie *t;
    int columns, rows, hex, naxes, stride;
    int axes[3][2];
    signed char *board; /* per cell (col * stride + row): the top tile's letter, or EMPTY */
    int *board_value;
    char *hot;
    int values[26];
    int pool[27]; /* 26: blanks */
    uint64_t have; /* the letters (not blanks) the pool still holds, as bits */
    int place, repeat, min_len, mode;
    uint32_t follow;
    int32_t *cross; /* per cell, axis and token (letter * 2 + blank): -2 unknown, -1 no word, else points */
    /* the move being walked */
    int placed_at[MAX_PLACE], placed_letter[MAX_PLACE], placed_blank[MAX_PLACE];
    /* scoring scratch */
    int max_line;
    signed char *text;
    int *text_value, *span_i, *span_j, *span_score, *picks; /* picks: room for every span, per tile */
    /* the result */
    int has_best, best_n, stop, complete, found_word;
    int64_t best;
    int best_col[MAX_PLACE], best_row[MAX_PLACE], best_letter[MAX_PLACE], best_blank[MAX_PLACE];
    long long steps, kept;
    int *every; /* mode 2: each move found, as k, then (col, row, letter, blank) per tile, then its total */
    size_t every_len, every_cap;
    int has_deadline;
    double deadline;
    int nomem; /* an allocation failed: the search raises MemoryError */
} Search;

/* The budget is CPU time of the searching thread, as players.Clock's: a loaded machine does not cut a search
   short. */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline int contains(const Search *s, int col, int row) {
    if (col < 0 || col >= s->columns || row < 1 || row > s->rows) return 0;
    return !s->hex || (col + row) % 2 == 1;
}

static inline int occupied(const Search *s, int col, int row) {
    return contains(s, col, row) && s->board[col * s->stride + row] != EMPTY;
}

static inline void add_span(Search *s, int *spans, int i, int j, int score) {
    s->span_i[*spans] = i;
    s->span_j[*spans] = j;
    s->span_score[*spans] = score;
    (*spans)++;
}

/* Add the words of ``text`` (n letters, read either way) read on from position ``i`` that reach ``first``. */
static void read_on(Search *s, const signed char *text, const int *value, int n, int i, int first, int *spans) {
    const Trie *t = s->t;
    int32_t node = 0;
    int sum = 0;
    for (int j = i; j < n; j++) {
        int c = text[j];
        if (!(t->mask[node] & (1ULL << c))) return;
        node = child_of(t, node, c);
        sum += value[j];
        if (j >= first && (t->mask[node] & WORD) && j - i + 1 >= s->min_len) add_span(s, spans, i, j, sum * (j - i));
    }
}

/* The words in ``text`` (n letters, read either way) that hold at least one of the positions ``fresh`` (k of
   them, in order), into ``span_i``, ``span_j`` (first and last letter) and ``span_score``, in order of (first,
   last): their number. */
static int words_through(Search *s, const signed char *text, const int *value, int n, const int *fresh, int k) {
    int spans = 0, next = 0;
    for (int i = 0; i <= fresh[k - 1]; i++) {
        while (fresh[next] < i) next++;
        read_on(s, text, value, n, i, fresh[next], &spans);
    }
    return spans;
}

/* ``words_through`` for the new tiles (``first`` to ``last``) of a move whose word ``start``..``end``, worth
   ``worth`` > 0, holds them all: that word, and the words through a new tile that reach past it, read on from
   each letter before it or back from each letter after it (best.py's ``_flanks``). A word inside it scores less
   (fewer letters, each worth 0 or more, one less for the length), so it is no tile's best and is left out. */
static int flank_words(Search *s, const signed char *text, const int *value, int n, int start, int end, int first,
                       int last, int worth) {
    const Trie *t = s->t;
    int spans = 0;
    for (int i = 0; i < start; i++) read_on(s, text, value, n, i, first, &spans);
    int ours = spans;
    add_span(s, &spans, start, end, worth * (end - start));
    for (int j = end + 1; j < n; j++) {
        int32_t node = 0;
        int sum = 0;
        for (int i = j; i >= start; i--) {
            int c = text[i];
            if (!(t->mask[node] & (1ULL << c))) break;
            node = child_of(t, node, c);
            sum += value[i];
            if (i <= last && (t->mask[node] & WORD) && j - i + 1 >= s->min_len) add_span(s, &spans, i, j, sum * (j - i));
        }
    }
    /* in order of (first, last) cell, as ``words_through`` gives them: those read back come out of order */
    for (int x = ours + 1; x < spans; x++) {
        int i = s->span_i[x], j = s->span_j[x], score = s->span_score[x], y = x;
        while (y > ours && (s->span_i[y - 1] > i || (s->span_i[y - 1] == i && s->span_j[y - 1] > j))) {
            s->span_i[y] = s->span_i[y - 1];
            s->span_j[y] = s->span_j[y - 1];
            s->span_score[y] = s->span_score[y - 1];
            y--;
        }
        s->span_i[y] = i;
        s->span_j[y] = j;
        s->span_score[y] = score;
    }
    return spans;
}

/* The best word through ``letter`` (a blank if ``blank``) put on (col, row) along axis ``a``: its points, or -1. */
static int cross_best(Search *s, int col, int row, int letter, int blank, int a) {
    int32_t *slot = &s->cross[((col * s->stride + row) * s->naxes + a) * 52 + letter * 2 + blank];
    if (*slot != -2) return *slot;
    int dc = s->axes[a][0], dr = s->axes[a][1];
    int c0 = col, r0 = row, before = 0;
    while (occupied(s, c0 - dc, r0 - dr)) {
        c0 -= dc;
        r0 -= dr;
        before++;
    }
    int n = 0, c = c0, r = r0;
    while (n == before || occupied(s, c, r)) {
        if (n == before) {
            s->text[n] = (signed char)letter;
            s->text_value[n] = blank ? 0 : s->values[letter];
        } else {
            s->text[n] = s->board[c * s->stride + r];
            s->text_value[n] = s->board_value[c * s->stride + r];
        }
        n++;
        c += dc;
        r += dr;
    }
    int found = -1;
    if (n >= s->min_len) {
        int spans = words_through(s, s->text, s->text_value, n, &before, 1);
        for (int x = 0; x < spans; x++)
            if (s->span_score[x] > found) found = s->span_score[x];
    }
    *slot = found;
    return found;
}

/* The points and number of the best words of a tile across every axis but ``main`` (-1: every axis). */
static void across(Search *s, int col, int row, int letter, int blank, int main, int *points, int *words) {
    *points = *words = 0;
    for (int a = 0; a < s->naxes; a++) {
        if (a == main) continue;
        int p = cross_best(s, col, row, letter, blank, a);
        if (p >= 0) {
            *points += p;
            *words += 1;
        }
    }
}

static void keep(Search *s, int64_t total, int n, const int *col, const int *row) {
    s->best = total;
    s->has_best = 1;
    s->best_n = n;
    for (int i = 0; i < n; i++) {
        s->best_col[i] = col[i];
        s->best_row[i] = row[i];
        s->best_letter[i] = s->placed_letter[i];
        s->best_blank[i] = s->placed_blank[i];
    }
}

/* Every single tile on or next to a tile (on the centre, for the first move), scored exactly. */
static void singles(Search *s) {
    for (int col = 0; col < s->columns; col++) {
        for (int row = 1; row <= s->rows; row++) {
            int cell = col * s->stride + row;
            if (!contains(s, col, row) || !s->hot[cell]) continue;
            int top = s->board[cell];
            for (int tile = 0; tile < 52; tile++) {
                int letter = tile % 26, blank = tile >= 26;
                if (!(blank ? s->pool[26] : s->pool[letter])) continue;
                if (top != EMPTY && !s->repeat && top == letter) continue;
                int points, words;
                across(s, col, row, letter, blank, -1, &points, &words);
                int64_t total = (int64_t)points * words;
                if (s->mode == 1) {
                    if (total > 0) s->found_word = 1;
                } else if (!s->has_best || total > s->best) {
                    s->placed_letter[0] = letter;
                    s->placed_blank[0] = blank;
                    keep(s, total, 1, &col, &row);
                }
            }
        }
    }
}

/* The exact total of the move being walked (``k`` tiles, its word from ``start`` to ``end`` on ``line``),
   given its cross words: each new tile's best words along the line, ties settled for the mover. */
static int64_t exact_total(Search *s, const Line *line, int start, int end, int k, int points, int words, int worth) {
    if (k < 1 || k > MAX_PLACE) return 0;
    int rs = line->run_start[start], re = line->run_end[end], n = re - rs + 1;
    signed char *text = s->text;
    int *value = s->text_value;
    for (int i = 0; i < n; i++) {
        text[i] = line->letter[rs + i];
        value[i] = line->value[rs + i];
    }
    int fresh[MAX_PLACE] = {0};
    for (int t = 0; t < k; t++) {
        fresh[t] = s->placed_at[t] - rs;
        text[fresh[t]] = (signed char)s->placed_letter[t];
        value[fresh[t]] = s->placed_blank[t] ? 0 : s->values[s->placed_letter[t]];
    }
    int spans = worth > 0 ? flank_words(s, text, value, n, start - rs, end - rs, fresh[0], fresh[k - 1], worth)
                          : words_through(s, text, value, n, fresh, k); /* a word worth 0: every word may count */
    /* each tile's best spans (ties in order) */
    int start_of[MAX_PLACE + 1], count[MAX_PLACE], *picks = s->picks;
    int tiles = 0, used = 0;
    long combos = 1;
    for (int q = 0; q < k; q++) {
        int p = fresh[q], top = -1;
        for (int x = 0; x < spans; x++)
            if (s->span_i[x] <= p && p <= s->span_j[x] && s->span_score[x] > top) top = s->span_score[x];
        if (top < 0) continue;
        start_of[tiles] = used;
        count[tiles] = 0;
        for (int x = 0; x < spans; x++)
            if (s->span_i[x] <= p && p <= s->span_j[x] && s->span_score[x] == top) {
                picks[used++] = x;
                count[tiles]++;
            }
        if (combos <= MAX_TIE_COMBINATIONS) combos *= count[tiles];
        tiles++;
    }
    int choice[MAX_PLACE] = {0};
    int64_t best = -1;
    for (;;) {
        int chosen[MAX_PLACE], distinct = 0, along = 0;
        for (int q = 0; q < tiles; q++) {
            int x = picks[start_of[q] + choice[q]];
            int seen = 0;
            for (int d = 0; d < distinct; d++) seen |= chosen[d] == x;
            if (!seen) {
                chosen[distinct++] = x;
                along += s->span_score[x];
            }
        }
        int64_t total = (int64_t)(points + along) * (words + distinct);
        if (total > best) best = total;
        if (combos > MAX_TIE_COMBINATIONS) break; /* beyond this (never seen in play), the first of each */
        int q = 0;
        while (q < tiles && ++choice[q] == count[q]) choice[q++] = 0;
        if (q == tiles) break;
    }
    return best;
}

/* A legal word move found: kept if its total beats the best so far (see best.py's ``_record``'s bound). */
static void record(Search *s, const Line *line, int start, int end, int k, int points, int words, int value) {
    if (s->mode == 1 || s->mode == 3) {
        s->found_word = 1;
        s->stop = 1;
        if (s->mode == 3) {
            int col[MAX_PLACE], row[MAX_PLACE];
            for (int q = 0; q < k; q++) {
                col[q] = line->col[s->placed_at[q]];
                row[q] = line->row[s->placed_at[q]];
            }
            keep(s, exact_total(s, line, start, end, k, points, words, value), k, col, row);
        }
        return;
    }
    if (s->mode == 2) {
        size_t need = s->every_len + 2 + 4 * (size_t)k;
        if (need > s->every_cap) {
            size_t cap = need * 2 + 1024;
            int *more = REALLOC(s->every, sizeof(int) * cap);
            if (!more) {
                s->stop = 1;
                s->complete = 0;
                s->nomem = 1;
                return;
            }
            s->every = more;
            s->every_cap = cap;
        }
        int *out = s->every + s->every_len;
        *out++ = k;
        for (int q = 0; q < k; q++) {
            *out++ = line->col[s->placed_at[q]];
            *out++ = line->row[s->placed_at[q]];
            *out++ = s->placed_letter[q];
            *out++ = s->placed_blank[q];
        }
        *out = (int)exact_total(s, line, start, end, k, points, words, value);
        s->every_len = need;
        return;
    }
    int rs = line->run_start[start], re = line->run_end[end];
    int64_t bound;
    int exact = 0;
    if (rs == start && re == end && value > 0) {
        bound = (int64_t)(points + value * (end - start)) * (words + 1);
        exact = 1;
    } else {
        const int *sums = line->sums;
        int64_t most = (int64_t)(sums[start] - sums[rs] + value + sums[re + 1] - sums[end + 1]) * (re - rs);
        bound = (points + k * most) * (words + k);
    }
    if (s->has_best && (bound < s->best || (bound == s->best && k >= s->best_n))) return;
    s->kept++;
    int64_t total = exact ? bound : exact_total(s, line, start, end, k, points, words, value);
    if (!s->has_best || total > s->best || (total == s->best && k < s->best_n)) { /* equal: fewer tiles */
        int col[MAX_PLACE], row[MAX_PLACE];
        for (int q = 0; q < k; q++) {
            col[q] = line->col[s->placed_at[q]];
            row[q] = line->row[s->placed_at[q]];
        }
        keep(s, total, k, col, row);
    }
}

static void run_on(Search *s, const Line *line, int start, int j, int32_t node, int k, int touched, int points,
                   int words, int value) {
    const Trie *t = s->t;
    int record_it = touched && k >= 2;
    for (; j < line->n && !s->stop; j++) {
        int top = line->letter[j];
        if (top == EMPTY || !(t->mask[node] & (1ULL << top))) return;
        node = child_of(t, node, top);
        value += line->value[j];
        if (record_it && (t->mask[node] & WORD) && j - start + 1 >= s->min_len)
            record(s, line, start, j, k, points, words, value);
    }
}

/* Extend the word from ``start`` (its prefix is trie node ``node``) by cell ``j``: its letter as it is, or a
   pool tile put on it; a blank takes each letter that may follow. */
static void grow(Search *s, const Line *line, int start, int j, int32_t node, int k, int touched, int points,
                 int words, int value) {
    if (j >= line->n || s->stop) return;
    s->steps++;
    if (s->has_deadline && s->steps % CLOCK_EVERY == 1 && now() > s->deadline) {
        s->stop = 1;
        s->complete = 0;
        return;
    }
    if (k >= s->place) {
        run_on(s, line, start, j, node, k, touched, points, words, value);
        return;
    }
    const Trie *t = s->t;
    uint64_t mask = t->mask[node];
    int top = line->letter[j];
    int length = j - start + 1;
    if (top != EMPTY && (mask & (1ULL << top))) {
        int32_t child = child_of(t, node, top);
        uint64_t m = t->mask[child];
        int worth = value + line->value[j];
        if (k >= 2 && touched && (m & WORD) && length >= s->min_len)
            record(s, line, start, j, k, points, words, worth);
        if (m & (s->follow | line->fixed[j + 1]))
            grow(s, line, start, j + 1, child, k, touched, points, words, worth);
        if (s->stop) return;
    }
    int hot = touched || line->hot[j];
    int enough = k >= 1 && hot && length >= s->min_len;
    int same = (top != EMPTY && !s->repeat) ? top : EMPTY;
    uint64_t after = line->fixed[j + 1] | (k + 1 < s->place ? s->follow : 0);
    /* the last tile, with no letter after it: only a letter that ends a word will do */
    uint64_t useful = after ? (mask & FOLLOW) : (enough ? (mask >> ENDS) & FOLLOW : 0);
    if (!useful) return;
    int col = line->col[j], row = line->row[j];
    uint64_t allowed = same == EMPTY ? useful : useful & ~(1ULL << same);
    /* the pool's letters, then a blank as each letter (the bits of the letters that will do, in order) */
    for (int blank = 0; blank <= 1; blank++) {
        uint64_t tries = allowed & (blank ? (s->pool[26] ? FOLLOW : 0) : s->have);
        while (tries) {
            int letter = __builtin_ctzll(tries);
            tries &= tries - 1;
            int *left = blank ? &s->pool[26] : &s->pool[letter];
            int32_t child = child_of(t, node, letter);
            uint64_t m = t->mask[child];
            int p, w;
            across(s, col, row, letter, blank, line->axis, &p, &w);
            int worth = blank ? 0 : s->values[letter];
            if (--*left == 0 && !blank) s->have &= ~(1ULL << letter);
            s->placed_at[k] = j;
            s->placed_letter[k] = letter;
            s->placed_blank[k] = blank;
            if (enough && (m & WORD)) record(s, line, start, j, k + 1, points + p, words + w, value + worth);
            if (m & after) grow(s, line, start, j + 1, child, k + 1, hot, points + p, words + w, value + worth);
            if ((*left)++ == 0 && !blank) s->have |= 1ULL << letter;
            if (s->stop) return;
        }
    }
}

static void walk_line(Search *s, Line *line) {
    int n = line->n;
    int next_hot = n;
    int *starts = MALLOC(sizeof(int) * (size_t)(n + 1));
    if (!starts) {
        s->stop = 1;
        s->nomem = 1;
        return;
    }
    int count = 0;
    for (int i = n - 1; i >= 0; i--) {
        if (line->hot[i]) next_hot = i;
        if (next_hot - i < s->place) starts[count++] = i; /* a word need not fill its run: any start will do */
    }
    for (int x = count - 1; x >= 0 && !s->stop; x--) grow(s, line, starts[x], starts[x], 0, 0, 0, 0, 0, 0);
    free(starts);
}

static void words(Search *s) {
    if (s->place < 2) return;
    int m = s->max_line;
    Line line;
    line.col = MALLOC(sizeof(int) * (size_t)m);
    line.row = MALLOC(sizeof(int) * (size_t)m);
    line.letter = MALLOC((size_t)m);
    line.value = MALLOC(sizeof(int) * (size_t)m);
    line.hot = MALLOC((size_t)m);
    line.run_start = MALLOC(sizeof(int) * (size_t)m);
    line.run_end = MALLOC(sizeof(int) * (size_t)m);
    line.sums = MALLOC(sizeof(int) * (size_t)(m + 1));
    line.fixed = MALLOC(sizeof(uint32_t) * (size_t)(m + 1));
    if (line.col && line.row && line.letter && line.value && line.hot && line.run_start && line.run_end &&
        line.sums && line.fixed) {
        for (int a = 0; a < s->naxes && !s->stop; a++) {
            int dc = s->axes[a][0], dr = s->axes[a][1];
            for (int col = 0; col < s->columns && !s->stop; col++) {
                for (int row = 1; row <= s->rows && !s->stop; row++) {
                    if (!contains(s, col, row) || contains(s, col - dc, row - dr)) continue;
                    int n = 0, any = 0;
                    for (int c = col, r = row; contains(s, c, r) && n < m; c += dc, r += dr, n++) {
                        int cell = c * s->stride + r;
                        line.col[n] = c;
                        line.row[n] = r;
                        line.letter[n] = s->board[cell];
                        line.value[n] = s->board_value[cell];
                        line.hot[n] = s->hot[cell];
                        any |= line.hot[n];
                    }
                    if (!any) continue;
                    line.n = n;
                    line.axis = a;
                    line.sums[0] = 0;
                    for (int i = 0; i < n; i++) {
                        line.run_start[i] = (i > 0 && line.letter[i - 1] != EMPTY) ? line.run_start[i - 1] : i;
                        line.sums[i + 1] = line.sums[i] + line.value[i];
                        line.fixed[i] = line.letter[i] == EMPTY ? 0 : 1u << line.letter[i];
                    }
                    line.fixed[n] = 0;
                    for (int i = n - 1; i >= 0; i--)
                        line.run_end[i] = (i < n - 1 && line.letter[i + 1] != EMPTY) ? line.run_end[i + 1] : i;
                    walk_line(s, &line);
                }
            }
        }
    } else {
        s->stop = 1;
        s->nomem = 1;
    }
    free(line.col);
    free(line.row);
    free(line.letter);
    free(line.value);
    free(line.hot);
    free(line.run_start);
    free(line.run_end);
    free(line.sums);
    free(line.fixed);
}

/* search(trie, columns, rows, hex, axes, board, board_values, letter_values, pool, place, repeat, min_len,
          centre_col, centre_row, budget_s, mode)
   ``board``: bytes, per cell (col * (rows + 1) + row) the top tile's letter (0-25) or 255 when empty;
   ``board_values``: a tuple of the top tiles' values, same order; ``pool``: bytes of letters, "?" a blank;
   ``centre_col`` >= 0: the first move, which must cover the centre; ``budget_s`` < 0: no limit. mode 0: (total, ((col, row, letter, blank), ...), kept, complete, steps), or None
   when no move was found; mode 1: whether any legal move makes a word (no clock); mode 3: as mode 0, the first
   legal move of two tiles or more the walk meets (no clock), or None; mode 2 (for tests): every
   legal move of two tiles or more the walk meets, as ((col, row, letter, blank), ...) and its total, in a list
   (a move met from several starts is listed each time). */
static PyObject *py_search(PyObject *self, PyObject *args) {
    PyObject *capsule, *axes, *board_values, *letter_values;
    const char *board, *pool;
    Py_ssize_t board_size, pool_size;
    Search s;
    memset(&s, 0, sizeof s);
    double budget;
    int centre_col, centre_row;
    if (!PyArg_ParseTuple(args, "OiipOy#OOy#iiiiidi", &capsule, &s.columns, &s.rows, &s.hex, &axes, &board,
                          &board_size, &board_values, &letter_values, &pool, &pool_size, &s.place, &s.repeat,
                          &s.min_len, &centre_col, &centre_row, &budget, &s.mode))
        return NULL;
    s.t = PyCapsule_GetPointer(capsule, "wordgames.lingo.trie");
    if (!s.t) return NULL;
    s.stride = s.rows + 1;
    Py_ssize_t cells = (Py_ssize_t)s.columns * s.stride;
    if (board_size != cells || PyTuple_Size(board_values) != cells || PyTuple_Size(letter_values) != 26 ||
        PyTuple_Size(axes) < 1 || PyTuple_Size(axes) > 3) {
        PyErr_SetString(PyExc_ValueError, "board, values or axes of the wrong size");
        return NULL;
    }
    s.naxes = (int)PyTuple_Size(axes);
    for (int a = 0; a < s.naxes; a++) {
        PyObject *axis = PyTuple_GetItem(axes, a);
        if (!PyArg_ParseTuple(axis, "ii", &s.axes[a][0], &s.axes[a][1])) return NULL;
        if (s.axes[a][0] == 0 && s.axes[a][1] == 0) { /* a line along it would never end */
            PyErr_SetString(PyExc_ValueError, "an axis of zero steps");
            return NULL;
        }
    }
    for (int i = 0; i < 26; i++) {
        s.values[i] = (int)PyLong_AsLong(PyTuple_GetItem(letter_values, i));
    }
    int placeable = 0;
    for (Py_ssize_t i = 0; i < pool_size; i++) {
        if (pool[i] == '?') s.pool[26]++, placeable++;
        else if (pool[i] >= 'A' && pool[i] <= 'Z') s.pool[pool[i] - 'A']++, placeable++;
    }
    if (s.place > placeable) s.place = placeable;
    if (s.place > MAX_PLACE) s.place = MAX_PLACE;
    s.follow = 0;
    for (int i = 0; i < 26; i++) {
        if (s.pool[i]) s.have |= 1ULL << i;
        if (s.pool[i] || s.pool[26]) s.follow |= 1u << i;
    }
    s.board = MALLOC((size_t)cells);
    s.board_value = MALLOC(sizeof(int) * (size_t)cells);
    s.hot = CALLOC((size_t)cells, 1);
    s.max_line = (s.columns > s.rows ? s.columns : s.rows) + 2;
    s.cross = MALLOC(sizeof(int32_t) * (size_t)cells * (size_t)s.naxes * 52);
    s.text = MALLOC((size_t)s.max_line);
    s.text_value = MALLOC(sizeof(int) * (size_t)s.max_line);
    size_t most_spans = (size_t)s.max_line * (size_t)s.max_line;
    s.span_i = MALLOC(sizeof(int) * most_spans);
    s.span_j = MALLOC(sizeof(int) * most_spans);
    s.span_score = MALLOC(sizeof(int) * most_spans);
    s.picks = MALLOC(sizeof(int) * most_spans * MAX_PLACE);
    PyObject *result = NULL;
    if (!s.board || !s.board_value || !s.hot || !s.cross || !s.text || !s.text_value || !s.span_i || !s.span_j ||
        !s.span_score || !s.picks) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < cells; i++) {
        s.board[i] = (unsigned char)board[i] < 26 ? board[i] : EMPTY;
        s.board_value[i] = (int)PyLong_AsLong(PyTuple_GetItem(board_values, i));
    }
    if (PyErr_Occurred()) goto done;
    for (size_t i = 0; i < (size_t)cells * (size_t)s.naxes * 52; i++) s.cross[i] = -2;
    if (centre_col >= 0) {
        if (contains(&s, centre_col, centre_row)) s.hot[centre_col * s.stride + centre_row] = 1;
    } else {
        for (int col = 0; col < s.columns; col++)
            for (int row = 1; row <= s.rows; row++) {
                if (!occupied(&s, col, row)) continue;
                s.hot[col * s.stride + row] = 1;
                for (int a = 0; a < s.naxes; a++)
                    for (int sign = -1; sign <= 1; sign += 2) {
                        int c = col + sign * s.axes[a][0], r = row + sign * s.axes[a][1];
                        if (contains(&s, c, r)) s.hot[c * s.stride + r] = 1;
                    }
            }
    }
    s.complete = 1;
    if (budget >= 0) {
        s.has_deadline = 1;
        s.deadline = now() + budget;
    }
    Py_BEGIN_ALLOW_THREADS
    if (s.place >= 1) {
        if (s.mode == 2 || s.mode == 3) {
            words(&s);
        } else if (s.mode == 1) {
            words(&s);
            if (!s.found_word) singles(&s);
        } else {
            singles(&s); /* exact and cheap: a floor for the walk */
            words(&s);
        }
    }
    Py_END_ALLOW_THREADS
    if (s.nomem) {
        PyErr_NoMemory();
    } else if (s.mode == 2) {
        result = PyList_New(0);
        for (size_t at = 0; result && at < s.every_len;) {
            int k = s.every[at++];
            PyObject *tiles = PyTuple_New(k);
            PyObject *move = NULL;
            if (tiles) {
                for (int q = 0; q < k; q++, at += 4) {
                    PyObject *tile = Py_BuildValue("(iiii)", s.every[at], s.every[at + 1], s.every[at + 2],
                                                   s.every[at + 3]);
                    if (!tile) break;
                    PyTuple_SET_ITEM(tiles, q, tile);
                }
                if (!PyErr_Occurred()) move = Py_BuildValue("(Oi)", tiles, s.every[at]);
                Py_DECREF(tiles);
            }
            at++;
            if (!move || PyList_Append(result, move) < 0) Py_CLEAR(result);
            Py_XDECREF(move);
        }
    } else if (s.mode == 1) {
        result = PyBool_FromLong(s.found_word);
    } else if (!s.has_best) {
        result = Py_NewRef(Py_None);
    } else {
        PyObject *tiles = PyTuple_New(s.best_n);
        if (!tiles) goto done;
        for (int i = 0; i < s.best_n; i++) {
            PyObject *tile = Py_BuildValue("(iiii)", s.best_col[i], s.best_row[i], s.best_letter[i], s.best_blank[i]);
            if (!tile) {
                Py_DECREF(tiles);
                goto done;
            }
            PyTuple_SET_ITEM(tiles, i, tile);
        }
        result = Py_BuildValue("(LNLiL)", (long long)s.best, tiles, s.kept, s.complete, s.steps);
    }
done:
    free(s.board);
    free(s.board_value);
    free(s.hot);
    free(s.cross);
    free(s.text);
    free(s.text_value);
    free(s.span_i);
    free(s.span_j);
    free(s.span_score);
    free(s.picks);
    free(s.every);
    return result;
}

/* fail_allocations(n): the n-th allocation from now fails (-1: none); for tests. */
static PyObject *py_fail_allocations(PyObject *self, PyObject *args) {
    long n;
    if (!PyArg_ParseTuple(args, "l", &n)) return NULL;
    fail_after = n;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"fail_allocations", py_fail_allocations, METH_VARARGS, "Make the n-th allocation from now fail (for tests)."},
    {"trie", py_trie, METH_VARARGS, "A trie of words (bytes, one a line), for search."},
    {"mask", py_mask, METH_VARARGS, "The mask of a prefix in a trie (for tests)."},
    {"search", py_search, METH_VARARGS, "The best Lingo move (see best.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_walk", "The Lingo move search, compiled.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__walk(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddStringConstant(m, "SOURCE", WALK_SOURCE) < 0) Py_CLEAR(m);
    /* scoring.py's: tests/engines/test_lingo_walk_guards.py holds them equal */
    if (m && PyModule_AddIntConstant(m, "MAX_TIE_COMBINATIONS", MAX_TIE_COMBINATIONS) < 0) Py_CLEAR(m);
    return m;
}
