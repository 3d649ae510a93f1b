package dev.nimbench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The known -Djmh.* names match the plugin's parameters; an unknown one gets a one-line error. */
class PluginPropertiesTest {

    @Test
    void knownNamesAreExactlyThePropertiesOfTheGeneratedDescriptor() throws IOException {
        String descriptor = Files.readString(Path.of("target/classes/META-INF/maven/plugin.xml"));
        Set<String> declared = new TreeSet<>();
        Matcher m = Pattern.compile("\\$\\{(jmh\\.[A-Za-z]+)\\}").matcher(descriptor);
        while (m.find()) {
            declared.add(m.group(1));
        }
        assertThat(declared).isNotEmpty();
        assertThat(new TreeSet<>(PluginProperties.KNOWN)).isEqualTo(declared);
    }

    @Test
    void aMisspeltPropertyIsNamedAndOthersAreIgnored() {
        Properties p = new Properties();
        p.setProperty("jmh.profile", "quick");
        p.setProperty("maven.repo.local", "/tmp/x");
        assertThat(PluginProperties.unknown(p)).isNull();
        p.setProperty("jmh.results", "/tmp/r");
        String error = PluginProperties.unknown(p);
        assertThat(error).startsWith("unknown property -Djmh.results; valid: ").contains("jmh.resultsDir").doesNotContain("\n");
    }
}
