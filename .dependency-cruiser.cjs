// The dependency rules of src/, checked by dependency-cruiser in `npm run check`
// (test/check/layers.test.ts runs it). Each area's folders (and the files at its
// root) stand in layers: a folder may import its own files and the layers below
// its own, never a folder of its own layer or above. So no two folders import
// each other, in a circle or otherwise, and the order below is the one the code
// has. A new folder joins the list where its imports put it (the check names a
// folder that is in no layer). Moving a piece down a layer, or splitting out the
// part both sides share, is how a forbidden import is fixed; a copy is not.

/** Bottom first. One row: folders that do not import each other. */
const LAYERS = {
  core: [
    ['trim-run.ts'], // one-pass trims of a character run (used from every row above)
    // leaves: the diagnostics type, JSON scanning, plain-object guard, tool-run types, Forge's runtime contract
    ['diagnostics.ts', 'json', 'plain-object.ts', 'tool-run', 'forge-runtime'],
    ['errors.ts', 'egress'], // typed errors (they carry diagnostics); egress domain rules
    ['names.ts', 'safe-text', 'llm'], // name rules; control characters, redaction, entry paths; the LLM client
    ['runtime-view', 'config'], // what Forge's runtime reads of a SKILL.md; the settings schema
    ['skillmd'], // parse, compile, decompile, validate a SKILL.md
    ['skill'], // the Skill value
    ['risk', 'catalog.ts', 'runtime-form', 'skill-folder'], // analyses of one skill; its folder and archive
    ['artifacts', 'routing', 'envelope', 'trust', 'observe'], // build output; routing; the model's reply and the events of a turn; signed manifests and trust levels; declared versus observed
    ['draft-stream', 'api', 'evals'], // when a turn sends partial drafts; the API's camelCase types; the eval harness
    ['protocol'], // the HTTP protocol: field tables, plain mappers, zod wire schemas and codecs
    ['builder'], // createSkillBuilder: prompt and turn
    ['entries', 'index.ts'], // the package entries: designer, llm, routing, evals, trust, observe, artifacts; the root (the skill model)
  ],
  node: [
    ['fs', 'script-check'], // fs types, atomic writes, locks; script syntax checks
    ['config', 'skill-store', 'llm-recording'], // tiers, .env, ui.yaml, trust; listing and reading skills on disk; LLM recordings in a directory
    ['skill-folder', 'sandbox', 'risk'], // folder files, import and export; tool runs; risk policy files
    ['trust', 'history'], // Ed25519 keys, signing and verifying skill folders; the save history of each skill
    ['workspace'], // agents, save, import flow, the skill for edit mode
    ['artifacts', 'routing', 'builder.ts'], // build; routing check; the node createSkillBuilder
    ['check'], // the checks a CI job runs over skills, and their report formats
    ['evals'], // evals for an agent on disk (the sandbox executor, the agent's skills, the workspace model)
    ['http'], // the HTTP API
    ['server.ts'],
    ['cli'], // one file per command
    ['cli.ts', 'index.ts'],
  ],
  elements: [
    ['types.ts'],
    ['api', 'internal'], // HTTP client, SSE, review mapping; dialog, markdown, diff, theme
    ['events.ts'], // the events the elements dispatch
    ['settings'], // <forge-skill-settings>
    ['builder'], // <forge-skill-builder> (embeds the settings form)
    ['classes.ts'],
    ['index.ts'],
  ],
  testing: [['memory-workspace.ts', 'scripted-llm.ts'], ['index.ts']],
};

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches the folder or root file `entry` of `area`, and everything under it. */
const entry = (area, name) => `^src/${area}/${esc(name)}${name.endsWith('.ts') ? '$' : '/'}`;
const anyOf = (area, names) => names.map((n) => entry(area, n));

function layerRules() {
  const rules = [];
  for (const [area, layers] of Object.entries(LAYERS)) {
    layers.forEach((row, i) => {
      const notBelow = layers.slice(i).flat();
      for (const name of row) {
        const others = notBelow.filter((n) => n !== name);
        if (others.length === 0) continue;
        rules.push({
          name: `layer-${area}-${name.replace(/\.ts$/, '')}`,
          comment: `src/${area}/${name} is in layer ${i} of src/${area}; it may import only the layers below (see LAYERS in .dependency-cruiser.cjs)`,
          severity: 'error',
          from: { path: entry(area, name) },
          to: { path: anyOf(area, others) },
        });
      }
    });
  }
  const listed = Object.entries(LAYERS).flatMap(([area, layers]) => anyOf(area, layers.flat()));
  rules.push({
    name: 'layer-unlisted',
    comment: 'every folder and root file of src/core, src/node, src/elements and src/testing stands in a layer: add it to LAYERS in .dependency-cruiser.cjs',
    severity: 'error',
    from: { path: '^src/(core|node|elements|testing)/', pathNot: listed },
    to: { path: '^src/' },
  });
  return rules;
}

const NODE_BUILTIN = { dependencyTypes: ['core'] };

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycle between modules (import type and import() count too)',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-isomorphic',
      comment: 'src/core runs in browsers, Node, Deno and workers: no node:* module',
      severity: 'error',
      from: { path: '^src/core/' },
      to: NODE_BUILTIN,
    },
    {
      name: 'core-below-node-and-elements',
      comment: 'src/core imports neither src/node, src/elements nor src/testing',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(node|elements|testing)/' },
    },
    {
      name: 'elements-no-node',
      comment: 'src/elements runs in the browser: no node:* module and nothing from src/node or src/testing',
      severity: 'error',
      from: { path: '^src/elements/' },
      to: { path: '^src/(node|testing)/' },
    },
    {
      name: 'elements-no-node-builtin',
      comment: 'src/elements runs in the browser: no node:* module',
      severity: 'error',
      from: { path: '^src/elements/' },
      to: NODE_BUILTIN,
    },
    {
      name: 'elements-no-heavy-packages',
      comment:
        'the elements bundle has a size budget: src/elements imports neither zod, tldts, yaml nor a provider SDK itself (test/build/bundle-size.test.ts checks what the bundle inlines)',
      severity: 'error',
      from: { path: '^src/elements/' },
      to: { path: 'node_modules/(zod|tldts|yaml|openai|@anthropic-ai/sdk|@google/generative-ai|ollama)/' },
    },
    {
      name: 'elements-never-reach-zod-tldts',
      comment: 'nothing src/elements imports, directly or through core, reaches zod or tldts (yaml may be reached: it loads in a chunk of its own)',
      severity: 'error',
      from: { path: '^src/elements/' },
      to: { path: 'node_modules/(zod|tldts)/', reachable: true },
    },
    {
      name: 'node-no-elements',
      comment: 'src/node and src/testing import nothing from src/elements',
      severity: 'error',
      from: { path: '^src/(node|testing)/' },
      to: { path: '^src/elements/' },
    },
    ...layerRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
