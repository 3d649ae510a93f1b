package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** How a failure inside a command becomes one line on stderr and an exit code. */
class ErrorHandlersTest {

    @Test
    void badInputWithAMessageExitsTwoWithThatLine() {
        StringWriter err = new StringWriter();
        int code = ErrorHandlers.executionError(new IllegalArgumentException("n = 0 is out of range;\n valid: n >= 1"),
                cli(err), null);
        assertThat(code).isEqualTo(ErrorHandlers.BAD_INPUT);
        assertThat(err.toString()).isEqualTo("nimbench: n = 0 is out of range; valid: n >= 1" + System.lineSeparator());
    }

    @Test
    void illegalArgumentWithoutAMessageIsAnInternalErrorNotNull() {
        StringWriter err = new StringWriter();
        int code = ErrorHandlers.executionError(new IllegalArgumentException(), cli(err), null);
        assertThat(code).isEqualTo(ErrorHandlers.INTERNAL_ERROR);
        assertThat(err.toString()).isEqualTo("nimbench: internal error: java.lang.IllegalArgumentException"
                + System.lineSeparator());
    }

    private static CommandLine cli(StringWriter err) {
        CommandLine cli = Main.commandLine();
        cli.setErr(new PrintWriter(err, true));
        return cli;
    }
}
