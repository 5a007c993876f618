// The experience platform's calls (business.md §7; docs/decisions/081), signed in only:
//   GET    /resource/UserExperienceResource/get/?options={placement_ids, extra_context, targeting}
//   GET    /resource/UserExperiencePlatformResource/get/?options={extra_context, targeting,
//          multiExperiencePlatform, placement_ids?}
//   POST   /resource/UserExperienceResource/delete/ {options: {placed_experience_id}} → dismissed
//   POST   /resource/UserExperienceViewedResource/update/ {options: {placed_experience_id, …}}
//   POST   /resource/UserExperienceCompletedResource/update/ {options: {placed_experience_id,
//          without_homefeed?}}
//   PUT    /v3/experiences/{placement}:{experience}/trigger/ {extra_context?}
// Operators (access 'admin'):
//   GET    /v3/admin/experiences/            → AdminExperience[] (paged)
//   POST   /v3/admin/experiences/            → AdminExperience
//   PUT    /v3/admin/experiences/{id}/       → AdminExperience
//   POST   /v3/admin/experiences/{id}/end/   → AdminExperience (ends now, for everyone)
//   DELETE /v3/admin/experiences/{id}/       → { id } (the definition and every status)
import { z } from 'zod';
import { ALL_PLACEMENT_IDS, type Experience } from '@corkboard/shared/experiences/experiences';
import { experienceDefinitionSchema } from '@corkboard/shared/experiences/schemas';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import {
  adminExperienceSchema,
  completedOptionsSchema,
  experienceIdParamsSchema,
  placedOptionsSchema,
  platformAnswerSchema,
  stateAnswerSchema,
  triggerBodySchema,
  triggerParamsSchema,
  userExperienceGetSchema,
  userExperiencePlatformGetSchema,
  userExperiencesAnswerSchema,
  viewedOptionsSchema,
} from './experiences.schemas.ts';
import {
  changeExperience,
  createExperience,
  endExperience,
  experiencesForPlacements,
  listAdminExperiences,
  markEnded,
  markViewed,
  removeExperience,
  triggerExperience,
} from './experiences.service.ts';

export const experienceRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerResource(app, 'UserExperienceResource', {
    get: resourceVerb({
      access: 'viewer',
      summary: 'The experience each asked placement shows the viewer (null for none)',
      options: userExperienceGetSchema,
      response: userExperiencesAnswerSchema,
      handler: async ({ viewer, options }) => {
        const answer = await experiencesForPlacements(
          deps,
          viewer,
          options.placement_ids,
          options.targeting,
          options.extra_context,
        );
        const experiences: Record<string, Experience | null> = {};
        for (const [id, list] of answer.byPlacement) experiences[String(id)] = list[0] ?? null;
        return { data: { experiences, triggerable_placed_exps: answer.triggerable } };
      },
    }),
    delete: resourceVerb({
      access: 'viewer',
      summary: 'Dismisses an experience for the viewer (business.md §4.4)',
      options: placedOptionsSchema,
      response: stateAnswerSchema,
      handler: async ({ viewer, options }) => ({
        data: await markEnded(deps, viewer, options.placed_experience_id, 'dismissed'),
      }),
    }),
  });

  registerResource(app, 'UserExperiencePlatformResource', {
    get: resourceVerb({
      access: 'viewer',
      summary: "Every placement's experience for the viewer (all fitting ones when multi)",
      options: userExperiencePlatformGetSchema,
      response: platformAnswerSchema,
      handler: async ({ viewer, options }) => {
        const answer = await experiencesForPlacements(
          deps,
          viewer,
          options.placement_ids ?? ALL_PLACEMENT_IDS,
          options.targeting,
          options.extra_context,
        );
        const experiences: Record<string, Experience[]> = {};
        for (const [id, list] of answer.byPlacement) {
          experiences[String(id)] = options.multiExperiencePlatform ? list : list.slice(0, 1);
        }
        return { data: { experiences, triggerable_placed_exps: answer.triggerable } };
      },
    }),
  });

  registerResource(app, 'UserExperienceViewedResource', {
    update: resourceVerb({
      access: 'viewer',
      summary: 'Records that the viewer saw an experience',
      options: viewedOptionsSchema,
      response: stateAnswerSchema,
      handler: async ({ viewer, options }) => ({
        data: await markViewed(
          deps,
          viewer,
          options.placed_experience_id,
          options.targeting,
          options.extra_context,
        ),
      }),
    }),
  });

  registerResource(app, 'UserExperienceCompletedResource', {
    update: resourceVerb({
      access: 'viewer',
      summary: 'Records that the viewer completed an experience (optionally without homefeed)',
      options: completedOptionsSchema,
      response: stateAnswerSchema,
      handler: async ({ viewer, options }) => ({
        data: await markEnded(
          deps,
          viewer,
          options.placed_experience_id,
          options.without_homefeed ? 'completed_without_homefeed' : 'completed',
        ),
      }),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/experiences/:placed/trigger/',
    summary: 'Triggers a triggerable experience for the viewer',
    tags: ['experiences'],
    access: 'viewer',
    params: triggerParamsSchema,
    body: triggerBodySchema,
    response: stateAnswerSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await triggerExperience(deps, viewer, params.placed, body.extra_context),
    }),
  });

  const adminTags = ['admin', 'experiences'];
  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/experiences/',
    summary: 'Experience definitions with people per status (operators only)',
    tags: adminTags,
    access: 'admin',
    query: pageQuerySchema,
    response: z.array(adminExperienceSchema),
    handler: async ({ query }) => {
      const page = await listAdminExperiences(deps, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/admin/experiences/',
    summary: 'Defines an experience (operators only)',
    tags: adminTags,
    access: 'admin',
    body: experienceDefinitionSchema,
    response: adminExperienceSchema,
    handler: async ({ viewer, body }) => ({
      data: await createExperience(deps, viewer, body),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/admin/experiences/:id/',
    summary: 'Changes an experience definition (operators only)',
    tags: adminTags,
    access: 'admin',
    params: experienceIdParamsSchema,
    body: experienceDefinitionSchema,
    response: adminExperienceSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await changeExperience(deps, viewer, params.id, body),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/admin/experiences/:id/end/',
    summary: 'Ends an experience now, for everyone (operators only)',
    tags: adminTags,
    access: 'admin',
    params: experienceIdParamsSchema,
    response: adminExperienceSchema,
    handler: async ({ viewer, params }) => ({
      data: await endExperience(deps, viewer, params.id),
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/admin/experiences/:id/',
    summary: "Deletes an experience definition and every person's status for it (operators only)",
    tags: adminTags,
    access: 'admin',
    params: experienceIdParamsSchema,
    response: z.object({ id: z.string() }),
    handler: async ({ viewer, params }) => ({
      data: await removeExperience(deps, viewer, params.id),
    }),
  });
  done();
};
