// Registers <forge-skill-builder>, and <forge-skill-settings> with it (the
// builder renders it in its Configure dialog). Importing this module defines
// the tags; forge-skill-builder.component.ts (or the package's
// `forge-skill-builder/elements/classes` entry) gives the class alone.

import '../settings/forge-skill-settings.js';
import { ForgeSkillBuilder } from './forge-skill-builder.component.js';

export * from './forge-skill-builder.component.js';

// A second copy of the package on the page keeps the first definition.
if (!customElements.get('forge-skill-builder')) customElements.define('forge-skill-builder', ForgeSkillBuilder);
