// createSkillBuilder (core): the SPEC §6 event sequence of one turn, progress
// throttling on an injected clock, failures that still deliver what arrived,
// the draft and edit context reaching the model, and a multi-turn interview.
import { TRUNCATED_DRAFT_NOTICE, TRUNCATED_NO_DRAFT_NOTICE } from '../../../src/core/builder/continue-turn.js';
import { describe, expect, it } from 'vitest';
import { createSkillBuilder, type SendError } from '../../../src/core/builder/builder.js';
import { ENVELOPE_SCHEMA_NAME, envelopeJsonSchema } from '../../../src/core/envelope/schema.js';
import { LlmError, PartialResultError, RequestError } from '../../../src/core/errors.js';
import type { BuilderEvent, ParsedEnvelope } from '../../../src/core/envelope/events.js';
import type { ChatMessage, LlmRequest } from '../../../src/core/llm/types.js';
import { PROMPT_EXAMPLES } from '../../../src/core/builder/prompt-examples.js';
import { validateSkillMd } from '../../../src/core/skillmd/validate/validate.js';
import { createScriptedLlm } from '../../../src/testing/scripted-llm.js';

const SKILL_MD = '---\nname: weather-report\ndescription: When the user asks about the weather ("weather in Oslo"), report it.\n---\n# Weather\n';
const DRAFT_REPLY = JSON.stringify({ message: 'Here is your skill.', skill: { skill_md: SKILL_MD, scripts: { 'w.sh': 'echo {}' } } });
const user = (content: string): ChatMessage => ({ role: 'user', content });

async function collect(it: AsyncIterable<BuilderEvent>): Promise<BuilderEvent[]> {
  const out: BuilderEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
}

const types = (events: BuilderEvent[]) => events.map((e) => e.type);
/** The event types but the throttled ones (progress, the partial drafts while the draft is written). */
const withoutProgress = (events: BuilderEvent[]) => types(events).filter((t) => t !== 'progress' && t !== 'skill_draft_partial');

/** A clock that advances `step` ms on every reading. */
function steppingClock(step: number): () => number {
  let t = 0;
  return () => (t += step);
}

describe('createSkillBuilder: chat()', () => {
  it('yields progress, message deltas, message, skill_draft, then done, in that order', async () => {
    const llm = createScriptedLlm([DRAFT_REPLY], { chunkSize: 5 });
    const events = await collect(createSkillBuilder({ llm, now: steppingClock(1000) }).chat([user('weather skill')]));
    const seq = withoutProgress(events);
    const firstMessage = seq.indexOf('message');
    expect(seq.slice(0, firstMessage).every((t) => t === 'message_delta')).toBe(true);
    expect(firstMessage).toBeGreaterThan(0);
    expect(seq.slice(firstMessage)).toEqual(['message', 'skill_draft', 'done']);
    // progress and partial drafts only before the final events
    expect(types(events).lastIndexOf('progress')).toBeLessThan(types(events).indexOf('message'));
    expect(types(events).lastIndexOf('skill_draft_partial')).toBeLessThan(types(events).indexOf('message'));

    const deltas = events.flatMap((e) => (e.type === 'message_delta' ? [e.delta] : [])).join('');
    expect(deltas).toBe('Here is your skill.');
    expect(events.find((e) => e.type === 'message')).toEqual({ type: 'message', content: 'Here is your skill.' });
    expect(events.find((e) => e.type === 'skill_draft')).toMatchObject({ skillMd: SKILL_MD, scripts: { 'w.sh': 'echo {}' } });
    expect(events.at(-1)).toEqual({ type: 'done', status: 'complete', structured: true, truncated: false });
  });

  it('throttles progress to one per interval on the injected clock', async () => {
    // 300-character chunks: the stream reports progress on every push (it does every 256 characters).
    const reply = JSON.stringify({ message: 'x'.repeat(30_000), skill: null });
    const llm = createScriptedLlm([reply], { chunkSize: 300 });
    const clock = steppingClock(50); // 50 ms pass between two readings
    const readings: number[] = [];
    const builder = createSkillBuilder({
      llm,
      now: () => {
        const t = clock();
        readings.push(t);
        return t;
      },
    });
    const events = await collect(builder.chat([user('go')]));
    const progress = events.filter((e) => e.type === 'progress');
    // Every full 300-character push reports progress; a last, shorter push (< 256) does not.
    const pushes = Math.floor(reply.length / 300) + (reply.length % 300 >= 256 ? 1 : 0);
    expect(readings).toHaveLength(pushes);
    // Emitted at t = 50, 300, 550, …: every 5th reading (250 ms apart), i.e. at most 4 per second.
    expect(progress).toHaveLength(Math.ceil(pushes / 5));
  });

  it('emits a single progress event when the clock does not move', async () => {
    const llm = createScriptedLlm([DRAFT_REPLY], { chunkSize: 3 });
    const events = await collect(createSkillBuilder({ llm, now: () => 7 }).chat([user('go')]));
    expect(events.filter((e) => e.type === 'progress')).toHaveLength(1);
  });

  it('asks for native structured output with the envelope JSON Schema', async () => {
    const llm = createScriptedLlm([DRAFT_REPLY]);
    await collect(createSkillBuilder({ llm }).chat([user('go')]));
    expect(llm.requests[0]!.responseSchema).toEqual({ name: ENVELOPE_SCHEMA_NAME, schema: envelopeJsonSchema() });
    const plain = createScriptedLlm([DRAFT_REPLY]);
    await collect(createSkillBuilder({ llm: plain, structuredOutput: false }).chat([user('go')]));
    expect(plain.requests[0]!.responseSchema).toBeUndefined();
  });

  it('builds the envelope schema once and shares it, frozen, across turns and builders', async () => {
    const a = createScriptedLlm([DRAFT_REPLY, DRAFT_REPLY]);
    const builder = createSkillBuilder({ llm: a });
    await collect(builder.chat([user('one')]));
    await collect(builder.chat([user('two')]));
    const b = createScriptedLlm([DRAFT_REPLY]);
    await collect(createSkillBuilder({ llm: b }).chat([user('three')]));
    const [first, second] = a.requests.map((r) => r.responseSchema!);
    expect(second).toBe(first);
    expect(b.requests[0]!.responseSchema).toBe(first);
    expect(Object.isFrozen(first!.schema)).toBe(true);
    expect(Object.isFrozen((first!.schema.properties as Record<string, unknown>).skill)).toBe(true);
  });

  it('delivers the draft that arrived, then the error, when the LLM fails mid-stream', async () => {
    // SPEC §8: a failed LLM call ends the stream with `error` and keeps whatever draft arrived.
    const cut = new LlmError('stream_cut', 'the connection dropped', { provider: 'scripted' });
    const llm = createScriptedLlm([{ text: DRAFT_REPLY, error: cut }], { chunkSize: 8 });
    const events = await collect(createSkillBuilder({ llm }).chat([user('go')]));
    expect(withoutProgress(events).filter((t) => t !== 'message_delta')).toEqual(['message', 'skill_draft', 'error']);
    expect(events.at(-1)).toEqual({ type: 'error', error: 'the connection dropped', code: 'stream_cut' });
    expect(types(events)).not.toContain('done');
  });

  it('delivers the partial message and every finished part of a half-written draft before the error', async () => {
    const half = `{"message": "Drafting now.", "skill": {"skill_md": ${JSON.stringify(SKILL_MD)}, "scripts": {"w.sh": "echo half`;
    const llm = createScriptedLlm([{ text: half, error: new LlmError('network', 'socket hang up', { provider: 'scripted' }) }], { chunkSize: 6 });
    const events = await collect(createSkillBuilder({ llm }).chat([user('go')]));
    const draft = events.find((e) => e.type === 'skill_draft');
    expect(draft).toMatchObject({ skillMd: SKILL_MD, scripts: {} });
    expect(events.find((e) => e.type === 'message')).toMatchObject({ content: 'Drafting now.' });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'network' });
  });

  it('ends with an aborted error when the caller aborts', async () => {
    const controller = new AbortController();
    const llm = createScriptedLlm([DRAFT_REPLY], { chunkSize: 4, delayMs: 1 });
    const events: BuilderEvent[] = [];
    for await (const e of createSkillBuilder({ llm }).chat([user('go')], { signal: controller.signal })) {
      events.push(e);
      if (e.type === 'message_delta') controller.abort();
    }
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'aborted' });
    expect(types(events)).not.toContain('skill_draft');
  });

  it('marks the turn truncated when the model stopped at its output limit', async () => {
    const llm = createScriptedLlm([{ text: 'I was about to write the skill but', finish: 'length' }]);
    const events = await collect(createSkillBuilder({ llm }).chat([user('go')]));
    // No draft could be recovered: the turn ends with a notice, not a silent done (issue 11).
    expect(events.at(-1)).toEqual({ type: 'done', status: 'complete', structured: false, truncated: true, notice: TRUNCATED_NO_DRAFT_NOTICE });
  });

  it('says a draft may be incomplete when a truncated reply still gave one', async () => {
    const cut = DRAFT_REPLY.slice(0, DRAFT_REPLY.length - 3);
    const events = await collect(createSkillBuilder({ llm: createScriptedLlm([{ text: cut, finish: 'length' }]) }).chat([user('go')]));
    expect(types(events)).toContain('skill_draft');
    expect(events.at(-1)).toMatchObject({ type: 'done', truncated: true, notice: TRUNCATED_DRAFT_NOTICE });
  });

  it('shows the model the editor draft, manual edits included', async () => {
    const llm = createScriptedLlm([DRAFT_REPLY]);
    const draft = { skillMd: `${SKILL_MD}\nHAND-EDITED LINE\n`, scripts: { 'w.sh': 'echo edited' } };
    await collect(createSkillBuilder({ llm }).chat([user('make it shorter')], { draft }));
    const system = llm.requests[0]!.system;
    expect(system).toContain('HAND-EDITED LINE');
    expect(system).toContain('echo edited');
  });

  it('sends the on-disk skill in edit mode', async () => {
    const llm = createScriptedLlm([DRAFT_REPLY]);
    await collect(
      createSkillBuilder({ llm }).chat([user('add a tool')], {
        mode: 'edit',
        existing: { dirName: 'weather-report', skillMd: SKILL_MD, scripts: { 'w.sh': 'echo disk' } },
      }),
    );
    expect(llm.requests[0]!.system).toContain('## Edit mode');
    expect(llm.requests[0]!.system).toContain('echo disk');
    expect(llm.requests[0]!.messages).toEqual([user('add a tool')]);
  });

  it('refuses malformed messages with a RequestError', async () => {
    const builder = createSkillBuilder({ llm: createScriptedLlm([]) });
    await expect(collect(builder.chat([]))).rejects.toSatisfy((e) => RequestError.isInstance(e));
    await expect(collect(builder.chat([{ role: 'system', content: 'x' } as unknown as ChatMessage]))).rejects.toSatisfy(
      (e) => RequestError.isInstance(e) && (e as RequestError).field === 'messages.0',
    );
  });

  it('creates a provider client from an LlmConfig and never leaks the key in the error', async () => {
    const apiKey = 'sk-test-secret-value-123';
    const builder = createSkillBuilder({
      llm: {
        provider: 'openai',
        model: 'gpt-test',
        apiKey,
        baseUrl: 'http://127.0.0.1:9/v1',
        fetch: async () => {
          throw new TypeError(`fetch failed for key ${apiKey}`);
        },
      },
    });
    const events = await collect(builder.chat([user('go')]));
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'network' });
    expect(JSON.stringify(events)).not.toContain(apiKey);
  });

  it('refuses a bad LlmConfig when it is created, before any turn', () => {
    expect(() => createSkillBuilder({ llm: { provider: 'openai', model: '' } })).toThrow(/model/);
    expect(() => createSkillBuilder({ llm: { provider: 'nope' as 'openai', model: 'x' } })).toThrow(/provider/);
  });
});

describe('createSkillBuilder: send()', () => {
  it('resolves with the final result', async () => {
    const result = await createSkillBuilder({ llm: createScriptedLlm([DRAFT_REPLY]) }).send([user('go')]);
    expect(result).toMatchObject({ message: 'Here is your skill.', structured: true, truncated: false, skill: { skillMd: SKILL_MD } });
  });

  it('rejects with a SendError: the LLM error as its cause, what arrived as its partial', async () => {
    const boom = new LlmError('server', 'upstream 500', { provider: 'scripted', status: 500 });
    const builder = createSkillBuilder({ llm: createScriptedLlm([{ text: DRAFT_REPLY, error: boom }]) });
    const err = await builder.send([user('go')]).catch((e: unknown) => e);
    expect(PartialResultError.isInstance<ParsedEnvelope>(err)).toBe(true);
    const { cause, partial, message, code } = err as SendError;
    expect([cause, message, code]).toEqual([boom, 'upstream 500', 'partial_result']);
    expect(partial.skill?.skillMd).toBe(SKILL_MD);
    expect(boom).not.toHaveProperty('partial'); // nothing bolted onto the failure
  });

  it('keeps the partial result of a failure that cannot be changed (a frozen error)', async () => {
    const boom = Object.freeze(new LlmError('stream_cut', 'the connection dropped', { provider: 'scripted' }));
    const builder = createSkillBuilder({ llm: createScriptedLlm([{ text: DRAFT_REPLY, error: boom }]) });
    const err = (await builder.send([user('go')]).catch((e: unknown) => e)) as SendError;
    expect([PartialResultError.isInstance(err), err.cause]).toEqual([true, boom]);
    expect(err.partial.message).toBe('Here is your skill.');
  });

  it('scrubs a secret the failure carries from the error and its cause', async () => {
    const leak = new LlmError('auth', 'key sk-live-123456 refused', { provider: 'scripted', status: 401 });
    const builder = createSkillBuilder({ llm: createScriptedLlm([{ text: '', error: leak }]), secrets: ['sk-live-123456'] });
    const err = (await builder.send([user('go')]).catch((e: unknown) => e)) as SendError;
    expect(err.message).toBe('key [redacted] refused');
    expect(JSON.stringify([err.message, err.stack, (err.cause as Error).message, (err.cause as Error).stack])).not.toContain('sk-live-123456');
  });
});

describe('a multi-turn interview', () => {
  // SPEC §1 / seed: at most one question per turn, never re-asking; draft once the essentials are known.
  const QUESTION = JSON.stringify({ message: 'Should GITHUB_TOKEN be required, or optional for higher rate limits?', skill: null });
  const script = PROMPT_EXAMPLES[2]!.envelope;
  const DRAFT = JSON.stringify({ message: 'Drafted with an optional token.', skill: script.skill });

  function interviewer(request: LlmRequest): string {
    // The scripted model asks its one question only when it has not asked it yet.
    const asked = request.messages.some((m) => m.role === 'assistant' && m.content.includes('GITHUB_TOKEN'));
    return asked ? DRAFT : QUESTION;
  }

  it('asks exactly one question, then drafts a SKILL.md that validates with no errors', async () => {
    const llm = createScriptedLlm(interviewer, { chunkSize: 11 });
    const builder = createSkillBuilder({ llm });
    const conversation: ChatMessage[] = [user('I want a skill that reports GitHub repository stats.')];
    let questionTurns = 0;
    let finalDraft: Extract<BuilderEvent, { type: 'skill_draft' }> | undefined;

    for (let turn = 0; turn < 4 && !finalDraft; turn++) {
      const events = await collect(builder.chat(conversation));
      const message = events.find((e) => e.type === 'message');
      const draft = events.find((e) => e.type === 'skill_draft');
      expect(events.at(-1)?.type).toBe('done');
      if (draft?.type === 'skill_draft') finalDraft = draft;
      else {
        questionTurns++;
        expect(message?.type === 'message' && (message.content.match(/\?/g) ?? []).length).toBe(1);
      }
      conversation.push({ role: 'assistant', content: message?.type === 'message' ? message.content : '' });
      if (!finalDraft) conversation.push(user('Optional, please.'));
    }

    expect(questionTurns).toBe(1);
    expect(finalDraft).toBeDefined();
    const validation = validateSkillMd(finalDraft!.skillMd, { scripts: finalDraft!.scripts });
    expect(validation.errors).toEqual([]);
    expect(finalDraft!.spec).toMatchObject({ name: 'github-repo-stats' });
    // The second request replayed the whole conversation, including the question.
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });
});
