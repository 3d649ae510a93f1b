/**
 * The JMH harness behind {@code mvn -pl bench jmh:run}. The benchmarks: {@code TransformBench},
 * {@code PowerSumBench}, {@code MultiplierBench}, {@code DistributionBench}, {@code PipelineBench},
 * {@code LimitsBench} (the ceilings) and {@code ColdPipelineBench} (one cold call per fork), with
 * {@code BenchSupport}, the references they check against ({@code HarnessReference},
 * {@code DistributionReference}) and the warm-up to steady state ({@code Settle}, {@code SettleProfiler}).
 * The run: {@code BenchMain} with its options ({@code BenchOptions}), the plan ({@code BenchPlan},
 * {@code PipelinePlan}, {@code LimitsPlan}, {@code ColdStartPlan}, {@code Profile}, {@code RunGroup}),
 * the order and the cuts ({@code ForkOrder}, {@code ForkRace}, {@code Budget}, {@code RunProgress}),
 * and the files ({@code PartialResults}, {@code RunMetadata}, {@code ResultFiles}). The report is
 * in {@code report}, the A/B of two revisions in {@code ab}. docs/benchmarks.md describes it all.
 */
package dev.nimbench.bench;
