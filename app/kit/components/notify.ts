import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/api-client.ts';

/**
 * What went wrong, in the server's words when it answered (PRODUCT.md: errors are shown with the server's
 * reason), otherwise the screen's own fallback: a bug in the browser has nothing useful to tell the user.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

export function notifySuccess(title: string, message: string): void {
  notifications.show({ color: 'green', title, message });
}

export function notifyError(title: string, error: unknown, fallback: string): void {
  notifyFailure(title, errorMessage(error, fallback));
}

export function notifyFailure(title: string, message: string): void {
  notifications.show({ color: 'red', title, message });
}
