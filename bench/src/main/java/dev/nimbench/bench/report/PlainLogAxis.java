package dev.nimbench.bench.report;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.Tick;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;

/**
 * A {@link LogAxis} whose tick labels are plain strings. JFreeChart's {@code LogAxis} labels ticks
 * with {@code AttributedString}s (for superscripts), which are drawn through {@code TextLayout} and
 * reach the SVG as glyph outlines; plain {@link NumberTick} labels go through
 * {@code Graphics2D.drawString} and become real SVG {@code <text>}.
 */
final class PlainLogAxis extends LogAxis {

    private static final long serialVersionUID = 1L;

    private final transient DoubleFunction<String> format;

    PlainLogAxis(String label, double base, DoubleFunction<String> format) {
        super(label);
        setBase(base);
        this.format = format;
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        List<Tick> out = new ArrayList<>();
        for (Object o : super.refreshTicks(g2, state, dataArea, edge)) {
            ValueTick t = (ValueTick) o;
            boolean major = t.getTickType() == org.jfree.chart.axis.TickType.MAJOR;
            out.add(new NumberTick(t.getTickType(), t.getValue(), major ? format.apply(t.getValue()) : "",
                    t.getTextAnchor(), t.getRotationAnchor(), t.getAngle()));
        }
        return out;
    }
}
