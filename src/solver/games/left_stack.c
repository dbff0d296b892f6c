/* SPDX-License-Identifier: MIT */
/*
 * Seed 002 (CF 102302G, the Left Stack Game): the exact closed-form rule and the game as a table
 * of callbacks for the solver. Owned by the left-stack engineer (issue 8); work in progress.
 */
