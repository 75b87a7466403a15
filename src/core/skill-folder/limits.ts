// The limits every skill folder or package must stay within: what
// keeps an archive from exhausting the machine or a draft from flooding the
// model. One place so import, export, save and the docs agree.

export const SKILL_FOLDER_LIMITS = {
  /** Entries (files and folders) in one archive or folder. */
  maxEntries: 500,
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: 20 * 1024 * 1024,
  /** Uncompressed / compressed, per entry and for the whole archive. */
  maxCompressionRatio: 100,
  /** Text files of one skill (any folder); past it, further text files are kept as binaries. */
  maxTextFiles: 200,
  /** Bytes of one text file kept in `files`; larger ones are binaries. */
  maxTextFileBytes: 1024 * 1024,
} as const;

/** Folders the editor offers for a new text file (any folder's UTF-8 files are drafts' `files`; these are the usual ones). */
export const TEXT_FILE_FOLDERS = ['references', 'reference', 'assets'] as const;
