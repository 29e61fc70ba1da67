// Why Lighthouse's simulated LCP is what it is: runs Lighthouse's default (simulated) run on a
// page and lists what its Lantern model puts on the path to the LCP, with the times it simulates
// for each (network requests and main-thread tasks, optimistic and pessimistic graphs; the LCP is
// their mean). A request in this list is one the model believes the first paint waited for.
//   node bench/lantern-lcp.mjs http://localhost:8080/s/demo-public   (a running `npm start`)
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { withLighthouse } from './lighthouse.mjs';

const url = process.argv[2];
if (!url) throw new Error('usage: node bench/lantern-lcp.mjs <page URL>');

await withLighthouse(async (_audit, { port }) => {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const { artifacts, lhr } = result;
  const settings = lhr.configSettings;
  const lcp = await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings,
      simulator: null,
      URL: artifacts.URL,
      SourceMaps: [],
    },
    { computedCache: new Map(), settings },
  );
  console.log(`simulated LCP ${Math.round(lcp.timing)} ms`);
  for (const [graph, estimate] of [
    ['optimistic', lcp.optimisticEstimate],
    ['pessimistic', lcp.pessimisticEstimate],
  ]) {
    console.log(`\n${graph}: ${Math.round(estimate.timeInMs)} ms`);
    const nodes = [...estimate.nodeTimings.entries()].sort(
      ([, a], [, b]) => a.startTime - b.startTime,
    );
    for (const [node, timing] of nodes) {
      const what =
        node.type === 'network'
          ? `${new URL(node.request.url).pathname} (${node.request.transferSize} B)`
          : `main thread, ${(node.duration / 1000).toFixed(1)} ms observed`;
      console.log(
        `  ${String(Math.round(timing.startTime)).padStart(5)}–${String(Math.round(timing.endTime)).padStart(5)} ms  ${what}`,
      );
    }
  }
});
