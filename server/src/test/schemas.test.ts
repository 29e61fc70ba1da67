/**
 * One source for the API's shapes (issue 22): the server validates each call of ApiRoutes with
 * its TypeBox body schema, and that schema takes exactly what the contract's request type says.
 * schemas/agreement.ts checks the types when the project typechecks; this checks the schemas
 * themselves against a full request of every call, typed by the contract.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Value } from '@sinclair/typebox/value';
import type { ApiPath, ApiRequest } from 'shared-contracts';
import { API_BODIES } from '../schemas/api-bodies';
import { createTestApp, type TestContext } from './helpers';

/** A request of every call with every field, optional ones too, as the contract types it. */
const FULL_REQUESTS: { [P in ApiPath]: ApiRequest<P> } = {
  '/user/info': {},
  '/product/list': { app_id: 1 },
  '/share/info': { share_url: 'https://share.example/s/demo-public' },
  '/share/detail': {
    share_id: 7,
    share_code: 'demo-public',
    extract_code: 'ab12',
    folder_id: 3,
    page: { current_page: 1, page_size: 100 },
  },
  '/share/save_file': {
    share_id: 7,
    share_code: 'demo-public',
    extract_code: '',
    folder_id: -1,
    file_ids: [1, 2],
  },
  '/share/report': { share_code: 'demo-public', content: 'Spam' },
  '/login': { third_token: 'token' },
  '/file/folder/list': { parent_id: 0, page: { current_page: 1, page_size: 50 } },
  '/file/folder/create': { folder_name: 'Trips', parent_id: 0 },
  '/event/report': { event_name: 'store_click', content: '{}', sign: 'abc' },
  '/community_activity/{community}/auth_url': {
    redirect_uri: 'https://share.example/invite',
    addon_state: 'lang=en',
  },
  '/community_activity/{community}/oauth/callback': {
    code: 'c',
    state: 's',
    user_id: 2,
    activity_id: 1,
    redirect_uri: 'https://share.example/invite',
  },
};

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(async () => {
  await ctx.close();
});

describe('the API body schemas', () => {
  it('take a full request of every call as the contract types it, and nothing more', () => {
    for (const path of Object.keys(FULL_REQUESTS) as ApiPath[]) {
      const schema = API_BODIES[path];
      const request = FULL_REQUESTS[path];
      assert.deepEqual([...Value.Errors(schema, request)], [], `${path} takes its request`);
      assert.equal(
        Value.Check(schema, { ...request, unknown_field: 1 }),
        false,
        `${path}: no extras`,
      );
      for (const field of Object.keys(request)) {
        const without = Object.fromEntries(
          Object.entries(request).filter(([name]) => name !== field),
        );
        const optional = !(schema.required ?? []).includes(field);
        assert.equal(
          Value.Check(schema, without),
          optional,
          `${path}: ${field} is optional? ${optional}`,
        );
      }
    }
  });

  it('are what the server validates every call of the contract with', async () => {
    const routes = new Set<string>();
    for (const path of Object.keys(API_BODIES)) {
      const url = `/api${path.replace('{community}', 'discord')}`;
      routes.add(url);
      assert.ok(ctx.app.hasRoute({ method: 'POST', url }), `${url} is served`);
      // A body the schema refuses is refused by the route, with the schema's words.
      const refused = await ctx.app.inject({
        method: 'POST',
        url,
        payload: { unknown_field: 1 },
      });
      assert.equal(refused.json<{ code: number }>().code, 4000, url);
    }
    assert.equal(routes.size, 12, 'every call of ApiRoutes');
  });
});
