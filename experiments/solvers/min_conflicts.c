/*
 * Min-conflicts for N-Queens in C99, run by `queens` as an external solver
 * (protocol queens-external, version 3: experiments/solvers/PROTOCOL.md).
 * Build: cc -std=c99 -Wall -Wextra -O2 -o min_conflicts min_conflicts.c
 * Run:   queens solve --command "./min_conflicts" -n 64 --seed 7 --max-steps 100000
 *
 * Source: S. Minton, M. D. Johnston, A. B. Philips and P. Laird,
 * "Minimizing conflicts: a heuristic repair method for constraint
 * satisfaction and scheduling problems" (Artificial Intelligence 58, 1992).
 * One queen per row on a uniformly random board; each repair draws a queen
 * uniformly among the attacked ones and moves it to a column where the
 * fewest queens attack it, ties (its own column included) broken uniformly.
 * No restarts. Its generator is SplitMix64 seeded with the request's seed
 * alone, so the same request gives the same reply.
 *
 * Counters: steps = repairs; evaluations = 1 (the first board); checks = N
 * for the first board, then 2N per repair (N to find the attacked queens,
 * N to scan the row). It stops before a repair that would pass max_checks,
 * so no counter ever exceeds its budget. With "trace": true the reply
 * carries a point at the first board and at every new fewest attacking
 * pairs (each with its board up to N = 64), so the line stays short.
 *
 * Instances (a request's "instance": blocked squares and given queens): a
 * given queen stands on its square from the start and is never repaired;
 * every other queen is drawn among its row's allowed columns and moves only
 * to allowed ones, so no queen stands on a blocked square. A repair then
 * costs N checks plus one per allowed column of its row. A row without an
 * allowed column ends the trial "exhausted" at once; any other instance
 * without a solution runs until its budget. On the plain problem the draws
 * and counters are those of the plain search.
 *
 * The request is read with a few string searches, enough for the JSON the
 * harness writes (its keys come in a fixed order); a real program would use
 * a JSON library.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Boards of at most this N go into trace points. */
#define TRACE_BOARD_MAX_N 64

static uint64_t rng_state;

static uint64_t next_random(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A uniform number in 0..bound-1. */
static uint64_t below(uint64_t bound) { return next_random() % bound; }

/* The number after `"key":` in `text`, or `fallback` when it is absent or
 * null. */
static double number_after(const char *text, const char *key, double fallback) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(text, pattern);
    if (at == NULL) return fallback;
    at += strlen(pattern);
    if (strncmp(at, "null", 4) == 0) return fallback;
    return strtod(at, NULL);
}

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

struct point {
    uint64_t steps, checks, conflicts;
    int *columns; /* NULL past TRACE_BOARD_MAX_N */
};

struct board {
    long n;
    int *column;             /* the queen's column of each row */
    long *in_column, *diag, *anti; /* queens on each line */
    unsigned char *allowed;  /* N×N, 1 where a queen may stand; NULL: plain */
    long *given;             /* each row's given column, or -1; NULL: plain */
    long *free_in_row;       /* allowed columns of each row; NULL: plain */
};

/* Reads the list of [row, column] pairs after `"key":` in `text` (the
 * instance's "blocked" or "given"), calling mark(b, row, column) for each.
 * Returns 0, or -1 when the list is not there or not pairs on the board. */
static int read_pairs(struct board *b, const char *text, const char *key,
                      void (*mark)(struct board *, long, long)) {
    char pattern[32];
    snprintf(pattern, sizeof pattern, "\"%s\":[", key);
    const char *at = strstr(text, pattern);
    if (at == NULL) return -1;
    at += strlen(pattern);
    while (*at != ']') {
        char *end;
        if (*at == ',') at++;
        if (*at++ != '[') return -1;
        long row = strtol(at, &end, 10);
        if (end == at || *end != ',') return -1;
        at = end + 1;
        long col = strtol(at, &end, 10);
        if (end == at || *end != ']') return -1;
        at = end + 1;
        if (row < 0 || row >= b->n || col < 0 || col >= b->n) return -1;
        mark(b, row, col);
    }
    return 0;
}

static void mark_blocked(struct board *b, long row, long col) {
    if (b->allowed[row * b->n + col]) {
        b->allowed[row * b->n + col] = 0;
        b->free_in_row[row]--;
    }
}

static void mark_given(struct board *b, long row, long col) { b->given[row] = col; }

/* Whether row's queen may stand on col. */
static int may_stand(const struct board *b, long row, long col) {
    if (b->allowed == NULL) return 1;
    if (b->given[row] >= 0) return col == b->given[row];
    return b->allowed[row * b->n + col];
}

/* The allowed columns of row. */
static long free_in(const struct board *b, long row) {
    if (b->allowed == NULL) return b->n;
    return b->given[row] >= 0 ? 1 : b->free_in_row[row];
}

/* A column drawn uniformly among row's allowed ones (the draw of the plain
 * search when every column is allowed). */
static long draw_column(const struct board *b, long row) {
    if (b->allowed != NULL && b->given[row] >= 0) return b->given[row];
    long k = (long)below((uint64_t)free_in(b, row));
    for (long col = 0; col < b->n; col++) {
        if (may_stand(b, row, col) && k-- == 0) return col;
    }
    return 0; /* not reached: row has an allowed column */
}

/* Reads the request's instance, if any, into b; exits on a malformed one. */
static void read_instance(struct board *b, const char *request) {
    const char *instance = strstr(request, "\"instance\":");
    if (instance == NULL) return;
    long n = b->n;
    b->allowed = malloc((size_t)n * (size_t)n);
    b->given = malloc((size_t)n * sizeof(long));
    b->free_in_row = malloc((size_t)n * sizeof(long));
    if (!b->allowed || !b->given || !b->free_in_row) {
        fprintf(stderr, "min_conflicts.c: out of memory for an instance at N = %ld\n", n);
        exit(3);
    }
    memset(b->allowed, 1, (size_t)n * (size_t)n);
    for (long row = 0; row < n; row++) {
        b->given[row] = -1;
        b->free_in_row[row] = n;
    }
    if (read_pairs(b, instance, "blocked", mark_blocked) != 0 ||
        read_pairs(b, instance, "given", mark_given) != 0) {
        fprintf(stderr, "min_conflicts.c: a malformed instance: %s\n", instance);
        exit(2);
    }
}

static long attackers(const struct board *b, long row, long col) {
    long n = b->n;
    return b->in_column[col] + b->diag[row - col + n - 1] + b->anti[row + col];
}

static void place(struct board *b, long row, long col, int delta) {
    long n = b->n;
    b->in_column[col] += delta;
    b->diag[row - col + n - 1] += delta;
    b->anti[row + col] += delta;
}

/* Attacking pairs on the board. */
static uint64_t pairs(const struct board *b) {
    uint64_t total = 0;
    long n = b->n;
    for (long i = 0; i < n; i++) total += (uint64_t)(b->in_column[i] * (b->in_column[i] - 1) / 2);
    for (long i = 0; i < 2 * n - 1; i++) {
        total += (uint64_t)(b->diag[i] * (b->diag[i] - 1) / 2);
        total += (uint64_t)(b->anti[i] * (b->anti[i] - 1) / 2);
    }
    return total;
}

static void answer(const char *request) {
    long id = (long)number_after(request, "id", 0);
    long n = (long)number_after(request, "n", 0);
    const char *budget = strstr(request, "\"budget\":");
    if (budget == NULL || n < 1) {
        fprintf(stderr, "min_conflicts.c: a request without n or budget: %s\n", request);
        exit(2);
    }
    double max_steps = number_after(budget, "max_steps", -1);
    double max_checks = number_after(budget, "max_checks", -1);
    double time_limit = number_after(budget, "time_limit", -1);
    const char *trace_at = strstr(budget, "\"trace\":");
    int tracing = trace_at != NULL && strncmp(trace_at + 8, "true", 4) == 0;
    rng_state = strtoull(strstr(request, "\"seed\":") + 7, NULL, 10);

    struct board b = {n,    calloc((size_t)n, sizeof(int)), calloc((size_t)n, sizeof(long)),
                      calloc((size_t)(2 * n), sizeof(long)), calloc((size_t)(2 * n), sizeof(long)),
                      NULL, NULL, NULL};
    long *attacked = calloc((size_t)n, sizeof(long));
    long *best_columns = calloc((size_t)n, sizeof(long));
    struct point *trace = NULL;
    size_t points = 0, capacity = 0;
    if (!b.column || !b.in_column || !b.diag || !b.anti || !attacked || !best_columns) {
        fprintf(stderr, "min_conflicts.c: out of memory at N = %ld\n", n);
        exit(3);
    }
    read_instance(&b, request);
    const char *early = NULL;
    for (long row = 0; row < n; row++) {
        /* A row where no queen may stand: no placement exists. */
        if (free_in(&b, row) == 0) early = "exhausted";
    }
    if (early == NULL && max_checks >= 0 && (double)n > max_checks) {
        /* Not even the first board fits in the check budget. */
        early = "budget_checks";
    }
    if (early != NULL) {
        printf("{\"id\":%ld,\"solution\":null,\"stop_reason\":\"%s\"}\n", id, early);
        fflush(stdout);
        free(attacked);
        free(best_columns);
        free(b.column);
        free(b.in_column);
        free(b.diag);
        free(b.anti);
        free(b.allowed);
        free(b.given);
        free(b.free_in_row);
        return;
    }
    for (long row = 0; row < n; row++) {
        b.column[row] = (int)draw_column(&b, row);
        place(&b, row, b.column[row], 1);
    }
    uint64_t steps = 0, checks = (uint64_t)n, fewest = UINT64_MAX;
    double start = seconds_now();
    const char *stop = NULL;
    for (;;) {
        uint64_t now = pairs(&b);
        if (tracing && now < fewest) {
            if (points == capacity) {
                capacity = capacity ? 2 * capacity : 16;
                trace = realloc(trace, capacity * sizeof *trace);
                if (trace == NULL) exit(3);
            }
            int *columns = NULL;
            if (n <= TRACE_BOARD_MAX_N) {
                columns = malloc((size_t)n * sizeof(int));
                if (columns == NULL) exit(3);
                memcpy(columns, b.column, (size_t)n * sizeof(int));
            }
            trace[points++] = (struct point){steps, checks, now, columns};
        }
        if (now < fewest) fewest = now;
        if (now == 0) {
            stop = "solved";
            break;
        }
        if (max_steps >= 0 && (double)steps >= max_steps) {
            stop = "budget_steps";
            break;
        }
        if (max_checks >= 0 && (double)(checks + 2 * (uint64_t)n) > max_checks) {
            stop = "budget_checks";
            break;
        }
        if (time_limit >= 0 && steps % 1024 == 0 && seconds_now() - start >= time_limit) {
            stop = "budget_time";
            break;
        }
        long count = 0;
        for (long row = 0; row < n; row++) {
            /* A given queen is never repaired: one attacking it is. */
            if (b.given != NULL && b.given[row] >= 0) continue;
            if (attackers(&b, row, b.column[row]) > 3) attacked[count++] = row;
        }
        long row = attacked[below((uint64_t)count)];
        place(&b, row, b.column[row], -1);
        long least = -1, ties = 0;
        for (long col = 0; col < n; col++) {
            if (!may_stand(&b, row, col)) continue;
            long a = attackers(&b, row, col);
            if (least < 0 || a < least) {
                least = a;
                ties = 0;
            }
            if (a == least) best_columns[ties++] = col;
        }
        b.column[row] = (int)best_columns[below((uint64_t)ties)];
        place(&b, row, b.column[row], 1);
        steps++;
        checks += (uint64_t)n + (uint64_t)free_in(&b, row);
    }

    printf("{\"id\":%ld,\"solution\":", id);
    if (strcmp(stop, "solved") == 0) {
        for (long row = 0; row < n; row++) printf("%c%d", row ? ',' : '[', b.column[row]);
        printf("]");
    } else {
        /* No solution, and the last board: the harness counts its attacking pairs. */
        printf("null,\"final_board\":");
        for (long row = 0; row < n; row++) printf("%c%d", row ? ',' : '[', b.column[row]);
        printf("]");
    }
    printf(",\"stop_reason\":\"%s\",\"counters\":{\"steps\":%llu,\"checks\":%llu,"
           "\"restarts\":0,\"evaluations\":1}",
           stop, (unsigned long long)steps, (unsigned long long)checks);
    if (tracing) {
        printf(",\"trace\":[");
        for (size_t i = 0; i < points; i++) {
            printf("%s{\"steps\":%llu,\"checks\":%llu,\"evaluations\":1,\"conflicts\":%llu",
                   i ? "," : "", (unsigned long long)trace[i].steps,
                   (unsigned long long)trace[i].checks, (unsigned long long)trace[i].conflicts);
            if (trace[i].columns != NULL) {
                printf(",\"columns\":");
                for (long row = 0; row < n; row++) printf("%c%d", row ? ',' : '[', trace[i].columns[row]);
                printf("]");
                free(trace[i].columns);
            }
            printf("}");
        }
        printf("]");
    }
    printf("}\n");
    fflush(stdout);
    free(trace);
    free(attacked);
    free(best_columns);
    free(b.column);
    free(b.in_column);
    free(b.diag);
    free(b.anti);
    free(b.allowed);
    free(b.given);
    free(b.free_in_row);
}

/* Whether the handshake line offers version 3 in its "versions" list. */
static int offers_version_3(const char *hello) {
    const char *at = strstr(hello, "\"versions\":[");
    if (at == NULL) return 0;
    at += strlen("\"versions\":[");
    while (*at != ']' && *at != '\0') {
        char *end;
        long version = strtol(at, &end, 10);
        if (end == at) return 0;
        if (version == 3) return 1;
        at = *end == ',' ? end + 1 : end;
    }
    return 0;
}

int main(void) {
    /* Lines of any length: an instance's request grows with its blocks. */
    char *line = NULL;
    size_t capacity = 0;
    if (getline(&line, &capacity, stdin) < 0) return 1;
    if (strstr(line, "\"queens-external\"") == NULL || !offers_version_3(line)) {
        fprintf(stderr, "min_conflicts.c speaks queens-external version 3, not offered by %s", line);
        return 1;
    }
    printf("{\"protocol_version\":3,\"name\":\"min_conflicts.c\",\"version\":\"2\","
           "\"many_trials\":true}\n");
    fflush(stdout);
    while (getline(&line, &capacity, stdin) >= 0) answer(line);
    free(line);
    return 0;
}
