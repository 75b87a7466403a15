// What the operator gave to import, as one thing to send: a
// .zip/.skill file, or a folder's files with their paths inside it. Reads a
// file input (a `webkitdirectory` input gives every file with
// `webkitRelativePath`) or a drop (DataTransfer items; a dropped folder is
// walked with webkitGetAsEntry / readEntries).

export type ImportSource = { kind: 'package'; file: File } | { kind: 'folder'; name: string; files: Array<{ path: string; file: File }> };

export const isPackageName = (name: string) => /\.(zip|skill)$/i.test(name);

/** The folder's files with paths below the folder itself (`my-skill/SKILL.md` → `SKILL.md`). */
function folderOf(files: Array<{ path: string; file: File }>): ImportSource {
  const top = files[0]?.path.split('/')[0] ?? '';
  const inside = files.every((f) => f.path.startsWith(`${top}/`));
  return { kind: 'folder', name: inside ? top : '', files: files.map((f) => ({ ...f, path: inside ? f.path.slice(top.length + 1) : f.path })) };
}

/** From a file input: one package, or the files of a folder input. Throws when it holds neither. */
export function fromInput(list: FileList | File[]): ImportSource {
  const files = [...list];
  if (files.length === 1 && !files[0]!.webkitRelativePath) return fromFile(files[0]!);
  if (!files.length) throw new Error('no file was chosen');
  return folderOf(files.map((file) => ({ path: file.webkitRelativePath || file.name, file })));
}

function fromFile(file: File): ImportSource {
  if (!isPackageName(file.name)) throw new Error(`"${file.name}" is not a skill package: import a .zip or .skill file, or a skill folder`);
  return { kind: 'package', file };
}

const entriesOf = (dir: FileSystemDirectoryEntry) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => {
    const reader = dir.createReader();
    const all: FileSystemEntry[] = [];
    // readEntries answers in batches (100 in Chromium) until an empty one.
    const next = () => reader.readEntries((batch) => (batch.length ? (all.push(...batch), next()) : resolve(all)), reject);
    next();
  });

async function walk(entry: FileSystemEntry, prefix: string, out: Array<{ path: string; file: File }>): Promise<void> {
  const path = prefix + entry.name;
  if (entry.isFile) out.push({ path, file: await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej)) });
  else if (entry.isDirectory) for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) await walk(child, `${path}/`, out);
}

/** From a drop: one package file or one folder. Throws when the drop holds something else. */
export async function fromDrop(dt: DataTransfer): Promise<ImportSource> {
  const entries = [...dt.items].filter((i) => i.kind === 'file').map((i) => i.webkitGetAsEntry?.() ?? null);
  if (entries.length > 1) throw new Error('drop one skill: a .zip or .skill file, or one skill folder');
  const entry = entries[0];
  if (entry?.isDirectory) {
    const files: Array<{ path: string; file: File }> = [];
    await walk(entry, '', files);
    if (!files.length) throw new Error(`the folder "${entry.name}" is empty`);
    return folderOf(files);
  }
  const file = dt.files[0];
  if (!file) throw new Error('the drop held no file');
  return fromFile(file);
}
