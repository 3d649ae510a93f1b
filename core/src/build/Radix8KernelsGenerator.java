import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes the two radix-8 transform kernels, {@code Radix8HadamardKernels} (biased entries, signed
 * minimum, JDK 17) and {@code UnsignedMinHadamardKernels} (plain entries, {@code UMIN}, JDK 24+),
 * from one template. The build runs it (core's {@code generate-sources} phase, as a single-file
 * program: {@code java Radix8KernelsGenerator.java TEMPLATE OUTDIR}); its output goes to
 * {@code target/generated-sources/kernels}, never into {@code src}.
 *
 * <p>Why a generator: the kernels' loop bodies spell every butterfly out, because a helper method
 * with vector arguments that C2 does not inline boxes every vector, and the two kernels differ
 * only in the butterfly's form. The template writes each butterfly once, as a line
 * {@code //# butterfly S D A B} ({@code S = A + B}, {@code D = A - B}, both reduced mod M), and this
 * program spells it out in each form:
 * <pre>
 * biased:  t = B ^ 2^31; w = A + t; S = min(w, w - M); w = A - t; D = min(w, w + M)   (7 instructions)
 * plain:   w = A + B;    S = umin(w, w - M);  w = A - B;  D = umin(w, w + M)          (6 instructions)
 * </pre>
 *
 * <p>The template's other directives, each on a line of its own: {@code //#if FORM}, {@code //#else},
 * {@code //#end} (not nested) keep lines for one form; a line ending in {@code //#FORM} is kept, without
 * the marker, for that form only; a line starting {@code //#-} is the template's own comment, left
 * out. Tokens: {@code $MIN$} (the minimum operator),
 * {@code $Kernels$} (the class's name). Anything else that looks like a directive or a token stops
 * the build with its line number.
 */
public final class Radix8KernelsGenerator {

    /** A form: the class it writes, whether its entries are biased, and the template's tokens. */
    private record Form(String name, String className, boolean biased, Map<String, String> tokens) {
    }

    private static final List<Form> FORMS = List.of(
            new Form("biased", "Radix8HadamardKernels", true,
                    Map.of("$MIN$", "VectorOperators.MIN", "$Kernels$", "Radix8HadamardKernels")),
            new Form("plain", "UnsignedMinHadamardKernels", false,
                    Map.of("$MIN$", "UMIN", "$Kernels$", "UnsignedMinHadamardKernels")));

    private static final Pattern BUTTERFLY = Pattern.compile("^(\\s*)//# butterfly (\\w+) (\\w+) (\\w+) (\\w+)$");
    private static final Pattern IF = Pattern.compile("^\\s*//#if (\\w+)$");
    private static final Pattern ONLY = Pattern.compile("^(.*?)\\s*//#(\\w+)$");
    private static final Pattern TOKEN = Pattern.compile("\\$\\w+\\$");

    private Radix8KernelsGenerator() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java Radix8KernelsGenerator.java TEMPLATE OUTDIR");
            System.exit(2);
        }
        Path template = Path.of(args[0]);
        List<String> lines = Files.readAllLines(template, StandardCharsets.UTF_8);
        String pkg = lines.stream().filter(l -> l.startsWith("package ")).findFirst()
                .map(l -> l.substring(8, l.length() - 1)).orElseThrow(() -> new IllegalArgumentException(
                        template + ": no package line"));
        Path dir = Path.of(args[1]).resolve(pkg.replace('.', '/'));
        Files.createDirectories(dir);
        for (Form form : FORMS) {
            String text = expand(template.getFileName().toString(), lines, form);
            Path out = dir.resolve(form.className() + ".java");
            // Unchanged output keeps its time stamp, so the compiler does not see a change.
            if (!Files.exists(out) || !Files.readString(out, StandardCharsets.UTF_8).equals(text)) {
                Files.writeString(out, text, StandardCharsets.UTF_8);
            }
        }
    }

    static String expand(String name, List<String> lines, Form form) {
        List<String> out = new ArrayList<>();
        out.add("// Generated from " + name + " by core/src/build/Radix8KernelsGenerator.java (form '" + form.name()
                + "'): do not edit; edit the template.");
        Boolean keep = null; // null: outside an #if block; else whether this form keeps the block's current branch
        int number = 0;
        for (String line : lines) {
            number++;
            String where = name + ":" + number + ": ";
            Matcher m;
            if (line.startsWith("//#-")) { // a comment of the template's own
                continue;
            }
            if ((m = IF.matcher(line)).matches()) {
                check(keep == null, where + "#if inside an #if block");
                keep = form(m.group(1), where).equals(form.name());
                continue;
            }
            if (line.strip().equals("//#else")) {
                check(keep != null, where + "#else outside an #if block");
                keep = !keep;
                continue;
            }
            if (line.strip().equals("//#end")) {
                check(keep != null, where + "#end outside an #if block");
                keep = null;
                continue;
            }
            if (keep != null && !keep) {
                continue;
            }
            if ((m = BUTTERFLY.matcher(line)).matches()) {
                butterfly(out, form, m.group(1), m.group(2), m.group(3), m.group(4), m.group(5));
                continue;
            }
            if ((m = ONLY.matcher(line)).matches() && !line.strip().startsWith("//")) {
                if (!form(m.group(2), where).equals(form.name())) {
                    continue;
                }
                line = m.group(1);
            }
            check(!line.contains("//#"), where + "unknown directive: " + line.strip());
            for (Map.Entry<String, String> t : form.tokens().entrySet()) {
                line = line.replace(t.getKey(), t.getValue());
            }
            m = TOKEN.matcher(line);
            check(!m.find(), where + "unknown token " + (m.find(0) ? m.group() : ""));
            out.add(line);
        }
        check(keep == null, name + ": an #if block is not closed");
        return String.join("\n", out) + "\n";
    }

    /** One butterfly, spelled out in the form's reduction (see the class comment). */
    private static void butterfly(List<String> out, Form form, String indent, String s, String d, String a, String b) {
        String min = form.tokens().get("$MIN$");
        String v = b;
        if (form.biased()) { // unbias the second input once, for both outputs
            out.add(indent + "t = " + b + ".lanewise(VectorOperators.XOR, sign);");
            v = "t";
        }
        out.add(indent + "w = " + a + ".add(" + v + ");");
        out.add(indent + "IntVector " + s + " = w.lanewise(" + min + ", w.sub(mv));");
        out.add(indent + "w = " + a + ".sub(" + v + ");");
        out.add(indent + "IntVector " + d + " = w.lanewise(" + min + ", w.add(mv));");
    }

    private static String form(String name, String where) {
        check(FORMS.stream().anyMatch(f -> f.name().equals(name)), where + "unknown form '" + name + "' (biased, plain)");
        return name;
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
