// The resolved skill-builder LLM the banner shows (GET …/skill-builder/provider
// for the agent, or workspace level), as a reactive controller of
// <forge-skill-builder>.

import type { ReactiveControllerHost } from 'lit';
import type { ProviderInfo } from '../../types.js';
import type { BuilderContext } from './context.js';

/** Holds its host only to request updates: it needs no lifecycle callbacks. */
export class ProviderController {
  provider: ProviderInfo | null = null;
  /** Why the configuration could not be loaded ('' when it could). */
  error = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ctx: BuilderContext,
    private readonly agent: () => string | undefined,
  ) {}

  /** True when no LLM is configured: the chat cannot start. */
  get unset(): boolean {
    return this.provider?.source === 'unset';
  }

  async load(): Promise<void> {
    this.error = '';
    this.host.requestUpdate();
    try {
      this.provider = await this.ctx.api().getProvider(this.agent());
    } catch (e) {
      this.provider = null;
      this.error = this.ctx.error('provider', e);
    }
    this.host.requestUpdate();
  }
}
