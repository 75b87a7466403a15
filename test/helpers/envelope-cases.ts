// The table of model replies the envelope parser must handle (SPEC §5
// "Parsing never loses a draft"). Used by the parseEnvelope table test and by
// the stream test, which feeds every case in small chunks and checks that
// end() equals parseEnvelope and that no streamed delta is ever wrong.

export interface EnvelopeCase {
  name: string;
  text: string;
  expect: {
    structured: boolean;
    truncated: boolean;
    /** Exact message, or a check on it. */
    message?: string;
    messageIncludes?: string[];
    messageExcludes?: string[];
    /** null: no draft. */
    skill?: null;
    skillMd?: string;
    skillMdIncludes?: string[];
    scripts?: Record<string, string>;
    hasSpec?: boolean;
    /** Diagnostic codes that must be present. */
    diagnostics?: string[];
  };
  /** The stream must emit the whole message as deltas (the reply clearly starts with the envelope). */
  streamsWholeMessage?: boolean;
}

const SKILL_MD = `---
name: weather-report
description: When the user asks about the weather ("weather in Oslo", "will it rain"), report it.
---
# Weather Report

Call the tool.
`;

const SCRIPT = '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "{\\"ok\\": true}"\n';

const env = (message: string, skill: unknown): string => JSON.stringify({ message, skill });
const draft = (extra: Record<string, unknown> = {}) => ({ skill_md: SKILL_MD, scripts: { 'weather.sh': SCRIPT }, ...extra });

export const MINIMAL_SPEC = {
  name: 'weather-report',
  description: 'When the user asks about the weather ("weather in Oslo", "will it rain"), report it.',
  title: 'Weather Report',
  summary: 'Reports the weather.',
  tools: [
    {
      name: 'weather_now',
      description: 'Current weather for a place.',
      input: [{ name: 'location', type: 'string', required: true, description: 'City name' }],
      output: { type: 'object', properties: { temp_c: { type: 'number' } } },
      examples: [
        { request: 'weather in Oslo', input: { location: 'Oslo' } },
        { request: 'is it cold in Bergen', input: { location: 'Bergen' } },
        { request: 'temperature in Paris', input: { location: 'Paris' } },
        { request: 'how warm is Rome', input: { location: 'Rome' } },
        { request: 'weather Berlin', input: { location: 'Berlin' } },
      ],
      heuristics: ['The user names a place and asks about weather.'],
    },
  ],
};

const LONG_FENCE_SKILL = `---
name: fenced-skill
description: When the user says "fence", do it.
---
# Fenced

\`\`\`json
{"example": true}
\`\`\`
`;

export const ENVELOPE_CASES: EnvelopeCase[] = [
  {
    name: 'a plain envelope that asks one question',
    text: env('Which city should the forecast default to?', null),
    expect: { structured: true, truncated: false, message: 'Which city should the forecast default to?', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'an envelope with skill_md and scripts',
    text: env('Here is the skill.', draft()),
    expect: { structured: true, truncated: false, message: 'Here is the skill.', skillMd: SKILL_MD, scripts: { 'weather.sh': SCRIPT } },
    streamsWholeMessage: true,
  },
  {
    name: 'an envelope with a spec, compiled into SKILL.md',
    text: env('Drafted.', { spec: MINIMAL_SPEC, scripts: { 'weather-now.sh': SCRIPT } }),
    expect: {
      structured: true,
      truncated: false,
      message: 'Drafted.',
      skillMdIncludes: ['name: weather-report', '## Tool: weather_now', 'weather in Oslo'],
      scripts: { 'weather-now.sh': SCRIPT },
      hasSpec: true,
    },
    streamsWholeMessage: true,
  },
  {
    name: 'skill written before message',
    text: JSON.stringify({ skill: draft(), message: 'Skill first, then the words.' }),
    expect: { structured: true, truncated: false, message: 'Skill first, then the words.', skillMd: SKILL_MD },
    streamsWholeMessage: true,
  },
  {
    name: 'a fenced json block with prose around it',
    text: `Sure — here it is:\n\n\`\`\`json\n${JSON.stringify({ message: 'Fenced reply.', skill: draft() }, null, 2)}\n\`\`\`\n\nLet me know!`,
    expect: { structured: true, truncated: false, message: 'Fenced reply.', skillMd: SKILL_MD },
    streamsWholeMessage: true,
  },
  {
    name: 'prose before a bare JSON object',
    text: `Here is the result: ${env('After prose.', null)}`,
    expect: { structured: true, truncated: false, message: 'After prose.', skill: null },
  },
  {
    name: 'a wrapper object reaches the inner envelope',
    text: JSON.stringify({ response: { message: 'Wrapped.', skill: draft() } }),
    expect: { structured: true, truncated: false, message: 'Wrapped.', skillMd: SKILL_MD },
    streamsWholeMessage: true,
  },
  {
    name: 'two levels of wrappers',
    text: JSON.stringify({ data: { result: { message: 'Deep.', skill: null } } }),
    expect: { structured: true, truncated: false, message: 'Deep.', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'a wrapper holding the envelope as JSON text',
    text: JSON.stringify({ output: env('From a string.', draft()) }),
    expect: { structured: true, truncated: false, message: 'From a string.', skillMd: SKILL_MD },
  },
  {
    name: 'an incidental {"message":"ok"} in prose never hijacks a fenced legacy draft',
    text: `The API answers {"message":"ok"} when healthy.\n\n\`\`\`\`skill.md\n${SKILL_MD}\`\`\`\`\n`,
    expect: { structured: false, truncated: false, skillMd: SKILL_MD.replace(/\n$/, ''), messageIncludes: ['{"message":"ok"}'] },
  },
  {
    name: 'an incidental {"message":"ok"} in prose before a fenced JSON envelope',
    text: `It returns {"message":"ok"}. Draft:\n\`\`\`json\n${env('The real one.', draft())}\n\`\`\``,
    expect: { structured: true, truncated: false, message: 'The real one.', skillMd: SKILL_MD },
    streamsWholeMessage: true,
  },
  {
    name: 'an empty envelope is skipped for the next one',
    text: `${env('', null)}\n${env('Second, not empty.', null)}`,
    expect: { structured: true, truncated: false, message: 'Second, not empty.', skill: null },
  },
  {
    name: 'raw newlines and tabs inside strings are repaired',
    text: '{"message": "Line one\nline two\tTabbed", "skill": {"skill_md": "---\nname: raw-nl\ndescription: When the user says \\"x\\", do it.\n---\n# Raw\n", "scripts": {}}}',
    expect: { structured: true, truncated: false, message: 'Line one\nline two\tTabbed', skillMdIncludes: ['name: raw-nl'] },
    streamsWholeMessage: true,
  },
  {
    name: 'trailing commas are repaired',
    text: '{"message": "Trailing.", "skill": {"skill_md": "---\\nname: trail\\n---\\n", "scripts": {"a.sh": "echo",},},}',
    expect: { structured: true, truncated: false, message: 'Trailing.', skillMdIncludes: ['name: trail'], scripts: { 'a.sh': 'echo' } },
    streamsWholeMessage: true,
  },
  {
    name: 'single-quoted keys and strings are repaired',
    text: "{'message': 'Single quotes.', 'skill': null}",
    expect: { structured: true, truncated: false, message: 'Single quotes.', skill: null },
  },
  {
    name: 'cut off inside skill_md: message kept, no half SKILL.md',
    text: `{"message": "Here is the draft.", "skill": {"skill_md": ${JSON.stringify(SKILL_MD).slice(0, 40)}`,
    expect: { structured: true, truncated: true, message: 'Here is the draft.', skill: null, diagnostics: ['envelope-truncated'] },
    streamsWholeMessage: true,
  },
  {
    name: 'cut off inside a script: SKILL.md and finished scripts kept',
    text: `{"message": "Draft with scripts.", "skill": {"skill_md": ${JSON.stringify(SKILL_MD)}, "scripts": {"done.sh": "echo done", "half.sh": "echo ha`,
    expect: {
      structured: true,
      truncated: true,
      message: 'Draft with scripts.',
      skillMd: SKILL_MD,
      scripts: { 'done.sh': 'echo done' },
      diagnostics: ['envelope-truncated'],
    },
    streamsWholeMessage: true,
  },
  {
    name: 'cut off inside the message',
    text: '{"message": "I was saying somethi',
    expect: { structured: true, truncated: true, message: 'I was saying somethi', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'cut off inside an escape sequence of the message',
    text: '{"message": "Tab\\',
    expect: { structured: true, truncated: true, message: 'Tab', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'cut off before the skill key',
    text: '{"message": "Complete message.", ',
    expect: { structured: true, truncated: true, message: 'Complete message.', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'cut off inside the spec: the spec is lost, the message says so',
    text: `{"message": "Spec coming.", "skill": {"spec": ${JSON.stringify(MINIMAL_SPEC).slice(0, 120)}`,
    expect: { structured: true, truncated: true, messageIncludes: ['Spec coming.'], skill: null, diagnostics: ['envelope-truncated'] },
  },
  {
    name: 'cut off after a complete spec: the skill is compiled, finished scripts kept',
    text: `{"message": "Spec done.", "skill": {"spec": ${JSON.stringify(MINIMAL_SPEC)}, "scripts": {"weather-now.sh": "echo ok", "x.sh": "ec`,
    expect: {
      structured: true,
      truncated: true,
      message: 'Spec done.',
      skillMdIncludes: ['## Tool: weather_now'],
      scripts: { 'weather-now.sh': 'echo ok' },
      hasSpec: true,
    },
    streamsWholeMessage: true,
  },
  {
    name: 'cut off with nothing but the opening of the skill',
    text: '{"skill": {"skill_md": "---\\nname: x',
    expect: { structured: true, truncated: true, skill: null, messageIncludes: ['cut off'], messageExcludes: ['{', 'skill_md'] },
  },
  {
    name: 'cut off inside the first key: the fragment is never the message',
    text: '{"mess',
    expect: { structured: true, truncated: true, skill: null, messageIncludes: ['cut off'], messageExcludes: ['{"mess'] },
  },
  {
    name: 'prose that merely starts with a brace is prose',
    text: '{ this is not JSON } but a note.',
    expect: { structured: false, truncated: false, skill: null, message: '{ this is not JSON } but a note.' },
  },
  {
    name: 'a reply led by a {"message"} object and then an envelope keeps both messages and the draft',
    text: `{"message": "One moment."}\n${env('Here it is.', draft())}`,
    expect: { structured: true, truncated: false, message: 'One moment.\n\nHere it is.', skillMd: SKILL_MD },
    streamsWholeMessage: false,
  },
  {
    name: 'a reply led by a {"message"} object and prose keeps the prose',
    text: '{"message": "Which city?"}\nI need it for the default.',
    expect: { structured: true, truncated: false, message: 'Which city?\n\nI need it for the default.', skill: null },
  },
  {
    name: 'a malformed envelope in a json fence after prose keeps its message and finished parts',
    text: `Sure:\n\`\`\`json\n{"message": "Broken but readable.", "skill": {"skill_md": ${JSON.stringify(SKILL_MD)}, "scripts": "weather.sh": "x"}}}\n\`\`\``,
    expect: { structured: true, truncated: false, messageIncludes: ['Broken but readable.'], skillMd: SKILL_MD },
    streamsWholeMessage: true,
  },
  {
    name: 'garbage after the message string: the message stays as written',
    text: `{"skill": ${JSON.stringify(draft())}, "message": "Exactly this."J4}`,
    expect: { structured: true, truncated: false, message: 'Exactly this.', skillMd: SKILL_MD },
    streamsWholeMessage: true,
  },
  {
    name: 'legacy: quadruple-backtick skill.md with inner triple fences',
    text: `Here is your skill.\n\n\`\`\`\`skill.md\n${LONG_FENCE_SKILL}\`\`\`\`\n\n\`\`\`\`script: run.sh\n${SCRIPT}\`\`\`\`\n\nDone.`,
    expect: {
      structured: false,
      truncated: false,
      skillMd: LONG_FENCE_SKILL.replace(/\n$/, ''),
      scripts: { 'run.sh': SCRIPT.replace(/\n$/, '') },
      message: 'Here is your skill.\n\nDone.',
    },
  },
  {
    name: 'legacy: triple-backtick skill.md with a nested ```json block keeps the whole file',
    text: `Draft:\n\`\`\`skill.md\n${LONG_FENCE_SKILL}\`\`\`\nThat is all.`,
    expect: { structured: false, truncated: false, skillMd: LONG_FENCE_SKILL.replace(/\n$/, ''), message: 'Draft:\nThat is all.' },
  },
  {
    name: 'legacy: labels tolerate case and spaces',
    text: `\`\`\` SKILL.md \n${SKILL_MD}\`\`\`\n\`\`\`Script : tool.sh\necho hi\n\`\`\``,
    expect: { structured: false, truncated: false, skillMd: SKILL_MD.replace(/\n$/, ''), scripts: { 'tool.sh': 'echo hi' } },
  },
  {
    name: 'legacy: a language word before the label',
    text: `\`\`\`markdown skill.md\n${SKILL_MD}\`\`\`\n\`\`\`bash script: tool.sh\necho hi\n\`\`\``,
    expect: { structured: false, truncated: false, skillMd: SKILL_MD.replace(/\n$/, ''), scripts: { 'tool.sh': 'echo hi' } },
  },
  {
    name: 'legacy: an unlabeled block that starts with frontmatter holding name: is the SKILL.md',
    text: `Try this:\n\`\`\`\n${SKILL_MD}\`\`\``,
    expect: { structured: false, truncated: false, skillMd: SKILL_MD.replace(/\n$/, ''), message: 'Try this:' },
  },
  {
    name: 'legacy: a markdown-tagged block with frontmatter is the SKILL.md',
    text: `\`\`\`markdown\n${SKILL_MD}\`\`\`\nAnything else?`,
    expect: { structured: false, truncated: false, skillMd: SKILL_MD.replace(/\n$/, ''), message: 'Anything else?' },
  },
  {
    name: 'legacy: a block with frontmatter but no name: is not a skill',
    text: 'Example config:\n```yaml\n---\ntitle: not a skill\n---\n```',
    expect: { structured: false, truncated: false, skill: null, message: 'Example config:\n```yaml\n---\ntitle: not a skill\n---\n```' },
  },
  {
    name: 'legacy: an unclosed skill.md block is kept and flagged as truncated',
    text: `\`\`\`\`skill.md\n${SKILL_MD}`,
    expect: { structured: false, truncated: true, skillMd: SKILL_MD, diagnostics: ['legacy-fence-unclosed'] },
  },
  {
    name: 'legacy: scripts without a SKILL.md stay visible in the message',
    text: 'Only a script:\n```script: a.sh\necho a\n```',
    expect: { structured: false, truncated: false, skill: null, messageIncludes: ['echo a'], diagnostics: ['envelope-skill-md-missing'] },
  },
  {
    name: 'legacy: CRLF line endings',
    text: `Draft:\r\n\`\`\`\`skill.md\r\n---\r\nname: crlf\r\n---\r\n# CRLF\r\n\`\`\`\`\r\n`,
    expect: { structured: false, truncated: false, skillMd: '---\nname: crlf\n---\n# CRLF', message: 'Draft:' },
  },
  {
    name: 'an unsafe script name is dropped with a diagnostic',
    text: env('Scripts.', { skill_md: SKILL_MD, scripts: { '../evil.sh': 'rm -rf /', 'good.sh': 'echo ok' } }),
    expect: { structured: true, truncated: false, scripts: { 'good.sh': 'echo ok' }, diagnostics: ['script-name-unsafe'] },
    streamsWholeMessage: true,
  },
  {
    name: 'a hidden or nested script name is dropped',
    text: env('Scripts.', { skill_md: SKILL_MD, scripts: { '.env': 'KEY=1', 'a/b.sh': 'x', 'c\\d.sh': 'y' } }),
    expect: { structured: true, truncated: false, scripts: {}, diagnostics: ['script-name-unsafe'] },
    streamsWholeMessage: true,
  },
  {
    name: 'a scripts/ prefix on a script name is the folder, not part of the name',
    text: env('Prefixed.', { skill_md: SKILL_MD, scripts: { 'scripts/ok.sh': 'echo ok' } }),
    expect: { structured: true, truncated: false, scripts: { 'ok.sh': 'echo ok' } },
    streamsWholeMessage: true,
  },
  {
    name: 'scripts as a list of {name, content} (closed schema flavour)',
    text: env('List.', {
      spec: null,
      skill_md: SKILL_MD,
      scripts: [
        { name: 'a.sh', content: 'echo a' },
        { name: 'b.py', content: 'print(1)' },
      ],
    }),
    expect: { structured: true, truncated: false, skillMd: SKILL_MD, scripts: { 'a.sh': 'echo a', 'b.py': 'print(1)' } },
    streamsWholeMessage: true,
  },
  {
    name: 'a closed-flavour spec (nulls, JSON text, key/value lists) compiles',
    text: env('Closed.', {
      spec: {
        ...MINIMAL_SPEC,
        icon: null,
        category: null,
        tags: null,
        extra_frontmatter: [{ key: 'license_note', value: '"MIT"' }],
        tools: MINIMAL_SPEC.tools.map((t) => ({
          ...t,
          output: JSON.stringify(t.output),
          examples: t.examples.map((e) => ({ request: e.request, input: JSON.stringify(e.input) })),
          notes: null,
          process: null,
        })),
        safety: null,
        notes: null,
        extra_sections: null,
      },
      skill_md: null,
      scripts: [],
    }),
    expect: {
      structured: true,
      truncated: false,
      skillMdIncludes: ['## Tool: weather_now', '{"location":"Oslo"}', 'temp_c', 'license_note: MIT'],
      hasSpec: true,
    },
    streamsWholeMessage: true,
  },
  {
    name: 'an invalid spec next to a skill_md: the skill_md is used',
    text: env('Both.', { spec: { description: 42 }, skill_md: SKILL_MD, scripts: {} }),
    expect: { structured: true, truncated: false, skillMd: SKILL_MD, diagnostics: ['envelope-spec-invalid'] },
    streamsWholeMessage: true,
  },
  {
    name: 'an invalid spec alone: no draft, the message says why, scripts kept visible',
    text: env('Broken spec.', { spec: { tools: 'nope' }, scripts: { 'a.sh': 'echo kept' } }),
    expect: {
      structured: true,
      truncated: false,
      skill: null,
      messageIncludes: ['Broken spec.', 'not usable', 'echo kept'],
      diagnostics: ['envelope-spec-invalid'],
    },
    streamsWholeMessage: true,
  },
  {
    name: 'an empty draft object (strict structured output) is no draft and adds no note',
    text: env('Which API should it call?', { skill_md: '', scripts: {} }),
    expect: { structured: true, truncated: false, skill: null, message: 'Which API should it call?' },
    streamsWholeMessage: true,
  },
  {
    name: 'an empty draft in the closed shape (null spec and skill_md, no scripts) is no draft',
    text: env('One question first.', { spec: null, skill_md: null, scripts: [] }),
    expect: { structured: true, truncated: false, skill: null, message: 'One question first.' },
    streamsWholeMessage: true,
  },
  {
    name: 'an empty draft with whitespace-only skill_md and an empty spec object is no draft',
    text: env('Noted.', { spec: {}, skill_md: '  \n', scripts: {} }),
    expect: { structured: true, truncated: false, skill: null, message: 'Noted.' },
    streamsWholeMessage: true,
  },
  {
    name: 'scripts without a SKILL.md still get the notice, with the scripts kept visible',
    text: env('Here it is.', { skill_md: '', scripts: { 'a.sh': 'echo kept' } }),
    expect: {
      structured: true,
      truncated: false,
      skill: null,
      messageIncludes: ['Here it is.', 'not usable', 'echo kept'],
      diagnostics: ['envelope-skill-md-missing'],
    },
    streamsWholeMessage: true,
  },
  {
    name: 'a spec with one invalid optional field compiles without it',
    text: env('Mostly fine.', { spec: { ...MINIMAL_SPEC, tags: 'not-a-list' }, scripts: {} }),
    expect: { structured: true, truncated: false, skillMdIncludes: ['## Tool: weather_now'], hasSpec: true, diagnostics: ['envelope-spec-partial'] },
    streamsWholeMessage: true,
  },
  {
    name: 'a spec sent as JSON text',
    text: env('Spec as text.', { spec: JSON.stringify(MINIMAL_SPEC), scripts: {} }),
    expect: { structured: true, truncated: false, skillMdIncludes: ['## Tool: weather_now'], hasSpec: true },
    streamsWholeMessage: true,
  },
  {
    name: 'plain prose is the message',
    text: '  What should the skill be called?  ',
    expect: { structured: false, truncated: false, message: 'What should the skill be called?', skill: null },
  },
  {
    name: 'an empty reply',
    text: '',
    expect: { structured: false, truncated: false, message: '', skill: null },
  },
  {
    name: 'a lone {"message"} object without skill is still the message',
    text: '```json\n{"message": "Which API key name?"}\n```',
    expect: { structured: true, truncated: false, message: 'Which API key name?', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'braces and quotes inside strings do not confuse the scanner',
    text: env('Use {name} and } or { and "quotes" \\ too', { skill_md: '---\nname: braces\n---\n{ not closed', scripts: {} }),
    expect: { structured: true, truncated: false, message: 'Use {name} and } or { and "quotes" \\ too', skillMdIncludes: ['{ not closed'] },
    streamsWholeMessage: true,
  },
  {
    name: 'a stray unbalanced brace in prose before the envelope',
    text: `Note: the { key is odd.\n${env('After a stray brace.', null)}`,
    expect: { structured: true, truncated: false, message: 'After a stray brace.', skill: null },
  },
  {
    name: 'an envelope quoted inside skill_md does not win over the real one',
    text: env('Outer wins.', { skill_md: `${SKILL_MD}\nExample reply: ${env('inner', null)}\n`, scripts: {} }),
    expect: { structured: true, truncated: false, message: 'Outer wins.', skillMdIncludes: ['Example reply'] },
    streamsWholeMessage: true,
  },
  {
    name: 'an example envelope inside a legacy SKILL.md block does not hijack the draft',
    text: `\`\`\`\`skill.md\n${SKILL_MD}\nReplies look like ${env('example only', null)}\n\`\`\`\``,
    expect: { structured: false, truncated: false, skillMdIncludes: ['Replies look like'] },
  },
  {
    name: 'the first of two envelopes wins',
    text: `${env('First.', null)}\n${env('Second.', draft())}`,
    expect: { structured: true, truncated: false, message: 'First.', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'a byte order mark before the envelope',
    text: `\uFEFF${env('With BOM.', null)}`,
    expect: { structured: true, truncated: false, message: 'With BOM.', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'unicode escapes and surrogate pairs in the message',
    text: '{"message": "Gr\\u00fc\\u00dfe \\ud83d\\ude00 and raw 😀 — \\u2713", "skill": null}',
    expect: { structured: true, truncated: false, message: 'Grüße 😀 and raw 😀 — ✓', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'an invalid \\u escape in the message is read as written, not shown as raw JSON',
    text: '{"message": "bad \\uZZ12 escape", "skill": null}',
    expect: { structured: true, truncated: false, message: 'bad ZZ12 escape', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'a message given as {content} object',
    text: JSON.stringify({ message: { content: 'Nested content.' }, skill: null }),
    expect: { structured: true, truncated: false, message: 'Nested content.', skill: null },
  },
  {
    name: 'a skill given directly as SKILL.md text',
    text: env('As text.', SKILL_MD),
    expect: { structured: true, truncated: false, skillMd: SKILL_MD, scripts: {} },
    streamsWholeMessage: true,
  },
  {
    name: 'an empty skill object means no draft',
    text: env('Nothing yet.', {}),
    expect: { structured: true, truncated: false, message: 'Nothing yet.', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'an envelope inside a JSON array',
    text: `[${env('In an array.', null)}]`,
    expect: { structured: true, truncated: false, message: 'In an array.', skill: null },
  },
  {
    name: 'a non-string script content is dropped',
    text: env('Bad content.', { skill_md: SKILL_MD, scripts: { 'a.sh': 42, 'b.sh': 'echo b' } }),
    expect: { structured: true, truncated: false, scripts: { 'b.sh': 'echo b' }, diagnostics: ['script-content-invalid'] },
    streamsWholeMessage: true,
  },
  // Found by fuzzing (test/fuzz/): the stream must never have shown text the
  // final message takes back, and a stray quote must not hide the envelope.
  {
    name: 'a repeated "message" key keeps the message already shown, then the later one',
    text: '{"message": "First.", "skill": null, "message": "Second."}',
    expect: { structured: true, truncated: false, message: 'First.\n\nSecond.', skill: null, diagnostics: ['envelope-message-rewritten'] },
  },
  {
    name: 'a malformed object opening the reply, then a valid envelope: both messages and the draft',
    text: `{"message": "Working on it", "skill": {"skill_md": 12 "x"}}\n${env('Done.', draft())}`,
    expect: { structured: true, truncated: false, message: 'Working on it\n\nDone.', skillMd: SKILL_MD, diagnostics: ['envelope-message-rewritten'] },
  },
  {
    name: 'a model that starts its JSON over in mid-message keeps the shown text and the draft',
    text: `{"message": "Here is the dra${env('Here is the draft.', draft())}`,
    expect: { structured: true, truncated: false, message: 'Here is the dra{\n\nHere is the draft.', skillMd: SKILL_MD, scripts: { 'weather.sh': SCRIPT } },
  },
  {
    name: 'a model that starts its JSON over inside skill_md: the complete envelope wins',
    text: `{"message": "Here is the draft.", "skill": {"skill_md": "---\\nna${env('Here is the draft.', draft())}`,
    expect: { structured: true, truncated: false, message: 'Here is the draft.', skillMd: SKILL_MD },
    streamsWholeMessage: true,
  },
  {
    name: 'a stray {" in prose before the envelope does not hide it',
    text: `Type {" to start a key.\n${env('Found anyway.', { skill_md: '---\nname: stray\n---\n', scripts: {} })}`,
    expect: { structured: true, truncated: false, message: 'Found anyway.', skillMd: '---\nname: stray\n---\n' },
  },
  {
    name: 'a stray {"} before the envelope does not hide it',
    text: `{"{"}${env('After the stray.', null)}`,
    expect: { structured: true, truncated: false, message: 'After the stray.', skill: null },
  },
  {
    name: 'a repair that reads past a stray {" does not win over the exact envelope inside it',
    text: `{"${env('', { spec: MINIMAL_SPEC, scripts: { 'a.py': 'print(1)' } })}`,
    expect: { structured: true, truncated: false, skillMdIncludes: ['## Tool: weather_now'], scripts: { 'a.py': 'print(1)' }, hasSpec: true },
  },
  {
    name: 'a skill given as blank text means no draft',
    text: env('Blank.', '  \n'),
    expect: { structured: true, truncated: false, message: 'Blank.', skill: null },
    streamsWholeMessage: true,
  },
  {
    name: 'legacy: an empty skill.md block is no draft',
    text: '```skill.md\n   \n```\nok',
    expect: { structured: false, truncated: false, skill: null, diagnostics: ['envelope-skill-md-missing'] },
  },
  {
    name: 'an envelope whose message has escaped newlines and quotes',
    text: env('He said "hi".\nSecond line\twith tab\\backslash', null),
    expect: { structured: true, truncated: false, message: 'He said "hi".\nSecond line\twith tab\\backslash', skill: null },
    streamsWholeMessage: true,
  },
];
