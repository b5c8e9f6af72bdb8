// The "docsjson.*" settings: declared in package.json, read by the VS Code client, used by the
// server. Other editors pass the same shape (initializationOptions or workspace/configuration).
import { codes } from './engine/codes';
import type { Severity } from './engine/diagnostic';
import { isRecord } from './engine/model/cursor';

export const settingsSection = 'docsjson';

export type MissingPageSeverity = Severity | 'off';

export interface DocsJsonSettings {
  missingPages: {
    /** Severity of a page entry with no .mdx/.md file. */
    severity: MissingPageSeverity;
  };
  openapi: {
    /** Whether specs given by URL may be fetched to offer and describe their operations. */
    fetchRemote: boolean;
    /** Hosts whose private or loopback addresses may be fetched from (none by default). */
    allowedHosts: string[];
  };
}

export const defaultSettings: DocsJsonSettings = {
  missingPages: { severity: codes['ref/missing-page'].severity },
  openapi: { fetchRemote: false, allowedHosts: [] },
};

const severities: readonly MissingPageSeverity[] = ['error', 'warning', 'information', 'hint', 'off'];

/** Settings from an untyped source; anything missing or invalid takes its default. */
export function settingsFrom(raw: unknown): DocsJsonSettings {
  const value = isRecord(raw) ? raw : {};
  const missingPages = isRecord(value.missingPages) ? value.missingPages : {};
  const openapi = isRecord(value.openapi) ? value.openapi : {};
  return {
    missingPages: {
      severity: severities.find((severity) => severity === missingPages.severity) ?? defaultSettings.missingPages.severity,
    },
    openapi: {
      fetchRemote: typeof openapi.fetchRemote === 'boolean' ? openapi.fetchRemote : defaultSettings.openapi.fetchRemote,
      allowedHosts: Array.isArray(openapi.allowedHosts) ? openapi.allowedHosts.filter((host): host is string => typeof host === 'string' && host.trim() !== '') : [],
    },
  };
}
