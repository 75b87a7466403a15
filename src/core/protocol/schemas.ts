// zod schemas of the HTTP request bodies in their wire form (snake_case keys
// read from the tables of fields.ts), the server's validation; codecs.ts pairs
// each with its mapper of wire.ts. The elements never import this file (no
// zod in their bundle). Every name that later reaches a path (skill name,
// editing_name, script file names) and every env var name is checked here, so
// a bad body is refused with a message naming the field and the fix before
// anything runs. Sizes are capped so a body cannot grow without bound.

import { z } from 'zod';
import { ROLLBACK_REQUEST } from './history-wire.js';
import { RequestError } from '../errors.js';
import { checkEnvValue, checkEnvVarName, checkScriptFileName, checkSkillName } from '../names.js';
import { draftFilePathProblem } from '../skill-folder/to-draft.js';
import { SKILL_FOLDER_LIMITS } from '../skill-folder/limits.js';
import {
  CREATE_AGENT_REQUEST as CA,
  CHAT_REQUEST as C,
  DRAFT as D,
  SAVE_REQUEST as S,
  BINARY as B,
  REQUIREMENTS as R,
  TRY_REQUEST as TR,
  VALIDATE_REQUEST as V,
} from './fields.js';
import { MAX_SESSION_RUNS } from '../observe/session.js';
import { OBSERVED_RUN as OR, TRY_SESSION as TS } from './profile-wire.js';

/** Caps on request bodies (characters). */
export const REQUEST_LIMITS = {
  messages: 200,
  messageChars: 100_000,
  skillMdChars: 500_000,
  scripts: 50,
  scriptChars: 500_000,
  envVars: 50,
  envValueChars: 10_000,
} as const;

const SkillName = z.string().superRefine((v, ctx) => {
  const problem = checkSkillName(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const Scripts = z
  .record(z.string(), z.string().max(REQUEST_LIMITS.scriptChars, `a script may hold at most ${REQUEST_LIMITS.scriptChars} characters`))
  .superRefine((scripts, ctx) => {
    const names = Object.keys(scripts);
    if (names.length > REQUEST_LIMITS.scripts)
      ctx.addIssue({ code: 'custom', message: `at most ${REQUEST_LIMITS.scripts} scripts are allowed (got ${names.length})` });
    for (const name of names) {
      const problem = checkScriptFileName(name);
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
    }
  });

const SkillMd = z.string().max(REQUEST_LIMITS.skillMdChars, `SKILL.md may hold at most ${REQUEST_LIMITS.skillMdChars} characters`);

const Mode = z.enum(['create', 'edit']);

export const ChatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(REQUEST_LIMITS.messageChars, `a message may hold at most ${REQUEST_LIMITS.messageChars} characters`),
});

/** Folder text files of a draft: path (import rules: any folder, not SKILL.md or a script) → text, at most 200 of 1 MiB. */
const DraftFiles = z
  .record(z.string(), z.string().max(SKILL_FOLDER_LIMITS.maxTextFileBytes, 'a text file may hold at most 1 MiB; keep larger files as binaries'))
  .superRefine((files, ctx) => {
    const paths = Object.keys(files);
    if (paths.length > SKILL_FOLDER_LIMITS.maxTextFiles)
      ctx.addIssue({ code: 'custom', message: `at most ${SKILL_FOLDER_LIMITS.maxTextFiles} text files are allowed (got ${paths.length})` });
    for (const path of paths) {
      const problem = draftFilePathProblem(path);
      if (problem) ctx.addIssue({ code: 'custom', path: [path], message: `"${path.slice(0, 80)}": ${problem}` });
    }
  });

/** A folder's binaries as listed (`{path, size, sha256}`): only the paths are used. */
const BinaryListing = z
  .array(z.object({ [B.path]: z.string().max(1000) }).loose())
  .max(SKILL_FOLDER_LIMITS.maxEntries)
  .optional();

/** The editor's current draft, sent so the model refines it (manual edits included). */
export const DraftSchema = z.object({
  [D.skillMd]: SkillMd,
  [D.scripts]: Scripts.optional(),
  /** Reference and asset text files; the model sees their names, and the content of those in `share_files`. */
  [D.files]: DraftFiles.optional(),
  /** The folder's binary files as GET …/skills/{name} lists them; only the paths reach the model. */
  [D.binaries]: BinaryListing,
});

function requireEditingName(value: { mode?: 'create' | 'edit' | undefined; [C.editingName]?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.mode === 'edit' && value[C.editingName] === undefined)
    ctx.addIssue({ code: 'custom', path: [C.editingName], message: `edit mode needs ${C.editingName}: the name of the skill being edited` });
}

/** `POST …/skill-builder/chat` body: `{messages, mode?, editing_name?, draft?, share_files?}`. */
export const ChatRequestSchema = z
  .object({
    [C.messages]: z
      .array(ChatMessageSchema)
      .min(1, 'messages must hold at least one message')
      .max(REQUEST_LIMITS.messages, `at most ${REQUEST_LIMITS.messages} messages are allowed`)
      .superRefine((msgs, ctx) => {
        if (msgs.length > 0 && msgs[msgs.length - 1]!.role !== 'user')
          ctx.addIssue({ code: 'custom', path: [msgs.length - 1, 'role'], message: 'the last message must be from the user' });
      }),
    [C.mode]: Mode.optional(),
    [C.editingName]: SkillName.optional(),
    [C.draft]: DraftSchema.optional(),
    /** Text files whose content the model sees: "all" or a list of paths (of the draft, or of the edited skill). Default none. */
    [C.shareFiles]: z.union([z.literal('all'), z.array(z.string().max(1000)).max(SKILL_FOLDER_LIMITS.maxTextFiles)]).optional(),
  })
  .superRefine(requireEditingName);

/** `POST …/skill-builder/validate` body: `{skill_md, scripts?, mode?, editing_name?}`. */
export const ValidateRequestSchema = z
  .object({
    [V.skillMd]: SkillMd,
    [V.scripts]: Scripts.optional(),
    [V.mode]: Mode.optional(),
    [V.editingName]: SkillName.optional(),
    /** The folder's text files: with `files` or `binaries` given, the SKILL.md's links are checked against the folder. */
    [V.files]: DraftFiles.optional(),
    [V.binaries]: BinaryListing,
  })
  .superRefine(requireEditingName);

/** Env var name → value, as saved to the agent's `.env`. */
const EnvVars = z
  .record(z.string(), z.string().max(REQUEST_LIMITS.envValueChars, `an env var value may hold at most ${REQUEST_LIMITS.envValueChars} characters`))
  .superRefine((vars, ctx) => {
    const names = Object.keys(vars);
    if (names.length > REQUEST_LIMITS.envVars) ctx.addIssue({ code: 'custom', message: `at most ${REQUEST_LIMITS.envVars} env vars are allowed` });
    for (const name of names) {
      const problem = checkEnvVarName(name);
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
      else {
        const valueProblem = checkEnvValue(vars[name]);
        if (valueProblem) ctx.addIssue({ code: 'custom', path: [name], message: `the value of ${name} ${valueProblem}` });
      }
    }
  });

/** `POST …/skill-builder/save` body: `{skill_name, skill_md, scripts?, env_vars?, overwrite?, editing_name?, allow_risky_egress?}`. */
export const SaveRequestSchema = z.object({
  [S.skillName]: SkillName,
  [S.skillMd]: SkillMd.refine((v) => v.trim() !== '', `${S.skillMd} is empty: send the SKILL.md to save`),
  [S.scripts]: Scripts.optional(),
  [S.envVars]: z.preprocess(refuseHiddenKeys, EnvVars).optional(),
  [S.overwrite]: z.boolean().optional(),
  [S.editingName]: SkillName.optional(),
  /** Save even with egress_domains entries that mean "anywhere" or reach internal addresses. */
  [S.allowRiskyEgress]: z.boolean({ error: `${S.allowRiskyEgress} must be true or false` }).optional(),
  /** Folder text files: relative path (any folder, not SKILL.md or a script) → text; the complete set when given. Paths are checked by saveSkill. */
  [S.files]: z.record(z.string(), z.string({ error: `${S.files}: every value must be the text of the file` })).optional(),
  /** Requirement proposals of an import the operator accepts: declared in the SKILL.md frontmatter before the checks. */
  [S.acceptRequirements]: z
    .object({
      [R.bins]: z.array(z.string()).max(100).optional(),
      [R.egressDomains]: z.array(z.string()).max(100).optional(),
      [R.env]: z.array(z.string()).max(100).optional(),
    })
    .strict()
    .optional(),
  /** Other folder files: [{path, content_base64}] (new bytes) or [{path, sha256}] (keep the edited skill's file); the complete set when given. */
  [S.binaries]: z.array(z.object({ [B.path]: z.string(), [B.contentBase64]: z.string().optional(), [B.sha256]: z.string().optional() })).optional(),
});

/**
 * A JSON object may carry a `__proto__` key as its own property; a parsed
 * record would silently lose it (assigning `__proto__` sets the prototype).
 * Refused here, before parsing, with the message checkEnvVarName gives.
 */
function refuseHiddenKeys(value: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, '__proto__'))
    ctx.addIssue({ code: 'custom', path: ['__proto__'], message: checkEnvVarName('__proto__')! });
  return value;
}

/** `runs` of a try or evals body: the editing session's earlier observed runs, as earlier replies gave them. */
export const SessionRunsSchema = z
  .array(
    z.object({
      [OR.id]: z.string({ error: 'each earlier run needs its id (as the reply named it)' }).max(200),
      [OR.tool]: z.string().max(200),
      [OR.ok]: z.boolean({ error: 'each earlier run needs ok (true or false)' }),
      [OR.observation]: z.record(z.string(), z.unknown(), { error: 'each earlier run needs its observation (as the reply gave it)' }),
    }),
    { error: `${TS.runs} must be the earlier runs of this session: [{id, tool, ok, observation}]` },
  )
  .max(MAX_SESSION_RUNS, `${TS.runs} holds at most ${MAX_SESSION_RUNS} earlier runs: send the latest ones`);

/** `POST …/skill-builder/try` body: `{skill_md, scripts?, tool, input?, runs?}` (runs: the session's earlier runs, profile-wire.ts). */
export const TryRequestSchema = z.object({
  [TR.skillMd]: z.string({ error: `${TR.skillMd} must be the SKILL.md text` }).min(1, `${TR.skillMd} is empty: send the draft SKILL.md`),
  [TR.scripts]: z.record(z.string(), z.string({ error: 'each script must be its file text' })).optional(),
  [TR.tool]: z.string({ error: 'tool must be the name of a "## Tool:" section' }).min(1, 'tool is empty: name the "## Tool:" to run'),
  [TR.input]: z.unknown().optional(),
  [TS.runs]: SessionRunsSchema.optional(),
});

/** The wire (snake_case) bodies as the schemas parse them; wire.ts maps them to the camelCase types of types.ts. */
export type ChatRequestWire = z.infer<typeof ChatRequestSchema>;
export type ValidateRequestWire = z.infer<typeof ValidateRequestSchema>;
export type SaveRequestWire = z.infer<typeof SaveRequestSchema>;

/**
 * Parses a request body with one of the schemas above; throws RequestError
 * whose `field` is the path of the first problem (`messages.0.content`,
 * `scripts.../x.sh`) and whose message names that field and the fix.
 */
export function parseRequestBody<T>(schema: z.ZodType<T>, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new RequestError('body', 'the request body must be a JSON object');
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  const more = r.error.issues.length > 1 ? ` (and ${r.error.issues.length - 1} more problem${r.error.issues.length > 2 ? 's' : ''})` : '';
  throw new RequestError(field, `${field}: ${describeIssue(issue)}${more}`);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `is required (${issue.expected})`;
  return issue.message;
}

/** `POST /agents` body `{agent_id}`, read as `{agentId}`; the id's rule is checked where the folder is made. */
export const CreateAgentRequestSchema = z
  .object({ [CA.agentId]: z.string().max(200, 'an agent id may hold at most 64 characters') })
  .transform((v) => ({ agentId: v[CA.agentId] }));

/** `POST …/skills/{name}/rollback` body: `{to}`, a version id from the history (16 lower-case hex). */
export const RollbackRequestSchema = z.object({
  [ROLLBACK_REQUEST.to]: z
    .string({ error: `${ROLLBACK_REQUEST.to} must be a version id (from GET …/history)` })
    .regex(/^[0-9a-f]{16}$/, { error: `${ROLLBACK_REQUEST.to} must be a version id: 16 lower-case hex digits, as GET …/history lists them` }),
});
