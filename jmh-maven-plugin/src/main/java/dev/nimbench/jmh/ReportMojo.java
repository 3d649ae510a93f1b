package dev.nimbench.jmh;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/** {@code mvn -pl bench jmh:report}: renders {@code reports/} from the files in {@code results/}; runs no benchmark. */
@Mojo(name = "report", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
@Execute(phase = LifecyclePhase.PROCESS_CLASSES)
public final class ReportMojo extends AbstractJmhMojo {

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (notTheBenchModule()) {
            return;
        }
        renderReports(launcher());
    }
}
