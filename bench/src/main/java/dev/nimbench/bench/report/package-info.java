/**
 * Renders reports from saved JMH results; runs no benchmark.
 *
 * <h2>{@code ReportMain --results DIR --reports DIR}</h2>
 * <ul>
 *   <li><b>Which results.</b> Every {@code *.json} in the results folder except {@code *.meta.json}
 *       is read and validated (a bad file stops the render). Rendered: the NEWEST file per JDK
 *       version (file names are {@code <UTC timestamp>-jdk<N>[-k].json}, so name order is time
 *       order; see {@link dev.nimbench.bench.report.ResultReader#byTime}); older files are listed.
 *       Several JDKs: a section per JDK and a JDK-against-JDK comparison (each JDK's file against
 *       the lowest JDK's, at each line's largest size). The recommended configuration comes from the
 *       newest file of all.</li>
 *   <li><b>Modes.</b> {@code avgt} and {@code ss} are read as they are; {@code thrpt} is turned into
 *       time per operation (reciprocal of score, samples and both interval ends). {@code sample}
 *       mode (histogram raw data) and unknown modes are rejected. Units are read from
 *       {@code scoreUnit}, so files in ms/op, ns/op and ops/us mix.</li>
 *   <li><b>Panels.</b> One per stage (class name: {@code DistributionBench -> distribution} ...),
 *       per {@code problem} parameter, and per benchmark method when a class has several (the
 *       multiplier's two workloads). Lines: the {@code variant} parameter; extra parameters
 *       (e.g. {@code threads}) are appended to the label; methods whose name contains "copy" are a
 *       dashed reference line, never a candidate.</li>
 *   <li><b>Baseline.</b> The first constant of the stage's registry enum; pipeline: the label
 *       {@code baseline}; otherwise the first candidate in the file.</li>
 *   <li><b>Winner.</b> Forks are the unit of evidence ({@link dev.nimbench.bench.report.ForkStats}):
 *       one value per fork, the median of its iterations. Fastest median over forks; two-sided exact
 *       Mann–Whitney U on the fork values against every other candidate at α = 0.05. Not
 *       significant: a tie. Too few forks for any significance (1 vs 1, 3 vs 3): "untested". The
 *       recommendation's rule is {@link dev.nimbench.bench.report.Recommender}; docs/verdicts.md.</li>
 *   <li><b>Output</b> ({@link dev.nimbench.bench.report.OutputDir}): {@code report.md} (the
 *       index), a page per machine and JDK and per stage, {@code report.html} (all pages in one
 *       self-contained file, SVG inlined), {@code status.md}, {@code charts/*.svg},
 *       {@code recommended-config.json}. Rendered in memory, written to a temporary folder beside
 *       the reports folder, then each file renamed into place atomically; charts and pages of an
 *       earlier render that no longer exist are deleted. Bad input is detected before anything is written.</li>
 *   <li><b>Charts</b> ({@link dev.nimbench.bench.report.SvgCharts}): JFreeChart drawing onto Apache
 *       Batik's SVGGraphics2D with text as {@code <text>}; same input, same bytes (on one JDK and font
 *       set). XChart was tried first: it fills glyph outlines itself, so no SVG backend can give it
 *       real text.</li>
 * </ul>
 *
 * <h2>{@code CompareMain --baseline FILE|DIR --candidate FILE|DIR [--threshold PCT] --out DIR}</h2>
 * Ratio candidate/baseline per benchmark (same method and parameters, thread count included) on
 * fork values with a 95% interval, exact Mann–Whitney p adjusted with Benjamini–Hochberg, geometric
 * mean per stage at its target size; revision, CPU and profile differences warned, a thread-count
 * difference refused; {@code DIR/compare.md}. Exit 1 when a benchmark is
 * significantly slower by more than PCT percent (never without {@code --threshold}).
 *
 * <p>Exit status of both: 0 ok, 1 regression (compare only), 2 bad input (one line on stderr
 * naming the file and the problem), 3 internal error.
 */
package dev.nimbench.bench.report;
