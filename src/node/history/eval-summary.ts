// What a skill folder says about its evals, for a history record and a
// package's provenance: the last run saved with it (`evals/benchmark.json`,
// skill-creator's benchmark) as figures and one line, else how many cases
// `evals/evals.json` holds. A file that does not parse is named, never guessed at.

import type { SkillEvalSummary } from '../../core/api/types.js';
import { BENCHMARK_FILE_PATH, benchmarkSummary, benchmarkSummaryLine } from '../../core/evals/benchmark-json.js';
import { EVALS_FILE_PATH, readEvalsJson } from '../../core/evals/evals-file.js';

export interface FolderEvals {
  /** The last run's figures, when the folder keeps one. */
  evals?: SkillEvalSummary;
  /** One line: the last run, else the cases; undefined when the folder has no evals at all. */
  line?: string;
}

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

function casesLine(bytes: Uint8Array | undefined): string | undefined {
  if (!bytes) return undefined;
  try {
    const n = readEvalsJson(text(bytes)).cases.length;
    return `${n} eval case${n === 1 ? '' : 's'} in ${EVALS_FILE_PATH}`;
  } catch {
    return `${EVALS_FILE_PATH} present but not readable`;
  }
}

/** The evals of a folder's files (path → bytes). */
export function folderEvals(content: ReadonlyMap<string, Uint8Array>): FolderEvals {
  const bench = content.get(BENCHMARK_FILE_PATH);
  if (bench) {
    let evals: SkillEvalSummary | undefined;
    try {
      evals = benchmarkSummary(JSON.parse(text(bench)));
    } catch {
      evals = undefined;
    }
    if (evals) return { evals, line: benchmarkSummaryLine(evals) };
    const cases = casesLine(content.get(EVALS_FILE_PATH));
    return { line: `${BENCHMARK_FILE_PATH} present but not readable${cases ? `; ${cases}` : ''}` };
  }
  const line = casesLine(content.get(EVALS_FILE_PATH));
  return line ? { line } : {};
}
