import type { Readable } from 'node:stream';

/**
 * Reads at most `maxBytes` of a body as UTF-8. When the body is longer it is destroyed and
 * `complete` is false: the text is then only its start.
 */
export async function readBodyText(body: Readable, maxBytes: number): Promise<{ text: string; complete: boolean }> {
  const utf8 = new TextDecoder('utf-8');
  let text = '';
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    const room = maxBytes - bytes;
    if (chunk.byteLength > room) {
      text += utf8.decode(chunk.subarray(0, room));
      body.destroy();
      return { text, complete: false };
    }
    bytes += chunk.byteLength;
    text += utf8.decode(chunk, { stream: true });
  }
  return { text: text + utf8.decode(), complete: true };
}
