/*
 * Min-conflicts for N-Queens in C99, run by `queens` as an external solver
 * (protocol queens-external, version 2: experiments/solvers/PROTOCOL.md).
 * Build: cc -std=c99 -O2 -o min_conflicts min_conflicts.c
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
 * The request is read with a few string searches, enough for the JSON the
 * harness writes (its keys come in a fixed order); a real program would use
 * a JSON library.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The longest request line read; the harness's are far shorter. */
#define LINE_MAX_BYTES 65536
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
};

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

    struct board b = {n, calloc((size_t)n, sizeof(int)), calloc((size_t)n, sizeof(long)),
                      calloc((size_t)(2 * n), sizeof(long)), calloc((size_t)(2 * n), sizeof(long))};
    long *attacked = calloc((size_t)n, sizeof(long));
    long *best_columns = calloc((size_t)n, sizeof(long));
    struct point *trace = NULL;
    size_t points = 0, capacity = 0;
    if (!b.column || !b.in_column || !b.diag || !b.anti || !attacked || !best_columns) {
        fprintf(stderr, "min_conflicts.c: out of memory at N = %ld\n", n);
        exit(3);
    }
    if (max_checks >= 0 && (double)n > max_checks) {
        /* Not even the first board fits in the check budget. */
        printf("{\"id\":%ld,\"solution\":null,\"stop_reason\":\"budget_checks\"}\n", id);
        fflush(stdout);
        free(attacked);
        free(best_columns);
        free(b.column);
        free(b.in_column);
        free(b.diag);
        free(b.anti);
        return;
    }
    for (long row = 0; row < n; row++) {
        b.column[row] = (int)below((uint64_t)n);
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
            if (attackers(&b, row, b.column[row]) > 3) attacked[count++] = row;
        }
        long row = attacked[below((uint64_t)count)];
        place(&b, row, b.column[row], -1);
        long least = -1, ties = 0;
        for (long col = 0; col < n; col++) {
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
        checks += 2 * (uint64_t)n;
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
}

int main(void) {
    static char line[LINE_MAX_BYTES];
    if (fgets(line, sizeof line, stdin) == NULL) return 1;
    if (strstr(line, "\"queens-external\"") == NULL || number_after(line, "version", 0) != 2) {
        fprintf(stderr, "min_conflicts.c speaks queens-external version 2, not %s", line);
        return 1;
    }
    printf("{\"protocol_version\":2,\"name\":\"min_conflicts.c\",\"version\":\"1\","
           "\"many_trials\":true}\n");
    fflush(stdout);
    while (fgets(line, sizeof line, stdin) != NULL) answer(line);
    return 0;
}
