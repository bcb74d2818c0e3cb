// What the simulator assumes, said plainly next to its results (docs/simulator.md in short).
export function Assumptions() {
  return (
    <div className="sim-assumptions" data-testid="sim-assumptions">
      <p>
        <strong>A simulation, not a promise.</strong> Cloud Bigtable does not publish how it splits and moves tablets. This is a simple model that makes the
        well-known shapes (a timestamp first, a salted key, a hot key) come out as Bigtable's guidance describes them. Use it to compare designs under the same
        workload and to see <em>why</em> one hotspots, not to size a production cluster.
      </p>
      <details>
        <summary>How the model works</summary>
        <ul>
          <li>
            Each node takes at most 14,000 writes/s on SSD (10,000 on HDD) for 1 KB rows, scaled by the size of a write. Writes beyond that are throttled
            (refused, not retried).
          </li>
          <li>
            Writes arrive evenly at the table's write rate; keys come from the table's field generators, seeded. A fixed budget of keys is generated, each
            standing for many writes, so the heatmap is speckled and shares carry a few percent of noise.
          </li>
          <li>
            The table starts empty as one tablet. A tablet splits when it is busy (over a quarter of a node's capacity) or large, at the median key of its
            recent writes; a single row never splits. Split halves stay on their node.
          </li>
          <li>
            A balancer moves tablets from the busiest node to the idlest; a tablet carrying more than half of its node's load is never moved (that would only
            move the hotspot).
          </li>
          <li>
            The hotspot score is the busiest node's writes over the mean node's, in the second half of the run (the first half is warm-up). The max sustainable
            rate is where the busiest node would reach its capacity with the same key distribution.
          </li>
          <li>Not modelled: reads, merges of cold tablets, replication, compactions, bursts or daily cycles, data the table already holds.</li>
        </ul>
        <p className="sim-hint">
          The full model, its parameters and its limits: <code>docs/simulator.md</code> in the studio's source.
        </p>
      </details>
    </div>
  );
}
