import type { StyleGuide } from '#contract/style-guide.ts';
import type { Database } from '../../db/prisma.ts';
import { recordAuditEvent } from '../../db/audit-events.ts';
import { AppError } from '../../errors.ts';

const NONE: StyleGuide = { formality: 'default', tone: '', avoid: [], instructions: '' };

const select = { formality: true, tone: true, avoid: true, instructions: true } as const;

async function localeOfSpace(prisma: Database, spaceId: number, spaceLocaleId: number) {
  const locale = await prisma.spaceLocale.findFirst({
    where: { id: spaceLocaleId, spaceId },
    select: { id: true, code: true },
  });
  if (!locale) throw new AppError('not_found', 'This language is not one of this space’s languages.');
  return locale;
}

/** A language's style guide; a language nobody wrote one for has the empty one. */
export async function getStyleGuide(prisma: Database, spaceId: number, spaceLocaleId: number): Promise<StyleGuide> {
  await localeOfSpace(prisma, spaceId, spaceLocaleId);
  return (await styleGuideFor(prisma, spaceLocaleId)) ?? NONE;
}

export async function updateStyleGuide(
  prisma: Database,
  spaceId: number,
  userId: string,
  spaceLocaleId: number,
  input: StyleGuide,
): Promise<StyleGuide> {
  const locale = await localeOfSpace(prisma, spaceId, spaceLocaleId);
  // The same word twice (in any case) is one word to avoid.
  const seen = new Set<string>();
  const avoid = input.avoid.filter((word) => !seen.has(word.toLowerCase()) && seen.add(word.toLowerCase()));
  const data = { ...input, avoid, updatedById: userId };
  // The change and its audit row commit together.
  return prisma.$transaction(async (tx) => {
    const saved = await tx.styleGuide.upsert({
      where: { spaceLocaleId },
      create: { spaceLocaleId, ...data },
      update: data,
      select,
    });
    await recordAuditEvent(tx, {
      spaceId,
      actorId: userId,
      action: 'settings.style_guide',
      data: { code: locale.code },
    });
    return saved;
  });
}

/** The style guide the AI and the checks follow in a language, or null when it asks for nothing. */
export async function styleGuideFor(prisma: Database, spaceLocaleId: number): Promise<StyleGuide | null> {
  const guide = await prisma.styleGuide.findUnique({ where: { spaceLocaleId }, select });
  if (!guide) return null;
  const empty = guide.formality === 'default' && !guide.tone && guide.avoid.length === 0 && !guide.instructions;
  return empty ? null : guide;
}
