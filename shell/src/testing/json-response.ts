/**
 * jsdom has no `Response`, and the federation runtime takes only a real one: this stands in for
 * it in tests, with what the runtime and the shell read of an answer (ok, status, its JSON), made
 * as the browser's is, from the body's text.
 */
export class JsonResponse {
  readonly ok = true;
  readonly status = 200;

  constructor(
    private readonly body: string,
    readonly init: ResponseInit = {},
  ) {}

  json(): Promise<unknown> {
    return Promise.resolve(JSON.parse(this.body) as unknown);
  }
}
