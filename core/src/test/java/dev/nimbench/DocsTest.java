package dev.nimbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README stays a short entry point (at most 12,000 characters, the rest in
 * {@code docs/}), every doc page fits in 15 KiB with no dated log section outside the journal,
 * and no relative link in the README or under {@code docs/} points to a file that does not exist. Tests run in {@code core/}, so the repository top is {@code ..}.
 */
class DocsTest {

    static final int README_LIMIT = 12_000;
    /** The largest doc page, in bytes (15 KiB): a page that grows past it is split by topic. */
    static final int PAGE_LIMIT = 15 * 1024;
    /** A date, {@code 2026-12-01}: in a heading it marks a dated log section. */
    private static final Pattern DATE = Pattern.compile("\\b20\\d\\d-\\d\\d-\\d\\d\\b");
    private static final Path TOP = Path.of("..");
    /** A Markdown inline link's target: {@code [text](target)} or {@code [text](target "title")}. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

    @Test
    void readmeFitsTheLimit() throws IOException {
        String readme = Files.readString(TOP.resolve("README.md"), StandardCharsets.UTF_8);
        assertThat(readme.codePointCount(0, readme.length())).as("README.md characters").isLessThanOrEqualTo(README_LIMIT);
    }

    /**
     * The repository stands alone: a user who clones it has no issue tracker and none of the
     * developers' notes beside it, so no page and no source names a numbered issue,
     * {@code PERF-NOTES}, {@code ../shared} or {@code seeds/}; they name the fact or a file in the
     * repository. The harness's default path to the developers' native yardstick
     * ({@code bench/.../Yardstick.java}, and the report text that names it) is behaviour, not a reference.
     */
    @Test
    void noPageOrSourceReferencesWhatAUserDoesNotHave() throws IOException {
        Pattern outside = Pattern.compile("PERF-NOTES|HARNESS-NOTES|\\.\\./shared|/work/shared|seeds/|[Ii]ssues? #?[0-9]+\\b");
        List<Path> files = new ArrayList<>(List.of(TOP.resolve("README.md"), TOP.resolve("SPEC.md")));
        for (String dir : List.of("docs", "core/src/main", "bench/src/main", "jmh-maven-plugin/src/main", "bin")) {
            try (Stream<Path> s = Files.walk(TOP.resolve(dir))) {
                s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("Yardstick"))
                        .sorted().forEach(files::add);
            }
        }
        List<String> found = new ArrayList<>();
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (outside.matcher(lines.get(i)).find()) {
                    found.add(TOP.relativize(f) + ":" + (i + 1) + ": " + lines.get(i).trim());
                }
            }
        }
        assertThat(files).as("files scanned").hasSizeGreaterThan(100);
        assertThat(found).as("references to things outside the repository").isEmpty();
    }

    @Test
    void everyRelativeLinkPointsToAFileThatExists() throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(TOP.resolve("README.md"));
        pages.addAll(docPages(true));
        assertThat(pages).as("README.md and docs/**/*.md").hasSizeGreaterThan(1);
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : pages) {
            Matcher m = LINK.matcher(Files.readString(page, StandardCharsets.UTF_8));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") || target.startsWith("#")) {
                    continue; // a URL (https:, mailto:) or an anchor in the same page
                }
                links++;
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                if (!Files.exists(page.getParent().resolve(file))) {
                    broken.add(TOP.relativize(page) + ": " + target);
                }
            }
        }
        assertThat(links).as("relative links found").isPositive();
        assertThat(broken).as("links to files that do not exist").isEmpty();
    }

    /**
     * The docs are reference, not lab notebooks: every page of {@code docs/} (guides, design
     * notes, findings) fits in 15 KiB, and no heading outside {@code docs/journal/} carries a date
     * (a dated log section belongs in the frozen journal).
     */
    @Test
    void docPagesAreShortAndHaveNoDatedLogSections() throws IOException {
        List<String> tooLong = new ArrayList<>();
        List<String> dated = new ArrayList<>();
        List<Path> pages = docPages(false);
        for (Path page : pages) {
            long bytes = Files.size(page);
            if (bytes > PAGE_LIMIT) {
                tooLong.add(TOP.relativize(page) + ": " + bytes + " bytes");
            }
            boolean fence = false;
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("```")) {
                    fence = !fence;
                } else if (!fence && line.startsWith("#") && DATE.matcher(line).find()) {
                    dated.add(TOP.relativize(page) + ":" + (i + 1) + ": " + line);
                }
            }
        }
        assertThat(pages).as("doc pages outside the journal").hasSizeGreaterThan(10);
        assertThat(tooLong).as("doc pages over " + PAGE_LIMIT + " bytes (split them by topic)").isEmpty();
        assertThat(dated).as("dated log headings outside docs/journal/").isEmpty();
    }

    /** Every {@code .md} under {@code docs/}, the frozen journal included only when asked. */
    private static List<Path> docPages(boolean withJournal) throws IOException {
        Path docs = TOP.resolve("docs");
        try (Stream<Path> tree = Files.walk(docs)) {
            return tree.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> withJournal || !docs.relativize(p).startsWith("journal"))
                    .sorted().toList();
        }
    }
}
