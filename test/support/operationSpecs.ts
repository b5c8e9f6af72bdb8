// Two small OpenAPI specs for pages whose frontmatter names an operation: one in YAML with
// `POST /chat-messages`, one in JSON with `GET /invoices`.

export const chatSpec = `openapi: 3.0.3
info: { title: Chat, version: '1' }
paths:
  /chat-messages:
    post: { summary: Send a message, responses: { '200': { description: OK } } }
`;

export const billingSpec = JSON.stringify({ openapi: '3.1.0', info: { title: 'Billing', version: '1' }, paths: { '/invoices': { get: { responses: { 200: { description: 'OK' } } } } } });
