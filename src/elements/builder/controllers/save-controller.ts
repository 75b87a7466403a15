// Saving the draft into an agent as a reactive controller of
// <forge-skill-builder>: the save dialog's state (target agent, saving,
// result or error, conflict), the policy confirmation a risk violation needs,
// and the values typed for missing env vars, saved through the same route.
// Fires `forge-skill-saved`.

import type { ReactiveControllerHost } from 'lit';
import type { ValidationResult } from '../../../core/diagnostics.js';
import { ApiError } from '../../api/client.js';
import { fire } from '../../events.js';
import { copyDraft, isBlank } from '../draft.js';
import { riskBlocksSave, type DraftReview } from '../../api/review.js';
import type { AgentInfo, Draft, SaveSkillResult } from '../../types.js';
import type { BuilderContext } from './context.js';

export interface SaveState {
  phase: 'confirm' | 'saving' | 'done' | 'error';
  /** Target agent id ('' until chosen). */
  agent: string;
  name?: string;
  error: string;
  conflict?: boolean;
  validation?: ValidationResult;
  result?: SaveSkillResult;
  updated?: boolean;
  /** Values typed for missing env vars, by name. */
  envValues: Record<string, string>;
  envSaving?: boolean;
  envError?: string;
  envSaved?: string[];
  /** The operator confirmed saving despite policy violations. */
  riskAck?: boolean;
}

/** What saving reads from the draft (the draft controller gives it). */
export interface SavedDraft {
  readonly draft: Draft | null;
  readonly skillName: string;
  /** Edit mode: the saved skill the draft replaces, its agent and its saved text. */
  readonly editing: string | null;
  readonly editAgent: string | null;
  readonly original: Draft | null;
}

/** The draft's checks (the validation controller gives them). */
export interface SaveChecks {
  readonly result: ValidationResult | null;
  readonly review: DraftReview | null;
  setResult(v: ValidationResult): void;
}

/** The rest of the element: the agents to choose from, the dialog, and what a save changes. */
export interface SaveDeps {
  loadAgents(): Promise<AgentInfo[] | null>;
  openDialog(): void;
  /** The draft was saved as `name` in `agent`: it is now the skill being edited. */
  saved(agent: string, name: string, d: Draft): void;
}

/** Holds its host only to request updates: it needs no lifecycle callbacks. */
export class SaveController {
  state: SaveState | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & EventTarget,
    private readonly ctx: BuilderContext,
    private readonly editor: SavedDraft,
    private readonly checks: SaveChecks,
    private readonly deps: SaveDeps,
  ) {}

  private set(state: SaveState | null): void {
    this.state = state;
    this.host.requestUpdate();
  }

  /** Changes the open dialog's state (the agent picked, a typed env value, the policy confirmation). */
  patch(patch: Partial<SaveState>): void {
    if (this.state) this.set({ ...this.state, ...patch });
  }

  reset(): void {
    this.set(null);
  }

  /** Opens the save dialog; a new skill for a known agent is saved at once unless the policy asks for confirmation. */
  open(): void {
    const d = this.editor.draft;
    if (!d || isBlank(d) || this.checks.result?.valid === false || !this.editor.skillName) return;
    const target = this.ctx.targetAgent();
    this.set({ phase: 'confirm', agent: target ?? '', error: '', envValues: {} });
    if (!target) void this.deps.loadAgents().then((agents) => this.state && !this.state.agent && agents?.[0] && this.patch({ agent: agents[0].id }));
    // A policy violation keeps the dialog open until the operator confirms it.
    if (target && !this.editor.editing && !riskBlocksSave(this.checks.review, this.state)) void this.save();
    this.deps.openDialog();
  }

  async save(): Promise<void> {
    const s = this.state;
    const d = this.editor.draft;
    if (!s || !d || !s.agent || riskBlocksSave(this.checks.review, s)) return;
    const name = this.editor.skillName;
    const editing = this.editor.editing && this.editor.editAgent === s.agent ? this.editor.editing : null;
    this.set({ ...s, phase: 'saving', error: '' });
    try {
      const result = await this.ctx.api().save(s.agent, {
        skillName: name,
        ...copyDraft(d),
        ...(editing ? { overwrite: true, editingName: editing } : {}),
      });
      this.set({ ...s, phase: 'done', name, result, updated: !!editing, error: '' });
      this.deps.saved(s.agent, name, d);
      fire(this.host, 'forge-skill-saved', { agent: s.agent, name, updated: !!editing, ...result });
      this.ctx.say(`Saved ${name} to ${result.path}.`);
    } catch (e) {
      const conflict = ApiError.isInstance(e) && e.status === 409;
      const validation = ApiError.isInstance(e) ? e.validation : undefined;
      if (validation) this.checks.setResult(validation);
      this.set({ ...s, phase: 'error', name, conflict, error: this.ctx.error('save', e), ...(validation ? { validation } : {}) });
    }
  }

  /** Saves the values typed for missing env vars through the same save route (re-saving the same files). */
  async saveEnv(): Promise<void> {
    const s = this.state;
    const d = this.editor.original;
    if (!s?.result || !s.name || !d) return;
    const envVars = Object.fromEntries(Object.entries(s.envValues).filter(([, v]) => v.trim() !== ''));
    if (Object.keys(envVars).length === 0) return this.set({ ...s, envError: 'Enter a value for at least one variable.' });
    this.set({ ...s, envSaving: true, envError: '' });
    try {
      const result = await this.ctx.api().save(s.agent, { skillName: s.name, ...copyDraft(d), envVars, overwrite: true, editingName: s.name });
      const configured = [...new Set([...s.result.envConfigured, ...result.envConfigured, ...Object.keys(envVars)])];
      // The server re-checks the agent's .env: a one_of group is gone once any member is set.
      const missing = result.envMissing;
      this.set({
        ...s,
        envSaving: false,
        envValues: {},
        envSaved: Object.keys(envVars),
        result: { ...s.result, envConfigured: configured, envMissing: missing },
      });
      fire(this.host, 'forge-skill-saved', { agent: s.agent, name: s.name, updated: true, ...result, envConfigured: configured, envMissing: missing });
      this.ctx.say(`Saved ${Object.keys(envVars).join(', ')}.`);
    } catch (e) {
      this.set({ ...s, envSaving: false, envError: this.ctx.error('save', e) });
    }
  }
}
