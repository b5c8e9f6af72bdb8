export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Operation {
  method: string; // upper case
  path: string;
  summary?: string;
  description?: string;
  operationId?: string;
  /** The first of its tags: generated pages are grouped by it. */
  tag?: string;
  /** The route its generated page is given by `x-mint.href`. */
  href?: string;
  webhook?: boolean;
  /** `x-excluded`: the platform makes no page of it. */
  excluded?: true;
}

/**
 * `text` is the text read; `reading` is absent where no text was read (a remote spec that could
 * not be fetched), and kept where the text was read in an earlier run (`check --cache`).
 */
export type LoadedSpec =
  | { ok: true; version: string; title?: string; operations: Operation[]; reading: SpecReading | KeptReading; text: string }
  | { ok: false; error: string; reading?: SpecReading | KeptReading; text?: string };

/** Specs fetched from the network, by URL, when the user allows it; the check itself never fetches. */
export interface RemoteSpecs {
  get(url: string): LoadedSpec | undefined;
}

/** Why the platform cannot read a spec's text, where. */
export interface SyntaxProblem {
  offset: number;
  /** The platform's words (js-yaml's, which it reads JSON and YAML specs with). */
  message: string;
  duplicateKey?: string;
}

/** The spec's text as the platform reads it: its value, or why it cannot read it. */
export type SpecReading = { document: unknown; syntax?: undefined } | { document?: undefined; syntax: SyntaxProblem };

/** What an earlier run's reading of the same text said (`keptSpecs.ts`), its value not kept: the findings on it were kept with it. */
export interface KeptReading {
  kept: true;
  /** Whether it read as an object with a top-level `openapi` key. */
  openapiKey: boolean;
  syntax?: SyntaxProblem;
  document?: undefined;
}
