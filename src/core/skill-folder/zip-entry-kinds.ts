// The one thing fflate does not surface: each entry's "version made by" and
// external attributes in the zip central directory (APPNOTE 4.3.12), which
// carry the unix file type — how a symlink or device entry is recognised.
// Reads only those fields of each central directory record; all unpacking
// is fflate's. Names are decoded like fflate does, to match its listing.

import { strFromU8 } from 'fflate';
import { SkillArchiveError } from './errors.js';
import type { EntryKind } from './listing.js';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const UNIX_HOSTS = new Set([3, 19]); // unix, macOS (OS X)

function u16(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}
function u32(b: Uint8Array, at: number): number {
  return (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;
}

/** Entry name → kind, from the central directory's unix mode (or the name's trailing `/`). */
export function zipEntryKinds(zip: Uint8Array): Map<string, EntryKind> {
  let end = zip.length - 22;
  const stop = Math.max(0, zip.length - 22 - 0xffff);
  while (end >= stop && u32(zip, end) !== EOCD) end--;
  if (end < stop) throw new SkillArchiveError('the upload is not a zip archive (no end-of-central-directory record); send a .zip or .skill file');
  const count = u16(zip, end + 10);
  let at = u32(zip, end + 16);
  const kinds = new Map<string, EntryKind>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || u32(zip, at) !== CENTRAL) throw new SkillArchiveError('the zip central directory is damaged; re-create the archive');
    const host = zip[at + 5]!;
    const utf8Name = (u16(zip, at + 8) & 0x800) !== 0;
    const nameLength = u16(zip, at + 28);
    const attrs = u32(zip, at + 38);
    const name = strFromU8(zip.subarray(at + 46, at + 46 + nameLength), !utf8Name);
    kinds.set(name, kindOf(name, host, attrs));
    at += 46 + nameLength + u16(zip, at + 30) + u16(zip, at + 32);
  }
  return kinds;
}

function kindOf(name: string, host: number, attrs: number): EntryKind {
  const mode = attrs >>> 16;
  const type = mode & 0o170000;
  if (UNIX_HOSTS.has(host) && type !== 0) {
    if (type === 0o100000) return 'file';
    if (type === 0o040000) return 'dir';
    if (type === 0o120000) return 'symlink';
    return 'device';
  }
  return name.endsWith('/') || (attrs & 0x10) !== 0 ? 'dir' : 'file';
}
