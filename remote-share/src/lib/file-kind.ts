import { MediaType } from 'shared-contracts';

/** What a row's icon (and its description for a screen reader) says a file is. */
export type FileKind =
  | 'image'
  | 'video'
  | 'audio'
  | 'pdf'
  | 'archive'
  | 'document'
  | 'spreadsheet'
  | 'text'
  | 'package'
  | 'file';

/** Extensions of the kinds the media type does not tell apart (it is "unknown" for them). */
const KIND_OF_EXTENSION: Readonly<Record<string, FileKind>> = {
  pdf: 'pdf',
  zip: 'archive',
  rar: 'archive',
  '7z': 'archive',
  tar: 'archive',
  gz: 'archive',
  tgz: 'archive',
  doc: 'document',
  docx: 'document',
  odt: 'document',
  rtf: 'document',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  csv: 'spreadsheet',
  ods: 'spreadsheet',
  txt: 'text',
  md: 'text',
  log: 'text',
  json: 'text',
  xml: 'text',
  yaml: 'text',
  yml: 'text',
  ini: 'text',
  toml: 'text',
  srt: 'text',
  vtt: 'text',
  html: 'text',
  css: 'text',
  js: 'text',
  ts: 'text',
  py: 'text',
  java: 'text',
  c: 'text',
  h: 'text',
  cpp: 'text',
  go: 'text',
  rs: 'text',
  rb: 'text',
  php: 'text',
  sh: 'text',
  sql: 'text',
  apk: 'package',
  ipa: 'package',
  exe: 'package',
  dmg: 'package',
};

/** The extension of a file name, lower case, or '' (a leading dot alone is a hidden file). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The kind of a file: the server's media type for images, videos and audio (what previews),
 * else its name's extension; anything else is a file.
 */
export function fileKindOf(file: { name: string; media_type: number }): FileKind {
  if (file.media_type === MediaType.Image) return 'image';
  if (file.media_type === MediaType.Video) return 'video';
  if (file.media_type === MediaType.Audio) return 'audio';
  return KIND_OF_EXTENSION[extensionOf(file.name)] ?? 'file';
}
