// The agents of the workspace and the custom skills of one of them (the
// Skills dialog, and the target of a workspace-level save), as a reactive
// controller of <forge-skill-builder>. A list that arrives after another
// agent was picked is dropped.

import type { ReactiveControllerHost } from 'lit';
import type { AgentInfo, SkillListItem } from '../../types.js';
import type { BuilderContext } from './context.js';

/** Holds its host only to request updates: it needs no lifecycle callbacks. */
export class SkillsController {
  /** The agent whose skills are listed ('' until one is known). */
  agent = '';
  skills: SkillListItem[] | null = null;
  error = '';
  agents: AgentInfo[] | null = null;
  agentsError = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ctx: BuilderContext,
    /** The Skills dialog is open: picking the first agent also lists its skills. */
    private readonly listing: () => boolean,
  ) {}

  /** Lists `agent`'s skills. */
  async load(agent: string): Promise<void> {
    this.error = '';
    this.agent = agent;
    this.host.requestUpdate();
    try {
      const skills = await this.ctx.api().listSkills(agent);
      if (this.agent === agent) this.skills = skills;
    } catch (e) {
      this.skills = null;
      this.error = this.ctx.error('skills', e);
    }
    this.host.requestUpdate();
  }

  /** Lists the workspace's agents (the first becomes the listed one when none is); null when that failed. */
  async loadAgents(): Promise<AgentInfo[] | null> {
    this.agentsError = '';
    this.host.requestUpdate();
    try {
      const agents = (this.agents = await this.ctx.api().listAgents());
      if (!this.agent && agents[0]) {
        this.agent = agents[0].id;
        if (this.listing()) void this.load(agents[0].id);
      }
      return agents;
    } catch (e) {
      this.agentsError = this.ctx.error('agents', e);
      return null;
    } finally {
      this.host.requestUpdate();
    }
  }

  /** Why the last agent creation failed ('' when it did not). */
  createError = '';

  /** Creates an agent and lists the agents again; true when it was created. */
  async createAgent(id: string): Promise<boolean> {
    this.createError = '';
    try {
      await this.ctx.api().createAgent(id);
      this.ctx.say(`Agent ${id} created.`);
      await this.loadAgents();
      return true;
    } catch (e) {
      this.createError = this.ctx.error('agents', e);
      this.host.requestUpdate();
      return false;
    }
  }

  /** Forgets the list (the element's agent or endpoint changed). */
  clear(): void {
    this.skills = null;
    this.host.requestUpdate();
  }

  /** Shows a skill-loading failure (opening a skill for editing). */
  fail(message: string): void {
    this.error = message;
    this.host.requestUpdate();
  }
}
