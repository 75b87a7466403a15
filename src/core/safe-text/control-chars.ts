// Control characters in text that came from a request, a skill or a model:
// the one escaping function every printer uses (server log lines, CLI
// screens), a stateful variant for text that arrives in pieces (streamed
// model deltas), and the finder the validator reports them with.
//
// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F) are what a terminal
// acts on: ESC starts a cursor/erase sequence, CR returns to column 0 so the
// rest of a line overwrites what came before, BEL rings, U+009B is a one-byte
// CSI. Each is shown as a visible escape (`\e`, `\r`, `\x07`, `\u009b`), so
// the hidden part of `curl … | sh\r\e[2Kecho safe` is on screen. Backslashes
// are left alone: an escape changes what a terminal does, never what it shows.

/** Matches every C0 control, DEL and every C1 control. */
// eslint-disable-next-line no-control-regex -- finding control characters is this module's job
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** The same, except tab, line feed and the CR of a CRLF pair (layout). */
// eslint-disable-next-line no-control-regex -- finding control characters is this module's job
const CONTROL_BUT_LAYOUT = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

const NAMED: Readonly<Record<string, string>> = {
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\u001b': '\\e',
};

const NAMES: Readonly<Record<number, string>> = {
  0x00: 'NUL',
  0x07: 'BEL',
  0x08: 'BS',
  0x0b: 'VT',
  0x0c: 'FF',
  0x0d: 'CR',
  0x1b: 'ESC',
  0x7f: 'DEL',
  0x9b: 'CSI',
};

/** The visible form of one control character: `\e`, `\r`, `\x07`, `\u009b`. */
export function escapeControlChar(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const code = ch.charCodeAt(0);
  // DEL and C1 as \u escapes: inside a JSON string (validate --json) they stay valid JSON.
  return code < 0x20 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

export interface EscapeOptions {
  /**
   * Keep tab, line feed and CRLF line endings as they are (a multi-line
   * screen: a SKILL.md, a model's reply). Default false: everything is
   * escaped, so the text stays on one line (a log line).
   */
  multiline?: boolean;
}

/**
 * Replaces every C0/C1 control character of `text` with a visible escape.
 * Idempotent: the output holds no control character (except tab and line
 * breaks in multiline mode).
 */
export function escapeControlChars(text: string, options: EscapeOptions = {}): string {
  const pattern = options.multiline ? CONTROL_BUT_LAYOUT : CONTROL;
  pattern.lastIndex = 0;
  return pattern.test(text) ? text.replace(pattern, escapeControlChar) : text;
}

/** Escapes text that arrives in pieces (multiline): a CR at the end of a piece waits to see if LF follows. */
export interface StreamEscaper {
  /** The printable form of `piece` (a trailing CR is held back). */
  push(piece: string): string;
  /** What is held back, escaped; call once at the end. */
  end(): string;
}

export function createStreamEscaper(): StreamEscaper {
  let held = '';
  return {
    push(piece) {
      const text = held + piece;
      held = text.endsWith('\r') ? '\r' : '';
      return escapeControlChars(held ? text.slice(0, -1) : text, { multiline: true });
    },
    end() {
      const rest = held;
      held = '';
      return escapeControlChars(rest);
    },
  };
}

/** One control character found in a text. */
export interface ControlCharFinding {
  /** 1-based line. */
  line: number;
  /** `U+001B (ESC)`. */
  label: string;
}

/** Describes a control character for a message: `U+001B (ESC)`. */
export function describeControlChar(ch: string): string {
  const code = ch.charCodeAt(0);
  const name = NAMES[code];
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}${name ? ` (${name})` : ''}`;
}

/**
 * The lines of `text` holding a control character other than tab, line feed
 * or the CR of a CRLF ending — the first one per line, in order.
 */
export function findControlChars(text: string): ControlCharFinding[] {
  // Most texts hold none: one test of the whole text instead of a split and a test per line (a CR needs the per-line look).
  // eslint-disable-next-line no-control-regex -- finding control characters is this module's job
  if (!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(text)) return [];
  const found: ControlCharFinding[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (line.endsWith('\r') && i < lines.length - 1) line = line.slice(0, -1);
    // eslint-disable-next-line no-control-regex -- finding control characters is this module's job
    const m = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.exec(line);
    if (m) found.push({ line: i + 1, label: describeControlChar(m[0]) });
  }
  return found;
}
