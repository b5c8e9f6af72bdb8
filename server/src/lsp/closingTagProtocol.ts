// The closing-tag request, shared by server and client (as the HTML support of VS Code does it):
// after the client sees `>` typed in a page, it asks for the closing tag to insert at the cursor.

/** Params: a TextDocumentPositionParams just after the `>`. Result: the closing tag (`</Card>`), or null. */
export const closingTagMethod = 'docsjson/closingTag';
