// A workspace on disk whose skill-builder LLM is the OpenAI wire server at
// `providerUrl`, its key in .forge/.env and that origin trusted in the home
// folder's ~/.forge/ui.yaml (<root>/home), so chats reach the fake provider.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Writes the files; returns the home folder to pass as `homeDir`. */
export async function writeTrustedWorkspace(root: string, providerUrl: string, key: string): Promise<string> {
  const home = join(root, 'home');
  await mkdir(join(root, '.forge'), { recursive: true });
  await mkdir(join(home, '.forge'), { recursive: true });
  await writeFile(join(root, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${providerUrl}\n`);
  await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${providerUrl}\n`);
  await writeFile(join(root, '.forge/.env'), `OPENAI_API_KEY=${key}\n`, { mode: 0o600 });
  return home;
}
