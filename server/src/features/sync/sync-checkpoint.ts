import { z } from 'zod';

/**
 * Where a sync run stands, saved after every page and every batch of stories so a run interrupted by a
 * restart resumes instead of starting over. Phase "tree" lists folders and stories page by page; phase
 * "content" reads the stories that changed.
 */
export const checkpointSchema = z.object({
  phase: z.enum(['tree', 'content']),
  /** When the listing began (this process's clock): the next sync lists only what was edited after it. */
  listingStartedAt: z.string().optional(),
  /** 'changes': only the stories edited since the last sync were listed, so none can be taken for vanished. */
  listing: z.enum(['full', 'changes']).optional(),
  lastPage: z.number().int().min(0),
  seen: z.array(z.number()),
  toRead: z.array(z.object({ nodeId: z.number(), storyblokId: z.number() })),
  changedStoryIds: z.array(z.number()),
  report: z.object({
    storiesRead: z.number(),
    keysAdded: z.number(),
    keysChanged: z.number(),
    keysRemoved: z.number(),
    translationsImported: z.number(),
    storiesRemoved: z.number(),
    /** Stories whose content could not be imported (each names why); absent in checkpoints saved before. */
    storiesFailed: z.number().optional(),
    skippedComponents: z.record(z.string(), z.number()),
    /** Datasources with dimensions read, and those whose entries could not be imported. */
    datasourcesRead: z.number().optional(),
    datasourcesFailed: z.number().optional(),
  }),
});

export type SyncCheckpoint = z.infer<typeof checkpointSchema>;

export function freshCheckpoint(): SyncCheckpoint {
  return {
    phase: 'tree',
    lastPage: 0,
    seen: [],
    toRead: [],
    changedStoryIds: [],
    report: {
      storiesRead: 0,
      keysAdded: 0,
      keysChanged: 0,
      keysRemoved: 0,
      translationsImported: 0,
      storiesRemoved: 0,
      storiesFailed: 0,
      skippedComponents: {},
    },
  };
}

export function readCheckpoint(value: unknown): SyncCheckpoint {
  const parsed = checkpointSchema.safeParse(value);
  return parsed.success ? parsed.data : freshCheckpoint();
}
