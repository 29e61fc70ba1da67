// The edge cache chooses a page's language in VCL (ops/varnish/nimbus.vcl), which cannot call
// shared-contracts' `chooseSiteLanguage`: a table of requests as browsers and links send them goes
// through the VCL (varnishtest) and through the server's choice, and both must give the same.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SiteLanguage } from 'shared-contracts';
import { languageOfRequest } from '../page-assembly/page-client';
import { skipWithoutVarnishtest, throughEdge, type EdgeCase } from './edge-vcl';

/** What a request says of its visitor's language: its query, its cookies, its Accept-Language. */
interface LanguageSigns {
  query?: string;
  cookie?: string;
  acceptLanguage?: string;
}

/** Requests and the language both the server and the edge choose for them. */
const REQUESTS: readonly [LanguageSigns, SiteLanguage][] = [
  // Browsers' own Accept-Language (Chrome, Safari, Firefox), with script and region fallbacks.
  [{ acceptLanguage: 'en-US,en;q=0.9' }, 'en'],
  [{ acceptLanguage: 'ar-EG,ar;q=0.9,en-US;q=0.8,en;q=0.7' }, 'ar'],
  [{ acceptLanguage: 'he-IL,he;q=0.9,en-US;q=0.8,en;q=0.7' }, 'he'],
  [{ acceptLanguage: 'zh-CN,zh;q=0.9,en;q=0.8' }, 'zh-Hans'],
  [{ acceptLanguage: 'zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7' }, 'zh-Hant'],
  [{ acceptLanguage: 'zh-HK,zh-Hant;q=0.9' }, 'zh-Hant'],
  [{ acceptLanguage: 'zh-Hant-MO' }, 'zh-Hant'],
  [{ acceptLanguage: 'zh-SG,zh;q=0.9' }, 'zh-Hans'],
  [{ acceptLanguage: 'zh_TW' }, 'zh-Hant'],
  [{ acceptLanguage: 'ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7' }, 'ja'],
  [{ acceptLanguage: 'ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7' }, 'ko'],
  [{ acceptLanguage: 'hi-IN,hi;q=0.9,en-IN;q=0.8' }, 'hi'],
  [{ acceptLanguage: 'id-ID,id;q=0.9' }, 'id'],
  [{ acceptLanguage: 'th-TH,th;q=0.9' }, 'th'],
  [{ acceptLanguage: 'vi-VN,vi;q=0.9,fr-FR;q=0.8' }, 'vi'],
  [{ acceptLanguage: 'es-419,es;q=0.9' }, 'es'],
  [{ acceptLanguage: 'pt-PT,pt;q=0.9,en;q=0.8' }, 'pt-BR'],
  [{ acceptLanguage: 'pt-BR,pt;q=0.9' }, 'pt-BR'],
  [{ acceptLanguage: 'fr-CA,fr;q=0.9,en;q=0.8' }, 'fr'],
  [{ acceptLanguage: 'de-DE,de;q=0.9,en;q=0.8' }, 'de'],
  [{ acceptLanguage: 'ru-RU,ru;q=0.8,en-US;q=0.5,en;q=0.3' }, 'ru'],
  [{ acceptLanguage: 'tr-TR,tr;q=0.9,en-US;q=0.8' }, 'tr'],
  // Old subtags (Java's, Android's), any case.
  [{ acceptLanguage: 'iw-IL' }, 'he'],
  [{ acceptLanguage: 'in-ID' }, 'id'],
  [{ acceptLanguage: 'JA' }, 'ja'],
  // A language the site does not speak first: the next entry that it does, to the third.
  [{ acceptLanguage: 'nl-NL,nl;q=0.9,en-US;q=0.8,en;q=0.7' }, 'en'],
  [{ acceptLanguage: 'nl-NL,nl;q=0.9,de;q=0.8' }, 'de'],
  [{ acceptLanguage: 'sv,en-verylongtag,ko' }, 'ko'],
  // Qualities: out of order, equal (the earlier wins), 0 (refused), unreadable (refused),
  // missing (1), after other parameters, with spaces.
  [{ acceptLanguage: 'en;q=0.5,ja;q=0.9' }, 'ja'],
  [{ acceptLanguage: 'fr;q=0.4,de;q=0.8,ko;q=0.6' }, 'de'],
  [{ acceptLanguage: 'de;q=0.8,fr;q=0.80' }, 'de'],
  [{ acceptLanguage: 'ja;q=0,ko' }, 'ko'],
  [{ acceptLanguage: 'ja;q=0.000,ko;q=0.001' }, 'ko'],
  [{ acceptLanguage: 'ja;q=1.2.3,ko;q=0.5' }, 'ko'],
  [{ acceptLanguage: 'ja;q=x,ko;q=0.5' }, 'ja'],
  [{ acceptLanguage: 'ko;level=1;q=0.4,th;q=0.3' }, 'ko'],
  [{ acceptLanguage: 'en-GB;q=0.9 , ko ; q=1' }, 'ko'],
  [{ acceptLanguage: 'vi;q=.5,hi;q=0.4' }, 'vi'],
  // Nothing the site speaks: English.
  [{ acceptLanguage: '*' }, 'en'],
  [{ acceptLanguage: 'nl,sv;q=0.9' }, 'en'],
  [{}, 'en'],
  // The link's `?lang=` beats the cookie, which beats Accept-Language.
  [{ query: 'lang=he', cookie: 'nimbus_lang=pt-BR', acceptLanguage: 'ja' }, 'he'],
  [{ query: 'lang=ja', acceptLanguage: 'en-US,en;q=0.9' }, 'ja'],
  [{ cookie: 'nimbus_lang=pt-BR', acceptLanguage: 'ja' }, 'pt-BR'],
  [{ query: 'folder=12&lang=zh-tw&fbclid=x', acceptLanguage: 'en' }, 'zh-Hant'],
  [{ query: 'lang=ar-SA&sort=name' }, 'ar'],
  [{ query: 'lang=ja&lang=ko' }, 'ja'],
  // A `lang` the site does not speak, or none, is no choice: the cookie, then Accept-Language.
  [{ query: 'lang=xx', cookie: 'nimbus_lang=ko', acceptLanguage: 'ja' }, 'ko'],
  [{ query: 'lang=xx&lang=ko', acceptLanguage: 'ja' }, 'ja'],
  [{ query: 'lang=', acceptLanguage: 'th' }, 'th'],
  [{ query: 'xlang=ja&language=ko', acceptLanguage: 'vi' }, 'vi'],
  // The language cookie among others, spaced, repeated (the first), unknown, or only look-alike.
  [{ cookie: '_ga=GA1.2.3; nimbus_lang=ar; theme=dark', acceptLanguage: 'en' }, 'ar'],
  [{ cookie: 'nimbus_lang = fr ', acceptLanguage: 'en' }, 'fr'],
  [{ cookie: 'nimbus_lang=de; nimbus_lang=es' }, 'de'],
  [{ cookie: 'nimbus_lang=xx; x=1', acceptLanguage: 'ja' }, 'ja'],
  [{ cookie: 'a=nimbus_lang=ja; nimbus_langs=ko', acceptLanguage: 'ru' }, 'ru'],
];

/**
 * Where the edge reads less than the server: the server's choice and the edge's. VCL has no
 * loops, so the edge ranks Accept-Language's first three entries only; and it reads `?lang=` as
 * written, the server decoded (`%2D`, `+`).
 */
const DIFFERENCES: readonly [LanguageSigns, { server: SiteLanguage; edge: SiteLanguage }][] = [
  [{ acceptLanguage: 'nl-NL,nl;q=0.9,fy;q=0.8,ja;q=0.7' }, { server: 'ja', edge: 'en' }],
  [{ acceptLanguage: 'fr;q=0.5,nl,fy,de' }, { server: 'de', edge: 'fr' }],
  [
    { query: 'lang=zh%2DTW', acceptLanguage: 'ko' },
    { server: 'zh-Hant', edge: 'ko' },
  ],
];

/** A share page's link, and the address the edge keys it by and asks the origin for. */
const KEPT_QUERIES: readonly [string, string][] = [
  ['?lang=ja', '?lang=ja'],
  ['?fbclid=abc&lang=ja-JP&utm_source=x', '?lang=ja'],
  ['?lang=ZH_tw&q=report', '?folder&lang=zh-Hant'],
  ['?folder=9&lang=ar', '?folder=9&lang=ar'],
  ['?lang=xx&folder=9', '?folder=9'],
  ['?utm_source=x&folder=12&from=chat', '?folder=12'],
  ['?folder=9&sort=size', '?folder'],
  ['?folder=abc', ''],
  ['?lang=<script>', ''],
];

const headersOf = ({ cookie, acceptLanguage }: LanguageSigns) => ({
  Cookie: cookie,
  'Accept-Language': acceptLanguage,
});

const urlOf = (index: number, { query }: LanguageSigns) =>
  `/s/case-${index}${query === undefined ? '' : `?${query}`}`;

/** The server's choice for a request (page-assembly/page-client.ts, chooseSiteLanguage). */
const serverLanguageOf = (index: number, signs: LanguageSigns) =>
  languageOfRequest({
    url: urlOf(index, signs),
    headers: {
      ...(signs.cookie === undefined ? {} : { cookie: signs.cookie }),
      ...(signs.acceptLanguage === undefined ? {} : { 'accept-language': signs.acceptLanguage }),
    },
  });

const languageCase = (index: number, signs: LanguageSigns, language: SiteLanguage): EdgeCase => ({
  url: urlOf(index, signs),
  headers: headersOf(signs),
  origin: { 'req.http.X-Nimbus-Language': language },
});

describe("the edge cache's language", () => {
  it('is what the server chooses (chooseSiteLanguage) for each request of the table', () => {
    REQUESTS.forEach(([signs, language], index) => {
      assert.equal(serverLanguageOf(index, signs), language, JSON.stringify(signs));
    });
    DIFFERENCES.forEach(([signs, { server }], index) => {
      assert.equal(serverLanguageOf(index, signs), server, JSON.stringify(signs));
    });
  });

  it(
    'is written by ops/varnish/nimbus.vcl as the server chooses it, request by request',
    { skip: skipWithoutVarnishtest },
    () => {
      const cases = REQUESTS.map(([signs, language], index) =>
        languageCase(index, signs, language),
      );
      const run = throughEdge("the edge's language is the server's", cases);
      assert.ok(run.ok, `varnishtest failed:\n${run.output}`);
    },
  );

  it(
    "differs from the server's only past Accept-Language's third entry and in an encoded ?lang=",
    { skip: skipWithoutVarnishtest },
    () => {
      const cases = DIFFERENCES.map(([signs, { edge }], index) => languageCase(index, signs, edge));
      const run = throughEdge("the edge's known differences", cases);
      assert.ok(run.ok, `varnishtest failed:\n${run.output}`);
    },
  );

  it(
    "keeps a share link's language in the page's key, as the language it names, with X-Nimbus-Language",
    { skip: skipWithoutVarnishtest },
    () => {
      const cases = KEPT_QUERIES.map(([query, kept], index) => ({
        url: `/s/case-${index}${query}`,
        headers: {},
        origin: {
          'req.url': `/s/case-${index}${kept}`,
          'req.http.X-Nimbus-Language': /lang=([\w-]+)/.exec(kept)?.[1] ?? 'en',
        },
      }));
      const run = throughEdge("a share link's language is kept", cases);
      assert.ok(run.ok, `varnishtest failed:\n${run.output}`);
    },
  );
});
