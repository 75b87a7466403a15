// The routing check's own failure: the designer model answered, but not with
// the JSON it was asked for (so no requests or no description could be read).
import { ForgeError } from '../errors.js';

export class DesignerReplyError extends ForgeError {
  readonly code = 'designer_reply' as const;

  constructor(what: string, detail: string) {
    super(`the designer model's reply held no usable ${what} (${detail}); run it again, or use a stronger model`);
  }

  static override isInstance(value: unknown): value is DesignerReplyError {
    return ForgeError.isInstance(value) && value.code === 'designer_reply';
  }
}
