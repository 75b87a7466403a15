// Is an archive entry's or folder file's relative path safe to hold inside a
// skill folder? Refuses what could land outside it or be read two ways:
// `..`, absolute and drive paths, backslashes, empty or `.` segments, control
// characters. Pure; used for zips, folders and saves alike.

/** Why `path` is unsafe, or null. A trailing `/` (a folder entry) is allowed. */
export function entryPathProblem(path: string): string | null {
  if (path === '' || path === '/') return 'the entry has an empty name';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'the entry name contains a control character';
  if (path.includes('\\')) return 'the entry name contains a backslash; zip paths use "/"';
  if (path.startsWith('/')) return 'the entry has an absolute path';
  if (/^[A-Za-z]:/.test(path)) return 'the entry has a drive path';
  const segments = (path.endsWith('/') ? path.slice(0, -1) : path).split('/');
  if (segments.includes('..')) return 'the entry path contains ".." and would land outside the skill folder';
  if (segments.some((s) => s === '' || s === '.')) return 'the entry path has an empty or "." segment';
  return null;
}

/** The key two paths clash on: Unicode NFC, then case folded (`ß` and `SS` clash too). */
export function foldedPath(path: string): string {
  return path.normalize('NFC').toUpperCase().toLowerCase();
}

const ARCHIVE_EXTENSIONS = ['.zip', '.skill', '.jar', '.war', '.tar', '.tgz', '.gz', '.bz2', '.xz', '.zst', '.7z', '.rar', '.lz', '.lzma', '.cab', '.apk'];

/** A file name that is itself an archive (nested archives are refused). */
export function isArchiveName(path: string): boolean {
  const lower = path.toLowerCase();
  return ARCHIVE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

// Office and OpenDocument files are zips inside, but documents (templates in assets/), never expanded.
const DOCUMENT_EXTENSIONS = ['.docx', '.xlsx', '.pptx', '.docm', '.xlsm', '.pptm', '.dotx', '.potx', '.xltx', '.odt', '.ods', '.odp', '.epub'];

/** Bytes that start like an archive (zip, gzip, bzip2, xz, 7z, rar, zstd), whatever the name says; documents excepted. */
export function looksLikeArchive(path: string, bytes: Uint8Array): boolean {
  const lower = path.toLowerCase();
  if (DOCUMENT_EXTENSIONS.some((ext) => lower.endsWith(ext))) return false;
  const at = (...sig: number[]): boolean => sig.every((b, i) => bytes[i] === b);
  return (
    at(0x50, 0x4b, 0x03, 0x04) ||
    at(0x50, 0x4b, 0x05, 0x06) ||
    at(0x1f, 0x8b) ||
    at(0x42, 0x5a, 0x68) ||
    at(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00) ||
    at(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c) ||
    at(0x52, 0x61, 0x72, 0x21) ||
    at(0x28, 0xb5, 0x2f, 0xfd)
  );
}
