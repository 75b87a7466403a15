// The one "is this a JSON/YAML mapping" check shared by the envelope reader and
// the SKILL.md model: an object that is neither null nor an array.

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
