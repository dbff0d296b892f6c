/* SPDX-License-Identifier: MIT */
/* The solver's games, listed once: what grundy solve, its batches, grundy-mpi and the tests
 * iterate. A new game is its file in src/solver/games/, one entry in solve_registry.c and its
 * paragraph in SOLVE_GAMES_HELP below. */
#ifndef GRUNDY_CLI_SOLVE_REGISTRY_H
#define GRUNDY_CLI_SOLVE_REGISTRY_H

#include "json.h"
#include "solve_batch.h"

#include <grundy/nimsearch.h>
#include <grundy/solver.h>

/* solve_game.flags: the options and inputs a game takes besides its operands. */
#define SOLVE_GAME_INPUT  1u /* --input FILE: a batch of queries (solve_game.batch) */
#define SOLVE_GAME_MISERE 2u /* --misere */
#define SOLVE_GAME_TABLE  4u /* --save and --load: the table of the one game its operands give */
#define SOLVE_GAME_STDIN  8u /* no operands: the instances come from standard input */

/* How grundy solve presents the answer (cmd_solve.c); a new game is usually OUTCOME. */
typedef enum solve_answer {
    SOLVE_ANSWER_OUTCOME,    /* First or Second; JSON: game, solve_game.json's keys, outcome... */
    SOLVE_ANSWER_SCORE,      /* the first player's best total minus the second's (pick) */
    SOLVE_ANSWER_BOARDS,     /* every board of the input, by the mirror rule (mirror-board) */
    SOLVE_ANSWER_LEFT_STACK, /* the rule of docs/left_stack.md (solve_left_stack.c) */
    SOLVE_ANSWER_NIMBER,     /* the start's nimber by search, no table (solve_nimber.c) */
} solve_answer;

/* What a constructor reads: the operands after GAME and the options that shape the game. */
typedef struct solve_operands {
    const cli_command *cmd; /* messages go out in its name */
    char *const *v;
    int count;
    int misere;         /* --misere */
    int json;           /* --json: the tables wanted, for the memory named in a refusal */
    uint64_t max_bytes; /* --max-bytes */
    const char *input;  /* SOLVE_GAME_STDIN without operands: the text of one instance */
    size_t input_len;
} solve_operands;

/* A game built from its operands, with what it borrows and what its JSON names. */
typedef struct solve_built {
    grundy_game *game;
    int grundy;                              /* Grundy values are defined (normal play) */
    uint64_t numbers[GRUNDY_PICK_MAX_ITEMS]; /* the numeric operands, for JSON */
    size_t count;                            /* of numbers, or of heaps */
    uint64_t *heaps;                         /* heaps: the starting heaps */
    int misere;                              /* heaps: --misere */
    grundy_rule *rule;                       /* heaps: the rule the game borrows */
    char *rule_text;                         /* and its canonical form */
    grundy_board board;                      /* mirror-board: the board the game was made from */
    grundy_nim_game *nim;                    /* SOLVE_ANSWER_NIMBER: the game (game is NULL) */
} solve_built;

typedef struct solve_game {
    const char *name;
    const char *usage;              /* the operands, as messages show them: "divisors N" */
    int min_operands, max_operands; /* max -1: any number */
    unsigned flags;                 /* SOLVE_GAME_* */
    solve_answer answer;
    /* Build the game: 0, or the exit code after one line in ops->cmd's name. */
    int (*create)(const solve_operands *ops, solve_built *out);
    /* The game's own JSON keys after "game" (NULL: none). */
    void (*json)(json_writer *w, const solve_built *b);
    /* --input: every query of a file (SOLVE_GAME_INPUT). */
    int (*batch)(const cli_command *cmd, const solve_batch_request *rq);
    const char *example; /* a small instance: the operands, or the input of a game without any */
} solve_game;

/* The games' paragraphs of grundy solve --help (and so of its man page), in the registry's order:
 * each entry's name begins one of them (test_solve_registry checks). */
#define SOLVE_GAMES_HELP                                                                           \
    "  divisors N         cards 1..N (N <= 30); a pick removes the card and every card on the\n"   \
    "                     table that divides it; prints First or Second (2^N positions, 0.2\n"     \
    "                     to 0.6 us each: N = 22 in a second, 26 in 15 to 40 s, 30 in 4 to\n"      \
    "                     11 minutes; the default --max-bytes holds N = 30 without --json)\n"      \
    "  pick V1 V2 ...     up to 24 items; players take one at a time; prints the first\n"          \
    "                     player's best total minus the second's\n"                                \
    "  mirror-board       boards from stdin (`n k`, then k lines `r c`, cells blocked\n"           \
    "                     symmetrically through the centre), one case after another until the\n"   \
    "                     end of the input; prints First or Second for each. Boards with at "      \
    "most\n"                                                                                       \
    "                     20 free cells are also solved exhaustively and checked against the\n"    \
    "                     mirror rule\n"                                                           \
    "  misere-piles A B   take 1 or 2 stones from one pile, the last stone loses; prints First\n"  \
    "                     or Second. (A+1)(B+1) positions, 5 bytes and about 0.5 us each: the\n"   \
    "                     default --max-bytes reaches A = B = 29307 (minutes); more needs\n"       \
    "                     --max-bytes 5(A+1)(B+1) (A, B <= 10^6)\n"                                \
    "  heaps RULE H...    heaps under RULE (see 'grundy help rule'), total at most 400 and\n"      \
    "                     within the position limit; prints First or Second\n"                     \
    "  left-stack M A B C three stacks, take 1..M from one, a stack may be emptied only when\n"    \
    "                     every stack left of it is empty (seed 002); any size up to 2^63-1;\n"    \
    "                     no numbers: `m a b c` per case from stdin; prints Tomaz or Danftito\n"   \
    "  cram ROWS COLS     dominoes on a ROWS x COLS board (at most 256 cells), each on two free\n" \
    "                     cells side by side; prints the nimber of the empty board (without\n"     \
    "                     numbers: `rows cols` from stdin, then the rows, `.` free, `x`\n"         \
    "                     blocked). Searched, not tabled: see --checkpoint and --method\n"         \
    "  chomp ROWS COLS    Chomp on ROWS x COLS squares (at most 32 each), the corner never\n"      \
    "                     taken, so the player left with it loses; prints the nimber, then the\n"  \
    "                     winning moves as `row,col` (0-based; the corner is 0,0)\n"               \
    "  node-kayles        a graph from stdin in grundy graph's format (`n m`, then m lines\n"      \
    "                     `u v`, edges taken both ways, at most 256 vertices); a move takes a\n"   \
    "                     vertex and its neighbours; prints the nimber\n"

extern const solve_game solve_games[];
extern const size_t solve_game_count;

/** The game called `name`, or NULL. */
const solve_game *solve_game_find(const char *name);

/** The i-th game's name, NULL past the last (for the completion). */
const char *solve_game_word(size_t i);

/** The games' names close to a mistyped one ("divisor": 'divisors'), in buf (CLI_SUGGEST_CAP
 *  bytes), or NULL. */
const char *solve_game_meant(const char *typed, char *buf, size_t cap);

/**
 * The names of the games with every flag of `flags` (0: all), in the registry's order, into buf:
 * "a, b, c", or "a, b and c" when `and` is nonzero. Returns buf.
 */
char *solve_game_names(unsigned flags, int and, char *buf, size_t cap);

/** Check the operand count against the game's: 0, or exit 2 after one line. */
int solve_game_check_operands(const cli_command *cmd, const solve_game *game, char *const *v,
                              int count);

/** A game's constructor or solve failed with st (not OK) for `what`: one line, the exit code
 *  (LIMIT and NOMEM: raise --max-bytes). */
int solve_game_fail(const cli_command *cmd, grundy_status st, const char *what);

/** Free what a constructor built (NULL fields are fine) and zero it. */
void solve_built_free(solve_built *b);

#endif
