// Messages between the agent job panel (webview) and the extension host, and the job as the
// panel sees it. Types only: imported by both sides.
import type { AgentEvent } from '../../agent/src/stream/events';
import type { TrackerPhase } from '../../agent/src/trackedJob';

export type JobOutcome = 'running' | 'reconnecting' | 'checking' | 'completed' | 'misconfigured' | 'error' | 'interrupted' | 'ended' | 'stale' | 'failed' | 'forgotten' | 'stopped';

export interface TodoView {
  content: string;
  status?: string;
  priority?: string;
}

export interface MessageView {
  role: string;
  content: string;
}

/** Everything about a job except its transcript (sent on every change). */
export interface JobSummaryView {
  localId: string;
  sessionId?: string;
  /** The user's name for the job: the first line of their message, or what they renamed it to. */
  title: string;
  /** The platform's title, when it has one that differs from `title`. */
  platformTitle?: string;
  branch?: string;
  model?: string;
  asDraft?: boolean;
  messages: MessageView[];
  phase: TrackerPhase;
  active: boolean;
  outcome: JobOutcome;
  /** One or two words: "Running", "Completed", ... */
  statusText: string;
  /**
   * How far the live output goes, when it does not show the whole run: kept from before a reload
   * or a broken stream, or never there (the job was followed by polling only).
   */
  liveNote?: string;
  /** While the docs platform cannot be reached: that it is retried, and how many tries failed. */
  connection?: string;
  problem?: string;
  problemKind?: string;
  /** The button for the one action that helps with `problem`. */
  problemAction?: string;
  /** Follow-up messages (API v2): absent when the job cannot take them. */
  followUp?: { enabled: boolean; sent: { prompt: string; outcome: string }[] };
  haulted?: boolean;
  haultReason?: string;
  /** What `haultReason` means, in plain words (when the job reported one). */
  explanation?: string;
  messageToUser?: string;
  /** An http(s) URL, or absent. */
  pullRequestUrl?: string;
  todos: TodoView[];
  startedAt: string;
  createdAt?: string;
  changes?: JobChangesView;
}

/** The check of the problems a job's branch adds over the branch it started from. */
export interface JobChangesView {
  state: 'checking' | 'checked' | 'failed';
  /** "The agent's changes add 2 problems" */
  headline: string;
  detail?: string;
  problems: { where: string; severity: string; message: string; code: string }[];
  /** A follow-up asking the agent to fix them (offered to v2 jobs; sent only by the writer). */
  fixPrompt?: string;
}

export interface JobView extends JobSummaryView {
  transcript: AgentEvent[];
  /** How many of the oldest events are no longer kept. */
  dropped: number;
}

export interface ComposeDraft {
  branch: string;
  messages: MessageView[];
  model: string;
  asDraft: boolean;
}

export interface ComposeContext {
  defaults: ComposeDraft;
  /** False for API v2: one prompt, no branch, model, draft or roles. */
  createOptions: boolean;
  /** Where the job will go, for the user to see. */
  projectId?: string;
  apiUrl?: string;
  hasApiKey: boolean;
}

/** Extension host -> panel. */
export type HostMessage =
  | { type: 'compose'; context: ComposeContext; draft?: ComposeDraft }
  | { type: 'snapshot'; job: JobView }
  /** Batched progress: the latest summary (if it changed) and the new stream events, in order. */
  | { type: 'update'; job?: JobSummaryView; events: AgentEvent[]; notices: string[] }
  | { type: 'error'; message: string };

export type PanelAction = 'openPullRequest' | 'stop' | 'refresh' | 'newJob' | 'setApiKey' | 'openSettings' | 'rename' | 'checkOutBranch' | 'showChanges' | 'checkChanges' | 'problemAction';

/** Panel -> extension host. */
export type PanelMessage =
  | { type: 'ready' }
  | { type: 'create'; draft: ComposeDraft }
  | { type: 'followUp'; prompt: string }
  | { type: 'action'; action: PanelAction }
  /** A problem of the check of the job's changes, by its index: open it on the job's branch. */
  | { type: 'openChangesProblem'; index: number }
  | { type: 'openLink'; href: string };

/** What the panel keeps with `setState` (restored after a reload by the panel serializer). */
export interface PanelState {
  localId?: string;
  draft?: ComposeDraft;
}
