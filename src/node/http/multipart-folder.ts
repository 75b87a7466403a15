// A skill folder uploaded as multipart/form-data: one part per
// file, its relative path as the part's filename — what a browser sends for
// `<input type="file" webkitdirectory>` or a dropped folder (the client
// appends each File with its webkitRelativePath). The body is read with the
// upload's byte limit first; its parts are counted (a cheap scan for the
// boundary, so a body of thousands of empty parts is refused before it is
// parsed); then it is parsed by the platform's own multipart parser — the
// Fetch API's `Response.formData()` (undici in Node ≥ 20, the runtime's own
// in Deno, Bun and workers): no hand-written parser and no dependency. The
// files then meet the same checks as a zip (readSkillFiles).

import { RequestError } from '../../core/errors.js';
import { SkillArchiveError } from '../../core/skill-folder/errors.js';
import { readSkillFiles } from '../../core/skill-folder/read.js';
import { SKILL_FOLDER_LIMITS as L } from '../../core/skill-folder/limits.js';
import type { Skill } from '../../core/skill/skill.js';
import type { SkillFolderEntry } from '../../core/skill-folder/to-draft.js';

/** The `boundary` parameter of a multipart Content-Type, or null. */
export function multipartBoundary(contentType: string): string | null {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]!) : null;
}

/** How many times the part delimiter `--boundary` occurs at the start of a line. */
function countParts(bytes: Uint8Array, boundary: string, stopAt: number): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  let n = 0;
  for (let at = buf.indexOf(delimiter); at !== -1 && n <= stopAt; at = buf.indexOf(delimiter, at + delimiter.length)) {
    if (at === 0 || (buf[at - 2] === 0x0d && buf[at - 1] === 0x0a)) n++;
  }
  return n;
}

/** The skill folder in a multipart body, as a draft; RequestError for a body that is not multipart, SkillArchiveError for hostile files. */
export async function readFolderUpload(bytes: Uint8Array, contentType: string): Promise<Skill> {
  const boundary = multipartBoundary(contentType);
  if (boundary === null)
    throw new RequestError(
      'content-type',
      'the multipart/form-data Content-Type has no boundary; let the browser or client set it (do not set the header by hand)',
    );
  // Parts plus the closing delimiter: more than the entries a skill may hold is refused unparsed.
  if (countParts(bytes, boundary, L.maxEntries + 1) > L.maxEntries + 1)
    throw new SkillArchiveError(`the upload has more than ${L.maxEntries} files; a skill may have at most ${L.maxEntries}`);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new RequestError(
      'body',
      'the multipart body cannot be read; send one part per file with its relative path as the filename (e.g. FormData.append("file", file, file.webkitRelativePath))',
    );
  }
  const files: SkillFolderEntry[] = [];
  for (const [field, value] of form) {
    if (typeof value === 'string')
      throw new RequestError(
        field,
        `the multipart field "${field.slice(0, 60)}" is not a file; send only files, each named by its relative path (use ?name= and ?profile= for options)`,
      );
    files.push({ path: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return readSkillFiles(files);
}
