package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * A report page as a list of blocks, written out twice: as Markdown ({@link #toMarkdown()}, charts
 * as image links) and, with the other pages of its report, as one self-contained HTML page
 * ({@link #toHtml(String, Map)}, charts inlined). Inline text
 * may use {@code `code`} spans and {@code **bold**}; nothing else is interpreted.
 */
public final class ReportDoc {

    private sealed interface Block permits Heading, Para, Bullets, Table, Chart {
    }

    private record Heading(int level, String text) implements Block {
    }

    private record Para(String text) implements Block {
    }

    private record Bullets(List<String> items) implements Block {
    }

    private record Table(List<String> header, List<List<String>> rows, boolean[] rightAligned) implements Block {
    }

    private record Chart(String path, String alt, String svg) implements Block {
    }

    private final String title;
    private final List<Block> blocks = new ArrayList<>();

    public ReportDoc(String title) {
        this.title = title;
    }

    public ReportDoc heading(int level, String text) {
        blocks.add(new Heading(level, text));
        return this;
    }

    public ReportDoc para(String text) {
        blocks.add(new Para(text));
        return this;
    }

    public ReportDoc bullets(List<String> items) {
        if (!items.isEmpty()) {
            blocks.add(new Bullets(List.copyOf(items)));
        }
        return this;
    }

    /** A table; {@code rightAligned[i]} right-aligns column i (numbers). */
    public ReportDoc table(List<String> header, List<List<String>> rows, boolean... rightAligned) {
        boolean[] r = new boolean[header.size()];
        for (int i = 0; i < r.length && i < rightAligned.length; i++) {
            r[i] = rightAligned[i];
        }
        blocks.add(new Table(List.copyOf(header), rows.stream().map(List::copyOf).toList(), r));
        return this;
    }

    /** A chart: linked as {@code path} in Markdown, {@code svg} inlined in HTML. */
    public ReportDoc chart(String path, String alt, String svg) {
        blocks.add(new Chart(path, alt, svg));
        return this;
    }

    public String toMarkdown() {
        StringBuilder sb = new StringBuilder("# ").append(title).append("\n\n");
        for (Block b : blocks) {
            if (b instanceof Heading h) {
                sb.append("#".repeat(h.level())).append(' ').append(h.text()).append("\n\n");
            } else if (b instanceof Para p) {
                sb.append(p.text()).append("\n\n");
            } else if (b instanceof Bullets l) {
                l.items().forEach(i -> sb.append("* ").append(i).append('\n'));
                sb.append('\n');
            } else if (b instanceof Table t) {
                sb.append(mdRow(t.header()));
                StringBuilder sep = new StringBuilder("|");
                for (boolean r : t.rightAligned()) {
                    sep.append(r ? "---:|" : "---|");
                }
                sb.append(sep).append('\n');
                t.rows().forEach(r -> sb.append(mdRow(r)));
                sb.append('\n');
            } else if (b instanceof Chart c) {
                sb.append("![").append(c.alt()).append("](").append(c.path()).append(")\n\n");
            }
        }
        return sb.toString();
    }

    private static String mdRow(List<String> cells) {
        StringBuilder sb = new StringBuilder("|");
        for (String c : cells) {
            sb.append(' ').append(c.replace("|", "\\|")).append(" |");
        }
        return sb.append('\n').toString();
    }

    public String title() {
        return title;
    }

    /**
     * Several documents (file name -> document, in order) as ONE self-contained HTML page: each
     * document is a section headed by its title, and a link to another of these file names becomes
     * a link to its section, so the page needs none of the Markdown files beside it.
     */
    public static String toHtml(String title, Map<String, ReportDoc> pages) {
        Map<String, String> anchors = new LinkedHashMap<>();
        pages.keySet().forEach(name -> anchors.put(name, "#" + name.replaceAll("\\.md$", "")));
        StringBuilder sb = head(title);
        for (Map.Entry<String, ReportDoc> e : pages.entrySet()) {
            ReportDoc d = e.getValue();
            sb.append("<section id=\"").append(esc(anchors.get(e.getKey()).substring(1))).append("\">\n<h1>")
                    .append(inline(d.title, anchors)).append("</h1>\n");
            d.appendBlocks(sb, anchors);
            sb.append("</section>\n");
        }
        return sb.append("</body>\n</html>\n").toString();
    }

    private static StringBuilder head(String title) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(esc(title)).append("</title>\n<style>\n")
                .append("body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:1100px;margin:2em auto;")
                .append("padding:0 1em;color:#222;line-height:1.45}\n")
                .append("table{border-collapse:collapse;margin:0.8em 0;font-size:0.92em}\n")
                .append("th,td{border:1px solid #ccc;padding:0.25em 0.6em;vertical-align:top}\n")
                .append("th{background:#f3f3f3}td.r{text-align:right;font-variant-numeric:tabular-nums}\n")
                .append("code{background:#f3f3f3;padding:0 0.2em;border-radius:3px}\n")
                .append("figure{margin:1em 0}figure svg{max-width:100%;height:auto}\n")
                .append("</style>\n</head>\n<body>\n");
        return sb;
    }

    private void appendBlocks(StringBuilder sb, Map<String, String> anchors) {
        for (Block b : blocks) {
            if (b instanceof Heading h) {
                sb.append("<h").append(h.level()).append('>').append(inline(h.text(), anchors))
                        .append("</h").append(h.level()).append(">\n");
            } else if (b instanceof Para p) {
                sb.append("<p>").append(inline(p.text(), anchors)).append("</p>\n");
            } else if (b instanceof Bullets l) {
                sb.append("<ul>\n");
                l.items().forEach(i -> sb.append("<li>").append(inline(i, anchors)).append("</li>\n"));
                sb.append("</ul>\n");
            } else if (b instanceof Table t) {
                sb.append("<table>\n<thead><tr>");
                t.header().forEach(h -> sb.append("<th>").append(inline(h, anchors)).append("</th>"));
                sb.append("</tr></thead>\n<tbody>\n");
                for (List<String> r : t.rows()) {
                    sb.append("<tr>");
                    for (int i = 0; i < r.size(); i++) {
                        boolean right = i < t.rightAligned().length && t.rightAligned()[i];
                        sb.append(right ? "<td class=\"r\">" : "<td>").append(inline(r.get(i), anchors)).append("</td>");
                    }
                    sb.append("</tr>\n");
                }
                sb.append("</tbody>\n</table>\n");
            } else if (b instanceof Chart c) {
                sb.append("<figure>\n").append(c.svg()).append("</figure>\n");
            }
        }
    }

    /** A Markdown link {@code [text](relative/path)}: no spaces or parentheses in the path. */
    private static final java.util.regex.Pattern LINK = java.util.regex.Pattern.compile("\\[([^\\]]+)\\]\\(([^()\\s]+)\\)");

    /**
     * Escapes HTML and turns {@code `x`} into {@code <code>x</code>}, {@code **x**} into bold and
     * {@code [text](path)} into a link ({@code anchors}: targets that are sections of this page).
     */
    private static String inline(String s, Map<String, String> anchors) {
        String[] parts = s.split("`", -1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            boolean code = i % 2 == 1 && i < parts.length - 1;
            if (code) {
                sb.append("<code>").append(esc(parts[i])).append("</code>");
                continue;
            }
            Matcher m = LINK.matcher(esc(parts[i]).replaceAll("\\*\\*([^*]+)\\*\\*", "<strong>$1</strong>"));
            StringBuilder linked = new StringBuilder();
            while (m.find()) {
                String href = anchors.getOrDefault(m.group(2), m.group(2));
                m.appendReplacement(linked, Matcher.quoteReplacement(
                        "<a href=\"" + href + "\">" + m.group(1) + "</a>"));
            }
            m.appendTail(linked);
            sb.append(linked);
        }
        return sb.toString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
