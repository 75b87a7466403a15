// Fuzz: the .env editor. Any sequence of set/remove operations on a file full
// of other content reads back exactly like a model Map, and every line that
// is not an assignment of an edited key (comments, blank lines, other keys,
// `export` lines, quoted values, junk) survives byte for byte, in order. A
// value with a line break or NUL, or a bad key name, is refused and leaves
// the file as it was. Runs on the pure editEnvText and through
// setEnvFileValue/readEnvFile on a memfs volume (createFsFromVolume).
import fc from 'fast-check';
import { createFsFromVolume, Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { editEnvText, parseEnvLine, parseEnvText, readEnvFile, setEnvFileValue } from '../../src/node/config/env-file.js';
import type { FsLike } from '../../src/node/fs/types.js';
import { codeUnit, FUZZ_TIMEOUT, fuzzParams } from '../helpers/fuzz.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The keys the operations touch. */
const KEYS = ['API_KEY', 'export_ME', '_X', 'K9'] as const;

/** Values a .env may hold: everything but CR, LF and NUL. */
const valueChar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'Z', '0', '-', '_', '.', ':', '/', '+', '@', '%', ',', '=', '~', '^') },
  { weight: 3, arbitrary: fc.constantFrom(' ', '\t', '#', '"', "'", '$', '`', '\\', '!', '*', '(', ')', '{', '}', ';', '&', '|', '<', '>', '?', '[', ']') },
  { weight: 1, arbitrary: fc.constantFrom('é', '東', '😀', '\u2028', '\u00a0', '\u0001', '\u007f', '\uFEFF') },
);
const goodValue = fc.oneof(
  fc.string({ unit: valueChar, minLength: 1, maxLength: 16 }),
  fc.constantFrom('sk-abc123', ' padded ', "it's", 'say "hi"', 'a #b', '#hash', 'x # y', '\\n', '$HOME', '`id`', "'", '"', '\\', '=', 'a=b', "''", '""'),
);
/** Values that must be refused: a CR, LF or NUL somewhere. */
const badValue = fc
  .tuple(fc.string({ unit: valueChar, maxLength: 6 }), fc.constantFrom('\n', '\r', '\0', '\r\n'), fc.string({ unit: valueChar, maxLength: 6 }))
  .map(([a, b, c]) => a + b + c);
const badKey = fc.constantFrom('', '1ABC', 'A-B', 'A B', 'A=B', 'é', 'A\nB');

/** Lines for an edited key, in the shapes people write. */
const keyLine = fc
  .record({
    key: fc.constantFrom(...KEYS),
    indent: fc.constantFrom('', '', ' ', '\t'),
    exported: fc.boolean(),
    space: fc.constantFrom('', ' '),
    value: fc.constantFrom(
      'v1',
      '"quoted value"',
      "'single'",
      '"esc \\" \\\\ \\n"',
      'plain # comment',
      '',
      '#note',
      '"x"#c',
      "'y' # c",
      '"unterminated',
      'a b',
      '"a" trailing',
    ),
  })
  .map((l) => `${l.indent}${l.exported ? 'export ' : ''}${l.key}${l.space}=${l.space}${l.value}`);

/** Lines that must never change: comments, blanks, other keys, junk that merely mentions a key. */
const otherLine = fc.oneof(
  fc.constantFrom(
    '# comment',
    '#API_KEY=commented out',
    '   # indented comment',
    '',
    '   ',
    '\t',
    'OTHER=1',
    'export OTHER_2="two words"',
    "SINGLE='$HOME'",
    'EMPTY=',
    'lower_case=x',
    'API_KEYS=not the same key',
    'XAPI_KEY=also not',
    'API_KEY',
    'API_KEY: yaml style',
    '=no key',
    'export',
    'export API_KEY',
    'not a line at all',
    '[section]',
    'K9 =',
    ' K 9=x',
  ),
  fc
    .string({ unit: fc.oneof(valueChar, fc.constantFrom('A', 'P', 'I', '=', 'K')), maxLength: 20 })
    .filter((s) => parseEnvLine(s) === null || !(KEYS as readonly string[]).includes(parseEnvLine(s)!.key)),
  fc.stringMatching(/^OTHER_[A-Z0-9]{1,4}=[a-z0-9 "'#]{0,8}$/),
);

const initialText = fc
  .record({
    lines: fc.array(fc.oneof({ weight: 3, arbitrary: otherLine }, { weight: 1, arbitrary: keyLine }), { maxLength: 14 }),
    crlf: fc.boolean(),
    finalNewline: fc.boolean(),
  })
  .map(({ lines, crlf, finalNewline }) => {
    if (lines.length === 0) return '';
    const eol = crlf ? '\r\n' : '\n';
    return lines.join(eol) + (finalNewline ? eol : '');
  });

type Op = { key: (typeof KEYS)[number]; value: string };
/** A set (any good value) or a remove (the empty value). */
const op: fc.Arbitrary<Op> = fc.record({
  key: fc.constantFrom(...KEYS),
  value: fc.oneof({ weight: 3, arbitrary: goodValue }, { weight: 1, arbitrary: fc.constant('') }),
});

function isKeyLine(line: string): boolean {
  const parsed = parseEnvLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  return parsed !== null && (KEYS as readonly string[]).includes(parsed.key);
}

/** The lines no operation may touch, each with its own line end. */
function untouched(text: string): string[] {
  return (text.match(/[^\n]*\n|[^\n]+$/g) ?? []).filter((l) => !isKeyLine(l.replace(/\r?\n$/, '')));
}

function checkAgainstModel(text: string, model: Map<string, string>, before: string): void {
  expect({ ...parseEnvText(text) }).toEqual(Object.fromEntries(model));
  // Other lines survive byte for byte, line ends included, in order. Only a last line that had
  // no line end may gain one (a key appended after it).
  const was = untouched(before);
  const now = untouched(text);
  expect(now.length).toBe(was.length);
  now.forEach((line, i) => {
    const old = was[i]!;
    if (line !== old)
      expect({ i, line }).toEqual({
        i,
        line: i === was.length - 1 && !old.endsWith('\n') && line.startsWith(old) && /^\r?\n$/.test(line.slice(old.length)) ? line : old,
      });
  });
  // A CR appears only in a file that already used them.
  if (!before.includes('\r')) expect(text.includes('\r')).toBe(false);
}

function modelOf(text: string): Map<string, string> {
  return new Map(Object.entries(parseEnvText(text)));
}

function applyToModel(model: Map<string, string>, o: Op): void {
  if (o.value === '') model.delete(o.key);
  else model.set(o.key, o.value);
}

describe('.env editor (fuzz)', () => {
  it('editEnvText: any set/remove sequence matches a model Map; other lines survive byte for byte', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(
      fc.property(initialText, fc.array(op, { maxLength: 12 }), (initial, ops) => {
        const model = modelOf(initial);
        let text = initial;
        for (const o of ops) {
          const exportedBefore = lastDefinition(text, o.key)?.exported ?? false;
          const before = text;
          text = editEnvText(text, o.key, o.value);
          applyToModel(model, o);
          checkAgainstModel(text, model, before);
          // A rewritten key keeps its `export`.
          if (o.value !== '' && exportedBefore) expect(lastDefinition(text, o.key)?.exported).toBe(true);
        }
        // Other lines survive the whole sequence too (up to a line end gained by the last one).
        expect(untouched(text).map((l) => l.replace(/\r?\n$/, ''))).toEqual(untouched(initial).map((l) => l.replace(/\r?\n$/, '')));
      }),
      fuzzParams(400),
    );
  });

  it('setEnvFileValue on memfs: matches the model; bad values and names are refused and change nothing', { timeout: FUZZ_TIMEOUT }, async () => {
    const step = fc.oneof(
      { weight: 5, arbitrary: op.map((o) => ({ ...o, bad: false as const })) },
      { weight: 1, arbitrary: fc.record({ key: fc.constantFrom(...KEYS), value: badValue, bad: fc.constant(true as const) }) },
      { weight: 1, arbitrary: fc.record({ key: badKey, value: goodValue, bad: fc.constant(true as const) }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.option(initialText, { freq: 5 }), fc.array(step, { maxLength: 8 }), async (initial, steps) => {
        const vol = new Volume();
        const fs = createFsFromVolume(vol) as unknown as FsLike;
        const path = '/ws/.forge/.env';
        if (initial !== null) vol.fromJSON({ [path]: initial });
        const model = modelOf(initial ?? '');
        let text = initial;
        for (const s of steps) {
          if (s.bad) {
            const err = await setEnvFileValue(path, s.key, s.value, { fs }).then(
              () => null,
              (e: unknown) => e,
            );
            expect(err).toBeInstanceOf(ConfigError);
            // The refusal never repeats the value (it may be a secret).
            if (s.value.length >= 3) expect((err as Error).message).not.toContain(s.value);
            expect(readRaw(vol, path)).toBe(text);
            continue;
          }
          await setEnvFileValue(path, s.key, s.value, { fs });
          applyToModel(model, s);
          const now = readRaw(vol, path);
          expect(now).not.toBeNull();
          checkAgainstModel(now!, model, text ?? '');
          expect({ ...(await readEnvFile(path, { fs })) }).toEqual(Object.fromEntries(model));
          text = now;
        }
      }),
      fuzzParams(150),
    );
  });

  it('setEnvFileValue on memfs: a value is read back exactly, whatever its characters', { timeout: FUZZ_TIMEOUT }, async () => {
    const anyValue = fc.string({ unit: fc.oneof(valueChar, codeUnit), minLength: 1, maxLength: 12 }).filter((v) => !/[\r\n\0]/.test(v));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...KEYS), anyValue, async (key, value) => {
        const vol = new Volume();
        const fs = createFsFromVolume(vol) as unknown as FsLike;
        const path = '/ws/.env';
        const outcome = await setEnvFileValue(path, key, value, { fs }).then(
          () => 'written',
          (e: unknown) => e,
        );
        if (outcome !== 'written') {
          // Only a value that cannot be stored as UTF-8 text may be refused, and then nothing is written.
          expect(outcome).toBeInstanceOf(ConfigError);
          expect(LONE_SURROGATE.test(value)).toBe(true);
          expect(readRaw(vol, path)).toBeNull();
          return;
        }
        expect((await readEnvFile(path, { fs }))[key]).toBe(value);
      }),
      fuzzParams(300),
    );
  });
});

function lastDefinition(text: string, key: string): ReturnType<typeof parseEnvLine> {
  let found: ReturnType<typeof parseEnvLine> = null;
  for (const raw of text.split('\n')) {
    const p = parseEnvLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
    if (p?.key === key) found = p;
  }
  return found;
}

function readRaw(vol: InstanceType<typeof Volume>, path: string): string | null {
  return vol.existsSync(path) ? (vol.readFileSync(path, 'utf8') as string) : null;
}
