// Input and answer schemas of the media module.
import { z } from 'zod';
import type {
  FoundImagesData,
  ImageIntakeJobData,
  MediaUploadData,
} from '@corkboard/shared/saving/api';
import { httpUrlSchema } from '@corkboard/shared/saving/schemas';
import { pinImagesSchema } from '../../core/api.schemas.ts';

export const findImagesOptionsSchema = z.object({
  url: httpUrlSchema,
  scrapeMetric: z.unknown().optional(),
});

export const mediaUploadDataSchema: z.ZodType<MediaUploadData> = z.object({
  media_upload_id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  dominant_color: z.string(),
  images: pinImagesSchema,
  expires_at: z.string(),
});

export const imageIntakeJobSchema: z.ZodType<ImageIntakeJobData> = z.object({
  id: z.string(),
  status: z.enum(['pending', 'processing', 'succeeded', 'failed']),
  image_url: z.string(),
  media_upload_id: z.string().nullable(),
  error: z.object({ api_error_code: z.number().int(), message: z.string() }).nullable(),
  created_at: z.string(),
});

export const foundImagesSchema: z.ZodType<FoundImagesData> = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  items: z.array(
    z.object({
      type: z.literal('image'),
      url: z.string(),
      width: z.number(),
      height: z.number(),
      source: z.enum(['og:image', 'twitter:image', 'link:image_src', 'img']),
      pinnable: z.literal(true),
    }),
  ),
});

/** The multipart upload: one file part (documentation; @fastify/multipart reads it). */
export const uploadBodySchema = z
  .object({ file: z.string().meta({ format: 'binary' }) })
  .meta({ description: 'multipart/form-data with one file part (at most 32 MiB)' });
