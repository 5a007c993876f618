// Answers are serialised with plain JSON.stringify of what the handler sent (no field is ever
// dropped or rewritten on the way out). Outside production the answer is first checked against
// the route's response schema, so every API test and e2e journey proves the documented schemas
// describe the real answers; production skips the check (a drifted schema must not turn a good
// answer into a 500).
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

export function createSerializerCompiler(options: {
  check: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = schema instanceof z.ZodType ? schema : undefined;
    return (data) => {
      if (options.check && zodSchema) {
        const result = zodSchema.safeParse(data);
        if (!result.success)
          throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      return JSON.stringify(data);
    };
  };
}
