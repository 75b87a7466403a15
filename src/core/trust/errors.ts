// The failure family of signing and trust: a malformed manifest, key or
// signature file (`trust_invalid`), and a skill a trust policy refuses
// (`trust_refused`). The message names the file or policy field and the fix.

import { ForgeError, hasForgeCode } from '../errors.js';

/** A manifest, key or signature file that cannot be read; `field` names the file. */
export class TrustFileError extends ForgeError {
  readonly code = 'trust_invalid' as const;
  declare readonly field: string;

  constructor(message: string, file: string) {
    super(message, { field: file });
  }

  static override isInstance(value: unknown): value is TrustFileError {
    return hasForgeCode(value, 'trust_invalid');
  }
}

/** A trust policy refused a skill; `field` is the policy field that refused it (`min_trust_level` …). */
export class TrustPolicyError extends ForgeError {
  readonly code = 'trust_refused' as const;
  declare readonly field: string;

  constructor(message: string, field: string) {
    super(message, { field });
  }

  static override isInstance(value: unknown): value is TrustPolicyError {
    return hasForgeCode(value, 'trust_refused');
  }
}
