// The skills controller on its own (issue 12): the list of the agent picked
// last wins over a slower answer for another agent, and listing the agents
// picks the first one when none is picked.

import { SkillsController } from '../../../../src/elements/builder/controllers/skills-controller.js';
import { deepEqual, equal } from '../../helpers/assert.js';
import { waitFor } from '../../helpers/dom.js';
import { testContext } from '../../helpers/controller-host.js';
import { json } from '../../helpers/fake-api.js';

const summary = (name: string) => ({ name, description: '', category: '', tags: [], tools: [], has_scripts: false, path: `x/${name}` });

describe('skills controller', () => {
  it("keeps the list of the agent picked last when an older agent's list arrives later", async () => {
    const { api, ctx, host } = testContext();
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    api.override = (call) => (call.path.includes('/agents/ops-bot/') ? slow.then(() => json([summary('old')])) : undefined);
    api.skills['support-bot'] = { fresh: { skill_md: '---\nname: fresh\n---\n', scripts: {} } };
    const skills = new SkillsController(host, ctx, () => false);
    const first = skills.load('ops-bot');
    await skills.load('support-bot');
    release();
    await first;
    equal(skills.agent, 'support-bot');
    deepEqual(
      skills.skills?.map((s) => s.name),
      ['fresh'],
    );
  });

  it('picks the first agent and lists its skills while the Skills dialog is open', async () => {
    const { ctx, host } = testContext();
    const skills = new SkillsController(host, ctx, () => true);
    const agents = await skills.loadAgents();
    deepEqual(
      agents?.map((a) => a.id),
      ['ops-bot', 'support-bot'],
    );
    equal(skills.agent, 'ops-bot');
    await waitFor(() => skills.skills !== null, 'skills listed');
  });
});
