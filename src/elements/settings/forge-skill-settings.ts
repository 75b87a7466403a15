// Registers <forge-skill-settings>. Importing this module defines the tag;
// forge-skill-settings.component.ts (or the package's
// `forge-skill-builder/elements/classes` entry) gives the class alone.

import { ForgeSkillSettings } from './forge-skill-settings.component.js';

export * from './forge-skill-settings.component.js';

// A second copy of the package on the page keeps the first definition.
if (!customElements.get('forge-skill-settings')) customElements.define('forge-skill-settings', ForgeSkillSettings);
