// The server's own messages besides LSP, shared by server and client: each end makes its typed
// NotificationType or RequestType from the method and the shapes here (with its own protocol
// library), so both speak one shape.

/** The source of every diagnostic the server publishes, on docs.json and pages alike: the tool's name, as ESLint's are "eslint". */
export const diagnosticSource = 'docsjson';

/** Sent after each check of a site, for the client's status item. */
export const siteStatusMethod = 'docsjson/siteStatus';

export interface SiteStatus {
  /** URI of the site's docs.json. */
  docsJson: string;
  /** Folder of the docs.json. */
  root: string;
  /** Page entries in the navigation. */
  pages: number;
  /** The problems of docs.json, its "$ref" files and the config file, and of every page once `pagesChecked`. */
  errors: number;
  warnings: number;
  /** Information and hints. */
  notes: number;
  /** Whether the pages' problems in the counts are of the pages as they are now (they are checked in the background, after docs.json). */
  pagesChecked: boolean;
  /** How long the check took, in milliseconds. */
  checkMs: number;
}

/** Asks the server to look for docs.json files again and check every site from disk. */
export const checkWorkspaceMethod = 'docsjson/checkWorkspace';

export interface CheckWorkspaceResult {
  sites: number;
  errors: number;
  warnings: number;
  /** Information and hints. */
  notes: number;
}

/** The server's command that opens a file the client was just asked to create (the "create page" quick fix runs it after its edit). */
export const openPageCommand = 'docsjson.server.openCreatedPage';

/** The label of the edit that adds the redirects offered after a page moved: the client saves it, as it saves the move's own edit. */
export const redirectEditLabel = 'Add redirects';
