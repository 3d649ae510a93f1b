/**
 * The {@code nimbench} command line (picocli): {@link dev.nimbench.cli.Main} and the commands
 * {@code solve} ({@link dev.nimbench.cli.SolveCommand}, its options {@link dev.nimbench.cli.SolveOptions},
 * the run {@link dev.nimbench.cli.SolveRunner}), {@code variants} and {@code platform}; the text and
 * JSON printers; {@link dev.nimbench.cli.ErrorHandlers}, which turn every bad input into one line
 * naming the value and the valid range, exit 2. Every option and rule: docs/cli.md.
 */
package dev.nimbench.cli;
