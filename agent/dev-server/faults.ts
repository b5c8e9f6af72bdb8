/** Answers instead of the normal one, for any request. */
export const REQUEST_FAULTS = ['401', '403', '404', '410', '429', '500', 'drop'] as const;
/** Ways a created job behaves differently. */
export const JOB_FAULTS = [
  'cut',
  'trickle',
  'never-ends',
  'misconfigured',
  'error',
  'huge',
  'html',
  'data-stream',
  'plain-text',
  'unknown-events',
  'no-session-id',
  'archived',
  'command-link',
  'branch-option',
  'broken-link',
] as const;

export type RequestFault = (typeof REQUEST_FAULTS)[number];
export type JobFault = (typeof JOB_FAULTS)[number];
export type Fault = RequestFault | JobFault;

export function isFault(name: string): name is Fault {
  return (REQUEST_FAULTS as readonly string[]).includes(name) || (JOB_FAULTS as readonly string[]).includes(name);
}

export function isRequestFault(fault: Fault): fault is RequestFault {
  return (REQUEST_FAULTS as readonly string[]).includes(fault);
}

/** `[fault:cut]` or `[fault:cut,html]` anywhere in a message. */
const MAGIC_WORD = /\[fault:([a-z0-9_,\s-]+)\]/gi;

export function faultsInText(text: string): Fault[] {
  return [...text.matchAll(MAGIC_WORD)].flatMap((match) => faultsInList(match[1]));
}

/** A comma separated list, as in the `X-Dev-Fault` header. */
export function faultsInList(list: string): Fault[] {
  return list
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(isFault);
}

export interface InjectedFault {
  fault: RequestFault;
  /** Only requests with this method (default: any). */
  method?: string;
  /** Only requests whose path contains this (default: any). */
  pathIncludes?: string;
  /** How many matching requests get it (default 1). */
  times?: number;
  /** For 429: the Retry-After, in seconds. */
  retryAfter?: number;
}

/** Faults queued for the next matching requests (`POST /__dev/faults`, or `injectFault`). */
export class FaultQueue {
  private readonly queued: InjectedFault[] = [];

  add(fault: InjectedFault): void {
    this.queued.push({ ...fault, times: fault.times ?? 1 });
  }

  /** The fault for this request, if one is queued for it (used up by taking it). */
  take(method: string, path: string): InjectedFault | undefined {
    const index = this.queued.findIndex(
      (entry) => (!entry.method || entry.method.toUpperCase() === method) && (!entry.pathIncludes || path.includes(entry.pathIncludes)),
    );
    if (index === -1) return undefined;
    const entry = this.queued[index];
    entry.times = (entry.times ?? 1) - 1;
    if (entry.times <= 0) this.queued.splice(index, 1);
    return entry;
  }

  clear(): void {
    this.queued.length = 0;
  }
}
