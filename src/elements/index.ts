// Public surface of `forge-skill-builder/elements`: registers
// <forge-skill-builder> and <forge-skill-settings> and exports their classes.

export {};
