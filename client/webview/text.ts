// Text from the API made harmless to show (shared by the panel and the extension host).

const ANSI_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]/g;
/** C0/C1 controls other than tab and newlines, and bidirectional overrides, embeddings and isolates. */
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text without terminal escape sequences, control characters or bidi overrides. */
export function cleanText(text: string): string {
  return text.replace(ANSI_SEQUENCE, '').replace(INVISIBLE_CONTROLS, '');
}

/** True for an absolute http(s) URL: the only links the panel follows. */
export function isWebUrl(href: string): boolean {
  try {
    const url = new URL(href.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
