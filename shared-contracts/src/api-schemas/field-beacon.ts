/**
 * The field-data beacon in TypeBox: what `POST /field/beacon` accepts (nothing else, nothing
 * coerced), and the contract's `FieldBeacon` type (../page/field-data).
 */
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { FIELD_ERRORS_MAX, FIELD_MESSAGE_MAX, RELEASE_PATTERN } from '../page/field-data';
import { REMOTE_FEDERATION_NAMES, type RemoteName } from '../remotes';

const strict = { additionalProperties: false } as const;
/** A union of string literals that keeps each literal in its static type. */
const oneOf = <const Values extends string[]>(...values: Values) =>
  Type.Union(values.map((value) => Type.Literal(value))) as TUnion<{
    [Index in keyof Values]: TLiteral<Values[Index]>;
  }>;

/** Milliseconds a visit can plausibly measure: up to ten minutes. */
const Milliseconds = Type.Number({ minimum: 0, maximum: 600_000 });
/** Printable text, no control characters (a NUL byte is refused, not stored). */
const printable = (maxLength: number) =>
  Type.String({ maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });

/** Every remote of the contract: a visit loads each at most once. */
const REMOTE_NAMES = Object.keys(REMOTE_FEDERATION_NAMES) as RemoteName[];
const RemoteNameSchema = oneOf(...REMOTE_NAMES);
const Release = Type.String({ pattern: RELEASE_PATTERN });

export const FieldRemoteSchema = Type.Object(
  {
    name: RemoteNameSchema,
    release: Release,
    track: oneOf('stable', 'canary'),
    canary: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  strict,
);

export const FieldErrorSchema = Type.Object(
  {
    source: oneOf(...REMOTE_NAMES, 'shell'),
    kind: oneOf('uncaught', 'rejection', 'load', 'render'),
    message: printable(FIELD_MESSAGE_MAX),
  },
  strict,
);

export const FieldBeaconSchema = Type.Object(
  {
    page: oneOf('share_list', 'extract_code', 'status', 'invite', 'home', 'other'),
    platform: oneOf('android', 'ios', 'mobile', 'other'),
    connection: oneOf('slow-2g', '2g', '3g', '4g', 'unknown'),
    shell: Release,
    remotes: Type.Array(FieldRemoteSchema, { maxItems: REMOTE_NAMES.length }),
    vitals: Type.Object(
      {
        lcp: Type.Optional(Milliseconds),
        inp: Type.Optional(Milliseconds),
        cls: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
        fcp: Type.Optional(Milliseconds),
        ttfb: Type.Optional(Milliseconds),
      },
      strict,
    ),
    errors: Type.Array(FieldErrorSchema, { maxItems: FIELD_ERRORS_MAX }),
    attribution: Type.Optional(
      Type.Object(
        { lcp: Type.Optional(printable(200)), inp: Type.Optional(printable(200)) },
        strict,
      ),
    ),
  },
  strict,
);

/**
 * What `POST /field/beacon` accepts: a beacon, or one without its platform, which the page's
 * early script sends (../page/leave-before-start): the server then tells the platform from the
 * request's headers, as it does a page's.
 */
export const FieldBeaconBodySchema = Type.Object(
  {
    ...FieldBeaconSchema.properties,
    platform: Type.Optional(FieldBeaconSchema.properties.platform),
  },
  strict,
);

export type FieldBeaconBody = Static<typeof FieldBeaconBodySchema>;
