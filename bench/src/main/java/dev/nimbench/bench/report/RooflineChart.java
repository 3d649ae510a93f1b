package dev.nimbench.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * One roofline-style chart per stage: attained rate (bytes/s or products/s, log scale) against
 * size (log scale), a line per variant, and the measured ceiling dashed in black. The gap between a
 * variant's line and the ceiling is its headroom.
 */
final class RooflineChart {

    private static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    private static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf)};

    private RooflineChart() {
    }

    static String svg(Roofline.Stage s, String subtitle) {
        return SvgCharts.toSvg(model(s, subtitle));
    }

    static JFreeChart model(Roofline.Stage s, String subtitle) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYSeries ceiling = new XYSeries("limit: " + s.ceilingLabel());
        s.ceiling().forEach((n, v) -> ceiling.add((double) n, v));
        data.addSeries(ceiling);
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (Map.Entry<String, Map<Long, Double>> e : s.rates().entrySet()) {
            XYSeries line = new XYSeries(e.getKey());
            e.getValue().forEach((n, v) -> line.add((double) n, v));
            data.addSeries(line);
        }
        for (int i = 0; i < data.getSeriesCount(); i++) {
            for (int j = 0; j < data.getItemCount(i); j++) {
                lo = Math.min(lo, data.getYValue(i, j));
                hi = Math.max(hi, data.getYValue(i, j));
            }
        }
        double minX = ceiling.getMinX();
        double maxX = ceiling.getMaxX();
        boolean powersOfTwo = s.ceiling().keySet().stream().allMatch(n -> Long.bitCount(n) == 1);
        int base = powersOfTwo ? 2 : 10;
        PlainLogAxis x = new PlainLogAxis("size (log scale)", base, v -> Format.power(v, base));
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        x.setAutoRange(false);
        x.setRange(minX / 1.3, maxX * 1.3);
        String unit = s.unit().equals("bytes/s") ? "B/s" : s.unit();
        PlainLogAxis y = new PlainLogAxis("attained " + unit + " (log scale)", 10, v -> Roofline.rate(v, s.unit()));
        y.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        y.setAutoRange(false);
        y.setRange(lo / 2, hi * 2);
        for (ValueAxis a : List.of(x, y)) {
            a.setLabelFont(LABEL_FONT);
            a.setTickLabelFont(TICK_FONT);
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        r.setSeriesPaint(0, Color.BLACK);
        r.setSeriesStroke(0, new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {6f, 4f}, 0f));
        for (int i = 1; i < data.getSeriesCount(); i++) {
            r.setSeriesPaint(i, PALETTE[(i - 1) % PALETTE.length]);
            r.setSeriesStroke(i, new BasicStroke(1.6f));
        }
        XYPlot plot = new XYPlot(data, x, y, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xDDDDDD));
        plot.setRangeGridlinePaint(new Color(0xDDDDDD));
        plot.setOutlinePaint(new Color(0x999999));
        JFreeChart chart = new JFreeChart(s.title() + ": attained rate against the measured limit", TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        if (subtitle != null && !subtitle.isEmpty()) {
            TextTitle t = new TextTitle(subtitle, TICK_FONT);
            t.setPaint(new Color(0x555555));
            chart.addSubtitle(t);
        }
        chart.getLegend().setItemFont(LABEL_FONT);
        chart.getLegend().setPosition(RectangleEdge.RIGHT);
        chart.getLegend().setFrame(BlockBorder.NONE);
        return chart;
    }
}
