// The answer envelope (ARCHITECTURE.md "API shape") as zod schemas, for the response schema of
// every route and resource verb: the OpenAPI document describes the real envelope, and outside
// production every JSON answer is checked against it (serializer.ts).
import { z } from 'zod';

/** `{ resource_response: { status: 'success', code: 0, message: 'ok', data, bookmark? } }` */
export function successEnvelopeSchema<Data extends z.ZodType>(data: Data) {
  return z.object({
    resource_response: z.object({
      status: z.literal('success'),
      code: z.literal(0),
      message: z.literal('ok'),
      data,
      bookmark: z
        .string()
        .optional()
        .meta({ description: 'Cursor of the next page; absent at the end.' }),
    }),
  });
}

export const apiErrorBodySchema = z.object({
  api_error_code: z.number().int(),
  message: z.string(),
  message_detail: z.string().optional(),
  http_status: z.number().int(),
  data: z.record(z.string(), z.unknown()).optional(),
});

/** Every failure: the registry code in `code` and `error.api_error_code` (docs/api-errors.md). */
export const failureEnvelopeSchema = z
  .object({
    resource_response: z.object({
      status: z.literal('failure'),
      code: z.number().int(),
      message: z.string(),
      data: z.null(),
      error: apiErrorBodySchema,
    }),
  })
  .meta({ id: 'FailureEnvelope' });
