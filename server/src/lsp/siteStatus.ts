// A notification the server sends after each check of a site, for the client's status item.
// Both ends make their NotificationType<SiteStatus> from these two (each with its own
// protocol library), so the server sends and the client receives one shape.

export const siteStatusMethod = 'docsjson/siteStatus';

export interface SiteStatus {
  /** URI of the site's docs.json. */
  docsJson: string;
  /** Folder of the docs.json. */
  root: string;
  /** Page entries in the navigation. */
  pages: number;
  errors: number;
  warnings: number;
  /** How long the check took, in milliseconds. */
  checkMs: number;
}
