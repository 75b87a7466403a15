// The lines `try` prints about what a run was seen doing: hosts with port and
// verdict, programs by name and path, files written and where; "not
// observed" (with why) when the tracer was unavailable — never "none".

import type { RunObservation } from '../../core/tool-run/observation.js';

export function observationLines(o: RunObservation): string[] {
  const hosts = o.egress.map((r) => `${r.host}:${r.port} ${r.verdict}`);
  const lines = [`observed hosts: ${hosts.length ? hosts.join(', ') : 'none asked for'}`];
  if (o.programs === null || o.files === null) {
    lines.push(`observed programs and files: not observed (${o.notObserved ?? 'no tracer'})`);
    return lines;
  }
  const programs = o.programs.map((p) => (p.path.endsWith(`/${p.name}`) ? `${p.name} (${p.path})` : p.path));
  lines.push(`observed programs: ${programs.length ? programs.join(', ') : 'none'}`);
  lines.push(`observed files written: ${o.files.length ? o.files.map((f) => `${f.path} (${f.area})`).join(', ') : 'none'}`);
  if (o.truncated) lines.push('(the trace was cut at its size cap: later programs and files are missing)');
  return lines;
}
