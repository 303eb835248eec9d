import { TOOL_ACTION } from './tool-message.ts';

export interface HeightChangeMessage {
  action: typeof TOOL_ACTION;
  tool: string;
  event: 'heightChange';
  height: number;
}

/** Tells the Visual Editor how tall the panel's content is, in whole CSS pixels; null for a height that is none. */
export function heightChangeMessage(tool: string, height: number): HeightChangeMessage | null {
  if (!Number.isFinite(height) || height < 0) return null;
  return { action: TOOL_ACTION, tool, event: 'heightChange', height: Math.ceil(height) };
}
