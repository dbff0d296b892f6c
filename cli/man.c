/* SPDX-License-Identifier: MIT */
/* grundy(1), written from the help texts, and the bash and zsh completions, written from the
 * command table (hidden options `grundy --man`, `--bash-completion` and `--zsh-completion`, run
 * at build time), so that none can disagree with what the tool accepts. */
#include "cli.h"
#include "help_topics.h"

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

/* One help topic as a man page section: its page, made in memory, in a no-fill block. */
static int print_topic_roff(const cli_topic *t, const cli_command *const *cmds, size_t count,
                            FILE *out) {
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (mem == NULL) {
        return -1;
    }
    cli_print_topic(t, cmds, count, mem);
    if (fclose(mem) != 0) {
        free(text);
        return -1;
    }
    fprintf(out, ".SS \"grundy help %s\"\n.nf\n", t->name);
    roff_verbatim(text, out);
    fputs(".fi\n", out);
    free(text);
    return 0;
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
    fputs(".SH TOPICS\nEach section is the output of\n.BR \"grundy help TOPIC\" .\n", out);
    for (size_t i = 0; i < cli_topic_count; i++) {
        if (print_topic_roff(&cli_topics[i], cmds, count, out) != 0) {
            return CLI_EXIT_IO;
        }
    }
    fputs(".SH \"EXIT STATUS\"\n.nf\n", out);
    roff_verbatim(cli_exit_codes_text + strlen("\nExit codes:\n"), out);
    fputs(".fi\n.SH \"SEE ALSO\"\nThe README and docs/ of the grundy sources; "
          "the Python package grundy (docs/python.md).\n",
          out);
    return CLI_EXIT_OK;
}

/* The completion scripts: a table of what may come where, written from the command table (each
 * command's options, cli_command.word for its operand's and options' fixed values, the help
 * topics), and the logic that reads it, the same shell code for bash and zsh. */

static void put_words(FILE *out, const char *(*word)(const char *, size_t), const char *option) {
    for (size_t i = 0; word != NULL && word(option, i) != NULL; i++) {
        fprintf(out, "%s%s", i > 0 ? " " : "", word(option, i));
    }
}

/* One command's entry of _grundy_table: opts (each option once, by its long name), valued (the
 * options that take a value, long and short), choice (the fixed values after the option just
 * typed), operand (the fixed words of its first operand). */
static void put_table_entry(const cli_command *cmd, FILE *out) {
    fprintf(out, "    %s)\n        opts='", cmd->name);
    for (const cli_option *o = cmd->options; o->name != NULL; o++) {
        fprintf(out, "--%s ", o->name);
    }
    fputs("--help'\n        valued='", out);
    for (const cli_option *o = cmd->options; o->name != NULL; o++) {
        if (o->arg != CLI_ARG_NONE) {
            fprintf(out, " --%s", o->name);
            if (o->short_name != 0) {
                fprintf(out, " -%c", o->short_name);
            }
        }
    }
    fputs("'\n        operand='", out);
    put_words(out, cmd->word, NULL);
    fputs("'", out);
    const char *in = "\n        case $2 in\n";
    for (const cli_option *o = cmd->options; o->name != NULL; o++) {
        if (o->arg != CLI_ARG_NONE && cmd->word != NULL && cmd->word(o->name, 0) != NULL) {
            fprintf(out, "%s        --%s) choice='", in, o->name);
            put_words(out, cmd->word, o->name);
            fputs("' ;;\n", out);
            in = "";
        }
    }
    fputs(*in == '\0' ? "        esac ;;\n" : " ;;\n", out);
}

static void put_core(const cli_command *const *cmds, size_t count, FILE *out) {
    fputs("_grundy_commands() {\n    printf '%s\\n' help version --help --version", out);
    for (size_t i = 0; i < count; i++) {
        fprintf(out, " %s", cmds[i]->name);
    }
    fputs("\n}\n\n# _grundy_table COMMAND PREVIOUS: sets opts, valued, choice and operand.\n"
          "_grundy_table() {\n    opts='' valued='' choice='' operand=''\n    case $1 in\n",
          out);
    for (size_t i = 0; i < count; i++) {
        put_table_entry(cmds[i], out);
    }
    fputs("    help)\n        operand='", out);
    for (size_t i = 0; i < count; i++) {
        fprintf(out, "%s ", cmds[i]->name);
    }
    fputs("topics", out);
    for (size_t i = 0; i < cli_topic_count; i++) {
        fprintf(out, " %s", cli_topics[i].name);
    }
    fputs("' ;;\n    esac\n}\n\n", out);
    fputs("# _grundy_next COMMAND CURRENT WORD...: the words that may come at CURRENT after the\n"
          "# WORDs that follow COMMAND, one a line: an option not given yet, an option's fixed\n"
          "# values, the first operand's words; or @files where a file name goes.\n"
          "_grundy_next() {\n"
          "    [ -n \"${ZSH_VERSION-}\" ] && setopt localoptions shwordsplit\n"
          "    local cmd=$1 cur=$2 prev='' given=' ' operands=0 skip=0 w o\n"
          "    shift 2\n"
          "    for w in \"$@\"; do prev=$w; done\n"
          "    _grundy_table \"$cmd\" \"$prev\"\n"
          "    for w in \"$@\"; do\n"
          "        if [ $skip -eq 1 ]; then skip=0; continue; fi\n"
          "        case $w in\n"
          "        -?*) given=\"$given${w%%=*} \"\n"
          "             case \" $valued \" in *\" $w \"*) skip=1 ;; esac ;;\n"
          "        *) operands=$((operands + 1)) ;;\n"
          "        esac\n"
          "    done\n"
          "    if [ $skip -eq 1 ]; then\n"
          "        if [ -n \"$choice\" ]; then printf '%s\\n' $choice; else echo @files; fi\n"
          "        return\n"
          "    fi\n"
          "    case $cur in\n"
          "    -*) for o in $opts; do\n"
          "            case $given in *\" $o \"*) ;; *) echo \"$o\" ;; esac\n"
          "        done ;;\n"
          "    *) if [ $operands -eq 0 ] && [ -n \"$operand\" ]; then printf '%s\\n' $operand; fi "
          ";;\n"
          "    esac\n"
          "}\n",
          out);
}

void cli_print_bash_completion(const cli_command *const *cmds, size_t count, FILE *out) {
    fputs("# bash completion for grundy, written by `grundy --bash-completion` from its command "
          "table\n",
          out);
    put_core(cmds, count, out);
    fputs("\n_grundy() {\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} words\n"
          "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
          "        words=$(_grundy_commands)\n"
          "    else\n"
          "        words=$(_grundy_next \"${COMP_WORDS[1]}\" \"$cur\" "
          "\"${COMP_WORDS[@]:2:COMP_CWORD-2}\")\n"
          "    fi\n"
          "    if [ \"$words\" = @files ]; then\n"
          "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
          "    else\n"
          "        COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
          "    fi\n"
          "}\n"
          "complete -o filenames -F _grundy grundy\n",
          out);
}

void cli_print_zsh_completion(const cli_command *const *cmds, size_t count, FILE *out) {
    fputs("#compdef grundy\n# zsh completion for grundy, written by `grundy --zsh-completion` "
          "from its command table\n",
          out);
    put_core(cmds, count, out);
    fputs("\n_grundy_complete() {\n"
          "    local out\n"
          "    local -a cand\n"
          "    if (( CURRENT == 2 )); then\n"
          "        out=$(_grundy_commands)\n"
          "    else\n"
          "        out=$(_grundy_next \"$words[2]\" \"$words[CURRENT]\" "
          "\"${(@)words[3,CURRENT-1]}\")\n"
          "    fi\n"
          "    if [[ $out == @files ]]; then\n"
          "        _files\n"
          "        return\n"
          "    fi\n"
          "    cand=(${(f)out})\n"
          "    compadd -- \"${cand[@]}\"\n"
          "}\n\n"
          "_grundy_complete \"$@\"\n",
          out);
}

void cli_print_fish_completion(FILE *out) {
    fputs("# fish completion for grundy, written by `grundy --fish-completion`: the bash "
          "completion's\n# table and logic (grundy --bash-completion), run by bash, so that the "
          "three agree.\n"
          "function __grundy_complete\n"
          "    set -l words (commandline -opc)\n"
          "    set -l cur (commandline -ct)\n"
          "    set -l found\n"
          "    if test (count $words) -le 1\n"
          "        set found (command grundy --bash-completion | bash -c '. /dev/stdin; "
          "_grundy_commands')\n"
          "    else\n"
          "        set found (command grundy --bash-completion | bash -c '. /dev/stdin; "
          "_grundy_next \"$@\"' _ $words[2] \"$cur\" $words[3..-1])\n"
          "    end\n"
          "    if test \"$found\" = @files\n"
          "        __fish_complete_path \"$cur\"\n"
          "    else\n"
          "        printf '%s\\n' $found\n"
          "    end\n"
          "end\n"
          "complete -c grundy -f -a '(__grundy_complete)'\n",
          out);
}
