// Incremental reading of a reply as it streams in: the
// text of the envelope's `message` is decoded and emitted as `message_delta`
// events while it is generated, and `progress` says how much has arrived and
// whether the model is writing the message or the skill. `end()` returns what
// `parseEnvelope` gives for the whole text.
//
// The reading itself is reader.ts (linear in the input, the same
// output however the text is cut into chunks). It emits only text it is sure
// belongs to the envelope the final parse will pick; should the reply still
// turn out otherwise (the model repeats the `message` key, or restarts its
// JSON after the message was shown), the final parse keeps the text already
// shown at the start of the message, so every delta stays true.

import { readPartialDraft } from './partial-draft.js';
import type { BuilderEvent, DraftPhase, ParsedEnvelope, SkillDraft } from './events.js';
import { isEnvelopeText, parseEnvelopeShown } from './parse.js';
import { EnvelopeReader } from './reader.js';

export interface EnvelopeStream {
  /**
   * Feeds the next piece of the reply; returns the events it produced: at most
   * one `message_delta` and one `progress` (sent on the first push, when the
   * phase changes and after every 256 more characters). Do not mutate the array.
   */
  push(chunk: string): BuilderEvent[];
  /** Ends the reply: the same result as `parseEnvelope` of everything pushed. */
  end(): ParsedEnvelope;
  /** Characters received so far. */
  readonly chars: number;
  /** Whether the model is writing the message or the skill now. */
  readonly phase: DraftPhase;
  /**
   * The draft as far as it has been written (readPartialDraft of everything
   * pushed), or null when the model is not writing one yet. Reads the whole
   * text each call: throttle it.
   */
  partialDraft(): SkillDraft | null;
}

/** A `progress` event at least every this many characters (and on every phase change). */
const PROGRESS_STEP = 256;
const NO_EVENTS: BuilderEvent[] = [];

export function createEnvelopeStream(): EnvelopeStream {
  const stream = new Stream();
  return {
    get chars() {
      return stream.chars;
    },
    get phase() {
      return stream.phase();
    },
    push: (chunk) => stream.push(chunk),
    end: () => stream.end(),
    partialDraft: () => stream.partialDraft(),
  };
}

/** A class (internal) so every stream shares one set of optimised methods. */
class Stream {
  // The text so far. Appending builds a rope in O(1); it is flattened once, in end().
  private text = '';
  /** Every delta emitted so far, in order (never joined: end() compares them in place). */
  private readonly shown: string[] = [];
  chars = 0;
  private lastProgressChars = -1;
  private lastPhase: DraftPhase = 'message';
  private readonly reader = new EnvelopeReader(isEnvelopeText);

  push(chunk: string): BuilderEvent[] {
    if (typeof chunk !== 'string' || chunk === '') return NO_EVENTS;
    this.text += chunk;
    this.chars += chunk.length;
    const delta = this.reader.read(chunk);
    // Progress when the phase changes or another PROGRESS_STEP characters arrived
    // (consumers throttle by time anyway; this keeps tiny chunks cheap).
    const ph = this.reader.phase();
    const progress = ph !== this.lastPhase || this.chars - this.lastProgressChars >= PROGRESS_STEP || this.lastProgressChars < 0;
    if (!progress && delta === '') return NO_EVENTS;
    const events: BuilderEvent[] = [];
    if (progress) {
      events.push({ type: 'progress', chars: this.chars, phase: ph });
      this.lastPhase = ph;
      this.lastProgressChars = this.chars;
    }
    if (delta !== '') {
      events.push({ type: 'message_delta', delta });
      this.shown.push(delta);
    }
    return events;
  }

  end(): ParsedEnvelope {
    return parseEnvelopeShown(this.text, this.shown);
  }

  phase(): DraftPhase {
    return this.reader.phase();
  }

  partialDraft(): SkillDraft | null {
    return this.reader.phase() === 'skill' ? readPartialDraft(this.text) : null;
  }
}
