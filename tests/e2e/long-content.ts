import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { ComponentRecord } from '#tests/fakes/storyblok/types.ts';
import type { E2ESpace, LocalServices } from './local-services.ts';

/** A word no line can break inside; screens must wrap or clip it, never widen because of it. */
export const LONG_WORD = 'Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft';
export const LONG_SPACE_NAME = 'Marketing Site of the International Northern European Partner Agencies Network';
export const LONG_STORY_NAME = 'Spring campaign landing page for the Northern European markets and partner agencies';

const markdownIntro = [
  `## ${LONG_WORD}`,
  '',
  `Our **spring campaign** brings the [${LONG_WORD}](https://example.com/${LONG_WORD}) to every market.`,
  '',
  '- One list item with a `code_span_that_is_rather_long_and_does_not_break_at_all`',
  '- Another list item',
].join('\n');

function richtext(text: string) {
  return { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
}

/**
 * Turns one copy of the basic space, in the local Storyblok, into the hardest content for a layout: a long
 * space name, a page with a markdown field, and the home story renamed at length with an unbroken word in
 * each of its text, richtext and markdown keys. Call it before the space is connected.
 */
export function makeContentLong(services: LocalServices, space: E2ESpace): number {
  const entry = services.storyblok.state.space(space.spaceId);
  entry.space.name = LONG_SPACE_NAME;
  // The copies of the basic space share their component records: this space gets its own.
  const components: ComponentRecord[] = entry.components.map((component) =>
    component.name === 'page'
      ? {
          ...component,
          schema: { ...component.schema, intro: { type: 'markdown', pos: 4, translatable: true } },
        }
      : component,
  );
  entry.components = components;
  entry.componentsByName = new Map(components.map((component) => [component.name, component]));

  const homeId = space.storyId(basicFixture.stories.home);
  const home = services.storyblok.getStory(space.spaceId, homeId) as { content: Record<string, unknown> };
  const content = structuredClone(home.content) as Record<string, unknown> & { body: Array<Record<string, unknown>> };
  content.title = `Welcome to the ${LONG_WORD}`;
  content.intro = markdownIntro;
  content.intro__i18n__de = markdownIntro;
  const teaser = content.body[0]!;
  teaser.headline = `${LONG_WORD} ${LONG_WORD}`;
  teaser.text = richtext(`Read about the ${LONG_WORD} and the rest of the campaign in our long-form article.`);
  services.storyblok.editStory(space.spaceId, homeId, { name: LONG_STORY_NAME, content });
  return homeId;
}
