import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/api-client.ts';

/**
 * What went wrong, in the server's words when it answered (PRODUCT.md: errors are shown with the server's
 * reason), otherwise the screen's own fallback: a bug in the browser has nothing useful to tell the user.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * `topic` names what the notification is about ("the sync of space 3"): a later one on the same topic takes the
 * earlier one's place, so that "Sync started" and "Sync failed" never show together.
 */
export interface NotifyOptions {
  topic?: string;
}

function show(color: string, title: string, message: string, options: NotifyOptions): void {
  if (options.topic) notifications.hide(options.topic);
  notifications.show({
    color,
    title,
    message,
    // Its close button has no text of its own: a screen reader, and a translator it covers, need its name.
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
    ...(options.topic ? { id: options.topic } : {}),
  });
}

export function notifySuccess(title: string, message: string, options: NotifyOptions = {}): void {
  show('green', title, message, options);
}

export function notifyError(title: string, error: unknown, fallback: string, options: NotifyOptions = {}): void {
  notifyFailure(title, errorMessage(error, fallback), options);
}

export function notifyFailure(title: string, message: string, options: NotifyOptions = {}): void {
  show('red', title, message, options);
}
