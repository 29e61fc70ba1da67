// The chaos run's beacon flood (scripts/chaos.mjs), sent from a process of its own as an
// attacker's would be: the visitor the run watches meanwhile is not held up by the flood's sender.
//
//   node scripts/beacon-flood.mjs <site> <combinations> <addresses>
//
// Sends `combinations` beacons, each a label combination never seen before, with poor vitals and
// an error, from loopback addresses 127.0.3.1 onwards (each a client network of its own), every
// address one beacon at a time. Prints how they were answered ({"204": n, "429": n, ...}).
import { postFrom } from './post-from.mjs';

const [site, combinations, addresses] = process.argv.slice(2);
const count = Number(combinations);
const from = Array.from({ length: Number(addresses) }, (_, index) => `127.0.3.${index + 1}`);
const pages = ['share_list', 'extract_code', 'status', 'invite', 'home', 'other'];
const platforms = ['android', 'ios', 'mobile', 'other'];
const connections = ['slow-2g', '2g', '3g', '4g', 'unknown'];
const statuses = {};
await Promise.all(
  from.map(async (address, first) => {
    for (let index = first; index < count; index += from.length) {
      const answer = await postFrom(site, address, '/field/beacon', {
        page: pages[index % pages.length],
        platform: platforms[index % platforms.length],
        connection: connections[index % connections.length],
        shell: `flood-shell-${index}`,
        remotes: [{ name: 'share', release: `flood-${index}`, track: 'stable' }],
        vitals: { lcp: 9000, inp: 900, cls: 0.5, fcp: 6000, ttfb: 3000 },
        errors: [{ source: 'share', kind: 'uncaught', message: 'flood' }],
      });
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }
  }),
);
process.stdout.write(JSON.stringify(statuses));
