// The edge cache decides in VCL (ops/varnish/nimbus.vcl) what the server decides in TypeScript:
// the platform class, the language, the query kept. VCL cannot call shared-contracts, so the
// tests send Varnish's own test runner (varnishtest, Debian's varnish) a table of requests and
// check what the VCL hands the origin for each against what the server decides for it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const VCL = path.resolve(import.meta.dirname, '../../../ops/varnish/nimbus.vcl');

/** A request through the edge, and what the origin must get from the edge for it. */
export interface EdgeCase {
  /** The path and query the client asks for. */
  url: string;
  /** The client's headers (an empty or missing value is not sent). */
  headers: Record<string, string | undefined>;
  /**
   * What the origin's request must hold, by varnishtest's names of its parts (`req.url`,
   * `req.http.X-Nimbus-Language`).
   */
  origin: Record<string, string>;
}

/** A string in varnishtest's quotes. */
const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * A varnishtest script: the VCL in front of a stand-in origin that expects, for each request in
 * turn, what its case says. The site's settings (the origin, who may purge) are written beside
 * it, as nimbus-site.example.vcl describes them.
 */
function edgeScript(title: string, cases: readonly EdgeCase[]): string {
  const expectations = cases
    .map(
      ({ origin }) =>
        '  rxreq\n' +
        Object.entries(origin)
          .map(([name, value]) => `  expect ${name} == ${quoted(value)}\n`)
          .join('') +
        '  txresp\n',
    )
    .join('');
  const sends = cases
    .map(
      ({ url, headers }) =>
        `  txreq -url ${quoted(url)}` +
        Object.entries(headers)
          .filter((entry): entry is [string, string] => Boolean(entry[1]))
          .map(([name, value]) => ` -hdr ${quoted(`${name}: ${value}`)}`)
          .join('') +
        '\n  rxresp\n',
    )
    .join('');
  return `varnishtest ${quoted(title)}
server s1 {
${expectations}} -start
shell {printf 'backend origin { .host = "%s"; .port = "%s"; }\\nacl purgers { "127.0.0.1"; }\\n' "\${s1_addr}" "\${s1_port}" > \${tmpdir}/nimbus-site.vcl}
varnish v1 -arg "-p vcl_path=\${tmpdir}:${path.dirname(VCL)}" -vcl {
  backend default none;
} -start
varnish v1 -cliok "vcl.load nimbus ${VCL}" -cliok "vcl.use nimbus"
client c1 {
${sends}} -run
`;
}

/** Why a test of the VCL is skipped, or false when it runs. */
export const skipWithoutVarnishtest =
  spawnSync('varnishtest', ['-h']).error === undefined
    ? false
    : "varnishtest is not installed (Debian's varnish)";

/**
 * Runs the cases through ops/varnish/nimbus.vcl: ok when the origin got what each case says;
 * else varnishtest's account of the first that did not.
 */
export function throughEdge(
  title: string,
  cases: readonly EdgeCase[],
): { ok: boolean; output: string } {
  const folder = mkdtempSync(path.join(tmpdir(), 'nimbus-edge-vcl-'));
  try {
    const script = path.join(folder, 'edge.vtc');
    writeFileSync(script, edgeScript(title, cases));
    const run = spawnSync('varnishtest', ['-q', script], { encoding: 'utf8' });
    return { ok: run.status === 0, output: `${run.stdout}\n${run.stderr}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
