// A host for testing the builder's reactive controllers on their own: a
// ReactiveControllerHost that counts update requests and has a renderRoot, and
// the shared context (the real API client over a FakeApi, the announcements
// and error reports recorded).

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createApiClient } from '../../../src/elements/api/client.js';
import type { BuilderContext } from '../../../src/elements/builder/controllers/context.js';
import { FakeApi } from './fake-api.js';

export class TestHost extends EventTarget implements ReactiveControllerHost {
  readonly controllers = new Set<ReactiveController>();
  readonly renderRoot = document.createElement('div');
  updates = 0;
  addController(c: ReactiveController): void {
    this.controllers.add(c);
  }
  removeController(c: ReactiveController): void {
    this.controllers.delete(c);
  }
  requestUpdate(): void {
    this.updates++;
  }
  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }
  /** Runs the controllers' disconnect callbacks, as Lit does when the element leaves the page. */
  disconnect(): void {
    for (const c of this.controllers) c.hostDisconnected?.();
  }
}

export function testContext(api = new FakeApi(), agent: string | undefined = 'ops-bot') {
  const said: string[] = [];
  const errors: string[] = [];
  const client = createApiClient({ endpoint: '/api', fetch: api.fetch });
  const ctx: BuilderContext = {
    api: () => client,
    say: (text) => void said.push(text),
    error: (action, e) => {
      errors.push(action);
      return (e as Error).message;
    },
    targetAgent: () => agent,
  };
  return { api, ctx, said, errors, host: new TestHost() };
}
