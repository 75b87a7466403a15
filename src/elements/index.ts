// Public surface of `forge-skill-builder/elements`: registers
// <forge-skill-builder> and <forge-skill-settings> on import and exports
// everything `./classes` does (the classes, the API client, the types).

import './builder/forge-skill-builder.js';
import './settings/forge-skill-settings.js';

export * from './classes.js';
