// The `ui` command's request log: one line per request on stderr,
// `GET /api/agents 200 3ms`, with the failure reason when there was one.
// Entries arrive already redacted; nothing else (bodies, headers) is logged.
// Control characters are escaped (again) here, for entries built by hand.

import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import type { RequestLogEntry } from '../http/types.js';

export function formatRequestLog(entry: RequestLogEntry, now: Date = new Date()): string {
  const time = now.toISOString().slice(11, 19);
  const error = entry.error ? ` — ${entry.error}` : '';
  return escapeControlChars(`${time} ${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms${error}`);
}
