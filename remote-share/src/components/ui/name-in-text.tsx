import { useDirection } from '../../lib/host-context';

/** Characters written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko, ...) and bidi controls. */
const RIGHT_TO_LEFT_OR_CONTROL =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u200f\u202a-\u202e\u2066-\u2069\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/**
 * A name a person typed (a file's, a folder's, a sharer's, a filter's text), isolated from the
 * text around it: it reads in its own direction, a Latin name in an Arabic page as an Arabic name
 * in an English one, and does not reorder the words around it. `dir="auto"` isolates as `<bdi>`
 * does (HTML's `[dir] { unicode-bidi: isolate }`). A name with nothing right to left in a
 * left-to-right page needs no isolating, and stays plain text.
 */
export function TypedName({ name, className }: { name: string; className?: string }) {
  const pageDirection = useDirection();
  if (pageDirection === 'ltr' && !RIGHT_TO_LEFT_OR_CONTROL.test(name)) {
    return className ? <span className={className}>{name}</span> : <>{name}</>;
  }
  return (
    <span dir="auto" className={className}>
      {name}
    </span>
  );
}

/**
 * What a message's `{name}` is filled with where a typed name goes (`NameInText`): a private-use
 * character, in no message and no name shown.
 */
export const NAME_SLOT = '\uE000';

/** A message's text before and after its name (`t(id, { name: NAME_SLOT })`). */
export function textAroundName(message: string): { before: string; after: string } {
  const [before = '', ...rest] = message.split(NAME_SLOT);
  return { before, after: rest.join('') };
}

/** A message with a typed name in it: the sentence in the page's direction, the name in its own. */
export function NameInText({
  message,
  name,
  className,
}: {
  /** The message with `NAME_SLOT` for its name. */
  message: string;
  name: string;
  className?: string;
}) {
  const { before, after } = textAroundName(message);
  return (
    <>
      {before}
      <TypedName name={name} className={className} />
      {after}
    </>
  );
}
