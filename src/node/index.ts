// Public surface of `forge-skill-builder/node`: filesystem, config tiers, .env
// handling, skills on disk, HTTP handlers and the server. Everything takes an
// optional `fs`, `env` and `homeDir` so it runs in memory too.

export {};
