/**
 * What every stage may use while it runs, below the stages and the pipeline that assembles them:
 * the {@link dev.nimbench.exec.ExecutionContext} (modulus, multiplier, ForkJoin pool, kept scratch
 * arrays), the parallel-for helpers and the per-stage timings. Nothing here imports a stage or
 * the pipeline, so the package graph runs one way: exec &lt;- stages &lt;- pipeline &lt;- cli.
 */
package dev.nimbench.exec;
