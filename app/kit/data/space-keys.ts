/** Query keys of one space's own resources, under one prefix so a sync or a token change can refresh them all. */
export const spaceKeys = {
  all: ['space'] as const,
  detail: (spaceId: number) => [...spaceKeys.all, spaceId] as const,
  syncStatus: (spaceId: number) => [...spaceKeys.detail(spaceId), 'sync_status'] as const,
  settings: (spaceId: number) => [...spaceKeys.detail(spaceId), 'settings'] as const,
  webhook: (spaceId: number) => [...spaceKeys.detail(spaceId), 'webhook'] as const,
  auditLog: (spaceId: number) => [...spaceKeys.detail(spaceId), 'audit_log'] as const,
  progress: (spaceId: number) => [...spaceKeys.detail(spaceId), 'progress'] as const,
  datasources: (spaceId: number) => [...spaceKeys.detail(spaceId), 'datasources'] as const,
  hooks: (spaceId: number) => [...spaceKeys.detail(spaceId), 'hooks'] as const,
  hookDeliveries: (spaceId: number, hookId: number) => [...spaceKeys.hooks(spaceId), hookId, 'deliveries'] as const,
};
