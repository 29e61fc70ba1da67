// The edge decides a page's share view in VCL (ops/varnish/nimbus.vcl) as the server's
// `viewOfRequest` decides it from the view cookie: varnishtest (Debian's varnish) sends it the same
// requests and checks that the origin gets the view the server would read, so a grid visitor's
// page is never one painted as a list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { viewOfRequest } from '../page-assembly/page-client';
import { skipWithoutVarnishtest, throughEdge, type EdgeCase } from './edge-vcl';

/** Cookie headers as browsers send them, with the view each one asks for. */
const COOKIES: readonly (string | undefined)[] = [
  undefined,
  'nimbus_view=grid',
  'nimbus_view=list',
  '_ga=GA1.2.3; nimbus_view=grid',
  'nimbus_lang=ja;nimbus_view = grid ',
  'nimbus_view=grid; nimbus_view=list',
  'nimbus_view=list; nimbus_view=grid',
  'nimbus_view=Grid',
  'nimbus_view="grid"',
  'nimbus_view=gridx',
  'xnimbus_view=grid',
  'nimbus_view=',
];

describe("the edge's share view", () => {
  it(
    'is written by ops/varnish/nimbus.vcl as the server reads it, request by request',
    { skip: skipWithoutVarnishtest },
    () => {
      const cases: EdgeCase[] = COOKIES.map((cookie) => ({
        url: '/s/demo-public',
        // A forged header goes: the edge writes its own.
        headers: { cookie, 'x-nimbus-view': 'grid' },
        origin: { 'req.http.X-Nimbus-View': viewOfRequest({ headers: { cookie } }) },
      }));
      const run = throughEdge("the edge's view is the server's", cases);
      assert.ok(run.ok, `varnishtest failed:\n${run.output}`);
    },
  );
});
