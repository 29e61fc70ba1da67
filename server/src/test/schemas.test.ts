/**
 * One source for the API's shapes (issues 22 and 31): the contract's types are the static types of
 * its TypeBox schemas (`shared-contracts/schemas`); the server validates each call's body with its
 * schema and serialises each answer with its answer schema. This checks the body schemas against a
 * full request of every call, typed by the contract, and that an answer carries what the contract
 * names and nothing else.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Value } from '@sinclair/typebox/value';
import { ResponseCode, type ApiPath, type ApiRequest } from 'shared-contracts';
import { API_ROUTES } from 'shared-contracts/schemas';
import { ApiError, serviceUnavailable } from '../lib/api-error';
import { createTestApp, shareRefOf, type TestContext } from './helpers';

/** A request of every call with every field, optional ones too, as the contract types it. */
const FULL_REQUESTS: { [P in ApiPath]: ApiRequest<P> } = {
  '/user/info': {},
  '/logout': {},
  '/product/list': { app_id: 1 },
  '/share/info': { share_url: 'https://share.example/s/demo-public' },
  '/share/detail': {
    share_id: 7,
    share_code: 'demo-public',
    extract_code: 'ab12',
    folder_id: 3,
    page: { current_page: 1, page_size: 100 },
    sort: 'size',
    order: 'desc',
    name_filter: 'photo',
  },
  '/share/folder_path': {
    share_id: 7,
    share_code: 'demo-public',
    extract_code: 'ab12',
    folder_id: 3,
  },
  '/share/search': {
    share_id: 7,
    share_code: 'demo-public',
    extract_code: 'ab12',
    q: 'beach',
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
      const schema = API_ROUTES[path].request;
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
    for (const path of Object.keys(API_ROUTES)) {
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
    assert.equal(routes.size, 15, 'every call of ApiRoutes');
  });
});

describe('the API answer schemas', () => {
  const SECRET = 'sam@example.com';

  it('drop a field the contract does not name, however deep', async (t) => {
    const { shares } = ctx.app;
    const info = await shares.infoByCode('demo-public', 'http://localhost');
    assert.ok(info);
    const leaky = t.mock.method(shares, 'infoByCode', async () => ({
      ...info,
      owner_email: SECRET,
      user_info: { ...info.user_info, email: SECRET },
    }));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/share/info',
      payload: { share_url: 'demo-public' },
    });
    assert.equal(leaky.mock.callCount(), 1, 'the real route answered with the leaky data');
    assert.equal(response.statusCode, 200);
    assert.ok(!response.body.includes(SECRET), response.body);
    assert.deepEqual(response.json(), { code: 0, msg: 'success', data: info });
  });

  it('drop them from every item of a list, and keep the list whole', async (t) => {
    const { shares } = ctx.app;
    const ref = await shareRefOf(ctx.app, 'demo-public');
    const page = { current_page: 1, page_size: 100 };
    const share = await shares.openShare(ref.share_id, ref.share_code);
    const detail = await shares.listPage(share, undefined, 'http://localhost', page);
    assert.ok(detail.file_list.length > 0);
    t.mock.method(shares, 'listPage', async () => ({
      ...detail,
      file_list: detail.file_list.map((item) => ({ ...item, media_path: `/srv/media/${SECRET}` })),
    }));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/share/detail',
      payload: { ...ref, extract_code: '', page },
    });
    assert.ok(!response.body.includes(SECRET), response.body);
    assert.deepEqual(response.json(), { code: 0, msg: 'success', data: detail });
  });

  it('send every refusal whole: its code, status and data', async (t) => {
    const { shares } = ctx.app;
    const ref = await shareRefOf(ctx.app, 'demo-public');
    const challenge = { algorithm: 'PBKDF2/SHA-256', salt: 's', parameters: { cost: [1, 2] } };
    const refusals: { thrown: Error; status: number; code: number; data: unknown }[] = [
      {
        thrown: new ApiError(ResponseCode.ProofOfWorkRequired, 'Solve it', undefined, {
          challenge,
        }),
        status: 200,
        code: ResponseCode.ProofOfWorkRequired,
        data: { challenge },
      },
      {
        thrown: new ApiError(ResponseCode.InvalidExtractCode, 'Invalid extract code'),
        status: 200,
        code: ResponseCode.InvalidExtractCode,
        data: null,
      },
      {
        thrown: new ApiError(ResponseCode.TooManyRequests, 'Wait', 5, { retry_after: 5 }),
        status: 429,
        code: ResponseCode.TooManyRequests,
        data: { retry_after: 5 },
      },
      {
        thrown: serviceUnavailable('Away', 3),
        status: 503,
        code: ResponseCode.ServiceUnavailable,
        data: { retry_after: 3 },
      },
      { thrown: new Error('boom'), status: 500, code: ResponseCode.ServerError, data: null },
    ];
    for (const { thrown, status, code, data } of refusals) {
      t.mock.method(shares, 'openShare', async () => {
        throw thrown;
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/share/detail',
        payload: { ...ref, extract_code: '' },
      });
      assert.equal(response.statusCode, status, thrown.message);
      const envelope = response.json<{ code: number; data: unknown }>();
      assert.equal(envelope.code, code, thrown.message);
      assert.deepEqual(envelope.data, data, thrown.message);
    }
  });
});
