// The draft panel's narrow interfaces: the editor (the draft controller),
// its checks (the validation controller) and what the panel needs around them.
// The draft view, the analyses beside the editor and the Checks view take these.

import type { ValidationResult } from '../../../core/diagnostics.js';
import type { FilesPanel } from '../files/files-controller.js';
import type { DraftReview } from '../../api/review.js';
import type { ChatEntry, PartialDraftState } from '../controllers/chat-controller.js';
import type { BuilderContext } from '../controllers/context.js';
import type { ToolRunState } from '../controllers/draft-controller.js';
import type { Draft } from '../../types.js';

/** The draft in the editor (the draft controller gives it). */
export interface DraftEditor {
  readonly draft: Draft | null;
  readonly tab: string;
  /** '' | 'ok' | 'failed': the last copy. */
  readonly copied: string;
  readonly skillName: string;
  /** Edit mode: the saved skill the draft replaces, and its saved text. */
  readonly editing: string | null;
  readonly original: Draft | null;
  edit(d: Draft): void;
  startBlank(): void;
  selectTab(tab: string, focus?: boolean): void;
  jumpTo(tab: string, line: number): void;
  copy(): Promise<void>;
  download(): void;
  readonly toolRun: ToolRunState | null;
  setToolRun(s: ToolRunState): void;
  /** "As the agent sees it" is open. */
  readonly agentViewOpen: boolean;
  showAgentView(open: boolean): void;
  /** The analysis open beside the editor, and opening another. */
  readonly analysis: string;
  showAnalysis(id: string): void;
}

/** The draft's checks (the validation controller gives them). */
export interface DraftChecks {
  readonly result: ValidationResult | null;
  readonly checking: boolean;
  readonly error: string;
  readonly review: DraftReview | null;
  readonly riskOpen: boolean;
  toggleRisk(open: boolean): void;
}

/** What the draft panel needs: the editor, its checks, the turn in flight, and the actions around it. */
export interface DraftPanel {
  editor: DraftEditor;
  checks: DraftChecks;
  chat: {
    readonly busy: boolean;
    readonly entries: readonly ChatEntry[];
    readonly partial: PartialDraftState | null;
    showPartial(tab: string): void;
    send(text: string): void;
  };
  /** Re-renders when a view loaded on demand arrives. */
  host: { requestUpdate(): void };
  /** The element's `agent` (Check routing needs one). */
  agent: string | undefined;
  ctx: BuilderContext;
  /** The skill-folder UI's view of the builder (file tabs, import, export). */
  files: FilesPanel;
  openSave(): void;
  openRouting(): void;
}
