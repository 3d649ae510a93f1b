package dev.nimbench.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.Font;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.batik.svggen.SVGGeneratorContext;
import org.apache.batik.svggen.SVGGraphics2D;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.w3c.dom.Document;

/**
 * Per-panel SVG charts, drawn by JFreeChart onto Apache Batik's {@link SVGGraphics2D} with text
 * kept as text: real {@code <text>} elements (searchable, small), no timestamps or random ids, so
 * the same input gives the same bytes. Rendering runs headless.
 */
public final class SvgCharts {

    static {
        System.setProperty("java.awt.headless", "true");
        // JFreeChart draws rotated text (the y-axis label) through TextLayout unless told not to;
        // TextLayout reaches Batik as glyph outlines, drawString as <text>.
        TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private static final int WIDTH = 760;
    private static final int HEIGHT = 460;
    private static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    private static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    /** Tableau 10, darkened yellow: distinguishable, also in grey scale print. */
    private static final Color[] PALETTE = {
        new Color(0x4E79A7), new Color(0xF28E2B), new Color(0xE15759), new Color(0x76B7B2),
        new Color(0x59A14F), new Color(0xB6992D), new Color(0xB07AA1), new Color(0xFF9DA7),
        new Color(0x9C755F), new Color(0x499894), new Color(0x86BCB6), new Color(0xD37295),
    };
    private static final Color REFERENCE = new Color(0x888888);

    private SvgCharts() {
    }

    /** Log-log time per operation against size, a line per series, error bars = JMH's CI. */
    public static String timeChart(Panel panel, String subtitle) {
        return toSvg(timeModel(panel, subtitle));
    }

    /**
     * Speed-up against the panel's baseline (baseline time / variant time, above 1 = faster), at
     * each size both were measured; error bars from the two confidence intervals' extreme ends.
     */
    public static String speedupChart(Panel panel, String subtitle) {
        return toSvg(speedupModel(panel, subtitle));
    }

    /**
     * For a panel measured at a single size: horizontal bars of time per operation, one per line,
     * with JMH's confidence interval as error bars.
     */
    public static String barChart(Panel panel, long size, String subtitle) {
        return toSvg(barModel(panel, size, subtitle), WIDTH, barHeight(panel, size));
    }

    /** Longest line of a bar label, in characters: at 12 px sans-serif about 290 px. */
    static final int BAR_LABEL_LINE = 42;
    /** Pixels per line of a wrapped bar label, and the bars' share of the chart besides them. */
    private static final int BAR_LINE_PX = 15;
    private static final int BAR_CHROME_PX = 120;

    /**
     * A bar label in lines of at most {@link #BAR_LABEL_LINE} characters where it can break:
     * after a comma between overrides, and before a bracket ({@code [threads=2]}). A part longer
     * than a line (none of today's ids is) stays whole: the axis has room for it, it is never cut.
     */
    static String wrapBarLabel(String label) {
        List<String> parts = new java.util.ArrayList<>();
        int bracket = label.indexOf(" [");
        String head = bracket >= 0 ? label.substring(0, bracket) : label;
        String[] pieces = head.split(",", -1);
        for (int i = 0; i < pieces.length; i++) {
            parts.add(pieces[i] + (i < pieces.length - 1 ? "," : ""));
        }
        if (bracket >= 0) {
            parts.add(" " + label.substring(bracket + 1));
        }
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (String part : parts) {
            if (line.length() > 0 && line.length() + part.length() > BAR_LABEL_LINE) {
                out.append(line).append('\n');
                line.setLength(0);
                part = part.strip();
            }
            line.append(part);
        }
        return out.append(line).toString();
    }

    /** Enough height that every bar has room for its wrapped label; at least {@link #HEIGHT}. */
    static int barHeight(Panel panel, long size) {
        int px = BAR_CHROME_PX;
        for (Series s : panel.series()) {
            if (s.at(size) != null) {
                int lines = (int) wrapBarLabel(s.label()).chars().filter(c -> c == '\n').count() + 1;
                px += Math.max(2, lines + 1) * BAR_LINE_PX;
            }
        }
        return Math.max(HEIGHT, px);
    }

    static JFreeChart barModel(Panel panel, long size, String subtitle) {
        TimeScale unit = panel.displayUnit();
        DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
        for (Series s : panel.series()) {
            Measurement m = s.at(size);
            if (m != null) {
                double err = Double.isNaN(m.error()) ? 0 : m.error() / unit.seconds();
                // the renderer draws value +- "standard deviation": given the CI half-width instead
                data.add(m.score() / unit.seconds(), err, "time", wrapBarLabel(s.label()));
            }
        }
        CategoryAxis cats = new CategoryAxis(null);
        cats.setTickLabelFont(LABEL_FONT);
        // Labels are the information here: wrapped by wrapBarLabel, never cut. JFreeChart wraps
        // and truncates ("...") at a share of the data area's width (30% by default); 90% and
        // enough lines leave every pre-wrapped line whole.
        cats.setMaximumCategoryLabelLines(8);
        cats.setCategoryLabelPositions(org.jfree.chart.axis.CategoryLabelPositions.replaceLeftPosition(
                org.jfree.chart.axis.CategoryLabelPositions.STANDARD,
                new org.jfree.chart.axis.CategoryLabelPosition(org.jfree.chart.ui.RectangleAnchor.RIGHT,
                        org.jfree.chart.text.TextBlockAnchor.CENTER_RIGHT,
                        org.jfree.chart.axis.CategoryLabelWidthType.RANGE, 0.9f)));
        NumberAxis values = new NumberAxis("time per operation (" + unit.symbol() + "), at "
                + sizeName(panel.stage()) + " = " + Format.sizeLabel(size));
        values.setLabelFont(LABEL_FONT);
        values.setTickLabelFont(TICK_FONT);
        values.setNumberFormatOverride(new java.text.DecimalFormat("#,##0.###",
                java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT)));
        StatisticalBarRenderer r = new StatisticalBarRenderer();
        r.setSeriesPaint(0, PALETTE[0]);
        r.setErrorIndicatorPaint(Color.BLACK);
        r.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
        r.setShadowVisible(false);
        r.setDrawBarOutline(false);
        CategoryPlot plot = new CategoryPlot(data, cats, values, r);
        plot.setOrientation(org.jfree.chart.plot.PlotOrientation.HORIZONTAL);
        plot.setRangeAxisLocation(org.jfree.chart.axis.AxisLocation.BOTTOM_OR_LEFT);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xDDDDDD));
        plot.setOutlinePaint(new Color(0x999999));
        JFreeChart chart = new JFreeChart(panel.title() + ": time per operation", TITLE_FONT, plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        if (subtitle != null && !subtitle.isEmpty()) {
            org.jfree.chart.title.TextTitle t = new org.jfree.chart.title.TextTitle(subtitle, TICK_FONT);
            t.setPaint(new Color(0x555555));
            chart.addSubtitle(t);
        }
        return chart;
    }

    /** Most benchmarks drawn in a comparison chart (the table lists them all). */
    static final int COMPARE_ROWS = 60;

    /**
     * Ratio candidate/baseline per benchmark (log scale, 1 = unchanged) with its 95% interval:
     * significant regressions red, significant improvements green, the rest grey.
     */
    public static String compareChart(List<Comparison.Row> rows, double thresholdPct) {
        return toSvg(compareModel(rows, thresholdPct), 900, compareHeight(rows.size()));
    }

    static JFreeChart compareModel(List<Comparison.Row> all, double thresholdPct) {
        List<Comparison.Row> rows = all.size() > COMPARE_ROWS ? all.subList(0, COMPARE_ROWS) : all;
        XYIntervalSeries slower = new XYIntervalSeries("significantly slower", false, true);
        XYIntervalSeries faster = new XYIntervalSeries("significantly faster", false, true);
        XYIntervalSeries same = new XYIntervalSeries("no significant difference", false, true);
        String[] names = new String[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            Comparison.Row r = rows.get(i);
            int y = rows.size() - 1 - i; // first row at the top
            names[y] = r.baseline().shortName();
            double lo = Double.isNaN(r.low()) ? r.ratio() : r.low();
            double hi = Double.isNaN(r.high()) ? r.ratio() : r.high();
            XYIntervalSeries target = !r.significant() ? same : r.ratio() > 1 ? slower : faster;
            target.add(r.ratio(), lo, hi, y, y, y);
        }
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        data.addSeries(slower);
        data.addSeries(faster);
        data.addSeries(same);
        double min = 1;
        double max = 1;
        for (Comparison.Row r : rows) {
            min = Math.min(min, Double.isNaN(r.low()) ? r.ratio() : r.low());
            max = Math.max(max, Double.isNaN(r.high()) ? r.ratio() : r.high());
        }
        PlainLogAxis x = new PlainLogAxis("candidate / baseline time per operation (log scale, < 1 = faster)", 2,
                v -> Format.tick(v) + "\u00d7");
        x.setAutoRange(false);
        x.setRange(min / 1.15, max * 1.15);
        x.setLabelFont(LABEL_FONT);
        x.setTickLabelFont(TICK_FONT);
        SymbolAxis y = new SymbolAxis(null, names);
        y.setTickLabelFont(TICK_FONT);
        y.setGridBandsVisible(false);
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDrawYError(false);
        r.setDefaultLinesVisible(false);
        r.setDefaultShapesVisible(true);
        r.setCapLength(4);
        r.setSeriesPaint(0, new Color(0xD62728));
        r.setSeriesPaint(1, new Color(0x2CA02C));
        r.setSeriesPaint(2, new Color(0x888888));
        XYPlot plot = new XYPlot(data, x, y, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xDDDDDD));
        plot.setRangeGridlinePaint(new Color(0xEEEEEE));
        plot.setOutlinePaint(new Color(0x999999));
        plot.addDomainMarker(new ValueMarker(1, Color.BLACK, new BasicStroke(1f)));
        if (thresholdPct > 0) {
            plot.addDomainMarker(new ValueMarker(1 + thresholdPct / 100, new Color(0xD62728),
                    new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 3f}, 0f)));
        }
        String title = "candidate / baseline" + (all.size() > rows.size()
                ? " (first " + rows.size() + " of " + all.size() + " benchmarks)" : "");
        JFreeChart chart = new JFreeChart(title, TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setItemFont(LABEL_FONT);
        chart.getLegend().setFrame(org.jfree.chart.block.BlockBorder.NONE);
        return chart;
    }

    /** Height of a comparison chart with {@code rows} benchmarks. */
    static int compareHeight(int rows) {
        return 130 + 18 * Math.min(rows, COMPARE_ROWS);
    }

    static JFreeChart timeModel(Panel panel, String subtitle) {
        TimeScale unit = panel.displayUnit();
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        for (Series s : panel.series()) {
            YIntervalSeries ys = new YIntervalSeries(s.label(), false, true);
            for (Measurement m : s.points()) {
                if (m.size() <= 0) {
                    continue;
                }
                double y = m.score() / unit.seconds();
                double lo = Double.isNaN(m.ciLow()) || m.ciLow() <= 0 ? y : m.ciLow() / unit.seconds();
                double hi = Double.isNaN(m.ciHigh()) ? y : m.ciHigh() / unit.seconds();
                ys.add(m.size(), y, lo, hi);
            }
            data.addSeries(ys);
        }
        PlainLogAxis y = new PlainLogAxis("time per operation (" + unit.symbol() + ", log scale)", 10,
                v -> Format.tick(v));
        return chart(panel, data, y, panel.title() + ": time vs size", subtitle);
    }

    static JFreeChart speedupModel(Panel panel, String subtitle) {
        Series base = panel.baseline();
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        for (Series s : panel.series()) {
            if (!s.candidate()) {
                continue; // a copy-only reference is no variant: its "speed-up" would only distort the scale
            }
            YIntervalSeries ys = new YIntervalSeries(s.label(), false, true);
            for (Measurement m : s.points()) {
                Measurement b = base == null ? null : base.at(m.size());
                if (m.size() <= 0 || b == null) {
                    continue;
                }
                double r = b.score() / m.score();
                double lo = r;
                double hi = r;
                if (s != base && b.ciLow() > 0 && m.ciLow() > 0 && !Double.isNaN(b.ciHigh()) && !Double.isNaN(m.ciHigh())) {
                    lo = b.ciLow() / m.ciHigh();
                    hi = b.ciHigh() / m.ciLow();
                }
                ys.add(m.size(), r, lo, hi);
            }
            data.addSeries(ys);
        }
        PlainLogAxis y = new PlainLogAxis("speed-up vs " + (base == null ? "baseline" : base.label())
                + " (\u00d7, log scale)", 2, Format::factor);
        return chart(panel, data, y, panel.title() + ": speed-up vs baseline", subtitle);
    }

    private static JFreeChart chart(Panel panel, YIntervalSeriesCollection data, PlainLogAxis yAxis, String title,
            String subtitle) {
        boolean powersOfTwo = panel.sizes().stream().filter(n -> n > 0).allMatch(n -> Long.bitCount(n) == 1);
        int base = powersOfTwo ? 2 : 10;
        PlainLogAxis x = new PlainLogAxis(sizeName(panel.stage()) + " (log scale)", base, v -> Format.power(v, base));
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits()); // whole powers only
        // Explicit ranges: JFreeChart's log axes reject an empty range (one size, or equal values).
        double[] xs = bounds(data, true);
        x.setAutoRange(false);
        x.setRange(xs[0] / 1.3, xs[1] * 1.3);
        double[] ys = bounds(data, false);
        if (decades(data) >= 1.5) {
            yAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        }
        if (ys[1] / ys[0] < 1.5) {
            yAxis.setAutoRange(false);
            yAxis.setRange(ys[0] / 1.5, ys[1] * 1.5);
        }
        for (ValueAxis a : List.of(x, yAxis)) {
            a.setLabelFont(LABEL_FONT);
            a.setTickLabelFont(TICK_FONT);
        }
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDrawXError(false);
        r.setDefaultLinesVisible(true);
        r.setDefaultShapesVisible(true);
        r.setCapLength(5);
        r.setErrorStroke(new BasicStroke(1f));
        for (int i = 0; i < data.getSeriesCount(); i++) {
            int index = i;
            Series s = panel.series().stream().filter(q -> q.label().equals(data.getSeriesKey(index))).findFirst()
                    .orElseThrow();
            // Colour by position in the panel, so a variant has the same colour in both charts.
            Paint p = s.candidate() ? PALETTE[panel.series().indexOf(s) % PALETTE.length] : REFERENCE;
            r.setSeriesPaint(i, p);
            r.setSeriesStroke(i, s.candidate()
                    ? new BasicStroke(s == panel.baseline() ? 2.5f : 1.6f)
                    : new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {5f, 4f}, 0f));
        }
        XYPlot plot = new XYPlot(data, x, yAxis, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xDDDDDD));
        plot.setRangeGridlinePaint(new Color(0xDDDDDD));
        plot.setOutlinePaint(new Color(0x999999));
        JFreeChart chart = new JFreeChart(title, TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        if (subtitle != null && !subtitle.isEmpty()) {
            org.jfree.chart.title.TextTitle t = new org.jfree.chart.title.TextTitle(subtitle, TICK_FONT);
            t.setPaint(new Color(0x555555));
            chart.addSubtitle(t);
        }
        LegendTitle legend = chart.getLegend();
        legend.setItemFont(LABEL_FONT);
        legend.setPosition(RectangleEdge.RIGHT);
        legend.setFrame(org.jfree.chart.block.BlockBorder.NONE);
        return chart;
    }

    /** Orders of magnitude (base 10) spanned by the data's y intervals. */
    private static double decades(YIntervalSeriesCollection data) {
        double[] b = bounds(data, false);
        return Math.log10(b[1] / b[0]);
    }

    /** {min, max} of the x values or of the y intervals; {1, 1} without data. */
    private static double[] bounds(YIntervalSeriesCollection data, boolean xAxis) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (int s = 0; s < data.getSeriesCount(); s++) {
            for (int i = 0; i < data.getItemCount(s); i++) {
                lo = Math.min(lo, xAxis ? data.getXValue(s, i) : data.getStartYValue(s, i));
                hi = Math.max(hi, xAxis ? data.getXValue(s, i) : data.getEndYValue(s, i));
            }
        }
        return hi > 0 && lo > 0 ? new double[] {lo, hi} : new double[] {1, 1};
    }

    private static String sizeName(String stage) {
        switch (stage) {
            case Stages.TRANSFORM:
            case Stages.POWER:
                return "points P";
            case Stages.MULTIPLIER:
                return "batch length";
            default:
                return "n";
        }
    }

    static String toSvg(JFreeChart chart) {
        return toSvg(chart, WIDTH, HEIGHT);
    }

    static String toSvg(JFreeChart chart, int width, int height) {
        Document doc;
        try {
            doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("no XML DOM implementation", e);
        }
        SVGGeneratorContext ctx = SVGGeneratorContext.createDefault(doc);
        ctx.setComment(null); // no generator comment
        ctx.setPrecision(2); // 0.01 px is finer than any screen: smaller files
        ctx.setEmbeddedFontsOn(false);
        SVGGraphics2D g = new SVGGraphics2D(ctx, false); // false: text as <text>, not outlines
        g.setSVGCanvasSize(new Dimension(width, height));
        chart.draw(g, new Rectangle2D.Double(0, 0, width, height));
        StringWriter w = new StringWriter();
        try {
            g.stream(g.getRoot(), w, true, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String svg = w.toString();
        // Drop the XML declaration and DOCTYPE (external DTD): the file is valid without them and
        // the same text can be inlined into HTML.
        int start = svg.indexOf("<svg");
        svg = svg.substring(start);
        svg = svg.replaceFirst("<svg ", "<svg viewBox=\"0 0 " + width + " " + height + "\" ");
        return svg.endsWith("\n") ? svg : svg + "\n";
    }
}
