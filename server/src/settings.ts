// The "docsjson.*" settings: declared in package.json, read by the VS Code client, used by the
// server. Other editors pass the same shape (initializationOptions or workspace/configuration).
// And the rest of what a client gives the server as it starts (`initializationOptions`).
import { isAbsolute } from 'node:path';
import { codes } from './engine/codes';
import type { Severity } from './engine/diagnostic';
import { isRecord } from './engine/model/cursor';
import { defaultParseTimeLimitMs } from './engine/pages/mdx/parseTimeLimit';

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
  pages: {
    /** How long the parse of one page may take, in seconds, before the page is reported as too slow to read. */
    parseTimeLimit: number;
  };
}

export const defaultSettings: DocsJsonSettings = {
  missingPages: { severity: codes['ref/missing-page'].severity },
  openapi: { fetchRemote: false, allowedHosts: [] },
  pages: { parseTimeLimit: defaultParseTimeLimitMs / 1000 },
};

const severities: readonly MissingPageSeverity[] = ['error', 'warning', 'information', 'hint', 'off'];

/** Settings from an untyped source; anything missing or invalid takes its default. */
export function settingsFrom(raw: unknown): DocsJsonSettings {
  const value = isRecord(raw) ? raw : {};
  const missingPages = isRecord(value.missingPages) ? value.missingPages : {};
  const openapi = isRecord(value.openapi) ? value.openapi : {};
  const pages = isRecord(value.pages) ? value.pages : {};
  return {
    missingPages: {
      severity: severities.find((severity) => severity === missingPages.severity) ?? defaultSettings.missingPages.severity,
    },
    openapi: {
      fetchRemote: typeof openapi.fetchRemote === 'boolean' ? openapi.fetchRemote : defaultSettings.openapi.fetchRemote,
      allowedHosts: Array.isArray(openapi.allowedHosts) ? openapi.allowedHosts.filter((host): host is string => typeof host === 'string' && host.trim() !== '') : [],
    },
    pages: {
      parseTimeLimit: typeof pages.parseTimeLimit === 'number' && pages.parseTimeLimit > 0 && Number.isFinite(pages.parseTimeLimit) ? pages.parseTimeLimit : defaultSettings.pages.parseTimeLimit,
    },
  };
}

/** What a client gives the server as it starts (LSP `initializationOptions`): the VS Code extension passes its settings and its storage folder. */
export interface InitializationOptions {
  /** The settings, for a client that is not asked for them (no workspace/configuration). */
  settings: DocsJsonSettings;
  /** A folder the server keeps its page cache in across its runs (the extension's storage); none, no cache. */
  storageFolder?: string;
}

/** The options from an untyped source; anything missing or invalid takes its default. */
export function initializationOptionsFrom(raw: unknown): InitializationOptions {
  const value = isRecord(raw) ? raw : {};
  const { storageFolder } = value;
  return { settings: settingsFrom(value.settings), ...(typeof storageFolder === 'string' && isAbsolute(storageFolder) ? { storageFolder } : {}) };
}
