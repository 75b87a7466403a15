// evals/evals.json in skill-creator's format: read into cases, written back
// byte for byte when unchanged (whatever its spacing, key order, unknown fields
// and final newline), written in the source's indentation when changed with
// unknown fields kept, and bad files named by field.
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../src/core/errors.js';
import { evalsDocument, readEvalsJson, writeEvalsJson } from '../../../src/core/evals/evals-file.js';

const SKILL_CREATOR = `{
  "skill_name": "example-skill",
  "evals": [
    {
      "id": 1,
      "prompt": "User's example prompt",
      "expected_output": "Description of expected result",
      "files": ["evals/files/sample1.pdf"],
      "expectations": [
        "The output includes X",
        "The skill used script Y"
      ]
    }
  ]
}
`;

const ODD = '{"evals":[{"prompt":"Convert 3 mi","id":7,"expectations":["answer_contains: 4.8"],"x_note":"kept"}],"skill_name":"unit-convert","owner":"ops"}';

describe('evals.json', () => {
  it.each([
    ['skill-creator example', SKILL_CREATOR],
    ['compact, odd key order, unknown fields, no final newline', ODD],
    ['tabs and CRLF', SKILL_CREATOR.replaceAll('  ', '\t').replaceAll('\n', '\r\n')],
    ['no optional fields', '{ "skill_name": "s", "evals": [ { "id": 2, "prompt": "p" } ] }\n'],
  ])('round-trips byte for byte when unchanged: %s', (_name, text) => {
    const doc = readEvalsJson(text);
    expect(writeEvalsJson(doc)).toBe(text);
    // Also after a read of the written text.
    expect(writeEvalsJson(readEvalsJson(writeEvalsJson(doc)))).toBe(text);
  });

  it('reads the cases in camelCase', () => {
    const doc = readEvalsJson(SKILL_CREATOR);
    expect(doc.skillName).toBe('example-skill');
    expect(doc.cases).toEqual([
      {
        id: 1,
        prompt: "User's example prompt",
        expectedOutput: 'Description of expected result',
        files: ['evals/files/sample1.pdf'],
        expectations: ['The output includes X', 'The skill used script Y'],
        source: 'file',
      },
    ]);
  });

  it('writes a changed document in the source indentation, keeping unknown fields and key order', () => {
    const doc = readEvalsJson(ODD);
    doc.cases[0]!.expectations.push('tool_called: convert_units');
    doc.cases.push({ id: 8, prompt: 'Convert 5 kg to lb', expectedOutput: '', files: [], expectations: [], source: 'designer' });
    const text = writeEvalsJson(doc);
    expect(JSON.parse(text)).toEqual({
      evals: [
        { prompt: 'Convert 3 mi', id: 7, expectations: ['answer_contains: 4.8', 'tool_called: convert_units'], x_note: 'kept' },
        { id: 8, prompt: 'Convert 5 kg to lb' },
      ],
      skill_name: 'unit-convert',
      owner: 'ops',
    });
    expect(text.endsWith('\n')).toBe(false);
    const tabbed = readEvalsJson(SKILL_CREATOR.replaceAll('  ', '\t'));
    tabbed.cases[0]!.prompt = 'changed';
    expect(writeEvalsJson(tabbed)).toContain('\n\t"evals"');
  });

  it('a new document is written with two spaces and a final newline', () => {
    const text = writeEvalsJson(
      evalsDocument('unit-convert', [{ id: 1, prompt: 'p', expectedOutput: 'e', files: [], expectations: ['x'], source: 'designer' }]),
    );
    expect(text).toBe(
      '{\n  "skill_name": "unit-convert",\n  "evals": [\n    {\n      "id": 1,\n      "prompt": "p",\n      "expected_output": "e",\n      "expectations": [\n        "x"\n      ]\n    }\n  ]\n}\n',
    );
  });

  it.each([
    ['not JSON', '{', 'evals.json'],
    ['no evals list', '{"skill_name": "s"}', 'evals'],
    ['id not an integer', '{"evals": [{"id": "1", "prompt": "p"}]}', 'evals[0].id'],
    ['empty prompt', '{"evals": [{"id": 1, "prompt": " "}]}', 'evals[0].prompt'],
    ['expectations not strings', '{"evals": [{"id": 1, "prompt": "p", "expectations": [1]}]}', 'evals[0].expectations'],
    ['duplicate ids', '{"evals": [{"id": 1, "prompt": "p"}, {"id": 1, "prompt": "q"}]}', 'evals[1].id'],
  ])('names the field of a bad file: %s', (_name, text, field) => {
    expect(() => readEvalsJson(text)).toThrow(expect.objectContaining({ field }) as RequestError);
  });
});
