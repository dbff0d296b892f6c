/* SPDX-License-Identifier: MIT */
/* Codeforces 102302G, Left Stack Game (seed 002): stacks a, b, c left to right; a move takes 1 to
 * m rocks from one stack, and a stack may become empty only when every stack to its left is
 * empty; whoever takes the last rock wins. Input: m a b c (up to 10^18). Output: Tomaz if the
 * first player wins, else Danftito. A stack that may not be emptied plays like a subtraction game
 * on one rock fewer, which gives the O(1) rule of docs/left_stack.md. */
#include <grundy/grundy.h>

#include <stdio.h>

int main(void) {
    unsigned long long m, a, b, c;
    if (scanf("%llu %llu %llu %llu", &m, &a, &b, &c) != 4) {
        fprintf(stderr, "left_stack: expected m a b c\n");
        return 3;
    }
    const grundy_outcome o = grundy_left_stack_outcome(m, a, b, c);
    puts(o == GRUNDY_OUTCOME_WIN ? "Tomaz" : "Danftito");
    return 0;
}
