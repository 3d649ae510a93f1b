package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** The report says where each pipeline candidate came from, from the run's {@code search} metadata. */
class SearchOriginTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static RunMeta meta() {
        ObjectNode m = JSON.createObjectNode();
        ObjectNode s = m.putObject("search");
        s.put("wisdom", "20261201T000000Z-jdk17.json");
        s.putArray("composed/card-stacking").add("combine=wht,distribution=d,transform=t,power=p");
        String incumbent = "combine=wht,distribution=d,transform=t,power=p0";
        s.put("incumbent/card-stacking", incumbent);
        s.putArray("neighbours/card-stacking").add(incumbent).add("combine=wht,distribution=d,transform=t,power=p")
                .add("combine=wht,distribution=d,transform=t2,power=p0").add("combine=fused,distribution=d");
        return RunMeta.of(m);
    }

    @Test
    void eachDecidingCandidateNamesItsOriginAndOneChangeNamesTheChoiceItChanged() {
        RunMeta m = meta();
        assertThat(SearchOrigin.describe(m, "card-stacking", "default", true)).isEqualTo("built-in list");
        assertThat(SearchOrigin.describe(m, "card-stacking", "combine=wht,distribution=d,transform=t,power=p0", true))
                .contains("the incumbent", "20261201T000000Z-jdk17.json");
        assertThat(SearchOrigin.describe(m, "card-stacking", "combine=wht,distribution=d,transform=t2,power=p0", true))
                .isEqualTo("search: the incumbent with transform `t2` (not `t`)");
        assertThat(SearchOrigin.describe(m, "card-stacking", "combine=fused,distribution=d", true))
                .isEqualTo("search: the incumbent with combine `fused` (not `wht`)");
        assertThat(SearchOrigin.describe(m, "card-stacking", "combine=wht,distribution=d,transform=t,power=p", true))
                .as("composed and one change away: both said")
                .contains("stage leaders", "composed", "the incumbent with power `p` (not `p0`)");
        assertThat(SearchOrigin.describe(m, "card-stacking", "default", false)).contains("one thread", "decides nothing");
        assertThat(SearchOrigin.describe(RunMeta.NONE, "card-stacking", "default", true)).contains("no earlier default run");
    }
}
