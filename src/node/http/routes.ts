// The ONE routing table (docs/http-api.md, paths below basePath `/api`), served by both
// adapters (createRequestHandler for node:http, createFetchHandler for the
// Fetch API). Order does not matter: paths are matched segment by segment.
// `POST /skill-builder/validate`, both `…/skill-builder/try` routes, import, export, the eval routes and the history routes are our additions;
// everything else is Forge's dashboard API.

import type { Route } from './router.js';
import { createAgentRoute, listAgents } from './handlers/agents.js';
import { evalsRoute, getEvalFeedback, putEvalFeedback, suggestEvalsRoute } from './handlers/evals.js';
import { chat } from './handlers/chat.js';
import { getContext } from './handlers/context.js';
import { saveAgentSkill } from './handlers/save.js';
import { getAgentProvider, getProvider, getSettings, putSettings } from './handlers/settings.js';
import { catalogBudgetRoute, improveDescriptionRoute, routeCheckRoute, routeOptimizeRoute, routeRequestsRoute } from './handlers/route-check.js';
import { getCatalog, getSkill, listSkills } from './handlers/skills.js';
import { exportPackage, importPackage } from './handlers/skill-package.js';
import { getSkillDiff, getSkillHistory, postSkillRollback } from './handlers/history.js';
import { tryForAgent, tryStandalone } from './handlers/try.js';
import { validateForAgent, validateStandalone } from './handlers/validate.js';

export const API_ROUTES: readonly Route[] = Object.freeze([
  { method: 'GET', path: '/settings/skill-builder', handler: getSettings },
  { method: 'PUT', path: '/settings/skill-builder', handler: putSettings },
  { method: 'GET', path: '/skill-builder/provider', handler: getProvider },
  { method: 'POST', path: '/skill-builder/chat', handler: chat },
  { method: 'POST', path: '/skill-builder/validate', handler: validateStandalone },
  { method: 'POST', path: '/skill-builder/try', handler: tryStandalone },
  { method: 'GET', path: '/agents', handler: listAgents },
  { method: 'POST', path: '/agents', handler: createAgentRoute },
  { method: 'GET', path: '/agents/:id/skill-builder/provider', handler: getAgentProvider },
  { method: 'POST', path: '/agents/:id/skill-builder/chat', handler: chat },
  { method: 'GET', path: '/agents/:id/skill-builder/context', handler: getContext },
  { method: 'POST', path: '/agents/:id/skill-builder/validate', handler: validateForAgent },
  { method: 'POST', path: '/agents/:id/skill-builder/save', handler: saveAgentSkill },
  { method: 'POST', path: '/agents/:id/skill-builder/try', handler: tryForAgent },
  { method: 'GET', path: '/agents/:id/skill-builder/skills', handler: listSkills },
  { method: 'GET', path: '/agents/:id/skill-builder/skills/:name', handler: getSkill },
  { method: 'GET', path: '/agents/:id/skill-builder/catalog', handler: getCatalog },
  { method: 'POST', path: '/skill-builder/import', handler: importPackage },
  { method: 'GET', path: '/agents/:id/skill-builder/skills/:name/export', handler: exportPackage },
  { method: 'GET', path: '/agents/:id/skill-builder/skills/:name/history', handler: getSkillHistory },
  { method: 'GET', path: '/agents/:id/skill-builder/skills/:name/diff', handler: getSkillDiff },
  { method: 'POST', path: '/agents/:id/skill-builder/skills/:name/rollback', handler: postSkillRollback },
  { method: 'POST', path: '/agents/:id/skill-builder/route-check', handler: routeCheckRoute },
  { method: 'POST', path: '/agents/:id/skill-builder/route-check/requests', handler: routeRequestsRoute },
  { method: 'POST', path: '/agents/:id/skill-builder/route-check/optimize', handler: routeOptimizeRoute },
  { method: 'POST', path: '/agents/:id/skill-builder/catalog-budget', handler: catalogBudgetRoute },
  { method: 'POST', path: '/agents/:id/skill-builder/improve-description', handler: improveDescriptionRoute },
  { method: 'POST', path: '/agents/:id/skill-builder/evals', handler: evalsRoute },
  { method: 'POST', path: '/agents/:id/skill-builder/evals/suggest', handler: suggestEvalsRoute },
  { method: 'GET', path: '/agents/:id/skill-builder/skills/:name/evals/feedback', handler: getEvalFeedback },
  { method: 'PUT', path: '/agents/:id/skill-builder/skills/:name/evals/feedback', handler: putEvalFeedback },
] satisfies Route[]);
