// The public API report (api/*.api.md) matches the code: every entry of
// package.json "exports" with types has a report, listing each exported name
// with its declaration, and no report is left for an entry that is gone. A
// change to the public surface therefore shows in review as a diff of api/;
// `npm run api:update` rewrites the reports after a deliberate change.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DIR, apiEntries, buildApiReports, staleReports } from '../../scripts/api-report.js';

describe('the public API report', () => {
  it('names every typed package entry', () => {
    const subpaths = apiEntries().map((e) => e.subpath);
    expect(subpaths).toContain('.');
    expect(subpaths).toContain('./node');
  });

  it('keeps the root entry small (at most about 100 names; the rest live in entries by concept)', () => {
    const report = readFileSync(join(API_DIR, 'forge-skill-builder.api.md'), 'utf8');
    const count = Number(/^(\d+) exported names:/m.exec(report)?.[1]);
    expect(count).toBeGreaterThan(50);
    expect(count, 'move the new names to an entry by concept (src/core/entries) instead of the root').toBeLessThanOrEqual(100);
  });

  it('is up to date with the code (else run `npm run api:update` and review the diff)', { timeout: 300_000 }, () => {
    const reports = buildApiReports();
    expect(staleReports(reports), 'reports out of date — run `npm run api:update`').toEqual([]);
    for (const [name, text] of reports) expect(text, name).toBe(readFileSync(join(API_DIR, name), 'utf8'));
  });
});
