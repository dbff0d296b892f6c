/* SPDX-License-Identifier: MIT */
/* grundy(1) and the bash completion, written from the commands' help texts (hidden options
 * `grundy --man` and `grundy --bash-completion`, run at build time), so neither can disagree with
 * --help. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Text in a no-fill block: backslashes doubled, and a line starting with '.' or '\'' guarded. */
static void roff_verbatim(const char *text, FILE *out) {
    int line_start = 1;
    for (const char *c = text; *c != '\0'; c++) {
        if (line_start && (*c == '.' || *c == '\'')) {
            fputs("\\&", out);
        }
        if (*c == '\\') {
            fputs("\\e", out);
        } else if (*c == '-') {
            fputs("\\-", out); /* a minus, not a hyphen: copy-paste gives '-' */
        } else {
            fputc(*c, out);
        }
        line_start = *c == '\n';
    }
}

int cli_print_man(const cli_command *const *cmds, size_t count, void (*overview)(FILE *),
                  FILE *out) {
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (mem == NULL) {
        return CLI_EXIT_IO;
    }
    overview(mem);
    if (fclose(mem) != 0) {
        free(text);
        return CLI_EXIT_IO;
    }
    fprintf(out, ".TH GRUNDY 1 \"\" \"grundy %s\" \"User Commands\"\n", grundy_version());
    fputs(".SH NAME\ngrundy \\- impartial combinatorial games: who wins, by how much, with which "
          "move, proved\n.SH SYNOPSIS\n.B grundy\n.I COMMAND\n[\n.I ARGS...\n]\n[\n.B \\-\\-json\n]"
          "\n.SH DESCRIPTION\n.nf\n",
          out);
    roff_verbatim(text, out);
    free(text);
    fputs(".fi\n.SH COMMANDS\nEach section is the output of\n.BR \"grundy COMMAND \\-\\-help\" "
          ".\n",
          out);
    for (size_t i = 0; i < count; i++) {
        fprintf(out, ".SS \"grundy %s\"\n.nf\n", cmds[i]->name);
        roff_verbatim(cmds[i]->help, out);
        fputs(".fi\n", out);
    }
    fputs(".SH \"EXIT STATUS\"\n.nf\n", out);
    roff_verbatim(cli_exit_codes_text + strlen("\nExit codes:\n"), out);
    fputs(".fi\n.SH \"SEE ALSO\"\nThe README and docs/ of the grundy sources; "
          "the Python package grundy (docs/python.md).\n",
          out);
    return CLI_EXIT_OK;
}

/* The options of a help text: the "--name" that starts an indented line ("  --to N ...",
 * "  -h, --help ..."), and a short option that stands alone ("  -o FILE ..."). */
static void print_help_options(const char *help, FILE *out) {
    const char *line = help;
    while (*line != '\0') {
        const char *c = line;
        while (*c == ' ') {
            c++;
        }
        if (c > line && c[0] == '-' && c[1] != '-' && c[1] != '\0' && c[2] == ',' && c[3] == ' ') {
            c += 4;
        } else if (c > line && c[0] == '-' && c[1] >= 'a' && c[1] <= 'z' && c[2] == ' ') {
            fprintf(out, " %.2s", c); /* "  -o FILE  ...": a short option alone */
        }
        if (c > line && c[0] == '-' && c[1] == '-') {
            size_t n = 2;
            while (c[n] == '-' || (c[n] >= 'a' && c[n] <= 'z') || (c[n] >= '0' && c[n] <= '9')) {
                n++;
            }
            fprintf(out, " %.*s", (int)n, c);
        }
        const char *nl = strchr(line, '\n');
        line = nl != NULL ? nl + 1 : line + strlen(line);
    }
}

void cli_print_bash_completion(const cli_command *const *cmds, size_t count, FILE *out) {
    fputs("# bash completion for grundy, written by `grundy --bash-completion`\n"
          "_grundy() {\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} words\n"
          "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
          "        words='help version --help --version",
          out);
    for (size_t i = 0; i < count; i++) {
        fprintf(out, " %s", cmds[i]->name);
    }
    fputs("'\n    else\n        case ${COMP_WORDS[1]} in\n", out);
    for (size_t i = 0; i < count; i++) {
        fprintf(out, "        %s) words='", cmds[i]->name);
        print_help_options(cmds[i]->help, out);
        fputs("' ;;\n", out);
    }
    fputs("        help) words='", out);
    for (size_t i = 0; i < count; i++) {
        fprintf(out, " %s", cmds[i]->name);
    }
    fputs("' ;;\n        *) words='' ;;\n        esac\n"
          "        case $cur in\n"
          "        -*) ;;\n"
          "        *) [ \"${COMP_WORDS[1]}\" = help ] || { COMPREPLY=($(compgen -f -- \"$cur\")); "
          "return; } ;;\n"
          "        esac\n"
          "    fi\n"
          "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
          "}\n"
          "complete -o filenames -F _grundy grundy\n",
          out);
}
