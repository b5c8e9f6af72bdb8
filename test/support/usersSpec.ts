/** A small OpenAPI 3.1 spec in YAML: one operation whose response refers to `ref`; `operation` is written at the start of the operation. */
export const usersSpec = (ref: string, { title = 'Acme', operation = '' }: { title?: string; operation?: string } = {}) => `openapi: 3.1.0
info:
  title: ${title}
  version: 1.0.0
paths:
  /users:
    get:
      ${operation}responses:
        "200":
          description: The users
          content:
            application/json:
              schema:
                $ref: "${ref}"
components:
  schemas:
    User:
      type: object
`;
