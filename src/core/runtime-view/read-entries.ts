// The tool entries Forge's runtime reads from a SKILL.md body
// (forge-skills/parser Parse), line by line with no notion of Markdown:
// `## Tool: <name>` opens an entry; any other line whose trimmed text starts
// with `#` closes it (also a `# comment` inside a code fence); inside an entry
// `**Input:**`, `**Output:**` and `**Output format:**` lines set the specs to
// the rest of that line and every other non-blank line joins the description;
// outside an entry a `- word` bullet (no space, at most 64 bytes) becomes an
// entry with only a name.

import { goTrimSpace, utf8Length } from '../forge-runtime/go-text.js';
import { forEachTextLine } from './scan-lines.js';

export interface RuntimeEntry {
  name: string;
  /** `tool`: a `## Tool:` heading; `phantom`: a legacy `- word` bullet. */
  kind: 'tool' | 'phantom';
  /** 1-based file line of the heading or bullet. */
  line: number;
  /** The description as the runtime joins it (trimmed lines, one space between). */
  description: string;
  /** The lines the description was joined from, each trimmed with its 1-based file line (a table row among them is sent as text too). */
  descriptionLines: Array<{ line: number; text: string }>;
  inputSpec: string;
  outputSpec: string;
  outputFormat: string;
  /** 1-based lines of the spec lines the runtime used (the last one of each kind wins). */
  inputSpecLine?: number;
  outputSpecLine?: number;
  /** The `#` line that ended the entry, when one did (not the next `## Tool:`). */
  endedBy?: { line: number; text: string };
}

export interface ReadEntriesResult {
  entries: RuntimeEntry[];
  /** 1-based file line that stopped the runtime's scan (64 KiB or longer): the runtime drops the skill. */
  tooLongLine?: number;
}

const TOOL = '## Tool:';

/** Reads `body`, whose first line is line `firstLine` of the file. */
export function readRuntimeEntries(body: string, firstLine = 1): ReadEntriesResult {
  const entries: RuntimeEntry[] = [];
  let current: RuntimeEntry | null = null;
  const finish = (): void => {
    if (current) {
      current.description = goTrimSpace(current.description);
      entries.push(current);
      current = null;
    }
  };

  // Line by line as they are scanned (a whole array of lines would outlive the young generation on a large file).
  const tooLongAt = forEachTextLine(body, (text, k) => {
    const line = firstLine + k;
    const trimmed = goTrimSpace(text);
    if (trimmed.startsWith(TOOL)) {
      finish();
      const name = goTrimSpace(trimmed.slice(TOOL.length));
      if (name !== '') current = newEntry(name, 'tool', line);
      return;
    }
    if (trimmed.startsWith('#')) {
      if (current) current.endedBy = { line, text: trimmed };
      finish();
      return;
    }
    if (current) {
      readEntryLine(current, trimmed, line);
      return;
    }
    if (trimmed.startsWith('- ')) {
      const name = goTrimSpace(trimmed.slice(2));
      if (name !== '' && !name.includes(' ') && utf8Length(name) <= 64) {
        const phantom = newEntry(name, 'phantom', line);
        entries.push(phantom);
      }
    }
  });
  finish();
  const result: ReadEntriesResult = { entries };
  if (tooLongAt !== undefined) result.tooLongLine = firstLine + tooLongAt;
  return result;
}

function newEntry(name: string, kind: RuntimeEntry['kind'], line: number): RuntimeEntry {
  return { name, kind, line, description: '', descriptionLines: [], inputSpec: '', outputSpec: '', outputFormat: '' };
}

function readEntryLine(entry: RuntimeEntry, trimmed: string, line: number): void {
  if (trimmed.startsWith('**Input:**')) {
    entry.inputSpec = goTrimSpace(trimmed.slice('**Input:**'.length));
    entry.inputSpecLine = line;
  } else if (trimmed.startsWith('**Output:**')) {
    entry.outputSpec = goTrimSpace(trimmed.slice('**Output:**'.length));
    entry.outputSpecLine = line;
  } else if (trimmed.startsWith('**Output format:**')) {
    entry.outputFormat = goTrimSpace(trimmed.slice('**Output format:**'.length));
  } else if (trimmed !== '') {
    if (entry.description !== '') entry.description += ' ';
    entry.description += trimmed;
    entry.descriptionLines.push({ line, text: trimmed });
  }
}
